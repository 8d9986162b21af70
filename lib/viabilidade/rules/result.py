"""What a rule returns: status, value, threshold, margin, provenance (docs/GUIA.md, "Status, tendência e conclusão")."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """Outcome of one rule."""

    PASS = "pass"
    FAIL = "fail"
    INDETERMINATE = "indeterminate"
    NOT_APPLICABLE = "not_applicable"


class Lean(StrEnum):
    """Direction of an `indeterminate` result decided by an estimate."""

    LIKELY_PASS = "likely pass"
    LIKELY_FAIL = "likely fail"


#: How a figure of a document dated after today reads in a study dated later still (a
#: simulation, :func:`viabilidade.report.findings.simulation`): the act does not exist yet, so
#: what it decides is a hypothesis of the simulation, not a declared document. The study's
#: own future acts (after the study date) decide nothing (:func:`~.common.future_act`): both readings
#: of an "ato futuro" come from here.
SIMULATED = "hipótese da simulação (ato futuro)"


class Basis(StrEnum):
    """How a value was obtained (docs/GUIA.md).

    ``certified``: a certificate of the body the law names (art. 4 §§ 2–3: body, document,
    date) whose original a person has checked (``checked_by``/``checked_on`` in the record);
    ``declared``: the same certificate declared in the candidate file and not checked — it
    decides the rule, but reads "conforme documento declarado (a conferir com o original)",
    never "cumprido", and no study resting on it is conclusive;
    ``published``: an official published table (IBGE Censo, TSE electorate profile, SEFAZ-GO
    publication), not a certificate; ``measured``: computed by the tool from geometry;
    ``estimated``: apportioned or modelled, with an uncertainty.
    """

    CERTIFIED = "certified"
    DECLARED = "declared"
    PUBLISHED = "published"
    MEASURED = "measured"
    ESTIMATED = "estimated"


#: Portuguese name of each basis, as every document prints it.
BASIS_WORDS = {
    Basis.CERTIFIED: "certificado",
    Basis.DECLARED: "documento declarado",
    Basis.PUBLISHED: "publicado",
    Basis.MEASURED: "medido",
    Basis.ESTIMATED: "estimado",
}


def weakest(bases) -> Basis | None:
    """The basis of a figure made of several: the weakest of ``bases`` (``None`` ignored).

    Any ``estimated`` part makes the whole estimated; all ``certified`` parts make it
    certified; certified and declared parts make it declared; otherwise ``published`` when some part is published, else ``measured``.
    ``None`` when no basis is given. A sum of a certified and a published figure is thus
    ``published``: it still rests on a figure nobody certified.
    """
    given = [Basis(b) for b in bases if b is not None and str(b) != ""]
    if not given:
        return None
    if Basis.ESTIMATED in given:
        return Basis.ESTIMATED
    if all(b == Basis.CERTIFIED for b in given):
        return Basis.CERTIFIED
    if all(b in (Basis.CERTIFIED, Basis.DECLARED) for b in given):
        return Basis.DECLARED
    return Basis.PUBLISHED if Basis.PUBLISHED in given else Basis.MEASURED


def deciding_basis(result) -> Basis | None:
    """The weakest basis among the figures that decide a result (:func:`weakest`).

    The result's own ``basis``; for art. 4 VII also the state tax revenue's
    (``details["receita_estadual_base"]``); for a remainder (art. 4 § 1) the bases of its
    decided sub-checks (``details["subchecks"][item]["base_decisiva"]``). ``None`` when no
    figure decides it (evidence, dates, geometry facts without a basis).
    """
    details = result.details if isinstance(result.details, dict) else {}
    bases = [result.basis, details.get("receita_estadual_base")]
    for sub in (details.get("subchecks") or {}).values():
        if sub.get("status") in (Status.PASS.value, Status.FAIL.value):
            bases.append(sub.get("base_decisiva") or sub.get("base"))
    return weakest(bases)


#: Start of the note of a figure replaced by a what-if value typed in the explorer
#: (:class:`viabilidade.explore.scenario.FigureOverride`); rules copy the note into
#: ``details["nota"]`` (:func:`viabilidade.rules.common.numeric_result`).
HYPOTHETICAL_NOTE = "HIPOTÉTICO"


#: Starts of the note of a figure projected in the explorer
#: (:meth:`viabilidade.explore.projection.Projection.apply`): an estimate, and a what-if.
PROJECTED_NOTES = ("População projetada", "Eleitorado projetado")


def on_projected_data(result) -> bool:
    """Whether a result rests on a figure projected in the explorer (its note starts with
    one of :data:`PROJECTED_NOTES`), whatever its status (a projection is estimated)."""
    details = result.details if isinstance(result.details, dict) else {}
    return str(details.get("nota") or "").startswith(PROJECTED_NOTES)


def on_hypothetical_data(result) -> bool:
    """Whether a result is decided (``pass`` or ``fail``) on a what-if value typed in the
    explorer (its figure's note starts with :data:`HYPOTHETICAL_NOTE`), not on the data.

    Such a result is neither "nos dados publicados" nor "na medição", whatever basis the
    replaced figure had: documents word it "atingido com valor hipotético"
    (:func:`viabilidade.report.writers.format.result_status_label`).
    """
    details = result.details if isinstance(result.details, dict) else {}
    return (Status(result.status) in (Status.PASS, Status.FAIL)
            and str(details.get("nota") or "").startswith(HYPOTHETICAL_NOTE))


def on_published_data(result) -> bool:
    """Whether a result is decided (``pass`` or ``fail``) on an official published table
    (not on a what-if value, :func:`on_hypothetical_data`).

    Such a requirement is not plain "cumprido": documents word it "atingido nos dados
    publicados (a certificar)" / "não atingido nos dados publicados"
    (:func:`viabilidade.report.writers.format.status_label`), and the study stays preliminary.
    """
    return (Status(result.status) in (Status.PASS, Status.FAIL)
            and deciding_basis(result) == Basis.PUBLISHED and not on_hypothetical_data(result))


def on_measured_data(result) -> bool:
    """Whether a result is decided (``pass`` or ``fail``) on the tool's own measurement
    (geometry: the art. 4 II distance, the continuity of art. 4 III, the area of art. 6).

    Such a requirement is not plain "cumprido" either: documents word it "atingido na
    medição" / "não atingido na medição", with "(a certificar)" when the law gives the
    figure to a body (art. 4 II, IBGE: :func:`viabilidade.report.writers.format.result_status_label`).
    """
    return (Status(result.status) in (Status.PASS, Status.FAIL)
            and deciding_basis(result) == Basis.MEASURED and not on_hypothetical_data(result))


def on_declared_documents(result) -> bool:
    """Whether a result is decided (``pass`` or ``fail``) on a document declared in the
    candidate file and not checked against its original (:attr:`Basis.DECLARED`): documents
    word it "conforme documento declarado (a conferir com o original)", never "cumprido"."""
    return (Status(result.status) in (Status.PASS, Status.FAIL)
            and deciding_basis(result) == Basis.DECLARED and not on_hypothetical_data(result))


def simulated_note(note: str | None) -> bool:
    """Whether a figure's note says its value is read from an act dated after today (it
    carries :data:`SIMULATED`): the one test of that note, for a :class:`Figure`'s ``note``
    and a result's ``details["nota"]``."""
    return SIMULATED in str(note or "")


def simulated_details(details) -> bool:
    """:func:`simulated_note` of a result's (or a sub-check's) ``details["nota"]``; ``False``
    for details that are not a dict."""
    return isinstance(details, dict) and simulated_note(details.get("nota"))


def rests_on_simulated_act(result) -> bool:
    """Whether a result's value comes from a declared act dated after today (its figure's
    note carries :data:`SIMULATED`), whatever its status: an art. 4 § 1 remainder left
    indeterminate by another item still reads its population from a future act (legal10
    S2: its "Base" said "documento declarado")."""
    return (str(result.basis or "") == Basis.DECLARED.value
            and simulated_details(result.details))


def on_simulated_act(result) -> bool:
    """Whether a result decided on declared documents (:func:`on_declared_documents`) rests
    on an act dated after today, a hypothesis of the simulation: its figure's note carries
    :data:`SIMULATED`; documents word it "atingido na hipótese da
    simulação (ato futuro)", never "conforme documento declarado"."""
    return on_declared_documents(result) and simulated_details(result.details)


class Verdict(StrEnum):
    """Verdict of a study: `viável` only when every applicable rule passes."""

    VIAVEL = "viável"
    INVIAVEL = "inviável"
    INDETERMINADO = "indeterminado"


@dataclass(frozen=True)
class Figure:
    """A number with its provenance.

    Parameters
    ----------
    value : float or int or None
        The figure; ``None`` when the data does not have it.
    unit : str
        ``"habitantes"``, ``"eleitores"``, ``"edificações"``, ``"BRL"``, ``"m"``, ``"km²"`` ...
    basis : Basis
        certified / published / measured / estimated.
    source : str
        Data set, publisher and file (``"IBGE, Censo Demográfico 2022, Agregados por distritos"``).
    vintage : str
        Reference date or year of the figure (``"2022-08-01"``; ``"2022"``).
    uncertainty : float, optional
        Absolute half-width of the estimate's uncertainty, in ``unit``; only for estimates.
    note : str
        How the figure was obtained, in Portuguese (shown in studies).
    precision : float, optional
        Step the figure is printed to, in ``unit`` (:mod:`viabilidade.common.precision`: 10 m
        from point data, 1 m between polygons, 0,01 km² for areas); ``None``: as given. The
        value itself stays unrounded.
    """

    value: float | int | None
    unit: str
    basis: Basis
    source: str
    vintage: str
    uncertainty: float | None = None
    note: str = ""
    precision: float | None = None


@dataclass(frozen=True)
class RuleResult:
    """Result of one rule for one subject (the new area, or one origin's remainder).

    ``margin`` is ``value - threshold`` and ``margin_pct`` is ``100 * margin / threshold``;
    both are ``None`` for non-numeric rules. ``reason`` explains the status in Portuguese,
    and for `indeterminate` says what data would decide it.
    """

    rule_id: str
    title: str
    status: Status
    reason: str
    article: str = ""
    subject: str = "área"
    value: float | int | None = None
    threshold: float | int | None = None
    comparator: str | None = None
    unit: str = ""
    margin: float | None = None
    margin_pct: float | None = None
    basis: Basis | None = None
    lean: Lean | None = None
    source: str = ""
    vintage: str = ""
    certifier: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-serialisable dict (enums as their string values), with
        ``deciding_basis``: the weakest basis of the figures that decide the result
        (:func:`deciding_basis`; ``"published"`` marks a requirement decided on published
        data, pending certification)."""
        d = asdict(self)
        for k in ("status", "basis", "lean"):
            if d[k] is not None:
                d[k] = str(d[k])
        basis = deciding_basis(self)
        d["deciding_basis"] = None if basis is None else str(basis)
        if rests_on_simulated_act(self) or on_simulated_act(self):
            d["simulated"] = True  # legal10: "declared" of an act dated after today
        return d


def verdict(results: list[RuleResult]) -> Verdict:
    """Combine rule results into a verdict (docs/GUIA.md).

    Any `fail` gives `inviável`; all applicable `pass` gives `viável`; otherwise
    `indeterminado`. ``not_applicable`` results are ignored.

    Raises
    ------
    ValueError
        If ``results`` holds no applicable rule.
    """
    applicable = [r for r in results if r.status != Status.NOT_APPLICABLE]
    if not applicable:
        raise ValueError("no applicable rule: a verdict needs at least one result")
    if any(r.status == Status.FAIL for r in applicable):
        return Verdict.INVIAVEL
    if all(r.status == Status.PASS for r in applicable):
        return Verdict.VIAVEL
    return Verdict.INDETERMINADO
