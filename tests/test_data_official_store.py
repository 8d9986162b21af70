"""Issue 33 § 3, "Done when": a store built only from files in the publishers' own formats,
fetched into an EMPTY folder from a REAL local HTTP server (tests/fetch_server.py), gives
the same figures for the committed candidates as the store built from the mirror copies,
and its studies say they used official files, with dates.

Every file the server serves is a TEST fixture in the publisher's format made from the
shared copies (tests/official_fixtures.py, tests/test_data_official.py): the values are the
copies', so the figures can be compared. Not served, because they are not data files: the
transcriptions of legal texts (the TCU's 2023 FPM figures and the creation acts, manual sets
of the catalogue: put into the folder from the shared data folder, as a user does; the
DL 1.881/1981 brackets are derived from the rule), and IMB table 125 (a PDF publication;
the store is whole without it). The Tesouro's FPM files (two CKAN data sets) and the IBGE's
official areas (an xlsx workbook) are fetched too, so the optional tables and the FPM in
reais are there as in the mirror store.
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
CREDITS = "TransferenciaMensalMunicipios202303.csv"
AREAS = "AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx"
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
    # The Tesouro's CKAN portal (under /ckan/): one package_show answer serves both data
    # sets here (the local server ignores ?id=); each set keeps its own files (ckan_files).
    tesouro = {**fx.fpm_monthly_csvs(), CREDITS: fx.fpm_credits_csv()}
    put.update({f"tesouro/{n}": data for n, data in tesouro.items()})
    put[f"areas/{AREAS}"] = fx.areas_xlsx()
    put["ckan/api/3/action/package_show"] = json.dumps(
        {"success": True, "result": {"resources": [
            {"url": f"{url}/tesouro/{n}", "format": "CSV"} for n in sorted(tesouro)]}}).encode()
    for rel, data in put.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(data)
    by = cat.BY_KEY
    moved = {"agregados-municipios": f"{url}/agregados/Agregados_por_Municipio_csv/",
             "agregados-distritos": f"{url}/agregados/Agregados_por_Distrito_csv/",
             "dicionario-agregados": f"{url}/agregados/",
             "localidades": f"{url}/localidades/Localidades_Municipios_kml.zip",
             "dtb": f"{url}/dtb/DTB_2022.zip", "pib-municipios": f"{url}/sidra/5938.json",
             "fpm-mensal": f"{url}/ckan/dataset/transferencias-obrigatorias-da-uniao",
             "fpm-municipios": f"{url}/ckan/dataset/transferencias-constitucionais-para-"
                               "municipios",
             "areas-territoriais": f"{url}/areas/{AREAS}"}
    return (*_publish(site, url),
            *(dataclasses.replace(by[k], url=u, size=0) for k, u in moved.items()),
            by["fpm-tcu-2023"], by["atos-criacao-municipios"])  # manual: nothing fetched


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
    fetched = sorted(p.name for p in raw.iterdir())
    for role in ("fpm_tcu", "history"):  # the manual sets: from the shared data folder
        (raw / prov.RAW[role].path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fx.RAW / prov.RAW[role].path, raw / prov.RAW[role].path)
    manifest = build_store(raw, base / "store")
    return {"report": report, "manifest": manifest, "raw": raw, "store": base / "store",
            "url": url, "fetched": fetched}


def test_fetch_into_an_empty_folder_then_build_makes_a_whole_store(official):
    assert official["report"].problems == []
    assert official["fetched"] == [
        "SHA256SUMS", "census", "dtb", "economy", "electoral", "fiscal",
        "fontes-baixadas.json", "geo", "revenue"]  # nothing copied from the mirrors: no history/
    assert sorted(p.name for p in (official["raw"] / "fiscal").rglob("*") if p.is_file()) == [
        "FPM.csv", "FPMCAPITAIS.csv", CREDITS, Path(prov.RAW["fpm_tcu"].path).name]
    # only the files each set names, and the TCU's transcription put by hand
    manual = [o.line() for o in official["report"].outcomes if o.status == "manual"]
    assert manual == [f"{k}: sem download automático — {cat.BY_KEY[k].manual}"
                      for k in ("fpm-tcu-2023", "atos-criacao-municipios")]
    committed = json.loads((COMMITTED / "manifest.json").read_text(encoding="utf-8"))
    tables = official["manifest"]["tables"]
    assert set(committed["tables"]) == set(tables)
    for name in SAME:
        assert tables[name]["sha256"] == committed["tables"][name]["sha256"], name


def test_the_tesouros_fpm_and_the_ibges_areas_come_from_their_own_files(official):
    """The three optional tables of the fourth pass, read from the Tesouro's CSVs (Latin-1,
    title lines, ``1.234,56``, every UF) and the IBGE's workbook, equal the mirror's."""
    import pandas as pd

    for name, keys in (("fpm_monthly", ["serie", "ano", "mes"]), ("fpm_credits", ["cod_ibge"]),
                       ("official_areas", ["cod_ibge"])):
        new = pd.read_parquet(official["store"] / f"{name}.parquet")
        old = pd.read_parquet(COMMITTED / f"{name}.parquet")
        pd.testing.assert_frame_equal(new.sort_values(keys).reset_index(drop=True),
                                      old.sort_values(keys).reset_index(drop=True))
    monthly = pd.read_parquet(official["store"] / "fpm_monthly.parquet")
    interior_2022 = monthly[(monthly["serie"] == "FPM") & (monthly["ano"] == 2022)]
    assert round(interior_2022["valor_brl"].sum(), 2) == 5_443_004_518.74  # SOURCES.md
    assert len(monthly) == 786  # 1991-01 to 2023-09, two series; '-' months have no row
    records = {name: official["manifest"]["tables"][name]["provenance"]
               for name in ("fpm_monthly", "fpm_credits", "official_areas")}
    via = {name: " ".join(r["via"] for r in recs) for name, recs in records.items()}
    assert "/ckan/dataset/transferencias-obrigatorias-da-uniao" in via["fpm_monthly"]
    assert f"/tesouro/{CREDITS}" in via["fpm_credits"]
    assert f"/areas/{AREAS}" in via["official_areas"]


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

    from viabilidade.data.sources import SRC_TSE

    # Every value is the same, the FPM in reais included (the Tesouro's files and the
    # IBGE's official areas are fetched too); only the roll's citation differs, as it must:
    # it is dated by the TSE's own file.
    cited = {(SRC_TSE, "TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026)")}
    from viabilidade.fiscal import economy as eco

    mirror, own = load_store(COMMITTED), load_store(official["store"])
    assert len(_candidates()) == 5
    in_reais = []
    for path in _candidates():
        x, y = analyse(path, store=mirror), analyse(path, store=own)
        a, b = x.to_dict(), y.to_dict()
        a.pop("provenance"), b.pop("provenance")
        diffs = list(_differences(a, b))
        # and the roll's label: the mirror's copy of it is unchecked (legal11 S1), the TSE's
        # own file is not
        relabelled = {(k, x, y) for k, x, y in diffs if isinstance(x, str) and x != y
                      and x.replace("publicado (cópia não conferida)", "publicado") == y}
        assert {(k, x, y) for k, x, y in diffs
                if (x, y) not in cited and (k, x, y) not in relabelled} == set(), path.name
        assert {k for k, _, _ in diffs} <= {"source", "reason", "basis_label"}, path.name
        if path.stem.startswith("fusao"):
            assert relabelled, path.name    # the rolls of both municipalities, in the reason
        # The economic chapter's figures, the FPM in reais included, as resultados.json has
        # them: the same from the Tesouro's own files as from the copies.
        ra, rb = eco.record(eco.economy(x, mirror)), eco.record(eco.economy(y, own))
        assert list(_differences(ra, rb)) == [], path.name
        if ra["fpm_reais"] is not None:
            in_reais.append((path.stem, round(ra["fpm_reais"]["ponto_bruto_brl"], 2)))
    assert len(in_reais) == 5, in_reais


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
        "de legislação, câmaras e prefeituras), não são arquivos publicados pelos órgãos: são "
        "transcrições dos atos ou, nas faixas do FPM-Interior, a regra do decreto-lei como o "
        "programa a aplica, com o ato, a data e o endereço onde o texto foi lido (Apêndice).")
    records = [r for t in official["manifest"]["tables"].values() for r in t["provenance"]]
    # Every record a download, but the legal texts: the two transcriptions put by hand (their
    # records cite where each text was read, never a download) and the brackets' rule.
    legal = [r for r in records if prov.legal_text(r)]
    assert {bool(r.get("fetched")) for r in records if r not in legal} == {True}
    assert not [r for r in legal if r.get("fetched")]
    assert {r["via"] for r in legal} == {prov.RAW["fpm_tcu"].via, prov.RAW["history"].via,
                                         prov.DERIVED_RAW["fpm_faixas"][0].via}
    assert not [r for r in records if "GitHub" in r["via"]]
