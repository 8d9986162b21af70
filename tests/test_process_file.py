"""The proposal's file (`viabilidade processo`, report/process_file.py): the dated acts of
[[process.events]], the phase, the next steps with their deadlines under LC 02/1990, and the
study's calendar reading the same events."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.proposal.record import Act as ProcessEvent
from viabilidade.operations import operation_of
from viabilidade.cli import main
from viabilidade.errors import CandidateError
from viabilidade.report.process_file import process_state, state_lines
from viabilidade.rules import calendar
from viabilidade.rules.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml"
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
DISTRICT = ROOT / "tests" / "fixtures" / "distrito-abadiania-leste.toml"


def test_events_are_read_sorted_with_their_documents():
    c = load_candidate(FILE)
    assert [e.kind for e in c.events][:2] == ["proposta", "requisicao-enviada"]
    assert c.events[0] == ProcessEvent("proposta", dt.date(2027, 2, 10), "Processo nº 2027/000123, "
                                       "protocolo da Assembleia Legislativa")
    assert c.events[-1].kind == "certidao" and c.events[-1].body == "cartorio-eleitoral"


def test_phase_and_the_60_days_from_receipt():
    c = load_candidate(FILE)
    s = process_state(c, dt.date(2027, 4, 1))
    assert s.phase == "instrução: requisições do art. 4º, § 3º"
    # IBGE received on 17/02/2027: the 60th day is Sunday 18/04/2027, so Monday 19/04/2027.
    assert [(x.what, x.deadline) for x in s.steps] == [
        ("resposta do IBGE", dt.date(2027, 4, 19)),
        ("registrar a data de recebimento da requisição da SEFAZ-GO", None)]
    lines = state_lines(c, s, dt.date(2027, 4, 20))
    assert lines[:3] == ["Processo: criação do Município de Posse d'Abadia",
                         "Vedação: a criação está vedada enquanto não editada a lei complementar "
                         "federal (CF, art. 18, § 4º).",
                         "Fase: instrução: requisições do art. 4º, § 3º"]
    assert not any("art. 5º, § 1º" in line for line in lines)  # a creation's proposal: art. 2º
    assert ("  - resposta do IBGE: até 19 de abril de 2027 (art. 4º, § 3º; 60 dias do "
            "recebimento, em 17/02/2027) — prazo vencido") in lines


def test_the_signers_registration_is_labelled_the_art_2_certificate():
    """Legal review 15:44, item 11: the certified file's Certidão nº 3/2027 (signers'
    registration, ``registered_signers``) is the certificate of art. 2º, not an art. 4º, § 2º
    figure; the Cartório's Certidão nº 12/2027 (electors of the area) still is."""
    c = load_candidate(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml")
    lines = state_lines(c, process_state(c, dt.date(2027, 6, 1)), dt.date(2027, 6, 1))
    assert ("  12/01/2027  certidão de inscrição eleitoral dos signatários da representação "
            "(art. 2º) — Cartório Eleitoral — Certidão nº 3/2027 — 87ª Zona Eleitoral (inscrição "
            "dos signatários da representação) (hipótese da simulação, ato datado depois de hoje)"
            ) in lines
    assert ("  22/02/2027  informação ou certidão do órgão recebida (art. 4º, § 2º) — Cartório "
            "Eleitoral — Certidão nº 12/2027 — 87ª Zona Eleitoral (hipótese da simulação, ato "
            "datado depois de hoje)") in lines
    both = ProcessEvent("certidao", dt.date(2027, 1, 12), "Certidão nº 3/2027",
                        body="cartorio-eleitoral", figures={"registered_signers": 398, "electors": 2054})
    assert both.label == ("certidão de inscrição eleitoral dos signatários (art. 2º) e "
                          "informação do órgão (art. 4º, § 2º) — Cartório Eleitoral")


def test_the_study_calendar_reads_the_same_events():
    c = load_candidate(FILE)
    rows = calendar.timeline(c, Settings(study_date="2027-04-01"), phases=operation_of(c).phases)
    assert rows[0] == {"evento": "proposta do deputado, com a representação dos eleitores — "
                                 "Processo nº 2027/000123, protocolo da Assembleia Legislativa "
                                 "(hipótese da simulação, ato datado depois de hoje)",
                       "data": "2027-02-10", "artigo": ""}
    due = [r for r in rows if r["evento"].startswith("Prazo de resposta do IBGE")]
    assert due == [{"evento": "Prazo de resposta do IBGE: 60 dias do recebimento, em 17/02/2027",
                    "data": "2027-04-19", "artigo": "art. 4º, § 3º"}]
    assert not any(r["evento"].startswith("Prazo de resposta do Cartório") for r in rows)


def _with(c, *events):
    return dataclasses.replace(c, events=tuple(ProcessEvent(k, d, "doc") for k, d in events))


def test_after_the_plebiscite_the_election_year_rule(monkeypatch):
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-10-10")  # the plebiscite of 03/10/2027 held (legal11 S3)
    c = load_candidate(POSSE)
    c = _with(c, ("proposta", dt.date(2027, 2, 10)), ("parecer", dt.date(2027, 6, 1)),
              ("decreto-legislativo", dt.date(2027, 7, 1)),
              ("resultado-plebiscito", dt.date(2027, 10, 3)))
    s = process_state(c, dt.date(2027, 10, 10))
    assert s.phase == ("plebiscito realizado — sem efeito (sem a lei complementar federal; TSE, "
                       "PA 0602003-69)")
    # a void plebiscite is followed by no law of creation (legal review item 4)
    assert [x.what for x in s.steps][-1] == "edição da lei complementar federal"
    assert "lei de criação" not in [x.what for x in s.steps]
    # under the federal_law hypothesis the consultation, held before that law and the study,
    # is "sem efeito" too and must be held again: no law of creation follows it (legal review
    # 15:44, item 1: "processo" gave "plebiscito realizado" and "lei de criação … 2027")
    c = dataclasses.replace(c, settings={**c.settings, "federal_law": "plp-137-2015"})
    s = process_state(c, dt.date(2027, 10, 10))
    assert s.phase == ("plebiscito realizado — sem efeito (anterior à lei complementar federal e "
                       "a este estudo; a consulta terá de ser feita de novo)")
    assert [(x.what, x.note) for x in s.steps][-1] == (
        "novo plebiscito, na hipótese da lei complementar federal suposta",
        "o plebiscito registrado foi feito antes dessa lei e deste estudo e está sem efeito: a "
        "consulta terá de ser feita de novo, no período que a lei complementar federal fixar e "
        "depois da divulgação dos Estudos de Viabilidade Municipal; só depois dela, a lei de "
        "criação")
    assert "lei de criação" not in [x.what for x in s.steps]
    # the law's election-year rule (the step of a law not preceded by a plebiscite)
    from viabilidade.report.process_file import _law_step

    assert _law_step(dt.date(2027, 10, 10)).note == (
        "feita em 2027, instalação em 1º/01/2029; 2028 é ano de eleições municipais, em que "
        "nenhum Município pode ser criado")
    assert _law_step(dt.date(2028, 2, 1)).note == (
        "2028 é ano de eleições municipais: nenhum Município pode ser criado nele; a lei só a "
        "partir de 1º/01/2029")


def test_after_the_law_installation_books_and_servants():
    c = _with(load_candidate(POSSE), ("proposta", dt.date(2027, 2, 10)),
              ("lei", dt.date(2027, 12, 20)))
    s = process_state(c, dt.date(2028, 1, 10))
    assert s.phase == "lei publicada"
    assert [(x.what, x.deadline, x.article) for x in s.steps] == [
        ("eleição municipal de 2028", None, "art. 9º"),
        ("instalação, com a posse do Prefeito, do Vice-Prefeito e dos Vereadores",
         dt.date(2029, 1, 1), "art. 9º"),
        ("envio dos livros pelo Município de origem", dt.date(2029, 1, 16), "art. 14, § 3º"),
        ("fim do prazo de opção dos servidores", dt.date(2029, 4, 1), "art. 12")]
    # The calendar's creation year is the recorded law's.
    assert calendar.creation_year(c, Settings())[0] == 2027


def test_a_district_after_its_municipal_law():
    c = _with(load_candidate(DISTRICT), ("lei", dt.date(2027, 3, 1)))
    s = process_state(c, dt.date(2027, 3, 2))
    assert [(x.what, x.deadline, x.article) for x in s.steps] == [
        ("instalação do distrito pelo Prefeito, em solenidade por ele presidida",
         dt.date(2027, 8, 28), "art. 20")]
    rows = calendar.timeline(c, Settings(study_date="2027-03-02"), phases=operation_of(c).phases)
    assert rows[-1]["data"] == "2027-08-28"
    # before the law's date the law has not happened: no deadline yet
    rows = calendar.timeline(c, Settings(study_date="2027-02-28"), phases=operation_of(c).phases)
    assert rows[-1]["data"] is None


def test_bad_events_are_named(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text(POSSE.read_text(encoding="utf-8") + '''
[[process.events]]
kind = "sentenca"
date = 2027-02-10
document = "x"

[[process.events]]
kind = "certidao"
date = 2027-02-10
document = "y"

[[process.events]]
kind = "parecer"
date = 2027-02-10
''', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    text = "\n".join(e.value.lines)
    assert ("campo 'process.events[1].kind': encontrado 'sentenca'; esperado um de proposta, "
            "requisicao-enviada") in text
    assert ("campo 'process.events[2].body': ausente; esperado um de ibge, "
            "cartorio-eleitoral, sefaz-go (o órgão de 'certidao')") in text
    assert "campo 'process.events[3].document': campo obrigatório ausente" in text


def test_cli(capsys):
    assert main(["processo", str(FILE), "--data-referencia", "2027-04-01"]) == 0
    out = capsys.readouterr().out
    assert "Fase: instrução: requisições do art. 4º, § 3º" in out
    assert "resposta do IBGE: até 19 de abril de 2027" in out


def test_the_batch_index_has_a_phase_column():
    from viabilidade.batch.index import render_index, results_frame

    rec = {"slug": "a", "name": "Alfa", "operation": "create-municipality", "candidate": "/x/a.toml",
           "status": "ok", "verdict": "indeterminado", "phase": "proposta apresentada",
           "rules": {"art4.IV": "pass"}, "folder": "a", "files": {}, "error": None}
    page = render_index([rec], "lote")
    assert "<th>Conclusão</th><th>Fase</th>" in page
    assert "<td>proposta apresentada</td>" in page
    assert results_frame([rec])["fase"].iloc[0] == "proposta apresentada"


def test_resultados_json_carries_the_phase():
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import RESULTS_MIME, results_bundle

    from viabilidade.rules.settings import Settings

    payload = results_bundle(analyse(FILE, settings=Settings(study_date="2027-04-01")))[RESULTS_MIME]
    assert payload["fase"] == "instrução: requisições do art. 4º, § 3º"


def test_cli_refuses_a_bad_reference_date(capsys):
    assert main(["processo", str(FILE), "--data-referencia", "01/04/2027"]) == 2
    assert ("erro: --data-referencia: encontrado '01/04/2027'; esperada uma data válida no "
            "formato AAAA-MM-DD (p. ex. 2027-01-30)") in capsys.readouterr().err


def test_processo_checks_the_codes_as_estudo_does(tmp_path, capsys):
    """The batch analyst: ``processo`` printed the calendar of a candidate whose district
    code is in no table; it now refuses it with estudo's words (exit 2)."""
    bad = tmp_path / "codigo.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").replace('"520010010"', '"520010099"'),
                   encoding="utf-8")
    assert main(["processo", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"erro: {bad}, linha 10, campo 'area.districts[0]': código IBGE de distrito "
        "desconhecido '520010099': não está entre os 327 distritos de Goiás (IBGE DTB 2022); "
        "esperado o código de um distrito goiano")
