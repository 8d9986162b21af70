"""A batch worker told to stop lets the study it is writing finish first.

A batch stopped by Ctrl-C terminates its workers (SIGTERM, :mod:`viabilidade.batch.local`),
and each used to exit at once. A worker stopped after its study had started writing its
files, but before the batch had recorded the study's digest, left a finished study without
one (the batch analyst: a resumed batch redid two studies that had finished), or, stopped in
the middle of the atomic write, a folder with some new files and some old.

:func:`unit` wraps one study of a worker (:func:`viabilidade.batch.unit.run_one`); the study
calls :func:`writing` when it starts writing its files
(:func:`viabilidade.report.study.run_study`); from then until the unit ends (files, record
and digest written) a stop asked through :func:`stop` waits, and runs as the unit ends.
Before :func:`writing`, and outside a unit (``viabilidade estudo``), a stop runs at once.
The wait is short (writing a study's files and its record: well under the second the batch
grants a worker before killing it, :func:`viabilidade.batch.local._stop_workers`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_state: dict = {"unit": False, "writing": False, "stop": None}


@contextmanager
def unit() -> Iterator[None]:
    """One study of a batch worker: a stop asked once it is :func:`writing` runs at the end.
    Only on the main thread, where a signal handler runs (a local pool's worker runs its
    studies there; a Dask worker's threads get no such handler)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _state.update(unit=True, writing=False, stop=None)
    try:
        yield
    finally:
        stop_now = _state["stop"]
        _state.update(unit=False, writing=False, stop=None)
        if stop_now is not None:
            stop_now()


def writing() -> None:
    """The study starts writing its files: within a :func:`unit`, a stop now waits for it to
    end (a no-op outside one)."""
    if _state["unit"] and threading.current_thread() is threading.main_thread():
        _state["writing"] = True


def stop(now: Callable[[], None]) -> None:
    """Run ``now`` (which ends the process) at once, or, while a unit is writing, when the
    unit ends."""
    if _state["writing"]:
        _state["stop"] = now
        return
    now()
