"""Area geometry, remainders and the retrospective split (geo.territory)."""

from __future__ import annotations

from pathlib import Path

import geopandas as gpd
import pandas as pd
import pytest
import shapely

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.continuity import continuity
from viabilidade.geo.territory import (check_area_in_origins, municipality_geometry,
                                      split_territory)

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "data" / "candidates"
STORE = ROOT / "data" / "processed"
needs_data = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason=f"processed store not found at {STORE}")


@pytest.fixture(scope="module")
def store():
    return load_store(STORE)


@pytest.fixture(scope="module")
def boundaries(store):
    """IBGE Malha Municipal 2022 at full resolution (the committed store)."""
    return store.boundaries


@pytest.fixture(scope="module")
def census_area(store):
    return store.municipalities.set_index("cod_ibge")["area_km2"]


@needs_data
@pytest.mark.parametrize("slug, area_code, origin", [
    ("nova-iguacu-de-goias", "5214879", "5212808"),
    ("cocalzinho-de-goias", "5205513", "5205802"),
    ("santo-antonio-de-goias", "5219738", "5208806"),
])
def test_retrospective_split(boundaries, census_area, slug, area_code, origin):
    c = load_candidate(CANDIDATES / f"{slug}.toml")
    s = split_territory(c, boundaries)
    assert s.retrospective
    km2 = s.areas_km2()
    # The 2022 mesh vs the Censo 2022 areas: within 0,003 % (the simplified pre-2020 mesh
    # was off by up to 3 %, Goianira by 6,4 %).
    assert km2["area"] == pytest.approx(census_area[area_code], rel=3e-5)
    assert km2["remainders"][origin] == pytest.approx(census_area[origin], rel=3e-5)
    # Origin before = origin ∪ area: the two add up (neighbours share edges, no overlap).
    assert km2["origins_before"][origin] == pytest.approx(
        km2["area"] + km2["remainders"][origin], rel=1e-9)
    assert s.remainders[origin].equals(municipality_geometry(boundaries, origin))
    assert continuity(s.remainders[origin]).parts == 1


@needs_data
def test_nova_iguacu_areas(boundaries):
    s = split_territory(load_candidate(CANDIDATES / "nova-iguacu-de-goias.toml"), boundaries)
    km2 = s.areas_km2()
    assert km2["area"] == pytest.approx(625.62, abs=0.01)              # Censo 2022: 625,62
    assert km2["remainders"]["5212808"] == pytest.approx(1695.46, abs=0.01)  # Censo: 1.695,46


@needs_data
def test_district_only_area_has_no_geometry(boundaries):
    s = split_territory(load_candidate(CANDIDATES / "posse-dabadia.toml"), boundaries)
    assert s.area is None and s.remainders == {}
    assert "não há polígonos de distritos" in s.note
    assert set(s.origins_before) == {"5200100"}


def test_prospective_remainder_is_origin_minus_area(tmp_path):
    origin = shapely.box(-49.3, -16.6, -49.0, -16.5)
    area = shapely.box(-49.3, -16.6, -49.2, -16.5)
    gpd.GeoDataFrame({"cod_ibge": ["5299999"]}, geometry=[area], crs="EPSG:4674").to_file(
        tmp_path / "area.gpkg")
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Teste"\n'
        '[area]\nboundary = "area.gpkg"\n[origin]\nmunicipalities = ["5200100"]\n')
    b = gpd.GeoDataFrame({"cod_ibge": ["5200100"], "nome": ["O"]}, geometry=[origin],
                         crs="EPSG:4674")
    s = split_territory(load_candidate(tmp_path / "c.toml"), b)
    assert not s.retrospective
    assert s.remainders["5200100"].symmetric_difference(
        shapely.box(-49.2, -16.6, -49.0, -16.5)).area < 1e-12
    km2 = s.areas_km2()
    assert km2["origins_before"]["5200100"] == pytest.approx(
        km2["area"] + km2["remainders"]["5200100"], rel=1e-5)


def test_unknown_municipality_is_an_error(tmp_path):
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Teste"\n'
        '[area]\nmunicipalities = ["5299999"]\n[origin]\nmunicipalities = ["5200100"]\n')
    b = gpd.GeoDataFrame({"cod_ibge": ["5200100"], "nome": ["O"]},
                         geometry=[shapely.box(-49, -16, -48, -15)], crs="EPSG:4674")
    with pytest.raises(GeoError, match=r"^o município 5299999 não tem polígono nos limites "
                                       r"municipais \(1 feições\); esperado um município de "
                                       r"Goiás$"):
        split_territory(load_candidate(tmp_path / "c.toml"), b)


def _boundary_candidate(tmp_path, area):
    gpd.GeoDataFrame({"cod_ibge": ["5299999"]}, geometry=[area], crs="EPSG:4674").to_file(
        tmp_path / "area.gpkg")
    (tmp_path / "c.toml").write_text(
        'operation = "create-municipality"\nname = "Teste"\n'
        '[area]\nboundary = "area.gpkg"\n[origin]\nmunicipalities = ["5200100"]\n')
    return load_candidate(tmp_path / "c.toml")


@pytest.mark.parametrize("x1, ok", [(-48.998, True), (-48.996, False)])
def test_area_outside_origin_both_sides_of_tolerance(tmp_path, x1, ok):
    origin = shapely.box(-49.3, -16.6, -49.0, -16.5)
    b = gpd.GeoDataFrame({"cod_ibge": ["5200100"], "nome": ["Abadiânia"]}, geometry=[origin],
                         crs="EPSG:4674")
    # Area from -49.1 to x1: 0.002 degrees of 0.102 (1.96 %) or 0.004 of 0.104 (3.85 %) outside.
    c = _boundary_candidate(tmp_path, shapely.box(-49.1, -16.6, x1, -16.5))
    if ok:
        assert check_area_in_origins(c, b) == pytest.approx(0.002 / 0.102, rel=1e-3)
    else:
        with pytest.raises(GeoError, match=r"^area\.gpkg: 3,8 % da área \(4,72 de "
                                           r"122,84 km²\) fica fora dos municípios de origem "
                                           r"5200100 \(Abadiânia\); esperada a área dentro das "
                                           r"origens \(tolerância de 2 %\)$"):
            check_area_in_origins(c, b)
