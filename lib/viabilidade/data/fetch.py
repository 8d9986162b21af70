"""Download the raw files: from the publishers, a local mirror folder or a mirror server.

Downloads are resumable: bytes go to ``<file>.part``; a later run asks the server for the
rest with an HTTP ``Range: bytes=<size>-`` request and appends when the answer is
``206 Partial Content`` (a ``200`` restarts from zero). A tqdm bar shows progress. Each file's
sha256 is recorded in ``<dest>/SHA256SUMS`` and, when the committed manifest knows the file,
checked against it *before* the file takes its place: a download or copy that fails the
check never replaces a good file (it is removed, and the good file stays as it was).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from tqdm import tqdm

from ..errors import DataError
from ..os_errors import loop_reason, new_file_mode
from .catalogue import CATALOGUE
from .paths import default_root
from .provenance import RAW, sha256

_CHUNK = 1 << 16


def known_sha256(manifest: Path | None = None) -> dict[str, str]:
    """Raw path -> sha256 of every raw file named in a processed manifest."""
    path = manifest or default_root() / "manifest.json"
    if not path.exists():
        return {}
    doc = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for table in doc.get("tables", {}).values():
        for rec in table.get("provenance", []):
            for f in rec.get("files", []):
                out[f["path"]] = f["sha256"]
    return out


def _mismatch(target: Path, found: str, expected: str) -> DataError:
    return DataError(f"sha256 diferente: encontrado {found}; esperado {expected}; o arquivo "
                     "obtido foi descartado e o arquivo anterior, se havia, ficou como estava",
                     file=target)


def _publish(tmp: Path, target: Path, expected: str | None) -> str:
    """Check the sha256 of the finished temporary file ``tmp``, then move it onto ``target``
    (atomically, same folder); on a mismatch remove ``tmp`` and leave ``target`` untouched."""
    digest = sha256(tmp)
    if expected is not None and digest != expected:
        tmp.unlink(missing_ok=True)
        raise _mismatch(target, digest, expected)
    os.chmod(tmp, new_file_mode(target))  # the replaced file's mode, else umask's (not 0600)
    os.replace(tmp, target)
    return digest


def download(url: str, target: Path, *, timeout: float = 60.0,
             expected: str | None = None) -> str:
    """Download ``url`` to ``target`` through ``target.part``, resuming a partial file.

    Parameters
    ----------
    url : str
        http(s) address.
    target : Path
        Final file; its parent is created.
    timeout : float
        Socket timeout, seconds.
    expected : str, optional
        sha256 the file must have; checked on the finished ``.part`` before it replaces
        ``target``.

    Returns
    -------
    str
        sha256 of the downloaded file.

    Raises
    ------
    DataError
        HTTP error or unreachable server (names the URL and the file); a sha256 other than
        ``expected`` (the ``.part`` is removed, ``target`` is left as it was).
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    have = part.stat().st_size if part.exists() else 0
    req = urllib.request.Request(url, headers={"User-Agent": "viabilidade-fetch"})
    if have:
        req.add_header("Range", f"bytes={have}-")
    try:
        resp = urllib.request.urlopen(req, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # nothing left to send: the .part is complete
            return _publish(part, target, expected)
        raise DataError(f"o download falhou: HTTP {exc.code} para {url}", file=target) from exc
    except (urllib.error.URLError, OSError) as exc:
        detail = getattr(exc, "reason", None) or exc
        raise DataError(f"o download falhou: servidor inacessível para {url} (sem rede, endereço "
                        "errado ou servidor fora do ar); confira a conexão e o endereço, ou use "
                        f"--from com uma pasta-espelho (detalhe técnico: {detail})",
                        file=target) from None
    with resp:
        if resp.status == 206:
            mode, start = "ab", have
        else:
            mode, start = "wb", 0
        length = resp.headers.get("Content-Length")
        total = start + int(length) if length is not None else None
        with part.open(mode) as fh, tqdm(total=total, initial=start, unit="B",
                                         unit_scale=True, desc=target.name, leave=False) as bar:
            while True:
                chunk = resp.read(_CHUNK)
                if not chunk:
                    break
                fh.write(chunk)
                bar.update(len(chunk))
    return _publish(part, target, expected)


def fetch(dest: Path, mirror: str | Path | None = None, base_url: str | None = None, *,
          manifest: Path | None = None) -> dict[str, str]:
    """Fetch the raw files into ``dest`` and record their sha256.

    Parameters
    ----------
    dest : Path
        Destination (``data/raw``).
    mirror : str or Path, optional
        A local folder in the raw layout (e.g. ``../shared/data``): files are copied.
    base_url : str, optional
        A mirror server in the raw layout: ``<base_url>/<raw path>`` is downloaded.
    manifest : Path, optional
        Processed manifest whose raw sha256 values are checked (default the store's).

    With neither ``mirror`` nor ``base_url``, the official publications of
    :data:`viabilidade.data.catalogue.CATALOGUE` are downloaded from the publishers into
    ``dest/official/`` (national originals; see each entry's note).

    Returns
    -------
    dict
        Relative path -> sha256, also written to ``dest/SHA256SUMS`` (sorted).

    Raises
    ------
    DataError
        A file missing in the mirror, a download error, or a sha256 that differs from the
        manifest (names the file, expected and found digests; that file is not replaced).
    """
    dest = Path(dest)
    for option, folder in (("--dest", dest), ("--from", mirror)):
        loop = loop_reason(folder) if folder is not None else None
        if loop:
            raise DataError(f"{option} {folder}: {loop}; esperada uma pasta")
    if dest.exists() and not dest.is_dir():
        raise DataError(f"--dest {dest}: é um arquivo; esperada uma pasta (ou um caminho ainda "
                        "inexistente, que será criado)")
    dest.mkdir(parents=True, exist_ok=True)
    expected = known_sha256(manifest)
    sums: dict[str, str] = {}
    if mirror is not None and os.path.realpath(mirror) == os.path.realpath(dest):
        raise DataError(f"--from {mirror} e --dest {dest} são a mesma pasta; esperada uma "
                        "pasta-espelho diferente da pasta de destino (os arquivos já estão lá)")
    if mirror is not None or base_url is not None:
        for rel in sorted({f.path for f in RAW.values()}):
            target = dest / rel
            if mirror is not None:
                src = Path(mirror) / rel
                if not src.exists():
                    loop = loop_reason(src)
                    raise DataError(f"{loop}; esperado um arquivo da pasta-espelho" if loop
                                    else "arquivo ausente na pasta-espelho", file=src)
                target.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                           suffix=".tmp")
                os.close(fd)
                try:
                    shutil.copyfile(src, tmp)
                    digest = _publish(Path(tmp), target, expected.get(rel))
                finally:
                    Path(tmp).unlink(missing_ok=True)
            else:
                digest = download(f"{base_url.rstrip('/')}/{rel}", target,
                                  expected=expected.get(rel))
            sums[rel] = digest
    else:
        for entry in CATALOGUE:
            rel = f"official/{entry.saved_as}"
            sums[rel] = download(entry.url, dest / rel)
    lines = "".join(f"{d}  {p}\n" for p, d in sorted(sums.items()))
    (dest / "SHA256SUMS").write_text(lines, encoding="utf-8")
    return sums
