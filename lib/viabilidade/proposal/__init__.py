"""What the user proposes: :mod:`.candidate` (the candidate TOML read and validated, every
problem of a file at once), :mod:`.certified` (its certificates: body, document, date) and
:mod:`.generate` (candidate files written for a family of districts).

Layer: floor 4 (docs/CONTRACTS.md): it may import ``data``, the law floor (the study's
``Settings`` is checked with the file) and the ground floor (plausibility bounds, TOML,
vector-file messages), never ``rules``, ``operations``, ``geo`` or above; the checks of a
proposal against the map and the data are :mod:`viabilidade.profile.coherence`, and finding a
unit by name is :mod:`viabilidade.cli.lookup`. Importing this package imports none of its
modules.
"""
