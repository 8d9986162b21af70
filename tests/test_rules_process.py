"""Process rules: art. 2, 5, 6, 7 (plebiscite, election year), 17, calendar and dispatch."""

import dataclasses
import datetime as dt

import pytest

from viabilidade.operations import operation_of
from test_rules_fixtures import candidate, posse_profile, registered, simple_profile

from viabilidade.proposal.candidate import Evidence, Plebiscite
from viabilidade.errors import CandidateError, SettingsError
from viabilidade.operations import evaluate, verdict_under_alternatives
from viabilidade.rules import Settings, verdict
from viabilidade.rules import calendar
from viabilidade.rules.art2 import art2
from viabilidade.rules.art5 import par1 as art5_par1
from viabilidade.rules.art6 import art6
from viabilidade.rules.art7 import majority, par1, par2, par3, quorum
from viabilidade.rules.result import Basis, Status, Verdict

#: The study date of these tests: after their 2027 acts (a later act decides nothing).
S = Settings(study_date="2027-06-01")
#: The same in the hypothesis of a federal complementary law in force (CF art. 18 § 4): only
#: then does a plebiscite count.
FED = S.replace(federal_law="plp-137-2015")

#: A plebiscite result with the Electoral Justice's act that proclaims it (fictitious).
RESULT = dict(document="Ata geral de apuração, TRE-GO, Processo nº 0600123-45.2027.6.09.0000",
              date=dt.date(2027, 5, 16))
#: The representation filed with the Assembly, signatures notarised (fictitious).
PETITION = dict(petition_document="Representação protocolada na ALEGO sob nº 1.234/2027",
                petition_date=dt.date(2027, 1, 10),
                # art. 5 § 1: the signers' declarations that they live in the area
                residence_declarations="Declarações de residência anexas à Representação nº 1.234/2027")


@pytest.fixture
def held(monkeypatch):
    """Today on S's study date, after RESULT's plebiscite of 16/05/2027: held, so read as the
    document gives it ("sem efeito" without the federal law). Before it, today
    (VIABILIDADE_HOJE, 2026-12-01 by conftest), it is a hypothesis of the simulation with no
    result (legal11 S3, tests/test_legal11.py)."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")


@pytest.mark.parametrize("n, absolute, literal", [(1000, 501, 501), (1001, 501, 502), (0, 1, 1), (1, 1, 2)])
def test_quorum_both_readings(n, absolute, literal):
    assert quorum(n, "absolute-majority") == absolute
    assert quorum(n, "literal") == literal


def _counted(r) -> str:
    """What a plebiscite result says the document gives ("atingido", "rejeitado"…)."""
    return r.reason.split(" segundo o documento")[0].rsplit(": ", 1)[1]


def test_quorum_rule_decides_on_both_sides(held):
    """The quorum is counted on both sides of it; the consultation, held before the study and
    any federal law, decides nothing even in the federal_law hypothesis (legal review 15:44,
    item 1)."""
    def run(turnout, reading):
        c = candidate(plebiscite=Plebiscite(eligible=1001, turnout=turnout, **RESULT))
        r = par1(c, None, FED.replace(quorum=reading))
        return r.status, r.threshold, _counted(r)
    assert run(501, "absolute-majority") == (Status.INDETERMINATE, 501, "atingido")
    assert run(500, "absolute-majority") == (Status.INDETERMINATE, 501, "não atingido")
    assert run(501, "literal") == (Status.INDETERMINATE, 502, "não atingido")
    assert run(502, "literal") == (Status.INDETERMINATE, 502, "atingido")


def test_quorum_without_results_states_the_figure_from_the_roll():
    r = par1(candidate(), posse_profile(), S)
    # area + remainder add up to Abadiânia's published 10.812 electors: the roll is published
    assert r.status == Status.INDETERMINATE and r.threshold == 5407 and r.basis == Basis.PUBLISHED
    assert "o quórum mínimo seria de 5.407 comparecimentos" in r.reason
    area_only = par1(candidate(), posse_profile(), S.replace(plebiscite_roll="area"))
    assert area_only.threshold == quorum(1911) == 956


def test_approval_counts_blank_and_void_in_the_denominator(held):
    ok = candidate(plebiscite=Plebiscite(eligible=2000, turnout=1001, yes=501, no=300, blank=100, void=100, **RESULT))
    assert _counted(par2(ok, FED)) == "aprovado"
    # yes beats no, but not half of those who turned out once blank and void are counted
    short = candidate(plebiscite=Plebiscite(eligible=2000, turnout=1000, yes=500, no=300, blank=100, void=100, **RESULT))
    r = par2(short, FED)
    assert _counted(r) == "rejeitado" and r.details["minimo_sim"] == 501 == majority(1000)
    assert r.status == Status.INDETERMINATE  # held before the study: "sem efeito"
    assert par2(candidate(), S).status == Status.INDETERMINATE


@pytest.mark.parametrize("year, refused", [(2027, False), (2028, True), (2029, False), (2032, True)])
def test_no_creation_in_municipal_election_year(year, refused):
    """Art. 7 § 3 refuses an election year; any other year is no result at all: a year is a
    timing condition, never a requirement "cumprido"."""
    r = par3(candidate(creation_year=year), S)
    if refused:
        assert (r.status, r.rule_id) == (Status.FAIL, "art7.par3")
    else:
        assert r is None


def test_art7_par3_is_never_cumprido_but_a_timing_condition():
    from viabilidade.rules.art7 import timing_condition
    for year in (None, 2027, 2029):
        res = evaluate(candidate(creation_year=year), posse_profile(), S)
        assert [r for r in res if r.rule_id == "art7.par3"] == []
    refused = evaluate(candidate(creation_year=2028), posse_profile(), S)
    assert [str(r.status) for r in refused if r.rule_id == "art7.par3"] == ["fail"]
    assumed = timing_condition(candidate(request_date=dt.date(2026, 12, 1)), S)
    assert assumed == {
        "texto": "Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das "
                 "eleições municipais. É condição sobre a data da lei de criação, não requisito "
                 "que a proposta cumpra. O estudo supõe a criação em 2027, o primeiro ano sem "
                 "eleição municipal após a data do pedido (01/12/2026). Esse ano é uma hipótese "
                 "do estudo, não um requisito cumprido: a lei não poderá ser editada em 2028. "
                 "Com a lei editada em 2027, a instalação seria em 01/01/2029 (art. 9º).",
        "ano_criacao": 2027, "origem": "primeiro ano sem eleição municipal após a data do pedido "
                                        "(01/12/2026)",
        "vedado": False, "instalacao": "2029-01-01"}
    # a study of 01/04/2027 supposes 2029: the year it skips is 2028, not 2032 (legal review
    # 15:44, item 9)
    skipped = timing_condition(candidate(), S.replace(study_date="2027-04-01"))
    assert skipped["texto"] == (
        "Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das eleições "
        "municipais. É condição sobre a data da lei de criação, não requisito que a proposta "
        "cumpra. O estudo supõe a criação em 2029, o primeiro ano sem eleição municipal após a "
        "data do estudo (01/04/2027). Esse ano é uma hipótese do estudo, não um requisito "
        "cumprido: a lei não poderá ser editada em 2028. Com a lei editada em 2029, a instalação "
        "seria em 01/01/2033 (art. 9º).")
    assert "cumprido" not in timing_condition(candidate(creation_year=2029), S)["texto"]
    assert timing_condition(candidate(creation_year=2028), S)["vedado"] is True


def test_installation_and_deadlines():
    assert calendar.installation_date(2027) == dt.date(2029, 1, 1)
    assert calendar.installation_date(2029) == dt.date(2033, 1, 1)
    with pytest.raises(SettingsError, match=r"encontrado 2028, ano de eleição municipal; nenhum município pode ser criado nesse ano \(art\. 7º, § 3º\)"):
        calendar.installation_date(2028)
    inst = dt.date(2029, 1, 1)
    assert calendar.servants_option_deadline(inst) == dt.date(2029, 4, 1)
    assert calendar.books_deadline(inst) == dt.date(2029, 1, 16)
    assert calendar.agencies_deadline(dt.date(2027, 3, 1)) == dt.date(2027, 4, 30)
    assert calendar.agencies_deadline(dt.date(2026, 12, 1)) == dt.date(2027, 2, 1)  # not Sat 30/01
    assert calendar.district_installation_deadline(dt.date(2027, 1, 10)) == dt.date(2027, 7, 9)
    from viabilidade.rules.art7 import timing_condition
    assert timing_condition(candidate(creation_year=2027), S)["instalacao"] == "2029-01-01"


def test_default_creation_year_skips_election_years():
    assert calendar.default_creation_year(dt.date(2026, 11, 29)) == 2027
    assert calendar.default_creation_year(dt.date(2027, 5, 1)) == 2029
    year, how = calendar.creation_year(candidate(request_date=dt.date(2027, 5, 1)), S)
    assert year == 2029 and "data do pedido (01/05/2027)" in how
    # No date given: the study's own date, never "hoje" (a printed study is read later).
    _, how = calendar.creation_year(candidate(), S)
    assert how.endswith("após a data do estudo (01/06/2027)")  # S's study_date, not the clock
    assert "hoje" not in how
    assert calendar.creation_year(candidate(creation_year=2031), Settings(creation_year=2027))[0] == 2027
    c = candidate(creation_year=2027, request_date=dt.date(2026, 12, 1))
    t = calendar.timeline(c, S, phases=operation_of(c).phases)
    # The requests' date, and their deadline without a date: it runs from each receipt.
    assert [e["data"] for e in t] == ["2026-12-01", None, "2027", "2028", "2029-01-01", "2029-01-16", "2029-04-01"]
    assert t[1]["evento"] == "Prazo de resposta: 60 dias a contar do recebimento de cada pedido"


@pytest.mark.parametrize("signatures, status", [(99, Status.FAIL), (100, Status.PASS), (None, Status.INDETERMINATE)])
def test_art2_petition(signatures, status):
    r = art2(candidate(petition_signatures=signatures, events=registered(signatures or 0), **PETITION), S)
    assert r.status == status and r.threshold == 100


@pytest.mark.parametrize("signers, status", [(99, Status.FAIL), (100, Status.PASS)])
def test_art2_counts_the_signers_the_cartorio_finds_registered(signers, status, monkeypatch):
    """Art. 2: "eleitores inscritos na área". Recognised signatures prove nothing about
    registration: 412 signatures without the Cartório Eleitoral's certificate decide nothing;
    the certificate's count decides, "cumprido" only when checked against its original."""
    r = art2(candidate(petition_signatures=412, **PETITION), S)
    assert r.status == Status.INDETERMINATE and "Firmas reconhecidas comprovam quem assinou, não a " \
        "inscrição eleitoral: falta a certidão do Cartório Eleitoral" in r.reason
    r = art2(candidate(petition_signatures=412, events=registered(signers), **PETITION), S)
    assert (r.status, r.value, r.basis, r.certifier) == (status, signers, Basis.CERTIFIED,
                                                         "Cartório Eleitoral (TRE-GO)")
    # today (01/12/2026) before the certificate (12/01/2027): a hypothesis of the simulation
    r = art2(candidate(petition_signatures=412, events=registered(signers, checked=False), **PETITION), S)
    assert (r.status, r.basis) == (status, Basis.DECLARED)
    assert "de 12/01/2027; hipótese da simulação (ato futuro)); exigido" in r.reason
    assert r.details["nota"] == "hipótese da simulação (ato futuro)"
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the certificate exists: declared
    r = art2(candidate(petition_signatures=412, events=registered(signers, checked=False), **PETITION), S)
    assert (r.status, r.basis) == (status, Basis.DECLARED)
    assert "de 12/01/2027; documento declarado, a conferir com o original); exigido" in r.reason
    assert "nota" not in r.details


@pytest.mark.parametrize("signatures, status", [(49, Status.FAIL), (50, Status.INDETERMINATE)])
def test_art5_par1_petition(signatures, status):
    """50 notarised signatures do not prove 50 electors of the municipality: the Cartório
    Eleitoral's certificate does, as in art. 2 (legal review 15:44, item 2)."""
    assert art5_par1(candidate(operation="transfer-area", petition_signatures=signatures, **PETITION), S).status == status


@pytest.mark.parametrize("signers, status", [(49, Status.FAIL), (50, Status.PASS)])
def test_art5_par1_counts_the_signers_registered_in_the_municipality(signers, status):
    c = candidate(operation="transfer-area", petition_signatures=64, **PETITION)
    r = art5_par1(c, S)
    assert r.status == Status.INDETERMINATE and r.certifier == "Cartório Eleitoral (TRE-GO)"
    assert ("Firmas reconhecidas comprovam quem assinou, não a inscrição eleitoral: falta a "
            "certidão do Cartório Eleitoral de que os signatários são eleitores inscritos no "
            "município") in r.reason
    # the certificate checked, the declarations a typed reference: met on a declared document
    r = art5_par1(dataclasses.replace(c, events=registered(signers)), S)
    assert (r.status, r.value, r.threshold, r.basis) == (status, signers, 50, Basis.DECLARED)
    assert r.reason == (
        f"64 assinaturas na representação ({PETITION['petition_document']}, de "
        f"{PETITION['petition_date']:%d/%m/%Y}; hipótese da simulação (ato futuro)); {signers} "
        "signatários inscritos como eleitores no "
        "município segundo a certidão do Cartório Eleitoral (Certidão nº 3/2027 — 87ª Zona "
        "Eleitoral, de 12/01/2027); declarações de residência e domicílio: "
        f"{PETITION['residence_declarations']} (referência informada no arquivo da candidatura, "
        "não ato do registro de atos: a conferência com os originais não pode ser registrada "
        "aqui e fica a cargo de quem instrui o processo); exigido no mínimo 50 eleitores "
        "inscritos no município, residentes e domiciliados na área.")


def test_transfer_area_dispatch(held):
    c = candidate(operation="transfer-area", destination="5200050", petition_signatures=60, **PETITION,
                  plebiscite=Plebiscite(eligible=800, turnout=500, yes=300, no=150, blank=30, void=20, **RESULT))
    res = evaluate(c, simple_profile(900, 600, 100, operation="transfer-area"), S)
    assert [r.rule_id for r in res] == ["art5.par1", "art5", "art7.par1", "art7.par2"]
    # I-10 federal: counted in each municipality involved, like a fusion (legal review 2, N5);
    # one result for all of them does not decide
    assert verdict(res) == Verdict.INDETERMINADO
    q = next(r for r in res if r.rule_id == "art7.par1")
    assert ("O resultado informado é um só, dos municípios somados; a leitura adotada exige "
            "quórum e maioria em cada município") in q.reason
    assert q.reason.endswith("Na leitura alternativa da contagem única (Lei nº 9.709/1998, "
                             "art. 7º), o quórum seria atingido.")
    area = evaluate(c, simple_profile(900, 600, 100, operation="transfer-area"),
                    FED.replace(plebiscite_roll="area"))
    # the area alone votes: one count, but held before the federal law and the study, "sem
    # efeito" in the hypothesis too (legal review 15:44, item 1)
    assert verdict(area) == Verdict.INDETERMINADO
    assert next(r for r in area if r.rule_id == "art5").details["rotulo_situacao"] == (
        "sem efeito (anterior à lei complementar federal e a este estudo; a consulta terá de ser "
        "feita de novo)")
    # without the federal law the same plebiscite is "sem efeito" and nothing is viable
    area = evaluate(c, simple_profile(900, 600, 100, operation="transfer-area"),
                    S.replace(plebiscite_roll="area"))
    assert verdict(area) == Verdict.INDETERMINADO
    assert next(r for r in area if r.rule_id == "art5").details["rotulo_situacao"] == (
        "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)")


def test_fusion_waives_art4_and_needs_the_seat_question(held):
    pl = Plebiscite(eligible=800, turnout=500, yes=300, no=150, blank=30, void=20, **RESULT)
    c = candidate(operation="fusion", origins=(), petition_signatures=50, creation_year=2027, **PETITION,
                  plebiscite=pl)
    res = evaluate(c, simple_profile(900, 600, 100, operation="fusion"), S)
    art4 = [r for r in res if r.rule_id.startswith("art4")]
    assert [(r.rule_id, r.status, r.reason) for r in art4] == [
        ("art4", Status.NOT_APPLICABLE, "art. 4º dispensado (art. 5º, § 2º): fusão de área "
         "territorial integral de municípios, com a extinção destes.")]
    assert "art4.par1" not in [r.rule_id for r in art4]      # no origin remains to keep § 1
    p2 = next(r for r in res if r.rule_id == "art5.par2")
    assert p2.status == Status.INDETERMINATE
    import dataclasses
    approved = dataclasses.replace(c, plebiscite=dataclasses.replace(pl, seat_question_approved=True))
    # one count for the municipalities together does not show quorum and majority in each
    res = evaluate(approved, simple_profile(900, 600, 100, operation="fusion"), S)
    assert verdict(res) == Verdict.INDETERMINADO
    r = {x.rule_id: x for x in res}
    assert r["art7.par1"].status == Status.INDETERMINATE
    assert r["art7.par1"].reason.endswith(
        "O resultado informado é um só, dos municípios somados; a leitura adotada exige quórum e "
        "maioria em cada município, e é preciso o resultado de cada um (Justiça Eleitoral). Na "
        "leitura alternativa da contagem única (Lei nº 9.709/1998, art. 7º), o quórum seria "
        "atingido.")
    assert r["art7.par2"].reason.endswith("Na leitura alternativa da contagem única (Lei nº "
                                          "9.709/1998, art. 7º), a fusão seria aprovada.")
    assert r["art5.par2"].reason == (
        "O resultado informado é um só, dos municípios somados; a leitura adotada exige quórum e "
        "maioria em cada município, e é preciso o resultado de cada um (Justiça Eleitoral) (ver "
        "quórum e aprovação, art. 7º, §§ 1º e 2º); art. 4º dispensado.")
    # below the combined majority (250 of 500): the alternative reading says so
    low = dataclasses.replace(approved, plebiscite=dataclasses.replace(pl, yes=250, no=200,
                                                                       seat_question_approved=True))
    r = {x.rule_id: x for x in evaluate(low, simple_profile(900, 600, 100, operation="fusion"), S)}
    assert r["art7.par2"].reason.endswith("a fusão seria rejeitada.")
    rejected = dataclasses.replace(c, plebiscite=dataclasses.replace(pl, seat_question_approved=False))
    assert verdict(evaluate(rejected, simple_profile(900, 600, 100, operation="fusion"), S)) == Verdict.INVIAVEL


def test_boundary_correction_checklist():
    c = candidate(operation="boundary-correction")
    r = art6(c)
    assert r.status == Status.INDETERMINATE
    assert r.details["faltam"] == ["technical_error", "mayors_agreement", "council_resolutions"]
    ev = {k: Evidence("ato", "", "doc") for k in ("technical_error", "mayors_agreement", "council_resolutions")}
    res = evaluate(candidate(operation="boundary-correction", boundary_correction=ev),
                   simple_profile(1, 1, 1, operation="boundary-correction"), S)
    # no line files: the area between the lines is not measured; the documents are
    # "documentado (a conferir com os originais)", never pass (legal review 3, item 3)
    assert [(r.rule_id, r.status) for r in res] == [("art6.area", Status.INDETERMINATE),
                                                    ("art6", Status.INDETERMINATE)]
    assert res[1].details["rotulo_situacao"] == "documentado (a conferir com os originais)"


@pytest.mark.parametrize("resolution, ok", [(dt.date(2026, 3, 9), True),
                                            (dt.date(2026, 3, 10), False)])
def test_boundary_correction_resolutions_precede_the_agreement(resolution, ok):
    from viabilidade.proposal.candidate import CorrectionAct as Act

    def item(*acts):
        return Evidence("ato", "", "; ".join(a.text() for a in acts), acts)

    ev = {"technical_error": item(Act("IMB", "Parecer nº 1/2026", dt.date(2026, 2, 2))),
          "mayors_agreement": item(Act("Prefeitos", "Termo nº 1/2026", dt.date(2026, 3, 10))),
          "council_resolutions": item(Act("Câmara Municipal de A", "Resolução nº 5/2026",
                                          dt.date(2026, 2, 20)),
                                      Act("Câmara Municipal de B", "Resolução nº 7/2026",
                                          resolution))}
    r = art6(candidate(operation="boundary-correction", boundary_correction=ev))
    if ok:
        assert r.status == Status.INDETERMINATE and "anteriores ao acordo" in r.reason
    else:
        assert r.status == Status.FAIL
        assert r.reason.endswith(
            "As Câmaras autorizam o acordo dos Prefeitos (art. 6º: “prévio acordo dos respectivos "
            "Prefeitos, autorizados pelas Câmaras Municipais, em forma de resoluções”), mas "
            "Resolução nº 7/2026 (Câmara Municipal de B) é de 10/03/2026, não anterior ao acordo, "
            "de 10/03/2026: a autorização deve preceder o acordo.")


@pytest.mark.parametrize("pop, status", [(1000, Status.FAIL), (1001, Status.PASS)])
def test_district_population(pop, status):
    res = evaluate(candidate(operation="create-district"),
                   simple_profile(pop, 500, 100, operation="create-district"), S)
    assert {r.rule_id: r.status for r in res}["art17.II"] == status


@pytest.mark.parametrize("buildings, status", [(99, Status.FAIL), (100, Status.PASS)])
def test_district_buildings(buildings, status):
    # a certified count of the seat decides art. 17 I on both sides of 100
    res = evaluate(candidate(operation="create-district"),
                   simple_profile(1500, 500, buildings, basis=Basis.CERTIFIED,
                                  operation="create-district"), S)
    assert {r.rule_id: r.status for r in res}["art17.I"] == status


@pytest.mark.parametrize("buildings, count", [(99, "99"), (100, "100")])
def test_district_buildings_of_the_whole_district_never_decide(buildings, count):
    # a published figure is the whole district's, not the count "na sede indicada"
    res = evaluate(candidate(operation="create-district"),
                   simple_profile(1500, 500, buildings, operation="create-district"), S)
    r = {r.rule_id: r for r in res}["art17.I"]
    assert r.status == Status.INDETERMINATE and r.lean is None
    assert r.reason.startswith(f"O valor apurado, {count} edificações (publicado), é o de todo o "
                               "território do distrito, não o da sede")


def test_profile_of_another_operation_is_refused():
    with pytest.raises(CandidateError, match=r"posse-dabadia.toml, campo 'operation': o perfil foi montado para "
                                             r"'create-district', mas a operação do candidato é 'create-municipality'"):
        evaluate(candidate(), simple_profile(1, 1, 1, operation="create-district"), S)


def test_verdict_under_alternatives_shows_the_reduction_effect():
    p = simple_profile(2500, 700, 150)
    c = candidate(creation_year=2027)
    rows = verdict_under_alternatives(c, p, S)
    assert rows[0] == ("leitura adotada", Verdict.INVIAVEL, [])
    assert len(rows) == 1 + len(S.alternatives()) + 1
    desc, v, changed = rows[-1]
    assert desc == "I-2: com a redução por interesse especial"
    assert v == Verdict.INDETERMINADO and changed == ["art4.IV", "art4.V", "art4.VI"]
    quorum_row = next(r for r in rows if r[0].startswith("I-8"))
    assert quorum_row[2] == []


def test_alternatives_rebuild_the_profile_for_profile_settings():
    from viabilidade.profile.types import Territory
    from test_rules_fixtures import fig
    c = candidate(creation_year=2027)
    seen = []

    def rebuild(s):
        seen.append(s.perimeter)
        gap = 4000.0 if s.perimeter == "all-urban" else 7000.0
        return simple_profile(3500, 1500, 300, territory=Territory(gap_m=fig(gap, "m", Basis.MEASURED)))

    base = rebuild(S)
    rows = verdict_under_alternatives(c, base, S, rebuild=rebuild)
    i4 = next(r for r in rows if r[0].startswith("I-4"))
    assert i4[1] == Verdict.INVIAVEL and i4[2] == ["art4.II"]
    assert "all-urban" in seen
    plain = verdict_under_alternatives(c, base, S)
    assert next(r for r in plain if r[0].startswith("I-4"))[0].endswith("(perfil não recalculado)")


def test_timeline_by_operation():
    def timeline(c):
        return calendar.timeline(c, S, phases=operation_of(c).phases)

    assert timeline(candidate(operation="transfer-area")) == []
    d = timeline(candidate(operation="create-district"))
    assert len(d) == 1 and d[0]["artigo"] == "art. 20" and d[0]["data"] is None
    refused = timeline(candidate(creation_year=2028))
    assert [e["artigo"] for e in refused] == ["art. 7º, § 3º"]


def test_creation_plebiscite_rests_on_art7_head(held):
    yes = Plebiscite(eligible=10_812, turnout=5_407, yes=2_704, no=2_000, blank=403, void=300, **RESULT)
    res = {r.rule_id: r for r in evaluate(candidate(creation_year=2027, plebiscite=yes), posse_profile(), FED)
           if r.subject == "área"}
    assert "art5" not in res                              # art. 5 governs transfers
    # legal review 15:44, item 1: in the federal_law hypothesis the consultation of
    # 16/05/2027, held before that law and before the study (the EVM), stays "sem efeito"
    assert {res[k].status for k in ("art7", "art7.par1", "art7.par2")} == {Status.INDETERMINATE}
    hyp = ("na hipótese da lei complementar federal suposta (PLP nº 137/2015 (PLS nº 199/2015), "
           "texto aprovado pelo Senado Federal)")
    label = ("sem efeito (anterior à lei complementar federal e a este estudo; a consulta terá de "
             "ser feita de novo)")
    assert {res[k].details["rotulo_situacao"] for k in ("art7", "art7.par1", "art7.par2")} == {label}
    assert res["art7.par2"].reason == (
        "2.704 votos “sim” de 5.407 comparecimentos (brancos e nulos incluídos); maioria exige "
        f"2.704: aprovado segundo o documento, mas a consulta está {label}: {hyp}, a consulta, de "
        "16/05/2027, foi feita antes dessa lei (que não foi editada e a põe “dentro do período "
        "determinado por Lei Complementar Federal”) e antes deste estudo (01/06/2027), que a CF, "
        "art. 18, § 4º, manda divulgar antes do plebiscito (“após divulgação dos Estudos de "
        "Viabilidade Municipal”). Por isso a consulta não é ato válido nem nesta hipótese: a "
        "ata nada comprova para este processo.")
    assert res["art7"].reason == (
        f"Plebiscito registrado na área e no remanescente, {label}: {hyp}, a consulta foi feita "
        "antes dessa lei e deste estudo (ver quórum e aprovação, art. 7º, §§ 1º e 2º).")
    assert "cumprido" not in res["art7"].reason
    # no federal law: the same plebiscite is never "cumprido"
    void = {r.rule_id: r for r in evaluate(candidate(creation_year=2027, plebiscite=yes), posse_profile(), S)
            if r.subject == "área"}
    assert {void[k].status for k in ("art7", "art7.par1", "art7.par2")} == {Status.INDETERMINATE}
    assert void["art7"].details["rotulo_situacao"] == ("sem efeito (sem a lei complementar federal; "
                                                       "TSE, PA 0602003-69)")
    assert "antes da divulgação" not in void["art7"].reason
    assert "é anterior a este estudo (01/06/2027)" in void["art7"].reason
    # final legal read, item 16: the ata read is no valid act today, checked or not
    assert void["art7.par1"].reason.endswith(
        "Por isso a consulta não é ato válido hoje (CF, art. 18, § 4º; o TSE recusou homologar "
        "plebiscito feito sem a lei complementar federal, PA 0602003-69): a ata nada comprova "
        "para este processo.")
    assert "a conferir com o original" not in void["art7.par1"].reason
    assert res["art7"].article == "LC 02/1990, art. 7º"
    assert res["art7"].title == "Consulta plebiscitária na área a ser emancipada"
    assert res["art7"].details["texto_legal"] == ("A Assembléia Legislativa determinará a realização "
                                                  "de plebiscito na área territorial a ser emancipada "
                                                  "ou transferida.")
    no = Plebiscite(eligible=10_812, turnout=5_407, yes=2_703, no=2_001, blank=403, void=300, **RESULT)
    res = evaluate(candidate(creation_year=2027, plebiscite=no), posse_profile(), FED)
    par2_no = next(r for r in res if r.rule_id == "art7.par2")
    assert (par2_no.status, _counted(par2_no)) == (Status.INDETERMINATE, "rejeitado")
    assert verdict(res) == Verdict.INDETERMINADO
