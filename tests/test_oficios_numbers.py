"""One numbering of the ofícios (legal item 8): the process fixture's record cites, for each
request sent, the number the `oficios` tool gives the same letter."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
FIXTURE = ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"


@pytest.mark.skipif(not (STORE / "manifest.json").exists(), reason="processed store not built")
def test_the_record_cites_the_numbers_the_tool_gives():
    from viabilidade.data.store import load_store
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.report.oficios import build_requests, numbering, oficio_number
    from viabilidade.report.oficios_settings import OficiosSettings

    c = load_candidate(FIXTURE)
    sent = {a.body: a for a in c.events if a.kind == "requisicao-enviada"}
    date = sent["ibge"].date
    assert date == dt.date(2027, 2, 15) and {a.date for a in sent.values()} == {date}
    settings = OficiosSettings.from_toml(SETTINGS)
    numbers = numbering(build_requests(c, load_store(STORE), date, settings), settings)
    tool = {key: oficio_number(n, date, sigla) for key, (n, sigla) in numbers.items()}
    assert tool == {"ibge": "Ofício nº 15/2027/CCJR-ALEGO",
                    "cartorio-eleitoral": "Ofício nº 16/2027/CCJR-ALEGO",
                    "sefaz-go": "Ofício nº 402/2027/GP-ALEGO",  # the Presidency's series
                    "prefeitura-abadiania": "Ofício nº 17/2027/CCJR-ALEGO",
                    "camara-abadiania": "Ofício nº 18/2027/CCJR-ALEGO"}
    assert {body: act.document for body, act in sent.items()} == {
        body: tool[body] for body in sent}
    # the receipt of the IBGE's request cites the same letter
    received = next(a for a in c.events if a.kind == "requisicao-recebida" and a.body == "ibge")
    assert received.document.endswith(tool["ibge"])


@pytest.mark.skipif(not (STORE / "manifest.json").exists(), reason="processed store not built")
def test_the_certified_record_and_its_letters_share_one_series():
    """Final legal read, item 13: the certified fixture's record cited 'Ofício nº
    10/2027-CCJR' … while the letters the tool wrote were 17 and 18/2027/CCJR-ALEGO (15 and
    16 skipped, another sigla). The record now cites the tool's numbers, so the letters still
    to write (Prefeitura, Câmara) follow the sent ones with no gap and one sigla."""
    from viabilidade.data.store import load_store
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.report.oficios import build_requests, numbering, oficio_number
    from viabilidade.report.oficios_settings import OficiosSettings

    c = load_candidate(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml")
    sent = {a.body: a.document for a in c.events if a.kind == "requisicao-enviada"}
    settings = OficiosSettings.from_toml(SETTINGS)
    date = c.request_date
    numbers = numbering(build_requests(c, load_store(STORE), date, settings), settings)
    tool = {key: oficio_number(n, date, sigla) for key, (n, sigla) in numbers.items()}
    assert sent == {body: tool[body] for body in sent} == {
        "ibge": "Ofício nº 15/2027/CCJR-ALEGO", "cartorio-eleitoral": "Ofício nº 16/2027/CCJR-ALEGO",
        "sefaz-go": "Ofício nº 402/2027/GP-ALEGO"}
    committee = sorted(n for key, (n, sigla) in numbers.items() if sigla == settings.sigla)
    assert committee == [15, 16, 17, 18]   # consecutive: the two letters left are 17 and 18
    assert {sigla for key, (n, sigla) in numbers.items() if key != "sefaz-go"} == {"CCJR-ALEGO"}
