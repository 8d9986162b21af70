"""Certified figures (art. 4 § 2): the [certified] table, its effect on the rules, and whether a
study is conclusive. Real data (committed processed store) for Posse d'Abadia; the
certificates are the fictitious ones of tests/candidates/posse-dabadia-certificada.toml."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest

from test_candidate import BASE  # the smallest valid candidate (Posse d'Abadia)
from test_rules_fixtures import CHECKER, checked_copy
from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.profile.build import build_profile
from viabilidade.operations import evaluate
from viabilidade.rules import Settings, Status, Verdict, verdict
from viabilidade.rules.certification import pending, summary
from viabilidade.rules.result import Basis

ROOT = Path(__file__).resolve().parents[1]
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"

ELECTORS = """
[certified.electors]
value = 2054
body = "Cartório Eleitoral"
document = "Certidão nº 12/2027"
date = 2027-02-22
"""


@pytest.fixture(scope="module")
def store():
    return load_store()


#: The study date of these tests: after the 2027 certificates (a later document decides nothing).
AFTER = Settings(study_date="2027-06-01")


def _analyse(candidate, store):
    profile = build_profile(candidate, store, AFTER)
    results = evaluate(candidate, profile, AFTER)
    return profile, results


def _error(tmp_path: Path, text: str) -> CandidateError:
    p = tmp_path / "cand.toml"
    p.write_text(BASE + text, encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert e.value.file == p
    return e.value


# --- reading the table ---------------------------------------------------------------------

def test_fixture_reads_every_certificate():
    c = load_candidate(CERTIFIED)
    area = c.certified.area
    assert set(area) == {"gap_m", "continuity", "population", "buildings", "electors", "collection",
                         "state_tax_revenue"}
    assert area["electors"].value == 2054 and area["electors"].body == "Cartório Eleitoral (TRE-GO)"
    assert area["electors"].date == dt.date(2027, 2, 22)  # given as "YYYY-MM-DD" text
    assert area["population"].date == dt.date(2027, 3, 10)  # given as a TOML date
    assert area["continuity"].value is True
    assert set(c.certified.remainders["5200100"]) == {"population", "buildings", "electors", "collection"}
    # The certified collection is the art. 4 VII figure, read where [fiscal] puts it.
    assert c.collection.value_brl == 3_650_000.0 and c.collection.year == 2026
    assert c.collection.source == ("Secretaria de Estado da Economia de Goiás, Ofício nº 77/2027 — Secretaria de Estado da Economia, "
                                   "de 01/03/2027")


def test_body_spellings_are_accepted_and_printed_the_same(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text(BASE + ELECTORS.replace('"Cartório Eleitoral"', '"justica eleitoral"'), encoding="utf-8")
    assert load_candidate(p).certified.area["electors"].body == "Cartório Eleitoral (TRE-GO)"


def test_wrong_body_for_a_figure(tmp_path):
    e = _error(tmp_path, ELECTORS.replace('"Cartório Eleitoral"', '"IBGE"'))
    assert e.field == "certified.electors.body"
    assert e.line == 12  # the line of "body = ..." in [certified.electors]
    assert str(e) == (
        f"{e.file}, linha 12, campo 'certified.electors.body': encontrado o texto 'IBGE'; o art. 4º, "
        "§ 2º atribui número de eleitores (item V) a Cartório Eleitoral (TRE-GO): esperado um de "
        "'Cartório Eleitoral', 'Justiça Eleitoral', 'TRE-GO', 'Tribunal Regional Eleitoral de Goiás'")


def test_unknown_figure_and_unknown_key(tmp_path):
    e = _error(tmp_path, "[certified.eleitores]\nvalue = 1\n")
    assert e.field == "certified.eleitores"
    assert str(e).endswith("valor certificado desconhecido 'eleitores'; permitidos: gap_m, continuity, "
                           "population, electors, buildings, collection, state_tax_revenue, remainder")
    e = _error(tmp_path, ELECTORS + 'source = "x"\n')
    assert e.field == "certified.electors.source"
    assert str(e).endswith("chave desconhecida 'source'; permitidas aqui: value, body, document, date")


@pytest.mark.parametrize("value, found", [("inf", "encontrado inf; esperado um número finito >= 0"),
                                          ("nan", "encontrado nan; esperado um número finito >= 0"),
                                          ("-5", "encontrado -5; esperado um número finito >= 0"),
                                          ("2054.5", "encontrado 2054.5; esperado um número inteiro de eleitores"),
                                          ('"2054"', "encontrado o texto '2054'; esperado um número")])
def test_value_that_is_not_a_finite_count(tmp_path, value, found):
    e = _error(tmp_path, ELECTORS.replace("value = 2054", f"value = {value}"))
    assert e.field == "certified.electors.value" and str(e).endswith(found)


def test_zero_is_a_count(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text(BASE + ELECTORS.replace("value = 2054", "value = 0"), encoding="utf-8")
    assert load_candidate(p).certified.area["electors"].value == 0


@pytest.mark.parametrize("date, found", [
    ('"22/02/2027"', "encontrado '22/02/2027'; esperada uma data válida no formato AAAA-MM-DD"),
    ('"2027-02-30"', "encontrado '2027-02-30'; esperada uma data válida no formato AAAA-MM-DD"),
    ("2027-02-22T10:00:00", "encontradas a data e hora 2027-02-22T10:00:00; esperada uma data sem hora "
                            "nem fuso horário (AAAA-MM-DD, como 2027-02-22)"),
    # fourth hostile trial: Python's repr "datetime.datetime(2027, 3, 21, 7, 32, tzinfo=...)"
    ("2027-03-21T07:32:00-08:00", "encontradas a data e hora 2027-03-21T07:32:00-08:00 (com fuso horário); "
                                  "esperada uma data sem hora nem fuso horário (AAAA-MM-DD, como 2027-03-21)"),
    ("07:32:00", "encontrada a hora 07:32:00; esperada uma data sem hora nem fuso horário (AAAA-MM-DD)"),
    ("20270222", "encontrado 20270222; esperada uma data (AAAA-MM-DD)")])
def test_date_not_a_date(tmp_path, date, found):
    e = _error(tmp_path, ELECTORS.replace("date = 2027-02-22", f"date = {date}"))
    assert e.field == "certified.electors.date" and str(e).endswith(found)


def test_continuity_must_be_true_or_false(tmp_path):
    e = _error(tmp_path, '[certified.continuity]\nvalue = 1\nbody = "IBGE"\ndocument = "x"\ndate = 2027-01-01\n')
    assert e.field == "certified.continuity.value"
    assert str(e).endswith("encontrado 1; esperado true (o remanescente permanece contínuo) ou false")


def test_money_needs_its_fiscal_year(tmp_path):
    e = _error(tmp_path, '[certified.collection]\nvalue = 10.0\nbody = "SEFAZ-GO"\ndocument = "x"\n'
                         'date = 2027-01-01\n')
    assert e.field == "certified.collection.year"
    assert str(e).endswith("campo obrigatório ausente; esperado o exercício fiscal")


def test_collection_both_in_fiscal_and_certified(tmp_path):
    e = _error(tmp_path, '[fiscal.collection]\nvalue_brl = 10.0\nyear = 2023\nsource = "x"\n'
                         '[certified.collection]\nvalue = 10.0\nyear = 2023\nbody = "SEFAZ-GO"\n'
                         'document = "x"\ndate = 2027-01-01\n')
    assert e.field == "fiscal.collection"
    assert str(e).endswith("encontrado o valor também em [certified.collection]; esperado uma só vez "
                           "(a certidão da SEFAZ-GO vai em [certified.collection])")


def test_remainder_of_a_municipality_that_is_not_an_origin(tmp_path):
    e = _error(tmp_path, ELECTORS.replace("[certified.electors]", "[certified.remainder.5201108.electors]"))
    assert e.field == "certified.remainder.5201108"
    assert str(e).endswith("encontrado '5201108', que não é um município de origem declarado; "
                           "esperado um de: 5200100")


def test_every_problem_of_the_table_at_once(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text('creation_year = "2027"\n' + BASE + ELECTORS.replace('"Cartório Eleitoral"', '"SEFAZ-GO"')
                 .replace("date = 2027-02-22", 'date = "ontem"') + "[certified.population]\nvalue = 3102\n",
                 encoding="utf-8")
    with pytest.raises(CandidateError) as info:
        load_candidate(p)
    e = info.value
    # Together with the other problems of the file (a text creation_year, read before).
    assert [p.field for p in e.problems] == [
        "creation_year", "certified.electors.body", "certified.electors.date",
        "certified.population.body", "certified.population.document", "certified.population.date"]
    lines = str(e).splitlines()
    assert len(lines) == 6
    assert lines[2].endswith("campo 'certified.electors.date': encontrado 'ontem'; esperada uma data "
                             "válida no formato AAAA-MM-DD")
    assert lines[3].endswith("campo 'certified.population.body': campo obrigatório ausente; "
                             "esperado o órgão certificador")


# --- the rules decide on certified figures ------------------------------------------------

def test_certified_figures_replace_the_estimates_and_cite_the_document(store, tmp_path, monkeypatch):
    # today after every act of the record (01/06/2027): the documents exist, declared
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    profile, results = _analyse(load_candidate(CERTIFIED), store)
    e = profile.area.electors
    # declared in the record, nobody has checked the original: it decides, but is "declared",
    # and replaces no estimate until checked (final legal read, item 2)
    assert (e.value, e.basis, e.uncertainty) == (2054, Basis.DECLARED, None)
    assert e.note == ("valor de documento declarado (não conferido) (número de eleitores, "
                      "art. 4º, V, e § 2º); conforme documento declarado (a conferir com o original)")
    assert {r.rule_id: r for r in results}["art4.V"].basis == Basis.DECLARED
    # final legal read, item 3: a declared figure "atenderia", on whose word
    by_id = {r.rule_id: r for r in results}
    assert by_id["art4.IV"].reason == (
        "População de 3.102 habitantes atenderia ao exigido (mais de 3.000 habitantes), segundo "
        "documento declarado (a conferir com o original); margem de 102 (3,40\u00a0%).")
    assert by_id["art4.II"].reason.startswith(
        "Distância de 11.850 m atenderia ao exigido (no mínimo 6.000 m), segundo documento "
        "declarado (a conferir com o original); margem de 5.850")
    monkeypatch.delenv("VIABILIDADE_HOJE")
    profile, results = _analyse(load_candidate(checked_copy(CERTIFIED, tmp_path)), store)
    e = profile.area.electors
    assert (e.value, e.basis, e.uncertainty) == (2054, Basis.CERTIFIED, None)
    assert e.source == "Cartório Eleitoral (TRE-GO), Certidão nº 12/2027 — 87ª Zona Eleitoral, de 22/02/2027"
    assert "substitui a estimativa" in e.note
    assert e.note.startswith("valor certificado (número de eleitores, art. 4º, V, e § 2º)")
    rem = profile.remainders["5200100"]
    assert rem.electors.value == 8758 and rem.buildings.value == 4480 and rem.collection.value == 41_200_000.0
    by_id = {r.rule_id: r for r in results}
    assert by_id["art4.V"].status == Status.PASS and by_id["art4.V"].margin == 1054
    assert by_id["art4.II"].value == 11850 and by_id["art4.II"].basis == Basis.CERTIFIED
    # art. 4 § 2 gives III to no body: the IBGE's statement is only a subsidy, and a creation
    # by districts without their limits (no tract mesh in the committed store) cannot measure it
    iii = by_id["art4.III"]
    # nothing measured, no basis (legal10 M2)
    assert (iii.status, iii.certifier, iii.basis) == (Status.INDETERMINATE, "(geometria)", None)
    assert ("Subsídio: a declaração do IBGE (IBGE, Ofício nº 101/2027 — Superintendência "
            "Estadual do IBGE em Goiás, de 10/03/2027) diz o remanescente contínuo") in iii.reason
    assert "conforme certidão" not in iii.reason
    # 0,01 % of the certified (fictitious) 2026 tax revenue R$ 33.400.000.000,00 is
    # R$ 3.340.000,00; 2026 is the last exercise closed at the request (15/01/2027).
    assert by_id["art4.VII"].status == Status.PASS and by_id["art4.VII"].threshold == pytest.approx(3_340_000.00, abs=0.01)


def test_all_checked_still_waits_for_the_area_limits_and_is_not_viable(store, tmp_path, monkeypatch):
    """Every act checked: what is left is art. 4 III, which § 2 gives to no body and which
    the committed store cannot measure for a creation by districts (no district limits):
    the area's limits are missing, not a certificate (legal item 1; with the tract mesh it is
    measured and the study is conclusive: test_tracts). Never "viável" (the plebiscite is
    "sem efeito" without the federal law: CF art. 18 § 4)."""
    # checked against their originals, the acts exist: today after them, the plebiscite of
    # 16/05/2027 held (before it, a hypothesis of the simulation: legal11 S3)
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    c = load_candidate(checked_copy(CERTIFIED, tmp_path))
    _, results = _analyse(c, store)
    assert verdict(results) == Verdict.INDETERMINADO
    s = summary(results, c)
    assert s["conclusive"] is False and s["label"] == "estudo preliminar"
    assert [(m["item"], m["body"], m["field"], m["declared"]) for m in s["missing"]] == [
        ("art. 4º, III", "Sem órgão no art. 4º, § 2º", "area.boundary", False)]
    assert s["qualification"] == "estudo preliminar, pendente de documentos"
    assert len(s["declared_documents"]) == 11
    assert {k: s["declared_documents"][0][k] for k in ("checked", "checked_by", "checked_on")} == {
        "checked": True, "checked_by": CHECKER, "checked_on": "2027-05-30"}
    # the same documents declared only: every requirement waits for the check of its original
    monkeypatch.setenv("VIABILIDADE_HOJE", "2026-12-01")
    c = load_candidate(CERTIFIED)
    _, results = _analyse(c, store)
    s = summary(results, c)
    assert s["conclusive"] is False and s["declared_documents"][0]["checked"] is False
    # but the plebiscite, after today not held, that nobody supplies (legal11 S3, M1)
    assert s["missing"] and all(m["declared"] for m in s["missing"]
                                if m["field"] != "area.boundary" and m["body"] != "Plebiscito")
    assert [m["item"] for m in s["missing"] if m["body"] == "Plebiscito"] == [
        "LC 02/1990, art. 7º", "LC 02/1990, art. 7º, § 1º, I", "LC 02/1990, art. 7º, § 2º"]
    # its plebiscite of 16/05/2027, after today, was not held (legal11 S3)
    assert s["qualification"] == ("estudo preliminar, pendente de documentos e da conferência "
                                  "dos documentos declarados com os originais e da existência "
                                  "dos atos futuros (hipótese da simulação); plebiscito não "
                                  "realizável antes da lei complementar federal")


def test_a_declared_document_never_makes_a_machine_readable_pass(store, tmp_path, monkeypatch):
    """Final legal read, item 4: in ``resultados.json`` a rule decided on a declared, unchecked
    document is "indeterminate" with the study's label, what the document would decide kept
    apart; the documents are listed as declared, each ``checked`` true or false."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import RESULTS_MIME, results_bundle

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-07-01")   # the 2027 acts have happened

    payload = results_bundle(analyse(CERTIFIED, store=store, settings=AFTER))[RESULTS_MIME]
    v = next(r for r in payload["results"] if r["rule_id"] == "art4.V")
    assert (v["value"], v["basis"], v["status"], v["declared_status"], v["settled"], v["label"]) == (
        2054, "declared", "indeterminate", "pass", False,
        "conforme documento declarado (a conferir com o original)")
    assert not [r["rule_id"] for r in payload["results"]
                if r["status"] == "pass" and r["deciding_basis"] == "declared"]
    assert "rotulos" not in payload and "certificates" not in payload["certification"]
    docs = payload["certification"]["declared_documents"]
    assert len(docs) == 11 and {(d["checked"], d["checked_by"], d["checked_on"]) for d in docs} == {
        (False, None, None)}
    assert (docs[0]["figure"], docs[0]["document"]) == (
        "electors", "Certidão nº 12/2027 — 87ª Zona Eleitoral")
    # every act checked: certified, so the machine status is the rule's own
    checked = results_bundle(analyse(checked_copy(CERTIFIED, tmp_path), store=store,
                                     settings=AFTER))[RESULTS_MIME]
    v = next(r for r in checked["results"] if r["rule_id"] == "art4.V")
    assert (v["basis"], v["status"], v["declared_status"], v["label"]) == (
        "certified", "pass", None, "cumprido")
    assert {d["checked"] for d in checked["certification"]["declared_documents"]} == {True}


def test_without_the_certified_electors_it_is_preliminary_and_names_the_registry(store, tmp_path,
                                                                                monkeypatch):
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    c = load_candidate(checked_copy(CERTIFIED, tmp_path))
    area = {k: v for k, v in c.certified.area.items() if k != "electors"}
    c = dataclasses.replace(c, certified=dataclasses.replace(c.certified, area=area))
    profile, results = _analyse(c, store)
    assert profile.area.electors.basis == Basis.ESTIMATED
    assert verdict(results) == Verdict.INDETERMINADO
    s = summary(results, c)
    assert s["conclusive"] is False and s["label"] == "estudo preliminar"
    assert s["missing_bodies"] == ["Cartório Eleitoral (TRE-GO)", "Sem órgão no art. 4º, § 2º"]
    assert [(m["item"], m["body"], m["field"]) for m in s["missing"]] == [
        ("art. 4º, III", "Sem órgão no art. 4º, § 2º", "area.boundary"),
        ("art. 4º, V", "Cartório Eleitoral (TRE-GO)", "certified.electors")]


def test_a_certified_figure_below_the_threshold_fails(store, tmp_path):
    text = CERTIFIED.read_text(encoding="utf-8").replace("population = 3102", "population = 3000", 1)
    p = tmp_path / "c.toml"
    p.write_text(text, encoding="utf-8")
    _, results = _analyse(load_candidate(p), store)
    r = next(r for r in results if r.rule_id == "art4.IV")
    assert r.status == Status.FAIL and r.value == 3000  # more than 3.000 is needed
    assert verdict(results) == Verdict.INVIAVEL


def test_an_ibge_statement_on_continuity_is_a_subsidy_not_a_decision(store, tmp_path):
    """Art. 4 § 2 gives III to no body: an IBGE statement that continuity would break does
    not fail the item (nor art. 4 § 1); without a measurement it stays indeterminate and the
    statement is quoted."""
    text = CERTIFIED.read_text(encoding="utf-8").replace("continuity = true", "continuity = false")
    p = tmp_path / "c.toml"
    p.write_text(text, encoding="utf-8")
    _, results = _analyse(load_candidate(p), store)
    by_id = {r.rule_id: r for r in results}
    assert by_id["art4.III"].status == Status.INDETERMINATE
    assert "diz o remanescente interrompido" in by_id["art4.III"].reason
    assert by_id["art4.III"].details["subsidio"]["valor"] is False
    assert by_id["art4.par1"].details["subchecks"]["III"]["status"] == "indeterminate"


def test_posse_without_certificates_lists_every_body(store):
    c = load_candidate(POSSE)
    _, results = _analyse(c, store)
    s = summary(results, c)
    assert s["label"] == "estudo preliminar"
    assert s["missing_bodies"] == ["IBGE", "Cartório Eleitoral (TRE-GO)",
                                   "Secretaria de Estado da Economia de Goiás", "Proponentes",
                                   "Sem órgão no art. 4º, § 2º", "Plebiscito"]
    fields = [m["field"] for m in s["missing"]]
    # IV is the Censo 2022 count of the district: published, not certified; the IBGE must
    # still certify it (art. 4 § 2), though the 3.045 inhabitants decide the rule.
    assert "certified.population" in fields and "certified.remainder.5200100.population" in fields
    assert {"certified.gap_m", "area.boundary", "certified.electors", "certified.buildings",
            "certified.collection", "certified.remainder.5200100.electors",
            "certified.remainder.5200100.buildings", "certified.remainder.5200100.collection",
            "evidence.prefeitura", "evidence.cemiterio"} <= set(fields)
    assert fields.count("area.boundary") == 1 and "certified.continuity" not in fields
    assert [p for p in pending(results) if p.field == "certified.electors"][0].what == "número de eleitores"


def test_cover_says_conclusive_or_preliminary(store, tmp_path, monkeypatch):
    from viabilidade.profile.analysis import Analysis
    from viabilidade.report.certificates import cover_box

    def box(c):
        profile, results = _analyse(c, store)
        a = Analysis(candidate=c, settings=AFTER, profile=profile, results=results,
                     verdict=verdict(results))
        return re.sub(r"<[^>]+>", "", cover_box(a, "Nota preliminar."))

    # every act checked: only art. 4 III is left, which no body certifies (legal item 1); the
    # note names the checked documents, not the public data (legal review 15:44, item 6)
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    text = box(load_candidate(checked_copy(CERTIFIED, tmp_path)))
    monkeypatch.setenv("VIABILIDADE_HOJE", "2026-12-01")
    assert text == (
        "Estudo preliminar. Este estudo aplica a Lei Complementar nº 2/1990 aos documentos do "
        "registro do processo, conferidos com os originais, e aos dados públicos listados nos "
        "Apêndices. Documentos: Cartório Eleitoral (TRE-GO), Certidão nº 12/2027 — 87ª Zona "
        "Eleitoral, de 22/02/2027; Secretaria de Estado da Economia de Goiás, Ofício nº 77/2027 "
        "— Secretaria de Estado da Economia, de 01/03/2027; IBGE, Ofício nº 101/2027 — "
        "Superintendência Estadual do IBGE em Goiás, de 10/03/2027. Ainda faltam, com quem deve "
        "fornecê-los: Sem "
        "órgão no art. 4º, § 2º — art. 4º, III (continuidade territorial): "
        "medida sobre os limites da área (memorial descritivo ou arquivo de limites) ou sobre "
        "os limites de distrito da malha de setores do IBGE; uma declaração do IBGE é só "
        "subsídio.")
    text = box(load_candidate(POSSE))
    assert text.startswith("Estudo preliminar. Nota preliminar. Ainda faltam, com quem deve fornecê-los")
    assert text.endswith(
        "IBGE — art. 4º, II (distância de 6 km), IV (população) e VI "
        "(núcleo urbano), e § 1º, IV e VI (remanescente de Abadiânia); Cartório Eleitoral (TRE-GO) — art. 4º, "
        "V (eleitorado), e § 1º, V; Secretaria de Estado da Economia de Goiás — art. 4º, VII (arrecadação), e § 1º, VII; Proponentes — "
        "representação assinada por eleitores da área: número de assinaturas, documento e data "
        "(art. 2º); evidências do "
        "art. 4º, I (Prefeitura e Câmara) e VI (áreas para equipamentos); Sem órgão no art. 4º, "
        "§ 2º — art. 4º, III (continuidade territorial): medida sobre os limites da área "
        "(memorial descritivo ou arquivo de limites) ou sobre os limites de distrito da malha "
        "de setores do IBGE; uma declaração do IBGE é só subsídio. Plebiscito (art. 7º; art. 7º, § 1º, I; "
        "art. 7º, § 2º): não realizável antes da lei complementar federal (CF, art. 18, § 4º).")
    # art. 4 § 2 gives the IBGE items II, IV and VI, never III (issue 29 § 5)
    assert "IBGE — art. 4º, II (distância de 6 km), IV" in text and "III (continuidade territorial), IV" not in text
    # Declared documents, none checked: no certificate is asked for, the check is (legal
    # review item 2)
    text = box(load_candidate(CERTIFIED))
    assert text.startswith(
        "Estudo preliminar. Este estudo aplica a Lei Complementar nº 2/1990 aos documentos "
        "declarados no registro do processo e aos dados públicos listados nos Apêndices. Ainda "
        "faltam, com quem deve fornecê-los: Sem órgão no art. 4º, § 2º — art. 4º, III "
        "(continuidade territorial): medida sobre os limites da área (memorial descritivo ou "
        "arquivo de limites) ou sobre os limites de distrito da malha de setores do IBGE; uma "
        "declaração do IBGE é só subsídio. Falta "
        "conferir com os originais os documentos declarados no registro do processo, anotando em "
        "cada ato quem conferiu e em que data: Proponentes — evidências do art. 4º, I (Prefeitura "
        "e Câmara) e VI (áreas para equipamentos). "
        # legal12 S-A: the 2027 acts do not exist yet (today 01/12/2026): not to check today
        "Atos futuros do registro do processo (hipótese da simulação), datados depois de hoje: "
        "a existir e, depois, a conferir com o original: IBGE — art. 4º, II (distância de 6 km), "
        "IV (população) e VI (núcleo urbano), e § 1º, IV e VI (remanescente de Abadiânia); "
        "Cartório Eleitoral (TRE-GO) — certidão do Cartório Eleitoral de que os signatários são "
        "eleitores inscritos na área: ato futuro (hipótese da simulação): a existir e, depois, a "
        "conferir com o original (art. 2º); art. 4º, V (eleitorado), e § 1º, V; ")
    # the art. 2 certificate was dropped (item 2's fix)
    # only art. 4 III is asked for, without citing §§ 2º and 3º: no body certifies it
    assert "Ainda faltam, com quem deve fornecê-los (" not in text and "orientam o pedido" not in text
    # A certified study whose petition is a bare count (no document) is not conclusive.
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    bare = dataclasses.replace(load_candidate(checked_copy(CERTIFIED, tmp_path)), petition_document=None)
    assert box(bare) == (
        "Estudo preliminar. Nota preliminar. Ainda faltam, com quem deve fornecê-los (art. 4º, §§ "
        "2º e 3º): Proponentes — representação assinada por eleitores da área: número de "
        "assinaturas, documento e data (art. 2º); Sem órgão no art. 4º, § 2º — art. 4º, III "
        "(continuidade territorial): medida sobre os limites da área (memorial descritivo ou "
        "arquivo de limites) ou sobre os limites de distrito da malha de setores do IBGE; uma "
        "declaração do IBGE é só subsídio.")


def test_cover_names_a_remainder_that_needs_a_new_seat():
    from viabilidade.report.certificates import _grouped
    from viabilidade.rules.certification import PROPONENTS, Pending

    missing = [Pending("art. 4º, I", "área", "instalação da Prefeitura (art. 4º, I)", PROPONENTS,
                       "evidence.prefeitura", "I"),
               Pending("art. 4º, § 1º (I)", "Abadiânia (remanescente)",
                       "nova sede do remanescente, com condições para instalar a Prefeitura e a "
                       "Câmara Municipal", PROPONENTS, "evidence (remanescente 5200100)", "I")]
    assert _grouped(missing) == [(PROPONENTS, (
        "evidências do art. 4º, I (Prefeitura e Câmara); nova sede do remanescente, com condições "
        "para instalar a Prefeitura e a Câmara Municipal (remanescente de Abadiânia, art. 4º, § 1º)"))]


def test_a_declared_document_is_drawn_apart_from_a_checked_one(store, tmp_path, monkeypatch):
    """Legal review 15:44, item 8: in Quadro 1 (and the slides' table) "conforme documento
    declarado" has a dotted ring, not the filled dot of "cumprido"; once checked, the dot."""
    from viabilidade.report.writers.tables import rule_table, status_badge

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the acts exist: declared, not simulated
    _, results = _analyse(load_candidate(CERTIFIED), store)
    v = {r.rule_id: r for r in results}["art4.V"]
    assert status_badge(v) == ('<span class="status st-pass"><span class="sinal" aria-hidden="true">'
                               "◌</span> conforme documento declarado (a conferir com o original)"
                               "</span>")
    assert "●</span> conforme documento declarado" not in rule_table(results)
    monkeypatch.delenv("VIABILIDADE_HOJE")
    _, results = _analyse(load_candidate(checked_copy(CERTIFIED, tmp_path)), store)
    v = {r.rule_id: r for r in results}["art4.V"]
    assert status_badge(v) == ('<span class="status st-pass"><span class="sinal" aria-hidden="true">'
                               "●</span> cumprido</span>")


def test_acts_dated_after_today_are_hypotheses_of_the_simulation(store, monkeypatch):
    """Final legal read, item 1: today 01/12/2026, the study dated 01/06/2027 and every act of
    the record dated 2027: the acts do not exist yet, so what they decide is a hypothesis of
    the simulation, not "conforme documento declarado", in the figure's note, the reason,
    the status (Quadro 1, the sections), the counts and Figure 1's sources."""
    from viabilidade.report.charts import chart_source
    from viabilidade.report.writers import format as fmt

    monkeypatch.setenv("VIABILIDADE_HOJE", "2026-12-01")
    profile, results = _analyse(load_candidate(CERTIFIED), store)
    assert profile.area.population.note == ("valor de ato datado depois de hoje "
                                            "(população, art. 4º, IV, e § 2º); hipótese da "
                                            "simulação (ato futuro)")
    by_id = {r.rule_id: r for r in results}
    assert by_id["art4.IV"].reason == (
        "População de 3.102 habitantes atenderia ao exigido (mais de 3.000 habitantes), na "
        "hipótese da simulação (ato futuro); margem de 102 (3,40\u00a0%).")
    for rid in ("art2", "art4.II", "art4.IV", "art4.V", "art4.VI", "art4.VII"):
        assert fmt.result_status_label(by_id[rid]) == "atingido na hipótese da simulação (ato futuro)", rid
    # art. 4 I rests on evidence without a date: still a declared document
    assert fmt.result_status_label(by_id["art4.I"]) == ("conforme documento declarado (a conferir "
                                                       "com o original)")
    assert "6 atingidos na hipótese da simulação (ato futuro)" in fmt.status_tally(fmt.result_counts(results))
    assert ("IBGE, Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás, de 10/03/2027, "
            "hipótese da simulação (ato futuro)") in chart_source([by_id["art4.IV"]])
    rem = next(r for r in results if r.rule_id == "art4.par1")
    sub = rem.details["subchecks"]["IV"]
    assert fmt.status_label(sub["status"], None, fmt.note_basis(sub["base_decisiva"], sub.get("nota"))) \
        == "atingido na hipótese da simulação (ato futuro)"
    # the day the acts exist, the same study reads them as declared documents
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    _, results = _analyse(load_candidate(CERTIFIED), store)
    by_id = {r.rule_id: r for r in results}
    assert fmt.result_status_label(by_id["art4.IV"]) == ("conforme documento declarado (a conferir "
                                                        "com o original)")
    assert "nota" not in next(r for r in results if r.rule_id == "art4.par1").details["subchecks"]["IV"]
