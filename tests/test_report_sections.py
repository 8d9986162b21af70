"""Study sections built from real rule results on the Posse d'Abadia profile (no kernel)."""

from __future__ import annotations

import dataclasses
import re

from test_rules_fixtures import candidate, posse_profile
from viabilidade.profile.analysis import Analysis
from viabilidade.proposal.candidate import MoneyFigure
from viabilidade.report.writers import format as fmt
from viabilidade.report import process, sections
from viabilidade.operations import evaluate, verdict_under_alternatives
from viabilidade.rules import Settings, verdict
from viabilidade.rules.result import RuleResult, Status

NBSP = "\u00a0"


def make(settings: Settings | None = None, **cand) -> Analysis:
    c = candidate(**cand)
    p = dataclasses.replace(posse_profile(), operation=c.operation)
    s = settings or Settings(creation_year=2027)
    rs = evaluate(c, p, s)
    return Analysis(candidate=c, settings=s, profile=p, results=rs, verdict=verdict(rs),
                    provenance=[], alternatives=verdict_under_alternatives(c, p, s))


def test_every_result_lands_in_exactly_one_section():
    a = make()
    a.results.append(RuleResult("art99", "Regra nova", Status.PASS, "ok"))
    grouped = [r for r in a.results if sum(pred(r) for _, _, pred in sections.GROUPS) == 1]
    others = [r for r in a.results if not any(pred(r) for _, _, pred in sections.GROUPS)]
    assert [r.rule_id for r in others] == ["art99"]
    assert len(grouped) + len(others) == len(a.results)
    html = sections.other_rules(a)
    assert '<p class="artigo">art. 99</p>' in html and "art99" not in html


def test_summary_states_the_verdict_and_lists_blocking_rules():
    a = make()
    html = sections.summary(a)
    assert ("Viabilidade indeterminada perante a LC nº 2/1990;</strong> estudo preliminar, pendente de certificação "
            "e de documentos; plebiscito não realizável antes da lei complementar federal; a "
            "criação está vedada") in html
    assert "<li>Art. 4º, V: " in html and "art4.V" not in html  # estimated electors: indeterminate
    assert "Quadro 1. Situação de cada requisito" in html


def test_summary_counts_the_alternative_readings_without_the_adopted_one():
    a = make()
    assert a.alternatives[0][0] == "leitura adotada"
    from viabilidade.rules.settings import is_edition

    editions = [d for d, _, _ in a.alternatives if is_edition(d)]
    assert [d.split(":")[0] for d in editions] == ["População"]  # polish12: counted apart
    n = len(a.alternatives) - 1 - len(editions)
    assert f"{n} leituras alternativas da lei foram examinadas;" in sections.summary(a)
    table = sections.alternatives_table(a)
    assert table.count("<table") == 2 and "Outra edição dos dados" in table.split("<table")[2]
    assert "População:" not in table.split("<table")[1]


def test_estimated_figures_ask_for_the_certificate_with_the_article():
    a = make()
    reasons = " ".join(r.reason for r in a.results)
    assert "é preciso o número certificado pelo Cartório Eleitoral (TRE-GO)" in reasons
    assert "certificado por " not in reasons


def test_area_without_polygon_says_why_there_is_no_map():
    html = sections.area(make())
    assert "não tem polígono" in html
    assert f"3.045{NBSP}habitantes" in html
    assert "520010010" in html


def test_cover_title_and_escaped_name():
    a = make(name="<b>Vila</b>", seat="<b>Vila</b>")
    assert sections.study_title(a) == "Estudo de viabilidade — criação do Município de <b>Vila</b>"
    html = sections.cover(a, __import__("datetime").date(2029, 1, 1))
    assert "&lt;b&gt;Vila&lt;/b&gt;" in html and "<b>Vila</b>" not in html
    assert "1º de janeiro de 2029" in html


#: The supposed federal law in force: the supposed year dates the creation law and after
#: (final legal read, items 7 and N3: without it a barred creation gives no year).
HYPOTHESIS = Settings(creation_year=2027, federal_law="plp-137-2015")
UNDATED_BARRED = "a definir após a lei complementar federal e o plebiscito"


def test_draft_law_councillors_and_installation():
    html = process.draft_law_section(make())
    assert "Vereadores na primeira legislatura (CF, art. 29, IV)</th><td>9</td>" in html
    assert f"Ano de instalação</th><td>{UNDATED_BARRED}</td>" in html
    assert "Ano de instalação</th><td>2029</td>" in process.draft_law_section(make(HYPOTHESIS))


def test_draft_law_without_polygon_promises_no_annexed_memorial():
    html = process.draft_law_section(make())
    assert ("Limites</th><td>a elaborar: os dados públicos não trazem os limites do distrito; o "
            "memorial descritivo virá do levantamento do agrimensor ou de um polígono desenhado") in html
    assert "anexo do estudo" not in html
    pending = html.split("Pendências para completar o projeto de lei:")[1]
    assert "<li>memorial descritivo dos limites do novo município (art. 3º, II e IV)" in pending


def test_timeline_of_a_2027_creation():
    assert "Eleição municipal" not in process.timeline_table(make())   # barred: no year
    html = process.timeline_table(make(HYPOTHESIS))
    assert "Eleição municipal de 2028" in html
    assert "1º de janeiro de 2029" in html  # installation
    assert "1º de abril de 2029" in html  # servants' option: 3 months after installation


def test_election_year_creation_has_no_installation():
    html = process.timeline_table(make(Settings(creation_year=2028, federal_law="plp-137-2015")))
    assert "Criação em 2028 vedada" in html and "Instalação do município" not in html


def test_fiscal_section_computes_share_and_80_percent():
    figures = dict(value_added_area=MoneyFigure(1_000_000.0, 2026, "SEFAZ-GO"),
                   value_added_origin=MoneyFigure(10_000_000.0, 2026, "SEFAZ-GO"),
                   origin_icms_quota=MoneyFigure(2_000_000.0, 2027, "SEFAZ-GO"))
    # barred, no supposed law: no exercise can be named (final legal read, items 7 and N3)
    assert (f"A participação cabe no exercício da criação e nos dois seguintes (art. 14), "
            f"{UNDATED_BARRED}.") in process.fiscal_section(make(**figures))
    a = make(HYPOTHESIS, **figures)
    html = process.fiscal_section(a)
    assert f"R${NBSP}2.000.000,00" in html
    assert f"R${NBSP}200.000,00" in html  # 10 % of the quota
    assert f"R${NBSP}160.000,00" in html  # 80 % of it spent in the area (§ 2)
    law = process.draft_law_section(a)
    assert f"10,0000{NBSP}%" in law


def test_fiscal_section_without_value_added_says_what_is_missing():
    html = process.fiscal_section(make())
    assert "valor adicionado da área (Secretaria de Estado da Economia de Goiás)" in html
    assert "o capítulo “Viabilidade econômico-financeira” estima a participação pela população" in html


def test_appendix_has_settings_and_law_text():
    html = sections.appendices(make())
    assert "I-8:" in html and "absolute-majority" not in html and "quorum=" not in html
    assert "<h3>Leituras da lei (I-1 a I-11)</h3>" in html
    assert ("<strong>I-8 — “Metade mais um” no quórum do plebiscito (art. 7º, § 1º).</strong>"
            in html.replace("&quot;", "\"").replace("&#x27;", "'"))
    assert "docs/LEITURAS.md" not in html
    assert ("a “Secretaria de Estado da Fazenda” do texto da lei é hoje a Secretaria de Estado da "
            "Economia de Goiás; o Cartório Eleitoral integra a Justiça Eleitoral") in html
    assert "Art. 4º" in html and "população de mais de três mil habitantes" in html
    assert "Nenhuma tabela de dados registrada" in html


def test_law_text_marks_every_slip_sic():
    html = sections.law_html(["4"])
    assert 'os dos itens IV, V, V e VII <span class="sic">[sic]</span>:' in html
    assert 'Instituo <span class="sic">[sic]</span> Brasileiro' in html
    assert 'Cartório Eleitoral. <span class="sic">[sic]</span>' in html


def test_quorum_rule_quotes_item_I_of_the_paragraph():
    a = make()
    block = sections.rule_block(next(r for r in a.results if r.rule_id == "art7.par1"))
    assert "LC 02/1990, art. 7º, § 1º, I" in block
    assert ("quórum mínimo, para validade do plebiscito, igual à metade mais um dos eleitores "
            "aptos a votar;") in block
    assert "respeitados os seguintes preceitos" not in block


def test_rule_block_translates_details():
    a = make()
    iv = next(r for r in a.results if r.rule_id == "art4.VI")
    html = sections.rule_block(iv)
    assert "Evidências que faltam" in html and "área para cemitério (art. 4º, VI)" in html
    assert "Incerteza (±)" in html
    par1 = sections.rule_block(next(r for r in a.results if r.rule_id == "art4.par1"))
    assert "Verificação item a item" in par1 and "art. 4º, IV" in par1


def test_sensitivity_lists_margins_and_alternatives():
    html = sections.sensitivity(make())
    assert "Margens dos requisitos numéricos" in html
    assert f"+45{NBSP}habitantes (+1,50{NBSP}%)" in html
    assert "I-8" in html


def test_article_numbers_of_rule_ids():
    assert [sections.article_number(x) for x in ("art4.IV", "art17.II", "art99", "art9", "x")] == \
        [4, 17, 99, 9, None]


def test_district_creation_has_no_municipality_sections():
    a = make(operation="create-district")
    assert {r.rule_id for r in a.results} >= {"art17.I", "art17.II"}
    assert "Calendário do processo" not in process.process_section(a)
    assert process.draft_law_section(a) == "" and process.fiscal_section(a) == ""
    assert "art. 17, II" in sections.group(a, "sec-distrito")
    assert sections.study_title(a) == "Estudo de viabilidade — criação do Distrito de Posse d'Abadia"


def test_readings_in_details_are_shown_in_portuguese():
    a = make()
    quorum = sections.rule_block(next(r for r in a.results if r.rule_id == "art7.par1"))
    assert "menor número inteiro acima da metade" in quorum
    assert "absolute-majority" not in quorum


def test_declared_special_interest_is_a_premise_in_the_summary():
    a = make(special_interest=True, special_interest_kind="tourism",
             special_interest_justification="Cachoeiras do <Rio> Corumbá")
    html = sections.summary(a)
    assert "Premissa declarada" in html and "interesse turístico" in html
    assert "Cachoeiras do &lt;Rio&gt; Corumbá" in html
    assert "Premissa declarada" not in sections.summary(make())


def test_what_would_change_names_the_subject_without_nested_parentheses():
    html = sections.summary(make())
    assert "— Abadiânia (remanescente)" in html
    assert "(Abadiânia (remanescente))" not in html


def test_certifier_label_names_par2_only_for_the_items_it_gives_to_a_body():
    a = make()
    assert sections.certifier_label(a.result("art4.IV")) == "Certificador (art. 4º, § 2º)"
    assert sections.certifier_label(a.result("art4.VII")) == "Certificador (art. 4º, § 2º)"
    # art. 4 § 2 names no body for items I and III
    for rid in ("art4.I", "art4.III"):
        block = sections.rule_block(a.result(rid))
        assert "<th scope=\"row\">Quem comprova</th>" in block and "Certificador" not in block


def test_calendar_and_transition_say_every_date_hangs_on_the_federal_law():
    # legal review, item 18: a creation's (or fusion's) dates are hypotheses until the federal
    # complementary law of CF art. 18, § 4º exists
    # final legal read, item 7: the note names the law's, election's and installation's
    # dates (not the record's acts) and says the calendar gives them no year
    note = ("As datas da lei de criação, da eleição e da instalação dependem da edição da lei "
            "complementar federal (CF, art. 18, § 4º): enquanto ela não existir, nem o plebiscito "
            "nem a lei estadual podem ser feitos, e o calendário não lhes dá data.")
    assumed = process.timeline_table(make(HYPOTHESIS))
    assert ("nem a lei estadual podem ser feitos; as datas dadas a elas são hipótese do "
            "estudo.</p><table") in assumed
    a = make()
    assert f'<p class="premissa">{note}</p><table' in process.timeline_table(a)
    # said once (new-user review 7): the transition list follows the calendar in the section
    assert "<h3>Transição até a instalação</h3><ul>" in process.transition_list(a)
    assert process.process_section(a).count(note) == 1
    district = make(operation="create-district")
    assert "dependem da edição" not in process.timeline_table(district)
    past = make(creation_law_date=__import__("datetime").date(1991, 1, 16), creation_year=1991)
    assert "dependem da edição" not in process.timeline_table(past)  # a law before EC 15/1996


def test_appendix_prints_the_study_date_of_the_cover():
    # new-user review 9: the appendix said "Data do estudo —" under a cover dated 01/12/2026
    def row(a):
        return re.search(r"Data do estudo</td><td[^>]*>([^<]*)<",
                         str(sections.settings_table(a))).group(1)

    assert row(make(Settings(creation_year=2027, study_date="2026-12-01"))) == \
        "1º de dezembro de 2026"
    unset = make()
    assert unset.settings.study_date is None
    assert row(unset) == fmt.date_long(unset.settings.study_day())


def test_the_draft_law_chapter_is_not_called_an_annex_among_numbered_chapters():
    # new-user review 14: "7. Anexo: elementos do projeto de lei" came before chapters 8–11
    titles = dict((sid, title) for sid, title, _ in sections.GROUPS)
    assert titles["sec-lei"] == "Elementos do projeto de lei (art. 3º)"


def test_the_share_of_state_revenue_reads_as_a_percentage():
    """Art. 4, VII asks for 0,01 % of the state's tax revenue: the detail row shows the law's
    percentage, not the raw fraction 0,0001 (new-user review)."""
    from viabilidade.report.sections import _detail_value

    assert _detail_value(0.0001, "parcela_receita") == "0,01\u00a0%"
    assert _detail_value(0.0001, "outra_fracao") == "0,0001"


def test_a_drawn_area_dates_each_source_on_its_own():
    # legal review 3, finding 10: the Censo's reference date was pasted after "Localidades 2022"
    from viabilidade.data.sources import VINTAGE_CENSUS
    from viabilidade.profile.build import SRC_DRAWN
    from viabilidade.rules.result import Basis, Figure

    row = sections._figure_row("População", Figure(467, "habitantes", Basis.ESTIMATED, SRC_DRAWN,
                                                    VINTAGE_CENSUS, uncertainty=467))
    assert row[3] == ("polígono do arquivo de limites da candidatura; distritos: IBGE, Censo "
                      "Demográfico 2022 (agregados por distritos; referência 31/07/2022); sedes "
                      "municipais e vilas: IBGE, Localidades 2022")


def test_the_population_vintage_names_its_base_and_year():
    # legal review 3, finding 10: "população revisada (agregados por setor)" named no base
    from viabilidade.rules.settings import CHOICES

    assert CHOICES["population_vintage"]["revised"] == (
        "IBGE, Censo Demográfico 2022, Agregados por setores censitários, resultados do universo "
        "(revisados)")
    assert ("População: IBGE, Censo Demográfico 2022, Agregados por setores censitários, "
            "resultados do universo (revisados).") in Settings().describe()
    assert ("População: IBGE, Censo Demográfico 2022, primeira divulgação (28/06/2023)"
            in [text for text, _ in Settings().alternatives()])
