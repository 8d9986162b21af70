"""Geodesic measures and metric projections shared by the geo modules.

Areas and lengths are geodesic on the GRS80 ellipsoid (SIRGAS 2000's ellipsoid) through
:meth:`pyproj.Geod.geometry_area_perimeter`: exact, with no choice of map projection.
Operations that need planar metres (inward buffers, bounding circles, memorial coordinates)
use SIRGAS 2000 / UTM of the geometry's zone (EPSG:31981..31983 for zones 21S..23S).
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry.base import BaseGeometry

from ..common.geodesy import GEOD, geodesic_area_km2
from ..errors import GeoError

__all__ = ["GEOD", "UTM_EPSG", "geodesic_area_km2", "geodesic_perimeter_m", "utm_zone",
           "utm_crs", "polygonal"]

#: UTM zone (south) -> SIRGAS 2000 / UTM EPSG code.
UTM_EPSG = {21: 31981, 22: 31982, 23: 31983}


def geodesic_perimeter_m(geom: BaseGeometry | None) -> float:
    """Geodesic length in metres of all rings of a lon/lat polygonal geometry."""
    if geom is None or geom.is_empty:
        return 0.0
    return float(sum(GEOD.geometry_area_perimeter(p)[1] for p in shapely.get_parts(geom)
                     if p.geom_type == "Polygon"))


def utm_zone(lon: float) -> int:
    """UTM zone number of a longitude in degrees."""
    return int(math.floor((lon + 180.0) / 6.0)) + 1


def utm_crs(geom: BaseGeometry) -> str:
    """``"EPSG:3198x"``: SIRGAS 2000 / UTM zone (south) of the geometry's centroid.

    Raises
    ------
    GeoError
        If the centroid is not in zones 21S–23S (Goiás spans 22S and 23S) or north of the
        equator.
    """
    if geom is None or geom.is_empty:
        raise GeoError("geometria vazia: não há zona UTM a escolher; esperada uma geometria com área")
    c = geom.centroid
    zone = utm_zone(c.x)
    if zone not in UTM_EPSG or c.y > 0:
        raise GeoError(f"o centroide da geometria (lon {c.x:.4f}, lat {c.y:.4f}) fica fora de "
                       "SIRGAS 2000 / UTM zones 21S-23S; esperado um lugar em Goiás ou perto dele")
    return f"EPSG:{UTM_EPSG[zone]}"


def polygonal(geom: BaseGeometry | None) -> BaseGeometry:
    """The polygonal part of a geometry (drops lines and points left by overlays)."""
    if geom is None or geom.is_empty:
        return shapely.Polygon()
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    polys = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    return shapely.union_all(polys) if polys else shapely.Polygon()
