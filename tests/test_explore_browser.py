"""The explorer in a real browser: JupyterLab on 127.0.0.1 driven through Debian's Chromium
(``make lab``; the web app ``make explorar`` is tested in test_explore_voila.py).

One test, as a new researcher would use it: open ``explorar``, run it, check the drawing tools
(in Portuguese, and measuring the polygon while it is drawn) and the Limiares boxes, click the area's own district (removing the only unit is refused) and
a district of a municipality that does not border the origin (refused), switch the map to
"escolhe a unidade" and click another district (it becomes the unit), pick a third unit in the
list, find a municipality with the search box, save the scenario and run ``viabilidade estudo`` on the saved file. Screenshots go to
``$VIABILIDADE_SCREENSHOTS`` (default: the test's temporary folder).

Nothing here depends on the machine: JupyterLab gets its own configuration, data and runtime
folders and a kernel spec pointing at this interpreter (``JUPYTER_PATH`` in a temporary folder,
so the user's kernel specs are never used); Chromium gets a fresh profile and no network
services. Every wait is explicit and bounded; the whole test is bounded by ``DEADLINE_S``.
"""

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chromium import (CATCH_MAP, NEEDS_CHROMIUM, REPO, Waiter, chromium, fold_legend, free_port,
                      hover, jupyter_env, map_offset, quit_chromium, start_server, stop)

NOTEBOOKS = REPO / "notebooks"
PROCESSED = REPO / "data" / "processed"
#: Whole test, JupyterLab start included (every wait is cut to what is left of it).
DEADLINE_S = 300
NATINOPOLIS = "520860810"       # district of Goianésia; its dot is 8 px from the next at zoom 6,5
PIRES_BELO = "520510908"        # district of Catalão, 1.810 inhabitants; 19 px from the next dot

pytestmark = [
    pytest.mark.browser, pytest.mark.slow, NEEDS_CHROMIUM,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build)"),
]


@pytest.fixture
def lab(tmp_path):
    """JupyterLab serving a copy of the notebooks folder; yields (url, token, folder)."""
    pytest.importorskip("jupyterlab")
    pytest.importorskip("ipyleaflet")
    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.exists():
        pytest.skip(f"no jupyter command next to {sys.executable}")
    home = tmp_path / "jupyter"
    env = jupyter_env(home)
    news = home / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}', encoding="utf-8")
    env.update(JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(NOTEBOOKS / "explorar.ipynb", folder / "explorar.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    proc = start_server(
        [str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={folder}", "--LabApp.expose_app_in_browser=True",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        env=env, cwd=folder, log=tmp_path / "lab.log",
        ready_url=f"http://127.0.0.1:{port}/api/status?token={token}")
    try:
        yield f"http://127.0.0.1:{port}", token, folder
    finally:
        stop(proc)


@pytest.fixture
def browser(tmp_path):
    driver, service = chromium(tmp_path / "chromium", tmp_path / "chromedriver.log")
    try:
        yield driver
    finally:
        quit_chromium(driver, service)


def _verdict(driver) -> str:
    """Text of the explorer's verdict heading and the lines after it (conclusion, area), joined
    by ' | ' ('' while none)."""
    return driver.execute_script(
        "const h = [...document.querySelectorAll('.jp-OutputArea-output h3')]"
        ".find(e => /: (viável|inviável|indeterminad|Sem resultado)|Sem resultado/.test(e.textContent));"
        "if (!h) return '';"
        "const after = [...h.parentElement.children].filter(e => e !== h && e.tagName === 'P');"
        "return [h.textContent, ...after.map(e => e.textContent)].join(' | ');")


def _idle(driver) -> bool:
    """The explorer is not computing ("calculando…" gone) and the kernel is idle."""
    return driver.execute_script(
        "const w = window.jupyterapp.shell.currentWidget;"
        "return !document.body.innerText.includes('calculando…')"
        " && w.sessionContext.session.kernel.status === 'idle';")


def test_explorer_in_chromium_click_map_pick_list_save_and_study(lab, browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from viabilidade.data.store import load_store
    from viabilidade.explore.tools.measure import IDLE, measure, measure_text
    from viabilidade.geo.districts import seats_of_districts

    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    url, token, folder = lab
    store = load_store(PROCESSED)
    _wait = Waiter(browser, DEADLINE_S, shots, "explorar")

    def click_district(code, name):
        """Hover the district's dot (its name shows in the map's corner), then click it.

        The dot is the seat point where Leaflet puts it on the map now (:func:`map_offset`).
        """
        point = seats_of_districts(store, (code,)).iloc[0]
        hover(browser, container, map_offset(browser, float(point["lat"]), float(point["lon"])), name, _wait)
        ActionChains(browser).click().perform()

    browser.get(f"{url}/lab/tree/explorar.ipynb?token={token}")
    _wait("JupyterLab with the notebook open and its kernel idle", lambda d: d.execute_script(
        "const a = window.jupyterapp; if (!a) return false;"
        "const w = a.shell.currentWidget; return !!(w && w.sessionContext && w.sessionContext.session"
        " && w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle');"), 60)
    browser.execute_script("window.jupyterapp.commands.execute('notebook:run-all-cells');")
    _wait("the verdict of Posse d'Abadia", lambda d: "Posse d'Abadia: indeterminado" in _verdict(d), 60)
    container = _wait("the map", lambda d: d.find_elements(By.CSS_SELECTOR, ".leaflet-container")
                      and d.find_elements(By.CSS_SELECTOR, ".leaflet-municipios-pane path.leaflet-interactive"),
                      30) and browser.find_element(By.CSS_SELECTOR, ".leaflet-container")
    _wait("the end of the computation", _idle, 45)      # the last cells ran: the view stays put
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", container)
    _wait("the page's Leaflet map", lambda d: d.execute_script(CATCH_MAP), 30)
    # The legend folded, as a user would to see the south-east of the state under it.
    fold_legend(browser, container, _wait)
    time.sleep(0.5)
    browser.save_screenshot(str(shots / "explorar-antes.png"))
    before = _verdict(browser)

    # The drawing and zoom tools speak Portuguese (Leaflet.draw's L.drawLocal, set by
    # leaflet_map.portuguese_tools; the zoom titles by the map): titles, the bar, the tooltip.
    titles = lambda d: d.execute_script(  # noqa: E731
        "return ['a.leaflet-draw-draw-polygon', 'a.leaflet-draw-edit-edit', "
        "'a.leaflet-draw-edit-remove', 'a.leaflet-control-zoom-in', 'a.leaflet-control-zoom-out']"
        ".map(s => document.querySelector(s).title);")
    _wait("the tools' titles in Portuguese", lambda d: titles(d) == [
        "Desenhar um polígono", "Nada para editar", "Nada para apagar", "Aproximar", "Afastar"], 15)
    browser.find_element(By.CSS_SELECTOR, "a.leaflet-draw-draw-polygon").click()
    ActionChains(browser).move_to_element_with_offset(container, 40, 40).perform()
    bar = _wait("the drawing bar", lambda d: [e.text for e in d.find_elements(
        By.CSS_SELECTOR, ".leaflet-draw-actions a") if e.is_displayed()], 10)
    assert bar == ["Terminar", "Apagar ponto", "Cancelar"]
    assert "Clique para começar a desenhar o polígono." in browser.find_element(
        By.CSS_SELECTOR, ".leaflet-draw-tooltip").text
    # Three vertices: the readout under the map measures them (GRS80, in the kernel) before
    # the polygon is closed (issue 31), as in the app (test_explore_tools_browser.py).
    for x, y in [(-100, 40), (80, 30), (0, 170)]:
        ActionChains(browser).move_to_element_with_offset(container, x, y).click().perform()
    _wait("the live area", lambda d: "Perímetro (fechando no 1º vértice)" in d.find_element(By.TAG_NAME, "body").text, 30)
    sent = json.loads(browser.execute_script("return document.querySelector('.viab-vertices input').value"))
    assert len(sent) == 3
    expected = measure_text(measure(sent), drawing=True)
    _wait("the readout of the three vertices", lambda d: expected in d.find_element(By.TAG_NAME, "body").text, 30)
    browser.save_screenshot(str(shots / "explorar-desenho.png"))
    browser.find_element(By.XPATH, "//ul[contains(@class,'leaflet-draw-actions')]//a[text()='Cancelar']").click()
    _wait("the idle readout", lambda d: IDLE in d.find_element(By.TAG_NAME, "body").text, 30)
    assert _verdict(browser) == before

    # The Limiares boxes are wide enough to read their values.
    browser.find_element(By.XPATH, "//*[contains(@class,'lm-TabBar-tabLabel') and text()='Limiares']").click()
    box = _wait("the population threshold box", lambda d: [e for e in d.find_elements(
        By.XPATH, "//label[starts-with(normalize-space(), 'Art. 4º, IV')]/following-sibling::input")
        if e.is_displayed()], 10)[0]
    assert box.size["width"] >= 120 and box.get_attribute("value") == "3.000"
    browser.save_screenshot(str(shots / "explorar-limiares.png"))
    browser.find_element(By.XPATH, "//*[contains(@class,'lm-TabBar-tabLabel') and text()='Área']").click()

    # The area's own district, inside its origin and under the proposed-seat ring: hover names
    # the district (not "Abadiânia (origem)") and a click reaches it (removing the only unit
    # is refused, the result stays).
    click_district("520010010", "Posse d'Abadia (distrito de Abadiânia)")
    _wait("the refusal to remove the only unit", lambda d: "Clique no mapa recusado — "
          "retirar Posse d'Abadia (distrito de Abadiânia) da área: a área ficaria vazia"
          in d.find_element(By.TAG_NAME, "body").text, 30)
    assert _verdict(browser) == before
    _wait("the end of the computation", _idle, 45)

    # Click Natinópolis's point on the map: in the default mode it would join the area, which
    # would then lie in two municipalities that do not border each other: the click is refused
    # (art. 3; art. 4, III), the area and the last result stay.
    click_district(NATINOPOLIS, "Natinópolis (distrito de Goianésia)")
    _wait("the refusal of the map click", lambda d: "Clique no mapa recusado — somar "
          "Natinópolis (distrito de Goianésia) à área" in d.find_element(By.TAG_NAME, "body").text, 45)
    assert _verdict(browser) == before
    _wait("the end of the computation", _idle, 45)
    time.sleep(0.5)
    browser.save_screenshot(str(shots / "explorar-depois-do-clique.png"))

    # "escolhe a unidade", then a click on Pires Belo: it becomes the unit (and fails art. 4 IV).
    browser.find_element(By.XPATH, "//button[normalize-space()='escolhe a unidade']").click()
    click_district(PIRES_BELO, "Pires Belo (distrito de Catalão)")
    _wait("Pires Belo's verdict after the map click", lambda d: "Pires Belo: inviável" in _verdict(d), 45)
    assert "Área: Pires Belo (distrito de Catalão) · origem: Catalão" in _verdict(browser)
    _wait("the end of the computation", _idle, 45)

    # Pick a unit in the list: Interlândia (district of Anápolis, 2.442 inhabitants) fails art. 4 IV.
    unit = browser.find_element(By.XPATH, "//label[normalize-space()='Unidade']/following-sibling::select")
    Select(unit).select_by_visible_text("Interlândia — distrito de Anápolis")
    _wait("Interlândia's verdict", lambda d: "Interlândia: inviável" in _verdict(d), 45)
    assert "origem: Anápolis" in _verdict(browser)
    _wait("the end of the computation", _idle, 45)
    # The search box (a GIS tool under the map): accents left out, the municipality found and
    # outlined in green on the map, which moves to it; nothing is picked.
    picked = _verdict(browser)
    box = browser.find_element(By.CSS_SELECTOR, "input[placeholder='nome (sem acento serve) ou código IBGE']")
    box.send_keys("agua fria de goias")
    _wait("Água Fria de Goiás found", lambda d: "No mapa: Água Fria de Goiás — município (5200175)"
          in d.find_element(By.TAG_NAME, "body").text, 30)
    _wait("the map on it", lambda d: d.execute_script("return window.__viabilidadeMap.getZoom()") >= 8, 30)
    assert browser.find_elements(By.CSS_SELECTOR, ".leaflet-cenario-pane path[stroke='#2e7d32']")
    assert _verdict(browser) == picked
    _wait("the end of the computation", _idle, 45)
    tabs = browser.find_elements(By.XPATH, "//*[contains(@class,'lm-TabBar-tabLabel') and text()='Regras']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", tabs[0])
    time.sleep(0.5)
    browser.save_screenshot(str(shots / "explorar-resultados.png"))

    # Save where the test says, and run the study on the file the explorer reports.
    browser.find_element(By.XPATH, "//*[contains(@class,'lm-TabBar-tabLabel') and text()='Salvar']").click()
    field = _wait("the save path box", lambda d: [e for e in d.find_elements(
        By.XPATH, "//label[normalize-space()='Salvar em']/following-sibling::input") if e.is_displayed()], 15)[0]
    target = tmp_path / "salvos" / "interlandia.toml"
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(str(target), Keys.TAB)
    browser.find_element(By.XPATH, "//button[normalize-space()='Salvar candidato (.toml)']").click()
    saved = _wait("the saved message", lambda d: [e.text for e in d.find_elements(
        By.XPATH, "//*[contains(text(), 'Salvo em')]/..") if "viabilidade estudo" in e.text], 30)[0]
    browser.save_screenshot(str(shots / "explorar-salvo.png"))
    command = re.search(r"viabilidade estudo (\S+)", saved)
    assert command and Path(command.group(1)) == target and target.is_file()

    remaining = _wait.left()
    proc = subprocess.run([sys.executable, "-m", "viabilidade.cli", "estudo", str(target),
                           "--out", str(tmp_path / "saida")], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO / "lib")}, timeout=max(remaining, 30))
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads((tmp_path / "saida" / "interlandia" / "resultados.json").read_text(encoding="utf-8"))
    assert result["verdict"] == "inviável"
