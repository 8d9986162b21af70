"""Memorial descritivo: UTM marks, azimuths, distances and the pt-BR text (geo.memorial)."""

from __future__ import annotations

from pathlib import Path

import geopandas as gpd
import pandas as pd
import pytest
import shapely

from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.measure import utm_crs
from viabilidade.geo.memorial import azimuth_dms, fmt_num, memorial

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_data = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason=f"processed store not found at {STORE}")


@pytest.mark.parametrize("deg, text", [
    (45.208333333, "45°12'30\""), (90.0, "90°00'00\""), (0.0, "0°00'00\""),
    (359.99999, "0°00'00\""), (12.999999, "13°00'00\""), (180.5, "180°30'00\""),
])
def test_azimuth_dms(deg, text):
    assert azimuth_dms(deg) == text


def test_pt_br_numbers():
    assert fmt_num(1234.56) == "1.234,56"
    assert fmt_num(8200000) == "8.200.000,00"
    assert fmt_num(0.5, 4) == "0,5000"


def test_square_in_utm_22s():
    sq_m = shapely.box(500_000, 8_199_000, 501_000, 8_200_000)
    sq = gpd.GeoSeries([sq_m], crs="EPSG:31982").to_crs("EPSG:4674").iloc[0]
    m = memorial(sq, name="Quadra")
    assert m.crs == "EPSG:31982"
    t = m.table
    assert list(t["marco"]) == ["M-01", "M-02", "M-03", "M-04"]
    assert list(t["azimute"]) == ["90°00'00\"", "180°00'00\"", "270°00'00\"", "0°00'00\""]
    assert t["distancia_m"].tolist() == pytest.approx([1000.0] * 4, abs=1e-6)
    assert m.perimeter_m == pytest.approx(4000.0, abs=1e-5)
    assert m.area_km2 == pytest.approx(1.0, abs=1e-9)
    assert m.text.startswith("Memorial descritivo de Quadra.")
    # UTM coordinates to the metre (legal review 3, finding 4)
    assert ("Perímetro 1: Começa no marco M-01, de coordenadas UTM E 500.000 m e "
            "N 8.200.000 m; daí segue com azimute 90°00'00\" e distância de 1.000 m até "
            "o marco M-02, de coordenadas UTM E 501.000 m e N 8.200.000 m;") in m.text
    assert ("até o marco M-01, ponto inicial da descrição deste perímetro.") in m.text
    geo = fmt_num(m.geodesic_area_km2)
    assert m.geodesic_area_km2 != pytest.approx(1.0, abs=5e-5)  # UTM scale factor != 1
    assert (f"Perímetro (soma das distâncias planas): 4.000 m. Área: {geo} km² "
            f"({fmt_num(round(m.geodesic_area_km2, 2) * 100, 0)} ha), área geodésica (elipsoide GRS80), a mesma "
            "do estudo; área no plano UTM (SIRGAS 2000 / UTM 22S): 1,00 km².") in m.text
    assert "Área: 1,0000" not in m.text
    # The law's annex: the same figures, no word about the study.
    assert m.law_text.endswith(f"Área: {geo} km² (100 ha), área geodésica (elipsoide GRS80); área "
                               "no plano UTM (SIRGAS 2000 / UTM 22S): 1,00 km².")
    assert "fuso 22S (EPSG:31982)" in m.text


def test_zone_choice_and_errors():
    assert utm_crs(shapely.box(-47.5, -15, -47.4, -14.9)) == "EPSG:31983"
    assert utm_crs(shapely.box(-50.5, -15, -50.4, -14.9)) == "EPSG:31982"
    with pytest.raises(GeoError, match=r"fica fora de SIRGAS 2000 / UTM zones 21S-23S"):
        memorial(shapely.box(-40.5, -15, -40.4, -14.9))
    with pytest.raises(GeoError, match="memorial: encontrada a geometria Point; esperado Polygon ou MultiPolygon"):
        memorial(shapely.Point(-49, -16))


def test_hole_is_described_as_inner_perimeter():
    ring = gpd.GeoSeries([shapely.box(500_000, 8_190_000, 510_000, 8_200_000).difference(
        shapely.box(502_000, 8_192_000, 503_000, 8_193_000))], crs="EPSG:31982")
    m = memorial(ring.to_crs("EPSG:4674").iloc[0])
    assert list(m.table["tipo"].unique()) == ["externo", "interno"]
    assert m.table["marco"].iloc[-1] == "M-08"
    assert "Perímetro interno (exclusão) 2: Começa no marco M-05" in m.text
    assert m.area_km2 == pytest.approx(99.0, abs=1e-6)


@needs_data
def test_anhanguera_memorial():
    store = load_store(STORE)
    b = store.boundaries.set_index("cod_ibge")
    m = memorial(b.geometry["5201207"], name="Anhanguera")
    # 802 vertices in the 2022 mesh, the last closing the ring (26 in the pre-2020 simplified one)
    assert len(m.table) == 801
    census = store.municipalities.set_index("cod_ibge")
    assert m.geodesic_area_km2 == pytest.approx(census.loc["5201207", "area_km2"], rel=3e-5)
    assert m.geodesic_area_km2 == pytest.approx(55.5685, abs=1e-4)
    assert m.area_km2 == pytest.approx(m.geodesic_area_km2, rel=0.002)  # UTM scale near 1
    assert m.table["n_m"].iloc[0] == m.table["n_m"].max()  # starts at the northernmost mark


def _circle(n: int):
    """A polygon of ``n`` vertices, radius about 5 km, inside Abadiânia (UTM 22S)."""
    import math

    return shapely.Polygon([(-48.7 + 0.05 * math.cos(2 * math.pi * i / n),
                             -16.2 + 0.05 * math.sin(2 * math.pi * i / n)) for i in range(n)])


def test_a_memorial_of_many_marks_refers_to_its_annex_with_every_mark():
    import io
    import time

    from viabilidade.geo.memorial import ANNEX_FILE, MAX_LISTED_MARKS, annex_csv

    t0 = time.perf_counter()
    m = memorial(_circle(20_000), name="Denso")
    assert time.perf_counter() - t0 < 20
    assert m.summarised and len(m.table) == 20_000 > MAX_LISTED_MARKS
    paras = m.text.split("\n\n")
    assert len(paras) == 5 and len(m.text) < 2_000
    assert paras[2] == ("O limite tem 20.000 marcos. Para que o texto possa ser lido, cada "
                        "perímetro é descrito pelo seu marco inicial; a lista completa dos "
                        "marcos, com as coordenadas UTM e geográficas, o azimute e a distância "
                        f"de cada lado, está no anexo {ANNEX_FILE}, que acompanha este "
                        "memorial e o integra.")
    first = m.table.iloc[0]
    assert paras[3] == (f"Perímetro 1: Começa no marco M-00001, de coordenadas UTM E "
                        f"{fmt_num(round(first['e_m']), 0)} m e N {fmt_num(round(first['n_m']), 0)} m; daí segue pelos "
                        "20.000 marcos de M-00001 a M-20000, com os azimutes e as distâncias do "
                        f"anexo {ANNEX_FILE}, até voltar ao marco M-00001, ponto inicial da "
                        "descrição deste perímetro.")
    annex = pd.read_csv(io.StringIO(annex_csv(m)))
    assert list(annex.columns) == ["anel", "tipo", "marco", "e_m", "n_m", "lon", "lat", "azimute",
                                   "azimute_graus", "distancia_m", "proximo"]
    assert len(annex) == 20_000 and annex["marco"].iloc[-1] == "M-20000"
    assert annex["proximo"].iloc[-1] == "M-00001"
    assert annex["distancia_m"].sum() == pytest.approx(m.perimeter_m, abs=20_000 * 0.005)


def test_a_memorial_at_the_limit_lists_every_mark():
    from viabilidade.geo.memorial import MAX_LISTED_MARKS

    m = memorial(_circle(MAX_LISTED_MARKS), name="Limite")
    assert not m.summarised
    assert m.text.count("até o marco M-") == MAX_LISTED_MARKS
    assert "anexo" not in m.text


# -- by confrontações ------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store()


@pytest.mark.parametrize("value, pos, neg, text", [
    # to 0,1" (legal review 3, finding 4)
    (-16.0868, "N", "S", "16°05'12,5\" S"), (-48.7, "E", "W", "48°42'00,0\" W"),
    (-15.9999999, "N", "S", "16°00'00,0\" S"), (1.5, "N", "S", "1°30'00,0\" N"),
])
def test_dms(value, pos, neg, text):
    from viabilidade.geo.memorial import dms

    assert dms(value, pos, neg) == text


def _neighbours(store, code):
    """The official neighbours: municipalities of the mesh sharing a stretch of boundary
    (more than 1 m, measured in UTM) with ``code``."""
    b = store.boundaries.set_index("cod_ibge")
    crs = utm_crs(b.geometry[code])
    m = store.boundaries.to_crs(crs).set_index("cod_ibge")
    line = m.geometry[code].boundary
    return {c for c, g in m.geometry.items() if c != code and g.intersection(line).length > 1}


def test_a_whole_municipality_names_exactly_its_official_neighbours(store):
    from viabilidade.geo.measure import geodesic_perimeter_m
    from viabilidade.geo.memorial import stretches

    b = store.boundaries.set_index("cod_ibge")
    g = b.geometry["5200100"]  # Abadiânia
    m = memorial(g, name="Abadiânia", boundaries=store.boundaries, ignore=("5200100",))
    st = stretches(m.table)
    assert set(st["confrontante"]) == _neighbours(store, "5200100") == {
        "5205802", "5200308", "5220603", "5208152", "5201108", "5217302"}
    assert list(st["confrontante"]) == ["5205802", "5200308", "5220603", "5208152", "5201108",
                                        "5217302"]
    # The full 2022 mesh: 8.135 sides (145 on the pre-2020 simplified mesh, perimeter 184,9 km)
    assert list(st["lados"]) == [2063, 908, 978, 3623, 115, 448] and len(m.table) == 8135
    assert st["extensao_m"].iloc[0] == pytest.approx(52184.59, abs=0.01)
    assert st["extensao_m"].sum() == pytest.approx(geodesic_perimeter_m(g), rel=1e-9)
    assert geodesic_perimeter_m(g) == pytest.approx(241608.36, abs=0.01)
    paras = m.text.split("\n\n")
    assert paras[0] == "Memorial descritivo de Abadiânia."
    assert paras[2].startswith("COM O MUNICÍPIO DE CORUMBÁ DE GOIÁS: Começa no marco M-0001, de "
                               "coordenadas ")
    assert paras[2].endswith("segue em 2.063 lados em linha reta, numa extensão de 52.185 m, "
                             "até o marco M-2064, de coordenadas " + _point(m, "M-2064") + ".")
    assert paras[7].startswith("COM O MUNICÍPIO DE PIRENÓPOLIS: Começa no marco M-7688")
    assert paras[7].endswith("até o marco M-0001, ponto inicial desta descrição.")
    assert "acidentes naturais" not in m.text


def test_a_zigzag_of_the_full_mesh_is_not_taken_for_the_state_line(store):
    """Cocalzinho de Goiás (inland) on the full 2022 mesh: sides of a few metres whose outward
    probes fall back into the territory take the municipality on whose edge they lie
    (``EDGE_M``), so the memorial names exactly its 6 official neighbours and no state line."""
    from viabilidade.geo.memorial import STATE_LINE, stretches

    b = store.boundaries.set_index("cod_ibge")
    m = memorial(b.geometry["5205513"], name="Cocalzinho de Goiás", boundaries=store.boundaries,
                 ignore=("5205513",))
    st = stretches(m.table)
    assert STATE_LINE not in set(st["confrontante"])
    assert list(st["confrontante"]) == ["5215603", "5200258", "5219753", "5205802", "5217302",
                                        "5222302"]
    assert set(st["confrontante"]) == _neighbours(store, "5205513")
    assert list(st["lados"]) == [5593, 1039, 839, 3924, 682, 1023]


def _point(m, mark):
    from viabilidade.geo.memorial import point_words

    row = m.table.set_index("marco").loc[mark]
    return point_words(row["lon"], row["lat"])


def test_the_state_line_is_a_stretch_of_its_own(store):
    from viabilidade.geo.memorial import STATE_LINE, stretches

    b = store.boundaries.set_index("cod_ibge")
    m = memorial(b.geometry["5201207"], name="Anhanguera", boundaries=store.boundaries,
                 ignore=("5201207",))
    st = stretches(m.table)
    assert list(st["confrontante"]) == [STATE_LINE, "5206602"]  # Minas Gerais, then Cumari
    assert list(st["lados"]) == [11, 790]                         # [3, 22] on the old mesh
    assert st["extensao_m"].round(2).tolist() == [5741.06, 31228.70]
    assert _neighbours(store, "5201207") == {"5206602"}
    # The data hold Goiás only: the unit beyond the state line is not named; the study's text
    # says why, the law's annex does not carry the note.
    assert ("COM OUTRA UNIDADE DA FEDERAÇÃO, PELA DIVISA DO ESTADO DE GOIÁS: Começa no marco "
            "M-001") in m.text
    note = ("Os dados trazem só os Municípios de Goiás: a unidade da Federação do outro lado da "
            "divisa estadual (Estado ou Distrito Federal) não consta deles, e o memorial não a "
            "nomeia.")
    assert m.notes[-1] == note and note in m.text
    assert "COM OUTRA UNIDADE DA FEDERAÇÃO" in m.law_text and "Os dados" not in m.law_text


def test_the_drawn_area_borders_its_origin_only(store):
    from viabilidade.geo.area_file import read_area
    from viabilidade.geo.memorial import annex_csv

    g = read_area(ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.kml")
    m = memorial(g, name="Posse d'Abadia", boundaries=store.boundaries)
    paras = m.text.split("\n\n")
    assert paras[2] == ("COM O MUNICÍPIO DE ABADIÂNIA: Começa no marco M-01, de coordenadas "
                        "16°03'37,7\" S e 48°48'00,8\" W, ponto inicial desta descrição; segue "
                        "em 8 lados em linha reta, numa extensão de 25.157 m, até o marco "
                        "M-01, ponto inicial desta descrição.")
    assert paras[3].startswith("Os marcos são os vértices do polígono da área, de coordenadas "
                               "calculadas, e não marcos implantados em campo")
    assert "a descrição fica para o levantamento do agrimensor" in paras[3]
    assert paras[4] == ("Área geodésica: 46,59 km²; perímetro geodésico: 25.157 m. Relação "
                        "dos vértices, com as coordenadas UTM, os azimutes e as distâncias "
                        "planas, a seguir.")
    assert paras[5].startswith("Relação dos vértices. Coordenadas no Sistema Geodésico SIRGAS 2000")
    assert annex_csv(m).splitlines()[0].endswith(",proximo,confrontante")
    # A district: the rest of its municipality's territory.
    # The law's annex: the same stretches without the drafting notes, and no word on the study.
    law = m.law_text.split("\n\n")
    assert law[2] == paras[2] and law[3] == paras[4]
    assert "Os marcos são" not in m.law_text and "a mesma do estudo" not in m.law_text
    assert m.notes == ("Os marcos são os vértices do polígono da área, de coordenadas calculadas, "
                       "e não marcos implantados em campo; os trechos seguem linhas retas entre "
                       "eles.", "Os dados não registram rios, córregos, estradas nem outros "
                       "acidentes: onde a divisa deva acompanhá-los (LC nº 2/1990, art. 3º, II), "
                       "a descrição fica para o levantamento do agrimensor.")
    # A district: the rest of its municipality's territory; its divisas are art. 18's.
    d = memorial(g, name="Distrito Leste", boundaries=store.boundaries, within=("5200100",),
                 article="art. 18")
    assert "COM O RESTANTE DO TERRITÓRIO DO MUNICÍPIO DE ABADIÂNIA: Começa" in d.text
    assert d.text.startswith("Memorial descritivo do Distrito Leste.")
    assert "(LC nº 2/1990, art. 18), a descrição fica" in d.text


def test_a_long_memorial_by_confrontacoes_points_to_the_annex_not_below():
    import io

    from viabilidade.data.store import load_store
    from viabilidade.geo.memorial import ANNEX_FILE, annex_csv

    store = load_store()
    m = memorial(shapely.affinity.scale(shapely.affinity.translate(_circle(1000), 0.10, 0.0),
                                        0.7, 0.7), name="Denso", boundaries=store.boundaries)
    assert m.summarised
    assert ("Relação dos vértices, com as coordenadas UTM, os azimutes e as distâncias planas, "
            f"no anexo {ANNEX_FILE}.") in m.text
    assert "a seguir" not in m.text
    annex = pd.read_csv(io.StringIO(annex_csv(m)), dtype={"confrontante": str})
    assert set(annex["confrontante"]) == {"5200100"}  # Abadiânia all around


def test_a_memorial_on_the_mesh_states_the_published_area_and_the_difference():
    # legal review 3, finding 4: the fusion's memorial printed "Área geodésica: 635,56 km²"
    # beside a published 623,93 km² without a word
    from viabilidade.geo.memorial import measured_area_words

    sq = shapely.box(-51.0, -16.0, -50.99, -15.99)
    m = memorial(sq, name="Quadra", published_km2=1.2)
    diff = fmt_num(abs(m.geodesic_area_km2 - 1.2))
    assert (f"área geodésica (elipsoide GRS80); medida sobre a Malha Municipal 2022 do IBGE; a "
            f"área publicada, que o estudo usa, é de 1,20\u00a0km², diferença de {diff}\u00a0km²; "
            "área no plano UTM") in m.text
    assert "Malha Municipal" not in m.law_text
    assert measured_area_words(623.95, 623.93) == (
        "medida sobre a Malha Municipal 2022 do IBGE; a área publicada, que o estudo usa, é de "
        "623,93\u00a0km², diferença de 0,02\u00a0km²")
    assert measured_area_words(623.933, 623.93).endswith("diferença de 0,003\u00a0km²")
