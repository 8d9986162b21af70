"""A raw folder or a store holding a FIFO, and a hostile store manifest (issue 32, fourth
hostile trial H4-8): each told in pt-BR for what it is, no traceback."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_data_store_trial7 import _store as _store_copy

from viabilidade.data import store_open
from viabilidade.data.store import load_store, missing_raw_files
from viabilidade.errors import DataError

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
AGG = "census/CD2022_Agregados_por_municipios_basico_GO.csv"


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
def test_a_fifo_in_place_of_a_raw_file_is_told_as_not_a_regular_file(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw)
    missing_raw_files(raw)  # the copy is whole
    (raw / AGG).unlink()
    os.mkfifo(raw / AGG)
    with pytest.raises(DataError) as e:
        missing_raw_files(raw)
    assert str(e.value) == (f"pasta de dados brutos {raw}: {AGG} não é um arquivo comum (uma "
                            "FIFO, um dispositivo ou uma pasta); esperado o arquivo como "
                            "publicado")


def _store(tmp_path: Path, manifest: str) -> Path:
    (tmp_path / "manifest.json").write_text(manifest, encoding="utf-8")
    return tmp_path


def test_a_fifo_in_place_of_a_table_is_told_as_not_a_regular_file(tmp_path):
    root = _store_copy(tmp_path)  # its manifest lists every table (hostile trial 8)
    (root / "municipalities.parquet").unlink()
    os.mkfifo(root / "municipalities.parquet")
    with pytest.raises(DataError) as e:
        load_store(root)
    assert str(e.value) == (f"tabela 'municipalities': {root / 'municipalities.parquet'} não é "
                            "um arquivo comum (uma FIFO, um dispositivo ou uma pasta); gere o "
                            "repositório de novo com `viabilidade data build`")


def test_a_deeply_nested_manifest_is_told_in_portuguese(tmp_path):
    root = _store(tmp_path, "[" * 200_000 + "]" * 200_000)
    with pytest.raises(DataError) as e:
        load_store(root)
    assert str(e.value) == (f"{root / 'manifest.json'} não é um manifesto válido (listas ou "
                            "objetos aninhados em profundidade excessiva); gere o repositório "
                            "de novo com `viabilidade data build`")


def test_a_manifest_over_its_bound_is_refused_unread(tmp_path, monkeypatch):
    root = _store_copy(tmp_path)  # its manifest lists every table (hostile trial 8)
    size = (root / "manifest.json").stat().st_size
    monkeypatch.setattr(store_open, "MANIFEST_MAX", size - 1)
    monkeypatch.setattr(store_open, "read_user_bytes", lambda *a: pytest.fail("read"))
    with pytest.raises(DataError) as e:
        load_store(root)
    said = f"{size:,}".replace(",", ".")
    less = f"{size - 1:,}".replace(",", ".")
    assert str(e.value) == (f"{root / 'manifest.json'} tem {said} bytes; esperado no máximo "
                            f"{less} bytes (o manifesto de um repositório tem cerca de 23 KB); "
                            "gere o repositório de novo com `viabilidade data build`")
    monkeypatch.undo()
    monkeypatch.setattr(store_open, "MANIFEST_MAX", size)
    assert len(load_store(root).seats) == 246  # at the bound: read
