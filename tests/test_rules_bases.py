"""Bases that say what a figure is (issue 19, item 1): a published table is ``publicado``,
only a certificate of ``[certified]`` is ``certificado`` (real Censo 2022 / TSE 2022 figures
from the committed store)."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.candidate import MoneyFigure, load_candidate
from viabilidade.data.store import load_store
from viabilidade.profile import build_profile
from viabilidade.rules import Settings
from viabilidade.rules.art2 import art2
from viabilidade.rules.common import money_figure
from viabilidade.rules.result import Basis, weakest

from test_rules_fixtures import candidate

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"


@pytest.fixture(scope="module")
def store():
    return load_store()


def test_posse_dabadia_figures_are_published_not_certified(store):
    p = build_profile(load_candidate(POSSE), store, Settings())
    assert (p.area.population.value, p.area.population.basis) == (3045, Basis.PUBLISHED)
    assert (p.area.area_km2.value, p.area.area_km2.basis) == (pytest.approx(301.761, abs=1e-3),
                                                              Basis.PUBLISHED)
    rem = p.remainders["5200100"]
    assert (rem.population.value, rem.population.basis) == (14187, Basis.PUBLISHED)
    origin = p.origins["5200100"]
    assert (origin.electors.value, origin.electors.basis) == (10812, Basis.PUBLISHED)  # TSE 2022
    assert p.state_tax_revenue.basis == Basis.PUBLISHED and p.state_tax_revenue.vintage == "2023"
    assert p.area.collection.value is None and p.area.collection.basis != Basis.CERTIFIED


def test_only_the_certificates_are_certified(store):
    p = build_profile(load_candidate(CERTIFIED), store, Settings())
    assert (p.area.population.value, p.area.population.basis) == (3102, Basis.CERTIFIED)
    assert p.area.population.source == ("IBGE, Ofício nº 101/2027 — Superintendência Estadual "
                                        "do IBGE em Goiás, de 10/03/2027")
    assert (p.area.electors.value, p.area.electors.basis) == (2054, Basis.CERTIFIED)
    assert p.area.area_km2.basis == Basis.PUBLISHED  # no certificate of the area in km²
    assert p.remainders["5200100"].population.basis == Basis.CERTIFIED


def test_money_of_fiscal_is_published_of_certified_is_certified():
    fiscal = MoneyFigure(2_760_601.80, 2022, "SEFAZ-GO, arrecadação por município 2022")
    cert = MoneyFigure(3_150_000.0, 2023, "SEFAZ-GO, Ofício nº 77/2027, de 01/03/2027",
                       certificate=True)
    assert money_figure(fiscal).basis == Basis.PUBLISHED
    assert money_figure(cert).basis == Basis.CERTIFIED
    assert load_candidate(CERTIFIED).collection.certificate is True


def test_weakest_basis_of_a_sum():
    assert weakest([Basis.CERTIFIED, Basis.CERTIFIED]) == Basis.CERTIFIED
    assert weakest([Basis.CERTIFIED, Basis.PUBLISHED]) == Basis.PUBLISHED
    assert weakest(["published", "measured"]) == Basis.PUBLISHED
    assert weakest([Basis.MEASURED, Basis.CERTIFIED]) == Basis.MEASURED
    assert weakest([Basis.CERTIFIED, Basis.ESTIMATED, Basis.PUBLISHED]) == Basis.ESTIMATED
    assert weakest([None, ""]) is None


def test_petition_signatures_claim_no_basis():
    r = art2(candidate(petition_signatures=412), Settings())
    assert (r.value, r.status, r.basis) == (412, "pass", None)
