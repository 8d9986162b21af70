"""Issue 32, hostile trial 11 (H11-2): the raw files' numbers, years and codes are read in the
digits 0 to 9 alone. ``int()``, ``float()`` and ``re``'s ``\\d`` take every Unicode decimal
digit and ``str.isdigit`` also a superscript (``'9²'.isdigit()``, then ``int('9²')`` raises), so
a TCU item ``…_٢٠٢٣`` was of 2023, a SIDRA year ``٢٠٢١`` and value ``٦١٤٧٦.931`` were read, an
IMB column ``٢٠٢٢`` was a year, a Tesouro month ``janeiro/9²`` ended in a traceback and a code
``"520010²"`` passed as a code."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import official_fixtures as fx
from test_data_census import GOOD, _small_xlsx
from test_inputs_trial11 import TAIL
from viabilidade.errors import DataError, GeoError

needs_raw = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")


def test_a_tse_code_with_a_superscript_is_not_a_code():
    from viabilidade.data.codes import tse_code

    assert tse_code("93734", file="t.csv", row=2, column="cod") == "93734"
    with pytest.raises(DataError) as e:
        tse_code("9373²", file="t.csv", row=2, column="cod")
    assert str(e.value) == ("arquivo t.csv, linha 2, coluna 'cod': encontrado '9373²'; esperado "
                            "um código TSE de município com 5 algarismos")


@needs_raw
@pytest.mark.parametrize("year, read", [("2023", True), ("٢٠٢٣", False), ("२०२३", False)])
def test_a_tcu_items_exercise_in_other_digits_is_refused(tmp_path, year, read):
    from viabilidade.data.fiscal import read_tcu_fpm

    src = fx.RAW / "fiscal" / "fpm_interior_2023_tcu_dou_20230706.csv"
    bad = tmp_path / "tcu.csv"
    bad.write_text(src.read_text(encoding="utf-8").replace(
        "soma_coeficientes_fpm_interior_2023,GO", f"soma_coeficientes_fpm_interior_{year},GO"),
        encoding="utf-8")
    if read:
        assert set(read_tcu_fpm(bad)["ano"]) == {2023}
        return
    with pytest.raises(DataError) as e:
        read_tcu_fpm(bad)
    assert str(e.value) == (f"arquivo tcu.csv, linha 3, coluna 'item': encontrado "
                            f"'soma_coeficientes_fpm_interior_{year}'; esperado um item terminado "
                            "no exercício (p. ex. 'soma_coeficientes_fpm_interior_2023')")


@needs_raw
def test_a_sidra_answers_year_and_value_in_other_digits_are_refused(tmp_path):
    from viabilidade.data import sidra

    mun = fx.municipalities()
    data = json.loads(fx.sidra_pib_json())
    f = tmp_path / "pib.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    assert len(sidra.read_pib_api(f, mun)) == 246 * 22  # 0-9: read
    data[1]["D3C"] = "٢٠٢١"
    data[2]["D3C"] = "२०२१"
    data[3]["V"] = "٦١٤٧٦.931"
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, mun)
    assert str(e.value) == (
        "arquivo pib.json: a resposta da API do SIDRA (tabela 5938) tem problemas:\n"
        "elemento 2: ano '٢٠٢١'; esperado AAAA\n"
        "elemento 3: ano '२०२१'; esperado AAAA\n"
        "elemento 4: valor '٦١٤٧٦.931'; esperado um número com ponto decimal ou um símbolo do "
        "SIDRA (.., ..., X, -)")


@pytest.mark.parametrize("year, read", [("2022", True), ("٢٠٢٢", False), ("२०२२", False)])
def test_an_imb_tables_year_column_in_other_digits_is_refused(tmp_path, year, read):
    from viabilidade.data.revenue import read_imb_table

    f = tmp_path / "imb.csv"
    f.write_text(f"Especificação,{year}\nTOTAL,\"24248259\"\n", encoding="utf-8")
    if read:
        assert read_imb_table(f).values.tolist() == [["TOTAL", 2022, 24_248_259_000.0]]
        return
    with pytest.raises(DataError) as e:
        read_imb_table(f)
    assert str(e.value) == (f"arquivo imb.csv, linha 1, coluna '{year}': encontrada a coluna "
                            f"'{year}'; esperada uma coluna de ano")


@pytest.mark.parametrize("month, read", [("202201", True), ("20٢٢01", False), ("20२२01", False)])
def test_a_sefaz_portal_month_in_other_digits_is_refused(tmp_path, month, read):
    from viabilidade.data.revenue import read_sefaz_portal

    d = tmp_path / "arrecadacao"
    d.mkdir()
    (d / "a.csv").write_bytes(f"TIPO_RECEITA;ANO_MES;VALR_TOTAL\nICMS;{month};2,25\n"
                              .encode("utf-8"))
    if read:
        assert read_sefaz_portal(d)[["receita", "ano_mes", "valor_brl"]].values.tolist() == [
            ["ICMS", "2022-01", 2.25]]
        return
    with pytest.raises(DataError) as e:
        read_sefaz_portal(d)
    assert str(e.value) == (f"arquivo a.csv, linha 2, coluna 'ANO_MES': encontrado '{month}'; "
                            "esperado um mês AAAAMM")


@pytest.mark.parametrize("head, problems", [
    ("janeiro/91", []),
    ("janeiro/9²", ["linha 2, coluna 'janeiro/9²': esperado '<mês>/<aa>' (p. ex. 'janeiro/91')"]),
])
def test_a_tesouro_month_with_a_superscript_is_named_not_a_traceback(tmp_path, head, problems):
    """The Tesouro's files are Latin-1, which has '²' (and no other decimal digits): '9²'
    passed ``isdigit()`` and ``int('9²')`` raised a ValueError."""
    from viabilidade.data.transfers import _monthly_series

    f = tmp_path / "FPM.csv"
    f.write_bytes(f"Título\nESTADOS;UF;{head}\nGOIÁS;GO;1.234,56\n".encode("latin-1"))
    rows, got = _monthly_series(f, "fpm")
    assert got == problems
    assert [(r["ano"], r["mes"], r["valor_brl"]) for r in rows] == (
        [(1991, 1, 1234.56)] if not problems else [])


@pytest.mark.parametrize("code, said", [
    ("00100", None),
    ("٠٠١٠٠", "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) na posição 1"),
    ("00१00", "encontrado o algarismo '१' (U+0967, DEVANAGARI DIGIT ONE) na posição 3"),
])
def test_a_census_municipality_code_in_other_digits_is_refused(tmp_path, code, said):
    from viabilidade.data import census

    rows = [GOOD[0], [*GOOD[1][:2], code, *GOOD[1][3:]]]
    if said is None:
        assert census.read_population_xlsx(_small_xlsx(tmp_path, rows))["cod_ibge"].tolist() == [
            "5200050", "5200100"]
        return
    with pytest.raises(DataError) as e:
        census.read_population_xlsx(_small_xlsx(tmp_path, rows))
    assert str(e.value) == (f"arquivo CD2022_Populacao_small.xlsx, linha 5, coluna 'COD. MUNIC': "
                            f"{said}; {TAIL}")


@pytest.mark.parametrize("code, said", [
    ("5200050", None),
    ("52٠٠٠٥٠", "encontrado o algarismo '٠' (U+0660, ARABIC-INDIC DIGIT ZERO) na posição 3"),
    ("5200०50", "encontrado o algarismo '०' (U+0966, DEVANAGARI DIGIT ZERO) na posição 5"),
])
def test_a_boundary_files_code_in_other_digits_is_refused(code, said):
    from viabilidade.data.geometry import _codes_as_text

    values = pd.Series(["5200100", code])
    if said is None:
        assert _codes_as_text(values, "CD_MUN", Path("m.geojson")).tolist() == ["5200100", code]
        return
    with pytest.raises(GeoError) as e:
        _codes_as_text(values, "CD_MUN", Path("m.geojson"))
    assert str(e.value) == f"m.geojson: feição 1: coluna 'CD_MUN': {said}; {TAIL}"


TRACTS = fx.REPO / "tests" / "fixtures" / "setores_ficticios" / "census" / \
    "CD2022_Agregados_por_setores_basico_GO.csv"


@pytest.mark.parametrize("last, read", [(b"1", True), ("¹".encode("latin-1"), False)])
def test_a_tract_code_with_a_superscript_is_refused(tmp_path, last, read):
    from viabilidade.data import tracts

    p = tmp_path / TRACTS.name
    p.write_bytes(TRACTS.read_bytes().replace(b'"520010005900001"', b'"52001000590000' + last
                                              + b'"', 1))
    if read:
        assert "520010005900001" in set(tracts.read_tract_counts(p)["cod_setor"])
        return
    with pytest.raises(DataError) as e:
        tracts.read_tract_counts(p)
    assert ("linha 2, coluna CD_SETOR: encontrado '52001000590000¹'; esperado um código de setor "
            "de Goiás com 15 algarismos (52…)") in str(e.value)


@pytest.mark.parametrize("name, said", [("x_20250417.zip", "versão de 17/04/2025"),
                                        ("x_٢٠٢٥٠٤١٧.zip", ""), ("x_२०२५0417.zip", "")])
def test_a_file_names_date_is_read_in_0_to_9(name, said):
    from viabilidade.data.provenance import dated_version

    assert dated_version(Path(name)) == said


@pytest.mark.parametrize("code, read", [("5200050", True), ("52٠٠٠٥٠", False),
                                        ("52००050", False)])
def test_art8s_audit_reads_codes_in_0_to_9(code, read):
    from viabilidade.rules.art8 import audit

    df = pd.DataFrame({"cod_ibge": [code], "nome": ["Abadia de Goiás"], "populacao": [19128]})
    if read:
        assert audit(df)["cod_ibge"].tolist() == [code]
        return
    with pytest.raises(DataError) as e:
        audit(df)
    assert str(e.value) == (f"linha 2, coluna 'cod_ibge': encontrado '{code}'; esperado um "
                            "código IBGE de 7 algarismos, como texto")


@needs_raw
@pytest.mark.parametrize("year, read", [("2002", True), ("٢٠٠٢", False), ("२००२", False)])
def test_a_sidra_sheets_year_in_other_digits_is_refused(tmp_path, year, read):
    """The xlsx export's year row (row 4, text cells '2002', '2003', …): ``isdigit()`` and
    ``int()`` read '٢٠٠٢' as 2002."""
    import openpyxl

    from viabilidade.data import provenance as prov, sidra

    wb = openpyxl.load_workbook(fx.RAW / prov.RAW["pib"].path)
    for ws in wb.worksheets[:3]:
        assert ws["B4"].value == "2002"
        ws["B4"].value = year
    p = tmp_path / "pib.xlsx"
    wb.save(p)
    mun = fx.municipalities()
    if read:
        assert sorted(set(sidra.read_pib(p, mun)["ano"]))[:2] == [2002, 2003]
        return
    with pytest.raises(DataError) as e:
        sidra.read_pib(p, mun)
    assert str(e.value) == (f"arquivo pib.xlsx, linha 4, coluna 'B': encontrado '{year}'; "
                            "esperado um ano")
