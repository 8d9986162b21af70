"""Catalogue of bad raw data files: each error names file, row, column, expected and found.

Complements tests/test_data_census.py, test_data_tse.py, test_data_sources.py and
test_data_codes.py (see docs/ERRORS.md); these files are small literal copies of the
published layouts, so the tests need no raw data.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.data import census, seats, tse
from viabilidade.data.codes import Crosswalk
from viabilidade.errors import DataError

CW = Crosswalk(pd.DataFrame({"cod_tse": ["92886", "92231"], "cod_ibge": ["5205513", "5201207"],
                             "nome_tse": ["COCALZINHO DE GOIÁS", "ANHANGÜERA"]}))

PERFIL_HEADER = '"DT_GERACAO";"SG_UF";"CD_MUNICIPIO";"NM_MUNICIPIO";"NR_ZONA";"QT_ELEITORES_PERFIL"'
PERFIL_ROWS = ['"18/07/2022";"GO";"92886";"COCALZINHO DE GOIÁS";"26";"8000"',
               '"18/07/2022";"GO";"92231";"ANHANGÜERA";"8";"612"']

AGG_HEADER = ('"CD_MUN";"NM_MUN";"CD_REGIAO";"NM_REGIAO";"CD_UF";"NM_UF";"AREA_KM2";"v0001";'
              '"v0002";"v0003";"v0004";"v0005";"v0006";"v0007"')
AGG_ROWS = ['"5200050";"Abadia de Goiás";"5";"Centro-Oeste";"52";"Goiás";"143,3573350";"19128";'
            '"7866";"7857";"9";"3,0";"0,0492";"6241"',
            '"5200100";"Abadiânia";"5";"Centro-Oeste";"52";"Goiás";"1044,5549206";"17232";'
            '"10303";"10246";"57";"2,7";"0,0351";"6188"']


def _file(tmp_path: Path, name: str, lines: list[str], encoding: str) -> Path:
    p = tmp_path / name
    p.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return p


def _error(call) -> str:
    with pytest.raises(DataError) as e:
        call()
    return str(e.value)


def test_extra_columns_in_a_published_file_are_ignored(tmp_path):
    plain = _file(tmp_path, "a.csv", [PERFIL_HEADER, *PERFIL_ROWS], "latin-1")
    extra = _file(tmp_path, "b.csv", [PERFIL_HEADER + ';"NOVA_COLUNA"',
                                      *(r + ';"x"' for r in PERFIL_ROWS)], "latin-1")
    a, b = tse.read_perfil_eleitorado(plain, CW), tse.read_perfil_eleitorado(extra, CW)
    pd.testing.assert_frame_equal(a, b)
    assert b.set_index("cod_ibge").loc["5201207", "eleitores_aptos"] == 612
    agg = _file(tmp_path, "c.csv", [AGG_HEADER + ';"V0099"', *(r + ';"1"' for r in AGG_ROWS)],
                "latin-1")
    out = census.read_aggregates(agg, level="municipios")
    assert list(out["populacao"]) == [19128, 17232] and "v0099" not in out.columns


def test_negative_count_of_electors(tmp_path):
    f = _file(tmp_path, "perfil.csv", [PERFIL_HEADER, PERFIL_ROWS[0],
                                       PERFIL_ROWS[1].replace('"612"', '"-612"')], "latin-1")
    assert _error(lambda: tse.read_perfil_eleitorado(f, CW)) == (
        "arquivo perfil.csv, linha 3, coluna 'QT_ELEITORES_PERFIL': encontrado '-612'; esperada "
        "uma contagem de eleitores >= 0")


def test_zero_electors_is_a_count(tmp_path):
    f = _file(tmp_path, "perfil.csv", [PERFIL_HEADER, PERFIL_ROWS[1].replace('"612"', '"0"')],
              "latin-1")
    assert tse.read_perfil_eleitorado(f, CW)["eleitores_aptos"].tolist() == [0]


def test_non_numeric_count_of_electors(tmp_path):
    f = _file(tmp_path, "perfil.csv", [PERFIL_HEADER, PERFIL_ROWS[1].replace('"612"', '"seis"')],
              "latin-1")
    assert _error(lambda: tse.read_perfil_eleitorado(f, CW)) == (
        "arquivo perfil.csv, linha 2, coluna 'QT_ELEITORES_PERFIL': encontrado 'seis'; esperado "
        "um número")


def test_negative_population_in_census_aggregates(tmp_path):
    f = _file(tmp_path, "agregados.csv",
              [AGG_HEADER, AGG_ROWS[0], AGG_ROWS[1].replace('"17232"', '"-17232"')], "latin-1")
    assert _error(lambda: census.read_aggregates(f, level="municipios")) == (
        "arquivo agregados.csv, linha 3, coluna 'populacao': encontrado -17232; esperado um "
        "valor >= 0")


def test_tse_code_in_the_census_code_column(tmp_path):
    f = _file(tmp_path, "agregados.csv",
              [AGG_HEADER, AGG_ROWS[0], AGG_ROWS[1].replace('"5200100"', '"92010"')], "latin-1")
    assert _error(lambda: census.read_aggregates(f, level="municipios")) == (
        "arquivo agregados.csv, linha 3, coluna 'CD_MUN': encontrado '92010', com 5 algarismos "
        "como um código TSE; esperado um código IBGE de município com 7 algarismos (converta-o "
        "com codes.tse_to_ibge)")


def test_district_code_that_lost_digits_in_district_aggregates(tmp_path):
    header = AGG_HEADER.replace('"CD_MUN";"NM_MUN";', '"CD_DIST";"NM_DIST";"CD_MUN";"NM_MUN";')
    row = ('"52001001";"Posse d\'Abadia";"5200100";"Abadiânia";"5";"Centro-Oeste";"52";"Goiás";'
           '"100,0";"3045";"1";"1";"0";"3,0";"0,01";"1"')
    f = _file(tmp_path, "distritos.csv", [header, row], "latin-1")
    assert _error(lambda: census.read_aggregates(f, level="distritos")) == (
        "arquivo distritos.csv, linha 2, coluna 'CD_DIST': encontrado '52001001' (8 algarismos); "
        "esperado um código IBGE de distrito com 9 algarismos")


def test_latin1_file_where_utf8_is_expected(tmp_path):
    f = _file(tmp_path, "municipios.csv", ["municipio,lat,lon,nome",
                                           "5205513,-15.78,-48.77,Cocalzinho de Goiás"], "latin-1")
    assert _error(lambda: seats.read_ibge_seats(f)) == (
        "arquivo municipios.csv, linha 2: codificação errada: encontrado o byte 0xe1, que não é "
        "UTF-8 válido (o arquivo parece ISO-8859-1/latin-1); esperado UTF-8")


def test_utf8_file_where_latin1_is_expected(tmp_path):
    f = _file(tmp_path, "agregados.csv", [AGG_HEADER, *AGG_ROWS], "utf-8")
    assert _error(lambda: census.read_aggregates(f, level="municipios")) == (
        "arquivo agregados.csv, linha 2: codificação errada: encontrado UTF-8 (primeiro caractere "
        "acentuado 'á'); esperado ISO-8859-1 (latin-1), como publicado; use o arquivo como "
        "publicado")


def test_seat_with_latitude_and_longitude_swapped(tmp_path):
    f = _file(tmp_path, "municipios.csv", ["municipio,lat,lon",
                                           "5205513,-48.7689674476,-15.7817370135"], "utf-8")
    assert _error(lambda: seats.read_ibge_seats(f)) == (
        "arquivo municipios.csv, linha 2, coluna 'lat': encontrado -48.7689674476; esperado um "
        "valor entre -20.0 e -12.0")


def test_seat_inside_goias_loads(tmp_path):
    f = _file(tmp_path, "municipios.csv", ["municipio,lat,lon",
                                           "5205513,-15.7817370135,-48.7689674476"], "utf-8")
    assert seats.read_ibge_seats(f)["lat"].tolist() == [-15.7817370135]


def test_duplicated_seat_code(tmp_path):
    f = _file(tmp_path, "municipios.csv", ["municipio,lat,lon", "5205513,-15.78,-48.77",
                                           "5205513,-15.79,-48.76"], "utf-8")
    assert _error(lambda: seats.read_ibge_seats(f)) == (
        "arquivo municipios.csv, linha 3, coluna 'municipio': código '5205513' repetido (já está "
        "na linha 2); esperada uma linha por código")


def test_missing_column_in_seats(tmp_path):
    f = _file(tmp_path, "municipios.csv", ["municipio,latitude,lon", "5205513,-15.78,-48.77"],
              "utf-8")
    assert _error(lambda: seats.read_ibge_seats(f)) == (
        "arquivo municipios.csv, linha 1, coluna 'lat': coluna ausente; esperada 'lat', "
        "encontradas as colunas ['municipio', 'latitude', 'lon']")


# --- Plausibility of a build (viabilidade.common.plausibility): whole raw folder, one row changed ----

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
ELECTORATE = "electoral/go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv"
BOUNDARIES = "geo/go_localidades2022_ibge_kml_246_municipios.tar.xz"


def _raw_copy(tmp_path: Path) -> Path:
    import shutil

    if not RAW.is_dir():
        pytest.skip(f"raw data folder {RAW} absent")
    return Path(shutil.copytree(RAW, tmp_path / "raw"))


def test_build_refuses_electors_far_above_the_population(tmp_path):
    from viabilidade.data.store import build_store

    raw = _raw_copy(tmp_path)
    f = raw / ELECTORATE
    lines = f.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if ",92010,ABADI" in line)  # Abadiânia, 17.232 hab.
    cells = lines[n].split(",")
    cells[4] = "9999999"
    lines[n] = ",".join(cells)
    f.write_text("".join(lines), encoding="utf-8")
    msg = _error(lambda: build_store(raw, tmp_path / "store"))
    assert msg == (f"arquivo {f.name}, linha {n + 1}, coluna 'eleitores_aptos': o município 5200100 "
                   "(Abadiânia) somaria 9.999.999 eleitores para 17.232 habitantes (Censo 2022); "
                   "esperado no máximo 43.080 eleitores (2,5 × a população; o maior quociente de "
                   "Goiás é 2,19, Davinópolis, no perfil do eleitorado de 2026)")
    assert not (tmp_path / "store").exists()


def test_build_refuses_a_municipality_moved_out_of_goias(tmp_path):
    import io
    import re
    import tarfile

    from viabilidade.data.store import build_store

    raw = _raw_copy(tmp_path)
    f = raw / BOUNDARIES
    members = []
    with tarfile.open(f, "r:xz") as tf:
        for m in tf:
            data = tf.extractfile(m).read() if m.isfile() else None
            if m.name.endswith("abadiania_5200100_localidades_2022.kml"):
                def shift(block):   # a polygon's ring (several points) moves 10° east
                    pts = block.group(1).split()
                    if len(pts) < 2:
                        return block.group(0)
                    moved = []
                    for p in pts:
                        x, y, *z = p.split(",")
                        moved.append(",".join([repr(float(x) + 10), y, *z]))
                    return "<coordinates>" + " ".join(moved) + "</coordinates>"
                data = re.sub(r"<coordinates>([^<]*)</coordinates>", shift,
                              data.decode("utf-8")).encode("utf-8")
                m.size = len(data)
            members.append((m, data))
    f.chmod(0o644)
    with tarfile.open(f, "w:xz", preset=0) as tf:
        for m, data in members:
            tf.addfile(m, io.BytesIO(data) if data is not None else None)
    msg = _error(lambda: build_store(raw, tmp_path / "store"))
    assert msg.startswith(f"arquivo {f.name}: feição 1 (cod_ibge 5200100): o município fica fora "
                          "de Goiás (longitude −38,")
    assert msg.endswith("; esperado longitude entre −53,5 e −45,7 e latitude entre −19,8 e −12,2")
    assert not (tmp_path / "store").exists()


def test_a_row_with_an_extra_field_names_the_row_in_portuguese(tmp_path):
    f = _file(tmp_path, "perfil.csv", [PERFIL_HEADER, PERFIL_ROWS[0],
                                       PERFIL_ROWS[1] + ';"sobra"'], "latin-1")
    assert _error(lambda: tse.read_perfil_eleitorado(f, CW)) == (
        "arquivo perfil.csv, linha 3: a linha tem 7 campos separados por ';', mas o cabeçalho tem "
        "6; esperado um CSV com o mesmo número de campos em toda linha (um separador a mais "
        "dentro de um texto sem aspas? baixe o arquivo de novo) (detalhe técnico: Error "
        "tokenizing data. C error: Expected 6 fields in line 3, saw 7)")
