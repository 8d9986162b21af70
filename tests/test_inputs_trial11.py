"""Issue 32, hostile trial 11 (H11-1): numbers, codes and dates a person types are read in the
digits 0 to 9 alone. Python's ``int()``, ``str.isdigit`` and ``re``'s ``\\d`` take every Unicode
decimal digit, so ``Ofício nº ١٥/٢٠٢٧`` (Arabic-Indic) passed as another ofício than
``Ofício nº 15/2027``, a code ``"52٠٠١٠٠"`` as a code of Goiás and a process ``"٢٠٢٧/000123"``
as of 2027. Each reader refuses them through ``common.text.digit_problem``, naming the file,
the line and the field; the full-width digits of a process record's document are still read as
their ASCII twins (H7-7, H9-4)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from test_process_record import _act, _file, _problems
from test_process_record_trial7 import START

from viabilidade.common.text import digit_problem
from viabilidade.errors import DataError, SettingsError
from viabilidade.proposal.candidate import load_candidate
from viabilidade.report.oficios_settings import OficiosSettings
from viabilidade.rules.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
OFICIOS = ROOT / "tests" / "fixtures" / "oficios.toml"
TAIL = ("esperados os algarismos de 0 a 9 (um número escrito com algarismos de outra escrita "
        "não é lido)")
ARABIC_1 = "encontrado o algarismo '١' (U+0661, ARABIC-INDIC DIGIT ONE)"
DEVANAGARI_1 = "encontrado o algarismo '१' (U+0967, DEVANAGARI DIGIT ONE)"


def _line(path: Path, text: str) -> int:
    """The line of ``path`` holding ``text`` (once)."""
    lines = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if text in line]
    assert len(lines) == 1
    return lines[0]


@pytest.mark.parametrize("text, folded, said", [
    ("Ofício nº 15/2027", False, None),
    ("Ofício nº ١٥/٢٠٢٧", False, f"{ARABIC_1} na posição 11"),
    ("Ofício nº १५/२०२७", True, f"{DEVANAGARI_1} na posição 11"),
    ("Ofício nº 15/２٠٢٧", True, "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) "
                               "na posição 15"),
    ("Ofício nº １５/２０２７", True, None),  # NFKC folds full-width digits to 0-9 (H7-7)
    ("Ofício nº １５/２０２７", False, "encontrado o algarismo '１' (U+FF11, FULLWIDTH DIGIT ONE) "
                                   "na posição 11"),
    ("5 km² e Ⅻ", False, None),  # numerals that are no decimal digits: int() refuses them
])
def test_the_first_digit_that_is_not_0_to_9_is_named_with_its_position(text, folded, said):
    assert digit_problem(text, folded=folded) == (None if said is None else f"{said}; {TAIL}")


@pytest.mark.parametrize("document, said", [
    ("Ofício nº 16/2027", None),
    ("Ofício nº ١٥/٢٠٢٧", f"{ARABIC_1} na posição 11"),
    ("Ofício nº १५/२०२७", f"{DEVANAGARI_1} na posição 11"),
])
def test_an_oficio_number_in_other_digits_is_refused_with_its_line(tmp_path, document, said):
    """The record's fourth act sends to the electoral registry the IBGE's ofício, 15/2027, in
    other digits: it was read as another ofício, so the one-number-per-addressee check passed."""
    p = _file(tmp_path, START + _act("requisicao-enviada", "2027-02-16", document,
                                     body='"cartorio-eleitoral"'))
    if said is None:
        sent = [(a.body, a.document) for a in load_candidate(p).events
                if a.kind == "requisicao-enviada"]
        assert sent == [("ibge", "Ofício nº 15/2027"), ("cartorio-eleitoral", document)]
        return
    assert _problems(p) == [
        f"{p}, linha {_line(p, document)}, campo 'process.events[4].document': {said}; {TAIL}"]


@pytest.mark.parametrize("date, read", [('"2027-02-16"', True), ('"٢٠٢٧-٠٢-١٦"', False),
                                        ('"२०२७-02-16"', False)])
def test_a_process_date_in_other_digits_is_refused(tmp_path, date, read):
    """``date.fromisoformat`` reads 0-9 alone (and TOML's own dates are 0-9): this reader needed
    no change, and its refusal is kept as it was."""
    p = _file(tmp_path, START + _act("requisicao-enviada", date, "Ofício nº 16/2027",
                                     body='"cartorio-eleitoral"'))
    if read:
        assert [a.date for a in load_candidate(p).events
                if a.body == "cartorio-eleitoral"] == [dt.date(2027, 2, 16)]
        return
    assert _problems(p) == [
        f"{p}, linha {_line(p, 'date = ' + date)}, campo 'process.events[4].date': encontrado "
        f"'{date[1:-1]}'; esperada uma data válida no formato AAAA-MM-DD"]


@pytest.mark.parametrize("code, said", [
    ("5200100", None),
    ("52٠٠١٠٠", "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) na posição 3"),
    ("५२००१००", "encontrado o algarismo '५' (U+096B, DEVANAGARI DIGIT FIVE) na posição 1"),
])
def test_a_candidates_code_in_other_digits_is_refused_naming_the_digit(tmp_path, code, said):
    """``^52\\d{5}$`` took ``"52٠٠١٠٠"`` as a code of Goiás (common.ibge_codes.COD_IBGE)."""
    p = tmp_path / "c.toml"
    p.write_text(POSSE.read_text(encoding="utf-8").replace(
        'municipalities = ["5200100"]', f'municipalities = ["{code}"]', 1), encoding="utf-8")
    if said is None:
        assert load_candidate(p).origins == ("5200100",)
        return
    assert _problems(p) == [
        f"{p}, linha {_line(p, code)}, campo 'origin.municipalities[0]': {said}; {TAIL}"]


@pytest.mark.parametrize("code, said", [
    ("5200100", None),
    ("52٠٠١٠٠", "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) na posição 3"),
    ("520०१००", "encontrado o algarismo '०' (U+0966, DEVANAGARI DIGIT ZERO) na posição 4"),
])
def test_a_special_interest_code_in_other_digits_is_refused_with_its_line(tmp_path, code, said):
    p = tmp_path / "config.toml"
    p.write_text(f'[settings]\norigin_special_interest = ["{code}"]\n', encoding="utf-8")
    if said is None:
        assert Settings.from_toml(p).origin_special_interest == ("5200100",)
        return
    with pytest.raises(SettingsError) as e:
        Settings.from_toml(p)
    assert e.value.lines == [
        f"{p}, linha 2, campo 'settings.origin_special_interest[0]': {said}; {TAIL}"]


@pytest.mark.parametrize("process, said", [
    ("2027/000123", None),
    ("٢٠٢٧/000123", "encontrado o algarismo '٢' (U+0662, ARABIC-INDIC DIGIT TWO) na posição 1"),
    ("2०27/000123", "encontrado o algarismo '०' (U+0966, DEVANAGARI DIGIT ZERO) na posição 2"),
])
def test_an_oficios_process_number_in_other_digits_is_refused_with_its_line(tmp_path, process,
                                                                           said):
    """The process's year is read by the letters and the bill: ``(\\d{4})/`` read
    ``"٢٠٢٧/000123"`` as of 2027 and the bill noted "autuado em ٢٠٢٧"."""
    p = tmp_path / "config.toml"
    p.write_text(OFICIOS.read_text(encoding="utf-8").replace(
        'process = "2027/000123"', f'process = "{process}"', 1), encoding="utf-8")
    if said is None:
        assert OficiosSettings.from_toml(p).process == "2027/000123"
        return
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p)
    assert e.value.lines == [
        f"{p}, linha {_line(p, process)}, campo 'oficios.process': {said}; {TAIL}"]


@pytest.mark.parametrize("code, digits, said", [
    ("5200100", 7, None),
    ("520010010", 9, None),
    ("52٠٠١٠٠", 7, "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) na posição 3; "
                   + TAIL),
    ("52००१००१०", 9, "encontrado o algarismo '०' (U+0966, DEVANAGARI DIGIT ZERO) na posição 3; "
                     + TAIL),
    # H11-2: isdigit() also takes a superscript, which int() then refuses with a traceback
    ("520010²", 7, "encontrado '520010²'; esperado um código IBGE de município com 7 algarismos"),
    ("52001001²", 9, "encontrado '52001001²'; esperado um código IBGE de distrito com 9 "
                     "algarismos"),
])
def test_a_csv_ibge_code_in_other_digits_is_refused_with_file_row_and_column(code, digits, said):
    """``data.codes.ibge_code``, the one reader of every CSV's IBGE codes (history, DTB, TSE,
    Censo, seats, revenue): ``isdigit()`` took ``"52٠٠١٠٠"`` and ``"520010²"``."""
    from viabilidade.data.codes import ibge_code

    if said is None:
        assert ibge_code(code, digits=digits, file="h.csv", row=9, column="cod_ibge") == code
        return
    with pytest.raises(DataError) as e:
        ibge_code(code, digits=digits, file="h.csv", row=9, column="cod_ibge")
    assert str(e.value) == f"arquivo h.csv, linha 9, coluna 'cod_ibge': {said}"


@pytest.mark.parametrize("code, said", [
    ("93734", None),
    ("٩٣٧٣٤", "encontrado o algarismo '٩' (U+0669, ARABIC-INDIC DIGIT NINE) na posição 1"),
    ("937३4", "encontrado o algarismo '३' (U+0969, DEVANAGARI DIGIT THREE) na posição 4"),
])
def test_a_csv_tse_code_in_other_digits_is_refused_with_file_row_and_column(code, said):
    from viabilidade.data.codes import tse_code

    if said is None:
        assert tse_code(code, file="t.csv", row=4, column="cod_tse") == code
        return
    with pytest.raises(DataError) as e:
        tse_code(code, file="t.csv", row=4, column="cod_tse")
    assert str(e.value) == f"arquivo t.csv, linha 4, coluna 'cod_tse': {said}; {TAIL}"


HISTORY = ROOT.parent / "shared" / "data" / "history" / "go_criacao_municipios_fatos_legais.csv"


@pytest.mark.skipif(not HISTORY.exists(), reason="shared raw data not found")
@pytest.mark.parametrize("code, said", [
    ("5214879", None),
    ("52١٤٨٧٩", "encontrado o algarismo '١' (U+0661, ARABIC-INDIC DIGIT ONE) na posição 3"),
])
def test_a_history_csv_code_in_other_digits_is_refused_with_its_row(tmp_path, code, said):
    from viabilidade.data.history import read_history
    from viabilidade.data.store import load_store

    munis = load_store(ROOT / "data" / "processed").municipalities
    p = tmp_path / "h.csv"
    p.write_text(HISTORY.read_text(encoding="utf-8").replace(",5214879,", f",{code},", 1),
                 encoding="utf-8")
    if said is None:
        assert "5214879" in set(read_history(p, munis)["cod_ibge"])
        return
    with pytest.raises(DataError) as e:
        read_history(p, munis)
    assert str(e.value) == (f"arquivo {p.name}, linha {_line(p, code)}, coluna 'cod_ibge': "
                            f"{said}; {TAIL}")


@pytest.mark.parametrize("query, said", [
    ("٥٢٠٠١٠٠", "encontrado o algarismo '٥' (U+0665, ARABIC-INDIC DIGIT FIVE) na posição 1"),
    ("५२००१००", "encontrado o algarismo '५' (U+096B, DEVANAGARI DIGIT FIVE) na posição 1"),
])
def test_novo_refuses_a_code_in_other_digits_naming_the_digit(query, said):
    from viabilidade.cli.lookup import NameLookupError, resolve_unit
    from viabilidade.data.store import load_store

    store = load_store(ROOT / "data" / "processed")
    assert resolve_unit("5200100", store).name == "Abadiânia"
    with pytest.raises(NameLookupError) as e:
        resolve_unit(query, store)
    assert str(e.value) == f"o nome '{query}': {said}; {TAIL}"


@pytest.mark.parametrize("text, integer, said", [
    ("3.010", True, None),
    ("1,5", False, None),
    ("٣.٠١٠", True, "encontrado o algarismo '٣' (U+0663, ARABIC-INDIC DIGIT THREE) na posição 1"),
    ("١,٥", False, "encontrado o algarismo '١' (U+0661, ARABIC-INDIC DIGIT ONE) na posição 1"),
    ("3.0१0", True, "encontrado o algarismo '१' (U+0967, DEVANAGARI DIGIT ONE) na posição 4"),
])
def test_an_explorer_number_in_other_digits_is_refused(text, integer, said):
    """Babel's pt-BR parser reads through ``Decimal``, which took "٣.٠١٠" as 3.010 and "١,٥"
    as 1,5 in the explorer's number boxes (thresholds, declared figures, growth rates)."""
    from viabilidade.explore.numbers import parse_number

    if said is None:
        assert parse_number(text, integer=integer) == {"3.010": 3010, "1,5": 1.5}[text]
        return
    with pytest.raises(ValueError) as e:
        parse_number(text, integer=integer)
    assert str(e.value) == f"“{text}”: {said}; {TAIL}"


@pytest.mark.parametrize("jobs, said", [
    ("2", None),
    ("٤", "encontrado o algarismo '٤' (U+0664, ARABIC-INDIC DIGIT FOUR) na posição 1"),
    ("१", "encontrado o algarismo '१' (U+0967, DEVANAGARI DIGIT ONE) na posição 1"),
])
def test_lote_jobs_in_other_digits_are_refused(tmp_path, capsys, jobs, said):
    """``type=int``: ``int("٤")`` is 4, so ``lote -j ٤`` ran four processes."""
    from viabilidade.cli import main

    missing = tmp_path / "nenhum"
    argv = ["lote", "-j", jobs, str(missing), "--saida", str(tmp_path / "saida")]
    if said is None:  # -j read; the batch stops at the missing candidates, after it
        assert main(argv) == 2
        assert capsys.readouterr().err == (f"erro: {missing}: arquivo ou pasta de candidatos "
                                           "inexistente\n")
        return
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"viabilidade lote: erro: argumento -j/--jobs: {said}; {TAIL}")


@pytest.mark.parametrize("value, said", [
    ("412", None),
    ("٤١٢", "TOML inválido: valor inválido (coluna 14); esperado TOML válido"),
    ('"٤١٢"', "encontrado o texto '٤١٢'; esperado um número inteiro >= 0"),
])
def test_a_toml_count_in_other_digits_is_refused(tmp_path, value, said):
    """TOML's grammar reads 0-9 alone and a count is an integer, never a text read by
    ``int()``: petition signatures (and so a ruleset's thresholds, electors, ``first_number``)
    needed no change; kept refused as they were."""
    p = _file(tmp_path, _act("proposta", "2027-01-08", "Representação nº 1/2027")
              + f"[process.events.figures]\nsignatures = {value}\n")
    if said is None:
        assert [a.figures for a in load_candidate(p).events] == [{"signatures": 412}]
        return
    field = "" if value == "٤١٢" else ", campo 'process.events[1].figures.signatures'"
    assert _problems(p) == [f"{p}, linha {_line(p, 'signatures = ')}{field}: {said}"]


@pytest.mark.parametrize("value, said", [
    ("15", None),
    ("١٥", "linha 12: TOML inválido: valor inválido (coluna 16); esperado TOML válido"),
    ('"١٥"', "linha 12, campo 'oficios.first_number': encontrado o texto '١٥'; esperado o número "
             "do primeiro ofício, um inteiro de 1 a 99.999 (os demais seguem em ordem)"),
])
def test_a_first_number_in_other_digits_is_refused(tmp_path, value, said):
    p = tmp_path / "config.toml"
    p.write_text(OFICIOS.read_text(encoding="utf-8").replace(
        "first_number = 15", f"first_number = {value}", 1), encoding="utf-8")
    if said is None:
        assert OficiosSettings.from_toml(p).first_number == 15
        return
    with pytest.raises(SettingsError) as e:
        OficiosSettings.from_toml(p)
    assert str(e.value) == f"{p}, {said}"
