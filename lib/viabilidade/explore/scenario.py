"""An in-memory scenario: area units, origin, settings, creation year and what-if figures.

A scenario is evaluated exactly as a study is: it becomes a
:class:`~viabilidade.proposal.candidate.Candidate` (with its settings in the candidate's
``[settings]`` table) and goes through :func:`viabilidade.profile.analysis.analyse` — same profile,
same territory facts, same rules. Figure overrides (a hypothetical population, a projected
electorate …) are then applied by replacing :class:`~viabilidade.rules.result.Figure` objects
in the :class:`~viabilidade.profile.types.Profile` and re-running
:func:`viabilidade.operations.evaluate`; every replaced figure says so in its note.

Nothing here decides a rule or computes a figure the profile builder computes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..proposal.candidate import OPERATIONS, SPECIAL_INTEREST_KINDS, Candidate, slugify
from ..data.paths import REPO
from ..errors import CandidateError
from ..profile.types import Profile, UnitProfile
from ..rules.result import HYPOTHETICAL_NOTE, Basis, Figure
from ..rules.settings import Settings
from .projection import Projection

#: Subject key of the proposed area in overrides (origins' remainders use their IBGE code).
AREA = "área"
#: UnitProfile attributes a user may override, with the unit of each.
OVERRIDABLE = {"population": "habitantes", "electors": "eleitores", "buildings": "edificações",
               "collection": "BRL"}
#: Where an unsaved scenario says it lives: the repository's ``data/candidates/`` (resolved from
#: the package's location, not from the kernel's current folder).
DEFAULT_FOLDER = REPO / "data" / "candidates"


@dataclass(frozen=True)
class FigureOverride:
    """Replace one figure of the area or of an origin's remainder.

    Attributes
    ----------
    subject : str
        :data:`AREA` or the IBGE code of an origin (its remainder).
    quantity : str
        One of :data:`OVERRIDABLE`.
    value : float
        The new value, in the figure's unit.
    note : str
        Portuguese: why (shown in the rule's details).
    basis : Basis or None
        ``None`` keeps the replaced figure's basis (a what-if: *if* the certified count were
        3 000 …); projections pass ``estimated``.
    uncertainty, vintage : optional
        For estimates (projections): half-width in the unit, and the reference date.
    """

    subject: str
    quantity: str
    value: float
    note: str = "valor hipotético informado na exploração"
    basis: Basis | None = None
    uncertainty: float | None = None
    vintage: str | None = None

    def __post_init__(self) -> None:
        if self.quantity not in OVERRIDABLE:
            raise CandidateError(f"grandeza {self.quantity!r} desconhecida; esperada uma de "
                                 f"{', '.join(OVERRIDABLE)}", field="override.quantity")
        if isinstance(self.value, bool) or not isinstance(self.value, (int, float)) or self.value < 0:
            raise CandidateError(f"valor {self.value!r} para {self.quantity}; esperado um número maior "
                                 "ou igual a zero",
                                 field=f"override.{self.quantity}")

    def apply(self, figure: Figure | None) -> Figure:
        """The replacement figure; its note starts with ``"HIPOTÉTICO"`` unless it is an estimate."""
        old = figure or Figure(None, OVERRIDABLE[self.quantity], Basis.PUBLISHED, "", "")
        basis = self.basis or old.basis
        was = "sem valor" if old.value is None else f"valor dos dados: {old.value}"
        tag = "" if basis == Basis.ESTIMATED else f"{HYPOTHETICAL_NOTE} — "
        return dataclasses.replace(
            old, value=self.value, basis=basis,
            uncertainty=self.uncertainty if basis == Basis.ESTIMATED else None,
            vintage=self.vintage or old.vintage,
            note=f"{tag}{self.note} ({was}; fonte original: {old.source or '—'})")


@dataclass(frozen=True)
class Scenario:
    """What the explorer is looking at. Immutable: every change returns a new scenario.

    Attributes
    ----------
    name : str
        Name of the proposed municipality or district (Portuguese).
    origins : tuple of str
        IBGE codes of the origin municipality or municipalities.
    districts, municipalities : tuple of str
        The area: IBGE district codes (9 digits) and whole municipality codes (7 digits).
    boundary : Path or None
        A boundary file of the area (GeoJSON, GeoPackage, zipped Shapefile, KML, KMZ).
    urban_perimeter : Path or None
        A polygon file of the origin's urban perimeter (``[origin] urban_perimeter``; art. 4
        II is then measured from it, reading I-4).
    operation : str
        One of :data:`viabilidade.proposal.candidate.OPERATIONS`.
    creation_year : int or None
        Year of the creation law (art. 7 § 3, art. 9); ``None`` = the study's default.
    special_interest, special_interest_kind, special_interest_justification
        Declared special interest (art. 4 head, reading I-2 of docs/LEITURAS.md): the reduced thresholds.
    settings : Settings
        Interpretations and thresholds; saved as the candidate's ``[settings]`` table.
    overrides : tuple of FigureOverride
        What-if figures; applied after the projections, so they win.
    projections : tuple of Projection
        Population and electors projected to a year, for the area and every remainder
        (basis ``estimated``).
    base : Candidate or None
        A candidate the scenario started from: its process facts, evidence and fiscal figures
        are kept.
    path : Path or None
        Where the scenario is (or would be) saved; default ``data/candidates/<slug>.toml``.
    """

    name: str
    origins: tuple[str, ...]
    districts: tuple[str, ...] = ()
    municipalities: tuple[str, ...] = ()
    boundary: Path | None = None
    urban_perimeter: Path | None = None
    operation: str = "create-municipality"
    seat: str | None = None
    creation_year: int | None = None
    special_interest: bool = False
    special_interest_kind: str | None = None
    special_interest_justification: str = ""
    settings: Settings = field(default_factory=Settings)
    overrides: tuple[FigureOverride, ...] = ()
    projections: tuple[Projection, ...] = ()
    base: Candidate | None = None
    path: Path | None = None

    def __post_init__(self) -> None:
        if self.operation not in OPERATIONS:
            raise CandidateError(f"operação {self.operation!r} desconhecida; esperada uma de "
                                 f"{', '.join(OPERATIONS)}",
                                 field="operation")
        if not self.name.strip():
            raise CandidateError("o nome está vazio; esperado o nome do novo município", field="name")
        if self.creation_year is not None and not 1990 <= int(self.creation_year) <= 2100:
            raise CandidateError(f"ano {self.creation_year}; esperado um ano entre 1990 e 2100",
                                 field="creation_year")
        if self.special_interest and self.special_interest_kind not in SPECIAL_INTEREST_KINDS:
            raise CandidateError(f"o interesse especial declarado precisa de um tipo "
                                 f"({', '.join(SPECIAL_INTEREST_KINDS)}); encontrado "
                                 f"{self.special_interest_kind!r}",
                                 field="special_interest.kind")
        if self.special_interest and not self.special_interest_justification.strip():
            raise CandidateError("o interesse especial declarado precisa de uma justificativa (está "
                                 "vazia); escreva por que a área é de interesse especial",
                                 field="special_interest.justification")

    # ------------------------------------------------------------ construction
    @classmethod
    def for_district(cls, store, cod_distrito: str, **changes) -> "Scenario":
        """A new municipality made of one district, its municipality as origin.

        Raises
        ------
        CandidateError
            If the district code is not among the store's districts.
        """
        d = store.districts.set_index("cod_distrito")
        if cod_distrito not in d.index:
            raise CandidateError(f"código de distrito {cod_distrito!r} desconhecido: não está entre os "
                                 f"{len(d)} distritos de Goiás (IBGE DTB 2022)", field="area.districts")
        name = str(d.at[cod_distrito, "nome"])
        return cls(name=name, seat=name, origins=(str(d.at[cod_distrito, "cod_ibge"]),),
                   districts=(cod_distrito,), **changes)

    @classmethod
    def for_municipality(cls, store, cod_ibge: str, origin: str, **changes) -> "Scenario":
        """A present-day municipality seen as the area that left ``origin`` (retrospective study).

        Raises
        ------
        CandidateError
            If either code is not a municipality of the store, or they are equal.
        """
        m = store.municipalities.set_index("cod_ibge")
        for key, code in (("area.municipalities", cod_ibge), ("origin.municipalities", origin)):
            if code not in m.index:
                raise CandidateError(f"código de município {code!r} desconhecido: não está entre os "
                                     f"{len(m)} municípios de Goiás", field=key)
        if cod_ibge == origin:
            raise CandidateError(f"o município {cod_ibge} é ao mesmo tempo a área e a origem",
                                 field="origin.municipalities")
        name = str(m.at[cod_ibge, "nome"])
        return cls(name=name, seat=name, origins=(origin,), municipalities=(cod_ibge,), **changes)

    @classmethod
    def from_candidate(cls, candidate: Candidate, settings: Settings | None = None) -> "Scenario":
        """The scenario a candidate file describes (its ``[settings]`` unless ``settings``)."""
        s = settings or Settings.from_dict(candidate.settings, file=candidate.path)
        return cls(name=candidate.name, seat=candidate.seat, origins=candidate.origins,
                   districts=candidate.districts, municipalities=candidate.municipalities,
                   boundary=candidate.boundary, urban_perimeter=candidate.urban_perimeter,
                   operation=candidate.operation,
                   creation_year=candidate.creation_year,
                   special_interest=candidate.special_interest,
                   special_interest_kind=candidate.special_interest_kind,
                   special_interest_justification=candidate.special_interest_justification,
                   settings=s, base=candidate, path=candidate.path)

    # ----------------------------------------------------------------- changes
    def replace(self, **changes) -> "Scenario":
        """A copy with some fields changed (validated)."""
        return dataclasses.replace(self, **changes)

    def add_unit(self, code: str, store) -> "Scenario":
        """Add a district (9 digits) or a whole municipality (7 digits) to the area.

        A district of a municipality that is not yet an origin makes that municipality an
        origin too (art. 4 § 1 then checks its remainder).

        Raises
        ------
        CandidateError
            If the code has neither form, is unknown, or is already in the area.
        """
        code = str(code).strip()
        if code in self.districts + self.municipalities:
            raise CandidateError(f"{code} já está na área", field="area")
        if len(code) == 9 and code.isdigit():
            d = store.districts.set_index("cod_distrito")
            if code not in d.index:
                raise CandidateError(f"código de distrito {code!r} desconhecido", field="area.districts")
            owner = str(d.at[code, "cod_ibge"])
            origins = self.origins if owner in self.origins else self.origins + (owner,)
            return self.replace(districts=self.districts + (code,), origins=origins)
        if len(code) == 7 and code.isdigit():
            if code not in set(store.municipalities["cod_ibge"]):
                raise CandidateError(f"código de município {code!r} desconhecido", field="area.municipalities")
            return self.replace(municipalities=self.municipalities + (code,))
        raise CandidateError(f"código {code!r}; esperado um código de distrito (9 dígitos) ou de "
                             "município (7 dígitos)",
                             field="area")

    def remove_unit(self, code: str, store) -> "Scenario":
        """Take a district or municipality out of the area.

        An origin left with no district in the area stops being an origin, as long as another
        origin remains and the area has no whole municipality (whose origin is historical).
        When the unit removed holds the proposed seat (the seat is its name), the seat moves to
        the first unit left, and so does the name when it was the seat's: the seat never stays
        outside the area (a name the user typed is kept).

        Raises
        ------
        CandidateError
            If the code is not in the area, or removing it would leave the area empty.
        """
        code = str(code).strip()
        if code not in self.districts + self.municipalities:
            raise CandidateError(f"{code} não está na área", field="area")
        districts = tuple(c for c in self.districts if c != code)
        municipalities = tuple(c for c in self.municipalities if c != code)
        if not districts and not municipalities and self.boundary is None:
            raise CandidateError("a área ficaria vazia: acrescente outra unidade antes de retirar esta",
                                 field="area")
        origins = self.origins
        names = dict(zip(store.districts["cod_distrito"], store.districts["nome"].astype(str)))
        names.update(zip(store.municipalities["cod_ibge"], store.municipalities["nome"].astype(str)))
        if not municipalities:
            owners = set(store.districts.set_index("cod_distrito").loc[list(districts), "cod_ibge"])
            kept = tuple(o for o in origins if o in owners)
            origins = kept or origins
        seat, name = self.seat, self.name
        left = [names[c] for c in districts + municipalities if c in names]
        if (self.seat or self.name) == names.get(code) and left:
            seat = left[0]
            name = seat if self.name == (self.seat or self.name) else self.name
        return self.replace(districts=districts, municipalities=municipalities, origins=origins,
                            seat=seat, name=name)

    def with_override(self, override: FigureOverride) -> "Scenario":
        """Add (or replace) the override of one subject's quantity."""
        kept = tuple(o for o in self.overrides
                     if (o.subject, o.quantity) != (override.subject, override.quantity))
        return self.replace(overrides=kept + (override,))

    def with_projection(self, projection: Projection | None, quantity: str | None = None) -> "Scenario":
        """Set (or, with ``None``, clear) the projection of one quantity."""
        q = projection.quantity if projection is not None else quantity
        kept = tuple(p for p in self.projections if p.quantity != q)
        return self.replace(projections=kept + ((projection,) if projection is not None else ()))

    @property
    def hypothetical(self) -> bool:
        """Whether figures other than the data's are in play (overrides or projections)."""
        return bool(self.overrides or self.projections)

    def without_overrides(self, quantity: str | None = None) -> "Scenario":
        """Drop every override (or those of one quantity)."""
        return self.replace(overrides=tuple(o for o in self.overrides
                                            if quantity is not None and o.quantity != quantity))

    # ---------------------------------------------------------------- candidate
    @property
    def slug(self) -> str:
        """Folder-safe name (:func:`viabilidade.proposal.candidate.slugify` of the name)."""
        return slugify(self.name)

    def settings_table(self) -> dict:
        """The settings that differ from the law's defaults (the candidate's ``[settings]``)."""
        default = Settings().to_dict()
        return {k: v for k, v in self.settings.to_dict().items() if v != default[k]}

    def to_candidate(self) -> Candidate:
        """The :class:`Candidate` this scenario describes (``path`` may not exist yet).

        Process facts, evidence and fiscal figures come from :attr:`base` when there is one.
        """
        path = self.path or DEFAULT_FOLDER / f"{self.slug}.toml"
        fields = dict(
            path=Path(path), slug=self.slug, operation=self.operation, name=self.name,
            seat=self.seat or self.name, districts=tuple(self.districts),
            municipalities=tuple(self.municipalities), boundary=self.boundary,
            urban_perimeter=self.urban_perimeter, origins=tuple(self.origins), creation_year=self.creation_year,
            special_interest=self.special_interest,
            special_interest_kind=self.special_interest_kind if self.special_interest else None,
            special_interest_justification=(self.special_interest_justification
                                            if self.special_interest else ""),
            settings=self.settings_table())
        if self.base is not None:
            return dataclasses.replace(self.base, **fields)
        return Candidate(**fields)




def is_hypothetical(figure: Figure | None) -> bool:
    """Whether a figure is a what-if value typed in the explorer (not the data's, not a projection)."""
    return figure is not None and figure.note.startswith(HYPOTHETICAL_NOTE)


def hypothetical_figures(profile: Profile) -> set[tuple[str, str]]:
    """(subject, unit) of every what-if figure of the area and the remainders.

    The subject is :data:`AREA` for the area and the remainder's label for a remainder, as in
    :attr:`RuleResult.subject <viabilidade.rules.result.RuleResult.subject>`; the unit is
    that of :data:`OVERRIDABLE` (``"habitantes"`` …). A rule result with that subject and unit
    was decided on a hypothetical value.
    """
    units = [(AREA, profile.area)] + [(u.label, u) for u in profile.remainders.values()]
    return {(subject, unit_name) for subject, u in units for q, unit_name in OVERRIDABLE.items()
            if is_hypothetical(getattr(u, q, None))}


def _unit_with(unit: UnitProfile, overrides: list[FigureOverride]) -> UnitProfile:
    changes = {o.quantity: o.apply(getattr(unit, o.quantity)) for o in overrides}
    return dataclasses.replace(unit, **changes) if changes else unit


def _projected(unit: UnitProfile, projections) -> UnitProfile:
    changes = {p.quantity: p.apply(getattr(unit, p.quantity)) for p in projections
               if getattr(unit, p.quantity).value is not None}
    return dataclasses.replace(unit, **changes) if changes else unit


def apply_projections(profile: Profile, projections: tuple[Projection, ...] | list) -> Profile:
    """The profile with population/electors of the area, origins and remainders projected."""
    if not projections:
        return profile
    return dataclasses.replace(
        profile, area=_projected(profile.area, projections),
        origins={c: _projected(u, projections) for c, u in profile.origins.items()},
        remainders={c: _projected(u, projections) for c, u in profile.remainders.items()})


def apply_overrides(profile: Profile, overrides: tuple[FigureOverride, ...] | list) -> Profile:
    """The profile with the overridden figures replaced (``dataclasses.replace``).

    Raises
    ------
    CandidateError
        If an override names a subject that is neither :data:`AREA` nor an origin with a
        remainder in the profile.
    """
    for o in overrides:
        if o.subject != AREA and o.subject not in profile.remainders:
            raise CandidateError(f"sujeito {o.subject!r} do valor hipotético; esperado {AREA!r} ou uma das "
                                 f"origens com remanescente ({', '.join(profile.remainders) or 'nenhuma'})",
                                 field="override.subject")
    area = _unit_with(profile.area, [o for o in overrides if o.subject == AREA])
    remainders = {code: _unit_with(u, [o for o in overrides if o.subject == code])
                  for code, u in profile.remainders.items()}
    return dataclasses.replace(profile, area=area, remainders=remainders)


def run_scenario(scenario: Scenario, store, *, base=None, memo=None, alternatives: bool = True):
    """Evaluate a scenario through the study's own path.

    :func:`viabilidade.profile.analysis.analyse` on :meth:`Scenario.to_candidate`; when the scenario
    has projections or overrides, the profile's figures are replaced
    (:func:`apply_projections`, then :func:`apply_overrides`) and the rules re-run
    (:func:`viabilidade.operations.evaluate`). The verdict under each alternative reading is
    recomputed on the same hypothetical figures (profiles rebuilt for I-4/I-5/vintage readings,
    as :func:`~viabilidade.profile.analysis.analyse` does).

    Parameters
    ----------
    scenario : Scenario
    store : viabilidade.data.store.Store
    base : Analysis, optional
        A previous result of this function or of ``analyse`` without what-ifs; reused when its
        candidate equals this scenario's (the explorer changes a what-if without re-reading
        the territory).
    memo : viabilidade.profile.analysis.ProfileMemo, optional
        Profiles already built for this store (:func:`base_analysis`): the profiles of the
        alternative readings are built once.
    alternatives : bool
        ``False``: the verdicts under the other readings are left out (``alternatives`` is
        ``None``; :func:`scenario_alternatives` gives them), so the conclusion can be shown
        first.

    Returns
    -------
    viabilidade.profile.analysis.Analysis

    Raises
    ------
    CandidateError
        If the area does not match the data (unknown code, district of a non-origin …).
    """
    from ..profile.analysis import ProfileMemo, analyse
    from ..operations import evaluate
    from ..rules import verdict

    memo = memo if memo is not None else ProfileMemo()
    candidate = scenario.to_candidate()
    analysis = (base if base is not None and base.candidate == candidate
                else analyse(candidate, store=store, memo=memo, alternatives=False))
    if scenario.hypothetical:
        profile = _hypothetical(scenario, analysis.profile)
        results = evaluate(candidate, profile, analysis.settings)
        analysis = dataclasses.replace(analysis, profile=profile, results=results,
                                       verdict=verdict(results), alternatives=None)
    if alternatives and analysis.alternatives is None:
        analysis = dataclasses.replace(
            analysis, alternatives=scenario_alternatives(scenario, store, analysis, memo))
    return analysis


def _hypothetical(scenario: Scenario, profile: Profile) -> Profile:
    """The profile with the scenario's projections, then its overrides, applied."""
    if not scenario.hypothetical:
        return profile
    return apply_overrides(apply_projections(profile, scenario.projections), scenario.overrides)


def scenario_alternatives(scenario: Scenario, store, analysis, memo=None) -> list:
    """The verdict under each alternative reading, for an analysis of ``scenario``
    (:func:`viabilidade.operations.verdict_under_alternatives` on its profile; the profiles
    of the I-4/I-5/vintage readings rebuilt through ``memo``, with the scenario's what-ifs
    applied to them, as :func:`run_scenario` does)."""
    from ..profile.analysis import ProfileMemo
    from ..operations import verdict_under_alternatives

    memo = memo if memo is not None else ProfileMemo()
    candidate = analysis.candidate

    def rebuild(alt: Settings) -> Profile:
        return _hypothetical(scenario, memo.profile(candidate, store, alt)[1])

    return verdict_under_alternatives(candidate, analysis.profile, analysis.settings,
                                      rebuild=rebuild)


def base_analysis(scenario: Scenario, store, previous=None, memo=None, alternatives: bool = True):
    """The scenario's analysis without what-ifs (``previous`` reused when still valid; with a
    :class:`~viabilidade.profile.analysis.ProfileMemo`, a change of settings that leaves the
    profile as it was re-runs only the rules; ``alternatives=False``: as :func:`run_scenario`)."""
    from ..profile.analysis import analyse

    candidate = scenario.to_candidate()
    if previous is not None and previous.candidate == candidate:
        return previous
    return analyse(candidate, store=store, memo=memo, alternatives=alternatives)


def totals(analysis) -> pd.DataFrame:
    """Area, each origin before the operation and each remainder: the figures side by side.

    Returns
    -------
    DataFrame
        One row per unit (``unidade``: label; ``papel``: área / origem (antes) / remanescente)
        with ``populacao``, ``eleitores``, ``edificacoes`` (proxy: occupied dwellings),
        ``area_km2`` and ``base`` (certified / measured / estimated / hypothetical per figure,
        in that order: a what-if figure reads ``hypothetical`` whatever basis it replaced).
    """
    p = analysis.profile
    units = [("área", p.area)] + [("origem (antes)", u) for u in p.origins.values()] + \
        [("remanescente", u) for u in p.remainders.values()]
    rows = []
    for role, u in units:
        figs = (u.population, u.electors, u.buildings, u.area_km2)
        rows.append({"papel": role, "unidade": u.label,
                     "populacao": u.population.value, "eleitores": u.electors.value,
                     "edificacoes": u.buildings.value,
                     "area_km2": None if u.area_km2 is None else u.area_km2.value,
                     "base": " / ".join(("hypothetical" if is_hypothetical(f) else str(f.basis))
                                        if f is not None else "—" for f in figs),
                     "hipotetico": any(is_hypothetical(f) for f in figs)})
    return pd.DataFrame(rows)
