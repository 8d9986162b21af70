"""Art. 18 — the municipal law creating a district describes its limits clearly and
precisely, by geodesic lines between defined points or natural features, as far as possible."""

from __future__ import annotations

from ..candidate import Candidate
from .common import simple
from .result import RuleResult, Status

TITLE = "Divisas do distrito descritas com clareza e precisão"


def art18(candidate: Candidate) -> RuleResult:
    """Pass when the candidate draws the district's limits (``[area] boundary``): the study's
    memorial descritivo (vertices in SIRGAS 2000, geodesic lines between them) can be the
    description the municipal law must contain. Indeterminate otherwise: IBGE publishes no
    district polygons, so a list of districts describes no limit."""
    if candidate.boundary is not None:
        return simple("art18", TITLE, Status.PASS,
                      f"As divisas estão desenhadas no arquivo {candidate.boundary.name}: o "
                      "memorial descritivo gerado dele (vértices em SIRGAS 2000 ligados por "
                      "linhas geodésicas) serve à descrição que a lei municipal deve conter.",
                      source=f"arquivo de limites {candidate.boundary.name} da candidatura",
                      details={"arquivo": candidate.boundary.name})
    return simple("art18", TITLE, Status.INDETERMINATE,
                  "A área não tem divisas desenhadas (não há polígonos de distritos nos dados "
                  "do IBGE): é preciso o memorial descritivo das divisas, ou um arquivo de "
                  "limites (area.boundary), para a lei municipal descrevê-las.")
