"""The explorer UI driven without a browser: set controls, read the analysis and the panes."""

import datetime as dt
import json
from pathlib import Path

import pytest

from viabilidade.profile.analysis import analyse
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
    box = explorer.controls["special_interest"]  # a checkbox, not indented
    assert (box.style.description_width, box.indent) == ("", False)


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
    from viabilidade.explore.widgets import study_command
    assert f"<code>{study_command()} estudo {path}</code>" in explorer.panes["saved"].value
    assert "de qualquer pasta" not in explorer.panes["saved"].value
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
    assert "A área fica inteiramente cercada por Abadiânia, a 1,0 km da divisa mais próxima" in \
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
    from viabilidade.proposal.candidate import load_candidate

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


def test_a_boundary_file_is_read_once_per_version(tmp_path):
    # Three panels ask for the limits in use on each change: the same file, unchanged, is
    # read once; rewritten (another polygon), it is read again; gone, it draws nothing.
    import os

    from viabilidade.explore.files import boundary_geometry
    from viabilidade.geo.area_file import read_area

    fixtures = REPO / "tests" / "fixtures"
    first, second = fixtures / "distrito-abadiania-leste.geojson", fixtures / "transferencia-faixa-abadiania.geojson"
    path = tmp_path / "limites.geojson"
    path.write_bytes(first.read_bytes())
    a = boundary_geometry(path)
    assert a.equals(read_area(first)) and boundary_geometry(path) is a
    path.write_bytes(second.read_bytes())
    os.utime(path, ns=(os.stat(path).st_atime_ns, os.stat(path).st_mtime_ns + 1_000_000_000))
    b = boundary_geometry(path)
    assert b.equals(read_area(second)) and not b.equals(a)
    path.unlink()
    assert boundary_geometry(path) is None


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
    from viabilidade.proposal.candidate import load_candidate

    c = mapped.controls
    assert (c["seat"].options, c["seat"].value) == (("Posse d'Abadia",), "Posse d'Abadia")
    mapped.clicked(OLHOS_DAGUA)
    assert c["seat"].options == ("Posse d'Abadia", "Olhos D'Água")
    seats = {f["properties"]["name"]: f["geometry"]["coordinates"] for f in mapped.map.seats.data["features"]}
    dots = {f["properties"]["code"]: f["geometry"]["coordinates"]
            for f in mapped.map.district_dots.data["features"]}
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
BEZERRA, FORMOSA_SEDE = "520800407", "520800405"   # Formosa's district and its seat district


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
    assert "Conclusão: Viabilidade indeterminada perante a LC nº 2/1990;" in _plain(explorer.panes["verdict"].value)


def test_map_layers_have_fixed_panes_and_only_units_take_clicks(mapped):
    # Each layer sits in its own Leaflet pane, sent as a Leaflet option so every feature is
    # built in it (ipyleaflet sends a layer's pane too late for the first features): the order
    # never changes between updates. The district territories and points lie above the
    # municipalities; what the scenario draws (origin outline, 6 km band, seats, the area's
    # districts and boundary) takes no click or hover; the labels take no mouse event.
    m = mapped.map
    z = {k: v["zIndex"] for k, v in m.map.panes.items()}
    assert z["municipios"] < z["cenario"] < z["territorios"] < z["area"] < z["desenho"] \
        < z["distritos"] < z["sedes"] < z["rotulos"]
    assert m.map.panes["rotulos"]["pointerEvents"] == "none"
    for layer, pane in ((m.municipalities, "municipios"), (m.bands, "cenario"), (m.areas, "cenario"),
                        (m.territories, "territorios"), (m.area_districts, "area")):
        assert layer.pane == pane and "pane" in layer.options
    assert m.district_dots.point_style["pane"] == "distritos"
    assert m.seats.point_style["pane"] == "sedes" and m.seats.point_style["interactive"] is False
    assert m.draw.polygon["shapeOptions"]["pane"] == "desenho"
    drawn = [f for layer in (m.bands, m.areas, m.seats, m.area_districts) for f in layer.data["features"]]
    assert len(drawn) == 5 and all(f["properties"]["style"]["interactive"] is False for f in drawn)
    assert "interactive" not in m.municipalities.style and "interactive" not in m.territories.style
    assert all(label.pane == "rotulos" for label in m.labels.layers)
    m._clicked(event="click", properties={"code": OLHOS_DAGUA})
    assert mapped.scenario.districts == ("520010010", OLHOS_DAGUA)


def test_district_territories_are_clickable_polygons_labelled_approximate(mapped, store):
    # The origin's districts are cells (the study's approximate territories), each named as
    # not a legal limit; a click on a cell adds or removes that district — Santa Rosa, the
    # area's own district (the proposed seat) included. A neighbour stays a municipality.
    from viabilidade.explore.leaflet_map import APPROXIMATE, district_territories

    m = mapped.map
    assert [f["properties"]["code"] for f in m.territories.data["features"]] == \
        ["520010005", "520010010"]                    # Abadiânia's two, at the start
    mapped.controls["unit"].value = SANTA_ROSA
    cells = {f["properties"]["code"]: f for f in m.territories.data["features"]}
    assert sorted(cells) == [FORMOSA_SEDE, BEZERRA, SANTA_ROSA, "520800415"]
    assert {f["geometry"]["type"] for f in cells.values()} <= {"Polygon", "MultiPolygon"}
    assert cells[SANTA_ROSA]["properties"]["name"] == \
        "Santa Rosa (distrito de Formosa) — território aproximado, não é limite legal"
    assert f"distrito: {APPROXIMATE}" in m.legend.value
    assert len(json.dumps(m.territories.data)) < 20_000          # simplified, 5 decimals
    everywhere = district_territories(store)     # the 52 municipalities with two or more
    assert len(everywhere["features"]) == 133 and len(json.dumps(everywhere)) < 250_000
    assert [f["properties"]["code"] for f in m.area_districts.data["features"]] == [SANTA_ROSA]
    m._hovered(event="mouseover", properties=cells[BEZERRA]["properties"])
    assert "Bezerra (distrito de Formosa) — território aproximado" in m.hover.value
    m._clicked(event="click", properties=cells[BEZERRA]["properties"])
    assert mapped.scenario.districts == (SANTA_ROSA, BEZERRA)
    assert sorted(f["properties"]["code"] for f in m.area_districts.data["features"]) == \
        [BEZERRA, SANTA_ROSA]
    m._clicked(event="click", properties=cells[SANTA_ROSA]["properties"])   # the seat's own
    assert mapped.scenario.districts == (BEZERRA,) and mapped.analysis is not None
    m._clicked(event="click", properties=cells[SANTA_ROSA]["properties"])
    assert mapped.scenario.districts == (BEZERRA, SANTA_ROSA)
    # The cells are those the study draws, simplified: Santa Rosa's holds its vila.
    import shapely

    from viabilidade.geo.districts import seats_of_districts

    vila = seats_of_districts(store, (SANTA_ROSA,)).iloc[0]
    assert shapely.geometry.shape(cells[SANTA_ROSA]["geometry"]).contains(
        shapely.Point(vila["lon"], vila["lat"]))
    alone = district_territories(store, (SANTA_ROSA,))["features"]
    assert [(f["geometry"], f["properties"]["name"]) for f in alone] == \
        [(cells[SANTA_ROSA]["geometry"], cells[SANTA_ROSA]["properties"]["name"])]


def test_a_click_on_the_origins_seat_district_is_refused_with_the_article(mapped):
    mapped.controls["unit"].value = SANTA_ROSA
    mapped.map._clicked(event="click", properties={"code": FORMOSA_SEDE})
    assert mapped.scenario.districts == (SANTA_ROSA,) and mapped.analysis is not None
    message = _plain(mapped.panes["message"].value)
    assert message.startswith("Clique no mapa recusado — somar Formosa (distrito de Formosa) à área: "
                              "o distrito Formosa é "
                              "o distrito-sede de Formosa: o município de origem perderia a sede")
    assert "art. 4º, § 1º" in message and "A área e o último resultado continuam os anteriores." in message


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
    assert "limites da área em uso (desenhados ou de arquivo)" in mapped.map.legend.value
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
            "distrito dele, clique no território ou no ponto do distrito.") in mapped.panes["message"].value


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
    assert ("Conclusão: Viabilidade indeterminada perante a LC nº 2/1990; com valor projetado (área: cerca de "
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
    from viabilidade.explore.leaflet_map import CENTER, ZOOM, fit_view

    m = mapped.map
    assert (tuple(m.map.center), m.map.zoom) == (CENTER, ZOOM)   # first view: the state
    # A map click keeps the view (the map does not move under the mouse) ...
    m._clicked(event="click", properties={"code": OLHOS_DAGUA})
    assert mapped.scenario.districts == ("520010010", OLHOS_DAGUA)
    assert (tuple(m.map.center), m.map.zoom) == (CENTER, ZOOM)
    # ... a unit picked in the list moves it to the unit: Interlândia's approximate territory
    # (its cell in Anápolis, 0,14° × 0,15°).
    mapped.controls["unit"].value = INTERLANDIA
    import shapely

    bounds = shapely.geometry.shape(m.area_districts.data["features"][0]["geometry"]).bounds
    assert (tuple(m.map.center), m.map.zoom) == fit_view(bounds)
    assert m.map.zoom == 11.5
    # A drawn boundary: the box around Posse d'Abadia, 0,06° wide, shown in 0,15°.
    _draw(mapped, POSSE_BOX)
    assert m.map.zoom == 11.5 and (tuple(m.map.center), m.map.zoom) == fit_view((-48.83, -16.13, -48.77, -16.07))


def test_scenario_map_fits_the_area_once_per_change(store):
    pytest.importorskip("ipyleaflet")
    from shapely.geometry import box

    from viabilidade.explore.leaflet_map import CENTER, ZOOM, ScenarioMap, fit_view
    from viabilidade.explore.scenario import Scenario

    m = ScenarioMap(store, lambda code: None)
    # The whole state's box, fitted with the tool bars' margins, is half a zoom step closer
    # than the first view (which shows the state whole, the tools over Mato Grosso).
    (lat, lon), zoom = fit_view((-53.25, -19.50, -45.91, -12.40))
    assert zoom == ZOOM - 0.5 and abs(lat - CENTER[0]) < 0.7 and abs(lon - CENTER[1]) < 0.2
    # Anápolis (a whole municipality in the area): its malha box, clear of the margins.
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
    # A boundary: its own box, 0,3° a side (log2(420 px · 360° / 256 px / 0,3°) = 10,9).
    m.show(anapolis, box(-49.0, -16.4, -48.7, -16.1))
    assert m.map.zoom == 10.5 and [round(x, 3) for x in m.map.center] == [-16.222, -48.857]


def test_the_fitted_area_stays_clear_of_the_tool_bars():
    # Projected at the fitted centre and zoom (Web Mercator, 256 px tiles), every corner of
    # the area lies inside the map less the margins: 90 px at the top (the drawing tools and
    # their bars, the name box), 45 px on the left (the zoom buttons), 30 px elsewhere.
    import math

    from viabilidade.explore.leaflet_map import FIT_PADDING_PX, MAP_PX, fit_view

    def pixel(lon, lat, centre, zoom):
        scale = 256 * 2 ** zoom / (2 * math.pi)
        y = lambda la: math.log(math.tan(math.pi / 4 + math.radians(la) / 2))   # noqa: E731
        return (MAP_PX / 2 + (math.radians(lon) - math.radians(centre[1])) * scale,
                MAP_PX / 2 - (y(lat) - y(centre[0])) * scale)

    for bounds in [(-49.0, -16.4, -48.7, -16.1), (-53.25, -19.50, -45.91, -12.40),
                   (-47.4, -15.6, -46.9, -14.9), (-50.01, -17.2, -50.0, -17.19)]:
        centre, zoom = fit_view(bounds)
        (x0, y0), (x1, y1) = pixel(bounds[0], bounds[3], centre, zoom), pixel(bounds[2], bounds[1], centre, zoom)
        assert x0 >= FIT_PADDING_PX["left"] - 0.5 and y0 >= FIT_PADDING_PX["top"] - 0.5
        assert x1 <= MAP_PX - FIT_PADDING_PX["right"] + 0.5 and y1 <= MAP_PX - FIT_PADDING_PX["bottom"] + 0.5
        # and tight: half a zoom step more would not fit (unless the box was widened to 0,15°)
        assert bounds[2] - bounds[0] < 0.15 or (x1 - x0) * 2 ** 0.5 > MAP_PX - 75 or (y1 - y0) * 2 ** 0.5 > MAP_PX - 120


def test_closing_a_polygon_uses_it_at_once_and_clips_to_the_origin_on_request(mapped):
    # A square straddling Abadiânia's western border (-48,96°): drawn and closed, it is the
    # area at once (no button), and the study refuses it (most of it outside the origin).
    ring = [[-48.98, -16.25], [-48.88, -16.25], [-48.88, -16.15], [-48.98, -16.15], [-48.98, -16.25]]
    _draw(mapped, ring)
    drawn = mapped.scenario.boundary
    assert drawn is not None and mapped.scenario.districts == () and mapped.analysis is None
    assert "Polígono desenhado em uso como limite da área" in mapped.panes["draw_note"].value
    # The drawing's file is the explorer's own: its path (a temporary folder) was shown in
    # «Arquivo de limites da área» (issue 31); the box is hidden while the drawing is in use.
    assert mapped.controls["boundary"].layout.display == "none"
    # «Recortar pelo município de origem»: the drawing is used again, clipped to Abadiânia.
    mapped.controls["clip"].value = True
    assert mapped.scenario.boundary != drawn and mapped.analysis is not None
    assert ("Recortado pelo município de origem (Abadiânia): 61,59 km² desenhados fora dele foram "
            "retirados.") in mapped.panes["draw_note"].value
    from viabilidade.geo.area_file import read_area
    from viabilidade.geo.measure import geodesic_area_km2

    assert round(geodesic_area_km2(read_area(mapped.scenario.boundary)), 2) == 56.74
    # A drawing wholly outside the origin is refused when clipping: nothing would be left.
    kept = mapped.scenario.boundary
    _draw(mapped, [[-49.2, -16.3], [-49.1, -16.3], [-49.1, -16.2], [-49.2, -16.2], [-49.2, -16.3]])
    assert mapped.scenario.boundary == kept
    assert ("O polígono desenhado fica todo fora de Abadiânia: recortado, nada sobraria."
            in mapped.panes["draw_note"].value)
    # A drawing wholly inside: nothing to cut.
    _draw(mapped, POSSE_BOX)
    assert "Recortado pelo município de origem (Abadiânia): nada ficava fora dele." in \
        mapped.panes["draw_note"].value
    mapped.clear_boundary()
    assert mapped.scenario.boundary is None and mapped.controls["boundary"].layout.display is None


def test_labels_name_the_districts_when_zoomed_in_and_the_neighbours_at_state_zoom(mapped):
    m = mapped.map
    mapped.controls["unit"].value = SANTA_ROSA            # the map zooms to Santa Rosa: 9,5
    assert m.map.zoom >= 9.0

    def texts():
        import re

        import html

        return [html.unescape(re.sub(r"<[^>]+>", "", label.icon.html)) for label in m.labels.layers]

    neighbours = ["Água Fria de Goiás", "Cabeceiras", "Flores de Goiás", "Planaltina",
                  "São João d'Aliança", "Vila Boa"]
    # Zoomed in, the neighbours are named too (issue 31: none below a 30 km scale).
    assert texts() == ["Formosa", "Bezerra", "Santa Rosa", "Juscelino Kubitschek", *neighbours]
    from viabilidade.explore.leaflet_map import NEAR_LABEL_DEG
    import shapely

    formosa = mapped.store.boundaries.set_index("cod_ibge").at["5208004", "geometry"]
    for label in m.labels.layers[4:]:                     # beside the area, in view
        lat, lon = label.location
        assert formosa.distance(shapely.Point(lon, lat)) <= NEAR_LABEL_DEG + 1e-9
    assert {label.pane for label in m.labels.layers} == {"rotulos"}
    m.map.zoom = 8.0
    assert texts() == ["Formosa", "Água Fria de Goiás", "Cabeceiras", "Flores de Goiás", "Planaltina",
                       "São João d'Aliança", "Vila Boa"]
    layers = m.labels.layers
    m.map.zoom = 8.5                                       # same band (7,5 to 9): not redrawn
    assert m.labels.layers == layers
    m.map.zoom = 6.5                                       # the whole state: the origin alone
    assert texts() == ["Formosa"]


def test_legend_folds_and_the_basemap_is_on_with_a_switch(mapped):
    from viabilidade.explore.leaflet_map import BASEMAP_NOTE

    m = mapped.map
    assert m.tiles in m.map.layers and m.map.layers[0] is m.tiles       # under everything
    assert "precisa de internet" in m.tiles.attribution and m.tiles.attribution == BASEMAP_NOTE
    import ipyleaflet

    assert [type(c) for c in m.map.controls].count(ipyleaflet.AttributionControl) == 1   # said once
    m.basemap_on.value = False
    assert m.tiles not in m.map.layers
    m.basemap_on.value = True
    assert m.map.layers[0] is m.tiles
    body = m.basemap_on
    box = next(c.widget for c in m.map.controls if getattr(c, "widget", None) is not None
               and m.legend_toggle in getattr(c.widget, "children", ()))
    assert box.children[1].children == (m.legend, body)
    assert m.legend_toggle.value is False and box.children[1].layout.display == "none"   # folded
    m.legend_toggle.value = True
    assert box.children[1].layout.display is None
    m.legend_toggle.value = False
    assert box.children[1].layout.display == "none"
    assert sum(type(c).__name__ == "AttributionControl" for c in m.map.controls) == 1


def test_the_name_box_empties_outside_goias(mapped):
    from viabilidade.explore.leaflet_map import HINT

    m = mapped.map
    m._hovered(event="mouseover", properties={"name": "Formosa"})
    m._interaction(type="mousemove", coordinates=[-15.45, -47.3])      # in Formosa
    assert "<b>Formosa</b>" in m.hover.value
    m._interaction(type="mousemove", coordinates=[-15.80, -47.90])     # Brasília (DF)
    assert HINT in m.hover.value and "Formosa" not in m.hover.value


def test_picking_another_unit_keeps_the_readings_and_says_what_it_drops(explorer):
    # Readings, thresholds and the year of creation are about the law, not the area: a new
    # unit keeps them, and says so; the what-if values belong to the area left: dropped, said.
    c = explorer.controls
    c["quorum"].value = "literal"
    c["population"].value = "4.000"
    c["creation_year"].value = 2030
    c["population_value"].value = "2.990"
    assert c["population_on"].value is True
    c["unit"].value = SANTA_ROSA
    s = explorer.scenario
    assert s.districts == (SANTA_ROSA,) and s.overrides == ()
    assert (s.settings.quorum, s.settings.population, s.creation_year) == ("literal", 4000, 2030)
    assert (c["quorum"].value, c["population"].value, c["creation_year"].value) == ("literal", "4.000", 2030)
    assert c["population_on"].value is False
    assert ("Nova área. Continua valendo: as leituras e os limiares escolhidos (abas Leituras e "
            "Limiares); o ano de criação 2030. Retirado por ser da área anterior: os valores "
            "hipotéticos.") in _plain(explorer.panes["message"].value)
    assert "limiar alterado" in _plain(explorer.panes["verdict"].value)
    # Nothing chosen, nothing said.
    c["quorum"].value, c["population"].value, c["creation_year"].value = "absolute-majority", "3.000", 0
    c["unit"].value = BEZERRA
    assert "Nova área" not in explorer.panes["message"].value


def test_every_click_the_law_refuses_says_why_and_changes_nothing(mapped):
    # Santa Rosa, then clicks on: the neighbour Cabeceiras (whole municipality), Interlândia
    # (a district of Anápolis, 152 km away), Santa Rosa itself (the only unit), and, with a
    # polygon in use, Bezerra. Each is refused in the explorer's words; the area and the last
    # result stay.
    m = mapped.map
    mapped.controls["unit"].value = SANTA_ROSA
    verdict = mapped.panes["verdict"].value

    def refused(code) -> str:
        before = (mapped.scenario, mapped.analysis)
        m._clicked(event="click", properties={"code": code})
        assert (mapped.scenario, mapped.analysis) == before and mapped.panes["verdict"].value == verdict
        return _plain(mapped.panes["message"].value)

    text = refused("5204003")
    assert text.startswith("Clique no mapa recusado — somar Cabeceiras à área: a área junta o distrito Santa Rosa ao "
                           "município inteiro Cabeceiras:")
    assert ("esperados só distritos, ou só municípios inteiros (o estudo de um município que já "
            "existe, diante da sua origem). A área e o último resultado continuam os anteriores.") in text
    text = refused(INTERLANDIA)
    assert ("somar Interlândia (distrito de Anápolis) à área: a área fica em partes que não se "
            "tocam: o distrito Santa Rosa (de Formosa) e o distrito Interlândia (de Anápolis) ficam "
            "em municípios que não fazem divisa, a 151,9 km um do outro;") in text
    text = refused(SANTA_ROSA)
    assert text == ("Clique no mapa recusado — retirar Santa Rosa (distrito de Formosa) da área: a área "
                    "ficaria vazia: acrescente outra unidade antes de retirar esta. A área e o último "
                    "resultado continuam os anteriores.")
    for t in (text,):
        assert not any(k in t for k in ("area.", "5204003", "520800410", "No such file"))
    ring = [[-47.166, -15.28], [-46.964, -15.295], [-46.98, -15.52], [-47.16, -15.52], [-47.166, -15.28]]
    _draw(mapped, ring)
    verdict = mapped.panes["verdict"].value
    text = refused(BEZERRA)
    # The polygon is named as such, never by the explorer's own file (issue 31: "pelo
    # arquivo de limites posse-dabadia-3576dc72.geojson").
    assert text.startswith("Clique no mapa recusado — somar Bezerra (distrito de Formosa) à área: a área já é "
                    "dada pelo polígono desenhado no mapa, e os números vêm de uma só fonte (os "
                    "medidos no polígono ou os publicados das unidades do IBGE; a lei de criação "
                    "descreve um só limite, art. 3º); para somar unidades do IBGE, tire os limites "
                    "(«Tirar os limites», na aba Área, ou a lixeira do mapa para o polígono "
                    "desenhado). A área e o último resultado continuam os anteriores.")
    assert ".geojson" not in text and "area.boundary" not in text
    # Limits that are not this drawing (a file sent or typed): named as the area's limits
    # file, not by its name.
    mapped._drawn_boundary = None
    assert mapped._one_source_refusal().startswith(
        "a área já é dada pelo arquivo de limites da área, e os números vêm de uma só fonte")


def test_undo_redo_puts_the_drawing_back_in_the_drawing_tool(mapped):
    # The drawing tool's data holds the polygon again after «Desfazer» and «Refazer», so
    # the page's edit and trash tools act on it (issue 31: «Nada para apagar»); deleting it
    # then takes the limits off.
    feature = _draw(mapped, POSSE_BOX)
    drawn = mapped.scenario.boundary
    assert drawn is not None
    mapped.undo()
    assert mapped.scenario.boundary is None and mapped.map.draw.data == []
    mapped.redo()
    assert mapped.scenario.boundary == drawn
    assert [f["geometry"] for f in mapped.map.draw.data] == [feature["geometry"]]
    mapped.map._drawn(action="deleted", geo_json=feature)
    assert mapped.scenario.boundary is None and mapped.scenario.districts == ("520010010",)


def test_the_units_take_no_click_while_a_drawing_tool_is_on():
    # Leaflet.draw marks the active tool's button «-enabled»: then the units' panes take no
    # click, and a click in delete or edit mode reaches the drawing (issue 31).
    from viabilidade.explore.leaflet_map import _CSS

    for pane in ("municipios", "cenario", "territorios", "distritos"):
        assert (f".leaflet-container:has(.leaflet-draw-toolbar-button-enabled) .leaflet-{pane}-pane "
                ".leaflet-interactive") in _CSS
    assert ".leaflet-interactive{pointer-events:none!important}" in _CSS
    assert "area-pane .leaflet-interactive" not in _CSS


def test_a_save_the_disk_refuses_is_said_in_portuguese(explorer, tmp_path):
    # A folder in the path that is a file: the system's reason in Portuguese, never
    # "(Not a directory)" inside a Portuguese sentence.
    (tmp_path / "arquivo").write_text("x", encoding="utf-8")
    explorer.controls["save_path"].value = str(tmp_path / "arquivo" / "posse.toml")
    assert explorer.save() is None
    saved = _plain(explorer.panes["saved"].value)
    assert saved.startswith("Nada salvo:")
    assert saved.endswith("/arquivo/posse.toml (arquivo é um arquivo, não uma pasta)")
    assert "directory" not in saved.lower() and "such file" not in saved and "já existe" not in saved


def test_the_pulse_beats_while_the_kernel_lives_and_the_page_watches_it(mapped):
    import time

    from viabilidade.explore import pulse

    mapped.widget()
    p = mapped.pulse
    first = p.beats
    end = time.monotonic() + 3 * pulse.BEAT_S
    while p.beats == first and time.monotonic() < end:
        time.sleep(0.1)
    assert p.beats > first
    assert p.widget.value == f'<span class="viab-pulso" data-n="{p.beats}"></span>'
    script = pulse.kernel_watch().data
    assert "12000" in script and ".viab-pulso" in script
    assert ("O kernel do explorador parou ou foi reiniciado: os controles e o mapa desta página não "
            "respondem mais e mostram o último resultado. No JupyterLab, use Executar tudo (Run → "
            "Run All Cells); no aplicativo (make explorar), recarregue a página.") in script


def test_an_edited_drawing_is_used_at_once(mapped):
    _draw(mapped, POSSE_BOX)
    first = mapped.scenario.boundary
    bigger = [[-48.85, -16.15], [-48.75, -16.15], [-48.75, -16.05], [-48.85, -16.05], [-48.85, -16.15]]
    mapped.map._drawn(action="edited", geo_json={"type": "Feature", "properties": {},
                                                 "geometry": {"type": "Polygon", "coordinates": [bigger]}})
    assert mapped.scenario.boundary not in (None, first)
    from viabilidade.geo.area_file import read_area

    assert read_area(mapped.scenario.boundary).bounds == (-48.85, -16.15, -48.75, -16.05)
    assert "Polígono desenhado em uso" in mapped.panes["draw_note"].value


def test_an_empty_picture_is_hidden_not_shown_broken(explorer):
    """A chart or map not drawn (b"") is hidden: the browser showed a broken-image icon under
    «Nenhum cenário guardado» (seen in Voilà)."""
    image = explorer.images["comparison_map"]
    assert image.value == b"" and image.layout.display == "none"
    explorer.keep("Posse")
    assert image.value[:4] == b"\x89PNG" and image.layout.display is None
    image.value = b""
    assert image.layout.display == "none"


def test_no_projection_reads_sem_projecao(explorer):
    """«Projeção» shows "sem projeção", not a blank box (a None value selects no option)."""
    box = explorer.controls["projection"]
    assert (box.value, box.label) == ("", "sem projeção")
    explorer.keep("Posse")
    explorer.open_kept("Posse")            # a kept scenario without projection, back on screen
    assert (box.value, box.label) == ("", "sem projeção")


def test_undo_puts_the_drawing_back_in_the_tool_so_the_trash_deletes_it_again(mapped):
    # Draw, delete with the trash (Posse d'Abadia comes back), Desfazer: the polygon is the
    # area again and an editable layer of the drawing tool, so the trash deletes it again.
    feature = _draw(mapped, POSSE_BOX)
    drawn = mapped.scenario.boundary
    mapped.map._drawn(action="deleted", geo_json=feature)
    assert mapped.scenario.districts == ("520010010",) and mapped.map.draw.data == []
    mapped.undo()
    assert mapped.scenario.boundary == drawn and mapped.scenario.districts == ()
    assert mapped.map.drawn == feature["geometry"]
    assert [f["geometry"] for f in mapped.map.draw.data] == [feature["geometry"]]
    mapped.map._drawn(action="deleted", geo_json=feature)
    assert mapped.scenario.boundary is None and mapped.scenario.districts == ("520010010",)
    # Desfazer again, then «Tirar os limites»: the districts come back, not an empty area.
    mapped.undo()
    assert mapped.scenario.boundary == drawn
    mapped.controls["clear_boundary"].click()
    assert mapped.scenario.boundary is None and mapped.scenario.districts == ("520010010",)
    assert mapped.analysis is not None and mapped.map.draw.data == []


def test_undo_and_redo_set_the_clip_box_to_the_polygon_in_use(mapped):
    ring = [[-48.98, -16.25], [-48.88, -16.25], [-48.88, -16.15], [-48.98, -16.15], [-48.98, -16.25]]
    feature = _draw(mapped, ring)
    unclipped = mapped.scenario.boundary
    mapped.controls["clip"].value = True
    clipped = mapped.scenario.boundary
    assert clipped != unclipped
    mapped.undo()
    assert mapped.scenario.boundary == unclipped and mapped.controls["clip"].value is False
    assert mapped.map.drawn == feature["geometry"]
    mapped.redo()
    assert mapped.scenario.boundary == clipped and mapped.controls["clip"].value is True
    # The polygon in the tool is the one drawn (unclipping it draws it whole again).
    assert mapped.map.drawn == feature["geometry"]
    mapped.controls["clip"].value = False
    assert mapped.scenario.boundary != clipped and "Recortado" not in mapped.panes["draw_note"].value


def test_the_refusal_of_a_neighbour_names_every_district_of_the_area(mapped):
    # Buenolândia + Davidópolis (origin Goiás), a click on the neighbour Itapirapuã: refused,
    # naming both districts by name (review: "junta distritos (520890530)", one code only).
    mapped.controls["unit"].value = "520890515"
    mapped.clicked("520890530")
    assert mapped.scenario.districts == ("520890515", "520890530")
    mapped.clicked("5211008")
    text = _plain(mapped.panes["message"].value)
    assert text.startswith("Clique no mapa recusado — somar Itapirapuã à área: a área junta os distritos "
                           "Buenolândia e Davidópolis ao município inteiro Itapirapuã:"), text
    assert mapped.scenario.districts == ("520890515", "520890530")


def test_several_districts_bound_art4_ii_by_their_vilas_as_the_map_suggests(explorer):
    # Uvá + Buenolândia (origin Goiás): no polygon, the bound is the nearest vila of the area
    # (was "Sem perímetro urbano da origem nem polígono da área", no value, for 2+ districts).
    explorer.controls["unit"].value = "520890545"
    explorer.clicked("520890515")
    r = explorer.analysis.result("art4.II")
    assert (r.status, r.value) == (Status.INDETERMINATE, 23009.941)
    assert r.reason == ("A distância da sede de origem a um ponto conhecido da área é 23.010 m; isso "
                        "é só um limite superior e não decide o requisito: é preciso o perímetro "
                        "urbano da origem e o polígono da área, apurados pelo IBGE.")
    assert r.details["nota"].startswith("Distância geodésica (elipsoide GRS80) da sede de Goiás à vila "
                                        "do distrito Buenolândia (520890515): 23,01 km;")
    assert r.source.endswith("; vilas dos distritos da área (IBGE, Localidades 2022)")
    # + Davidópolis, whose vila is 3,15 km from the seat of Goiás (inside the 6 km circle the
    # map draws): the requirement is not met, whatever the exact border.
    explorer.clicked("520890530")
    r = explorer.analysis.result("art4.II")
    assert (r.status, r.value) == (Status.FAIL, 3152.894)
    assert r.reason.startswith("Um ponto da área fica a 3.150 m da sede do município de origem, menos "
                               "que 6.000 m")
    assert "à vila do distrito Davidópolis (520890530): 3,15 km" in r.details["nota"]
    assert "no máximo 3.150 m (3,15 km)" in _plain(explorer.panes["rules"].value)


def test_the_unit_list_follows_the_area_and_picking_the_same_unit_again_starts_over(explorer):
    # Uvá picked, Buenolândia and Davidópolis added on the map, Uvá removed: «Unidade» no
    # longer names Uvá; picking Uvá again makes Uvá alone the area (it did nothing before).
    c = explorer.controls
    c["unit"].value = "520890545"
    explorer.clicked("520890515")
    assert c["unit"].value is None and c["unit"].label is None
    explorer.clicked("520890530")
    explorer.clicked("520890545")
    assert explorer.scenario.districts == ("520890515", "520890530") and c["unit"].value is None
    c["unit"].value = "520890545"
    assert explorer.scenario.districts == ("520890545",) and c["unit"].value == "520890545"
    # Down to one unit by clicks: the list names it.
    explorer.clicked("520890515")
    explorer.clicked("520890545")
    assert explorer.scenario.districts == ("520890515",) and c["unit"].value == "520890515"


def test_a_drawn_polygon_is_not_called_a_file_and_the_refusal_points_to_the_clip_box(mapped):
    ring = [[-48.98, -16.25], [-48.88, -16.25], [-48.88, -16.15], [-48.98, -16.15], [-48.98, -16.25]]
    _draw(mapped, ring)
    verdict = _plain(mapped.panes["verdict"].value + " " + mapped.panes["message"].value)
    assert ("Corrija: Polígono desenhado: 52,1 % da área (61,59 de 118,33 km²) fica fora dos "
            "municípios de origem Abadiânia; esperada a área dentro das origens (tolerância de 2 %); "
            "ela avança sobre municípios não declarados como origem: Anápolis, 52,1 %; marque "
            "«Recortar pelo município de origem» (aba Área) ou redesenhe o polígono dentro dele") in verdict
    assert ".geojson" not in verdict and "Arquivo de limites" not in verdict


def test_no_spill_note_for_a_spill_that_rounds_to_zero():
    # After clipping, the drawn area's outside part is a rounding sliver: no "0,00 km² … ficam
    # em Itapirapuã" note; a real spill (0,75 km²) keeps it.
    from types import SimpleNamespace

    from viabilidade.report.boundary import drawn_findings

    def findings(km2):
        check = {"outside": [{"km2": km2, "share": km2 / 476.2, "nome": "Itapirapuã",
                              "cod_ibge": "5211008"}], "seat_inside": {}}
        territory = SimpleNamespace(details={"drawn_boundary": check}, remainder_parts={})
        return drawn_findings(SimpleNamespace(profile=SimpleNamespace(territory=territory, origins={})))

    assert findings(0.004) == []
    assert findings(0.75)[0].startswith("0,75\xa0km² (0,2\xa0% da área) ficam em Itapirapuã (5211008), que "
                                        "não é município de origem")


def test_an_accepted_file_outside_the_origin_keeps_the_last_area(explorer, tmp_path):
    # Uvá (origin Goiás) has a result; the Posse d'Abadia KML lies in Abadiânia: the file is
    # read, but the area it gives is refused, so Uvá stays, as after a refused map click.
    explorer.controls["save_path"].value = str(tmp_path / "uva.toml")
    explorer.controls["unit"].value = "520890545"
    before = (explorer.scenario, explorer.analysis)
    data = (Path(__file__).parent / "fixtures" / "posse-dabadia-desenhada.kml").read_bytes()
    assert explorer.upload("posse-dabadia-desenhada.kml", data) is None
    assert (explorer.scenario, explorer.analysis) == before
    assert explorer.controls["boundary"].value == ""
    text = _plain(explorer.panes["upload"].value)
    assert text.startswith("Arquivo recusado — posse-dabadia-desenhada.kml: ")
    assert "não toca a área" in text and text.endswith(
        "A área continua a anterior; o arquivo não foi guardado.")
    assert not (tmp_path / "posse-dabadia-desenhada.kml").exists()      # nothing left in the folder
    # Accepted where it lies (Posse d'Abadia, origin Abadiânia): in use, one undo step.
    explorer.controls["unit"].value = "520010010"
    path = explorer.upload("posse-dabadia-desenhada.kml", data)
    assert explorer.scenario.boundary == path and explorer.analysis is not None
    explorer.undo()
    assert explorer.scenario.boundary is None and explorer.scenario.districts == ("520010010",)


def test_the_limits_field_hint_lists_every_format_read(explorer):
    assert explorer.controls["boundary"].placeholder == ("KML, KMZ, GeoJSON, GeoPackage ou Shapefile "
                                                         "zipado (opcional)")


def test_downloads_follow_the_file_just_saved_and_carry_the_study(explorer, tmp_path):
    explorer.controls["save_path"].value = str(tmp_path / "posse-dabadia.toml")
    saved = explorer.save()
    assert saved.name == "posse-dabadia.toml"
    files = explorer.prepare_downloads()
    assert sorted(files) == ["posse-dabadia-area.geojson", "posse-dabadia-area.kml",
                             "posse-dabadia-mapa.png", "posse-dabadia.toml"]
    assert 'slug = "posse-dabadia"' in files["posse-dabadia.toml"].decode()
    props = json.loads(files["posse-dabadia-area.geojson"])["features"][0]["properties"]
    assert {k: props[k] for k in ("estudo", "origem_cod_ibge", "origem_nome")} == {
        "estudo": "posse-dabadia", "origem_cod_ibge": "5200100", "origem_nome": "Abadiânia"}
    assert isinstance(props["area_km2"], float) and props["area_km2"] == round(props["area_km2"], 2)
    kml = files["posse-dabadia-area.kml"].decode()
    assert '<SimpleData name="origem_nome">Abadiânia</SimpleData>' in kml
    assert '<SimpleData name="estudo">posse-dabadia</SimpleData>' in kml


def test_the_printed_study_command_runs_as_printed(monkeypatch, tmp_path):
    # "viabilidade estudo … (de qualquer pasta)" was printed while the venv's bin was not on
    # PATH (issue 31): the command is the venv's full path unless the shell finds that one.
    import sys

    from viabilidade.explore import widgets

    venv = Path(sys.executable).with_name("viabilidade")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert widgets.study_command() == str(venv)
    monkeypatch.setenv("PATH", str(venv.parent))
    assert widgets.study_command() == "viabilidade"


def test_an_upload_whose_name_holds_a_nul_is_refused_in_words(explorer, tmp_path):
    # Issue 32, M11: a NUL in the name raised an uncaught ValueError out of Explorer.upload.
    explorer.controls["save_path"].value = str(tmp_path / "posse.toml")
    data = (Path(__file__).parent / "fixtures" / "posse-dabadia-desenhada.kml").read_bytes()
    before = explorer.scenario
    assert explorer.upload("posse\x00.kml", data) is None
    assert explorer.scenario == before and list(tmp_path.iterdir()) == []
    assert _plain(explorer.panes["upload"].value) == (
        "Arquivo recusado — «Enviar arquivo de limites» (aba Área): o nome do arquivo enviado "
        "('posse\\x00.kml') tem caracteres de controle; renomeie o arquivo e envie de novo. "
        "A área continua a anterior.")
    assert explorer.upload("a" * 252 + ".kml", data) is None
    assert "tem mais de 237 bytes" in explorer.panes["upload"].value and list(tmp_path.iterdir()) == []


def test_opening_a_kept_scenario_clears_an_earlier_refusal(explorer):
    for n in range(4):
        assert explorer.keep(f"C{n}")
    assert not explorer.keep("C5")
    assert "já há 4 cenários" in explorer.panes["scenarios"].value
    explorer.open_kept("C1")
    assert _plain(explorer.panes["scenarios"].value) == "Cenário «C1» aberto no explorador."


def test_use_the_drawing_is_offered_only_with_a_polygon_drawn(mapped):
    # «Usar o polígono desenhado» was enabled with nothing drawn (issue 31).
    button = mapped.controls["use_drawing"]
    assert mapped.map.drawn is None and button.disabled
    _draw(mapped, POSSE_BOX)
    assert mapped.map.drawn is not None and not button.disabled
    mapped.map.clear_drawing()
    assert button.disabled


def test_no_widget_of_the_page_has_a_null_tooltip(mapped):
    # ipywidgets 8 wrote a None tooltip as title="null" on 34 labels (issue 31).
    import ipywidgets as W

    page = mapped.widget()
    seen, todo, described = set(), [page], 0
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if "tooltip" in w.trait_names():
            assert w.tooltip is not None, (type(w).__name__, getattr(w, "description", ""))
            described += bool(getattr(w, "description", ""))
        todo.extend(c for c in (getattr(w, "children", ()) or ()) if isinstance(c, W.Widget))
        todo.extend(c for c in (getattr(w, "controls", ()) or ()) if isinstance(c, W.Widget))
        if isinstance(getattr(w, "widget", None), W.Widget):
            todo.append(w.widget)
    assert described > 30
    assert mapped.controls["unit"].tooltip == "Unidade"


def test_an_uploaded_limits_file_takes_the_older_drawing_off_the_map(mapped, tmp_path):
    # An old drawing stayed on the map under an uploaded polygon, nothing saying which was in
    # use (issue 31); the sketch was the area's orange.
    from viabilidade.explore.leaflet_map import SKETCH_COLOUR
    from viabilidade.explore.state_map import AREA_COLOUR

    assert mapped.map.draw.polygon["shapeOptions"]["color"] == SKETCH_COLOUR != AREA_COLOUR
    assert "polígono desenhado (esboço)" in mapped.map.legend.value
    mapped.controls["save_path"].value = str(tmp_path / "posse.toml")
    _draw(mapped, POSSE_BOX)
    drawn = mapped.scenario.boundary
    assert mapped.map.drawn is not None
    data = (REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml").read_bytes()
    path = mapped.upload("posse-dabadia-desenhada.kml", data)
    assert mapped.scenario.boundary == path != drawn
    assert mapped.map.drawn is None and mapped.map.draw.data == []
    mapped.undo()                                            # back to the drawing: on the map again
    assert mapped.scenario.boundary == drawn and mapped.map.drawn is not None
    assert mapped.map.draw.data[0]["properties"]["style"]["color"] == SKETCH_COLOUR


def test_a_refused_pick_keeps_the_area_its_result_and_the_unit_control(explorer):
    # Picking Abadiânia's seat district (the law refuses it: art. 4º, I and § 1º) left the
    # refused unit on screen with no result, the «Área:» line describing it (issue 31): the
    # area before stays, as after a refused click or file.
    before = (explorer.scenario, explorer.analysis)
    explorer.controls["unit"].value = "520010005"
    assert (explorer.scenario, explorer.analysis) == before
    assert explorer.controls["unit"].value == "520010010"
    assert "Área: Posse d'Abadia (distrito de Abadiânia) · origem: Abadiânia" in \
        _plain(explorer.panes["verdict"].value)
    message = _plain(explorer.panes["message"].value)
    assert message.startswith("Escolha recusada — Abadiânia (distrito de Abadiânia): ")
    assert "distrito-sede de Abadiânia" in message and "(art. 4º, I)" in message
    assert message.endswith("A área e o último resultado continuam os anteriores.")
    assert not explorer.history.can_undo                      # a refusal is no undo step
    explorer.controls["unit"].value = SANTA_ROSA              # an accepted pick is one
    assert explorer.analysis is not None and explorer.history.can_undo
    explorer.undo()
    assert explorer.scenario == before[0]


def test_the_result_images_are_drawn_when_their_tab_is_opened_not_before_the_page(mapped):
    # The app's pre-heated kernel drew the territory map and the margin chart before the page
    # existed (3 s of its preparation, 108 kB sent to a page that opens on «Regras»: issue 31).
    from viabilidade.explore.widgets import RESULT_TABS

    images = mapped.images
    assert images["detail"].value == b"" and images["margins_chart"].value == b""
    assert sorted(mapped._pending_images) == ["Margens", "Território"]
    tabs = mapped.widget()
    assert images["detail"].value == b"" and images["margins_chart"].value == b""   # on «Regras»
    results = mapped._results_tab
    assert tabs is not None and RESULT_TABS[results.selected_index or 0] == "Regras"
    results.selected_index = RESULT_TABS.index("Território")
    assert images["detail"].value[:8] == b"\x89PNG\r\n\x1a\n" and images["margins_chart"].value == b""
    results.selected_index = RESULT_TABS.index("Margens")
    assert images["margins_chart"].value[:8] == b"\x89PNG\r\n\x1a\n"
    assert mapped._pending_images == {}
