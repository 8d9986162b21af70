"""Provenance of the processed tables: which raw files, their sha256, publisher, vintage.

Every record is fixed text plus the sha256 of the raw files actually read, so a rebuild
from the same raw files gives the same manifest byte for byte. ``retrieved`` is the date
recorded for the copy used (the commit date of the re-publication named in
``shared/data/SOURCES.md`` or, when none is recorded, the date the collection was made,
2026-11-29) — never the build date.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError
from .catalogue import AGREGADOS_DISTRITOS, AGREGADOS_MUNICIPIOS, DTB_DISTRITOS, LOCALIDADES_KML

#: Date the raw collection in ``shared/data`` was assembled (SOURCES.md), for copies without
#: a recorded commit date.
COLLECTED = "2026-11-29"


@dataclass(frozen=True)
class RawFile:
    """One raw file as published, with where it was taken from.

    Attributes
    ----------
    path : str
        Path relative to the raw folder (``census/...csv``).
    source : str
        The data set, in the publisher's words.
    publisher : str
        Who publishes it (IBGE, TSE, SEFAZ-GO, IMB, ...).
    vintage : str
        Reference date or edition of the data.
    retrieved : str
        Date of the copy used (ISO date).
    via : str
        Re-publication the copy came from, when not the publisher's own address.
    """

    path: str
    source: str
    publisher: str
    vintage: str
    retrieved: str
    via: str = ""


#: The IBGE Localidades 2022 KMLs of the 246 municipalities (SOURCES.md, third pass): the
#: 2022 municipal mesh at full resolution, the seats and the vilas all come from it.
LOCALIDADES_2022 = LOCALIDADES_KML
LOCALIDADES_VIA = ("GitHub johnerick-py/map_select commit 73e94cac8b1c6f624a181e645d39dc02e509ddc3, "
                   "pasta goias_kml/ (CC BY 4.0), empacotados sem alteração")

#: Every raw file the store reads, by role (one file may serve several roles).
RAW = {
    "pop_xlsx": RawFile(
        "census/CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx",
        "Censo Demográfico 2022: População e Domicílios — Primeiros Resultados (população "
        "coletada, imputada e total por município)", "IBGE",
        "Censo 2022 (referência 31/07/2022), divulgação de 28/06/2023", COLLECTED,
        "GitHub estatista/curso_r commit 91eceeae6473ae7d830f6b7312a9c91260c951db"),
    "agg_mun": RawFile(
        AGREGADOS_MUNICIPIOS,
        "Censo Demográfico 2022 — Agregados por Setores Censitários, "
        "Agregados_por_municipios_basico_BR.csv (linhas de GO)", "IBGE",
        "Censo 2022 (referência 31/07/2022), resultados revisados do universo", "2024-12-15",
        "GitHub LuccaFerraz/Analise-Criminal-no-Brasil commit "
        "af1dfafa555ea6b5c8850446587684105aa40dbe"),
    "agg_dist": RawFile(
        AGREGADOS_DISTRITOS,
        "Censo Demográfico 2022 — Agregados por Setores Censitários, "
        "Agregados_por_distritos_basico_BR.csv (linhas de GO)", "IBGE",
        "Censo 2022 (referência 31/07/2022), resultados revisados do universo", "2025-06-22",
        "GitHub vini-ayres/SIMCADS-IA commit d80c166bcf9e8a90a0cbf107b4b6dae399d46368"),
    "dictionary": RawFile(
        "census/dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx",
        "Dicionário de dados dos Agregados por Setores Censitários (Censo 2022)", "IBGE",
        "2025-04-17", "2025-06-22",
        "GitHub vini-ayres/SIMCADS-IA commit d80c166bcf9e8a90a0cbf107b4b6dae399d46368"),
    "dtb": RawFile(
        "dtb/go_dtb2022_distritos.csv",
        "Divisão Territorial Brasileira — RELATORIO_DTB_BRASIL_DISTRITO (DTB_2022_Distrito), "
        "linhas de GO", "IBGE", "DTB 2022 (data base 21/12/2022)", COLLECTED,
        "GitHub icaro87/populacao_brasileira_overview commit "
        "81bd0f569b50c22f27daff76ac6214ebad5d6f06"),
    "crosswalk": RawFile(
        "electoral/go_crosswalk_tse_ibge_municipios.csv",
        "Municípios brasileiros com códigos TSE e IBGE (linhas de GO)", "TSE",
        "2018", "2018-11-13",
        "GitHub betafcc/Municipios-Brasileiros-TSE commit "
        "fe2694220eb7280a3df01e985641f34078989aa8"),
    "electorate": RawFile(
        "electoral/go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv",
        "Eleitores aptos por zona e município, Eleições Gerais 2022 (resultados por seção "
        "agregados)", "TSE", "Eleições Gerais 2022 (outubro de 2022)", "2022-11-13",
        "GitHub rafnleite/rafnleite.github.io commit bc47a8a5447d6aa29df909e390fd3976d06e4faf"),
    "profile": RawFile(
        "electoral/go_eleitorado_municipios_tse_perfil_secao_agregado_jeffairdata.csv",
        "Perfil do eleitorado por seção, somado por município (totais lidos da figura "
        "goias_bubble_profile_public.html; sem Bom Jesus de Goiás)", "TSE",
        "perfil do eleitorado de 2026 (julho de 2026, segundo a agregação do total; não "
        "conferido)", COLLECTED,
        "GitHub JeffAirData/eleicoes-goias-2022-2026 commit "
        "3b2309ca82f0110f7f1511088900f9bac0d83b30"),
    "profile_total": RawFile(
        "electoral/go_eleitorado_perfil2026_total_go_e_8_maiores_rox87.csv",
        "Perfil do eleitorado 2026 (perfil_eleitorado_2026_BRASIL.csv), total de Goiás e os 8 "
        "maiores municípios", "TSE",
        "perfil do eleitorado de 2026 (julho de 2026, segundo os metadados da agregação; não "
        "conferido)", COLLECTED,
        "GitHub Rox87/perfil_eleitorado_2026 commit c034edcb3e5660f694dd47428ee64512f7da587f"),
    "seats": RawFile(
        LOCALIDADES_2022,
        "Localidades 2022: sedes municipais (pasta 01.03. Sede Municipal, categoria Cidade)",
        "IBGE", "Localidades 2022", COLLECTED, LOCALIDADES_VIA),
    "vilas": RawFile(
        LOCALIDADES_2022,
        "Localidades 2022: vilas, sedes dos distritos que não são sede municipal (pasta 04. "
        "Vilas, categoria Vila; CD_LOCALIDADE = código do distrito)",
        "IBGE", "Localidades 2022", COLLECTED, LOCALIDADES_VIA),
    "sefaz": RawFile(
        "revenue/go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv",
        "Receita Gerencial (arrecadação diária por receita e setor), somada por mês",
        "SEFAZ-GO (Secretaria da Economia de Goiás)", "2020-11-30 a 2024-08-19", "2024-08-22",
        "GitHub raphaellima1/Relatorio_Receita_Publicacao commit "
        "2dff793d85ccf144bf4286ef5ff3a516c280116b"),
    "imb125": RawFile(
        "revenue/go_goiasemdados2023_tab125_receita_bruta_tributos_mil_reais.csv",
        "Goiás em Dados 2023, tabela 125 — receita bruta por tributo (R$ mil)",
        "Instituto Mauro Borges (IMB), dados da SEFAZ-GO", "2020–2022", COLLECTED,
        "GitHub CDourado10/portfolio_adequado commit 1c5330b11cbf6d616289022b27f36d68523b0106"),
    "pib": RawFile(
        "economy/sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx",
        "SIDRA Tabela 5938 — PIB dos Municípios (referência 2010), PIB, impostos e VAB a "
        "preços correntes (R$ mil)", "IBGE", "2002–2023 (2022–2023 só PIB)", "2026-01-14",
        "GitHub HugoBSantos/pib-municipios-brasil commit "
        "b59ed22002938b928b5f0f5eaed5dfe820adc1ea"),
    "fpm_tcu": RawFile(
        "fiscal/fpm_interior_2023_tcu_dou_20230706.csv",
        "Decisão normativa do TCU para o FPM do exercício de 2023: Anexo VI (participação de "
        "cada Estado no FPM-Interior) e Anexo VIII (soma dos coeficientes, população e número "
        "de municípios por Estado)", "TCU", "exercício de 2023 (DOU de 06/07/2023)", COLLECTED,
        "imagens das páginas do DOU republicadas em diaoficial.com (endereço por linha)"),
    "fpm_faixas": RawFile(
        "fiscal/fpm_dl1881_faixas_coeficientes.csv",
        "Faixas de população e coeficientes do FPM-Interior (CTN art. 91, § 2º, redação do "
        "Decreto-Lei 1.881/1981)", "Presidência da República (texto legal)", "1981",
        COLLECTED, "normasbrasil.com.br (decreto-lei-1881-1981), expandido em 18 faixas"),
    "history": RawFile(
        "history/go_criacao_municipios_fatos_legais.csv",
        "Fatos legais da criação de municípios goianos (ato, data, origem, instalação, "
        "observações), compilados à mão de portais de legislação (legisla.casacivil.go.gov.br, "
        "alegodigital.al.go.leg.br, gabinetecivil.goias.gov.br), páginas de câmaras e "
        "prefeituras, AGM-GO e Wikipédia", "compilação (endereço e confiança por linha)",
        "atos de 1953 a 1997", COLLECTED, "o endereço indicado em cada linha"),
    "boundaries": RawFile(
        LOCALIDADES_2022,
        "Malha Municipal 2022: polígono de cada município em resolução completa (pasta 13. "
        "Referência dos KML de Localidades 2022)",
        "IBGE", "Malha Municipal 2022", COLLECTED, LOCALIDADES_VIA),
    "boundaries_map": RawFile(
        LOCALIDADES_2022,
        "Malha Municipal 2022 simplificada para os mapas (tolerância de 0,001°, cerca de 110 m; "
        "municípios vizinhos continuam com a mesma divisa), dos polígonos da pasta 13. "
        "Referência",
        "IBGE", "Malha Municipal 2022", COLLECTED, LOCALIDADES_VIA),
}


#: Size in bytes of each file of :data:`RAW`, by raw path, as in the mirror copy whose
#: sha256 the processed manifest records (``shared/data``): a mirror download
#: (``data fetch --base-url``/``--from``) may write at most this plus the margin of
#: :meth:`viabilidade.data.download.Limit.recorded` (an endless body had written 241.876.983
#: bytes for the 78.587-byte districts file).
RAW_BYTES = {
    "census/CD2022_Agregados_por_distritos_basico_GO.csv": 78587,
    "census/CD2022_Agregados_por_municipios_basico_GO.csv": 29794,
    "census/CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx": 321647,
    "census/dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx": 115218,
    "dtb/go_dtb2022_distritos.csv": 47845,
    "economy/sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx": 155381,
    "electoral/go_crosswalk_tse_ibge_municipios.csv": 8041,
    "electoral/go_eleitorado_municipios_tse_perfil_secao_agregado_jeffairdata.csv": 8335,
    "electoral/go_eleitorado_perfil2026_total_go_e_8_maiores_rox87.csv": 1763,
    "electoral/go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv": 21420,
    "fiscal/fpm_dl1881_faixas_coeficientes.csv": 336,
    "fiscal/fpm_interior_2023_tcu_dou_20230706.csv": 1132,
    "geo/go_localidades2022_ibge_kml_246_municipios.tar.xz": 6951108,
    "history/go_criacao_municipios_fatos_legais.csv": 3669,
    "revenue/go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv": 152853,
    "revenue/go_goiasemdados2023_tab125_receita_bruta_tributos_mil_reais.csv": 236,
}


@functools.cache
def tract_raw() -> dict[str, RawFile]:
    """Raw files read only when present: the census tracts (:mod:`viabilidade.data.tracts`),
    at the paths the catalogue names; kept apart from :data:`RAW`, whose every file a build
    needs (a function, because the catalogue imports this module)."""
    from .catalogue import SETORES_AGREGADOS, SETORES_MALHA

    mesh = ("Malha de Setores Censitários do Censo 2022, Goiás", "IBGE",
            "Censo 2022 (referência 31/07/2022)", "",
            "arquivo posto pelo usuário na pasta de dados brutos (data da cópia não registrada)")
    return {
        "tracts_mesh": RawFile(SETORES_MALHA, *mesh),
        "tracts_mesh_zip": RawFile(SETORES_MALHA.removesuffix(".gpkg") + ".zip", *mesh),
        "tracts_basic": RawFile(
            SETORES_AGREGADOS, "Censo Demográfico 2022 — Agregados por Setores Censitários, "
            "Agregados_por_setores_basico_BR.csv (linhas de GO)", "IBGE",
            "Censo 2022 (referência 31/07/2022), resultados do universo", "",
            "arquivo posto pelo usuário na pasta de dados brutos (data da cópia não registrada)"),
    }


#: Raw files of the fourth pass (SOURCES.md), read only when present (the store's optional
#: tables ``fpm_monthly``, ``fpm_credits``, ``official_areas``; :mod:`.transfers`).
FOURTH_PASS = "2026-12-07"
OPTIONAL_RAW = {
    "fpm_mensal": RawFile(
        "fiscal/go_fpm_mensal_estado_tesouro_1991-2023-09.csv",
        "Transferências obrigatórias da União: FPM mensal de Goiás (interior com a reserva; "
        "capital à parte), valores brutos", "Tesouro Nacional", "jan. 1991 a set. 2023",
        FOURTH_PASS, "GitHub oakartur/teste_ds commit 078841edb9ec72ec077d0b90c7568d5e676a5b8e "
        "(FPM.csv e FPMCAPITAIS.csv)"),
    "fpm_municipios": RawFile(
        "fiscal/go_transferencias_mensais_municipios_tesouro_2023-03.csv",
        "Transferências constitucionais para municípios, março de 2023 (linhas de GO; FPM "
        "creditado, líquido da retenção de 20 % ao FUNDEB; 1º e 2º decêndios)",
        "Tesouro Nacional", "março de 2023", FOURTH_PASS,
        "GitHub Rodslater/transferencias commit 2833f64db42187df2076e4dc6416907515eabe3b "
        "(TransferenciaMensalMunicipios202303.csv)"),
    "areas_oficiais": RawFile(
        "geo/go_areas_territoriais_oficiais_ibge_2022.csv",
        "Áreas Territoriais 2022 (área territorial oficial dos municípios, km²)", "IBGE",
        "2022", FOURTH_PASS,
        "GitHub tchiluanda/municipios commit ff28ea9dee74dd4c5287c59394729dbdcc3abf0e "
        "(areas-mun-2022.xlsx, planilha AR_BR_MUN_2022)"),
}


#: Raw roles whose source is a legal text, not a data file (issue 33 § 3 (b)): the DL
#: 1.881/1981 brackets, the TCU's 2023 FPM figures as printed in the DOU and the creation
#: acts. The TCU's figures and the acts are transcriptions with no machine-readable
#: publication: read from the raw folder only (the catalogue lists them as manual sets,
#: to be taken from the shared data folder); the brackets are derived from the decree-law's
#: rule when their copy is not there (:data:`DERIVED_RAW`). Documents name them apart from
#: the data files (:func:`copy_note`, :data:`TRANSCRIBED_NOTE`).
LEGAL_TEXTS = ("fpm_faixas", "fpm_tcu", "history")


#: The publishers' own files, in the layout ``viabilidade data fetch`` leaves them
#: (:mod:`viabilidade.data.catalogue`), that the build reads in place of a role's
#: third-party copy when they are in the raw folder (:func:`official`). A path ending in
#: ``/`` is a folder of files (the portal's monthly CSVs). ``retrieved`` and ``via`` are
#: empty: a file here is cited from the download record (``fontes-baixadas.json``).
OFFICIAL_RAW = {
    "profile": RawFile(
        "electoral/perfil_eleitorado_2026_GO.csv",
        "Perfil do eleitorado (perfil_eleitorado_2026.csv, linhas de GO)", "TSE",
        "perfil do eleitorado de 2026", "", ""),
    "electorate": RawFile(
        "electoral/detalhe_votacao_munzona_2022_GO.csv",
        "Detalhe da votação por município e zona, Eleições Gerais 2022 (linhas de GO; "
        "QT_APTOS do 1º turno)", "TSE", "Eleições Gerais 2022 (02/10/2022)", "", ""),
    "pop_xlsx": RawFile(
        "census/CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx",
        RAW["pop_xlsx"].source, "IBGE", RAW["pop_xlsx"].vintage, "", ""),
    "dictionary": RawFile(
        "census/dicionario_de_dados_agregados_por_setores_censitarios_",
        "Dicionário de dados dos Agregados por Setores Censitários (Censo 2022), o mais novo "
        "da pasta do IBGE", "IBGE", "versão do nome do arquivo", "", ""),
    "dtb": RawFile(
        DTB_DISTRITOS, "Divisão Territorial Brasileira — RELATORIO_DTB_BRASIL_DISTRITO "
        "(linhas de GO)", "IBGE", RAW["dtb"].vintage, "", ""),
    "pib": RawFile(
        "economy/sidra_tabela5938_pib_municipios_GO.json",
        "SIDRA Tabela 5938 — PIB dos Municípios (referência 2010): resposta JSON da API do "
        "SIDRA (apisidra.ibge.gov.br/values), PIB, impostos e VAB a preços correntes (R$ mil), "
        "municípios de Goiás", "IBGE", "todos os anos publicados", "", ""),
    "sefaz": RawFile(
        "revenue/arrecadacao/",
        "Arrecadação estadual mensal por tipo de receita (Portal de Dados Abertos do Estado "
        "de Goiás, conjunto arrecadacao)", "SEFAZ-GO (Secretaria da Economia de Goiás)",
        "meses publicados no portal", "", ""),
    # The fourth pass's optional tables, from the publishers' own files (docs/DADOS.md).
    "fpm_mensal": RawFile(
        "fiscal/transferencias-obrigatorias-da-uniao/",
        "Transferências obrigatórias da União: FPM mensal por UF (FPM.csv, interior com a "
        "reserva; FPMCAPITAIS.csv, capitais), linha de GO", "Tesouro Nacional",
        "meses publicados", "", ""),
    "fpm_municipios": RawFile(
        "fiscal/transferencias-constitucionais-para-municipios/"
        "TransferenciaMensalMunicipios202303.csv",
        "Transferências constitucionais para municípios, março de 2023 (linhas de GO; FPM "
        "creditado, líquido da retenção de 20 % ao FUNDEB; 1º e 2º decêndios)",
        "Tesouro Nacional", "março de 2023", "", ""),
    "areas_oficiais": RawFile(
        "geo/AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx",
        "Áreas Territoriais 2022 (área territorial oficial dos municípios, km²; aba "
        "AR_BR_MUN_2022, linhas de GO)", "IBGE", "2022", "", ""),
}
#: Roles derived when their copy is not in the raw folder (issue 33 § 3 (c)): role -> (the
#: record's RawFile, the roles it is derived from, which must be read from the publishers'
#: own files; none for a table derived from the law's rule alone). The TSE–IBGE crosswalk: each TSE municipality of the
#: ``perfil_eleitorado`` file joined by name to the IBGE's (:func:`viabilidade.data.tse.derive_crosswalk`).
DERIVED_RAW = {
    "crosswalk": (RawFile(
        "", "Correspondência dos códigos de município do TSE e do IBGE, derivada pelo projeto: "
        "o código e o nome de cada município no perfil do eleitorado do TSE, ligados pelo nome "
        "(sem acentos, maiúsculas nem sinais) ao código e ao nome do IBGE nos Agregados por "
        "municípios do Censo 2022; nome sem par ou com mais de um par recusado",
        "TSE e IBGE (derivação do projeto)", "perfil do eleitorado de 2026 e Censo 2022", "",
        "derivada por viabilidade.data.tse.derive_crosswalk dos arquivos oficiais listados"),
        ("profile", "agg_mun")),
    # No input file: the DL 1.881/1981 brackets as the project encodes the rule.
    "fpm_faixas": (RawFile(
        "", "Faixas de população e coeficientes do FPM-Interior: Decreto-Lei nº 1.881, de "
        "27/08/1981, art. 1º (nova redação do art. 91, § 2º, do Código Tributário Nacional), "
        "expandido em 18 faixas", "Presidência da República (texto legal)", "1981", "",
        "derivada pelo projeto da regra do decreto-lei, como viabilidade.fiscal.fpm.BRACKETS "
        "a codifica (texto lido em normasbrasil.com.br, decreto-lei-1881-1981); nenhum "
        "arquivo lido"), ()),
}


def derived(raw: Path, role: str) -> bool:
    """Whether the build derives ``role`` (:data:`DERIVED_RAW`): its copy is not in ``raw``
    and the publisher's own file of the first role it rests on is (always, for a role
    derived from the law's rule alone)."""
    if role not in DERIVED_RAW or (Path(raw) / RAW[role].path).is_file():
        return False
    inputs = DERIVED_RAW[role][1]
    return not inputs or bool(official_files(raw, inputs[0]))


def _derived_record(raw: Path, role: str) -> dict:
    """The record of a role derived from official files (:func:`record`): the files it was
    derived from, each with its sha256, and the address and date of its download."""
    f, inputs = DERIVED_RAW[role]
    parts = [record(raw, r) for r in inputs]
    files = []
    for part in parts:
        for entry in part["files"]:
            files.append({**entry, **({"url": _url(part["via"]), "retrieved": part["retrieved"]}
                                      if part.get("fetched") and _url(part["via"]) else {})})
    out = {"source": f.source, "publisher": f.publisher, "vintage": f.vintage, "files": files,
           "retrieved": max((p["retrieved"] for p in parts), default=""), "via": f.via}
    if parts and all(p.get("fetched") for p in parts):
        out["fetched"] = True
    return out


def _url(via: str) -> str:
    """The address in a fetched record's ``via`` (``"TSE, https://… (arquivo, sha256 …)"``)."""
    import re

    hit = re.search(r"(https?://\S+)", via)
    return hit.group(1) if hit else ""


#: Roles whose publisher dates the file name (the folder listing's newest is taken,
#: :attr:`viabilidade.data.catalogue.Source.pattern`): the official file is the one
#: ``data fetch`` recorded for the catalogue set (role -> set key), whatever its date; its
#: :data:`OFFICIAL_RAW` path is the name's fixed start.
FETCHED_AS = {"dictionary": "dicionario-agregados"}

#: Roles whose copy is not read when another role's official file is (the state total of
#: the profile aggregation: the TSE's own file gives every municipality).
SUPERSEDED = {"profile_total": "profile"}


def official_files(raw: Path, role: str) -> list[str]:
    """Raw-folder paths of the publisher's own file(s) the build reads for ``role``
    (:data:`OFFICIAL_RAW`), or ``[]`` when they are not in ``raw``: then the role's copy
    (:data:`RAW`) is read."""
    f = OFFICIAL_RAW.get(role)
    if f is None:
        return []
    if role in FETCHED_AS:
        from .rawmanifest import load

        try:
            rec = load(Path(raw))["sources"].get(FETCHED_AS[role]) or {}
        except DataError:
            return []
        path = str(rec.get("file") or "")
        return [path] if path.startswith(f.path) and _present(Path(raw) / path) else []
    if f.path.endswith("/"):
        folder = Path(raw) / f.path
        return sorted(f"{f.path}{p.name}" for p in folder.glob("*.csv")
                      if _present(p)) if folder.is_dir() else []
    return [f.path] if _present(Path(raw) / f.path) else []


def _present(path: Path) -> bool:
    """Whether the publisher's file ``path`` is there; a folder, FIFO or device in its
    place is refused, not passed over (an ``.xlsx`` that was a folder was silently ignored
    and the copy read in its place: issue 32, hostile trial 5).

    Raises
    ------
    DataError
        Naming the path and what it is.
    """
    from ..os_errors import not_regular

    kind = not_regular(path)
    if kind:
        found = "encontrada" if kind.startswith("uma ") else "encontrado"
        raise DataError(f"{found} {kind} em {path}, não um arquivo comum; esperado o arquivo "
                        "do publicador como baixado (ou nada nesse caminho, para ler a cópia)",
                        file=path)
    return path.is_file()


def official(raw: Path, role: str) -> Path | None:
    """The path the build reads for ``role`` when the publisher's own file is in ``raw``
    (a folder for the portal's CSVs), else ``None``."""
    paths = official_files(raw, role)
    if not paths:
        return None
    if role in FETCHED_AS:
        return Path(raw) / paths[0]
    return Path(raw) / OFFICIAL_RAW[role].path.rstrip("/")


def dated_version(path: Path) -> str:
    """``versão de 17/04/2025`` from a file name ending in ``_20250417.<ext>``; empty when the
    name has no date."""
    import re

    hit = re.search(r"_(\d{4})(\d{2})(\d{2})\.\w+$", Path(path).name, re.ASCII)
    return f"versão de {hit.group(3)}/{hit.group(2)}/{hit.group(1)}" if hit else ""


#: Roles read only when their copy is in the raw folder: the store is whole without them
#: (role -> what is lost, for the docs). IMB table 125 is a table of a PDF publication
#: ("Goiás em Dados 2023") with no table file whose address could be confirmed; without it
#: ``state_revenue`` holds SEFAZ-GO's own monthly figures only, and the latest year a study
#: reads (2023) is SEFAZ-GO's in either case.
OPTIONAL_COPIES = {"imb125": "receita bruta por tributo de 2020 a 2022 segundo o IMB"}


def roles_read(raw: Path, roles) -> tuple[str, ...]:
    """``roles`` less those :data:`SUPERSEDED` by an official file present in ``raw`` and
    the :data:`OPTIONAL_COPIES` whose copy is not there."""
    return tuple(r for r in roles
                 if not (r in SUPERSEDED and official_files(raw, SUPERSEDED[r]))
                 and not (r in OPTIONAL_COPIES and not (Path(raw) / RAW[r].path).is_file()))


#: The TSE electorate profile of 2026, read from two files (:data:`DATASETS`).
PROFILE_2026 = ("TSE, perfil do eleitorado de 2026 (julho, data não conferida; Bom Jesus de "
                "Goiás pela diferença do total do estado)")

#: The official data set behind each raw file, as documents name it (publisher, data set,
#: edition or year): the cover's "Dados utilizados", the deck's "Fontes dos dados". The file
#: and the copy it came from are named only in the appendix (:data:`RAW`).
DATASETS = {
    "pop_xlsx": "IBGE, Censo Demográfico 2022, População e Domicílios — Primeiros Resultados "
                "(divulgação de 28/06/2023; referência 31/07/2022)",
    "agg_mun": "IBGE, Censo Demográfico 2022, Agregados por municípios — resultados do universo "
               "(referência 31/07/2022)",
    "agg_dist": "IBGE, Censo Demográfico 2022, Agregados por distritos — resultados do universo "
                "(referência 31/07/2022)",
    "dictionary": "IBGE, Censo Demográfico 2022, dicionário de dados dos Agregados por Setores "
                  "Censitários (versão de 17/04/2025)",
    "dtb": "IBGE, Divisão Territorial Brasileira 2022 (data base 21/12/2022)",
    "crosswalk": "TSE, cadastro de municípios com os códigos do TSE e do IBGE (cópia de "
                 "13/11/2018; usado só para ligar os códigos, não dá número de eleitores)",
    "electorate": "TSE, eleitorado apto nas Eleições Gerais de 2022 (02/10/2022)",
    # one data set in two files (per municipality; the state total): one line on the cover
    "profile": PROFILE_2026,
    "profile_total": PROFILE_2026,
    "seats": "IBGE, Localidades 2022, sedes municipais",
    "vilas": "IBGE, Localidades 2022, vilas (sedes de distrito)",
    "sefaz": "SEFAZ-GO (Secretaria de Estado da Economia de Goiás), Receita Gerencial: "
             "arrecadação diária de 30/11/2020 a 19/08/2024 (anos completos 2021–2023)",
    "imb125": "Instituto Mauro Borges (IMB), Goiás em Dados 2023, tabela 125 — receita bruta "
              "por tributo, 2020–2022 (dados da SEFAZ-GO)",
    "pib": "IBGE, PIB dos Municípios (SIDRA, tabela 5938), 2002–2023 (2022–2023 só o PIB)",
    "fpm_tcu": "TCU, decisão normativa do FPM do exercício de 2023 (DOU de 06/07/2023)",
    "fpm_faixas": "Decreto-Lei nº 1.881/1981, faixas de população e coeficientes do FPM-Interior",
    "history": "Atos de criação de alguns municípios goianos (1953–1997; compilação parcial, "
               "não o cadastro de todos), colhidos de portais de legislação, câmaras e "
               "prefeituras",
    "boundaries": "IBGE, Malha Municipal 2022",
    "boundaries_map": "IBGE, Malha Municipal 2022 (simplificada para o mapa: tolerância de "
                      "0,001°, cerca de 110 m)",
    "tracts_mesh": "IBGE, Malha de Setores Censitários do Censo 2022 (Goiás)",
    "tracts_mesh_zip": "IBGE, Malha de Setores Censitários do Censo 2022 (Goiás)",
    "tracts_basic": "IBGE, Censo Demográfico 2022, Agregados por Setores Censitários — "
                    "Básico (referência 31/07/2022)",
    "fpm_mensal": "Tesouro Nacional, Transferências obrigatórias da União: FPM mensal de "
                  "Goiás, 1991 a setembro de 2023",
    "fpm_municipios": "Tesouro Nacional, Transferências constitucionais para municípios, "
                      "março de 2023",
    "areas_oficiais": "IBGE, Áreas Territoriais 2022 (área territorial oficial)",
}

#: The data set of each :data:`DERIVED_RAW` role, as documents name it.
DERIVED_DATASETS = {
    "crosswalk": "TSE e IBGE, correspondência dos códigos de município derivada pelo nome do "
                 "perfil do eleitorado do TSE e dos Agregados por municípios do Censo 2022 (só "
                 "liga os códigos, não dá número de eleitores)",
    "fpm_faixas": DATASETS["fpm_faixas"],
}

#: The official data set of each :data:`OFFICIAL_RAW` file, as documents name it;
#: ``{vintage}``: the record's (the profile's generation date, read from the file).
OFFICIAL_DATASETS = {
    "pop_xlsx": DATASETS["pop_xlsx"],
    "profile": "TSE, {vintage}",
    "electorate": DATASETS["electorate"],
    "dictionary": "IBGE, Censo Demográfico 2022, dicionário de dados dos Agregados por "
                  "Setores Censitários ({vintage})",
    "dtb": DATASETS["dtb"],
    "pib": "IBGE, PIB dos Municípios (SIDRA, tabela 5938, pela API do SIDRA), todos os anos "
           "publicados",
    "sefaz": "SEFAZ-GO (Secretaria de Estado da Economia de Goiás), arrecadação mensal por "
             "tipo de receita, Portal de Dados Abertos do Estado de Goiás ({vintage})",
    **{role: DATASETS[role] for role in ("fpm_mensal", "fpm_municipios", "areas_oficiais")},
}

#: What was checked of the third-party copies (shared/data/SOURCES.md): only checks between
#: the files themselves, none against the publisher's own download.
COPY_CHECKS = (
    "as populações dos distritos somam exatamente as dos municípios em todos os 246 "
    "municípios (Censo 2022); os 246 códigos IBGE do cadastro do TSE coincidem com os do "
    "Censo 2022; os 327 distritos e nomes coincidem com a Divisão Territorial Brasileira "
    "2022; o IPVA e o ITCD de 2022 da Receita Gerencial da SEFAZ-GO coincidem com a tabela "
    "125 do IMB")
#: Said once in a study (and in the deck): the files are unofficial copies.
COPY_NOTE = ("Os arquivos de dados usados são cópias não oficiais das publicações do IBGE, do "
             "TSE, da SEFAZ-GO e do IMB, republicadas por terceiros (endereços e somas de "
             "verificação no Apêndice). Não foram conferidos com os arquivos baixados dos "
             "próprios órgãos; foram conferidos entre si: " + COPY_CHECKS + ".")
#: Said when every file was downloaded from the publishers; ``{quando}``: the download
#: dates (:func:`copy_note`).
ALL_FETCHED_NOTE = ("Os arquivos de dados usados são arquivos oficiais, publicados pelos "
                    "próprios órgãos e baixados dos seus endereços oficiais pelo comando "
                    "viabilidade data fetch {quando} (endereço, data e soma de verificação de "
                    "cada um no Apêndice).")
#: Added when some tables come from legal texts (:data:`LEGAL_TEXTS`), which are neither
#: copies nor downloads; ``{atos}``: their data sets, ``{regra}``: :data:`RULE_CLAUSE` when
#: the brackets were derived from the decree-law's rule.
TRANSCRIBED_NOTE = (" As tabelas tiradas de textos legais, não de arquivos de dados ({atos}), "
                    "não são arquivos publicados pelos órgãos: são transcrições dos atos"
                    "{regra}, com o ato, a data e o endereço onde o texto foi lido (Apêndice).")
RULE_CLAUSE = (" ou, nas faixas do FPM-Interior, a regra do decreto-lei como o programa a "
               "aplica")
#: Said when some were: which were downloaded, which are copies (:func:`copy_note`).
PART_FETCHED_NOTE = ("Foram baixados dos endereços oficiais dos próprios órgãos, pelo comando "
                     "viabilidade data fetch {quando}, os arquivos de: {oficiais}. Os dos "
                     "demais conjuntos da lista são cópias não oficiais, republicadas por "
                     "terceiros e não conferidas com os arquivos dos órgãos. Endereços, datas "
                     "e somas de verificação de cada arquivo no Apêndice.")


def _when(dates) -> str:
    """``em 01/12/2026`` or ``entre 01/12/2026 e 03/12/2026`` (ISO dates in)."""
    shown = [f"{d[8:10]}/{d[5:7]}/{d[:4]}" for d in sorted(set(dates)) if len(d) == 10]
    if not shown:
        return "(data do download não registrada)"
    return f"em {shown[0]}" if len(shown) == 1 else f"entre {shown[0]} e {shown[-1]}"


def copy_note(records) -> str:
    """What a document says, once, of the files behind its figures.

    :data:`COPY_NOTE` when every provenance record is a third-party copy;
    :data:`ALL_FETCHED_NOTE`, dated, when every one was downloaded from the publishers
    (``"fetched": true``, set by :func:`record`); :data:`PART_FETCHED_NOTE` when some
    were, naming those data sets (:func:`dataset_label`) and the dates: the others are
    "os demais conjuntos da lista" — both callers (the cover's "Dados utilizados", the
    deck's "Fontes dos dados") print it under the list of every data set. The records of
    the tables of legal texts (:data:`LEGAL_TEXTS`, found by :func:`legal_text`) count as
    neither: :data:`TRANSCRIBED_NOTE`, naming them, is added.
    """
    records = list(records)
    own = [r for r in records if legal_text(r)]
    records = [r for r in records if not legal_text(r)]
    rule = DERIVED_RAW["fpm_faixas"][0].via
    tail = (TRANSCRIBED_NOTE.format(
        atos="; ".join(dict.fromkeys(dataset_label(r) for r in own)),
        regra=RULE_CLAUSE if any(r.get("via") == rule for r in own) else "") if own else "")
    fetched = [r for r in records if r.get("fetched")]
    if not fetched:
        return COPY_NOTE + tail
    when = _when(d for r in fetched for d in _dates(r))
    if len(fetched) == len(records):
        return ALL_FETCHED_NOTE.format(quando=when) + tail

    official = "; ".join(dict.fromkeys(dataset_label(r) for r in fetched))
    return PART_FETCHED_NOTE.format(quando=when, oficiais=official) + tail


def legal_text(record: dict) -> bool:
    """Whether a provenance record is of a table of a legal text (:data:`LEGAL_TEXTS`): its
    file is the role's raw path, or it is the role's derived record (:data:`DERIVED_RAW`)."""
    paths = {f.get("path") for f in record.get("files") or []}
    return any(RAW[role].path in paths or (role in DERIVED_RAW and record.get("source")
                                           == DERIVED_RAW[role][0].source
                                           and record.get("via") == DERIVED_RAW[role][0].via)
               for role in LEGAL_TEXTS)


def _dates(record: dict) -> list[str]:
    """The download dates of a record (each file's when it has several)."""
    each = [f["retrieved"] for f in record.get("files") or [] if f.get("retrieved")]
    return each or [record.get("retrieved") or ""]


def dataset_label(record: dict) -> str:
    """The official data set of a provenance record (:data:`DATASETS`), found by its raw
    file; the record's own ``publisher: source`` when the file is not one of :data:`RAW`."""
    paths = {f.get("path") for f in record.get("files") or []}
    for role, (f, _) in DERIVED_RAW.items():
        if record.get("source") == f.source:
            return DERIVED_DATASETS[role]
    for role, f in OFFICIAL_RAW.items():
        if any(p and p.startswith(f.path) for p in paths) and record.get("source") == f.source:
            return OFFICIAL_DATASETS[role].format(vintage=record.get("vintage", f.vintage))
    raws = {**RAW, **tract_raw(), **OPTIONAL_RAW}
    hits = [role for role, raw in raws.items() if raw.path in paths and role in DATASETS]
    # One file can serve several roles (the Localidades 2022 KMLs): the record's source tells.
    for role in hits:
        if raws[role].source == record.get("source"):
            return DATASETS[role]
    if hits:
        return DATASETS[hits[0]]
    return ", ".join(x for x in (record.get("publisher"), record.get("source")) if x)


def sha256(path: Path) -> str:
    """Hex sha256 of a file's bytes.

    Raises
    ------
    DataError
        The file does not exist or is a folder.
    """
    if path.is_dir():
        raise DataError(f"encontrada uma pasta em {path}; esperado um arquivo", file=path)
    if not path.exists():
        raise DataError("arquivo não encontrado", file=path)
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def record(raw: Path, role: str, vintage: str | None = None) -> dict:
    """Provenance record of one raw file: source, publisher, vintage, files, retrieved, via.

    Parameters
    ----------
    raw : Path
        Raw folder.
    role : str
        Key of :data:`RAW`, :data:`OPTIONAL_RAW` or :func:`tract_raw`.
    vintage : str, optional
        The vintage read from the file itself (the profile's generation date), in place of
        the recorded one.

    Returns
    -------
    dict
        ``{"source", "publisher", "vintage", "files": [{"path", "sha256"}], "retrieved",
        "via"}``. When the publisher's own file of the role is in ``raw``
        (:data:`OFFICIAL_RAW`), it is the one recorded. A file that ``viabilidade data
        fetch`` made from an official download, and that still has the bytes it wrote
        (:func:`viabilidade.data.rawmanifest.derived_from`), is cited as that download
        (address, file, date), not as the copy of :data:`RAW`, and its record has
        ``"fetched": true`` (:func:`copy_note`); a portal set's files each carry their
        address and date.
    """
    from .rawmanifest import derived_from

    paths = official_files(raw, role)
    if paths:
        return _official_record(raw, role, paths, vintage)
    if derived(raw, role):
        return _derived_record(raw, role)
    f = RAW.get(role) or OPTIONAL_RAW.get(role) or tract_raw()[role]
    digest = sha256(raw / f.path)
    retrieved, via = f.retrieved, f.via
    fetched = derived_from(raw, f.path, digest)
    if fetched is not None:
        retrieved = fetched["retrieved"]
        how = f"; {fetched['how']}" if fetched["how"] else ""
        via = (f"{fetched['publisher']}, {fetched['url']} ({fetched['file']}, sha256 "
               f"{fetched['sha256']}){how}")
    out = {"source": f.source, "publisher": f.publisher, "vintage": vintage or f.vintage,
           "files": [{"path": f.path, "sha256": digest}],
           "retrieved": retrieved, "via": via}
    if fetched is not None:
        out["fetched"] = True  # only then: a store built from the copies is unchanged
    return out


#: Said of a file in the publisher's layout that ``data fetch`` did not record.
NOT_RECORDED = ("arquivo no formato do publicador posto na pasta de dados brutos sem registro "
                "de download em fontes-baixadas.json (origem não conferida)")


def _official_record(raw: Path, role: str, paths: list[str], vintage: str | None) -> dict:
    """The record of the publisher's own file(s) of a role (:func:`record`)."""
    from .rawmanifest import derived_from

    f = OFFICIAL_RAW[role]
    files, found = [], []
    for p in paths:
        digest = sha256(Path(raw) / p)
        got = derived_from(raw, p, digest)
        found.append(got)
        files.append({"path": p, "sha256": digest})
    out = {"source": f.source, "publisher": f.publisher, "vintage": vintage or f.vintage,
           "files": files, "retrieved": "", "via": NOT_RECORDED}
    if any(g is None for g in found):
        return out
    if len(paths) == 1:
        (got,) = found
        how = f"; {got['how']}" if got["how"] else ""
        out["retrieved"] = got["retrieved"]
        out["via"] = (f"{got['publisher']}, {got['url']} ({got['file']}, sha256 "
                      f"{got['sha256']}){how}")
    else:  # a portal set: each file with its own address and date
        for entry, got in zip(files, found):
            entry.update(url=got["url"], retrieved=got["retrieved"])
        out["retrieved"] = max(g["retrieved"] for g in found)
        out["via"] = (f"{found[0]['publisher']}, {len(files)} arquivos do conjunto "
                      f"{found[0]['set_url']}, cada um com o seu endereço, data de download e "
                      "sha256")
    out["fetched"] = True
    return out
