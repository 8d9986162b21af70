"""Hostile ``[oficios]`` values (issue 32: S4, M1, M2, M3, m2): every text through the one
rule for typed text (``common.text``), bounded by its kind, refused with file, line and field,
all at once, before any letter or bill is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.cli import main
from viabilidade.errors import SettingsError
from viabilidade.report.oficios_settings import OficiosSettings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
SETTINGS = ROOT / "tests" / "fixtures" / "oficios.toml"
TAIL = "sem caracteres de controle nem de direção de texto (U+202A–U+202E, U+2066–U+2069)"


def _with(tmp_path, old: str, new: str) -> Path:
    text = SETTINGS.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "config.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def _errors(p: Path) -> list[str]:
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p)
    return e.value.lines


SIZE = ("não foi possível ler o arquivo de configurações: tem 9,5 MiB, acima do limite de "
        "1,0 MiB para este arquivo (um arquivo deste tipo tem poucos KiB; confira se é o arquivo "
        "certo)")


def test_a_ten_megabyte_president_is_refused_by_the_file_size(tmp_path, capsys):
    # S4: 296 s and 2 GB before; now the file is refused by its size before it is parsed
    # (os_errors.USER_FILE_MAX_BYTES), and no letter is written
    p = _with(tmp_path, 'president = "Maria Aparecida Souza"',
              'president = "' + "M" * 10_000_000 + '"')
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == f"erro: {p}: {SIZE}"
    assert not out.exists()


def test_a_president_under_the_file_bound_is_refused_by_its_length(tmp_path, capsys):
    p = _with(tmp_path, 'president = "Maria Aparecida Souza"',
              'president = "' + "M" * 900_000 + '"')
    out = tmp_path / "saida"
    assert main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {p}, linha 7, campo 'oficios.president': encontrado um nome com 900.000 "
        "caracteres; esperado no máximo 200")
    assert not out.exists()


def test_a_long_committee_and_a_long_process_are_refused_at_once(tmp_path):
    p = _with(tmp_path, 'committee = "Comissão de Constituição, Justiça e Redação"',
              'committee = "' + "palavra " * 110_000 + '"')
    text = p.read_text(encoding="utf-8").replace('process = "2027/000123"',
                                                 'process = "' + "9" * 301 + '"')
    p.write_text(text, encoding="utf-8")
    assert _errors(p) == [
        f"{p}, linha 6, campo 'oficios.committee': encontrado um nome com 880.000 caracteres; "
        "esperado no máximo 200",
        f"{p}, linha 9, campo 'oficios.process': encontrada uma referência com 301 caracteres; "
        "esperado no máximo 300"]


def test_a_ten_megabyte_proposer_stops_the_bill_before_it_is_written(tmp_path, capsys):
    # S4: a 2.694-page PDF before
    p = _with(tmp_path, 'proposer = "João Batista Lima"', 'proposer = "' + "J" * 10_000_000 + '"')
    out = tmp_path / "saida"
    assert main(["projeto-de-lei", str(POSSE), "--configuracoes", str(p), "--saida",
                 str(out)]) == 2
    assert capsys.readouterr().err.strip() == f"erro: {p}: {SIZE}"
    assert not out.exists()


def test_a_nul_in_oficios_is_refused_before_the_bill_docx(tmp_path, capsys):
    # M1: an lxml ValueError traceback out of bill_docx before
    p = _with(tmp_path, 'proposer = "João Batista Lima"', 'proposer = "João\\u0000Lima"')
    out = tmp_path / "saida"
    assert main(["projeto-de-lei", str(POSSE), "--configuracoes", str(p), "--saida",
                 str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {p}, linha 10, campo 'oficios.proposer': encontrado o caractere de controle "
        f"U+0000 (NUL) na posição 5; esperado um nome {TAIL}")
    assert not out.exists()


def test_control_bidi_bom_and_escape_characters_in_every_field_are_refused_at_once(tmp_path):
    # M2: NUL, C0, ANSI escapes, bidi overrides, BOM reached the HTML, PDF and DOCX before
    text = SETTINGS.read_text(encoding="utf-8")
    for old, new in (('"Comissão de Constituição, Justiça e Redação"', '"Comissão\\u001b[31m"'),
                     ('"2027/000123"', '"2027/\\u202e321000"'),
                     ('sigla = "CCJR-ALEGO"', 'sigla = "CCJR\\ufeff"'),
                     ('"Ana Maria Costa"', '"Ana\\u0007Maria"'),
                     ('"Rua 1, nº 10, Centro, Abadiânia — GO"', '"Rua 1\\u2028Centro"')):
        assert old in text
        text = text.replace(old, new, 1)
    p = tmp_path / "config.toml"
    p.write_text(text, encoding="utf-8")
    assert _errors(p) == [
        f"{p}, linha 6, campo 'oficios.committee': encontrado o caractere de controle U+001B "
        f"(ESC) na posição 9; esperado um nome {TAIL}",
        f"{p}, linha 9, campo 'oficios.process': encontrado o caractere de direção de texto "
        f"U+202E (RIGHT-TO-LEFT OVERRIDE) na posição 6; esperado uma referência {TAIL}",
        f"{p}, linha 13, campo 'oficios.sigla': encontrado o caractere invisível (marca de ordem "
        f"de bytes, BOM) U+FEFF (ZERO WIDTH NO-BREAK SPACE) na posição 5; esperado uma "
        f"referência {TAIL}",
        f"{p}, linha 17, campo 'oficios.destinatarios.ibge.name': encontrado o caractere de "
        f"controle U+0007 (BEL) na posição 4; esperado um nome {TAIL}",
        f"{p}, linha 21, campo 'oficios.destinatarios.camara-abadiania.address': encontrado o "
        "caractere separador de linha U+2028 (LINE SEPARATOR) na posição 6; esperado uma "
        f"referência {TAIL}"]


def test_a_signer_of_only_a_zero_width_space_is_refused(tmp_path):
    # M3: "Deputada \u200b" signed by nobody before
    p = _with(tmp_path, 'president = "Maria Aparecida Souza"', 'president = "\\u200b"')
    assert _errors(p) == [
        f"{p}, linha 7, campo 'oficios.president': encontrado um texto só de caracteres "
        "invisíveis (U+200B); esperado um nome com letras ou algarismos"]


def test_zero_width_characters_are_dropped_and_stacked_accents_collapsed(tmp_path):
    p = _with(tmp_path, 'president = "Maria Aparecida Souza"',
              'president = "Ma\\u200bria Apare\\u0301\\u0301\\u0301\\u0301\\u0301cida Souza"')
    # NFC composes the first accent into "é"; three more marks stay, the fourth is dropped
    assert (OficiosSettings.from_toml(p).president.name
            == "Maria Apar\u00e9\u0301\u0301\u0301cida Souza")


@pytest.mark.parametrize("first, message", [
    (9223372036854775807, "encontrado o número 9.223.372.036.854.775.807"),
    (100_000, "encontrado o número 100.000"),
])
def test_a_letter_number_past_the_bound_is_refused(tmp_path, first, message):
    # m2: "Ofício nº 9223372036854775807" before
    p = _with(tmp_path, "first_number = 15", f"first_number = {first}")
    assert _errors(p) == [
        f"{p}, linha 12, campo 'oficios.first_number': {message}; esperado o número do primeiro "
        "ofício, um inteiro de 1 a 99.999 (os demais seguem em ordem)"]


def test_the_last_letter_number_is_bounded_when_the_letters_are_known(tmp_path):
    p = _with(tmp_path, "first_number = 15", "first_number = 99996")
    assert OficiosSettings.from_toml(p).first_number == 99_996  # without the letters: fits
    letters = ["ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania",
               "camara-abadiania"]
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p, letters=letters)
    assert e.value.lines == [
        f"{p}, linha 12, campo 'oficios.first_number': encontrado o número 99.996; esperado o "
        "número do primeiro ofício, um inteiro de 1 a 99.999 (os demais seguem em ordem): com 5 "
        "ofícios o último seria o nº 100.000"]
    ok = _with(tmp_path, "first_number = 15", "first_number = 99995")
    assert OficiosSettings.from_toml(ok, letters=letters).first_number == 99_995


def test_an_address_of_too_many_lines_is_refused(tmp_path):
    p = _with(tmp_path, 'address = "Rua 1, nº 10, Centro, Abadiânia — GO"',
              'address = ["a", "b", "c", "d", "e"]')
    assert _errors(p) == [
        f"{p}, linha 21, campo 'oficios.destinatarios.camara-abadiania.address': encontrada "
        "a lista ['a', 'b', 'c', 'd', 'e']; esperado o endereço como texto, ou uma lista de até 4 linhas (p. ex. "
        "[\"Praça Central, s/n\", \"Abadiânia — GO\"])"]


LETTERS = ["ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania", "camara-abadiania"]


def _addressees(tmp_path, n: int) -> Path:
    extra = "".join(f'desconhecido-{i} = {{ name = "Fulano {i}", gender = "masculino" }}\n'
                    for i in range(n))
    p = tmp_path / "config.toml"
    p.write_text(SETTINGS.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return p


def test_eight_thousand_unknown_addressees_are_one_problem(tmp_path):
    # hostile trial 3: 8.000 unknown addressees gave 1,9 MB of errors (6 s of hints)
    p = _addressees(tmp_path, 8_000)
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p, letters=LETTERS)
    assert e.value.lines == [
        f"{p}, linha 16, campo 'oficios.destinatarios': encontrados 8.005 destinatários; "
        "esperados no máximo 100, um por ofício do candidato (ibge, cartorio-eleitoral, "
        "sefaz-go, prefeitura-abadiania, camara-abadiania)"]


def test_a_hundred_addressees_are_read_and_their_problems_listed_up_to_fifty(tmp_path):
    p = _addressees(tmp_path, 95)  # 100 with the five real ones: at the bound, read
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p, letters=LETTERS)
    lines = e.value.lines
    assert len(e.value.problems) == 95 and len(lines) == 51
    assert lines[49] == (f"{p}, linha 71, campo 'oficios.destinatarios.desconhecido-49': não há "
                         "ofício 'desconhecido-49' para este candidato; esperado um de "
                         + ", ".join(LETTERS))
    assert lines[50] == ("… e mais 45 problemas (mostrados os 50 primeiros; corrija-os e "
                         "execute de novo para ver os demais)")
    assert str(e.value) == "\n".join(lines)
    p = _addressees(tmp_path, 96)  # 101: one past the bound
    with pytest.raises(SettingsError, match="encontrados 101 destinatários; esperados no "
                                            "máximo 100"):
        OficiosSettings.from_toml(p, letters=LETTERS)


def test_every_list_of_problems_is_cut_at_fifty_with_a_count_of_the_rest():
    from viabilidade.data.fetch import FetchError
    from viabilidade.errors import PROBLEMS_SHOWN, CandidateError, capped

    assert PROBLEMS_SHOWN == 50
    assert capped([f"p{i}" for i in range(50)]) == [f"p{i}" for i in range(50)]
    assert capped([f"p{i}" for i in range(51)])[50] == (
        "… e mais 1 problema (mostrados os 50 primeiros; corrija-os e execute de novo para "
        "ver os demais)")
    e = CandidateError.collect([CandidateError(f"p{i}", file="x.toml", line=i + 1)
                                for i in range(8_000)])
    assert len(e.problems) == 8_000 and e.lines[0] == "x.toml, linha 1: p0"
    assert e.lines[50] == ("… e mais 7.950 problemas (mostrados os 50 primeiros; corrija-os "
                           "e execute de novo para ver os demais)")
    assert len(str(e)) < 2_000
    f = FetchError([f"conjunto {i}: falhou" for i in range(60)])
    assert f.lines[-1].startswith("… e mais 10 problemas") and len(f.lines) == 51


@pytest.mark.parametrize("sigla, ok", [
    ("CCJR-ALEGO", True), ("SAA/SE/MT", True), ("GAB-2", True), ("SEÇÃO-ALEGO", True),
    ("../../../tmp/x", False), ("ccjr-alego", False), ("CCJR ALEGO", False), ("-ALEGO", False),
    ("CCJR//ALEGO", False), ("A" * 40, True), ("A" * 41, False)])
def test_a_sigla_is_a_short_upper_case_code_with_its_line(tmp_path, sigla, ok):
    """Fourth hostile trial: `sigla = "../../../tmp/x"` was accepted and printed in the
    letters' numbers ("Ofício nº 15/2027/../../../tmp/x")."""
    p = _with(tmp_path, 'sigla = "CCJR-ALEGO"', f'sigla = "{sigla}"')
    if ok:
        assert OficiosSettings.from_toml(p).sigla == sigla
        return
    assert _errors(p) == [
        f"{p}, linha 13, campo 'oficios.sigla': encontrado {sigla!r}; esperada uma sigla de até "
        "40 caracteres, em letras maiúsculas e algarismos, partes unidas por hífen e unidades "
        "separadas por barra (p. ex. \"CCJR-ALEGO\" ou \"SAA/SE/MT\")"]
