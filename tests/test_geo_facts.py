"""territory_facts -> profile_types.Territory for the rules of art. 4 II, III (geo.facts)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.facts import seat_of, territory_facts
from viabilidade.geo.measure import GEOD
from viabilidade.profile.types import Territory
from viabilidade.rules.result import Basis

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "data" / "candidates"


@pytest.fixture(scope="module")
def store():
    return load_store(ROOT / "data" / "processed")


@pytest.fixture(scope="module")
def boundaries(store):
    """IBGE Malha Municipal 2022 at full resolution (the committed store)."""
    return store.boundaries


@pytest.fixture(scope="module")
def seats(store):
    """IBGE Localidades 2022 municipal seats (the committed store)."""
    return store.seats


def test_nova_iguacu_from_mara_rosa(boundaries, seats):
    t = territory_facts(load_candidate(CANDIDATES / "nova-iguacu-de-goias.toml"), boundaries,
                        seats, shape=False)
    assert isinstance(t, Territory)
    assert t.remainder_parts == {"5212808": 1}          # art. 4 III: one piece
    assert t.remainder_point_touch == {"5212808": False}
    assert t.area_parts == 1
    assert t.gap_m is None                               # no urban-perimeter polygon
    g = t.gap_bound_m
    assert g.unit == "m" and g.basis is Basis.MEASURED
    # 2022 seat and mesh (9.931,2 m from the 2010 seat on the pre-2020 simplified mesh)
    assert g.value == pytest.approx(9260.1, abs=0.1)
    assert "sede de Mara Rosa" in g.note and "9,26 km" in g.note
    assert t.details["gap_by_origin"]["5212808"]["distance_km"] == pytest.approx(9.26, abs=0.01)
    assert t.details["retrospective"] is True
    # Mara Rosa: Censo 2022 area 1.695,46 km² (1.704,18 on the pre-2020 simplified mesh)
    assert t.details["remainders_km2"]["5212808"] == pytest.approx(1695.46, abs=0.01)
    assert t.source == "IBGE, Malha Municipal 2022"  # the copy: appendix


def test_santo_antonio_gap_bound_just_above_six_km(boundaries, seats):
    t = territory_facts(load_candidate(CANDIDATES / "santo-antonio-de-goias.toml"), boundaries,
                        seats, shape=False)
    # Goianira's 2022 seat is 5.888,3 m from Santo Antônio de Goiás on the 2022 mesh: below
    # 6 km, which proves art. 4 II fails (6.298,5 m from the 2010 seat on the pre-2020 mesh).
    assert t.gap_bound_m.value == pytest.approx(5888.3, abs=0.1)
    assert "abaixo de 6 km: prova o descumprimento do art. 4º, II" in t.gap_bound_m.note


def test_district_only_area_has_no_geometry_facts(boundaries, seats):
    t = territory_facts(load_candidate(CANDIDATES / "posse-dabadia.toml"), boundaries, seats)
    assert t.remainder_parts == {} and t.area_parts is None and t.gap_bound_m is None
    assert "não há polígonos de distritos" in t.details["no_geometry_reason"]


@pytest.mark.parametrize("dist, proves_fail", [(5999.0, True), (6000.0, False)])
def test_district_with_proposed_seat_near_origin_seat(tmp_path, boundaries, seats, dist,
                                                      proves_fail):
    lat, lon = seat_of(seats, "5200100")  # Abadiânia
    plon, plat, _ = GEOD.fwd(lon, lat, 200.0, dist)
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Teste"\n'
        f'[seat_point]\nlat = {plat!r}\nlon = {plon!r}\n'
        '[area]\ndistricts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n')
    t = territory_facts(load_candidate(tmp_path / "c.toml"), boundaries, seats)
    assert t.gap_bound_m.value == pytest.approx(dist, abs=0.05)
    assert ("prova o descumprimento" in t.gap_bound_m.note) is proves_fail
    assert t.remainder_parts == {}


def test_shape_details_with_percentiles(boundaries, seats):
    t = territory_facts(load_candidate(CANDIDATES / "cocalzinho-de-goias.toml"), boundaries,
                        seats)
    shape = t.details["shape"]
    # Full-resolution perimeters are longer than simplified ones: 0,2746 (27,24 %) before.
    assert shape["polsby_popper"]["value"] == pytest.approx(0.1722, abs=1e-4)
    assert shape["polsby_popper"]["percentile"] == pytest.approx(16.67, abs=0.01)
    assert t.remainder_parts == {"5205802": 1}
    assert t.gap_bound_m.value == pytest.approx(9083.1, abs=0.1)   # 9.692,5 m before


def test_store_style_seats_and_bad_seats(seats):
    store = seats[["cod_ibge", "lat", "lon"]]
    assert seat_of(store, "5212808") == (-14.0168964008057, -49.1791412084852)   # Mara Rosa
    assert seat_of(store, "5299999") is None
    with pytest.raises(GeoError, match=r"tabela de sedes: faltam as colunas \['lat'\]; esperadas "
                                       r"cod_ibge \(ou municipio\), lat, lon"):
        seat_of(store.drop(columns="lat"), "5212808")
