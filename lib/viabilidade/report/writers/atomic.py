"""Writing outputs so that nothing already produced is lost."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ...os_errors import create_reason, loop_reason, os_reason


def unwritable_study(folder: Path, e: OSError) -> str:
    """Why a study's folder could not be written, in pt-BR, for an ``OSError`` met while
    writing it (the study itself or the batch's bookkeeping files in it): names the study's
    folder, never an internal file, and says that the earlier files were kept.

    ``"não foi possível gravar o estudo em out/posse (sem permissão); nenhum arquivo foi
    gravado pela metade e os arquivos anteriores foram mantidos"``
    """
    return (f"não foi possível gravar o estudo em {folder} ({os_reason(e)}); nenhum arquivo "
            "foi gravado pela metade e os arquivos anteriores foram mantidos")


def write_files_atomically(folder: Path, contents: dict[str, bytes]) -> None:
    """Write several files into ``folder``, each replaced only once all were written.

    Every file is first written in full to a temporary file in the same folder (same file
    system, so :func:`os.replace` is atomic); only when all are written are they moved into
    place. If any write fails, no existing file is touched and the temporaries are removed.
    Files are published with mode 0644.

    Parameters
    ----------
    folder : Path
        Existing destination folder.
    contents : dict
        File name (no separators) -> bytes.

    Raises
    ------
    OSError
        From the file system; the previous files are then unchanged.
    """
    tmp_paths: dict[str, str] = {}
    try:
        for name, data in contents.items():
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
            tmp_paths[name] = tmp
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, 0o644)  # mkstemp makes 0600; studies are published files
        for name, tmp in tmp_paths.items():
            os.replace(tmp, folder / name)
    finally:
        for tmp in tmp_paths.values():
            if os.path.exists(tmp):
                os.unlink(tmp)


def folder_inside(root: Path, name: str) -> Path:
    """The real path of ``root/name``, after checking that writing there stays inside ``root``.

    A folder that is a symbolic link is refused whatever it points to (a study folder or
    ``candidatos/`` inside a batch folder linked to ``/etc``, or to another study): nothing
    is ever written, unlinked or replaced through a link. ``root`` itself may be a link (the
    user chose it); it is resolved first.

    Parameters
    ----------
    root : Path
        The output folder (``outputs``, ``outputs/<lote>``).
    name : str
        One path component inside it (a slug, ``candidatos``).

    Returns
    -------
    Path
        ``realpath(root) / name`` (it may not exist yet).

    Raises
    ------
    ReportError
        ``root/name`` is a symbolic link, or resolves outside ``root`` (a name holding ``/``
        or ``..``).
    """
    from ...errors import ReportError

    real_root = Path(os.path.realpath(root))
    path = Path(root) / name
    if os.path.islink(path):
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        raise ReportError(f"{path} é um link simbólico (para {target}); nada é gravado através "
                          f"de um link: esperada uma pasta comum dentro de {real_root} (remova o "
                          "link ou escolha outra pasta de saída)")
    real = Path(os.path.realpath(path))
    if real.parent != real_root or name in ("", ".", ".."):
        raise ReportError(f"a pasta de saída {real} do nome {name!r} não fica diretamente "
                          f"dentro de {real_root}; esperado um nome sem '/' nem '..'")
    return real


#: Free space asked of an output folder before a run starts: a study's four files take about
#: 2 MB, a statewide report's about 10 MB; the margin covers temporary files.
MIN_FREE_BYTES = 50 * 2**20


def check_output_folder(folder: Path, *, min_free: int = MIN_FREE_BYTES) -> Path:
    """Make sure ``folder`` can take a run's outputs, before the run starts; writes nothing.

    Checks that the folder exists or can be created (its nearest existing ancestor is a
    folder), can be written (a temporary file is created and removed there: permissions
    alone do not show a read-only file system) and has at least ``min_free`` bytes free.
    The folder itself is not created: a run that is refused later leaves no trace.

    Parameters
    ----------
    folder : Path
        The output folder.
    min_free : int
        Bytes that must be free on its file system.

    Returns
    -------
    Path
        ``folder``.

    Raises
    ------
    ReportError
        Naming the folder and what is wrong with it (pt-BR).
    """
    from ...errors import ReportError

    folder = Path(os.path.abspath(folder))
    loop = loop_reason(folder)
    if loop:
        raise ReportError(f"pasta de saída {folder}: {loop}; esperada uma pasta (ou um caminho "
                          "ainda inexistente, que será criado)")
    if folder.exists() and not folder.is_dir():
        raise ReportError(f"pasta de saída {folder}: é um arquivo; esperada uma pasta (ou um "
                          "caminho ainda inexistente, que será criado)")
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise ReportError(f"pasta de saída {folder}: não é possível criá-la, porque {existing} "
                          "é um arquivo; esperada uma pasta em que se possa gravar")
    try:
        fd, probe = tempfile.mkstemp(dir=existing, prefix=".teste-escrita-")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise ReportError(f"pasta de saída {folder}: não é possível gravar em {existing} "
                          f"({create_reason(e, existing)}); esperada uma pasta com permissão de "
                          "escrita") from None
    free = shutil.disk_usage(existing).free
    if free < min_free:
        raise ReportError(f"pasta de saída {folder}: só {_mb(free)} MB livres no disco; "
                          f"esperados ao menos {_mb(min_free)} MB (libere espaço ou escolha "
                          "outra pasta)")
    return folder


def _mb(n: int) -> str:
    from .format import number

    return number(round(n / 2**20, 1))
