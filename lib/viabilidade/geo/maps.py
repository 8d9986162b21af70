"""Map of a candidate: origin, area, remainder, seats, the 6 km band, legend, scale, north, source.

Drawn with matplotlib's object API (no pyplot state) in SIRGAS 2000 / UTM of the territory's
zone (EPSG:31982 for 22S, 31983 for 23S): UTM is conformal, so shapes and bearings are true,
and its scale error inside a zone is below 0.1 %; IBGE's own municipal maps use it. The scale
bar is nevertheless measured on the ellipsoid: its end is the point at the stated geodesic
distance due east of its start (:meth:`pyproj.Geod.fwd`), so it is right at the map's latitude
whatever the zone's scale factor there. The north arrow points to true north (the meridian
through the arrow, which in UTM leans by the meridian convergence).

An area made of IBGE districts has no polygon in the data: the map then draws its
:mod:`approximate <viabilidade.geo.districts>` territory, hatched with a dashed edge and
labelled "território aproximado — não é limite legal". Text is DejaVu Sans, the font bundled
with matplotlib, and SVG output turns it into paths, so the picture never depends on the fonts
installed on the machine. No random element: the same input gives the same picture.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence

import geopandas as gpd
import matplotlib
import numpy as np
import shapely
from matplotlib import patheffects
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrow, Patch, Rectangle
from pyproj import Transformer
from shapely.geometry.base import BaseGeometry

from ..common.precision import POINT_M, rounded
from ..common.text import and_list
from ..errors import GeoError
from .distance import MIN_GAP_M, aeqd_crs
from .measure import GEOD, UTM_EPSG, utm_crs
from .plot import plot_polygons
from .memorial import fmt_num
from .territory import Split

COLORS = {"origin": "#e3e3e3", "area": "#f4a261", "remainder": "#a8dadc", "approx": "#f4a261",
          "edge": "#333333", "band": "#e63946", "seat": "#000000", "context": "#b8b8b8",
          "perimeter": "#7b2cbf", "source": "#555555", "destination": "#cfe8c4",
          "gap": "#1d3557"}
#: matplotlib settings of every map: the bundled DejaVu Sans, SVG text as paths, fixed hash salt.
MAP_RC = {"font.family": "DejaVu Sans", "svg.fonttype": "path", "svg.hashsalt": "viabilidade",
          "hatch.linewidth": 0.7, "path.simplify": True}
#: Label of every approximate territory (legend and map).
APPROX_LABEL = "território aproximado — não é limite legal"
#: Gid of the scale bar's base line (its two ends are the measured length).
SCALE_GID = "escala-grafica"
#: Font size of the neighbouring municipalities' names.
CONTEXT_PT = 6.5
#: Share of the figure's width taken by the map frame.
FRAME_W = 0.96
#: Paper a drawn line may move by when a layer is simplified for print (mm): a twentieth of
#: a millimetre, a sixth of the thinnest edge drawn (0,5 pt). The 2022 mesh has a vertex every
#: few metres, thousands per millimetre of a municipality's map; drawing them all made SVGs of
#: megabytes that Typst took a second to lay out.
PRINT_TOLERANCE_MM = 0.05
#: Metres of the longest degree on the ground (a meridian degree is shorter, a parallel's too).
DEGREE_M = 111_320.0
_HALO = [patheffects.withStroke(linewidth=2.5, foreground="white")]
#: Marker and legend text of each kind of point (see ``other_seats``).
POINT_KINDS = {"vila": ("^", "sede de distrito (vila)"),
               "sede municipal": ("D", "sede municipal")}


#: A point inside the Distrito Federal (Brasília, SIRGAS 2000 lon/lat). The DF is not a hole of
#: the Goiás boundaries (it borders Minas Gerais to the east), so it is placed, not computed.
DF_POINT = (-47.80, -15.78)


def label_enclaves(ax, boundaries) -> None:
    """Label the Distrito Federal "DF" (otherwise an unexplained white gap in Goiás), when the
    boundaries drawn surround it."""
    x0, y0, x1, y1 = boundaries.total_bounds
    lon, lat = DF_POINT
    if x0 < lon < x1 and y0 < lat < y1:
        ax.text(lon, lat, "DF", ha="center", va="center", fontsize=9, fontweight="bold",
                color="#5f6770", zorder=4)


def state_axes(boundaries, *, figsize: tuple[float, float] = (6.8, 7.4), dpi: int = 150):
    """A figure and axes for a map of the whole state in lon/lat degrees (SIRGAS 2000): no
    frame, aspect corrected at Goiás's latitude (16° S), the DF labelled. Returns ``(fig, ax)``."""
    fig = Figure(figsize=figsize, dpi=dpi)
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.set_aspect(1 / np.cos(np.radians(-16.0)))  # degrees look right at Goiás's latitude
    label_enclaves(ax, boundaries)
    return fig, ax

def geodesic_circle(lon: float, lat: float, radius_m: float, n: int = 180) -> shapely.Polygon:
    """Polygon (EPSG:4674) of the points at ``radius_m`` geodesic metres from a point."""
    az = np.linspace(0.0, 360.0, n, endpoint=False)
    lons, lats, _ = GEOD.fwd(np.full(n, lon), np.full(n, lat), az, np.full(n, radius_m))
    return shapely.Polygon(np.column_stack([lons, lats]))


def geodesic_buffer(geom: BaseGeometry, radius_m: float) -> BaseGeometry:
    """Points within ``radius_m`` metres of a lon/lat geometry (EPSG:4674 result).

    Buffered in an azimuthal equidistant projection centred on the geometry, where distances
    from the centre are exact and, for an urban perimeter a few km wide, the others are off by
    far less than a metre at 6 km.
    """
    c = geom.centroid
    aeqd = aeqd_crs(c.x, c.y)
    g = gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(aeqd).buffer(radius_m, quad_segs=32)
    return g.to_crs("EPSG:4674").iloc[0]


def map_crs(split: Split, extra: Sequence[BaseGeometry] = ()) -> str:
    """``"EPSG:3198x"``: the SIRGAS 2000 / UTM zone the map of ``split`` is drawn in.

    Raises
    ------
    GeoError
        If there is nothing to draw (no area, no origin and no ``extra`` geometry).
    """
    shapes = [g for g in [split.area, *split.origins_before.values(), *extra]
              if g is not None and not g.is_empty]
    if not shapes:
        raise GeoError("mapa: nada a desenhar; encontrados área sem polígono e nenhum município "
                       "de origem com polígono; esperado ao menos um dos dois")
    return utm_crs(shapely.union_all(shapes))


def _nice_km(width_km: float) -> float:
    """A round length (1, 2 or 5 × 10ⁿ km) of about a fifth of the map's width."""
    target = width_km / 5
    exp = 10 ** math.floor(math.log10(target))
    for f in (5, 2, 1):
        if f * exp <= target:
            return f * exp
    return exp


def _proj(geom: BaseGeometry, crs: str) -> BaseGeometry:
    return gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(crs).iloc[0]


def _frame(ax, bounds: tuple[float, float, float, float], width: float, height: float, *,
           pad: float, least: float = 0.0) -> None:
    """Set ``ax``'s view on ``bounds`` (xmin, ymin, xmax, ymax, projected metres) padded on
    each side by ``pad`` × the longer side (or × ``least`` metres, if larger), then widened
    along one axis to the map frame's proportions (FRAME_W × ``width`` by ``height`` inches),
    so one metre is as long across as up."""
    xmin, ymin, xmax, ymax = bounds
    margin = pad * max(xmax - xmin, ymax - ymin, least)
    xmin, ymin, xmax, ymax = xmin - margin, ymin - margin, xmax + margin, ymax + margin
    ratio = (FRAME_W * width) / height
    if (xmax - xmin) / (ymax - ymin) < ratio:
        grow = ((ymax - ymin) * ratio - (xmax - xmin)) / 2
        xmin, xmax = xmin - grow, xmax + grow
    else:
        grow = ((xmax - xmin) / ratio - (ymax - ymin)) / 2
        ymin, ymax = ymin - grow, ymax + grow
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(ymin, ymax)
    ax.set_aspect("equal", adjustable="box")
    ax._print_m_per_in = (xmax - xmin) / (FRAME_W * width)   # read by print_tolerance_m


def print_tolerance_m(ax) -> float:
    """Metres of ground that :data:`PRINT_TOLERANCE_MM` of paper covers in ``ax``'s view
    (set by :func:`_frame`); 0 (no simplification) for axes it did not frame."""
    return getattr(ax, "_print_m_per_in", 0.0) * PRINT_TOLERANCE_MM / 25.4


def print_geometry(geom, tolerance_m: float):
    """``geom`` (EPSG:4674; a geometry or an array of them) simplified for print: no vertex
    of the drawing is farther than ``tolerance_m`` metres from the mesh's line (Douglas–Peucker
    on lon/lat with half that tolerance in degrees, since a degree is at most 111,3 km on the
    ground; topology kept). Only what is drawn is simplified: every measurement reads the
    full-resolution mesh."""
    if tolerance_m <= 0:
        return geom
    return shapely.simplify(geom, tolerance_m / 2 / DEGREE_M, preserve_topology=False)


def _draw(ax, geom: BaseGeometry | None, crs: str, **kw) -> None:
    """Plot a lon/lat geometry in ``crs``, simplified to the view's print resolution."""
    if geom is None or geom.is_empty:
        return
    geom = print_geometry(geom, print_tolerance_m(ax))
    shown = gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(crs)
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        plot_polygons(ax, shown, **kw)
    else:
        shown.plot(ax=ax, **kw)


def zone_label(crs: str) -> str:
    """``"SIRGAS 2000 / UTM zona 22S (EPSG:31982)"`` for a map CRS."""
    code = int(crs.split(":")[1])
    zone = {v: k for k, v in UTM_EPSG.items()}.get(code)
    return f"SIRGAS 2000 / UTM zona {zone}S ({crs})" if zone else crs


def territory_map(split: Split, *, title: str, origin_seats: Mapping[str, tuple[float, float]],
                  area_seat: tuple[float, float] | None = None,
                  names: Mapping[str, str] | None = None, source: str = "",
                  band_m: float | None = MIN_GAP_M, figsize: tuple[float, float] = (6.6, 5.4),
                  approximate: Mapping[str, BaseGeometry] | None = None,
                  perimeters: Mapping[str, BaseGeometry] | None = None,
                  other_seats: Mapping[str, tuple[float, float, str]] | None = None,
                  outlines: Sequence[BaseGeometry] = (),
                  context: gpd.GeoDataFrame | None = None, legend_cols: int = 2,
                  urban_points: Mapping[str, Sequence[tuple[str, float, float]]] | None = None,
                  destination: BaseGeometry | None = None,
                  gaps: Sequence[tuple[tuple[float, float], tuple[float, float], float]] = (),
                  approximate_label: str = APPROX_LABEL) -> Figure:
    """Draw the candidate's territory.

    Parameters
    ----------
    split : Split
        From :func:`viabilidade.geo.territory.split_territory`; ``split.area`` is drawn as
        the proposed area whatever made it (whole municipalities, a boundary file).
    title : str
        Portuguese title.
    origin_seats : dict
        Origin code -> (lat, lon) of its seat (IBGE seat points, SIRGAS 2000).
    area_seat : (lat, lon), optional
        The proposed seat.
    names : dict, optional
        Code -> name for seat labels (``"area"`` names the proposed seat).
    source : str
        Data sources (``"Fonte: …"``), printed under the legend with the projection.
    band_m : float or None
        Width of the band of art. 4 II (6 000 m), drawn around each origin's urban perimeter
        when ``perimeters`` has it, else around the origin's seat; no band without origins
        (a fusion) or when ``None`` (an operation art. 4 II does not apply to).
    figsize : (float, float)
        Width and height of the map frame in inches; the legend and source lines are added
        below it.
    approximate : dict, optional
        District code -> approximate territory (EPSG:4674) of an area that has no polygon
        (:func:`viabilidade.geo.study_map.approximate_area`), drawn hatched with a dashed
        edge and labelled :data:`APPROX_LABEL`.
    approximate_label : str
        Label of those territories (legend and map): :data:`APPROX_LABEL` for approximate
        cells; :data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL` when they are the districts'
        census tracts, the IBGE's own limits.
    perimeters : dict, optional
        Origin code -> urban perimeter polygon (EPSG:4674).
    other_seats : dict, optional
        Label -> (lat, lon, kind), kind ``"vila"`` or ``"sede municipal"``: district seats of
        the area and municipal seats inside it that are not the proposed seat.
    outlines : sequence of geometry
        Internal limits to draw inside the area (each fused municipality).
    context : GeoDataFrame, optional
        Municipalities (``nome, geometry``, EPSG:4674) drawn faintly around the territory
        for orientation, with their names.
    legend_cols : int
        Columns of the legend.
    urban_points : dict, optional
        Origin code -> ``[(label, lat, lon)]``: other urban areas of the origin the band of
        art. 4 II is also measured from (reading I-4 ``all-urban``: the vilas of its other
        districts), drawn as vilas with their own 6 km circles merged into the band.
    destination : geometry, optional
        The municipality that receives the area (a transfer, art. 5 § 1), EPSG:4674.
    gaps : sequence of ((lat, lon), (lat, lon), metres)
        The distances art. 4 II measured (from an origin's urban point to the area or the
        proposed seat), drawn as geodesic lines labelled in km.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        If there is nothing to draw (no area, no origin and no approximate territory).
    """
    with matplotlib.rc_context(MAP_RC):
        return _territory_map(split, title=title, origin_seats=origin_seats, area_seat=area_seat,
                              names=dict(names or {}), source=source, band_m=band_m,
                              figsize=figsize, approximate=dict(approximate or {}),
                              perimeters=dict(perimeters or {}),
                              other_seats=dict(other_seats or {}), outlines=list(outlines),
                              context=context, legend_cols=legend_cols,
                              urban_points=dict(urban_points or {}), destination=destination,
                              gaps=list(gaps), approximate_label=approximate_label)


def _territory_map(split, *, title, origin_seats, area_seat, names, source, band_m, figsize,
                   approximate, perimeters, other_seats, outlines, context, legend_cols,
                   urban_points, destination, gaps, approximate_label) -> Figure:
    crs = map_crs(split, list(approximate.values()))
    bands, band_from = {}, set()
    for code in sorted(origin_seats) if band_m else ():
        if code in perimeters and perimeters[code] is not None and not perimeters[code].is_empty:
            parts = [geodesic_buffer(perimeters[code], band_m)]
            band_from.add("do perímetro urbano")
        else:
            lat, lon = origin_seats[code]
            parts = [geodesic_circle(lon, lat, band_m)]
            band_from.add("da sede")
        for _, lat, lon in urban_points.get(code, ()):
            parts.append(geodesic_circle(lon, lat, band_m))
            band_from.add("das vilas")
        bands[code] = shapely.union_all(parts)
    handles: list = []
    width, height = figsize
    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))

    # The view: everything drawn, padded and widened to the frame's proportions.
    shown = [g for g in [split.area, *split.origins_before.values(), *approximate.values(),
                         *bands.values(), destination] if g is not None and not g.is_empty]
    _frame(ax, _proj(shapely.union_all(shown), crs).bounds, width, height, pad=0.05)
    if context is not None and len(context):
        named = [g for g in [split.area, *split.origins_before.values(), destination]
                 if g is not None]
        _context(ax, context, crs, named=shapely.union_all(named) if named else None,
                 frame_in=FRAME_W * width)

    # With remainders, the origin before the split is exactly remainder + area: drawing it
    # too would add a legend entry no one can see.
    if not split.remainders:
        for g in split.origins_before.values():
            _draw(ax, g, crs, color=COLORS["origin"], edgecolor=COLORS["edge"], linewidth=0.9)
        if split.origins_before:
            handles.append(Patch(facecolor=COLORS["origin"], edgecolor=COLORS["edge"],
                                 label="município de origem"))
    for g in split.remainders.values():
        _draw(ax, g, crs, color=COLORS["remainder"], edgecolor=COLORS["edge"], linewidth=0.9)
    if split.remainders:
        handles.append(Patch(facecolor=COLORS["remainder"], edgecolor=COLORS["edge"],
                             label="remanescente da origem"))
    if destination is not None and not destination.is_empty:
        _draw(ax, destination, crs, color=COLORS["destination"], edgecolor=COLORS["edge"],
              linewidth=0.9)
        handles.append(Patch(facecolor=COLORS["destination"], edgecolor=COLORS["edge"],
                             label="município de destino (art. 5º, § 1º)"))
    if split.area is not None:
        _draw(ax, split.area, crs, color=COLORS["area"], edgecolor=COLORS["edge"],
              linewidth=1.3)
        handles.append(Patch(facecolor=COLORS["area"], edgecolor=COLORS["edge"],
                             label="área proposta"))
    for g in outlines:
        _draw(ax, g.boundary, crs, color=COLORS["edge"], linewidth=0.6, linestyle=":")
    if outlines:
        handles.append(Line2D([], [], color=COLORS["edge"], linewidth=0.6, linestyle=":",
                              label="limite entre os municípios da área"))
    for code in sorted(approximate):
        _draw(ax, approximate[code], crs, facecolor="none", edgecolor=COLORS["approx"],
              hatch="////", linewidth=0)
        _draw(ax, approximate[code].boundary, crs, color="#b5540f", linewidth=1.3,
              linestyle=(0, (4, 2.5)))
    if approximate:
        handles.append(Patch(facecolor="none", edgecolor="#b5540f", hatch="////",
                             linestyle="--", label=approximate_label))

    for code, band in bands.items():
        _draw(ax, band, crs, facecolor=COLORS["band"], alpha=0.10, edgecolor="none")
        _draw(ax, band.boundary, crs, color=COLORS["band"], linewidth=1.0, linestyle="--")
    for code in sorted(perimeters):
        if code in bands:
            _draw(ax, perimeters[code], crs, facecolor="none", edgecolor=COLORS["perimeter"],
                  linewidth=1.0)
    if bands:
        km = fmt_num(band_m / 1000, 0)
        kinds = [k for k in ("do perímetro urbano", "da sede", "das vilas") if k in band_from]
        handles.append(Patch(facecolor=(0.902, 0.224, 0.275, 0.10), edgecolor=COLORS["band"],
                             linestyle="--",
                             label=f"faixa de {km} km {and_list(kinds)} de origem (art. 4º, II)"))
    if any(c in bands for c in perimeters):
        handles.append(Patch(facecolor="none", edgecolor=COLORS["perimeter"],
                             label="perímetro urbano da origem"))

    avoid: list = []   # what the approximate territory's label keeps clear of
    for (lat0, lon0), (lat1, lon1), metres in gaps:
        _gap(ax, crs, lon0, lat0, lon1, lat1, metres, avoid)
    if gaps:
        handles.append(Line2D([], [], color=COLORS["gap"], linewidth=1.2,
                              label="distância medida para o art. 4º, II"))
    for code, (lat, lon) in sorted(origin_seats.items()):
        _seat(ax, lon, lat, crs, names.get(code, code), marker="s", size=5.5, avoid=avoid)
    if origin_seats:
        handles.append(Line2D([], [], color=COLORS["seat"], marker="s", linestyle="none",
                              markersize=5.5, label="sede do município de origem"))
    for code in sorted(urban_points):
        for label, lat, lon in urban_points[code]:
            other_seats.setdefault(label, (lat, lon, "vila"))
    kinds = []
    for label, (lat, lon, kind) in sorted(other_seats.items()):
        marker = POINT_KINDS[kind][0]
        _seat(ax, lon, lat, crs, label, marker=marker, size=5, face="white", avoid=avoid)
        if kind not in kinds:
            kinds.append(kind)
    if area_seat is not None:
        _seat(ax, area_seat[1], area_seat[0], crs, names.get("area", "sede proposta"),
              marker="o", size=7, face="#ffd166", avoid=avoid)
        handles.append(Line2D([], [], color=COLORS["seat"], marker="o", linestyle="none",
                              markerfacecolor="#ffd166", markersize=7, label="sede proposta"))
    for kind in kinds:
        handles.append(Line2D([], [], color=COLORS["seat"], marker=POINT_KINDS[kind][0],
                              markerfacecolor="white", linestyle="none", markersize=5,
                              label=POINT_KINDS[kind][1]))

    for code in sorted(approximate):   # last: placed clear of the seats and distances
        _approx_label(ax, approximate[code], crs, approximate_label, avoid)
    _furnish(ax, crs)
    note = (f" Área sem geometria: {split.note}." if split.area is None and not approximate
            and split.note else "")
    _layout(fig, ax, handles, title, (zone_label(crs) + "." + note + " " + source).strip(),
            width, height, legend_cols)
    return fig


def _furnish(ax, crs: str) -> None:
    """The map frame's furniture: no ticks or axis labels, a thin grey border, the scale bar
    and the north arrow (``crs``: the projected CRS the map is drawn in)."""
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlabel("")
    ax.set_ylabel("")
    for s in ax.spines.values():
        s.set_edgecolor("#888888")
        s.set_linewidth(0.6)
    _scale_bar(ax, crs)
    _north_arrow(ax, crs)


def _layout(fig, ax, handles, title, source, width, height, ncol) -> None:
    """Title above, the map frame, then the legend and the source lines below (in inches)."""
    rows = math.ceil(len(handles) / ncol)
    lines = textwrap.wrap(source, int(125 * width / 6.6)) if source else []
    title_h, legend_h, source_h, gap = 0.42, 0.2 * rows + 0.1, 0.12 * len(lines), 0.08
    total = title_h + height + gap + legend_h + source_h + gap
    fig.set_size_inches(width, total)
    frac = 1 / total
    bottom = (gap + source_h + legend_h) * frac
    ax.set_position(((1 - FRAME_W) / 2, bottom, FRAME_W, height * frac))
    ax.set_title(title, fontsize=11, pad=6)
    fig.legend(handles=handles, loc="upper center", ncol=ncol, fontsize=7.2, frameon=False,
               bbox_to_anchor=(0.5, bottom - 0.02 * frac), handlelength=2.2, columnspacing=1.5)
    if lines:
        fig.text(0.02, gap * frac, "\n".join(lines), fontsize=6.3, color=COLORS["source"],
                 va="bottom", ha="left", linespacing=1.35)


def _context(ax, context: gpd.GeoDataFrame, crs: str, named: BaseGeometry | None,
             frame_in: float) -> None:
    """Neighbouring municipalities inside the view: faint outlines and grey italic names
    (none for a municipality mostly inside ``named``, whose seat label already names it)."""
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    view = gpd.GeoSeries([shapely.box(x0, y0, x1, y1)], crs=crs).to_crs("EPSG:4674").iloc[0]
    near = context[context.intersects(view)]
    if near.empty:
        return
    # Drawn at print resolution and cut just outside the view: a neighbour's far side is
    # never seen, and was most of the map's SVG.
    tolerance = print_tolerance_m(ax)
    whole = print_geometry(near.geometry.to_numpy(), tolerance)
    bx0, by0, bx1, by1 = view.bounds
    mx, my = 0.02 * (bx1 - bx0), 0.02 * (by1 - by0)
    seen = shapely.clip_by_rect(whole, bx0 - mx, by0 - my, bx1 + mx, by1 + my)
    named = print_geometry(named, tolerance) if named is not None else None
    shown = near.set_geometry(seen, crs=near.crs).to_crs(crs)
    plot_polygons(ax, shown.geometry, facecolor="#fafafa", edgecolor=COLORS["context"],
                  linewidth=0.5)
    frame = shapely.box(x0, y0, x1, y1).buffer(-0.05 * (x1 - x0))
    for row, full, cut in zip(near.itertuples(), whole, shown.geometry):
        if not getattr(row, "nome", None):
            continue
        if named is not None and shapely.intersection(full, named).area > 0.5 * full.area:
            continue
        inside = shapely.intersection(cut, frame)
        if inside.is_empty or inside.area < 0.03 * frame.area:
            continue
        p = inside.representative_point()
        # DejaVu Sans averages ~0.55 em per character: keep the whole name inside the frame.
        half = len(row.nome) * CONTEXT_PT * 0.55 / 72 / 2 * (x1 - x0) / frame_in
        if p.x - half < x0 or p.x + half > x1:
            continue
        ax.text(p.x, p.y, row.nome, fontsize=CONTEXT_PT, color="#8a8a8a", style="italic",
                ha="center", va="center", clip_on=True)


#: Width of a character of a map's labels, in ems of its size (DejaVu Sans: about 0,6), and a
#: line's height; used to keep one label clear of another (:func:`_approx_label`).
CHAR_EM, LINE_EM = 0.6, 1.25


def _pt(ax) -> float:
    """Metres of ground one point (1/72 in) of paper covers in ``ax``'s view (0 when the view
    was not framed by :func:`_frame`)."""
    return getattr(ax, "_print_m_per_in", 0.0) / 72


def _text_box(x: float, y: float, text: str, size_pt: float, dx_pt: float, dy_pt: float,
              per_pt: float, right: bool = False) -> BaseGeometry:
    """The ground a one-line label covers: ``text`` at ``size_pt``, starting ``dx_pt`` right
    of (x, y) (ending that far left of it, ``right``) with its baseline ``dy_pt`` above it."""
    w = len(text) * CHAR_EM * size_pt * per_pt
    x0 = x - dx_pt * per_pt - w if right else x + dx_pt * per_pt
    y0 = y + (dy_pt - 0.3 * size_pt) * per_pt
    return shapely.box(x0, y0, x0 + w, y0 + LINE_EM * size_pt * per_pt)


def _gap(ax, crs: str, lon0: float, lat0: float, lon1: float, lat1: float, metres: float,
         avoid: list | None = None) -> None:
    """A measured distance: the geodesic between the two points, labelled in km at its middle,
    to the 10 m of its seat point and never across the 6 km of art. 4 II (5,996 km, not 6,00).
    The line and its label are added to ``avoid`` (projected geometries)."""
    inner = GEOD.npts(lon0, lat0, lon1, lat1, 30)
    line = _proj(shapely.LineString([(lon0, lat0), *inner, (lon1, lat1)]), crs)
    xs, ys = line.xy
    ax.plot(xs, ys, color=COLORS["gap"], linewidth=1.2, zorder=6, marker="|", markevery=[0, -1],
            markersize=6)
    mid = line.interpolate(0.5, normalized=True)
    km, decimals = rounded(metres / 1000, POINT_M / 1000, MIN_GAP_M / 1000)  # from a seat point
    text = f"{fmt_num(km, decimals)} km"
    ax.annotate(text, (mid.x, mid.y), xytext=(5, 0),
                textcoords="offset points", fontsize=7, color=COLORS["gap"], ha="left",
                va="center", path_effects=_HALO, zorder=8)
    if avoid is not None and _pt(ax):
        avoid += [line.buffer(4 * _pt(ax)), _text_box(mid.x, mid.y, text, 7, 5, -3.5, _pt(ax))]


def _approx_label(ax, cell: BaseGeometry, crs: str, label: str = APPROX_LABEL,
                  avoid: Sequence[BaseGeometry] = ()) -> None:
    """The label of an approximate territory, inside it and clear of ``avoid`` (the seats'
    markers and names, the measured distances: projected geometries) where the territory has
    room for it: the point of the territory in view farthest from its edge once the label's
    half-size is taken off both (:func:`shapely.ops.polylabel`). The territory of a district is
    drawn around its vila, whose point it first took, the label over the seat's name and the
    distance (new-user review). Without room, the point farthest from both; deterministic."""
    text = (label.replace(" — ", " —\n") if " — " in label
            else label.replace(" segundo ", "\nsegundo "))
    # placed on the territory at print resolution, as it is drawn (:func:`_draw`): buffering
    # the full-resolution cell took a tenth of a study's CPU and moves the label by less than
    # the drawing's own tolerance
    p = _label_point(ax, _proj(print_geometry(cell, print_tolerance_m(ax)), crs), text, 7, avoid)
    ax.text(p.x, p.y, text, fontsize=7, style="italic",
            color="#7a3a08", ha="center", va="center", path_effects=_HALO, zorder=6)


def _label_point(ax, region: BaseGeometry, text: str, size_pt: float,
                 avoid: Sequence[BaseGeometry]):
    """Where :func:`_approx_label` centres ``text`` (lines at ``size_pt``) in ``region``
    (projected), clear of ``avoid``; ``region``'s representative point without a framed view."""
    from shapely import affinity
    from shapely.ops import polylabel

    per_pt = _pt(ax)
    fallback = region.representative_point()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    region = region.intersection(shapely.box(x0, y0, x1, y1))
    if not per_pt or region.is_empty or region.area <= 0:
        return fallback
    lines = text.split("\n")
    hw = max(map(len, lines)) * CHAR_EM * size_pt * per_pt / 2 + 2 * per_pt
    hh = len(lines) * LINE_EM * size_pt * per_pt / 2 + 2 * per_pt
    k = hw / hh   # heights scaled by k: the label's box is a square of half-side hw

    def up(g):
        return affinity.scale(g, xfact=1, yfact=k, origin=(0, 0))

    def down(g):
        return affinity.scale(g, xfact=1, yfact=1 / k, origin=(0, 0))

    blocked = shapely.union_all(list(avoid)) if avoid else shapely.Polygon()
    for room in (down(up(region).buffer(-hw, join_style="mitre").difference(
                     up(blocked).buffer(hw, cap_style="square", join_style="mitre"))),
                 region.difference(blocked), region):
        parts = [g for g in getattr(room, "geoms", [room])
                 if g.geom_type == "Polygon" and not g.is_empty and g.area > 0]
        if parts:
            return polylabel(max(parts, key=lambda g: g.area), tolerance=hh / 4)
    return fallback


def _seat(ax, lon: float, lat: float, crs: str, label: str, marker: str, size: float = 5,
          face: str = COLORS["seat"], avoid: list | None = None) -> None:
    """A seat: its marker and name (right of it, or left near the frame's right edge); both
    are added to ``avoid`` (projected geometries)."""
    p = _proj(shapely.Point(lon, lat), crs)
    ax.plot([p.x], [p.y], marker=marker, color=COLORS["seat"], markerfacecolor=face,
            markersize=size, linestyle="none", zorder=7)
    x0, x1 = ax.get_xlim()
    right = p.x > x0 + 0.7 * (x1 - x0)      # label to the left near the right edge
    ax.annotate(label, (p.x, p.y), xytext=(-5 if right else 5, 4), textcoords="offset points",
                ha="right" if right else "left", fontsize=7.5, path_effects=_HALO, zorder=8)
    if avoid is not None and _pt(ax):
        avoid += [p.buffer(size * _pt(ax)), _text_box(p.x, p.y, label, 7.5, 5, 4, _pt(ax), right)]


def _scale_bar(ax, crs: str) -> None:
    """Two-part scale bar, bottom left; its length is geodesic (see the module note)."""
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    to_ll = Transformer.from_crs(crs, "EPSG:4674", always_xy=True)
    to_xy = Transformer.from_crs("EPSG:4674", crs, always_xy=True)
    bx, by = x0 + 0.05 * (x1 - x0), y0 + 0.05 * (y1 - y0)
    lon, lat = to_ll.transform(bx, by)
    elon, elat = to_ll.transform(x1, by)
    km = _nice_km(GEOD.inv(lon, lat, elon, elat)[2] / 1000 / 0.95)
    ex, ey = to_xy.transform(*GEOD.fwd(lon, lat, 90.0, km * 1000)[:2])
    length = math.hypot(ex - bx, ey - by)   # grid metres that are `km` geodesic km here
    h = 0.012 * (y1 - y0)
    ax.add_patch(Rectangle((bx - 0.02 * (x1 - x0), by - 0.035 * (y1 - y0)),
                           length + 0.07 * (x1 - x0), 0.1 * (y1 - y0), facecolor="white",
                           edgecolor="none", alpha=0.8, zorder=8))
    ax.add_patch(Rectangle((bx, by), length / 2, h, facecolor="black", edgecolor="black",
                           linewidth=0.6, zorder=9))
    ax.add_patch(Rectangle((bx + length / 2, by), length / 2, h, facecolor="white",
                           edgecolor="black", linewidth=0.6, zorder=9))
    base = Line2D([bx, bx + length], [by, by], color="black", linewidth=0.6, zorder=9)
    base.set_gid(SCALE_GID)
    ax.add_line(base)
    half = fmt_num(km / 2, 0 if (km / 2) >= 1 and km % 2 == 0 else 1)
    for x, text in ((bx, "0"), (bx + length / 2, half), (bx + length, f"{fmt_num(km, 0 if km >= 1 else 1)} km")):
        ax.text(x, by + h + 0.008 * (y1 - y0), text, ha="center", va="bottom", fontsize=7,
                zorder=10)


def _north_arrow(ax, crs: str) -> None:
    """Arrow to true north at the arrow's place (UTM grid north differs by the convergence)."""
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    to_ll = Transformer.from_crs(crs, "EPSG:4674", always_xy=True)
    to_xy = Transformer.from_crs("EPSG:4674", crs, always_xy=True)
    x, y, h = x1 - 0.06 * (x1 - x0), y1 - 0.17 * (y1 - y0), 0.09 * (y1 - y0)
    lon, lat = to_ll.transform(x, y)
    nx, ny = to_xy.transform(lon, lat + 0.05)
    ang = math.atan2(nx - x, ny - y)
    dx, dy = h * math.sin(ang), h * math.cos(ang)
    ax.add_patch(FancyArrow(x, y, dx, dy, width=0.012 * (x1 - x0), head_width=0.035 * (x1 - x0),
                            head_length=0.035 * (y1 - y0), length_includes_head=True,
                            color="black", zorder=9))
    ax.text(x + dx, y + dy + 0.01 * (y1 - y0), "N", ha="center", va="bottom", fontsize=9,
            fontweight="bold", zorder=9, path_effects=_HALO)


#: Colours of a boundary correction's map (art. 6): the line today, the corrected line, and
#: the territory between them.
CORRECTION_COLORS = {"old": "#e63946", "new": "#1d3557", "between": "#f4a261",
                     "munis": ("#e3e3e3", "#cfe8c4")}


def correction_map(old: BaseGeometry, new: BaseGeometry, municipalities: Mapping[str, BaseGeometry],
                   names: Mapping[str, str], *, title: str, source: str = "",
                   figsize: tuple[float, float] = (6.6, 5.0), legend_cols: int = 2) -> Figure:
    """Map of a boundary correction (art. 6 of LC 02/1990): the two municipalities, the line
    as described today (dashed), the corrected line (solid) and the territory between them.

    Parameters
    ----------
    old, new : shapely LineString
        The two lines, EPSG:4674 (:func:`viabilidade.geo.area_file.read_line`).
    municipalities : mapping
        IBGE code -> polygon (EPSG:4674) of each municipality of the limit.
    names : mapping
        IBGE code -> name, for the legend.
    title, source : str
        Title above the map; source line below it (the CRS is prepended).
    figsize : (float, float)
        Width and map height in inches.

    Returns
    -------
    matplotlib.figure.Figure
        Framed on the two lines (padded), in SIRGAS 2000 / UTM of their zone, with legend,
        scale bar and north arrow. Deterministic.

    Raises
    ------
    GeoError
        If the lines are outside UTM zones 21S–23S (:func:`.measure.utm_crs`).
    """
    from .boundary_change import between_faces

    lines = shapely.union_all([old, new])
    crs = utm_crs(lines)
    width, height = figsize
    with matplotlib.rc_context(MAP_RC):
        fig = Figure(figsize=(width, height), dpi=100)
        ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
        _frame(ax, _proj(lines, crs).bounds, width, height, pad=0.12, least=1.0)
        handles: list = []
        for (code, geom), colour in zip(municipalities.items(), CORRECTION_COLORS["munis"]):
            _draw(ax, geom, crs, color=colour, edgecolor="#9a9a9a", linewidth=0.6)
            handles.append(Patch(facecolor=colour, edgecolor="#9a9a9a",
                                 label=f"{names.get(code, code)} (malha do IBGE)"))
        faces = between_faces(old, new)
        if faces:
            _draw(ax, shapely.union_all(faces), crs, color=CORRECTION_COLORS["between"],
                  edgecolor=CORRECTION_COLORS["between"], linewidth=1.2, zorder=4)
            handles.append(Patch(facecolor=CORRECTION_COLORS["between"],
                                 edgecolor=CORRECTION_COLORS["between"],
                                 label="território entre as linhas"))
        # the line today wide and dashed underneath, the corrected one thin on top: where they
        # coincide both stay visible
        for geom, key, style, lw, z, label in (
                (old, "old", "--", 2.6, 5, "linha atual (com a falha)"),
                (new, "new", "-", 1.0, 6, "linha corrigida")):
            xs, ys = _proj(geom, crs).xy
            ax.plot(xs, ys, color=CORRECTION_COLORS[key], linestyle=style, linewidth=lw, zorder=z)
            handles.append(Line2D([], [], color=CORRECTION_COLORS[key], linestyle=style,
                                  linewidth=lw, label=label))
        _furnish(ax, crs)
        _layout(fig, ax, handles, title, (zone_label(crs) + ". " + source).strip(), width,
                height, legend_cols)
    return fig


#: Colours of the scenarios compared side by side (colour-blind safe, Okabe–Ito), in order.
SCENARIO_COLORS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
#: Hatch of each compared area (distinct directions: overlapping areas both show).
SCENARIO_HATCHES = ("////", "\\\\\\\\", "||||", "----")


def areas_map(areas: Sequence[tuple[str, BaseGeometry, bool]], origins: Mapping[str, BaseGeometry],
              *, title: str, source: str = "", names: Mapping[str, str] | None = None,
              figsize: tuple[float, float] = (6.6, 5.4)) -> Figure:
    """Several proposed areas on one map, each in its colour (:data:`SCENARIO_COLORS`).

    Parameters
    ----------
    areas : sequence of (label, geometry, approximate)
        Up to four areas (EPSG:4674): the label shown in the legend, the polygon, and whether
        its limits are not the legal ones: ``True`` for the approximate territory of districts
        (dashed edge, the legend says :data:`APPROX_LABEL`), or a string saying what they are
        (:data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL`), shown in the legend the same way.
    origins : dict
        IBGE code -> origin municipality polygon (EPSG:4674), drawn in grey underneath.
    title, source : str
        Title above the map; source line below it (after the map's CRS).
    names : dict, optional
        IBGE code -> name, to label each origin at a point inside it.
    figsize : (float, float)
        Map frame in inches.

    Returns
    -------
    matplotlib.figure.Figure
        Title, the areas over their origins, legend, scale bar, north arrow and source line,
        in the SIRGAS 2000 / UTM zone of the whole (:func:`viabilidade.geo.measure.utm_crs`).

    Raises
    ------
    GeoError
        If there is nothing to draw, or more areas than colours.
    """
    if len(areas) > len(SCENARIO_COLORS):
        raise GeoError(f"mapa: {len(areas)} áreas; esperadas no máximo {len(SCENARIO_COLORS)}")
    shapes = [g for _, g, _ in areas if g is not None and not g.is_empty]
    shapes += [g for g in origins.values() if g is not None and not g.is_empty]
    if not shapes:
        raise GeoError("mapa: nada a desenhar; esperada ao menos uma área ou um município de origem")
    crs = utm_crs(shapely.union_all(shapes))
    width, height = figsize
    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    _frame(ax, _proj(shapely.union_all(shapes), crs).bounds, width, height, pad=0.05)
    handles: list = []
    for code in sorted(origins):
        _draw(ax, origins[code], crs, color=COLORS["origin"], edgecolor=COLORS["edge"], linewidth=0.8)
        if names and code in names:
            p = _proj(origins[code], crs).representative_point()
            ax.text(p.x, p.y, names[code], fontsize=CONTEXT_PT, color="#8a8a8a", style="italic",
                    ha="center", va="center", zorder=3)
    if origins:
        handles.append(Patch(facecolor=COLORS["origin"], edgecolor=COLORS["edge"],
                             label="município de origem"))
    # Areas often overlap (a scenario is another plus a district): each has its own hatch
    # direction, and the earlier ones are drawn with wider edges underneath the later ones,
    # so every outline stays visible where they coincide.
    n = len(areas)
    for i, ((label, geom, approximate), colour) in enumerate(zip(areas, SCENARIO_COLORS)):
        if geom is None or geom.is_empty:
            continue
        width_pt = 1.4 + 1.6 * (n - 1 - i)
        style = (0, (4, 2.5)) if approximate else "solid"
        _draw(ax, geom, crs, facecolor=matplotlib.colors.to_rgba(colour, 0.12), edgecolor=colour,
              hatch=SCENARIO_HATCHES[i], linewidth=0)
        _draw(ax, geom.boundary, crs, color=colour, linewidth=width_pt, linestyle=style)
        handles.append(Patch(facecolor=matplotlib.colors.to_rgba(colour, 0.12), edgecolor=colour,
                             hatch=SCENARIO_HATCHES[i], linestyle="--" if approximate else "-",
                             label=(f"{label} ({APPROX_LABEL if approximate is True else approximate})"
                                    if approximate else label)))
    _furnish(ax, crs)
    _layout(fig, ax, handles, title, (zone_label(crs) + ". " + source).strip(), width, height, 1)
    return fig
