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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .certified import Certified, certified_money, read_certified
# The evidence tables and the field readers have their own modules; their public names are
# still read from here by the callers (``from viabilidade.proposal.candidate import Evidence``).
from .evidence import (BOUNDARY_CORRECTION_ITEMS, BOUNDARY_LINES, BOUNDARY_STRIP, EVIDENCE_ITEMS,
                       CorrectionAct, Evidence, correction_table, evidence_table)
from .fields import Reader, code_list, count_field, date_field, document_field, odd_file, placed
from .record import (KINDS, Act as ProcessAct, Plebiscite, certificates, legacy_acts, merge_certified,
                     petition_of, plebiscite_of, plebiscite_problems, read_acts)
from .record_order import check_order
from ..common.ibge_codes import COD_DISTRITO, COD_IBGE
from ..common.text import fold, quoted
from ..common.toml_file import load_toml, toml_position, toml_reason, utf8_problem
from ..errors import CandidateError, Problems, did_you_mean
from ..os_errors import not_regular, read_reason, read_user_bytes, real_path
from ..common.plausibility import at_study_date, collection_problem, date_problem, money_problem

OPERATIONS = {
    "create-municipality": "criação de município (arts. 1º a 4º)",
    "create-district": "criação de distrito (arts. 15 a 20)",
    "transfer-area": "desmembramento e transferência de área (art. 5º)",
    "fusion": "fusão de municípios (art. 5º, § 2º)",
    "boundary-correction": "correção de limites sem alteração de área (art. 6º)",
}
SPECIAL_INTEREST_KINDS = ("ecological", "tourism", "economic")
#: Art. 21: the creation processes the law restored, with their plebiscites validated
#: (process number -> the municipality it creates), for ``[process] restored_process``.
RESTORED_PROCESSES = {
    "1.425/87": "Cocalzinho de Goiás",
    "2.126/85": "Nova Iguaçu de Goiás",
    "1.651/87": "Santo Antônio de Goiás",
}


@dataclass(frozen=True)
class MoneyFigure:
    """A money figure in BRL with its fiscal year and source.

    ``certificate`` is true when it comes from a ``[certified]`` table (a SEFAZ-GO
    certificate with body, document and date); a ``[fiscal]`` figure is a published or
    declared value with its source.
    """

    value_brl: float
    year: int
    source: str
    certificate: bool = False
    checked: Any = None
    #: The certificate's date (``datetime.date``), ``None`` for a ``[fiscal]`` figure.
    date: Any = None


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
        Optional polygon file of the area (GeoJSON, GeoPackage, zipped Shapefile, KML or KMZ;
        no id column needed), resolved relative to the candidate file. Alone, it defines the
        area and its figures are estimated from the districts it overlaps.
    origins : tuple of str
        IBGE codes of the origin municipality or municipalities.
    urban_perimeter : Path or None
        Optional polygon file (same formats) of the origin's urban perimeter (reading
        I-4), resolved relative to the candidate file: art. 4 II is then measured from it.
    destination : str or None
        For ``transfer-area``: the municipality receiving the area.
    old_line, new_line : Path or None
        For ``boundary-correction`` (art. 6): the boundary line as described today and as
        corrected, each a line file (GeoJSON, GeoPackage, zipped Shapefile, KML or KMZ; read
        by :func:`viabilidade.geo.area_file.read_line`), resolved relative to the candidate
        file. The two municipalities whose limit is corrected are ``origins``.
    events : tuple of viabilidade.proposal.record.Act
        The one record of the proposal's acts (:mod:`viabilidade.proposal.record`), sorted by
        date; the petition, the certificates and the plebiscite below are read from it.
    notices : tuple of str
        pt-BR notices about the record: an old table read into it (what to write instead),
        receipts that disagree, a certificate without its request.
    petition_signatures, petition_document, petition_date
        The representation of art. 2 (art. 5 § 1 for transfers and fusions): the count of
        signatures, the reference of the document that proves it (the representation filed
        with the Assembly, with the signatures notarised) and its date. A count without both
        decides nothing (:func:`viabilidade.rules.art2.petition`).
    residence_declarations : str or None
        ``[process] residence_declarations``: the reference of the signers' declarations that
        they live and are domiciled in the area (art. 5 § 1, "mediante declarações destes");
        without it a transfer's or fusion's representation decides nothing.
    creation_law_date : date or None
        Publication date of a past creation law (``creation_law_date``; its year must be
        ``creation_year`` when both are given): decides the frame against EC 15/1996
        (12/09/1996) and EC 57/2008 (31/12/2006), :func:`viabilidade.report.frame.law_period`.
    restored_process : str or None
        ``[process] restored_process``: the number of a creation process that art. 21
        restored, with its plebiscite validated (a key of :data:`RESTORED_PROCESSES`); only
        for ``create-municipality`` of the municipality that process creates.
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
    urban_perimeter: Path | None = None
    destination: str | None = None
    seat_point: tuple[float, float] | None = None  # (lat, lon), SIRGAS 2000
    creation_year: int | None = None
    creation_law_date: dt.date | None = None
    request_date: dt.date | None = None
    special_interest: bool = False
    special_interest_kind: str | None = None
    special_interest_justification: str = ""
    petition_signatures: int | None = None
    petition_document: str | None = None
    petition_date: dt.date | None = None
    residence_declarations: str | None = None
    plebiscite: Plebiscite | None = None
    restored_process: str | None = None
    events: tuple[ProcessAct, ...] = ()
    notices: tuple[str, ...] = ()
    evidence: dict[str, Evidence] = field(default_factory=dict)
    boundary_correction: dict[str, Evidence] = field(default_factory=dict)
    old_line: Path | None = None
    new_line: Path | None = None
    collection: MoneyFigure | None = None
    state_tax_revenue: MoneyFigure | None = None
    value_added_area: MoneyFigure | None = None
    value_added_origin: MoneyFigure | None = None
    origin_icms_quota: MoneyFigure | None = None
    own_revenue: MoneyFigure | None = None
    certified: Certified = field(default_factory=Certified)
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def area_codes(self) -> tuple[str, ...]:
        """All codes making up the area (districts then municipalities)."""
        return self.districts + self.municipalities



#: What a ``slug`` written in a candidate file may hold (the folder name it is used as).
SLUG_RULE = "só letras minúsculas sem acento, algarismos e hífens simples, até 80 caracteres"


def slugify(text: str) -> str:
    """A safe folder name: ASCII lower case, digits and single hyphens; never empty.

    ``"../../etc"`` gives ``"etc"``; ``"Posse d'Abadia"`` gives ``"posse-dabadia"``.

    Raises
    ------
    CandidateError
        If nothing usable remains.
    """
    ascii_ = fold(text).replace("'", "")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")
    if not slug:
        raise CandidateError(f"não é possível formar um nome de pasta a partir de {quoted(text)}; "
                             "esperadas letras ou algarismos", field="slug")
    return slug[:80]



def _money(r: Reader, key: str) -> MoneyFigure | None:
    s = r.sub(key)
    if s is None:
        return None
    value = s.get("value_brl", (int, float), required=True)
    if value is not None and (not value >= 0 or value == float("inf")):
        s.error("value_brl", f"encontrado {value}; esperado um valor finito >= 0 em reais (R$)")
        value = None
    elif money_problem(value):
        s.error("value_brl", money_problem(value))
        value = None
    year = s.get("year", int, required=True)
    if year is not None and not 1988 <= year <= 2100:
        s.error("year", f"encontrado {year}; esperado um exercício fiscal entre 1988 e 2100")
        year = None
    source = s.get("source", str, required=True)
    s.finish()
    if value is None or year is None or source is None:
        return None
    return MoneyFigure(float(value), year, source)


def _check_collection(money: dict, certified, problems: Problems) -> None:
    """The area's and each remainder's collection at most the state tax revenue given in the
    same file (:func:`viabilidade.common.plausibility.collection_problem`); the published revenue
    is checked against the data in :func:`viabilidade.profile.declared_figures.figure_problems`."""
    revenue = money.get("state_tax_revenue")
    if revenue is None:
        return
    cert = certified.area.get("state_tax_revenue") if certified is not None else None
    whose = (f"a de {revenue.year} na certidão da linha {cert.line}" if cert is not None and cert.line
             else f"a de {revenue.year} em [{'certified' if revenue.certificate else 'fiscal'}"
                  ".state_tax_revenue]")
    collection = money.get("collection")
    checks = []
    if collection is not None:
        own = certified.area.get("collection") if certified is not None else None
        checks.append(("certified.collection.value" if collection.certificate
                       else "fiscal.collection.value_brl", collection.value_brl,
                       own.line if own is not None and collection.certificate else None))
    for origin, figs in (certified.remainders.items() if certified is not None else ()):
        if "collection" in figs:
            checks.append((f"certified.remainder.{origin}.collection.value",
                           figs["collection"].value, figs["collection"].line))
    for field_, value, line in checks:
        msg = collection_problem(value, revenue.value_brl, whose)
        if msg and line:  # a certificate of the record: its act's line
            problems.items.append(CandidateError(msg, file=problems.path, field="process.events",
                                                 line=line))
        elif msg:
            problems.add(field_, msg)



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
        or a field has the wrong type or form. Every problem of the file is reported at once
        (:attr:`CandidateError.problems`), each naming the file, the line where known and the
        field. Consistency with the data (do the districts exist, belong to the origin?) is
        checked by :func:`viabilidade.profile.build.check_candidate`.
    """
    path = Path(path)
    try:
        raw = read_user_bytes(path)  # a FIFO or device is refused by type, never read
    except OSError as e:
        raise CandidateError(f"não foi possível ler o arquivo do candidato: "
                             f"{read_reason(e)}", file=path) from None
    try:
        # A byte-order mark (Windows Notepad writes one) is accepted and dropped.
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        message, line = utf8_problem(raw, e)
        raise CandidateError(message, file=path, line=line) from None
    try:
        doc = load_toml(text)
    except tomllib.TOMLDecodeError as e:
        raise CandidateError(f"TOML inválido: {toml_reason(e, text)}", file=path,
                             line=toml_position(e)[0]) from None
    if not doc:
        raise CandidateError(
            f"o arquivo está vazio{'' if not text.strip() else ' (só comentários)'}; esperado "
            "um candidato com operation, name, [area] e [origin] (viabilidade novo NOME escreve "
            "um a partir do nome do distrito; ver docs/GUIA.md)", file=path)

    with at_study_date(_own_study_date(doc)):
        return _read_candidate(path, doc, text)


def _own_study_date(doc: dict) -> dt.date | None:
    """The candidate's ``[settings] study_date`` when it is a plausible date against the
    clock (else ``None``: :meth:`Settings.problems` reports it): the date bounds of the
    file's other dates follow it (:func:`viabilidade.common.plausibility.at_study_date`)."""
    settings = doc.get("settings")
    value = settings.get("study_date") if isinstance(settings, dict) else None
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip())
        except ValueError:
            return None
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime) or date_problem(value):
        return None
    return value


def _read_candidate(path: Path, doc: dict, text: str) -> Candidate:
    """The body of :func:`load_candidate`, once the file is parsed."""
    problems = Problems(path, text)
    r = Reader(problems, doc)
    operation = r.get("operation", str, required=True)
    if operation is not None and operation not in OPERATIONS:
        guess = did_you_mean(operation, OPERATIONS)
        r.error("operation", f"encontrado {quoted(operation)}{guess}; esperado um de {', '.join(OPERATIONS)}")
        operation = None
    name = r.get("name", str, required=True) or ""
    if "name" in doc and isinstance(doc["name"], str) and not doc["name"].strip():
        r.error("name", "encontrado um texto vazio; esperado o nome da área")
    seat = r.get("seat", str, default=name) or name
    slug_in = r.get("slug", str)
    try:
        slug = slugify(slug_in if slug_in is not None else path.stem)
    except CandidateError as e:
        r.error("slug", e.message)
        slug = ""
    else:
        if slug_in is not None and slug != slug_in:  # a written slug is used as written, or refused
            r.error("slug", f"encontrado {quoted(slug_in)}; esperado {SLUG_RULE} (p. ex. {quoted(slug)})")
    creation_year = r.get("creation_year", int)
    if creation_year is not None and not 1990 <= creation_year <= 2100:
        r.error("creation_year", f"encontrado {creation_year}; esperado um ano entre 1990 e 2100")
        creation_year = None
    request_date = date_field(r, "request_date")
    creation_law_date = date_field(r, "creation_law_date")
    if creation_law_date is not None and not dt.date(1990, 1, 16) <= creation_law_date <= dt.date(2100, 12, 31):
        r.error("creation_law_date", f"encontrado {creation_law_date.isoformat()}; esperada uma data "
                "entre 1990-01-16 (LC nº 2/1990) e 2100-12-31")
        creation_law_date = None
    if (creation_law_date is not None and creation_year is not None
            and creation_law_date.year != creation_year):
        r.error("creation_law_date", f"encontrado {creation_law_date.isoformat()}, de ano diferente "
                f"de creation_year = {creation_year}; esperada uma data do mesmo ano")
        creation_law_date = None

    seat_point = None
    sp = r.sub("seat_point")
    if sp is not None:
        lat = sp.get("lat", (int, float), required=True)
        lon = sp.get("lon", (int, float), required=True)
        sp.finish()
        if lat is not None and lon is not None:
            lat, lon = float(lat), float(lon)
            if not (-19.6 <= lat <= -12.3 and -53.3 <= lon <= -45.9):
                hint = (" (latitude e longitude parecem trocadas)"
                        if (-19.6 <= lon <= -12.3 and -53.3 <= lat <= -45.9) else "")
                problems.add("seat_point", f"o ponto (lat {lat}, lon {lon}) fica fora de Goiás"
                                           f"{hint}; esperado lat -19,6..-12,3 e "
                                           "lon -53,3..-45,9")
            else:
                seat_point = (lat, lon)

    area = r.sub("area", required=operation != "boundary-correction")
    districts: tuple[str, ...] = ()
    municipalities: tuple[str, ...] = ()
    boundary = None
    if area is not None:
        districts = code_list(area, "districts", COD_DISTRITO, "district")
        municipalities = code_list(area, "municipalities", COD_IBGE, "municipality")
        boundary = area.get("boundary", str)
        area.finish()
        if boundary is not None:
            boundary = real_path(path.parent / boundary)
            if boundary.is_dir():
                from ..common.vector_files import folder_message

                problems.add("area.boundary", folder_message(boundary))
                boundary = None
            elif kind := not_regular(boundary):
                problems.add("area.boundary", f"o arquivo de limites {boundary} é {kind}, não "
                                              "um arquivo comum; esperado um GeoJSON, "
                                              "GeoPackage, Shapefile zipado, KML ou KMZ")
                boundary = None
            elif odd_file(boundary):
                problems.add("area.boundary", f"{boundary}: {odd_file(boundary)}; esperado um "
                                              "GeoJSON, GeoPackage, Shapefile zipado, KML ou KMZ")
                boundary = None
            elif not boundary.is_file():
                problems.add("area.boundary", f"o arquivo de limites {boundary} não existe; "
                                              "esperado um GeoJSON, GeoPackage, Shapefile "
                                              "zipado, KML ou KMZ (caminho relativo ao arquivo "
                                              "do candidato)")
                boundary = None
        elif (operation not in (None, "boundary-correction")
              and not (districts or municipalities)
              and not any(problems_for(problems, "area."))):
            problems.add("area", "a área está vazia; esperados distritos (districts), "
                                 "municípios (municipalities) ou um arquivo de limites (boundary)")
        if operation == "boundary-correction" and (districts or municipalities or boundary):
            problems.add("area", "a correção de limites (art. 6º) não transfere área: não há "
                                 "área proposta; esperada a tabela [area] vazia ou ausente, com "
                                 "os dois municípios em origin.municipalities e as linhas em "
                                 "boundary_correction.old_line e boundary_correction.new_line")

    origin = r.sub("origin", required=operation not in (None, "fusion"))
    if origin is None and operation is None and "operation" in doc and "origin" not in doc:
        # the operation is unreadable, but every operation except a fusion needs an origin:
        # say it now rather than after the operation is mended
        r.error("origin", "tabela [origin] ausente; esperada (com os municípios de origem) em "
                          "toda operação exceto fusion")
    origins: tuple[str, ...] = ()
    urban_perimeter = None
    if origin is not None:
        origins = code_list(origin, "municipalities", COD_IBGE, "municipality")
        urban_perimeter = origin.get("urban_perimeter", str)
        origin.finish()
        if (operation not in (None, "fusion") and not origins
                and not any(problems_for(problems, "origin."))):
            problems.add("origin.municipalities", "a lista está vazia; esperado ao menos um "
                                                  "município de origem")
        elif (operation == "boundary-correction" and len(origins) != 2
              and not any(problems_for(problems, "origin."))):
            problems.add("origin.municipalities",
                         f"encontrado{'s' if len(origins) != 1 else ''} {len(origins)} "
                         f"município{'s' if len(origins) != 1 else ''}; esperados exatamente "
                         "os dois municípios cujo limite comum é corrigido (art. 6º)")
    if urban_perimeter is not None:
        urban_perimeter = real_path(path.parent / urban_perimeter)
        if urban_perimeter.is_dir():
            from ..common.vector_files import folder_message

            problems.add("origin.urban_perimeter", folder_message(urban_perimeter))
            urban_perimeter = None
        elif kind := not_regular(urban_perimeter):
            problems.add("origin.urban_perimeter",
                         f"o arquivo do perímetro urbano {urban_perimeter} é {kind}, não um "
                         "arquivo comum; esperado um GeoJSON, GeoPackage, Shapefile zipado, "
                         "KML ou KMZ")
            urban_perimeter = None
        elif odd_file(urban_perimeter):
            problems.add("origin.urban_perimeter",
                         f"{urban_perimeter}: {odd_file(urban_perimeter)}; esperado um GeoJSON, "
                         "GeoPackage, Shapefile zipado, KML ou KMZ")
            urban_perimeter = None
        elif not urban_perimeter.is_file():
            problems.add("origin.urban_perimeter",
                         f"arquivo do perímetro urbano {urban_perimeter} não encontrado; "
                         "esperado um caminho relativo ao arquivo da candidatura")
            urban_perimeter = None

    destination = None
    dest = r.sub("destination", required=operation == "transfer-area")
    if dest is not None:
        code = dest.get("municipality", str, required=True)
        dest.finish()
        if code is not None:
            d = code_list(Reader(problems, {"municipality": [code]}, "destination."),
                          "municipality", COD_IBGE, "municipality", single=True)
            destination = d[0] if d else None

    si = r.sub("special_interest")
    declared, kind, justification = False, None, ""
    if si is not None:
        declared = si.get("declared", bool, default=False)
        kind = si.get("kind", str)
        justification = si.get("justification", str, default="") or ""
        si.finish()
        if declared and kind not in SPECIAL_INTEREST_KINDS:
            problems.add("special_interest.kind",
                         f"encontrado {quoted(kind)}; um interesse especial declarado precisa de "
                         f"kind = um de {', '.join(SPECIAL_INTEREST_KINDS)}")
        if declared and not justification.strip():
            problems.add("special_interest.justification",
                         "justificativa ausente; um interesse especial declarado precisa de "
                         "uma justificativa (ver docs/LEITURAS.md, leitura I-2)")

    petition, petition_document, petition_date, plebiscite = None, None, None, None
    restored = declarations = None
    raw_events = None
    proc = r.sub("process")
    if proc is not None:
        petition = count_field(proc, "petition_signatures")
        petition_document = document_field(proc, "petition_document")
        petition_date = date_field(proc, "petition_date")
        declarations = document_field(proc, "residence_declarations")
        restored = proc.get("restored_process", str)
        if restored is not None:
            restored = _restored_process(restored, operation, name, problems)
        pl = proc.sub("plebiscite")
        if pl is not None:
            plebiscite = Plebiscite(
                eligible=count_field(pl, "eligible"), turnout=count_field(pl, "turnout"),
                yes=count_field(pl, "yes"), no=count_field(pl, "no"),
                blank=count_field(pl, "blank"), void=count_field(pl, "void"),
                date=date_field(pl, "date"),
                seat_question_approved=pl.get("seat_question_approved", bool),
                document=document_field(pl, "document"))
            pl.finish()
            for msg in plebiscite_problems(plebiscite):
                problems.add("process.plebiscite.turnout", msg)
        raw_events = proc.get("events", list)
        proc.finish()

    evidence = evidence_table(r, "evidence", EVIDENCE_ITEMS)
    correction, lines = correction_table(r, path)
    if operation is not None and operation != "boundary-correction":
        for key in lines:
            problems.add(f"boundary_correction.{key}",
                         f"linha de limite numa operação {quoted(operation)}; esperada só em "
                         "operation = \"boundary-correction\" (art. 6º)")

    fiscal = r.sub("fiscal")
    money: dict[str, MoneyFigure | None] = {}
    for key in ("collection", "state_tax_revenue", "value_added_area", "value_added_origin",
                "origin_icms_quota", "own_revenue"):
        money[key] = _money(fiscal, key) if fiscal is not None else None
    if fiscal is not None:
        fiscal.finish()

    old_certified = read_certified(r.get("certified", dict), path, origins, problems)
    # the one record of the acts: [[process.events]], then what the old tables describe
    with_problems: list = []  # acts with field errors, still checked for their order
    events = read_acts(raw_events, path, problems, ordered=with_problems)
    old, notices = legacy_acts((petition, petition_document, petition_date), plebiscite,
                               old_certified)
    events = sorted([*events, *old], key=lambda a: (a.date, list(KINDS).index(a.kind)))
    notices += check_order(sorted([*events, *with_problems], key=lambda a: (
        a.date, list(KINDS).index(a.kind))) if with_problems else events, problems)
    certified = merge_certified(old_certified, certificates(events, origins, problems), problems)
    plebiscite = plebiscite_of(events, problems) or plebiscite
    proposal = petition_of(events)
    if proposal is not None:
        petition, petition_document, petition_date = (proposal.figures["signatures"],
                                                      proposal.document, proposal.date)
    money.update({k: MoneyFigure(*v) for k, v in certified_money(certified, money, problems).items()})
    _check_collection(money, certified, problems)
    settings = r.get("settings", dict, default={}) or {}
    if settings:  # checked with the rest of the file, before any study starts
        from ..rules.settings import Settings

        for field_, msg in Settings.problems(settings):
            problems.add(field_, msg)
    r.finish()
    placed(problems)
    try:
        problems.raise_if_any()
    except CandidateError as e:
        # what the later stages can still check without a whole candidate (the drawn area's
        # file, a polygon given with IBGE units): viabilidade.profile.build.read_candidate
        e.partial = {"path": path, "operation": operation, "boundary": boundary,
                     "districts": districts, "municipalities": municipalities}
        raise
    return Candidate(
        path=path, slug=slug, operation=operation, name=name, seat=seat,
        districts=districts, municipalities=municipalities, boundary=boundary,
        origins=origins, urban_perimeter=urban_perimeter, destination=destination,
        seat_point=seat_point,
        creation_year=creation_year, creation_law_date=creation_law_date, request_date=request_date,
        special_interest=declared, special_interest_kind=kind,
        special_interest_justification=justification,
        petition_signatures=petition, petition_document=petition_document,
        petition_date=petition_date, residence_declarations=declarations,
        plebiscite=plebiscite, restored_process=restored,
        events=tuple(events), notices=tuple(notices), evidence=evidence,
        boundary_correction=correction, old_line=lines.get("old_line"),
        new_line=lines.get("new_line"), certified=certified, settings=settings, **money)




def _restored_process(number: str, operation: str | None, name: str,
                      problems: Problems) -> str | None:
    """``[process] restored_process`` checked against art. 21: one of its three processes,
    for the creation of the municipality that process creates; ``None`` (with the problem
    recorded) otherwise."""
    field_ = "process.restored_process"
    listed = "; ".join(f"{k} ({v})" for k, v in RESTORED_PROCESSES.items())
    number = number.strip()
    if number not in RESTORED_PROCESSES:
        problems.add(field_, f"encontrado {quoted(number)}; esperado um dos processos restabelecidos "
                             f"pelo art. 21: {listed}")
        return None
    if operation is not None and operation != "create-municipality":
        problems.add(field_, f"encontrado operation = {quoted(operation)}; o art. 21 restabeleceu "
                             "processos de criação de município: esperado operation = "
                             "\"create-municipality\"")
        return None
    if name and fold(name) != fold(RESTORED_PROCESSES[number]):
        problems.add(field_, f"o processo {number} cria o Município de "
                             f"{RESTORED_PROCESSES[number]} (art. 21), mas o candidato é "
                             f"{quoted(name)}; esperado o processo do próprio município: {listed}")
        return None
    return number


def problems_for(problems: Problems, prefix: str) -> list[CandidateError]:
    """The problems already recorded under a field prefix (``"area."``)."""
    return [p for p in problems.items if (p.field or "").startswith(prefix)]


__all__ = ["BOUNDARY_CORRECTION_ITEMS", "BOUNDARY_LINES", "BOUNDARY_STRIP", "EVIDENCE_ITEMS", "OPERATIONS",
           "RESTORED_PROCESSES", "SLUG_RULE", "SPECIAL_INTEREST_KINDS", "Candidate", "CorrectionAct",
           "Evidence", "MoneyFigure", "Plebiscite", "load_candidate", "problems_for", "slugify"]
