"""Files in and out of the explorer: an uploaded boundary file, and downloads of the scenario.

In: a boundary or urban-perimeter file sent from the browser (ipywidgets ``FileUpload``) is
checked by the study's own reader (:func:`viabilidade.geo.area_file.read_area`), under its own
name, so every refusal is the message ``viabilidade estudo`` gives for that file, naming the
uploaded file (never a temporary path). A readable file is stored in the explorer's save folder
(beside the candidate files, ``data/candidates/`` by default), so a candidate saved there
refers to it and ``viabilidade estudo`` on the saved file reads the same polygon.

Out: the candidate TOML (:func:`viabilidade.explore.save.scenario_toml`), the area as GeoJSON
(RFC 7946, WGS84) and as KML (both written by GDAL through pyogrio: its ``KML`` driver needs no
extra package), and the study's territory map as PNG
(:func:`viabilidade.explore.state_map.detail_map`: title, legend, scale bar and source line).
Each is offered as an ``<a download>`` link with a ``data:`` URI, which JupyterLab and Voilà
both follow without a server route.
"""

from __future__ import annotations

import base64
import html
import os
import tempfile
from collections import OrderedDict
from pathlib import Path

from ..errors import GeoError, ViabilidadeError
from ..report.writers.atomic import write_files_atomically

#: MIME type of each download, by extension.
MIME = {".toml": "application/toml", ".geojson": "application/geo+json",
        ".kml": "application/vnd.google-earth.kml+xml", ".png": "image/png"}
#: What the properties of an exported area say when its limits are the approximate district
#: territory the study draws (Voronoi cells of the district seats), not a legal limit.
APPROXIMATE_NOTE = ("território aproximado dos distritos (células em torno das sedes distritais, "
                    "recortadas no município): não é limite legal")
#: Note of an area drawn from IBGE municipality polygons, from a boundary file, or from the
#: districts' census tracts (when the optional tract mesh is in the store).
EXACT_NOTES = {"municipalities": "malha municipal do IBGE", "boundary": "arquivo de limites da área"}


#: The longest uploaded file name kept (bytes of UTF-8): the 255 most file systems allow
#: (:data:`viabilidade.common.vector_files.MAX_NAME_BYTES`), less the 14 the atomic writer's
#: temporary name adds (``.<name>.<8 letters>.tmp``) and 4 for a renamed copy (``-999``): a
#: 254-byte name passed and then failed in English, ``File name too long`` (issue 32, hostile
#: trial 6, H6-7).
MAX_NAME_BYTES = 255 - len(".." + "x" * 8 + ".tmp") - len("-999")


def upload_name(name: str) -> str:
    """The uploaded file's own name, without any folder a browser may send (``C:\\x\\a.kml``)
    and without the spaces around it (``" .geojson"`` is then ``".geojson"``, refused by
    :func:`viabilidade.common.vector_files.name_problem` as a name with nothing before its
    extension)."""
    return Path(str(name).replace("\\", "/")).name.strip()


def store_upload(name: str, content: bytes, folder: str | Path) -> Path:
    """Check an uploaded polygon file with the study's reader and store it in ``folder``.

    Parameters
    ----------
    name : str
        The file's name as the browser sent it; its extension chooses the format (GeoJSON,
        GeoPackage, zipped Shapefile, KML, KMZ: :data:`viabilidade.geo.area_file.FORMATS`).
    content : bytes
        The file's bytes.
    folder : str or Path
        Where the explorer saves candidates; created if missing.

    Returns
    -------
    Path
        The stored file (absolute): ``folder/<name>``, or ``<stem>-2<ext>`` … when a different
        file of that name is already there (the same bytes reuse the existing file).

    Raises
    ------
    GeoError
        Exactly :func:`~viabilidade.geo.area_file.read_area`'s message for a file of that name
        (pt-BR, naming the uploaded file): unknown extension, empty file, unreadable content, no
        polygon, no declared CRS, outside Goiás …; a name with control characters (a NUL) or
        longer than :data:`MAX_NAME_BYTES`; a ``folder`` that is a file or a symbolic link
        loop (:func:`viabilidade.os_errors.loop_reason`); nothing is stored.
    """
    from ..geo.area_file import read_area

    shown = upload_name(name)
    if not shown or shown in (".", ".."):
        raise GeoError("o arquivo enviado não tem nome; esperado um arquivo GeoJSON, GeoPackage, "
                       "Shapefile compactado (.zip), KML ou KMZ")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in shown):
        raise GeoError(f"o nome do arquivo enviado ({shown!r}) tem caracteres de controle; "
                       "renomeie o arquivo e envie de novo")
    if len(shown.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        raise GeoError(f"o nome do arquivo enviado tem mais de {MAX_NAME_BYTES} bytes; "
                       "renomeie o arquivo e envie de novo")
    from ..common.text import shown as escaped
    from ..common.vector_files import name_problem

    why = name_problem(shown)  # a lone surrogate: not writable as a UTF-8 file name
    if why:  # the name escaped: a bidi override (U+202E) shown raw reorders the message
        raise GeoError(f"{escaped(shown)}: {why}")
    data = bytes(content)
    with tempfile.TemporaryDirectory(prefix="viabilidade-envio-") as tmp:
        checked = Path(tmp) / shown
        checked.write_bytes(data)
        try:
            read_area(checked)
        except GeoError as e:
            # A message naming the full temporary path names the file instead.
            raise GeoError(str(e).replace(str(checked), shown)) from None
    from ..os_errors import broken_link, loop_reason, os_reason

    if "\0" in str(folder):  # os.stat's "embedded null byte" escaped the upload (trial 9)
        raise GeoError(f"{escaped(shown)} não foi guardado: o caminho da pasta "
                       f"{escaped(str(folder))} tem um caractere NUL, que nenhum caminho de pasta "
                       "pode ter; escolha outra pasta para os candidatos")
    folder = Path(folder).expanduser()
    loop = loop_reason(folder)  # Path.resolve raised RuntimeError on a loop (trial 7)
    if loop:
        raise GeoError(f"{escaped(shown)} não foi guardado em {escaped(str(folder))}: {loop}; "
                       "escolha outra pasta para os candidatos")
    broken = broken_link(folder)  # mkdir(parents=True) made its target (trial 9)
    if broken:
        raise GeoError(f"{escaped(shown)} não foi guardado em {escaped(str(folder))}: o caminho "
                       f"passa pelo link simbólico {escaped(broken[0])}, que leva a "
                       f"{escaped(broken[1])}, que não existe; nada foi criado; escolha outra "
                       "pasta para os candidatos ou corrija o link")
    folder = folder.resolve()
    if folder.exists() and not folder.is_dir():
        raise GeoError(f"{escaped(shown)} não foi guardado: {escaped(str(folder))} é um arquivo, "
                       "não uma pasta; escolha outra pasta para os candidatos")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target, n = folder / shown, 1
        while target.exists():
            if _same_bytes(target, data):
                return target
            n += 1
            target = folder / f"{Path(shown).stem}-{n}{Path(shown).suffix}"
        write_files_atomically(folder, {target.name: data})
    except OSError as e:
        raise GeoError(f"{escaped(shown)} não foi guardado em {escaped(str(folder))}: "
                       f"{os_reason(e)}") from None
    return target


#: How much of an existing file :func:`_same_bytes` reads at a time (bytes).
COMPARE_CHUNK = 1 << 20


def _same_bytes(path: Path, data: bytes) -> bool:
    """Whether the regular file ``path`` holds exactly ``data``: its size first (``stat``,
    nothing read), then its bytes read in :data:`COMPARE_CHUNK` pieces until the first that
    differs, so at most ``len(data)`` bytes are read and one chunk held. A 3 GiB file of the
    uploaded name was read whole to hash it (hostile trial 9: 13,2 s and 3,29 GB).

    Raises
    ------
    OSError
        The file cannot be opened or read.
    """
    if not path.is_file() or path.stat().st_size != len(data):
        return False
    view = memoryview(data)
    with open(path, "rb") as fh:
        for start in range(0, len(data), COMPARE_CHUNK):
            if fh.read(COMPARE_CHUNK) != view[start:start + COMPARE_CHUNK]:
                return False
        return fh.read(1) == b""  # grown since stat


def area_geometry(candidate, store):
    """The area's polygon for export, and where it comes from.

    Parameters
    ----------
    candidate : viabilidade.proposal.candidate.Candidate
    store : viabilidade.data.store.Store

    Returns
    -------
    (geometry, source) : (shapely (Multi)Polygon in EPSG:4674, str)
        ``source`` is ``"boundary"`` (the boundary file), ``"municipalities"`` (IBGE polygons),
        ``"tracts"`` (an area of districts whose limits all come from the IBGE census tracts,
        :data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL`) or ``"approximate"`` (an area of
        districts: the union of their approximate cells,
        :func:`viabilidade.geo.study_map.approximate_area`, which are not legal limits).

    Raises
    ------
    GeoError
        When the area cannot be drawn (from the territory split or the district cells).
    """
    import shapely

    from ..geo.study_map import approximate_area
    from ..geo.territory import split_territory

    split = split_territory(candidate, store.boundaries)
    if split.area is not None:
        return split.area, ("boundary" if candidate.boundary is not None else "municipalities")
    cells, _ = approximate_area(store, candidate.districts)
    if not len(cells):
        raise GeoError(split.note or "a área não tem polígono nem território aproximado para exportar")
    tracts = "limite" in cells and set(cells["limite"]) == {"setores"}
    return shapely.union_all(list(cells.geometry)), ("tracts" if tracts else "approximate")


def _frame(geometry, name: str, source: str, properties: dict | None = None):
    import geopandas as gpd

    from ..geo.tracts import TRACT_LIMIT_LABEL

    note = {"approximate": APPROXIMATE_NOTE, "tracts": TRACT_LIMIT_LABEL}.get(source) or EXACT_NOTES[source]
    extra = {k: [v] for k, v in (properties or {}).items()}
    return gpd.GeoDataFrame({"Name": [name], "Description": [note], **extra}, geometry=[geometry],
                            crs="EPSG:4674").to_crs("EPSG:4326")


def area_properties(slug: str, origins, store, geometry) -> dict:
    """What a downloaded area says of itself in QGIS or geojson.io: ``estudo`` (the slug of
    the file saved), ``origem_cod_ibge`` and ``origem_nome`` (comma-joined when several) and
    ``area_km2`` (geodesic, GRS80, at 0,01 km²); ``Description`` says where its limits come from."""
    from ..geo.measure import geodesic_area_km2

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    return {"estudo": slug, "origem_cod_ibge": ", ".join(origins),
            "origem_nome": ", ".join(str(names.get(o, o)) for o in origins),
            "area_km2": round(float(geodesic_area_km2(geometry)), 2)}


def area_geojson(geometry, name: str, source: str, properties: dict | None = None) -> bytes:
    """The area as a GeoJSON FeatureCollection (RFC 7946: WGS84 longitude/latitude, no ``crs``
    member), one feature with ``Name``, ``Description`` (where its limits come from) and
    ``properties`` (:func:`area_properties`)."""
    return _written(_frame(geometry, name, source, properties), "area.geojson", "GeoJSON",
                    layer_options={"RFC7946": "YES"})


def area_kml(geometry, name: str, source: str, properties: dict | None = None) -> bytes:
    """The area as KML 2.2 (GDAL's ``KML`` driver through pyogrio; WGS84), one placemark with
    ``<name>``, ``<description>`` and ``properties`` as ExtendedData: opens in Google Earth,
    QGIS, geojson.io."""
    return _written(_frame(geometry, name, source, properties), "area.kml", "KML")


def _written(frame, filename: str, driver: str, layer_options: dict | None = None) -> bytes:
    import pyogrio

    with tempfile.TemporaryDirectory(prefix="viabilidade-baixar-") as tmp:
        path = Path(tmp) / filename
        pyogrio.write_dataframe(frame, path, driver=driver, layer="area",
                                layer_options=layer_options or None)
        return path.read_bytes()


def map_png(candidate, store, dpi: int = 150) -> bytes:
    """The study's territory map of the candidate (:func:`.state_map.detail_map`: origins,
    area or approximate territory, 6 km band, title, legend, scale bar, source line) as PNG."""
    from .state_map import detail_map
    from .views import figure_png

    return figure_png(detail_map(store, candidate), dpi=dpi)


def download_link(filename: str, data: bytes, label: str | None = None) -> str:
    """HTML: an ``<a download>`` link carrying ``data`` as a base64 ``data:`` URI (works in
    JupyterLab and Voilà alike), with its size in pt-BR."""
    from ..report.writers import format as fmt

    mime = MIME.get(Path(filename).suffix.lower(), "application/octet-stream")
    uri = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    size = (f"{fmt.number(len(data) / 1000, 1)} kB" if len(data) < 1_000_000
            else f"{fmt.number(len(data) / 1e6, 1)} MB")
    return (f'<a download="{html.escape(filename)}" href="{uri}" target="_blank">'
            f"{html.escape(label or filename)}</a> ({size})")


#: How many boundary files :func:`boundary_geometry` keeps read (the scenario's, a kept
#: scenario's, an upload being compared): a few polygons, each at most the area file's bound.
GEOMETRY_CACHE = 8
_geometries: OrderedDict[tuple, object] = OrderedDict()


def boundary_geometry(path: Path | None):
    """The union of a boundary file's polygons (EPSG:4674) for the map, or ``None``.

    Read with :func:`viabilidade.geo.area_file.read_area`, as the study reads it (GeoJSON,
    GeoPackage, zipped Shapefile, KML, KMZ); an unreadable file draws nothing (the analysis
    reports it, naming the control). The panels that show the limits in use (the map, the
    controls, the measure line) each ask on every change: a file is read once per version
    (its path, inode, size and modification time), the last :data:`GEOMETRY_CACHE` kept.
    """
    if path is None:
        return None
    from ..geo.area_file import read_area

    try:
        st = os.stat(path)
        key = (os.fspath(path), st.st_ino, st.st_size, st.st_mtime_ns)
    except (OSError, ValueError):
        key = None                      # read_area names the problem; nothing is kept
    if key is not None and key in _geometries:
        _geometries.move_to_end(key)
        return _geometries[key]
    try:
        geometry = read_area(path)
    except ViabilidadeError:
        geometry = None
    if key is not None:
        _geometries[key] = geometry
        while len(_geometries) > GEOMETRY_CACHE:
            _geometries.popitem(last=False)
    return geometry
