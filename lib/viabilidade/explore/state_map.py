"""The state map of the explorer: a population choropleth with the scenario drawn on top.

Goiás's 246 municipalities are shaded by Censo 2022 population (log scale); the scenario's
origin municipalities are outlined, whole municipalities in the area are filled, and district
areas — which have no polygon in the data (IBGE publishes no district boundaries for Goiás in
the sources used) — are shown by their seat point (IBGE Localidades 2022 vilas, or the
municipal seat for a seat district). Static matplotlib: no server beyond the kernel.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

AREA_COLOUR = "#d84315"
ORIGIN_COLOUR = "#1565c0"


def _district_points(store, districts: tuple[str, ...]) -> pd.DataFrame:
    """Seat point of each district: its vila (Localidades 2022), else the municipal seat."""
    if not districts:
        return pd.DataFrame(columns=["cod_distrito", "lat", "lon"])
    d = store.districts[store.districts["cod_distrito"].isin(districts)][["cod_distrito", "cod_ibge", "sede"]]
    vilas = store.vilas[["cod_distrito", "lat", "lon"]].drop_duplicates("cod_distrito")
    seats = store.seats[["cod_ibge", "lat", "lon"]].rename(columns={"lat": "slat", "lon": "slon"})
    m = d.merge(vilas, on="cod_distrito", how="left").merge(seats, on="cod_ibge", how="left")
    use_seat = m["sede"].astype(bool) | m["lat"].isna()
    m["lat"] = np.where(use_seat, m["slat"], m["lat"])
    m["lon"] = np.where(use_seat, m["slon"], m["lon"])
    return m.dropna(subset=["lat", "lon"])[["cod_distrito", "lat", "lon"]]


def state_map(store, *, area_municipalities=(), area_districts=(), origins=(), title: str = ""):
    """Draw the state with a scenario on top.

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
    import geopandas as gpd  # noqa: F401  (GeoDataFrame.plot)
    from matplotlib.colors import LogNorm
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    b = store.boundaries.merge(store.municipalities[["cod_ibge", "populacao"]], on="cod_ibge", how="left")
    sel = b[b["cod_ibge"].isin(area_municipalities)]
    org = b[b["cod_ibge"].isin(origins)]
    pts = _district_points(store, tuple(area_districts))
    focus = pd.concat([sel, org])
    fig = Figure(figsize=(10.0, 5.6))
    axes = [fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)] if len(focus) else [fig.add_subplot()]
    handles = []
    for ax in axes:
        ax.set_axis_off()
        ax.set_aspect(1 / np.cos(np.radians(-16.0)))
        b.plot(ax=ax, column="populacao", cmap="Greys", norm=LogNorm(vmin=800, vmax=1.5e6),
               edgecolor="#9e9e9e", linewidth=0.2, alpha=0.55)
        if len(sel):
            sel.plot(ax=ax, color=AREA_COLOUR, edgecolor="black", linewidth=0.6)
        if len(org):
            org.plot(ax=ax, facecolor="none", edgecolor=ORIGIN_COLOUR, linewidth=1.4)
        if len(pts):
            ax.scatter(pts["lon"], pts["lat"], s=30, color=AREA_COLOUR, edgecolor="black", zorder=5)
    if len(sel):
        handles.append(Patch(facecolor=AREA_COLOUR, label="área (municípios inteiros)"))
    if len(org):
        handles.append(Patch(facecolor="none", edgecolor=ORIGIN_COLOUR, label="município de origem"))
    if len(pts):
        handles.append(Line2D([], [], marker="o", linestyle="", color=AREA_COLOUR,
                              markeredgecolor="black",
                              label="sede de distrito da área (sem polígono de distrito)"))
    axes[0].set_title("Goiás — população do Censo 2022 (escala log)", fontsize=9)
    if len(focus):
        x0, y0, x1, y1 = focus.total_bounds
        pad = max(x1 - x0, y1 - y0) * 0.15 + 0.05
        axes[1].set_xlim(x0 - pad, x1 + pad)
        axes[1].set_ylim(y0 - pad, y1 + pad)
        axes[1].set_title(title or "Detalhe do cenário", fontsize=9)
        axes[0].add_patch(Rectangle((x0 - pad, y0 - pad), x1 - x0 + 2 * pad, y1 - y0 + 2 * pad,
                                    fill=False, edgecolor=AREA_COLOUR, linewidth=1))
    if handles:
        axes[-1].legend(handles=handles, loc="upper right", fontsize=7, framealpha=0.9)
    fig.text(0.01, 0.01, "Fontes: IBGE, malha municipal e Censo 2022; Localidades 2022.",
             fontsize=6, color="#616161")
    fig.tight_layout()
    return fig
