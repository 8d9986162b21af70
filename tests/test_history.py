"""History of the area: the store's `history` table (data/history.py) and what a study, the
bill and the process chapter say from it (report/history.py), "não consta" otherwise."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.history import read_history
from viabilidade.data.store import load_store
from viabilidade.errors import DataError
from viabilidade.report.history import NOT_HELD, history_rows

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT.parent / "shared" / "data" / "history" / "go_criacao_municipios_fatos_legais.csv"


@pytest.fixture(scope="module")
def store():
    return load_store()


def test_store_table_with_provenance(store):
    h = store.history.set_index("cod_ibge")
    assert len(h) == 12
    row = h.loc["5214879"]
    assert (row["municipio"], row["ato_legal"], row["data_ato"], row["instalacao"],
            row["municipio_origem"], row["confianca"]) == (
        "Nova Iguaçu de Goiás", "Lei Estadual nº 11.406", "1991-01-16", "1993-01-01", "Mara Rosa",
        "alta")
    prov = store.provenance("history")[0]
    assert prov["files"][0]["path"] == "history/go_criacao_municipios_fatos_legais.csv"


def test_nova_iguacu_and_an_origin_not_held(store):
    rows = history_rows(load_candidate(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml"),
                        store)
    assert rows[0][0] == "Município de Nova Iguaçu de Goiás (área)"
    assert rows[0][1].startswith("ato: Lei Estadual nº 11.406; data: 16/01/1991; origem: Mara "
                                 "Rosa; instalação: 01/01/1993; observação: ")
    assert rows[0][1].endswith("(confiança alta)")
    assert rows[1] == ("Município de Mara Rosa (origem)", NOT_HELD)


def test_an_earlier_attempt_is_quoted_as_compiled(store):
    rows = history_rows(load_candidate(ROOT / "data" / "candidates" / "santo-antonio-de-goias.toml"),
                        store)
    assert rows[0][1].startswith("ato: 1ª tentativa: Lei Estadual nº 10.507/1987, tornada sem "
                                 "efeito após representação do Procurador-Geral da República "
                                 "(jul/1987); lei definitiva: NÃO ENCONTRADA; data: 1987 (lei "
                                 "anulada);")
    assert "(confiança média)" in rows[0][1]


def test_a_district_creating_law_is_not_held(store):
    rows = history_rows(load_candidate(ROOT / "data" / "candidates" / "posse-dabadia.toml"), store)
    assert rows == [("Município de Abadiânia (origem)", NOT_HELD),
                    ("Distrito de Posse d'Abadia (520010010): lei municipal de criação",
                     "não consta dos dados históricos (os dados registram atos de criação de "
                     "municípios, não de distritos)")]


def test_the_process_chapter_shows_it(store):
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.process import process_section

    a = analyse(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    html = process_section(a, store)
    assert "Histórico da área" in html and "Lei Estadual nº 11.406" in html


@pytest.mark.skipif(not RAW.exists(), reason="shared raw data not found")
def test_a_code_outside_goias_is_refused(tmp_path, store):
    bad = tmp_path / "h.csv"
    text = RAW.read_text(encoding="utf-8").replace(",5214879,", ",5299999,", 1)
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="encontrado '5299999', que não é município de Goiás no "
                                        "Censo 2022"):
        read_history(bad, store.municipalities)
    ok = read_history(RAW, store.municipalities)
    assert isinstance(ok, pd.DataFrame) and len(ok) == 12


def test_the_source_line_says_how_much_the_compilation_holds(store):
    # new-user review 8: the source read as a register of every act of 1953–1997
    import re

    from viabilidade.data.provenance import DATASETS
    from viabilidade.report.history import history_html

    html = history_html(load_candidate(ROOT / "data" / "candidates" / "posse-dabadia.toml"), store)
    note = re.sub(r"<[^>]+>", "", html.split("</table>")[1])
    assert ("A compilação registra 12 dos 246 municípios de Goiás; os demais não constam dela. "
            "Confiança por linha; os valores são citados como compilados.") in note
    assert DATASETS["history"].startswith("Atos de criação de alguns municípios goianos "
                                          "(1953–1997; compilação parcial, não o cadastro de todos)")


def test_a_correction_has_no_origin(store):
    """Legal review 15:44, item 12: a boundary correction has no origin; its two
    municipalities are "do limite" (the role its operation declares)."""
    from viabilidade.operations import operation_of
    from viabilidade.report.history import origin_role

    c = load_candidate(ROOT / "tests" / "fixtures" / "correcao-abadiania-alexania.toml")
    assert [r[0] for r in history_rows(c, store)] == [
        "Município de Abadiânia (município do limite)", "Município de Alexânia (município do limite)"]
    fusion = load_candidate(ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml")
    assert origin_role(operation_of(fusion)) == "que se funde"
    assert origin_role(operation_of(load_candidate(ROOT / "tests" / "fixtures" / "distrito-posse-dabadia.toml"))) == ""
