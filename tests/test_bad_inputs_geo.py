"""Catalogue of bad candidate areas against the real boundaries of the processed store.

A boundary file whose area lies outside its declared origin, or overlaps municipalities not
declared as origins, is rejected by :func:`viabilidade.profile.build.check_candidate` (through
:func:`viabilidade.geo.territory.check_area_in_origins`) before a study writes anything.
Shapes are built around Abadiânia (5200100), whose western neighbour is Anápolis (5201108).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import shapely

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.geometry import read_boundaries
from viabilidade.errors import CandidateError, GeoError
from viabilidade.profile.build import check_candidate

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def abadiania(store):
    return store.boundaries.set_index("cod_ibge").geometry["5200100"]


def _candidate(tmp_path: Path, geom, origins, *, districts=()) -> Path:
    feature = {"type": "Feature", "properties": {"id": "1"},
               "geometry": None if geom is None else shapely.geometry.mapping(geom)}
    (tmp_path / "area.geojson").write_text(
        json.dumps({"type": "FeatureCollection", "features": [feature]}), encoding="utf-8")
    dist = f"districts = {json.dumps(list(districts))}\n" if districts else ""
    p = tmp_path / "cand.toml"
    p.write_text(f'operation = "create-municipality"\nname = "Nova"\n[area]\n{dist}'
                 f'boundary = "area.geojson"\n[origin]\nmunicipalities = {json.dumps(origins)}\n',
                 encoding="utf-8")
    return p


def _straddling(abadiania):
    """A 0.1° × 0.04° box across Abadiânia's western limit, ~81% of it in Anápolis."""
    x0, y = abadiania.bounds[0], abadiania.representative_point().y
    return shapely.box(x0 - 0.05, y - 0.02, x0 + 0.05, y + 0.02)


def test_area_inside_its_origin_passes(store, abadiania, tmp_path):
    c = load_candidate(_candidate(tmp_path, abadiania.representative_point().buffer(0.02),
                                  ["5200100"]))
    check_candidate(c, store)


def _refused(c, store, field: str) -> str:
    """check_candidate's message for a candidate refused on ``field`` (prefix-independent)."""
    with pytest.raises(CandidateError) as e:
        check_candidate(c, store)
    assert e.value.field == field, str(e.value)
    assert str(c.path) in str(e.value)
    return str(e.value)


def test_area_outside_its_declared_origin(store, tmp_path):
    c = load_candidate(_candidate(tmp_path, shapely.box(-49.3, -16.7, -49.2, -16.6), ["5200100"]))
    msg = _refused(c, store, "origin.municipalities[0]")
    assert msg.endswith(
        "o município de origem 5200100 (Abadiânia) não toca a área desenhada em area.geojson: "
        "nenhuma parte do polígono fica nele (distância de 48,4 km); esperada uma área que "
        "ocupe parte de cada município de origem"), msg


def test_area_overlapping_an_undeclared_origin(store, abadiania, tmp_path):
    c = load_candidate(_candidate(tmp_path, _straddling(abadiania), ["5200100"]))
    msg = _refused(c, store, "area.boundary")
    assert re.search(
        r"area\.geojson: 80,8 % da área \([\d.,]+ de [\d.,]+ km²\) fica fora dos municípios de "
        r"origem 5200100 \(Abadiânia\); esperada a área dentro das origens \(tolerância de "
        r"2 %\); ela avança sobre municípios não declarados como origem: "
        r"5201108 \(Anápolis, 80,8 %\)$", msg), msg


def test_area_across_two_declared_origins_passes(store, abadiania, tmp_path):
    c = load_candidate(_candidate(tmp_path, _straddling(abadiania), ["5200100", "5201108"]))
    check_candidate(c, store)


def test_area_across_two_undeclared_municipalities(store, tmp_path):
    # Across the Goiânia (5208707) / Aparecida de Goiânia (5201405) limit; origin Abadiânia.
    goiania = store.boundaries.set_index("cod_ibge").geometry
    limit = shapely.intersection(goiania["5208707"].boundary, goiania["5201405"].boundary)
    box = shapely.box(*limit.centroid.buffer(0.02).bounds)
    c = load_candidate(_candidate(tmp_path, box, ["5200100"]))
    msg = _refused(c, store, "origin.municipalities[0]")
    assert "o município de origem 5200100 (Abadiânia) não toca a área desenhada em area.geojson" in msg


def test_area_outside_goias(store, tmp_path):
    c = load_candidate(_candidate(tmp_path, shapely.box(-40, -10, -39.9, -9.9), ["5200100"]))
    msg = _refused(c, store, "area.boundary")
    assert msg.splitlines()[1] == (f"{c.path}: as conferências que usam o polígono (origem "
                                   "tocada, destino vizinho, área em partes, sede da origem) não "
                                   "rodaram: dependem de um arquivo de limites legível; rode de "
                                   "novo depois de corrigir")
    msg = msg.splitlines()[0]
    assert msg.endswith(
        "area.geojson: o polígono fica fora de Goiás (longitude -40,00 a -39,90, latitude "
        "-10,00 a -9,90); esperado longitude entre -53,5 e -45,7 e latitude entre -19,8 e "
        "-12,2: confira o sistema de referência declarado"), msg


def test_area_without_a_geometry(tmp_path):
    p = _candidate(tmp_path, None, ["5200100"])
    with pytest.raises(GeoError) as e:
        read_boundaries(load_candidate(p).boundary)
    assert str(e.value) == ("area.geojson: feição 0 (cod_ibge 1): geometria ausente; esperado "
                            "Polygon ou MultiPolygon")


def test_area_with_an_empty_polygon(tmp_path):
    p = tmp_path / "area.geojson"
    p.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"id": "1"},
         "geometry": {"type": "Polygon", "coordinates": []}}]}), encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_boundaries(p)
    assert str(e.value) == ("area.geojson: feição 0 (cod_ibge 1): geometria vazia; esperado "
                            "Polygon ou MultiPolygon")


def test_boundary_file_without_features(tmp_path):
    p = tmp_path / "area.geojson"
    p.write_text('{"type": "FeatureCollection", "features": []}', encoding="utf-8")
    with pytest.raises(GeoError) as e:
        read_boundaries(p)
    assert str(e.value) == ("area.geojson: o arquivo não tem feições; esperada ao menos uma "
                            "feição Polygon ou MultiPolygon com código IBGE")


def test_boundary_that_is_a_line(tmp_path):
    p = _candidate(tmp_path, shapely.LineString([(-48.8, -16.2), (-48.7, -16.1)]), ["5200100"])
    with pytest.raises(GeoError) as e:
        read_boundaries(load_candidate(p).boundary)
    assert str(e.value) == ("area.geojson: feição 0 (cod_ibge 1): encontrada a geometria "
                            "LineString; esperado Polygon ou MultiPolygon")


def test_districts_of_another_municipality_than_declared(store, tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text('operation = "create-municipality"\nname = "Nova"\n[area]\n'
                 'districts = ["520010010"]\n[origin]\nmunicipalities = ["5201108"]\n',
                 encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert str(e.value) == (
        f"{p}, linha 4, campo 'area.districts[0]': o distrito 520010010 (Posse d'Abadia) "
        "pertence ao município 5200100 (Abadiânia), que não é uma origem declarada "
        "(origin.municipalities = ['5201108']); esperado o município do distrito entre as "
        "origens")


def test_a_tiny_polygon_inside_its_origin_occupies_part_of_it(store, abadiania, tmp_path):
    tiny = abadiania.representative_point().buffer(0.0003)   # about 0,001 km², all inside
    check_candidate(load_candidate(_candidate(tmp_path, tiny, ["5200100"])), store)


def test_an_origin_touched_by_a_sliver_is_told_the_sliver_not_a_distance_of_zero(store, abadiania,
                                                                                 tmp_path):
    # a square on the Abadiânia / Anápolis border: its Anápolis half, and a 3-metre strip of
    # Abadiânia along the border
    anapolis = store.boundaries.set_index("cod_ibge").geometry["5201108"]
    point = shapely.intersection(abadiania.boundary, anapolis.boundary).representative_point()
    box = shapely.box(*point.buffer(0.005).bounds)
    strip = shapely.intersection(shapely.intersection(box, abadiania),
                                 abadiania.boundary.buffer(0.00003))
    square = shapely.union(shapely.difference(box, abadiania), strip)
    c = load_candidate(_candidate(tmp_path, square, ["5200100", "5201108"]))
    msg = _refused(c, store, "origin.municipalities[0]")
    assert re.search(r"o município de origem 5200100 \(Abadiânia\) não toca a área desenhada em "
                     r"area\.geojson: só 0,\d{4} km² do polígono ficam nele, menos que 0,01 km² "
                     r"\(tolerância da leitura I-5\); esperada uma área que ocupe parte de cada "
                     r"município de origem$", msg), msg


def test_the_2_percent_tolerance_does_not_excuse_a_part_300_km_away(store, abadiania, tmp_path):
    inside = shapely.Point(-48.80, -16.10).buffer(0.05)  # 93 km² in Abadiânia, its seat left out
    far = shapely.box(-51.5, -17.5, -51.49, -17.49)                # about 1,2 km², < 2 %
    c = load_candidate(_candidate(tmp_path, shapely.MultiPolygon([inside, far]), ["5200100"]))
    msg = _refused(c, store, "area.boundary")
    assert msg.endswith("area.geojson: uma parte da área (1,18 km²) fica a 303,8 km dos municípios "
                        "de origem 5200100; a tolerância de 2 % vale só para faixas junto à divisa "
                        "(até 0,5 km), onde o traçado desenhado e a malha do IBGE podem diferir; "
                        "esperada a área inteira dentro das origens"), msg
