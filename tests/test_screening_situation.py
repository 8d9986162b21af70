"""The screening's Quadro 1 (statewide/situation.py): every district in one column of every
row (legal review item 13), on the real screening of the 81 non-seat districts."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")


def test_every_row_of_quadro_1_sums_to_every_district():
    from viabilidade.data.store import load_store
    from viabilidade.rules.settings import Settings
    from viabilidade.statewide import views as sw
    from viabilidade.statewide.situation import situation_table

    scr = sw.screening(load_store(STORE), Settings())
    labels, counts = situation_table(scr, sw.ART4_RULES)
    assert len(scr) == 81
    assert labels == ["atingido nos dados publicados (a certificar)", "não atingido na medição",
                      "não atingido nos dados publicados", "indeterminado"]
    assert all(sum(row) == 81 for row in counts)
    # art. 4º, II: Davidópolis, not met on the tool's measurement, has its own column
    assert counts[sw.ART4_RULES.index("art4.II")] == [0, 1, 0, 80]
    assert counts[sw.ART4_RULES.index("art4.IV")] == [12, 0, 69, 0]


def test_the_screening_names_the_district_of_its_municipality():
    text = (ROOT / "lib" / "viabilidade" / "statewide" / "screening_doc.py").read_text(
        encoding="utf-8")
    assert "), do Município de \"" in text and "), de {esc(r['nome_municipio'])}" not in text


def test_the_audit_says_no_published_figure_rather_than_no_failure():
    """Legal review item 14: an item no published figure decides is not "nenhum município
    deixa de atingir"."""
    from viabilidade.statewide.audit_doc import no_failure_sentence

    assert no_failure_sentence(246, 246) == ("Não há dado publicado que decida este item: os 246 "
                                             "municípios ficam indeterminados.")
    assert no_failure_sentence(3, 246) == (
        "Nenhum município deixa de atingir este item com os dados publicados; 3 municípios "
        "ficam indeterminados, sem dado publicado que o decida.")
    assert no_failure_sentence(1, 246).endswith("; 1 município fica indeterminado, sem dado "
                                                "publicado que o decida.")
    assert no_failure_sentence(0, 246) == ("Nenhum município deixa de atingir este item com os "
                                           "dados publicados.")
    text = (ROOT / "lib" / "viabilidade" / "statewide" / "audit_doc.py").read_text(
        encoding="utf-8")
    assert "no_failure_sentence(len(open_), len(audit))" in text


def test_the_audit_says_which_tse_profile_it_used_and_what_is_estimated():
    """Item V's basis follows the store: the aggregation (date not checked, Bom Jesus de Goiás
    estimated) or the TSE's own file (its generation date, nothing estimated); it was written
    into the notebook for the aggregation only."""
    import datetime as dt

    import pandas as pd

    from viabilidade.rules.settings import Settings
    from viabilidade.statewide.audit_doc import Audit, electorate_words

    class Store:
        def __init__(self, vintage, bases):
            self.vintage = vintage
            self.electorate_profile = pd.DataFrame({
                "cod_ibge": ["5203500", "5200100"], "eleitores": [18155, 10812],
                "base": bases, "nota": ["", ""]})

        def provenance(self, table):
            return [{"vintage": self.vintage}]

    names = pd.DataFrame({"cod_ibge": ["5203500", "5200100"],
                          "nome": ["Bom Jesus de Goiás", "Abadiânia"]})

    def words(store):
        return electorate_words(Audit(store, Settings(), dt.date(2026, 12, 7), "", names,
                                      names, names, names, 2027, None, []))

    assert words(Store("2026", ["estimated", "published"])) == (
        "TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida), valor "
        "publicado, não certificado; Bom Jesus de Goiás, ausente da tabela por município, tem "
        "o eleitorado obtido por diferença do total do estado (estimado)")
    assert words(Store("perfil do eleitorado de 2026, arquivo gerado em 15/07/2026",
                       ["published", "published"])) == (
        "TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026), valor publicado, "
        "não certificado")
