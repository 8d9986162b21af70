"""The Tesouro's and the IBGE's own files for the optional tables of the fourth pass
(issue 33 § 3): fixtures in each publisher's format (tests/official_fixtures.py) read to the
same tables as the shared copies, and each bad file told with every problem at once."""

from __future__ import annotations

import pandas as pd
import pytest

import official_fixtures as fx
from viabilidade.data import provenance as prov, transfers
from viabilidade.errors import DataError

pytestmark = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")


@pytest.fixture(scope="module")
def mun():
    return fx.municipalities()


def _monthly(tmp_path, files: dict[str, bytes]):
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


def test_the_tesouros_monthly_files_give_the_copys_series(tmp_path):
    new = transfers.read_fpm_monthly_official(_monthly(tmp_path, fx.fpm_monthly_csvs()))
    old = transfers.read_fpm_monthly(fx.RAW / prov.OPTIONAL_RAW["fpm_mensal"].path)
    keys = ["serie", "ano", "mes"]
    pd.testing.assert_frame_equal(new.sort_values(keys).reset_index(drop=True),
                                  old.sort_values(keys).reset_index(drop=True))
    goiania_2022 = new[(new["serie"] == "FPMCAPITAIS") & (new["ano"] == 2022)]
    assert round(goiania_2022["valor_brl"].sum(), 2) == 530_499_701.87  # SOURCES.md
    assert (new["ano"].min(), new[new["ano"] == 2023]["mes"].max()) == (1991, 9)


def test_a_bad_monthly_file_is_told_with_every_problem(tmp_path):
    files = fx.fpm_monthly_csvs()
    del files["FPMCAPITAIS.csv"]
    text = files["FPM.csv"].decode("latin-1")
    text = text.replace("janeiro/91", "jan/91").replace(";2.164.419.224,94;", ";2,164,419;")
    files["FPM.csv"] = text.encode("latin-1")
    folder = _monthly(tmp_path, files)
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly_official(folder)
    assert str(e.value) == (
        f"FPM mensal do Tesouro: {folder / 'FPM.csv'}: linha 6, coluna 'jan/91': esperado "
        f"'<mês>/<aa>' (p. ex. 'janeiro/91'); {folder / 'FPMCAPITAIS.csv'}: arquivo não "
        "encontrado; esperado FPMCAPITAIS.csv do conjunto Transferências obrigatórias da União")
    files["FPM.csv"] = text.replace("jan/91", "janeiro/91").encode("latin-1")
    files["FPMCAPITAIS.csv"] = fx.fpm_monthly_csvs()["FPMCAPITAIS.csv"].replace(b";GO;", b";DF;")
    folder = _monthly(tmp_path, files)
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly_official(folder)
    assert str(e.value) == (
        f"FPM mensal do Tesouro: {folder / 'FPM.csv'}: linha 8, coluna janeiro/91: '2,164,419' "
        "não é um valor; esperado um número como 1.234,56 ou '-'; "
        f"{folder / 'FPMCAPITAIS.csv'}: 0 linhas com UF = GO; esperada uma")


def test_the_tesouros_municipal_file_in_latin_1_gives_the_copys_credits(tmp_path, mun):
    path = tmp_path / "TransferenciaMensalMunicipios202303.csv"
    path.write_bytes(fx.fpm_credits_csv())
    new = transfers.read_fpm_credits(path, mun, encoding=transfers.CREDITS_ENCODING)
    old = transfers.read_fpm_credits(fx.RAW / prov.OPTIONAL_RAW["fpm_municipios"].path, mun)
    pd.testing.assert_frame_equal(new.reset_index(drop=True), old.reset_index(drop=True))
    assert len(new) == 246  # Acrelândia (AC) left out


def test_the_ibges_workbook_gives_the_copys_areas(tmp_path, mun):
    path = tmp_path / "AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx"
    path.write_bytes(fx.areas_xlsx())
    new = transfers.read_official_areas_xlsx(path, mun)
    old = transfers.read_official_areas(fx.RAW / prov.OPTIONAL_RAW["areas_oficiais"].path, mun)
    pd.testing.assert_frame_equal(new.reset_index(drop=True), old.reset_index(drop=True))
    assert round(new["area_oficial_km2"].sum(), 3) == 340_242.858  # SOURCES.md
    assert new.set_index("cod_ibge").loc["5200100", "area_oficial_km2"] == 1044.555


def test_a_workbook_with_another_header_is_told(tmp_path, mun):
    import io

    import openpyxl

    wb = openpyxl.load_workbook(io.BytesIO(fx.areas_xlsx()))
    wb["AR_BR_MUN_2022"]["G1"] = "AR_MUN_2021"
    path = tmp_path / "areas.xlsx"
    wb.save(path)
    with pytest.raises(DataError) as e:
        transfers.read_official_areas_xlsx(path, mun)
    assert str(e.value) == (
        "arquivo areas.xlsx, linha 1: cabeçalho ['ID', 'CD_UF', 'NM_UF', 'NM_UF_SIGLA', 'CD_MUN', "
        "'NM_MUN', 'AR_MUN_2021']; esperado ['ID', 'CD_UF', 'NM_UF', 'NM_UF_SIGLA', 'CD_MUN', "
        "'NM_MUN', 'AR_MUN_2022'] na aba AR_BR_MUN_2022")
