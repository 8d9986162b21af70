"""Art. 8 audit of the 246 municipalities (viabilidade.statewide.views.audit) on the processed store."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.statewide import maps
from viabilidade.statewide import views as sw
from viabilidade.errors import DataError
from viabilidade.rules.settings import Settings

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@dataclasses.dataclass
class FakeStore:
    """The real store's tables, some of them edited (same attributes the code reads)."""

    municipalities: pd.DataFrame
    electorate_profile: pd.DataFrame
    state_revenue: pd.DataFrame
    boundaries: object = None


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def revised(store):
    return sw.audit(store, Settings(population_vintage="revised"))


@pytest.fixture(scope="module")
def first_release(store):
    return sw.audit(store, Settings(population_vintage="first-release"))


@pytest.mark.parametrize("table", ["revised", "first_release"])
def test_42_municipalities_fail_item_iv_with_anhanguera_smallest(table, request):
    audit = request.getfixturevalue(table)
    assert len(audit) == 246
    fail = sw.failing(audit, "IV")
    assert len(fail) == 42
    assert (fail["populacao"] <= 3000).all()
    assert fail.iloc[0]["cod_ibge"] == "5201207"
    assert fail.iloc[0]["nome"] == "Anhanguera"
    assert fail.iloc[0]["populacao"] == 924
    assert set(audit.loc[audit["situacao"] == "fail", "itens_perdidos"]) == {"IV"}


def test_both_sides_of_item_iv(revised):
    passing = revised[revised["IV_status"] == "pass"]
    failing = revised[revised["IV_status"] == "fail"]
    assert passing["populacao"].min() == 3002
    assert failing["populacao"].max() == 2985  # Castelândia
    nova_iguacu = revised.set_index("cod_ibge").loc["5214879"]
    assert nova_iguacu["populacao"] == 3010
    assert (nova_iguacu["IV_status"], nova_iguacu["IV_margem"]) == ("pass", 10)


def test_revised_and_first_release_differ_where_ibge_revised(revised, first_release):
    a = revised.set_index("cod_ibge")["populacao"]
    b = first_release.set_index("cod_ibge")["populacao"]
    assert a.sum() == 7_056_495
    assert b.sum() == 7_055_228
    assert int((a != b).sum()) == 22
    assert set(sw.failing(revised, "IV")["cod_ibge"]) == set(sw.failing(first_release, "IV")["cod_ibge"])


def test_exactly_3000_fails_and_3001_passes(store):
    m = store.municipalities.copy()
    m.loc[m["cod_ibge"] == "5201207", "populacao"] = 3000
    m.loc[m["cod_ibge"] == "5205059", "populacao"] = 3001  # Castelândia, 2,985 in the census
    fake = FakeStore(m, store.electorate_profile, store.state_revenue)
    audit = sw.audit(fake, Settings()).set_index("cod_ibge")
    assert audit.at["5201207", "IV_status"] == "fail"
    assert audit.at["5201207", "IV_margem"] == 0
    assert audit.at["5205059", "IV_status"] == "pass"
    assert len(sw.failing(audit, "IV")) == 41


def test_exactly_1000_electors_fail_and_1001_pass(store):
    e = store.electorate_profile.copy()
    e.loc[e["cod_ibge"] == "5201207", "eleitores"] = 1000
    e.loc[e["cod_ibge"] == "5214879", "eleitores"] = 1001
    audit = sw.audit(FakeStore(store.municipalities, e, store.state_revenue), Settings())
    a = audit.set_index("cod_ibge")
    assert (a.at["5201207", "V_status"], a.at["5201207", "V_margem"]) == ("fail", 0)
    assert a.at["5201207", "itens_perdidos"] == "IV,V"
    assert a.at["5214879", "V_status"] == "pass"
    assert len(sw.failing(audit, "V")) == 1


def test_electors_published_buildings_estimated_collection_missing(revised, store):
    a = revised.set_index("cod_ibge")
    # TSE, perfil do eleitorado de 2026 (1.229 in the 2022 roll): more electors than residents
    assert a.at["5201207", "eleitores"] == 1744
    assert a.at["5201207", "V_status"] == "pass"
    # Bom Jesus de Goiás, derived from the state total: estimated, so never "pass" on its own
    assert (a.at["5203500", "eleitores"], a.at["5203500", "eleitores_basis"]) == (18155, "estimated")
    assert (a.at["5203500", "V_status"], a.at["5203500", "V_lean"]) == ("indeterminate", "likely pass")
    assert (revised.set_index("cod_ibge").drop(index="5203500")["V_status"]
            == "pass").all()
    # occupied dwellings stand in for buildings: estimated, never pass or fail
    assert set(revised["VI_status"]) == {"indeterminate"}
    assert a.at["5214879", "edificacoes"] == 1111
    assert a.at["5214879", "VI_lean"] == "likely pass"
    assert a.at["5201207", "VI_lean"] == ""  # 358 ± 179 straddles 200
    assert set(revised["VII_status"]) == {"indeterminate"}
    rev = sw.state_revenue(store)
    assert a.at["5201207", "VII_limite"] == pytest.approx(rev["total"] * 0.0001)
    counts = sw.status_counts(revised)
    assert counts.loc["IV"].tolist() == [204, 42, 0, 0, 0]
    assert counts.loc["VII"].tolist() == [0, 0, 0, 0, 246]


def test_missing_electorate_row_is_named(store):
    e = store.electorate_profile[store.electorate_profile["cod_ibge"] != "5203500"]
    fake = FakeStore(store.municipalities, e, store.state_revenue)
    with pytest.raises(DataError, match=re.escape(
            "arquivo electorate_profile, coluna 'eleitores': o município 5203500 (Bom Jesus de "
            "Goiás) não tem eleitorado; esperado o eleitorado de todos os municípios")):
        sw.municipality_frame(fake)


def test_failing_rejects_unknown_item(revised):
    with pytest.raises(DataError, match=re.escape(
            "coluna 'VIII_status': encontrado 'VIII'; esperado um item do art. 4º entre IV, V, "
            "VI, VII, com coluna de status")):
        sw.failing(revised, "VIII")


def test_audit_map_outlines_the_42(revised, store):
    chart = maps.audit_map(revised, store.boundaries)
    assert chart.svg.startswith("<?xml")
    assert "não atinge ao menos um item (IV a VII) com os dados publicados: 42" in chart.alt
    assert "indeterminado (dado estimado ou não publicado): 204" in chart.alt
    assert not re.search(r'(?:src|href)="https?:', chart.svg)


def test_audit_map_needs_every_boundary(revised, store):
    b = store.boundaries[store.boundaries["cod_ibge"] != "5201207"]
    with pytest.raises(DataError, match="o município 5201207 não tem limite; esperado o limite "
                                        "de todos os municípios auditados"):
        maps.audit_map(revised, b)
