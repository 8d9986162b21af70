# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version,-jupytext.text_representation.format_version
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Explorar cenários — LC 02/1990 (Goiás)
#
# Escolha um distrito ou município na lista **ou clique no mapa**, monte a área, mude as leituras
# da lei, os limiares e o ano de criação, e veja na hora a conclusão, a tabela de regras, as
# margens e o território. Tudo passa pelo mesmo caminho de um estudo: o que aparece aqui é o que
# `viabilidade estudo` escreveria com os mesmos dados.
#
# <details><summary>Como usar: mapa, valores hipotéticos, salvar, arquivos, cenários e a sessão</summary>
#
# - **Mapa:** passe o mouse para ver os nomes; clique num território de distrito da origem
#   (tracejado: território aproximado, não é limite legal), num município ou num ponto de
#   distrito para somá-lo à área ou retirá-lo dela (ou, em "escolhe a unidade", para começar
#   por ele). O botão de polígono, no canto superior esquerdo do mapa, desenha limites
#   próprios para a área: fechado o polígono, ele passa a ser a área.
# - **Valores hipotéticos** ("e se a população fosse 3.000?") e **projeções** aparecem marcados:
#   um valor hipotético aparece como *hipotético*; uma projeção é sempre *estimada* e por isso
#   só dá resultado *indeterminado* (com tendência).
# - **Salvar** grava o cenário como arquivo de candidato na pasta `data/candidates/` do projeto
#   (ou onde você indicar) e mostra o comando `viabilidade estudo …` que produz o estudo completo;
#   **Preparar arquivos para baixar** oferece o candidato (.toml), a área (GeoJSON, KML) e o mapa (PNG).
# - **Enviar arquivo de limites** (aba Área) lê um KML, KMZ, GeoJSON, GeoPackage ou Shapefile
#   zipado do seu computador como o estudo o lê; **Desfazer**/**Refazer** voltam as mudanças da área.
# - **Cenários** guarda até quatro cenários com nome e os compara numa tabela e num mapa.
# - A sessão fica guardada em `data/candidates/` (no aplicativo do `make explorar`, uma por
#   página, com o seu link `?sessao=…`; no JupyterLab, uma só) e volta ao abrir de novo: no
#   aplicativo, recarregando a página ou abrindo o link; no JupyterLab, com "Run All".
#   **Começar do zero** a apaga.
#
# </details>
#
# O guia do usuário (`docs/GUIA.md`) explica cada requisito e cada leitura da lei.

# %% tags=["parameters"]
# Parâmetros (papermill): pasta dos dados processados; cenário inicial a partir de um arquivo de
# candidato, ou de uma unidade (distrito, ou município com sua origem); mapa de fundo da internet
# (desligado: o mapa mostra só as camadas do estudo, sem pedir nada fora do servidor);
# guardar a sessão (restaurada no próximo "Run All", mesmo depois de reiniciar o kernel).
data_root = None
candidate_file = None
start_unit = "520010010"
start_origin = None
basemap = False
keep_session = True

# %%
from pathlib import Path

from IPython.display import display

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.explore.leaflet_map import portuguese_tools
from viabilidade.explore.pulse import kernel_watch
from viabilidade.explore.persist import (default_state_file, in_voila, page_key, page_state_file,
                                        request_query)
from viabilidade.explore.scenario import Scenario
from viabilidade.explore.tools.measure import live_measure
from viabilidade.explore.widgets import Explorer

store = load_store(Path(data_root) if data_root else None)
if candidate_file:
    scenario = Scenario.from_candidate(load_candidate(candidate_file))
elif len(start_unit) == 9:
    scenario = Scenario.for_district(store, start_unit)
else:
    scenario = Scenario.for_municipality(store, start_unit, start_origin)
explorer = Explorer(store, scenario, basemap=basemap, session_later=keep_session)
display(portuguese_tools(), live_measure(), kernel_watch(), explorer.widget())

# %%
# A sessão: no aplicativo, a de cada página (o link ?sessao=… na barra de endereço); no
# JupyterLab, a do notebook. O aplicativo prepara o kernel antes de a página pedir (voila.json):
# aqui ele espera o pedido da página para saber qual sessão restaurar.
if keep_session and in_voila():
    key, _ = page_key(request_query())
    explorer.open_session(page_state_file(key), link=key)
elif keep_session:
    explorer.open_session(default_state_file())

# %% [markdown] tags=["voila-remove"]
# ## O mesmo pela API, sem a tela
#
# Cada controle da tela é uma chamada destas. Abaixo, para o cenário inicial (por padrão, Posse
# d'Abadia, com 3.045 habitantes no Censo 2022): o que muda se a população fosse 3.000 (o
# art. 4º, IV exige *mais de* 3.000 habitantes), e o eleitorado projetado para 2027 a uma taxa
# informada de 1,2 % a.a. (± 0,5 p.p.).

# %% tags=["voila-remove"]
from viabilidade.explore.margins import margins, margins_chart
from viabilidade.explore.projection import Projection
from viabilidade.explore.scenario import AREA, FigureOverride, hypothetical_figures, run_scenario, totals
from viabilidade.explore.views import inline, margins_frame, plain_table, styled_rules, totals_frame
from viabilidade.report.writers.format import verdict_label

what_if = scenario.with_override(FigureOverride(AREA, "population", 3000))
analysis = run_scenario(what_if, store)
print("Conclusão com população hipotética de 3.000:", verdict_label(analysis.verdict))
display(styled_rules([r for r in analysis.results if r.rule_id in ("art4.IV", "art4.par1")],
                     hypothetical_figures(analysis.profile)))

# %% tags=["voila-remove"]
projected = scenario.with_projection(Projection("electors", 2027, 0.012, 0.005))
analysis = run_scenario(projected, store)
print(projected.projections[0].assumptions())
display(plain_table(totals_frame(totals(analysis))))
table = margins(analysis.results, analysis.profile)
display(plain_table(margins_frame(table)))
display(inline(margins_chart(table)))
