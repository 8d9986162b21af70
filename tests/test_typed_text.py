"""The one rule for every text a person types (``common.text``, issue 32 § 1): what is
refused, with its exact message; what is dropped; the length bound of each kind of field on
both sides of it."""

from __future__ import annotations

import pytest

from viabilidade.common.text import (NAME, NOTE, REFERENCE, clean_text, normalise_text,
                                     text_problem)

TAIL = "sem caracteres de controle nem de direção de texto (U+202A–U+202E, U+2066–U+2069)"


class _Problems:
    def __init__(self):
        self.items = []

    def add(self, field, msg):
        self.items.append((field, msg))


@pytest.mark.parametrize("kind, limit", [(NAME, 200), (REFERENCE, 300), (NOTE, 10_000)])
def test_each_kind_is_bounded_on_both_sides_of_its_limit(kind, limit):
    assert text_problem("a" * limit, kind) is None
    assert (text_problem("a" * (limit + 1), kind)
            == f"{'encontrada' if kind is REFERENCE else 'encontrado'} {kind.what} com "
               f"{limit + 1:,} caracteres; esperado no máximo {limit:,}".replace(",", "."))


def test_a_ten_megabyte_value_is_refused_by_its_length_and_kept_to_the_limit():
    problems = _Problems()
    out = clean_text(problems, "oficios.president", "x" * 10_000_000, NAME)
    assert problems.items == [("oficios.president", "encontrado um nome com 10.000.000 caracteres; "
                                                    "esperado no máximo 200")]
    assert out == "x" * 200


@pytest.mark.parametrize("text, found", [
    ("Maria\x00Souza", "de controle U+0000 (NUL) na posição 6"),
    ("Maria \x1b[31mSouza", "de controle U+001B (ESC) na posição 7"),
    ("Maria \u202eazuoS", "de direção de texto U+202E (RIGHT-TO-LEFT OVERRIDE) na posição 7"),
    ("Maria\ufeff", "invisível (marca de ordem de bytes, BOM) U+FEFF (ZERO WIDTH NO-BREAK SPACE) "
                    "na posição 6"),
    ("Maria\U000e0041", "invisível (etiqueta Unicode) U+E0041 (TAG LATIN CAPITAL LETTER A) na "
                        "posição 6"),
    ("Maria\nSouza", "de controle U+000A (LF) na posição 6"),
])
def test_control_bidi_bom_and_tag_characters_are_refused_in_a_name(text, found):
    assert text_problem(text, NAME) == f"encontrado o caractere {found}; esperado um nome {TAIL}"


def test_a_note_may_hold_line_breaks_and_tabs_but_not_a_carriage_return():
    assert text_problem("linha 1\n\tlinha 2", NOTE) is None
    assert text_problem("linha 1\r\nlinha 2", NOTE) == (
        f"encontrado o caractere de controle U+000D (CR) na posição 8; esperado um texto {TAIL}")


def test_a_name_of_only_a_zero_width_space_is_refused():
    # M3: "Deputada \u200b" signed by nobody
    assert text_problem("\u200b", NAME) == ("encontrado um texto só de caracteres invisíveis "
                                            "(U+200B); esperado um nome com letras ou algarismos")
    problems = _Problems()
    assert clean_text(problems, "oficios.president", " \u200b\u200d ", NAME) == ""
    assert problems.items == [("oficios.president",
                               "encontrado um texto só de caracteres invisíveis (U+200B, U+200D); "
                               "esperado um nome com letras ou algarismos")]


def test_zero_width_characters_are_dropped_without_a_word():
    problems = _Problems()
    assert clean_text(problems, "f", "Ma\u200bria\u2060 Souza", NAME) == "Maria Souza"
    assert problems.items == []


def test_a_stack_of_combining_marks_is_collapsed_to_three():
    # the length is counted as typed: 500 marks fit a note, not a name
    stacked = "Mari" + "a" + "\u0301" * 500
    assert text_problem(stacked, NOTE) is None
    assert text_problem(stacked, NAME) == ("encontrado um nome com 505 caracteres; esperado no "
                                           "máximo 200")
    # NFC composes the first accent into "á"; three more marks stay
    assert normalise_text(stacked) == "Mari" + "\u00e1" + "\u0301" * 3
    assert normalise_text("Vi\u1ec7t") == "Vi\u1ec7t"  # a real double accent is kept


def test_an_accent_with_no_letter_before_it_is_refused_in_a_name_not_in_a_note():
    assert text_problem("\u0301Maria", NAME) == (
        "encontrado o acento combinante U+0301 (COMBINING ACUTE ACCENT) na posição 1 sem uma "
        "letra antes; esperado um nome cujos acentos acompanhem uma letra (como em 'á')")
    assert text_problem("\u0301Maria", NOTE) is None
