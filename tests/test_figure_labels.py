"""Labels of the study's figures stay whole and apart (new-user review).

Figure 1 (the requirements chart): a long origin name ("São Luís de Montes Belos
(remanescente)") pushed the axis right, and its bar label "10,88× (cortada)" and the x-axis
title ran past the figure's edge, cut in the PDF. The map: a district's approximate territory
was labelled at its representative point, which lies by its vila, over the proposed seat's name
and the measured distance.
"""

from __future__ import annotations

import shapely

from viabilidade.report import charts
from viabilidade.rules.result import Basis, Lean, RuleResult, Status

LONG = "São Luís de Montes Belos (remanescente)"


def _rows(subject: str) -> list[RuleResult]:
    return [
        RuleResult("art4.IV", "População", Status.FAIL, "ok", value=1202, threshold=3000,
                   comparator=">", unit="habitantes", basis=Basis.PUBLISHED),
        RuleResult("art4.VI", "Edificações", Status.INDETERMINATE, "est", value=504, threshold=200,
                   comparator=">=", unit="edificações", basis=Basis.ESTIMATED,
                   lean=Lean.LIKELY_PASS, details={"incerteza": 252}),
        RuleResult("art4.par1", "Remanescente", Status.INDETERMINATE, "ok", value=32650,
                   threshold=3000, comparator=">", unit="habitantes", basis=Basis.PUBLISHED,
                   subject=subject),
    ]


def _drawn(monkeypatch, rows):
    """The chart's figure as drawn (figure_svg is where threshold_chart hands it over)."""
    seen = {}
    real = charts.figure_svg

    def keep(fig):
        seen["fig"] = fig
        return real(fig)

    monkeypatch.setattr(charts, "figure_svg", keep)
    chart = charts.threshold_chart(rows)
    return chart, seen["fig"]


def _outside(fig) -> list[str]:
    """The texts of ``fig`` that run past its edges (in pixels, with a pixel's slack)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    out = []
    for t in fig.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "get_window_extent")):
        if not t.get_visible() or not t.get_text():
            continue
        bb = t.get_window_extent(renderer)
        if bb.x0 < -1 or bb.x1 > width + 1 or bb.y0 < -1 or bb.y1 > height + 1:
            out.append(t.get_text())
    return out


def test_a_long_origin_name_wraps_and_every_label_stays_in_figure_1(monkeypatch):
    chart, fig = _drawn(monkeypatch, _rows(LONG))
    assert _outside(fig) == []
    ticks = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert ticks == ["Art. 4º, IV", "Art. 4º, VI", f"Art. 4º, § 1º —\n{LONG}"]
    assert "10,88× (cortada)" in [t.get_text() for t in fig.axes[0].texts]
    # the alt text keeps the name whole, on one line
    assert f"Art. 4º, § 1º — {LONG}: 10,88 vezes a exigência" in chart.alt


def test_a_short_origin_name_stays_on_one_line(monkeypatch):
    _, fig = _drawn(monkeypatch, _rows("Abadiânia (remanescente)"))
    assert _outside(fig) == []
    assert fig.axes[0].get_yticklabels()[2].get_text() == (
        "Art. 4º, § 1º — Abadiânia (remanescente)")


def test_axis_labels_wrap_past_forty_characters_and_at_most_four_lines():
    assert charts.axis_label("Art. 4º, IV") == "Art. 4º, IV"
    forty = "Art. 4º, § 1º — " + "x" * 24
    assert len(forty) == 40 and charts.axis_label("Art. 4º, § 1º", "x" * 24) == forty
    assert charts.axis_label("Art. 4º, § 1º", "x" * 25) == "Art. 4º, § 1º —\n" + "x" * 25
    many = charts.axis_label("Art. 4º, § 1º", " ".join(["palavra"] * 30))
    assert many.count("\n") == 3 and many.endswith("…")
    assert all(len(line) <= charts.LABEL_CHARS for line in many.split("\n"))


def test_the_approximate_territorys_label_keeps_clear_of_the_seat_and_the_distance():
    """A 40 km square drawn in a 60 km view, a seat with its name at the square's centre (where
    its representative point lies): the label's box leaves that name's box and the seat, inside
    the square; with nothing to avoid it stays inside too."""
    from matplotlib.figure import Figure

    from viabilidade.geo import maps

    fig = Figure(figsize=(6, 6))
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    maps._frame(ax, (0, 0, 40_000, 40_000), 6, 6, pad=0.25)
    square = shapely.box(0, 0, 40_000, 40_000)
    per_pt = maps._pt(ax)
    seat = [shapely.Point(20_000, 20_000).buffer(7 * per_pt),
            maps._text_box(20_000, 20_000, "Posse d'Abadia (sede proposta)", 7.5, 5, 4, per_pt)]
    text = maps.APPROX_LABEL.replace(" — ", " —\n")
    free = maps._label_point(ax, square, text, 7, seat)
    half_w = len("território aproximado —") * maps.CHAR_EM * 7 * per_pt / 2
    half_h = 2 * maps.LINE_EM * 7 * per_pt / 2
    label = shapely.box(free.x - half_w, free.y - half_h, free.x + half_w, free.y + half_h)
    assert not label.intersects(shapely.union_all(seat))
    assert square.contains(label)
    alone = maps._label_point(ax, square, text, 7, [])   # with nothing to avoid: inside
    assert square.contains(shapely.box(alone.x - half_w, alone.y - half_h,
                                       alone.x + half_w, alone.y + half_h))
