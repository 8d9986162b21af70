"""Where the processed store lives: ``$VIABILIDADE_DATA`` or ``<repo>/data/processed``."""

from __future__ import annotations

import os
from pathlib import Path

#: The repository root (``lib/viabilidade/data/paths.py`` is three levels below it).
REPO = Path(__file__).resolve().parents[3]


def default_root() -> Path:
    """Folder of the processed store.

    Returns
    -------
    Path
        ``$VIABILIDADE_DATA`` when set and not empty, else ``<repo>/data/processed``.
    """
    env = os.environ.get("VIABILIDADE_DATA")
    return Path(env) if env else REPO / "data" / "processed"
