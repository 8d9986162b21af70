"""Territory facts of a candidate for the rules: art. 4 II (gap), art. 4 III (continuity), art. 3.

:func:`territory_facts` is what the profile builder calls. It measures; it never decides a
rule (``viabilidade.rules.art4`` turns these facts into results).
"""

from __future__ import annotations

from typing import Any

import geopandas as gpd
import pandas as pd
import shapely

from ..proposal.candidate import Candidate
from ..errors import GeoError
from ..profile.types import Territory
from ..common.precision import POINT_M, POLYGON_M, rounded
from ..rules.result import Basis, Figure, Status
from .continuity import DEFAULT_SLIVER_KM2, continuity, remainders_continuity
from ..data.provenance import DATASETS
from .area_file import read_area
from .distance import MIN_GAP_M, classify_gap, geodesic_distance_m, nearest_geodesic
from .measure import GEOD, geodesic_area_km2, polygonal
from .memorial import fmt_num
from .shape import shape_report
from .territory import Split, outside_parts, split_territory

#: Provenance of the store's mesh (IBGE Malha Municipal 2022 at full resolution): the official
#: data set; the copy it came from is named in the appendix only (data.provenance.RAW).
MESH_SOURCE = DATASETS["boundaries"]
MESH_VINTAGE = "2022"
#: Provenance of the seat points (IBGE Localidades 2022).
SEATS_SOURCE = DATASETS["seats"]
SEATS_VINTAGE = "2022"
#: Where a proposed seat point comes from when the candidate file gives it.
CANDIDATE_SEAT = "arquivo da candidatura (campo seat_point)"


def seat_of(seats: pd.DataFrame, code: str) -> tuple[float, float] | None:
    """(lat, lon) of a municipality's seat, or ``None`` when the table lacks it.

    Parameters
    ----------
    seats : pandas.DataFrame
        Columns ``cod_ibge`` (processed store) or ``municipio`` (a table laid out as the
        mapaslivres ``municipios.csv``), and ``lat``, ``lon`` in degrees, SIRGAS 2000.
    code : str
        7-digit IBGE code.

    Raises
    ------
    GeoError
        If the table has no code column or no ``lat``/``lon`` columns.
    """
    key = "cod_ibge" if "cod_ibge" in seats.columns else "municipio"
    missing = [c for c in (key, "lat", "lon") if c not in seats.columns]
    if missing:
        raise GeoError(f"tabela de sedes: faltam as colunas {missing}; esperadas cod_ibge (ou "
                       f"municipio), lat, lon; encontradas {list(seats.columns)}")
    hit = seats[seats[key].astype(str) == code]
    if hit.empty:
        return None
    return float(hit["lat"].iloc[0]), float(hit["lon"].iloc[0])


def _gap_bounds(candidate: Candidate, split: Split, seats: pd.DataFrame, names: dict[str, str],
                boundary_source: str, boundary_vintage: str,
                other_urban: dict[str, list[tuple[str, float, float]]] | None = None,
                seat_source: tuple[str | None, str | None] = (None, None),
                area_points: list[tuple[str, float, float]] | None = None
                ) -> tuple[Figure | None, dict[str, dict[str, Any]]]:
    """Smallest urban-point-to-territory distance over the origins, and per-origin details.

    The urban points of an origin are its seat and, under reading I-4 ``all-urban``, the
    ``other_urban`` points (vilas of its other districts) that the area does not take.
    Without the area's geometry the distance runs to the proposed seat
    (``candidate.seat_point``), else to the nearest of ``area_points`` (``(label, lat, lon)``,
    points known to lie in the area: the vilas of its districts).
    """
    targets = ([("à sede proposta", *candidate.seat_point)] if candidate.seat_point is not None
               else [(f"à {label}", lat, lon) for label, lat, lon in area_points or ()])
    per: dict[str, dict[str, Any]] = {}
    for code in candidate.origins:
        seat = seat_of(seats, code)
        if seat is None:
            per[code] = {"distance_m": None, "reason": "sede do município de origem ausente"}
            continue
        points = [(f"sede de {names.get(code, code)}", *seat)]
        for label, lat, lon in (other_urban or {}).get(code, []):
            if split.area is None or not split.area.covers(shapely.Point(lon, lat)):
                points.append((label, lat, lon))
        best = None
        for label, lat, lon in points:
            if split.area is not None:
                n = nearest_geodesic(lon, lat, split.area)
                to = "ao ponto mais próximo do território proposto"
                dist, plon, plat = n.distance_m, n.lon, n.lat
            elif targets:
                to, plat, plon = min(targets, key=lambda t: GEOD.inv(lon, lat, t[2], t[1])[2])
                dist = float(GEOD.inv(lon, lat, plon, plat)[2])
            else:
                break
            if best is None or dist < best["distance_m"]:
                best = {"seat_lat": lat, "seat_lon": lon, "from": label, "to": to,
                        "distance_m": dist, "distance_km": dist / 1000, "point_lat": plat,
                        "point_lon": plon}
        if best is None:
            per[code] = {"distance_m": None, "reason": "área sem geometria e sem sede proposta"}
            continue
        per[code] = best
    measured = {c: d for c, d in per.items() if d.get("distance_m") is not None}
    if not measured:
        return None, per
    code = min(measured, key=lambda c: measured[c]["distance_m"])
    d = measured[code]
    verdict_hint = ("abaixo de 6 km: prova o descumprimento do art. 4º, II"
                    if classify_gap(d["distance_m"], from_seat=True) is Status.FAIL else
                    "como o perímetro urbano não está nos dados, a distância real pode ser menor; "
                    "só um valor abaixo de 6 km decide")
    note = (f"Distância geodésica (elipsoide GRS80) da {d['from']} "
            f"{d['to']}: {_km(d['distance_m'], POINT_M)}; {verdict_hint}.")
    if split.area is not None:
        source = f"{SEATS_SOURCE}; limites: {boundary_source}"
        vintage = f"sedes {SEATS_VINTAGE}; limites {boundary_vintage}"
    else:
        where, when = seat_source
        source = (f"{SEATS_SOURCE}; sede proposta: {where or CANDIDATE_SEAT}"
                  if candidate.seat_point is not None else f"{SEATS_SOURCE}; {where}")
        vintage = f"sedes {SEATS_VINTAGE}" + (f"; sede proposta {when}" if when else "")
    fig = Figure(value=round(d["distance_m"], 3), unit="m", basis=Basis.MEASURED,
                 source=source, vintage=vintage, note=note, precision=POINT_M)
    return fig, per


def _km(metres: float, step: float) -> str:
    """A distance in km as the notes print it: at the data's step (never finer than 0,01 km)
    and on its side of the 6 km of art. 4 II (:func:`viabilidade.common.precision.rounded`):
    ``12753.88`` -> ``"12,75 km"``; ``5996`` -> ``"5,996 km"``, not ``"6,00 km"``."""
    km, decimals = rounded(metres / 1000, max(step / 1000, 0.01), MIN_GAP_M / 1000)
    return f"{fmt_num(km, decimals)} km"


def perimeter_gap(candidate: Candidate, split: Split, seat_source: str | None = None
                  ) -> tuple[Figure | None, Figure | None]:
    """Art. 4 II from the origin's urban perimeter file (``[origin] urban_perimeter``, I-4).

    Returns
    -------
    (gap_m, gap_bound_m) : Figure or None
        With the area's polygon: ``gap_m``, the shortest geodesic distance in metres between
        the perimeter (every polygon of the file, so one file may hold the perimeters of
        several origins) and the area (0 when they meet), basis ``measured``. Without it but
        with a proposed seat: ``gap_bound_m``, the distance from the perimeter to that seat
        (an upper bound: the area's border is nearer). ``(None, None)`` without a file.
    """
    if candidate.urban_perimeter is None:
        return None, None
    perimeter = read_area(candidate.urban_perimeter)
    name = candidate.urban_perimeter.name
    if split.area is not None:
        gap = geodesic_distance_m(perimeter, split.area)
        inside = (" O perímetro urbano toca ou invade a área proposta." if gap == 0 else "")
        return Figure(round(gap, 3), "m", Basis.MEASURED,
                      f"perímetro urbano: arquivo {name} da candidatura; área: "
                      + (candidate.boundary.name if candidate.boundary is not None
                         else "malha municipal"), "medição geodésica",
                      note=f"Menor distância geodésica (elipsoide GRS80) entre o perímetro urbano "
                           f"do município de origem ({name}) e a divisa da área proposta: "
                           f"{_km(gap, POLYGON_M)}.{inside}", precision=POLYGON_M), None
    if candidate.seat_point is None:
        return None, None
    lat, lon = candidate.seat_point
    gap = geodesic_distance_m(perimeter, shapely.Point(lon, lat))
    return None, Figure(round(gap, 3), "m", Basis.MEASURED,
                        f"perímetro urbano: arquivo {name} da candidatura; sede proposta: "
                        f"{seat_source or CANDIDATE_SEAT}",
                        "medição geodésica",
                        note=f"Distância geodésica do perímetro urbano ({name}) à sede proposta: "
                             f"{_km(gap, POINT_M)}; a divisa da área fica mais perto, "
                             "então só um valor abaixo de 6 km decide.", precision=POINT_M)


def drawn_boundary_check(candidate: Candidate, split: Split, boundaries: gpd.GeoDataFrame,
                         seats: pd.DataFrame) -> dict[str, Any] | None:
    """Where a drawn area (``[area] boundary``) lies: per origin, outside, and the seats it takes.

    Returns
    -------
    dict or None
        ``None`` without a drawn area; else ``area_km2``, ``origins`` ({code: {nome, km2,
        share}}: the part of the area in each origin, share of the area), ``outside`` (parts
        in municipalities not declared as origins, :func:`.territory.outside_parts`; at most
        2 % of the area, or the candidate is refused), ``outside_km2``, ``outside_share``,
        ``seat_inside`` ({code: bool}: the origin's seat point lies in the area) and
        ``seat_piece`` ({code: {km2, cut_off_km2}}: for a remainder left in pieces, the piece
        holding the seat and how much is cut off from it). Areas are geodesic (GRS80) km².
    """
    if candidate.boundary is None or split.area is None:
        return None
    names = dict(zip(boundaries["cod_ibge"], boundaries["nome"]))
    total = geodesic_area_km2(split.area)
    origins = {}
    for code, before in split.origins_before.items():
        km2 = geodesic_area_km2(polygonal(shapely.intersection(before, split.area)))
        origins[code] = {"nome": names.get(code, code), "km2": km2,
                         "share": km2 / total if total else 0.0}
    outside = outside_parts(split.area, boundaries, candidate.origins)
    seat_inside = {}
    for code in candidate.origins:
        seat = seat_of(seats, code)
        seat_inside[code] = bool(seat is not None
                                 and split.area.covers(shapely.Point(seat[1], seat[0])))
    seat_piece = {}
    for code, rest in split.remainders.items():
        seat = seat_of(seats, code)
        pieces = [p for p in shapely.get_parts(rest) if p.geom_type == "Polygon"]
        if seat is None or len(pieces) < 2 or seat_inside.get(code):
            continue
        here = [p for p in pieces if p.covers(shapely.Point(seat[1], seat[0]))]
        if here:
            kept = geodesic_area_km2(here[0])
            seat_piece[code] = {"km2": kept, "cut_off_km2": geodesic_area_km2(rest) - kept}
    out_km2 = sum(o["km2"] for o in outside)
    return {"area_km2": total, "origins": origins, "outside": outside, "outside_km2": out_km2,
            "outside_share": out_km2 / total if total else 0.0, "seat_inside": seat_inside,
            "seat_piece": seat_piece}


def territory_facts(candidate: Candidate, boundaries: gpd.GeoDataFrame, seats: pd.DataFrame,
                    *, sliver_tolerance_km2: float = DEFAULT_SLIVER_KM2,
                    shape: bool = True,
                    other_urban: dict[str, list[tuple[str, float, float]]] | None = None,
                    seat_source: tuple[str, str] | None = None,
                    area_points: list[tuple[str, float, float]] | None = None) -> Territory:
    """Geometry-derived facts of a candidate for art. 4 II, III and art. 3.

    Parameters
    ----------
    candidate : Candidate
        From :func:`viabilidade.proposal.candidate.load_candidate`.
    boundaries : GeoDataFrame
        ``cod_ibge, nome, geometry`` in EPSG:4674 (the store's ``boundaries`` or
        :func:`viabilidade.data.geometry.read_boundaries`); ``boundaries.attrs["source"]``
        and ``["vintage"]``, when set, name the data set, else the store's mesh (IBGE Malha
        Municipal 2022) is assumed.
    seats : pandas.DataFrame
        Seat points: ``cod_ibge`` (or ``municipio``), ``lat``, ``lon`` (SIRGAS 2000).
    sliver_tolerance_km2 : float
        docs/LEITURAS.md I-5: remainder or area pieces below this are ignored (km²).
    shape : bool
        Compute art. 3 shape metrics with state percentiles (about 10 s the first time per
        boundary set; cached afterwards).
    other_urban : dict, optional
        Origin code -> ``[(label, lat, lon)]``: urban points of the origin besides its seat
        (reading I-4 ``all-urban``: the vilas of its other districts); those inside the area
        are ignored. The seat-to-territory bound is then the smallest over them.
    seat_source : (str, str), optional
        Where ``candidate.seat_point`` came from, in Portuguese, and its vintage, for the
        sources of the art. 4 II figures (``("vila do distrito Posse d'Abadia (IBGE,
        Localidades 2022)", "2022")``); default: the candidate file's ``seat_point``.
    area_points : list of (str, float, float), optional
        Without ``candidate.seat_point`` and without the area's geometry: points known to lie
        in the area (``("vila do distrito Davidópolis (520890530)", lat, lon)``, the vilas of
        its districts); the bound runs to the nearest, and ``seat_source`` names their source.

    Returns
    -------
    Territory
        ``gap_m`` is measured from the origin's urban perimeter file when the candidate
        has one (:func:`perimeter_gap`), else ``None`` (no urban-perimeter polygons exist in
        the data); ``gap_bound_m`` is the smallest geodesic distance in metres from an origin's seat to
        the new territory (or to the proposed seat when the area has no geometry), basis
        ``measured``; ``remainder_parts`` / ``remainder_point_touch`` by origin code and
        ``area_parts`` are empty / ``None`` when the area has no geometry (the rules must
        then be ``indeterminate``; ``details["no_geometry_reason"]`` says why). ``details``
        holds ``area_km2``, ``origins_before_km2``, ``remainders_km2`` (geodesic, GRS80),
        ``retrospective``, ``sliver_tolerance_km2``, ``remainder_pieces_km2``,
        ``gap_by_origin``, ``shape`` ({metric: {value, percentile}}) and, for a drawn
        area, ``drawn_boundary`` (:func:`drawn_boundary_check`).

    Raises
    ------
    GeoError
        If an origin or area municipality has no polygon, or the seats table is malformed.
    """
    split = split_territory(candidate, boundaries)
    names = dict(zip(boundaries["cod_ibge"], boundaries["nome"].fillna("")))
    names = {k: (v or k) for k, v in names.items()}
    source = boundaries.attrs.get("source", MESH_SOURCE)
    gap_bound, per_origin = _gap_bounds(candidate, split, seats, names, source,
                                        boundaries.attrs.get("vintage", MESH_VINTAGE),
                                        other_urban, seat_source or (None, None), area_points)
    areas = split.areas_km2()
    details: dict[str, Any] = {
        "retrospective": split.retrospective,
        "sliver_tolerance_km2": sliver_tolerance_km2,
        "area_km2": areas["area"],
        "origins_before_km2": areas["origins_before"],
        "remainders_km2": areas["remainders"],
        "gap_by_origin": per_origin,
    }
    gap, perimeter_bound = perimeter_gap(candidate, split, (seat_source or (None, None))[0])
    if perimeter_bound is not None and (gap_bound is None or perimeter_bound.value < gap_bound.value):
        gap_bound = perimeter_bound
    check = drawn_boundary_check(candidate, split, boundaries, seats)
    if check is not None:
        details["drawn_boundary"] = check
    if split.area is None:
        details["no_geometry_reason"] = split.note
        return Territory(gap_m=gap, gap_bound_m=gap_bound, source=source, details=details)
    parts, touch, pieces = remainders_continuity(split.remainders.items(),
                                                 sliver_tolerance_km2=sliver_tolerance_km2)
    area_c = continuity(split.area, sliver_tolerance_km2=sliver_tolerance_km2)
    details["remainder_pieces_km2"] = pieces
    details["area_pieces_km2"] = list(area_c.part_areas_km2)
    if shape:
        details["shape"] = shape_report(shapely.union_all(
            [p for p in shapely.get_parts(split.area) if p.geom_type == "Polygon"]), boundaries)
    return Territory(gap_m=gap, gap_bound_m=gap_bound, remainder_parts=parts,
                     remainder_point_touch=touch, area_parts=area_c.parts, source=source,
                     details=details)
