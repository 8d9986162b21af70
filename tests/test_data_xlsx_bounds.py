"""An xlsx workbook's zip members are bounded by their declared sizes before openpyxl reads it
(hostile trial 5: a 2 MB workbook whose shared strings inflate to 2 GB took 4,5 GB)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

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
