"""Art. 4 II distances: geodesic metres, the 6 km comparator, seat bounds (geo.distance)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import shapely

from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.distance import classify_gap, geodesic_distance_m, nearest_geodesic
from viabilidade.geo.measure import GEOD
from viabilidade.rules.result import Status

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_data = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason=f"processed store not found at {STORE}")

LON, LAT = -49.1798231432, -14.0085688957  # near Mara Rosa's seat (Localidades 2010)


def _fwd(lon, lat, az, dist):
    x, y, _ = GEOD.fwd(lon, lat, az, dist)
    return float(x), float(y)


@pytest.mark.parametrize("dist, perimeter, seat", [
    (5999.0, Status.FAIL, Status.FAIL),
    (5999.999, Status.FAIL, Status.FAIL),
    (6000.0, Status.PASS, Status.INDETERMINATE),
    (6001.0, Status.PASS, Status.INDETERMINATE),
])
def test_six_km_on_the_ellipsoid(dist, perimeter, seat):
    b = shapely.Point(*_fwd(LON, LAT, 37.0, dist))
    d = geodesic_distance_m(shapely.Point(LON, LAT), b)
    assert d == pytest.approx(dist, abs=1e-6)
    assert classify_gap(d, from_seat=False) is perimeter
    assert classify_gap(d, from_seat=True) is seat


def test_nearest_vertex_of_polygon():
    tip = _fwd(LON, LAT, 90.0, 5999.0)
    far1 = _fwd(*tip, 60.0, 5000.0)
    far2 = _fwd(*tip, 120.0, 5000.0)
    tri = shapely.Polygon([tip, far1, far2])
    n = nearest_geodesic(LON, LAT, tri)
    assert n.distance_m == pytest.approx(5999.0, abs=0.01)
    assert (n.lon, n.lat) == pytest.approx(tip, abs=1e-9)


def test_nearest_point_inside_an_edge():
    # An east-west edge 6 km due south of the point: the nearest point is mid-edge.
    mid = _fwd(LON, LAT, 180.0, 6000.0)
    box = shapely.box(mid[0] - 0.05, mid[1] - 0.05, mid[0] + 0.05, mid[1])
    assert nearest_geodesic(LON, LAT, box).distance_m == pytest.approx(6000.0, abs=0.05)
    assert geodesic_distance_m(shapely.Point(LON, LAT), box) == pytest.approx(6000.0, abs=0.05)


def test_point_inside_polygon_is_zero_and_polygons_apart():
    box = shapely.box(LON - 0.01, LAT - 0.01, LON + 0.01, LAT + 0.01)
    assert nearest_geodesic(LON, LAT, box).distance_m == 0.0
    east = shapely.box(LON + 0.1, LAT - 0.01, LON + 0.2, LAT + 0.01)
    d = geodesic_distance_m(box, east)
    assert d == pytest.approx(GEOD.inv(LON + 0.01, LAT, LON + 0.1, LAT)[2], rel=1e-4)


def test_errors():
    with pytest.raises(GeoError, match="não é possível medir a distância até uma geometria vazia"):
        nearest_geodesic(LON, LAT, shapely.Polygon())
    with pytest.raises(GeoError, match=r"o ponto \(lon 500000, lat 8200000\) não está em graus "
                                       "de longitude/latitude"):
        nearest_geodesic(500000, 8200000, shapely.box(0, 0, 1, 1))


@needs_data
def test_mara_rosa_seat_to_nova_iguacu_territory():
    store = load_store(STORE)
    g = store.boundaries.set_index("cod_ibge")
    mr = store.seats.set_index("cod_ibge").loc["5212808"]
    n = nearest_geodesic(mr["lon"], mr["lat"], g.geometry["5214879"])
    assert n.distance_m / 1000 == pytest.approx(9.26, abs=0.01)  # km (9,93 on the old data)
    assert classify_gap(n.distance_m, from_seat=True) is Status.INDETERMINATE
