"""One findings model (report/findings.py) printed by every document that states a conclusion.

Posse d'Abadia's thin margin (art. 4º, IV: 3.045 habitantes, 45 acima do limite de 3.000,
margem de 1,50 %) must be in the study's summary, the deck, the bill's justificação, the batch
index and the explorer's conclusion panel, and so must every other finding of the study.
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
FUSION = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"
NOVA = ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml"
MARGIN = ("requisito atingido com folga de até 5,00\xa0% do limite: art. 4º, IV (população): "
          "3.045 habitantes, 45 acima do limite de 3.000 (margem de 1,50\xa0%)")


def _flat(html: str) -> str:
    html = re.sub(r"</?(?:strong|b)\b[^>]*>", "", html)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split()).casefold()


def _n(text: str) -> str:
    """A needle as :func:`_flat` leaves the documents (spaces, no-break ones too, made one)."""
    return " ".join(text.split()).casefold()


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def posse(store):
    from viabilidade.profile.analysis import analyse

    return analyse(POSSE, store=store)


def _documents(analysis, store) -> dict[str, str]:
    """Every document of one study that states its conclusion, as flat text."""
    from viabilidade.batch.index import render_index
    from viabilidade.batch.unit import OK
    from viabilidade.report import bill as b
    from viabilidade.report import sections, slides
    from viabilidade.report.study_cells import RESULTS_MIME, results_bundle

    payload = results_bundle(analysis)[RESULTS_MIME]
    record = {"slug": "posse-dabadia", "name": "Posse d'Abadia", "status": OK,
              "operation": analysis.candidate.operation, "verdict": payload["verdict"],
              "conclusion": payload["conclusion"], "findings": payload["findings"],
              "rules": {}, "files": {}}
    from viabilidade.report.oficios_settings import OficiosSettings

    author = OficiosSettings.from_toml(ROOT / "tests" / "fixtures" / "oficios.toml")
    bill = b.build_bill(analysis, store, author=author.proposer, process=author.process)
    return {"estudo": _flat(sections.summary(analysis)),
            "apresentação": _flat(slides.slides_html(analysis)),
            "justificação": _flat(" ".join(bill.justification)),
            "índice do lote": _flat(render_index([record], "lote"))}


def test_posse_thin_margin_is_a_finding(posse):
    from viabilidade.report.findings import findings

    found = findings(posse)
    assert [f.kind for f in found.items] == ["pendencias", "margem", "leituras", "vedacao"]
    margin = found.of("margem")
    assert margin.short() == f"Margem estreita (art. 8º): {MARGIN}."
    assert found.of("pendencias").summary == (
        "a conclusão depende de 12 requisitos ainda não comprovados com dados certificados ou "
        "evidências; basta um deles não cumprido para torná-la inviável")
    assert ("Art. 4º, IV: População de mais de três mil habitantes — atingido nos dados "
            "publicados (a certificar)") in found.of("pendencias").items
    assert found.of("vedacao").summary == (
        "mesmo com todos os requisitos da LC nº 2/1990 comprovados, a criação está vedada "
        "enquanto não editada a lei complementar federal (CF, art. 18, § 4º)")
    # polish12: the population's first release is an edition of the data, not a reading
    assert found.of("leituras").summary == (
        "9 leituras alternativas da lei foram examinadas; nenhuma muda a conclusão")
    assert found.of("leituras").detail.endswith(
        " Foi examinada também 1 outra edição dos dados (População: IBGE, Censo Demográfico "
        "2022, primeira divulgação (28/06/2023)), que não é leitura da lei.")


def test_every_document_that_states_the_conclusion_prints_every_finding(posse, store):
    from viabilidade.report.findings import findings

    from viabilidade.report.conclusion import analysis_short_conclusion

    found = findings(posse)
    docs = _documents(posse, store)
    # the bill and the index state the bar apart: the conclusion without it, in every one
    short = analysis_short_conclusion(posse)[:-1]
    assert found.conclusion.startswith(short)
    for name, text in docs.items():
        assert _n(short) in text.replace(" ;", ";"), name
        assert _n(MARGIN) in text, name
        for f in found.items:
            assert _n(f.summary) in text, (name, f.kind)
    # the study and the bill also give what the margin means (art. 8º quoted)
    for name in ("estudo", "justificação"):
        assert "essa perda é causa de extinção e reincorporação" in docs[name], name


def test_a_document_that_drops_a_finding_is_caught(posse, store, monkeypatch):
    """The check above can fail: the deck without its findings slide misses the margin."""
    from viabilidade.report import slides

    monkeypatch.setattr(slides, "attention_items", lambda items: [])
    assert _n(MARGIN) not in _flat(slides.slides_html(posse))


def test_the_explorer_panel_prints_the_findings(store):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer
    from viabilidade.report.findings import findings

    explorer = Explorer(store, draw_map=False)      # starts on Posse d'Abadia
    panel = _flat(explorer.panes["verdict"].value)
    assert "pontos de atenção" in panel
    assert _n(MARGIN) in panel
    items = findings(explorer.analysis).items
    assert [f.kind for f in items] == ["pendencias", "margem", "leituras", "vedacao"]
    for f in items:
        assert _n(f.summary) in panel, f.kind


def test_fusion_and_installed_findings(store):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import findings

    fusion = findings(analyse(FUSION, store=store))
    assert [f.kind for f in fusion.items] == ["pendencias", "dados", "leituras", "vedacao"]
    assert fusion.of("dados").title == "Dado publicado incoerente"
    assert fusion.of("dados").summary.startswith(
        "valores de tabelas oficiais que se contradizem, usados pelo estudo como publicados: ")
    # the bill's paragraph names Anhanguera's electorate once and has no ".." (legal review
    # item 17)
    text = fusion.of("dados").text()
    assert text.count("Anhanguera (5201207)") == 1 and ".." not in text
    assert ("usados pelo estudo como publicados: Anhanguera (5201207), eleitorado: 1.744 "
            "eleitores. O eleitorado é maior que a população residente (924 habitantes)") in text
    assert text.endswith("(resultados do universo). O conflito deve ser esclarecido junto aos "
                         "órgãos que os publicaram.")
    nova = findings(analyse(NOVA, store=store))
    assert [f.kind for f in nova.items] == ["pendencias", "margem", "leituras"]
    assert nova.of("pendencias").summary == ("4 requisitos do art. 4º dependem hoje de dados "
                                             "certificados ou de evidências")
    assert "3.010 habitantes, 10 acima do limite de 3.000 (margem de 0,33\xa0%)" in (
        nova.of("margem").summary)


TRANSFER = ROOT / "tests" / "fixtures" / "transferencia-posse-dabadia.toml"


def test_each_reading_is_one_text_and_the_count_is_its_own_reading(store):
    """I-10 says who votes, in the same words in the appendix and in the transfer's body; I-11
    says where quorum and majority are counted, as the rules count them."""
    from viabilidade.operations import operation_of
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.operation_chapters import transfer_section
    from viabilidade.report.readings import reading, reading_body, readings_html

    a = analyse(TRANSFER, store=store)
    appendix = _flat(readings_html(operation_of(a.candidate).readings))
    body = _flat(transfer_section(a, store))
    i10 = _flat(reading_body(reading("I-10")))
    assert i10 in appendix and i10 in body
    assert "quórum e maioria contam sobre todos eles" not in appendix
    assert "i-11 — onde se contam quórum e maioria do plebiscito" in appendix
    i11 = reading("I-11").default
    assert i11.startswith("Quando votam dois ou mais municípios — sempre na fusão (art. 5º, § 2º) e, "
                          "na leitura I-10 adotada, na transferência de área")
    assert "Na criação de Município, quórum e maioria contam sobre todos os eleitores" in i11
    # what the rules do: each municipality for the transfer (I-10 federal), never for a creation
    assert operation_of(a.candidate).consultation.counted_in_each(a.settings)
    posse = analyse(POSSE, store=store).candidate
    assert not operation_of(posse).consultation.counted_in_each(a.settings)
    assert _n("leituras I-10 e I-11): o estudo exige quórum e maioria em cada um") in body


def test_what_would_change_a_declared_study_names_the_check_and_the_void_plebiscite(store):
    """Legal review item 2: the certified creation's "O que mudaria a conclusão" lists the nine
    requirements met on declared, unchecked documents beside the three plebiscite rows, and
    says what is missing is the check against the originals and the federal law."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import findings

    a = analyse(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", store=store)
    f = findings(a).of("pendencias")
    assert f.summary == (
        "a conclusão depende da conferência com os originais dos documentos declarados em que "
        "se apoia 1 requisito, dos atos futuros (hipótese da simulação) em que se apoiam 6 "
        "requisitos, da comprovação de 2 requisitos com dados certificados ou "
        "evidências e do plebiscito, não realizável antes da lei complementar federal (CF, art. "
        "18, § 4º)")  # its plebiscite of 16/05/2027, after today, was not held (legal11 S3, M1)
    # the two: art. 4 III and § 1 (III), unmeasured without the districts' limits (item 1)
    assert len(f.items) == 12
    # dated 22/02/2027, after today (01/12/2026): a hypothesis of the simulation (final
    # legal read, item 1)
    assert f.items[5] == ("Art. 4º, V: Número de eleitores acima de um mil — atingido na "
                          "hipótese da simulação (ato futuro)")
    assert f.items[-1] == ("Art. 7º, § 2º: Aprovação pela maioria dos eleitores que compareceram "
                           "— não realizável antes da lei complementar federal (CF, art. 18, § 4º)")


def test_a_void_plebiscite_is_counted_as_void_not_undecided(store, monkeypatch):
    """Legal review item 1: the summary's and slide 1's counts give the three plebiscite rows
    "sem efeito", not "3 indeterminados"."""
    # today after the plebiscite of 16/05/2027: held (before it, a hypothesis: legal11 S3)
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import slides
    from viabilidade.report.writers import format as fmt

    a = analyse(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", store=store)
    assert fmt.status_tally(fmt.result_counts(a.results)) == (
        "7 requisitos conforme documentos declarados (a conferir com os originais); 3 sem efeito "
        "(sem a lei complementar federal); 2 indeterminados")
    counts = slides._counts(a.results)
    assert "<b>3</b>sem efeito (sem a lei complementar federal)" in counts
    # the two undecided are art. 4 III and § 1 (III), not the plebiscite's three rows
    assert "<b>2</b>indeterminados" in counts and "<b>3</b>indeterminados" not in counts


CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
EARLY = ("a consulta, de 16/05/2027, é anterior a este estudo (01/06/2027): a CF, art. 18, § 4º, "
         "põe o plebiscito “após divulgação dos Estudos de Viabilidade Municipal”")


def test_a_plebiscite_before_the_study_is_a_finding_of_every_document(store, monkeypatch):
    """The certified fixture records a plebiscite of 16/05/2027 and is studied on 01/06/2027:
    the bill's justificação, the deck, the study and the index say it came before the study
    (CF art. 18 § 4: after the EVM) and is void without the federal law."""
    # today after the plebiscite of 16/05/2027: held (before it, a hypothesis: legal11 S3)
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import findings

    a = analyse(CERTIFIED, store=store)
    found = findings(a).of("plebiscito")
    assert found.title == "Plebiscito anterior ao estudo"
    assert found.summary == EARLY
    assert found.detail == (
        "A consulta está sem efeito (sem a lei complementar federal; TSE, PA 0602003-69), e não "
        "passa a valer com a lei complementar federal: terá de ser feita de novo, no período que "
        "essa lei fixar e depois da divulgação dos Estudos de Viabilidade Municipal.")
    docs = _documents(a, store)
    for name, text in docs.items():
        assert _n("Plebiscito anterior ao estudo") in text and _n(EARLY) in text, name
    assert _n("terá de ser feita de novo") in docs["justificação"]


def test_a_plebiscite_on_or_after_the_study_date_is_not_before_it(store, monkeypatch):
    """The other side: studied on the plebiscite's own day, the consultation is not before the
    study, and the finding is not there (the plebiscite is still void, as "pendências" says)."""
    # today after the plebiscite of 16/05/2027: held (before it, a hypothesis: legal11 S3)
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import findings

    a = analyse(CERTIFIED, store=store, settings={"study_date": "2027-05-16"})
    assert findings(a).of("plebiscito") is None
    a = analyse(CERTIFIED, store=store, settings={"study_date": "2027-05-17"})
    assert findings(a).of("plebiscito").summary.startswith(
        "a consulta, de 16/05/2027, é anterior a este estudo (17/05/2027)")


def test_one_pending_requirement_agrees_in_number(store):
    """Legal review 15:44, item 12: the correction read "1 requisito ainda não comprovados"
    (study, bill, slides: the same finding)."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import findings

    import dataclasses

    from viabilidade.rules.result import Status

    a = analyse(ROOT / "tests" / "fixtures" / "correcao-abadiania-alexania.toml", store=store)
    # the one-way strip leaves art. 6's area undecided too (final legal read, item 6): two
    assert findings(a).of("pendencias").summary == (
        "a conclusão depende de 2 requisitos ainda não comprovados com dados certificados ou "
        "evidências; basta um deles não cumprido para torná-la inviável")
    # the area met (a strip crossing both ways), only the documents remain: one
    one = dataclasses.replace(a, results=[dataclasses.replace(r, status=Status.PASS)
                                          if r.rule_id == "art6.area" else r for r in a.results])
    assert findings(one).of("pendencias").summary == (
        "a conclusão depende de 1 requisito ainda não comprovado com dados certificados ou "
        "evidências; basta que não seja cumprido para torná-la inviável")


def test_a_hypothesis_study_concludes_only_within_the_hypothesis(store, tmp_path):
    """Final legal read, N1: the certified creation with every act checked, art. 4 III measured
    and the federal_law hypothesis (PLP 137/2015) printed "Conclusão: viável" in § 10's quadro
    (the LC 02/1990 column, whose tests all pass) while the study is not viable. Everywhere a
    conclusion is printed (cover, summary, quadro, deck, bill's justificação, batch index) it
    holds only within the hypothesis: no bare "viável"."""
    import datetime as dt

    from test_rules_bases import measured_continuity
    from test_rules_fixtures import checked_copy
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import other_rules, sections
    from viabilidade.rules.settings import Settings

    path = checked_copy(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", tmp_path)
    a = measured_continuity(analyse(path, store=store,
                                    settings=Settings(federal_law="plp-137-2015")))
    docs = _documents(a, store)
    docs["capa"] = _flat(sections.cover(a, dt.date(2027, 6, 1)))
    quadro = other_rules.section(a)
    docs["quadro"] = _flat(quadro)
    conclusion_row = re.search(r"<strong>Conclusão</strong>.*?</tr>", str(quadro), re.S).group(0)
    assert re.findall(r'<span class="status [^"]*">([^<]*)</span>', conclusion_row) == [
        "viável nestes testes, na hipótese do PLP 137/2015", "inviável"]
    hypothesis = _n("na hipótese da lei complementar federal suposta (PLP nº 137/2015")
    for name, text in docs.items():
        bare = [m.start() for m in re.finditer(r"(?<![a-zç-])viável(?! nestes testes, na hipótese)",
                                               text)]
        assert not bare, (name, [text[max(0, i - 80):i + 40] for i in bare])
        if name != "quadro":
            assert hypothesis in text, name
    # without the hypothesis the same tests met never read "viável" either
    plain = measured_continuity(analyse(path, store=store))
    assert other_rules.tests_verdict("pass", other_rules.builtin_rulesets()["lc02-1990-go"],
                                     plain) == "testes atendidos; operação vedada (CF, art. 18, § 4º)"
