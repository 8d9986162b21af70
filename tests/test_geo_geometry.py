"""read_boundaries: formats, CRS handling, make_valid repair, errors (data.geometry)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import geopandas as gpd
import pandas as pd
import pytest
import shapely

from viabilidade.data.geometry import read_boundaries
from viabilidade.errors import GeoError
from viabilidade.geo.measure import geodesic_area_km2

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
TBRUGZ = SHARED / "geo" / "go_municipios_tbrugz_geojs-52-mun.geojson"
CENSUS = SHARED / "census" / "go_censo2022_municipios_populacao_domicilios.csv"
needs_data = pytest.mark.skipif(not TBRUGZ.exists(), reason=f"shared data not found at {SHARED}")


@pytest.fixture(scope="module")
def tbrugz():
    return read_boundaries(TBRUGZ)


def _fc(features, crs=None):
    doc = {"type": "FeatureCollection", "features": features}
    if crs:
        doc["crs"] = {"type": "name", "properties": {"name": crs}}
    return doc


def _feature(code, name, geom):
    return {"type": "Feature", "properties": {"id": code, "name": name},
            "geometry": shapely.geometry.mapping(geom)}


@needs_data
def test_tbrugz_has_246_municipalities_in_sirgas(tbrugz):
    assert len(tbrugz) == 246
    assert list(tbrugz.columns) == ["cod_ibge", "nome", "geometry"]
    assert tbrugz.crs.to_epsg() == 4674
    assert str(tbrugz["cod_ibge"].dtype) == "string"
    assert tbrugz.geometry.is_valid.all()
    row = tbrugz[tbrugz["cod_ibge"] == "5214879"].iloc[0]
    assert row["nome"] == "Nova Iguaçu de Goiás"


@needs_data
@pytest.mark.parametrize("code", ["5213103", "5220702"])  # Mineiros, Sítio d'Abadia
def test_make_valid_keeps_full_area_of_invalid_polygons(tbrugz, code):
    census = pd.read_csv(CENSUS, dtype={"cod_ibge": str}).set_index("cod_ibge")
    expected = census.loc[code, "area_km2"]
    geom = tbrugz.set_index("cod_ibge").geometry[code]
    assert geodesic_area_km2(geom) == pytest.approx(expected, rel=0.01)
    # buffer(0) would keep only a sliver: the check above can fail.
    raw = gpd.read_file(TBRUGZ).set_index("id").geometry[code]
    assert not raw.is_valid
    assert geodesic_area_km2(raw.buffer(0)) < 0.1 * expected


@needs_data
def test_mineiros_seat_inside_repaired_polygon(tbrugz):
    seats = pd.read_csv(SHARED / "geo" / "go_sedes_municipais_mapaslivres_ibge.csv",
                        dtype={"municipio": str}).set_index("municipio")
    for code in ("5213103", "5220702"):
        geom = tbrugz.set_index("cod_ibge").geometry[code]
        assert geom.contains(shapely.Point(seats.loc[code, "lon"], seats.loc[code, "lat"]))


def _square(lon=-49.0, lat=-16.0, size=0.1):
    return shapely.box(lon, lat, lon + size, lat + size)


def test_geopackage_in_utm_is_reprojected(tmp_path):
    gdf = gpd.GeoDataFrame({"CD_MUN": ["5200050"], "NM_MUN": ["Abadia de Goiás"]},
                           geometry=[_square()], crs="EPSG:4674").to_crs("EPSG:31982")
    gdf.to_file(tmp_path / "b.gpkg", layer="municipios")
    out = read_boundaries(tmp_path / "b.gpkg", layer="municipios")
    assert out.crs.to_epsg() == 4674
    assert out.loc[0, "cod_ibge"] == "5200050" and out.loc[0, "nome"] == "Abadia de Goiás"
    assert out.geometry.iloc[0].equals_exact(_square(), tolerance=1e-7)


def _zip_shapefile(tmp_path, gdf, with_prj=True):
    gdf.to_file(tmp_path / "m.shp")
    z = tmp_path / "m.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for ext in ("shp", "shx", "dbf", "cpg") + (("prj",) if with_prj else ()):
            p = tmp_path / f"m.{ext}"
            if p.exists():
                zf.write(p, p.name)
    return z


def test_zipped_shapefile_with_integer_codes(tmp_path):
    gdf = gpd.GeoDataFrame({"cod_ibge": [5200050], "nome": ["A"]}, geometry=[_square()],
                           crs="EPSG:4674")
    out = read_boundaries(_zip_shapefile(tmp_path, gdf))
    assert out.loc[0, "cod_ibge"] == "5200050"
    assert out.crs.to_epsg() == 4674


def test_shapefile_without_prj_in_lonlat_is_taken_as_sirgas(tmp_path):
    gdf = gpd.GeoDataFrame({"cod_ibge": ["5200050"]}, geometry=[_square()], crs="EPSG:4674")
    out = read_boundaries(_zip_shapefile(tmp_path, gdf, with_prj=False))
    assert out.crs.to_epsg() == 4674
    assert out["nome"].isna().all()


def test_geojson_without_crs_and_metre_coordinates_is_rejected(tmp_path):
    utm = shapely.box(500000, 8200000, 510000, 8210000)
    p = tmp_path / "utm.geojson"
    p.write_text(json.dumps(_fc([_feature("5200050", "A", utm)])))
    with pytest.raises(GeoError, match=r"utm\.geojson: nenhum sistema de referência \(CRS\) "
                                       r"declarado e as coordenadas não são graus de "
                                       r"longitude/latitude \(x 500000\.0"):
        read_boundaries(p)


def test_geojson_with_declared_utm_crs_is_reprojected(tmp_path):
    utm = gpd.GeoSeries([_square()], crs="EPSG:4674").to_crs("EPSG:31982").iloc[0]
    p = tmp_path / "declared.geojson"
    p.write_text(json.dumps(_fc([_feature("5200050", "A", utm)], crs="EPSG:31982")))
    out = read_boundaries(p)
    assert out.geometry.iloc[0].equals_exact(_square(), tolerance=1e-7)


def test_non_polygon_feature_is_rejected_with_file_and_feature(tmp_path):
    p = tmp_path / "mixed.geojson"
    p.write_text(json.dumps(_fc([_feature("5200050", "A", _square()),
                                 _feature("5200100", "B", shapely.Point(-49, -16))])))
    with pytest.raises(GeoError, match=r"^mixed\.geojson: feição 1 \(cod_ibge 5200100\): "
                                       r"encontrada a geometria Point; esperado Polygon ou "
                                       r"MultiPolygon$"):
        read_boundaries(p)


def test_missing_id_column(tmp_path):
    p = tmp_path / "noid.geojson"
    doc = _fc([{"type": "Feature", "properties": {"x": 1},
                "geometry": shapely.geometry.mapping(_square())}])
    p.write_text(json.dumps(doc))
    with pytest.raises(GeoError, match=r"noid\.geojson: nenhuma coluna de identificação "
                                       r"\(código IBGE\); encontradas \['x'\]; esperada uma de "
                                       r"\['cod_ibge'"):
        read_boundaries(p)
    with pytest.raises(GeoError, match=r"coluna de identificação \(código IBGE\) 'CD_MUN' não encontrada"):
        read_boundaries(p, id_column="CD_MUN")


def test_bad_and_duplicate_codes(tmp_path):
    p = tmp_path / "dup.geojson"
    p.write_text(json.dumps(_fc([_feature("5200050", "A", _square()),
                                 _feature("5200050", "B", _square(-48))])))
    with pytest.raises(GeoError, match=r"códigos repetidos \['5200050'\]"):
        read_boundaries(p)
    p.write_text(json.dumps(_fc([_feature("52-00050", "A", _square())])))
    with pytest.raises(GeoError, match=r"feição 0: coluna 'id' = '52-00050'; esperado um código "
                                       r"IBGE só de algarismos"):
        read_boundaries(p)


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(GeoError, match="arquivo de limites não encontrado"):
        read_boundaries(tmp_path / "nope.geojson")
    bad = tmp_path / "bad.gpkg"
    bad.write_text("not a geopackage")
    with pytest.raises(GeoError, match=r"bad\.gpkg: não foi possível ler o arquivo como arquivo vetorial \(GeoJSON, Shapefile zipado ou GeoPackage\): o conteúdo não é de um arquivo"):
        read_boundaries(bad)


def test_invalid_bowtie_is_repaired_to_polygons(tmp_path):
    bowtie = shapely.Polygon([(-49, -16), (-48.9, -15.9), (-48.9, -16), (-49, -15.9)])
    assert not bowtie.is_valid
    p = tmp_path / "bowtie.geojson"
    p.write_text(json.dumps(_fc([_feature("5200050", "A", bowtie)])))
    out = read_boundaries(p)
    g = out.geometry.iloc[0]
    assert g.is_valid and g.geom_type == "MultiPolygon"
    assert g.area == pytest.approx(0.005)
