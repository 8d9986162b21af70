"""Printed precision matches the data (issue 22, part 6): distances from point data to the
10 m, between polygons to the metre, areas to 0,01 km² — and a rounded value never reads on
the other side of a threshold than the value the rule decided on."""

from __future__ import annotations

import pytest

from viabilidade.report.writers import format as fmt
from viabilidade.rules.common import numeric_result
from viabilidade.common.precision import AREA_KM2, POINT_M, POLYGON_M, rounded
from viabilidade.rules.result import Basis, Figure, Status

NB = "\u00a0"


def plain(text: str) -> str:
    return text.replace(NB, " ")


def test_steps_by_kind_of_data():
    assert rounded(12753.88, POINT_M) == (12750.0, 0)     # seat to vila, Posse d'Abadia
    assert rounded(12753.88, POLYGON_M) == (12754.0, 0)
    assert rounded(301.761, AREA_KM2) == (301.76, 2)      # Posse d'Abadia, Censo 2022
    assert rounded(12755.0, POINT_M) == (12760.0, 0)      # halves away from zero
    assert rounded(12753.88, None) == (12753.88, None)    # a certificate: as given


def test_rounding_keeps_the_side_of_the_threshold():
    # 5.996 m fails "no mínimo 6.000 m": to the 10 m it would read 6.000 m, which passes
    assert rounded(5996.0, POINT_M, 6000) == (5996.0, 0)
    assert rounded(5999.96, POINT_M, 6000) == (5999.96, 2)
    assert rounded(6004.0, POINT_M, 6000) == (6004.0, 0)    # 6.000 would read "exactly on it"
    assert rounded(6000.0, POINT_M, 6000) == (6000.0, 0)
    assert rounded(6013.0, POINT_M, 6000) == (6010.0, 0)    # far enough: the 10 m step holds
    assert rounded(-4.0, POINT_M, 0) == (-4.0, 0)          # a margin never rounds to zero


def test_quantity_prints_at_the_step_and_the_km_agrees():
    assert plain(fmt.quantity(12753.88, "m", precision=POINT_M)) == "12.750 m (12,75 km)"
    assert plain(fmt.quantity(12753.88, "m", precision=POLYGON_M)) == "12.754 m (12,75 km)"
    assert plain(fmt.quantity(5996.0, "m", precision=POINT_M, pivot=6000)) == "5.996 m (5,996 km)"
    assert plain(fmt.quantity(12753.88, "m")) == "12.753,88 m (12,75 km)"   # no step: as given
    # an area figure to 0,01 km²; a threshold such as art. 6's tolerance as the law gives it
    assert plain(fmt.estimate(301.761, "km²")) == "301,76 km²"
    assert plain(fmt.estimate(492.9, "km²", basis="published")) == "492,90 km²"
    assert plain(fmt.estimate(46.595, "km²")) == "46,59 km²"   # 46,59497… stored at 3 decimals
    assert plain(fmt.quantity(1, "km²")) == "1 km²"


def _gap(value: float, step: float | None = POINT_M) -> Figure:
    return Figure(value, "m", Basis.MEASURED, "IBGE, sedes", "2022", precision=step)


def _ii(figure: Figure):
    return numeric_result("art4.II", "Distância", figure, 6000.0, ">=", unit="m",
                          certifier="IBGE", missing="", what="distância")


def test_the_rule_decides_unrounded_and_says_so_in_its_text():
    passed = _ii(_gap(12753.88))
    assert passed.status == Status.PASS and passed.value == 12753.88
    assert passed.reason.startswith("Distância de 12.750 m atende ao exigido (no mínimo 6.000 m); "
                                    "margem de 6.750 (")
    assert passed.details["precisao"] == POINT_M
    failed = _ii(_gap(5996.0))
    assert failed.status == Status.FAIL
    assert failed.reason.startswith("Distância de 5.996 m não atende ao exigido (no mínimo "
                                    "6.000 m); margem de \u22124 (")
    close = _ii(_gap(5999.99))
    assert close.status == Status.FAIL and "de 5.999,99 m não atende" in close.reason
    assert "6.000 m não atende" not in close.reason
    # 6.000,4 m to the metre would read as exactly on the threshold: one more decimal
    polygon = _ii(_gap(6000.4, POLYGON_M))
    assert polygon.status == Status.PASS and "Distância de 6.000,4 m atende" in polygon.reason
    assert "margem de 0,4 (" in polygon.reason
    # the JSON keeps the value unrounded, with the step
    d = polygon.to_dict()
    assert d["value"] == 6000.4 and d["details"]["precisao"] == 1.0


@pytest.mark.parametrize("value,text", [(5996.0, "5.996 m (5,996 km)"),
                                        (6013.0, "6.010 m (6,01 km)")])
def test_the_tables_print_the_value_at_its_step(value, text):
    from viabilidade.report.writers.tables import margin_text, value_only

    r = _ii(_gap(value))
    assert plain(value_only(r)) == text
    assert plain(margin_text(r)).startswith("\u22124 m" if value < 6000 else "+10 m")


def test_an_area_prints_to_the_hundredth_of_a_km2_and_never_as_none_when_it_is_not():
    # legal review 3, finding 4: the correction printed "0,0508 km²" and "1,0000 km²"
    from viabilidade.common.numbers import km2
    from viabilidade.rules.art6 import tolerance_text

    assert km2(0.05078) == "0,05\u00a0km²"
    assert km2(0.0) == "0,00\u00a0km²"
    assert km2(0.003, 0.0) == "0,003\u00a0km²"          # a strip is never printed as none
    assert km2(1.004, 1.0) == "1,004\u00a0km²"          # above a tolerance of 1 km² stays above
    assert km2(-0.05078) == "\u22120,05\u00a0km²"
    assert tolerance_text(1) == "1\u00a0km²" and tolerance_text(0.5) == "0,5\u00a0km²"
