"""The explorer's ipywidgets UI: controls in, rule table, verdict, totals, margins and map out.

Thin on purpose: every control change rebuilds a :class:`~.scenario.Scenario` and runs
:func:`~.scenario.run_scenario`; the panes show its :class:`~viabilidade.analysis.Analysis`.
Outputs are ``HTML`` and ``Image`` widgets (not ``Output`` capture), so a test can drive the
controls without a browser or kernel and read :attr:`Explorer.analysis`.
"""

from __future__ import annotations

import html
import io
from pathlib import Path

import ipywidgets as W

from ..errors import CandidateError, ViabilidadeError
from ..report import format as fmt
from ..rules.settings import CHOICES, Settings
from .margins import margins, margins_chart
from .projection import Projection, store_count
from .save import save_scenario
from .scenario import AREA, FigureOverride, Scenario, base_analysis, run_scenario, totals
from .state_map import detail_map, state_map
from .views import (margins_frame, municipality_options, styled_rules, totals_frame,
                    unit_options)

#: Integer thresholds of :class:`Settings` shown as number boxes, with Portuguese labels.
INT_THRESHOLDS = {"population": "art. 4º IV — habitantes (>)", "electors": "art. 4º V — eleitores (>)",
                  "buildings": "art. 4º VI — edificações (≥)", "gap_m": "art. 4º II — distância m (≥)",
                  "district_population": "art. 17 II — habitantes (>)",
                  "district_buildings": "art. 17 I — edificações (≥)"}
SETTING_LABELS = {"reduction_items": "I-1 itens reduzidos", "reduction": "I-1b redução",
                  "perimeter": "I-4 perímetro", "origin_reduction": "I-7 remanescente",
                  "quorum": "I-8 quórum", "prevailing_legislation": "I-9 legislação",
                  "plebiscite_roll": "I-10 plebiscito", "population_vintage": "população"}
OVERRIDE_LABELS = {"population": "População da área", "electors": "Eleitores da área",
                   "buildings": "Edificações da área"}
_STYLE = {"description_width": "14em"}
_WIDE = W.Layout(width="44em")


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    return buf.getvalue()


def _svg(fig) -> bytes:
    """SVG with text kept as text: about twice as fast as PNG for the margins chart."""
    import matplotlib

    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "viabilidade"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


class Explorer:
    """Interactive exploration of one scenario.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario : Scenario, optional
        Starting point; default: Posse d'Abadia (district 520010010 of Abadiânia).
    draw_map : bool
        Draw the state map (about 1 s per area change); tests may switch it off.

    Attributes
    ----------
    scenario : Scenario
        The scenario the controls describe.
    analysis : viabilidade.analysis.Analysis or None
        Its evaluation; ``None`` while the controls describe an invalid scenario (the message
        pane says why).
    controls : dict[str, ipywidgets.Widget]
        Every control by name (``"population_on"``, ``"population_value"``, ``"reduction"`` …).
    """

    def __init__(self, store, scenario: Scenario | None = None, *, draw_map: bool = True):
        self.store = store
        self.scenario = scenario or Scenario.for_district(store, "520010010")
        self.analysis = None
        self.error = ""
        self.draw_map = draw_map
        self._map_key = self._chart_key = self._base = None
        self._quiet = False
        self.controls: dict[str, W.Widget] = {}
        self.panes = {k: W.HTML() for k in ("verdict", "message", "rules", "totals", "margins",
                                            "alternatives", "saved")}
        self.images = {k: W.Image(format="png") for k in ("map", "detail")}
        self.images["margins_chart"] = W.Image(format="svg+xml")
        self._build_controls()
        self._load_scenario_into_controls()
        self.update()

    # ---------------------------------------------------------------- controls
    def _build_controls(self) -> None:
        c = self.controls
        c["unit"] = W.Dropdown(options=unit_options(self.store), value="520010010",
                               description="Unidade", style=_STYLE, layout=_WIDE)
        c["origin"] = W.Dropdown(options=municipality_options(self.store), value="5200100",
                                 description="Origem (se município)", style=_STYLE, layout=_WIDE)
        c["edit_unit"] = W.Dropdown(options=unit_options(self.store), value="520010010",
                                    description="Unidade a somar/retirar", style=_STYLE, layout=_WIDE)
        c["add"] = W.Button(description="Adicionar à área", layout=W.Layout(width="auto"))
        c["remove"] = W.Button(description="Retirar da área", layout=W.Layout(width="auto"))
        c["unit"].observe(lambda _: self._quiet or self._act(self._start), names="value")
        c["origin"].observe(lambda _: self._quiet or (self.scenario.municipalities and self._act(self._start)),
                            names="value")
        c["add"].on_click(lambda _: self._act(
            lambda: self.scenario.add_unit(c["edit_unit"].value, self.store)))
        c["remove"].on_click(lambda _: self._act(
            lambda: self.scenario.remove_unit(c["edit_unit"].value, self.store)))
        c["name"] = W.Text(description="Nome do novo município", style=_STYLE, layout=_WIDE)
        c["boundary"] = W.Text(description="Arquivo de limites da área", style=_STYLE, layout=_WIDE,
                               placeholder="GeoJSON, GeoPackage ou Shapefile zipado (opcional)",
                               continuous_update=False)
        for key, allowed in CHOICES.items():
            c[key] = W.Dropdown(options=[(text, value) for value, text in allowed.items()],
                                description=SETTING_LABELS[key], style=_STYLE, layout=_WIDE)
        for key, label in INT_THRESHOLDS.items():
            c[key] = W.BoundedIntText(min=0, max=10_000_000, description=label, style=_STYLE)
        c["revenue_share"] = W.BoundedFloatText(min=0, max=1, step=0.00001, description="art. 4º VII — fração",
                                                style=_STYLE)
        c["sliver_tolerance_km2"] = W.BoundedFloatText(min=0, max=100, step=0.01,
                                                       description="I-5 tolerância km²", style=_STYLE)
        c["special_interest"] = W.Checkbox(description="interesse especial declarado (I-2)")
        c["special_interest_kind"] = W.Dropdown(
            options=[("ecológico", "ecological"), ("turístico", "tourism"), ("econômico", "economic")],
            description="tipo", style=_STYLE)
        c["special_interest_justification"] = W.Textarea(description="justificativa", style=_STYLE,
                                                         layout=_WIDE)
        c["creation_year"] = W.Dropdown(options=[("padrão do estudo", None)] +
                                        [(str(y), y) for y in range(1990, 2061)],
                                        description="Ano de criação", style=_STYLE)
        for q, label in OVERRIDE_LABELS.items():
            c[f"{q}_on"] = W.Checkbox(description=f"{label}: e se fosse")
            c[f"{q}_value"] = W.BoundedIntText(min=0, max=10_000_000, description="valor", style=_STYLE)
        c["projection"] = W.Dropdown(options=[("sem projeção", None), ("população", "population"),
                                              ("eleitorado", "electors")],
                                     description="Projeção", style=_STYLE)
        c["projection_year"] = W.BoundedIntText(value=2027, min=1990, max=2100, description="para o ano",
                                                style=_STYLE)
        c["rate_mode"] = W.ToggleButtons(options=[("taxa informada", "rate"), ("duas contagens", "counts")])
        c["rate_pct"] = W.FloatText(value=1.0, description="taxa % a.a.", style=_STYLE)
        c["rate_unc_pct"] = W.BoundedFloatText(value=0.5, min=0, max=100,
                                               description="± p.p. a.a.", style=_STYLE)
        for k, label, v in (("count0", "contagem anterior", 0), ("year0", "ano", 2022.75),
                            ("count1", "contagem posterior", 0), ("year1", "ano", 2026.0)):
            c[k] = W.FloatText(value=v, description=label, style=_STYLE)
        c["prefill"] = W.Button(description="Usar a contagem de 2022 da origem", layout=W.Layout(width="auto"))
        c["prefill"].on_click(lambda _: self.prefill_counts())
        c["save_path"] = W.Text(description="Salvar em", style=_STYLE, layout=_WIDE)
        c["drop_overrides"] = W.Checkbox(description="salvar sem os valores hipotéticos")
        c["overwrite"] = W.Checkbox(description="substituir arquivo existente")
        c["save"] = W.Button(description="Salvar candidato (.toml)")
        c["save"].on_click(lambda _: self.save())
        for key, w in c.items():
            if not isinstance(w, W.Button) and key not in ("unit", "origin", "edit_unit", "save_path",
                                                           "drop_overrides", "overwrite"):
                w.observe(self._changed, names="value")

    def _load_scenario_into_controls(self) -> None:
        """Set every control from :attr:`scenario` without triggering updates."""
        s, c = self.scenario, self.controls
        self._quiet = True
        try:
            c["name"].value = s.name
            c["boundary"].value = "" if s.boundary is None else str(s.boundary)
            for key in list(CHOICES) + list(INT_THRESHOLDS) + ["revenue_share", "sliver_tolerance_km2"]:
                c[key].value = getattr(s.settings, key)
            c["special_interest"].value = s.special_interest
            if s.special_interest_kind:
                c["special_interest_kind"].value = s.special_interest_kind
            c["special_interest_justification"].value = s.special_interest_justification
            c["creation_year"].value = s.creation_year
            c["save_path"].value = str(s.path or Path("data/candidates") / f"{s.slug}.toml")
        finally:
            self._quiet = False

    def _start(self) -> Scenario:
        """A fresh scenario for the picked unit; what-if figures and projections are cleared."""
        self._quiet = True
        try:
            for q in OVERRIDE_LABELS:
                self.controls[f"{q}_on"].value = False
            self.controls["projection"].value = None
        finally:
            self._quiet = False
        code = self.controls["unit"].value
        if len(code) == 9:
            return Scenario.for_district(self.store, code)
        return Scenario.for_municipality(self.store, code, self.controls["origin"].value)

    def _act(self, make) -> None:
        try:
            self.scenario = make()
        except ViabilidadeError as e:
            self.panes["message"].value = f'<p style="color:#c62828">{html.escape(str(e))}</p>'
            return
        self._load_scenario_into_controls()
        self.update()

    def _changed(self, _change=None) -> None:
        if not self._quiet:
            self.update()

    # ------------------------------------------------------------ scenario
    def scenario_from_controls(self) -> Scenario:
        """The scenario the controls describe (area and origins from :attr:`scenario`).

        Raises
        ------
        ViabilidadeError
            If a control holds an invalid value (the message names the setting or field).
        """
        c, s = self.controls, self.scenario
        settings = Settings.from_dict({**s.settings.to_dict(),
                                       **{k: c[k].value for k in list(CHOICES) + list(INT_THRESHOLDS)},
                                       "revenue_share": float(c["revenue_share"].value),
                                       "sliver_tolerance_km2": float(c["sliver_tolerance_km2"].value)},
                                      file="explorar")
        overrides = tuple(FigureOverride(AREA, q, c[f"{q}_value"].value)
                          for q in OVERRIDE_LABELS if c[f"{q}_on"].value)
        projections = ()
        if c["projection"].value is not None:
            projections = (self._projection(c["projection"].value),)
        boundary = Path(c["boundary"].value.strip()) if c["boundary"].value.strip() else None
        if boundary is not None and not boundary.is_file():
            raise CandidateError(f"boundary file {boundary} does not exist", field="area.boundary")
        return s.replace(name=c["name"].value.strip() or s.name, settings=settings, boundary=boundary,
                         creation_year=c["creation_year"].value,
                         special_interest=c["special_interest"].value,
                         special_interest_kind=c["special_interest_kind"].value,
                         special_interest_justification=c["special_interest_justification"].value,
                         overrides=overrides, projections=projections)

    def prefill_counts(self) -> None:
        """Fill one count of the rate with the first origin's 2022 count from the store.

        Electors: the 2022 TSE count is the earlier one (the later snapshot is the user's);
        population: Censo 2022 is the later one (the earlier census is the user's).
        """
        c = self.controls
        quantity = c["projection"].value or "population"
        try:
            count, year, _ = store_count(self.store, self.scenario.origins[0], quantity)
        except ViabilidadeError as e:
            self.panes["message"].value = f'<p style="color:#c62828">{html.escape(str(e))}</p>'
            return
        slot = ("count0", "year0") if quantity == "electors" else ("count1", "year1")
        self._quiet = True
        try:
            c["rate_mode"].value = "counts"
            c[slot[0]].value, c[slot[1]].value = float(count), round(year, 3)
        finally:
            self._quiet = False
        self.update()

    def _projection(self, quantity: str) -> Projection:
        c = self.controls
        if c["rate_mode"].value == "rate":
            return Projection(quantity, c["projection_year"].value, c["rate_pct"].value / 100,
                              c["rate_unc_pct"].value / 100)
        return Projection.from_counts(quantity, c["projection_year"].value, c["count0"].value,
                                      c["year0"].value, c["count1"].value, c["year1"].value,
                                      rate_uncertainty=c["rate_unc_pct"].value / 100)

    def update(self) -> None:
        """Rebuild the scenario from the controls, evaluate it and refresh every pane."""
        try:
            self.scenario = self.scenario_from_controls()
            self._base = base_analysis(self.scenario, self.store, self._base)
            self.analysis = run_scenario(self.scenario, self.store, base=self._base)
            self.error = ""
        except ViabilidadeError as e:
            self.analysis, self.error = None, str(e)
        self._render()

    # -------------------------------------------------------------- panes
    def _render(self) -> None:
        p, a, s = self.panes, self.analysis, self.scenario
        if a is None:
            p["message"].value = f'<p style="color:#c62828"><b>Cenário inválido:</b> {html.escape(self.error)}</p>'
            return
        area = ", ".join(s.districts + s.municipalities)
        flag = (" <b>— com valores hipotéticos ou projetados (não é um estudo)</b>"
                if s.hypothetical else "")
        p["verdict"].value = (f"<h3>{html.escape(s.name)}: {fmt.verdict_label(a.verdict)}{flag}</h3>"
                              f"<p>Área: {html.escape(area)} · origem: {html.escape(', '.join(s.origins))}"
                              f" · ano de criação: {s.creation_year or 'padrão do estudo'}</p>")
        p["message"].value = "".join(f"<p>{html.escape(pr.assumptions())}</p>" for pr in s.projections)
        p["rules"].value = styled_rules(a.results).to_html()
        p["totals"].value = totals_frame(totals(a)).to_html(index=False, na_rep="—")
        table = margins(a.results, a.profile)
        p["margins"].value = margins_frame(table).to_html(index=False)
        chart_key = table.drop(columns=["texto"]).to_json()
        if chart_key != self._chart_key:  # redraw only when a margin changed (~0.3 s)
            self.images["margins_chart"].value = _svg(margins_chart(table))
            self._chart_key = chart_key
        p["alternatives"].value = "<ul>" + "".join(
            f"<li>{html.escape(d)}: <b>{fmt.verdict_label(v)}</b>"
            f"{' (muda ' + html.escape(', '.join(ch)) + ')' if ch else ''}</li>"
            for d, v, ch in a.alternatives) + "</ul>"
        key = (s.districts, s.municipalities, s.origins)
        if self.draw_map and key != self._map_key:  # maps change only with the area (~1 s)
            self.images["map"].value = _png(state_map(self.store, area_municipalities=s.municipalities,
                                                      area_districts=s.districts, origins=s.origins,
                                                      title=f"Goiás — {s.name}"))
            try:
                self.images["detail"].value = _png(detail_map(self.store, a.candidate))
            except ViabilidadeError as e:
                self.images["detail"].value = b""
                p["message"].value += f"<p>Mapa do território indisponível: {html.escape(str(e))}</p>"
            self._map_key = key

    def save(self) -> Path | None:
        """Save the scenario to the path in the ``save_path`` control; report in the ``saved`` pane."""
        c = self.controls
        try:
            path = save_scenario(self.scenario, c["save_path"].value, overwrite=c["overwrite"].value,
                                 drop_overrides=c["drop_overrides"].value)
        except ViabilidadeError as e:
            self.panes["saved"].value = f'<p style="color:#c62828">{html.escape(str(e))}</p>'
            return None
        self.panes["saved"].value = (f"<p>Salvo em <code>{html.escape(str(path))}</code>. "
                                     f"Estudo: <code>viabilidade estudo {html.escape(str(path))}</code></p>")
        return path

    # -------------------------------------------------------------- layout
    def widget(self) -> W.Widget:
        """The whole UI: controls on tabs above, results on tabs below."""
        c, p, i = self.controls, self.panes, self.images
        controls = W.Tab(children=[
            W.VBox([c["unit"], c["origin"], W.HBox([c["edit_unit"], c["add"], c["remove"]]),
                    c["boundary"], c["name"], c["creation_year"]]),
            W.VBox([c[k] for k in CHOICES] + [c["special_interest"], c["special_interest_kind"],
                                              c["special_interest_justification"]]),
            W.VBox([c[k] for k in INT_THRESHOLDS] + [c["revenue_share"], c["sliver_tolerance_km2"]]),
            W.VBox([W.HBox([c[f"{q}_on"], c[f"{q}_value"]]) for q in OVERRIDE_LABELS] +
                   [c["projection"], c["projection_year"], c["rate_mode"],
                    W.HBox([c["rate_pct"], c["rate_unc_pct"]]),
                    W.HBox([c["count0"], c["year0"]]), W.HBox([c["count1"], c["year1"]])]),
            W.VBox([c["save_path"], c["drop_overrides"], c["overwrite"], c["save"], p["saved"]]),
        ])
        for n, t in enumerate(["Área", "Leituras", "Limiares", "E se…", "Salvar"]):
            controls.set_title(n, t)
        results = W.Tab(children=[p["rules"], p["totals"], W.VBox([i["margins_chart"], p["margins"]]),
                                  W.HBox([i["map"], i["detail"]]), p["alternatives"]])
        for n, t in enumerate(["Regras", "Totais", "Margens", "Mapa", "Leituras alternativas"]):
            results.set_title(n, t)
        return W.VBox([controls, p["verdict"], p["message"], results])
