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
    assert str(e.value) == ("arquivo candidato.csv, linha 7, coluna 'cod_ibge': encontrado "
                            "'93734', que é o código TSE de GOIÂNIA; esperado o código IBGE de "
                            "município com 7 algarismos (5208707)")
    with pytest.raises(DataError, match="que é o código TSE de GOIÂNIA \\(IBGE 5208707\\)"):
        cw.ibge_to_tse("93734")


def test_five_digit_code_rejected_without_crosswalk():
    with pytest.raises(DataError) as e:
        ibge_code("92886", file="x.csv", row=2, column="cod_ibge")
    assert str(e.value) == ("arquivo x.csv, linha 2, coluna 'cod_ibge': encontrado '92886', com "
                            "5 algarismos como um código TSE; esperado um código IBGE de "
                            "município com 7 algarismos (converta-o com codes.tse_to_ibge)")


def test_ibge_code_where_tse_expected(cw):
    with pytest.raises(DataError) as e:
        cw.tse_to_ibge("5208707", file="zonas.csv", row=3, column="CD_MUNICIPIO")
    assert str(e.value) == ("arquivo zonas.csv, linha 3, coluna 'CD_MUNICIPIO': encontrado "
                            "'5208707', com 7 algarismos como um código IBGE; esperado um código "
                            "TSE de município com 5 algarismos (converta-o com codes.ibge_to_tse)")


def test_tse_code_that_lost_leading_zeros():
    with pytest.raises(DataError) as e:
        tse_code(1120, file="perfil.csv", row=9, column="CD_MUNICIPIO")
    assert str(e.value) == ("arquivo perfil.csv, linha 9, coluna 'CD_MUNICIPIO': encontrado "
                            "'1120': o código perdeu os zeros à esquerda (leia-o como texto; "
                            "pode ser '01120'); esperado um código TSE de município com 5 "
                            "algarismos")
    assert tse_code("01120") == "01120"


def test_ibge_code_shapes():
    assert ibge_code(5208707) == "5208707"
    assert ibge_code("520010010", digits=9) == "520010010"
    with pytest.raises(DataError, match="encontrado '520870' \\(6 algarismos\\); esperado um "
                                        "código IBGE de município com 7 algarismos"):
        ibge_code("520870")
    with pytest.raises(DataError, match="encontrado '9908707'; esperado um código IBGE de município começando pelo código de uma UF"):
        ibge_code("9908707")
    with pytest.raises(DataError, match="encontrado 'GO-5208707'"):
        ibge_code("GO-5208707")


def test_unknown_code(cw):
    with pytest.raises(DataError, match="o código TSE '99999' não está na tabela de "
                                        "correspondência TSE↔IBGE \\(246 municípios\\)"):
        cw.tse_to_ibge("99999")


def test_name_match_reports_itself(cw):
    with pytest.warns(NameMatchWarning, match="'Anhanguera' associado ao IBGE 5201207 pelo nome"):
        assert cw.match_name("Anhanguera") == "5201207"  # TSE spells ANHANGÜERA
    with pytest.warns(NameMatchWarning):
        assert cw.match_name("são joão d’aliança") == cw.match_name("SÃO JOÃO D'ALIANÇA")
    with pytest.raises(DataError, match="o nome 'Brasilia' não corresponde a nenhum município"):
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
    with pytest.raises(DataError, match="com 5 algarismos como um código TSE"):
        ibge_code(str(n))


@given(st.integers(min_value=0, max_value=9999))
def test_integer_tse_codes_below_10000_lost_zeros(n):
    with pytest.raises(DataError, match="perdeu os zeros à esquerda"):
        tse_code(n)
    assert tse_code(str(n).zfill(5)) == str(n).zfill(5)


@given(st.text(min_size=1, max_size=30))
def test_normalize_name_is_idempotent(s):
    once = codes.normalize_name(s)
    assert codes.normalize_name(once) == once
