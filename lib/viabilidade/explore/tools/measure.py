"""Live measure: the geodesic length and area of what is being drawn, in pt-BR.

Lengths and areas are geodesic on GRS80, SIRGAS 2000's ellipsoid (:data:`viabilidade.common.geodesy.GEOD`,
:meth:`pyproj.Geod.line_length` and :func:`viabilidade.common.geodesy.geodesic_area_km2`), so
a polygon measures here exactly what the study measures for it (``Geod.geometry_area_perimeter``):
no map projection is chosen. The explorer's tracing tool (:mod:`.trace`) shows
:func:`measure_text` after every vertex and as the mouse moves; so does the map's own drawing
tool (⬟, Leaflet.draw) while a polygon is drawn with it: :func:`live_measure` (a page script
displayed by the notebook) hands its vertices, and the mouse as the next one, to the readout's
hidden text box (:attr:`MeasureReadout.vertices`), and the kernel measures them here (issue 31:
only a closed polygon was measured, Leaflet.draw's vertex events do not reach the kernel). A
polygon closed or edited with it is measured too (:class:`MeasureReadout`); the explorer's
readout then follows the limits in use (:meth:`MeasureReadout.show_area`, wired in
:func:`.panel.attach`).

Sources: pyproj, ``Geod`` (https://pyproj4.github.io/pyproj/stable/api/geod.html), Karney's
geodesics (C. F. F. Karney, *Algorithms for geodesics*, J. Geodesy 87, 2013); Leaflet.draw 1.0
(``L.Draw.Polygon``: ``_vertexChanged`` after a vertex is put or taken back, ``_onMouseMove``,
``removeHooks`` when the drawing ends; https://github.com/Leaflet/Leaflet.draw); ipywidgets 8's
text box syncs its value on the input's ``change`` event (``TextView.handleChanged``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...common.geodesy import GEOD, geodesic_area_km2
from ...common.numbers import decimal

#: The most vertices measured at once (a traced line may follow a divisa of the full mesh:
#: the longest ring of Goiás's 2022 mesh has about 40.000 vertices).
MAX_VERTICES = 200_000
#: What the readout says with nothing drawn.
IDLE = "Medida: desenhe no mapa para ver o comprimento e a área (geodésicos, SIRGAS 2000)."
#: The longest vertex list the page may hand over while drawing with ⬟, in characters (a
#: polygon drawn by hand has tens of vertices, about 25 characters each).
MAX_LIVE_CHARS = 200_000
#: The class of the readout's hidden text box, where :data:`LIVE_JS` writes the vertices.
LIVE_CLASS = "viab-vertices"
#: The page script of :func:`live_measure`: wraps three methods of Leaflet.draw's polygon
#: handler (for every map of the page, drawn now or later) so that each vertex put or taken
#: back, and the mouse (at most every 150 ms), writes the vertices as JSON ``[[lon, lat], …]``
#: (6 decimals, about 0,1 m) into the text box of class :data:`LIVE_CLASS` in the same explorer
#: page (``.viab-pagina``), and ``[]`` when the drawing ends (closed or cancelled).
LIVE_JS = """
(function () {
  function send(handler, mouse) {
    const map = handler._map;
    if (!map) { return; }
    const page = map.getContainer().closest(".viab-pagina");
    const box = page && page.querySelector(".%(cls)s input");
    if (!box) { return; }
    const points = (handler._markers || []).map(m => m.getLatLng());
    const last = points[points.length - 1];
    if (mouse && !(last && last.lat.toFixed(6) === mouse.lat.toFixed(6)
                   && last.lng.toFixed(6) === mouse.lng.toFixed(6))) { points.push(mouse); }
    const value = JSON.stringify(points.map(p => [+p.lng.toFixed(6), +p.lat.toFixed(6)]));
    if (box.value === value) { return; }
    box.value = value;
    box.dispatchEvent(new Event("change", {bubbles: true}));
  }
  function install() {
    const P = window.L && window.L.Draw && window.L.Draw.Polygon;
    if (!P) { return false; }
    const proto = P.prototype;
    if (proto.__viabMedida) { return true; }
    const changed = proto._vertexChanged, moved = proto._onMouseMove, ended = proto.removeHooks;
    proto._vertexChanged = function () {
      const out = changed.apply(this, arguments);
      send(this, null);
      return out;
    };
    proto._onMouseMove = function (e) {
      const out = moved.apply(this, arguments);
      this.__viabMouse = this._currentLatLng;
      if (!this.__viabTimer) {
        this.__viabTimer = setTimeout(() => {
          this.__viabTimer = null;
          if (this._markers && this._markers.length) { send(this, this.__viabMouse); }
        }, 150);
      }
      return out;
    };
    proto.removeHooks = function () {
      const map = this._map;
      const out = ended.apply(this, arguments);
      if (this.__viabTimer) { clearTimeout(this.__viabTimer); this.__viabTimer = null; }
      if (map) { this._map = map; this._markers = []; send(this, null); }
      return out;
    };
    proto.__viabMedida = true;
    return true;
  }
  if (install()) { return; }
  const watch = new MutationObserver(() => { if (install()) { watch.disconnect(); } });
  watch.observe(document.body, {childList: true, subtree: true});
})();
""" % {"cls": LIVE_CLASS}


@dataclass(frozen=True)
class Measure:
    """What a drawn line or polygon measures.

    Attributes
    ----------
    vertices : int
        The vertices measured.
    length_km : float
        Geodesic length of the open line, in km (0 for fewer than 2 vertices).
    perimeter_km : float or None
        Geodesic perimeter of the closed polygon, in km; ``None`` below 3 vertices.
    area_km2 : float or None
        Geodesic area of the closed polygon, in km²; ``None`` below 3 vertices.
    """

    vertices: int
    length_km: float
    perimeter_km: float | None
    area_km2: float | None


def measure(coords) -> Measure:
    """Measure a drawn line and the polygon it closes.

    Parameters
    ----------
    coords : sequence of (lon, lat)
        Vertices in degrees (SIRGAS 2000, EPSG:4674), in drawing order; the closing vertex is
        not repeated (a repeated last vertex equal to the first is dropped).

    Returns
    -------
    Measure

    Raises
    ------
    ValueError
        With more than :data:`MAX_VERTICES` vertices, or a coordinate that is not a finite
        longitude in [-180, 180] and latitude in [-90, 90] (message in Portuguese).
    """
    import math

    import shapely

    pts = [(float(x), float(y)) for x, y in coords]
    if len(pts) > MAX_VERTICES:
        raise ValueError(f"o desenho tem {decimal(len(pts))} vértices; o máximo medido é "
                         f"{decimal(MAX_VERTICES)}")
    for x, y in pts:
        if not (math.isfinite(x) and math.isfinite(y) and -180 <= x <= 180 and -90 <= y <= 90):
            raise ValueError(f"coordenada fora do globo (longitude {x!r}, latitude {y!r}); "
                             "esperadas longitude entre -180 e 180 e latitude entre -90 e 90")
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    if len(pts) < 2:
        return Measure(len(pts), 0.0, None, None)
    lons, lats = [p[0] for p in pts], [p[1] for p in pts]
    length = GEOD.line_length(lons, lats) / 1000
    if len(pts) < 3:
        return Measure(len(pts), length, None, None)
    closing = GEOD.line_length([lons[-1], lons[0]], [lats[-1], lats[0]]) / 1000
    polygon = shapely.Polygon(pts)
    # A polygon that crosses itself has no area as drawn: its valid form (the parts it
    # encloses) is measured, as the study would refuse or repair it.
    area = geodesic_area_km2(polygon if polygon.is_valid else shapely.make_valid(polygon))
    return Measure(len(pts), length, length + closing, area)


def live_measure():
    """The page script that measures a polygon while it is drawn with the map's ⬟ tool:
    display it (``IPython.display.display``) with the explorer, as the notebook does.

    Leaflet.draw's vertex and mouse events stay in the page (ipyleaflet sends the kernel the
    closed polygon only), so this script (:data:`LIVE_JS`) hands them to the readout's hidden
    text box; the kernel measures them on GRS80 (:meth:`MeasureReadout.show`).

    Returns
    -------
    IPython.display.Javascript
    """
    from IPython.display import Javascript

    return Javascript(LIVE_JS)


def parse_vertices(text: str) -> list[tuple[float, float]]:
    """The vertices the page script wrote (:data:`LIVE_JS`): JSON ``[[lon, lat], …]``.

    Raises
    ------
    ValueError
        Text longer than :data:`MAX_LIVE_CHARS`, not JSON, or not a list of pairs of numbers
        (message in Portuguese); the coordinates themselves are checked by :func:`measure`.
    """
    import json

    if len(text) > MAX_LIVE_CHARS:
        raise ValueError(f"o desenho enviado pela página tem {decimal(len(text))} caracteres; o "
                         f"máximo medido é {decimal(MAX_LIVE_CHARS)}")
    try:
        data = json.loads(text or "[]")
    except ValueError:
        raise ValueError("os vértices enviados pela página não são uma lista JSON de "
                         "[longitude, latitude]") from None
    if not isinstance(data, list) or not all(
            isinstance(p, list) and len(p) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p) for p in data):
        raise ValueError("os vértices enviados pela página não são uma lista JSON de "
                         "[longitude, latitude]")
    return [(float(x), float(y)) for x, y in data]


def measure_text(m: Measure, *, drawing: bool = True) -> str:
    """The readout in pt-BR: ``"Comprimento: 12,35 km · Perímetro: 20,10 km · Área: 23,40 km²"``.

    Lengths to 0,01 km (10 m) and areas to 0,01 km², the precision the study prints
    (:data:`viabilidade.common.precision.AREA_KM2`); ``drawing`` says the polygon is still
    open (its perimeter and area are of the polygon closed back to the first vertex).
    """
    if m.vertices < 2:
        return IDLE
    parts = [f"Comprimento: {decimal(m.length_km, 2)} km"]
    if m.area_km2 is not None:
        closed = " (fechando no 1º vértice)" if drawing else ""
        parts.append(f"Perímetro{closed}: {decimal(m.perimeter_km, 2)} km")
        parts.append(f"Área: {decimal(m.area_km2, 2)} km²")
    return " · ".join(parts) + " — geodésicos, SIRGAS 2000 (GRS80)"


class MeasureReadout:
    """The measure line under the map (an ``ipywidgets.HTML``), fed by the tracing tool and by
    the map's drawing tool, while drawing (:attr:`vertices`) and once closed.

    Parameters
    ----------
    draw_control : ipyleaflet.DrawControl, optional
        The map's drawing tool: a polygon closed or edited with it is measured (its
        ``on_draw`` callbacks are added to, never replaced).

    Attributes
    ----------
    widget : ipywidgets.HTML
    vertices : ipywidgets.Text
        Hidden (class :data:`LIVE_CLASS`): the page script :func:`live_measure` writes in it
        the vertices of the polygon being drawn with ⬟, each change measured at once; put it
        in the page with :attr:`widget`.
    after_drawing : callable or None
        Called (no argument) when that drawing ends (``[]``), instead of :meth:`clear`: the
        explorer shows the limits in use again.
    last : Measure or None
        The last measure shown.
    """

    def __init__(self, draw_control=None):
        import ipywidgets as W

        self.widget = W.HTML(f"<span class='viab-medida'>{IDLE}</span>",
                             layout=W.Layout(margin="0 0 0 4px"))
        self.vertices = W.Text(value="", continuous_update=True, layout=W.Layout(display="none"))
        self.vertices.add_class(LIVE_CLASS)
        self.vertices.observe(self._live, names="value")
        self.after_drawing = None
        self.last: Measure | None = None
        if draw_control is not None:
            draw_control.on_draw(self._drawn)

    def show(self, coords, *, drawing: bool = True) -> Measure:
        """Measure ``coords`` (lon, lat) and show it; returns the :class:`Measure`."""
        import html

        try:
            m = measure(coords)
        except ValueError as e:
            self.widget.value = f"<span class='viab-medida' style='color:#b71c1c'>{html.escape(str(e))}</span>"
            return Measure(0, 0.0, None, None)
        self.last = m
        self.widget.value = f"<span class='viab-medida'>{html.escape(measure_text(m, drawing=drawing))}</span>"
        return m

    def show_area(self, geometry) -> None:
        """Show what the area in use measures: ``geometry`` (shapely Polygon or
        MultiPolygon, EPSG:4674, the limits file the study reads: a drawing as used, clipped
        or whole, or an uploaded file), its geodesic perimeter and area."""
        import html

        area = geodesic_area_km2(geometry)
        perimeter = GEOD.geometry_length(geometry) / 1000
        self.last = Measure(int(len(getattr(geometry, "exterior", None).coords) - 1)
                            if geometry.geom_type == "Polygon" else 0, perimeter, perimeter, area)
        text = (f"Limites em uso — Perímetro: {decimal(perimeter, 2)} km · Área: "
                f"{decimal(area, 2)} km² — geodésicos, SIRGAS 2000 (GRS80)")
        self.widget.value = f"<span class='viab-medida'>{html.escape(text)}</span>"

    def _live(self, change) -> None:
        """The vertices of the polygon being drawn with ⬟ (:attr:`vertices`), measured."""
        import html

        try:
            coords = parse_vertices(change["new"])
        except ValueError as e:
            self.widget.value = f"<span class='viab-medida' style='color:#b71c1c'>{html.escape(str(e))}</span>"
            return
        if coords:
            self.show(coords, drawing=True)
        elif self.after_drawing is not None:
            self.after_drawing()
        else:
            self.clear()

    def clear(self) -> None:
        """Back to :data:`IDLE`."""
        self.last = None
        self.widget.value = f"<span class='viab-medida'>{IDLE}</span>"

    def _drawn(self, _control=None, action: str = "", geo_json: dict | None = None, **_) -> None:
        geometry = (geo_json or {}).get("geometry") or {}
        if action in ("created", "edited") and geometry.get("type") == "Polygon":
            self.show(geometry["coordinates"][0], drawing=False)
        elif action == "deleted":
            self.clear()
