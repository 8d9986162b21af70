"""Property tests: ``read_boundaries`` on random GeoJSON-ish documents.

Documents mix valid and damaged pieces: feature collections, bare geometries, features
without geometry, points and lines, unclosed and self-intersecting rings, empty coordinate
lists, strings for numbers, coordinates in metres, id columns with codes, names, numbers and
nulls, a ``crs`` member. Each either loads as polygons in EPSG:4674 or raises
:class:`ViabilidadeError` (GeoError) — never another exception. Fixed seed, bounded examples.
"""

from __future__ import annotations

import json

import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viabilidade.data.geometry import read_boundaries
from viabilidade.errors import GeoError, ViabilidadeError

FUZZ = settings(derandomize=True, max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

LON = st.floats(-49.5, -48.0) | st.sampled_from([-181.0, 500000.0, 0.0])
LAT = st.floats(-17.0, -15.5) | st.sampled_from([-91.0, 8200000.0, 0.0])
POINT = st.tuples(LON, LAT).map(list)
RING = st.lists(POINT, min_size=0, max_size=6).map(lambda r: r + r[:1] if len(r) > 2 else r)
BOX = st.tuples(st.floats(-49.5, -48.5), st.floats(-17.0, -16.0), st.floats(0.001, 0.5)).map(
    lambda t: [[[t[0], t[1]], [t[0] + t[2], t[1]], [t[0] + t[2], t[1] + t[2]],
                [t[0], t[1] + t[2]], [t[0], t[1]]]])
BOWTIE = st.just([[[-49.0, -16.0], [-48.9, -16.1], [-48.9, -16.0], [-49.0, -16.1], [-49.0, -16.0]]])
POLYGON_COORDS = BOX | BOWTIE | st.lists(RING, max_size=3)
GEOMETRY = st.one_of(
    st.builds(lambda c: {"type": "Polygon", "coordinates": c}, POLYGON_COORDS),
    st.builds(lambda cs: {"type": "MultiPolygon", "coordinates": cs}, st.lists(POLYGON_COORDS, max_size=3)),
    st.builds(lambda p: {"type": "Point", "coordinates": p}, POINT),
    st.builds(lambda r: {"type": "LineString", "coordinates": r}, RING),
    st.just({"type": "Polygon", "coordinates": "x"}),
    st.just({"type": "GeometryCollection", "geometries": []}),
    st.none(),
)
ID = (st.sampled_from(["5200100", "5200050", 5200100, 5200100.0, None, "", "x", "93734", True])
      | st.integers(-10, 10**8))
PROPS = st.fixed_dictionaries({}, optional={"id": ID, "name": st.text(max_size=5) | st.none(),
                                           "outro": st.integers()})
FEATURE = st.builds(lambda g, p: {"type": "Feature", "geometry": g, "properties": p}, GEOMETRY, PROPS)
CRS = st.sampled_from([None, {"type": "name", "properties": {"name": "EPSG:31982"}},
                       {"type": "name", "properties": {"name": "EPSG:4674"}},
                       {"type": "name", "properties": {"name": "nao-existe"}}])
DOCUMENT = st.one_of(
    st.builds(lambda fs, crs: {"type": "FeatureCollection", "features": fs,
                               **({"crs": crs} if crs else {})}, st.lists(FEATURE, max_size=4), CRS),
    FEATURE,
    GEOMETRY,
    st.just([]),
    st.just("texto"),
)


@FUZZ
@given(doc=DOCUMENT)
def test_random_geojson(tmp_path, doc):
    path = tmp_path / "limites.geojson"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        gdf = read_boundaries(path)
    except ViabilidadeError as e:
        assert isinstance(e, GeoError) and str(e)
        return
    assert gdf.crs.to_epsg() == 4674
    assert list(gdf.columns) == ["cod_ibge", "nome", "geometry"]
    assert gdf["cod_ibge"].str.fullmatch(r"\d+").all()
    assert all(g.geom_type in ("Polygon", "MultiPolygon") and g.is_valid and not g.is_empty
               for g in gdf.geometry)


@FUZZ
@given(data=st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes(tmp_path, data):
    path = tmp_path / "limites.geojson"
    path.write_bytes(data)
    try:
        read_boundaries(path)
    except GeoError as e:
        assert str(e)


def test_a_box_loads_as_a_polygon(tmp_path):
    """The generator's valid pieces are valid GeoJSON: a box with a code loads."""
    path = tmp_path / "limites.geojson"
    box = [[[-49.0, -16.0], [-48.9, -16.0], [-48.9, -15.9], [-49.0, -15.9], [-49.0, -16.0]]]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"id": "5200100"},
         "geometry": {"type": "Polygon", "coordinates": box}}]}), encoding="utf-8")
    gdf = read_boundaries(path)
    assert gdf["cod_ibge"].tolist() == ["5200100"]
    assert shapely.equals(gdf.geometry.iloc[0], shapely.Polygon(box[0]))
