"""Geometric projections of population and electors (viabilidade.explore.projection)."""

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.explore.projection import (Projection, ProjectionError, growth_rate, project,
                                            state_rates, year_fraction)
from viabilidade.rules.result import Basis, Figure

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
PROCESSED = Path(__file__).resolve().parents[1] / "data" / "processed"
JEFF = SHARED / "electoral" / "go_eleitorado_municipios_tse_perfil_secao_agregado_jeffairdata.csv"


def test_year_fraction_of_census_and_election_dates():
    assert year_fraction("2022-08-01") == pytest.approx(2022 + 212 / 365)
    assert year_fraction("2022-10-02") == pytest.approx(2022 + 274 / 365)
    assert year_fraction("2026") == 2026.0
    with pytest.raises(ProjectionError, match="data de referência inválida: encontrado 'ano'; esperado um ano"):
        year_fraction("ano")


def test_growth_rate_abadiania_electorate_tse_2022_to_2026_snapshot():
    # Abadiânia: 10,812 eligible electors (TSE, 2 Oct 2022) and 12,614 in the TSE electorate
    # profile of 2026 (July per its aggregation, not checked; year taken as 2026.0): 4.857 % a year.
    r = growth_rate(10812, 2022.75, 12614, 2026.0)
    assert r == pytest.approx(0.0485738, abs=1e-6)
    assert project(10812, r, 2022.75, 2026.0) == pytest.approx(12614)
    assert project(10812, r, 2022.75, 2027.5) == pytest.approx(13544.1, abs=0.1)


def test_growth_rate_rejects_bad_counts():
    with pytest.raises(ProjectionError, match="encontrado 0 e 12614; esperado duas contagens maiores que 0"):
        growth_rate(0, 2022, 12614, 2026)
    with pytest.raises(ProjectionError, match=r"mesmo ano \(2022\)"):
        growth_rate(10, 2022, 12, 2022)
    with pytest.raises(ProjectionError, match="taxa anual inválida: encontrado -1; esperado uma taxa maior que -100 %"):
        project(10, -1, 2022, 2023)


def test_projection_is_estimated_with_uncertainty_and_stated_assumptions():
    base = Figure(3045, "habitantes", Basis.CERTIFIED, "IBGE, Censo 2022", "2022-08-01")
    f = Projection("population", 2030, 0.01, 0.005).apply(base)
    # 3,045 × 1.01 ** (2030.5 − 2022.581) = 3,294.6
    assert f.value == pytest.approx(3294.6, abs=0.05)
    assert f.basis == Basis.ESTIMATED
    assert f.vintage == "2030-07-01"
    lo = 3045 * 1.005 ** (2030.5 - year_fraction("2022-08-01"))
    hi = 3045 * 1.015 ** (2030.5 - year_fraction("2022-08-01"))
    assert f.uncertainty == pytest.approx((hi - lo) / 2, abs=0.05)
    assert f.note.startswith("População projetada para 1º de julho de 2030 por crescimento "
                             "geométrico a 1,00 % a.a. (± 0,50 p.p.); taxa informada pelo usuário.")
    assert "Base: 3.045\xa0habitantes em 2022-08-01" in f.note


def test_negative_growth_projects_downwards():
    base = Figure(1229, "eleitores", Basis.CERTIFIED, "TSE", "2022-10-02")
    f = Projection("electors", 2027, -0.02).apply(base)
    assert f.value < 1229
    assert f.uncertainty == 0.0


@pytest.mark.parametrize("kwargs, message", [
    (dict(quantity="buildings", to_year=2027, rate=0.01), "grandeza desconhecida: encontrado 'buildings'; esperado uma de population, electors"),
    (dict(quantity="population", to_year=1980, rate=0.01), "ano da projeção inválido: encontrado 1980; esperado um ano entre 1990 e 2100"),
    (dict(quantity="population", to_year=2027, rate=-1.5), "taxa anual inválida: encontrado -1.5"),
    (dict(quantity="population", to_year=2027, rate=0.01, rate_uncertainty=-0.1),
     "incerteza da taxa inválida: encontrado -0.1"),
])
def test_projection_validation(kwargs, message):
    with pytest.raises(ProjectionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Projection(**kwargs)


def test_projection_of_missing_figure_is_an_error():
    with pytest.raises(ProjectionError, match="não há valor de population para projetar"):
        Projection("population", 2027, 0.01).apply(Figure(None, "habitantes", Basis.CERTIFIED, "", ""))


@pytest.mark.skipif(not (JEFF.exists() and PROCESSED.exists()),
                    reason=f"needs {JEFF} and the processed store at {PROCESSED}")
def test_state_rates_from_tse_2022_and_2025_26_counts():
    from viabilidade.data.store import load_store

    store = load_store(PROCESSED)
    c0 = store.electorate.rename(columns={"eleitores_aptos": "count"})
    c1 = pd.read_csv(JEFF, dtype={"cod_ibge": str}).rename(columns={"total_eleitores": "count"})
    rates, half_iqr = state_rates(c0, c1, year0=2022.75, year1=2026.0)
    assert len(rates) == 245  # Bom Jesus de Goiás (5203500) is missing from the snapshot
    assert "5203500" not in set(rates["cod_ibge"])
    anh = rates.set_index("cod_ibge").loc["5201207"]
    assert (anh["count0"], anh["count1"]) == (1229, 1744)
    assert anh["rate"] == pytest.approx((1744 / 1229) ** (1 / 3.25) - 1)
    assert 0 < half_iqr < 0.05


def test_state_rates_needs_columns():
    with pytest.raises(ProjectionError, match=r"counts1: faltam as colunas \['count'\]; esperado as colunas 'cod_ibge' e 'count'"):
        state_rates(pd.DataFrame({"cod_ibge": ["5200100"], "count": [1]}),
                    pd.DataFrame({"cod_ibge": ["5200100"]}), year0=2022, year1=2026)


@pytest.mark.skipif(not PROCESSED.exists(), reason=f"processed store absent at {PROCESSED}")
def test_store_count_of_abadiania():
    from viabilidade.data.store import load_store
    from viabilidade.explore.projection import store_count

    store = load_store(PROCESSED)
    assert store_count(store, "5200100", "electors")[:1] == (10812,)
    count, year, source = store_count(store, "5201207", "population")
    assert (count, source) == (924, "Censo 2022") and year == pytest.approx(2022 + 211 / 365, abs=1e-4)  # 31/07/2022
    with pytest.raises(ProjectionError, match="o município '5299999' não está na tabela electorate dos dados processados"):
        store_count(store, "5299999", "electors")
