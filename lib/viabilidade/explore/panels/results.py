"""The explorer's conclusion and result panes."""

from __future__ import annotations

import dataclasses
import html

from ...errors import ViabilidadeError
from ...report.boundary import drawn_findings
from ...report.conclusion import analysis_conclusion
from ...report.findings import attention_html, findings
from ...report.writers import format as fmt
from ..files import boundary_geometry
from ..margins import margins, margins_chart
from ..persist import is_drawing
from ..scenario import (base_analysis, hypothetical_figures, run_scenario, Scenario,
                        scenario_alternatives, totals)
from ..state_map import detail_map
from ..views import area_text, figure_png, margins_frame, plain_table, styled_rules, totals_frame
from .labels import (BUSY, control_message, drawn_words, explorer_words, file_only_note,
                     OPERATION_READINGS, READING_KEYS, readings_in_words, RED, RESULT_TABS)


class ResultsPanel:
    """The conclusion and the result tabs (Regras, Totais, Margens, Território, Outras
    leituras): the scenario evaluated and shown, charts drawn when their tab is opened.

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`.
    """

    def _busy(self, on: bool) -> None:
        self.panes["busy"].value = (BUSY if on else "")

    def _error_text(self, e: ViabilidadeError) -> str:
        """:func:`control_message`, said of the drawn polygon when it is the limits in use."""
        text = control_message(e)
        return drawn_words(text, self._drawn_boundary.name) if self._drawing_in_use() else text

    def _invalid(self, e: ViabilidadeError) -> None:
        self.analysis, self.error = None, self._error_text(e)
        self._render()

    def _set_scenario(self, make) -> None:
        self._busy(True)
        try:
            try:
                self.scenario = make()
            except ViabilidadeError as e:
                self._invalid(e)
                return
            self._load_scenario_into_controls()
            self._update()
        finally:
            self._busy(False)

    def update(self) -> None:
        """Rebuild the scenario from the controls, evaluate it and refresh every pane."""
        self._busy(True)
        try:
            self._update()
        finally:
            self._busy(False)

    def _evaluate(self) -> None:
        """Scenario from the controls, evaluated into :attr:`analysis` (raises on a refusal)."""
        self.scenario = self.scenario_from_controls()
        self._base = base_analysis(self.scenario, self.store, self._base, memo=self._memo,
                                   alternatives=False)
        self._current_figures()
        # The verdicts under the other readings come after the conclusion is shown (_show).
        self.analysis = run_scenario(self.scenario, self.store, base=self._base, memo=self._memo,
                                     alternatives=False)
        self.error = ""

    def _update(self) -> None:
        try:
            self._evaluate()
        except ViabilidadeError as e:
            self.analysis, self.error = None, self._error_text(e)
        self._seat_options(self.scenario)   # a drawn boundary offers the districts it holds
        if not self._drawing_in_use():       # limits taken off, or another file typed in
            self.panes["draw_note"].value = ""
        self._render()

    def _render(self) -> None:
        self._record_area()
        self._show()
        self._persist()
        # A drawing's file is the explorer's own (a temporary folder, or the session's
        # .explorar-desenhos/): its path is not shown in «Arquivo de limites da área»; the
        # drawing's note says the polygon is the limits in use.
        drawn = self._drawing_in_use() or is_drawing(self.scenario.boundary)
        self.controls["boundary"].layout.display = "none" if drawn else None

    def _show(self) -> None:
        p, a, s = self.panes, self.analysis, self.scenario
        if a is None:
            p["verdict"].value = "<h3>Sem resultado: o cenário está incompleto ou inválido</h3>"
            p["message"].value = f'<p style="{RED}"><b>Corrija:</b> {html.escape(self.error)}</p>'
            for k in ("rules", "totals", "margins", "alternatives"):
                p[k].value = ""
            self.images["margins_chart"].value = b""
            self._pending_images.pop("Margens", None)
            self._chart_key = None
            p["verdict"].value += f"<p>{html.escape(area_text(self.store, s))}</p>"
            self._show_map(s, None)      # the map shows what the controls now describe
            return
        flag = (" <b style='color:#e65100'>— com valores hipotéticos ou projetados (não é um "
                "estudo)</b>" if s.hypothetical else "")
        year = s.creation_year or "padrão do estudo"
        p["verdict"].value = (f"<h3>{html.escape(s.name)}: {fmt.verdict_label(a.verdict)}{flag}</h3>"
                              f"<p><b>Conclusão:</b> {html.escape(analysis_conclusion(a))}</p>"
                              f"<p>{html.escape(area_text(self.store, s))} · ano de criação: {year}</p>")
        p["message"].value = "".join(f"<p>{html.escape(pr.assumptions())}</p>" for pr in s.projections)
        p["message"].value += "".join(f'<p style="color:#e65100">{html.escape(f)}</p>'
                                      for f in map(explorer_words, drawn_findings(a)))
        p["rules"].value = (file_only_note(a.results)
                            + styled_rules(a.results, hypothetical_figures(a.profile)).to_html())
        p["totals"].value = plain_table(totals_frame(totals(a))).to_html()
        table = margins(a.results, a.profile)
        p["margins"].value = plain_table(margins_frame(table)).to_html()
        chart_key = table.drop(columns=["texto"]).to_json()
        if chart_key != self._chart_key:  # redraw only when a margin changed (~0.3 s)
            self._chart_key = chart_key

            def draw_chart(image=self.images["margins_chart"]):
                image.value = figure_png(margins_chart(table), dpi=80)

            self._when_seen("Margens", draw_chart)
        a = self._complete_alternatives()
        p["verdict"].value += attention_html(findings(a))   # the study's findings (report.findings)
        p["alternatives"].value = "<ul>" + "".join(
            f"<li>{html.escape(readings_in_words(d))}: <b>{fmt.verdict_label(v)}</b>"
            + (f" (muda {html.escape('; '.join(fmt.rule_citation(x) for x in ch))})" if ch else "")
            + "</li>"
            for d, v, ch in a.alternatives
            if OPERATION_READINGS.get(READING_KEYS.get(d.split(":")[0], ""), s.operation)
            == s.operation) + "</ul>"
        self._show_map(s, a)

    def _complete_alternatives(self):
        """:attr:`analysis` with its verdicts under the other readings (computed after the
        conclusion is shown: they rebuild profiles, 0,1 s to 0,5 s for a new area)."""
        a = self.analysis
        if a.alternatives is None:
            done = dataclasses.replace(a, alternatives=scenario_alternatives(
                self.scenario, self.store, a, self._memo))
            if self._base is a:
                self._base = done
            self.analysis = a = done
        return a

    def _show_map(self, s: Scenario, a) -> None:
        """Draw the scenario on the map and, with an analysis, the territory map (only when the
        area changed: ~1 s). Without an analysis the territory map is emptied."""
        key = (s.districts, s.municipalities, s.origins, s.boundary, s.seat, a is None)
        if not self.draw_map or key == self._map_key:
            return
        # The map moves to the area when it changes, except on the first view (the state) and
        # after a click on the map itself.
        self.map.show(s, boundary_geometry(s.boundary),
                      fit=self._map_key is not None and not self._map_click)
        self._map_key = key
        if a is None:
            self.images["detail"].value = b""
            self._pending_images.pop("Território", None)
            return
        self._when_seen("Território", lambda: self._draw_detail(a.candidate))

    def _draw_detail(self, candidate) -> None:
        try:
            self.images["detail"].value = figure_png(detail_map(self.store, candidate), dpi=80)
        except ViabilidadeError as e:
            self.images["detail"].value = b""
            self.panes["message"].value += f"<p>Mapa do território indisponível: {html.escape(str(e))}</p>"

    def _when_seen(self, tab: str, draw) -> None:
        """Draw an image of the result tab ``tab`` now if that tab is open, else when it is
        opened (also before the layout exists, :meth:`widget`: the app's pre-heated kernel drew
        both images, 3 s of its preparation, and sent them to a page that shows «Regras»):
        the conclusion and the tables are not kept waiting for a chart nobody sees (0,3 s to
        0,7 s each)."""
        shown = self._results_tab
        if shown is not None and RESULT_TABS[shown.selected_index or 0] == tab:
            self._pending_images.pop(tab, None)
            draw()
        else:
            self._pending_images[tab] = draw

    def _tab_opened(self, change) -> None:
        draw = self._pending_images.pop(RESULT_TABS[change["new"] or 0], None)
        if draw is not None:
            self._busy(True)
            try:
                draw()
            finally:
                self._busy(False)
