"""The justificação of a draft bill: the constitutional frame, the study's conclusion and
findings (:mod:`viabilidade.report.findings`), the rules that do not apply, the table of
what the study verified with each basis, and what is pending certification."""

from __future__ import annotations

import re

from ..writers import format as fmt
from .context import Context, _and
from .form import LC2


def _requirement(r) -> str:
    """The requirement's cell: the threshold in words, else the rule's title (a requirement
    without a number: art. 4º, I; the plebiscite); a quorum counted on the area's electorate
    and the remainder's (the federal reading) says so."""
    from ...rules.art7 import EFFECTIVE_ROLL
    from ..writers.tables import threshold_text

    if r.threshold is None:
        return r.title
    text = threshold_text(r)
    d = r.details if isinstance(r.details, dict) else {}
    if d.get("eleitorado") == "federal" and d.get("eleitores_rol"):
        source = f" ({d['fonte_rol']})" if d.get("fonte_rol") else ""
        text += (f" — metade mais um de {fmt.number(d['eleitores_rol'])} eleitores, o "
                 f"eleitorado da área somado ao do remanescente do município de origem{source}; "
                 f"{EFFECTIVE_ROLL}")
    return text


def _findings(analysis) -> list[tuple[str, str, str, str, str]]:
    from ..writers.tables import value_text

    rows = []
    for r in analysis.results:
        if r.status == "not_applicable":  # named in the justificação (_not_applicable)
            continue
        article = (r.article or "").replace("LC 02/1990, ", "")
        if r.subject and r.subject != "área":
            article += f" — {r.subject}"
        rows.append((article, _requirement(r), value_text(r),
                     _basis_cell(r, analysis.candidate.plebiscite), fmt.result_status_label(r)))
    return rows


#: The "Base" of a plebiscite row without the Electoral Justice's result in the record.
NO_CONSULTATION = "consulta não registrada"


def _basis_cell(r, plebiscite) -> str:
    """The "Base" cell of a row of the quadro.

    The basis of the value (``"publicado"``, ``"documento declarado"`` …); a requirement met
    or failed without a figure (art. 4º, I and III: a document, the geometry) gives the basis
    that decided it; an act dated after the study, ``"ato futuro"``. A plebiscite row (art. 5º,
    art. 7º and its §§) rests on the Electoral Justice's result: ``"certificado"`` when a person
    checked the original, ``"documento declarado"`` when not, and :data:`NO_CONSULTATION` when
    the record has none (whatever basis the roll behind its threshold has). Acts documented in
    the candidate file and not checked (``details["evidencias"]``, art. 6º's agreement and
    resolutions): ``"documento declarado"``. ``"sem dado"`` otherwise.
    """
    from ...proposal.record import simulated_plebiscite
    from ...rules.certification import PLEBISCITE_RULES
    from ...rules.common import is_future
    from ...rules.result import Basis

    if is_future(r):
        return "ato futuro"
    if r.rule_id in PLEBISCITE_RULES:
        if simulated_plebiscite(plebiscite):  # dated after today: no result (legal11 S3)
            return fmt.SIMULATED_BASIS_LABEL
        if plebiscite is None or not (plebiscite.document and plebiscite.date):
            return NO_CONSULTATION
        return fmt.basis_label(Basis.CERTIFIED if plebiscite.checked else Basis.DECLARED)
    details = r.details if isinstance(r.details, dict) else {}
    if r.basis is None and details.get("evidencias") and details.get("a_conferir", True):
        # acts documented in the candidate file, none checked (art. 6º's agreement and
        # resolutions; legal review 15:44, item 12): not "sem dado"
        return fmt.basis_label(Basis.DECLARED)
    if r.value is None and r.basis is not None and r.status in ("pass", "fail"):
        return fmt.result_basis_label(r)  # decided without a figure (art. 4º, I and III)
    return fmt.result_basis_label(r, r.value)


_WAIVED = re.compile(r"^(?P<what>.+?) dispensado \((?P<by>[^()]+)\): (?P<why>.+?)\.?$")


def _waived(r) -> str:
    """A rule that does not apply, with the provision that waives it when the study says so:
    ``"art. 4º, dispensado pelo art. 5º, § 2º (fusão de área territorial integral de
    municípios, com a extinção destes)"``; else its article."""
    article = (r.article or "").replace("LC 02/1990, ", "")
    m = _WAIVED.match(r.reason or "")
    if m and m["what"] == article:
        return f"{article}, dispensado pelo {m['by']} ({m['why']})"
    return article


def _justification(analysis, ctx: Context, rows) -> list[str]:
    """The justificação's paragraphs; ``rows`` are the quadro's (:func:`_findings`), whose
    "Base" labels the last paragraph explains."""
    from ..conclusion import analysis_short_conclusion
    from ..frame import MEANING, bar_clause, study_bar_clause
    from ..sections import operation_subtitle

    c = analysis.candidate
    # One paragraph: the frame's meaning for this operation, which states the bar itself
    # ("Para X: a criação … está vedada …" would repeat the clause); a law of another period
    # (a retrospective study) keeps its own clause first.
    meaning = MEANING[c.operation].split(": ", 1)[1].replace(
        "Este estudo", "O estudo de viabilidade que instrui este projeto")
    clause = study_bar_clause(analysis)
    lead = ("" if clause == bar_clause(c.operation)
            else fmt.sentence(clause[:1].upper() + clause[1:]) + " ")
    paras = [f"Quadro constitucional: {lead}{meaning}"]
    what = {"estadual": "Este projeto", "municipal": "Este projeto de lei municipal"}[ctx.op.bill_level]
    # The bar is the first paragraph's: the conclusion here is the short one, without it.
    paras.append(f"{what} dá forma de lei à proposta de {operation_subtitle(analysis)}, estudada "
                 f"segundo a {LC2}. Conclusão do estudo: {analysis_short_conclusion(analysis)}")
    from ..findings import findings

    # What the study says a reader must not miss (its findings: what would change the
    # conclusion, a thin margin, conflicting data, the drawn limits, the readings, the bar),
    # in the study's words; the requirements themselves are in the quadro below.
    paras += [f"{f.short()}" if f.kind == "pendencias" else f.text()
              for f in findings(analysis).items]
    waived = list(dict.fromkeys(_waived(r) for r in analysis.results
                                if r.status == "not_applicable"))
    if len(waived) == 1:
        paras.append(f"Não se aplica a esta operação, e por isso não consta do quadro a seguir: "
                     f"{waived[0]}.")
    elif waived:
        paras.append("Não se aplicam a esta operação, e por isso não constam do quadro a "
                     f"seguir: {_and(waived)}.")
    bases = {row[3] for row in rows}
    paras.append("O quadro a seguir resume o que o estudo verificou, com a base de cada valor: "
                 + "; ".join(f"“{label}”{words}" for label, words in BASIS_LEGEND.items()
                             if label in bases or label in ALWAYS) + ".")
    return paras


#: What each "Base" of the quadro means (:func:`_basis_cell`), in the justificação's words;
#: the first three are always named, the others only when a row shows them.
BASIS_LEGEND = {
    "certificado": " é o valor atestado por documento do órgão competente, conferido com o "
                   "original",
    "publicado": ", o de tabela oficial publicada",
    "medido": ", o calculado pelo estudo sobre a geometria",
    "estimado": ", o calculado pelo estudo por rateio ou modelo, com a sua incerteza",
    "documento declarado": ", o de documento informado no arquivo da candidatura e ainda não "
                           "conferido com o original",
    NO_CONSULTATION: " indica que o registro do processo não traz o resultado do plebiscito",
    "ato futuro": ", o de ato com data posterior à do estudo",
    fmt.SIMULATED_BASIS_LABEL: ", o de ato do registro datado depois de hoje, que o estudo lê "
                               "como hipótese da simulação",
    "sem dado": " indica que não há valor",
}
ALWAYS = ("certificado", "publicado")


def _pending(analysis) -> list[str]:
    from ...rules.certification import summary
    from ..frame import calendar_note

    missing = summary(analysis.results, analysis.candidate)["missing"]
    # The plebiscite is the Electoral Justice's, which does not hold it while barred.
    plebiscite = ("Justiça Eleitoral, que não realiza o plebiscito enquanto não existir a lei "
                  "complementar federal (TSE, PA nº 0602003-69, 13/05/2021)"
                  if calendar_note(analysis) else "Justiça Eleitoral (resultado do plebiscito)")
    from ..certificates import CONTINUITY_NOTE, NO_BODY

    out = []
    for p in missing:
        subject = "" if p["subject"] == "área" else f" — {p['subject']}"
        body = plebiscite if p["body"] == "Plebiscito" else p["body"]
        if p["field"] == "certified.continuity":  # art. 4 § 2 gives III to no body (item 10)
            body = f"{NO_BODY.lower()} ({CONTINUITY_NOTE})"
        out.append(f"{p['what']}{subject}: {body}")
    return list(dict.fromkeys(out))


