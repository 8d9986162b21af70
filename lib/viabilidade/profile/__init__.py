"""The figures of an area and its remainders, and the proposal checked and analysed:
:mod:`.build` (:func:`~.build.build_profile`, where the processed data meets the candidate:
population, electors, households, revenue, each a :class:`~viabilidade.rules.result.Figure`
with its basis and source), :mod:`.types` (:class:`~.types.Profile`,
:class:`~.types.UnitProfile`, :class:`~.types.Territory`), :mod:`.certified` (the
candidate's certificates applied over the published figures), :mod:`.coherence` (a proposal
that makes no sense against the map or the published data) and :mod:`.analysis`
(:func:`~.analysis.analyse`: one candidate, its profile, its operation's rules, its verdict).

Layer: floor 8 (docs/CONTRACTS.md): it may import ``geo``, ``operations``, ``rules``,
``proposal``, ``data`` and the floors below, never ``report`` or above; :mod:`.types` alone
sits on the law floor (2) and imports only ``rules.result`` (and ``geo`` for type hints).
Importing this package imports none of its modules.
"""
