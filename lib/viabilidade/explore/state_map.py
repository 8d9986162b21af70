"""The explorer's maps: the state overview (a population choropleth with the scenario on top)
and the scenario's territory (drawn by :mod:`viabilidade.geo.maps`).

Goiás's 246 municipalities are shaded by Censo 2022 population (log scale); the scenario's
origin municipalities are outlined, whole municipalities in the area are filled, and district
areas — which have no polygon in the data (IBGE publishes no district boundaries for Goiás in
the sources used) — are shown by their seat point (IBGE Localidades 2022 vilas, or the
municipal seat for a seat district). Static matplotlib: no server beyond the kernel.
"""

from __future__ import annotations

import numpy as np

AREA_COLOUR = "#d84315"
ORIGIN_COLOUR = "#1565c0"


def state_map(store, *, area_municipalities=(), area_districts=(), origins=(), title: str = ""):
    """Goiás with the scenario on top: the overview the unit is picked against.

    Parameters
    ----------
    store : viabilidade.data.store.Store
        Needs ``boundaries`` (EPSG:4674), ``municipalities``, ``districts``, ``vilas``, ``seats``.
    area_municipalities, area_districts, origins : sequence of str
        IBGE codes of the scenario (7-digit municipalities, 9-digit districts).
    title : str
        Portuguese title.

    Returns
    -------
    matplotlib.figure.Figure
    """
    from matplotlib.colors import LogNorm
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    b = store.boundaries.merge(store.municipalities[["cod_ibge", "populacao"]], on="cod_ibge", how="left")
    sel = b[b["cod_ibge"].isin(area_municipalities)]
    org = b[b["cod_ibge"].isin(origins)]
    from ..geo.districts import seats_of_districts

    pts = seats_of_districts(store, area_districts)
    fig = Figure(figsize=(5.6, 6.0))
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.set_aspect(1 / np.cos(np.radians(-16.0)))
    b.plot(ax=ax, column="populacao", cmap="Greys", norm=LogNorm(vmin=800, vmax=1.5e6),
           edgecolor="#9e9e9e", linewidth=0.2, alpha=0.55)
    handles = []
    if len(sel):
        sel.plot(ax=ax, color=AREA_COLOUR, edgecolor="black", linewidth=0.6)
        handles.append(Patch(facecolor=AREA_COLOUR, label="área (municípios inteiros)"))
    if len(org):
        org.plot(ax=ax, facecolor="none", edgecolor=ORIGIN_COLOUR, linewidth=1.4)
        handles.append(Patch(facecolor="none", edgecolor=ORIGIN_COLOUR, label="município de origem"))
    if len(pts):
        ax.scatter(pts["lon"], pts["lat"], s=30, color=AREA_COLOUR, edgecolor="black", zorder=5)
        handles.append(Line2D([], [], marker="o", linestyle="", color=AREA_COLOUR,
                              markeredgecolor="black", label="sede de distrito da área"))
    if handles:
        ax.legend(handles=handles, loc="lower left", fontsize=7, framealpha=0.9)
    ax.set_title(title or "Goiás", fontsize=10)
    fig.text(0.01, 0.01, "População do Censo 2022 (tons de cinza, escala log). Fontes: IBGE, "
             "malha municipal, Censo 2022, Localidades 2022.", fontsize=6, color="#616161")
    fig.tight_layout()
    return fig


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
                         source="Fontes: IBGE, malha municipal; sedes municipais; Localidades 2022.")
