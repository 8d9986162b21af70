"""Download the raw files: from the publishers, a local mirror folder or a mirror server.

From the publishers (:func:`fetch_official`), every set of the catalogue
(:mod:`viabilidade.data.catalogue`) is saved in the raw folder under its published name, its
sha256 recorded in ``fontes-baixadas.json`` (:mod:`viabilidade.data.rawmanifest`), and the
files the build reads are made from it (the Goiás lines of a national CSV; the Goiás KMLs).
A set already there with its recorded sha256 is not downloaded again; a file put there by
hand (after a failed download) is taken, checked and recorded.

Each file is downloaded by :func:`viabilidade.data.download.download` (``requests``,
``.part`` and ``Range``, sha256 checked before the file takes its place), bounded by the
size the catalogue records (:attr:`Source.size`) plus a margin, else by the ceiling of its
kind, and by a deadline; folder listings and the portal's list of files are read with the
same bounds (:func:`viabilidade.data.download.read_text`). ``httpx`` would do as well,
``requests`` was already a dependency of the notebook stack and is the better-known of the
two. A tqdm bar shows progress on stderr (not when stderr is not a terminal, nor with
``--sem-progresso``).

The mirror modes copy (``--from``) or download (``--base-url``) the raw layout itself and
check each file against the sha256 the committed processed manifest records.
"""

from __future__ import annotations

import csv
import datetime as dt
import fnmatch
import json
import os
import re
import shutil
import tarfile
import tempfile
import urllib.parse
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..common.text import quoted, quoted_list
from ..common.vector_files import name_problem
from ..errors import DataError, capped
from ..os_errors import loop_reason, not_regular
from . import rawmanifest
from .catalogue import CATALOGUE, Extract, Source, source
from .download import (TIMEOUT, DownloadError, Limit, count_bytes, download, kept_note,
                       new_session, publish, read_text, shown_url, url_problem)
from .paths import default_root
from .provenance import RAW, RAW_BYTES, sha256
from .tabular import HEADER_MAX, UTF8_BOM, csv_reason, header_fields

# --- the publishers ------------------------------------------------------------------------


@dataclass
class Outcome:
    """What ``fetch_official`` did with one set.

    Attributes
    ----------
    source : Source
    status : str
        ``baixado``, ``já presente``, ``colocado à mão``, ``manual`` or ``falhou``.
    file : str
        Raw-folder path of the download (empty when none).
    derived : list of (str, str)
        Each file the build reads made from it, with ``escrito``, ``já presente`` or
        ``mantido`` (an existing file that did not come from this download, left as it was).
    """

    source: Source
    status: str
    file: str = ""
    derived: list = field(default_factory=list)

    def line(self) -> str:
        """One pt-BR line for the command's summary."""
        s = self.source
        if self.status == "manual":
            return f"{s.key}: sem download automático — {s.manual}"
        if self.status == "falhou":
            return f"{s.key}: falhou (ver o erro abaixo)"
        text = f"{s.key}: {self.status} {self.file}"
        for path, how in self.derived:
            text += (f"; {path} {how}" if how != "mantido" else
                     f"; {path} mantido (já existia e não veio deste download; apague-o para "
                     "usar o arquivo oficial)")
        return text


@dataclass
class FetchReport:
    """Every set's :class:`Outcome` and every problem (pt-BR lines)."""

    outcomes: list = field(default_factory=list)
    problems: list = field(default_factory=list)


class FetchError(DataError):
    """Every set that could not be fetched, one pt-BR line each."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.lines))

    @property
    def lines(self) -> list[str]:
        return capped(self.problems)


def _by_hand(s: Source, raw: Path, name: str = "") -> str:
    if s.ckan:
        return (f"baixe os arquivos {'/'.join(s.ckan)} no navegador ({s.url}) e coloque-os em "
                f"{raw / s.ckan_folder}/ com os nomes publicados; eles são conferidos e "
                "registrados na primeira execução em que o portal responder")
    if s.by_hand:
        return s.by_hand.format(raw=raw)
    named = f" com o nome publicado ({name or s.shown_name})" if name or s.shown_name else ""
    return (f"baixe o arquivo no navegador ({s.url}) e coloque-o em {raw / s.folder}/{named}; "
            "na próxima execução ele é conferido e registrado")


def _problem(s: Source, raw: Path, exc: DownloadError, name: str) -> str:
    advice = {
        "dns": "confira a conexão com a internet e rode o comando de novo",
        "refused": "confira a conexão e rode o comando de novo mais tarde",
        "timeout": "rode o comando de novo mais tarde (o download continua de onde parou)",
        "cut": "rode o comando de novo (o download continua de onde parou)",
        "deadline": "rode o comando de novo mais tarde (o download continua de onde parou)",
        "size": "confira o endereço na página do publicador (o servidor mandou outro arquivo)",
        "coding": "rode o comando de novo mais tarde (o servidor não mandou o arquivo como "
                  "publicado)",
        "malformed": "rode o comando de novo mais tarde (o servidor respondeu fora do "
                     "protocolo)",
        "redirects": "confira o endereço na página do publicador",
        "http": ("procure o arquivo na página do publicador" if exc.status == 404 else
                 "rode o comando de novo mais tarde"),
    }.get(exc.kind, "confira a conexão e rode o comando de novo")
    return (f"{s.label}: não foi possível baixar {exc.url}: {exc.reason}"
            f"{kept_note(exc.target, exc.kept)}. O que fazer: {advice}, ou {_by_hand(s, raw, name)}")


def _resolve(s: Source, raw: Path, session, timeout) -> tuple[str, str]:
    """The address and published name of a set's file (reading the folder listing when the
    publisher dates its file names)."""
    if not s.pattern:
        return s.url, s.filename
    text = read_text(session, s.url, raw / s.folder / "(listagem)", timeout)
    names = {urllib.parse.unquote(h.rstrip("/").rsplit("/", 1)[-1])
             for h in re.findall(r'href\s*=\s*["\']([^"\']+)["\']', text, re.I)}
    found = sorted(n for n in names if re.fullmatch(s.pattern, n))
    if not found:
        raise DataError(f"{s.label}: a listagem {s.url} não tem arquivo com o nome esperado "
                        f"({s.shown_name}); o publicador pode ter mudado o nome. O que "
                        f"fazer: {_by_hand(s, raw)}")
    return urllib.parse.urljoin(s.url, urllib.parse.quote(found[-1])), found[-1]


def _local(s: Source, raw: Path) -> Path | None:
    """A file of the set already in its folder (put there by hand): the published name, or
    the newest name matching the pattern."""
    folder = raw / s.folder
    if s.filename:
        p = folder / s.filename
        return p if p.is_file() else None
    if s.pattern and folder.is_dir():
        found = sorted(p.name for p in folder.iterdir()
                       if p.is_file() and re.fullmatch(s.pattern, p.name))
        return folder / found[-1] if found else None
    return None


def _member(zf: zipfile.ZipFile, ex: Extract, many: bool = False) -> list[str]:
    names = [n for n in zf.namelist() if not n.endswith("/")]
    for pattern in ex.members:
        hit = [n for n in names if fnmatch.fnmatch(n.lower(), pattern.lower())]
        if hit:
            if not many and len(hit) > 1:
                raise DataError(f"{len(hit)} membros correspondem a {pattern} "
                                f"({quoted_list(hit, 3)}); esperado um")
            return hit
    raise DataError(f"nenhum membro corresponde a {' ou '.join(ex.members)}; o arquivo tem: "
                    f"{quoted_list(names, 5) if names else 'nada'}")


def _rows(zf: zipfile.ZipFile, ex: Extract, out) -> None:
    """Header and the lines whose ``ex.column`` equals ``ex.value``, bytes untouched."""
    (name,) = _member(zf, ex)
    with zf.open(name) as fh:
        header = fh.readline(HEADER_MAX)
        text = header.removeprefix(UTF8_BOM).decode("latin-1")
        delim = ";" if text.count(";") >= text.count(",") else ","
        cols = [c.strip().strip('"').upper()
                for c in header_fields(header, Path(name), encoding="latin-1", sep=delim)]
        if ex.column.upper() not in cols:
            raise DataError(f"o membro {quoted(name)} não tem a coluna {ex.column} (tem: "
                            f"{quoted_list(cols, 8)})")
        idx = cols.index(ex.column.upper())
        value = ex.value.encode("latin-1")
        out.write(header)
        kept = 0
        for line in fh:
            if value not in line:
                continue
            try:
                fields = next(csv.reader([line.decode("latin-1")], delimiter=delim), [])
            except csv.Error as exc:
                raise DataError(f"o membro {quoted(name)} tem uma linha que não se lê como CSV "
                                f"({csv_reason(exc)}); esperado o arquivo como publicado") from None
            if len(fields) > idx and fields[idx].strip() == ex.value:
                out.write(line)
                kept += 1
    if not kept:
        raise DataError(f"o membro {name} não tem linha com {ex.column} = {ex.value}")


def _tar(zf: zipfile.ZipFile, ex: Extract, out) -> None:
    """The matching members in a reproducible .tar.xz (sorted, owner root, zip dates)."""
    names = sorted(_member(zf, ex, many=True), key=lambda n: n.rsplit("/", 1)[-1])
    with tarfile.open(fileobj=out, mode="w:xz") as tar:
        first = zf.getinfo(names[0])
        d = tarfile.TarInfo(ex.folder)
        d.type, d.mode, d.mtime = tarfile.DIRTYPE, 0o755, _mtime(first)
        tar.addfile(d)
        for n in names:
            info = zf.getinfo(n)
            t = tarfile.TarInfo(f"{ex.folder}/{n.rsplit('/', 1)[-1]}")
            t.size, t.mode, t.mtime = info.file_size, 0o644, _mtime(info)
            with zf.open(n) as fh:
                tar.addfile(t, fh)


def _copy_member(zf: zipfile.ZipFile, ex: Extract, out) -> None:
    """The one matching member, its bytes untouched."""
    (name,) = _member(zf, ex)
    with zf.open(name) as fh:
        shutil.copyfileobj(fh, out, 1 << 20)


def _mtime(info: zipfile.ZipInfo) -> int:
    return int(dt.datetime(*info.date_time, tzinfo=dt.timezone.utc).timestamp())


def _derive(download: Path, ex: Extract, target: Path) -> str:
    """Make ``target`` from the archive ``download`` (through a temporary file beside it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                with zipfile.ZipFile(download) as zf:
                    {"rows": _rows, "tar": _tar, "member": _copy_member}[ex.kind](zf, ex, out)
            except zipfile.BadZipFile:
                raise DataError("não é um arquivo zip legível (download incompleto ou "
                                "corrompido?); apague-o para baixá-lo de novo",
                                file=download) from None
        return publish(Path(tmp), target, None)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _selected(keys, sources) -> list[Source]:
    if not keys:
        return [s for s in sources if not s.optional]
    by_key = {s.key: s for s in sources}
    out = []
    for k in keys:
        s = by_key.get(k) or source(k)  # source() names the known sets of an unknown one
        if s not in out:
            out.append(s)
    return out


def fetch_official(raw: Path, keys: list[str] | None = None, *, progress: bool = True,
                   timeout=TIMEOUT, today: str | None = None,
                   sources: tuple[Source, ...] | None = None) -> FetchReport:
    """Download the catalogue's sets from the publishers into the raw folder.

    Parameters
    ----------
    raw : Path
        Raw folder (created when missing).
    keys : list of str, optional
        Sets to fetch (:data:`viabilidade.data.catalogue.BY_KEY`); default every set not
        marked optional (sets without an automatic download only print what to do).
    progress : bool
        Progress bars on stderr.
    timeout : (float, float)
        Seconds to connect and to wait for each block.
    today : str, optional
        ISO date recorded as ``retrieved`` (default today, UTC).
    sources : tuple of Source, optional
        The catalogue (default :data:`viabilidade.data.catalogue.CATALOGUE`; the tests give
        one whose addresses are a local server).

    Returns
    -------
    FetchReport
        One :class:`Outcome` per set and the problems (pt-BR lines naming set, address, reason
        and what to do). The sets that succeeded are recorded in ``fontes-baixadas.json``
        and ``SHA256SUMS`` even when others failed.

    Raises
    ------
    DataError
        An unknown set; ``raw`` is a file or a symbolic-link loop; the record is not JSON.
    """
    raw = Path(raw)
    _check_dest(raw, "--raw")
    raw.mkdir(parents=True, exist_ok=True)
    selected = _selected(keys, CATALOGUE if sources is None else sources)
    today = today or dt.datetime.now(dt.timezone.utc).date().isoformat()
    doc = rawmanifest.load(raw)
    report = FetchReport()
    session = new_session()
    session.unreachable = {}  # host -> the DownloadError that showed it unreachable
    for s in selected:
        if s.manual:
            report.outcomes.append(Outcome(s, "manual"))
            continue
        fetch_one = _fetch_ckan if s.ckan else _fetch_one
        report.outcomes.append(fetch_one(s, raw, doc, report, session, progress, timeout,
                                         today))
    if doc["sources"] or (raw / "SHA256SUMS").exists():
        _write_sums(raw, dict(rawmanifest.recorded_files(doc)))
    return report


def _fetch_one(s, raw, doc, report, session, progress, timeout, today) -> Outcome:
    rec = doc["sources"].get(s.key)
    if rec and (raw / rec["file"]).is_file():
        found = sha256(raw / rec["file"])
        if found != rec["sha256"]:
            report.problems.append(
                f"{s.label}: {rec['file']} difere do que foi registrado em "
                f"{rawmanifest.NAME} (sha256 encontrado {found}; registrado {rec['sha256']}): "
                "o arquivo mudou depois de obtido. O que fazer: apague-o para baixá-lo de novo; "
                "nada foi alterado")
            return Outcome(s, "falhou")
        status = "já presente"
    else:
        hand = _local(s, raw)
        digest = None  # the sha256 download() computed as it wrote the file
        if hand is not None:
            status, url, path = "colocado à mão", (s.url if s.filename else
                                                   urllib.parse.urljoin(s.url, hand.name)), hand
            origin = "manual"
        else:
            name = s.filename
            try:
                url, name = _resolve(s, raw, session, timeout)
                path = raw / s.folder / name
                digest = download(url, path, timeout=timeout, progress=progress,
                                  session=session, limit=Limit.of(name, s.size))
            except DownloadError as exc:
                report.problems.append(_problem(s, raw, exc, name))
                return Outcome(s, "falhou")
            except DataError as exc:
                report.problems.append(str(exc))
                return Outcome(s, "falhou")
            status, origin = "baixado", "download"
        old = rec
        rec = {"publisher": s.publisher, "dataset": s.dataset, "year": s.year, "url": url,
               "file": path.relative_to(raw).as_posix(), "sha256": digest or sha256(path),
               "bytes": path.stat().st_size, "retrieved": today, "origin": origin,
               "derived": (old or {}).get("derived", [])}
        doc["sources"][s.key] = rec
        rawmanifest.save(raw, doc)
    outcome = Outcome(s, status, rec["file"])
    for ex in s.extract:
        outcome.derived.append((ex.path, _extract_one(s, ex, raw, rec, doc, report)))
    return outcome


def _fetch_ckan(s, raw, doc, report, session, progress, timeout, today) -> Outcome:
    """Every resource of the set's formats listed by the CKAN portal, into
    ``<folder>/<dataset id>/``; files already recorded with their sha256 are skipped."""
    folder = s.ckan_folder
    dataset_id = folder.rsplit("/", 1)[-1]
    api = f"{s.url.rsplit('/dataset/', 1)[0]}/api/3/action/package_show?id={dataset_id}"
    rec = doc["sources"].get(s.key) or {
        "publisher": s.publisher, "dataset": s.dataset, "year": s.year, "url": s.url,
        "file": folder, "files": [], "derived": []}
    have = {f["file"]: f for f in rec.get("files") or []}
    try:
        text = read_text(session, api, raw / folder / "(lista)", timeout)
        try:
            resources = json.loads(text)["result"]["resources"]
            if not isinstance(resources, list):
                raise TypeError
        except (ValueError, KeyError, TypeError, RecursionError):
            raise DataError(f"{s.label}: a API do portal ({api}) não respondeu com a lista "
                            "de arquivos do conjunto; o portal pode ter mudado. O que "
                            f"fazer: {_by_hand(s, raw)}") from None
    except DownloadError as exc:
        report.problems.append(_problem(s, raw, exc, ""))
        return Outcome(s, "falhou")
    except DataError as exc:
        report.problems.append(str(exc))
        return Outcome(s, "falhou")
    wanted = {f.upper() for f in s.ckan}
    counts = {"baixado": 0, "já presente": 0, "colocado à mão": 0, "falhou": 0}
    for res in resources:
        url = res.get("url") if isinstance(res, dict) else ""
        if not url or str(res.get("format", "")).upper() not in wanted:
            continue
        name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1])
        if not name or name.startswith(".") or (s.ckan_files and name not in s.ckan_files):
            continue
        if "/" in name or "\\" in name or name_problem(name):  # "a%2F..%2F..%2Fx.csv"
            report.problems.append(
                f"{s.label}: o portal lista um arquivo cujo nome não é um nome de arquivo "
                f"({ascii(name)[:120]}: barra, caractere de controle ou nome longo demais); "
                "ele não foi baixado")
            counts["falhou"] += 1
            continue
        rel, path = f"{folder}/{name}", raw / folder / name
        known = have.get(rel)
        if known and path.is_file():
            found = sha256(path)
            if found != known["sha256"]:
                report.problems.append(
                    f"{s.label}: {rel} difere do que foi registrado em {rawmanifest.NAME} "
                    f"(sha256 encontrado {found}; registrado {known['sha256']}): o arquivo mudou "
                    "depois de obtido. O que fazer: apague-o para baixá-lo de novo; nada foi "
                    "alterado")
                counts["falhou"] += 1
            else:
                counts["já presente"] += 1
            continue
        origin = "manual" if path.is_file() else "download"
        digest = None  # the sha256 download() computed as it wrote the file
        if origin == "download":
            try:
                digest = download(url, path, timeout=timeout, progress=progress,
                                  session=session,
                                  limit=Limit.ceiling(f".{str(res.get('format')).lower()}"))
            except DownloadError as exc:
                report.problems.append(_problem(s, raw, exc, name))
                counts["falhou"] += 1
                continue
        counts["baixado" if origin == "download" else "colocado à mão"] += 1
        have[rel] = {"file": rel, "url": url, "sha256": digest or sha256(path),
                     "bytes": path.stat().st_size, "retrieved": today, "origin": origin}
        rec["files"] = sorted(have.values(), key=lambda f: f["file"])
        doc["sources"][s.key] = rec
        rawmanifest.save(raw, doc)
    if not any(counts.values()):
        report.problems.append(f"{s.label}: o portal ({api}) não lista nenhum arquivo "
                               f"{'/'.join(s.ckan)} no conjunto. O que fazer: {_by_hand(s, raw)}")
        return Outcome(s, "falhou")
    said = " e ".join(f"{n} {'arquivo' if n == 1 else 'arquivos'} {_plural(what, n)}"
                      for what, n in counts.items() if n)
    return Outcome(s, f"{said} em", folder)


def _plural(what: str, n: int) -> str:
    """``baixado``/``já presente``/``colocado à mão``/``falhou`` agreed with ``n`` files."""
    if n == 1:
        return "com falha" if what == "falhou" else what
    return {"baixado": "baixados", "já presente": "já presentes",
            "colocado à mão": "colocados à mão", "falhou": "com falha"}[what]


def _extract_one(s: Source, ex: Extract, raw: Path, rec: dict, doc: dict, report) -> str:
    target = raw / ex.path
    derived = {d["file"]: d for d in rec.get("derived") or []}
    mine = derived.get(ex.path)
    if target.is_file():
        now = sha256(target)
        if mine is None or now != mine["sha256"]:
            return "mantido"  # not ours, or changed by hand since: never overwritten
        if mine.get("from_sha256") == rec["sha256"]:
            return "já presente"
    try:
        digest = _derive(raw / rec["file"], ex, target)
    except DataError as exc:
        report.problems.append(f"{s.label}: não foi possível fazer {ex.path} a partir de "
                               f"{rec['file']}: {exc}")
        return "falhou"
    derived[ex.path] = {"file": ex.path, "sha256": digest, "how": ex.how,
                        "from_sha256": rec["sha256"]}
    rec["derived"] = sorted(derived.values(), key=lambda d: d["file"])
    rawmanifest.save(raw, doc)
    return "escrito"


def _write_sums(dest: Path, sums: dict[str, str]) -> None:
    """``dest/SHA256SUMS`` (``sha256sum -c`` format, sorted): the lines already there, with
    ``sums`` added or replacing theirs."""
    path = dest / "SHA256SUMS"
    have: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            digest, _, name = line.partition("  ")
            if name:
                have[name] = digest
    have.update(sums)
    path.write_text("".join(f"{d}  {p}\n" for p, d in sorted(have.items())), encoding="utf-8")


# --- mirrors --------------------------------------------------------------------------------


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


def _check_dest(dest: Path, option: str) -> None:
    loop = loop_reason(dest)
    if loop:
        raise DataError(f"{option} {dest}: {loop}; esperada uma pasta")
    if dest.exists() and not dest.is_dir():
        raise DataError(f"{option} {dest}: é um arquivo; esperada uma pasta (ou um caminho "
                        "ainda inexistente, que será criado)")


def fetch(dest: Path, mirror: str | Path | None = None, base_url: str | None = None, *,
          manifest: Path | None = None, progress: bool = True) -> dict[str, str]:
    """Copy or download the raw layout from a mirror into ``dest`` and record its sha256.

    Parameters
    ----------
    dest : Path
        Destination raw folder.
    mirror : str or Path, optional
        A local folder in the raw layout (e.g. ``../shared/data``): files are copied.
    base_url : str, optional
        A mirror server in the raw layout: ``<base_url>/<raw path>`` is downloaded.
    manifest : Path, optional
        Processed manifest whose raw sha256 values are checked (default the store's).
    progress : bool
        Progress bars on stderr.

    With neither ``mirror`` nor ``base_url``, :func:`fetch_official` is run (and its
    problems raised as one :class:`FetchError`).

    Returns
    -------
    dict
        Relative path -> sha256, also written to ``dest/SHA256SUMS``.

    Raises
    ------
    DataError
        A file missing in the mirror, a download error, or a sha256 that differs from the
        manifest (names the file, expected and found digests; that file is not replaced).
    """
    dest = Path(dest)
    if mirror is None and base_url is None:
        report = fetch_official(dest, progress=progress)
        if report.problems:
            raise FetchError(report.problems)
        return {r["file"]: r["sha256"] for r in rawmanifest.load(dest)["sources"].values()}
    for option, folder in (("--raw", dest), ("--from", mirror)):
        loop = loop_reason(folder) if folder is not None else None
        if loop:
            raise DataError(f"{option} {folder}: {loop}; esperada uma pasta")
    bad = url_problem(base_url) if base_url is not None else None
    if bad:  # "http://[::1" used to end in a ValueError traceback
        raise DataError(f"--base-url {shown_url(base_url)}: {bad}; esperado o endereço de um "
                        "servidor-espelho, como https://exemplo.org/dados")
    _check_dest(dest, "--raw")
    dest.mkdir(parents=True, exist_ok=True)
    expected = known_sha256(manifest)
    sums: dict[str, str] = {}
    if mirror is not None and os.path.realpath(mirror) == os.path.realpath(dest):
        raise DataError(f"--from {mirror} e --raw {dest} são a mesma pasta; esperada uma "
                        "pasta-espelho diferente da pasta de destino (os arquivos já estão lá)")
    session = new_session() if base_url is not None else None
    for rel in sorted({f.path for f in RAW.values()}):
        target = dest / rel
        if mirror is not None:
            src = Path(mirror) / rel
            if not src.exists():
                loop = loop_reason(src)
                raise DataError(f"{loop}; esperado um arquivo da pasta-espelho" if loop
                                else "arquivo ausente na pasta-espelho", file=src)
            kind, limit = not_regular(src), Limit.of(rel, RAW_BYTES.get(rel, 0))
            if kind:  # a FIFO would block, /dev/zero would fill the disk
                raise DataError(f"é {kind}, não um arquivo comum; esperado um arquivo da "
                                "pasta-espelho", file=src)
            real, root = os.path.realpath(src), os.path.realpath(mirror)
            if os.path.commonpath([real, root]) != root:  # a link out of the mirror: not read
                raise DataError(f"é um link para {real}, fora da pasta-espelho {root}; esperado "
                                "um arquivo da pasta-espelho (copie-o para lá)", file=src)
            if src.stat().st_size > limit.bytes:
                raise DataError(f"tem {count_bytes(src.stat().st_size)}, mais que o limite de "
                                f"{count_bytes(limit.bytes)} ({limit.why}); esperado um "
                                "arquivo da pasta-espelho", file=src)
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                       suffix=".tmp")
            os.close(fd)
            try:
                shutil.copyfile(src, tmp)
                digest = publish(Path(tmp), target, expected.get(rel))
            finally:
                Path(tmp).unlink(missing_ok=True)
        else:
            digest = download(f"{base_url.rstrip('/')}/{rel}", target,
                              expected=expected.get(rel), progress=progress, session=session,
                              limit=Limit.of(rel, RAW_BYTES.get(rel, 0)))
        sums[rel] = digest
    _write_sums(dest, sums)
    return sums


__all__ = ["DownloadError", "FetchError", "FetchReport", "Outcome", "download", "fetch",
           "fetch_official", "known_sha256"]
