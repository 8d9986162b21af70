"""Censo 2022 loaders against the real IBGE files, and their errors on damaged copies."""

from pathlib import Path

import openpyxl
import pytest

from viabilidade.data import census
from viabilidade.errors import DataError

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")

XLSX = RAW / "census" / "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx"
AGG_MUN = RAW / "census" / "CD2022_Agregados_por_municipios_basico_GO.csv"
AGG_DIST = RAW / "census" / "CD2022_Agregados_por_distritos_basico_GO.csv"
DICT = RAW / "census" / "dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx"


@pytest.fixture(scope="module")
def first_release():
    return census.read_population_xlsx(XLSX)


@pytest.fixture(scope="module")
def municipalities():
    return census.read_aggregates(AGG_MUN, level="municipios", dictionary=DICT)


@pytest.fixture(scope="module")
def districts():
    return census.read_aggregates(AGG_DIST, level="distritos", dictionary=DICT)


def test_first_release_goias_total(first_release):
    assert len(first_release) == 246
    assert first_release["pop_total"].sum() == 7_055_228
    assert list(first_release.columns) == ["cod_ibge", "nome", "pop_coletada", "pop_imputada",
                                           "pop_total"]


def test_first_release_codes_keep_leading_zeros(first_release):
    row = first_release.set_index("cod_ibge").loc["5200050"]  # COD. MUNIC '00050'
    assert row["nome"] == "Abadia de Goiás"
    nova = first_release.set_index("cod_ibge").loc["5214879"]
    assert (nova["pop_coletada"], nova["pop_imputada"], nova["pop_total"]) == (2931, 79, 3010)


def test_uf_sheet_total():
    uf = census.read_population_uf_xlsx(XLSX).set_index("uf")
    assert uf.loc["GO", "pop_total"] == 7_055_228
    assert uf.loc["Brasil", "pop_total"] == 203_062_512


def test_revised_municipal_aggregates(municipalities):
    m = municipalities.set_index("cod_ibge")
    assert len(m) == 246
    assert m["populacao"].sum() == 7_056_495
    assert m.loc["5201207", "populacao"] == 924  # Anhanguera, smallest
    assert m.loc["5214879", "domicilios_ocupados"] == 1111
    assert m.loc["5205513", "domicilios"] == 10_861
    assert m.loc["5201405", "populacao"] == 527_796  # Aparecida, revised (first: 527,550)
    assert m["domicilios"].sum() == 3_212_170
    assert m.loc["5200050", "area_km2"] == pytest.approx(143.357335)
    assert m.loc["5200050", "pct_dpo_imputados"] == pytest.approx(0.0492)


def test_district_aggregates(districts):
    d = districts.set_index("cod_distrito")
    assert len(d) == 327
    assert d["populacao"].sum() == 7_056_495
    assert d.loc["520010010", "nome"] == "Posse d'Abadia"
    assert d.loc["520010010", "populacao"] == 3045
    assert d.loc["520010010", "domicilios_ocupados"] == 1178
    assert d.loc["520140510", "populacao"] == 318_653  # Nova Brasília
    assert d.loc["521250106", "nome"] == "Jardim Ingá"


def test_dictionary_labels():
    labels = census.read_dictionary(DICT)
    assert labels["V0001"] == "Total de pessoas"
    assert labels["V0007"].startswith("Total de Domicílios Particulares Ocupados")


def _copy_bytes(tmp_path, src, name=None, transform=None):
    data = src.read_bytes()
    if transform:
        data = transform(data)
    dst = tmp_path / (name or src.name)
    dst.write_bytes(data)
    return dst


def test_wrong_encoding_named(tmp_path):
    utf8 = _copy_bytes(tmp_path, AGG_MUN,
                       transform=lambda b: b.decode("latin-1").encode("utf-8"))
    with pytest.raises(DataError) as e:
        census.read_aggregates(utf8, level="municipios")
    msg = str(e.value)
    assert msg.startswith("arquivo CD2022_Agregados_por_municipios_basico_GO.csv, linha 2: ")
    assert "encontrado UTF-8" in msg and "esperado ISO-8859-1 (latin-1), como publicado" in msg


def test_missing_column_named(tmp_path):
    f = _copy_bytes(tmp_path, AGG_MUN, transform=lambda b: b.replace(b'"v0007"', b'"v0008"', 1))
    with pytest.raises(DataError) as e:
        census.read_aggregates(f, level="municipios")
    assert str(e.value).startswith(
        "arquivo CD2022_Agregados_por_municipios_basico_GO.csv, linha 1, coluna 'v0007': "
        "coluna ausente; esperada 'v0007', encontradas as colunas ['CD_MUN',")


def test_duplicated_code_named(tmp_path):
    lines = AGG_MUN.read_bytes().split(b"\r\n")
    lines[3] = lines[3].replace(b'"5200134"', b'"5200100"', 1)  # Acreúna gets Abadiânia's code
    f = tmp_path / AGG_MUN.name
    f.write_bytes(b"\r\n".join(lines))
    with pytest.raises(DataError) as e:
        census.read_aggregates(f, level="municipios")
    assert str(e.value) == ("arquivo CD2022_Agregados_por_municipios_basico_GO.csv, linha 4, "
                            "coluna 'CD_MUN': código '5200100' repetido (já está na linha 3); "
                            "esperada uma linha por código")


def test_bad_number_named(tmp_path):
    lines = AGG_MUN.read_bytes().split(b"\r\n")
    lines[1] = lines[1].replace(b'"19128"', b'"19.128,x"', 1)
    f = tmp_path / AGG_MUN.name
    f.write_bytes(b"\r\n".join(lines))
    with pytest.raises(DataError) as e:
        census.read_aggregates(f, level="municipios")
    assert str(e.value) == ("arquivo CD2022_Agregados_por_municipios_basico_GO.csv, linha 2, "
                            "coluna 'v0001': encontrado '19.128,x'; esperado um número")


def test_dictionary_label_mismatch(tmp_path):
    wb = openpyxl.load_workbook(DICT)
    ws = wb["Dicionário Básico"]
    for row in ws.iter_rows():
        if row[1].value == "V0007":
            row[2].value = "Total de moradores"
    f = tmp_path / DICT.name
    wb.save(f)
    with pytest.raises(DataError) as e:
        census.read_aggregates(AGG_MUN, level="municipios", dictionary=f)
    assert "coluna 'V0007': variável V0007: encontrado o rótulo 'Total de moradores'; esperado " \
           "um rótulo começando por 'Total de Domicílios Particulares Ocupados'" in str(e.value)


def _small_xlsx(tmp_path, rows, header=None):
    """A workbook laid out as IBGE's (title rows, data from column B, footer), few rows."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Municípios"
    ws["B2"] = "Censo Demográfico 2022: População e Domicílios - Primeiros Resultados"
    head = header or ["UF", "COD. UF", "COD. MUNIC", "NOME DO MUNICÍPIO", "POP. COLETATADA",
                      "POP. IMPUTADA", "POP. TOTAL"]
    for j, h in enumerate(head, start=2):
        ws.cell(row=3, column=j, value=h)
    for i, r in enumerate(rows, start=4):
        for j, v in enumerate(r, start=2):
            ws.cell(row=i, column=j, value=v)
    ws.cell(row=len(rows) + 5, column=2, value="Fonte: IBGE. Diretoria de Pesquisas - DPE")
    f = tmp_path / "CD2022_Populacao_small.xlsx"
    wb.save(f)
    return f


GOOD = [["GO", 52, "00050", "Abadia de Goiás", 18271, 857, 19128],
        ["GO", 52, "00100", "Abadiânia", 16681, 547, 17228]]


def test_small_xlsx_in_published_layout(tmp_path):
    df = census.read_population_xlsx(_small_xlsx(tmp_path, GOOD))
    assert df["cod_ibge"].tolist() == ["5200050", "5200100"]
    assert df["pop_total"].tolist() == [19128, 17228]


def test_xlsx_code_that_lost_leading_zeros(tmp_path):
    rows = [GOOD[0], ["GO", 52, 100, "Abadiânia", 16681, 547, 17228]]
    with pytest.raises(DataError) as e:
        census.read_population_xlsx(_small_xlsx(tmp_path, rows))
    assert str(e.value) == ("arquivo CD2022_Populacao_small.xlsx, linha 5, coluna 'COD. MUNIC': "
                            "encontrado 100: zeros à esquerda perdidos?; esperado o código de "
                            "município com 5 algarismos, como texto (p. ex. '00050')")


def test_xlsx_missing_header(tmp_path):
    head = ["UF", "COD. UF", "COD. MUNIC", "NOME DO MUNICÍPIO", "POP. COLETATADA",
            "IMPUTADA", "POP. TOTAL"]
    with pytest.raises(DataError) as e:
        census.read_population_xlsx(_small_xlsx(tmp_path, GOOD, header=head))
    assert str(e.value).startswith("arquivo CD2022_Populacao_small.xlsx, linha 3, coluna "
                                   "'POP. IMPUTADA': coluna ausente; esperada 'POP. IMPUTADA'")


def test_xlsx_duplicated_code(tmp_path):
    with pytest.raises(DataError) as e:
        census.read_population_xlsx(_small_xlsx(tmp_path, [GOOD[0], GOOD[0]]))
    assert str(e.value) == ("arquivo CD2022_Populacao_small.xlsx, linha 5, coluna 'cod_ibge': "
                            "código '5200050' repetido (já está na linha 4); esperada uma linha "
                            "por código")


def test_xlsx_parts_not_summing_to_total(tmp_path):
    rows = [GOOD[0], ["GO", 52, "00100", "Abadiânia", 16681, 547, 17229]]
    with pytest.raises(DataError) as e:
        census.read_population_xlsx(_small_xlsx(tmp_path, rows))
    assert str(e.value).startswith("arquivo CD2022_Populacao_small.xlsx, linha 5: não passou "
                                   "na verificação pop_coletada + pop_imputada == pop_total")
