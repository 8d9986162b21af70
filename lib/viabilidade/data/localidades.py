"""IBGE Localidades 2022 (one KML per municipality, packed in a tar.xz): the 2022 municipal
mesh at full resolution, the municipal seats and the vilas (seats of non-sede districts).

Each KML (``<nome>_<cd_mun>_localidades_2022.kml``, KML 2.2 with Schema/SimpleData) holds
folders of points by IBGE locality category and, in ``13. Referência``, the municipality's
polygon (plus indigenous and quilombola territories clipped to it, told apart by having no
``CD_MUN``). Read here:

- ``13. Referência`` → the municipality polygon (``CD_MUN``, ``NM_MUN``), as published: the
  Malha Municipal 2022 at full resolution (1.461.478 vertices for Goiás; the third
  coordinate, always 0, is dropped). Its geodesic areas (GRS80) equal the Censo 2022
  ``AREA_KM2`` within 0,003 % for every municipality, and the 246 polygons form a valid
  coverage (no overlap, shared edges with the same vertices: :func:`shapely.coverage_is_valid`).
- ``01.03. Sede Municipal`` → the seat of each municipality (``CT_LOCALIDADE`` ``Cidade``).
  Goiânia is also in ``01.02. Capital Estadual`` (the same point); the seat row is kept.
- ``04. Vilas`` → the vilas (``CT_LOCALIDADE`` ``Vila``): ``CD_LOCALIDADE`` is the 9-digit
  code of the district the vila is the seat of, so the link vila → district is the IBGE's
  own (81 vilas = the 81 non-sede districts of DTB 2022, names equal 81/81).

Points take the KML geometry's coordinates (13 decimals), not ``LAT_LOCALIDADE`` /
``LONG_LOCALIDADE`` (rounded to 4 decimals, about 11 m).

The files are read with GDAL's LIBKML driver through pyogrio (the only GDAL KML driver that
reads the SimpleData attributes; the plain KML driver gives only Name and Description). GDAL
cannot open a member of a ``.tar.xz`` in place (``/vsitar/`` reads plain and gzip tars
only), so each member is streamed with :mod:`tarfile` to a temporary ``.kml`` file.

Bounds (the archive of Goiás, ``shared/data``, measured: 246 KMLs and a folder, the largest
1.355.209 bytes, 57.373.834 in all): at most :data:`MAX_MEMBERS` members, each KML at most
:data:`MAX_MEMBER` bytes and all at most :data:`MAX_TOTAL` (sizes read from the members'
headers before anything is written); a member that is not
a regular file or a folder (a link, a device, a FIFO) or that is sparse is refused. The
temporary copy is one file, overwritten by each member and deleted with its folder.
"""

from __future__ import annotations

import os
import re
import tarfile
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely

from ..common.text import quoted
from ..common.numbers import fmt
from ..errors import DataError
from ..os_errors import os_reason

#: Folder (GDAL layer) of the municipality polygon.
MESH_LAYER = "13. Referência"
#: Folder of the municipal seat.
SEAT_LAYER = "01.03. Sede Municipal"
#: Folder of the vilas (seats of the non-sede districts).
VILA_LAYER = "04. Vilas"

#: Coordinates of every point must fall in this box (Goiás, with a margin).
_LAT = (-20.0, -12.0)
_LON = (-54.0, -45.0)

#: Most members of the archive (Goiás: 247, its 246 KMLs and their folder).
MAX_MEMBERS = 1_000
#: Largest KML read (bytes): 12 times the largest of Goiás (1.355.209 bytes, Goiânia's
#: neighbourhoods of points).
MAX_MEMBER = 16 * 1024 * 1024
#: Most bytes of KML read in all: 4,5 times Goiás's 57.373.834.
MAX_TOTAL = 256 * 1024 * 1024

_MEMBER = re.compile(r"_([0-9]{7})_localidades_2022\.kml$")


@dataclass(frozen=True)
class Localidades:
    """What the store takes from the Localidades 2022 KMLs.

    Attributes
    ----------
    mesh : geopandas.GeoDataFrame
        ``cod_ibge, nome, geometry``: one row per municipality, the polygon as published
        (Polygon or MultiPolygon, 2-D, EPSG:4674 degrees), sorted by code. ``nome`` is the
        KML's ``NM_MUN`` (the store replaces it by the Censo 2022 name).
    seats : pandas.DataFrame
        ``cod_ibge, categoria, lat, lon``: the municipal seats (``categoria`` ``"Cidade"``,
        the IBGE's ``CT_LOCALIDADE``), degrees SIRGAS 2000, sorted by code. The seat's own
        name is left out: it is the municipality's (the KML writes "Bom Jesus" for Bom Jesus
        de Goiás; the store spells names as the Censo 2022).
    vilas : pandas.DataFrame
        ``cod_distrito, cod_ibge, nome, categoria, lat, lon``: the vilas (``categoria``
        ``"Vila"``), the 9-digit code of the district each is the seat of, sorted by it.
    """

    mesh: gpd.GeoDataFrame
    seats: pd.DataFrame
    vilas: pd.DataFrame


def _layers(kml: str) -> list[str]:
    import pyogrio

    return [str(name) for name, _ in pyogrio.list_layers(kml)]


#: The SimpleData fields read (a field a folder lacks is left out by pyogrio): reading only
#: these skips LIBKML's own fields (timestamp, begin, end parsed as dates), 40 % of a read.
FIELDS = ["CD_MUN", "NM_MUN", "CD_LOCALIDADE", "NM_LOCALIDADE", "CT_LOCALIDADE"]


def _read_layer(kml: str, layer: str) -> gpd.GeoDataFrame:
    import pyogrio

    return pyogrio.read_dataframe(kml, layer=layer, columns=FIELDS)


def _text(value) -> str:
    return "" if value is None or (isinstance(value, float) and np.isnan(value)) else str(value).strip()


def _points(gdf: gpd.GeoDataFrame, member: str, layer: str, problems: list[str]) -> list[dict]:
    """The rows of a point layer as dicts: code, municipality code, name, category, lat, lon."""
    out = []
    for i, r in enumerate(gdf.itertuples(index=False)):
        g = r.geometry
        where = f"{member}, pasta {quoted(layer)}, ponto {i + 1}"
        if g is None or g.is_empty or g.geom_type != "Point":
            problems.append(f"{where}: geometria {getattr(g, 'geom_type', 'ausente')}; "
                            "esperado um ponto")
            continue
        lon, lat = float(g.x), float(g.y)
        if not (_LAT[0] <= lat <= _LAT[1] and _LON[0] <= lon <= _LON[1]):
            problems.append(f"{where}: ponto em latitude {lat:.4f}, longitude {lon:.4f}, fora "
                            f"de Goiás; esperadas latitude entre {_LAT[0]} e {_LAT[1]} e "
                            f"longitude entre {_LON[0]} e {_LON[1]}")
            continue
        out.append({"codigo": _text(getattr(r, "CD_LOCALIDADE", None)),
                    "cod_ibge": _text(getattr(r, "CD_MUN", None)),
                    "nome": _text(getattr(r, "NM_LOCALIDADE", None)),
                    "categoria": _text(getattr(r, "CT_LOCALIDADE", None)),
                    "lat": lat, "lon": lon, "where": where})
    return out


def _read_member(kml: str, member: str, problems: list[str]):
    """Polygon rows, seat rows and vila rows of one KML file (problems appended)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            layers = _layers(kml)
            frames = {lay: _read_layer(kml, lay) for lay in (MESH_LAYER, SEAT_LAYER, VILA_LAYER)
                      if lay in layers}
    except Exception:  # noqa: BLE001 — pyogrio raises DataSourceError and others
        # GDAL's own text is English and names the temporary copy: the user reads the member.
        problems.append(f"{member}: não é um KML legível (o GDAL não o abriu); esperado um KML "
                        "de Localidades 2022 como publicado pelo IBGE")
        return [], [], []
    code = (m.group(1) if (m := _MEMBER.search(member)) else None)
    polys = []
    mesh = frames.get(MESH_LAYER)
    if mesh is None or "CD_MUN" not in mesh.columns:
        problems.append(f"{member}: sem a pasta {quoted(MESH_LAYER)} com o polígono do município "
                        "(campo CD_MUN); esperado o polígono do município")
    else:
        own = mesh[mesh["CD_MUN"].map(_text) != ""]
        if len(own) != 1:
            problems.append(f"{member}, pasta {quoted(MESH_LAYER)}: {len(own)} polígonos com CD_MUN; "
                            "esperado exatamente um, o do município")
        else:
            r = own.iloc[0]
            polys.append({"cod_ibge": _text(r["CD_MUN"]), "nome": _text(r.get("NM_MUN")),
                          "geometry": r.geometry, "where": f"{member}, pasta {quoted(MESH_LAYER)}"})
    seats = _points(frames[SEAT_LAYER], member, SEAT_LAYER, problems) if SEAT_LAYER in frames else []
    if len(seats) != 1:
        problems.append(f"{member}, pasta {quoted(SEAT_LAYER)}: {len(seats)} pontos; esperado "
                        "exatamente um, a sede do município")
    vilas = _points(frames[VILA_LAYER], member, VILA_LAYER, problems) if VILA_LAYER in frames else []
    for row in polys + seats + vilas:
        if code is not None and row["cod_ibge"] != code:
            problems.append(f"{row['where']}: CD_MUN {quoted(row['cod_ibge'])}; esperado {code}, o "
                            "código do nome do arquivo")
    for s in seats:
        if s["codigo"] != s["cod_ibge"]:
            problems.append(f"{s['where']}: CD_LOCALIDADE {quoted(s['codigo'])}; esperado o código do "
                            f"município, {s['cod_ibge']}")
    for v in vilas:
        if not (len(v["codigo"]) == 9 and v["codigo"].isdigit()
                and v["codigo"][:7] == v["cod_ibge"]):
            problems.append(f"{v['where']}: CD_LOCALIDADE {quoted(v['codigo'])}; esperado o código "
                            f"de 9 algarismos de um distrito de {v['cod_ibge']}")
    return polys, seats, vilas


def _member_problem(m: tarfile.TarInfo, total: int) -> str | None:
    """Why a member of the archive is refused before it is read (pt-BR), or ``None``."""
    only_files = "esperados só arquivos e pastas comuns, como no pacote publicado"
    if m.issparse():
        return f"{m.name}: membro esparso ({fmt(m.size, 0)} bytes declarados); {only_files}"
    if not (m.isfile() or m.isdir()):
        return f"{m.name}: não é arquivo nem pasta (um link ou arquivo especial); {only_files}"
    if m.isfile() and m.size > MAX_MEMBER:
        return (f"{m.name}: {fmt(m.size, 0)} bytes; esperado no máximo {fmt(MAX_MEMBER, 0)} "
                "por KML (o maior de Goiás tem 1.355.209)")
    if total > MAX_TOTAL:
        return (f"os arquivos somam mais de {fmt(MAX_TOTAL, 0)} bytes; esperado o pacote de "
                "Goiás (57.373.834 bytes de KML)")
    return None


def _members(path: Path):
    """Yield (member name, temporary .kml path) for every KML in the archive.

    Raises
    ------
    DataError
        Not a tar, truncated, more than :data:`MAX_MEMBERS` members, a member refused by
        :func:`_member_problem` (before anything of it is written).
    """
    try:
        tf = tarfile.open(path, mode="r:*")
    except FileNotFoundError:
        raise DataError("arquivo não encontrado", file=path) from None
    except (tarfile.TarError, EOFError, OSError) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) and exc.errno else str(exc)
        raise DataError(f"não é um arquivo tar legível ({reason}); esperado o pacote .tar.xz "
                        "dos KML de Localidades 2022", file=path) from None
    with tf, tempfile.TemporaryDirectory(prefix="viabilidade-kml-") as tmp:
        kml = os.path.join(tmp, "localidades.kml")
        count = total = 0
        try:
            for m in tf:
                count += 1
                if count > MAX_MEMBERS:
                    raise DataError(f"mais de {fmt(MAX_MEMBERS, 0)} membros; esperado o "
                                    "pacote de Goiás (247 membros)", file=path)
                total += m.size if m.isfile() else 0
                if problem := _member_problem(m, total):
                    raise DataError(problem, file=path)
                if not (m.isfile() and m.name.lower().endswith(".kml")):
                    continue
                with tf.extractfile(m) as src, open(kml, "wb") as dst:
                    while chunk := src.read(1 << 20):  # tarfile reads m.size bytes, no more
                        dst.write(chunk)
                yield m.name, kml
        except (tarfile.TarError, EOFError, OSError) as exc:
            reason = os_reason(exc) if isinstance(exc, OSError) and exc.errno else str(exc)
            raise DataError(f"o pacote está truncado ou corrompido ({reason}); esperado o "
                            "pacote .tar.xz dos KML de Localidades 2022 como publicado",
                            file=path) from None


def read_localidades(path: str | Path) -> Localidades:
    """Read the 2022 mesh, seats and vilas from the Localidades 2022 KML archive.

    Parameters
    ----------
    path : str or Path
        A tar archive (xz, gzip or plain; the raw file is
        ``geo/go_localidades2022_ibge_kml_246_municipios.tar.xz``) of one Localidades 2022
        KML per municipality.

    Returns
    -------
    Localidades
        ``mesh`` (246 municipalities for Goiás; invalid polygons repaired with
        :func:`shapely.make_valid`, none in the 2022 mesh), ``seats`` (246) and ``vilas`` (81).

    Raises
    ------
    DataError
        The archive is missing, unreadable or holds no KML; every problem of every KML at
        once (file, folder and point named): a KML GDAL cannot read, a municipality without
        its polygon or seat, a point outside Goiás, a code that does not match the file name,
        a vila code that is not a district of its municipality, a code found in two files.

    Notes
    -----
    Source: IBGE, Malha Municipal 2022 and Localidades 2022 (CC BY 4.0), as re-published in
    GitHub ``johnerick-py/map_select`` (``shared/data/SOURCES.md``, third pass).
    """
    from .geometry import SIRGAS2000, check_and_repair

    from ..os_errors import not_regular

    path = Path(path)
    if kind := not_regular(path):
        raise DataError(f"é {kind}, não um arquivo comum; esperado o pacote .tar.xz dos KML de "
                        "Localidades 2022", file=path)
    if not path.is_file():
        raise DataError("arquivo não encontrado; esperado o pacote .tar.xz dos KML de "
                        "Localidades 2022", file=path)
    problems: list[str] = []
    polys, seats, vilas = [], [], []
    n = 0
    for member, kml in _members(path):
        n += 1
        p, s, v = _read_member(kml, member, problems)
        polys += p
        seats += s
        vilas += v
    if n == 0:
        raise DataError("o pacote não contém nenhum arquivo .kml; esperados os KML de "
                        "Localidades 2022, um por município", file=path)
    for rows, key, what in ((polys, "cod_ibge", "polígono"), (seats, "cod_ibge", "sede"),
                            (vilas, "codigo", "vila")):
        seen: dict[str, str] = {}
        for r in rows:
            if r[key] in seen:
                problems.append(f"{r['where']}: {what} de código {r[key]} repetido (também em "
                                f"{seen[r[key]]}); esperado um por código")
            seen.setdefault(r[key], r["where"])
    if problems:
        shown = problems[:20] + ([f"… e mais {len(problems) - 20} problemas"]
                                 if len(problems) > 20 else [])
        raise DataError("; ".join(shown), file=path)

    mesh = gpd.GeoDataFrame({"cod_ibge": [r["cod_ibge"] for r in polys],
                             "nome": [r["nome"] for r in polys]},
                            geometry=shapely.force_2d(np.array([r["geometry"] for r in polys],
                                                               dtype=object)),
                            crs=SIRGAS2000)
    mesh = mesh.sort_values("cod_ibge", kind="mergesort").reset_index(drop=True)
    try:
        mesh["geometry"] = check_and_repair(mesh, mesh["cod_ibge"], path)
    except Exception as exc:  # GeoError from the shared repair, re-raised as a data fault
        raise DataError(str(exc).split(": ", 1)[-1], file=path) from None
    seat_df = (pd.DataFrame(seats, columns=["cod_ibge", "categoria", "lat", "lon"])
               .sort_values("cod_ibge", kind="mergesort").reset_index(drop=True))
    vila_df = (pd.DataFrame(vilas).rename(columns={"codigo": "cod_distrito"})
               .reindex(columns=["cod_distrito", "cod_ibge", "nome", "categoria", "lat", "lon"])
               .sort_values("cod_distrito", kind="mergesort").reset_index(drop=True))
    return Localidades(mesh=mesh, seats=seat_df, vilas=vila_df)


def coverage_problem(mesh: gpd.GeoDataFrame) -> str | None:
    """Why the polygons do not form a valid coverage, or ``None`` when they do.

    A valid coverage (:func:`shapely.coverage_is_valid`, gap width 0): no two polygons
    overlap, and where two meet they share the same vertices. The 2022 mesh is one (2,5 s
    for its 1,46 million vertices).

    Returns
    -------
    str or None
        pt-BR text naming up to five municipalities with an invalid edge.
    """
    geoms = mesh.geometry.to_numpy()
    if shapely.coverage_is_valid(geoms):
        return None
    bad = ~shapely.is_empty(shapely.coverage_invalid_edges(geoms))
    codes = list(mesh["cod_ibge"][bad])
    return (f"os polígonos de {', '.join(codes[:5])}{' …' if len(codes) > 5 else ''} se "
            "sobrepõem a vizinhos ou não têm os mesmos vértices na divisa; esperada uma malha "
            "sem sobreposição, com divisas comuns")


#: Tolerance of :func:`simplify_for_maps`, in degrees (about 110 m in Goiás).
MAP_TOLERANCE_DEG = 0.001


def simplify_for_maps(mesh: gpd.GeoDataFrame) -> gpd.GeoDataFrame:
    """The mesh simplified for maps, neighbours keeping their shared edges.

    :func:`shapely.coverage_simplify` (GEOS, Visvalingam–Whyatt on the shared edges, so
    no gap or overlap opens between neighbours) with tolerance :data:`MAP_TOLERANCE_DEG`
    = 0,001° (about 110 m). On the 2022 mesh of Goiás: 1.461.478 → 143.326 vertices, every
    polygon valid, the coverage still valid; no vertex of a simplified polygon lies more than
    0,0029° (about 320 m) from the full one (Hausdorff distance, worst municipality:
    :func:`map_copy_problem`, checked by every store build). Only maps use it; every measure
    reads the full mesh.

    Parameters
    ----------
    mesh : GeoDataFrame
        ``cod_ibge, nome, geometry`` (EPSG:4674), a valid coverage.

    Returns
    -------
    GeoDataFrame
        Same rows and columns, simplified geometry.
    """
    out = mesh.copy()
    out["geometry"] = shapely.coverage_simplify(mesh.geometry.to_numpy(), MAP_TOLERANCE_DEG)
    return out


#: The farthest the map copy may stray from the full mesh, in degrees (about 330 m in Goiás;
#: the 2022 mesh's worst municipality, Hausdorff distance, is at 0,00287°).
MAP_DEVIATION_MAX_DEG = 0.003


def _segments(geom) -> np.ndarray:
    """Each edge of each ring of ``geom`` as a two-point LineString."""
    rings = shapely.get_rings(shapely.get_parts(geom))
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    same = ring_of[1:] == ring_of[:-1]
    return shapely.linestrings(np.stack([coords[:-1][same], coords[1:][same]], axis=1))


def _farthest_vertex(a, b) -> float:
    """The largest distance from a vertex of ``a`` to the rings of ``b`` (degrees)."""
    points = shapely.points(shapely.get_coordinates(a))
    _, dist = shapely.STRtree(_segments(b)).query_nearest(points, return_distance=True)
    return float(dist.max()) if len(dist) else float("inf")


def map_deviation_deg(full, simple) -> np.ndarray:
    """Hausdorff distance between each polygon and its map copy, in degrees.

    The same value as :func:`shapely.hausdorff_distance` (GEOS's discrete Hausdorff distance:
    the farthest a vertex of either lies from the other's rings) within floating-point
    rounding, computed with an index of the other's edges: about 8 s of CPU for the 2022
    mesh instead of 26 s.

    Parameters
    ----------
    full, simple : sequence of shapely geometries
        Polygons or multipolygons, pairwise (the same length).

    Returns
    -------
    numpy.ndarray
        One distance per pair, degrees.
    """
    return np.array([max(_farthest_vertex(a, b), _farthest_vertex(b, a))
                     for a, b in zip(full, simple)], dtype=float)


def map_copy_problem(mesh: gpd.GeoDataFrame, maps: gpd.GeoDataFrame) -> str | None:
    """Why ``maps`` is not a faithful map copy of ``mesh``, or ``None`` when it is.

    The copy (:func:`simplify_for_maps`) must have the same municipalities in the same
    order, each polygon valid and not empty, the polygons a valid coverage (no gap or
    overlap opened between neighbours), and no polygon more than
    :data:`MAP_DEVIATION_MAX_DEG` from its full one (:func:`map_deviation_deg`). The store
    build checks it on the whole mesh (once per archive: :mod:`viabilidade.data.meshcache`).

    Parameters
    ----------
    mesh, maps : GeoDataFrame
        ``cod_ibge, geometry``: the full mesh and its map copy.

    Returns
    -------
    str or None
        pt-BR text naming up to five municipalities at fault.
    """
    def some(codes) -> str:
        codes = list(codes)
        return ", ".join(codes[:5]) + (" …" if len(codes) > 5 else "")

    if list(maps["cod_ibge"]) != list(mesh["cod_ibge"]):
        return ("a cópia da malha para os mapas não tem os mesmos municípios, na mesma ordem, "
                "que a malha completa")
    geoms = maps.geometry.to_numpy()
    bad = shapely.is_empty(geoms) | ~shapely.is_valid(geoms)
    if bad.any():
        return (f"na cópia da malha para os mapas, os polígonos de {some(maps['cod_ibge'][bad])} "
                "estão vazios ou inválidos; esperado um polígono válido por município")
    if not shapely.coverage_is_valid(geoms):
        return ("a cópia da malha para os mapas abriu sobreposições ou vértices diferentes "
                "nas divisas; esperadas divisas comuns, como na malha completa")
    far = map_deviation_deg(mesh.geometry.to_numpy(), geoms)
    out = far > MAP_DEVIATION_MAX_DEG
    if out.any():
        worst, limit = (f"{v:.4f}".rstrip("0").replace(".", ",")
                        for v in (far.max(), MAP_DEVIATION_MAX_DEG))
        return (f"a cópia da malha para os mapas afasta-se até {worst}° da malha completa em "
                f"{some(mesh['cod_ibge'][out])}; esperado no máximo {limit}° (cerca de 330 m)")
    return None
