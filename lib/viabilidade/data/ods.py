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
:data:`MAX_ROWS` rows and :data:`MAX_COLUMNS` columns kept (the empty cells a row repeats
to the sheet's edge are not kept); a document type declaration (entities) is refused.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

from ..errors import DataError

#: Largest ``content.xml`` read (bytes, inflated).
MAX_CONTENT = 256 * 1024 * 1024
#: Most rows and columns kept from one sheet.
MAX_ROWS = 200_000
MAX_COLUMNS = 256

_NS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
       "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
       "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0"}


def _q(prefix: str, name: str) -> str:
    return f"{{{_NS[prefix]}}}{name}"


_TABLE, _ROW = _q("table", "table"), _q("table", "table-row")
_CELLS = (_q("table", "table-cell"), _q("table", "covered-table-cell"))
_P, _S, _TAB, _BR = _q("text", "p"), _q("text", "s"), _q("text", "tab"), _q("text", "line-break")
_NUMERIC = ("float", "percentage", "currency")


def _text(p: ET.Element) -> str:
    """The text of a ``text:p``, spaces of ``text:s`` and tabs included."""
    out = [p.text or ""]
    for child in p.iter():
        if child is p:
            continue
        if child.tag == _S:
            out.append(" " * int(child.get(_q("text", "c"), "1") or 1))
        elif child.tag == _TAB:
            out.append("\t")
        elif child.tag == _BR:
            out.append("\n")
        else:
            out.append(child.text or "")
        out.append(child.tail or "")
    return "".join(out)


def _value(cell: ET.Element) -> str:
    kind = cell.get(_q("office", "value-type"), "")
    if kind in _NUMERIC:
        value = cell.get(_q("office", "value"), "")
        return value[:-2] if value.endswith(".0") else value
    return "\n".join(_text(p) for p in cell.iter(_P))


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
        than :data:`MAX_ROWS` rows or :data:`MAX_COLUMNS` columns.
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
            raise DataError(f"content.xml tem {info.file_size} bytes; esperado no máximo "
                            f"{MAX_CONTENT}", file=path)
        with zf.open(info) as fh:
            if b"<!DOCTYPE" in fh.read(4096):
                raise DataError("content.xml declara um tipo de documento (entidades); "
                                "esperado o XML de uma planilha", file=path)
        names, rows, current = [], [], None
        with zf.open(info) as fh:
            try:
                for event, el in ET.iterparse(fh, events=("start", "end")):
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
                        for cell in el:
                            if cell.tag not in _CELLS:
                                continue
                            value = _value(cell)
                            times = int(cell.get(_q("table", "number-columns-repeated"), "1"))
                            if value == "":
                                cells.extend([""] * min(times, MAX_COLUMNS + 1 - len(cells)))
                            else:
                                cells.extend([value] * times)
                            if len(cells) > MAX_COLUMNS and any(c for c in cells[MAX_COLUMNS:]):
                                raise DataError(f"linha {number + 1} com mais de {MAX_COLUMNS} "
                                                "colunas preenchidas", file=path)
                        while cells and cells[-1] == "":
                            cells.pop()
                        times = int(el.get(_q("table", "number-rows-repeated"), "1"))
                        if cells:
                            for _ in range(min(times, MAX_ROWS + 1)):
                                number += 1
                                rows.append((number, cells[:MAX_COLUMNS]))
                        else:
                            number += times
                        if len(rows) > MAX_ROWS:
                            raise DataError(f"mais de {MAX_ROWS} linhas; esperada uma tabela "
                                            "menor", file=path)
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
    raise DataError(f"planilha {sheet!r} ausente (tem: {', '.join(names) or 'nenhuma'}); "
                    "esperada a planilha da tabela", file=path)
