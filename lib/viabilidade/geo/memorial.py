"""Memorial descritivo of a territory: its limits by confrontações, and its boundary marks in
SIRGAS 2000 / UTM with azimuths and distances.

By confrontações (given the municipal mesh, ``boundaries=``): the boundary is split into
stretches by what lies beyond it — a municipality of the mesh (for a new municipality, its
origin's remainder is the origin municipality; for a district, ``within=`` names the
municipality whose remaining territory it borders), or the state line where no Goiás
municipality lies beyond — each stretch with its start and end points in SIRGAS 2000
geographic coordinates (degrees, minutes, seconds) and its geodesic length (GRS80,
:data:`viabilidade.geo.measure.GEOD`), in the Goiás form "COM O MUNICÍPIO DE …: Começa no
…" (Lei nº 12.802/1995, which created Amaralina). The stretches follow straight lines
between the polygon's vertices: the data hold no river, stream or road, so where a limit
should follow one (art. 3º, II, of LC 02/1990) the text leaves it to the surveyor and claims
no natural feature.

Follows the style of Goiás creation laws: "Começa no marco M-01, de coordenadas UTM
E ... m e N ... m; daí segue com azimute 45°12'30" e distância de 1.235 m até o marco
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
from shapely.geometry.base import BaseGeometry

from ..common.numbers import decimal, km2
from ..errors import GeoError
from ..common.precision import POLYGON_M, rounded
from .measure import geodesic_area_km2, utm_crs


#: Above this many marks the memorial's text describes each perimeter by its first mark and
#: refers to the annex for the full list (a 20.000-vertex boundary would otherwise fill
#: about 500 pages); at or below it every mark is written out.
MAX_LISTED_MARKS = 200
#: File name of the annex with every mark, written beside the study (and the ofícios).
ANNEX_FILE = "memorial-marcos.csv"


def fmt_num(value: float, decimals: int = 2) -> str:
    """pt-BR number with thousands dots and a decimal comma: ``1.234,56``."""
    return decimal(value, decimals, minus="-")


def metres(value: float) -> str:
    """A distance measured on the polygon, to the metre (:data:`~viabilidade.common.precision.POLYGON_M`):
    ``1234.56`` -> ``"1.235"``."""
    return fmt_num(rounded(value, POLYGON_M)[0], 0)


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
    law_text : str
        The same description in the form of a law's annex (a bill's Anexo): without the
        drafting notes (:attr:`notes`) and without words about the study or the data.
    notes : tuple of str
        What the description cannot claim from the data (computed marks, straight lines, no
        river or road, the neighbouring unit of the Federation unknown): a paragraph of
        :attr:`text`, and the drafter's notes beside a bill (not part of the law).
    """

    table: pd.DataFrame
    text: str
    crs: str
    perimeter_m: float
    area_km2: float
    geodesic_area_km2: float
    law_text: str = ""
    notes: tuple[str, ...] = ()

    @property
    def summarised(self) -> bool:
        """True when the text refers to the annex instead of listing every mark."""
        return len(self.table) > MAX_LISTED_MARKS


def annex_csv(m: Memorial) -> str:
    """Every mark of a memorial as CSV text (UTF-8, comma, point as decimal separator), the
    annex :data:`ANNEX_FILE`: anel, tipo, marco, e_m, n_m (SIRGAS 2000 / UTM, metres, 2
    decimals), lon, lat (EPSG:4674 degrees, 8 decimals), azimute (DMS), azimute_graus (6
    decimals), distancia_m (2 decimals), proximo and, for a memorial by confrontações,
    confrontante (cod_ibge or :data:`STATE_LINE`); a header row first.
    """
    t = m.table
    out = pd.DataFrame({
        "anel": t["anel"], "tipo": t["tipo"], "marco": t["marco"],
        "e_m": t["e_m"].round(2), "n_m": t["n_m"].round(2),
        "lon": t["lon"].round(8), "lat": t["lat"].round(8),
        "azimute": t["azimute"], "azimute_graus": t["azimute_graus"].round(6),
        "distancia_m": t["distancia_m"].round(2), "proximo": t["proximo"],
        **({"confrontante": t["confrontante"]} if "confrontante" in t else {})})
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


def dms(value: float, positive: str, negative: str, decimals: int = 1) -> str:
    """A geographic coordinate in degrees, minutes and seconds, pt-BR decimal comma, to 0,1"
    (about 3 m, as the UTM coordinates to the metre; legal review 3, finding 4):
    ``dms(-16.0868, "N", "S") == "16°05'12,5\" S"``. Rounding carries over."""
    hemi = positive if value >= 0 else negative
    scale = 10 ** decimals
    total = int(round(abs(value) * 3600 * scale))
    d, rem = divmod(total, 3600 * scale)
    m, sec = divmod(rem, 60 * scale)
    whole, frac = divmod(sec, scale)
    seconds = f"{whole:02d}" + (f",{frac:0{decimals}d}" if decimals else "")
    return f"{d}°{m:02d}'{seconds}\" {hemi}"


def point_words(lon: float, lat: float) -> str:
    """``"16°05'12,5\" S e 48°42'33,1\" W"``: latitude, then longitude (SIRGAS 2000)."""
    return f"{dms(lat, 'N', 'S')} e {dms(lon, 'E', 'W')}"


#: Probe distances (metres, outward from each side's midpoint) tried in turn to find what lies
#: beyond a side: a sliver or gap of the mesh narrower than the first is stepped over.
PROBE_M = (10.0, 60.0, 300.0)
#: A side none of whose probes lands in a municipality (a zigzag of the full-resolution mesh
#: can turn a metre-long side's outward probes back into the territory itself) takes the
#: municipality whose boundary passes within this many metres of its midpoint: on the 2022
#: mesh neighbours share their vertices, so a side on a shared edge is at 0 m from it.
EDGE_M = 0.5
#: Label of a side with no Goiás municipality beyond it.
STATE_LINE = "divisa estadual"
#: How the text names a stretch along the state line: the data hold Goiás's municipalities
#: only, so the unit of the Federation beyond it (a State or the Distrito Federal) is not named.
STATE_LINE_WORDS = "COM OUTRA UNIDADE DA FEDERAÇÃO, PELA DIVISA DO ESTADO DE GOIÁS"


def side_neighbours(xy: np.ndarray, crs: str, boundaries: gpd.GeoDataFrame,
                    ignore: tuple[str, ...] = ()) -> list[str]:
    """What lies beyond each side of a ring: the ``cod_ibge`` of the municipality, or
    :data:`STATE_LINE`.

    Parameters
    ----------
    xy : ndarray, shape (n, 2)
        The ring's vertices in ``crs`` metres (not closed), oriented with the territory on the
        right of each side (exterior clockwise, holes anticlockwise).
    crs : str
        The UTM CRS of ``xy``.
    boundaries : GeoDataFrame
        The municipal mesh (``cod_ibge``, geometry), any CRS.
    ignore : tuple of str
        Municipalities that are the territory itself (a whole municipality or a fusion): a
        probe falling in one of them (a sliver of the mesh) looks farther.

    Returns
    -------
    list of str
        One label per side ``i`` (vertex ``i`` to ``i + 1``).
    """
    nxt = np.roll(xy, -1, axis=0)
    mid = (xy + nxt) / 2
    d = nxt - xy
    length = np.hypot(d[:, 0], d[:, 1])
    length[length == 0] = 1.0
    left = np.column_stack([-d[:, 1], d[:, 0]]) / length[:, None]  # outward normal
    # Only the municipalities near the ring are projected (the full 2022 mesh has 1,46
    # million vertices; projecting it all took about a second per memorial).
    reach = shapely.box(*xy.min(axis=0), *xy.max(axis=0)).buffer(max(PROBE_M) + 1000.0)
    near = gpd.GeoSeries([reach], crs=crs).to_crs(boundaries.crs).iloc[0]
    mesh = boundaries.loc[boundaries.intersects(near), ["cod_ibge", "geometry"]]
    mesh = mesh[~mesh["cod_ibge"].isin(ignore)].to_crs(crs)
    labels = np.full(len(xy), None, dtype=object)
    todo = np.arange(len(xy))
    for dist in PROBE_M:
        pts = gpd.GeoDataFrame(geometry=gpd.points_from_xy(*(mid[todo] + dist * left[todo]).T),
                               crs=crs, index=todo)
        hit = gpd.sjoin(pts, mesh, predicate="within", how="inner")
        hit = hit[~hit.index.duplicated()]
        labels[hit.index.to_numpy()] = hit["cod_ibge"].to_numpy()
        todo = np.array([i for i in todo if labels[i] is None], dtype=int)
        if not len(todo):
            break
    if len(todo) and len(mesh):
        tree = shapely.STRtree(mesh.geometry.to_numpy())
        which, geom = tree.query(shapely.points(mid[todo]), predicate="dwithin", distance=EDGE_M)
        codes = mesh["cod_ibge"].to_numpy()
        for k, g in zip(which, geom):
            if labels[todo[k]] is None:
                labels[todo[k]] = codes[g]
        todo = np.array([i for i in todo if labels[i] is None], dtype=int)
    labels[todo] = STATE_LINE
    return list(labels)


def _rotate_to_change(xy: np.ndarray, labels: list[str]) -> tuple[np.ndarray, list[str]]:
    """Start a ring at a vertex where the confronting unit changes (unchanged when one unit
    borders the whole ring)."""
    change = [i for i in range(len(labels)) if labels[i] != labels[i - 1]]
    if not change:
        return xy, labels
    i = change[0]
    return np.roll(xy, -i, axis=0), labels[i:] + labels[:i]


def memorial(geom: BaseGeometry, *, name: str | None = None,
             boundaries: gpd.GeoDataFrame | None = None, names: dict[str, str] | None = None,
             ignore: tuple[str, ...] = (), within: tuple[str, ...] = (),
             article: str = "art. 3º, II", study_area: str | None = None,
             published_km2: float | None = None,
             districts: gpd.GeoDataFrame | None = None) -> Memorial:
    """Build the memorial descritivo of a lon/lat (EPSG:4674) territory.

    Parameters
    ----------
    geom : Polygon or MultiPolygon
        The territory in EPSG:4674 degrees.
    name : str, optional
        Territory name used in the heading of the text.
    boundaries : GeoDataFrame, optional
        The municipal mesh (``cod_ibge``, geometry): the text then describes the limits by
        confrontações (:func:`side_neighbours`), each ring starting where its neighbour
        changes, and the table gains ``confrontante``; without it, by marks only.
    names : dict, optional
        ``cod_ibge`` -> name for the confrontações (default: the mesh's ``nome``).
    ignore : tuple of str
        The territory's own municipalities (a whole municipality, a fusion).
    within : tuple of str
        The municipality a district lies in: its sides read "o restante do território do
        Município de …".
    article : str
        The provision of LC 02/1990 on how the limits are drawn, cited in the notes:
        ``"art. 3º, II"`` (a municipality), ``"art. 18"`` (a district's divisas).
    study_area : str, optional
        When the study's area is not this measured one (a published area of whole
        municipalities), the words that give it, printed after the geodesic area in place of
        ", a mesma do estudo" (study text only; the law's text has neither).
    published_km2 : float, optional
        The published area the study uses (IBGE's area of whole municipalities): the study
        text then marks the memorial's area as measured on the mesh and states the difference
        beside it (:func:`measured_area_words`).
    districts : GeoDataFrame, optional
        The districts of the ``within`` municipality (``cod_distrito``, ``nome``, geometry in
        EPSG:4674; :func:`viabilidade.geo.tracts.district_polygons` when the store has census
        tracts): a district's sides then name the origin's districts they border ("COM O
        DISTRITO DE …, DO MUNICÍPIO DE …") instead of "o restante do território" (issue 29
        § 5). Without them (the committed store has no district limits) the rest of the
        municipality is named.

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
    side_labels: list[list[str]] = []
    if boundaries is not None and districts is not None and len(districts) and within:
        names = dict(names) if names is not None else dict(zip(boundaries["cod_ibge"],
                                                               boundaries["nome"]))
        for code, label in zip(districts["cod_distrito"], districts["nome"]):
            muni = names.get(str(code)[:7], str(code)[:7])
            names[str(code)] = f"Distrito de {label}, do Município de {muni}"
        boundaries = pd.concat(
            [boundaries.loc[~boundaries["cod_ibge"].isin(within), ["cod_ibge", "geometry"]],
             gpd.GeoDataFrame({"cod_ibge": districts["cod_distrito"].astype(str).to_numpy()},
                              geometry=districts.geometry.to_crs(boundaries.crs).to_numpy(),
                              crs=boundaries.crs)], ignore_index=True)
        boundaries = gpd.GeoDataFrame(boundaries, geometry="geometry", crs=districts.crs)
    if boundaries is not None:
        rotated = []
        for kind, xy in rings:
            xy, labels = _rotate_to_change(xy, side_neighbours(xy, crs, boundaries, ignore))
            rotated.append((kind, xy))
            side_labels.append(labels)
        rings = rotated
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
                         "distancia_m": dist[i], "proximo": labels[(i + 1) % len(xy)],
                         **({"confrontante": side_labels[r - 1][i]} if side_labels else {})})
        k += len(xy)
    table = pd.DataFrame(rows)
    lonlat = gpd.GeoSeries(gpd.points_from_xy(table["e_m"], table["n_m"]), crs=crs).to_crs("EPSG:4674")
    table.insert(5, "lon", lonlat.x.to_numpy())
    table.insert(6, "lat", lonlat.y.to_numpy())
    perimeter = float(table["distancia_m"].sum())
    area_km2 = float(geom_m.area / 1e6)
    geo_km2 = geodesic_area_km2(geom)
    state_line = bool(side_labels) and any(STATE_LINE in labels for labels in side_labels)
    notes = drafting_notes(article, by_confrontations=bool(side_labels), state_line=state_line)
    texts = []
    if published_km2 is not None:
        study_area = measured_area_words(geo_km2, published_km2)
    for law in (False, True):
        text = _text(table, crs, perimeter, area_km2, geo_km2, name, law=law,
                     study_area=study_area)
        if side_labels:
            if names is None:
                names = dict(zip(boundaries["cod_ibge"], boundaries["nome"]))
            head, rest = text.split("\n\n", 1)
            listed = len(table) <= MAX_LISTED_MARKS
            text = "\n\n".join([head, _confrontations_text(table, geom, geo_km2, name, names,
                                                            within, listed=listed,
                                                            notes=() if law else notes,
                                                            measured=None if law else
                                                            (study_area if published_km2 is not None
                                                             else None)),
                                 "Relação dos vértices. " + rest])
        texts.append(text)
    return Memorial(table=table, text=texts[0], crs=crs, perimeter_m=perimeter,
                    area_km2=area_km2, geodesic_area_km2=geo_km2, law_text=texts[1],
                    notes=tuple(notes))


def drafting_notes(article: str = "art. 3º, II", *, by_confrontations: bool = True,
                   state_line: bool = False) -> list[str]:
    """What a memorial drawn from the data cannot claim (pt-BR sentences): its marks are the
    polygon's computed vertices joined by straight lines, the data hold no river, stream or
    road (where the limit should follow one, ``article`` of LC 02/1990 leaves it to the
    surveyor) and, with ``state_line``, the unit of the Federation beyond the state line is
    not in the data. The study prints them in its memorial; a bill lists them in its notes,
    outside the annex that is part of the law.
    """
    out = ["Os marcos são os vértices do polígono da área, de coordenadas calculadas, e não "
           "marcos implantados em campo; os trechos seguem linhas retas entre eles." if
           by_confrontations else
           "Os marcos são os vértices do polígono da área, de coordenadas calculadas, e não "
           "marcos implantados em campo.",
           "Os dados não registram rios, córregos, estradas nem outros acidentes: onde a divisa "
           f"deva acompanhá-los (LC nº 2/1990, {article}), a descrição fica para o levantamento "
           "do agrimensor."]
    if state_line:
        out.append("Os dados trazem só os Municípios de Goiás: a unidade da Federação do outro "
                   "lado da divisa estadual (Estado ou Distrito Federal) não consta deles, e o "
                   "memorial não a nomeia.")
    return out


def stretches(table: pd.DataFrame) -> pd.DataFrame:
    """The stretches of a memorial built with ``boundaries``: one row per run of sides with the
    same ``confrontante``, in the order of the marks.

    Returns
    -------
    DataFrame
        ``anel``, ``confrontante`` (cod_ibge or :data:`STATE_LINE`), ``inicio`` / ``fim``
        (marks), ``lon_inicio``, ``lat_inicio``, ``lon_fim``, ``lat_fim`` (EPSG:4674),
        ``lados`` (sides), ``extensao_m`` (geodesic length, GRS80).
    """
    from .measure import GEOD

    rows = []
    for r, ring in table.groupby("anel", sort=True):
        ring = ring.reset_index(drop=True)
        run = (ring["confrontante"] != ring["confrontante"].shift()).cumsum()
        lon, lat = ring["lon"].to_numpy(), ring["lat"].to_numpy()
        for _, part in ring.groupby(run, sort=True):
            i, j = part.index[0], part.index[-1]
            end = (j + 1) % len(ring)
            idx = list(range(i, j + 1)) + [end]
            rows.append({"anel": r, "confrontante": part["confrontante"].iloc[0],
                         "inicio": ring["marco"].iloc[i], "fim": ring["marco"].iloc[end],
                         "lon_inicio": lon[i], "lat_inicio": lat[i],
                         "lon_fim": lon[end], "lat_fim": lat[end], "lados": len(part),
                         "extensao_m": float(GEOD.line_length(lon[idx], lat[idx]))})
    return pd.DataFrame(rows)


def _who(code: str, names: dict[str, str], within: tuple[str, ...]) -> str:
    if code == STATE_LINE:
        return STATE_LINE_WORDS
    name = names.get(code, code)
    if len(code) == 9:   # a district of the origin (census tracts' limits): named as such
        return f"COM O {name.upper()}"
    if code in within:
        return f"COM O RESTANTE DO TERRITÓRIO DO MUNICÍPIO DE {name.upper()}"
    return f"COM O MUNICÍPIO DE {name.upper()}"


def _confrontations_text(table: pd.DataFrame, geom: BaseGeometry, geo_km2: float,
                         name: str | None, names: dict[str, str], within: tuple[str, ...],
                         listed: bool = True, notes: tuple[str, ...] | list[str] = (),
                         measured: str | None = None) -> str:
    from .measure import geodesic_perimeter_m

    st = stretches(table)
    paras = ["Limites por confrontações. Coordenadas geográficas (latitude e longitude) no "
             "Sistema Geodésico SIRGAS 2000; extensões geodésicas (elipsoide GRS80)."]
    for r, ring in st.groupby("anel", sort=True):
        if st["anel"].nunique() > 1:
            kind = table.loc[table["anel"] == r, "tipo"].iloc[0]
            paras.append(f"Perímetro {r}" + (" (interno, exclusão)" if kind == "interno" else "") + ":")
        for k, row in enumerate(ring.itertuples(index=False)):
            last = k == len(ring) - 1
            sides = "lado" if row.lados == 1 else "lados"
            start = (f"Começa no marco {row.inicio}, de coordenadas "
                     f"{point_words(row.lon_inicio, row.lat_inicio)}"
                     + (", ponto inicial desta descrição" if k == 0 else ""))
            end = (f"até o marco {row.fim}, ponto inicial desta descrição" if last else
                   f"até o marco {row.fim}, de coordenadas {point_words(row.lon_fim, row.lat_fim)}")
            paras.append(f"{_who(row.confrontante, names, within)}: {start}; segue em "
                         f"{fmt_num(row.lados, 0)} {sides} em linha reta, numa extensão de "
                         f"{metres(row.extensao_m)} m, {end}.")
    if notes:
        paras.append(" ".join(notes))
    paras.append(f"Área geodésica: {fmt_num(geo_km2)} km²"
                 + (f" ({measured})" if measured else "") + "; perímetro geodésico: "
                 f"{metres(geodesic_perimeter_m(geom))} m. Relação dos vértices, com as "
                 "coordenadas UTM, os azimutes e as distâncias planas, "
                 + ("a seguir." if listed else f"no anexo {ANNEX_FILE}."))
    return "\n\n".join(paras)


def measured_area_words(geo_km2: float, published_km2: float) -> str:
    """Beside a memorial's area measured on the mesh, the published one the study uses and the
    difference, to 0,01 km² (:func:`viabilidade.common.numbers.km2`, never printed as none when
    it is not): ``"medida sobre a Malha Municipal 2022 do IBGE; a área publicada, que o estudo
    usa, é de 623,93 km², diferença de 0,02 km²"``."""
    diff = abs(geo_km2 - published_km2)
    return ("medida sobre a Malha Municipal 2022 do IBGE; a área publicada, que o estudo usa, "
            f"é de {km2(published_km2)}, diferença de {km2(diff, 0.0)}")


def of_name(name: str) -> str:
    """``"de Posse d'Abadia"``, ``"do Distrito Leste"``: the preposition before a territory's
    name (contracted before "Distrito", "Município"; ``"do contorno externo dos atuais
    Municípios de A e de B"`` of a fusion)."""
    first = name.split(" ", 1)[0]
    return (f"do {name}" if first in ("Distrito", "Município", "Subdistrito", "contorno")
            else f"de {name}")


def _text(table: pd.DataFrame, crs: str, perimeter: float, area_km2: float,
          geo_km2: float, name: str | None, law: bool = False,
          study_area: str | None = None) -> str:
    zone = {"EPSG:31981": "21S", "EPSG:31982": "22S", "EPSG:31983": "23S"}[crs]
    head = f"Memorial descritivo{' ' + of_name(name) if name else ''}"
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
                f"UTM E {metres(first['e_m'])} m e N {metres(first['n_m'])} m")
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
                   f"{metres(row.distancia_m)} m até o marco {row.proximo}")
            if row.proximo != first["marco"]:
                seg += f", de coordenadas UTM E {metres(nxt_e[i])} m e N {metres(nxt_n[i])} m"
            else:
                seg += ", ponto inicial da descrição deste perímetro"
            parts.append(seg)
        paras.append("; ".join(parts) + ".")
    # The area is the study's figure (geodesic, GRS80, two decimals as in the area table);
    # the UTM-plane area is labelled as such so the two figures never read as a contradiction.
    same = "" if law else f"; {study_area}" if study_area else ", a mesma do estudo"
    paras.append(f"Perímetro (soma das distâncias planas): {metres(perimeter)} m. "
                 f"Área: {fmt_num(geo_km2)} km² ({fmt_num(round(geo_km2, 2) * 100, 0)} ha), área geodésica "
                 f"(elipsoide GRS80){same}; área no plano UTM "
                 f"(SIRGAS 2000 / UTM {zone}): {fmt_num(area_km2)} km².")
    return "\n\n".join(paras)
