"""All the GIS tools of one explorer, built on its map and joined in one panel under it.

:func:`attach` is the one hook the explorer's page calls
(:meth:`viabilidade.explore.panels.layout.LayoutPanel.widget`); it changes nothing of how the
explorer picks units, except that a left click while tracing adds a vertex instead
(:meth:`.trace.TraceTool.guard`). The panel, top to bottom: the search box; the tracing bar
and the live measure; «Camadas e legenda» (layer toggles, opacity, basemap) and «Exportar
para SIG» (GeoPackage, Shapefile, CSV), folded.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from ...errors import ViabilidadeError

#: The map's hint for the gestures the tools add (the guide, docs/GUIA.md, says the same).
GESTURES = ("Botão esquerdo: escolhe ou soma a unidade (ou põe um vértice, ao traçar); "
            "botão direito: os números da unidade, com as bases.")


@dataclass
class Tools:
    """The tools of one explorer (see :mod:`viabilidade.explore.tools`)."""

    search: object
    readout: object
    trace: object
    popup: object
    basemap: object
    layers: object
    export_button: object
    export_pane: object
    widget: object


def attach(explorer) -> Tools | None:
    """Build the GIS tools on ``explorer``'s map; ``None`` when it has no map (``draw_map=False``).

    Parameters
    ----------
    explorer : viabilidade.explore.widgets.Explorer

    Returns
    -------
    Tools or None
    """
    if explorer.map is None:
        return None
    import ipywidgets as W

    from .basemap import Basemap
    from .layers import LayerControl
    from .measure import MeasureReadout
    from .popup import UnitPopup
    from .search import SearchBox
    from .trace import TraceTool

    store, m = explorer.store, explorer.map
    # The readout follows the limits in use (area_in_use), not the drawing tool's events: a
    # polygon closed with ⬟ becomes the limits at once, and an upload, «Recortar» or
    # «Desfazer» change them too (issue 31: the line kept a removed drawing's figures).
    readout = MeasureReadout()
    search = SearchBox(store, m)
    trace = TraceTool(store, m, readout, origins=lambda: tuple(explorer.scenario.origins))

    def area_in_use(_change=None):
        if trace.active:
            return                      # the traced line is measured as it grows
        from ..files import boundary_geometry

        geometry = boundary_geometry(explorer.scenario.boundary)
        readout.show_area(geometry) if geometry is not None else readout.clear()

    explorer.controls["boundary"].observe(area_in_use, names="value")
    # A polygon drawn with ⬟ is measured as it grows (tools.measure.live_measure); when that
    # drawing ends, closed (in use at once) or cancelled, the line shows the limits in use again.
    readout.after_drawing = area_in_use
    m.on_click = trace.guard(m.on_click)
    popup = UnitPopup(store, m)
    basemap = Basemap(store, m, "osm" if m.basemap_on.value else "local")
    layers = LayerControl(m, basemap)
    export_button = W.Button(description="Exportar para SIG", icon="download",
                             tooltip="GeoPackage, Shapefile zipado e CSV (WKT) do cenário atual e "
                                     "dos cenários guardados, em SIRGAS 2000",
                             layout=W.Layout(width="auto"))
    export_pane = W.HTML("")

    def export(_=None):
        export_for(explorer, export_pane)

    export_button.on_click(export)
    fold = W.Accordion(children=[
        layers.widget,
        W.VBox([W.HTML("<p style='margin:2px 0;color:#424242'>A área do cenário atual e de cada "
                       "cenário guardado, um polígono cada, com população, eleitorado, área (e as "
                       "bases), a conclusão e a vedação constitucional como atributos; SIRGAS 2000 "
                       "(EPSG:4674). Abre no QGIS.</p>"),
                W.HBox([export_button]), export_pane])], selected_index=None)
    fold.set_title(0, "Camadas e legenda")
    fold.set_title(1, "Exportar para SIG")
    widget = W.VBox([W.HTML(f"<p style='margin:2px 0;font-size:12px;color:#424242'>{html.escape(GESTURES)}</p>"),
                     search.widget, trace.widget, readout.widget, readout.vertices, fold],
                    layout=W.Layout(width="auto"))
    return Tools(search, readout, trace, popup, basemap, layers, export_button, export_pane, widget)


def export_for(explorer, pane) -> dict[str, bytes]:
    """«Exportar para SIG»: the three files of the scenario on screen and every kept one, as
    download links in ``pane`` (an ``ipywidgets.HTML``); returns them (name -> bytes)."""
    from ..files import download_link
    from .export import export_files

    # The unit's name (the candidate's slug), not the next free name of «Salvar» (it gave
    # "posse-dabadia-2-cenarios.*" beside a saved posse-dabadia.toml, issue 31).
    stem = explorer.scenario.slug or "cenarios"
    try:
        files, notes = export_files(stem, (explorer.scenario, explorer.analysis),
                                    explorer.scenarios.kept, explorer.store,
                                    drawings=set(explorer._drawings))
    except (ValueError, ViabilidadeError) as e:
        pane.value = f"<p style='color:#b71c1c'>Nada a exportar: {html.escape(str(e))}</p>"
        return {}
    links = "".join(f"<li>{download_link(n, b)}</li>" for n, b in files.items())
    pane.value = (f"<p>Arquivos prontos (clique para baixar).</p><ul>{links}</ul>"
                  + "".join(f"<p style='color:#e65100'>{html.escape(n)}</p>" for n in notes))
    return files
