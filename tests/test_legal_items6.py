"""The legal consultant's items left open by the last session (issue 29, "After the stop
request"): a study dated after today, and what the rules decide on."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def certified(store):
    from viabilidade.profile.analysis import analyse

    return analyse(CERTIFIED, store=store)  # its own study date: 01/06/2027


# --- item 2: a study dated after today is a simulation ----------------------------------------

@needs_store
def test_a_study_dated_after_today_is_a_simulation(certified):
    """The certified fixture is dated 01/06/2027; on 01/12/2026 (the clock the tests fix,
    VIABILIDADE_HOJE) it is a simulation, and its 12 acts, all of 2027, do not exist yet."""
    from viabilidade.report.findings import simulation

    sim = simulation(certified, dt.date(2026, 12, 1))
    assert sim == {
        "data_referencia": "2027-06-01", "hoje": "2026-12-01", "atos_futuros": 12,
        "resumo": "a data de referência deste estudo (01/06/2027) é posterior à data de hoje "
                  "(01/12/2026)",
        "detalhe": "12 atos do registro são datados depois de hoje: ainda não existem, e o estudo "
                   "os lê como hipótese da simulação, não como documento declarado.",
        "texto": "Simulação: a data de referência deste estudo (01/06/2027) é posterior à data "
                 "de hoje (01/12/2026). 12 atos do registro são datados depois de hoje: ainda não "
                 "existem, e o estudo os lê como hipótese da simulação, não como documento "
                 "declarado."}
    # both sides: the day before the study date it is still one (no act after that day) …
    sim = simulation(certified, dt.date(2027, 5, 31))
    assert (sim["atos_futuros"], sim["detalhe"]) == (0, "")
    assert sim["texto"] == ("Simulação: a data de referência deste estudo (01/06/2027) é "
                            "posterior à data de hoje (31/05/2027).")
    # … on the study date itself, and after it, it is a study
    assert simulation(certified, dt.date(2027, 6, 1)) is None
    assert simulation(certified, dt.date(2027, 6, 2)) is None


@needs_store
def test_the_cover_and_the_findings_say_it_is_a_simulation(certified):
    from viabilidade.common.plausibility import today
    from viabilidade.report import sections
    from viabilidade.report.findings import SIMULATION_TITLE, findings

    assert today() == dt.date(2026, 12, 1)  # conftest: VIABILIDADE_HOJE, not the machine clock
    cover = html.unescape(re.sub(r"<[^>]+>", " ", str(sections.cover(certified, dt.date(2027, 6, 1)))))
    cover = re.sub(r"\s+", " ", cover)
    assert ("1º de junho de 2027 — Simulação: a data de referência deste estudo (01/06/2027) é "
            "posterior à data de hoje (01/12/2026). 12 atos do registro são datados depois de "
            "hoje") in cover
    first = findings(certified).items[0]
    assert (first.kind, first.title) == ("simulacao", SIMULATION_TITLE)


def test_the_clock_reads_viabilidade_hoje(monkeypatch):
    from viabilidade.common import plausibility

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-07-01")
    assert plausibility.today() == dt.date(2027, 7, 1)
    monkeypatch.setenv("VIABILIDADE_HOJE", "amanhã")  # not a date: the machine clock
    assert plausibility.today() == dt.date.today()


# --- item 4: a SEFAZ-GO requisition numbered in a committee's series ------------------------

def test_a_sefaz_request_in_a_committees_series_gets_a_notice(tmp_path):
    """Art. 4 § 3 and CF art. 50 § 2 (by symmetry): the Presidency requisitions from a
    Secretário de Estado. The certified fixture's requisition, renumbered 'Ofício nº
    12/2027-CCJR', is the committee's; the process fixture's (and the certified fixture's own)
    'Ofício nº 402/2027/GP-ALEGO' is the Presidency's (no notice)."""
    from viabilidade.proposal.candidate import load_candidate

    text = CERTIFIED.read_text(encoding="utf-8")
    assert text.count('"Ofício nº 402/2027/GP-ALEGO"') == 1
    committee = tmp_path / CERTIFIED.name
    committee.write_text(text.replace('"Ofício nº 402/2027/GP-ALEGO"', '"Ofício nº 12/2027-CCJR"'),
                         encoding="utf-8")
    notices = [n for n in load_candidate(committee).notices if "SEFAZ-GO" in n]
    assert notices == [
        "requisição à SEFAZ-GO (linha 61, Ofício nº 12/2027-CCJR) numerada na série de uma "
        "comissão: a requisição a Secretário de Estado é feita pela Mesa da Assembleia e "
        "assinada pelo seu Presidente (art. 4º, § 3º; Constituição do Estado, art. 9º, § 3º, a "
        "confirmar com a Procuradoria); confira quem a assinou"]
    assert not [n for n in load_candidate(CERTIFIED).notices if "série de uma comissão" in n]
    process = load_candidate(ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml")
    assert not [n for n in process.notices if "série de uma comissão" in n]
