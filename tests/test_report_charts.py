"""The threshold chart: deterministic SVG, alt text, estimates hatched."""

import base64
import re

from viabilidade.report import charts
from viabilidade.rules.result import Basis, Lean, RuleResult, Status


def _results():
    return [
        RuleResult("art4.IV", "População", Status.PASS, "ok", value=3045, threshold=3000, comparator=">",
                   unit="habitantes", basis=Basis.CERTIFIED),
        RuleResult("art4.V", "Eleitores", Status.INDETERMINATE, "est", value=1911, threshold=1000,
                   comparator=">", unit="eleitores", basis=Basis.ESTIMATED, lean=Lean.LIKELY_PASS,
                   details={"incerteza": 287}),
        RuleResult("art4.I", "Prefeitura", Status.INDETERMINATE, "sem evidência"),
    ]


def test_chart_is_byte_identical_across_runs_and_has_no_date():
    a = charts.threshold_chart(_results())
    b = charts.threshold_chart(_results())
    assert a.svg == b.svg
    assert "<dc:date>" not in a.svg and "Matplotlib" not in a.svg.split("<svg", 1)[0]


def test_chart_alt_text_names_each_numeric_rule_with_its_ratio():
    c = charts.threshold_chart(_results())
    assert "Art. 4º, IV: 1,02 vezes a exigência (cumprido)" in c.alt
    assert "Art. 4º, V: 1,91 vezes a exigência (indeterminado (provável atendimento))" in c.alt
    assert "Art. 4º, I:" not in c.alt and "art4" not in c.alt  # not numeric; no rule id


def test_chart_html_is_an_embedded_data_uri_with_alt_and_caption():
    html = charts.threshold_chart(_results()).html(1)
    assert 'src="data:image/svg+xml;base64,' in html
    assert "<figcaption>Figura 1. Requisitos numéricos" in html
    data = html.split("base64,", 1)[1].split('"', 1)[0]
    svg = base64.b64decode(data).decode()
    assert svg.count("<svg") == 1 and 'href="http' not in svg and "url(http" not in svg


def test_estimates_are_hatched():
    svg = charts.threshold_chart(_results()).svg
    # one hatch pattern, filling the estimated bar (art. 4 V) and its legend key
    assert svg.count("<pattern ") == 1
    hatch = re.search(r'<pattern id="(h[0-9a-f]+)"', svg).group(1)
    assert svg.count(f"url(#{hatch})") == 2
    # a certified figure alone: no hatch
    assert "<pattern" not in charts.threshold_chart(_results()[:1]).svg


def test_no_numeric_result_gives_no_chart():
    assert charts.threshold_chart([_results()[2]]) is None


def _big(value: float) -> RuleResult:
    return RuleResult("art4.par1", "Remanescente", Status.PASS, "ok", value=value, threshold=3000,
                      comparator=">", unit="habitantes", basis=Basis.CERTIFIED, subject="Anápolis")


def test_bars_beyond_five_times_are_said_to_be_cut():
    """132× cannot be drawn to scale beside 1×: the bar stops at 5× and the caption says so,
    while the alt text keeps the true ratio."""
    cut = charts.threshold_chart([*_results(), _big(396_420)])
    assert "barras acima de 5 vezes a exigência são cortadas nesse ponto" in cut.caption
    assert "Art. 4º, § 1º — Anápolis: 132,14 vezes a exigência (cumprido)" in cut.alt
    assert "cortadas" not in charts.threshold_chart([*_results(), _big(15_000)]).caption  # 5,00×


def test_a_glyph_missing_from_the_font_warns_nothing():
    import warnings

    from matplotlib.figure import Figure

    from viabilidade.report.charts import figure_svg

    fig = Figure()
    fig.add_subplot().set_title("Nova \u540d\u524d \U0001F3DB")   # CJK and an emoji
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        svg = figure_svg(fig)
    assert svg.startswith("<?xml") and [str(w.message) for w in caught] == []


def test_the_legend_is_one_row_only_when_its_labels_fit_the_width():
    """Final legal read, item 15: the certified study's three long labels ran past the page in
    one row; they now take one line each, while short ones stay in a row."""
    declared = [("", "", "", "", "conforme documento declarado (a conferir com o original)"),
                ("", "", "", "", "indeterminado"),
                ("", "", "", "", "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)")]
    assert charts.legend_columns(declared) == 1
    short = [("", "", "", "", "cumprido"), ("", "", "", "", "indeterminado")]
    assert charts.legend_columns(short) == 2
    assert charts.legend_columns(short * 2) == 1   # more than three entries: one per line
