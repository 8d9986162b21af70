"""What a user's vector file may be, and why it could not be read, in pt-BR: the formats a
drawn polygon file may have (:func:`expected_formats`), a folder given where a file is
expected (:func:`folder_message`) and a reading library's error (GDAL/pyogrio, its JSON and
XML parsers) worded as what the user can do (:func:`library_message`).

What a file is before any library opens it: a name that can name a file
(:func:`name_problem`), the format its first bytes show against the one its extension names
(:func:`content_problem`), and its features and vertices counted while it is streamed
(:func:`scan_text`), so a hostile file is refused before GDAL parses it.

Used where such a file enters: the candidate reader (a folder given as ``area.boundary``),
the boundary mesh of the store (:func:`viabilidade.data.geometry.read_boundaries`) and the
drawn-area reader (:mod:`viabilidade.geo.area_file`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def expected_formats() -> str:
    """The polygon file formats a user may give, as a message names them (pt-BR)."""
    return ("GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip), "
            "KML (.kml) ou KMZ (.kmz)")


#: Library messages (GDAL/pyogrio, its JSON and XML parsers) -> what they mean, in pt-BR.
LIBRARY_REASONS = (
    ("not recognized as being in a supported file format",
     "o conteúdo não é de um arquivo {what} (extensão trocada, arquivo vazio ou corrompido?)"),
    ("ERROR parsing kml", "o XML do arquivo está malformado (arquivo truncado ou editado à mão?)"),
    ("Failed to read GeoJSON", "o JSON do arquivo está incompleto ou malformado (arquivo "
                               "truncado ou editado à mão?)"),
    ("Unterminated", "o JSON do arquivo está incompleto (arquivo truncado?)"),
    ("do not form a closed linestring", "um anel do polígono não é fechado (o último vértice "
                                        "deve repetir o primeiro) ou tem menos de 4 vértices"),
    ("Too many levels of symbolic links", "o caminho é um atalho (link simbólico) em ciclo"),
)


def archive_reason(exc: BaseException) -> str:
    """Why a compressed file (.zip, .kmz, .xlsx: all zip archives) could not be opened, in
    pt-BR, for the exception :mod:`zipfile` (or the reader above it) raised: ``"o conteúdo não
    é um arquivo compactado zip (arquivo truncado, corrompido ou de outro formato)"`` for
    ``BadZipFile: File is not a zip file``; never the library's English text."""
    import zipfile

    from ..os_errors import os_reason

    if isinstance(exc, OSError) and not isinstance(exc, zipfile.BadZipFile) and exc.errno:
        return os_reason(exc)
    text = str(exc)
    if isinstance(exc, EOFError) or "Truncated" in text or "truncated" in text:
        return "o arquivo compactado está incompleto (arquivo truncado)"
    if isinstance(exc, NotImplementedError) or "compression method" in text:
        return "o arquivo usa um método de compressão que não é suportado"
    if isinstance(exc, zipfile.LargeZipFile):
        return "o arquivo compactado é grande demais (ZIP64 não suportado)"
    if "encrypted" in text or "password" in text:
        return "o arquivo compactado está protegido por senha"
    if "CRC" in text or "Bad magic" in text:
        return "o arquivo compactado está corrompido (conteúdo diferente do registrado)"
    return "o conteúdo não é um arquivo compactado zip (arquivo truncado, corrompido ou de outro formato)"


def library_message(path: Path, what: str, exc: Exception, layer: str | None = None) -> str:
    """A reading library's error as a pt-BR message that says what the user can do, the
    library's own text kept only as a detail at the end."""
    text = " ".join(str(exc).split())
    reason = next((r for k, r in LIBRARY_REASONS if k in text),
                  "o arquivo está corrompido ou não é deste formato").format(what=what)
    which = f"a camada {layer!r}" if layer else "o arquivo"
    return (f"{path.name}: não foi possível ler {which} como {what}: {reason}; esperado um "
            f"{what} válido: exporte-o de novo do programa de origem (QGIS, Google Earth, "
            f"geojson.io) (detalhe técnico: {text})")


def folder_message(path: Path) -> str:
    """What to say when a folder is given where a polygon file is expected (pt-BR)."""
    path = Path(path)
    try:
        shp = sorted(p.name for p in path.glob("*.shp"))
    except OSError:
        shp = []
    if shp:
        return (f"{path} é uma pasta com um Shapefile descompactado ({', '.join(shp[:3])}); "
                "esperado o Shapefile compactado: ponha o .shp, .shx, .dbf e .prj num arquivo "
                ".zip e indique o .zip (ou use GeoJSON, GeoPackage, KML ou KMZ)")
    return (f"{path} é uma pasta, não um arquivo; esperado um arquivo de limites: "
            f"{expected_formats()}")


# --- what a file is before any library opens it (issue 32: M9, M10, M11, m3) --------------

#: Longest file name (bytes, UTF-8) and path a reader accepts: the limits of Linux
#: filesystems (``NAME_MAX``, ``PATH_MAX``).
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096
#: What the first bytes of a file must be, by extension, for the format it names to be
#: read (the driver its extension names, and nothing else: a ``.geojson`` that is an OGR
#: VRT would have GDAL open the local paths it lists).
_ZIP = (b"PK\x03\x04", b"PK\x05\x06")
SQLITE = b"SQLite format 3\x00"
SHAPEFILE = b"\x00\x00\x27\x0a"
#: Bytes of a file's start looked at to tell its format.
HEAD_BYTES = 65536


def name_problem(name: str) -> str | None:
    """Why ``name`` (a file's name or path as given) cannot name a file to read, in pt-BR,
    or None: a NUL or another control character, a name or path too long
    (:data:`MAX_NAME_BYTES`, :data:`MAX_PATH_BYTES`), a GDAL virtual path (``/vsi…``)."""
    text = str(name)
    bad = next((c for c in text if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        what = "NUL" if bad == "\0" else f"U+{ord(bad):04X}"
        return (f"o nome do arquivo tem um caractere de controle ({what}); esperado um nome "
                "de arquivo comum (letras, números, espaços, hífens, pontos)")
    leaf = text.replace("\\", "/").rsplit("/", 1)[-1]
    if len(leaf.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return (f"o nome do arquivo tem {len(leaf.encode('utf-8', 'surrogatepass'))} bytes; "
                f"esperado no máximo {MAX_NAME_BYTES}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        return f"o caminho do arquivo passa de {MAX_PATH_BYTES} bytes; esperado um caminho menor"
    if text.replace("\\", "/").lstrip("/").lower().startswith("vsi"):
        return ("o caminho é um caminho virtual da GDAL (/vsi…); esperado o caminho de um "
                "arquivo no disco")
    return None


def _first_tag(head: bytes) -> str:
    """The name of the first XML element of ``head`` (after the prolog, comments and a
    doctype), lower-case, without its namespace prefix; empty when there is none."""
    import re

    text = head.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    text = re.sub(r"^(\s*(<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>))*", "", text, flags=re.S)
    m = re.match(r"\s*<([\w.:-]+)", text)
    return m.group(1).rsplit(":", 1)[-1].lower() if m else ""


def content_problem(head: bytes, suffix: str) -> str | None:
    """Why a file whose first bytes are ``head`` is not the format its extension
    ``suffix`` names, in pt-BR, or None.

    ``.geojson``/``.json``: a JSON object (``{`` first); ``.kml``: an XML document whose root
    element is ``kml``; ``.gpkg``: an SQLite database; ``.zip``/``.kmz``: a zip archive;
    ``.shp`` (inside a ``.zip``): a Shapefile. An OGR VRT (``<OGRVRTDataSource``) is refused
    whatever its extension.
    """
    if b"<OGRVRTDataSource" in head or b"<ogrvrtdatasource" in head.lower():
        return ("o conteúdo é uma fonte virtual da GDAL (OGR VRT), que remete a outros "
                "arquivos, e não o próprio desenho")
    if suffix.lower() == ".kml" and (b"<!ENTITY" in head or b"<!entity" in head):
        return ("o arquivo declara entidades XML (<!ENTITY …>), que podem ler outros arquivos "
                "ou multiplicar o texto; um KML exportado não as tem")
    body = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    ok = {".geojson": body[:1] == b"{", ".json": body[:1] == b"{",
          ".kml": _first_tag(head) == "kml", ".gpkg": head.startswith(SQLITE),
          ".zip": head[:4] in _ZIP, ".kmz": head[:4] in _ZIP,
          ".shp": head.startswith(SHAPEFILE)}.get(suffix.lower(), True)
    if ok:
        return None
    what = {".geojson": "um objeto JSON (GeoJSON)", ".json": "um objeto JSON (GeoJSON)",
            ".kml": "um documento KML (elemento raiz <kml>)",
            ".gpkg": "um banco SQLite (GeoPackage)", ".zip": "um arquivo compactado zip",
            ".kmz": "um arquivo compactado zip (KMZ)",
            ".shp": "um Shapefile"}[suffix.lower()]
    return (f"o conteúdo não é {what}, como diz a extensão {suffix.lower()} (extensão trocada "
            "ou arquivo de outro formato?)")


@dataclass
class Scan:
    """What a streamed text vector file holds, counted without parsing it.

    Attributes
    ----------
    features : int
        GeoJSON ``"Feature"`` objects, or KML ``<Placemark>`` elements.
    vertices : int
        Coordinate positions (GeoJSON ``[x, y]``; KML ``x,y`` tuples).
    stopped : bool
        The count passed a bound before the end of the file and the scan stopped there
        (the counts are then lower bounds).
    not_a_number : str
        ``"NaN"`` or ``"Infinity"`` when a GeoJSON coordinate is written so, else empty.
    """

    features: int = 0
    vertices: int = 0
    stopped: bool = False
    not_a_number: str = ""


def scan_text(stream, kind: str, *, max_features: int, max_vertices: int,
              head: bytes = b"", block: int = 1 << 20) -> Scan:
    """Count the features and vertices of a GeoJSON (``kind="geojson"``) or KML
    (``kind="kml"``) byte stream, block by block, stopping as soon as a count passes its
    bound: a file of a million features is refused after reading what passes the bound,
    never parsed whole (issue 32, M10: 91 MB took 52 s and 1,84 GB in GDAL). ``head``: bytes
    already read from ``stream``, counted first."""
    import re

    if kind == "geojson":
        feature = re.compile(rb'"Feature"')
        vertex = re.compile(rb"\[\s*[-+.0-9]")
        nan = re.compile(rb"[\[,]\s*(-?NaN|-?Infinity)")
        ends = (b",", b"]", b"}")  # no token counted here spans one of these
    else:
        feature = re.compile(rb"<(?:[\w.-]+:)?Placemark\b")
        num = rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
        vertex = re.compile(num + rb"\s*,\s*" + num + rb"(?:\s*,\s*" + num + rb")?")  # x,y[,z]
        nan = None
        ends = (b" ", b"\n", b"\t", b">")
    out, carry, first = Scan(), b"", head
    while True:
        data, first = (first, b"") if first else (stream.read(block), b"")
        text = carry + data
        if data:  # keep what follows the last delimiter for the next block
            cut = max(text.rfind(e) for e in ends)
            if cut < 0 or len(text) - cut > block:
                cut = len(text) - 1
            text, carry = text[:cut + 1], text[cut + 1:]
        out.features += len(feature.findall(text))
        out.vertices += len(vertex.findall(text))
        if nan is not None and not out.not_a_number:
            m = nan.search(text)
            if m:
                out.not_a_number = m.group(1).decode().lstrip("-")
        if out.features > max_features or out.vertices > max_vertices:
            out.stopped = bool(carry) or bool(data and stream.read(1))  # bytes left unread
            return out
        if not data:
            return out
