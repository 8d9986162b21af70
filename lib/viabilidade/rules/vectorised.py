"""Numeric rules of art. 4 (items IV, V, VI, VII) over many areas at once.

:func:`decide` is the one implementation of threshold, comparator, basis and lean logic
(docs/GUIA.md, "Status, tendência e conclusão"); the scalar rules in :mod:`.art4` call it on one row, and
:func:`screen` calls it on whole columns, so both give the same answer by construction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..errors import DataError
from .result import Basis, Lean, Status
from .settings import Settings

if TYPE_CHECKING:
    from ..profile.types import UnitProfile

#: Art. 4 numeric items and the screening column holding each value.
SCREEN_COLUMNS = {"IV": "populacao", "V": "eleitores", "VI": "edificacoes", "VII": "arrecadacao"}
_OPS = {">": np.greater, ">=": np.greater_equal}


def decide(value, threshold, comparator: str, basis, uncertainty=None) -> dict[str, np.ndarray]:
    """Status, lean and margin of a numeric requirement, element-wise.

    Parameters
    ----------
    value : array-like of float
        Measured, certified or estimated values; NaN (or None) where the value is missing.
    threshold : array-like of float or float
        Threshold in the same unit; NaN where it cannot be computed (e.g. no state revenue).
    comparator : {">", ">="}
        As the law words the requirement.
    basis : array-like of str or str
        ``certified``, ``published``, ``measured`` or ``estimated`` per value.
    uncertainty : array-like of float, optional
        Absolute half-width of each estimate; NaN or absent counts as 0.

    Returns
    -------
    dict of numpy arrays
        ``status`` (Status values as str), ``lean`` (Lean values as str, ``""`` for none),
        ``margin`` (value − threshold), ``margin_pct`` (100 × margin / threshold, NaN when the
        threshold is 0 or missing). Certified, published or measured values pass or fail (the
        wording of a result decided on published data is the documents' business:
        :func:`viabilidade.report.writers.format.status_label`); an estimate
        is ``indeterminate`` and leans ``likely pass`` when value − uncertainty still satisfies
        the comparator, ``likely fail`` when value + uncertainty still misses it.

    Raises
    ------
    ValueError
        If ``comparator`` is not ``">"`` or ``">="``, or a basis is unknown.
    """
    if comparator not in _OPS:
        raise ValueError(f"comparator must be '>' or '>=', found {comparator!r}")
    op = _OPS[comparator]
    try:
        v = np.atleast_1d(np.asarray(value, dtype=float))
    except (TypeError, ValueError):  # None or text among the values
        v = pd.to_numeric(pd.Series(np.atleast_1d(np.asarray(value, dtype=object))),
                          errors="coerce").to_numpy(dtype=float)
    t = np.broadcast_to(np.asarray(threshold, dtype=float), v.shape)
    b = np.broadcast_to(np.asarray(basis).astype(str), v.shape)
    bad = ~np.isin(b, [m.value for m in Basis])
    if bad.any():
        raise ValueError(f"encontrada a base {str(b[bad][0])!r}; esperada certified, published, measured ou estimated")
    u = (np.zeros_like(v) if uncertainty is None
         else np.broadcast_to(np.asarray(uncertainty, dtype=float), v.shape))
    u = np.where(np.isnan(u), 0.0, np.abs(u))
    missing = np.isnan(v) | np.isnan(t)
    estimated = b == Basis.ESTIMATED.value
    with np.errstate(invalid="ignore", divide="ignore"):
        sat = op(v, t)
        low_ok = op(v - u, t)
        high_ok = op(v + u, t)
        margin = v - t
        margin_pct = np.where(t != 0, 100.0 * margin / t, np.nan)
    status = np.where(missing | estimated, Status.INDETERMINATE.value,
                      np.where(sat, Status.PASS.value, Status.FAIL.value)).astype(object)
    lean = np.where(estimated & ~missing,
                    np.where(low_ok, Lean.LIKELY_PASS.value,
                             np.where(~high_ok, Lean.LIKELY_FAIL.value, "")), "").astype(object)
    return {"status": status, "lean": lean, "margin": margin, "margin_pct": margin_pct}


def revenue_threshold(state_revenue, share: Fraction) -> np.ndarray:
    """Art. 4 VII threshold in BRL: ``state_revenue × share``, rounded once.

    ``share`` is rational (1/10 000, or 1/15 000 reduced); computing ``revenue × numerator /
    denominator`` keeps the threshold exact for revenues in whole centavos, so a collection
    exactly at 0.01 % fails and one centavo above passes.
    """
    r = np.asarray(state_revenue, dtype=float)
    return r * share.numerator / share.denominator


def screen(df: pd.DataFrame, settings: Settings | None = None, *, reduced: bool = False) -> pd.DataFrame:
    """Evaluate art. 4 items IV, V, VI and VII for every row (area) of ``df``.

    Parameters
    ----------
    df : DataFrame
        One row per area. Columns ``populacao`` (inhabitants), ``eleitores`` (electors),
        ``edificacoes`` (buildings of the urban core), ``arrecadacao`` (state-tax collection,
        BRL, may be NaN) and ``receita_estadual`` (state tax revenue of the same year, BRL);
        optional ``<column>_basis`` (certified / published / measured / estimated; default
        published, the basis of the official tables) and
        ``<column>_incerteza`` (absolute uncertainty of an estimate). A missing value column
        makes that item indeterminate for every row.
    settings : Settings, optional
        Thresholds and readings (default :class:`Settings`).
    reduced : bool
        Apply the special-interest reduction (I-1, I-1b, I-3) to the items it covers.

    Returns
    -------
    DataFrame
        Same index; for each item X in IV, V, VI, VII: ``X_status``, ``X_lean`` (``""`` for
        none), ``X_valor``, ``X_limite`` (after any reduction; BRL for VII), ``X_margem``,
        ``X_margem_pct``. Comparators are the law's, after I-3 rounding
        (:meth:`Settings.threshold`). Art. 4 VI here is the building count only (the five
        areas need documentary evidence, see :mod:`.art4`).

    Raises
    ------
    DataError
        If ``df`` has none of the value columns, or a basis column holds an unknown value.
    """
    settings = settings or Settings()
    present = [c for c in SCREEN_COLUMNS.values() if c in df.columns]
    if not present:
        raise DataError(f"encontradas as colunas {', '.join(map(str, df.columns)) or 'nenhuma'}; "
                        f"esperada ao menos uma de {', '.join(SCREEN_COLUMNS.values())}")
    out = {}
    n = len(df)
    for item, col in SCREEN_COLUMNS.items():
        th = settings.threshold(item, reduced)
        value = (pd.to_numeric(df[col], errors="coerce").to_numpy(dtype=float)
                 if col in df.columns else np.full(n, np.nan))
        if item == "VII":
            rev = (pd.to_numeric(df["receita_estadual"], errors="coerce").to_numpy(dtype=float)
                   if "receita_estadual" in df.columns else np.full(n, np.nan))
            limit = revenue_threshold(rev, th.exact)
        else:
            limit = np.full(n, float(th.exact))
        basis = (df[f"{col}_basis"].fillna(Basis.PUBLISHED.value).astype(str).to_numpy()
                 if f"{col}_basis" in df.columns else Basis.PUBLISHED.value)
        unc = (pd.to_numeric(df[f"{col}_incerteza"], errors="coerce").to_numpy(dtype=float)
               if f"{col}_incerteza" in df.columns else None)
        try:
            d = decide(value, limit, th.comparator, basis, unc)
        except ValueError as e:
            bad = ~np.isin(np.asarray(basis).astype(str), [m.value for m in Basis])
            label = df.index[np.flatnonzero(np.broadcast_to(bad, (n,)))[0]]
            raise DataError(f"{e} (primeira no índice {label!r})", column=f"{col}_basis") from None
        out[f"{item}_status"] = d["status"]
        out[f"{item}_lean"] = d["lean"]
        out[f"{item}_valor"] = value
        out[f"{item}_limite"] = limit
        out[f"{item}_margem"] = d["margin"]
        out[f"{item}_margem_pct"] = d["margin_pct"]
    return pd.DataFrame(out, index=df.index)


def unit_row(unit: "UnitProfile", prefix: str = "") -> dict:
    """The figures of one :class:`~viabilidade.profile.types.UnitProfile` as screening columns
    (the statewide screening's rows and the study's "Sob outras regras" table).

    Returns
    -------
    dict
        ``<prefix>populacao``, ``<prefix>eleitores``, ``<prefix>edificacoes``,
        ``<prefix>arrecadacao`` (NaN when not known), each with ``_basis`` and ``_incerteza``
        (NaN when the figure is not an estimate), as
        :func:`viabilidade.rules.vectorised.screen` reads them.
    """
    out = {}
    for col, fig in (("populacao", unit.population), ("eleitores", unit.electors),
                     ("edificacoes", unit.buildings), ("arrecadacao", unit.collection)):
        value = None if fig is None else fig.value
        out[prefix + col] = np.nan if value is None else float(value)
        out[f"{prefix}{col}_basis"] = Basis.PUBLISHED.value if fig is None else Basis(fig.basis).value
        out[f"{prefix}{col}_incerteza"] = (np.nan if fig is None or fig.uncertainty is None
                                           else float(fig.uncertainty))
    return out
