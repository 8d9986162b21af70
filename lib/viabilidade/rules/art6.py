"""Art. 6 — correction of a boundary without change of area (technical failure or error in the
description): state law with the mayors' prior agreement authorised by council resolutions."""

from __future__ import annotations

import dataclasses

from ..candidate import BOUNDARY_CORRECTION_ITEMS, Candidate
from .common import simple
from .result import RuleResult, Status


def art6(candidate: Candidate) -> RuleResult:
    """Checklist of :data:`viabilidade.candidate.BOUNDARY_CORRECTION_ITEMS` in the candidate's
    ``[boundary_correction.*]``: pass when all three are evidenced, else indeterminate naming
    the missing documents."""
    given = candidate.boundary_correction
    missing = [k for k in BOUNDARY_CORRECTION_ITEMS if k not in given]
    if missing:
        reason = ("Faltam documentos de: " + "; ".join(BOUNDARY_CORRECTION_ITEMS[k] for k in missing)
                  + ". A correção de limites sem alteração de área exige lei estadual precedida desses atos.")
        status = Status.INDETERMINATE
    else:
        reason = ("Documentados a falha técnica ou erro, o acordo prévio dos Prefeitos e as resoluções "
                  "das Câmaras Municipais; cabe lei estadual.")
        status = Status.PASS
    return simple("art6", "Correção de limites sem alteração de área", status, reason,
                  certifier="Prefeituras e Câmaras Municipais",
                  details={"evidencias": {k: dataclasses.asdict(v) for k, v in given.items()},
                           "faltam": missing})
