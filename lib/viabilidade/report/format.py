"""Brazilian Portuguese formatting of numbers, money, percentages, dates and rule labels.

Every number a study prints goes through this module, so that ``3010`` always reads
``3.010``, money ``R$ 2.760.601,80`` and dates ``1º de janeiro de 2029``. Formatting is
done with Babel's ``pt_BR`` locale data (CLDR); nothing here depends on the machine's locale.
"""

from __future__ import annotations

import datetime as dt
import math

from babel.dates import format_date
from babel.numbers import format_currency, format_decimal

from ..rules.result import Basis, Lean, Status, Verdict

LOCALE = "pt_BR"
NBSP = "\u00a0"

STATUS_LABELS = {
    Status.PASS: "cumprido",
    Status.FAIL: "não cumprido",
    Status.INDETERMINATE: "indeterminado",
    Status.NOT_APPLICABLE: "não se aplica",
}
LEAN_LABELS = {
    Lean.LIKELY_PASS: "provavelmente cumprido",
    Lean.LIKELY_FAIL: "provavelmente não cumprido",
}
BASIS_LABELS = {
    Basis.CERTIFIED: "certificado",
    Basis.MEASURED: "medido",
    Basis.ESTIMATED: "estimado",
}
VERDICT_LABELS = {
    Verdict.VIAVEL: "viável",
    Verdict.INVIAVEL: "inviável",
    Verdict.INDETERMINADO: "indeterminado",
}
COMPARATOR_LABELS = {
    ">": "mais de",
    ">=": "no mínimo",
    "<": "menos de",
    "<=": "no máximo",
    "==": "igual a",
    "!=": "diferente de",
}
#: Units as printed after a number (money is handled by :func:`money`).
UNIT_LABELS = {
    "habitantes": "habitantes",
    "eleitores": "eleitores",
    "edificações": "edificações",
    "assinaturas": "assinaturas",
    "votos": "votos",
    "m": "m",
    "km²": "km²",
    "%": "%",
}


def number(value: float | int | None, decimals: int | None = None) -> str:
    """Format a number the Brazilian way: ``3010`` -> ``"3.010"``, ``1.5`` -> ``"1,5"``.

    Parameters
    ----------
    value : float, int or None
        The number. ``None`` and NaN give ``"—"`` (an em dash: no figure).
    decimals : int, optional
        Fixed number of decimals; by default whole numbers print without decimals and
        others with up to two.

    Returns
    -------
    str
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if decimals is None:
        if float(value).is_integer():
            return format_decimal(int(round(value)), format="#,##0", locale=LOCALE)
        return format_decimal(value, format="#,##0.##", locale=LOCALE)
    fmt = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return format_decimal(value, format=fmt, locale=LOCALE)


def money(value: float | None, year: int | str | None = None) -> str:
    """Format an amount in reais: ``2760601.8`` -> ``"R$ 2.760.601,80"`` (non-breaking space).

    Parameters
    ----------
    value : float or None
        Amount in BRL; ``None`` gives ``"—"``.
    year : int or str, optional
        Year of the money (nominal BRL of that year), appended as ``"(2022)"``.
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    text = format_currency(value, "BRL", locale=LOCALE)
    return f"{text} ({year})" if year is not None else text


def percent(value: float | None, decimals: int = 2) -> str:
    """Format a percentage already multiplied by 100: ``1.5`` -> ``"1,50 %"``.

    ``None`` gives ``"—"``. The sign is kept (``-12,30 %``); a non-breaking space
    separates the number from ``%`` as in ABNT usage.
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{number(value, decimals)}{NBSP}%"


def _ordinal_day(day: int) -> str:
    return "1º" if day == 1 else str(day)


def date_long(value: dt.date | None) -> str:
    """Long date in Portuguese: ``2029-01-01`` -> ``"1º de janeiro de 2029"``.

    The first day of a month is written as an ordinal (``1º``), as Brazilian legal texts do.
    ``None`` gives ``"—"``.
    """
    if value is None:
        return "—"
    month_year = format_date(value, "MMMM 'de' y", locale=LOCALE)
    return f"{_ordinal_day(value.day)} de {month_year}"


def date_short(value: dt.date | None) -> str:
    """Short date: ``2029-01-01`` -> ``"01/01/2029"``; ``None`` gives ``"—"``."""
    if value is None:
        return "—"
    return format_date(value, "dd/MM/yyyy", locale=LOCALE)


def status_label(status: Status | str, lean: Lean | str | None = None) -> str:
    """Portuguese label of a rule status, with its lean when indeterminate.

    ``("indeterminate", "likely pass")`` -> ``"indeterminado (provavelmente cumprido)"``.

    Raises
    ------
    ValueError
        If ``status`` or ``lean`` is not one of the enum values.
    """
    label = STATUS_LABELS[Status(status)]
    if lean is not None and Status(status) == Status.INDETERMINATE:
        label = f"{label} ({LEAN_LABELS[Lean(lean)]})"
    return label


def lean_label(lean: Lean | str | None) -> str:
    """Portuguese label of a lean; ``None`` gives ``""``."""
    return "" if lean is None else LEAN_LABELS[Lean(lean)]


def basis_label(basis: Basis | str | None) -> str:
    """Portuguese label of a basis (``"certificado"``, ``"medido"``, ``"estimado"``)."""
    return "—" if basis is None else BASIS_LABELS[Basis(basis)]


def verdict_label(verdict: Verdict | str) -> str:
    """Portuguese label of a verdict (``"viável"``, ``"inviável"``, ``"indeterminado"``)."""
    return VERDICT_LABELS[Verdict(verdict)]


def comparator_label(comparator: str | None) -> str:
    """Words for a comparator: ``">"`` -> ``"mais de"``, ``">="`` -> ``"no mínimo"``."""
    if comparator is None:
        return "—"
    return COMPARATOR_LABELS.get(comparator, comparator)


def quantity(value: float | int | None, unit: str = "", decimals: int | None = None) -> str:
    """A value with its unit: ``(3045, "habitantes")`` -> ``"3.045 habitantes"``.

    Money (``unit == "BRL"``) is formatted by :func:`money`; ``"%"`` by :func:`percent`;
    a year (``unit == "ano"``) prints bare (``2027``);
    metres of 1 000 or more are also shown in km (``"5.230 m (5,23 km)"``).
    """
    if value is None:
        return "—"
    if unit == "BRL":
        return money(value)
    if unit == "%":
        return percent(value, 2 if decimals is None else decimals)
    if unit == "ano":
        return str(int(value))
    text = number(value, decimals)
    if unit == "m" and abs(value) >= 1000:
        return f"{text}{NBSP}m ({number(value / 1000, 2)}{NBSP}km)"
    label = UNIT_LABELS.get(unit, unit)
    return f"{text}{NBSP}{label}" if label else text
