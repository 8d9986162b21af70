"""Plain values the rules need about an area and each origin's remainder.

These dataclasses are the only thing :mod:`viabilidade.rules` sees: no DataFrames, no
geometry, no I/O. They are built from the processed data store and the candidate by
:mod:`viabilidade.profile.build`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules.result import Figure

if TYPE_CHECKING:  # geometry stays out of the rules' import graph
    from ..geo.boundary_change import BoundaryChange


@dataclass(frozen=True)
class UnitProfile:
    """Figures for one territory: the proposed area, an origin before the split, or a remainder.

    Attributes
    ----------
    label : str
        Portuguese label shown in studies (``"Posse d'Abadia"``, ``"Abadiânia (remanescente)"``).
    cod_ibge : str or None
        Municipality code when the unit is (or is what remains of) one municipality.
    codes : tuple of str
        Codes of the districts / municipalities it is made of.
    population : Figure
        Inhabitants (art. 4 IV; art. 17 II), Censo 2022.
    electors : Figure
        Eligible electors (art. 4 V), TSE.
    buildings : Figure
        Buildings of the urban core (art. 4 VI; art. 17 I). Proxy: occupied private dwellings
        (Censo 2022 V0007), so ``basis`` is ``estimated``.
    collection : Figure or None
        State-tax collection by taxpayers in the unit in the last fiscal year, BRL (art. 4 VII).
    revenue : Figure or None
        Total revenue of the unit for art. 10 sole paragraph (I-9), BRL.
    area_km2 : Figure or None
        Area in km² (IBGE).
    """

    label: str
    population: Figure
    electors: Figure
    buildings: Figure
    cod_ibge: str | None = None
    codes: tuple[str, ...] = ()
    collection: Figure | None = None
    revenue: Figure | None = None
    area_km2: Figure | None = None


@dataclass(frozen=True)
class Territory:
    """Geometry-derived facts for art. 4 II, III and art. 3 (harmony).

    Attributes
    ----------
    gap_m : Figure or None
        Shortest geodesic distance in metres between the origin's urban perimeter and the new
        territory (art. 4 II), when a perimeter polygon exists (``measured``).
    gap_bound_m : Figure or None
        When only the origin's seat point is known: the smallest geodesic distance in metres
        from the origin's seat to a known point of the new territory (its proposed seat, or
        its nearest boundary point). Below 6 000 m it proves ``fail``; above, it decides nothing.
    remainder_parts : dict[str, int]
        Origin code -> number of connected pieces of its remainder after the I-5 tolerance.
    remainder_point_touch : dict[str, bool]
        Origin code -> whether pieces of the remainder touch only at single points.
    area_parts : int or None
        Number of pieces of the new territory (art. 3 flag when > 1).
    source : str
        Boundary data set and vintage used.
    continuity_certificate : Figure or None
        IBGE's certificate on art. 4 III (value 1: every origin's remainder stays continuous;
        0: it does not), which decides over the geometry (:mod:`viabilidade.proposal.certified`).
    boundary_change : BoundaryChange or None
        Boundary correction (art. 6): the territory between the old and the new line
        (:func:`viabilidade.geo.boundary_change.boundary_change`); ``None`` without both
        line files or for other operations.
    """

    gap_m: Figure | None = None
    gap_bound_m: Figure | None = None
    remainder_parts: dict[str, int] = field(default_factory=dict)
    remainder_point_touch: dict[str, bool] = field(default_factory=dict)
    area_parts: int | None = None
    source: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    continuity_certificate: Figure | None = None
    boundary_change: BoundaryChange | None = None


@dataclass(frozen=True)
class Profile:
    """Everything the rules need for one candidate.

    Attributes
    ----------
    operation : str
        As in :data:`viabilidade.proposal.candidate.OPERATIONS`.
    area : UnitProfile
        The proposed new territory (or, for a fusion, the union of the fused municipalities).
    origins : dict[str, UnitProfile]
        Each origin municipality before the operation, by IBGE code.
    remainders : dict[str, UnitProfile]
        What remains of each origin after the area leaves, by IBGE code.
    state_tax_revenue : Figure or None
        The state's tax revenue (ICMS + IPVA + ITCD) of the fiscal year used by art. 4 VII, BRL.
    territory : Territory
        Geometry-derived facts.
    destination, destination_after : UnitProfile or None
        Transfer of area (art. 5): the receiving municipality before the transfer and with
        the area added; ``None`` for other operations.
    """

    operation: str
    area: UnitProfile
    origins: dict[str, UnitProfile]
    remainders: dict[str, UnitProfile]
    state_tax_revenue: Figure | None = None
    territory: Territory = field(default_factory=Territory)
    destination: UnitProfile | None = None
    destination_after: UnitProfile | None = None
