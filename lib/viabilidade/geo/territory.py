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

from ..common.text import and_list
from ..proposal.candidate import Candidate
from ..errors import GeoError
from .area_file import read_area
from .measure import geodesic_area_km2, polygonal
from .memorial import fmt_num


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
        raise GeoError(f"o município {code} não tem polígono nos limites municipais "
                       f"({len(boundaries)} feições); esperado um município de Goiás")
    return hit.iloc[0] if len(hit) == 1 else shapely.union_all(hit.to_numpy())


def area_geometry(candidate: Candidate, boundaries: gpd.GeoDataFrame
                  ) -> tuple[BaseGeometry | None, str]:
    """The proposed territory of a candidate, or ``None`` with the reason in Portuguese.

    Order of precedence: the candidate's boundary file (``[area] boundary``, read by
    :func:`viabilidade.geo.area_file.read_area`: every polygon of the file), then the union
    of whole municipalities when the area is only municipalities. An area with districts
    and no boundary file has no geometry.

    Raises
    ------
    GeoError
        If a listed municipality has no polygon, or the boundary file is unreadable.
    """
    if candidate.boundary is not None:
        return read_area(candidate.boundary), ""
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
        From :func:`viabilidade.proposal.candidate.load_candidate`.
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


#: Share of a boundary-file area allowed outside its origins' polygons: a border the user drew
#: on the limit (by hand, on another map or survey) is not vertex for vertex the IBGE 2022
#: mesh, so it pokes out along it.
OUTSIDE_TOLERANCE = 0.02
#: How far from the origins a part outside them may reach and still be excused by
#: :data:`OUTSIDE_TOLERANCE`: a drawing's error along the limit, a few hundred metres.
OUTSIDE_REACH_M = 500.0


def outside_parts(area: BaseGeometry, boundaries: gpd.GeoDataFrame,
                  origins: tuple[str, ...] | list[str]) -> list[dict]:
    """Parts of an area inside municipalities that are not its origins.

    Returns
    -------
    list of dict
        ``cod_ibge``, ``nome``, ``km2`` (geodesic, GRS80) and ``share`` (of the area's
        geodesic area, 0..1), largest first; municipalities with no area inside are left out.
    """
    total = geodesic_area_km2(area)
    others = boundaries[~boundaries["cod_ibge"].isin(list(origins))]
    others = others.iloc[others.sindex.query(area, predicate="intersects")]
    out = []
    for code, name, geom in zip(others["cod_ibge"], others["nome"], others.geometry):
        km2 = geodesic_area_km2(polygonal(shapely.intersection(geom, area)))
        if km2 > 0:
            out.append({"cod_ibge": code, "nome": name, "km2": km2,
                        "share": km2 / total if total > 0 else 0.0})
    return sorted(out, key=lambda o: -o["km2"])


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
        If more than ``tolerance`` of the area lies outside its origins; the Portuguese message
        names the boundary file, the share and km² outside, the origins, and each
        municipality not declared as an origin that holds more than ``tolerance`` of the area
        (:func:`outside_parts`, geodesic shares).
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
        listed = and_list(f"{c} ({names.get(c, '?')})" for c in candidate.origins)
        hit = [f"{o['cod_ibge']} ({o['nome']}, {fmt_num(100 * o['share'], 1)} %)"
               for o in outside_parts(area, boundaries, candidate.origins) if o["share"] > tolerance]
        where = (f"; ela avança sobre municípios não declarados como origem: {and_list(hit)}"
                 if hit else "")
        raise GeoError(
            f"{candidate.boundary.name}: {fmt_num(100 * share, 1)} % da área "
            f"({fmt_num(outside)} de {fmt_num(total)} km²) fica fora dos municípios de origem "
            f"{listed}; esperada a área dentro das origens (tolerância de "
            f"{fmt_num(100 * tolerance, 0)} %){where}")
    if share > 0:
        from .distance import geodesic_distance_m

        parts = shapely.get_parts(polygonal(shapely.difference(area, origins)))
        far = [(geodesic_distance_m(p, origins), p) for p in parts]
        far = [(d, p) for d, p in far if d > OUTSIDE_REACH_M]
        if far:
            d, part = max(far, key=lambda x: x[0])
            listed = and_list(candidate.origins)
            raise GeoError(
                f"{candidate.boundary.name}: uma parte da área ({fmt_num(geodesic_area_km2(part))} "
                f"km²) fica a {fmt_num(d / 1000, 1)} km dos municípios de origem {listed}; a "
                f"tolerância de {fmt_num(100 * tolerance, 0)} % vale só para faixas junto à divisa "
                f"(até {fmt_num(OUTSIDE_REACH_M / 1000, 1)} km), onde o traçado desenhado e a malha "
                "do IBGE podem diferir; esperada a área inteira dentro das origens")
    return share
