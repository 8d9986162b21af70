"""pt-BR formatting (Babel): numbers, money, percentages, dates, labels."""

import datetime as dt

import pytest

from viabilidade.report.writers import format as fmt
from viabilidade.rules.result import Basis, Lean, Status, Verdict

NBSP = "\u00a0"


def test_numbers_use_dot_thousands_and_comma_decimals():
    assert fmt.number(3010) == "3.010"
    assert fmt.number(3045.0) == "3.045"
    assert fmt.number(7056495) == "7.056.495"
    assert fmt.number(1.5) == "1,5"
    assert fmt.number(1911.4, 1) == "1.911,4"
    assert fmt.number(None) == "—"
    assert fmt.number(float("nan")) == "—"


def test_money_in_reais():
    assert fmt.money(2760601.80) == f"R${NBSP}2.760.601,80"
    assert fmt.money(24248259000, 2022) == f"R${NBSP}24.248.259.000,00 (2022)"
    assert fmt.money(None) == "—"


def test_percent():
    assert fmt.percent(1.5) == f"1,50{NBSP}%"
    assert fmt.percent(-3.333, 1) == f"\u22123,3{NBSP}%"
    assert fmt.percent(0.01, 4) == f"0,0100{NBSP}%"


def test_dates_long_with_ordinal_first_day_and_short():
    assert fmt.date_long(dt.date(2029, 1, 1)) == "1º de janeiro de 2029"
    assert fmt.date_long(dt.date(2028, 10, 1)) == "1º de outubro de 2028"
    assert fmt.date_long(dt.date(2029, 4, 2)) == "2 de abril de 2029"
    assert fmt.date_short(dt.date(2029, 1, 1)) == "01/01/2029"


def test_status_labels_in_portuguese():
    assert fmt.status_label(Status.PASS) == "cumprido"
    assert fmt.status_label("fail") == "não cumprido"
    assert fmt.status_label("indeterminate") == "indeterminado"
    assert fmt.status_label(Status.NOT_APPLICABLE) == "não se aplica"
    assert fmt.status_label("indeterminate", Lean.LIKELY_PASS) == "indeterminado (provável atendimento)"
    assert fmt.status_label("indeterminate", "likely fail") == "indeterminado (provável não atendimento)"
    # a lean only qualifies an indeterminate status
    assert fmt.status_label("pass", "likely pass") == "cumprido"


def test_basis_verdict_comparator_labels():
    assert [fmt.basis_label(b) for b in Basis] == ["certificado", "documento declarado", "publicado",
                                                   "medido", "estimado"]
    assert fmt.status_label("pass", basis="declared") == ("conforme documento declarado (a "
                                                          "conferir com o original)")
    assert fmt.status_plural("fail", "declared") == ("não cumpridos conforme documentos declarados "
                                                     "(a conferir com os originais)")
    assert fmt.verdict_label(Verdict.INVIAVEL) == "inviável"
    assert fmt.comparator_label(">") == "mais de"
    assert fmt.comparator_label(">=") == "no mínimo"


def test_unknown_status_is_an_error():
    with pytest.raises(ValueError, match="'passed' is not a valid Status"):
        fmt.status_label("passed")


def test_quantities_with_units():
    assert fmt.quantity(3045, "habitantes") == f"3.045{NBSP}habitantes"
    assert fmt.quantity(6000, "m") == f"6.000{NBSP}m (6,00{NBSP}km)"
    assert fmt.quantity(512.25, "km²") == f"512,25{NBSP}km²"
    assert fmt.quantity(10.0, "BRL") == f"R${NBSP}10,00"
    assert fmt.quantity(None, "habitantes") == "—"
    assert fmt.quantity(2027, "ano") == "2027"


def test_negative_numbers_use_the_minus_sign():
    assert fmt.number(-2076) == "\u22122.076"
    assert fmt.number(2076) == "2.076"


def test_status_tally_agrees_in_number():
    from viabilidade.rules.result import Status
    assert fmt.status_tally({Status.PASS: 2, Status.INDETERMINATE: 11}) == \
        "2 requisitos cumpridos; 11 indeterminados"
    assert fmt.status_tally({Status.PASS: 1, Status.FAIL: 1, Status.NOT_APPLICABLE: 0}) == \
        "1 requisito cumprido; 1 não cumprido"
    assert fmt.status_tally({Status.INDETERMINATE: 0, Status.NOT_APPLICABLE: 3}) == "3 requisitos não se aplicam"


def test_verdict_agrees_with_a_feminine_noun():
    assert fmt.verdict_label("indeterminado", feminine=True) == "indeterminada"
    assert fmt.verdict_label("indeterminado") == "indeterminado"
    assert fmt.verdict_label("viável", feminine=True) == "viável"


def test_count_and_dates_in_text():
    assert fmt.count(10812, "eleitor", "eleitores") == "10.812 eleitores"
    assert fmt.count(1, "requisito") == "1 requisito"
    assert fmt.dates_in_text("IBGE (2022-08-01); 2020-11-30 a 2024-08-19") == \
        "IBGE (01/08/2022); 30/11/2020 a 19/08/2024"
    assert fmt.dates_in_text("commit c39dfb0") == "commit c39dfb0"


def test_estimated_counts_print_whole_and_missing_values_have_no_basis():
    assert fmt.estimate(1910.5, "eleitores", 397.8, "estimated") == f"1.911 ± 398{NBSP}eleitores"
    assert fmt.estimate(3045, "habitantes", None, "certified") == f"3.045{NBSP}habitantes"
    assert fmt.basis_label("certified", None) == "sem dado"
    assert fmt.basis_label("certified", 10) == "certificado"


def test_a_bare_carriage_return_in_a_csv_cell_is_quoted():
    """Hostile retrial G: a candidate file named 'a\\rb.toml' split its row of resultados.csv."""
    import csv
    import io

    import pandas as pd

    from viabilidade.report.writers.format import csv_bytes

    data = csv_bytes(pd.DataFrame({"arquivo": ["a\rb.toml", "=1+1"], "n": [1, 2]}))
    assert data == b'\xef\xbb\xbf"arquivo";"n"\n"a\rb.toml";"1"\n"\'=1+1";"2"\n'
    assert list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";")) == [
        ["arquivo", "n"], ["a\rb.toml", "1"], ["'=1+1", "2"]]
    assert csv_bytes(pd.DataFrame({"arquivo": ["ab.toml"], "n": [1]})) == b"\xef\xbb\xbfarquivo;n\nab.toml;1\n"


def test_a_csv_for_excel_in_portuguese_has_a_bom_semicolons_and_a_decimal_comma():
    """New-user review: Excel (pt-BR) showed resultados.csv as one column with garbled
    accents. A number with decimals takes a comma, a whole one none, a missing one is empty;
    a text holding ';' is quoted; a negative number is a number, not a formula."""
    import pandas as pd

    from viabilidade.report.writers.format import csv_bytes, csv_number

    assert [csv_number(v) for v in (301.761, 3045.0, 3045, 473.6, -2.5, None, float("nan"),
                                    pd.NA, 14771692.954805244)] == [
        "301,761", "3045", "3045", "473,6", "-2,5", None, None, None, "14771692,954805244"]
    frame = pd.DataFrame({"nome": ["Abadiânia", "a; b"],
                          "area_km2": pd.array([301.761, None], dtype="Float64")})
    assert csv_bytes(frame) == ("\ufeffnome;area_km2\nAbadiânia;301,761\n\"a; b\";\n"
                                ).encode("utf-8")


def test_an_estimated_amount_reads_about_millions_or_thousands_never_centavos():
    # legal review 3, finding 4
    nb = "\u00a0"
    assert fmt.money_about(2_478_979.43) == f"cerca de R${nb}2,48{nb}milhões"
    assert fmt.money_about(173_528.56) == f"cerca de R${nb}174{nb}mil"
    assert fmt.money_about(1_000_000) == f"cerca de R${nb}1,00{nb}milhão"
    # singular below two (issue 33: "R$ 1,23 milhão"), plural from two
    assert fmt.money_about(1_034_018.51) == f"cerca de R${nb}1,03{nb}milhão"
    assert fmt.money_about(1_994_999) == f"cerca de R${nb}1,99{nb}milhão"
    assert fmt.money_about(1_995_000) == f"cerca de R${nb}2,00{nb}milhões"
    assert fmt.money_about(-1_500_000) == f"cerca de \u2212R${nb}1,50{nb}milhão"
    assert fmt.money_about(None) == "—"
    # art. 4 VII's limit of R$ 2.900.224,28 never prints on the wrong side of the value
    assert fmt.money_about(2_900_224.28, 2_950_000) == f"cerca de R${nb}2,90{nb}milhões"
    assert fmt.money_about(2_900_224.28, 2_900_100) == f"cerca de R${nb}2,9002{nb}milhões"
