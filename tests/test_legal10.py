"""Legal10: what the Assembly's consultant read in the certified study (every act of the
record dated 2027, after today, VIABILIDADE_HOJE = 2026-12-01 by conftest): a value of an act
dated after today reads "hipótese da simulação" wherever its basis is printed, through the one
label function (:func:`viabilidade.report.writers.format.basis_label`)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from pathlib import Path

import pytest

from viabilidade.data.store import load_store
from viabilidade.report.writers import format as fmt
from viabilidade.rules.result import SIMULATED

ROOT = Path(__file__).resolve().parents[1]
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"


@pytest.fixture(scope="module")
def certified():
    from viabilidade.profile.analysis import analyse

    return analyse(CERTIFIED, store=load_store())


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", str(html))).split())


def test_the_basis_label_of_a_figure_of_an_act_dated_after_today():
    """S2: one function words a figure's basis with its note."""
    assert fmt.basis_label("declared", 3102, f"valor de ato; {SIMULATED}") == "hipótese da simulação"
    assert fmt.basis_label("declared", 3102, "valor de documento declarado") == "documento declarado"
    assert fmt.basis_label("published", 3102, SIMULATED) == "publicado"
    assert fmt.basis_label("declared", None, SIMULATED) == "sem dado"


def test_the_remainder_and_the_figures_tables_read_the_simulation(certified):
    """S2: p.3 Quadro 1 and p.11 said "14.130 habitantes (documento declarado)" for the
    remainder left indeterminate by item III; the figures' tables (p.8, p.10) "documento
    declarado" for 2027 letters; resultados.json ``basis: "declared"`` with no mark."""
    from viabilidade.report import sections

    by_id = {r.rule_id: r for r in certified.results}
    par1 = by_id["art4.par1"]
    assert fmt.result_basis_label(par1, par1.value) == "hipótese da simulação"
    assert par1.to_dict()["simulated"] is True
    assert "simulated" not in by_id["art4.III"].to_dict()
    block = _text(sections.rule_block(par1))
    assert "Base do valor hipótese da simulação" in block
    vii = _text(sections.rule_block(by_id["art4.VII"]))
    assert "Base da receita estadual hipótese da simulação" in vii
    table = _text(sections.unit_table(certified.profile.area))
    assert ("População 3.102 habitantes hipótese da simulação IBGE, Ofício nº 101/2027 — "
            "Superintendência Estadual do IBGE em Goiás, de 10/03/2027 (10/03/2027) valor de ato "
            "datado depois de hoje (população, art. 4º, IV, e § 2º); hipótese da simulação "
            "(ato futuro)") in table
    assert "documento declarado" not in table


def test_the_coefficient_names_the_population_as_a_hypothesis(certified):
    """S2, p.15: "população de 3.102 habitantes, documento declarado"."""
    from viabilidade.report.economic import economic_section

    text = _text(economic_section(certified, load_store()))
    assert ("Coeficiente do novo município 0,6 (até 10.188 habitantes; população de 3.102 "
            "habitantes, hipótese da simulação)") in text


def test_an_act_dated_after_today_has_no_original_to_check():
    """S2, p.12: every 2027 act read "(documento declarado, a conferir com o original)"; an act
    dated on or before today keeps it."""
    from viabilidade.proposal.record import DECLARED_PROOF, SIMULATED_PROOF, Act

    assert SIMULATED_PROOF == "hipótese da simulação, ato datado depois de hoje"
    fields = {f for f in Act.__dataclass_fields__}
    base = {k: None for k in fields}
    later = Act.__new__(Act)
    earlier = Act.__new__(Act)
    for a, day in ((later, dt.date(2027, 1, 12)), (earlier, dt.date(2026, 11, 30))):
        for k, v in base.items():
            object.__setattr__(a, k, v)
        object.__setattr__(a, "date", day)
    assert later.proof == SIMULATED_PROOF
    assert earlier.proof == DECLARED_PROOF == "documento declarado, a conferir com o original"


def test_no_basis_without_a_measure(certified):
    """M2: "art. 4º, III — (medido)" where the continuity could not be measured (no area
    polygon): neither the result, its row in § 1's table nor resultados.json gives a basis."""
    from viabilidade.report import sections

    by_id = {r.rule_id: r for r in certified.results}
    iii = by_id["art4.III"]
    assert (iii.status, iii.value, iii.basis, iii.to_dict()["basis"]) == (
        "indeterminate", None, None, None)
    par1 = by_id["art4.par1"]
    assert par1.details["subchecks"]["III"]["base"] == ""
    block = _text(sections.rule_block(par1))
    assert "art. 4º, III — — indeterminado Abadiânia (remanescente): sem polígono" in block
    assert "(medido)" not in block
    assert fmt.basis_label("measured", None) == "sem dado"
