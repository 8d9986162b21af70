"""Art. 17 — requirements for a district: I at least 100 buildings in the proposed seat,
II more than 1 000 inhabitants in the district's territory. Art. 20 date in :mod:`.calendar`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import CERTIFIERS, numeric_result
from .result import RuleResult
from .settings import COMPARATORS, Settings

if TYPE_CHECKING:  # profile_types imports rules.result: no runtime import here
    from ..profile_types import Profile


def art17(profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 17 I (buildings of the seat >= ``settings.district_buildings``; the occupied-dwelling
    proxy is an estimate, so indeterminate with a lean) and II (population >
    ``settings.district_population``), both on ``profile.area``."""
    a = profile.area
    return [
        numeric_result("art17.I", "Sede do distrito com no mínimo cem edificações", a.buildings,
                       float(settings.district_buildings), COMPARATORS["district_buildings"],
                       unit="edificações", certifier=CERTIFIERS["IBGE"], what="sede distrital",
                       missing="é preciso a contagem de edificações da sede indicada (IBGE)."),
        numeric_result("art17.II", "População do distrito superior a um mil habitantes", a.population,
                       float(settings.district_population), COMPARATORS["district_population"],
                       unit="habitantes", certifier=CERTIFIERS["IBGE"], what="população",
                       missing="é preciso a população do território distrital (IBGE)."),
    ]
