"""Numbers typed the Brazilian way in the explorer: ``"3.010"``, ``"2.760.601,80"``, ``"0,0001"``.

A :class:`NumberText` is an ipywidgets ``Text`` box whose text is read with Babel's pt-BR
parser (dot groups thousands, comma marks decimals) and written back with
:func:`viabilidade.report.writers.format.number`. A text that is not a pt-BR number is not guessed:
:func:`parse_number` raises :class:`ValueError` with a Portuguese sentence the explorer shows
next to the control's name.
"""

from __future__ import annotations

import math

import ipywidgets as W
from babel.numbers import NumberFormatError, format_decimal, parse_decimal

from ..common.text import digit_problem
from ..report.writers.format import LOCALE


def parse_number(text: str, *, integer: bool = False) -> float | int:
    """Read a number written in pt-BR.

    Parameters
    ----------
    text : str
        ``"3.010"``, ``"3010"``, ``"2.760.601,80"``, ``"1,5"`` (spaces around are ignored).
    integer : bool
        Require a whole number (counts, metres).

    Returns
    -------
    int or float
        ``int`` when ``integer`` is true.

    Raises
    ------
    ValueError
        Portuguese message: empty text, a digit that is not 0–9
        (:func:`~viabilidade.common.text.digit_problem`: Babel's parser, through ``Decimal``,
        read ``"٣٠١٠"`` as 3.010), not a number (``"1.5"`` — a dot groups thousands), a
        decimal where a whole number is expected, or a negative number.
    """
    t = (text or "").strip().replace("\u00a0", "").replace("\u2212", "-")
    if not t:
        raise ValueError("vazio; esperado um número (por exemplo 3.010 ou 2.760.601,80)")
    if digit_problem(t):
        raise ValueError(f"“{t}”: {digit_problem(t)}")
    try:
        value = parse_decimal(t, locale=LOCALE, strict=True)
    except NumberFormatError:
        hint = (" — o ponto separa milhares e a vírgula, decimais (1,5; 3.010)"
                if "." in t else "")
        raise ValueError(f"“{t}” não é um número no formato brasileiro{hint}") from None
    if value < 0:
        raise ValueError(f"“{t}” é negativo; esperado um número maior ou igual a zero")
    if integer:
        if value != value.to_integral_value():
            raise ValueError(f"“{t}” tem casas decimais; esperado um número inteiro")
        return int(value)
    return float(value)


def number_text(value: float | int | None, *, integer: bool = False) -> str:
    """A number as a pt-BR text box shows it: ``3010`` -> ``"3.010"``, ``0.0001`` -> ``"0,0001"``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if integer:
        return format_decimal(int(round(value)), format="#,##0", locale=LOCALE)
    return format_decimal(value, format="#,##0.##########", locale=LOCALE)


class NumberText(W.Text):
    """A text box for one number in pt-BR notation.

    Parameters
    ----------
    number : float or int, optional
        Initial value.
    integer : bool
        Whole numbers only.
    **kwargs
        Passed to :class:`ipywidgets.Text` (``description``, ``style``, ``layout`` …).

    Notes
    -----
    ``value`` is the text (what the browser shows and the user types); :attr:`number` reads
    it (raising :class:`ValueError` with a Portuguese message when it is not a number) and,
    when set, writes the pt-BR text. ``continuous_update`` is off: the text is read when the
    user presses Enter or leaves the box.
    """

    def __init__(self, number: float | int | None = None, *, integer: bool = False, **kwargs):
        kwargs.setdefault("continuous_update", False)
        super().__init__(value=number_text(number, integer=integer), **kwargs)
        self.integer = integer

    @property
    def number(self) -> float | int:
        """The number in the box (:func:`parse_number`)."""
        return parse_number(self.value, integer=self.integer)

    @number.setter
    def number(self, value: float | int | None) -> None:
        self.value = number_text(value, integer=self.integer)
