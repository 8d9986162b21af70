"""IBGE Divisão Territorial Brasileira (DTB) loaders.

* DTB 2022 districts (``RELATORIO_DTB_BRASIL_DISTRITO``, sheet ``DTB_2022_Distrito``, data base
  21/12/2022), as the UF-52 CSV of ``shared/data/dtb/go_dtb2022_distritos.csv`` (UTF-8, ``,``,
  codes as text with leading zeros).
* DTB 2019 subdistricts (``RELATORIO_DTB_BRASIL_SUBDISTRITO``) as re-published by
  ``walves69/ibgeasy``: UTF-8 with BOM, ``;``.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import quoted
from ..errors import DataError
from .codes import ibge_code
from .tabular import ROW, read_text_csv, require_unique, validate

DISTRICT_SCHEMA = pa.DataFrameSchema({
    "cod_distrito": pa.Column(str, pa.Check.str_matches(r"^[0-9]{9}$"), unique=True),
    "nome": pa.Column(str, pa.Check.str_length(min_value=1)),
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$")),
    "nome_municipio": pa.Column(str),
    "sede": pa.Column(bool),
    ROW: pa.Column(int),
}, checks=pa.Check(lambda d: d["cod_distrito"].str[:7] == d["cod_ibge"],
                   error="cod_distrito starts with cod_ibge"), strict=True)


def read_districts(path: Path) -> pd.DataFrame:
    """Districts of the DTB 2022.

    Parameters
    ----------
    path : Path
        CSV with columns ``cod_municipio, nome_municipio, cod_dist_2, cod_distrito,
        nome_distrito`` (others ignored), UTF-8, ``,``.

    Returns
    -------
    pandas.DataFrame
        ``cod_distrito`` (9-digit text), ``nome``, ``cod_ibge`` (7-digit), ``nome_municipio``,
        ``sede`` (bool: district code ``<municipality>05``, the municipal seat district).
        Goiás: 327 districts in 246 municipalities.

    Raises
    ------
    DataError
        Wrong encoding, missing column, malformed or duplicated code (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["cod_municipio", "nome_municipio", "cod_dist_2",
                                 "cod_distrito", "nome_distrito"])
    for n, m, d in zip(df[ROW], df["cod_municipio"], df["cod_distrito"]):
        ibge_code(m, file=path, row=int(n), column="cod_municipio")
        ibge_code(d, digits=9, file=path, row=int(n), column="cod_distrito")
    require_unique(df, "cod_distrito", path)
    out = pd.DataFrame({"cod_distrito": df["cod_distrito"].str.strip(),
                        "nome": df["nome_distrito"].str.strip(),
                        "cod_ibge": df["cod_municipio"].str.strip(),
                        "nome_municipio": df["nome_municipio"].str.strip(),
                        "sede": df["cod_dist_2"].str.strip() == "05",
                        ROW: df[ROW]})
    return validate(out, DISTRICT_SCHEMA, path)


#: Columns of the IBGE's ``RELATORIO_DTB_BRASIL_DISTRITO`` the store reads, as its header
#: row writes them (the header names seen in several public scripts that read the DTB
#: 2020–2024 reports, exact-string search, dec. 2026), by the name :func:`read_districts`
#: gives them.
DTB_COLUMNS = {"cod_uf": "UF", "cod_municipio": "Código Município Completo",
               "nome_municipio": "Nome_Município", "cod_dist_2": "Distrito",
               "cod_distrito": "Código de Distrito Completo", "nome_distrito": "Nome_Distrito"}


def read_districts_official(path: Path, *, uf: str = "52") -> pd.DataFrame:
    """Districts of one UF from the IBGE's own DTB report, ``RELATORIO_DTB_BRASIL_DISTRITO.ods``
    (the OpenDocument copy of the ``.xls`` in ``DTB_<ano>.zip``), as :func:`read_districts`.

    The report (sheet ``DTB_2022_Distrito`` in 2022) opens with title rows ("DATA BASE:
    21/12/2022" among them: six in 2022, as the public copy of the ``.xls`` shows) above the
    header row, which is found by its ``Código de Distrito Completo`` cell; codes are text
    with leading zeros, or numbers in a re-saved sheet (both read as the digits). The ``.ods``
    in the archive was seen for the DTB 2018 and 2021 (public scripts that unzip them); for
    2022 only the ``.xls`` was seen, so a 2022 archive without the ``.ods`` is refused by
    ``data fetch`` with what to do.

    Parameters
    ----------
    path : Path
        The report (``dtb/RELATORIO_DTB_BRASIL_DISTRITO.ods``).
    uf : str
        IBGE code of the UF whose rows are kept.

    Returns
    -------
    pandas.DataFrame
        As :func:`read_districts` (Goiás: 327 districts in 246 municipalities).

    Raises
    ------
    DataError
        No header row, a column missing (names those found), a malformed or repeated code,
        no row of the UF (file, row, column).
    """
    from .ods import read_ods_sheet

    rows = read_ods_sheet(path)
    head = next(((n, cells) for n, cells in rows if DTB_COLUMNS["cod_distrito"] in cells), None)
    if head is None:
        raise DataError(f"nenhuma linha de cabeçalho com {quoted(DTB_COLUMNS['cod_distrito'])} na "
                        "primeira planilha; esperado o relatório de distritos da DTB", file=path)
    hrow, header = head
    missing = [c for c in DTB_COLUMNS.values() if c not in header]
    if missing:
        raise DataError(f"faltam as colunas {', '.join(missing)} (tem: {', '.join(header)}); "
                        "esperado o relatório de distritos da DTB", file=path, row=hrow)
    at = {name: header.index(col) for name, col in DTB_COLUMNS.items()}
    out = []
    for n, cells in rows:
        if n <= hrow:
            continue
        rec = {name: (cells[j].strip() if j < len(cells) else "") for name, j in at.items()}
        if rec["cod_uf"] != uf:
            continue
        out.append({**rec, ROW: n})
    if not out:
        raise DataError(f"nenhuma linha com UF {uf}; esperadas as linhas da UF", file=path,
                        column=DTB_COLUMNS["cod_uf"])
    df = pd.DataFrame(out)
    for n, m, d in zip(df[ROW], df["cod_municipio"], df["cod_distrito"]):
        ibge_code(m, file=path, row=int(n), column=DTB_COLUMNS["cod_municipio"])
        ibge_code(d, digits=9, file=path, row=int(n), column=DTB_COLUMNS["cod_distrito"])
    require_unique(df, "cod_distrito", path)
    table = pd.DataFrame({"cod_distrito": df["cod_distrito"], "nome": df["nome_distrito"],
                          "cod_ibge": df["cod_municipio"], "nome_municipio": df["nome_municipio"],
                          "sede": df["cod_dist_2"].str.zfill(2) == "05", ROW: df[ROW]})
    return validate(table, DISTRICT_SCHEMA, path)


SUBDISTRICT_SCHEMA = pa.DataFrameSchema({
    "cod_subdistrito": pa.Column(str, pa.Check.str_matches(r"^[0-9]{11}$"), unique=True),
    "nome": pa.Column(str),
    "cod_distrito": pa.Column(str, pa.Check.str_matches(r"^[0-9]{9}$")),
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$")),
    ROW: pa.Column(int),
}, strict=True)


def read_subdistricts(path: Path) -> pd.DataFrame:
    """Subdistricts of the DTB 2019 (UTF-8 with BOM, ``;``).

    Returns
    -------
    pandas.DataFrame
        ``cod_subdistrito`` (11-digit text), ``nome``, ``cod_distrito``, ``cod_ibge``.
        Goiás: 63 rows, all in the Goiânia district 520870705.

    Raises
    ------
    DataError
        Wrong encoding (e.g. a latin-1 file), missing column, duplicated code.
    """
    df = read_text_csv(path, encoding="utf-8-sig", sep=";",
                       required=["municipio_codigo_completo", "distrito_codigo_completo",
                                 "subdistrito_codigo_completo", "subdistrito_nome"])
    for n, m, d in zip(df[ROW], df["municipio_codigo_completo"], df["distrito_codigo_completo"]):
        ibge_code(m, file=path, row=int(n), column="municipio_codigo_completo")
        ibge_code(d, digits=9, file=path, row=int(n), column="distrito_codigo_completo")
    require_unique(df, "subdistrito_codigo_completo", path)
    out = pd.DataFrame({"cod_subdistrito": df["subdistrito_codigo_completo"].str.strip(),
                        "nome": df["subdistrito_nome"].str.strip(),
                        "cod_distrito": df["distrito_codigo_completo"].str.strip(),
                        "cod_ibge": df["municipio_codigo_completo"].str.strip(),
                        ROW: df[ROW]})
    return validate(out, SUBDISTRICT_SCHEMA, path)
