"""Memorial descritivo of a territory: boundary marks in SIRGAS 2000 / UTM, azimuths, distances.

Follows the style of Goiás creation laws: "Começa no marco M-01, de coordenadas UTM
E ... m e N ... m; daí segue com azimute 45°12'30" e distância de 1.234,56 m até o marco
M-02; ...". Coordinates are in SIRGAS 2000 / UTM of the territory's zone (EPSG:31981..31983
for zones 21S–23S; Goiás spans 22S and 23S). Azimuths are grid azimuths (clockwise from grid
north) and distances are plane UTM distances between consecutive marks, as in memorials drawn
on UTM sheets. Each ring is walked clockwise from its northernmost vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from babel.numbers import format_decimal
from shapely.geometry.base import BaseGeometry

from ..errors import GeoError
from .measure import geodesic_area_km2, utm_crs

_LOCALE = "pt_BR"

#: Above this many marks the memorial's text describes each perimeter by its first mark and
#: refers to the annex for the full list (a 20.000-vertex boundary would otherwise fill
#: about 500 pages); at or below it every mark is written out.
MAX_LISTED_MARKS = 200
#: File name of the annex with every mark, written beside the study (and the ofícios).
ANNEX_FILE = "memorial-marcos.csv"


def fmt_num(value: float, decimals: int = 2) -> str:
    """pt-BR number with thousands dots and a decimal comma: ``1.234,56``."""
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_LOCALE)


def azimuth_dms(degrees: float) -> str:
    """Azimuth in degrees-minutes-seconds, whole seconds: ``45°12'30"``.

    Rounding carries over (59.6" -> next minute; 359°59'59.6" -> 0°00'00").
    """
    total = int(round((degrees % 360.0) * 3600)) % (360 * 3600)
    d, rem = divmod(total, 3600)
    m, s = divmod(rem, 60)
    return f"{d}°{m:02d}'{s:02d}\""


@dataclass(frozen=True)
class Memorial:
    """A memorial descritivo.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per mark: ``anel`` (ring number, 1-based), ``tipo`` ("externo"/"interno"),
        ``marco`` ("M-01"), ``e_m``, ``n_m`` (UTM metres), ``lon``, ``lat`` (EPSG:4674),
        ``azimute_graus`` (grid azimuth to the next mark, decimal degrees), ``azimute``
        (DMS text), ``distancia_m`` (plane UTM metres to the next mark), ``proximo``.
    text : str
        The Portuguese description: every mark when there are at most
        :data:`MAX_LISTED_MARKS`, else each perimeter by its first mark with a reference to
        the annex :data:`ANNEX_FILE` (see :attr:`summarised` and :func:`annex_csv`).
    crs : str
        ``"EPSG:31982"`` or similar.
    perimeter_m : float
        Sum of ``distancia_m``.
    area_km2 : float
        Plane UTM area in km² (printed in the text as "área no plano UTM").
    geodesic_area_km2 : float
        Geodesic area on GRS80 in km², the study's figure; the text gives it as "Área", rounded
        to two decimals like the study's area table.
    """

    table: pd.DataFrame
    text: str
    crs: str
    perimeter_m: float
    area_km2: float
    geodesic_area_km2: float

    @property
    def summarised(self) -> bool:
        """True when the text refers to the annex instead of listing every mark."""
        return len(self.table) > MAX_LISTED_MARKS


def annex_csv(m: Memorial) -> str:
    """Every mark of a memorial as CSV text (UTF-8, comma, point as decimal separator), the
    annex :data:`ANNEX_FILE`: anel, tipo, marco, e_m, n_m (SIRGAS 2000 / UTM, metres, 2
    decimals), lon, lat (EPSG:4674 degrees, 8 decimals), azimute (DMS), azimute_graus (6
    decimals), distancia_m (2 decimals), proximo; a header row first.
    """
    t = m.table
    out = pd.DataFrame({
        "anel": t["anel"], "tipo": t["tipo"], "marco": t["marco"],
        "e_m": t["e_m"].round(2), "n_m": t["n_m"].round(2),
        "lon": t["lon"].round(8), "lat": t["lat"].round(8),
        "azimute": t["azimute"], "azimute_graus": t["azimute_graus"].round(6),
        "distancia_m": t["distancia_m"].round(2), "proximo": t["proximo"]})
    return out.to_csv(index=False, lineterminator="\n")  # codes and numbers: no formula cell


def _rings(geom_m: BaseGeometry) -> list[tuple[str, np.ndarray]]:
    out = []
    for poly in shapely.get_parts(geom_m):
        if poly.geom_type != "Polygon":
            continue
        poly = shapely.orient_polygons(poly, exterior_cw=True)
        out.append(("externo", np.asarray(poly.exterior.coords)[:-1, :2]))
        for hole in poly.interiors:
            out.append(("interno", np.asarray(hole.coords)[:-1, :2]))
    return out


def _start_north(xy: np.ndarray) -> np.ndarray:
    """Rotate a ring so it starts at its northernmost vertex (westernmost on ties)."""
    i = int(np.lexsort((xy[:, 0], -xy[:, 1]))[0])
    return np.roll(xy, -i, axis=0)


def memorial(geom: BaseGeometry, *, name: str | None = None) -> Memorial:
    """Build the memorial descritivo of a lon/lat (EPSG:4674) territory.

    Parameters
    ----------
    geom : Polygon or MultiPolygon
        The territory in EPSG:4674 degrees.
    name : str, optional
        Territory name used in the heading of the text.

    Returns
    -------
    Memorial

    Raises
    ------
    GeoError
        If the geometry is empty, not polygonal, or outside UTM zones 21S–23S.
    """
    if geom is None or geom.is_empty:
        raise GeoError("memorial: geometria vazia; esperado Polygon ou MultiPolygon")
    if geom.geom_type not in ("Polygon", "MultiPolygon"):
        raise GeoError(f"memorial: encontrada a geometria {geom.geom_type}; esperado Polygon ou MultiPolygon")
    crs = utm_crs(geom)
    geom_m = gpd.GeoSeries([geom], crs="EPSG:4674").to_crs(crs).iloc[0]
    rings = [(kind, _start_north(xy)) for kind, xy in _rings(geom_m)]
    total = sum(len(xy) for _, xy in rings)
    width = max(2, len(str(total)))
    rows, k = [], 0
    for r, (kind, xy) in enumerate(rings, start=1):
        nxt = np.roll(xy, -1, axis=0)
        de, dn = nxt[:, 0] - xy[:, 0], nxt[:, 1] - xy[:, 1]
        az = np.degrees(np.arctan2(de, dn)) % 360.0
        dist = np.hypot(de, dn)
        labels = [f"M-{k + i + 1:0{width}d}" for i in range(len(xy))]
        for i in range(len(xy)):
            rows.append({"anel": r, "tipo": kind, "marco": labels[i],
                         "e_m": xy[i, 0], "n_m": xy[i, 1],
                         "azimute_graus": az[i], "azimute": azimuth_dms(az[i]),
                         "distancia_m": dist[i], "proximo": labels[(i + 1) % len(xy)]})
        k += len(xy)
    table = pd.DataFrame(rows)
    lonlat = gpd.GeoSeries(gpd.points_from_xy(table["e_m"], table["n_m"]), crs=crs).to_crs("EPSG:4674")
    table.insert(5, "lon", lonlat.x.to_numpy())
    table.insert(6, "lat", lonlat.y.to_numpy())
    perimeter = float(table["distancia_m"].sum())
    area_km2 = float(geom_m.area / 1e6)
    geo_km2 = geodesic_area_km2(geom)
    text = _text(table, crs, perimeter, area_km2, geo_km2, name)
    return Memorial(table=table, text=text, crs=crs, perimeter_m=perimeter,
                    area_km2=area_km2, geodesic_area_km2=geo_km2)


def _text(table: pd.DataFrame, crs: str, perimeter: float, area_km2: float,
          geo_km2: float, name: str | None) -> str:
    zone = {"EPSG:31981": "21S", "EPSG:31982": "22S", "EPSG:31983": "23S"}[crs]
    head = f"Memorial descritivo{' de ' + name if name else ''}"
    paras = [head + ".",
             f"Coordenadas no Sistema Geodésico SIRGAS 2000, projeção UTM, fuso {zone} ({crs}); "
             "azimutes planos referidos ao Norte da quadrícula; distâncias planas em metros."]
    total = len(table)
    summarised = total > MAX_LISTED_MARKS
    if summarised:
        paras.append(f"O limite tem {fmt_num(total, 0)} marcos. Para que o texto possa ser lido, "
                     "cada perímetro é descrito pelo seu marco inicial; a lista completa dos "
                     "marcos, com as coordenadas UTM e geográficas, o azimute e a distância de "
                     f"cada lado, está no anexo {ANNEX_FILE}, que acompanha este memorial e "
                     "o integra.")
    for r, ring in table.groupby("anel", sort=True):
        first = ring.iloc[0]
        kind = "perímetro" if first["tipo"] == "externo" else "perímetro interno (exclusão)"
        head = (f"{kind.capitalize()} {r}: Começa no marco {first['marco']}, de coordenadas "
                f"UTM E {fmt_num(first['e_m'])} m e N {fmt_num(first['n_m'])} m")
        if summarised:
            last = ring.iloc[-1]
            paras.append(f"{head}; daí segue pelos {fmt_num(len(ring), 0)} marcos de "
                         f"{first['marco']} a {last['marco']}, com os azimutes e as distâncias "
                         f"do anexo {ANNEX_FILE}, até voltar ao marco {first['marco']}, ponto "
                         "inicial da descrição deste perímetro.")
            continue
        parts = [head]
        nxt_e, nxt_n = np.roll(ring["e_m"].to_numpy(), -1), np.roll(ring["n_m"].to_numpy(), -1)
        for i, row in enumerate(ring.itertuples(index=False)):
            seg = (f"daí segue com azimute {row.azimute} e distância de "
                   f"{fmt_num(row.distancia_m)} m até o marco {row.proximo}")
            if row.proximo != first["marco"]:
                seg += f", de coordenadas UTM E {fmt_num(nxt_e[i])} m e N {fmt_num(nxt_n[i])} m"
            else:
                seg += ", ponto inicial da descrição deste perímetro"
            parts.append(seg)
        paras.append("; ".join(parts) + ".")
    # The area is the study's figure (geodesic, GRS80, two decimals as in the area table);
    # the UTM-plane area is labelled as such so the two figures never read as a contradiction.
    paras.append(f"Perímetro (soma das distâncias planas): {fmt_num(perimeter)} m. "
                 f"Área: {fmt_num(geo_km2)} km² ({fmt_num(round(geo_km2, 2) * 100, 0)} ha), área geodésica "
                 f"(elipsoide GRS80), a mesma do estudo; área no plano UTM (SIRGAS 2000 / UTM "
                 f"{zone}): {fmt_num(area_km2, 4)} km².")
    return "\n\n".join(paras)
