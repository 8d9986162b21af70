"""The explorer UI driven without a browser: set controls, read the analysis and the panes."""

import datetime as dt
import json
from pathlib import Path

import pytest

from viabilidade.analysis import analyse
from viabilidade.rules.result import Status, Verdict

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
ANAPOLIS, INTERLANDIA = "5201108", "520110815"
OLHOS_DAGUA = "520030810"                    # district of Alexânia (borders Abadiânia), 1.550 inhabitants


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture
def explorer(store):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    return Explorer(store, draw_map=False)


@pytest.fixture
def mapped(store):
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.widgets import Explorer

    return Explorer(store)


def test_population_control_flips_art4_iv_and_reads_hypothetical(explorer):
    c = explorer.controls
    assert explorer.analysis.result("art4.IV").status == Status.PASS
    assert c["population_value"].value == "3.045"          # starts from the data's figure
    c["population_value"].value = "3.000"     # typing a what-if value switches it on
    assert c["population_on"].value is True
    assert explorer.analysis.result("art4.IV").status == Status.FAIL
    assert explorer.analysis.verdict == Verdict.INVIAVEL
    assert "inviável" in explorer.panes["verdict"].value
    assert "valores hipotéticos ou projetados" in explorer.panes["verdict"].value
    rules = explorer.panes["rules"].value
    assert "3.000 habitantes (hipotético)" in rules and "(publicado)" not in rules.split("art. 4º, IV")[1][:400]
    assert "hipotético / estimado / estimado / publicado" in explorer.panes["totals"].value
    c["population_value"].number = 3001
    assert c["population_value"].value == "3.001"
    assert explorer.analysis.result("art4.IV").status == Status.PASS


def test_names_not_codes_and_readings_in_words(explorer):
    verdict = explorer.panes["verdict"].value
    assert "Área: Posse d&#x27;Abadia (distrito de Abadiânia) · origem: Abadiânia" in verdict
    assert "520010010" not in verdict and "5200100" not in verdict
    assert "art. 4º, IV" in explorer.panes["rules"].value
    alternatives = explorer.panes["alternatives"].value
    assert "Sentido da redução de 2/3: requisitos reduzidos em 2/3" in alternatives
    assert "I-1b" not in alternatives and "I-4" not in alternatives
    labels = [w.description for w in explorer.controls.values() if hasattr(w, "description")]
    assert not [t for t in labels if "I-1" in t or "I-4" in t], "reading codes in control labels"
    assert explorer.controls["special_interest"].style.description_width in ("", "initial") \
        or explorer.controls["special_interest"].indent is False


def test_pt_br_numbers_in_threshold_boxes(explorer):
    c = explorer.controls
    assert c["revenue_share"].value == "0,0001" and c["gap_m"].value == "6.000"
    c["population"].value = "3.045"          # art. 4 IV: "mais de 3.045" now fails 3,045
    assert explorer.analysis.result("art4.IV").status == Status.FAIL
    assert "exatamente no limiar; passa a cumprir com 1\xa0habitante a mais" in explorer.panes["margins"].value
    c["population"].value = "3.0"
    assert explorer.analysis is None and explorer.panes["rules"].value == ""
    assert ("«Art. 4º, IV — população: mais de (habitantes)» (aba Limiares): “3.0” não é um número "
            "no formato brasileiro — o ponto separa milhares e a vírgula, decimais") in explorer.panes["message"].value
    c["population"].value = "2.999,5"
    assert "tem casas decimais; esperado um número inteiro" in explorer.panes["message"].value
    c["population"].value = "3000"
    assert explorer.analysis.result("art4.IV").status == Status.PASS


def test_invalid_scenario_clears_results_and_names_the_control(explorer):
    c = explorer.controls
    c["creation_year"].value = 2028
    assert explorer.analysis.result("art7.par3").status == Status.FAIL
    assert explorer.panes["rules"].value
    c["special_interest"].value = True
    assert explorer.analysis is None
    assert explorer.panes["verdict"].value == (
        "<h3>Sem resultado: o cenário está incompleto ou inválido</h3>"
        "<p>Área: Posse d&#x27;Abadia (distrito de Abadiânia) · origem: Abadiânia</p>")
    assert all(explorer.panes[k].value == "" for k in ("rules", "totals", "margins", "alternatives"))
    message = explorer.panes["message"].value
    assert "«Justificativa do interesse especial» (aba Leituras): o interesse especial declarado " \
           "precisa de uma justificativa" in message
    assert "RULES.md" not in message and "field" not in message
    c["special_interest_justification"].value = "romaria de Nossa Senhora d'Abadia"
    assert explorer.analysis.result("art4.IV").threshold == 2000   # 3.000 × 2/3 ("to", the default)


def test_busy_indicator_during_a_change(explorer):
    seen = []
    explorer.panes["busy"].observe(lambda ch: seen.append(ch["new"]), names="value")
    explorer.controls["unit"].value = INTERLANDIA
    assert seen == ['<p style="color:#e65100;margin:0"><b>calculando…</b></p>', ""]


def test_projection_controls(explorer):
    c = explorer.controls
    c["projection"].value = "electors"
    c["prefill"].click()                      # Abadiânia, TSE 2022: 10,812 on 2 Oct 2022
    assert (c["rate_mode"].value, c["count0"].value, c["date0"].value) == ("counts", "10.812",
                                                                          dt.date(2022, 10, 2))
    c["count1"].value, c["date1"].value = "12.614", dt.date(2026, 1, 1)
    c["projection_year"].value = 2027
    v = explorer.analysis.result("art4.V")
    assert v.status == Status.INDETERMINATE
    message = explorer.panes["message"].value
    assert "Eleitorado projetado para 1º de julho de 2027" in message
    assert "entre as contagens 10.812 (02/10/2022) e 12.614 (2026)" in message
    assert "4,86 % a.a." in message


def test_origin_follows_the_unit(explorer):
    c = explorer.controls
    c["unit"].value = INTERLANDIA             # district of Anápolis
    assert (c["origin"].value, c["origin"].disabled, c["origin"].layout.display) == (ANAPOLIS, True, "none")
    assert "Município de origem: <b>Anápolis</b> (segue os distritos da área)" in explorer.panes["origins"].value
    assert explorer.scenario.origins == (ANAPOLIS,)
    assert "Área: Interlândia (distrito de Anápolis) · origem: Anápolis" in explorer.panes["verdict"].value
    c["unit"].value = "5214879"               # Nova Iguaçu de Goiás: never carved out of Anápolis
    assert (c["origin"].value, c["origin"].disabled, c["origin"].layout.display) == (None, False, None)
    assert explorer.panes["origins"].value == ""
    assert explorer.analysis is None and explorer.panes["rules"].value == ""
    assert ("«Município de origem» (aba Área): Nova Iguaçu de Goiás é um município inteiro: escolha "
            "de qual município ele saiu") in explorer.panes["message"].value
    c["origin"].value = "5212808"             # Mara Rosa
    assert explorer.scenario.municipalities == ("5214879",) and explorer.scenario.origins == ("5212808",)
    assert explorer.analysis.result("art4.III").status == Status.PASS
    assert "Nova Iguaçu de Goiás (município inteiro) · origem: Mara Rosa" in explorer.panes["verdict"].value


def test_area_buttons(explorer):
    c = explorer.controls
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()
    assert explorer.scenario.origins == ("5200100", "5200308")
    assert "Municípios de origem: <b>Abadiânia, Alexânia</b>" in explorer.panes["origins"].value
    assert explorer.analysis.profile.area.population.value == 3045 + 1550
    c["remove"].click()
    assert explorer.scenario.districts == ("520010010",)
    c["edit_unit"].value = "520010010"
    before = explorer.analysis
    c["remove"].click()                       # the only unit: refused, the last result kept
    assert explorer.analysis is before and explorer.scenario.districts == ("520010010",)
    assert "Posse d&#x27;Abadia: indeterminado" in explorer.panes["verdict"].value
    assert ("<b>«Retirar da área» (aba Área) recusado</b> — retirar Posse d&#x27;Abadia (distrito "
            "de Abadiânia) da área: a área ficaria vazia: acrescente outra unidade antes de retirar "
            "esta. A área e o último resultado continuam os anteriores.") in explorer.panes["message"].value


def test_a_map_click_the_law_refuses_leaves_the_area_and_the_result(explorer):
    c = explorer.controls
    before, verdict = explorer.analysis, explorer.panes["verdict"].value
    explorer.clicked("5205513")               # Cocalzinho de Goiás: does not touch Abadiânia
    assert explorer.scenario.districts == ("520010010",) and explorer.scenario.municipalities == ()
    assert explorer.analysis is before and explorer.panes["verdict"].value == verdict
    message = explorer.panes["message"].value
    assert message.startswith('<p style="color:#b71c1c"><b>Clique no mapa recusado</b> — somar '
                              "Cocalzinho de Goiás à área: ")
    assert "o município de origem Abadiânia não faz divisa com a área proposta" in message
    assert "5200100" not in message and "area." not in message
    assert message.count("A área e o último resultado continuam os anteriores.") == 1
    assert "«Unidade" not in message and "Para desfazer" not in message
    assert c["unit"].value == "520010010"
    explorer.clicked(OLHOS_DAGUA)             # the next valid click works as usual
    assert explorer.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert "recusado" not in explorer.panes["message"].value


def test_save_under_the_repository_and_report_an_absolute_command(explorer, store, tmp_path):
    c = explorer.controls
    # data/candidates/posse-dabadia.toml exists (a committed candidate): a new scenario is
    # offered a file, and a slug, of its own.
    assert c["save_path"].value == str(REPO / "data" / "candidates" / "posse-dabadia-2.toml")
    c["reduction"].value = "by"
    c["creation_year"].value = 2027
    c["population_on"].value = True
    c["save_path"].value = str(tmp_path / "posse.toml")
    c["save"].click()
    saved = explorer.panes["saved"].value
    assert "Nada salvo" in saved and "«salvar sem os valores hipotéticos»" in saved
    assert "drop_overrides" not in saved and not (tmp_path / "posse.toml").exists()
    c["population_on"].value = False
    path = explorer.save()
    assert path == tmp_path / "posse.toml"
    assert f"<code>viabilidade estudo {path}</code>" in explorer.panes["saved"].value
    again = analyse(path, store=store)
    assert [(r.rule_id, r.subject, r.status) for r in again.results] == \
        [(r.rule_id, r.subject, r.status) for r in explorer.analysis.results]
    # The next save is offered the next free name, not refused on the first file.
    assert c["save_path"].value == str(tmp_path / "posse-2.toml")
    assert "Um novo salvamento vai para <code>posse-2.toml</code>" in explorer.panes["saved"].value
    assert explorer.save() == tmp_path / "posse-2.toml"
    assert c["save_path"].value == str(tmp_path / "posse-3.toml")
    c["save_path"].value = str(path)                # a file named explicitly is not replaced
    assert explorer.save() is None
    assert "o arquivo já existe" in explorer.panes["saved"].value
    c["save_path"].value = str(tmp_path / "pasta") + "/"
    assert explorer.save() == tmp_path / "pasta" / "posse-dabadia.toml"
    # A blank name is not silently replaced by the previous one.
    c["name"].value = "  "
    c["save_path"].value = str(tmp_path / "sem-nome.toml")
    assert explorer.save() is None and not (tmp_path / "sem-nome.toml").exists()
    assert ("Nada salvo: «Nome do novo município» (aba Área) está vazio; escreva o nome do novo "
            "município") in explorer.panes["saved"].value


def test_relative_save_paths_are_taken_from_the_repository(explorer, monkeypatch, tmp_path):
    from viabilidade.explore.save import resolve_target

    monkeypatch.chdir(tmp_path)               # a kernel runs in notebooks/, not at the root
    s = explorer.scenario
    assert resolve_target("data/candidates/x.toml", s) == REPO / "data" / "candidates" / "x.toml"
    assert resolve_target("", s) == REPO / "data" / "candidates" / "posse-dabadia.toml"
    assert resolve_target("data/candidates", s) == REPO / "data" / "candidates" / "posse-dabadia.toml"


def test_boundary_file_gives_geometry_for_continuity(explorer, tmp_path):
    import geopandas as gpd
    from shapely.geometry import box

    c = explorer.controls
    assert explorer.analysis.result("art4.III").status == Status.INDETERMINATE
    c["boundary"].value = str(tmp_path / "nao-existe.geojson")
    assert explorer.analysis is None
    assert (f"«Arquivo de limites da área» (aba Área): o arquivo {tmp_path / 'nao-existe.geojson'} "
            "não existe") in explorer.panes["message"].value
    # A 0.06° box around Posse d'Abadia's vila (lat -16.098, lon -48.800), inside Abadiânia:
    # the remainder keeps a hole but stays one piece, so art. 4 III passes.
    path = tmp_path / "posse.geojson"
    gpd.GeoDataFrame({"id": ["5200100"], "nome": ["Posse d'Abadia"]},
                     geometry=[box(-48.83, -16.13, -48.77, -16.07)], crs="EPSG:4674").to_file(path)
    c["boundary"].value = str(path)
    # The limits replace the district as the area (one source of figures) ...
    assert explorer.scenario.boundary == path and explorer.scenario.districts == ()
    assert explorer.analysis.result("art4.III").status == Status.PASS
    # ... and the box, 1,2 km inside Abadiânia on every side, is flagged under art. 3.
    assert "A área fica inteiramente cercada por Abadiânia, a 1,2 km da divisa mais próxima" in \
        explorer.panes["message"].value
    c["clear_boundary"].click()
    assert explorer.scenario.boundary is None and explorer.scenario.districts == ("520010010",)
    assert explorer.analysis.result("art4.III").status == Status.INDETERMINATE


def test_map_layers_click_toggles_and_picks(mapped):
    m = mapped.map
    names = {f["properties"]["code"]: f["properties"]["name"] for f in m.municipalities.data["features"]}
    assert len(names) == 246 and names[ANAPOLIS] == "Anápolis"
    dots = {f["properties"]["code"]: f for f in m.district_dots.data["features"]}
    assert len(dots) == 327 and dots["520010010"]["properties"]["name"] == "Posse d'Abadia (distrito de Abadiânia)"
    assert len(json.dumps(m.municipalities.data)) < 1_000_000     # simplified for the browser
    # Posse d'Abadia: its point, Abadiânia outlined as origin, its seat, the 6 km band.
    assert [f["properties"]["code"] for f in m.area_districts.data["features"]] == ["520010010"]
    assert [f["properties"]["name"] for f in m.areas.data["features"]] == ["Abadiânia (origem)"]
    assert [f["properties"]["name"] for f in m.seats.data["features"]] == ["sede de Abadiânia", "sede proposta"]
    assert [f["properties"]["name"] for f in m.bands.data["features"]] == ["6 km da sede de origem"]
    m._hovered(event="mouseover", properties={"code": ANAPOLIS, "name": "Anápolis"})
    assert "<b>Anápolis</b>" in m.hover.value
    m._clicked(event="click", properties={"code": OLHOS_DAGUA, "name": "Olhos D'Água"})
    assert mapped.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert len(m.bands.data["features"]) == 2
    m._clicked(event="click", properties={"code": OLHOS_DAGUA})
    assert mapped.scenario.districts == ("520010010",)
    before = mapped.panes["verdict"].value
    mapped.controls["click_mode"].value = "pick"
    m._clicked(event="click", properties={"code": INTERLANDIA})
    assert mapped.scenario.districts == (INTERLANDIA,) and mapped.controls["unit"].value == INTERLANDIA
    assert mapped.panes["verdict"].value != before and "Interlândia: inviável" in mapped.panes["verdict"].value


def test_drawn_polygon_becomes_the_boundary_and_is_saved_beside(mapped, store, tmp_path):
    from viabilidade.candidate import load_candidate

    assert mapped.use_drawing() is None
    assert "Nenhum polígono desenhado" in mapped.panes["draw_note"].value
    ring = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]
    mapped.map._drawn(action="created", geo_json={"type": "Feature", "properties": {},
                                                  "geometry": {"type": "Polygon", "coordinates": [ring]}})
    drawn = mapped.use_drawing()
    assert mapped.scenario.boundary == drawn
    assert mapped.analysis.result("art4.III").status == Status.PASS
    assert [f["properties"]["name"] for f in mapped.map.areas.data["features"]] == \
        ["Abadiânia (origem)", "limites da área"]
    mapped.controls["save_path"].value = str(tmp_path / "cands" / "posse.toml")
    path = mapped.save()
    beside = tmp_path / "cands" / "posse.geojson"
    assert beside.is_file() and f"Limites desenhados: <code>{beside}</code>" in mapped.panes["saved"].value
    assert 'boundary = "posse.geojson"' in path.read_text(encoding="utf-8")
    assert load_candidate(path).boundary == beside.resolve()
    assert analyse(path, store=store).result("art4.III").status == Status.PASS


def test_a_kml_boundary_file_is_drawn_as_the_study_reads_it(mapped):
    # A KML (accepted by the study, with no IBGE code column) is drawn on the map, as the
    # polygon the study measures.
    from viabilidade.explore.widgets import _boundary_geometry
    from viabilidade.geo.area_file import read_area

    kml = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
    assert _boundary_geometry(kml).equals(read_area(kml))
    assert _boundary_geometry(kml.with_name("nao-existe.kml")) is None
    mapped.controls["boundary"].value = str(kml)
    assert mapped.scenario.boundary == kml
    assert [f["properties"]["name"] for f in mapped.map.areas.data["features"]] == \
        ["Abadiânia (origem)", "limites da área"]


def test_proposed_seat_is_the_district_named_as_seat(store):
    from viabilidade.explore.leaflet_map import seat_points
    from viabilidade.explore.scenario import Scenario
    from viabilidade.geo.districts import seats_of_districts

    two = Scenario.for_district(store, "520010010").add_unit(OLHOS_DAGUA, store)
    olhos = seats_of_districts(store, (OLHOS_DAGUA,)).iloc[0]
    posse = seats_of_districts(store, ("520010010",)).iloc[0]
    assert seat_points(store, two)["área"] == (float(posse["lat"]), float(posse["lon"]))
    moved = seat_points(store, two.replace(seat="Olhos D'Água"))
    assert moved["área"] == (float(olhos["lat"]), float(olhos["lon"]))
    assert set(moved) == {"origem:5200100", "origem:5200308", "área"}


def test_seat_control_lists_the_area_and_moves_the_seat(mapped, tmp_path):
    from viabilidade.candidate import load_candidate

    c = mapped.controls
    assert (c["seat"].options, c["seat"].value) == (("Posse d'Abadia",), "Posse d'Abadia")
    mapped.clicked(OLHOS_DAGUA)
    assert c["seat"].options == ("Posse d'Abadia", "Olhos D'Água")
    seats = {f["properties"]["name"]: f["geometry"]["coordinates"] for f in mapped.map.seats.data["features"]}
    dots = {f["properties"]["code"]: f["geometry"]["coordinates"] for f in mapped.map.area_districts.data["features"]}
    assert seats["sede proposta"] == dots["520010010"]
    c["seat"].value = "Olhos D'Água"
    assert mapped.scenario.seat == "Olhos D'Água"
    seats = {f["properties"]["name"]: f["geometry"]["coordinates"] for f in mapped.map.seats.data["features"]}
    assert seats["sede proposta"] == dots[OLHOS_DAGUA]
    c["save_path"].value = str(tmp_path / "duas.toml")
    assert load_candidate(mapped.save()).seat == "Olhos D'Água"


def test_an_impossible_what_if_is_refused_with_the_bound(explorer):
    c = explorer.controls
    c["population_value"].value = "9.000.000"
    assert explorer.analysis is None
    assert ("encontrado 9.000.000; esperado no máximo 7.056.495 (a população de Goiás no Censo "
            "2022)") in explorer.panes["message"].value
    c["population_value"].value = "7.056.495"     # at the bound: a hypothesis, decided
    assert explorer.analysis.result("art4.IV").status == Status.PASS


SANTA_ROSA = "520800410"                     # district of Formosa, 3.513 inhabitants (Censo 2022)


def _plain(html_text: str) -> str:
    import html as h
    import re

    return " ".join(h.unescape(re.sub(r"<[^>]+>", " ", html_text)).split())


def test_a_what_if_verdict_says_it_rests_on_the_hypothetical_value(explorer):
    c = explorer.controls
    c["unit"].value = SANTA_ROSA
    c["population_value"].value = "2.990"
    verdict = _plain(explorer.panes["verdict"].value)
    assert ("Conclusão: Inviável perante a LC nº 2/1990; com valor hipotético (área: 2.990 "
            "habitantes), não com os dados publicados; simulação, não é um estudo; a criação") in verdict
    assert "nos dados publicados" not in verdict and "estudo preliminar" not in verdict
    rules = _plain(explorer.panes["rules"].value)
    assert "não atingido com valor hipotético 2.990 habitantes (hipotético)" in rules


def test_a_changed_threshold_is_not_the_law_in_the_conclusion_or_the_requirement(explorer):
    c = explorer.controls
    c["unit"].value = SANTA_ROSA
    c["population"].value = "4.000"
    verdict = _plain(explorer.panes["verdict"].value)
    assert ("Conclusão: Inviável com limiar alterado — art. 4º, IV: mais de 4.000 habitantes "
            "(a lei: mais de três mil); nos dados publicados;") in verdict
    assert "perante a LC" not in verdict
    rules = _plain(explorer.panes["rules"].value)
    assert "População — limiar alterado: mais de 4.000 habitantes (a lei: mais de três mil)" in rules
    assert "População de mais de três mil habitantes" not in rules
    c["population"].value = "3.000"           # back to the law's value
    assert "Conclusão: Indeterminada perante a LC nº 2/1990;" in _plain(explorer.panes["verdict"].value)


def test_map_points_lie_above_the_polygons_and_only_units_take_clicks(mapped):
    # A district point inside its origin is clickable at any zoom: the points have their own
    # Leaflet pane above the municipalities (overlay pane, 400), and what the scenario draws
    # over the map (origin outline, 6 km band, seats, area) takes no click or hover.
    m = mapped.map
    assert m.map.panes["distritos"]["zIndex"] > 400 and m.map.panes["sedes"]["zIndex"] > 450
    assert m.district_dots.point_style["pane"] == m.area_districts.point_style["pane"] == "distritos"
    assert m.seats.point_style["pane"] == "sedes" and m.seats.point_style["interactive"] is False
    drawn = [f for layer in (m.bands, m.areas, m.seats) for f in layer.data["features"]]
    assert len(drawn) == 4 and all(f["properties"]["style"]["interactive"] is False for f in drawn)
    assert "interactive" not in m.municipalities.style and "interactive" not in m.district_dots.point_style
    m._clicked(event="click", properties={"code": OLHOS_DAGUA})
    assert mapped.scenario.districts == ("520010010", OLHOS_DAGUA)


def test_the_map_shows_the_area_the_controls_describe(mapped):
    # A drawn polygon the study refuses (it spills out of the origin) replaces the districts:
    # the map no longer shows them as the area; taking the limits off erases the drawing.
    ring = [[-48.9, -16.3], [-48.0, -16.3], [-48.0, -15.6], [-48.9, -15.6], [-48.9, -16.3]]
    mapped.map._drawn(action="created", geo_json={"type": "Feature", "properties": {},
                                                  "geometry": {"type": "Polygon", "coordinates": [ring]}})
    mapped.use_drawing()
    assert mapped.analysis is None
    assert "Área: limites desenhados ou de arquivo · origem: Abadiânia" in mapped.panes["verdict"].value
    assert mapped.map.area_districts.data["features"] == []
    assert [f["properties"]["name"] for f in mapped.map.areas.data["features"]] == \
        ["Abadiânia (origem)", "limites da área"]
    assert "limites da área (desenhados ou de arquivo)" in mapped.map.legend.value
    mapped.controls["clear_boundary"].click()
    assert mapped.map.drawn is None and mapped.map.draw.data == []
    assert mapped.scenario.districts == ("520010010",) and mapped.analysis is not None
    assert [f["properties"]["code"] for f in mapped.map.area_districts.data["features"]] == ["520010010"]
    assert [f["properties"]["name"] for f in mapped.map.areas.data["features"]] == ["Abadiânia (origem)"]


def test_threshold_boxes_are_wide_enough_to_read(explorer):
    from viabilidade.explore.widgets import FLOAT_THRESHOLDS, INT_THRESHOLDS

    for key in [*INT_THRESHOLDS, *FLOAT_THRESHOLDS]:
        box = explorer.controls[key]
        assert (box.layout.width, box.style.description_width) == ("42em", "30em")  # 12 em of box
        assert len(box.description) <= 56          # a label fits its 30 em column at 12–13 px


def test_a_drawing_that_leaves_out_the_seat_is_flagged_and_offers_the_seats_inside(mapped):
    # A square in Formosa holding Bezerra's vila (-47,107; -15,493), not Santa Rosa's.
    ring = [[-47.166, -15.28], [-46.964, -15.295], [-46.98, -15.52], [-47.16, -15.52], [-47.166, -15.28]]
    mapped.controls["unit"].value = SANTA_ROSA
    mapped.map._drawn(action="created", geo_json={"type": "Feature", "properties": {}, "geometry": {
        "type": "Polygon", "coordinates": [ring]}})
    mapped.use_drawing()
    assert mapped.analysis is not None and mapped.scenario.seat == "Santa Rosa"
    message = _plain(mapped.panes["message"].value)
    assert "A sede proposta, Santa Rosa (vila do distrito, IBGE Localidades 2022), fica fora da área " \
           "desenhada, a 2" in message
    assert list(mapped.controls["seat"].options) == ["Bezerra", "Santa Rosa"]
    mapped.controls["seat"].value = "Bezerra"              # Bezerra's vila is inside the square
    assert mapped.scenario.seat == "Bezerra"
    assert "A sede proposta" not in _plain(mapped.panes["message"].value)


def test_messages_in_the_explorers_words_and_what_only_the_file_holds(explorer):
    from viabilidade.explore.widgets import explorer_words

    assert explorer_words("Santa Rosa (520800410) não toca Bezerra (520800407)") == \
        "Santa Rosa não toca Bezerra"
    assert explorer_words("o distrito Posse d'Abadia (520010010, de Abadiânia) e") == \
        "o distrito Posse d'Abadia (de Abadiânia) e"
    assert explorer_words("esperado listar os seus distritos (area.districts) ou") == \
        "esperado listar os seus distritos ou"
    assert explorer_words("pelas unidades do IBGE em area.districts (520010010);") == \
        "pelas unidades do IBGE nos distritos da área;"
    rules = explorer.panes["rules"].value
    assert ("O que as regras art. 2º; art. 4º, I pedem “no arquivo da candidatura” "
            "(representação, documentos) não tem controle aqui: salve o cenário (aba Salvar) e "
            "informe-o no arquivo salvo") in rules


def test_a_click_on_the_origin_says_to_click_a_district(mapped):
    mapped.map._clicked(event="click", properties={"code": "5200100"})   # Abadiânia, the origin
    assert mapped.scenario.municipalities == () and mapped.analysis is not None
    assert ("<b>Clique no mapa recusado</b> — somar Abadiânia à área: Abadiânia é o município de "
            "origem: a área sai dele (arts. 2º e 4º, § 1º), não o leva inteiro; para somar um "
            "distrito dele, clique no ponto do distrito.") in mapped.panes["message"].value


def test_stale_state_after_a_new_unit_and_readings_of_other_operations(explorer):
    from viabilidade.explore.widgets import RESULT_TABS

    c = explorer.controls
    assert c["edit_unit"].value == "520010010"
    c["unit"].value = SANTA_ROSA                      # a new scenario: its own unit to edit
    assert c["edit_unit"].value == SANTA_ROSA
    # A creation has no "legislação que prevalece" (I-9, fusion only): neither control nor line.
    assert c["prevailing_legislation"].layout.display == "none" and c["quorum"].layout.display is None
    assert "Legislação que prevalece" not in explorer.panes["alternatives"].value
    assert "Quórum do plebiscito" in explorer.panes["alternatives"].value
    assert RESULT_TABS[-1] == "Outras leituras"


def test_the_hover_name_is_forgotten_on_zoom_and_when_the_mouse_leaves(mapped):
    from viabilidade.explore.leaflet_map import HINT

    m = mapped.map
    m._hovered(event="mouseover", properties={"name": "Formosa"})
    assert "<b>Formosa</b>" in m.hover.value
    m.map.zoom = 8
    assert HINT in m.hover.value
    m._hovered(event="mouseover", properties={"name": "Formosa"})
    m._interaction(type="mouseout", coordinates=[-15.5, -47.3])
    assert HINT in m.hover.value and "Formosa" not in m.hover.value


def test_a_projected_scenario_is_not_called_a_study_either(explorer):
    explorer.controls["projection"].value = "electors"
    verdict = _plain(explorer.panes["verdict"].value)
    assert ("Conclusão: Indeterminada perante a LC nº 2/1990; com valor projetado (área: cerca de "
            "2.263 eleitores), não com os dados publicados; simulação, não é um estudo;") in verdict
    assert "estudo preliminar" not in verdict
    explorer.controls["projection"].value = None
    assert "estudo preliminar" in _plain(explorer.panes["verdict"].value)


POSSE_BOX = [[-48.83, -16.13], [-48.77, -16.13], [-48.77, -16.07], [-48.83, -16.07], [-48.83, -16.13]]


def _draw(mapped, ring):
    feature = {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [ring]}}
    mapped.map._drawn(action="created", geo_json=feature)
    return feature


def test_deleting_the_drawing_in_use_takes_the_limits_off(mapped):
    # The trash tool on the polygon in use: the limits come off as with «Tirar os limites»
    # (Posse d'Abadia comes back as the area) and the note «Polígono desenhado em uso» goes.
    feature = _draw(mapped, POSSE_BOX)
    drawn = mapped.use_drawing()
    assert mapped.scenario.boundary == drawn and mapped.scenario.districts == ()
    assert "Polígono desenhado em uso como limite da área" in mapped.panes["draw_note"].value
    mapped.map._drawn(action="deleted", geo_json=feature)
    assert mapped.map.drawn is None and mapped.controls["boundary"].value == ""
    assert mapped.scenario.boundary is None and mapped.scenario.districts == ("520010010",)
    assert mapped.panes["draw_note"].value == ""
    assert mapped.analysis.result("art4.III").status == Status.INDETERMINATE
    assert [f["properties"]["name"] for f in mapped.map.areas.data["features"]] == ["Abadiânia (origem)"]


def test_deleting_an_older_drawing_keeps_the_one_in_use(mapped):
    older = _draw(mapped, [[-48.9, -16.3], [-48.0, -16.3], [-48.0, -15.6], [-48.9, -16.3]])
    _draw(mapped, POSSE_BOX)
    drawn = mapped.use_drawing()
    mapped.map._drawn(action="deleted", geo_json=older)
    assert mapped.map.drawn is not None and mapped.scenario.boundary == drawn
    assert "Polígono desenhado em uso" in mapped.panes["draw_note"].value


def test_the_drawing_note_goes_with_the_limits(mapped):
    _draw(mapped, POSSE_BOX)
    mapped.use_drawing()
    mapped.controls["clear_boundary"].click()
    assert mapped.panes["draw_note"].value == "" and mapped.scenario.boundary is None
    # Emptying the box by hand takes the limits off too, and the note with them.
    _draw(mapped, POSSE_BOX)
    mapped.use_drawing()
    mapped.controls["boundary"].value = ""
    assert mapped.panes["draw_note"].value == "" and mapped.scenario.districts == ("520010010",)


def test_the_map_zooms_to_the_area_when_it_changes(mapped, store):
    from viabilidade.explore.leaflet_map import CENTER, ZOOM

    m = mapped.map
    assert (tuple(m.map.center), m.map.zoom) == (CENTER, ZOOM)   # first view: the state
    # A map click keeps the view (the map does not move under the mouse) ...
    m._clicked(event="click", properties={"code": OLHOS_DAGUA})
    assert mapped.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert (tuple(m.map.center), m.map.zoom) == (CENTER, ZOOM)
    # ... a unit picked in the list moves it to the unit: Interlândia's point in a 0,15° box.
    mapped.controls["unit"].value = INTERLANDIA
    (lat, lon), zoom = m.map.center, m.map.zoom
    assert zoom == 12.0
    point = next(f for f in m.area_districts.data["features"] if f["properties"]["code"] == INTERLANDIA)
    assert (round(lon, 4), round(lat, 4)) == tuple(round(x, 4) for x in point["geometry"]["coordinates"])
    # A drawn boundary: the box around Posse d'Abadia, 0,06° wide, shown in 0,15°.
    _draw(mapped, POSSE_BOX)
    mapped.use_drawing()
    assert m.map.zoom == 12.0 and [round(x, 3) for x in m.map.center] == [-16.1, -48.8]


def test_scenario_map_fits_the_area_once_per_change(store):
    pytest.importorskip("ipyleaflet")
    from shapely.geometry import box

    from viabilidade.explore.leaflet_map import CENTER, ZOOM, ScenarioMap, fit_view
    from viabilidade.explore.scenario import Scenario

    m = ScenarioMap(store, lambda code: None)
    # The whole state's box gives the map's first view (a tolerance of half a zoom step).
    (lat, lon), zoom = fit_view((-53.25, -19.50, -45.91, -12.40))
    assert zoom == ZOOM and abs(lat - CENTER[0]) < 0.3 and abs(lon - CENTER[1]) < 0.1
    # Anápolis (a whole municipality in the area): its malha box, 540 px less 30 px a side.
    anapolis = Scenario.for_municipality(store, ANAPOLIS, origin="5200100")   # Abadiânia
    m.show(anapolis)
    w, s, e, n = store.boundaries.set_index("cod_ibge").at[ANAPOLIS, "geometry"].bounds
    assert (tuple(m.map.center), m.map.zoom) == fit_view((w, s, e, n))
    assert m.map.zoom == 10.5 and s < m.map.center[0] < n and w < m.map.center[1] < e
    # The user pans away; showing the same area again (another seat, a new result) stays put.
    m.map.center, m.map.zoom = [-17.0, -50.0], 8.0
    m.show(anapolis)
    assert (list(m.map.center), m.map.zoom) == ([-17.0, -50.0], 8.0)
    # fit=False (a map click) leaves the view, whatever the area.
    m.show(Scenario.for_district(store, INTERLANDIA), fit=False)
    assert (list(m.map.center), m.map.zoom) == ([-17.0, -50.0], 8.0)
    # A boundary: its own box, 0,3° a side (log2(480 px · 360° / 256 px / 0,3°) = 11,1).
    m.show(anapolis, box(-49.0, -16.4, -48.7, -16.1))
    assert m.map.zoom == 11.0 and [round(x, 3) for x in m.map.center] == [-16.25, -48.85]
