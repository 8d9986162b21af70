"""State revenue of Goiás: SEFAZ-GO collection extracts, IMB "Goiás em Dados" tables, IPM.

* SEFAZ-GO "Receita Gerencial" (the state treasury BI behind the revenue bulletin of the
  Secretaria da Economia), aggregated to month × revenue × sector: R$ (BRL), nominal.
* IMB (Instituto Mauro Borges) "Goiás em Dados 2023", tables 124, 125, 127: **R$ mil**,
  converted here to BRL.
* IPM (Índice de Participação dos Municípios no ICMS, Coíndice/SEFAZ-GO): the values found
  published (partial: no full 246-municipality table is available).

State tax revenue for LC 02/1990 art. 4 VII (docs/LEITURAS.md I-6) is ICMS + IPVA + ITCD.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import quoted
from ..errors import DataError
from .codes import ibge_code
from .sources import FONTE_IMB_125, FONTE_SEFAZ, TAXES  # noqa: F401 (re-exported)
from .tabular import ROW, read_text_csv, to_number, validate


#: SEFAZ-GO revenue lines (``receita``) making up each tax: the tax, its fines and, for ICMS,
#: the 2 % additional (Lei 15.505/2005, fundo PROTEGE's ICMS surcharge). PROTEGE and
#: FUNDEINFRA contributions are not taxes and are left out (this reproduces IMB table 125's
#: IPVA and ITCD exactly and its ICMS within 0.06 %).
SEFAZ_LINES = {
    "ICMS": ("ICMS", "MULTA DE ICMS", "ADICIONAL ICMS - 2% - LEI 15.505/2005",
             "ADICIONAL ICMS 2% - DIFERENCIAL DE ALÍQUOTAS NÃO CONTRIBUINTE - DESTINO GOIÁS"),
    "IPVA": ("IPVA", "MULTA DE IPVA"),
    "ITCD": ("ITCD", "MULTA DE ITCD"),
}


MONTHLY_SCHEMA = pa.DataFrameSchema({
    "receita": pa.Column(str),
    "grupo": pa.Column(str),
    "ano_mes": pa.Column(str, pa.Check.str_matches(r"^[0-9]{4}-[0-9]{2}$")),
    "valor_brl": pa.Column(float),
    ROW: pa.Column(int),
}, strict=True)


def read_sefaz_monthly(path: Path) -> pd.DataFrame:
    """SEFAZ-GO collection by month, revenue line and economic sector.

    Parameters
    ----------
    path : Path
        CSV (UTF-8, ``,``) with ``receita, grupo_macro_estrategico, ano_mes, valor_reais``.

    Returns
    -------
    pandas.DataFrame
        ``receita`` (SEFAZ revenue line, e.g. ``"MULTA DE IPVA"``), ``grupo`` (sector),
        ``ano_mes`` (``YYYY-MM``), ``valor_brl`` (R$, nominal).

    Raises
    ------
    DataError
        Missing column, bad month, non-numeric value (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["receita", "grupo_macro_estrategico", "ano_mes", "valor_reais"])
    out = pd.DataFrame({"receita": df["receita"].str.strip(),
                        "grupo": df["grupo_macro_estrategico"].fillna("").str.strip(),
                        "ano_mes": df["ano_mes"].str.strip(),
                        "valor_brl": to_number(df, "valor_reais", path), ROW: df[ROW]})
    return validate(out, MONTHLY_SCHEMA, path)


#: Columns of the monthly revenue CSVs of the Goiás open-data portal (data set
#: ``arrecadacao``), as a public script that downloads them reads them (``sep=';'``, the
#: pandas default encoding UTF-8, ``ANO_MES`` as ``AAAAMM``, ``VALR_TOTAL`` with a decimal
#: comma); the portal publishes no data dictionary that could be checked from here.
PORTAL_COLUMNS = ("TIPO_RECEITA", "ANO_MES", "VALR_TOTAL")


def read_sefaz_portal(folder: Path) -> pd.DataFrame:
    """SEFAZ-GO collection by month and revenue type, from the portal's monthly CSVs.

    Parameters
    ----------
    folder : Path
        The folder ``viabilidade data fetch`` fills (``revenue/arrecadacao/``): one CSV per
        month, UTF-8, ``;``, columns :data:`PORTAL_COLUMNS` (others ignored).

    Returns
    -------
    pandas.DataFrame
        As :func:`read_sefaz_monthly`: ``receita`` (``TIPO_RECEITA``), ``grupo`` (empty: the
        portal gives no sector), ``ano_mes`` (``YYYY-MM``), ``valor_brl`` (R$, nominal),
        ``_row``; rows of the same type and month summed.

    Raises
    ------
    DataError
        No CSV in the folder; in any file, a missing column, a month that is not
        ``AAAAMM``, a value that is not a number (file, row, column).
    """
    files = sorted(p for p in Path(folder).glob("*.csv") if p.is_file())
    if not files:
        raise DataError("nenhum arquivo CSV; esperados os CSV mensais do conjunto "
                        "arrecadacao do Portal de Dados Abertos de Goiás (viabilidade data "
                        "fetch --so receita-sefaz)", file=folder)
    parts = []
    for f in files:
        df = read_text_csv(f, encoding="utf-8-sig", sep=";", required=list(PORTAL_COLUMNS))
        month = df["ANO_MES"].str.strip()
        bad = ~month.str.fullmatch(r"(19|20)[0-9]{2}(0[1-9]|1[0-2])").fillna(False)
        if bad.any():
            i = bad.to_numpy().nonzero()[0][0]
            raise DataError(f"encontrado {quoted(df['ANO_MES'].iloc[i])}; esperado um mês AAAAMM",
                            file=f, row=int(df[ROW].iloc[i]), column="ANO_MES")
        parts.append(pd.DataFrame({
            "receita": df["TIPO_RECEITA"].fillna("").str.strip(),
            "ano_mes": month.str[:4] + "-" + month.str[4:],
            "valor_brl": to_number(df, "VALR_TOTAL", f, decimal=",", required=True),
            ROW: df[ROW]}))
    rows = pd.concat(parts, ignore_index=True)
    out = (rows.groupby(["receita", "ano_mes"], as_index=False, sort=True)
           .agg(valor_brl=("valor_brl", "sum"), **{ROW: (ROW, "min")}))
    out.insert(1, "grupo", "")
    return validate(out[["receita", "grupo", "ano_mes", "valor_brl", ROW]], MONTHLY_SCHEMA,
                    files[0])


def read_sefaz_annual(path: Path) -> pd.DataFrame:
    """SEFAZ-GO annual collection by revenue line (``aba_origem, receita, ano, valor_reais,
    cobertura``), as ``receita, ano, valor_brl, completo`` (bool: ``cobertura`` says the
    whole year).

    Raises
    ------
    DataError
        Missing column or bad number (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["receita", "ano", "valor_reais", "cobertura"])
    return pd.DataFrame({"receita": df["receita"].str.strip(),
                         "ano": to_number(df, "ano", path, integer=True, required=True).astype(int),
                         "valor_brl": to_number(df, "valor_reais", path),
                         "completo": df["cobertura"].str.strip() == "ano completo"})


def sefaz_annual_taxes(monthly: pd.DataFrame) -> pd.DataFrame:
    """Annual ICMS, IPVA, ITCD from the monthly SEFAZ-GO table, complete years only.

    A year is complete when all 12 months have payments of the tax's main line.

    Returns
    -------
    pandas.DataFrame
        ``ano`` (int), ``tributo``, ``valor_brl`` (R$ of that year, rounded to cents),
        ``fonte`` (:data:`FONTE_SEFAZ`). With the 2020-11..2024-08 extract: 2021–2023
        (IPVA 2022 = R$ 2,462,554,979.70).
    """
    m = monthly.assign(ano=monthly["ano_mes"].str[:4].astype(int))
    rows = []
    for tributo, lines in SEFAZ_LINES.items():
        main = m[m["receita"] == lines[0]]
        months = main.groupby("ano")["ano_mes"].nunique()
        part = m[m["receita"].isin(lines)].groupby("ano")["valor_brl"].sum()
        for ano, total in part.items():
            if months.get(ano, 0) == 12:
                rows.append({"ano": int(ano), "tributo": tributo,
                             "valor_brl": round(float(total), 2), "fonte": FONTE_SEFAZ})
    return pd.DataFrame(rows, columns=["ano", "tributo", "valor_brl", "fonte"])


def read_imb_table125(path: Path) -> pd.DataFrame:
    """IMB "Goiás em Dados 2023" table 125 (receita bruta by tax), in BRL.

    Parameters
    ----------
    path : Path
        CSV with ``ano, total, icms, ipva, itcd, ...`` in R$ mil.

    Returns
    -------
    pandas.DataFrame
        ``ano, tributo (ICMS/IPVA/ITCD), valor_brl`` (R$ mil × 1000), ``fonte``. 2022: ICMS
        24,248,259,000; IPVA 2,462,557,000; ITCD 895,202,000.

    Raises
    ------
    DataError
        Missing column or non-numeric value.
    """
    df = read_text_csv(path, encoding="utf-8", sep=",", required=["ano", "icms", "ipva", "itcd"])
    years = to_number(df, "ano", path, integer=True, required=True)
    rows = []
    for tributo in TAXES:
        vals = to_number(df, tributo.lower(), path)
        for ano, v in zip(years, vals):
            if pd.notna(v):
                rows.append({"ano": int(ano), "tributo": tributo,
                             "valor_brl": float(v) * 1000.0, "fonte": FONTE_IMB_125})
    return pd.DataFrame(rows, columns=["ano", "tributo", "valor_brl", "fonte"])


def read_imb_table(path: Path) -> pd.DataFrame:
    """An IMB "Goiás em Dados" table with ``Especificação`` rows and year columns, long, in BRL.

    Returns
    -------
    pandas.DataFrame
        ``especificacao, ano, valor_brl`` (R$ mil × 1000; NaN for ``-``/``–``/empty).

    Raises
    ------
    DataError
        No ``Especificação`` column, a column that is not a year, a bad number.
    """
    df = read_text_csv(path, encoding="utf-8", sep=",", na_values=["-", "–"],
                       required=["Especificação"])
    rows = []
    for col in df.columns:
        if col in ("Especificação", ROW):
            continue
        if not (col.isascii() and col.isdigit() and len(col) == 4):
            raise DataError(f"encontrada a coluna {quoted(col)}; esperada uma coluna de ano", file=path, row=1,
                            column=col)
        vals = to_number(df, col, path)
        for spec, v in zip(df["Especificação"], vals):
            rows.append({"especificacao": spec.strip(), "ano": int(col),
                         "valor_brl": float(v) * 1000.0})
    return pd.DataFrame(rows)


STATE_REVENUE_SCHEMA = pa.DataFrameSchema({
    "ano": pa.Column(int, pa.Check.in_range(1990, 2100)),
    "tributo": pa.Column(str, pa.Check.isin(list(TAXES))),
    "valor_brl": pa.Column(float, pa.Check.gt(0)),
    "fonte": pa.Column(str, pa.Check.isin([FONTE_IMB_125, FONTE_SEFAZ])),
}, unique=["ano", "tributo", "fonte"], strict=True)


def state_revenue_table(monthly_path: Path, table125_path: Path | None) -> pd.DataFrame:
    """The store's ``state_revenue`` table: IMB table 125 and SEFAZ-GO annual sums.

    ``monthly_path`` is the Receita Gerencial extract (:func:`read_sefaz_monthly`) or the
    folder of the portal's monthly CSVs (:func:`read_sefaz_portal`); ``table125_path`` is
    ``None`` when the raw folder has no copy of IMB table 125
    (:data:`viabilidade.data.provenance.OPTIONAL_COPIES`): SEFAZ-GO's sums only.

    Returns
    -------
    pandas.DataFrame
        ``ano, tributo, valor_brl, fonte`` sorted by year, tax, source. Both sources are kept
        (they differ slightly for ICMS); :data:`FONTE_IMB_125` is the published official
        figure and is preferred where present.

    Raises
    ------
    DataError
        Either file malformed; a duplicated (year, tax, source) or a non-positive value.
    """
    monthly = (read_sefaz_portal(monthly_path) if Path(monthly_path).is_dir() else
               read_sefaz_monthly(monthly_path))
    parts = [sefaz_annual_taxes(monthly)]
    if table125_path is not None:
        parts.insert(0, read_imb_table125(table125_path))
    out = pd.concat(parts, ignore_index=True)
    out["ano"] = out["ano"].astype(int)
    out = validate(out, STATE_REVENUE_SCHEMA, table125_path or Path(monthly_path))
    return out.sort_values(["ano", "tributo", "fonte"]).reset_index(drop=True)


IPM_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$")),
    "municipio_na_fonte": pa.Column(str),
    "indice_ipm_percent": pa.Column(float, pa.Check.in_range(0, 100)),
    "ano_apuracao": pa.Column("Int64", nullable=True),
    "ano_vigencia": pa.Column("Int64", nullable=True),
    "fonte": pa.Column(str),
    ROW: pa.Column(int),
}, strict=True)


def read_ipm_partial(path: Path) -> pd.DataFrame:
    """Published IPM-ICMS values (partial table, in % of the municipalities' 25 % share).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, municipio_na_fonte, indice_ipm_percent, ano_apuracao, ano_vigencia,
        fonte``. São Simão 5220405: 1.33558466824225 (apuração 2023) → 0.8197646 (2024).

    Raises
    ------
    DataError
        Missing column, bad code (e.g. a TSE code), bad number (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["municipio_como_na_fonte", "cod_ibge", "indice_ipm_percent",
                                 "ano_apuracao", "ano_vigencia", "fonte"])
    for n, c in zip(df[ROW], df["cod_ibge"]):
        ibge_code(c, file=path, row=int(n), column="cod_ibge")
    out = pd.DataFrame({"cod_ibge": df["cod_ibge"].str.strip(),
                        "municipio_na_fonte": df["municipio_como_na_fonte"],
                        "indice_ipm_percent": to_number(df, "indice_ipm_percent", path),
                        "ano_apuracao": to_number(df, "ano_apuracao", path, integer=True),
                        "ano_vigencia": to_number(df, "ano_vigencia", path, integer=True),
                        "fonte": df["fonte"], ROW: df[ROW]})
    return validate(out, IPM_SCHEMA, path)
