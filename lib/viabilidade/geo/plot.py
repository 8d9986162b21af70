"""Drawing geometries with matplotlib as geopandas draws them, without its per-call cost."""

from __future__ import annotations

import geopandas as gpd
import numpy as np
import shapely


def plot_polygons(ax, geoms: gpd.GeoSeries, *, color=None, **style) -> None:
    """Draw (multi)polygons as :meth:`geopandas.GeoSeries.plot` draws them — each normalised,
    geometry collections taken apart, empty ones left out, one patch per geometry (holes
    included) in one collection, ``color`` its face — so the SVG is the same but for the
    collection's group id, which matplotlib names after its class (``PatchCollection_1``).
    The axes' aspect and labels are the caller's (:func:`viabilidade.geo.maps._frame` sets
    them; geopandas would set an equal aspect and the CRS's axis names).

    geopandas defines a new ``PatchCollection`` subclass on every call, and matplotlib
    documents each new artist class as it is made (``Artist.__init_subclass__``: the
    signature and docstring of its ``set``), about 0,03 s of CPU a layer, five layers a map;
    each of those classes also stayed registered in the legend's handler map.
    """
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path

    parts = []
    for g in shapely.normalize(np.asarray(geoms.values, dtype=object)):
        if g is None or g.is_empty:
            continue
        parts.extend(g.geoms if g.geom_type.startswith("Geom") else [g])
    patches = []
    for poly in parts:
        if poly.geom_type not in ("Polygon", "MultiPolygon"):
            continue
        rings = []
        for part in [poly] if poly.geom_type == "Polygon" else poly.geoms:
            rings.append(Path(np.asarray(part.exterior.coords)[:, :2], closed=True))
            rings.extend(Path(np.asarray(r.coords)[:, :2], closed=True) for r in part.interiors)
        patches.append(PathPatch(Path.make_compound_path(*rings)))
    if not patches:
        return
    facecolor = style.pop("facecolor", None)
    if color is not None:
        facecolor = color
    ax.add_collection(PatchCollection(patches, facecolor=facecolor, **style), autolim=True)
    ax.autoscale_view()


__all__ = ["plot_polygons"]
