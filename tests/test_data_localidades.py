"""IBGE Localidades 2022 KMLs -> the 2022 mesh, seats and vilas (data.localidades).

The small archives here are made from two real KMLs of the raw archive (Abadiânia, with its
vila Posse d'Abadia, and Leopoldo de Bulhões, without a vila), edited where a test needs a
fault; the full archive is read by the store build (test_data_store).
"""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest
import shapely

from viabilidade.data.localidades import coverage_problem, read_localidades, simplify_for_maps
from viabilidade.errors import DataError

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
ARCHIVE = RAW / "geo" / "go_localidades2022_ibge_kml_246_municipios.tar.xz"
ABADIANIA = "goias_kml/abadiania_5200100_localidades_2022.kml"
LEOPOLDO = "goias_kml/leopoldo_de_bulhoes_5212303_localidades_2022.kml"
pytestmark = pytest.mark.skipif(not ARCHIVE.exists(), reason=f"raw archive {ARCHIVE} absent")


@pytest.fixture(scope="module")
def kmls() -> dict[str, str]:
    wanted, out = {ABADIANIA, LEOPOLDO}, {}
    with tarfile.open(ARCHIVE, "r:xz") as tf:
        for m in tf:
            if m.name in wanted:
                out[m.name] = tf.extractfile(m).read().decode("utf-8")
                if len(out) == len(wanted):
                    break
    return out


def _pack(path: Path, members: dict[str, str]) -> Path:
    with tarfile.open(path, "w:gz") as tf:
        for name, text in members.items():
            data = text.encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def test_two_real_kmls(kmls, tmp_path):
    loc = read_localidades(_pack(tmp_path / "loc.tar.gz", kmls))
    assert list(loc.mesh["cod_ibge"]) == ["5200100", "5212303"]
    assert list(loc.mesh.columns) == ["cod_ibge", "nome", "geometry"]
    assert loc.mesh.crs.to_epsg() == 4674
    assert not shapely.has_z(loc.mesh.geometry.to_numpy()).any()
    # Abadiânia's polygon, not the quilombola territory of the same folder (no CD_MUN).
    assert shapely.get_num_coordinates(loc.mesh.geometry.iloc[0]) == 8136
    assert loc.seats.to_dict("records") == [
        {"cod_ibge": "5200100", "categoria": "Cidade", "lat": -16.1973207274392,
         "lon": -48.7060438240192},
        {"cod_ibge": "5212303", "categoria": "Cidade", "lat": pytest.approx(-16.6199, abs=1e-4),
         "lon": pytest.approx(-48.7432, abs=1e-4)}]
    assert loc.vilas.to_dict("records") == [
        {"cod_distrito": "520010010", "cod_ibge": "5200100", "nome": "Posse d'Abadia",
         "categoria": "Vila", "lat": -16.0984469354018, "lon": -48.8002067596839}]
    # Abadiânia and Leopoldo de Bulhões do not meet: a valid coverage; and so is the map copy.
    assert coverage_problem(loc.mesh) is None
    assert shapely.coverage_is_valid(simplify_for_maps(loc.mesh).geometry.to_numpy())


def test_every_fault_of_the_archive_is_named_at_once(kmls, tmp_path):
    bad = kmls[ABADIANIA]
    # the vila's code points at another municipality's district
    bad = bad.replace('<SimpleData name="CD_LOCALIDADE">520010010</SimpleData>',
                      '<SimpleData name="CD_LOCALIDADE">520030810</SimpleData>')
    assert bad != kmls[ABADIANIA]
    # Leopoldo de Bulhões loses its seat folder
    leo = kmls[LEOPOLDO].replace("<name>01.03. Sede Municipal</name>", "<name>Sede</name>")
    assert leo != kmls[LEOPOLDO]
    path = _pack(tmp_path / "loc.tar.gz", {ABADIANIA: bad, LEOPOLDO: leo})
    with pytest.raises(DataError) as e:
        read_localidades(path)
    assert str(e.value) == (
        "arquivo loc.tar.gz: goias_kml/abadiania_5200100_localidades_2022.kml, pasta '04. Vilas', "
        "ponto 1: CD_LOCALIDADE '520030810'; esperado o código de 9 algarismos de um distrito de "
        "5200100; goias_kml/leopoldo_de_bulhoes_5212303_localidades_2022.kml, pasta "
        "'01.03. Sede Municipal': 0 pontos; esperado exatamente um, a sede do município")


def test_a_municipality_in_two_files_and_a_point_outside_goias(kmls, tmp_path):
    moved = kmls[LEOPOLDO].replace("-16.6199245315773", "-26.6199245315773")
    assert moved != kmls[LEOPOLDO]
    path = _pack(tmp_path / "loc.tar.gz", {LEOPOLDO: moved, ABADIANIA: kmls[ABADIANIA],
                                           "outra/" + ABADIANIA.split("/")[1]: kmls[ABADIANIA]})
    with pytest.raises(DataError) as e:
        read_localidades(path)
    msg = str(e.value)
    assert ("goias_kml/leopoldo_de_bulhoes_5212303_localidades_2022.kml, pasta '01.03. Sede "
            "Municipal', ponto 1: ponto em latitude -26.6199, longitude -48.7432, fora de Goiás; "
            "esperadas latitude entre -20.0 e -12.0 e longitude entre -54.0 e -45.0") in msg
    assert ("outra/abadiania_5200100_localidades_2022.kml, pasta '13. Referência': polígono de "
            "código 5200100 repetido (também em goias_kml/abadiania_5200100_localidades_2022.kml, "
            "pasta '13. Referência'); esperado um por código") in msg


def test_not_an_archive_and_an_empty_one(tmp_path):
    f = tmp_path / "loc.tar.xz"
    f.write_bytes(b"isto nao e um tar")
    with pytest.raises(DataError, match=r"^arquivo loc\.tar\.xz: não é um arquivo tar legível "):
        read_localidades(f)
    empty = _pack(tmp_path / "vazio.tar.gz", {"leia-me.txt": "nada"})
    with pytest.raises(DataError) as e:
        read_localidades(empty)
    assert str(e.value) == ("arquivo vazio.tar.gz: o pacote não contém nenhum arquivo .kml; "
                            "esperados os KML de Localidades 2022, um por município")
    with pytest.raises(DataError) as e:
        read_localidades(tmp_path / "nao-existe.tar.xz")
    assert str(e.value) == ("arquivo nao-existe.tar.xz: arquivo não encontrado; esperado o "
                            "pacote .tar.xz dos KML de Localidades 2022")


def test_the_cache_gives_back_what_the_reader_read(kmls, tmp_path, monkeypatch):
    """data.meshcache: kept only once the build calls keep(); read back equal (geometries
    WKB for WKB, so the store's bytes do not change); a damaged entry, another archive or
    another reader's code is read again."""
    import pandas as pd

    from viabilidade.data import localidades, meshcache

    monkeypatch.setenv("VIABILIDADE_CACHE", str(tmp_path / "cache"))
    archive = _pack(tmp_path / "loc.tar.gz", kmls)
    calls = []
    real = localidades.read_localidades
    monkeypatch.setattr(localidades, "read_localidades",
                        lambda p: calls.append(p) or real(p))

    first, entry = meshcache.read_localidades_cached(archive)
    again, _ = meshcache.read_localidades_cached(archive)  # not kept yet: a refused build
    assert len(calls) == 2
    entry.keep()
    assert sorted(p.name for p in entry.folder.iterdir()) == ["mesh.parquet", "seats.parquet",
                                                              "vilas.parquet"]
    cached, entry = meshcache.read_localidades_cached(archive)
    assert len(calls) == 2
    pd.testing.assert_frame_equal(cached.seats, first.seats)
    pd.testing.assert_frame_equal(cached.vilas, first.vilas)
    pd.testing.assert_frame_equal(cached.mesh.drop(columns="geometry"),
                                  first.mesh.drop(columns="geometry"))
    assert list(shapely.to_wkb(cached.mesh.geometry.to_numpy())) == list(
        shapely.to_wkb(first.mesh.geometry.to_numpy()))
    assert cached.mesh.crs.to_epsg() == 4674

    # A derived value is computed once per entry.
    assert entry.value("coverage", lambda: coverage_problem(first.mesh)) is None
    assert entry.value("coverage", lambda: pytest.fail("computed again")) is None

    # A truncated file: read again, not an error.
    (entry.folder / "mesh.parquet").write_bytes(b"PAR1")
    meshcache.read_localidades_cached(archive)
    assert len(calls) == 3

    # Another archive (one byte more) and another reader's code: other keys.
    other = tmp_path / "outro.tar.gz"
    other.write_bytes(archive.read_bytes() + b"\0")
    assert meshcache.key(other) != meshcache.key(archive)
    code = tmp_path / "reader.py"
    code.write_text("v = 1\n")
    monkeypatch.setattr(meshcache, "CODE", (code,))
    before = meshcache.key(archive)
    code.write_text("v = 2\n")
    assert meshcache.key(archive) != before
