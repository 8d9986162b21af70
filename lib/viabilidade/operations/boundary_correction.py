"""Correction of the limits between municipalities without change of area (art. 6º of
LC 02/1990): a technical flaw or an error in their description, by state law after the
mayors' agreement authorised by the Câmaras' resolutions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.art6 import area_change, art6, tolerance_reading
from .base import Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 6: the territory between the old and the new line within the tolerance
    (``art6.area``), then the documents of the correction (``art6``)."""
    area = area_change(candidate, profile, settings)
    # "Cabe lei estadual." only once the strip is shown uninhabited (area_change passes)
    return [area, art6(candidate, strip_shown=area.status == "pass")]


OPERATION = Operation(
    code="boundary-correction",
    title="correção de limites — {name}",
    words="correção de limites",
    rules=rules,
    verdict_reading=tolerance_reading,  # art. 6: the tolerance is a reading
    chapters=("sec-correcao",),
    law_articles=("6",),
    proposed_seat=False,
    proposed_area=False,
    subject_label="Limite corrigido",
    origins_label=("Município", "Municípios do limite"),
    readings=(),
    parameters=("boundary_tolerance_km2",),
    instrument="lei estadual, mediante prévio acordo dos Prefeitos autorizados pelas Câmaras "
               "Municipais (art. 6º)",
    phases=("proposta", "parecer", "lei"),
    proposal_article="art. 6º",
    # art. 6: no electors' petition; the mayors' prior agreement, authorised by the councils'
    # resolutions, then a state law (legal review item 5)
    proposal_step="projeto de lei estadual, com o prévio acordo dos Prefeitos, autorizados "
                  "pelas Câmaras Municipais em forma de resoluções",
    barred=False,
    # art. 6: a state law fixing the limit as the corrected line's memorial, on the mayors'
    # agreement authorised by the councils (report/bill/correction.py)
    bill=("correcao", "limite-corrigido", "revogacao", "vigencia"),
    bill_ementa="Corrige a descrição do limite comum {origins}.",
)
