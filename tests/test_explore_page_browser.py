"""The explorer's page at a laptop's size (the Voilà app, Debian's Chromium, 1366×768): the map
in view and sized to the window, and the conclusion kept in view while working in the tabs
(issue 31's defects).

Screenshots go to ``$VIABILIDADE_SCREENSHOTS`` (default: the test's temporary folder).
"""

import os
from pathlib import Path

import pytest

from chromium import NEEDS_CHROMIUM, Waiter, chromium, quit_chromium
from test_explore_voila import PROCESSED, _verdict

DEADLINE_S = 240

pytestmark = [
    pytest.mark.browser, pytest.mark.slow, NEEDS_CHROMIUM,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build)"),
]

#: The rectangle (left, top, width, height) of the first element matching a CSS selector.
RECT = ("const e = document.querySelector(arguments[0]); if (!e) return null;"
        "const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
#: The verdict heading's rectangle.
VERDICT = ("const h = [...document.querySelectorAll('h3')]"
           ".find(e => /: (viável|inviável|indeterminad)/.test(e.textContent));"
           "if (!h) return null; const r = h.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")


def test_at_1366x768_the_map_is_in_view_and_the_conclusion_stays_beside_the_tabs(voila, tmp_path):  # noqa: F811
    shots = Path(os.environ.get("VIABILIDADE_SCREENSHOTS", str(tmp_path)))
    shots.mkdir(parents=True, exist_ok=True)
    driver, service = chromium(tmp_path / "profile", tmp_path / "chromedriver.log", size="1366,768")
    try:
        wait = Waiter(driver, DEADLINE_S, shots, "pagina-1366")
        driver.get(voila)
        wait("the app's first verdict", lambda d: "Posse d'Abadia: indeterminado" in _verdict(d), 200)
        height = driver.execute_script("return window.innerHeight")
        left, top, width, map_height = driver.execute_script(RECT, ".leaflet-container")
        driver.save_screenshot(str(shots / "pagina-1366.png"))
        # The map began 493 px down (below the opening text) and was 536×540 px: now the usage
        # notes are folded and the map takes the left column, at least 540 px tall.
        assert top < 260 and width > 800 and map_height == pytest.approx(max(540, min(860, height - 240)), abs=1)
        # The conclusion sits beside the map ...
        v_left, v_top, _, _ = driver.execute_script(VERDICT)
        assert v_left > left + width and v_top < top + 200
        # ... and stays in view when the page scrolls down to the tabs (it scrolled away).
        driver.execute_script(
            "const t = [...document.querySelectorAll('.lm-TabBar-tabLabel')]"
            ".find(e => e.textContent === 'Limiares'); t.scrollIntoView(); t.click();")
        wait("the tabs at the top of the window",
             lambda d: d.execute_script(RECT, ".widget-tab")[1] < 60, 20)
        _, v_top, _, v_height = driver.execute_script(VERDICT)
        driver.save_screenshot(str(shots / "pagina-1366-abas.png"))
        assert 0 <= v_top and v_top + v_height <= height
    finally:
        quit_chromium(driver, service)
