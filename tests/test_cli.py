"""The command line: exit codes, messages, and the slides command end to end."""

from __future__ import annotations

from pathlib import Path

import re

import pytest

from viabilidade.cli import main

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"


def test_bad_candidate_exits_2_with_the_field(tmp_path, capsys):
    bad = tmp_path / "sem-origem.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").split("[origin]")[0], encoding="utf-8")
    code = main(["estudo", str(bad), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("erro: ") and "sem-origem.toml" in err and "campo 'origin'" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_bad_settings_file_exits_2(tmp_path, capsys):
    s = tmp_path / "s.toml"
    s.write_text("quorum = \"maioria\"\n", encoding="utf-8")
    code = main(["apresentacao", str(POSSE), "--out", str(tmp_path), "--settings", str(s)])
    assert code == 2
    assert "quorum" in capsys.readouterr().err


FOUR_PROBLEMS = """\
operation = "criar-municipio"
name = "Posse d'Abadia"

[area]
districts = [520010010]

[origin]
municipalities = ["92010"]

[special_interest]
declared = true
kind = "tourism"
"""


def test_four_problems_give_four_portuguese_lines_each_naming_its_field(tmp_path, capsys):
    bad = tmp_path / "quatro.toml"
    bad.write_text(FOUR_PROBLEMS, encoding="utf-8")
    code = main(["estudo", str(bad), "--out", str(tmp_path / "out")])
    out = capsys.readouterr()
    lines = out.err.splitlines()
    assert code == 2 and out.out == "" and "Traceback" not in out.err
    assert lines == [
        f"erro: {bad}, linha 1, campo 'operation': encontrado 'criar-municipio' (seria "
        "'create-municipality'?); esperado um de "
        "create-municipality, create-district, transfer-area, fusion, boundary-correction",
        f"erro: {bad}, linha 5, campo 'area.districts[0]': encontrado o número 520010010; "
        "esperado o código de distrito entre aspas, como texto (\"520010010\"): um número perde "
        "os zeros à esquerda",
        f"erro: {bad}, linha 8, campo 'origin.municipalities[0]': encontrado '92010', que parece "
        "um código TSE de município (5 algarismos); esperado um código IBGE de município com 7 "
        "algarismos começando por 52 (Goiás), p. ex. \"5200100\"",
        f"erro: {bad}, linha 10, campo 'special_interest.justification': justificativa ausente; "
        "um interesse especial declarado precisa de uma justificativa (ver docs/LEITURAS.md, "
        "leitura I-2)",
        f"erro: {bad}: as conferências com os dados (códigos IBGE, origem, destino, partes da "
        "área, sede) não rodaram: dependem dos campos acima; rode de novo depois de corrigi-los"]
    assert not (tmp_path / "out").exists()


def test_problems_come_in_line_order_with_a_guess_and_the_missing_origin(tmp_path, capsys):
    """A misspelled key gets the likely one; an unreadable operation does not hide the missing
    [origin] (every operation but a fusion needs one); lines in the file's order."""
    bad = tmp_path / "misto.toml"
    bad.write_text('operation = "create-municipio"\nseet = "Teste"\nname = "Teste"\n'
                   '[area]\ndistricts = [520010010]\n', encoding="utf-8")
    assert main(["estudo", str(bad), "--saida", str(tmp_path / "out")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(", campo ")[0] for line in lines] == [
        f"erro: {bad}, linha 1", f"erro: {bad}, linha 2", f"erro: {bad}, linha 5", f"erro: {bad}",
        f"erro: {bad}: as conferências com os dados (códigos IBGE, origem, destino, partes da "
        "área, sede) não rodaram: dependem dos campos acima; rode de novo depois de corrigi-los"]
    assert "campo 'seet': chave desconhecida 'seet' (seria 'seat'?)" in lines[1]
    assert lines[3].endswith("campo 'origin': tabela [origin] ausente; esperada (com os municípios "
                             "de origem) em toda operação exceto fusion")


def test_help_is_in_portuguese(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0
    assert out.startswith("uso: viabilidade [-h] COMANDO ...")
    # the help column's width follows the longest command name (projeto-de-lei)
    assert re.search(r"\nopções:\n  -h, --help +mostra esta ajuda e sai\n", out)
    assert "\ncomandos:\n" in out
    assert "escreve um estudo de viabilidade a partir de um arquivo de" in out
    for english in ("usage:", "options:", "show this help", "positional arguments"):
        assert english not in out


def test_study_help_is_in_portuguese(capsys):
    with pytest.raises(SystemExit):
        main(["estudo", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: viabilidade estudo [-h] [--saida PASTA] [--configuracoes ARQUIVO]")
    assert "\nargumentos posicionais:\n  CANDIDATO" in out
    assert "\nopções:\n  -h, --help " in out and "mostra esta ajuda e sai" in out
    assert "pasta raiz de saída (padrão: outputs/)" in out
    for english in ("usage:", "options:", "show this help", "positional arguments", "default"):
        assert english not in out


@pytest.mark.parametrize("argv, message", [
    (["estudo"], "viabilidade estudo: erro: faltam os argumentos obrigatórios: CANDIDATO"),
    (["lote", "-j", "x"], "viabilidade lote: erro: argumento -j/--jobs: valor inválido: 'x' "
                          "(esperado um número inteiro)"),
    (["voar"], "viabilidade: erro: argumento COMANDO: opção inválida: 'voar' (escolha entre "
               "'data', 'novo', 'estudo'"),
    (["estudo", "a.toml", "--pasta", "x"], "viabilidade: erro: argumentos não reconhecidos: "
                                           "--pasta x"),
])
def test_argument_errors_are_in_portuguese(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and err.startswith("uso: ") and message in err


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for cmd in ("data", "novo", "estudo", "apresentacao", "lote", "auditoria", "triagem"):
        assert cmd in out


@pytest.mark.slow
def test_slides_command_writes_html_and_pdf(tmp_path, capsys):
    assert main(["apresentacao", str(POSSE), "--out", str(tmp_path)]) == 0
    html = (tmp_path / "posse-dabadia" / "apresentacao.html").read_text(encoding="utf-8")
    assert "Posse d&#x27;Abadia" in html and "Posse d'Abadia" not in html  # escaped everywhere
    assert "Art. 4º, IV" in html and "art4.IV" not in html
    assert (tmp_path / "posse-dabadia" / "apresentacao.pdf").read_bytes().startswith(b"%PDF")


def test_control_characters_in_paths_are_shown_escaped_on_the_terminal(tmp_path, capsys):
    """Hostile retrial G: a CR or ESC in a file name moved the cursor over the line."""
    from viabilidade.errors import shown

    assert shown("a\rb\x1b[2J\u202ec\n\td") == "a\\rb\\x1b[2J\\u202ec\n\td"
    missing = tmp_path / "a\rb\x1b[31m.toml"
    assert main(["estudo", str(missing), "--saida", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == (f"erro: {tmp_path}/a\\rb\\x1b[31m.toml: não foi possível ler o arquivo do "
                   "candidato: o arquivo não existe\n")


def test_stdout_of_a_command_escapes_control_characters(tmp_path, capsys):
    import sys

    out = tmp_path / "sa\rida"
    before = sys.stdout
    assert main(["novo", "520010010", "--saida", str(out)]) == 0
    assert sys.stdout is before
    said = capsys.readouterr().out
    assert "\r" not in said
    assert f"Candidato escrito: {tmp_path}/sa\\rida/posse-dabadia.toml\n" in said
