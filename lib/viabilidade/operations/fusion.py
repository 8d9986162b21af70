"""Fusion of whole municipalities into a new one (art. 5º, § 2º of LC 02/1990): art. 4 is
waived; the plebiscite decides the fusion and the seat; the creation law contains what art. 3
lists (the name is the seat's); arts. 9 to 13 govern the transition, the legislation of the
origin "de maior renda" prevailing (art. 10, parágrafo único, reading I-9). No municipality
remains, so there is no remainder chapter and no ICMS share (art. 14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art5, art7
from ..rules.art4 import waived_whole
from ..rules.consultation import Consultation
from .base import Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


#: How arts. 5 and 7 read a fusion's plebiscite and representation: counted in each merging
#: municipality (reading I-11), art. 7 §§ 1, I, and 2 by analogy (art. 5 § 2's consultation),
#: and one representation for all of them (art. 5 § 1, N13).
CONSULTATION = Consultation(
    count="each",
    each_rule=("A fusão depende da consulta às populações de cada município envolvido (CF, art. "
               "18, § 4º; LC nº 2/1990, art. 5º, § 2º; leitura I-11): o estudo exige quórum e "
               "maioria em cada um"),
    subject="a fusão",
    analogy=("a fusão", "art. 5º, § 2º: consulta plebiscitária sobre a fusão e a sede, com o "
             "art. 4º dispensado"),
    # art. 7 speaks of the "área territorial a ser emancipada ou transferida"; a fusion's
    # consultation is art. 5 § 2's, so § 1, I applies by analogy
    quorum_article="LC 02/1990, art. 7º, § 1º, I, por analogia",
    petition_note=("Na fusão, a “respectiva área” são todos os municípios que se fundem: o "
                   "estudo lê uma só representação, com no mínimo cinquenta eleitores residentes "
                   "e domiciliados em qualquer deles (leitura do estudo; a lei não diz se são "
                   "cinquenta em cada município, leitura mais exigente que a proposta pode "
                   "atender para evitar a dúvida)."),
)


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 4 waived as a whole, one line (art. 5 § 2; there is no origin left to keep § 1's
    requirements), the petition (art. 5 § 1), the plebiscite on the fusion and the seat (art. 5
    § 2, art. 7 §§ 1–2), and art. 7 § 3 only when the creation year is an election year."""
    return [waived_whole(), art5.par1(candidate, settings, CONSULTATION),
            art5.par2(candidate, profile, settings, CONSULTATION),
            art7.par1(candidate, profile, settings, CONSULTATION),
            art7.par2(candidate, settings, CONSULTATION), *art7.refusals(candidate, settings)]


OPERATION = Operation(
    code="fusion",
    title="fusão de {origins} — Município de {name}",
    words="fusão de municípios",
    rules=rules,
    chapters=("sec-art4", "sec-processo", "sec-lei", "sec-economico"),
    process_items=("calendario", "prazo", "transicao", "legislacao"),
    # cited by the calendar (1, 9, 12), the transition (11, 13), art. 10 and the annex (3, and
    # 14 where it says the ICMS share does not apply)
    law_articles=("1", "3", "9", "10", "11", "12", "13", "14"),
    merges=True,
    # art. 4 is waived (I-1, I-1b, I-2, I-4, I-7 have nothing to read) and the plebiscite is
    # counted in each whole municipality (I-10's "area alone" has no area to count): only the
    # quorum (I-8) and the prevailing legislation (I-9) apply to a fusion
    readings=("quorum", "prevailing_legislation"),
    subject_label="Novo município",
    subject_is_area=False,
    named_after_seat=True,
    origins_label=("Município que se funde", "Municípios que se fundem"),
    # art. 3º, V: the urban area of the seat, as in a creation (its annex still to be drawn)
    bill=("fusao", "limites", "area-urbana", "distritos", "instalacao", "eleicao", "servidores", "bens",
          "administracao", "legislacao", "vigencia"),
    bill_ementa="Cria o Município de {name}, pela fusão {origins}.",
    phases=("proposta", "parecer", "plebiscito", "lei", "municipio"),
    proposal_article="art. 5º, § 1º",
    consultation=CONSULTATION,
)
