"""The one conclusion line (viabilidade.report.conclusion) and where it is printed: the study
cover and conclusion, slide 1 of the deck, the batch index and the explorer."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from pathlib import Path

import pytest

from viabilidade.report import conclusion

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")
BAR = ("a criação está vedada enquanto não editada a lei complementar federal (CF, art. 18, § 4º)")


def _text(html: str) -> str:
    html = re.sub(r"</?(?:strong|b)\b[^>]*>", "", html)  # inline: no space of their own
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_conclusion_line_is_verdict_qualification_and_bar():
    assert conclusion.conclusion_line("create-municipality", "viável",
                                      qualification="estudo conclusivo") == (
        "Viável perante a LC nº 2/1990; estudo conclusivo; " + BAR + ".")
    assert conclusion.conclusion_line("fusion", "inviável") == (
        "Inviável perante a LC nº 2/1990; a fusão está vedada enquanto não editada a lei "
        "complementar federal (CF, art. 18, § 4º).")
    assert conclusion.conclusion_line("create-district", "indeterminado") == (
        "Requisitos do art. 17 indeterminados perante a LC nº 2/1990; a criação de distrito não "
        "está vedada pelo art. 18, § 4º, da CF: faz-se por lei municipal (LC nº 2/1990, art. 16; "
        "CF, art. 30, IV).")
    assert conclusion.conclusion_line("create-municipality", "viável",
                                      law_date=dt.date(1991, 1, 16)) == (
        "Viável perante a LC nº 2/1990; lei de criação anterior à EC nº 15/1996, sob a redação "
        "original do art. 18, § 4º, da CF, que não exigia lei complementar federal; uma criação "
        "semelhante hoje está vedada enquanto não editada essa lei (CF, art. 18, § 4º).")


def test_an_undecided_verdict_names_its_noun():
    """polish11 item 7: the undecided verdict read "Viabilidade indeterminada perante a LC nº 2/1990" (and,
    on a user's threshold, "Indeterminada com limiar alterado — …"), a feminine adjective
    agreeing with no noun; it is the study's viability that is undecided."""
    altered = "com limiar alterado — art. 4º, IV: mais de 4.000 habitantes (a lei: mais de três mil)"
    assert conclusion.conclusion_line("create-municipality", "indeterminado",
                                      qualification="estudo preliminar") == (
        "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar; " + BAR + ".")
    assert conclusion.conclusion_line("create-municipality", "indeterminado",
                                      qualification=altered) == (
        "Viabilidade indeterminada com limiar alterado — art. 4º, IV: mais de 4.000 habitantes "
        "(a lei: mais de três mil); " + BAR + ".")
    assert conclusion.short_conclusion_line("fusion", "indeterminado") == (
        "Viabilidade indeterminada perante a LC nº 2/1990.")
    assert conclusion.short_conclusion_line("fusion", "viável") == "Viável perante a LC nº 2/1990."


def test_conclusion_html_colours_only_the_verdict_phrase():
    html = conclusion.conclusion_html("create-municipality", "viável", qualification="estudo preliminar")
    # the clause's ";" inside the badge: its padding printed "LC nº 2/1990 ;" (legal item 4)
    assert html == ('<strong class="veredito v-viável">Viável perante a LC nº 2/1990;</strong> '
                    "estudo preliminar; " + BAR + ".")


def test_every_operation_has_one_phrase_per_verdict():
    from viabilidade.proposal.candidate import OPERATIONS
    from viabilidade.rules.result import Verdict

    assert set(conclusion.VERDICT_PHRASES) == set(OPERATIONS)
    for phrases in conclusion.VERDICT_PHRASES.values():
        assert set(phrases) == set(Verdict)


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@needs_store
@pytest.mark.parametrize("path, line", [
    ("data/candidates/posse-dabadia.toml",
     "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de certificação e de "
     "documentos; plebiscito não realizável antes da lei complementar federal; " + BAR + "."),
    ("tests/candidates/posse-dabadia-certificada.toml",
     # art. 4 III cannot be measured without the districts' limits (legal item 1)
     # its plebiscite of 16/05/2027 is after today: not held, not "sem efeito" (legal11 S3)
     "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de documentos e da "
     "conferência dos documentos declarados com os originais e da existência dos atos futuros "
     "(hipótese da simulação); plebiscito não realizável antes da lei complementar federal; "
     + BAR + "."),
])
def test_cover_conclusion_and_slide_1_carry_the_bar(store, path, line):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import sections, slides

    a = analyse(ROOT / path, store=store)
    assert conclusion.analysis_conclusion(a) == line
    cover = _text(sections.cover(a, dt.date(2027, 6, 1)))
    assert f"Conclusão {line}" in cover
    assert "VIÁVEL" not in cover and "INDETERMINADO" not in cover
    assert line in _text(sections.summary(a))
    deck = slides.slides_html(a, study_date=dt.date(2027, 6, 1))
    first = re.search(r'<section class="slide" id="s-resumo">.*?</section>', deck, re.S).group(0)
    assert f"Conclusão: {line}" in _text(first)


@needs_store
def test_every_act_checked_without_district_limits_waits_for_item_III(store, tmp_path, monkeypatch):
    """Issue 29 § 2 and legal item 1: with every act checked the certified creation (whole
    districts) still waits for art. 4 III, which § 2 gives to no body and which the committed
    store cannot measure (no district limits): never "Viável", not "comprovados", not even in
    the federal_law hypothesis. With the districts' limits on the tract mesh it is proven:
    test_tracts.test_item_III_is_measured_on_the_district_limits."""
    from test_rules_fixtures import checked_copy
    from viabilidade.profile.analysis import analyse
    from viabilidade.rules.settings import Settings

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    path = checked_copy(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", tmp_path)
    a = analyse(path, store=store)
    assert str(a.verdict) == "indeterminado"
    assert conclusion.analysis_conclusion(a) == (
        "Viabilidade indeterminada perante a LC nº 2/1990; plebiscito sem efeito (sem a lei complementar "
        "federal; TSE, PA 0602003-69); estudo preliminar, pendente de documentos; " + BAR + ".")
    a = analyse(path, store=store, settings=Settings(federal_law="plp-137-2015"))
    assert str(a.verdict) == "indeterminado"
    assert "Viável" not in conclusion.analysis_conclusion(a)


@needs_store
def test_the_federal_law_hypothesis_states_that_law_s_result_and_voids_the_early_plebiscite(
        store, tmp_path, monkeypatch):
    """Legal review 15:44, item 1: every act checked, art. 4 III measured and federal_law =
    plp-137-2015 gave "Viável …, na hipótese …; estudo conclusivo", counting the plebiscite of
    16/05/2027, held before the study (the EVM) and any federal law, while § 10 said the PLP
    is not met. Inside the hypothesis that consultation stays "sem efeito"; the conclusion
    states the hypothesised law's own result."""
    from test_rules_bases import measured_continuity
    from test_rules_fixtures import checked_copy
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import other_rules
    from viabilidade.rules.settings import Settings

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    path = checked_copy(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", tmp_path)
    a = measured_continuity(analyse(path, store=store,
                                    settings=Settings(federal_law="plp-137-2015")))
    assert str(a.verdict) == "indeterminado"
    label = ("sem efeito (anterior à lei complementar federal e a este estudo; a consulta terá de "
             "ser feita de novo)")
    assert {a.result(k).details["rotulo_situacao"] for k in ("art7", "art7.par1", "art7.par2")} \
        == {label}
    assert conclusion.analysis_conclusion(a) == (
        "Requisitos dos arts. 2º e 4º da LC nº 2/1990 comprovados por documentos conferidos com "
        "os originais; na hipótese da lei complementar federal suposta (PLP nº 137/2015 (PLS nº "
        "199/2015), texto aprovado pelo Senado Federal), a proposta não cumpre o PLP 137/2015: "
        "população da área proposta (3.102\u00a0habitantes; exigido no mínimo "
        "6.000\u00a0habitantes); assinaturas da representação da área proposta "
        "(398\u00a0assinaturas; exigido no mínimo 411\u00a0assinaturas (20\u00a0% do eleitorado)); "
        f"plebiscito {label}; estudo conclusivo; " + BAR + ".")
    from viabilidade.report.findings import findings

    assert findings(a).of("plebiscito").detail == (
        f"A consulta está {label}, no período que essa lei fixar e depois da divulgação dos "
        "Estudos de Viabilidade Municipal.")  # was "… e não passa a valer com a lei …"
    # the same test and words as § 10 "Sob outras regras"
    assert ("Sob PLP 137/2015: não cumpre população da área proposta (3.102\u00a0habitantes; "
            "exigido no mínimo 6.000\u00a0habitantes); "
            # legal8 S2: the 398 signers the Cartório certifies, not the 412 signatures
            "assinaturas da representação da área proposta (398\u00a0assinaturas; exigido no "
            "mínimo 411\u00a0assinaturas (20\u00a0% do eleitorado)).") in other_rules.section(a)
    html = conclusion.analysis_conclusion_html(a)
    assert html.startswith('<strong class="veredito v-indeterminado">Requisitos dos arts. 2º e '
                           '4º da LC nº 2/1990 comprovados por documentos conferidos com os '
                           'originais;</strong> na hipótese')


@needs_store
def test_a_retrospective_creation_is_concluded_by_its_year(store):
    from viabilidade.profile.analysis import analyse

    a = analyse(ROOT / "data" / "candidates" / "cocalzinho-de-goias.toml", store=store)
    assert conclusion.analysis_conclusion(a).endswith(
        "; lei de criação anterior à EC nº 15/1996, sob a redação original do art. 18, § 4º, da "
        "CF, que não exigia lei complementar federal; a extinção e reincorporação ao município "
        "de origem que o art. 8º manda decretar é incorporação de Município, hoje vedada "
        "enquanto não editada essa lei (CF, art. 18, § 4º).")  # installed (art. 21): legal item 3
    assert "criação semelhante" not in conclusion.analysis_conclusion(a)


def test_batch_index_prints_the_conclusion_line(tmp_path):
    from viabilidade.batch import index

    rec = {"slug": "a", "name": "A", "operation": "create-municipality", "candidate": "a.toml",
           "status": "ok", "verdict": "viável", "rules": {}, "leans": {}, "folder": "a",
           "files": {}, "error": None,
           "conclusion": "Viável perante a LC nº 2/1990; estudo conclusivo; " + BAR + "."}
    old = {**rec, "slug": "b", "conclusion": None, "verdict": "inviável"}
    df = index.results_frame([rec, old])
    assert df["conclusao"].iloc[0] == rec["conclusion"] and df["conclusao"].isna().iloc[1]
    page = _text(index.render_index([rec, old], "lote"))
    assert "Conclusão" in page and rec["conclusion"] in page
    assert "Inviável perante a LC nº 2/1990; " + BAR + "." in page  # an earlier record, rebuilt


def test_the_short_line_is_the_conclusion_line_without_its_bar():
    assert conclusion.short_conclusion_line("create-municipality", "viável",
                                            qualification="estudo preliminar") == (
        "Viável perante a LC nº 2/1990; estudo preliminar.")
    assert conclusion.short_conclusion_line("fusion", "inviável") == (
        "Inviável perante a LC nº 2/1990.")


def test_the_batch_index_states_the_bar_once_above_the_table():
    """81 creations: one sentence on the bar above the table, each cell the short line;
    resultados.csv keeps the whole line."""
    from viabilidade.batch import index

    def rec(slug, verdict, bar=BAR, op="create-municipality"):
        short = conclusion.short_conclusion_line(op, verdict, qualification="estudo preliminar")
        return {"slug": slug, "name": slug.upper(), "operation": op, "candidate": f"{slug}.toml",
                "status": "ok", "verdict": verdict, "rules": {}, "leans": {}, "folder": slug,
                "files": {}, "error": None, "conclusion_short": short, "bar_clause": bar,
                "conclusion": conclusion.conclusion_line(op, verdict,
                                                         qualification="estudo preliminar")}

    recs = [rec("a", "viável"), rec("b", "inviável")]
    page = index.render_index(recs, "lote")
    assert page.count("vedada enquanto") == 1
    assert ('<p class="quadro"><strong>Quadro constitucional de todos os estudos desta '
            "tabela:</strong> A criação está vedada enquanto não editada a lei complementar "
            "federal (CF, art. 18, § 4º). A coluna Conclusão dá o veredito perante a LC nº "
            "2/1990 e em que ele se apoia.</p>") in page
    assert "<td>Viável perante a LC nº 2/1990; estudo preliminar.</td>" in page
    assert "<td>Inviável perante a LC nº 2/1990; estudo preliminar.</td>" in page
    assert index.results_frame(recs)["conclusao"].tolist() == [
        "Viável perante a LC nº 2/1990; estudo preliminar; " + BAR + ".",
        "Inviável perante a LC nº 2/1990; estudo preliminar; " + BAR + "."]
    # two bars: each stated once as a numbered note, the cells point to theirs
    district = ("a criação de distrito não está vedada pelo art. 18, § 4º, da CF: faz-se por lei "
                "municipal (LC nº 2/1990, art. 16; CF, art. 30, IV)")
    page = index.render_index([*recs, rec("c", "viável", district, "create-district")], "lote")
    assert ("<ul><li>[1] A criação está vedada enquanto não editada a lei complementar federal "
            "(CF, art. 18, § 4º).</li><li>[2] A criação de distrito não está vedada pelo art. "
            "18, § 4º, da CF: faz-se por lei municipal (LC nº 2/1990, art. 16; CF, art. 30, "
            "IV).</li></ul>") in page
    assert "<td>Viável perante a LC nº 2/1990; estudo preliminar. [1]</td>" in page
    assert ("<td>Requisitos do art. 17 cumpridos perante a LC nº 2/1990; estudo preliminar. "
            "[2]</td>") in page


def test_the_estudo_command_prints_the_conclusion_line(monkeypatch, capsys, tmp_path):
    from viabilidade.cli import main

    line = ("Requisitos da LC nº 2/1990 comprovados por documentos conferidos com os originais; "
            "estudo conclusivo; " + BAR + ".")
    monkeypatch.setattr("viabilidade.report.study.run_study", lambda c, out, **kw: {
        "name": "Posse d'Abadia", "verdict": "viável", "conclusion": line, "folder": str(out)})
    assert main(["estudo", str(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"),
                 "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"Estudo de Posse d'Abadia: {line}"


SANTA_ROSA = """slug = "santa-rosa"
operation = "create-municipality"
name = "Santa Rosa"
seat = "Santa Rosa"

[area]
districts = ["520800410"]

[origin]
municipalities = ["5208004"]
"""


@needs_store
@pytest.mark.parametrize("settings, line, title", [
    # A threshold the user moved away from the law's (as the explorer saves it): the verdict
    # is on that threshold, not "perante a LC nº 2/1990", and the requirement says so.
    ("[settings]\npopulation = 4000\n",
     "Inviável com limiar alterado — art. 4º, IV: mais de 4.000 habitantes (a lei: mais de três "
     "mil); nos dados publicados; estudo preliminar, pendente de certificação e de documentos; "
     "plebiscito não realizável antes da lei complementar federal; " + BAR + ".",
     "População — limiar alterado: mais de 4.000 habitantes (a lei: mais de três mil)"),
    # The law's own value written out changes nothing (Santa Rosa: 3.513 inhabitants).
    ("[settings]\npopulation = 3000\n",
     "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de certificação e de "
     "documentos; plebiscito não realizável antes da lei complementar federal; " + BAR + ".",
     "População de mais de três mil habitantes"),
])
def test_a_saved_file_with_a_changed_threshold_says_so(store, tmp_path, settings, line, title):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import sections

    path = tmp_path / "santa-rosa.toml"
    path.write_text(SANTA_ROSA + settings, encoding="utf-8")
    a = analyse(path, store=store)
    assert conclusion.analysis_conclusion(a) == line
    assert a.result("art4.IV").title == title
    assert f"Conclusão {line}" in _text(sections.cover(a, dt.date(2027, 6, 1)))
    assert a.to_dict()["certification"]["qualification"] in line


def test_a_verdict_on_a_what_if_value_is_not_a_study():
    from viabilidade.rules.certification import qualification
    from viabilidade.rules.result import RuleResult, Status
    from viabilidade.report.writers.format import result_status_label

    r = RuleResult("art4.IV", "População de mais de três mil habitantes", Status.FAIL, "",
                   value=2990, threshold=3000, comparator=">", unit="habitantes",
                   basis="published", details={"nota": "HIPOTÉTICO — valor hipotético"})
    assert qualification([r]) == ("com valor hipotético (área: 2.990 habitantes), não com os "
                                  "dados publicados; simulação, não é um estudo")
    assert result_status_label(r) == "não atingido com valor hipotético"
    published = RuleResult("art4.IV", "x", Status.FAIL, "", value=2990, threshold=3000,
                           unit="habitantes", basis="published", details={"nota": "Censo"})
    assert result_status_label(published) == "não atingido nos dados publicados"
    assert qualification([published]).startswith("nos dados publicados; estudo preliminar")


def test_a_verdict_on_published_data_says_so_in_its_own_phrase():
    """Batch analyst: "Inviável perante a LC nº 2/1990; nos dados publicados; estudo
    preliminar…" had a stray fragment; the basis joins the verdict, as the screening's
    "inviável nos dados publicados" does, in the line, the short line and the badge."""
    from viabilidade.report.conclusion import (conclusion_html, conclusion_line,
                                               short_conclusion_line)

    q = "nos dados publicados; estudo preliminar, pendente de certificação"
    assert conclusion_line("create-municipality", "inviável", qualification=q) == (
        "Inviável perante a LC nº 2/1990 nos dados publicados; estudo preliminar, pendente de "
        "certificação; " + BAR + ".")
    assert short_conclusion_line("create-municipality", "inviável", qualification=q) == (
        "Inviável perante a LC nº 2/1990 nos dados publicados; estudo preliminar, pendente de "
        "certificação.")
    assert conclusion_html("create-municipality", "inviável", qualification=q).startswith(
        '<strong class="veredito v-inviável">Inviável perante a LC nº 2/1990 nos dados '
        "publicados;</strong> estudo preliminar")
    assert conclusion_line("create-municipality", "inviável",
                           qualification="nos dados publicados") == (
        "Inviável perante a LC nº 2/1990 nos dados publicados; " + BAR + ".")


def test_the_batch_index_drops_the_bar_finding_of_rows_whose_bar_is_above():
    """Issue 32, B12: "Vedação constitucional: mesmo com todos os requisitos…" was on every
    row although the page states the bar once above the table."""
    from viabilidade.batch import index

    bar_finding = {"kind": "vedacao", "title": "Vedação constitucional",
                   "summary": "mesmo com todos os requisitos da LC nº 2/1990 comprovados, " + BAR,
                   "detail": "", "items": []}
    op = "create-municipality"
    recs = [{"slug": s, "name": s, "operation": op, "candidate": f"{s}.toml", "status": "ok",
             "verdict": "viável", "rules": {}, "folder": s, "files": {}, "bar_clause": BAR,
             "conclusion_short": conclusion.short_conclusion_line(op, "viável"),
             "conclusion": conclusion.conclusion_line(op, "viável"),
             "findings": [bar_finding]} for s in ("a", "b", "c")]
    page = index.render_index(recs, "lote")
    assert page.count("Vedação constitucional") == 0
    assert page.count("vedada enquanto") == 1   # above the table, once
    # a record without the short line keeps its whole conclusion and its bar finding
    old = {**recs[0], "slug": "d", "conclusion_short": None}
    page = index.render_index([*recs, old], "lote")
    assert page.count("<b>Vedação constitucional:</b>") == 1


def test_the_standing_names_only_the_provisions_met():
    """Legal review 15:44, item 2: a transfer's "Requisitos do art. 5º … comprovados" while
    art. 5's head (the plebiscite) was not: only § 1 is met."""
    class R:
        def __init__(self, rule_id):
            self.rule_id = rule_id

    def arts(*ids):
        return conclusion._articles([R(i) for i in ids])

    assert conclusion.PROVEN.format(arts=arts("art5.par1")) == (
        "requisitos do art. 5º, § 1º, da LC nº 2/1990 comprovados por documentos conferidos com "
        "os originais")
    assert arts("art2", "art4.I", "art4.par1", "art4.VII") == "dos arts. 2º e 4º"
    assert arts("art6") == "do art. 6º" and arts("art17", "art17.par1") == "do art. 17"


@needs_store
def test_outside_the_hypothesis_the_early_plebiscite_is_void_until_the_federal_law(
        store, tmp_path, monkeypatch):
    """The other branch of the findings' plebiscite (mendreport item 4, branched on the
    hypothesis, no longer on the label's words): without ``federal_law`` the consultation is
    "sem efeito" and does not become valid with that law; the pending finding names it."""
    from test_rules_bases import measured_continuity
    from test_rules_fixtures import checked_copy
    from viabilidade.profile.analysis import analyse
    from viabilidade.proposal.record import PLEBISCITE_VOID
    from viabilidade.report.findings import findings

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the checked acts exist (legal11 S3)
    path = checked_copy(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", tmp_path)
    a = measured_continuity(analyse(path, store=store))
    f = findings(a)
    assert f.of("plebiscito").detail.startswith(
        f"A consulta está {PLEBISCITE_VOID}, e não passa a valer com a lei complementar federal: "
        "terá de ser feita de novo, no período que essa lei fixar e depois da divulgação dos "
        "Estudos de Viabilidade Municipal.")
