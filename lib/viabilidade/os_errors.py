"""File-system errors in words a user reads (pt-BR)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: errno -> why the operation failed, in pt-BR.
REASONS = {
    errno.ENOENT: "não existe",
    errno.EACCES: "sem permissão",
    errno.EPERM: "operação não permitida",
    errno.EROFS: "sistema de arquivos somente leitura",
    errno.ENOSPC: "disco cheio (sem espaço livre)",
    errno.EDQUOT: "cota de disco esgotada",
    errno.EISDIR: "é uma pasta, não um arquivo",
    errno.ENOTDIR: "um componente do caminho é um arquivo, não uma pasta",
    errno.EEXIST: "já existe",
    errno.ENAMETOOLONG: "nome longo demais",
    errno.EIO: "erro de entrada e saída no disco",
    errno.ELOOP: "link simbólico em laço (aponta, direta ou indiretamente, para si mesmo)",
}


def os_reason(e: OSError) -> str:
    """Why a file-system operation failed, in pt-BR (``ENOSPC`` -> ``"disco cheio (sem espaço
    livre)"``); the system's own text for an errno not in :data:`REASONS`."""
    return REASONS.get(e.errno, e.strerror or str(e))


def create_reason(e: OSError, folder) -> str:
    """Why a file could not be created in the existing ``folder``, in pt-BR.

    Linux answers ``ENOENT`` ("não existe") when a file is created in a folder of a virtual
    file system (``/proc``, ``/sys``) that exists but takes no new files: that is said as
    it is. Any other error: :func:`os_reason`.
    """
    if e.errno == errno.ENOENT and os.path.isdir(folder):
        return ("a pasta existe, mas não aceita arquivos novos: é de um sistema de arquivos "
                "especial do sistema operacional, como /proc ou /sys")
    return os_reason(e)


def read_reason(e: OSError) -> str:
    """Why a file given by the user could not be read, in pt-BR: ``"o arquivo não existe"``
    for a missing file, else :func:`os_reason`."""
    return "o arquivo não existe" if isinstance(e, FileNotFoundError) else os_reason(e)


def not_regular(path) -> str | None:
    """What ``path`` is, in pt-BR, when it exists but is not a regular file (symlinks
    followed): ``"uma pasta"``, ``"um FIFO (pipe nomeado)"``, ``"um dispositivo"``,
    ``"um socket"``; ``None`` for a regular file or a path that cannot be examined (missing,
    a symlink loop: the read that follows says why)."""
    import os
    import stat

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "uma pasta"
    if stat.S_ISFIFO(mode):
        return "um FIFO (pipe nomeado)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "um dispositivo"
    if stat.S_ISSOCK(mode):
        return "um socket"
    return "um arquivo especial"


#: The largest text file a user names that is read whole (candidate, settings and ruleset
#: TOML, a notebook template): 1 MiB. The largest committed candidate is under 10 KiB; a
#: process record of a thousand acts is about 150 KiB. A larger file is a mistake (or an
#: attack: a 10 MB settings file took 7 s of TOML parsing before its fields were refused).
USER_FILE_MAX_BYTES = 1 << 20


def count_bytes(n: int) -> str:
    """``1.146.811 bytes`` (pt-BR thousands): an exact size, where the bound is exact (a
    download's limit); :func:`size_words` rounds to KiB/MiB."""
    from .common.numbers import decimal

    return f"{decimal(n)} bytes"


def size_words(n: int) -> str:
    """A size in the largest binary unit that gives at least 1: ``2147483648`` ->
    ``"2,0 GiB"`` (not ``"2.048,0 MiB"``, hostile trial 9); ``1048576`` -> ``"1,0 MiB"``;
    ``2048`` -> ``"2 KiB"``; ``900`` -> ``"900 bytes"`` (pt-BR decimal comma). Where two
    rounded sizes read alike, a caller says exact bytes (:func:`count_bytes`, H6-12)."""
    from .common.numbers import decimal

    for power, unit in ((40, "TiB"), (30, "GiB"), (20, "MiB")):
        # at least 1 of the unit, or 1.024 of the next one down once rounded: 1.073.741.823
        # bytes read "1,0 GiB", not "1.024,0 MiB"
        if round(n / (1 << (power - 10)), 1) >= 1024:
            return f"{decimal(n / (1 << power), 1)} {unit}"
    if n >= 1 << 10:
        return f"{decimal(n // (1 << 10))} KiB"
    return f"{decimal(n)} bytes"


def read_user_bytes(path, limit: int = USER_FILE_MAX_BYTES) -> bytes:
    """The bytes of a file the user named, refusing by type anything but a regular file,
    and by size anything over ``limit`` bytes (default :data:`USER_FILE_MAX_BYTES`).

    The file is opened without blocking (a FIFO with no writer would otherwise wait
    forever) and checked with ``fstat`` on the open descriptor, so what is read is what was
    checked. A folder raises :class:`IsADirectoryError` (``"é uma pasta, não um arquivo"``
    through :func:`os_reason`); a FIFO, device or socket raises an :class:`OSError` whose
    reason reads ``"é um FIFO (pipe nomeado), não um arquivo comum"``; a file over ``limit``
    (by ``fstat``) raises an :class:`OSError` whose reason reads ``"tem 10,0 MiB, acima do
    limite de 1,0 MiB para este arquivo"``; at most ``limit + 1`` bytes are ever read, so a
    file whose size ``fstat`` does not give (a ``/proc`` file, 0 bytes) or that grows while it
    is read raises one reading ``"passa do limite de 1.048.576 bytes para este arquivo (…)"``.

    Raises
    ------
    OSError
        As described; or from ``open`` (missing file, no permission).
    """
    import os
    import stat

    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, REASONS[errno.EISDIR], str(path))
        if not stat.S_ISREG(mode):
            raise OSError(None, f"é {not_regular(path) or 'um arquivo especial'}, não um "
                                "arquivo comum", str(path))
        size = os.fstat(fd).st_size
        if size > limit:
            raise OSError(None, _too_big(size, limit), str(path))
        os.set_blocking(fd, True)
        chunks, read = [], 0
        # Never more than limit + 1 bytes: a /proc file says st_size 0 (trial 8), and a file
        # may grow after fstat.
        while chunk := os.read(fd, min(1 << 20, limit + 1 - read)):
            read += len(chunk)
            if read > limit:
                raise OSError(None, f"passa do limite de {count_bytes(limit)} para este arquivo "
                                    "(lido só até o limite: o sistema não dá o seu tamanho, "
                                    "ou ele cresceu durante a leitura)", str(path))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def path_problem(path) -> str | None:
    """Why a path given as an input file cannot be read as one (pt-BR), or ``None``: missing
    (``"o arquivo não existe"``), a symlink loop (:data:`REASONS`), or not a regular file
    (:func:`not_regular`: ``"é um FIFO (pipe nomeado), não um arquivo comum"``)."""
    import os

    try:
        os.stat(path)
    except OSError as e:
        return read_reason(e)
    kind = not_regular(path)
    return f"é {kind}, não um arquivo comum" if kind else None


def loop_reason(path) -> str | None:
    """:data:`REASONS` of ``ELOOP`` when ``path`` (or a folder on its way) is a symlink loop,
    else ``None``: where "does not exist" would be the wrong thing to say."""
    try:
        os.stat(path)
    except OSError as e:
        return REASONS[errno.ELOOP] if e.errno == errno.ELOOP else None
    except ValueError:
        return None
    return None


def broken_link(path) -> tuple[str, str] | None:
    """The first symbolic link on the way to ``path`` (``path`` itself included) whose target
    does not exist, as ``(link, target)``, else ``None``; a loop is :func:`loop_reason`'s.

    A folder reached through a broken link would be created where the link points when it is
    made with ``parents=True``: an upload folder linked to ``/nonexistent/zzz`` created
    ``/nonexistent/zzz/`` (hostile trial 9). Only ``lstat`` and ``readlink``: nothing is made.
    """
    try:
        parts = Path(os.path.abspath(os.fspath(path))).parts
    except (TypeError, ValueError):
        return None
    here = Path(parts[0])
    for part in parts[1:]:
        here = here / part
        try:
            if not os.path.islink(here):
                if not os.path.lexists(here):
                    return None  # missing, not linked: the caller may create it
                continue
            os.stat(here)  # the link's target, every hop followed
        except OSError as e:
            if e.errno in (errno.ENOENT, errno.ENOTDIR):
                return str(here), os.readlink(here)
            return None  # a loop (ELOOP), no permission: the caller's own read says why
        except ValueError:
            return None
    return None


def link_outside(path, folder) -> str | None:
    """The real path of ``path`` when it is a symbolic link whose target (every link on the
    way resolved) lies outside ``folder``; ``None`` for anything else (a regular file, a link
    within the folder, a link in a loop, which its read names). Issue 32: ``lote`` read
    ``/etc/passwd`` through a candidates folder's link (trial 3), ``data build`` through a raw
    folder's (trial 6, H6-11)."""
    if not os.path.islink(path):
        return None
    root = os.path.realpath(folder)
    real = os.path.realpath(path)
    if os.path.commonpath([root, real]) == root or real == os.path.abspath(path):
        return None  # inside the folder, or a loop (realpath leaves it as it is)
    return real


def new_file_mode(target) -> int:
    """The permission bits a file written in place of ``target`` should get: those of the
    file it replaces, else ``0o666`` less the process umask (what ``open`` would give);
    ``tempfile.mkstemp`` alone makes every file 0600."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except (OSError, ValueError):
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def real_path(path) -> Path:
    """``path`` made absolute with its symlinks resolved, without failing on a symlink loop
    (:meth:`pathlib.Path.resolve` raises ``RuntimeError`` on one before Python 3.13): the
    loop is then reported by :func:`path_problem` when the file is checked."""
    import os

    return Path(os.path.realpath(path))


def _too_big(size: int, limit: int) -> str:
    """The reason of a file over ``limit`` bytes, in rounded sizes, or in exact bytes where
    the rounded sizes read alike ("tem 1,0 MiB, acima do limite de 1,0 MiB", H6-12)."""
    said, most = size_words(size), size_words(limit)
    if said == most:
        said, most = count_bytes(size), count_bytes(limit)
    return (f"tem {said}, acima do limite de {most} para este arquivo "
            "(um arquivo deste tipo tem poucos KiB; confira se é o arquivo certo)")
