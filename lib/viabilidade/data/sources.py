"""How studies cite the published tables a figure comes from (source and vintage).

One place for the citations the profile (:mod:`viabilidade.profile`) puts on every published
figure and the data checks (:mod:`viabilidade.data.incoherence`) name in their flags.
"""

SRC_CENSUS = "IBGE, Censo Demográfico 2022 — Agregados por municípios/distritos (resultados do universo)"
SRC_CENSUS_FIRST = "IBGE, Censo Demográfico 2022 — População e Domicílios, primeiros resultados (28/06/2023)"
SRC_TSE = "TSE, eleitorado apto na eleição geral de 2022 (por zona e município)"
VINTAGE_CENSUS = "2022-07-31"  # IBGE: data de referência 31/07/2022
VINTAGE_TSE = "2022-10-02"

__all__ = ["SRC_CENSUS", "SRC_CENSUS_FIRST", "SRC_TSE", "VINTAGE_CENSUS", "VINTAGE_TSE"]
