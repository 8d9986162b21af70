"""Rulesets as data: the numeric tests of a law or a bill, declared in a TOML file.

LC 02/1990 (Goiás) is one ruleset among several; the federal bills that would regulate
Constitution art. 18 § 4 (PLS 98/2002, PLS 104/2014, PLP 137/2015) are others. Each file
under ``rules/rulesets/`` (or any file a user writes, see ``docs/REGRAS.md``) declares its
thresholds, comparators, regional floors, whom each test applies to (the new area, the
remaining municipality) and its sources. :mod:`.compare` evaluates them, vectorised.

What a file asks for that the engine cannot evaluate is decided here, once:

* a key, measure, comparator, subject, region or reference the engine does not know is
  **refused at load** (:class:`RulesetError`, naming the file and the key, listing every
  problem of the file at once) — it is a typo or a test this engine has no data model for;
* a known measure whose value the data lacks for some area (e.g. the state-tax collection,
  not published by district) is **indeterminate** for that area, with the reason;
* a requirement with no measurable counterpart (an urban core with infrastructure, land that
  is not indigenous or protected) is declared ``measure = "documental"`` and is always
  indeterminate, with the requirement's text as the reason.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..common.text import NAME, NOTE, REFERENCE, Kind, clean_text, quoted
from ..errors import ViabilidadeError, capped, did_you_mean, field_index, line_in

#: Measures a test can compare, with the unit shown and the Portuguese noun.
MEASURES: dict[str, tuple[str, str]] = {
    "populacao": ("habitantes", "população"),
    "eleitores": ("eleitores", "eleitorado"),
    "edificacoes": ("edificações", "edificações do núcleo urbano"),
    "arrecadacao": ("BRL", "arrecadação estadual"),
    "area_km2": ("km²", "área"),
    "assinaturas": ("assinaturas", "assinaturas da representação"),
}
#: A requirement with no measurable counterpart in the data (always indeterminate).
DOCUMENTARY = "documental"
#: Whom a test applies to: the new municipality's area, or each origin's remainder.
SUBJECTS = {"area": "área proposta", "remanescente": "município remanescente"}
#: Brazil's major regions (IBGE). The first digit of an IBGE code gives the region.
REGIONS = ("Norte", "Nordeste", "Centro-Oeste", "Sudeste", "Sul")
REGION_OF_DIGIT = {"1": "Norte", "2": "Nordeste", "3": "Sudeste", "4": "Sul", "5": "Centro-Oeste"}
#: Quantities a threshold can be a share of: the state's tax revenue, or the same subject's
#: electors (a petition signed by a share of the area's electorate) or population (an
#: electorate above half the population).
REFERENCES = {"receita_estadual": "receita estadual de impostos", "eleitores": "eleitorado",
              "populacao": "população"}
COMPARATORS = (">", ">=")
SCOPES = {"federal": "projeto de lei complementar federal", "estadual": "lei estadual"}
SOURCE_KINDS = {"primaria": "texto oficial", "secundaria": "fonte secundária"}
OPERATIONS = ("create-municipality", "fusion", "transfer-area", "create-district",
              "boundary-correction")
#: Folder of the rulesets shipped with the package.
PACKAGE_FOLDER = "rulesets"


class RulesetError(ViabilidadeError):
    """A ruleset file (or a ``--regras`` list) asks for something the engine cannot read.

    The message names the file and each offending key, with what was found and expected.
    """


def region_of(cod_ibge: str) -> str:
    """Major region of an IBGE municipality or district code: ``"5200100"`` → ``"Centro-Oeste"``.

    Raises
    ------
    RulesetError
        If the code does not start with a region digit (1 to 5).
    """
    code = str(cod_ibge)
    if code[:1] not in REGION_OF_DIGIT:
        raise RulesetError(f"código IBGE {code!r}: esperado um código que comece pelo dígito da "
                           "grande região (1 a 5)")
    return REGION_OF_DIGIT[code[0]]


@dataclass(frozen=True)
class Source:
    """Where a ruleset's figures come from: ``kind`` is ``primaria`` (the official text) or
    ``secundaria`` (press, a technical note, a blog quoting the text)."""

    kind: str
    citation: str
    url: str = ""
    note: str = ""


@dataclass(frozen=True)
class RuleTest:
    """One test of a ruleset, for one subject.

    Attributes
    ----------
    id, title : str
        Identifier in the file (``"populacao"``) and Portuguese title.
    measure : str
        A key of :data:`MEASURES`, or :data:`DOCUMENTARY`.
    subject : str
        ``"area"`` or ``"remanescente"``.
    comparator : str
        ``">"`` or ``">="`` (empty for a documentary test).
    value : float or None
        Fixed threshold.
    by_region : dict or None
        Threshold per major region (all five of :data:`REGIONS`).
    share, of : float, str or None
        Threshold = ``share`` × the reference quantity ``of`` (:data:`REFERENCES`).
    provision : str
        Where in the law or bill the test is (``"art. 4º, IV"``).
    source : str
        ``primaria`` or ``secundaria``: the kind of source the threshold was taken from.
    requirement : str
        Text of a documentary requirement (what would decide it).
    """

    id: str
    title: str
    measure: str
    subject: str
    comparator: str = ""
    value: float | None = None
    by_region: dict[str, float] | None = None
    share: float | None = None
    of: str | None = None
    provision: str = ""
    source: str = "primaria"
    requirement: str = ""

    @property
    def unit(self) -> str:
        return MEASURES.get(self.measure, ("", ""))[0]


@dataclass(frozen=True)
class Ruleset:
    """A law or bill as numeric tests (see the module docstring and ``docs/REGRAS.md``)."""

    id: str
    title: str
    short_title: str
    scope: str
    status: str
    in_force: bool
    operations: tuple[str, ...]
    tests: tuple[RuleTest, ...]
    sources: tuple[Source, ...]
    note: str = ""
    path: Path | None = None

    @property
    def secondary(self) -> bool:
        """True when some threshold rests only on a secondary source."""
        return any(t.source == "secundaria" for t in self.tests)

    def applies_to(self, operation: str) -> bool:
        return operation in self.operations


# ------------------------------------------------------------------------------- loading
_TOP = {"id", "title", "short_title", "scope", "status", "in_force", "operations", "note",
        "sources", "tests"}
_TEST = {"id", "title", "measure", "applies_to", "comparator", "threshold", "provision", "source",
         "requirement"}
_THRESHOLD = {"value", "by_region", "share", "of"}
_SOURCE = {"kind", "citation", "url", "note"}


def _number(x: Any) -> bool:
    return (isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            and x >= 0)


class _Problems:
    """A ruleset file's problems, each with its line when the file's ``text`` is given (the
    keys are named 0-based, ``tests[0]``, as the messages always named them; the index of
    :func:`viabilidade.errors.field_index` numbers ``[[tests]]`` from 1)."""

    def __init__(self, name: str, text: str = ""):
        self.name, self.items, self.text = name, [], text
        self._index: dict[str, int] | None = None

    def _at(self, key: str) -> str:
        """``"linha 7, "`` for ``key``'s line (or its nearest written table's), else ``""``."""
        if not self.text:
            return ""
        if self._index is None:
            self._index = field_index(self.text)
        line = line_in(self._index, re.sub(r"\[(\d+)\]", lambda m: f"[{int(m[1]) + 1}]", key))
        return f"linha {line}, " if line else ""

    def add(self, key: str, found: Any, expected: str) -> None:
        at = self._at(key)
        if found == "(ausente)":
            self.items.append(f"{at}chave '{key}' ausente; esperado {expected}")
        elif isinstance(found, str) and found.startswith("("):
            self.items.append(f"{at}chave '{key}': {found[1:-1]}; esperado {expected}")
        else:
            self.items.append(f"{at}chave '{key}': encontrado {found!r}; esperado {expected}")

    def unknown(self, where: str, table: dict, allowed: set[str]) -> None:
        for k in sorted(set(table) - allowed, key=str):
            self.items.append(f"{self._at(where + k)}chave '{where}{k}' desconhecida"
                              f"{did_you_mean(k, sorted(allowed))}; permitidas aqui: "
                              + ", ".join(sorted(allowed)))

    def raise_if_any(self) -> None:
        if self.items:  # at most errors.PROBLEMS_SHOWN of them, and a count of the rest
            raise RulesetError(f"arquivo de regras {self.name}: " + "; ".join(capped(self.items)))


class _TextProblems:
    """``add(field, message)`` for :func:`viabilidade.common.text.clean_text`, recording on a
    :class:`_Problems` with the field's line."""

    def __init__(self, p: _Problems):
        self.p = p

    def add(self, key: str, message: str) -> None:
        self.p.items.append(f"{self.p._at(key)}chave '{key}': {message}")


def _text(p: _Problems, table: dict, key: str, where: str, required: bool = True,
          kind: Kind = NAME) -> str:
    """A text of the file, through :func:`~viabilidade.common.text.clean_text` as ``kind``
    (:data:`NAME` for titles, :data:`REFERENCE` for citations, provisions, addresses and
    the status, :data:`NOTE` for notes and requirements): a 100 KB title is refused with its
    length, not set in a 133-page PDF (issue 32, fourth hostile trial)."""
    v = table.get(key)
    if v is None:
        if required:
            p.add(where + key, "(ausente)", "um texto")
        return ""
    if not isinstance(v, str) or (required and not v.strip()):
        p.add(where + key, v, "um texto não vazio")
        return ""
    return clean_text(_TextProblems(p), where + key, v, kind)


def _id_problem(p: _Problems, key: str, value: Any, pattern: re.Pattern, allowed: str,
                example: str) -> None:
    """Record that ``value`` is not an id of ``pattern``, naming the first character outside
    ASCII (a homoglyph is invisible in the quoted value)."""
    odd = next((f" (o caractere U+{ord(c):04X}, {unicodedata.name(c, 'sem nome')}, na "
                f"posição {i})" for i, c in enumerate(value, 1) if not c.isascii()),
               "") if isinstance(value, str) and len(value) <= _ID_MAX else ""
    p.items.append(f"{p._at(key)}chave '{key}': encontrado {quoted(value)}{odd}; esperado até "
                   f"{_ID_MAX} {allowed}, em ASCII (ex.: \"{example}\")")


#: A ruleset's id, and each test's: ASCII lower-case letters, digits and hyphens (a
#: Cyrillic "о" in "pisо" would be an id that reads as another's); tests may use "_" too.
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TEST_ID = re.compile(r"[a-z0-9_-]+")
_ID_MAX = 60


def _threshold(p: _Problems, t: dict, where: str, measure: str) -> dict:
    th = t.get("threshold")
    if not isinstance(th, dict):
        p.add(where + "threshold", "(ausente)" if th is None else th,
              "uma tabela com value, by_region, ou share e of")
        return {}
    p.unknown(where + "threshold.", th, _THRESHOLD)
    kinds = [k for k in ("value", "by_region", "share") if k in th]
    if len(kinds) != 1:
        p.add(where + "threshold", "(" + (", ".join(kinds) or "nenhum limite") + ")",
              "exatamente um de value, by_region ou share")
        return {}
    out: dict[str, Any] = {}
    from ..common.plausibility import big_number, threshold_bound

    bound = threshold_bound(measure)

    def too_big(key: str, v: Any) -> bool:
        if bound is not None and v > bound[0]:
            p.add(key, f"(encontrado {big_number(v)})", bound[1])
            return True
        return False

    if "value" in th:
        if not _number(th["value"]):
            p.add(where + "threshold.value", th["value"], "um número >= 0")
        elif not too_big(where + "threshold.value", th["value"]):
            out["value"] = float(th["value"])
    elif "by_region" in th:
        reg = th["by_region"]
        if not isinstance(reg, dict):
            p.add(where + "threshold.by_region", reg, "uma tabela região = limite")
            return {}
        for k in sorted(set(reg) - set(REGIONS)):
            p.add(f"{where}threshold.by_region.{k}", "(região desconhecida)",
                  "uma das grandes regiões: " + ", ".join(REGIONS))
        missing = [r for r in REGIONS if r not in reg]
        if missing:
            p.add(where + "threshold.by_region", "(faltam " + ", ".join(missing) + ")",
                  "um limite para cada uma das cinco grandes regiões")
        big = False
        for k, v in reg.items():
            if k in REGIONS and not _number(v):
                p.add(f"{where}threshold.by_region.{k}", v, "um número >= 0")
            elif k in REGIONS:
                big = too_big(f"{where}threshold.by_region.{k}", v) or big
        if not missing and not big and all(_number(reg[r]) for r in REGIONS):
            out["by_region"] = {r: float(reg[r]) for r in REGIONS}
    else:
        if not _number(th["share"]) or th["share"] > 1:
            p.add(where + "threshold.share", th["share"], "uma fração entre 0 e 1 (0,2 = 20 %)")
        of = th.get("of")
        if of not in REFERENCES:
            p.add(where + "threshold.of", "(ausente)" if of is None else of,
                  "uma destas grandezas de referência: " + ", ".join(REFERENCES))
        if _number(th["share"]) and th["share"] <= 1 and of in REFERENCES:
            out["share"], out["of"] = float(th["share"]), of
    if "of" in th and "share" not in th:
        p.add(where + "threshold.of", th["of"], "'of' só junto com 'share'")
    return out


def parse_ruleset(doc: dict, name: str, path: Path | None = None, text: str = "") -> Ruleset:
    """Validate a ruleset document (the parsed TOML) and build the :class:`Ruleset`.

    Parameters
    ----------
    doc : dict
        The TOML document.
    name : str
        How messages name the file (its path).
    path : Path, optional
        The file, kept in the :class:`Ruleset`.
    text : str, optional
        The file's text: each problem then gives its line.

    Raises
    ------
    RulesetError
        Listing every problem of the file: unknown keys, a measure not in :data:`MEASURES`,
        a comparator other than ``>`` / ``>=``, a subject other than ``area`` /
        ``remanescente``, regional floors missing a region, a share without its reference,
        a test id used twice.
    """
    p = _Problems(name, text)
    p.unknown("", doc, _TOP)
    rid = doc.get("id")
    if rid is None:
        p.add("id", "(ausente)", "um texto")
        rid = ""
    elif not isinstance(rid, str) or len(rid) > _ID_MAX or not _ID.fullmatch(rid):
        _id_problem(p, "id", rid, _ID, "letras minúsculas sem acento (a–z), algarismos e "
                    "hífens", "plp-137-2015")
        rid = ""
    title = _text(p, doc, "title", "")
    short = _text(p, doc, "short_title", "", required=False) or title
    scope = doc.get("scope")
    if scope not in SCOPES:
        p.add("scope", "(ausente)" if scope is None else scope, "um destes: " + ", ".join(SCOPES))
    status = _text(p, doc, "status", "", kind=REFERENCE)
    in_force = doc.get("in_force")
    if not isinstance(in_force, bool):
        p.add("in_force", "(ausente)" if in_force is None else in_force, "true ou false")
    ops = doc.get("operations", ["create-municipality"])
    if not isinstance(ops, list) or not ops or any(o not in OPERATIONS for o in ops):
        p.add("operations", ops, "uma lista com operações entre: " + ", ".join(OPERATIONS))
        ops = []
    sources = []
    raw_sources = doc.get("sources")
    if not isinstance(raw_sources, list) or not raw_sources:
        p.add("sources", "(ausente)" if raw_sources is None else raw_sources,
              "ao menos uma fonte ([[sources]] com kind e citation)")
        raw_sources = []
    for i, s in enumerate(raw_sources):
        where = f"sources[{i}]."
        if not isinstance(s, dict):
            p.add(where[:-1], s, "uma tabela [[sources]]")
            continue
        p.unknown(where, s, _SOURCE)
        kind = s.get("kind")
        if kind not in SOURCE_KINDS:
            p.add(where + "kind", "(ausente)" if kind is None else kind,
                  "um destes: " + ", ".join(SOURCE_KINDS))
        sources.append(Source(kind=kind if kind in SOURCE_KINDS else "", citation=_text(p, s, "citation", where, kind=REFERENCE),
                              url=_text(p, s, "url", where, required=False, kind=REFERENCE),
                              note=_text(p, s, "note", where, required=False, kind=NOTE)))
    tests: list[RuleTest] = []
    raw_tests = doc.get("tests")
    if not isinstance(raw_tests, list) or not raw_tests:
        p.add("tests", "(ausente)" if raw_tests is None else raw_tests,
              "ao menos um teste ([[tests]])")
        raw_tests = []
    seen: set[str] = set()
    for i, t in enumerate(raw_tests):
        where = f"tests[{i}]."
        if not isinstance(t, dict):
            p.add(where[:-1], t, "uma tabela [[tests]]")
            continue
        p.unknown(where, t, _TEST)
        tid = t.get("id")
        if tid is None:
            p.add(where + "id", "(ausente)", "um texto")
        elif not isinstance(tid, str) or len(tid) > _ID_MAX or not _TEST_ID.fullmatch(tid):
            _id_problem(p, where + "id", tid, _TEST_ID, "letras minúsculas sem acento (a–z), "
                        "algarismos, hífens e sublinhados", "nucleo_urbano")
        tid = tid if isinstance(tid, str) else ""
        if tid in seen:
            p.add(where + "id", tid, "um identificador que não se repita no arquivo")
        seen.add(tid)
        ttitle = _text(p, t, "title", where)
        measure = t.get("measure")
        if measure != DOCUMENTARY and measure not in MEASURES:
            p.add(where + "measure", "(ausente)" if measure is None else measure,
                  "uma grandeza que o motor sabe medir: " + ", ".join(MEASURES)
                  + f"; ou \"{DOCUMENTARY}\" para um requisito sem dado que o decida")
        subjects = t.get("applies_to", ["area"])
        if (not isinstance(subjects, list) or not subjects
                or any(s not in SUBJECTS for s in subjects) or len(set(subjects)) != len(subjects)):
            p.add(where + "applies_to", subjects, "uma lista com \"area\" e/ou \"remanescente\"")
            subjects = []
        if measure == "assinaturas" and "remanescente" in subjects:
            p.add(where + "applies_to", subjects, "só \"area\" para assinaturas da representação")
        src = t.get("source", "primaria")
        if src not in SOURCE_KINDS:
            p.add(where + "source", src, "um destes: " + ", ".join(SOURCE_KINDS))
        provision = _text(p, t, "provision", where, required=False, kind=REFERENCE)
        if measure == DOCUMENTARY:
            requirement = _text(p, t, "requirement", where, kind=NOTE)
            for k in ("comparator", "threshold"):
                if k in t:
                    p.add(where + k, t[k], "nada: um requisito documental não tem limite")
            th, comparator = {}, ""
        else:
            requirement = _text(p, t, "requirement", where, required=False, kind=NOTE)
            comparator = t.get("comparator")
            if comparator not in COMPARATORS:
                p.add(where + "comparator", "(ausente)" if comparator is None else comparator,
                      "\">\" (mais de) ou \">=\" (no mínimo)")
            th = _threshold(p, t, where, measure)
        for subj in subjects:
            tests.append(RuleTest(id=tid, title=ttitle, measure=measure or "", subject=subj,
                                  comparator=comparator or "", provision=provision,
                                  source=src if src in SOURCE_KINDS else "primaria",
                                  requirement=requirement, **th))
    note = _text(p, doc, "note", "", required=False, kind=NOTE)
    p.raise_if_any()
    return Ruleset(id=rid, title=title, short_title=short, scope=scope, status=status,
                   in_force=in_force, operations=tuple(ops), tests=tuple(tests),
                   sources=tuple(sources), note=note, path=path)


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and validate one ruleset file.

    Raises
    ------
    RulesetError
        If the file cannot be read, is not UTF-8 TOML, or fails :func:`parse_ruleset`.
    """
    from ..common.toml_file import load_toml, toml_position, toml_reason, utf8_problem

    path = Path(path)
    raw = b""
    try:
        from ..os_errors import read_user_bytes

        raw = read_user_bytes(path)
        text = raw.decode("utf-8-sig")
        doc = load_toml(text)
    except FileNotFoundError:
        raise RulesetError(f"arquivo de regras {path}: arquivo não encontrado") from None
    except OSError as e:
        from ..os_errors import os_reason

        raise RulesetError(f"arquivo de regras {path}: não foi possível ler ({os_reason(e)})") from None
    except UnicodeDecodeError as e:
        message, line = utf8_problem(raw, e)
        raise RulesetError(f"arquivo de regras {path}, linha {line}: {message}") from None
    except tomllib.TOMLDecodeError as e:
        line = toml_position(e)[0]
        raise RulesetError(f"arquivo de regras {path}{f', linha {line}' if line else ''}: TOML "
                           f"inválido: {toml_reason(e, text)}") from None
    return parse_ruleset(doc, str(path), path, text)


@lru_cache(maxsize=1)
def builtin_rulesets() -> dict[str, Ruleset]:
    """The rulesets shipped in ``viabilidade/rules/rulesets/``, by id (sorted by file name).

    Raises
    ------
    RulesetError
        If a shipped file is invalid or two files share an id.
    """
    folder = resources.files(__package__).joinpath(PACKAGE_FOLDER)
    out: dict[str, Ruleset] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        with resources.as_file(entry) as path:
            rs = load_ruleset(path)
        if rs.id in out:
            raise RulesetError(f"arquivo de regras {entry.name}: chave 'id': {rs.id!r} já usado "
                               "por outro arquivo")
        out[rs.id] = rs
    return out


def federal_bills() -> dict[str, Ruleset]:
    """Shipped rulesets of ``scope = "federal"`` (the bills regulating CF art. 18 § 4)."""
    return {k: v for k, v in builtin_rulesets().items() if v.scope == "federal"}


def resolve(spec: str | list[str] | tuple[str, ...]) -> list[Ruleset]:
    """Rulesets named on the command line: ids of shipped rulesets or paths to ``.toml`` files.

    Parameters
    ----------
    spec : str or list of str
        ``"lc02-1990-go,plp-137-2015"`` or ``["lc02-1990-go", "minhas/regras.toml"]``.

    Returns
    -------
    list of Ruleset
        In the order given, without repeats.

    Raises
    ------
    RulesetError
        For an unknown id (listing the available ones), an unreadable or invalid file, an
        empty list, or two entries with the same id.
    """
    items = [s.strip() for s in (spec.split(",") if isinstance(spec, str) else spec)]
    items = [s for s in items if s]
    known = builtin_rulesets()
    if not items:
        raise RulesetError("--regras: lista vazia; esperado ao menos um conjunto de regras entre: "
                           + ", ".join(known))
    out: list[Ruleset] = []
    for item in items:
        if item in known:
            rs = known[item]
        elif item.endswith(".toml"):
            rs = load_ruleset(item)
            if rs.id in known:  # a user's file never speaks under a shipped ruleset's id
                raise RulesetError(f"arquivo de regras {item}: chave 'id': {rs.id!r} é o id de "
                                   "um conjunto embutido; esperado um id próprio (por exemplo "
                                   f"'{rs.id}-local')")
        else:
            raise RulesetError(f"--regras: conjunto de regras {item!r} desconhecido; esperado um "
                               "destes: " + ", ".join(known) + ", ou o caminho de um arquivo .toml")
        if any(r.id == rs.id for r in out):
            raise RulesetError(f"--regras: o conjunto {rs.id!r} aparece duas vezes")
        out.append(rs)
    return out


def portable(spec: str | list[str] | tuple[str, ...]) -> list[str]:
    """``--regras`` validated (:func:`resolve`) and made independent of the working folder:
    shipped ids as they are, users' files as absolute paths (a notebook runs elsewhere).

    Raises
    ------
    RulesetError
        As :func:`resolve`.
    """
    known = builtin_rulesets()
    return [r.id if r.id in known and r.path == known[r.id].path else str(Path(r.path).resolve())
            for r in resolve(spec)]
