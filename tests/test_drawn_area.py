"""A drawn area in the analysis: art. 4 II from an urban perimeter, and what the study reports
when a polygon spills into a neighbour, takes the origin's seat or splits the origin.

Polygons are drawn around Abadiânia (5200100): its seat (IBGE Localidades 2022) is at lat
-16.197321, lon -48.706044; Posse d'Abadia's vila at lat -16.098447, lon -48.800207; Anápolis
(5201108) is its western neighbour. The drawn area of tests/fixtures is 10.874,04 m from the
seat, the vila 14.870,90 m.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import geopandas as gpd
import pytest
import shapely

from viabilidade.profile.analysis import analyse
from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError
from viabilidade.geo.measure import geodesic_area_km2
from viabilidade.report.boundary import boundary_check, drawn_findings

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEAT = (-48.7060438240192, -16.1973207274392)  # lon, lat of Abadiânia's seat (Localidades 2022)
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


def _disc(lon: float, lat: float, radius_km: float, n: int = 64) -> shapely.Polygon:
    """A polygon approximating a circle of ``radius_km`` around a lon/lat point."""
    kx, ky = 111.32 * math.cos(math.radians(lat)), 110.6
    return shapely.Polygon([(lon + radius_km / kx * math.cos(2 * math.pi * k / n),
                             lat + radius_km / ky * math.sin(2 * math.pi * k / n))
                            for k in range(n)])


def _kml(path: Path, geom) -> Path:
    gpd.GeoDataFrame({"Name": ["limite"]}, geometry=[geom], crs="EPSG:4326").to_file(
        path, driver="KML")
    return path


def _drawn(tmp_path: Path, geom, **extra) -> object:
    c = load_candidate(FIXTURES / "posse-dabadia-desenhada.toml")
    return dataclasses.replace(c, boundary=_kml(tmp_path / "area.kml", geom), **extra)


def _result(analysis, rule_id):
    return next(r for r in analysis.results if r.rule_id == rule_id)


@pytest.mark.parametrize("radius_km, status", [(2.0, "pass"), (5.5, "fail")])
def test_urban_perimeter_measures_art4_II(store, tmp_path, radius_km, status):
    perimeter = _kml(tmp_path / "perimetro.kml", _disc(*SEAT, radius_km))
    c = dataclasses.replace(load_candidate(FIXTURES / "posse-dabadia-desenhada.toml"),
                            urban_perimeter=perimeter)
    r = _result(analyse(c, store=store), "art4.II")
    assert str(r.status) == status
    assert str(r.basis) == "measured"
    # The gap is the seat-to-area distance less (about) the perimeter's radius.
    assert r.value == pytest.approx(10874.04 - 1000 * radius_km, abs=40)
    assert "perímetro urbano: arquivo perimetro.kml da candidatura" in r.source


def test_urban_perimeter_with_a_district_area_bounds_the_gap_at_the_proposed_seat(store, tmp_path):
    perimeter = _kml(tmp_path / "perimetro.kml", _disc(*SEAT, 2.0))
    c = dataclasses.replace(load_candidate(REPO / "data" / "candidates" / "posse-dabadia.toml"),
                            urban_perimeter=perimeter)
    a = analyse(c, store=store)
    bound = a.profile.territory.gap_bound_m
    assert bound.source.startswith("perímetro urbano: arquivo perimetro.kml")
    assert bound.value == pytest.approx(14_870.90 - 2000, abs=40)   # vila to seat, less 2 km
    assert str(_result(a, "art4.II").status) == "indeterminate"


def test_the_fixture_area_is_inside_its_origin_and_leaves_the_seat(store):
    a = analyse(FIXTURES / "posse-dabadia-desenhada.toml", store=store)
    check = a.profile.territory.details["drawn_boundary"]
    assert check["origins"]["5200100"]["share"] == pytest.approx(1.0)
    assert check["outside"] == [] and check["seat_inside"] == {"5200100": False}
    # The drawn Posse d'Abadia lies 1,6 km inside Abadiânia's limits on every side: an
    # enclave, flagged under art. 3 (a judgment of the Assembly), not refused.
    assert a.profile.territory.details["enclave"]["origins"] == ["5200100"]
    # 2022 mesh (1,796 km on the pre-2020 simplified mesh)
    assert a.profile.territory.details["enclave"]["edge_km"] == pytest.approx(1.623, abs=1e-3)
    assert drawn_findings(a) == [
        "A área fica inteiramente cercada por Abadiânia, a 1,6 km da divisa mais próxima: o "
        "município de origem a envolveria por todos os lados. O art. 3º pede que a configuração "
        "do município obedeça, “na medida do possível, a uma relativa harmonia, evitando-se "
        "formas anacrônicas, divisão de comunidades, exagerados estrangulamentos ou "
        "alargamentos”; um enclave é uma dessas formas, e cabe à Assembleia julgar se é "
        "admissível (o remanescente continua contínuo: art. 4º, III)."]
    from viabilidade.rules.art3 import draft_law_content

    assert draft_law_content(a.candidate, a.profile, a.settings)["harmonia"] == (
        "território em uma só parte, inteiramente cercado pelo município de origem (enclave): a "
        "“relativa harmonia” do art. 3º fica a juízo da Assembleia")
    assert a.to_dict()["area"]["enclave"]["origins"] == ["5200100"]
    assert "A área fica inteira dentro do município de origem" in boundary_check(a)
    # The drawn polygon is known: art. 4 II asks only for the urban perimeter.
    ii = _result(a, "art4.II")
    assert str(ii.status) == "indeterminate"
    assert ii.reason.startswith("O polígono da área é conhecido, mas falta o perímetro urbano "
                                "do município de origem: a distância geodésica de 10.870 m vai "
                                "do ponto da sede de Abadiânia ao ponto mais próximo do polígono")
    assert "é preciso o perímetro urbano da origem (lei municipal)" in ii.reason and "o polígono da área, apurados" not in ii.reason


def test_a_spill_within_the_tolerance_is_reported_with_km2_and_share(store, tmp_path):
    abadiania = store.boundaries.set_index("cod_ibge").geometry["5200100"]
    x0, y = abadiania.bounds[0], abadiania.representative_point().y
    west = shapely.box(x0 + 0.002 - 0.003, y - 0.02, x0 + 0.002 + 0.2, y + 0.02)
    area = shapely.intersection(west, abadiania.buffer(0.0008))  # pokes a little into Anápolis
    a = analyse(_drawn(tmp_path, area), store=store)
    check = a.profile.territory.details["drawn_boundary"]
    assert [o["cod_ibge"] for o in check["outside"]] == ["5201108"]
    share = check["outside"][0]["share"]
    assert 0 < share <= 0.02
    text = drawn_findings(a)[0]
    assert "Anápolis (5201108), que não é município de origem" in text
    assert "art. 4º, § 1º" in text and "art. 7º" in text
    assert f"{100 * share:.1f}".replace(".", ",") + "\u00a0% da área" in text


def test_an_area_around_the_origin_seat_is_refused(store, tmp_path):
    # Art. 4 § 1 with item I: the seat of Abadiânia (its Prefeitura and Câmara) inside the
    # drawn new municipality is refused before any study, not left indeterminate.
    c = _drawn(tmp_path, _disc(*SEAT, 3.0))
    with pytest.raises(CandidateError) as e:
        analyse(c, store=store)
    assert e.value.field == "area.boundary"
    assert e.value.message == (
        "a sede de Abadiânia (5200100; IBGE, sedes municipais) fica dentro da área desenhada em "
        "area.kml: o município de origem perderia a sede, onde estão instaladas a sua Prefeitura "
        "e a sua Câmara (art. 4º, I), e o art. 4º, § 1º não permite a criação que importe a "
        "perda de requisito do art. 4º para o município de origem; esperado um polígono que "
        "deixe a sede no município de origem")


def test_a_band_across_the_origin_splits_it_and_fails_III(store, tmp_path):
    abadiania = store.boundaries.set_index("cod_ibge").geometry["5200100"]
    minx, miny, maxx, maxy = abadiania.bounds
    band = shapely.intersection(shapely.box(-48.66, miny - 0.1, -48.64, maxy + 0.1), abadiania)
    a = analyse(_drawn(tmp_path, band), store=store)
    assert a.profile.territory.remainder_parts["5200100"] == 2
    assert str(_result(a, "art4.III").status) == "fail"
    cut = a.profile.territory.details["drawn_boundary"]["seat_piece"]["5200100"]
    rest = a.profile.remainders["5200100"].area_km2.value
    assert cut["km2"] + cut["cut_off_km2"] == pytest.approx(rest, abs=0.01)
    assert 0 < cut["cut_off_km2"] < cut["km2"]   # the seat is west of the band, in the larger part
    text = next(f for f in drawn_findings(a) if f.startswith("O polígono divide Abadiânia"))
    assert text.startswith("O polígono divide Abadiânia: o remanescente fica em 2 partes (")
    assert (f"; a sede fica na parte de {cut['km2']:.2f}".replace(".", ",")) in text
    assert text.endswith("ficam separados dela, o que o art. 4º, III não admite.")
    assert geodesic_area_km2(band) == pytest.approx(
        a.profile.area.area_km2.value, abs=1e-3)


def test_a_district_area_with_the_seat_district_is_refused(store, tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('operation = "create-municipality"\nname = "Nova Abadiânia"\n[area]\n'
                 'districts = ["520010005"]\n[origin]\nmunicipalities = ["5200100"]\n',
                 encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        analyse(p, store=store)
    assert str(e.value) == (
        f"{p}, linha 4, campo 'area.districts[0]': o distrito Abadiânia (520010005) é o "
        "distrito-sede de Abadiânia (5200100): o município de origem perderia a sede, onde estão "
        "instaladas a sua Prefeitura e a sua Câmara (art. 4º, I), e o art. 4º, § 1º não permite "
        "a criação que importe a perda de requisito do art. 4º para o município de origem; "
        "esperados só distritos que não sejam sede (para estudar a emancipação do restante do "
        "município, liste os outros distritos)")


def test_record_of_the_drawn_area(store):
    record = analyse(FIXTURES / "posse-dabadia-desenhada.toml", store=store).to_dict()["area"]
    pop = record["figures"]["population"]
    assert {k: pop[k] for k in ("value", "unit", "basis", "uncertainty")} == {
        "value": 1692, "unit": "habitantes", "basis": "estimated", "uncertainty": 1352.7}
    assert pop["vintage"] == "2022-07-31" and pop["source"]  # which data set, which date
    assert record["figures"]["area_km2"]["value"] == pytest.approx(46.595, abs=1e-3)
    assert record["figures"]["area_km2"]["basis"] == "measured"
    assert record["drawn_boundary"]["area_km2"] == pytest.approx(46.5947, abs=1e-4)


@pytest.mark.parametrize("reading, status, distance", [("seat", "indeterminate", 17_237),
                                                       ("all-urban", "fail", 4_871)])
def test_reading_all_urban_counts_the_vilas_of_the_other_districts(store, tmp_path, reading,
                                                                   status, distance):
    # Interlândia (520110815) leaving Anápolis (5201108): its vila is 17,2 km from the city
    # of Anápolis but 4,9 km from the vila of Souzânia (520110830), which stays.
    from viabilidade.rules import Settings

    p = tmp_path / "c.toml"
    lat, lon = (float(store.vilas.set_index("cod_distrito").at["520110815", k])
                for k in ("lat", "lon"))
    p.write_text('operation = "create-municipality"\nname = "Interlândia"\n'
                 f'[seat_point]\nlat = {lat}\nlon = {lon}\n[area]\ndistricts = ["520110815"]\n'
                 '[origin]\nmunicipalities = ["5201108"]\n', encoding="utf-8")
    a = analyse(p, store=store, settings=Settings(perimeter=reading))
    ii = _result(a, "art4.II")
    assert str(ii.status) == status
    assert ii.value == pytest.approx(distance, abs=1)
    if reading == "all-urban":
        assert ii.details["nota"].startswith("Distância geodésica (elipsoide GRS80) da vila do "
                                             "distrito Souzânia (520110830) à sede proposta: 4,87 km")


def test_draft_law_of_a_drawn_area_leaves_its_districts_to_be_defined(store):
    from viabilidade.report.process import draft_law_section

    a = analyse(FIXTURES / "posse-dabadia-desenhada.toml", store=store)
    html = draft_law_section(a, store)
    assert "a definir (a área desenhada não segue os distritos do IBGE)" in html
    assert ("número e nome dos distritos do novo município: a área desenhada não segue os "
            "distritos do IBGE") in html
