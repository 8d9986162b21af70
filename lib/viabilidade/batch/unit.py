"""The one unit of work of a batch: run one study from plain parameters, never raise.

:func:`run_one` is what every engine maps — the local process pool
(:mod:`viabilidade.batch.local`) and a Dask cluster (:mod:`viabilidade.batch.cluster`)
alike — so parameters and results are plain, picklable values.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from ..common.imports import block_slow_imports
from ..errors import ReportError
from . import resume

#: Status of a candidate in a batch: the study was written, or it failed.
OK, FAILED = "ok", "falhou"
ERROR_FILE = "erro.txt"

#: The study function run by default (``"module:function"``).
DEFAULT_STUDY = "viabilidade.report.study:run_study"

#: Environment of a worker and of any study kernel it starts: one thread per numeric library
#: (the pool already uses every core) and a non-interactive Matplotlib backend.
KERNEL_ENV = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
              "MPLBACKEND": "Agg", "PYDEVD_DISABLE_FILE_VALIDATION": "1"}


def prepare_process() -> None:
    """Set the kernel environment (:data:`KERNEL_ENV`) and block slow imports (idempotent)."""
    for key, value in KERNEL_ENV.items():
        os.environ.setdefault(key, value)
    block_slow_imports()


def warm_up(study: str | None = None) -> None:
    """Prepare a worker process and import the study machinery once.

    Used as the process pool's initializer and run on every Dask worker, so that papermill
    and the study modules are imported once per worker instead of once per study (a local
    worker's studies then run their cells in the worker itself: :func:`_runs_in_process`).
    """
    prepare_process()
    try:  # a warm-up failure must not break the pool: the study itself will report it
        _study_function(study)
    except Exception:  # noqa: BLE001
        pass
    settle_worker()


def settle_worker() -> None:
    """A worker's collector from now on: what the warm-up imported is frozen out of its
    reach (:func:`gc.freeze`: those modules live as long as the worker) and it collects less
    often (:func:`~viabilidade.common.imports.collect_less`), so the worker's full
    collections no longer walk the study machinery again every few studies (0,10 s each,
    issue 30). The garbage each study leaves is still collected."""
    import gc

    from ..common.imports import collect_less

    collect_less()
    gc.freeze()


def problems(error: str | None) -> list[str]:
    """Every problem a failed study's error text states, one line each.

    An error text is its problems, one per line (a candidate file with two bad fields gives
    two lines: :attr:`~viabilidade.errors.ViabilidadeError.lines`), then, after a blank
    line, what helps a developer (a traceback). The problems are the lines before the first
    blank line; when the first line only introduces what follows (ends with ``:``, as an
    older "o caderno do estudo falhou:" did), it is joined to the text's last line, which
    names the exception.
    """
    if not error:
        return []
    text = error.strip()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and set(ln.strip()) != {"-"}]
    if not lines:
        return []
    if lines[0].endswith(":") and len(lines) > 1:
        return [f"{lines[0]} {lines[-1]}"]
    head = text.split("\n\n", 1)[0]
    return [ln.strip() for ln in head.splitlines() if ln.strip()]


def reason(error: str | None) -> str | None:
    """Why a study failed, from its full error text: its :func:`problems`, one per line
    (None for no error)."""
    return "\n".join(problems(error)) or None


def _study_function(study: str | None):
    """Import the study function named ``"module:function"`` (default: ``run_study``)."""
    import importlib

    module, _, name = (study or DEFAULT_STUDY).partition(":")
    return getattr(importlib.import_module(module), name)


def _runs_in_process() -> bool:
    """True when this worker runs its studies' notebooks in its own process
    (:mod:`viabilidade.report.inprocess`), as ``estudo`` does: on the process's main thread,
    which a local pool's worker runs its studies on (issue 30: no kernel to start, nothing
    imported or read twice; outputs byte-identical to a kernel's,
    ``benchmarks/same_results.py --paths``). A Dask worker runs its studies on several
    threads: each keeps its own warm kernel there, since in-process studies would take turns
    (one notebook at a time in a process) and a cell's time limit needs the main thread's
    ``SIGALRM``."""
    import threading

    from ..report import inprocess

    return threading.current_thread() is threading.main_thread() and inprocess.available()


def _file_map(folder: Path, files) -> dict[str, str]:
    """Files of a study as {kind: name relative to its folder}, kind = suffix (html, pdf, ...)."""
    if isinstance(files, dict):
        items = files.values()
    else:
        items = files or []
    out = {}
    for f in items:
        p = Path(f)
        p = p if p.is_absolute() else folder / p
        try:
            rel = p.resolve().relative_to(folder.resolve())
        except ValueError:
            continue
        out[p.suffix.lstrip(".").lower() or p.name] = rel.as_posix()
    return dict(sorted(out.items()))


def _study_folder(params: dict) -> Path:
    """The study's folder inside the batch folder, refusing a symbolic link (ReportError)."""
    from ..report.writers.atomic import folder_inside

    return folder_inside(Path(params["out_root"]), params["slug"])


def failure_record(params: dict, error: str, started: float | None = None) -> dict:
    """A failure record for ``params``; the error text is also left as ``erro.txt`` in
    ``out_root/<slug>/`` (the study's own folder) unless the study already wrote one, and the
    record as ``.registro.json`` (for the batch index; see :func:`resume.remember_failure`).
    When that folder is a symbolic link nothing is written at all (the error says why). When
    the folder holds an earlier successful study whose files are still whole, the record
    carries that study's record as ``previous`` (:func:`resume.earlier_study`), and the
    index links it. A job without a folder of its own (``params["own_folder"]`` false: a
    slug several files share, :func:`viabilidade.batch.plan.make_jobs`) writes nothing; its
    record's ``folder`` is ``None``."""
    started = time.perf_counter() if started is None else started
    if params.get("own_folder") is False:   # a shared slug: no folder is any of theirs
        return _failed(params, error, None, {}, started)
    try:
        folder = _study_folder(params)
    except ReportError as e:  # a link: nothing is written through it, the record says why
        error = f"{e}\n{error}" if str(e) not in error else error
        return _failed(params, error, params["slug"], {}, started)
    previous = resume.earlier_study(folder)  # an earlier study still whole on disk
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not (folder / ERROR_FILE).is_file():
            (folder / ERROR_FILE).write_text(error + "\n", encoding="utf-8")
        files = {p.name: p.name for p in sorted(folder.iterdir())
                 if p.is_file() and not p.name.startswith(".")}
    except OSError:
        files = {}
    record = _failed(params, error, params["slug"], dict(sorted(files.items())), started)
    if previous is not None:
        record["previous"] = previous
    try:
        resume.remember_failure(folder, record)
    except OSError:
        pass
    return record


def _failed(params: dict, error: str, folder: str | None, files: dict, started: float) -> dict:
    """The record of a failed study (:func:`failure_record`'s three cases): ``folder`` is the
    study's folder name or ``None``, ``seconds`` counted from ``started`` (perf_counter)."""
    return {"slug": params["slug"], "name": params.get("name") or params["slug"],
            "operation": params.get("operation"), "candidate": str(params["candidate"]),
            "status": FAILED, "skipped": False, "verdict": None, "rules": {},
            "folder": folder, "files": files, "error": error,
            "seconds": round(time.perf_counter() - started, 3)}


def _inputs_digest(params: dict) -> str | None:
    """The digest of the study's inputs as they are now (:func:`resume.study_digest` of the
    candidate and boundary files), or the plan's ``digest`` when ``common`` is not given."""
    if params.get("common") is None:
        return params.get("digest")
    return resume.study_digest(params["candidate"], params["common"], params.get("boundary"),
                               tuple(params.get("documents") or ()))


def run_one(params: dict) -> dict:
    """Run one study and return its result record; never raises.

    Parameters
    ----------
    params : dict
        Plain values: ``candidate`` (path of the candidate TOML), ``out_root`` (the batch
        folder, ``outputs/<lote>``), ``slug``, ``name``, ``operation`` (as read by the plan),
        ``settings`` (``Settings.to_dict()`` or None), ``rulesets`` (``--regras``, optional),
        ``data_root``, ``template`` (paths or None), ``digest`` (see
        :mod:`viabilidade.batch.resume`: the plan's, which decides a skip), ``common``,
        ``boundary`` and ``documents`` (its parts: the worker hashes the files again before and after the
        study, and records that digest only when both agree — the bytes the study read; a
        file changed during the run leaves no digest, so the study is redone next time) and
        ``problem`` (a reason known before running — unreadable candidate, duplicate slug —
        that makes the study fail without running) and, optionally, ``study``: the study
        function as ``"module:function"`` with the signature of
        :func:`viabilidade.report.study.run_study` (the default).

    Returns
    -------
    dict
        slug, name, operation, candidate, status (``"ok"`` or ``"falhou"``), skipped (False),
        verdict (``"viável"``/``"inviável"``/``"indeterminado"`` or None), conclusion (the
        study's conclusion line, :func:`viabilidade.report.conclusion.analysis_conclusion`, or
        None), conclusion_short and bar_clause (that line without its constitutional bar, and
        the bar: :func:`~viabilidade.report.conclusion.analysis_short_conclusion`,
        :func:`~viabilidade.report.frame.study_bar_clause`; None from an older study),
        findings (the study's findings as dicts, :mod:`viabilidade.report.findings`; ``[]``
        from an older study), notices (the study's notices: the record's, a new seat
        name; ``[]`` from an older study), rules
        ({rule_id: status}), leans ({rule_id: lean} of the indeterminate rules that have
        one: ``"likely pass"``/``"likely fail"``), figures (the study's headline figures,
        :func:`viabilidade.report.study.headline_figures`; ``{}`` from an older study), bases ({rule_id: deciding basis}:
        ``"published"`` words a decided rule "atingido nos dados publicados"), folder (the slug: relative to the batch
        folder), files
        ({kind: file name inside the folder}, kind = html, pdf, ipynb, json; for a failure
        {name: name} of every file left in the folder), error (text or None), seconds, run
        (``params["run"]``: the batch run whose worker wrote it; a success only).
        A failure leaves ``erro.txt`` (and whatever partial files the study wrote, such as the
        executed notebook) in ``out_root/<slug>/`` and nowhere else.
    """
    started = time.perf_counter()
    prepare_process()
    if params.get("problem"):
        return failure_record(params, params["problem"], started)
    try:
        folder = _study_folder(params)
    except ReportError as e:
        return failure_record(params, str(e), started)
    from ..report.writers.atomic import unwritable_study

    try:
        resume.invalidate(folder)  # the record stays until new files replace the old
        if folder.is_dir() and (folder / ERROR_FILE).is_file():
            (folder / ERROR_FILE).unlink()
    except OSError as e:  # a read-only study folder: the words `estudo` uses, not errno's
        return failure_record(params, unwritable_study(folder, e), started)
    read = _inputs_digest(params)  # the bytes as the study is about to read them
    from ..common import finishing

    with finishing.unit():  # once the study writes its files, a stop waits for its digest
        return _run_and_record(params, folder, read, started)


def _run_and_record(params: dict, folder: Path, read: str | None, started: float) -> dict:
    """The study of :func:`run_one`, its record and its digest (:func:`resume.remember`) or
    its failure record; never raises."""
    try:
        run_study = _study_function(params.get("study"))
        extra = {}
        if params.get("study") in (None, DEFAULT_STUDY) and not _runs_in_process():
            from ..report.runner import warm_kernel

            extra["kernel"] = warm_kernel()  # one kernel per worker thread, imports paid once
        if params.get("rulesets"):
            extra["rulesets"] = params["rulesets"]
        # run_study takes the settings as Settings or as their dict (Settings.to_dict()).
        rec = run_study(Path(params["candidate"]), Path(params["out_root"]),
                        settings=params.get("settings"),
                        data_root=Path(params["data_root"]) if params.get("data_root") else None,
                        template=Path(params["template"]) if params.get("template") else None,
                        **extra)
        folder = Path(rec.get("folder") or folder)
        record = {
            "slug": rec.get("slug", params["slug"]), "name": rec.get("name", params.get("name")),
            "operation": rec.get("operation", params.get("operation")),
            "operation_label": rec.get("operation_label"),
            "candidate": str(params["candidate"]), "status": OK, "skipped": False,
            "verdict": None if rec.get("verdict") is None else str(rec["verdict"]),
            "conclusion": rec.get("conclusion"),
            "conclusion_short": rec.get("conclusion_short"), "bar_clause": rec.get("bar_clause"),
            "findings": list(rec.get("findings") or []),
            "notices": [str(n) for n in rec.get("notices") or []],   # shown under its row
            "phase": rec.get("phase"),
            "figures": dict(rec.get("figures") or {}),   # the study's headline figures
            "rules": {str(k): str(v) for k, v in sorted((rec.get("rules") or {}).items())},
            "leans": {str(k): str(v) for k, v in sorted((rec.get("leans") or {}).items())},
            "bases": {str(k): str(v) for k, v in sorted((rec.get("bases") or {}).items())},
            "labels": {str(k): str(v) for k, v in sorted((rec.get("labels") or {}).items())},
            "folder": folder.name, "files": _file_map(folder, rec.get("files")),
            "error": None, "seconds": round(time.perf_counter() - started, 3),
            "run": params.get("run")}   # the batch run that wrote it (run.run_batch)
        if read and read == _inputs_digest(params):  # unchanged while the study ran
            try:
                resume.remember(folder, read, record)
            except OSError:  # the study is written; without its digest it is simply re-run
                pass
        return record
    except (Exception, SystemExit) as e:  # noqa: BLE001 — a unit never raises
        from ..errors import ViabilidadeError

        if isinstance(e, ViabilidadeError):  # a foreseeable fault: its problems, one a line
            error = "\n".join(e.lines)
        else:
            tb = traceback.format_exception(type(e), e, e.__traceback__)
            error = f"{type(e).__name__}: {e}\n\n" + "".join(tb[-6:])
        return failure_record(params, error, started)
