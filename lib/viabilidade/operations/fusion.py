"""Fusion of whole municipalities into a new one (art. 5º, § 2º of LC 02/1990): art. 4 is
waived; the plebiscite decides the fusion and the seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art5, art7
from ..rules.art4 import waived
from .base import Operation

if TYPE_CHECKING:
    from ..candidate import Candidate
    from ..profile_types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 4 waived (§ 2 of art. 5), the petition (art. 5 § 1), the plebiscite on the fusion
    and the seat (art. 5 § 2, art. 7 §§ 1–2) and art. 7 § 3."""
    return [*waived("Fusão de municípios inteiros: requisitos do art. 4º dispensados (art. 5º, § 2º)."),
            art5.par1(candidate, settings), art5.par2(candidate, profile, settings),
            art7.par1(candidate, profile, settings), art7.par2(candidate, settings),
            art7.par3(candidate, settings)]


OPERATION = Operation(
    code="fusion",
    title="fusão de municípios — {name}",
    words="fusão de municípios",
    rules=rules,
    chapters=("sec-art4", "sec-origem", "sec-processo"),
    merges=True,
)
