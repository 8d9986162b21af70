"""The explorer's live measure and search (issue 31, GIS tools), on the real store."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


def _abadiania_ring(store):
    g = store.boundaries.set_index("cod_ibge").at["5200100", "geometry"]
    return list(max(getattr(g, "geoms", [g]), key=lambda p: p.area).exterior.coords)


def test_measure_of_abadianias_outline_is_the_stores_area_and_perimeter(store):
    from viabilidade.explore.tools.measure import measure, measure_text
    from viabilidade.geo.measure import geodesic_perimeter_m

    ring = _abadiania_ring(store)
    m = measure(ring)           # the repeated closing vertex is dropped
    assert m.vertices == len(ring) - 1 == 8135
    # The mesh's geodesic area measured at the store's build (official_areas.area_malha_km2)
    # and the IBGE's official area, 1.044,555 km².
    malha = float(store.official_areas.set_index("cod_ibge").at["5200100", "area_malha_km2"])
    assert m.area_km2 == pytest.approx(malha, abs=1e-6)
    assert m.area_km2 == pytest.approx(1044.555, abs=0.001)
    assert m.perimeter_km == pytest.approx(geodesic_perimeter_m(
        store.boundaries.set_index("cod_ibge").at["5200100", "geometry"]) / 1000, abs=1e-9)
    assert m.length_km < m.perimeter_km
    assert measure_text(m, drawing=False) == ("Comprimento: 241,60 km · Perímetro: 241,61 km · "
                                              "Área: 1.044,55 km² — geodésicos, SIRGAS 2000 (GRS80)")


def test_measure_while_drawing_and_below_three_vertices():
    from viabilidade.explore.tools.measure import IDLE, measure, measure_text

    assert measure_text(measure([])) == IDLE
    assert measure_text(measure([(-48.0, -16.0)])) == IDLE
    # The meridian arc from 15° S to 16° S on GRS80: the meridian radius at 15,5° S,
    # a(1 − e²)/(1 − e² sin²φ)^1,5 = 6.339.985 m, times π/180: 110,654 km (a line has no area).
    two = measure([(-48.0, -16.0), (-48.0, -15.0)])
    assert two.area_km2 is None and two.length_km == pytest.approx(110.654, abs=1e-3)
    assert measure_text(two) == "Comprimento: 110,65 km — geodésicos, SIRGAS 2000 (GRS80)"
    three = measure([(-48.0, -16.0), (-47.9, -16.0), (-47.9, -15.9)])
    assert measure_text(three) == ("Comprimento: 21,77 km · Perímetro (fechando no 1º vértice): "
                                   "37,17 km · Área: 59,22 km² — geodésicos, SIRGAS 2000 (GRS80)")
    # A bow tie is measured as the two triangles it encloses, not as zero.
    bow = measure([(-48.0, -16.0), (-47.9, -15.9), (-47.9, -16.0), (-48.0, -15.9)])
    assert bow.area_km2 == pytest.approx(118.47 / 2, abs=0.05)


def test_measure_refuses_what_is_not_a_place():
    from viabilidade.explore.tools.measure import MAX_VERTICES, measure

    with pytest.raises(ValueError) as e:
        measure([(-48.0, -16.0), (200.0, -16.0)])
    assert str(e.value) == ("coordenada fora do globo (longitude 200.0, latitude -16.0); esperadas "
                            "longitude entre -180 e 180 e latitude entre -90 e 90")
    with pytest.raises(ValueError) as e:
        measure([(-48.0, float("nan"))])
    assert "coordenada fora do globo (longitude -48.0, latitude nan)" in str(e.value)
    with pytest.raises(ValueError) as e:
        measure([(-48.0, -16.0)] * (MAX_VERTICES + 1))
    assert str(e.value) == "o desenho tem 200.001 vértices; o máximo medido é 200.000"
    measure([(-48.0, -16.0)] * MAX_VERTICES)     # the bound itself is measured


def test_readout_measures_the_drawing_tools_polygon():
    pytest.importorskip("ipyleaflet")
    import ipyleaflet as L

    from viabilidade.explore.tools.measure import IDLE, MeasureReadout

    draw = L.DrawControl()
    r = MeasureReadout(draw)
    square = [[-48.0, -16.0], [-47.9, -16.0], [-47.9, -15.9], [-48.0, -15.9], [-48.0, -16.0]]
    draw._handle_leaflet_event(None, {"event": "draw:created",
                                      "geo_json": {"type": "Feature", "properties": {},
                                                   "geometry": {"type": "Polygon", "coordinates": [square]}}}, [])
    assert "Área: 118,47 km²" in r.widget.value and "fechando" not in r.widget.value
    # About 0,1° of latitude (11,065 km) by 0,1° of longitude at 15,95° S (10,706 km).
    assert r.last.area_km2 == pytest.approx(11.065 * 10.706, abs=0.05)
    draw._handle_leaflet_event(None, {"event": "draw:deleted",
                                      "geo_json": {"type": "Feature", "properties": {},
                                                   "geometry": {"type": "Polygon", "coordinates": [square]}}}, [])
    assert IDLE in r.widget.value and r.last is None


@pytest.mark.parametrize("query, codes", [
    ("agua fria", ["5200175"]),
    ("ÁGUA FRIA DE GOIÁS", ["5200175"]),
    ("POSSE D", ["520010010"]),
    ("Posse D’Abadia", ["520010010"]),          # a typographic apostrophe, as `novo`
    ("posse d'abadia", ["520010010"]),
    ("posse", ["5218300", "520010010"]),             # exact name first, then the district
    ("santa rosa", ["520800410", "5219506"]),       # the district is named exactly so
    ("  santa   rosa  ", ["520800410", "5219506"]),
    ("520010010", ["520010010"]),
    ("5200100", ["5200100", "520010005", "520010010"]),     # and its districts' codes
    ("a", []), ("", []), ("zzz", []),
])
def test_search_by_folded_name_or_code(store, query, codes):
    from viabilidade.explore.tools.search import find

    assert [u.code for u in find(store, query)] == codes


def test_search_lists_at_most_twelve_and_finds_seat_districts_by_code(store):
    from viabilidade.explore.tools.search import MAX_RESULTS, find

    many = find(store, "de goias")
    assert len(many) == MAX_RESULTS == 12 and all(u.kind == "municipio" for u in many)
    assert [u.label for u in find(store, "520010005")] == ["Abadiânia — distrito-sede de Abadiânia"]
    # Seat districts bear their municipality's name: by name only the municipality is listed.
    assert [u.label for u in find(store, "abadiania")] == ["Abadiânia — município"]
    assert find(store, "x" * 10_000) == []


def test_the_units_are_listed_once_per_store_not_per_keystroke(store, monkeypatch):
    from viabilidade.data.store import load_store
    from viabilidade.explore.tools import search

    calls = []
    real = search.units
    monkeypatch.setattr(search, "units", lambda s: calls.append(s) or real(s))
    monkeypatch.setattr(search, "_indexes", {})
    for typed in ("po", "pos", "poss", "posse", "5218"):
        search.find(store, typed)
    assert calls == [store]
    other = load_store()            # another store (data updated, the page reloaded): its own
    assert [u.code for u in search.find(other, "posse")] == ["5218300", "520010010"]
    assert calls == [store, other]


def test_search_box_goes_to_the_unit_and_says_why_nothing_was_found(store):
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import ScenarioMap
    from viabilidade.explore.tools.search import SearchBox

    m = ScenarioMap(store, lambda code: None, basemap=False)
    box = SearchBox(store, m)
    box.text.value = "formosa"             # one unit of that whole name: at once
    assert m.map.center == [-15.175041, -47.235341]
    assert m.map.zoom == 8.5
    assert box.note.value == "<span>No mapa: <b>Formosa — município</b> (5208004).</span>"
    assert box.found.data["features"][0]["properties"]["code"] == "5208004"
    box.text.value = "santa r"
    # All start so: municipalities first, then districts, each by name.
    assert [label for label, _ in box.results.options] == [
        "Santa Rita do Araguaia — município", "Santa Rita do Novo Destino — município",
        "Santa Rosa de Goiás — município", "Santa Rosa — distrito de Formosa"]
    assert box.note.value == "<span>4 encontrados; escolha um para ir até ele.</span>"
    box.results.value = box.results.options[3][1]
    assert box.found.data["features"][0]["properties"]["code"] == "520800410"
    assert m.map.zoom >= 9
    box.text.value = "5200100"             # a whole code: to that unit at once
    assert box.found.data["features"][0]["properties"]["code"] == "5200100"
    assert box.note.value == "<span>No mapa: <b>Abadiânia — município</b> (5200100).</span>"
    box.text.value = "Goiânia <b>"
    assert box.note.value == ("<span style='color:#b71c1c'>Nenhum município ou distrito com "
                              "«Goiânia &lt;b&gt;» no nome ou no código.</span>")
    assert box.results.layout.display == "none"
    box.text.value = "g"
    assert box.note.value == "<span>Escreva ao menos duas letras.</span>"


def test_enter_takes_the_one_result_and_a_click_in_a_found_district_takes_it(store):
    # Issue 31: Enter did nothing with a single result; a click inside a searched district's
    # outline took the whole municipality under it.
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import ScenarioMap
    from viabilidade.explore.tools.search import SearchBox

    clicked = []
    m = ScenarioMap(store, clicked.append, basemap=False)
    box = SearchBox(store, m)
    box.text.value = "posse d'"            # one result, not its whole name: not gone to yet
    assert [label for label, _ in box.results.options] == ["Posse d'Abadia — distrito de Abadiânia"]
    assert box.found.data["features"] == []
    box.text._handle_custom_msg({"event": "submit"}, [])     # Enter, as the page sends it
    assert box.results.value.code == "520010010"
    assert box.note.value == ("<span>No mapa: <b>Posse d&#x27;Abadia — distrito de Abadiânia</b> "
                              "(520010010).</span>")
    feature = box.found.data["features"][0]
    assert feature["properties"]["style"]["interactive"] and feature["properties"]["style"]["fill"]
    box.found._handle_mouse_events(None, {"event": "click", "properties": feature["properties"]}, [])
    assert clicked == ["520010010"]
    box.text.value = "santa r"             # several: Enter waits for a choice
    assert box.submit() is None and box.results.value is None
    box.text.value = "abadiania"           # a municipality found: its outline takes no click
    assert box.found.data["features"][0]["properties"]["style"]["interactive"] is False


def test_readout_measures_the_polygon_while_it_is_drawn_with_the_drawing_tool():
    # Issue 31: ⬟ measured only the closed polygon. The page script (live_measure) writes the
    # vertices into the readout's hidden text box at each vertex and mouse move.
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.tools.measure import (IDLE, LIVE_CLASS, LIVE_JS, MAX_LIVE_CHARS,
                                                   MeasureReadout, live_measure)

    r = MeasureReadout()
    assert LIVE_CLASS in r.vertices._dom_classes and r.vertices.layout.display == "none"
    r.vertices.value = "[[-48.0, -16.0], [-47.9, -16.0]]"
    assert r.widget.value == ("<span class='viab-medida'>Comprimento: 10,70 km — geodésicos, "
                              "SIRGAS 2000 (GRS80)</span>")
    r.vertices.value = "[[-48.0, -16.0], [-47.9, -16.0], [-47.9, -15.9]]"
    assert ("Comprimento: 21,77 km · Perímetro (fechando no 1º vértice): 37,17 km · Área: 59,22 km²"
            in r.widget.value)
    # The drawing ended (closed or cancelled): back to what the explorer shows, or idle.
    r.vertices.value = "[]"
    assert IDLE in r.widget.value and r.last is None
    back = []
    r.after_drawing = lambda: back.append(True)
    r.vertices.value = "[[-48.0, -16.0], [-47.9, -16.0]]"
    r.vertices.value = "[]"
    assert back == [True]
    # What the page sends is bounded and checked, each problem said in Portuguese.
    r.vertices.value = "x" * (MAX_LIVE_CHARS + 1)
    assert "o desenho enviado pela página tem 200.001 caracteres; o máximo medido é 200.000" in r.widget.value
    for bad in ("{", '{"a": 1}', "[[1, 2, 3]]", '[["-48", -16]]', "[[true, 1]]"):
        r.vertices.value = bad
        assert ("os vértices enviados pela página não são uma lista JSON de [longitude, latitude]"
                in r.widget.value), bad
    r.vertices.value = "[[-48.0, -16.0], [200.0, -16.0]]"
    assert "coordenada fora do globo (longitude 200.0, latitude -16.0)" in r.widget.value
    # The script: Leaflet.draw's polygon handler, the box of the same explorer page.
    assert live_measure().data == LIVE_JS
    for part in ("proto._vertexChanged = function", "proto._onMouseMove = function",
                 "proto.removeHooks = function", f'page.querySelector(".{LIVE_CLASS} input")',
                 'box.dispatchEvent(new Event("change", {bubbles: true}));'):
        assert part in LIVE_JS, part


def test_a_refusal_about_the_drawn_area_is_said_of_the_polygon_in_whole_sentences():
    """GIS review: "a área desenhada em o polígono desenhado tem 2 partes" and "fica dentro da
    área desenhada em o município de origem perderia a sede" (the sentence cut at the file's
    name). The three forms coherence writes, said of the drawn polygon."""
    from viabilidade.explore.panels.labels import drawn_words

    name = "desenho-3b40421b.geojson"
    assert drawn_words(f"a área desenhada em {name} tem 2 partes que não se tocam", name) == (
        "o polígono desenhado tem 2 partes que não se tocam")
    assert drawn_words(
        f"a sede de Abadiânia (5200100; IBGE, sedes municipais) fica dentro da área desenhada em "
        f"{name}: o município de origem perderia a sede; esperado um polígono", name) == (
        "a sede de Abadiânia (5200100; IBGE, sedes municipais) fica dentro do polígono "
        "desenhado: o município de origem perderia a sede; esperado um polígono")
    assert drawn_words(f"o município de origem 5200100 (Abadiânia) não toca a área desenhada em "
                       f"{name}: nenhum ponto em comum", name) == (
        "o município de origem 5200100 (Abadiânia) não toca o polígono desenhado: nenhum ponto "
        "em comum")
    assert drawn_words(f"{name}: 21,9 % fora", name) == "21,9 % fora"
