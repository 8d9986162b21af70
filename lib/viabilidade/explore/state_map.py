"""The explorer's static map of the scenario's territory (drawn by :mod:`viabilidade.geo.maps`),
and the colours the interactive map (:mod:`.leaflet_map`) uses for the area and the origins.

The state overview the units are picked against is the interactive map; this module draws the
"Território" tab: origin(s), area and remainder with the 6 km band, as in a study.
"""

from __future__ import annotations

AREA_COLOUR = "#d84315"
ORIGIN_COLOUR = "#1565c0"


def detail_map(store, candidate):
    """The scenario's territory, as the study draws it (:func:`viabilidade.geo.study_map.candidate_map`).

    Origin(s), area and remainder with the 6 km band around each origin seat (art. 4 II). An
    area of districts has no polygon: the map then shows the district seats and their
    approximate territory, labelled as not a legal limit.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    GeoError
        From :func:`viabilidade.geo.territory.split_territory` when the territory cannot be drawn.
    """
    from ..geo.study_map import candidate_map

    return candidate_map(candidate, store, figsize=(5.6, 5.0),
                         source="Fontes: IBGE, Malha Municipal 2022; IBGE, Localidades 2022 (sedes "
                                "municipais e vilas).")
