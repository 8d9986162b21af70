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

from .text import QUOTE_MAX


def expected_formats() -> str:
    """The polygon file formats a user may give, as a message names them (pt-BR)."""
    return ("GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip), "
            "KML (.kml) ou KMZ (.kmz)")


#: Library messages (GDAL/pyogrio, its JSON and XML parsers) -> what they mean, in pt-BR.
LIBRARY_REASONS = (
    ("not recognized as being in a supported file format",
     "o conteúdo não é de um arquivo {what} (extensão trocada, arquivo vazio ou corrompido?)"),
    ("Invalid root element", "o KML tem elementos aninhados em profundidade demais (pastas "
                             "dentro de pastas: o leitor aceita algumas dezenas de níveis; um "
                             "limite desenhado tem um ou dois)"),
    ("ERROR parsing kml", "o XML do arquivo está malformado (arquivo truncado ou editado à mão?)"),
    ("Too many nested", "o JSON tem colchetes ou chaves aninhados em profundidade demais "
                        "(centenas de níveis; um GeoJSON tem no máximo cinco)"),
    ("Too many characters", "um valor do JSON (texto ou número) é longo demais (mais de 10 "
                            "milhões de caracteres): exporte o arquivo sem atributos longos"),
    # before "Failed to read GeoJSON", which GDAL puts in front of both (fourth hostile
    # trial: a valid 10 MB GeoJSON with a 5·10⁶-element property array was called truncated)
    ("too complex/large", "um objeto do GeoJSON é grande ou complexo demais para o leitor "
                          "(p. ex. um atributo com uma lista de milhões de valores): exporte o "
                          "arquivo só com os limites, sem esses atributos"),
    ("Unrecognized number", "um número do JSON é longo demais ou está mal escrito"),
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
    # each word of the library's text at most QUOTE_MAX characters, as a quoted value: a
    # 5.000-digit number made a 5,6 KB message (fourth hostile trial)
    text = " ".join(w if len(w) <= QUOTE_MAX else f"{w[:QUOTE_MAX]}… ({len(w):,} caracteres)"
                    .replace(",", ".") for w in str(exc).split())
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
    or None: a NUL or another control character, a lone surrogate (bytes that are not
    UTF-8), a name or path too long (:data:`MAX_NAME_BYTES`, :data:`MAX_PATH_BYTES`), a name
    the typed-text rule refuses (:func:`_leaf_text_problem`: C1 controls, direction,
    invisible and format characters, a stem of invisible characters only), a name with
    nothing but spaces or dots before its extension (``" .geojson"``, ``"..geojson"``), a
    GDAL virtual path (``/vsi…``)."""
    text = str(name)
    bad = next((c for c in text if ord(c) < 32 or ord(c) == 127), None)
    if bad is not None:
        what = "NUL" if bad == "\0" else f"U+{ord(bad):04X}"
        return (f"o nome do arquivo tem um caractere de controle ({what}); esperado um nome "
                "de arquivo comum (letras, números, espaços, hífens, pontos)")
    odd = next((c for c in text if 0xD800 <= ord(c) <= 0xDFFF), None)
    if odd is not None:
        return (f"o nome do arquivo tem um caractere inválido (U+{ord(odd):04X}: bytes que não "
                "formam texto UTF-8); esperado um nome de arquivo comum: renomeie o arquivo "
                "(letras, números, espaços, hífens, pontos)")
    leaf = text.replace("\\", "/").rsplit("/", 1)[-1]
    if len(leaf.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return (f"o nome do arquivo tem {len(leaf.encode('utf-8', 'surrogatepass'))} bytes; "
                f"esperado no máximo {MAX_NAME_BYTES}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        return f"o caminho do arquivo passa de {MAX_PATH_BYTES} bytes; esperado um caminho menor"
    why = _leaf_text_problem(leaf)  # after the byte bounds: a long name costs one len
    if why:
        return why
    if leaf not in ("", ".", "..") and not leaf.rsplit(".", 1)[0].strip(" ."):
        # " .geojson", "..geojson", ".geojson": nothing before the extension (hostile
        # trial 3); such a name is hidden on disk or read as having no extension at all
        return (f"o nome do arquivo ({leaf!r}) não tem nada antes da extensão além de espaços "
                "ou pontos; esperado um nome como area.geojson: renomeie o arquivo")
    if text.replace("\\", "/").lstrip("/").lower().startswith("vsi"):
        return ("o caminho é um caminho virtual da GDAL (/vsi…); esperado o caminho de um "
                "arquivo no disco")
    return None


def _leaf_text_problem(leaf: str) -> str | None:
    """The typed-text rule (:func:`viabilidade.common.text.text_problem`) on a file's name,
    whose stem must also show something: ``fatura\u202elmk.geojson`` (shown as
    "fatura kml.geojson" reversed), ``a\x85b.geojson`` (a C1 control) and ``\u200b.geojson``
    (a zero-width stem) are refused; a zero-width character, which a text drops, cannot be
    dropped from a name on disk, so it is refused too."""
    from .text import FILE_NAME, ZERO_WIDTH, text_problem

    stem = leaf.rsplit(".", 1)[0] if "." in leaf.lstrip(".") else leaf
    why = text_problem(leaf, FILE_NAME) or text_problem(stem, FILE_NAME)
    if why is None:
        hidden = next((c for c in leaf if c in ZERO_WIDTH), None)
        if hidden is not None:
            why = (f"encontrado o caractere invisível U+{ord(hidden):04X} na posição "
                   f"{leaf.index(hidden) + 1}; esperado {FILE_NAME.what} sem caracteres "
                   "invisíveis")
    if why is None:
        return None
    return (f"o nome do arquivo não serve: {why}; renomeie o arquivo (letras, números, "
            "espaços, hífens, pontos)")


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


def _json_letters(text: bytes) -> bytes:
    """``text`` with JSON escapes of ASCII letters and digits (``\\u0061``) written as the
    character, as a JSON parser reads them: ``"Fe\\u0061ture"`` is a ``"Feature"``."""
    import re

    def one(m):
        c = chr(int(m.group(1), 16))
        return c.encode() if c.isascii() and c.isalnum() else m.group(0)

    return re.sub(rb"\\u([0-9a-fA-F]{4})", one, text) if b"\\u" in text else text


#: What a reference may stand for and still be counted: what KML coordinates are made of.
_NUMERIC = frozenset("0123456789+-.,eE \t\r\n")


def _xml_char_refs(text: bytes) -> bytes:
    """``text`` with XML character references (``&#44;``, ``&#x2C;``) of ASCII characters
    written as the character, as an XML parser reads them: ``-49.2&#44;-16.3`` is a vertex."""
    import re

    def one(m):
        ref = m.group(1)
        try:
            n = int(ref[1:], 16) if ref[:1] in (b"x", b"X") else int(ref)
        except ValueError:
            return m.group(0)
        return bytes([n]) if 0 < n < 128 and chr(n) in _NUMERIC else m.group(0)

    return re.sub(rb"&#([xX][0-9a-fA-F]{1,8}|[0-9]{1,10});", one, text) if b"&#" in text else text


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
        unescape = _json_letters
    else:
        feature = re.compile(rb"<(?:[\w.-]+:)?Placemark\b")
        num = rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
        vertex = re.compile(num + rb"\s*,\s*" + num + rb"(?:\s*,\s*" + num + rb")?")  # x,y[,z]
        nan = None
        ends = (b" ", b"\n", b"\t", b">")
        unescape = _xml_char_refs
    out, carry, first = Scan(), b"", head
    while True:
        data, first = (first, b"") if first else (stream.read(block), b"")
        text = carry + data
        if data:  # keep what follows the last delimiter for the next block
            cut = max(text.rfind(e) for e in ends)
            if cut < 0 or len(text) - cut > block:
                cut = len(text) - 1
            text, carry = text[:cut + 1], text[cut + 1:]
        text = unescape(text)
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


#: Largest number of SQLite virtual machine steps spent counting a GeoPackage's rows: a
#: ``count(*)`` of a plain table of a million rows takes a few thousand; the bound stops a
#: query the file would make endless.
GPKG_MAX_STEPS = 5_000_000


def gpkg_rows(path: Path, max_steps: int = GPKG_MAX_STEPS) -> tuple[str | None, int]:
    """Why a GeoPackage cannot be given to GDAL, in pt-BR, or None; and the rows of its
    feature tables, counted here (never the count the file records in
    ``gpkg_ogr_contents``, which the file can set to anything).

    The file is opened with :mod:`sqlite3` read-only and immutable (nothing written, no
    journal). Refused: a VIEW anywhere in the schema (GDAL would run
    whatever query it holds: an endless recursive query hung the reader, issue 32 §4); a
    feature table of ``gpkg_contents`` that is not a plain table, or that has a generated
    column (``PRAGMA table_xinfo`` hidden 2 or 3: GDAL would compute its expression for every
    row read; ``hex(zeroblob(400000000))`` on 8 rows took 6,8 s and 3,7 GB, hostile trial 2
    item 2); a count that passes
    ``max_steps`` SQLite steps. Triggers are allowed: GDAL writes them in every GeoPackage
    and they run only when the file is written, which a reader never does. A file SQLite
    cannot read, or without ``gpkg_contents``, gives ``(None, 0)``: GDAL then refuses it with
    its own reason (:func:`library_message`).
    """
    import sqlite3
    from urllib.parse import quote

    uri = f"file:{quote(str(Path(path).resolve()))}?mode=ro&immutable=1"
    steps = [0]

    def progress() -> int:
        steps[0] += 100
        return 1 if steps[0] > max_steps else 0

    try:
        con = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:  # GDAL fails on it too and says why (library_message)
        return None, 0
    try:
        con.set_progress_handler(progress, 100)
        schema = con.execute("SELECT type, name FROM sqlite_master").fetchall()
        views = sorted(str(n) for t, n in schema if t == "view")
        if views:
            return (f"o GeoPackage tem {len(views)} visão(ões) SQL ({_short(views)}), consultas "
                    "que seriam executadas ao lê-lo; esperadas só tabelas (exporte a camada de "
                    "novo do QGIS como GeoPackage)"), 0
        tables = {str(n) for t, n in schema if t == "table"}
        features = [str(r[0]) for r in con.execute(
            "SELECT table_name FROM gpkg_contents WHERE data_type = 'features'")]
        odd = sorted(t for t in features if t not in tables)
        if odd:
            return (f"a camada {_short(odd)} do GeoPackage não é uma tabela comum; esperadas "
                    "só tabelas (exporte a camada de novo do QGIS como GeoPackage)"), 0
        generated = sorted(t for t in features if any(
            int(c[6]) in (2, 3) for c in con.execute(
                "SELECT * FROM pragma_table_xinfo(?)", (t,))))
        if generated:
            return (f"a camada {_short(generated)} do GeoPackage tem colunas geradas (GENERATED "
                    "ALWAYS AS), expressões que seriam calculadas ao lê-la; esperadas só colunas "
                    "comuns (exporte a camada de novo do QGIS como GeoPackage)"), 0
        rows = 0
        for t in features:
            q = '"' + t.replace('"', '""') + '"'
            rows += int(con.execute(f"SELECT count(*) FROM {q}").fetchone()[0])
        return None, rows
    except sqlite3.OperationalError as exc:
        if "interrupted" in str(exc):
            return ("contar as feições do GeoPackage passou do limite de trabalho "
                    f"({max_steps:_} passos do SQLite)".replace("_", "."), 0)
        return None, 0  # no schema or no gpkg_contents: GDAL refuses it and says why
    except sqlite3.Error:
        return None, 0
    finally:
        con.close()


def _short(names: list[str]) -> str:
    """Up to three names, quoted and cut to 40 characters each, and how many more."""
    shown = ", ".join(repr(n if len(n) <= 40 else n[:39] + "…") for n in names[:3])
    return shown + (f" e mais {len(names) - 3}" if len(names) > 3 else "")
