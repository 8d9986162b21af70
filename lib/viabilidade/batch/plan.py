"""What a batch runs: candidate files given one by one, folders of them, or a generated family.

The plan reads each candidate once (cheaply: TOML only) to learn its slug, which names its
output folder. A candidate that cannot be read, or whose slug another candidate already
took, stays in the plan with the reason it will fail, so that the batch reports it instead
of stopping.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..common.text import and_list, path_shown, quoted, undecodable_name
from ..proposal.candidate import slugify
from ..errors import ViabilidadeError
from . import resume


@dataclass(frozen=True)
class Job:
    """One candidate of a batch.

    Attributes
    ----------
    candidate : Path
        The candidate TOML (absolute).
    slug : str
        Its output folder inside the batch folder.
    name, operation : str
        From the file; the file stem and None when it cannot be read.
    boundary : Path or None
        The candidate's boundary file (part of its inputs).
    problem : str or None
        Why it fails before running (unreadable file, duplicate slug), else None.
    area : tuple of str
        The codes making up the candidate's area (``Candidate.area_codes``); empty when the
        file cannot be read.
    documents : tuple of Path
        The document files of its process record (part of its inputs).
    own_folder : bool
        False for a file refused because another file of the batch has its slug: its
        failure is listed in the index, but no folder is made for it (the slug's folder is
        none of theirs; :func:`_refuse_shared_slugs`).
    """

    candidate: Path
    slug: str
    name: str
    operation: str | None = None
    boundary: Path | None = None
    problem: str | None = None
    area: tuple[str, ...] = ()
    documents: tuple[Path, ...] = ()
    own_folder: bool = True


#: The refusal of a batch with no candidate at all.
NO_CANDIDATES = ("nenhum arquivo de candidato; esperados arquivos .toml, pastas que os "
                 "contenham ou --gerar distritos-nao-sede")


#: The most subfolders looked into for :func:`no_candidates`' hint (a folder of a million
#: subfolders is not walked to say where the candidates might be).
SUBFOLDERS_LOOKED = 1_000


def no_candidates(folders: list[Path]) -> str:
    """The refusal of a batch whose named ``folders`` hold no candidate file, in pt-BR.

    It names the folders and says that their subfolders are not searched, naming the first
    subfolder (in name order, of the first :data:`SUBFOLDERS_LOOKED`) that holds candidate
    files: "nenhum arquivo de candidato" alone left a user with ``lote/sub/x.toml`` not
    knowing why. Without a folder, :data:`NO_CANDIDATES`.
    """
    if not folders:
        return NO_CANDIDATES
    where = and_list(str(f) for f in folders)
    first = None
    for folder in folders:
        subs = sorted(e.name for e in _entries(folder) if e.is_dir(follow_symlinks=False))
        first = next((Path(folder) / n for n in subs
                      if any(is_candidate_name(x.name) for x in _entries(Path(folder) / n))), None)
        if first is not None:
            break
    hint = (f"; a subpasta {first} tem arquivos .toml: dê-a ao lote (viabilidade lote {first})"
            if first is not None else "")
    return (f"nenhum arquivo de candidato em {where} (só os arquivos .toml da própria pasta são "
            f"lidos, não os das subpastas{hint}); esperados arquivos .toml, pastas que os "
            "contenham ou --gerar distritos-nao-sede")



#: At most this many subfolders are named in :func:`unread_subfolders`' line.
SUBFOLDERS_NAMED = 5


def unread_subfolders(sources: list[str | Path], out_dir: str | Path | None = None) -> str | None:
    """The line a batch's summary adds when the folders it was given have candidate files
    in subfolders, which it does not read (polish12 M1: ``lote PASTA`` ignored them in
    silence unless the folder had no candidate at all, :func:`no_candidates`): how many, in
    which subfolders, and the command that includes them. ``None`` when there are none.

    Subfolders are walked without following links, at most :data:`SUBFOLDERS_LOOKED` of
    them per folder given; a subfolder that is itself among ``sources`` was read. The
    command keeps the batch folder ``out_dir`` (``--saida``).
    """
    given = {os.path.realpath(s) for s in sources if Path(s).is_dir()}
    found: dict[str, int] = {}
    for src in sources:
        if not Path(src).is_dir():
            continue
        walked = 0
        for top, dirs, files in os.walk(src):  # links to folders are not followed
            dirs.sort()
            if top != str(src):
                walked += 1
                n = sum(is_candidate_name(f) for f in files)
                if n and os.path.realpath(top) not in given:
                    found.setdefault(top, n)
            if walked >= SUBFOLDERS_LOOKED:
                break
    if not found:
        return None
    from ..report.writers.format import count

    subs = list(found)
    named = ", ".join(subs[:SUBFOLDERS_NAMED]) + (
        f" e mais {len(subs) - SUBFOLDERS_NAMED}" if len(subs) > SUBFOLDERS_NAMED else "")
    command = " ".join(["viabilidade lote", *(str(s) for s in sources), *subs[:SUBFOLDERS_NAMED],
                        *(["--saida", str(out_dir)] if out_dir is not None else [])])
    return (f"não lidos: {count(sum(found.values()), 'arquivo .toml', 'arquivos .toml')} em "
            f"{count(len(subs), 'subpasta', 'subpastas')} ({named}): o lote lê só os arquivos "
            f".toml das pastas dadas, não os das subpastas; para incluí-los, dê também as "
            f"subpastas: {command}" + (" …" if len(subs) > SUBFOLDERS_NAMED else ""))


def _entries(folder: Path) -> list[os.DirEntry]:
    """The first :data:`SUBFOLDERS_LOOKED` entries of ``folder`` (none if it cannot be read)."""
    try:
        with os.scandir(folder) as it:
            return [e for _, e in zip(range(SUBFOLDERS_LOOKED), it)]
    except OSError:
        return []

def is_candidate_name(name: str) -> bool:
    """A folder entry a batch takes as a candidate file: ``*.toml`` in any case
    (``OLHOS.TOML``) and ``*.toml.txt`` (Windows Notepad adds ``.txt`` when saving), so that
    a prepared candidate never drops out of a batch in silence."""
    low = name.lower()
    return low.endswith(".toml") or low.endswith(".toml.txt")


def given_files(sources: list[str | Path], family: str | None = None) -> list[Path]:
    """The candidate files the user named (files and the candidate files of folders,
    :func:`is_candidate_name`), checked
    before anything is written: :func:`run_batch` calls it before it creates the batch
    folder, so that a refused batch leaves no empty folder behind.

    Raises
    ------
    ViabilidadeError
        If a source does not exist or is a file not ending in ``.toml``, or, without a
        generated ``family``, when no file is found.
    """
    found: list[Path] = []
    folders: list[Path] = []
    for src in sources:
        p = Path(src)
        if p.is_dir():
            folders.append(p)
            found.extend(sorted(e.absolute() for e in p.iterdir() if is_candidate_name(e.name)))
        elif p.is_file():
            if p.suffix.lower() != ".toml":
                raise ViabilidadeError(f"{p}: não é arquivo .toml nem pasta; esperado um arquivo de candidato .toml ou uma pasta")
            found.append(Path(os.path.realpath(p)))  # named by the user: followed
        else:
            raise ViabilidadeError(f"{p}: arquivo ou pasta de candidatos inexistente")
    if not found and family is None:
        raise ViabilidadeError(no_candidates(folders))
    return found


def candidate_files(sources: list[str | Path], *, family: str | None = None,
                    out_dir: Path | None = None, data_root: Path | None = None) -> list[Path]:
    """The candidate files a batch covers, in a stable order.

    Parameters
    ----------
    sources : list of str or Path
        Candidate TOML files and folders (a folder contributes its ``*.toml`` entries, not
        its sub-folders; :func:`is_candidate_name`), kept in the order given; each folder's entries sorted by name. An
        entry named ``*.toml`` that is not a regular file (a folder, a FIFO, a symbolic
        link in a loop) is kept, so that the batch reports it as a failure instead of
        skipping it in silence.
    family : str, optional
        A generated family (``"distritos-nao-sede"``, see :mod:`viabilidade.proposal.generate`); its
        files are written to ``out_dir/candidatos/`` and added after ``sources``.
    out_dir : Path, optional
        The batch folder; required with ``family``.
    data_root : Path, optional
        Processed store for the generated family.

    Returns
    -------
    list of Path
        Absolute paths, each once.

    Raises
    ------
    ViabilidadeError
        If a source does not exist, is a file not ending in ``.toml``, or nothing is left;
        ``ReportError`` when ``out_dir/candidatos`` is a symbolic link (with ``family``).
    """
    found = given_files(sources, family)
    if family is not None:
        from ..proposal.generate import generate_candidates

        from ..report.writers.atomic import folder_inside

        if out_dir is None:
            raise ViabilidadeError("uma família gerada precisa da pasta do lote (--saida)")
        dest = folder_inside(Path(out_dir), "candidatos")  # never written through a link
        found.extend(generate_candidates(family, dest, data_root=data_root))
    seen, out = set(), []
    for p in found:
        # never raises, even on a symbolic link loop; a folder's link leading out of the
        # folder keeps its own name, so that the batch refuses it by name (link_problem)
        a = p if link_problem(p) else Path(os.path.realpath(p))
        if a not in seen:
            seen.add(a)
            out.append(a)
    if not out:
        raise ViabilidadeError(NO_CANDIDATES)
    return out


def link_problem(path: Path) -> str | None:
    """Why a folder's entry ``path`` is refused as a candidate file without being opened: a
    symbolic link whose target (every link on the way resolved) is outside the folder the
    entry is in (``cands/x.toml -> /etc/passwd``). ``None`` for anything else: a regular
    file, a link within the folder, a link in a loop (its read says so).

    A file named on the command line is the user's own choice and is resolved before the
    plan (:func:`candidate_files`); only the entries of a folder can be links a user never
    looked at (issue 32, hostile trial 3: ``lote`` read ``/etc/passwd`` as a TOML).
    """
    from ..os_errors import link_outside

    folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    if (real := link_outside(path, folder)) is None:
        return None
    return (f"{path}: é um link simbólico para {real}, fora da pasta de candidatos {folder}; "
            "esperado o arquivo do candidato dentro da pasta (copie-o para lá em vez de "
            "ligá-lo): o link não foi seguido")


def fallback_slug(path: Path) -> str:
    """Folder of a candidate that cannot be read: its file stem made safe, or, when the stem
    has no letter or digit (``!!!.toml``), ``candidato-`` and 8 hex digits of its name."""
    try:
        return slugify(path.stem)
    except ViabilidadeError:
        return "candidato-" + hashlib.sha256(path.name.encode("utf-8", "surrogateescape")).hexdigest()[:8]


def declared(path: Path) -> tuple[str, str, str | None]:
    """The slug, name and operation a candidate file that failed gives, when each is valid
    by itself; else :func:`fallback_slug`, the file stem and ``None`` (never raises).

    A file whose only problem was a missing area file was listed in the index by its file
    stem with "—" as its operation (polish10); one with a typo in a key (``operaton``) wrote
    its failure in a folder named after its file stem instead of its ``slug`` line, so that
    the earlier study of that slug left the index (polish12 M2). A slug line is taken only
    as :func:`viabilidade.proposal.candidate.load_candidate` takes it: written as
    :func:`slugify` would write it.
    """
    from ..common.text import NAME, normalise_text, text_problem
    from ..common.toml_file import load_toml
    from ..os_errors import read_user_bytes
    from ..proposal.candidate import OPERATIONS

    slug, name, operation = fallback_slug(path), path.stem, None
    if link_problem(path):  # a link is never opened (it may name any file of the machine)
        return slug, name, operation
    try:
        # the candidate reader's own read (load_candidate): a regular file only, opened
        # without blocking (a FIFO named .toml blocked `lote` for good), at most 1 MiB
        data = load_toml(read_user_bytes(path).decode("utf-8").removeprefix("\ufeff"))
    except Exception:  # noqa: BLE001 — unreadable: the error already says why
        return slug, name, operation
    given = data.get("slug")
    try:
        if isinstance(given, str) and slugify(given) == given:
            slug = given
    except ViabilidadeError:  # nothing usable in it: the file stem's
        pass
    given = data.get("name")
    if isinstance(given, str) and given.strip() and text_problem(given, NAME) is None:
        name = normalise_text(given).strip()
    op = data.get("operation")
    if isinstance(op, str) and op in OPERATIONS:
        operation = op
    return slug, name, operation


def make_jobs(files: list[Path]) -> list[Job]:
    """Read each candidate's slug, name and operation; never raises for a bad candidate.

    A candidate that fails to load keeps its valid ``slug`` line, else ``slugify(file
    stem)``, as its folder (:func:`declared`); files sharing
    a slug are all refused, each naming the others (:func:`_refuse_shared_slugs`).

    Returns
    -------
    list of Job
        In the order of ``files``.
    """
    from ..profile.build import read_candidate
    from ..profile.coherence import check_files
    from ..proposal.record import annexes

    jobs: list[Job] = []
    for path in files:
        if bad_name := undecodable_name(path):  # refused by its name: the batch goes on
            shown = Path(path_shown(path))  # what the record, index and erro.txt can hold
            jobs.append(Job(shown, fallback_slug(shown), shown.stem, problem=bad_name))
            continue
        try:
            if link := link_problem(path):  # never opened (it may name any file of the machine)
                raise ViabilidadeError(link)
            c = read_candidate(path)  # every problem it can find, before any worker starts
            job = Job(path, c.slug, c.name, c.operation, c.boundary, area=c.area_codes,
                      documents=tuple(a.path for a in annexes(c.events)))
            try:  # a drawn area's file that cannot be read: said now too
                check_files(c)
            except ViabilidadeError as e:
                job = dataclasses.replace(job, problem="\n".join(e.lines))
        except Exception as e:  # noqa: BLE001 — a bad candidate is a failure record, never an abort
            problem = ("\n".join(e.lines) if isinstance(e, ViabilidadeError) else
                       f"{path}: o arquivo candidato não pôde ser lido: {type(e).__name__}: {e}")
            job = Job(path, *declared(path), problem=problem)
        jobs.append(job)
    return _refuse_shared_slugs(jobs)


def _refuse_shared_slugs(jobs: list[Job]) -> list[Job]:
    """Every file of a slug that several files of the batch share is refused, each naming
    the others (the batch analyst: the file sorted first used to win, whichever the user
    meant). Each keeps the slug its file writes and gets no folder (``own_folder`` false):
    the slug's folder is none of theirs, and no made-up ``<slug>-2`` is ever shown or
    created. Files with the same bytes (``x.toml`` and ``x - Cópia.toml``) are told to
    delete the copy. A file that already failed keeps its own reason."""
    groups: dict[str, list[int]] = {}
    for i, job in enumerate(jobs):
        groups.setdefault(job.slug, []).append(i)
    out = list(jobs)
    for slug, group in groups.items():
        if len(group) < 2:
            continue
        content = {i: _bytes_digest(jobs[i].candidate) for i in group}
        for i in group:
            same = [j for j in group if j != i and content[i] is not None
                    and content[j] == content[i]]
            others = and_list(str(jobs[j].candidate) for j in group if j != i)
            if same:
                alike = ("os dois arquivos são idênticos; apague a cópia" if len(group) == 2
                         else f"{and_list(str(jobs[j].candidate) for j in sorted([i, *same]))} "
                              "são idênticos; apague as cópias")
                why = (f"{jobs[i].candidate}: o slug {quoted(slug)} é também o de {others} neste "
                       f"lote, e {alike} (nenhum deles foi estudado, para que um não tome o "
                       "lugar do outro)")
            else:
                why = (f"{jobs[i].candidate}: o slug {quoted(slug)} é também o de {others} neste "
                       "lote; esperado um slug próprio para cada candidato (campo slug do "
                       "arquivo); nenhum deles foi estudado, para que um não tome o lugar do "
                       "outro")
            out[i] = dataclasses.replace(jobs[i], own_folder=False,
                                         problem=jobs[i].problem or why)
    return out


def slug_taken(job: Job, saved: dict | None) -> Job:
    """``job`` refused, with no folder of its own, when its slug's folder in the batch folder
    holds the study of another candidate file that is still there (``saved``: that folder's
    last record, :func:`viabilidade.batch.resume.saved_records`; a failure's earlier success
    counts too): two folders each with ``posse-dabadia.toml``, given to two runs into the same
    ``--saida``, had the second silently replace the first's study. ``job`` as it is when the
    folder is its own file's, empty, or of a file that no longer exists (a moved candidate
    takes its folder back).

    The refusal names both files; the earlier study stays, whole, in the index."""
    if job.problem or not isinstance(saved, dict):
        return job
    earlier = {str(r.get("candidate")) for r in (saved, saved.get("previous"))
               if isinstance(r, dict) and r.get("candidate")}
    others = sorted(c for c in earlier if c != str(job.candidate) and Path(c).is_file()
                    and os.path.realpath(c) != str(job.candidate))
    if not others:
        return job
    why = (f"{job.candidate}: o slug {quoted(job.slug)} é, nesta pasta do lote, o do estudo de "
           f"{others[0]}, que continua lá; esperado um slug próprio para cada candidato (campo "
           f"slug do arquivo): este não foi estudado, para não tomar o lugar daquele (se o "
           f"estudo antigo não serve mais, apague a pasta {job.slug} do lote ou use outra "
           "--saida)")
    return dataclasses.replace(job, own_folder=False, problem=why)


def _bytes_digest(path: Path) -> str | None:
    """sha256 of a candidate file's bytes (bounded as the candidate reader bounds them);
    ``None`` when it cannot be read."""
    from ..os_errors import read_user_bytes

    try:
        return hashlib.sha256(read_user_bytes(Path(path))).hexdigest()
    except (OSError, ValueError):
        return None


def drop_generated_twins(jobs: list[Job], generated: Path,
                         fails: Callable[[Path], bool] | None = None
                         ) -> tuple[list[Job], list[dict]]:
    """Leave out a generated candidate (``--gerar``, written in ``generated``) that studies
    the same thing as a candidate the user gave: same operation, same area codes, neither
    with a drawn boundary (``novo "Monte Alto"`` writes ``monte-alto``, the family
    ``monte-alto-<cod_distrito>``). The user's file is kept: it may carry certificates.
    When the user's file fails the check against the data (``fails(path)`` true: a
    misspelled seat, say), the generated one is kept too, so that the area still gets a
    study.

    Returns
    -------
    (kept, twins)
        The jobs kept, in order, and one dict per generated job with a twin: slug,
        candidate, same_as (the user's slug), same_file (the user's file), kept (true when
        the generated job stays because the user's file fails).
    """
    generated = Path(os.path.realpath(generated))

    def key(job: Job):
        return (job.operation, tuple(sorted(job.area)))

    def is_generated(job: Job) -> bool:
        return Path(job.candidate).parent == generated

    users = {key(j): j for j in jobs
             if not is_generated(j) and not j.problem and j.area and j.boundary is None}
    kept, dropped = [], []
    for job in jobs:
        twin = users.get(key(job)) if is_generated(job) and not job.problem else None
        if twin is not None and job.boundary is None:
            stays = fails is not None and fails(Path(twin.candidate))
            dropped.append({"slug": job.slug, "candidate": str(job.candidate),
                            "same_as": twin.slug, "same_file": str(twin.candidate),
                            "kept": stays})
            if not stays:
                continue
        kept.append(job)
    return kept, dropped


def job_params(job: Job, out_root: Path, *, common: str, settings: dict | None,
               data_root: Path | None, template: Path | None, study: str | None = None) -> dict:
    """The plain parameters of :func:`viabilidade.batch.unit.run_one` for one job."""
    return {"candidate": str(job.candidate), "out_root": str(Path(out_root).resolve()),
            "slug": job.slug, "name": job.name, "operation": job.operation,
            "settings": settings, "data_root": str(data_root) if data_root else None,
            "template": str(template) if template else None, "problem": job.problem,
            "study": study, "common": common, "own_folder": job.own_folder,
            "boundary": str(job.boundary) if job.boundary is not None else None,
            "documents": [str(d) for d in job.documents],
            # a job refused before running is never skipped as done: no digest, and its
            # file (perhaps a link out of the folder) is not read for one
            "digest": (None if job.problem else
                       resume.study_digest(job.candidate, common, job.boundary, job.documents))}
