"""TSE ↔ IBGE codes: conversion, and rejection of a code of the wrong system or damaged."""

import warnings
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.data import codes
from viabilidade.data.codes import Crosswalk, NameMatchWarning, ibge_code, tse_code
from viabilidade.errors import DataError

ROOT = Path(__file__).resolve().parents[1] / "data" / "processed"


@pytest.fixture(scope="module")
def cw():
    return codes.load_crosswalk(ROOT)


def test_goiania_both_ways(cw):
    assert codes.tse_to_ibge("93734", cw) == "5208707"
    assert codes.ibge_to_tse("5208707", cw) == "93734"


@pytest.mark.parametrize("tse, ibge", [("92886", "5205513"), ("93084", "5214879"),
                                       ("92908", "5219738"), ("92231", "5201207")])
def test_known_pairs(cw, tse, ibge):
    assert cw.tse_to_ibge(tse) == ibge
    assert cw.ibge_to_tse(ibge) == tse


def test_default_crosswalk_is_the_store():
    assert codes.tse_to_ibge("93734") == "5208707"


def test_tse_code_where_ibge_expected(cw):
    with pytest.raises(DataError) as e:
        cw.check_ibge("93734", file="candidato.csv", row=7, column="cod_ibge")
    assert str(e.value) == ("file candidato.csv, row 7, column 'cod_ibge': expected a 7-digit "
                            "IBGE municipality code, found '93734', which is the TSE code of "
                            "GOIÂNIA; its IBGE code is 5208707")
    with pytest.raises(DataError, match="which is the TSE code of GOIÂNIA \\(IBGE 5208707\\)"):
        cw.ibge_to_tse("93734")


def test_five_digit_code_rejected_without_crosswalk():
    with pytest.raises(DataError) as e:
        ibge_code("92886", file="x.csv", row=2, column="cod_ibge")
    assert str(e.value) == ("file x.csv, row 2, column 'cod_ibge': expected a 7-digit IBGE "
                            "municipality code, found '92886', which has 5 digits like a TSE "
                            "code; convert it with codes.tse_to_ibge")


def test_ibge_code_where_tse_expected(cw):
    with pytest.raises(DataError) as e:
        cw.tse_to_ibge("5208707", file="zonas.csv", row=3, column="CD_MUNICIPIO")
    assert str(e.value) == ("file zonas.csv, row 3, column 'CD_MUNICIPIO': expected a 5-digit "
                            "TSE municipality code, found '5208707', which has 7 digits like an "
                            "IBGE code; convert it with codes.ibge_to_tse")


def test_tse_code_that_lost_leading_zeros():
    with pytest.raises(DataError) as e:
        tse_code(1120, file="perfil.csv", row=9, column="CD_MUNICIPIO")
    assert str(e.value) == ("file perfil.csv, row 9, column 'CD_MUNICIPIO': expected a 5-digit "
                            "TSE municipality code, found '1120': the code lost its leading "
                            "zeros (read it as text; it may be '01120')")
    assert tse_code("01120") == "01120"


def test_ibge_code_shapes():
    assert ibge_code(5208707) == "5208707"
    assert ibge_code("520010010", digits=9) == "520010010"
    with pytest.raises(DataError, match="expected a 7-digit IBGE municipality code, found "
                                        "'520870' \\(6 digits\\)"):
        ibge_code("520870")
    with pytest.raises(DataError, match="starting with a UF code, found '9908707'"):
        ibge_code("9908707")
    with pytest.raises(DataError, match="found 'GO-5208707'"):
        ibge_code("GO-5208707")


def test_unknown_code(cw):
    with pytest.raises(DataError, match="TSE code '99999' is not in the TSE↔IBGE crosswalk "
                                        "\\(246 municipalities\\)"):
        cw.tse_to_ibge("99999")


def test_name_match_reports_itself(cw):
    with pytest.warns(NameMatchWarning, match="'Anhanguera' matched to IBGE 5201207 by name"):
        assert cw.match_name("Anhanguera") == "5201207"  # TSE spells ANHANGÜERA
    with pytest.warns(NameMatchWarning):
        assert cw.match_name("são joão d’aliança") == cw.match_name("SÃO JOÃO D'ALIANÇA")
    with pytest.raises(DataError, match="name 'Brasilia' matches no municipality"):
        cw.match_name("Brasilia")


def test_normalize_name():
    assert codes.normalize_name("ANHANGÜERA") == "anhanguera"
    assert codes.normalize_name("Abadiânia (GO)") == "abadiania"


def test_small_crosswalk_from_table():
    cw = Crosswalk(pd.DataFrame({"cod_tse": ["01120"], "cod_ibge": ["1200013"],
                                 "nome_tse": ["ACRELÂNDIA"]}))
    assert cw.tse_to_ibge("01120") == "1200013"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cw.ibge_to_tse("1200013") == "01120"


from hypothesis import given, strategies as st  # noqa: E402


@given(st.integers(min_value=10000, max_value=99999))
def test_any_five_digit_code_is_not_an_ibge_code(n):
    with pytest.raises(DataError, match="5 digits like a TSE code"):
        ibge_code(str(n))


@given(st.integers(min_value=0, max_value=9999))
def test_integer_tse_codes_below_10000_lost_zeros(n):
    with pytest.raises(DataError, match="lost its leading zeros"):
        tse_code(n)
    assert tse_code(str(n).zfill(5)) == str(n).zfill(5)


@given(st.text(min_size=1, max_size=30))
def test_normalize_name_is_idempotent(s):
    once = codes.normalize_name(s)
    assert codes.normalize_name(once) == once
