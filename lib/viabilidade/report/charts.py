"""Static charts of a study (matplotlib -> SVG embedded in the HTML, identical bytes run to run).

The main chart puts every numeric requirement on one scale: the ratio of the value to its
threshold (1 = exactly the threshold), with the threshold as a vertical line. Estimated
values are hatched and carry their uncertainty as an error bar. The SVG is produced with a
fixed ``svg.hashsalt``, no date or creator metadata and text kept as text, so two runs give
the same bytes; it is embedded as a ``data:`` URI, so the HTML makes no network request.
"""

from __future__ import annotations

import base64
import io
import warnings
from contextlib import contextmanager
from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure as MplFigure  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..rules.result import (SIMULATED, Basis, RuleResult, Status, on_simulated_act,  # noqa: E402
                           rests_on_simulated_act)
from .writers import format as fmt  # noqa: E402
from .writers.tables import Html, esc, is_upper_bound, source_text  # noqa: E402

#: Colours of the status (shared with the stylesheet).
COLOURS = {
    Status.PASS: "#2e7d32",
    Status.FAIL: "#c62828",
    Status.INDETERMINATE: "#b26a00",
    Status.NOT_APPLICABLE: "#757575",
}
#: Face of a bar whose figure is not certified (published, measured: "a certificar"): a lighter
#: shade of its status colour, so that only a certified figure gives a solid bar.
LIGHT = {Status.PASS: "#a5d6a7", Status.FAIL: "#ef9a9a", Status.INDETERMINATE: "#ffe0b2",
         Status.NOT_APPLICABLE: "#e0e0e0"}


def bar_style(r: RuleResult) -> tuple[str, str, str | None, str, str]:
    """How a requirement's bar is drawn and what the legend calls it: (face, edge, hatch, line
    style, label). The colour is the status's (:data:`COLOURS`); the fill says the basis of the
    figure: solid for a certified one, light for a published or measured one (to certify),
    white and hatched for an estimate, white with a dashed edge for an upper bound only, white
    dotted with a dotted edge for a value of an act dated after today (:func:`simulated_bar`:
    a hypothesis of the simulation, never drawn as a real pass). The
    label is the study's own status words (:func:`viabilidade.report.writers.format.
    result_status_label`), with "estimativa" or "limite superior"."""
    st = Status(r.status)
    colour, label = COLOURS[st], fmt.result_status_label(r)
    if is_upper_bound(r):
        return "white", colour, None, "--", f"{label} — limite superior"
    if simulated_bar(r):  # a value of an act dated after today: no real pass (legal11 M8)
        hypothesis = fmt.SIMULATED_BASIS_LABEL
        return ("white", colour, SIMULATED_HATCH, ":",
                label if hypothesis in label else f"{label} — {hypothesis}")
    if r.basis is not None and Basis(r.basis) == Basis.ESTIMATED:
        return "white", colour, "///", "-", f"{label} — estimativa"
    if r.basis is not None and Basis(r.basis) == Basis.CERTIFIED:
        return colour, colour, None, "-", f"{label} — valor certificado"
    return LIGHT[st], colour, None, "-", label


#: The hatch of a bar whose value is a hypothesis of the simulation (:func:`simulated_bar`).
SIMULATED_HATCH = ".."


def simulated_bar(r: RuleResult) -> bool:
    """Whether a requirement's value comes from an act dated after today
    (:func:`~viabilidade.rules.result.on_simulated_act`, or a remainder's population read
    from one, :func:`~viabilidade.rules.result.rests_on_simulated_act`): Figure 1 drew such
    passes exactly as real ones (legal11 M8)."""
    return on_simulated_act(r) or rests_on_simulated_act(r)


_RC = {
    "svg.hashsalt": "viabilidade",
    "svg.fonttype": "path",  # glyphs as outlines: no font needed where the SVG is shown
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


@dataclass(frozen=True)
class Chart:
    """A rendered chart: SVG text, caption and alternative text (both Portuguese)."""

    svg: str
    caption: str
    alt: str

    def html(self, number: int | None = None, *, height_vh: int | None = None) -> Html:
        """``<figure>`` with the SVG as a ``data:`` image, its alt text and caption.

        ``height_vh`` (a slide's image height, in % of the page's height; the PDF reads it,
        :mod:`viabilidade.report.writers.typst`) shrinks the image where the caption needs
        the room; by default the stylesheet's height applies.
        """
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        label = f"Figura {number}. " if number is not None else ""
        style = f' style="height: {int(height_vh)}vh"' if height_vh is not None else ""
        return Html(f'<figure class="grafico"><img src="data:image/svg+xml;base64,{data}"{style} '
                    f'alt="{esc(self.alt)}"/><figcaption>{esc(label + self.caption)}</figcaption></figure>')


@contextmanager
def glyphs_quiet():
    """Silence matplotlib's ``Glyph N (…) missing from font(s) …`` warning while drawing.

    A name with a character the chart font lacks (an emoji, a CJK ideograph) is drawn as a
    box in that one figure; the study's text (HTML, PDF) still shows it. The warning is in
    English and names nothing the user can act on, so it never reaches the terminal.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from", category=UserWarning)
        yield


def figure_svg(fig: MplFigure) -> str:
    """SVG text of a matplotlib figure, identical bytes run to run (fixed hash salt, no dates)."""
    buf = io.StringIO()
    with matplotlib.rc_context(_RC), glyphs_quiet():
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    return buf.getvalue()


def numeric_results(results: Sequence[RuleResult]) -> list[RuleResult]:
    """Results with a numeric value and a positive threshold that is a floor (``>`` or
    ``>=``): those a ratio chart can show as "to the right of the line meets it". A ceiling
    (``<=``: the territory between the lines of a boundary correction, art. 6) is left out,
    since its bar would read the wrong way; so is a plebiscite's requirement "sem efeito"
    (:func:`_void`)."""
    return [r for r in results
            if r.value is not None and r.threshold is not None and r.threshold > 0
            and r.comparator in (">", ">=") and Status(r.status) != Status.NOT_APPLICABLE
            and not _void(r)]


def _void(r: RuleResult) -> bool:
    """A plebiscite's requirement "sem efeito" (:data:`viabilidade.rules.art7.VOID_KEY`): its
    ata proves nothing, so no bar is drawn for it (legal8 m7: drawn like "indeterminado" at
    1,30× and 1,48×)."""
    from ..rules.art7 import VOID_KEY

    return isinstance(r.details, dict) and bool(r.details.get(VOID_KEY))


def chart_source(rows: Sequence[RuleResult]) -> str:
    """``"Fonte: elaboração do estudo com dados de <source> (<vintage>); …"`` for a caption;
    a document dated after today, in a simulation, is followed by ``", hipótese da simulação
    (ato futuro)"`` (:func:`simulated_bar`, as its bar is drawn)."""
    seen: list[str] = []
    for r in rows:
        if r.source:
            # an undecided remainder read from such a letter too (legal12 minor 1: Figure 1's
            # last source, the IBGE's Ofício nº 101/2027 of art. 4 § 1, had no tag)
            item = source_text(r) + (f", {SIMULATED}" if simulated_bar(r) else "")
            if item not in seen:
                seen.append(item)
    return ("Fonte: elaboração do estudo com dados de " + "; ".join(seen) + "."
            if seen else "Fonte: elaboração do estudo.")


#: Width of the chart (in) the legend may take, and the width (in) a legend entry takes: its
#: patch and gap, and each character of its 7 pt label (an estimate, the same on every
#: machine: the legend's real width depends on the fonts installed).
LEGEND_WIDTH_IN, LEGEND_ENTRY_IN, LEGEND_CHAR_IN = 6.2, 0.45, 0.055


def legend_columns(entries) -> int:
    """Columns of Figure 1's legend: one row of up to three entries when their labels fit the
    chart's width (:data:`LEGEND_WIDTH_IN`), else one entry per line (final legal read, item
    15: the certified study's three long labels, "conforme documento declarado (a conferir
    com o original)" among them, ran past the page in one row). ``entries`` are the legend's
    keys, each ending with its label."""
    entries = list(entries)
    width = sum(LEGEND_ENTRY_IN + LEGEND_CHAR_IN * len(str(e[-1])) for e in entries)
    return len(entries) if len(entries) <= 3 and width <= LEGEND_WIDTH_IN else 1


#: Characters of a requirement's label on one line of Figure 1 (9 pt: about 2,6 in); a longer
#: label (an origin's name, "Art. 4º, § 1º — São Luís de Montes Belos (remanescente)") wraps
#: after its citation and then by words, at most :data:`LABEL_LINES` lines, so the axis keeps
#: its width (new-user review: the long label pushed the axis right and its bar labels and
#: x-axis title ran past the figure's edge, cut in the PDF).
LABEL_CHARS, LABEL_LINES = 40, 4
#: Height (in) of a bar's row, and what each line of its label beyond the first adds.
ROW_IN, LINE_IN = 0.42, 0.15


def axis_label(citation: str, subject: str = "") -> str:
    """A requirement's label on Figure 1's axis: ``"Art. 4º, IV"``; with a subject,
    ``"Art. 4º, § 1º — Abadiânia (remanescente)"`` on one line when it has at most
    :data:`LABEL_CHARS` characters, else the citation and dash on the first line and the
    subject by words on the next (at most :data:`LABEL_LINES` lines; a word longer than a
    line is broken)."""
    import textwrap

    text = f"{citation} — {subject}" if subject else citation
    if len(text) <= LABEL_CHARS:
        return text
    if not subject:
        return "\n".join(textwrap.wrap(text, LABEL_CHARS)[:LABEL_LINES])
    lines = textwrap.wrap(subject, LABEL_CHARS, break_on_hyphens=False)
    if len(lines) > LABEL_LINES - 1:
        lines = lines[:LABEL_LINES - 1]
        lines[-1] = lines[-1][:LABEL_CHARS - 1].rstrip() + "…"
    return "\n".join([f"{citation} —", *lines])


def _fit_labels(fig: MplFigure, ax, texts) -> None:
    """Widen the x axis until every bar label (``texts``, drawn right of its bar at a data x)
    ends inside the axis: a label is as wide on paper whatever the scale, so the axis's right
    end ``xmax`` must satisfy ``x·A/xmax + w ≤ A`` (A the axis width, w the label's width, in
    pixels) for each label, i.e. ``xmax ≥ x·A/(A − w)``. Measured on the drawn layout, never
    guessed from character counts (the old guess, 0,085 per character, held only while the
    axis kept its width)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    renderer = canvas.get_renderer()
    axis = ax.get_window_extent(renderer).width
    pad = 6 * fig.dpi / 72          # 6 pt between the label and the axis's end
    xmax = ax.get_xlim()[1]
    for t in texts:
        w = t.get_window_extent(renderer).width + pad
        if w < axis * 0.9:
            xmax = max(xmax, t.get_position()[0] * axis / (axis - w))
    ax.set_xlim(0, xmax)
    # a tick at the axis's very end would put half its number past the figure's edge
    end = xmax - 8 * fig.dpi / 72 * xmax / axis
    ax.set_xticks([t for t in ax.get_xticks() if 0 <= t <= end])


def threshold_chart(results: Sequence[RuleResult]) -> Chart | None:
    """Bar chart of value / threshold for each numeric requirement.

    Parameters
    ----------
    results : sequence of RuleResult
        All results of a study; those without a numeric value and positive threshold are
        left out (see :func:`numeric_results`).

    Returns
    -------
    Chart or None
        ``None`` when no result is numeric. Bars are coloured by status; estimated values
        are hatched with an error bar of ``uncertainty / threshold`` (when the rule's
        ``details`` carries ``incerteza``, as the rules write it). Ratios above 5 are cut at 5
        for display: the bar ends in an arrowhead, the visible part of its uncertainty is drawn
        from its lower end, the true figure is printed beside it with "(cortada)", and
        the caption says so.
    """
    rows = numeric_results(results)
    if not rows:
        return None
    cap = 5.0
    with matplotlib.rc_context(_RC):
        labels = [axis_label(fmt.result_citation(r), r.subject if r.subject and r.subject != "área"
                             else "") for r in rows]
        body = sum(ROW_IN + LINE_IN * label.count("\n") for label in labels) + 1.1
        fig = MplFigure(figsize=(6.6, body))
        ax = fig.add_subplot()
        alt_parts, right, texts = [], [1.4], []
        legend: dict[tuple, None] = {}   # one entry per bar style and status label, in order
        for i, r in enumerate(rows):
            ratio = float(r.value) / float(r.threshold)
            shown = min(ratio, cap)
            estimated = r.basis is not None and Basis(r.basis) == Basis.ESTIMATED
            bound = is_upper_bound(r)
            face, colour, hatch, line, status_label = bar_style(r)
            # an upper bound only: an open, dashed bar labelled "≤ … (limite superior)"
            ax.barh(i, shown, color=face, edgecolor=colour, hatch=hatch, linestyle=line,
                    height=0.6, linewidth=1)
            legend.setdefault((face, colour, hatch, line, status_label), None)
            unc = r.details.get("incerteza") if isinstance(r.details, dict) else None
            half = float(unc) / float(r.threshold) if estimated and isinstance(unc, (int, float)) \
                and unc > 0 else 0.0
            cut = ratio > cap
            if cut:
                # The bar is cut at the cap: an arrowhead at its end says it goes on; the part of
                # the uncertainty that falls inside the axis is drawn from its lower end.
                ax.plot([cap], [i], marker=">", markersize=7, color=colour, clip_on=False)
                if half and ratio - half < cap:
                    ax.plot([max(ratio - half, 0.0), cap], [i, i], color="#333333", linewidth=1)
                    ax.plot([max(ratio - half, 0.0)], [i], marker="|", markersize=6, color="#333333")
                half = 0.0
            elif half:
                ax.errorbar(shown, i, xerr=half, color="#333333", capsize=3, linewidth=1)
            label = (("≤ " if bound else "") + fmt.number(ratio, 2) + "×"
                     + (" (limite superior)" if bound else "") + (" (cortada)" if cut else ""))
            x = shown + half + (0.25 if cut else 0.08)
            texts.append(ax.text(x, i, label, va="center", fontsize=8,
                                 bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.4}))
            right.append(x + 0.085 * len(label))   # a first guess; _fit_labels measures
            subject = f" — {r.subject}" if r.subject and r.subject != "área" else ""
            alt_parts.append(f"{fmt.result_citation(r)}{subject}: {'no máximo ' if bound else ''}"
                             f"{fmt.number(ratio, 2)} vezes a exigência "
                             f"({fmt.result_status_label(r)})")
        ax.axvline(1.0, color="#1a1a1a", linestyle="--", linewidth=1)
        ax.text(1.0, -0.55, " exigência", fontsize=8, va="bottom")
        ax.set_yticks(range(len(rows)), labels)
        ax.invert_yaxis()
        ax.set_xlim(0, max(right) + 0.2)
        ax.set_xlabel("valor ÷ exigência (1 = exatamente a exigência)")
        # the legend says what each bar's colour and fill mean, in the study's status words
        handles = [Patch(facecolor=f, edgecolor=e, hatch=h, linestyle=ls, label=text)
                   for f, e, h, ls, text in legend]
        fig.legend(handles=handles, loc="lower center", ncol=legend_columns(legend),
                   fontsize=7, frameon=False, bbox_to_anchor=(0.5, 0.0))
        fig.set_size_inches(6.6, body + 0.2 * len(handles))
        fig.tight_layout(rect=(0, 0.2 * len(handles) / (body + 0.2 * len(handles)) + 0.01, 1, 1))
        _fit_labels(fig, ax, texts)
        svg = figure_svg(fig)
    caption = ("Requisitos numéricos: valor apurado dividido pela exigência legal. Barras à direita "
               "da linha tracejada superam a exigência; a cor de cada barra é a da situação do "
               "requisito (verde, atingido; vermelho, não atingido; laranja, indeterminado; ver a "
               "legenda), cheia quando o valor é certificado e clara quando é publicado ou "
               "medido, ainda a certificar; barras hachuradas são estimativas, com a incerteza "
               "indicada"
               + ("; barras brancas pontilhadas, de contorno pontilhado, são hipóteses da "
                  "simulação: o valor vem de ato datado depois de hoje, que ainda não existe"
                  if any(map(simulated_bar, rows)) else "")
               + ("; barras abertas de contorno tracejado são só limites superiores (o valor real é "
                  "no máximo o indicado e só pode provar o descumprimento)"
                  if any(map(is_upper_bound, rows)) else "")
               + ("; barras acima de " + fmt.number(cap, 0) + " vezes a exigência são cortadas nesse "
                  "ponto (ponta em seta), com o valor real escrito ao lado"
                  if any(float(r.value) / float(r.threshold) > cap for r in rows) else "")
               + ("; os requisitos do plebiscito, " + fmt.VOID_LABEL + ", não são representados"
                  if any(map(_void, results)) else "")
               + ". " + chart_source(rows))
    alt = "Gráfico de barras. " + "; ".join(alt_parts) + "."
    return Chart(svg=svg, caption=caption, alt=alt)
