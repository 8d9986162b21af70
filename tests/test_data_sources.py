"""DTB, SIDRA, revenue and seat-point loaders against the real files, and their errors."""

from pathlib import Path

import openpyxl
import pytest

from viabilidade.data import census, dtb, revenue, seats, sidra
from viabilidade.errors import DataError

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
PIB = RAW / "economy" / "sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx"


@pytest.fixture(scope="module")
def names():
    m = census.read_aggregates(RAW / "census" / "CD2022_Agregados_por_municipios_basico_GO.csv",
                               level="municipios")
    return m[["cod_ibge", "nome"]]


def test_dtb_2022_districts():
    d = dtb.read_districts(RAW / "dtb" / "go_dtb2022_distritos.csv")
    assert len(d) == 327
    assert d["cod_ibge"].nunique() == 246
    assert d["sede"].sum() == 246
    by = d.set_index("cod_distrito")
    assert by.loc["520010010", "nome"] == "Posse d'Abadia"
    assert not by.loc["520010010", "sede"]
    assert by.loc["520010005", "sede"]
    assert (d["cod_ibge"] == "5208905").sum() == 6  # Goiás (the municipality)


def test_dtb_duplicate_district(tmp_path):
    src = (RAW / "dtb" / "go_dtb2022_distritos.csv").read_text(encoding="utf-8").splitlines()
    src[3] = src[3].replace("520010010", "520010005")
    f = tmp_path / "go_dtb2022_distritos.csv"
    f.write_text("\n".join(src) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        dtb.read_districts(f)
    assert str(e.value) == ("arquivo go_dtb2022_distritos.csv, linha 4, coluna 'cod_distrito': "
                            "código '520010005' repetido (já está na linha 3); esperada uma linha "
                            "por código")


def test_dtb_2019_subdistricts_bom():
    s = dtb.read_subdistricts(RAW / "dtb" / "go_dtb2019_subdistritos.csv")
    assert len(s) == 63
    assert set(s["cod_distrito"]) == {"520870705"}
    assert s.loc[0, "nome"] == "U.T.P. Central"


def test_dtb_2019_in_latin1_rejected(tmp_path):
    f = tmp_path / "sub.csv"
    f.write_bytes((RAW / "dtb" / "go_dtb2019_subdistritos.csv").read_text(encoding="utf-8-sig")
                  .encode("latin-1"))
    with pytest.raises(DataError) as e:
        dtb.read_subdistricts(f)
    assert str(e.value) == ("arquivo sub.csv, linha 2: codificação errada: encontrado o byte "
                            "0xe1, que não é UTF-8-SIG válido (o arquivo parece "
                            "ISO-8859-1/latin-1); esperado UTF-8-SIG")


def test_pib(names):
    p = sidra.read_pib(PIB, names)
    assert len(p) == 246 * 22
    row = p[(p["cod_ibge"] == "5214879") & (p["ano"] == 2021)].iloc[0]
    assert row["pib_mil_reais"] == pytest.approx(61_476.931)
    assert row["vab_mil_reais"] == pytest.approx(58_602.091)
    assert row["impostos_mil_reais"] == pytest.approx(2_874.840)
    coc = p[(p["cod_ibge"] == "5205513") & (p["ano"] == 2021)].iloc[0]
    assert coc["pib_mil_reais"] == pytest.approx(436_380.201)
    assert p[p["ano"] == 2021]["pib_mil_reais"].sum() == pytest.approx(269_627_873.893, abs=1)
    late = p[p["ano"] >= 2022]
    assert late["vab_mil_reais"].isna().all() and late["pib_mil_reais"].notna().all()


def test_sidra_name_that_does_not_resolve(tmp_path, names):
    wb = openpyxl.load_workbook(PIB)
    ws = wb.worksheets[0]
    ws["A7"].value = "Abadiânia do Norte (GO)"
    f = tmp_path / "tabela5938.xlsx"
    wb.save(f)
    with pytest.raises(DataError) as e:
        sidra.read_pib(f, names)
    assert str(e.value) == ("arquivo tabela5938.xlsx, linha 7, coluna 'A': o nome de município "
                            "'Abadiânia do Norte (GO)' não corresponde a um código IBGE (nenhum "
                            "município de GO se chama 'Abadiânia do Norte' nos nomes da "
                            "DTB/Censo 2022)")


def test_sidra_unexpected_cell(tmp_path, names):
    wb = openpyxl.load_workbook(PIB)
    ws = wb.worksheets[0]
    ws["C6"].value = "n/d"
    f = tmp_path / "tabela5938.xlsx"
    wb.save(f)
    with pytest.raises(DataError) as e:
        sidra.read_pib(f, names)
    assert str(e.value) == ("arquivo tabela5938.xlsx, linha 6, coluna 'C': encontrado 'n/d' "
                            "(ano 2003); esperado um número ou um símbolo do SIDRA (.., ..., X, -)")


def test_state_revenue_table():
    t = revenue.state_revenue_table(
        RAW / "revenue" / "go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv",
        RAW / "revenue" / "go_goiasemdados2023_tab125_receita_bruta_tributos_mil_reais.csv")
    imb = t[t["fonte"] == revenue.FONTE_IMB_125].set_index(["ano", "tributo"])["valor_brl"]
    assert imb[(2022, "ICMS")] == 24_248_259_000
    assert imb[(2022, "IPVA")] == 2_462_557_000
    assert imb[(2022, "ITCD")] == 895_202_000
    sefaz = t[t["fonte"] == revenue.FONTE_SEFAZ].set_index(["ano", "tributo"])["valor_brl"]
    assert sefaz[(2022, "IPVA")] == pytest.approx(2_423_605_257.76 + 38_949_721.94)
    assert sorted(set(sefaz.index.get_level_values(0))) == [2021, 2022, 2023]  # complete years
    # SEFAZ ICMS 2022 within 0.1 % of IMB table 125
    assert sefaz[(2022, "ICMS")] == pytest.approx(imb[(2022, "ICMS")], rel=1e-3)


def test_ipm_partial():
    ipm = revenue.read_ipm_partial(RAW / "revenue" / "go_ipm_icms_valores_publicados_parciais.csv")
    sao_simao = ipm[ipm["cod_ibge"] == "5220405"].set_index("ano_apuracao")
    assert sao_simao.loc[2023, "indice_ipm_percent"] == pytest.approx(1.33558466824225)
    assert sao_simao.loc[2024, "indice_ipm_percent"] == pytest.approx(0.8197646)


def test_imb_table_124():
    t = revenue.read_imb_table(
        RAW / "revenue" / "go_goiasemdados2023_tab124_arrecadacao_icms_por_setor_mil_reais.csv")
    total = t[(t["especificacao"] == "TOTAL") & (t["ano"] == 2022)]["valor_brl"].iloc[0]
    assert total == 24_248_259_000


def test_seats():
    s = seats.read_ibge_seats(RAW / "geo" / "go_sedes_municipais_mapaslivres_ibge.csv")
    assert len(s) == 246
    coc = s.set_index("cod_ibge").loc["5205513"]
    assert (coc["lat"], coc["lon"]) == (-15.7817370135, -48.7689674476)
    k = seats.read_kelvins_seats(RAW / "geo" / "go_sedes_municipais_kelvins_municipios.csv")
    assert k.set_index("cod_ibge").loc["5205513", "lat"] == -15.7914


def test_seat_outside_goias(tmp_path):
    src = (RAW / "geo" / "go_sedes_municipais_mapaslivres_ibge.csv").read_text(encoding="utf-8")
    lines = src.splitlines()
    lines[1] = lines[1].replace("-16.7588118948", "16.7588118948")
    f = tmp_path / "municipios.csv"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        seats.read_ibge_seats(f)
    assert str(e.value).startswith("arquivo municipios.csv, linha 2, coluna 'lat': encontrado "
                                   "16.7588118948; esperado um valor entre")


def test_ipm_with_a_tse_code(tmp_path):
    src = (RAW / "revenue" / "go_ipm_icms_valores_publicados_parciais.csv").read_text(
        encoding="utf-8").splitlines()
    src[2] = src[2].replace("5220405", "93602")
    f = tmp_path / "ipm.csv"
    f.write_text("\n".join(src) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        revenue.read_ipm_partial(f)
    assert str(e.value) == ("arquivo ipm.csv, linha 3, coluna 'cod_ibge': encontrado '93602', "
                            "com 5 algarismos como um código TSE; esperado um código IBGE de "
                            "município com 7 algarismos (converta-o com codes.tse_to_ibge)")


def test_sidra_resolver(names):
    r = sidra.NameResolver(names)
    assert r.resolve("Goiás (GO)") == ("5208905", "municipio")  # the municipality
    assert r.resolve("Goiás") == ("52", "uf")  # the UF row
    assert r.resolve("SAO LUIZ DO NORTE (GO)") == ("5220157", "municipio")
    with pytest.raises(DataError, match="linha 9, coluna 'A': o nome de território 'Goiânia/GO' "
                                        "não corresponde a nada"):
        r.resolve("Goiânia/GO", file="t.xlsx", row=9, column="A")


def test_sefaz_annual_file_matches_monthly_sums():
    rev = RAW / "revenue"
    monthly = revenue.read_sefaz_monthly(
        rev / "go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv")
    annual = revenue.read_sefaz_annual(rev / "go_arrecadacao_estadual_anual_por_receita_2020-2024.csv")
    assert annual["completo"].sum() == 26  # 44 lines, 18 partial (2020, 2024)
    derived = revenue.sefaz_annual_taxes(monthly).set_index(["ano", "tributo"])["valor_brl"]
    full = annual[annual["completo"]]
    for tributo, lines in revenue.SEFAZ_LINES.items():
        for ano in (2021, 2022, 2023):
            expected = full[(full["ano"] == ano) & full["receita"].isin(lines)]["valor_brl"].sum()
            assert derived[(ano, tributo)] == pytest.approx(expected, abs=0.01)


def test_store_inputs_agree_with_published_tidy_tables(names):
    """The raw-format loaders give the same numbers as the collection's tidy CSVs."""
    import pandas as pd

    tidy = pd.read_csv(RAW / "census" / "go_censo2022_municipios_populacao_domicilios.csv",
                       dtype={"cod_ibge": str}).set_index("cod_ibge")
    m = census.read_aggregates(RAW / "census" / "CD2022_Agregados_por_municipios_basico_GO.csv",
                               level="municipios").set_index("cod_ibge")
    assert (m["populacao"] == tidy["pessoas"]).all()
    assert (m["domicilios_ocupados"] == tidy["domicilios_particulares_ocupados"]).all()
    first = census.read_population_xlsx(
        RAW / "census" / "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx"
    ).set_index("cod_ibge")
    assert (first["pop_total"] == tidy["pop_total_release_20230628"]).all()
    assert (m["populacao"] != first["pop_total"]).sum() == 22
