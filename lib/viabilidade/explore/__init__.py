"""Exploring scenarios interactively (``notebooks/explorar``), on the study's own path.

- :mod:`.scenario` — :class:`~.scenario.Scenario` (area units, origins, settings, creation
  year, what-if figures, projections) → :class:`~viabilidade.candidate.Candidate` →
  :func:`viabilidade.analysis.analyse`; :func:`~.scenario.run_scenario`, :func:`~.scenario.totals`.
- :mod:`.projection` — geometric growth of population and electors (always ``estimated``).
- :mod:`.margins` — how far each numeric rule is from changing status, and one chart.
- :mod:`.save` — the scenario as a candidate TOML for ``viabilidade estudo``.
- :mod:`.state_map`, :mod:`.views` — the state overview map, the rule table, unit lists.
- :mod:`.widgets` — the ipywidgets UI (:class:`~.widgets.Explorer`), thin.
"""
