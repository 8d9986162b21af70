"""Catalogue of the official publications behind the raw files.

Each entry names the raw file the store reads (path in the raw layout of ``shared/data``)
and the publisher's own address of the original publication. The originals are national
files (zip/xlsx/CSV for all of Brazil); the raw layout holds their Goiás subsets, so a
download from the publishers lands in ``<dest>/official/`` and a mirror (``--from`` /
``--base-url``) reproduces the raw layout itself.
"""

from __future__ import annotations

from dataclasses import dataclass

_IBGE_CENSO = "https://ftp.ibge.gov.br/Censos/Censo_Demografico_2022"
_AGREGADOS = f"{_IBGE_CENSO}/Agregados_por_Setores_Censitarios"
_TSE = "https://cdn.tse.jus.br/estatistica/sead/odsele"
_GEOFTP = "https://geoftp.ibge.gov.br/organizacao_do_territorio"


@dataclass(frozen=True)
class Entry:
    """A raw file and the official address of the publication it comes from.

    Attributes
    ----------
    path : str
        Raw-layout path (as :data:`viabilidade.data.provenance.RAW`), or empty for an
        official file that has no raw-layout subset yet.
    url : str
        Publisher's address of the original (national) file.
    note : str
        What separates the original from the raw-layout file.
    filename : str
        Name to save the download under (default: the last part of the URL).
    """

    path: str
    url: str
    note: str = ""
    filename: str = ""

    @property
    def saved_as(self) -> str:
        """File name of the download in ``<dest>/official/``."""
        return self.filename or self.url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]


CATALOGUE: tuple[Entry, ...] = (
    Entry("census/CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx",
          f"{_IBGE_CENSO}/Populacao_e_domicilios_Primeiros_resultados/Anexos/"
          "CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF.xlsx",
          "same bytes; IBGE re-issued it with suffix _20231222 (2ª apuração)"),
    Entry("census/CD2022_Agregados_por_municipios_basico_GO.csv",
          f"{_AGREGADOS}/Agregados_por_Municipio_csv/Agregados_por_municipios_basico_BR.zip",
          "national CSV inside the zip; raw file = its CD_UF 52 lines"),
    Entry("census/CD2022_Agregados_por_distritos_basico_GO.csv",
          f"{_AGREGADOS}/Agregados_por_Distrito_csv/Agregados_por_distritos_basico_BR.zip",
          "national CSV inside the zip; raw file = its CD_UF 52 lines"),
    Entry("census/dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx",
          f"{_AGREGADOS}/dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx",
          "same bytes"),
    Entry("dtb/go_dtb2022_distritos.csv",
          f"{_GEOFTP}/estrutura_territorial/divisao_territorial/2022/DTB_2022.zip",
          "RELATORIO_DTB_BRASIL_DISTRITO.xls inside the zip; raw file = UF 52 rows as CSV"),
    Entry("electoral/go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv",
          f"{_TSE}/detalhe_votacao_munzona/detalhe_votacao_munzona_2022.zip",
          "QT_APTOS by zone × municipality (read with tse.read_detalhe_votacao_munzona)"),
    Entry("electoral/go_crosswalk_tse_ibge_municipios.csv",
          "https://dadosabertos.tse.jus.br/dataset/"
          "correspondencia-entre-numeracao-dos-municipios-tse-e-ibge",
          "TSE's published correspondence table; raw file = GO rows",
          "tse_ibge_correspondencia.html"),
    Entry("economy/sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx",
          "https://apisidra.ibge.gov.br/values/t/5938/n6/in%20n3%2052/v/37,498,513/p/all",
          "SIDRA API (JSON) of the same query; the raw file is the SIDRA xlsx export",
          "sidra_tabela5938_GO.json"),
    Entry("geo/go_sedes_municipais_mapaslivres_ibge.csv",
          f"{_GEOFTP}/estrutura_territorial/localidades/Shapefile_SHP/BR_Localidades_2010_v1.zip",
          "IBGE Localidades 2010 (category CIDADE); raw file = mapaslivres table of those points"),
    Entry("geo/go_vilas_sedes_distritais_localidades2022_pontos.csv",
          f"{_GEOFTP}/estrutura_territorial/localidades/",
          "IBGE Localidades 2022 (category VILA); raw file = GO points assigned to districts",
          "localidades_index.html"),
    Entry("geo/go_municipios_tbrugz_geojs-52-mun.geojson",
          f"{_GEOFTP}/malhas_territoriais/malhas_municipais/municipio_2022/UFs/GO/"
          "GO_Municipios_2022.zip",
          "official shapefile; raw file = tbrugz simplified GeoJSON (older vintage)"),
    Entry("revenue/go_arrecadacao_estadual_mensal_por_receita_e_setor_2020-11_a_2024-08.csv",
          "https://goias.gov.br/economia/",
          "SEFAZ-GO Receita Gerencial extract; raw file = monthly sums", "sefaz_go_economia.html"),
    Entry("revenue/go_goiasemdados2023_tab125_receita_bruta_tributos_mil_reais.csv",
          "https://goias.gov.br/imb/",
          "IMB Goiás em Dados 2023 (PDF/xlsx), table 125", "imb_goias.html"),
)
