"""Shared checks for the loaders: encodings, required columns, unique codes, pandera schemas.

Every failure is a :class:`viabilidade.errors.DataError` naming the file, the row as a text
editor or spreadsheet shows it (header = row 1 for CSV; the sheet row for xlsx) and the column.
Loaders keep a ``rows`` Series (file row of each DataFrame row) so that errors found after
parsing still point into the file.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path

import pandas as pd
import pandera.pandas as pa
from pandera.errors import SchemaError, SchemaErrors

from ..common.text import quoted, quoted_list
from ..errors import DataError

#: Column name under which loaders keep the file row number until validation is done.
ROW = "_row"


def decode(path: Path, encoding: str, limit=None) -> str:
    """Read a whole text file in the encoding its publisher uses.

    Parameters
    ----------
    path : Path
        The raw file.
    encoding : {"latin-1", "utf-8", "utf-8-sig"}
        Encoding as published (IBGE/TSE CSVs: ISO-8859-1; DTB re-publications: UTF-8 with BOM).
    limit : viabilidade.data.download.Limit, optional
        Most bytes read (:func:`read_raw_bytes`).

    Returns
    -------
    str
        The text with line endings left as published (CRLF is handled by the CSV parser),
        without a leading UTF-8 byte-order mark (:data:`UTF8_BOM`: in a latin-1 file it
        read as ``ï»¿`` and garbled the first column's name).

    Raises
    ------
    DataError
        File missing; bytes that are not valid in ``encoding`` (names the row of the first
        bad byte); a file announced as latin-1 that decodes as UTF-8 with accented letters
        (it was re-saved in another encoding, and reading it as latin-1 would garble names).
    """
    raw = read_raw_bytes(path, limit).removeprefix(UTF8_BOM)
    if _latin_1(encoding):
        try:
            as_utf8 = raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
        if any(ord(ch) > 127 for ch in as_utf8):
            first = next(i for i, ch in enumerate(as_utf8) if ord(ch) > 127)
            raise _utf8_not_latin_1(as_utf8[first], path, as_utf8.count("\n", 0, first) + 1)
        return as_utf8
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _not_encoding(raw[exc.start], encoding, path,
                            raw.count(b"\n", 0, exc.start) + 1) from exc


def _latin_1(encoding: str) -> bool:
    return encoding.lower().replace("_", "-") in ("latin-1", "latin1", "iso-8859-1")


def _utf8_not_latin_1(char: str, path: Path, row: int) -> DataError:
    """A file announced as latin-1 that is UTF-8 with accents (:func:`decode`)."""
    return DataError(f"codificação errada: encontrado UTF-8 (primeiro caractere acentuado "
                     f"{char!r}); esperado ISO-8859-1 (latin-1), como publicado; use o arquivo "
                     "como publicado", file=path, row=row)


def _not_encoding(byte: int, encoding: str, path: Path, row: int) -> DataError:
    """A byte not valid in ``encoding`` (:func:`decode`)."""
    return DataError(f"codificação errada: encontrado o byte 0x{byte:02x}, que não é "
                     f"{encoding.upper()} válido (o arquivo parece ISO-8859-1/latin-1); esperado "
                     f"{encoding.upper()}", file=path, row=row)


def decoded_lines(path: Path, encoding: str, limit):
    """The lines of a raw file as :func:`decode` reads them (same checks, same messages),
    one at a time, each with its line end: memory follows the longest line, not the file.

    A file announced as latin-1 is read twice: first to see whether it is UTF-8 with accents
    (:func:`decode`'s rule, line by line: a UTF-8 character never spans a line end), then to
    give its lines.

    Raises
    ------
    DataError
        As :func:`read_raw_bytes` (the file's kind and size, before a byte is read) and
        :func:`decode`; a file that grew past ``limit`` while read.
    """
    from ..os_errors import count_bytes, os_reason

    try:
        fh, limit = _opened(path, limit)
    except OSError as exc:
        raise DataError(f"não foi possível lê-lo: {os_reason(exc)}", file=path) from None

    def lines():
        total = 0
        for n, raw in enumerate(fh, start=1):
            total += len(raw)
            if total > limit.bytes:
                raise DataError(f"tem mais de {count_bytes(limit.bytes)}; esperado no máximo "
                                f"{count_bytes(limit.bytes)} ({limit.why})", file=path)
            yield n, raw.removeprefix(UTF8_BOM) if n == 1 else raw

    with fh:
        if _latin_1(encoding):
            utf8 = first = None
            for n, raw in lines():
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    utf8 = False
                    break
                if first is None and not raw.isascii():
                    first = (next(c for c in text if ord(c) > 127), n)
            if utf8 is None and first is not None:
                raise _utf8_not_latin_1(first[0], path, first[1])
            fh.seek(0)
            for _, raw in lines():
                yield raw.decode("latin-1")
            return
        for n, raw in lines():
            try:
                yield raw.decode(encoding)
            except UnicodeDecodeError as exc:
                raise _not_encoding(raw[exc.start], encoding, path, n) from None


def read_text_csv(path: Path, *, encoding: str, sep: str, na_values=(),
                  required: list[str] | tuple[str, ...] = (), limit=None,
                  max_columns: int | None = None) -> pd.DataFrame:
    """Parse a CSV as published, every field as text, with a ``_row`` column.

    Parameters
    ----------
    path : Path
        The file.
    encoding : str
        See :func:`decode`.
    sep : str
        Field separator (``";"`` for IBGE/TSE, ``","`` elsewhere).
    na_values : iterable of str
        Literal markers of a missing value (IBGE ``"."``, TSE ``"#NULO#"``); empty fields
        are always missing.
    required : sequence of str
        Columns that must be present (checked on the first line before the file is read).
    limit : viabilidade.data.download.Limit, optional
        Most bytes read (:func:`read_raw_bytes`).
    max_columns : int, optional
        Most columns of the header (checked on the first line before the file is read, with
        ``required``: :func:`require_header`).

    Returns
    -------
    pandas.DataFrame
        All columns as text (``str``), plus ``_row`` (int, file line number of the record).

    Raises
    ------
    DataError
        Encoding (see :func:`decode`), unparsable CSV, or a required column missing (names
        the file, row 1 and the column, and lists the columns found).
    """
    if required or max_columns:  # else nothing to check before the parse (decode checks kind and size)
        require_header(path, encoding=encoding, sep=sep, required=required, limit=limit,
                       max_columns=max_columns)
    text = decode(path, encoding, limit)
    try:
        df = pd.read_csv(io.StringIO(text), sep=sep, dtype=str, keep_default_na=False,
                         na_values=["", *na_values], quotechar='"')
    except (pd.errors.ParserError, ValueError) as exc:
        import re

        text_ = " ".join(str(exc).split())
        m = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", text_)
        if m:
            expected, line, saw = m.groups()
            raise DataError(f"{_field_count(saw, expected, sep)} (detalhe técnico: {text_})",
                            file=path, row=int(line)) from None
        raise DataError(f"não foi possível lê-lo como CSV separado por '{sep}' (aspas sem "
                        "fechamento ou arquivo truncado?); esperado o arquivo como publicado: "
                        f"baixe-o de novo (detalhe técnico: {text_})", file=path) from None
    require_columns(df, required, path, row=1)
    df[ROW] = range(2, len(df) + 2)
    return df


def read_rows(path: Path, *, encoding: str, sep: str, required, limit, max_rows: int,
              rows_why: str = "", keep: dict[str, str] | None = None,
              max_kept: int | None = None, kept_why: str = "") -> pd.DataFrame:
    """Read a published CSV record by record, keeping only the ``required`` columns of the
    records a reader needs, so memory follows what is kept, not the file.

    :func:`read_text_csv` parses the whole file into a frame of every field: a 250 MB file
    took 1,2–2,3 GB (issue 32, hostile trial 5, the Tesouro's files). Here the file is
    decoded a line at a time (:func:`decoded_lines`, bounded by ``limit``) and read by the
    csv module; the records are counted as they come, and at most ``max_rows`` are read.

    Parameters
    ----------
    path : Path
    encoding, sep : str
        As :func:`read_text_csv`.
    required : sequence of str
        The columns returned (checked on the first line before the file is read:
        :func:`require_header`); the others are dropped as each record is read.
    limit : viabilidade.data.download.Limit
        Most bytes of the file (its size checked before it is read).
    max_rows : int
        Most records after the header (blank lines not counted).
    rows_why : str
        Where ``max_rows`` comes from, in pt-BR (for the message).
    keep : dict of str to str, optional
        Keep only the records whose column has this value (compared without surrounding
        spaces), e.g. ``{"UF": "GO"}``.
    max_kept : int, optional
        Most records kept (those ``keep`` selects); the read stops one past it, so memory
        follows the records a reader needs, not ``max_rows``.
    kept_why : str
        Where ``max_kept`` comes from, in pt-BR (for the message).

    Returns
    -------
    pandas.DataFrame
        The ``required`` columns as text (an empty field is ``None``), plus ``_row`` (the
        file line of each record, the header being line 1).

    Raises
    ------
    DataError
        As :func:`require_header` and :func:`decode`; more than ``max_rows`` records (or
        ``max_kept`` kept); a
        record with more fields than the header; a line the csv module refuses
        (:func:`csv_reason`) — each naming the file and line, in pt-BR.
    """
    import csv

    from ..common.numbers import decimal

    require_header(path, encoding=encoding, sep=sep, required=required, limit=limit)
    reader = csv.reader(decoded_lines(path, encoding, limit), delimiter=sep)
    try:
        header = next(reader, [])
        require_columns(pd.DataFrame(columns=header), [*required, *(keep or {})], path, row=1)
        at = [header.index(c) for c in required]
        where = [(header.index(c), v) for c, v in (keep or {}).items()]
        columns: list[list] = [[] for _ in required]
        rows: list[int] = []
        count = 0
        for fields in reader:
            if not fields:
                continue
            count += 1
            if count > max_rows:
                raise DataError(f"mais de {decimal(max_rows)} linhas de dados; esperadas no "
                                f"máximo {decimal(max_rows)}"
                                + (f" ({rows_why})" if rows_why else ""), file=path,
                                row=reader.line_num)
            if len(fields) > len(header):
                raise DataError(_field_count(len(fields), len(header), sep), file=path,
                                row=reader.line_num)
            if any(i >= len(fields) or fields[i].strip() != v for i, v in where):
                continue
            if max_kept is not None and len(rows) >= max_kept:
                raise DataError(f"mais de {decimal(max_kept)} linhas de dados"
                                + "".join(f" com {c} = {v}" for c, v in (keep or {}).items())
                                + f"; esperadas no máximo {decimal(max_kept)}"
                                + (f" ({kept_why})" if kept_why else ""), file=path,
                                row=reader.line_num)
            for out, i in zip(columns, at):
                out.append(fields[i] if i < len(fields) and fields[i] != "" else None)
            rows.append(reader.line_num)
    except csv.Error as exc:
        raise DataError(f"não foi possível ler a linha como CSV separado por '{sep}' "
                        f"({csv_reason(exc)}); esperado o arquivo como publicado", file=path,
                        row=reader.line_num) from None
    return pd.DataFrame({**dict(zip(required, columns)), ROW: rows})


def _field_count(saw, expected, sep: str) -> str:
    """A line with more fields than the header, in pt-BR."""
    return (f"a linha tem {saw} campos separados por '{sep}', mas o cabeçalho tem {expected}; "
            "esperado um CSV com o mesmo número de campos em toda linha (um separador a mais "
            "dentro de um texto sem aspas? baixe o arquivo de novo)")


def require_columns(df: pd.DataFrame, required, path: Path, *, row: int = 1) -> None:
    """Raise DataError naming the first required column that is absent."""
    for col in required:
        if col not in df.columns:
            found = [c for c in df.columns if c != ROW]
            raise DataError(f"coluna ausente; esperada {col!r}, encontradas as colunas "
                            f"{quoted_list(found)}",
                            file=path, row=row, column=col)


def require_unique(df: pd.DataFrame, column: str, path: Path) -> None:
    """Raise DataError on the second occurrence of a code in ``column``."""
    dup = df[column].duplicated(keep="first")
    if dup.any():
        i = dup.to_numpy().nonzero()[0][0]
        value = df[column].iloc[i]
        first = df.loc[df[column] == value, ROW].iloc[0]
        raise DataError(f"código {quoted(value)} repetido (já está na linha {first}); esperada uma "
                        "linha por código", file=path, row=int(df[ROW].iloc[i]), column=column)


def to_number(df: pd.DataFrame, column: str, path: Path, *, decimal: str = ".",
              integer: bool = False, missing=(), required: bool = False) -> pd.Series:
    """Convert a text column to numbers, naming the first cell that is not a number.

    ``decimal=","`` reads IBGE's decimal comma; values in ``missing`` (e.g. ``"..."``,
    ``"-"``) become NaN/``<NA>``. With ``required``, an empty cell is an error (a key
    column such as the year).
    """
    s = df[column].astype("string").str.strip()
    if required:
        blank = s.isna() | (s == "")
        if blank.any():
            i = blank.to_numpy().nonzero()[0][0]
            raise DataError(f"célula vazia; esperado {'um número inteiro' if integer else 'um número'}"
                            " (a coluna não admite valores em branco)", file=path,
                            row=int(df[ROW].iloc[i]), column=column)
    s = s.mask(s.isin(list(missing)) | (s == ""))
    if decimal == ",":
        s = s.str.replace(".", "", regex=False).str.replace(",", ".", regex=False)
    num = pd.to_numeric(s, errors="coerce")
    bad = num.isna() & s.notna()
    if bad.any():
        i = bad.to_numpy().nonzero()[0][0]
        raise DataError(f"encontrado {quoted(df[column].iloc[i])}; esperado um número", file=path,
                        row=int(df[ROW].iloc[i]), column=column)
    if integer:
        frac = num.notna() & (num != num.round())
        if frac.any():
            i = frac.to_numpy().nonzero()[0][0]
            raise DataError(f"encontrado {quoted(df[column].iloc[i])}; esperado um número inteiro",
                            file=path, row=int(df[ROW].iloc[i]), column=column)
        return num.astype("Int64")
    return num.astype("float64")


_CHECKS = (
    (r"greater_than_or_equal_to\((.+)\)", r"um valor >= \1"),
    (r"greater_than\((.+)\)", r"um valor > \1"),
    (r"less_than_or_equal_to\((.+)\)", r"um valor <= \1"),
    (r"less_than\((.+)\)", r"um valor < \1"),
    (r"in_range\((.+), (.+)\)", r"um valor entre \1 e \2"),
    (r"isin\((.+)\)", r"um de \1"),
    (r"equal_to\((.+)\)", r"o valor \1"),
    (r"not_nullable", "um valor (não vazio)"),
    (r"str_matches\((.+)\)", r"um texto no padrão \1"),
    (r"field_uniqueness", "valores sem repetição"),
)


def describe_check(desc: str) -> str:
    """A pandera check as a pt-BR clause: ``"in_range(-20.0, -12.0)"`` gives
    ``"esperado um valor entre -20.0 e -12.0"``; a check without a known form gives
    ``"não passou na verificação <desc>"``."""
    for pattern, repl in _CHECKS:
        if re.fullmatch(pattern, desc.strip()):
            return "esperado " + re.sub(pattern, repl, desc.strip())
    return f"não passou na verificação {desc}"


def validate(df: pd.DataFrame, schema: pa.DataFrameSchema, path: Path) -> pd.DataFrame:
    """Validate with pandera and drop ``_row``; a failure becomes a located DataError.

    Raises
    ------
    DataError
        Naming the file, the file row of the first failing record and the column, with
        pandera's description of the check that failed.
    """
    try:
        schema.validate(df, lazy=False)
    except (SchemaError, SchemaErrors) as exc:
        err = exc.schema_errors[0] if isinstance(exc, SchemaErrors) else exc
        column = getattr(err.schema, "name", None)
        row = None
        cases = getattr(err, "failure_cases", None)
        if isinstance(cases, pd.DataFrame) and "index" in cases and ROW in df:
            idx = cases["index"].dropna()
            if len(idx):
                row = int(df.loc[idx.iloc[0], ROW])
        check = getattr(err, "check", None)
        desc = (getattr(check, "error", None) or getattr(check, "name", None) or str(check)
                if check is not None else str(err).splitlines()[0])
        if column is not None and isinstance(cases, pd.DataFrame) and len(cases) \
                and "failure_case" in cases:
            found = cases["failure_case"].iloc[0]
            found = found.item() if hasattr(found, "item") else found
            message = f"encontrado {quoted(found)}; {describe_check(desc)}"
        else:
            message = describe_check(desc)
        raise DataError(message, file=path, row=row, column=column) from exc
    return df.drop(columns=[ROW], errors="ignore").reset_index(drop=True)


#: Bounds of an xlsx workbook's zip members, from their declared sizes, checked before openpyxl
#: reads it (zipfile never inflates a member past its declared size). The real workbooks are
#: far below: the largest member of the census, dictionary and SIDRA workbooks is 1,7 MB, all
#: of one 2,1 MB. Hostile trial 5: a 2 MB workbook whose shared strings inflate to 2 GB took
#: 4,5 GB; 20 million strings and 3 million rows ran past 120 s.
XLSX_MEMBERS, XLSX_MEMBER_BYTES, XLSX_TOTAL_BYTES = 1_000, 16 * 2**20, 32 * 2**20
#: Most XML elements (``<``) of one member, counted in the inflated XML before openpyxl parses
#: it (:func:`_check_workbook_members`), and most rows read and columns declared of a
#: worksheet (:func:`read_sheet`). The real workbooks: at most 167.195 elements in a member
#: (the census population's "Municípios"), 5.574 rows (the IBGE's areas about 5.600) and 23
#: columns (SIDRA). Hostile trial 5: 20 million shared strings and 3 million rows ran past
#: 120 s; with 64 MiB of rows, openpyxl's scan for the sheet's size alone took 50 s before a
#: row was read (about 3 µs an element, measured 2026-12-07 at load 6): 1.000.000 elements
#: cost it some 3 s.
XLSX_ELEMENTS, XLSX_ROWS, XLSX_COLUMNS = 1_000_000, 50_000, 200


def read_sheet(path: Path, sheet: str | None = None, *, prefix: str | None = None,
               max_rows: int = XLSX_ROWS) -> list[tuple[int, tuple]]:
    """All rows of one worksheet as ``(sheet row number, values)``.

    Parameters
    ----------
    path : Path
        An ``.xlsx`` workbook.
    sheet : str, optional
        Exact sheet name.
    prefix : str, optional
        Take the sheet whose name starts with this text (SIDRA truncates sheet names at 28
        characters and appends ``...``).
    max_rows : int
        Most rows read (:data:`XLSX_ROWS`); the sheet is not read past them.

    Raises
    ------
    DataError
        File missing or not an xlsx workbook; no such sheet (lists the sheets found); more
        than ``max_rows`` rows; a sheet that cannot be read to its end (a member whose
        declared size is shorter than its data, a truncated XML), naming the file.
    """
    wb = open_workbook(path)
    try:
        names = wb.sheetnames
        if sheet is not None:
            chosen = sheet if sheet in names else None
        else:
            chosen = next((n for n in names if n.startswith(prefix or "")), None)
        if chosen is None:
            want = sheet if sheet is not None else f"{prefix}..."
            raise DataError(f"encontradas as abas {quoted_list(names)}; esperada a aba {want!r}",
                            file=path)
        ws = wb[chosen]
        if (ws.max_column or 0) > XLSX_COLUMNS:  # each row would be padded to it
            from ..common.numbers import decimal

            raise DataError(f"a aba {quoted(chosen)} declara {decimal(ws.max_column)} colunas; "
                            f"esperadas no máximo {decimal(XLSX_COLUMNS)} (as planilhas reais "
                            "têm até 23)", file=path)
        rows = []
        try:
            for i, r in enumerate(ws.iter_rows(values_only=True), start=1):
                if i > max_rows:
                    from ..common.numbers import decimal

                    raise DataError(f"a aba {quoted(chosen)} tem mais de {decimal(max_rows)} linhas; "
                                    f"esperadas no máximo {decimal(max_rows)} (as planilhas "
                                    "reais têm até 5.600)", file=path, row=i)
                rows.append((i, tuple(r)))
        except _UNREADABLE as exc:
            raise _unreadable(path, exc) from None
        return rows
    finally:
        wb.close()


def open_workbook(path: Path):
    """Open an xlsx workbook read-only (values, not formulas); close it after use.

    Raises
    ------
    DataError
        File missing, a folder, or not a whole xlsx workbook (a truncated download gives
        ``BadZipFile``), naming the file.
    """
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    if path.is_dir():
        raise DataError("encontrada uma pasta; esperada uma planilha .xlsx", file=path)
    if not path.exists():
        raise DataError("arquivo não encontrado", file=path)
    try:
        _check_workbook_members(path)
        return openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, *_UNREADABLE) as exc:
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: Exception) -> DataError:
    """A workbook that cannot be opened or read to its end, in pt-BR."""
    from ..common.vector_files import archive_reason

    if isinstance(exc, SyntaxError):
        reason = "o XML de uma parte da planilha está incompleto ou malformado"
    elif isinstance(exc, (ValueError, TypeError)) and not isinstance(exc, zipfile.BadZipFile):
        reason = "uma parte da planilha tem um valor ilegível"
    else:
        reason = archive_reason(exc)
    return DataError(f"não foi possível abri-lo ({reason}); esperada uma planilha .xlsx inteira "
                     "(arquivo truncado ou corrompido? baixe-o de novo)", file=path)


#: What reading a hostile or damaged workbook raises: a zip member shorter or longer than
#: its declared size (``BadZipFile``: bad CRC; ``zlib.error``), a truncated or malformed XML
#: (``SyntaxError``: ``ParseError`` and lxml's ``XMLSyntaxError`` derive from it), a value
#: openpyxl cannot convert (``ValueError``, ``TypeError``), a missing member (``KeyError``).
_UNREADABLE = (zipfile.BadZipFile, zlib.error, OSError, KeyError, EOFError, SyntaxError,
               ValueError, TypeError)




def _check_workbook_members(path: Path, *, members: int = XLSX_MEMBERS,
                            member_bytes: int = XLSX_MEMBER_BYTES,
                            total_bytes: int = XLSX_TOTAL_BYTES) -> None:
    """Refuse a workbook whose zip declares too many members, or members too large once
    inflated (:data:`XLSX_MEMBER_BYTES`, :data:`XLSX_TOTAL_BYTES`), or whose worksheets or
    shared strings hold too many XML elements (:data:`XLSX_ELEMENTS`: counted in the inflated
    XML a block at a time), before openpyxl parses it.

    Raises
    ------
    DataError
        Naming the file and the member, with the sizes or counts in pt-BR.
    zipfile.BadZipFile
        Not a zip, or a member longer than its declared size (the caller words it).
    """
    from ..common.numbers import decimal

    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        if len(infos) > members:
            raise DataError(f"a planilha tem {decimal(len(infos))} partes; esperadas no máximo "
                            f"{decimal(members)} (não é uma planilha comum)", file=path)
        big = max(infos, key=lambda i: i.file_size, default=None)
        if big is not None and big.file_size > member_bytes:
            raise DataError(f"a parte {quoted(big.filename)} da planilha teria "
                            f"{decimal(big.file_size)} bytes descompactada; esperado no máximo "
                            f"{decimal(member_bytes)} (planilha compactada de modo hostil ou "
                            "grande demais para esta tabela)", file=path)
        total = sum(i.file_size for i in infos)
        if total > total_bytes:
            raise DataError(f"a planilha teria {decimal(total)} bytes descompactada; esperado no "
                            f"máximo {decimal(total_bytes)}", file=path)
        for info in infos:
            name = info.filename.lower()
            if not name.endswith(".xml") or not ("worksheets/" in name
                                                 or name.endswith("sharedstrings.xml")):
                continue
            with z.open(info) as fh:
                count = _elements(fh)
            if count > XLSX_ELEMENTS:
                raise DataError(f"a parte {quoted(info.filename)} da planilha tem "
                                f"{decimal(count)} elementos XML; esperados no máximo "
                                f"{decimal(XLSX_ELEMENTS)} (as planilhas reais têm até 170.000: "
                                "linhas, células ou textos demais para esta tabela)", file=path)


def _elements(fh) -> int:
    """How many XML elements (each begins with ``<``: start and end tags) the member read
    from ``fh`` holds, a block of 1 MiB at a time: whatever their namespace prefix or the
    spaces in them, each costs the parser the same."""
    count = 0
    while chunk := fh.read(1 << 20):
        count += chunk.count(b"<")
    return count


def known_limit(name: str):
    """The bound of a raw file the build reads by this name: the size of the copy the
    processed manifest records (:data:`viabilidade.data.provenance.RAW_BYTES`) plus the margin
    of a download (:meth:`~viabilidade.data.download.Limit.recorded`), or ``None`` for a name
    it does not record. A 250 MB file in place of a 78.587-byte copy was parsed whole under the
    256 MiB ceiling of a ``.csv`` (issue 32, hostile trial 5, the Tesouro's files; any copy the
    same)."""
    from .download import Limit
    from .provenance import RAW_BYTES

    size = next((n for raw, n in RAW_BYTES.items() if raw.rsplit("/", 1)[-1] == name), None)
    return Limit.recorded(size) if size else None


def _opened(path: Path, limit):
    """``(file, limit)``: a raw file opened for reading once it is known to be a regular file
    no larger than ``limit`` (default :func:`known_limit`, else the ceiling of its kind); see
    :func:`read_raw_bytes`."""
    import os
    import stat

    from ..os_errors import count_bytes
    from .download import Limit

    if path.is_dir():
        raise DataError(f"encontrada uma pasta em {path}; esperado o arquivo como publicado",
                        file=path)
    if not path.exists():
        raise DataError("arquivo não encontrado", file=path)
    limit = limit or known_limit(path.name) or Limit.ceiling(path.name)
    # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    fh = open(path, "rb", opener=lambda p, f: os.open(p, f | os.O_NONBLOCK))
    info = os.fstat(fh.fileno())
    if not stat.S_ISREG(info.st_mode):
        fh.close()
        raise DataError("não é um arquivo comum (uma FIFO ou um dispositivo); esperado o "
                        "arquivo como publicado", file=path)
    if info.st_size > limit.bytes:
        fh.close()
        raise DataError(f"tem {count_bytes(info.st_size)}; esperado no máximo "
                        f"{count_bytes(limit.bytes)} ({limit.why})", file=path)
    return fh, limit


def read_raw_bytes(path: Path, limit=None) -> bytes:
    """The bytes of a raw file, its kind and size checked before it is read.

    Parameters
    ----------
    path : Path
    limit : viabilidade.data.download.Limit, optional
        Most bytes read, and why; default the recorded size of a copy of that name plus the
        margin (:func:`known_limit`), else the ceiling a download of the file's kind may
        write (:meth:`~viabilidade.data.download.Limit.ceiling`: 256 MiB for a ``.csv``).

    Raises
    ------
    DataError
        The file is missing, is a folder or not a regular file (a FIFO, a device), is over
        ``limit`` (its size and the bound's basis), or cannot be read, naming it (pt-BR).
    """
    from ..os_errors import count_bytes, os_reason

    try:
        fh, limit = _opened(path, limit)
        with fh:
            data = fh.read(limit.bytes + 1)
    except OSError as exc:
        raise DataError(f"não foi possível lê-lo: {os_reason(exc)}", file=path) from None
    if len(data) > limit.bytes:  # it grew while read
        raise DataError(f"tem mais de {count_bytes(limit.bytes)}; esperado no máximo "
                        f"{count_bytes(limit.bytes)} ({limit.why})", file=path)
    return data


def require_header(path: Path, *, encoding: str, sep: str, required, limit=None,
                   max_columns: int | None = None) -> list[str]:
    """Check the first line of a CSV for the ``required`` columns before the file is read
    (a 216 MB file took 40 s and 1,76 GB before its missing column was told).

    Parameters
    ----------
    path : Path
    encoding, sep : str
        As :func:`read_text_csv`.
    required : sequence of str
    limit : viabilidade.data.download.Limit, optional
        As :func:`read_raw_bytes` (checked first).
    max_columns : int, optional
        Most columns of the header. A header of 100.000 columns in 0,8 MB took 43,5 s and
        417 MB of pandas before its missing column was told (issue 32, hostile trial 6, H6-1).

    Returns
    -------
    list of str
        The column names of the first line (empty when it does not decode).

    Raises
    ------
    DataError
        As :func:`read_raw_bytes`; a first line that is not a CSV header
        (:func:`header_fields`); more than ``max_columns`` columns; a column named twice;
        a required column absent from the first line (the message of
        :func:`require_columns`) — naming the file and line 1. A first line that does not
        decode is left to :func:`decode`, which names the byte and the row.
    """
    from ..os_errors import os_reason

    try:
        fh, limit = _opened(path, limit)
        with fh:
            first = fh.readline(HEADER_MAX)
    except OSError as exc:
        raise DataError(f"não foi possível lê-lo: {os_reason(exc)}", file=path) from None
    try:
        first.removeprefix(UTF8_BOM).decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return []
    if _latin_1(encoding):  # a UTF-8 header read as latin-1 garbled 'Município' (H6-3)
        try:
            as_utf8 = first.removeprefix(UTF8_BOM).decode("utf-8")
        except UnicodeDecodeError:
            as_utf8 = ""
        if accented := next((ch for ch in as_utf8 if ord(ch) > 127), None):
            raise _utf8_not_latin_1(accented, path, 1)
    fields = header_fields(first, path, encoding=encoding, sep=sep)
    if max_columns is not None and len(fields) > max_columns:
        from ..common.numbers import decimal

        raise DataError(f"o cabeçalho tem {decimal(len(fields))} colunas; esperadas no máximo "
                        f"{decimal(max_columns)} (o arquivo como publicado tem menos)",
                        file=path, row=1)
    seen: set[str] = set()
    twice = next((f for f in fields if f in seen or seen.add(f)), None)
    if twice is not None:
        raise DataError(f"a coluna {quoted(twice)} aparece mais de uma vez no cabeçalho; "
                        "esperado cada nome de coluna uma só vez, como publicado",
                        file=path, row=1)
    require_columns(pd.DataFrame(columns=fields), required, path, row=1)
    return fields


def header_fields(first: bytes, path: Path, *, encoding: str, sep: str) -> list[str]:
    """The column names of a CSV's first line as read from the file (``fh.readline``,
    at most :data:`HEADER_MAX` bytes), a leading byte-order mark dropped.

    Raises
    ------
    DataError
        Naming the file and line 1 (pt-BR, never the csv module's English or a traceback):
        a NUL byte (a binary or corrupt file); a carriage return inside the line (a file of
        CR-only line ends, as the old Mac wrote: the whole file reads as one line); no line
        end within :data:`HEADER_MAX` bytes; anything else the csv module refuses
        (:func:`csv_reason`).
    """
    import csv

    from ..common.numbers import decimal

    line = first.removeprefix(UTF8_BOM).decode(encoding, "replace")
    body = line.removesuffix("\n").removesuffix("\r")
    if "\0" in body:
        raise DataError(f"o cabeçalho tem um byte nulo (NUL, 0x00) na posição "
                        f"{decimal(body.index(chr(0)) + 1)}; esperado um CSV de texto, como "
                        "publicado (arquivo corrompido ou de outro formato? baixe-o de novo)",
                        file=path, row=1)
    if "\r" in body:
        raise DataError("o cabeçalho tem um fim de linha CR (retorno de carro) sem LF na "
                        f"posição {decimal(body.index(chr(13)) + 1)}: o arquivo usa só CR como "
                        "fim de linha (como gravava o Mac antigo); esperadas linhas terminadas "
                        "em LF ou CRLF, como publicado (baixe-o de novo)", file=path, row=1)
    if len(first) >= HEADER_MAX and not first.endswith(b"\n"):
        raise DataError(f"a primeira linha passa de {decimal(HEADER_MAX)} bytes sem fim de linha; "
                        "esperado o cabeçalho do CSV como publicado", file=path, row=1)
    try:
        return next(csv.reader([body], delimiter=sep), [])
    except csv.Error as exc:
        raise DataError(f"não foi possível ler o cabeçalho como CSV separado por '{sep}' "
                        f"({csv_reason(exc)}); esperado o arquivo como publicado",
                        file=path, row=1) from None


def csv_reason(exc: Exception) -> str:
    """A ``csv.Error`` in pt-BR: the known faults in words, any other by its text cut to
    :data:`viabilidade.common.text.QUOTE_MAX` characters."""
    import csv

    from ..common.numbers import decimal

    text = str(exc)
    if text.startswith("field larger than field limit"):
        return f"um campo com mais de {decimal(csv.field_size_limit())} caracteres"
    if text.startswith("new-line character seen in unquoted field"):
        return "fim de linha CR (retorno de carro) dentro de um campo sem aspas"
    if text.startswith("unexpected end of data"):
        return "aspas sem fechamento no fim do arquivo"
    if "NUL" in text:
        return "um byte nulo (NUL, 0x00)"
    return f"detalhe técnico: {quoted(text)}"


#: Most bytes of a CSV's first line read by :func:`require_header`.
HEADER_MAX = 1024 * 1024
#: The UTF-8 byte-order mark some programs write at the start of a file (Excel, Notepad).
UTF8_BOM = b"\xef\xbb\xbf"
