"""What the explorer's controls are called, where each sits, and the messages that name them.

Every label the user reads (Portuguese), the tab of each control (:data:`CONTROL_PLACES`),
the candidate field each control sets (:data:`FIELD_CONTROLS`), and the study's messages put
in the explorer's words (:func:`explorer_words`, :func:`control_message`,
:func:`refusal_message`, :func:`drawn_words`, :func:`file_only_note`).
"""

from __future__ import annotations

import html
import re

from ...errors import CandidateError, ViabilidadeError
from ...rules.settings import CHOICES
from ..views import rule_label


#: The colour of a refusal or an error in the panes.
RED = "color:#b71c1c"
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


#: "a área desenhada em <file>" said of the drawn polygon, by the preposition before it.
_DRAWN = {"a": "o polígono desenhado", "da": "do polígono desenhado",
          "na": "no polígono desenhado"}


def drawn_words(message: str, file_name: str) -> str:
    """A message about the limits file, said of the polygon drawn on the map (the user never
    chose a file): ``"«Arquivo de limites da área» (aba Área): uva-3b40421b.geojson: 21,9 % …"``
    -> ``"Polígono desenhado: 21,9 % …"``; a polygon spilling out of the origin points to
    «Recortar pelo município de origem»."""
    label = CONTROL_PLACES["boundary"][0]
    message = message.replace(f"«{label}» (aba Área): ", "Polígono desenhado: ")
    # "a área desenhada em <file>" is the drawn polygon itself, with the article it needs:
    # "em o polígono desenhado" and a sentence cut at "<file>: " were printed (GIS review)
    message = re.sub(r"\b(a|da|na) área desenhada em " + re.escape(file_name),
                     lambda m: _DRAWN[m.group(1)], message)
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
    return (f'<p style="{RED}"><b>{html.escape(used)} recusado</b> — {html.escape(verb)}: '
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


def readings_in_words(text: str) -> str:
    m = re.match(r"^(I-\d+b?): (.*)$", text)
    if m and m.group(1) in READING_WORDS:
        return f"{READING_WORDS[m.group(1)]}: {m.group(2)}"
    return text
