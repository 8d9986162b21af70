"""Dates of LC 02/1990: art. 4 § 3 (60 days), art. 7 § 3 (no creation in a municipal-election
year), art. 9 (installation), art. 12 (3 months), art. 14 § 3 (15 days), art. 20 (180 days).

Municipal elections are held in years divisible by 4 (… 2024, 2028, 2032); mandates start
on 1 January of the next year (Constitution art. 29 I–III).
"""

from __future__ import annotations

import datetime as dt

import pandas as pd

from ..proposal.candidate import Candidate
from ..errors import SettingsError
from ..law.bodies import BODIES
from ..proposal.record import (HELD_AGAIN_WHEN, SIMULATED_PROOF, act_proof, annex_name, plebiscite_void,
                               simulated_plebiscite)
from .settings import Settings
from .common import future_act


def is_election_year(year: int) -> bool:
    """Municipal-election year (art. 7 § 3): divisible by 4."""
    return year % 4 == 0


def next_election(year: int) -> int:
    """First municipal-election year strictly after ``year``."""
    return year + (4 - year % 4)


def default_creation_year(reference: dt.date) -> int:
    """First year after ``reference`` that is not a municipal-election year (2026 → 2027;
    2027 → 2029)."""
    y = reference.year + 1
    while is_election_year(y):
        y += 1
    return y


def creation_year(candidate: Candidate | None, settings: Settings) -> tuple[int, str]:
    """Year of the creation law used by the study, and where it came from (Portuguese).

    Order: ``settings.creation_year``; the candidate's ``creation_year``; else
    :func:`default_creation_year` of ``settings.reference_date``, the candidate's request date,
    or today (the date the study is made, printed "data do estudo").
    """
    if settings.creation_year is not None:
        return settings.creation_year, "definido nas configurações"
    if candidate is not None and candidate.creation_year is not None:
        return candidate.creation_year, "declarado no arquivo do candidato"
    law = recorded(candidate, "lei")
    if law is not None:
        return law.date.year, f"lei registrada no processo ({law.document})"
    ref, how = reference_date(candidate, settings)
    return default_creation_year(ref), (f"primeiro ano sem eleição municipal após a {how} "
                                        f"({ref.strftime('%d/%m/%Y')})")


def reference_date(candidate: Candidate | None, settings: Settings) -> tuple[dt.date, str]:
    """The date a study refers to, and what it is (Portuguese, after "a").

    Order: ``settings.reference_date`` (``"data de referência"``); the candidate's
    ``request_date``, the Assembly's request to the certifying bodies of art. 4 § 3 (``"data
    do pedido"``); else the study date (``settings.study_date``, else today: ``"data do
    estudo"``).
    """
    if settings.reference_date is not None:
        return dt.date.fromisoformat(settings.reference_date), "data de referência"
    if candidate is not None and candidate.request_date is not None:
        return candidate.request_date, "data do pedido"
    return settings.study_day(), "data do estudo"


def last_closed_exercise(candidate: Candidate | None, settings: Settings) -> tuple[int, str]:
    """Art. 4 VII "arrecadação, no último exercício": the fiscal year before the reference date.

    The fiscal year is the calendar year (Lei 4.320/1964, art. 34), so the last closed
    exercise is the year before :func:`reference_date`'s (a study dated 01/12/2026 → 2025).

    Returns
    -------
    (int, str)
        The year, and where it comes from in Portuguese (``"último exercício encerrado na
        data do estudo (01/12/2026)"``).
    """
    ref, how = reference_date(candidate, settings)
    return ref.year - 1, f"último exercício encerrado na {how} ({ref.strftime('%d/%m/%Y')})"


def installation_date(creation: int) -> dt.date:
    """Art. 9: 1 January after the first municipal election after the creation year
    (2027 → 2029-01-01; 2025 → 2029-01-01; 2029 → 2033-01-01).

    Raises
    ------
    SettingsError
        If ``creation`` is an election year (art. 7 § 3 forbids creating then).
    """
    if is_election_year(creation):
        raise SettingsError(f"encontrado {creation}, ano de eleição municipal; nenhum município "
                            "pode ser criado nesse ano (art. 7º, § 3º); esperado um ano sem "
                            "eleição municipal", field="creation_year")
    return dt.date(next_election(creation) + 1, 1, 1)


def _add_months(d: dt.date, months: int) -> dt.date:
    return (pd.Timestamp(d) + pd.DateOffset(months=months)).date()


def servants_option_deadline(installation: dt.date) -> dt.date:
    """Art. 12: servants of the origin may opt within 3 months of installation."""
    return _add_months(installation, 3)


def books_deadline(installation: dt.date) -> dt.date:
    """Art. 14 § 3: within 15 days after installation the origin sends its books."""
    return installation + dt.timedelta(days=15)


def agencies_deadline(receipt: dt.date) -> dt.date:
    """Art. 4 § 3: IBGE, Cartório Eleitoral and SEFAZ-GO answer within 60 days "a contar da
    data do recebimento do pedido".

    Sixty calendar days after the day of receipt (that day excluded); a last day that is not a
    business day moves to the next business day (Lei estadual 13.800/2001, art. 66, § 1º;
    :data:`viabilidade.rules.business_days.RULE`): received on 2026-12-01, the 60th day is Saturday
    2027-01-30 and the deadline Monday 2027-02-01.

    Parameters
    ----------
    receipt : date
        The day the body received the request (not the day it was written or sent).
    """
    from .business_days import next_business_day

    return next_business_day(receipt + dt.timedelta(days=60))[0]


#: From when art. 20's 180 days run: the law does not say; the study counts them, as the
#: district bill's article does ("contados da entrada em vigor desta Lei"), from the municipal
#: law's entry into force (legal8 m14: the study said "da publicação").
ART20_FROM = "da entrada em vigor da lei municipal de criação"


def district_installation_deadline(law_date: dt.date) -> dt.date:
    """Art. 20: the district is installed by the mayor within 180 days :data:`ART20_FROM`;
    ``law_date`` is the recorded law's date, read as the day it takes effect."""
    return law_date + dt.timedelta(days=180)


def acts(candidate: Candidate | None, today: dt.date | None = None) -> list:
    """The acts of the proposal's record that have happened: not ``planned`` and, given
    ``today``, not dated after it (:mod:`viabilidade.proposal.record`)."""
    return [a for a in getattr(candidate, "events", ()) or ()
            if not a.planned and (today is None or a.date <= today)]


def recorded(candidate: Candidate | None, kind: str, body: str | None = None,
             today: dt.date | None = None):
    """The last act of a kind (and body) that has happened (:func:`acts`), or ``None``."""
    hits = [e for e in acts(candidate, today) if e.kind == kind and (body is None or e.body == body)]
    return hits[-1] if hits else None


def counted_receipt(candidate: Candidate | None, body: str, today: dt.date | None = None):
    """The receipt of ``body``'s request the 60 days of art. 4 § 3 count from: the one the
    record marks ``counts``, else the first recorded (:func:`viabilidade.proposal.record.receipt`);
    ``None`` when no receipt is recorded."""
    from ..proposal.record import receipt

    got = [e for e in acts(candidate, today) if e.kind == "requisicao-recebida" and e.body == body]
    return receipt(got) if got else None


def pending_answers(candidate: Candidate | None,
                    today: dt.date | None = None) -> list[tuple[str, dt.date, dt.date]]:
    """The requests of art. 4 § 3 received by a body that has not answered since:
    ``(body, receipt, deadline)``, the deadline from :func:`counted_receipt` by
    :func:`agencies_deadline`, in the order of :data:`viabilidade.law.bodies.BODIES`."""
    out = []
    for body in BODIES:
        got = counted_receipt(candidate, body, today)
        if got is None:
            continue
        answer = recorded(candidate, "certidao", body, today)
        if answer is None or answer.date < got.date:
            out.append((body, got.date, agencies_deadline(got.date)))
    return out


def event_rows(candidate: Candidate | None, today: dt.date | None = None, *,
               void: str = "", assumed: bool = False) -> list[dict]:
    """The proposal's acts as calendar rows (``evento`` with the document and how far it is
    proven, ``data`` ISO), then the 60-day deadline of each request received and not yet
    answered (:func:`pending_answers`). Planned acts read "(previsto)"; ``void`` (the words of
    a plebiscite without the federal law, :data:`viabilidade.proposal.record.PLEBISCITE_VOID`) is
    said of the plebiscite's result, with what its ata is worth instead of how far it is
    proven (:func:`viabilidade.proposal.record.void_act`, ``assumed`` in the ``federal_law``
    hypothesis: checking a void act's original proves nothing, final legal read item 16). An act dated after ``today`` and not planned reads as the
    rules read it, "ato futuro: datado de …, posterior à data do estudo (…)"
    (:func:`viabilidade.rules.common.future_act`): it has not happened on the study date."""
    rows = []
    for e in getattr(candidate, "events", ()) or ():
        proof = "previsto" if e.planned else e.proof
        if not e.planned and future_act(e.date, today):  # as the rules say it (legal review item 3)
            # its own "ato futuro" says it decides nothing; a simulated act adds no more
            proof = future_act(e.date, today) + ("" if proof == SIMULATED_PROOF else f"; {proof}")
        else:
            proof = act_proof(e, void, assumed)
        if e.file is not None:  # kept beside the study (report.study), named by its hash
            proof += f"; arquivo anexo {annex_name(e.file)}"
        rows.append({"evento": f"{e.label} — {e.document} ({proof})", "data": e.date.isoformat(),
                     "artigo": ""})
    for body, receipt, due in pending_answers(candidate, today):
        rows.append({"evento": f"Prazo de resposta {BODIES[body].of}: 60 dias do "
                               f"recebimento, em {receipt.strftime('%d/%m/%Y')}",
                     "data": due.isoformat(), "artigo": "art. 4º, § 3º"})
    return rows


#: What the creation law's, the election's and the installation's dates read after a recorded
#: plebiscite "sem efeito" (:func:`undated`): none can be dated (final legal read, item 5).
UNDATED = "a definir após a lei complementar federal e novo plebiscito"
#: The same for an operation CF art. 18 § 4 bars with no plebiscite recorded (final legal
#: read, items 7 and N3): no creation law can be passed today, so no year is given.
UNDATED_BARRED = "a definir após a lei complementar federal e o plebiscito"


def undated(candidate: Candidate | None, settings: Settings, barred: bool) -> str:
    """Why the creation law, the election and the installation have no date, as the words
    every document prints for them; ``""`` when they can be dated.

    Only for an operation CF art. 18 § 4 bars (``barred``, the operation's
    :attr:`~viabilidade.operations.Operation.barred`) with no creation law recorded or known
    (art. 21's restored processes have theirs):

    - its plebiscite is recorded — "sem efeito", in the ``federal_law`` hypothesis too
      (:func:`viabilidade.proposal.record.plebiscite_void`): the consultation must be held
      again, after the federal law: :data:`UNDATED`;
    - no plebiscite is recorded (one dated after today is a hypothesis of the simulation,
      :func:`~viabilidade.proposal.record.simulated_plebiscite`, not a consultation held) and the ``federal_law`` setting supposes no federal law: no
      creation law can be passed today, so no year can be given (final legal read, items 7
      and N3: the calendar read "Lei de criação 2027 … Instalação 2029-01-01" as if possible):
      :data:`UNDATED_BARRED`.

    Every date that follows (the law's year, art. 9's installation, art. 14's three
    exercises) then reads these words, in the calendar, the timing condition, the transition,
    the draft law's elements and the fiscal chapter alike."""
    if not barred or candidate is None:
        return ""
    today = settings.study_day()
    if recorded(candidate, "lei", today=today) is not None:
        return ""
    vote = recorded(candidate, "resultado-plebiscito", today=today)
    if vote is not None and not simulated_plebiscite(vote):  # one after today never happened
        return UNDATED
    from .art21 import creation_law

    if getattr(settings, "federal_law", None) or creation_law(candidate) is not None:
        return ""
    return UNDATED_BARRED


def timeline(candidate: Candidate | None, settings: Settings, *, phases: tuple[str, ...],
             icms_share: bool = True, servants: bool = True, barred: bool = False) -> list[dict]:
    """The dates a study shows, in order: each ``{"evento", "data", "artigo"}`` (Portuguese;
    ``data`` is an ISO date, or a year for the creation law and the election).

    ``phases`` are the operation's (:attr:`viabilidade.operations.Operation.phases`): the
    record's acts always; the art. 20 deadline with ``"instalacao-distrito"`` (counted from
    the municipal law, no date until it exists); the creation law, election, installation
    and their deadlines with ``"municipio"`` (a creation in an election year gives only the
    refusal). ``icms_share=False`` leaves out the art. 14 § 3 books; ``servants=False`` (a
    fusion: no origin remains to opt for) the art. 12 option. ``barred`` (CF art. 18 § 4: the
    operation's :attr:`~viabilidade.operations.Operation.barred`) marks a recorded plebiscite
    "sem efeito", as its rules do, in the ``federal_law`` hypothesis too
    (:func:`viabilidade.proposal.record.plebiscite_void`); no creation law, election or
    installation can then be dated (the consultation must be held again): one row says so
    (legal review 15:44, item 9).
    """
    today = settings.study_day()
    assumed = bool(getattr(settings, "federal_law", None))
    void = plebiscite_void(assumed) if barred else ""
    events = event_rows(candidate, today, void=void, assumed=assumed)
    if "instalacao-distrito" in phases:
        law = recorded(candidate, "lei", today=today)
        return events + [{"evento": f"Instalação do distrito pelo Prefeito: até 180 dias "
                                    f"{ART20_FROM}",
                          "data": (district_installation_deadline(law.date).isoformat()
                                   if law is not None else None), "artigo": "art. 20"}]
    if "municipio" not in phases:
        return events
    year, how = creation_year(candidate, settings)
    out = events
    received = any(e.kind == "requisicao-recebida" for e in acts(candidate, today))
    if "requisicoes" in phases and candidate is not None and candidate.request_date is not None \
            and not received:
        # The 60 days run from each body's receipt, which the request date does not give.
        out.append({"evento": "Pedidos de informação ao IBGE, ao Cartório Eleitoral (TRE-GO) e à Secretaria de Estado da Economia de Goiás",
                    "data": candidate.request_date.isoformat(), "artigo": "art. 4º, § 3º"})
        out.append({"evento": "Prazo de resposta: 60 dias a contar do recebimento de cada pedido",
                    "data": None, "artigo": "art. 4º, § 3º"})
    why = undated(candidate, settings, barred)
    if why == UNDATED:
        out.append({"evento": f"Lei de criação, eleição e instalação: sem data, porque o plebiscito "
                              f"registrado está {void}; a lei só pode seguir um novo plebiscito, "
                              "feito no período que a lei complementar federal fixar",
                    "data": None, "artigo": "CF, art. 18, § 4º; art. 7º"})
        return out
    if why:
        out.append({"evento": "Lei de criação, eleição e instalação: sem data, porque a criação "
                              "está vedada enquanto não editada a lei complementar federal; a "
                              "lei só pode seguir o plebiscito, feito "
                              + HELD_AGAIN_WHEN.format(law="essa lei"),
                    "data": None, "artigo": "CF, art. 18, § 4º; art. 7º"})
        return out
    if is_election_year(year):
        out.append({"evento": f"Criação em {year} vedada: ano de eleições municipais", "data": None,
                    "artigo": "art. 7º, § 3º"})
        return out
    inst = installation_date(year)
    from .art21 import creation_law

    known = creation_law(candidate)
    label = (f"Lei de criação: {known.compiled}" if known is not None and known.date.year == year
             else f"Lei de criação ({how})")
    law = [] if recorded(candidate, "lei", today=today) is not None else [
        {"evento": label, "data": str(year), "artigo": "art. 1º"}]
    out += [
        *law,
        {"evento": f"Eleição municipal de {next_election(year)}", "data": str(next_election(year)),
         "artigo": "art. 9º"},
        {"evento": "Instalação do município (posse)", "data": inst.isoformat(), "artigo": "art. 9º"},
    ]
    # a creation of the past (a known law): the deadlines are computed, not recorded facts
    computed = " (calculado)" if known is not None and known.date.year == year else ""
    if servants:
        out.append({"evento": "Fim do prazo de opção dos servidores" + computed,
                    "data": servants_option_deadline(inst).isoformat(), "artigo": "art. 12"})
    if icms_share:
        out.insert(len(out) - (1 if servants else 0),
                   {"evento": "Envio dos livros pelo município de origem" + computed,
                    "data": books_deadline(inst).isoformat(), "artigo": "art. 14, § 3º"})
    return out
