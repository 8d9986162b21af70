"""The explorer's interactive map (ipyleaflet): pick and combine units by clicking, draw a boundary.

Layers, bottom to top, each in its own Leaflet pane (:data:`PANES`), so the order never changes
between updates:

- an OpenStreetMap basemap (on by default, :data:`BASEMAP_NOTE`); without internet its tiles
  do not load and the layers below show everything on a grey background;
- Goiás's 246 municipalities (IBGE Malha Municipal 2022: the store's ``boundaries_map``,
  simplified again to about 0,005° ≈ 500 m for the browser), grey outlines; hovering names
  them, clicking one hands its code to the explorer;
- the scenario's passive layers (:data:`PASSIVE`: no click, no hover): the 6 km band (art. 4
  II) around each origin seat, dashed; origin municipalities (blue outline); whole
  municipalities of the area (orange); a boundary drawn or read from a file (orange);
- the approximate territory of every district of the origin municipalities
  (:func:`viabilidade.geo.districts.district_cells`: Voronoi cells of the district seats
  clipped to the municipality, the territory the study draws; **not legal limits**, and the
  hover and the legend say so — or the IBGE's limit from the census tracts when the store has
  them), dashed, clickable: inside an origin a click is always one of its districts, the seat
  district included; a neighbour is clicked as a municipality;
- the area's districts (their cells, orange);
- the polygon being drawn (:class:`ipyleaflet.DrawControl`);
- every district seat point (IBGE Localidades 2022 vila, or the municipal seat for a seat
  district, :func:`viabilidade.geo.districts.seats_of_districts`), small dots, clickable;
- the municipal seats of the origins (black) and the area's seat (a black ring around it);
- permanent labels (:data:`LABEL_ZOOM`): the names of the origins and their neighbours at
  state zoom, the names of the origins' districts when zoomed in; they take no click.

A drawn polygon is handed to ``on_drawn`` as soon as it is closed (and again when edited);
deleting it with the trash tool calls ``on_deleted``. :meth:`ScenarioMap.drawn_geojson` gives it
as a GeoJSON FeatureCollection (EPSG:4674 coordinates, longitude first). When the area changes
the view is centred and zoomed on it (:func:`fit_view` of :func:`area_bounds`), leaving room
for the tool bars (:data:`FIT_PADDING_PX`), except when :meth:`ScenarioMap.show` is told not to
(a click on the map keeps the view under the mouse). The legend folds away (:attr:`ScenarioMap.legend_toggle`).
"""

from __future__ import annotations

import copy
import json
import math
import weakref
from collections.abc import Callable

from ..geo.distance import MIN_GAP_M
from ..geo.districts import seats_of_districts
from ..geo.facts import seat_of
from ..geo.maps import geodesic_circle
from ..geo.tracts import TRACT_LIMIT_LABEL
from .state_map import AREA_COLOUR, ORIGIN_COLOUR

#: Centre and zoom that show the whole state in a map 540 px wide and 540 px tall (Leaflet
#: zooms in half steps here).
CENTER, ZOOM = (-15.95, -49.58), 6.5
#: The map's smallest width and height in pixels (the views are fitted for it: a larger map
#: shows them with more margin).
MAP_PX = 540
#: The map's height on the page (its width is the page's left column: panels.layout): the
#: window's height less the page's title and opening lines (about 240 px), so the map is seen
#: whole on opening where the window allows; 540 px at least, 860 px at most. It was fixed at
#: 540 px, 493 px down the page at 1366×768 (issue 31). Measured in Chromium: at 1920×1080
#: (937 px of page) the map is 1491×697 px from 237 px down; at 1366×768, 937×540 from 237 px.
MAP_HEIGHT_CSS = f"clamp({MAP_PX}px, calc(100vh - 240px), 860px)"
#: Zooming to the area: a margin around it (pixels: top, right, bottom, left), the closest zoom
#: (a district is a point: it is shown in a box at least :data:`MIN_SPAN_DEG` wide, about
#: 17 km). The top and left margins keep the area clear of the tool bars: the drawing tools
#: and their bars ("Terminar | Apagar o último ponto | Cancelar", "Salvar | Cancelar | Apagar
#: tudo") in the top-left corner, the zoom buttons under them, the name box top right.
FIT_PADDING_PX = {"top": 90, "right": 30, "bottom": 30, "left": 45}
MAX_FIT_ZOOM, MIN_SPAN_DEG = 13.0, 0.15
#: Douglas–Peucker tolerance of the municipality and district outlines sent to the browser, in
#: degrees (about 500 m).
SIMPLIFY_DEG = 0.005
HINT = "Passe o mouse sobre um município ou distrito para ver o nome; clique para usá-lo."
#: What every district territory on the map is, said wherever one is named.
APPROXIMATE = "território aproximado, não é limite legal"
#: Style of what the scenario draws over the units (6 km bands, origin outlines, the area's
#: municipalities, districts and boundary, the seats): not clickable, so a click always
#: reaches the municipality, district territory or district point under it. (Leaflet reads
#: ``interactive`` when a feature is added; ipyleaflet applies ``properties.style`` before.)
PASSIVE = {"interactive": False}
#: Leaflet panes, one per kind of layer, so the order is fixed whatever is redrawn: the
#: municipalities; the scenario's passive layers; the district territories (clickable, above
#: the municipalities); the area (its districts, its boundary); the drawing; the district
#: points; the seats; the labels (which take no mouse event at all). Leaflet's own overlay
#: pane is 400, markers 600.
PANES = {"municipios": {"zIndex": 401}, "cenario": {"zIndex": 405},
         "territorios": {"zIndex": 420}, "area": {"zIndex": 430}, "desenho": {"zIndex": 440},
         "distritos": {"zIndex": 450}, "sedes": {"zIndex": 460},
         "rotulos": {"zIndex": 470, "pointerEvents": "none"}}
#: The panes whose layers a click picks a unit from (municipalities, district territories,
#: district points, and a searched district's outline in the scenario's pane).
UNIT_PANES = ("municipios", "cenario", "territorios", "distritos")
#: From this zoom on the labels name the origins' districts; below it, the origins and (from
#: NEIGHBOUR_LABEL_ZOOM, a region: at the whole state's zoom their names would overlap)
#: their neighbouring municipalities.
LABEL_ZOOM, NEIGHBOUR_LABEL_ZOOM = 9.0, 7.5
#: Leaflet's default overlay pane (400) holds only the drawing tool's layers (every layer of
#: the map has its own pane, :data:`PANES`); a drawing put back by an undo, a redo or a
#: restored session is rebuilt there, under the district territories (420), which took its
#: clicks: the trash tool could not delete it (issue 31). The page's CSS (``_CSS``) lifts the
#: overlay pane to 445, above the drawing's own pane and below the district points.
OVERLAY_PANE_Z = 445
#: The polygon being drawn (the sketch), dashed purple: the area in use is orange
#: (AREA_COLOUR), and both were orange (issue 31).
SKETCH_COLOUR = "#6a1b9a"
SKETCH_STYLE = {"color": SKETCH_COLOUR, "weight": 3, "dashArray": "6 4", "opacity": 0.9,
                "fillOpacity": 0.08}
#: Zoomed in (from LABEL_ZOOM), a neighbour's name is put in its part within this distance of
#: the origins (degrees, about 11 km), so it is in view beside the area.
NEAR_LABEL_DEG = 0.1
#: The basemap's attribution, and what the map is without it.
BASEMAP_NOTE = "fundo © OpenStreetMap (precisa de internet)"
#: The map's credit, bottom left, before any basemap note: the layers are the IBGE's 2022
#: meshes, drawn by Leaflet (it read "ipyleaflet": GIS review, issue 31).
MAP_CREDIT = "limites: IBGE, malhas de 2022 · mapa: Leaflet"
#: The basemap's switch, in the legend box.
BASEMAP_SWITCH = "Mapa de fundo da internet (OpenStreetMap)"
#: The switch of an offline map (``online=False``: the notebook's default), greyed out.
BASEMAP_SWITCH_OFFLINE = "Mapa de fundo da internet (OpenStreetMap): indisponível sem internet"
#: CSS of the labels and the legend (put in the page with the legend).
_CSS = ("<style>\n.leaflet-container{background:#f5f3ee}\n"
        f".leaflet-overlay-pane{{z-index:{OVERLAY_PANE_Z}}}\n"
        # Its drawing surface spans the map: only the drawn shapes take clicks.
        ".leaflet-overlay-pane>svg{pointer-events:none}\n"
        # While a drawing tool's mode is on (drawing, editing, deleting: Leaflet.draw marks
        # its button «-enabled»), the units take no click: a click reaches the drawing, never
        # picks a unit (issue 31: the trash tool on the polygon added the district under it).
        + ", ".join(f".leaflet-container:has(.leaflet-draw-toolbar-button-enabled) "
                    f".leaflet-{pane}-pane .leaflet-interactive" for pane in UNIT_PANES)
        + "{pointer-events:none!important}\n") + """.leaflet-rotulos-pane .leaflet-div-icon{background:none;border:none;pointer-events:none!important}
.viab-rotulo{white-space:nowrap;font:600 11px/1.2 sans-serif;color:#263238;text-align:center;
 text-shadow:0 0 3px #fff,0 0 3px #fff,0 0 2px #fff}
.viab-rotulo.municipio{font-size:12px;color:#0d47a1}
</style>"""


#: Titles of the zoom buttons (Leaflet's defaults are "Zoom in" / "Zoom out").
ZOOM_TITLES = {"zoom_in_title": "Aproximar", "zoom_out_title": "Afastar"}
#: Leaflet.draw's texts in Portuguese, merged into its ``L.drawLocal`` (same keys; only the
#: polygon tool and the edit/delete tools are on the map).
DRAW_LOCAL = {
    "draw": {
        "toolbar": {
            "actions": {"title": "Cancelar o desenho", "text": "Cancelar"},
            "finish": {"title": "Terminar o desenho", "text": "Terminar"},
            "undo": {"title": "Apagar o último ponto desenhado", "text": "Apagar ponto"},
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
#: titles and hidden screen-reader texts are read once, when the toolbar is built; the bars and
#: tooltips read ``L.drawLocal``
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
        // The screen readers' text (Leaflet.draw's hidden span, "Draw a polygon"…) too.
        const sr = a.querySelector(".sr-only");
        if (sr && sr.textContent !== text()) sr.textContent = text();
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
    b = store.boundaries_map[["cod_ibge", "nome", "geometry"]].copy()
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


def district_territories(store, districts=None, tolerance: float = SIMPLIFY_DEG, *,
                         municipalities=None) -> dict:
    """Approximate district territories as GeoJSON: the cells the study draws, simplified.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    districts : sequence of str, optional
        9-digit district codes; default: every district of ``municipalities``, or, without
        them, of the municipalities that have more than one (52 municipalities, 133 districts
        in IBGE DTB 2022 — elsewhere the only district is the municipality itself).
    tolerance : float
        Douglas–Peucker tolerance in degrees.
    municipalities : sequence of str, optional
        7-digit IBGE codes: every district of these.

    Returns
    -------
    dict
        FeatureCollection of Polygons/MultiPolygons (EPSG:4674, 5 decimals, about 150 kB for
        the default set); properties ``code`` (cod_distrito), ``name`` (``"Bezerra (distrito
        de Formosa) — território aproximado, não é limite legal"``; with the census tracts
        in the store, the IBGE's limit, :data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL`),
        ``kind`` = ``"distrito"``, ``limite`` (``"aproximado"`` or ``"setores"``, as
        :func:`~viabilidade.geo.districts.district_cells`). A district with no known seat point
        has no cell and is left out.

    Raises
    ------
    GeoError
        From :func:`viabilidade.geo.districts.district_cells`.
    """
    d = store.districts
    if municipalities is not None:
        owners, wanted = sorted(set(map(str, municipalities)) & set(d["cod_ibge"])), None
    elif districts is None:
        counts = d.groupby("cod_ibge")["cod_distrito"].count()
        owners = sorted(counts[counts > 1].index)
        wanted = None
    else:
        wanted = {str(c) for c in districts}
        owners = sorted(set(d.loc[d["cod_distrito"].isin(wanted), "cod_ibge"]))
    cache = _territory_cache(store)
    missing = [o for o in owners if (o, tolerance) not in cache]
    if missing:         # one call for all (each call reads the store's tables again)
        from ..geo.districts import district_cells

        cells = district_cells(store, missing)
        towns = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
        for owner in missing:
            cache[(owner, tolerance)] = []
        limits = cells["limite"] if "limite" in cells else ["aproximado"] * len(cells)
        for code, name, owner, limit, geom in zip(cells["cod_distrito"], cells["nome"],
                                                  cells["cod_ibge"], limits, cells.geometry):
            geom = geom.simplify(tolerance, preserve_topology=True)
            if not geom.is_empty:
                said = TRACT_LIMIT_LABEL if limit == "setores" else APPROXIMATE
                cache[(owner, tolerance)].append({
                    "type": "Feature", "geometry": _rounded(geom.__geo_interface__),
                    "properties": {"code": str(code), "kind": "distrito", "limite": str(limit),
                                   "name": f"{name} (distrito de {towns.get(owner, owner)}) — {said}"}})
    features = [f for o in owners for f in cache[(o, tolerance)]
                if wanted is None or f["properties"]["code"] in wanted]
    return {"type": "FeatureCollection", "features": copy.deepcopy(features)}


#: District territories already drawn, by store, municipality and tolerance (a map shows the
#: same cells at every update). A store is not hashable: keyed by ``id``, with a weak
#: reference to tell a new store at the same address.
_TERRITORIES: dict[int, tuple] = {}


def _territory_cache(store) -> dict:
    ref, cache = _TERRITORIES.get(id(store), (None, None))
    if ref is None or ref() is not store:
        cache = {}
        _TERRITORIES[id(store)] = (weakref.ref(store), cache)
    return cache


def _rounded(geo: dict) -> dict:
    """A GeoJSON geometry with its coordinates rounded to 5 decimals (about 1 m), a stray
    line of a clipped cell left out."""
    if geo["type"] == "GeometryCollection":     # a clipped cell may hold a stray line
        polys = [g for g in geo["geometries"] if g["type"] in ("Polygon", "MultiPolygon")]
        coords = [c for g in polys for c in ([g["coordinates"]] if g["type"] == "Polygon"
                                             else g["coordinates"])]
        geo = {"type": "MultiPolygon", "coordinates": coords}
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
        area's districts: their approximate territories, :func:`district_territories`),
        ``"seats"`` (origin seats and the area's seat); each a
        FeatureCollection whose features carry ``properties.style`` (Leaflet path options),
        ``code`` and ``name`` where a unit is meant.
    """
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    b = store.boundaries_map.set_index("cod_ibge")
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
    cells = district_territories(store, scenario.districts)
    for f in cells["features"]:
        f["properties"]["style"] = {"color": "#1a1a1a", "weight": 1.2, "fillColor": AREA_COLOUR,
                                    "fillOpacity": 0.55, **PASSIVE}
    return {"bands": {"type": "FeatureCollection", "features": bands},
            "areas": {"type": "FeatureCollection", "features": areas},
            "districts": cells,
            "seats": {"type": "FeatureCollection", "features": seat_features}}


def _mercator_y(lat: float) -> float:
    s = math.sin(math.radians(lat))
    return math.log((1 + s) / (1 - s)) / 2


def fit_view(bounds: tuple[float, float, float, float], width_px: int = MAP_PX,
             height_px: int = MAP_PX) -> tuple[tuple[float, float], float]:
    """Centre and zoom that show ``bounds`` whole, as Leaflet's ``fitBounds`` with padding would.

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
        in half steps (the map's ``zoom_snap``), at most :data:`MAX_FIT_ZOOM`, with the
        :data:`FIT_PADDING_PX` margins to spare (the area never lies under the tool bars). A box
        narrower than :data:`MIN_SPAN_DEG` (a single district point) is widened to it around
        its centre.
    """
    west, south, east, north = bounds
    if east - west < MIN_SPAN_DEG:
        mid = (west + east) / 2
        west, east = mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2
    if north - south < MIN_SPAN_DEG:
        mid = (south + north) / 2
        south, north = mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2
    pad = FIT_PADDING_PX
    y_s, y_n = _mercator_y(south), _mercator_y(north)
    x_w, x_e = math.radians(west), math.radians(east)
    free_w, free_h = width_px - pad["left"] - pad["right"], height_px - pad["top"] - pad["bottom"]
    zoom_x = math.log2(free_w * 2 * math.pi / (256 * (x_e - x_w)))
    zoom_y = math.log2(free_h * 2 * math.pi / (256 * (y_n - y_s)))
    zoom = min(MAX_FIT_ZOOM, math.floor(2 * min(zoom_x, zoom_y)) / 2)
    # Radians of Mercator per pixel at that zoom; the box's centre sits in the middle of the
    # free part of the map, so the map's centre is shifted by half the margins' difference.
    per_px = 2 * math.pi / (256 * 2 ** zoom)
    x_c = (x_w + x_e) / 2 - (pad["left"] - pad["right"]) / 2 * per_px
    y_c = (y_s + y_n) / 2 + (pad["top"] - pad["bottom"]) / 2 * per_px
    lat = math.degrees(math.atan(math.sinh(y_c)))
    return (round(lat, 6), round(math.degrees(x_c), 6)), zoom


def area_bounds(store, scenario, boundary=None) -> tuple[float, float, float, float] | None:
    """``(west, south, east, north)`` of the scenario's area, or ``None`` for an empty area.

    The boundary when there is one (it replaces the units); else the area's whole
    municipalities (IBGE malha) and its districts' approximate territories
    (:func:`district_territories`).
    """
    if boundary is not None:
        return tuple(float(x) for x in boundary.bounds)
    import shapely

    geoms = []
    b = store.boundaries.set_index("cod_ibge")
    geoms += [b.at[code, "geometry"] for code in scenario.municipalities if code in b.index]
    geoms += [shapely.geometry.shape(f["geometry"])
              for f in district_territories(store, scenario.districts)["features"]]
    if not geoms:
        return None
    return tuple(float(x) for x in shapely.union_all(geoms).bounds)


def neighbours(store, codes) -> list[str]:
    """The municipalities that share a border with any of ``codes`` (IBGE malha), in code order.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    codes : sequence of str
        7-digit IBGE codes.

    Returns
    -------
    list of str
        7-digit codes, ``codes`` themselves left out.
    """
    b = store.boundaries
    mine = b[b["cod_ibge"].isin(list(codes))]
    if mine.empty:
        return []
    import shapely

    union = shapely.union_all(mine.geometry.to_numpy())
    near = b.iloc[b.sindex.query(union, predicate="intersects")]
    return sorted(c for c in near["cod_ibge"] if c not in set(codes))


def labels_data(store, scenario, zoom: float) -> list[tuple[tuple[float, float], str, str]]:
    """The permanent labels at ``zoom``: ``[((lat, lon), text, kind)]``.

    Below :data:`LABEL_ZOOM` (the state, a region) the names of the origin municipalities and,
    from :data:`NEIGHBOUR_LABEL_ZOOM`, of their neighbours (``kind`` ``"municipio"``), in the middle of each (the pole of
    inaccessibility of its largest part, IBGE malha); from it on, the names of the origins'
    districts (``"distrito"``), at their seat points, and of the neighbours, in the middle of
    their part within :data:`NEAR_LABEL_DEG` of the origins.
    """
    from shapely.ops import polylabel

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    # The map's copy of the mesh (boundaries_map, 0,001°): names are placed to 0,01°, and
    # simplifying the full mesh took 0,4 s of a restored page's opening.
    b = store.boundaries_map.set_index("cod_ibge")

    def middle(geom):
        # The middle of the shape (its pole of inaccessibility), not a seat: seats near a
        # border would put neighbouring names on top of one another.
        largest = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
        p = polylabel(largest, tolerance=0.01)
        return round(p.y, 5), round(p.x, 5)

    if zoom < LABEL_ZOOM:
        out = []
        around = neighbours(store, scenario.origins) if zoom >= NEIGHBOUR_LABEL_ZOOM else []
        for code in list(scenario.origins) + around:
            if code in b.index:
                out.append((middle(b.at[code, "geometry"].simplify(SIMPLIFY_DEG)),
                            str(names.get(code, code)), "municipio"))
        return out
    from ..geo.districts import district_points

    pts = district_points(store, list(scenario.origins))
    out = [((round(g.y, 5), round(g.x, 5)), str(n), "distrito") for n, g in zip(pts["nome"], pts.geometry)]
    # Zoomed in, the neighbours are named too (they had no name below a 30 km scale), in the
    # middle of their part near the origins (within NEAR_LABEL_DEG), which is in view.
    import shapely

    # The band is drawn around the origins at the map's resolution: buffering the full mesh
    # took 1,4 s to 6 s of a restored page's opening (issue 31).
    origins = shapely.union_all([b.at[c, "geometry"].simplify(SIMPLIFY_DEG)
                                 for c in scenario.origins if c in b.index])
    near = origins.buffer(NEAR_LABEL_DEG)
    for code in neighbours(store, scenario.origins):
        if code in b.index:
            part = b.at[code, "geometry"].simplify(SIMPLIFY_DEG).intersection(near)
            if not part.is_empty and part.area > 0:
                out.append((middle(part), str(names.get(code, code)), "municipio"))
    return out


def boundary_geojson(geometry, cod_ibge: str, name: str) -> str:
    """A limits file's text: one polygon as a GeoJSON FeatureCollection, as the study's
    boundary reader takes it.

    Parameters
    ----------
    geometry : dict or shapely geometry
        Degrees, EPSG:4674: a GeoJSON mapping (a polygon as drawn) is written as given; a
        shapely geometry (one computed, as a clip) with its coordinates rounded to 5 decimals
        (about 1 m).
    cod_ibge : str
        Its ``id``: the 7-digit IBGE code of the municipality it is carved from (the boundary
        reader, :func:`viabilidade.data.geometry.read_boundaries`, needs one per feature).
    name : str
        Its ``nome``.

    Returns
    -------
    str
        CRS EPSG:4674 (declared), longitude first.
    """
    return json.dumps({"type": "FeatureCollection",
                       "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::4674"}},
                       "features": [{"type": "Feature", "properties": {"id": cod_ibge, "nome": name},
                                     "geometry": geometry if isinstance(geometry, dict)
                                     else _rounded(geometry.__geo_interface__)}]},
                      ensure_ascii=False)


def clip_to_origins(drawn, store, origins) -> tuple:
    """A drawn area clipped to its origin municipalities (IBGE malha, full detail).

    Parameters
    ----------
    drawn : shapely geometry
        The drawn polygon, EPSG:4674.
    store : viabilidade.data.store.Store
    origins : sequence of str
        7-digit IBGE codes of the origin municipalities.

    Returns
    -------
    tuple
        ``(clipped, removed_km2)``: the part of ``drawn`` inside the origins (possibly empty,
        or in pieces), and the geodesic area (km²) of what was cut off.

    Raises
    ------
    GeoError
        If an origin has no polygon (:func:`viabilidade.geo.territory.municipality_geometry`).
    """
    import shapely

    from ..geo.measure import geodesic_area_km2
    from ..geo.territory import municipality_geometry

    inside = shapely.union_all([municipality_geometry(store.boundaries, o) for o in origins])
    clipped = shapely.intersection(drawn, inside)
    if not clipped.is_empty:
        clipped = shapely.union_all([g for g in shapely.get_parts(clipped)
                                     if g.geom_type in ("Polygon", "MultiPolygon")])
    removed = shapely.difference(drawn, inside)
    return clipped, (0.0 if removed.is_empty else geodesic_area_km2(removed))


def legend_html(limits=frozenset()) -> str:
    """The map's legend (HTML, with the labels' CSS).

    ``limits``: the ``limite`` values of the district territories on the map
    (:func:`district_territories`); the territories are called the IBGE's limit when all come
    from the census tracts, approximate otherwise.
    """
    words = (TRACT_LIMIT_LABEL if limits and set(limits) == {"setores"} else APPROXIMATE)
    return (_CSS + "<div style='font-size:11px;line-height:1.35;max-width:19em'>"
            f"<span style='color:{AREA_COLOUR}'>■</span> área (municípios inteiros, distritos)<br>"
            f"<span style='color:{AREA_COLOUR}'>▣</span> limites da área em uso (desenhados ou de arquivo)<br>"
            f"<span style='color:{SKETCH_COLOUR}'>┅</span> polígono desenhado (esboço)<br>"
            f"<span style='color:{ORIGIN_COLOUR}'>□</span> município de origem<br>"
            f"<span style='color:#455a64'>┅</span> distrito: {words}<br>"
            "<span style='color:#e63946'>◌</span> 6 km da sede de origem (art. 4º, II)<br>"
            "● sede de origem · ◯ sede proposta<br>"
            "<span style='color:#90a4ae'>●</span> sede de distrito (vila)</div>")


def _in_pane(layer, pane: str):
    """``layer`` with every feature in ``pane``: ipyleaflet sends a layer's ``pane`` after its
    features are built, so it is sent as a Leaflet option too (read when they are built)."""
    layer.pane = pane
    layer.options = [*layer.options, "pane"]
    return layer


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
    on_drawn : callable, optional
        Called (no argument) when a polygon is closed or edited: :attr:`drawn` holds it.
    basemap : bool
        Put OpenStreetMap tiles under the layers (on by default; needs internet access, and
        without it the layers show alone). :attr:`basemap_on` switches them off and on.
    online : bool, optional
        Whether the map may ask for tiles outside the server (default: ``basemap``). Offline,
        OpenStreetMap is never put on the map: its switch is greyed out and says it is
        unavailable without internet (issue 31: it was offered, and gave a grey map and a
        failing tile request on every pan).

    Attributes
    ----------
    map : ipyleaflet.Map
    hover : ipywidgets.HTML
        Shown in the map's top-right corner: the name under the mouse.
    territories : ipyleaflet.GeoJSON
        The approximate territories of the origins' districts (:func:`district_territories`),
        clickable: inside an origin a click is always one of its districts.
    labels : ipyleaflet.LayerGroup
        The permanent labels (:func:`labels_data`), redrawn when the zoom crosses
        :data:`LABEL_ZOOM` or the origins change.
    legend, legend_toggle : ipywidgets.HTML, ipywidgets.ToggleButton
        The legend and the button that folds it away.
    basemap_on : ipywidgets.Checkbox
        "Mapa de fundo (OpenStreetMap)", in the legend box.
    draw : ipyleaflet.DrawControl
        Polygon drawing; the last polygon is kept in :attr:`drawn`.
    drawn : dict or None
        The last drawn polygon, a GeoJSON geometry (longitude first).
    """

    def __init__(self, store, on_click: Callable[[str], None], *, basemap: bool = True,
                 on_deleted: Callable[[], None] | None = None,
                 on_drawn: Callable[[], None] | None = None, online: bool | None = None):
        import ipyleaflet as L
        import ipywidgets as W

        #: Whether OpenStreetMap's tiles may be asked for (``online``).
        self.online = bool(basemap) if online is None else bool(online)
        basemap = basemap and self.online

        self.store, self.on_click, self.on_deleted, self.on_drawn = store, on_click, on_deleted, on_drawn
        #: Called with whether a polygon is drawn, whenever :attr:`drawn` is set (the explorer
        #: enables «Usar o polígono desenhado» only when there is one).
        self.on_drawn_state: Callable[[bool], None] | None = None
        self.drawn = None
        #: Bounds of the area last shown (:func:`area_bounds`); the view moves when they change.
        self.shown_bounds = None
        self._scenario = None
        self._labels_key = None
        #: The origins whose district territories are on the map.
        self._territories_of = None
        self.tiles = L.basemap_to_tiles(L.basemaps.OpenStreetMap.Mapnik)
        self.tiles.attribution = BASEMAP_NOTE
        self.map = L.Map(center=CENTER, zoom=ZOOM, zoom_snap=0.5, zoom_delta=0.5,
                         layers=[self.tiles] if basemap else [],
                         panes=PANES, zoom_control=False, scroll_wheel_zoom=True,
                         attribution_control=False,      # ipyleaflet 0.20 would add two
                         layout=W.Layout(width="100%", height=MAP_HEIGHT_CSS))
        # Top left, in this order: the drawing tools (their bars open beside them), then the
        # zoom buttons; the fitted view keeps the area clear of both (FIT_PADDING_PX).
        self.draw = L.DrawControl(polygon={"shapeOptions": {**SKETCH_STYLE, "pane": "desenho"}},
                                  polyline={}, circlemarker={}, rectangle={}, circle={}, marker={},
                                  position="topleft")
        self.draw.on_draw(self._drawn)
        self.map.add(self.draw)
        self.map.add(L.ZoomControl(position="topleft", **ZOOM_TITLES))
        self.map.add(L.ScaleControl(position="bottomleft", imperial=False))
        # the map's own credit, in pt-BR (it read "ipyleaflet", the page's one English word)
        self.map.add(L.AttributionControl(position="bottomleft", prefix=MAP_CREDIT))
        munis = municipalities_geojson(store)
        #: Goiás (the union of the outlines, 1 km wider): outside it the name box empties.
        #: Made at the first mouse move over a name (about 1 s not spent before the map shows).
        self._goias = None
        self.municipalities = _in_pane(L.GeoJSON(
            data=munis, name="municípios",
            style={"color": "#616161", "weight": 0.8, "fillColor": "#ffffff", "fillOpacity": 0.2},
            hover_style={"color": "#000000", "weight": 2, "fillOpacity": 0.3}), "municipios")
        self.bands = _in_pane(L.GeoJSON(data={"type": "FeatureCollection", "features": []},
                                        name="6 km"), "cenario")
        self.areas = _in_pane(L.GeoJSON(data={"type": "FeatureCollection", "features": []},
                                        name="cenário"), "cenario")
        self.territories = _in_pane(L.GeoJSON(
            data={"type": "FeatureCollection", "features": []}, name="territórios dos distritos",
            style={"color": "#455a64", "weight": 0.8, "dashArray": "3 3", "fillColor": "#ffffff",
                   "fillOpacity": 0.01},
            hover_style={"color": "#000000", "weight": 2.5, "dashArray": "", "fillOpacity": 0.25}),
            "territorios")
        self.area_districts = _in_pane(L.GeoJSON(
            data={"type": "FeatureCollection", "features": []}, name="distritos da área"), "area")
        self.district_dots = L.GeoJSON(
            data=districts_geojson(store), name="distritos",
            point_style={"radius": 3, "color": "#37474f", "weight": 0.8, "fillColor": "#b0bec5",
                         "fillOpacity": 1, "pane": "distritos"},
            hover_style={"color": "#000000", "weight": 3})
        self.seats = L.GeoJSON(data={"type": "FeatureCollection", "features": []}, name="sedes",
                               point_style={"radius": 5, "pane": "sedes", **PASSIVE})
        self.labels = L.LayerGroup(name="rótulos")
        for layer in (self.municipalities, self.bands, self.areas, self.territories,
                      self.area_districts, self.district_dots, self.seats):
            self.map.add(layer)
        self.map.add(self.labels)
        for layer in (self.municipalities, self.territories, self.district_dots):
            layer.on_hover(self._hovered)
            layer.on_click(self._clicked)
        # 14 em wide at most: the drawing bar ("Terminar | Apagar ponto | Cancelar", top left)
        # ends before it.
        self.hover = W.HTML(layout=W.Layout(padding="2px 6px", max_width="14em"))
        self.reset_hover()
        self.map.add(L.WidgetControl(widget=self.hover, position="topright"))
        # The name under the mouse is forgotten when the mouse leaves the map or Goiás, or the
        # map zooms (the unit that was under it is no longer there).
        self.map.on_interaction(self._interaction)
        self.map.observe(self._zoomed, names="zoom")
        self.legend = W.HTML(legend_html(), layout=W.Layout(padding="0 4px"))
        self.basemap_on = W.Checkbox(value=basemap, indent=False, disabled=not self.online,
                                     description=BASEMAP_SWITCH if self.online else BASEMAP_SWITCH_OFFLINE,
                                     layout=W.Layout(width="auto"))
        self.basemap_on.observe(self._basemap_switched, names="value")
        body = W.VBox([self.legend, self.basemap_on])
        # Folded at first: open, it would cover a corner of the 540 px map.
        self.legend_toggle = W.ToggleButton(value=False, description="Legenda", icon="chevron-up",
                                            tooltip="Mostrar ou esconder a legenda",
                                            layout=W.Layout(width="auto"))

        def fold(change):
            body.layout.display = None if change["new"] else "none"
            self.legend_toggle.icon = "chevron-down" if change["new"] else "chevron-up"

        self.legend_toggle.observe(fold, names="value")
        body.layout.display = "none"
        self.map.add(L.WidgetControl(widget=W.VBox([self.legend_toggle, body]),
                                     position="bottomright"))

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
        kind = event.get("type")
        if kind == "mouseout":
            self.reset_hover()
        elif kind == "mousemove" and HINT not in self.hover.value:
            import shapely

            lat, lon = event.get("coordinates") or (None, None)
            if self._goias is None:
                self._goias = shapely.union_all([shapely.geometry.shape(f["geometry"]) for f in
                                                 self.municipalities.data["features"]]).buffer(0.01)
                shapely.prepare(self._goias)
            if lat is not None and not shapely.contains_xy(self._goias, lon, lat):
                self.reset_hover()          # the mouse left Goiás: no unit is under it

    def _zoomed(self, change) -> None:
        self.reset_hover()
        self._draw_labels()

    def _basemap_switched(self, change) -> None:
        if change["new"] and not self.online:
            self.basemap_on.value = False       # offline: never a tile request
            return
        if change["new"] and self.tiles not in self.map.layers:
            self.map.layers = (self.tiles, *self.map.layers)
        elif not change["new"] and self.tiles in self.map.layers:
            self.map.remove(self.tiles)

    def _clicked(self, **event) -> None:
        code = (event.get("properties") or {}).get("code")
        if code:
            self.on_click(str(code))

    @property
    def drawn(self) -> dict | None:
        """The last drawn polygon, a GeoJSON geometry (longitude first), or ``None``."""
        return self._drawn_geometry

    @drawn.setter
    def drawn(self, geometry: dict | None) -> None:
        self._drawn_geometry = geometry
        if self.on_drawn_state is not None:
            self.on_drawn_state(geometry is not None)

    def _drawn(self, _control=None, action: str = "", geo_json: dict | None = None, **_) -> None:
        if action in ("created", "edited") and geo_json and geo_json.get("geometry", {}).get("type") == "Polygon":
            self.drawn = geo_json["geometry"]
            if self.on_drawn is not None:
                self.on_drawn()         # closing (or editing) the polygon uses it at once
        elif action == "deleted" and self.drawn is not None and geo_json \
                and geo_json.get("geometry") == self.drawn:
            self.drawn = None       # the polygon in use, not an older one still on the map
            if self.on_deleted is not None:
                self.on_deleted()

    def drawn_geojson(self, cod_ibge: str, name: str, geometry=None) -> str | None:
        """The last drawn polygon (or ``geometry``) as a GeoJSON FeatureCollection text, or ``None``.

        Parameters
        ----------
        cod_ibge : str
            Its ``id``: the IBGE code of the municipality it is carved from (the boundary
            reader, :func:`viabilidade.data.geometry.read_boundaries`, needs one per feature).
        name : str
            Its ``nome``.
        geometry : shapely geometry, optional
            What to write instead of the drawing (the drawing clipped to the origin).

        Returns
        -------
        str or None
            CRS EPSG:4674 (declared), longitude first, as Leaflet draws it; ``None`` when
            nothing is drawn.
        """
        if self.drawn is None:
            return None
        return boundary_geojson(self.drawn if geometry is None else geometry, cod_ibge, name)

    def clear_drawing(self) -> None:
        """Erase the drawn polygon from the map and forget it (:attr:`drawn`)."""
        self.draw.clear()
        self.draw.data = []
        self.drawn = None

    def show_drawing(self, geometry: dict) -> None:
        """Put ``geometry`` (a GeoJSON Polygon, longitude first) back in the drawing tool as
        the drawn polygon: an editable layer, so the edit and trash tools act on it (an undo
        or redo that brings a drawing back, a restored session).

        Only ``data`` is set (the page's control rebuilds its layers from it): a ``clear()``
        first made the page write back an empty ``data`` after the new one, and the echo
        emptied the feature group again, so the toolbar said «Nada para editar» (issue 31).
        """
        self.draw.data = [{"type": "Feature", "geometry": geometry,
                           "properties": {"style": dict(SKETCH_STYLE)}}]
        self.drawn = geometry

    # ------------------------------------------------------------------ update
    def show(self, scenario, boundary=None, *, fit: bool = True) -> None:
        """Draw the scenario (area, origins, seats, 6 km bands, boundary, labels).

        With ``fit``, when the area's bounds changed since the last call, the map is centred
        and zoomed on the area (:func:`fit_view`); without it (a map click: the map stays
        where the user clicked) or for an empty area the view does not move.
        """
        bounds = area_bounds(self.store, scenario, boundary)
        self._scenario = scenario
        if fit and bounds is not None and bounds != self.shown_bounds:
            (self.map.center, self.map.zoom) = fit_view(bounds)   # observed: labels
        self.shown_bounds = bounds
        data = scenario_layers_data(self.store, scenario, boundary)
        self.bands.data = data["bands"]
        self.areas.data = data["areas"]
        self.area_districts.data = data["districts"]
        self.seats.data = data["seats"]
        if tuple(scenario.origins) != self._territories_of:
            self.territories.data = district_territories(self.store, municipalities=scenario.origins)
            self._territories_of = tuple(scenario.origins)
            self.legend.value = legend_html({f["properties"]["limite"]
                                             for f in self.territories.data["features"]})
        self._draw_labels()

    def _draw_labels(self) -> None:
        """The permanent labels of the shown scenario at the map's zoom (:func:`labels_data`);
        redrawn only when the zoom crosses :data:`LABEL_ZOOM` or the origins change."""
        if self._scenario is None:
            return
        key = (self.map.zoom >= LABEL_ZOOM, self.map.zoom >= NEIGHBOUR_LABEL_ZOOM,
               tuple(self._scenario.origins))
        if key == self._labels_key:
            return
        import ipyleaflet as L

        self._labels_key = key
        self.labels.clear()
        for (lat, lon), text, kind in labels_data(self.store, self._scenario, self.map.zoom):
            icon = L.DivIcon(html=f"<div class='viab-rotulo {kind}'>{_esc(text)}</div>",
                             icon_size=[160, 16], icon_anchor=[80, -4])
            self.labels.add(L.Marker(location=(lat, lon), icon=icon, draggable=False,
                                     keyboard=False, pane="rotulos"))


def _esc(text: str) -> str:
    import html

    return html.escape(str(text))
