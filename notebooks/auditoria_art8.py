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
# Auditoria do art. 8º — os 246 municípios de Goiás perante o art. 4º (LC 02/1990).
# Executado por viabilidade.statewide.run.run_audit (papermill). Os cálculos estão em
# viabilidade.statewide.views, as decisões em viabilidade.rules.art8 e o texto em
# viabilidade.statewide.audit_doc; as células só o mostram. O código não aparece no HTML nem
# no PDF.
data_root = None
settings = {}
reference_date = None

# %%
from IPython.display import HTML, display

from viabilidade.data.store import load_store
from viabilidade.rules.settings import Settings
from viabilidade.statewide import audit_doc as doc

audit = doc.build(load_store(data_root), Settings.from_dict(settings), reference_date)

# %%
display(HTML(doc.cover_section(audit)))

# %%
display(HTML(doc.frame(audit)))

# %%
display(HTML(doc.summary(audit)))

# %%
display(HTML(doc.method(audit)))

# %%
display(HTML(doc.item_iv(audit)))

# %%
display(HTML(doc.other_items(audit)))

# %%
display(HTML(doc.incoherence(audit)))

# %%
display(HTML(doc.map_section(audit)))

# %%
display(HTML(doc.full_table(audit)))

# %%
display(HTML(doc.sources(audit)))
