"""Hostile boundary files, second review (issue 32 §4; hostile review items 1, 4, 5, 6, 7, 15
and 16's deep KML, long string and surrogate name): a GeoPackage's SQL is never run, its rows
are counted here, escapes and character references are counted as the parser reads them,
a text file is bounded in bytes, a GeoJSON CRS link is never fetched, layers are bounded.

Each file is written here, small, with the bound lowered where the bound is ours.
"""

import json
import sqlite3
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import geopandas as gpd
import pytest
import shapely

from viabilidade.common import vector_files
from viabilidade.errors import GeoError
from viabilidade.geo import area_file
from viabilidade.geo.area_file import read_area

SQUARE = [[-48.6, -16.2], [-48.5, -16.2], [-48.5, -16.1], [-48.6, -16.1], [-48.6, -16.2]]


def _refusal(path) -> str:
    with pytest.raises(GeoError) as e:
        read_area(path)
    return str(e.value)


def _gpkg(path, n=1):
    gpd.GeoDataFrame(geometry=[shapely.Polygon(SQUARE)] * n, crs="EPSG:4674").to_file(
        path, layer="area")


def test_a_gpkg_layer_that_is_an_endless_view_is_refused_without_running_it(tmp_path):
    """Item 1: the layer 'area' an endless recursive query hung the reader forever."""
    path = tmp_path / "area.gpkg"
    _gpkg(path)
    with sqlite3.connect(path) as con:
        con.execute("ALTER TABLE area RENAME TO area_t")
        con.execute("CREATE VIEW area AS WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL "
                    "SELECT i + 1 FROM r) SELECT area_t.* FROM area_t, r")
    assert _refusal(path) == (
        "area.gpkg: não foi possível ler o arquivo como GeoPackage: o GeoPackage tem 1 "
        "visão(ões) SQL ('area'), consultas que seriam executadas ao lê-lo; esperadas só "
        "tabelas (exporte a camada de novo do QGIS como GeoPackage)")


def test_a_gpkg_feature_table_that_is_not_a_table_is_refused(tmp_path):
    path = tmp_path / "area.gpkg"
    _gpkg(path)
    with sqlite3.connect(path) as con:
        con.execute("UPDATE gpkg_contents SET table_name = 'fantasma' WHERE table_name = 'area'")
    assert _refusal(path) == (
        "area.gpkg: não foi possível ler o arquivo como GeoPackage: a camada 'fantasma' do "
        "GeoPackage não é uma tabela comum; esperadas só tabelas (exporte a camada de novo do "
        "QGIS como GeoPackage)")


def test_a_gpkg_whose_recorded_count_lies_is_counted_here(tmp_path, monkeypatch):
    """Item 15: gpkg_ogr_contents.feature_count = 1 with more rows passed the bound."""
    path = tmp_path / "area.gpkg"
    _gpkg(path, 3)
    with sqlite3.connect(path) as con:
        con.execute("DROP TRIGGER IF EXISTS trigger_insert_feature_count_area")
        con.execute("UPDATE gpkg_ogr_contents SET feature_count = 1")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 2)
    assert _refusal(path).startswith("area.gpkg: o arquivo tem 3 feições; esperado no máximo 2 ")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 3)
    assert read_area(path).area == pytest.approx(0.01)


def test_counting_a_gpkg_stops_at_its_step_bound(tmp_path):
    path = tmp_path / "area.gpkg"
    _gpkg(path)
    assert vector_files.gpkg_rows(path) == (None, 1)
    assert vector_files.gpkg_rows(path, max_steps=0) == (
        "contar as feições do GeoPackage passou do limite de trabalho (0 passos do SQLite)", 0)


def _kml(coords: str) -> str:
    return ('<?xml version="1.0"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
            '<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>' + coords +
            '</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>')


def test_kml_vertices_written_with_character_references_are_counted(tmp_path, monkeypatch):
    """Item 4: '-49.2&#44;-16.3' passed the vertex bound (1.000.000 vertices, 60 s)."""
    path = tmp_path / "area.kml"
    path.write_text(_kml(" ".join(f"{x}&#44;{y}" if i % 2 else f"{x}&#x2C;{y}"
                                  for i, (x, y) in enumerate(SQUARE))), encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_VERTICES", 4)
    assert _refusal(path).startswith("area.kml: os polígonos do arquivo têm 5 vértices; "
                                     "esperado no máximo 4 ")
    monkeypatch.setattr(area_file, "MAX_VERTICES", 5)
    assert read_area(path).area == pytest.approx(0.01)
    assert vector_files._xml_char_refs(b"&#60;Placemark&#45;1&#x2c;2") == b"&#60;Placemark-1,2"


def test_geojson_features_written_with_escapes_are_counted(tmp_path, monkeypatch):
    """Item 5: '"Fe\\u0061ture"' passed the feature bound (1.000.000 features, 637 MB)."""
    feature = ('{"type": "Fe\\u0061ture", "properties": {}, "geometry": {"type": "Polygon", '
               '"coordinates": [' + json.dumps(SQUARE) + ']}}')
    path = tmp_path / "area.geojson"
    path.write_text('{"type": "FeatureCollection", "features": [' + ", ".join([feature] * 3)
                    + "]}", encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 2)
    assert _refusal(path).startswith("area.geojson: o arquivo tem 3 feições; esperado no "
                                     "máximo 2 ")
    monkeypatch.setattr(area_file, "MAX_FEATURES", 3)
    assert read_area(path).area == pytest.approx(0.01)


def test_a_text_file_past_its_byte_bound_is_refused_before_parsing(tmp_path, monkeypatch):
    """Bounds every parsing trick at once (a 95 MB string took GDAL 'JSON malformado')."""
    path = tmp_path / "area.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"nota": "x" * 3000},
         "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}]}), encoding="utf-8")
    monkeypatch.setattr(area_file, "MAX_TEXT_BYTES", 3000)
    assert _refusal(path) == (
        "area.geojson: o arquivo de texto tem 0,0 MB; esperado no máximo 0,0 MB (um limite "
        "desenhado de 50.000 vértices ocupa poucos MB): simplifique-o ou recorte-o antes de "
        "exportá-lo, ou exporte-o sem atributos longos")
    kmz = tmp_path / "area.kmz"
    with zipfile.ZipFile(kmz, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("doc.kml", _kml(" ".join(f"{x},{y}" for x, y in SQUARE)) + " " * 3000)
    assert _refusal(kmz).startswith("area.kmz (membro doc.kml): o arquivo de texto tem ")
    monkeypatch.setattr(area_file, "MAX_TEXT_BYTES", 16_000_000)
    assert read_area(path).area == pytest.approx(0.01)


@pytest.fixture
def server():
    """A local HTTP server that records every request it receives."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,'
                             b'298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]')

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", seen
    httpd.shutdown()
    httpd.server_close()


LINK = ("area.geojson: o membro 'crs' do GeoJSON é um link (\"type\": \"link\"), que obrigaria a "
        "buscá-lo na rede; esperado \"crs\": {\"type\": \"name\", \"properties\": {\"name\": "
        "\"EPSG:4674\"}} (ou outro código EPSG, como EPSG:31982) ou nenhum membro 'crs' "
        "(longitude e latitude WGS84); nenhum endereço é consultado")


@pytest.mark.parametrize("crs,message", [
    ({"type": "link", "properties": {"href": "{url}/x.wkt", "type": "ogcwkt"}}, LINK),
    ({"type": "name", "properties": {"name": "{url}/x.wkt"}},
     LINK.replace("um link (\"type\": \"link\"), que obrigaria a buscá-lo na rede",
                  "algo que não é um código EPSG"))])
def test_a_geojson_crs_link_is_refused_and_never_fetched(tmp_path, server, crs, message):
    """Item 6: GDAL fetched the linked CRS (twice; 20 s against a slow server)."""
    url, seen = server
    path = tmp_path / "area.geojson"
    text = json.dumps({"type": "FeatureCollection", "crs": crs, "features": [
        {"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}]}).replace("{url}", url)
    path.write_text(text, encoding="utf-8")
    assert _refusal(path) == message
    assert seen == []


@pytest.mark.parametrize("name", ["EPSG:4674", "urn:ogc:def:crs:OGC:1.3:CRS84",
                                  "urn:ogc:def:crs:EPSG::4326"])
def test_a_named_crs_is_still_read(tmp_path, name):
    path = tmp_path / "area.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "crs": {
        "type": "name", "properties": {"name": name}}, "features": [
        {"type": "Feature", "properties": {},
         "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}]}), encoding="utf-8")
    assert read_area(path).area == pytest.approx(0.01)


def test_a_zip_of_many_shapefiles_is_refused_by_its_layer_count(tmp_path, monkeypatch):
    """Item 7: 500 small Shapefiles in one zip took 25,7 s (quadratic); 1.000, over 60 s."""
    shp = tmp_path / "shp"
    shp.mkdir()
    gpd.GeoDataFrame(geometry=[shapely.Polygon(SQUARE)], crs="EPSG:4674").to_file(
        shp / "a.shp")
    path = tmp_path / "area.zip"
    with zipfile.ZipFile(path, "w") as z:
        for i in range(3):
            for part in shp.iterdir():
                z.write(part, f"c{i}/{part.name}")
    monkeypatch.setattr(area_file, "MAX_LAYERS", 2)
    assert _refusal(path) == ("area.zip: o arquivo tem 3 camadas; esperado no máximo 2 (os "
                              "limites de uma área ficam numa camada): exporte só a camada da área")
    monkeypatch.setattr(area_file, "MAX_LAYERS", 3)
    assert read_area(path).area == pytest.approx(0.01)


def test_a_deeply_nested_kml_is_told_as_such(tmp_path):
    """Item 16: 200.000 nested <Folder> were told as 'XML malformado' (GDAL: 'Invalid root
    element'; 60 levels read, 100 refused on this GDAL)."""
    path = tmp_path / "area.kml"
    coords = " ".join(f"{x},{y}" for x, y in SQUARE)
    path.write_text(_kml(coords).replace("<Placemark>", "<Folder>" * 150 + "<Placemark>")
                    .replace("</Placemark>", "</Placemark>" + "</Folder>" * 150), encoding="utf-8")
    assert "o KML tem elementos aninhados em profundidade demais (pastas dentro de pastas" in (
        _refusal(path))


def test_deep_json_and_a_long_json_value_are_told_as_such(tmp_path):
    """Item 16: both were told as 'JSON malformado (truncado?)'."""
    ring = json.dumps([SQUARE])
    deep = tmp_path / "fundo.geojson"
    deep.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature", '
                    '"properties": {"a": ' + "[" * 2000 + "]" * 2000 + '}, "geometry": '
                    '{"type": "Polygon", "coordinates": ' + ring + '}}]}', encoding="utf-8")
    assert ("o JSON tem colchetes ou chaves aninhados em profundidade demais (centenas de "
            "níveis; um GeoJSON tem no máximo cinco)") in _refusal(deep)
    long = tmp_path / "longo.geojson"
    long.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature", '
                    '"properties": {"a": "' + "x" * 10_000_100 + '"}, "geometry": '
                    '{"type": "Polygon", "coordinates": ' + ring + '}}]}', encoding="utf-8")
    assert ("um valor do JSON (texto ou número) é longo demais (mais de 10 milhões de "
            "caracteres): exporte o arquivo sem atributos longos") in _refusal(long)


SURROGATE = ("o nome do arquivo tem um caractere inválido (U+DC80: bytes que não formam texto "
             "UTF-8); esperado um nome de arquivo comum: renomeie o arquivo (letras, números, "
             "espaços, hífens, pontos)")


def test_a_surrogate_in_a_name_is_told_in_portuguese(tmp_path):
    """Item 16: gave English "'utf-8' codec can't encode character"."""
    from viabilidade.explore.files import store_upload

    assert _refusal(tmp_path / "a\udc80.geojson") == "a\\xdc80.geojson: " + SURROGATE
    with pytest.raises(GeoError) as e:
        store_upload("a\udc80.geojson", b"{}", tmp_path / "envios")
    assert str(e.value) == "a\\udc80.geojson: " + SURROGATE
    assert not (tmp_path / "envios").exists() or not any((tmp_path / "envios").iterdir())


# Hostile trial 2 (/tmp/h2/geo): item 2, a generated column; item 6, a KMZ of 200.000 entries.

GENERATED = ("area.gpkg: não foi possível ler o arquivo como GeoPackage: a camada 'area' do "
             "GeoPackage tem colunas geradas (GENERATED ALWAYS AS), expressões que seriam "
             "calculadas ao lê-la; esperadas só colunas comuns (exporte a camada de novo do "
             "QGIS como GeoPackage)")


def test_a_gpkg_with_a_virtual_generated_column_is_refused_before_gdal(tmp_path):
    """Item 2: ``hex(zeroblob(400000000))`` on 8 rows was read in 6,8 s at 3,7 GB; the same
    file with a plain column is still read."""
    path = tmp_path / "area.gpkg"
    _gpkg(path, 8)
    with sqlite3.connect(path) as con:
        con.execute("ALTER TABLE area ADD COLUMN a TEXT")
    assert read_area(path).area == pytest.approx(0.01)
    with sqlite3.connect(path) as con:
        con.execute("ALTER TABLE area ADD COLUMN b TEXT GENERATED ALWAYS AS "
                    "(hex(zeroblob(40))) VIRTUAL")
    assert _refusal(path) == GENERATED
    from viabilidade.explore.files import store_upload

    with pytest.raises(GeoError) as e:
        store_upload("area.gpkg", path.read_bytes(), tmp_path / "envios")
    assert str(e.value) == GENERATED


def test_a_gpkg_with_a_stored_generated_column_is_refused(tmp_path):
    path = tmp_path / "area.gpkg"
    _gpkg(path)
    with sqlite3.connect(path) as con:
        con.executescript(
            "ALTER TABLE area RENAME TO velha;"
            "CREATE TABLE area (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POLYGON, "
            "b TEXT GENERATED ALWAYS AS (replace('x', 'x', 'y')) STORED);"
            "INSERT INTO area (fid, geom) SELECT fid, geom FROM velha; DROP TABLE velha;")
    assert _refusal(path) == GENERATED


def _kmz(path, empty: int):
    """A KMZ of one KML of the square and ``empty`` empty entries."""
    coords = " ".join(f"{x},{y}" for x, y in SQUARE)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("doc.kml", '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark>'
                   f"<Polygon><outerBoundaryIs><LinearRing><coordinates>{coords}"
                   "</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>")
        for i in range(empty):
            z.writestr(f"e{i}", b"")


def _entries(name: str, n: int, most: int) -> str:
    return (f"{name}: o arquivo compactado tem {n} entradas; esperado no máximo {most} (um "
            "limite compactado tem poucos arquivos: o .kml, ou o .shp, .shx, .dbf e .prj); "
            "compacte só os arquivos do limite")


def test_a_kmz_of_too_many_entries_is_refused_from_its_directory(tmp_path, monkeypatch):
    """Item 6: one doc.kml and 200.000 empty entries took 21,5 s and 308 MB, then said
    "o conteúdo não é de um arquivo KMZ". Both sides of the bound (lowered to 5)."""
    monkeypatch.setattr(area_file, "MAX_ENTRIES", 5)
    path = tmp_path / "area.kmz"
    _kmz(path, 4)
    assert read_area(path).area == pytest.approx(0.01)
    _kmz(path, 5)
    assert _refusal(path) == _entries("area.kmz", 6, 5)


def test_a_zipped_shapefile_of_too_many_entries_is_refused(tmp_path, monkeypatch):
    shp = tmp_path / "shp"
    shp.mkdir()
    gpd.GeoDataFrame(geometry=[shapely.Polygon(SQUARE)], crs="EPSG:4674").to_file(
        shp / "a.shp")
    parts = sorted(shp.iterdir())
    path = tmp_path / "area.zip"
    with zipfile.ZipFile(path, "w") as z:
        for part in parts:
            z.write(part, part.name)
        z.writestr("leia-me.txt", "")
    monkeypatch.setattr(area_file, "MAX_ENTRIES", len(parts))
    assert _refusal(path) == _entries("area.zip", len(parts) + 1, len(parts))
    monkeypatch.setattr(area_file, "MAX_ENTRIES", len(parts) + 1)
    assert read_area(path).area == pytest.approx(0.01)


def test_a_kmz_past_65535_entries_is_counted_from_its_zip64_record(tmp_path):
    """Past 65.535 entries the end record holds 0xFFFF: the count is the Zip64 record's."""
    path = tmp_path / "area.kmz"
    _kmz(path, 65_536)
    assert _refusal(path) == _entries("area.kmz", "65.537", 100)


def _lie_about_count(path, count: int) -> None:
    """Write ``count`` as the entry count of the zip's end record (the directory unchanged)."""
    data = bytearray(path.read_bytes())
    at = data.rfind(b"PK\x05\x06")
    data[at + 8:at + 12] = count.to_bytes(2, "little") * 2
    path.write_bytes(bytes(data))


def test_an_end_record_lying_about_the_count_is_caught(tmp_path, monkeypatch):
    """The recorded count says 1; the directory, parsed (bounded in bytes), holds 7."""
    monkeypatch.setattr(area_file, "MAX_ENTRIES", 5)
    path = tmp_path / "area.kmz"
    _kmz(path, 6)
    _lie_about_count(path, 1)
    assert _refusal(path) == _entries("area.kmz", 7, 5)


def test_a_directory_past_its_byte_bound_is_refused_before_parsing(tmp_path, monkeypatch):
    """The count says 1 and the directory holds 3 entries of 2.000-character names: 6.138
    bytes, past 2 × 1.024."""
    monkeypatch.setattr(area_file, "MAX_ENTRIES", 2)
    path = tmp_path / "area.kmz"
    with zipfile.ZipFile(path, "w") as z:
        for c in "abc":
            z.writestr(c * 2000, b"")
    _lie_about_count(path, 1)
    assert _refusal(path) == (
        "area.kmz: o índice do arquivo compactado tem 6.138 bytes; esperado no máximo 2.048 "
        "(2 entradas de até 1.024 bytes: um limite compactado tem poucos arquivos, de nomes "
        "curtos); compacte só os arquivos do limite")


@pytest.mark.parametrize("sent, kept", [(" .geojson", ".geojson"), ("..geojson", "..geojson"),
                                        (". .kml", ". .kml")])
def test_a_name_with_nothing_before_its_extension_is_refused(tmp_path, sent, kept):
    """Hostile trial 3: " .geojson" and "..geojson" (blank or dot-only stems) were taken;
    they are refused with a message, and nothing is stored."""
    from viabilidade.explore.files import store_upload

    body = json.dumps({"type": "Polygon", "coordinates": [SQUARE]}).encode()
    with pytest.raises(GeoError) as e:
        store_upload(sent, body, tmp_path / "envios")
    assert str(e.value) == (f"{kept}: o nome do arquivo ({kept!r}) não tem nada antes da "
                            "extensão além de espaços ou pontos; esperado um nome como "
                            "area.geojson: renomeie o arquivo")
    assert not (tmp_path / "envios").exists() or not any((tmp_path / "envios").iterdir())
    assert vector_files.name_problem("a.geojson") is None
    assert vector_files.name_problem("a..geojson") is None
