"""territory_facts -> profile_types.Territory for the rules of art. 4 II, III (geo.facts)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.geometry import read_boundaries
from viabilidade.errors import GeoError
from viabilidade.geo.facts import seat_of, territory_facts
from viabilidade.geo.measure import GEOD
from viabilidade.profile.types import Territory
from viabilidade.rules.result import Basis

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
TBRUGZ = SHARED / "geo" / "go_municipios_tbrugz_geojs-52-mun.geojson"
SEATS = SHARED / "geo" / "go_sedes_municipais_mapaslivres_ibge.csv"
CANDIDATES = ROOT / "data" / "candidates"
pytestmark = pytest.mark.skipif(not TBRUGZ.exists(), reason=f"shared data not found at {SHARED}")


@pytest.fixture(scope="module")
def boundaries():
    return read_boundaries(TBRUGZ)


@pytest.fixture(scope="module")
def seats():
    return pd.read_csv(SEATS, dtype={"municipio": str})


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
    assert g.value == pytest.approx(9931.2, abs=0.1)
    assert "sede de Mara Rosa" in g.note and "9,93 km" in g.note
    assert t.details["gap_by_origin"]["5212808"]["distance_km"] == pytest.approx(9.93, abs=0.01)
    assert t.details["retrospective"] is True
    assert t.details["remainders_km2"]["5212808"] == pytest.approx(1704.18, abs=0.01)
    assert t.source.startswith("IBGE, malha municipal digital de Goiás")  # the copy: appendix


def test_santo_antonio_gap_bound_just_above_six_km(boundaries, seats):
    t = territory_facts(load_candidate(CANDIDATES / "santo-antonio-de-goias.toml"), boundaries,
                        seats, shape=False)
    assert t.gap_bound_m.value == pytest.approx(6298.5, abs=0.1)
    assert "só um valor abaixo de 6 km decide" in t.gap_bound_m.note


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
    assert shape["polsby_popper"]["value"] == pytest.approx(0.2746, abs=1e-4)
    assert shape["polsby_popper"]["percentile"] == pytest.approx(27.24, abs=0.01)
    assert t.remainder_parts == {"5205802": 1}
    assert t.gap_bound_m.value == pytest.approx(9692.5, abs=0.1)


def test_store_style_seats_and_bad_seats(seats):
    store = seats.rename(columns={"municipio": "cod_ibge"})[["cod_ibge", "lat", "lon"]]
    assert seat_of(store, "5212808") == pytest.approx((-14.0085688957, -49.1798231432))
    assert seat_of(store, "5299999") is None
    with pytest.raises(GeoError, match=r"tabela de sedes: faltam as colunas \['lat'\]; esperadas "
                                       r"cod_ibge \(ou municipio\), lat, lon"):
        seat_of(store.drop(columns="lat"), "5212808")
