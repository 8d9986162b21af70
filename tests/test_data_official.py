"""A store built from the publishers' own files (issue 33 §§ 3-4).

``data fetch`` runs against a REAL local HTTP server (tests/fetch_server.py) standing in for
the TSE CDN and the Goiás open-data portal; the files it serves are TEST fixtures in the
official formats, made here from the committed raw copies so that the store built from them
can be compared with the committed one:

- TSE ``perfil_eleitorado_2026.zip`` → ``perfil_eleitorado_2026.csv`` (ISO-8859-1, ``;``,
  every field quoted, CRLF, ``#NULO#`` for a missing description). Columns as the TSE's
  LEIAME lists them (republished in carlabferreira/RJ_election_analysis AUXILIARES/README.md,
  the section profile; the municipal file has ``CD_MUN_SIT_BIOMETRIA``/``DS_…`` and no
  section or polling-place columns, as the basedosdados model ``perfil_eleitorado_municipio_zona``
  and the existing TSE reader tests have it). Counts: the committed per-municipality
  aggregation split in two rows per municipality; Bom Jesus de Goiás (absent from that
  aggregation) gets 18.155, the figure the store estimates by difference — a TEST value;
  the generation date ``15/07/2026`` is invented.
- TSE ``detalhe_votacao_munzona_2022.zip`` → ``detalhe_votacao_munzona_2022_GO.csv`` in the
  column layout listed in leonardofl/jornalismo_hacker eleicoes2018/importacao-dados.md,
  ``QT_APTOS`` of each zone from the committed 2022 copy, for two offices (same QT_APTOS)
  and a 2nd-round line that must be left out.
- SEFAZ-GO portal (CKAN ``package_show``): one CSV per month, ``;``, UTF-8, columns
  ``TIPO_RECEITA;ANO_MES;VALR_TOTAL`` with ``AAAAMM`` and a decimal comma, as a public script
  that downloads them reads them (``pd.read_csv(…, sep=';')``, ``str(ANO_MES)[:4]``,
  ``VALR_TOTAL.replace(',', '.')``); the values are the committed monthly extract summed by
  revenue line and month.
- IBGE ``CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx``: the committed
  copy (``…_20230628.xlsx``) served under the IBGE's name (the catalogue's address for it is
  not confirmed; the layout is the copy's).

The other raw files come from the shared copies here, so this is a mixed store; the store
built from the official formats alone (DTB, SIDRA, the dictionary, the aggregates and the
KMLs too; the crosswalk derived; the legal texts the project's own) is
tests/test_data_official_store.py.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import shutil
import zipfile
from collections import defaultdict
from pathlib import Path

import pandas as pd
import pytest

from fetch_server import Server
from viabilidade.data import catalogue as cat
from viabilidade.data import provenance as prov
from viabilidade.data import revenue, tse
from viabilidade.data.codes import Crosswalk
from viabilidade.errors import DataError

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"
COMMITTED = REPO / "data" / "processed"
TODAY = "2026-12-07"
pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")

PERFIL_COLUMNS = (
    "DT_GERACAO HH_GERACAO ANO_ELEICAO SG_UF CD_MUNICIPIO NM_MUNICIPIO CD_MUN_SIT_BIOMETRIA "
    "DS_MUN_SIT_BIOMETRIA NR_ZONA CD_GENERO DS_GENERO CD_ESTADO_CIVIL DS_ESTADO_CIVIL "
    "CD_FAIXA_ETARIA DS_FAIXA_ETARIA CD_GRAU_ESCOLARIDADE DS_GRAU_ESCOLARIDADE CD_RACA_COR "
    "DS_RACA_COR CD_IDENTIDADE_GENERO DS_IDENTIDADE_GENERO CD_QUILOMBOLA DS_QUILOMBOLA "
    "CD_INTERPRETE_LIBRAS DS_INTERPRETE_LIBRAS TP_OBRIGATORIEDADE_VOTO QT_ELEITORES_PERFIL "
    "QT_ELEITORES_BIOMETRIA QT_ELEITORES_DEFICIENCIA QT_ELEITORES_INC_NM_SOCIAL").split()
MUNZONA_COLUMNS = (
    "DT_GERACAO HH_GERACAO ANO_ELEICAO CD_TIPO_ELEICAO NM_TIPO_ELEICAO NR_TURNO CD_ELEICAO "
    "DS_ELEICAO DT_ELEICAO TP_ABRANGENCIA SG_UF SG_UE NM_UE CD_MUNICIPIO NM_MUNICIPIO NR_ZONA "
    "CD_CARGO DS_CARGO QT_APTOS QT_SECOES QT_SECOES_AGREGADAS QT_APTOS_TOT QT_SECOES_TOT "
    "QT_COMPARECIMENTO QT_ABSTENCOES ST_VOTO_EM_TRANSITO QT_VOTOS_NOMINAIS QT_VOTOS_BRANCOS "
    "QT_VOTOS_NULOS QT_VOTOS_LEGENDA QT_VOTOS_PENDENTES QT_VOTOS_ANULADOS "
    "HH_ULTIMA_TOTALIZACAO DT_ULTIMA_TOTALIZACAO").split()
BOM_JESUS, BOM_JESUS_TSE, BOM_JESUS_TEST = "5203500", "92690", 18_155
GENERATED = "15/07/2026"
#: The IBGE's name of the first-release table (catalogue ``populacao-primeiros-resultados``);
#: the TEST server serves the committed copy (``…_20230628.xlsx``) under it.
POP_NAME = "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx"


def _tse_csv(columns, rows) -> bytes:
    """The TSE layout: every field quoted, ';', CRLF, ISO-8859-1."""
    line = lambda values: ";".join(f'"{v}"' for v in values) + "\r\n"  # noqa: E731
    return (line(columns) + "".join(line(r) for r in rows)).encode("latin-1")


def _zip(path: Path, members: dict[str, bytes]) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2026, 7, 15, 10, 0, 0)), data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _first_zones() -> dict[str, tuple[str, str]]:
    """TSE code -> (first zone, TSE name) from the committed 2022 copy."""
    out = {}
    with open(RAW / prov.RAW["electorate"].path, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            out.setdefault(r["CD_MUNICIPIO"].zfill(5), (r["NR_ZONA"], r["NM_MUNICIPIO"]))
    return out


def _perfil_rows() -> list[list[str]]:
    zones = _first_zones()
    counts = {}
    with open(RAW / prov.RAW["profile"].path, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            counts[r["cod_tse"]] = int(r["total_eleitores"])
    counts[BOM_JESUS_TSE] = BOM_JESUS_TEST
    rows = []
    for code, n in sorted(counts.items()):
        zone, name = zones[code]
        for gender, label, part in (("2", "MASCULINO", n // 2), ("4", "FEMININO", n - n // 2)):
            rows.append([GENERATED, "10:15:02", "2026", "GO", code, name, "1", "#NULO#", zone,
                         gender, label, "1", "SOLTEIRO", "2529", "25 a 29 anos", "6",
                         "ENSINO MÉDIO COMPLETO", "3", "PARDA", "-1", "#NE#", "-1", "#NE#", "-1",
                         "#NE#", "Obrigatório", str(part), str(part), "0", "0"])
    rows.append([GENERATED, "10:15:02", "2026", "DF", "97012", "BRASÍLIA", "1", "#NULO#", "1",
                 "4", "FEMININO", "1", "SOLTEIRO", "2529", "25 a 29 anos", "6",
                 "ENSINO MÉDIO COMPLETO", "3", "PARDA", "-1", "#NE#", "-1", "#NE#", "-1",
                 "#NE#", "Obrigatório", "999999", "0", "0", "0"])
    return rows


def _munzona_rows(uf: str = "GO") -> list[list[str]]:
    rows = []
    with open(RAW / prov.RAW["electorate"].path, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            for turno, cargo, office in (("1", "1", "Presidente"), ("1", "3", "Governador"),
                                         ("2", "1", "Presidente")):
                aptos = r["eleitores_aptos"] if turno == "1" else "1"
                rows.append(["03/10/2022", "01:00:00", "2022", "2", "Eleição Ordinária", turno,
                             "544", "Eleições Gerais Estaduais 2022", "02/10/2022", "F", uf,
                             uf, "Goiás", r["CD_MUNICIPIO"].zfill(5), r["NM_MUNICIPIO"],
                             r["NR_ZONA"], cargo, office, aptos, "1", "0", aptos, "1", "0",
                             "0", "N", "0", "0", "0", "0", "0", "0", "01:00:00", "03/10/2022"])
    return rows


def _portal_months() -> dict[str, bytes]:
    """One CSV per month of the committed SEFAZ-GO monthly copy, in the portal's layout."""
    sums: dict[tuple[str, str], float] = defaultdict(float)
    with open(RAW / prov.RAW["sefaz"].path, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            sums[(r["ano_mes"], r["receita"])] += float(r["valor_reais"])
    months: dict[str, list[str]] = defaultdict(list)
    for (month, line), v in sorted(sums.items()):
        value = f"{v:.2f}".replace(".", ",")
        months[month].append(f"{line};{month.replace('-', '')};{value}")
    return {f"arrecadacao_{m.replace('-', '_')}.csv":
            ("TIPO_RECEITA;ANO_MES;VALR_TOTAL\n" + "\n".join(lines) + "\n").encode("utf-8")
            for m, lines in months.items()}


def _publish(site: Path, url: str) -> tuple:
    _zip(site / "perfil_eleitorado" / "perfil_eleitorado_2026.zip",
         {"perfil_eleitorado_2026.csv": _tse_csv(PERFIL_COLUMNS, _perfil_rows()),
          "leiame.pdf": b"%PDF-1.4 TESTE\n"})
    _zip(site / "detalhe_votacao_munzona" / "detalhe_votacao_munzona_2022.zip",
         {"detalhe_votacao_munzona_2022_GO.csv": _tse_csv(MUNZONA_COLUMNS, _munzona_rows()),
          "detalhe_votacao_munzona_2022_DF.csv": _tse_csv(MUNZONA_COLUMNS, []),
          "leiame.pdf": b"%PDF-1.4 TESTE\n"})
    (site / "primeiros").mkdir()
    shutil.copyfile(RAW / prov.RAW["pop_xlsx"].path, site / "primeiros" / POP_NAME)
    (site / "recursos").mkdir()
    months = _portal_months()
    for name, data in months.items():
        (site / "recursos" / name).write_bytes(data)
    (site / "api" / "3" / "action").mkdir(parents=True)
    (site / "api" / "3" / "action" / "package_show").write_text(json.dumps(
        {"success": True, "result": {"resources": [
            {"url": f"{url}/recursos/{n}", "format": "CSV"} for n in sorted(months)]}}),
        encoding="utf-8")
    by = cat.BY_KEY
    return (
        dataclasses.replace(by["eleitorado-perfil"],
                            url=f"{url}/perfil_eleitorado/perfil_eleitorado_2026.zip"),
        dataclasses.replace(by["eleitorado-2022"],
                            url=f"{url}/detalhe_votacao_munzona/detalhe_votacao_munzona_2022.zip"),
        dataclasses.replace(by["receita-sefaz"], url=f"{url}/dataset/arrecadacao"),
        dataclasses.replace(by["populacao-primeiros-resultados"],
                            url=f"{url}/primeiros/{POP_NAME}"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The shared raw copies less those the official files replace, ``data fetch`` of the
    three official sets from the local server, then ``data build``."""
    from viabilidade.data.fetch import fetch_official
    from viabilidade.data.store import build_store

    base = tmp_path_factory.mktemp("oficial")
    site, raw = base / "publicador", base / "raw"
    site.mkdir()
    shutil.copytree(RAW, raw)
    for role in ("profile", "profile_total", "electorate", "sefaz", "pop_xlsx"):
        (raw / prov.RAW[role].path).unlink()
    with Server(site) as server:
        sources = _publish(site, server.url)
        report = fetch_official(raw, sources=sources, progress=False, today=TODAY)
        url = server.url
    manifest = build_store(raw, base / "store")
    return {"report": report, "manifest": manifest, "raw": raw, "store": base / "store",
            "url": url}


def test_fetch_then_build_reads_the_official_files(built):
    assert built["report"].problems == []
    assert [o.line() for o in built["report"].outcomes] == [
        "eleitorado-perfil: baixado electoral/perfil_eleitorado_2026.zip; "
        "electoral/perfil_eleitorado_2026_GO.csv escrito",
        "eleitorado-2022: baixado electoral/detalhe_votacao_munzona_2022.zip; "
        "electoral/detalhe_votacao_munzona_2022_GO.csv escrito",
        "receita-sefaz: 46 arquivos baixados em revenue/arrecadacao",
        f"populacao-primeiros-resultados: baixado census/{POP_NAME}"]
    committed = json.loads((COMMITTED / "manifest.json").read_text(encoding="utf-8"))
    tables = built["manifest"]["tables"]
    assert set(tables) == set(committed["tables"])
    # the same electorate (QT_APTOS of the 1st round, one office) and the same state revenue
    for name in ("electorate", "state_revenue", "municipalities", "boundaries"):
        assert tables[name]["sha256"] == committed["tables"][name]["sha256"], name


def test_the_profile_is_read_whole_from_the_tse_file_with_its_date(built):
    new = pd.read_parquet(built["store"] / "electorate_profile.parquet").set_index("cod_ibge")
    old = pd.read_parquet(COMMITTED / "electorate_profile.parquet").set_index("cod_ibge")
    assert len(new) == 246 and set(new["base"]) == {"published"} and set(new["nota"]) == {""}
    assert int(new.at[BOM_JESUS, "eleitores"]) == BOM_JESUS_TEST  # read, no longer derived
    assert old.at[BOM_JESUS, "base"] == "estimated"
    others = new.index != BOM_JESUS
    assert new.loc[others, "eleitores"].tolist() == old.loc[others, "eleitores"].tolist()
    recs = built["manifest"]["tables"]["electorate_profile"]["provenance"]
    assert [r["files"][0]["path"] for r in recs] == [
        "electoral/perfil_eleitorado_2026_GO.csv", prov.RAW["crosswalk"].path]
    (rec, _) = recs
    assert rec["vintage"] == "perfil do eleitorado de 2026, arquivo gerado em 15/07/2026"
    assert rec["fetched"] is True and rec["retrieved"] == TODAY
    assert rec["via"].startswith(
        f"TSE, {built['url']}/perfil_eleitorado/perfil_eleitorado_2026.zip "
        "(electoral/perfil_eleitorado_2026.zip, sha256 ")
    assert prov.dataset_label(rec) == ("TSE, perfil do eleitorado de 2026, arquivo gerado em "
                                       "15/07/2026")


def test_each_portal_file_is_recorded_with_its_address_date_and_sha256(built):
    (_, rec) = built["manifest"]["tables"]["state_revenue"]["provenance"]
    assert rec["publisher"] == "SEFAZ-GO (Secretaria da Economia de Goiás)"
    assert rec["fetched"] is True and rec["retrieved"] == TODAY
    assert len(rec["files"]) == 46
    first = rec["files"][0]
    data = (built["raw"] / first["path"]).read_bytes()
    import hashlib

    assert first == {"path": "revenue/arrecadacao/arrecadacao_2020_11.csv",
                     "sha256": hashlib.sha256(data).hexdigest(),
                     "url": f"{built['url']}/recursos/arrecadacao_2020_11.csv",
                     "retrieved": TODAY}
    assert rec["via"] == (f"SEFAZ-GO (Secretaria da Economia de Goiás), 46 arquivos do conjunto "
                          f"{built['url']}/dataset/arrecadacao, cada um com o seu endereço, data "
                          "de download e sha256")


def test_the_studies_of_a_mixed_store_say_which_files_are_which(built):
    records = [r for t in built["manifest"]["tables"].values() for r in t["provenance"]]
    note = prov.copy_note(records)
    assert note == (
        "Foram baixados dos endereços oficiais dos próprios órgãos, pelo comando viabilidade "
        "data fetch em 07/12/2026, os arquivos de: IBGE, Censo Demográfico 2022, População e "
        "Domicílios — Primeiros Resultados (divulgação de 28/06/2023; referência 31/07/2022); "
        "TSE, eleitorado apto nas Eleições Gerais de 2022 (02/10/2022); TSE, perfil do "
        "eleitorado de 2026, arquivo gerado em 15/07/2026; SEFAZ-GO (Secretaria de Estado da "
        "Economia de Goiás), arrecadação mensal por tipo de receita, Portal de Dados Abertos "
        "do Estado de Goiás (meses publicados no portal). Os dos demais conjuntos da lista são "
        "cópias não oficiais, republicadas por terceiros e não conferidas com os arquivos dos "
        "órgãos. Endereços, datas e somas de verificação de cada arquivo no Apêndice. As "
        "tabelas tiradas de textos legais, não de arquivos de dados (TCU, decisão normativa do "
        "FPM do exercício de 2023 (DOU de 06/07/2023); Decreto-Lei nº 1.881/1981, faixas de "
        "população e coeficientes do FPM-Interior; Atos de criação de alguns municípios "
        "goianos (1953–1997; compilação parcial, não o cadastro de todos), colhidos de portais "
        "de legislação, câmaras e prefeituras), não são arquivos publicados pelos órgãos: são "
        "transcrições dos atos, com o ato, a data e o endereço onde o texto foi lido "
        "(Apêndice).")
    assert "cópias não oficiais das publicações" not in note


def test_the_three_notes():
    copy = {"via": "GitHub x", "source": "s", "publisher": "IBGE", "files": [
        {"path": prov.RAW["dtb"].path}]}
    fetched = {"via": "TSE, https://…", "fetched": True,
               "retrieved": "2026-12-01", "files": [{"path": prov.RAW["electorate"].path}],
               "source": prov.RAW["electorate"].source}
    later = {**fetched, "retrieved": "2026-12-03"}
    assert prov.copy_note([copy, copy]) == prov.COPY_NOTE  # the mirrors: today's paragraph
    assert prov.COPY_NOTE.startswith("Os arquivos de dados usados são cópias não oficiais")
    assert prov.copy_note([fetched, later]) == (
        "Os arquivos de dados usados são arquivos oficiais, publicados pelos próprios órgãos "
        "e baixados dos seus endereços oficiais pelo comando viabilidade data fetch entre "
        "01/12/2026 e 03/12/2026 (endereço, data e soma de verificação de cada um no "
        "Apêndice).")
    assert prov.copy_note([copy, fetched]) == (
        "Foram baixados dos endereços oficiais dos próprios órgãos, pelo comando viabilidade "
        "data fetch em 01/12/2026, os arquivos de: TSE, eleitorado apto nas Eleições Gerais de "
        "2022 (02/10/2022). Os dos demais conjuntos da lista são cópias não oficiais, "
        "republicadas por terceiros e não conferidas com os arquivos dos órgãos. Endereços, "
        "datas e somas de verificação de cada arquivo no Apêndice.")


def test_an_official_file_put_by_hand_is_read_but_not_called_official(tmp_path):
    """A file in the publisher's layout that data fetch did not record: read, cited as of
    unchecked origin, never as downloaded."""
    f = tmp_path / "electoral" / "perfil_eleitorado_2026_GO.csv"
    f.parent.mkdir()
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, _perfil_rows()[:2]))
    rec = prov.record(tmp_path, "profile")
    assert rec["via"] == prov.NOT_RECORDED and rec["retrieved"] == "" and "fetched" not in rec
    assert prov.roles_read(tmp_path, ("profile", "profile_total", "crosswalk")) == (
        "profile", "crosswalk")


@pytest.fixture(scope="module")
def cw():
    return Crosswalk(tse.read_crosswalk(RAW / prov.RAW["crosswalk"].path))


def test_the_tse_profile_reader_refuses_two_dates_and_a_missing_municipality(tmp_path, cw):
    rows = _perfil_rows()
    f = tmp_path / "perfil.csv"
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, rows[:-3] + [[("16/07/2026" if i == 0 else v)
                                                          for i, v in enumerate(rows[-3])]]))
    with pytest.raises(DataError) as e:
        tse.read_profile_official(f, cw)
    assert str(e.value) == ("arquivo perfil.csv, coluna 'DT_GERACAO': 2 datas de geração "
                            "(15/07/2026, 16/07/2026); esperada uma única data de geração em "
                            "todas as linhas do arquivo")
    f.write_bytes(_tse_csv(PERFIL_COLUMNS, [r for r in rows if r[4] != BOM_JESUS_TSE]))
    with pytest.raises(DataError) as e:
        tse.read_profile_official(f, cw)
    assert str(e.value) == ("arquivo perfil.csv, coluna 'CD_MUNICIPIO': falta 1 município "
                            "(5203500); esperados todos os 246 municípios do cadastro do TSE")


def test_the_portal_reader_sums_and_refuses_bad_months(tmp_path):
    d = tmp_path / "arrecadacao"
    d.mkdir()
    with pytest.raises(DataError) as e:
        revenue.read_sefaz_portal(d)
    assert str(e.value).startswith("arquivo arrecadacao: nenhum arquivo CSV;")
    (d / "a.csv").write_bytes("TIPO_RECEITA;ANO_MES;VALR_TOTAL\nICMS;202201;1.000,50\n"
                              "ICMS;202201;2,25\nMULTA DE ICMS;202201;3,00\n".encode("utf-8"))
    got = revenue.read_sefaz_portal(d)
    assert got[["receita", "ano_mes", "valor_brl"]].values.tolist() == [
        ["ICMS", "2022-01", 1002.75], ["MULTA DE ICMS", "2022-01", 3.0]]
    (d / "b.csv").write_bytes(b"TIPO_RECEITA;ANO_MES;VALR_TOTAL\nIPVA;2022-02;1,00\n")
    with pytest.raises(DataError) as e:
        revenue.read_sefaz_portal(d)
    assert str(e.value) == ("arquivo b.csv, linha 2, coluna 'ANO_MES': encontrado '2022-02'; "
                            "esperado um mês AAAAMM")


def test_the_appendix_gives_each_portal_file_its_own_address_and_date(built):
    from viabilidade.report.writers.tables import provenance_table

    recs = [{**r, "table": "state_revenue"}
            for r in built["manifest"]["tables"]["state_revenue"]["provenance"]]
    html = str(provenance_table(recs))
    assert html.count("<tr>") - 1 == 1 + 46  # the IMB table, then one row per monthly CSV
    assert (f"07/12/2026; {built['url']}/recursos/arrecadacao_2024_08.csv</td>"
            "<td>revenue/arrecadacao/arrecadacao_2024_08.csv</td>") in html


def test_studies_cite_the_roll_with_the_date_the_tse_file_states(built):
    from viabilidade.data.sources import SRC_TSE, VINTAGE_TSE
    from viabilidade.data.store import electors_source, load_store

    assert electors_source(load_store(built["store"])) == (
        "TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026)", "2026")
    assert electors_source(load_store(COMMITTED)) == (SRC_TSE, VINTAGE_TSE)
    assert SRC_TSE == "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida)"


def test_a_folder_with_only_the_official_downloads_says_what_else_the_build_needs(tmp_path):
    """A folder being filled by data fetch: the build says which files are missing, that
    data fetch brings all but the two transcriptions of legal texts, and where those are."""
    from viabilidade.data.store import build_store

    raw = tmp_path / "raw"
    (raw / "electoral").mkdir(parents=True)
    (raw / "electoral" / "perfil_eleitorado_2026_GO.csv").write_bytes(
        _tse_csv(PERFIL_COLUMNS, _perfil_rows()[:2]))
    with pytest.raises(DataError) as e:
        build_store(raw, tmp_path / "store")
    assert str(e.value) == (
        f"pasta de dados brutos {raw} (procurados em {raw}): faltam os 11 arquivos que a "
        "reconstrução lê (pastas census/, dtb/, economy/, electoral/, fiscal/, geo/, history/, "
        "revenue/); esperada a pasta com census/, dtb/, electoral/, economy/, fiscal/, "
        "history/, revenue/ e geo/ (p. ex. ../shared/data); `viabilidade data fetch` baixa 9 "
        "deles (census/CD2022_Agregados_por_"
        "distritos_basico_GO.csv, census/CD2022_Agregados_por_municipios_basico_GO.csv, "
        "census/CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx, census/"
        "dicionario_de_dados_agregados_por_setores_censitarios_AAAAMMDD.xlsx, dtb/RELATORIO_"
        "DTB_BRASIL_DISTRITO.ods, economy/sidra_tabela5938_pib_municipios_GO.json, electoral/"
        "detalhe_votacao_munzona_2022_GO.csv, geo/go_localidades2022_ibge_kml_246_municipios."
        "tar.xz, revenue/arrecadacao/); fiscal/fpm_interior_2023_tcu_dou_20230706.csv, "
        "history/go_criacao_municipios_fatos_legais.csv são transcrições de textos legais, sem "
        "arquivo publicado (conjuntos fpm-tcu-2023, atos-criacao-municipios do catálogo): "
        "copie-os da pasta de dados compartilhada (../shared/data), com o mesmo caminho")
    assert not (tmp_path / "store").exists()
