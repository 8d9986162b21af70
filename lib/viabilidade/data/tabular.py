"""Shared checks for the loaders: encodings, required columns, unique codes, pandera schemas.

Every failure is a :class:`viabilidade.errors.DataError` naming the file, the row as a text
editor or spreadsheet shows it (header = row 1 for CSV; the sheet row for xlsx) and the column.
Loaders keep a ``rows`` Series (file row of each DataFrame row) so that errors found after
parsing still point into the file.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pandas as pd
import pandera.pandas as pa
from pandera.errors import SchemaError, SchemaErrors

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
        The text with line endings left as published (CRLF is handled by the CSV parser).

    Raises
    ------
    DataError
        File missing; bytes that are not valid in ``encoding`` (names the row of the first
        bad byte); a file announced as latin-1 that decodes as UTF-8 with accented letters
        (it was re-saved in another encoding, and reading it as latin-1 would garble names).
    """
    raw = read_raw_bytes(path, limit)
    if encoding.lower().replace("_", "-") in ("latin-1", "latin1", "iso-8859-1"):
        try:
            as_utf8 = raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("latin-1")
        if any(ord(ch) > 127 for ch in as_utf8):
            first = next(i for i, ch in enumerate(as_utf8) if ord(ch) > 127)
            row = as_utf8.count("\n", 0, first) + 1
            raise DataError("codificação errada: encontrado UTF-8 (primeiro caractere acentuado "
                            f"{as_utf8[first]!r}); esperado ISO-8859-1 (latin-1), como "
                            "publicado; use o arquivo como publicado",
                            file=path, row=row)
        return as_utf8
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        row = raw.count(b"\n", 0, exc.start) + 1
        raise DataError(f"codificação errada: encontrado o byte 0x{raw[exc.start]:02x}, que "
                        f"não é {encoding.upper()} válido (o arquivo parece ISO-8859-1/latin-1); "
                        f"esperado {encoding.upper()}", file=path, row=row) from exc


def read_text_csv(path: Path, *, encoding: str, sep: str, na_values=(),
                  required: list[str] | tuple[str, ...] = (), limit=None) -> pd.DataFrame:
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
    if required:  # else nothing to check before the parse (decode checks kind and size)
        require_header(path, encoding=encoding, sep=sep, required=required, limit=limit)
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
            raise DataError(f"a linha tem {saw} campos separados por '{sep}', mas o cabeçalho tem "
                            f"{expected}; esperado um CSV com o mesmo número de campos em toda "
                            "linha (um separador a mais dentro de um texto sem aspas? baixe o "
                            f"arquivo de novo) (detalhe técnico: {text_})", file=path,
                            row=int(line)) from None
        raise DataError(f"não foi possível lê-lo como CSV separado por '{sep}' (aspas sem "
                        "fechamento ou arquivo truncado?); esperado o arquivo como publicado: "
                        f"baixe-o de novo (detalhe técnico: {text_})", file=path) from None
    require_columns(df, required, path, row=1)
    df[ROW] = range(2, len(df) + 2)
    return df


def require_columns(df: pd.DataFrame, required, path: Path, *, row: int = 1) -> None:
    """Raise DataError naming the first required column that is absent."""
    for col in required:
        if col not in df.columns:
            found = [c for c in df.columns if c != ROW]
            raise DataError(f"coluna ausente; esperada {col!r}, encontradas as colunas {found}",
                            file=path, row=row, column=col)


def require_unique(df: pd.DataFrame, column: str, path: Path) -> None:
    """Raise DataError on the second occurrence of a code in ``column``."""
    dup = df[column].duplicated(keep="first")
    if dup.any():
        i = dup.to_numpy().nonzero()[0][0]
        value = df[column].iloc[i]
        first = df.loc[df[column] == value, ROW].iloc[0]
        raise DataError(f"código {value!r} repetido (já está na linha {first}); esperada uma "
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
        raise DataError(f"encontrado {df[column].iloc[i]!r}; esperado um número", file=path,
                        row=int(df[ROW].iloc[i]), column=column)
    if integer:
        frac = num.notna() & (num != num.round())
        if frac.any():
            i = frac.to_numpy().nonzero()[0][0]
            raise DataError(f"encontrado {df[column].iloc[i]!r}; esperado um número inteiro",
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
            message = f"encontrado {found!r}; {describe_check(desc)}"
        else:
            message = describe_check(desc)
        raise DataError(message, file=path, row=row, column=column) from exc
    return df.drop(columns=[ROW], errors="ignore").reset_index(drop=True)


def read_sheet(path: Path, sheet: str | None = None, *, prefix: str | None = None
               ) -> list[tuple[int, tuple]]:
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

    Raises
    ------
    DataError
        File missing or not an xlsx workbook; no such sheet (lists the sheets found).
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
            raise DataError(f"encontradas as abas {names}; esperada a aba {want!r}", file=path)
        ws = wb[chosen]
        return [(i, tuple(r)) for i, r in enumerate(ws.iter_rows(values_only=True), start=1)]
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
    import zipfile

    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    if path.is_dir():
        raise DataError("encontrada uma pasta; esperada uma planilha .xlsx", file=path)
    if not path.exists():
        raise DataError("arquivo não encontrado", file=path)
    try:
        _check_workbook_members(path)
        return openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, OSError, KeyError, EOFError) as exc:
        from ..common.vector_files import archive_reason

        raise DataError(f"não foi possível abri-lo ({archive_reason(exc)}); esperada uma "
                        "planilha .xlsx inteira (arquivo truncado ou corrompido? baixe-o de novo)",
                        file=path) from None


#: Bounds of an xlsx workbook's zip members, from their declared sizes, checked before openpyxl
#: reads it (zipfile never inflates a member past its declared size). The real workbooks are
#: far below: the largest member of the census, dictionary and SIDRA workbooks is 1,7 MB, all
#: of one 2,1 MB. Hostile trial 5: a 2 MB workbook whose shared strings inflate to 2 GB took
#: 4,5 GB; 20 million strings and 3 million rows ran past 120 s.
XLSX_MEMBERS, XLSX_MEMBER_BYTES, XLSX_TOTAL_BYTES = 1_000, 64 * 2**20, 128 * 2**20


def _check_workbook_members(path: Path, *, members: int = XLSX_MEMBERS,
                            member_bytes: int = XLSX_MEMBER_BYTES,
                            total_bytes: int = XLSX_TOTAL_BYTES) -> None:
    """Refuse a workbook whose zip declares too many members, or members too large once
    inflated (:data:`XLSX_MEMBER_BYTES`, :data:`XLSX_TOTAL_BYTES`), before it is parsed.

    Raises
    ------
    DataError
        Naming the file and the member, with the sizes in pt-BR.
    zipfile.BadZipFile
        Not a zip (the caller words it).
    """
    import zipfile

    from ..common.numbers import decimal

    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        if len(infos) > members:
            raise DataError(f"a planilha tem {decimal(len(infos))} partes; esperadas no máximo "
                            f"{decimal(members)} (não é uma planilha comum)", file=path)
        big = max(infos, key=lambda i: i.file_size, default=None)
        if big is not None and big.file_size > member_bytes:
            raise DataError(f"a parte {big.filename[:80]!r} da planilha teria "
                            f"{decimal(big.file_size)} bytes descompactada; esperado no máximo "
                            f"{decimal(member_bytes)} (planilha compactada de modo hostil ou "
                            "grande demais para esta tabela)", file=path)
        total = sum(i.file_size for i in infos)
        if total > total_bytes:
            raise DataError(f"a planilha teria {decimal(total)} bytes descompactada; esperado no "
                            f"máximo {decimal(total_bytes)}", file=path)


def _opened(path: Path, limit):
    """``(file, limit)``: a raw file opened for reading once it is known to be a regular file
    no larger than ``limit`` (default the ceiling of its kind); see :func:`read_raw_bytes`."""
    import os
    import stat

    from ..os_errors import count_bytes
    from .download import Limit

    if path.is_dir():
        raise DataError(f"encontrada uma pasta em {path}; esperado o arquivo como publicado",
                        file=path)
    if not path.exists():
        raise DataError("arquivo não encontrado", file=path)
    limit = limit or Limit.ceiling(path.name)
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
        Most bytes read, and why; default the ceiling a download of the file's kind may
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


def require_header(path: Path, *, encoding: str, sep: str, required, limit=None) -> None:
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

    Raises
    ------
    DataError
        As :func:`read_raw_bytes`; a required column absent from the first line (the message
        of :func:`require_columns`). A first line that does not decode is left to
        :func:`decode`, which names the byte and the row.
    """
    import csv

    from ..os_errors import os_reason

    try:
        fh, limit = _opened(path, limit)
        with fh:
            first = fh.readline(HEADER_MAX)
    except OSError as exc:
        raise DataError(f"não foi possível lê-lo: {os_reason(exc)}", file=path) from None
    try:
        line = first.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return
    fields = next(csv.reader([line.lstrip("\ufeff").rstrip("\r\n")], delimiter=sep), [])
    require_columns(pd.DataFrame(columns=fields), required, path, row=1)


#: Most bytes of a CSV's first line read by :func:`require_header`.
HEADER_MAX = 1024 * 1024
