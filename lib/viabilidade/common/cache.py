"""The user's cache folder, shared by every on-disk cache of the package (the store build's
derived mesh, :mod:`viabilidade.data.meshcache`; the art. 3 shape table,
:func:`viabilidade.geo.shape.state_shape_table`).

``$VIABILIDADE_CACHE`` when set; else :func:`platformdirs.user_cache_dir` when platformdirs is
installed; else ``$XDG_CACHE_HOME/viabilidade`` or ``~/.cache/viabilidade``. Every cache is
best effort: a folder that cannot be written only makes the next run slower.
"""

from __future__ import annotations

import os
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


__all__ = ["cache_dir"]
