"""Area and remainder profiles from the committed processed store (real Censo 2022 / TSE 2022)."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.profile.build import build_profile, electors_ratio_half_iqr
from viabilidade.rules import Settings
from viabilidade.rules.result import Basis

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = ROOT / "data" / "candidates"


@pytest.fixture(scope="module")
def store():
    return load_store()


def cand(tmp_path: Path, districts: str, origins: str, extra: str = "", munis: str = "") -> Path:
    p = tmp_path / "c.toml"
    area = f"districts = [{districts}]" if districts else ""
    if munis:
        area += f"\nmunicipalities = [{munis}]"
    p.write_text(f'operation = "create-municipality"\nname = "X"\n{extra}\n[area]\n{area}\n'
                 f"[origin]\nmunicipalities = [{origins}]\n", encoding="utf-8")
    return p


def test_posse_dabadia_area_and_remainder(store):
    p = build_profile(load_candidate(CANDIDATES / "posse-dabadia.toml"), store, Settings())
    assert p.area.population.value == 3045
    assert p.area.population.basis == Basis.PUBLISHED  # Censo 2022: published, not certified
    assert p.area.buildings.value == 1178 and p.area.buildings.basis == Basis.ESTIMATED
    # Abadiânia: 12,614 electors (TSE, perfil do eleitorado de 2026; 10,812 in the 2022
    # general election), 17,232 inhabitants; Posse d'Abadia 3,045.
    # 12.614 × 3.045 / 17.232 = 2.228,97 electors, rounded half up to a whole elector
    assert p.area.electors.value == 2229
    assert p.area.electors.basis == Basis.ESTIMATED and p.area.electors.uncertainty > 0
    assert (p.area.electors.source, p.area.electors.vintage) == (
        "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida)", "2026")
    assert p.area.electors.note.startswith(
        "estimado: 12.614 eleitores de Abadiânia (TSE, perfil do eleitorado de 2026) × "
        "participação de Posse d'Abadia na população do município (3.045/17.232)")
    rem = p.remainders["5200100"]
    assert rem.population.value == 14187
    assert rem.buildings.value == 5010
    assert rem.electors.value == 12614 - 2229  # area + remainder = Abadiânia's TSE total
    assert p.origins["5200100"].population.value == 17232
    assert p.area.area_km2.value == pytest.approx(301.761, abs=0.001)


def test_electors_uncertainty_is_half_iqr_of_ratio(store):
    h = electors_ratio_half_iqr(store)
    assert 0.05 < h < 0.3   # electors/population ratios of Goiás municipalities vary this much
    p = build_profile(load_candidate(CANDIDATES / "posse-dabadia.toml"), store, Settings())
    assert p.area.electors.uncertainty == pytest.approx(3045 * h, abs=0.1)


def test_state_tax_revenue_of_latest_year(store):
    p = build_profile(load_candidate(CANDIDATES / "posse-dabadia.toml"), store, Settings())
    assert p.state_tax_revenue.vintage == "2023"
    assert p.state_tax_revenue.value > 2.8e10


def test_state_tax_revenue_follows_collection_year(store, tmp_path):
    extra = ""
    path = cand(tmp_path, '"520010010"', '"5200100"')
    path.write_text(path.read_text() + '[fiscal.collection]\nvalue_brl = 2760601.81\nyear = 2022\n'
                    'source = "SEFAZ-GO, certidão"\n', encoding="utf-8")
    p = build_profile(load_candidate(path), store, Settings())
    # IMB, Goiás em Dados 2023, tab. 125: ICMS 24,248,259 + IPVA 2,462,557 + ITCD 895,202 (R$ mil)
    assert p.state_tax_revenue.value == pytest.approx(27_606_018_000, abs=1)
    assert p.area.collection.value == 2760601.81
    assert extra == ""


def test_retrospective_nova_iguacu(store):
    p = build_profile(load_candidate(CANDIDATES / "nova-iguacu-de-goias.toml"), store, Settings())
    assert p.area.population.value == 3010          # Censo 2022, unchanged across vintages
    assert p.area.electors.value == 2681            # TSE profile 2026 (2.798 apt in 2022)
    assert p.area.electors.basis == Basis.PUBLISHED
    mara_rosa = store.municipalities.set_index("cod_ibge").at["5212808", "populacao"]
    assert p.remainders["5212808"].population.value == mara_rosa
    assert p.origins["5212808"].population.value == mara_rosa + 3010


def test_bom_jesus_electors_are_derived_not_published(store, tmp_path):
    # Bom Jesus de Goiás (5203500) is missing from the TSE profile's per-municipality table:
    # the store derives it from the state total, and a study shows it as estimated, saying how.
    path = tmp_path / "c.toml"
    path.write_text('operation = "fusion"\nname = "X"\nseat = "Bom Jesus de Goiás"\n[area]\n'
                    'municipalities = ["5203500", "5205059"]\n', encoding="utf-8")
    p = build_profile(load_candidate(path), store, Settings())
    e = p.origins["5203500"].electors
    assert (e.value, e.basis) == (18155, Basis.ESTIMATED)
    assert e.note.startswith("derivado, não lido do TSE: a tabela por município não traz Bom "
                             "Jesus de Goiás; valor = total do estado no mesmo perfil (5.080.755) "
                             "menos a soma dos outros 245 municípios (5.062.600)")


def test_first_release_vintage(store):
    s = Settings.from_dict({"population_vintage": "first-release"})
    p = build_profile(load_candidate(CANDIDATES / "nova-iguacu-de-goias.toml"), store, s)
    assert p.area.population.vintage == "2023-06-28"


def test_unknown_district_code(store, tmp_path):
    with pytest.raises(CandidateError) as e:
        build_profile(load_candidate(cand(tmp_path, '"520010099"', '"5200100"')), store, Settings())
    assert "area.districts[0]" in str(e.value) and "código IBGE de distrito desconhecido '520010099'" in str(e.value)


def test_unknown_origin_code(store, tmp_path):
    with pytest.raises(CandidateError) as e:
        build_profile(load_candidate(cand(tmp_path, '"520010010"', '"5299999"')), store, Settings())
    assert "origin.municipalities[0]" in str(e.value) and "5299999" in str(e.value)


def test_district_of_undeclared_municipality(store, tmp_path):
    # Jardim Ingá (521250106) belongs to Luziânia (5212501), not Abadiânia.
    with pytest.raises(CandidateError) as e:
        build_profile(load_candidate(cand(tmp_path, '"521250106"', '"5200100"')), store, Settings())
    msg = str(e.value)
    assert "Luziânia" in msg and "não é uma origem declarada" in msg and "area.districts[0]" in msg


def test_area_municipality_equal_to_origin(store, tmp_path):
    with pytest.raises(CandidateError) as e:
        build_profile(load_candidate(cand(tmp_path, "", '"5200100"', munis='"5200100"')),
                      store, Settings())
    assert "é ao mesmo tempo a área e uma origem: a criação e a transferência desmembram parte" in str(e.value)
    assert "(art. 5º, § 2º)" in str(e.value)


def test_every_data_problem_of_a_candidate_is_reported_at_once(store, tmp_path):
    # unknown origin 5299999; Posse d'Abadia then belongs to an undeclared origin (Abadiânia)
    p = cand(tmp_path, '"520010010", "520010099"', '"5299999"')
    with pytest.raises(CandidateError) as e:
        build_profile(load_candidate(p), store, Settings())
    assert [x.field for x in e.value.problems] == [
        "origin.municipalities[0]", "area.districts[0]", "area.districts[1]"]
    assert all(line.startswith(f"{p}, linha ") for line in e.value.lines)
