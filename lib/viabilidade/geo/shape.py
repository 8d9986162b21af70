"""Art. 3: a reasonably harmonious shape — compactness metrics and the narrowest neck.

All metrics are computed on SIRGAS 2000 / UTM of the geometry's zone (metres):

* Polsby–Popper ``4πA / P²`` (1 for a disc);
* convex-hull ratio ``A / A(convex hull)``;
* Reock ``A / A(minimum bounding circle)``;
* narrowest neck: the width ``2d`` of the narrowest constriction, where ``d`` is the
  smallest inward buffer (erosion) that splits the territory into two or more substantial
  pieces, found by a scan then bisection (to 1 % of ``d``); ``None`` when no
  erosion splits it before the territory vanishes (no neck: ranked as the widest).

Each metric is placed among the state's municipalities by its percentile (share of
municipalities with a value at or below it, 0–100).
"""

from __future__ import annotations

import hashlib
import math
import os
import weakref
from dataclasses import asdict, dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError
from ..common.cache import cache_dir
from .measure import utm_crs

#: Erosion pieces smaller than this share of the eroded area are not counted as pieces.
MIN_PIECE_SHARE = 0.05

METRICS = ("polsby_popper", "convex_hull_ratio", "reock", "narrowest_neck_m")


@dataclass(frozen=True)
class ShapeMetrics:
    """Compactness of one territory (dimensionless ratios in 0..1; neck in metres)."""

    polsby_popper: float
    convex_hull_ratio: float
    reock: float
    narrowest_neck_m: float | None

    def as_dict(self) -> dict[str, float | None]:
        """Plain dict of the metrics."""
        return asdict(self)


def _erode(geom: BaseGeometry, step: float) -> BaseGeometry:
    """Erode by ``step`` metres after simplifying by ``step / 20`` (GEOS is slow otherwise).

    Erosions by discs add up (eroding by a then by b is eroding by a + b), so the scan and
    bisection erode the last unsplit shape by the increment only; the accumulated
    simplification shifts the boundary by at most ``d / 20``.
    """
    return shapely.buffer(shapely.simplify(geom, step / 20), -step, quad_segs=4)


def _pieces(eroded: BaseGeometry) -> int:
    if eroded.is_empty:
        return 0
    areas = shapely.area(shapely.get_parts(eroded))
    return int(np.sum(areas >= MIN_PIECE_SHARE * areas.sum()))


#: Erosion distances scanned, as fractions of the largest inscribed radius: fine near 0,
#: then every 5 % (a lobe whose own radius exceeds its neck's half-width by less than 5 % of
#: the territory's radius is not a neck).
SCAN_FRACTIONS = np.concatenate([[0.005, 0.01, 0.02, 0.03], np.arange(0.05, 1.0, 0.05)])


def narrowest_neck_m(geom_m: BaseGeometry, *, tolerance_m: float = 1.0,
                     rel_tolerance: float = 0.01) -> float | None:
    """Width in metres of the narrowest neck of a polygon in a metric CRS.

    Parameters
    ----------
    geom_m : Polygon or MultiPolygon
        In metres (e.g. UTM). A MultiPolygon is measured on its largest part.
    tolerance_m, rel_tolerance : float
        Bisection stops when the bracket on the erosion distance is narrower than
        ``max(tolerance_m, rel_tolerance * d)``.

    Returns
    -------
    float or None
        ``2 * d`` for the smallest erosion ``d`` that leaves two or more pieces each at least
        :data:`MIN_PIECE_SHARE` of the eroded area, scanning :data:`SCAN_FRACTIONS` of the
        largest inscribed radius and bisecting; ``None`` when none does.

    Raises
    ------
    GeoError
        If the geometry is empty.
    """
    parts = list(shapely.get_parts(geom_m))
    if not parts or geom_m.is_empty:
        raise GeoError("narrowest_neck_m: geometria vazia; esperado um polígono")
    poly = max(parts, key=lambda p: p.area)
    radius = shapely.maximum_inscribed_circle(
        poly, tolerance=max(1.0, math.sqrt(poly.area) / 1000)).length
    if radius <= tolerance_m:
        return None
    lo, hi, shape_lo = 0.0, None, poly
    for d in radius * SCAN_FRACTIONS:
        eroded = _erode(shape_lo, d - lo)
        if _pieces(eroded) >= 2:
            hi = d
            break
        if eroded.is_empty:
            return None
        lo, shape_lo = d, eroded
    if hi is None:
        return None
    while hi - lo > max(tolerance_m, rel_tolerance * hi):
        mid = (lo + hi) / 2
        eroded = _erode(shape_lo, mid - lo)
        if _pieces(eroded) >= 2:
            hi = mid
        else:
            lo, shape_lo = mid, eroded
    return 2.0 * hi


def shape_metrics(geom: BaseGeometry) -> ShapeMetrics:
    """Polsby–Popper, convex-hull ratio, Reock and narrowest neck of a lon/lat territory.

    Parameters
    ----------
    geom : Polygon or MultiPolygon
        EPSG:4674 degrees.

    Raises
    ------
    GeoError
        If the geometry is empty or outside UTM zones 21S–23S.
    """
    if geom is None or geom.is_empty:
        raise GeoError("shape_metrics: geometria vazia; esperado um polígono")
    m = gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(utm_crs(geom)).iloc[0]
    a, p = m.area, m.length
    radius = shapely.minimum_bounding_radius(m)
    neck = narrowest_neck_m(m)
    return ShapeMetrics(
        polsby_popper=float(4 * math.pi * a / p**2),
        convex_hull_ratio=float(a / m.convex_hull.area),
        reock=float(a / (math.pi * radius**2)),
        narrowest_neck_m=None if neck is None else float(neck),
    )


#: Bump when a metric's definition changes, so cached state tables are recomputed.
_ALGORITHM_VERSION = "2"
_TABLE_CACHE: dict[str, pd.DataFrame] = {}


def state_shape_table(boundaries: gpd.GeoDataFrame) -> pd.DataFrame:
    """Shape metrics of every municipality in ``boundaries``.

    About 10 s for the 246 Goiás municipalities on one core, so the table is cached in
    memory and, best effort, on disk under ``$VIABILIDADE_CACHE`` (default the user's cache folder,
    :func:`viabilidade.common.cache.cache_dir`), keyed by a SHA-256 of the codes and geometries.

    Returns
    -------
    pandas.DataFrame
        Index ``cod_ibge``; columns :data:`METRICS` (neck ``NaN`` when none splits).
    """
    ref, table = _TABLE_OF.get(id(boundaries), (None, None))
    if ref is not None and ref() is boundaries:     # the same table object: no hashing again
        return table
    table = _shape_table(boundaries)
    try:
        _TABLE_OF[id(boundaries)] = (weakref.ref(boundaries), table)
    except TypeError:       # an object without weak references is hashed at every call
        pass
    return table


#: :func:`state_shape_table` per boundaries object (hashing the full mesh's WKB takes about
#: 0,2 s, and the explorer asks at every change of a drawn or whole-municipality area).
_TABLE_OF: dict[int, tuple] = {}


def _shape_table(boundaries: gpd.GeoDataFrame) -> pd.DataFrame:
    digest = hashlib.sha256(_ALGORITHM_VERSION.encode())
    digest.update("|".join(boundaries["cod_ibge"]).encode())
    for wkb in shapely.to_wkb(boundaries.geometry.to_numpy()):
        digest.update(wkb)
    key = digest.hexdigest()
    if key in _TABLE_CACHE:
        return _TABLE_CACHE[key]
    path = cache_dir() / f"shape-{key[:32]}.csv"
    table = None
    if path.is_file():
        try:
            table = pd.read_csv(path, dtype={"cod_ibge": str}).set_index("cod_ibge")
        except (OSError, ValueError):
            table = None
    if table is None or list(table.columns) != list(METRICS):
        rows = {c: shape_metrics(g).as_dict()
                for c, g in zip(boundaries["cod_ibge"], boundaries.geometry)}
        table = pd.DataFrame.from_dict(rows, orient="index", columns=list(METRICS)).astype(float)
        table.index.name = "cod_ibge"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            table.to_csv(tmp)
            os.replace(tmp, path)
        except OSError:
            pass
    _TABLE_CACHE[key] = table
    return table


def percentile(value: float | None, reference: pd.Series) -> float | None:
    """Percent of the reference values at or below ``value``, 0–100.

    A missing value (``None``/NaN: no neck) ranks above every number, so a territory with a
    neck is compared with all municipalities, those without a neck counting as wider.
    Returns ``None`` for an empty reference.
    """
    ref = reference.to_numpy(dtype=float)
    if ref.size == 0:
        return None
    ref = np.where(np.isnan(ref), np.inf, ref)
    v = np.inf if value is None or math.isnan(value) else float(value)
    return float(100.0 * np.mean(ref <= v))


def shape_report(geom: BaseGeometry, boundaries: gpd.GeoDataFrame) -> dict[str, dict]:
    """Each metric of ``geom`` with its percentile among the municipalities in ``boundaries``.

    Returns
    -------
    dict
        ``{metric: {"value": float | None, "percentile": float | None}}``; a low percentile
        means less compact (or a narrower neck) than most municipalities of the state.
    """
    metrics = shape_metrics(geom).as_dict()
    table = state_shape_table(boundaries)
    return {k: {"value": v, "percentile": percentile(v, table[k])} for k, v in metrics.items()}
