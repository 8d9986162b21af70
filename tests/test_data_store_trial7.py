"""Hostile trial 7 (issue 32): a store folder given with --data is checked for its shape
before anything is hashed, and an explorer session restores at most the scenarios the app
keeps. Before: every table a sparse 256 MiB file hashed 4 GiB (9–31 s of CPU), sixty extra
manifest entries linked to one such file were hashed and accepted, a table named '../ok/seats' or linked to /proc/self/environ was read, and 60.000 kept
scenarios took 36 s and 614 MB to restore."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from viabilidade.data.store import TABLE_MAX, TABLES_TOTAL_MAX, load_store
from viabilidade.errors import CandidateError, DataError

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"


def _store(tmp_path: Path, edit=lambda root, manifest: None) -> Path:
    """A copy of the committed store, its manifest edited by ``edit(root, manifest)``."""
    root = tmp_path / "store"
    shutil.copytree(STORE, root)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    edit(root, manifest)
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


def _refused(root: Path) -> str:
    with pytest.raises(DataError) as e:
        load_store(root)
    return str(e.value)


def test_tables_the_build_does_not_make_are_refused_unread(tmp_path):
    def edit(root, m):
        m["tables"]["../ok/seats"] = dict(m["tables"]["seats"])
    root = _store(tmp_path, edit)
    assert _refused(root) == (f"{root / 'manifest.json'} lista tabelas que um repositório não "
                              "tem: ['../ok/seats']; gere o repositório de novo com "
                              "`viabilidade data build`")


def test_a_table_linked_out_of_the_store_is_refused(tmp_path):
    outside = tmp_path / "fora.parquet"
    shutil.copy(STORE / "seats.parquet", outside)

    def edit(root, m):
        (root / "seats.parquet").unlink()
        (root / "seats.parquet").symlink_to(outside)
    root = _store(tmp_path, edit)
    from viabilidade.common.text import quoted

    assert _refused(root) == (f"tabela 'seats': {root / 'seats.parquet'} é um link para fora do "
                              f"repositório ({quoted(str(outside))}); gere o repositório de novo "
                              "com `viabilidade data build`")


def test_the_tables_together_are_bounded(tmp_path):
    def edit(root, m):
        for name in ("boundaries", "seats", "districts"):
            os.truncate(root / f"{name}.parquet", TABLE_MAX)
            m["tables"][name].pop("bytes", None)
    root = _store(tmp_path, edit)
    assert 3 * TABLE_MAX > TABLES_TOTAL_MAX
    assert _refused(root) == (f"as tabelas de {root} somam mais de 536.870.912 bytes (as do "
                              "repositório somam cerca de 18 MB); o repositório foi alterado; "
                              "gere-o de novo com `viabilidade data build`")


def test_the_committed_store_still_loads():
    assert load_store(STORE).seats is not None


@pytest.mark.parametrize("count, refused", [(4, False), (5, True), (6_000, True)])
def test_a_session_restores_at_most_the_scenarios_the_app_keeps(tmp_path, count, refused):
    from viabilidade.explore import persist
    from viabilidade.explore.scenario import Scenario

    scenario = persist.scenario_dict(Scenario(name='Posse d\'Abadia', origins=('5200100',), districts=('520010010',)))
    doc = {"version": persist.VERSION, "scenario": scenario, "undo": [], "redo": [],
           "drawings": [], "kept": [{"label": f"c{i}", "scenario": scenario}
                                    for i in range(count)]}
    path = tmp_path / "sessao.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    if refused:
        with pytest.raises(CandidateError) as e:
            persist.read_session(path)
        n = f"{count:,}".replace(",", ".")
        assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada ({n} cenários "
                                "lado a lado; no máximo 4); o explorador começa do cenário inicial")
    else:
        assert len(persist.read_session(path).kept) == 4


def test_a_session_field_that_is_not_a_list_is_told(tmp_path):
    from viabilidade.explore import persist
    from viabilidade.explore.scenario import Scenario

    doc = {"version": persist.VERSION, "scenario": persist.scenario_dict(Scenario(name='Posse d\'Abadia', origins=('5200100',), districts=('520010010',))),
           "kept": "x" * 1000}
    path = tmp_path / "sessao.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada (o campo 'kept' "
                            "não é uma lista); o explorador começa do cenário inicial")
