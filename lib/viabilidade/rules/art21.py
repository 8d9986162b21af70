"""Art. 21 — the processes of Cocalzinho de Goiás (1.425/87), Nova Iguaçu de Goiás (2.126/85)
and Santo Antônio de Goiás (1.651/87) restored, and the plebiscites held in those communities
validated (``[process] restored_process`` of the candidate)."""

from __future__ import annotations

from ..candidate import RESTORED_PROCESSES, Candidate
from .common import not_applicable, simple
from .result import RuleResult, Status

TITLE = "Processo restabelecido e plebiscito convalidado"


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
    return simple("art21", TITLE, Status.PASS,
                  f"O art. 21 restabeleceu o processo nº {number}, que cria o Município de {town}, "
                  "e convalidou o plebiscito realizado nessa comunidade: a consulta do art. 7º "
                  "tem a validade que a própria lei lhe deu, e o estudo não exige outra.",
                  details={"processo": number, "municipio": town})


def petition_not_required(candidate: Candidate) -> RuleResult:
    """Art. 2 for a restored process: the process began before LC 02/1990 (its number gives
    the year) and art. 21 restored it, so no new representation starts it (``not_applicable``)."""
    number = candidate.restored_process
    year = "19" + number.rsplit("/", 1)[1]
    return not_applicable("art2", "Representação assinada por no mínimo cem eleitores da área",
                          f"O processo nº {number} foi iniciado em {year}, antes da LC nº 2/1990, "
                          "e restabelecido pelo art. 21: não depende de nova representação.")
