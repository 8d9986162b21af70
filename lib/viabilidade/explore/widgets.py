"""The explorer's ipywidgets UI: map and controls in; verdict, rule table, totals, margins out.

Thin on purpose: every control change rebuilds a :class:`~.scenario.Scenario` and runs
:func:`~.scenario.run_scenario`; the panes show its :class:`~viabilidade.profile.analysis.Analysis`.
Outputs are ``HTML`` and ``Image`` widgets (not ``Output`` capture), so a test can drive the
controls without a browser or kernel and read :attr:`Explorer.analysis`.

Everything the user reads is Portuguese: units by name, readings by what they mean, numbers
typed and shown the Brazilian way (:class:`~.numbers.NumberText`), and an invalid scenario
clears the results and names the control to fix.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import json
import re
import tempfile
from pathlib import Path

import ipywidgets as W

from ..errors import CandidateError, ViabilidadeError
from ..os_errors import os_reason
from ..profile.analysis import ProfileMemo
from ..report.writers import format as fmt
from ..report.boundary import drawn_findings
from ..report.conclusion import analysis_conclusion
from ..report.findings import attention_html, findings
from ..rules.settings import CHOICES, Settings
from .compare import Scenarios, comparison_frame, comparison_map
from .files import (area_geometry, area_geojson, area_kml, area_properties, download_link, map_png,
                    store_upload, upload_name)
from .history import AreaState, History
from .margins import margins, margins_chart
from .numbers import NumberText
from .projection import Projection, date_of_year, store_count, year_fraction
from .persist import (Session, drawing_file, is_drawing, read_session, remove_session,
                      session_text, write_session)
from .save import DROP_OVERRIDES_CONTROL, free_name, resolve_target, save_scenario, scenario_toml
from .scenario import (AREA, FigureOverride, Scenario, base_analysis, hypothetical_figures,
                       run_scenario, scenario_alternatives, totals)
from .state_map import detail_map
from .views import (area_text, figure_png, margins_frame, municipality_options, plain_table,
                    rule_label, styled_rules, totals_frame, unit_name, unit_options)

#: Integer thresholds of :class:`Settings` shown as number boxes, with Portuguese labels.
INT_THRESHOLDS = {"population": "Art. 4º, IV — população: mais de (habitantes)",
                  "electors": "Art. 4º, V — eleitorado: mais de (eleitores)",
                  "buildings": "Art. 4º, VI — edificações: no mínimo",
                  "gap_m": "Art. 4º, II — distância da sede de origem: no mínimo (m)",
                  "district_population": "Art. 17, II — distrito: mais de (habitantes)",
                  "district_buildings": "Art. 17, I — distrito: edificações, no mínimo"}
FLOAT_THRESHOLDS = {"revenue_share": "Art. 4º, VII — arrecadação: fração da receita estadual",
                    "sliver_tolerance_km2": "Fragmentos do remanescente ignorados até (km²)"}
#: The law's readings, by what each decides (the reading codes stay out of sight).
SETTING_LABELS = {"reduction_items": "Itens reduzidos pelo interesse especial",
                  "reduction": "Sentido da redução de 2/3",
                  "perimeter": "Perímetro urbano (art. 4º, II)",
                  "origin_reduction": "Remanescente de interesse especial",
                  "quorum": "Quórum do plebiscito",
                  "prevailing_legislation": "Legislação que prevalece (fusão)",
                  "plebiscite_roll": "Eleitorado do plebiscito",
                  "population_vintage": "População do Censo 2022"}
#: Reading codes of :func:`viabilidade.operations.verdict_under_alternatives` descriptions, in words.
READING_WORDS = {"I-1": SETTING_LABELS["reduction_items"], "I-1b": SETTING_LABELS["reduction"],
                 "I-2": "Interesse especial", "I-4": SETTING_LABELS["perimeter"],
                 "I-5": "Fragmentos do remanescente", "I-7": SETTING_LABELS["origin_reduction"],
                 "I-8": SETTING_LABELS["quorum"], "I-9": SETTING_LABELS["prevailing_legislation"],
                 "I-10": SETTING_LABELS["plebiscite_roll"]}
OVERRIDE_LABELS = {"population": "População da área", "electors": "Eleitores da área",
                   "buildings": "Edificações da área"}
#: Titles of the result tabs (short enough for the tab bar: "Leituras alternativas" was cut).
RESULT_TABS = ("Regras", "Totais", "Margens", "Território", "Outras leituras")
#: Readings that only one operation has: their control is shown for it alone.
OPERATION_READINGS = {"prevailing_legislation": "fusion"}
#: Settings key of a reading code, for :data:`OPERATION_READINGS`.
READING_KEYS = {"I-9": "prevailing_legislation"}
#: Where each control sits: (label the user reads, tab).
CONTROL_PLACES = {
    "unit": ("Unidade", "Área"), "origin": ("Município de origem", "Área"),
    "edit_unit": ("Unidade a somar ou retirar", "Área"), "name": ("Nome do novo município", "Área"),
    "seat": ("Sede proposta", "Área"),
    "boundary": ("Arquivo de limites da área", "Área"), "creation_year": ("Ano de criação", "Área"),
    "special_interest": ("Interesse especial declarado", "Leituras"),
    "special_interest_kind": ("Tipo de interesse especial", "Leituras"),
    "special_interest_justification": ("Justificativa do interesse especial", "Leituras"),
    **{k: (v, "Leituras") for k, v in SETTING_LABELS.items()},
    **{k: (v, "Limiares") for k, v in {**INT_THRESHOLDS, **FLOAT_THRESHOLDS}.items()},
    **{f"{q}_value": (f"{v}: e se fosse", "E se…") for q, v in OVERRIDE_LABELS.items()},
    "projection": ("Projeção", "E se…"), "projection_year": ("Projeção para o ano", "E se…"),
    "rate_pct": ("Taxa % a.a.", "E se…"), "rate_unc_pct": ("± p.p. a.a.", "E se…"),
    "count0": ("Contagem anterior", "E se…"), "date0": ("Data da contagem anterior", "E se…"),
    "count1": ("Contagem posterior", "E se…"), "date1": ("Data da contagem posterior", "E se…"),
    "save_path": ("Salvar em", "Salvar"), "overrides": ("valores hipotéticos", "E se…"),
    "upload": ("Enviar arquivo de limites", "Área"), "scenario_name": ("Nome do cenário", "Cenários"),
}
#: The explorer's tabs of controls, in order.
CONTROL_TABS = ("Área", "Leituras", "Limiares", "E se…", "Salvar", "Cenários")
#: Extensions the upload accepts: the study's polygon formats (viabilidade.geo.area_file.FORMATS).
UPLOAD_ACCEPT = ".kml,.kmz,.geojson,.json,.gpkg,.zip"
#: Candidate fields (``CandidateError.field``) and the control that sets each.
FIELD_CONTROLS = {"special_interest.justification": "special_interest_justification",
                  "special_interest.kind": "special_interest_kind", "name": "name",
                  "creation_year": "creation_year", "area.boundary": "boundary",
                  "origin.municipalities": "origin", "area.districts": "unit",
                  "area.municipalities": "unit", "area": "edit_unit", "overrides": "overrides",
                  "scenario_name": "scenario_name",
                  **{f"settings.{k}": k for k in [*CHOICES, *INT_THRESHOLDS, *FLOAT_THRESHOLDS]}}
_STYLE = {"description_width": "initial"}
#: The Limiares boxes: labels in a column wide enough for the longest (about 30 em), the
#: box beside it 12 em wide (a value such as 0,0001 or 1.000.000 reads whole).
THRESHOLD_STYLE = {"description_width": "30em"}
THRESHOLD_WIDTH = "42em"
#: Width of the map beside the verdict: 540 px at least (the state fits at zoom 6,5 with a
#: margin), 48 % of the page up to 900 px.
MAP_WIDTH_PX = 540
MAP_WIDTH_CSS = f"clamp({MAP_WIDTH_PX}px, 48%, 900px)"
HINT_CLICK = ("No mapa: passe o mouse para ver o nome; clique num território de distrito da origem "
              "(tracejado), num município ou num ponto de distrito. "
              "Arraste para mover, role ou use + e − para aproximar.")
_ROW = W.Layout(width="auto")
_RED = "color:#b71c1c"
_LEADING_PLACE = re.compile(r"^[^:]*(?:campo|field) '[^']*': ")


#: What the busy pane shows while a change is computed (about 0,5 s for a new area;
#: benchmarks/explorer_latency.py) or a chart is drawn on opening its tab.
BUSY = '<p style="color:#e65100;margin:0"><b>calculando…</b></p>'


class ControlError(CandidateError):
    """A control holds a value the explorer cannot read; ``field`` is the control's key."""


#: Candidate-file keys as the explorer's user knows them (:func:`explorer_words`).
FILE_WORDS = {"area.districts": "os distritos da área",
              "area.municipalities": "os municípios inteiros da área",
              "area.boundary": "o polígono desenhado (ou arquivo de limites)",
              "origin.municipalities": "os municípios de origem"}
_KEY_IN_PARENS = re.compile(r" \((?:area|origin|destination)\.[\w.\[\]]*(?: = [^)]*)?\)")
_CODE_THEN_NAME = re.compile(r"\b\d{7}(?:\d{2})? \(([^()]+)\)")
_NAME_THEN_CODE = re.compile(r" \(\d{7}(?:\d{2})?(?:, ([^()]+))?\)")
_CONTRACTIONS = ((" em os ", " nos "), (" em o ", " no "), (" de os ", " dos "), (" de o ", " do "))
#: Advice written for the candidate file, as the explorer's user follows it (before the keys
#: are put in words): which list a unit goes in is the explorer's business, and a second
#: source of the area is taken off with a button, not deleted from a file.
_FILE_ADVICE = ((" em area.districts, ou só municípios inteiros em area.municipalities",
                 ", ou só municípios inteiros"),
                ("mantenha area.boundary (a área desenhada; ",
                 "mantenha o polígono desenhado ou o arquivo de limites ("),
                (", e apague a outra", " («Tirar os limites», na aba Área, volta às unidades)"))


def explorer_words(text: str) -> str:
    """A message of the study (written for the candidate file) in the explorer's words:
    units by name, not code (``"5200100 (Abadiânia)"`` and ``"Santa Rosa (520800410)"`` ->
    the name), and file keys by what they are (``area.districts`` -> "os distritos da área";
    a key in parentheses is dropped)."""
    for a, b in _FILE_ADVICE:
        text = text.replace(a, b)
    text = _KEY_IN_PARENS.sub("", text)
    text = _CODE_THEN_NAME.sub(r"\1", text)
    text = _NAME_THEN_CODE.sub(lambda m: f" ({m.group(1)})" if m.group(1) else "", text)
    for key, words in FILE_WORDS.items():
        text = text.replace(key, words)
    for a, b in _CONTRACTIONS:
        text = text.replace(a, b)
    return text


def _reason(e: ViabilidadeError) -> str:
    """The message without its leading "file, field 'x': " (the explorer names the control),
    in the explorer's words (:func:`explorer_words`)."""
    if not getattr(e, "field", None):
        return explorer_words(str(e))
    message = getattr(e, "message", None)
    return explorer_words(message if isinstance(message, str)
                          else _LEADING_PLACE.sub("", str(e), count=1))


def _control_message(e: ViabilidadeError) -> str:
    field = getattr(e, "field", None)
    key = (field if isinstance(e, ControlError)
           else FIELD_CONTROLS.get(re.sub(r"\[\d+\]$", "", field or "")))
    if key in CONTROL_PLACES:
        label, tab = CONTROL_PLACES[key]
        return f"«{label}» (aba {tab}): {_reason(e)}"
    return _reason(e)


def control_message(e: ViabilidadeError) -> str:
    """Portuguese: which control (and on which tab) holds each problem, and why.

    A candidate field with a list index (``area.districts[0]``) names the control of the list;
    an error holding several problems (:meth:`CandidateError.collect`) gives one sentence per
    problem, joined by ``" · "``.
    """
    problems = getattr(e, "problems", None) or [e]
    return " · ".join(_control_message(p) for p in problems)


def drawn_words(message: str, file_name: str) -> str:
    """A message about the limits file, said of the polygon drawn on the map (the user never
    chose a file): ``"«Arquivo de limites da área» (aba Área): uva-3b40421b.geojson: 21,9 % …"``
    -> ``"Polígono desenhado: 21,9 % …"``; a polygon spilling out of the origin points to
    «Recortar pelo município de origem»."""
    label = CONTROL_PLACES["boundary"][0]
    message = message.replace(f"«{label}» (aba Área): ", "Polígono desenhado: ")
    message = message.replace(f"{file_name}: ", "").replace(file_name, "o polígono desenhado")
    if "fica fora dos municípios de origem" in message:
        message += ("; marque «Recortar pelo município de origem» (aba Área) ou redesenhe o "
                    "polígono dentro dele")
    return message


#: What the user used to add or remove a unit, as the refusal names it.
EDIT_CONTROLS = {("add", "button"): "«Somar à área» (aba Área)",
                 ("remove", "button"): "«Retirar da área» (aba Área)"}


def refusal_message(e: ViabilidadeError, unit: str, action: str, via: str) -> str:
    """HTML: a unit edit refused, with the reason, naming the control used (the map or a
    button), and that the area and the last result stay as they were.

    ``via="map"``: ``"Clique no mapa recusado — somar Cabeceiras à área: o município de origem
    … A área e o último resultado continuam os anteriores."``
    """
    problems = getattr(e, "problems", None) or [e]
    reason = " · ".join(_reason(p).rstrip(".") for p in problems)
    verb = f"somar {unit} à área" if action == "add" else f"retirar {unit} da área"
    used = "Clique no mapa" if via == "map" else EDIT_CONTROLS[(action, via)]
    return (f'<p style="{_RED}"><b>{html.escape(used)} recusado</b> — {html.escape(verb)}: '
            f"{html.escape(reason)}. A área e o último resultado continuam os anteriores.</p>")


#: How a rule's reason points to the candidate file for what only the file holds.
_IN_THE_FILE = ("arquivo da candidatura", "arquivo do candidato")


def file_only_note(results) -> str:
    """HTML: where to give what the explorer has no control for (the representation of
    art. 2º, the documents of art. 4º, I and VI …), when some undecided rule asks for it "no
    arquivo da candidatura": in the saved file. ``""`` when none does."""
    rules = [rule_label(r.rule_id) for r in results if str(r.status) == "indeterminate"
             and any(w in r.reason for w in _IN_THE_FILE)]
    if not rules:
        return ""
    cited = "; ".join(dict.fromkeys(rules))
    return ("<p style='margin:4px 0;color:#424242'>O que as regras " + html.escape(cited)
            + " pedem “no arquivo da candidatura” (representação, documentos) não tem controle "
            "aqui: salve o cenário (aba Salvar) e informe-o no arquivo salvo, nas tabelas "
            "<code>[process]</code> e <code>[evidence]</code> (o guia, docs/GUIA.md, mostra "
            "como).</p>")


def _readings_in_words(text: str) -> str:
    m = re.match(r"^(I-\d+b?): (.*)$", text)
    if m and m.group(1) in READING_WORDS:
        return f"{READING_WORDS[m.group(1)]}: {m.group(2)}"
    return text


class Explorer:
    """Interactive exploration of one scenario.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    scenario : Scenario, optional
        Starting point; default: Posse d'Abadia (district 520010010 of Abadiânia).
    draw_map : bool
        Draw the interactive map and the territory map (about 1 s per area change); tests may
        switch it off.
    basemap : bool
        Put OpenStreetMap tiles under the map (on by default; needs internet, and without it
        the study's layers show alone; the map's legend box switches it off).
    state_file : Path, optional
        Where the session is kept across kernel restarts (:mod:`.persist`; the notebook passes
        :func:`.persist.default_state_file`). ``None``: nothing is written or restored.
    session_later : bool
        The session file comes later (:meth:`open_session`: the app's pre-heated kernels);
        the page shows the session's pane and «Começar do zero» from the start.

    Attributes
    ----------
    scenario : Scenario
        The scenario the controls describe.
    analysis : viabilidade.profile.analysis.Analysis or None
        Its evaluation; ``None`` while the controls describe an invalid scenario (the message
        pane says why, naming the control).
    controls : dict[str, ipywidgets.Widget]
        Every control by name (``"population_on"``, ``"population_value"``, ``"reduction"`` …).
    map : ScenarioMap or None
        The interactive map (:mod:`.leaflet_map`), when ``draw_map``.
    """

    def __init__(self, store, scenario: Scenario | None = None, *, draw_map: bool = True,
                 basemap: bool = True, state_file: str | Path | None = None,
                 session_later: bool = False):
        self.store = store
        self.scenario = scenario or Scenario.for_district(store, "520010010")
        #: The notebook's starting scenario («Começar do zero» comes back to it).
        self._start = self.scenario
        #: Undo/redo of area edits (:mod:`.history`) and the area last shown.
        self.history = History()
        self._area_seen = AreaState.of(self.scenario)
        self._restoring = False
        #: The scenarios kept side by side (:mod:`.compare`).
        self.scenarios = Scenarios()
        self.state_file = None if state_file is None else Path(state_file)
        #: Whether the page shows the session's pane and «Começar do zero» (a session file now,
        #: or one to come: :meth:`open_session`).
        self._keeps_session = state_file is not None or session_later
        self._state_text: str | None = None
        self._ready = False
        #: The «Salvar em» value the explorer proposed (replaced when the scenario changes).
        self._proposed_save = ""
        #: The uploaded file in use (its note stays while it is).
        self._upload_in_use: Path | None = None
        self.analysis = None
        self.error = ""
        self.draw_map = draw_map
        self._map_key = self._chart_key = self._base = None
        #: Territory facts and profiles built so far (a threshold change re-runs the rules only).
        self._memo = ProfileMemo()
        #: The result tabs (set by :meth:`widget`) and the images waiting for their tab to be
        #: opened (tab title -> drawing function): a chart is drawn when it can be seen.
        self._results_tab: W.Tab | None = None
        self._pending_images: dict = {}
        self._quiet = False
        self._drawn_boundary: Path | None = None
        #: What the drawn boundary in use was made of (drawing, clip, origins).
        self._drawn_key = None
        #: The IBGE units (districts, municipalities) each limits file replaced, by its path:
        #: they come back when the limits are taken off, also after an undo or redo.
        self._units_replaced: dict[Path, tuple] = {}
        #: Each drawn boundary file made so far: the polygon as drawn (before any clip) and
        #: whether it was clipped. An undo or redo that brings the file back puts the polygon
        #: back in the drawing tool and «Recortar pelo município de origem» as it was.
        self._drawings: dict[Path, tuple[dict, bool]] = {}
        #: True while a map click is handled: the map does not move under the user's mouse.
        self._map_click = False
        self.controls: dict[str, W.Widget] = {}
        self.panes = {k: W.HTML() for k in ("busy", "verdict", "message", "rules", "totals", "margins",
                                            "alternatives", "saved", "draw_note", "origins",
                                            "upload", "downloads", "scenarios", "comparison",
                                            "session", "link")}
        self.images = {"detail": W.Image(format="png", layout=W.Layout(max_width="560px")),
                       "margins_chart": W.Image(format="png", layout=W.Layout(max_width="1000px")),
                       "comparison_map": W.Image(format="png", layout=W.Layout(max_width="660px"))}
        for image in self.images.values():   # an empty image shows as a broken picture: hidden
            image.layout.display = "none"
            image.observe(lambda ch, image=image: setattr(image.layout, "display", None if ch["new"] else "none"),
                          names="value")
        self.map = None
        if draw_map:
            from .leaflet_map import ScenarioMap

            self.map = ScenarioMap(store, self.clicked, basemap=basemap,
                                   on_deleted=self.drawing_deleted, on_drawn=self.use_drawing)
        self._build_controls()
        # «Usar o polígono desenhado» only when there is a polygon to use.
        self.controls["use_drawing"].disabled = self.map is None or self.map.drawn is None
        if self.map is not None:
            self.map.on_drawn_state = lambda drawn: setattr(self.controls["use_drawing"], "disabled",
                                                            not drawn)
        self._open(self._read_session())

    def _open(self, session: Session | None) -> None:
        """Show :attr:`scenario` (restored from ``session`` when there is one) and start
        writing the session (:meth:`_persist`)."""
        self._load_scenario_into_controls()
        self._load_what_ifs(self.scenario)
        if session is not None and session.save_path:
            self.controls["save_path"].value = session.save_path
        if session is not None:
            self._map_key = ()          # a restored area is shown zoomed in, as after a change
        self._restoring = True          # the restored session is not an undo step
        try:
            self.update()
        finally:
            self._restoring = False
        if session is not None:
            self._restore_kept(session.kept)
        self._show_comparison()
        self._ready = True              # from here on every change is written to the state file
        self._persist()

    def open_session(self, state_file: str | Path, link: str | None = None) -> None:
        """Keep the session in ``state_file`` from now on, first restoring what it holds.

        For the app's pre-heated kernels (``voila.json``): the notebook builds the explorer
        before any page asked for it, and the page's own session (:func:`.persist.page_key`)
        is known only once it did. ``link`` is the page's session key: the session pane then
        shows the link that reopens it (``?sessao=<chave>``), and the page's URL takes it, so
        a reload comes back to the same session (the page's template reads
        ``data-sessao``).
        """
        self._ready = False
        self.state_file = Path(state_file)
        self._keeps_session = True
        if link is not None:
            key = html.escape(link)
            self.panes["link"].value = (
                f"<p style='margin:2px 0;color:#424242'>Link desta sessão (reabre a mesma área, "
                f"leituras e limiares neste servidor): <a href='?sessao={key}' data-sessao='{key}'>"
                f"?sessao={key}</a></p>")
        session = self._read_session()
        if session is None:
            self._ready = True
            self._persist()
            return
        self._open(session)

    # ---------------------------------------------------------------- controls
    def _build_controls(self) -> None:
        c = self.controls
        units = unit_options(self.store)
        c["unit"] = W.Dropdown(options=units, value=None, description="Unidade", style=_STYLE,
                               layout=W.Layout(width="40em", max_width="100%"))
        c["origin"] = W.Dropdown(options=[("— escolha —", None)] + municipality_options(self.store),
                                 value=None, description="Município de origem", style=_STYLE,
                                 layout=W.Layout(width="40em", max_width="100%"))
        c["edit_unit"] = W.Dropdown(options=units, value=None, description="Unidade a somar ou retirar",
                                    style=_STYLE, layout=W.Layout(width="40em", max_width="100%"))
        c["add"] = W.Button(description="Somar à área", icon="plus", layout=_ROW)
        c["remove"] = W.Button(description="Retirar da área", icon="minus", layout=_ROW)
        c["click_mode"] = W.ToggleButtons(
            options=[("soma ou retira da área", "toggle"), ("escolhe a unidade", "pick")],
            value="toggle", description="Clique no mapa", style={**_STYLE, "button_width": "auto"})
        c["unit"].observe(lambda ch: self._quiet or self._unit_picked(ch["new"]), names="value")
        c["origin"].observe(lambda ch: self._quiet or self._origin_picked(ch["new"]), names="value")
        c["add"].on_click(lambda _: self._edit("add", c["edit_unit"].value))
        c["remove"].on_click(lambda _: self._edit("remove", c["edit_unit"].value))
        c["seat"] = W.Dropdown(options=[], description="Sede proposta", style=_STYLE,
                               layout=W.Layout(width="40em", max_width="100%"))
        c["name"] = W.Text(description="Nome do novo município", style=_STYLE,
                           layout=W.Layout(width="40em", max_width="100%"), continuous_update=False)
        c["boundary"] = W.Text(description="Arquivo de limites da área", style=_STYLE,
                               layout=W.Layout(width="44em", max_width="100%"),
                               placeholder="KML, KMZ, GeoJSON, GeoPackage ou Shapefile zipado (opcional)",
                               continuous_update=False)
        c["use_drawing"] = W.Button(description="Usar o polígono desenhado como limite da área",
                                    icon="draw-polygon", layout=_ROW)
        c["use_drawing"].on_click(lambda _: self.use_drawing())
        c["clip"] = W.Checkbox(description="Recortar pelo município de origem", indent=False,
                               layout=_ROW)
        c["clip"].observe(self._clip_switched, names="value")
        c["clear_boundary"] = W.Button(description="Tirar os limites", layout=_ROW)
        c["clear_boundary"].on_click(lambda _: self.clear_boundary())
        for key, allowed in CHOICES.items():
            c[key] = W.Dropdown(options=[(text, value) for value, text in allowed.items()],
                                description=SETTING_LABELS[key], style=_STYLE,
                                layout=W.Layout(width="58em", max_width="100%"))
        for key, label in INT_THRESHOLDS.items():
            c[key] = NumberText(integer=True, description=label, style=THRESHOLD_STYLE,
                                layout=W.Layout(width=THRESHOLD_WIDTH, max_width="100%"))
        for key, label in FLOAT_THRESHOLDS.items():
            c[key] = NumberText(description=label, style=THRESHOLD_STYLE,
                                layout=W.Layout(width=THRESHOLD_WIDTH, max_width="100%"))
        c["special_interest"] = W.Checkbox(description="Interesse especial declarado (reduz os requisitos "
                                           "a 2/3, art. 4º)", indent=False, layout=_ROW)
        c["special_interest_kind"] = W.Dropdown(
            options=[("ecológico", "ecological"), ("turístico", "tourism"), ("econômico", "economic")],
            description="Tipo de interesse especial", style=_STYLE)
        c["special_interest_justification"] = W.Textarea(
            description="Justificativa do interesse especial", style=_STYLE,
            layout=W.Layout(width="44em", max_width="100%"), continuous_update=False)
        # 0 stands for "the study's default" (a None option shows as a blank box in the browser).
        c["creation_year"] = W.Dropdown(options=[("padrão do estudo", 0)] +
                                        [(str(y), y) for y in range(1990, 2061)],
                                        description="Ano de criação", style=_STYLE)
        for q, label in OVERRIDE_LABELS.items():
            c[f"{q}_on"] = W.Checkbox(description=f"{label}: e se fosse", indent=False, layout=_ROW)
            c[f"{q}_value"] = NumberText(integer=True, description="", layout=W.Layout(width="9em"))
            c[f"{q}_value"].observe(lambda _, q=q: self._typed_what_if(q), names="value")
        # "" stands for "no projection" (a None option shows as a blank box in the browser).
        c["projection"] = W.Dropdown(options=[("sem projeção", ""), ("população", "population"),
                                              ("eleitorado", "electors")],
                                     description="Projeção", style=_STYLE)
        c["projection_year"] = W.Dropdown(options=list(range(2023, 2061)), value=2027,
                                          description="para 1º de julho de", style=_STYLE)
        c["rate_mode"] = W.ToggleButtons(options=[("taxa informada", "rate"), ("duas contagens", "counts")],
                                         description="Taxa de crescimento",
                                         style={**_STYLE, "button_width": "auto"})
        c["rate_pct"] = NumberText(1.0, description="taxa % a.a.", style=_STYLE)
        c["rate_unc_pct"] = NumberText(0.5, description="± p.p. a.a.", style=_STYLE)
        for k, label in (("count0", "contagem anterior"), ("count1", "contagem posterior")):
            c[k] = NumberText(integer=True, description=label, style=_STYLE)
        c["date0"] = W.DatePicker(value=dt.date(2022, 10, 2), description="data", style=_STYLE)
        c["date1"] = W.DatePicker(value=dt.date(2026, 1, 1), description="data", style=_STYLE)
        c["prefill"] = W.Button(description="Usar a contagem de 2022 da origem", layout=_ROW)
        c["prefill"].on_click(lambda _: self.prefill_counts())
        # The typed texts reach the kernel whole, on Enter, Tab or a click elsewhere: sent at
        # every key, a button clicked while the kernel was busy could act on the first letters
        # (ipywidgets holds back a widget's later updates until the kernel answers, not the
        # button's click): a scenario kept as «P» for «Posse (KML)», seen in Chromium.
        c["save_path"] = W.Text(description="Salvar em", style=_STYLE, layout=W.Layout(width="58em"),
                                placeholder="arquivo .toml ou pasta (relativo à pasta do projeto)",
                                continuous_update=False)
        c["drop_overrides"] = W.Checkbox(description=DROP_OVERRIDES_CONTROL, indent=False, layout=_ROW)
        c["overwrite"] = W.Checkbox(description="substituir arquivo existente", indent=False, layout=_ROW)
        c["save"] = W.Button(description="Salvar candidato (.toml)", icon="save", button_style="primary",
                             layout=_ROW)
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
        c["undo"] = W.Button(description="Desfazer", icon="undo", disabled=True, layout=_ROW,
                             tooltip="Desfazer a última mudança da área")
        c["redo"] = W.Button(description="Refazer", icon="redo", disabled=True, layout=_ROW,
                             tooltip="Refazer a mudança da área desfeita")
        c["undo"].on_click(lambda _: self.undo())
        c["redo"].on_click(lambda _: self.redo())
        c["upload_role"] = W.ToggleButtons(
            options=[("limites da área", "boundary"), ("perímetro urbano da origem", "urban_perimeter")],
            value="boundary", description="O arquivo enviado é", style={**_STYLE, "button_width": "auto"})
        c["upload"] = W.FileUpload(accept=UPLOAD_ACCEPT, multiple=False,
                                   description="Enviar arquivo de limites", layout=_ROW)
        c["upload"].observe(self._uploaded, names="value")
        c["save_path"].observe(lambda _: self._quiet or self._persist(), names="value")
        c["clear_perimeter"] = W.Button(description="Tirar o perímetro urbano", layout=_ROW)
        c["clear_perimeter"].on_click(lambda _: self.set_urban_perimeter(None))
        c["prepare"] = W.Button(description="Preparar arquivos para baixar", icon="download", layout=_ROW)
        c["prepare"].on_click(lambda _: self.prepare_downloads())
        # Sent whole when the box loses focus (a click on the button), never cut mid-typing.
        c["scenario_name"] = W.Text(value="Cenário 1", description="Nome do cenário", style=_STYLE,
                                    layout=W.Layout(width="30em", max_width="100%"),
                                    continuous_update=False)
        c["keep"] = W.Button(description="Guardar cenário para comparar", icon="plus", layout=_ROW)
        c["keep"].on_click(lambda _: self.keep())
        c["kept"] = W.Dropdown(options=[], description="Cenário guardado", style=_STYLE,
                               layout=W.Layout(width="30em", max_width="100%"))
        c["open_kept"] = W.Button(description="Abrir no explorador", layout=_ROW)
        c["open_kept"].on_click(lambda _: self.open_kept(c["kept"].value))
        c["drop_kept"] = W.Button(description="Retirar cenário", icon="minus", layout=_ROW)
        c["drop_kept"].on_click(lambda _: self.drop_kept(c["kept"].value))
        c["rename_to"] = W.Text(description="Novo nome", style=_STYLE,
                                layout=W.Layout(width="30em", max_width="100%"), continuous_update=False)
        c["rename_kept"] = W.Button(description="Renomear cenário", layout=_ROW)
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
            c["boundary"].value = "" if s.boundary is None else str(s.boundary)
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
        drawn = _boundary_geometry(s.boundary)
        if drawn is None:
            return []
        import shapely

        from ..geo.districts import district_points

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

    # ------------------------------------------------------------------ actions
    def _busy(self, on: bool) -> None:
        self.panes["busy"].value = (BUSY if on else "")

    def _clear_what_ifs(self) -> None:
        self._quiet = True
        try:
            for q in OVERRIDE_LABELS:
                self.controls[f"{q}_on"].value = False
            self.controls["projection"].value = ""
        finally:
            self._quiet = False

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

    def _pick(self, make, code: str) -> None:
        """A unit picked (list or map): the scenario ``make`` gives, unless the law refuses it
        while the area before had a result; then the area before stays, with its result, the
        unit control and the map back on it, and the message says what was refused and why
        (as for a refused click or file; before, the refused unit stayed on screen with no
        result, and the map did not follow)."""
        before = (self.scenario, self.analysis, self.error, self._base)
        seen, self._restoring = self._area_seen, True      # recorded below, once kept
        try:
            self._set_scenario(make)
        finally:
            self._restoring = False
        if self.analysis is None and before[1] is not None and self.scenario != before[0]:
            reason = self.error
            self.scenario, self.analysis, self.error, self._base = before
            self._quiet = True
            try:
                self._load_scenario_into_controls()
            finally:
                self._quiet = False
            self._area_seen = seen
            self._map_key = ()                  # the map goes back to the area in use
            self._render()
            self.panes["message"].value = (
                f'<p style="{_RED}"><b>Escolha recusada</b> — {html.escape(unit_name(self.store, code))}: '
                f"{html.escape(reason)}. A área e o último resultado continuam os anteriores.</p>")
            return
        if self._area_seen != seen:
            self.history.record(seen, self._area_seen)
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo

    def _unit_picked(self, code: str | None) -> None:
        """A unit picked in the list (or by a click in "escolhe a unidade" mode).

        A district brings its municipality as origin. A whole municipality needs its origin
        (the municipality it left) picked by the user: the previous origin is never kept.
        """
        if code is None:
            return
        carried, note = self._carried()
        self._clear_what_ifs()
        self._quiet = True
        try:        # the previous scenario's unit is not offered to "Somar à área"
            self.controls["edit_unit"].value = None
        finally:
            self._quiet = False
        if len(code) == 9:
            self._pick(lambda: Scenario.for_district(self.store, code, **carried), code)
            self.panes["message"].value += note
            return
        self._quiet = True
        try:
            self.controls["origin"].value = None
            self.controls["origin"].disabled = False
            self.controls["origin"].layout.display = None
            self.panes["origins"].value = ""
        finally:
            self._quiet = False
        self._invalid(ControlError(
            f"{unit_name(self.store, code)} é um município inteiro: escolha de qual município ele "
            "saiu (o estudo o trata como a área que deixou a origem)", field="origin"))

    def _origin_picked(self, origin: str | None) -> None:
        code = self.controls["unit"].value
        if origin is None or code is None or len(code) != 7:
            return
        carried, note = self._carried()
        self._clear_what_ifs()
        self._pick(lambda: Scenario.for_municipality(self.store, code, origin, **carried), code)
        self.panes["message"].value += note

    def _carried(self) -> tuple[dict, str]:
        """What a newly picked unit keeps of the scenario before it, and the note saying so.

        The readings, thresholds and year of creation are choices about the law, not the area:
        they are kept. The what-if values, the projection and the declared special interest
        belong to the area left: they are dropped, and the note (HTML, ``""`` when nothing was
        set) says which.
        """
        s, c = self.scenario, self.controls
        carried = {"settings": s.settings, "creation_year": s.creation_year}
        kept = []
        if s.settings_table():
            kept.append("as leituras e os limiares escolhidos (abas Leituras e Limiares)")
        if s.creation_year:
            kept.append(f"o ano de criação {s.creation_year}")
        dropped = []
        if any(c[f"{q}_on"].value for q in OVERRIDE_LABELS):
            dropped.append("os valores hipotéticos")
        if c["projection"].value:           # "" or None: no projection
            dropped.append("a projeção")
        if s.special_interest:
            dropped.append("o interesse especial declarado")
        said = ([f"Continua valendo: {'; '.join(kept)}"] if kept else []) + \
            ([f"Retirado por ser da área anterior: {'; '.join(dropped)}"] if dropped else [])
        note = (f"<p style='margin:2px 0;color:#424242'>Nova área. {html.escape('. '.join(said))}.</p>"
                if said else "")
        return carried, note

    def _edit(self, action: str, code: str | None, via: str = "button") -> None:
        """Add or remove one unit (``via`` ``"map"``: a click on the map; else the buttons).

        A change the study refuses (an area the law does not admit, an empty area) leaves the
        area, the controls and the last result as they were, and the message pane says why,
        naming what the user used: the map or the button.
        """
        if code is None:
            return
        before = (self.scenario, self.analysis, self.error, self._base)
        self._busy(True)
        try:
            try:
                if via == "map" and action == "add" and code in self.scenario.origins:
                    raise CandidateError(
                        f"{unit_name(self.store, code)} é o município de origem: a área sai dele "
                        "(arts. 2º e 4º, § 1º), não o leva inteiro; para somar um distrito dele, "
                        "clique no território ou no ponto do distrito", field="area")
                self.scenario = (self.scenario.add_unit(code, self.store) if action == "add"
                                 else self.scenario.remove_unit(code, self.store))
                self._load_scenario_into_controls()
                self._evaluate()
            except ViabilidadeError as e:
                self.scenario, self.analysis, self.error, self._base = before
                self._load_scenario_into_controls()
                self._render()
                self.panes["message"].value = (
                    refusal_message(e, unit_name(self.store, code), action, via)
                    + self.panes["message"].value)
                return
            self._render()
        finally:
            self._busy(False)

    def clicked(self, code: str) -> None:
        """A unit clicked on the map: added to or removed from the area, or picked as the unit.

        In ``"toggle"`` mode (default) a unit in the area leaves it and any other joins it; in
        ``"pick"`` mode it becomes the unit, as if picked in the list.
        """
        c = self.controls
        self._map_click = True
        try:
            if c["click_mode"].value == "pick":
                c["unit"].value = code            # observed: _unit_picked
                return
            self._quiet = True
            try:
                c["edit_unit"].value = code
            finally:
                self._quiet = False
            in_area = code in self.scenario.districts + self.scenario.municipalities
            self._edit("remove" if in_area else "add", code, via="map")
        finally:
            self._map_click = False

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

    def clear_boundary(self) -> None:
        """Take the limits off: the boundary control emptied, the drawing erased from the map
        (nothing orange stays that is not the area), the note of the drawing removed."""
        if self.map is not None:
            self.map.clear_drawing()
        self.panes["draw_note"].value = ""
        self.controls["boundary"].value = ""       # observed: update

    def drawing_deleted(self) -> None:
        """The drawn polygon was deleted with the map's trash tool: when it was the boundary in
        use, the limits come off as with «Tirar os limites» (the area's units come back)."""
        if self._drawing_in_use():
            self.clear_boundary()
        else:
            self.panes["draw_note"].value = ""

    def _drawing_in_use(self) -> bool:
        """Whether the «Arquivo de limites da área» control holds the drawn polygon's file."""
        return (self._drawn_boundary is not None
                and self.controls["boundary"].value.strip() == str(self._drawn_boundary))

    def use_drawing(self) -> Path | None:
        """Make the polygon drawn on the map the area's boundary (written to a GeoJSON file).

        Called as soon as a polygon is closed or edited on the map. With «Recortar pelo
        município de origem» checked, the polygon is clipped to the origin municipalities
        (:func:`~.leaflet_map.clip_to_origins`) and the note says how many km² were cut off.
        The file lives in a temporary folder (with a kept session, in the session's
        ``.explorar-desenhos/`` folder: :func:`.persist.drawing_file`) until the scenario is
        saved; :meth:`save` copies it beside the candidate.
        """
        s = self.scenario
        if self.map is None or self.map.drawn is None:
            self.panes["draw_note"].value = (f'<p style="{_RED}">Nenhum polígono desenhado: use o botão '
                                             "de polígono no canto superior esquerdo do mapa.</p>")
            return None
        key = (json.dumps(self.map.drawn, sort_keys=True), self.controls["clip"].value, s.origins)
        if key == self._drawn_key and self._drawing_in_use():
            return self._drawn_boundary      # already in use (closed, then the button): one step
        geometry, clip_note = None, ""
        if self.controls["clip"].value:
            from shapely.geometry import shape

            from .leaflet_map import clip_to_origins

            geometry, removed = clip_to_origins(shape(self.map.drawn), self.store, s.origins)
            towns = ", ".join(unit_name(self.store, o) for o in s.origins)
            if geometry.is_empty:
                self.panes["draw_note"].value = (
                    f'<p style="{_RED}">O polígono desenhado fica todo fora de {html.escape(towns)}: '
                    "recortado, nada sobraria. Desenhe dentro do município de origem ou desmarque "
                    "«Recortar pelo município de origem».</p>")
                return None
            clip_note = (f" Recortado pelo município de origem ({html.escape(towns)}): "
                         + (f"{fmt.number(removed, 2)} km² desenhados fora dele foram retirados."
                            if removed >= 0.005 else "nada ficava fora dele."))
        text = self.map.drawn_geojson(s.origins[0], s.name, geometry)
        if self.state_file is not None:     # kept with the session: found again after a reboot
            path = drawing_file(self.state_file, s.slug, text)
        else:
            from ..common.tempfiles import prefix   # swept once this kernel has ended

            path = Path(tempfile.mkdtemp(prefix=prefix("desenho"))) / f"{s.slug}.geojson"
            path.write_text(text, encoding="utf-8")
        self._drawn_boundary, self._drawn_key = path, key
        self._drawings[path] = (self.map.drawn, self.controls["clip"].value)
        self.panes["draw_note"].value = ("<p>Polígono desenhado em uso como limite da área, no lugar "
                                         "das unidades do IBGE (uma só fonte de números; «Tirar os "
                                         f"limites» as traz de volta).{clip_note}</p>")
        self.controls["boundary"].value = str(path)      # observed: update
        return path

    def _clip_switched(self, _change=None) -> None:
        """«Recortar pelo município de origem» changed: the drawing in use is used again."""
        if not self._quiet and self._drawing_in_use() and self.map is not None and self.map.drawn is not None:
            self.use_drawing()

    # ------------------------------------------------------- undo and redo
    def _record_area(self) -> None:
        """After any change: an area that differs from the one last shown is an undo step."""
        now = AreaState.of(self.scenario)
        if now != self._area_seen:
            if not self._restoring:
                self.history.record(self._area_seen, now)
            self._area_seen = now
            # The upload's note goes when its file is no longer in use (and a refusal's with it).
            if self._upload_in_use is None or self._upload_in_use not in (now.boundary, now.urban_perimeter):
                self.panes["upload"].value = ""
                self._upload_in_use = None
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo

    def undo(self) -> None:
        """«Desfazer»: the area before the last area edit (readings and what-ifs stay)."""
        self._go_to(self.history.undo(AreaState.of(self.scenario)))

    def redo(self) -> None:
        """«Refazer»: the area the last «Desfazer» left."""
        self._go_to(self.history.redo(AreaState.of(self.scenario)))

    def _go_to(self, state: AreaState | None) -> None:
        if state is None:
            return
        drawing = self._drawings.get(state.boundary) if state.boundary is not None else None
        if self.map is not None:
            if drawing is not None:       # the polygon back in the drawing tool: editable
                self.map.show_drawing(drawing[0])
                self._drawn_boundary = state.boundary
                self._drawn_key = (json.dumps(drawing[0], sort_keys=True), drawing[1], state.origins)
                self._quiet = True
                try:
                    self.controls["clip"].value = drawing[1]
                finally:
                    self._quiet = False
            elif state.boundary is None or state.boundary != self._drawn_boundary:
                self.map.clear_drawing()  # no drawing stays on the map that is not the area
        self._restoring = True
        try:
            self._set_scenario(lambda: state.apply(self.scenario))
        finally:
            self._restoring = False
        self._area_seen = AreaState.of(self.scenario)
        self._record_area()

    # ------------------------------------------------------------ files in
    def _save_folder(self) -> Path:
        """The folder «Salvar em» points to (where candidates, uploads and the session go)."""
        return resolve_target(self.controls["save_path"].value, self.scenario).parent

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            self.upload(f["name"], bytes(f["content"]), role=self.controls["upload_role"].value)
        finally:
            self.controls["upload"].value = ()     # the same file can be sent again

    def upload(self, name: str, content: bytes, role: str = "boundary") -> Path | None:
        """A file sent from the browser, read as the study reads it (:func:`.files.store_upload`).

        Stored in the save folder, beside the candidates; ``role`` ``"boundary"``: the area's
        limits (in place of the IBGE units, as a drawn polygon); ``"urban_perimeter"``: the
        origin's urban perimeter (art. 4 II). A refused file leaves everything as it was and
        the pane gives the study's message, naming the file.
        """
        label, tab = CONTROL_PLACES["upload"]
        shown = html.escape(upload_name(name))
        folder = self._save_folder()
        before = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
        try:
            path = store_upload(name, content, folder)
        except ViabilidadeError as e:
            self.panes["upload"].value = (f'<p style="{_RED}"><b>Arquivo recusado</b> — «{label}» (aba '
                                          f"{tab}): {html.escape(str(e))}. A área continua a anterior.</p>")
            return None
        except OSError as e:
            self.panes["upload"].value = (f'<p style="{_RED}"><b>Arquivo não guardado</b> — {shown}: '
                                          f"{html.escape(os_reason(e))}; a área continua a "
                                          "anterior.</p>")
            return None
        where = f"guardado em <code>{html.escape(str(path))}</code>, ao lado dos candidatos salvos"
        self._upload_in_use = path
        if role == "urban_perimeter":
            self.panes["upload"].value = (f"<p>Perímetro urbano da origem: {shown}, {where}; o art. 4º, II "
                                          "é medido a partir dele.</p>")
            self.set_urban_perimeter(path)
        else:
            self.panes["upload"].value = (f"<p>Limites da área: {shown}, {where}; em uso no lugar das "
                                          "unidades do IBGE («Tirar os limites» as traz de volta).</p>")
            used = self._try_boundary(path, shown)
            if used is None and path.name not in before:
                path.unlink(missing_ok=True)    # a refused area leaves nothing in the folder
            elif used is not None and self.map is not None and self.map.drawn is not None:
                # An older drawing left under the file's limits looked in use: it goes (an
                # undo back to it brings it back).
                self.map.clear_drawing()
            return used
        return path

    def _try_boundary(self, path: Path, shown: str) -> Path | None:
        """Use an uploaded limits file; when the study refuses the area it gives (outside the
        origin, say) and the area before had a result, the area before stays (as for a
        refused map click) and the upload pane says why."""
        before = (self.scenario, self.analysis, self.error, self._base)
        seen = self._area_seen
        self._restoring = True          # recorded below, once the area is kept
        try:
            self.controls["boundary"].value = str(path)        # observed: update
        finally:
            self._restoring = False
        if self.analysis is None and before[1] is not None and self.scenario.boundary == path:
            reason = self.error
            self.scenario, self.analysis, self.error, self._base = before
            self._load_scenario_into_controls()
            self._area_seen, self._upload_in_use = seen, None
            self._render()
            self.panes["upload"].value = (
                f'<p style="{_RED}"><b>Arquivo recusado</b> — {shown}: {html.escape(reason)}. '
                "A área continua a anterior; o arquivo não foi guardado.</p>")
            return None
        self.history.record(seen, self._area_seen)
        self.controls["undo"].disabled = not self.history.can_undo
        self.controls["redo"].disabled = not self.history.can_redo
        return path

    def set_urban_perimeter(self, path: Path | None) -> None:
        """Use (or, with ``None``, take off) an urban perimeter file of the origin."""
        if path is None and self.scenario.urban_perimeter is not None:
            self.panes["upload"].value = ""
        self.scenario = self.scenario.replace(urban_perimeter=path)
        self.update()

    # ----------------------------------------------------------- files out
    def prepare_downloads(self) -> dict[str, bytes]:
        """«Preparar arquivos para baixar»: the candidate TOML, the area as GeoJSON and KML, and
        the territory map as PNG, as links in the ``downloads`` pane (:mod:`.files`).

        A scenario with limits gets its limits file too, and the TOML refers to it by its
        name: keep both in one folder. Returns the files prepared (name -> bytes).
        """
        p, c, a, s = self.panes, self.controls, self.analysis, self.scenario
        if a is None:
            p["downloads"].value = (f'<p style="{_RED}">Nada a baixar: o cenário está inválido — '
                                    f"{html.escape(self.error)}</p>")
            return {}
        # The file just saved, while the scenario is the one saved: the downloads are that
        # study (its name and slug), not the next free name «Salvar em» now proposes.
        saved = getattr(self, "_last_saved", None)
        target = (saved[0] if saved is not None and saved[1] == s
                  else resolve_target(c["save_path"].value, s))
        stem, files, notes = target.stem, {}, []
        for key, path in (("boundary", s.boundary), ("urban_perimeter", s.urban_perimeter)):
            if path is not None:
                files[Path(path).name] = Path(path).read_bytes()
        toml_scenario = s.replace(**{k: target.parent / Path(v).name for k, v in
                                     (("boundary", s.boundary), ("urban_perimeter", s.urban_perimeter))
                                     if v is not None})
        try:
            files[f"{stem}.toml"] = scenario_toml(toml_scenario, target,
                                                  drop_overrides=c["drop_overrides"].value).encode("utf-8")
        except ViabilidadeError as e:
            notes.append(f"Sem o .toml: {control_message(e)}")
        try:
            geom, source = area_geometry(a.candidate, self.store)
            props = area_properties(stem, s.origins, self.store, geom)
            files[f"{stem}-area.geojson"] = area_geojson(geom, s.name, source, props)
            files[f"{stem}-area.kml"] = area_kml(geom, s.name, source, props)
            if source == "approximate":
                notes.append("A área é de distritos: o GeoJSON e o KML trazem o território aproximado "
                             "que o estudo desenha (não é limite legal).")
            elif source == "tracts":
                notes.append("A área é de distritos: o GeoJSON e o KML trazem o limite de cada distrito "
                             "segundo a malha de setores do IBGE 2022, como o estudo desenha.")
            files[f"{stem}-mapa.png"] = map_png(a.candidate, self.store)
        except ViabilidadeError as e:
            notes.append(f"Sem a área e o mapa: {explorer_words(str(e))}")
        links = "".join(f"<li>{download_link(n, b)}</li>" for n, b in files.items())
        beside = (" O .toml se refere ao arquivo de limites pelo nome: guarde-os na mesma pasta."
                  if s.boundary is not None or s.urban_perimeter is not None else "")
        p["downloads"].value = (f"<p>Arquivos prontos (clique para baixar).{beside}</p><ul>{links}</ul>"
                                + "".join(f"<p style='color:#e65100'>{html.escape(n)}</p>" for n in notes))
        return files

    # ---------------------------------------------------- scenarios side by side
    def keep(self, label: str | None = None) -> bool:
        """«Guardar cenário para comparar»: keep the scenario on screen under a name."""
        c = self.controls
        label = c["scenario_name"].value if label is None else label
        try:
            kept = self.scenarios.add(label, self.scenario, self.analysis)
        except ViabilidadeError as e:
            self.panes["scenarios"].value = f'<p style="{_RED}">{html.escape(control_message(e))}</p>'
            return False
        self.panes["scenarios"].value = f"<p>Cenário «{html.escape(kept.label)}» guardado.</p>"
        self._show_comparison(select=kept.label)
        self._persist()
        return True

    def drop_kept(self, label: str | None) -> None:
        """«Retirar cenário»."""
        self._kept_action(lambda: self.scenarios.remove(label),
                          f"Cenário «{label}» retirado da comparação.")

    def rename_kept(self, label: str | None, new: str) -> None:
        """«Renomear cenário»."""
        self._kept_action(lambda: self.scenarios.rename(label, new),
                          f"Cenário «{label}» renomeado para «{' '.join(str(new).split())}».",
                          select=" ".join(str(new).split()))
        self.controls["rename_to"].value = ""

    def _kept_action(self, action, done: str, select: str | None = None) -> None:
        if not self.scenarios.labels():
            self.panes["scenarios"].value = (f'<p style="{_RED}">Não há cenário guardado: guarde um '
                                             "com «Guardar cenário para comparar».</p>")
            return
        try:
            action()
        except ViabilidadeError as e:
            self.panes["scenarios"].value = f'<p style="{_RED}">{html.escape(control_message(e))}</p>'
            return
        self.panes["scenarios"].value = f"<p>{html.escape(done)}</p>"
        self._show_comparison(select=select)
        self._persist()

    def open_kept(self, label: str | None) -> None:
        """«Abrir no explorador»: a kept scenario back on screen (what-ifs included); the
        change of area can be undone."""
        if label not in self.scenarios.labels():
            return
        s = self.scenarios.get(label).scenario
        self._load_what_ifs(s)            # read back from the controls by the one update below
        self._set_scenario(lambda: s)
        # An earlier refusal ("já há 4 cenários …") is not left beside a later success.
        self.panes["scenarios"].value = f"<p>Cenário «{html.escape(label)}» aberto no explorador.</p>"

    def _restore_kept(self, kept) -> None:
        for label, s in kept:
            try:
                self.scenarios.add(label, s, run_scenario(s, self.store))
            except ViabilidadeError as e:
                self.panes["session"].value += (f'<p style="{_RED}">Cenário guardado «{html.escape(label)}» '
                                                f"não restaurado: {html.escape(control_message(e))}</p>")

    def _show_comparison(self, select: str | None = None) -> None:
        c, kept = self.controls, self.scenarios.kept
        c["kept"].options = self.scenarios.labels()
        c["kept"].value = select if select in self.scenarios.labels() else (
            self.scenarios.labels()[-1] if kept else None)
        c["scenario_name"].value = f"Cenário {len(kept) + 1}" if len(kept) < 4 else ""
        if not kept:
            self.panes["comparison"].value = ("<p style='color:#424242'>Nenhum cenário guardado: monte um "
                                              "cenário, dê-lhe um nome e clique em «Guardar cenário para "
                                              "comparar» (até quatro).</p>")
            self.images["comparison_map"].value = b""
            return
        self.panes["comparison"].value = plain_table(comparison_frame(kept, self.store)).to_html()
        try:
            self.images["comparison_map"].value = figure_png(comparison_map(kept, self.store), dpi=90)
        except ViabilidadeError as e:
            self.images["comparison_map"].value = b""
            self.panes["comparison"].value += f"<p>Mapa dos cenários indisponível: {html.escape(str(e))}</p>"

    # ------------------------------------------------------------- session
    def _read_session(self) -> Session | None:
        """The session of the state file, put in :attr:`scenario` (the pane says so)."""
        if self.state_file is None:
            return None
        clean = ("Para começar do zero, clique em «Começar do zero» (apaga a sessão guardada; os "
                 "candidatos salvos ficam).")
        try:
            session = read_session(self.state_file)
        except ViabilidadeError as e:
            self.panes["session"].value = f'<p style="{_RED}">{html.escape(str(e))}</p>'
            return None
        if session is None:
            return None
        self.scenario = session.scenario
        n = len(session.kept)
        kept = (f" e {n} cenário{'s' if n > 1 else ''} guardado{'s' if n > 1 else ''} para comparar"
                if n else "")
        self.panes["session"].value = (
            f"<p style='color:#1b5e20'>Sessão anterior restaurada: «{html.escape(session.scenario.name)}»"
            f"{kept} (de <code>{html.escape(str(self.state_file))}</code>). {clean}</p>")
        return session

    def _persist(self) -> None:
        """Write the session to :attr:`state_file` when it changed (atomic)."""
        if self.state_file is None or not self._ready:
            return
        text = session_text(Session(self.scenario, [(k.label, k.scenario) for k in self.scenarios.kept],
                                    self.controls["save_path"].value))
        if text == self._state_text:
            return
        try:
            write_session(self.state_file, text)
            self._state_text = text
        except OSError as e:
            self.panes["session"].value = (f'<p style="{_RED}">A sessão não pôde ser guardada em '
                                           f"{html.escape(str(self.state_file))} "
                                           f"({html.escape(os_reason(e))}).</p>")

    def start_clean(self) -> None:
        """«Começar do zero»: forget the saved session, the kept scenarios and the undo steps,
        and go back to the notebook's starting scenario (saved candidates are kept)."""
        if self.state_file is not None:
            remove_session(self.state_file)
        self._state_text = None
        self.scenarios = Scenarios()
        self.history.clear()
        self._clear_what_ifs()
        self._restoring = True
        try:
            self._set_scenario(lambda: self._start)
        finally:
            self._restoring = False
        self._area_seen = AreaState.of(self.scenario)
        self._record_area()
        self.panes["session"].value = "<p>Sessão nova: começando do cenário inicial.</p>"
        self._show_comparison()
        self._persist()

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

    # ------------------------------------------------------------ scenario
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
        from ..common.plausibility import count_problem

        for o in overrides:   # a what-if is hypothetical, not impossible
            if count_problem(o.value):
                raise ControlError(count_problem(o.value), field=f"{o.quantity}_value")
        projections = ()
        if c["projection"].value:
            projections = (self._projection(c["projection"].value),)
        boundary = Path(c["boundary"].value.strip()).expanduser() if c["boundary"].value.strip() else None
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
            self.panes["message"].value = f'<p style="{_RED}">{html.escape(str(e))}</p>'
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

    # -------------------------------------------------------------- panes
    def _render(self) -> None:
        self._record_area()
        self._show()
        self._persist()

    def _show(self) -> None:
        p, a, s = self.panes, self.analysis, self.scenario
        if a is None:
            p["verdict"].value = "<h3>Sem resultado: o cenário está incompleto ou inválido</h3>"
            p["message"].value = f'<p style="{_RED}"><b>Corrija:</b> {html.escape(self.error)}</p>'
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
            f"<li>{html.escape(_readings_in_words(d))}: <b>{fmt.verdict_label(v)}</b>"
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
        self.map.show(s, _boundary_geometry(s.boundary),
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
        """Draw an image of the result tab ``tab`` now if that tab is open (or the explorer has
        no layout yet: :meth:`widget` not called), else when it is opened: the conclusion and
        the tables are not kept waiting for a chart nobody sees (0,3 s to 0,7 s each)."""
        shown = self._results_tab
        if shown is None or RESULT_TABS[shown.selected_index or 0] == tab:
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

    def save(self) -> Path | None:
        """Save the scenario to the path in the ``save_path`` control; report in the ``saved`` pane.

        The pane shows the absolute path and a ``viabilidade estudo`` command that works from
        any folder. A drawn boundary is saved beside the candidate.
        """
        c = self.controls
        if self.analysis is None:
            self.panes["saved"].value = (f'<p style="{_RED}">Nada salvo: o cenário está inválido — '
                                         f"{html.escape(self.error)}</p>")
            return None
        if not c["name"].value.strip():
            label, tab = CONTROL_PLACES["name"]
            self.panes["saved"].value = (f'<p style="{_RED}">Nada salvo: «{label}» (aba {tab}) está '
                                         "vazio; escreva o nome do novo município (o nome da sua "
                                         "sede, art. 3º, I)</p>")
            return None
        drawn = ((self._drawn_boundary is not None and self.scenario.boundary == self._drawn_boundary)
                 or is_drawing(self.scenario.boundary))     # a drawing of a restored session
        try:
            path = save_scenario(self.scenario, c["save_path"].value, overwrite=c["overwrite"].value,
                                 drop_overrides=c["drop_overrides"].value, boundary_beside=drawn)
        except ViabilidadeError as e:
            self.panes["saved"].value = f'<p style="{_RED}">Nada salvo: {html.escape(control_message(e))}</p>'
            return None
        except OSError as e:
            target = Path(c["save_path"].value.strip()).expanduser()
            blocking = next((f for f in target.parents if f.is_file()), None)
            reason = (f"{blocking.name} é um arquivo, não uma pasta" if blocking is not None
                      else os_reason(e))     # mkdir over a file says only "já existe"
            self.panes["saved"].value = (f'<p style="{_RED}">Nada salvo: não foi possível gravar '
                                         f"{html.escape(c['save_path'].value)} ({html.escape(reason)})</p>")
            return None
        command = f"{_shell_quote(study_command())} estudo {_shell_quote(str(path))}"
        extra = (f"<br>Limites desenhados: <code>{html.escape(str(path.with_suffix('.geojson')))}</code>"
                 if drawn else "")
        following = free_name(path.with_name(re.sub(r"-(?:[2-9]|\d\d)$", "", path.stem) + path.suffix))
        self.panes["saved"].value = (f"<p>Salvo em <code>{html.escape(str(path))}</code>.{extra}<br>"
                                     "Para o estudo completo, em um terminal:<br>"
                                     f"<code>{html.escape(command)}</code><br>"
                                     "Um novo salvamento vai para "
                                     f"<code>{html.escape(following.name)}</code> (ou mude "
                                     "«Salvar em»).</p>")
        self._last_saved = (path, self.scenario)
        c["save_path"].value = str(following)     # a second save never hits the first file
        self._proposed_save = str(following)
        return path

    # -------------------------------------------------------------- layout
    def widget(self) -> W.Widget:
        """The whole UI: the map beside the verdict, the controls on tabs, the results on tabs.

        The map and the verdict sit side by side, so a click on the map and its effect are seen
        together; the controls and the results use the full width (no truncated labels). An
        invisible :class:`~.pulse.Pulse` (:attr:`pulse`) beats while the kernel lives.
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
        session = [p["session"], p["link"], c["start_clean"]] if self._keeps_session else []
        status = W.VBox([*session, p["verdict"], p["busy"], p["message"]],
                        layout=W.Layout(flex="1 1 20em", min_width="18em", padding="0 0 0 12px"))
        if self.map is None:
            top = status
        else:
            status.children = (*session, p["verdict"], p["busy"], p["message"], c["click_mode"],
                                note(HINT_CLICK))
            top = W.HBox([W.Box([self.map.map], layout=W.Layout(width=MAP_WIDTH_CSS,
                                                                min_width=f"{MAP_WIDTH_PX}px")),
                          status], layout=W.Layout(width="auto", flex_flow="row wrap"))
        # The kernel's pulse (:mod:`.pulse`): the page says so when the kernel stops.
        from .pulse import Pulse

        self.pulse = Pulse()
        page = W.VBox([self.pulse.widget, top, controls, results], layout=W.Layout(width="100%"))
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


def study_command() -> str:
    """The ``viabilidade`` command to print for the user: ``viabilidade`` when the shell finds
    this interpreter's command on ``PATH``, else its full path (the venv's ``bin`` is seldom on
    ``PATH``: the printed command must run as printed)."""
    import shutil
    import sys

    here = Path(sys.executable).with_name("viabilidade")
    found = shutil.which("viabilidade")
    if found is not None and (not here.exists() or Path(found).resolve() == here.resolve()):
        return "viabilidade"
    return str(here) if here.exists() else "viabilidade"


def _boundary_geometry(path: Path | None):
    """The union of a boundary file's polygons (EPSG:4674) for the map, or ``None``.

    Read with :func:`viabilidade.geo.area_file.read_area`, as the study reads it (GeoJSON,
    GeoPackage, zipped Shapefile, KML, KMZ); an unreadable file draws nothing (the analysis
    reports it, naming the control).
    """
    if path is None:
        return None
    from ..geo.area_file import read_area

    try:
        return read_area(path)
    except ViabilidadeError:
        return None


def _shell_quote(text: str) -> str:
    import shlex

    return shlex.quote(text)
