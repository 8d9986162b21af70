"""The explorer's unit popups and GIS exports (issue 31, GIS tools), on the real store."""

import io
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
KML = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
CENSUS = ("publicado", "IBGE, Censo Demográfico 2022 — Agregados por municípios/distritos "
                       "(resultados do universo)")
#: Inside the approximate territory of Posse d'Abadia (district of Abadiânia).
IN_POSSE = (-48.8220, -16.1047)


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


def test_popup_rows_are_the_studys_figures_with_their_bases(store):
    from viabilidade.explore.tools.popup import Row, district_rows, municipality_rows

    assert municipality_rows(store, "5200100") == [
        Row("População", "17.232 habitantes", *CENSUS),
        Row("Eleitores", "12.614", "publicado", "TSE, perfil do eleitorado de 2026 (julho de "
                                                "2026, data não conferida)"),
        Row("Área", "1.044,555 km²", "publicado", "IBGE, Áreas Territoriais 2022 (área territorial oficial)")]
    # Bom Jesus de Goiás: the roll the studies read estimates it (the profile file lacks it).
    assert municipality_rows(store, "5203500")[1] == Row("Eleitores", "18.155", "estimado", "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida)")
    assert district_rows(store, "520010010") == [Row("População", "3.045 habitantes", *CENSUS),
                                                 Row("Área", "301,761 km²", *CENSUS)]
    with pytest.raises(KeyError):
        municipality_rows(store, "5299999")


def test_units_under_the_pointer_municipality_then_district(store):
    from viabilidade.explore.leaflet_map import district_territories
    from viabilidade.explore.tools.popup import popup_html, units_at

    cells = district_territories(store, municipalities=["5200100"])
    assert units_at(store, *IN_POSSE, cells) == [("5200100", "municipio"), ("520010010", "distrito")]
    assert units_at(store, *IN_POSSE) == [("5200100", "municipio")]
    assert units_at(store, -48.6, -16.1, cells) == [("5200308", "municipio")]      # Alexânia
    assert units_at(store, -40.0, -16.0, cells) == []
    text = popup_html(store, units_at(store, *IN_POSSE, cells), cells)
    assert "<b>Abadiânia — município</b><br><span style='color:#546e7a'>código IBGE 5200100</span>" in text
    assert ("<b>Posse d&#x27;Abadia (distrito de Abadiânia) — território aproximado, não é limite "
            "legal</b><br><span style='color:#546e7a'>código IBGE 520010010</span>") in text
    assert "<b>3.045 habitantes</b>" in text and "<b>17.232 habitantes</b>" in text
    # Each source once, numbered; the district's figures cite the Censo's note (1).
    assert text.count("IBGE, Censo Demográfico 2022 — Agregados") == 1
    assert ("<div><sup>3</sup> IBGE, Áreas Territoriais 2022 (área territorial oficial)</div>") in text
    assert "<td style='color:#546e7a'>publicado<sup>1</sup></td></tr><tr><td>Área</td><td " \
           "style='text-align:right'><b>301,761 km²</b></td><td style='color:#546e7a'>publicado" \
           "<sup>1</sup></td>" in text
    assert popup_html(store, []) == "<div class='viab-popup'>Fora de Goiás: nenhum município aqui.</div>"


def test_right_click_opens_the_popup_and_a_left_click_still_picks(store):
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import ScenarioMap
    from viabilidade.explore.scenario import Scenario
    from viabilidade.explore.tools.popup import UnitPopup

    picked = []
    m = ScenarioMap(store, picked.append, basemap=False)
    m.show(Scenario.for_district(store, "520010010"))
    pop = UnitPopup(store, m)
    assert pop.popup not in m.map.layers
    m.map._handle_leaflet_event(None, {"event": "interaction", "type": "contextmenu",
                                       "coordinates": [IN_POSSE[1], IN_POSSE[0]]}, [])
    assert pop.popup in m.map.layers and tuple(pop.popup.location) == (IN_POSSE[1], IN_POSSE[0])
    assert pop.units == [("5200100", "municipio"), ("520010010", "distrito")]
    assert "301,761 km²" in pop.content.value and picked == []
    m.map._handle_leaflet_event(None, {"event": "interaction", "type": "click",
                                       "coordinates": [IN_POSSE[1], IN_POSSE[0]]}, [])
    m._clicked(properties={"code": "520010010"})
    assert picked == ["520010010"]
    # A second right click moves the one popup.
    pop.show(-48.6, -16.1)
    assert [layer for layer in m.map.layers if layer is pop.popup] == [pop.popup]
    assert pop.units == [("5200308", "municipio")]


def _read_back(files: dict, stem: str, tmp_path):
    import geopandas as gpd
    import pandas as pd

    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    gpkg = gpd.read_file(tmp_path / f"{stem}-cenarios.gpkg")
    shp = gpd.read_file(f"zip://{tmp_path / f'{stem}-cenarios-shp.zip'}")
    raw = pd.read_csv(tmp_path / f"{stem}-cenarios.csv", dtype={"cod_origem": str})
    csv = gpd.GeoDataFrame(raw.drop(columns="WKT"), geometry=gpd.GeoSeries.from_wkt(raw["WKT"]),
                           crs="EPSG:4674")
    return gpkg, shp, csv


#: The electors of the KML's area, estimated from the populations it reaches × the TSE/Censo
#: ratio (1.238,8 in the study): whole in the export.
KML_ELECTORS = 1239.0


def test_exports_read_back_with_the_studys_area(store, tmp_path):
    from viabilidade.explore.compare import Kept
    from viabilidade.explore.scenario import Scenario, run_scenario
    from viabilidade.explore.tools.export import COLUMNS, export_files
    from viabilidade.geo.measure import geodesic_area_km2

    district = Scenario.for_district(store, "520010010")
    drawn = district.replace(boundary=KML, districts=())
    kml_analysis = run_scenario(drawn, store, alternatives=False)
    study = kml_analysis.profile.area.area_km2
    assert (study.value, str(study.basis)) == (46.595, "measured")
    files, notes = export_files("posse", (district, run_scenario(district, store, alternatives=False)),
                                [Kept("desenho em KML", drawn, kml_analysis)], store)
    assert notes == [] and sorted(files) == ["posse-cenarios-shp.zip", "posse-cenarios.csv",
                                             "posse-cenarios.gpkg"]
    assert sorted(zipfile.ZipFile(io.BytesIO(files["posse-cenarios-shp.zip"])).namelist()) == [
        f"posse-cenarios.{e}" for e in ("cpg", "dbf", "prj", "shp", "shx")]
    for frame in _read_back(files, "posse", tmp_path):
        assert frame.crs.to_epsg() == 4674
        assert list(frame.columns) == [*COLUMNS, "geometry"]
        assert list(frame["cenario"]) == ["cenário atual", "desenho em KML"]
        now, kml = frame.iloc[0], frame.iloc[1]
        # The drawn area: its polygon measures what the study measured, to the study's 0,001 km².
        assert geodesic_area_km2(kml.geometry) == pytest.approx(46.595, abs=5e-4)
        assert (kml.area_km2, kml.area_base, kml.area_geod) == (46.595, "medido", 46.59)
        assert kml.limites == "arquivo de limites da área" and kml.cod_origem == "5200100"
        assert kml.vedacao == ("a criação está vedada enquanto não editada a lei complementar "
                               "federal (CF, art. 18, § 4º)")
        assert kml.conclusao.startswith("Viabilidade indeterminada perante a LC nº 2/1990")
        # The district: the Censo's area (published) beside its approximate territory measured.
        assert (now.populacao, now.pop_base, now.area_km2, now.area_base) == (3045, "publicado",
                                                                               301.761, "publicado")
        assert now.eleit_base == "estimado" and now.sistema == "SIRGAS 2000 (EPSG:4674)"
        assert now.limites.startswith("território aproximado dos distritos")
        assert now.area_geod == pytest.approx(geodesic_area_km2(now.geometry), abs=0.005)
        assert abs(now.area_geod - 301.761) > 1          # not a legal limit, and not the Censo's area
        # Electors whole: the drawn area's estimate is not given to tenths of a person.
        assert float(kml.eleitores) == KML_ELECTORS and kml.eleit_base == "estimado"
    # A polygon drawn on the map (its file one of the explorer's drawings): «polígono
    # desenhado no mapa», never «arquivo de limites da área» (issue 31).
    files, _ = export_files("posse", (drawn, kml_analysis), [], store, drawings={KML})
    for frame in _read_back(files, "posse", tmp_path):
        assert list(frame["limites"]) == ["polígono desenhado no mapa"]


def test_export_refusals_and_shapefile_texts(store):
    from viabilidade.explore.tools.export import DBF_TEXT_BYTES, _dbf_text, export_files

    with pytest.raises(ValueError) as e:
        export_files("x", (None, None), [], store)
    assert str(e.value) == "não há cenário válido para exportar; corrija o cenário atual ou guarde um"
    long = "á" * 200                                      # 400 bytes
    cut = _dbf_text(long)
    assert len(cut.encode("utf-8")) <= DBF_TEXT_BYTES and cut.endswith("…") and cut.startswith("á" * 125)
    assert _dbf_text("curto") == "curto" and _dbf_text(None) is None
