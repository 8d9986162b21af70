"""The explorer's controls: every box, list and button of the control tabs, and the scenario
they describe."""

from __future__ import annotations

import datetime as dt
import html

import ipywidgets as W

from ...errors import ViabilidadeError
from ...rules.settings import CHOICES, Settings
from ..files import boundary_geometry
from ..numbers import NumberText
from ..projection import date_of_year, Projection, store_count, year_fraction
from ..save import DROP_OVERRIDES_CONTROL, resolve_target
from ..scenario import AREA, FigureOverride, Scenario
from ..views import municipality_options, unit_name, unit_options
from .labels import (ControlError, FLOAT_THRESHOLDS, INT_THRESHOLDS, OPERATION_READINGS,
                     OVERRIDE_LABELS, RED, SETTING_LABELS, UPLOAD_ACCEPT)


STYLE = {"description_width": "initial"}
#: The Limiares boxes: labels in a column wide enough for the longest (about 30 em), the
#: box beside it 12 em wide (a value such as 0,0001 or 1.000.000 reads whole).
THRESHOLD_STYLE = {"description_width": "30em"}
THRESHOLD_WIDTH = "42em"

ROW = W.Layout(width="auto")


class ControlsPanel:
    """The controls of the six tabs (Área, Leituras, Limiares, E se…, Salvar, Cenários): built,
    set from a scenario, and read back into one (:meth:`scenario_from_controls`).

    A mixin of :class:`~viabilidade.explore.widgets.Explorer`: it reads and sets the
    explorer's state (``scenario``, ``controls``, ``panes``, ``_quiet`` …).
    """

    def _build_controls(self) -> None:
        c = self.controls
        units = unit_options(self.store)
        c["unit"] = W.Dropdown(options=units, value=None, description="Unidade", style=STYLE,
                               layout=W.Layout(width="40em", max_width="100%"))
        c["origin"] = W.Dropdown(options=[("— escolha —", None)] + municipality_options(self.store),
                                 value=None, description="Município de origem", style=STYLE,
                                 layout=W.Layout(width="40em", max_width="100%"))
        c["edit_unit"] = W.Dropdown(options=units, value=None, description="Unidade a somar ou retirar",
                                    style=STYLE, layout=W.Layout(width="40em", max_width="100%"))
        c["add"] = W.Button(description="Somar à área", icon="plus", layout=ROW)
        c["remove"] = W.Button(description="Retirar da área", icon="minus", layout=ROW)
        c["click_mode"] = W.ToggleButtons(
            options=[("soma ou retira da área", "toggle"), ("escolhe a unidade", "pick")],
            value="toggle", description="Clique no mapa", style={**STYLE, "button_width": "auto"})
        c["unit"].observe(lambda ch: self._quiet or self._unit_picked(ch["new"]), names="value")
        c["origin"].observe(lambda ch: self._quiet or self._origin_picked(ch["new"]), names="value")
        c["add"].on_click(lambda _: self._edit("add", c["edit_unit"].value))
        c["remove"].on_click(lambda _: self._edit("remove", c["edit_unit"].value))
        c["seat"] = W.Dropdown(options=[], description="Sede proposta", style=STYLE,
                               layout=W.Layout(width="40em", max_width="100%"))
        c["name"] = W.Text(description="Nome do novo município", style=STYLE,
                           layout=W.Layout(width="40em", max_width="100%"), continuous_update=False)
        c["boundary"] = W.Text(description="Arquivo de limites da área", style=STYLE,
                               layout=W.Layout(width="44em", max_width="100%"),
                               placeholder="KML, KMZ, GeoJSON, GeoPackage ou Shapefile zipado (opcional)",
                               continuous_update=False)
        c["use_drawing"] = W.Button(description="Usar o polígono desenhado como limite da área",
                                    icon="draw-polygon", layout=ROW)
        c["use_drawing"].on_click(lambda _: self.use_drawing())
        c["clip"] = W.Checkbox(description="Recortar pelo município de origem", indent=False,
                               layout=ROW)
        c["clip"].observe(self._clip_switched, names="value")
        c["clear_boundary"] = W.Button(description="Tirar os limites", layout=ROW)
        c["clear_boundary"].on_click(lambda _: self.clear_boundary())
        for key, allowed in CHOICES.items():
            c[key] = W.Dropdown(options=[(text, value) for value, text in allowed.items()],
                                description=SETTING_LABELS[key], style=STYLE,
                                layout=W.Layout(width="58em", max_width="100%"))
        for key, label in INT_THRESHOLDS.items():
            c[key] = NumberText(integer=True, description=label, style=THRESHOLD_STYLE,
                                layout=W.Layout(width=THRESHOLD_WIDTH, max_width="100%"))
        for key, label in FLOAT_THRESHOLDS.items():
            c[key] = NumberText(description=label, style=THRESHOLD_STYLE,
                                layout=W.Layout(width=THRESHOLD_WIDTH, max_width="100%"))
        c["special_interest"] = W.Checkbox(description="Interesse especial declarado (reduz os requisitos "
                                           "a 2/3, art. 4º)", indent=False, layout=ROW)
        c["special_interest_kind"] = W.Dropdown(
            options=[("ecológico", "ecological"), ("turístico", "tourism"), ("econômico", "economic")],
            description="Tipo de interesse especial", style=STYLE)
        c["special_interest_justification"] = W.Textarea(
            description="Justificativa do interesse especial", style=STYLE,
            layout=W.Layout(width="44em", max_width="100%"), continuous_update=False)
        # 0 stands for "the study's default" (a None option shows as a blank box in the browser).
        c["creation_year"] = W.Dropdown(options=[("padrão do estudo", 0)] +
                                        [(str(y), y) for y in range(1990, 2061)],
                                        description="Ano de criação", style=STYLE)
        for q, label in OVERRIDE_LABELS.items():
            c[f"{q}_on"] = W.Checkbox(description=f"{label}: e se fosse", indent=False, layout=ROW)
            c[f"{q}_value"] = NumberText(integer=True, description="", layout=W.Layout(width="9em"))
            c[f"{q}_value"].observe(lambda _, q=q: self._typed_what_if(q), names="value")
        # "" stands for "no projection" (a None option shows as a blank box in the browser).
        c["projection"] = W.Dropdown(options=[("sem projeção", ""), ("população", "population"),
                                              ("eleitorado", "electors")],
                                     description="Projeção", style=STYLE)
        c["projection_year"] = W.Dropdown(options=list(range(2023, 2061)), value=2027,
                                          description="para 1º de julho de", style=STYLE)
        c["rate_mode"] = W.ToggleButtons(options=[("taxa informada", "rate"), ("duas contagens", "counts")],
                                         description="Taxa de crescimento",
                                         style={**STYLE, "button_width": "auto"})
        c["rate_pct"] = NumberText(1.0, description="taxa % a.a.", style=STYLE)
        c["rate_unc_pct"] = NumberText(0.5, description="± p.p. a.a.", style=STYLE)
        for k, label in (("count0", "contagem anterior"), ("count1", "contagem posterior")):
            c[k] = NumberText(integer=True, description=label, style=STYLE)
        c["date0"] = W.DatePicker(value=dt.date(2022, 10, 2), description="data", style=STYLE)
        c["date1"] = W.DatePicker(value=dt.date(2026, 1, 1), description="data", style=STYLE)
        c["prefill"] = W.Button(description="Usar a contagem de 2022 da origem", layout=ROW)
        c["prefill"].on_click(lambda _: self.prefill_counts())
        # The typed texts reach the kernel whole, on Enter, Tab or a click elsewhere: sent at
        # every key, a button clicked while the kernel was busy could act on the first letters
        # (ipywidgets holds back a widget's later updates until the kernel answers, not the
        # button's click): a scenario kept as «P» for «Posse (KML)», seen in Chromium.
        c["save_path"] = W.Text(description="Salvar em", style=STYLE, layout=W.Layout(width="58em"),
                                placeholder="arquivo .toml ou pasta (relativo à pasta do projeto)",
                                continuous_update=False)
        c["drop_overrides"] = W.Checkbox(description=DROP_OVERRIDES_CONTROL, indent=False, layout=ROW)
        c["overwrite"] = W.Checkbox(description="substituir arquivo existente", indent=False, layout=ROW)
        c["save"] = W.Button(description="Salvar candidato (.toml)", icon="save", button_style="primary",
                             layout=ROW)
        c["save"].on_click(lambda _: self.save())
        self._build_file_and_scenario_controls()
        for key, w in c.items():
            if not isinstance(w, W.Button) and key not in (
                    "unit", "origin", "edit_unit", "save_path", "drop_overrides", "overwrite",
                    "click_mode", "upload", "upload_role", "scenario_name", "kept", "rename_to",
                    "clip"):
                w.observe(self._changed, names="value")

    def _build_file_and_scenario_controls(self) -> None:
        """Undo/redo, upload, downloads, scenarios side by side, start clean."""
        c = self.controls
        c["undo"] = W.Button(description="Desfazer", icon="undo", disabled=True, layout=ROW,
                             tooltip="Desfazer a última mudança da área")
        c["redo"] = W.Button(description="Refazer", icon="redo", disabled=True, layout=ROW,
                             tooltip="Refazer a mudança da área desfeita")
        c["undo"].on_click(lambda _: self.undo())
        c["redo"].on_click(lambda _: self.redo())
        c["upload_role"] = W.ToggleButtons(
            options=[("limites da área", "boundary"), ("perímetro urbano da origem", "urban_perimeter")],
            value="boundary", description="O arquivo enviado é", style={**STYLE, "button_width": "auto"})
        c["upload"] = W.FileUpload(accept=UPLOAD_ACCEPT, multiple=False,
                                   description="Enviar arquivo de limites", layout=ROW)
        c["upload"].observe(self._uploaded, names="value")
        c["save_path"].observe(lambda _: self._quiet or self._persist(), names="value")
        c["clear_perimeter"] = W.Button(description="Tirar o perímetro urbano", layout=ROW)
        c["clear_perimeter"].on_click(lambda _: self.set_urban_perimeter(None))
        c["prepare"] = W.Button(description="Preparar arquivos para baixar", icon="download", layout=ROW)
        c["prepare"].on_click(lambda _: self.prepare_downloads())
        # Sent whole when the box loses focus (a click on the button), never cut mid-typing.
        c["scenario_name"] = W.Text(value="Cenário 1", description="Nome do cenário", style=STYLE,
                                    layout=W.Layout(width="30em", max_width="100%"),
                                    continuous_update=False)
        c["keep"] = W.Button(description="Guardar cenário para comparar", icon="plus", layout=ROW)
        c["keep"].on_click(lambda _: self.keep())
        c["kept"] = W.Dropdown(options=[], description="Cenário guardado", style=STYLE,
                               layout=W.Layout(width="30em", max_width="100%"))
        c["open_kept"] = W.Button(description="Abrir no explorador", layout=ROW)
        c["open_kept"].on_click(lambda _: self.open_kept(c["kept"].value))
        c["drop_kept"] = W.Button(description="Retirar cenário", icon="minus", layout=ROW)
        c["drop_kept"].on_click(lambda _: self.drop_kept(c["kept"].value))
        c["rename_to"] = W.Text(description="Novo nome", style=STYLE,
                                layout=W.Layout(width="30em", max_width="100%"), continuous_update=False)
        c["rename_kept"] = W.Button(description="Renomear cenário", layout=ROW)
        c["rename_kept"].on_click(lambda _: self.rename_kept(c["kept"].value, c["rename_to"].value))
        c["start_clean"] = W.Button(description="Começar do zero", icon="refresh",
                                    layout=W.Layout(width="auto", align_self="flex-start"),
                                    tooltip="Apaga a sessão guardada e volta ao cenário inicial")
        c["start_clean"].on_click(lambda _: self.start_clean())

    def _load_scenario_into_controls(self) -> None:
        """Set every control from :attr:`scenario` without triggering updates."""
        s, c = self.scenario, self.controls
        self._quiet = True
        try:
            units = s.districts + s.municipalities
            # «Unidade» names the area when it is one unit, else nothing (several units, or a
            # polygon): picking any unit, the last one included, then starts over from it.
            c["unit"].value = units[0] if len(units) == 1 else None
            c["origin"].value = s.origins[0] if len(s.origins) == 1 else None
            # Districts bring their municipality as origin: nothing to pick, it is shown as text.
            follows = bool(s.districts) or len(s.origins) > 1
            c["origin"].disabled = follows
            c["origin"].layout.display = "none" if follows else None
            names = ", ".join(unit_name(self.store, o) for o in s.origins)
            self.panes["origins"].value = (
                f"<p style='margin:2px 0'>{'Municípios' if len(s.origins) > 1 else 'Município'} de "
                f"origem: <b>{html.escape(names)}</b> (segue os distritos da área)</p>" if follows else "")
            if c["edit_unit"].value is None and units:
                c["edit_unit"].value = units[0]
            c["name"].value = s.name
            self._seat_options(s)
            self._show_boundary(s.boundary)
            for key in CHOICES:
                c[key].value = getattr(s.settings, key)
                only = OPERATION_READINGS.get(key)
                c[key].layout.display = None if only in (None, s.operation) else "none"
            for key in [*INT_THRESHOLDS, *FLOAT_THRESHOLDS]:
                c[key].number = getattr(s.settings, key)
            c["special_interest"].value = s.special_interest
            if s.special_interest_kind:
                c["special_interest_kind"].value = s.special_interest_kind
            c["special_interest_justification"].value = s.special_interest_justification
            c["creation_year"].value = s.creation_year or 0
            # «Salvar em» follows the scenario's name, unless the user typed a file or folder.
            proposed = str(resolve_target(s.path, s, free=True))
            if c["save_path"].value.strip() in ("", self._proposed_save):
                c["save_path"].value = proposed
            self._proposed_save = proposed
        finally:
            self._quiet = False

    def _seat_options(self, s: Scenario) -> None:
        """The «Sede proposta» choices: the area's districts and municipalities, the districts
        inside its drawn boundary, and the current seat (set quietly)."""
        c = self.controls
        names = [str(n) for n in self.store.districts.set_index("cod_distrito")
                 .reindex(list(s.districts))["nome"].dropna()]
        names += [unit_name(self.store, m) for m in s.municipalities]
        names += self._districts_in_drawing(s)
        seat = s.seat or s.name
        options = list(dict.fromkeys(names + [seat]))
        if list(c["seat"].options) == options and c["seat"].value == seat:
            return
        quiet, self._quiet = self._quiet, True
        try:
            c["seat"].options = options
            c["seat"].value = seat
        finally:
            self._quiet = quiet

    def _districts_in_drawing(self, s: Scenario) -> list[str]:
        """Names of the origins' districts whose seat point (vila or municipal seat) lies in
        the area's drawn or file boundary: the seats a drawn area can propose."""
        drawn = boundary_geometry(s.boundary)
        if drawn is None:
            return []
        import shapely

        from ...geo.districts import district_points

        pts = district_points(self.store, list(s.origins))
        return [str(n) for n, g in zip(pts["nome"], pts.geometry)
                if drawn.covers(shapely.Point(g.x, g.y))]

    def _current_figures(self) -> None:
        """What-if boxes that are off show the area's current figure (the data's)."""
        if self._base is None:
            return
        area = self._base.profile.area
        self._quiet = True
        try:
            for q in OVERRIDE_LABELS:
                if not self.controls[f"{q}_on"].value:
                    fig = getattr(area, q)
                    self.controls[f"{q}_value"].number = None if fig is None else fig.value
        finally:
            self._quiet = False

    def _clear_what_ifs(self) -> None:
        self._quiet = True
        try:
            for q in OVERRIDE_LABELS:
                self.controls[f"{q}_on"].value = False
            self.controls["projection"].value = ""
        finally:
            self._quiet = False

    def _load_what_ifs(self, s: Scenario) -> None:
        """Set the «E se…» controls from a scenario's what-ifs and projection (quietly)."""
        c = self.controls
        self._quiet = True
        try:
            for q in OVERRIDE_LABELS:
                o = next((o for o in s.overrides if o.subject == AREA and o.quantity == q), None)
                c[f"{q}_on"].value = o is not None
                if o is not None:
                    c[f"{q}_value"].number = o.value
            p = s.projections[0] if s.projections else None
            c["projection"].value = "" if p is None else p.quantity
            if p is not None:
                c["projection_year"].value = p.to_year
                c["rate_mode"].value = "rate"
                c["rate_pct"].number = p.rate * 100
                c["rate_unc_pct"].number = p.rate_uncertainty * 100
        finally:
            self._quiet = False

    def _typed_what_if(self, quantity: str) -> None:
        """Typing a what-if value switches its box on (the value is meant to be used)."""
        if not self._quiet and not self.controls[f"{quantity}_on"].value:
            self._quiet = True
            try:
                self.controls[f"{quantity}_on"].value = True
            finally:
                self._quiet = False

    def _changed(self, _change=None) -> None:
        if not self._quiet:
            self.update()

    def _number(self, key: str):
        try:
            return self.controls[key].number
        except ValueError as e:
            raise ControlError(str(e), field=key) from None

    def scenario_from_controls(self) -> Scenario:
        """The scenario the controls describe (area and origins from :attr:`scenario`).

        Raises
        ------
        ViabilidadeError
            If a control holds an invalid value (:class:`ControlError` names the control;
            other errors name the candidate field, mapped to its control by
            :func:`control_message`).
        """
        c, s = self.controls, self.scenario
        values = {k: c[k].value for k in CHOICES}
        values.update({k: self._number(k) for k in [*INT_THRESHOLDS, *FLOAT_THRESHOLDS]})
        settings = Settings.from_dict({**s.settings.to_dict(), **values}, file="explorar")
        overrides = tuple(FigureOverride(AREA, q, self._number(f"{q}_value"))
                          for q in OVERRIDE_LABELS if c[f"{q}_on"].value)
        from ...common.plausibility import count_problem

        for o in overrides:   # a what-if is hypothetical, not impossible
            if count_problem(o.value):
                raise ControlError(count_problem(o.value), field=f"{o.quantity}_value")
        projections = ()
        if c["projection"].value:
            projections = (self._projection(c["projection"].value),)
        boundary = self._boundary_in_field()
        if boundary is not None and not boundary.is_file():
            raise ControlError(f"o arquivo {boundary} não existe; esperado um GeoJSON, GeoPackage ou "
                               "Shapefile zipado, ou deixe em branco", field="boundary")
        # One source of figures (coherence.one_source_problems): limits given in this control
        # replace the IBGE units of the area, which come back when the limits are taken off.
        # A unit added while limits are in use is refused by the study's own check.
        if boundary is not None and boundary != s.boundary:
            if s.districts or s.municipalities:
                self._units_replaced[boundary] = (s.districts, s.municipalities)
                s = s.replace(districts=(), municipalities=())
            elif s.boundary in self._units_replaced:    # one limits file for another
                self._units_replaced.setdefault(boundary, self._units_replaced[s.boundary])
        elif boundary is None and s.boundary is not None and not (s.districts or s.municipalities):
            districts, municipalities = self._units_replaced.get(s.boundary, ((), ()))
            s = s.replace(districts=districts, municipalities=municipalities)
        return s.replace(name=c["name"].value.strip() or s.name, seat=c["seat"].value or s.seat,
                         settings=settings, boundary=boundary,
                         creation_year=c["creation_year"].value or None,
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
            self.panes["message"].value = f'<p style="{RED}">{html.escape(str(e))}</p>'
            return
        slot = ("count0", "date0") if quantity == "electors" else ("count1", "date1")
        self._quiet = True
        try:
            c["rate_mode"].value = "counts"
            c[slot[0]].number, c[slot[1]].value = count, date_of_year(year)
        finally:
            self._quiet = False
        self.update()

    def _date(self, key: str) -> float:
        d = self.controls[key].value
        if d is None:
            raise ControlError("data vazia; escolha o dia da contagem", field=key)
        return year_fraction(d.isoformat())

    def _projection(self, quantity: str) -> Projection:
        c = self.controls
        unc = self._number("rate_unc_pct") / 100
        if c["rate_mode"].value == "rate":
            return Projection(quantity, c["projection_year"].value, self._number("rate_pct") / 100, unc)
        return Projection.from_counts(quantity, c["projection_year"].value, self._number("count0"),
                                      self._date("date0"), self._number("count1"), self._date("date1"),
                                      rate_uncertainty=unc)
