"""Hostile boundary files (issue 32: M9, M10, M11 the reader's side, m3, m4): each read by
the driver its extension names and nothing else, bounded while streamed, its faults named.

Real files written here and read by :func:`viabilidade.geo.area_file.read_area` (GDAL
underneath); the exact message of each refusal is checked.
"""

import json
import zipfile

import pytest

from viabilidade.common import vector_files
from viabilidade.errors import GeoError
from viabilidade.geo import area_file
from viabilidade.geo.area_file import read_area

EXPECTED = ("esperado GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip), "
            "KML (.kml) ou KMZ (.kmz)")
SQUARE = [[-48.6, -16.2], [-48.5, -16.2], [-48.5, -16.1], [-48.6, -16.1], [-48.6, -16.2]]
VRT = ('<OGRVRTDataSource><OGRVRTLayer name="x"><SrcDataSource>/etc/passwd</SrcDataSource>'
       '<GeometryType>wkbNone</GeometryType></OGRVRTLayer></OGRVRTDataSource>')


def _fc(*rings) -> str:
    return json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [r]}}
        for r in rings]})


def _refusal(path) -> str:
    with pytest.raises(GeoError) as e:
        read_area(path)
    return str(e.value)


VRT_REASON = ("o conteúdo é uma fonte virtual da GDAL (OGR VRT), que remete a outros arquivos, "
              "e não o próprio desenho")


@pytest.mark.parametrize("name,what", [("area.geojson", "GeoJSON"), ("area.kml", "KML")])
def test_a_vrt_under_a_vector_extension_is_never_opened(tmp_path, name, what):
    """M9: the VRT driver used to open /etc/passwd through a .geojson."""
    path = tmp_path / name
    path.write_text(VRT, encoding="utf-8")
    assert _refusal(path) == (f"{name}: não foi possível ler o arquivo como {what}: "
                              f"{VRT_REASON}; {EXPECTED}")


def test_a_shapefile_member_that_is_a_vrt_is_refused(tmp_path):
    path = tmp_path / "area.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("area/area.shp", VRT)
        z.writestr("area/area.shx", b"")
    assert _refusal(path) == ("area.zip (membro area/area.shp): não foi possível ler o arquivo "
                              f"como Shapefile: {VRT_REASON}; {EXPECTED}")


def test_content_of_another_format_is_not_sniffed_into_another_driver(tmp_path):
    path = tmp_path / "area.gpkg"
    path.write_text(_fc(SQUARE), encoding="utf-8")  # a GeoJSON named .gpkg
    assert _refusal(path) == (
        "area.gpkg: não foi possível ler o arquivo como GeoPackage: o conteúdo não é um banco "
        "SQLite (GeoPackage), como diz a extensão .gpkg (extensão trocada ou arquivo de outro "
        f"formato?); {EXPECTED}")
    kml = tmp_path / "area.kml"
    kml.write_text(_fc(SQUARE), encoding="utf-8")
    assert _refusal(kml).startswith("area.kml: não foi possível ler o arquivo como KML: o "
                                    "conteúdo não é um documento KML (elemento raiz <kml>)")


def test_a_good_geojson_and_kml_are_still_read(tmp_path):
    path = tmp_path / "area.geojson"
    path.write_text("\ufeff  " + _fc(SQUARE), encoding="utf-8")
    assert read_area(path).area == pytest.approx(0.01)
    kml = tmp_path / "area.kml"
    coords = " ".join(f"{x},{y},0" for x, y in SQUARE)
    kml.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<!-- desenho -->\n<kml xmlns='
                   '"http://www.opengis.net/kml/2.2"><Document><Placemark><Polygon>'
                   f"<outerBoundaryIs><LinearRing><coordinates>{coords}</coordinates>"
                   "</LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>",
                   encoding="utf-8")
    assert read_area(kml).area == pytest.approx(0.01)


def test_features_are_counted_while_streaming_and_refused_past_the_bound(tmp_path, monkeypatch):
    """M10: a GeoJSON of 10⁶ features was parsed whole by GDAL (52 s, 1,84 GB). Here 3 MB of
    points with the bound lowered to 1.000: the scan stops at the first megabyte."""
    feature = ('{"type":"Feature","properties":{},"geometry":{"type":"Point",'
               '"coordinates":[-48.6,-16.2]}}')
    path = tmp_path / "pontos.geojson"
    path.write_text('{"type":"FeatureCollection","features":[' + ",".join([feature] * 35_000)
                    + "]}", encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 1_000)
    assert _refusal(path) == ("pontos.geojson: o arquivo tem mais de 12.243 feições; esperado no "
                              "máximo 1.000 (uma área desenhada tem algumas); exporte só os "
                              "polígonos da área")


def test_the_whole_count_is_said_when_the_file_ends_past_the_bound(tmp_path, monkeypatch):
    path = tmp_path / "area.geojson"
    path.write_text(_fc(SQUARE, SQUARE, SQUARE), encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 2)
    assert _refusal(path).startswith("area.geojson: o arquivo tem 3 feições; esperado no máximo 2 ")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 3)
    assert read_area(path).area == pytest.approx(0.01)


def test_vertices_are_counted_while_streaming(tmp_path, monkeypatch):
    monkeypatch.setattr(area_file, "MAX_VERTICES", 14)
    path = tmp_path / "area.geojson"
    path.write_text(_fc(SQUARE, SQUARE, SQUARE), encoding="utf-8")  # 15 positions
    assert _refusal(path).startswith("area.geojson: os polígonos do arquivo têm 15 vértices; "
                                     "esperado no máximo 14 ")


def test_a_gpkg_with_too_many_rows_is_refused_before_they_are_read(tmp_path, monkeypatch):
    import geopandas as gpd
    import shapely

    path = tmp_path / "area.gpkg"
    gpd.GeoDataFrame(geometry=[shapely.Polygon(SQUARE)] * 3, crs="EPSG:4674").to_file(path)
    monkeypatch.setattr(area_file, "MAX_FEATURES", 2)
    assert _refusal(path).startswith("area.gpkg: o arquivo tem 3 feições; esperado no máximo 2 ")


@pytest.mark.parametrize("name,shown,what", [
    ("a\0b.geojson", "a\\x00b.geojson", "NUL"), ("a\x1bb.kml", "a\\x1bb.kml", "U+001B")])
def test_a_control_character_in_the_name_is_refused_with_a_message(tmp_path, name, shown, what):
    """M11, the reader's side: a NUL used to raise ValueError out of the upload."""
    assert _refusal(tmp_path / name) == (
        f"{shown}: o nome do arquivo tem um caractere de controle ({what}); esperado um nome de "
        "arquivo comum (letras, números, espaços, hífens, pontos)")


def test_a_gdal_virtual_path_and_an_overlong_name_are_refused():
    assert _refusal("/vsicurl/http://127.0.0.1/area.geojson") == (
        "area.geojson: o caminho é um caminho virtual da GDAL (/vsi…); esperado o caminho de um "
        "arquivo no disco")
    assert vector_files.name_problem("a" * 252 + ".kml") == (
        "o nome do arquivo tem 256 bytes; esperado no máximo 255")
    assert vector_files.name_problem("a" * 251 + ".kml") is None


def test_a_nan_vertex_closing_a_ring_is_named_not_an_open_ring(tmp_path):
    """m3: "um anel do polígono não é fechado" before."""
    path = tmp_path / "area.geojson"
    path.write_text(_fc(SQUARE).replace("[-48.6, -16.2]", "[NaN, -16.2]"), encoding="utf-8")
    assert _refusal(path) == (
        "area.geojson: um vértice tem a coordenada NaN (não é um número), e o anel do polígono "
        "não pode ser lido; esperadas longitude e latitude em graus, ou metros do CRS declarado, "
        "em todos os vértices")


def test_a_bow_tie_is_described_as_crossing_itself(tmp_path):
    """m4: "2 partes que não se tocam" before, although the lobes touch at the crossing."""
    path = tmp_path / "laco.geojson"
    path.write_text(_fc([[-48.6, -16.2], [-48.5, -16.1], [-48.5, -16.2], [-48.6, -16.1],
                         [-48.6, -16.2]]), encoding="utf-8")
    assert _refusal(path) == (
        "laco.geojson: o contorno do polígono cruza a si mesmo perto de longitude -48,55, "
        "latitude -16,15 (em forma de laço ou de oito: as partes só se tocam no cruzamento); "
        "esperado um contorno que não se cruze, corrigido no programa em que foi desenhado")


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>',  # an external entity (XXE)
    '<!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY x "&a;&a;&a;&a;&a;&a;&a;&a;">]>',  # expansion
])
def test_a_kml_declaring_xml_entities_is_refused_before_any_parser(tmp_path, doctype):
    coords = " ".join(f"{x},{y}" for x, y in SQUARE)
    path = tmp_path / "area.kml"
    path.write_text(f'<?xml version="1.0"?>{doctype}<kml xmlns="http://www.opengis.net/kml/2.2">'
                    "<Document><Placemark><name>&x;</name><Polygon><outerBoundaryIs><LinearRing>"
                    f"<coordinates>{coords}</coordinates></LinearRing></outerBoundaryIs>"
                    "</Polygon></Placemark></Document></kml>", encoding="utf-8")
    assert _refusal(path) == (
        "area.kml: não foi possível ler o arquivo como KML: o arquivo declara entidades XML "
        "(<!ENTITY …>), que podem ler outros arquivos ou multiplicar o texto; um KML exportado "
        f"não as tem; {EXPECTED}")


def test_kml_tuples_with_a_height_count_once(tmp_path, monkeypatch):
    coords = " ".join(f"{x},{y},0" for x, y in SQUARE)
    path = tmp_path / "area.kml"
    path.write_text('<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon>'
                    f"<outerBoundaryIs><LinearRing><coordinates>{coords}</coordinates>"
                    "</LinearRing></outerBoundaryIs></Polygon></Placemark></kml>", encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_VERTICES", 4)
    assert _refusal(path).startswith("area.kml: os polígonos do arquivo têm 5 vértices; ")
    monkeypatch.setattr(area_file, "MAX_VERTICES", 5)
    assert read_area(path).area == pytest.approx(0.01)
