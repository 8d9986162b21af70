"""Seat points: municipal seats (IBGE), an unofficial alternative (kelvins), district seats (vilas).

* IBGE municipal seats: ``mapaslivres/municipios-br`` ``tabelas/municipios.csv`` (commit
  182b7de, 2023-06-26), whose lon/lat equal the IBGE seat points (Localidades 2010, SIRGAS
  2000) for all 246 Goiás municipalities. Its ``uf``/``uf_code`` headers are swapped.
* kelvins/Municipios-Brasileiros (UTF-8 with BOM): not IBGE; up to 52 km off (São Domingos).
* Vilas: IBGE Localidades 2022 points of category *vila* (seats of non-sede districts)
  assigned to districts; ``atribuicao`` says whether the link is certain.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from .codes import ibge_code
from .tabular import ROW, read_text_csv, require_unique, to_number, validate

_LAT = pa.Check.in_range(-20.0, -12.0)  # Goiás lies within these latitudes
_LON = pa.Check.in_range(-54.0, -45.0)

SEATS_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^\d{7}$"), unique=True),
    "lat": pa.Column(float, _LAT),
    "lon": pa.Column(float, _LON),
    ROW: pa.Column(int),
}, strict=True)


def _points(path: Path, df: pd.DataFrame, code: str, lat: str, lon: str) -> pd.DataFrame:
    for n, c in zip(df[ROW], df[code]):
        ibge_code(c, file=path, row=int(n), column=code)
    require_unique(df, code, path)
    out = pd.DataFrame({"cod_ibge": df[code].str.strip(), "lat": to_number(df, lat, path),
                        "lon": to_number(df, lon, path), ROW: df[ROW]})
    out = validate(out, SEATS_SCHEMA, path)
    return out.sort_values("cod_ibge").reset_index(drop=True)


def read_ibge_seats(path: Path) -> pd.DataFrame:
    """IBGE municipal seat points (mapaslivres ``municipios.csv`` layout, UTF-8, ``,``).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, lat, lon`` (degrees, SIRGAS 2000), sorted by code. Cocalzinho de Goiás
        5205513: −15.7817370135, −48.7689674476.

    Raises
    ------
    DataError
        Missing column, bad or duplicated code, coordinates outside Goiás (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",", required=["municipio", "lat", "lon"])
    return _points(path, df, "municipio", "lat", "lon")


def read_kelvins_seats(path: Path) -> pd.DataFrame:
    """kelvins/Municipios-Brasileiros seat points (UTF-8 with BOM): ``cod_ibge, lat, lon``."""
    df = read_text_csv(path, encoding="utf-8-sig", sep=",",
                       required=["codigo_ibge", "latitude", "longitude"])
    return _points(path, df, "codigo_ibge", "latitude", "longitude")


VILAS_SCHEMA = pa.DataFrameSchema({
    "cod_distrito": pa.Column(str, pa.Check.str_matches(r"^\d{9}$"), unique=True),
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^\d{7}$")),
    "lat": pa.Column(float, _LAT),
    "lon": pa.Column(float, _LON),
    "atribuicao": pa.Column(str, pa.Check.isin(["unica_no_municipio",
                                                "por_ordem_no_arquivo_nao_verificada"])),
    ROW: pa.Column(int),
}, checks=pa.Check(lambda d: d["cod_distrito"].str[:7] == d["cod_ibge"],
                   error="cod_distrito starts with cod_ibge"), strict=True)


def read_vilas(path: Path) -> pd.DataFrame:
    """District-seat (vila) points of IBGE Localidades 2022 assigned to districts.

    Returns
    -------
    pandas.DataFrame
        ``cod_distrito, cod_ibge, lat, lon, atribuicao`` sorted by district code. 81 rows in
        Goiás; ``atribuicao == "unica_no_municipio"`` (35) is certain,
        ``"por_ordem_no_arquivo_nao_verificada"`` (46) is not.

    Raises
    ------
    DataError
        Missing column, bad or duplicated code, coordinates outside Goiás.
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["lat", "lon", "cod_municipio", "cod_distrito_atribuido",
                                 "atribuicao"])
    for n, m, d in zip(df[ROW], df["cod_municipio"], df["cod_distrito_atribuido"]):
        ibge_code(m, file=path, row=int(n), column="cod_municipio")
        ibge_code(d, digits=9, file=path, row=int(n), column="cod_distrito_atribuido")
    require_unique(df, "cod_distrito_atribuido", path)
    out = pd.DataFrame({"cod_distrito": df["cod_distrito_atribuido"].str.strip(),
                        "cod_ibge": df["cod_municipio"].str.strip(),
                        "lat": to_number(df, "lat", path), "lon": to_number(df, "lon", path),
                        "atribuicao": df["atribuicao"].str.strip(), ROW: df[ROW]})
    out = validate(out, VILAS_SCHEMA, path)
    return out.sort_values("cod_distrito").reset_index(drop=True)
