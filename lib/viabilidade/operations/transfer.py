"""Transfer of an area from one municipality to another (art. 5º of LC 02/1990):
desmembramento and incorporation into the receiving municipality."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art5, art7
from ..rules.consultation import Consultation
from .base import Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


#: How arts. 5 and 7 read a transfer's plebiscite: counted in each municipality involved when
#: they all vote (reading I-10 ``federal``, I-11), art. 7 § 2 by analogy (art. 5, head).
CONSULTATION = Consultation(
    count="each-if-federal",
    each_rule=("A transferência depende da consulta às populações de cada município "
               "envolvido, o de origem (a área e o remanescente) e o que recebe a área (CF, "
               "art. 18, § 4º: “populações dos Municípios envolvidos”; Lei nº 9.709/1998, "
               "art. 7º; leituras I-10 e I-11): o estudo exige quórum e maioria em cada "
               "um"),
    subject="a transferência",
    analogy=("a transferência da área", "art. 5º, caput, e art. 7º, caput e § 1º, II: a cédula "
             "pede “sim” ou “não” pela aprovação ou rejeição da transferência"),
)


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """The petition of art. 5 § 1 and the plebiscite (art. 5, art. 7 §§ 1–2), on the roll of
    reading I-10: by default the area, the origin's remainder and the receiving municipality
    (Lei 9.709/1998, art. 7; STF, ADI 2.650)."""
    return [art5.par1(candidate, settings, CONSULTATION),
            art5.plebiscite_held(candidate, profile, settings, CONSULTATION),
            art7.par1(candidate, profile, settings, CONSULTATION),
            art7.par2(candidate, settings, CONSULTATION)]


OPERATION = Operation(
    code="transfer-area",
    title="desmembramento e transferência de área — {name}",
    words="transferência de área",
    rules=rules,
    # the FPM of both municipalities before and after (report/transfer_fiscal.py)
    chapters=("sec-transferencia", "sec-fiscal-transferencia", "sec-processo"),
    law_articles=("5", "7"),
    proposed_seat=False,
    receiving=True,
    subject_label="Área transferida",
    readings=("quorum", "plebiscite_roll", "population_vintage"),
    parameters=("plebiscite_roll", "quorum", "population_vintage", "petition_transfer",
                "federal_law"),
    instrument="lei estadual, precedida de plebiscito (arts. 5º e 7º)",
    # the transitional articles and the communication (report/bill/transfer.py)
    bill=("transferencia", "limites", "transicao", "comunicacao", "vigencia"),
    bill_ementa="Desmembra área {origins} e a incorpora {destination}.",
    proposal_article="art. 5º, § 1º",
    consultation=CONSULTATION,
)
