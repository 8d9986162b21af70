"""Art. 21 — the processes of Cocalzinho de Goiás (1.425/87), Nova Iguaçu de Goiás (2.126/85)
and Santo Antônio de Goiás (1.651/87) restored, and the plebiscites held in those communities
validated (``[process] restored_process`` of the candidate)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..proposal.candidate import RESTORED_PROCESSES, Candidate
from .common import date_br, not_applicable, simple
from .result import RuleResult, Status

TITLE = "Processo restabelecido e plebiscito convalidado"


@dataclass(frozen=True)
class CreationLaw:
    """What is known of the law that ended a restored process (past facts).

    Attributes
    ----------
    law : str
        ``"Lei Estadual nº 11.406"``.
    date : date
        The law's date.
    installed : date
        The municipality's installation.
    later_splits : tuple of str
        Municipalities later taken from the same origin, with their law (the origin of the
        creation year was larger than the origin today plus the area).
    source : str
        Where these facts come from.
    """

    law: str
    date: dt.date
    installed: dt.date
    later_splits: tuple[str, ...] = ()
    source: str = ""

    @property
    def citation(self) -> str:
        """``"Lei Estadual nº 11.406, de 16/01/1991"``."""
        return f"{self.law}, de {date_br(self.date)}"

    @property
    def compiled(self) -> str:
        """The citation as every document states it, a compiled fact: ``"Lei Estadual nº
        11.406, de 16/01/1991 (dado compilado, não conferido)"`` (legal8 m11: the calendar
        stated it as fact where art. 21's reason calls it compiled)."""
        return f"{self.citation} ({COMPILED})"


#: How a creation law of the study's compilation is qualified: not checked against the
#: official publication.
COMPILED = "dado compilado, não conferido"


#: Restored process -> its creation law, where verified (shared/data/history/
#: go_criacao_municipios_fatos_legais.csv, confiança alta; SOURCES.md "Key facts"). Cocalzinho
#: de Goiás and Santo Antônio de Goiás: the law's number was not found, so none is given.
CREATION_LAWS = {
    "2.126/85": CreationLaw(
        "Lei Estadual nº 11.406", dt.date(1991, 1, 16), dt.date(1993, 1, 1),
        later_splits=("Amaralina (Lei nº 12.802, de 27/12/1995)",),
        source="IBGE, Formação Administrativa, reproduzida pela Câmara Municipal de Nova "
               "Iguaçu de Goiás"),
}


def creation_law(candidate: Candidate | None) -> CreationLaw | None:
    """The known creation law of a candidate's restored process, or ``None``."""
    return CREATION_LAWS.get(getattr(candidate, "restored_process", None) or "")


def art21(candidate: Candidate) -> RuleResult:
    """Art. 21: the candidate's creation process is one the law restored, and the plebiscite
    held in its community is validated by the law itself (``pass``, resting on the law's
    text, not on any figure); ``not_applicable`` for a candidate that declares no such
    process."""
    number = candidate.restored_process
    if number is None:
        return not_applicable("art21", TITLE, "O candidato não declara processo restabelecido "
                                              "pelo art. 21.")
    town = RESTORED_PROCESSES[number]
    law = creation_law(candidate)
    # the pass rests on the law's own text; the creation law is a compiled fact, said as such
    # (final legal read, item 12)
    made = (f" Segundo a compilação do estudo ({law.source}), o processo terminou na "
            f"{law.citation}, que criou o Município, instalado em {date_br(law.installed)}: "
            f"{COMPILED} com a publicação oficial da lei, que não decide o "
            "requisito." if law else "")
    return simple("art21", TITLE, Status.PASS,
                  f"O art. 21 restabeleceu o processo nº {number}, que cria o Município de {town}, "
                  "e convalidou o plebiscito realizado nessa comunidade: a consulta do art. 7º "
                  f"tem a validade que a própria lei lhe deu, e o estudo não exige outra.{made}",
                  source="LC nº 2/1990, art. 21",
                  details={"processo": number, "municipio": town,
                           **({"lei_de_criacao": law.compiled} if law else {})})


def petition_not_required(candidate: Candidate) -> RuleResult:
    """Art. 2 for a restored process: the process began before LC 02/1990 (its number gives
    the year) and art. 21 restored it, so no new representation starts it (``not_applicable``)."""
    number = candidate.restored_process
    year = "19" + number.rsplit("/", 1)[1]
    from .art2 import TITLE as ART2_TITLE

    # the title art. 2 gives it ("inscritos na área"; legal8 m11: it read "eleitores da área")
    return not_applicable("art2", ART2_TITLE,
                          f"O processo nº {number} foi iniciado em {year}, antes da LC nº 2/1990, "
                          "e restabelecido pelo art. 21: não depende de nova representação.")
