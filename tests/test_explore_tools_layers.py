"""The explorer's layer control, offline basemap and tools panel (issue 31, GIS tools)."""

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


@pytest.fixture(scope="module")
def explorer(store, tmp_path_factory):
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.widgets import Explorer

    e = Explorer(store, basemap=False)
    e.controls["save_path"].value = str(tmp_path_factory.mktemp("cands")) + "/"
    e.widget()
    return e


def test_legend_swatches_are_the_layers_own_styles(explorer):
    from viabilidade.explore.leaflet_map import SKETCH_STYLE
    from viabilidade.explore.state_map import AREA_COLOUR
    from viabilidade.explore.tools.layers import layer_rows, swatch_html

    m = explorer.map
    rows = {r.key: r for r in layer_rows(m)}
    assert list(rows) == ["municipios", "distritos", "area", "esboco", "rotulos"]
    assert (rows["municipios"].colour, rows["municipios"].dash) == (m.municipalities.style["color"], False)
    assert (rows["distritos"].colour, rows["distritos"].dash) == (m.territories.style["color"], True)
    assert rows["area"].colour == AREA_COLOUR and rows["esboco"].colour == SKETCH_STYLE["color"] == "#6a1b9a"
    assert rows["esboco"].dash and rows["esboco"].panes == ("desenho", "overlay")
    assert swatch_html(rows["distritos"]) == (
        "<span class='viab-amostra' data-camada='distritos' style='display:inline-block;width:22px;"
        "height:0;border-top:3px dashed #455a64;vertical-align:middle'></span>")


def test_toggles_and_opacity_are_css_on_the_maps_own_panes(explorer):
    layers = explorer.tools.layers
    assert layers.scope in explorer.map.map._dom_classes
    assert layers.style.value == "<style></style>"
    layers.set("distritos", shown=False)
    layers.set("municipios", opacity=0.5)
    s = layers.scope
    assert layers.style.value == (f"<style>.{s} .leaflet-municipios-pane{{opacity:0.50}}"
                                  f".{s} .leaflet-territorios-pane{{display:none}}"
                                  f".{s} .leaflet-distritos-pane{{display:none}}</style>")
    layers.set("distritos", shown=True)
    layers.set("municipios", opacity=1.0)
    assert layers.style.value == "<style></style>"


def test_offline_basemap_is_drawn_from_the_store(store, explorer):
    from viabilidade.explore.tools.basemap import names_in_view, seats_geojson, state_geojson

    m, b = explorer.map, explorer.tools.basemap
    assert b.choice.value == "local" and not m.basemap_on.value
    assert [layer.name for layer in m.map.layers][:2] == ["fundo: Goiás", "fundo: sedes municipais"]
    assert m.tiles not in m.map.layers                      # no tile request at all
    assert len(seats_geojson(store)["features"]) == 246
    import shapely

    from viabilidade.geo.measure import geodesic_area_km2

    state = shapely.geometry.shape(state_geojson(store)["features"][0]["geometry"])
    # One polygon without holes (the Distrito Federal is on the border), of Goiás's area: the
    # IBGE's official 340.242,858 km², to 0,1 % after the simplification for the browser.
    assert state.geom_type == "Polygon" and not state.interiors
    assert geodesic_area_km2(state) == pytest.approx(340242.858, rel=1e-3)
    # Around Abadiânia at zoom 9: the seats in view by name; the vilas from zoom 10.
    box = ((-16.5, -49.0), (-15.9, -48.4))
    assert [n for _, n, _ in names_in_view(store, box, 9)] == [
        "Abadiânia", "Alexânia", "Anápolis", "Corumbá de Goiás", "Gameleira de Goiás"]
    box = ((-16.3, -48.9), (-16.0, -48.6))
    assert [(n, k) for _, n, k in names_in_view(store, box, 9)] == [("Abadiânia", "sede")]
    assert [(n, k) for _, n, k in names_in_view(store, box, 10)] == [
        ("Abadiânia", "sede"), ("Posse d'Abadia", "vila"), ("Joanápolis", "vila")]
    assert names_in_view(store, box, 8) == []
    m.map.set_trait("bounds", box)
    m.map.zoom = 10
    assert [mk.icon.html for mk in b.names.layers] == [
        "<div class='viab-fundo sede'>Abadiânia</div>", "<div class='viab-fundo vila'>Posse d&#x27;Abadia</div>",
        "<div class='viab-fundo vila'>Joanápolis</div>"]
    b.set("none")
    assert m.tiles not in m.map.layers and b.state not in m.map.layers
    b.set("local")
    # Online (a map allowed to ask for tiles, started without them), OpenStreetMap chosen: the
    # tiles alone; the legend's switch off again: the store's basemap back.
    from viabilidade.explore.leaflet_map import ScenarioMap
    from viabilidade.explore.tools.basemap import Basemap

    on = ScenarioMap(store, lambda code: None, basemap=False, online=True)
    ob = Basemap(store, on)
    assert ob.choice.value == "local" and on.tiles not in on.map.layers and ob.note.value == ""
    on.map.set_trait("bounds", box)
    on.map.zoom = 10
    ob.set("osm")
    assert on.basemap_on.value and on.tiles in on.map.layers and ob.state not in on.map.layers
    assert list(ob.names.layers) == []
    on.basemap_on.value = False
    assert ob.choice.value == "local" and on.tiles not in on.map.layers and ob.state in on.map.layers


def test_tracing_holds_back_the_pick_and_exports_come_as_links(explorer, tmp_path):
    # «Salvar em» naming another file (a second save, posse-dabadia-2.toml): the exports keep
    # the unit's name (issue 31: posse-dabadia-2-cenarios.*).
    explorer.controls["save_path"].value = str(tmp_path / "posse-dabadia-2.toml")
    before = explorer.scenario
    trace = explorer.tools.trace
    trace.start()
    explorer.map._clicked(properties={"code": "5200308"})      # Alexânia, while tracing
    assert explorer.scenario == before
    trace.stop()
    explorer.tools.export_button.click()
    pane = explorer.tools.export_pane.value
    assert pane.startswith("<p>Arquivos prontos (clique para baixar).</p><ul>")
    for name in ("posse-dabadia-cenarios.gpkg", "posse-dabadia-cenarios-shp.zip",
                 "posse-dabadia-cenarios.csv"):
        assert f'<a download="{name}"' in pane
    # export_for (what the button calls) returns the three files it links, each a real one
    # (the GeoPackage carries a timestamp, so the two panes are not compared byte for byte)
    import ipywidgets as W

    from viabilidade.explore.tools.panel import export_for

    again = W.HTML("")
    files = export_for(explorer, again)
    assert sorted(files) == ["posse-dabadia-cenarios-shp.zip", "posse-dabadia-cenarios.csv",
                             "posse-dabadia-cenarios.gpkg"]
    assert files["posse-dabadia-cenarios.gpkg"].startswith(b"SQLite format 3\x00")
    assert files["posse-dabadia-cenarios-shp.zip"].startswith(b"PK\x03\x04")
    assert files["posse-dabadia-cenarios.csv"].splitlines()[0].startswith(b"WKT,")


def test_the_measure_line_describes_the_limits_in_use(explorer, tmp_path):
    # A square closed with ⬟ is measured (0,06° × 0,06° at 16,1° S: 6,64 km × 6,41 km); an uploaded file in its place is measured instead
    # (issue 31: the line kept the removed drawing's figures); «Tirar os limites» clears it.
    from viabilidade.explore.leaflet_map import boundary_geojson
    from viabilidade.explore.tools.measure import IDLE

    readout = explorer.tools.readout
    square = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]
    explorer.map._drawn(action="created", geo_json={
        "type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [square]}})
    assert explorer.scenario.boundary is not None
    assert readout.widget.value == ("<span class='viab-medida'>Limites em uso — Perímetro: 26,12 km · "
                                    "Área: 42,62 km² — geodésicos, SIRGAS 2000 (GRS80)</span>")
    small = [[-48.82, -16.12], [-48.79, -16.12], [-48.79, -16.09], [-48.82, -16.09], [-48.82, -16.12]]
    used = explorer.upload("menor.geojson", boundary_geojson(
        {"type": "Polygon", "coordinates": [small]}, "5200100", "Menor").encode())
    assert used is not None and explorer.scenario.boundary == used
    assert "Área: 10,65 km²" in readout.widget.value and "42,62" not in readout.widget.value
    explorer.controls["clear_boundary"].click()
    assert IDLE in readout.widget.value and readout.last is None


def test_offline_openstreetmap_is_said_unavailable_and_never_asked_for(store):
    # Issue 31: offline (the notebook's default), OpenStreetMap was offered and gave a grey
    # map with a failing tile request on every pan, saying nothing.
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import BASEMAP_SWITCH_OFFLINE, ScenarioMap
    from viabilidade.explore.tools.basemap import OSM_OFFLINE, Basemap

    m = ScenarioMap(store, lambda code: None, basemap=False)
    assert not m.online and m.basemap_on.disabled
    assert m.basemap_on.description == BASEMAP_SWITCH_OFFLINE == (
        "Mapa de fundo da internet (OpenStreetMap): indisponível sem internet")
    b = Basemap(store, m)
    assert b.choice.options == (("das camadas do estudo (sem internet)", "local"),
                                ("OpenStreetMap (indisponível sem internet)", "osm"), ("nenhum", "none"))
    assert OSM_OFFLINE in b.note.value and "#546e7a" in b.note.value
    b.choice.value = "osm"                                   # the user picks it anyway
    assert b.choice.value == "local" and m.tiles not in m.map.layers and b.state in m.map.layers
    assert "#b71c1c" in b.note.value and OSM_OFFLINE in b.note.value
    assert OSM_OFFLINE == ("OpenStreetMap indisponível: este explorador funciona sem internet e não "
                           "pede nada fora do servidor. Para usá-lo, ponha basemap = True na célula "
                           "de parâmetros do notebook (explorar.ipynb) e abra o explorador de novo.")
    b.choice.value = "none"
    b.choice.value = "osm"
    assert b.choice.value == "none" and m.tiles not in m.map.layers and b.state not in m.map.layers
    m.basemap_on.value = True                                # the greyed switch, forced
    assert not m.basemap_on.value and m.tiles not in m.map.layers
    # Online (basemap=True): offered and put on as before.
    online = ScenarioMap(store, lambda code: None, basemap=True)
    assert online.online and not online.basemap_on.disabled and online.tiles in online.map.layers
    assert Basemap(store, online).note.value == ""
