"""The explorer's session on disk: restored on the next Run All, after a kernel restart.

The session — the scenario on screen (area, readings, thresholds, what-ifs, projections),
the scenarios kept side by side, and the undo/redo steps of the area with the polygons drawn
for them (so «Desfazer» still works after a reload of the page) — is written as JSON to ``.explorar-estado.json`` in the
explorer's save folder (``data/candidates/`` by default, beside the candidate files; the
folder's ``.gitignore`` keeps it out of git), atomically
(:func:`viabilidade.report.writers.atomic.write_files_atomically`) after every change. A file that
cannot be read (edited by hand, from another version) is not restored and the explorer says
why; nothing is lost that was saved as a candidate.

``VIABILIDADE_ESTADO_EXPLORAR`` (a file path) moves the state file: tests and a served app
(Voilà) use it to keep their session apart from the user's.
"""

from __future__ import annotations

import glob
import json
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..data.paths import REPO
from ..errors import CandidateError
from ..report.writers.atomic import write_files_atomically
from .history import MAX_STEPS, AreaState
from .projection import Projection
from .scenario import DEFAULT_FOLDER, FigureOverride, Scenario

#: File name of the session state, in the save folder.
STATE_NAME = ".explorar-estado.json"
#: Environment variable naming another state file.
STATE_ENV = "VIABILIDADE_ESTADO_EXPLORAR"
#: Version of the file's layout (a file of another version is not restored).
VERSION = 1
#: Most bytes of a session file read back (a bound with margin for 101 steps, the kept
#: scenarios and 101 drawn polygons; not measured against the largest real session): the file
#: was read whole, whatever its size (issue 32, hostile trial 6, H6-6).
SESSION_MAX_BYTES = 16 * 1024 * 1024
#: Folder, beside the state file, of the polygons drawn on the map while a session is kept
#: (a temporary folder would be gone after a reboot, and the restored area with it).
DRAWINGS = ".explorar-desenhos"


#: File name of the web app's (Voilà, ``make explorar``) session: JupyterLab and the app keep
#: one session each, so neither overwrites the other's.
APP_STATE_NAME = ".explorar-estado-app.json"


def in_voila(environ=None) -> bool:
    """Whether the kernel runs under Voilà (``make explorar``): Voilà starts its kernels with
    ``SERVER_SOFTWARE=voila/<versão>`` and ``VOILA_BASE_URL`` in the environment."""
    env = os.environ if environ is None else environ
    return (env.get("SERVER_SOFTWARE", "").startswith("voila") or "VOILA_BASE_URL" in env
            or env.get("VOILA_PREHEAT") == "True")


def default_state_file(environ=None) -> Path:
    """``$VIABILIDADE_ESTADO_EXPLORAR``, or ``<repo>/data/candidates/.explorar-estado.json``
    (JupyterLab), or ``.explorar-estado-app.json`` there under Voilà (:func:`in_voila`)."""
    env = os.environ if environ is None else environ
    chosen = env.get(STATE_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    return DEFAULT_FOLDER / (APP_STATE_NAME if in_voila(env) else STATE_NAME)


#: Query parameter of the app's URL naming the page's session (``?sessao=<chave>``).
PAGE_PARAMETER = "sessao"
#: A session key: letters, digits, ``-`` and ``_``, at most 64 characters (it becomes part of
#: a file name).
PAGE_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def page_key(query: str | None) -> tuple[str, bool]:
    """The session key named by ``?sessao=`` in a page's query string, and whether it was
    named there; otherwise a new random key (16 hexadecimal digits) and ``False``.

    A value that is not a key (other characters, longer than 64) is ignored as if absent:
    the page gets a new session, never another file's.
    """
    from urllib.parse import parse_qs

    named = parse_qs(query or "").get(PAGE_PARAMETER, [""])[-1]
    if PAGE_KEY.fullmatch(named):
        return named, True
    return secrets.token_hex(8), False


def page_state_file(key: str, environ=None) -> Path:
    """The session file of the app's page ``key`` (:func:`page_key`): beside
    :func:`default_state_file`, named after it with ``-<key>`` added
    (``data/candidates/.explorar-estado-app-<key>.json``). Each open page has its own file,
    so two users of one server never restore or overwrite each other's session; a reload
    (the key stays in the page's URL) restores the page's own.

    Raises
    ------
    ValueError
        ``key`` is not a session key.
    """
    if not PAGE_KEY.fullmatch(key):
        raise ValueError(f"not a session key: {key!r}")
    base = default_state_file(environ)
    return base.with_name(f"{base.stem}-{key}{base.suffix}")


def request_query() -> str:
    """The page's query string, under Voilà: with pre-heated kernels (``voila.json``) the
    notebook runs before any page asks for it, and this waits for the page's request
    (:func:`voila.utils.get_query_string`); without, the kernel's environment has it.
    Outside Voilà: ``""``."""
    if not in_voila():
        return ""
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import get_query_string

        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


def _path(p) -> str | None:
    return None if p is None else str(Path(p).resolve())


def scenario_dict(s: Scenario) -> dict:
    """A scenario as plain JSON data (:func:`scenario_from_dict` reads it back)."""
    return {
        "name": s.name, "seat": s.seat, "origins": list(s.origins), "districts": list(s.districts),
        "municipalities": list(s.municipalities), "boundary": _path(s.boundary),
        "urban_perimeter": _path(s.urban_perimeter), "operation": s.operation,
        "creation_year": s.creation_year, "special_interest": s.special_interest,
        "special_interest_kind": s.special_interest_kind,
        "special_interest_justification": s.special_interest_justification,
        "settings": s.settings.to_dict(),
        "overrides": [{"subject": o.subject, "quantity": o.quantity, "value": o.value, "note": o.note,
                       "basis": None if o.basis is None else str(o.basis),
                       "uncertainty": o.uncertainty, "vintage": o.vintage} for o in s.overrides],
        "projections": [{"quantity": p.quantity, "to_year": p.to_year, "rate": p.rate,
                         "rate_uncertainty": p.rate_uncertainty, "origin": p.origin}
                        for p in s.projections],
        "base": _path(s.base.path) if s.base is not None else None,
        "path": _path(s.path),
    }


def scenario_from_dict(d: dict) -> Scenario:
    """The scenario :func:`scenario_dict` wrote.

    A base candidate file is read again (its process facts and evidence); when it is gone, the
    scenario is restored without it.

    Raises
    ------
    ViabilidadeError
        A field the scenario refuses (a hand-edited file).
    KeyError, TypeError, ValueError
        A malformed file.
    """
    from ..proposal.candidate import load_candidate
    from ..rules.result import Basis
    from ..rules.settings import Settings

    base = None
    if d.get("base") and Path(d["base"]).is_file():
        base = load_candidate(d["base"])
    path = lambda k: Path(d[k]) if d.get(k) else None  # noqa: E731
    return Scenario(
        name=d["name"], seat=d.get("seat"), origins=tuple(d["origins"]),
        districts=tuple(d.get("districts", ())), municipalities=tuple(d.get("municipalities", ())),
        boundary=path("boundary"), urban_perimeter=path("urban_perimeter"),
        operation=d.get("operation", "create-municipality"), creation_year=d.get("creation_year"),
        special_interest=bool(d.get("special_interest")),
        special_interest_kind=d.get("special_interest_kind"),
        special_interest_justification=d.get("special_interest_justification", ""),
        settings=Settings.from_dict(d.get("settings") or {}),
        overrides=tuple(FigureOverride(o["subject"], o["quantity"], o["value"], o["note"],
                                       None if o.get("basis") is None else Basis(o["basis"]),
                                       o.get("uncertainty"), o.get("vintage"))
                        for o in d.get("overrides", ())),
        projections=tuple(Projection(p["quantity"], p["to_year"], p["rate"],
                                     p.get("rate_uncertainty", 0.0), p.get("origin", ""))
                          for p in d.get("projections", ())),
        base=base, path=path("path"))


def area_dict(state: AreaState) -> dict:
    """An undo step (:class:`~.history.AreaState`) as plain JSON data."""
    return {"districts": list(state.districts), "municipalities": list(state.municipalities),
            "origins": list(state.origins), "boundary": _path(state.boundary), "name": state.name,
            "seat": state.seat, "urban_perimeter": _path(state.urban_perimeter)}


def area_from_dict(d: dict) -> AreaState:
    """The undo step :func:`area_dict` wrote."""
    path = lambda k: Path(d[k]) if d.get(k) else None  # noqa: E731
    return AreaState(tuple(d["districts"]), tuple(d["municipalities"]), tuple(d["origins"]),
                     path("boundary"), str(d["name"]), d.get("seat"), path("urban_perimeter"))


def _files_exist(state: AreaState) -> bool:
    return all(p is None or p.is_file() for p in (state.boundary, state.urban_perimeter))


@dataclass
class Session:
    """What is restored: the scenario on screen, the kept scenarios (label, scenario), the
    «Salvar em» folder or file, the undo and redo steps of the area (oldest first), and the
    polygons drawn for the steps' limits files (path -> (the polygon as drawn, GeoJSON
    geometry; whether it was clipped to the origin))."""

    scenario: Scenario
    kept: list[tuple[str, Scenario]] = field(default_factory=list)
    save_path: str = ""
    undo: list[AreaState] = field(default_factory=list)
    redo: list[AreaState] = field(default_factory=list)
    drawings: dict[Path, tuple[dict, bool]] = field(default_factory=dict)


def session_text(session: Session) -> str:
    """The state file's text (JSON, UTF-8, keys sorted so an unchanged session is not rewritten).

    Only the drawings of the scenario's limits and of the undo and redo steps are written."""
    used = {session.scenario.boundary, *(s.boundary for s in [*session.undo, *session.redo])}
    return json.dumps({"version": VERSION, "scenario": scenario_dict(session.scenario),
                       "kept": [{"label": label, "scenario": scenario_dict(s)}
                                for label, s in session.kept],
                       "save_path": session.save_path,
                       "undo": [area_dict(s) for s in session.undo],
                       "redo": [area_dict(s) for s in session.redo],
                       "drawings": [{"path": _path(p), "drawn": drawn, "clip": clip}
                                    for p, (drawn, clip) in sorted(session.drawings.items())
                                    if p in used]},
                      ensure_ascii=False, indent=1, sort_keys=True)


#: Most pages' session files kept beside the app's state file: a new page's first write
#: removes the oldest beyond it (GIS review: about 30 pages in 18 minutes left 31 files, never
#: removed, in the candidates folder of a shared server). A link to a removed session opens
#: the initial scenario.
PAGE_STATES_MAX = 200


def write_session(path: str | Path, text: str) -> None:
    """Write the state file atomically (its folder created if missing); a page's first write
    removes the oldest page session files beyond :data:`PAGE_STATES_MAX` (:func:`prune_pages`)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    write_files_atomically(path.parent, {path.name: text.encode("utf-8")})
    if new:
        prune_pages(path)


def prune_pages(path: Path) -> list[Path]:
    """Remove the oldest page session files beside ``path``, those :func:`page_state_file`
    names, keeping the :data:`PAGE_STATES_MAX` newest by modification time; ``path`` itself
    is never removed, nor anything when ``path`` is not a page's file. Returns the files
    removed; a file that cannot be removed is left."""
    base = default_state_file()
    head, tail = f"{base.stem}-", base.suffix
    if (os.path.realpath(path.parent) != os.path.realpath(base.parent)
            or not (path.name.startswith(head) and path.name.endswith(tail))):
        return []
    pages = []
    for other in path.parent.glob(f"{glob.escape(head)}*{glob.escape(tail)}"):
        key = other.name[len(head):len(other.name) - len(tail)]
        if other.name != path.name and PAGE_KEY.fullmatch(key):
            try:
                pages.append((other.stat().st_mtime_ns, other.name, other))
            except OSError:
                continue
    removed = []
    for *_, old in sorted(pages, reverse=True)[max(PAGE_STATES_MAX - 1, 0):]:
        try:
            old.unlink()
            removed.append(old)
        except OSError:
            pass
    return removed


def read_session(path: str | Path) -> Session | None:
    """The session in the state file, or ``None`` when there is none.

    Raises
    ------
    CandidateError
        The file exists but cannot be restored (pt-BR, naming the file and why).
    """
    path = Path(path)
    if not path.is_file():
        return None
    from ..common.reasons import load_json
    from ..os_errors import read_user_bytes

    try:
        doc = load_json(read_user_bytes(path, SESSION_MAX_BYTES).decode("utf-8"))
        if not isinstance(doc, dict):
            raise ValueError("esperado um objeto JSON")
        version = doc.get("version")
        if type(version) is not int or version != VERSION:  # true passed: True == 1 (trial 7)
            raise ValueError(f"versão {json.dumps(version, ensure_ascii=False)[:80]} do "
                             f"arquivo; esperada {VERSION}, um número inteiro")
        from ..common.numbers import fmt
        from .compare import MAX_SCENARIOS

        kept = doc.get("kept", [])
        if not isinstance(kept, list):
            raise ValueError("o campo 'kept' não é uma lista")
        if len(kept) > MAX_SCENARIOS:  # trial 7: 60.000 kept scenarios took 36 s and 614 MB
            raise ValueError(f"{fmt(len(kept))} cenários lado a lado; no máximo {MAX_SCENARIOS}")
        if "\0" in str(doc.get("save_path") or ""):  # the folder uploads go to (trial 9)
            raise ValueError("o campo 'save_path' tem um caractere NUL, que nenhum caminho de "
                             "pasta pode ter")
        outside = outside_paths(doc, path.parent)
        if outside:  # before any is read: a 'base' of /etc/passwd was read (trial 7)
            from ..errors import capped

            places = [f"do projeto ({REPO})", f"da pasta da sessão ({path.parent})",
                      *([f"da pasta «Salvar em» ({save})"] if (save := save_folder(doc)) else [])]
            raise ValueError("; ".join(capped(outside, noun="caminho")) + "; esperados "
                             f"arquivos dentro {', '.join(places[:-1])} ou {places[-1]}; "
                             "nenhum deles foi lido")
        steps = {}
        for key, words in (("undo", "desfazer"), ("redo", "refazer")):
            listed = doc.get(key, [])
            if len(listed) > MAX_STEPS:
                raise ValueError(f"{fmt(len(listed))} passos para {words}; no máximo {MAX_STEPS}")
            # A step whose limits file is gone (a temporary folder swept) is left out.
            steps[key] = [s for s in map(area_from_dict, listed) if _files_exist(s)]
        drawings = doc.get("drawings", [])
        if len(drawings) > 2 * MAX_STEPS + 1:
            raise ValueError(f"{fmt(len(drawings))} polígonos desenhados; no máximo "
                             f"{2 * MAX_STEPS + 1}")
        return Session(scenario_from_dict(doc["scenario"]),
                       [(k["label"], scenario_from_dict(k["scenario"])) for k in kept],
                       str(doc.get("save_path") or ""), steps["undo"], steps["redo"],
                       {Path(d["path"]): (dict(d["drawn"]), bool(d["clip"])) for d in drawings})
    except Exception as e:  # a malformed or foreign file must never stop the explorer
        from ..common.reasons import document_reason

        reason = document_reason(e)
        raise CandidateError(f"a sessão anterior não pôde ser restaurada ({reason}); o explorador "
                             "começa do cenário inicial", file=path) from None


#: The path fields of a scenario, of an undo or redo step, and of a drawing: files the
#: explorer reads (``base``, ``boundary``, ``urban_perimeter``) or writes (``path``).
SCENARIO_PATHS = ("base", "boundary", "urban_perimeter", "path")
STEP_PATHS = ("boundary", "urban_perimeter")


def save_folder(doc: dict) -> str | None:
    """The session's «Salvar em» folder (``save_path``), resolved, when it is an existing
    folder: the user chose it on the page, and uploads and saves go there, so the session
    may name files in it (a KML uploaded to ``~/estudos`` is restored after a reload)."""
    value = doc.get("save_path")
    if not isinstance(value, str) or not value.strip() or "\0" in value:
        return None
    real = os.path.realpath(os.path.expanduser(value))
    return real if os.path.isdir(real) else None


def outside_paths(doc: dict, folder: Path) -> list[str]:
    """Every path field of a session ``doc`` naming a file outside the project (:data:`REPO`:
    its ``data/candidates`` and fixtures) and outside ``folder`` (the session file's folder,
    where uploads and drawings go), links resolved, in pt-BR: ``"o campo 'scenario.base'
    aponta para /etc/passwd"``. Hostile trial 7 (issue 32): a session whose ``base`` named
    ``/etc/passwd`` had it read as a candidate file. Files in the «Salvar em» folder the user
    chose on the page (:func:`save_folder`) are the user's own uploads and saves: restored
    (a session whose upload went to a folder outside the project could not be restored)."""
    from ..common.text import quoted

    roots = [os.path.realpath(REPO), os.path.realpath(folder),
             *filter(None, [save_folder(doc)])]
    found: list[str] = []

    def check(where: str, table, keys) -> None:
        if not isinstance(table, dict):
            return
        for key in keys:
            value = table.get(key)
            if not value:
                continue
            if not isinstance(value, str):
                found.append(f"o campo '{where}.{key}' não é um caminho em texto")
                continue
            if "\0" in value:  # os.path raised "embedded null byte", in English (trial 9)
                found.append(f"o campo '{where}.{key}' tem um caractere NUL, que nenhum caminho "
                             "de arquivo pode ter")
                continue
            real = os.path.realpath(os.path.expanduser(value))
            if not any(os.path.commonpath([root, real]) == root for root in roots):
                shown = quoted(value) if real == os.path.abspath(value) else (
                    f"{quoted(value)} (que leva a {quoted(real)})")
                found.append(f"o campo '{where}.{key}' aponta para {shown}")

    check("scenario", doc.get("scenario"), SCENARIO_PATHS)
    for i, k in enumerate(_listed(doc, "kept")):
        check(f"kept[{i}].scenario", k.get("scenario") if isinstance(k, dict) else None,
              SCENARIO_PATHS)
    most = 2 * MAX_STEPS + 2  # longer lists are refused by their length after this check
    for listed in ("undo", "redo"):
        for i, step in enumerate(_listed(doc, listed)[:most]):
            check(f"{listed}[{i}]", step, STEP_PATHS)
    for i, d in enumerate(_listed(doc, "drawings")[:most]):
        check(f"drawings[{i}]", d, ("path",))
    return found


def _listed(doc: dict, key: str) -> list:
    value = doc.get(key)
    return value if isinstance(value, list) else []


def remove_session(path: str | Path) -> None:
    """Delete the state file (start clean); a missing file is fine."""
    Path(path).unlink(missing_ok=True)


def drawing_file(state_file: str | Path, slug: str, text: str) -> Path:
    """Where a drawn polygon's GeoJSON ``text`` is kept for a session whose state is
    ``state_file``: ``<its folder>/.explorar-desenhos/<slug>-<8 hex of its SHA-256>.geojson``
    (the same drawing, the same file). Written atomically when new."""
    import hashlib

    folder = Path(state_file).parent / DRAWINGS
    path = folder / f"{slug}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}.geojson"
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        write_files_atomically(folder, {path.name: text.encode("utf-8")})
    return path


def is_drawing(path: str | Path | None) -> bool:
    """Whether ``path`` is a polygon drawn on the map and kept by :func:`drawing_file`."""
    return path is not None and Path(path).parent.name == DRAWINGS
