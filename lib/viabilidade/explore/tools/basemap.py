"""The offline basemap: drawn from the store's own layers, so the map is never a grey box
and asks nothing of the internet (no tile server, no CDN).

Bottom to top, in Leaflet's tile pane (under every layer of the explorer, where a tile
basemap would be):

- Goiás: the union of the 246 municipalities (IBGE Malha Municipal 2022, the store's
  ``boundaries_map``, simplified to :data:`SIMPLIFY_DEG`), filled in a paper colour with the
  state line (one polygon: the Distrito Federal lies on the border, not inside);
- the municipal seats (IBGE Localidades 2022, the store's ``seats``), small dark squares;
- from zoom :data:`NAME_ZOOM` on, the names of the seats in view (at most :data:`MAX_NAMES`)
  beside their squares, and from :data:`VILA_ZOOM` on, the vilas (district seats) in view.

The municipal lines and district points are the explorer's own layers above it
(:mod:`viabilidade.explore.leaflet_map`). OpenStreetMap stays an option when online
(:attr:`viabilidade.explore.leaflet_map.ScenarioMap.basemap_on`); :class:`Basemap` switches
between the two (:data:`CHOICES`), one at a time.
"""

from __future__ import annotations

#: Douglas–Peucker tolerance of the state's outline, in degrees (about 500 m).
SIMPLIFY_DEG = 0.005
#: From this zoom on, the seats' names; from VILA_ZOOM, the vilas' too.
NAME_ZOOM, VILA_ZOOM = 8.5, 10.0
#: The most names on the map at once (the ones in view).
MAX_NAMES = 80
STATE_STYLE = {"color": "#8d6e63", "weight": 1.6, "fillColor": "#fbf8ef", "fillOpacity": 1,
               "interactive": False}
SEAT_STYLE = {"radius": 2.5, "color": "#3e2723", "weight": 1, "fillColor": "#3e2723",
              "fillOpacity": 1, "interactive": False, "pane": "tilePane"}
#: The basemap choices: (label, value).
CHOICES = (("das camadas do estudo (sem internet)", "local"),
           ("OpenStreetMap (precisa de internet)", "osm"), ("nenhum", "none"))
#: The same offline (the map's ``online`` False: the notebook's default), OpenStreetMap said
#: unavailable; it was offered and gave a grey map, silently (issue 31).
CHOICES_OFFLINE = (CHOICES[0], ("OpenStreetMap (indisponível sem internet)", "osm"), CHOICES[2])
#: Under the choice, offline; and, in red, when OpenStreetMap is chosen anyway.
OSM_OFFLINE = ("OpenStreetMap indisponível: este explorador funciona sem internet e não pede "
               "nada fora do servidor. Para usá-lo, ponha basemap = True na célula de parâmetros "
               "do notebook (explorar.ipynb) e abra o explorador de novo.")
#: CSS: the basemap's names take no mouse event (a click goes to the unit under them).
CSS = ("<style>.leaflet-tile-pane .leaflet-marker-icon{pointer-events:none!important;"
       "background:none;border:none}"
       ".viab-fundo{white-space:nowrap;font:11px/1.1 sans-serif;color:#5d4037;"
       "text-shadow:0 0 2px #fff,0 0 2px #fff}.viab-fundo.vila{font-style:italic;color:#6d4c41}"
       "</style>")


def state_geojson(store) -> dict:
    """Goiás as one GeoJSON feature (the union of the map's municipalities, simplified)."""
    import shapely

    from ..leaflet_map import _rounded

    # The map's copy is a valid coverage (data.localidades.map_copy_problem): its union is
    # the coverage union, about 20 times faster than a general one.
    state = shapely.coverage_union_all(store.boundaries_map.geometry.to_numpy()).simplify(SIMPLIFY_DEG)
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": _rounded(state.__geo_interface__),
         "properties": {"name": "Goiás", "style": STATE_STYLE}}]}


def seats_geojson(store) -> dict:
    """The municipal seats as GeoJSON points (properties ``code``, ``name``)."""
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    s = store.seats
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(float(lon), 5), round(float(lat), 5)]},
         "properties": {"code": str(c), "name": str(names.get(str(c), c))}}
        for c, lat, lon in zip(s["cod_ibge"], s["lat"], s["lon"])]}


def names_in_view(store, bounds, zoom: float) -> list[tuple[tuple[float, float], str, str]]:
    """The names the basemap writes in ``bounds`` at ``zoom``: ``[((lat, lon), name, kind)]``,
    ``kind`` ``"sede"`` or ``"vila"``; none below :data:`NAME_ZOOM`; at most :data:`MAX_NAMES`.

    ``bounds`` is Leaflet's ``((south, west), (north, east))``.
    """
    if zoom < NAME_ZOOM or not bounds:
        return []
    (south, west), (north, east) = bounds
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    out = []
    s = store.seats
    for c, lat, lon in zip(s["cod_ibge"], s["lat"], s["lon"]):
        if south <= lat <= north and west <= lon <= east:
            out.append(((round(float(lat), 5), round(float(lon), 5)), str(names.get(str(c), c)), "sede"))
    if zoom >= VILA_ZOOM and getattr(store, "vilas", None) is not None:
        v = store.vilas
        for n, lat, lon in zip(v["nome"], v["lat"], v["lon"]):
            if south <= lat <= north and west <= lon <= east:
                out.append(((round(float(lat), 5), round(float(lon), 5)), str(n), "vila"))
    return out[:MAX_NAMES]


class Basemap:
    """The basemap of the explorer's map: the store's layers (default), OpenStreetMap, or none.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario_map : viabilidade.explore.leaflet_map.ScenarioMap
    choice : str
        ``"local"`` (default: offline), ``"osm"`` or ``"none"``; an OpenStreetMap basemap
        already on (``basemap=True``) makes it ``"osm"``.

    Attributes
    ----------
    choice : ipywidgets.RadioButtons
        «Mapa de fundo» (:data:`CHOICES`, offline :data:`CHOICES_OFFLINE`).
    note : ipywidgets.HTML
        Offline, :data:`OSM_OFFLINE` (in red after OpenStreetMap was chosen: the choice goes
        back to the basemap shown, and no tile is asked for).
    state, seats : ipyleaflet.GeoJSON
    names : ipyleaflet.LayerGroup
        The names in view, redrawn when the view moves (from :data:`NAME_ZOOM`).
    """

    def __init__(self, store, scenario_map, choice: str = "local"):
        import ipyleaflet as L
        import ipywidgets as W

        from ..leaflet_map import _in_pane

        self.store, self.map = store, scenario_map
        self.state = _in_pane(L.GeoJSON(data=state_geojson(store), name="fundo: Goiás",
                                        style=STATE_STYLE), "tilePane")
        self.seats = L.GeoJSON(data=seats_geojson(store), name="fundo: sedes municipais",
                               point_style=SEAT_STYLE)
        self.names = L.LayerGroup(name="fundo: nomes")
        self._names_key = None
        self.css = W.HTML(CSS, layout=W.Layout(display="none"))
        if scenario_map.basemap_on.value:
            choice = "osm"
        offline = not scenario_map.online
        if offline and choice == "osm":
            choice = "local"
        self._shown, self._refusing = choice, False
        self.choice = W.RadioButtons(options=list(CHOICES_OFFLINE if offline else CHOICES), value=choice,
                                     description="Mapa de fundo", style={"description_width": "initial"},
                                     layout=W.Layout(width="auto"))
        self.note = W.HTML(_note(False) if offline else "")
        self.choice.observe(lambda ch: self.set(ch["new"]), names="value")
        # The legend box's own switch (OpenStreetMap on or off) and this choice agree.
        scenario_map.basemap_on.observe(self._osm_switched, names="value")
        scenario_map.map.observe(lambda _: self._draw_names(), names=["zoom", "bounds"])
        self.set(choice)

    @property
    def local_layers(self) -> tuple:
        return (self.state, self.seats, self.names)

    def set(self, choice: str) -> None:
        """Show the basemap ``choice`` (``"local"``, ``"osm"`` or ``"none"``); offline,
        ``"osm"`` is refused (:attr:`note`) and the basemap shown stays."""
        if choice == "osm" and not self.map.online:
            self.note.value = _note(True)
            self._refusing = True
            try:
                self.choice.value = self._shown     # observed: comes back here, shows it again
            finally:
                self._refusing = False
            return
        if self.choice.value != choice:
            self.choice.value = choice          # observed: comes back here
            return
        m = self.map.map
        if choice == "local":
            if self.state not in m.layers:
                others = tuple(layer for layer in m.layers if layer not in self.local_layers)
                m.layers = (self.state, self.seats, *others, self.names)
        else:
            for layer in self.local_layers:
                if layer in m.layers:
                    m.remove(layer)
        self.map.basemap_on.value = choice == "osm"
        self._shown = choice
        if not self.map.online and not self._refusing:
            self.note.value = _note(False)
        self._names_key = None
        self._draw_names()

    def _osm_switched(self, change) -> None:
        if change["new"] and self.choice.value != "osm":
            self.set("osm")
        elif not change["new"] and self.choice.value == "osm":
            self.set("local")

    def _draw_names(self) -> None:
        import ipyleaflet as L

        m = self.map.map
        shown = names_in_view(self.store, getattr(m, "bounds", None), m.zoom) \
            if self.choice.value == "local" else []
        key = tuple(shown)
        if key == self._names_key:
            return
        self._names_key = key
        for marker in list(self.names.layers):
            self.names.remove(marker)
            marker.icon.close()
            marker.close()
        for (lat, lon), name, kind in shown:
            import html

            icon = L.DivIcon(html=f"<div class='viab-fundo {kind}'>{html.escape(name)}</div>",
                             icon_size=[150, 14], icon_anchor=[-5, 7])
            self.names.add(L.Marker(location=(lat, lon), icon=icon, draggable=False,
                                    keyboard=False, pane="tilePane"))


def _note(refused: bool) -> str:
    """:data:`OSM_OFFLINE` as the note under the choice (red when OpenStreetMap was just refused)."""
    import html

    colour = "#b71c1c" if refused else "#546e7a"
    return f"<p style='margin:2px 0;font-size:12px;color:{colour}'>{html.escape(OSM_OFFLINE)}</p>"
