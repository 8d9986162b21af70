"""The process record checked as a record (``[[process.events]]``, read by
:mod:`viabilidade.proposal.record`): the order of its acts, repeated acts, conflicting
receipts, one ofício number per addressee — errors on each act's own line, notices for what
the user should confirm, in linear time. Split from :mod:`.record` (821 lines, over the ~800
bound) when hostile trial 7's checks were added."""

from __future__ import annotations

import re
import unicodedata

from ..common.text import quoted
from ..errors import Problems
from ..law.bodies import BODIES
from .record import KINDS, REGISTERED, Act, _error, receipt

#: A committee's series in a letter's number (``"Ofício nº 12/2027-CCJR"``) or its name.
COMMITTEE_MARK = re.compile(r"\bCCJ|comiss[aã]o", re.IGNORECASE)


def document_key(document: str | None) -> str:
    """An act's document as the record compares it: NFKC-folded (``１２/２０２６`` is
    ``12/2026``), its spaces collapsed and its case folded; empty for no document. The one
    folding of both the repeated-act check and the one-number-per-addressee check (hostile
    trial 9: the same ofício in full-width digits passed as a second act of one body)."""
    return " ".join(unicodedata.normalize("NFKC", document or "").split()).casefold()


def check_order(acts: list[Act], problems: Problems) -> list[str]:
    """The record checked as a record, in linear time.

    Errors (added to ``problems`` on the act's own line): the same act twice (kind, body,
    date and document); a second proposal (hostile trial 7); a receipt dated before its
    body's first sending; a certificate dated before its body's first receipt (trial 7); an
    act of the process (other than a certificate of registration) before the proposal; two
    receipts of one body both marked ``counts``; one ofício number sent to two bodies.
    Documents are compared by :func:`document_key` in both checks (``１２/２０２７`` is
    ``12/2027``). Returns the notices: a SEFAZ-GO requisition numbered in
    a committee's series (:data:`COMMITTEE_MARK`), several receipts of one body
    (naming the one the 60 days count from), a certificate with no request recorded, an
    election or installation with no law before it, a law before the plebiscite's result.
    """
    notices: list[str] = []
    seen: dict[tuple, Act] = {}
    sent: dict[str, Act] = {}
    numbers: dict[str, Act] = {}  # the requisitions sent, by their document (spaces, case folded)
    receipts: dict[str, list[Act]] = {}
    proposal = next((a for a in acts if a.kind == "proposta" and not a.planned), None)

    for act in acts:
        if act.kind == "proposta" and not act.planned and act is not proposal \
                and (act.date, act.document) != (proposal.date, proposal.document):
            _error(problems, act, f"segunda proposta no registro (a primeira: {proposal.where}); "
                                  "esperada uma só: um registro é um processo, e uma nova "
                                  "proposta da mesma criação é outro processo, num arquivo de "
                                  "candidatura próprio")
        key = (act.kind, act.body, act.date, document_key(act.document))
        if key in seen:
            doc = f" ({act.document})" if act.document else ""  # no "(None)" (H6-4)
            _error(problems, act, f"ato repetido: o mesmo {quoted(act.kind)} de {act.date:%d/%m/%Y}"
                                  f"{doc} já está no registro ({seen[key].where}); "
                                  "esperado cada ato uma só vez")
            continue
        seen[key] = act
        if act.kind == "requisicao-enviada":
            sent.setdefault(act.body, act)
            number = document_key(act.document)
            other = numbers.setdefault(number, act) if number else act
            if other.body != act.body:  # one ofício, one addressee (H6-5)
                _error(problems, act, f"o documento {quoted(act.document)} já é a requisição "
                                      f"enviada {BODIES[other.body].to} ({other.where}); "
                                      "esperado um número de ofício por destinatário")
        if act.kind == "requisicao-recebida":
            receipts.setdefault(act.body, []).append(act)
        if proposal is not None and act.date < proposal.date and act.kind not in ("proposta", "certidao"):
            _error(problems, act, f"{KINDS[act.kind]} em {act.date:%d/%m/%Y}, antes da proposta "
                                  f"({proposal.date:%d/%m/%Y}, {proposal.where}); esperado depois "
                                  "da proposta")
    for body, got in receipts.items():
        first_sent = sent.get(body)
        for r in got:
            if first_sent is None:
                notices.append(f"recebimento da requisição {BODIES[body].of} ({r.where}) sem o "
                               "envio registrado: registre a requisição enviada")
            elif r.date < first_sent.date:
                _error(problems, r, f"recebimento {BODIES[body].of} em {r.date:%d/%m/%Y}, antes do "
                                    f"envio da requisição ({first_sent.date:%d/%m/%Y}, "
                                    f"{first_sent.where}); esperado recebimento no dia do envio "
                                    "ou depois")
        marked = [r for r in got if r.counts]
        if len(marked) > 1:
            for r in marked[1:]:
                _error(problems, r, f"mais de um recebimento {BODIES[body].of} marcado counts = true "
                                    f"(também {marked[0].where}); esperado um só")
        elif len(got) > 1:
            counted = receipt(got)
            others = ", ".join(f"{r.date:%d/%m/%Y} ({r.where})" for r in got if r is not counted)
            notices.append(f"recebimentos divergentes da requisição {BODIES[body].of}: o prazo "
                           f"conta de {counted.date:%d/%m/%Y} ({counted.where}"
                           f"{', marcado counts = true' if counted.counts else ', o primeiro'}); "
                           f"também registrados {others}")
    # A requisition to a Secretário de Estado is the Mesa's, signed by its President (art. 4
    # § 3; CE-GO art. 9º § 3º, as report.oficios.SEFAZ_BASIS cites it): a SEFAZ-GO request
    # whose number is a committee's series gets a notice (item 4)
    for act in acts:
        if act.kind == "requisicao-enviada" and act.body == "sefaz-go" \
                and COMMITTEE_MARK.search(act.document or ""):
            notices.append(f"requisição {BODIES['sefaz-go'].to} ({act.where}, {act.document}) "
                           "numerada na série de uma comissão: a requisição a Secretário de "
                           "Estado é feita pela Mesa da Assembleia e assinada pelo seu "
                           "Presidente (art. 4º, § 3º; Constituição do Estado, art. 9º, § 3º, a "
                           "confirmar com a Procuradoria); confira quem a assinou")
    # The law comes before the election and the installation (art. 9º), and after the
    # plebiscite's result when one is recorded (art. 7º, § 2º). Which operations need a
    # plebiscite is the operation's to say (floor 6), so only the order of what is recorded
    # is read here.
    first = {}
    for act in acts:
        if not act.planned:
            first.setdefault(act.kind, act)
    law, vote = first.get("lei"), first.get("resultado-plebiscito")
    for kind in ("eleicao", "instalacao"):
        act = first.get(kind)
        if act is not None and (law is None or act.date < law.date):
            notices.append(f"{KINDS[kind]} ({act.where}) "
                           + ("sem a lei de criação registrada" if law is None else
                              f"antes da lei de criação ({law.date:%d/%m/%Y}, {law.where})")
                           + ": a LC nº 2/1990 (art. 9º) só prevê eleição e instalação depois da "
                             "lei; confira o registro")
    if law is not None and vote is not None and vote.date > law.date:
        notices.append(f"lei de criação ({law.where}) antes do resultado do plebiscito "
                       f"({vote.date:%d/%m/%Y}, {vote.where}): a LC nº 2/1990 (art. 7º, § 2º) só "
                       "admite a lei depois do plebiscito; confira o registro")
    earliest = {body: min(got, key=lambda r: r.date) for body, got in receipts.items()}
    for act in acts:  # a body answers after it received the request (trial 7: accepted)
        first_got = earliest.get(act.body)
        if act.kind == "certidao" and first_got is not None \
                and not act.figures.get(REGISTERED) and act.date < first_got.date:
            _error(problems, act, f"certidão {BODIES[act.body].of} em {act.date:%d/%m/%Y}, antes "
                                  f"do recebimento da requisição ({first_got.date:%d/%m/%Y}, "
                                  f"{first_got.where}); esperada a certidão no dia do "
                                  "recebimento ou depois")
    for act in acts:
        if act.kind == "certidao" and act.body not in sent and not act.figures.get(REGISTERED):
            notices.append(f"certidão {BODIES[act.body].of} ({act.where}) sem requisição "
                           "registrada: registre a requisição enviada e o seu recebimento")
            sent[act.body] = act  # once per body
    return notices
