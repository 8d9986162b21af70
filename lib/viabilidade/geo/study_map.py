"""The map of one candidate from the processed store: which layers, seats and names to draw.

:func:`candidate_map` chooses what :func:`viabilidade.geo.maps.territory_map` draws:

- the area's polygon when it has one (whole municipalities — a creation, a transfer, a
  fusion — or a boundary file), with the limits between fused municipalities;
- otherwise, for an area of IBGE districts, the approximate territory of the districts
  (:mod:`viabilidade.geo.approximate`) and their seat points;
- each origin with its seat and the 6 km band of art. 4 II (around the urban perimeter when
  one is given, else around the seat), and the neighbouring municipalities faintly.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from matplotlib.figure import Figure
from shapely.geometry.base import BaseGeometry

from ..candidate import Candidate
from .approximate import Approximation, approximate_districts
from .facts import seat_of
from .maps import territory_map
from .territory import Split, municipality_geometry, split_territory


def _key(name: str) -> str:
    s = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode("ascii")
    return "".join(ch for ch in s.lower() if ch.isalnum())


def proposed_seat(candidate: Candidate, store, approx: Approximation | None = None
                  ) -> tuple[float, float] | None:
    """(lat, lon) of the proposed seat: the candidate's ``seat_point``; else the point of the
    area's district or municipality named like ``candidate.seat``; else the only such point.

    Returns ``None`` when no point can be told (several districts or municipalities, none
    named like the seat).
    """
    if candidate.seat_point is not None:
        return candidate.seat_point
    pts = approx.points if approx is not None else None
    if pts is not None and len(pts):
        hit = pts[pts["nome"].map(_key) == _key(candidate.seat)]
        row = hit.iloc[0] if len(hit) else (pts.iloc[0] if len(pts) == 1 else None)
        if row is not None:
            return float(row["lat"]), float(row["lon"])
    munis = store.municipalities[store.municipalities["cod_ibge"].isin(candidate.municipalities)]
    hit = munis[munis["nome"].map(_key) == _key(candidate.seat)]
    code = (hit["cod_ibge"].iloc[0] if len(hit)
            else (candidate.municipalities[0] if len(candidate.municipalities) == 1 else None))
    return seat_of(store.seats, code) if code else None


def candidate_map(candidate: Candidate, store, *, split: Split | None = None, source: str = "",
                  perimeters: Mapping[str, BaseGeometry] | None = None,
                  title: str | None = None, figsize: tuple[float, float] = (6.6, 5.4)) -> Figure:
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

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        From :func:`viabilidade.geo.territory.split_territory` (a municipality without polygon,
        an unreadable boundary file) or when nothing can be drawn.
    """
    split = split if split is not None else split_territory(candidate, store.boundaries)
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    origin_seats = {o: s for o in candidate.origins if (s := seat_of(store.seats, o)) is not None}
    approx = None
    if split.area is None and candidate.districts:
        approx = approximate_districts(store, candidate.districts)
    seat = proposed_seat(candidate, store, approx)
    label = {"area": f"{candidate.seat} (sede proposta)"}
    others: dict[str, tuple[float, float, str]] = {}
    if approx is not None:
        for r in approx.points.itertuples():
            point = (float(r.lat), float(r.lon))
            if seat is not None and point == tuple(seat):
                continue
            others[str(r.nome)] = (*point, "vila" if r.ponto == "vila" else "sede municipal")
    outlines = []
    if len(candidate.municipalities) > 1 and split.area is not None:
        outlines = [municipality_geometry(store.boundaries, c) for c in candidate.municipalities]
        for c in candidate.municipalities:
            s = seat_of(store.seats, c)
            if s is not None and (seat is None or tuple(s) != tuple(seat)):
                others[names.get(c, c)] = (*s, "sede municipal")
    return territory_map(split, title=title or candidate.name, origin_seats=origin_seats,
                         area_seat=seat, names={**names, **label}, source=source,
                         approximate=approx.cells if approx is not None else None,
                         perimeters=perimeters, other_seats=others, outlines=outlines,
                         context=store.boundaries, figsize=figsize)
