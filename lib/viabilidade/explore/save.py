"""Write a scenario as a candidate TOML that ``viabilidade estudo`` turns into the same study.

The file has exactly the keys :func:`viabilidade.candidate.load_candidate` reads, so
``load_candidate(save_scenario(s, path))`` gives back :meth:`Scenario.to_candidate` (with the
new path). Settings that differ from the law's defaults go in the ``[settings]`` table.

What-if figures (a hypothetical population, a projection) have no place in a candidate file:
a study is made on the data's figures. Saving a scenario that has them needs
``drop_overrides=True``; the file then lists them in comments at the top, so the reader knows
the interactive view differed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tomli_w

from ..candidate import Candidate
from ..errors import CandidateError
from .scenario import Scenario


def _money(m) -> dict | None:
    return None if m is None else {"value_brl": m.value_brl, "year": m.year, "source": m.source}


def _evidence(items: dict) -> dict:
    return {k: {"what": e.what, "where": e.where, "document": e.document} for k, e in items.items()}


def _drop_empty(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None and v != {} and v != []}


def candidate_document(candidate: Candidate, folder: Path) -> dict[str, Any]:
    """The candidate as a TOML document (plain dict), paths relative to ``folder``.

    Parameters
    ----------
    candidate : Candidate
    folder : Path
        Folder of the file being written; the boundary file is stored relative to it.

    Returns
    -------
    dict
        Keys as in the candidate file format (``viabilidade.candidate`` module docstring).
    """
    c = candidate
    area = {"districts": list(c.districts), "municipalities": list(c.municipalities)}
    if c.boundary is not None:
        area["boundary"] = Path(os.path.relpath(Path(c.boundary).resolve(),
                                                Path(folder).resolve())).as_posix()
    doc: dict[str, Any] = {
        "slug": c.slug, "operation": c.operation, "name": c.name, "seat": c.seat,
        "creation_year": c.creation_year, "request_date": c.request_date,
        "area": _drop_empty(area),
        "origin": {"municipalities": list(c.origins)} if c.origins else None,
        "destination": {"municipality": c.destination} if c.destination else None,
        "seat_point": ({"lat": c.seat_point[0], "lon": c.seat_point[1]}
                       if c.seat_point is not None else None),
        "special_interest": _drop_empty({
            "declared": c.special_interest, "kind": c.special_interest_kind,
            "justification": c.special_interest_justification or None}),
    }
    process: dict[str, Any] = {"petition_signatures": c.petition_signatures}
    if c.plebiscite is not None:
        p = c.plebiscite
        process["plebiscite"] = _drop_empty({
            "eligible": p.eligible, "turnout": p.turnout, "yes": p.yes, "no": p.no,
            "blank": p.blank, "void": p.void, "date": p.date,
            "seat_question_approved": p.seat_question_approved})
    doc["process"] = _drop_empty(process)
    doc["evidence"] = _evidence(c.evidence)
    doc["boundary_correction"] = _evidence(c.boundary_correction)
    doc["fiscal"] = _drop_empty({k: _money(getattr(c, k)) for k in (
        "collection", "state_tax_revenue", "value_added_area", "value_added_origin",
        "origin_icms_quota")})
    doc["settings"] = {k: (list(v) if isinstance(v, tuple) else v)
                       for k, v in c.settings.items() if v is not None}
    return _drop_empty(doc)


def scenario_toml(scenario: Scenario, path: Path, *, drop_overrides: bool = False) -> str:
    """The text of the candidate file for ``scenario`` saved at ``path``.

    Raises
    ------
    CandidateError
        If the scenario has figure overrides and ``drop_overrides`` is false (the message
        lists them).
    """
    lines = []
    if scenario.hypothetical:
        items = ([f"{o.subject} {o.quantity} = {o.value}" for o in scenario.overrides]
                 + [f"{p.quantity} projected to {p.to_year}" for p in scenario.projections])
        if not drop_overrides:
            raise CandidateError(
                f"the scenario has what-if figures ({'; '.join(items)}) that a candidate file "
                "cannot hold: a study uses the data's figures. Remove them, or save with "
                "drop_overrides=True", file=path, field="overrides")
        lines = ["# Cenário salvo da exploração (notebooks/explorar) sem os valores hipotéticos:",
                 *(f"#   {o.subject} · {o.quantity} = {o.value} — {o.note}" for o in scenario.overrides),
                 *(f"#   {p.assumptions()}" for p in scenario.projections), ""]
    candidate = scenario.replace(path=Path(path)).to_candidate()
    header = ["# Candidato gerado pela exploração (notebooks/explorar).", ""]
    return "\n".join(header + lines) + tomli_w.dumps(candidate_document(candidate, Path(path).parent))


def save_scenario(scenario: Scenario, path: str | Path | None = None, *, overwrite: bool = False,
                  drop_overrides: bool = False) -> Path:
    """Write the scenario as a candidate TOML file.

    Parameters
    ----------
    scenario : Scenario
    path : str or Path, optional
        Target file; default ``scenario.path`` or ``data/candidates/<slug>.toml``.
    overwrite : bool
        Replace an existing file.
    drop_overrides : bool
        Save even though what-if figures are set (they are listed in comments, not applied).

    Returns
    -------
    Path
        The file written (UTF-8). ``viabilidade estudo <path>`` runs the same study.

    Raises
    ------
    CandidateError
        If the file exists and ``overwrite`` is false, or overrides are set (see
        :func:`scenario_toml`).
    """
    target = Path(path) if path is not None else Path(scenario.to_candidate().path)
    if target.exists() and not overwrite:
        raise CandidateError("the file already exists; choose another name or overwrite=True",
                             file=target)
    text = scenario_toml(scenario, target, drop_overrides=drop_overrides)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    return target
