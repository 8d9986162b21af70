"""Resumable batches: a digest of everything a study depends on, kept next to its outputs.

A study is skipped when the digest of its inputs (candidate file bytes and its boundary
file, the processed data manifest, the settings, the notebook template, the package
version) equals the one recorded after its last successful run, and its recorded files
still exist. The digest is ``outputs/<lote>/<slug>/.entradas.sha256``; the result record of
that run is ``.registro.json`` beside it. A failed run leaves its record (status
``falhou``) without a digest, so that the batch index can list it and it is never skipped.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

DIGEST_FILE = ".entradas.sha256"
RECORD_FILE = ".registro.json"


def _default_template_files() -> list[Path]:
    """What a study uses when no template is given: the runner's default notebook template
    and the package's report assets (stylesheet, fonts)."""
    from ..common.imports import block_slow_imports

    block_slow_imports()  # the runner imports nbformat (and so jsonschema)
    from ..report.runner import DEFAULT_TEMPLATE

    assets = Path(__file__).resolve().parents[1] / "report" / "assets"
    files = [p for p in assets.rglob("*") if p.is_file()] if assets.is_dir() else []
    return [Path(DEFAULT_TEMPLATE), *sorted(files)]


def _feed_file(h, label: str, path: Path | None) -> None:
    h.update(f"\0{label}\0".encode())
    if path is not None and Path(path).is_file():
        h.update(str(Path(path).name).encode("utf-8", "surrogateescape") + b"\0")
        h.update(Path(path).read_bytes())
    else:
        h.update(b"<absent>")


def common_digest(*, settings: dict | None, data_root: str | Path | None,
                  template: str | Path | None, study: str | None = None,
                  rulesets: list[str] | None = None) -> str:
    """Digest of the inputs shared by every study of a batch.

    Parameters
    ----------
    settings : dict or None
        ``Settings.to_dict()`` of the batch settings (``None``: the defaults).
    data_root : str or Path or None
        Processed store folder; its ``manifest.json`` bytes are hashed (the manifest lists
        the sha256 of every processed table).
    template : str or Path or None
        Notebook template; ``None`` hashes the runner's default template
        (``notebooks/estudo.ipynb``). The package's report assets are hashed in both cases.
    study : str, optional
        The study function (``"module:function"``) when not the default ``run_study``.
    rulesets : list of str, optional
        ``--regras`` (ids and absolute paths); a user's ruleset file is hashed by content.

    Returns
    -------
    str
        Hex sha256.
    """
    from .. import __version__

    h = hashlib.sha256()
    h.update(f"viabilidade {__version__}\0{study or ''}".encode())
    from ..data.paths import default_root

    root = Path(data_root) if data_root else default_root()
    _feed_file(h, "manifest", root / "manifest.json")
    h.update(b"\0settings\0" + json.dumps(settings, sort_keys=True, ensure_ascii=False,
                                          default=str).encode())
    files = _default_template_files()
    if template is not None:
        files[0] = Path(template)
    for p in files:
        _feed_file(h, "template", p)
    for r in rulesets or ():
        h.update(b"\0regras\0" + r.encode())
        if r.endswith(".toml"):
            _feed_file(h, "regras", Path(r))
    return h.hexdigest()


def study_digest(candidate: str | Path, common: str, boundary: str | Path | None = None,
                 documents: tuple[str | Path, ...] = ()) -> str:
    """Digest of one study's inputs: the candidate file bytes, its boundary file, the document
    files of its process record, the common part.

    Parameters
    ----------
    candidate : str or Path
        The candidate TOML (an unreadable file hashes as absent, so it is never skipped
        as done: it never succeeds).
    common : str
        :func:`common_digest` of the batch.
    boundary : str or Path, optional
        The candidate's ``area.boundary`` file.
    documents : tuple of str or Path, optional
        The files of the record's acts (``[[process.events]] file``,
        :func:`viabilidade.proposal.record.annexes`): a certificate replaced on disk without
        the candidate file changing makes the study out of date (the study then refuses it,
        since its sha256 no longer matches the record).

    Returns
    -------
    str
        Hex sha256.
    """
    h = hashlib.sha256(common.encode())
    _feed_file(h, "candidate", Path(candidate))
    if boundary is not None:
        _feed_file(h, "boundary", Path(boundary))
    for d in documents:
        _feed_file(h, "document", Path(d))
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


def invalidate(folder: str | Path) -> None:
    """Remove the digest before a study runs, so that a re-run that fails or is interrupted
    is never skipped as up to date.

    The record (``.registro.json``) stays: the study's files are replaced atomically, so
    until a new run replaces them the earlier files are whole and the batch index keeps
    listing them with their record. A success (:func:`remember`) or a failure
    (:func:`remember_failure`) then replaces the record.
    """
    (Path(folder) / DIGEST_FILE).unlink(missing_ok=True)


def remember(folder: str | Path, digest: str, record: dict) -> None:
    """Record a successful run: the record first, then the digest that validates it."""
    folder = Path(folder)
    tmp = folder / (RECORD_FILE + ".tmp")
    tmp.unlink(missing_ok=True)  # a link left there is removed, never written through
    tmp.write_text(json.dumps(record, ensure_ascii=False, sort_keys=True, indent=1), encoding="utf-8")
    tmp.replace(folder / RECORD_FILE)
    tmp = folder / (DIGEST_FILE + ".tmp")
    tmp.unlink(missing_ok=True)
    tmp.write_text(digest + "\n", encoding="utf-8")
    tmp.replace(folder / DIGEST_FILE)


def earlier_study(folder: str | Path) -> dict | None:
    """The last successful record of a study folder whose files are still whole on disk, read
    before a failure replaces the record: the failure record carries it (``previous``) so
    that the index still links the earlier study. A folder whose last record is itself a
    failure passes on that failure's ``previous``.

    Returns
    -------
    dict or None
        The record (without its own ``previous``), or None when there is no successful study
        whose every file is still there.
    """
    folder = Path(folder)
    try:
        record = json.loads((folder / RECORD_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(record, dict) and record.get("status") != "ok":
        record = record.get("previous")
    if not isinstance(record, dict) or record.get("status") != "ok":
        return None
    files = record.get("files") or {}
    if not files or not all((folder / f).is_file() for f in files.values()):
        return None
    return {k: v for k, v in record.items() if k != "previous"}


def remember_failure(folder: str | Path, record: dict) -> None:
    """Keep a failure record for the batch index; no digest, so the study is never skipped."""
    folder = Path(folder)
    (folder / DIGEST_FILE).unlink(missing_ok=True)
    tmp = folder / (RECORD_FILE + ".tmp")
    tmp.unlink(missing_ok=True)  # a link left there is removed, never written through
    tmp.write_text(json.dumps(record, ensure_ascii=False, sort_keys=True, indent=1), encoding="utf-8")
    tmp.replace(folder / RECORD_FILE)


def saved_records(out_dir: str | Path) -> dict[str, dict]:
    """The last record of every study in a batch folder, earlier runs included.

    Parameters
    ----------
    out_dir : str or Path
        The batch folder, ``outputs/<lote>``.

    Returns
    -------
    dict
        {slug: record} for each sub-folder holding a readable ``.registro.json`` whose slug is
        the folder's name; other folders (``candidatos/``, unreadable records, symbolic
        links) are left out.
    """
    out: dict[str, dict] = {}
    try:
        folders = sorted(p for p in Path(out_dir).iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return out
    for folder in folders:
        try:
            record = json.loads((folder / RECORD_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(record, dict) and record.get("slug") == folder.name and "status" in record:
            out[folder.name] = {**record, "skipped": False}
    return out
