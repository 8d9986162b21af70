"""Figures that cannot be true, against the published data: each refused with its bound.

:func:`viabilidade.profile.declared_figures.figure_problems` and
:func:`~viabilidade.profile.declared_figures.perimeter_problems` run in
:func:`viabilidade.profile.build.check_candidate`, before anything is written. Abadiânia (5200100):
17.232 inhabitants (Censo 2022), 12.614 electors (TSE, perfil do eleitorado de 2026); Posse d'Abadia (520010010):
3.045 inhabitants.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from test_candidate import BASE  # the smallest valid candidate (Posse d'Abadia)
from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError
from viabilidade.profile.build import check_candidate

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")
CERT = ('[certified.{key}]\nvalue = {value}\nbody = "{body}"\ndocument = "Ofício nº 1/2026"\n'
        'date = 2026-03-10\n')


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


def _lines(store, tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    p = tmp_path / "cand.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    return p, e.value.lines


def test_certified_electors_above_the_population(store, tmp_path):
    p, lines = _lines(store, tmp_path, BASE + CERT.format(key="population", value=3102, body="IBGE")
                      + CERT.format(key="electors", value=99999, body="Cartório Eleitoral"))
    assert lines == [
        f"{p}, linha 15, campo 'certified.electors.value': encontrados 99.999 eleitores para "
        "3.102 habitantes; esperado no máximo 7.755 eleitores (2,5 × a população certificada; o "
        "maior quociente de Goiás é 2,19, Davinópolis, no perfil do eleitorado de 2026)"]


def test_certified_electors_at_the_bound_pass(store, tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + CERT.format(key="population", value=3102, body="IBGE")
                 + CERT.format(key="electors", value=7755, body="Cartório Eleitoral"), encoding="utf-8")
    check_candidate(load_candidate(p), store)


def test_remainder_larger_than_its_municipality(store, tmp_path):
    p, lines = _lines(store, tmp_path, BASE + CERT.format(
        key="remainder.5200100.population", value=900000, body="IBGE"))
    assert lines == [
        f"{p}, linha 10, campo 'certified.remainder.5200100.population.value': encontrados "
        "900.000 habitantes no remanescente; esperado no máximo 25.848 (1,5 × os 17.232 "
        "habitantes de Abadiânia (5200100) inteiro, IBGE, Censo 2022)"]


def test_area_and_remainder_together_larger_than_the_origin(store, tmp_path):
    # each within 1,5 × Abadiânia, but 20.000 + 10.000 > 25.848
    p, lines = _lines(store, tmp_path, BASE + CERT.format(key="population", value=20000, body="IBGE")
                      + CERT.format(key="remainder.5200100.population", value=10000, body="IBGE"))
    assert lines == [
        f"{p}, linha 15, campo 'certified.remainder.5200100.population.value': a área (20.000) "
        "e o remanescente (10.000) somam 30.000 habitantes; esperado no máximo 25.848 (1,5 × os "
        "17.232 habitantes de Abadiânia (5200100), IBGE, Censo 2022)"]


def test_plebiscite_electorate_above_the_municipalities_concerned(store, tmp_path):
    p, lines = _lines(store, tmp_path, BASE + "[process.plebiscite]\neligible = 999999\n")
    assert lines == [
        f"{p}, linha 10, campo 'process.plebiscite.eligible': encontrados 999.999 eleitores "
        "aptos; esperado no máximo 18.921 (1,5 × os 12.614 eleitores de Abadiânia (5200100), os "
        "municípios envolvidos, TSE, perfil do eleitorado de 2026)"]


def test_signatures_above_the_certified_electors(store, tmp_path):
    p, lines = _lines(store, tmp_path, BASE + "[process]\npetition_signatures = 2055\n"
                      + CERT.format(key="electors", value=2054, body="Cartório Eleitoral"))
    assert lines == [
        f"{p}, linha 10, campo 'process.petition_signatures': encontradas 2.055 assinaturas; "
        "esperado no máximo 2.054 (os eleitores certificados da área): só eleitores inscritos na "
        "área assinam (art. 2º)"]


def test_signatures_above_the_estimated_electors(store, tmp_path):
    p, lines = _lines(store, tmp_path, BASE + "[process]\npetition_signatures = 5000\n")
    assert lines == [
        f"{p}, linha 10, campo 'process.petition_signatures': encontradas 5.000 assinaturas; "
        "esperado no máximo 3.343 (1,5 × os cerca de 2.229 eleitores estimados da área, TSE, "
        "perfil do eleitorado de 2026): só eleitores inscritos na área assinam (art. 2º)"]


def test_the_certified_example_is_plausible(store):
    check_candidate(load_candidate(Path(__file__).parent / "candidates"
                                   / "posse-dabadia-certificada.toml"), store)


def _disc_geojson(path: Path, lon: float, lat: float, radius_km: float) -> Path:
    kx, ky = 111.32 * math.cos(math.radians(lat)), 110.6
    ring = [[lon + radius_km / kx * math.cos(2 * math.pi * k / 32),
             lat + radius_km / ky * math.sin(2 * math.pi * k / 32)] for k in range(32)]
    ring.append(ring[0])
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
                                                           "coordinates": [ring]}}]}))
    return path


def test_urban_perimeter_drawn_in_goiania_is_refused(store, tmp_path):
    seat = store.seats.set_index("cod_ibge").loc["5208707"]
    _disc_geojson(tmp_path / "perimetro.geojson", seat["lon"], seat["lat"], 2.0)
    text = BASE.replace('municipalities = ["5200100"]',
                        'municipalities = ["5200100"]\nurban_perimeter = "perimetro.geojson"')
    p, lines = _lines(store, tmp_path, text)
    assert lines == [
        f"{p}, linha 9, campo 'origin.urban_perimeter': o perímetro urbano em perimetro.geojson "
        "não é o do município de origem (Abadiânia (5200100)): 0,0 % do polígono fica no "
        "município de origem, e a sede de Abadiânia fica a 77,4 km dele; esperado um perímetro "
        "dentro do município de origem e contendo a sua sede (IBGE)"]


def test_urban_perimeter_around_the_seat_passes(store, tmp_path):
    seat = store.seats.set_index("cod_ibge").loc["5200100"]
    _disc_geojson(tmp_path / "perimetro.geojson", seat["lon"], seat["lat"], 2.0)
    p = tmp_path / "cand.toml"
    p.write_text(BASE.replace('municipalities = ["5200100"]',
                              'municipalities = ["5200100"]\nurban_perimeter = "perimetro.geojson"'),
                 encoding="utf-8")
    check_candidate(load_candidate(p), store)


def test_wild_certificate_is_noted_with_the_published_value_and_ratio(store, tmp_path):
    from viabilidade.profile.analysis import analyse

    p = tmp_path / "cand.toml"
    p.write_text(BASE + CERT.format(key="population", value=9000, body="IBGE"), encoding="utf-8")
    note = analyse(p, store=store).profile.area.population.note
    assert note.endswith("; atenção: difere muito do valor publicado (3.045; o certificado é "
                         "2,96 vezes esse valor) — confira o documento; conforme documento "
                         "declarado (a conferir com o original)")


def test_certified_collection_above_the_certified_state_revenue_is_refused(tmp_path):
    """Hostile retrial A: R$ 900 bilhões against a certified state revenue of R$ 33,4 bilhões
    was a 'pass' of art. 4 VII with a margin of 26.946.007,78 %."""
    src = (REPO / "tests" / "candidates" / "posse-dabadia-certificada.toml").read_text("utf-8")
    p = tmp_path / "cand.toml"
    p.write_text(src.replace("collection = 3650000.00", "collection = 900000000000.00", 1),
                 encoding="utf-8")
    # the line of the act's kind (1-based), two lines above its document
    line = src.splitlines().index('document = "Ofício nº 77/2027 — Secretaria de Estado da Economia"') - 2
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert e.value.lines == [
        f"{p}, linha {line}, campo 'process.events': encontrada uma arrecadação de "
        f"R$ 900.000.000.000, maior que a receita estadual de impostos (a de 2026 na certidão da "
        f"linha {line}: R$ 33.400.000.000); esperado no máximo essa receita, da "
        "qual a arrecadação da área é parte"]


FISCAL = ('[fiscal.collection]\nvalue_brl = {c}\nyear = 2022\nsource = "SEFAZ-GO"\n'
          '[fiscal.state_tax_revenue]\nvalue_brl = {r}\nyear = 2022\nsource = "SEFAZ-GO"\n')


def test_fiscal_collection_above_the_fiscal_state_revenue_is_refused(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + FISCAL.format(c="9e11", r="3.34e10"), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert e.value.lines == [
        f"{p}, linha 10, campo 'fiscal.collection.value_brl': encontrada uma arrecadação de "
        "R$ 900.000.000.000, maior que a receita estadual de impostos (a de 2022 em "
        "[fiscal.state_tax_revenue]: R$ 33.400.000.000); esperado no máximo essa receita, da "
        "qual a arrecadação da área é parte"]


def test_collection_equal_to_the_state_revenue_loads(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + FISCAL.format(c="3.34e10", r="3.34e10"), encoding="utf-8")
    assert load_candidate(p).collection.value_brl == 3.34e10


def test_collection_above_the_published_state_revenue_is_refused(store, tmp_path):
    """Without a state revenue in the file: the published one of the same year (IMB tab. 125,
    2023: R$ 29.002.242.835,22), or 1,5 × the latest for a later year."""
    money = '[fiscal.collection]\nvalue_brl = {v}\nyear = {y}\nsource = "SEFAZ-GO"\n'
    p, lines = _lines(store, tmp_path, BASE + money.format(v="29002242836.0", y=2023))
    assert lines == [
        f"{p}, linha 10, campo 'fiscal.collection.value_brl': encontrada uma arrecadação de "
        "R$ 29.002.242.836, maior que a receita estadual de impostos (a de 2023 publicada: "
        "R$ 29.002.242.835,22); esperado no máximo essa receita, da qual a arrecadação da área "
        "é parte"]
    p, lines = _lines(store, tmp_path, BASE + money.format(v="9e11", y=2026))
    assert lines == [
        f"{p}, linha 10, campo 'fiscal.collection.value_brl': encontrada uma arrecadação de "
        "R$ 900.000.000.000, maior que a receita estadual de impostos (1,5 × a de 2023 "
        "publicada: R$ 43.503.364.252,83); esperado no máximo essa receita, da qual a "
        "arrecadação da área é parte"]
    p.write_text(BASE + money.format(v="29002242835.22", y=2023), encoding="utf-8")
    check_candidate(load_candidate(p), store)
