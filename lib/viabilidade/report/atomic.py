"""Writing outputs so that nothing already produced is lost."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
