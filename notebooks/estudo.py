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
# # Estudo de viabilidade — LC nº 2/1990 (Goiás)
#
# Modelo do estudo, executado por `viabilidade estudo` (papermill). Toda a análise está em
# `viabilidade.profile.analysis`; cada célula apenas mostra uma seção montada por
# `viabilidade.report.sections`; os capítulos são os que a operação declara
# (`viabilidade.operations`). Este texto e o código não aparecem no HTML nem no PDF.

# %% tags=["parameters"]
candidate_path = "../data/candidates/posse-dabadia.toml"
data_root = None
settings = {}
study_date = None
rulesets = []

# %%
from IPython.display import HTML, display

from viabilidade.report import other_rules
from viabilidade.report.frame import study_frame
from viabilidade.report.study_cells import chapters, economy_record, load_study, results_bundle, sections

study = load_study(candidate_path, data_root=data_root, settings=settings, study_date=study_date)
analysis = study.analysis

# %%
display(HTML(sections.cover(analysis, study.date, after=study_frame(analysis))))

# %%
display(HTML(sections.summary(analysis)))

# %%
display(HTML(sections.area(analysis, study.store, map_html=study.map_html)))

# %%
display(HTML(chapters(study)))

# %%
display(HTML(sections.other_rules(analysis)))

# %%
display(HTML(other_rules.section(analysis, rulesets)))

# %%
display(HTML(sections.sensitivity(analysis)))

# %%
display(HTML(sections.appendices(analysis)))

# %%
display(results_bundle(analysis, {"outras_regras": other_rules.records(analysis, rulesets), "economia": economy_record(study)}), raw=True)
