"""The study: notebook template run by papermill, exported to HTML and PDF.

Modules: :mod:`.writers` (how a document is written: :mod:`.writers.format` pt-BR numbers,
money, dates, labels; :mod:`.writers.tables` escaped HTML tables; :mod:`.writers.export` and
:mod:`.writers.typst` HTML and PDF; :mod:`.writers.fonts`; :mod:`.writers.atomic`), :mod:`.charts` (deterministic SVG charts), :mod:`.sections` and :mod:`.process`
(the study's sections), :mod:`.study_cells` (what the notebook's cells call),
:mod:`.runner` (papermill) and
:mod:`.study` (:func:`~viabilidade.report.study.run_study`, the ``viabilidade estudo``
command). Importing this package imports none of them.

Layer: floor 10 (docs/CONTRACTS.md): what a document says and the products (study, slides,
ofícios, bill, runner); it may import :mod:`.writers` (floor 9) and everything below, never
``statewide``, ``batch``, ``explore`` or ``cli``.
"""
