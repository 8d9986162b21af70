"""The one text rule against the second hostile review (hostile1 items 9, 10, 12, 14):
invisible fillers and format characters refused, upload names under the same rule, field
lines found from one index per file, and values quoted short in messages."""

from pathlib import Path

import pytest

from viabilidade import errors
from viabilidade.cli import main
from viabilidade.common import vector_files
from viabilidade.common.text import NAME, NOTE, quoted, text_problem

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"
LETTERS = "ibge, cartorio-eleitoral, sefaz-go, prefeitura-abadiania, camara-abadiania"


@pytest.mark.parametrize("text,points", [
    ("\u3164", "U+3164"), ("\uffa0\uffa0", "U+FFA0"), ("\u2800", "U+2800"),
    ("\u00ad", "U+00AD"), ("\u2061\u2062", "U+2061, U+2062"), ("\u180e", "U+180E"),
    (" \u115f\u200b ", "U+115F, U+200B"),
])
def test_a_name_of_only_invisible_characters_is_refused(text, points):
    """Item 9: president = "\\u3164" signed as "Deputada ㅤ"."""
    assert text_problem(text, NAME) == (f"encontrado um texto só de caracteres invisíveis "
                                        f"({points}); esperado um nome com letras ou algarismos")


@pytest.mark.parametrize("text,point,label", [
    ("Maria\u3164Souza", "U+3164 (HANGUL FILLER)", "preenchimento"),
    ("Maria\u206aSouza", "U+206A (INHIBIT SYMMETRIC SWAPPING)", "formatação"),
    ("Maria\ufff9Souza", "U+FFF9 (INTERLINEAR ANNOTATION ANCHOR)", "formatação"),
    ("Maria\ufffbSouza", "U+FFFB (INTERLINEAR ANNOTATION TERMINATOR)", "formatação"),
    ("Maria\u00adSouza", "U+00AD (SOFT HYPHEN)", "formatação"),
])
def test_an_invisible_character_inside_a_text_is_refused_with_its_position(text, point, label):
    """Item 14: U+206A and U+FFF9/U+FFFB passed the rule."""
    assert text_problem(text, NOTE) == (
        f"encontrado o caractere invisível (de {label}) {point} na posição 6; esperado um "
        "texto sem caracteres invisíveis (um espaço comum separa palavras)")


def test_visible_names_still_pass():
    for text in ("Maria Aparecida Souza", "Posse d'Abadia", "São João d’Aliança", "Nº 10",
                 "José\u00a0da Silva", "linha 1\nlinha 2"):
        assert text_problem(text, NOTE) is None, text


def test_the_invisible_president_is_refused_by_oficios(tmp_path, capsys):
    p = tmp_path / "config.toml"
    p.write_text(SETTINGS.read_text(encoding="utf-8").replace(
        'president = "Maria Aparecida Souza"', 'president = "\u3164"'), encoding="utf-8")
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida",
                 str(tmp_path / "saida")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("campo 'oficios.president': encontrado um texto só de caracteres "
                        "invisíveis (U+3164); esperado um nome com letras ou algarismos")


@pytest.mark.parametrize("name,why", [
    ("fatura\u202elmk.geojson", "encontrado o caractere de direção de texto U+202E "
     "(RIGHT-TO-LEFT OVERRIDE) na posição 7; esperado um nome de arquivo sem caracteres de "
     "controle nem de direção de texto (U+202A–U+202E, U+2066–U+2069)"),
    ("a\x85b.geojson", "encontrado o caractere de controle U+0085 (sem nome) na posição 2; "
     "esperado um nome de arquivo sem caracteres de controle nem de direção de texto "
     "(U+202A–U+202E, U+2066–U+2069)"),
    ("\u200b.geojson", "encontrado um texto só de caracteres invisíveis (U+200B); esperado um "
     "nome de arquivo com letras ou algarismos"),
    ("area\u200b.kml", "encontrado o caractere invisível U+200B na posição 5; esperado um nome "
     "de arquivo sem caracteres invisíveis"),
])
def test_upload_names_follow_the_text_rule(name, why):
    """Item 14: these names were stored as given (only C0 and DEL were checked)."""
    assert vector_files.name_problem(name) == (
        f"o nome do arquivo não serve: {why}; renomeie o arquivo (letras, números, espaços, "
        "hífens, pontos)")
    assert vector_files.name_problem(f"/tmp/pasta/{name}") == vector_files.name_problem(name)


def test_ordinary_upload_names_pass():
    for name in ("Área de Abadiânia.geojson", "/home/ana/divisa_2027-v2.kml", ".oculto.kml",
                 "C:\\Users\\Ana\\área.zip"):
        assert vector_files.name_problem(name) is None, name


def test_field_lines_of_many_problems_read_the_file_once(monkeypatch):
    """Item 10: each problem's line scanned the whole text again (2.000 unknown addressees:
    34 s; measured after: 1,5 s for the whole command, against 13,7 s on main before)."""
    text = "[oficios.destinatarios]\n" + "".join(f'x{i} = "a"\n' for i in range(2000))
    calls = []
    real = errors.field_index
    monkeypatch.setattr(errors, "field_index", lambda t: calls.append(1) or real(t))
    errors._index_of.cache_clear()
    lines = [errors.field_line(text, f"oficios.destinatarios.x{i}") for i in range(2000)]
    assert lines == list(range(2, 2002))
    assert len(calls) == 1


def test_quoted_values_are_cut_short():
    """Item 12: a 5.000.000-character key made a 10 MB message; a list of a million items, 5 MB."""
    assert quoted("abc") == "'abc'"
    assert quoted("k" * 5_000_000) == f"'{'k' * 80}'… (5.000.000 caracteres)"
    assert quoted(["a"] * 1_000_000) == "['a', 'a', 'a', 'a', 'a', 'a']… (1.000.000 itens)"
    assert quoted([1, 2]) == "[1, 2]"
    assert errors.found_value("x" * 100) == f"encontrado o texto '{'x' * 80}'… (100 caracteres)"


def test_a_huge_addressee_key_is_quoted_short(tmp_path, capsys):
    key = "k" * 900_000
    p = tmp_path / "config.toml"
    p.write_text(SETTINGS.read_text(encoding="utf-8")
                 + f'{key} = {{ name = "A", gender = "feminino" }}\n', encoding="utf-8")
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida",
                 str(tmp_path / "saida")]) == 2
    err = capsys.readouterr().err.strip()
    short = f"'{'k' * 80}'… (900.000 caracteres)"
    assert err.endswith(f", campo 'oficios.destinatarios.{'k' * 58}'… (900.022 caracteres): "
                        f"não há ofício {short} para este candidato; esperado um de {LETTERS}")
    assert len(err) < 600
