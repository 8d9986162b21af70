"""The one record of a proposal's acts (proposal/record.py), checked as a record (issue 32 § 3:
M4 order, M5 duplicates and conflicting receipts, M6 each error on its own line, S5 linear),
and `processo` and the study agreeing on the acts, the phase and the next deadline."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from pathlib import Path

import pytest

from viabilidade.cli import main
from viabilidade.errors import CandidateError
from viabilidade.operations import operation_of
from viabilidade.proposal.candidate import load_candidate
from viabilidade.proposal.record import KINDS, MAX_ACTS, PETITION_FIGURES, Checked
from viabilidade.report.process_file import process_state, state_lines
from viabilidade.rules import calendar
from viabilidade.rules.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"
BASE = POSSE.read_text(encoding="utf-8")


def _file(tmp_path, events: str, name: str = "c.toml") -> Path:
    p = tmp_path / name
    p.write_text(BASE + events, encoding="utf-8")
    return p


def _act(kind, date, document, **more) -> str:
    extra = "".join(f"{k} = {v}\n" for k, v in more.items())
    return f'\n[[process.events]]\nkind = "{kind}"\ndate = {date}\ndocument = "{document}"\n{extra}'


def _kinds(path) -> list[int]:
    """The line of each act's ``kind`` (the line its record-level errors name)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [n + 2 for n, line in enumerate(lines) if line == "[[process.events]]"]


def _problems(path) -> list[str]:
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    return e.value.lines


def test_a_certificate_act_carries_its_figures_and_who_checked_it(tmp_path):
    pdf = tmp_path / "oficio.pdf"
    pdf.write_bytes(b"%PDF-1.4 oficio 101/2027")
    sha = hashlib.sha256(pdf.read_bytes()).hexdigest()
    p = _file(tmp_path, _act("proposta", "2027-01-08", "Representação nº 1/2027",
                             by='"Dep. Fulana de Tal"')
              + "[process.events.figures]\nsignatures = 412\n"
              + _act("certidao", "2027-03-10", "Ofício nº 101/2027", body='"ibge"',
                     file='"oficio.pdf"', sha256=f'"{sha}"',
                     checked_by='"Maria Souza, Consultoria Legislativa"', checked_on="2027-03-12")
              + "[process.events.figures]\npopulation = 3102\ngap_m = 11850\n"
              + "[process.events.figures.remainder.5200100]\npopulation = 14130\n"
              # a check is read against the study's date, never the machine's clock
              + "\n[settings]\nstudy_date = 2027-06-01\n")
    c = load_candidate(p)
    cert = c.certified.area["population"]
    assert (cert.value, cert.body, cert.document, cert.date) == (3102, "IBGE", "Ofício nº 101/2027",
                                                                 dt.date(2027, 3, 10))
    assert cert.checked == Checked("Maria Souza, Consultoria Legislativa", dt.date(2027, 3, 12))
    assert c.certified.remainders["5200100"]["population"].value == 14130
    assert (c.petition_signatures, c.petition_document, c.petition_date) == (
        412, "Representação nº 1/2027", dt.date(2027, 1, 8))
    act = c.events[-1]
    assert act.file.sha256 == sha and act.file.path == pdf.resolve()
    assert act.proof == "conferido com o original por Maria Souza, Consultoria Legislativa em 12/03/2027"
    assert c.events[0].label == "proposta do deputado, com a representação dos eleitores — Dep. Fulana de Tal"
    assert c.notices == (f"certidão do IBGE (linha {_kinds(p)[1]}) sem requisição registrada: "
                         "registre a requisição enviada e o seu recebimento",)


def test_a_document_file_that_changed_is_refused(tmp_path):
    (tmp_path / "oficio.pdf").write_bytes(b"outro documento")
    p = _file(tmp_path, _act("certidao", "2027-03-10", "Ofício nº 101/2027", body='"ibge"',
                             file='"oficio.pdf"', sha256='"' + "0" * 64 + '"'))
    lines = _problems(p)
    assert any("campo 'process.events[1].sha256': o arquivo 'oficio.pdf' tem sha256 "
               + hashlib.sha256(b"outro documento").hexdigest() + ", diferente do registrado" in x
               for x in lines)


def test_each_bad_event_has_its_own_line(tmp_path):
    """M6: the errors of the second and later events name their own lines."""
    p = _file(tmp_path, _act("sentenca", "2027-02-10", "x") + _act("parecer", "2027-02-11", "y")
              + '\n[[process.events]]\nkind = "lei"\ndate = "2027-13-01"\ndocument = "z"\n')
    lines = _problems(p)
    k = _kinds(p)
    assert any(f"linha {k[0]}, campo 'process.events[1].kind': encontrado 'sentenca'" in x
               for x in lines)
    assert any(f"linha {k[2] + 1}, campo 'process.events[3].date'" in x for x in lines)


def test_an_impossible_order_is_named_on_each_act(tmp_path):
    """M4: a receipt before its sending, an act before the proposal."""
    p = _file(tmp_path, _act("eleicao", "2027-01-05", "ata")
              + _act("proposta", "2027-02-10", "Processo nº 1")
              + _act("requisicao-enviada", "2027-02-15", "Ofício nº 15", body='"ibge"')
              + _act("requisicao-recebida", "2027-02-12", "AR", body='"ibge"'))
    lines = _problems(p)
    k = _kinds(p)
    assert any(f"linha {k[0]}, campo 'process.events': eleição do Prefeito, do Vice-Prefeito e "
               "dos Vereadores (art. 9º) em 05/01/2027, antes da proposta (10/02/2027, linha "
               f"{k[1]}); esperado depois da proposta" in x for x in lines)
    assert any(f"linha {k[3]}, campo 'process.events': recebimento do IBGE em 12/02/2027, "
               f"antes do envio da requisição (15/02/2027, linha {k[2]})" in x for x in lines)


def test_duplicates_and_conflicting_receipts(tmp_path):
    """M5: the same act twice is an error; two receipts are named, and the deadline counts
    from the first unless the record marks the one that counts."""
    acts = (_act("proposta", "2027-02-10", "Processo nº 1")
            + _act("requisicao-enviada", "2027-02-15", "Ofício nº 15", body='"ibge"')
            + _act("requisicao-recebida", "2027-02-17", "AR", body='"ibge"')
            + _act("requisicao-recebida", "2027-03-01", "protocolo 9", body='"ibge"'))
    lines = _problems(_file(tmp_path, acts + _act("proposta", "2027-02-10", "Processo nº 1"),
                            "dup.toml"))
    assert any("ato repetido: o mesmo 'proposta' de 10/02/2027 (Processo nº 1) já está no "
               "registro" in x for x in lines)
    p = _file(tmp_path, acts)
    c = load_candidate(p)
    k = _kinds(p)
    assert c.notices == (f"recebimentos divergentes da requisição do IBGE: o prazo conta de "
                         f"17/02/2027 (linha {k[2]}, o primeiro); também registrados "
                         f"01/03/2027 (linha {k[3]})",)
    s = process_state(c, dt.date(2027, 3, 10))
    assert [(x.what, x.deadline) for x in s.steps][0] == ("resposta do IBGE", dt.date(2027, 4, 19))
    marked = acts.replace('document = "protocolo 9"\nbody = "ibge"\n',
                          'document = "protocolo 9"\nbody = "ibge"\ncounts = true\n')
    c = load_candidate(_file(tmp_path, marked, "marked.toml"))
    s = process_state(c, dt.date(2027, 3, 10))
    # counted from 01/03/2027: the 60th day is Friday 30/04/2027
    assert s.steps[0].deadline == calendar.agencies_deadline(dt.date(2027, 3, 1)) == dt.date(2027, 4, 30)
    assert "marcado counts = true" in c.notices[0]


def test_a_check_dated_after_the_study_is_refused(tmp_path):
    """Hostile trial 3: a certificate 'conferido' on 01/06/2028 in a study of 07/12/2026 read
    'cumprido'. A check not yet made is refused, on both sides of the study date."""
    def record(on):
        return (_act("proposta", "2026-10-01", "Representação nº 1/2026")
                + _act("certidao", "2026-11-10", "Ofício nº 101/2026", body='"ibge"',
                       checked_by='"Maria Souza"', checked_on=on)
                + "[process.events.figures]\npopulation = 3102\n"
                + "\n[settings]\nstudy_date = 2026-12-07\n")
    p = _file(tmp_path, record("2026-12-08"), "depois.toml")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert [x for x in e.value.lines if "checked_on" in x] == [
        f"{p}, linha {_kinds(p)[1] + 5}, campo 'process.events[2].checked_on': conferido em "
        "08/12/2026, depois da data do estudo (07/12/2026); esperada a data em que o original "
        "já foi conferido (até a data do estudo)"]
    c = load_candidate(_file(tmp_path, record("2026-12-07"), "no-dia.toml"))
    assert c.certified.area["population"].checked == Checked("Maria Souza", dt.date(2026, 12, 7))


def test_an_installation_without_its_law_and_a_law_before_the_plebiscite_are_named(tmp_path):
    """Hostile trial 2, #7: a law and an installation with no plebiscite gave 'Fase: instalado'
    without a word. The order of what is recorded is named (art. 9º; art. 7º, § 2º)."""
    base = _act("proposta", "2027-02-10", "Processo nº 1")
    p = _file(tmp_path, base + _act("instalacao", "2027-03-26", "Ata de posse"), "sem-lei.toml")
    k = _kinds(p)
    assert load_candidate(p).notices == (
        f"instalação, com a posse dos eleitos (art. 9º; art. 20 para distrito) (linha {k[1]}) "
        "sem a lei de criação registrada: a LC nº 2/1990 (art. 9º) só prevê eleição e "
        "instalação depois da lei; confira o registro",)
    p = _file(tmp_path, base + _act("lei", "2027-03-25", "Lei nº 1")
              + _act("resultado-plebiscito", "2027-04-20", "Ata do TRE-GO"), "lei-antes.toml")
    k = _kinds(p)
    assert [n for n in load_candidate(p).notices if n.startswith("lei de criação")] == [
        f"lei de criação (linha {k[1]}) antes do resultado do plebiscito (20/04/2027, linha "
        f"{k[2]}): a LC nº 2/1990 (art. 7º, § 2º) só admite a lei depois do plebiscito; confira "
        "o registro"]
    p = _file(tmp_path, base + _act("lei", "2027-03-25", "Lei nº 1")
              + _act("instalacao", "2027-03-26", "Ata de posse"), "em-ordem.toml")
    assert not [n for n in load_candidate(p).notices if "confira o registro" in n]


def test_acts_after_the_reference_date(tmp_path):
    """M4: an act dated after --data-referencia counts only as planned; unmarked it is named."""
    c = load_candidate(_file(tmp_path, _act("proposta", "2027-02-10", "Processo nº 1")
                             + _act("parecer", "2027-06-01", "Parecer nº 3", planned="true")
                             + _act("decreto-legislativo", "2027-07-01", "DL nº 9")))
    s = process_state(c, dt.date(2027, 3, 1))
    assert s.phase == "proposta apresentada"
    assert [a.kind for a in s.planned] == ["parecer"]
    lines = state_lines(c, s, dt.date(2027, 3, 1))
    assert "Atos previstos:" in lines
    assert any("decreto legislativo que determina o plebiscito (art. 7º) (linha" in x
               and "datado de 01/07/2027, depois da data de referência (01/03/2027), sem planned = "
               "true" in x for x in lines)


def test_the_number_of_acts_is_bounded_and_errors_stay_linear(tmp_path):
    """S5: 4.000 bad events are refused with one bound message and the first
    MAX_ACTS named each on its own line (measured: 0,7 s; before, 1.000 took 28,5 s)."""
    events = "".join(_act(f"x{i}", "2027-01-01", "d") for i in range(4 * MAX_ACTS))
    with pytest.raises(CandidateError) as e:
        load_candidate(_file(tmp_path, events))
    found = [str(p) for p in e.value.problems]  # every problem; the message shows 50
    assert any("campo 'process.events': encontrados 4.000 atos; esperado no máximo 1.000" in x
               for x in found)
    start = BASE.count("\n") + 3
    assert any(f"linha {start + 5 * 999}, campo 'process.events[1000].kind': encontrado 'x999'" in x
               for x in found)
    assert len(e.value.lines) == 51 and e.value.lines[-1].startswith("… e mais ")


def _files():
    out = []
    for p in sorted([*(ROOT / "tests" / "fixtures").glob("*.toml"),
                     *(ROOT / "tests" / "candidates").glob("*.toml"),
                     *(ROOT / "data" / "candidates").glob("*.toml")]):
        if p.name != "oficios.toml":  # a settings file, not a candidate; any other must load
            out.append(load_candidate(p))
    return out


@pytest.mark.parametrize("day", [dt.date(2026, 12, 1), dt.date(2027, 4, 1), dt.date(2027, 6, 1)])
def test_processo_and_the_study_calendar_agree(day):
    """For every fixture and committed candidate: the acts of the study's calendar are the
    record's, and its answer deadlines are processo's."""
    files = _files()
    assert len(files) >= 10
    for c in files:
        op = operation_of(c)
        state = process_state(c, day)
        rows = calendar.timeline(c, Settings(study_date=day.isoformat()), phases=op.phases)
        acts = [r for r in rows if r["artigo"] == ""]
        assert [r["data"] for r in acts] == [a.date.isoformat() for a in c.events], c.path
        due = sorted(r["data"] for r in rows if r["evento"].startswith("Prazo de resposta "))
        steps = sorted(s.deadline.isoformat() for s in state.steps if s.what.startswith("resposta "))
        assert due == steps, c.path
        # an act after the study date has not happened, in the calendar as in processo
        # (legal review item 3): "ato futuro", never listed as done
        future = [r["data"] for r in acts if "ato futuro: datado de " in r["evento"]]
        assert future == [a.date.isoformat() for a in c.events
                          if not a.planned and a.date > day], c.path
        assert {a.date for a in state.events} == {a.date for a in c.events
                                                  if not a.planned and a.date <= day}, c.path


def test_a_recorded_plebiscite_is_void_in_the_calendar_without_the_federal_law(tmp_path, monkeypatch):
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the plebiscite of 16/05/2027 held (legal11 S3)
    c = load_candidate(_file(tmp_path, _act("proposta", "2027-02-10", "Processo nº 1")
                             + _act("resultado-plebiscito", "2027-05-16", "Ata do TRE-GO")
                             + "[process.events.figures]\neligible = 10812\nturnout = 7020\n"))
    op = operation_of(c)
    rows = calendar.timeline(c, Settings(study_date="2027-06-01"), phases=op.phases,
                             barred=op.barred)
    # final legal read, item 16: the ata of a void consultation is no valid act and proves
    # nothing (it read "…; documento declarado, a conferir com o original", as if a check could)
    assert rows[1]["evento"] == ("resultado do plebiscito proclamado pelo TRE (art. 7º, § 2º) — Ata "
                                 "do TRE-GO (sem efeito (sem a lei complementar federal; TSE, PA "
                                 "0602003-69): não é ato válido hoje (CF, art. 18, § 4º; o TSE "
                                 "recusou homologar plebiscito feito sem a lei complementar "
                                 "federal, PA 0602003-69): a ata nada comprova para este processo)")
    # no creation law, election or installation can be dated after a void plebiscite (legal
    # review 15:44, item 9: the calendar showed "Lei de criação 2027 … instalação 2029")
    assert [(r["evento"], r["data"], r["artigo"]) for r in rows[2:]] == [
        ("Lei de criação, eleição e instalação: sem data, porque o plebiscito registrado está sem "
         "efeito (sem a lei complementar federal; TSE, PA 0602003-69); a lei só pode seguir um "
         "novo plebiscito, feito no período que a lei complementar federal fixar", None,
         "CF, art. 18, § 4º; art. 7º")]
    # in the federal_law hypothesis too: held before that law and the study (item 1)
    rows = calendar.timeline(c, Settings(study_date="2027-06-01", federal_law="plp-137-2015"),
                             phases=op.phases, barred=op.barred)
    assert rows[1]["evento"] == ("resultado do plebiscito proclamado pelo TRE (art. 7º, § 2º) — Ata "
                                 "do TRE-GO (sem efeito (anterior à lei complementar federal e a "
                                 "este estudo; a consulta terá de ser feita de novo): não é ato "
                                 "válido nem nesta hipótese: a ata nada comprova para este "
                                 "processo)")
    assert not any(r["evento"].startswith(("Lei de criação (", "Instalação")) for r in rows)
    assert process_state(c, dt.date(2027, 6, 1)).phase == (
        "plebiscito realizado — sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)")


def test_after_a_void_plebiscite_the_next_steps_are_the_check_and_the_federal_law(capsys, monkeypatch):
    """Legal review item 4: a plebiscite "sem efeito" is not followed by the law of creation
    (art. 7º, § 2º; CF art. 18, § 4º): the next steps are the check of the declared documents
    against their originals and the federal complementary law; with every act checked, only
    the federal law; under the federal_law hypothesis a new plebiscite (legal review 15:44,
    item 1: the consultation predates that law and the study)."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the plebiscite of 16/05/2027 held (legal11 S3)
    cert = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
    assert main(["processo", str(cert), "--data-referencia", "2027-06-01"]) == 0
    out = capsys.readouterr().out
    steps = out.split("Próximos passos:\n")[1].split("\n")[:2]
    assert steps == [
        "  - conferência com os originais dos 11 documentos declarados: sem prazo fixado na lei "
        "(prova dos requisitos; registrar em cada ato quem conferiu e quando)",
        "  - edição da lei complementar federal: sem prazo fixado na lei (CF, art. 18, § 4º, e "
        "art. 7º, § 2º; sem ela nenhuma lei pode criar o Município; o plebiscito já realizado "
        "não passa a valer com ela: a consulta terá de ser feita de novo, no período que a lei "
        "complementar federal fixar e depois da divulgação dos Estudos de Viabilidade "
        "Municipal)"]
    assert "lei de criação:" not in out
    c = load_candidate(cert)
    checked = c.__class__(**{**c.__dict__, "events": tuple(
        e.__class__(**{**e.__dict__, "checked": Checked("Consultor", dt.date(2027, 5, 20))})
        for e in c.events)})
    assert [s.what for s in process_state(checked, dt.date(2027, 6, 1)).steps] == [
        "edição da lei complementar federal"]
    assumed = c.__class__(**{**c.__dict__, "settings": {**c.settings,
                                                          "federal_law": "plp-137-2015"}})
    assert [s.what for s in process_state(assumed, dt.date(2027, 6, 1)).steps] == [
        "conferência com os originais dos 11 documentos declarados",
        "novo plebiscito, na hipótese da lei complementar federal suposta"]


def test_the_process_fixture_on_the_day_of_its_study_marks_its_2027_acts_future():
    """Legal review item 3: the study dated 07/12/2026 of the process fixture does not list
    its 2027 acts as done."""
    c = load_candidate(ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml")
    rows = calendar.timeline(c, Settings(study_date="2026-12-07"), phases=operation_of(c).phases)
    first = next(r for r in rows if r["artigo"] == "")
    assert first["data"] == "2027-02-10"
    # dated after today too: no "documento declarado, a conferir com o original" (legal10 S2)
    assert first["evento"].endswith(
        "(ato futuro: datado de 10/02/2027, posterior à data do estudo (07/12/2026))")
    # new-user review: what is recorded, as what: the phase (the study's "fase", the index's
    # "Fase") and processo say it alike, and count the acts the calendar marks future
    said = ("nenhum ato do processo realizado até 07/12/2026; no registro, 7 atos futuros, "
            "datados depois dessa data")
    state = process_state(c, dt.date(2026, 12, 7))
    assert state.phase == f"estudo ({said})"
    assert sum("(ato futuro: datado de " in r["evento"] for r in rows) == 7
    lines = state_lines(c, state, dt.date(2026, 12, 7))
    assert f"Atos registrados: {said}; ver os avisos do registro." in lines
    assert not any("[[process.events]] no arquivo do candidato" in x for x in lines)
    assert len([x for x in lines if "sem planned = true" in x]) == 7
    # planned acts only: "previstos", listed under "Atos previstos", no notice
    planned = dataclasses.replace(c, events=tuple(dataclasses.replace(e, planned=True)
                                                 for e in c.events[:2]))
    state = process_state(planned, dt.date(2026, 12, 7))
    said = "nenhum ato do processo realizado até 07/12/2026; no registro, 2 atos previstos"
    assert state.phase == f"estudo ({said})"
    lines = state_lines(planned, state, dt.date(2026, 12, 7))
    assert lines[lines.index(f"Atos registrados: {said}.") + 1] == "Atos previstos:"
    # one planned, one future: both named; a single act in the singular
    both = dataclasses.replace(c, events=(dataclasses.replace(c.events[0], planned=True),
                                          c.events[1]))
    assert process_state(both, dt.date(2026, 12, 7)).phase == (
        "estudo (nenhum ato do processo realizado até 07/12/2026; no registro, 1 ato previsto "
        "e 1 ato futuro, datado depois dessa data)")
    # once an act is done, the phase is its own; with no act at all, as before
    assert process_state(c, dt.date(2027, 2, 10)).phase == "proposta apresentada"
    assert process_state(dataclasses.replace(c, events=()), dt.date(2026, 12, 7)).phase == (
        "estudo (nenhum ato do processo registrado)")


def test_processo_without_a_date_reads_the_record_on_the_candidates_study_date(capsys, monkeypatch):
    """Legal review item 3: without --data-referencia, processo uses [settings] study_date
    (2027-06-01 in the certified creation), as the study does."""
    monkeypatch.setenv("VIABILIDADE_HOJE", "2027-06-01")  # the plebiscite of 16/05/2027 held (legal11 S3)
    cert = ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml"
    assert main(["processo", str(cert)]) == 0
    out = capsys.readouterr().out
    assert ("Fase: plebiscito realizado — sem efeito (sem a lei complementar federal; TSE, PA "
            "0602003-69)\n") in out
    assert out.count("\n  16/05/2027  ") == 1


def test_processo_of_a_correction_lists_its_documents_and_asks_no_petition(capsys):
    """Legal review items 3 and 5: the correction's four documents of art. 6 are listed by
    processo as by the study, and its next step is the state bill on the mayors' prior
    agreement (art. 6º), not a deputy's proposal with the electors' representation."""
    path = ROOT / "tests" / "fixtures" / "correcao-abadiania-alexania.toml"
    assert main(["processo", str(path), "--data-referencia", "2027-04-01"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("Fase: estudo (documentos do art. 6º declarados; nenhum ato do processo "
                      "registrado)")
    docs = out[out.index("Documentos do art. 6º no arquivo do candidato:") + 1:][:4]
    assert [line[:12] for line in docs] == ["  02/02/2026", "  20/02/2026", "  24/02/2026",
                                            "  10/03/2026"]
    assert docs[3] == ("  10/03/2026  acordo prévio dos Prefeitos — Termo de acordo nº 1/2026, "
                       "Prefeitos de Abadiânia e de Alexânia, de 10/03/2026 (documento declarado, "
                       "a conferir com o original)")
    assert out[out.index("Próximos passos:") + 1] == (
        "  - projeto de lei estadual, com o prévio acordo dos Prefeitos, autorizados pelas "
        "Câmaras Municipais em forma de resoluções: sem prazo fixado na lei (art. 6º; a falha "
        "técnica, o acordo e as resoluções constam do arquivo do candidato, declarados, a "
        "conferir com os originais)")
    assert "representação dos eleitores" not in "\n".join(out)


def test_processo_names_a_fusion_as_the_study_does(capsys):
    """Legal review item 17: the origins by name and the area by its seat's name (art. 3, I),
    as the study's title, not cod_ibge codes and the file's name."""
    assert main(["processo", str(ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml")]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "Processo: fusão de Anhanguera e Cumari — Município de Cumari")


def test_the_study_phase_is_processo_phase():
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.study_cells import RESULTS_MIME, results_bundle

    path = ROOT / "tests" / "fixtures" / "processo-posse-dabadia.toml"
    for day in ("2026-12-01", "2027-04-01"):
        payload = results_bundle(analyse(path, settings=Settings(study_date=day)))[RESULTS_MIME]
        c = load_candidate(path)
        assert payload["fase"] == process_state(c, dt.date.fromisoformat(day)).phase
    assert payload["fase"] == "instrução: requisições do art. 4º, § 3º"


def test_processo_cli_states_the_bar(capsys):
    assert main(["processo", str(POSSE), "--data-referencia", "2028-03-01"]) == 0
    out = capsys.readouterr().out
    assert ("Vedação: a criação está vedada enquanto não editada a lei complementar federal "
            "(CF, art. 18, § 4º).") in out
    assert ("Atenção: 2028 é ano de eleições municipais: nenhum Município pode ser criado nele "
            "(art. 7º, § 3º); a lei de criação só a partir de 1º/01/2029.") in out
    assert "art. 5º, § 1º" not in out


@pytest.mark.slow
def test_a_document_file_is_kept_beside_the_study_with_its_hash(tmp_path):
    """The record's document file is copied beside the study under its hash, listed in
    resultados.json (``documentos``) and named in the calendar; a file changed after the
    candidate was read is refused, not copied."""
    import json

    from viabilidade.report import study
    from viabilidade.proposal.record import annex_name, Annex

    pdf = tmp_path / "oficio.pdf"
    pdf.write_bytes(b"%PDF-1.4 oficio 45/2027 (teste)")
    sha = hashlib.sha256(pdf.read_bytes()).hexdigest()
    p = _file(tmp_path, _act("proposta", "2026-10-01", "Processo nº 2026/000321")
              + _act("requisicao-enviada", "2026-10-05", "Ofício nº 45/2026-CCJR", body='"ibge"',
                     file='"oficio.pdf"', sha256=f'"{sha}"'))
    record = study.run_study(p, tmp_path / "out", study_date=dt.date(2026, 12, 1))
    name = annex_name(Annex(pdf, sha))
    assert name == f"documento-{sha[:12]}-oficio.pdf"
    folder = Path(record["folder"])
    assert (folder / name).read_bytes() == pdf.read_bytes()
    payload = json.loads((folder / "resultados.json").read_text(encoding="utf-8"))
    assert payload["documentos"] == [{"arquivo": name, "sha256": sha, "origem": "oficio.pdf"}]
    assert f"arquivo anexo {name}" in (folder / "estudo.html").read_text(encoding="utf-8")


def test_the_old_tables_are_read_into_the_record_with_a_notice(tmp_path):
    """[process] petition_*, [process.plebiscite] and [certified.*] still work for one release:
    they become acts of the record (never checked), each table with its notice."""
    p = _file(tmp_path, '''
[process]
petition_signatures = 412
petition_document = "Representação nº 1/2027"
petition_date = 2027-01-08

[certified.population]
value = 3102
body = "IBGE"
document = "Ofício nº 101/2027"
date = 2027-03-10
''')
    c = load_candidate(p)
    assert [(a.kind, a.date, a.line, a.checked) for a in c.events] == [
        ("proposta", dt.date(2027, 1, 8), None, None), ("certidao", dt.date(2027, 3, 10), None, None)]
    assert c.petition_signatures == 412 and c.certified.area["population"].value == 3102
    assert c.notices == (
        "[process] petition_signatures/petition_document/petition_date é a forma antiga (lida "
        "nesta versão, retirada na próxima): registre o ato kind = \"proposta\" com "
        "figures.signatures em [[process.events]] (ver docs/GUIA.md, Processo)",
        "[certified.*] é a forma antiga (lida nesta versão, retirada na próxima): registre cada "
        "certidão como ato kind = \"certidao\" com body, document, date e figures em "
        "[[process.events]] (ver docs/GUIA.md, Processo)",
        "certidão do IBGE (tabela antiga do arquivo) sem requisição registrada: registre a "
        "requisição enviada e o seu recebimento")


def test_the_method_note_says_every_status_and_the_bar():
    """Final legal reading, item 5: the appendix's method note said a study 'é viável somente
    quando todos os requisitos aplicáveis são cumpridos', leaving out the statuses the tool uses
    and what the constitution allows today."""
    from viabilidade.report.sections import METHOD_NOTES

    note = METHOD_NOTES[0]
    for words in ("conforme documento declarado (a conferir com o original)",
                  "atingido ou não atingido nos dados publicados (a certificar)",
                  # legal12 minor 5: the rows' words, not "sem efeito (o plebiscito sem a lei
                  # complementar federal)" for a plebiscite not held
                  "não realizável antes da lei complementar federal (o plebiscito ainda não "
                  "realizado; o realizado sem ela é sem efeito)",
                  "estão vedados enquanto não editada a lei complementar federal (CF, art. 18, § 4º)"):
        assert words in note
    assert "O estudo é viável somente quando" not in note
    assert "sem efeito (o plebiscito sem a lei complementar federal)" not in note


@pytest.mark.slow
def test_estudo_prints_the_records_notices_from_the_study(tmp_path, capsys):
    """`estudo` prints the record's notices on stderr from the study's own record (the
    candidate is read once, by the study)."""
    from viabilidade.report.study import run_study

    acts = (_act("proposta", "2027-02-10", "Processo nº 1")
            + _act("requisicao-enviada", "2027-02-15", "Ofício nº 15", body='"ibge"')
            + _act("requisicao-recebida", "2027-02-17", "AR", body='"ibge"')
            + _act("requisicao-recebida", "2027-03-01", "protocolo 9", body='"ibge"'))
    p = _file(tmp_path, acts)
    k = _kinds(p)
    notice = (f"recebimentos divergentes da requisição do IBGE: o prazo conta de 17/02/2027 "
              f"(linha {k[2]}, o primeiro); também registrados 01/03/2027 (linha {k[3]})")
    record = run_study(p, tmp_path / "a", study_date=dt.date(2027, 3, 10))
    assert record["notices"] == [notice]
    assert main(["estudo", str(p), "--saida", str(tmp_path / "b")]) == 0
    assert capsys.readouterr().err.splitlines() == [f"aviso: {notice}"]


def test_the_order_check_runs_with_the_field_errors(tmp_path):
    """The batch analyst: the record's order check ran only once the field errors were
    fixed (an act with a field error was left out of it): an unknown key in a sending and
    its receipt dated before it are reported at once, each with its line."""
    events = (_act("proposta", "2027-02-10", "Processo nº 1") +
              _act("requisicao-enviada", "2027-02-15", "Ofício nº 15", body='"ibge"', foo="1") +
              _act("requisicao-recebida", "2027-02-12", "AR", body='"ibge"'))
    p = _file(tmp_path, events)
    lines = _problems(p)
    assert BASE.count("\n") == 16  # the acts start on line 18
    assert len(lines) == 2
    assert lines[0].startswith(f"{p}, linha 28, campo 'process.events[2].foo': "
                               "chave desconhecida 'foo'")
    assert lines[1].startswith(f"{p}, linha 31, campo 'process.events': recebimento do IBGE em "
                               "12/02/2027, antes do envio da requisição (15/02/2027, linha 24)")


def test_a_misspelled_kind_gets_a_hint_and_no_knock_on_error_of_its_figures(tmp_path):
    """Issue 32, B10: 'propsta' had no "seria 'proposta'?" and then "valor desconhecido
    'signatures' num ato 'propsta'; permitidos: nenhum"."""
    p = _file(tmp_path, _act("propsta", "2027-01-08", "Representação nº 1/2027")
              + "[process.events.figures]\nsignatures = 412\n")
    k = _kinds(p)
    lines = [x for x in _problems(p) if "process.events[1]" in x]
    assert lines == [f"{p}, linha {k[0]}, campo 'process.events[1].kind': encontrado 'propsta' "
                     "(seria 'proposta'?); esperado um de " + ", ".join(KINDS)]


def test_a_misspelled_figure_is_a_key_with_a_hint(tmp_path):
    """Issue 32, B10: 'signaturas' was called a "valor" and had no "seria 'signatures'?"."""
    p = _file(tmp_path, _act("proposta", "2027-01-08", "Representação nº 1/2027")
              + "[process.events.figures]\nsignaturas = 412\n")
    lines = [x for x in _problems(p) if "signaturas" in x]
    assert len(lines) == 1
    assert lines[0].endswith("campo 'process.events[1].figures.signaturas': chave desconhecida "
                             "'signaturas' num ato 'proposta' (seria 'signatures'?); permitidas: "
                             + ", ".join(PETITION_FIGURES))


def test_the_same_act_twice_without_a_document_is_named_without_none(tmp_path):
    """Issue 32, hostile trial 6, H6-4: it said "de 10/02/2027 (None) já está no registro"."""
    act = '\n[[process.events]]\nkind = "proposta"\ndate = 2027-02-10\n'
    lines = _problems(_file(tmp_path, act + act, "dup.toml"))
    said = [x for x in lines if "ato repetido" in x]
    assert said and all("ato repetido: o mesmo 'proposta' de 10/02/2027 já está no registro"
                        in x for x in said)


def test_one_oficio_number_sent_to_two_addressees_is_refused(tmp_path):
    """Issue 32, hostile trial 6, H6-5: the IBGE's and the Cartório's requisitions shared
    'Ofício nº 15/2027/CCJR-ALEGO' and were accepted."""
    acts = (_act("proposta", "2027-02-10", "Processo nº 1")
            + _act("requisicao-enviada", "2027-02-15", "Ofício nº 15/2027", body='"ibge"'))
    load_candidate(_file(tmp_path, acts + _act("requisicao-enviada", "2027-02-16",
                                               "Ofício nº 16/2027", body='"cartorio-eleitoral"')))
    twice = _act("requisicao-enviada", "2027-02-15", "ofício  nº 15/2027",
                 body='"cartorio-eleitoral"')
    lines = _problems(_file(tmp_path, acts + twice, "dup.toml"))
    k = _kinds(tmp_path / "dup.toml")
    assert [x for x in lines if "número de ofício" in x] == [
        f"{tmp_path / 'dup.toml'}, linha {k[2]}, campo 'process.events': o documento 'ofício  nº 15/2027' já é a "
        f"requisição enviada ao IBGE (linha {k[1]}); esperado um número de ofício por destinatário"]
