"""Creation of a district (arts. 15 to 20 of LC 02/1990): a municipal law divides the
municipality's territory (art. 16). Its study applies art. 15 (no existing district's seat
taken), art. 17 (requirements; the law names no body that ascertains them), art. 18 (limits
described), and states art. 19 (representation, optional) and art. 20 (installation by the
mayor within 180 days); no art. 4 text, no certifier."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art15
from ..rules.art17 import art17
from ..rules.art18 import art18
from ..rules.result import Verdict
from .base import BEFORE_THE_LAW, Operation

if TYPE_CHECKING:
    from ..candidate import Candidate
    from ..profile_types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 15 (no existing district's seat taken), art. 17 I and II (buildings and
    population of the district) and art. 18 (its limits described)."""
    return [art15.seats(profile), *art17(profile, settings), art18(candidate)]


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
    # its rules are arts. 15 (no existing district's seat taken), 17 and 18
    conclusion={
        Verdict.VIAVEL: f"requisitos dos arts. 15, 17 e 18 cumpridos {BEFORE_THE_LAW}",
        Verdict.INVIAVEL: f"requisitos dos arts. 15, 17 e 18 não cumpridos {BEFORE_THE_LAW}",
        Verdict.INDETERMINADO: f"requisitos dos arts. 15, 17 e 18 indeterminados {BEFORE_THE_LAW}",
    },
    stays_within=True,
    bill=("distrito", "limites", "instalacao-distrito", "vigencia"),
    bill_level="municipal",
    bill_ementa="Cria o Distrito de {name}, no território {origins}, e dá outras providências.",
)
