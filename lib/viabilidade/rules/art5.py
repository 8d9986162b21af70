"""Art. 5 — transfer of an area to another municipality (plebiscite in the area), § 1 the
representation of 50 electors living in the area, § 2 fusion of whole municipalities (art. 4
waived; plebiscite on the fusion and on the seat)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..proposal.candidate import Candidate, Plebiscite
from . import art7
from .art2 import petition, registered_signers
from .common import SIMULATED, combine, date_br, fmt, simple, simulated_act
from .consultation import AS_WRITTEN, Consultation
from .result import RuleResult, Status
from .settings import Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile


def plebiscite_held(candidate: Candidate, profile: Profile | None, settings: Settings,
                    consultation: Consultation = AS_WRITTEN) -> RuleResult:
    """Art. 5 (with art. 7 head): the plebiscite in the area to be transferred was held, valid
    and favourable (art. 7 §§ 1–2 combined; :func:`viabilidade.rules.art7.plebiscite_held`),
    read as the transfer's ``consultation`` declares (:class:`~.consultation.Consultation`).
    A creation's plebiscite rests on art. 7, head, not on this article."""
    return art7.plebiscite_held(candidate, profile, settings, rule_id="art5",
                                title="Consulta plebiscitária na área a ser desmembrada",
                                what="a transferência", consultation=consultation)


#: What the art. 5 § 1 declarations of residence are in a study: a reference typed in the
#: candidate file (``[process] residence_declarations``), not an act of the record
#: (``[[process.events]]``), so no ``checked_by``/``checked_on`` can mark them checked.
RESIDENCE_NOT_AN_ACT = ("referência informada no arquivo da candidatura, não ato do registro de "
                        "atos: a conferência com os originais não pode ser registrada aqui e "
                        "fica a cargo de quem instrui o processo")


def par1(candidate: Candidate, settings: Settings,
         consultation: Consultation = AS_WRITTEN) -> RuleResult:
    """Art. 5 § 1: representation by >= ``settings.petition_transfer`` (50) electors of the
    municipality who live in the area, "mediante declarações destes": the count decides only
    with the reference of the signers' declarations of residence and domicile
    (``[process] residence_declarations``). The operation's ``consultation`` may add how the
    study reads the representation (:attr:`~.consultation.Consultation.petition_note`: in a
    fusion the "respectiva área" is every merging municipality)."""
    r = _par1(candidate, settings)
    if consultation.petition_note:
        r = dataclasses.replace(r, reason=f"{r.reason} {consultation.petition_note}")
    return r


def _par1(candidate: Candidate, settings: Settings) -> RuleResult:
    """The representation (:func:`~.art2.petition`), then, as art. 2, the signers'
    registration "no município" on the Cartório Eleitoral's certificate
    (:func:`~.art2.registered_signers`; legal review 15:44, item 2: notarised signatures
    alone made it "cumprido"). The declarations of residence are a reference typed in the
    candidate file that no act records as checked: a requirement met with them rests on a
    declared document."""
    title = "Representação assinada por no mínimo cinquenta eleitores residentes na área"
    who = "eleitores inscritos no município, residentes e domiciliados na área"
    base = petition("art5.par1", title, candidate.petition_signatures, settings.petition_transfer,
                    who, candidate.petition_document, candidate.petition_date,
                    today=settings.study_day(), declarations=candidate.residence_declarations,
                    declarations_needed=True)
    if Status(base.status) != Status.PASS:
        return base
    # a representation dated after today is a hypothesis of the simulation (legal12 minor 2)
    tag = f"; {SIMULATED}" if simulated_act(candidate.petition_date) else ""
    signed = (f"{fmt(candidate.petition_signatures)} assinaturas na representação "
              f"({candidate.petition_document}, de {date_br(candidate.petition_date)}{tag})")
    # a typed reference, not an act of the record: nobody can record its check there
    declared = (f"; declarações de residência e domicílio: {candidate.residence_declarations} "
                f"({RESIDENCE_NOT_AN_ACT})")
    return registered_signers("art5.par1", title, base, candidate, settings,
                              settings.petition_transfer, who, signed, "no município", declared)


def par2(candidate: Candidate, profile: Profile | None, settings: Settings,
         consultation: Consultation) -> RuleResult:
    """Art. 5 § 2: fusion — plebiscite approving the fusion and the seat of the new
    municipality, quorum and majority read as the fusion's ``consultation`` declares."""
    q, m = (art7.par1(candidate, profile, settings, consultation),
            art7.par2(candidate, settings, consultation))
    held = art7.counted_plebiscite(candidate.plebiscite)  # none dated after today (legal11 S3)
    seat = (held or Plebiscite()).seat_question_approved
    missing = art7.undocumented(candidate.plebiscite, settings)
    seat_status = ({True: Status.PASS, False: Status.FAIL, None: Status.INDETERMINATE}[seat]
                   if not missing else Status.INDETERMINATE)
    status = combine([q.status, m.status, seat_status])
    void = all((r.details or {}).get(art7.VOID_KEY) for r in (q, m))
    if void:
        label, why, after = art7.void_words(candidate.plebiscite, settings)
        reason = (f"Plebiscito sobre a fusão e a sede registrado, {label}: {why}; art. 4º "
                  f"dispensado.{after}")
    elif status == Status.PASS:
        reason = "Plebiscito válido aprovou a fusão e a sede do novo município; art. 4º dispensado."
    elif status == Status.FAIL:
        reason = "Plebiscito sem quórum, ou rejeitou a fusão ou a sede do novo município."
    elif missing.startswith("ato futuro"):
        reason = (f"Indeterminado ({missing}): o plebiscito sobre a fusão e a sede ainda não "
                  "ocorreu na data do estudo; art. 4º dispensado.")
    elif missing:
        reason = (f"Resultado do plebiscito sobre a fusão e a sede informado sem documento: "
                  f"{missing}; art. 4º dispensado.")
    elif m.value is not None or q.value is not None:
        reason = (f"{art7.ONE_COUNT} (ver quórum e aprovação, art. 7º, §§ 1º e 2º); "
                  "art. 4º dispensado.")
    else:
        reason = ("Falta o resultado do plebiscito sobre a fusão e sobre a sede, proclamado pela "
                  "Justiça Eleitoral; art. 4º dispensado.")
    details = {"quorum": str(q.status), "aprovacao": str(m.status), "sede": str(seat_status)}
    if void:
        details.update(rotulo_situacao=label, **{art7.VOID_KEY: True})
    result = simple("art5.par2", "Fusão: plebiscito sobre a fusão e a sede", status, reason,
                    details=details)
    return art7.barred_label(result if missing else art7.with_simulated(result, candidate.plebiscite),
                             settings)
