"""IBGE SIDRA exports (xlsx as downloaded from sidra.ibge.gov.br), and the PIB dos Municípios.

SIDRA's xlsx layout: a title row, a ``Variável - ... (Unidade)`` row, a merged
``<territorial level> | Ano`` row, years as **text** on the next row, then one row per
territory named ``Nome (UF)`` — without the IBGE code — and a ``Fonte:`` footer. Cells hold
numbers or SIDRA's symbols: ``-`` (absolute zero), ``..`` (not applicable), ``...`` (not
available), ``X`` (suppressed). Names are resolved to codes through an official name list
(DTB 2022 / Censo 2022); a name that does not resolve is an error, never skipped.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..errors import DataError
from .codes import normalize_name
from .tabular import ROW, open_workbook, read_sheet, validate

#: SIDRA symbols meaning "no value" (the legend of every SIDRA table).
MISSING = ("..", "...", "X")
#: SIDRA's absolute zero.
ZERO = "-"

#: IBGE UF codes by the names SIDRA prints on UF rows.
UF_NAMES = {"Goiás": "52", "Distrito Federal": "53", "Mato Grosso": "51",
            "Mato Grosso do Sul": "50", "Tocantins": "17", "Minas Gerais": "31",
            "Bahia": "29", "Brasil": "1"}


class NameResolver:
    """Resolve SIDRA territory names (``"Abadiânia (GO)"``) to IBGE codes.

    Parameters
    ----------
    names : pandas.DataFrame
        Official names: columns ``cod_ibge`` and ``nome`` (e.g. Censo 2022 or DTB 2022
        municipalities). Matching is exact on the name without the ``" (UF)"`` suffix, then
        accent- and case-insensitive if that key is unambiguous.
    uf : str
        The UF abbreviation expected in the suffix (``"GO"``).
    """

    def __init__(self, names: pd.DataFrame, uf: str = "GO"):
        self.uf = uf
        self.exact = dict(zip(names["nome"], names["cod_ibge"]))
        keys = [normalize_name(n) for n in names["nome"]]
        counts = Counter(keys)
        self.loose = {k: c for k, c in zip(keys, names["cod_ibge"]) if counts[k] == 1}

    def resolve(self, label: str, *, file=None, row=None, column=None) -> tuple[str, str]:
        """``(cod_ibge, level)`` of a SIDRA label; level is ``"municipio"`` or ``"uf"``.

        Raises
        ------
        DataError
            The name does not resolve (names file, row and column).
        """
        text = str(label).strip()
        suffix = f" ({self.uf})"
        if text.endswith(suffix):
            name = text[: -len(suffix)].strip()
            if name in self.exact:
                return self.exact[name], "municipio"
            key = normalize_name(name)
            if key in self.loose:
                return self.loose[key], "municipio"
            raise DataError(f"o nome de município {text!r} não corresponde a um código IBGE "
                            f"(nenhum município de {self.uf} se chama {name!r} nos nomes da "
                            "DTB/Censo 2022)", file=file, row=row, column=column)
        if text in UF_NAMES:
            return UF_NAMES[text], "uf"
        raise DataError(f"o nome de território {text!r} não corresponde a nada; esperado "
                        f"'<município> ({self.uf})' ou o nome de uma UF", file=file, row=row,
                        column=column)


def read_sidra_sheet(path: Path, variable: str, resolver: NameResolver) -> pd.DataFrame:
    """One variable of a SIDRA xlsx export, as a long table.

    Parameters
    ----------
    path : Path
        The xlsx export.
    variable : str
        Start of the variable as printed on the ``Variável - `` row (e.g. ``"Produto Interno
        Bruto a preços correntes"``); the sheet is found by it.
    resolver : NameResolver
        Resolves territory names to IBGE codes.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge`` (text; UF code for the UF row), ``nivel`` (``"uf"``/``"municipio"``),
        ``nome_na_fonte``, ``ano`` (int), ``valor`` (float, NaN for ``..``/``...``/``X``,
        0 for ``-``), in the variable's unit (stated on the Variável row), file order.

    Raises
    ------
    DataError
        No sheet with that variable; no year row; a year that is not a 4-digit year; a
        name that does not resolve; a cell that is neither a number nor a SIDRA symbol
        (each naming file, row and column letter/year).
    """
    from openpyxl.utils import get_column_letter

    wb = open_workbook(path)
    sheets = wb.sheetnames
    wb.close()
    rows = None
    for s in sheets:
        cand = read_sheet(path, s)
        texts = [str(v[0]) for _, v in cand[:3] if v and v[0] is not None]
        if any(t.startswith(f"Variável - {variable}") for t in texts):
            rows = cand
            break
    if rows is None:
        raise DataError(f"nenhuma aba com 'Variável - {variable}...'; encontradas as abas {sheets}",
                        file=path)
    year_row = next(((n, v) for n, v in rows[:8]
                     if v and v[0] is None and any(x is not None for x in v[1:])), None)
    if year_row is None:
        raise DataError("nenhuma linha de anos (células de texto '2002', '2003', ...) antes "
                        "dos dados; esperada a planilha como exportada do SIDRA",
                        file=path)
    yr, yv = year_row
    years = {}
    for j, y in enumerate(yv):
        if j == 0 or y is None:
            continue
        ys = str(y).strip()
        if not (ys.isdigit() and len(ys) == 4):
            raise DataError(f"encontrado {y!r}; esperado um ano", file=path, row=yr,
                            column=get_column_letter(j + 1))
        years[j] = int(ys)
    records = []
    for n, v in rows:
        if n <= yr or not v or v[0] is None:
            continue
        label = str(v[0]).strip()
        if label.startswith("Fonte:"):
            break
        code, level = resolver.resolve(label, file=path, row=n, column="A")
        for j, year in years.items():
            cell = v[j] if j < len(v) else None
            if isinstance(cell, (int, float)):
                value = float(cell)
            elif isinstance(cell, str) and cell.strip() in MISSING:
                value = float("nan")
            elif isinstance(cell, str) and cell.strip() == ZERO:
                value = 0.0
            else:
                raise DataError(f"encontrado {cell!r} (ano {year}); esperado um número ou um "
                                f"símbolo do SIDRA ({', '.join(MISSING)}, -)", file=path, row=n,
                                column=get_column_letter(j + 1))
            records.append((code, level, label, year, value, n))
    return pd.DataFrame.from_records(
        records, columns=["cod_ibge", "nivel", "nome_na_fonte", "ano", "valor", ROW])


PIB_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^\d{7}$")),
    "ano": pa.Column(int, pa.Check.in_range(1999, 2100)),
    "pib_mil_reais": pa.Column(float, nullable=True),
    "vab_mil_reais": pa.Column(float, nullable=True),
    "impostos_mil_reais": pa.Column(float, nullable=True),
    ROW: pa.Column(int),
}, unique=["cod_ibge", "ano"], strict=True)


def read_pib(path: Path, names: pd.DataFrame, *, uf: str = "GO") -> pd.DataFrame:
    """PIB dos Municípios (SIDRA tabela 5938, referência 2010), municipalities of one UF.

    Parameters
    ----------
    path : Path
        SIDRA xlsx export of table 5938 with the variables PIB a preços correntes (37),
        impostos líquidos de subsídios (513) and VAB a preços correntes total (498).
    names : pandas.DataFrame
        ``cod_ibge, nome`` of the UF's municipalities (Censo 2022 / DTB 2022 spelling).
    uf : str
        UF abbreviation of the ``Nome (UF)`` labels.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, ano, pib_mil_reais, vab_mil_reais, impostos_mil_reais`` (R$ mil, current
        prices of that year; NaN where SIDRA prints ``...``: VAB and impostos for 2022–2023,
        nota técnica 02/2024), sorted by code and year. Goiás: 246 × 22 years (2002–2023).

    Raises
    ------
    DataError
        See :func:`read_sidra_sheet`; names that do not resolve name file, row and column.
    """
    resolver = NameResolver(names, uf=uf)
    parts = {
        "pib_mil_reais": "Produto Interno Bruto a preços correntes",
        "impostos_mil_reais": "Impostos, líquidos de subsídios",
        "vab_mil_reais": "Valor adicionado bruto a preços correntes total",
    }
    out = None
    for col, var in parts.items():
        long = read_sidra_sheet(path, var, resolver)
        long = long[long["nivel"] == "municipio"].rename(columns={"valor": col})
        long = long[["cod_ibge", "ano", col, ROW]]
        out = long if out is None else out.merge(long.drop(columns=[ROW]), on=["cod_ibge", "ano"],
                                                 how="outer")
    out = out[["cod_ibge", "ano", "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais", ROW]]
    out = out.sort_values(["cod_ibge", "ano"]).reset_index(drop=True)
    out["ano"] = out["ano"].astype(int)
    out[ROW] = out[ROW].astype(int)
    return validate(out, PIB_SCHEMA, path)
