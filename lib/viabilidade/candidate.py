"""The candidate file: one TOML per candidate area, validated on load.

A candidate names an operation under LC 02/1990, the area it concerns (IBGE districts,
whole municipalities, or a boundary file), its origin municipality or municipalities, a
declared special interest (art. 4, head) and, optionally, facts of the process (petition,
plebiscite), evidence checklists (art. 4 I and VI, art. 6) and fiscal figures
(art. 4 VII, art. 14). Unknown keys are errors: a typo never passes silently.

Example (``data/candidates/posse-dabadia.toml``)::

    slug = "posse-dabadia"
    operation = "create-municipality"
    name = "Posse d'Abadia"
    seat = "Posse d'Abadia"

    [area]
    districts = ["520010010"]

    [origin]
    municipalities = ["5200100"]

    [special_interest]
    declared = false
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CandidateError

OPERATIONS = {
    "create-municipality": "criação de município (arts. 1º a 4º)",
    "create-district": "criação de distrito (arts. 15 a 20)",
    "transfer-area": "desmembramento e transferência de área (art. 5º, §1º)",
    "fusion": "fusão de municípios (art. 5º, §2º)",
    "boundary-correction": "correção de limites sem alteração de área (art. 6º)",
}
SPECIAL_INTEREST_KINDS = ("ecological", "tourism", "economic")
#: Evidence items: art. 4 I (prefeitura, camara) and the five areas of art. 4 VI.
EVIDENCE_ITEMS = {
    "prefeitura": "instalação da Prefeitura (art. 4º, I)",
    "camara": "instalação da Câmara Municipal (art. 4º, I)",
    "escola": "área para escola (art. 4º, VI)",
    "saude": "área para unidade de saúde (art. 4º, VI)",
    "posto_telefonico": "área para posto telefônico (art. 4º, VI)",
    "praca_esporte": "área para praça de esporte (art. 4º, VI)",
    "cemiterio": "área para cemitério (art. 4º, VI)",
}
#: Art. 6 checklist: prior agreement of the mayors, authorised by council resolutions.
BOUNDARY_CORRECTION_ITEMS = {
    "technical_error": "falha técnica ou erro na descrição dos limites",
    "mayors_agreement": "acordo prévio dos Prefeitos",
    "council_resolutions": "autorização das Câmaras Municipais por resolução",
}

_COD_IBGE = re.compile(r"^52\d{5}$")
_COD_DISTRITO = re.compile(r"^52\d{7}$")


@dataclass(frozen=True)
class Evidence:
    """One piece of documentary evidence: what it is, where, and the document cited."""

    what: str
    where: str
    document: str


@dataclass(frozen=True)
class MoneyFigure:
    """A money figure in BRL with its fiscal year and source."""

    value_brl: float
    year: int
    source: str


@dataclass(frozen=True)
class Plebiscite:
    """Plebiscite figures (art. 7). Any may be absent before the vote is held."""

    eligible: int | None = None
    turnout: int | None = None
    yes: int | None = None
    no: int | None = None
    blank: int | None = None
    void: int | None = None
    date: dt.date | None = None
    seat_question_approved: bool | None = None


@dataclass(frozen=True)
class Candidate:
    """A validated candidate file.

    Attributes
    ----------
    path : Path
        The TOML file it was read from.
    slug : str
        Safe folder name for outputs: lower-case ASCII letters, digits and ``-`` only.
    operation : str
        One of :data:`OPERATIONS`.
    districts, municipalities : tuple of str
        The area as IBGE district codes (9 digits) and whole municipality codes (7 digits).
    boundary : Path or None
        Optional boundary file of the area (GeoJSON, GeoPackage, zipped Shapefile).
    origins : tuple of str
        IBGE codes of the origin municipality or municipalities.
    destination : str or None
        For ``transfer-area``: the municipality receiving the area.
    """

    path: Path
    slug: str
    operation: str
    name: str
    seat: str
    districts: tuple[str, ...] = ()
    municipalities: tuple[str, ...] = ()
    boundary: Path | None = None
    origins: tuple[str, ...] = ()
    destination: str | None = None
    seat_point: tuple[float, float] | None = None  # (lat, lon), SIRGAS 2000
    creation_year: int | None = None
    request_date: dt.date | None = None
    special_interest: bool = False
    special_interest_kind: str | None = None
    special_interest_justification: str = ""
    petition_signatures: int | None = None
    plebiscite: Plebiscite | None = None
    evidence: dict[str, Evidence] = field(default_factory=dict)
    boundary_correction: dict[str, Evidence] = field(default_factory=dict)
    collection: MoneyFigure | None = None
    state_tax_revenue: MoneyFigure | None = None
    value_added_area: MoneyFigure | None = None
    value_added_origin: MoneyFigure | None = None
    origin_icms_quota: MoneyFigure | None = None
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def area_codes(self) -> tuple[str, ...]:
        """All codes making up the area (districts then municipalities)."""
        return self.districts + self.municipalities


def slugify(text: str) -> str:
    """A safe folder name: ASCII lower case, digits and single hyphens; never empty.

    ``"../../etc"`` gives ``"etc"``; ``"Posse d'Abadia"`` gives ``"posse-dabadia"``.

    Raises
    ------
    CandidateError
        If nothing usable remains.
    """
    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_ = ascii_.lower().replace("'", "")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")
    if not slug:
        raise CandidateError(f"cannot derive a folder name from {text!r}", field="slug")
    return slug[:80]


class _Reader:
    """Walks a TOML table, recording which keys were used so the rest can be reported."""

    def __init__(self, path: Path, table: dict, prefix: str = ""):
        self.path, self.table, self.prefix, self.used = path, table, prefix, set()

    def _name(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def error(self, key: str, msg: str) -> CandidateError:
        return CandidateError(msg, file=self.path, field=self._name(key))

    def get(self, key: str, kind: type | tuple, required: bool = False, default=None):
        self.used.add(key)
        if key not in self.table:
            if required:
                raise self.error(key, "is required but missing")
            return default
        value = self.table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.error(key, f"expected {_kind_name(kinds)}, found a boolean {value!r}")
        if not isinstance(value, kinds):
            raise self.error(key, f"expected {_kind_name(kinds)}, found {type(value).__name__} {value!r}")
        return value

    def sub(self, key: str, required: bool = False) -> "_Reader | None":
        table = self.get(key, dict, required=required)
        if table is None:
            return None
        return _Reader(self.path, table, f"{self._name(key)}.")

    def finish(self) -> None:
        extra = sorted(set(self.table) - self.used)
        if extra:
            raise CandidateError(
                f"unknown key(s) {', '.join(repr(k) for k in extra)}; allowed here: "
                f"{', '.join(sorted(self.used))}",
                file=self.path, field=self._name(extra[0]))


def _kind_name(kinds: tuple) -> str:
    names = {str: "text", int: "a whole number", float: "a number", bool: "true/false",
             list: "a list", dict: "a table", dt.date: "a date (YYYY-MM-DD)"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _code_list(r: _Reader, key: str, pattern: re.Pattern, what: str) -> tuple[str, ...]:
    values = r.get(key, list, default=[])
    out = []
    for i, v in enumerate(values):
        name = f"{key}[{i}]"
        if isinstance(v, int) and not isinstance(v, bool):
            raise r.error(name, f"{what} codes must be quoted text (\"{v}\"), found the number {v}: "
                                "a number loses leading zeros")
        if not isinstance(v, str):
            raise r.error(name, f"expected a {what} code as text, found {v!r}")
        v = v.strip()
        if not pattern.match(v):
            raise r.error(name, _code_hint(v, what))
        if v in out:
            raise r.error(name, f"{what} code {v} is listed twice")
        out.append(v)
    return tuple(out)


def _code_hint(v: str, what: str) -> str:
    expected = ("a 7-digit IBGE municipality code starting with 52 (Goiás), e.g. \"5200100\""
                if what == "municipality" else
                "a 9-digit IBGE district code starting with 52 (Goiás), e.g. \"520010010\"")
    if v.isdigit() and len(v) == 5:
        return f"expected {expected}; found {v!r}, which looks like a TSE municipality code (5 digits)"
    if v.isdigit() and what == "municipality" and len(v) == 9:
        return f"expected {expected}; found {v!r}, which looks like a district code (9 digits)"
    if v.isdigit() and what == "district" and len(v) == 7:
        return f"expected {expected}; found {v!r}, which looks like a municipality code (7 digits)"
    return f"expected {expected}; found {v!r}"


def _nonneg_int(r: _Reader, key: str) -> int | None:
    v = r.get(key, int)
    if v is not None and v < 0:
        raise r.error(key, f"expected a count >= 0, found {v}")
    return v


def _date(r: _Reader, key: str) -> dt.date | None:
    v = r.get(key, (dt.date, str))
    if v is None or isinstance(v, dt.date) and not isinstance(v, dt.datetime):
        return v
    if isinstance(v, dt.datetime):
        return v.date()
    try:
        return dt.date.fromisoformat(v)
    except ValueError:
        raise r.error(key, f"expected a date as YYYY-MM-DD, found {v!r}") from None


def _money(r: _Reader, key: str) -> MoneyFigure | None:
    s = r.sub(key)
    if s is None:
        return None
    value = s.get("value_brl", (int, float), required=True)
    if not value >= 0 or value == float("inf"):
        raise s.error("value_brl", f"expected a finite amount >= 0 in BRL, found {value}")
    year = s.get("year", int, required=True)
    if not 1988 <= year <= 2100:
        raise s.error("year", f"expected a fiscal year between 1988 and 2100, found {year}")
    source = s.get("source", str, required=True)
    s.finish()
    return MoneyFigure(float(value), year, source)


def _evidence_table(r: _Reader, key: str, allowed: dict[str, str]) -> dict[str, Evidence]:
    s = r.sub(key)
    if s is None:
        return {}
    out = {}
    for item in list(s.table):
        if item not in allowed:
            raise s.error(item, f"unknown evidence item {item!r}; expected one of {', '.join(allowed)}")
        e = s.sub(item)
        out[item] = Evidence(e.get("what", str, required=True), e.get("where", str, default=""),
                             e.get("document", str, required=True))
        e.finish()
    s.finish()
    return out


def load_candidate(path: str | Path) -> Candidate:
    """Read and validate a candidate TOML file (shape only, not against the data).

    Parameters
    ----------
    path : str or Path
        The TOML file.

    Returns
    -------
    Candidate

    Raises
    ------
    CandidateError
        If the file is missing, is not UTF-8 TOML, has unknown keys, misses a required field,
        or a field has the wrong type or form; the message names the file and field.
        Consistency with the data (do the districts exist, belong to the origin?) is checked
        by :func:`viabilidade.profile.check_candidate`.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise CandidateError(f"cannot read the candidate file: {e.strerror}", file=path) from None
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise CandidateError(f"expected UTF-8 text; byte {e.start} is not valid UTF-8", file=path) from None
    except tomllib.TOMLDecodeError as e:
        raise CandidateError(f"not valid TOML: {e}", file=path) from None

    r = _Reader(path, doc)
    operation = r.get("operation", str, required=True)
    if operation not in OPERATIONS:
        raise r.error("operation", f"expected one of {', '.join(OPERATIONS)}, found {operation!r}")
    name = r.get("name", str, required=True).strip()
    if not name:
        raise r.error("name", "must not be empty")
    seat = r.get("seat", str, default=name).strip() or name
    slug_in = r.get("slug", str)
    slug = slugify(slug_in if slug_in is not None else path.stem)
    creation_year = r.get("creation_year", int)
    if creation_year is not None and not 1990 <= creation_year <= 2100:
        raise r.error("creation_year", f"expected a year between 1990 and 2100, found {creation_year}")
    request_date = _date(r, "request_date")

    seat_point = None
    sp = r.sub("seat_point")
    if sp is not None:
        lat = float(sp.get("lat", (int, float), required=True))
        lon = float(sp.get("lon", (int, float), required=True))
        sp.finish()
        if not (-19.6 <= lat <= -12.3 and -53.3 <= lon <= -45.9):
            hint = (" (latitude and longitude look swapped)"
                    if (-19.6 <= lon <= -12.3 and -53.3 <= lat <= -45.9) else "")
            raise CandidateError(f"point (lat {lat}, lon {lon}) lies outside Goiás "
                                 f"(lat -19.6..-12.3, lon -53.3..-45.9){hint}",
                                 file=path, field="seat_point")
        seat_point = (lat, lon)

    area = r.sub("area", required=True)
    districts = _code_list(area, "districts", _COD_DISTRITO, "district")
    municipalities = _code_list(area, "municipalities", _COD_IBGE, "municipality")
    boundary = area.get("boundary", str)
    area.finish()
    if boundary is not None:
        boundary = (path.parent / boundary).resolve()
        if not boundary.is_file():
            raise CandidateError(f"boundary file {boundary} does not exist", file=path, field="area.boundary")
    if operation != "boundary-correction" and not (districts or municipalities or boundary):
        raise CandidateError("the area is empty: give districts, municipalities or a boundary file",
                             file=path, field="area")

    origin = r.sub("origin", required=operation != "fusion")
    origins: tuple[str, ...] = ()
    if origin is not None:
        origins = _code_list(origin, "municipalities", _COD_IBGE, "municipality")
        origin.finish()
    if operation != "fusion" and not origins:
        raise CandidateError("at least one origin municipality is required",
                             file=path, field="origin.municipalities")

    destination = None
    dest = r.sub("destination", required=operation == "transfer-area")
    if dest is not None:
        d = _code_list(_Reader(path, {"municipalities": [dest.get("municipality", str, required=True)]},
                               "destination."), "municipalities", _COD_IBGE, "municipality")
        destination = d[0]
        dest.finish()

    si = r.sub("special_interest")
    declared, kind, justification = False, None, ""
    if si is not None:
        declared = si.get("declared", bool, default=False)
        kind = si.get("kind", str)
        justification = si.get("justification", str, default="")
        si.finish()
        if declared and kind not in SPECIAL_INTEREST_KINDS:
            raise CandidateError(f"a declared special interest needs kind = one of "
                                 f"{', '.join(SPECIAL_INTEREST_KINDS)}; found {kind!r}",
                                 file=path, field="special_interest.kind")
        if declared and not justification.strip():
            raise CandidateError("a declared special interest needs a justification (RULES.md I-2)",
                                 file=path, field="special_interest.justification")

    petition, plebiscite = None, None
    proc = r.sub("process")
    if proc is not None:
        petition = _nonneg_int(proc, "petition_signatures")
        pl = proc.sub("plebiscite")
        if pl is not None:
            plebiscite = Plebiscite(
                eligible=_nonneg_int(pl, "eligible"), turnout=_nonneg_int(pl, "turnout"),
                yes=_nonneg_int(pl, "yes"), no=_nonneg_int(pl, "no"),
                blank=_nonneg_int(pl, "blank"), void=_nonneg_int(pl, "void"),
                date=_date(pl, "date"),
                seat_question_approved=pl.get("seat_question_approved", bool))
            pl.finish()
            _check_plebiscite(plebiscite, path)
        proc.finish()

    evidence = _evidence_table(r, "evidence", EVIDENCE_ITEMS)
    correction = _evidence_table(r, "boundary_correction", BOUNDARY_CORRECTION_ITEMS)

    fiscal = r.sub("fiscal")
    money: dict[str, MoneyFigure | None] = {}
    for key in ("collection", "state_tax_revenue", "value_added_area", "value_added_origin",
                "origin_icms_quota"):
        money[key] = _money(fiscal, key) if fiscal is not None else None
    if fiscal is not None:
        fiscal.finish()

    settings = r.get("settings", dict, default={})
    r.finish()
    return Candidate(
        path=path, slug=slug, operation=operation, name=name, seat=seat,
        districts=districts, municipalities=municipalities, boundary=boundary,
        origins=origins, destination=destination, seat_point=seat_point,
        creation_year=creation_year, request_date=request_date,
        special_interest=declared, special_interest_kind=kind,
        special_interest_justification=justification,
        petition_signatures=petition, plebiscite=plebiscite, evidence=evidence,
        boundary_correction=correction, settings=settings, **money)


def _check_plebiscite(p: Plebiscite, path: Path) -> None:
    field_ = "process.plebiscite"
    if p.eligible is not None and p.turnout is not None and p.turnout > p.eligible:
        raise CandidateError(f"turnout {p.turnout} exceeds the eligible electors {p.eligible}",
                             file=path, field=f"{field_}.turnout")
    parts = [p.yes, p.no, p.blank, p.void]
    if p.turnout is not None and all(x is not None for x in parts) and sum(parts) != p.turnout:
        raise CandidateError(f"yes + no + blank + void = {sum(parts)} but turnout is {p.turnout}",
                             file=path, field=f"{field_}.turnout")
