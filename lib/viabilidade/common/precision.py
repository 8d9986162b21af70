"""Printed precision of measured figures: a figure is printed no finer than its data.

A distance measured from point data (a municipal seat, a vila, a proposed seat: IBGE gives
their coordinates to about 10 m, and a point stands for a whole town) is printed to the
10 m; a distance between polygons (an urban perimeter and the area's border) to the metre;
an area to 0,01 km² (issue 22, part 6). The rules decide on the unrounded value and
``resultados.json`` keeps it, with the step as ``precisao`` (in the figure's unit).

Rounding must never print a value on the other side of a threshold than the value itself
(5.996 m against "no mínimo 6.000 m" must not read "6.000 m"): :func:`rounded` refines the
step tenfold until the printed value keeps its side of the ``pivot`` (the threshold; 0 for a
margin), equality included.

Source: issue 22 (precision that matches the data); IBGE Localidades (coordinates to four
decimals of a degree, about 11 m).
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

#: Step of a distance with a point at either end (seats, vilas, a proposed seat), in metres.
POINT_M = 10.0
#: Step of a distance between polygons (urban perimeter, boundaries), in metres.
POLYGON_M = 1.0
#: Step of an area, in km².
AREA_KM2 = 0.01


def _decimals(step: float) -> int:
    """Decimals needed to print multiples of ``step``: 10 -> 0, 1 -> 0, 0,01 -> 2."""
    return max(0, -math.floor(math.log10(step) + 1e-9))


def _round(value: float, step: float) -> float:
    """``value`` to the nearest multiple of ``step``, halves away from zero (12.755 -> 12.760).

    The float's exact binary value is rounded, not its shortest decimal text, so a figure
    stored at more decimals than it is printed with is not rounded twice (46,595 km², stored
    for 46,59497…, prints 46,59 like the memorial, not 46,60)."""
    q = (Decimal(float(value)) / Decimal(repr(step))).quantize(Decimal(1), ROUND_HALF_UP)
    return float(q * Decimal(repr(step)))


def _side(x: float, pivot: float) -> int:
    return (x > pivot) - (x < pivot)


def rounded(value: float, step: float | None, pivot: float | None = None) -> tuple[float, int | None]:
    """A value as printed at the step of its data, never across ``pivot``.

    Parameters
    ----------
    value : float
        The unrounded value (metres, km²).
    step : float or None
        :data:`POINT_M`, :data:`POLYGON_M`, :data:`AREA_KM2`; ``None``: no rounding (the
        value as given, e.g. a certificate), decimals left to the printer.
    pivot : float, optional
        A threshold (or 0 for a margin): the printed value keeps the value's side of it —
        above, below, or exactly on it — the step being divided by 10 as often as needed.

    Returns
    -------
    (float, int or None)
        The rounded value and the decimals to print it with (``None`` when ``step`` is
        ``None``). ``rounded(12753.88, 10)`` -> ``(12750.0, 0)``;
        ``rounded(5996, 10, pivot=6000)`` -> ``(5996.0, 0)`` (6.000 would read as meeting
        "no mínimo 6.000 m"); ``rounded(5999.96, 10, pivot=6000)`` -> ``(5999.96, 2)``.
    """
    if step is None or value is None or (isinstance(value, float) and math.isnan(value)):
        return value, None
    for _ in range(12):
        r = _round(value, step)
        if pivot is None or _side(r, pivot) == _side(value, pivot):
            return r, _decimals(step)
        step /= 10
    return float(value), None
