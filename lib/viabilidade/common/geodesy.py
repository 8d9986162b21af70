"""The GRS80 ellipsoid and geodesic areas, on the ground floor so that the data floor can
check a mesh's areas (:func:`viabilidade.data.store.build_store`) with the same function the
geo modules measure with (:mod:`viabilidade.geo.measure` re-exports both).

Areas are geodesic on the GRS80 ellipsoid (SIRGAS 2000's ellipsoid) through
:meth:`pyproj.Geod.geometry_area_perimeter`: exact, with no choice of map projection.
"""

from __future__ import annotations

import shapely
from pyproj import Geod
from shapely.geometry.base import BaseGeometry

#: The GRS80 ellipsoid of SIRGAS 2000 (practically equal to WGS84 at the mm level).
GEOD = Geod(ellps="GRS80")


#: Areas already measured, by the geometry's WKB (the last :data:`_AREA_SIZE`): the full-mesh
#: outline of an origin, and its remainder, are measured again at every change of the
#: explorer (each reading's territory); the WKB of a geometry is made in microseconds.
_AREAS: dict[bytes, float] = {}
_AREA_SIZE = 256


def geodesic_area_km2(geom: BaseGeometry | None) -> float:
    """Geodesic area in km² of a lon/lat (EPSG:4674) polygonal geometry; 0 for None/empty.

    Orientation-independent (absolute value per ring as pyproj signs it). The same geometry
    (same WKB) is measured once.
    """
    if geom is None or geom.is_empty:
        return 0.0
    key = shapely.to_wkb(geom)
    area = _AREAS.get(key)
    if area is None:
        area = _AREAS[key] = _area_km2(geom)
        if len(_AREAS) > _AREA_SIZE:
            _AREAS.pop(next(iter(_AREAS)), None)
    return area


def _area_km2(geom: BaseGeometry) -> float:
    total = 0.0
    for part in shapely.get_parts(geom):
        if part.geom_type != "Polygon":
            continue
        a, _ = GEOD.geometry_area_perimeter(shapely.orient_polygons(part))
        total += abs(a)
    return total / 1e6
