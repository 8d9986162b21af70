"""Art. 8 audit on the real Censo 2022 municipal table, and the audit calendar."""

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.errors import DataError
from viabilidade.rules import Settings
from viabilidade.rules.art8 import audit, next_audit_year

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
CENSUS = DATA / "census" / "go_censo2022_municipios_populacao_domicilios.csv"
ELECTORS = DATA / "electoral" / "go_eleitores_aptos_2022_municipios.csv"
REVENUE_2022 = 27_606_018_000.0


@pytest.fixture(scope="module")
def municipalities():
    if not CENSUS.exists() or not ELECTORS.exists():
        pytest.skip(f"real data not found at {DATA}")
    c = pd.read_csv(CENSUS, dtype={"cod_ibge": str})
    e = pd.read_csv(ELECTORS, dtype={"cod_ibge": str})[["cod_ibge", "eleitores_aptos_2022"]]
    df = c.merge(e, on="cod_ibge", validate="one_to_one")
    return pd.DataFrame({"cod_ibge": df["cod_ibge"], "nome": df["nome_municipio"],
                         "populacao": df["pessoas"], "eleitores": df["eleitores_aptos_2022"],
                         "edificacoes": df["domicilios_particulares_ocupados"]})


def test_audit_finds_the_42_municipalities_of_3000_or_fewer(municipalities):
    assert len(municipalities) == 246
    res = audit(municipalities, Settings(), state_revenue=REVENUE_2022)
    failing = res[res["IV_status"] == "fail"]
    assert len(failing) == 42
    assert set(failing["cod_ibge"]) == set(municipalities.loc[municipalities["populacao"] <= 3000, "cod_ibge"])
    smallest = failing.loc[failing["IV_valor"].idxmin()]
    assert (smallest["cod_ibge"], smallest["nome"], smallest["IV_valor"]) == ("5201207", "Anhanguera", 924)
    assert (res["situacao"] == "fail").sum() == 42
    assert set(res.loc[res["situacao"] == "fail", "itens_perdidos"]) == {"IV"}
    # every municipality has more than 1,000 electors (TSE 2022)
    assert (res["V_status"] == "pass").all()
    # occupied dwellings are a proxy: never decide item VI
    assert (res["VI_status"] == "indeterminate").all()
    # no collection figures: item VII undecided for everyone
    assert (res["VII_status"] == "indeterminate").all()


def test_audit_threshold_moves_the_count(municipalities):
    res = audit(municipalities, Settings(population=924), state_revenue=REVENUE_2022)
    assert (res["IV_status"] == "fail").sum() == 1
    res = audit(municipalities, Settings(population=923), state_revenue=REVENUE_2022)
    assert (res["IV_status"] == "fail").sum() == 0


def test_audit_errors_name_row_and_column():
    df = pd.DataFrame({"cod_ibge": ["5200050", 5200100], "nome": ["a", "b"], "populacao": [1, 2]})
    with pytest.raises(DataError, match=r"arquivo municipios.csv, linha 3, coluna 'cod_ibge': encontrado "
                                        r"5200100; esperado um código IBGE de 7 algarismos, como texto"):
        audit(df, file="municipios.csv")
    with pytest.raises(DataError, match=r"faltam as colunas populacao; esperadas cod_ibge, nome, populacao"):
        audit(df.drop(columns="populacao"))


@pytest.mark.parametrize("year, audit_year", [(2026, 2027), (2027, 2027), (2028, 2031), (2000, 2003)])
def test_next_audit_year(year, audit_year):
    assert next_audit_year(year) == audit_year
