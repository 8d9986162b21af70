"""Art. 4 III continuity of the remainder, with the I-5 sliver tolerance (geo.continuity)."""

from __future__ import annotations

import json
from pathlib import Path

import geopandas as gpd
import pytest
import shapely

from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import GeoError
from viabilidade.geo.continuity import continuity
from viabilidade.geo.measure import geodesic_area_km2
from viabilidade.geo.territory import split_territory

X0, Y0 = -49.3, -16.6
ORIGIN = shapely.box(X0, Y0, X0 + 0.3, Y0 + 0.1)


def _split(tmp_path: Path, area: shapely.Geometry, origin=ORIGIN):
    """A prospective candidate whose area is a boundary file cut from a synthetic origin."""
    (tmp_path / "area.geojson").write_text(json.dumps({
        "type": "FeatureCollection", "features": [{
            "type": "Feature", "properties": {"cod_ibge": "5299999"},
            "geometry": shapely.geometry.mapping(area)}]}))
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Teste"\n'
        '[area]\nboundary = "area.geojson"\n[origin]\nmunicipalities = ["5200100"]\n')
    boundaries = gpd.GeoDataFrame({"cod_ibge": ["5200100"], "nome": ["Origem"]},
                                  geometry=[origin], crs="EPSG:4674")
    return split_territory(load_candidate(tmp_path / "c.toml"), boundaries)


def test_strip_across_the_origin_leaves_two_pieces(tmp_path):
    s = _split(tmp_path, shapely.box(X0 + 0.1, Y0 - 0.01, X0 + 0.2, Y0 + 0.11))
    c = continuity(s.remainders["5200100"])
    assert c.parts == 2 and not c.point_touch
    assert sum(c.part_areas_km2) == pytest.approx(
        geodesic_area_km2(ORIGIN) - geodesic_area_km2(s.area.intersection(ORIGIN)), rel=1e-5)


def test_strip_that_leaves_a_bridge_keeps_one_piece(tmp_path):
    s = _split(tmp_path, shapely.box(X0 + 0.1, Y0 + 0.02, X0 + 0.2, Y0 + 0.11))
    assert continuity(s.remainders["5200100"]).parts == 1


def test_remainder_touching_at_a_point_is_not_connected(tmp_path):
    # Two triangles cut away from top and bottom leave two triangles meeting at the centre.
    cx, cy = X0 + 0.15, Y0 + 0.05
    area = shapely.union_all([
        shapely.Polygon([(X0, Y0), (X0 + 0.3, Y0), (cx, cy)]),
        shapely.Polygon([(X0, Y0 + 0.1), (X0 + 0.3, Y0 + 0.1), (cx, cy)])])
    s = _split(tmp_path, area)
    c = continuity(s.remainders["5200100"])
    assert c.parts == 2
    assert c.point_touch is True


def test_sliver_below_tolerance_is_ignored_both_sides(tmp_path):
    # The cut leaves a main piece and a ~0.005 km² corner piece.
    corner = 0.0006  # degrees: about 64 m x 66 m
    area = shapely.box(X0 + corner, Y0 - 0.01, X0 + 0.1, Y0 + 0.11).union(
        shapely.box(X0 - 0.01, Y0 + corner, X0 + 0.1, Y0 + 0.11))
    s = _split(tmp_path, area)
    rem = s.remainders["5200100"]
    tiny = min(geodesic_area_km2(p) for p in shapely.get_parts(rem))
    assert 0.001 < tiny < 0.01
    kept = continuity(rem, sliver_tolerance_km2=0.01)
    assert kept.parts == 1 and kept.ignored_parts == 1
    assert kept.ignored_km2 == pytest.approx(tiny)
    assert continuity(rem, sliver_tolerance_km2=0.001).parts == 2
    assert continuity(rem, sliver_tolerance_km2=tiny).parts == 2  # at the tolerance: kept


def test_area_in_several_parts_is_counted():
    two = shapely.union_all([shapely.box(X0, Y0, X0 + 0.1, Y0 + 0.1),
                             shapely.box(X0 + 0.2, Y0, X0 + 0.3, Y0 + 0.1)])
    assert continuity(two).parts == 2
    assert continuity(None).parts == 0


@pytest.mark.parametrize("bad", [-0.01, float("nan")])
def test_bad_tolerance(bad):
    with pytest.raises(GeoError, match=rf"sliver_tolerance_km2: encontrado {bad!r}; esperado um "
                                       r"número finito >= 0"):
        continuity(ORIGIN, sliver_tolerance_km2=bad)
