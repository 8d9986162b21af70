"""The explorer's map in a real browser (the Voilà app, Debian's Chromium): what it shows and
where its tools sit.

Santa Rosa (district of Formosa) picked in the list: the map zooms to it, Formosa's four
districts are dashed clickable territories with their names (and the neighbours') written on the map, the labels
take no click, the legend opens and folds; a click inside Bezerra's territory (far from any
point) adds Bezerra, a second click removes it; Bezerra picked, the drawing tools' bar, open,
lies outside the area; a polygon closed is the area without another click, and the drawing
tools speak Portuguese; «Desfazer» and «Refazer» bring it back editable, and the trash tool
deletes it with a click inside it (not the unit under it); at state zoom the labels name Formosa and its neighbours.

Screenshots go to ``$VIABILIDADE_SCREENSHOTS`` (default: the test's temporary folder).
"""

import os
from pathlib import Path

import pytest

from chromium import CATCH_MAP, NEEDS_CHROMIUM, Waiter, map_offset
from test_explore_voila import PROCESSED, _body, _idle, _inside_far_from_points, _kernel_id, _points, _verdict
from test_explore_voila import browser  # noqa: F401  (fixture; voila: conftest)
from viabilidade.explore.leaflet_map import MAP_CREDIT

DEADLINE_S = 240
SANTA_ROSA, BEZERRA = "520800410", "520800407"

pytestmark = [
    pytest.mark.browser, pytest.mark.slow, NEEDS_CHROMIUM,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build)"),
]


def _rect(driver, css: str):
    """The union of the page rectangles of the visible elements matching ``css``, or ``None``."""
    return driver.execute_script(
        "const r = [...document.querySelectorAll(arguments[0])].map(e => e.getBoundingClientRect())"
        ".filter(b => b.width > 0 && b.height > 0);"
        "if (!r.length) return null;"
        "return [Math.min(...r.map(b => b.left)), Math.min(...r.map(b => b.top)),"
        "        Math.max(...r.map(b => b.right)), Math.max(...r.map(b => b.bottom))];", css)


def _labels(driver) -> list[str]:
    """The texts of the map's labels (also those outside the view, which selenium reads as '')."""
    return driver.execute_script("return [...document.querySelectorAll("
                                 "'.leaflet-rotulos-pane .viab-rotulo')].map(e => e.textContent)")


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_map_territories_labels_legend_and_drawing_in_chromium(voila, browser, tmp_path):  # noqa: F811
    import shapely
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from viabilidade.data.store import load_store
    from viabilidade.explore.leaflet_map import district_territories

    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    wait = Waiter(browser, DEADLINE_S, shots, "mapa")
    store = load_store(PROCESSED)
    points = _points(store, store.districts["cod_distrito"])
    cell = shapely.geometry.shape(district_territories(store, (BEZERRA,))["features"][0]["geometry"])
    in_bezerra = _inside_far_from_points(max(getattr(cell, "geoms", [cell]), key=lambda g: g.area),
                                         points.values())

    browser.get(voila)
    wait("the app's first verdict", lambda d: "Posse d'Abadia: indeterminado" in _verdict(d), 150)
    container = browser.find_element(By.CSS_SELECTOR, ".leaflet-container")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", container)
    wait("Leaflet in the page", lambda d: d.execute_script(CATCH_MAP), 30)
    ActionChains(browser).move_to_element_with_offset(container, 5, 5).move_by_offset(3, 3).perform()
    wait("the map", lambda d: d.execute_script("return !!window.__viabilidadeMap"), 10)
    wait("the end of the computation", _idle, 60)

    unit = browser.find_element(By.XPATH, "//label[normalize-space()='Unidade']/following-sibling::select")
    Select(unit).select_by_visible_text("Santa Rosa — distrito de Formosa")
    wait("Santa Rosa's verdict", lambda d: _verdict(d).startswith("Santa Rosa: "), 60)
    wait("Formosa's district names and its neighbours' on the map", lambda d: sorted(_labels(d)) == [
        "Bezerra", "Cabeceiras", "Flores de Goiás", "Formosa", "Juscelino Kubitschek", "Planaltina",
        "Santa Rosa", "São João d'Aliança", "Vila Boa", "Água Fria de Goiás"], 30)
    wait("the end of the computation", _idle, 60)
    # Zoomed to the area; four clickable territories; the labels take no mouse event.
    assert browser.execute_script("return window.__viabilidadeMap.getZoom()") >= 9
    assert len(browser.find_elements(By.CSS_SELECTOR, ".leaflet-territorios-pane path.leaflet-interactive")) == 4
    assert len(browser.find_elements(By.CSS_SELECTOR, ".leaflet-area-pane path")) == 1
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('.leaflet-rotulos-pane .leaflet-marker-icon'))"
        ".pointerEvents") == "none"
    attribution = browser.find_elements(By.CSS_SELECTOR, ".leaflet-control-attribution")
    # Offline by default: no basemap, so no basemap note (issue 31).
    assert len(attribution) == 1 and attribution[0].text == MAP_CREDIT  # pt-BR, not "ipyleaflet"
    browser.save_screenshot(str(shots / "mapa-santa-rosa.png"))

    # The legend, folded at first, opens and folds again.
    legend = browser.find_element(By.CSS_SELECTOR, ".leaflet-bottom.leaflet-right")
    assert "território aproximado" not in legend.text
    toggle = legend.find_element(By.XPATH, ".//button[normalize-space()='Legenda']")
    toggle.click()
    wait("the legend open", lambda d: "distrito: território aproximado, não é limite legal" in
         d.find_element(By.CSS_SELECTOR, ".leaflet-bottom.leaflet-right").text, 15)
    # Offline (the app's default), the internet basemap's switch says it is unavailable and
    # cannot be switched on (issue 31: it gave a grey map and failing tile requests).
    assert "Mapa de fundo da internet (OpenStreetMap): indisponível sem internet" in legend.text
    switch = legend.find_element(By.XPATH, ".//input[@type='checkbox']")
    assert not switch.is_enabled() and not switch.is_selected()
    assert browser.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text == MAP_CREDIT
    browser.save_screenshot(str(shots / "mapa-legenda-aberta.png"))
    toggle.click()
    wait("the legend folded", lambda d: "território aproximado" not in d.find_element(
        By.CSS_SELECTOR, ".leaflet-bottom.leaflet-right").text, 15)

    # A click inside Bezerra's territory, far from every point: Bezerra joins the area.
    browser.execute_script("window.__viabilidadeMap.fitBounds(arguments[0], "
                           "{padding: [70, 70], animate: false});", [list(points[SANTA_ROSA]), list(in_bezerra)])
    wait("the map to stop", _idle, 30)
    # Where the point is now, each try: the view may still be moved by the kernel (under load
    # the offset computed once went stale and the click fell in Juscelino Kubitschek).
    where = {}

    def hovered(d):
        xy = map_offset(d, *in_bezerra)
        if where.get("xy") == xy and "Bezerra (distrito de Formosa) — território aproximado" in d.find_element(
                By.CSS_SELECTOR, ".leaflet-top.leaflet-right").text:
            return True
        where["xy"] = xy
        ActionChains(d).move_to_element_with_offset(container, xy[0], xy[1] + 1).move_by_offset(0, -1).perform()
        return False
    wait("Bezerra's territory named on hover", hovered, 30)
    ActionChains(browser).click().perform()
    wait("Bezerra added", lambda d: "Área: Santa Rosa (distrito de Formosa), Bezerra (distrito de "
         "Formosa) · origem: Formosa" in _verdict(d), 60)
    wait("the end of the computation", _idle, 60)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".leaflet-area-pane path")) == 2

    # The zoom buttons and the drawing tools in Portuguese; the bar, open, lies outside the
    # area (fitted with room for it).
    assert browser.find_element(By.CSS_SELECTOR, "a.leaflet-control-zoom-in").get_attribute("title") == "Aproximar"
    assert browser.find_element(By.CSS_SELECTOR, "a.leaflet-control-zoom-out").get_attribute("title") == "Afastar"
    # Clicked again, Bezerra leaves the area.
    ActionChains(browser).move_to_element_with_offset(container, *where["xy"]).click().perform()
    wait("Bezerra removed", lambda d: "Área: Santa Rosa (distrito de Formosa) · origem: Formosa"
         in _verdict(d), 60)
    Select(unit).select_by_visible_text("Bezerra — distrito de Formosa")      # fitted to Bezerra
    wait("Bezerra's verdict", lambda d: _verdict(d).startswith("Bezerra: "), 60)
    wait("the end of the computation", _idle, 60)
    button = browser.find_element(By.CSS_SELECTOR, "a.leaflet-draw-draw-polygon")
    assert button.get_attribute("title") == "Desenhar um polígono"
    button.click()
    bar = wait("the drawing bar", lambda d: _rect(d, ".leaflet-draw-actions a"), 10)
    area = _rect(browser, ".leaflet-area-pane path")
    assert area is not None and _apart(bar, area), (bar, area)
    assert "Cancelar" in browser.find_element(By.CSS_SELECTOR, ".leaflet-draw-actions").text
    # A triangle around Bezerra's vila, then back to its first point: in use at once.
    lat0, lon0 = points[BEZERRA]
    triangle = [(lat0 + 0.04, lon0 - 0.05), (lat0 + 0.03, lon0 + 0.05), (lat0 - 0.05, lon0 + 0.01)]
    for n, (lat, lon) in enumerate(triangle + triangle[:1]):
        px, py = map_offset(browser, lat, lon)
        ActionChains(browser).move_to_element_with_offset(container, px, py).click().perform()
        if n == 1:
            tip = browser.execute_script("return [...document.querySelectorAll('.leaflet-draw-tooltip')]"
                                         ".map(e => e.textContent).join(' ')")
            assert "Clique" in tip and "Click" not in tip
            browser.save_screenshot(str(shots / "mapa-desenhando.png"))
    wait("the drawn area in use, without another click", lambda d: "Área: limites desenhados ou de "
         "arquivo · origem: Formosa" in _verdict(d), 120)
    wait("the end of the computation", _idle, 60)
    assert "Polígono desenhado em uso como limite da área" in _body(browser)
    browser.save_screenshot(str(shots / "mapa-desenho.png"))

    # «Desfazer» then «Refazer» bring the drawing back in the drawing tool: the trash tool
    # can delete it («Nada para apagar» before, issue 31), and a click inside it, over
    # Bezerra's territory and point, reaches the polygon, not the unit under it.
    def pressed(label):
        browser.find_element(By.XPATH, f"//button[normalize-space()='{label}']").click()
    pressed("Desfazer")
    wait("the area before the drawing", lambda d: "Área: Bezerra (distrito de Formosa) · origem: "
         "Formosa" in _verdict(d), 60)
    wait("the end of the computation", _idle, 60)
    pressed("Refazer")
    wait("the drawing back in use", lambda d: "Área: limites desenhados ou de arquivo · origem: "
         "Formosa" in _verdict(d), 60)
    wait("the end of the computation", _idle, 60)
    trash = wait("the trash tool enabled", lambda d: d.find_elements(
        By.CSS_SELECTOR, "a.leaflet-draw-edit-remove:not(.leaflet-disabled)"), 30)
    assert browser.find_elements(By.CSS_SELECTOR, "a.leaflet-draw-edit-edit:not(.leaflet-disabled)")
    trash[0].click()
    inside = (sum(p[0] for p in triangle) / 3, sum(p[1] for p in triangle) / 3)
    px, py = map_offset(browser, *inside)
    ActionChains(browser).move_to_element_with_offset(container, px, py).click().perform()
    browser.find_element(By.XPATH, "//ul[contains(@class,'leaflet-draw-actions')]"
                                   "//a[normalize-space()='Salvar']").click()
    wait("the limits off with the polygon", lambda d: "Área: Bezerra (distrito de Formosa) · "
         "origem: Formosa" in _verdict(d), 60)
    wait("the end of the computation", _idle, 60)
    assert "recusado" not in _body(browser)
    assert not browser.find_elements(By.CSS_SELECTOR, ".leaflet-overlay-pane path, .leaflet-desenho-pane path")

    # At state zoom the labels name Formosa and its neighbours.
    browser.execute_script("window.__viabilidadeMap.setZoom(8, {animate: false});")
    wait("the neighbours' names", lambda d: "Planaltina" in _labels(d), 30)
    wait("the end of the computation", _idle, 60)
    assert sorted(_labels(browser)) == ["Cabeceiras", "Flores de Goiás", "Formosa", "Planaltina",
                             "São João d'Aliança", "Vila Boa", "Água Fria de Goiás"]
    browser.save_screenshot(str(shots / "mapa-estado.png"))

    # The kernel stops (killed, as a crash would): the page says so in Portuguese, over the
    # widgets that no longer answer. (The kernel is the child of the run's Voilà, conftest.)
    import psutil

    from viabilidade.explore.pulse import STOPPED

    port = voila.split(":")[2].split("/")[0]
    servers = [p for p in psutil.Process().children(recursive=True)
               if any(f"--port={port}" == a for a in p.cmdline())]
    # The page's kernel (the server also keeps a pre-heated one for the next page: voila.json).
    page_kernel = _kernel_id(browser)
    kernels = [k for s in servers for k in s.children(recursive=True)
               if any("ipykernel" in a for a in k.cmdline())
               and any(f"kernel-{page_kernel}.json" in a for a in k.cmdline())]
    assert len(kernels) == 1
    assert not browser.find_elements(By.ID, "viab-kernel-parado")
    kernels[0].kill()
    note = wait("the note that the kernel stopped", lambda d: d.find_elements(By.ID, "viab-kernel-parado"), 40)
    # The note's text, then its close button («×», aria-label "Fechar este aviso").
    assert note[0].text.splitlines() == [*STOPPED.splitlines(), "×"]
    close = note[0].find_elements(By.CSS_SELECTOR, '[aria-label="Fechar este aviso"]')
    assert len(close) == 1
    browser.save_screenshot(str(shots / "mapa-kernel-parado.png"))
