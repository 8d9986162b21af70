"""The explorer as a web app: Voilà on 127.0.0.1 (as ``make explorar`` serves it), driven
through Debian's Chromium as a researcher who never opens JupyterLab would use it.

One Voilà server for the run (the ``voila`` fixture of tests/conftest.py, shared with the map,
page and tools browser modules), with the repository's ``voila.json`` (no code cells, the API
demonstration cells left out, the page's template ``share/jupyter/voila/templates/explorar``) and
a kernel spec pointing at this interpreter (the user's kernel specs are never used); each
page keeps its own session file (its key in the URL: ``explore.persist.page_state_file``). The test opens the app (Posse d'Abadia) and: points
«Salvar em» at its own folder, uploads a KML fixture as the area's limits and keeps that as
scenario "Posse (KML)"; picks Pires Belo (district of Catalão) in the list, clicks Santo Antônio
do Rio Verde (another district of Catalão) on the map and sees it added, clicks Pires Belo (the
district of the proposed seat) and sees it removed, the seat moving to Santo Antônio; clicks the
neighbour municipality Ipameri and sees the refusal, the area unchanged; draws a triangle and
sees it in use as soon as it is closed; keeps that as a second scenario and sees both side by
side; saves, and runs ``viabilidade estudo`` on the saved file with this interpreter: same
conclusion, word for word.

Screenshots go to ``$VIABILIDADE_SCREENSHOTS`` (default: the test's temporary folder). Every
wait is on a condition and bounded; the whole test is bounded by ``DEADLINE_S``.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chromium import (CATCH_MAP, NEEDS_CHROMIUM, REPO, Waiter, chromium, console_errors, fold_legend,
                      hover, map_offset, map_settled, quit_chromium, upload_file)

KML = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
PROCESSED = REPO / "data" / "processed"
#: The whole test, the first page (kernel start and the notebook's run) and the refill of the
#: pre-heated kernel beside the first clicks included.
DEADLINE_S = 420
PIRES_BELO, SANTO_ANTONIO = "520510908", "520510910"    # districts of Catalão (1.810 and 3.664 inhabitants)
IPAMERI = "5210109"                                     # borders Catalão

pytestmark = [
    pytest.mark.browser, pytest.mark.slow, NEEDS_CHROMIUM,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build)"),
]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    folder = tmp_path_factory.mktemp("chromium")
    driver, service = chromium(folder / "profile", folder / "chromedriver.log")
    try:
        yield driver
    finally:
        quit_chromium(driver, service)


def _verdict(driver) -> str:
    """The app's verdict heading and the lines after it (conclusion, area), joined by ' | '."""
    return driver.execute_script(
        "const h = [...document.querySelectorAll('h3')]"
        ".find(e => /: (viável|inviável|indeterminad)|Sem resultado/.test(e.textContent));"
        "if (!h) return '';"
        "const after = [...h.parentElement.children].filter(e => e !== h && e.tagName === 'P');"
        "return [h.textContent, ...after.map(e => e.textContent)].join(' | ');")


def _body(driver) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.TAG_NAME, "body").text


def _idle(driver) -> bool:
    """The explorer is not computing ("calculando…" gone) and the map is still."""
    return "calculando…" not in _body(driver) and map_settled(driver)


def _points(store, codes) -> dict[str, tuple[float, float]]:
    from viabilidade.geo.districts import seats_of_districts

    pts = seats_of_districts(store, tuple(codes))
    return {c: (float(lat), float(lon)) for c, lat, lon in zip(pts["cod_distrito"], pts["lat"], pts["lon"])}


def _inside_far_from_points(polygon, points) -> tuple[float, float]:
    """(lat, lon) of a point of ``polygon`` far from every district point and from its edge,
    so a click there lands on the municipality itself."""
    import shapely

    dots = shapely.MultiPoint([(lon, lat) for lat, lon in points])
    west, south, east, north = polygon.bounds
    grid = [shapely.Point(west + (east - west) * i / 20, south + (north - south) * j / 20)
            for i in range(1, 20) for j in range(1, 20)]
    best = max((p for p in grid if polygon.contains(p)),
               key=lambda p: min(p.distance(dots), p.distance(polygon.boundary)))
    return best.y, best.x


def test_voila_app_uploads_clicks_draws_compares_saves_and_the_study_agrees(voila, browser, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from viabilidade.data.store import load_store

    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    wait = Waiter(browser, DEADLINE_S, shots, "voila")
    store = load_store(PROCESSED)
    points = _points(store, store.districts["cod_distrito"])
    ipameri = _inside_far_from_points(
        store.boundaries.set_index("cod_ibge").at[IPAMERI, "geometry"], points.values())

    browser.get(voila)
    wait("the app's first verdict (Posse d'Abadia)",
         lambda d: "Posse d'Abadia: indeterminado" in _verdict(d), 150)
    page = _body(browser)
    # The page in Portuguese (voila.json, template explorar), then the app only: no code, no
    # API demonstration (tagged voila-remove), no error stream.
    assert browser.execute_script("return [document.title, document.documentElement.lang]") == [
        "Explorar cenários — LC 02/1990 (Goiás)", "pt"]
    assert "Explorar cenários — LC 02/1990 (Goiás)" in page
    for absent in ("load_store", "import ", "O mesmo pela API", "Traceback", "Warning"):
        assert absent not in page
    assert not browser.find_elements(By.CSS_SELECTOR, ".jp-CodeCell .jp-InputArea, [data-mime-type*='stderr']")
    wait("the end of the computation", lambda d: "calculando…" not in _body(d), 60)
    # Nothing wrong in the browser's console on opening (issue 31: console errors).
    assert console_errors(browser) == []

    def tab(title):
        browser.find_element(By.XPATH, f"//*[contains(@class,'lm-TabBar-tabLabel') and text()='{title}']").click()

    def field(label, tag="input"):
        return wait(f"the box «{label}»", lambda d: [e for e in d.find_elements(
            By.XPATH, f"//label[normalize-space()='{label}']/following-sibling::{tag}") if e.is_displayed()], 15)[0]

    def button(text):
        """The button that reads ``text`` (a file upload's adds its count: "(0)")."""
        return wait(f"the button «{text}»", lambda d: [e for e in d.find_elements(
            By.XPATH, f"//button[normalize-space()='{text}' or normalize-space()='{text} (0)']")
            if e.is_displayed()], 15)[0]

    # Everything the app writes (uploads, saves) goes to the test's folder: «Salvar em».
    saved_in = tmp_path / "salvos"
    tab("Salvar")
    box = field("Salvar em")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(f"{saved_in}{os.sep}", Keys.TAB)

    # A KML of the researcher's, uploaded from the browser: it becomes the area's limits.
    tab("Área")
    upload_file(browser, button("Enviar arquivo de limites"), KML)
    # The first change shares the cores with the server refilling its pre-heated kernel
    # (voila.json): a longer bound.
    wait("the KML in use", lambda d: "Limites da área: posse-dabadia-desenhada.kml, guardado em "
         f"{saved_in / KML.name}" in _body(d) and "Área: limites desenhados ou de arquivo · origem: "
         "Abadiânia" in _verdict(d), 150)
    wait("the end of the computation", lambda d: "calculando…" not in _body(d), 60)
    # The upload button counts the files in use: it said "(0)" after every upload (issue 31).
    assert browser.execute_script("return [...document.querySelectorAll('.widget-upload')]"
                                  ".map(e => e.textContent)") == ["Enviar arquivo de limites (1)"]
    kml_verdict = _verdict(browser)
    assert kml_verdict.startswith("Posse d'Abadia: ")
    tab("Cenários")
    name = field("Nome do cenário")
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("Posse (KML)", Keys.TAB)
    button("Guardar cenário para comparar").click()
    wait("the first scenario kept", lambda d: "Cenário «Posse (KML)» guardado." in _body(d), 60)
    wait("the end of the computation", lambda d: "calculando…" not in _body(d), 60)
    tab("Área")

    container = browser.find_element(By.CSS_SELECTOR, ".leaflet-container")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", container)
    wait("the page's Leaflet map", lambda d: d.execute_script(CATCH_MAP), 30)
    wait("the end of the computation", _idle, 60)
    browser.save_screenshot(str(shots / "voila-inicio.png"))
    # The legend folded, as a user would to see the map under it.
    fold_legend(browser, container, wait)

    def show(*latlons):
        """Pan and zoom the map to these points, as the user would with the mouse."""
        browser.execute_script("window.__viabilidadeMap.fitBounds(arguments[0], "
                               "{padding: [70, 70], animate: false});", [list(p) for p in latlons])
        wait("the map to stop", _idle, 30)

    def hover_and_click(latlon, name):
        """Hover the point (its name shows in the map's corner, checked), then click it."""
        hover(browser, container, map_offset(browser, *latlon), name, wait)
        ActionChains(browser).click().perform()

    # Pires Belo picked in the list.
    unit = browser.find_element(By.XPATH, "//label[normalize-space()='Unidade']/following-sibling::select")
    Select(unit).select_by_visible_text("Pires Belo — distrito de Catalão")
    wait("Pires Belo's verdict", lambda d: "Pires Belo: inviável" in _verdict(d), 60)
    wait("the end of the computation", _idle, 60)

    # A district inside the origin, clicked on the map: added.
    show(points[PIRES_BELO], points[SANTO_ANTONIO])
    hover_and_click(points[SANTO_ANTONIO], "Santo Antônio do Rio Verde (distrito de Catalão)")
    wait("Santo Antônio added to the area", lambda d: "Área: Pires Belo (distrito de Catalão), Santo "
         "Antônio do Rio Verde (distrito de Catalão) · origem: Catalão" in _verdict(d), 60)
    assert _verdict(browser).startswith("Pires Belo: indeterminado | ")
    wait("the end of the computation", _idle, 60)

    # The district of the proposed seat, clicked: removed; the seat (and the name that followed
    # it) move to the district left.
    hover_and_click(points[PIRES_BELO], "Pires Belo (distrito de Catalão)")
    wait("Pires Belo removed", lambda d: "Área: Santo Antônio do Rio Verde (distrito de Catalão) · "
         "origem: Catalão" in _verdict(d), 60)
    assert _verdict(browser).startswith("Santo Antônio do Rio Verde: indeterminado | ")
    wait("the end of the computation", _idle, 60)
    seat = browser.find_element(By.XPATH, "//label[normalize-space()='Sede proposta']/following-sibling::select")
    assert Select(seat).first_selected_option.text == "Santo Antônio do Rio Verde"
    browser.save_screenshot(str(shots / "voila-cliques.png"))

    # The neighbour municipality Ipameri, clicked: the whole of it would join districts of
    # Catalão; refused, the area and the result stay.
    before = _verdict(browser)
    show(points[SANTO_ANTONIO], ipameri)
    hover_and_click(ipameri, "Ipameri")
    wait("the refusal of the click on Ipameri", lambda d: "Clique no mapa recusado — somar Ipameri à "
         "área: a área junta o distrito Santo Antônio do Rio Verde ao município inteiro Ipameri" in _body(d), 60)
    assert _verdict(browser) == before
    wait("the end of the computation", _idle, 60)
    browser.save_screenshot(str(shots / "voila-recusa.png"))

    # A triangle drawn around Santo Antônio's seat: closing it puts it in use.
    lat0, lon0 = points[SANTO_ANTONIO]
    triangle = [(lat0 + 0.06, lon0 - 0.07), (lat0 + 0.05, lon0 + 0.08), (lat0 - 0.07, lon0 + 0.01)]
    show(*triangle)
    browser.find_element(By.CSS_SELECTOR, "a.leaflet-draw-draw-polygon").click()
    for lat, lon in triangle + triangle[:1]:
        x, y = map_offset(browser, lat, lon)
        ActionChains(browser).move_to_element_with_offset(container, x, y).click().perform()
    # Closing the polygon is enough: no other click.
    wait("the drawn area in use", lambda d: "Área: limites desenhados ou de arquivo · origem: Catalão"
         in _verdict(d) and "Polígono desenhado em uso como limite da área" in _body(d), 60)
    wait("the end of the computation", _idle, 60)
    browser.save_screenshot(str(shots / "voila-desenho.png"))
    # The drawing's file is the explorer's own: no text box shows its path (a temporary or the
    # session's folder; issue 31).
    shown = browser.execute_script("return [...document.querySelectorAll('input[type=text]')]"
                                   ".filter(e => e.offsetParent !== null).map(e => e.value)")
    assert not [v for v in shown if v.endswith(".geojson")], shown
    heading, conclusion = _verdict(browser).split(" | ")[:2]

    # Kept beside the KML scenario: both conclusions side by side.
    tab("Cenários")
    name = field("Nome do cenário")
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("Santo Antônio (desenho)", Keys.TAB)
    button("Guardar cenário para comparar").click()
    wait("the second scenario kept", lambda d: "Cenário «Santo Antônio (desenho)» guardado." in _body(d), 60)
    table = wait("the comparison of the two scenarios", lambda d: [t for t in d.find_elements(
        By.TAG_NAME, "table") if t.is_displayed() and "Posse (KML)" in t.text
        and "Santo Antônio (desenho)" in t.text], 60)[0]
    rows = browser.execute_script(
        "return [...arguments[0].querySelectorAll('tr')].map(r => [...r.children].map(c => c.textContent.trim()));",
        table)
    assert rows[0][-2:] == ["Posse (KML)", "Santo Antônio (desenho)"]
    first = [r for r in rows if r[0] == "Conclusão"][0]
    assert first[-2:] == [kml_verdict.split(" | ")[1].removeprefix("Conclusão: "),
                          conclusion.removeprefix("Conclusão: ")]
    wait("the end of the computation", _idle, 60)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", table)
    browser.save_screenshot(str(shots / "voila-cenarios.png"))

    # Saved in the test's folder; the study of the file the app reports.
    tab("Salvar")
    button("Salvar candidato (.toml)").click()
    saved = wait("the saved message", lambda d: [e.text for e in d.find_elements(
        By.XPATH, "//*[contains(text(), 'Salvo em')]/..") if "viabilidade estudo" in e.text], 30)[0]
    target = saved_in / "santo-antonio-do-rio-verde.toml"
    assert f"viabilidade estudo {target}" in saved and target.is_file()
    assert target.with_suffix(".geojson").is_file()
    browser.save_screenshot(str(shots / "voila-salvo.png"))

    # Nor after the whole cycle: upload, keep, pick, clicks, a refusal, a drawing, save.
    assert console_errors(browser) == []

    proc = subprocess.run([sys.executable, "-m", "viabilidade.cli", "estudo", str(target),
                           "--saida", str(tmp_path / "saida")], cwd=tmp_path, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(REPO / "lib")},
                          timeout=max(wait.left(), 60))
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads((tmp_path / "saida" / target.stem / "resultados.json").read_text(encoding="utf-8"))
    assert heading == f"Santo Antônio do Rio Verde: {result['verdict']}"
    assert conclusion == f"Conclusão: {result['conclusion']}"


def _kernel_id(driver) -> str:
    """The page's kernel (Voilà's page config)."""
    return driver.execute_script(
        "return JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId;")


def _kernel_alive(url: str, kernel_id: str) -> bool:
    import urllib.error
    import urllib.request
    from urllib.parse import parse_qs, urlsplit

    parts = urlsplit(url)
    token = parse_qs(parts.query)["token"][0]
    try:
        with urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/api/kernels/{kernel_id}?token={token}",
                                    timeout=10) as r:
            return r.status == 200
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def test_a_reload_or_a_closed_tab_shuts_its_kernel_down_and_a_reload_comes_back_to_the_session(voila, browser, tmp_path):
    from urllib.parse import urlsplit

    # Issue 31: every reload left its kernel running (the page's shutdown call got 403), the
    # session file was shared by every page, 34 labels read title="null", the map was fixed
    # at 536 × 540 px.
    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    wait = Waiter(browser, DEADLINE_S, shots, "voila-recarga")
    browser.get(voila)
    wait("the app's verdict", lambda d: ": indeterminado" in _verdict(d) or ": inviável" in _verdict(d)
         or ": viável" in _verdict(d), 150)
    page = wait("the session's key in the URL", lambda d: "sessao=" in d.current_url and d.current_url, 30)
    first = _kernel_id(browser)
    assert _kernel_alive(voila, first)
    assert browser.execute_script("return document.querySelectorAll('[title=\"null\"]').length") == 0
    # Offline by default: no request outside the server (no basemap tiles, no CDN fonts), and
    # the icons drawn with the fonts voila.js bundles.
    hosts = browser.execute_script(
        "return [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).host))];")
    assert hosts == [urlsplit(voila).netloc], hosts
    wait("the icons' font loaded from the server", lambda d: d.execute_script(
        "return [...document.fonts].some(f => f.family.includes('Font Awesome') && f.status === 'loaded');"), 30)
    # A drawing put back by undo/redo/session lies in Leaflet's overlay pane: above the
    # district territories, which took its clicks (the trash could not delete it).
    from viabilidade.explore.leaflet_map import OVERLAY_PANE_Z, PANES

    z = browser.execute_script("return [...document.querySelectorAll('.leaflet-overlay-pane, "
                               ".leaflet-territorios-pane')].map(e => +getComputedStyle(e).zIndex);")
    assert z == [OVERLAY_PANE_Z, PANES["territorios"]["zIndex"]] and z[0] > z[1], z
    size = browser.execute_script(
        "const r = document.querySelector('.leaflet-container').getBoundingClientRect();"
        "return [r.width, r.height, window.innerWidth, window.innerHeight];")
    assert size[0] >= 0.45 * size[2] - 40 and size[0] > 540, size       # 48 % of the page
    # the window's height less the page's head, 540 to 860 px (leaflet_map.MAP_HEIGHT_CSS)
    assert size[1] == min(max(540, size[3] - 240), 860), size
    # A new page shows all of Goiás (no session to restore) ...
    from viabilidade.explore.leaflet_map import CENTER, ZOOM, area_bounds, fit_view
    from viabilidade.explore.scenario import Scenario

    wait("the page's Leaflet map", lambda d: d.execute_script(CATCH_MAP), 30)
    assert browser.execute_script("return window.__viabilidadeMap.getZoom()") == ZOOM
    browser.refresh()
    wait("the reloaded app's verdict", lambda d: _kernel_id(d) != first and _verdict(d), 150)
    assert browser.current_url == page                                # the same session
    # ... and the session restored opens on its area (Posse d'Abadia): it opened on all of
    # Goiás when the restored area was the one the pre-heated kernel started on (issue 31).
    from viabilidade.data.store import load_store

    store = load_store(PROCESSED)
    (lat, lon), zoom = fit_view(area_bounds(store, Scenario.for_district(store, "520010010")))
    assert zoom > ZOOM and (lat, lon) != CENTER
    wait("the reloaded page's Leaflet map", lambda d: d.execute_script(CATCH_MAP), 30)
    wait("the map on the restored area", lambda d: d.execute_script(
        "const m = window.__viabilidadeMap, c = m.getCenter();"
        "return [m.getZoom(), c.lat, c.lng];")[0] == zoom, 60)
    view = browser.execute_script("const c = window.__viabilidadeMap.getCenter(); return [c.lat, c.lng];")
    assert view == pytest.approx([lat, lon], abs=1e-3)
    wait("the old kernel shut down", lambda d: not _kernel_alive(voila, first), 30)
    assert _kernel_alive(voila, _kernel_id(browser))
    # A second tab, closed: the browser runs no beforeunload when it closes a tab itself, so
    # Voilà's shutdown call never came and the kernel stayed alive with no page until the
    # 300 s cull (issue 31); the page's template says it on pagehide.
    own, tab = _kernel_id(browser), browser.current_window_handle
    browser.switch_to.new_window("tab")
    try:
        browser.get(voila)
        wait("the second tab's verdict", lambda d: _verdict(d) and _kernel_id(d) != own, 150)
        second = _kernel_id(browser)
        assert _kernel_alive(voila, second)
    finally:
        browser.close()
        browser.switch_to.window(tab)
    wait("the closed tab's kernel shut down", lambda d: not _kernel_alive(voila, second), 20)
    assert _kernel_alive(voila, own)        # the page left open keeps its own
