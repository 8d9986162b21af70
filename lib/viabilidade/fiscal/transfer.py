"""The FPM effects of a transfer of area (art. 5º of LC 02/1990) on both municipalities.

The area's population leaves the origin and joins the receiving municipality: each may change
its FPM-Interior bracket (CTN art. 91, § 2º; Decreto-Lei nº 1.881/1981), and with them the sum
of the coefficients of Goiás that divides the state's pool among every interior municipality.
No municipality is created or extinguished, so the ICMS equal parts (LC estadual nº 177/2022,
art. 2º, II) do not change; the value-added part follows the establishments of the area in the
indices the SEFAZ-GO computes after the transfer.

Amounts are yearly, in reais, estimated on what one coefficient point was worth in the last
complete year of the Tesouro's series (:func:`viabilidade.fiscal.economy.point_value`), over
the TCU's sum before the transfer and over that sum changed by the transfer after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import fpm, paid
from .economy import Coefficient, _coef, paid_coefficients, paid_differences, point_value, pool


@dataclass(frozen=True)
class Side:
    """One municipality of the transfer, before and after.

    Attributes
    ----------
    role : {"origem", "destino"}
    before, after : Coefficient
        Population, bracket and coefficient before and after; ``share`` over the sum before and
        the sum after.
    amount_before, amount_after : float or None
        The FPM a year, gross, R$ (estimated on :attr:`TransferEconomy.point`); ``None``
        without the Tesouro's tables or a population.
    paid : (float, str) or None
        The coefficient the Tesouro paid and its month, when it differs from the bracket's
        (:func:`viabilidade.fiscal.paid.paid_coefficients`).
    """

    role: str
    before: Coefficient
    after: Coefficient
    amount_before: float | None = None
    amount_after: float | None = None
    paid: tuple[float, str] | None = None

    @cached_property  # frozen: cached_property writes the instance's __dict__, not a field
    def coefficients_after(self) -> tuple[float, ...]:
        """The coefficients the population after can have within its uncertainty (an estimate
        of part of a district, ``± u``): one value when the interval stays in one bracket, two
        or more when it crosses a bracket's limit (the study then decides neither)."""
        return coefficients_within(self.after.population)

    @property
    def change(self) -> float | None:
        """``amount_after - amount_before``, R$ a year (negative: a loss)."""
        if self.amount_before is None or self.amount_after is None:
            return None
        return self.amount_after - self.amount_before


@dataclass(frozen=True)
class TransferEconomy:
    """The FPM of a transfer.

    Attributes
    ----------
    origin, destination : Side
    total, total_after : float or None
        The sum of the coefficients of Goiás before (TCU) and after the transfer.
    delta : float or None
        ``total_after - total``: the two municipalities' changes of coefficient.
    others_loss : float or None
        Fraction of its quota every other interior municipality loses (negative: gains),
        :func:`viabilidade.fiscal.fpm.dilution`; 0 when no bracket changes.
    point : PointValue or None
        One coefficient point's year in reais.
    pool_source : str
        The TCU decision the sum comes from.
    """

    origin: Side
    destination: Side
    total: float | None
    total_after: float | None
    delta: float | None
    others_loss: float | None
    point: paid.PointValue | None
    pool_source: str = ""


def coefficients_within(population) -> tuple[float, ...]:
    """The bracket coefficients of a population figure over its uncertainty interval
    (``value ± uncertainty``, at least 0), lowest first; ``()`` without a value."""
    if population is None or population.value is None:
        return ()
    u = population.uncertainty or 0.0
    lo, hi = max(0, int(round(population.value - u))), int(round(population.value + u))
    return tuple(sorted({fpm.coefficient(lo), fpm.coefficient(int(round(population.value))),
                         fpm.coefficient(hi)}))


def _side(role, code, before_unit, after_unit, total, total_after, point, paid_table) -> Side:
    before = _coef(before_unit.label, code, before_unit.population, total)
    after = _coef(after_unit.label, code, after_unit.population, total_after)
    amounts = (None, None)
    if point is not None and total_after and None not in (before.coefficient, after.coefficient):
        amounts = (point.amount(before.coefficient, total),
                   point.amount(after.coefficient, total_after))
    was_paid = None
    if before.coefficient is not None:
        was_paid = paid_differences(paid_table, [(code, before.coefficient)]).get(code)
    return Side(role, before, after, *amounts, was_paid)


def transfer_economy(analysis, store) -> TransferEconomy | None:
    """The FPM of both municipalities of a transfer, before and after.

    Parameters
    ----------
    analysis : Analysis
        A transfer's (its profile has ``destination`` and ``destination_after``; the origin's
        remainder is the origin after).
    store : Store or None
        The TCU pool (``fpm_interior``) and the Tesouro's tables (``fpm_monthly``,
        ``fpm_credits``) for the reais.

    Returns
    -------
    TransferEconomy or None
        ``None`` for an analysis without a receiving municipality.
    """
    c, p = analysis.candidate, analysis.profile
    if p.destination is None or p.destination_after is None or not c.origins:
        return None
    code = c.origins[0]
    origin, rest = p.origins.get(code), p.remainders.get(code)
    if origin is None or rest is None:
        return None
    pl = pool(store)
    total = pl.total if pl else None
    coefs = [None if u.population is None or u.population.value is None
             else fpm.coefficient(int(round(u.population.value)))
             for u in (origin, rest, p.destination, p.destination_after)]
    delta = None if None in coefs else (coefs[1] - coefs[0]) + (coefs[3] - coefs[2])
    total_after = total + delta if total is not None and delta is not None else None
    paid_table = paid_coefficients(store)
    point = point_value(store, total, paid_table) if total else None
    origin_side = _side("origem", code, origin, rest, total, total_after, point, paid_table)
    destination_side = _side("destino", c.destination, p.destination, p.destination_after, total,
                             total_after, point, paid_table)
    others = fpm.dilution(total, delta) if total_after else None
    return TransferEconomy(origin_side, destination_side, total, total_after, delta, others,
                           point, pl.source if pl else "")
