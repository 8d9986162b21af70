"""TSE (Tribunal Superior Eleitoral) loaders: eligible voters and the TSE↔IBGE crosswalk.

TSE open-data CSVs (``cdn.tse.jus.br/estatistica/sead/odsele/...``) are ISO-8859-1, ``;``,
every field quoted, with ``#NULO#`` / ``#NE#`` for missing values; municipalities carry the
5-digit TSE code (``CD_MUNICIPIO``), never the IBGE code, so every table is joined to IBGE
through :mod:`viabilidade.data.codes`.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa
from pandera.errors import SchemaError

from ..errors import DataError
from .codes import Crosswalk, ibge_code, tse_code
from .tabular import ROW, read_text_csv, require_unique, to_number, validate

#: Literal missing-value markers of TSE files.
TSE_MISSING = ("#NULO#", "#NULO", "#NE#", "#NE")

CROSSWALK_SCHEMA = pa.DataFrameSchema({
    "cod_tse": pa.Column(str, pa.Check.str_matches(r"^\d{5}$"), unique=True),
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^\d{7}$"), unique=True),
    "nome_tse": pa.Column(str, pa.Check.str_length(min_value=1)),
    ROW: pa.Column(int),
}, strict=True)

ELECTORATE_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^\d{7}$"), unique=True),
    "cod_tse": pa.Column(str, pa.Check.str_matches(r"^\d{5}$"), unique=True),
    "nome_tse": pa.Column(str),
    "eleitores_aptos": pa.Column("Int64", pa.Check.ge(0)),
    "zonas": pa.Column(str, pa.Check.str_matches(r"^\d+(\|\d+)*$")),
}, strict=True)


def read_crosswalk(path: Path, *, uf: str | None = "GO") -> pd.DataFrame:
    """TSE↔IBGE municipality crosswalk (``municipios_brasileiros_tse.csv`` layout).

    Parameters
    ----------
    path : Path
        UTF-8 ``,`` CSV with ``codigo_tse, uf, nome_municipio, codigo_ibge``.
    uf : str or None
        Keep one UF (abbreviation), default ``"GO"``.

    Returns
    -------
    pandas.DataFrame
        ``cod_tse`` (5-digit text), ``cod_ibge`` (7-digit text), ``nome_tse`` (TSE upper case),
        sorted by ``cod_tse``. Goiás: 246 rows; Goiânia 93734 ↔ 5208707.

    Raises
    ------
    DataError
        Missing column; a TSE code that lost its leading zeros or is an IBGE code; an IBGE
        code that is a TSE code; duplicated codes (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["codigo_tse", "uf", "nome_municipio", "codigo_ibge"])
    if uf is not None:
        df = df[df["uf"].str.strip() == uf]
    for n, t, i in zip(df[ROW], df["codigo_tse"], df["codigo_ibge"]):
        tse_code(t, file=path, row=int(n), column="codigo_tse")
        ibge_code(i, file=path, row=int(n), column="codigo_ibge")
    require_unique(df, "codigo_tse", path)
    require_unique(df, "codigo_ibge", path)
    out = pd.DataFrame({"cod_tse": df["codigo_tse"].str.strip(),
                        "cod_ibge": df["codigo_ibge"].str.strip(),
                        "nome_tse": df["nome_municipio"].str.strip(), ROW: df[ROW]})
    out = validate(out, CROSSWALK_SCHEMA, path)
    return out.sort_values("cod_tse").reset_index(drop=True)


def read_tse_csv(path: Path, required: list[str]) -> pd.DataFrame:
    """A TSE open-data CSV as published: ISO-8859-1, ``;``, quoted, ``#NULO#`` missing.

    Returns
    -------
    pandas.DataFrame
        All columns as text plus ``_row`` (file line); ``#NULO#``/``#NE#`` are missing.

    Raises
    ------
    DataError
        Wrong encoding (a UTF-8 re-save), missing column.
    """
    return read_text_csv(path, encoding="latin-1", sep=";", na_values=TSE_MISSING,
                         required=required)


def _by_municipality(df: pd.DataFrame, path: Path, crosswalk: Crosswalk, *, code: str,
                     name: str, zone: str, count: str) -> pd.DataFrame:
    """Sum ``count`` by TSE municipality, join to IBGE, list the zones."""
    codes = [tse_code(v, file=path, row=int(n), column=code) for n, v in zip(df[ROW], df[code])]
    df = df.assign(_tse=codes)
    df["_n"] = to_number(df, count, path, integer=True)
    missing = df["_n"].isna()
    if missing.any():
        n = int(df.loc[missing, ROW].iloc[0])
        raise DataError("valor ausente; esperada uma contagem de eleitores", file=path,
                        row=n, column=count)
    negative = df["_n"] < 0
    if negative.any():
        i = negative.to_numpy().nonzero()[0][0]
        raise DataError(f"encontrado {df[count].iloc[i]!r}; esperada uma contagem de eleitores >= 0",
                        file=path, row=int(df[ROW].iloc[i]), column=count)
    df["_ibge"] = [crosswalk.tse_to_ibge(t, file=path, row=int(n), column=code)
                   for n, t in zip(df[ROW], df["_tse"])]
    df["_zone"] = to_number(df, zone, path, integer=True)
    rows = []
    for (ibge, tse), g in df.groupby(["_ibge", "_tse"], sort=True):
        zones = sorted(int(z) for z in g["_zone"].dropna().unique())
        rows.append({"cod_ibge": ibge, "cod_tse": tse, "nome_tse": str(g[name].iloc[0]).strip(),
                     "eleitores_aptos": int(g["_n"].sum()),
                     "zonas": "|".join(str(z) for z in zones)})
    out = pd.DataFrame(rows, columns=["cod_ibge", "cod_tse", "nome_tse", "eleitores_aptos", "zonas"])
    out["eleitores_aptos"] = out["eleitores_aptos"].astype("Int64")
    try:
        return ELECTORATE_SCHEMA.validate(out)
    except SchemaError as exc:
        raise DataError(f"o eleitorado agregado não passou na verificação {exc.check}", file=path,
                        column=getattr(exc.schema, "name", None)) from exc


def read_zone_municipality_2022(path: Path, crosswalk: Crosswalk, *, uf: str = "GO"
                                ) -> pd.DataFrame:
    """Eligible voters of the 2022 general election by zone × municipality, per municipality.

    Parameters
    ----------
    path : Path
        CSV (UTF-8, ``,``) with ``SG_UF, NR_ZONA, CD_MUNICIPIO, NM_MUNICIPIO,
        eleitores_aptos`` — TSE section results aggregated by zone and municipality.
    crosswalk : Crosswalk
        TSE↔IBGE crosswalk.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, cod_tse, nome_tse, eleitores_aptos, zonas`` (zone numbers joined by
        ``|``), sorted by ``cod_ibge``. Goiás: 246 rows, Σ 4,870,621; Cocalzinho de Goiás
        (5205513) 15,904.

    Raises
    ------
    DataError
        Missing column, bad TSE code (lost zeros, IBGE code), code not in the crosswalk,
        non-numeric count (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["SG_UF", "NR_ZONA", "CD_MUNICIPIO", "NM_MUNICIPIO",
                                 "eleitores_aptos"])
    df = df[df["SG_UF"].str.strip() == uf]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="eleitores_aptos")


def read_perfil_eleitorado(path: Path, crosswalk: Crosswalk, *, uf: str = "GO") -> pd.DataFrame:
    """TSE ``perfil_eleitorado_<ano>.csv`` (electorate profile), summed per municipality.

    Parameters
    ----------
    path : Path
        The TSE file as published (latin-1, ``;``, ``#NULO#``), columns ``SG_UF, NR_ZONA,
        CD_MUNICIPIO, NM_MUNICIPIO, QT_ELEITORES_PERFIL`` among others.

    Returns
    -------
    pandas.DataFrame
        Same columns as :func:`read_zone_municipality_2022`.

    Raises
    ------
    DataError
        As :func:`read_zone_municipality_2022`, plus wrong encoding.
    """
    df = read_tse_csv(path, ["SG_UF", "NR_ZONA", "CD_MUNICIPIO", "NM_MUNICIPIO",
                             "QT_ELEITORES_PERFIL"])
    df = df[df["SG_UF"].str.strip() == uf]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="QT_ELEITORES_PERFIL")


def read_detalhe_votacao_munzona(path: Path, crosswalk: Crosswalk, *, uf: str = "GO",
                                 turno: int = 1, cargo: int | None = None) -> pd.DataFrame:
    """TSE ``detalhe_votacao_munzona_<ano>_<UF>.csv``: eligible voters (``QT_APTOS``).

    Parameters
    ----------
    path : Path
        The TSE file as published (latin-1, ``;``, ``#NULO#``), columns ``NR_TURNO, SG_UF,
        CD_MUNICIPIO, NM_MUNICIPIO, NR_ZONA, CD_CARGO, QT_APTOS``.
    turno : int
        Round (1 or 2).
    cargo : int, optional
        ``CD_CARGO`` to read (every office has the same QT_APTOS); default the smallest one
        present in the round (1 = Presidente in general elections, 11 = Prefeito).

    Returns
    -------
    pandas.DataFrame
        Same columns as :func:`read_zone_municipality_2022`.
    """
    df = read_tse_csv(path, ["NR_TURNO", "SG_UF", "CD_MUNICIPIO", "NM_MUNICIPIO", "NR_ZONA",
                             "CD_CARGO", "QT_APTOS"])
    df = df[(df["SG_UF"].str.strip() == uf) & (df["NR_TURNO"].str.strip() == str(turno))]
    cargos = to_number(df, "CD_CARGO", path, integer=True)
    if cargo is None and len(cargos):
        cargo = int(cargos.min())
    df = df[cargos == cargo]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="QT_APTOS")
