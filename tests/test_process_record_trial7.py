"""Hostile trial 7's minors of the process record (issue 32, docs/ERRORS.md H7-7): a second
``proposta``, a certificate dated before its body received the request, and an ofício number
in full-width digits (``１２/２０２７``, read as 12/2027) or without its year were accepted. A
planned number's refusals are test_inputs_trial5's, with the form's other cases."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from test_process_record import POSSE, _act, _file, _kinds, _problems

from viabilidade.proposal.candidate import load_candidate
from viabilidade.proposal.record import Act
from viabilidade.report.oficios_record import planned_numbers

START = (_act("proposta", "2027-02-10", "Processo nº 1")
         + _act("requisicao-enviada", "2027-02-15", "Ofício nº 15/2027", body='"ibge"')
         + _act("requisicao-recebida", "2027-02-17", "AR", body='"ibge"'))


def test_a_second_proposal_is_refused_naming_both_lines(tmp_path):
    p = _file(tmp_path, START + _act("proposta", "2027-03-01", "Processo nº 2"))
    k = _kinds(p)
    assert [x for x in _problems(p) if "proposta" in x] == [
        f"{p}, linha {k[3]}, campo 'process.events': segunda proposta no registro (a primeira: "
        f"linha {k[0]}); esperada uma só: um registro é um processo, e uma nova proposta da "
        "mesma criação é outro processo, num arquivo de candidatura próprio"]


def test_one_proposal_and_a_planned_one_are_read(tmp_path):
    c = load_candidate(_file(tmp_path, START + _act("proposta", "2027-12-01", "Processo nº 2",
                                                    planned="true")))
    assert [(a.kind, a.planned) for a in c.events if a.kind == "proposta"] == [
        ("proposta", False), ("proposta", True)]


@pytest.mark.parametrize("date, refused", [("2027-02-16", True), ("2027-02-17", False)])
def test_a_certificate_before_its_bodys_receipt_is_refused_naming_both_lines(tmp_path, date,
                                                                             refused):
    p = _file(tmp_path, START + _act("certidao", date, "Ofício nº 101/2027", body='"ibge"')
              + "[process.events.figures]\npopulation = 3102\n")
    if not refused:
        assert [a.date for a in load_candidate(p).events if a.kind == "certidao"] == [
            dt.date(2027, 2, 17)]
        return
    k = _kinds(p)
    assert [x for x in _problems(p) if "certidão" in x] == [
        f"{p}, linha {k[3]}, campo 'process.events': certidão do IBGE em 16/02/2027, antes do "
        f"recebimento da requisição (17/02/2027, linha {k[2]}); esperada a certidão no dia do "
        "recebimento ou depois"]


def test_a_full_width_number_is_the_same_oficio_as_its_ascii_twin(tmp_path):
    p = _file(tmp_path, START + _act("requisicao-enviada", "2027-02-16", "Ofício nº １５/２０２７",
                                     body='"cartorio-eleitoral"'))
    k = _kinds(p)
    assert [x for x in _problems(p) if "número de ofício" in x] == [
        f"{p}, linha {k[3]}, campo 'process.events': o documento 'Ofício nº １５/２０２７' já é a "
        f"requisição enviada ao IBGE (linha {k[1]}); esperado um número de ofício por "
        "destinatário"]


def test_a_planned_number_in_ascii_digits_is_taken():
    """The other side of test_inputs_trial5's full-width and yearless numbers, refused."""
    c = load_candidate(POSSE)
    planned = Act("requisicao-enviada", dt.date(2027, 3, 1), "Ofício nº 12/2027",
                  body="sefaz-go", planned=True, line=40)
    assert planned_numbers(dataclasses.replace(c, events=(planned,)), ["sefaz-go"], 2027) == {
        "sefaz-go": (12, "")}
