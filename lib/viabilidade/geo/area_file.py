"""A drawn polygon file (an area's limits or an urban perimeter) -> one polygon in SIRGAS 2000.

What a surveyor, QGIS, geojson.io or Google Earth produce: GeoJSON (``.geojson``/``.json``),
GeoPackage (``.gpkg``), zipped Shapefile (``.zip``), KML (``.kml``) or KMZ (``.kmz``). No id
column is needed: every polygon of every layer is part of the territory (their union).

Coordinate reference system:

* a CRS the file declares (a ``.prj``, a GeoPackage SRS, a GeoJSON ``crs`` member) is
  transformed to SIRGAS 2000 (EPSG:4674) with pyproj;
* a GeoJSON without a ``crs`` member is WGS84 longitude/latitude (RFC 7946, § 4), and KML/KMZ
  is always WGS84 (OGC KML 2.2, § 6.2); WGS84 and SIRGAS 2000 agree to a few centimetres;
* a GeoPackage or Shapefile that declares no CRS is refused: its numbers could be degrees,
  UTM metres of either zone of Goiás, or anything else.

Invalid polygons (self-intersections) are repaired with :func:`shapely.make_valid`; heights
(KML's third coordinate) are dropped. Every message is in Portuguese and names the file.
"""

from __future__ import annotations

import warnings
import struct
import zipfile
from contextlib import contextmanager
from pathlib import Path

import geopandas as gpd
import pyogrio
import shapely
from pyproj import CRS
from shapely.geometry.base import BaseGeometry

from ..common.vector_files import (HEAD_BYTES, archive_reason, content_problem,
                                    expected_formats, folder_message, library_message,
                                    name_problem, scan_text)
from ..errors import GeoError
from ..os_errors import not_regular
from .measure import polygonal
from .memorial import fmt_num

#: Extension -> format name shown to users.
FORMATS = {".geojson": "GeoJSON", ".json": "GeoJSON", ".gpkg": "GeoPackage",
           ".zip": "Shapefile compactado (.zip)", ".kml": "KML", ".kmz": "KMZ"}
#: Formats whose CRS is fixed by their specification when the file declares none.
WGS84_BY_SPEC = {".geojson", ".json", ".kml", ".kmz"}
#: Longitude/latitude box around Goiás (with the Federal District) used to catch a wrong CRS.
GOIAS_BOX = (-53.5, -19.8, -45.7, -12.2)
SIRGAS2000 = "EPSG:4674"

#: Bounds on the work a boundary file may ask for (a hostile or mistaken file must be refused
#: in seconds, not read for minutes). A careful boundary of a municipality has a few
#: thousand vertices (the IBGE Malha Municipal 2022 of Goiás: at most 28.007 per municipality, Mineiros); a zipped
#: Shapefile or KMZ of one area inflates to well under a megabyte.
#: Largest file read (bytes), and largest total once an archive (.zip, .kmz) is inflated.
MAX_FILE_BYTES = 100_000_000
#: Largest ratio of inflated to compressed bytes of an archive (counted above 1 MB inflated):
#: KML and Shapefiles compress about 3 to 20 to 1; a "zip bomb" 1.000 to 1 and more.
MAX_RATIO = 100
#: Largest number of vertices of all polygons of a file together. Above it the file is refused
#: (not simplified: the study's areas and distances are measured on the user's own polygon;
#: a simplification is the user's choice, made and stated in the file they give).
MAX_VERTICES = 50_000
#: Largest number of features (GeoJSON features, KML placemarks, rows of a layer) of a file:
#: 50.000 vertices make at most 12.500 four-vertex polygons; a drawn area has a handful.
MAX_FEATURES = 10_000
#: Largest text file (GeoJSON, KML, and the KML inside a KMZ), bytes. 50.000 vertices take
#: about 2,3 MB of GeoJSON as QGIS writes it (46 bytes a vertex), under 6 MB pretty-printed
#: one number a line; the bound leaves room for that and bounds at once what any parsing
#: trick (character references, escapes, long strings, deep nesting) can ask of the parser.
MAX_TEXT_BYTES = 16_000_000
#: Largest number of layers of a file (.shp members of a zip, GeoPackage feature tables, KML
#: folders as GDAL lists them): a boundary is one layer, and every layer opened costs GDAL
#: a pass over the archive (500 Shapefiles in one zip took 25,7 s).
MAX_LAYERS = 20
#: Largest number of entries of a .zip or .kmz: a boundary needs a handful (a KML and its
#: icons; a Shapefile's .shp, .shx, .dbf, .prj, .cpg and a folder); a KMZ of one KML and
#: 200.000 empty entries took 21,5 s and 308 MB to refuse with a false reason (hostile
#: trial 2 item 6).
MAX_ENTRIES = 100
#: Largest size of a zip's central directory per entry allowed, bytes: 46 fixed bytes, the
#: name and the extra fields; bounds what :mod:`zipfile` parses even when the directory's
#: recorded entry count lies.
ENTRY_DIRECTORY_BYTES = 1024
_RATIO_FLOOR = 1_000_000


def _mb(n: float) -> str:
    return fmt_num(n / 1e6, 1)


def _bomb(path: Path, inflated: int, packed: int) -> GeoError | None:
    """The refusal of an archive inflating to ``inflated`` bytes from ``packed``, or None."""
    if inflated > MAX_FILE_BYTES:
        return GeoError(f"{path.name}: o arquivo compactado se expande para mais de "
                        f"{_mb(inflated)} MB; esperado no máximo {_mb(MAX_FILE_BYTES)} MB "
                        f"descompactados e uma taxa de compressão de no máximo {MAX_RATIO} "
                        "para 1 (simplifique ou recorte o limite antes de exportá-lo)")
    if inflated > _RATIO_FLOOR and inflated > MAX_RATIO * max(packed, 1):
        return GeoError(f"{path.name}: o arquivo compactado se expande {fmt_num(inflated / max(packed, 1), 0)} "
                        f"vezes ({_mb(packed)} MB para {_mb(inflated)} MB); esperada uma taxa de "
                        f"compressão de no máximo {MAX_RATIO} para 1 e no máximo "
                        f"{_mb(MAX_FILE_BYTES)} MB descompactados (um arquivo que se expande "
                        "tanto não é um limite desenhado)")
    return None


def _directory_counts(path: Path) -> tuple[int, int] | None:
    """Entries and central directory bytes the zip's end record declares, or None when
    there is no end record (:mod:`zipfile` then says the file is not a zip). Past 65.535
    entries the end record holds ``0xFFFF`` and the counts are read from the Zip64 end
    record just before it (where every writer puts it)."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        fh.seek(max(0, size - (22 + 0xFFFF)))
        tail = fh.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        return None
    entries, directory = struct.unpack("<HI", tail[at + 10:at + 16])
    zip64 = tail[max(0, at - 76):at - 20]
    if (entries == 0xFFFF or directory == 0xFFFFFFFF) and zip64[:4] == b"PK\x06\x06":
        entries, directory = struct.unpack("<QQ", zip64[32:48])
    return entries, directory


def _entries_problem(path: Path, entries: int, directory: int,
                     max_entries: int) -> GeoError | None:
    """The refusal of an archive of ``entries`` entries in a ``directory``-byte central
    directory, or None."""
    if entries > max_entries:
        return GeoError(f"{path.name}: o arquivo compactado tem {fmt_num(entries, 0)} "
                        f"entradas; esperado no máximo {fmt_num(max_entries, 0)} (um limite "
                        "compactado tem poucos arquivos: o .kml, ou o .shp, .shx, .dbf e .prj); "
                        "compacte só os arquivos do limite")
    if directory > max_entries * ENTRY_DIRECTORY_BYTES:
        return GeoError(f"{path.name}: o índice do arquivo compactado tem "
                        f"{fmt_num(directory, 0)} bytes; esperado no máximo "
                        f"{fmt_num(max_entries * ENTRY_DIRECTORY_BYTES, 0)} "
                        f"({fmt_num(max_entries, 0)} entradas de até "
                        f"{fmt_num(ENTRY_DIRECTORY_BYTES, 0)} bytes: um limite compactado tem "
                        "poucos arquivos, de nomes curtos); compacte só os arquivos do limite")
    return None


def check_archive(path: Path, max_entries: int | None = None) -> list[str]:
    """Check a .zip or .kmz before any library inflates it; return its member names.

    The sizes the zip's central directory declares are checked first (nothing inflated);
    then every member is inflated once as a stream, counting bytes and stopping at the
    first limit, so that a directory that lies about sizes is caught too (and a member whose
    data does not match its CRC is refused). Limits: :data:`MAX_FILE_BYTES` inflated in
    all, and :data:`MAX_RATIO` to 1 of inflated to compressed size. Before even that, the
    entry count and central directory size the end record declares are bounded by
    ``max_entries`` (default :data:`MAX_ENTRIES`; 1.024 directory bytes an entry), and the
    entries parsed are counted again.

    Raises
    ------
    GeoError
        Not a zip archive, or above a limit (pt-BR, with the figures).
    """
    max_entries = MAX_ENTRIES if max_entries is None else max_entries
    try:
        packed = path.stat().st_size
        counts = _directory_counts(path)
        error = counts and _entries_problem(path, *counts, max_entries)
        if error:
            raise error
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            error = _entries_problem(path, len(infos), 0, max_entries)
            if error:
                raise error
            declared = sum(i.file_size for i in infos)
            error = _bomb(path, declared, packed)
            if error is not None:
                raise error
            inflated = 0
            for info in infos:
                if info.is_dir():
                    continue
                with z.open(info) as fh:
                    while chunk := fh.read(1 << 20):
                        inflated += len(chunk)
                        error = _bomb(path, inflated, packed)
                        if error is not None:
                            raise error
            return [i.filename for i in infos]
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            OSError, ValueError) as exc:
        kind = ("Shapefile compactado (.shp, .shx, .dbf e .prj num .zip)"
                if path.suffix.lower() == ".zip" else "KMZ (um KML compactado)")
        raise GeoError(f"{path.name}: não é um arquivo {path.suffix.lower()} válido "
                       f"({archive_reason(exc)}); "
                       f"esperado um {kind}") from None


@contextmanager
def _library_quiet():
    """GDAL's and shapely's English RuntimeWarnings ("Non closed ring detected", "invalid
    value encountered in from_wkb") kept off the terminal: what they warn of is refused
    afterwards with a pt-BR message (an open ring, a NaN vertex)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def _sources(path: Path) -> list[str]:
    """GDAL data sources of the file, already screened (:func:`_screen_file`): the file
    itself, or each ``.shp`` inside a ``.zip`` (at any folder depth, as when a folder is
    zipped)."""
    if path.suffix.lower() != ".zip":
        return [str(path)]
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
    shp = sorted(n for n in names if n.lower().endswith(".shp"))
    if not shp:
        found = ", ".join(names[:5]) or "nenhum arquivo"
        raise GeoError(f"{path.name}: nenhum arquivo .shp dentro do .zip (encontrado: {found}); "
                       "esperado um Shapefile compactado (.shp, .shx, .dbf e .prj)")
    return [f"/vsizip/{path}/{n}" for n in shp]


def _too_many(path: Path, features: int, vertices: int, stopped: bool) -> None:
    """Refuse a file past :data:`MAX_FEATURES` or :data:`MAX_VERTICES` (counts that are
    lower bounds when the scan ``stopped``)."""
    more = "mais de " if stopped else ""
    if features > MAX_FEATURES:
        raise GeoError(f"{path.name}: o arquivo tem {more}{fmt_num(features, 0)} feições; esperado "
                       f"no máximo {fmt_num(MAX_FEATURES, 0)} (uma área desenhada tem algumas); "
                       "exporte só os polígonos da área")
    if vertices > MAX_VERTICES:
        raise GeoError(_vertices_message(path, f"{more}{fmt_num(vertices, 0)}"))


def _vertices_message(path: Path, shown: str) -> str:
    return (f"{path.name}: os polígonos do arquivo têm {shown} vértices; "
            f"esperado no máximo {fmt_num(MAX_VERTICES, 0)} (o limite de um município tem "
            "alguns milhares). Simplifique o limite no programa em que foi desenhado (no "
            "QGIS: Vetor › Geometria › Simplificar, com uma tolerância de poucos metros) e "
            "registre a simplificação no processo; o estudo mede a área no polígono dado, "
            "sem simplificá-lo por conta própria")


def _screen(path: Path, name: str, fh, suffix: str) -> str:
    """Before any library opens it: the content is the format ``suffix`` names (no OGR VRT,
    no other driver), and a GeoJSON or KML stays within :data:`MAX_FEATURES` and
    :data:`MAX_VERTICES`, counted while streaming. Returns ``"NaN"``/``"Infinity"`` when a
    GeoJSON coordinate is written so (else empty), to name it if GDAL then fails."""
    head = fh.read(HEAD_BYTES)
    why = content_problem(head, suffix)
    if why:
        inside = f" (membro {name})" if name else ""
        raise GeoError(f"{path.name}{inside}: não foi possível ler o arquivo como "
                       f"{FORMATS.get(suffix, 'Shapefile')}: {why}; esperado {expected_formats()}")
    if suffix == ".gpkg":
        from ..common.vector_files import gpkg_rows

        why, rows = gpkg_rows(path)
        if why:
            raise GeoError(f"{path.name}: não foi possível ler o arquivo como GeoPackage: {why}")
        _too_many(path, rows, 0, False)
    if suffix not in (".geojson", ".json", ".kml"):
        return ""
    scan = scan_text(fh, "kml" if suffix == ".kml" else "geojson", head=head,
                     max_features=MAX_FEATURES, max_vertices=MAX_VERTICES)
    _too_many(path, scan.features, scan.vertices, scan.stopped)
    return scan.not_a_number


def _screen_file(path: Path) -> tuple[str, str | None]:
    """:func:`_screen` of the file; of an archive (checked by :func:`check_archive` first),
    of each ``.kml``/``.shp`` member. Returns what :func:`_screen` found (a NaN's text, or
    ``""``) and a GeoJSON's declared CRS name (:func:`_geojson_crs`; ``None`` for any other
    format)."""
    suffix = path.suffix.lower()
    if suffix not in (".zip", ".kmz"):
        _text_size(path, "", path.stat().st_size, suffix)
        with path.open("rb") as fh:
            nan = _screen(path, "", fh, suffix)
        return nan, (_geojson_crs(path) if suffix in (".geojson", ".json") else None)
    check_archive(path)
    with zipfile.ZipFile(path) as z:
        layers = [i for i in z.infolist() if i.filename.lower().endswith((".kml", ".shp"))
                  and not i.is_dir()]
        _too_many_layers(path, len(layers))
        for info in layers:
            inner = Path(info.filename).suffix.lower()
            _text_size(path, info.filename, info.file_size, inner)
            with z.open(info) as fh:
                _screen(path, info.filename, fh, inner)
    return "", None


def _text_size(path: Path, member: str, size: int, suffix: str) -> None:
    """Refuse a GeoJSON or KML (or the KML ``member`` of a KMZ) of more than
    :data:`MAX_TEXT_BYTES` bytes."""
    if suffix in (".geojson", ".json", ".kml") and size > MAX_TEXT_BYTES:
        inside = f" (membro {member})" if member else ""
        raise GeoError(f"{path.name}{inside}: o arquivo de texto tem {_mb(size)} MB; esperado "
                       f"no máximo {_mb(MAX_TEXT_BYTES)} MB (um limite desenhado de "
                       f"{fmt_num(MAX_VERTICES, 0)} vértices ocupa poucos MB): simplifique-o ou "
                       "recorte-o antes de exportá-lo, ou exporte-o sem atributos longos")


def _too_many_layers(path: Path, layers: int) -> None:
    """Refuse a file of more than :data:`MAX_LAYERS` layers."""
    if layers > MAX_LAYERS:
        raise GeoError(f"{path.name}: o arquivo tem {fmt_num(layers, 0)} camadas; esperado no "
                       f"máximo {MAX_LAYERS} (os limites de uma área ficam numa camada): "
                       "exporte só a camada da área")


#: What a GeoJSON ``crs`` member may name: an EPSG code or OGC's CRS84, never a link or a URL
#: (GDAL would fetch it from the network: issue 32 §4, item 6).
_CRS_NAME = r"(?i)(EPSG:\d{1,6}|urn:ogc:def:crs:EPSG:[\d.]*:\d{1,6}|urn:ogc:def:crs:OGC:1\.3:CRS84)"


def _geojson_crs(path: Path) -> str | None:
    """The CRS name a GeoJSON declares in its top-level ``crs`` member (``"EPSG:31982"``), or
    ``None`` (no such member, ``"crs": null``, or a file GDAL will call malformed), from one
    parse of the file.

    Refuses, before GDAL opens it, a GeoJSON whose ``crs`` member is a link (``"type":
    "link"``) or names anything other than an EPSG code or CRS84 (:data:`_CRS_NAME`): GDAL
    fetches a linked or URL-named CRS from the network. Every ``crs`` member of the top-level
    object is looked at (a repeated key too); the file is already within
    :data:`MAX_TEXT_BYTES`.

    Raises
    ------
    GeoError
        A ``crs`` member that is a link or names no EPSG code, in pt-BR, naming the file.
    """
    import json
    import re

    found: list = []

    def pairs(items):
        found.extend(v for k, v in items if k == "crs")
        return dict(items)

    try:
        with _library_quiet():
            doc = json.loads(path.read_bytes().decode("utf-8-sig"), object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None  # GDAL's own message says what is malformed
    for crs in found:
        if crs is None:  # "crs": null, as GDAL writes a file without one
            continue
        crs = crs if isinstance(crs, dict) else {}
        props = crs.get("properties") if isinstance(crs.get("properties"), dict) else {}
        name = props.get("name")
        if (crs.get("type") == "name" and isinstance(name, str)
                and re.fullmatch(_CRS_NAME, name.strip())):
            continue
        kind = crs.get("type")
        what = ("um link (\"type\": \"link\"), que obrigaria a buscá-lo na rede"
                if kind == "link" else "algo que não é um código EPSG")
        raise GeoError(f"{path.name}: o membro 'crs' do GeoJSON é {what}; esperado "
                       "\"crs\": {\"type\": \"name\", \"properties\": {\"name\": "
                       "\"EPSG:4674\"}} (ou outro código EPSG, como EPSG:31982) ou nenhum "
                       "membro 'crs' (longitude e latitude WGS84); nenhum endereço é consultado")
    try:
        name = doc["crs"]["properties"]["name"]
    except (KeyError, TypeError):
        return None
    return str(name) if name is not None else None


def _read(path: Path) -> list[gpd.GeoDataFrame]:
    """The file's non-empty layers, each with the CRS name a GeoJSON declares in
    ``attrs["declared_crs"]`` (:func:`_geojson_crs`; the file is parsed once for both)."""
    what = FORMATS[path.suffix.lower()]
    nan, declared = _screen_file(path)
    frames = []
    features = 0
    for source in _sources(path):
        try:
            with _library_quiet():
                layers = [str(name) for name, _ in pyogrio.list_layers(source)]
        except Exception as exc:  # pyogrio raises DataSourceError and others
            raise GeoError(library_message(path, what, exc)) from None
        _too_many_layers(path, len(layers))
        for layer in layers:
            try:
                with _library_quiet():
                    if path.suffix.lower() == ".zip":  # counted without reading (.gpkg: by _screen)
                        features += max(int(pyogrio.read_info(source, layer=layer)["features"]), 0)
                        _too_many(path, features, 0, False)
                    gdf = pyogrio.read_dataframe(source, layer=layer)
            except GeoError:
                raise
            except Exception as exc:
                if nan:  # GDAL's "closed linestring" of a ring whose first vertex is NaN
                    raise GeoError(f"{path.name}: um vértice tem a coordenada {nan} (não é um "
                                   "número), e o anel do polígono não pode ser lido; esperadas "
                                   "longitude e latitude em graus, ou metros do CRS declarado, "
                                   "em todos os vértices") from None
                raise GeoError(library_message(path, what, exc, layer)) from None
            if isinstance(gdf, gpd.GeoDataFrame) and not gdf.empty:
                gdf.attrs["declared_crs"] = declared
                frames.append(gdf)
    return frames


def _crs(gdf: gpd.GeoDataFrame, path: Path) -> CRS:
    suffix = path.suffix.lower()
    if suffix in (".geojson", ".json"):
        declared = gdf.attrs.get("declared_crs")  # read with the file (_read)
        if declared is not None:
            try:
                return CRS.from_user_input(declared)
            except Exception:  # pyproj.exceptions.CRSError
                raise GeoError(
                    f"{path.name}: o arquivo declara o sistema de referência {declared!r}, que "
                    "não existe no registro EPSG; esperado um CRS conhecido, como EPSG:4674 "
                    "(SIRGAS 2000) ou EPSG:31982 (SIRGAS 2000 / UTM 22S), ou nenhum membro "
                    "'crs' (longitude e latitude WGS84)") from None
    if gdf.crs is not None:
        return CRS.from_user_input(gdf.crs)
    if suffix in WGS84_BY_SPEC:
        return CRS.from_user_input("EPSG:4326")
    raise GeoError(f"{path.name}: o arquivo não declara o sistema de referência (CRS); "
                   "esperado o arquivo .prj dentro do .zip do Shapefile ou o SRS da camada do "
                   "GeoPackage (por exemplo SIRGAS 2000, EPSG:4674, ou SIRGAS 2000 / UTM 22S, "
                   "EPSG:31982)")


def _check_file(path: Path) -> None:
    """Refuse a folder, an unknown extension, a FIFO or device (by type, never opened), a
    missing path, a symlink loop."""
    from ..os_errors import path_problem, read_reason

    why = name_problem(str(path))
    if why:
        raise GeoError(f"{_shown(path.name)}: {why}")
    suffix = path.suffix.lower()
    if path.is_dir():
        raise GeoError(folder_message(path))
    if suffix not in FORMATS:
        raise GeoError(f"{path.name}: formato não reconhecido (extensão {suffix or 'nenhuma'!r}); "
                       f"esperado {expected_formats()}")
    kind = not_regular(path)
    if kind:
        raise GeoError(f"{path.name}: é {kind}, não um arquivo comum; esperado {expected_formats()}")
    why = path_problem(path)
    if why == read_reason(FileNotFoundError()):
        raise GeoError(f"{path}: arquivo não encontrado")
    if why:
        raise GeoError(f"{path}: {why}; esperado {expected_formats()}")
    if path.stat().st_size == 0:
        raise GeoError(f"{path.name}: o arquivo está vazio (0 bytes); esperado {expected_formats()} "
                       "com o desenho (exportado de novo do programa em que foi feito)")


def _shown(name: str) -> str:
    """``name`` with control characters written as ``\\xNN`` and cut to 120 characters."""
    text = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name)
    return text if len(text) <= 120 else text[:119] + "…"


def _coordinates_problem(geoms, path: Path) -> None:
    """Refuse a vertex that is not a number (NaN), infinite, or beyond any coordinate system
    (more than 10⁸ in absolute value: neither degrees nor metres anywhere on Earth)."""
    import numpy as np

    xy = shapely.get_coordinates([g for g in geoms if g is not None])
    bad = ~np.isfinite(xy).all(axis=1) | (np.abs(xy) > 1e8).any(axis=1)
    if bad.any():
        x, y = xy[bad.nonzero()[0][0]]
        from ..common.plausibility import big_number

        shown = ", ".join("NaN" if v != v else ("infinito" if abs(v) == float("inf") else
                                                 big_number(float(round(v))) if abs(v) > 1e8 else
                                                 f"{v:.3g}".replace(".", ","))
                          for v in (x, y))
        raise GeoError(f"{path.name}: o vértice ({shown}) não é uma coordenada válida (número "
                       "ausente, infinito ou fora de qualquer sistema de referência); esperadas "
                       "longitude e latitude em graus, ou metros do CRS declarado")


def _hole_swallows_shell(geom) -> bool:
    """Whether a polygon has a hole covering its whole shell (so it has no area, although
    :func:`shapely.make_valid` would keep the shell's full area)."""
    for p in shapely.get_parts(geom):
        if p.geom_type != "Polygon":
            continue
        shell = polygonal(shapely.make_valid(shapely.Polygon(p.exterior)))
        for ring in p.interiors:
            if polygonal(shapely.make_valid(shapely.Polygon(ring))).covers(shell):
                return True
    return False


def _repaired(g: BaseGeometry, path: Path) -> BaseGeometry:
    """An invalid polygon repaired (:func:`shapely.make_valid`); a single ring that crosses
    itself, so that the repair would split it in pieces touching at the crossing (a bow-tie,
    a figure of eight), is refused with the crossing point."""
    fixed = polygonal(shapely.make_valid(g))
    if g.geom_type == "Polygon" and len(shapely.get_parts(fixed)) > 1:
        import re

        m = re.search(r"\[([-\d.eE+]+) ([-\d.eE+]+)\]", shapely.is_valid_reason(g))
        at = (f" perto de longitude {fmt_num(float(m.group(1)))}, latitude "
              f"{fmt_num(float(m.group(2)))}" if m else "")
        raise GeoError(f"{path.name}: o contorno do polígono cruza a si mesmo{at} (em forma "
                       "de laço ou de oito: as partes só se tocam no cruzamento); esperado um "
                       "contorno que não se cruze, corrigido no programa em que foi desenhado")
    return fixed


def read_area(path: str | Path) -> BaseGeometry:
    """The territory drawn in a polygon file, as one (Multi)Polygon in EPSG:4674 degrees.

    Parameters
    ----------
    path : str or Path
        GeoJSON, GeoPackage, zipped Shapefile, KML or KMZ (see :data:`FORMATS`).

    Returns
    -------
    shapely Polygon or MultiPolygon
        The union of every polygon in the file (all layers), 2-D, valid, in SIRGAS 2000
        longitude/latitude degrees. Points and lines (a placemark pin, a path) are ignored
        when the file also has polygons.

    Raises
    ------
    GeoError
        In Portuguese, naming the file: missing file; unknown extension; unreadable file;
        no polygon (names the geometry types found); a GeoPackage or Shapefile without a
        declared CRS; coordinates that are not in Goiás once transformed (a wrong CRS);
        a polygon with no area after repair.
    """
    path = Path(path)
    _check_file(path)
    st = path.stat()
    key = (str(path.resolve()), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if key not in _AREA_CACHE:
        if len(_AREA_CACHE) >= _AREA_CACHE_SIZE:
            _AREA_CACHE.pop(next(iter(_AREA_CACHE)))
        _AREA_CACHE[key] = _read_area(path, st.st_size)
    return _AREA_CACHE[key]


#: Areas already read in this process, by (path, device, inode, size, mtime): a study reads
#: its drawn area in several places (coherence checks, territory facts, each alternative
#: reading rebuilt), and the file is read and checked once. Only a successful read is kept
#: (a refusal is raised again on every call); shapely geometries are immutable.
_AREA_CACHE: dict[tuple, BaseGeometry] = {}
_AREA_CACHE_SIZE = 16


def _read_area(path: Path, size: int) -> BaseGeometry:
    """:func:`read_area` once the file passed :func:`_check_file`."""
    if size > MAX_FILE_BYTES:
        raise GeoError(f"{path.name}: o arquivo tem {_mb(size)} MB; esperado no máximo "
                       f"{_mb(MAX_FILE_BYTES)} MB (um limite desenhado tem alguns milhares de "
                       "vértices: simplifique-o ou recorte-o antes de exportá-lo)")
    frames = _read(path)
    found: list[str] = []
    polys: list[BaseGeometry] = []
    degenerate = 0
    vertices = 0
    for gdf in frames:
        crs = _crs(gdf, path)
        with _library_quiet():  # "invalid value encountered in force_2d": a NaN vertex,
            geoms = shapely.force_2d(gdf.geometry.to_numpy())  # refused below in pt-BR
        found += [g.geom_type for g in geoms if g is not None]
        keep = [g for g in geoms if g is not None and not g.is_empty
                and g.geom_type in ("Polygon", "MultiPolygon")]
        if not keep:
            continue
        vertices += int(shapely.get_num_coordinates(keep).sum())
        if vertices > MAX_VERTICES:
            raise GeoError(_vertices_message(path, fmt_num(vertices, 0)))
        _coordinates_problem(keep, path)
        degenerate += sum(1 for g in keep if _hole_swallows_shell(g))
        keep = [g for g in keep if not _hole_swallows_shell(g)]
        if not keep:
            continue
        series = gpd.GeoSeries(keep, crs=crs)
        if crs.is_geographic:
            minx, miny, maxx, maxy = series.total_bounds
            if not (-180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90):
                raise GeoError(
                    f"{path.name}: o CRS do arquivo ({crs.name}, declarado ou padrão do formato) "
                    f"é geográfico, mas as coordenadas não são graus (x {fmt_num(minx, 1)} a "
                    f"{fmt_num(maxx, 1)}, y {fmt_num(miny, 1)} a {fmt_num(maxy, 1)}); esperado "
                    "longitude e latitude em graus, ou o CRS projetado declarado no arquivo")
        series = series.to_crs(SIRGAS2000)
        fixed = [_repaired(g, path) if not g.is_valid else g for g in series]
        degenerate += sum(1 for g in fixed if g.is_empty)
        polys += [g for g in fixed if not g.is_empty]
    if not polys and degenerate:
        raise GeoError(f"{path.name}: nenhum polígono com área no arquivo: "
                       f"{degenerate} polígono{'s' if degenerate > 1 else ''} sem área (anel com "
                       "menos de 3 vértices distintos, vértices todos numa linha, ou um buraco do "
                       "tamanho do polígono); esperado ao menos um polígono fechado com área")
    if not polys:
        kinds = ", ".join(sorted(set(found))) or "nenhuma geometria"
        raise GeoError(f"{path.name}: nenhum polígono no arquivo (encontrado: {kinds}); "
                       "esperado ao menos um Polygon ou MultiPolygon com os limites da área")
    area = polygonal(shapely.union_all(polys))
    if area.is_empty or area.area == 0:
        raise GeoError(f"{path.name}: o polígono não tem área depois de corrigido; "
                       "esperado um polígono fechado com área")
    minx, miny, maxx, maxy = area.bounds
    west, south, east, north = GOIAS_BOX
    if not (west <= minx and maxx <= east and south <= miny and maxy <= north):
        swapped = west <= miny and maxy <= east and south <= minx and maxx <= north
        hint = (" — latitude e longitude trocadas? As coordenadas caberiam em Goiás na ordem "
                "inversa; esperada a ordem longitude, latitude (x, y), como manda o GeoJSON"
                if swapped else ": confira o sistema de referência declarado")
        raise GeoError(
            f"{path.name}: o polígono fica fora de Goiás (longitude {fmt_num(minx)} a "
            f"{fmt_num(maxx)}, latitude {fmt_num(miny)} a {fmt_num(maxy)}); esperado longitude "
            f"entre {fmt_num(west, 1)} e {fmt_num(east, 1)} e latitude entre {fmt_num(south, 1)} "
            f"e {fmt_num(north, 1)}{hint}")
    return area


def read_line(path: str | Path) -> shapely.LineString:
    """A boundary line drawn in a file, as one LineString in EPSG:4674 degrees.

    Used for a boundary correction (art. 6 of LC 02/1990): the line as described today and
    the corrected line, each in its own file.

    Parameters
    ----------
    path : str or Path
        GeoJSON, GeoPackage, zipped Shapefile, KML or KMZ (see :data:`FORMATS`), with the
        same CRS rules as :func:`read_area`.

    Returns
    -------
    shapely LineString
        Every line of the file (all layers) merged end to end into one line, 2-D, in SIRGAS
        2000 longitude/latitude degrees. Points and polygons are ignored when the file also
        has lines.

    Raises
    ------
    GeoError
        In Portuguese, naming the file: missing file or folder; unknown extension;
        unreadable file; no line (names the geometry types found); a GeoPackage or Shapefile
        without a declared CRS; lines that do not join into one continuous line (names how
        many pieces); coordinates outside Goiás once transformed.
    """
    path = Path(path)
    _check_file(path)
    found: list[str] = []
    lines: list[BaseGeometry] = []
    for gdf in _read(path):
        crs = _crs(gdf, path)
        with _library_quiet():  # "invalid value encountered in force_2d": a NaN vertex,
            geoms = shapely.force_2d(gdf.geometry.to_numpy())  # refused below in pt-BR
        found += [g.geom_type for g in geoms if g is not None]
        keep = [g for g in geoms if g is not None and not g.is_empty
                and g.geom_type in ("LineString", "MultiLineString", "LinearRing")]
        _coordinates_problem(keep, path)
        if keep:
            lines += list(gpd.GeoSeries(keep, crs=crs).to_crs(SIRGAS2000))
    if not lines:
        kinds = ", ".join(sorted(set(found))) or "nenhuma geometria"
        raise GeoError(f"{path.name}: nenhuma linha no arquivo (encontrado: {kinds}); "
                       "esperada uma LineString com o traçado do limite")
    merged = shapely.line_merge(shapely.union_all(lines))
    if merged.geom_type != "LineString":
        n = len(shapely.get_parts(merged))
        raise GeoError(f"{path.name}: as linhas do arquivo formam {n} trechos separados; "
                       "esperada uma única linha contínua com o traçado do limite")
    minx, miny, maxx, maxy = merged.bounds
    west, south, east, north = GOIAS_BOX
    if not (west <= minx and maxx <= east and south <= miny and maxy <= north):
        raise GeoError(
            f"{path.name}: a linha fica fora de Goiás (longitude {fmt_num(minx)} a "
            f"{fmt_num(maxx)}, latitude {fmt_num(miny)} a {fmt_num(maxy)}); esperado longitude "
            f"entre {fmt_num(west, 1)} e {fmt_num(east, 1)} e latitude entre {fmt_num(south, 1)} "
            f"e {fmt_num(north, 1)}: confira o sistema de referência declarado")
    return merged
