"""The layer control: each of the map's layers switched on or off and made lighter, beside a
legend drawn from the layers' own styles, so the legend always matches the map.

The explorer's map keeps each kind of layer in its own Leaflet pane
(:data:`viabilidade.explore.leaflet_map.PANES`), so a layer is shown, hidden or faded by a
CSS rule on its panes, scoped to this one map (a class of its own, :attr:`LayerControl.scope`):
nothing is redrawn, and a hidden layer takes no click (a hidden district territory can no
longer be picked; a click there reaches the municipality under it).

=================== ============================================== ===========================
row                 panes                                          swatch from
=================== ============================================== ===========================
Municípios          ``municipios``                                 the municipalities' style
Distritos           ``territorios``, ``distritos``                 the territories' style
Área do estudo      ``cenario``, ``area``, ``sedes``               the area colour (AREA_COLOUR)
Esboço (desenho)    ``desenho``, Leaflet's ``overlay`` pane        SKETCH_STYLE
Rótulos             ``rotulos``                                    the labels' colour
=================== ============================================== ===========================

The basemap (:mod:`.basemap`) has its own choice, shown with the rows.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

#: Every control gets its own CSS scope (one page may show the explorer twice in JupyterLab).
_SCOPES = itertools.count(1)


@dataclass(frozen=True)
class LayerRow:
    """One row: ``key``, ``label`` (pt-BR), ``panes`` (Leaflet pane names), ``colour`` and
    ``dash`` (the swatch: the stroke colour of the layer and whether it is dashed), ``note``
    (what the row's symbol means)."""

    key: str
    label: str
    panes: tuple[str, ...]
    colour: str
    dash: bool
    note: str


def layer_rows(scenario_map) -> list[LayerRow]:
    """The rows of ``scenario_map`` (a :class:`~viabilidade.explore.leaflet_map.ScenarioMap`),
    their swatches read from its layers' styles."""
    from ..leaflet_map import APPROXIMATE, SKETCH_STYLE
    from ..state_map import AREA_COLOUR

    muni = scenario_map.municipalities.style
    terr = scenario_map.territories.style
    return [
        LayerRow("municipios", "Municípios (IBGE, malha 2022)", ("municipios",), muni["color"],
                 bool(muni.get("dashArray")), "contorno de cada município"),
        LayerRow("distritos", "Distritos", ("territorios", "distritos"), terr["color"],
                 bool(terr.get("dashArray")), f"distritos da origem: {APPROXIMATE}; pontos: sedes de distrito"),
        LayerRow("area", "Área do estudo", ("cenario", "area", "sedes"), AREA_COLOUR, False,
                 "área, origem, faixa de 6 km e sedes"),
        LayerRow("esboco", "Esboço (polígono desenhado)", ("desenho", "overlay"), SKETCH_STYLE["color"],
                 bool(SKETCH_STYLE.get("dashArray")), "o polígono desenhado ou traçado"),
        LayerRow("rotulos", "Rótulos", ("rotulos",), "#263238", False, "nomes dos municípios e distritos"),
    ]


def swatch_html(row: LayerRow) -> str:
    """The row's symbol: a short line in the layer's colour, dashed when the layer is."""
    style = "dashed" if row.dash else "solid"
    return (f"<span class='viab-amostra' data-camada='{row.key}' style='display:inline-block;"
            f"width:22px;height:0;border-top:3px {style} {row.colour};vertical-align:middle'></span>")


def css(scope: str, shown: dict[str, bool], opacity: dict[str, float], rows) -> str:
    """The ``<style>`` that hides (``display:none``) or fades (``opacity``) each row's panes
    within the map of class ``scope``."""
    rules = []
    for r in rows:
        for pane in r.panes:
            sel = f".{scope} .leaflet-{pane}-pane"
            if not shown.get(r.key, True):
                rules.append(f"{sel}{{display:none}}")
            elif opacity.get(r.key, 1.0) < 1.0:
                rules.append(f"{sel}{{opacity:{opacity[r.key]:.2f}}}")
    return "<style>" + "".join(rules) + "</style>"


class LayerControl:
    """Toggles, opacity and legend of the explorer's map layers.

    Parameters
    ----------
    scenario_map : viabilidade.explore.leaflet_map.ScenarioMap
    basemap : viabilidade.explore.tools.basemap.Basemap, optional
        Its choice is shown with the rows.

    Attributes
    ----------
    rows : list of LayerRow
    shown : dict[str, ipywidgets.Checkbox]
    opacity : dict[str, ipywidgets.FloatSlider]
        0,1 to 1 (1: as drawn).
    style : ipywidgets.HTML
        The CSS in force (:func:`css`).
    scope : str
        The CSS class given to the map.
    widget : ipywidgets.VBox
    """

    def __init__(self, scenario_map, basemap=None):
        import ipywidgets as W

        self.map = scenario_map
        self.scope = f"viab-mapa-{next(_SCOPES)}"
        scenario_map.map.add_class(self.scope)
        self.rows = layer_rows(scenario_map)
        self.shown, self.opacity, lines = {}, {}, []
        for r in self.rows:
            box = W.Checkbox(value=True, description=r.label, indent=False, layout=W.Layout(width="auto"))
            fade = W.FloatSlider(value=1.0, min=0.1, max=1.0, step=0.1, readout=False,
                                 description="", tooltip=f"Opacidade: {r.label}",
                                 layout=W.Layout(width="8em"))
            box.observe(lambda _: self._restyle(), names="value")
            fade.observe(lambda _: self._restyle(), names="value")
            self.shown[r.key], self.opacity[r.key] = box, fade
            lines.append(W.HBox([W.HTML(swatch_html(r), layout=W.Layout(width="28px")), box, fade,
                                 W.HTML(f"<span style='font-size:11px;color:#546e7a'>{_esc(r.note)}</span>")],
                                layout=W.Layout(align_items="center", flex_flow="row wrap")))
        self.style = W.HTML("", layout=W.Layout(height="0px", overflow="hidden"))
        extra = [basemap.choice, basemap.note, basemap.css] if basemap is not None else []
        self.widget = W.VBox([*lines, *extra, self.style])
        self._restyle()

    def _restyle(self) -> None:
        self.style.value = css(self.scope, {k: b.value for k, b in self.shown.items()},
                               {k: s.value for k, s in self.opacity.items()}, self.rows)

    def set(self, key: str, shown: bool | None = None, opacity: float | None = None) -> None:
        """Show or hide row ``key`` and set its opacity (as the controls would)."""
        if shown is not None:
            self.shown[key].value = shown
        if opacity is not None:
            self.opacity[key].value = opacity


def _esc(text: str) -> str:
    import html

    return html.escape(str(text))
