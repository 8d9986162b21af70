"""Comparing names: :func:`fold` (lower case without accents) and :func:`name_key` (the
comparison key of a name, letters and digits only), used wherever two spellings of a place
name must be recognised as one (candidate files, name lookup, maps, the bill).
"""

from __future__ import annotations

import re
import unicodedata


def fold(text: str) -> str:
    """Lower case without accents (``"Posse d'Abadia"`` -> ``"posse d'abadia"``)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def name_key(text: str) -> str:
    """Comparison key of a name: ASCII lower-case letters and digits only.

    ``"Posse d'Abadia"``, ``"posse dabadia"`` and ``"POSSE D’ABADIA"`` give ``"possedabadia"``.
    """
    return re.sub(r"[^a-z0-9]", "", fold(text))
