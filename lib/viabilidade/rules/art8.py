"""Art. 8 — an installed municipality that loses an art. 4 requirement is extinguished; the
Assembly checks every four years, in the year before the municipal elections."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from ..errors import DataError
from .calendar import is_election_year
from .result import Basis, Status
from .settings import Settings
from .vectorised import SCREEN_COLUMNS, screen

ITEMS = tuple(SCREEN_COLUMNS)
_COD = re.compile(r"^\d{7}$")


def next_audit_year(year: int) -> int:
    """First audit year >= ``year``: the year before a municipal election (2026 → 2027,
    2027 → 2027, 2028 → 2031)."""
    y = year
    while not is_election_year(y + 1):
        y += 1
    return y


def audit(df: pd.DataFrame, settings: Settings | None = None, *, state_revenue: float | None = None,
          file: str | None = None) -> pd.DataFrame:
    """Apply art. 4 items IV–VII with full thresholds to every municipality (art. 8 § 1).

    Parameters
    ----------
    df : DataFrame
        One row per municipality: ``cod_ibge`` (7-digit text), ``nome``, ``populacao``; optional
        ``eleitores``, ``edificacoes`` (a proxy such as occupied dwellings: treated as
        ``estimated`` unless ``edificacoes_basis`` says otherwise), ``arrecadacao`` (BRL, may be
        NaN), ``receita_estadual`` (BRL) and the ``*_basis`` / ``*_incerteza`` columns of
        :func:`~.vectorised.screen`.
    settings : Settings, optional
    state_revenue : float, optional
        State tax revenue (BRL) used when ``df`` has no ``receita_estadual`` column.
    file : str, optional
        Name of the file ``df`` came from, for error messages.

    Returns
    -------
    DataFrame
        ``cod_ibge``, ``nome``, then the screening columns per item (``IV_status`` …), and
        ``situacao`` (``fail`` if any item fails, ``pass`` if all pass, else
        ``indeterminate``) and ``itens_perdidos`` (comma-separated failing items).

    Raises
    ------
    DataError
        If a required column is missing or a ``cod_ibge`` is not 7-digit text (naming the row,
        counted as in the file with the header as line 1).
    """
    settings = settings or Settings()
    need = ["cod_ibge", "nome", "populacao"]
    absent = [c for c in need if c not in df.columns]
    if absent:
        raise DataError(f"faltam as colunas {', '.join(absent)}; esperadas {', '.join(need)}", file=file)
    codes = df["cod_ibge"]
    for i, c in enumerate(codes):
        if not isinstance(c, str) or not _COD.match(c):
            raise DataError(f"encontrado {c!r}; esperado um código IBGE de 7 algarismos, como "
                            "texto", file=file,
                            row=i + 2, column="cod_ibge")
    work = df.copy()
    if "edificacoes" in work.columns and "edificacoes_basis" not in work.columns:
        work["edificacoes_basis"] = Basis.ESTIMATED.value
    if "receita_estadual" not in work.columns and state_revenue is not None:
        work["receita_estadual"] = float(state_revenue)
    res = screen(work, settings, reduced=False)
    st = res[[f"{i}_status" for i in ITEMS]].to_numpy()
    any_fail = (st == Status.FAIL.value).any(axis=1)
    all_pass = (st == Status.PASS.value).all(axis=1)
    situacao = np.where(any_fail, Status.FAIL.value,
                        np.where(all_pass, Status.PASS.value, Status.INDETERMINATE.value))
    lost = [",".join(i for i, s in zip(ITEMS, row) if s == Status.FAIL.value) for row in st]
    out = pd.concat([df[["cod_ibge", "nome"]], res], axis=1)
    out["situacao"] = situacao
    out["itens_perdidos"] = lost
    return out
