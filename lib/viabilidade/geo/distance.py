"""Art. 4 II: the 6 km gap between the new territory and the origin's urban perimeter.

Distances are geodesic on GRS80 (:data:`viabilidade.geo.measure.GEOD`), in metres. The
shortest distance from a point to a geometry is found in an azimuthal equidistant
projection centred on that point (where distance from the centre is exactly geodesic),
on a copy of the geometry densified every ~100 m, and the nearest point found there is
then measured again with :meth:`pyproj.Geod.inv`.

Urban-perimeter polygons (docs/LEITURAS.md I-4) do not exist in the project's data: with only the
origin's seat point, the seat-to-territory distance is an upper bound of the true gap (the
perimeter contains the seat, so it is at least as near): below 6 km it proves ``fail``; a
larger distance decides nothing (``indeterminate``, reported with the measured bound).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
import shapely
import shapely.ops
from pyproj import CRS, Transformer
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError
from ..rules.result import Status
from .measure import GEOD

#: Art. 4 II: "distância mínima de 6 (seis) quilômetros" — inclusive (>=).
MIN_GAP_M = 6000.0

#: Densification step in degrees (~110 m) before the projected nearest-point search.
_DENSIFY_DEG = 0.001


@dataclass(frozen=True)
class Nearest:
    """Shortest geodesic distance from a point to a geometry.

    Attributes
    ----------
    distance_m : float
        Metres on GRS80; 0 when the point lies inside the geometry.
    lon, lat : float
        The nearest point of the geometry (EPSG:4674 degrees).
    """

    distance_m: float
    lon: float
    lat: float


def aeqd_crs(lon: float, lat: float) -> CRS:
    """Azimuthal equidistant projection on GRS80 centred on a lon/lat point, in metres: the
    distance from the centre to any point is its geodesic distance."""
    return CRS.from_proj4(f"+proj=aeqd +lat_0={lat} +lon_0={lon} +ellps=GRS80 +units=m")


#: Transformers to and from :func:`aeqd_crs` already built, per thread (pyproj's are not
#: thread-safe): building one costs about 15 ms, and the same points come back (an origin's
#: seat for art. 4 II at every change of a reading or threshold in the explorer).
_AEQD = threading.local()
_AEQD_SIZE = 256


def _aeqd_transformers(lon: float, lat: float) -> tuple[Transformer, Transformer]:
    """(EPSG:4674 -> aeqd, aeqd -> EPSG:4674) centred on the point, built once per thread."""
    cache = getattr(_AEQD, "cache", None)
    if cache is None:
        cache = _AEQD.cache = {}
    pair = cache.get((lon, lat))
    if pair is None:
        crs = aeqd_crs(lon, lat)
        pair = (Transformer.from_crs("EPSG:4674", crs, always_xy=True),
                Transformer.from_crs(crs, "EPSG:4674", always_xy=True))
        if len(cache) >= _AEQD_SIZE:
            cache.pop(next(iter(cache)))
        cache[(lon, lat)] = pair
    return pair


def nearest_geodesic(lon: float, lat: float, geom: BaseGeometry) -> Nearest:
    """Shortest geodesic distance in metres from a lon/lat point to a lon/lat geometry.

    Parameters
    ----------
    lon, lat : float
        The point, EPSG:4674 degrees.
    geom : shapely geometry
        Point, line or polygon in EPSG:4674 degrees.

    Returns
    -------
    Nearest

    Raises
    ------
    GeoError
        If ``geom`` is empty or the point's coordinates are out of range.
    """
    if geom is None or geom.is_empty:
        raise GeoError("não é possível medir a distância até uma geometria vazia")
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise GeoError(f"o ponto (lon {lon}, lat {lat}) não está em graus de longitude/latitude")
    here = shapely.Point(lon, lat)
    if geom.geom_type in ("Polygon", "MultiPolygon") and geom.covers(here):
        return Nearest(0.0, lon, lat)
    fwd, back = _aeqd_transformers(float(lon), float(lat))
    dense = shapely.segmentize(geom, _DENSIFY_DEG)
    projected = shapely.transform(dense, lambda xy: _stack(fwd.transform(xy[:, 0], xy[:, 1])))
    _, near = shapely.ops.nearest_points(shapely.Point(0, 0), projected)
    nlon, nlat = back.transform(near.x, near.y)
    _, _, dist = GEOD.inv(lon, lat, nlon, nlat)
    return Nearest(float(dist), float(nlon), float(nlat))


def _stack(xy):
    return np.column_stack(xy)


def geodesic_distance_m(a: BaseGeometry, b: BaseGeometry) -> float:
    """Shortest geodesic distance in metres between two lon/lat geometries.

    Exact for two points (:meth:`pyproj.Geod.inv`); 0 when the geometries intersect; for a
    point and a geometry, :func:`nearest_geodesic`. For two extended geometries, starts from
    the planar-nearest pair (in degrees) and alternates :func:`nearest_geodesic` from one
    side to the other until the distance stops decreasing (at most 5 rounds): a local
    minimum, which at the scale of Goiás municipalities is the global one.

    Raises
    ------
    GeoError
        If either geometry is empty.
    """
    if a is None or b is None or a.is_empty or b.is_empty:
        raise GeoError("não é possível medir uma distância com uma geometria vazia")
    if a.geom_type == "Point" and b.geom_type == "Point":
        return float(GEOD.inv(a.x, a.y, b.x, b.y)[2])
    if a.intersects(b):
        return 0.0
    if a.geom_type == "Point":
        return nearest_geodesic(a.x, a.y, b).distance_m
    if b.geom_type == "Point":
        return nearest_geodesic(b.x, b.y, a).distance_m
    pa, _ = shapely.ops.nearest_points(a, b)
    here, other, target = (pa.x, pa.y), b, a
    best = float("inf")
    for _ in range(5):
        n = nearest_geodesic(here[0], here[1], other)
        if n.distance_m >= best - 1e-6:
            break
        best = n.distance_m
        here, other, target = (n.lon, n.lat), target, other
    return best


def classify_gap(distance_m: float, *, from_seat: bool) -> Status:
    """What a measured distance proves about art. 4 II (comparator ``>= 6000`` m).

    Parameters
    ----------
    distance_m : float
        Geodesic metres between the new territory and either the origin's urban perimeter
        (``from_seat=False``) or only the origin's seat point (``from_seat=True``).
    from_seat : bool
        With a seat point only, the distance is an upper bound of the true gap: below
        6 000 m it proves ``fail``; otherwise it decides nothing (``indeterminate``).

    Returns
    -------
    Status
        ``PASS`` / ``FAIL`` for a perimeter distance; ``FAIL`` / ``INDETERMINATE`` for a
        seat bound. The distance is compared at millimetre precision (GRS80 geodesics are
        computed to nanometres; 6 000 m measured as 5 999.9999999 m is 6 000 m).
    """
    if round(float(distance_m), 3) < MIN_GAP_M:
        return Status.FAIL
    return Status.INDETERMINATE if from_seat else Status.PASS
