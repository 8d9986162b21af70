"""pt-BR numbers for any reader-facing text: :func:`fmt` (``3045`` → ``"3.045"``,
``2760601.8`` → ``"2.760.601,80"``), through Babel's pt_BR locale, so that the same figure is
written the same way by the candidate reader, the rules and the report.
"""

from __future__ import annotations

from babel.numbers import format_decimal


def fmt(x: float | int | None, digits: int = 2) -> str:
    """pt-BR number: ``3045`` → ``"3.045"``, ``2760601.8`` → ``"2.760.601,80"`` (money style)."""
    if x is None:
        return "—"
    if float(x).is_integer():
        text = format_decimal(int(x), locale="pt_BR")
    else:
        text = format_decimal(round(float(x), digits), format="#,##0." + "0" * digits, locale="pt_BR")
    return "\u2212" + text[1:] if text.startswith("-") else text  # minus sign, not a hyphen
