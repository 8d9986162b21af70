"""Legal facts of the creation of Goiás municipalities (``history/``): the creating act, its
date, the origin, the installation, notes (earlier attempts, the district's own law), the
source address and a confidence flag per row, as compiled by hand from the legislation
portals (legisla.casacivil.go.gov.br, alegodigital.al.go.leg.br, gabinetecivil.goias.gov.br),
municipal chambers' and prefectures' pages, AGM-GO and Wikipedia (../shared/data/SOURCES.md).

The values are kept as the file writes them (text: "NÃO ENCONTRADO", "1987 (lei anulada)"):
the study quotes them with their source and confidence and never turns them into a date it
does not have.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import quoted
from ..errors import DataError
from .codes import ibge_code
from .tabular import ROW, read_text_csv, require_unique, validate

COLUMNS = ("cod_ibge", "municipio", "municipio_origem", "ato_legal", "data_ato", "instalacao",
           "observacao", "fonte_url", "confianca")
CONFIDENCE = ("alta", "media", "baixa")

SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^52[0-9]{5}$"), unique=True),
    **{c: pa.Column(str, nullable=True) for c in COLUMNS[1:-1]},
    "confianca": pa.Column(str, pa.Check.isin(CONFIDENCE)),
    ROW: pa.Column(int),
}, strict=True)


def read_history(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """Read ``history/go_criacao_municipios_fatos_legais.csv``.

    Parameters
    ----------
    path : Path
    municipalities : DataFrame
        ``cod_ibge`` of the Censo 2022 municipalities: every row must name one.

    Returns
    -------
    DataFrame
        :data:`COLUMNS`, all text (empty cells as ``<NA>``), one row per municipality.

    Raises
    ------
    DataError
        A missing column, a code that is not a Goiás municipality of the Censo 2022, a
        repeated code, a confidence outside :data:`CONFIDENCE` (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",", na_values=("",),
                       required=list(COLUMNS))
    for n, c in zip(df[ROW], df["cod_ibge"]):
        ibge_code(c, file=path, row=int(n), column="cod_ibge")
    known = set(municipalities["cod_ibge"])
    for n, c in zip(df[ROW], df["cod_ibge"]):
        if c.strip() not in known:
            raise DataError(f"encontrado {quoted(c)}, que não é município de Goiás no Censo 2022; "
                            "esperado o código IBGE de um dos 246 municípios", file=path,
                            row=int(n), column="cod_ibge")
    require_unique(df, "cod_ibge", path)
    out = df[[*COLUMNS, ROW]].copy()
    for c in COLUMNS:
        out[c] = out[c].str.strip()
    out = validate(out, SCHEMA, path)
    return out.astype("string").reset_index(drop=True)
