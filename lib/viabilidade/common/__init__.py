"""The ground floor's helpers, which know nothing of the packages above: :mod:`.text` (the one
rule for every text a person types, :func:`~.text.clean_text`, and names compared without
accents, case or punctuation: :func:`~.text.fold`, :func:`~.text.name_key`),
:mod:`.toml_file` (reading TOML and wording its syntax errors in pt-BR with line and column),
:mod:`.numbers` (pt-BR numbers: :func:`~.numbers.decimal`, :func:`~.numbers.fmt`),
:mod:`.precision` (a measured figure printed no finer than its data), :mod:`.plausibility` (the
bounds a figure must meet where it enters: counts, money, dates, distances, coordinates in
Goiás), :mod:`.vector_files` (what a user's vector file may be and why it could not be read),
:mod:`.imports` (keeping slow unused modules out of a process), :mod:`.tempfiles` (the
package's temporary folders, swept when their process is gone) and :mod:`.notebook_files`
(committed notebooks saved without outputs).

Layer: the ground floor (1, docs/CONTRACTS.md), with :mod:`viabilidade.errors` and
:mod:`viabilidade.os_errors`: it imports only those, the standard library and third-party
libraries, so any module may import it. Importing this package imports none of its modules.
"""
