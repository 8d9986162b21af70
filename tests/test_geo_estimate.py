"""Figures of a drawn area: approximate district cells, the two apportionments, the profile.

Known answers for the polygon drawn around Posse d'Abadia's vila (tests/fixtures), inside
Abadiânia (5200100), whose districts are Abadiânia (520010005, seat, 14.187 inhabitants)
and Posse d'Abadia (520010010, vila, 3.045 inhabitants; Censo 2022).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from viabilidade.proposal.candidate import load_candidate
from viabilidade.geo.area_file import read_area
from viabilidade.geo.districts import district_cells, district_points
from viabilidade.geo.estimate import estimate_area
from viabilidade.geo.measure import geodesic_area_km2
from viabilidade.profile.build import build_profile
from viabilidade.rules import Settings
from viabilidade.rules.result import Basis

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def drawn():
    return read_area(FIXTURES / "posse-dabadia-desenhada.kml")


def test_district_points_are_the_seat_and_the_vila(store):
    pts = district_points(store, ["5200100"]).set_index("cod_distrito")
    assert list(pts.index) == ["520010005", "520010010"]
    assert list(pts["ponto"]) == ["sede municipal", "vila"]
    assert pts.geometry["520010010"].x == pytest.approx(-48.800207, abs=1e-6)


def test_district_cells_tile_the_municipality(store):
    cells = district_cells(store, ["5200100"]).set_index("cod_distrito")
    muni = store.boundaries.set_index("cod_ibge").geometry["5200100"]
    km2 = {c: geodesic_area_km2(g) for c, g in cells.geometry.items()}
    # 2022 seat and mesh (647,18 and 397,03 km² with the 2010 seat on the pre-2020 mesh)
    assert km2["520010005"] == pytest.approx(626.83, abs=0.01)
    assert km2["520010010"] == pytest.approx(417.73, abs=0.01)
    assert sum(km2.values()) == pytest.approx(geodesic_area_km2(muni), rel=1e-6)
    assert cells.at["520010010", "populacao"] == 3045
    # A one-district municipality is one cell: its polygon (Abadia de Goiás, 5200050).
    one = district_cells(store, ["5200050"])
    assert len(one) == 1 and one.geometry.iloc[0].equals(
        store.boundaries.set_index("cod_ibge").geometry["5200050"])


def _misassigned_km2(muni, cells, seats, n=20000):
    """Area of ``muni`` whose cell is not its geodesically nearest seat (GRS80), by sampling."""
    import numpy as np

    from viabilidade.geo.measure import GEOD

    rng = np.random.default_rng(0)
    x0, y0, x1, y1 = muni.bounds
    xs, ys = rng.uniform(x0, x1, n), rng.uniform(y0, y1, n)
    keep = shapely.contains_xy(muni, xs, ys)
    xs, ys = xs[keep], ys[keep]
    dist = np.stack([GEOD.inv(xs, ys, np.full_like(xs, p.x), np.full_like(ys, p.y))[2]
                     for p in seats])
    got = np.full(len(xs), -1)
    for i, c in enumerate(cells):
        got[shapely.contains_xy(c, xs, ys)] = i
    return geodesic_area_km2(muni) * float((got != dist.argmin(0)).mean())


def test_cells_in_metres_follow_the_geodesic_nearest_seat(store):
    # Goiás (5208905): six district seats. Cells computed in lon/lat degrees put about
    # 32 km² on the wrong side of a geodesic bisector; the UTM cells (metres) none.
    muni = store.boundaries.set_index("cod_ibge").geometry["5208905"]
    pts = district_points(store, ["5208905"])
    assert len(pts) == 6
    metres = list(district_cells(store, ["5208905"]).geometry)
    regions = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint(list(pts.geometry)),
                                                         extend_to=muni))
    degrees = [shapely.intersection([r for r in regions if r.covers(p)][0], muni)
               for p in pts.geometry]
    assert _misassigned_km2(muni, metres, list(pts.geometry)) < 0.5
    assert _misassigned_km2(muni, degrees, list(pts.geometry)) == pytest.approx(31.9, abs=0.5)


def test_drawn_area_by_area_and_by_seat_points(store, drawn):
    est = estimate_area(store, drawn)
    assert list(est.units["cod_distrito"]) == ["520010010"]
    assert est.units["share_area"].iloc[0] == pytest.approx(0.111542, abs=1e-5)
    assert est.by_area("populacao") == pytest.approx(339.65, abs=0.01)
    assert est.by_points("populacao") == 3045
    value, unc = est.midpoint("populacao")
    assert (round(value), round(unc, 1)) == (1692, 1352.7)
    assert est.midpoint("domicilios_ocupados")[0] == pytest.approx(654.70, abs=0.01)


def test_an_area_without_the_vila_gets_no_people_by_seat_points(store, drawn):
    east = shapely.affinity.translate(drawn, xoff=0.09)  # 9.6 km east, vila left out
    est = estimate_area(store, east)
    assert est.by_points("populacao") == 0
    assert est.by_area("populacao") > 0
    value, unc = est.midpoint("populacao")
    assert value == pytest.approx(unc)  # the interval runs from 0 to the area estimate


def test_profile_of_the_drawn_candidate(store):
    c = load_candidate(FIXTURES / "posse-dabadia-desenhada.toml")
    p = build_profile(c, store, Settings())
    assert p.area.population.basis == Basis.ESTIMATED
    assert (p.area.population.value, p.area.population.uncertainty) == (1692, 1352.7)
    assert "Por área" in p.area.population.note and "dasimétrica" in p.area.population.note
    assert p.area.area_km2.basis == Basis.MEASURED
    assert p.area.area_km2.value == pytest.approx(46.595, abs=1e-3)
    assert p.area.electors.basis == Basis.ESTIMATED and p.area.electors.uncertainty > 0
    rem = p.remainders["5200100"]
    assert rem.population.value == 14187 + 3045 - 1692
    assert rem.population.uncertainty == 1352.7
    assert rem.area_km2.value == pytest.approx(
        geodesic_area_km2(store.boundaries.set_index("cod_ibge").geometry["5200100"]) - 46.595,
        abs=0.01)
