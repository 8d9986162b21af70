"""The proposal's file (``viabilidade processo``): where a proposal stands and what comes next
under LC 02/1990, from the dated acts of ``[[process.events]]``
(:class:`viabilidade.proposal.candidate.ProcessEvent`).

The phase is the last recorded act's (:data:`PHASES`). The next steps follow the law: the
deputy's proposal (art. 2º; art. 5º, § 1º); for an operation with requisitions (its
:attr:`~viabilidade.operations.Operation.letters`), the requisitions of art. 4º, § 3º and the
60 days from each body's receipt (:func:`viabilidade.rules.calendar.agencies_deadline`:
rolled to the next business day); the committee's opinion; the legislative decree (art. 7º);
the plebiscite by the TRE (art. 7º, § 1º); the law, never in a municipal-election year (art.
7º, § 3º); for a new municipality the election and installation (art. 9º), the books (art.
14, § 3º) and the servants' option (art. 12); for a district (a municipal law, art. 16), the
installation within 180 days (art. 20). The study's calendar reads the same events
(:func:`viabilidade.rules.calendar.timeline`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..law.bodies import BODIES
from ..proposal.candidate import ProcessEvent
from ..operations import operation_of
from ..rules import calendar
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
    """Where a proposal stands: ``phase`` (pt-BR), the recorded ``events`` (by date) and the
    next ``steps``."""

    phase: str
    events: tuple[ProcessEvent, ...]
    steps: tuple[Step, ...] = field(default_factory=tuple)


def _has(candidate, kind: str, body: str | None = None) -> bool:
    return calendar.recorded(candidate, kind, body) is not None


def _requisition_steps(candidate) -> list[Step]:
    steps = []
    for body in BODIES:
        of = BODIES[body].of
        if _has(candidate, "certidao", body):
            continue
        received = calendar.recorded(candidate, "requisicao-recebida", body)
        if received is not None:
            steps.append(Step(f"resposta {of}", calendar.agencies_deadline(received.date),
                              "art. 4º, § 3º", f"60 dias do recebimento, em "
                                               f"{received.date:%d/%m/%Y}"))
        elif _has(candidate, "requisicao-enviada", body):
            steps.append(Step(f"registrar a data de recebimento da requisição {of}", None,
                              "art. 4º, § 3º", "os 60 dias contam do recebimento"))
        else:
            steps.append(Step(f"requisição de informações {BODIES[body].to}",
                              None, "art. 4º, § 3º"))
    return steps


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


def process_state(candidate, today: dt.date | None = None) -> ProcessState:
    """The phase and next steps of a candidate's proposal.

    Parameters
    ----------
    candidate : Candidate
        With ``events`` (``[[process.events]]``).
    today : date, optional
        The reference date (election-year rule); default today.

    Returns
    -------
    ProcessState
    """
    today = today or dt.date.today()
    op = operation_of(candidate)
    events = tuple(candidate.events)
    phase = PHASES[events[-1].kind if events else None]
    c = candidate
    steps: list[Step] = []
    law = calendar.recorded(c, "lei")
    if op.stays_within:  # a district: municipal law (art. 16), installation (art. 20)
        if law is None:
            steps.append(Step("lei municipal de criação do distrito", None, "art. 16"))
        elif not _has(c, "instalacao"):
            steps.append(Step("instalação do distrito pelo Prefeito, em solenidade por ele "
                              "presidida", calendar.district_installation_deadline(law.date),
                              "art. 20", f"180 dias da lei, de {law.date:%d/%m/%Y}"))
        return ProcessState(phase, events, tuple(steps))
    if not _has(c, "proposta"):
        steps.append(Step("proposta de deputado, com a representação dos eleitores da área", None,
                          "art. 2º; art. 5º, § 1º"))
    elif law is None and not _has(c, "resultado-plebiscito") and not _has(c, "decreto-legislativo") \
            and not _has(c, "parecer"):
        if "ibge" in op.letters:
            steps += _requisition_steps(c)
        if not steps:
            steps.append(Step("parecer da comissão", None, "Regimento Interno da Assembleia"))
    elif law is None and not _has(c, "decreto-legislativo") and not _has(c, "resultado-plebiscito"):
        steps.append(Step("decreto legislativo que determina o plebiscito", None, "art. 7º"))
    elif law is None and not _has(c, "resultado-plebiscito"):
        steps.append(Step("plebiscito, na forma regulada pelo Tribunal Regional Eleitoral", None,
                          "art. 7º, § 1º"))
    elif law is None:
        steps.append(_law_step(today))
    elif op.proposed_seat:  # a new municipality: election and installation
        inst = calendar.installation_date(law.date.year) if not calendar.is_election_year(
            law.date.year) else None
        installed = calendar.recorded(c, "instalacao")
        if inst is not None and not _has(c, "eleicao") and installed is None:
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
    return ProcessState(phase, events, tuple(steps))


def state_lines(candidate, state: ProcessState, today: dt.date | None = None) -> list[str]:
    """``viabilidade processo``'s report (pt-BR lines)."""
    today = today or dt.date.today()
    op = operation_of(candidate)
    out = [f"Processo: {op.subtitle(candidate.name)}", f"Fase: {state.phase}"]
    if state.events:
        out.append("Atos registrados:")
        out += [f"  {e.date:%d/%m/%Y}  {e.label} — {e.document}" for e in state.events]
    else:
        out.append("Atos registrados: nenhum ([[process.events]] no arquivo do candidato; ver "
                   "docs/GUIA.md, Processo)")
    if state.steps:
        out.append("Próximos passos:")
        for s in state.steps:
            when = "sem prazo fixado na lei" if s.deadline is None else f"até {fmt.date_long(s.deadline)}"
            late = " — prazo vencido" if s.deadline is not None and s.deadline < today else ""
            note = f"; {s.note}" if s.note else ""
            out.append(f"  - {s.what}: {when} ({s.article}{note}){late}")
    else:
        out.append("Próximos passos: nenhum prazo da LC nº 2/1990 pendente.")
    return out


__all__ = ["PHASES", "Step", "ProcessState", "process_state", "state_lines"]
