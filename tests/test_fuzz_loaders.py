"""Property tests: the CSV loaders of ``viabilidade.data`` on random rows in their formats.

Rows are drawn cell by cell from plausible and damaged values (codes with lost zeros, TSE
codes for IBGE codes, negative and non-numeric counts, decimal commas, missing markers,
accented text, separators and quotes inside fields), then written in the publisher's
encoding. Each loader either returns a table or raises :class:`DataError` — never another
exception. Fixed seed, bounded examples, no deadline.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viabilidade.data import census, seats, tse
from viabilidade.data.codes import Crosswalk
from viabilidade.errors import DataError

FUZZ = settings(derandomize=True, max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

CW = Crosswalk(pd.DataFrame({"cod_tse": ["92886", "92231", "93734"],
                             "cod_ibge": ["5205513", "5201207", "5208707"],
                             "nome_tse": ["COCALZINHO DE GOIÁS", "ANHANGÜERA", "GOIÂNIA"]}))

CODES = st.sampled_from(["92886", "92231", "93734", "2886", "5205513", "99999", "", "#NULO#",
                         "0", "abc", "92886.0", " 92231 ", "-92886"])
IBGE = st.sampled_from(["5200050", "5200100", "520005", "52000", "93734", "5200050.0", "", ".",
                        "9900050", "52000500", "x", "0520005"])
NUMBERS = (st.integers(-10**6, 10**12).map(str)
           | st.sampled_from(["", ".", "#NULO#", "1.234,5", "1,5", "-0", "NaN", "inf", "1e3",
                              "12 345", "0,0492", "3,0"])
           | st.floats(allow_nan=True, allow_infinity=True).map(str))
TEXT = st.text(alphabet=st.characters(codec="latin-1", exclude_characters="\x00"), max_size=12)
CELL = NUMBERS | TEXT


def _write(path: Path, header: list[str], rows: list[list[str]], *, sep: str, encoding: str,
           crlf: bool) -> Path:
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=sep, quoting=csv.QUOTE_ALL,
                   lineterminator="\r\n" if crlf else "\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding, errors="replace"))
    return path


def _check(call):
    try:
        out = call()
    except DataError as e:
        assert str(e)
        return None
    assert isinstance(out, pd.DataFrame)
    return out


PERFIL = ["DT_GERACAO", "HH_GERACAO", "ANO_ELEICAO", "SG_UF", "CD_MUNICIPIO", "NM_MUNICIPIO",
          "NR_ZONA", "QT_ELEITORES_PERFIL"]


@FUZZ
@given(rows=st.lists(st.tuples(st.sampled_from(["GO", "DF", "", "go"]), CODES, TEXT,
                               NUMBERS, NUMBERS), max_size=8),
       encoding=st.sampled_from(["latin-1", "utf-8"]), crlf=st.booleans())
def test_tse_perfil_rows(tmp_path, rows, encoding, crlf):
    table = [["18/07/2022", "10:15:02", "2022", uf, code, name, zone, n]
             for uf, code, name, zone, n in rows]
    f = _write(tmp_path / "perfil.csv", PERFIL, table, sep=";", encoding=encoding, crlf=crlf)
    out = _check(lambda: tse.read_perfil_eleitorado(f, CW))
    if out is not None:
        assert (out["eleitores_aptos"] >= 0).all()
        assert set(out["cod_ibge"]) <= {"5205513", "5201207", "5208707"}


AGG = ["CD_MUN", "NM_MUN", "CD_REGIAO", "NM_REGIAO", "CD_UF", "NM_UF", "AREA_KM2", "v0001",
       "v0002", "v0003", "v0004", "v0005", "v0006", "v0007"]


@FUZZ
@given(rows=st.lists(st.tuples(IBGE, TEXT, NUMBERS, st.lists(NUMBERS, min_size=7, max_size=7)),
                     max_size=6),
       drop=st.sampled_from([None, "v0007", "AREA_KM2", "CD_MUN"]),
       encoding=st.sampled_from(["latin-1", "utf-8"]))
def test_census_aggregate_rows(tmp_path, rows, drop, encoding):
    table = [[code, name, "5", "Centro-Oeste", "52", "Goiás", area, *vs]
             for code, name, area, vs in rows]
    header = list(AGG)
    if drop is not None:
        i = header.index(drop)
        header.pop(i)
        table = [r[:i] + r[i + 1:] for r in table]
    f = _write(tmp_path / "agregados.csv", header, table, sep=";", encoding=encoding, crlf=True)
    out = _check(lambda: census.read_aggregates(f, level="municipios"))
    if out is not None:
        assert (out["populacao"] >= 0).all() and (out["area_km2"] > 0).all()
        assert out["cod_ibge"].str.fullmatch(r"\d{7}").all()


@FUZZ
@given(rows=st.lists(st.tuples(IBGE, NUMBERS | st.floats(-20, -12).map(str),
                               NUMBERS | st.floats(-54, -45).map(str)), max_size=6),
       extra=st.booleans())
def test_seat_rows(tmp_path, rows, extra):
    header = ["municipio", "lat", "lon"] + (["nome"] if extra else [])
    table = [[c, lat, lon] + (["Sé"] if extra else []) for c, lat, lon in rows]
    f = _write(tmp_path / "municipios.csv", header, table, sep=",", encoding="utf-8", crlf=False)
    out = _check(lambda: seats.read_ibge_seats(f))
    if out is not None:
        assert out["lat"].between(-20, -12).all() and out["lon"].between(-54, -45).all()


def test_the_row_writer_makes_files_the_loaders_accept(tmp_path):
    """The fuzzed files are in the real formats: one good row of each loads."""
    f = _write(tmp_path / "perfil.csv", PERFIL,
               [["18/07/2022", "10:15:02", "2022", "GO", "92231", "ANHANGÜERA", "8", "612"]],
               sep=";", encoding="latin-1", crlf=True)
    assert tse.read_perfil_eleitorado(f, CW).to_dict("records") == [
        {"cod_ibge": "5201207", "cod_tse": "92231", "nome_tse": "ANHANGÜERA",
         "eleitores_aptos": 612, "zonas": "8"}]
    f = _write(tmp_path / "agregados.csv", AGG,
               [["5200050", "Abadia de Goiás", "5", "Centro-Oeste", "52", "Goiás", "143,3573350",
                 "19128", "7866", "7857", "9", "3,0", "0,0492", "6241"]],
               sep=";", encoding="latin-1", crlf=True)
    row = census.read_aggregates(f, level="municipios").iloc[0]
    assert (row["cod_ibge"], row["populacao"], row["domicilios_ocupados"]) == ("5200050", 19128, 6241)
    assert row["area_km2"] == 143.3573350 and row["pct_dpo_imputados"] == 0.0492
    f = _write(tmp_path / "municipios.csv", ["municipio", "lat", "lon"],
               [["5205513", "-15.7817370135", "-48.7689674476"]], sep=",", encoding="utf-8",
               crlf=False)
    assert seats.read_ibge_seats(f).to_dict("records") == [
        {"cod_ibge": "5205513", "lat": -15.7817370135, "lon": -48.7689674476}]
