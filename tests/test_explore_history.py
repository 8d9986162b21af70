"""Undo and redo of the explorer's area edits."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
OLHOS_DAGUA = "520030810"                    # district of Alexânia, 1.550 inhabitants


def test_history_is_bounded_and_a_new_edit_drops_the_redo_steps():
    from viabilidade.explore.history import History

    h = History(max_steps=3)
    for before, after in zip("abcde", "bcdef"):
        h.record(before, after)
    assert h.undo("f") == "e" and h.undo("e") == "d" and h.undo("d") == "c"
    assert h.undo("c") is None and not h.can_undo          # "a" and "b" were forgotten
    assert h.redo("c") == "d" and h.can_redo
    h.record("d", "x")                                      # a new edit after an undo
    assert not h.can_redo and h.redo("x") is None
    h.record("x", "x")                                      # no change: no step
    assert h.undo("x") == "d"
    with pytest.raises(ValueError):
        History(max_steps=0)


@pytest.fixture
def explorer():
    if not (PROCESSED / "manifest.json").exists():
        pytest.skip(f"processed store absent at {PROCESSED}")
    pytest.importorskip("ipywidgets")
    from viabilidade.data.store import load_store
    from viabilidade.explore.widgets import Explorer

    return Explorer(load_store(PROCESSED), draw_map=False)


def test_undo_and_redo_of_units_drawing_and_clear(explorer, tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    c = explorer.controls
    assert (c["undo"].description, c["redo"].description) == ("Desfazer", "Refazer")
    assert c["undo"].disabled and c["redo"].disabled
    population = explorer.analysis.profile.area.population.value
    assert population == 3045
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()
    assert explorer.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert explorer.analysis.profile.area.population.value == 4595
    c["population_on"].value = True                # not an area edit: not undone
    c["population_value"].value = "2.900"
    c["undo"].click()
    assert explorer.scenario.districts == ("520010010",)
    assert explorer.scenario.origins == ("5200100",)
    assert explorer.analysis.profile.area.population.value == 2900      # the what-if stays
    c["population_on"].value = False
    assert explorer.analysis.profile.area.population.value == population
    assert c["undo"].disabled and not c["redo"].disabled
    c["redo"].click()
    assert explorer.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert explorer.scenario.origins == ("5200100", "5200308")
    # A boundary file in use (as a drawn or uploaded polygon), then the limits taken off.
    path = tmp_path / "posse.geojson"
    gpd.GeoDataFrame(geometry=[box(-48.83, -16.13, -48.77, -16.07)], crs="EPSG:4674").to_file(path)
    c["boundary"].value = str(path)
    assert explorer.scenario.boundary == path and explorer.scenario.districts == ()
    c["clear_boundary"].click()
    assert explorer.scenario.boundary is None
    c["undo"].click()                              # the limits come back
    assert explorer.scenario.boundary == path and explorer.scenario.districts == ()
    assert c["boundary"].value == str(path)
    c["undo"].click()                              # before the limits: the two districts
    assert explorer.scenario.boundary is None and c["boundary"].value == ""
    assert explorer.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert explorer.analysis.profile.area.population.value == 4595
    # A refused edit is no step.
    c["edit_unit"].value = "5200100"
    c["add"].click()                               # the origin itself: refused
    assert "recusado" in explorer.panes["message"].value
    c["undo"].click()
    assert explorer.scenario.districts == ("520010010",)


def test_undoing_a_drawn_polygon_takes_it_off_the_map():
    if not (PROCESSED / "manifest.json").exists():
        pytest.skip(f"processed store absent at {PROCESSED}")
    pytest.importorskip("ipyleaflet")
    from viabilidade.data.store import load_store
    from viabilidade.explore.widgets import Explorer

    e = Explorer(load_store(PROCESSED))
    ring = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]
    e.map._drawn(action="created", geo_json={"type": "Feature", "properties": {},
                                             "geometry": {"type": "Polygon", "coordinates": [ring]}})
    drawn = e.scenario.boundary                  # a closed polygon is used at once
    assert drawn is not None and e.scenario.districts == ()
    e.controls["undo"].click()
    assert e.scenario.boundary is None and e.scenario.districts == ("520010010",)
    assert e.map.drawn is None and e.panes["draw_note"].value == ""
    assert [f["properties"]["name"] for f in e.map.areas.data["features"]] == ["Abadiânia (origem)"]
    e.controls["redo"].click()
    assert e.scenario.boundary == drawn
    assert [f["properties"]["name"] for f in e.map.areas.data["features"]] == \
        ["Abadiânia (origem)", "limites da área"]
