"""The proposal's process (``viabilidade processo`` and the study): where a proposal stands and
what comes next under LC 02/1990, from the one record of its acts
(:mod:`viabilidade.proposal.record`, ``[[process.events]]``).

:func:`process_state` is the one walker of the record: the phase is the last act that has
happened (:data:`PHASES`; planned acts and acts after the reference date do not count);
the next steps follow the phases the operation declares
(:attr:`viabilidade.operations.Operation.phases`): the deputy's proposal (its own article:
art. 2º for a creation, art. 5º, § 1º for a transfer or fusion); the requests of art. 4º,
§ 3º and the 60 days from each body's receipt — the first recorded, or the one the record
marks (:func:`viabilidade.rules.calendar.counted_receipt`), rolled to the next business
day; the committee's opinion; the legislative decree (art. 7º); the plebiscite by the TRE
(art. 7º, § 1º); the law, never in a municipal-election year (art. 7º, § 3º); for a new
municipality the election and installation (art. 9º), the books (art. 14, § 3º) and the
servants' option (art. 12); for a district (a municipal law, art. 16), the installation
within 180 days (art. 20). The study's calendar (:func:`viabilidade.rules.calendar.timeline`)
and ``processo`` (:func:`state_lines`) render the same acts and deadlines; the study's
``fase`` is this walker's phase on the study date.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..law.bodies import BODIES
from ..proposal.record import Act
from ..operations import operation_of
from ..rules import calendar
from ..proposal.record import (DECLARED_PROOF, HELD_AGAIN_WHEN, NOT_BEFORE_FEDERAL_LAW,
                               SIMULATED_PLEBISCITE, act_proof, plebiscite_void,
                               simulated_plebiscite)
from .writers import format as fmt

#: Phase by the last recorded act (``None``: nothing recorded).
PHASES = {
    None: "estudo (nenhum ato do processo registrado)",
    "proposta": "proposta apresentada",
    "requisicao-enviada": "instrução: requisições do art. 4º, § 3º",
    "requisicao-recebida": "instrução: requisições do art. 4º, § 3º",
    "certidao": "instrução: requisições do art. 4º, § 3º",
    "parecer": "parecer da comissão",
    "decreto-legislativo": "plebiscito determinado",
    "pedido-tre": "plebiscito determinado",
    "resultado-plebiscito": "plebiscito realizado",
    "lei": "lei publicada",
    "eleicao": "eleitos, antes da posse",
    "instalacao": "instalado",
}


@dataclass(frozen=True)
class Step:
    """A next step: what, its deadline (``None``: the law fixes none), the provision, a note."""

    what: str
    deadline: dt.date | None
    article: str
    note: str = ""


@dataclass(frozen=True)
class ProcessState:
    """Where a proposal stands: ``phase`` (pt-BR), the acts that have happened (``events``,
    by date), the next ``steps``, the ``planned`` acts, and the record's ``problems`` on
    the reference date (acts dated after it and not marked planned; pt-BR)."""

    phase: str
    events: tuple[Act, ...]
    steps: tuple[Step, ...] = field(default_factory=tuple)
    planned: tuple[Act, ...] = field(default_factory=tuple)
    problems: tuple[str, ...] = field(default_factory=tuple)

    @property
    def next_deadline(self) -> dt.date | None:
        """The earliest deadline among the next steps, or ``None``."""
        dated = [s.deadline for s in self.steps if s.deadline is not None]
        return min(dated) if dated else None


def _requisition_steps(c, today: dt.date) -> list[Step]:
    steps = []
    for key, body in BODIES.items():
        if calendar.recorded(c, "certidao", key, today) is not None:
            continue
        received = calendar.counted_receipt(c, key, today)
        if received is not None:
            steps.append(Step(f"resposta {body.of}", calendar.agencies_deadline(received.date),
                              "art. 4º, § 3º", f"60 dias do recebimento, em "
                                               f"{received.date:%d/%m/%Y}"))
        elif calendar.recorded(c, "requisicao-enviada", key, today) is not None:
            steps.append(Step(f"registrar a data de recebimento da requisição {body.of}", None,
                              "art. 4º, § 3º", "os 60 dias contam do recebimento"))
        else:
            steps.append(Step(f"requisição de informações {body.to}", None, "art. 4º, § 3º"))
    return steps


#: Art. 7 § 3 as processo states it in a municipal-election year (a warning, every phase).
ELECTION_YEAR_WARNING = ("{year} é ano de eleições municipais: nenhum Município pode ser criado "
                         "nele (art. 7º, § 3º); a lei de criação só a partir de 1º/01/{next}")


def _law_step(today: dt.date) -> Step:
    year = today.year
    if calendar.is_election_year(year):
        return Step("lei de criação", None, "art. 7º, § 2º e § 3º",
                    f"{year} é ano de eleições municipais: nenhum Município pode ser criado nele; "
                    f"a lei só a partir de 1º/01/{year + 1}")
    return Step("lei de criação", None, "art. 7º, § 2º e § 3º",
                f"feita em {year}, instalação em 1º/01/{calendar.next_election(year) + 1}; "
                f"{calendar.next_election(year)} é ano de eleições municipais, em que nenhum "
                "Município pode ser criado")


#: The step after a plebiscite "sem efeito" (:data:`PLEBISCITE_VOID`): no law of creation can
#: follow it (art. 7º, § 2º asks a valid plebiscite; CF art. 18, § 4º bars the operation).
FEDERAL_LAW_STEP = Step("edição da lei complementar federal", None,
                        "CF, art. 18, § 4º, e art. 7º, § 2º",
                        "sem ela nenhuma lei pode criar o Município; o plebiscito já realizado "
                        "não passa a valer com ela: a consulta terá de ser feita de novo, "
                        + HELD_AGAIN_WHEN.format(law="a lei complementar federal"))


#: The same step in the ``federal_law`` hypothesis (legal review 15:44, item 1): the law
#: supposed in force does not validate the consultation held before it and before the study.
NEW_PLEBISCITE_STEP = Step("novo plebiscito, na hipótese da lei complementar federal suposta",
                           None, "CF, art. 18, § 4º, e art. 7º",
                           "o plebiscito registrado foi feito antes dessa lei e deste estudo e "
                           "está sem efeito: a consulta terá de ser feita de novo, "
                           + HELD_AGAIN_WHEN.format(law="a lei complementar federal")
                           + "; só depois dela, a lei de criação")


def _void_plebiscite_steps(done: tuple[Act, ...], assumed: bool = False) -> list[Step]:
    """After a plebiscite "sem efeito": the check against the originals of the acts recorded
    as declared, then the federal complementary law (:data:`FEDERAL_LAW_STEP`), or in the
    ``federal_law`` hypothesis (``assumed``) a new plebiscite (:data:`NEW_PLEBISCITE_STEP`)."""
    # the void plebiscite's ata is no act to check: it proves nothing (record.act_proof)
    declared = [a for a in done if a.checked is None and a.kind != "resultado-plebiscito"]
    steps = []
    if declared:
        n = len(declared)
        steps.append(Step(f"conferência com os originais {'do documento declarado' if n == 1 else f'dos {n} documentos declarados'}",
                          None, "prova dos requisitos",
                          "registrar em cada ato quem conferiu e quando"))
    return steps + [NEW_PLEBISCITE_STEP if assumed else FEDERAL_LAW_STEP]


#: The phase of an art. 6 correction with its documents and no act of the record.
DOCUMENTED_PHASE = "estudo (documentos do art. 6º declarados; nenhum ato do processo registrado)"


def documents(candidate, today: dt.date) -> list[tuple[dt.date, str]]:
    """The acts of an art. 6 correction declared in ``[boundary_correction]`` (technical error,
    council resolutions, mayors' agreement) dated up to ``today``, by date: ``(date, text)``,
    the text ``"autorização das Câmaras Municipais por resolução — Resolução nº 5/2026,
    Câmara Municipal de Abadiânia, de 20/02/2026 (documento declarado, a conferir com o
    original)"``. The study lists them; ``processo`` too
    (legal review item 3)."""
    from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS

    out = [(a.date, f"{BOUNDARY_CORRECTION_ITEMS.get(key, ev.what)} — {a.text()} ("
                    f"{ev.checked.text() if ev.checked else DECLARED_PROOF})")
           for key, ev in (getattr(candidate, "boundary_correction", None) or {}).items()
           for a in ev.acts if a.date <= today]
    return sorted(out)


def _documents_note(candidate, today: dt.date) -> str:
    from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS

    given = getattr(candidate, "boundary_correction", None) or {}
    if not given:
        return ""
    missing = [v for k, v in BOUNDARY_CORRECTION_ITEMS.items() if k not in given]
    if missing:
        return "faltam documentos de: " + fmt.and_list(missing)
    return ("a falha técnica, o acordo e as resoluções constam do arquivo do candidato, "
            "declarados, a conferir com os originais")


def nothing_done(candidate, today: dt.date) -> str:
    """What a record holding acts, none of them done by ``today``, records as what: ``"nenhum
    ato do processo realizado até 07/12/2026; no registro, 7 atos futuros, datados depois
    dessa data"``, ``"…; no registro, 2 atos previstos"``, or both joined by "e"; ``""``
    when an act is done or none is recorded. The phase of such a record (the study's
    "fase", the batch index's "Fase") and ``processo``'s "Atos registrados" say these words
    (new-user review: ``processo`` said "Atos registrados: nenhum" and pointed to
    ``[[process.events]]`` for a record of future acts only)."""
    events = tuple(getattr(candidate, "events", ()) or ())
    if not events or calendar.acts(candidate, today):
        return ""
    planned = sum(1 for a in events if a.planned)
    future = sum(1 for a in events if not a.planned and a.date > today)
    parts = ([fmt.count(planned, "ato previsto", "atos previstos")] if planned else []) + (
        [fmt.count(future, "ato futuro, datado depois dessa data",
                   "atos futuros, datados depois dessa data")] if future else [])
    return (f"nenhum ato do processo realizado até {today:%d/%m/%Y}; no registro, "
            + " e ".join(parts))


def simulated_reference(candidate, reference: dt.date) -> list[str]:
    """The line ``processo`` adds when it reads the record on a date after today (a study
    dated later, the certified fixture's 01/06/2027): the acts it lists as done are not done
    yet (legal12 minor 4): ``["Data de referência: 01/06/2027, depois de hoje (08/12/2026):
    o registro é lido como simulação; nenhum ato do processo realizado até 08/12/2026; no
    registro, 12 atos futuros, datados depois dessa data."]``; ``[]`` on or before today."""
    from ..common.plausibility import today as real_today

    now = real_today()
    if reference <= now:
        return []
    done = nothing_done(candidate, now)
    return [f"Data de referência: {reference:%d/%m/%Y}, depois de hoje ({now:%d/%m/%Y}): o "
            "registro é lido como simulação" + (f"; {done}" if done else "") + "."]


def reference_date(candidate) -> dt.date:
    """The date ``processo`` reads the record on without ``--data-referencia``: the
    candidate's ``[settings] study_date``, the date its study is made on, else today (one
    walker for the study and ``processo``, legal review item 3)."""
    value = (getattr(candidate, "settings", None) or {}).get("study_date")
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)) if value else dt.date.today()


def _assumed(candidate) -> bool:
    """Whether the candidate's settings suppose the federal law (``federal_law``)."""
    return bool((getattr(candidate, "settings", None) or {}).get("federal_law"))


def process_state(candidate, today: dt.date | None = None) -> ProcessState:
    """The phase and next steps of a candidate's proposal on ``today``.

    Parameters
    ----------
    candidate : Candidate
        With ``events`` (the record of acts).
    today : date, optional
        The reference date (``--data-referencia``; the study date for a study); default
        :func:`reference_date`.

    Returns
    -------
    ProcessState
    """
    today = today or reference_date(candidate)
    op = operation_of(candidate)
    c = candidate
    done = tuple(calendar.acts(c, today))
    planned = tuple(a for a in c.events if a.planned)
    problems = tuple(f"{a.label} ({a.where}) datado de {a.date:%d/%m/%Y}, depois da data de "
                     f"referência ({today:%d/%m/%Y}), sem planned = true: um ato ainda não "
                     "praticado é previsto (marque planned = true) ou está com a data errada"
                     for a in c.events if not a.planned and a.date > today)
    phase = PHASES[done[-1].kind if done else None]
    if not done and documents(c, today):
        phase = DOCUMENTED_PHASE
    elif not done and c.events:   # acts recorded, none done yet: which, as what
        phase = f"estudo ({nothing_done(c, today)})"
    # a recorded plebiscite of a barred operation is "sem efeito", in the federal_law
    # hypothesis too (held before that law and the study): legal review 15:44, item 1
    void = op.barred
    assumed = _assumed(c)
    # a plebiscite dated after today was not held: its act is a hypothesis of the simulation,
    # and no step follows it as one held (legal11 S3)
    held = [a for a in done if not simulated_plebiscite(a)]
    if done and simulated_plebiscite(done[-1]):
        phase = f"plebiscito do registro: {SIMULATED_PLEBISCITE}"
    elif void and done and done[-1].kind == "resultado-plebiscito":
        phase += f" — {plebiscite_void(assumed)}"
    phases = op.phases

    def has(kind: str) -> bool:
        return any(a.kind == kind for a in held)

    steps: list[Step] = []
    law = calendar.recorded(c, "lei", today=today)
    if "lei-municipal" in phases:  # a district: municipal law (art. 16), installation (art. 20)
        if law is None:
            steps.append(Step("lei municipal de criação do distrito", None, "art. 16"))
        elif not has("instalacao") and "instalacao-distrito" in phases:
            steps.append(Step("instalação do distrito pelo Prefeito, em solenidade por ele "
                              "presidida", calendar.district_installation_deadline(law.date),
                              "art. 20", f"180 dias da lei, de {law.date:%d/%m/%Y}"))
        return ProcessState(phase, done, tuple(steps), planned, problems)
    plebiscite = "plebiscito" in phases
    # a barred operation's plebiscite, listed as a step, says nobody can hold it (legal11 M1);
    # in the federal_law hypothesis the supposed law allows it
    barred_note = f"plebiscito {NOT_BEFORE_FEDERAL_LAW}" if void and not assumed else ""
    if "proposta" in phases and not has("proposta"):
        steps.append(Step(op.proposal_step, None, op.proposal_article,
                          _documents_note(candidate, today)))
    elif law is None and not has("resultado-plebiscito") and not has("decreto-legislativo") \
            and not has("parecer"):
        if "requisicoes" in phases:
            steps += _requisition_steps(c, today)
        if not steps and "parecer" in phases:
            steps.append(Step("parecer da comissão", None, "Regimento Interno da Assembleia"))
    elif plebiscite and law is None and not has("decreto-legislativo") \
            and not has("resultado-plebiscito"):
        steps.append(Step("decreto legislativo que determina o plebiscito", None, "art. 7º",
                          barred_note))
    elif plebiscite and law is None and not has("resultado-plebiscito"):
        steps.append(Step("plebiscito, na forma regulada pelo Tribunal Regional Eleitoral", None,
                          "art. 7º, § 1º", barred_note))
    elif law is None and "lei" in phases and void:
        steps += _void_plebiscite_steps(done, assumed)
    elif law is None and "lei" in phases:
        steps.append(_law_step(today))
    elif law is not None and "municipio" in phases:  # a new municipality: election, installation
        inst = calendar.installation_date(law.date.year) if not calendar.is_election_year(
            law.date.year) else None
        installed = calendar.recorded(c, "instalacao", today=today)
        if inst is not None and not has("eleicao") and installed is None:
            steps.append(Step(f"eleição municipal de {calendar.next_election(law.date.year)}",
                              None, "art. 9º", "simultânea com a dos demais Municípios"))
        if inst is not None and installed is None:
            steps.append(Step("instalação, com a posse do Prefeito, do Vice-Prefeito e dos "
                              "Vereadores", inst, "art. 9º"))
        start = installed.date if installed is not None else inst
        if start is not None:
            if op.icms_share:
                steps.append(Step("envio dos livros pelo Município de origem",
                                  calendar.books_deadline(start), "art. 14, § 3º"))
            if not op.merges:  # a fusion extinguishes every origin: nothing to opt for
                steps.append(Step("fim do prazo de opção dos servidores",
                                  calendar.servants_option_deadline(start), "art. 12"))
        steps = [s for s in steps if s.deadline is None or installed is None or s.deadline >= today]
    return ProcessState(phase, done, tuple(steps), planned, problems)


def state_lines(candidate, state: ProcessState, today: dt.date | None = None, *,
                names: dict[str, str] | None = None) -> list[str]:
    """``viabilidade processo``'s report (pt-BR lines): the operation, the constitutional bar
    where it applies (CF art. 18 § 4), the art. 7 § 3 warning in a municipal-election year,
    the phase, the acts with how far each document is proven, the planned acts, the next
    steps, and the record's notices and problems. ``names``: cod_ibge -> name, for the
    origins (the codes themselves without it)."""
    from .frame import bar_clause

    today = today or reference_date(candidate)
    op = operation_of(candidate)
    origins = fmt.and_list((names or {}).get(c, c) for c in op.origin_codes(candidate))
    # the study's title: origins by name, the name the study gives the area (a fusion's is
    # its seat's, art. 3, I)
    out = [f"Processo: {op.subtitle(op.study_name(candidate), origins)}"]
    if op.barred:
        out.append(f"Vedação: {bar_clause(candidate.operation)}.")
    if "lei" in op.phases and "municipio" in op.phases and calendar.is_election_year(today.year):
        out.append("Atenção: " + ELECTION_YEAR_WARNING.format(year=today.year, next=today.year + 1)
                   + ".")
    out.append(f"Fase: {state.phase}")
    out += simulated_reference(candidate, today)
    documented = documents(candidate, today)
    if state.events:
        out.append("Atos registrados:")
        void = plebiscite_void(_assumed(candidate)) if op.barred else ""
        out += [f"  {e.date:%d/%m/%Y}  {e.label} — {e.document} "
                f"({act_proof(e, void, _assumed(candidate))})" for e in state.events]
    elif getattr(candidate, "events", ()):   # only acts not done yet: planned or future
        out.append(f"Atos registrados: {nothing_done(candidate, today)}"
                   + ("; ver os avisos do registro" if state.problems else "") + ".")
    elif documented:
        out.append("Atos registrados: nenhum em [[process.events]]")
    else:
        out.append("Atos registrados: nenhum ([[process.events]] no arquivo do candidato; ver "
                   "docs/GUIA.md, Processo)")
    if documented:
        out.append("Documentos do art. 6º no arquivo do candidato:")
        out += [f"  {d:%d/%m/%Y}  {text}" for d, text in documented]
    if state.planned:
        out.append("Atos previstos:")
        out += [f"  {e.date:%d/%m/%Y}  {e.label} — {e.document}" for e in state.planned]
    if state.steps:
        out.append("Próximos passos:")
        for s in state.steps:
            when = "sem prazo fixado na lei" if s.deadline is None else f"até {fmt.date_long(s.deadline)}"
            late = " — prazo vencido" if s.deadline is not None and s.deadline < today else ""
            note = f"; {s.note}" if s.note else ""
            out.append(f"  - {s.what}: {when} ({s.article}{note}){late}")
    else:
        out.append("Próximos passos: nenhum prazo da LC nº 2/1990 pendente.")
    notes = [*getattr(candidate, "notices", ()), *state.problems]
    if notes:
        out.append("Avisos do registro:")
        out += [f"  - {n}" for n in notes]
    return out


__all__ = ["ELECTION_YEAR_WARNING", "FEDERAL_LAW_STEP", "NEW_PLEBISCITE_STEP", "documents", "nothing_done", "reference_date", "PHASES", "Step", "ProcessState", "process_state", "state_lines"]
