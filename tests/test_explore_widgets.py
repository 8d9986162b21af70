"""The explorer UI driven without a browser: set controls, read the analysis and the panes."""

from pathlib import Path

import pytest

from viabilidade.analysis import analyse
from viabilidade.rules.result import Status, Verdict

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture
def explorer(store):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    return Explorer(store, draw_map=False)


def test_population_control_flips_art4_iv(explorer):
    c = explorer.controls
    assert explorer.analysis.result("art4.IV").status == Status.PASS
    c["population_value"].value = 3000
    c["population_on"].value = True
    assert explorer.analysis.result("art4.IV").status == Status.FAIL
    assert explorer.analysis.verdict == Verdict.INVIAVEL
    assert "inviável" in explorer.panes["verdict"].value
    assert "valores hipotéticos ou projetados" in explorer.panes["verdict"].value
    assert "3.000\xa0habitantes" in explorer.panes["rules"].value
    c["population_value"].value = 3001
    assert explorer.analysis.result("art4.IV").status == Status.PASS


def test_reading_threshold_and_year_controls(explorer):
    c = explorer.controls
    c["population"].value = 3045       # art. 4 IV: "mais de 3.045" now fails 3,045
    assert explorer.analysis.result("art4.IV").status == Status.FAIL
    assert "45\xa0habitantes" not in explorer.panes["margins"].value
    assert "exatamente no limiar; passa a cumprir com 1\xa0habitante a mais" in explorer.panes["margins"].value
    c["creation_year"].value = 2028
    assert explorer.analysis.result("art7.par3").status == Status.FAIL
    c["special_interest"].value = True
    assert explorer.analysis is None
    assert "a declared special interest needs a justification" in explorer.panes["message"].value
    c["special_interest_justification"].value = "romaria de Nossa Senhora d'Abadia"
    assert explorer.analysis.result("art4.IV").threshold == 2030   # 3,045 × 2/3 (I-1b "to")


def test_projection_controls(explorer):
    c = explorer.controls
    c["projection"].value = "electors"
    c["prefill"].click()                      # Abadiânia, TSE 2022: 10,812 on 2 Oct 2022
    assert (c["rate_mode"].value, c["count0"].value, c["year0"].value) == ("counts", 10812, 2022.751)
    c["count1"].value, c["year1"].value = 12614, 2026.0
    c["projection_year"].value = 2027
    c["projection"].value = "electors"
    v = explorer.analysis.result("art4.V")
    assert v.status == Status.INDETERMINATE
    assert "Eleitorado projetado para 1º de julho de 2027" in explorer.panes["message"].value
    assert "4,86 % a.a." in explorer.panes["message"].value


def test_area_buttons_and_unit_picker(explorer, store):
    c = explorer.controls
    c["edit_unit"].value = "520860810"        # Natinópolis, Goianésia
    c["add"].click()
    assert explorer.scenario.origins == ("5200100", "5208608")
    assert explorer.analysis.profile.area.population.value == 3045 + 183
    c["remove"].click()
    assert explorer.scenario.districts == ("520010010",)
    c["edit_unit"].value = "520010010"
    c["remove"].click()
    assert "the area would be empty" in explorer.panes["message"].value
    c["origin"].value = "5212808"            # Mara Rosa, then pick Nova Iguaçu de Goiás
    c["unit"].value = "5214879"
    assert explorer.scenario.municipalities == ("5214879",)
    assert explorer.analysis.result("art4.III").status == Status.PASS


def test_save_button_writes_a_candidate_analyse_reproduces(explorer, store, tmp_path):
    c = explorer.controls
    c["reduction"].value = "by"
    c["creation_year"].value = 2027
    c["population_on"].value = True
    c["save_path"].value = str(tmp_path / "posse.toml")
    c["save"].click()
    assert "cannot hold" in explorer.panes["saved"].value
    c["population_on"].value = False
    path = explorer.save()
    assert path == tmp_path / "posse.toml"
    assert "viabilidade estudo" in explorer.panes["saved"].value
    again = analyse(path, store=store)
    assert [(r.rule_id, r.subject, r.status) for r in again.results] == \
        [(r.rule_id, r.subject, r.status) for r in explorer.analysis.results]


def test_boundary_file_gives_geometry_for_continuity(explorer, tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    c = explorer.controls
    assert explorer.analysis.result("art4.III").status == Status.INDETERMINATE
    c["boundary"].value = str(tmp_path / "nao-existe.geojson")
    assert "boundary file" in explorer.panes["message"].value and "does not exist" in explorer.panes["message"].value
    # A 0.06° box around Posse d'Abadia's vila (lat -16.098, lon -48.800), inside Abadiânia:
    # the remainder keeps a hole but stays one piece, so art. 4 III passes.
    path = tmp_path / "posse.geojson"
    gpd.GeoDataFrame({"id": ["5200100"], "nome": ["Posse d'Abadia"]},
                     geometry=[box(-48.83, -16.13, -48.77, -16.07)], crs="EPSG:4674").to_file(path)
    c["boundary"].value = str(path)
    assert explorer.scenario.boundary == path
    assert explorer.analysis.result("art4.III").status == Status.PASS
