"""Every area under every ruleset, in one DataFrame operation.

The tests of all rulesets (:mod:`.ruleset`) become one table; crossed with the table of areas
it gives one row per (area, ruleset, test, subject), whose value, threshold and basis are
looked up column-wise and decided by :func:`~.vectorised.decide` — the same threshold,
comparator, basis and lean logic as LC 02/1990's own rules, so the LC 02/1990 ruleset file
gives exactly the statuses of :func:`~.vectorised.screen`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from ..common.text import quoted
from ..errors import DataError
from .common import COUNT_UNITS
from .result import Basis, Status
from .ruleset import DOCUMENTARY, MEASURES, REFERENCES, REGION_OF_DIGIT, REGIONS, SUBJECTS, Ruleset
from .vectorised import decide

#: Column prefix of each subject's figures in the areas table.
PREFIX = {"area": "", "remanescente": "origem_"}
#: References that are the same for every subject (no prefix).
SHARED_REFERENCES = {"receita_estadual"}


def tests_table(rulesets: list[Ruleset]) -> pd.DataFrame:
    """One row per (ruleset, test, subject), in the rulesets' order.

    Returns
    -------
    DataFrame
        regras, regras_titulo, teste, titulo, sujeito, medida, unidade_medida, comparador,
        tipo_limite (``fixo``, ``regional``, ``parcela``, ``documental``), limite_fixo,
        ``limite_<região>`` for the five regions, parcela_num, parcela_den (the share as an
        exact fraction), referencia, fonte (``primaria`` / ``secundaria``), dispositivo,
        requisito.
    """
    rows = []
    for rs in rulesets:
        for t in rs.tests:
            kind = ("documental" if t.measure == DOCUMENTARY else "regional" if t.by_region
                    else "parcela" if t.share is not None else "fixo")
            share = Fraction(str(t.share)) if t.share is not None else None
            row = {"regras": rs.id, "regras_titulo": rs.short_title, "teste": t.id,
                   "titulo": t.title, "sujeito": t.subject, "medida": t.measure,
                   "unidade_medida": t.unit, "comparador": t.comparator, "tipo_limite": kind,
                   "limite_fixo": np.nan if t.value is None else t.value,
                   "parcela_num": np.nan if share is None else share.numerator,
                   "parcela_den": np.nan if share is None else share.denominator,
                   "referencia": t.of or "", "fonte": t.source, "dispositivo": t.provision,
                   "requisito": t.requirement}
            for r in REGIONS:
                row[f"limite_{r}"] = t.by_region[r] if t.by_region else np.nan
            rows.append(row)
    return pd.DataFrame(rows)


def regions(codes: pd.Series) -> pd.Series:
    """Major region of each IBGE code (first digit): ``"5200100"`` → ``"Centro-Oeste"``."""
    return codes.astype(str).str[:1].map(REGION_OF_DIGIT)


def _lookup(frame: pd.DataFrame, units: np.ndarray, columns: np.ndarray, default) -> np.ndarray:
    """``frame.loc[unit, column]`` for each pair, ``default`` where the column is absent."""
    present = [c for c in pd.unique(columns) if c in frame.columns]
    if not present:
        return np.full(len(units), default, dtype=object)
    stacked = frame[present].stack(future_stack=True)
    idx = pd.MultiIndex.from_arrays([units, columns])
    out = stacked.reindex(idx).to_numpy(dtype=object)
    missing = ~np.isin(columns, present)
    out[missing] = default
    return out


def whole_count_limits(limit: np.ndarray, comparator: np.ndarray, count: np.ndarray
                       ) -> tuple[np.ndarray, np.ndarray]:
    """Count thresholds as the smallest whole count satisfying them (reading I-3).

    The same rounding as LC 02/1990's reduced thresholds
    (:func:`viabilidade.rules.settings.smallest_count`): a whole limit keeps its comparator;
    a fractional one (20 % of 1.910,5 eleitores = 382,1 assinaturas) becomes ``>= n`` with n
    the smallest integer satisfying the original comparator (``>= 382,1`` → ``>= 383``;
    ``> 382,1`` → ``>= 383``). Nobody signs a tenth of a petition.

    Parameters
    ----------
    limit : ndarray of float
        Thresholds (NaN where none can be computed).
    comparator : ndarray of str
        ``">"`` or ``">="`` per row.
    count : ndarray of bool
        Rows whose unit counts things (:data:`.common.COUNT_UNITS`); others are left alone.

    Returns
    -------
    (limit, comparator) : ndarray, ndarray
        New arrays; NaN limits stay NaN.
    """
    t = np.round(limit, 9)  # 1.000 × 1/5 computed as 199,99999999997 is 200
    frac = count & ~np.isnan(t) & (t != np.floor(t))
    strict = comparator == ">"
    with np.errstate(invalid="ignore"):
        n = np.where(strict, np.floor(t) + 1, np.ceil(t))
    out_limit = np.where(frac, n, np.where(count & ~np.isnan(t), t, limit))
    out_comp = np.where(frac, ">=", comparator).astype(object)
    return out_limit, out_comp


def compare(areas: pd.DataFrame, rulesets: list[Ruleset]) -> pd.DataFrame:
    """Evaluate every area of ``areas`` under every test of ``rulesets``.

    Parameters
    ----------
    areas : DataFrame
        One row per area (index: any unique label, e.g. ``cod_distrito``). ``cod_ibge`` (the
        origin municipality, for the region) or ``regiao``; the area's figures ``populacao``,
        ``eleitores``, ``edificacoes``, ``arrecadacao``, ``area_km2``, ``assinaturas``; the
        remainder's with prefix ``origem_``; each optionally with ``_basis`` (certified /
        measured / estimated; default certified) and ``_incerteza``; ``receita_estadual``
        (BRL). A missing column leaves its tests indeterminate.
    rulesets : list of Ruleset

    Returns
    -------
    DataFrame
        One row per (area, ruleset, test, subject), areas in their order then tests in
        :func:`tests_table` order: the :func:`tests_table` columns plus ``unidade`` (the
        area's label), regiao, valor, base, incerteza, limite, status, lean, margem,
        margem_pct and motivo; count limits (and their ``comparador``) are whole counts
        (:func:`whole_count_limits`) (Portuguese, for documentary tests and missing data; ``""``
        otherwise).

    Raises
    ------
    DataError
        If ``areas`` has neither ``regiao`` nor ``cod_ibge`` while a test has regional floors,
        or a region is not one of the five, or a basis is unknown.
    """
    tests = tests_table(rulesets)
    base = pd.DataFrame({"unidade": areas.index.to_numpy()})
    if "regiao" in areas.columns:
        base["regiao"] = areas["regiao"].to_numpy()
    elif "cod_ibge" in areas.columns:
        base["regiao"] = regions(areas["cod_ibge"]).to_numpy()
    else:
        base["regiao"] = np.nan
    regional = (tests["tipo_limite"] == "regional").any() if len(tests) else False
    bad = ~base["regiao"].isin(REGIONS)
    if regional and bad.any():
        raise DataError(f"esperada a grande região de cada área ({', '.join(REGIONS)}) para os "
                        f"pisos regionais; a área {quoted(base['unidade'][bad].iloc[0])} tem "
                        f"{quoted(base['regiao'][bad].iloc[0])}", column="regiao")
    long = base.merge(tests, how="cross")
    frame = areas.set_axis(base["unidade"].to_numpy(), axis=0)
    units = long["unidade"].to_numpy()
    prefix = long["sujeito"].map(PREFIX).to_numpy(dtype=object)
    col = prefix + long["medida"].to_numpy(dtype=object)
    value = pd.to_numeric(pd.Series(_lookup(frame, units, col, np.nan)), errors="coerce").to_numpy(float)
    basis = pd.Series(_lookup(frame, units, col + "_basis", Basis.PUBLISHED.value)).fillna(
        Basis.PUBLISHED.value).astype(str).to_numpy()
    unc = pd.to_numeric(pd.Series(_lookup(frame, units, col + "_incerteza", np.nan)),
                        errors="coerce").to_numpy(float)
    ref_name = long["referencia"].to_numpy(dtype=object)
    ref_col = np.where(np.isin(ref_name, list(SHARED_REFERENCES)), ref_name, prefix + ref_name)
    ref = pd.to_numeric(pd.Series(_lookup(frame, units, ref_col, np.nan)), errors="coerce").to_numpy(float)
    ref_basis = pd.Series(_lookup(frame, units, ref_col + "_basis", Basis.PUBLISHED.value)).fillna(
        Basis.PUBLISHED.value).astype(str).to_numpy()
    ridx = long["regiao"].map({r: i for i, r in enumerate(REGIONS)}).fillna(0).astype(int).to_numpy()
    by_region = long[[f"limite_{r}" for r in REGIONS]].to_numpy(float)
    regional_limit = np.take_along_axis(by_region, ridx[:, None], axis=1)[:, 0]
    kind = long["tipo_limite"].to_numpy()
    with np.errstate(invalid="ignore"):
        share_limit = ref * long["parcela_num"].to_numpy(float) / long["parcela_den"].to_numpy(float)
    limit = np.select([kind == "fixo", kind == "regional", kind == "parcela"],
                      [long["limite_fixo"].to_numpy(float), regional_limit, share_limit], np.nan)
    limit, comparators = whole_count_limits(limit, long["comparador"].to_numpy(dtype=object),
                                            long["unidade_medida"].isin(COUNT_UNITS).to_numpy())
    long["comparador"] = comparators
    status = np.full(len(long), Status.INDETERMINATE.value, dtype=object)
    lean = np.full(len(long), "", dtype=object)
    margin = np.full(len(long), np.nan)
    margin_pct = np.full(len(long), np.nan)
    for comparator in (">", ">="):
        m = (long["comparador"].to_numpy() == comparator) & (kind != "documental")
        if not m.any():
            continue
        try:
            d = decide(value[m], limit[m], comparator, basis[m], unc[m])
        except ValueError as e:
            raise DataError(str(e), column="_basis") from None
        status[m], lean[m], margin[m], margin_pct[m] = d["status"], d["lean"], d["margin"], d["margin_pct"]
    # A threshold computed from an estimate (a share of estimated electors) decides nothing.
    estimated_ref = (kind == "parcela") & (ref_basis == Basis.ESTIMATED.value) & ~np.isnan(limit)
    status[estimated_ref] = Status.INDETERMINATE.value
    lean[estimated_ref] = ""
    noun = long["medida"].map({k: v[1] for k, v in MEASURES.items()}).fillna("").to_numpy(dtype=object)
    who = long["sujeito"].map(SUBJECTS).to_numpy(dtype=object)
    ref_noun = pd.Series(ref_name).map(REFERENCES).fillna("").to_numpy(dtype=object)
    motivo = np.select(
        [kind == "documental", np.isnan(value), np.isnan(limit),
         (basis == Basis.ESTIMATED.value) & ~np.isnan(value), estimated_ref],
        ["Requisito documental, sem dado público que o decida: " + long["requisito"].to_numpy(dtype=object) + ".",
         "Sem valor de " + noun + " (" + who + ") nos dados.",
         "Sem " + ref_noun + " (" + who + ") para calcular o limite.",
         "Valor estimado: não decide o requisito.",
         "Limite calculado sobre " + ref_noun + " estimado: não decide o requisito."], "")
    long["valor"] = np.where(kind == "documental", np.nan, value)
    long["base"] = np.where(np.isnan(value) | (kind == "documental"), "", basis)
    long["incerteza"] = unc
    long["limite"] = limit
    long["status"] = status
    long["lean"] = lean
    long["margem"] = margin
    long["margem_pct"] = margin_pct
    long["motivo"] = motivo
    return long


def combined(long: pd.DataFrame) -> pd.DataFrame:
    """Each area's status under each ruleset: ``fail`` if any test fails, ``pass`` if every
    test passes, else ``indeterminate`` (the verdict rule of the studies).

    Returns
    -------
    DataFrame
        Index: the areas (``unidade``, in their order); columns: the ruleset ids (in their
        order); values: Status strings.
    """
    g = long.assign(_f=long["status"] == Status.FAIL.value, _p=long["status"] == Status.PASS.value)
    agg = g.groupby(["unidade", "regras"], sort=False).agg(f=("_f", "any"), p=("_p", "all"))
    st = np.where(agg["f"], Status.FAIL.value, np.where(agg["p"], Status.PASS.value,
                                                         Status.INDETERMINATE.value))
    out = pd.Series(st, index=agg.index).unstack("regras")
    order_u = pd.unique(long["unidade"])
    order_r = pd.unique(long["regras"])
    return out.reindex(index=order_u, columns=order_r)


def counts(long: pd.DataFrame) -> pd.DataFrame:
    """How many areas pass, fail or stay indeterminate under each ruleset (:func:`combined`).

    Returns
    -------
    DataFrame
        Index: ruleset ids; columns ``pass``, ``fail``, ``indeterminate`` (zero-filled ints).
    """
    c = combined(long)
    cols = [Status.PASS.value, Status.FAIL.value, Status.INDETERMINATE.value]
    return (c.apply(lambda s: s.value_counts()).T.reindex(columns=cols).fillna(0).astype(int)
            .reindex(c.columns))


def test_counts(long: pd.DataFrame) -> pd.DataFrame:
    """How many areas pass, fail or stay indeterminate in each (ruleset, test, subject).

    Returns
    -------
    DataFrame
        Columns regras, teste, titulo, sujeito, ``pass``, ``fail``, ``indeterminate``, in the
        tests' order.
    """
    keys = ["regras", "teste", "titulo", "sujeito"]
    t = (long.groupby(keys, sort=False)["status"].value_counts().unstack("status")
         .reindex(columns=[Status.PASS.value, Status.FAIL.value, Status.INDETERMINATE.value])
         .fillna(0).astype(int))
    return t.reset_index()


def changes(long: pd.DataFrame) -> pd.DataFrame:
    """Areas whose combined status differs between the rulesets (rows of :func:`combined`
    with more than one distinct status)."""
    c = combined(long)
    return c[c.nunique(axis=1) > 1]
