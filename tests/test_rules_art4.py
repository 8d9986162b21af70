"""Art. 4: both sides of every threshold (full and reduced), estimates, evidence, § 1, Posse d'Abadia."""

import dataclasses

import pytest
from test_rules_fixtures import (ABADIANIA_POP, POSSE_POP, GOIAS_2022_REVENUE_BRL, all_evidence,
                                 candidate, fig, posse_electors, posse_profile, simple_profile,
                                 state_revenue_2022)

from viabilidade.proposal.candidate import MoneyFigure
from viabilidade.profile.types import Territory
from viabilidade.operations import evaluate
from viabilidade.rules import Settings
from viabilidade.rules.art4 import item_I, item_II, item_III, item_VI, numeric_item, par1
from viabilidade.rules.result import Basis, Figure, Lean, Status

S = Settings()


def by_id(results, rule_id):
    return [r for r in results if r.rule_id == rule_id]


@pytest.mark.parametrize("item, below, at_least, reduced, reduction", [
    ("IV", 3000, 3001, False, "to"), ("V", 1000, 1001, False, "to"), ("VI", 199, 200, False, "to"),
    ("IV", 2000, 2001, True, "to"), ("V", 666, 667, True, "to"), ("VI", 133, 134, True, "to"),
    ("IV", 1000, 1001, True, "by"), ("V", 333, 334, True, "by"), ("VI", 66, 67, True, "by"),
])
def test_both_sides_of_each_count_threshold(item, below, at_least, reduced, reduction):
    s = Settings(reduction=reduction)
    for value, expected in ((below, Status.FAIL), (at_least, Status.PASS)):
        p = simple_profile(value, value, value)
        r = numeric_item(item, p.area, s, reduced=reduced)
        assert r.status == expected, (item, value, r.reason)
        assert r.rule_id == f"art4.{item}" and r.value == value


def test_a_reduced_limit_says_how_in_portuguese():
    # The rule table read "Limite reduzido por interesse especial (to 2/3)" (issue 31).
    to = numeric_item("IV", simple_profile(2001, 0, 0).area, Settings(reduction="to"), reduced=True)
    assert to.reason.endswith(" Limite reduzido por interesse especial: requisitos reduzidos a 2/3 do valor.")
    by = numeric_item("IV", simple_profile(1001, 0, 0).area, Settings(reduction="by"), reduced=True)
    assert by.reason.endswith(" Limite reduzido por interesse especial: requisitos reduzidos em 2/3 "
                              "(a 1/3 do valor).")


def test_population_margin_comparator_and_certifier():
    r = numeric_item("IV", simple_profile(3001, 0, 0).area, S)
    assert (r.threshold, r.comparator, r.unit, r.margin) == (3000, ">", "habitantes", 1)
    assert r.margin_pct == pytest.approx(100 / 3000)
    assert r.certifier == "IBGE" and r.basis == Basis.PUBLISHED
    assert r.article == "LC 02/1990, art. 4º, IV"
    assert r.details["texto_legal"] == "população de mais de três mil habitantes;"
    assert numeric_item("V", simple_profile(0, 1001, 0).area, S).certifier == "Cartório Eleitoral (TRE-GO)"
    fail = numeric_item("IV", simple_profile(3000, 0, 0).area, S)
    assert fail.reason == ("População de 3.000 habitantes não atende ao exigido (mais de 3.000 habitantes); "
                           "margem de 0 (0,00\u00a0%).")


def _collection(value):
    area = dataclasses.replace(simple_profile(3001, 1001, 200).area,
                               collection=Figure(value, "BRL", Basis.CERTIFIED, "SEFAZ-GO", "2022"))
    return numeric_item("VII", area, S, state_rev=state_revenue_2022())


def test_revenue_exactly_at_threshold_fails_one_centavo_above_passes():
    assert GOIAS_2022_REVENUE_BRL == 27_606_018_000
    at = _collection(2_760_601.80)
    assert at.threshold == pytest.approx(2_760_601.80, abs=0) and at.status == Status.FAIL
    above = _collection(2_760_601.81)
    assert above.status == Status.PASS and above.certifier == "Secretaria de Estado da Economia de Goiás"
    assert above.margin == pytest.approx(0.01, abs=1e-6)


def test_reduced_revenue_only_when_reading_includes_vii():
    area = dataclasses.replace(simple_profile(3001, 1001, 200).area,
                               collection=Figure(1_840_401.21, "BRL", Basis.CERTIFIED, "SEFAZ-GO", "2022"))
    assert numeric_item("VII", area, S, reduced=True, state_rev=state_revenue_2022()).status == Status.FAIL
    s7 = Settings(reduction_items="IV,V,VI,VII")
    at = dataclasses.replace(area, collection=Figure(1_840_401.20, "BRL", Basis.CERTIFIED, "SEFAZ-GO", "2022"))
    assert numeric_item("VII", at, s7, reduced=True, state_rev=state_revenue_2022()).status == Status.FAIL
    assert numeric_item("VII", area, s7, reduced=True, state_rev=state_revenue_2022()).status == Status.PASS


def test_revenue_of_another_year_is_indeterminate():
    area = dataclasses.replace(simple_profile(3001, 1001, 200).area,
                               collection=Figure(9e6, "BRL", Basis.CERTIFIED, "SEFAZ-GO", "2023"))
    r = numeric_item("VII", area, S, state_rev=state_revenue_2022())
    assert r.status == Status.INDETERMINATE
    assert "é preciso a receita estadual de impostos de 2023" in r.reason


def test_collection_from_candidate_file_when_profile_has_none():
    c = candidate(collection=MoneyFigure(2_760_601.81, 2022, "Certidão SEFAZ-GO nº 1/2023"))
    r = numeric_item("VII", simple_profile(3001, 1001, 200).area, S, state_rev=state_revenue_2022(),
                     candidate=c)
    assert r.status == Status.PASS and r.source == "Certidão SEFAZ-GO nº 1/2023"


def test_missing_collection_says_what_would_decide():
    r = numeric_item("VII", simple_profile(3001, 1001, 200).area, S)
    assert r.status == Status.INDETERMINATE and r.lean is None
    assert "certificada pela Secretaria de Estado da Economia de Goiás" in r.reason


@pytest.mark.parametrize("value, uncertainty, lean", [
    (1200, 150, Lean.LIKELY_PASS), (1100, 150, None), (800, 150, Lean.LIKELY_FAIL), (1000, 0, Lean.LIKELY_FAIL),
    (1001, 0, Lean.LIKELY_PASS), (1151, 150, Lean.LIKELY_PASS), (1150, 150, None)])
def test_estimates_never_decide_and_lean_beyond_their_uncertainty(value, uncertainty, lean):
    area = simple_profile(3001, 0, 200).area
    area = dataclasses.replace(area, electors=fig(value, "eleitores", Basis.ESTIMATED, uncertainty))
    r = numeric_item("V", area, S)
    assert r.status == Status.INDETERMINATE and r.lean == lean
    assert "Valor estimado não decide o requisito" in r.reason


def test_item_vi_needs_the_five_areas():
    p = simple_profile(3001, 1001, 200)
    r = item_VI(candidate(), p.area, S, False)
    assert r.status == Status.INDETERMINATE
    assert r.details["faltam"] == ["escola", "saude", "posto_telefonico", "praca_esporte", "cemiterio"]
    assert item_VI(candidate(evidence=all_evidence()), p.area, S, False).status == Status.PASS
    low = simple_profile(3001, 1001, 199)
    assert item_VI(candidate(), low.area, S, False).status == Status.FAIL


def test_item_i_evidence():
    r = item_I(candidate())
    assert r.status == Status.INDETERMINATE and r.details["faltam"] == ["prefeitura", "camara"]
    assert item_I(candidate(evidence=all_evidence())).status == Status.PASS


def test_item_ii_gap_measured_and_bound():
    def run(**kw):
        return item_II(simple_profile(3001, 1001, 200, territory=Territory(**kw)), S)
    m = lambda v: Figure(v, "m", Basis.MEASURED, "geo", "2022")  # noqa: E731
    assert run(gap_m=m(6000.0)).status == Status.PASS
    assert run(gap_m=m(5999.9)).status == Status.FAIL
    bound = run(gap_bound_m=m(4200.0))
    assert bound.status == Status.FAIL and "no máximo essa" in bound.reason
    loose = run(gap_bound_m=m(9100.0))
    assert loose.status == Status.INDETERMINATE and loose.value == 9100.0
    assert "é preciso o perímetro urbano da origem e o polígono da área" in loose.reason
    # A drawn polygon is known: the reason asks only for the urban perimeter.
    drawn = run(gap_bound_m=m(7755.84), area_parts=1, details={"gap_by_origin": {"5200100": {
        "from": "sede de Abadiânia", "to": "ao ponto mais próximo do território proposto",
        "distance_m": 7755.8404}}})
    assert drawn.status == Status.INDETERMINATE and drawn.value == 7755.84
    assert drawn.reason == (
        "O polígono da área é conhecido, mas falta o perímetro urbano do município de origem: a "
        "distância geodésica de 7.755,84 m vai do ponto da sede de Abadiânia ao ponto mais próximo "
        "do polígono da área. O perímetro urbano fica mais perto da divisa que esse ponto, então "
        "essa distância é só um limite superior e não decide o requisito: é preciso o perímetro "
        "urbano da origem (lei municipal) ou a "
        "distância certificada pelo IBGE.")
    assert "polígono da área, apurados" not in drawn.reason
    assert run().status == Status.INDETERMINATE


def test_item_iii_continuity():
    c = candidate()
    def run(**kw):
        return item_III(c, simple_profile(3001, 1001, 200, territory=Territory(**kw)), S).status
    assert run(remainder_parts={"5200100": 1}) == Status.PASS
    assert run(remainder_parts={"5200100": 2}) == Status.FAIL
    assert run(remainder_parts={"5200100": 1}, remainder_point_touch={"5200100": True}) == Status.FAIL
    r = item_III(c, simple_profile(3001, 1001, 200), S)
    assert r.status == Status.INDETERMINATE and "sem polígono da área" in r.reason


def test_par1_checks_each_remainder_with_full_thresholds():
    c = candidate(special_interest=True)
    ok = par1(c, simple_profile(2500, 900, 150, rem=(3001, 1001, 200),
                                territory=Territory(remainder_parts={"5200100": 1})), S)
    assert len(ok) == 1 and ok[0].subject == "Origem (remanescente)"
    assert set(ok[0].details["subchecks"]) == {"IV", "V", "VI", "VII", "III"}
    assert ok[0].details["subchecks"]["IV"]["status"] == "pass"
    low = par1(c, simple_profile(2500, 900, 150, rem=(3000, 1001, 200)), S)[0]
    assert low.status == Status.FAIL and low.details["subchecks"]["IV"]["status"] == "fail"
    assert "perderia o requisito do art. 4º, IV (população)." in low.reason
    own = Settings(origin_reduction="own", origin_special_interest=("5200100",))
    assert par1(c, simple_profile(2500, 900, 150, rem=(2001, 1001, 200)), own)[0].details["subchecks"]["IV"]["status"] == "pass"


def test_special_interest_reduces_area_thresholds():
    p = simple_profile(2500, 700, 150)
    full = {r.rule_id: r.status for r in evaluate(candidate(creation_year=2027), p, S)}
    red = {r.rule_id: r.status for r in evaluate(candidate(creation_year=2027, special_interest=True), p, S)}
    assert full["art4.IV"] == full["art4.V"] == Status.FAIL
    assert red["art4.IV"] == red["art4.V"] == Status.PASS


def test_posse_dabadia():
    results = evaluate(candidate(creation_year=2027), posse_profile(), S)
    iv = by_id(results, "art4.IV")[0]
    assert (iv.status, iv.value, iv.threshold, iv.comparator) == (Status.PASS, POSSE_POP, 3000, ">")
    v = by_id(results, "art4.V")[0]
    assert v.status == Status.INDETERMINATE and v.lean == Lean.LIKELY_PASS
    assert v.value == round(posse_electors()) == 1911
    vi = by_id(results, "art4.VI")[0]
    assert vi.value == 1178 and vi.status == Status.INDETERMINATE
    assert by_id(results, "art4.VII")[0].status == Status.INDETERMINATE
    p1 = by_id(results, "art4.par1")
    assert len(p1) == 1 and p1[0].value == ABADIANIA_POP - POSSE_POP == 14_187
    assert p1[0].subject == "Abadiânia (remanescente)"
    assert [r.rule_id for r in results] == [
        "art2", "art4.I", "art4.II", "art4.III", "art4.IV", "art4.V", "art4.VI", "art4.VII",
        "art4.par1", "art7", "art7.par1", "art7.par2"]
    assert all(r.article.startswith("LC 02/1990, art.") for r in results)


DATA = __import__("pathlib").Path(__file__).resolve().parents[1].parent / "shared" / "data"


def test_posse_dabadia_from_the_real_census_and_tse_tables():
    import pandas as pd
    districts = DATA / "census" / "go_censo2022_distritos_populacao_domicilios.csv"
    electors = DATA / "electoral" / "go_eleitores_aptos_2022_municipios.csv"
    if not districts.exists() or not electors.exists():
        pytest.skip(f"real data not found at {DATA}")
    d = pd.read_csv(districts, dtype={"cod_distrito": str, "cod_municipio": str}).set_index("cod_distrito")
    e = pd.read_csv(electors, dtype={"cod_ibge": str}).set_index("cod_ibge")
    posse, seat = d.loc["520010010"], d.loc["520010005"]
    total_pop = int(d.loc[d["cod_municipio"] == "5200100", "pessoas"].sum())
    total_el = int(e.loc["5200100", "eleitores_aptos_2022"])
    assert (int(posse["pessoas"]), int(seat["pessoas"]), total_pop, total_el) == (3045, 14187, 17232, 10812)
    share = posse["pessoas"] / total_pop
    from test_rules_fixtures import unit
    area = unit("Posse d'Abadia", int(posse["pessoas"]), total_el * share,
                int(posse["domicilios_particulares_ocupados"]), el_basis=Basis.ESTIMATED,
                el_unc=0.15 * total_el * share, b_basis=Basis.ESTIMATED)
    rem = unit("Abadiânia (remanescente)", int(seat["pessoas"]), total_el * (1 - share),
               int(seat["domicilios_particulares_ocupados"]), el_basis=Basis.ESTIMATED,
               b_basis=Basis.ESTIMATED, code="5200100")
    from viabilidade.profile.types import Profile
    prof = Profile("create-municipality", area, {"5200100": area}, {"5200100": rem})
    res = {(r.rule_id, r.subject): r for r in evaluate(candidate(creation_year=2027), prof, S)}
    iv = res[("art4.IV", "área")]
    assert (iv.status, iv.value, iv.threshold, iv.comparator) == (Status.PASS, 3045, 3000, ">")
    v = res[("art4.V", "área")]
    assert round(v.value) == 1911 and v.status == Status.INDETERMINATE and v.lean == Lean.LIKELY_PASS
    assert res[("art4.VI", "área")].value == 1178
    p1 = res[("art4.par1", "Abadiânia (remanescente)")]
    assert p1.value == 14187 and p1.details["subchecks"]["IV"]["status"] == "pass"
    assert p1.details["subchecks"]["VI"]["valor"] == 5010


def test_nan_value_is_missing_not_an_estimate():
    area = dataclasses.replace(simple_profile(3001, 1001, 200).area,
                               electors=fig(float("nan"), "eleitores", Basis.ESTIMATED, 10))
    r = numeric_item("V", area, S)
    assert r.status == Status.INDETERMINATE and r.value is None and r.lean is None
    assert r.reason.startswith("Sem valor de eleitorado: é preciso o número de eleitores inscritos na área "
                               "certificado pelo Cartório Eleitoral (TRE-GO).")
