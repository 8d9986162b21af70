"""Catalogue of the official publications ``viabilidade data fetch`` downloads.

One :class:`Source` per data set: publisher, data set, year, the publisher's address, the
raw-folder sub-folder the download is saved in (under its published name), and how the
files the build reads are made from it (:class:`Extract`). This module is the one place
where the names of downloaded and derived raw files are written (:data:`LOCALIDADES_KML`,
:data:`SETORES_MALHA`, :data:`SETORES_AGREGADOS`, :data:`AGREGADOS_MUNICIPIOS`,
:data:`AGREGADOS_DISTRITOS`): readers (:data:`viabilidade.data.provenance.RAW`, the tract
reader) take them from here or through :func:`raw_path`. It imports nothing else of the
package but the errors, so any module may import it.

How the addresses were checked
------------------------------
No network is reachable where this was written, so no address below was downloaded from
here. Each :attr:`Source.confirmed` says what was seen instead: the same address (or the
same folder and naming pattern for another state) written in independent public download
scripts and data notes, found by exact-string search of public GitHub code in
December 2026. An entry whose address could not be confirmed that way says so
(``confirmed`` empty) and its note says what is known; the fetch then tells the user, on
failure, where to look and where to put the file by hand.

Publisher folders seen that way:

- IBGE geoftp, municipal mesh per UF:
  ``malhas_municipais/municipio_2022/UFs/<UF>/<UF>_Municipios_2022.zip`` (MS, PA, BA in
  three scripts; ``BR_Municipios_2022.zip`` for Brazil in several).
- IBGE geoftp, intra-municipal meshes of the Censo 2022:
  ``malhas_de_setores_censitarios__divisoes_intramunicipais/censo_2022/`` with
  ``setores/gpkg/UF/<UF>/<UF>_setores_CD2022.gpkg`` (MT), ``setores/shp/UF/<UF>_setores_CD2022.zip``
  (MG, PR, SC, RS), ``distritos/shp/UF/<UF>_distritos_CD2022.zip`` (ES, RJ).
- IBGE geoftp, Localidades 2022: ``estrutura_territorial/localidades/Localidades_do_Brasil/2022/``
  holding ``Localidades_Brasil_gpkg.zip``, ``Localidades_Brasil_shp.zip``,
  ``Localidades_UFs_gpkg.zip``, ``Localidades_UFs_shp.zip`` and ``Localidades_Municipios_kml.zip``
  (181 MB, members ``kml/<UF>/<name>_<cd_mun>_localidades_2022.kml`` — the very layout of the
  KMLs in ``shared/data/geo``).
- IBGE ftp, Censo 2022 aggregates: ``Censos/Censo_Demografico_2022/Agregados_por_Setores_Censitarios/``
  with sub-folders ``Agregados_por_Setor_csv/``, ``Agregados_por_Municipio_csv/``,
  ``Agregados_por_Distrito_csv/``; the file names carry the release date and change with each
  re-issue (``Agregados_por_setores_basico_BR_20250417.zip``, ``..._20260520.zip``), hence
  :attr:`Source.pattern`: the newest file of the folder listing is taken.
- IBGE ftp, CNEFE 2022 per UF: ``Cadastro_Nacional_de_Enderecos_para_Fins_Estatisticos/
  Censo_Demografico_2022/Arquivos_CNEFE/CSV/UF/52_GO.zip`` (115 MB, named in one script; the
  folder in several).
- IBGE geoftp, DTB 2022: ``estrutura_territorial/divisao_territorial/2022/DTB_2022.zip``
  (many scripts).
- TSE CDN: ``cdn.tse.jus.br/estatistica/sead/odsele/perfil_eleitorado/perfil_eleitorado_<ano>.zip``
  (2014, 2018, 2020, 2022, 2024 and 2026 in several scripts) and
  ``detalhe_votacao_munzona/detalhe_votacao_munzona_2022.zip`` (several).
- Goiás open-data portal (CKAN): ``dadosabertos.go.gov.br/dataset/arrecadacao``, monthly CSV
  files of state revenue by ``TIPO_RECEITA`` (one script); no single file to download.

The publishers' own pages describing the products (stored public pages, not the files):
IBGE, "Malha de Setores Censitários" (ibge.gov.br/geociencias/organizacao-do-territorio/
malhas-territoriais/26565-malhas-de-setores-censitarios-divisoes-intramunicipais.html; the
preliminary 2022 mesh of 21/03/2024 was superseded on 30/09/2025, per a municipal GIS
service that republishes it); IBGE, "Agregados por Setores Censitários — resultados do
universo, Censo 2022" (release page 41852 of the IBGE portal); IBGE highlight of 08/04/2024
on the district and sub-district geographies of the Censo 2022 (ibge.gov.br/en/highlights.html
?destaque=39702); TRE-GO, 08/2022, on the TSE open-data portal's electorate profiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DataError

_GEOFTP = "https://geoftp.ibge.gov.br/organizacao_do_territorio"
_INTRA = (f"{_GEOFTP}/malhas_territoriais/malhas_de_setores_censitarios__divisoes_intramunicipais/"
          "censo_2022")
_LOCALIDADES = f"{_GEOFTP}/estrutura_territorial/localidades/Localidades_do_Brasil/2022"
_CENSO = "https://ftp.ibge.gov.br/Censos/Censo_Demografico_2022"
_AGREGADOS = f"{_CENSO}/Agregados_por_Setores_Censitarios"
_CNEFE = ("https://ftp.ibge.gov.br/Cadastro_Nacional_de_Enderecos_para_Fins_Estatisticos/"
          "Censo_Demografico_2022/Arquivos_CNEFE/CSV/UF")
_TSE = "https://cdn.tse.jus.br/estatistica/sead/odsele"
_TESOURO = "https://www.tesourotransparente.gov.br/ckan/dataset"

#: Said of an address seen in independent public download code (see the module docstring).
SEEN = "endereço visto em scripts públicos de download independentes (busca exata, dez. 2026)"
#: Said of a folder and naming pattern seen for other states.
SEEN_PATTERN = ("pasta e padrão de nome vistos em scripts públicos para outras UFs (busca "
                "exata, dez. 2026); o arquivo de GO segue o mesmo padrão")


@dataclass(frozen=True)
class Extract:
    """A file the build reads, made from a downloaded archive.

    Attributes
    ----------
    path : str
        Raw-folder path written (the name the build reads).
    members : tuple of str
        Glob patterns (``fnmatch``) of the archive members to read; the first pattern that
        matches any member is used.
    kind : {"rows", "tar", "member"}
        ``rows``: the one matching CSV member, keeping its header and the lines whose
        ``column`` equals ``value`` — the bytes of each kept line untouched (encoding,
        quoting, line ends), as the Goiás subsets in ``shared/data`` were made. ``tar``: every
        matching member, in a reproducible ``.tar.xz`` under the folder ``folder``.
        ``member``: the one matching member as it is (a spreadsheet the reader filters).
    column, value : str
        The ``rows`` filter (``CD_UF`` = ``52``; ``SG_UF`` = ``GO``).
    folder : str
        Folder name inside the ``tar`` archive.
    """

    path: str
    members: tuple[str, ...]
    kind: str = "rows"
    column: str = ""
    value: str = ""
    folder: str = ""

    @property
    def how(self) -> str:
        """How the file is made, in pt-BR (recorded in the raw folder's manifest)."""
        if self.kind == "rows":
            return (f"linhas com {self.column} = {self.value} do membro {self.members[0]} do "
                    "arquivo baixado (cabeçalho e bytes de cada linha inalterados)")
        if self.kind == "member":
            return f"membro {self.members[0]} do arquivo baixado, sem alteração"
        return (f"membros {self.members[0]} do arquivo baixado, reunidos em {self.path} "
                f"(pasta {self.folder}/)")


@dataclass(frozen=True)
class Source:
    """One official data set and where the publisher puts it.

    Attributes
    ----------
    key : str
        Name of the set on the command line (``--so KEY``).
    publisher : str
        Who publishes it.
    dataset : str
        The data set, in the publisher's words (pt-BR).
    year : str
        Year or edition.
    url : str
        Address of the file; with :attr:`pattern`, the address of the folder listing.
    folder : str
        Raw-folder sub-folder where the download is saved, under its published name.
    pattern : str
        Regular expression of the file name in the folder listing at :attr:`url` when the
        publisher dates its file names; the newest (greatest) name is taken.
    extract : tuple of Extract
        Files the build reads made from the download.
    use : str
        What it is for, in pt-BR.
    confirmed : str
        How the address was confirmed; empty when it could not be.
    note : str
        What else to know (pt-BR).
    optional : bool
        Large or not used by the build: fetched only when named with ``--so``.
    manual : str
        Non-empty when no file can be downloaded automatically: what to do instead (pt-BR).
    ckan : tuple of str
        Non-empty for a data set of a CKAN open-data portal (:attr:`url` its page,
        ``<portal>/dataset/<id>``): every resource of these formats (``("CSV",)``) listed by
        the portal's ``/api/3/action/package_show?id=<id>`` is downloaded into
        ``<folder>/<id>/``, those already there with their recorded sha256 skipped — new
        months arrive on each run. The API is at the address before ``/dataset/`` (the
        Tesouro's CKAN lives under ``/ckan/``).
    ckan_files : tuple of str
        With :attr:`ckan`, non-empty when only the resources of these file names are wanted
        (the Tesouro's sets list one file per transfer or per month).
    saved_name : str
        File name the download is saved as when the address ends in an API query, not a
        file name (SIDRA's ``…/p/all``); empty: the last part of :attr:`url`.
    by_hand : str
        What to do by hand when the download fails (pt-BR), for a set whose published
        name is not a file to look for (an API answer); empty: "coloque-o com o nome
        publicado".
    size : int
        Size of the published file in bytes as recorded where its address was seen (0: not
        recorded). The download may write this plus a margin
        (:meth:`viabilidade.data.download.Limit.recorded`); without it, the ceiling of the
        file's kind (:data:`viabilidade.data.download.CEILINGS`).
    """

    key: str
    publisher: str
    dataset: str
    year: str
    url: str
    folder: str
    pattern: str = ""
    extract: tuple[Extract, ...] = ()
    use: str = ""
    confirmed: str = ""
    note: str = ""
    optional: bool = False
    manual: str = ""
    ckan: tuple[str, ...] = ()
    ckan_files: tuple[str, ...] = ()
    saved_name: str = ""
    by_hand: str = ""
    size: int = 0

    @property
    def filename(self) -> str:
        """Published file name (the last part of :attr:`url`); empty when it is found in a
        folder listing (:attr:`pattern`) or the source is :attr:`manual`."""
        if self.pattern or self.manual or self.ckan:
            return ""
        if self.saved_name:
            return self.saved_name
        return self.url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]

    @property
    def shown_name(self) -> str:
        """The published file name as users read it: :attr:`filename`, or :attr:`pattern`
        with its date written ``AAAAMMDD`` (``Agregados_por_setores_basico_BR_AAAAMMDD.zip``)."""
        if not self.pattern:
            return self.filename
        return (self.pattern.replace(r"(_\d{8})?", "_AAAAMMDD").replace("\\", ""))

    @property
    def ckan_folder(self) -> str:
        """Raw-folder path of a CKAN set's files: ``<folder>/<dataset id>``."""
        return f"{self.folder}/{self.url.rstrip('/').rsplit('/', 1)[-1]}"

    @property
    def label(self) -> str:
        """``key (publisher, dataset, year)``, as messages name the set."""
        return f"{self.key} ({self.publisher}, {self.dataset}, {self.year})"


#: Path of the Goiás Localidades 2022 KMLs the store build reads (the mesh and the seats).
LOCALIDADES_KML = "geo/go_localidades2022_ibge_kml_246_municipios.tar.xz"
#: Census tracts of Goiás, Censo 2022: the mesh, and the basic aggregates per tract.
SETORES_MALHA = "geo/GO_setores_CD2022.gpkg"
SETORES_AGREGADOS = "census/CD2022_Agregados_por_setores_basico_GO.csv"
#: The IBGE's DTB report of districts, as in ``DTB_<ano>.zip`` (OpenDocument).
DTB_DISTRITOS = "dtb/RELATORIO_DTB_BRASIL_DISTRITO.ods"
#: Goiás lines of the basic aggregates per municipality and per district (Censo 2022).
AGREGADOS_MUNICIPIOS = "census/CD2022_Agregados_por_municipios_basico_GO.csv"
AGREGADOS_DISTRITOS = "census/CD2022_Agregados_por_distritos_basico_GO.csv"

CATALOGUE: tuple[Source, ...] = (
    Source(
        "malha-municipal", "IBGE", "Malha Municipal Digital, municípios de Goiás", "2022",
        f"{_GEOFTP}/malhas_territoriais/malhas_municipais/municipio_2022/UFs/GO/"
        "GO_Municipios_2022.zip", "geo",
        use="limites municipais oficiais (shapefile), conferência da malha das Localidades",
        confirmed=SEEN_PATTERN),
    Source(
        "malha-distritos", "IBGE", "Malha de Distritos do Censo 2022, Goiás", "2022",
        f"{_INTRA}/distritos/shp/UF/GO_distritos_CD2022.zip", "geo",
        use="limites dos distritos publicados pelo IBGE", confirmed=SEEN_PATTERN),
    Source(
        "setores-malha", "IBGE", "Malha de Setores Censitários do Censo 2022, Goiás "
        "(GeoPackage)", "2022",
        f"{_INTRA}/setores/gpkg/UF/GO/GO_setores_CD2022.gpkg", "geo",
        use="setores censitários: rateio de população, domicílios e núcleo urbano (art. 4º, "
            "VI) de uma área desenhada; território dos distritos",
        confirmed=SEEN_PATTERN,
        note="o IBGE publica também o shapefile (setores/shp/UF/GO_setores_CD2022.zip) e uma "
             "versão com os atributos básicos em Censos/Censo_Demografico_2022/"
             "Agregados_por_Setores_Censitarios/malha_com_atributos/"),
    Source(
        "setores-agregados", "IBGE", "Censo Demográfico 2022, Agregados por Setores "
        "Censitários, arquivo básico", "2022", f"{_AGREGADOS}/Agregados_por_Setor_csv/",
        "census", pattern=r"Agregados_por_setores_basico_BR(_\d{8})?\.zip",
        extract=(Extract(SETORES_AGREGADOS, ("*.csv",), "rows", "CD_UF", "52"),),
        use="população e domicílios por setor (V0001–V0007)",
        confirmed=SEEN + "; nomes _20250417 e _20260520",
        note="arquivo nacional; guarda-se só a parte de Goiás"),
    Source(
        "agregados-municipios", "IBGE", "Censo Demográfico 2022, Agregados por municípios, "
        "arquivo básico", "2022", f"{_AGREGADOS}/Agregados_por_Municipio_csv/", "census",
        pattern=r"Agregados_por_municipios_basico_BR(_\d{8})?\.zip",
        extract=(Extract(AGREGADOS_MUNICIPIOS, ("*.csv",),
                         "rows", "CD_UF", "52"),),
        use="população, domicílios e área dos municípios (art. 4º, IV e VI)",
        confirmed=SEEN + "; nomes _20250417 e _20260520; membro "
                         "Agregados_por_municipios_basico_BR.csv"),
    Source(
        "agregados-distritos", "IBGE", "Censo Demográfico 2022, Agregados por distritos, "
        "arquivo básico", "2022", f"{_AGREGADOS}/Agregados_por_Distrito_csv/", "census",
        pattern=r"Agregados_por_distritos_basico_BR(_\d{8})?\.zip",
        extract=(Extract(AGREGADOS_DISTRITOS, ("*.csv",),
                         "rows", "CD_UF", "52"),),
        use="população e domicílios dos distritos",
        confirmed="pasta vista em notas públicas que listam as subpastas do FTP (busca "
                  "exata, dez. 2026); o nome do arquivo segue o dos municípios, não visto"),
    Source(
        "dicionario-agregados", "IBGE", "Dicionário de dados dos Agregados por Setores "
        "Censitários", "2022", f"{_AGREGADOS}/", "census",
        pattern=r"dicionario_de_dados_agregados_por_setores_censitarios(_\d{8})?\.xlsx",
        use="nomes das variáveis V0001–V0007",
        confirmed="nome _20260520 visto numa nota pública que lista a pasta (busca exata, "
                  "dez. 2026)",
        note="a reconstrução lê a versão de 17/04/2025 "
             "(dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx)"),
    Source(
        "localidades", "IBGE", "Localidades do Brasil 2022, arquivos KML por município",
        "2022", f"{_LOCALIDADES}/Localidades_Municipios_kml.zip", "geo",
        extract=(Extract(LOCALIDADES_KML, ("kml/GO/*.kml",), "tar", folder="goias_kml"),),
        use="malha municipal de 2022 em resolução completa, sedes municipais e vilas (sedes "
            "de distrito)",
        confirmed=SEEN + "; 181 MB; membros kml/<UF>/<nome>_<código>_localidades_2022.kml",
        note="arquivo nacional (181 MB); guardam-se os 246 KMLs de Goiás", size=181_000_000),
    Source(
        "dtb", "IBGE", "Divisão Territorial Brasileira", "2022",
        f"{_GEOFTP}/estrutura_territorial/divisao_territorial/2022/DTB_2022.zip", "dtb",
        extract=(Extract(DTB_DISTRITOS, ("*RELATORIO_DTB_BRASIL_DISTRITO.ods",), "member"),),
        use="códigos e nomes dos distritos", confirmed=SEEN,
        note="a reconstrução lê as linhas de GO de RELATORIO_DTB_BRASIL_DISTRITO.ods, a cópia "
             "OpenDocument do .xls que o arquivo traz (vista nos arquivos DTB de 2018 e 2021; "
             "em 2022 só o .xls foi visto: se faltar o .ods, abra o .xls numa planilha, salve-o "
             "como .ods e ponha-o em dtb/ com esse nome)"),
    Source(
        "eleitorado-perfil", "TSE", "Perfil do eleitorado", "2026",
        f"{_TSE}/perfil_eleitorado/perfil_eleitorado_2026.zip", "electoral",
        extract=(Extract("electoral/perfil_eleitorado_2026_GO.csv",
                         ("*_GO.csv", "*.csv"), "rows", "SG_UF", "GO"),),
        use="eleitorado por município (art. 4º, V)", confirmed=SEEN,
        note="arquivo nacional; guarda-se só a parte de Goiás, que a reconstrução lê em lugar "
             "da agregação de terceiros (todos os 246 municípios e a data de geração do "
             "arquivo)"),
    Source(
        "eleitorado-2022", "TSE", "Detalhe da votação por município e zona, Eleições Gerais "
        "2022", "2022", f"{_TSE}/detalhe_votacao_munzona/detalhe_votacao_munzona_2022.zip",
        "electoral",
        extract=(Extract("electoral/detalhe_votacao_munzona_2022_GO.csv",
                         ("*_GO.csv", "*_BRASIL.csv", "*_BR.csv"), "rows", "SG_UF", "GO"),),
        use="eleitores aptos de 2022 por zona e município (QT_APTOS)", confirmed=SEEN,
        note="a reconstrução lê o 1º turno, um cargo (todos têm o mesmo QT_APTOS), em lugar "
             "da cópia de terceiros"),
    Source(
        "populacao-primeiros-resultados", "IBGE", "Censo Demográfico 2022, População e "
        "Domicílios — Primeiros Resultados", "2023",
        f"{_CENSO}/Populacao_e_domicilios_Primeiros_resultados/Anexos/"
        "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx", "census",
        use="população da primeira divulgação (28/06/2023)",
        note="endereço não confirmado; a reconstrução lê a cópia "
             "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx"),
    Source(
        "pib-municipios", "IBGE", "PIB dos Municípios, SIDRA tabela 5938, Goiás", "2002–2023",
        "https://apisidra.ibge.gov.br/values/t/5938/n6/in%20n3%2052/v/37,498,513/p/all",
        "economy", use="PIB, impostos e valor adicionado por município",
        confirmed="endereços /values/t/5938/n6/…/v/37/p/… da API vistos em scripts públicos "
                  "(busca exata, dez. 2026); a seleção n6/in n3 52 e as variáveis 498 e 513 "
                  "seguem a sintaxe da API e a tabela, não vistas assim",
        note="resposta JSON da API do SIDRA (primeiro elemento o cabeçalho), que a "
             "reconstrução lê em lugar da exportação xlsx da mesma tabela",
        saved_name="sidra_tabela5938_pib_municipios_GO.json",
        by_hand="abra a tabela 5938 no SIDRA (https://sidra.ibge.gov.br/tabela/5938), escolha "
                "os municípios de Goiás, as variáveis PIB a preços correntes, impostos e "
                "valor adicionado bruto e todos os anos, baixe em xlsx e salve como "
                "{raw}/economy/sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx (o arquivo "
                "que `viabilidade data build` lê)"),
    Source(
        "fpm-mensal", "Tesouro Nacional", "Transferências obrigatórias da União (FPM e FPM "
        "das capitais, por UF e mês)", "todos os meses publicados",
        f"{_TESOURO}/transferencias-obrigatorias-da-uniao", "fiscal", ckan=("CSV",),
        ckan_files=("FPM.csv", "FPMCAPITAIS.csv"),
        use="FPM anual do interior de Goiás, para o valor de um ponto de coeficiente em reais",
        confirmed="conjunto e API package_show vistos em scripts públicos que baixam os seus "
                  "CSV (busca exata, dez. 2026); os nomes FPM.csv e FPMCAPITAIS.csv, num "
                  "repositório que os guardou como baixados",
        note="um CSV por transferência, guardam-se só FPM.csv e FPMCAPITAIS.csv (a "
             "reconstrução lê a linha de GO)"),
    Source(
        "fpm-municipios", "Tesouro Nacional", "Transferências constitucionais para municípios "
        "(mensal, por município)", "março de 2023",
        f"{_TESOURO}/transferencias-constitucionais-para-municipios", "fiscal", ckan=("CSV",),
        ckan_files=("TransferenciaMensalMunicipios202303.csv",),
        use="FPM creditado a cada município em março de 2023: conferência dos coeficientes "
            "pagos",
        confirmed="página do conjunto e nomes TransferenciaMensalMunicipios<AAAAMM>.csv vistos "
                  "num script público que os baixa (busca exata, dez. 2026)",
        note="um CSV por mês desde o início da série; guarda-se só o de março de 2023, o mês "
             "que a reconstrução lê"),
    Source(
        "areas-territoriais", "IBGE", "Áreas Territoriais (área territorial oficial dos "
        "municípios)", "2022",
        f"{_GEOFTP}/estrutura_territorial/areas_territoriais/2022/"
        "AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx", "geo",
        use="área oficial de cada município (art. 4º, VI), ao lado da área medida na malha",
        confirmed="pasta vista em scripts públicos; o nome com .xls em vários, com .xlsx em "
                  "dois (busca exata, dez. 2026)",
        note="a reconstrução lê a aba AR_BR_MUN_2022 do .xlsx; se a pasta só tiver o .xls, "
             "abra-o numa planilha, salve-o como .xlsx e ponha-o em geo/ com esse nome"),
    Source(
        "cnefe", "IBGE", "Cadastro Nacional de Endereços para Fins Estatísticos (CNEFE) do "
        "Censo 2022, Goiás", "2022", f"{_CNEFE}/52_GO.zip", "cnefe",
        use="endereços com coordenadas e setor (não usado pela reconstrução)",
        confirmed=SEEN + "; cerca de 115 MB", optional=True,
        note="grande (cerca de 115 MB); só com --so cnefe", size=115_000_000),
    Source(
        "receita-sefaz", "SEFAZ-GO (Secretaria da Economia de Goiás)", "Arrecadação estadual "
        "mensal por tipo de receita (Portal de Dados Abertos do Estado de Goiás)",
        "todos os meses publicados", "https://dadosabertos.go.gov.br/dataset/arrecadacao",
        "revenue", ckan=("CSV",),
        use="receita estadual de impostos do último exercício (art. 4º, VII)",
        confirmed="página do conjunto vista num script público que baixa os seus CSV mensais "
                  "(colunas TIPO_RECEITA, ANO_MES, VALR_TOTAL); a API CKAN do portal "
                  "(api/3/action/datastore_search) vista em outros (busca exata, dez. 2026); "
                  "package_show é a chamada padrão do CKAN, não vista neste portal",
        note="um CSV por mês, guardados em revenue/arrecadacao/; quando estão lá, a "
             "reconstrução os lê em lugar da extração da Receita Gerencial "
             "(go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv)"),
    Source(
        "imb-goias-em-dados", "Instituto Mauro Borges (IMB)", "Goiás em Dados 2023, tabela 125 "
        "(receita bruta por tributo, dados da SEFAZ-GO)", "2023", "https://goias.gov.br/imb/",
        "revenue", use="receita bruta por tributo de 2020 a 2022 (opcional: a reconstrução "
        "usa a arrecadação mensal da SEFAZ-GO quando ela falta)",
        manual="o IMB publica o Goiás em Dados como publicação em PDF; nenhum arquivo com a "
               "tabela 125 cujo endereço pudesse ser confirmado foi achado. A reconstrução "
               "não precisa dela; para usá-la, transcreva a tabela em "
               "revenue/go_goiasemdados2023_tab125_receita_bruta_tributos_mil_reais.csv "
               "(colunas ano, total, icms, ipva, itcd, outros_tributos, "
               "outras_receitas_transf_intergovernamentais; R$ mil)"),
    # The transcriptions of legal texts the build needs (provenance.LEGAL_TEXTS): no file
    # was ever published, so data fetch cannot bring them.
    Source(
        "fpm-tcu-2023", "TCU", "Decisão normativa do FPM do exercício de 2023, Anexo VI "
        "(participação de cada Estado no FPM-Interior) e Anexo VIII (soma dos coeficientes, "
        "população e número de municípios)", "2023 (DOU de 06/07/2023, Seção 1, pp. 129 e 145)",
        "https://www.in.gov.br/", "fiscal",
        use="participação de Goiás no FPM-Interior e soma dos coeficientes do estado (FPM do "
            "município novo e diluição dos demais)",
        manual="a decisão saiu no Diário Oficial da União; nenhum arquivo com a tabela foi "
               "achado. A reconstrução precisa da transcrição "
               "fiscal/fpm_interior_2023_tcu_dou_20230706.csv (colunas item, uf, valor, "
               "unidade, fonte_url; o endereço da página do DOU em cada linha): copie-a da "
               "pasta de dados compartilhada (../shared/data/fiscal/)"),
    Source(
        "atos-criacao-municipios", "compilação (endereço e confiança por linha)",
        "Fatos legais da criação de municípios goianos (ato, data, origem, instalação)",
        "atos de 1953 a 1997", "https://legisla.casacivil.go.gov.br/", "history",
        use="histórico de criação dos municípios de origem (leis estaduais)",
        manual="compilação à mão de atos lidos em portais de legislação, câmaras e "
               "prefeituras, não um arquivo publicado por um órgão. A reconstrução precisa de "
               "history/go_criacao_municipios_fatos_legais.csv (colunas municipio, cod_ibge, "
               "municipio_origem, ato_legal, data_ato, instalacao, observacao, fonte_url, "
               "confianca): copie-o da pasta de dados compartilhada (../shared/data/history/)"),
    Source(
        "ipm-icms", "SEFAZ-GO / COÍNDICE", "Índice de Participação dos Municípios no ICMS "
        "(IPM), índices definitivos", "último exercício publicado",
        "https://www.economia.go.gov.br/", "revenue",
        use="cota-parte do ICMS de cada município",
        manual="nenhum arquivo com a tabela dos 246 municípios foi achado; os índices saem em "
               "resolução do COÍNDICE no Diário Oficial do Estado: transcreva-os para "
               "revenue/ se precisar deles"),
)

#: The sets by key.
BY_KEY: dict[str, Source] = {s.key: s for s in CATALOGUE}


def source(key: str) -> Source:
    """The catalogue entry of a set.

    Raises
    ------
    DataError
        Unknown key (lists the known ones).
    """
    if key not in BY_KEY:
        from ..errors import did_you_mean

        raise DataError(f"conjunto desconhecido {key!r}{did_you_mean(key, BY_KEY)}; esperado "
                        f"um de: {', '.join(BY_KEY)}")
    return BY_KEY[key]


def raw_path(key: str) -> str:
    """Raw-folder path of the file the build reads from a set: its first extracted file,
    else its download under the published name.

    Raises
    ------
    DataError
        Unknown key; a set whose file name is known only from the publisher's listing and
        that extracts nothing.
    """
    s = source(key)
    if s.extract:
        return s.extract[0].path
    if not s.filename:
        raise DataError(f"o conjunto {key!r} não tem um nome de arquivo fixo")
    return f"{s.folder}/{s.filename}"
