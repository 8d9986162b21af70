"""The proposed seat's name against the IBGE names of the area (fixbatch item 1): a typo of
the seat (``Pau Tera``) is an error naming the close name; a name close to none is a notice
that ``estudo`` prints and the batch index shows; an existing name passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.cli.commands import main
from viabilidade.data.store import load_store
from viabilidade.errors import CandidateError
from viabilidade.profile.build import check_candidate
from viabilidade.profile.seat_name import area_names
from viabilidade.proposal.candidate import load_candidate

#: What `viabilidade novo "Pau Terra"` writes (seat on line 7).
PAU_TERRA = '''# Candidato: o distrito Pau Terra (IBGE 522160120), de Uruaçu (5221601),
# como novo município pela LC 02/1990 (arts. 1º a 4º).
# Escrito por `viabilidade novo`; guia dos campos: docs/GUIA.md.
slug = "pau-terra"
operation = "create-municipality"
name = "Pau Terra"
seat = "Pau Terra"

[area]
districts = ["522160120"]

[origin]
municipalities = ["5221601"]

[special_interest]
declared = false
'''


@pytest.fixture(scope="module")
def store():
    return load_store(None)


def _file(tmp_path: Path, seat_line: str) -> Path:
    p = tmp_path / "pau-terra.toml"
    p.write_text(PAU_TERRA.replace('seat = "Pau Terra"', seat_line), encoding="utf-8")
    return p


def test_area_names_are_the_districts_and_vilas_of_the_area(store, tmp_path):
    assert area_names(load_candidate(_file(tmp_path, 'seat = "Pau Terra"')), store) == ["Pau Terra"]


def test_the_seat_named_as_the_ibge_names_it_passes(store, tmp_path):
    for seat in ('seat = "Pau Terra"', 'seat = "PAU  TERRA"', ""):   # no seat: the name
        assert check_candidate(load_candidate(_file(tmp_path, seat)), store) == []


def test_a_misspelled_seat_is_an_error_with_the_close_name(store, tmp_path):
    p = _file(tmp_path, 'seat = "Pau Tera"')
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert str(e.value) == (f"{p}, linha 7, campo 'seat': 'Pau Tera' não é nome de distrito nem "
                            "de localidade da área (IBGE); nome parecido: Pau Terra")


def test_estudo_refuses_the_misspelled_seat_before_writing(tmp_path, capsys):
    p = _file(tmp_path, 'seat = "Pau Tera"')
    assert main(["estudo", str(p), "--saida", str(tmp_path / "out")]) != 0
    err = capsys.readouterr().err
    assert "linha 7, campo 'seat': 'Pau Tera' não é nome de distrito nem de localidade da área " \
           "(IBGE); nome parecido: Pau Terra" in err
    assert not (tmp_path / "out" / "pau-terra").exists()


def test_a_new_seat_name_is_a_notice(store, tmp_path):
    p = _file(tmp_path, 'seat = "Nova Esperança do Norte"')
    assert check_candidate(load_candidate(p), store) == [
        f"{p}, linha 7, campo 'seat': 'Nova Esperança do Norte' não é nome de distrito nem de "
        "localidade da área (IBGE: Pau Terra): o estudo e o projeto de lei escrevem a sede com "
        "esse nome; confira a grafia se a sede é uma localidade existente (a sede nova de uma "
        "área desenhada pode ter nome novo)"]


def test_a_seat_without_line_is_found_on_the_name(store, tmp_path):
    """No ``seat`` in the file: the seat is the name, and the name's line is given."""
    p = tmp_path / "c.toml"
    p.write_text(PAU_TERRA.replace('seat = "Pau Terra"\n', "").replace(
        'name = "Pau Terra"', 'name = "Pau Tera"'), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert str(e.value) == (f"{p}, linha 6, campo 'name': 'Pau Tera' não é nome de distrito nem "
                            "de localidade da área (IBGE); nome parecido: Pau Terra")


def test_the_batch_index_shows_a_studys_notices():
    from viabilidade.batch.index import render_index

    record = {"slug": "pau-terra", "name": "Nova Esperança do Norte", "status": "ok",
              "operation": "create-municipality", "verdict": "pass", "conclusion": "Viável.",
              "rules": {}, "folder": "pau-terra", "files": {},
              "notices": ["c.toml, linha 7, campo 'seat': 'Nova' não é nome"]}
    page = render_index([record], "lote")
    assert "<small>aviso: c.toml, linha 7, campo &#x27;seat&#x27;: &#x27;Nova&#x27; não é nome" \
           "</small>" in page


def test_processo_prints_the_new_seat_name_notice(tmp_path, capsys):
    p = _file(tmp_path, 'seat = "Nova Esperança do Norte"')
    assert main(["processo", str(p), "--data-referencia", "2027-03-01"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [f"aviso: {p}, linha 7, campo 'seat': 'Nova Esperança do Norte' não é nome de "
                   "distrito nem de localidade da área (IBGE: Pau Terra): o estudo e o projeto de "
                   "lei escrevem a sede com esse nome; confira a grafia se a sede é uma "
                   "localidade existente (a sede nova de uma área desenhada pode ter nome novo)"]


def test_a_name_that_extends_the_areas_name_is_a_new_name_not_a_typo(store, tmp_path):
    """'Pau Terra Nova' has a ratio of 0,80 with 'Pau Terra' but four letters more: a
    notice, not an error (a typo changes a letter or two)."""
    p = _file(tmp_path, 'seat = "Pau Terra Nova"')
    notices = check_candidate(load_candidate(p), store)
    assert len(notices) == 1 and "'Pau Terra Nova' não é nome de distrito" in notices[0]
    p = _file(tmp_path, 'seat = "Pau Teerra"')   # one letter more: a typo
    with pytest.raises(CandidateError, match="nome parecido: Pau Terra$"):
        check_candidate(load_candidate(p), store)


def test_a_seat_of_full_width_cyrillic_or_emoji_characters_is_refused_naming_the_character(
        store, tmp_path):
    """Issue 32, hostile trial 5 (H5-4): NFKD folded full-width "Ｐａｕ Ｔｅｒｒａ" to the
    IBGE's name and the seat passed; a Cyrillic "а" was told as a typo without naming it."""
    tail = ("; esperado um nome de lugar escrito com letras latinas (com os acentos do "
            "português), espaços, apóstrofos e hífens, como os nomes do IBGE (p. ex. \"Posse "
            "d'Abadia\", \"Olhos-d'Água\")")
    cases = {
        'seat = "Ｐａｕ Terra"': "'Ｐａｕ Terra': encontrada a letra de largura total 'Ｐ' "
                                "(U+FF30, FULLWIDTH LATIN CAPITAL LETTER P) na posição 1",
        'seat = "P\u0430u Terra"': "'Pаu Terra': encontrada a letra cirílica 'а' (U+0430, "
                                   "CYRILLIC SMALL LETTER A) na posição 2",
        'seat = "Pau Terra 🏠"': "'Pau Terra 🏠': encontrado o símbolo ou emoji '🏠' (U+1F3E0, "
                                 "HOUSE BUILDING) na posição 11",
        'seat = "Pau Terra 2"': "'Pau Terra 2': encontrado o algarismo '2' (U+0032, DIGIT TWO) "
                                "na posição 11",
    }
    for line, said in cases.items():
        p = _file(tmp_path, line)
        with pytest.raises(CandidateError) as e:
            check_candidate(load_candidate(p), store)
        assert str(e.value) == f"{p}, linha 7, campo 'seat': {said}{tail}"
    p = _file(tmp_path, "").with_name("sem-sede.toml")  # no seat: the name is the seat
    p.write_text(PAU_TERRA.replace('seat = "Pau Terra"\n', "").replace(
        'name = "Pau Terra"', 'name = "Pau Terra\u00a0Nova"'), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert str(e.value) == (f"{p}, linha 6, campo 'name': 'Pau Terra\\xa0Nova': encontrado o "
                            "espaço especial (U+00A0, NO-BREAK SPACE) na posição 10" + tail)
    for seat in ("Olhos-d'Água", "Pau Terra d’Oeste", "São João"):  # new names: notices only
        p = _file(tmp_path, f'seat = "{seat}"')
        assert len(check_candidate(load_candidate(p), store)) == 1


@pytest.mark.parametrize("seat, code", [("Goiânia", "5208707"), ("uruacu", "5221601")])
def test_a_seat_named_as_an_existing_municipality_is_refused(store, tmp_path, seat, code):
    """New-user review (2026-12-07 19:13): ``seat = "Goiânia"`` for Pau Terra was a notice,
    and the study was titled "criação do Município de Goiânia"; the origin's own name too."""
    p = _file(tmp_path, f'seat = "{seat}"')
    name = {"5208707": "Goiânia", "5221601": "Uruaçu"}[code]
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert str(e.value) == (
        f"{p}, linha 7, campo 'seat': '{seat}' é o nome de um município que já existe, {name} "
        f"({code}); a sede proposta é uma localidade da área, que dá o nome ao município (art. "
        "3º, I): escreva o nome de uma localidade da área (Pau Terra)")
