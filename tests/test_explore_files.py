"""Files in and out of the explorer: a browser upload read as the study reads it, and downloads."""

import base64
import datetime as dt
import re
import zipfile
from pathlib import Path

import pytest

from viabilidade.profile.analysis import analyse
from viabilidade.errors import GeoError

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
KML = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
#: A KML with a pin and no polygon: the study refuses it.
PIN = (b'<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>'
       b"<Point><coordinates>-48.8,-16.1</coordinates></Point></Placemark></Document></kml>")
NO_POLYGON = ("ruim.kml: nenhum polígono no arquivo (encontrado: Point); esperado ao menos um Polygon "
              "ou MultiPolygon com os limites da área")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture
def explorer(store, tmp_path):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    e = Explorer(store, draw_map=False)
    e.controls["save_path"].value = str(tmp_path / "cands") + "/"
    return e


def test_store_upload_checks_with_the_studys_reader_and_keeps_the_name(tmp_path):
    from viabilidade.explore.files import store_upload
    from viabilidade.geo.area_file import read_area

    folder = tmp_path / "cands"
    path = store_upload(r"C:\Users\ana\Desktop\posse-dabadia-desenhada.kml", KML.read_bytes(), folder)
    assert path == folder / "posse-dabadia-desenhada.kml" and path.read_bytes() == KML.read_bytes()
    assert read_area(path).equals(read_area(KML))
    # The same bytes again reuse the file; other bytes of that name get -2.
    assert store_upload("posse-dabadia-desenhada.kml", KML.read_bytes(), folder) == path
    other = KML.read_bytes().replace(b"-48.8", b"-48.81")
    assert store_upload("posse-dabadia-desenhada.kml", other, folder) == folder / "posse-dabadia-desenhada-2.kml"
    with pytest.raises(GeoError) as e:
        store_upload("ruim.kml", PIN, folder)
    assert str(e.value) == NO_POLYGON
    assert not (folder / "ruim.kml").exists()
    with pytest.raises(GeoError) as e:
        store_upload("limites.shp", b"x", folder)
    assert str(e.value).startswith("limites.shp: formato não reconhecido (extensão '.shp'); esperado "
                                   "GeoJSON (.geojson), GeoPackage (.gpkg), Shapefile compactado (.zip)")
    with pytest.raises(GeoError) as e:
        store_upload("vazio.geojson", b"", folder)
    assert str(e.value).startswith("vazio.geojson: o arquivo está vazio (0 bytes)")
    assert sorted(p.name for p in folder.iterdir()) == ["posse-dabadia-desenhada-2.kml",
                                                        "posse-dabadia-desenhada.kml"]


def test_an_uploaded_kml_gives_the_figures_of_the_study_of_that_file(explorer, store, tmp_path):
    study = analyse(REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.toml", store=store)
    path = explorer.upload("posse-dabadia-desenhada.kml", KML.read_bytes())
    assert path == tmp_path / "cands" / "posse-dabadia-desenhada.kml"
    s, a = explorer.scenario, explorer.analysis
    assert s.boundary == path and s.districts == () and s.origins == ("5200100",)
    assert "Limites da área: posse-dabadia-desenhada.kml, guardado em" in explorer.panes["upload"].value
    area = a.profile.area
    assert (area.population.value, area.electors.value, area.area_km2.value) == (1692, 1238.8, 46.595)
    assert (area.population.value, area.electors.value, area.area_km2.value) == (
        study.profile.area.population.value, study.profile.area.electors.value,
        study.profile.area.area_km2.value)
    assert [(r.rule_id, r.status) for r in a.results] == [(r.rule_id, r.status) for r in study.results]
    # Saved beside the upload, the candidate refers to it and the study reads the same polygon.
    saved = explorer.save()
    assert saved.parent == path.parent and 'boundary = "posse-dabadia-desenhada.kml"' in saved.read_text("utf-8")
    again = analyse(saved, store=store)
    assert again.profile.area.area_km2.value == 46.595
    assert [(r.rule_id, r.status) for r in again.results] == [(r.rule_id, r.status) for r in study.results]


def test_the_limits_field_names_an_upload_as_the_user_knows_it_not_its_saved_path(explorer, tmp_path):
    # «Arquivo de limites da área» showed the saved copy's whole path, a folder of the server
    # the user never chose (issue 31): it shows the uploaded file's name, standing for the copy.
    c, cands = explorer.controls, tmp_path / "cands"
    path = explorer.upload(r"C:\Users\ana\posse-dabadia-desenhada.kml", KML.read_bytes())
    assert path == cands / "posse-dabadia-desenhada.kml"
    assert c["boundary"].value == "posse-dabadia-desenhada.kml" and explorer.scenario.boundary == path
    assert explorer.analysis is not None and explorer.analysis.profile.area.area_km2.value == 46.595
    # Another file of that name is kept as -2 beside the first: shown by the user's name, and
    # the study reads that one.
    other = KML.read_bytes().replace(b"-48.8", b"-48.81")
    second = explorer.upload("posse-dabadia-desenhada.kml", other)
    assert second == cands / "posse-dabadia-desenhada-2.kml"
    assert c["boundary"].value == "posse-dabadia-desenhada.kml" and explorer.scenario.boundary == second
    # Undo brings the first back, by its name; a path typed in the field is read as typed.
    c["undo"].click()
    assert explorer.scenario.boundary == path and c["boundary"].value == "posse-dabadia-desenhada.kml"
    # A session restored by a new kernel names it too: it lies in «Salvar em»'s folder.
    from viabilidade.explore.widgets import Explorer

    explorer.open_session(tmp_path / "sessao.json")
    restored = Explorer(explorer.store, draw_map=False, state_file=tmp_path / "sessao.json")
    assert restored.scenario.boundary == path
    assert restored.controls["boundary"].value == "posse-dabadia-desenhada.kml"
    c["boundary"].value = str(second)
    assert explorer.scenario.boundary == second and c["boundary"].value == str(second)
    # A bare name the explorer did not put there is not taken for its file.
    c["boundary"].value = "posse-dabadia-desenhada.kml"
    assert explorer.analysis is None and explorer.scenario.boundary == second
    assert ("o arquivo posse-dabadia-desenhada.kml não existe" in explorer.panes["message"].value)


def test_a_refused_upload_gives_the_cli_message_naming_the_file(explorer, tmp_path, capsys):
    from viabilidade.cli import main

    before = (explorer.scenario, explorer.analysis)
    assert explorer.upload("ruim.kml", PIN) is None
    pane = explorer.panes["upload"].value
    assert pane == ('<p style="color:#b71c1c"><b>Arquivo recusado</b> — «Enviar arquivo de limites» '
                    f"(aba Área): {NO_POLYGON}. A área continua a anterior.</p>")
    assert (explorer.scenario, explorer.analysis) == before
    assert not (tmp_path / "cands").exists() or not list((tmp_path / "cands").iterdir())
    # The CLI says the same of a candidate that names such a file.
    (tmp_path / "ruim.kml").write_bytes(PIN)
    toml = (REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.toml").read_text("utf-8")
    (tmp_path / "c.toml").write_text(toml.replace("posse-dabadia-desenhada.kml", "ruim.kml"), "utf-8")
    assert main(["estudo", str(tmp_path / "c.toml"), "--saida", str(tmp_path / "out")]) != 0
    assert NO_POLYGON in capsys.readouterr().err


def test_the_upload_widget_feeds_the_area_and_resets(explorer, tmp_path):
    up = explorer.controls["upload"]
    assert up.description == "Enviar arquivo de limites" and ".kml" in up.accept and ".zip" in up.accept
    up.value = ({"name": "posse-dabadia-desenhada.kml", "type": "", "size": KML.stat().st_size,
                 "content": memoryview(KML.read_bytes()),
                 "last_modified": dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)},)
    assert explorer.scenario.boundary == tmp_path / "cands" / "posse-dabadia-desenhada.kml"
    # The button counts the uploaded files in use: «(1)» now, not a «(0)» stuck after every
    # upload (issue 31).
    assert len(up.value) == 1 and up.value[0]["name"] == "posse-dabadia-desenhada.kml"
    # Undo takes the upload back: the district returns as the area, the upload's note goes,
    # and the count with it (the same file can be sent again).
    explorer.controls["undo"].click()
    assert explorer.scenario.boundary is None and explorer.scenario.districts == ("520010010",)
    assert explorer.panes["upload"].value == "" and up.value == ()
    # A refusal's note stays until the area changes.
    assert explorer.upload("ruim.kml", PIN) is None
    assert "Arquivo recusado" in explorer.panes["upload"].value
    explorer.controls["redo"].click()
    assert explorer.panes["upload"].value == ""


def test_recortar_clips_an_uploaded_limits_file_to_the_origin(explorer, tmp_path):
    # «Recortar pelo município de origem» did not apply to uploaded files (issue 31). A square
    # straddling Abadiânia's western border (-48,96°), as in the drawing's test: whole, the
    # study refuses it; clipped, 61,59 km² go and 56,74 km² stay, as for the same drawing.
    from viabilidade.explore.leaflet_map import boundary_geojson
    from viabilidade.geo.area_file import read_area
    from viabilidade.geo.measure import geodesic_area_km2

    ring = [[-48.98, -16.25], [-48.88, -16.25], [-48.88, -16.15], [-48.98, -16.15], [-48.98, -16.25]]
    square = boundary_geojson({"type": "Polygon", "coordinates": [ring]}, "5200100", "Quadrado").encode()
    assert explorer.upload("quadrado.geojson", square) is None
    assert "Arquivo recusado" in explorer.panes["upload"].value
    assert explorer.scenario.districts == ("520010010",)
    explorer.controls["clip"].value = True
    used = explorer.upload("quadrado.geojson", square)
    assert used == tmp_path / "cands" / "quadrado-recortado.geojson"
    assert explorer.scenario.boundary == used and explorer.analysis is not None
    assert ("Recortado pelo município de origem (Abadiânia): 61,59 km² do arquivo fora dele foram "
            "retirados.") in explorer.panes["upload"].value
    assert round(geodesic_area_km2(read_area(used)), 2) == 56.74
    assert sorted(p.name for p in used.parent.iterdir()) == ["quadrado-recortado.geojson", "quadrado.geojson"]
    # A file wholly outside the origin: nothing would be left, the area before stays.
    away = [[-49.2, -16.3], [-49.1, -16.3], [-49.1, -16.2], [-49.2, -16.2], [-49.2, -16.3]]
    outside = boundary_geojson({"type": "Polygon", "coordinates": [away]}, "5200100", "Fora").encode()
    assert explorer.upload("fora.geojson", outside) is None
    assert explorer.panes["upload"].value == (
        '<p style="color:#b71c1c">O arquivo enviado fica todo fora de Abadiânia: recortado, nada '
        "sobraria. Envie um arquivo com a área dentro do município de origem ou desmarque «Recortar "
        "pelo município de origem».</p>")
    assert explorer.scenario.boundary == used and not (tmp_path / "cands" / "fora.geojson").exists()


def test_undo_of_a_clip_unticks_recortar(explorer, tmp_path):
    # An uploaded square inside Abadiânia, then «Recortar» ticked (the clipped copy in use),
    # then «Desfazer»: the whole file is back and «Recortar» is unticked with it (issue 31:
    # it stayed ticked); «Refazer» ticks it again with the clipped copy.
    from viabilidade.explore.leaflet_map import boundary_geojson

    ring = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]
    square = boundary_geojson({"type": "Polygon", "coordinates": [ring]}, "5200100", "Quadrado").encode()
    whole = explorer.upload("quadrado.geojson", square)
    assert whole == tmp_path / "cands" / "quadrado.geojson" and explorer.scenario.boundary == whole
    explorer.controls["clip"].value = True
    clipped = tmp_path / "cands" / "quadrado-recortado.geojson"
    assert explorer.scenario.boundary == clipped
    explorer.undo()
    assert explorer.scenario.boundary == whole and explorer.controls["clip"].value is False
    explorer.redo()
    assert explorer.scenario.boundary == clipped and explorer.controls["clip"].value is True


def test_an_uploaded_urban_perimeter_is_saved_in_the_origin_table(explorer, store, tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    from viabilidade.proposal.candidate import load_candidate

    from viabilidade.geo.facts import seat_of

    # A 0,02° box around Abadiânia's seat.
    lat, lon = seat_of(store.seats, "5200100")
    src = tmp_path / "perimetro.geojson"
    gpd.GeoDataFrame(geometry=[box(lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01)],
                     crs="EPSG:4674").to_file(src)
    path = explorer.upload("perimetro.geojson", src.read_bytes(), role="urban_perimeter")
    assert explorer.scenario.urban_perimeter == path and explorer.analysis is not None
    assert "Perímetro urbano da origem: perimetro.geojson" in explorer.panes["upload"].value
    saved = explorer.save()
    assert 'urban_perimeter = "perimetro.geojson"' in saved.read_text("utf-8")
    assert load_candidate(saved).urban_perimeter == path.resolve()
    explorer.controls["clear_perimeter"].click()
    assert explorer.scenario.urban_perimeter is None


def test_downloads_toml_area_and_map(explorer, store, tmp_path):
    from viabilidade.explore.files import APPROXIMATE_NOTE
    from viabilidade.geo.area_file import read_area

    explorer.controls["edit_unit"].value = "520030810"          # + Olhos D'Água (Alexânia)
    explorer.controls["add"].click()
    explorer.controls["prepare"].click()
    pane = explorer.panes["downloads"].value
    links = dict(re.findall(r'<a download="([^"]+)" href="data:[^;]+;base64,([^"]+)"', pane))
    # Named after «Salvar em» (the folder the user typed is kept when the area changes).
    assert explorer.controls["save_path"].value == str(tmp_path / "cands") + "/"
    assert sorted(links) == ["posse-dabadia-area.geojson", "posse-dabadia-area.kml",
                             "posse-dabadia-mapa.png", "posse-dabadia.toml"]
    files = {n: base64.b64decode(b) for n, b in links.items()}
    assert files["posse-dabadia-mapa.png"][:8] == b"\x89PNG\r\n\x1a\n"
    assert 'districts = [\n    "520010010",\n    "520030810",\n]' in files["posse-dabadia.toml"].decode()
    for name in ("posse-dabadia-area.geojson", "posse-dabadia-area.kml"):
        (tmp_path / name).write_bytes(files[name])
        assert APPROXIMATE_NOTE.encode() in files[name]
        # Two districts' approximate territory, 492,9 km² (as the study measures it).
        geom = read_area(tmp_path / name)
        assert geom.geom_type == "MultiPolygon" and len(geom.geoms) == 2
    assert "território aproximado" in pane
    # The downloaded candidate runs the same study.
    (tmp_path / "baixado.toml").write_bytes(files["posse-dabadia.toml"])
    again = analyse(tmp_path / "baixado.toml", store=store)
    assert again.verdict == explorer.analysis.verdict
    assert again.profile.area.population.value == 4595


def test_a_scenario_with_limits_downloads_its_limits_file_beside_the_toml(explorer, store, tmp_path):
    explorer.upload("posse-dabadia-desenhada.kml", KML.read_bytes())
    files = explorer.prepare_downloads()
    assert files["posse-dabadia-desenhada.kml"] == KML.read_bytes()
    toml = files["posse-dabadia.toml"].decode()
    assert 'boundary = "posse-dabadia-desenhada.kml"' in toml
    out = tmp_path / "baixados"
    out.mkdir()
    for name in ("posse-dabadia-desenhada.kml", "posse-dabadia.toml"):
        (out / name).write_bytes(files[name])
    assert analyse(out / "posse-dabadia.toml", store=store).profile.area.area_km2.value == 46.595
    assert "O .toml se refere ao arquivo de limites pelo nome" in explorer.panes["downloads"].value


def test_area_exports_round_trip_through_the_studys_reader(store, tmp_path):
    from viabilidade.explore.files import area_geojson, area_geometry, area_kml
    from viabilidade.explore.scenario import Scenario
    from viabilidade.geo.area_file import read_area

    # A whole municipality (Cocalzinho de Goiás out of Corumbá de Goiás): the IBGE polygon.
    s = Scenario.for_municipality(store, "5205513", "5205802")
    geom, source = area_geometry(s.to_candidate(), store)
    assert source == "municipalities"
    for name, data in (("a.kml", area_kml(geom, s.name, source)),
                       ("a.geojson", area_geojson(geom, s.name, source))):
        (tmp_path / name).write_bytes(data)
        back = read_area(tmp_path / name)
        assert back.symmetric_difference(geom).area / geom.area < 1e-6
    assert b"<name>Cocalzinho de Goi\xc3\xa1s</name>" in (tmp_path / "a.kml").read_bytes()
    assert b'"crs"' not in (tmp_path / "a.geojson").read_bytes()          # RFC 7946: WGS84


def test_a_zipped_shapefile_upload(tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    from viabilidade.explore.files import store_upload

    shp = tmp_path / "shp"
    shp.mkdir()
    gpd.GeoDataFrame(geometry=[box(-48.83, -16.13, -48.77, -16.07)], crs="EPSG:4674").to_file(shp / "limite.shp")
    z = tmp_path / "limite.zip"
    with zipfile.ZipFile(z, "w") as f:
        for p in shp.iterdir():
            f.write(p, p.name)
    path = store_upload("limite.zip", z.read_bytes(), tmp_path / "cands")
    assert path.name == "limite.zip"
    (shp / "limite.prj").unlink()
    with zipfile.ZipFile(tmp_path / "sem-prj.zip", "w") as f:
        for p in shp.iterdir():
            f.write(p, p.name)
    with pytest.raises(GeoError) as e:
        store_upload("sem-prj.zip", (tmp_path / "sem-prj.zip").read_bytes(), tmp_path / "cands")
    assert str(e.value).startswith("sem-prj.zip: o arquivo não declara o sistema de referência (CRS)")
