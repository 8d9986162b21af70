"""A full disk during `estudo` leaves no empty ``<saida>/<slug>/`` folder (issue 32, m6).

The disk is made full where the study writes its files (``write_files_atomically`` raising
ENOSPC, as the kernel does when the disk is full, the project's way of testing it without a
filesystem of its own: ``test_bad_inputs_faults.py``); the folder made for the study must go,
a folder that was already there (an earlier study) must stay with its files.
"""

import errno

import pytest

from viabilidade.report import study


def _full(folder, contents):
    raise OSError(errno.ENOSPC, "No space left on device", str(folder / "estudo.pdf"))


def test_a_folder_made_for_a_study_that_could_not_be_written_is_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(study, "write_files_atomically", _full)
    folder = tmp_path / "saida" / "posse-dabadia"
    with pytest.raises(OSError):
        study._write_into(folder, {"estudo.pdf": b"%PDF"})
    assert not folder.exists()
    with pytest.raises(OSError):
        study._write_failure(folder, None, "falhou\n")
    assert not folder.exists()
    assert (tmp_path / "saida").is_dir()  # the --saida folder itself is the user's


def test_an_earlier_study_folder_is_kept_with_its_files(tmp_path, monkeypatch):
    folder = tmp_path / "posse-dabadia"
    folder.mkdir()
    (folder / "estudo.pdf").write_bytes(b"%PDF anterior")
    monkeypatch.setattr(study, "write_files_atomically", _full)
    with pytest.raises(OSError):
        study._write_into(folder, {"estudo.pdf": b"%PDF novo"})
    assert (folder / "estudo.pdf").read_bytes() == b"%PDF anterior"


def test_a_study_written_normally(tmp_path):
    folder = tmp_path / "posse-dabadia"
    study._write_into(folder, {"estudo.pdf": b"%PDF", "erro.txt": b""})
    assert sorted(p.name for p in folder.iterdir()) == ["erro.txt", "estudo.pdf"]
