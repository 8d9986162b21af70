"""Art. 4 III: the origin's remainder keeps its territorial continuity (docs/LEITURAS.md I-5).

A territory is continuous when its polygonal parts, after dropping parts smaller than the
sliver tolerance (default 0.01 km², reading I-5: an overlay of a drawn area on the mesh leaves
slivers along the limits it follows), form one piece. Two parts that touch only at a
point are two pieces (a unary union never merges them) and the contact is reported.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError
from .measure import geodesic_area_km2

#: docs/LEITURAS.md I-5 default: parts of a remainder below this area are ignored, km².
DEFAULT_SLIVER_KM2 = 0.01


@dataclass(frozen=True)
class Continuity:
    """Connected pieces of a territory.

    Attributes
    ----------
    parts : int
        Pieces at or above the sliver tolerance (0 for an empty territory).
    point_touch : bool
        Whether some of those pieces touch each other only at single points.
    part_areas_km2 : tuple of float
        Geodesic area of each kept piece, largest first.
    ignored_parts : int
        Pieces dropped as slivers.
    ignored_km2 : float
        Their total area.
    """

    parts: int
    point_touch: bool
    part_areas_km2: tuple[float, ...]
    ignored_parts: int
    ignored_km2: float


def continuity(geom: BaseGeometry | None, *,
               sliver_tolerance_km2: float = DEFAULT_SLIVER_KM2) -> Continuity:
    """Count the connected pieces of a lon/lat (EPSG:4674) polygonal territory.

    Parameters
    ----------
    geom : Polygon, MultiPolygon or None
        The territory; other geometry kinds inside a collection are ignored.
    sliver_tolerance_km2 : float
        Pieces with a geodesic area below this (km²) are ignored (docs/LEITURAS.md I-5).

    Returns
    -------
    Continuity

    Raises
    ------
    GeoError
        If ``sliver_tolerance_km2`` is negative or not finite.
    """
    if not np.isfinite(sliver_tolerance_km2) or sliver_tolerance_km2 < 0:
        raise GeoError(f"sliver_tolerance_km2: encontrado {sliver_tolerance_km2!r}; esperado "
                       "um número finito >= 0")
    if geom is None or geom.is_empty:
        return Continuity(0, False, (), 0, 0.0)
    merged = shapely.union_all([p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"])
    pieces = [p for p in shapely.get_parts(merged) if p.geom_type == "Polygon"]
    areas = [geodesic_area_km2(p) for p in pieces]
    kept = [(a, p) for a, p in zip(areas, pieces) if a >= sliver_tolerance_km2]
    dropped = [a for a in areas if a < sliver_tolerance_km2]
    kept.sort(key=lambda t: -t[0])
    polys = [p for _, p in kept]
    touch = False
    if len(polys) > 1:
        tree = shapely.STRtree(polys)
        left, right = tree.query(polys, predicate="intersects")
        touch = bool(np.any(left < right))
    return Continuity(parts=len(polys), point_touch=touch,
                      part_areas_km2=tuple(a for a, _ in kept),
                      ignored_parts=len(dropped), ignored_km2=float(sum(dropped)))


def remainders_continuity(remainders, *, sliver_tolerance_km2: float = DEFAULT_SLIVER_KM2
                          ) -> tuple[dict[str, int], dict[str, bool], dict[str, dict]]:
    """:func:`continuity` of each origin's remainder, as the rules of art. 4 III read it.

    Parameters
    ----------
    remainders : iterable of (str, Polygon, MultiPolygon or None)
        ``(cod_ibge, remainder)`` by origin, in the order the results keep.
    sliver_tolerance_km2 : float
        Pieces below this are ignored (km², docs/LEITURAS.md I-5).

    Returns
    -------
    parts, touch, pieces : dict
        By origin code: the pieces kept, whether two touch at a point only, and
        ``{"kept_km2": [km², ...], "ignored_parts": int, "ignored_km2": km²}``.

    Raises
    ------
    GeoError
        As :func:`continuity`.
    """
    parts, touch, pieces = {}, {}, {}
    for code, geom in remainders:
        c = continuity(geom, sliver_tolerance_km2=sliver_tolerance_km2)
        parts[code], touch[code] = c.parts, c.point_touch
        pieces[code] = {"kept_km2": list(c.part_areas_km2), "ignored_parts": c.ignored_parts,
                        "ignored_km2": c.ignored_km2}
    return parts, touch, pieces
