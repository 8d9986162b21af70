"""One batch at a time per folder: a lock file in the batch folder.

Two ``lote`` runs on the same folder would both write the same studies and the same index,
the later silently replacing the earlier's. The first run takes an exclusive
:func:`fcntl.flock` on ``<lote>/.lote.lock`` (holding its pid) for as long as it runs; a
second run finds the lock taken and is refused, naming the first run's process. The kernel
releases a ``flock`` when its holder ends however it ends (``kill -9`` included), so a lock
file left behind by a dead run is not a lock: it is taken over. Where ``flock`` is not
available (some network file systems), the pid in the file decides: a live process other
than this one holds the folder, a dead one does not.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..errors import ViabilidadeError
from ..common.tempfiles import pid_alive

LOCK_FILE = ".lote.lock"


def _holder(fd: int) -> int | None:
    try:
        text = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
        return int(text.split()[0]) if text else None
    except (OSError, ValueError, IndexError):
        return None


def _refuse(folder: Path, pid: int | None) -> ViabilidadeError:
    who = f"o processo {pid}" if pid is not None else "outro processo"
    return ViabilidadeError(
        f"a pasta do lote {folder} está em uso por outra execução do lote ({who}); espere "
        f"que ela termine (ou interrompa-a: kill {pid if pid is not None else '<pid>'}) "
        "ou escolha outra pasta com --saida")


class BatchLock:
    """The lock of a batch folder, held from :meth:`acquire` to :meth:`release`.

    Use as a context manager::

        with BatchLock(out_dir):
            ...  # this process alone writes into out_dir

    Raises
    ------
    ViabilidadeError
        On entering, when another live process holds the folder (its pid named).
    """

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.path = self.folder / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> "BatchLock":
        import fcntl

        if self.path.is_symlink():
            raise ViabilidadeError(f"{self.path}: a trava do lote é um link simbólico; esperado "
                                   "um arquivo comum (remova o link)")
        for _ in range(10):  # a run releasing its lock may remove the file under us: retry
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                pid = _holder(fd)
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise _refuse(self.folder, pid) from None
                # flock unsupported here: the pid recorded in the file decides
                if pid is not None and pid != os.getpid() and pid_alive(pid):
                    raise _refuse(self.folder, pid) from None
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                             0o644)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.path, follow_symlinks=False))
            except FileNotFoundError:
                same = False
            if not same:
                os.close(fd)
                continue
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
            self._fd = fd
            return self
        raise _refuse(self.folder, None)

    def release(self) -> None:
        """Remove the lock file and let go of the lock (idempotent)."""
        if self._fd is None:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass
        os.close(self._fd)  # closing the last descriptor releases the flock
        self._fd = None

    def __enter__(self) -> "BatchLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()
