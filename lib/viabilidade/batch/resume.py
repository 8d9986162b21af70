"""Resumable batches: a digest of everything a study depends on, kept next to its outputs.

A study is skipped when the digest of its inputs (candidate file bytes and its boundary
file, the processed data manifest, the settings, the notebook template, the package
version) equals the one recorded after its last successful run, and its recorded files
still exist. The digest is ``outputs/<lote>/<slug>/.entradas.sha256``; the result record of
that run is ``.registro.json`` beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

DIGEST_FILE = ".entradas.sha256"
RECORD_FILE = ".registro.json"


def _default_data_root() -> Path:
    try:
        from ..data.store import default_root
    except ImportError:
        return Path(os.environ.get("VIABILIDADE_DATA") or Path("data") / "processed")
    return Path(default_root())


def _default_template_files() -> list[Path]:
    """The package's own templates and assets (what a study uses when no template is given)."""
    report = Path(__file__).resolve().parents[1] / "report"
    files = []
    for sub in ("templates", "assets"):
        folder = report / sub
        if folder.is_dir():
            files.extend(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return sorted(files)


def _feed_file(h, label: str, path: Path | None) -> None:
    h.update(f"\0{label}\0".encode())
    if path is not None and Path(path).is_file():
        h.update(str(Path(path).name).encode() + b"\0")
        h.update(Path(path).read_bytes())
    else:
        h.update(b"<absent>")


def common_digest(*, settings: dict | None, data_root: str | Path | None,
                  template: str | Path | None, study: str | None = None) -> str:
    """Digest of the inputs shared by every study of a batch.

    Parameters
    ----------
    settings : dict or None
        ``Settings.to_dict()`` of the batch settings (``None``: the defaults).
    data_root : str or Path or None
        Processed store folder; its ``manifest.json`` bytes are hashed (the manifest lists
        the sha256 of every processed table).
    template : str or Path or None
        Notebook template; ``None`` hashes the package's report templates and assets.
    study : str, optional
        The study function (``"module:function"``) when not the default ``run_study``.

    Returns
    -------
    str
        Hex sha256.
    """
    from .. import __version__

    h = hashlib.sha256()
    h.update(f"viabilidade {__version__}\0{study or ''}".encode())
    root = Path(data_root) if data_root else _default_data_root()
    _feed_file(h, "manifest", root / "manifest.json")
    h.update(b"\0settings\0" + json.dumps(settings, sort_keys=True, ensure_ascii=False,
                                          default=str).encode())
    if template is not None:
        _feed_file(h, "template", Path(template))
    else:
        for p in _default_template_files():
            _feed_file(h, "template", p)
    return h.hexdigest()


def study_digest(candidate: str | Path, common: str, boundary: str | Path | None = None) -> str:
    """Digest of one study's inputs: the candidate file bytes, its boundary file, the common part.

    Parameters
    ----------
    candidate : str or Path
        The candidate TOML (an unreadable file hashes as absent, so it is never skipped
        as done: it never succeeds).
    common : str
        :func:`common_digest` of the batch.
    boundary : str or Path, optional
        The candidate's ``area.boundary`` file.

    Returns
    -------
    str
        Hex sha256.
    """
    h = hashlib.sha256(common.encode())
    _feed_file(h, "candidate", Path(candidate))
    if boundary is not None:
        _feed_file(h, "boundary", Path(boundary))
    return h.hexdigest()


def load_if_current(folder: str | Path, digest: str) -> dict | None:
    """The recorded result of a study if its inputs are unchanged since its last success.

    Returns
    -------
    dict or None
        The saved record (see :func:`viabilidade.batch.unit.run_one`), or ``None`` when the
        digest differs, a file is missing or the record is unreadable.
    """
    folder = Path(folder)
    try:
        if (folder / DIGEST_FILE).read_text(encoding="utf-8").strip() != digest:
            return None
        record = json.loads((folder / RECORD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    files = record.get("files") or {}
    if not all((folder / f).is_file() for f in files.values()):
        return None
    return record


def forget(folder: str | Path) -> None:
    """Remove the success marker before a study runs (a failed re-run is never skipped)."""
    for name in (DIGEST_FILE, RECORD_FILE):
        try:
            (Path(folder) / name).unlink()
        except FileNotFoundError:
            pass


def remember(folder: str | Path, digest: str, record: dict) -> None:
    """Record a successful run: the record first, then the digest that validates it."""
    folder = Path(folder)
    tmp = folder / (RECORD_FILE + ".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, sort_keys=True, indent=1), encoding="utf-8")
    tmp.replace(folder / RECORD_FILE)
    tmp = folder / (DIGEST_FILE + ".tmp")
    tmp.write_text(digest + "\n", encoding="utf-8")
    tmp.replace(folder / DIGEST_FILE)
