"""Map of a candidate: origin, area, remainder, seats, the 6 km band, scale bar, north arrow.

Drawn with matplotlib's object API (no pyplot state) in SIRGAS 2000 / UTM of the territory's
zone, so the scale bar is true in metres; no random element, so the same input gives the
same picture.
"""

from __future__ import annotations

import math

import geopandas as gpd
import numpy as np
import shapely
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrow, Patch
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError
from .distance import MIN_GAP_M
from .measure import GEOD, utm_crs
from .memorial import fmt_num
from .territory import Split

COLORS = {"origin": "#d9d9d9", "area": "#f4a261", "remainder": "#a8dadc",
          "edge": "#333333", "band": "#e63946", "seat": "#000000"}


def geodesic_circle(lon: float, lat: float, radius_m: float, n: int = 180) -> shapely.Polygon:
    """Polygon (EPSG:4674) of the points at ``radius_m`` geodesic metres from a point."""
    az = np.linspace(0.0, 360.0, n, endpoint=False)
    lons, lats, _ = GEOD.fwd(np.full(n, lon), np.full(n, lat), az, np.full(n, radius_m))
    return shapely.Polygon(np.column_stack([lons, lats]))


def _nice_length(width_m: float) -> float:
    target = width_m / 5
    exp = 10 ** math.floor(math.log10(target))
    for f in (5, 2, 1):
        if f * exp <= target:
            return f * exp
    return exp


def _draw(ax, geom: BaseGeometry | None, crs: str, **kw) -> None:
    if geom is None or geom.is_empty:
        return
    gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(crs).plot(ax=ax, **kw)


def territory_map(split: Split, *, title: str, origin_seats: dict[str, tuple[float, float]],
                  area_seat: tuple[float, float] | None = None,
                  names: dict[str, str] | None = None, source: str = "",
                  band_m: float = MIN_GAP_M, figsize: tuple[float, float] = (7.5, 7.5)
                  ) -> Figure:
    """Draw the candidate's territory.

    Parameters
    ----------
    split : Split
        From :func:`viabilidade.geo.territory.split_territory`.
    title : str
        Portuguese title.
    origin_seats : dict
        Origin code -> (lat, lon) of its seat (IBGE seat points, SIRGAS 2000).
    area_seat : (lat, lon), optional
        The proposed seat.
    names : dict, optional
        Code -> name, for seat labels.
    source : str
        Data sources, printed as the caption.
    band_m : float
        Radius of the band drawn around each origin seat (art. 4 II: 6 000 m).
    figsize : (float, float)
        Inches.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        If there is nothing to draw (no area and no origin geometry).
    """
    names = names or {}
    shapes = [g for g in [split.area, *split.origins_before.values()] if g is not None]
    if not shapes:
        raise GeoError("territory_map: no area and no origin geometry to draw")
    crs = utm_crs(shapely.union_all(shapes))
    fig = Figure(figsize=figsize, dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    handles = []
    for g in split.origins_before.values():
        _draw(ax, g, crs, color=COLORS["origin"], edgecolor=COLORS["edge"], linewidth=0.8)
    if split.origins_before:
        handles.append(Patch(facecolor=COLORS["origin"], edgecolor=COLORS["edge"],
                             label="município de origem (antes)"))
    for g in split.remainders.values():
        _draw(ax, g, crs, color=COLORS["remainder"], edgecolor=COLORS["edge"], linewidth=0.8)
    if split.remainders:
        handles.append(Patch(facecolor=COLORS["remainder"], edgecolor=COLORS["edge"],
                             label="remanescente da origem"))
    if split.area is not None:
        _draw(ax, split.area, crs, color=COLORS["area"], edgecolor=COLORS["edge"],
              linewidth=1.2, hatch="//")
        handles.append(Patch(facecolor=COLORS["area"], edgecolor=COLORS["edge"], hatch="//",
                             label="área proposta"))
    for code, (lat, lon) in sorted(origin_seats.items()):
        band = geodesic_circle(lon, lat, band_m)
        _draw(ax, band, crs, facecolor=COLORS["band"], alpha=0.12, edgecolor="none")
        _draw(ax, band.exterior, crs, color=COLORS["band"], linewidth=1.0, linestyle="--")
        _seat(ax, lon, lat, crs, names.get(code, code), marker="s")
    if origin_seats:
        handles.append(Line2D([], [], color=COLORS["band"], linestyle="--",
                              label=f"{fmt_num(band_m / 1000, 0)} km da sede de origem (art. 4º, II)"))
        handles.append(Line2D([], [], color=COLORS["seat"], marker="s", linestyle="none",
                              label="sede do município de origem"))
    if area_seat is not None:
        _seat(ax, area_seat[1], area_seat[0], crs, names.get("area", "sede proposta"), marker="o")
        handles.append(Line2D([], [], color=COLORS["seat"], marker="o", linestyle="none",
                              label="sede proposta"))
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlabel("")
    ax.set_ylabel("")
    _scale_bar(ax)
    _north_arrow(ax)
    # The legend goes below the map, so it never covers the territory it explains.
    fig.legend(handles=handles, loc="lower center", ncol=2, fontsize=7, frameon=False,
               bbox_to_anchor=(0.5, 0.04))
    ax.set_title(title, fontsize=11)
    zone = crs.replace("EPSG:", "EPSG ")
    caption = f"SIRGAS 2000 / UTM ({zone})."
    if split.area is None and split.note:
        caption += " Área sem geometria: " + split.note + "."
    if source:
        caption += " Fonte: " + source
    fig.text(0.02, 0.01, caption, fontsize=6.5, wrap=True, va="bottom")
    rows = math.ceil(len(handles) / 2)
    fig.subplots_adjust(left=0.03, right=0.97, top=0.93, bottom=0.08 + 0.03 * rows)
    return fig


def _seat(ax, lon: float, lat: float, crs: str, label: str, marker: str) -> None:
    p = gpd.GeoSeries([shapely.Point(lon, lat)], crs="EPSG:4674").to_crs(crs).iloc[0]
    ax.plot([p.x], [p.y], marker=marker, color=COLORS["seat"], markersize=5, linestyle="none")
    ax.annotate(label, (p.x, p.y), xytext=(4, 4), textcoords="offset points", fontsize=7)


def _scale_bar(ax) -> None:
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    length = _nice_length(x1 - x0)
    bx, by = x0 + 0.05 * (x1 - x0), y0 + 0.05 * (y1 - y0)
    ax.plot([bx, bx + length], [by, by], color="black", linewidth=3, solid_capstyle="butt")
    label = f"{fmt_num(length / 1000, 0 if length >= 1000 else 1)} km"
    ax.text(bx + length / 2, by + 0.015 * (y1 - y0), label, ha="center", va="bottom", fontsize=7)


def _north_arrow(ax) -> None:
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    x, y, h = x1 - 0.06 * (x1 - x0), y1 - 0.16 * (y1 - y0), 0.08 * (y1 - y0)
    ax.add_patch(FancyArrow(x, y, 0, h, width=0.012 * (x1 - x0), head_width=0.035 * (x1 - x0),
                            head_length=0.035 * (y1 - y0), length_includes_head=True,
                            color="black"))
    ax.text(x, y + h + 0.01 * (y1 - y0), "N", ha="center", va="bottom", fontsize=9,
            fontweight="bold")
