"""The explorer's GIS tools (issue 31), one module per tool, each hooked onto the map of an
:class:`~viabilidade.explore.widgets.Explorer` without changing how it picks units:

- :mod:`.search` — find a municipality or district by name (accents and case ignored) or
  IBGE code, and zoom to it;
- :mod:`.measure` — geodesic length, perimeter and area (GRS80) of what is drawn, live;
- :mod:`.trace` — drawing a boundary whose vertices snap to the municipal and district lines
  within a tolerance in screen pixels, and follow a divisa between two snapped vertices;
- :mod:`.popup` — a right-click shows a unit's figures and their bases (a left click still picks);
- :mod:`.layers` — a layer control (toggles and opacity) whose legend is drawn from the
  layers' own styles;
- :mod:`.basemap` — the basemap drawn from the store's own layers (no internet, no CDN);
- :mod:`.export` — the area and every kept scenario as GeoPackage, zipped Shapefile and CSV
  (WKT), SIRGAS 2000, with figures, bases and the conclusion as attributes;
- :mod:`.panel` — all of them built for one explorer, as one panel (:func:`.panel.attach`).

Layer: part of the explorer (floor 11, docs/CONTRACTS.md).
"""
