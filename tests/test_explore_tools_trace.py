"""Tracing along the municipal lines of the full mesh (issue 31, GIS tools), on the real store."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
ABADIANIA = "5200100"


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture(scope="module")
def ring(store):
    g = store.boundaries.set_index("cod_ibge").at[ABADIANIA, "geometry"]
    assert len(g.geoms) == 1 and not g.geoms[0].interiors
    return g.geoms[0].exterior


@pytest.fixture(scope="module")
def scenario_map(store):
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import ScenarioMap

    return ScenarioMap(store, lambda code: None, basemap=False)


@pytest.fixture
def tool(store, scenario_map):
    from viabilidade.explore.tools.measure import MeasureReadout
    from viabilidade.explore.tools.trace import TraceTool

    picked, drawn = [], []
    m = scenario_map
    m.on_click = lambda code: picked.append(code)
    m.on_drawn = lambda: drawn.append(m.drawn)
    t = TraceTool(store, m, MeasureReadout(m.draw), origins=lambda: (ABADIANIA,))
    m.on_click = t.guard(m.on_click)
    m.map.zoom = 12
    return t, picked, drawn


def test_pixels_to_degrees_as_web_mercator_draws_them():
    from viabilidade.explore.tools.trace import degrees_per_pixel

    assert degrees_per_pixel(0, 0) == 360 / 256
    assert degrees_per_pixel(12, 0) == pytest.approx(3.4332e-4, rel=1e-4)
    # At 16° S and zoom 12, 12 px are 0,00396° of latitude: about 440 m.
    assert degrees_per_pixel(12, -16) * 12 == pytest.approx(0.003960, abs=1e-6)


def test_snap_to_a_vertex_a_segment_or_nothing(store, ring):
    import shapely

    from viabilidade.explore.tools.trace import Lines

    lines = Lines(store)
    v = ring.coords[1000]
    # 0,0005° off a vertex, tolerance 0,004°: on the mesh vertex nearest the click.
    click = shapely.Point(v[0] + 0.0003, v[1] + 0.0004)
    s = lines.snap(click.x, click.y, 0.004)
    nearest = min(ring.coords, key=lambda c: click.distance(shapely.Point(c)))
    assert s.on == "vértice" and s.point == tuple(map(float, nearest))
    # Tolerance smaller than the distance to any vertex but not to the line: on a segment.
    a, b = ring.coords[1000], ring.coords[1001]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    gap = shapely.Point(a).distance(shapely.Point(b)) / 2
    s = lines.snap(mid[0], mid[1], gap * 0.5)
    assert s.on == "divisa" and ring.distance(shapely.Point(s.point)) < 1e-12
    # Far from every line (the middle of Abadiânia, 10 km in): where clicked.
    c = shapely.ops.polylabel(shapely.Polygon(ring), 0.001)
    assert lines.snap(c.x, c.y, 0.004).on is None
    assert lines.snap(v[0] + 0.0003, v[1], 0).on is None     # tolerance 0: no snapping


def test_three_clicks_near_the_border_trace_abadiania_exactly(store, ring, tool):
    import shapely

    from viabilidade.geo.measure import geodesic_area_km2

    t, picked, drawn = tool
    t.start()
    for f in (0.05, 0.38, 0.71):
        p = ring.interpolate(f, normalized=True)
        t.click(p.x + 0.0004, p.y + 0.0003)       # about 55 m off the divisa, 12 px = 440 m
        t.map._clicked(properties={"code": ABADIANIA})   # the unit under the click: not picked
    assert [s.on for s in t.snaps] == ["vértice"] * 3
    assert picked == [] and "Área:" in t.readout.widget.value
    poly = t.finish()
    # The closed polygon is Abadiânia's own 8.135-vertex ring: the same area as the study's.
    assert shapely.equals_exact(shapely.normalize(poly), shapely.normalize(shapely.Polygon(ring)), 0)
    assert geodesic_area_km2(poly) == pytest.approx(1044.554182, abs=1e-6)
    assert len(drawn) == 1 and drawn[0]["type"] == "Polygon" and len(drawn[0]["coordinates"][0]) == 8136
    assert t.readout.widget.value == ("<span class='viab-medida'>Comprimento: 241,55 km · Perímetro: "
                                      "241,61 km · Área: 1.044,55 km² — geodésicos, SIRGAS 2000 (GRS80)</span>")
    # The tool is off again and clicks pick units as before.
    assert not t.active and t.map.map.double_click_zoom
    t.map._clicked(properties={"code": ABADIANIA})
    assert picked == [ABADIANIA]


def test_without_following_the_vertices_stay_where_clicked(ring, tool):
    t, _, drawn = tool
    t.start()
    t.follow.value = False
    clicks = [(p.x + 0.0004, p.y + 0.0003) for p in (ring.interpolate(f, normalized=True)
                                                     for f in (0.05, 0.38, 0.71))]
    for x, y in clicks:
        t.click(x, y)
    assert t.vertices == clicks and [s.on for s in t.snaps] == [None] * 3
    poly = t.finish()
    assert len(poly.exterior.coords) == 4 and len(drawn[0]["coordinates"][0]) == 4


def test_undo_cancel_and_refusals(ring, tool):
    t, _, drawn = tool
    t.start()
    assert t.finish_button.disabled and not t.undo_button.disabled
    assert t.finish() is None
    assert "o limite traçado tem menos de 3 vértices; clique ao menos 3 pontos" in t.status.value
    t.follow.value = False
    for x, y in [(-48.8, -16.1), (-48.7, -16.0), (-48.7, -16.1), (-48.8, -16.0)]:   # a bow tie
        t.click(x, y)
    assert not t.finish_button.disabled
    assert t.finish() is None and drawn == []
    assert ("o limite traçado cruza a si mesmo; apague o último ponto ou cancele e trace de novo"
            in t.status.value)
    t.undo()
    assert t.vertices == [(-48.8, -16.1), (-48.7, -16.0), (-48.7, -16.1)]
    # A click on the first vertex closes the polygon.
    t.click(-48.8 + 1e-5, -16.1)
    assert len(drawn) == 1 and not t.active
    t.start()
    t.click(-48.8, -16.1)
    t.cancel()
    # «Cancelar» ends the mode too (issue 31: it stayed on): the map's clicks pick units again.
    assert t.vertices == [] and not t.active and t.finish_button.disabled and t.cancel_button.disabled
    assert t.path_layer not in t.map.map.layers
    picked = []
    t.guard(picked.append)("520010010")
    assert picked == ["520010010"]


def test_dragging_the_mouse_draws_the_next_segment_snapped(ring, tool):
    t, _, _ = tool
    t.start()
    p = ring.interpolate(0.05, normalized=True)
    t.click(p.x + 0.05, p.y + 0.05)                      # inside, far from the border
    assert t.snaps[0].on is None and t.mark.opacity == 0
    t._interaction(type="mousemove", coordinates=[p.y + 0.0003, p.x + 0.0004])
    assert t.cursor.on == "vértice" and t.mark.opacity == 1
    assert t.rubber.locations[1] == [t.cursor.point[1], t.cursor.point[0]]
    assert "Comprimento:" in t.readout.widget.value and "Área" not in t.readout.widget.value
