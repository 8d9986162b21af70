"""Hostile trial 8 (issue 32) against a ``--data`` store: a manifest that leaves a table out
skipped every check on it (``"tables": {}`` loaded, and the table was then read unchecked), a
437 KB zstd table whose size and sha256 matched its manifest decompressed to 1,79 GB when read,
and the minors: a ``manifest.json`` link leaving the store was read, a malformed manifest and a
file that is not Parquet were told in the library's English, a link's message quoted only its
first hop. Each case fails on main and passes now; every bound is tried on both sides."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from viabilidade.common.text import quoted
from viabilidade.data import store_open
from viabilidade.data.provenance import sha256
from viabilidade.data.store import OPTIONAL_TABLES, TABLES, Store, load_store
from viabilidade.errors import DataError

from test_data_store_trial7 import _refused, _store

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"
AGAIN = "gere o repositório de novo com `viabilidade data build`"


def _read_refused(root: Path, table: str = "seats") -> str:
    """The refusal of reading ``table`` of a store that opens (its size, sha256 and metadata
    bounds hold: the manifest matches)."""
    store = load_store(root)
    with pytest.raises(DataError) as e:
        getattr(store, table)
    return str(e.value)


def _match(root: Path, manifest: dict, name: str) -> None:
    """A hostile manifest: ``name``'s entry records the file as it now is."""
    manifest["tables"][name]["sha256"] = sha256(root / f"{name}.parquet")
    manifest["tables"][name]["bytes"] = (root / f"{name}.parquet").stat().st_size


def _rematch(root: Path, name: str) -> None:
    """The store's manifest rewritten so that ``name``'s entry records the file as it now is."""
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    _match(root, manifest, name)
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _seats_store(tmp_path: Path, edit) -> Path:
    """A copy of the committed store whose seats table is rewritten as a build writes it
    (store._arrow, zstd) after ``edit(seats)`` changed its DataFrame, the manifest matching."""
    from viabilidade.data.store import _arrow

    def rewrite(root, manifest):
        seats = pq.read_table(root / "seats.parquet").to_pandas()
        edit(seats)
        columns, keys, _ = TABLES["seats"]
        pq.write_table(_arrow(seats, columns, keys), root / "seats.parquet", compression="zstd")
        _match(root, manifest, "seats")
    return _store(tmp_path, rewrite)


# ------------------------------------------ H8-1: every table listed, none read unchecked
def test_a_manifest_of_no_tables_names_every_table_a_build_makes(tmp_path):
    root = _store(tmp_path, lambda root, m: m.update(tables={}))
    present = [n for n in OPTIONAL_TABLES if (root / f"{n}.parquet").exists()]
    assert present == ["fpm_monthly", "fpm_credits", "official_areas"]
    names = ", ".join(repr(n) for n in (*TABLES, *present))
    assert _refused(root) == (
        f"{root / 'manifest.json'} não registra as tabelas [{names}]; um manifesto registra o "
        "tamanho e o sha256 de cada tabela do repositório, e uma tabela fora dele não é lida; "
        f"{AGAIN}")


def test_one_table_left_out_is_named_and_an_optional_one_only_when_its_file_is_there(tmp_path):
    def edit(root, m):
        del m["tables"]["seats"]
    root = _store(tmp_path, edit)
    assert _refused(root) == (
        f"{root / 'manifest.json'} não registra a tabela ['seats']; um manifesto registra o "
        "tamanho e o sha256 de cada tabela do repositório, e uma tabela fora dele não é lida; "
        f"{AGAIN}")
    shutil.rmtree(root)

    def optional(root, m):
        del m["tables"]["fpm_monthly"]
    root = _store(tmp_path, optional)  # its file is there: listed or refused
    assert "não registra a tabela ['fpm_monthly']" in _refused(root)
    (root / "fpm_monthly.parquet").unlink()  # no file: a store built without it
    store = load_store(root)
    assert store.fpm_monthly is None and len(store.seats) == 246


def test_a_table_the_manifest_does_not_record_is_never_read():
    for manifest in ({"tables": {}}, {"tables": {"seats": {}}}):
        with pytest.raises(DataError) as e:
            Store(root=STORE, manifest=manifest).seats
        assert str(e.value) == (f"tabela 'seats' ({STORE / 'seats.parquet'}): o manifesto não "
                                "registra o seu sha256, e uma tabela não conferida não é lida; "
                                f"{AGAIN}")


# ------------------------------------ H8-2: a decompression bomb bounded by its metadata
def _bomb(path: Path, size: int) -> int:
    """A one-row zstd table of ``size`` zero bytes (a few KiB on disk); its bytes
    decompressed by the metadata."""
    table = pa.table({"cod_ibge": pa.array([b"\0" * size], pa.binary())})
    pq.write_table(table, path, compression="zstd", use_dictionary=False)
    meta = pq.read_metadata(path)
    return sum(meta.row_group(0).column(j).total_uncompressed_size
               for j in range(meta.num_columns))


def test_a_zstd_bomb_matching_its_manifest_is_refused_by_its_metadata(tmp_path, monkeypatch):
    unpacked = {}

    def edit(root, m):
        unpacked["seats"] = _bomb(root / "seats.parquet", 32 << 20)  # over the mesh's 23 MB
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    on_disk = (root / "seats.parquet").stat().st_size
    assert on_disk < 10_000 and unpacked["seats"] > 32 << 20
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", unpacked["seats"] - 1)
    fmt = lambda n: f"{n:,}".replace(",", ".")  # noqa: E731
    assert _refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem {fmt(on_disk)} bytes e se descompacta "
        f"em {fmt(unpacked['seats'])} bytes; esperado no máximo {fmt(unpacked['seats'] - 1)} "
        "bytes descompactados (a maior tabela do repositório, a malha municipal, se "
        f"descompacta em 23.397.531 bytes); o repositório foi alterado; {AGAIN}")
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", unpacked["seats"])
    store = load_store(root)  # at the bound: opened; Store._read checks again before reading
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", unpacked["seats"] - 1)
    with pytest.raises(DataError, match=r"^tabela 'seats' .* se descompacta em "):
        store.seats


def _dictionary_bomb(path: Path, rows: int) -> None:
    """``rows`` rows of one 1 MiB text, dictionary-encoded: a few hundred bytes on disk and
    1 MiB decompressed, ``rows`` MiB once decoded (its schema not stored, so it is read back
    as plain text, as the store's text columns are)."""
    column = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()),
                                            pa.array(["x" * (1 << 20)]))
    pq.write_table(pa.table({"cod_ibge": column}), path, compression="zstd", store_schema=False)


def test_a_dictionary_bomb_is_refused_by_its_decoded_size_before_it_is_read(tmp_path):
    def edit(root, m):  # 400 rows: 666 MB to read (measured); the metadata says 1 MiB
        _dictionary_bomb(root / "seats.parquet", 400)
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    size = (root / "seats.parquet").stat().st_size
    assert size < 1000
    assert _read_refused(root) == (  # its metadata bounds hold: load_store does not decode
        f"tabela 'seats' ({root / 'seats.parquet'}) tem {size} bytes e se decodifica em "
        "419.430.400 bytes (valores de um dicionário repetidos linha a linha); esperado no "
        "máximo 268.435.456 bytes (a maior tabela do repositório, a malha municipal, se "
        f"descompacta em 23.397.531 bytes); o repositório foi alterado; {AGAIN}")


def test_the_decoded_bound_on_both_sides(tmp_path, monkeypatch):
    path = tmp_path / "seats.parquet"
    _dictionary_bomb(path, 8)
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", 8 << 20)
    assert store_open.parquet_figures("seats", path, decoded=True)[0] == 8
    monkeypatch.setattr(store_open, "TABLE_UNPACKED_MAX", (8 << 20) - 1)
    assert store_open.parquet_figures("seats", path)[0] == 8  # metadata only: not decoded
    with pytest.raises(DataError, match=r"se decodifica em 8\.388\.608 bytes \(valores"):
        store_open.parquet_figures("seats", path, decoded=True)


def test_the_real_bounds_hold_the_committed_store_with_margin():
    figures = {p.stem: store_open.parquet_figures(p.stem, p) for p in STORE.glob("*.parquet")}
    assert max(r for r, _ in figures.values()) == figures["pib"][0] == 5412
    assert max(u for _, u in figures.values()) == figures["boundaries"][1] == 23_397_531
    assert figures["boundaries"][1] * 10 < store_open.TABLE_UNPACKED_MAX
    assert sum(u for _, u in figures.values()) * 10 < store_open.TABLES_UNPACKED_MAX


def test_the_committed_meshes_store_their_geometry_without_a_dictionary():
    """A dictionary-encoded geometry would be decoded once more before every read of the mesh
    (0,13 s of CPU a study); the build writes it plain (store._write_geoparquet)."""

    for name in ("boundaries", "boundaries_map"):
        meta = pq.read_metadata(STORE / f"{name}.parquet")
        column = meta.schema.names.index("geometry")
        assert [meta.row_group(g).column(column).has_dictionary_page
                for g in range(meta.num_row_groups)] == [False]
        names = meta.row_group(0).column(meta.schema.names.index("nome"))
        assert names.has_dictionary_page   # the text columns keep theirs


@pytest.mark.parametrize("rows, refused", [(100_000, False), (100_001, True)])
def test_rows_are_bounded_by_the_metadata_on_both_sides(tmp_path, rows, refused):
    def edit(root, m):  # a byte per row, run-length encoded: a few KiB on disk
        pq.write_table(pa.table({"cod_ibge": pa.array([0] * rows, pa.int8())}),
                       root / "seats.parquet", compression="zstd")
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    assert store_open.TABLE_ROWS_MAX == 100_000
    if refused:
        assert _refused(root) == (
            f"tabela 'seats' ({root / 'seats.parquet'}) declara 100.001 linhas; esperado no "
            "máximo 100.000 (a maior tabela do repositório, pib, tem 5.412 linhas); o "
            "repositório "
            f"foi alterado; {AGAIN}")
    else:  # at the bound: opened (its rows are not the seats' layout: not read here)
        assert load_store(root).root == root


def test_the_tables_together_are_bounded_by_what_they_decompress_to(tmp_path, monkeypatch):
    root = _store(tmp_path)
    total = sum(store_open.parquet_figures(p.stem, p)[1] for p in root.glob("*.parquet"))
    monkeypatch.setattr(store_open, "TABLES_UNPACKED_MAX", total - 1)
    said = f"{total - 1:,}".replace(",", ".")
    assert _refused(root) == (f"as tabelas de {root} se descompactam em mais de {said} bytes "
                              "(as do repositório, em cerca de 26 MB); o repositório foi "
                              "alterado; gere-o de novo com `viabilidade data build`")
    monkeypatch.setattr(store_open, "TABLES_UNPACKED_MAX", total)
    assert len(load_store(root).seats) == 246   # at the bound: opened and read


def _footer(path: Path, length: int) -> None:
    data = bytearray(path.read_bytes())
    data[-8:-4] = length.to_bytes(4, "little")
    path.write_bytes(bytes(data))


def test_a_hostile_footer_length_is_refused_before_the_metadata_is_read(tmp_path, monkeypatch):
    def edit(root, m):
        _footer(root / "seats.parquet", 2**32 - 1)
        _match(root, m, "seats")
    root = _store(tmp_path, edit)
    real = pq.read_metadata
    monkeypatch.setattr(pq, "read_metadata", lambda p, *a, **k: pytest.fail("footer read")
                        if Path(p).name == "seats.parquet" else real(p, *a, **k))
    assert _refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}): o rodapé de metadados do Parquet declara "
        "4.294.967.295 bytes; esperado no máximo 1.048.576 bytes (o maior do repositório tem "
        f"4.611 bytes); o repositório foi alterado; {AGAIN}")
    size = (root / "seats.parquet").stat().st_size
    _footer(root / "seats.parquet", size - 11)  # under the bound, but longer than the file
    _rematch(root, "seats")
    said = lambda n: f"{n:,}".replace(",", ".")  # noqa: E731
    assert _refused(root) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) não pôde ser lida como Parquet: o rodapé de "
        f"metadados declara {said(size - 11)} bytes, e o arquivo inteiro tem {said(size)} "
        f"bytes; {AGAIN}")


def test_the_footer_bound_on_both_sides(monkeypatch):
    path = STORE / "seats.parquet"
    length = int.from_bytes(path.read_bytes()[-8:-4], "little")
    assert length == 926
    monkeypatch.setattr(store_open, "FOOTER_MAX", length - 1)
    with pytest.raises(DataError) as e:
        store_open.parquet_figures("seats", path)
    assert str(e.value) == (f"tabela 'seats' ({path}): o rodapé de metadados do Parquet declara "
                            "926 bytes; esperado no máximo 925 bytes (o maior do repositório tem "
                            f"4.611 bytes); o repositório foi alterado; {AGAIN}")
    monkeypatch.setattr(store_open, "FOOTER_MAX", length)
    assert store_open.parquet_figures("seats", path) == (246, 7715)


# ------------------------------------------------------------------- H8-3: the minors
def test_a_manifest_linked_out_of_the_store_is_refused_naming_where_it_leads(tmp_path):
    outside = tmp_path / "fora.json"
    shutil.copy(STORE / "manifest.json", outside)
    root = tmp_path / "store"   # not _store: its manifest written back would go through the link
    shutil.copytree(STORE, root)
    (root / "manifest.json").unlink()
    (root / "dentro.json").symlink_to(outside)
    (root / "manifest.json").symlink_to("dentro.json")
    assert _refused(root) == (f"{root / 'manifest.json'} é um link para fora do repositório "
                              f"('dentro.json', que leva a {quoted(str(outside))}); {AGAIN}")
    (root / "manifest.json").unlink()
    (root / "manifest.json").symlink_to("/proc/self/status")  # st_size 0: read unbounded
    real = os.path.realpath(root / "manifest.json")
    assert _refused(root) == (f"{root / 'manifest.json'} é um link para fora do repositório "
                              f"('/proc/self/status', que leva a {quoted(real)}); {AGAIN}")
    (root / "manifest.json").unlink()
    (root / "manifest.json").symlink_to("dentro-de-verdade.json")  # within: followed
    shutil.copy(STORE / "manifest.json", root / "dentro-de-verdade.json")
    assert len(load_store(root).seats) == 246


def test_a_table_linked_out_through_a_link_inside_names_both(tmp_path):
    outside = tmp_path / "fora.parquet"
    shutil.copy(STORE / "seats.parquet", outside)
    root = _store(tmp_path)
    (root / "seats.parquet").unlink()
    (root / "ponte.parquet").symlink_to(outside)
    (root / "seats.parquet").symlink_to("ponte.parquet")
    assert _refused(root) == (f"tabela 'seats': {root / 'seats.parquet'} é um link para fora do "
                              f"repositório ('ponte.parquet', que leva a {quoted(str(outside))}); "
                              f"{AGAIN}")


def test_a_file_whose_size_the_system_does_not_give_is_read_only_to_the_bound(tmp_path):
    from viabilidade.os_errors import read_user_bytes

    assert os.stat("/proc/self/status").st_size == 0
    with pytest.raises(OSError) as e:
        read_user_bytes("/proc/self/status", 13)
    assert e.value.strerror == ("passa do limite de 13 bytes para este arquivo (lido só até o "
                                "limite: o sistema não dá o seu tamanho, ou ele cresceu durante "
                                "a leitura)")
    exact = tmp_path / "treze"
    exact.write_bytes(b"x" * 13)
    assert read_user_bytes(exact, 13) == b"x" * 13


@pytest.mark.parametrize("text, said", [
    ("", "não é JSON válido: erro na linha 1, coluna 1: arquivo truncado ou editado à mão?"),
    ('{\n "format": 1,\n "tables": {,\n', "não é JSON válido: erro na linha 3, coluna 13: "
                                          "arquivo truncado ou editado à mão?"),
    (b"\xff\xfe{}", "não é texto UTF-8"),
])
def test_a_malformed_manifest_says_where_in_portuguese(tmp_path, text, said):
    path = tmp_path / "manifest.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    assert _refused(tmp_path) == f"{path} não é um manifesto válido ({said}); {AGAIN}"
