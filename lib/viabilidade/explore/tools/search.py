"""Search: find a municipality or district by name or IBGE code and zoom the map to it.

Names are compared by :func:`viabilidade.data.codes.normalize_name` (lower case, no accents,
punctuation as spaces), as ``viabilidade novo`` compares them, so ``"agua fria"`` finds «Água
Fria de Goiás» and ``"POSSE D’ABADIA"`` (a typographic apostrophe) finds «Posse d'Abadia»; a query of digits finds the codes that start with it
(7-digit municipality, 9-digit district). Found: exact names first, then names that start
with the query, then names that contain it; municipalities before districts at each step;
at most :data:`MAX_RESULTS`.

A found municipality is shown by its IBGE 2022 outline (the map's copy of the mesh), a
district by its approximate territory (:func:`viabilidade.explore.leaflet_map.district_territories`,
not a legal limit) or, without one, a box around its seat point; the map is centred and zoomed
on it as on an area (:func:`viabilidade.explore.leaflet_map.fit_view`) and its outline is drawn
dashed green until the next search. Searching only moves the view: it picks nothing.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ...data.codes import normalize_name

#: The most results listed.
MAX_RESULTS = 12
#: The longest query read (the longest unit name in Goiás has 32 characters).
MAX_QUERY = 100
#: Style of the found unit's outline (dashed green: neither the area's orange, the origins'
#: blue nor the sketch's purple).
FOUND_STYLE = {"color": "#2e7d32", "weight": 3, "dashArray": "8 5", "fill": False,
               "fillOpacity": 0, "interactive": False}
#: A district found: its outline takes the click inside it (a nearly clear fill), so a
#: click there takes the district, not the municipality under it (issue 31).
FOUND_DISTRICT_STYLE = {**FOUND_STYLE, "fill": True, "fillOpacity": 0.01, "interactive": True}


@dataclass(frozen=True)
class Unit:
    """One unit that can be found: ``code`` (7 or 9 digits), ``name``, ``label`` (what the
    list shows: ``"Santa Rosa — distrito de Formosa"``), ``kind`` (``"municipio"`` or
    ``"distrito"``)."""

    code: str
    name: str
    label: str
    kind: str


def units(store) -> list[Unit]:
    """Every municipality and every district that is not a municipality's seat district (a
    seat district bears the municipality's name; it is found by its code)."""
    m = store.municipalities
    out = [Unit(str(c), str(n), f"{n} — município", "municipio") for c, n in zip(m["cod_ibge"], m["nome"])]
    d = store.districts
    for c, n, mun, seat in zip(d["cod_distrito"], d["nome"], d["nome_municipio"], d["sede"]):
        label = f"{n} — distrito-sede de {mun}" if bool(seat) else f"{n} — distrito de {mun}"
        out.append(Unit(str(c), str(n), label, "distrito-sede" if bool(seat) else "distrito"))
    return out


#: Each store's units with their folded names (:func:`_index`), by ``id(store)``, with a weak
#: reference that tells a live store from a later one given the same id.
_indexes: dict[int, tuple[weakref.ref, tuple[tuple[Unit, str], ...]]] = {}


def _index(store) -> tuple[tuple[Unit, str], ...]:
    """Every unit of :func:`units` with its folded name, built once per store (a store's
    tables never change once read) rather than on every keystroke; dropped with the store."""
    held = _indexes.get(id(store))
    if held is not None and held[0]() is store:
        return held[1]
    index = tuple((u, normalize_name(u.name)) for u in units(store))
    _indexes[id(store)] = (weakref.ref(store), index)
    weakref.finalize(store, _indexes.pop, id(store), None)
    return index


def find(store, query: str, limit: int = MAX_RESULTS) -> list[Unit]:
    """The units matching ``query`` (see the module's docstring for the order).

    Parameters
    ----------
    store : viabilidade.data.store.Store
    query : str
        A name or part of one (accents and case ignored, spaces collapsed), or the first
        digits of an IBGE code; only its first :data:`MAX_QUERY` characters are read.
    limit : int
        The most results.

    Returns
    -------
    list of Unit
        Empty for an empty query or one of a single letter (it would list hundreds).
    """
    text = " ".join(str(query)[:MAX_QUERY].split())
    if text.isdigit():
        found = [u for u, _ in _index(store) if u.code.startswith(text)]
        return sorted(found, key=lambda u: (len(u.code), u.code))[:limit]
    key = normalize_name(text)
    if len(key) < 2:
        return []
    ranked = []
    for u, name in _index(store):
        if u.kind == "distrito-sede":
            continue
        rank = 0 if name == key else 1 if name.startswith(key) else 2 if key in name else None
        if rank is not None:
            ranked.append((rank, u.kind != "municipio", name, u.label, u))
    return [r[-1] for r in sorted(ranked, key=lambda r: r[:4])][:limit]


def unit_geometry(store, unit: Unit):
    """The shape the map shows for a found unit (EPSG:4674): a municipality's outline (the
    store's ``boundaries_map``); a district's approximate territory, or its seat point when
    it has none."""
    import shapely

    from ..leaflet_map import district_territories

    if unit.kind == "municipio":
        b = store.boundaries_map
        return b.loc[b["cod_ibge"] == unit.code, "geometry"].iloc[0]
    cells = district_territories(store, (unit.code,))["features"]
    if cells:
        return shapely.geometry.shape(cells[0]["geometry"])
    from ...geo.districts import seats_of_districts

    pts = seats_of_districts(store, (unit.code,))
    return shapely.Point(float(pts["lon"].iloc[0]), float(pts["lat"].iloc[0]))


class SearchBox:
    """A text box and a list: type a name or code, pick a result, the map goes there.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario_map : viabilidade.explore.leaflet_map.ScenarioMap, optional
        The map to move (without one, :meth:`go` only reports; tests).

    Attributes
    ----------
    text : ipywidgets.Text
        «Buscar município ou distrito»; results come as the user types; a full code or a
        whole name that only one unit has goes to it at once.
    results : ipywidgets.Select
        The units found; choosing one zooms to it.
    note : ipywidgets.HTML
        How many were found, or why none.
    found : ipyleaflet.GeoJSON or None
        The outline of the unit gone to (dashed green, takes no click).
    widget : ipywidgets.VBox
    """

    def __init__(self, store, scenario_map=None):
        import ipywidgets as W

        self.store, self.map = store, scenario_map
        self.text = W.Text(placeholder="nome (sem acento serve) ou código IBGE",
                           description="Buscar município ou distrito", continuous_update=True,
                           style={"description_width": "initial"},
                           layout=W.Layout(width="28em", max_width="100%"))
        self.results = W.Select(options=[], rows=5, layout=W.Layout(width="28em", max_width="100%",
                                                                    display="none"))
        self.results.add_class("viab-busca-resultados")
        self.note = W.HTML("")
        self.found = None
        self._quiet = False
        self.text.observe(lambda ch: self.search(ch["new"]), names="value")
        # Enter: the page sends «submit» (ipywidgets' on_submit is deprecated, the message is not).
        self.text.on_msg(lambda _w, content, _b: self.submit()
                         if content.get("event") == "submit" else None)
        self.results.observe(lambda ch: None if self._quiet or ch["new"] is None else self.go(ch["new"]),
                             names="value")
        self.widget = W.VBox([self.text, self.results, self.note])
        if scenario_map is not None:
            import ipyleaflet as L

            self.found = L.GeoJSON(data={"type": "FeatureCollection", "features": []},
                                   name="unidade buscada", style=FOUND_STYLE)
            self.found.pane = "cenario"
            self.found.options = [*self.found.options, "pane"]
            scenario_map.map.add(self.found)
            self.found.on_click(scenario_map._clicked)

    def search(self, query: str) -> list[Unit]:
        """List the units matching ``query`` (:func:`find`) and say how many."""
        found = find(self.store, query)
        self._quiet = True
        try:
            self.results.options = [(u.label, u) for u in found]
            self.results.value = None
        finally:
            self._quiet = False
        self.results.layout.display = None if found else "none"
        text = " ".join(str(query).split())
        if not text:
            self.note.value = ""
        elif not found:
            self.note.value = (f"<span style='color:#b71c1c'>Nenhum município ou distrito com "
                               f"«{_esc(text[:MAX_QUERY])}» no nome ou no código.</span>"
                               if len(normalize_name(text)) >= 2 or text.isdigit() else
                               "<span>Escreva ao menos duas letras.</span>")
        elif (whole := [u for u in found if u.code == text]
                 or ([found[0]] if len(found) == 1
                     and normalize_name(found[0].name) == normalize_name(text) else [])):
            self.go(whole[0])
        else:
            self.note.value = (f"<span>{len(found)} encontrado{'s' if len(found) > 1 else ''}; "
                               "escolha um para ir até ele"
                               f"{' (os primeiros ' + str(MAX_RESULTS) + ')' if len(found) == MAX_RESULTS else ''}."
                               "</span>")
        return found

    def submit(self) -> Unit | None:
        """Enter in the box: the one unit found is gone to and chosen in the list (several:
        the note asks to choose one). Returns the unit gone to, or ``None``."""
        units = [u for _, u in self.results.options]
        if len(units) != 1:
            return None
        self.results.value = units[0]           # observed: go
        return units[0]

    def go(self, unit: Unit) -> tuple[tuple[float, float], float]:
        """Centre and zoom the map on ``unit`` and outline it; returns ``((lat, lon), zoom)``."""
        from ..leaflet_map import _rounded, fit_view

        geom = unit_geometry(self.store, unit)
        view = fit_view(tuple(float(x) for x in geom.bounds))
        self.note.value = f"<span>No mapa: <b>{_esc(unit.label)}</b> ({unit.code}).</span>"
        if self.map is not None:
            (self.map.map.center, self.map.map.zoom) = view
            if self.found is not None:
                # The layer's style is applied over each feature's: set it first.
                self.found.style = FOUND_STYLE if unit.kind == "municipio" else FOUND_DISTRICT_STYLE
                self.found.data = {"type": "FeatureCollection", "features": [
                    {"type": "Feature", "geometry": _rounded(geom.__geo_interface__),
                     "properties": {"name": unit.label, "code": unit.code,
                                    "style": FOUND_STYLE if unit.kind == "municipio"
                                    else FOUND_DISTRICT_STYLE}}]} \
                    if geom.geom_type != "Point" else {"type": "FeatureCollection", "features": []}
        return view


def _esc(text: str) -> str:
    import html

    return html.escape(str(text))
