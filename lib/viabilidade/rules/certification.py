"""Is the study conclusive? What must still be certified, and by whom (art. 4 §§ 2–3).

A creation study is **conclusivo** when every figure its art. 4 requirements rest on is
certified by the body art. 4 § 2 names (IBGE for items II, IV and VI, the Cartório Eleitoral
for V, the Secretaria da Fazenda for VII: a certificate of the candidate's ``[certified]``
table), and the evidence of art. 4 I and VI is in the file. A published table (Censo, TSE,
SEFAZ-GO) or the tool's measurement decides the rule but does not settle the figure there:
the law gives the figure to a body, so the study stays **preliminar** and :func:`pending`
names the body. Item III (continuity) has no certifier in § 2: what is measured (the
area's polygon, or the districts' limits on the IBGE's tract mesh) settles it once decided,
and an IBGE statement on it is only a subsidy; without a measurement it waits for the area's
limits (:data:`CONTINUITY_BODY`). For a creation the plebiscite (art. 7) comes after the
requirements are proven (art. 7 § 2) and is not part of this: a conclusive study may still
await it.

An operation without art. 4 (fusion, transfer, boundary correction, district) is conclusive
when none of its applicable rules is still undecided; :func:`pending` lists the open ones
(the plebiscite, the documents of art. 6, …) with who must provide them.
:func:`qualification` words what a conclusion rests on, for every conclusion line.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..law.bodies import body_of_item
from ..proposal.certified import FIGURES
from ..proposal.record import NOT_BEFORE_FEDERAL_LAW
from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS, BOUNDARY_STRIP, EVIDENCE_ITEMS, Candidate
from .art6 import DOCUMENTED
from .common import amount, whole
from .result import (Basis, RuleResult, Status, Verdict, deciding_basis,
                     on_declared_documents, on_simulated_act, rests_on_simulated_act,
                     simulated_details,
                     on_hypothetical_data, on_projected_data, on_published_data, verdict)

CONCLUSIVE = "estudo conclusivo"
PRELIMINARY = "estudo preliminar"
#: Who answers for art. 4 III: § 2 gives it to no body (the IBGE's items are II, IV and VI).
CONTINUITY_BODY = "Sem órgão no art. 4º, § 2º"
#: What art. 4 III waits for when it cannot be measured.
CONTINUITY_NEEDS = ("limites da área (memorial descritivo ou arquivo de limites) para medir a "
                    "continuidade territorial do município de origem")
#: Body printed for each item of art. 4 (§ 2); III has none (:data:`CONTINUITY_BODY`).
ITEM_BODY = {item: body_of_item(item).name for item in ("II", "IV", "VI", "V", "VII")}
#: Candidate-file key of the certificate of each item (area).
ITEM_KEY = {"II": "gap_m", "III": "continuity", "IV": "population", "V": "electors",
            "VI": "buildings", "VII": "collection"}
PROPONENTS = "Proponentes"
#: Who provides a district's figures (art. 17): the law names no body, so none is named.
UNNAMED_BODY = "a comprovar (a lei não indica o órgão)"
_DECIDED = (Status.PASS, Status.FAIL)
#: Items of art. 4 whose figure § 2 gives to a named body: only its certificate settles them.
NAMED_ITEMS = ("II", "IV", "V", "VI", "VII")
#: Bodies of art. 4 § 2 (certificates), as :class:`Pending` names them.
CERTIFYING_BODIES = tuple(dict.fromkeys(ITEM_BODY.values()))


def settled(status: Status | str, basis: Basis | str | None, item: str) -> bool:
    """Whether a figure of art. 4 ``item`` is settled for a conclusive study.

    Decided (pass or fail) and, for an item § 2 gives to a named body (:data:`NAMED_ITEMS`),
    on a certificate: ``("pass", "published", "IV")`` is not settled (the Censo decides the
    rule; the IBGE has not certified it), ``("pass", "certified", "IV")`` and
    ``("pass", "measured", "III")`` are.
    """
    if Status(status) not in _DECIDED:
        return False
    if basis is not None and str(basis) != "" and Basis(basis) == Basis.DECLARED:
        return False  # a document nobody has checked against its original
    return item not in NAMED_ITEMS or (basis is not None and str(basis) != ""
                                       and Basis(basis) == Basis.CERTIFIED)


def result_settled(result: RuleResult) -> bool:
    """Whether a rule result is final, as ``resultados.json`` marks each result (``settled``).

    ``pass``/``fail`` not decided on a what-if value nor on an official published table
    (:func:`~viabilidade.rules.result.on_published_data`: "atingido nos dados publicados
    (a certificar)"), and, for an art. 4 item § 2 gives to a named body, decided on its
    certificate (:func:`settled`). ``indeterminate``/``not_applicable`` are never settled.
    """
    if on_hypothetical_data(result) or on_published_data(result):
        return False
    parts = str(result.rule_id).split(".")
    item = parts[1] if parts[0] == "art4" and len(parts) > 1 else ""
    return settled(result.status, deciding_basis(result), item)


def record_status(result: RuleResult) -> dict:
    """A result's status as ``resultados.json`` gives it: ``{"status", "declared_status"}``.

    A ``pass`` or ``fail`` decided on a document declared in the candidate file and not checked
    against its original (:func:`~viabilidade.rules.result.on_declared_documents`, an act of a
    simulation included) is ``"indeterminate"`` there, as the study prints it "conforme
    documento declarado (a conferir com o original)", never "cumprido": a declared document
    never makes a machine-readable ``pass`` (final legal read, item 4). ``declared_status``
    keeps what the declared documents would decide (``"pass"``/``"fail"``), ``None`` for every
    other result, whose ``status`` is the rule's own.

    Examples
    --------
    The certified fixture's art. 4 V, 2.054 electors in a declared Certidão nº 12/2027:
    ``{"status": "indeterminate", "declared_status": "pass"}``; the Censo's 3.045
    inhabitants of art. 4 IV (published): ``{"status": "pass", "declared_status": None}``.
    """
    out = ({"status": Status.INDETERMINATE.value, "declared_status": Status(result.status).value}
           if on_declared_documents(result) else
           {"status": Status(result.status).value, "declared_status": None})
    details = _record_details(result.details)
    return out if details is None else {**out, "details": details}


def _record_details(details) -> dict | None:
    """``details`` as ``resultados.json`` gives them when they hold declared documents
    (legal8 m5), else ``None`` (the rule's own): each sub-check decided on a declared
    document (``base_decisiva`` ``"declared"``) reads ``status`` ``"indeterminate"`` with its
    ``declared_status``, as :func:`record_status` does for a result; each piece of evidence's
    ``checked`` is ``True``/``False`` (never ``null``) with ``checked_by``/``checked_on``."""
    if not isinstance(details, dict):
        return None
    subs, evidence = details.get("subchecks"), details.get("evidencias")
    if not isinstance(subs, dict) and not isinstance(evidence, dict):
        return None
    out = dict(details)
    if isinstance(subs, dict):
        out["subchecks"] = {
            item: ({**sub, "status": Status.INDETERMINATE.value, "declared_status": sub["status"]}
                   if isinstance(sub, dict) and sub.get("base_decisiva") == Basis.DECLARED.value
                   and sub.get("status") in (Status.PASS.value, Status.FAIL.value)
                   else sub)
            for item, sub in subs.items()}
    if isinstance(evidence, dict):
        def checked(e):
            c = e.get("checked") if isinstance(e, dict) else None
            if not isinstance(e, dict):
                return e
            who = c.get("who") if isinstance(c, dict) else None
            on = c.get("on") if isinstance(c, dict) else None
            return {**e, "checked": c is not None, "checked_by": who,
                    "checked_on": on.isoformat() if hasattr(on, "isoformat") else on}
        out["evidencias"] = {k: checked(e) for k, e in evidence.items()}
    return out


@dataclass(frozen=True)
class Pending:
    """One figure or piece of evidence still missing.

    Attributes
    ----------
    item : str
        Legal citation (``"art. 4º, V"``; ``"art. 4º, § 1º (V)"`` for a remainder).
    subject : str
        ``"área"`` or the remainder's label (``"Abadiânia (remanescente)"``).
    what : str
        What is to be certified or shown, in Portuguese.
    body : str
        Who must provide it: ``"IBGE"``, ``"Cartório Eleitoral"``, ``"SEFAZ-GO"`` or
        ``"proponentes"`` (evidence of art. 4 I and VI).
    field : str
        Where it goes in the candidate file (``"certified.electors"``).
    roman : str
        The item of the article alone (``"V"``).
    declared : bool
        The document is in the file, declared; what is missing is a person's check of its
        original (``checked_by``/``checked_on`` in the record).
    future : bool
        Of a declared document: its act is dated after today, a hypothesis of the simulation
        that does not exist yet (:data:`FUTURE_ACT`), not a document to check today.
    """

    item: str
    subject: str
    what: str
    body: str
    field: str
    roman: str = ""
    declared: bool = False
    future: bool = False


#: What a figure of an act dated after today still needs: the act itself (legal10 S2).
SIMULATED_WAIT = "da existência dos atos futuros (hipótese da simulação)"
#: What a declared document still needs (:attr:`Pending.declared`).
TO_CHECK = "conferir com o original o documento declarado"
#: What a document of an act dated after today still needs (:attr:`Pending.future`): it does
#: not exist yet, so there is no original to check (legal12 S-A: the lists of what is pending
#: called it "documento declarado").
FUTURE_ACT = "ato futuro (hipótese da simulação): a existir e, depois, a conferir com o original"


def _to_check(future: bool) -> str:
    """What a declared document still needs: its check (:data:`TO_CHECK`), or, for an act
    dated after today, to exist first (:data:`FUTURE_ACT`)."""
    return FUTURE_ACT if future else TO_CHECK


def _figure(item: str, subject: str, code: str | None = None, declared: bool = False,
            future: bool = False) -> Pending:
    if item == "III":  # measured, never certified: what is missing is the area's limits
        return Pending("art. 4º, III" if code is None else "art. 4º, § 1º (III)", subject,
                       CONTINUITY_NEEDS, CONTINUITY_BODY, "area.boundary", item)
    key = ITEM_KEY[item]
    what = FIGURES[key].what
    if item == "VII":
        what += " e " + FIGURES["state_tax_revenue"].what
    future = declared and future
    if declared:
        what = f"{what}: {_to_check(future)}"
    if code is None:
        return Pending(f"art. 4º, {item}", subject, what, ITEM_BODY[item], f"certified.{key}", item,
                       declared, future)
    return Pending(f"art. 4º, § 1º ({item})", subject, what, ITEM_BODY[item],
                   f"certified.remainder.{code}.{key}", item, declared, future)


def _evidence(rule: RuleResult, item: str) -> list[Pending]:
    return [Pending(f"art. 4º, {item}", rule.subject, EVIDENCE_ITEMS.get(k, k), PROPONENTS,
                    f"evidence.{k}", item) for k in rule.details.get("faltam", [])] + [
        Pending(f"art. 4º, {item}", rule.subject, f"{EVIDENCE_ITEMS.get(k, k)}: {TO_CHECK}",
                PROPONENTS, f"evidence.{k}", item, True)
        for k in rule.details.get("a_conferir", [])]


def applies_art4(results: list[RuleResult]) -> bool:
    """Whether the study applies art. 4 (a creation): some art. 4 rule is applicable."""
    return any(r.rule_id.startswith("art4.") and Status(r.status) != Status.NOT_APPLICABLE
               for r in results)


#: Rules decided by the plebiscite's result, which the Electoral Justice declares.
PLEBISCITE_RULES = ("art7", "art5", "art5.par2", "art7.par1", "art7.par2")
ELECTORAL_COURT = "Tribunal Regional Eleitoral"
#: The "body" of an open plebiscite rule: nobody can supply it today. The Electoral Justice
#: does not hold the plebiscite of a creation, fusion or transfer until the federal
#: complementary law exists (CF art. 18 § 4; TSE, PA nº 0602003-69, 13/05/2021).
PLEBISCITE_BARRED = "Plebiscito"
#: What is said of it instead of who supplies it: :data:`NOT_BEFORE_FEDERAL_LAW` (the record's
#: words, :mod:`viabilidade.proposal.record`).


def _open_rule(r: RuleResult) -> Pending:
    """An undecided rule of an operation without art. 4, with whoever must provide what
    decides it: :data:`PLEBISCITE_BARRED` for the plebiscite (not realisable before the
    federal complementary law: nobody supplies it today), else the rule's ``certifier``, else
    the proponents."""
    faltam = r.details.get("faltam") if isinstance(r.details, dict) else None
    named = [EVIDENCE_ITEMS.get(f) or {**BOUNDARY_CORRECTION_ITEMS, **BOUNDARY_STRIP}.get(f, str(f))
             for f in faltam or ()]
    what = r.title + (": " + "; ".join(named) if named else "")
    body = PLEBISCITE_BARRED if r.rule_id in PLEBISCITE_RULES else (r.certifier or PROPONENTS)
    # every document given and declared (art. 6: "documentado (a conferir …)"): what is
    # missing is their check against the originals, not the documents (final legal read, 8)
    declared = isinstance(r.details, dict) and r.details.get("rotulo_situacao") == DOCUMENTED
    return Pending(r.article or r.rule_id, r.subject, what, body, "", "", declared=declared)


def _needs_evidence_I(r: RuleResult, status: Status) -> list[Pending]:
    return _evidence(r, "I")


def _needs_figure(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 4 II, III, IV, V, VII: the item's figure until a certificate settles it."""
    item = r.rule_id.split(".")[1]
    basis = deciding_basis(r)
    return [] if settled(status, basis, item) else [
        _figure(item, r.subject, declared=status in _DECIDED and basis == Basis.DECLARED,
                future=simulated_details(r.details))]


def _needs_figure_and_evidence_VI(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 4 VI: the buildings' count (its own status) and the evidence of the urban core."""
    out = []
    count_status = r.details.get("edificacoes_status", str(status))
    count_basis = r.details.get("edificacoes_base", r.basis) or None
    if not settled(count_status, count_basis, "VI"):
        out.append(_figure("VI", r.subject, declared=Status(count_status) in _DECIDED
                           and str(count_basis) == Basis.DECLARED.value,
                           future=simulated_details(r.details)))
    return out + _evidence(r, "VI")


def _needs_origin_figures(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 4 § 1, one origin: each of its items (IV, V, VI, VII, III) not yet settled; all
    four figures when the rule could not look at any."""
    code = r.details.get("cod_ibge")
    subs = r.details.get("subchecks")
    if not subs:
        return [_figure(i, r.subject, code or r.subject) for i in ("IV", "V", "VI", "VII")]
    out = []
    for item, sub in subs.items():
        basis = sub.get("base_decisiva") or sub.get("base") or None
        if not settled(sub["status"], basis, item):
            out.append(_figure(item, r.subject, code, declared=Status(sub["status"]) in _DECIDED
                               and str(basis) == Basis.DECLARED.value,
                               future=simulated_details(sub)))
    return out


def _needs_representation(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 2: the representation that starts the process. A count typed without its document
    decides nothing (:func:`viabilidade.rules.art2.petition`), and the study cannot be
    conclusive."""
    registration = ("certidão do Cartório Eleitoral de que os signatários são eleitores "
                    "inscritos na área")
    if status in _DECIDED:
        future = simulated_details(r.details)
        return ([Pending(r.article or "art. 2º", r.subject,
                         f"{registration}: {_to_check(future)}", ITEM_BODY["V"],
                         "process.events", "", True, future)]
                if deciding_basis(r) == Basis.DECLARED else [])
    if r.certifier == ITEM_BODY["V"]:
        return [Pending(r.article or "art. 2º", r.subject, registration, ITEM_BODY["V"],
                        "process.events", "")]
    return [Pending(r.article or "art. 2º", r.subject,
                    "representação assinada por eleitores da área: número de assinaturas, "
                    "documento e data", PROPONENTS, "process.events", "")]


def _needs_declarations(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 5 § 1 (finding 14): the electors' own declarations, not only signatures; with
    them, the Cartório Eleitoral's certificate that the signers are electors of the
    municipality (legal review 15:44, item 2), then its check and the declarations'."""
    registration = ("certidão do Cartório Eleitoral de que os signatários são eleitores "
                    "inscritos no município")
    if status in _DECIDED:
        future = simulated_details(r.details)
        return ([Pending(r.article or "art. 5º, § 1º", r.subject,
                         f"{registration} e declarações de residência e domicílio: "
                         f"{_to_check(future)}", ITEM_BODY["V"], "process.events", "", True,
                         future)]
                if deciding_basis(r) == Basis.DECLARED else [])
    if r.certifier == ITEM_BODY["V"]:
        return [Pending(r.article or "art. 5º, § 1º", r.subject, registration, ITEM_BODY["V"],
                        "process.events", "")]
    return [Pending(r.article or "art. 5º, § 1º", r.subject,
                    r.title[:1].lower() + r.title[1:] + ", com firmas reconhecidas "
                    "e mediante declarações destes (de residência e domicílio na "
                    "área)", PROPONENTS, "process.residence_declarations", "")]


def _needs_district_figure(r: RuleResult, status: Status) -> list[Pending]:
    """Art. 17 (a district): the buildings (I) or the population (II), no body named (the law
    names none)."""
    if status in _DECIDED:
        return []
    return [Pending(r.article or r.rule_id, r.subject, r.title, UNNAMED_BODY,
                    "certified." + ("buildings" if r.rule_id == "art17.I" else "population"),
                    r.rule_id.split(".")[1])]


#: What a rule still needs, by rule id (a key ending in ``.`` stands for every rule of that
#: article): a function of the result and its status giving the :class:`Pending` items. A rule
#: not named here needs, outside art. 4, whatever decides it when it is still indeterminate
#: (:func:`_open_rule`).
_NEEDS = {
    "art4.I": _needs_evidence_I,
    "art4.II": _needs_figure, "art4.III": _needs_figure, "art4.IV": _needs_figure,
    "art4.V": _needs_figure, "art4.VII": _needs_figure,
    "art4.VI": _needs_figure_and_evidence_VI,
    "art4.par1": _needs_origin_figures,
    "art2": _needs_representation,
    "art5.par1": _needs_declarations,
    "art17.": _needs_district_figure,
}


def pending(results: list[RuleResult]) -> list[Pending]:
    """Figures and evidence still missing for the requirements of the operation.

    Parameters
    ----------
    results : list of RuleResult
        The study's results (:func:`viabilidade.operations.evaluate`).

    Returns
    -------
    list of Pending
        In the order of the law: the representation of art. 2 when undecided (no count, or a
        count without its document), art. 4 I–VII for the area, then § 1 per origin (IV, V, VI,
        VII, III), then art. 17 (districts; no body named, since the law names none). A figure of an item § 2 gives to a named body is
        pending until a certificate decides it (:func:`settled`): Posse d'Abadia's 3.045
        inhabitants (Censo 2022, published) leave art. 4 IV pending with the IBGE. Without
        art. 4 (:func:`applies_art4` false), every applicable rule still ``indeterminate``
        (the plebiscite, the documents of art. 6 …), with its ``certifier`` as the body.
        A creation's plebiscite not held is pending as a fusion's is (:data:`PLEBISCITE_BARRED`).
        Empty when the study is conclusive. ``not_applicable`` rules need nothing.
    """
    out: list[Pending] = []
    creation = applies_art4(results)
    for r in results:
        status = Status(r.status)
        if status == Status.NOT_APPLICABLE:
            continue
        needs = _NEEDS.get(r.rule_id) or _NEEDS.get(r.rule_id.split(".")[0] + ".")
        if needs is not None:
            out += needs(r, status)
        elif status == Status.INDETERMINATE and (
                not creation or (r.rule_id in PLEBISCITE_RULES
                                 and not (r.details or {}).get("sem_efeito"))):
            # a creation's plebiscite not held reads as a fusion's or a transfer's: not
            # realisable before the federal law (legal review item 18); one held is "sem
            # efeito" (rules.art7.VOID_KEY) and said so by the conclusion
            out.append(_open_rule(r))
    # One set of the area's limits measures every origin's continuity: list it once.
    seen, unique = set(), []
    for p in out:
        key = ((p.field, p.subject if p.field != "area.boundary" else "") if p.field
               else (p.item, p.subject, p.what))
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def verdict_on_published_data(results: list[RuleResult]) -> bool:
    """Whether the verdict rests on published data: ``viável`` with some requirement met
    only on published data, or ``inviável`` with every failing requirement failed only on
    published data (:func:`viabilidade.rules.result.on_published_data`). ``False`` for an
    ``indeterminado`` verdict or no applicable rule."""
    applicable = [r for r in results if Status(r.status) != Status.NOT_APPLICABLE]
    if not applicable:
        return False
    v = verdict(applicable)
    if v == Verdict.VIAVEL:
        return any(on_published_data(r) for r in applicable)
    if v == Verdict.INVIAVEL:
        return all(on_published_data(r) for r in applicable if Status(r.status) == Status.FAIL)
    return False


#: What a preliminary study still waits for, by kind of body (:func:`qualification`).
_AWAITS = (("certificação", CERTIFYING_BODIES), ("plebiscito", (PLEBISCITE_BARRED,)))


#: What a result on a what-if value is (:func:`qualification`): not a study of any kind.
NOT_A_STUDY = "simulação, não é um estudo"


def hypothetical_clause(results: list[RuleResult]) -> str:
    """The what-if values the results rest on, in words (``""`` when none):
    ``"com valor hipotético (área: 2.990 habitantes), não com os dados publicados"``
    (:func:`viabilidade.rules.result.on_hypothetical_data`); a projection
    (:func:`~viabilidade.rules.result.on_projected_data`) reads ``"com valor projetado
    (área: cerca de 1.083 eleitores)"``."""
    hyp = [f"{r.subject}: {amount(r.value, r.unit)}" for r in results if on_hypothetical_data(r)]
    proj = [f"{r.subject}: cerca de {amount(whole(r.value), r.unit)}" for r in results
            if on_projected_data(r) and r.value is not None]
    parts = []
    for values, one, many in ((hyp, "valor hipotético", "valores hipotéticos"),
                              (proj, "valor projetado", "valores projetados")):
        values = list(dict.fromkeys(values))
        if values:
            parts.append(f"{one if len(values) == 1 else many} ({'; '.join(values)})")
    if not parts:
        return ""
    return f"com {' e '.join(parts)}, não com os dados publicados"


def altered_clause(results: list[RuleResult], settings=None) -> str:
    """The thresholds set away from the law's for the applicable rules, in words (``""``
    when none, or without ``settings``): ``"com limiar alterado — art. 4º, IV: mais de 4.000
    habitantes (a lei: mais de três mil)"``. A conclusion on such a threshold is not one
    "perante a LC nº 2/1990" (:meth:`Settings.altered_thresholds
    <viabilidade.rules.settings.Settings.altered_thresholds>`)."""
    if settings is None:
        return ""
    applicable = {r.rule_id for r in results if Status(r.status) != Status.NOT_APPLICABLE}
    altered = settings.altered_thresholds(applicable)
    if not altered:
        return ""
    return (f"com {'limiar alterado' if len(altered) == 1 else 'limiares alterados'} — "
            + " e ".join(altered))


def qualification(results: list[RuleResult], candidate: Candidate | None = None,
                  settings=None) -> str:
    """What a study's conclusion rests on, in words for the conclusion line (lower case).

    Results decided on a what-if value typed in the explorer read :func:`hypothetical_clause`
    then ``"simulação, não é um estudo"`` and nothing else; thresholds set away from the
    law's (``settings``, :func:`altered_clause`) are named first, e.g. ``"com limiar
    alterado — art. 4º, IV: mais de 4.000 habitantes (a lei: mais de três mil); nos dados
    publicados; estudo preliminar, pendente de certificação"``.

    ``"estudo conclusivo"`` when :func:`pending` is empty; otherwise ``"estudo preliminar,
    pendente de …"`` (``certificação`` when a body of art. 4 § 2 must still answer,
    ``documentos`` for the proponents' or other evidence) and, when the plebiscite's result
    is missing, ``"; plebiscito não realizável antes da lei complementar federal"`` — not "pendente do plebiscito": nobody can hold it today — preceded by
    ``"nos dados publicados; "`` when the verdict rests on published data (:func:`verdict_on_published_data`). Posse d'Abadia on the Censo and TSE
    tables: ``"estudo preliminar, pendente de certificação e de documentos"``; a creation
    whose every rule passes on published data: ``"nos dados publicados; estudo preliminar,
    pendente de certificação"``.

    ``candidate`` is accepted for symmetry with :func:`summary` and not read.
    """
    altered = altered_clause(results, settings)
    hypothetical = hypothetical_clause(results)
    if hypothetical:
        return "; ".join(p for p in (altered, hypothetical, NOT_A_STUDY) if p)
    text = _certification_state(results)
    return f"{altered}; {text}" if altered else text


def _certification_state(results: list[RuleResult]) -> str:
    missing = pending(results)
    if not missing:
        return CONCLUSIVE
    waits = [f"de {word}" for word, bodies in _AWAITS[:1]
             if any(p.body in bodies and not p.declared for p in missing)]
    known = {b for _, bodies in _AWAITS for b in bodies}
    if any(p.body not in known and not p.declared for p in missing):
        waits.append("de documentos")
    # an act dated after today has no original yet: a hypothesis of the simulation (legal10 S2)
    simulated = [r for r in results if on_simulated_act(r) or rests_on_simulated_act(r)]
    declared = [r for r in results if on_declared_documents(r) and r not in simulated]
    if any(p.declared for p in missing) and (declared or not simulated):
        waits.append("da conferência dos documentos declarados com os originais")
    if simulated:
        waits.append(SIMULATED_WAIT)
    text = f"{PRELIMINARY}, pendente " + " e ".join(waits) if waits else PRELIMINARY
    if any(p.body == PLEBISCITE_BARRED for p in missing):
        # the conclusion line's bar clause cites CF art. 18 § 4 right after
        text += "; plebiscito não realizável antes da lei complementar federal"
    return ("nos dados publicados; " + text) if verdict_on_published_data(results) else text


def summary(results: list[RuleResult], candidate: Candidate, settings=None) -> dict:
    """The machine-readable certification state of a study (``resultados.json``).

    Returns
    -------
    dict
        ``conclusive`` (bool), ``label`` (``"estudo conclusivo"`` / ``"estudo preliminar"``),
        ``qualification`` (:func:`qualification`), ``on_published_data``
        (:func:`verdict_on_published_data`), ``missing`` (list of :class:`Pending` as dicts),
        ``missing_bodies`` (bodies that must still answer, in the order of art. 4 § 2, then
        the proponents, then any other) and ``declared_documents`` (each figure the
        candidate file declares in a body's document: ``figure``, ``item``, ``subject``
        (``"área"`` or the origin code), ``value``, ``body``, ``document``, ``date`` ISO,
        ``year``, ``checked``: ``True`` when a person recorded checking the original, else
        ``False`` (never ``None``), and ``checked_by``/``checked_on`` (ISO) of that check, ``None``
        while unchecked), ``future_act`` (its date is after today: the act is a hypothesis of
        the simulation, it does not exist yet) and ``to_do`` (:data:`FUTURE_ACT` for such an
        act, :data:`TO_CHECK` for another unchecked one, ``None`` once checked). A declared
        document is a certificate only once checked
        (:attr:`~viabilidade.rules.result.Basis.CERTIFIED`).
    """
    from ..common.plausibility import today

    missing = pending(results)
    bodies = [b for b in (*CERTIFYING_BODIES, PROPONENTS) if any(p.body == b for p in missing)]
    bodies += [b for b in dict.fromkeys(p.body for p in missing) if b not in bodies]
    certs = [{"figure": c.key, "item": c.spec.item, "subject": c.origin or "área",
              "value": c.value, "body": c.body, "document": c.document,
              "date": c.date.isoformat(), "year": c.year,
              "checked": c.checked is not None,
              "checked_by": None if c.checked is None else c.checked.who,
              "checked_on": None if c.checked is None else c.checked.on.isoformat(),
              "future_act": c.checked is None and c.date > today(),
              "to_do": (None if c.checked is not None
                        else _to_check(c.date > today()))}
             for c in candidate.certified.all()]
    return {"conclusive": not missing, "label": PRELIMINARY if missing else CONCLUSIVE,
            "qualification": qualification(results, candidate, settings),
            "on_published_data": verdict_on_published_data(results),
            "missing": [asdict(p) for p in missing], "missing_bodies": bodies,
            "declared_documents": certs}


__all__ = ["Pending", "pending", "summary", "record_status", "qualification", "verdict_on_published_data",
           "hypothetical_clause", "altered_clause", "NOT_A_STUDY",
           "settled", "applies_art4", "CONCLUSIVE", "PRELIMINARY", "ITEM_BODY", "NAMED_ITEMS",
           "CONTINUITY_BODY", "CONTINUITY_NEEDS", "NOT_BEFORE_FEDERAL_LAW", "FUTURE_ACT", "TO_CHECK"]
