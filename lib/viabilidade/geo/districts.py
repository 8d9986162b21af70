"""District territories: Voronoi cells of the district seats inside each municipality, or the
IBGE census tracts of each district when the store holds them (:mod:`.tracts`).

Without tracts (the committed store), the project's data (``shared/data``) hold no district
polygons for Goiás, only each district's Censo 2022 counts and the point of its seat: the
municipal seat for the *sede* district and the *vila* for every other district (both IBGE
Localidades 2022; a vila's ``CD_LOCALIDADE`` is its district's code, so the link is the
IBGE's own). Each district is approximated by the part of its municipality nearer to its own
seat than to any other district seat of the municipality (a Voronoi cell, clipped to the
municipality's polygon). These cells are **not** legal limits: they serve to
apportion counts to a drawn area and to draw an approximate territory labelled as such.

The cells are computed in metres, on SIRGAS 2000 / UTM of the municipality's zone (22S or
23S, :func:`.measure.utm_crs`): a Voronoi edge is the line of points equally far from two
seats, and a conformal projection keeps distances the same in every direction at a point
(scale 0,9996–1,0010 inside a zone), whereas lon/lat degrees count an east-west degree as
long as a north-south one although it is cos(latitude) ≈ 0,95–0,97 as long in Goiás, and an
equal-area projection (South America Albers) trades that for a direction-dependent scale.
Checked against the geodesic nearest seat (GRS80) over the 52 municipalities with two or
more district seats (docs/CONTRACTS.md), UTM cells misassign the least area. The edges,
straight in UTM, are densified every :data:`DENSIFY_M` before going back to degrees, and
clipped there to the municipality's own polygon, so the outer limit is never reprojected.
"""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from ..errors import GeoError
from .measure import utm_crs
from .territory import municipality_geometry

SIRGAS2000 = "EPSG:4674"

#: Step (metres) at which a Voronoi edge, straight in UTM, is densified before it is taken
#: back to degrees (where it is very slightly curved).
DENSIFY_M = 250.0


def district_points(store, municipalities: list[str] | tuple[str, ...]) -> gpd.GeoDataFrame:
    """The seat point of every district of the given municipalities.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        Needs ``districts`` (cod_distrito, nome, cod_ibge, sede), ``seats`` (cod_ibge, lat,
        lon) and ``vilas`` (cod_distrito, lat, lon).
    municipalities : sequence of str
        7-digit IBGE codes.

    Returns
    -------
    GeoDataFrame
        ``cod_distrito, cod_ibge, nome, ponto`` (``"sede municipal"`` or ``"vila"``) and
        Point ``geometry`` (EPSG:4674); districts with no known point are left out. Made once
        per store and set of municipalities (the explorer asks at every change: the profile,
        the seats on the map, the seat choices); a copy is returned.
    """
    cache = getattr(store, "_cache", None)
    key = ("_district_points", tuple(sorted(set(map(str, municipalities)))))
    if cache is not None and key in cache:
        return cache[key].copy()
    out = _district_points(store, municipalities)
    if cache is not None:
        cache[key] = out
    return out.copy()


def _district_points(store, municipalities) -> gpd.GeoDataFrame:
    d = store.districts[store.districts["cod_ibge"].isin(list(municipalities))]
    seats = store.seats.set_index("cod_ibge")
    vilas = store.vilas.drop_duplicates("cod_distrito").set_index("cod_distrito")
    rows = []
    for r in d.itertuples(index=False):
        if bool(r.sede):
            if r.cod_ibge not in seats.index:
                continue
            lat, lon, kind = (seats.at[r.cod_ibge, "lat"], seats.at[r.cod_ibge, "lon"],
                              "sede municipal")
        elif r.cod_distrito in vilas.index:
            lat, lon, kind = (vilas.at[r.cod_distrito, "lat"], vilas.at[r.cod_distrito, "lon"],
                              "vila")
        else:
            continue
        rows.append({"cod_distrito": r.cod_distrito, "cod_ibge": r.cod_ibge, "nome": r.nome,
                     "ponto": kind, "lon": float(lon), "lat": float(lat)})
    frame = pd.DataFrame(rows, columns=["cod_distrito", "cod_ibge", "nome", "ponto", "lon", "lat"])
    return gpd.GeoDataFrame(frame.drop(columns=["lon", "lat"]),
                            geometry=gpd.points_from_xy(frame["lon"], frame["lat"]),
                            crs=SIRGAS2000)


def voronoi_cells(region, points: gpd.GeoSeries) -> list:
    """The part of ``region`` nearer to each point than to the others, computed in metres.

    Parameters
    ----------
    region : Polygon or MultiPolygon
        EPSG:4674 degrees (a municipality).
    points : GeoSeries
        Points in EPSG:4674, at least two, inside or near ``region``.

    Returns
    -------
    list of shapely geometry
        One cell per point, in order (EPSG:4674), clipped to ``region``; an empty Polygon for
        a point no cell covers (a duplicate point).
    """
    crs = utm_crs(region)
    metric = gpd.GeoSeries(list(points), crs=SIRGAS2000).to_crs(crs)
    frame = gpd.GeoSeries([region], crs=SIRGAS2000).to_crs(crs).iloc[0]
    # a 1 km margin keeps the region's extreme vertices off the diagram's outer edge
    margin = shapely.buffer(shapely.envelope(frame), 1000.0, join_style="mitre")
    regions = gpd.GeoSeries(shapely.get_parts(shapely.voronoi_polygons(
        shapely.MultiPoint(list(metric)), extend_to=margin)), crs=crs)
    back = regions.segmentize(DENSIFY_M).to_crs(SIRGAS2000)
    cells = []
    for p in metric:
        hit = [i for i, r in enumerate(regions) if r.covers(p)]
        cells.append(shapely.intersection(back.iloc[hit[0]], region) if hit else shapely.Polygon())
    return cells


def district_cells(store, municipalities: list[str] | tuple[str, ...]) -> gpd.GeoDataFrame:
    """Approximate territory of every district of the given municipalities.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        As for :func:`district_points`, plus ``boundaries`` (municipality polygons).
    municipalities : sequence of str
        7-digit IBGE codes.

    Returns
    -------
    GeoDataFrame
        One row per district: ``cod_distrito, cod_ibge, nome, ponto``, the
        Censo 2022 counts ``populacao`` and ``domicilios_ocupados``, ``limite`` and the
        Polygon ``geometry`` (EPSG:4674). When the store holds the census tracts of the
        municipality (:func:`viabilidade.geo.tracts.covers`), the geometry is the union of
        the district's tracts (:func:`viabilidade.geo.tracts.district_polygons`) and
        ``limite`` is ``"setores"``: the IBGE's own district limit, every district of the
        municipality listed (``ponto`` empty for one without a known point).
        Otherwise it is the district's Voronoi cell (:func:`voronoi_cells`, in metres)
        clipped to the municipality, ``limite`` ``"aproximado"``; a municipality with one
        district (or one known point) is one cell: its polygon.

    Raises
    ------
    GeoError
        If a municipality has no polygon, or has districts but none with a known point
        (without tracts).
    """
    from .tracts import covers, district_polygons

    points = district_points(store, municipalities)
    counts = store.districts.set_index("cod_distrito")[["populacao", "domicilios_ocupados",
                                                        "nome"]]
    rows = []
    for code in municipalities:
        if covers(store, [code]):
            known = points.set_index("cod_distrito")
            for d in district_polygons(store, [code]).itertuples(index=False):
                has = d.cod_distrito in known.index
                rows.append({"cod_distrito": d.cod_distrito, "cod_ibge": code,
                             "nome": str(counts.at[d.cod_distrito, "nome"]),
                             "ponto": known.at[d.cod_distrito, "ponto"] if has else "",
                             "populacao": int(counts.at[d.cod_distrito, "populacao"]),
                             "domicilios_ocupados": int(counts.at[d.cod_distrito,
                                                                  "domicilios_ocupados"]),
                             "limite": "setores", "geometry": d.geometry})
            continue
        muni = municipality_geometry(store.boundaries, code)
        pts = points[points["cod_ibge"] == code]
        if pts.empty:
            raise GeoError(f"município {code}: nenhum distrito com ponto de sede conhecido; "
                           "esperada a sede municipal ou a vila de ao menos um distrito")
        cells = [muni] if len(pts) == 1 else voronoi_cells(muni, pts.geometry)
        for (_, p), cell in zip(pts.iterrows(), cells):
            rows.append({**{k: p[k] for k in ("cod_distrito", "cod_ibge", "nome", "ponto")},
                         "populacao": int(counts.at[p["cod_distrito"], "populacao"]),
                         "domicilios_ocupados": int(counts.at[p["cod_distrito"],
                                                              "domicilios_ocupados"]),
                         "limite": "aproximado", "geometry": cell})
    out = gpd.GeoDataFrame(rows, geometry="geometry", crs=SIRGAS2000)
    out["populacao"] = out["populacao"].astype(np.int64)
    out["domicilios_ocupados"] = out["domicilios_ocupados"].astype(np.int64)
    return out


def seats_of_districts(store, districts) -> pd.DataFrame:
    """Seat point of each of ``districts`` (:func:`district_points`), as latitude/longitude.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        As for :func:`district_points`.
    districts : sequence of str
        9-digit district codes.

    Returns
    -------
    pandas.DataFrame
        ``cod_distrito, cod_ibge, nome, ponto, lat, lon`` (EPSG:4674 degrees), in
        code order; districts unknown to the store or without a known point are left out.
    """
    wanted = [str(c) for c in districts]
    d = store.districts
    munis = sorted(set(d.loc[d["cod_distrito"].isin(wanted), "cod_ibge"]))
    pts = district_points(store, munis)
    pts = pts[pts["cod_distrito"].isin(wanted)].sort_values("cod_distrito")
    out = pd.DataFrame(pts.drop(columns="geometry"))
    out["lat"], out["lon"] = pts.geometry.y.to_numpy(), pts.geometry.x.to_numpy()
    return out.reset_index(drop=True)
