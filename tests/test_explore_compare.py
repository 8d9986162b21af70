"""Scenarios side by side: up to four, one table, one map."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROCESSED = REPO / "data" / "processed"
pytestmark = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                reason=f"processed store absent at {PROCESSED} (viabilidade data build)")
OLHOS_DAGUA = "520030810"


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(PROCESSED)


@pytest.fixture
def explorer(store):
    pytest.importorskip("ipywidgets")
    from viabilidade.explore.widgets import Explorer

    return Explorer(store, draw_map=False)


def test_comparison_table_has_conclusions_figures_with_bases_and_margins(store):
    from viabilidade.explore.compare import Scenarios, comparison_frame
    from viabilidade.explore.scenario import AREA, FigureOverride, Scenario, run_scenario

    one = Scenario.for_district(store, "520010010")
    two = one.add_unit(OLHOS_DAGUA, store)
    what_if = one.with_override(FigureOverride(AREA, "population", 3000))
    kept = Scenarios()
    for label, s in (("só Posse", one), ("com Olhos D'Água", two), ("3.000 habitantes", what_if)):
        kept.add(label, s, run_scenario(s, store))
    t = comparison_frame(kept.kept, store).set_index("Item")
    assert t.at["Área", "com Olhos D'Água"] == ("Posse d'Abadia (distrito de Abadiânia), Olhos "
                                               "D'Água (distrito de Alexânia) · origens: Abadiânia, "
                                               "Alexânia")
    assert list(t.columns) == ["só Posse", "com Olhos D'Água", "3.000 habitantes"]
    bar = "a criação está vedada enquanto não editada a lei complementar federal (CF, art. 18, § 4º)"
    assert t.at["Conclusão", "só Posse"] == (
        "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de certificação e de "
        f"documentos; plebiscito não realizável antes da lei complementar federal; {bar}.")
    assert bar in t.at["Conclusão", "3.000 habitantes"]
    assert "hipotético" in t.at["Conclusão", "3.000 habitantes"]
    assert t.at["População da área", "só Posse"] == "3.045 (publicado)"
    assert t.at["População da área", "com Olhos D'Água"] == "4.595 (publicado)"
    assert t.at["População da área", "3.000 habitantes"] == "3.000 (hipotético)"
    assert t.at["Eleitorado da área", "só Posse"] == "2.229 (estimado)"  # TSE, perfil do eleitorado de 2026
    assert t.at["Área (km²)", "com Olhos D'Água"] == "492,90 (publicado)"  # to 0,01 km²
    assert t.at["art. 4º, IV — área", "só Posse"] == (
        "atingido nos dados publicados (a certificar): 45\u00a0habitantes acima do limiar; deixa de "
        "cumprir com 45\u00a0habitantes a menos")
    # art. 4 IV needs more than 3.000: 3.000 itself fails.
    assert t.at["art. 4º, IV — área", "3.000 habitantes"] == (
        "não atingido nos dados publicados: exatamente no limiar; passa a cumprir com "
        "1\u00a0habitante a mais")
    # A remainder that exists in one scenario only reads "—" in the others.
    assert t.at["art. 4º, § 1º (item IV) — Alexânia (remanescente)", "só Posse"] == "—"


def test_keep_rename_remove_and_the_fifth_is_refused(explorer):
    c, p = explorer.controls, explorer.panes
    assert c["scenario_name"].value == "Cenário 1"
    assert "Nenhum cenário guardado" in p["comparison"].value
    c["keep"].click()
    assert explorer.scenarios.labels() == ["Cenário 1"] and c["scenario_name"].value == "Cenário 2"
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()
    c["scenario_name"].value = "com Olhos D'Água"
    c["keep"].click()
    assert c["kept"].options == ("Cenário 1", "com Olhos D'Água")
    assert "<th" in p["comparison"].value and "4.595 (publicado)" in p["comparison"].value
    assert explorer.images["comparison_map"].value[:4] == b"\x89PNG"
    c["scenario_name"].value = "Cenário 1"
    c["keep"].click()
    assert p["scenarios"].value == ('<p style="color:#b71c1c">«Nome do cenário» (aba Cenários): já há um '
                                    "cenário chamado «Cenário 1»; escolha outro nome</p>")
    c["kept"].value = "Cenário 1"
    c["rename_to"].value = "só Posse"
    c["rename_kept"].click()
    assert explorer.scenarios.labels() == ["só Posse", "com Olhos D'Água"]
    assert "só Posse" in p["comparison"].value
    for name in ("três", "quatro"):
        c["scenario_name"].value = name
        c["keep"].click()
    c["scenario_name"].value = "cinco"
    c["keep"].click()
    assert p["scenarios"].value == (
        '<p style="color:#b71c1c">«Nome do cenário» (aba Cenários): já há 4 cenários lado a lado '
        "(só Posse, com Olhos D&#x27;Água, três, quatro), o máximo; retire um deles antes de "
        "guardar outro</p>")
    assert len(explorer.scenarios) == 4
    c["kept"].value = "três"
    c["drop_kept"].click()
    assert explorer.scenarios.labels() == ["só Posse", "com Olhos D'Água", "quatro"]
    # Open a kept scenario: the area comes back (and the change can be undone).
    c["kept"].value = "só Posse"
    c["open_kept"].click()
    assert explorer.scenario.districts == ("520010010",)
    assert explorer.analysis.profile.area.population.value == 3045
    # A kept what-if comes back with its «E se…» box on.
    c["population_on"].value = True
    c["population_value"].value = "2.900"
    c["scenario_name"].value = "e se 2.900"
    c["keep"].click()
    c["population_on"].value = False
    c["kept"].value = "e se 2.900"
    c["open_kept"].click()
    assert c["population_on"].value and explorer.analysis.profile.area.population.value == 2900
    c["population_on"].value = False
    c["kept"].value = "só Posse"
    c["open_kept"].click()
    c["edit_unit"].value = OLHOS_DAGUA
    c["add"].click()
    c["kept"].value = "só Posse"
    c["open_kept"].click()
    c["undo"].click()
    assert explorer.scenario.districts == ("520010010", OLHOS_DAGUA)


def test_an_invalid_scenario_is_not_kept(explorer):
    explorer.controls["population"].value = "abc"
    assert explorer.analysis is None
    assert not explorer.keep("inválido")
    assert "o cenário atual está inválido" in explorer.panes["scenarios"].value


def test_comparison_map_draws_each_area_in_its_colour(store):
    from matplotlib.colors import to_hex

    from viabilidade.explore.compare import Scenarios, comparison_map
    from viabilidade.explore.scenario import Scenario, run_scenario
    from viabilidade.geo.maps import SCENARIO_COLORS

    one = Scenario.for_district(store, "520010010")
    coc = Scenario.for_municipality(store, "5205513", "5205802")
    kept = Scenarios()
    kept.add("Posse", one, run_scenario(one, store))
    kept.add("Cocalzinho", coc, run_scenario(coc, store))
    fig = comparison_map(kept.kept, store)
    legend = fig.legends[0]
    labels = [t.get_text() for t in legend.get_texts()]
    assert labels == ["município de origem",
                      "Posse (território aproximado — não é limite legal)", "Cocalzinho"]
    edges = [to_hex(h.get_edgecolor()) for h in legend.legend_handles[1:]]
    assert edges == list(SCENARIO_COLORS[:2])
    assert fig.axes[0].get_title() == "Cenários lado a lado"
    texts = [t.get_text() for t in fig.texts]
    assert any("Fontes: IBGE" in t for t in texts)
