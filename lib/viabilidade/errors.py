"""One exception hierarchy for the whole package.

Every error a user can cause derives from :class:`ViabilidadeError` and says, in Brazilian
Portuguese, where the problem is (file, line, column or field), what was found and what
was expected. A file with several problems raises one error holding all of them
(:meth:`CandidateError.collect`); the command line prints one line per problem.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

# The one rule for typed text lives on the ground floor (common.text); re-exported here for
# the callers written before it moved.
from .common.text import (BIDI_CONTROLS, ZERO_WIDTH, clean_text, normalise_text,  # noqa: F401
                          quoted, shown, text_problem)


#: The most problems an error lists (issue 32: 8.000 unknown addressees gave 1,7 MB of
#: messages). The rest are counted on one last line (:func:`capped`); a file with more
#: problems than this is corrected in rounds, as the last line says.
PROBLEMS_SHOWN = 50


def capped(lines: list[str], total: int | None = None, *, noun: str = "problema",
           feminine: bool = False, shown: int = PROBLEMS_SHOWN,
           plural: str | None = None) -> list[str]:
    """At most :data:`PROBLEMS_SHOWN` of an error's problem ``lines`` (of ``total``, default
    ``len(lines)``), the first ones, then ``"… e mais 7.950 problemas (mostrados os 50
    primeiros; corrija-os e execute de novo para ver os demais)"``: every list of problems a
    user reads (:attr:`CandidateError.lines`, the fetch's
    :class:`~viabilidade.data.fetch.FetchError`, a batch's failures with ``noun="falha",
    feminine=True``: ``"… e mais 2.950 falhas (mostradas as 50 primeiras; …)"``) is cut
    here, once. ``shown`` lists fewer (a file's unknown keys: ``noun="chave desconhecida",
    plural="chaves desconhecidas"``); a list already cut here (its last line the count) is
    returned as it is, not cut again ("… e mais 1 problema" stood for 1.950 in ``lote``,
    hostile trial 7)."""
    total = len(lines) if total is None else total
    if total <= shown or (total == len(lines) == PROBLEMS_SHOWN + 1
                          and str(lines[-1]).startswith("… e mais ")):
        return list(lines)
    from .common.numbers import decimal

    rest = total - shown
    os_ = "as" if feminine else "os"
    return [*lines[:shown],
            f"… e mais {decimal(rest)} {noun if rest == 1 else plural or noun + 's'} (mostrad{os_} "
            f"{os_} {decimal(shown)} primeir{os_}; corrija-{os_} e execute de novo para ver "
            f"{os_} demais)"]


class ViabilidadeError(Exception):
    """Base of every error raised on purpose by viabilidade."""

    @property
    def lines(self) -> list[str]:
        """The message as one line per problem (one line unless the error holds several)."""
        return [str(self)]


def failure_words(ename: str, evalue: object) -> str:
    """What a notebook's failed cell raised, as the user reads it: the message alone for a
    refusal (``ename`` names a :class:`ViabilidadeError` class: its message is already pt-BR
    and whole, hostile trial 9 read "GeoError: …"), the class name and the message for
    anything else (``RuntimeError: …``, a defect: the name helps whoever reports it).

    The refusal classes are those defined in this process (``__subclasses__``, walked at
    each call): the kernel that raised it imported them, and so did the process that reads
    its error, which imports the same modules to run a study."""
    stack, names = [ViabilidadeError], set()
    while stack:
        cls = stack.pop()
        names.add(cls.__name__)
        stack.extend(cls.__subclasses__())
    return str(evalue) if ename in names else f"{ename}: {evalue}"


class DataError(ViabilidadeError):
    """A raw or processed data file does not have the expected shape or content.

    Parameters
    ----------
    message : str
        What was found and what was expected (pt-BR).
    file : str or Path, optional
        The offending file.
    row : int, optional
        1-based line number in the file as a text editor shows it (header = line 1).
    column : str, optional
        Column name.

    The message reads ``arquivo municipios.csv, linha 3, coluna 'lat': …``.
    """

    def __init__(self, message: str, *, file: str | Path | None = None,
                 row: int | None = None, column: str | None = None):
        self.file, self.row, self.column = file, row, column
        where = []
        if file is not None:
            where.append(f"arquivo {Path(file).name if isinstance(file, Path) else file}")
        if row is not None:
            where.append(f"linha {row}")
        if column is not None:
            where.append(f"coluna {quoted(column)}")
        prefix = (", ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)


class CandidateError(ViabilidadeError):
    """A candidate (or settings) file is malformed or inconsistent with the data.

    Parameters
    ----------
    message : str
        What was found and what was expected (pt-BR).
    file : str or Path, optional
        The candidate TOML file.
    field : str, optional
        Dotted path of the offending field (``"area.districts[0]"``).
    line : int, optional
        1-based line of the field in the file, when known.

    The message reads ``data/candidates/x.toml, linha 5, campo 'area.districts[0]': …``.
    An error holding several problems (:meth:`collect`) has them in :attr:`problems` and its
    message is one line per problem.
    """

    def __init__(self, message: str, *, file: str | Path | None = None,
                 field: str | None = None, line: int | None = None):
        self.file, self.field, self.line, self.message = file, field, line, message
        self.problems: list[CandidateError] = [self]
        super().__init__(self._format())

    def _format(self) -> str:
        where = []
        if self.file is not None:
            where.append(str(self.file))
        if self.line is not None:
            where.append(f"linha {self.line}")
        if self.field is not None:
            where.append(f"campo {quoted(self.field)}")
        return ((", ".join(where) + ": ") if where else "") + self.message

    @classmethod
    def collect(cls, problems: list["CandidateError"]) -> "CandidateError":
        """One error holding every problem found in a file, in the order found.

        Parameters
        ----------
        problems : list of CandidateError
            At least one problem.

        Returns
        -------
        CandidateError
            ``problems[0]`` itself when there is one problem; otherwise an error of the
            first problem's class whose message is one line per problem, the first
            :data:`PROBLEMS_SHOWN` and a count of the rest (:func:`capped`).
        """
        if len(problems) == 1:
            return problems[0]
        first = problems[0]
        err = type(first)(first.message, file=first.file, field=first.field, line=first.line)
        err.problems = list(problems)
        err.args = ("\n".join(err.lines),)
        return err

    @property
    def lines(self) -> list[str]:
        if len(self.problems) <= 1:
            return [str(self)]
        return capped([str(p) for p in self.problems[:PROBLEMS_SHOWN]], len(self.problems))


class Problems:
    """Every problem found in one candidate file, to be raised together.

    Parameters
    ----------
    path : str or Path
        The file the problems are in.
    text : str, optional
        Its TOML text: each problem then gets the line of its field (:func:`field_line`).
    """

    def __init__(self, path: str | Path | None, text: str = ""):
        self.path, self.text = path, text
        self.items: list[CandidateError] = []
        #: The keys each table of the file may hold, by dotted prefix (``"origin."``; ``""``
        #: the file's top), and the unknown keys found without a hint, as (index in
        #: :attr:`items`, prefix, key, allowed): a reader that knows every table names the
        #: table a misplaced key belongs to (:func:`viabilidade.proposal.fields.placed`).
        self.tables: dict[str, set[str]] = {}
        self.unplaced: list[tuple[int, str, str, str]] = []
        self._index: dict[str, int] | None = None  # the text's fields, read once (linear time)

    def line(self, field_: str) -> int | None:
        """The line of ``field_`` in the text (:func:`field_line`), from an index read once."""
        if not self.text:
            return None
        if self._index is None:
            self._index = field_index(self.text)
        return line_in(self._index, field_)

    def add(self, field_: str | None, msg: str) -> None:
        """Record a problem of field ``field_`` (dotted path) with its pt-BR message."""
        line = self.line(field_) if field_ else None
        self.items.append(CandidateError(msg, file=self.path, field=field_, line=line))

    def raise_if_any(self) -> None:
        """Raise every recorded problem at once (:meth:`CandidateError.collect`), if any, in
        the order of the file's lines (problems without a line last, as found)."""
        if self.items:
            items = sorted(self.items, key=lambda e: (e.line is None, e.line or 0))
            raise CandidateError.collect(items)


class ShownStream:
    """A text stream whose writes go through :func:`shown` (the command line's stdout)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(shown(text))
        return len(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)


class SettingsError(CandidateError):
    """A settings value (interpretation or threshold) is unknown or out of range."""


class GeoError(ViabilidadeError):
    """A geometry is missing, invalid, in the wrong CRS or inconsistent with its origin."""


class ReportError(ViabilidadeError):
    """A study could not be rendered (template, execution or export)."""


_TABLE = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\.\"' ]+?)\s*=")


def field_index(text: str) -> dict[str, int]:
    """Every table and key written in TOML text, with its 1-based line, read in one pass.

    An array of tables (``[[process.events]]``) is numbered from 1 as the readers name its
    items (``process.events[2].kind``), its sub-tables under the item they follow
    (``process.events[2].figures``); each name is also kept without the numbers (the first
    line it is written on), for fields named without them.
    """
    found: dict[str, int] = {}
    counts: dict[str, int] = {}
    table = ""
    for n, raw in enumerate(text.splitlines(), start=1):
        m = _TABLE.match(raw)
        if m:
            name = ".".join(p.strip().strip("\"'") for p in m.group(1).split("."))
            plain = name
            if raw.lstrip().startswith("[["):
                counts[name] = counts.get(name, 0) + 1
                name = f"{name}[{counts[name]}]"
            else:  # a sub-table of the latest item of an array of tables
                for array, k in counts.items():
                    if name.startswith(array + "."):
                        name = f"{array}[{k}]{name[len(array):]}"
                        break
            table = name
            found.setdefault(name, n)
            found.setdefault(plain, n)
            continue
        k = _KEY.match(raw)
        if k:
            key = ".".join(p.strip().strip("\"'") for p in k.group(1).split("."))
            full = f"{table}.{key}" if table else key
            found.setdefault(full, n)
            found.setdefault(re.sub(r"\[\d+\]", "", full), n)
    return found


def line_in(found: dict[str, int], field: str, exact: bool = False) -> int | None:
    """:func:`field_line` on an index made once by :func:`field_index`: the field, else its
    nearest written ancestor, each tried with its item numbers and then without."""
    parts = field.split(".")
    for i in range(len(parts), 0 if not exact else len(parts) - 1, -1):
        name = ".".join(parts[:i])
        for target in (name, re.sub(r"\[\d+\]", "", name)):
            if target in found:
                return found[target]
    return None


def field_line(text: str, field: str, exact: bool = False) -> int | None:
    """The 1-based line where a dotted field (or its nearest written ancestor) is in TOML text.

    ``tomllib`` gives no line numbers for keys, so the text is scanned: table headers
    (``[process.plebiscite]``) and ``key = value`` lines are matched against ``field``; an
    item of an array of tables is found by its number (``process.events[3].kind`` is on the
    third ``[[process.events]]``), a list index (``area.districts[1]``) is dropped.

    Parameters
    ----------
    text : str
        The TOML document.
    field : str
        Dotted field path as in :class:`CandidateError`.
    exact : bool
        Only the field itself, not an ancestor.

    Returns
    -------
    int or None
        The line of the field itself; else the line of its nearest ancestor table written in
        the file (where a missing key belongs); ``None`` when neither is written.
    """
    return line_in(_index_of(text), field, exact)


@functools.lru_cache(maxsize=4)
def _index_of(text: str) -> dict[str, int]:
    """:func:`field_index` of ``text``, kept for the next problem of the same file: callers
    that name each problem's line with :func:`field_line` (settings, ``[oficios]``) read
    the file once, not once per problem (2.000 unknown addressees took 34 s). The texts are
    user files, at most 1 MiB each; the index is read, never changed."""
    return field_index(text)


def key_at(text: str, line: int) -> str | None:
    """The dotted key written on a 1-based ``line`` of TOML text (its table's name first),
    as :func:`field_line` names fields; None when that line holds no ``key = value``."""
    table = ""
    for n, raw in enumerate(text.splitlines(), start=1):
        m = _TABLE.match(raw)
        if m:
            table = ".".join(p.strip().strip("\"'") for p in m.group(1).split("."))
        if n == line:
            k = _KEY.match(raw)
            if not k:
                return None
            key = ".".join(p.strip().strip("\"'") for p in k.group(1).split("."))
            return f"{table}.{key}" if table else key
    return None


def source_text(path: str | Path | None) -> str:
    """The text of a candidate or settings file, to find its fields' lines (:func:`field_line`);
    ``""`` without a path (an in-memory candidate) or when the file cannot be read."""
    if path is None:
        return ""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError, TypeError, ValueError):
        return ""


def raise_located(problems: list[CandidateError], path: str | Path | None) -> None:
    """Raise every problem at once (:meth:`CandidateError.collect`), each with the line of
    its field in the candidate file ``path`` (:func:`field_line`); nothing when ``problems``
    is empty.

    Problems that already carry a line keep it. A file that cannot be read (an in-memory
    candidate, ``path`` ``None``) leaves the lines out.

    Raises
    ------
    CandidateError
        Holding ``problems``.
    """
    if not problems:
        return
    text = source_text(path)
    raise CandidateError.collect([
        p if p.line is not None or not (text and p.field) else
        type(p)(p.message, file=p.file, field=p.field, line=field_line(text, p.field))
        for p in problems])


def did_you_mean(word: str, choices) -> str:
    """``" (seria 'x'?)"`` naming the closest of ``choices`` to a mistyped ``word`` (difflib,
    ratio >= 0.7) or the one choice that begins with ``word`` and a hyphen (``prefeitura`` ->
    ``prefeitura-abadiania``), or ``""`` when none is close: the hint of every "chave
    desconhecida" message (candidate files, settings, ``[oficios]``)."""
    import difflib

    choices = [str(c) for c in choices]
    if len(str(word)) > 2 * max((len(c) for c in choices), default=0) + 10:
        return ""  # far longer than any choice: no hint (a 5 MB key would cost minutes)
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.7)
    if not close:
        close = [c for c in choices if c.startswith(f"{word}-")]
        close = close if len(close) == 1 else []
    return f" (seria {close[0]!r}?)" if close else ""


def found_value(value) -> str:
    """``encontrado …`` naming a value read from a TOML file by its kind and as TOML spells
    it (gender agreed): ``encontrado o texto 'x'``, ``encontrado o número 3``,
    ``encontrado o valor true``, ``encontrada a data 2026-01-31``; ``ausente`` for a key
    that is not there (``None``)."""
    import datetime as dt

    if value is None:
        return "ausente"
    if isinstance(value, bool):
        return f"encontrado o valor {'true' if value else 'false'}"
    kind = {str: "encontrado o texto", int: "encontrado o número", float: "encontrado o número",
            list: "encontrada a lista", dict: "encontrada a tabela",
            dt.datetime: "encontradas a data e hora", dt.date: "encontrada a data",
            dt.time: "encontrada a hora"}.get(type(value), f"encontrado {type(value).__name__}")
    if isinstance(value, (dt.date, dt.time)):
        return f"{kind} {value.isoformat()}"
    if isinstance(value, (list, dict)):  # as TOML writes it, not repr (H6-4)
        from .common.text import toml_value

        return f"{kind} {toml_value(value)}"
    return f"{kind} {quoted(value)}"


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``, a service manager, a job scheduler) stopping a command: handled
    as Ctrl-C is, but named as what it was in the messages (:func:`how_stopped`)."""

    how = "SIGTERM"


def how_stopped(exc: BaseException) -> str:
    """What stopped a command, as its messages say it: ``"SIGTERM"`` for :class:`Terminated`
    (also when another interrupt carries it as ``how``), else ``"Ctrl-C"``."""
    return getattr(exc, "how", None) or "Ctrl-C"


def stop_code(exc: BaseException) -> int:
    """The exit code of a command stopped by a signal, by the shell's convention (128 + the
    signal's number): 143 for SIGTERM (:func:`how_stopped`), 130 for Ctrl-C (SIGINT)."""
    import signal

    return 128 + int(signal.SIGTERM if how_stopped(exc) == "SIGTERM" else signal.SIGINT)
