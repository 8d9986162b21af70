"""Drawn polygon files (``[area] boundary``, ``[origin] urban_perimeter``) in every format.

One polygon — the one drawn around Posse d'Abadia's vila in ``tests/fixtures`` — is written
as GeoJSON, GeoPackage, zipped Shapefile, KML and KMZ (and in SIRGAS 2000 / UTM 22S) and
must read back to the same territory; each bad file gets its exact Portuguese message.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import geopandas as gpd
import pytest
import shapely

from viabilidade.errors import GeoError
from viabilidade.geo.area_file import read_area
from viabilidade.geo.measure import geodesic_area_km2

FIXTURES = Path(__file__).resolve().parent / "fixtures"
KML = FIXTURES / "posse-dabadia-desenhada.kml"
#: Geodesic area of the drawn polygon (GRS80), km².
DRAWN_KM2 = 46.5947


@pytest.fixture(scope="module")
def drawn():
    return read_area(KML)


def _zip_shapefile(gdf: gpd.GeoDataFrame, tmp_path: Path, *, prj: bool = True) -> Path:
    folder = tmp_path / "shp"
    folder.mkdir()
    gdf.to_file(folder / "area.shp")
    out = tmp_path / "area.zip"
    with zipfile.ZipFile(out, "w") as z:
        for f in sorted(folder.iterdir()):
            if prj or f.suffix != ".prj":
                z.write(f, f.name)
    return out


def test_the_drawn_kml_is_one_polygon_of_known_area(drawn):
    assert drawn.geom_type == "Polygon"
    assert geodesic_area_km2(drawn) == pytest.approx(DRAWN_KM2, abs=1e-4)
    assert drawn.contains(shapely.Point(-48.800207, -16.098447))  # the vila


@pytest.mark.parametrize("fmt", ["geojson", "gpkg", "zip", "kml", "kmz"])
def test_every_format_gives_the_same_area(drawn, tmp_path, fmt):
    gdf = gpd.GeoDataFrame({"nome": ["Posse"]}, geometry=[drawn], crs="EPSG:4674")
    if fmt == "geojson":  # RFC 7946: no crs member, WGS84 by the specification
        path = tmp_path / "area.geojson"
        path.write_text(json.dumps({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {},
             "geometry": shapely.geometry.mapping(drawn)}]}), encoding="utf-8")
    elif fmt == "gpkg":
        path = tmp_path / "area.gpkg"
        gdf.to_file(path)
    elif fmt == "zip":
        path = _zip_shapefile(gdf, tmp_path)
    elif fmt == "kml":  # written by GDAL from the polygon, as QGIS exports it
        path = tmp_path / "area.kml"
        gdf.to_crs("EPSG:4326").to_file(path, driver="KML")
    else:  # a KMZ is a zipped doc.kml, as Google Earth saves it
        path = tmp_path / "area.kmz"
        gdf.to_crs("EPSG:4326").to_file(tmp_path / "doc.kml", driver="KML")
        with zipfile.ZipFile(path, "w") as z:
            z.write(tmp_path / "doc.kml", "doc.kml")
    area = read_area(path)
    assert geodesic_area_km2(area) == pytest.approx(DRAWN_KM2, abs=1e-3)
    assert shapely.symmetric_difference(area, drawn).area < 1e-9


@pytest.mark.parametrize("fmt", ["gpkg", "zip", "geojson"])
def test_a_polygon_in_utm_22s_is_transformed(drawn, tmp_path, fmt):
    utm = gpd.GeoDataFrame(geometry=[drawn], crs="EPSG:4674").to_crs("EPSG:31982")
    assert utm.total_bounds[0] > 100_000  # metres, not degrees
    if fmt == "gpkg":
        path = tmp_path / "area.gpkg"
        utm.to_file(path)
    elif fmt == "zip":
        path = _zip_shapefile(utm, tmp_path)
    else:  # GeoJSON 2008 'crs' member naming EPSG:31982
        path = tmp_path / "area.geojson"
        doc = json.loads(utm.to_json())
        doc["crs"] = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::31982"}}
        path.write_text(json.dumps(doc), encoding="utf-8")
    area = read_area(path)
    assert geodesic_area_km2(area) == pytest.approx(DRAWN_KM2, rel=1e-5)
    assert shapely.symmetric_difference(area, drawn).area / drawn.area < 1e-6


def test_polygons_of_a_file_are_united_and_pins_ignored(tmp_path):
    a, b = shapely.box(-48.9, -16.2, -48.8, -16.1), shapely.box(-48.8, -16.2, -48.7, -16.1)
    pin = shapely.Point(-48.75, -16.15)
    path = tmp_path / "area.geojson"
    gpd.GeoDataFrame(geometry=[a, b, pin], crs="EPSG:4326").to_file(path)
    area = read_area(path)
    assert area.geom_type == "Polygon"
    assert area.area == pytest.approx(0.02)


def test_kml_with_only_a_pin_is_refused(tmp_path):
    path = tmp_path / "sede.kml"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
                    "<Document><Placemark><name>sede</name><Point><coordinates>-48.8,-16.1,0"
                    "</coordinates></Point></Placemark></Document></kml>", encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == ("sede.kml: nenhum polígono no arquivo (encontrado: Point); esperado ao "
                            "menos um Polygon ou MultiPolygon com os limites da área")


def test_zipped_shapefile_without_prj_is_refused(drawn, tmp_path):
    utm = gpd.GeoDataFrame(geometry=[drawn], crs="EPSG:4674").to_crs("EPSG:31982")
    path = _zip_shapefile(utm, tmp_path, prj=False)
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == (
        "area.zip: o arquivo não declara o sistema de referência (CRS); esperado o arquivo .prj "
        "dentro do .zip do Shapefile ou o SRS da camada do GeoPackage (por exemplo SIRGAS 2000, "
        "EPSG:4674, ou SIRGAS 2000 / UTM 22S, EPSG:31982)")


def test_geopackage_without_crs_is_refused_even_in_degrees(drawn, tmp_path):
    path = tmp_path / "area.gpkg"
    with pytest.warns(UserWarning):
        gpd.GeoDataFrame(geometry=[drawn]).to_file(path)
    with pytest.raises(GeoError, match=r"^area\.gpkg: o arquivo não declara o sistema de "
                                       r"referência \(CRS\); "):
        read_area(path)


def test_geojson_in_metres_without_crs_is_refused(drawn, tmp_path):
    utm = gpd.GeoDataFrame(geometry=[drawn], crs="EPSG:4674").to_crs("EPSG:31982")
    doc = json.loads(utm.to_json())
    doc.pop("crs", None)
    path = tmp_path / "area.geojson"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value).startswith(
        "area.geojson: o CRS do arquivo (WGS 84, declarado ou padrão do formato) é geográfico, "
        "mas as coordenadas não são graus (x ")
    assert str(e.value).endswith("; esperado longitude e latitude em graus, ou o CRS projetado "
                                 "declarado no arquivo")


def test_unknown_extension_and_missing_file(tmp_path):
    with pytest.raises(GeoError) as e:
        read_area(tmp_path / "area.csv")
    assert str(e.value) == ("area.csv: formato não reconhecido (extensão '.csv'); esperado GeoJSON "
                            "(.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip), KML (.kml) "
                            "ou KMZ (.kmz)")
    with pytest.raises(GeoError) as e:
        read_area(tmp_path / "nada.kml")
    assert str(e.value) == f"{tmp_path / 'nada.kml'}: arquivo não encontrado"


def test_file_that_is_not_a_kml(tmp_path):
    path = tmp_path / "area.kml"
    path.write_text("isto não é KML", encoding="utf-8")
    with pytest.raises(GeoError, match=r"^area\.kml: não foi possível ler o arquivo como KML: "):
        read_area(path)


def test_zipped_folder_with_the_shapefile_inside_is_read(drawn, tmp_path):
    folder = tmp_path / "limites"
    folder.mkdir()
    gpd.GeoDataFrame(geometry=[drawn], crs="EPSG:4674").to_file(folder / "area.shp")
    path = tmp_path / "limites.zip"
    with zipfile.ZipFile(path, "w") as z:
        for f in sorted(folder.iterdir()):
            z.write(f, f"limites/{f.name}")
    assert geodesic_area_km2(read_area(path)) == pytest.approx(DRAWN_KM2, abs=1e-3)


def test_zip_without_a_shapefile_and_a_file_that_is_not_a_zip(tmp_path):
    path = tmp_path / "area.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("leia-me.txt", "limites")
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == ("area.zip: nenhum arquivo .shp dentro do .zip (encontrado: "
                            "leia-me.txt); esperado um Shapefile compactado (.shp, .shx, .dbf e "
                            ".prj)")
    path.write_text("não é zip", encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == ("area.zip: não é um arquivo .zip válido (o conteúdo não é um arquivo "
                            "compactado zip (arquivo truncado, corrompido ou de outro formato)); "
                            "esperado um Shapefile compactado (.shp, .shx, .dbf e .prj num .zip)")


# --- Hostile files: each refused in pt-BR, with the library's text only as a detail ----------

SQUARE = [[-48.8, -16.1], [-48.75, -16.1], [-48.75, -16.15], [-48.8, -16.15], [-48.8, -16.1]]


def _geojson(tmp_path: Path, rings, crs: str | None = None, raw: str | None = None) -> Path:
    doc = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": rings}}]}
    if crs:
        doc["crs"] = {"type": "name", "properties": {"name": crs}}
    path = tmp_path / "area.geojson"
    path.write_text(raw if raw is not None else json.dumps(doc), encoding="utf-8")
    return path


def _refusal(path: Path) -> str:
    with pytest.raises(GeoError) as e:
        read_area(path)
    return str(e.value)


@pytest.mark.parametrize("value, shown", [("NaN", "NaN"), ("1e308", "1,0 × 10^308"),
                                          ("2000000000", "2.000.000.000")])
def test_a_coordinate_that_is_not_a_number_is_refused(tmp_path, value, shown):
    text = json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                       "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}]})
    path = _geojson(tmp_path, None, raw=text.replace("-48.75, -16.1]", f"{value}, -16.1]", 1))
    assert _refusal(path) == (
        f"area.geojson: o vértice ({shown}, -16,1) não é uma coordenada válida (número ausente, "
        "infinito ou fora de qualquer sistema de referência); esperadas longitude e latitude em "
        "graus, ou metros do CRS declarado")


def test_a_ring_of_two_points_says_it_has_no_area(tmp_path):
    a, b = [-48.8, -16.1], [-48.75, -16.1]
    assert _refusal(_geojson(tmp_path, [[a, b, a]])) == (
        "area.geojson: nenhum polígono com área no arquivo: 1 polígono sem área (anel com menos "
        "de 3 vértices distintos, vértices todos numa linha, ou um buraco do tamanho do "
        "polígono); esperado ao menos um polígono fechado com área")


def test_an_open_ring_is_named_with_the_library_text_as_a_detail(tmp_path):
    msg = _refusal(_geojson(tmp_path, [SQUARE[:2]]))
    assert msg == (
        "area.geojson: não foi possível ler a camada 'area' como GeoJSON: um anel do polígono "
        "não é fechado (o último vértice deve repetir o primeiro) ou tem menos de 4 vértices; "
        "esperado um GeoJSON válido: exporte-o de novo do programa de origem (QGIS, Google "
        "Earth, geojson.io) (detalhe técnico: IllegalArgumentException: Points of LinearRing "
        "do not form a closed linestring)")


def test_a_hole_equal_to_its_shell_leaves_no_area(tmp_path):
    assert _refusal(_geojson(tmp_path, [SQUARE, SQUARE])).startswith(
        "area.geojson: nenhum polígono com área no arquivo: 1 polígono sem área")


def test_an_unknown_epsg_code_is_refused_with_the_code(tmp_path):
    assert _refusal(_geojson(tmp_path, [SQUARE], crs="EPSG:999999")) == (
        "area.geojson: o arquivo declara o sistema de referência 'EPSG:999999', que não existe "
        "no registro EPSG; esperado um CRS conhecido, como EPSG:4674 (SIRGAS 2000) ou EPSG:31982 "
        "(SIRGAS 2000 / UTM 22S), ou nenhum membro 'crs' (longitude e latitude WGS84)")


def test_a_declared_known_crs_is_still_read(tmp_path):
    area = read_area(_geojson(tmp_path, [SQUARE], crs="urn:ogc:def:crs:EPSG::4674"))
    assert geodesic_area_km2(area) == pytest.approx(29.59, abs=0.01)


@pytest.mark.parametrize("name, text, reason, detail", [
    ("area.geojson", '{"type": "FeatureCollection", "features": [',
     "o JSON do arquivo está incompleto ou malformado (arquivo truncado ou editado à mão?)",
     "Failed to read GeoJSON data"),
    ("area.kml", "<kml><Document>", "o XML do arquivo está malformado (arquivo truncado ou "
                                    "editado à mão?)", "ERROR parsing kml"),
    # An SQLite header and nothing of a database (another content is refused before GDAL:
    # test_geo_area_file_hostile.py)
    ("area.gpkg", "SQLite format 3\0isto não é um GeoPackage",
     "o conteúdo não é de um arquivo GeoPackage (extensão trocada, arquivo vazio ou "
     "corrompido?)", "not recognized as being in a supported file format"),
])
def test_gdal_messages_become_what_the_user_can_do(tmp_path, name, text, reason, detail):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    msg = _refusal(path)
    what = {"area.geojson": "GeoJSON", "area.kml": "KML", "area.gpkg": "GeoPackage"}[name]
    assert msg.startswith(f"{name}: não foi possível ler o arquivo como {what}: {reason}; esperado "
                          f"um {what} válido: exporte-o de novo do programa de origem (QGIS, "
                          f"Google Earth, geojson.io) (detalhe técnico: ")
    assert detail in msg


def test_a_long_number_is_quoted_in_eighty_characters_and_a_huge_object_named(tmp_path):
    """Fourth hostile trial: a 5.000-digit number gave a 5,6 KB message, and a valid GeoJSON
    with a property array of 5·10⁶ elements was called truncated."""
    path = tmp_path / "a.geojson"
    ring = "[[-48.9,-16.2],[-48.8,-16.2],[-48.8,-16.1],[-48.9,-16.2]]"
    path.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature", '
                    f'"properties": {{"n": {"9" * 5000}}}, "geometry": {{"type": "Polygon", '
                    f'"coordinates": [{ring}]}}}}]}}', encoding="utf-8")
    msg = _refusal(path)
    assert msg.startswith("a.geojson: não foi possível ler o arquivo como GeoJSON: um número do "
                          "JSON é longo demais ou está mal escrito; esperado um GeoJSON válido")
    assert f"{'9' * 80}… (5.000 caracteres)" in msg and "9" * 81 not in msg
    assert len(msg) < 600
    path.write_text('{"type": "FeatureCollection", "features": [{"type": "Feature", '
                    f'"properties": {{"n": [{",".join(["1"] * 5_000_000)}]}}, "geometry": '
                    f'{{"type": "Polygon", "coordinates": [{ring}]}}}}]}}', encoding="utf-8")
    assert path.stat().st_size < 10 * 1024 * 1024
    assert _refusal(path).startswith(
        "a.geojson: não foi possível ler o arquivo como GeoJSON: um objeto do GeoJSON é grande "
        "ou complexo demais para o leitor (p. ex. um atributo com uma lista de milhões de "
        "valores): exporte o arquivo só com os limites, sem esses atributos; esperado um "
        "GeoJSON válido")


def test_a_symlink_loop_and_a_fifo_are_named_for_what_they_are(tmp_path):
    import os

    (tmp_path / "a.geojson").symlink_to(tmp_path / "b.geojson")
    (tmp_path / "b.geojson").symlink_to(tmp_path / "a.geojson")
    expected = ("esperado GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip), "
                "KML (.kml) ou KMZ (.kmz)")
    assert _refusal(tmp_path / "a.geojson") == (
        f"{tmp_path / 'a.geojson'}: link simbólico em laço (aponta, direta ou "
        f"indiretamente, para si mesmo); {expected}")
    os.mkfifo(tmp_path / "fifo.kml")
    assert _refusal(tmp_path / "fifo.kml") == (
        f"fifo.kml: é um FIFO (pipe nomeado), não um arquivo comum; {expected}")


def _kml_square(n: int) -> str:
    """A KML polygon of ``n`` vertices on a small circle inside Abadiânia."""
    import math

    pts = [(-48.7 + 0.05 * math.cos(2 * math.pi * i / n), -16.2 + 0.05 * math.sin(2 * math.pi * i / n))
           for i in range(n)]
    coords = " ".join(f"{x:.7f},{y:.7f}" for x, y in pts + pts[:1])
    return ('<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
            "<Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
            f"{coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>"
            "</Document></kml>")


def test_a_kmz_bomb_is_refused_from_its_directory_in_under_a_second(tmp_path):
    import time

    path = tmp_path / "bomba.kmz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("doc.kml", _kml_square(50))
        with z.open("lixo.bin", "w", force_zip64=True) as fh:
            block = b"\0" * (1 << 20)
            for _ in range(200):  # 200 MB of zeros: about 200 kB compressed
                fh.write(block)
    t0 = time.perf_counter()
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert time.perf_counter() - t0 < 1.0
    packed = path.stat().st_size / 1e6
    assert str(e.value) == (
        "bomba.kmz: o arquivo compactado se expande para mais de 209,7 MB; esperado no máximo "
        "100,0 MB descompactados e uma taxa de compressão de no máximo 100 para 1 (simplifique "
        "ou recorte o limite antes de exportá-lo)")
    assert packed < 1


def test_a_small_archive_with_a_huge_ratio_is_refused(tmp_path):
    path = tmp_path / "area.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("area.shp", b"\0" * 20_000_000)
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value).startswith("area.zip: o arquivo compactado se expande ")
    assert str(e.value).endswith(" vezes (0,0 MB para 20,0 MB); esperada uma taxa de compressão "
                                 "de no máximo 100 para 1 e no máximo 100,0 MB descompactados "
                                 "(um arquivo que se expande tanto não é um limite desenhado)")


def test_an_archive_lying_about_its_sizes_is_caught_while_inflating(tmp_path):
    import struct

    path = tmp_path / "mentira.kmz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("doc.kml", _kml_square(50) + " " * 3_000_000)
    data = bytearray(path.read_bytes())
    # the central directory says the member inflates to 100 bytes
    cd = data.rfind(b"PK\x01\x02")
    data[cd + 24:cd + 28] = struct.pack("<I", 100)
    lh = data.find(b"PK\x03\x04")
    data[lh + 22:lh + 26] = struct.pack("<I", 100)
    path.write_bytes(bytes(data))
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value).startswith("mentira.kmz: não é um arquivo .kmz válido (")


def test_a_polygon_above_the_vertex_limit_is_refused_in_seconds(tmp_path):
    import time

    path = tmp_path / "denso.kml"
    path.write_text(_kml_square(60_000), encoding="utf-8")
    t0 = time.perf_counter()
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert time.perf_counter() - t0 < 10
    assert str(e.value) == (
        "denso.kml: os polígonos do arquivo têm 60.001 vértices; esperado no máximo 50.000 (o "
        "limite de um município tem alguns milhares). Simplifique o limite no programa em que "
        "foi desenhado (no QGIS: Vetor › Geometria › Simplificar, com uma tolerância de poucos "
        "metros) e registre a simplificação no processo; o estudo mede a área no polígono dado, "
        "sem simplificá-lo por conta própria")
    ok = tmp_path / "bom.kml"
    ok.write_text(_kml_square(5_000), encoding="utf-8")
    assert read_area(ok).area > 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_a_boundary_file_is_refused_by_type(tmp_path):
    path = tmp_path / "limites.geojson"
    os.mkfifo(path)
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == ("limites.geojson: é um FIFO (pipe nomeado), não um arquivo comum; "
                            "esperado GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile "
                            "compactado (.zip), KML (.kml) ou KMZ (.kmz)")


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from viabilidade.geo import area_file

    monkeypatch.setattr(area_file, "MAX_FILE_BYTES", 1_000_000)
    path = tmp_path / "grande.geojson"
    path.write_text(" " * 2_000_000, encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_area(path)
    assert str(e.value) == ("grande.geojson: o arquivo tem 2,0 MB; esperado no máximo 1,0 MB (um "
                            "limite desenhado tem alguns milhares de vértices: simplifique-o ou "
                            "recorte-o antes de exportá-lo)")


def test_no_english_library_warning_accompanies_the_refusal(tmp_path):
    import warnings

    text = json.dumps({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
                       "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}]})
    for raw in (text.replace("-48.75, -16.1]", "NaN, -16.1]", 1),      # shapely: invalid value
                text.replace(", [-48.8, -16.1]]]", "]]", 1)):          # GDAL: non closed ring
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with pytest.raises(GeoError):
                read_area(_geojson(tmp_path, None, raw=raw))
        assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("name", ["vazio.kml", "vazio.geojson", "vazio.kmz"])
def test_a_zero_byte_file_is_said_to_be_empty(tmp_path, name):
    """Hostile retrial J: a zero-byte KML read 'o XML do arquivo está malformado'."""
    p = tmp_path / name
    p.write_bytes(b"")
    with pytest.raises(GeoError) as e:
        read_area(p)
    assert str(e.value) == (
        f"{name}: o arquivo está vazio (0 bytes); esperado GeoJSON (.geojson), GeoPackage "
        "(.gpkg), Shapefile compactado (.zip), KML (.kml) ou KMZ (.kmz) com o desenho (exportado "
        "de novo do programa em que foi feito)")


def test_a_nan_vertex_is_refused_without_an_english_warning(tmp_path):
    """Hostile retrial H: shapely's 'RuntimeWarning: invalid value encountered in force_2d'
    reached stderr before the pt-BR refusal."""
    import warnings

    p = tmp_path / "nan.kml"
    p.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'
        "<Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
        "-48.80021,-16.06047,0 nan,-16.07415,0 -48.75813,-16.09845,0 -48.77376,-16.12402,0 "
        "-48.80021,-16.06047,0</coordinates></LinearRing></outerBoundaryIs></Polygon>"
        "</Placemark></Document></kml>\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(GeoError) as e:
            read_area(p)
    assert str(e.value) == (
        "nan.kml: o vértice (NaN, -16,1) não é uma coordenada válida (número ausente, infinito "
        "ou fora de qualquer sistema de referência); esperadas longitude e latitude em graus, ou "
        "metros do CRS declarado")


def test_a_geojson_is_parsed_once_for_its_crs(drawn, tmp_path, monkeypatch):
    """The declared CRS is checked (no link, an EPSG code) and read from one parse of the
    file: the area is the same, in UTM 22S, and Python's JSON parser reads the file once."""
    utm = gpd.GeoDataFrame(geometry=[drawn], crs="EPSG:4674").to_crs("EPSG:31982")
    path = tmp_path / "uma-vez.geojson"
    doc = json.loads(utm.to_json())
    doc["crs"] = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::31982"}}
    text = json.dumps(doc)
    path.write_text(text, encoding="utf-8")
    parses = []
    loads = json.loads

    def counting(s, *a, **kw):
        if s == text:
            parses.append(1)
        return loads(s, *a, **kw)

    monkeypatch.setattr(json, "loads", counting)
    area = read_area(path)
    assert geodesic_area_km2(area) == pytest.approx(DRAWN_KM2, rel=1e-5)
    assert len(parses) == 1
