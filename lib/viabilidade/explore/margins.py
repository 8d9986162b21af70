"""How far each numeric rule is from changing status, as a table and one chart.

For a certified or measured value the status flips between ``pass`` and ``fail`` at the
threshold; the distance is stated in the rule's own unit, respecting the law's comparator
and, for counts, whole units: with population 3 045 and "mais de 3 000", losing 45
inhabitants makes the rule fail; with 200 buildings and "no mínimo 200", losing one does.
For an estimate the status stays ``indeterminate`` whatever the value; what can
change is the lean, at ``threshold ± uncertainty``, and that is the distance reported.

The rows come from every numeric :class:`~viabilidade.rules.result.RuleResult` (value and
threshold present) and from the numeric sub-checks of art. 4 § 1 (``details["subchecks"]``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from ..report.writers import format as fmt
from ..rules.result import Basis, Lean, RuleResult, Status

#: Units whose values are whole counts (a change of status needs a whole step).
COUNT_UNITS = frozenset({"habitantes", "eleitores", "edificações", "assinaturas", "votos"})
COLUMNS = ["rule_id", "subject", "status", "lean", "basis", "value", "threshold", "comparator",
           "unit", "uncertainty", "margin", "margin_pct", "change_to_flip", "texto", "precision"]


def _satisfies(value: float, threshold: float, comparator: str) -> bool:
    return value > threshold if comparator == ">" else value >= threshold


def change_to_flip(value: float, threshold: float, comparator: str, unit: str) -> float:
    """Smallest signed change of ``value`` that changes pass into fail or fail into pass.

    Parameters
    ----------
    value, threshold : float
    comparator : {">", ">="}
    unit : str
        Counts (:data:`COUNT_UNITS`) move in whole steps; other units (BRL, m) are continuous,
        and the change is then the distance to the threshold itself (reaching it is enough
        for ``>=``; for ``>`` any amount beyond it).

    Returns
    -------
    float
        Negative when the value must fall (it passes now), positive when it must rise.

    Raises
    ------
    ValueError
        If ``comparator`` is not ``">"`` or ``">="``.
    """
    if comparator not in (">", ">="):
        raise ValueError(f"comparator must be '>' or '>=', found {comparator!r}")
    whole = unit in COUNT_UNITS
    if _satisfies(value, threshold, comparator):
        if comparator == ">":  # fails at value <= threshold
            return (math.floor(threshold) if whole else threshold) - value
        return (math.ceil(threshold) - 1 if whole else threshold) - value  # fails below
    if comparator == ">":  # passes above threshold
        return (math.floor(threshold) + 1 if whole else threshold) - value
    return (math.ceil(threshold) if whole else threshold) - value


_SINGULAR = {"habitantes": "habitante", "eleitores": "eleitor", "edificações": "edificação",
             "assinaturas": "assinatura", "votos": "voto"}


def _unit_text(amount: float, unit: str, precision: float | None = None) -> str:
    if unit in _SINGULAR and round(abs(amount)) == 1:
        return f"1{fmt.NBSP}{_SINGULAR[unit]}"
    return fmt.quantity(abs(amount), unit, 0 if unit in COUNT_UNITS else None, precision, 0)


def margin_text(value: float, threshold: float, comparator: str, unit: str, basis: str | None,
                uncertainty: float | None, status: str | None = None,
                precision: float | None = None) -> str:
    """Portuguese sentence: where the value stands and what change would alter the result.

    ``(3045, 3000, ">", "habitantes", "published", None)`` ->
    ``"45 habitantes acima do limiar; deixa de cumprir com 45 habitantes a menos"``.
    ``precision``: the step of the value's data (:mod:`viabilidade.common.precision`), so a
    distance from point data reads ``"6.750 m (6,75 km) acima do limiar"`` for 6.753,88 m; a
    margin never rounds to zero or across it.
    A measured value whose rule is nevertheless ``indeterminate`` (art. 4 II decided only by a
    bound; art. 4 VI with evidence missing) gets no "change to flip": the value alone does not
    decide it.
    """
    margin = value - threshold
    where = ("exatamente no limiar" if margin == 0 else
             f"{_unit_text(margin, unit, precision)} {'acima' if margin > 0 else 'abaixo'} do "
             "limiar")
    if basis == Basis.ESTIMATED.value:
        if uncertainty is None:
            return f"{where}; estimativa sem incerteza declarada: o resultado fica indeterminado"
        u = float(uncertainty)
        if abs(margin) <= u:
            return (f"{where}; estimativa dentro da incerteza (± {_unit_text(u, unit)}): "
                    "sem tendência")
        likely_pass = _satisfies(value - u, threshold, comparator)
        lean = fmt.lean_label(Lean.LIKELY_PASS if likely_pass else Lean.LIKELY_FAIL)
        way = "a menos" if likely_pass else "a mais"
        return (f"{where}; estimativa com {lean} (incerteza ± {_unit_text(u, unit)}), "
                f"que se perde com {_unit_text(abs(margin) - u, unit)} {way}")
    if status == Status.INDETERMINATE.value:
        return (f"{where}; o valor não decide a regra (um limite ou outro requisito em aberto): "
                "veja o motivo na tabela de regras")
    delta = change_to_flip(value, threshold, comparator, unit)
    if _satisfies(value, threshold, comparator):
        return f"{where}; deixa de cumprir com {_unit_text(delta, unit, precision)} a menos"
    return f"{where}; passa a cumprir com {_unit_text(delta, unit, precision)} a mais"


def _row(rule_id: str, subject: str, status, lean, basis, value, threshold, comparator, unit,
         uncertainty, precision: float | None = None) -> dict | None:
    if value is None or threshold is None or comparator not in (">", ">=") or \
            str(status) == Status.NOT_APPLICABLE.value:
        return None
    value, threshold = float(value), float(threshold)
    basis = str(basis) if basis else None
    estimated = basis == Basis.ESTIMATED.value
    undecided = estimated or str(status) == Status.INDETERMINATE.value
    return {
        "rule_id": rule_id, "subject": subject, "status": str(status), "lean": str(lean or ""),
        "basis": basis or "", "value": value, "threshold": threshold, "comparator": comparator,
        "unit": unit, "uncertainty": float(uncertainty) if uncertainty else None,
        "margin": value - threshold,
        "margin_pct": 100.0 * (value - threshold) / threshold if threshold else float("nan"),
        "change_to_flip": None if undecided else change_to_flip(value, threshold, comparator, unit),
        "texto": margin_text(value, threshold, comparator, unit, basis, uncertainty, str(status),
                             precision),
        "precision": precision,
    }


#: Art. 4 item -> UnitProfile attribute, to find a remainder's uncertainty for § 1 sub-checks.
_ITEM_FIGURE = {"IV": "population", "V": "electors", "VI": "buildings", "VII": "collection"}


def _remainder_uncertainty(profile, code, item: str) -> float | None:
    unit = None if profile is None else profile.remainders.get(code)
    fig = None if unit is None else getattr(unit, _ITEM_FIGURE.get(item, ""), None)
    return None if fig is None else fig.uncertainty


def margins(results: Sequence[RuleResult], profile=None) -> pd.DataFrame:
    """One row per numeric requirement: value, threshold, margin and the change that flips it.

    Parameters
    ----------
    results : sequence of RuleResult
        All results of an analysis (non-numeric and not-applicable results are skipped).
        Art. 4 § 1 results contribute one row per numeric sub-check (IV, V, VI, VII of the
        remainder), with ``rule_id`` ``"art4.par1/IV"`` etc.
    profile : Profile, optional
        The analysis' profile: gives the remainders' uncertainties, which the § 1 sub-checks
        do not carry.

    Returns
    -------
    DataFrame
        Columns :data:`COLUMNS`: ``margin`` = value − threshold in ``unit``; ``margin_pct`` =
        100 × margin / threshold; ``change_to_flip`` = signed change that changes the status
        (``None`` for estimates and other undecided rules, whose status the value alone cannot
        change); ``texto`` = Portuguese sentence.
    """
    rows = []
    for r in results:
        subs = r.details.get("subchecks") if isinstance(r.details, dict) else None
        if r.rule_id == "art4.par1" and isinstance(subs, dict):
            for item, s in subs.items():
                rows.append(_row(f"art4.par1/{item}", r.subject, s.get("status"), s.get("lean"),
                                 s.get("base"), s.get("valor"), s.get("limite"),
                                 s.get("comparador"), s.get("unidade", ""),
                                 s.get("incerteza") or _remainder_uncertainty(
                                     profile, r.details.get("cod_ibge"), item)))
            continue
        unc = r.details.get("incerteza") if isinstance(r.details, dict) else None
        step = r.details.get("precisao") if isinstance(r.details, dict) else None
        rows.append(_row(r.rule_id, r.subject, r.status, r.lean, r.basis, r.value, r.threshold,
                         r.comparator, r.unit, unc, step))
    return pd.DataFrame([x for x in rows if x is not None], columns=COLUMNS)


def margins_chart(table: pd.DataFrame, *, cap_pct: float = 100.0):
    """One horizontal bar per requirement: margin as % of the threshold, coloured by status.

    Parameters
    ----------
    table : DataFrame
        From :func:`margins`.
    cap_pct : float
        Bars are clipped at ± this percentage for display, error bars at ± 1,5 times it; the
        true figure is printed.

    Returns
    -------
    matplotlib.figure.Figure
        Zero is the threshold; bars right of it satisfy the requirement. Estimates are hatched
        with the uncertainty as an error bar. Requirements are named in legal style on the
        left (:func:`~.views.rule_label`); the margin in the rule's unit and in % is printed in
        a column right of the plot, so it never overlaps a bar or an error bar, and the
        horizontal axis spans every bar and error bar. Empty table: a figure saying there is
        nothing to show.
    """
    from matplotlib.figure import Figure
    from matplotlib.transforms import blended_transform_factory

    from ..report.charts import COLOURS
    from .views import rule_label

    n = max(len(table), 1)
    fig = Figure(figsize=(10.0, 0.5 * n + 1.3))
    ax = fig.add_subplot()
    if table.empty:
        ax.text(0.5, 0.5, "Nenhum requisito numérico neste cenário.", ha="center", va="center")
        ax.set_axis_off()
        return fig
    labels, lo, hi = [], -cap_pct, cap_pct
    column = blended_transform_factory(ax.transAxes, ax.transData)
    for i, row in enumerate(table.itertuples(index=False)):
        pct = row.margin_pct if row.margin_pct == row.margin_pct else 0.0
        shown = max(-cap_pct, min(cap_pct, pct))
        colour = COLOURS[Status(row.status)]
        estimated = row.basis == Basis.ESTIMATED.value
        ax.barh(i, shown, color="white" if estimated else colour, edgecolor=colour,
                hatch="///" if estimated else None, height=0.6)
        if estimated and row.uncertainty and row.threshold:
            err = 100.0 * row.uncertainty / row.threshold
            left, right = min(err, shown + 1.5 * cap_pct), min(err, 1.5 * cap_pct - shown)
            ax.errorbar(shown, i, xerr=[[left], [right]], color="#333333", capsize=3, linewidth=1)
            lo, hi = min(lo, shown - left), max(hi, shown + right)
        sign = "+" if row.margin > 0 else ""
        step = getattr(row, "precision", None)
        step = None if step is None or step != step else step
        ax.text(1.02, i, f"{sign}{fmt.quantity(row.margin, row.unit, None, step, 0)} "
                         f"({sign}{fmt.number(pct, 1)} %)",
                transform=column, va="center", ha="left", fontsize=8)
        subject = "" if row.subject == "área" else f"\n{row.subject}"
        labels.append(f"{rule_label(row.rule_id)}{subject}")
    ax.axvline(0, color="#1a1a1a", linewidth=1)
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    pad = 0.06 * (hi - lo)
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_xlabel(f"margem em relação ao limiar (% do limiar; 0 = exatamente no limiar; barras cortadas "
                  f"em ±{fmt.number(cap_pct)} %, o valor exato está à direita)", fontsize=8)
    ax.set_title("Distância de cada requisito numérico até mudar de resultado", fontsize=10)
    height = fig.get_figheight()
    fig.subplots_adjust(left=0.30, right=0.72, top=1 - 0.45 / height, bottom=0.75 / height)
    return fig
