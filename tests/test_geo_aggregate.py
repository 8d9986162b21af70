"""Points by spatial join, polygons by area or address-point shares (geo.aggregate)."""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pytest
import shapely

from viabilidade.errors import GeoError
from viabilidade.geo.aggregate import aggregate_points, apportion

TARGET = shapely.box(-49.0, -16.0, -48.9, -15.9)


def _points(lons, lats, **cols):
    return gpd.GeoDataFrame(cols, geometry=gpd.points_from_xy(lons, lats), crs="EPSG:4674")


def test_points_summed_inside_target():
    pts = _points([-48.95, -48.95, -48.8, -48.91], [-15.95, -15.99, -15.95, -15.91],
                  pessoas=[3, 4, 100, 2], domicilios=[1, 1, 30, 1])
    out = aggregate_points(pts, TARGET, ["pessoas", "domicilios"])
    assert out.loc["target", "pessoas"] == 9
    assert out.loc["target", "domicilios"] == 3
    assert out.loc["target", "n_points"] == 3


def test_points_per_zone_with_empty_zone():
    zones = gpd.GeoDataFrame({"cod": ["a", "b"]},
                             geometry=[TARGET, shapely.box(-48.0, -16.0, -47.9, -15.9)],
                             crs="EPSG:4674")
    pts = _points([-48.95], [-15.95], pessoas=[7])
    out = aggregate_points(pts, zones, ["pessoas"], zone_id="cod")
    assert out["pessoas"].to_dict() == {"a": 7, "b": 0}


def test_point_errors():
    pts = _points([-48.95], [-15.95], nome=["x"])
    with pytest.raises(GeoError, match=r"points: faltam as colunas \['pessoas'\]"):
        aggregate_points(pts, TARGET, ["pessoas"])
    with pytest.raises(GeoError, match=r"points: coluna 'nome': encontrado o tipo .*; esperada uma coluna numérica"):
        aggregate_points(pts, TARGET, ["nome"])
    other = _points([-48.95], [-15.95], pessoas=[1]).to_crs("EPSG:31982")
    zones = gpd.GeoDataFrame({"zone": ["t"]}, geometry=[TARGET], crs="EPSG:4674")
    with pytest.raises(GeoError, match=r"o CRS dos pontos EPSG:31982 difere do CRS das zonas EPSG:4674"):
        aggregate_points(other, zones, ["pessoas"])
    lines = gpd.GeoDataFrame({"pessoas": [1]}, geometry=[shapely.LineString([(0, 0), (1, 1)])],
                             crs="EPSG:4674")
    with pytest.raises(GeoError, match=r"points: encontradas as geometrias \['LineString'\]; esperado Point"):
        aggregate_points(lines, TARGET, ["pessoas"])


UNITS = gpd.GeoDataFrame(
    {"setor": ["inside", "half", "outside"], "pessoas": [100, 80, 50]},
    geometry=[shapely.box(-48.99, -15.99, -48.95, -15.95),
              shapely.box(-48.92, -15.99, -48.88, -15.95),   # x from -48.92 to -48.88: half in
              shapely.box(-48.8, -15.99, -48.7, -15.95)],
    crs="EPSG:4674")


def test_area_weighted_apportionment_marks_estimate():
    r = apportion(UNITS, TARGET, ["pessoas"], unit_id="setor")
    assert r.method == "area" and r.estimated
    shares = dict(zip(r.units["unit"], r.units["share"]))
    assert shares["inside"] == 1.0
    assert shares["half"] == pytest.approx(0.5, abs=1e-4)
    assert "outside" not in shares
    assert r.totals["pessoas"] == pytest.approx(140.0, abs=0.01)
    assert r.apportioned_share["pessoas"] == pytest.approx(40 / 140, abs=1e-4)


def test_whole_units_are_not_estimated():
    r = apportion(UNITS.iloc[[0]], TARGET, ["pessoas"], unit_id="setor")
    assert not r.estimated and r.totals["pessoas"] == 100.0


def test_dasymetric_uses_address_points():
    # All of the half unit's addresses lie inside the target: it counts whole.
    addr = _points(np.full(5, -48.91), np.linspace(-15.98, -15.96, 5))
    r = apportion(UNITS, TARGET, ["pessoas"], unit_id="setor", address_points=addr)
    assert r.method == "dasymetric"
    row = r.units.set_index("unit").loc["half"]
    assert row["share"] == 1.0 and row["weight"] == "points"
    assert r.units.set_index("unit").loc["inside", "weight"] == "area"  # no points: area
    assert r.totals["pessoas"] == 180.0 and not r.estimated
    # 2 of 5 addresses inside: share 0.4.
    addr2 = _points([-48.91, -48.91, -48.89, -48.89, -48.89], np.linspace(-15.98, -15.96, 5))
    r2 = apportion(UNITS, TARGET, ["pessoas"], unit_id="setor", address_points=addr2)
    assert r2.units.set_index("unit").loc["half", "share"] == pytest.approx(0.4)
    assert r2.estimated and r2.totals["pessoas"] == pytest.approx(132.0)


def test_apportion_errors():
    with pytest.raises(GeoError, match=r"units: falta a coluna de identificação 'cd_setor'"):
        apportion(UNITS, TARGET, ["pessoas"], unit_id="cd_setor")
    with pytest.raises(GeoError, match="apportion: o polígono de destino está vazio"):
        apportion(UNITS, shapely.Polygon(), ["pessoas"], unit_id="setor")
