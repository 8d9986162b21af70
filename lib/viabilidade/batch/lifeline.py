"""Tie a worker process's life to its parent: a worker never outlives the batch that started it.

A batch's workers run studies (about 350 MB each). If the parent is killed without a chance
to clean up (``kill -9``, the OOM killer), the workers must end too. On Linux the kernel does
it: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` delivers SIGKILL to the worker the moment its parent
dies. Elsewhere a daemon thread polls the parent's pid. A Jupyter kernel a worker starts (a
Dask worker's threads, a custom study function) ends on its own when the worker does:
ipykernel polls its parent (``JPY_PARENT_PID``, set by jupyter_client) once a second.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

#: ``PR_SET_PDEATHSIG`` from ``<linux/prctl.h>``.
PR_SET_PDEATHSIG = 1


def _prctl_pdeathsig(sig: int) -> bool:
    """Ask Linux to send ``sig`` to this process when its parent dies; False if unavailable."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int, interval: float) -> None:
    while True:
        if os.getppid() != parent_pid:
            os._exit(1)
        time.sleep(interval)


def tie_to_parent(parent_pid: int | None, *, interval: float = 0.5) -> None:
    """End this process as soon as ``parent_pid`` is no longer its parent.

    Call it first thing in a worker process (the pool's initializer). Also makes the worker
    ignore SIGINT: Ctrl-C in a terminal reaches the whole process group, and the parent
    alone decides how the batch stops (it terminates its workers), so a worker never prints
    a ``KeyboardInterrupt`` traceback of its own.

    Parameters
    ----------
    parent_pid : int or None
        The pid of the process that started this one (the batch); None only ignores SIGINT.
    interval : float
        Seconds between two checks where ``prctl`` is not available.

    Notes
    -----
    ``PR_SET_PDEATHSIG`` fires when the *thread* that forked the worker ends; a
    ``ProcessPoolExecutor`` starts its workers from the thread calling ``submit``, which in a
    batch is the main thread of the parent, alive as long as the parent is.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent_pid is None:
        return
    if _prctl_pdeathsig(signal.SIGKILL):
        if os.getppid() != parent_pid:  # the parent died before the request took effect
            os._exit(1)
        return
    threading.Thread(target=_watch, args=(parent_pid, interval), daemon=True,
                     name="viabilidade-lifeline").start()
