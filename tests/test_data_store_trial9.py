"""Hostile trial 9 (issue 32, H9-1, H9-2): a table is read only if its Parquet columns are its
layout's (the same names, in order, none nested) and its encodings are those a build writes,
told by the metadata before anything is decoded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from viabilidade.data import store_open
from viabilidade.data.store import load_store
from viabilidade.errors import DataError

from test_data_store_trial8 import AGAIN, STORE, _match, _read_refused, _seats_store, _store

SEATS_HEADERS = 281   # seats.parquet's 8 page headers, in bytes
AGAIN_ALTERED = "o repositório foi alterado; " + AGAIN.replace("gere o repositório", "gere-o")


def test_another_tables_file_in_a_tables_place_is_refused_before_it_is_read(tmp_path):
    """vilas.parquet over seats.parquet turned Posse d'Abadia's study 'Inviável' (a seat
    distance of 0,00 km)."""
    def edit(root, m):
        shutil.copy(root / "vilas.parquet", root / "seats.parquet")
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    assert _read_refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem as colunas ['cod_distrito', "
        "'cod_ibge', 'nome', 'categoria', 'lat', 'lon']; esperadas as da tabela 'seats' de um "
        "repositório, nesta ordem: ['cod_ibge', 'categoria', 'lat', 'lon']; "
        f"{AGAIN_ALTERED}")


def test_a_list_column_is_refused_unread(tmp_path):
    """One row of a list column: 916 bytes on disk held 200 million integers (4,3 GB)."""
    def edit(root, m):
        seats = pq.read_table(root / "seats.parquet").slice(0, 1)
        lat = pa.array([list(range(1000))], pa.list_(pa.int64()))
        pq.write_table(seats.set_column(2, "lat", lat), root / "seats.parquet")
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    assert _read_refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem as colunas ['cod_ibge', 'categoria', "
        "'lat.list.element', 'lon']; esperadas as da tabela 'seats' de um repositório, nesta "
        f"ordem: ['cod_ibge', 'categoria', 'lat', 'lon']; {AGAIN_ALTERED}")


def test_an_encoding_a_build_does_not_write_is_refused_unread(tmp_path):
    """DELTA_BYTE_ARRAY: 11.689 bytes whose metadata said 21 MB decoded into about 2 GiB
    (trial 9); with the footer's list of encodings edited to PLAIN, 3,5 KB became 1 GB
    (trial 10): each page's own header is read for its encoding, by load_store."""
    from viabilidade.data import parquet_pages

    def edit(root, m):
        seats = pq.read_table(root / "seats.parquet")
        pq.write_table(seats, root / "seats.parquet", use_dictionary=False,
                       column_encoding={"categoria": "DELTA_BYTE_ARRAY"})
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    path = root / "seats.parquet"
    with pytest.raises(DataError) as e:
        load_store(root)
    assert str(e.value) == (
        f"tabela 'seats' ({path}) não pôde ser lida como Parquet: página codificada em "
        "DELTA_BYTE_ARRAY, que um repositório não usa; esperadas só BIT_PACKED, PLAIN, "
        f"PLAIN_DICTIONARY, RLE, RLE_DICTIONARY; {AGAIN}")
    with pytest.raises(DataError) as e:   # the footer says so too
        store_open.check_layout("seats", path)
    assert str(e.value) == (
        f"tabela 'seats' ({path}) usa codificações do Parquet que um "
        "repositório não usa: 'categoria' (DELTA_BYTE_ARRAY); esperadas só BIT_PACKED, PLAIN, "
        f"PLAIN_DICTIONARY, RLE, RLE_DICTIONARY; {AGAIN_ALTERED}")
    assert set(store_open.ENCODINGS) == set(parquet_pages.ENCODINGS.values())


def test_every_committed_table_has_its_layout_and_the_builds_encodings():
    names = sorted(p.stem for p in STORE.glob("*.parquet"))
    assert len(names) == 16
    for name in names:   # raises on any other
        store_open.check_layout(name, STORE / f"{name}.parquet")
    store = load_store(STORE)
    assert len(store.seats) == 246 and list(store.seats.columns) == [
        "cod_ibge", "categoria", "lat", "lon"]


# ------------------------ H9-3: what the pages decompress to, by their own headers
def _varint(n: int) -> bytes:
    """An i64 as Thrift's compact protocol writes it (zigzag, then 7 bits a byte)."""
    n, out = (n << 1) ^ (n >> 63), bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def _lying_footer(path: Path, size: int, declared: int) -> int:
    """A one-row zstd table of ``size`` zero bytes whose footer declares ``declared`` bytes
    uncompressed (a value of the same varint length, patched in place); returns what its one
    page's header declares, the pages' truth."""
    pq.write_table(pa.table({"cod_ibge": pa.array([b"\0" * size], pa.binary())}), path,
                   compression="zstd", use_dictionary=False, write_statistics=False)
    true = pq.read_metadata(path).row_group(0).column(0).total_uncompressed_size
    old, new = _varint(true), _varint(declared)
    assert len(old) == len(new)
    data = bytearray(path.read_bytes())
    start = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    assert data.count(old, start) >= 1
    data[start:] = data[start:].replace(old, new)
    path.write_bytes(bytes(data))
    return true


def test_a_footer_declaring_less_than_its_pages_is_bounded_by_the_pages(tmp_path, monkeypatch):
    """107 KB of zstd pages holding 1 GB behind a footer declaring 443 KB took 17,7 s and
    2,37 GB; the pages' own headers tell what a reader will allocate."""
    path = tmp_path / "seats.parquet"
    true = _lying_footer(path, 32 << 20, 2 << 20)
    assert path.stat().st_size < 10_000
    assert pq.read_metadata(path).row_group(0).column(0).total_uncompressed_size == 2 << 20
    rows, unpacked = store_open.parquet_figures("seats", path)
    # the one page: 32 MiB, the value's 4-byte length and the levels; the footer also
    # counts the page's header
    assert rows == 1 and 32 << 20 < unpacked < true and unpacked - (32 << 20) < 64
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", unpacked)
    assert store_open.parquet_figures("seats", path)[1] == unpacked
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", (8 << 20))  # the footer's 2 MiB pass
    with pytest.raises(DataError) as e:
        store_open.parquet_figures("seats", path)
    size, said = (f"{n:,}".replace(",", ".") for n in (path.stat().st_size, unpacked))
    assert str(e.value) == (
        f"tabela 'seats' ({path}) tem {size} bytes e se descompacta em {said} bytes; esperado no "
        "máximo 8.388.608 bytes descompactados (a maior tabela do repositório, a malha "
        f"municipal, se descompacta em 23.397.531 bytes); o repositório foi alterado; {AGAIN}")


def _first_header_replaced(path: Path, header: bytes) -> None:
    """The committed seats table with its first page's header replaced by ``header``."""
    data = bytearray((STORE / "seats.parquet").read_bytes())
    data[4:4 + len(header)] = header
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("header, reason", [
    # field 1 (i32 0), then field 4 a list declaring 2³¹ i32 elements: fastparquet's reader
    # crashed the process on such bytes (segmentation fault)
    (bytes([0x15, 0x00, 0x39, 0xF5, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]),
     "cabeçalho de página declara uma lista de 2147483647 elementos, mais do que cabe em "
     "65536 bytes"),
    # fields 1, 2 = -5 (zigzag 9), 3 = 10
    (bytes([0x15, 0x00, 0x15, 0x09, 0x15, 0x14, 0x00]),
     "cabeçalho de página com um tamanho negativo"),
    # field 2 twice: i32 10, then a long-form i64 field 2 (pyarrow keeps the first; a
    # reader keeping the last saw 1.000 bytes where 1.900 MiB were read, hostile trial 10)
    (bytes([0x15, 0x00, 0x15, 0x14, 0x06, 0x04, 0x02, 0x15, 0x14, 0x00]),
     "cabeçalho de página com o campo 2 de outro tipo (6; esperado um inteiro de 32 bits)"),
    (bytes([0x15, 0x00, 0x15, 0x14, 0x05, 0x04, 0x02, 0x15, 0x14, 0x00]),
     "cabeçalho de página com o campo 2 duas vezes"),
    # field 5 a struct nested 20 deep
    (bytes([0x15, 0x00, 0x4C]) + bytes([0x1C]) * 20, "cabeçalho de página aninhado em mais de 16 níveis"),
])
def test_a_hostile_page_header_is_refused_in_words(tmp_path, header, reason):
    path = tmp_path / "seats.parquet"
    _first_header_replaced(path, header)
    with pytest.raises(DataError) as e:
        store_open.parquet_figures("seats", path)
    assert str(e.value) == (f"tabela 'seats' ({path}) não pôde ser lida como Parquet: {reason}; "
                            f"{AGAIN}")


def test_pages_are_counted_up_to_their_bound(monkeypatch):
    from viabilidade.data import parquet_pages

    path = STORE / "seats.parquet"
    monkeypatch.setattr(parquet_pages, "PAGES_MAX", 8)   # seats has 8 pages
    assert store_open.parquet_figures("seats", path)[0] == 246
    monkeypatch.setattr(parquet_pages, "PAGES_MAX", 7)
    with pytest.raises(DataError) as e:
        store_open.parquet_figures("seats", path)
    assert str(e.value) == (f"tabela 'seats' ({path}) não pôde ser lida como Parquet: mais de 7 "
                            f"páginas (as tabelas do repositório têm até 18); {AGAIN}")


def test_the_pages_of_the_committed_store_declare_what_its_footers_do():
    """163 pages in the 16 tables; each table's pages declare its footer's figure less its
    page headers (at most 229 bytes each)."""
    from viabilidade.data.parquet_pages import chunk_pages

    total = 0
    for path in sorted(STORE.glob("*.parquet")):
        meta = pq.read_metadata(path)
        chunks = [meta.row_group(g).column(j) for g in range(meta.num_row_groups)
                  for j in range(meta.num_columns)]
        footer = sum(c.total_uncompressed_size for c in chunks)
        pages = sum(chunk_pages(path, [(c.dictionary_page_offset if c.has_dictionary_page
                                        else c.data_page_offset, c.total_compressed_size)
                                       for c in chunks]))
        assert 0 < footer - pages < 18 * 229
        total += pages
    assert total == 25_974_515


def test_a_column_of_another_type_is_refused_unread(tmp_path):
    """The right names, the wrong type: 'lat' as text (each value could be 1 MiB)."""
    def edit(root, m):
        seats = pq.read_table(root / "seats.parquet")
        lat = pa.array([str(v) for v in seats.column("lat").to_pylist()])
        pq.write_table(seats.set_column(2, "lat", lat), root / "seats.parquet")
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    assert _read_refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem colunas de outro tipo: 'lat' é "
        f"BYTE_ARRAY (String), esperado DOUBLE; {AGAIN_ALTERED}")


def test_page_headers_are_bounded_by_their_bytes_together(monkeypatch):
    """9.600 headers of 64 KiB each, read three times, took 1 min 46 s (hostile trial 10);
    seats' 8 headers take 281 bytes."""
    from viabilidade.data import parquet_pages

    path = STORE / "seats.parquet"
    monkeypatch.setattr(parquet_pages, "HEADERS_TOTAL_MAX", SEATS_HEADERS)
    assert store_open.parquet_figures("seats", path)[0] == 246
    monkeypatch.setattr(parquet_pages, "HEADERS_TOTAL_MAX", SEATS_HEADERS - 1)
    with pytest.raises(DataError) as e:
        store_open.parquet_figures("seats", path)
    said = f"{SEATS_HEADERS - 1:,}".replace(",", ".")
    assert str(e.value) == (f"tabela 'seats' ({path}) não pôde ser lida como Parquet: "
                            f"cabeçalhos de página somando mais de {said} bytes (os de uma "
                            f"tabela do repositório somam até 1.019); {AGAIN}")


def test_a_dictionary_chunk_whose_footer_size_was_lowered_is_counted_by_its_pages(
        tmp_path, monkeypatch):
    """Hostile trial 10: a dictionary chunk's footer size lowered from 20.135 to 100 skipped
    the decoded count, and 32 KB were read as 1,2 GB. Here: 8 rows of one 8 MiB value (64 MiB
    decoded), the footer lowered to 1 MiB; the bound 32 MiB."""
    path = tmp_path / "seats.parquet"
    column = pa.DictionaryArray.from_arrays(pa.array([0] * 8, pa.int32()),
                                            pa.array(["x" * (8 << 20)]))
    pq.write_table(pa.table({"cod_ibge": column}), path, compression="zstd", store_schema=False)
    true = pq.read_metadata(path).row_group(0).column(0).total_uncompressed_size
    old, new = _varint(true), _varint(1 << 20)
    assert len(old) == len(new)
    data = bytearray(path.read_bytes())
    start = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
    data[start:] = data[start:].replace(old, new)
    path.write_bytes(bytes(data))
    assert pq.read_metadata(path).row_group(0).column(0).total_uncompressed_size == 1 << 20
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", 32 << 20)
    assert store_open.parquet_figures("seats", path)[0] == 8   # metadata only: not decoded
    with pytest.raises(DataError, match=r"se decodifica em 67\.108\.864 bytes \(valores"):
        store_open.parquet_figures("seats", path, decoded=True)


def test_a_column_annotated_as_another_type_is_refused_unread(tmp_path):
    """Hostile trial 10: municipalities.populacao as INT64 annotated Timestamp passed the
    physical check and ended in a traceback; a code stored as plain binary is refused too."""
    def edit(root, m):
        mun = pq.read_table(root / "municipalities.parquet")
        when = mun.column("populacao").cast(pa.timestamp("ms"))
        code = mun.column("cod_ibge").cast(pa.binary())
        pq.write_table(mun.set_column(3, "populacao", when).set_column(0, "cod_ibge", code),
                       root / "municipalities.parquet")
        _match(root, m, "municipalities")
    root = _store(tmp_path, edit)
    assert _read_refused(root, "municipalities") == (
        f"tabela 'municipalities' ({root / 'municipalities.parquet'}) tem colunas de outro "
        "tipo: 'cod_ibge' é BYTE_ARRAY, esperado BYTE_ARRAY (String), 'populacao' é INT64 "
        "(Timestamp(isAdjustedToUTC=false, timeUnit=milliseconds, is_from_converted_type=false, "
        "force_set_converted_type=false)), esperado INT64; " + AGAIN_ALTERED)


def test_a_repeated_key_or_a_code_outside_goias_is_refused_when_read(tmp_path):
    """Hostile trial 10: seats with a repeated cod_ibge ended the notebook in a TypeError, and
    seats with codes outside Goiás were read without a word."""
    def edit(seats):
        seats.loc[1, "cod_ibge"] = seats.loc[0, "cod_ibge"]
        seats.loc[2, "cod_ibge"] = "9900001"
    root = _seats_store(tmp_path, edit)
    assert _read_refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}): 1 chave repetida (cod_ibge): ['5200050']; "
        "1 código em 'cod_ibge' que não é de Goiás: ['9900001']; " + AGAIN_ALTERED)
