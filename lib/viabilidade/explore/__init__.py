"""Exploring scenarios interactively (``notebooks/explorar``), on the study's own path.

- :mod:`.scenario` — :class:`~.scenario.Scenario` (area units, origins, settings, creation
  year, what-if figures, projections) → :class:`~viabilidade.proposal.candidate.Candidate` →
  :func:`viabilidade.profile.analysis.analyse`; :func:`~.scenario.run_scenario`, :func:`~.scenario.totals`.
- :mod:`.projection` — geometric growth of population and electors (always ``estimated``).
- :mod:`.margins` — how far each numeric rule is from changing status, and one chart.
- :mod:`.save` — the scenario as a candidate TOML for ``viabilidade estudo`` (under the
  repository's ``data/candidates/`` unless told otherwise; a drawn boundary beside it).
- :mod:`.state_map`, :mod:`.views` — the territory map, the rule table, unit names and lists, charts.
- :mod:`.leaflet_map` — the interactive map (ipyleaflet): click to pick or combine units, draw
  a boundary.
- :mod:`.files` — an uploaded boundary or perimeter file (read as the study reads it) and the
  downloads: candidate TOML, area as GeoJSON/KML, territory map as PNG.
- :mod:`.history` — bounded undo/redo of area edits.
- :mod:`.compare` — up to four named scenarios side by side: one table, one map.
- :mod:`.persist` — the session on disk, restored after a kernel restart.
- :mod:`.numbers` — pt-BR number boxes (``3.010``, ``2.760.601,80``).
- :mod:`.tools` — the GIS tools under the map: search, live measure, tracing along the
  divisas, popups, layers, the offline basemap, exports (GeoPackage, Shapefile, CSV).
- :mod:`.widgets` — the ipywidgets UI (:class:`~.widgets.Explorer`), thin; the code behind
  each panel of the page is in :mod:`.panels` (labels, controls, area, files, scenarios,
  results, layout).

Layer: a product (floor 11, docs/CONTRACTS.md), beside ``statewide`` and ``batch``: it may
import the report and everything below it, never ``statewide``, ``batch`` or ``cli``.
"""
