"""Approximate territory of IBGE districts, for maps only: Voronoi cells of the district seats.

The project's data have no district polygons (IBGE publishes no malha de distritos for Goiás in
the sources used), so an area given as whole districts cannot be drawn. To show *where* such an
area lies, each district of a municipality is given the part of the municipality nearer to its
seat (the municipal seat for the seat district, the IBGE Localidades 2022 vila for the others)
than to any other district seat of the same municipality: the Voronoi cells of the seats,
computed in SIRGAS 2000 / UTM metres and clipped to the municipal polygon.

These cells are a picture, not a measurement: they are never used by a rule, never enter an
area in km² and are always drawn hatched with :data:`APPROX_LABEL`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from .measure import polygonal, utm_crs

#: Label of every approximate territory (legend and map).
APPROX_LABEL = "território aproximado — não é limite legal"

#: Columns of :func:`district_points`.
POINT_COLUMNS = ["cod_distrito", "cod_ibge", "nome", "lat", "lon", "ponto"]


def district_points(store, districts: Sequence[str]) -> pd.DataFrame:
    """Seat point of each district: its vila (IBGE Localidades 2022), else the municipal seat.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        Needs ``districts`` (``cod_distrito, nome, cod_ibge, sede``), ``vilas``
        (``cod_distrito, lat, lon``) and ``seats`` (``cod_ibge, lat, lon``), SIRGAS 2000 degrees.
    districts : sequence of str
        9-digit district codes.

    Returns
    -------
    pandas.DataFrame
        :data:`POINT_COLUMNS`, one row per district that has a point, in the order of the
        store; ``ponto`` is ``"sede municipal"`` for a seat district (or a district without a
        vila, which takes the municipal seat) and ``"vila"`` otherwise. Districts unknown to
        the store or without any point are left out.
    """
    if not len(districts):
        return pd.DataFrame(columns=POINT_COLUMNS)
    d = store.districts[store.districts["cod_distrito"].isin(list(districts))][
        ["cod_distrito", "cod_ibge", "nome", "sede"]]
    vilas = store.vilas[["cod_distrito", "lat", "lon"]].drop_duplicates("cod_distrito")
    seats = store.seats[["cod_ibge", "lat", "lon"]].rename(columns={"lat": "slat", "lon": "slon"})
    m = d.merge(vilas, on="cod_distrito", how="left").merge(seats, on="cod_ibge", how="left")
    use_seat = m["sede"].astype(bool) | m["lat"].isna()
    m["lat"] = np.where(use_seat, m["slat"], m["lat"])
    m["lon"] = np.where(use_seat, m["slon"], m["lon"])
    m["ponto"] = np.where(use_seat, "sede municipal", "vila")
    return m.dropna(subset=["lat", "lon"])[POINT_COLUMNS].reset_index(drop=True)


def voronoi_cells(territory: BaseGeometry, points: Mapping[str, tuple[float, float]]
                  ) -> dict[str, BaseGeometry]:
    """The part of ``territory`` nearer to each point than to any other (Voronoi cells).

    Parameters
    ----------
    territory : shapely geometry
        Polygon(s) in EPSG:4674 degrees (a municipality).
    points : mapping
        Key -> ``(lon, lat)`` in EPSG:4674 degrees; distinct points.

    Returns
    -------
    dict
        Key -> cell (EPSG:4674), clipped to ``territory``; one point gives the whole
        territory. Cells are computed in SIRGAS 2000 / UTM of the territory's zone, so
        "nearer" is in metres (within the UTM scale error, < 0.1 %), not in degrees.
    """
    if not points:
        return {}
    if len(points) == 1:
        return {next(iter(points)): territory}
    crs = utm_crs(territory)
    keys = list(points)
    pts = gpd.GeoSeries([shapely.Point(points[k]) for k in keys], crs="EPSG:4674").to_crs(crs)
    terr = gpd.GeoSeries([territory], crs="EPSG:4674").to_crs(crs).iloc[0]
    minx, miny, maxx, maxy = terr.bounds
    pad = 2 * max(maxx - minx, maxy - miny)
    frame = shapely.box(minx - pad, miny - pad, maxx + pad, maxy + pad)
    polys = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint(list(pts)), extend_to=frame))
    # Clip slightly outside in metres, then exactly in degrees: the cells stay inside the
    # territory's own (unprojected) outline.
    clip = terr.buffer(100.0)
    cells = [polygonal(shapely.intersection(next(c for c in polys if c.covers(p)), clip))
             for p in pts]
    back = gpd.GeoSeries(cells, crs=crs).to_crs("EPSG:4674")
    return {k: polygonal(shapely.intersection(g, territory)) for k, g in zip(keys, back)}


@dataclass(frozen=True)
class Approximation:
    """Approximate territory of some districts (for drawing only).

    Attributes
    ----------
    cells : dict[str, geometry]
        District code -> approximate cell (EPSG:4674) for each requested district whose
        municipality could be divided (every district of it has a point).
    points : pandas.DataFrame
        :func:`district_points` of the requested districts.
    missing : list[str]
        Requested districts drawn without a cell (their municipality has a district without
        any point, or no polygon), for the caption.
    """

    cells: dict[str, BaseGeometry] = field(default_factory=dict)
    points: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=POINT_COLUMNS))
    missing: list[str] = field(default_factory=list)


def approximate_districts(store, districts: Sequence[str]) -> Approximation:
    """Approximate cells of ``districts``: Voronoi cells of all district seats of each of
    their municipalities, clipped to the municipal polygon (:func:`voronoi_cells`).

    Parameters
    ----------
    store : viabilidade.data.store.Store
        ``districts``, ``vilas``, ``seats`` (see :func:`district_points`) and ``boundaries``
        (``cod_ibge, geometry``, EPSG:4674).
    districts : sequence of str
        9-digit district codes of the area.

    Returns
    -------
    Approximation
    """
    points = district_points(store, districts)
    wanted = set(districts)
    cells: dict[str, BaseGeometry] = {}
    missing: list[str] = []
    all_districts = store.districts
    for code in sorted({str(c) for c in all_districts.loc[
            all_districts["cod_distrito"].isin(list(wanted)), "cod_ibge"]}):
        siblings = all_districts.loc[all_districts["cod_ibge"] == code, "cod_distrito"].tolist()
        sib_points = district_points(store, siblings)
        poly = store.boundaries.geometry[store.boundaries["cod_ibge"] == code]
        mine = [d for d in siblings if d in wanted]
        if poly.empty or len(sib_points) < len(siblings):
            missing += mine
            continue
        got = voronoi_cells(shapely.union_all(poly.to_numpy()),
                            {r.cod_distrito: (float(r.lon), float(r.lat))
                             for r in sib_points.itertuples()})
        cells.update({d: got[d] for d in mine})
    missing += sorted(wanted - set(cells) - set(missing))
    return Approximation(cells=cells, points=points, missing=missing)
