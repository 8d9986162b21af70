"""Scenarios evaluated through the study's own path (viabilidade.explore.scenario, .save)."""

import dataclasses
from pathlib import Path

import pytest

from viabilidade.profile.analysis import analyse
from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError
from viabilidade.explore.projection import Projection
from viabilidade.explore.save import save_scenario, scenario_toml
from viabilidade.explore.scenario import (AREA, FigureOverride, Scenario, apply_overrides,
                                          run_scenario, totals)
from viabilidade.rules import Settings
from viabilidade.rules.result import Basis, Lean, Status, Verdict

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")

POSSE, ABADIANIA = "520010010", "5200100"
NATINOPOLIS, GOIANESIA = "520860810", "5208608"   # 183 inhabitants; Goianésia 73,707
OLHOS_DAGUA, ALEXANIA = "520030810", "5200308"
NOVA_IGUACU, MARA_ROSA = "5214879", "5212808"


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture(scope="module")
def posse(store):
    return Scenario.for_district(store, POSSE)


def _statuses(analysis):
    return [(r.rule_id, r.subject, str(r.status), r.value, str(r.lean or "")) for r in analysis.results]


def test_posse_dabadia_as_in_the_data(store, posse):
    a = run_scenario(posse, store)
    iv = a.result("art4.IV")
    assert (iv.value, iv.threshold, iv.status) == (3045, 3000, Status.PASS)
    assert a.profile.remainders[ABADIANIA].population.value == 14187


@pytest.mark.parametrize("population, status", [(3000, Status.FAIL), (3001, Status.PASS), (2999, Status.FAIL)])
def test_what_if_population_flips_art4_iv_at_3001(store, posse, population, status):
    a = run_scenario(posse.with_override(FigureOverride(AREA, "population", population)), store)
    iv = a.result("art4.IV")
    assert iv.status == status
    assert iv.value == population
    assert iv.basis == Basis.PUBLISHED          # a what-if keeps the basis of the figure it replaces
    assert iv.details["nota"].startswith("HIPOTÉTICO — valor hipotético informado na exploração "
                                         "(valor dos dados: 3045;")
    if status == Status.FAIL:
        assert a.verdict == Verdict.INVIAVEL


def test_what_if_on_the_remainder(store, posse):
    a = run_scenario(posse.with_override(FigureOverride(ABADIANIA, "population", 3000)), store)
    par1 = a.result("art4.par1")
    assert par1.status == Status.FAIL
    assert par1.details["subchecks"]["IV"]["status"] == "fail"
    with pytest.raises(CandidateError, match="sujeito '5208608' do valor hipotético; esperado 'área' ou uma das "
                                             r"origens com remanescente \(5200100\)"):
        apply_overrides(a.profile, [FigureOverride(GOIANESIA, "population", 1)])


def test_projection_makes_population_estimated(store, posse):
    scen = posse.with_projection(Projection("population", 2030, 0.01, 0.005))
    a = run_scenario(scen, store)
    iv = a.result("art4.IV")
    assert iv.value == pytest.approx(3294.7, abs=0.05)  # from 31/07/2022 to mid-2030
    assert iv.status == Status.INDETERMINATE and iv.basis == Basis.ESTIMATED
    assert iv.lean == Lean.LIKELY_PASS           # 3,294.6 − 129.2 still above 3,000
    shrinking = run_scenario(posse.with_projection(Projection("population", 2030, -0.02)), store)
    assert shrinking.result("art4.IV").lean == Lean.LIKELY_FAIL
    assert run_scenario(scen.with_projection(None, "population"), store).result("art4.IV").status == Status.PASS


def test_add_and_remove_units_change_area_and_remainders(store, posse):
    # Olhos D'Água (1.550 inhabitants) is a district of Alexânia, which borders Abadiânia.
    bigger = posse.add_unit(OLHOS_DAGUA, store)
    assert bigger.origins == (ABADIANIA, ALEXANIA)
    t = totals(run_scenario(bigger, store)).set_index(["papel", "unidade"])["populacao"]
    assert t[("área", "Posse d'Abadia")] == 3045 + 1550
    assert t[("remanescente", "Abadiânia (remanescente)")] == 14187
    assert t[("remanescente", "Alexânia (remanescente)")] == 27008 - 1550
    back = bigger.remove_unit(OLHOS_DAGUA, store)
    assert back.districts == (POSSE,) and back.origins == (ABADIANIA,)
    assert (back.name, back.seat) == ("Posse d'Abadia", "Posse d'Abadia")
    # Removing the district of the proposed seat moves the seat (and the name that followed it)
    # to the unit left; a name the user typed stays.
    moved = bigger.remove_unit(POSSE, store)
    assert (moved.districts, moved.origins) == ((OLHOS_DAGUA,), (ALEXANIA,))
    assert (moved.name, moved.seat) == ("Olhos D'Água", "Olhos D'Água")
    named = bigger.replace(name="Nova Abadia").remove_unit(POSSE, store)
    assert (named.name, named.seat) == ("Nova Abadia", "Olhos D'Água")
    with pytest.raises(CandidateError, match="520010010 já está na área"):
        posse.add_unit(POSSE, store)
    with pytest.raises(CandidateError, match="a área ficaria vazia: acrescente outra unidade"):
        posse.remove_unit(POSSE, store)
    with pytest.raises(CandidateError, match="código '93734'; esperado um código de distrito \\(9 dígitos\\) ou de "
                                             "município \\(7 dígitos\\)"):
        posse.add_unit("93734", store)
    with pytest.raises(CandidateError, match="código de distrito '529999999' desconhecido"):
        posse.add_unit("529999999", store)


def test_continuity_live_for_whole_municipalities_indeterminate_for_districts(store, posse):
    assert run_scenario(posse, store).result("art4.III").status == Status.INDETERMINATE
    nova = Scenario.for_municipality(store, NOVA_IGUACU, MARA_ROSA)
    a = run_scenario(nova, store)
    assert a.result("art4.III").status == Status.PASS
    assert a.result("art4.IV").value == 3010


def test_settings_and_special_interest_reach_the_rules(store, posse):
    with pytest.raises(CandidateError, match="o interesse especial declarado precisa de uma justificativa"):
        posse.replace(special_interest=True, special_interest_kind="tourism")
    reduced = posse.replace(special_interest=True, special_interest_kind="tourism",
                            special_interest_justification="romaria de Nossa Senhora d'Abadia")
    a = run_scenario(reduced.with_override(FigureOverride(AREA, "population", 2001)), store)
    assert (a.result("art4.IV").threshold, a.result("art4.IV").status) == (2000, Status.PASS)
    by = reduced.replace(settings=Settings(reduction="by"))
    assert run_scenario(by, store).result("art4.IV").threshold == 1000
    assert run_scenario(posse.replace(creation_year=2028), store).result("art7.par3").status == Status.FAIL
    # a year outside elections is a timing condition, never a requirement met (no result)
    assert "art7.par3" not in [r.rule_id for r in run_scenario(posse.replace(creation_year=2027), store).results]


def test_saved_scenario_runs_the_same_through_analyse(store, posse, tmp_path):
    scen = posse.replace(creation_year=2027, special_interest=True, special_interest_kind="tourism",
                         special_interest_justification="romaria de Nossa Senhora d'Abadia",
                         settings=Settings(reduction="by", reduction_items="IV,V,VI,VII", population=3500))
    path = save_scenario(scen, tmp_path / "posse-explorada.toml")
    loaded = load_candidate(path)
    assert loaded.slug == "posse-explorada"          # the file's own name: its own study folder
    assert dataclasses.replace(loaded, path=None) == dataclasses.replace(
        scen.replace(path=path).to_candidate(), path=None, slug="posse-explorada")
    assert loaded.settings == {"reduction_items": "IV,V,VI,VII", "reduction": "by", "population": 3500}
    assert _statuses(analyse(path, store=store)) == _statuses(run_scenario(scen, store))
    with pytest.raises(CandidateError, match="o arquivo já existe"):
        save_scenario(scen, path)


def test_saving_what_if_figures_needs_consent(posse, tmp_path):
    scen = posse.with_override(FigureOverride(AREA, "population", 3000))
    with pytest.raises(CandidateError, match=r"campo 'overrides': o cenário tem valores hipotéticos ou projetados "
                                             r"\(população = 3.000\) que um arquivo de candidato não guarda"):
        scenario_toml(scen, tmp_path / "x.toml")
    text = scenario_toml(scen, tmp_path / "x.toml", drop_overrides=True)
    assert "#   área · population = 3000 — valor hipotético informado na exploração" in text
    assert 'districts = [\n    "520010010",\n]' in text


def test_scenario_validation_messages(store):
    with pytest.raises(CandidateError, match="código de distrito '520010099' desconhecido: não está entre os 327 distritos"):
        Scenario.for_district(store, "520010099")
    with pytest.raises(CandidateError, match="ano 1989; esperado um ano entre 1990 e 2100"):
        Scenario(name="X", origins=(ABADIANIA,), districts=(POSSE,), creation_year=1989)
    with pytest.raises(CandidateError, match="grandeza 'area' desconhecida; esperada uma de population, electors, buildings, "
                                             "collection"):
        FigureOverride(AREA, "area", 1)
    with pytest.raises(CandidateError, match="valor -5 para population; esperado um número maior ou igual a zero"):
        FigureOverride(AREA, "population", -5)


def test_district_of_a_non_origin_is_reported_as_in_a_study(store, posse):
    wrong = posse.replace(districts=(POSSE, NATINOPOLIS))   # Goianésia not declared as origin
    with pytest.raises(CandidateError, match="o distrito 520860810 .* pertence ao município 5208608"):
        run_scenario(wrong, store)


@pytest.mark.slow
def test_saved_scenario_through_run_study_matches_the_interactive_view(store, posse, tmp_path):
    from viabilidade.report.study import run_study

    scen = posse.replace(creation_year=2027, settings=Settings(reduction="by"))
    path = save_scenario(scen, tmp_path / "posse-explorada.toml")
    record = run_study(path, tmp_path / "out")
    view = run_scenario(scen, store)
    import json

    results = json.loads((Path(record["folder"]) / "resultados.json").read_text(encoding="utf-8"))
    saved = [(r["rule_id"], r["subject"], r["status"]) for r in results["results"]]
    assert saved == [(r.rule_id, r.subject, str(r.status)) for r in view.results]
    assert record["verdict"] == str(view.verdict)


def test_scenario_from_a_candidate_file_keeps_everything(store, tmp_path):
    path = REPO / "data" / "candidates" / "nova-iguacu-de-goias.toml"
    candidate = load_candidate(path)
    scen = Scenario.from_candidate(candidate)
    assert scen.to_candidate() == candidate                  # seat point, creation year 1991 kept
    assert _statuses(run_scenario(scen, store)) == _statuses(analyse(path, store=store))
    saved = load_candidate(save_scenario(scen, tmp_path / "nova.toml"))
    assert dataclasses.replace(saved, path=path, slug=candidate.slug) == candidate
    assert saved.slug == "nova"


def test_saved_variants_of_one_scenario_never_share_a_slug(posse, tmp_path):
    # Saved to a folder twice: the second variant gets its own file and slug, the first is kept.
    first = save_scenario(posse, tmp_path)
    second = save_scenario(posse.replace(creation_year=2027), tmp_path)
    assert (first.name, second.name) == ("posse-dabadia.toml", "posse-dabadia-2.toml")
    assert (load_candidate(first).slug, load_candidate(second).slug) == (
        "posse-dabadia", "posse-dabadia-2")
    assert load_candidate(first).creation_year is None
    third = save_scenario(posse, str(tmp_path / "sub") + "/")
    assert third == tmp_path / "sub" / "posse-dabadia.toml"
    # A file named explicitly is never replaced silently.
    with pytest.raises(CandidateError, match="o arquivo já existe"):
        save_scenario(posse, first)
    assert save_scenario(posse.replace(creation_year=2029), tmp_path, overwrite=True) == first
    assert load_candidate(first).creation_year == 2029


def test_a_scenario_the_law_refuses_is_refused_as_in_a_study(store, posse):
    # Districts of Abadiânia and Goianésia, which do not border each other: one shared check.
    with pytest.raises(CandidateError) as e:
        run_scenario(posse.add_unit(NATINOPOLIS, store), store)
    assert e.value.field == "area.districts"
    assert e.value.message.startswith(
        "a área fica em partes que não se tocam: o distrito Posse d'Abadia (520010010, de "
        "Abadiânia) e o distrito Natinópolis (520860810, de Goianésia) ficam em municípios que "
        "não fazem divisa, a 51,5 km um do outro")


def test_boundary_file_saved_relative_and_read_back(posse, tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    (tmp_path / "limites").mkdir()
    geo = tmp_path / "limites" / "posse.geojson"
    gpd.GeoDataFrame({"id": ["5200100"]}, geometry=[box(-48.83, -16.13, -48.77, -16.07)],
                     crs="EPSG:4674").to_file(geo)
    (tmp_path / "cands").mkdir()
    path = save_scenario(posse.replace(boundary=geo), tmp_path / "cands" / "posse.toml")
    assert 'boundary = "../limites/posse.geojson"' in path.read_text(encoding="utf-8")
    assert load_candidate(path).boundary == geo.resolve()
