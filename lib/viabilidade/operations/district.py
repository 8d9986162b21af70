"""Creation of a district (arts. 15 to 20 of LC 02/1990): a municipal law divides the
municipality's territory (art. 16). Its requirements are those of art. 17 (the law names no
body that ascertains them); beside them the study flags an existing district's seat taken
(a limit drawn from the system of the law, art. 15, not a requirement), says whether a
memorial is available for the limits the municipal law must describe (art. 18, the law's
content, not decided by the study), and states art. 19 (representation, optional) and art. 20
(installation by the mayor within 180 days); no art. 4 text, no certifier."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.art17 import art17
from ..rules.result import Verdict
from .base import BEFORE_THE_LAW, Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 17 I and II (buildings of the seat and population of the district): the only
    requirements of a district; arts. 15 and 18 are flags of its chapter
    (:func:`viabilidade.rules.art15.seat_flag`, :func:`viabilidade.rules.art18.limits_note`)."""
    return art17(profile, settings)


OPERATION = Operation(
    code="create-district",
    title="criação do Distrito de {name}",
    words="criação de distrito",
    rules=rules,
    chapters=("sec-distrito",),
    law_articles=("15", "16", "17", "18", "19", "20"),
    origins_label=("Município", "Municípios"),
    readings=(),
    parameters=("district_buildings", "district_population"),
    instrument="lei municipal (art. 16)",
    # its only requirements are those of art. 17
    conclusion={
        Verdict.VIAVEL: f"requisitos do art. 17 cumpridos {BEFORE_THE_LAW}",
        Verdict.INVIAVEL: f"requisitos do art. 17 não cumpridos {BEFORE_THE_LAW}",
        Verdict.INDETERMINADO: f"requisitos do art. 17 indeterminados {BEFORE_THE_LAW}",
    },
    stays_within=True,
    # art. 17 asks for population and buildings only: an estimate of electors has no use here
    not_required={"electors": "não exigido (art. 17)"},
    bill=("distrito", "limites", "instalacao-distrito", "vigencia"),
    bill_level="municipal",
    bill_ementa="Cria o Distrito de {name}, no território {origins}.",
    phases=("lei-municipal", "instalacao-distrito"),
    proposal_article="art. 16",
    barred=False,
)
