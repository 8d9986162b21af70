"""Art. 17 — requirements for a district: I at least 100 buildings in the proposed seat,
II more than 1 000 inhabitants in the district's territory. Art. 20 date in :mod:`.calendar`.

The law names no body that ascertains these figures (art. 4 § 2 names the IBGE, the
Cartório Eleitoral and the SEFAZ-GO for the requirements of a *municipality* only), so no
certifier is named: a figure the study cannot decide is "a comprovar".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import numeric_result
from .result import RuleResult
from .settings import COMPARATORS, Settings

if TYPE_CHECKING:  # profile_types imports rules.result: no runtime import here
    from ..profile_types import Profile

#: What would decide each item, with no body named (the law names none).
MISSING = {"art17.I": "é preciso a contagem das edificações da sede indicada, a comprovar "
                      "(a lei não indica o órgão que a apura).",
           "art17.II": "é preciso a população do território distrital, a comprovar (a lei não "
                       "indica o órgão que a apura)."}


def art17(profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 17 I (buildings of the seat >= ``settings.district_buildings``; the occupied-dwelling
    proxy is an estimate, so indeterminate with a lean) and II (population >
    ``settings.district_population``), both on ``profile.area``; ``certifier`` is empty."""
    a = profile.area
    return [
        numeric_result("art17.I", "Sede do distrito com no mínimo cem edificações", a.buildings,
                       float(settings.district_buildings), COMPARATORS["district_buildings"],
                       unit="edificações", certifier="", what="sede distrital",
                       missing=MISSING["art17.I"]),
        numeric_result("art17.II", "População do distrito superior a um mil habitantes", a.population,
                       float(settings.district_population), COMPARATORS["district_population"],
                       unit="habitantes", certifier="", what="população",
                       missing=MISSING["art17.II"]),
    ]
