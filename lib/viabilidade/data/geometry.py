"""Municipality boundary loader: any vector file -> ``cod_ibge, nome, geometry`` in SIRGAS 2000.

Reads GeoJSON, zipped Shapefile and GeoPackage through pyogrio, normalises the id and name
columns, puts the geometries in SIRGAS 2000 geographic coordinates (EPSG:4674) and repairs
invalid polygons with :func:`shapely.make_valid` (not ``buffer(0)``, which keeps only a
sliver of the tbrugz polygons of Mineiros 5213103 and Sítio d'Abadia 5220702; see
``shared/data/SOURCES.md``).
"""

from __future__ import annotations

import json
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pyogrio
import shapely
from pyproj import CRS

from ..common.text import digit_problem, quoted, quoted_list
from ..errors import GeoError

#: Target CRS of every geometry in the package: SIRGAS 2000 geographic.
SIRGAS2000 = "EPSG:4674"

#: Column names tried, in order, when ``id_column`` is not given.
ID_CANDIDATES = ("cod_ibge", "CD_MUN", "CD_GEOCMU", "CD_GEOCODM", "code_muni", "codigo_ibge",
                 "geocodigo", "id")
#: Column names tried, in order, for the municipality name.
NAME_CANDIDATES = ("nome", "NM_MUN", "NM_MUNICIP", "name_muni", "name", "nome_municipio")

_POLYGONAL = ("Polygon", "MultiPolygon")


def _geojson_declares_crs(path: Path) -> bool:
    """Whether a (non-zipped) GeoJSON file has a top-level ``crs`` member that is not null."""
    try:
        with path.open("rb") as fh:
            doc = json.load(fh)
    except (OSError, ValueError) as exc:  # pragma: no cover - pyogrio already opened it
        raise GeoError(f"{path.name}: não é JSON válido: {exc}") from exc
    return isinstance(doc, dict) and doc.get("crs") is not None


def _lonlat_plausible(gdf: gpd.GeoDataFrame) -> bool:
    """True when every coordinate lies within longitude [-180, 180] and latitude [-90, 90]."""
    if gdf.empty:
        return True
    minx, miny, maxx, maxy = gdf.total_bounds
    return bool(-180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90)


#: pt-BR name of each kind of column looked up, for messages.
_WHAT = {"id (IBGE code)": "identificação (código IBGE)", "name": "nome"}


def _pick_column(gdf: gpd.GeoDataFrame, wanted: str | None, candidates: tuple[str, ...],
                 what: str, path: Path) -> str:
    cols = [c for c in gdf.columns if c != gdf.geometry.name]
    if wanted is not None:
        if wanted not in cols:
            raise GeoError(f"{path.name}: coluna de {_WHAT.get(what, what)} {quoted(wanted)} não "
                           f"encontrada; encontradas as colunas {quoted_list(cols)}")
        return wanted
    lower = {c.lower(): c for c in cols}
    for cand in candidates:
        if cand.lower() in lower:
            return lower[cand.lower()]
    raise GeoError(f"{path.name}: nenhuma coluna de {_WHAT.get(what, what)}; encontradas "
                   f"{quoted_list(cols)}; esperada uma de {list(candidates)} (ou id_column=)")


def _codes_as_text(values: pd.Series, column: str, path: Path) -> pd.Series:
    """IBGE codes as digit strings; integers and floats like 5200050.0 are accepted."""
    out = []
    for i, v in enumerate(values):
        if v is None or (isinstance(v, float) and np.isnan(v)):
            raise GeoError(f"{path.name}: feição {i}: coluna {quoted(column)} vazia; "
                           "esperado um código IBGE")
        if isinstance(v, (int, np.integer)) or (isinstance(v, (float, np.floating))
                                                 and float(v).is_integer()):
            s = str(int(v))
        else:
            s = str(v).strip()
        if digit_problem(s):  # "52٠٠٠٥٠" passed isdigit() (hostile trial 11)
            raise GeoError(f"{path.name}: feição {i}: coluna {quoted(column)}: {digit_problem(s)}")
        if not (s.isascii() and s.isdigit()):
            raise GeoError(f"{path.name}: feição {i}: coluna {quoted(column)} = {quoted(v)}; "
                           "esperado um código IBGE só de algarismos")
        out.append(s)
    return pd.Series(out, index=values.index, dtype="string")


def _to_sirgas(gdf: gpd.GeoDataFrame, path: Path, declared: bool) -> gpd.GeoDataFrame:
    """Reproject to EPSG:4674; undeclared CRS is accepted only for plausible lon/lat."""
    if not declared or gdf.crs is None:
        if not _lonlat_plausible(gdf):
            minx, miny, maxx, maxy = gdf.total_bounds
            raise GeoError(
                f"{path.name}: nenhum sistema de referência (CRS) declarado e as coordenadas "
                f"não são graus de longitude/latitude (x {minx:.1f}..{maxx:.1f}, "
                f"y {miny:.1f}..{maxy:.1f}); esperado o CRS declarado no arquivo (p. ex. um "
                ".prj ou o SRS de um GeoPackage)")
        return gdf.set_crs(SIRGAS2000, allow_override=True)
    crs = CRS.from_user_input(gdf.crs)
    if crs.is_geographic and not _lonlat_plausible(gdf):
        minx, miny, maxx, maxy = gdf.total_bounds
        raise GeoError(
            f"{path.name}: o CRS {crs.to_string()} é geográfico, mas as coordenadas saem dos "
            f"limites de longitude/latitude (x {minx:.1f}..{maxx:.1f}, "
            f"y {miny:.1f}..{maxy:.1f}); esperados graus")
    if crs.equals(CRS.from_user_input(SIRGAS2000)):
        return gdf.set_crs(SIRGAS2000, allow_override=True)
    return gdf.to_crs(SIRGAS2000)


def check_and_repair(gdf: gpd.GeoDataFrame, ids: pd.Series, path: Path) -> gpd.GeoSeries:
    """Every geometry polygonal and not empty, invalid ones repaired with :func:`shapely.make_valid`.

    Parameters
    ----------
    gdf : GeoDataFrame
        The features read.
    ids : Series
        IBGE code of each feature (for messages).
    path : Path
        The file read (for messages).

    Returns
    -------
    GeoSeries
        The geometries, repaired where invalid (polygonal part kept), same index and CRS.

    Raises
    ------
    GeoError
        A geometry missing, empty, not Polygon/MultiPolygon, or without area once repaired
        (names the file, the feature index and its code).
    """
    geoms = gdf.geometry.array
    types = shapely.get_type_id(geoms)
    for i, (g, t) in enumerate(zip(geoms, types)):
        if g is None or t < 0:
            raise GeoError(f"{path.name}: feição {i} (cod_ibge {ids.iloc[i]}): "
                           "geometria ausente; esperado Polygon ou MultiPolygon")
        if g.geom_type not in _POLYGONAL:
            raise GeoError(f"{path.name}: feição {i} (cod_ibge {ids.iloc[i]}): encontrada a "
                           f"geometria {g.geom_type}; esperado Polygon ou MultiPolygon")
        if g.is_empty:
            raise GeoError(f"{path.name}: feição {i} (cod_ibge {ids.iloc[i]}): geometria "
                           "vazia; esperado Polygon ou MultiPolygon")
    invalid = ~shapely.is_valid(geoms)
    repaired = np.array(geoms, dtype=object)
    if invalid.any():
        fixed = shapely.make_valid(repaired[invalid])
        # make_valid may return a GeometryCollection with stray lines; keep the polygons.
        polys = [_polygonal_part(g) for g in fixed]
        for k, (i, g) in enumerate(zip(np.flatnonzero(invalid), polys)):
            if g.is_empty:
                raise GeoError(f"{path.name}: feição {i} (cod_ibge {ids.iloc[i]}): polígono "
                               "inválido sem área depois de shapely.make_valid; esperado um "
                               "polígono com área")
            repaired[i] = g
    return gpd.GeoSeries(repaired, index=gdf.index, crs=gdf.crs)


def _polygonal_part(geom):
    """The Polygon/MultiPolygon part of a geometry (drops points and lines)."""
    if geom.geom_type in _POLYGONAL:
        return geom
    parts = [p for p in shapely.get_parts(geom) if p.geom_type in _POLYGONAL]
    if not parts:
        return shapely.Polygon()
    u = shapely.union_all(parts)
    return u


def read_boundaries(path: str | Path, *, id_column: str | None = None,
                    layer: str | int | None = None) -> gpd.GeoDataFrame:
    """Read municipality boundaries from GeoJSON, zipped Shapefile or GeoPackage.

    Parameters
    ----------
    path : str or Path
        ``.geojson``/``.json``, ``.zip`` (a zipped Shapefile) or ``.gpkg``.
    id_column : str, optional
        Column holding the 7-digit IBGE municipality code. When omitted the first of
        :data:`ID_CANDIDATES` present (case-insensitive) is used (``id`` for the tbrugz
        GeoJSON, ``CD_MUN`` for IBGE's malha municipal).
    layer : str or int, optional
        Layer name or index for multi-layer files (GeoPackage).

    Returns
    -------
    geopandas.GeoDataFrame
        Columns ``cod_ibge`` (string of digits), ``nome`` (string; ``<NA>`` when the file
        has no name column) and ``geometry`` (Polygon/MultiPolygon, EPSG:4674 SIRGAS 2000
        longitude/latitude degrees), one row per feature in file order, default index.

    Raises
    ------
    GeoError
        File missing or unreadable; id column absent or holding a non-code value; a feature
        whose geometry is missing, empty or not polygonal (message names the file, feature
        index and code); no CRS declared and coordinates outside longitude/latitude ranges;
        a geographic CRS with out-of-range coordinates; duplicate codes.

    Notes
    -----
    CRS handling: a GeoJSON file without a ``crs`` member, or a Shapefile without ``.prj``,
    whose coordinates are plausible lon/lat degrees is taken as EPSG:4674 (IBGE's datum;
    practically equal to WGS84). A declared CRS (projected or geographic) is transformed to
    EPSG:4674 with pyproj. Invalid polygons (e.g. "Hole lies outside shell" in tbrugz
    ``geojs-52-mun.json``, commit c39dfb0, for Mineiros 5213103 and Sítio d'Abadia
    5220702) are repaired with :func:`shapely.make_valid`, which keeps their full area.
    """
    path = Path(path)
    if not path.exists():
        raise GeoError(f"{path}: arquivo de limites não encontrado")
    suffix = path.suffix.lower()
    source = f"/vsizip/{path}" if suffix == ".zip" else str(path)
    try:
        gdf = pyogrio.read_dataframe(source, layer=layer)
    except Exception as exc:  # pyogrio raises DataSourceError, DataLayerError, ...
        from ..common.vector_files import library_message

        raise GeoError(library_message(path, "arquivo vetorial (GeoJSON, Shapefile zipado ou "
                                             "GeoPackage)", exc)) from None
    if not isinstance(gdf, gpd.GeoDataFrame) or gdf.geometry.name not in gdf.columns:
        raise GeoError(f"{path.name}: o arquivo não tem coluna de geometria")
    if gdf.empty:
        raise GeoError(f"{path.name}: o arquivo não tem feições; esperada ao menos uma "
                       "feição Polygon ou MultiPolygon com código IBGE")

    # GDAL reports CRS84 for every GeoJSON (RFC 7946); only a 'crs' member is a declaration.
    if suffix in (".geojson", ".json"):
        declared = _geojson_declares_crs(path)
    else:
        declared = gdf.crs is not None

    id_col = _pick_column(gdf, id_column, ID_CANDIDATES, "id (IBGE code)", path)
    ids = _codes_as_text(gdf[id_col], id_col, path)
    dup = ids[ids.duplicated()]
    if not dup.empty:
        raise GeoError(f"{path.name}: coluna {quoted(id_col)}: códigos repetidos "
                       f"{sorted(set(dup))[:5]}; esperada uma feição por município")
    try:
        name_col = _pick_column(gdf, None, NAME_CANDIDATES, "name", path)
        names = gdf[name_col].astype("string")
    except GeoError:
        names = pd.Series(pd.NA, index=gdf.index, dtype="string")

    geometry = check_and_repair(gdf, ids, path)
    out = gpd.GeoDataFrame({"cod_ibge": ids.to_numpy(), "nome": names.to_numpy()},
                           geometry=geometry.to_numpy(), crs=gdf.crs)
    out["cod_ibge"] = out["cod_ibge"].astype("string")
    out["nome"] = out["nome"].astype("string")
    out = _to_sirgas(out, path, declared)
    return out.reset_index(drop=True)
