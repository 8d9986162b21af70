"""Art. 18 — what the municipal law creating a district must contain: "descrição clara e
precisa das respectivas divisas", by geodesic lines between defined points or natural
features, as far as possible. That law does not exist yet, so the study decides nothing
under art. 18: it says whether it offers the law a memorial descritivo (:func:`limits_note`).
"""

from __future__ import annotations

from ..proposal.candidate import Candidate

TITLE = "Divisas do distrito (art. 18)"


def limits_note(candidate: Candidate, tracts: bool = False) -> str:
    """What the study offers the municipal law for art. 18, in Portuguese: with the district's
    limits drawn (``[area] boundary``) a memorial descritivo (vertices in SIRGAS 2000, geodesic
    lines) is available for the law; without them (IBGE publishes no district polygons) the
    memorial is still to be made. Never "cumprido": art. 18 is the law's content. ``tracts``:
    the store holds the census tracts of the area's municipality, so the data do have the
    IBGE's district limits (:data:`viabilidade.geo.tracts.TRACT_LIMIT_LABEL`), but no
    divisas of the area."""
    if candidate.boundary is not None:
        return (f"Memorial disponível para a lei municipal: as divisas estão desenhadas no "
                f"arquivo {candidate.boundary.name}, e o memorial descritivo gerado dele (vértices "
                "em SIRGAS 2000 ligados por linhas geodésicas) pode servir à descrição clara e "
                "precisa das divisas que a lei municipal deve conter (art. 18). Cabe à lei "
                "municipal adotá-lo ou substituí-lo pelo levantamento do agrimensor.")
    why = ("nos dados há só o limite de distrito segundo a malha de setores do IBGE 2022, não "
           "o da área" if tracts else "não há polígonos de distritos nos dados do IBGE")
    return (f"Memorial a elaborar: a área não tem divisas desenhadas ({why}); a lei municipal deve conter a descrição clara e precisa das "
            "divisas (art. 18), que virá do levantamento do agrimensor ou de um arquivo de "
            "limites (area.boundary).")
