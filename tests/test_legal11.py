"""Legal11: what the Assembly's consultant read in every document of the certified fixture
(every act of its record dated 2027, after today, VIABILIDADE_HOJE = 2026-12-01 by conftest)
and of the committed candidates."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

import pytest

from viabilidade.data.store import load_store
from viabilidade.proposal.record import NOT_BEFORE_FEDERAL_LAW, SIMULATED_PLEBISCITE

ROOT = Path(__file__).resolve().parents[1]
CERTIFIED = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
PLEBISCITE_RULES = ("art7", "art7.par1", "art7.par2")


@pytest.fixture(scope="module")
def certified():
    from viabilidade.profile.analysis import analyse

    return analyse(CERTIFIED, store=load_store())


def held_certified(monkeypatch, store=None):
    """The certified fixture analysed with today on its study date, 01/06/2027, after its
    acts: the plebiscite of 16/05/2027 was held ("sem efeito" without the federal law) and
    its acts are declared documents. On conftest's today (01/12/2026) that plebiscite is a
    hypothesis of the simulation (S3). The environment stays set for the calling test, whose
    documents read today too."""
    from viabilidade.profile.analysis import analyse

    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")
    return analyse(CERTIFIED, store=store or load_store())


def _held_yesterday(analysis):
    """The certified analysis again with its plebiscite dated 30/11/2026, the day before
    today: held (and "sem efeito" without the federal law)."""
    from viabilidade.profile.analysis import analyse

    c = analysis.candidate
    p = dataclasses.replace(c.plebiscite, date=dt.date(2026, 11, 30))
    events = tuple(dataclasses.replace(e, date=p.date) if e.kind == "resultado-plebiscito" else e
                   for e in c.events)
    return analyse(dataclasses.replace(c, plebiscite=p, events=events), store=load_store())


def test_a_plebiscite_dated_after_today_is_a_hypothesis_with_no_result(certified):
    """S3: the record's plebiscite of 16/05/2027 read "Compareceram 7.020 de 10.812 …:
    atingido segundo o documento" with margins +1.613 comparecimentos and +1.700 votos (Quadro
    1, the rule chapter, Sensibilidade, resultados.json, the explorer's margins), as held. It
    is a hypothesis of the simulation: no value, threshold from it nor margin; every plebiscite
    rule says so, and that none can be held before the federal law."""
    from viabilidade.explore.margins import margins

    by_id = {r.rule_id: r for r in certified.results}
    sentence = (" O plebiscito de 16/05/2027 do registro é hipótese da simulação, ato datado "
                "depois de hoje, cujo resultado não é contado como fato, e não realizável antes "
                "da lei complementar federal (CF, art. 18, § 4º).")
    for rid in PLEBISCITE_RULES:
        r = by_id[rid]
        d = json.loads(json.dumps(r.to_dict()))
        assert (str(r.status), r.value, r.margin, d["value"], d["margin"], d["margin_pct"]) == (
            "indeterminate", None, None, None, None, None), rid
        assert r.reason.endswith(sentence), rid
        assert "sem_efeito" not in r.details and "segundo o documento" not in r.reason, rid
        assert r.threshold is None, rid
    assert by_id["art7.par1"].reason == (
        "Registro da simulação, não fato: compareceram 7.020 de 10.812 eleitores aptos; quórum "
        "mínimo 5.407 (maioria absoluta: metade dos eleitores aptos, desprezada a fração, mais "
        "um)." + sentence)
    assert by_id["art7"].reason.startswith(
        f"Plebiscito na área e no remanescente {NOT_BEFORE_FEDERAL_LAW} (ver quórum")
    table = margins(certified.results, certified.profile)
    assert not set(table["rule_id"]) & set(PLEBISCITE_RULES)


def test_a_plebiscite_held_before_today_stays_without_effect(certified):
    """S3, the other side: a plebiscite dated on or before today was held, and without the
    federal law it is "sem efeito", its counts read as the document gives them."""
    held = _held_yesterday(certified)
    by_id = {r.rule_id: r for r in held.results}
    quorum = by_id["art7.par1"]
    assert (quorum.value, quorum.threshold, quorum.margin) == (7020, 5407, 1613)
    assert quorum.details["sem_efeito"] is True
    assert "hipótese da simulação" not in quorum.reason


def test_every_document_reads_the_plebiscite_after_today_as_a_hypothesis(certified):
    """S3: the calendar, ``processo`` (phase, acts, steps), the findings and the dates of the
    law read one helper (record.simulated_plebiscite): "plebiscito realizado — sem efeito",
    "o plebiscito já realizado não passa a valer", "Plebiscito anterior ao estudo" and "a
    definir após a lei complementar federal e novo plebiscito" were said of an act that has
    not happened."""
    from viabilidade.report.findings import findings
    from viabilidade.report.process_file import process_state, state_lines
    from viabilidade.rules import calendar

    assert SIMULATED_PLEBISCITE == ("hipótese da simulação, ato datado depois de hoje, cujo "
                                    "resultado não é contado como fato, e não realizável antes da "
                                    "lei complementar federal (CF, art. 18, § 4º)")
    c = certified.candidate
    state = process_state(c)
    assert state.phase == f"plebiscito do registro: {SIMULATED_PLEBISCITE}"
    lines = state_lines(c, state)
    vote = [line for line in lines if "resultado do plebiscito" in line]
    assert vote == ["  16/05/2027  resultado do plebiscito proclamado pelo TRE (art. 7º, § 2º) — "
                    "Ata geral de apuração do plebiscito, TRE-GO, Processo nº "
                    f"0600123-45.2027.6.09.0000 ({SIMULATED_PLEBISCITE})"]
    assert not any("já realizado" in line or "sem efeito" in line for line in lines)
    rows = calendar.event_rows(c, c.settings["study_date"], void="sem efeito (…)")
    assert rows[-1]["evento"].endswith(f"({SIMULATED_PLEBISCITE})")
    assert calendar.undated(c, certified.settings, True) == calendar.UNDATED_BARRED
    found = {f.title: f for f in findings(certified).items}
    assert "Plebiscito anterior ao estudo" not in found
    assert found["Plebiscito da simulação"].summary == (
        f"o plebiscito de 16/05/2027 do registro é {SIMULATED_PLEBISCITE}")
    # the plebiscite held the day before today keeps its words
    held = _held_yesterday(certified)
    assert calendar.undated(held.candidate, held.settings, True) == calendar.UNDATED
    assert "Plebiscito anterior ao estudo" in {f.title for f in findings(held).items}


BARRED = "não realizável antes da lei complementar federal (CF, art. 18, § 4º)"


def test_a_barred_operation_s_plebiscite_rows_say_it_cannot_be_held(monkeypatch):
    """M1: the rows listing the plebiscite as a requirement (Quadro 1, "O que mudaria a
    conclusão", the index, the bill's quadro, resultados.json's label) read "indeterminado",
    as if it could be held; their one label (rules.art7.barred_label) says it cannot, before
    the federal law. In the federal_law hypothesis it can: "indeterminado" again."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.writers import format as fmt

    store = load_store()
    plebiscite = {"create-municipality": ("art7", "art7.par1", "art7.par2"),
                  "fusion": ("art5.par2", "art7.par1", "art7.par2"),
                  "transfer-area": ("art5", "art7.par1", "art7.par2")}
    for path in (ROOT / "data" / "candidates" / "posse-dabadia.toml",
                 ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml",
                 ROOT / "tests" / "fixtures" / "transferencia-posse-dabadia.toml"):
        a = analyse(path, store=store, alternatives=False)
        rows = {r.rule_id: r for r in a.results if r.rule_id in plebiscite[a.candidate.operation]}
        assert set(rows) == set(plebiscite[a.candidate.operation]), path.name
        assert {fmt.result_status_label(r) for r in rows.values()} == {BARRED}, path.name
        assert {r.to_dict()["status"] for r in rows.values()} == {"indeterminate"}
    assumed = analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store,
                      settings={"federal_law": "plp-137-2015"}, alternatives=False)
    assert {fmt.result_status_label(r) for r in assumed.results
            if r.rule_id in plebiscite["create-municipality"]} == {"indeterminado"}


def test_districts_have_no_plebiscite_under_the_federal_bar():
    """M1, the other side: a district is created by municipal law (LC 02/1990, arts. 15–16;
    CF art. 30, IV), not under CF art. 18 § 4: no row of its study carries the bar, and
    ``processo`` lists no plebiscite for it."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.process_file import process_state
    from viabilidade.report.writers import format as fmt

    a = analyse(ROOT / "tests" / "fixtures" / "distrito-posse-dabadia.toml", store=load_store(),
                alternatives=False)
    assert a.candidate.operation == "create-district"
    assert not [r for r in a.results if BARRED in fmt.result_status_label(r)]
    assert not [s for s in process_state(a.candidate).steps if "plebiscito" in s.what]


def test_processo_s_plebiscite_steps_say_it_cannot_be_held():
    """M1: ``processo`` listed "decreto legislativo que determina o plebiscito" and "plebiscito,
    na forma regulada pelo Tribunal Regional Eleitoral" as next steps of a barred creation, as
    if they could be taken."""
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.proposal.record import Act
    from viabilidade.report.process_file import process_state

    c = load_candidate(ROOT / "data" / "candidates" / "posse-dabadia.toml")

    def steps(*acts):
        record = dataclasses.replace(c, events=tuple(Act(k, d, "doc") for k, d in acts))
        return [(s.what, s.note) for s in process_state(record, dt.date(2026, 11, 1)).steps]

    opinion = (("proposta", dt.date(2026, 2, 10)), ("parecer", dt.date(2026, 6, 1)))
    assert steps(*opinion) == [("decreto legislativo que determina o plebiscito",
                                f"plebiscito {BARRED}")]
    assert steps(*opinion, ("decreto-legislativo", dt.date(2026, 7, 1))) == [
        ("plebiscito, na forma regulada pelo Tribunal Regional Eleitoral", f"plebiscito {BARRED}")]


def test_a_margin_of_error_larger_than_the_value_is_no_range_below_zero():
    """M9: "655 ± 851 edificações" reads down to −196 buildings. The one formatter of an
    estimate (format.estimate) cuts the interval at zero and says why; a margin up to the
    value keeps "±"."""
    from viabilidade.report.writers import format as fmt

    assert fmt.estimate(655, "edificações", 851, "estimated") == (
        "655\u00a0edificações (entre 0 e 1.506; margem de erro maior que o valor)")
    assert fmt.estimate(654.6, "eleitores", 851.2, "estimated") == (
        "655\u00a0eleitores (entre 0 e 1.506; margem de erro maior que o valor)")
    assert fmt.estimate(851, "edificações", 851, "estimated") == "851 ± 851\u00a0edificações"
    assert fmt.estimate(1111, "edificações", 556, "estimated") == "1.111 ± 556\u00a0edificações"
    # a margin (value minus threshold) may be negative: "±" kept (the district's +692 ± 1.353
    # habitantes read "entre 0 e 2.045")
    assert fmt.estimate(692, "habitantes", 1353, "estimated", signed=True) == (
        "692 ± 1.353\u00a0habitantes")
    # the rules' sentences say it in the same words (art. 17, I's reason read "655 ± 851")
    from viabilidade.profile.analysis import analyse
    from viabilidade.rules.common import fmt as fmt_num, with_margin

    assert with_margin(1111, 556, fmt_num, " edificações") == "1.111 ± 556 edificações"
    district = analyse(ROOT / "tests" / "fixtures" / "distrito-posse-dabadia.toml",
                       store=load_store(), alternatives=False)
    assert district.result("art17.I").reason.startswith(
        "O valor apurado, 655 edificações (entre 0 e 1.506; margem de erro maior que o valor) "
        "(estimado), é o de todo o território do distrito")
    assert fmt.estimate(100_000, "BRL", 200_000, "estimated") == (
        "R$\u00a0100.000,00 (entre R$\u00a00,00 e R$\u00a0300.000,00; margem de erro maior que o "
        "valor)")


def test_figure_1_draws_a_simulated_pass_apart_from_a_real_one(certified, monkeypatch):
    """M8: Figure 1 drew the requirements met only by acts dated after today exactly as real
    passes (light green, solid edge). Their bars are white, dotted, with a dotted edge, and
    the legend and caption call them "hipótese da simulação" (the chart's data: each bar's
    style, :func:`viabilidade.report.charts.bar_style`, and the caption)."""
    from viabilidade.report.charts import bar_style, numeric_results, threshold_chart

    bars = {r.rule_id: bar_style(r) for r in numeric_results(certified.results)}
    assert set(bars) == {"art2", "art4.II", "art4.IV", "art4.V", "art4.VI", "art4.VII",
                         "art4.par1"}
    for rid in ("art2", "art4.II", "art4.IV", "art4.V", "art4.VI", "art4.VII"):
        assert bars[rid] == ("white", "#2e7d32", "..", ":",
                             "atingido na hipótese da simulação (ato futuro)"), rid
    # the remainder's population comes from the 2027 letter too, its rule undecided
    assert bars["art4.par1"] == ("white", "#b26a00", "..", ":",
                                 "indeterminado — hipótese da simulação")
    assert ("barras brancas pontilhadas, de contorno pontilhado, são hipóteses da simulação: o "
            "valor vem de ato datado depois de hoje, que ainda não existe"
            ) in threshold_chart(certified.results).caption
    # the other side: the same letters once they exist (today after them) are declared
    # documents, drawn as a pass to check, not as a hypothesis
    held = held_certified(monkeypatch)
    iv = bar_style(held.result("art4.IV"))
    assert iv == ("#a5d6a7", "#2e7d32", None, "-",
                  "conforme documento declarado (a conferir com o original)")
    assert "hipóteses da simulação" not in threshold_chart(held.results).caption


def test_the_unchecked_copy_of_the_tse_profile_reads_so_wherever_its_basis_is_printed():
    """S1: the 2026 roll comes from a third party's chart of the TSE profile, marked "não
    conferido" in the store's provenance, yet every document called it "publicado" (Posse's
    plebiscite roll, the fusion's and Nova Iguaçu's tables of figures, the transfer's roll,
    Nova Iguaçu's art. 4º, V). The basis stays ``published`` (no verdict changes); its label,
    from the citation the store's provenance gives the roll, reads "publicado (cópia não
    conferida)"."""
    from viabilidade.data.sources import SRC_CENSUS, SRC_TSE_PROFILE, unchecked_copy
    from viabilidade.data.store_open import electors_source
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import sections
    from viabilidade.report.writers import format as fmt

    store = load_store()
    assert any("não conferido" in r["vintage"] for r in store.provenance("electorate_profile"))
    assert electors_source(store)[0] == SRC_TSE_PROFILE and unchecked_copy(SRC_TSE_PROFILE)
    assert not unchecked_copy(SRC_CENSUS) and not unchecked_copy(
        "TSE, perfil do eleitorado de 2026 (arquivo gerado em 15/07/2026)")
    assert fmt.basis_label("published", 2681, None, SRC_TSE_PROFILE) == (
        "publicado (cópia não conferida)")
    assert fmt.basis_label("published", 2681, None, SRC_CENSUS) == "publicado"
    assert fmt.basis_label("estimated", 2229, None, SRC_TSE_PROFILE) == "estimado"

    nova = analyse(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store,
                   alternatives=False)
    v = nova.result("art4.V")
    assert (str(v.basis), str(v.status)) == ("published", "pass")   # no verdict changes
    assert fmt.result_basis_label(v, v.value) == "publicado (cópia não conferida)"
    table = _flat(sections.unit_table(nova.profile.area))
    assert "Eleitores 2.681 eleitores publicado (cópia não conferida) TSE" in table
    assert "População 3.010 habitantes publicado IBGE" in table   # the Censo stays "publicado"
    posse = analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store,
                    alternatives=False)
    assert ("12.614 eleitores (publicado (cópia não conferida); TSE, perfil do eleitorado de "
            "2026, agregação não conferida)") in posse.result("art7.par1").reason


def _flat(html) -> str:
    import html as htmllib
    import re

    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", str(html))).split())
