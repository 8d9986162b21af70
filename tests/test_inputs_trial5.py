"""Inputs other than raw data after hostile trial 5 of issue 32 (docs/ERRORS.md, H5-5): an
upload name holding a bidi override is shown escaped; an ofício number the record of acts
gives a planned letter is bounded in form and range."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest

from viabilidade.errors import CandidateError, GeoError
from viabilidade.proposal.candidate import load_candidate
from viabilidade.proposal.record import Act
from viabilidade.report.oficios_record import planned_numbers

POSSE = Path(__file__).resolve().parents[1] / "data" / "candidates" / "posse-dabadia.toml"


def test_an_upload_name_with_a_bidi_override_is_refused_with_the_character_escaped(tmp_path):
    from viabilidade.explore.files import store_upload

    with pytest.raises(GeoError) as e:
        store_upload("area\u202egpj.geojson", b"{}", tmp_path / "salvos")
    assert str(e.value) == (
        "area\\u202egpj.geojson: o nome do arquivo não serve: encontrado o caractere de direção "
        "de texto U+202E (RIGHT-TO-LEFT OVERRIDE) na posição 5; esperado um nome de arquivo sem "
        "caracteres de controle nem de direção de texto (U+202A–U+202E, U+2066–U+2069); "
        "renomeie o arquivo (letras, números, espaços, hífens, pontos)")
    assert "\u202e" not in str(e.value)
    assert not (tmp_path / "salvos").exists()


@pytest.mark.parametrize("document", ["Ofício nº 0/2027/CCJR", "Ofício nº 123456/2027",
                                      "Ofício nº 10/2027/ccjr", "Ofício nº dez/2027",
                                      "Ofício nº 10/2027/" + "A" * 41,
                                      # hostile trial 7 (H7-7): full-width digits, read as
                                      # 12/2027 before; no year, or a two-digit one
                                      "Ofício nº １２/２０２７", "Ofício nº 12", "Ofício nº 12/27"])
def test_a_planned_oficio_number_out_of_form_or_range_is_refused_with_its_line(document):
    c = load_candidate(POSSE)
    planned = Act("requisicao-enviada", dt.date(2027, 1, 15), document, body="ibge",
                  planned=True, line=20)
    with pytest.raises(CandidateError) as e:
        planned_numbers(dataclasses.replace(c, events=(planned,)), ["ibge"], 2027)
    assert str(e.value) == (
        f"{POSSE}, campo 'process.events': o registro de atos (linha 20) dá ao ofício ao IBGE o "
        f"número {document!r}; esperado 'Ofício nº <número de 1 a 99.999>/<ano>', seguido, se "
        "houver, da sigla (até 40 caracteres, letras maiúsculas e algarismos, partes unidas por "
        "hífen), p. ex. 'Ofício nº 10/2027/CCJR-ALEGO'")


def test_planned_oficio_numbers_at_the_bounds_are_taken():
    c = load_candidate(POSSE)
    acts = (Act("requisicao-enviada", dt.date(2027, 1, 15), "Ofício nº 1/2027", body="ibge",
                planned=True, line=20),
            Act("requisicao-enviada", dt.date(2027, 1, 15), "Ofício nº 99999/2027/" + "A" * 40,
                body="cartorio-eleitoral", planned=True, line=26),
            Act("requisicao-enviada", dt.date(2027, 1, 15), "Requisição da Mesa",
                body="sefaz-go", planned=True, line=32))
    assert planned_numbers(dataclasses.replace(c, events=acts),
                           ["ibge", "cartorio-eleitoral", "sefaz-go"], 2027) == {
        "ibge": (1, ""), "cartorio-eleitoral": (99_999, "A" * 40)}


def test_a_long_value_in_the_candidate_file_is_quoted_in_eighty_characters(tmp_path):
    """Issue 32, hostile trial 5 (H5-3): every echo of a value typed in a file goes through
    ``common.text.quoted``; a 100.000-digit code gave a 100.427-character message."""
    p = tmp_path / "longo.toml"
    p.write_text('operation = "create-municipality"\nname = "Teste"\n[area]\nmunicipalities = ["'
                 + "9" * 100_000 + '"]\n[origin]\nmunicipalities = ["5200100"]\n',
                 encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert str(e.value) == (
        f"{p}, linha 4, campo 'area.municipalities[0]': encontrado '{'9' * 80}'… (100.000 "
        "caracteres); esperado um código IBGE de município com 7 algarismos começando por 52 "
        "(Goiás), p. ex. \"5200100\"")
