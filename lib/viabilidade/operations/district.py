"""Creation of a district (arts. 15 to 20 of LC 02/1990): a municipal law divides the
municipality's territory (art. 16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.art17 import art17
from .base import Operation

if TYPE_CHECKING:
    from ..candidate import Candidate
    from ..profile_types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 17 I and II (population and buildings of the district)."""
    return art17(profile, settings)


OPERATION = Operation(
    code="create-district",
    title="criação do Distrito de {name}",
    words="criação de distrito",
    rules=rules,
    chapters=("sec-distrito",),
)
