"""Census tracts (IBGE, Censo 2022) in the geometry: a drawn area's counts and district limits.

Used only when the store holds the ``tracts`` table (:mod:`viabilidade.data.tracts`; built
when the user put the IBGE tract files in the raw folder); otherwise the approximate method
of :mod:`.estimate` and :mod:`.districts` stays.

* :func:`apportion_tracts` — a drawn area's population and households from the tracts it
  overlaps: a tract wholly inside counts exactly; a tract the border cuts counts by the share
  of its area inside (equal-area projection, :func:`.aggregate.apportion`), and only those
  split tracts carry uncertainty: the largest error possible, all of the tract's count
  inside or all outside (:meth:`TractEstimate.value`).
* :func:`district_polygons` — each district as the union of its tracts (``CD_DIST``): the
  IBGE's own district limit as the tract mesh draws it, not an approximation.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from .aggregate import apportion

#: Counts apportioned from each tract (Censo 2022, Agregados por Setores — Básico).
COLUMNS = ["populacao", "domicilios", "domicilios_ocupados"]

#: How documents name a district limit taken from the tracts (map legend, captions).
TRACT_LIMIT_LABEL = "limite de distrito segundo a malha de setores do IBGE 2022"
#: The data set, as source lines name it.
TRACT_SOURCE = ("IBGE, Malha de Setores Censitários e Agregados por Setores Censitários — "
                "Básico, Censo Demográfico 2022")


def store_tracts(store) -> gpd.GeoDataFrame | None:
    """The store's ``tracts`` table, or ``None`` when the store was built without tracts."""
    try:
        return getattr(store, "tracts", None)
    except AttributeError:
        return None


def covers(store, municipalities) -> bool:
    """True when the store has tracts for every one of ``municipalities`` (7-digit codes)."""
    t = store_tracts(store)
    if t is None or not len(municipalities):
        return False
    return set(municipalities) <= set(t["cod_ibge"])


def districts_have_tracts(store, districts) -> bool:
    """True when the store has the census tracts of the municipalities of ``districts``
    (9-digit codes): their limits are then the IBGE's own (:func:`district_polygons`)."""
    d = store.districts
    munis = sorted(set(d.loc[d["cod_distrito"].isin(list(districts)), "cod_ibge"]))
    return covers(store, munis)


@dataclass(frozen=True)
class TractEstimate:
    """A drawn area's counts from the census tracts it overlaps.

    Attributes
    ----------
    units : pandas.DataFrame
        One row per tract with area inside: ``cod_setor, cod_distrito, cod_ibge, situacao,
        cd_sit``, ``share`` (0..1 of the tract's area inside; 1 for a whole tract),
        ``split`` (bool), and for each of :data:`COLUMNS` the tract's count and
        ``<col>_area`` (count × share).
    """

    units: pd.DataFrame

    def _rows(self, cod_ibge: str | None = None, urban: bool = False) -> pd.DataFrame:
        rows = self.units
        if cod_ibge is not None:
            rows = rows[rows["cod_ibge"] == cod_ibge]
        if urban:
            from ..data.tracts import URBAN

            rows = rows[rows["situacao"] == URBAN]
        return rows

    def value(self, column: str, cod_ibge: str | None = None, *, urban: bool = False
              ) -> tuple[float, float]:
        """``(estimate, uncertainty)`` of ``column`` inside the area.

        The estimate is the whole tracts' exact sum plus each split tract's count × its area
        share. The uncertainty is the largest error the split tracts allow: for each, count ×
        max(share, 1 − share), the gap to all of its count inside or all outside — so the
        true count lies within ``estimate ± uncertainty``; whole tracts add none.

        Parameters
        ----------
        column : str
            One of :data:`COLUMNS`.
        cod_ibge : str, optional
            Only the tracts of this municipality.
        urban : bool
            Only urban tracts (``situacao`` ``Urbana``, CD_SIT 1–3).
        """
        rows = self._rows(cod_ibge, urban)
        split = rows[rows["split"]]
        unc = float((split[column] * np.maximum(split["share"], 1 - split["share"])).sum())
        return float(rows[f"{column}_area"].sum()), unc

    def exact(self, cod_ibge: str | None = None) -> bool:
        """True when no tract is split: the area is a union of whole tracts."""
        return not bool(self._rows(cod_ibge)["split"].any())

    def counts(self, cod_ibge: str | None = None) -> tuple[int, int]:
        """``(whole, split)``: how many tracts lie wholly inside and how many the border cuts."""
        rows = self._rows(cod_ibge)
        return int((~rows["split"]).sum()), int(rows["split"].sum())


def apportion_tracts(store, area: BaseGeometry) -> TractEstimate:
    """Apportion the Censo 2022 tract counts into a drawn area.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        With the ``tracts`` table.
    area : Polygon or MultiPolygon
        EPSG:4674 (:func:`viabilidade.geo.area_file.read_area`).

    Returns
    -------
    TractEstimate
        Tracts with area inside; shares within 10⁻⁶ of 0 or 1 count as none or whole
        (boundary noise of the two files, :func:`.aggregate.apportion`).

    Raises
    ------
    GeoError
        From :func:`.aggregate.apportion` (an empty area).
    """
    tracts = store_tracts(store)
    res = apportion(tracts, area, COLUMNS, unit_id="cod_setor")
    info = tracts.drop(columns="geometry").set_index("cod_setor")
    u = res.units.rename(columns={"unit": "cod_setor"}).set_index("cod_setor")
    table = info.loc[u.index].reset_index()
    table["share"] = u["share"].to_numpy()
    table["split"] = u["split"].to_numpy()
    for c in COLUMNS:
        table[f"{c}_area"] = table[c] * table["share"]
    return TractEstimate(units=table.sort_values("cod_setor").reset_index(drop=True))


def district_polygons(store, municipalities) -> gpd.GeoDataFrame:
    """Each district of ``municipalities`` as the union of its census tracts.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        With the ``tracts`` table.
    municipalities : sequence of str
        7-digit codes (all must have tracts, :func:`covers`).

    Returns
    -------
    GeoDataFrame
        ``cod_distrito, cod_ibge, geometry`` (EPSG:4674), one row per district that has
        tracts, in code order.
    """
    cache = getattr(store, "_cache", None)
    key = ("_district_polygons", tuple(sorted(municipalities)))
    if cache is not None and key in cache:
        return cache[key].copy()
    t = store_tracts(store)
    t = t[t["cod_ibge"].isin(list(municipalities))]
    rows = [{"cod_distrito": d, "cod_ibge": g["cod_ibge"].iloc[0],
             "geometry": shapely.union_all(g.geometry.to_numpy())}
            for d, g in t.groupby("cod_distrito", sort=True)]
    out = gpd.GeoDataFrame(rows, columns=["cod_distrito", "cod_ibge", "geometry"],
                           geometry="geometry", crs="EPSG:4674")
    if cache is not None:  # a municipality's union of thousands of tracts is made once
        cache[key] = out
    return out.copy()


def remainder_continuity(store, districts, origins, *, sliver_tolerance_km2: float) -> dict:
    """Art. 4 III on the tract mesh: each origin's remainder when the area is whole districts.

    The remainder is the union of the origin's districts not in the area, each district the
    union of its census tracts (:func:`district_polygons`): the IBGE's own district limits,
    measured, not approximated.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        With the ``tracts`` table covering the origins (:func:`covers`).
    districts : sequence of str
        The area's districts (9-digit codes).
    origins : sequence of str
        The origins (7-digit codes).
    sliver_tolerance_km2 : float
        Pieces below this are ignored (km², docs/LEITURAS.md I-5).

    Returns
    -------
    dict
        ``parts``, ``touch`` and ``pieces`` (``kept_km2``, ``ignored_parts``,
        ``ignored_km2``), each by origin code, as :func:`viabilidade.geo.facts.territory_facts`
        gives them for a polygon.
    """
    from .continuity import remainders_continuity

    polys = district_polygons(store, list(origins))
    remainders = []
    for code in origins:
        rest = polys[(polys["cod_ibge"] == code) & ~polys["cod_distrito"].isin(list(districts))]
        remainders.append((code, shapely.union_all(rest.geometry.to_numpy()) if len(rest) else None))
    parts, touch, pieces = remainders_continuity(remainders,
                                                 sliver_tolerance_km2=sliver_tolerance_km2)
    return {"parts": parts, "touch": touch, "pieces": pieces}

