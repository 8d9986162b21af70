"""Territory of a candidate: geometry, distances, continuity, aggregation, shape, memorial, maps.

Modules (import them directly; this package imports nothing so that ``import viabilidade.geo``
stays cheap):

- :mod:`.measure` — geodesic areas and lengths on GRS80, UTM zone choice;
- :mod:`.territory` — area geometry, origins before the split, remainders;
- :mod:`.distance` — art. 4 II geodesic distances and the 6 km comparator;
- :mod:`.continuity` — art. 4 III pieces of a remainder (I-5 sliver tolerance);
- :mod:`.aggregate` — counts from points (spatial join) and polygons (area/dasymetric);
- :mod:`.shape` — art. 3 compactness metrics and state percentiles;
- :mod:`.memorial` — memorial descritivo in SIRGAS 2000 / UTM;
- :mod:`.districts` — approximate district territories (Voronoi cells of the district seats);
- :mod:`.area_file` — a drawn polygon file (area limits, urban perimeter) as one polygon;
- :mod:`.estimate` — counts of a drawn area apportioned from the districts it overlaps;
- :mod:`.tracts` — with the IBGE census tracts in the store (optional): a drawn area's counts
  and the districts' limits from the tracts;
- :mod:`.maps` — the map drawing (legend, geodesic scale bar, north, source line);
- :mod:`.study_map` — :func:`~.study_map.candidate_map`, a candidate's map from the store;
- :mod:`.facts` — :func:`~.facts.territory_facts`, the facts the rules see.

Municipality boundaries are read by :func:`viabilidade.data.geometry.read_boundaries`; a
candidate's drawn polygons by :func:`.area_file.read_area`.

Layer: floor 7 (docs/CONTRACTS.md): it may import ``operations``, ``rules``, the candidate
(``proposal``), ``data`` and the floors below, never ``profile``, ``report`` or above (the
profile's types, on the law floor, are the exception :mod:`.facts` builds).
"""
