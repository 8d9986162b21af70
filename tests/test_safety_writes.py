"""Nothing lost: the study's files are written to temporary files and moved into place.

``report.writers.atomic.write_files_atomically`` writes every file to a temporary file in the output
folder first; a failure while writing any of them leaves the earlier files as they were and
no temporary file behind. (Whole-study failures: tests/test_safety_study.py; interrupted
batches resume: tests/test_batch_fast.py::test_an_interrupted_batch_resumes.)
"""

from __future__ import annotations

import pytest

from viabilidade.report import study
from viabilidade.report.writers.atomic import write_files_atomically


def test_a_failed_write_keeps_the_previous_files_and_leaves_no_temporary(tmp_path):
    for name in study.FILES.values():
        (tmp_path / name).write_bytes(f"estudo anterior: {name}".encode())
    contents = {"estudo.ipynb": b"novo", "estudo.html": b"novo", "estudo.pdf": None}
    with pytest.raises(TypeError):
        write_files_atomically(tmp_path, contents)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        name: f"estudo anterior: {name}".encode() for name in study.FILES.values()}


def test_a_good_write_replaces_every_file(tmp_path):
    (tmp_path / "estudo.html").write_bytes(b"antigo")
    write_files_atomically(tmp_path, {"estudo.html": b"novo", "resultados.json": b"{}"})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {
        "estudo.html": b"novo", "resultados.json": b"{}"}
