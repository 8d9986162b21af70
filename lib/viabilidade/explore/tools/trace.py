"""Tracing: draw a boundary whose vertices snap to the municipal and district lines and follow
a divisa between two snapped vertices, measured live.

As in QGIS (snapping to vertex and segment, with the tracing tool on): a click within
:data:`TOLERANCE_PX` screen pixels of a line puts the vertex on it (on one of its vertices
when one is that near, else on the nearest point of a segment); when two vertices in a row
lie on the same line, the boundary between them follows that line (the shorter way round),
vertex by vertex, instead of cutting straight across. The lines are those of the full mesh
every measure of the study reads (IBGE Malha Municipal 2022, the store's ``boundaries``: not
the map's simplified copy), so a traced edge *is* the divisa, and the district lines of the
origins on the map (:func:`viabilidade.geo.districts.district_cells`: approximate cells, or
the census tracts' limits when the store has them). The pixel tolerance is turned into
degrees at the map's zoom and latitude, as Web Mercator draws them.

While the tool is on, a left click on the map adds a vertex and never picks a unit (the
explorer's click-to-pick is held back, :meth:`TraceTool.guard`); the mouse drags a dashed
segment from the last vertex, snapped too, and the readout (:class:`.measure.MeasureReadout`)
gives length, perimeter and area with it. Clicking the first vertex or «Terminar» closes the
polygon: it becomes the map's drawn polygon (editable with the drawing tool's own edit and
trash buttons) and the explorer uses it at once, as a polygon closed with the drawing tool.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

#: Snapping distance in screen pixels (QGIS's default is 12 px).
TOLERANCE_PX = 12
#: The largest tolerance accepted (pixels).
MAX_TOLERANCE_PX = 50
#: The most vertices a traced boundary may have (about five times the longest ring of Goiás's
#: 2022 mesh); a click that would pass it is refused with a message.
MAX_VERTICES = 200_000
#: A point this close (degrees) to a line lies on it (a snapped vertex is on it to about
#: 1e-15°; two municipalities share an edge with the same vertices).
ON_LINE_DEG = 1e-9
#: Web Mercator: degrees of longitude per screen pixel at zoom 0 (256-pixel tiles).
DEG_PER_PX_Z0 = 360 / 256
#: Style of the traced line, the segment under the mouse and the snap mark.
PATH_STYLE = {"color": "#6a1b9a", "weight": 3, "opacity": 0.9, "fill": False}
RUBBER_STYLE = {"color": "#6a1b9a", "weight": 2, "opacity": 0.8, "dash_array": "4 4", "fill": False}
SNAP_STYLE = {"radius": 7, "color": "#2e7d32", "weight": 3, "fill_opacity": 0}
HELP = ("Clique no mapa para pôr os vértices; perto de uma divisa (a {px} px) o vértice vai para "
        "ela, e entre dois vértices na mesma divisa o traço a segue. Clique no primeiro vértice "
        "ou em «Terminar» para fechar o polígono.")


def degrees_per_pixel(zoom: float, lat: float) -> float:
    """The ground distance of one screen pixel, in degrees of latitude, at ``zoom`` and ``lat``
    (Web Mercator: ``360 / 256 / 2**zoom`` degrees of longitude, times cos(lat))."""
    return DEG_PER_PX_Z0 / 2 ** float(zoom) * math.cos(math.radians(float(lat)))


@dataclass(frozen=True)
class Snap:
    """Where a click lands: ``point`` (lon, lat) and ``on`` — ``"vértice"`` (a vertex of a
    line), ``"divisa"`` (a point of a segment) or ``None`` (not snapped)."""

    point: tuple[float, float]
    on: str | None = None


class Lines:
    """The municipal and district lines a drawing snaps to and traces along.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        ``boundaries`` (full mesh, with its spatial index) and, for the district lines,
        what :func:`viabilidade.geo.districts.district_cells` reads.
    """

    def __init__(self, store):
        self.store = store
        self._rings: dict[tuple, object] = {}
        self._cells: dict[tuple, list] = {}
        self.districts_of: tuple[str, ...] = ()

    def _municipal(self, box) -> list[tuple[tuple, object]]:
        import shapely

        b = self.store.boundaries
        out = []
        for i in b.sindex.query(box):
            code = str(b["cod_ibge"].iloc[i])
            if ("m", code) not in self._rings:
                self._rings[("m", code)] = _rings(b.geometry.iloc[i])
            out += [(("m", code, k), r) for k, r in enumerate(self._rings[("m", code)])
                    if shapely.intersects(r, box)]
        return out

    def _district(self, box) -> list[tuple[tuple, object]]:
        import shapely

        key = tuple(self.districts_of)
        if key not in self._cells:
            d = self.store.districts
            several = [o for o in key if (d["cod_ibge"] == o).sum() > 1]
            rings = []
            if several:
                from ...geo.districts import district_cells

                cells = district_cells(self.store, several)
                for code, geom in zip(cells["cod_distrito"], cells.geometry):
                    rings += [(("d", str(code), k), r) for k, r in enumerate(_rings(geom))]
            self._cells[key] = rings
        return [(k, r) for k, r in self._cells[key] if shapely.intersects(r, box)]

    def near(self, box) -> list[tuple[tuple, object]]:
        """The lines (keyed rings, LineStrings in degrees) that cross ``box``."""
        return self._municipal(box) + self._district(box)

    def snap(self, lon: float, lat: float, tolerance_deg: float) -> Snap:
        """Where a click at ``(lon, lat)`` goes: the nearest line vertex within
        ``tolerance_deg``, else the nearest point of a line within it, else the click."""
        import numpy as np
        import shapely

        p = shapely.Point(lon, lat)
        if tolerance_deg <= 0:
            return Snap((lon, lat))
        lines = self.near(p.buffer(tolerance_deg))
        best_vertex, best_edge = None, None
        for _, ring in lines:
            xy = np.asarray(ring.coords)
            d = np.hypot(xy[:, 0] - lon, xy[:, 1] - lat)
            i = int(d.argmin())
            if d[i] <= tolerance_deg and (best_vertex is None or d[i] < best_vertex[0]):
                best_vertex = (float(d[i]), (float(xy[i, 0]), float(xy[i, 1])))
            q = ring.interpolate(ring.project(p))
            e = p.distance(q)
            if e <= tolerance_deg and (best_edge is None or e < best_edge[0]):
                best_edge = (e, (float(q.x), float(q.y)))
        if best_vertex is not None:
            return Snap(best_vertex[1], "vértice")
        if best_edge is not None:
            return Snap(best_edge[1], "divisa")
        return Snap((lon, lat))

    def path(self, a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]] | None:
        """The vertices of a line between ``a`` and ``b`` (both excluded), the shorter way
        round, when one line passes through both (within :data:`ON_LINE_DEG`); else ``None``."""
        import shapely

        pa, pb = shapely.Point(a), shapely.Point(b)
        if pa.equals(pb):
            return None
        box = shapely.box(*shapely.MultiPoint([a, b]).bounds).buffer(ON_LINE_DEG)
        best = None
        for _, ring in self.near(box):
            if ring.distance(pa) > ON_LINE_DEG or ring.distance(pb) > ON_LINE_DEG:
                continue
            for way in _ways(ring, pa, pb):
                length = shapely.LineString([a, *way, b]).length if way else pa.distance(pb)
                if best is None or length < best[0]:
                    best = (length, way)
        return None if best is None else best[1]


def _rings(geom) -> list:
    import shapely

    out = []
    for poly in shapely.get_parts(geom):
        if poly.geom_type == "Polygon":
            out.append(shapely.LineString(poly.exterior.coords))
            out += [shapely.LineString(r.coords) for r in poly.interiors]
    return out


def _ways(ring, pa, pb) -> list[list[tuple[float, float]]]:
    """The vertices of ``ring`` strictly between ``pa`` and ``pb``, going each way round."""
    import numpy as np

    xy = np.asarray(ring.coords)[:-1]           # a closed ring: the last vertex is the first
    da, db = ring.project(pa), ring.project(pb)
    # The distance along the ring of every vertex.
    seg = np.hypot(*np.diff(np.asarray(ring.coords), axis=0).T)
    at = np.concatenate([[0.0], np.cumsum(seg)[:-1]])

    def forward(d1, d2):
        # vertices met going forward from d1 to d2 (wrapping round the start)
        if d1 <= d2:
            idx = np.nonzero((at > d1) & (at < d2))[0]
        else:
            idx = np.concatenate([np.nonzero(at > d1)[0], np.nonzero(at < d2)[0]])
        return [tuple(map(float, xy[i])) for i in idx]

    return [forward(da, db), list(reversed(forward(db, da)))]


class TraceTool:
    """The tracing tool: its buttons, its readout and its layers on the explorer's map.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario_map : viabilidade.explore.leaflet_map.ScenarioMap
        Clicks and mouse moves come from its map; the finished polygon goes into its drawing
        tool (:meth:`~viabilidade.explore.leaflet_map.ScenarioMap.show_drawing`) and its
        ``on_drawn`` is called, as for a polygon closed with the drawing tool.
    readout : viabilidade.explore.tools.measure.MeasureReadout
    origins : callable, optional
        Gives the origin municipalities whose district lines are snapped to (the explorer's
        scenario's); default none.

    Attributes
    ----------
    on : ipywidgets.ToggleButton
        «Traçar limites»: the tool on or off.
    follow : ipywidgets.Checkbox
        «Seguir as divisas»: snap and trace (off: the vertices stay where clicked).
    tolerance : ipywidgets.BoundedIntText
        The snapping distance in pixels (0 to :data:`MAX_TOLERANCE_PX`).
    vertices : list of (lon, lat)
        The boundary so far, traced vertices included.
    widget : ipywidgets.VBox
    """

    def __init__(self, store, scenario_map, readout, origins: Callable[[], tuple] | None = None):
        import ipyleaflet as L
        import ipywidgets as W

        from ..leaflet_map import _in_pane

        self.store, self.map, self.readout = store, scenario_map, readout
        self.origins = origins or (lambda: ())
        self.lines = Lines(store)
        self.vertices: list[tuple[float, float]] = []
        #: Where each click put its vertex in :attr:`vertices` (for «Apagar o último ponto»).
        self.anchors: list[int] = []
        #: How each click snapped (one per anchor).
        self.snaps: list[Snap] = []
        self.cursor: Snap | None = None
        self.on = W.ToggleButton(value=False, description="Traçar limites", icon="pencil",
                                 tooltip="Desenhar um polígono que segue as divisas municipais e distritais",
                                 layout=W.Layout(width="auto"))
        self.follow = W.Checkbox(value=True, description="Seguir as divisas", indent=False,
                                 layout=W.Layout(width="auto"))
        self.tolerance = W.BoundedIntText(value=TOLERANCE_PX, min=0, max=MAX_TOLERANCE_PX,
                                          description="a (px)", style={"description_width": "initial"},
                                          layout=W.Layout(width="8em"))
        self.finish_button = W.Button(description="Terminar", layout=W.Layout(width="auto"),
                                      tooltip="Fechar o polígono traçado e usá-lo como limite da área")
        self.undo_button = W.Button(description="Apagar o último ponto", layout=W.Layout(width="auto"))
        self.cancel_button = W.Button(description="Cancelar", layout=W.Layout(width="auto"))
        self.status = W.HTML("")
        self.on.observe(lambda ch: self.start() if ch["new"] else self.stop(), names="value")
        self.finish_button.on_click(lambda _: self.finish())
        self.undo_button.on_click(lambda _: self.undo())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.tolerance.observe(lambda _: self._say(), names="value")
        self.path_layer = _in_pane(L.Polyline(locations=[], **PATH_STYLE), "desenho")
        self.rubber = _in_pane(L.Polyline(locations=[], **RUBBER_STYLE), "desenho")
        self.mark = _in_pane(L.CircleMarker(location=(0, 0), opacity=0, **SNAP_STYLE), "desenho")
        self.widget = W.VBox([W.HBox([self.on, self.follow, self.tolerance, self.finish_button,
                                      self.undo_button, self.cancel_button],
                                     layout=W.Layout(flex_flow="row wrap", align_items="center")),
                              self.status])
        self._buttons(False)
        self._double_click = scenario_map.map.double_click_zoom
        scenario_map.map.on_interaction(self._interaction)

    # ---------------------------------------------------------------- state
    @property
    def active(self) -> bool:
        return bool(self.on.value)

    def guard(self, on_click: Callable[[str], None]) -> Callable[[str], None]:
        """``on_click`` held back while the tool is on (a click then adds a vertex)."""
        def guarded(code: str) -> None:
            if not self.active:
                on_click(code)
        return guarded

    def _buttons(self, on: bool) -> None:
        for b in (self.finish_button, self.undo_button, self.cancel_button):
            b.disabled = not on
        self.finish_button.disabled = not on or len(self.anchors) < 3

    def _say(self, problem: str = "") -> None:
        import html

        css = ("<style>.viab-tracando,.viab-tracando .leaflet-interactive{cursor:crosshair!important}</style>"
               if self.active else "")
        text = HELP.format(px=self.tolerance.value) if self.active else ""
        red = f"<br><span style='color:#b71c1c'>{html.escape(problem)}</span>" if problem else ""
        self.status.value = f"{css}<span style='font-size:12px'>{html.escape(text)}</span>{red}"

    def start(self) -> None:
        """Turn the tool on (the map takes no double-click zoom: two quick clicks are two vertices)."""
        if not self.on.value:
            self.on.value = True            # observed: comes back here
            return
        self.lines.districts_of = tuple(self.origins())
        m = self.map.map
        self._double_click = m.double_click_zoom
        m.double_click_zoom = False
        m.add_class("viab-tracando")
        for layer in (self.path_layer, self.rubber, self.mark):
            if layer not in m.layers:
                m.add(layer)
        self._buttons(True)
        self._say()
        self._redraw()

    def stop(self) -> None:
        """Turn the tool off, dropping an unfinished boundary."""
        if self.on.value:
            self.on.value = False
            return
        self.vertices, self.anchors, self.snaps, self.cursor = [], [], [], None
        m = self.map.map
        m.double_click_zoom = self._double_click
        m.remove_class("viab-tracando")
        for layer in (self.path_layer, self.rubber, self.mark):
            if layer in m.layers:
                m.remove(layer)
        self._buttons(False)
        self._say()
        self.readout.clear()

    # ---------------------------------------------------------------- events
    def tolerance_deg(self, lat: float) -> float:
        """The snapping distance in degrees at the map's zoom and ``lat`` (0 when «Seguir as
        divisas» is off)."""
        if not self.follow.value:
            return 0.0
        return degrees_per_pixel(self.map.map.zoom, lat) * int(self.tolerance.value)

    def _interaction(self, **event) -> None:
        if not self.active:
            return
        kind, where = event.get("type"), event.get("coordinates")
        if not where or kind not in ("click", "mousemove"):
            return
        lat, lon = float(where[0]), float(where[1])
        if kind == "click":
            self.click(lon, lat)
        else:
            self.move(lon, lat)

    def click(self, lon: float, lat: float) -> None:
        """Add the vertex a click at ``(lon, lat)`` makes (snapped, traced); a click on the
        first vertex (within the tolerance, at least 3 clicks made) closes the polygon."""
        tol = max(self.tolerance_deg(lat), degrees_per_pixel(self.map.map.zoom, lat) * 6)
        if len(self.anchors) >= 3 and math.dist(self.vertices[0], (lon, lat)) <= tol:
            self.finish()
            return
        snap = self.lines.snap(lon, lat, self.tolerance_deg(lat))
        added = self._traced(snap) + [snap.point]
        if len(self.vertices) + len(added) > MAX_VERTICES:
            self._say(f"o limite traçado passaria de {MAX_VERTICES:_} vértices; termine-o ou "
                      "apague pontos".replace("_", "."))
            return
        self.vertices += added
        self.anchors.append(len(self.vertices) - 1)
        self.snaps.append(snap)
        self._buttons(True)
        self._say()
        self._redraw()

    def _traced(self, snap: Snap) -> list[tuple[float, float]]:
        """The traced vertices between the last vertex and ``snap`` (none unless both are on
        one line and «Seguir as divisas» is on)."""
        if not self.follow.value or not self.vertices or snap.on is None or not self.snaps \
                or self.snaps[-1].on is None:
            return []
        return self.lines.path(self.vertices[-1], snap.point) or []

    def move(self, lon: float, lat: float) -> None:
        """The mouse at ``(lon, lat)``: the dashed segment from the last vertex and the readout
        with it."""
        if not self.vertices:
            return
        self.cursor = self.lines.snap(lon, lat, self.tolerance_deg(lat))
        self._redraw()

    def undo(self) -> None:
        """«Apagar o último ponto»: drop the last click's vertex and what was traced to it."""
        if not self.anchors:
            return
        self.anchors.pop()
        self.snaps = self.snaps[: len(self.anchors)]
        self.vertices = self.vertices[: self.anchors[-1] + 1] if self.anchors else []
        self._buttons(True)
        self._redraw()

    def cancel(self) -> None:
        """«Cancelar»: drop the boundary being traced and turn the tool off, as the drawing
        tool's «Cancelar» does (issue 31: the mode stayed on, and the next click on the map
        added a vertex instead of picking a unit)."""
        self.stop()

    def polygon(self):
        """The traced boundary as a shapely Polygon (closed, counter-clockwise, EPSG:4674), with
        the closing edge traced too when it runs along a line.

        Raises
        ------
        ValueError
            Fewer than 3 vertices, or a boundary that crosses itself (in Portuguese).
        """
        import shapely
        from shapely.geometry.polygon import orient

        if len(self.anchors) < 3:
            raise ValueError("o limite traçado tem menos de 3 vértices; clique ao menos 3 pontos")
        ring = list(self.vertices)
        if self.follow.value and self.snaps and self.snaps[0].on and self.snaps[-1].on:
            ring += self.lines.path(ring[-1], ring[0]) or []
        poly = shapely.Polygon(ring)
        if not poly.is_valid:
            raise ValueError("o limite traçado cruza a si mesmo; apague o último ponto ou "
                             "cancele e trace de novo")
        return orient(poly, 1.0)

    def finish(self):
        """«Terminar»: close the boundary and hand it to the map as the drawn polygon
        (:meth:`~viabilidade.explore.leaflet_map.ScenarioMap.show_drawing`, then its
        ``on_drawn``); the tool turns off. Returns the polygon, or ``None`` with the reason
        shown when it cannot be closed."""
        try:
            poly = self.polygon()
        except ValueError as e:
            self._say(str(e))
            return None
        geometry = {"type": "Polygon", "coordinates": [[list(c) for c in poly.exterior.coords]]}
        self.readout.show(poly.exterior.coords[:-1], drawing=False)
        shown = self.readout.widget.value
        self.stop()
        self.readout.widget.value = shown       # the closed polygon's measure stays
        self.map.show_drawing(geometry)
        if self.map.on_drawn is not None:
            self.map.on_drawn()
        return poly

    def _redraw(self) -> None:
        path = list(self.vertices)
        self.path_layer.locations = [[lat, lon] for lon, lat in path]
        if self.cursor is not None and path:
            self.rubber.locations = [[path[-1][1], path[-1][0]], [self.cursor.point[1], self.cursor.point[0]]]
            self.mark.location = (self.cursor.point[1], self.cursor.point[0])
            self.mark.opacity = 1 if self.cursor.on else 0
            path = path + [self.cursor.point]
        else:
            self.rubber.locations = []
            self.mark.opacity = 0
        if path:
            self.readout.show(path, drawing=True)
