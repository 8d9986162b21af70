"""How a document is written, whatever it says: :mod:`.format` (pt-BR numbers, money, dates,
status labels), :mod:`.tables` (escaped HTML tables), :mod:`.export` (HTML from a notebook's
outputs), :mod:`.typst` (the PDF through Typst, with :mod:`.fonts`, the shipped faces only)
and :mod:`.atomic` (files written all together or not at all, never through a link).

Layer: floor 9 (docs/CONTRACTS.md), the report's ground: it may import every floor below
(today it reads ``rules``: status words and result types, and the ground floor), never the
report's content modules (sections, study, slides, oficios …) that use it. Importing this
package imports none of its modules.
"""
