"""The ``.part`` of a download is this program's own regular file (issue 32, fourth hostile
trial H4-7 and the chunk size of H4-8): a link in its place is removed, never written
through; a folder there is refused; a malformed chunk size is named and leaves nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fetch_server import Server
from viabilidade.data import download as dl
from viabilidade.data.download import DownloadError, download


@pytest.fixture()
def srv(tmp_path):
    site = tmp_path / "publicador"
    site.mkdir()
    (site / "f.csv").write_bytes(b"a;b\n1;2\n")
    with Server(site) as s:
        yield s


def test_a_part_that_is_a_link_to_a_file_outside_is_replaced_and_the_file_left_alone(srv,
                                                                                   tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"do not touch")
    raw = tmp_path / "raw"
    raw.mkdir()
    (raw / "f.csv.part").symlink_to(victim)
    download(f"{srv.url}/f.csv", raw / "f.csv", progress=False)
    assert victim.read_bytes() == b"do not touch"
    assert (raw / "f.csv").read_bytes() == b"a;b\n1;2\n"
    assert not os.path.lexists(raw / "f.csv.part")
    assert [r for _, r in srv.requests] == [None]  # asked from zero, not from the link's size


def test_a_link_put_in_place_of_the_part_while_downloading_is_refused(srv, tmp_path,
                                                                       monkeypatch):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"do not touch")
    raw = tmp_path / "raw"
    raw.mkdir()
    real = dl._own_part

    def late_link(url, target, part):  # the link appears just after the check
        real(url, target, part)
        part.symlink_to(victim)

    monkeypatch.setattr(dl, "_own_part", late_link)
    with pytest.raises(DownloadError) as e:
        download(f"{srv.url}/f.csv", raw / "f.csv", progress=False)
    assert e.value.reason == ("o arquivo temporário f.csv.part não pôde ser aberto (é um link); "
                              "nada foi gravado")
    assert victim.read_bytes() == b"do not touch"


def test_a_folder_in_place_of_the_part_is_refused(srv, tmp_path):
    raw = tmp_path / "raw"
    (raw / "f.csv.part").mkdir(parents=True)
    with pytest.raises(DownloadError) as e:
        download(f"{srv.url}/f.csv", raw / "f.csv", progress=False)
    assert str(e.value) == (f"arquivo f.csv: não foi possível baixar {srv.url}/f.csv: "
                            "f.csv.part é uma pasta, não o arquivo temporário do download; "
                            "apague-a ou mova-a e rode de novo")


def test_a_chunk_size_of_letters_is_a_malformed_answer_and_leaves_nothing(srv, tmp_path):
    target = tmp_path / "raw" / "f.csv"
    with pytest.raises(DownloadError) as e:
        download(f"{srv.url}/bloco-letras/f.csv", target, progress=False)
    assert (e.value.reason, e.value.kind) == (
        "a resposta do servidor é malformada (tamanho de bloco inválido na transferência em "
        "partes)", "malformed")
    assert str(e.value) == (f"arquivo f.csv: não foi possível baixar {srv.url}/bloco-letras/"
                            "f.csv: a resposta do servidor é malformada (tamanho de bloco "
                            "inválido na transferência em partes)")
    assert sorted(p.name for p in target.parent.iterdir()) == []
