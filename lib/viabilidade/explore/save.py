"""Write a scenario as a candidate TOML that ``viabilidade estudo`` turns into the same study.

The file has exactly the keys :func:`viabilidade.proposal.candidate.load_candidate` reads, so
``load_candidate(save_scenario(s, path))`` gives back :meth:`Scenario.to_candidate` (with the
new path). Settings that differ from the law's defaults go in the ``[settings]`` table.

What-if figures (a hypothetical population, a projection) have no place in a candidate file:
a study is made on the data's figures. Saving a scenario that has them needs
``drop_overrides=True`` (in the explorer: the box "salvar sem os valores hipotéticos"); the
file then lists them in comments at the top, so the reader knows the interactive view differed.

Relative target paths are taken from the repository's root (:data:`viabilidade.data.paths.REPO`),
never from the kernel's current folder: a notebook runs in ``notebooks/``. A drawn area boundary
is copied beside the candidate (``<name>.geojson``) and referenced relative to it. Files are
written with :func:`viabilidade.report.writers.atomic.write_files_atomically`.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import tomli_w

from ..proposal.candidate import Candidate, slugify
from ..data.paths import REPO
from ..errors import CandidateError
from ..report.writers import format as fmt
from ..report.writers.atomic import write_files_atomically
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
        Keys as in the candidate file format (``viabilidade.proposal.candidate`` module docstring).
    """
    c = candidate
    def relative(p) -> str:
        return Path(os.path.relpath(Path(p).resolve(), Path(folder).resolve())).as_posix()

    area = {"districts": list(c.districts), "municipalities": list(c.municipalities)}
    if c.boundary is not None:
        area["boundary"] = relative(c.boundary)
    origin = {"municipalities": list(c.origins)} if c.origins else {}
    if c.urban_perimeter is not None:
        origin["urban_perimeter"] = relative(c.urban_perimeter)
    doc: dict[str, Any] = {
        "slug": c.slug, "operation": c.operation, "name": c.name, "seat": c.seat,
        "creation_year": c.creation_year, "request_date": c.request_date,
        "area": _drop_empty(area),
        "origin": origin or None,
        "destination": {"municipality": c.destination} if c.destination else None,
        "seat_point": ({"lat": c.seat_point[0], "lon": c.seat_point[1]}
                       if c.seat_point is not None else None),
        "special_interest": _drop_empty({
            "declared": c.special_interest, "kind": c.special_interest_kind,
            "justification": c.special_interest_justification or None}),
    }
    process: dict[str, Any] = {"petition_signatures": c.petition_signatures,
                               "petition_document": c.petition_document,
                               "petition_date": c.petition_date,
                               "restored_process": c.restored_process}
    if c.plebiscite is not None:
        p = c.plebiscite
        process["plebiscite"] = _drop_empty({
            "eligible": p.eligible, "turnout": p.turnout, "yes": p.yes, "no": p.no,
            "blank": p.blank, "void": p.void, "date": p.date,
            "seat_question_approved": p.seat_question_approved, "document": p.document})
    doc["process"] = _drop_empty(process)
    doc["evidence"] = _evidence(c.evidence)
    doc["boundary_correction"] = _evidence(c.boundary_correction)
    doc["fiscal"] = _drop_empty({k: _money(getattr(c, k)) for k in (
        "collection", "state_tax_revenue", "value_added_area", "value_added_origin",
        "origin_icms_quota", "own_revenue")})
    doc["settings"] = {k: (list(v) if isinstance(v, tuple) else v)
                       for k, v in c.settings.items() if v is not None}
    return _drop_empty(doc)


#: What the explorer's checkbox that drops what-if values is called (named in messages).
DROP_OVERRIDES_CONTROL = "salvar sem os valores hipotéticos"


def scenario_toml(scenario: Scenario, path: Path, *, drop_overrides: bool = False) -> str:
    """The text of the candidate file for ``scenario`` saved at ``path``.

    The file's ``slug`` (its study's folder, ``outputs/<slug>/``) is the file's own name
    (:func:`~viabilidade.proposal.candidate.slugify` of its stem), so two variants of one scenario
    saved in two files never share a study folder.

    Raises
    ------
    CandidateError
        If the scenario has figure overrides and ``drop_overrides`` is false (the message
        lists them, in Portuguese).
    """
    lines = []
    if scenario.hypothetical:
        items = ([f"{OVERRIDE_NAMES.get(o.quantity, o.quantity)} = {fmt.number(o.value)}"
                  for o in scenario.overrides]
                 + [f"{OVERRIDE_NAMES.get(p.quantity, p.quantity)} projetado para {p.to_year}"
                    for p in scenario.projections])
        if not drop_overrides:
            raise CandidateError(
                f"o cenário tem valores hipotéticos ou projetados ({'; '.join(items)}) que um "
                "arquivo de candidato não guarda: o estudo usa os números dos dados. Desligue-os "
                f"na aba «E se…», ou marque «{DROP_OVERRIDES_CONTROL}» para salvar sem eles",
                file=path, field="overrides")
        lines = ["# Cenário salvo da exploração (notebooks/explorar) sem os valores hipotéticos:",
                 *(f"#   {o.subject} · {o.quantity} = {o.value} — {o.note}" for o in scenario.overrides),
                 *(f"#   {p.assumptions()}" for p in scenario.projections), ""]
    candidate = dataclasses.replace(scenario.replace(path=Path(path)).to_candidate(),
                                    slug=slugify(Path(path).stem))
    header = ["# Candidato gerado pela exploração (notebooks/explorar).", ""]
    return "\n".join(header + lines) + tomli_w.dumps(candidate_document(candidate, Path(path).parent))


#: Portuguese names of the quantities a what-if may replace.
OVERRIDE_NAMES = {"population": "população", "electors": "eleitores", "buildings": "edificações",
                  "collection": "arrecadação"}


def free_name(target: Path) -> Path:
    """``target``, or ``<stem>-2.toml``, ``<stem>-3.toml`` … the first that does not exist
    (together with its ``.geojson`` beside it). After a save the explorer proposes this for
    the next one (``santa-rosa.toml`` saved: ``santa-rosa-2.toml``)."""
    n, out = 1, target
    while out.exists() or out.with_suffix(".geojson").exists():
        n += 1
        out = target.with_name(f"{target.stem}-{n}{target.suffix}")
    return out


def resolve_target(path: str | Path | None, scenario: Scenario, *, free: bool = False) -> Path:
    """The absolute file a scenario is saved to.

    ``None`` or empty: ``<repo>/data/candidates/<slug>.toml``; a relative path is taken from
    the repository's root; a folder (existing, or written with a trailing separator) gets
    ``<slug>.toml`` inside it; ``~`` is expanded. With ``free``, a name the tool chose (the
    default, or ``<slug>.toml`` in a folder) that already exists becomes ``<slug>-2.toml``
    (``-3`` …): a second variant never takes the first one's file or slug. A file named
    explicitly is returned as given.
    """
    text = "" if path is None else str(path).strip()
    if not text:
        target = Path(scenario.to_candidate().path).resolve()
        return free_name(target) if free and scenario.path is None else target
    target = Path(text).expanduser()
    if not target.is_absolute():
        target = REPO / target
    if target.is_dir() or text.endswith(("/", os.sep)):
        target = _real(target / f"{scenario.slug}.toml")
        return free_name(target) if free else target
    return _real(target)


def _real(path: Path) -> Path:
    """``path`` with its links resolved, as :meth:`Path.resolve`; a symbolic link loop on
    the way is left as it is (``Path.resolve`` raised ``RuntimeError: Symlink loop``, a
    traceback out of the explorer's upload, hostile trial 7): writing there then fails with
    ``ELOOP``, which the writers tell in pt-BR (``os_errors.loop_reason``)."""
    return Path(os.path.realpath(path))


def save_scenario(scenario: Scenario, path: str | Path | None = None, *, overwrite: bool = False,
                  drop_overrides: bool = False, boundary_beside: bool = False) -> Path:
    """Write the scenario as a candidate TOML file.

    Parameters
    ----------
    scenario : Scenario
    path : str or Path, optional
        Target file or folder (:func:`resolve_target`); default
        ``<repo>/data/candidates/<slug>.toml``, or ``<slug>-2.toml`` … when that exists.
    overwrite : bool
        Replace an existing file (then a default or folder target keeps ``<slug>.toml``).
    drop_overrides : bool
        Save even though what-if figures are set (they are listed in comments, not applied).
    boundary_beside : bool
        Copy the scenario's boundary file (a polygon drawn on the explorer's map) beside the
        candidate as ``<name>.geojson`` and reference that copy (``area.boundary``).

    Returns
    -------
    Path
        The absolute file written (UTF-8), whose ``slug`` is its own name
        (:func:`scenario_toml`). ``viabilidade estudo <path>`` runs the same study.

    Raises
    ------
    CandidateError
        If the file (or the boundary copy) exists and ``overwrite`` is false, the target is not
        a ``.toml`` file, or overrides are set (see :func:`scenario_toml`).
    """
    target = resolve_target(path, scenario, free=not overwrite)
    if target.suffix != ".toml":
        raise CandidateError(f"o arquivo termina em {target.suffix or '(sem extensão)'!r}; esperado "
                             "um arquivo .toml (por exemplo data/candidates/nome.toml)", file=target)
    files = {target.name: None}
    boundary = scenario.boundary
    if boundary_beside and boundary is not None:
        beside = target.with_suffix(".geojson")
        files[beside.name] = Path(boundary).read_bytes()
        scenario = scenario.replace(boundary=beside)
    existing = [target.parent / n for n in files if (target.parent / n).exists()]
    if existing and not overwrite:
        raise CandidateError(f"o arquivo já existe ({', '.join(str(e) for e in existing)}); escolha "
                             "outro nome ou marque «substituir arquivo existente»", file=target)
    files[target.name] = scenario_toml(scenario, target, drop_overrides=drop_overrides).encode("utf-8")
    target.parent.mkdir(parents=True, exist_ok=True)
    write_files_atomically(target.parent, files)
    return target
