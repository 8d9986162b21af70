"""The federal constitutional frame (viabilidade.report.frame) and the ``federal_law`` setting."""

from __future__ import annotations

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


def test_study_frame_states_the_amendment_the_missing_law_the_bills_and_ec57():
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
    assert "ADI 2.381 MC, 2001" in text and "ADI 3.682, 2007" in text
    assert paras[4].startswith("Para Posse d'Abadia: uma lei estadual que hoje criasse o Município "
                               "com base apenas na LC nº 2/1990 ficaria exposta a ser declarada "
                               "inconstitucional")
    assert len(paras) == 5


def test_a_district_creation_is_not_subject_to_art_18():
    text = " ".join(frame.frame_paragraphs("create-district", name="Distrito X"))
    assert "não está sujeita ao art. 18, § 4º" in text
    assert "Constituição Federal, art. 30, IV" in text
    assert "inconstitucional" not in text


@pytest.mark.parametrize("kind, words", [
    ("fusion", "a fusão de Municípios está no art. 18, § 4º"),
    ("transfer-area", "desmembramento e incorporação no sentido do art. 18, § 4º"),
    ("boundary-correction", "sem alteração de área"),
    ("audit", "não decreta extinção alguma"),
    ("screening", "não substitui os Estudos de Viabilidade Municipal")])
def test_each_kind_of_document_says_what_the_frame_means_for_it(kind, words):
    paras = frame.frame_paragraphs(kind, name="X")
    assert words in paras[4]
    assert NOT_ENACTED in paras[1]


@pytest.mark.parametrize("year, words", [
    (1991, "(1991) é anterior à Emenda Constitucional nº 15/1996"),
    (1995, "(1995) é anterior"),
    (1996, "(1996) está no período alcançado pela Emenda Constitucional nº 57/2008"),
    (2006, "(2006) está no período alcançado"),
    (2007, None), (None, None)])
def test_creation_year_both_sides_of_1996_and_2006(year, words):
    note = frame.creation_note(year)
    assert (note == "") if words is None else (words in note)


def test_a_retrospective_creation_says_what_held_then():
    paras = frame.frame_paragraphs("create-municipality", name="Nova Iguaçu de Goiás", creation_year=1991)
    assert paras[4] == ("Para Nova Iguaçu de Goiás: o ano de criação considerado (1991) é anterior à "
                        "Emenda Constitucional nº 15/1996: a criação regia-se pela redação original do "
                        "art. 18, § 4º, e pela LC nº 2/1990, e não dependia de lei complementar federal. "
                        "Uma criação semelhante hoje dependeria da lei complementar federal, que não "
                        "existe.")
    assert len(paras) == 5
    future = frame.frame_paragraphs("create-municipality", name="X", creation_year=2027)
    assert "ficaria exposta a ser declarada inconstitucional" in future[4]
    district = frame.frame_paragraphs("create-district", name="X", creation_year=1991)
    assert "não está sujeita ao art. 18, § 4º" in district[4]


def test_assumed_federal_law_is_said_and_named():
    paras = frame.frame_paragraphs("create-municipality", name="X", federal_law="plp-137-2015")
    assert paras[-1].startswith('Hipótese adotada a pedido do usuário (configuração federal_law = '
                                '"plp-137-2015"): este documento supõe em vigor uma lei complementar '
                                "federal com o texto do PLP nº 137/2015 (PLS nº 199/2015), texto "
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
    assert "31/12/2006" in text and len(points) == 4


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
