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

from test_data_store_trial8 import AGAIN, STORE, _match, _store

AGAIN_ALTERED = "o repositório foi alterado; " + AGAIN.replace("gere o repositório", "gere-o")


def _read_seats(root: Path) -> str:
    store = load_store(root)   # size, sha256 and metadata bounds hold: the manifest matches
    with pytest.raises(DataError) as e:
        store.seats
    return str(e.value)


def test_another_tables_file_in_a_tables_place_is_refused_before_it_is_read(tmp_path):
    """vilas.parquet over seats.parquet turned Posse d'Abadia's study 'Inviável' (a seat
    distance of 0,00 km)."""
    def edit(root, m):
        shutil.copy(root / "vilas.parquet", root / "seats.parquet")
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    assert _read_seats(root) == (
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
    assert _read_seats(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem as colunas ['cod_ibge', 'categoria', "
        "'lat.list.element', 'lon']; esperadas as da tabela 'seats' de um repositório, nesta "
        f"ordem: ['cod_ibge', 'categoria', 'lat', 'lon']; {AGAIN_ALTERED}")


def test_an_encoding_a_build_does_not_write_is_refused_unread(tmp_path):
    """DELTA_BYTE_ARRAY: 11.689 bytes whose metadata said 21 MB decoded into about 2 GiB."""
    def edit(root, m):
        seats = pq.read_table(root / "seats.parquet")
        pq.write_table(seats, root / "seats.parquet", use_dictionary=False,
                       column_encoding={"categoria": "DELTA_BYTE_ARRAY"})
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    said = _read_seats(root)
    assert said == (
        f"tabela 'seats' ({root / 'seats.parquet'}) usa codificações do Parquet que um "
        "repositório não usa: 'categoria' (DELTA_BYTE_ARRAY); esperadas só BIT_PACKED, PLAIN, "
        f"PLAIN_DICTIONARY, RLE, RLE_DICTIONARY; {AGAIN_ALTERED}")


def test_every_committed_table_has_its_layout_and_the_builds_encodings():
    names = sorted(p.stem for p in STORE.glob("*.parquet"))
    assert len(names) == 16
    for name in names:   # raises on any other
        store_open.check_layout(name, STORE / f"{name}.parquet")
    store = load_store(STORE)
    assert len(store.seats) == 246 and list(store.seats.columns) == [
        "cod_ibge", "categoria", "lat", "lon"]
