"""OpenDocument spreadsheets (``.ods``) as the IBGE publishes some tables (the DTB's
``RELATORIO_DTB_BRASIL_DISTRITO.ods``), read without a spreadsheet library: the archive's
``content.xml`` streamed element by element (``xml.etree.ElementTree.iterparse``).

What is read, per the OpenDocument 1.2 schema (part 1, § 9.1 "Tables"): each
``table:table`` (its ``table:name``), its ``table:table-row`` elements
(``table:number-rows-repeated``), their ``table:table-cell`` and ``table:covered-table-cell``
elements (``table:number-columns-repeated``); a cell's value is ``office:value`` for the
numeric types (``float``, ``percentage``, ``currency``), else its ``text:p`` paragraphs
(``text:s`` for runs of spaces, ``text:tab``, ``text:line-break``), joined by a line break.

Bounds: ``content.xml`` at most :data:`MAX_CONTENT` bytes once inflated, at most
:data:`MAX_ROWS` rows, :data:`MAX_COLUMNS` columns and :data:`MAX_CELLS` cells kept (the empty
cells a row repeats to the sheet's edge are counted, never stored), at most
:data:`MAX_CELL_TEXT` characters in one cell (a ``text:s`` repeat included) and
:data:`MAX_TEXT` characters of distinct cell text in all; a repeat is checked against what is
left of its bound before anything is expanded. A document type declaration (entities) is
refused wherever it is in ``content.xml`` (the XML is fed in pieces and each piece is searched
before the parser sees it). The real DTB district report (2022) keeps about 10.700 rows of 13
columns (≈ 140.000 cells, ≈ 2 million characters).
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from ..common.numbers import fmt
from ..common.text import quoted_list
from ..errors import DataError

#: Largest ``content.xml`` read (bytes, inflated).
MAX_CONTENT = 256 * 1024 * 1024
#: Most rows and columns kept from one sheet.
MAX_ROWS = 200_000
MAX_COLUMNS = 256
#: Most cells kept from one sheet (rows × columns as stored, each repeat counted).
MAX_CELLS = 2_000_000
#: Most characters in one cell; 32.767 is the cell limit of the spreadsheets that write the
#: IBGE's tables (Microsoft, "Excel specifications and limits").
MAX_CELL_TEXT = 32_767
#: Most characters of distinct cell text read from one sheet.
MAX_TEXT = 64 * 1024 * 1024
#: Bytes of ``content.xml`` fed to the parser at a time.
_PIECE = 64 * 1024

_NS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
       "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
       "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}


def _q(prefix: str, name: str) -> str:
    return f"{{{_NS[prefix]}}}{name}"


_TABLE, _ROW = _q("table", "table"), _q("table", "table-row")
_CELLS = (_q("table", "table-cell"), _q("table", "covered-table-cell"))
_P, _S, _TAB, _BR = _q("text", "p"), _q("text", "s"), _q("text", "tab"), _q("text", "line-break")
_NUMERIC = ("float", "percentage", "currency")


class _Bound(Exception):
    """A cell's text past :data:`MAX_CELL_TEXT` (carries the message's subject)."""


def _text(p: ET.Element, room: int) -> str:
    """The text of a ``text:p``, spaces of ``text:s`` and tabs included, at most ``room``
    characters (:class:`_Bound` past it, before a ``text:s`` run is expanded)."""
    out, size = [], 0

    def add(piece: str) -> None:
        nonlocal size
        size += len(piece)
        if size > room:
            raise _Bound
        out.append(piece)

    add(p.text or "")
    for child in p.iter():
        if child is p:
            continue
        if child.tag == _S:
            count = int(child.get(_q("text", "c"), "1") or 1)
            if count > room - size:
                raise _Bound
            add(" " * max(count, 0))
        elif child.tag == _TAB:
            add("\t")
        elif child.tag == _BR:
            add("\n")
        else:
            add(child.text or "")
        add(child.tail or "")
    return "".join(out)


def _value(cell: ET.Element) -> str:
    """A cell's text (see the module's docstring); :class:`_Bound` past
    :data:`MAX_CELL_TEXT` characters."""
    kind = cell.get(_q("office", "value-type"), "")
    if kind in _NUMERIC:
        value = cell.get(_q("office", "value"), "")
        if len(value) > MAX_CELL_TEXT:
            raise _Bound
        return value[:-2] if value.endswith(".0") else value
    parts, size = [], -1
    for p in cell.iter(_P):
        parts.append(_text(p, MAX_CELL_TEXT - size - 1))
        size += len(parts[-1]) + 1
    return "\n".join(parts)


def _feed(fh, path: Path):
    """``content.xml`` parsed in pieces: yields ``(event, element)``; a ``<!DOCTYPE``
    anywhere (a piece's tail is kept so a split one is seen) is refused before it is fed."""
    parser = ET.XMLPullParser(events=("start", "end"))
    tail = b""
    while True:
        piece = fh.read(_PIECE)
        if b"<!DOCTYPE" in tail + piece:
            raise DataError("content.xml declara um tipo de documento (entidades); "
                            "esperado o XML de uma planilha", file=path)
        tail = piece[-8:]
        if not piece:
            parser.close()
            yield from parser.read_events()
            return
        parser.feed(piece)
        yield from parser.read_events()


def read_ods_sheet(path: Path, sheet: str | None = None) -> list[tuple[int, list[str]]]:
    """The non-empty rows of one sheet of an ``.ods`` file, as text.

    Parameters
    ----------
    path : Path
    sheet : str, optional
        The sheet's name; default the first sheet.

    Returns
    -------
    list of (int, list of str)
        ``(row number as a spreadsheet shows it, cell texts)``; trailing empty cells
        dropped, empty rows left out.

    Raises
    ------
    DataError
        Not an OpenDocument archive, no ``content.xml`` or over :data:`MAX_CONTENT`, XML that
        does not parse or declares a document type, no such sheet (names those there), more
        than :data:`MAX_ROWS` rows, :data:`MAX_COLUMNS` columns, :data:`MAX_CELLS` cells,
        :data:`MAX_CELL_TEXT` characters in a cell or :data:`MAX_TEXT` in all.
    """
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        raise DataError("não é uma planilha OpenDocument (.ods) legível; esperado o arquivo "
                        "como publicado", file=path) from None
    with zf:
        try:
            info = zf.getinfo("content.xml")
        except KeyError:
            raise DataError("a planilha não tem content.xml; esperado um arquivo .ods",
                            file=path) from None
        if info.file_size > MAX_CONTENT:
            raise DataError(f"content.xml tem {fmt(info.file_size, 0)} bytes; esperado no "
                            f"máximo {fmt(MAX_CONTENT, 0)}", file=path)
        names, rows, current = [], [], None
        kept = text = 0
        with zf.open(info) as fh:
            try:
                for event, el in _feed(fh, path):
                    if event == "start":
                        if el.tag == _TABLE:
                            names.append(el.get(_q("table", "name"), ""))
                            current = (sheet is None and len(names) == 1) or names[-1] == sheet
                            number = 0
                        continue
                    if el.tag == _ROW and not current:
                        el.clear()
                    elif el.tag == _ROW:
                        cells: list[str] = []
                        empty = 0  # empty cells not yet stored (kept only if a value follows)
                        for cell in el:
                            if cell.tag not in _CELLS:
                                continue
                            try:
                                value = _value(cell)
                            except _Bound:
                                raise DataError(f"linha {number + 1}: uma célula com mais de "
                                                f"{fmt(MAX_CELL_TEXT, 0)} caracteres; esperado "
                                                "o arquivo como publicado", file=path) from None
                            times = int(cell.get(_q("table", "number-columns-repeated"), "1"))
                            if times < 1:
                                raise ValueError(times)
                            if value == "":
                                empty += times
                                continue
                            if len(cells) + empty + times > MAX_COLUMNS:
                                raise DataError(f"linha {number + 1} com mais de {MAX_COLUMNS} "
                                                "colunas preenchidas", file=path)
                            text += len(value)
                            if text > MAX_TEXT:
                                raise DataError(f"mais de {fmt(MAX_TEXT, 0)} caracteres de "
                                                "texto; esperada uma tabela menor", file=path)
                            cells.extend([""] * empty)
                            cells.extend([value] * times)
                            empty = 0
                        times = int(el.get(_q("table", "number-rows-repeated"), "1"))
                        if times < 1:
                            raise ValueError(times)
                        if cells:
                            if len(rows) + times > MAX_ROWS:
                                raise DataError(f"mais de {fmt(MAX_ROWS, 0)} linhas; esperada "
                                                "uma tabela menor", file=path)
                            kept += len(cells) * times
                            if kept > MAX_CELLS:
                                raise DataError(f"mais de {fmt(MAX_CELLS, 0)} células; "
                                                "esperada uma tabela menor", file=path)
                            for _ in range(times):
                                number += 1
                                rows.append((number, list(cells)))
                        else:
                            number += times
                        el.clear()
                    elif el.tag == _TABLE:
                        if current:
                            return rows
                        el.clear()
            except ET.ParseError as exc:
                raise DataError(f"content.xml não é um XML legível ({exc}); esperado o arquivo "
                                "como publicado", file=path) from None
            except ValueError:
                raise DataError("um atributo de repetição não é um número; esperado o arquivo "
                                "como publicado", file=path) from None
    raise DataError(f"planilha {sheet!r} ausente (tem: {quoted_list(names) if names else 'nenhuma'}); "
                    "esperada a planilha da tabela", file=path)
