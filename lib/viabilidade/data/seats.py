"""Seat-point tables of other sources, for comparison: the store's seats and vilas are IBGE
Localidades 2022 (:mod:`viabilidade.data.localidades`), and neither table here feeds it.

* IBGE municipal seats of Localidades 2010: ``mapaslivres/municipios-br``
  ``tabelas/municipios.csv`` (commit 182b7de, 2023-06-26), whose lon/lat equal the IBGE seat
  points (Localidades 2010, SIRGAS 2000) for all 246 Goiás municipalities. Its
  ``uf``/``uf_code`` headers are swapped. The 2022 seats lie a median 0,49 km from them.
* kelvins/Municipios-Brasileiros (UTF-8 with BOM): not IBGE; up to 52 km off (São Domingos).
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
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$"), unique=True),
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
