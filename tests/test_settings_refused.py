"""Settings are validated completely before any work: each bad settings file or candidate
``[settings]`` table is refused by the command line before anything is written, naming the
key; a TOML date is accepted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.cli import main as cli_main
from viabilidade.errors import CandidateError, SettingsError
from viabilidade.rules.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"

CASES = {
    "misplaced": ("population = 10\n[settings]\nquorum = \"literal\"\n", "population",
                  "a chave 'population' está fora da tabela [settings] e seria ignorada"),
    "codes_not_text": ("origin_special_interest = [5200100]\n",
                       "settings.origin_special_interest[0]",
                       "encontrado o número 5200100; esperado o código IBGE do município como "
                       "texto entre aspas (\"5200100\")"),
    "inf": ("revenue_share = inf\n", "settings.revenue_share",
            "encontrado inf; esperado um número finito entre 0 e 1"),
    "nan": ("[settings]\nrevenue_share = nan\n", "settings.revenue_share",
            "encontrado nan; esperado um número finito entre 0 e 1"),
    "huge_gap": ("gap_m = 1e30\n", "settings.gap_m",
                 "encontrado 1e+30; esperado um número inteiro entre 0 e 2.000.000"),
    "huge_int": ("[settings]\ngap_m = 99999999\n", "settings.gap_m",
                 "encontrado 99999999; esperado um número inteiro entre 0 e 2.000.000"),
    "unknown": ("[settings]\nquorom = \"literal\"\n", "settings.quorom",
                "configuração desconhecida 'quorom'"),
    "year_9999": ("reference_date = 9999-01-01\n", "settings.reference_date",
                  "encontrada a data 01/01/9999; esperada uma data entre 01/01/1990 (LC 02/1990) e "),
    "datetime": ("reference_date = 2024-12-31T10:30:00\n", "settings.reference_date",
                 "encontrado data e hora 2024-12-31T10:30:00; esperada uma data no formato "
                 "AAAA-MM-DD (sem hora)"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_settings_file_is_refused_before_anything_is_written(case, tmp_path, capsys):
    text, field, message = CASES[case]
    settings = tmp_path / "config.toml"
    settings.write_text(text, encoding="utf-8")
    out = tmp_path / "saida"
    assert cli_main(["estudo", str(POSSE), "--settings", str(settings), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"erro: {settings}, linha " in err
    assert f"campo '{field}': {message}" in err
    assert not out.exists()
    # the batch refuses it too, before its folder is made
    assert cli_main(["lote", str(POSSE), "--settings", str(settings), "--saida", str(out),
                     "--sem-progresso"]) == 2
    assert f"campo '{field}': {message}" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("case", sorted(set(CASES) - {"misplaced"}))
def test_bad_candidate_settings_are_refused_before_the_kernel_starts(case, tmp_path, capsys):
    text, field, message = CASES[case]
    body = text.removeprefix("[settings]\n")
    cand = tmp_path / "posse.toml"
    cand.write_text(POSSE.read_text(encoding="utf-8") + "\n[settings]\n" + body, encoding="utf-8")
    with pytest.raises(CandidateError) as info:
        load_candidate(cand)
    assert f"campo '{field}': {message}" in str(info.value)
    out = tmp_path / "saida"
    assert cli_main(["estudo", str(cand), "--out", str(out)]) == 2
    assert f"campo '{field}': {message}" in capsys.readouterr().err
    assert not (out / "posse-dabadia").exists()


def test_a_toml_date_is_accepted_as_the_reference_date(tmp_path):
    settings = tmp_path / "config.toml"
    settings.write_text("[settings]\nreference_date = 2024-12-31\n", encoding="utf-8")
    s = Settings.from_toml(settings)
    assert s.reference_date == "2024-12-31"
    assert json.loads(json.dumps(s.to_dict()))["reference_date"] == "2024-12-31"
    assert Settings().merge(s).reference_date == "2024-12-31"
    cand = tmp_path / "posse.toml"
    cand.write_text(POSSE.read_text(encoding="utf-8")
                    + "\n[settings]\nreference_date = 2024-12-31\n", encoding="utf-8")
    assert Settings.from_dict(load_candidate(cand).settings).reference_date == "2024-12-31"


def test_every_problem_of_a_settings_file_at_once(tmp_path):
    settings = tmp_path / "config.toml"
    settings.write_text("revenue_share = inf\ngap_m = -1\norigin_special_interest = [5200100, \"52\"]\n",
                        encoding="utf-8")
    with pytest.raises(SettingsError) as info:
        Settings.from_toml(settings)
    assert [p.field for p in info.value.problems] == [
        "settings.gap_m", "settings.revenue_share", "settings.origin_special_interest[0]",
        "settings.origin_special_interest[1]"]


def test_a_settings_file_with_a_byte_order_mark_is_read_as_candidate_files_are(tmp_path):
    settings = tmp_path / "config.toml"
    settings.write_bytes(b"\xef\xbb\xbf[settings]\npopulation = 2500\n")
    assert Settings.from_toml(settings).population == 2500


@pytest.mark.parametrize("text, reason", [
    ("a.%b = 1\n", "caractere inválido no início de uma chave (uma chave com acento, espaço ou "
                   "símbolo precisa de aspas) (coluna 3)"),
    ('quorum = "x\x00"\n', "caractere de controle não permitido (um NUL, uma tabulação vertical "
                            "ou texto sem aspas de fechamento?) (coluna 12)"),
])
def test_toml_syntax_errors_are_told_in_portuguese(tmp_path, text, reason):
    settings = tmp_path / "config.toml"
    settings.write_text(text, encoding="utf-8")
    with pytest.raises(SettingsError) as info:
        Settings.from_toml(settings)
    assert str(info.value) == f"{settings}, linha 1: TOML inválido: {reason}; esperado TOML válido"


def test_a_settings_file_of_cr_line_endings_or_latin1_says_so_with_line_and_column(tmp_path):
    """Fourth hostile trial: a CR-only file gave "linha 1 … coluna 95" with no hint, a
    Latin-1 one "o byte 25 não é UTF-8 válido" with no line."""
    from viabilidade.report.oficios_settings import OficiosSettings

    text = OFICIOS.read_text(encoding="utf-8")
    p = tmp_path / "config.toml"
    p.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p)
    assert str(e.value) == (
        f"{p}, linha 1: TOML inválido: caractere inválido (coluna {text.index(chr(10)) + 1}): o "
        "arquivo separa as linhas só com CR (o fim de linha do Mac antigo), que o TOML não "
        "aceita, e por isso tudo parece estar na linha 1; esperado um arquivo com fins de linha "
        "LF (Unix, macOS) ou CRLF (Windows): salve-o de novo escolhendo um desses fins de linha "
        "no editor")
    p.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))  # CRLF (Windows) is read
    assert OficiosSettings.from_toml(p).sigla == "CCJR-ALEGO"
    p.write_bytes(text.encode("cp1252"))
    line = next(n for n, x in enumerate(text.splitlines(), 1) if not x.isascii())
    column = next(i for i, c in enumerate(text.splitlines()[line - 1], 1) if not c.isascii())
    byte = next(i for i, c in enumerate(text.encode("cp1252")) if c > 127)
    with pytest.raises(SettingsError) as e:
        Settings.from_toml(p)
    assert str(e.value) == (
        f"{p}, linha {line}: o {byte + 1}º byte do arquivo (0x{text.encode('cp1252')[byte]:02x}), "
        f"na coluna {column} da linha (ambos contados a partir de 1), não é UTF-8 válido (o arquivo parece ISO-8859-1/latin-1 ou Windows-1252); "
        "esperado texto em UTF-8 (salve o arquivo como UTF-8)")
    assert (line, column, byte) == (1, 26, 25)  # the í of "ofícios" in the first comment


OFICIOS = ROOT / "tests" / "fixtures" / "oficios.toml"
LETTERS = ["ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura-abadiania", "camara-abadiania"]


def _oficios_file(tmp_path, old: str, new: str) -> Path:
    text = OFICIOS.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "config.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def _oficios_lines(p: Path) -> list[str]:
    from viabilidade.report.oficios_settings import OficiosSettings

    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p, letters=LETTERS)
    return e.value.lines


def test_an_unknown_table_of_the_settings_file_is_refused_by_the_oficios_too(tmp_path, capsys):
    """Hostile trial 3: ``[oficio]`` (for ``[oficios]``) was ignored in silence by
    ``oficios`` and ``projeto-de-lei``; now every reader of the file refuses it, with its
    line and the nearest table."""
    p = _oficios_file(tmp_path, "[oficios.destinatarios]", "[oficio]\nx = 1\n\n[oficios.destinatarios]")
    message = (f"{p}, linha 16, campo 'oficio': chave desconhecida 'oficio' fora da tabela "
               "[settings] (seria 'oficios'?); esperadas só as tabelas [settings] e [oficios], "
               "com as configurações dentro de [settings]")
    assert _oficios_lines(p) == [message]
    with pytest.raises(SettingsError) as e:
        Settings.from_toml(p)
    assert e.value.lines == [message]
    out = tmp_path / "saida"
    assert cli_main(["oficios", str(POSSE), "--configuracoes", str(p), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == f"erro: {message}"
    assert not out.exists()


def test_an_unknown_top_level_key_without_a_settings_table_names_the_tables(tmp_path):
    p = _oficios_file(tmp_path, '[settings]\nperimeter = "seat"', 'perimeter = "seat"\noficio = 1')
    lines = _oficios_lines(p)
    assert len(lines) == 1 and lines[0].startswith(
        f"{p}, linha 3, campo 'settings.oficio': configuração desconhecida 'oficio' (seria "
        "'oficios'?); permitidas: reduction_items, ")
    assert lines[0].endswith(", federal_law e as tabelas [settings] e [oficios]")


def test_a_key_under_the_wrong_table_is_told_where_it_belongs(tmp_path):
    """The batch analyst: a key written under the wrong table got only "chave
    desconhecida"; now it is told which table it belongs to."""
    p = _oficios_file(tmp_path, 'sigla = "CCJR-ALEGO"', 'sigla = "CCJR-ALEGO"\nquorum = "literal"')
    assert _oficios_lines(p) == [
        f"{p}, linha 14, campo 'oficios.quorum': chave desconhecida 'quorum' (é uma "
        "configuração: escreva-a na tabela [settings], ou no início do arquivo, antes de "
        "[oficios]); permitidas: committee, president, president_gender, process, proposer, "
        "proposer_gender, first_number, destinatarios, sigla, presidencia"]
    p = _oficios_file(tmp_path, 'perimeter = "seat"', 'perimeter = "seat"\npresident = "X"')
    assert _oficios_lines(p)[0].startswith(
        f"{p}, linha 4, campo 'settings.president': configuração desconhecida 'president' (é "
        "uma chave de [oficios]: escreva-a depois do cabeçalho [oficios], antes de qualquer "
        "outra tabela); permitidas: reduction_items, ")


def test_a_date_or_a_table_where_a_choice_goes_is_told_as_toml_writes_it(tmp_path):
    """The batch analyst: "encontrado datetime.date(2024, 1, 1)" (a Python repr); and a table
    where a choice goes raised TypeError (unhashable) out of Settings."""
    p = tmp_path / "config.toml"
    p.write_text('[settings]\nquorum = 2024-01-01\nperimeter = { a = 1 }\n'
                 'revenue_share = 2024-01-01T10:30:00\n', encoding="utf-8")
    with pytest.raises(SettingsError) as e:
        Settings.from_toml(p)
    assert e.value.lines == [
        f"{p}, linha 3, campo 'settings.perimeter': encontrada a tabela {{a = 1}}; esperado um "
        "de seat, all-urban",
        f"{p}, linha 2, campo 'settings.quorum': encontrada a data 2024-01-01; esperado um de "
        "absolute-majority, literal",
        f"{p}, linha 4, campo 'settings.revenue_share': encontradas a data e hora "
        "2024-01-01T10:30:00; esperado um número finito entre 0 e 1"]
