"""The territory of a candidate area and what remains of each origin municipality.

District polygons do not exist in the project's data (IBGE publishes no malha de distritos
for Goiás in ``shared/data``), so an area given by district codes has no geometry: callers
must then treat the territorial rules (art. 4 II and III, art. 3) as ``indeterminate``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import geopandas as gpd
import shapely
from shapely.geometry.base import BaseGeometry

from ..candidate import Candidate
from ..data.geometry import read_boundaries
from ..errors import GeoError
from .measure import geodesic_area_km2, polygonal


@dataclass(frozen=True)
class Split:
    """Geometries of one candidate, all lon/lat EPSG:4674.

    Attributes
    ----------
    area : shapely geometry or None
        The proposed new territory; ``None`` when it cannot be drawn (see ``note``).
    origins_before : dict[str, geometry]
        Each origin municipality (IBGE code) before the split.
    remainders : dict[str, geometry]
        What remains of each origin after the area leaves (possibly empty).
    retrospective : bool
        True when the area is a whole present-day municipality distinct from its origin:
        then ``origins_before[o] = union(origin, area)`` and ``remainders[o]`` is the
        origin's present polygon.
    note : str
        Portuguese explanation when ``area`` is ``None``.
    """

    area: BaseGeometry | None
    origins_before: dict[str, BaseGeometry] = field(default_factory=dict)
    remainders: dict[str, BaseGeometry] = field(default_factory=dict)
    retrospective: bool = False
    note: str = ""

    def areas_km2(self) -> dict[str, float | dict[str, float] | None]:
        """Geodesic areas in km²: ``area``, ``origins_before`` and ``remainders`` by code."""
        return {
            "area": None if self.area is None else geodesic_area_km2(self.area),
            "origins_before": {k: geodesic_area_km2(v) for k, v in self.origins_before.items()},
            "remainders": {k: geodesic_area_km2(v) for k, v in self.remainders.items()},
        }


def municipality_geometry(boundaries: gpd.GeoDataFrame, code: str) -> BaseGeometry:
    """The boundary polygon of one municipality.

    Parameters
    ----------
    boundaries : GeoDataFrame
        ``cod_ibge, nome, geometry`` in EPSG:4674 (:func:`viabilidade.data.geometry.read_boundaries`).
    code : str
        7-digit IBGE code.

    Raises
    ------
    GeoError
        If the code has no feature in ``boundaries``.
    """
    hit = boundaries.geometry[boundaries["cod_ibge"] == code]
    if hit.empty:
        raise GeoError(f"municipality {code} has no boundary polygon in the boundary data "
                       f"({len(boundaries)} features)")
    return hit.iloc[0] if len(hit) == 1 else shapely.union_all(hit.to_numpy())


def area_geometry(candidate: Candidate, boundaries: gpd.GeoDataFrame
                  ) -> tuple[BaseGeometry | None, str]:
    """The proposed territory of a candidate, or ``None`` with the reason in Portuguese.

    Order of precedence: the candidate's boundary file (``[area] boundary``), then the union
    of whole municipalities when the area is only municipalities. An area with districts
    and no boundary file has no geometry.

    Raises
    ------
    GeoError
        If a listed municipality has no polygon, or the boundary file is unreadable.
    """
    if candidate.boundary is not None:
        gdf = read_boundaries(candidate.boundary)
        return shapely.union_all(gdf.geometry.to_numpy()), ""
    if candidate.districts:
        return None, ("não há polígonos de distritos nos dados (o IBGE não publica malha de "
                      "distritos de Goiás no acervo do projeto); sem o memorial descritivo "
                      "ou arquivo de limites da área, os requisitos territoriais não podem "
                      "ser medidos")
    if candidate.municipalities:
        geoms = [municipality_geometry(boundaries, c) for c in candidate.municipalities]
        return shapely.union_all(geoms), ""
    return None, "a área não tem municípios, distritos nem arquivo de limites"


def split_territory(candidate: Candidate, boundaries: gpd.GeoDataFrame) -> Split:
    """Area, origins before the split and remainders for a candidate.

    Parameters
    ----------
    candidate : Candidate
        From :func:`viabilidade.candidate.load_candidate`.
    boundaries : GeoDataFrame
        Municipality polygons ``cod_ibge, nome, geometry`` in EPSG:4674.

    Returns
    -------
    Split
        Remainder of an origin = origin − area (a prospective split), except in the
        retrospective case (area = whole present-day municipalities none of which is an
        origin), where the origin before the split = union(origin, area) and the remainder
        = the origin's present polygon. For a fusion (no origins) only ``area`` is set.

    Raises
    ------
    GeoError
        If an origin or area municipality has no polygon.
    """
    area, note = area_geometry(candidate, boundaries)
    origins = {c: municipality_geometry(boundaries, c) for c in candidate.origins}
    if area is None:
        return Split(area=None, origins_before=origins, note=note)
    retrospective = (candidate.boundary is None and bool(candidate.municipalities)
                     and not candidate.districts
                     and not set(candidate.municipalities) & set(candidate.origins))
    if retrospective:
        before = {c: shapely.union_all([g, area]) for c, g in origins.items()}
        return Split(area=area, origins_before=before, remainders=dict(origins),
                     retrospective=True)
    remainders = {c: polygonal(shapely.difference(g, area)) for c, g in origins.items()}
    return Split(area=area, origins_before=origins, remainders=remainders)


#: Share of a boundary-file area allowed outside its origins' polygons: the tbrugz polygons are
#: simplified (edges off by up to a few hundred metres), so a border drawn on the real limit
#: pokes out along it.
OUTSIDE_TOLERANCE = 0.02


def check_area_in_origins(candidate: Candidate, boundaries: gpd.GeoDataFrame, *,
                          tolerance: float = OUTSIDE_TOLERANCE) -> float:
    """Check that a boundary-file area lies inside the union of its origin municipalities.

    Parameters
    ----------
    candidate : Candidate
        With ``boundary`` set and at least one origin.
    boundaries : GeoDataFrame
        Municipality polygons ``cod_ibge, nome, geometry`` in EPSG:4674.
    tolerance : float
        Largest share (0..1) of the area's geodesic area allowed outside the origins
        (default :data:`OUTSIDE_TOLERANCE`, 2 %).

    Returns
    -------
    float
        The share of the area outside its origins (0 when the candidate has no boundary file
        or no origin).

    Raises
    ------
    GeoError
        If more than ``tolerance`` of the area lies outside its origins; the message names the
        boundary file, the share and km² outside, the origins, and each municipality not
        declared as an origin that holds more than ``tolerance`` of the area (share of planar
        lon/lat area).
    """
    if candidate.boundary is None or not candidate.origins:
        return 0.0
    area, _ = area_geometry(candidate, boundaries)
    origins = shapely.union_all([municipality_geometry(boundaries, c) for c in candidate.origins])
    total = geodesic_area_km2(area)
    outside = geodesic_area_km2(polygonal(shapely.difference(area, origins)))
    share = outside / total if total > 0 else 0.0
    if share > tolerance:
        names = dict(zip(boundaries["cod_ibge"], boundaries["nome"]))
        listed = ", ".join(f"{c} ({names.get(c, '?')})" for c in candidate.origins)
        others = boundaries[~boundaries["cod_ibge"].isin(candidate.origins)]
        parts = shapely.area(shapely.intersection(others.geometry.to_numpy(), area)) / area.area
        hit = [f"{c} ({n}, {100 * x:.1f} %)"
               for c, n, x in zip(others["cod_ibge"], others["nome"], parts) if x > tolerance]
        where = (f"; it overlaps municipalities not declared as origins: {', '.join(hit)}"
                 if hit else "")
        raise GeoError(
            f"{candidate.boundary.name}: {100 * share:.1f} % of the area "
            f"({outside:,.2f} of {total:,.2f} km²) lies outside its origin municipalities "
            f"{listed}; expected the area inside its origins (tolerance {100 * tolerance:g} %)"
            f"{where}")
    return share
