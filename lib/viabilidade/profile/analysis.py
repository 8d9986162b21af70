"""One candidate, analysed: candidate file + processed data + settings -> rule results.

This is what a study notebook calls; it holds no presentation.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..proposal.candidate import Candidate, load_candidate
from ..operations import operation_of
from .build import build_profile
from .types import Profile, Territory
from ..rules import certification
from ..rules.result import Basis, RuleResult, Verdict, simulated_note, verdict


@dataclass
class Analysis:
    """Everything a study shows about one candidate.

    Attributes
    ----------
    candidate : Candidate
    settings : viabilidade.rules.settings.Settings
        The settings the rules ran with (defaults, then the candidate's ``[settings]``, then
        the caller's).
    profile : Profile
    results : list of RuleResult
    verdict : Verdict
    provenance : list of dict
        One record per processed table used: table, source, publisher, vintage, files
        (path and sha256), retrieved.
    alternatives : list
        The verdict under each alternative interpretation reading (docs/LEITURAS.md I-1 … I-11) and
        with/without the special-interest reduction: (description, verdict, changed rule ids).
    data_flags : list of DataFlag
        Conflicts between the published figures of the municipalities the study reads (its
        origins, the area's whole municipalities, the destination):
        :func:`viabilidade.data.incoherence.data_flags`.
    annexes : dict
        Files the study writes beside its own, ``{file name: text}``: the full list of the
        memorial's marks (:data:`viabilidade.geo.memorial.ANNEX_FILE`) when the memorial's
        text is summarised; filled while the study is built, empty otherwise.
    seat_notice : str or None
        The proposed seat is named as no district or vila of the area
        (:func:`viabilidade.profile.seat_name.seat_notice`): the title bears it (art. 3, I),
        and the findings say so.
    """

    candidate: Candidate
    settings: Any
    profile: Profile
    results: list[RuleResult]
    verdict: Verdict
    provenance: list[dict] = field(default_factory=list)
    alternatives: list = field(default_factory=list)
    data_flags: list = field(default_factory=list)
    annexes: dict[str, str] = field(default_factory=dict)
    seat_notice: str | None = None

    def result(self, rule_id: str, subject: str | None = None) -> RuleResult:
        """The result of one rule (first match; ``subject`` narrows art4.par1 by origin)."""
        for r in self.results:
            if r.rule_id == rule_id and (subject is None or r.subject == subject):
                return r
        raise KeyError(rule_id)

    def to_dict(self) -> dict:
        """Machine-readable record (``resultados.json``): stable keys, plain values."""
        return {
            "candidate": {"slug": self.candidate.slug, "name": self.candidate.name,
                          "operation": self.candidate.operation,
                          "file": self.candidate.path.name,
                          "area": list(self.candidate.area_codes),
                          "origins": list(self.candidate.origins)},
            "verdict": str(self.verdict),
            "certification": certification.summary(self.results, self.candidate, self.settings),
            "area": area_record(self.profile),
            # a declared, unchecked document never makes a machine-readable pass
            "results": [{**r.to_dict(), **certification.record_status(r),
                         "settled": certification.result_settled(r)}
                        for r in self.results],
            "settings": self.settings.to_dict(),
            "alternatives": [{"description": d, "verdict": str(v), "changed": list(c)}
                             for d, v, c in self.alternatives],
            "provenance": self.provenance,
            "data_flags": [f.to_dict() for f in self.data_flags],
        }


def area_record(profile: Profile) -> dict:
    """The proposed area's figures and, for a drawn area, where it lies (``resultados.json``).

    ``{"label", "figures": {population|electors|buildings|area_km2: {value, unit, basis,
    uncertainty}}, "drawn_boundary": {...} or None, "origin_seat_taken": {code: text},
    "enclave": {origins, edge_km} or None}`` (:func:`viabilidade.profile.coherence.enclave`); a
    transfer adds ``"destination": {label, before, after}`` (the receiving municipality's
    figures), a boundary correction ``"boundary_change": {between_km2, faces, leaves_km2,
    unassigned_km2}``.
    """
    details = profile.territory.details
    record = {"label": profile.area.label, "figures": unit_figures(profile.area),
              "drawn_boundary": details.get("drawn_boundary"),
              "origin_seat_taken": details.get("origin_seat_taken", {}),
              "enclave": details.get("enclave"),
              "seat_outside": details.get("seat_outside"),
              "districts_apart": details.get("districts_apart")}
    if profile.destination is not None:
        record["destination"] = {"label": profile.destination.label,
                                 "before": unit_figures(profile.destination),
                                 "after": unit_figures(profile.destination_after)}
    change = profile.territory.boundary_change
    if change is not None:
        record["boundary_change"] = {"between_km2": change.between_km2, "faces": change.faces,
                                     "leaves_km2": dict(change.leaves),
                                     "unassigned_km2": change.unassigned_km2}
    return record


def unit_figures(unit) -> dict:
    """``{population|electors|buildings|area_km2: {value, unit, basis, uncertainty, source,
    vintage}}`` of one territory (:class:`~viabilidade.profile.types.UnitProfile`), plus
    ``precision`` when the figure has a printed step (:mod:`viabilidade.common.precision`);
    ``{}`` for ``None``. ``source`` and ``vintage`` say which data set and year each figure
    is (electors: ``"TSE, perfil do eleitorado de 2026 …"``, ``"2026"``); ``simulated``
    (true, else absent) marks a figure read from an act dated after the study, a hypothesis
    of the simulation (its note carries :data:`~viabilidade.rules.result.SIMULATED`), which
    every document labels "hipótese da simulação"."""
    figures = {}
    for key in ("population", "electors", "buildings", "area_km2"):
        f = getattr(unit, key, None)
        if f is not None:
            figures[key] = {"value": f.value, "unit": f.unit, "basis": str(Basis(f.basis)),
                            "uncertainty": f.uncertainty, "source": f.source,
                            "vintage": f.vintage,
                            **({"precision": f.precision} if f.precision is not None else {}),
                            **({"simulated": True} if simulated_note(f.note) else {})}
    return figures


def provenance_records(store) -> list[dict]:
    """Provenance of every processed table, one record per raw source, with the table name."""
    return [{"table": table, **rec}
            for table in sorted(store.manifest.get("tables", {}))
            for rec in store.provenance(table)]


def proposed_seat_point(candidate: Candidate, store) -> tuple[float, float] | None:
    """The proposed seat as (lat, lon): the candidate's ``seat_point``, else IBGE's vila point.

    For an area made of one non-seat district, IBGE Localidades 2022 gives the point of its
    vila (the district seat; the vila's ``CD_LOCALIDADE`` is the district's code).
    """
    if candidate.seat_point is not None:
        return candidate.seat_point
    if len(candidate.districts) != 1 or candidate.municipalities:
        return None
    v = store.vilas
    row = v[v["cod_distrito"] == candidate.districts[0]]
    if len(row) != 1:
        return None
    return (float(row["lat"].iloc[0]), float(row["lon"].iloc[0]))


#: Vintage of IBGE's vila points (Localidades 2022).
VILAS_VINTAGE = "2022"


def vila_source(district: str, store) -> str:
    """Portuguese source of a district's vila point: ``"vila do distrito Posse d'Abadia
    (520010010), IBGE Localidades 2022"``."""
    d = store.districts.set_index("cod_distrito")
    name = str(d.at[district, "nome"]) if district in d.index else district
    return f"vila do distrito {name} ({district}), IBGE Localidades 2022"


def origin_seats_taken(candidate: Candidate, store, facts: Territory) -> dict[str, str]:
    """Origins whose seat the area takes, with what takes it (Portuguese).

    The seat is taken when the area lists the origin's seat district (``sede`` in the
    processed ``districts`` table, IBGE DTB 2022), or when the origin's seat point (IBGE
    sedes municipais) lies inside a drawn area (``facts.details["drawn_boundary"]``). The
    origin would then lose its seat: a creation doing so is refused before any study
    (:func:`viabilidade.profile.coherence.seat_problems`); for the other operations
    :func:`viabilidade.report.boundary.drawn_findings` says it.
    """
    d = store.districts.set_index("cod_distrito")
    out: dict[str, str] = {}
    for code in candidate.origins:
        seat_districts = [c for c in candidate.districts
                          if c in d.index and d.at[c, "cod_ibge"] == code and bool(d.at[c, "sede"])]
        if seat_districts:
            c = seat_districts[0]
            out[code] = f"o distrito-sede {d.at[c, 'nome']} ({c})"
        elif facts.details.get("drawn_boundary", {}).get("seat_inside", {}).get(code):
            out[code] = "a sede municipal, que fica dentro da área desenhada"
    return out


def district_vilas(districts, store) -> list[tuple[str, float, float]]:
    """Vila points (IBGE Localidades 2022) of ``districts`` (9-digit codes), as
    ``[("vila do distrito <nome> (<código>)", lat, lon)]``; a district without one is left out."""
    v, names = store.vilas, dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
    rows = v[v["cod_distrito"].isin(list(districts))]
    return [(f"vila do distrito {names.get(r.cod_distrito, r.cod_distrito)} ({r.cod_distrito})",
             float(r.lat), float(r.lon)) for r in rows.itertuples()]


def origin_vilas(candidate: Candidate, store) -> dict[str, list[tuple[str, float, float]]]:
    """Vila points (IBGE Localidades 2022) of each origin's non-seat districts not in the area.

    Returns
    -------
    dict
        Origin code -> ``[("vila do distrito <nome> (<código>)", lat, lon)]`` (SIRGAS 2000).
    """
    from ..geo.districts import district_points

    pts = district_points(store, list(candidate.origins))
    pts = pts[(pts["ponto"] == "vila") & ~pts["cod_distrito"].isin(list(candidate.districts))]
    out: dict[str, list[tuple[str, float, float]]] = {}
    for r in pts.itertuples():
        out.setdefault(r.cod_ibge, []).append(
            (f"vila do distrito {r.nome} ({r.cod_distrito})", float(r.geometry.y),
             float(r.geometry.x)))
    return out


#: The settings :func:`territory` reads: an alternative reading that keeps them (the
#: population vintage) reuses the base territory instead of measuring the geometry again.
TERRITORY_SETTINGS = ("perimeter", "sliver_tolerance_km2")


def territory(candidate: Candidate, store, settings) -> Territory:
    """Geometry facts of a candidate (art. 4 II, III; art. 3) under the given settings (I-5 tolerance).

    ``details["origin_seat_taken"]`` names the origins whose seat the area takes
    (:func:`origin_seats_taken`); ``details["enclave"]`` flags a drawn area entirely
    surrounded by its origins (:func:`viabilidade.profile.coherence.enclave`, art. 3),
    ``details["seat_outside"]`` a drawn area that leaves out its proposed seat
    (:func:`viabilidade.profile.coherence.seat_outside`, art. 3, I), and
    ``details["districts_apart"]`` districts whose approximate territories do not touch
    (:func:`viabilidade.profile.coherence.apart_districts`). Under reading I-4 ``all-urban`` the vilas of the origins'
    other districts (:func:`origin_vilas`) count as urban areas for art. 4 II. Of the
    settings only :data:`TERRITORY_SETTINGS` are read.
    """
    from ..geo.facts import territory_facts

    op = operation_of(candidate)
    if not op.proposed_area:   # a boundary correction: the strip between the two lines
        return correction_territory(candidate, store)
    seat = proposed_seat_point(candidate, store)
    seat_source, area_points = None, None
    if seat != candidate.seat_point:
        candidate = replace(candidate, seat_point=seat)
        seat_source = (vila_source(candidate.districts[0], store), VILAS_VINTAGE)
    elif seat is None and len(candidate.districts) > 1 and candidate.boundary is None:
        # Several districts, no polygon: each district's vila lies in the area, so the
        # origin's seat is at most as far from the area as from the nearest vila (art. 4 II).
        area_points = district_vilas(candidate.districts, store)
        seat_source = ("vilas dos distritos da área (IBGE, Localidades 2022)", VILAS_VINTAGE)
    facts = territory_facts(candidate, store.boundaries, store.seats,
                            sliver_tolerance_km2=settings.sliver_tolerance_km2,
                            other_urban=(origin_vilas(candidate, store)
                                         if settings.perimeter == "all-urban" else None),
                            seat_source=seat_source, area_points=area_points)
    if facts.details.get("no_geometry_reason") and candidate.districts \
            and candidate.boundary is None:
        from ..geo.tracts import (TRACT_LIMIT_LABEL, TRACT_SOURCE, covers,
                                  districts_have_tracts, remainder_continuity)

        if districts_have_tracts(store, candidate.districts):
            facts = replace(facts, details={**facts.details, "no_geometry_reason": (
                f"nos dados, os distritos da área têm só o {TRACT_LIMIT_LABEL}: o estudo mede "
                "sobre ele só a continuidade do remanescente (art. 4º, III); para os demais "
                "requisitos territoriais falta o memorial descritivo ou o arquivo de limites "
                "da área (area.boundary)")})
            if covers(store, list(candidate.origins)):
                # art. 4 III measured on the IBGE's district limits (legal item 1)
                c = remainder_continuity(store, candidate.districts, candidate.origins,
                                         sliver_tolerance_km2=settings.sliver_tolerance_km2)
                facts = replace(facts, remainder_parts=c["parts"],
                                remainder_point_touch=c["touch"],
                                details={**facts.details, "remainder_pieces_km2": c["pieces"],
                                         "continuity_mesh": TRACT_LIMIT_LABEL,
                                         "continuity_source": TRACT_SOURCE})
    taken = origin_seats_taken(candidate, store, facts)
    if taken:
        facts = replace(facts, details={**facts.details, "origin_seat_taken": taken})
    if op.stays_within:   # a district: the existing district seats its area takes
        facts = replace(facts, details={**facts.details,
                                        "district_seats_inside": district_seats_inside(candidate,
                                                                                       store)})
    if candidate.boundary is not None:
        from .coherence import enclave, seat_outside
        from ..geo.area_file import read_area

        drawn = read_area(candidate.boundary)
        surrounded = enclave(candidate, store, drawn)
        if surrounded is not None:
            facts = replace(facts, details={**facts.details, "enclave": surrounded})
        outside = seat_outside(candidate, store, drawn)
        if outside is not None:
            facts = replace(facts, details={**facts.details, "seat_outside": outside})
    elif len(candidate.districts) > 1:
        from .coherence import apart_districts

        apart = apart_districts(candidate, store)
        if apart is not None:
            facts = replace(facts, details={**facts.details, "districts_apart": apart})
    return facts


def correction_territory(candidate: Candidate, store) -> Territory:
    """Boundary correction (art. 6): the territory between the old and the new line
    (:func:`viabilidade.geo.boundary_change.boundary_change`), or no measure without both
    line files (``details["no_geometry_reason"]`` says which is missing)."""
    from ..geo.area_file import read_line
    from ..geo.boundary_change import boundary_change
    from ..geo.facts import MESH_SOURCE

    source = store.boundaries.attrs.get("source", MESH_SOURCE)
    missing = [k for k in ("old_line", "new_line") if getattr(candidate, k) is None]
    if missing:
        return Territory(source=source, details={"no_geometry_reason": (
            "falta" + ("m" if len(missing) > 1 else "") + " no arquivo da candidatura "
            + " e ".join(f"boundary_correction.{k}" for k in missing))})
    change = boundary_change(read_line(candidate.old_line), read_line(candidate.new_line),
                             store.boundaries, candidate.origins)
    return Territory(source=source, boundary_change=change)


def district_seats_inside(candidate: Candidate, store) -> list[dict[str, str]]:
    """Seats of existing districts that a new district's area would take (arts. 15 and 18).

    A district's seat is its vila (IBGE Localidades 2022) or, for the seat district, the
    municipal seat (the city). It is taken when the area lists that district
    (``area.districts``) or when the point lies inside the drawn area (``area.boundary``).

    Returns
    -------
    list of dict
        ``{"cod_distrito", "nome", "ponto"}`` (``ponto``: ``"vila"`` or ``"sede municipal"``),
        in district-code order; ``[]`` when none is taken.
    """
    from ..geo.area_file import read_area
    from ..geo.districts import district_points

    import shapely

    pts = district_points(store, list(candidate.origins)).sort_values("cod_distrito")
    drawn = read_area(candidate.boundary) if candidate.boundary is not None else None
    out = []
    for r in pts.itertuples():
        if r.cod_distrito in candidate.districts or (
                drawn is not None and drawn.covers(shapely.Point(r.geometry.x, r.geometry.y))):
            out.append({"cod_distrito": r.cod_distrito, "nome": r.nome, "ponto": r.ponto})
    listed = {o["cod_distrito"] for o in out}
    names = store.districts.set_index("cod_distrito")["nome"]
    for code in candidate.districts:  # a listed district with no known point is taken too
        if code not in listed:
            out.append({"cod_distrito": code, "nome": str(names.get(code, code)), "ponto": ""})
    return out


def study_data_flags(candidate: Candidate, store, settings) -> list:
    """Conflicts between the published figures a study reads
    (:func:`viabilidade.data.incoherence.data_flags`): its origins, the area's whole
    municipalities and the destination, at the settings' population threshold and vintage."""
    from ..data.incoherence import data_flags

    codes = [*candidate.origins, *candidate.municipalities,
             *([candidate.destination] if candidate.destination else [])]
    return data_flags(store, codes, population_threshold=settings.population,
                      population_vintage=settings.population_vintage)


class ProfileMemo:
    """The territory facts and profiles already built for one store, reused by :func:`analyse`.

    A profile depends on the candidate (its ``[settings]`` table aside), on the settings of
    :data:`viabilidade.operations.evaluation.PROFILE_SETTINGS` (I-4 perimeter, I-5 tolerance,
    population vintage) and on the study day; the territory facts only on the candidate and
    :data:`TERRITORY_SETTINGS`. A threshold or another reading changes neither: with a memo,
    :func:`analyse` re-runs the rules on the same profile (the explorer keeps one per store).
    A boundary or urban-perimeter file is known by its path, size and modification time, so a
    file rewritten in place is read again. The last ``size`` entries of each kind are kept.
    """

    def __init__(self, size: int = 12):
        self.size = size
        self._facts: list = []
        self._profiles: list = []
        self._checked: list = []      # candidates (settings aside) build_profile has checked

    @staticmethod
    def _files(candidate: Candidate) -> tuple:
        out = []
        for path in (candidate.boundary, candidate.urban_perimeter):
            try:
                st = Path(path).stat() if path is not None else None
            except OSError:
                st = None
            out.append((path, None if st is None else (st.st_size, st.st_mtime_ns)))
        return tuple(out)

    def _get(self, entries: list, key, make):
        for k, value in entries:
            if k == key:
                return value
        value = make()
        entries.append((key, value))
        del entries[:-self.size]
        return value

    def profile(self, candidate: Candidate, store, settings) -> tuple[Territory, Profile]:
        """(territory facts, profile) of ``candidate`` under ``settings``, built once."""
        from ..operations.evaluation import PROFILE_SETTINGS

        bare = (replace(candidate, settings={}), self._files(candidate), id(store))
        facts = self._get(self._facts, (bare, tuple(getattr(settings, k) for k in TERRITORY_SETTINGS)),
                          lambda: territory(candidate, store, settings))
        key = (bare, tuple(getattr(settings, k) for k in sorted(PROFILE_SETTINGS)),
               settings.study_day())
        def build() -> Profile:
            profile = build_profile(candidate, store, settings, facts, checked=bare in self._checked)
            if bare not in self._checked:       # check_candidate passed: not run again
                self._checked.append(bare)
                del self._checked[:-self.size]
            return profile

        return facts, self._get(self._profiles, key, build)


def analyse(candidate_path: str | Path | Candidate, *, store=None, settings=None,
            memo: ProfileMemo | None = None, alternatives: bool = True) -> Analysis:
    """Analyse one candidate under LC 02/1990.

    Parameters
    ----------
    candidate_path : str, Path or Candidate
        The candidate TOML (or an already loaded candidate).
    store : viabilidade.data.store.Store, optional
        Processed data; default :func:`viabilidade.data.store.load_store`.
    settings : Settings, optional
        Overrides applied on top of the candidate's ``[settings]`` table.
    memo : ProfileMemo, optional
        Territory facts and profiles already built for this store (the explorer's): a change
        of threshold or of a reading that does not act on the profile re-runs only the rules.
    alternatives : bool
        ``False``: :attr:`Analysis.alternatives` is left ``None``, for the caller to fill
        (the explorer shows the conclusion before the verdicts under the other readings).

    Returns
    -------
    Analysis

    Raises
    ------
    CandidateError
        Malformed candidate, or one inconsistent with the data.
    DataError
        Processed data missing or malformed.
    """
    from ..data.store import load_store
    from ..operations import evaluate, verdict_under_alternatives
    from .seat_name import seat_notice
    from ..rules import Settings

    candidate = (candidate_path if isinstance(candidate_path, Candidate)
                 else load_candidate(candidate_path))
    store = store if store is not None else load_store()
    base = Settings.from_dict(candidate.settings, source=candidate.path)
    if settings is not None:
        base = base.merge(settings)
    memo = memo if memo is not None else ProfileMemo()
    facts, profile = memo.profile(candidate, store, base)
    results = evaluate(candidate, profile, base)

    def rebuild(alt):       # the territory is measured again only when I-4/I-5 change
        return memo.profile(candidate, store, alt)[1]

    provenance = provenance_records(store)
    return Analysis(candidate=candidate, settings=base, profile=profile, results=results,
                    verdict=verdict(results), provenance=provenance,
                    data_flags=study_data_flags(candidate, store, base),
                    seat_notice=seat_notice(candidate, store),
                    alternatives=(verdict_under_alternatives(candidate, profile, base,
                                                             rebuild=rebuild)
                                  if alternatives else None))
