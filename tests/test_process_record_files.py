"""The document files of the process record (proposal/record.py ``_annex``), as the second
hostile trial attacked them: a file outside the candidate's folder (absolute path, ``..``,
a symlink out, /proc) is refused before it is opened; one file named by many acts is hashed
once and all of a record's files are bounded together; a NUL in the name is a message, not
a traceback."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from viabilidade.errors import CandidateError
from viabilidade.proposal import record
from viabilidade.proposal.candidate import load_candidate

ROOT = Path(__file__).resolve().parents[1]
BASE = (ROOT / "data" / "candidates" / "posse-dabadia.toml").read_text(encoding="utf-8")
PASSWD_SHA = hashlib.sha256(Path("/etc/passwd").read_bytes()).hexdigest()


def _act(file: str, sha: str, n: int = 1, first: int = 0) -> str:
    return "".join(f'\n[[process.events]]\nkind = "parecer"\ndate = 2027-03-{10 + i % 15:02d}\n'
                   f'document = "Parecer nº {i + 1}/2027"\nplanned = true\n'
                   f'file = {file}\nsha256 = "{sha}"\n' for i in range(first, first + n))


def _candidate(folder: Path, events: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / "c.toml"
    p.write_text(BASE + events, encoding="utf-8")
    return p


def _problems(path: Path) -> list[str]:
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    return e.value.lines


def _line_of_file(path: Path, k: int = 1) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [n + 1 for n, line in enumerate(lines) if line.startswith("file = ")][k - 1]


@pytest.mark.parametrize("name", ['"/etc/passwd"', '"../../../../../../../../etc/passwd"',
                                  '"documentos/link.pdf"'])
def test_a_file_outside_the_candidates_folder_is_refused(tmp_path, name):
    folder = tmp_path / "proc"
    (folder / "documentos").mkdir(parents=True)
    (folder / "documentos" / "link.pdf").symlink_to("/etc/passwd")
    p = _candidate(folder, _act(name, PASSWD_SHA))
    lines = _problems(p)
    shown = name.strip('"')
    assert f"{p}, linha {_line_of_file(p)}, campo 'process.events[1].file': o arquivo " \
           f"{shown!r} fica fora da pasta do arquivo do candidato ({folder.resolve()}); esperado " \
           "o arquivo do documento nessa pasta ou numa subpasta dela (copie-o para lá), sem " \
           "links para fora dela" in lines


def test_proc_environ_is_refused_without_reading_it(tmp_path, monkeypatch):
    opened = []
    real = record.read_user_bytes
    monkeypatch.setattr(record, "read_user_bytes", lambda p, n: opened.append(p) or real(p, n))
    p = _candidate(tmp_path / "proc", _act('"/proc/self/environ"', "0" * 64))
    lines = _problems(p)
    assert opened == []
    assert any("campo 'process.events[1].file': o arquivo '/proc/self/environ' fica fora da "
               "pasta do arquivo do candidato" in x for x in lines)
    assert not any("tem sha256" in x for x in lines)


def test_a_file_in_a_subfolder_is_still_accepted(tmp_path):
    folder = tmp_path / "proc"
    (folder / "documentos").mkdir(parents=True)
    (folder / "documentos" / "p.pdf").write_bytes(b"parecer")
    sha = hashlib.sha256(b"parecer").hexdigest()
    cand = load_candidate(_candidate(folder, _act('"documentos/p.pdf"', sha)))
    (act,) = [a for a in cand.events if a.file is not None]
    assert act.file.path == (folder / "documentos" / "p.pdf").resolve()
    assert act.file.sha256 == sha


def test_a_file_named_by_many_acts_is_hashed_once_and_the_total_is_bounded(tmp_path, monkeypatch):
    folder = tmp_path / "proc"
    (folder / "documentos").mkdir(parents=True)
    data = b"x" * 1000
    (folder / "documentos" / "a.pdf").write_bytes(data)
    (folder / "documentos" / "b.pdf").write_bytes(data + b"y")
    sha = hashlib.sha256(data).hexdigest()
    reads = []
    real = record.read_user_bytes
    monkeypatch.setattr(record, "read_user_bytes", lambda p, n: reads.append(p) or real(p, n))
    cand = load_candidate(_candidate(folder, _act('"documentos/a.pdf"', sha, n=30)))
    assert len([a for a in cand.events if a.file is not None]) == 30
    assert reads == [(folder / "documentos" / "a.pdf").resolve()]
    # Both sides of the bound: 1.000 + 1.001 bytes pass at 2.001, are refused at 2.000.
    events = (_act('"documentos/a.pdf"', sha, n=3)
              + _act('"documentos/b.pdf"', hashlib.sha256(data + b"y").hexdigest(), first=3))
    monkeypatch.setattr(record, "DOCUMENTS_MAX_BYTES", 2001)
    p = _candidate(folder, events)
    load_candidate(p)
    monkeypatch.setattr(record, "DOCUMENTS_MAX_BYTES", 2000)
    lines = _problems(p)
    assert lines == [f"{p}, linha {_line_of_file(p, 4)}, campo 'process.events[4].file': arquivo "
                     "'documentos/b.pdf' com 1.001 bytes leva os documentos do registro a 2.001 "
                     "bytes; esperado no máximo 2.000 bytes em todos os arquivos de documentos "
                     "juntos"]


def test_a_comma_in_the_file_name_is_kept_while_the_sizes_read_pt_br(tmp_path, monkeypatch):
    """Only the numbers are written pt-BR: the name 'ata,2027.pdf' stays as the user wrote it
    (before, the whole message went through ``.replace(",", ".")``: 'ata.2027.pdf')."""
    folder = tmp_path / "proc"
    (folder / "documentos").mkdir(parents=True)
    data = b"x" * 1500
    (folder / "documentos" / "ata,2027.pdf").write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    p = _candidate(folder, _act('"documentos/ata,2027.pdf"', sha))
    monkeypatch.setattr(record, "FILE_MAX_BYTES", 1500)
    load_candidate(p)
    monkeypatch.setattr(record, "FILE_MAX_BYTES", 1499)
    assert _problems(p) == [f"{p}, linha {_line_of_file(p)}, campo 'process.events[1].file': "
                            "arquivo 'documentos/ata,2027.pdf' com 1.500 bytes; esperado no máximo "
                            "1.499 bytes"]
    monkeypatch.setattr(record, "FILE_MAX_BYTES", 1500)
    monkeypatch.setattr(record, "DOCUMENTS_MAX_BYTES", 1499)
    assert _problems(p) == [f"{p}, linha {_line_of_file(p)}, campo 'process.events[1].file': "
                            "arquivo 'documentos/ata,2027.pdf' com 1.500 bytes leva os documentos "
                            "do registro a 1.500 bytes; esperado no máximo 1.499 bytes em todos "
                            "os arquivos de documentos juntos"]


def test_a_nul_in_the_file_name_is_a_message_not_a_traceback(tmp_path):
    p = _candidate(tmp_path / "proc", _act('"documentos/ok\\u0000.pdf"', "0" * 64))
    lines = _problems(p)
    assert f"{p}, linha {_line_of_file(p)}, campo 'process.events[1].file': o nome do arquivo " \
           "tem um caractere de controle (NUL); esperado um nome de arquivo comum (letras, " \
           "números, espaços, hífens, pontos); esperado o caminho do arquivo do documento, " \
           "relativo ao arquivo do candidato" in lines


def test_a_file_name_too_long_for_its_copy_beside_the_study_is_refused_when_read(tmp_path):
    """Fourth hostile trial: a 248-byte name passed the record and `processo`, and `estudo`
    failed after 10 s (nome longo demais), its copy `documento-<12>-<nome>` being past the
    255 bytes of a file name. 232 bytes (255 - 23) pass; 233 are refused, with field and
    line."""
    folder = tmp_path / "proc"
    folder.mkdir(parents=True)
    for n in (232, 233):
        name = "a" * (n - 4) + ".pdf"
        (folder / name).write_bytes(b"parecer")
        p = _candidate(folder, _act(f'"{name}"', hashlib.sha256(b"parecer").hexdigest()))
        if n == 232:
            (act,) = [a for a in load_candidate(p).events if a.file is not None]
            assert len(record.annex_name(act.file).encode()) == 255
        else:
            assert _problems(p) == [
                f"{p}, linha {_line_of_file(p)}, campo 'process.events[1].file': o nome do "
                "arquivo tem 233 bytes; esperado no máximo 232 (o estudo guarda uma cópia "
                "chamada documento-<12 algarismos hexadecimais>-<nome>, e um nome de arquivo tem no máximo "
                "255 bytes): renomeie o arquivo"]
