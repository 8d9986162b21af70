"""Our temporary folders: named after the process that owns them, swept once it is gone.

A study makes three kinds of temporary folders in ``$TMPDIR`` (``tempfile.gettempdir()``):
``viabilidade-kernel-<pid>-…`` (a kernel's IPC sockets and its connection file),
``viabilidade-run-<pid>-…`` (papermill's executed copy) and ``viabilidade-typst-<pid>-…``
(the Typst sources and images of a PDF). ``<pid>`` is the process that made the folder.
They are removed as the work ends (context managers, kernel clean-up); when a process is
killed before it can clean up (a batch worker stopped by Ctrl-C or SIGTERM, ``kill -9`` of
the whole batch), :func:`sweep_stale` removes the folders whose owning process no longer
exists — a batch calls it as it starts and after it stops its workers.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

#: The kinds of temporary folder (``viabilidade-<kind>-<pid>-…``); ``desenho``: a polygon
#: drawn in the explorer when no session file keeps it (:mod:`viabilidade.explore.persist`
#: keeps it otherwise), owned by the notebook's kernel.
KINDS = ("kernel", "run", "typst", "desenho")


def prefix(kind: str) -> str:
    """The name prefix of a temporary folder of ``kind`` made by this process:
    ``"viabilidade-typst-12345-"``."""
    if kind not in KINDS:
        raise ValueError(kind)
    return f"viabilidade-{kind}-{os.getpid()}-"


def pid_alive(pid: int) -> bool:
    """True when a process with this pid exists and runs (ours or another user's); False for
    a pid below 1, which names no single process (``os.kill`` would signal a process group),
    and for a zombie: a process that has ended but whose parent has not reaped it yet still
    holds its pid (``os.kill(pid, 0)`` succeeds on it), as the workers of a batch killed with
    ``kill -9`` do until their new parent reaps them. The state is read with psutil.

    Used by :func:`sweep_stale` and :class:`viabilidade.batch.lock.BatchLock`.
    """
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
    except psutil.Error:  # another user's process whose state cannot be read: it exists
        return True


def owner(name: str) -> int | None:
    """The pid in a temporary folder's name (``viabilidade-run-123-abc`` -> 123), or None
    for any other name."""
    for kind in KINDS:
        head = f"viabilidade-{kind}-"
        if name.startswith(head):
            pid = name[len(head):].split("-", 1)[0]
            return int(pid) if pid.isdigit() else None
    return None


def sweep_stale(folder: str | Path | None = None) -> list[str]:
    """Remove our temporary folders whose owning process has ended.

    Only folders of this user, named as :func:`prefix` names them, whose pid is not a
    running process, are removed; anything else in the folder is never touched.

    Parameters
    ----------
    folder : str or Path, optional
        Where to look; default ``tempfile.gettempdir()`` (``$TMPDIR``).

    Returns
    -------
    list of str
        The names removed.
    """
    root = Path(folder) if folder is not None else Path(tempfile.gettempdir())
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        pid = owner(entry.name)
        if pid is None or pid == os.getpid():
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not entry.is_dir(follow_symlinks=False) or (uid is not None and st.st_uid != uid):
                continue
        except OSError:
            continue
        if not pid_alive(pid):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.name)
    return sorted(removed)


def remove_own(folder: str | Path | None = None) -> None:
    """Remove this process's temporary folders (best effort), as a process does when it is
    told to stop before its context managers can run (a batch worker on SIGTERM)."""
    root = Path(folder) if folder is not None else Path(tempfile.gettempdir())
    mine = os.getpid()
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    for entry in entries:
        if owner(entry.name) == mine and entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
