"""Distance of each numeric rule from changing status (viabilidade.explore.margins)."""

import pytest

from viabilidade.explore.margins import change_to_flip, margin_text, margins, margins_chart
from viabilidade.rules.result import Basis, RuleResult, Status


@pytest.mark.parametrize("value, threshold, comparator, unit, expected", [
    (3045, 3000, ">", "habitantes", -45),    # 3,000 inhabitants is not "mais de 3.000"
    (3001, 3000, ">", "habitantes", -1),
    (3000, 3000, ">", "habitantes", 1),      # needs 3,001
    (2990, 3000, ">", "habitantes", 11),
    (200, 200, ">=", "edificações", -1),     # "no mínimo 200": 199 fails
    (199, 200, ">=", "edificações", 1),
    (667, 666.67, ">", "eleitores", -1),     # reduced threshold, whole steps
    (6000.0, 6000, ">=", "m", 0.0),          # continuous: at the threshold still passes
    (5999.5, 6000, ">=", "m", 0.5),
])
def test_change_to_flip_both_sides(value, threshold, comparator, unit, expected):
    assert change_to_flip(value, threshold, comparator, unit) == pytest.approx(expected)


def test_change_to_flip_rejects_unknown_comparator():
    with pytest.raises(ValueError, match="comparator must be '>' or '>=', found '<'"):
        change_to_flip(1, 2, "<", "habitantes")


def test_margin_text_posse_dabadia_population():
    assert margin_text(3045, 3000, ">", "habitantes", "published", None) == \
        "45\xa0habitantes acima do limiar; deixa de cumprir com 45\xa0habitantes a menos"
    assert margin_text(3000, 3000, ">", "habitantes", "published", None) == \
        "exatamente no limiar; passa a cumprir com 1\xa0habitante a mais"
    assert margin_text(199, 200, ">=", "edificações", "published", None) == \
        "1\xa0edificação abaixo do limiar; passa a cumprir com 1\xa0edificação a mais"


def test_margin_text_estimates_talk_about_the_lean():
    within = margin_text(1910, 1000, ">", "eleitores", "estimated", 1000)
    assert within.startswith("910\xa0eleitores acima do limiar; estimativa dentro da incerteza")
    leaning = margin_text(1910, 1000, ">", "eleitores", "estimated", 398)
    assert "estimativa com provável atendimento (incerteza" in leaning and "512\xa0eleitores a menos" in leaning
    assert margin_text(900, 1000, ">", "eleitores", "estimated", None).endswith(
        "estimativa sem incerteza declarada: o resultado fica indeterminado")


def _result(rule_id, status, value, threshold, comparator=">", unit="habitantes", basis="published",
            subject="área", details=None):
    return RuleResult(rule_id=rule_id, title="t", status=Status(status), reason="r", subject=subject,
                      value=value, threshold=threshold, comparator=comparator, unit=unit,
                      margin=None if value is None else value - threshold,
                      basis=Basis(basis) if basis else None, details=details or {})


def test_margins_table_rows_and_subchecks():
    par1 = _result("art4.par1", "pass", 14187, 3000, subject="Abadiânia (remanescente)", details={
        "cod_ibge": "5200100",
        "subchecks": {"IV": {"status": "pass", "valor": 14187, "limite": 3000, "comparador": ">",
                             "unidade": "habitantes", "base": "published"},
                      "III": {"status": "indeterminate", "valor": None, "limite": None}}})
    rows = margins([
        _result("art4.IV", "pass", 3045, 3000),
        _result("art4.I", "indeterminate", None, None, comparator=None, basis=None),
        _result("art4.III", "not_applicable", 1, 1),
        par1,
    ])
    assert list(rows["rule_id"]) == ["art4.IV", "art4.par1/IV"]
    iv = rows.iloc[0]
    assert (iv["margin"], iv["change_to_flip"]) == (45, -45)
    assert iv["margin_pct"] == pytest.approx(1.5)
    assert rows.iloc[1]["subject"] == "Abadiânia (remanescente)"
    assert rows.iloc[1]["change_to_flip"] == -11187


def test_margins_chart_has_one_bar_per_row():
    rows = margins([_result("art4.IV", "pass", 3045, 3000),
                    _result("art4.V", "indeterminate", 1910, 1000, unit="eleitores", basis="estimated")])
    fig = margins_chart(rows)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["art. 4º, IV", "art. 4º, V"]
    assert len(ax.patches) == 2
    # The margins are printed in a column right of the plot (axes x = 1.02), never over a bar.
    texts = {t.get_text(): t.get_position()[0] for t in ax.texts}
    assert texts == {"+45\xa0habitantes (+1,5 %)": 1.02, "+910\xa0eleitores (+91,0 %)": 1.02}
    empty = margins_chart(margins([]))
    assert "Nenhum requisito numérico" in empty.axes[0].texts[0].get_text()


def test_margins_chart_axis_spans_every_error_bar():
    # Electors 1.910 ± 1.000 over a threshold of 1.000: bar at +91 %, error ± 100 % -> −9 … 191 %,
    # clipped at 150 %; the axis must show both ends (it used to stop short).
    rows = margins([_result("art4.V", "indeterminate", 1910, 1000, unit="eleitores", basis="estimated",
                            details={"incerteza": 1000})])
    ax = margins_chart(rows).axes[0]
    lo, hi = ax.get_xlim()
    assert lo < -100 and hi > 150
    (bar,) = [c for c in ax.containers if hasattr(c, "lines") and c.lines[2]]
    segments = bar.lines[2][0].get_segments()
    assert segments[0][0][0] == pytest.approx(-9.0) and segments[0][1][0] == pytest.approx(150.0)


def test_measured_but_undecided_rule_has_no_change_to_flip():
    # art. 4 II decided only by a bound (seat-to-territory distance): indeterminate, measured.
    # from the seat point (details["precisao"] = 10 m): the margin is printed to the 10 m
    rows = margins([_result("art4.II", "indeterminate", 12753.88, 6000, comparator=">=", unit="m",
                            basis="measured", details={"precisao": 10.0})])
    row = rows.iloc[0]
    assert row["change_to_flip"] is None and row["precision"] == 10.0
    assert row["texto"] == ("6.750\xa0m (6,75\xa0km) acima do limiar; o valor não decide a regra "
                            "(um limite ou outro requisito em aberto): veja o motivo na tabela de regras")


def test_a_rounded_margin_never_crosses_the_threshold():
    # 5.996 m against "no mínimo 6.000 m" fails; to the 10 m it would read "0 m abaixo" / 6.000
    rows = margins([_result("art4.II", "fail", 5996.0, 6000, comparator=">=", unit="m",
                            basis="measured", details={"precisao": 10.0})])
    assert rows.iloc[0]["texto"] == "4\xa0m abaixo do limiar; passa a cumprir com 4\xa0m a mais"
    rows = margins([_result("art4.II", "pass", 6004.0, 6000, comparator=">=", unit="m",
                            basis="measured", details={"precisao": 10.0})])
    assert rows.iloc[0]["texto"] == "4\xa0m acima do limiar; deixa de cumprir com 4\xa0m a menos"
