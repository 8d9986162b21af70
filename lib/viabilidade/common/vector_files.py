"""What a user's vector file may be, and why it could not be read, in pt-BR: the formats a
drawn polygon file may have (:func:`expected_formats`), a folder given where a file is
expected (:func:`folder_message`) and a reading library's error (GDAL/pyogrio, its JSON and
XML parsers) worded as what the user can do (:func:`library_message`).

Used where such a file enters: the candidate reader (a folder given as ``area.boundary``),
the boundary mesh of the store (:func:`viabilidade.data.geometry.read_boundaries`) and the
drawn-area reader (:mod:`viabilidade.geo.area_file`).
"""

from __future__ import annotations

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
