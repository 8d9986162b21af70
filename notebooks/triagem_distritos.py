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

# %% tags=["parameters"]
# Triagem dos distritos não sede de Goiás como candidatos à criação de município (art. 4º).
# Executado por viabilidade.statewide.run.run_screening (papermill). Os cálculos estão em
# viabilidade.statewide.views, as decisões em viabilidade.rules (vectorised.screen, art4) e o
# texto em viabilidade.statewide.screening_doc; as células só o mostram. O código não aparece
# no HTML nem no PDF.
data_root = None
settings = {}
reference_date = None
rulesets = []

# %%
from IPython.display import HTML, display

from viabilidade.data.store import load_store
from viabilidade.rules.settings import Settings
from viabilidade.statewide import screening_doc as doc

screening = doc.build(load_store(data_root), Settings.from_dict(settings), reference_date,
                      rulesets)

# %%
display(HTML(doc.cover_section(screening)))

# %%
display(HTML(doc.frame(screening)))

# %%
display(HTML(doc.summary(screening)))

# %%
display(HTML(doc.method(screening)))

# %%
display(HTML(doc.map_section(screening)))

# %%
display(HTML(doc.who_pays(screening)))

# %%
display(HTML(doc.rulesets(screening)))

# %%
display(HTML(doc.district_table(screening)))

# %%
display(HTML(doc.decisions(screening)))

# %%
display(HTML(doc.origins(screening)))

# %%
display(HTML(doc.incoherence(screening)))

# %%
display(HTML(doc.sources(screening)))
