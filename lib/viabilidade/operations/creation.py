"""Creation of a municipality (arts. 1º to 4º, 7º, 9º, 11 to 14 of LC 02/1990): a district or
an area of an origin municipality becomes a new municipality."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art7
from ..rules.art2 import art2
from ..rules.art4 import evaluate_art4
from .base import Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 2 (petition), art. 4 I–VII and § 1 (one per origin), the plebiscite in the area to
    be emancipated (art. 7, head, with §§ 1–2), and art. 7 § 3 only when the creation year is
    an election year (otherwise a timing condition in the process chapter)."""
    return [art2(candidate, settings), *evaluate_art4(candidate, profile, settings),
            art7.plebiscite_held(candidate, profile, settings),
            art7.par1(candidate, profile, settings), art7.par2(candidate, settings),
            *art7.refusals(candidate, settings)]


OPERATION = Operation(
    code="create-municipality",
    carves_municipality=True,
    title="criação do Município de {name}",
    words="criação de município",
    rules=rules,
    chapters=("sec-art4", "sec-origem", "sec-processo", "sec-lei", "sec-fiscal",
              "sec-economico"),
    process_items=("calendario", "prazo", "transicao"),
    letters=("ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura", "camara"),
    # cited by the calendar (1, 9, 12, 14 § 3), the transition (11, 13, 14 § 4), the
    # draft-law annex (3) and the fiscal chapter (14)
    law_articles=("1", "3", "9", "11", "12", "13", "14"),
    icms_share=True,
    named_after_seat=True,
    bill=("criacao", "limites", "area-urbana", "distritos", "instalacao", "eleicao",
          "servidores", "bens", "administracao", "legislacao", "icms", "vigencia"),
    bill_ementa="Cria o Município de {name}, desmembrado {origins}.",
    phases=("proposta", "requisicoes", "parecer", "plebiscito", "lei", "municipio"),
)
