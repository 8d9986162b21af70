"""The federal constitutional frame (viabilidade.report.frame) and the ``federal_law`` setting."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from viabilidade.errors import SettingsError
from viabilidade.report import frame
from viabilidade.rules.ruleset import federal_bills
from viabilidade.rules.settings import Settings

#: What every document's first pages must say (whitespace-normalised text).
EC15 = "Emenda Constitucional nº 15"
NOT_ENACTED = "A lei complementar federal exigida pelo art. 18, § 4º, não foi editada"


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


#: CF art. 18 § 4 as the official text gives it (EC 15/1996), with the comma after "Municípios".
CF_18_4 = ("A criação, a incorporação, a fusão e o desmembramento de Municípios, far-se-ão por lei "
           "estadual, dentro do período determinado por Lei Complementar Federal, e dependerão de "
           "consulta prévia, mediante plebiscito, às populações dos Municípios envolvidos, após "
           "divulgação dos Estudos de Viabilidade Municipal, apresentados e publicados na forma da "
           "lei.")


def test_cf_18_4_is_quoted_verbatim_with_the_comma():
    assert frame.CF_18_4 == CF_18_4
    assert "“" + CF_18_4 + "”" in frame.RULE
    assert "“" + CF_18_4 + "”" in frame.frame_points("create-municipality")[0]


def test_study_frame_states_the_amendment_the_missing_law_the_bills_the_courts_and_today():
    paras = frame.frame_paragraphs("create-municipality", name="Posse d'Abadia")
    text = " ".join(paras)
    assert paras[0].startswith("Desde a Emenda Constitucional nº 15, de 12 de setembro de 1996, o "
                               "art. 18, § 4º, da Constituição Federal dispõe:")
    assert NOT_ENACTED in text
    for bill in ("PLS nº 98/2002 (PLP nº 416/2008 na Câmara dos Deputados) foi vetado integralmente "
                 "em novembro de 2013", "PLS nº 104/2014 (PLP nº 397/2014) foi vetado integralmente em "
                 "agosto de 2014", "PLS nº 199/2015 (PLP nº 137/2015) foi aprovado pelo Senado Federal "
                 "em 2015", "situação segundo fontes secundárias"):
        assert bill in text, bill
    assert "Emenda Constitucional nº 57, de 18 de dezembro de 2008" in text
    assert "publicada até 31 de dezembro de 2006" in text
    assert paras[3] == (
        "Em 9 de maio de 2007, o Supremo Tribunal Federal declarou inconstitucionais leis estaduais "
        "que, depois da Emenda Constitucional nº 15/1996 e sem a lei complementar federal, criaram "
        "Municípios ou alteraram seus territórios (ADI 2.240/BA, julgada com as ADIs 3.316/MT, "
        "3.489/SC e 3.689/PA), sem pronunciar a nulidade, por 24 meses; e, na ADI 3.682/MT (julgada "
        "na mesma data, DJ de 6 de setembro de 2007), declarou o Congresso Nacional em mora na "
        "edição dessa lei, fixando-lhe 18 meses para legislar. Em 13 de maio de 2021, o Tribunal "
        "Superior Eleitoral indeferiu a homologação do plebiscito de um novo Município enquanto não "
        "existir a lei complementar federal (PA nº 0602003-69).")
    assert paras[4] == (
        "Hoje, portanto, nenhum Município pode ser criado, incorporado, fundido ou desmembrado, e a "
        "Justiça Eleitoral não realiza o plebiscito dessas operações, até que a lei complementar "
        "federal seja editada. A LC nº 2/1990 está em vigor, mas não é aplicável a essas operações "
        "enquanto essa lei não existir.")
    assert "2.381" not in text and "ficaria exposta" not in text
    assert paras[5].startswith("Para Posse d'Abadia: a criação do Município está vedada enquanto não "
                               "editada a lei complementar federal; uma lei estadual que hoje o "
                               "criasse com base apenas na LC nº 2/1990 seria inconstitucional "
                               "(ADI 2.240/BA)")
    assert len(paras) == 6


def test_a_district_creation_is_not_subject_to_art_18():
    paras = frame.frame_paragraphs("create-district", name="Distrito X")
    assert paras[5] == (
        "Para o Distrito X: a criação de distrito (arts. 15 a 20 da LC nº 2/1990) não é criação, "
        "incorporação, fusão nem desmembramento de Município e não está sujeita ao art. 18, § 4º: "
        "compete à lei municipal criar distritos (LC nº 2/1990, art. 16), observada a legislação "
        "estadual (Constituição Federal, art. 30, IV). A falta da lei complementar federal não "
        "impede esta operação.")
    assert "inconstitucional" not in paras[5]


@pytest.mark.parametrize("kind, words", [
    ("fusion", "a fusão de Municípios está no art. 18, § 4º, e está vedada"),
    ("transfer-area", "desmembramento e incorporação no sentido do art. 18, § 4º, vedados"),
    ("boundary-correction", "sem alteração de área"),
    ("audit", "não decreta extinção alguma"),
    ("screening", "não substitui os Estudos de Viabilidade Municipal")])
def test_each_kind_of_document_says_what_the_frame_means_for_it(kind, words):
    paras = frame.frame_paragraphs(kind, name="X")
    assert words in paras[5]
    assert NOT_ENACTED in paras[1]


@pytest.mark.parametrize("operation, clause", [
    ("create-municipality", "a criação está vedada enquanto não editada a lei complementar federal "
                            "(CF, art. 18, § 4º)"),
    ("fusion", "a fusão está vedada enquanto não editada a lei complementar federal (CF, art. 18, § 4º)"),
    ("transfer-area", "o desmembramento e a incorporação da área estão vedados enquanto não editada a "
                      "lei complementar federal (CF, art. 18, § 4º)"),
    ("boundary-correction", "a correção sem alteração de área não é operação do art. 18, § 4º, da CF; "
                            "se deslocar território de um Município a outro, habitado ou não, "
                            "será desmembramento e incorporação, vedados enquanto não editada a "
                            "lei complementar federal"),
    ("create-district", "a criação de distrito não está vedada pelo art. 18, § 4º, da CF: faz-se por "
                        "lei municipal (LC nº 2/1990, art. 16; CF, art. 30, IV)"),
])
def test_bar_clause_by_operation(operation, clause):
    assert frame.bar_clause(operation) == clause


def test_bar_clause_refuses_an_unknown_operation():
    with pytest.raises(KeyError, match="operação sem cláusula do art. 18, § 4º: 'merge'"):
        frame.bar_clause("merge")


@pytest.mark.parametrize("law_date, period", [
    (dt.date(1996, 9, 11), "before-ec15"), (dt.date(1996, 9, 12), "ec57"),
    (dt.date(1996, 1, 1), "before-ec15"), (dt.date(2006, 12, 31), "ec57"),
    (dt.date(2007, 1, 1), "after-ec57")])
def test_law_period_by_date_both_sides_of_ec15_and_ec57(law_date, period):
    assert frame.law_period(law_date=law_date) == period
    assert frame.law_period(year=1996, law_date=law_date) == period  # the date decides


@pytest.mark.parametrize("year, period", [
    (1995, "before-ec15"), (1996, "undecided-1996"), (1997, "ec57"), (2006, "ec57"),
    (2007, "after-ec57"), (None, None)])
def test_law_period_by_year_says_when_1996_cannot_be_decided(year, period):
    assert frame.law_period(year) == period


def test_creation_note_by_date_and_by_year():
    assert frame.creation_note(law_date=dt.date(1996, 9, 11)).startswith(
        "A lei de criação considerada, publicada em 11/09/1996, é anterior à Emenda Constitucional "
        "nº 15, de 12 de setembro de 1996")
    assert frame.creation_note(law_date=dt.date(1996, 9, 12)).startswith(
        "A lei de criação considerada, publicada em 12/09/1996, não é anterior à Emenda "
        "Constitucional nº 15/1996 e está no período alcançado pela Emenda Constitucional nº 57/2008")
    assert frame.creation_note(law_date=dt.date(2006, 12, 31)).endswith("está convalidada.")
    assert "não é alcançada pela Emenda Constitucional nº 57/2008" in frame.creation_note(
        law_date=dt.date(2007, 1, 1))
    assert frame.creation_note(1996).endswith(
        "Sem a data de publicação da lei, não se decide qual dos dois quadros se aplica.")
    assert frame.creation_note(2007) == "" and frame.creation_note(None) == ""


@pytest.mark.parametrize("law_date, start", [
    (dt.date(1996, 9, 11), "lei de criação anterior à EC nº 15/1996"),
    (dt.date(1996, 9, 12), "lei de criação publicada até 31/12/2006, convalidada pela EC nº 57/2008"),
    (dt.date(2006, 12, 31), "lei de criação publicada até 31/12/2006, convalidada"),
    (dt.date(2007, 1, 1), "lei de criação publicada depois de 31/12/2006, não convalidada pela EC nº "
                          "57/2008; a criação está vedada enquanto não editada")])
def test_bar_clause_of_a_past_creation_law_by_its_date(law_date, start):
    assert frame.bar_clause("create-municipality", law_date=law_date).startswith(start)


def test_bar_clause_of_a_1996_law_known_by_year_says_it_cannot_be_decided():
    assert frame.bar_clause("create-municipality", year=1996) == (
        "lei de criação de 1996 sem data de publicação: não se decide se é anterior à EC nº 15, de "
        "12/09/1996 (CF, art. 18, § 4º), nem, portanto, se dependia da lei complementar federal")
    # a future creation year is the bar of today; a district is never retrospective
    assert frame.bar_clause("create-municipality", year=2027) == frame.BAR_CLAUSES["create-municipality"]
    assert frame.bar_clause("create-district", year=1991) == frame.BAR_CLAUSES["create-district"]


def test_a_retrospective_creation_says_what_held_then():
    paras = frame.frame_paragraphs("create-municipality", name="Nova Iguaçu de Goiás", creation_year=1991)
    assert paras[5] == ("Para Nova Iguaçu de Goiás: o ano de criação considerado (1991) é anterior à "
                        "Emenda Constitucional nº 15, de 12 de setembro de 1996: a criação regia-se pela "
                        "redação original do art. 18, § 4º, e pela LC nº 2/1990, e não dependia de lei "
                        "complementar federal. Uma criação semelhante hoje está vedada enquanto não "
                        "editada a lei complementar federal.")
    assert len(paras) == 6
    # installed (art. 21, Nova Iguaçu): the bar reaches the extinction of art. 8 (legal item 3)
    installed = frame.frame_paragraphs("create-municipality", name="Nova Iguaçu de Goiás",
                                       creation_year=1991, installed=True)
    assert installed[5].endswith(
        "e não dependia de lei complementar federal. A extinção e reincorporação ao município de "
        "origem que o art. 8º manda decretar é incorporação de Município, hoje vedada enquanto "
        "não editada a lei complementar federal (CF, art. 18, § 4º).")
    future = frame.frame_paragraphs("create-municipality", name="X", creation_year=2027)
    assert future[5].startswith("Para X: a criação do Município está vedada")
    district = frame.frame_paragraphs("create-district", name="X", creation_year=1991)
    assert "não está sujeita ao art. 18, § 4º" in district[5]


def test_assumed_federal_law_is_said_and_named():
    paras = frame.frame_paragraphs("create-municipality", name="X", federal_law="plp-137-2015")
    assert paras[-1].startswith("Hipótese adotada a pedido do usuário: este documento supõe em vigor "
                                "uma lei complementar federal com o texto do PLP nº 137/2015 (PLS nº 199/2015), texto "
                                "aprovado pelo Senado Federal. Essa lei não existe (aprovado pelo "
                                "Senado Federal em 2015;")
    assert paras[-1].endswith("“Sob outras regras”, com limites tomados de fontes secundárias.")
    assert NOT_ENACTED in paras[1]  # the fact stays stated


def test_frame_section_is_escaped_html_with_its_heading():
    html = frame.frame_section("create-municipality", name="<b>X</b>")
    assert '<h2 id="sec-quadro-federal">Quadro constitucional federal</h2>' in html
    assert "&lt;b&gt;X&lt;/b&gt;" in html and "<b>X</b>" not in html
    assert EC15 in _text(html)


def test_slide_points_are_short_and_carry_the_facts():
    points = frame.frame_points("create-municipality", name="X")
    text = " ".join(points)
    assert EC15 in text and "A lei complementar federal não foi editada" in text
    assert "31/12/2006" in text and "ADI 2.240/BA" in text and "PA nº 0602003-69" in text
    assert "a LC nº 2/1990 está em vigor, mas não é aplicável a essas operações" in text
    assert len(points) == 5


def test_federal_law_setting_accepts_a_shipped_bill_and_names_a_bad_one():
    assert Settings(federal_law="plp-137-2015").federal_law == "plp-137-2015"
    assert Settings().federal_law is None
    assert set(federal_bills()) == {"plp-137-2015", "pls-104-2014", "pls-98-2002"}
    with pytest.raises(SettingsError) as e:
        Settings.from_dict({"federal_law": "lc02-1990-go"}, file="x.toml")
    assert str(e.value) == (
        "x.toml, campo 'settings.federal_law': encontrado 'lc02-1990-go'; esperado o identificador "
        "de um projeto de lei complementar federal (plp-137-2015, pls-104-2014, pls-98-2002)")
    assert Settings(federal_law="pls-98-2002").describe()[-1] == (
        "Hipótese do usuário: lei complementar federal em vigor com o texto do PLS nº 98/2002 - "
        "Complementar (PLP nº 416/2008), texto vetado em novembro de 2013 (essa lei não existe).")


def test_settings_table_shows_the_federal_law_in_words():
    from viabilidade.report.sections import setting_value

    assert setting_value("federal_law", None) == ("nenhuma: a lei complementar federal do art. 18, "
                                                  "§ 4º, da CF não foi editada")
    assert setting_value("federal_law", "pls-104-2014") == (
        "suposta em vigor, com o texto do PLS nº 104/2014 - Complementar (PLP nº 397/2014), texto "
        "vetado em agosto de 2014")


def test_a_past_fusion_or_transfer_law_is_named_for_its_operation():
    assert frame.bar_clause("fusion", law_date=dt.date(1995, 12, 27)).startswith(
        "lei de fusão anterior à EC nº 15/1996")
    assert frame.bar_clause("transfer-area", law_date=dt.date(2007, 3, 1)).startswith(
        "lei de desmembramento e incorporação publicada depois de 31/12/2006, não convalidada")
