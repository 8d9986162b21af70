"""Population, dwellings or electors from fine units into an arbitrary polygon.

Two ways in:

* points (address points, polling places, census-tract centroids carrying counts) are
  summed by a vectorised spatial join (:func:`geopandas.sjoin`, ``within``);
* polygons (census tracts, districts) are apportioned by area share of each unit inside
  the target, measured on an equal-area projection (South America Albers, ESRI:102033), or
  dasymetrically by the share of the unit's address points lying inside the target.

A unit cut by the target's boundary contributes an apportioned share: the total is then
``estimated`` (docs/GUIA.md: an estimate never decides a rule) and the shares are reported.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError

#: Equal-area CRS used for area shares: South America Albers Equal Area Conic.
EQUAL_AREA = "ESRI:102033"

#: Densification step (degrees) of lon/lat edges before projecting to the equal-area CRS.
_DENSIFY_DEG = 0.005

#: Shares within this distance of 0 or 1 count as whole units (boundary noise).
_WHOLE_EPS = 1e-6


@dataclass(frozen=True)
class Apportioned:
    """Totals of value columns inside a target polygon.

    Attributes
    ----------
    totals : dict[str, float]
        Column -> apportioned total.
    estimated : bool
        True when at least one unit is cut by the boundary (its share is between 0 and 1).
    units : pandas.DataFrame
        One row per unit touching the target: ``unit`` (id), ``share`` (0..1), ``split``
        (bool), ``weight`` (``"area"`` or ``"points"``) and each value column multiplied by
        the share.
    method : str
        ``"area"`` or ``"dasymetric"``.
    """

    totals: dict[str, float]
    estimated: bool
    units: pd.DataFrame
    method: str

    @property
    def apportioned_share(self) -> dict[str, float]:
        """Column -> fraction of the total that comes from units cut by the boundary."""
        split = self.units[self.units["split"]]
        return {c: (float(split[c].sum() / t) if t else 0.0) for c, t in self.totals.items()}


def _check_columns(gdf: pd.DataFrame, columns: list[str], what: str) -> None:
    missing = [c for c in columns if c not in gdf.columns]
    if missing:
        raise GeoError(f"{what}: faltam as colunas {missing}; encontradas {list(gdf.columns)}")
    for c in columns:
        if not pd.api.types.is_numeric_dtype(gdf[c]):
            raise GeoError(f"{what}: coluna {c!r}: encontrado o tipo {gdf[c].dtype}; esperada uma coluna numérica")


def _as_frame(target: BaseGeometry | gpd.GeoDataFrame, crs) -> gpd.GeoDataFrame:
    if isinstance(target, gpd.GeoDataFrame):
        return target
    return gpd.GeoDataFrame({"zone": ["target"]}, geometry=[target], crs=crs)


def aggregate_points(points: gpd.GeoDataFrame, zones: BaseGeometry | gpd.GeoDataFrame,
                     columns: list[str], *, zone_id: str = "zone") -> pd.DataFrame:
    """Sum point values inside each zone with a spatial join.

    Parameters
    ----------
    points : GeoDataFrame
        Point geometries (same CRS as ``zones``) with numeric ``columns``.
    zones : shapely geometry or GeoDataFrame
        One target polygon (named ``"target"``) or zones with an id column ``zone_id``.
    columns : list of str
        Numeric columns to sum; ``"n_points"`` is added with the count of points.
    zone_id : str
        Id column of ``zones``.

    Returns
    -------
    pandas.DataFrame
        Index ``zone_id`` (every zone, 0 where no point falls), columns ``columns`` and
        ``n_points``. Points on a zone boundary are not ``within`` it and are not counted.

    Raises
    ------
    GeoError
        Missing or non-numeric columns, non-point geometries, or mismatched CRSs.
    """
    _check_columns(points, columns, "points")
    zones = _as_frame(zones, points.crs)
    if zone_id not in zones.columns:
        raise GeoError(f"zones: falta a coluna de identificação {zone_id!r}; encontradas {list(zones.columns)}")
    if points.crs != zones.crs:
        raise GeoError(f"o CRS dos pontos {points.crs} difere do CRS das zonas {zones.crs}; esperado o mesmo")
    kinds = set(points.geom_type.unique())
    if not kinds <= {"Point"}:
        raise GeoError(f"points: encontradas as geometrias {sorted(kinds)}; esperado Point")
    joined = gpd.sjoin(points[columns + [points.geometry.name]], zones[[zone_id, zones.geometry.name]],
                       how="inner", predicate="within")
    sums = joined.groupby(zone_id)[columns].sum()
    sums["n_points"] = joined.groupby(zone_id).size()
    return sums.reindex(zones[zone_id]).fillna(0)


def apportion(units: gpd.GeoDataFrame, target: BaseGeometry, columns: list[str], *,
              unit_id: str, address_points: gpd.GeoDataFrame | None = None) -> Apportioned:
    """Apportion unit totals into a target polygon by area or by address points.

    Parameters
    ----------
    units : GeoDataFrame
        Polygons (EPSG:4674 or any CRS) with ``unit_id`` and numeric ``columns``
        (e.g. ``populacao``, ``domicilios``; persons / dwellings, Censo 2022).
    target : Polygon or MultiPolygon
        The area, in the CRS of ``units``.
    columns : list of str
        Columns to apportion.
    unit_id : str
        Id column of ``units``.
    address_points : GeoDataFrame, optional
        Points (e.g. CNEFE 2022 addresses). When given, a unit's share is the fraction of
        its address points inside the target (dasymetric); units holding no address point
        fall back to their area share.

    Returns
    -------
    Apportioned

    Raises
    ------
    GeoError
        Missing or non-numeric columns, an empty target, or mismatched CRSs.
    """
    _check_columns(units, columns, "units")
    if units.crs is None:
        raise GeoError("units: nenhum CRS; esperado EPSG:4674 ou outro CRS declarado")
    if unit_id not in units.columns:
        raise GeoError(f"units: falta a coluna de identificação {unit_id!r}; encontradas {list(units.columns)}")
    if target is None or target.is_empty:
        raise GeoError("apportion: o polígono de destino está vazio")
    cand = units.iloc[units.sindex.query(target, predicate="intersects")]
    # Densify before projecting so straight lon/lat edges (parallels, meridians) keep their
    # true shape in the equal-area projection.
    step = _DENSIFY_DEG if units.crs is not None and units.crs.is_geographic else None
    eq = (cand.geometry.segmentize(step) if step else cand.geometry).to_crs(EQUAL_AREA)
    tgt_s = gpd.GeoSeries([target], crs=units.crs)
    tgt = (tgt_s.segmentize(step) if step else tgt_s).to_crs(EQUAL_AREA).iloc[0]
    inside = shapely.intersection(eq.to_numpy(), tgt)
    unit_area = shapely.area(eq.to_numpy())
    share = np.divide(shapely.area(inside), unit_area, out=np.zeros(len(eq)), where=unit_area > 0)
    weight = np.array(["area"] * len(eq), dtype=object)
    if address_points is not None:
        if address_points.crs != units.crs:
            raise GeoError(f"o CRS de address_points {address_points.crs} difere do CRS de "
                           f"units {units.crs}; esperado o mesmo")
        pts = address_points[[address_points.geometry.name]]
        in_unit = gpd.sjoin(pts, cand[[unit_id, cand.geometry.name]], predicate="within")
        n_unit = in_unit.groupby(unit_id).size()
        in_tgt = shapely.within(in_unit.geometry.to_numpy(), target)
        n_in = in_unit[in_tgt].groupby(unit_id).size()
        n_u = cand[unit_id].map(n_unit).fillna(0).to_numpy()
        n_i = cand[unit_id].map(n_in).fillna(0).to_numpy()
        has = n_u > 0
        share = np.where(has, np.divide(n_i, n_u, out=np.zeros(len(eq)), where=has), share)
        weight = np.where(has, "points", "area")
    share = np.where(share < _WHOLE_EPS, 0.0, np.where(share > 1 - _WHOLE_EPS, 1.0, share))
    table = pd.DataFrame({"unit": cand[unit_id].to_numpy(), "share": share,
                          "split": (share > 0) & (share < 1), "weight": weight})
    for c in columns:
        table[c] = cand[c].to_numpy(dtype=float) * share
    table = table[table["share"] > 0].reset_index(drop=True)
    totals = {c: float(table[c].sum()) for c in columns}
    return Apportioned(totals=totals, estimated=bool(table["split"].any()), units=table,
                       method="dasymetric" if address_points is not None else "area")
