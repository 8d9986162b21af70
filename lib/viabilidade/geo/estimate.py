"""Counts of a drawn area, apportioned from the districts it overlaps, two ways.

A drawn area (``[area] boundary``) rarely follows district limits. When the store holds no
census tracts (:mod:`.tracts`, the default), its population and dwellings are estimated from
the Censo 2022 counts of the districts it overlaps (their approximate territories,
:mod:`.districts`):

* **by area** — each district's count spread evenly over its territory, so the area gets
  the share of the district's territory it covers (:func:`.aggregate.apportion`, equal-area
  projection);
* **dasymetric by seat points** — each district's count sits at its seat (the municipal seat
  or the district's vila, where people live), so the area gets a district's whole count
  when it holds its seat and none otherwise (:func:`.aggregate.apportion` with the seat
  points; a district whose seat point falls outside its municipality's polygon keeps its
  area share).

The estimate is the midpoint of the two and its uncertainty half their difference: the
interval ``estimate ± uncertainty`` runs exactly from one method to the other.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from .aggregate import apportion
from .districts import district_cells, district_points

#: Counts apportioned (Censo 2022 columns of the processed ``districts`` table).
COLUMNS = ["populacao", "domicilios_ocupados"]


@dataclass(frozen=True)
class AreaEstimate:
    """A drawn area's counts by the two methods, per district touched.

    Attributes
    ----------
    units : pandas.DataFrame
        One row per district whose territory the area overlaps: ``cod_distrito``,
        ``cod_ibge``, ``nome``, ``ponto`` (``"sede municipal"``/``"vila"``),
        ``share_area`` and ``share_points`` (0..1), and for each of :data:`COLUMNS` the
        district's total and ``<col>_area`` / ``<col>_pontos`` (its apportioned counts).
    """

    units: pd.DataFrame

    def by_area(self, column: str, cod_ibge: str | None = None) -> float:
        """Total of ``column`` apportioned by area (optionally for one municipality)."""
        return float(self._rows(cod_ibge)[f"{column}_area"].sum())

    def by_points(self, column: str, cod_ibge: str | None = None) -> float:
        """Total of ``column`` apportioned by seat points (optionally for one municipality)."""
        return float(self._rows(cod_ibge)[f"{column}_pontos"].sum())

    def midpoint(self, column: str, cod_ibge: str | None = None) -> tuple[float, float]:
        """``(estimate, uncertainty)``: midpoint of the two methods and half their difference."""
        a, p = self.by_area(column, cod_ibge), self.by_points(column, cod_ibge)
        return (a + p) / 2, abs(a - p) / 2

    def _rows(self, cod_ibge: str | None) -> pd.DataFrame:
        return self.units if cod_ibge is None else self.units[self.units["cod_ibge"] == cod_ibge]


def overlapped_municipalities(store, area: BaseGeometry) -> list[str]:
    """7-digit codes of the municipalities sharing some area with ``area`` (EPSG:4674), in
    the order of the store's ``boundaries``."""
    b = store.boundaries
    hit = b.iloc[b.sindex.query(area, predicate="intersects")]
    return [c for c, g in zip(hit["cod_ibge"], hit.geometry)
            if shapely.area(shapely.intersection(g, area)) > 0]


def estimate_area(store, area: BaseGeometry) -> AreaEstimate:
    """Apportion the Censo 2022 counts of the districts a drawn area overlaps.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        ``boundaries``, ``districts``, ``seats``, ``vilas``.
    area : Polygon or MultiPolygon
        EPSG:4674 degrees (:func:`viabilidade.geo.area_file.read_area`).

    Returns
    -------
    AreaEstimate
        Every district of every municipality the area overlaps, with its shares; rows with
        both shares 0 are dropped.

    Raises
    ------
    GeoError
        From :func:`.districts.district_cells` or :func:`.aggregate.apportion`.
    """
    munis = overlapped_municipalities(store, area)
    cells = district_cells(store, munis)
    by_area = apportion(cells, area, COLUMNS, unit_id="cod_distrito")
    points = district_points(store, munis)
    by_points = apportion(cells, area, COLUMNS, unit_id="cod_distrito",
                          address_points=gpd.GeoDataFrame(geometry=points.geometry, crs=points.crs))
    table = cells.drop(columns="geometry").copy()
    for method, res in (("area", by_area), ("pontos", by_points)):
        u = res.units.set_index("unit")
        share = table["cod_distrito"].map(u["share"]).fillna(0.0)
        table[f"share_{'area' if method == 'area' else 'points'}"] = share
        for c in COLUMNS:
            table[f"{c}_{method}"] = table[c] * share
    keep = (table["share_area"] > 0) | (table["share_points"] > 0)
    return AreaEstimate(units=table[keep].reset_index(drop=True))
