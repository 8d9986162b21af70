"""Official data: loaders (one module per publisher/format), codes, provenance, the store.

Modules: :mod:`census` (IBGE Censo 2022), :mod:`dtb` (IBGE territorial division),
:mod:`sidra` (SIDRA exports, PIB dos Municípios), :mod:`tse` (electorate, crosswalk),
:mod:`codes` (TSE ↔ IBGE codes — the only place they are converted), :mod:`revenue`
(SEFAZ-GO, IMB, IPM), :mod:`seats` (seat points), :mod:`geometry` (boundaries),
:mod:`provenance`, :mod:`store` (``build_store``/``load_store``), :mod:`catalogue` (the
official sources and raw file names), :mod:`fetch` (downloads) and :mod:`rawmanifest` (the raw
folder's record of them). Nothing here imports rules or report code.

Layer: floor 3 (docs/CONTRACTS.md): it may import the ground floor and the law floor
(``data.fiscal`` checks the FPM bracket file against :mod:`viabilidade.fiscal.fpm`), nothing
above.
"""
