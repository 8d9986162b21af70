"""Building blocks shared by the article modules: numeric results, combining statuses, pt-BR text."""

from __future__ import annotations

import math
from typing import Any

from babel.numbers import format_currency

from ..common.numbers import decimal, fmt
from ..law.bodies import body_by_name
from .law import citation, provision, text
from ..common.precision import rounded
from .result import SIMULATED, Basis, Figure, Lean, RuleResult, Status, simulated_note
from .vectorised import decide

def _by(certifier: str) -> str:
    """``"pelo IBGE"`` for a body of :mod:`viabilidade.law.bodies`, else ``"por <certifier>"``."""
    try:
        return body_by_name(certifier).by
    except KeyError:
        return f"por {certifier}"


COMPARATOR_WORDS = {">": "mais de", ">=": "no mínimo"}


def amount(x: float | int | None, unit: str, precision: float | None = None,
           pivot: float | None = None) -> str:
    """A value with its unit as a reader writes it: ``(3045, "habitantes")`` → ``"3.045
    habitantes"``; money (``unit == "BRL"``) in reais, ``(3150000, "BRL")`` → ``"R$ 3.150.000,00"``
    (Babel, pt_BR), never ``"3.150.000 BRL"``. With ``precision`` (the figure's step,
    :func:`viabilidade.common.precision.rounded`, kept on the side of ``pivot``):
    ``(12753.88, "m", 10)`` → ``"12.750 m"``."""
    if unit != "BRL":
        if precision is not None and x is not None:
            x, decimals = rounded(x, precision, pivot)
            return f"{decimal(x, decimals)} {unit}".rstrip()
        return f"{fmt(x)} {unit}".rstrip()
    if x is None:
        return "—"
    text = format_currency(x, "BRL", locale="pt_BR")
    return "\u2212" + text[1:] if text.startswith("-") else text


#: Units that count things: an estimate of them is written as a whole number.
COUNT_UNITS = {"habitantes", "eleitores", "edificações", "assinaturas", "votos"}


def whole(x: float) -> int:
    """Round half up to a whole number (``1910.5`` → ``1911``), as estimates of counts are written."""
    return int(math.floor(float(x) + 0.5))


def pct(x: float | None) -> str:
    """pt-BR percentage with two decimals, as the whole study prints them: ``1.5`` → ``"1,50 %"``."""
    if x is None:
        return "—"
    return decimal(round(x, 2), 2) + "\u00a0%"


def with_margin(value, unc, shown, words: str = "") -> str:
    """An estimate in a sentence, as :func:`viabilidade.report.writers.format.estimate` prints
    it in tables (legal11 M9): ``"1.111 ± 556 edificações"``; a margin of error larger than a
    non-negative value is no range below zero: ``"655 edificações (entre 0 e 1.506; margem de
    erro maior que o valor)"``. ``shown`` formats a number, ``words`` follows the value (the
    unit, with its leading space)."""
    if unc and 0 <= value < unc:
        return (f"{shown(value)}{words} (entre {shown(0)} e {shown(value + unc)}; margem de erro "
                "maior que o valor)")
    return f"{shown(value)} ± {shown(unc)}{words}" if unc else f"{shown(value)}{words}"


def date_br(d) -> str:
    """A date as ``dd/mm/aaaa``: ``date(2026, 11, 29)`` → ``"29/11/2026"``."""
    return d.strftime("%d/%m/%Y")


def future_act(date, today) -> str:
    """Why an act dated after the study decides nothing, or ``""``.

    A representation, certificate, evidence document or plebiscite dated after the study
    date (:meth:`~.settings.Settings.study_day`) is a planned act: the candidate file may
    hold it (:mod:`viabilidade.common.plausibility` accepts dates up to two years ahead), but it
    proves nothing yet, so the requirement it would decide stays ``indeterminate``.

    ``future_act(date(2027, 5, 16), date(2026, 12, 1))`` →
    ``"ato futuro: datado de 16/05/2027, posterior à data do estudo (01/12/2026)"``;
    ``""`` when ``date`` or ``today`` is ``None`` or ``date <= today``.
    """
    if date is None or today is None or date <= today:
        return ""
    return f"ato futuro: datado de {date_br(date)}, posterior à data do estudo ({date_br(today)})"


#: :data:`~.result.SIMULATED`: an act dated after today, in a study dated later still.


def simulated_act(date, today=None) -> bool:
    """Whether an act dated ``date`` is a hypothesis of the simulation: dated after
    ``today`` (default :func:`viabilidade.common.plausibility.today`, the real date).

    ``simulated_act(date(2027, 3, 10), date(2026, 12, 1))`` → ``True``; ``False`` when
    ``date`` is ``None`` or not after today. An act dated after the study date as well is
    read by :func:`future_act` first (it decides nothing).
    """
    from ..common.plausibility import today as real_today

    return date is not None and date > (today or real_today())



#: ``details`` key of a result left undecided by an act dated after the study date: the
#: reason (:func:`future_act`). Such a result carries no value, threshold nor margin taken
#: from that act; tables print "— (ato futuro)" (N7).
FUTURE_KEY = "ato_futuro"


def is_future(result) -> bool:
    """Whether ``result`` was left undecided by an act dated after the study (:data:`FUTURE_KEY`)."""
    details = getattr(result, "details", None)
    return isinstance(details, dict) and bool(details.get(FUTURE_KEY))

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def missing_proof(document: str | None, date, what: str) -> str:
    """What is missing for a count typed in the candidate file to prove a requirement.

    A count of signatures or votes decides a rule only with the reference of the document
    that proves it and the document's date, as a certificate does. Returns ``""`` when both
    are given; else, in Portuguese, ``"falta a referência da <what> e a sua data"`` (or the
    one missing).
    """
    missing = [w for w, v in ((f"a referência {what}", document), ("a sua data", date)) if not v]
    if not missing:
        return ""
    if len(missing) == 1 and date is None:
        return f"falta a data {what}"
    return "falta " + " e ".join(missing)


def cite_items(rule_ids: list[str], short: dict[str, str] | None = None) -> str:
    """Rule ids as a legal citation, items in article order, with short titles.

    ``["art4.V", "art4.III"]`` with ``short={"III": "continuidade territorial", "V": "eleitorado"}``
    → ``"art. 4º, III (continuidade territorial) e V (eleitorado)"``. Ids of different articles
    are cited one after another (``"art. 2º; art. 7º, § 1º"``).
    """
    by_article: dict[int, list[str]] = {}
    for rid in rule_ids:
        parts = rid.split(".")
        by_article.setdefault(int(parts[0][3:]), []).extend(parts[1:2] or [""])
    cites = []
    for n in sorted(by_article):
        head = f"art. {n}º" if n <= 9 else f"art. {n}"
        items = sorted(set(by_article[n]), key=lambda p: (p.startswith("par"), _ROMAN.get(p, 99), p))
        words = []
        for p in items:
            if not p:
                continue
            label = f"§ {p[3:]}º" if p.startswith("par") else p
            if short and p in short:
                label += f" ({short[p]})"
            words.append(label)
        if not words:
            cites.append(head)
        elif len(words) == 1:
            cites.append(f"{head}, {words[0]}")
        else:
            cites.append(f"{head}, {', '.join(words[:-1])} e {words[-1]}")
    return "; ".join(cites)


def law_ref(rule_id: str) -> dict[str, str]:
    """``article`` citation and law text of a rule id, for :class:`RuleResult` fields/details.

    The provision is :func:`.law.provision` of the id (``art7.par1`` quotes § 1º, I).
    """
    key = provision(rule_id)
    return {"article": citation(key), "texto_legal": text(key)}


def money_figure(m, note: str = "") -> Figure:
    """The :class:`Figure` of a candidate's money figure (:class:`~viabilidade.proposal.candidate.MoneyFigure`).

    Basis ``certified`` for a SEFAZ-GO certificate whose original was checked, ``declared``
    for one not checked (:mod:`viabilidade.proposal.record`), ``published``
    for a ``[fiscal]`` figure (an official publication or a declared value with its source):
    only a certificate with body, document and date is certified.
    """
    basis = (Basis.PUBLISHED if not m.certificate else
             Basis.CERTIFIED if getattr(m, "checked", None) is not None else Basis.DECLARED)
    if basis == Basis.DECLARED and simulated_act(getattr(m, "date", None)):
        note = f"{note}; {SIMULATED}" if note else SIMULATED
    return Figure(m.value_brl, "BRL", basis,
                  m.source, str(m.year), note=note)


def numeric_result(rule_id: str, title: str, figure: Figure | None, threshold: float,
                   comparator: str, *, unit: str, certifier: str, subject: str = "área",
                   missing: str, what: str, details: dict[str, Any] | None = None) -> RuleResult:
    """One numeric requirement decided by :func:`~.vectorised.decide` on a single value.

    Parameters
    ----------
    rule_id, title : str
        Rule id (``"art4.IV"``) and Portuguese title.
    figure : Figure or None
        The value with basis, source, vintage and uncertainty; ``None`` or a ``None`` value
        makes the rule indeterminate with ``missing`` as the reason.
    threshold : float
        Threshold in the unit of ``figure``; NaN when it cannot be computed.
    comparator : {">", ">="}
    unit, certifier, subject : str
        Unit shown (``"habitantes"``), body certifying it (art. 4 §2), who the figure is about.
    missing : str
        Portuguese: which data would decide the rule.
    what : str
        Portuguese noun for the value (``"população"``).
    """
    ref = law_ref(rule_id)
    if threshold == threshold and float(threshold).is_integer():
        threshold = int(threshold)
    value = None if figure is None else figure.value
    if value is not None and value != value:  # NaN from a table: missing
        value = None
    basis = None if figure is None else Basis(figure.basis)
    d = decide([value], [threshold], comparator, [basis.value if basis else Basis.PUBLISHED.value],
               None if figure is None or figure.uncertainty is None else [figure.uncertainty])
    status = Status(d["status"][0])
    lean = Lean(d["lean"][0]) if d["lean"][0] else None
    margin = None if value is None or threshold != threshold else float(d["margin"][0])
    raw_pct = d["margin_pct"][0]
    margin_pct = None if margin is None or raw_pct != raw_pct else float(raw_pct)
    required = f"{COMPARATOR_WORDS[comparator]} {amount(threshold, unit)}"
    step = None if figure is None else figure.precision
    margin_text = (amount(margin, unit) if unit == "BRL" else fmt(margin) if step is None
                   else amount(margin, "", step, 0))
    if value is None:
        reason = f"Sem valor de {what}: {missing}"
    elif threshold != threshold:
        reason = f"Sem limite calculável para {what}: {missing}"
    elif status in (Status.PASS, Status.FAIL):
        verb = "atende" if status == Status.PASS else "não atende"
        reading = ""
        if basis == Basis.DECLARED:  # not checked: a conditional, said on whose word
            verb += "ria"
            reading = (f", na {SIMULATED}" if simulated_note(figure.note)
                       else ", segundo documento declarado (a conferir com o original)")
        reason = (f"{what.capitalize()} de {amount(value, unit, step, threshold)} {verb} ao exigido "
                  f"({required}){reading}; margem de {margin_text} ({pct(margin_pct)}).")
    else:
        unc = figure.uncertainty
        shown = ((lambda x: fmt(whole(x))) if unit in COUNT_UNITS
                 else (lambda x: amount(x, unit)) if unit == "BRL" else fmt)
        words = "" if unit == "BRL" else f" {unit}"
        est = (with_margin(value, unc, shown, words) if unc
               else f"{shown(value)} (sem incerteza declarada){words}")
        proof = (f"é preciso o número certificado {_by(certifier)}"
                 if certifier else "o número fica a comprovar (a lei não indica o órgão que o "
                                   "apura)")
        reason = (f"{what.capitalize()}: estimativa de {est}; exigido {required}. Valor "
                  f"estimado não decide o requisito: {proof}.")
        if lean == Lean.LIKELY_PASS:
            reason += " A estimativa supera o limite por mais que sua incerteza: provável atendimento."
        elif lean == Lean.LIKELY_FAIL:
            reason += " A estimativa fica abaixo do limite por mais que sua incerteza: provável não atendimento."
        else:
            reason += " A diferença para o limite está dentro da incerteza: sem tendência."
    extra = {"texto_legal": ref["texto_legal"]}
    if figure is not None and figure.note:
        extra["nota"] = figure.note
    if figure is not None and figure.uncertainty is not None:
        extra["incerteza"] = figure.uncertainty
    if step is not None:
        extra["precisao"] = step
    extra.update(details or {})
    return RuleResult(
        rule_id=rule_id, title=title, status=status, reason=reason, article=ref["article"],
        subject=subject, value=value, threshold=threshold if threshold == threshold else None,
        comparator=comparator, unit=unit, margin=margin, margin_pct=margin_pct, basis=basis,
        lean=lean, source="" if figure is None else figure.source,
        vintage="" if figure is None else figure.vintage, certifier=certifier, details=extra)


def combine(statuses: list[Status]) -> Status:
    """Combine sub-checks: any fail → fail; all pass → pass; not_applicable ignored; else indeterminate."""
    live = [s for s in statuses if s != Status.NOT_APPLICABLE]
    if not live:
        return Status.NOT_APPLICABLE
    if Status.FAIL in live:
        return Status.FAIL
    if all(s == Status.PASS for s in live):
        return Status.PASS
    return Status.INDETERMINATE


def combine_lean(results: list[RuleResult]) -> Lean | None:
    """Lean of a combined indeterminate result: likely fail if any sub-check leans fail;
    likely pass if every undecided sub-check leans pass; otherwise none."""
    open_ = [r for r in results if r.status == Status.INDETERMINATE]
    if not open_:
        return None
    if any(r.lean == Lean.LIKELY_FAIL for r in open_):
        return Lean.LIKELY_FAIL
    if all(r.lean == Lean.LIKELY_PASS for r in open_):
        return Lean.LIKELY_PASS
    return None


def simple(rule_id: str, title: str, status: Status, reason: str, **fields: Any) -> RuleResult:
    """A non-numeric (or count-of-facts) result with the article citation and law text filled in."""
    ref = law_ref(rule_id)
    details = {"texto_legal": ref["texto_legal"], **fields.pop("details", {})}
    return RuleResult(rule_id=rule_id, title=title, status=status, reason=reason,
                      article=ref["article"], details=details, **fields)


def not_applicable(rule_id: str, title: str, reason: str) -> RuleResult:
    """A rule that does not apply to this operation, with the reason."""
    return simple(rule_id, title, Status.NOT_APPLICABLE, reason)
