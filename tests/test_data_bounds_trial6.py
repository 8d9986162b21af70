"""The raw-file readers and the store after hostile trial 6 of issue 32 (docs/ERRORS.md, H6-1
to H6-12): a Censo CSV's header checked (column count, repeated names, required columns) on its
first line before the file is parsed; the tract counts read record by record; a store table's
size compared with the manifest before it is hashed."""

from __future__ import annotations

import shutil

import pytest

import official_fixtures as fx
from viabilidade.data import census, tabular, tracts
from viabilidade.errors import DataError

needs_raw = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")

MUN = "CD2022_Agregados_por_municipios_basico_GO.csv"
TRACTS = "CD2022_Agregados_por_setores_basico_GO.csv"
FICTITIOUS = fx.REPO / "tests" / "fixtures" / "setores_ficticios" / "census" / TRACTS


@pytest.fixture
def unparsed(monkeypatch):
    """The file's body must not be decoded: the header is refused from its first line."""
    def never(*a, **k):
        raise AssertionError("the whole file was decoded before its header was checked")
    monkeypatch.setattr(tabular, "decode", never)
    monkeypatch.setattr(tabular, "decoded_lines", never)


def _widened(src, dst, extra: int):
    """``src`` with ``extra`` columns ``X1``… appended to its header (rows left as they are)."""
    data = src.read_bytes()
    eol = b"\r\n" if b"\r\n" in data else b"\n"
    lines = data.split(eol)
    lines[0] += b"".join(b';"X%d"' % i for i in range(1, extra + 1))
    dst.write_bytes(eol.join(lines))
    return dst


# ------------------------------------------------------- H6-1: a Censo header checked first
@needs_raw
def test_a_census_header_of_a_hundred_thousand_columns_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b";".join(b"C%d" % i for i in range(100_000)) + b"\r\n1\r\n")
    assert path.stat().st_size < 1_000_000  # under the recorded size's margin: only the header stops it
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1: o cabeçalho tem 100.000 colunas; esperadas "
                            "no máximo 144 (o arquivo como publicado tem menos)")


@needs_raw
def test_a_census_header_naming_a_column_twice_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b"CD_MUN;" * 100 + b"NM_MUN\r\n")
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1: a coluna 'CD_MUN' aparece mais de uma vez no "
                            "cabeçalho; esperado cada nome de coluna uma só vez, como publicado")


@needs_raw
def test_a_census_header_without_its_code_column_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b'"NM_MUN";"AREA_KM2"\r\n' + b'"x";"1"\r\n' * 1000)
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1, coluna 'CD_MUN': coluna ausente; esperada "
                            "'CD_MUN', encontradas as colunas ['NM_MUN', 'AREA_KM2']")


@needs_raw
def test_the_census_column_bound_is_the_widest_layout_times_four_both_sides(tmp_path):
    real = fx.RAW / "census" / MUN  # 14 columns
    at = census.read_aggregates(_widened(real, tmp_path / MUN, census.HEADER_COLUMNS_MAX - 14),
                                level="municipios")
    assert len(at) == 246 and at["populacao"].sum() == 7_056_495
    with pytest.raises(DataError, match="o cabeçalho tem 145 colunas; esperadas no máximo 144"):
        census.read_aggregates(_widened(real, tmp_path / MUN, census.HEADER_COLUMNS_MAX - 13),
                               level="municipios")


# ------------------------------------------------- H6-1: the tract counts read record by record
def test_the_tract_counts_keep_goias_lines_and_refuse_a_wide_header_unread(tmp_path, monkeypatch):
    lines = FICTITIOUS.read_bytes().split(b"\n")
    header = lines[0].rstrip(b"\r").split(b";")
    uf = header.index(b'"CD_UF"')
    other = [f for f in lines[1].rstrip(b"\r").split(b";")]
    other[uf] = b'"53"'
    other[0] = b'"530010805000001"'
    path = tmp_path / TRACTS
    path.write_bytes(b"\n".join([lines[0], b";".join(other), *lines[1:]]))
    got = tracts.read_tract_counts(path)
    want = tracts.read_tract_counts(FICTITIOUS)
    assert got.drop(columns="_row").equals(want.drop(columns="_row"))
    assert list(got["_row"]) == [r + 1 for r in want["_row"]]  # the DF line (2) passed over
    path.write_bytes(lines[0].rstrip(b"\r") + b"".join(b';"X%d"' % i for i in range(109)) + b"\n")
    monkeypatch.setattr(tabular, "decoded_lines", lambda *a, **k: pytest.fail("read whole"))
    with pytest.raises(DataError) as e:
        tracts.read_tract_counts(path)
    assert str(e.value) == (f"arquivo {TRACTS}, linha 1: o cabeçalho tem 145 colunas; esperadas "
                            "no máximo 144 (o arquivo como publicado tem menos)")
