"""Art. 6 of LC 02/1990: how much territory lies between a boundary's old and new line.

A boundary correction ("alteração nos limites entre municípios, sem alteração de área, em
virtude de falha técnica ou erro na descrição") replaces the line as described today by a
corrected line. Whatever lies between the two lines would change municipality. This module
measures it; :func:`viabilidade.rules.art6.area_change` compares it with the tolerance.

Method. The two lines are joined at their ends (the old line's first point to the nearer
end of the new line, and the last to the other; a straight segment where the ends do not
coincide) and the closed figures they form are the faces of
:func:`shapely.polygonize`. Each face is measured geodesically (GRS80,
:func:`.measure.geodesic_area_km2`) and given to the municipality that holds most of it in
the boundary data (the IBGE municipal mesh in the store): that municipality would lose it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import geopandas as gpd
import shapely
from shapely.geometry.base import BaseGeometry

from .measure import GEOD, geodesic_area_km2
from .territory import municipality_geometry


@dataclass(frozen=True)
class BoundaryChange:
    """The territory between an old and a new boundary line.

    Attributes
    ----------
    between_km2 : float
        Geodesic area (GRS80) of every face between the two lines, km²: the territory that
        would change municipality.
    faces : int
        Number of separate faces.
    leaves : dict[str, float]
        IBGE code -> km² of the faces that municipality holds today (in the mesh) and would
        lose to the other; every code of ``codes`` is a key.
    unassigned_km2 : float
        km² of faces lying mostly outside both municipalities in the mesh.
    old_length_m, new_length_m : float
        Geodesic lengths of the two lines, metres.
    joins_m : tuple of float
        Lengths of the two closing segments joining the lines' ends (0 where they meet).
    """

    between_km2: float
    faces: int
    leaves: dict[str, float] = field(default_factory=dict)
    unassigned_km2: float = 0.0
    old_length_m: float = 0.0
    new_length_m: float = 0.0
    joins_m: tuple[float, float] = (0.0, 0.0)

    def net_km2(self, code: str) -> float:
        """Net change of one municipality's area, km² (gains minus losses; + grows)."""
        return sum(v for c, v in self.leaves.items() if c != code) - self.leaves.get(code, 0.0)


def _length_m(line: BaseGeometry) -> float:
    return float(GEOD.geometry_length(line))


def _joins(old: shapely.LineString, new: shapely.LineString
           ) -> tuple[list[shapely.LineString], tuple[float, float]]:
    """The segments closing the figure: old's ends to the nearer pairing of new's ends."""
    o0, o1 = shapely.Point(old.coords[0]), shapely.Point(old.coords[-1])
    n0, n1 = shapely.Point(new.coords[0]), shapely.Point(new.coords[-1])
    straight = o0.distance(n0) + o1.distance(n1)
    crossed = o0.distance(n1) + o1.distance(n0)
    pairs = [(o0, n0), (o1, n1)] if straight <= crossed else [(o0, n1), (o1, n0)]
    segs, lengths = [], []
    for a, b in pairs:
        seg = shapely.LineString([a, b])
        lengths.append(0.0 if a.equals(b) else _length_m(seg))
        if not a.equals(b):
            segs.append(seg)
    return segs, (lengths[0], lengths[1])


def between_faces(old: shapely.LineString, new: shapely.LineString) -> list[shapely.Polygon]:
    """The closed figures between two lines (their ends joined, see the module note), in
    EPSG:4674 degrees; ``[]`` when the lines coincide."""
    segs, _ = _joins(old, new)
    noded = shapely.union_all([old, new, *segs])
    return [f for f in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
            if f.area > 0]


def boundary_change(old: shapely.LineString, new: shapely.LineString,
                    boundaries: gpd.GeoDataFrame, codes: tuple[str, ...] | list[str]
                    ) -> BoundaryChange:
    """Measure the territory between the old and the new line of a boundary.

    Parameters
    ----------
    old, new : shapely LineString
        The boundary as described today and as corrected, EPSG:4674 degrees
        (:func:`.area_file.read_line`).
    boundaries : GeoDataFrame
        Municipal polygons ``cod_ibge, geometry`` (EPSG:4674), the store's ``boundaries``.
    codes : sequence of str
        The two municipalities whose common limit is corrected (IBGE codes).

    Returns
    -------
    BoundaryChange
        Identical lines give ``between_km2 == 0`` and no face.

    Raises
    ------
    GeoError
        If a municipality has no polygon (:func:`.territory.municipality_geometry`).
    """
    _, joins = _joins(old, new)
    faces = between_faces(old, new)
    munis = {c: municipality_geometry(boundaries, c) for c in codes}
    leaves = {c: 0.0 for c in codes}
    unassigned = 0.0
    for face in faces:
        km2 = geodesic_area_km2(face)
        shares = {c: shapely.intersection(face, g).area / face.area for c, g in munis.items()}
        holder = max(shares, key=shares.get) if shares else None
        if holder is None or shares[holder] < 0.5:
            unassigned += km2
        else:
            leaves[holder] += km2
    return BoundaryChange(between_km2=sum(geodesic_area_km2(f) for f in faces), faces=len(faces),
                          leaves=leaves, unassigned_km2=unassigned,
                          old_length_m=_length_m(old), new_length_m=_length_m(new),
                          joins_m=joins)
