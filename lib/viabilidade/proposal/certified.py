"""The candidate's ``[certified]`` table: figures certified under art. 4 § 2 of LC 02/1990.

Art. 4 § 2 names who establishes each requirement: IBGE for items II, IV and VI, the
electoral registry (Cartório Eleitoral) for item V and the state finance secretariat
(SEFAZ-GO) for item VII; § 3 has the Assembly request them, to be answered within 60 days.
When a certificate arrives, its figure goes into the candidate file and replaces the
estimate: the rule then decides on it, and the study cites the document.

One sub-table per figure, each with ``value``, ``body``, ``document`` and ``date``::

    [certified.population]            # art. 4 IV — IBGE
    value = 3102
    body = "IBGE"
    document = "Ofício nº 45/2027 — Superintendência Estadual do IBGE em Goiás"
    date = 2027-03-15                  # TOML date or "YYYY-MM-DD"

    [certified.electors]               # art. 4 V — Cartório Eleitoral / Justiça Eleitoral
    [certified.buildings]              # art. 4 VI — IBGE (edificações do núcleo urbano)
    [certified.gap_m]                  # art. 4 II — IBGE (metres from the origin's urban perimeter)
    [certified.continuity]             # art. 4 III — IBGE; value = true / false
    [certified.collection]             # art. 4 VII — SEFAZ-GO; BRL, plus year = fiscal year
    [certified.state_tax_revenue]      # art. 4 VII — SEFAZ-GO; BRL, plus year

Art. 4 § 1 needs the same figures for what remains of each origin; they go under the
origin's IBGE code (keys ``population``, ``electors``, ``buildings``, ``collection``)::

    [certified.remainder.5200100.electors]
    value = 8650
    body = "Cartório Eleitoral"
    document = "Certidão da 87ª Zona Eleitoral nº 12/2027"
    date = 2027-03-20

``continuity`` certifies the continuity of every origin's remainder at once (it is one
statement about the new border). The certified collection and state tax revenue feed the
same fields as ``[fiscal]`` (giving both is an error).

This module only reads and validates the table (no data, no rules); the figures are put
into the profile by :mod:`viabilidade.profile.certified`.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common.ibge_codes import COD_IBGE
from ..common.reasons import by_type
from ..common.text import clean_text, quoted
from ..errors import Problems, found_value
from ..law.bodies import BODIES
from ..common.plausibility import count_problem, date_problem, distance_problem, money_problem



@dataclass(frozen=True)
class FigureSpec:
    """What one certified figure is: art. 4 item, body (a key of
    :data:`viabilidade.law.bodies.BODIES`), unit, kind of value, Portuguese name."""

    item: str
    body: str
    unit: str
    kind: str  # "count" (whole number), "amount" (finite number), "money" (BRL + year), "flag"
    what: str


#: The figures of the area (keys of ``[certified]``).
FIGURES: dict[str, FigureSpec] = {
    "gap_m": FigureSpec("II", "ibge", "m", "amount",
                        "distância entre a divisa proposta e o perímetro urbano do município de origem"),
    "continuity": FigureSpec("III", "ibge", "", "flag",
                             "continuidade territorial do município de origem após a criação"),
    "population": FigureSpec("IV", "ibge", "habitantes", "count", "população"),
    "electors": FigureSpec("V", "cartorio-eleitoral", "eleitores", "count", "número de eleitores"),
    "buildings": FigureSpec("VI", "ibge", "edificações", "count",
                            "número de edificações do núcleo urbano"),
    "collection": FigureSpec("VII", "sefaz-go", "BRL", "money",
                             "arrecadação estadual (ICMS, IPVA e ITCD) no último exercício"),
    "state_tax_revenue": FigureSpec("VII", "sefaz-go", "BRL", "money",
                                    "receita estadual de impostos do mesmo exercício"),
}
#: The figures of an origin's remainder (art. 4 § 1), under ``[certified.remainder.<cod_ibge>]``.
REMAINDER_FIGURES = ("population", "electors", "buildings", "collection")
_FIELDS = ("value", "body", "document", "date")
_NEEDED = {"value": "o valor certificado", "body": "o órgão certificador",
           "document": "a referência do documento", "date": "a data do documento (AAAA-MM-DD)",
           "year": "o exercício fiscal"}
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Certificate:
    """One certified figure.

    Attributes
    ----------
    key : str
        Key of :data:`FIGURES` (``"electors"``).
    value : float or int or bool
        The figure in the unit of its spec (``True``/``False`` for continuity).
    body : str
        The certifying body as printed (``"Cartório Eleitoral"``), normalised from
        :data:`BODIES`.
    document : str
        Reference of the document (number, issuer).
    date : date
        Date of the document.
    year : int or None
        Fiscal year of a money figure (art. 4 VII compares figures of the same year).
    origin : str or None
        IBGE code of the origin whose remainder the figure is about; ``None`` for the area.
    checked : Checked or None
        Who checked the original document, and when
        (:class:`viabilidade.proposal.record.Checked`); ``None``: declared, not checked.
    line : int or None
        Line of its act in the candidate file's record (``None``: the old ``[certified]``).
    """

    key: str
    value: Any
    body: str
    document: str
    date: dt.date
    year: int | None = None
    origin: str | None = None
    checked: Any = None
    line: int | None = field(default=None, compare=False)

    @property
    def spec(self) -> FigureSpec:
        return FIGURES[self.key]

    def citation(self) -> str:
        """``"IBGE, Ofício nº 45/2027, de 15/03/2027"``: how studies cite the document."""
        return f"{self.body}, {self.document}, de {self.date.strftime('%d/%m/%Y')}"


@dataclass(frozen=True)
class Certified:
    """Every certified figure of a candidate: the area's and each remainder's."""

    area: dict[str, Certificate] = field(default_factory=dict)
    remainders: dict[str, dict[str, Certificate]] = field(default_factory=dict)

    def all(self) -> list[Certificate]:
        """Area certificates, then each remainder's, in file order."""
        return [*self.area.values(), *(c for r in self.remainders.values() for c in r.values())]

    def __bool__(self) -> bool:
        return bool(self.area or self.remainders)


def body_name(key: str, given: str) -> str | None:
    """The printed name of ``given`` when it names body ``key`` (case and accents ignored)."""
    body = BODIES[key]
    return body.name if body.accepts(given) else None


#: What a value read where another type goes is called (``encontrado uma lista``), through
#: :func:`viabilidade.common.reasons.by_type`; anything else by its ``repr``.
_TYPE_WORDS = ((bool, lambda v: f"o valor lógico {str(v).lower()}"), (dict, "uma tabela"),
               (list, "uma lista"), (str, lambda v: f"o texto {quoted(v)}"))


def _type_name(v: Any) -> str:
    return by_type(v, _TYPE_WORDS, repr)


def read_date(problems: Problems, where: str, value: Any) -> dt.date | None:
    """A TOML date or ``"AAAA-MM-DD"`` without time, plausible
    (:func:`~viabilidade.common.plausibility.date_problem`), else ``None`` with the problem
    recorded on ``where``."""
    if isinstance(value, dt.datetime) or isinstance(value, dt.time):
        # as the user wrote it (TOML form), never Python's repr (fourth hostile trial:
        # "datetime.datetime(2027, 3, 21, 7, 32, tzinfo=...)")
        zone = " (com fuso horário)" if value.tzinfo is not None else ""
        like = f", como {value.date().isoformat()}" if isinstance(value, dt.datetime) else ""
        problems.add(where, f"{found_value(value)}{zone}; esperada uma data sem hora nem fuso "
                            f"horário (AAAA-MM-DD{like})")
        return None
    if isinstance(value, str):
        text = value.strip()
        try:
            if not _ISO_DATE.match(text):
                raise ValueError(text)
            value = dt.date.fromisoformat(text)
        except ValueError:
            problems.add(where, f"encontrado {quoted(value)}; esperada uma data válida no formato AAAA-MM-DD")
            return None
    if not isinstance(value, dt.date):
        problems.add(where, f"encontrado {_type_name(value)}; esperada uma data (AAAA-MM-DD)")
        return None
    if date_problem(value):
        problems.add(where, date_problem(value))
        return None
    return value


def figure_value(spec: FigureSpec, value: Any, where: str, problems: Problems):
    """A certified figure's value checked against its spec (count, amount, money, flag), or
    ``None`` with the problem recorded on ``where``."""
    if spec.kind == "flag":
        if not isinstance(value, bool):
            problems.add(where, f"encontrado {_type_name(value)}; esperado true (o remanescente "
                                "permanece contínuo) ou false")
            return None
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        problems.add(where, f"encontrado {_type_name(value)}; esperado um número")
        return None
    if not math.isfinite(value):
        problems.add(where, f"encontrado {value}; esperado um número finito >= 0")
        return None
    if value < 0:
        problems.add(where, f"encontrado {value}; esperado um número finito >= 0")
        return None
    bound = (money_problem(value) if spec.kind == "money" else
             count_problem(value, spec.unit) if spec.kind == "count" else
             distance_problem(value) if spec.unit == "m" else None)
    if bound:
        problems.add(where, bound)
        return None
    if spec.kind == "count":
        if isinstance(value, float) and not value.is_integer():
            problems.add(where, f"encontrado {value}; esperado um número inteiro de {spec.unit}")
            return None
        return int(value)
    return float(value)


def _certificate(key: str, table: Any, prefix: str, origin: str | None,
                 problems: Problems) -> Certificate | None:
    spec = FIGURES[key]
    if not isinstance(table, dict):
        problems.add(prefix, f"encontrado {_type_name(table)}; esperada uma tabela com value, "
                             "body, document e date")
        return None
    allowed = _FIELDS + (("year",) if spec.kind == "money" else ())
    for extra in [k for k in table if k not in allowed]:
        problems.add(f"{prefix}.{extra}", f"chave desconhecida {quoted(extra)}; permitidas aqui: "
                                           + ", ".join(allowed))
    n = len(problems.items)
    for k in allowed:
        if k not in table:
            problems.add(f"{prefix}.{k}", f"campo obrigatório ausente; esperado {_NEEDED[k]}")
    value = figure_value(spec, table["value"], f"{prefix}.value", problems) if "value" in table else None
    body = None
    if "body" in table:
        given = table["body"]
        body = body_name(spec.body, given) if isinstance(given, str) else None
        if body is None:
            expected = BODIES[spec.body]
            problems.add(f"{prefix}.body",
                         f"encontrado {_type_name(given)}; o art. 4º, § 2º atribui {spec.what} "
                         f"(item {spec.item}) a {expected.name}: esperado um de "
                         + ", ".join(repr(s) for s in expected.spellings))
    document = table.get("document")
    if isinstance(document, str):
        document = clean_text(problems, f"{prefix}.document", document)
    if "document" in table and (not isinstance(document, str) or not document.strip()):
        problems.add(f"{prefix}.document", f"encontrado {_type_name(document)}; esperada a "
                                           "referência do documento (texto não vazio)")
    date = read_date(problems, f"{prefix}.date", table["date"]) if "date" in table else None
    year = None
    if spec.kind == "money" and "year" in table:
        year = table["year"]
        if isinstance(year, bool) or not isinstance(year, int) or not 1988 <= year <= 2100:
            problems.add(f"{prefix}.year", f"encontrado {_type_name(year)}; esperado o exercício "
                                           "fiscal (ano entre 1988 e 2100)")
    if len(problems.items) > n:
        return None
    return Certificate(key, value, body, document.strip(), date, year, origin)


def read_certified(raw: Any, path: Path, origins: tuple[str, ...], problems=None) -> Certified:
    """Validate the ``[certified]`` table of a candidate file.

    Parameters
    ----------
    raw : object
        The parsed TOML value of ``certified`` (``None`` when absent).
    path : Path
        The candidate file (for messages).
    origins : tuple of str
        The candidate's origin codes: remainder figures must be about one of them.
    problems : optional
        A collector with ``add(field, message)`` (the candidate file's, so that every problem
        of the file is reported together); default: raise here.

    Returns
    -------
    Certified
        Empty when ``raw`` is ``None``.

    Raises
    ------
    CandidateError
        (Only without ``problems``.) Naming the file and field, listing every problem of
        the table at once (:meth:`~viabilidade.errors.CandidateError.collect`): unknown
        figure or key, missing field, a body that art. 4 § 2 does not give that figure,
        a value that is not a finite number >= 0 (a whole number for counts, true/false
        for continuity), a date not given as a TOML date or ``YYYY-MM-DD``, a money figure
        without its fiscal year, a remainder of a municipality that is not an origin.
    """
    if raw is None:
        return Certified()
    own = problems is None
    problems = Problems(path) if own else problems
    if not isinstance(raw, dict):
        problems.add("certified", f"encontrado {_type_name(raw)}; esperada uma tabela")
        if own:
            problems.raise_if_any()
        return Certified()
    area: dict[str, Certificate] = {}
    remainders: dict[str, dict[str, Certificate]] = {}
    known = (*FIGURES, "remainder")
    for key, table in raw.items():
        if key == "remainder":
            if not isinstance(table, dict):
                problems.add("certified.remainder", f"encontrado {_type_name(table)}; esperada uma "
                                                    "tabela por município de origem (código IBGE)")
                continue
            for code, figures in table.items():
                where = f"certified.remainder.{code}"
                if not COD_IBGE.match(str(code)) or code not in origins:
                    problems.add(where, f"encontrado {quoted(code)}, que não é um município de origem "
                                        f"declarado; esperado um de: {', '.join(origins) or '—'}")
                    continue
                if not isinstance(figures, dict):
                    problems.add(where, f"encontrado {_type_name(figures)}; esperada uma tabela")
                    continue
                for fkey, ftable in figures.items():
                    if fkey not in REMAINDER_FIGURES:
                        problems.add(f"{where}.{fkey}", f"valor certificado desconhecido {quoted(fkey)}; "
                                                        "permitidos no remanescente: "
                                                        + ", ".join(REMAINDER_FIGURES))
                        continue
                    cert = _certificate(fkey, ftable, f"{where}.{fkey}", code, problems)
                    if cert is not None:
                        remainders.setdefault(code, {})[fkey] = cert
            continue
        if key not in FIGURES:
            problems.add(f"certified.{key}", f"valor certificado desconhecido {quoted(key)}; permitidos: "
                                             + ", ".join(known))
            continue
        cert = _certificate(key, table, f"certified.{key}", None, problems)
        if cert is not None:
            area[key] = cert
    if own:
        problems.raise_if_any()
    return Certified(area, remainders)


def certified_money(certified: Certified, fiscal: dict[str, Any], problems
                    ) -> dict[str, tuple[float, int, str]]:
    """The area's certified collection and state tax revenue as ``[fiscal]`` figures.

    Returns ``{"collection" | "state_tax_revenue": (value_brl, year, citation, True,
    checked, date)}`` (the :class:`~viabilidade.proposal.candidate.MoneyFigure` fields) for the
    certificates present, which the candidate stores in the same fields as ``[fiscal]`` so
    that art. 4 VII reads them in one place.

    A figure given both in ``[fiscal]`` and in ``[certified]`` is a problem added to
    ``problems`` (``add(field, message)``), and the ``[fiscal]`` one is kept.
    """
    out = {}
    for key in ("collection", "state_tax_revenue"):
        cert = certified.area.get(key)
        if cert is None:
            continue
        if fiscal.get(key) is not None:
            problems.add(f"fiscal.{key}", f"encontrado o valor também em [certified.{key}]; esperado "
                                          f"uma só vez (a certidão da SEFAZ-GO vai em [certified.{key}])")
            continue
        out[key] = (float(cert.value), int(cert.year), cert.citation(), True, cert.checked,
                    cert.date)
    return out


__all__ = ["certified_money", "figure_value", "read_date", "FIGURES", "REMAINDER_FIGURES", "Certificate", "Certified", "FigureSpec",
           "body_name", "read_certified"]
