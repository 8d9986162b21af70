"""The one conclusion line every document prints: verdict, basis, constitutional bar.

A conclusion line is the verdict phrased for the operation (:data:`VERDICT_PHRASES`, one
dict keyed by operation, from what each operation declares), then the qualification of what the verdict rests on
(:func:`qualification`: the study's certification state), then the constitutional bar of
CF art. 18 § 4 (:func:`viabilidade.report.frame.bar_clause`), e.g. "Viável perante a LC nº
2/1990; estudo preliminar; a criação está vedada enquanto não editada a lei complementar
federal (CF, art. 18, § 4º)." The study's cover and conclusion, slide 1 of the deck, the
batch index and the explorer all print :func:`analysis_conclusion`; the audit and the
screening print :func:`conclusion_line` for their own kind. No document prints a bare
"VIÁVEL".
"""

from __future__ import annotations

import datetime as dt
import re

from ..operations import REGISTRY, operation_of
from ..operations.base import BEFORE_THE_LAW
from ..rules.art7 import VOID_KEY, hypothesis
from ..rules.certification import PLEBISCITE_RULES, result_settled
from ..rules.certification import qualification as certification_qualification
from ..rules.result import Basis, Status, Verdict, deciding_basis
from .frame import bar_clause, creation_law_date, explicit_creation_year
from .writers.format import sentence
from .writers.tables import Html, esc

#: How a qualification naming a threshold that is not the law's starts
#: (:func:`viabilidade.rules.certification.altered_clause`).
ALTERED = "com limiar"

#: Verdict phrasing by operation code (what the verdict is "perante"), lower case, no final
#: stop: each operation declares its own (:attr:`viabilidade.operations.Operation.conclusion`).
VERDICT_PHRASES: dict[str, dict[Verdict, str]] = {
    code: dict(op.conclusion) for code, op in REGISTRY.items()}


def verdict_phrase(operation: str, verdict: Verdict | str) -> str:
    """The verdict in words for an operation (``"viável perante a LC nº 2/1990"``).

    Raises ``KeyError`` for an operation with no phrasing.
    """
    return VERDICT_PHRASES[operation][Verdict(verdict)]


def _phrase(operation: str, verdict: Verdict | str, qualification: str) -> str:
    """:func:`verdict_phrase`, without "perante a LC nº 2/1990" when the qualification says a
    threshold is not the law's (:data:`ALTERED`): the verdict is then on the user's threshold."""
    phrase = verdict_phrase(operation, verdict)
    if qualification.startswith(ALTERED):
        phrase = phrase.replace(f" {BEFORE_THE_LAW}", "")
    return phrase


#: The strongest true conclusion of a creation, fusion, incorporation or transfer today: every
#: requirement of LC 02/1990 before the plebiscite met on documents checked against their
#: originals, while CF art. 18 § 4 bars the operation (the bar clause follows).
#: ``{arts}`` names the articles whose requirements are met ("dos arts. 2º e 4º"): the
#: plebiscite of art. 7 is a requirement of the law too and is never counted as met.
PROVEN = "requisitos {arts} da LC nº 2/1990 comprovados por documentos conferidos com os originais"
#: The same on documents declared in the candidate file and not yet checked.
DECLARED_PROVEN = ("requisitos {arts} da LC nº 2/1990 atendidos conforme documentos declarados "
                   "(a conferir com os originais)")


def _articles(results) -> str:
    """``"dos arts. 2º e 4º"`` / ``"do art. 2º"``: the articles of the rules ``results``; an
    article met only through a paragraph is named with it, ``"do art. 5º, § 1º,"`` (legal
    review 15:44, item 2: a transfer's "requisitos do art. 5º" while art. 5's head, the
    plebiscite, was not met)."""
    pars: dict[int, list[int]] = {}
    whole: set[int] = set()
    for r in results:
        m = re.match(r"art(\d+)(?:\.par(\d+)$)?", r.rule_id)
        if m is None:
            continue
        n = int(m.group(1))
        pars.setdefault(n, [])
        if m.group(2) is None:
            whole.add(n)
        elif int(m.group(2)) not in pars[n]:
            pars[n].append(int(m.group(2)))
    def ordinal(n: int) -> str:  # "art. 5º", "art. 10" (LC 95/1998, art. 10, I)
        return f"{n}º" if n < 10 else str(n)

    names = [ordinal(n) if n in whole else f"{ordinal(n)}, " + " e ".join(f"§ {ordinal(p)}"
                                                                          for p in ps)
             for n, ps in pars.items()]
    comma = "," if "§" in names[-1] else ""
    if len(names) == 1:
        return f"do art. {names[0]}{comma}"
    return "dos arts. " + ", ".join(names[:-1]) + f" e {names[-1]}{comma}"


def barred_standing(analysis) -> str:
    """For an operation CF art. 18 § 4 bars (:attr:`~viabilidade.operations.Operation.barred`)
    : :data:`PROVEN` (naming the articles met) when every applicable requirement but the
    plebiscite is met and settled on checked documents (:func:`result_settled`),
    :data:`DECLARED_PROVEN` when they are met and what is unsettled rests only on declared
    documents; else ``""`` (the verdict's own phrase, never "viável": a recorded plebiscite is
    "sem efeito", in the ``federal_law`` hypothesis too, legal review 15:44 item 1, and the
    verdict cannot be ``viável``). A plebiscite recorded "sem efeito" is said after it by the
    conclusion line (:func:`void_plebiscite`)."""
    op = operation_of(analysis.candidate)
    if not op.barred:
        return ""
    needs = [r for r in analysis.results if Status(r.status) != Status.NOT_APPLICABLE
             and r.rule_id not in PLEBISCITE_RULES]
    if not needs or any(Status(r.status) != Status.PASS for r in needs):
        return ""
    if all(result_settled(r) for r in needs):
        standing = PROVEN
    elif all(result_settled(r) or deciding_basis(r) == Basis.DECLARED for r in needs):
        standing = DECLARED_PROVEN
    else:
        return ""
    return standing.format(arts=_articles(needs))


def void_plebiscite(analysis) -> str:
    """``"plebiscito sem efeito (…)"`` with the label of the record's plebiscite when it has no
    effect (:func:`viabilidade.proposal.record.plebiscite_void`: without the federal law, or
    held before it and the study in the ``federal_law`` hypothesis), whatever the verdict (an
    indeterminate study says it too); else ``""``."""
    for r in analysis.results:
        if r.rule_id in PLEBISCITE_RULES and (r.details or {}).get(VOID_KEY):
            return f"plebiscito {r.details['rotulo_situacao']}"
    return ""


def assumed_clause(analysis) -> str:
    """The ``federal_law`` hypothesis and the hypothesised law's own result, for the
    conclusion line (legal review 15:44, item 1): ``"na hipótese da lei complementar federal
    suposta (PLP nº 137/2015 …), a proposta não cumpre o PLP 137/2015: população da área
    proposta (3.102 habitantes; exigido no mínimo 6.000)"``
    (:func:`viabilidade.report.other_rules.hypothesis_outcome`); ``""`` without the setting or
    for an operation CF art. 18 § 4 does not bar."""
    from .other_rules import hypothesis_outcome

    assumed = hypothesis(analysis.settings)
    if not assumed or not operation_of(analysis.candidate).barred:
        return ""
    return f"{assumed}, a proposta {hypothesis_outcome(analysis)}"


#: The qualification's opening when the verdict rests on published data
#: (:func:`viabilidade.rules.certification.qualification`): it qualifies the verdict itself.
ON_PUBLISHED = "nos dados publicados"


def _on_basis(phrase: str, qualification: str) -> tuple[str, str]:
    """``("Inviável perante a LC nº 2/1990 nos dados publicados", "estudo preliminar, …")``:
    the basis of the verdict joins its phrase, as the screening's "inviável nos dados
    publicados" does; it was a clause of its own ("…2/1990; nos dados publicados; estudo
    preliminar", a stray fragment to the batch analyst)."""
    head, sep, rest = qualification.partition("; ")
    if head == ON_PUBLISHED:
        return f"{phrase} {ON_PUBLISHED}", rest
    if qualification == ON_PUBLISHED:
        return f"{phrase} {ON_PUBLISHED}", ""
    return phrase, qualification


def conclusion_line(operation: str, verdict: Verdict | str, *, qualification: str = "",
                    year: int | None = None, law_date: dt.date | None = None,
                    standing: str = "", assumed: str = "", plebiscite: str = "",
                    installed: bool = False) -> str:
    """The conclusion line: verdict phrase; void plebiscite; qualification; constitutional bar.

    Parameters
    ----------
    operation : str
        The candidate's operation (:data:`viabilidade.proposal.candidate.OPERATIONS`).
    verdict : Verdict or str
        ``"viável"``, ``"inviável"`` or ``"indeterminado"``.
    qualification : str
        What the verdict rests on (``"estudo preliminar"``; the basis wording of the figures),
        lower case; omitted when empty.
    year, law_date : optional
        A retrospective creation law (:func:`viabilidade.report.frame.bar_clause`).
    standing : str
        :func:`barred_standing`: replaces the verdict's phrase (a barred operation whose
        requirements are met).
    assumed : str
        The ``federal_law`` hypothesis and the hypothesised law's own result
        (:func:`assumed_clause`), a clause of its own after the verdict: the hypothesis never
        makes the verdict under LC 02/1990 "viável" (a recorded plebiscite stays "sem efeito").
    plebiscite : str
        :func:`void_plebiscite`, said right after the verdict.
    installed : bool
        An installed municipality (art. 21): the bar names the extinction of art. 8
        (:func:`viabilidade.report.frame.bar_clause`).

    Returns
    -------
    str
        One sentence, capitalised, with a final stop.
    """
    phrase, qualification = _on_basis(standing or _phrase(operation, verdict, qualification),
                                      qualification)
    if qualification.startswith(ALTERED):     # "inviável com limiar alterado — …"
        phrase, qualification = f"{phrase} {qualification}", ""
    parts = [phrase, assumed, plebiscite, qualification,
             bar_clause(operation, year=year, law_date=law_date, installed=installed)]
    return sentence("; ".join(p for p in parts if p))


def short_conclusion_line(operation: str, verdict: Verdict | str, *,
                          qualification: str = "", standing: str = "", assumed: str = "",
                          plebiscite: str = "") -> str:
    """The conclusion line without its constitutional bar: verdict phrase; qualification.

    For a table that states the bar once above its rows (the batch index): a row then
    holds ``"Viável perante a LC nº 2/1990; estudo preliminar."`` and the page the bar
    (:func:`viabilidade.report.frame.bar_clause`) once. Never printed alone: whoever prints
    it prints the bar too.

    Parameters
    ----------
    operation, verdict, qualification
        As :func:`conclusion_line` takes them.

    Returns
    -------
    str
        One sentence, capitalised, with a final stop.
    """
    phrase, qualification = _on_basis(standing or verdict_phrase(operation, verdict),
                                      qualification)
    parts = [phrase, assumed, plebiscite, qualification]
    return sentence("; ".join(p for p in parts if p))


def conclusion_html(operation: str, verdict: Verdict | str, *, qualification: str = "",
                    year: int | None = None, law_date: dt.date | None = None,
                    standing: str = "", assumed: str = "", plebiscite: str = "",
                    installed: bool = False) -> Html:
    """:func:`conclusion_line` as HTML: the verdict phrase in the coloured ``veredito`` badge,
    the rest as text (same words)."""
    v = Verdict(verdict)
    line = conclusion_line(operation, v, qualification=qualification, year=year, law_date=law_date,
                           standing=standing, assumed=assumed, plebiscite=plebiscite,
                           installed=installed)
    n = len(_on_basis(standing or _phrase(operation, v, qualification), qualification)[0])
    if line[n:n + 1] in (";", ".", ","):
        n += 1  # the badge's padding would print "LC nº 2/1990 ;" (legal item 4)
    return Html(f'<strong class="veredito v-{esc(v.value)}">{esc(line[:n])}</strong>{esc(line[n:])}')


def qualification(analysis) -> str:
    """What a study's verdict rests on (:func:`viabilidade.rules.certification.qualification`):
    ``"estudo conclusivo"``; ``"estudo preliminar, pendente de certificação e de documentos"``;
    ``"nos dados publicados; estudo preliminar, pendente de certificação"`` when the verdict
    rests on published data (a requirement met only on the Censo, TSE or SEFAZ-GO tables);
    thresholds other than the law's (``analysis.settings``) and what-if values are named."""
    text = certification_qualification(analysis.results, analysis.candidate, analysis.settings)
    reading = operation_of(analysis.candidate).verdict_reading
    if reading is not None:  # the art. 6 correction's tolerance
        text = "; ".join(t for t in (text, reading(analysis.settings)) if t)
    return text


def _study(analysis) -> dict:
    op = operation_of(analysis.candidate)
    return {"qualification": qualification(analysis), "year": explicit_creation_year(analysis),
            "law_date": creation_law_date(analysis), "standing": barred_standing(analysis),
            "assumed": assumed_clause(analysis),
            "plebiscite": void_plebiscite(analysis), "installed": op.installed}


def analysis_conclusion(analysis) -> str:
    """:func:`conclusion_line` for one study (operation, verdict, qualification, law date)."""
    return conclusion_line(analysis.candidate.operation, analysis.verdict, **_study(analysis))


def analysis_short_conclusion(analysis) -> str:
    """:func:`short_conclusion_line` for one study; its bar is
    :func:`viabilidade.report.frame.study_bar_clause`."""
    study = _study(analysis)
    return short_conclusion_line(analysis.candidate.operation, analysis.verdict,
                                 qualification=study["qualification"], standing=study["standing"],
                                 assumed=study["assumed"], plebiscite=study["plebiscite"])


def analysis_conclusion_html(analysis) -> Html:
    """:func:`conclusion_html` for one study."""
    return conclusion_html(analysis.candidate.operation, analysis.verdict, **_study(analysis))


__all__ = ["DECLARED_PROVEN", "PROVEN", "assumed_clause", "barred_standing", "void_plebiscite", "VERDICT_PHRASES", "verdict_phrase", "conclusion_line", "short_conclusion_line",
           "conclusion_html", "qualification", "analysis_conclusion",
           "analysis_short_conclusion", "analysis_conclusion_html"]
