"""Hostile Localidades 2022 archives (issue 32, fourth hostile trial H4-4): a sparse member
declaring 3 GiB, links and special members, a member or a total past its bound, too many
members, all refused from the members' headers before anything is written; a member GDAL
cannot open is named in Portuguese, without GDAL's English."""

from __future__ import annotations

import base64
import io
import os
import tarfile
import tempfile

import pytest

from viabilidade.data import localidades as loc_module
from viabilidade.data.localidades import read_localidades
from viabilidade.errors import DataError

NAME = "go_localidades2022_ibge_kml_246_municipios.tar.xz"
#: The hostile trial's 122 bytes: a gzip tar whose GNU sparse member a.kml declares 3 GiB
#: (it wrote ~3 GB to /tmp before GDAL refused it in English).
SPARSE_BOMB = ("H4sIAAAAAAAAA+3QQQrCMBAF0BwlJ5A0aXoRT9C1SqGt97dkVVwoCNnIe5s/MAMzzHy5Pe6hr3SYxrHl4T1bPdSSa"
               "q251BzSUKZcQ7x2vqt5bvu8xhjWZdk/zX3r/6ycvnD+SJcFAAAAAAAAAAAA/IkXuBQ3DwAoAAA=")


def _tar(path, members: list[tarfile.TarInfo], data: dict[str, bytes] | None = None):
    data = data or {}
    with tarfile.open(path, "w:gz", format=tarfile.GNU_FORMAT) as tf:
        for info in members:
            body = data.get(info.name)
            tf.addfile(info, io.BytesIO(body) if body is not None else None)
    return path


def _file(name: str, size: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = size
    return info


def _kml_temps() -> set[str]:
    return {d for d in os.listdir(tempfile.gettempdir()) if d.startswith("viabilidade-kml-")}


def test_a_sparse_member_of_three_gibibytes_is_refused_before_anything_is_written(tmp_path):
    f = tmp_path / NAME
    f.write_bytes(base64.b64decode(SPARSE_BOMB))
    before = _kml_temps()
    with pytest.raises(DataError) as e:
        read_localidades(f)
    assert str(e.value) == (f"arquivo {NAME}: a.kml: membro esparso (3.221.225.472 bytes "
                            "declarados); esperados só arquivos e pastas comuns, como no "
                            "pacote publicado")
    assert _kml_temps() == before


@pytest.mark.parametrize("kind", [tarfile.SYMTYPE, tarfile.LNKTYPE, tarfile.FIFOTYPE,
                                  tarfile.CHRTYPE])
def test_links_and_special_members_are_refused(tmp_path, kind):
    info = tarfile.TarInfo("goias_kml/x_5200100_localidades_2022.kml")
    info.type = kind
    info.linkname = "/etc/passwd"
    f = _tar(tmp_path / NAME, [info])
    with pytest.raises(DataError) as e:
        read_localidades(f)
    assert str(e.value) == (f"arquivo {NAME}: goias_kml/x_5200100_localidades_2022.kml: não é "
                            "arquivo nem pasta (um link ou arquivo especial); esperados só "
                            "arquivos e pastas comuns, como no pacote publicado")


def test_a_member_over_its_bound_is_refused_and_one_at_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(loc_module, "MAX_MEMBER", 10)
    f = _tar(tmp_path / NAME, [_file("a.kml", 11)], {"a.kml": b"x" * 11})
    with pytest.raises(DataError) as e:
        read_localidades(f)
    assert str(e.value) == (f"arquivo {NAME}: a.kml: 11 bytes; esperado no máximo 10 por KML "
                            "(o maior de Goiás tem 1.355.209)")
    f = _tar(tmp_path / NAME, [_file("a.kml", 10)], {"a.kml": b"x" * 10})
    with pytest.raises(DataError) as e:  # read, then refused by GDAL, told in Portuguese
        read_localidades(f)
    assert str(e.value) == (f"arquivo {NAME}: a.kml: não é um KML legível (o GDAL não o abriu); "
                            "esperado um KML de Localidades 2022 como publicado pelo IBGE")


def test_the_total_of_the_members_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(loc_module, "MAX_TOTAL", 20)
    members = [_file(f"{c}.kml", 10) for c in "abc"]
    f = _tar(tmp_path / NAME, members, {m.name: b"x" * 10 for m in members})
    seen = []
    monkeypatch.setattr(loc_module, "_read_member",
                        lambda kml, member, problems: (seen.append(member), ([], [], []))[1])
    with pytest.raises(DataError) as e:
        read_localidades(f)
    assert str(e.value) == (f"arquivo {NAME}: os arquivos somam mais de 20 bytes; esperado o "
                            "pacote de Goiás (57.373.834 bytes de KML)")
    assert seen == ["a.kml", "b.kml"]


def test_the_number_of_members_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(loc_module, "MAX_MEMBERS", 3)
    monkeypatch.setattr(loc_module, "_read_member", lambda kml, member, problems: ([], [], []))
    dirs = [tarfile.TarInfo(f"d{i}") for i in range(4)]
    for d in dirs:
        d.type = tarfile.DIRTYPE
    with pytest.raises(DataError) as e:
        read_localidades(_tar(tmp_path / NAME, dirs + [_file("a.kml", 1)], {"a.kml": b"x"}))
    assert str(e.value) == (f"arquivo {NAME}: mais de 3 membros; esperado o pacote de Goiás "
                            "(247 membros)")
    seen = []
    monkeypatch.setattr(loc_module, "_read_member",
                        lambda kml, member, problems: (seen.append(member), ([], [], []))[1])
    read_localidades(_tar(tmp_path / NAME, dirs[:2] + [_file("a.kml", 1)], {"a.kml": b"x"}))
    assert seen == ["a.kml"]  # three members are read
