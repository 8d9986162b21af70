"""Apply the articles an operation declares (:mod:`viabilidade.operations`), and the verdict
under every alternative reading (docs/LEITURAS.md I-1 … I-11 and the special-interest reduction on/off)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import dataclasses
from collections.abc import Callable

from ..proposal.candidate import Candidate
from ..errors import CandidateError
from ..rules.result import RuleResult, Verdict, verdict
from ..rules.settings import Settings
from .registry import operation_of

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile


def evaluate(candidate: Candidate, profile: Profile, settings: Settings | None = None) -> list[RuleResult]:
    """Apply every rule of LC 02/1990 that the candidate's operation calls for.

    Parameters
    ----------
    candidate : Candidate
        The validated candidate file (operation, origins, special interest, process facts,
        evidence, fiscal figures).
    profile : Profile
        Figures of the area and each origin's remainder, with basis and provenance.
    settings : Settings, optional
        Interpretations and thresholds (default: the law's values, default readings).

    Returns
    -------
    list of RuleResult
        What ``operation_of(candidate).rules`` returns (each module of
        :mod:`viabilidade.operations` lists its articles).

    Raises
    ------
    CandidateError
        If the operation is unknown, or the profile was built for another operation.
    """
    settings = settings or Settings()
    op = candidate.operation
    operation = operation_of(candidate)
    if profile is not None and profile.operation != op:
        raise CandidateError(f"o perfil foi montado para {profile.operation!r}, mas a operação "
                             f"do candidato é {op!r}; esperada a mesma operação", file=candidate.path, field="operation")
    return operation.rules(candidate, profile, settings)


def _statuses(results: list[RuleResult]) -> dict[tuple[str, str], str]:
    return {(r.rule_id, r.subject): str(r.status) for r in results}


#: Settings that change the profile (geometry or data), not the rules: an alternative reading
#: of these needs the profile rebuilt (``rebuild`` in :func:`verdict_under_alternatives`).
PROFILE_SETTINGS = frozenset({"perimeter", "sliver_tolerance_km2", "population_vintage"})


def verdict_under_alternatives(candidate: Candidate, profile: Profile,
                               settings: Settings | None = None, *,
                               rebuild: Callable[[Settings], Profile] | None = None,
                               ) -> list[tuple[str, Verdict, list[str]]]:
    """Verdict under the settings given, each alternative reading, and the reduction on/off.

    Readings of :data:`PROFILE_SETTINGS` (I-4 perimeter, I-5 tolerance, population vintage)
    act on the profile: with ``rebuild`` (settings → Profile) the profile is rebuilt for them;
    without it the same profile is used and the row's description ends with
    ``" (perfil não recalculado)"``.

    Returns
    -------
    list of (description, verdict, changed_rule_ids)
        First row: the settings as given (``"leitura adotada"``). Then one row per
        :meth:`Settings.alternatives` reading, and one with the special-interest reduction
        toggled (I-2), each only when the operation's ``readings`` name it (a boundary
        correction has none: the list is then the first row alone). ``changed_rule_ids`` lists the rule ids (``"art4.par1@<subject>"``
        for per-origin rules) whose status differs from the first row.
    """
    settings = settings or Settings()
    base = evaluate(candidate, profile, settings)
    base_st = _statuses(base)
    rows = [("leitura adotada", verdict(base), [])]
    flipped = dataclasses.replace(candidate, special_interest=not candidate.special_interest)
    readings = operation_of(candidate).readings
    variants = []
    for desc, s in settings.alternatives():
        changed_field = next(f.name for f in dataclasses.fields(s)
                             if getattr(s, f.name) != getattr(settings, f.name))
        if readings is not None and changed_field not in readings:
            continue
        needs_profile = any(getattr(s, k) != getattr(settings, k) for k in PROFILE_SETTINGS)
        prof = profile
        if needs_profile:
            if rebuild is not None:
                prof = rebuild(s)
            else:
                desc += " (perfil não recalculado)"
        variants.append((desc, candidate, s, prof))
    if readings is None or "special_interest" in readings:
        variants.append(("I-2: " + ("sem a redução por interesse especial"
                                    if candidate.special_interest
                                    else "com a redução por interesse especial"),
                         flipped, settings, profile))
    for desc, cand, s, prof in variants:
        res = evaluate(cand, prof, s)
        st = _statuses(res)
        changed = sorted({rid if subj == "área" else f"{rid}@{subj}"
                          for (rid, subj), v in st.items() if base_st.get((rid, subj)) != v})
        rows.append((desc, verdict(res), changed))
    return rows
