"""The explorer's page layout."""

from __future__ import annotations

import ipywidgets as W

from ...rules.settings import CHOICES
from .labels import CONTROL_TABS, FLOAT_THRESHOLDS, INT_THRESHOLDS, OVERRIDE_LABELS, RESULT_TABS


#: The page's own CSS (an ``HTML`` widget, so JupyterLab and Voilà both get it). The
#: conclusion column (``viab-conclusao``) stays in view while the map and the tabs scroll
#: (``position: sticky``): it used to scroll out of view while working in the tabs (issue 31).
#: Sticky needs no scrolling box between it and the page's scroller: ipywidgets' boxes and
#: the notebook's output area (JupyterLab, Voilà's lab template) are ``overflow: auto`` or
#: ``hidden``, so the ones holding the page are made ``visible``. The column is at most the
#: window's height less 120 px: in JupyterLab the notebook's scroller starts below the menu
#: and tool bars, and a taller column ended under the status bar.
PAGE_CSS = """<style>
.viab-pagina, .viab-colunas, .jp-OutputArea:has(.viab-pagina),
.jp-OutputArea-child:has(.viab-pagina), .jp-OutputArea-output:has(.viab-pagina) {
  overflow: visible !important; }
.viab-conclusao { position: sticky; top: 0; max-height: calc(100vh - 120px); overflow-y: auto; z-index: 2;
                  background: var(--jp-layout-color0, #fff); }
</style>"""
HINT_CLICK = ("No mapa: passe o mouse para ver o nome; clique num território de distrito da origem "
              "(tracejado), num município ou num ponto de distrito. "
              "Arraste para mover, role ou use + e − para aproximar.")


class LayoutPanel:
    """The page: the map beside the conclusion, the control tabs, the result tabs.

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`.
    """

    def widget(self) -> W.Widget:
        """The whole UI: at the left the map, the controls on tabs and the results on tabs; at
        the right the conclusion, kept in view while the left column scrolls.

        The map and the verdict sit side by side, so a click on the map and its effect are seen
        together, and so do a control changed in a tab and the conclusion. An invisible
        :class:`~.pulse.Pulse` (:attr:`pulse`) beats while the kernel lives.
        """
        c, p, i = self.controls, self.panes, self.images

        def note(text):
            return W.HTML(f"<p style='margin:2px 0;color:#424242'>{text}</p>")

        # The rows take the whole width by stretching (width "auto"): a width of 100 % plus the
        # widgets' margins overflowed the page by 4 px (a horizontal scroll bar under the results).
        full = W.Layout(width="auto")
        controls = W.Tab(children=[
            W.VBox([note("Escolha um distrito ou município na lista, ou clique no mapa."),
                    c["unit"], c["origin"], p["origins"],
                    W.HBox([c["edit_unit"], c["add"], c["remove"]], layout=W.Layout(flex_flow="row wrap")),
                    W.HBox([c["undo"], c["redo"]], layout=W.Layout(flex_flow="row wrap")),
                    c["name"], c["seat"], c["creation_year"],
                    note("Limites próprios da área (opcional): desenhe um polígono no mapa (botão ⬟ no "
                         "canto superior esquerdo do mapa); ao fechá-lo, ele passa a ser o limite "
                         "da área. Ou indique um arquivo."),
                    W.HBox([c["use_drawing"], c["clip"], c["clear_boundary"]],
                           layout=W.Layout(flex_flow="row wrap")),
                    c["boundary"], p["draw_note"],
                    note("Ou envie um arquivo do seu computador (KML, KMZ, GeoJSON, GeoPackage ou "
                         "Shapefile zipado); ele fica guardado ao lado dos candidatos salvos."),
                    c["upload_role"], W.HBox([c["upload"], c["clear_perimeter"]],
                                             layout=W.Layout(flex_flow="row wrap")),
                    p["upload"]]),
            W.VBox([note("Onde a lei admite mais de uma leitura, escolha qual usar (o guia, docs/GUIA.md, "
                         "explica cada uma)."),
                    *[c[k] for k in CHOICES], c["special_interest"], c["special_interest_kind"],
                    c["special_interest_justification"]]),
            W.VBox([note("Números como no Brasil: 3.010 ou 0,0001 (Enter ou Tab para aplicar)."),
                    *[c[k] for k in [*INT_THRESHOLDS, *FLOAT_THRESHOLDS]]]),
            W.VBox([note("Valores hipotéticos: digite o número (a caixa começa no valor dos dados) ou "
                         "desmarque para voltar aos dados."),
                    *[W.HBox([c[f"{q}_on"], c[f"{q}_value"]]) for q in OVERRIDE_LABELS],
                    c["projection"], c["projection_year"], c["rate_mode"],
                    W.HBox([c["rate_pct"], c["rate_unc_pct"]]),
                    W.HBox([c["count0"], c["date0"]]), W.HBox([c["count1"], c["date1"]]),
                    W.HBox([c["prefill"]])]),
            W.VBox([note("O cenário vira um arquivo de candidato; o comando mostrado produz o estudo "
                         "completo."),
                    c["save_path"], c["drop_overrides"], c["overwrite"], W.HBox([c["save"]]), p["saved"],
                    note("Ou baixe o candidato (.toml), a área (GeoJSON e KML) e o mapa (PNG)."),
                    W.HBox([c["prepare"]]), p["downloads"]]),
            W.VBox([note("Guarde até quatro cenários com um nome e compare-os lado a lado: conclusão, "
                         "números com sua base, margens de cada requisito e as áreas num só mapa."),
                    W.HBox([c["scenario_name"], c["keep"]], layout=W.Layout(flex_flow="row wrap")),
                    W.HBox([c["kept"], c["open_kept"], c["drop_kept"]], layout=W.Layout(flex_flow="row wrap")),
                    W.HBox([c["rename_to"], c["rename_kept"]], layout=W.Layout(flex_flow="row wrap")),
                    p["scenarios"], p["comparison"], i["comparison_map"]]),
        ], layout=full)
        for n, t in enumerate(CONTROL_TABS):
            controls.set_title(n, t)
        results = W.Tab(children=[p["rules"], p["totals"], W.VBox([i["margins_chart"], p["margins"]]),
                                  i["detail"], p["alternatives"]], layout=full)
        for n, t in enumerate(RESULT_TABS):
            results.set_title(n, t)
        self._results_tab = results
        results.observe(self._tab_opened, names="selected_index")
        self._tab_opened({"new": results.selected_index})   # an image waiting for the open tab
        session = [p["session"], p["link"], c["start_clean"]] if self._keeps_session else []
        # Two columns: the map and the tabs at the left, the conclusion at the right, in view
        # while the left column scrolls (PAGE_CSS), the conclusion first and the session's
        # link last; on a narrow window the conclusion goes under them.
        status = W.VBox([p["verdict"], p["busy"], p["message"], *session],
                        layout=W.Layout(flex="0 1 26em", min_width="18em", padding="0 0 0 12px",
                                        align_self="flex-start"))
        status.add_class("viab-conclusao")
        work = [controls, results]
        if self.map is not None:
            from ..leaflet_map import MAP_PX

            status.children = (p["verdict"], p["busy"], p["message"], c["click_mode"], note(HINT_CLICK),
                               *session)
            # The GIS tools under the map (search, tracing, measure, layers, exports: explore/tools).
            from ..tools.panel import attach

            if getattr(self, "tools", None) is None:
                self.tools = attach(self)
            # overflow visible: the map's 100 % width and its 2 px margins would give the
            # column a horizontal scroll bar of 4 px.
            work.insert(0, W.VBox([self.map.map, self.tools.widget],
                                  layout=W.Layout(width="100%", min_width=f"{MAP_PX}px",
                                                  overflow="visible")))
        columns = W.HBox([W.VBox(work, layout=W.Layout(flex="1 1 40em", min_width="0")), status],
                         layout=W.Layout(width="auto", flex_flow="row wrap"))
        columns.add_class("viab-colunas")
        # The kernel's pulse (:mod:`.pulse`): the page says so when the kernel stops.
        from ..pulse import Pulse

        self.pulse = Pulse()
        page = W.VBox([W.HTML(PAGE_CSS), self.pulse.widget, columns], layout=W.Layout(width="100%"))
        page.add_class("viab-pagina")
        tooltips_set(page)
        return page


def tooltips_set(root) -> int:
    """Give every widget under ``root`` a tooltip (its description, or ``""``): ipywidgets 8
    writes a ``None`` tooltip into its label as ``title="null"``, which the browser shows as
    "null" on hover (34 labels of the explorer did). Returns how many were set."""
    seen, todo, n = set(), [root], 0
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, W.Widget):
            continue
        seen.add(id(w))
        if "tooltip" in w.trait_names() and w.tooltip is None:
            w.tooltip = getattr(w, "description", "") or ""
            n += 1
        todo.extend(getattr(w, "children", ()) or ())
        for name in ("widget",):                      # a map's WidgetControl holds one
            if isinstance(getattr(w, name, None), W.Widget):
                todo.append(getattr(w, name))
        for attr in ("controls",):                    # the map's controls
            todo.extend(c for c in (getattr(w, attr, ()) or ()) if isinstance(c, W.Widget))
    return n
