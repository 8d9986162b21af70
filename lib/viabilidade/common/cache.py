"""The user's cache folder, shared by every on-disk cache of the package (the store build's
derived mesh, :mod:`viabilidade.data.meshcache`; the art. 3 shape table,
:func:`viabilidade.geo.shape.state_shape_table`).

``$VIABILIDADE_CACHE`` when set; else :func:`platformdirs.user_cache_dir` when platformdirs is
installed; else ``$XDG_CACHE_HOME/viabilidade`` or ``~/.cache/viabilidade``. Every cache is
best effort: a folder that cannot be written only makes the next run slower.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def cache_dir() -> Path:
    """The cache folder (not created here)."""
    root = os.environ.get("VIABILIDADE_CACHE")
    if root:
        return Path(root)
    try:
        from platformdirs import user_cache_dir
    except ImportError:
        return Path(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
                    "viabilidade")
    return Path(user_cache_dir("viabilidade", appauthor=False))


def prune(root: Path, keep: int, current: Path | None = None) -> None:
    """Remove all but the ``keep`` most recently used entry folders under ``root`` (never
    ``current``); best effort, never raises."""
    try:
        entries = sorted((p for p in root.iterdir() if p.is_dir()),
                         key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[keep:]:
            if old != current:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


__all__ = ["cache_dir", "prune"]
