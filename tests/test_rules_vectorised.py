"""Screening many areas: same answers as the scalar rules; order-independent; monotone."""

import dataclasses

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings as hsettings, strategies as st
from test_rules_fixtures import GOIAS_2022_REVENUE_BRL, simple_profile, state_revenue_2022

from viabilidade.errors import DataError
from viabilidade.rules import Settings
from viabilidade.rules.art4 import numeric_item
from viabilidade.rules.result import Basis, Figure, Status
from viabilidade.rules.vectorised import decide, screen

S = Settings()
ITEMS = ("IV", "V", "VI", "VII")
REV = float(GOIAS_2022_REVENUE_BRL)


def test_decide_rejects_bad_input():
    with pytest.raises(ValueError, match=r"comparator must be '>' or '>=', found '<'"):
        decide([1], [1], "<", "certified")
    with pytest.raises(ValueError, match=r"encontrada a base 'guess'; esperada certified, published, measured ou estimated"):
        decide([1], [1], ">", "guess")


def test_screen_boundaries_and_revenue_centavo():
    df = pd.DataFrame({"populacao": [3000, 3001], "eleitores": [1000, 1001], "edificacoes": [199, 200],
                       "arrecadacao": [2_760_601.80, 2_760_601.81], "receita_estadual": [REV, REV]})
    res = screen(df, S)
    for item in ITEMS:
        assert res[f"{item}_status"].tolist() == ["fail", "pass"], item
    red = screen(pd.DataFrame({"populacao": [2000, 2001], "eleitores": [666, 667], "edificacoes": [133, 134]}),
                 S, reduced=True)
    for item in ("IV", "V", "VI"):
        assert red[f"{item}_status"].tolist() == ["fail", "pass"], item
    assert red["VII_status"].tolist() == ["indeterminate"] * 2


def test_screen_error_names_the_columns():
    with pytest.raises(DataError, match=r"encontradas as colunas nome; esperada ao menos uma de populacao, "
                                        r"eleitores, edificacoes, arrecadacao"):
        screen(pd.DataFrame({"nome": ["x"]}), S)
    with pytest.raises(DataError, match=r"coluna 'populacao_basis': encontrada a base 'chute'; esperada "
                                        r"certified, published, measured ou estimated \(primeira no índice 1\)"):
        screen(pd.DataFrame({"populacao": [1, 2], "populacao_basis": ["certified", "chute"]}), S)


counts = st.integers(min_value=0, max_value=20_000)
money = st.one_of(st.none(), st.integers(min_value=0, max_value=10_000_000_00).map(lambda c: c / 100))
basis = st.sampled_from(["certified", "measured", "estimated"])
row = st.fixed_dictionaries({
    "populacao": counts, "eleitores": counts, "edificacoes": st.integers(0, 2000), "arrecadacao": money,
    "eleitores_basis": basis, "eleitores_incerteza": st.integers(0, 500), "edificacoes_basis": basis})


def _frame(rows):
    df = pd.DataFrame(rows)
    df["arrecadacao"] = pd.to_numeric(df["arrecadacao"], errors="coerce")
    df["receita_estadual"] = REV
    return df


@hsettings(max_examples=40, deadline=None)
@given(st.lists(row, min_size=1, max_size=12), st.booleans())
def test_scalar_and_vectorised_agree(rows, reduced):
    res = screen(_frame(rows), S, reduced=reduced)
    for i, r in enumerate(rows):
        area = simple_profile(r["populacao"], r["eleitores"], r["edificacoes"]).area
        area = dataclasses.replace(
            area,
            electors=Figure(r["eleitores"], "eleitores", Basis(r["eleitores_basis"]), "t", "2022",
                            r["eleitores_incerteza"]),
            buildings=Figure(r["edificacoes"], "edificações", Basis(r["edificacoes_basis"]), "t", "2022"),
            collection=Figure(r["arrecadacao"], "BRL", Basis.CERTIFIED, "t", "2022"))
        for item in ITEMS:
            one = numeric_item(item, area, S, reduced=reduced, state_rev=state_revenue_2022())
            assert res[f"{item}_status"].iloc[i] == one.status.value
            assert (res[f"{item}_lean"].iloc[i] or None) == (one.lean.value if one.lean else None)


@hsettings(max_examples=60, deadline=None)
@given(st.lists(row, min_size=2, max_size=30), st.randoms(use_true_random=False))
def test_screen_does_not_depend_on_row_order(rows, rnd):
    df = _frame(rows)
    perm = list(range(len(df)))
    rnd.shuffle(perm)
    a = screen(df, S)
    b = screen(df.iloc[perm], S).loc[a.index]
    pd.testing.assert_frame_equal(a, b)


RANK = {"fail": 0, "indeterminate": 1, "pass": 2}


@hsettings(max_examples=80, deadline=None)
@given(st.lists(row, min_size=1, max_size=20), st.integers(0, 5000), st.booleans())
def test_raising_a_count_never_turns_pass_into_fail(rows, extra, reduced):
    df = _frame(rows)
    up = df.copy()
    for col in ("populacao", "eleitores", "edificacoes", "arrecadacao"):
        up[col] = up[col] + extra
    a, b = screen(df, S, reduced=reduced), screen(up, S, reduced=reduced)
    for item in ITEMS:
        before, after = a[f"{item}_status"], b[f"{item}_status"]
        assert not ((before == "pass") & (after == "fail")).any()
        # and a decided value never gets worse
        decided = before != "indeterminate"
        assert (before[decided].map(RANK) <= after[decided].map(RANK)).all()


def test_margins_are_value_minus_threshold():
    res = screen(pd.DataFrame({"populacao": [3045]}), S)
    assert res.loc[0, "IV_margem"] == 45
    assert res.loc[0, "IV_margem_pct"] == pytest.approx(1.5)
    assert np.isnan(res.loc[0, "VII_margem"])
    assert res.loc[0, "VII_status"] == Status.INDETERMINATE
