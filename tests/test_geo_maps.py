"""Territory map: layers, legend, geodesic scale bar, north, source line, approximate district
territory, bundled font, deterministic output (geo.maps, geo.approximate, geo.study_map)."""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib
import pytest
import shapely
from matplotlib.figure import Figure
from matplotlib.font_manager import findfont
from pyproj import Transformer

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store
from viabilidade.errors import GeoError
from viabilidade.geo.districts import seats_of_districts
from viabilidade.geo.maps import (APPROX_LABEL, SCALE_GID, geodesic_buffer, geodesic_circle,
                                  map_crs, territory_map)
from viabilidade.geo.measure import GEOD, geodesic_area_km2
from viabilidade.geo.study_map import (approximate_area, candidate_map, origin_perimeters,
                                       proposed_seat)
from viabilidade.geo.territory import Split, split_territory

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
CANDIDATES = ROOT / "data" / "candidates"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason=f"processed store not found at {STORE}")
MARA_ROSA_SEAT = (-14.0085688957, -49.1798231432)
ABADIANIA_SEAT = (-16.197321, -48.706044)   # IBGE Localidades 2022
POSSE_VILA = (-16.098447, -48.800207)


@pytest.fixture(scope="module")
def store():
    return load_store(STORE)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def legend(fig: Figure) -> list[str]:
    assert fig.axes[0].get_legend() is None and len(fig.legends) == 1  # below the map
    return [t.get_text() for t in fig.legends[0].get_texts()]


def all_texts(fig: Figure) -> list[str]:
    return [t.get_text() for t in fig.axes[0].texts] + [t.get_text() for t in fig.texts]


def scale_bar_km(fig: Figure, crs: str) -> tuple[float, float]:
    """(geodesic length of the drawn bar in km, the length its label states in km)."""
    ax = fig.axes[0]
    (bar,) = [ln for ln in ax.lines if ln.get_gid() == SCALE_GID]
    to_ll = Transformer.from_crs(crs, "EPSG:4674", always_xy=True)
    (x0, x1), (y0, y1) = bar.get_xdata(), bar.get_ydata()
    lon0, lat0 = to_ll.transform(x0, y0)
    lon1, lat1 = to_ll.transform(x1, y1)
    measured = GEOD.inv(lon0, lat0, lon1, lat1)[2] / 1000
    (label,) = [t.get_text() for t in ax.texts if t.get_text().endswith(" km")]
    return measured, float(label.removesuffix(" km").replace(",", "."))


def test_geodesic_circle_radius():
    c = geodesic_circle(-49.18, -14.01, 6000.0)
    lons, lats = c.exterior.xy
    d = [GEOD.inv(-49.18, -14.01, x, y)[2] for x, y in zip(lons, lats)]
    assert min(d) == pytest.approx(6000.0, abs=1e-6) and max(d) == pytest.approx(6000.0, abs=1e-6)


def test_geodesic_buffer_of_a_perimeter_is_6_km_from_it():
    perimeter = shapely.box(-48.73, -16.19, -48.70, -16.17)      # ~3.2 × 2.2 km urban block
    band = geodesic_buffer(perimeter, 6000.0)
    for lon, lat in list(band.exterior.coords)[::7]:
        n = min(GEOD.inv(lon, lat, x, y)[2]
                for x, y in shapely.segmentize(perimeter, 0.0002).exterior.coords)
        assert n == pytest.approx(6000.0, rel=0.003)


@needs_store
def test_posse_dabadia_approximate_territory(store):
    cells, points = approximate_area(store, ["520010010"])
    assert cells["cod_distrito"].tolist() == ["520010010"] == points["cod_distrito"].tolist()
    assert points["ponto"].tolist() == ["vila"]
    cell = cells.geometry.iloc[0]
    assert cell.covers(shapely.Point(POSSE_VILA[1], POSSE_VILA[0]))
    assert not cell.covers(shapely.Point(ABADIANIA_SEAT[1], ABADIANIA_SEAT[0]))
    abadiania = store.boundaries.geometry[store.boundaries["cod_ibge"] == "5200100"].iloc[0]
    assert shapely.difference(cell, abadiania).area < 1e-12         # inside its municipality
    assert 0 < geodesic_area_km2(cell) < geodesic_area_km2(abadiania)
    seats = seats_of_districts(store, ["520010010", "520010005", "999999999"])
    assert seats[["cod_distrito", "ponto"]].values.tolist() == [["520010005", "sede municipal"],
                                                                ["520010010", "vila"]]
    assert seats[["lat", "lon"]].to_numpy().ravel().tolist() == pytest.approx([*ABADIANIA_SEAT, *POSSE_VILA])


@needs_store
def test_posse_dabadia_map_legend_label_scale_and_source(store):
    c = load_candidate(CANDIDATES / "posse-dabadia.toml")
    split = split_territory(c, store.boundaries)
    assert split.area is None
    fig = candidate_map(c, store, source="Fonte: IBGE, vilas sedes de distrito (Localidades 2022).")
    assert legend(fig) == ["município de origem", APPROX_LABEL,
                           "faixa de 6 km da sede de origem (art. 4º, II)",
                           "sede do município de origem", "sede proposta"]
    texts = all_texts(fig)
    # the approximate territory says on the map itself that it is not a legal limit
    assert "território aproximado —\nnão é limite legal" in texts
    assert {"Abadiânia", "Posse d'Abadia (sede proposta)", "N", "0"} <= set(texts)
    assert fig.axes[0].get_title() == "Posse d'Abadia"
    source = [t for t in texts if t.startswith("SIRGAS 2000 / UTM zona 22S (EPSG:31982).")]
    assert len(source) == 1 and "Localidades 2022" in source[0]
    cells, points = approximate_area(store, c.districts)
    measured, stated = scale_bar_km(fig, map_crs(split, list(cells.geometry)))
    assert stated == 10 and measured == pytest.approx(stated, rel=0.01)
    assert proposed_seat(c, store, points) == pytest.approx(POSSE_VILA)


@needs_store
def test_posse_dabadia_study_map_draws_the_measured_distance(store):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import measured_gaps

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)
    ((seat, point, metres),) = measured_gaps(a)
    assert seat == pytest.approx(ABADIANIA_SEAT, abs=1e-6) and point == pytest.approx(POSSE_VILA)
    assert metres == pytest.approx(14_870.90, abs=0.01)   # 12.753,88 m from the 2010 seat
    fig = candidate_map(a.candidate, store, gaps=measured_gaps(a))
    assert "distância medida para o art. 4º, II" in legend(fig)
    assert "14,87 km" in all_texts(fig)


@needs_store
def test_nova_iguacu_map_draws_the_area_polygon_and_is_deterministic(store):
    c = load_candidate(CANDIDATES / "nova-iguacu-de-goias.toml")
    split = split_territory(c, store.boundaries)

    def draw():
        return territory_map(split, title="Nova Iguaçu de Goiás — desmembramento de Mara Rosa",
                             origin_seats={"5212808": MARA_ROSA_SEAT}, area_seat=c.seat_point,
                             names={"5212808": "Mara Rosa", "area": "Nova Iguaçu de Goiás"},
                             source="Fonte: IBGE.")

    fig = draw()
    ax = fig.axes[0]
    assert ax.get_title() == "Nova Iguaçu de Goiás — desmembramento de Mara Rosa"
    assert legend(fig) == ["remanescente da origem", "área proposta",
                           "faixa de 6 km da sede de origem (art. 4º, II)",
                           "sede do município de origem", "sede proposta"]
    texts = all_texts(fig)
    assert {"Mara Rosa", "Nova Iguaçu de Goiás", "N"} <= set(texts)
    assert APPROX_LABEL not in " ".join(texts)
    # the area polygon is drawn: a filled patch in the area colour whose extent is the area's
    crs = map_crs(split)
    xmin, ymin, xmax, ymax = shapely.bounds(
        __import__("geopandas").GeoSeries([split.area], crs="EPSG:4674").to_crs(crs).iloc[0])
    area_rgba = matplotlib.colors.to_rgba("#f4a261")
    drawn = [p for coll in ax.collections for p in coll.get_paths()
             if len(coll.get_facecolor()) and tuple(coll.get_facecolor()[0]) == area_rgba]
    ext = drawn[0].get_extents()
    assert (ext.x0, ext.y0, ext.x1, ext.y1) == pytest.approx((xmin, ymin, xmax, ymax), rel=1e-9)
    measured, stated = scale_bar_km(fig, crs)
    assert stated == 20 and measured == pytest.approx(stated, rel=0.01)
    assert _png(fig) == _png(draw())


@needs_store
def test_fusion_map_has_no_band_and_shows_both_seats(store):
    c = load_candidate(CANDIDATES / "fusao-anhanguera-cumari.toml")
    fig = candidate_map(c, store)
    assert legend(fig) == ["área proposta", "limite entre os municípios da área", "sede proposta",
                           "sede municipal"]
    assert {"Cumari (sede proposta)", "Anhanguera"} <= set(all_texts(fig))


def test_map_text_is_matplotlibs_bundled_dejavu_sans():
    s = Split(area=shapely.box(-49.0, -16.2, -48.9, -16.1),
              origins_before={"1": shapely.box(-49.1, -16.3, -48.8, -16.0)})
    fig = territory_map(s, title="x", origin_seats={"1": (-16.15, -48.85)}, source="Fonte: x.")
    bundled = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    for t in [*fig.axes[0].texts, *fig.texts, *fig.legends[0].get_texts()]:
        path = Path(findfont(t.get_fontproperties(), fallback_to_default=False))
        assert path.parent == bundled and path.name.startswith("DejaVuSans"), (t.get_text(), path)
    from viabilidade.report.charts import figure_svg

    svg = figure_svg(fig)
    assert "<text" not in svg and "font-family" not in svg       # glyphs as outlines


def test_scale_bar_is_geodesic_at_the_maps_latitude():
    # A narrow area far from its zone's central meridian (UTM 22S, scale factor ~1.0009 at
    # -48.2°): the bar must still be the stated geodesic length.
    s = Split(area=shapely.box(-48.25, -13.2, -48.15, -13.1))
    fig = territory_map(s, title="x", origin_seats={})
    measured, stated = scale_bar_km(fig, map_crs(s))
    assert measured == pytest.approx(stated, rel=0.001)
    assert stated == 2                      # a round length, about a fifth of the map's width


def test_area_without_geometry_is_captioned():
    s = Split(area=None, origins_before={"5200100": shapely.box(-49, -16.2, -48.6, -15.9)},
              note="não há polígonos de distritos nos dados")
    fig = territory_map(s, title="Posse d'Abadia", origin_seats={"5200100": (-16.18, -48.72)})
    caption = fig.texts[0].get_text().replace("\n", " ")
    assert "Área sem geometria: não há polígonos de distritos nos dados." in caption
    with pytest.raises(GeoError, match="mapa: nada a desenhar; encontrados área sem polígono e "
                       "nenhum município de origem com polígono; esperado ao menos um dos dois"):
        territory_map(Split(area=None), title="x", origin_seats={})


@needs_store
def test_drawn_area_map_draws_the_polygon_and_finds_the_vila(store):
    c = load_candidate(ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.toml")
    split = split_territory(c, store.boundaries)
    assert split.area is not None
    assert proposed_seat(c, store) == pytest.approx(POSSE_VILA)
    fig = candidate_map(c, store, split=split)
    assert legend(fig) == ["remanescente da origem", "área proposta",
                           "faixa de 6 km da sede de origem (art. 4º, II)",
                           "sede do município de origem", "sede proposta"]
    assert "Posse d'Abadia (sede proposta)" in all_texts(fig)


PERIMETER_GEOJSON = """{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
 "geometry": {"type": "Polygon", "coordinates": [[[-48.735, -16.195], [-48.700, -16.195],
 [-48.700, -16.170], [-48.735, -16.170], [-48.735, -16.195]]]}}]}"""


@needs_store
def test_band_around_the_urban_perimeter(store, tmp_path):
    import dataclasses

    (tmp_path / "perimetro.geojson").write_text(PERIMETER_GEOJSON, encoding="utf-8")
    c = load_candidate(CANDIDATES / "posse-dabadia.toml")
    c = dataclasses.replace(c, urban_perimeter=tmp_path / "perimetro.geojson")
    perimeters = origin_perimeters(c, store)
    assert list(perimeters) == ["5200100"]
    assert perimeters["5200100"].bounds == pytest.approx((-48.735, -16.195, -48.700, -16.170))
    fig = candidate_map(c, store, perimeters=perimeters)
    labels = legend(fig)
    assert "faixa de 6 km do perímetro urbano de origem (art. 4º, II)" in labels
    assert "perímetro urbano da origem" in labels
    assert "faixa de 6 km da sede de origem (art. 4º, II)" not in labels
    assert origin_perimeters(load_candidate(CANDIDATES / "posse-dabadia.toml"), store) == {}


@needs_store
def test_study_map_says_why_it_is_missing(store):
    import dataclasses
    from types import SimpleNamespace

    from viabilidade.report.study_cells import map_html

    c = dataclasses.replace(load_candidate(CANDIDATES / "posse-dabadia.toml"), origins=(),
                            districts=())
    analysis = SimpleNamespace(candidate=c, provenance=[], profile=None, results=[])
    assert map_html(analysis, store, Split(area=None)) == (
        "<p>Mapa indisponível: mapa: nada a desenhar; encontrados área sem polígono e nenhum "
        "município de origem com polígono; esperado ao menos um dos dois.</p>")
    assert map_html(analysis, store, None) == ""


@needs_store
@pytest.mark.parametrize("reading", ["seat", "all-urban"])
def test_band_follows_reading_i4(store, tmp_path, reading):
    # Interlândia (520110815) leaving Anápolis (5201108): under 'all-urban' the rule also
    # measures from the vilas of Anápolis's other districts, so the map draws their bands.
    import base64

    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import map_html, split_or_none
    from viabilidade.rules import Settings

    p = tmp_path / "c.toml"
    p.write_text('operation = "create-municipality"\nname = "Interlândia"\nseat = "Interlândia"\n'
                 '[area]\ndistricts = ["520110815"]\n[origin]\nmunicipalities = ["5201108"]\n',
                 encoding="utf-8")
    a = analyse(p, store=store, settings=Settings(perimeter=reading))
    html = map_html(a, store, split_or_none(a, store))
    assert "Figura 2. Localização de Interlândia" in html and "não é limite legal" in html
    vilas = "e das vilas dos demais distritos (leitura I-4: todas as áreas urbanas)"
    assert (vilas in html) == (reading == "all-urban")
    svg = base64.b64decode(html.split("base64,")[1].split('"')[0]).decode("utf-8")
    assert svg.startswith("<?xml") and "<text" not in svg
    c = load_candidate(p)
    from viabilidade.profile.analysis import origin_vilas

    urban = origin_vilas(c, store) if reading == "all-urban" else None
    labels = legend(candidate_map(c, store, urban_points=urban))
    band = ("faixa de 6 km da sede e das vilas de origem (art. 4º, II)" if reading == "all-urban"
            else "faixa de 6 km da sede de origem (art. 4º, II)")
    assert band in labels
    assert ("sede de distrito (vila)" in labels) == (reading == "all-urban")


@needs_store
def test_transfer_map_shows_the_destination_and_no_band(store, tmp_path):
    # A transfer (art. 5 § 1) is not judged by art. 4 II: no band; the destination is drawn.
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import map_html, split_or_none

    p = tmp_path / "t.toml"
    p.write_text('operation = "transfer-area"\nname = "Posse d\'Abadia"\n'
                 'seat = "Posse d\'Abadia"\n[area]\ndistricts = ["520010010"]\n'
                 '[origin]\nmunicipalities = ["5200100"]\n'
                 '[destination]\nmunicipality = "5201108"\n', encoding="utf-8")
    c = load_candidate(p)
    labels = legend(candidate_map(c, store, band=False))
    assert labels == ["município de origem", "município de destino (art. 5º, § 1º)", APPROX_LABEL,
                      "sede do município de origem", "sede municipal", "sede de distrito (vila)"]
    a = analyse(p, store=store)
    html = __import__("html").unescape(map_html(a, store, split_or_none(a, store)))
    assert ("Localização de Posse d'Abadia, município de origem, município de destino (Anápolis) "
            "e sedes. Sem polígonos de distritos nos dados") in html
    assert "faixa de 6 km" not in html


@needs_store
def test_a_vila_of_a_municipality_with_several_districts_is_linked_by_its_code(store):
    """Localidades 2022 gives each vila its district's code: Interlândia (Anápolis has several
    non-seat districts), whose point was once matched by file order, is now a plain IBGE
    point — nothing disclosed as unverified, and it is the proposed seat for art. 4 II."""
    import dataclasses

    from viabilidade.profile.analysis import analyse, proposed_seat_point
    from viabilidade.report import sections
    from viabilidade.report.study_cells import map_html

    posse = load_candidate(CANDIDATES / "posse-dabadia.toml")
    c = dataclasses.replace(posse, slug="interlandia", name="Interlândia", seat="Interlândia",
                            districts=("520110815",), origins=("5201108",))
    vila = store.vilas.set_index("cod_distrito").loc["520110815"]
    assert (vila["nome"], vila["categoria"]) == ("Interlândia", "Vila")
    assert proposed_seat_point(c, store) == (vila["lat"], vila["lon"])
    a = analyse(c, store=store)
    html = sections.area(a, store) + map_html(a, store, split_territory(c, store.boundaries))
    assert "verificad" not in html and "ordem do arquivo" not in html


@needs_store
def test_the_seat_point_source_says_where_the_point_came_from(store):
    from viabilidade.profile.analysis import analyse

    a = analyse(CANDIDATES / "posse-dabadia.toml", store=store)   # no [seat_point] in the file
    ii = next(r for r in a.results if r.rule_id == "art4.II")
    assert ii.source.endswith("; sede proposta: vila do distrito Posse d'Abadia (520010010), IBGE "
                              "Localidades 2022")
    assert ii.vintage == "sedes 2022; sede proposta 2022"
    assert "arquivo da candidatura" not in ii.source


@needs_store
def test_the_study_map_prints_its_source_once_in_the_caption(store, monkeypatch):
    # new-user review 10: the source was printed in the image and again in the caption, and
    # "SIRGAS 2000" twice in the image
    from viabilidade.profile.analysis import analyse
    from viabilidade.geo import study_map
    from viabilidade.report.study_cells import map_html, split_or_none

    drawn = {}
    real = study_map.candidate_map

    def spy(*args, **kwargs):
        fig = real(*args, **kwargs)
        drawn["texts"] = [t.get_text() for t in fig.texts]
        return fig

    monkeypatch.setattr(study_map, "candidate_map", spy)
    a = analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store)
    html = __import__("html").unescape(map_html(a, store, split_or_none(a, store)))
    image = " ".join(drawn["texts"])
    assert "Fonte:" not in image and image.count("SIRGAS 2000") == 1
    assert html.count("Fonte: IBGE, Malha Municipal 2022") == 1


@pytest.mark.parametrize("metres,label", [(12_753.88, "12,75 km"), (5_996.0, "5,996 km"),
                                          (6_004.0, "6,004 km")])
def test_the_distance_label_keeps_its_side_of_6_km(metres, label):
    # to the 10 m of the seat point, but never on the other side of (or onto) the 6 km
    from viabilidade.geo.maps import _gap

    fig = Figure()
    ax = fig.add_subplot()
    _gap(ax, "EPSG:31982", -48.72, -16.21, -48.60, -16.21, metres)
    assert [t.get_text() for t in ax.texts] == [label]
