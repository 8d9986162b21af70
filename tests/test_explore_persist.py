"""The explorer's session survives a kernel restart (a new Explorer on the same state file)."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
OLHOS_DAGUA = "520030810"


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


def test_restart_restores_the_scenario_the_kept_ones_and_what_ifs(store, tmp_path):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    state = tmp_path / "cands" / ".explorar-estado.json"
    first = Explorer(store, draw_map=False, state_file=state)
    assert first.panes["session"].value == ""                # nothing to restore
    c = first.controls
    c["keep"].click()                                         # «Cenário 1»: Posse d'Abadia
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()
    c["reduction"].value = "by"
    c["population_on"].value = True
    c["population_value"].value = "5.000"
    c["save_path"].value = str(tmp_path / "cands") + "/"
    assert state.is_file()
    before = first.scenario
    # "Restart": a new explorer, started from another unit, on the same state file.
    from viabilidade.explore.scenario import Scenario

    second = Explorer(store, Scenario.for_district(store, "520110815"), draw_map=False,
                      state_file=state)
    assert second.scenario == before
    assert second.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert second.scenario.settings.reduction == "by"
    assert second.analysis.profile.area.population.value == 5000
    assert second.controls["population_on"].value and second.controls["population_value"].number == 5000
    assert second.controls["save_path"].value == str(tmp_path / "cands") + "/"
    assert second.scenarios.labels() == ["Cenário 1"]
    assert second.scenarios.get("Cenário 1").scenario.districts == ("520010010",)
    assert ">Posse d'Abadia (distrito de Abadiânia) · origem: Abadiânia<" in second.panes["comparison"].value
    assert second.panes["session"].value.startswith(
        "<p style='color:#1b5e20'>Sessão anterior restaurada: «Posse d&#x27;Abadia» e 1 cenário "
        "guardado para comparar")
    assert "Para começar do zero, clique em «Começar do zero»" in second.panes["session"].value
    # No internal path in the message (issue 31: "(de /work/main/data/candidates/.explorar-…)").
    assert str(tmp_path) not in second.panes["session"].value and ".json" not in second.panes["session"].value
    # The undo steps come back with the session (issue 31: lost on reload), and the restore
    # adds none of its own.
    assert second.history.steps() == first.history.steps() and second.history.can_undo
    # Start clean: back to the notebook's unit, nothing kept.
    second.controls["start_clean"].click()
    assert second.scenario.districts == ("520110815",) and second.scenarios.labels() == []
    assert not second.controls["population_on"].value
    third = Explorer(store, draw_map=False, state_file=state)
    assert third.scenario.districts == ("520110815",)


def test_undo_and_redo_survive_a_reload_of_the_page(store, tmp_path):
    # Undo history was lost on reload (issue 31): the page's session keeps the steps.
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    state = tmp_path / ".explorar-estado-app-abc.json"
    first = Explorer(store, draw_map=False, state_file=state)
    c = first.controls
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()                                  # Posse d'Abadia + Olhos d'Água
    c["unit"].value = "520110815"                     # another unit
    c["undo"].click()                                 # back to the two districts
    assert first.scenario.districts == ("520010010", OLHOS_DAGUA)
    # Reload: a new kernel on the page's session file.
    second = Explorer(store, draw_map=False, state_file=state)
    assert second.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert not second.controls["undo"].disabled and not second.controls["redo"].disabled
    second.controls["redo"].click()
    assert second.scenario.districts == ("520110815",)
    second.controls["undo"].click()
    second.controls["undo"].click()
    assert second.scenario.districts == ("520010010",) and second.controls["undo"].disabled
    # A step whose limits file is gone (a swept temporary folder) is left out; a hand-edited
    # file with too many steps is refused, naming the bound.
    import json

    from viabilidade.explore.history import MAX_STEPS

    doc = json.loads(state.read_text("utf-8"))
    step = dict(doc["redo"][-1], boundary=str(tmp_path / "sumiu.geojson"))
    doc["redo"].append(step)
    state.write_text(json.dumps(doc), "utf-8")
    third = Explorer(store, draw_map=False, state_file=state)
    assert len(third.history.steps()[1]) == len(doc["redo"]) - 1
    doc["undo"] = [doc["redo"][0]] * (MAX_STEPS + 1)
    state.write_text(json.dumps(doc), "utf-8")
    fourth = Explorer(store, draw_map=False, state_file=state)
    assert fourth.panes["session"].value == (
        f'<p style="color:#b71c1c">{state}: a sessão anterior não pôde ser restaurada (51 passos '
        "para desfazer; no máximo 50); o explorador começa do cenário inicial</p>")


def test_a_broken_state_file_is_reported_and_not_restored(store, tmp_path):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    state = tmp_path / ".explorar-estado.json"
    state.write_text('{"version": 1, "scenario": {"name": ""}}', encoding="utf-8")
    e = Explorer(store, draw_map=False, state_file=state)
    assert e.scenario.districts == ("520010010",)
    assert e.panes["session"].value.startswith(
        f'<p style="color:#b71c1c">{state}: a sessão anterior não pôde ser restaurada (')
    assert "o explorador começa do cenário inicial" in e.panes["session"].value


def test_scenario_round_trip_keeps_everything(store, tmp_path):
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.explore.persist import scenario_dict, scenario_from_dict
    from viabilidade.explore.projection import Projection
    from viabilidade.explore.scenario import AREA, FigureOverride, Scenario

    base = Scenario.from_candidate(load_candidate(REPO / "data" / "candidates" / "posse-dabadia.toml"))
    s = (base.with_override(FigureOverride(AREA, "electors", 2500))
         .with_projection(Projection("population", 2027, 0.012, 0.005))
         .replace(creation_year=2027))
    back = scenario_from_dict(scenario_dict(s))
    assert back == s and back.base == s.base


def test_the_state_file_is_ignored_by_git():
    import shutil
    import subprocess

    if not shutil.which("git") or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    from viabilidade.explore.persist import STATE_NAME

    for name in (STATE_NAME, "santa-rosa-2.toml", "limites.kml"):
        r = subprocess.run(["git", "-C", str(REPO), "check-ignore", "-q", f"data/candidates/{name}"])
        assert r.returncode == 0, name
    tracked = subprocess.run(["git", "-C", str(REPO), "ls-files", "data/candidates"],
                             capture_output=True, text=True).stdout.split()
    assert "data/candidates/posse-dabadia.toml" in tracked


def test_a_drawing_of_a_kept_session_is_kept_beside_it_and_saved_beside_the_candidate(store, tmp_path):
    pytest.importorskip("ipyleaflet")
    from viabilidade.profile.analysis import analyse
    from viabilidade.explore.widgets import Explorer

    state = tmp_path / "cands" / ".explorar-estado.json"
    first = Explorer(store, state_file=state)
    ring = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]
    first.map._drawn(action="created", geo_json={"type": "Feature", "properties": {},
                                                 "geometry": {"type": "Polygon", "coordinates": [ring]}})
    drawn = first.scenario.boundary
    assert drawn.parent == tmp_path / "cands" / ".explorar-desenhos"
    assert drawn.name.startswith("posse-dabadia-") and drawn.suffix == ".geojson"
    # After a restart the drawing is still the area, and saving puts it beside the candidate.
    second = Explorer(store, draw_map=False, state_file=state)
    assert second.scenario.boundary == drawn and second.analysis is not None
    second.controls["save_path"].value = str(tmp_path / "salvos" / "posse.toml")
    path = second.save()
    assert (tmp_path / "salvos" / "posse.geojson").read_bytes() == drawn.read_bytes()
    assert 'boundary = "posse.geojson"' in path.read_text("utf-8")
    assert analyse(path, store=store).profile.area.area_km2.value == \
        second.analysis.profile.area.area_km2.value
    # With the map: the drawing is back in the drawing tool, so the trash tool deletes it
    # (issue 31: after a reload the toolbar said «Nada para apagar»), and the limits go with it.
    third = Explorer(store, state_file=state)
    assert third.scenario.boundary == drawn
    assert [f["geometry"]["coordinates"] for f in third.map.draw.data] == [[ring]]
    assert third.map.drawn == {"type": "Polygon", "coordinates": [ring]}
    third.map._drawn(action="deleted", geo_json=third.map.draw.data[0])
    assert third.scenario.boundary is None and third.map.drawn is None


def test_the_app_and_jupyterlab_keep_one_session_each():
    # Voilà (make explorar) and JupyterLab wrote the same file: the last writer won.
    from viabilidade.explore.persist import DEFAULT_FOLDER, default_state_file, in_voila

    voila = {"SERVER_SOFTWARE": "voila/0.5.8", "VOILA_BASE_URL": "/"}
    assert in_voila(voila) and in_voila({"VOILA_BASE_URL": "/"}) and not in_voila({})
    assert default_state_file(voila) == DEFAULT_FOLDER / ".explorar-estado-app.json"
    assert default_state_file({}) == DEFAULT_FOLDER / ".explorar-estado.json"
    assert default_state_file({**voila, "VIABILIDADE_ESTADO_EXPLORAR": "/tmp/s.json"}) == Path("/tmp/s.json")


def test_each_page_of_the_app_keeps_its_own_session_named_in_its_url():
    # Two users of one server shared .explorar-estado-app.json (issue 31): each page now has
    # its own file, named by ?sessao= in its URL; a reload (same URL) finds it again.
    from viabilidade.explore.persist import DEFAULT_FOLDER, in_voila, page_key, page_state_file

    assert in_voila({"VOILA_PREHEAT": "True"})          # a pre-heated kernel, before its page
    assert page_key("token=abc&sessao=3f2a9c0d1e2b4a5f") == ("3f2a9c0d1e2b4a5f", True)
    assert page_key("sessao=equipe_1-b") == ("equipe_1-b", True)
    new, named = page_key("token=abc")
    assert not named and len(new) == 16 and int(new, 16) >= 0
    assert page_key("")[0] != page_key("")[0]           # every page without a key gets a new one
    for hostile in ("../../etc/passwd", "a b", "x" * 65, "sessão", "a%00b", "a/b"):
        key, named = page_key("sessao=" + hostile)
        assert not named and len(key) == 16, hostile
    voila = {"SERVER_SOFTWARE": "voila/0.5.13"}
    assert page_state_file("abc", voila) == DEFAULT_FOLDER / ".explorar-estado-app-abc.json"
    assert page_state_file("abc", {"VIABILIDADE_ESTADO_EXPLORAR": "/tmp/s.json"}) == Path("/tmp/s-abc.json")
    with pytest.raises(ValueError, match="not a session key: '../x'"):
        page_state_file("../x", voila)


def test_a_session_opened_after_the_page_restores_what_the_page_left(tmp_path):
    # The app's pre-heated kernel builds the explorer before the page asks; the page's session
    # is opened then (Explorer.open_session): a new key writes the start, an old one restores.
    from viabilidade.data.store import load_store
    from viabilidade.explore.scenario import Scenario
    from viabilidade.explore.widgets import Explorer

    store = load_store(PROCESSED)
    state = tmp_path / "s-k1.json"
    first = Explorer(store, draw_map=False, session_later=True)
    assert first.state_file is None and not state.exists()
    first.open_session(state, link="k1")
    assert state.is_file() and "data-sessao='k1'" in first.panes["link"].value
    # The link has no token: it says it opens straight only in this browser (issue 31).
    assert ("O link não leva o token de acesso: abre direto neste navegador; em outro navegador, "
            "abra antes o endereço com <code>?token=…</code> que o servidor mostrou ao iniciar.") \
        in first.panes["link"].value
    first._set_scenario(lambda: Scenario.for_district(store, "520510910"))
    second = Explorer(store, draw_map=False, session_later=True)
    assert second.scenario.name == "Posse d'Abadia"
    second.open_session(state, link="k1")
    assert second.scenario.name == first.scenario.name != "Posse d'Abadia"
    assert "Sessão anterior restaurada" in second.panes["session"].value


def test_a_restored_session_opens_the_map_on_its_area_even_the_starting_one(store, tmp_path):
    # Issue 31: the pre-heated kernel first shows all of Goiás; a session restoring the same
    # area as that start (Posse d'Abadia, every reload of an unchanged page) left the map there.
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import CENTER, ZOOM, area_bounds, fit_view
    from viabilidade.explore.scenario import Scenario
    from viabilidade.explore.widgets import Explorer

    state = tmp_path / "s-k2.json"
    first = Explorer(store, session_later=True)
    first.open_session(state, link="k2")                      # nothing to restore: the state
    assert (tuple(first.map.map.center), first.map.map.zoom) == (CENTER, ZOOM)
    second = Explorer(store, session_later=True)
    assert (tuple(second.map.map.center), second.map.map.zoom) == (CENTER, ZOOM)
    second.open_session(state, link="k2")                     # restored: Posse d'Abadia
    posse = fit_view(area_bounds(store, Scenario.for_district(store, "520010010")))
    assert (tuple(second.map.map.center), second.map.map.zoom) == posse
    assert posse[1] == 11.0 and posse != (CENTER, ZOOM)


def test_a_new_pages_first_write_keeps_the_newest_page_sessions_only(tmp_path, monkeypatch):
    """GIS review: every page opened left a session file in the candidates folder, never
    removed. A page's first write keeps the PAGE_STATES_MAX newest (itself included)."""
    import os

    from viabilidade.explore import persist

    base = tmp_path / ".explorar-estado-app.json"
    monkeypatch.setenv(persist.STATE_ENV, str(base))
    monkeypatch.setattr(persist, "PAGE_STATES_MAX", 3)
    for i, key in enumerate(("aaaa", "b-b_b", "cccc")):
        page = persist.page_state_file(key)
        page.write_text("{}", encoding="utf-8")
        os.utime(page, ns=(10**18 + i, 10**18 + i))
    base.write_text("{}", encoding="utf-8")                       # the app's own: kept
    (tmp_path / "outro.json").write_text("{}", encoding="utf-8")  # not a page's: kept
    persist.write_session(persist.page_state_file("dddd"), "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".explorar-estado-app-b-b_b.json", ".explorar-estado-app-cccc.json",
        ".explorar-estado-app-dddd.json", ".explorar-estado-app.json", "outro.json"]
    persist.write_session(persist.page_state_file("dddd"), "{}")  # not new: nothing removed
    assert len(list(tmp_path.iterdir())) == 5
    monkeypatch.setattr(persist, "PAGE_STATES_MAX", 4)
    persist.write_session(persist.page_state_file("eeee"), "{}")   # 4 pages now: none removed
    assert len(list(tmp_path.glob(".explorar-estado-app-*.json"))) == 4
