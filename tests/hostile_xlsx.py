"""Hostile xlsx workbooks for the tests and ``benchmarks/bounds_trial5.py`` (issue 32, hostile
trial 5): openpyxl's own workbook with one member replaced by a repeated XML element, and a
member's declared size rewritten."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
SHEET = "xl/worksheets/sheet1.xml"
SHEET_HEAD = f'<worksheet xmlns="{NS}"><sheetData>'.encode()
SHEET_TAIL = b"</sheetData></worksheet>"
ROW = b"<row><c><v>1</v></c></row>"


def workbook(path: Path, count: int, *, member: str = SHEET, head: bytes = SHEET_HEAD,
             item: bytes = ROW, tail: bytes = SHEET_TAIL, zip64: bool = False) -> Path:
    """openpyxl's workbook (one sheet, ``AR_BR_MUN_2022``) with ``member`` (added if absent)
    made of ``head``, ``item`` ``count`` times and ``tail``, written a block at a time (never
    held in memory whole)."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = "AR_BR_MUN_2022"
    buf = io.BytesIO()
    wb.save(buf)
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            if info.filename != member:
                z.writestr(info.filename, src.read(info.filename))
        with z.open(member, "w", force_zip64=zip64) as f:
            f.write(head)
            block = item * 10_000
            for _ in range(count // 10_000):
                f.write(block)
            f.write(item * (count % 10_000))
            f.write(tail)
    return path


def lie(path: Path, member: str, declared: int) -> None:
    """Write ``declared`` as ``member``'s inflated size in the central directory (in its
    ZIP64 field when it has one): the size every bound reads."""
    data = bytearray(path.read_bytes())
    at = data.index(b"PK\x01\x02")
    while True:
        name_len, extra_len, note_len = struct.unpack_from("<HHH", data, at + 28)
        if bytes(data[at + 46:at + 46 + name_len]).decode() == member:
            break
        at = data.index(b"PK\x01\x02", at + 46 + name_len + extra_len + note_len)
    if struct.unpack_from("<I", data, at + 24)[0] == 0xFFFFFFFF:  # ZIP64: the extra field
        extra = at + 46 + name_len
        assert struct.unpack_from("<H", data, extra)[0] == 1
        struct.pack_into("<Q", data, extra + 4, declared)
    else:
        struct.pack_into("<I", data, at + 24, declared)
    path.write_bytes(bytes(data))
