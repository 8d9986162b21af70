"""Art. 3 — what the creation law must contain: name (the seat's), boundaries, harmony of the
shape, urban limits, installation year, districts, councillors in the first legislature
(Constitution art. 29 IV, EC 58/2009) and the art. 14 ICMS percentage."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from ..common.text import fold
from ..proposal.candidate import Candidate
from .calendar import creation_year, installation_date, is_election_year
from .settings import Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile

#: Constitution art. 29 IV (EC 58/2009): (upper bound of population, councillors); "more than
#: the previous bound, up to this one". Above 8 000 000: 55.
COUNCILLOR_BRACKETS: tuple[tuple[int, int], ...] = (
    (15_000, 9), (30_000, 11), (50_000, 13), (80_000, 15), (120_000, 17), (160_000, 19),
    (300_000, 21), (450_000, 23), (600_000, 25), (750_000, 27), (900_000, 29), (1_050_000, 31),
    (1_200_000, 33), (1_350_000, 35), (1_500_000, 37), (1_800_000, 39), (2_400_000, 41),
    (3_000_000, 43), (4_000_000, 45), (5_000_000, 47), (6_000_000, 49), (7_000_000, 51),
    (8_000_000, 53),
)
COUNCILLORS_ABOVE = 55
_BOUNDS = [b for b, _ in COUNCILLOR_BRACKETS]


def councillors(population: int | float) -> int:
    """Maximum councillors for a population (Constitution art. 29 IV, 24 brackets).

    15 000 → 9; 15 001 → 11; 8 000 000 → 53; 8 000 001 → 55.

    Raises
    ------
    ValueError
        If ``population`` is negative or not a number.
    """
    if population is None or population != population or population < 0:
        raise ValueError(f"population must be a number >= 0, found {population!r}")
    i = bisect.bisect_left(_BOUNDS, population)
    return COUNCILLOR_BRACKETS[i][1] if i < len(COUNCILLOR_BRACKETS) else COUNCILLORS_ABOVE


def draft_law_content(candidate: Candidate, profile: Profile, settings: Settings, *,
                      icms_percentage: float | None = None,
                      icms_applies: bool = True,
                      district_names: dict[str, str] | None = None,
                      district_codes: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The items of art. 3 for a draft creation law, in Portuguese.

    Parameters
    ----------
    candidate, profile, settings
        The study's inputs.
    icms_percentage : float, optional
        Art. 14 share in per cent (from :func:`viabilidade.rules.art14.icms_share`); ``None``
        leaves the item stating which figures are needed.
    icms_applies : bool
        ``False`` for a fusion: no origin remains whose ICMS the new municipality would share
        (art. 14), so nothing is pending for it.
    district_names : dict, optional
        District code → name, for the list of districts.
    district_codes : tuple of str, optional
        The IBGE districts (DTB) making up the area, when it is not given as districts in the
        candidate (a whole present-day municipality in a retrospective study); default
        ``candidate.districts``.

    Returns
    -------
    dict
        ``nome`` (the seat's, art. 3 I), ``nome_proposto`` (the candidate's ``name`` when it
        differs from the seat's, else ``None``; the item says the law names it after the seat),
        ``limites``, ``harmonia``, ``area_urbana``, ``ano_instalacao``, ``distritos``
        (list of {cod_distrito, nome}), ``vereadores``, ``percentual_icms``,
        ``pendencias`` (list of Portuguese strings). Without the area's polygon
        (``profile.territory.area_parts`` is ``None``) there is no memorial descritivo to
        annex: ``limites`` says it is still to be drawn and ``pendencias`` lists it; the
        urban area's limits are never in the study (no public urban perimeters) and are
        always listed.
    """
    pending = []
    year, _ = creation_year(candidate, settings)
    if is_election_year(year):
        install = None
        pending.append(f"ano de criação {year} é ano de eleições municipais (art. 7º, § 3º)")
    else:
        install = installation_date(year).year
    pop = profile.area.population.value
    seats = councillors(pop) if pop is not None else None
    if seats is None:
        pending.append("população da área para o número de vereadores (CF, art. 29, IV)")
    names = district_names or {}
    codes = candidate.districts if district_codes is None else district_codes
    districts = [{"cod_distrito": c, "nome": names.get(c, "")} for c in codes]
    if not districts and candidate.boundary is not None:
        pending.append("número e nome dos distritos do novo município: a área desenhada não "
                       "segue os distritos do IBGE")
    parts = profile.territory.area_parts
    if parts is None:
        harmony = "forma não verificada (sem polígono da área)"
    elif parts > 1:
        harmony = f"território em {parts} partes: contraria a harmonia exigida pelo art. 3º"
    elif profile.territory.details.get("enclave"):
        harmony = ("território em uma só parte, inteiramente cercado pelo município de origem "
                   "(enclave): a “relativa harmonia” do art. 3º fica a juízo da Assembleia")
    else:
        harmony = "território em uma só parte"
    if parts is None:
        # No polygon: the study has no memorial descritivo to annex.
        what = "os limites do distrito" if candidate.districts else "os limites da área"
        limits = (f"a elaborar: os dados públicos não trazem {what}; o memorial descritivo virá "
                  "do levantamento do agrimensor ou de um polígono desenhado")
        pending.append("memorial descritivo dos limites do novo município (art. 3º, II e IV): "
                       "levantamento do agrimensor ou polígono desenhado da área")
    else:
        limits = ("memorial descritivo por confrontações, em linhas retas entre os vértices do "
                  "polígono (anexo do estudo); os dados não registram rios nem estradas: onde a "
                  "divisa deva acompanhá-los, a descrição fica para o levantamento do agrimensor")
    pending.append("limites da área urbana da sede (art. 3º, V), a descrever na forma do "
                   "memorial descritivo: os dados públicos não trazem o perímetro urbano")
    if icms_applies and icms_percentage is None:
        pending.append("percentual do ICMS (art. 14): valor adicionado da área e da origem")
    proposed = candidate.name if fold(candidate.name) != fold(candidate.seat) else None
    if proposed is not None:
        pending.append(f"nome: o arquivo propõe “{proposed}”, mas o art. 3º manda que o nome "
                       f"seja o da sede; a lei de criação, se vier a ser editada, daria ao Município o nome "
                       f"“{candidate.seat}”")
    return {
        "nome": candidate.seat,
        "nome_proposto": proposed,
        "limites": limits,
        "harmonia": harmony,
        "area_urbana": "a elaborar: limites da área urbana da sede, a descrever na forma do "
                       "memorial descritivo (não constam do estudo)",
        "ano_instalacao": install,
        "distritos": districts,
        "numero_distritos": len(districts),
        "vereadores": seats,
        "percentual_icms": icms_percentage,
        "pendencias": pending,
    }
