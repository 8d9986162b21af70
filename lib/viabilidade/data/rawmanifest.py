"""The raw folder's record of what ``viabilidade data fetch`` put there: ``fontes-baixadas.json``.

One record per catalogue set (:mod:`viabilidade.data.catalogue`)::

    {"format": 1, "sources": {"<key>": {
        "publisher", "dataset", "year", "url", "file", "sha256", "bytes", "retrieved",
        "origin": "download" | "manual",
        "derived": [{"file", "sha256", "how", "from_sha256"}]}}}

A set of an open-data portal (``catalogue.Source.ckan``) has ``file`` = its folder and
``files`` = [{"file", "url", "sha256", "bytes", "retrieved", "origin"}] instead of one
``sha256``.

``file`` and ``derived[].file`` are raw-folder paths. The record is rewritten after every file,
through a temporary file and a rename, so an interrupted fetch keeps what it finished. The
store build reads it (:func:`derived_from`) so that a file made from an official download is
cited as such, never as the third-party copy it replaced.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..common.reasons import format_problem
from ..errors import DataError

#: File name of the record, in the raw folder.
NAME = "fontes-baixadas.json"


def load(raw: Path) -> dict:
    """The record of a raw folder (an empty one when the file does not exist).

    Raises
    ------
    DataError
        The file is not a record (not JSON, or another shape), naming it.
    """
    path = Path(raw) / NAME
    if not path.is_file():
        return {"format": 1, "sources": {}}
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(doc.get("sources"), dict):
            raise ValueError("sem a chave 'sources'")
        if said := format_problem(doc.get("format", 1)):  # true passed: True == 1 (trial 7)
            raise ValueError(said)
    except (ValueError, AttributeError, UnicodeDecodeError) as exc:
        raise DataError(f"não é um registro de downloads válido ({exc}); esperado o JSON "
                        f"escrito por `viabilidade data fetch` (apague-o para recomeçar: os "
                        "arquivos já baixados serão conferidos de novo)", file=path) from None
    return doc


def save(raw: Path, doc: dict) -> None:
    """Write the record atomically (temporary file in the same folder, then rename)."""
    raw = Path(raw)
    raw.mkdir(parents=True, exist_ok=True)
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(dir=raw, prefix=f".{NAME}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, raw / NAME)
    finally:
        Path(tmp).unlink(missing_ok=True)


def recorded_files(doc: dict):
    """Every (raw-folder path, sha256) the record names: downloads, the files of a portal
    set, and the files made from them."""
    for rec in doc["sources"].values():
        if rec.get("sha256"):
            yield rec["file"], rec["sha256"]
        for f in (rec.get("files") or []) + (rec.get("derived") or []):
            yield f["file"], f["sha256"]


def derived_from(raw: Path, path: str, digest: str) -> dict | None:
    """The set a raw file was made from by ``data fetch``, when it still has the recorded
    bytes.

    Parameters
    ----------
    raw : Path
        Raw folder.
    path : str
        Raw-folder path of the file (as :data:`viabilidade.data.provenance.RAW` names it).
    digest : str
        Its sha256 now.

    Returns
    -------
    dict or None
        The set's record (see the module docstring) plus ``"how"`` (how the file was made;
        empty when the download itself is the file); ``None`` when the record does not name
        the file or names other bytes (the file was replaced since).
    """
    try:
        sources = load(raw)["sources"]
    except DataError:
        return None
    for rec in sources.values():
        if rec.get("file") == path and rec.get("sha256") == digest:
            return {**rec, "how": ""}
        for f in rec.get("files") or []:
            if f.get("file") == path and f.get("sha256") == digest:
                return {**rec, **f, "how": "", "set_url": rec.get("url", "")}
        for d in rec.get("derived") or []:
            if d.get("file") == path and d.get("sha256") == digest:
                return {**rec, "how": d.get("how", "")}
    return None
