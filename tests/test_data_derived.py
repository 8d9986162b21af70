"""The TSE–IBGE crosswalk derived from official files (issue 33 § 3 (c)): the TSE's own
``perfil_eleitorado`` codes and names joined by name to the Censo 2022 aggregates', every
non-unique or missing match listed and refused."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from test_data_official import PERFIL_COLUMNS, RAW, _perfil_rows, _tse_csv
from official_fixtures import municipalities
from viabilidade.data import provenance as prov, tse
from viabilidade.errors import DataError

pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")


@pytest.fixture(scope="module")
def mun():
    return municipalities()


def test_the_derived_crosswalk_gives_the_tse_registers_246_pairs(tmp_path, mun):
    f = tmp_path / "perfil.csv"
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, _perfil_rows()))
    got = tse.derive_crosswalk(f, mun)
    copy = tse.read_crosswalk(RAW / prov.RAW["crosswalk"].path)
    cols = ["cod_tse", "cod_ibge", "nome_tse"]
    assert len(got) == 246
    assert got[cols].equals(copy[cols])
    goiania = got.set_index("cod_tse").loc["93734"]
    assert (goiania["cod_ibge"], goiania["nome_tse"]) == ("5208707", "GOIÂNIA")


def _row(code: str, name: str) -> list[str]:
    row = _perfil_rows()[0]
    return row[:4] + [code, name] + row[6:]


def test_every_unmatched_or_ambiguous_name_is_listed_at_once(tmp_path):
    mun = pd.DataFrame({"cod_ibge": ["5200050", "5200100", "5200134", "5200159"],
                        "nome": ["Abadia de Goiás", "Abadiânia", "Acreúna", "Acreuna"]})
    f = tmp_path / "perfil.csv"
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, [
        _row("93360", "ABADIA DE GOIÁS"), _row("92010", "ABADIANIA"), _row("92011", "ACREÚNA"),
        _row("92012", "NOVO LUGAR"), _row("92013", "ABADIÂNIA"), _row("92014", "X"),
        _row("92014", "Y")]))
    with pytest.raises(DataError) as e:
        tse.derive_crosswalk(f, mun, names_file=Path("agregados.csv"))
    assert str(e.value) == (
        "arquivo perfil.csv, coluna 'NM_MUNICIPIO': a correspondência TSE–IBGE não pôde ser "
        "derivada dos nomes:\n"
        "ACREÚNA (código TSE 92011): 2 municípios do arquivo agregados.csv têm esse nome "
        "(5200134, 5200159); esperado exatamente um município do IBGE com o mesmo nome\n"
        "NOVO LUGAR (código TSE 92012): nenhum município do arquivo agregados.csv tem esse "
        "nome; esperado exatamente um município do IBGE com o mesmo nome\n"
        "o código TSE 92014 tem 2 nomes (X, Y); esperado um nome por código\n"
        "o município 5200100 recebe 2 códigos TSE (92010, 92013); esperado um só\n"
        "2 municípios do arquivo agregados.csv sem código TSE no arquivo (5200134, "
        "5200159); esperados todos os municípios da UF")


def test_a_raw_folder_with_the_tse_file_and_no_copy_derives_it(tmp_path):
    f = tmp_path / prov.OFFICIAL_RAW["profile"].path
    f.parent.mkdir(parents=True)
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, _perfil_rows()[:2]))
    assert prov.derived(tmp_path, "crosswalk")
    agg = tmp_path / prov.RAW["agg_mun"].path
    agg.parent.mkdir(parents=True)
    agg.write_bytes((RAW / prov.RAW["agg_mun"].path).read_bytes())
    rec = prov.record(tmp_path, "crosswalk")
    assert [x["path"] for x in rec["files"]] == [prov.OFFICIAL_RAW["profile"].path,
                                                 prov.RAW["agg_mun"].path]
    assert rec["publisher"] == "TSE e IBGE (derivação do projeto)"
    assert "fetched" not in rec  # neither input came from data fetch here
    assert prov.dataset_label(rec) == prov.DERIVED_DATASETS["crosswalk"]
    # with the copy there (a mirror), the copy is read
    cw = tmp_path / prov.RAW["crosswalk"].path
    cw.write_bytes((RAW / prov.RAW["crosswalk"].path).read_bytes())
    assert not prov.derived(tmp_path, "crosswalk")
