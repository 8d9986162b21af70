"""The map of one candidate from the processed store: which layers, seats and names to draw.

:func:`candidate_map` chooses what :func:`viabilidade.geo.maps.territory_map` draws:

- the area's polygon when it has one (whole municipalities — a creation, a transfer, a
  fusion — or a boundary file), with the limits between fused municipalities;
- otherwise, for an area of IBGE districts, their territory from
  :func:`viabilidade.geo.districts.district_cells` — the approximate Voronoi cells, or the
  union of each district's census tracts when the store holds them (then labelled
  :data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL`) — and their seat points;
- each origin with its seat and the 6 km band of art. 4 II (around the urban perimeter when
  one is given, else around the seat), and the neighbouring municipalities faintly.
"""

from __future__ import annotations

from collections.abc import Mapping

import geopandas as gpd
from matplotlib.figure import Figure
from shapely.geometry.base import BaseGeometry

from ..proposal.candidate import Candidate
from ..common.text import name_key
from ..operations import operation_of
from .districts import district_cells, district_points
from .distance import MIN_GAP_M
from .facts import seat_of
from .measure import polygonal
from .maps import territory_map
from .territory import Split, municipality_geometry, split_territory


def approximate_area(store, districts) -> tuple[gpd.GeoDataFrame, gpd.GeoDataFrame]:
    """Approximate territory and seat points of an area's districts, for drawing only.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        As for :func:`viabilidade.geo.districts.district_cells`.
    districts : sequence of str
        9-digit district codes of the area.

    Returns
    -------
    (cells, points) : (GeoDataFrame, GeoDataFrame)
        The rows of :func:`viabilidade.geo.districts.district_cells` (Voronoi cells of all
        district seats of each municipality concerned, clipped to it) and of
        :func:`viabilidade.geo.districts.district_points` for ``districts``; a district
        without a known seat point has no row.

    Raises
    ------
    GeoError
        From :func:`~viabilidade.geo.districts.district_cells`.
    """
    d = store.districts
    wanted = list(districts)
    munis = sorted(set(d.loc[d["cod_distrito"].isin(wanted), "cod_ibge"]))
    cells, points = district_cells(store, munis), district_points(store, munis)
    return (cells[cells["cod_distrito"].isin(wanted)].reset_index(drop=True),
            points[points["cod_distrito"].isin(wanted)].reset_index(drop=True))


def proposed_seat(candidate: Candidate, store, points: gpd.GeoDataFrame | None = None
                  ) -> tuple[float, float] | None:
    """(lat, lon) of the proposed seat: the candidate's ``seat_point``; else the seat point of
    the area's district (``points``, from :func:`approximate_area`) or municipality named like
    ``candidate.seat``, or the only such point; for a drawn area (boundary file), the seat of
    the one district of its origins named like ``candidate.seat``.

    Returns ``None`` when no point can be told (several districts or municipalities, none
    named like the seat).
    """
    if candidate.seat_point is not None:
        return candidate.seat_point
    if points is not None and len(points):
        hit = points[points["nome"].map(name_key) == name_key(candidate.seat)]
        if len(hit) or len(points) == 1:
            pt = (hit if len(hit) else points).geometry.iloc[0]
            return float(pt.y), float(pt.x)
    munis = store.municipalities[store.municipalities["cod_ibge"].isin(candidate.municipalities)]
    hit = munis[munis["nome"].map(name_key) == name_key(candidate.seat)]
    code = (hit["cod_ibge"].iloc[0] if len(hit)
            else (candidate.municipalities[0] if len(candidate.municipalities) == 1 else None))
    if code:
        return seat_of(store.seats, code)
    if candidate.boundary is not None and candidate.origins:
        # A drawn area: the seat named like a district (vila) of its origins.
        near = district_points(store, list(candidate.origins))
        hit = near[near["nome"].map(name_key) == name_key(candidate.seat)]
        if len(hit) == 1:
            return float(hit.geometry.iloc[0].y), float(hit.geometry.iloc[0].x)
    return None


def origin_perimeters(candidate: Candidate, store) -> dict[str, BaseGeometry]:
    """The candidate's urban perimeter file (``[origin] urban_perimeter``) by origin: the part
    of its polygons inside each origin municipality (EPSG:4674); ``{}`` without the file.

    Raises
    ------
    GeoError
        From :func:`viabilidade.geo.area_file.read_area` (unreadable file, no polygon, not in
        Goiás) or for an origin without polygon.
    """
    path = getattr(candidate, "urban_perimeter", None)
    if path is None:
        return {}
    from .area_file import read_area

    perimeter = read_area(path)
    out = {}
    for o in candidate.origins:
        part = polygonal(perimeter.intersection(municipality_geometry(store.boundaries, o)))
        if not part.is_empty:
            out[o] = part
    return out


def candidate_map(candidate: Candidate, store, *, split: Split | None = None, source: str = "",
                  perimeters: Mapping[str, BaseGeometry] | None = None,
                  title: str | None = None, figsize: tuple[float, float] = (6.6, 5.4),
                  legend_cols: int = 2,
                  urban_points: Mapping[str, list[tuple[str, float, float]]] | None = None,
                  band: bool = True,
                  gaps: list[tuple[tuple[float, float], tuple[float, float], float]] = ()
                  ) -> Figure:
    """The map of a candidate (:func:`viabilidade.geo.maps.territory_map`) from the store.

    Parameters
    ----------
    candidate : Candidate
    store : viabilidade.data.store.Store
        ``boundaries``, ``municipalities``, ``districts``, ``vilas`` and ``seats``.
    split : Split, optional
        The candidate's geometries; default :func:`viabilidade.geo.territory.split_territory`.
    source : str
        ``"Fonte: …"`` printed on the map.
    perimeters : dict, optional
        Origin code -> urban perimeter polygon (EPSG:4674); the band is then drawn around it.
    title : str, optional
        Default the candidate's name.
    figsize : (float, float)
        Map frame in inches.
    legend_cols : int
        Columns of the legend.
    urban_points : dict, optional
        Origin code -> ``[(label, lat, lon)]`` of other urban areas the band is also drawn
        around (reading I-4 ``all-urban``; :func:`viabilidade.profile.analysis.origin_vilas`).
    band : bool
        Draw the 6 km band of art. 4 II (only where the operation is judged by it).
    gaps : list of ((lat, lon), (lat, lon), metres)
        Distances measured for art. 4 II, drawn as lines labelled in km (see
        :func:`viabilidade.geo.maps.territory_map`).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        From :func:`viabilidade.geo.territory.split_territory` (a municipality without polygon,
        an unreadable boundary file), from :func:`approximate_area`, or when nothing can be
        drawn.
    """
    split = split if split is not None else split_territory(candidate, store.boundaries)
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    origin_seats = {o: s for o in candidate.origins if (s := seat_of(store.seats, o)) is not None}
    cells = points = None
    if split.area is None and candidate.districts:
        cells, points = approximate_area(store, candidate.districts)
    # A transfer adds the area to an existing municipality: there is no new seat.
    seat = (proposed_seat(candidate, store, points)
            if operation_of(candidate).proposed_seat else None)
    others: dict[str, tuple[float, float, str]] = {}
    for r in (points.itertuples() if points is not None else ()):
        point = (float(r.geometry.y), float(r.geometry.x))
        if seat is None or point != tuple(seat):
            others[str(r.nome)] = (*point, "vila" if r.ponto == "vila" else "sede municipal")
    outlines = []
    if len(candidate.municipalities) > 1 and split.area is not None:
        outlines = [municipality_geometry(store.boundaries, c) for c in candidate.municipalities]
        for c in candidate.municipalities:
            s = seat_of(store.seats, c)
            if s is not None and (seat is None or tuple(s) != tuple(seat)):
                others[names.get(c, c)] = (*s, "sede municipal")
    approximate = (dict(zip(cells["cod_distrito"], cells.geometry)) if cells is not None else None)
    from .maps import APPROX_LABEL
    from .tracts import TRACT_LIMIT_LABEL

    label = (TRACT_LIMIT_LABEL if cells is not None and len(cells)
             and set(cells["limite"]) == {"setores"} else APPROX_LABEL)
    destination = None
    if candidate.destination:
        destination = municipality_geometry(store.boundaries, candidate.destination)
        s = seat_of(store.seats, candidate.destination)
        if s is not None:
            others[names.get(candidate.destination, candidate.destination)] = (*s, "sede municipal")
    if urban_points:
        # On the map a vila is named by its district alone (the legend says what it is).
        pts = district_points(store, list(urban_points))
        short = {(round(g.y, 9), round(g.x, 9)): n for g, n in zip(pts.geometry, pts["nome"])}
        urban_points = {o: [(short.get((round(lat, 9), round(lon, 9)), label), lat, lon)
                            for label, lat, lon in v] for o, v in urban_points.items()}
    return territory_map(split, title=title or operation_of(candidate).study_name(candidate), origin_seats=origin_seats,
                         area_seat=seat, names={**names, "area": f"{candidate.seat} (sede proposta)"},
                         source=source, approximate=approximate, perimeters=perimeters,
                         other_seats=others, outlines=outlines, context=store.boundaries,
                         figsize=figsize, legend_cols=legend_cols, urban_points=urban_points,
                         destination=destination, band_m=MIN_GAP_M if band else None,
                         gaps=gaps, approximate_label=label)
