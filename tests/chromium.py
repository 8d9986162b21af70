"""Driving the explorer in Debian's Chromium, for the browser tests (JupyterLab and Voilà).

What the two tests share: a kernel spec pointing at this interpreter in a private
``JUPYTER_PATH`` (the user's kernel specs are never used), the server's private folders,
starting and stopping a server, headless Chromium through chromedriver with a fresh profile and
no network services, bounded waits (a screenshot on a timeout), and Leaflet's own projection of
a point to the map's pixels.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
NEEDS_CHROMIUM = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER),
    reason="Debian's chromium and chromium-driver are not installed (scripts/install-system.sh)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment for a Jupyter server whose only ``python3`` kernel is this interpreter with
    the repository's ``lib`` first, and whose configuration, data and runtime folders are
    under ``home`` (nothing of the user's is read or written; the explorer's session file too,
    ``VIABILIDADE_ESTADO_EXPLORAR``, so no run restores another's)."""
    kernel = home / "path" / "kernels" / "python3"
    kernel.mkdir(parents=True, exist_ok=True)
    (kernel / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (viabilidade)", "language": "python",
        "env": {"PYTHONPATH": str(REPO / "lib")}}), encoding="utf-8")
    return {**os.environ, "JUPYTER_PATH": str(home / "path"), "JUPYTER_DATA_DIR": str(home / "data"),
            "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
            "VIABILIDADE_ESTADO_EXPLORAR": str(home / "explorar-estado.json"),
            "PYTHONPATH": str(REPO / "lib")}


def start_server(args: list[str], env: dict, cwd: Path, log: Path, ready_url: str,
                 timeout: float = 120) -> subprocess.Popen:
    """Start a server and wait until ``ready_url`` answers (any HTTP status but 5xx).

    Fails the test with the end of the log when the server exits or does not answer in
    ``timeout`` seconds (generous: the suite shares 2 cores with the other tests).
    """
    out = log.open("wb")
    proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    out.close()
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(ready_url, timeout=10):
                return proc
        except urllib.error.HTTPError as e:
            if e.code < 500:
                return proc
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop(proc)
            pytest.fail(f"{Path(args[0]).name} did not start:\n" + log.read_text(errors="replace")[-3000:])
        time.sleep(0.3)


@contextlib.contextmanager
def voila_app(home: Path):
    """Voilà serving notebooks/explorar.ipynb as ``make explorar`` serves it (``voila.json``,
    the page's template), its folders, working folder and log (``voila.log``) in ``home``;
    yields (the app's URL with its token, the configured session file
    ``VIABILIDADE_ESTADO_EXPLORAR``). Skips when Voilà or ipyleaflet is missing."""
    pytest.importorskip("voila")
    pytest.importorskip("ipyleaflet")
    command = Path(sys.executable).with_name("voila")
    if not command.exists():
        pytest.skip(f"no voila command next to {sys.executable}")
    port, token = free_port(), secrets.token_hex(16)
    env = jupyter_env(home)      # and the page's template, as make explorar
    env["JUPYTER_PATH"] += os.pathsep + str(REPO / "share" / "jupyter")
    proc = start_server(
        [str(command), f"--port={port}", f"--token={token}", f"--Voila.config_file_paths={REPO}",
         str(REPO / "notebooks" / "explorar.ipynb")],
        env=env, cwd=home, log=home / "voila.log",
        ready_url=f"http://127.0.0.1:{port}/voila/static/voila.js")
    try:
        yield f"http://127.0.0.1:{port}/?token={token}", Path(env["VIABILIDADE_ESTADO_EXPLORAR"])
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


def chromium(profile: Path, log: Path, size: str = "1400,1500"):
    """Headless Chromium through chromedriver, fresh profile, no background network."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                f"--window-size={size}", "--lang=pt-BR"):
        options.add_argument(arg)
    # The console's entries, for console_errors.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, log_output=str(log))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(120)
    return driver, service


def quit_chromium(driver, service) -> None:
    driver.quit()
    if service.process is not None:
        stop(service.process)


class Waiter:
    """Bounded waits on conditions, every one cut to what is left of the test's deadline.

    ``shots`` is where the screenshot of a timeout goes.
    """

    def __init__(self, driver, deadline_s: float, shots: Path, name: str):
        self.driver, self.end, self.shots, self.name = driver, time.monotonic() + deadline_s, shots, name

    def left(self) -> float:
        return self.end - time.monotonic()

    def __call__(self, what: str, condition, timeout: float):
        from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        timeout = max(1.0, min(timeout, self.left()))
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.25,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda d: condition(d))
        except TimeoutException:
            shot = self.shots / f"{self.name}-falha.png"
            self.driver.save_screenshot(str(shot))
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what} (screenshot {shot})")


#: Keeps a reference to the page's Leaflet map (``window.__viabilidadeMap``): Leaflet keeps no
#: registry of its maps, so the map's own ``getSize`` and ``fire`` note the map they run for,
#: and a window resize (Leaflet re-measures its maps on it) makes them run, wherever the map is
#: scrolled. Returns whether the map is caught (wait on it: the re-measure comes at the next frame).
CATCH_MAP = """
if (!window.L || !window.L.Map) return false;
const proto = window.L.Map.prototype;
if (!proto.__caught) {
  for (const name of ['getSize', 'fire']) {
    const original = proto[name];
    proto[name] = function () { window.__viabilidadeMap = this; return original.apply(this, arguments); };
  }
  proto.__caught = true;
}
if (!window.__viabilidadeMap) window.dispatchEvent(new Event('resize'));
return !!window.__viabilidadeMap;
"""


def fold_legend(driver, container, wait) -> None:
    """Fold the map's legend if it is open (its toggle button is pressed: ``mod-active``), as
    a user would to click under it; ``wait`` is the test's :class:`Waiter`."""
    from selenium.webdriver.common.by import By

    def toggle(d):
        return container.find_element(By.XPATH, ".//button[normalize-space()='Legenda']")
    if "mod-active" in toggle(driver).get_attribute("class").split():
        toggle(driver).click()
    wait("the legend folded", lambda d: "mod-active" not in toggle(d).get_attribute("class").split(), 15)


def hover(driver, container, xy: tuple[int, int], name: str, wait) -> None:
    """Put the pointer on the map at ``xy`` (:func:`map_offset`) and wait until the map's name
    box (top right) reads ``name``. Each try comes from 12 px below, so the feature under the
    pointer gets a fresh mouse-over: the name box may have been emptied after the first one
    (a zoom, the first move over the map) or hold a name the map slid under the pointer."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    def named(d):
        ActionChains(d).move_to_element_with_offset(container, xy[0], xy[1] + 12) \
            .move_to_element_with_offset(container, *xy).perform()
        return name in d.find_element(By.CSS_SELECTOR, ".leaflet-top.leaflet-right").text
    wait(f"the name {name!r} on hover", named, 30)


def map_offset(driver, lat: float, lon: float) -> tuple[int, int] | None:
    """Where ``(lat, lon)`` is on the map now, as an offset from the centre of the map's
    container (selenium's ``move_to_element_with_offset``), by Leaflet's own projection; ``None``
    until the map was caught (:data:`CATCH_MAP`)."""
    xy = driver.execute_script(
        "const m = window.__viabilidadeMap; if (!m) return null;"
        "const p = m.latLngToContainerPoint([arguments[0], arguments[1]]), s = m.getSize();"
        "return [p.x - s.x / 2, p.y - s.y / 2];", lat, lon)
    return None if xy is None else (round(xy[0]), round(xy[1]))


def map_settled(driver) -> bool:
    """The caught map is not panning or zooming (its view is where the next click lands)."""
    return driver.execute_script(
        "const m = window.__viabilidadeMap;"
        "return !!m && !m._animatingZoom && !(m._panAnim && m._panAnim._inProgress);")


#: ipywidgets' FileUpload keeps its ``<input type=file>`` out of the page and clicks it to open
#: the system's file dialog, which a headless browser cannot use. This makes that click put the
#: input in the page instead (hidden) and keep it as ``window.__fileInput``, for selenium's
#: ``send_keys(path)``, which fires the input's ``change`` as a user's choice would.
CATCH_FILE_INPUT = """
if (!HTMLInputElement.prototype.__caught) {
  const click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type !== 'file') return click.apply(this, arguments);
    if (!this.isConnected) document.body.appendChild(this);
    window.__fileInput = this;
  };
  HTMLInputElement.prototype.__caught = true;
}
window.__fileInput = null;
return true;
"""


def upload_file(driver, button, path: Path) -> None:
    """Send ``path`` through the FileUpload widget whose button is ``button`` (a selenium
    element), as a user choosing the file in the dialog would (:data:`CATCH_FILE_INPUT`)."""
    driver.execute_script(CATCH_FILE_INPUT)
    driver.execute_script("arguments[0].click();", button)
    field = driver.execute_script("return window.__fileInput;")
    if field is None:
        pytest.fail("the upload button opened no file input")
    field.send_keys(str(path))


#: SEVERE entries of the browser's console that come from a third-party bundle and do no harm,
#: by exact text (the server's origin taken out), each with the reason. Everything else is a
#: defect of the page (issue 31: "console errors").
CONSOLE_ALLOWED: dict[str, str] = {}


def console_errors(driver) -> list[str]:
    """The SEVERE entries of the browser's console since the last call (Chromium's log is
    drained by reading it), the server's origin taken out, less :data:`CONSOLE_ALLOWED`."""
    out = []
    for entry in driver.get_log("browser"):
        if entry["level"] != "SEVERE":
            continue
        text = re.sub(r"https?://127\.0\.0\.1:\d+", "", entry["message"])
        if text not in CONSOLE_ALLOWED:
            out.append(text)
    return out
