"""Files, undo, scenarios and the kept session in the web app (Voilà, as ``make explorar``
serves it), driven through Debian's Chromium: a KML fixture sent with «Enviar arquivo de
limites», a refused file, «Desfazer»/«Refazer», two scenarios kept side by side, the five
downloads saved by the browser (the candidate and its limits file run the same study), and the
session restored when the page is opened again (a new kernel).

Screenshots go to ``$VIABILIDADE_SCREENSHOTS`` (default: the test's temporary folder). Every
wait is on a condition and bounded; the whole test is bounded by ``DEADLINE_S``.
"""

import os
from pathlib import Path

import pytest

from chromium import NEEDS_CHROMIUM, REPO, Waiter, chromium, quit_chromium, upload_file, voila_app

PROCESSED = REPO / "data" / "processed"
KML = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
#: The whole test, three openings of the app (kernel start and the notebook's run) included.
DEADLINE_S = 420
#: A KML with a pin and no polygon.
PIN = (b'<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>'
       b"<Point><coordinates>-48.8,-16.1</coordinates></Point></Placemark></Document></kml>")

pytestmark = [
    pytest.mark.browser, pytest.mark.slow, NEEDS_CHROMIUM,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build)"),
]


@pytest.fixture
def app(tmp_path):
    """A Voilà server of this test's own (:func:`chromium.voila_app`; on the shared one of
    ``conftest.voila`` its reopened page did not restore its session once); yields (URL
    with token, session file)."""
    with voila_app(tmp_path / "voila") as served:
        yield served


def _verdict_line(driver) -> str:
    """The app's verdict heading (``""`` before the app shows)."""
    return driver.execute_script(
        "const h = [...document.querySelectorAll('h3')]"
        ".find(e => /: (viável|inviável|indeterminad)/.test(e.textContent)); return h ? h.textContent : '';")


@pytest.fixture
def browser(tmp_path):
    driver, service = chromium(tmp_path / "chromium", tmp_path / "chromedriver.log")
    try:
        yield driver
    finally:
        quit_chromium(driver, service)


def test_upload_undo_scenarios_downloads_and_the_session_in_the_web_app(app, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from viabilidade.profile.analysis import analyse
    from viabilidade.data.store import load_store

    url, state = app
    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    wait = Waiter(browser, DEADLINE_S, shots, "arquivos")
    cands = tmp_path / "cands"

    def body() -> str:
        return browser.find_element(By.TAG_NAME, "body").text

    def idle(_) -> bool:
        return "calculando…" not in body()

    def visible(xpath: str):
        return wait(xpath, lambda d: [e for e in d.find_elements(By.XPATH, xpath) if e.is_displayed()], 20)[0]

    def tab(name: str) -> None:
        visible(f"//*[contains(@class,'lm-TabBar-tabLabel') and text()='{name}']").click()

    def click(label: str) -> None:
        button = visible(f"//button[normalize-space()='{label}']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
        button.click()

    def limits_field() -> str:
        return browser.find_element(
            By.XPATH, "//label[normalize-space()='Arquivo de limites da área']/following-sibling::input"
        ).get_attribute("value")

    browser.get(url)
    wait("the first verdict", lambda d: "Posse d'Abadia: indeterminado" in body(), 150)
    # The page's own session: its key in the address bar (a reload comes back to it) and in
    # the session's link; its file beside the configured one (explore.persist.page_state_file).
    page_link = wait("the session's key in the URL", lambda d: "sessao=" in d.current_url and d.current_url, 30)
    key = page_link.split("sessao=")[1].split("&")[0]
    assert len(key) == 16 and "Link desta sessão" in body() and f"?sessao={key}" in body()
    state = state.with_name(f"{state.stem}-{key}{state.suffix}")
    assert "Sessão anterior restaurada" not in body()
    tab("Salvar")                                   # uploads go where candidates are saved
    field = visible("//label[normalize-space()='Salvar em']/following-sibling::input")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(f"{cands}/", Keys.TAB)
    tab("Área")

    # The KML fixture: read as the study reads it, stored beside the candidates, in use.
    upload = visible("//button[contains(., 'Enviar arquivo de limites')]")
    upload_file(browser, upload, KML)
    wait("the upload in use", lambda d: "Área: limites desenhados ou de arquivo · origem: Abadiânia"
         in body(), 120)
    wait("the end of the computation", idle, 60)
    assert (f"Limites da área: posse-dabadia-desenhada.kml, guardado em {cands}/posse-dabadia-desenhada.kml"
            in body())
    assert (cands / "posse-dabadia-desenhada.kml").read_bytes() == KML.read_bytes()
    # «Arquivo de limites da área» names the file as the user sent it, not the saved copy's
    # path on the server (issue 31).
    assert limits_field() == "posse-dabadia-desenhada.kml"
    browser.save_screenshot(str(shots / "arquivos-envio.png"))
    # A file without a polygon: the study's message, naming the file; nothing changes.
    (tmp_path / "ruim.kml").write_bytes(PIN)
    upload_file(browser, upload, tmp_path / "ruim.kml")
    wait("the refusal", lambda d: "Arquivo recusado" in body(), 60)
    assert ("Arquivo recusado — «Enviar arquivo de limites» (aba Área): ruim.kml: nenhum polígono no "
            "arquivo (encontrado: Point); esperado ao menos um Polygon ou MultiPolygon com os limites "
            "da área. A área continua a anterior.") in body()
    assert "Área: limites desenhados ou de arquivo" in body() and not (cands / "ruim.kml").exists()

    # Undo, keep, redo, keep: two scenarios side by side.
    click("Desfazer")
    wait("the district back", lambda d: "Área: Posse d'Abadia (distrito de Abadiânia) · origem: "
         "Abadiânia" in body(), 60)
    wait("the end of the computation", idle, 60)
    tab("Cenários")
    click("Guardar cenário para comparar")
    wait("the first scenario kept", lambda d: "Cenário «Cenário 1» guardado." in body(), 60)
    tab("Área")
    click("Refazer")
    wait("the upload back", lambda d: "Área: limites desenhados ou de arquivo" in body(), 60)
    wait("the end of the computation", idle, 60)
    tab("Cenários")
    name = visible("//label[normalize-space()='Nome do cenário']/following-sibling::input")
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("desenhada (KML)")
    click("Guardar cenário para comparar")
    wait("the second scenario kept", lambda d: "Cenário «desenhada (KML)» guardado." in body(), 60)
    headers = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "th") if e.is_displayed()]
    assert ["Item", "Cenário 1", "desenhada (KML)"] == headers[:3]
    assert "46,59 (medido)" in body() and "3.045 (publicado)" in body()
    chart = wait("the map of the scenarios", lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, "img")
                                                       if e.is_displayed() and e.size["height"] > 300], 30)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", chart[-1])
    browser.save_screenshot(str(shots / "arquivos-cenarios.png"))

    # Downloads, saved by the browser itself.
    tab("Salvar")
    click("Preparar arquivos para baixar")
    links = wait("the download links", lambda d: d.find_elements(By.CSS_SELECTOR, "a[download]"), 60)
    got = tmp_path / "baixados"
    got.mkdir()
    browser.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(got)})
    for link in links:
        browser.execute_script("arguments[0].click();", link)
    names = ["posse-dabadia-area.geojson", "posse-dabadia-area.kml", "posse-dabadia-desenhada.kml",
             "posse-dabadia-mapa.png", "posse-dabadia.toml"]
    wait("the five files downloaded", lambda d: sorted(p.name for p in got.iterdir()) == names, 30)
    browser.save_screenshot(str(shots / "arquivos-baixar.png"))
    assert (got / "posse-dabadia-mapa.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    study = analyse(got / "posse-dabadia.toml", store=load_store(PROCESSED))
    assert study.profile.area.area_km2.value == 46.595

    # Another page (the URL without the key): a session of its own, nothing restored.
    assert state.is_file()
    browser.get(url)
    wait("the other page's first verdict", lambda d: "Posse d'Abadia: indeterminado" in _verdict_line(d), 150)
    assert "Sessão anterior restaurada" not in body() and browser.current_url != page_link
    # The first page's link (its reload, or a colleague on the same server): a new kernel, and
    # the session comes back.
    browser.get(page_link)
    wait("the restored session", lambda d: "Sessão anterior restaurada: «Posse d'Abadia» e 2 "
         "cenários guardados para comparar" in body(), 150)
    wait("the end of the computation", idle, 60)
    assert "Área: limites desenhados ou de arquivo · origem: Abadiânia" in body()
    assert limits_field() == "posse-dabadia-desenhada.kml"       # beside «Salvar em»'s folder
    browser.save_screenshot(str(shots / "arquivos-sessao.png"))
