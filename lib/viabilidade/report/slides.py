"""Committee slides of one study: a self-contained HTML deck (no script, no network), one slide
per screen and one slide per page when printed or rendered to PDF.

The deck is our own small CSS deck rather than nbconvert's reveal.js export, whose template
loads reveal.js from a CDN: here every byte is in the file (styles inline, charts and maps as
``data:`` URIs), so it opens offline and the PDF (Typst, report/writers/typst.py) needs nothing else.
Slides scroll with CSS scroll-snap on screen; ``@page`` makes each slide one 16:9 page.
Every text taken from the inputs is escaped (:func:`viabilidade.report.writers.tables.esc`).
"""

from __future__ import annotations

import base64
import datetime as dt
import io
import re
from collections.abc import Sequence
from pathlib import Path

from ..common.text import collation_key
from ..operations import operation_of
from ..rules.result import RuleResult, Status
from .writers import format as fmt
from .charts import threshold_chart
from .conclusion import analysis_conclusion_html
from .findings import HEADING, Findings, attention_items, findings
from .frame import SECTION_TITLE, study_points
from .sections import alternatives_table, study_title
from .writers.tables import Html, esc, margin_text, rule_table, threshold_text, value_text

#: Lines of text one slide holds below its title, for the rule table (13 pt) and for the
#: lists (0.85 em of 17 pt), laid out by Typst with the shipped fonts. Longer content continues
#: on a next slide ("(2)", "(3)"…), so every slide fits its 16:9 page by design.
TABLE_LINES_PER_SLIDE = 23
LIST_LINES_PER_SLIDE = 26
#: Lines (of the lists) slide 1 holds for its title, conclusion, subject line and findings
#: ("Pontos de atenção") above its counts; the findings get what the others leave
#: (:func:`_first_slide_room`), the rest go on the slide after it, before the frame. Measured
#: with Typst: Posse d'Abadia (title of 2 lines, conclusion 2, subject 1) holds 8 one-line
#: findings, Nova Iguaçu de Goiás (4, 3, 2) two.
FIRST_SLIDE_LINES = 18.5
#: Height of one line of slide 1's title (34 pt), conclusion (12 pt) and subject line (17 pt),
#: in lines of the lists, and their characters per line.
_H1_LINE, _H1_CHARS = 2.5, 44
_CONCLUSION_LINE, _CONCLUSION_CHARS = 1.0, 135
_SUBJECT_LINE, _SUBJECT_CHARS = 1.3, 90
#: The counts below the findings: characters across the slide's row of cells, lines of the
#: tallest label in :data:`FIRST_SLIDE_LINES`' measure (Posse d'Abadia: four cells, "atingido
#: nos dados publicados (a certificar)" in three lines), and one label line (1 em of 20 px)
#: in lines of the lists (0.85 em), borders included. Measured with Typst: the certified
#: Posse d'Abadia's five cells wrap "conforme documentos declarados (a conferir com os
#: originais)" in five lines of at most 15 characters.
_COUNT_ROW_CHARS, _COUNT_BASE_LINES, _COUNT_LINE = 80, 3, 1.3
#: The chart slide: room for the image and its caption (12 pt lines of about
#: :data:`_CAPTION_CHARS` characters, :data:`_CAPTION_LINE_MM` high) below the title, in mm;
#: the image is at most 98 mm high and shrinks where the caption needs the room. Measured with
#: Typst: Posse d'Abadia's caption (1,031 characters) fits under an image of up to 54 vh
#: (90 mm), and gets 51 vh; a caption of 737 characters fits under 60 vh, and gets 58 vh.
_CHART_ROOM_MM, _CAPTION_LINE_MM, _CAPTION_CHARS, _CHART_MAX_MM = 130, 5.5, 130, 98

#: Characters per line of each rule-table column (compact table, widths 10/24/16/15/17/18 %),
#: and of a list item across the slide.
_RULE_COLUMN_CHARS = {"title": 26, "value": 16, "threshold": 15, "margin": 17, "status": 19}
_LIST_CHARS = 100

CSS = """
@page { size: 297mm 167mm; margin: 0; }
/* Font stacks: the PDF replaces them with the shipped faces only (report/writers/fonts.py). */
:root { --sans: "Liberation Sans", "Arial", "DejaVu Sans", sans-serif;
        --mono: "Liberation Mono", "DejaVu Sans Mono", monospace; --azul: #12355b; --cinza: #5f6770; --verde: #2e7d32; --vermelho: #c62828; --ambar: #b26a00; }
* { box-sizing: border-box; }
html { font-family: var(--sans); color: #1b1f24; font-size: 20px; }
code { font-family: var(--mono); }
body { margin: 0; background: #dfe3e8; }
.deck { height: 100vh; overflow-y: auto; scroll-snap-type: y mandatory; }
.slide { scroll-snap-align: start; width: 100vw; height: 100vh; padding: 4vh 5vw 6vh; background: white;
         position: relative; overflow: hidden; border-bottom: 1px solid #c9ced4; break-after: page; }
.slide h1 { color: var(--azul); font-size: 2.1em; margin: 0.2em 0 0.5em; line-height: 1.15; }
.slide h2 { color: var(--azul); font-size: 1.6em; margin: 0 0 0.6em; border-bottom: 2px solid var(--azul);
            padding-bottom: 0.2em; }
.slide .orgao { text-transform: uppercase; letter-spacing: 0.08em; font-size: 0.75em; color: var(--cinza);
                border-top: 4px solid var(--azul); padding-top: 0.5em; }
.slide .rodape { position: absolute; bottom: 2vh; left: 5vw; right: 5vw; font-size: 0.7em; color: var(--cinza);
                 display: flex; justify-content: space-between; }
.veredito { padding: 0.1em 0.5em; border-radius: 4px; color: white; font-weight: bold; }
.v-viável { background: var(--verde); } .v-inviável { background: var(--vermelho); }
.v-indeterminado { background: var(--ambar); }
.grande { font-size: 1.5em; margin: 0.6em 0; }
.contagem { display: flex; flex-wrap: wrap; gap: 0.8em; margin: 1em 0; max-width: 100%; }
/* cells share the slide's width and wrap their label: none runs off the right edge */
.contagem div { flex: 1 1 0; min-width: 0; overflow-wrap: break-word; border: 1px solid #c9ced4;
                border-radius: 6px; padding: 0.5em 0.6em; text-align: center; }
.contagem b { display: block; font-size: 1.8em; }
table { border-collapse: collapse; width: 100%; font-size: 0.72em; }
th { background: var(--azul); color: white; text-align: left; padding: 0.3em 0.4em; }
td { border-bottom: 1px solid #c9ced4; padding: 0.25em 0.4em; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }
.status { font-weight: bold; } .st-pass { color: var(--verde); } .st-fail { color: var(--vermelho); }
.st-indet { color: var(--ambar); } .st-na { color: var(--cinza); }
figure { margin: 0; text-align: center; }
figure img { height: 62vh; max-width: 100%; object-fit: contain; }
figcaption { font-size: 0.75em; color: var(--cinza); margin-top: 0.4em; }
ul.motivos { font-size: 0.85em; } ul.motivos li { margin: 0.3em 0; }
@media print { html { font-size: 14pt; } .deck { height: auto; overflow: visible; }
  .slide { width: 297mm; height: 167mm; } }
"""


def _slide(sid: str, title: str, body: str, footer: str, *, h1: bool = False) -> str:
    tag = "h1" if h1 else "h2"
    return (f'<section class="slide" id="{esc(sid)}"><{tag}>{esc(title)}</{tag}>{body}'
            f'<div class="rodape"><span>{esc(footer)}</span>'
            f'<span>LC nº 2/1990 (Goiás)</span></div></section>')


#: How the basis of a figure words a requirement, first point of the deck's sources (slide 1
#: has no room for it beside the counts).
BASIS_POINT = ("Cumprido ou não cumprido: só com certidão ou documento; medido pela ferramenta: "
               "“atingido na medição”; dado publicado: “atingido nos dados publicados (a "
               "certificar)”; estimado: indeterminado.")


def _count_cells(results: Sequence[RuleResult]) -> list[tuple[int, str]]:
    """The counts of slide 1: (number, label) per status, without "não se aplica", a count on
    a basis of its own (published, measured, declared, "sem efeito") only when there is one."""
    cells = []
    for (s, basis), n in fmt.result_counts(results).items():
        if s == Status.NOT_APPLICABLE or (basis is not None and not n):
            continue
        cells.append((n, fmt.status_label(s, basis=basis) if n == 1 else fmt.status_plural(s, basis)))
    return cells


def _counts(results: Sequence[RuleResult]) -> str:
    return ('<div class="contagem">' + "".join(f"<div><b>{fmt.number(n)}</b>{esc(label)}</div>"
                                                for n, label in _count_cells(results)) + "</div>")


def _wrapped_lines(text: str, chars: int) -> int:
    """Lines ``text`` takes wrapped at word boundaries in ``chars`` characters (a longer word
    alone on its line)."""
    lines, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) > chars:
            lines, used = lines + 1, len(word)
        else:
            used += len(word) + (1 if used else 0)
    return lines


def _counts_extra_lines(results: Sequence[RuleResult]) -> float:
    """Lines of the lists the counts take beyond those of :data:`FIRST_SLIDE_LINES`' measure
    (a label of :data:`_COUNT_BASE_LINES` lines): the cells share the slide's width, about
    :data:`_COUNT_ROW_CHARS` characters, so five cells with "conforme documentos declarados (a
    conferir com os originais)" wrap it in five lines and push the counts off the page."""
    cells = _count_cells(results)
    if not cells:
        return 0.0
    width = _COUNT_ROW_CHARS // len(cells) - 1
    tallest = max(_wrapped_lines(label, width) for _, label in cells)
    return _COUNT_LINE * max(0, tallest - _COUNT_BASE_LINES)


def _blocking(found: Findings) -> list[str]:
    """``<li>`` items of "O que mudaria a conclusão": the requirements of the ``pendencias``
    finding (the same the study lists)."""
    f = found.of("pendencias")
    return [f"<li>{esc(i)}</li>" for i in (f.items if f is not None else ())]


def _lines(text: str, chars: int) -> int:
    return max(1, -(-len(text) // chars))


def _rule_lines(r: RuleResult) -> float:
    """Estimated height of a compact rule-table row, in lines (cell padding included)."""
    c = _RULE_COLUMN_CHARS
    subject = 1 if r.subject and r.subject != "área" else 0
    return 0.45 + max(_lines(r.title, c["title"]) + subject, _lines(value_text(r), c["value"]),
                      _lines(threshold_text(r), c["threshold"]), _lines(margin_text(r), c["margin"]),
                      _wrapped_lines("● " + fmt.result_status_label(r), c["status"]))


def _item_lines(item: str) -> float:
    """Estimated height of a list item, in lines (its margin included)."""
    return 0.3 + _lines(_plain(item), _LIST_CHARS)


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _first_slide_room(title: str, conclusion_html: str, subject_html: str,
                      results: Sequence[RuleResult] = ()) -> float:
    """Lines of findings slide 1 holds: :data:`FIRST_SLIDE_LINES` less its title, conclusion
    and subject line as they wrap and the counts' labels taller than measured (estimated)."""
    return (FIRST_SLIDE_LINES - _counts_extra_lines(results) - _H1_LINE * _lines(title, _H1_CHARS)
            - _CONCLUSION_LINE * _lines(_plain(conclusion_html), _CONCLUSION_CHARS)
            - _SUBJECT_LINE * _lines(_plain(subject_html), _SUBJECT_CHARS))


def _fitting(items: Sequence, cost, room: float) -> int:
    """How many of ``items``, from the first, fit in ``room`` (none when the first does not)."""
    used = 0.0
    for k, item in enumerate(items):
        used += cost(item)
        if used > room:
            return k
    return len(items)


def _chart_height_vh(caption: str) -> int:
    """Height of the chart's image on its slide, in % of the page's height: 98 mm, less what
    a caption longer than the room left needs."""
    from .writers.typst import SLIDE_HEIGHT_MM

    mm = min(_CHART_MAX_MM, _CHART_ROOM_MM - _CAPTION_LINE_MM * _lines(caption, _CAPTION_CHARS))
    return int(100 * mm / SLIDE_HEIGHT_MM)


def paginate(items: Sequence, cost, budget: float) -> list[list]:
    """Split ``items`` into consecutive runs whose total ``cost(item)`` stays within ``budget``.

    An item costlier than the budget gets a run of its own. Always at least one run (empty
    when ``items`` is empty).
    """
    runs: list[list] = [[]]
    used = 0.0
    for item in items:
        c = cost(item)
        if runs[-1] and used + c > budget:
            runs.append([])
            used = 0.0
        runs[-1].append(item)
        used += c
    return runs


def _continued(sid: str, title: str, bodies: list[str], footer: str) -> list[str]:
    """One slide per body; numbered "(1)", "(2)"… when the content needed several."""
    if len(bodies) == 1:
        return [_slide(sid, title, bodies[0], footer)]
    return [_slide(f"{sid}-{k}", f"{title} ({k})", body, footer) for k, body in enumerate(bodies, 1)]


def area_map(analysis, store) -> str:
    """The study's own map of the area (:func:`viabilidade.report.study_cells.map_html`, an
    area of districts drawn as its approximate territory), or ``""`` when the candidate's
    geometries cannot be built (:func:`viabilidade.geo.territory.split_territory`)."""
    from .study_cells import map_html, split_or_none

    return map_html(analysis, store, split_or_none(analysis, store), slide=True)


def _subject_line(analysis, origin_names: str) -> str:
    """Slide 1's line on what the study is about, as the operation declares it: ``Área
    proposta: X · sede: Y · município de origem: Z``; no seat where the operation has none
    (a transfer, a correction), the receiving municipality of a transfer, the operation's
    own labels (``Limite corrigido``, ``Municípios do limite``) and the act that would make it."""

    c = analysis.candidate
    op = operation_of(c)
    parts = [f"{esc(op.subject_label)}: <strong>{esc(op.subject_name(c))}</strong>"]
    if op.proposed_seat:
        parts.append(f"sede: {esc(op.seat_text(c))}")
    label = op.origins_label[0] if len(op.origin_codes(c)) <= 1 else op.origins_label[1]
    parts.append(f"{esc(label[:1].lower() + label[1:])}: {esc(origin_names)}")
    dest = getattr(analysis.profile, "destination", None)
    if op.receiving and dest is not None:
        parts.append(f"recebe a área: {esc(dest.label)}")
    if op.instrument:
        parts.append(f"por {esc(op.instrument)}")
    return "<p>" + " · ".join(parts) + "</p>"


def locator_map(analysis, store) -> Html | str:
    """A locator map: Goiás, the origin municipalities shaded, the proposed seat as a point.

    Used when the study has no area map (:func:`viabilidade.report.study_cells.map_html`
    returns ``""``). Returns ``""`` when the store has no boundaries for the origins.
    """
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure as MplFigure

    b = store.boundaries_map
    codes = set(analysis.candidate.origins) | set(analysis.candidate.municipalities)
    sel = b[b["cod_ibge"].isin(codes)]
    if sel.empty:
        return ""
    fig = MplFigure(figsize=(6.4, 5.0), dpi=130)
    ax = fig.add_subplot()
    ax.set_axis_off()
    b.plot(ax=ax, color="#f1f1f1", edgecolor="#b5b5b5", linewidth=0.3, rasterized=True)
    sel.plot(ax=ax, color="#9ab3cf", edgecolor="#12355b", linewidth=0.8, rasterized=True)
    point = analysis.candidate.seat_point
    if point is not None:
        ax.scatter([point[1]], [point[0]], s=40, color="#c62828", edgecolor="white", zorder=3)
    from .charts import glyphs_quiet

    buf = io.BytesIO()
    with glyphs_quiet():
        fig.tight_layout()
        fig.savefig(buf, format="png", metadata={"Software": None})
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    names = "; ".join(sorted((str(n) for n in sel["nome"]), key=collation_key))
    from .study_cells import map_source

    caption = (f"Localização em Goiás: {names}" + (" e a sede proposta (ponto)." if point else ".")
               + " " + map_source(analysis, ("boundaries_map",)))
    return Html(f'<figure><img src="data:image/png;base64,{data}" alt="{esc(caption)}"/>'
                f"<figcaption>{esc(caption)}</figcaption></figure>")


def slides_html(analysis, *, store=None, map_html: str | None = None,
                study_date: dt.date | None = None) -> str:
    """A self-contained HTML slide deck of one study, for a committee.

    Parameters
    ----------
    analysis : viabilidade.profile.analysis.Analysis
        The analysed candidate (verdict, rule results, alternatives, provenance).
    store : Store, optional
        Processed data, used to draw the map when ``map_html`` is not given: the study's
        area map (:func:`area_map`), else :func:`locator_map`.
    map_html : str, optional
        Map already rendered (HTML from our own code, inserted as is).
    study_date : date, optional
        Date shown on the slides (default today).

    Returns
    -------
    str
        ``<!DOCTYPE html>`` document, ``lang="pt-BR"``. Slides, in order: summary (verdict and
        counts, with the findings — "Pontos de atenção", :func:`viabilidade.report.findings.
        findings`, the same list the study, the bill, the batch index and the explorer print;
        those slide 1 has no room for on the next slide, before the frame), the federal constitutional frame (:mod:`.frame`), map, rule table (continued over
        several slides beyond
        :data:`TABLE_LINES_PER_SLIDE` lines), numeric requirements chart (when any), what would change
        the verdict, verdict under other readings (when any), data sources. No script and no
        external ``src``/``href``.
    """
    c = analysis.candidate
    date = study_date or analysis.settings.study_day()
    title = study_title(analysis)
    footer = f"{operation_of(c).study_name(c)} — {fmt.date_short(date)}"
    results = list(analysis.results)
    origins = getattr(analysis.profile, "origins", {}) or {}
    codes = operation_of(c).origin_codes(c)
    origin_names = "; ".join(origins[o].label if o in origins else o for o in codes) or "—"
    found = findings(analysis)
    # the findings on slide 1, under the conclusion, as many as its room holds; any others on
    # slide 2, before the constitutional frame (the conclusion on slide 1 states the bar)
    conclusion = analysis_conclusion_html(analysis)
    subject = _subject_line(analysis, origin_names)
    items = attention_items(found.items)
    k = _fitting(items, _item_lines, _first_slide_room(title, conclusion, subject, results))
    first, rest = items[:k], items[k:]
    slides = [_slide("s-resumo", title,
                     '<p class="orgao">Estado de Goiás · Lei Complementar nº 2, de 16 de janeiro de 1990</p>'
                     f'<p class="conclusao"><b>Conclusão:</b> {conclusion}</p>'
                     + subject
                     + (f'<ul class="motivos">{"".join(first)}</ul>' if first else "")
                     + _counts(results),
                     footer, h1=True)]
    if rest:  # before the frame: the findings on slides 1 and 2 (issue 29; legal review item 8)
        # "(continuação)" only when slide 1 holds some of them
        slides += _continued("s-atencao", f"{HEADING} (continuação)" if first else HEADING,
                             ['<ul class="motivos">' + "".join(part) + "</ul>"
                              for part in paginate(rest, _item_lines, LIST_LINES_PER_SLIDE)], footer)
    slides += _continued("s-quadro", SECTION_TITLE,
                         ['<ul class="motivos">' + "".join(part) + "</ul>"
                          for part in paginate([f"<li>{esc(x)}</li>" for x in study_points(analysis)],
                                               _item_lines, LIST_LINES_PER_SLIDE)], footer)
    if map_html is None and store is not None:
        map_html = area_map(analysis, store) or locator_map(analysis, store)
    slides.append(_slide("s-mapa", "Mapa", map_html or
                         "<p>Sem limites municipais nos dados processados: mapa indisponível.</p>",
                         footer))
    slides += _continued("s-regras", "Requisitos da lei",
                         [rule_table(part, compact=True)
                          for part in paginate(results, _rule_lines, TABLE_LINES_PER_SLIDE)], footer)
    chart = threshold_chart(results)
    if chart is not None:
        slides.append(_slide("s-grafico", "Requisitos numéricos", chart.html(height_vh=_chart_height_vh(chart.caption)),
                             footer))
    pending = found.of("pendencias")
    blocking = paginate(_blocking(found), _item_lines, LIST_LINES_PER_SLIDE - 3)  # the lead
    slides += _continued("s-mudanca", "O que mudaria a conclusão",
                         [(f"<p>{esc(pending.sentence()[:-1])}:</p>" if pending else "")
                          + '<ul class="motivos">' + "".join(part) + "</ul>" if part else
                          f"<p>{esc(pending.sentence() if pending else '')}</p>"
                          for part in blocking], footer)
    if store is not None and "sec-economico" in operation_of(c).chapters:
        from ..fiscal.economy import economy
        from .economic import economic_points

        points = economic_points(economy(analysis, store))
        if points:
            slides.append(_slide("s-economico", "Viabilidade econômico-financeira",
                                 '<ul class="motivos">' + "".join(f"<li>{esc(x)}</li>" for x in points)
                                 + "</ul>", footer))
    from .transfer_fiscal import CHAPTER as TRANSFER_FISCAL

    if store is not None and TRANSFER_FISCAL in operation_of(c).chapters:  # a transfer's FPM
        from ..fiscal.transfer import transfer_economy
        from .transfer_fiscal import transfer_points

        points = transfer_points(transfer_economy(analysis, store))
        if points:
            slides.append(_slide("s-fiscal-transferencia", "Efeitos fiscais nos dois municípios",
                                 '<ul class="motivos">' + "".join(f"<li>{esc(x)}</li>" for x in points)
                                 + "</ul>", footer))
    alt = alternatives_table(analysis)
    if alt:
        slides.append(_slide("s-leituras", "Conclusão sob outras leituras da lei", alt, footer))
    from ..data.provenance import copy_note, dataset_label
    from .sections import used_provenance

    sources = [BASIS_POINT, *sorted({fmt.dates_in_text(dataset_label(p))
                                     for p in used_provenance(analysis)}),
               copy_note(analysis.provenance)]
    slides += _continued("s-fontes", "Fontes dos dados",
                         ['<ul class="motivos">' + "".join(part) + "</ul>"
                          for part in paginate([f"<li>{esc(x)}</li>" for x in sources], _item_lines,
                                               LIST_LINES_PER_SLIDE)], footer)
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f'<main class="deck">{"".join(slides)}</main>\n</body>\n</html>\n')


def write_slides(analysis, folder: Path, *, store=None, study_date: dt.date | None = None,
                 pdf: bool = True) -> dict[str, Path]:
    """Write ``apresentacao.html`` (and ``apresentacao.pdf``) of one study into ``folder``.

    Parameters
    ----------
    analysis : Analysis
    folder : Path
        Created if needed; typically the study's ``outputs/<slug>/``.
    store : Store, optional
        For the map (see :func:`slides_html`).
    study_date : date, optional
    pdf : bool
        Also render the PDF (one 16:9 page per slide).

    Returns
    -------
    dict
        ``{"html": Path[, "pdf": Path]}``.

    Raises
    ------
    ReportError
        If the PDF cannot be rendered (the HTML is then not written either).
    """
    from .writers.atomic import write_files_atomically

    html = slides_html(analysis, store=store, study_date=study_date)
    contents = {"html": html.encode("utf-8")}
    if pdf:
        contents["pdf"] = slides_pdf(html)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_files_atomically(folder, {f"apresentacao.{k}": v for k, v in contents.items()})
    return {k: folder / f"apresentacao.{k}" for k in contents}


def slides_pdf(html: str) -> bytes:
    """Render the deck to PDF, one 16:9 page per slide (Typst, no network access).

    Raises
    ------
    ReportError
        If rendering fails or the deck asks for an external resource.
    """
    from .writers.export import html_to_pdf

    return html_to_pdf(html)
