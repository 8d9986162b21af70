"""The processed store is built all or nothing and refused when it differs from its manifest.

The raw files are not needed: the build's table-making step is replaced by the committed
store's own tables, so only the writing (what these tests are about) runs for real.
"""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from test_data_store_trial8 import _rematch

from viabilidade.cli import main as cli_main
from viabilidade.data import store as store_mod
from viabilidade.data.store import TABLES, build_store, load_store
from viabilidade.errors import DataError

ROOT = Path(__file__).resolve().parents[1]
PROCESSED = ROOT / "data" / "processed"


@pytest.fixture
def old_store(tmp_path):
    """A copy of the committed store, plus a file a build does not make."""
    dest = tmp_path / "processed"
    shutil.copytree(PROCESSED, dest)
    (dest / "LEIA-ME.txt").write_text("notas locais\n", encoding="utf-8")
    return dest


@pytest.fixture
def fake_raw(tmp_path, monkeypatch):
    """Make ``build_store`` take its tables from the committed store (no raw files needed)."""
    committed = load_store(PROCESSED)
    tables = {name: getattr(committed, name) for name in TABLES}
    monkeypatch.setattr(store_mod, "_build_tables", lambda raw: tables)
    monkeypatch.setattr(store_mod, "record", lambda raw, role, vintage=None: {"role": role})
    raw = tmp_path / "raw"
    raw.mkdir()
    return raw


def _bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_write_error_mid_build_leaves_the_old_store_whole_and_loadable(old_store, fake_raw,
                                                                         monkeypatch):
    before = _bytes(old_store)
    real_write, calls = pq.write_table, []

    def full_disk(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:  # the third table: two are already written
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(*args, **kwargs)

    monkeypatch.setattr(store_mod.pq, "write_table", full_disk)
    with pytest.raises(DataError) as info:
        build_store(fake_raw, old_store)
    assert str(info.value) == (f"não foi possível gravar o repositório processado em {old_store}: "
                               "disco cheio (sem espaço livre); nada foi alterado, o repositório "
                               "anterior foi mantido")
    assert _bytes(old_store) == before
    assert len(load_store(old_store).seats) == 246
    assert sorted(p.name for p in old_store.parent.iterdir()) == ["processed", "raw"]  # no temp left


def test_a_build_replaces_the_whole_store_and_keeps_other_files(old_store, fake_raw):
    (old_store / "seats.parquet").write_bytes(b"lixo")  # a damaged store is replaced whole
    manifest = build_store(fake_raw, old_store)
    assert manifest["tables"]["seats"]["provenance"] == [{"role": "seats"}]
    for name in set(TABLES) - {"boundaries"}:  # same tables as committed: identical bytes
        assert (old_store / f"{name}.parquet").read_bytes() == (PROCESSED / f"{name}.parquet").read_bytes()
    assert (old_store / "LEIA-ME.txt").read_text(encoding="utf-8") == "notas locais\n"
    assert json.loads((old_store / "manifest.json").read_text(encoding="utf-8")) == manifest
    assert len(load_store(old_store).municipalities) == 246
    assert sorted(p.name for p in old_store.parent.iterdir()) == ["processed", "raw"]


def test_default_output_is_the_store_studies_read_wherever_the_command_runs(
        tmp_path, fake_raw, monkeypatch, capsys):
    target = tmp_path / "dados" / "processed"
    monkeypatch.setenv("VIABILIDADE_DATA", str(target))
    elsewhere = tmp_path / "outra-pasta"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert cli_main(["data", "build", "--raw", str(fake_raw)]) == 0
    assert capsys.readouterr().out.strip() == f"13 tabelas escritas em {target}"
    assert (target / "manifest.json").is_file() and list(elsewhere.iterdir()) == []
    monkeypatch.delenv("VIABILIDADE_DATA")
    from viabilidade.data.paths import default_root

    assert default_root() == ROOT / "data" / "processed"


def test_a_store_with_one_table_swapped_is_refused_naming_the_table(old_store):
    shutil.copy(old_store / "vilas.parquet", old_store / "seats.parquet")
    with pytest.raises(DataError) as info:
        load_store(old_store)
    assert str(info.value) == (f"tabela 'seats' ({old_store / 'seats.parquet'}) difere do "
                               "manifesto: tem 4.781 bytes, o manifesto registra 6.358 bytes; o "
                               "repositório foi alterado ou gravado pela metade; gere-o de novo "
                               "com `viabilidade data build`")


def test_a_table_altered_in_place_at_its_size_is_refused_by_its_sha256(old_store):
    data = bytearray((old_store / "seats.parquet").read_bytes())
    data[100] ^= 0xFF
    (old_store / "seats.parquet").write_bytes(bytes(data))
    with pytest.raises(DataError) as info:
        load_store(old_store)
    assert str(info.value) == (f"tabela 'seats' ({old_store / 'seats.parquet'}) difere do "
                               "manifesto (sha256 diferente): o repositório foi alterado ou "
                               "gravado pela metade; gere-o de novo com `viabilidade data build`")


def test_a_store_missing_a_table_is_refused_naming_it(old_store):
    (old_store / "pib.parquet").unlink()
    with pytest.raises(DataError, match=r"^tabela 'pib' ausente: .*pib\.parquet não existe"):
        load_store(old_store)


def test_a_corrupt_table_matching_its_manifest_is_named_when_read(old_store):
    (old_store / "seats.parquet").write_bytes(b"PAR1 cortado")
    _rematch(old_store, "seats")
    with pytest.raises(DataError) as e:  # trial 8: pyarrow's "Parquet magic bytes not found"
        load_store(old_store)
    assert str(e.value) == (f"tabela 'seats' ({old_store / 'seats.parquet'}) não pôde ser lida "
                            "como Parquet: o arquivo não termina com a assinatura de um arquivo "
                            "Parquet ('PAR1'); gere o repositório de novo com `viabilidade data "
                            "build`")
    data = bytearray((PROCESSED / "seats.parquet").read_bytes())
    data[4:200] = b"\xff" * 196  # the first data page: the metadata still reads
    (old_store / "seats.parquet").write_bytes(bytes(data))
    _rematch(old_store, "seats")
    with pytest.raises(DataError) as e:  # the page headers are read before the table is
        load_store(old_store)
    assert str(e.value) == (f"tabela 'seats' ({old_store / 'seats.parquet'}) não pôde ser lida "
                            "como Parquet: cabeçalho de página com um campo de tipo desconhecido "
                            "(15); gere o repositório de novo com `viabilidade data build`")


def test_missing_data_folder_names_the_path(tmp_path, capsys):
    missing = tmp_path / "nao-existe"
    posse = ROOT / "data" / "candidates" / "posse-dabadia.toml"
    assert cli_main(["estudo", str(posse), "--data", str(missing), "--out", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: pasta de dados processados {missing} não encontrada; esperada a pasta do "
        "repositório processado (gerada por `viabilidade data build --raw <pasta>`)")
    assert not (tmp_path / "o").exists()


def test_a_batch_refuses_an_altered_store_before_writing(old_store, tmp_path, capsys):
    shutil.copy(old_store / "vilas.parquet", old_store / "seats.parquet")
    out = tmp_path / "lote"
    posse = ROOT / "data" / "candidates" / "posse-dabadia.toml"
    assert cli_main(["lote", str(posse), "--data", str(old_store), "--saida", str(out),
                     "--sem-progresso"]) == 2
    assert "erro: tabela 'seats' (" in capsys.readouterr().err
    assert not out.exists()


def test_a_build_into_a_raw_like_folder_is_refused_and_removes_nothing(tmp_path, fake_raw, capsys):
    raw_like = tmp_path / "dados-brutos"
    for sub in ("census", "dtb", "electoral", "geo"):
        (raw_like / sub).mkdir(parents=True)
        (raw_like / sub / "arquivo.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    (raw_like / "SHA256SUMS").write_text("x  y\n", encoding="utf-8")
    before = sorted(str(p.relative_to(raw_like)) for p in raw_like.rglob("*"))
    assert cli_main(["data", "build", "--raw", str(fake_raw), "--out", str(raw_like)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: --saida {raw_like}: a pasta já existe e não é um repositório processado (não "
        "tem manifest.json; contém SHA256SUMS, census, dtb, electoral, geo); nada foi "
        "alterado; esperada a pasta de um repositório processado, uma pasta vazia ou um "
        "caminho novo")
    assert sorted(str(p.relative_to(raw_like)) for p in raw_like.rglob("*")) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dados-brutos", "raw"]


def test_a_build_into_a_store_keeps_its_sub_folders_such_as_git(old_store, fake_raw):
    (old_store / ".git" / "objects").mkdir(parents=True)
    (old_store / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (old_store / "notas").mkdir()
    (old_store / "notas" / "a.txt").write_text("a\n", encoding="utf-8")
    build_store(fake_raw, old_store)
    assert (old_store / ".git" / "HEAD").read_text(encoding="utf-8") == "ref: refs/heads/main\n"
    assert (old_store / ".git" / "objects").is_dir()
    assert (old_store / "notas" / "a.txt").read_text(encoding="utf-8") == "a\n"
    assert (old_store / "LEIA-ME.txt").read_text(encoding="utf-8") == "notas locais\n"
    assert len(load_store(old_store).municipalities) == 246
    assert sorted(p.name for p in old_store.parent.iterdir()) == ["processed", "raw"]


def test_a_build_into_an_empty_folder_writes_the_store(tmp_path, fake_raw):
    empty = tmp_path / "vazia"
    empty.mkdir()
    build_store(fake_raw, empty)
    assert len(load_store(empty).seats) == 246


def test_a_build_into_a_project_checkout_is_refused_and_removes_nothing(tmp_path, fake_raw, capsys):
    checkout = tmp_path / "projeto"
    for sub in (".git/objects", "lib/viabilidade", "tests"):
        (checkout / sub).mkdir(parents=True)
    (checkout / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (checkout / "README.md").write_text("# projeto\n", encoding="utf-8")
    before = sorted(str(p.relative_to(checkout)) for p in checkout.rglob("*"))
    assert cli_main(["data", "build", "--raw", str(fake_raw), "--saida", str(checkout)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: --saida {checkout}: a pasta já existe e não é um repositório processado (não "
        "tem manifest.json; contém .git, README.md, lib, tests); nada foi alterado; esperada a "
        "pasta de um repositório processado, uma pasta vazia ou um caminho novo")
    assert sorted(str(p.relative_to(checkout)) for p in checkout.rglob("*")) == before
