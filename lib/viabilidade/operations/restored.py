"""A creation restored by art. 21 of LC 02/1990: the processes of Cocalzinho de Goiás
(1.425/87), Nova Iguaçu de Goiás (2.126/85) and Santo Antônio de Goiás (1.651/87), begun
before the law, restored with their plebiscites validated. A candidate is such a case when it
declares ``[process] restored_process`` (``operation = "create-municipality"``);
:func:`viabilidade.operations.operation_of` then gives this operation instead of the creation.

The municipality exists today: art. 4 is checked on today's figures (Censo 2022 and the other
data of the appendix), and the study says they are today's, not those of the creation year.
The plebiscite is art. 21's, not a pending vote; no new representation (art. 2) starts the
process; no bill annex nor ICMS share is drawn for a law already made."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import art7
from ..rules.art4 import evaluate_art4
from ..rules.art21 import art21, petition_not_required
from ..rules.common import not_applicable
from .base import Operation

if TYPE_CHECKING:
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings


#: The art. 4 provisions an installed municipality cannot lose (art. 8): the conditions of the
#: creation (I: the Prefeitura and Câmara to be installed; II and III: the seat's distance and
#: the origin's continuity; § 1: the origin's remainder at the time), not verified by art. 8.
CREATION_CONDITIONS = ("art4.I", "art4.II", "art4.III", "art4.par1")
NOT_LOST = ("não se aplica (condições da criação, na leitura do estudo): o art. 8º trata da "
            "perda, por município já instalado, dos requisitos que ele pode perder — população, "
            "eleitorado, edificações e arrecadação (art. 4º, IV a VII), verificados "
            "quadrienalmente com as informações que a Assembleia Legislativa requisita dos "
            "organismos competentes (art. 8º, § 1º); o art. 8º fala em “qualquer dos requisitos "
            "previstos no art. 4º”, e limitá-lo aos itens IV a VII é leitura do estudo (ver a "
            "capa e os Apêndices).")


def rules(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 2 not applicable (process restored); art. 4 IV–VII on today's figures, the only
    requirements an installed municipality can lose (art. 8, checked as its § 1 says); art. 4
    I–III and § 1 not applicable, conditions of the creation (:data:`NOT_LOST`); art. 21
    (process restored, plebiscite validated), art. 7 § 3 only when refused."""
    art4 = [not_applicable(r.rule_id, r.title, NOT_LOST) if r.rule_id in CREATION_CONDITIONS
            else r for r in evaluate_art4(candidate, profile, settings)]
    seen, items = set(), []
    for r in art4:  # § 1 gives one result per origin: one line "não se aplica" is enough
        if r.rule_id in seen and r.rule_id in CREATION_CONDITIONS:
            continue
        seen.add(r.rule_id)
        items.append(r)
    return [petition_not_required(candidate), *items, art21(candidate),
            *art7.refusals(candidate, settings)]


TODAY = ("Os números deste capítulo são os de hoje (Censo 2022 e os demais dados listados nos "
         "Apêndices), não os de {year}: mostram se {name} cumpriria hoje os requisitos do art. 4º, "
         "não se os cumpria quando o processo restabelecido pelo art. 21 o criou.")
TODAY_ORIGIN = ("Os números do município de origem são os de hoje (Censo 2022 e os demais dados "
                "listados nos Apêndices), não os de {year}: o remanescente é o território atual "
                "do município de origem.{later}")

OPERATION = Operation(
    code="create-municipality",
    carves_municipality=True,
    # framed as what it is (issue 29 § 2): the art. 8 check of an installed municipality,
    # created by the process art. 21 restored, not a creation
    title=("verificação do art. 8º do Município de {name}, já instalado (criado pelo processo "
           "restabelecido pelo art. 21)"),
    words="verificação do art. 8º de município instalado (processo restabelecido pelo art. 21)",
    rules=rules,
    chapters=("sec-art4", "sec-origem", "sec-processo"),
    process_items=("calendario", "prazo"),
    # no ofício: the requests of art. 4 § 3 instruct a creation; an installed municipality's
    # art. 8 § 1 requisition is the Assembly's quadrennial act (report.oficios.installed_refusal)
    # cited by the calendar (1, 9, 12, 14 § 3), the timing condition (7) and art. 21
    law_articles=("1", "7", "9", "12", "14", "21"),
    icms_share=True,
    named_after_seat=True,
    installed=True,
    subject_label="Município",
    subject_is_area=False,
    seat_label="Sede",
    cover_label=("verificação do art. 8º de município instalado — criado pelo processo "
                 "restabelecido pelo art. 21"),
    chapter_notes={"sec-art4": TODAY, "sec-origem": TODAY_ORIGIN},
    chapter_titles={"sec-art4": "Requisitos do art. 4º que o Município pode perder (art. 8º)",
                    "sec-origem": "O município de origem (art. 4º, § 1º)"},
    area_title="O território do Município",
    # only art. 4 IV-VII are checked (art. 8): I-4 (item II), I-7 (§ 1), I-8 and I-10 (no
    # plebiscite: art. 21 validated it) and I-9 (no transition) have nothing to read
    readings=("reduction_items", "reduction", "population_vintage", "special_interest"),
    # installed long ago: no process to walk, the calendar computes the dates of its known law
    phases=("municipio",),
    barred=False,
)
