"""Art. 2 — a municipality creation starts with a deputy's proposal and a representation signed
by at least 100 electors registered in the area ("eleitores inscritos na área").

Recognised signatures prove who signed, not where they are registered: the registration is
proven by the Cartório Eleitoral's certificate (``registered_signers`` on a ``certidao`` of
the record, :mod:`viabilidade.proposal.record`), and the requirement is "cumprido" only on
that certificate checked against its original."""

from __future__ import annotations

import dataclasses

from ..law.bodies import BODIES
from ..proposal.candidate import Candidate
from ..proposal.record import REGISTERED, registration_of
from .common import FUTURE_KEY, SIMULATED, date_br, fmt, future_act, missing_proof, simple, simulated_act
from .result import Basis, RuleResult, Status
from .settings import Settings


#: ``details`` key of the signers the law asks for (art. 2: "eleitores inscritos na área";
#: art. 5 § 1: "… no município, residentes e domiciliados na área"): the requirement is that
#: many electors, not that many signatures (final legal read, item 10).
WHO_KEY = "exigencia_de"


def _who(result: RuleResult, who: str) -> RuleResult:
    """``result`` with :data:`WHO_KEY` in its details."""
    return dataclasses.replace(result, details={**result.details, WHO_KEY: who})


def petition(rule_id: str, title: str, signatures: int | None, minimum: int, who: str,
             document: str | None = None, date=None, *, today=None,
             declarations: str | None = None, declarations_needed: bool = False) -> RuleResult:
    """:func:`_petition` with the signers the law asks for in ``details`` (:data:`WHO_KEY`)."""
    return _who(_petition(rule_id, title, signatures, minimum, who, document, date, today=today,
                          declarations=declarations, declarations_needed=declarations_needed),
                who)


def _petition(rule_id: str, title: str, signatures: int | None, minimum: int, who: str,
              document: str | None = None, date=None, *, today=None,
              declarations: str | None = None, declarations_needed: bool = False) -> RuleResult:
    """Signatures >= ``minimum``, proved by the representation's document and date.

    Indeterminate when the count is not in the candidate file, and when it is there without
    the reference of the representation (filed with the Assembly, with the signatures
    notarised) or its date: a bare count never makes the requirement met. The count is the
    proponents' own figure (no data set, no certificate of art. 4 § 2): the result has no
    basis; its source is the document.

    Shared by art. 2 (100 electors of the area) and art. 5 § 1 (50 electors living in the area).
    A representation dated after ``today`` (the study date) is a planned act and decides
    nothing (:func:`~.common.future_act`). With ``declarations_needed`` (art. 5 § 1: electors
    "residentes e domiciliados na respectiva área … mediante declarações destes") the count
    decides only with the reference of the signers' declarations (``declarations``).
    """
    if signatures is None:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"Número de assinaturas não informado: é preciso a representação assinada por, no "
                      f"mínimo, {fmt(minimum)} {who}, com firmas reconhecidas. Informe no arquivo da "
                      "candidatura o número de assinaturas, a referência da representação e a sua data.",
                      threshold=minimum, comparator=">=", unit="assinaturas")
    ok = signatures >= minimum
    numbers = dict(value=signatures, threshold=minimum, comparator=">=", unit="assinaturas",
                   margin=signatures - minimum,
                   margin_pct=100 * (signatures - minimum) / minimum if minimum else None)
    missing = missing_proof(document, date, "da representação")
    if missing:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"{fmt(signatures)} assinaturas informadas no arquivo da candidatura, sem o "
                      f"documento que as comprova; exigido no mínimo {fmt(minimum)} {who}, com firmas "
                      f"reconhecidas. Um número digitado não comprova o requisito: {missing} "
                      "(protocolo na Assembleia Legislativa, com as firmas reconhecidas em cartório).",
                      source="número informado no arquivo da candidatura, sem documento",
                      **numbers)
    future = future_act(date, today)
    if future:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"Indeterminado ({future}): {fmt(signatures)} assinaturas na representação "
                      f"({document}), que ainda não existe na data do estudo; exigido no mínimo "
                      f"{fmt(minimum)} {who}.", source=f"{document}, de {date_br(date)}",
                      vintage=date.isoformat(), details={"nota": future, FUTURE_KEY: future},
                      threshold=minimum, comparator=">=", unit="assinaturas")
    if declarations_needed and not declarations and ok:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"{fmt(signatures)} assinaturas na representação ({document}, de "
                      f"{date_br(date)}); exigido no mínimo {fmt(minimum)} {who}, mediante "
                      "declarações destes (art. 5º, § 1º). Falta a referência das declarações dos "
                      "signatários de que residem e são domiciliados na área: sem elas, o número "
                      "de assinaturas não comprova o requisito.",
                      source=f"{document}, de {date_br(date)}", vintage=date.isoformat(),
                      certifier="cartório (firmas reconhecidas)", **numbers)
    proof = f"; declarações de residência e domicílio: {declarations}" if declarations_needed else ""
    return simple(rule_id, title, Status.PASS if ok else Status.FAIL,
                  f"{fmt(signatures)} assinaturas na representação ({document}, de "
                  f"{date_br(date)}{proof}); exigido no mínimo {fmt(minimum)} {who}.",
                  source=f"{document}, de {date_br(date)}", vintage=date.isoformat(),
                  certifier="cartório (firmas reconhecidas)", **numbers)


#: Art. 2's requirement as every document titles it.
TITLE = "Representação assinada por no mínimo cem eleitores inscritos na área"


def art2(candidate: Candidate, settings: Settings) -> RuleResult:
    """Art. 2: representation signed by >= ``settings.petition`` (100) electors registered in
    the area, the registration proven by the Cartório Eleitoral's certificate.

    The representation's count and document (:func:`petition`) come first; then the
    certificate of registration decides: absent, indeterminate (recognised signatures do not
    prove registration); present, pass or fail on the number of signers it finds registered,
    basis certified when checked against its original, else declared.
    """
    title = TITLE
    who = "eleitores inscritos na área"
    base = petition("art2", title, candidate.petition_signatures, settings.petition, who,
                    candidate.petition_document, candidate.petition_date, today=settings.study_day())
    if Status(base.status) not in (Status.PASS, Status.FAIL):
        return base
    # a representation dated after today is a hypothesis of the simulation, as its certificate
    # (legal12 minor 2: "412 assinaturas na representação (…, de 08/01/2027)" had no tag)
    tag = f"; {SIMULATED}" if simulated_act(candidate.petition_date) else ""
    signed = f"{fmt(candidate.petition_signatures)} assinaturas na representação " \
             f"({candidate.petition_document}, de {date_br(candidate.petition_date)}{tag})"
    return registered_signers("art2", title, base, candidate, settings, settings.petition, who,
                              signed, "na área")


def registered_signers(rule_id: str, title: str, base: RuleResult, candidate: Candidate,
                       settings: Settings, minimum: int, who: str, signed: str, where: str,
                       declared: str = "") -> RuleResult:
    """The signers' registration, proven by the Cartório Eleitoral's certificate
    (``registered_signers`` on a ``certidao`` of the record): indeterminate without it
    (notarised signatures prove who signed, not where he is registered); with it, pass or fail
    on its count, basis certified when checked against its original, else declared.

    Shared by art. 2 (``where`` "na área") and art. 5 § 1 ("no município", legal review 15:44,
    item 2); ``declared`` (art. 5 § 1: the signers' declarations of residence, a reference
    nobody can record as checked) is said after the certificate and keeps the basis declared.
    """
    return _who(_registered(rule_id, title, base, candidate, settings, minimum, who, signed, where,
                            declared), who)


def _registered(rule_id: str, title: str, base: RuleResult, candidate: Candidate,
                settings: Settings, minimum: int, who: str, signed: str, where: str,
                declared: str) -> RuleResult:
    cartorio = BODIES["cartorio-eleitoral"]
    act = registration_of([a for a in candidate.events if a.date <= settings.study_day()])
    if act is None:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"{signed}; exigido no mínimo {fmt(minimum)} {who}. Firmas "
                      "reconhecidas comprovam quem assinou, não a inscrição eleitoral: falta a "
                      f"certidão {cartorio.of} de que os signatários são eleitores inscritos "
                      f"{where} (registre-a como certidão do Cartório Eleitoral com "
                      f"figures.{REGISTERED}).", certifier=cartorio.name,
                      threshold=minimum, comparator=">=", unit="assinaturas",
                      source=base.source, vintage=base.vintage)
    registered = act.figures[REGISTERED]
    ok = registered >= minimum
    checked = act.checked and not declared
    # an unchecked certificate dated after today is a hypothesis of the simulation
    simulated = not act.checked and simulated_act(act.date)
    proof = ("" if act.checked else f"; {SIMULATED}" if simulated else
             "; documento declarado, a conferir com o original")
    return simple(rule_id, title, Status.PASS if ok else Status.FAIL,
                  f"{signed}; {fmt(registered)} signatários inscritos como eleitores {where} "
                  f"segundo a certidão {cartorio.of} ({act.document}, de {date_br(act.date)}"
                  f"{proof})"
                  f"{declared}; exigido no mínimo {fmt(minimum)} {who}.",
                  value=registered, threshold=minimum, comparator=">=",
                  unit="eleitores", margin=registered - minimum,
                  margin_pct=100 * (registered - minimum) / minimum if minimum else None,
                  basis=Basis.CERTIFIED if checked else Basis.DECLARED,
                  certifier=cartorio.name, source=f"{cartorio.name}, {act.document}, de "
                                                  f"{date_br(act.date)}",
                  vintage=act.date.isoformat(), details={"nota": SIMULATED} if simulated else {})
