"""What the Tesouro Nacional paid, and the IBGE's official areas: the optional raw files of
the fourth pass (``shared/data/SOURCES.md``, "Fourth pass").

* ``fiscal/go_fpm_mensal_estado_tesouro_1991-2023-09.csv`` — "Transferências obrigatórias
  da União": the monthly FPM of Goiás, ``serie;ano;mes;valor_brl``; ``FPM`` is every interior
  municipality, reserve included, ``FPMCAPITAIS`` is Goiânia; gross (the FUNDEB share
  included), nominal R$ (1991–1993 in the currencies of the time). 2022: interior
  R$ 5.443.004.518,74.
* ``fiscal/go_transferencias_mensais_municipios_tesouro_2023-03.csv`` — "Transferências
  constitucionais para municípios", March 2023, every Goiás municipality by name
  (``Município;UF;ANO;Mês;1º Decêndio;2º Decêndio;3º Decêndio;Item transferência;
  Transferência;``). The rows ``FPM;FPM`` are the FPM credited, net of the 20 % FUNDEB
  retention; the 3rd decêndio is 0 on every row (the copy was taken before it was posted).
* ``geo/go_areas_territoriais_oficiais_ibge_2022.csv`` — IBGE, Áreas Territoriais 2022,
  ``CD_MUN,NM_MUN,AR_MUN_2022_km2`` (km² to 3 decimals; Σ 340.242,858).

The store keeps them as optional tables (:data:`viabilidade.data.store.OPTIONAL_TABLES`):
a raw folder without them (``data fetch`` does not bring them) builds the store as before,
and the studies then say that the FPM in reais cannot be given. The paths and provenance are
:data:`viabilidade.data.provenance.OPTIONAL_RAW`.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import name_key
from ..errors import DataError
from .tabular import ROW, read_text_csv, to_number, validate

#: Series of the monthly file: the interior municipalities (reserve included), the capital.
SERIES = ("FPM", "FPMCAPITAIS")

MONTHLY_SCHEMA = pa.DataFrameSchema({
    "serie": pa.Column(str, pa.Check.isin(list(SERIES))),
    "ano": pa.Column(int, pa.Check.in_range(1989, 2100)),
    "mes": pa.Column(int, pa.Check.in_range(1, 12)),
    "valor_brl": pa.Column(float, pa.Check.ge(0)),
    ROW: pa.Column(int),
}, unique=["serie", "ano", "mes"], strict=True)

CREDITS_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^52\d{5}$")),
    "ano": pa.Column(int, pa.Check.in_range(1989, 2100)),
    "mes": pa.Column(int, pa.Check.in_range(1, 12)),
    "decendio_1_brl": pa.Column(float, pa.Check.ge(0)),
    "decendio_2_brl": pa.Column(float, pa.Check.ge(0)),
    "decendio_3_brl": pa.Column(float, pa.Check.ge(0)),
    ROW: pa.Column(int),
}, unique=["cod_ibge", "ano", "mes"], strict=True)

AREAS_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^52\d{5}$")),
    "area_oficial_km2": pa.Column(float, pa.Check.gt(0)),
    ROW: pa.Column(int),
}, unique=["cod_ibge"], strict=True)


def read_fpm_monthly(path: Path) -> pd.DataFrame:
    """The Tesouro's monthly FPM of Goiás.

    Returns
    -------
    pandas.DataFrame
        ``serie`` (``FPM``: interior with the reserve; ``FPMCAPITAIS``: Goiânia), ``ano``,
        ``mes``, ``valor_brl`` (gross, nominal R$ of that month), ``_row``.

    Raises
    ------
    DataError
        A missing column, a number that is not one, a series not in :data:`SERIES`, a month
        given twice (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=";",
                       required=["serie", "ano", "mes", "valor_brl"])
    out = pd.DataFrame({"serie": df["serie"].fillna("").str.strip(),
                        "ano": to_number(df, "ano", path, integer=True, required=True),
                        "mes": to_number(df, "mes", path, integer=True, required=True),
                        "valor_brl": to_number(df, "valor_brl", path, required=True),
                        ROW: df[ROW]})
    out["ano"] = out["ano"].astype(int)
    out["mes"] = out["mes"].astype(int)
    return validate(out, MONTHLY_SCHEMA, path)


def _codes(names: pd.Series, rows: pd.Series, municipalities: pd.DataFrame, path: Path,
           column: str) -> pd.Series:
    """IBGE codes of the municipality names of a Tesouro file (compared without accents,
    case, spaces or apostrophes); every unknown name at once."""
    known = {name_key(n): c for c, n in zip(municipalities["cod_ibge"], municipalities["nome"])}
    codes = names.fillna("").map(lambda n: known.get(name_key(n)))
    bad = codes.isna()
    if bad.any():
        said = "; ".join(f"linha {int(r)}: {n!r}" for r, n in zip(rows[bad], names[bad]))
        raise DataError(f"municípios que não estão no Censo 2022 de Goiás: {said}; esperado o "
                        "nome de um dos 246 municípios", file=path, column=column)
    return codes


def read_fpm_credits(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """The FPM credited to each Goiás municipality in one month (Tesouro, net of FUNDEB).

    Parameters
    ----------
    path : Path
        The Tesouro's monthly file (``;``, UTF-8, decimal point).
    municipalities : pandas.DataFrame
        ``cod_ibge, nome`` (Censo 2022): the names are matched to codes, and the file must
        have every municipality once.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, ano, mes, decendio_1_brl, decendio_2_brl, decendio_3_brl`` (R$ net of
        the 20 % FUNDEB retention), ``_row``; the rows ``Item transferência = FPM`` and
        ``Transferência = FPM`` only. March 2023: 246 rows; a 0,6 municipality R$ 387.928,05
        + R$ 85.513,71.

    Raises
    ------
    DataError
        A missing column, a name not in the Censo, a bad number, a municipality missing or
        given twice (file, row, column).
    """
    cols = ["Município", "UF", "ANO", "Mês", "1º Decêndio", "2º Decêndio", "3º Decêndio",
            "Item transferência", "Transferência"]
    df = read_text_csv(path, encoding="utf-8", sep=";", required=cols)
    df = df[(df["Item transferência"].str.strip() == "FPM")
            & (df["Transferência"].str.strip() == "FPM")
            & (df["UF"].str.strip() == "GO")].reset_index(drop=True)
    out = pd.DataFrame({
        "cod_ibge": _codes(df["Município"], df[ROW], municipalities, path, "Município"),
        "ano": to_number(df, "ANO", path, integer=True, required=True),
        "mes": to_number(df, "Mês", path, integer=True, required=True),
        "decendio_1_brl": to_number(df, "1º Decêndio", path, required=True),
        "decendio_2_brl": to_number(df, "2º Decêndio", path, required=True),
        "decendio_3_brl": to_number(df, "3º Decêndio", path, required=True),
        ROW: df[ROW]})
    out["ano"] = out["ano"].astype(int)
    out["mes"] = out["mes"].astype(int)
    out = validate(out, CREDITS_SCHEMA, path)
    missing = sorted(set(municipalities["cod_ibge"]) - set(out["cod_ibge"]))
    if missing:
        names = dict(zip(municipalities["cod_ibge"], municipalities["nome"]))
        raise DataError(f"faltam as linhas FPM de {len(missing)} municípios: "
                        + ", ".join(f"{names[c]} ({c})" for c in missing[:10])
                        + ("…" if len(missing) > 10 else "")
                        + "; esperada uma linha FPM de cada um dos 246 municípios", file=path,
                        column="Município")
    return out


def read_official_areas(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """The IBGE's official area of each Goiás municipality (Áreas Territoriais 2022).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge``, ``area_oficial_km2`` (km², 3 decimals as published), ``_row``; the 246
        codes of the Censo 2022 (Abadiânia 1.044,555; Goiânia 729,296).

    Raises
    ------
    DataError
        A missing column, a bad code or area, a code unlike the Censo's (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["CD_MUN", "NM_MUN", "AR_MUN_2022_km2"])
    out = pd.DataFrame({"cod_ibge": df["CD_MUN"].fillna("").str.strip(),
                        "area_oficial_km2": to_number(df, "AR_MUN_2022_km2", path,
                                                      required=True),
                        ROW: df[ROW]})
    out = validate(out, AREAS_SCHEMA, path)
    a, b = set(out["cod_ibge"]), set(municipalities["cod_ibge"])
    if a != b:
        raise DataError(f"os códigos diferem dos do Censo 2022; só neste arquivo: "
                        f"{sorted(a - b)[:5]}, faltam: {sorted(b - a)[:5]}; esperados os 246 "
                        "municípios de Goiás", file=path, column="CD_MUN")
    return out


def check_credits(credits: pd.DataFrame, municipalities: pd.DataFrame, path: Path) -> None:
    """Refuse FPM credits that are not coefficients: every interior credit must be a multiple
    of 0,2 point, one point being the smallest credit ÷ 0,6, or 4,0 points plus the reserve
    (:func:`viabilidade.fiscal.paid.paid_coefficients`).

    Raises
    ------
    DataError
        Naming every municipality whose credit is not (file, column).
    """
    from ..fiscal.paid import paid_coefficients

    from ..common.numbers import decimal

    try:
        paid_coefficients(credits, municipalities)
    except ValueError as e:
        bad, point = e.args
        said = "; ".join(f"{r.nome} ({r.cod_ibge}), R$ {decimal(r.credito_brl, 2)}"
                         for r in bad.itertuples())
        raise DataError(f"créditos do FPM que não são múltiplos de 0,2 ponto de coeficiente "
                        f"(um ponto: R$ {decimal(point, 2)}): {said}; esperado, em cada "
                        "município do interior, o coeficiente vezes o valor de um ponto (o menor "
                        "crédito dividido por 0,6), ou 4,0 pontos mais a reserva", file=path,
                        column="1º Decêndio") from None
