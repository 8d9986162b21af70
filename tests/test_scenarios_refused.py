"""Scenarios LC 02/1990 refuses: one shared check (viabilidade.profile.coherence.scenario_problems) acts
in the study's check, the CLI, the batch and the explorer, with the same message.

The fixtures are labelled in ``tests/fixtures/cenarios/*.toml``: real IBGE codes of Goiás.
The enclave (a judgment of art. 3, flagged, not refused) is asserted in test_drawn_area.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError
from viabilidade.profile.build import check_candidate

REPO = Path(__file__).resolve().parents[1]
STORE = REPO / "data" / "processed"
SCENARIOS = Path(__file__).resolve().parent / "fixtures" / "cenarios"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")

WHY = ("um município é um território só: o art. 3º pede limites definidos e uma configuração "
       "de relativa harmonia, e o art. 4º, III não admite território interrompido")
SEAT = ("o município de origem perderia a sede, onde estão instaladas a sua Prefeitura e a sua "
        "Câmara (art. 4º, I), e o art. 4º, § 1º não permite a criação que importe a perda de "
        "requisito do art. 4º para o município de origem")
REFUSED = {
    "distritos-separados": (
        8, "area.districts",
        "a área fica em partes que não se tocam: o distrito Posse d'Abadia (520010010, de "
        "Abadiânia) e o distrito Natinópolis (520860810, de Goianésia) ficam em municípios que "
        f"não fazem divisa, a 51,5 km um do outro; {WHY}; esperada uma área contínua (estude "
        "cada parte como um candidato distinto)"),
    "poligono-em-duas-partes": (
        7, "area.boundary",
        "a área desenhada em poligono-em-duas-partes.geojson tem 2 partes que não se tocam "
        f"(10,65 km²; 10,65 km²); {WHY}; esperado um só polígono contínuo (estude cada parte "
        "como um candidato distinto)"),
    "distrito-sede": (
        7, "area.districts[0]",
        f"o distrito Abadiânia (520010005) é o distrito-sede de Abadiânia (5200100): {SEAT}; "
        "esperados só distritos que não sejam sede (para estudar a emancipação do restante do "
        "município, liste os outros distritos)"),
    "distrito-e-municipio-vizinho": (
        8, "area.municipalities",
        "a área junta o distrito Posse d'Abadia (520010010) ao município inteiro Alexânia (5200308): a criação "
        "e a transferência desmembram área de municípios que continuam a existir (arts. 2º, 4º "
        "e 5º), e um município inteiro só se extingue por fusão (art. 5º, § 2º: “fusão de área "
        "territorial integral de dois ou mais municípios, com a extinção destes”); esperados só "
        "distritos em area.districts, ou só municípios inteiros em area.municipalities (o "
        "estudo de um município que já existe, diante da sua origem)"),
    "poligono-e-distrito": (
        8, "area.boundary",
        "a área foi dada duas vezes: pelo arquivo de limites posse-dabadia-desenhada.kml "
        "(area.boundary) e pelas unidades do IBGE em area.districts (520010010); os números "
        "viriam de duas fontes (os publicados das unidades do IBGE e os medidos no polígono) e "
        "a lei de criação descreve um só limite (art. 3º); esperada uma só fonte: mantenha "
        "area.boundary (a área desenhada; população e eleitorado estimados a partir dos "
        "distritos que o polígono alcança) ou as unidades do IBGE (números publicados), e "
        "apague a outra"),
}


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


def expected(name: str) -> str:
    line, field, message = REFUSED[name]
    return f"{SCENARIOS / (name + '.toml')}, linha {line}, campo '{field}': {message}"


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_each_scenario_is_refused_with_its_article(store, name):
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(SCENARIOS / f"{name}.toml"), store)
    assert str(e.value) == expected(name)


def test_the_neighbouring_whole_municipality_alone_is_a_retrospective_study(store, tmp_path):
    # Without the district, Alexânia seen as the area that left Abadiânia is admitted.
    text = (SCENARIOS / "distrito-e-municipio-vizinho.toml").read_text(encoding="utf-8")
    p = tmp_path / "alexania.toml"
    p.write_text(text.replace('districts = ["520010010"]\n', ""), encoding="utf-8")
    check_candidate(load_candidate(p), store)


def test_districts_of_neighbouring_municipalities_are_not_refused(store, tmp_path):
    # Olhos D'Água (Alexânia) and Posse d'Abadia (Abadiânia): the municipalities border each
    # other, and districts have no polygons, so the area is not known to be in pieces.
    p = tmp_path / "c.toml"
    p.write_text('operation = "create-municipality"\nname = "X"\n[area]\n'
                 'districts = ["520010010", "520030810"]\n[origin]\n'
                 'municipalities = ["5200100", "5200308"]\n', encoding="utf-8")
    check_candidate(load_candidate(p), store)


def test_every_problem_at_once(store, tmp_path):
    # The seat district of Abadiânia together with a district of Goianésia: two refusals.
    p = tmp_path / "c.toml"
    p.write_text('operation = "create-municipality"\nname = "X"\n[area]\n'
                 'districts = ["520010005", "520860810"]\n[origin]\n'
                 'municipalities = ["5200100", "5208608"]\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert [q.field for q in e.value.problems] == ["area.districts", "area.districts[0]"]


def test_cli_refuses_before_any_study(monkeypatch, tmp_path, capsys):
    from viabilidade.cli import main
    from viabilidade.report import runner

    # No kernel is needed to refuse: a stand-in keeps the test fast and machine-independent.
    monkeypatch.setattr(runner, "start_kernel", lambda cwd=None: object())
    monkeypatch.setattr(runner, "shutdown", lambda km: None)
    out = tmp_path / "out"
    code = main(["estudo", str(SCENARIOS / "distrito-sede.toml"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == f"erro: {expected('distrito-sede')}\n"
    assert not out.exists() or not any(out.rglob("estudo.*"))


def test_batch_records_the_refusal_as_a_failure(monkeypatch, tmp_path):
    from viabilidade.batch.unit import run_one
    from viabilidade.report import runner

    monkeypatch.setattr(runner, "warm_kernel", lambda: object())
    path = SCENARIOS / "distritos-separados.toml"
    rec = run_one({"candidate": str(path), "out_root": str(tmp_path), "slug": "distritos-separados",
                   "name": "Posse e Natinópolis", "operation": "create-municipality",
                   "data_root": str(STORE)})
    assert rec["status"] == "falhou" and rec["verdict"] is None
    assert rec["error"] == expected("distritos-separados")   # no Python class name
    assert (tmp_path / "distritos-separados" / "erro.txt").read_text(encoding="utf-8") == \
        rec["error"] + "\n"


def test_explorer_names_the_control_and_the_limits_replace_the_districts(store, tmp_path):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    from viabilidade.explore.widgets import explorer_words

    ex = Explorer(store, draw_map=False)                 # Posse d'Abadia, district 520010010
    kml = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
    ex.controls["boundary"].value = str(kml)              # the limits become the area
    assert ex.scenario.districts == () and ex.analysis is not None
    # A district added while the limits are in use: two sources, refused by the same check;
    # the area and the last result stay (the refusal names the button used).
    before = ex.analysis
    ex.controls["edit_unit"].value = "520010010"
    ex.controls["add"].click()
    assert ex.analysis is before and ex.scenario.districts == ()
    # the explorer's own words for it (explfix, GIS review: no file name of its own, and the
    # way out named: "Tirar os limites" or the map's bin for a drawn polygon)
    assert ("«Somar à área» (aba Área) recusado</b> — somar Posse d&#x27;Abadia (distrito de "
            "Abadiânia) à área: a área já é dada pelo arquivo de limites da área, e os números "
            "vêm de uma só fonte (os medidos no polígono ou os publicados das unidades do IBGE; a "
            "lei de criação descreve um só limite, art. 3º); para somar unidades do IBGE, tire os "
            "limites («Tirar os limites», na aba Área, ou a lixeira do mapa para o polígono "
            "desenhado). A área e o último resultado continuam os anteriores.") in \
        ex.panes["message"].value
    # The seat district of Abadiânia: the message names the control of the area's units.
    ex.controls["clear_boundary"].click()
    ex.scenario = ex.scenario.replace(districts=("520010005",), boundary=None)
    ex.update()
    assert ex.analysis is None
    _, _, message = REFUSED["distrito-sede"]
    assert ex.error == f"«{_label('unit')}» (aba {_tab('unit')}): {explorer_words(message)}"
    assert explorer_words(message).startswith("o distrito Abadiânia é o distrito-sede de Abadiânia: ")


def _label(key):
    from viabilidade.explore.widgets import CONTROL_PLACES

    return CONTROL_PLACES[key][0]


def _tab(key):
    from viabilidade.explore.widgets import CONTROL_PLACES

    return CONTROL_PLACES[key][1]


def test_an_enclave_is_admitted_and_flagged_by_the_shared_check(store):
    # Art. 3 asks for harmony "na medida do possível": a judgment, flagged (the study's
    # wording is asserted in test_drawn_area.py), never refused.
    from viabilidade.profile.coherence import enclave
    from viabilidade.geo.area_file import read_area

    c = load_candidate(SCENARIOS / "enclave.toml")
    check_candidate(c, store)
    found = enclave(c, store, read_area(c.boundary))
    assert found["origins"] == ["5200100"] and found["edge_km"] == pytest.approx(1.623, abs=1e-3)
    # A polygon that reaches Abadiânia's limit is no enclave.
    abadiania = store.boundaries.set_index("cod_ibge").geometry["5200100"]
    import shapely

    x0, y = abadiania.bounds[0], abadiania.representative_point().y
    west = shapely.intersection(shapely.box(x0 - 0.01, y - 0.02, x0 + 0.2, y + 0.02), abadiania)
    assert enclave(c, store, west) is None


def test_districts_whose_approximate_territories_do_not_touch_are_flagged(store):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.boundary import drawn_findings

    a = analyse(SCENARIOS / "distritos-de-anapolis-afastados.toml", store=store)
    apart = a.profile.territory.details["districts_apart"]
    assert apart["parts"] == [["520110810"], ["520110820"]]
    assert apart["gap_km"] == pytest.approx(15.48, abs=0.01)   # 15,41 before the 2022 seats
    assert drawn_findings(a) == [
        "Pelos territórios aproximados dos distritos (a parte do município mais próxima de cada "
        "sede distrital, que não é limite legal), Goialândia (520110810) não toca Joanápolis "
        "(520110820): ficam a cerca de 15,5 km, e a área pode ficar em partes, o que o art. 3º "
        "(limites definidos, relativa harmonia) e a continuidade territorial do art. 4º, III não "
        "admitem. Só o memorial descritivo da área, ou um polígono desenhado, decide."]
    assert a.to_dict()["area"]["districts_apart"]["names"] == {"520110810": "Goialândia",
                                                               "520110820": "Joanápolis"}


def test_districts_whose_approximate_territories_touch_are_not_flagged(store):
    from viabilidade.profile.coherence import apart_districts

    # Interlândia and Souzânia (Anápolis): neighbouring cells.
    c = load_candidate(SCENARIOS / "distritos-de-anapolis-afastados.toml")
    import dataclasses

    assert apart_districts(dataclasses.replace(c, districts=("520110815", "520110830")),
                           store) is None


def test_a_fusion_with_a_polygon_is_refused_once(store, tmp_path):
    # fusion_problems says it (art. 5 § 2: whole municipalities); the shared check stays silent.
    kml = REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"
    p = tmp_path / "c.toml"
    p.write_text(f'operation = "fusion"\nname = "X"\n[area]\nmunicipalities = ["5200100", '
                 f'"5200308"]\nboundary = "{kml}"\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        check_candidate(load_candidate(p), store)
    assert [q.field for q in e.value.problems] == ["area.boundary"]
    assert "uma fusão (art. 5º, § 2º) reúne municípios inteiros" in e.value.message
