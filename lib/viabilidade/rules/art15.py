"""Art. 15 — the municipality is divided into districts, and their urban circumscriptions are
cities and vilas: a new district must not take the seat (vila, or the city) of an existing
district, which would leave that district without its seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import simple
from .result import RuleResult, Status

if TYPE_CHECKING:  # profile_types imports rules.result: no runtime import here
    from ..profile_types import Profile

TITLE = "Sedes de distritos existentes fora da área do novo distrito"
#: How each kind of district seat is named.
SEAT_WORDS = {"vila": "a vila", "sede municipal": "a cidade (sede do município)",
              "": "a sede"}


def seats(profile: Profile) -> RuleResult:
    """Flag an area that holds the seat of an existing district (``art15.sedes``).

    Reads ``profile.territory.details["district_seats_inside"]``
    (:func:`viabilidade.analysis.district_seats_inside`). Pass when it is empty; otherwise
    indeterminate, naming each district and what the municipal law would have to do (the
    law does not forbid reorganising districts, so this is not a fail); indeterminate too
    when the check could not be made.
    """
    taken = profile.territory.details.get("district_seats_inside")
    if taken is None:
        return simple("art15.sedes", TITLE, Status.INDETERMINATE,
                      "Não foi possível verificar se a área contém a sede de um distrito "
                      "existente (sem área desenhada nem distritos).")
    if not taken:
        return simple("art15.sedes", TITLE, Status.PASS,
                      "A área não contém a sede de nenhum distrito existente (sedes municipais "
                      "e vilas do IBGE, Localidades 2022).", details={"sedes": []})
    listed = "; ".join(f"{SEAT_WORDS.get(t['ponto'], 'a sede')} do distrito {t['nome']} "
                       f"({t['cod_distrito']})" for t in taken)
    return simple("art15.sedes", TITLE, Status.INDETERMINATE,
                  f"A área contém {listed}: esse distrito perderia a sua sede. A lei municipal "
                  "teria de alterar os limites dele ou extingui-lo; corrija a área ou junte "
                  "essa lei.", details={"sedes": taken})
