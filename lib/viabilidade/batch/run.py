"""A whole batch: plan, skip what is up to date, run the rest on an engine, write the index."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import resume
from .index import write_index
from .lock import BatchLock
from .plan import (candidate_files, drop_generated_twins, given_files, job_params, make_jobs,
                   slug_taken)
from .unit import FAILED

#: The progress bar: pt-BR words and no rate (tqdm would print "1.27s/estudo", with a point).
BAR_FORMAT = ("{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} estudos "
              "[{elapsed} decorridos, faltam {remaining}{postfix}]")


@dataclass
class BatchResult:
    """What a batch did.

    Attributes
    ----------
    records : list of dict
        One result record per candidate (see :func:`viabilidade.batch.unit.run_one`), ordered
        by slug; skipped studies carry their saved record with ``skipped`` true.
    index : dict
        Paths of index.html, resultados.csv, resultados.parquet.
    seconds : float
        Wall time of the whole batch.
    not_run : list of dict
        For an interrupted batch, the candidates that did not run in this run (slug,
        candidate, name, earlier: true when an earlier run's study of it is still on disk
        and listed in the index).
    superseded : list of dict
        Earlier study folders left out of the index because their candidate file now has
        another slug: slug (the old folder, still on disk), candidate, now (the new slug).
    twins : list of dict
        Generated candidates (``--gerar``) left out because a candidate the user gave studies
        the same area (:func:`~viabilidade.batch.plan.drop_generated_twins`): slug,
        candidate, same_as, same_file, kept (true: studied after all, the user's file
        failing the check against the data).
    earlier : list of dict
        The index's rows of candidates this run did not have: the last record an earlier
        run left in each of those study folders (marked there "de uma execução anterior").
    """

    records: list[dict] = field(default_factory=list)
    index: dict = field(default_factory=dict)
    seconds: float = 0.0
    not_run: list[dict] = field(default_factory=list)
    superseded: list[dict] = field(default_factory=list)
    twins: list[dict] = field(default_factory=list)
    earlier: list[dict] = field(default_factory=list)

    @property
    def failures(self) -> list[dict]:
        """Records of the candidates that failed."""
        return [r for r in self.records if r["status"] == FAILED]

    @property
    def skipped(self) -> list[dict]:
        """Records of the studies skipped as up to date."""
        return [r for r in self.records if r.get("skipped")]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped a batch; the index was written. ``result`` is its
    :class:`BatchResult`; ``how`` says what stopped it (``"Ctrl-C"`` or ``"SIGTERM"``)."""

    def __init__(self, result: BatchResult, how: str = "Ctrl-C"):
        super().__init__("lote interrompido")
        self.result = result
        self.how = how


def run_batch(sources: list[str | Path], out_dir: str | Path, *, family: str | None = None,
              workers: int | None = None, scheduler: str | None = None, force: bool = False,
              settings: dict | None = None, data_root: str | Path | None = None,
              template: str | Path | None = None, study: str | None = None,
              progress: bool = True, rulesets: list[str] | None = None) -> BatchResult:
    """Run every candidate's study into ``out_dir/<slug>/`` and write the batch index.

    Parameters
    ----------
    sources : list of str or Path
        Candidate files and folders (see :func:`viabilidade.batch.plan.candidate_files`).
    out_dir : str or Path
        The batch folder, ``outputs/<lote>``.
    family : str, optional
        Generated family added to the sources (``"distritos-nao-sede"``).
    workers : int, optional
        Local worker processes; default ``os.cpu_count()``.
    scheduler : str, optional
        ``tcp://HOST:PORT`` of a Dask scheduler: run there instead of locally.
    force : bool
        Re-run studies even when their inputs are unchanged.
    settings : dict, optional
        ``Settings.to_dict()`` applied to every study (None: the defaults).
    data_root, template : path, optional
        Processed store and notebook template passed to every study.
    study : str, optional
        Study function as ``"module:function"`` (default ``viabilidade.report.study:run_study``).
    progress : bool
        Show a tqdm progress bar (current candidate, ETA) on stderr, only when stderr is a
        terminal (never in a pipe or a log file).
    rulesets : list of str, optional
        ``--regras`` for every study ("Sob outras regras"), as
        :func:`viabilidade.rules.ruleset.portable` gives them (ids, absolute paths).

    Returns
    -------
    BatchResult
        Its index lists every study in ``out_dir``: this run's and the earlier runs' (the
        last record of each study folder), written atomically.

    Raises
    ------
    ViabilidadeError
        For bad input to the batch as a whole (missing source, no candidates, unreachable
        scheduler, a template that is not a notebook, a ``candidatos/`` that is a symbolic
        link), or another run holding the folder (:class:`~viabilidade.batch.lock.BatchLock`,
        naming its pid); the index of earlier runs is then left unchanged. A failing candidate
        never raises: it becomes a failure record.
    BatchInterrupted
        On Ctrl-C (a ``KeyboardInterrupt``), after stopping the workers and writing an
        index that says the batch was interrupted and lists the candidates that did not run.
    """
    from ..data.store import load_store
    from ..report.writers.atomic import check_output_folder

    started = time.perf_counter()
    out_dir = Path(out_dir)
    data_root = Path(data_root) if data_root else None
    from ..common.tempfiles import sweep_stale

    sweep_stale()  # temporary folders of earlier runs killed with kill -9
    # a missing or altered store stops the batch before anything is written
    store = load_store(data_root)
    template = Path(template) if template else None
    if template is not None:
        from ..report.runner import read_template

        # not a notebook, or no candidate_path to inject: refused once, its content never quoted
        read_template(template, needs=("candidate_path",))
    given_files(sources, family)  # a missing source or no candidate: refused, no folder made
    check_output_folder(out_dir)  # exists or can be made, writable, has space
    out_dir.mkdir(parents=True, exist_ok=True)
    with BatchLock(out_dir):  # a second run on this folder is refused while this one runs
        return _run_locked(sources, out_dir, started=started, family=family, workers=workers,
                           scheduler=scheduler, force=force, settings=settings,
                           data_root=data_root, store=store, template=template, study=study,
                           progress=progress, rulesets=rulesets)


def _run_locked(sources, out_dir: Path, *, started: float, family, workers, scheduler, force,
                settings, data_root, store, template, study, progress, rulesets) -> BatchResult:
    """The body of :func:`run_batch`, run while this process holds the batch folder's lock
    (``store``: the processed store ``run_batch`` checked, opened once for the whole batch)."""
    from tqdm import tqdm

    jobs = make_jobs(candidate_files(sources, family=family, out_dir=out_dir, data_root=data_root))
    twins: list[dict] = []
    if family is not None:  # a district the user gave is not studied twice
        jobs, twins = drop_generated_twins(jobs, out_dir / "candidatos",
                                           fails=lambda path: _fails_data_check(path, store))
    common = resume.common_digest(settings=settings, data_root=data_root, template=template,
                                  study=study, rulesets=rulesets)
    records: list[dict] = []
    to_run: list[dict] = []
    folders = resume.saved_records(out_dir)  # each study folder's last record
    run_id = f"{os.getpid()}-{time.time_ns()}"  # in each record this run's workers write
    for job in jobs:
        params = job_params(job, out_dir, common=common, settings=settings,
                            data_root=data_root, template=template, study=study)
        params["run"] = run_id
        if rulesets:
            params["rulesets"] = list(rulesets)
        saved = None if (force or job.problem) else resume.load_if_current(
            out_dir / job.slug, params["digest"])
        if saved is None and (taken := slug_taken(job, folders.get(job.slug))) is not job:
            job = taken  # its folder holds another file's study: refused, nothing written
            params.update(problem=job.problem, own_folder=False, digest=None)
        if saved is not None:
            records.append({**saved, "skipped": True, "seconds": 0.0})
        elif job.problem:  # known before running: failed now, listed even if interrupted
            from .unit import failure_record

            records.append(failure_record(params, job.problem))
        else:
            to_run.append(params)

    import sys

    # disable=None: no bar when stderr is not a terminal (a pipe, a log file), as data fetch
    bar = tqdm(total=len(jobs), initial=len(records), unit="estudo",
               disable=None if progress else True, file=sys.stderr,
               desc="lote", bar_format=BAR_FORMAT, dynamic_ncols=True)
    if records:
        bar.set_postfix_str(f"{len(records)} em dia (pulados)")

    def on_result(record: dict) -> None:
        records.append(record)
        bar.update(1)
        mark = "falhou" if record["status"] == FAILED else (record.get("verdict") or "ok")
        bar.set_postfix_str(f"{record['slug']}: {mark}", refresh=True)

    interrupted = False
    try:
        if to_run:
            if scheduler:
                from .cluster import run_cluster

                run_cluster(to_run, scheduler, on_result, study=study)
            else:
                from .local import run_local

                run_local(to_run, workers or os.cpu_count() or 1, on_result, study=study)
    except KeyboardInterrupt as stop:
        from ..errors import how_stopped

        interrupted = how_stopped(stop)
    finally:
        bar.close()
    # A batch that failed as a whole (unreachable scheduler...) raised above: the index of the
    # earlier runs is left as it was.
    if interrupted:  # a study its worker finished as the batch stopped (common.finishing):
        done = {r["slug"] for r in records}    # its digest is there, its result never came
        for p in to_run:
            saved = (resume.load_if_current(out_dir / p["slug"], p["digest"])
                     if p["slug"] not in done and p.get("digest") else None)
            if saved is not None and saved.get("run") == run_id:  # not an earlier run's
                records.append({**saved, "skipped": False})
    records.sort(key=lambda r: r["slug"])
    done = {r["slug"] for r in records}
    listed, superseded = _index_records(records, out_dir, jobs,
                                        {t["slug"] for t in twins if not t["kept"]})
    on_disk = {r["slug"] for r in listed}
    not_run = [{"slug": p["slug"], "candidate": p["candidate"], "name": p.get("name"),
                "earlier": p["slug"] in on_disk}
               for p in to_run if p["slug"] not in done] if interrupted else None
    index = write_index(listed, out_dir, not_run=not_run, stopped_by=interrupted or "Ctrl-C",
                        force=force)
    # this run's folders (a file refused for a slug whose folder is another file's has none)
    ours = {r["slug"] for r in records if r.get("folder") is not None} | {p["slug"] for p in to_run}
    earlier = [r for r in listed if r.get("earlier_run") and r["slug"] not in ours]
    result = BatchResult(records, index, round(time.perf_counter() - started, 3), not_run or [],
                         superseded, twins, earlier)
    if interrupted:
        raise BatchInterrupted(result, interrupted)
    return result


def _fails_data_check(path: Path, store) -> bool:
    """Whether a user's candidate fails the checks ``estudo`` runs before a study (the file,
    then :func:`viabilidade.profile.build.check_candidate` against ``store``, the batch's
    :class:`~viabilidade.data.store.Store`): its generated twin then stays in the batch
    (:func:`~viabilidade.batch.plan.drop_generated_twins`)."""
    from ..errors import ViabilidadeError
    from ..profile.build import check_candidate, read_candidate

    try:
        check_candidate(read_candidate(path), store)
    except ViabilidadeError:
        return True
    return False


def _index_records(records: list[dict], out_dir: Path, jobs,
                   left_out: set[str] = frozenset()) -> tuple[list[dict], list[dict]]:
    """This run's records and, for every other study folder on disk, its last record marked
    ``earlier_run`` (the index says which rows are of an earlier run: a failure of a file
    that is not in this run was listed as if it had just failed) — except
    an earlier study of a candidate of this run that now has another slug (its ``slug``
    changed): that folder is left on disk but out of the index, and returned as superseded
    (slug, candidate, now: the new slug), so that the old study never passes for a current
    one; and except the folders of ``left_out`` (generated twins of a user's candidate)."""
    by_slug = resume.saved_records(out_dir)
    for slug in left_out:
        by_slug.pop(slug, None)
    now = {str(job.candidate): job.slug for job in jobs}
    superseded = []
    for slug in sorted(by_slug):
        candidate = str(by_slug[slug].get("candidate"))
        if candidate in now and now[candidate] != slug:
            superseded.append({"slug": slug, "candidate": candidate, "now": now[candidate]})
            del by_slug[slug]
    for slug in by_slug:  # not replaced below: an earlier run's, which the index says
        by_slug[slug] = {**by_slug[slug], "earlier_run": True}
    by_slug.update({r["slug"]: r for r in records if r.get("folder") is not None})
    # files refused for sharing a slug have no folder: each is its own row, under the slug
    # its file writes (several rows may share it), never merged with a folder's record
    apart = [r for r in records if r.get("folder") is None]
    rows = [by_slug[s] for s in sorted(by_slug)] + apart
    return sorted(rows, key=lambda r: r["slug"]), superseded
