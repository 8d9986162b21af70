"""Issue 33 § 3, "Done when": a store built only from files in the publishers' own formats,
fetched into an EMPTY folder from a REAL local HTTP server (tests/fetch_server.py), gives
the same figures for the committed candidates as the store built from the mirror copies,
and its studies say they used official files, with dates.

Every file the server serves is a TEST fixture in the publisher's format made from the
shared copies (tests/official_fixtures.py, tests/test_data_official.py): the values are the
copies', so the figures can be compared. Not served, because they are not data files: the
legal texts the project keeps itself (law/tables/), and IMB table 125 (a PDF publication;
the store is whole without it). Not in the catalogue, so not fetched: the Tesouro's FPM
files and the IBGE's official areas, which only add optional tables.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

import official_fixtures as fx
from fetch_server import Server
from test_data_official import COMMITTED, REPO, TODAY, _publish
from viabilidade.data import catalogue as cat, provenance as prov

pytestmark = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")
AGG_MUN = "Agregados_por_municipios_basico_BR_20250417.zip"
AGG_DIST = "Agregados_por_distritos_basico_BR_20250417.zip"
DICTIONARY = "dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx"
#: Tables that must be byte-identical to the committed (mirror-built) store's.
SAME = ("municipalities", "districts", "electorate", "crosswalk", "seats", "vilas", "pib",
        "fpm_interior", "history", "boundaries", "boundaries_map")


def _site(site: Path, url: str) -> tuple:
    put = {
        f"agregados/Agregados_por_Municipio_csv/{AGG_MUN}": fx.national_aggregates(
            prov.RAW["agg_mun"].path, "Agregados_por_municipios_basico_BR.csv"),
        f"agregados/Agregados_por_Distrito_csv/{AGG_DIST}": fx.national_aggregates(
            prov.RAW["agg_dist"].path, "Agregados_por_distritos_basico_BR.csv"),
        f"agregados/{DICTIONARY}": (fx.RAW / prov.RAW["dictionary"].path).read_bytes(),
        "localidades/Localidades_Municipios_kml.zip": fx.localidades_kml_zip(),
        "dtb/DTB_2022.zip": fx.dtb_zip(),
        "sidra/5938.json": fx.sidra_pib_json(),
    }
    for rel, data in put.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    by = cat.BY_KEY
    moved = {"agregados-municipios": f"{url}/agregados/Agregados_por_Municipio_csv/",
             "agregados-distritos": f"{url}/agregados/Agregados_por_Distrito_csv/",
             "dicionario-agregados": f"{url}/agregados/",
             "localidades": f"{url}/localidades/Localidades_Municipios_kml.zip",
             "dtb": f"{url}/dtb/DTB_2022.zip", "pib-municipios": f"{url}/sidra/5938.json"}
    return (*_publish(site, url),
            *(dataclasses.replace(by[k], url=u, size=0) for k, u in moved.items()))


@pytest.fixture(scope="module")
def official(tmp_path_factory):
    """``data fetch`` of every set into an empty folder, then ``data build``."""
    from viabilidade.data.fetch import fetch_official
    from viabilidade.data.store import build_store

    base = tmp_path_factory.mktemp("so-oficiais")
    site, raw = base / "publicador", base / "raw"
    site.mkdir()
    with Server(site) as server:
        sources = _site(site, server.url)
        report = fetch_official(raw, sources=sources, progress=False, today=TODAY)
        url = server.url
    manifest = build_store(raw, base / "store")
    return {"report": report, "manifest": manifest, "raw": raw, "store": base / "store",
            "url": url}


def test_fetch_into_an_empty_folder_then_build_makes_a_whole_store(official):
    assert official["report"].problems == []
    assert sorted(p.name for p in official["raw"].iterdir()) == [
        "SHA256SUMS", "census", "dtb", "economy", "electoral", "fontes-baixadas.json", "geo",
        "revenue"]  # nothing copied from the mirrors: no fiscal/, history/
    committed = json.loads((COMMITTED / "manifest.json").read_text(encoding="utf-8"))
    tables = official["manifest"]["tables"]
    assert set(committed["tables"]) - set(tables) == {"fpm_monthly", "fpm_credits",
                                                      "official_areas"}
    for name in SAME:
        assert tables[name]["sha256"] == committed["tables"][name]["sha256"], name


def test_the_state_revenue_is_sefaz_gos_own_without_the_imb_table(official):
    import pandas as pd

    from viabilidade.data.sources import FONTE_SEFAZ

    new = pd.read_parquet(official["store"] / "state_revenue.parquet")
    old = pd.read_parquet(COMMITTED / "state_revenue.parquet")
    assert set(new["fonte"]) == {FONTE_SEFAZ}
    pd.testing.assert_frame_equal(
        new.reset_index(drop=True),
        old[old["fonte"] == FONTE_SEFAZ].reset_index(drop=True))


def _candidates() -> list[Path]:
    return sorted((REPO / "data" / "candidates").glob("*.toml"))


def test_the_committed_candidates_give_the_same_figures(official):
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse

    from viabilidade.data.sources import SRC_AREAS, SRC_CENSUS, SRC_TSE, VINTAGE_CENSUS

    # Every value is the same; only two citations differ, as they must: the roll is dated
    # by the TSE's own file, and without the IBGE's official-areas table (not fetched) the
    # area of a whole municipality is cited from the Censo, which gives the same km².
    cited = {(SRC_TSE, "TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026)"),
             (SRC_AREAS, SRC_CENSUS), ("2022", VINTAGE_CENSUS)}
    mirror, own = load_store(COMMITTED), load_store(official["store"])
    assert len(_candidates()) == 5
    for path in _candidates():
        a, b = analyse(path, store=mirror).to_dict(), analyse(path, store=own).to_dict()
        a.pop("provenance"), b.pop("provenance")
        diffs = list(_differences(a, b))
        assert {(k, x, y) for k, x, y in diffs if (x, y) not in cited} == set(), path.name
        assert {k for k, _, _ in diffs} <= {"source", "vintage"}, path.name


def _differences(a, b, key=""):
    """(key, mirror value, official value) of every leaf that differs."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            yield from _differences(a.get(k), b.get(k), str(k))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for x, y in zip(a, b):
            yield from _differences(x, y, key)
    elif a != b:
        yield key, a, b


def test_their_studies_say_they_used_official_files_with_dates(official):
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse

    a = analyse(REPO / "data" / "candidates" / "posse-dabadia.toml",
                store=load_store(official["store"]))
    assert prov.copy_note(a.provenance) == (
        "Os arquivos de dados usados são arquivos oficiais, publicados pelos próprios órgãos "
        "e baixados dos seus endereços oficiais pelo comando viabilidade data fetch em "
        "07/12/2026 (endereço, data e soma de verificação de cada um no Apêndice). As tabelas "
        "tiradas de textos legais, não de arquivos de dados (TCU, decisão normativa do FPM do "
        "exercício de 2023 (DOU de 06/07/2023); Decreto-Lei nº 1.881/1981, faixas de "
        "população e coeficientes do FPM-Interior; Atos de criação de alguns municípios "
        "goianos (1953–1997; compilação parcial, não o cadastro de todos), colhidos de portais "
        "de legislação, câmaras e prefeituras), são as do próprio projeto, transcritas dos "
        "atos, com o número, a data e o artigo de cada um e o endereço onde o texto foi lido "
        "(Apêndice).")
    records = [r for t in official["manifest"]["tables"].values() for r in t["provenance"]]
    assert {bool(r.get("fetched")) or bool(r.get("transcribed")) for r in records} == {True}
    assert not [r for r in records if "GitHub" in r["via"]]
