"""The art. 8 audit and the screening say what the law allows (issue 29 § 2).

Extinction is an incorporation (state law, EVM, plebiscite, federal law; CF art. 18 § 4; Lei
9.709/1998), not a thing "barred only until the federal law exists"; the audit's readings of
art. 8 are said as readings; an installed municipality's study is the art. 8 check, not a
"criação"; a district failing art. 4 II on the tool's measurement is "inviável na medição (a
certificar pelo IBGE)", never "não cumprido".
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"


def test_the_audit_frames_extinction_as_an_incorporation():
    from viabilidade.report import frame

    meaning = frame.MEANING["audit"]
    assert ("Essa reincorporação é incorporação de Município (art. 18, § 4º), e não está vedada só "
            "até a edição da lei complementar federal: mesmo depois dela, faz-se por lei "
            "estadual") in meaning
    assert ("após a divulgação dos Estudos de Viabilidade Municipal e com plebiscito das "
            "populações dos Municípios envolvidos (Lei nº 9.709/1998, arts. 5º e 7º)") in meaning
    assert frame.bar_clause("audit") == (
        "a extinção e a reincorporação de Município são incorporação: vedadas enquanto não "
        "editada a lei complementar federal e, depois dela, dependentes de lei estadual, Estudos "
        "de Viabilidade Municipal e plebiscito (CF, art. 18, § 4º; Lei nº 9.709/1998, arts. 5º e "
        "7º)")
    assert "mesmo depois dela, feita só por lei estadual" in frame.EXTINCTION_BARRED


def test_the_audit_states_its_readings_of_art8():
    from viabilidade.statewide import views as sw

    titles = [t for t, _ in sw.AUDIT_READINGS]
    assert titles == ["Só os itens IV a VII do art. 4º", "Requisitos integrais",
                      "Municípios criados antes da LC nº 2/1990",
                      "Reincorporação “ao município ou municípios de que se originou”"]
    texts = dict(sw.AUDIT_READINGS)
    assert texts["Só os itens IV a VII do art. 4º"].startswith(
        "Leitura do estudo, não do texto da lei (como as leituras I-1 a I-11): o art. 8º fala na "
        "perda de “qualquer dos requisitos previstos no art. 4º”; verificam-se só os itens IV a "
        "VII")
    # legal review (session 6, item 5): art. 8 § 2 names the municipalities already installed
    assert texts["Municípios criados antes da LC nº 2/1990"].startswith(
        "A lei os alcança: o art. 8º, § 2º, manda que, “nos municípios já instalados”, a "
        "primeira verificação do atendimento aos requisitos do art. 4º se faça após a "
        "publicação do recenseamento do IBGE do ano 2000.")
    assert "não diz se o art. 8º os alcança" not in texts["Municípios criados antes da LC nº 2/1990"]
    assert "Quando a origem foi ela mesma desmembrada depois" in (
        texts["Reincorporação “ao município ou municípios de que se originou”"])
    html = sw.audit_readings_html()
    assert html.startswith("<h3>Leituras do art. 8º adotadas pela auditoria</h3>")
    assert html.count("<li>") == 4


def test_nova_iguacu_is_the_art8_check_of_an_installed_municipality():
    from viabilidade.operations.restored import NOT_LOST, OPERATION
    from viabilidade.report.sections import INSTALLED_NOTE
    from viabilidade.rules.art8 import ITEMS_READING

    assert OPERATION.title.startswith("verificação do art. 8º do Município de {name}, já instalado")
    assert not OPERATION.label.startswith("criação")
    assert "limitá-lo aos itens IV a VII é leitura do estudo" in NOT_LOST
    assert INSTALLED_NOTE.endswith(ITEMS_READING)


@pytest.mark.skipif(not (STORE / "manifest.json").exists(), reason="processed store not built")
def test_a_district_failing_item_ii_on_measurement_is_not_not_met():
    from viabilidade.data.store import load_store
    from viabilidade.rules.result import Status
    from viabilidade.statewide import cells
    from viabilidade.statewide import views as sw

    scr = sw.screening(load_store(STORE))
    # the one district the tool measures as failing art. 4 II: Davidópolis (Goiás), which
    # also fails item IV on the published Censo
    measured = scr[scr["art4.II_base"] == "measured"]
    assert list(measured["nome"]) == ["Davidópolis"]
    row = measured.iloc[0]
    assert (row["art4.II"], row["IV_status"]) == ("fail", "fail")
    assert row["veredito_rotulo"] == ("inviável nos dados publicados e na medição (a certificar "
                                      "pelo IBGE)")
    cell = cells.status_cell(row["art4.II"], row["art4.II_lean"], short=True, basis="measured")
    assert "não atinge na medição (a certificar pelo IBGE)" in cell and "não cumpre" not in cell
    # with item IV met, the measurement alone decides: "inviável na medição"
    results = [dataclasses.replace(r, status=Status.PASS) if r.rule_id == "art4.IV" else r
               for r in row["resultados"]]
    assert sw.verdict_words(results) == "inviável na medição (a certificar pelo IBGE)"
    assert '>inviável na medição (a certificar pelo IBGE)<' in cells.verdict_cell(
        "inviável", label=sw.verdict_words(results))
    # a district failing only on published data keeps its words
    assert scr["veredito_rotulo"].value_counts()["inviável nos dados publicados"] == 68
