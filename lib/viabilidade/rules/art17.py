"""Art. 17 — requirements for a district: I at least 100 buildings in the proposed seat,
II more than 1 000 inhabitants in the district's territory. Art. 20 date in :mod:`.calendar`.

The law names no body that ascertains these figures (art. 4 § 2 names the IBGE, the
Cartório Eleitoral and the SEFAZ-GO for the requirements of a *municipality* only), so no
certifier is named: a figure the study cannot decide is "a comprovar".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import dataclasses

from .common import fmt, numeric_result, whole, with_margin
from .result import Basis, RuleResult, Status
from .settings import COMPARATORS, Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile

#: What would decide each item, with no body named (the law names none).
MISSING = {"art17.I": "é preciso a contagem das edificações da sede indicada, a comprovar "
                      "(a lei não indica o órgão que a apura).",
           "art17.II": "é preciso a população do território distrital, a comprovar (a lei não "
                       "indica o órgão que a apura)."}


#: What a buildings' figure of the whole district counts, printed beside it wherever it is
#: (``details["medida"]``; final legal read, item 17): not the seat art. 17 I asks about.
WHOLE_DISTRICT = "todo o território do distrito, não a sede indicada"


def whole_area_buildings(result: RuleResult) -> RuleResult:
    """Art. 17 I counts buildings "na sede indicada"; a figure that is not a certified count of
    the seat is the whole district's (the polygon, or the listed districts): it does not
    measure the requirement, so the result is indeterminate with no lean and says so. A
    result without a value, or on a certified count, is returned unchanged."""
    if result.value is None or result.basis == Basis.CERTIFIED:
        return result
    unc = result.details.get("incerteza")
    shown = with_margin(whole(result.value), whole(unc) if unc else unc, fmt, " edificações")
    basis = {Basis.ESTIMATED: "estimado", Basis.PUBLISHED: "publicado",
             Basis.MEASURED: "medido"}.get(result.basis, "")
    reason = (f"O valor apurado, {shown} ({basis}), é o de todo o território do "
              "distrito, não o da sede: o art. 17, I, conta as edificações “na sede indicada” "
              f"(no mínimo {fmt(whole(result.threshold))}), e o estudo não delimita a sede. Esse "
              f"valor não decide o requisito: {MISSING['art17.I']}")
    # no margin either: the whole district's figure and the seat's minimum are not the same count
    return dataclasses.replace(result, status=Status.INDETERMINATE, lean=None, reason=reason,
                               margin=None, margin_pct=None,
                               details={**result.details, "medida": WHOLE_DISTRICT})


def art17(profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 17 I (buildings of the seat >= ``settings.district_buildings``: the figure of the
    whole district never decides it, :func:`whole_area_buildings`) and II (population >
    ``settings.district_population``), both on ``profile.area``; ``certifier`` is empty."""
    a = profile.area
    return [
        whole_area_buildings(numeric_result(
            "art17.I", settings.threshold_title("Sede do distrito com no mínimo cem edificações",
                                                "district_buildings"), a.buildings,
            float(settings.district_buildings), COMPARATORS["district_buildings"],
            unit="edificações", certifier="", what="sede distrital",
            missing=MISSING["art17.I"])),
        numeric_result("art17.II", settings.threshold_title(
                           "População do distrito superior a um mil habitantes",
                           "district_population"), a.population,
                       float(settings.district_population), COMPARATORS["district_population"],
                       unit="habitantes", certifier="", what="população",
                       missing=MISSING["art17.II"]),
    ]
