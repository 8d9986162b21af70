"""Legal12: what the Assembly's consultant read on main after legal11 (the district study's
margins, the lists of what is pending and the ofícios of the certified fixture, whose acts
are dated 2027, after today, VIABILIDADE_HOJE = 2026-12-01 by conftest)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NBSP = "\u00a0"


CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
FUTURE = "ato futuro (hipótese da simulação): a existir e, depois, a conferir com o original"


@pytest.fixture(scope="module")
def certified():
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse

    return analyse(CERTIFIED, store=load_store())


def test_an_act_dated_after_today_is_pending_as_a_future_act_not_a_declared_document(certified):
    """S-A: the certified study's cover box, the bill's "Pendente de certificação ou de
    documento" and resultados.json called every 2027 act a "documento declarado" to check
    against its original ("população: conferir com o original o documento declarado"); they
    do not exist yet. The one list of what is pending (certification.pending) says so; the
    undated evidence of art. 4 I and VI stays a declared document to check."""
    from viabilidade.report.bill.justification import _pending
    from viabilidade.report.certificates import cover_box
    from viabilidade.rules.certification import pending, summary

    missing = {(p.field, p.subject): p for p in pending(certified.results)}
    population = missing[("certified.population", "área")]
    assert (population.what, population.declared, population.future) == (
        f"população: {FUTURE}", True, True)
    assert missing[("certified.remainder.5200100.electors", "Abadiânia (remanescente)")].what == (
        f"número de eleitores: {FUTURE}")
    assert missing[("process.events", "área")].what == (
        "certidão do Cartório Eleitoral de que os signatários são eleitores inscritos na área: "
        + FUTURE)
    evidence = missing[("evidence.prefeitura", "área")]
    assert (evidence.what, evidence.future) == (
        "instalação da Prefeitura (art. 4º, I): conferir com o original o documento declarado",
        False)
    s = summary(certified.results, certified.candidate)
    assert not any("documento declarado" in m["what"] for m in s["missing"]
                   if m["field"].startswith(("certified.", "process.")))
    electors = [d for d in s["declared_documents"] if d["figure"] == "electors"][0]
    assert (electors["date"], electors["future_act"], electors["to_do"]) == (
        "2027-02-22", True, FUTURE)
    assert f"população: {FUTURE}: IBGE" in _pending(certified)
    box = str(cover_box(certified, ""))
    assert ("Falta conferir com os originais os documentos declarados no registro do processo, "
            "anotando em cada ato quem conferiu e em que data: <strong>Proponentes</strong> — "
            "evidências do art. 4º, I (Prefeitura e Câmara) e VI (áreas para equipamentos). "
            "Atos futuros do registro do processo (hipótese da simulação), datados depois de "
            "hoje: a existir e, depois, a conferir com o original: <strong>IBGE</strong> — ") in box
    assert "o documento declarado (art. 2º)" not in box
    assert f"inscritos na área: {FUTURE} (art. 2º)" in box


def test_the_same_acts_once_today_is_after_them_are_declared_documents(monkeypatch):
    """S-A, the other side: on 01/06/2027 the same acts exist, declared and unchecked."""
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.rules.certification import pending, summary

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    a = analyse(CERTIFIED, store=load_store())
    population = [p for p in pending(a.results) if p.field == "certified.population"][0]
    assert (population.what, population.future) == (
        "população: conferir com o original o documento declarado", False)
    electors = [d for d in summary(a.results, a.candidate)["declared_documents"]
                if d["figure"] == "electors"][0]
    assert (electors["future_act"], electors["to_do"]) == (
        False, "conferir com o original o documento declarado")


def test_figure_1_tags_every_source_of_an_act_dated_after_today(certified):
    """Minor 1: Figure 1's caption ended "IBGE, Ofício nº 101/2027 … de 10/03/2027." (art. 4
    § 1, undecided, its population read from that letter) without the tag its other sources
    have; tagged, it is the same source as art. 4 IV's and is listed once."""
    from viabilidade.report.charts import chart_source, numeric_results

    text = chart_source(numeric_results(certified.results))
    assert text.endswith(
        "Secretaria de Estado da Economia de Goiás, Ofício nº 77/2027 — Secretaria de Estado da "
        "Economia, de 01/03/2027 (exercício de 2026), hipótese da simulação (ato futuro).")
    assert text.count("IBGE, Ofício nº 101/2027") == 1
    assert ("IBGE, Ofício nº 101/2027 — Superintendência Estadual do IBGE em Goiás, de "
            "10/03/2027, hipótese da simulação (ato futuro)") in text


def test_the_representation_dated_after_today_is_tagged_as_a_hypothesis(certified, monkeypatch):
    """Minor 2: art. 2's reason read "412 assinaturas na representação (Representação nº
    1/2027 …, de 08/01/2027)" with no tag, beside its certificate's "hipótese da simulação
    (ato futuro)"; on 01/06/2027 the representation exists and has none."""
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse

    reason = certified.result("art2").reason
    assert reason.startswith("412 assinaturas na representação (Representação nº 1/2027, ")
    assert ", de 08/01/2027; hipótese da simulação (ato futuro)); 398 signatários" in reason
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    held = analyse(CERTIFIED, store=load_store()).result("art2").reason
    assert ", de 08/01/2027); 398 signatários" in held and "hipótese" not in held


def test_processo_says_its_reference_date_is_after_today_and_nothing_is_done(capsys):
    """Minor 4: `processo` of the certified file read its record on 01/06/2027 (its study
    date) and listed every act as done, without saying that this date is after today and that
    no act has been done yet, as it says for a record of future acts read today."""
    from viabilidade.cli import main

    assert main(["processo", str(CERTIFIED)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert ("Data de referência: 01/06/2027, depois de hoje (01/12/2026): o registro é lido como "
            "simulação; nenhum ato do processo realizado até 01/12/2026; no registro, 12 atos "
            "futuros, datados depois dessa data.") in lines
    assert main(["processo", str(CERTIFIED), "--data-referencia", "2026-12-01"]) == 0
    assert not any(x.startswith("Data de referência") for x in capsys.readouterr().out.splitlines())
