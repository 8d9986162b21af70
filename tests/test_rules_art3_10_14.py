"""Art. 3 (councillors, draft law), art. 10 (prevailing legislation), art. 14 (ICMS share)."""

import dataclasses

import pytest
from test_rules_fixtures import candidate, fig, posse_profile, simple_profile

from viabilidade.proposal.candidate import MoneyFigure
from viabilidade.errors import CandidateError
from viabilidade.profile.types import Territory
from viabilidade.rules import Settings
from viabilidade.rules.art3 import COUNCILLOR_BRACKETS, councillors, draft_law_content
from viabilidade.rules.art10 import prevailing_legislation
from viabilidade.rules.art14 import icms_share

S = Settings()


@pytest.mark.parametrize("pop, seats", [
    (0, 9), (15_000, 9), (15_001, 11), (30_000, 11), (30_001, 13), (50_001, 15), (80_001, 17),
    (160_000, 19), (160_001, 21), (1_800_001, 41), (8_000_000, 53), (8_000_001, 55)])
def test_councillors_brackets(pop, seats):
    assert councillors(pop) == seats


def test_all_24_brackets():
    assert len(COUNCILLOR_BRACKETS) + 1 == 24
    assert [councillors(b) for b, _ in COUNCILLOR_BRACKETS] == list(range(9, 55, 2))
    with pytest.raises(ValueError, match="population must be a number >= 0, found -1"):
        councillors(-1)


def test_draft_law_content_posse():
    d = draft_law_content(candidate(creation_year=2027), posse_profile(), S, icms_percentage=12.3456,
                          district_names={"520010010": "Posse d'Abadia"})
    assert d["nome"] == "Posse d'Abadia" and d["ano_instalacao"] == 2029 and d["vereadores"] == 9
    assert d["distritos"] == [{"cod_distrito": "520010010", "nome": "Posse d'Abadia"}]
    assert d["percentual_icms"] == 12.3456
    # A district-based study has no polygon, hence no memorial: it is still to be drawn.
    assert d["limites"] == ("a elaborar: os dados públicos não trazem os limites do distrito; o "
                            "memorial descritivo virá do levantamento do agrimensor ou de um "
                            "polígono desenhado")
    assert "anexo do estudo" not in d["limites"]
    assert d["area_urbana"].startswith("a elaborar: limites da área urbana da sede")
    assert d["pendencias"] == [
        "memorial descritivo dos limites do novo município (art. 3º, II e IV): levantamento do "
        "agrimensor ou polígono desenhado da área",
        "limites da área urbana da sede (art. 3º, V), a descrever na forma do memorial "
        "descritivo: os dados públicos não trazem o perímetro urbano"]
    split = draft_law_content(candidate(creation_year=2028), posse_profile(Territory(area_parts=2)), S)
    assert split["ano_instalacao"] is None and "harmonia" in split["harmonia"]
    # With a polygon the memorial is annexed: only the election year, the urban area and ICMS.
    assert split["limites"] == (
        "memorial descritivo por confrontações, em linhas retas entre os vértices do polígono "
        "(anexo do estudo); os dados não registram rios nem estradas: onde a divisa deva "
        "acompanhá-los, a descrição fica para o levantamento do agrimensor")
    assert "acidentes naturais" not in split["limites"]
    assert len(split["pendencias"]) == 3 and not split["pendencias"][0].startswith("memorial")


def _m(v, y):
    return MoneyFigure(v, y, "SEFAZ-GO")


def test_icms_share_table():
    r = icms_share(_m(25_000_000.0, 2025), _m(200_000_000.0, 2025), _m(40_000_000.0, 2027), 2027)
    assert r.share == 0.125 and r.percentage == 12.5
    assert [row["ano"] for row in r.table] == [2027, 2028, 2029]
    assert r.table[0]["parcela_brl"] == 5_000_000.0 and r.table[0]["minimo_na_area_brl"] == 4_000_000.0
    assert r.table[1]["parcela_brl"] is None and "cota do ICMS da origem em 2028 não informada" == r.table[1]["nota"]
    assert "12,5000 %" in r.reason


def test_icms_share_missing_and_errors():
    r = icms_share(None, _m(1.0, 2025), None, 2027)
    assert r.share is None and r.missing == ["valor adicionado da área (Secretaria de Estado da Economia de Goiás)"]
    with pytest.raises(CandidateError, match=r"campo 'fiscal.value_added_area': o valor adicionado da área "
                                             r"\(R\$ 300\) excede o da origem \(R\$ 200\)"):
        icms_share(_m(300, 2025), _m(200, 2025), None, 2027)
    with pytest.raises(CandidateError, match=r"campo 'fiscal.value_added_origin': encontrado 0; esperado um valor adicionado da origem > 0"):
        icms_share(_m(0, 2025), _m(0, 2025), None, 2027)
    late = icms_share(_m(1.0, 2027), _m(2.0, 2027), None, 2027)
    assert "§ 1º" in late.reason


def test_prevailing_legislation_readings():
    p = simple_profile(1, 1, 1)
    a = dataclasses.replace(p.area, label="A", revenue=fig(10_000_000.0, "BRL"),
                            population=fig(10_000, "habitantes"))
    b = dataclasses.replace(p.area, label="B", revenue=fig(6_000_000.0, "BRL"),
                            population=fig(4_000, "habitantes"))
    origins = {"5200050": a, "5200100": b}
    assert prevailing_legislation(origins, S).cod_ibge == "5200050"
    assert prevailing_legislation(origins, Settings(prevailing_legislation="per-capita")).cod_ibge == "5200100"
    assert prevailing_legislation({"5200050": a}, S).criterion == "single-origin"
    missing = prevailing_legislation({"5200050": a, "5200100": dataclasses.replace(b, revenue=None)}, S)
    assert missing.cod_ibge is None and "Falta a receita total do último exercício de: B" in missing.reason
