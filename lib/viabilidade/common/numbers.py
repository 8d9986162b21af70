"""pt-BR numbers for any reader-facing text, through Babel's pt_BR locale (CLDR; nothing
depends on the machine's locale): :func:`decimal` (thousands dots, decimal comma, a chosen
number of decimals) and :func:`fmt` (a whole number without decimals, any other with a fixed
number: ``3045`` → ``"3.045"``, ``2760601.8`` → ``"2.760.601,80"``). The report's
:func:`viabilidade.report.writers.format.number`, the rules' :func:`viabilidade.rules.common.fmt`
and ``pct``, the memorial's ``fmt_num`` and the messages of the data, settings and geometry
checks all write their numbers with :func:`decimal`, so that one figure reads the same
everywhere.
"""

from __future__ import annotations

from functools import lru_cache

from babel.numbers import parse_pattern

from .precision import AREA_KM2, rounded

LOCALE = "pt_BR"
#: The typographic minus sign (U+2212) a document prints before a negative number.
MINUS = "\u2212"


def decimal(value: float | int, least: int = 0, most: int | None = None, *,
            minus: str = MINUS) -> str:
    """``value`` with thousands dots and at least ``least``, at most ``most`` (default:
    ``least``) decimals, rounded by Babel: ``decimal(3010)`` → ``"3.010"``,
    ``decimal(1.5, 2)`` → ``"1,50"``, ``decimal(1.5, 0, 2)`` → ``"1,5"``,
    ``decimal(0.25, 1, 4)`` → ``"0,25"``.

    Parameters
    ----------
    value : float or int
        The number (NaN and infinities are written as Babel writes them).
    least, most : int
        Decimals always written, and at most written (trailing zeros beyond ``least`` dropped).
    minus : str
        The sign written before a negative number: :data:`MINUS` in documents, ``"-"`` where a
        message has always written a hyphen.

    Returns
    -------
    str
    """
    if _beyond_babel(value):
        return scientific(value, minus=minus)
    most = least if most is None else most
    pattern = "#,##0" + ("." + "0" * least + "#" * (most - least) if most > 0 else "")
    text = _pattern(pattern).apply(value, _locale())   # what babel's format_decimal does
    return minus + text[1:] if text.startswith("-") else text


#: From this magnitude on, :func:`decimal` writes :func:`scientific`: Babel rounds through a
#: 28-digit ``decimal`` context and raises ``InvalidOperation`` on an integer of 29 digits
#: or a float of 10²⁶ with decimals (issue 32, M12: a traceback).
SCIENTIFIC_FROM = 10 ** 24


def _beyond_babel(value) -> bool:
    try:
        return abs(value) >= SCIENTIFIC_FROM and abs(value) != float("inf")
    except TypeError:
        return False


def scientific(value: float | int, *, minus: str = MINUS) -> str:
    """``value`` as ``1,0 × 10^29``: one decimal of mantissa, for a number too large to be
    written in full (an integer of any size, never converted to a float that would overflow).
    """
    negative = value < 0
    if isinstance(value, int):
        digits = str(abs(value))
        head = round(int(digits[:3]) / 10) if len(digits) >= 3 else int(digits) * 10
        exponent = len(digits) - 1
        if head >= 100:  # 9,96… rounds up to 10,0
            head, exponent = head // 10, exponent + 1
        mantissa = f"{head // 10},{head % 10}"
    else:
        mantissa, _, exp = f"{abs(float(value)):.1e}".partition("e")
        mantissa, exponent = mantissa.replace(".", ","), int(exp)
    return f"{minus if negative else ''}{mantissa} × 10^{exponent}"


@lru_cache(maxsize=None)
def _pattern(pattern: str):
    """Babel's parsed number pattern, parsed once (a study writes ~700 numbers with a dozen
    patterns; parsing each time was half of the formatting's cost)."""
    return parse_pattern(pattern)


@lru_cache(maxsize=1)
def _locale():
    from babel import Locale

    return Locale.parse(LOCALE)


def km2(x: float, pivot: float | None = None, *, minus: str = MINUS) -> str:
    """A measured area to 0,01 km² (:data:`viabilidade.common.precision.AREA_KM2`), never
    printed across ``pivot`` (a tolerance, or 0: a strip of 0,003 km² reads ``"0,003 km²"``,
    not ``"0,00 km²"``; :func:`viabilidade.common.precision.rounded`): ``0.05078`` →
    ``"0,05 km²"``, ``0`` → ``"0,00 km²"``.

    Source: legal review 3, finding 4 (areas to 0,01 km²; the boundary correction printed
    ``"0,0508 km²"``)."""
    value, decimals = rounded(float(x), AREA_KM2, pivot)
    return f"{decimal(value, decimals or 0, minus=minus)}\u00a0km²"


def fmt(x: float | int | None, digits: int = 2) -> str:
    """pt-BR number: ``3045`` → ``"3.045"``, ``2760601.8`` → ``"2.760.601,80"`` (money style):
    a whole number without decimals, any other rounded to ``digits`` decimals; ``None`` → ``"—"``."""
    if x is None:
        return "—"
    if isinstance(x, int):  # any size: never through a float, which overflows past 10³⁰⁸
        return decimal(int(x))
    if float(x).is_integer():
        return decimal(int(x))
    return decimal(round(float(x), digits), digits)
