"""Hostile OpenDocument spreadsheets (issue 32, fourth hostile trial H4-1, H4-2, H4-3, H4-8):
repeats checked against what is left of their bound before anything is expanded, a cell's
text and all text bounded, a document type refused wherever it is."""

from __future__ import annotations

import tracemalloc
import zipfile

import pytest

from viabilidade.data import ods as ods_module
from viabilidade.data.ods import read_ods_sheet
from viabilidade.errors import DataError

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def _write(path, rows: str, before: str = "") -> None:
    content = (f'<?xml version="1.0"?>{before}<office:document-content {NS}><office:body>'
               f'<office:spreadsheet><table:table table:name="T">{rows}</table:table>'
               '</office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)


def _cell(text: str, attrs: str = "") -> str:
    return (f'<table:table-cell {attrs} office:value-type="string"><text:p>{text}</text:p>'
            "</table:table-cell>")


def _peak(f, *args):
    tracemalloc.start()
    try:
        with pytest.raises(DataError) as e:
            f(*args)
        return e, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_cell_repeated_a_hundred_million_columns_is_refused_before_it_is_expanded(tmp_path):
    f = tmp_path / "RELATORIO_DTB_BRASIL_DISTRITO.ods"
    _write(f, "<table:table-row>"
              + _cell("x", 'table:number-columns-repeated="100000000"') + "</table:table-row>")
    e, peak = _peak(read_ods_sheet, f)
    assert str(e.value) == ("arquivo RELATORIO_DTB_BRASIL_DISTRITO.ods: linha 1 com mais de 256 "
                            "colunas preenchidas")
    assert peak < 20 * 1024 * 1024  # was 1,72 GB


def test_a_filled_cell_at_the_last_column_is_kept_and_one_past_it_is_refused(tmp_path):
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell("a") + '<table:table-cell table:number-columns-'
              'repeated="254"/>' + _cell("z") + "</table:table-row>")
    assert read_ods_sheet(f) == [(1, ["a"] + [""] * 254 + ["z"])]
    _write(f, "<table:table-row>" + _cell("a") + '<table:table-cell table:number-columns-'
              'repeated="255"/>' + _cell("z") + "</table:table-row>")
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == "arquivo t.ods: linha 1 com mais de 256 colunas preenchidas"


def test_empty_cells_repeated_to_the_sheets_edge_cost_no_memory(tmp_path):
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell("a")
              + '<table:table-cell table:number-columns-repeated="1000000000"/></table:table-row>'
              '<table:table-row table:number-rows-repeated="1000000000">'
              '<table:table-cell table:number-columns-repeated="1000000000"/></table:table-row>')
    tracemalloc.start()
    try:
        assert read_ods_sheet(f) == [(1, ["a"])]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * 1024 * 1024


def test_a_run_of_four_billion_spaces_is_refused_before_it_is_made(tmp_path):
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell('a<text:s text:c="4000000000"/>b')
              + "</table:table-row>")
    e, peak = _peak(read_ods_sheet, f)
    assert str(e.value) == ("arquivo t.ods: linha 1: uma célula com mais de 32.767 caracteres; "
                            "esperado o arquivo como publicado")
    assert peak < 5 * 1024 * 1024  # was a MemoryError at 4 GB


def test_a_cell_of_exactly_the_bound_is_kept_and_one_more_character_is_refused(tmp_path):
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell('a<text:s text:c="32765"/>b') + "</table:table-row>")
    assert read_ods_sheet(f) == [(1, ["a" + " " * 32765 + "b"])]
    _write(f, "<table:table-row>" + _cell('a<text:s text:c="32766"/>b') + "</table:table-row>")
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == ("arquivo t.ods: linha 1: uma célula com mais de 32.767 caracteres; "
                            "esperado o arquivo como publicado")


def test_distinct_cells_times_repeated_rows_are_bounded_by_the_cells_kept(tmp_path, monkeypatch):
    f = tmp_path / "t.ods"
    cells = "".join(_cell(f"v{i:03d}") for i in range(256))
    _write(f, f'<table:table-row table:number-rows-repeated="200000">{cells}</table:table-row>')
    e, peak = _peak(read_ods_sheet, f)
    assert str(e.value) == ("arquivo t.ods: mais de 2.000.000 células; esperada uma tabela "
                            "menor")
    assert peak < 20 * 1024 * 1024  # was 613 MB
    monkeypatch.setattr(ods_module, "MAX_CELLS", 512)
    _write(f, f'<table:table-row table:number-rows-repeated="2">{cells}</table:table-row>')
    assert len(read_ods_sheet(f)) == 2
    _write(f, f'<table:table-row table:number-rows-repeated="3">{cells}</table:table-row>')
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == "arquivo t.ods: mais de 512 células; esperada uma tabela menor"


def test_the_text_of_all_cells_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(ods_module, "MAX_TEXT", 10)
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell("abcde") + _cell("fghij") + "</table:table-row>")
    assert read_ods_sheet(f) == [(1, ["abcde", "fghij"])]
    _write(f, "<table:table-row>" + _cell("abcde") + _cell("fghijk") + "</table:table-row>")
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == ("arquivo t.ods: mais de 10 caracteres de texto; esperada uma "
                            "tabela menor")


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE x [<!ENTITY a0 "haha"><!ENTITY a1 "&a0;&a0;&a0;&a0;">]>'])
def test_a_document_type_after_a_long_comment_is_refused_in_portuguese(tmp_path, doctype):
    f = tmp_path / "t.ods"
    _write(f, "<table:table-row>" + _cell("x") + "</table:table-row>",
           before="<!--" + "p" * (ods_module._PIECE + 5000) + "-->" + doctype)
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == ("arquivo t.ods: content.xml declara um tipo de documento "
                            "(entidades); esperado o XML de uma planilha")


def test_a_document_type_split_between_two_pieces_is_seen(tmp_path):
    f = tmp_path / "t.ods"
    head = '<?xml version="1.0"?><!--'
    pad = "p" * (ods_module._PIECE - len(head) - len("-->") - len("<!DO"))
    assert len(head + pad + "-->" + "<!DO") == ods_module._PIECE  # "<!DO" ends the first piece
    _write(f, "<table:table-row>" + _cell("x") + "</table:table-row>",
           before="<!--" + pad + "-->" + "<!DOCTYPE x []>")
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == ("arquivo t.ods: content.xml declara um tipo de documento "
                            "(entidades); esperado o XML de uma planilha")
