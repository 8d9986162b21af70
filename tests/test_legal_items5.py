"""The legal reading's other findings (issue 29 § 5) that belong to the study's words."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store not built")


@pytest.fixture(scope="module")
def posse():
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse

    return analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=load_store(STORE))


@needs_store
def test_art4_vi_says_the_1178_are_the_whole_districts_households(posse):
    r = posse.result("art4.VI")
    assert ("Os 1.178 são os domicílios particulares ocupados de todo o território do distrito, "
            "urbanos e rurais (Censo 2022, V0007), e não só os do núcleo urbano.") in r.reason
    assert posse.profile.area.buildings.note.startswith(
        "domicílios particulares ocupados de todo o território, urbanos e rurais (Censo 2022, "
        "V0007) como aproximação do número de edificações do núcleo urbano")


@needs_store
def test_figure_1_colours_and_legend_follow_each_bars_status(posse):
    from viabilidade.report.charts import COLOURS, LIGHT, bar_style, threshold_chart
    from viabilidade.rules.result import Status

    styles = {r.rule_id: bar_style(r) for r in posse.results if r.rule_id in
              ("art4.II", "art4.IV", "art4.V", "art4.par1")}
    # IV: 3.045 on the published Censo, "atingido nos dados publicados (a certificar)": light
    # green, never the solid green of a certified "cumprido"
    assert styles["art4.IV"] == (LIGHT[Status.PASS], COLOURS[Status.PASS], None, "-",
                                 "atingido nos dados publicados (a certificar)")
    assert styles["art4.V"][2:] == ("///", "-", "indeterminado (provável atendimento) — estimativa")
    assert styles["art4.II"][3:] == ("--", "indeterminado — limite superior")
    assert styles["art4.par1"][0] == LIGHT[Status.INDETERMINATE]   # published, undecided
    chart = threshold_chart(posse.results)
    assert "cheia quando o valor é certificado e clara quando é publicado ou medido" in chart.caption


def test_reading_i1_says_the_doe_page_was_not_seen():
    from viabilidade.report.readings import reading

    # legal review 12:20, item 16: the wording is not attributed to the DOE, which was not seen
    assert ("teria sido publicada com “os dos itens, IV, V e VI”, redação que não foi vista no "
            "Diário Oficial: o cabeçalho do texto consolidado cita apenas o DOE nº 16.010, de "
            "24/07/1990, cuja página não pôde ser vista para este estudo e deve ser conferida no "
            "original.") in reading("I-1").law


@needs_store
def test_a_districts_memorial_names_the_origins_districts_it_borders(tmp_path_factory):
    """With district limits (the FICTITIOUS census tracts of tests/fixtures/setores_ficticios,
    whose district unions are invented), a district's sides name the origin's districts, not
    "o restante do território" (issue 29 § 5); the committed store has no district limits."""
    from test_tracts import shared_tract_store

    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import area_memorial, split_or_none

    store = load_store(shared_tract_store(tmp_path_factory))    # built once per run
    a = analyse(ROOT / "tests" / "fixtures" / "distrito-abadiania-leste.toml", store=store)
    m = area_memorial(a, split_or_none(a, store), store)
    assert m.text.split("\n\n")[2].startswith(
        "COM O DISTRITO DE ABADIÂNIA, DO MUNICÍPIO DE ABADIÂNIA: Começa no marco M-01")
    assert "RESTANTE DO TERRITÓRIO" not in m.text and "RESTANTE DO TERRITÓRIO" not in m.law_text
    # without district limits, the rest of the municipality, as before
    committed = load_store(STORE)
    b = analyse(ROOT / "tests" / "fixtures" / "distrito-abadiania-leste.toml", store=committed)
    assert "COM O RESTANTE DO TERRITÓRIO DO MUNICÍPIO DE ABADIÂNIA: Começa" in area_memorial(
        b, split_or_none(b, committed), committed).text
