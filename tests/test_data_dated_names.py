"""A publisher's file whose name carries its release date (the IBGE's data dictionary of
the Censo 2022 aggregates): ``data fetch`` takes the newest name of the folder listing and
the build reads the file fetch recorded, whatever its date (issue 33 § 3 (a))."""

from __future__ import annotations

import dataclasses
import shutil

import pytest

from fetch_server import Server
from official_fixtures import RAW
from viabilidade.data import catalogue as cat, census, provenance as prov
from viabilidade.data.fetch import fetch_official

pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
OLD = "dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx"
NEW = "dicionario_de_dados_agregados_por_setores_censitarios_20260520.xlsx"


def test_the_newest_dictionary_is_fetched_and_read_with_its_date(tmp_path):
    site, raw = tmp_path / "site", tmp_path / "raw"
    (site / "agregados").mkdir(parents=True)
    for name in (OLD, NEW):  # the same bytes under both names: a TEST re-issue
        shutil.copyfile(RAW / prov.RAW["dictionary"].path, site / "agregados" / name)
    (site / "agregados" / "outro.zip").write_bytes(b"PK")
    with Server(site) as server:
        s = dataclasses.replace(cat.BY_KEY["dicionario-agregados"],
                                url=f"{server.url}/agregados/")
        report = fetch_official(raw, sources=(s,), progress=False, today="2026-12-07")
    assert report.problems == []
    assert [o.line() for o in report.outcomes] == [
        f"dicionario-agregados: baixado census/{NEW}"]
    assert prov.official(raw, "dictionary") == raw / "census" / NEW
    assert prov.dated_version(raw / "census" / NEW) == "versão de 20/05/2026"
    assert census.read_dictionary(prov.official(raw, "dictionary"))["V0001"] == "Total de pessoas"
    rec = prov.record(raw, "dictionary", prov.dated_version(raw / "census" / NEW))
    assert rec["fetched"] is True and rec["retrieved"] == "2026-12-07"
    assert rec["files"][0]["path"] == f"census/{NEW}"
    assert prov.dataset_label(rec) == ("IBGE, Censo Demográfico 2022, dicionário de dados dos "
                                       "Agregados por Setores Censitários (versão de 20/05/2026)")


def test_a_dictionary_not_recorded_by_fetch_is_the_copy(tmp_path):
    f = tmp_path / "census" / NEW
    f.parent.mkdir()
    shutil.copyfile(RAW / prov.RAW["dictionary"].path, f)
    assert prov.official(tmp_path, "dictionary") is None
    assert prov.dated_version(f) == "versão de 20/05/2026"
    assert prov.dated_version(tmp_path / "sem_data.xlsx") == ""
