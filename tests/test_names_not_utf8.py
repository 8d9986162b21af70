"""A candidate file whose name is not UTF-8 (issue 32, fourth hostile trial).

``printf 'S\\xe3o Lu\\xeds.toml'`` is what a zip made on Windows (or a Latin-1 system)
gives: ``lote`` stopped with a ``UnicodeEncodeError`` traceback and wrote no study,
``estudo`` with ``nbformat.reader.NotJSONError``. Such a name is refused, naming its bytes
and the rename, and the batch goes on with the other files.
"""

from __future__ import annotations

import os

import pytest

from viabilidade.batch.run import run_batch
from viabilidade.cli import main as cli_main
from viabilidade.common.text import path_shown, undecodable_name

FAKE = "test_batch_fast:fake_study"
LATIN1 = os.fsdecode(b"S\xe3o Lu\xeds.toml")
MESSAGE = ("o nome do arquivo não está em UTF-8 (os bytes E3 e ED não formam texto UTF-8; "
           "assim grava nomes um zip criado no Windows ou um sistema em Latin-1); esperado um "
           "nome em UTF-8: renomeie o arquivo para 'São Luís.toml' (no terminal, na pasta do "
           "arquivo: mv $'S\\xe3o Lu\\xeds.toml' 'São Luís.toml')")


def _candidate(path, name: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'operation = "create-municipality"\nname = "{name}"\n[area]\n'
                'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n')


def test_the_message_names_the_bytes_and_the_rename():
    assert undecodable_name("/x/São Luís.toml") is None
    assert undecodable_name("/x/" + LATIN1) == "/x/S\\xe3o Lu\\xeds.toml: " + MESSAGE
    assert path_shown("/x/" + LATIN1) == "/x/S\\xe3o Lu\\xeds.toml"
    # bytes that are no Windows-1252 text: each one an underscore in the name proposed
    assert undecodable_name(os.fsdecode(b"x\x81.toml")) == (
        "x\\x81.toml: o nome do arquivo não está em UTF-8 (o byte 81 não forma texto UTF-8; "
        "assim grava nomes um zip criado no Windows ou um sistema em Latin-1); esperado um "
        "nome em UTF-8: renomeie o arquivo para 'x_.toml' (no terminal, na pasta do arquivo: "
        "mv $'x\\x81.toml' 'x_.toml')")


def test_lote_refuses_the_name_and_studies_the_other_files(tmp_path):
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands / "alfa.toml", "Alfa")
    _candidate(os.path.join(cands, LATIN1), "São Luís")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert sorted(by) == ["alfa", "s-xe3o-lu-xeds"]
    assert by["alfa"]["verdict"] == "viável"
    bad = by["s-xe3o-lu-xeds"]
    assert bad["status"] == "falhou"
    assert bad["error"] == f"{cands}/S\\xe3o Lu\\xeds.toml: {MESSAGE}"
    assert (out / "s-xe3o-lu-xeds" / "erro.txt").read_text(encoding="utf-8") == bad["error"] + "\n"
    assert "S\\xe3o Lu\\xeds.toml" in (out / "index.html").read_text(encoding="utf-8")


def test_estudo_refuses_the_name_without_a_traceback(tmp_path, capsys):
    path = os.path.join(tmp_path, LATIN1)
    _candidate(path, "São Luís")
    assert cli_main(["estudo", path, "--saida", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err == f"erro: {tmp_path}/S\\xe3o Lu\\xeds.toml: {MESSAGE}\n"
    assert not (tmp_path / "o").exists()
