"""The explorer's interactive map (ipyleaflet): pick and combine units by clicking, draw a boundary.

Layers, bottom to top:

- the 6 km band (art. 4 II) around each origin seat, dashed;
- Goiás's 246 municipalities (IBGE malha municipal 2022, simplified to about 0,005° ≈ 500 m
  for the browser), grey outlines; hovering names them, clicking one hands its code to the
  explorer;
- the scenario: whole municipalities of the area (orange), origin municipalities (blue
  outline), a boundary drawn or read from a file (orange, hatched by transparency);
- every district seat (IBGE Localidades 2022 vila, or the municipal seat for a seat district,
  as :func:`viabilidade.geo.districts.seats_of_districts`), small dots; the area's districts
  larger, orange — in their own pane (:data:`PANES`), always above the polygons;
- the municipal seats of the origins (black) and the area's seat (a black ring around it).

Only the municipalities and the district points take clicks and hover; what the scenario
draws (bands, outlines, area, seats) is :data:`PASSIVE`, so a click reaches the unit under it.

No tile server is reachable from where the studies are made, so by default there is no basemap
(a grey background); ``basemap=True`` adds OpenStreetMap tiles for a user who is online.
A :class:`ipyleaflet.DrawControl` lets the user draw one polygon; :meth:`ScenarioMap.drawn_geojson`
gives it as a GeoJSON FeatureCollection (EPSG:4674 coordinates, longitude first).
Deleting that polygon with the trash tool calls ``on_deleted``. When the area changes the
view is centred and zoomed on it (:func:`fit_view` of :func:`area_bounds`), except when
:meth:`ScenarioMap.show` is told not to (a click on the map keeps the view under the mouse).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from ..geo.distance import MIN_GAP_M
from ..geo.districts import seats_of_districts
from ..geo.facts import seat_of
from ..geo.maps import geodesic_circle
from .state_map import AREA_COLOUR, ORIGIN_COLOUR

#: Centre and zoom that show the whole state in a map 540 px wide and 540 px tall (Leaflet
#: zooms in half steps here).
CENTER, ZOOM = (-15.95, -49.58), 6.5
#: The map's width and height in pixels.
MAP_PX = 540
#: Zooming to the area: a margin around it (pixels), the closest zoom (a district is a point:
#: it is shown in a box at least :data:`MIN_SPAN_DEG` wide, about 17 km).
FIT_PADDING_PX, MAX_FIT_ZOOM, MIN_SPAN_DEG = 30, 13.0, 0.15
#: Douglas–Peucker tolerance of the municipality outlines sent to the browser, in degrees.
SIMPLIFY_DEG = 0.005
HINT = "Passe o mouse sobre um município ou ponto para ver o nome; clique para usá-lo."
#: Style of what the scenario draws over the municipalities (6 km bands, origin outlines, the
#: area's municipalities and boundary, the seats): not clickable, so a click always reaches
#: the municipality or the district point under it, whatever was drawn last. (Leaflet reads
#: ``interactive`` when a feature is added; ipyleaflet applies ``properties.style`` before.)
PASSIVE = {"interactive": False}
#: Leaflet panes, above the overlay pane (400) where the municipalities are: district points
#: (every district and the area's), then the seats. A point is thus never under a polygon.
PANES = {"distritos": {"zIndex": 450}, "sedes": {"zIndex": 460}}


#: Titles of the zoom buttons (Leaflet's defaults are "Zoom in" / "Zoom out").
ZOOM_TITLES = {"zoom_in_title": "Aproximar", "zoom_out_title": "Afastar"}
#: Leaflet.draw's texts in Portuguese, merged into its ``L.drawLocal`` (same keys; only the
#: polygon tool and the edit/delete tools are on the map).
DRAW_LOCAL = {
    "draw": {
        "toolbar": {
            "actions": {"title": "Cancelar o desenho", "text": "Cancelar"},
            "finish": {"title": "Terminar o desenho", "text": "Terminar"},
            "undo": {"title": "Apagar o último ponto desenhado", "text": "Apagar o último ponto"},
            "buttons": {"polygon": "Desenhar um polígono"},
        },
        "handlers": {
            "polygon": {"tooltip": {"start": "Clique para começar a desenhar o polígono.",
                                    "cont": "Clique para continuar o polígono.",
                                    "end": "Clique no primeiro ponto para fechar o polígono."}},
            "polyline": {"error": "<strong>Erro:</strong> os lados do polígono não podem se cruzar!",
                         "tooltip": {"start": "Clique para começar a desenhar a linha.",
                                     "cont": "Clique para continuar a linha.",
                                     "end": "Clique no último ponto para terminar a linha."}},
        },
    },
    "edit": {
        "toolbar": {
            "actions": {"save": {"title": "Salvar as alterações", "text": "Salvar"},
                        "cancel": {"title": "Cancelar a edição e descartar as alterações",
                                   "text": "Cancelar"},
                        "clearAll": {"title": "Apagar todos os desenhos", "text": "Apagar tudo"}},
            "buttons": {"edit": "Editar o desenho", "editDisabled": "Nada para editar",
                        "remove": "Apagar o desenho", "removeDisabled": "Nada para apagar"},
        },
        "handlers": {
            "edit": {"tooltip": {"text": "Arraste os vértices para mudar o desenho.",
                                 "subtext": "Clique em Cancelar para desfazer as mudanças."}},
            "remove": {"tooltip": {"text": "Clique no desenho para apagá-lo."}},
        },
    },
}
#: Merges :data:`DRAW_LOCAL` into ``L.drawLocal`` as soon as jupyter-leaflet has loaded Leaflet
#: (it puts ``L`` on ``window``), and retitles the tool buttons already on the page (their
#: titles are read once, when the toolbar is built; the bars and tooltips read ``L.drawLocal``
#: each time they open). A MutationObserver catches maps drawn later (a re-run, a tab).
_DRAW_JS = """
(function () {
  const local = %s;
  const titles = [["a.leaflet-draw-draw-polygon", () => local.draw.toolbar.buttons.polygon],
    ["a.leaflet-draw-edit-edit:not(.leaflet-disabled)", () => local.edit.toolbar.buttons.edit],
    ["a.leaflet-draw-edit-edit.leaflet-disabled", () => local.edit.toolbar.buttons.editDisabled],
    ["a.leaflet-draw-edit-remove:not(.leaflet-disabled)", () => local.edit.toolbar.buttons.remove],
    ["a.leaflet-draw-edit-remove.leaflet-disabled", () => local.edit.toolbar.buttons.removeDisabled]];
  function merge(into, from) {
    for (const k in from) {
      if (typeof from[k] === "object") { into[k] = into[k] || {}; merge(into[k], from[k]); }
      else { into[k] = from[k]; }
    }
  }
  let merged = false, queued = false;
  function apply() {
    queued = false;
    if (!merged && window.L && window.L.drawLocal) { merge(window.L.drawLocal, local); merged = true; }
    if (!merged) return;
    for (const [sel, text] of titles) {
      for (const a of document.querySelectorAll(sel)) {
        if (a.title !== text()) a.title = text();
      }
    }
  }
  if (window.__viabilidadeDrawPt) { window.__viabilidadeDrawPt(); return; }
  window.__viabilidadeDrawPt = apply;
  new MutationObserver(() => { if (!queued) { queued = true; requestAnimationFrame(apply); } })
    .observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ["class"]});
  apply();
})();
"""


def portuguese_tools():
    """The drawing tools in Portuguese: display this (``IPython.display.display``) with the
    explorer; it sets Leaflet.draw's texts (:data:`DRAW_LOCAL`) in the page.

    ipyleaflet's :class:`~ipyleaflet.DrawControl` has no option for its texts (Leaflet.draw
    keeps them in the global ``L.drawLocal``), so this is a small script; the zoom buttons
    take :data:`ZOOM_TITLES` from :class:`ScenarioMap` itself.

    Returns
    -------
    IPython.display.Javascript
    """
    from IPython.display import Javascript

    return Javascript(_DRAW_JS % json.dumps(DRAW_LOCAL, ensure_ascii=False))


def municipalities_geojson(store, tolerance: float = SIMPLIFY_DEG) -> dict:
    """The 246 municipality outlines as GeoJSON, simplified for the browser.

    Returns
    -------
    dict
        FeatureCollection; properties ``code`` (cod_ibge), ``name``, ``kind`` = ``"municipio"``.
        Coordinates in degrees (SIRGAS 2000, EPSG:4674), 5 decimals.
    """
    b = store.boundaries[["cod_ibge", "nome", "geometry"]].copy()
    b["geometry"] = b.geometry.simplify(tolerance, preserve_topology=True)
    features = []
    for code, name, geom in zip(b["cod_ibge"], b["nome"], b.geometry):
        features.append({"type": "Feature", "geometry": _rounded(geom.__geo_interface__),
                         "properties": {"code": str(code), "name": str(name), "kind": "municipio"}})
    return {"type": "FeatureCollection", "features": features}


def districts_geojson(store, codes=None) -> dict:
    """District seat points as GeoJSON (every district, or those in ``codes``).

    Returns
    -------
    dict
        FeatureCollection of Points; properties ``code`` (cod_distrito), ``name``
        (``"Posse d'Abadia (distrito de Abadiânia)"``), ``kind`` = ``"distrito"``.
    """
    d = store.districts
    wanted = tuple(d["cod_distrito"]) if codes is None else tuple(codes)
    pts = seats_of_districts(store, wanted)
    names = {c: f"{n} (distrito de {m})" for c, n, m in
             zip(d["cod_distrito"], d["nome"], d["nome_municipio"])}
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(lon, 5), round(lat, 5)]},
         "properties": {"code": str(c), "name": names.get(c, c), "kind": "distrito"}}
        for c, lat, lon in zip(pts["cod_distrito"], pts["lat"], pts["lon"])]}


def _rounded(geo: dict) -> dict:
    def r(x):
        return [r(v) for v in x] if isinstance(x, (list, tuple)) and x and isinstance(x[0], (list, tuple)) \
            else [round(float(x[0]), 5), round(float(x[1]), 5)]
    return {"type": geo["type"], "coordinates": r(geo["coordinates"])}


def _feature(geom, **props) -> dict:
    return {"type": "Feature", "geometry": _rounded(geom.__geo_interface__), "properties": props}


def seat_points(store, scenario) -> dict[str, tuple[float, float]]:
    """(lat, lon) of each origin's municipal seat and of the area's seat, keyed by role and code.

    Keys ``"origem:<cod_ibge>"`` and ``"área"``; the area's seat is the candidate's
    ``seat_point``, else the seat of its single whole municipality, else the seat point of the
    district named as its seat (``scenario.seat``), else of its first district.
    """
    out = {f"origem:{o}": s for o in scenario.origins if (s := seat_of(store.seats, o)) is not None}
    point = scenario.base.seat_point if scenario.base is not None else None
    if point is None and len(scenario.municipalities) == 1:
        point = seat_of(store.seats, scenario.municipalities[0])
    if point is None and scenario.districts:
        # The district named as the seat (by default the first district of the area).
        names = dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
        named = [c for c in scenario.districts if names.get(c) == (scenario.seat or scenario.name)]
        pts = seats_of_districts(store, tuple(named[:1] or scenario.districts[:1]))
        if len(pts):
            point = (float(pts["lat"].iloc[0]), float(pts["lon"].iloc[0]))
    if point is not None:
        out["área"] = point
    return out


def scenario_layers_data(store, scenario, boundary=None) -> dict[str, dict]:
    """GeoJSON of what the scenario puts on the map.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario : Scenario
    boundary : shapely geometry, optional
        The area's boundary (drawn or read from the boundary file), EPSG:4674.

    Returns
    -------
    dict
        ``"bands"`` (6 km geodesic circles around each origin seat), ``"areas"`` (whole
        municipalities of the area, origin outlines, the boundary), ``"districts"`` (the
        area's district points), ``"seats"`` (origin seats and the area's seat); each a
        FeatureCollection whose features carry ``properties.style`` (Leaflet path options),
        ``code`` and ``name`` where a unit is meant.
    """
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    b = store.boundaries.set_index("cod_ibge")
    seats = seat_points(store, scenario)
    bands = [_feature(geodesic_circle(lon, lat, MIN_GAP_M, n=90), name="6 km da sede de origem",
                      style={"color": "#e63946", "weight": 1.5, "dashArray": "6 4",
                             "fillColor": "#e63946", "fillOpacity": 0.10, **PASSIVE})
             for key, (lat, lon) in seats.items() if key.startswith("origem:")]
    areas = []
    for code in scenario.origins:
        if code in b.index:
            areas.append(_feature(b.at[code, "geometry"].simplify(SIMPLIFY_DEG), code=code,
                                  name=f"{names.get(code, code)} (origem)", kind="municipio",
                                  style={"color": ORIGIN_COLOUR, "weight": 3, "fillOpacity": 0.05,
                                         "fillColor": ORIGIN_COLOUR, **PASSIVE}))
    for code in scenario.municipalities:
        if code in b.index:
            areas.append(_feature(b.at[code, "geometry"].simplify(SIMPLIFY_DEG), code=code,
                                  name=f"{names.get(code, code)} (na área)", kind="municipio",
                                  style={"color": "#1a1a1a", "weight": 1, "fillColor": AREA_COLOUR,
                                         "fillOpacity": 0.65, **PASSIVE}))
    if boundary is not None:
        areas.append(_feature(boundary, name="limites da área", kind="limite",
                              style={"color": AREA_COLOUR, "weight": 2, "fillColor": AREA_COLOUR,
                                     "fillOpacity": 0.35, **PASSIVE}))
    seat_features = [{"type": "Feature",
                      "geometry": {"type": "Point", "coordinates": [round(lon, 5), round(lat, 5)]},
                      "properties": {"name": ("sede proposta" if key == "área" else
                                              f"sede de {names.get(key.split(':')[1], '')}"),
                                     "style": ({"radius": 11, "color": "#000000", "weight": 2.5,
                                                "fillOpacity": 0, **PASSIVE}
                                               if key == "área" else
                                               {"radius": 5, "color": "#000000", "weight": 1,
                                                "fillColor": "#000000", "fillOpacity": 1, **PASSIVE})}}
                     for key, (lat, lon) in seats.items()]
    return {"bands": {"type": "FeatureCollection", "features": bands},
            "areas": {"type": "FeatureCollection", "features": areas},
            "districts": districts_geojson(store, scenario.districts),
            "seats": {"type": "FeatureCollection", "features": seat_features}}


def _mercator_y(lat: float) -> float:
    s = math.sin(math.radians(lat))
    return math.log((1 + s) / (1 - s)) / 2


def fit_view(bounds: tuple[float, float, float, float], width_px: int = MAP_PX,
             height_px: int = MAP_PX) -> tuple[tuple[float, float], float]:
    """Centre and zoom that show ``bounds`` whole, as Leaflet's ``fitBounds`` would.

    Parameters
    ----------
    bounds : tuple of float
        ``(west, south, east, north)`` in degrees (EPSG:4674, as shapely's ``bounds``).
    width_px, height_px : int
        The map's size in pixels.

    Returns
    -------
    tuple
        ``((lat, lon), zoom)``: the centre in Web Mercator (Leaflet's projection), the zoom
        in half steps (the map's ``zoom_snap``), at most :data:`MAX_FIT_ZOOM`, with
        :data:`FIT_PADDING_PX` pixels to spare on every side. A box narrower than
        :data:`MIN_SPAN_DEG` (a single district point) is widened to it around its centre.
    """
    west, south, east, north = bounds
    if east - west < MIN_SPAN_DEG:
        mid = (west + east) / 2
        west, east = mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2
    if north - south < MIN_SPAN_DEG:
        mid = (south + north) / 2
        south, north = mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2
    y_s, y_n = _mercator_y(south), _mercator_y(north)
    lat = math.degrees(math.atan(math.sinh((y_s + y_n) / 2)))
    zoom_x = math.log2((width_px - 2 * FIT_PADDING_PX) * 360 / (256 * (east - west)))
    zoom_y = math.log2((height_px - 2 * FIT_PADDING_PX) * 2 * math.pi / (256 * (y_n - y_s)))
    zoom = min(MAX_FIT_ZOOM, math.floor(2 * min(zoom_x, zoom_y)) / 2)
    return (round(lat, 6), round((west + east) / 2, 6)), zoom


def area_bounds(store, scenario, boundary=None) -> tuple[float, float, float, float] | None:
    """``(west, south, east, north)`` of the scenario's area, or ``None`` for an empty area.

    The boundary when there is one (it replaces the units); else the area's whole
    municipalities (IBGE malha) and its districts' points (:func:`districts_geojson`).
    """
    if boundary is not None:
        return tuple(float(x) for x in boundary.bounds)
    xs, ys = [], []
    b = store.boundaries.set_index("cod_ibge")
    for code in scenario.municipalities:
        if code in b.index:
            w, s_, e, n = b.at[code, "geometry"].bounds
            xs += [w, e]
            ys += [s_, n]
    for f in districts_geojson(store, scenario.districts)["features"]:
        x, y = f["geometry"]["coordinates"][:2]
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return (float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys)))


class ScenarioMap:
    """The interactive map of the explorer.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    on_click : callable
        Called with the code of the clicked unit (7-digit municipality or 9-digit district).
    on_deleted : callable, optional
        Called (no argument) when the polygon in :attr:`drawn` is deleted with the map's
        trash tool.
    basemap : bool
        Add OpenStreetMap tiles under the layers (needs internet access; off by default).

    Attributes
    ----------
    map : ipyleaflet.Map
    hover : ipywidgets.HTML
        Shown in the map's top-right corner: the name under the mouse.
    draw : ipyleaflet.DrawControl
        Polygon drawing; the last polygon is kept in :attr:`drawn`.
    drawn : dict or None
        The last drawn polygon, a GeoJSON geometry (longitude first).
    """

    def __init__(self, store, on_click: Callable[[str], None], *, basemap: bool = False,
                 on_deleted: Callable[[], None] | None = None):
        import ipyleaflet as L
        import ipywidgets as W

        self.store, self.on_click, self.on_deleted, self.drawn = store, on_click, on_deleted, None
        #: Bounds of the area last shown (:func:`area_bounds`); the view moves when they change.
        self.shown_bounds = None
        layers = [L.basemap_to_tiles(L.basemaps.OpenStreetMap.Mapnik)] if basemap else []
        self.map = L.Map(center=CENTER, zoom=ZOOM, zoom_snap=0.5, zoom_delta=0.5, layers=layers,
                         panes=PANES, zoom_control=False,
                         scroll_wheel_zoom=True, attribution_control=False,
                         layout=W.Layout(width="100%", height=f"{MAP_PX}px"))
        self.map.add(L.ZoomControl(position="topleft", **ZOOM_TITLES))
        self.map.add(L.ScaleControl(position="bottomleft", imperial=False))
        self.bands = L.GeoJSON(data={"type": "FeatureCollection", "features": []}, name="6 km")
        self.municipalities = L.GeoJSON(
            data=municipalities_geojson(store), name="municípios",
            style={"color": "#757575", "weight": 0.6, "fillColor": "#ffffff", "fillOpacity": 0.5},
            hover_style={"color": "#000000", "weight": 2, "fillOpacity": 0.2})
        self.areas = L.GeoJSON(data={"type": "FeatureCollection", "features": []}, name="cenário",
                               hover_style={"weight": 4})
        self.district_dots = L.GeoJSON(
            data=districts_geojson(store), name="distritos",
            point_style={"radius": 4, "color": "#546e7a", "weight": 0.8, "fillColor": "#b0bec5",
                         "fillOpacity": 1, "pane": "distritos"},
            hover_style={"color": "#000000", "weight": 3})
        self.area_districts = L.GeoJSON(
            data={"type": "FeatureCollection", "features": []}, name="distritos da área",
            point_style={"radius": 8, "color": "#1a1a1a", "weight": 2, "fillColor": AREA_COLOUR,
                         "fillOpacity": 1, "pane": "distritos"},
            hover_style={"weight": 3})
        self.seats = L.GeoJSON(data={"type": "FeatureCollection", "features": []}, name="sedes",
                               point_style={"radius": 5, "pane": "sedes", **PASSIVE})
        for layer in (self.bands, self.municipalities, self.areas, self.district_dots,
                      self.area_districts, self.seats):
            self.map.add(layer)
            layer.on_hover(self._hovered)
        for layer in (self.municipalities, self.areas, self.district_dots, self.area_districts):
            layer.on_click(self._clicked)
        self.hover = W.HTML(layout=W.Layout(padding="2px 6px", max_width="16em"))
        self.reset_hover()
        self.map.add(L.WidgetControl(widget=self.hover, position="topright"))
        # The name under the mouse is forgotten when the mouse leaves the map or the map zooms
        # (the unit that was under it is no longer there).
        self.map.on_interaction(self._interaction)
        self.map.observe(lambda _change: self.reset_hover(), names="zoom")
        self.legend = W.HTML(
            "<div style='font-size:11px;line-height:1.35'>"
            f"<span style='color:{AREA_COLOUR}'>■</span> área (municípios inteiros)<br>"
            f"<span style='color:{AREA_COLOUR}'>●</span> distrito da área<br>"
            f"<span style='color:{AREA_COLOUR}'>▨</span> limites da área (desenhados ou de arquivo)<br>"
            f"<span style='color:{ORIGIN_COLOUR}'>□</span> município de origem<br>"
            "<span style='color:#e63946'>◌</span> 6 km da sede de origem (art. 4º, II)<br>"
            "● sede de origem · ◯ sede proposta<br>"
            "<span style='color:#90a4ae'>●</span> outros distritos</div>",
            layout=W.Layout(padding="2px 6px"))
        self.map.add(L.WidgetControl(widget=self.legend, position="bottomright"))
        self.draw = L.DrawControl(polygon={"shapeOptions": {"color": AREA_COLOUR}},
                                  polyline={}, circlemarker={}, rectangle={}, circle={}, marker={})
        self.draw.on_draw(self._drawn)
        self.map.add(self.draw)

    # ------------------------------------------------------------------ events
    def _hovered(self, **event) -> None:
        props = event.get("properties") or {}
        name = props.get("name")
        if name:
            self.hover.value = f"<div style='font-size:12px;line-height:1.3'><b>{_esc(name)}</b></div>"

    def reset_hover(self) -> None:
        """Show the hint again instead of the last name hovered."""
        self.hover.value = f"<div style='font-size:12px;line-height:1.3'>{HINT}</div>"

    def _interaction(self, **event) -> None:
        if event.get("type") == "mouseout":
            self.reset_hover()

    def _clicked(self, **event) -> None:
        code = (event.get("properties") or {}).get("code")
        if code:
            self.on_click(str(code))

    def _drawn(self, _control=None, action: str = "", geo_json: dict | None = None, **_) -> None:
        if action in ("created", "edited") and geo_json and geo_json.get("geometry", {}).get("type") == "Polygon":
            self.drawn = geo_json["geometry"]
        elif action == "deleted" and self.drawn is not None and geo_json \
                and geo_json.get("geometry") == self.drawn:
            self.drawn = None       # the polygon in use, not an older one still on the map
            if self.on_deleted is not None:
                self.on_deleted()

    def drawn_geojson(self, cod_ibge: str, name: str) -> str | None:
        """The last drawn polygon as a GeoJSON FeatureCollection text, or ``None``.

        Parameters
        ----------
        cod_ibge : str
            Its ``id``: the IBGE code of the municipality it is carved from (the boundary
            reader, :func:`viabilidade.data.geometry.read_boundaries`, needs one per feature).
        name : str
            Its ``nome``.

        Returns
        -------
        str or None
            CRS EPSG:4674 (declared), longitude first, as Leaflet draws it.
        """
        if self.drawn is None:
            return None
        return json.dumps({"type": "FeatureCollection",
                           "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::4674"}},
                           "features": [{"type": "Feature", "properties": {"id": cod_ibge, "nome": name},
                                         "geometry": self.drawn}]}, ensure_ascii=False)

    def clear_drawing(self) -> None:
        """Erase the drawn polygon from the map and forget it (:attr:`drawn`)."""
        self.draw.clear()
        self.drawn = None

    # ------------------------------------------------------------------ update
    def show(self, scenario, boundary=None, *, fit: bool = True) -> None:
        """Draw the scenario (area, origins, seats, 6 km bands, boundary).

        With ``fit``, when the area's bounds changed since the last call, the map is centred
        and zoomed on the area (:func:`fit_view`); without it (a map click: the map stays
        where the user clicked) or for an empty area the view does not move.
        """
        bounds = area_bounds(self.store, scenario, boundary)
        if fit and bounds is not None and bounds != self.shown_bounds:
            (self.map.center, self.map.zoom) = fit_view(bounds)
        self.shown_bounds = bounds
        data = scenario_layers_data(self.store, scenario, boundary)
        self.bands.data = data["bands"]
        self.areas.data = data["areas"]
        self.area_districts.data = data["districts"]
        self.seats.data = data["seats"]


def _esc(text: str) -> str:
    import html

    return html.escape(str(text))
