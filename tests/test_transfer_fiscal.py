"""The transfer's fiscal chapter (issue 29): the area's population moves, and with it each
municipality's FPM bracket, coefficient and reais; the operation declares the chapter."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from viabilidade.operations import operation_for
from viabilidade.rules.result import Basis, Figure

ROOT = Path(__file__).resolve().parents[1]
TRANSFER = ROOT / "tests" / "fixtures" / "transferencia-posse-dabadia.toml"
DRAWN = ROOT / "tests" / "fixtures" / "transferencia-faixa-abadiania.toml"
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"


def _flat(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store()


def _analyse(path, store):
    from viabilidade.profile.analysis import analyse

    return analyse(path, store=store, alternatives=False)


def test_posse_dabadia_moving_to_corumba_changes_both_brackets(store):
    """3.045 inhabitants leave Abadiânia (17.232 → 14.187: 1,2 → 1,0) for Corumbá de Goiás
    (10.562 → 13.607: 0,8 → 1,0): the state's sum (254,8) does not change, and at 2022's point
    (R$ 20,52 milhões gross) Abadiânia loses what Corumbá gains, R$ 4,10 milhões a year."""
    from viabilidade.fiscal.transfer import transfer_economy

    e = transfer_economy(_analyse(TRANSFER, store), store)
    o, d = e.origin, e.destination
    assert (o.before.label, o.before.population.value, o.after.population.value) == (
        "Abadiânia", 17232, 14187)
    assert (o.before.coefficient, o.after.coefficient) == (1.2, 1.0)
    assert (d.before.label, d.before.population.value, d.after.population.value) == (
        "Corumbá de Goiás", 10562, 13607)
    assert (d.before.coefficient, d.after.coefficient) == (0.8, 1.0)
    assert o.before.bracket == "mais de 16.980 até 23.772 habitantes"
    assert (e.total, e.total_after, e.delta, e.others_loss) == (254.8, 254.8, 0.0, 0.0)
    assert e.point.year == 2022
    assert round(o.amount_before, 2) == 24624022.69 and round(o.amount_after, 2) == 20520018.91
    assert round(d.amount_before, 2) == 16416015.13 and round(d.amount_after, 2) == 20520018.91
    assert round(o.change + d.change, 6) == 0


def test_the_chapter_says_it_in_reais_with_year_and_basis(store):
    from viabilidade.report.transfer_fiscal import transfer_fiscal_section

    text = _flat(str(transfer_fiscal_section(_analyse(TRANSFER, store), store)))
    assert text.startswith("Efeitos fiscais nos dois municípios (FPM e ICMS)")
    assert ("Abadiânia perde cerca de R$ 4,10 milhões brutos (cerca de R$ 3,28 milhões líquidos "
            "do FUNDEB) por ano (coeficiente 1,2 → 1,0); Corumbá de Goiás ganha cerca de R$ 4,10 "
            "milhões brutos (cerca de R$ 3,28 milhões líquidos do FUNDEB) por ano (coeficiente "
            "0,8 → 1,0).") in text
    assert "com a base “estimado, FPM de 2022 a preços correntes”" in text
    assert ("dividido pela soma dos coeficientes. Do valor bruto, 20 % ficam retidos para o "
            "FUNDEB (Lei nº 14.113/2020, art. 3º). Os valores “líquidos do FUNDEB” deduzem "
            "apenas essa retenção de 20 %; a contribuição do Município ao PASEP, de 1 % das "
            "transferências correntes recebidas (Lei nº 9.715/1998, arts. 2º, III, e 8º, III), "
            "não foi deduzida.") in text
    assert "A soma dos coeficientes de Goiás, 254,8 (TCU" in text
    assert "os demais Municípios do interior não são afetados" in text
    assert "14.187 habitantes (publicado)" in text and "13.607 habitantes (publicado)" in text
    assert "as cotas iguais (10 % da parcela dos Municípios" in text
    assert "os dados não trazem o valor adicionado da área" in text
    assert "se alcança a perda de população por perda de território, o estudo não decide" in text


def test_an_estimate_across_a_bracket_limit_is_not_decided(store):
    """The drawn strip's remainder, 17.014 ± 218 inhabitants, straddles 16.980: 1,0 or 1,2,
    and the chapter says neither (the sum is "na estimativa central")."""
    from viabilidade.fiscal.transfer import transfer_economy
    from viabilidade.report.transfer_fiscal import transfer_fiscal_section

    a = _analyse(DRAWN, store)
    e = transfer_economy(a, store)
    assert e.origin.coefficients_after == (1.0, 1.2)
    assert e.destination.coefficients_after == (1.4,)
    text = _flat(str(transfer_fiscal_section(a, store)))
    assert ("Abadiânia: o coeficiente depois depende da estimativa da população (17.014 ± 218 "
            "habitantes), cujo intervalo cruza o limite de uma faixa: 1,0 ou 1,2, indeterminado "
            "até a população certificada pelo IBGE") in text
    assert "Alexânia mantém o coeficiente 1,4 e o FPM" in text
    assert "Na estimativa central, a soma dos coeficientes" in text


@pytest.mark.parametrize("value, uncertainty, expected", [
    (16980, None, (1.0,)), (16981, None, (1.2,)),       # both sides of the limit
    (16990, 5, (1.2,)), (16990, 10, (1.0, 1.2)), (None, None, ())])
def test_coefficients_within_an_estimate(value, uncertainty, expected):
    from viabilidade.fiscal.transfer import coefficients_within

    f = Figure(value, "habitantes", Basis.ESTIMATED, "teste", "2022", uncertainty=uncertainty)
    assert coefficients_within(f) == expected


def test_only_the_transfer_declares_the_chapter(store):
    from viabilidade.report.transfer_fiscal import CHAPTER, transfer_fiscal_section

    assert CHAPTER in operation_for("transfer-area").chapters
    assert all(CHAPTER not in operation_for(code).chapters
               for code in ("create-municipality", "fusion", "create-district",
                            "boundary-correction"))
    assert transfer_fiscal_section(_analyse(POSSE, store), store) == ""


def test_the_deck_gives_the_transfer_its_fiscal_slide(store):
    """The deck of the transfer carries the chapter in a few points, each with its basis; a
    creation's deck has no such slide (it has its own economic one)."""
    from viabilidade.report.slides import slides_html

    deck = _flat(slides_html(_analyse(TRANSFER, store), store=store))
    assert "Efeitos fiscais nos dois municípios" in deck
    assert ("Abadiânia perde cerca de R$ 4,10 milhões brutos (cerca de R$ 3,28 milhões líquidos "
            "do FUNDEB) por ano (coeficiente 1,2 → 1,0; estimado, FPM de 2022 a preços "
            "correntes).") in deck
    assert "os demais Municípios do interior não são afetados" in deck
    creation = _flat(slides_html(_analyse(POSSE, store), store=store))
    assert "Efeitos fiscais nos dois municípios" not in creation


def test_the_other_municipalities_sentence_for_the_chapter_and_the_deck():
    """One sentence helper for the chapter (with the sums and their source) and the deck
    (without): unchanged and changed sums, "na estimativa central" when an estimate crosses a
    bracket's limit, nothing without the sums."""
    from types import SimpleNamespace as NS

    from viabilidade.report.transfer_fiscal import _others

    one, two = NS(coefficients_after=(1.0,)), NS(coefficients_after=(1.0, 1.2))
    same = NS(origin=one, destination=one, delta=0.0, total=254.8, total_after=254.8,
              others_loss=0.0, pool_source="TCU, DN nº 1/2025")
    assert _others(same, detail=True) == (
        "A soma dos coeficientes de Goiás, 254,8 (TCU, DN nº 1/2025), não muda: o que um "
        "Município perde o outro ganha, e os demais Municípios do interior não são afetados.")
    assert _others(same, detail=False) == ("A soma dos coeficientes de Goiás não muda: os demais "
                                           "Municípios do interior não são afetados.")
    moved = NS(origin=two, destination=one, delta=0.2, total=254.8, total_after=255.0,
               others_loss=0.2 / 255.0, pool_source="TCU, DN nº 1/2025")
    assert _others(moved, detail=True) == (
        "Na estimativa central, a soma dos coeficientes de Goiás passa de 254,8 (TCU, DN nº "
        "1/2025) para 255,0: cada um dos demais Municípios do interior perde 0,0784\u00a0% da sua "
        "cota do FPM.")  # the verb carries the sign ("perde +0,0784 %" before)
    assert _others(moved, detail=False) == ("Cada um dos demais Municípios do interior perde "
                                            "0,0784\u00a0% da sua cota do FPM.")
    assert _others(NS(origin=one, destination=one, delta=None, total=None), detail=False) == ""
    assert _others(NS(origin=one, destination=one, delta=0.0, total=None), detail=True) == ""
