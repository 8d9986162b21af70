"""Open the explorer (``make explorar``: Voilà with the repository's ``voila.json``) in headless
Chromium, reload it N times, and print the time to a usable map and the kernels left.

Usage::

    .venv/bin/python benchmarks/explorer_reload.py [--reloads 10] [--pause 0] [--size 1920,1080]

The first page is opened once the server's pre-heated kernel is ready (``voila.json``: a
pool of two), as a user who comes after ``make explorar`` started would find it; ``--pause``
is the time spent on each page before reloading it (a reload sooner than the pool refills, about
15 s of kernel work on 2 cores, waits for the refilling kernel).

For each load, the seconds from ``driver.get`` to a *usable map*: the app's verdict heading is
on the page and the map has drawn its vector layers (Leaflet's overlay pane holds paths), the
spinner gone. After the last load; after a second tab was opened on the app, used until its
map was usable and closed (``driver.close()``: the browser closes the tab itself, with no
``beforeunload``) and the server had ``--settle`` seconds; and again after the first page is
closed (``about:blank``) and the server had ``--settle`` seconds: the kernels alive under the Voilà server (its child
``ipykernel`` processes) and their resident memory (MB), and how many of them have a page
connected (the server's ``/api/kernels/<id>``): after the reloads one, the page's own; the others
are the pool's pre-heated spares (``voila.json``), never a kernel a reloaded page left. The server runs as ``make explorar``
runs it (same config, template and kernel spec folder), on a free port, with the explorer's
session file in a temporary folder (the user's session is never read or written). Measured
wall-clock times on this machine; nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import psutil

REPO = Path(__file__).resolve().parents[1]

#: True once the verdict heading is on the page and the map drew its layers (the spinner gone).
USABLE = """
const loading = document.getElementById('loading');
if (loading && loading.style.display !== 'none' && loading.offsetParent !== null) return false;
const h = [...document.querySelectorAll('h3')]
  .some(e => /: (viável|inviável|indeterminad)/.test(e.textContent));
const paths = document.querySelectorAll('.leaflet-container path').length;
return h && paths > 0;
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _kernels(server: psutil.Process) -> list[psutil.Process]:
    return [p for p in server.children(recursive=True)
            if any("ipykernel" in part for part in p.cmdline())]


def _pool_size() -> int:
    """The pre-heated kernels ``voila.json`` asks for (``default_pool_size``)."""
    config = json.loads((REPO / "voila.json").read_text(encoding="utf-8"))
    return int(config["VoilaConfiguration"].get("default_pool_size", 1))


def _connected(url: str, kernels: list[psutil.Process]) -> tuple[int, int]:
    """(kernels with a page connected, kernels with none): each kernel's ``connections`` from
    the server's ``/api/kernels/<id>`` (Voilà refuses the list itself, 403), the id read from
    the kernel's connection file (``kernel-<id>.json`` on its command line): a page's kernel
    against the pool's spares and any kernel a closed page left behind."""
    parts = urlsplit(url)
    token = parse_qs(parts.query)["token"][0]
    with_page = 0
    for k in kernels:
        ids = [re.search(r"kernel-([0-9a-f-]+)\.json", a) for a in k.cmdline()]
        kernel_id = next((m.group(1) for m in ids if m), None)
        if kernel_id is None:
            continue
        with urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/api/kernels/{kernel_id}"
                                    f"?token={token}", timeout=30) as r:
            with_page += json.loads(r.read()).get("connections", 0) > 0
    return with_page, len(kernels) - with_page


def _report(label: str, server: psutil.Process, url: str) -> None:
    kernels = _kernels(server)
    mb = sum(k.memory_info().rss for k in kernels) / 2**20
    with_page, without = _connected(url, kernels)
    print(f"{label}: {len(kernels)} kernel(s), {mb:.0f} MB resident; {with_page} with a page "
          f"connected, {without} without (voila.json pre-heats {_pool_size()})")


def _load() -> str:
    """The machine's load average (1, 5, 15 min) and cores: the times above are wall-clock."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def _cpu(kernels: list[psutil.Process]) -> float:
    total = 0.0
    for k in kernels:
        try:
            t = k.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def _wait_quiet(server: psutil.Process, proc: subprocess.Popen, home: Path, timeout: float = 300) -> None:
    """Wait until the pre-heated kernel ran the notebook: Voilà logs the pool "filled" as soon
    as its kernel started, so the sign used is the kernels' CPU time: more than 3 s spent,
    and less than 0.1 s more over the last 2 s (the kernel waits for a page)."""
    start, last = time.monotonic(), None
    while time.monotonic() - start < timeout:
        if proc.poll() is not None:
            raise SystemExit("Voilà stopped:\n" + (home / "voila.log").read_text(errors="replace")[-2000:])
        now = _cpu(_kernels(server))
        if last is not None and now > 3.0 and now - last < 0.1:
            return
        last = now
        time.sleep(2.0)
    raise SystemExit(f"the pre-heated kernel was still busy after {timeout:.0f} s")


def _start(home: Path) -> tuple[subprocess.Popen, str]:
    port, token = _free_port(), secrets.token_hex(16)
    venv_share = Path(sys.executable).resolve().parents[1] / "share" / "jupyter"
    env = {**os.environ, "PYTHONPATH": str(REPO / "lib"),
           "JUPYTER_PATH": os.pathsep.join([str(REPO / "share" / "jupyter"), str(venv_share)]),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_DATA_DIR": str(home / "data"),
           "VIABILIDADE_ESTADO_EXPLORAR": str(home / "explorar-estado.json")}
    voila = Path(sys.executable).with_name("voila")
    proc = subprocess.Popen(
        [str(voila), f"--port={port}", f"--token={token}", f"--Voila.config_file_paths={REPO}",
         str(REPO / "notebooks" / "explorar.ipynb")],
        cwd=REPO, env=env, stdout=(home / "voila.log").open("wb"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=5)
            break
        except urllib.error.HTTPError:
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    return proc, f"http://127.0.0.1:{port}/?token={token}"


def _chromium(profile: Path, size: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                f"--window-size={size}", "--lang=pt-BR"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")),
                              options=options)
    driver.set_page_load_timeout(180)
    return driver


def _usable(driver, timeout: float = 180) -> float:
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if driver.execute_script(USABLE):
            return time.perf_counter() - t0
        time.sleep(0.1)
    raise TimeoutError(f"no usable map after {timeout:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--size", default="1920,1080")
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds spent on the page before the next reload (a user working)")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds given to the server after the page is closed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="explorer-reload-") as tmp:
        home = Path(tmp)
        proc, url = _start(home)
        server = psutil.Process(proc.pid)
        driver = _chromium(home / "profile", args.size)
        try:
            t0 = time.perf_counter()   # the pre-heated kernel is ready before the first user comes
            _wait_quiet(server, proc, home)
            print(f"server started; pre-heated kernel ready {time.perf_counter() - t0:.1f} s later; "
                  f"{_load()}")
            times = []
            for i in range(args.reloads + 1):
                t0 = time.perf_counter()
                if i == 0:
                    driver.get(url)
                else:
                    driver.refresh()
                _usable(driver)
                times.append(time.perf_counter() - t0)
                print(f"{'open' if i == 0 else f'reload {i}'}: usable map in {times[-1]:.1f} s")
                time.sleep(args.pause)
            print(f"first open {times[0]:.1f} s; reloads median {statistics.median(times[1:]):.1f} s, "
                  f"max {max(times[1:]):.1f} s" if len(times) > 1 else "")
            _report(f"after {args.reloads} reloads", server, url)
            first = driver.current_window_handle
            driver.switch_to.new_window("tab")
            t0 = time.perf_counter()
            driver.get(url)
            _usable(driver)
            print(f"second tab: usable map in {time.perf_counter() - t0:.1f} s")
            _report("second tab open", server, url)
            driver.close()
            driver.switch_to.window(first)
            time.sleep(args.settle)
            _report(f"second tab closed, {args.settle:.0f} s later", server, url)
            driver.get("about:blank")
            time.sleep(args.settle)
            _report(f"page closed, {args.settle:.0f} s later", server, url)
            print(f"at the end: {_load()}")
        finally:
            driver.quit()
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    main()
