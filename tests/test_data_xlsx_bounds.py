"""An xlsx workbook's zip members are bounded by their declared sizes before openpyxl reads it
(hostile trial 5: a 2 MB workbook whose shared strings inflate to 2 GB took 4,5 GB)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import hostile_xlsx as hx
from viabilidade.data import tabular
from viabilidade.errors import DataError

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def _bomb(path: Path, size: int) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as f:
            chunk = b"a" * 2**20
            for _ in range(size // 2**20):
                f.write(chunk)
    return path


def test_a_member_inflating_past_the_bound_is_refused_before_parsing(tmp_path):
    bomb = _bomb(tmp_path / "areas.xlsx", 3 * 2**20)
    with pytest.raises(DataError) as e:
        tabular._check_workbook_members(bomb, member_bytes=2 * 2**20)
    assert str(e.value).endswith(
        "a parte 'xl/sharedStrings.xml' da planilha teria 3.145.728 bytes descompactada; "
        "esperado no máximo 2.097.152 (planilha compactada de modo hostil ou grande demais para "
        "esta tabela)")
    with pytest.raises(DataError, match="teria 3.145.736 bytes descompactada; esperado no "
                                        "máximo 3.145.728$"):
        tabular._check_workbook_members(bomb, total_bytes=3 * 2**20)
    with pytest.raises(DataError, match="a planilha tem 2 partes; esperadas no máximo 1 "):
        tabular._check_workbook_members(bomb, members=1)
    tabular._check_workbook_members(bomb, member_bytes=3 * 2**20)  # at the bound: accepted


def test_the_real_workbooks_are_far_below_the_bounds():
    books = sorted(SHARED.glob("*/*.xlsx"))
    if not books:
        pytest.skip("../shared/data not present")
    for book in books:
        tabular._check_workbook_members(book)
        tabular.open_workbook(book).close()


# --------------------------------------------- hostile trial 5 re-checked (docs/ERRORS.md, H5-6)
def _workbook(path: Path, rows: int, *, zip64: bool = False) -> Path:
    return hx.workbook(path, rows, zip64=zip64)


_lie = hx.lie


def test_a_sheet_whose_declared_size_lies_is_refused_in_words_not_read_past_it(tmp_path):
    book = _workbook(tmp_path / "areas.xlsx", 600_000)  # 15,6 MB of rows, 60 KB zipped
    _lie(book, "xl/worksheets/sheet1.xml", 5_000)
    with zipfile.ZipFile(book) as z:
        assert z.getinfo("xl/worksheets/sheet1.xml").file_size == 5_000
    with pytest.raises(DataError) as e:  # the read stops at the declared size: a bad CRC
        tabular.read_sheet(book, "AR_BR_MUN_2022")
    assert str(e.value) == (
        "arquivo areas.xlsx: não foi possível abri-lo (o arquivo compactado está corrompido "
        "(conteúdo diferente do registrado)); esperada uma planilha .xlsx inteira (arquivo "
        "truncado ou corrompido? baixe-o de novo)")


def test_a_zip64_workbook_is_bounded_by_its_zip64_sizes_true_or_lying(tmp_path):
    book = _workbook(tmp_path / "areas.xlsx", 650_000, zip64=True)  # 16,9 MB of rows
    with pytest.raises(DataError) as e:
        tabular.open_workbook(book)
    assert str(e.value) == (
        "arquivo areas.xlsx: a parte 'xl/worksheets/sheet1.xml' da planilha teria 16.900.112 "
        "bytes descompactada; esperado no máximo 16.777.216 (planilha compactada de modo hostil "
        "ou grande demais para esta tabela)")
    _lie(book, "xl/worksheets/sheet1.xml", 5_000)
    with pytest.raises(DataError, match=r"^arquivo areas.xlsx: não foi possível abri-lo \(o "
                                        r"arquivo compactado está corrompido"):
        tabular.read_sheet(book, "AR_BR_MUN_2022")


def test_a_sheet_is_read_to_its_row_bound_and_refused_one_row_past_it(tmp_path):
    book = _workbook(tmp_path / "areas.xlsx", 11)
    assert [n for n, _ in tabular.read_sheet(book, "AR_BR_MUN_2022", max_rows=11)] == list(
        range(1, 12))
    with pytest.raises(DataError) as e:
        tabular.read_sheet(book, "AR_BR_MUN_2022", max_rows=10)
    assert str(e.value) == ("arquivo areas.xlsx, linha 11: a aba 'AR_BR_MUN_2022' tem mais de 10 "
                            "linhas; esperadas no máximo 10 (as planilhas reais têm até 5.600)")
    assert tabular.XLSX_ROWS == 50_000


def test_the_xml_elements_of_sheets_and_strings_are_counted_before_openpyxl_reads(
        tmp_path, monkeypatch):
    """With 64 MiB of rows, openpyxl's scan for a sheet's size took 50 s before the first row;
    each worksheet's and the shared strings' elements are now counted first (both sides),
    whatever their namespace prefix."""
    book = _workbook(tmp_path / "areas.xlsx", 11)  # 4 + 11 × 6 elements
    with zipfile.ZipFile(book, "a") as z:
        z.writestr("xl/sharedStrings.xml", f'<x:sst xmlns:x="{hx.NS}">'
                   + "<x:si><x:t>a</x:t></x:si>" * 20 + "</x:sst>")  # 2 + 20 × 4 elements
    # (the members in order: the sheet's first, the strings' last)
    monkeypatch.setattr(tabular, "XLSX_ELEMENTS", 82)
    tabular._check_workbook_members(book)
    monkeypatch.setattr(tabular, "XLSX_ELEMENTS", 81)
    with pytest.raises(DataError) as e:
        tabular.open_workbook(book)
    assert str(e.value) == (
        "arquivo areas.xlsx: a parte 'xl/sharedStrings.xml' da planilha tem 82 elementos XML; "
        "esperados no máximo 81 (as planilhas reais têm até 170.000: linhas, células ou textos "
        "demais para esta tabela)")
    monkeypatch.setattr(tabular, "XLSX_ELEMENTS", 69)
    with pytest.raises(DataError, match="a parte 'xl/worksheets/sheet1.xml' da planilha tem 70 "
                                        "elementos XML; esperados no máximo 69 "):
        tabular._check_workbook_members(book)


def test_the_real_workbooks_hold_a_fifth_of_the_elements_bound():
    books = sorted(SHARED.glob("*/*.xlsx"))
    if not books:
        pytest.skip("../shared/data not present")
    most = 0
    for book in books:
        with zipfile.ZipFile(book) as z:
            for info in z.infolist():
                with z.open(info) as fh:
                    most = max(most, tabular._elements(fh))
    assert most == 167_195  # the census population's "Municípios"
    assert most * 5 < tabular.XLSX_ELEMENTS == 1_000_000
    assert (tabular.XLSX_MEMBER_BYTES, tabular.XLSX_TOTAL_BYTES) == (16 * 2**20, 32 * 2**20)


def test_a_sheet_declaring_more_columns_than_the_bound_is_refused_before_its_rows(tmp_path):
    import io

    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = "AR_BR_MUN_2022"
    wb.active.append(["x"])
    buf = io.BytesIO()
    wb.save(buf)
    book = tmp_path / "areas.xlsx"
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(book, "w") as z:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":  # padded to 16.384 columns a row
                data = data.replace(b'<dimension ref="A1:A1"/>', b'<dimension ref="A1:XFD1"/>')
                assert b"XFD1" in data
            z.writestr(info.filename, data)
    with pytest.raises(DataError) as e:
        tabular.read_sheet(book, "AR_BR_MUN_2022")
    assert str(e.value) == ("arquivo areas.xlsx: a aba 'AR_BR_MUN_2022' declara 16.384 colunas; "
                            "esperadas no máximo 200 (as planilhas reais têm até 23)")
    ok = _workbook(tmp_path / "ok.xlsx", 1)  # no declared dimension: read as written
    assert tabular.read_sheet(ok, "AR_BR_MUN_2022") == [(1, (1,))]
