"""Every table of a store is bounded by size before it is hashed, whatever its manifest says
(issue 32, hostile trial 6, H6-2 re-check): the fix that compares a table with the manifest's
``bytes`` left a manifest without sizes (an older store, or a hostile one) and a manifest
recording a huge size hashing a sparse 3 GiB table for 30–56 s."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from viabilidade.data.store import TABLE_MAX, load_store
from viabilidade.errors import DataError

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"


def _copy(tmp_path: Path, bytes_of_seats) -> Path:
    root = tmp_path / "store"
    shutil.copytree(STORE, root)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["tables"].values():
        entry.pop("bytes", None)
    if bytes_of_seats is not None:
        manifest["tables"]["seats"]["bytes"] = bytes_of_seats
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


@pytest.mark.parametrize("recorded", [None, TABLE_MAX + 1])
def test_a_sparse_table_past_the_bound_is_refused_unread(tmp_path, recorded):
    root = _copy(tmp_path, recorded)
    os.truncate(root / "seats.parquet", TABLE_MAX + 1)  # sparse: no disk used
    with pytest.raises(DataError) as e:
        load_store(root)
    assert str(e.value) == (
        f"tabela 'seats' ({root / 'seats.parquet'}) tem 268.435.457 bytes; esperado no máximo "
        "268.435.456 bytes (a maior tabela do repositório, a malha municipal, tem cerca de 16 "
        "MB); o repositório foi alterado; gere-o de novo com `viabilidade data build`")


def test_a_store_without_sizes_within_the_bound_still_loads(tmp_path):
    root = _copy(tmp_path, None)
    assert load_store(root).seats is not None
    assert max(p.stat().st_size for p in STORE.glob("*.parquet")) < TABLE_MAX / 10
