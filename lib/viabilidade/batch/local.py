"""Local engine: map :func:`~viabilidade.batch.unit.run_one` over a process pool.

Each worker process is warmed once (:func:`~viabilidade.batch.unit.warm_up`) so that the
study machinery is imported once per worker, not once per study; a worker runs its studies'
notebooks in its own process (:mod:`viabilidade.report.inprocess`), as ``estudo`` does. A worker that dies
abruptly breaks a ``ProcessPoolExecutor``; the studies that were in flight are then re-run
one at a time in fresh single-worker pools, so only the one that kills its worker fails.

Workers never outlive the batch (:mod:`~viabilidade.batch.lifeline`): they end when the
parent dies however it dies, and on Ctrl-C the parent terminates them at once.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from .lifeline import tie_to_parent
from .unit import failure_record, run_one, warm_up


def _exit_on_sigterm(signum, frame) -> None:
    """A worker told to stop (SIGTERM from :func:`_stop_workers`) kills its warm kernel, if a
    study function started one, removes its temporary folders (kernel, papermill, Typst) and
    exits; its Typst child, if any, dies with it. It exits at once, unless its study has
    started writing its files (:mod:`viabilidade.common.finishing`): it then first finishes
    them and records the study's digest, so that a resumed batch skips it. Nothing is
    recorded for a study stopped before: the batch lists it as not run (or keeps its
    earlier study)."""
    from ..common import finishing

    finishing.stop(_exit_now)


def _exit_now() -> None:
    from ..report.runner import kill_warm_kernel
    from ..common.tempfiles import remove_own

    kill_warm_kernel()
    remove_own()
    os._exit(143)


def _init_worker(study: str | None, parent_pid: int) -> None:
    """Pool initializer: die with the parent, leave Ctrl-C to it, clean up on SIGTERM, then
    warm up."""
    import signal

    tie_to_parent(parent_pid)
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    warm_up(study)


def quiet_resource_tracker() -> None:
    """Keep multiprocessing's resource tracker from printing "leaked semaphore objects" when a
    batch is stopped while its pool is busy: the tracker (started with this interpreter's
    ``-W`` options) removes those semaphores itself; the warning is for developers, not for
    a user who pressed Ctrl-C. Call before the first pool starts (idempotent)."""
    import sys

    option = "ignore:resource_tracker:UserWarning"
    if option not in sys.warnoptions:
        sys.warnoptions.append(option)


def _pool(workers: int, study: str | None) -> ProcessPoolExecutor:
    # "spawn" gives each worker a clean interpreter (no threads inherited from the parent).
    quiet_resource_tracker()
    return ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                               initargs=(study, os.getpid()),
                               mp_context=multiprocessing.get_context("spawn"))


#: Longest wait, in seconds, for the stopped workers' kernels to end before the batch exits
#: (an ipykernel polls its parent about once a second; under load it takes longer).
SETTLE_SECONDS = 3.0


def _stop_workers(ex: ProcessPoolExecutor, grace: float = 1.0,
                  settle: float = SETTLE_SECONDS) -> None:
    """Cancel a pool's pending studies, terminate its workers now (SIGTERM: each shuts its
    kernel down and removes its temporary folders), kill those still alive after ``grace``
    seconds, wait at most ``settle`` seconds for their kernels (and any other child) to end,
    killing those still alive, then sweep the temporary folders of the dead processes: when
    the batch exits, no process and no ``viabilidade-*`` folder of its workers is left.

    ProcessPoolExecutor has no public way to do this before Python 3.14; its ``shutdown``
    forgets the processes, so they are taken first.
    """
    import psutil

    procs = list((getattr(ex, "_processes", None) or {}).values())
    children = []
    for proc in procs:  # the kernels, taken before their worker is gone (then orphans)
        try:
            children += psutil.Process(proc.pid).children(recursive=True)
        except (psutil.Error, ValueError, TypeError):
            pass
    ex.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.terminate()
    deadline = time.monotonic() + grace
    for proc in procs:
        proc.join(max(0.0, deadline - time.monotonic()))
        if proc.is_alive():
            proc.kill()
            proc.join(1.0)
    _kill_after(children, settle)
    _stop_marked()
    from ..common.tempfiles import sweep_stale

    sweep_stale()  # whatever a worker or kernel killed mid-study left in $TMPDIR


#: Environment variable every process of a local batch inherits (workers, their kernels,
#: whatever a study starts): the batch's pid. A process that left the workers' tree (a
#: kernel started in its own session whose worker was already gone, a study's grandchild
#: reparented to init) still carries it, and is stopped with the workers before the index is
#: written (the batch analyst: 1 run in 4, studies went on after the index).
BATCH_MARK = "VIABILIDADE_LOTE"


def _stop_marked(settle: float = 1.0) -> None:
    """Terminate, then kill after ``settle`` seconds, every process but this one whose
    environment carries :data:`BATCH_MARK` with this process's pid."""
    import psutil

    mine, me = str(os.getpid()), os.getpid()
    marked = []
    for proc in psutil.process_iter():
        try:
            if proc.pid != me and proc.environ().get(BATCH_MARK) == mine:
                marked.append(proc)
        except (psutil.Error, OSError):
            continue  # gone, or not ours to read
    for proc in marked:
        try:
            proc.terminate()
        except psutil.Error:
            pass
    _kill_after(marked, settle)


def _kill_after(procs: list, settle: float) -> None:
    """Wait at most ``settle`` seconds for ``procs`` (psutil) to end, then kill those alive."""
    import psutil

    _, alive = psutil.wait_procs(procs, timeout=settle)
    for proc in alive:
        try:
            proc.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=1.0)


def run_local(params_list: Iterable[dict], workers: int,
              on_result: Callable[[dict], None], *, study: str | None = None) -> None:
    """Run every study on a local process pool, calling ``on_result(record)`` as each ends.

    Parameters
    ----------
    params_list : iterable of dict
        Parameters of :func:`~viabilidade.batch.unit.run_one`, one per study.
    workers : int
        Number of worker processes (>= 1), at most the number of studies.
    on_result : callable
        Called in the parent process with each result record, in completion order.
    study : str, optional
        Study function imported by each worker at start (see ``run_one``'s ``study``).
    """
    pending = list(params_list)
    if not pending:
        return
    # Inherited by every process the batch starts, and only by those: restored afterwards so a
    # caller that outlives the batch does not hand the mark to its later children (a later
    # interrupted batch would stop them).
    before = os.environ.get(BATCH_MARK)
    os.environ[BATCH_MARK] = str(os.getpid())
    try:
        suspects: list[dict] = []
        while pending:
            crashed = _run_pool(pending, max(1, min(workers, len(pending))), on_result, study)
            pending = []
            suspects.extend(crashed)
            # In flight when a worker died: each alone, so the culprit is identified.
            while suspects:
                params = suspects.pop(0)
                again = _run_pool([params], 1, on_result, study)
                for p in again:
                    on_result(failure_record(p, WORKER_DIED))
    finally:
        if before is None:
            os.environ.pop(BATCH_MARK, None)
        else:
            os.environ[BATCH_MARK] = before


#: Memory one worker takes at its peak, in MB: a warmed-up worker holds the store, the
#: imports and one study (about 350 MB, measured by lifeline's note and issue 30's table).
WORKER_MB = 350
#: Workers per core: a study waits on Typst and on writing its files part of the time, so
#: two a core still gain; more only share the same cores and add 350 MB each.
WORKERS_PER_CORE = 2


def jobs_problem(jobs: int, cores: int | None = None, available_mb: int | None = None) -> str | None:
    """Why ``-j jobs`` is too many for this machine, in pt-BR, or ``None``.

    The bound is the smaller of :data:`WORKERS_PER_CORE` × the cores and the memory
    available now divided by :data:`WORKER_MB` (at least 1): ``-j 99999`` was accepted and
    started workers until the machine ran out of memory.

    Parameters
    ----------
    jobs : int
        The ``-j`` asked for (>= 1).
    cores : int, optional
        Cores of the machine; default ``os.cpu_count()``.
    available_mb : int, optional
        Memory available, in MB (10⁶ bytes); default psutil's ``virtual_memory().available``.

    Returns
    -------
    str or None
        The message naming ``-j``, the value, the bound and its reason.
    """
    from ..common.numbers import fmt

    if cores is None:
        cores = os.cpu_count() or 1
    if available_mb is None:
        import psutil

        available_mb = psutil.virtual_memory().available // 1_000_000
    by_cores = max(1, cores) * WORKERS_PER_CORE
    by_memory = max(1, available_mb // WORKER_MB)
    bound = min(by_cores, by_memory)
    if jobs <= bound:
        return None
    core_words = f"{fmt(cores)} {'núcleo' if cores == 1 else 'núcleos'}"
    why = (f"{WORKERS_PER_CORE} por núcleo, e esta máquina tem {core_words}"
           if by_cores <= by_memory else
           f"cada processo usa cerca de {WORKER_MB} MB e há {fmt(available_mb)} MB de memória "
           f"disponível agora")
    return (f"-j/--jobs: encontrado {fmt(jobs)}; esperado no máximo {fmt(bound)} "
            f"{'processo' if bound == 1 else 'processos'} em paralelo ({why})")


#: A study whose worker process died (killed for lack of memory, or a crash in a native
#: library), told in pt-BR: the other studies of the batch go on.
WORKER_DIED = ("o processo que executava este estudo terminou de repente (BrokenProcessPool): "
               "falta de memória ou falha numa biblioteca nativa; os demais estudos do lote "
               "continuaram. O que fazer: rode este candidato sozinho (viabilidade estudo) para "
               "ver a causa")


def _run_pool(params_list: list[dict], workers: int,
              on_result: Callable[[dict], None], study: str | None) -> list[dict]:
    """Run on one pool; return the parameters of studies lost to a broken pool."""
    lost: list[dict] = []
    ex = _pool(workers, study)
    try:
        futures = {ex.submit(run_one, p): p for p in params_list}
        remaining = set(futures)
        while remaining:
            done, remaining = wait(remaining, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: futures[f]["slug"]):
                try:
                    on_result(fut.result())
                except BrokenProcessPool:
                    lost.append(futures[fut])
    except BaseException:
        # Interrupted (Ctrl-C): drop the studies not started; finished ones are recorded,
        # so the next run resumes from there.
        # Stop the studies in flight too, so the batch ends now rather than when they finish
        # (their outputs are written atomically: an interrupted study leaves no half file).
        _stop_workers(ex)
        raise
    ex.shutdown(wait=True)
    return sorted(lost, key=lambda p: p["slug"])
