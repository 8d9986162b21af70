"""FPM raw files: the TCU's published Goiás figures and the DL 1.881/1981 bracket table.

* ``fiscal/fpm_interior_2023_tcu_dou_20230706.csv`` — items of the TCU's decisão normativa
  for the 2023 exercise as printed in the DOU of 06/07/2023, Seção 1 (Anexo VI p. 129, each
  state's share of FPM-Interior; Anexo VIII p. 145, Goiás's sum of coefficients, population
  and number of municipalities), columns ``item, uf, valor, unidade, fonte_url``; the item
  name ends in the exercise (``soma_coeficientes_fpm_interior_2023``).
* ``fiscal/fpm_dl1881_faixas_coeficientes.csv`` — the brackets (``pop_min, pop_max,
  coeficiente``), checked here against the law's rule (:data:`viabilidade.fiscal.fpm.BRACKETS`):
  the law is the constant, the file a published transcription that must agree with it. When
  the raw folder lacks it, the build derives the table from the rule (:func:`brackets_table`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import quoted
from ..errors import DataError
from .tabular import ROW, read_text_csv, to_number, validate

#: Items of the TCU file the store keeps, by the name without its year.
ITEMS = ("participacao_estado_fpm_interior", "soma_coeficientes_fpm_interior",
         "soma_populacao_fpm_interior", "n_municipios_fpm_interior")

#: The source as studies cite it.
FONTE_TCU = "TCU, decisão normativa do FPM para o exercício de {ano} (DOU de 06/07/2023, Seção 1)"

FPM_SCHEMA = pa.DataFrameSchema({
    "ano": pa.Column(int, pa.Check.in_range(1990, 2100)),
    "uf": pa.Column(str, pa.Check.str_matches(r"^[A-Z]{2}$")),
    "item": pa.Column(str, pa.Check.isin(list(ITEMS))),
    "valor": pa.Column(float, pa.Check.gt(0)),
    "unidade": pa.Column(str),
    "fonte": pa.Column(str),
    "url": pa.Column(str, pa.Check.str_matches(r"^https?://")),
    ROW: pa.Column(int),
}, unique=["ano", "uf", "item"], strict=True)


def read_tcu_fpm(path: Path) -> pd.DataFrame:
    """The TCU's published FPM-Interior figures, one row per (exercise, state, item).

    Returns
    -------
    pandas.DataFrame
        ``ano, uf, item, valor, unidade, fonte, url``. 2023, GO:
        participacao_estado_fpm_interior 3,7318 (percent); soma_coeficientes_fpm_interior
        254,8; soma_populacao_fpm_interior 5.621.806; n_municipios_fpm_interior 245.

    Raises
    ------
    DataError
        Missing column, an item not ending in ``_<year>`` or not known, a bad number or
        address, a repeated item (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["item", "uf", "valor", "unidade", "fonte_url"])
    items, years = [], []
    for row, item in zip(df[ROW], df["item"].fillna("")):
        m = re.fullmatch(r"(.+)_([0-9]{4})", item.strip())
        if not m:
            raise DataError(f"encontrado {quoted(item)}; esperado um item terminado no exercício "
                            "(p. ex. 'soma_coeficientes_fpm_interior_2023')", file=path,
                            row=int(row), column="item")
        items.append(m.group(1))
        years.append(int(m.group(2)))
    out = pd.DataFrame({"ano": years, "uf": df["uf"].str.strip(), "item": items,
                        "valor": to_number(df, "valor", path), "unidade": df["unidade"].str.strip(),
                        "fonte": [FONTE_TCU.format(ano=y) for y in years],
                        "url": df["fonte_url"].str.strip(), ROW: df[ROW]})
    return validate(out, FPM_SCHEMA, path)


def brackets_table() -> pd.DataFrame:
    """The DL 1.881/1981 brackets as a table, derived from the rule
    (:data:`viabilidade.fiscal.fpm.BRACKETS`): what the brackets file holds.

    Returns
    -------
    pandas.DataFrame
        ``pop_min, pop_max, coeficiente`` (inhabitants, inclusive; ``pop_max`` empty for the
        last), 18 rows: 0–10.188 → 0,6; 10.189–13.584 → 0,8; … 156.217– → 4,0.
    """
    from ..fiscal.fpm import BRACKETS

    return pd.DataFrame({
        "pop_min": pd.array([b.above + 1 if b.above else 0 for b in BRACKETS], dtype="Int64"),
        "pop_max": pd.array([b.up_to for b in BRACKETS], dtype="Int64"),
        "coeficiente": [float(b.coefficient) for b in BRACKETS]})


def check_brackets(path: Path) -> pd.DataFrame:
    """Check the bracket table against CTN art. 91 § 2 (DL 1.881/1981),
    :func:`brackets_table`.

    Returns
    -------
    pandas.DataFrame
        The file's table, in :func:`brackets_table`'s columns and types.

    Raises
    ------
    DataError
        A row that differs from the law (file, row, column, what the law says), or a
        different number of rows.
    """
    from ..fiscal.fpm import BRACKETS

    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["pop_min", "pop_max", "coeficiente"])
    lo = to_number(df, "pop_min", path, integer=True, required=True)
    hi = to_number(df, "pop_max", path, integer=True)
    coef = to_number(df, "coeficiente", path, required=True)
    law = brackets_table()
    if len(df) != len(law):
        raise DataError(f"{len(df)} faixas; esperadas as {len(law)} do DL 1.881/1981",
                        file=path)
    for i, b in enumerate(BRACKETS):
        row = int(df[ROW].iloc[i])
        want = law.iloc[i]
        want = (int(want["pop_min"]), None if pd.isna(want["pop_max"]) else int(want["pop_max"]),
                float(want["coeficiente"]))
        got = (int(lo.iloc[i]), None if pd.isna(hi.iloc[i]) else int(hi.iloc[i]),
               float(coef.iloc[i]))
        for column, g, w in zip(("pop_min", "pop_max", "coeficiente"), got, want):
            if g != w:
                raise DataError(f"encontrado {g}; esperado {w} (faixa '{b.words()}', "
                                "CTN art. 91 § 2, DL 1.881/1981)", file=path, row=row,
                                column=column)
    return pd.DataFrame({"pop_min": pd.array(lo, dtype="Int64"),
                         "pop_max": pd.array(hi, dtype="Int64"),
                         "coeficiente": coef.astype(float).to_numpy()})
