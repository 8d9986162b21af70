"""The legal consultant's third reading (items 1, 3, 6, 7, 8, 11, 12 of review-legal3): each
finding with the exact pt-BR text, which the old text fails."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")

POSSE = "data/candidates/posse-dabadia.toml"
FUSION = "data/candidates/fusao-anhanguera-cumari.toml"
TRANSFER = "tests/fixtures/transferencia-posse-dabadia.toml"
DISTRICT = "tests/fixtures/distrito-abadiania-leste.toml"
CORRECTION = "tests/fixtures/correcao-abadiania-alexania.toml"


def _text(html: str) -> str:
    html = re.sub(r"</?(?:strong|b)\b[^>]*>", "", html)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def analysed(store):
    from viabilidade.profile.analysis import analyse

    cache = {}

    def get(path):
        if path not in cache:
            cache[path] = analyse(ROOT / path, store=store)
        return cache[path]
    return get


# ---------------------------------------------------------------- item 7

def test_item7_transfer_block_counts_the_plebiscite_in_each_municipality(analysed):
    from viabilidade.report.sections import rule_block

    block = _text(rule_block(analysed(TRANSFER).result("art7.par1")))
    assert ("Contagem do plebiscito em cada município (a contagem única é leitura "
            "alternativa)") in block
    assert "da fusão" not in block


def test_item7_fusion_quorum_is_art7_par1_by_analogy(analysed):
    from viabilidade.report.bill import _findings

    a = analysed(FUSION)
    assert a.result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I, por analogia"
    assert [r[0] for r in _findings(a)][-2:] == ["art. 7º, § 1º, I, por analogia",
                                                 "art. 7º, § 2º, por analogia"]
    # a creation and a transfer: § 1, I applies as written ("emancipada ou transferida")
    assert analysed(POSSE).result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I"
    assert analysed(TRANSFER).result("art7.par1").article == "LC 02/1990, art. 7º, § 1º, I"


def test_item7_fusion_economic_heading_is_the_effect_not_who_pays(analysed, store):
    from viabilidade.fiscal.economy import economy
    from viabilidade.report.economic import economic_section, who_pays_title

    fusion = economy(analysed(FUSION), store)
    assert who_pays_title(fusion) == "Efeito nos demais municípios do interior de Goiás"
    assert who_pays_title(economy(analysed(POSSE), store)) == (
        "Quem paga: os demais municípios do interior de Goiás")
    text = _text(economic_section(analysed(FUSION), store, figure=3))
    assert "Quem paga" not in text
    assert "Efeito nos demais municípios do interior de Goiás Com a soma dos coeficientes" in text
    assert "Efeito nos demais municípios: cada município do interior de Goiás ganha" in text


# ---------------------------------------------------------------- item 12

def test_item12_thin_margin_of_the_area_says_nothing_of_the_origin(analysed):
    from viabilidade.rules.art8 import thin_margin_warning
    from viabilidade.rules.result import RuleResult, Status

    a = analysed(POSSE)
    text = thin_margin_warning(a.results, a.settings)
    assert "depois de instalado o Município, essa perda é causa de extinção" in text
    assert "desde já" not in text
    # a remainder's thin margin: the origin is installed, exposed now
    remainder = RuleResult(rule_id="art4.par1", title="Remanescente", status=Status.PASS,
                           reason="", subject="Abadiânia (remanescente)",
                           details={"subchecks": {"IV": {"status": "pass", "valor": 3040,
                                                         "limite": 3000,
                                                         "unidade": "habitantes"}}})
    text = thin_margin_warning([remainder], a.settings)
    assert ("depois de instalado o Município (e, para o município de origem, desde já), essa "
            "perda é causa de extinção") in text


def test_item12_transfer_shows_each_municipality_roll(analysed):
    from viabilidade.report.sections import rule_block

    block = _text(rule_block(analysed(TRANSFER).result("art7.par1")))
    assert ("Eleitores do rol em cada município (leitura adotada) Abadiânia: 12.614; Corumbá de "
            "Goiás: 7.950") in block
    assert "Eleitores somados (só na leitura alternativa, de contagem única) 20.564" in block
    assert "Eleitores do rol do plebiscito" not in block


def test_item12_district_electors_not_required(analysed, store):
    from viabilidade.report.sections import area

    text = _text(area(analysed(DISTRICT), store))
    assert "Eleitores não exigido (art. 17) — —" in text
    assert not re.search(r"Eleitores \d", text)
    # a creation keeps its electors' figure
    assert re.search(r"Eleitores [\d.]+ ±", _text(area(analysed(POSSE), store)))
