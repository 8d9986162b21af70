"""The statewide maps: the art. 8 audit's choropleth of the 246 municipalities and the
screening's map of the non-seat districts' vila points, drawn with matplotlib on the store's
``boundaries_map`` (the mesh at print resolution).

Layer: floor 11 (``statewide``).
"""

from __future__ import annotations

import geopandas as gpd
import matplotlib
import numpy as np
import pandas as pd

matplotlib.use("Agg")
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..errors import DataError  # noqa: E402
from ..geo.maps import state_axes  # noqa: E402
from ..report.charts import COLOURS, Chart, figure_svg  # noqa: E402
from ..report.writers import format as fmt  # noqa: E402
from ..rules.result import Lean, Status, Verdict  # noqa: E402
from .views import ITEMS  # noqa: E402

#: Resolution of the polygon layers of the maps (text and points stay vector in the SVG).
MAP_DPI = 150
#: Text style of the maps (as the study charts: DejaVu Sans, 9 pt).
MAP_RC = {"font.family": "DejaVu Sans", "font.size": 9}
#: Map categories of the art. 8 audit: (key, Portuguese legend label, colour).
AUDIT_CLASSES = (
    ("fail", "não atinge ao menos um item (IV a VII) com os dados publicados", COLOURS[Status.FAIL]),
    ("likely-fail", "indeterminado, com provável não atendimento", "#ef9a9a"),
    ("indeterminate", "indeterminado (dado estimado ou não publicado)", "#f0cf8a"),
    ("pass", "atinge todos os itens com os dados publicados", COLOURS[Status.PASS]),
)
#: Colour of each art. 4 verdict on the screening map.
VERDICT_COLOURS = {Verdict.INVIAVEL.value: COLOURS[Status.FAIL],
                   Verdict.INDETERMINADO.value: COLOURS[Status.INDETERMINATE],
                   Verdict.VIAVEL.value: COLOURS[Status.PASS]}


def audit_class(table: pd.DataFrame) -> pd.Series:
    """Map category of each municipality of an :func:`audit` table (see :data:`AUDIT_CLASSES`).

    ``fail`` / ``pass`` as art. 8's ``situacao`` says; an indeterminate municipality is
    ``likely-fail`` when an item leans fail, else ``indeterminate``.
    """
    ln = table[[f"{i}_lean" for i in ITEMS]].fillna("").astype(str)
    fail = table["situacao"] == Status.FAIL.value
    likely = (ln == Lean.LIKELY_FAIL.value).any(axis=1)
    allpass = table["situacao"] == Status.PASS.value
    return pd.Series(np.select([fail, likely, allpass], ["fail", "likely-fail", "pass"],
                               "indeterminate"), index=table.index)


def _map_axes(boundaries):
    return state_axes(boundaries, dpi=MAP_DPI)



def audit_map(table: pd.DataFrame, boundaries, source: str = "") -> Chart:
    """Choropleth of the art. 8 audit: each municipality coloured by :func:`audit_class`.

    Parameters
    ----------
    table : DataFrame
        Output of :func:`audit` (cod_ibge and the item status/lean columns).
    boundaries : GeoDataFrame
        The store's ``boundaries_map`` (cod_ibge, geometry in EPSG:4674; the mesh simplified
        for maps).

    Returns
    -------
    Chart
        Static SVG (matplotlib), caption and alternative text in Portuguese; the municipalities
        failing art. 4 IV are outlined in black.

    Raises
    ------
    DataError
        If a municipality of the table has no boundary.
    """
    cls = audit_class(table).rename("classe")
    geo = boundaries[["cod_ibge", "geometry"]].merge(
        pd.concat([table[["cod_ibge", "IV_status"]], cls], axis=1), on="cod_ibge", how="right")
    if geo["geometry"].isna().any():
        code = geo.loc[geo["geometry"].isna(), "cod_ibge"].iloc[0]
        raise DataError(f"o município {code} não tem limite; esperado o limite de todos os "
                        "municípios auditados",
                        file="boundaries", column="cod_ibge")
    geo = gpd.GeoDataFrame(geo, geometry="geometry", crs=boundaries.crs)
    with matplotlib.rc_context(MAP_RC):
        fig, ax = _map_axes(boundaries)
        handles, counts = [], {}
        for key, label, colour in AUDIT_CLASSES:
            part = geo[geo["classe"] == key]
            counts[key] = len(part)
            if len(part):
                part.plot(ax=ax, color=colour, edgecolor="white", linewidth=0.3, rasterized=True)
                handles.append(Patch(facecolor=colour, label=f"{label} ({len(part)})"))
        iv = geo[geo["IV_status"] == Status.FAIL.value]
        iv.boundary.plot(ax=ax, color="#1a1a1a", linewidth=0.8, rasterized=True)
        handles.append(Patch(facecolor="none", edgecolor="#1a1a1a",
                             label=f"população de até 3.000 habitantes — art. 4º, IV ({len(iv)})"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
                  fontsize=8)
        fig.tight_layout()
        svg = figure_svg(fig)
    alt = ("Mapa dos municípios de Goiás. "
           + "; ".join(f"{label}: {counts[k]}" for k, label, _ in AUDIT_CLASSES)
           + f"; contornados em preto os {len(iv)} que não cumprem o item IV.")
    return Chart(svg=svg, alt=alt, caption="Situação de cada município perante os itens IV a VII "
                 "do art. 4º (art. 8º da LC 02/1990), requisitos integrais. DF: Distrito Federal."
                 + (f" {source}" if source else ""))


def screening_map(table: pd.DataFrame, boundaries, source: str = "", *,
                  column: str = "veredito_art4", classes: dict[str, tuple[str, str]] | None = None,
                  what: str = "pela conclusão quanto ao art. 4º") -> Chart:
    """The non-seat districts' vila points over the municipal boundaries, coloured by verdict.

    Parameters
    ----------
    table : DataFrame
        Output of :func:`screening` (vila_lat, vila_lon, cod_ibge, veredito_art4).
    boundaries : GeoDataFrame
        The store's ``boundaries_map`` (the mesh simplified for maps).

    Returns
    -------
    Chart
        Origin municipalities shaded; a filled circle for each vila point. Districts with no
        point are counted in the caption.

    ``column``, ``classes`` (value → (legend label, colour)) and ``what`` (end of the caption's
    first sentence) colour the points by another column, e.g. a ruleset's status
    (:mod:`viabilidade.statewide.rulesets`); default the art. 4 verdict.
    """
    if classes is None:
        classes = {v: (fmt.verdict_label(v), c) for v, c in VERDICT_COLOURS.items()}
    with matplotlib.rc_context(MAP_RC):
        fig, ax = _map_axes(boundaries)
        boundaries.plot(ax=ax, color="#f4f4f4", edgecolor="#b0b0b0", linewidth=0.3, rasterized=True)
        origins = boundaries[boundaries["cod_ibge"].isin(set(table["cod_ibge"]))]
        origins.plot(ax=ax, color="#dde6f0", edgecolor="#8da2b8", linewidth=0.4, rasterized=True)
        handles = [Patch(facecolor="#dde6f0", edgecolor="#8da2b8",
                         label=f"município de origem ({len(origins)})")]
        pts = table.dropna(subset=["vila_lat", "vila_lon"])
        for v, (label, colour) in classes.items():
            sel = pts[column] == v
            if not sel.any():
                continue
            a = pts[sel]
            ax.scatter(a["vila_lon"], a["vila_lat"], s=22, color=colour, edgecolor="#1a1a1a",
                       linewidth=0.4, zorder=3)
            handles.append(Line2D([], [], marker="o", linestyle="", color=colour,
                                  label=f"{label} ({int(sel.sum())})"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
                  fontsize=8, ncol=2)
        fig.tight_layout()
        svg = figure_svg(fig)
    missing = len(table) - len(pts)
    counts = table[column].value_counts()
    alt = (f"Mapa de Goiás com os {len(pts)} pontos de vila sede dos distritos não sede: "
           + "; ".join(f"{label}: {int(counts.get(v, 0))}" for v, (label, _) in classes.items())
           + ".")
    caption = ("Vilas sede dos distritos não sede (IBGE, Localidades 2022) sobre os limites "
               f"municipais, {what}.")
    if missing:
        caption += (f" {fmt.count(missing, 'distrito', 'distritos')} sem ponto de vila.")
    caption += " DF: Distrito Federal." + (f" {source}" if source else "")
    return Chart(svg=svg, alt=alt, caption=caption)
