"""Brazilian Portuguese formatting of numbers, money, percentages, dates and rule labels.

Every number a study prints goes through this module, so that ``3010`` always reads
``3.010``, money ``R$ 2.760.601,80`` and dates ``1º de janeiro de 2029``. Formatting is
done with Babel's ``pt_BR`` locale data (CLDR); nothing here depends on the machine's locale.
"""

from __future__ import annotations

import datetime as dt
import math
import re

from babel.dates import format_date
from babel.numbers import format_currency

from ...common.numbers import MINUS, decimal  # noqa: F401 (MINUS: this module's users)
from ...common.precision import AREA_KM2, rounded
from ...common import text as _text
from ...rules.art6 import DOCUMENTED
from ...data.sources import sourced_basis_words
from ...rules.art7 import VOID_KEY
from ...rules.common import with_margin
from ...rules.result import (SIMULATED, BASIS_WORDS, Basis, Lean, Status, Verdict, on_hypothetical_data,
                            simulated_note,
                            on_declared_documents, on_measured_data, on_simulated_act,
                            on_published_data)

LOCALE = "pt_BR"
NBSP = "\u00a0"

STATUS_LABELS = {
    Status.PASS: "cumprido",
    Status.FAIL: "não cumprido",
    Status.INDETERMINATE: "indeterminado",
    Status.NOT_APPLICABLE: "não se aplica",
}
#: The lean of an estimate: never "cumprido" (a requirement is met only on a certificate or a
#: document; legal review 3, finding 2), the words the running text uses.
LEAN_LABELS = {
    Lean.LIKELY_PASS: "provável atendimento",
    Lean.LIKELY_FAIL: "provável não atendimento",
}
BASIS_LABELS = BASIS_WORDS
VERDICT_LABELS = {
    Verdict.VIAVEL: "viável",
    Verdict.INVIAVEL: "inviável",
    Verdict.INDETERMINADO: "indeterminado",
}
#: A requirement decided on an official published table (Censo, TSE, SEFAZ-GO), not on a
#: certificate of art. 4 § 2: never plain "cumprido" (:func:`status_label` with ``basis``).
PUBLISHED_LABELS = {
    Status.PASS: "atingido nos dados publicados (a certificar)",
    Status.FAIL: "não atingido nos dados publicados",
}
#: A requirement decided on a what-if value typed in the explorer, not on the data
#: (:func:`viabilidade.rules.result.on_hypothetical_data`).
HYPOTHETICAL_LABELS = {
    Status.PASS: "atingido com valor hipotético",
    Status.FAIL: "não atingido com valor hipotético",
}
#: A requirement decided on the tool's own measurement (geometry), not on a certificate.
#: A requirement decided on a document declared in the candidate file and not checked against
#: its original (:func:`viabilidade.rules.result.on_declared_documents`): never "cumprido".
DECLARED_LABELS = {
    Status.PASS: "conforme documento declarado (a conferir com o original)",
    Status.FAIL: "não cumprido conforme documento declarado (a conferir com o original)",
}
#: A requirement decided on an act dated after today, in a study dated later still
#: (:func:`viabilidade.rules.result.on_simulated_act`): a hypothesis of the simulation, neither
#: "cumprido" nor "conforme documento declarado" (final legal read, item 1). Counted apart
#: with :data:`SIMULATED_BASIS`.
SIMULATED_BASIS = "simulado"
SIMULATED_LABELS = {
    Status.PASS: f"atingido na {SIMULATED}",
    Status.FAIL: f"não atingido na {SIMULATED}",
}
SIMULATED_PLURAL = {
    Status.PASS: f"atingidos na {SIMULATED}",
    Status.FAIL: f"não atingidos na {SIMULATED}",
}
MEASURED_LABELS = {
    Status.PASS: "atingido na medição",
    Status.FAIL: "não atingido na medição",
}
DECLARED_PLURAL = {
    Status.PASS: "conforme documentos declarados (a conferir com os originais)",
    Status.FAIL: "não cumpridos conforme documentos declarados (a conferir com os originais)",
}
MEASURED_PLURAL = {
    Status.PASS: "atingidos na medição",
    Status.FAIL: "não atingidos na medição",
}
#: Added to a measured pass when the law gives the figure to a body (art. 4 § 2: item II to
#: the IBGE): the measurement stands in for the certificate still to come.
TO_CERTIFY = " (a certificar)"
PUBLISHED_PLURAL = {
    Status.PASS: "atingidos nos dados publicados (a certificar)",
    Status.FAIL: "não atingidos nos dados publicados",
}
#: Status labels agreeing with a plural masculine noun (``"2 requisitos cumpridos"``).
STATUS_PLURAL = {
    Status.PASS: "cumpridos",
    Status.FAIL: "não cumpridos",
    Status.INDETERMINATE: "indeterminados",
    Status.NOT_APPLICABLE: "não se aplicam",
}
_ISO_DATE_IN_TEXT = re.compile(r"(?<![\d/-])(\d{4})-(\d{2})-(\d{2})(?![\d-])")
COMPARATOR_LABELS = {
    ">": "mais de",
    ">=": "no mínimo",
    "<": "menos de",
    "<=": "no máximo",
    "==": "igual a",
    "!=": "diferente de",
}
#: Units as printed after a number (money is handled by :func:`money`).
UNIT_LABELS = {
    "habitantes": "habitantes",
    "eleitores": "eleitores",
    "edificações": "edificações",
    "assinaturas": "assinaturas",
    "votos": "votos",
    "m": "m",
    "km²": "km²",
    "%": "%",
}


def number(value: float | int | None, decimals: int | None = None) -> str:
    """Format a number the Brazilian way: ``3010`` -> ``"3.010"``, ``1.5`` -> ``"1,5"``.

    Parameters
    ----------
    value : float, int or None
        The number. ``None`` and NaN give ``"—"`` (an em dash: no figure).
    decimals : int, optional
        Fixed number of decimals; by default whole numbers print without decimals and
        others with up to two.

    Returns
    -------
    str
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if decimals is not None:
        return decimal(value, decimals)
    # Typographic minus sign (U+2212), not a hyphen, before negative numbers (decimal's default).
    return decimal(int(round(value))) if float(value).is_integer() else decimal(value, 0, 2)


#: pt-BR enumeration, "a, b e c" (:func:`viabilidade.common.text.and_list`, the one
#: definition, which the lower floors use too), here for the report's callers.
and_list = _text.and_list


def count(n: int, singular: str, plural: str | None = None) -> str:
    """A count with its noun in agreement: ``(1, "requisito")`` -> ``"1 requisito"``,
    ``(11, "requisito")`` -> ``"11 requisitos"``, ``(10812, "eleitor", "eleitores")`` ->
    ``"10.812 eleitores"``. The plural defaults to ``singular + "s"``."""
    noun = singular if abs(n) == 1 else (plural or singular + "s")
    return f"{number(n)} {noun}"


#: The :func:`result_counts` basis of a plebiscite rule "sem efeito" without the federal law
#: (``details[rules.art7.VOID_KEY]``): counted apart, never with the undecided (legal review
#: item 1), with the words of :data:`VOID_LABEL` (singular and plural alike).
VOID_BASIS = "sem_efeito"
VOID_LABEL = "sem efeito (sem a lei complementar federal)"
#: The :func:`result_counts` basis of art. 6's acts declared in the candidate file
#: (``details["rotulo_situacao"]`` :data:`viabilidade.rules.art6.DOCUMENTED`): counted with
#: the rule's own word, never under "indeterminado" (legal review 15:44, item 8).
DOCUMENTED_BASIS = "documentado"
DOCUMENTED_PLURAL = "documentados (a conferir com os originais)"


def status_tally(counts: dict) -> str:
    """Counts of rule statuses in agreement: ``"2 requisitos cumpridos; 11 indeterminados"``.

    Parameters
    ----------
    counts : dict
        :class:`Status` (or its value) -> number of results; zero counts are left out. The
        noun ``requisito(s)`` is written once, after the first count. A key may also be a
        pair ``(status, basis)`` as :func:`result_counts` gives: a pass or fail on
        published data is counted with its own words.
    """
    parts = []
    for key, n in counts.items():
        if not n:
            continue
        status, basis = key if isinstance(key, tuple) else (key, None)
        label = status_label(status, basis=basis) if n == 1 else status_plural(status, basis)
        noun = ("requisito " if n == 1 else "requisitos ") if not parts else ""
        parts.append(f"{number(n)} {noun}{label}")
    return "; ".join(parts)


def status_plural(status: Status | str, basis: Basis | str | None = None) -> str:
    """Plural of :func:`status_label` (no lean): ``"cumpridos"``, ``"atingidos nos dados
    publicados (a certificar)"``."""
    if basis == VOID_BASIS:
        return VOID_LABEL
    if basis == DOCUMENTED_BASIS:
        return DOCUMENTED_PLURAL
    s = Status(status)
    if basis == SIMULATED_BASIS and s in SIMULATED_PLURAL:
        return SIMULATED_PLURAL[s]
    if basis is not None and Basis(basis) == Basis.PUBLISHED and s in PUBLISHED_PLURAL:
        return PUBLISHED_PLURAL[s]
    if basis is not None and Basis(basis) == Basis.MEASURED and s in MEASURED_PLURAL:
        return MEASURED_PLURAL[s]
    if basis is not None and Basis(basis) == Basis.DECLARED and s in DECLARED_PLURAL:
        return DECLARED_PLURAL[s]
    return STATUS_PLURAL[s]


def result_counts(results) -> dict:
    """How many results have each label, in the order cumprido, atingido nos dados publicados,
    não cumprido, não atingido nos dados publicados, indeterminado, não se aplica.

    Returns
    -------
    dict
        ``(Status, Basis or None)`` -> count (zero counts kept), for :func:`status_tally`;
        the basis is :data:`Basis.PUBLISHED` exactly for the results decided on published
        data (:func:`viabilidade.rules.result.on_published_data`), :data:`Basis.MEASURED` for
        those decided on the tool's measurement (:func:`~viabilidade.rules.result.on_measured_data`),
        :data:`Basis.DECLARED` for those on documents not checked against their originals
        (:func:`~viabilidade.rules.result.on_declared_documents`), else ``None``.
    """
    keys = [(Status.PASS, None), (Status.PASS, Basis.DECLARED), (Status.PASS, SIMULATED_BASIS),
            (Status.PASS, Basis.PUBLISHED), (Status.PASS, Basis.MEASURED), (Status.FAIL, None),
            (Status.FAIL, Basis.DECLARED), (Status.FAIL, SIMULATED_BASIS),
            (Status.FAIL, Basis.PUBLISHED), (Status.FAIL, Basis.MEASURED),
            (Status.INDETERMINATE, VOID_BASIS), (Status.INDETERMINATE, DOCUMENTED_BASIS),
            (Status.INDETERMINATE, None), (Status.NOT_APPLICABLE, None)]
    counts = dict.fromkeys(keys, 0)
    for r in results:
        details = r.details if isinstance(r.details, dict) else {}
        if details.get(VOID_KEY):
            counts[(Status.INDETERMINATE, VOID_BASIS)] += 1
            continue
        if details.get("rotulo_situacao") == DOCUMENTED and Status(r.status) == Status.INDETERMINATE:
            counts[(Status.INDETERMINATE, DOCUMENTED_BASIS)] += 1
            continue
        counts[(Status(r.status), _label_basis(r))] += 1
    return counts


def dates_in_text(text: str | None) -> str:
    """Rewrite ISO dates inside a text as ``dd/mm/aaaa``: ``"IBGE (2022-08-01)"`` ->
    ``"IBGE (01/08/2022)"``. Other text is left unchanged; ``None`` gives ``""``."""
    if not text:
        return text or ""
    return _ISO_DATE_IN_TEXT.sub(lambda m: f"{m.group(3)}/{m.group(2)}/{m.group(1)}", str(text))


def money(value: float | None, year: int | str | None = None) -> str:
    """Format an amount in reais: ``2760601.8`` -> ``"R$ 2.760.601,80"`` (non-breaking space).

    Parameters
    ----------
    value : float or None
        Amount in BRL; ``None`` gives ``"—"``.
    year : int or str, optional
        Year of the money (nominal BRL of that year), appended as ``"(2022)"``.
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    text = format_currency(value, "BRL", locale=LOCALE)
    return f"{text} ({year})" if year is not None else text


#: Step of an estimated amount in reais, in millions (0,01 milhão = R$ 10 mil) and in thousands
#: (R$ 1 mil): an estimate is printed "cerca de R$ 2,48 milhões", never to the centavo (legal
#: review 3, finding 4).
MONEY_MILLIONS_STEP = 0.01
MONEY_THOUSANDS_STEP = 1.0


def money_about(value: float | None, pivot: float | None = None) -> str:
    """An estimated or approximate amount in reais, without centavos, after "cerca de":
    R$ 1 milhão or more in millions to two decimals (``2478979.43`` -> ``"cerca de R$ 2,48
    milhões"``; below two, singular: ``1034018.51`` -> ``"cerca de R$ 1,03 milhão"``), less in whole thousands (``173528.56`` -> ``"cerca de R$ 174 mil"``), under
    R$ 1 mil in whole reais. ``pivot`` (a threshold, or the value compared with one) keeps the
    printed amount on its side of it, the step refined as needed
    (:func:`viabilidade.common.precision.rounded`): a limit of R$ 2.900.224,28 against a value
    of R$ 2.900.100,00 reads ``"cerca de R$ 2,9002 milhões"``, never ``"2,90"``. ``None`` or NaN
    gives ``"—"``."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    sign = MINUS if value < 0 else ""
    size = abs(value)
    if size >= 999_995:
        scale, step, word = 1e6, MONEY_MILLIONS_STEP, "milhões"
    elif size >= 999.5:
        scale, step, word = 1e3, MONEY_THOUSANDS_STEP, "mil"
    else:
        scale, step, word = 1.0, 1.0, ""
    piv = None if pivot is None else abs(pivot) / scale
    shown, decimals = rounded(size / scale, step, piv)
    if word == "milhões" and shown < 2:
        word = "milhão"  # "R$ 1,03 milhão": singular below two, as the press and the norm write it
    text = decimal(shown, decimals or 0)
    return f"cerca de {sign}R${NBSP}{text}" + (f"{NBSP}{word}" if word else "")


def percent(value: float | None, decimals: int = 2) -> str:
    """Format a percentage already multiplied by 100: ``1.5`` -> ``"1,50 %"``.

    One rule for the whole study: two decimals unless told otherwise.
    ``None`` gives ``"—"``. The sign is kept (``−12,30 %``); a non-breaking space
    separates the number from ``%`` as in ABNT usage.
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    return f"{number(value, decimals)}{NBSP}%"


def _ordinal_day(day: int) -> str:
    return "1º" if day == 1 else str(day)


def date_long(value: dt.date | None) -> str:
    """Long date in Portuguese: ``2029-01-01`` -> ``"1º de janeiro de 2029"``.

    The first day of a month is written as an ordinal (``1º``), as Brazilian legal texts do.
    ``None`` gives ``"—"``.
    """
    if value is None:
        return "—"
    month_year = format_date(value, "MMMM 'de' y", locale=LOCALE)
    return f"{_ordinal_day(value.day)} de {month_year}"


def date_short(value: dt.date | None) -> str:
    """Short date: ``2029-01-01`` -> ``"01/01/2029"``; ``None`` gives ``"—"``."""
    if value is None:
        return "—"
    return format_date(value, "dd/MM/yyyy", locale=LOCALE)


def status_label(status: Status | str, lean: Lean | str | None = None,
                 basis: Basis | str | None = None) -> str:
    """Portuguese label of a rule status, with its lean when indeterminate.

    ``("indeterminate", "likely pass")`` -> ``"indeterminado (provável atendimento)"``.
    With ``basis="published"`` (the requirement was decided on an official published table,
    not on a certificate) a pass reads ``"atingido nos dados publicados (a certificar)"`` and
    a fail ``"não atingido nos dados publicados"``; with ``basis="measured"`` (the tool's own
    geometry) ``"atingido na medição"`` / ``"não atingido na medição"``: the one place every document, the batch
    index, the audit, the screening, the explorer and the slides take these words from
    (:func:`result_status_label` for a :class:`RuleResult`).

    Raises
    ------
    ValueError
        If ``status``, ``lean`` or ``basis`` is not one of the enum values.
    """
    if basis == VOID_BASIS:
        return VOID_LABEL
    if basis == DOCUMENTED_BASIS:
        return DOCUMENTED
    if basis == SIMULATED_BASIS and Status(status) in SIMULATED_LABELS:
        return SIMULATED_LABELS[Status(status)]
    if basis is not None and str(basis) != "" and Basis(basis) == Basis.PUBLISHED \
            and Status(status) in PUBLISHED_LABELS:
        return PUBLISHED_LABELS[Status(status)]
    if basis is not None and str(basis) != "" and Basis(basis) == Basis.MEASURED \
            and Status(status) in MEASURED_LABELS:
        return MEASURED_LABELS[Status(status)]
    if basis is not None and str(basis) != "" and Basis(basis) == Basis.DECLARED \
            and Status(status) in DECLARED_LABELS:
        return DECLARED_LABELS[Status(status)]
    label = STATUS_LABELS[Status(status)]
    if lean is not None and Status(status) == Status.INDETERMINATE:
        label = f"{label} ({LEAN_LABELS[Lean(lean)]})"
    return label


def result_status_label(result) -> str:
    """:func:`status_label` of a :class:`~viabilidade.rules.result.RuleResult`: its status,
    lean and the basis of the figures that decide it
    (:func:`viabilidade.rules.result.deciding_basis`)."""
    if on_hypothetical_data(result):
        return HYPOTHETICAL_LABELS[Status(result.status)]
    details = result.details if isinstance(result.details, dict) else {}
    if details.get("rotulo_situacao"):  # a rule's own word (art. 6: "documentado (a conferir …)")
        return details["rotulo_situacao"]
    basis = _label_basis(result)
    label = status_label(result.status, result.lean, basis)
    if basis == Basis.MEASURED and Status(result.status) == Status.PASS and _to_certify(result):
        label += TO_CERTIFY
    return label


def note_basis(basis: Basis | str | None, note: str | None) -> Basis | str | None:
    """The :func:`status_label` basis of a figure stored apart from its result (a
    sub-check's ``base_decisiva``, art. 4 VI's ``edificacoes_base``) with its ``note``:
    :data:`SIMULATED_BASIS` for a declared figure of an act dated after today (its note
    carries :data:`~viabilidade.rules.result.SIMULATED`), else ``basis`` (``""`` → ``None``)."""
    if basis and str(basis) == Basis.DECLARED.value and simulated_note(note):
        return SIMULATED_BASIS
    return basis or None


def _label_basis(result) -> Basis | None:
    """The basis a result's label speaks of: published or measured data, else ``None``
    ("cumprido" / "não cumprido": a certificate or a document)."""
    if on_published_data(result):
        return Basis.PUBLISHED
    if on_simulated_act(result):
        return SIMULATED_BASIS
    if on_declared_documents(result):
        return Basis.DECLARED
    return Basis.MEASURED if on_measured_data(result) else None


def _to_certify(result) -> bool:
    """Whether art. 4 § 2 gives the measured figure to a body (item II: the IBGE)."""
    from ...rules.certification import NAMED_ITEMS

    parts = str(result.rule_id).split(".")
    return parts[0] == "art4" and len(parts) > 1 and parts[1] in NAMED_ITEMS


def lean_label(lean: Lean | str | None) -> str:
    """Portuguese label of a lean; ``None`` gives ``""``."""
    return "" if lean is None else LEAN_LABELS[Lean(lean)]


def basis_label(basis: Basis | str | None, value: object = True, note: str | None = None,
                source: str | None = None) -> str:
    """Portuguese label of a basis (``"certificado"``, ``"publicado"``, ``"medido"``, ``"estimado"``).

    ``value`` is the figure the basis qualifies: when it is ``None`` (no figure) the label is
    ``"sem dado"``, since there is nothing certified, measured or estimated. ``note`` is the
    figure's note: a declared figure whose note carries
    :data:`~viabilidade.rules.result.SIMULATED` (an act dated after today) is
    :data:`SIMULATED_BASIS_LABEL`, never "documento declarado" (legal10 S2). ``source`` is the
    figure's citation: a published figure read from an unchecked third-party copy (the store's
    provenance, :func:`viabilidade.data.sources.sourced_basis_words`) is ``"publicado (cópia não
    conferida)"`` (legal11 S1).
    """
    if value is None:
        return "sem dado"
    if note_basis(basis, note) == SIMULATED_BASIS:
        return SIMULATED_BASIS_LABEL
    return "—" if basis is None else sourced_basis_words(basis, source)


#: The "Base" of a value read from an act dated after today (a simulation's hypothesis).
SIMULATED_BASIS_LABEL = "hipótese da simulação"


def result_basis_label(result, value: object = True) -> str:
    """The "Base" of a result's value, as every quadro prints it: :data:`SIMULATED_BASIS_LABEL`
    when it rests on an act dated after today (:func:`~viabilidade.rules.result.on_simulated_act`;
    legal8 m1: the certified study and bill said "documento declarado" for the acts the cover
    calls hypotheses of the simulation), else :func:`basis_label` of its basis and ``value``."""
    if value is not None and on_simulated_act(result):
        return SIMULATED_BASIS_LABEL
    details = result.details if isinstance(result.details, dict) else {}
    return basis_label(result.basis, value, details.get("nota"), result.source)


def verdict_label(verdict: Verdict | str, feminine: bool = False) -> str:
    """Portuguese label of a verdict (``"viável"``, ``"inviável"``, ``"indeterminado"``).

    ``feminine=True`` agrees with a feminine noun (``"a proposta é indeterminada"``).
    """
    label = VERDICT_LABELS[Verdict(verdict)]
    return label[:-1] + "a" if feminine and label.endswith("o") else label


def comparator_label(comparator: str | None) -> str:
    """Words for a comparator: ``">"`` -> ``"mais de"``, ``">="`` -> ``"no mínimo"``."""
    if comparator is None:
        return "—"
    return COMPARATOR_LABELS.get(comparator, comparator)


def quantity(value: float | int | None, unit: str = "", decimals: int | None = None,
             precision: float | None = None, pivot: float | None = None) -> str:
    """A value with its unit: ``(3045, "habitantes")`` -> ``"3.045 habitantes"``.

    Money (``unit == "BRL"``) is formatted by :func:`money`; ``"%"`` by :func:`percent`;
    a year (``unit == "ano"``) prints bare (``2027``);
    metres of 1 000 or more are also shown in km (``"5.230 m (5,23 km)"``).
    ``precision`` is the step of the figure's data (:mod:`viabilidade.common.precision`),
    the printed value kept on its side of ``pivot`` (a threshold, 0 for a margin):
    ``(12753.88, "m", precision=10)`` -> ``"12.750 m (12,75 km)"``;
    ``(5996, "m", precision=10, pivot=6000)`` -> ``"5.996 m (5,996 km)"``.
    """
    if value is None:
        return "—"
    if unit == "BRL":
        return money(value)
    if unit == "%":
        return percent(value, 2 if decimals is None else decimals)
    if unit == "ano":
        return str(int(value))
    raw = value
    if precision is not None:
        value, decimals = rounded(value, precision, pivot)
    text = number(value, decimals)
    if unit == "m" and abs(value) >= 1000:
        km, km_decimals = rounded(raw / 1000, 0.01, None if pivot is None else pivot / 1000)
        return f"{text}{NBSP}m ({number(km, km_decimals)}{NBSP}km)"
    label = UNIT_LABELS.get(unit, unit)
    return f"{text}{NBSP}{label}" if label else text


#: Units that count things: an estimate of them is printed as a whole number.
COUNT_UNITS = {"habitantes", "eleitores", "edificações", "assinaturas", "votos"}


def estimate(value: float | int | None, unit: str = "", uncertainty: float | None = None,
             basis: Basis | str | None = None, precision: float | None = None,
             pivot: float | None = None, *, signed: bool = False) -> str:
    """A figure with its uncertainty: ``(1910.5, "eleitores", 397.8, "estimated")`` ->
    ``"1.911 ± 398 eleitores"``.

    Estimated counts (people, electors, buildings) are printed as whole numbers, since a
    fraction of an elector is not a quantity anyone can certify; other figures as
    :func:`quantity` (``precision`` and ``pivot`` as there; an area, in km², is printed to
    0,01 km² unless a step is given: a figure's value, not a threshold such as "1 km²").
    ``None`` gives ``"—"``. A margin of error larger than a non-negative value is no range
    below zero: ``(655, "edificações", 851, "estimated")`` -> ``"655 edificações (entre 0 e
    1.506; margem de erro maior que o valor)"``. A ``signed`` quantity (a margin, value minus
    threshold) may be negative: it keeps "±" ("+692 ± 1.353 habitantes" runs from −661).
    """
    if precision is None and unit == "km²":
        precision = AREA_KM2
    if value is None:
        return "—"
    whole = unit in COUNT_UNITS and basis is not None and Basis(basis) == Basis.ESTIMATED
    decimals = 0 if whole else None
    if whole:  # half up, as people round (Babel rounds half to even: 1910,5 -> 1910)
        value = math.floor(value + 0.5)
        uncertainty = math.floor(uncertainty + 0.5) if uncertainty else uncertainty
    if not uncertainty:
        return quantity(value, unit, decimals, precision, pivot)
    if unit in COUNT_UNITS:
        shown, words = (lambda x: number(x, decimals)), f"{NBSP}{UNIT_LABELS.get(unit, unit)}"
    else:
        shown, words = (lambda x: quantity(x, unit, decimals)), ""
    if signed:
        return f"{shown(value)} ± {shown(uncertainty)}{words}"
    # "655 ± 851 edificações" read down to -196: the rules' sentences and the tables word a
    # margin of error larger than the value alike (legal11 M9)
    return with_margin(value, uncertainty, shown, words)


def sentence(text: str) -> str:
    """A clause as a sentence: first letter upper-case, one final stop
    (``"a criação está vedada"`` -> ``"A criação está vedada."``)."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


#: First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"):
#: ``=HYPERLINK(...)``, ``@SUM(...)``, ``+cmd``, ``-1+1``, and a leading tab or CR.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A text cell made inert for spreadsheets: a leading ``'`` before :data:`FORMULA_START`
    (Excel, LibreOffice and Google Sheets show the text, without the quote, as text);
    anything else unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


#: What ``csv_bytes`` writes before the first field: the UTF-8 byte order mark, by which Excel
#: reads the file as UTF-8 (without it, in Portuguese (Brazil), "Abadiânia" reads "AbadiÃ¢nia").
CSV_BOM = b"\xef\xbb\xbf"
#: How :func:`csv_bytes` writes, for Excel in Portuguese (Brazil): UTF-8 with a BOM (so
#: accents read right), ``;`` between fields, a decimal comma and no thousands separator.
#: ``pandas.read_csv(path, **CSV_READ)`` reads it back.
CSV_READ = {"sep": ";", "decimal": ",", "encoding": "utf-8-sig"}


def csv_number(value) -> str | None:
    """A number as a CSV cell for Excel in Portuguese: a decimal comma, no thousands
    separator, every digit the value has (``301.761`` -> ``"301,761"``, ``3045.0`` ->
    ``"3045"``, ``473.6`` -> ``"473,6"``); ``None`` or NaN -> ``None`` (an empty cell)."""
    import numpy as np
    import pandas as pd

    if value is None or pd.isna(value):
        return None
    value = float(value)
    if value.is_integer() and abs(value) < 2 ** 53:
        return str(int(value))
    return np.format_float_positional(value, trim="-").replace(".", ",")


def csv_bytes(frame) -> bytes:
    """A DataFrame as CSV for people to open in Excel in Portuguese (Brazil), and for programs:
    UTF-8 with a byte order mark (:data:`CSV_BOM`), ``;`` between fields, ``\n``, no index;
    every text cell passed through :func:`csv_cell`, so no cell runs as a formula; every
    numeric column written by :func:`csv_number` (decimal comma; missing: empty). Read back
    with ``pandas.read_csv(path, **CSV_READ)``."""
    import csv

    import pandas as pd

    safe = frame.copy()
    bare_cr = False
    for column in safe.columns:
        if pd.api.types.is_numeric_dtype(safe[column]) and not pd.api.types.is_bool_dtype(safe[column]):
            safe[column] = pd.Series([csv_number(v) for v in safe[column].tolist()],
                                     index=safe.index, dtype=object)
        elif safe[column].dtype == object or pd.api.types.is_string_dtype(safe[column]):
            safe[column] = safe[column].map(csv_cell, na_action="ignore")
            bare_cr = bare_cr or any(isinstance(v, str) and "\r" in v
                                     for v in safe[column].tolist())
    # The csv module quotes a field holding a line terminator or the quote, but with "\n" as
    # terminator a bare CR (a file named "a\rb.toml") would go out unquoted and split the row
    # in most readers: then every text field is quoted.
    quoting = csv.QUOTE_NONNUMERIC if bare_cr else csv.QUOTE_MINIMAL
    text = safe.to_csv(index=False, sep=CSV_READ["sep"], lineterminator="\n",
                        quoting=quoting)
    return CSV_BOM + text.encode("utf-8")


_RULE_ID = re.compile(r"^art(\d+)(?:\.(.+))?$")


def _ordinal(n: int) -> str:
    return f"{n}º" if n <= 9 else str(n)


def rule_citation(rule_id: str) -> str:
    """A rule id as the legal citation a reader knows: ``"art4.IV"`` -> ``"art. 4º, IV"``,
    ``"art4.par1"`` -> ``"art. 4º, § 1º"``, ``"art7.par1.I"`` -> ``"art. 7º, § 1º, I"``,
    ``"art10.sole"`` -> ``"art. 10, parágrafo único"``; a named check of an article
    (``"art6.area"``, ``"art15.sedes"``) -> the article (``"art. 6º"``). A key with a subject
    (``"art4.par1@Abadiânia"``) keeps it after a dash. Anything else is returned unchanged.
    """
    rule_id, _, subject = str(rule_id).partition("@")
    m = _RULE_ID.match(rule_id)
    if not m:
        return rule_id + (f" — {subject}" if subject else "")
    out = f"art. {_ordinal(int(m.group(1)))}"
    for part in (m.group(2) or "").split("."):
        if re.fullmatch(r"[IVX]+", part):
            out += f", {part}"
        elif re.fullmatch(r"par\d+", part):
            out += f", § {_ordinal(int(part[3:]))}"
        elif part == "sole":
            out += ", parágrafo único"
    return out + (f" — {subject}" if subject else "")


def article_citation(article: str) -> str:
    """``"LC 02/1990, art. 4º, II"`` -> ``"Art. 4º, II"`` (the law is named once, on the cover)."""
    text = re.sub(r"^LC\s*0?2/1990,\s*", "", article or "")
    return text[:1].upper() + text[1:]


def result_citation(result) -> str:
    """The citation of a rule result: its article without the law's name (``"Art. 4º, II"``),
    else :func:`rule_citation` of its id, capitalised."""
    text = article_citation(getattr(result, "article", "") or "") or rule_citation(result.rule_id)
    return text[:1].upper() + text[1:]
