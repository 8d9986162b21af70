"""Sources as a reader sees them (legal review, items 9 and 10): every data set named with its
publisher and edition or year, the third-party copies said once with what was checked, and
repository names only in the appendix."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.data.provenance import (COPY_NOTE, DATASETS, OPTIONAL_RAW, RAW, dataset_label,
                                        tract_raw)

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")


def test_every_raw_file_has_its_official_data_set():
    assert set(DATASETS) == set(RAW) | set(tract_raw()) | set(OPTIONAL_RAW)
    for role, label in DATASETS.items():
        assert "GitHub" not in label and "commit" not in label and ".csv" not in label, role
        assert any(ch.isdigit() for ch in label), f"{role}: no year or edition in {label!r}"
    assert DATASETS["boundaries"] == "IBGE, Malha Municipal 2022"
    assert DATASETS["boundaries_map"] == ("IBGE, Malha Municipal 2022 (simplificada para o mapa: "
                                          "tolerância de 0,001°, cerca de 110 m)")
    assert DATASETS["seats"] == "IBGE, Localidades 2022, sedes municipais"
    assert DATASETS["vilas"] == "IBGE, Localidades 2022, vilas (sedes de distrito)"
    assert DATASETS["crosswalk"] == (
        "TSE, cadastro de municípios com os códigos do TSE e do IBGE (cópia de 13/11/2018; usado "
        "só para ligar os códigos, não dá número de eleitores)")
    assert DATASETS["dictionary"].endswith("(versão de 17/04/2025)")
    assert DATASETS["imb125"].startswith("Instituto Mauro Borges (IMB), Goiás em Dados 2023, "
                                         "tabela 125")
    assert DATASETS["sefaz"].startswith("SEFAZ-GO (Secretaria de Estado da Economia de Goiás), "
                                        "Receita Gerencial")
    # one reference date for the Censo 2022 everywhere (IBGE's: 31/07/2022)
    assert "01/08/2022" not in " ".join(DATASETS.values())


def test_a_record_is_labelled_by_its_file():
    rec = {"publisher": "IBGE", "source": "x", "files": [{"path": RAW["agg_dist"].path}]}
    assert dataset_label(rec) == ("IBGE, Censo Demográfico 2022, Agregados por distritos — "
                                  "resultados do universo (referência 31/07/2022)")
    assert dataset_label({"publisher": "TCU", "source": "tabela nova", "files": []}) == \
        "TCU, tabela nova"


def test_the_copy_note_says_what_was_checked():
    assert COPY_NOTE.startswith("Os arquivos de dados usados são cópias não oficiais das "
                                "publicações do IBGE, do TSE, da SEFAZ-GO e do IMB")
    assert "Não foram conferidos com os arquivos baixados dos próprios órgãos" in COPY_NOTE


@needs_store
def test_the_cover_lists_data_sets_and_the_appendix_keeps_the_copies():
    from viabilidade.profile.analysis import analyse
    from viabilidade.data.store import load_store
    from viabilidade.report import sections
    from viabilidade.report.study_cells import map_source
    from viabilidade.report.writers.tables import provenance_table

    store = load_store(STORE)
    a = analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store)
    cover = sections.cover(a, a.settings.study_day())
    for line in ("<li>TSE, perfil do eleitorado de 2026 (julho, data não conferida; Bom Jesus de "
                 "Goiás pela diferença do total do estado)</li>",
                 "<li>SEFAZ-GO (Secretaria de Estado da Economia de Goiás), Receita Gerencial: "
                 "arrecadação diária de 30/11/2020 a 19/08/2024 (anos completos 2021–2023)</li>",
                 "<li>IBGE, Censo Demográfico 2022, dicionário de dados dos Agregados por Setores "
                 "Censitários (versão de 17/04/2025)</li>"):
        assert line in cover, line
    assert cover.count("perfil do eleitorado de 2026") == 1   # one data set, one line
    # the cover lists only the tables the study and its letters use (6499df5): the 2022 roll
    # gives the Cartório letter its zone, so a creation lists it (final legal read, item 14,
    # 4af2250: sections.LETTER_TABLES); the studies count the 2026 profile
    assert "<li>TSE, eleitorado apto nas Eleições Gerais de 2022 (02/10/2022)</li>" in cover
    for bad in ("IBGE: 17/04/2025",
                "TSE: 2018", "ano não declarado)</li>", "GitHub", "01/08/2022"):
        assert bad not in cover, bad
    assert COPY_NOTE in cover
    assert map_source(a) == (
        "Fonte: IBGE, Malha Municipal 2022; IBGE, Localidades 2022, sedes municipais; "
        "SIRGAS 2000. Elaboração do estudo.")
    # One raw file (the Localidades 2022 KMLs) serves several tables: each is named by its role.
    assert map_source(a, ("boundaries_map", "vilas")) == (
        "Fonte: IBGE, Malha Municipal 2022 (simplificada para o mapa: tolerância de 0,001°, "
        "cerca de 110 m); IBGE, Localidades 2022, vilas (sedes de distrito); SIRGAS 2000. "
        "Elaboração do estudo.")
    appendix = provenance_table(a.provenance)
    assert "GitHub johnerick-py/map_select" in appendix and "tbrugz" not in appendix
    assert ("<td>nomes e códigos dos municípios da malha</td><td>IBGE — Censo Demográfico 2022 — "
            "Agregados por Setores Censitários") in appendix
    ii = next(r for r in a.results if r.rule_id == "art4.II")
    assert "tbrugz" not in ii.source and "mapaslivres" not in ii.source


@needs_store
def test_the_deck_sources_are_data_sets_not_files():
    import datetime as dt

    from viabilidade.profile.analysis import analyse
    from viabilidade.data.store import load_store
    from viabilidade.report import slides

    store = load_store(STORE)
    a = analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store)
    deck = slides.slides_html(a, store=None, map_html="<p>mapa</p>",
                              study_date=dt.date(2026, 12, 1))
    fontes = deck.split('id="s-fontes', 1)[1]
    for raw in ("Agregados_por_distritos_basico_BR.csv", "RELATORIO_DTB_BRASIL_DISTRITO",
                "municipios.csv", "GitHub"):
        assert raw not in fontes, raw
    assert "<li>IBGE, Divisão Territorial Brasileira 2022 (data base 21/12/2022)</li>" in deck
    assert f"<li>{slides.BASIS_POINT}</li>" in deck


def test_the_who_pays_map_names_its_data_sets():
    from viabilidade.report.economic import MAP_CAPTION_END

    text = MAP_CAPTION_END.format(source="TCU", who="do estudo")
    assert ("Fonte: IBGE, Malha Municipal 2022 (simplificada para o mapa: tolerância de 0,001°, "
            "cerca de 110 m); IBGE, Censo Demográfico 2022, "
            "Agregados por municípios — resultados do universo (referência 31/07/2022); TCU. "
            "Elaboração do estudo.") in text


def test_the_profile_row_names_the_roll_and_its_year_once():
    from viabilidade.report.sections import _figure_row
    from viabilidade.rules.result import Basis, Figure

    roll = Figure(2229, "eleitores", Basis.ESTIMATED,
                  "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida)", "2026",
                  uncertainty=473.6)
    assert _figure_row("Eleitores", roll)[3] == ("TSE, perfil do eleitorado de 2026 (julho de "
                                                 "2026, data não conferida)")
    census = Figure(3045, "habitantes", Basis.PUBLISHED, "IBGE, Censo Demográfico 2022",
                    "2022-07-31")
    assert _figure_row("População", census)[3] == "IBGE, Censo Demográfico 2022 (31/07/2022)"
