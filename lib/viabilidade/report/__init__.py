"""The study: notebook template run by papermill, exported to HTML and PDF.

Modules: :mod:`.format` (pt-BR numbers, money, dates, labels), :mod:`.tables` (escaped HTML
tables), :mod:`.charts` (deterministic SVG charts), :mod:`.sections` and :mod:`.process`
(the study's sections), :mod:`.study_cells` (what the notebook's cells call),
:mod:`.runner` (papermill), :mod:`.export` (HTML from the cells' outputs, Typst PDF via
:mod:`.typst`) and
:mod:`.study` (:func:`~viabilidade.report.study.run_study`, the ``viabilidade estudo``
command). Importing this package imports none of them.
"""
