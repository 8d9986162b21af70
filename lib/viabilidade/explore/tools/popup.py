"""Popups: a right-click on the map shows the figures of the unit under it, with their bases.

Which gesture does what (the guide says so too): a **left click** picks a unit, as before
(adds it to the area or removes it, or chooses it, per «Clique no mapa»); a **right click**
(a long press on a touch screen, which the browser turns into the same ``contextmenu``) only
shows the popup, and never changes the area. The popup names the municipality under the
pointer (IBGE Malha Municipal 2022, full mesh) and, inside an origin whose district
territories are on the map, the district too (that territory is approximate, and the popup
says so, as the map's hover does).

Figures, each with its basis and source, as a study prints them:

- municipality: population (IBGE, Censo Demográfico 2022, the store's ``populacao``), electors
  (the roll the studies read, :func:`viabilidade.data.store.electors`: TSE profile, published
  or estimated), area (the official area the study gives a whole municipality,
  :func:`viabilidade.profile.build.whole_area`: IBGE Áreas Territoriais 2022, else the
  Censo's);
- district: population and area of the Censo 2022 district aggregates (the store's
  ``districts``), which a study of districts sums.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from ...common.numbers import decimal
from ...data.sources import SRC_CENSUS
from ...report.writers import format as fmt

#: What the popup says of how to get it (also in the map's hint).
HINT = "Botão direito num município ou distrito: seus números, com as bases."


@dataclass(frozen=True)
class Row:
    """One line of a popup: ``label``, ``value`` (pt-BR text with its unit), ``basis`` (its
    pt-BR label, ``"publicado"``) and ``source`` (``"IBGE, Censo Demográfico 2022 …"``, listed
    once below the figures)."""

    label: str
    value: str
    basis: str
    source: str


def municipality_rows(store, code: str) -> list[Row]:
    """The figures of municipality ``code`` (7 digits) for its popup.

    Raises
    ------
    KeyError
        For a code the store does not hold.
    """
    from ...data.store import electors, electors_source
    from ...profile.build import whole_area

    m = store.municipalities.set_index("cod_ibge").loc[code]
    rows = [Row("População", f"{decimal(int(m['populacao']))} habitantes",
                fmt.basis_label("published"), SRC_CENSUS)]
    roll = electors(store)
    if code in roll.index:
        source, _ = electors_source(store)
        e = roll.loc[code]
        rows.append(Row("Eleitores", decimal(int(e["eleitores"])),
                        fmt.basis_label(e["base"]), source))
    area = whole_area(store, code)
    rows.append(Row("Área", f"{decimal(area.value, 2, 3)} km²",
                    fmt.basis_label(area.basis), area.source))
    return rows


def district_rows(store, code: str) -> list[Row]:
    """The figures of district ``code`` (9 digits): Censo 2022 population and area.

    Raises
    ------
    KeyError
        For a code the store does not hold.
    """
    d = store.districts.set_index("cod_distrito").loc[code]
    published = (fmt.basis_label("published"), SRC_CENSUS)
    return [Row("População", f"{decimal(int(d['populacao']))} habitantes", *published),
            Row("Área", f"{decimal(float(d['area_km2']), 2, 3)} km²", *published)]


def units_at(store, lon: float, lat: float, territories: dict | None = None) -> list[tuple[str, str]]:
    """The units under ``(lon, lat)``: ``[(code, kind)]``, the municipality (``"municipio"``)
    and, when ``territories`` (the map's district territories, a GeoJSON FeatureCollection)
    has a feature there, its district (``"distrito"``). Empty outside Goiás."""
    import shapely

    p = shapely.Point(lon, lat)
    b = store.boundaries
    out = [(str(b["cod_ibge"].iloc[i]), "municipio")
           for i in b.sindex.query(p, predicate="intersects")][:1]
    for f in (territories or {}).get("features", []):
        if shapely.geometry.shape(f["geometry"]).intersects(p):
            out.append((str(f["properties"]["code"]), "distrito"))
            break
    return out


def popup_html(store, units: list[tuple[str, str]], territories: dict | None = None) -> str:
    """The popup's HTML for :func:`units_at`'s units (names escaped): per unit a title and one
    line per figure with its basis and a note mark; the sources once each, numbered, below."""
    from ..views import unit_name

    if not units:
        return "<div class='viab-popup'>Fora de Goiás: nenhum município aqui.</div>"
    names = {f["properties"]["code"]: f["properties"]["name"] for f in (territories or {}).get("features", [])}
    parts, sources = [], []
    for code, kind in units:
        rows = municipality_rows(store, code) if kind == "municipio" else district_rows(store, code)
        title = (f"{unit_name(store, code)} — município" if kind == "municipio"
                 else names.get(code, unit_name(store, code)))
        lines = []
        for r in rows:
            if r.source not in sources:
                sources.append(r.source)
            lines.append(f"<tr><td>{html.escape(r.label)}</td><td style='text-align:right'><b>"
                         f"{html.escape(r.value)}</b></td><td style='color:#546e7a'>{html.escape(r.basis)}"
                         f"<sup>{sources.index(r.source) + 1}</sup></td></tr>")
        parts.append(f"<div style='margin-bottom:4px'><b>{html.escape(title)}</b><br>"
                     f"<span style='color:#546e7a'>código IBGE {code}</span>"
                     f"<table style='font-size:11px;border-spacing:6px 0'>{''.join(lines)}</table></div>")
    notes = "".join(f"<div><sup>{n}</sup> {html.escape(src)}</div>" for n, src in enumerate(sources, 1))
    return ("<div class='viab-popup' style='font-size:12px;line-height:1.3;max-width:24em'>"
            + "".join(parts) + f"<div style='font-size:10px;color:#546e7a'>{notes}</div></div>")


class UnitPopup:
    """The popup on the explorer's map, opened by a right click.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario_map : viabilidade.explore.leaflet_map.ScenarioMap

    Attributes
    ----------
    popup : ipyleaflet.Popup
    content : ipywidgets.HTML
    units : list of (code, kind)
        The units last shown.
    """

    def __init__(self, store, scenario_map):
        import ipyleaflet as L
        import ipywidgets as W

        self.store, self.map = store, scenario_map
        self.content = W.HTML()
        self.popup = L.Popup(child=self.content, close_button=True, auto_close=False,
                             close_on_escape_key=True, max_width=340, min_width=220)
        self.units: list[tuple[str, str]] = []
        scenario_map.map.on_interaction(self._interaction)

    def _interaction(self, **event) -> None:
        if event.get("type") == "contextmenu" and event.get("coordinates"):
            lat, lon = event["coordinates"]
            self.show(float(lon), float(lat))

    def show(self, lon: float, lat: float) -> list[tuple[str, str]]:
        """Open the popup at ``(lon, lat)`` with the units there; returns them."""
        territories = self.map.territories.data
        self.units = units_at(self.store, lon, lat, territories)
        self.content.value = popup_html(self.store, self.units, territories)
        m = self.map.map
        if self.popup in m.layers:
            m.remove(self.popup)          # opened again where the user clicked now
        self.popup.location = (lat, lon)
        m.add(self.popup)
        return self.units
