"""What is the same for every study of one processed store, computed once and kept.

A value here depends only on the store's tables and on the code that derives it (the base
layer of the statewide "quem paga" map, say). It is kept twice: in this process (a batch
worker's kernel studies many candidates) and on disk, in
``<cache>/store/<key>/<name>`` (:func:`viabilidade.common.cache.cache_dir`), so a fresh
``viabilidade estudo`` reads it instead of drawing it again. ``key`` is the SHA-256 of the
store's ``manifest.json`` (which holds every table's own SHA-256, checked by
:func:`viabilidade.data.store.load_store`), of the source files the caller names and of the
versions it names (matplotlib's, for a picture): a new store, a change to the code or a new
library makes a new entry.

Best effort, as :mod:`viabilidade.data.meshcache`: an entry that cannot be written or read is
computed again; the :data:`KEEP` most recently used entries are kept.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Callable, Sequence

from ..common.cache import cache_dir, prune

#: Store entries kept on disk (the most recently used).
KEEP = 3
#: Values computed in this process: (key, name) -> bytes.
_MEMO: dict[tuple[str, str], bytes] = {}


def store_key(store, code: Sequence[Path] = (), versions: Sequence[str] = ()) -> str | None:
    """SHA-256 of the store's manifest, of the files ``code`` and of ``versions``; ``None``
    when the store has no readable manifest (then nothing is kept)."""
    root = getattr(store, "root", None)
    if root is None:
        return None
    try:
        h = hashlib.sha256(Path(root, "manifest.json").read_bytes())
        for f in code:
            h.update(Path(f).read_bytes())
    except OSError:
        return None
    for v in versions:
        h.update(str(v).encode())
    return h.hexdigest()


def store_bytes(store, name: str, compute: Callable[[], bytes], *, code: Sequence[Path] = (),
                versions: Sequence[str] = ()) -> bytes:
    """The bytes ``compute()`` returns for ``store``, computed once per store, code and
    versions (:func:`store_key`), then read from this process or from the disk cache.

    Parameters
    ----------
    store : viabilidade.data.store.Store
    name : str
        File name of the value in the entry (``"quem-paga-base.png"``).
    compute : callable
        Makes the value from the store.
    code, versions : sequence
        Source files and library versions the value depends on besides the store.
    """
    key = store_key(store, code, versions)
    if key is None:
        return compute()
    got = _MEMO.get((key, name))
    if got is not None:
        return got
    root = cache_dir() / "store"
    path = root / key / name
    try:
        got = path.read_bytes()
        os.utime(path.parent)   # recently used
    except OSError:
        got = None
    if got is None:
        got = compute()
        _write(root, path, got)
    _MEMO[(key, name)] = got
    return got


def _write(root: Path, path: Path, data: bytes) -> None:
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        return
    prune(root, KEEP, path.parent)


__all__ = ["KEEP", "store_bytes", "store_key"]
