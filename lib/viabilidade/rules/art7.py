"""Art. 7 — the plebiscite: the head (the Assembly orders a plebiscite in the area to be
emancipated or transferred), § 1 quorum (I-8, on the roll chosen by I-10), § 2 approval by the
majority of those who turned out (blank and void ballots count), § 3 no creation in a
municipal-election year — a condition on the date of the creation law, not a requirement a
proposal meets (:func:`par3` refuses an election year; :func:`timing_condition` states it).
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from ..proposal.candidate import Candidate, Plebiscite
from ..proposal.record import plebiscite_void, simulated_plebiscite, void_act
from .certification import NOT_BEFORE_FEDERAL_LAW
from .consultation import AS_WRITTEN, Consultation
from .calendar import (UNDATED, creation_year, installation_date, is_election_year, next_election,
                       undated)
from .common import FUTURE_KEY, combine, date_br, fmt, future_act, missing_proof, simple
from ..data.sources import SHORT_TSE_2022, SHORT_TSE_PROFILE, sourced_basis_words, unchecked_copy
from .result import SIMULATED, Basis, Figure, RuleResult, Status, weakest
from .settings import Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile

TITLES = {
    "art7": "Consulta plebiscitária na área a ser emancipada",
    "art7.par1": "Quórum do plebiscito: metade mais um dos eleitores aptos",
    "art7.par2": "Aprovação pela maioria dos eleitores que compareceram",
    "art7.par3": "Criação fora do ano de eleições municipais",
}


#: Whether a result carries :data:`PLEBISCITE_VOID` (``details``).
VOID_KEY = "sem_efeito"


def before_the_study(p: Plebiscite, settings: Settings) -> str:
    """The sentence flagging a consultation dated before the study (the EVM it must follow,
    CF art. 18 § 4), or ``""``."""
    day = settings.study_day()
    if p.date is None or p.date >= day:
        return ""
    return (f" A consulta, de {date_br(p.date)}, é anterior a este estudo ({date_br(day)}): a CF, "
            "art. 18, § 4º, põe o plebiscito “após divulgação dos Estudos de Viabilidade "
            "Municipal”.")


def hypothesis(settings: Settings) -> str:
    """``"na hipótese da lei complementar federal suposta (PLP …)"`` when the ``federal_law``
    setting assumes one, else ``""``."""
    law = getattr(settings, "federal_law", None)
    if not law:
        return ""
    from .ruleset import federal_bills

    return f"na hipótese da lei complementar federal suposta ({federal_bills()[law].title})"


def void_words(p: Plebiscite | None, settings: Settings) -> tuple[str, str, str]:
    """A recorded plebiscite "sem efeito", as a combined result (art. 7, a fusion's art. 5 § 2)
    says it: its label (:func:`~viabilidade.proposal.record.plebiscite_void`), why (no final
    stop) and the sentence said after the result's own words (:func:`before_the_study`, outside
    the hypothesis; inside it ``why`` already says the consultation predates the study)."""
    assumed = hypothesis(settings)
    if assumed:
        return (plebiscite_void(True), f"{assumed}, a consulta foi feita antes dessa lei e "
                                       "deste estudo", "")
    return (plebiscite_void(False), "sem a lei complementar federal do art. 18, § 4º, da CF, a "
            "consulta não produz efeito", before_the_study(p, settings) if p is not None else "")


def counted_plebiscite(p: Plebiscite | None) -> Plebiscite | None:
    """The plebiscite whose result counts: ``p``, or ``None`` for one dated after today
    (:func:`~viabilidade.proposal.record.simulated_plebiscite`): it has not happened (legal11
    S3), so nothing waits on it as on a consultation held (a fusion's seat question, the
    bill's note on the consultation recorded)."""
    return None if simulated_plebiscite(p) else p


def simulated(p: Plebiscite | None) -> str:
    """The sentence a plebiscite rule adds for a recorded plebiscite dated after today:
    ``" O plebiscito de 16/05/2027 do registro é hipótese da simulação, …, e não realizável
    antes da lei complementar federal (CF, art. 18, § 4º)."``, else ``""``."""
    words = simulated_plebiscite(p)
    return f" O plebiscito de {date_br(p.date)} do registro é {words}." if words else ""


def with_simulated(result: RuleResult, p: Plebiscite | None) -> RuleResult:
    """``result`` with :func:`simulated`'s sentence after its reason and the figure's note
    :data:`~.result.SIMULATED` (resultados.json), or unchanged."""
    note = simulated(p)
    if not note:
        return result
    return dataclasses.replace(result, reason=result.reason + note,
                               details={**(result.details or {}), "nota": SIMULATED})


def barred_label(result: RuleResult, settings: Settings) -> RuleResult:
    """A plebiscite rule still undecided (not "sem efeito", not decided), outside the
    ``federal_law`` hypothesis: labelled :data:`NOT_BEFORE_FEDERAL_LAW`, the one place every
    row listing it as a requirement (Quadro 1, the index, the bill's quadro, resultados.json's
    ``label``) takes its words from (legal11 M1: those rows read "indeterminado", as if the
    plebiscite could be held). Plebiscite rules exist only for operations CF art. 18 § 4 bars
    (a creation, a fusion, a transfer); a district's creation has none. Otherwise unchanged."""
    details = result.details if isinstance(result.details, dict) else {}
    if (Status(result.status) != Status.INDETERMINATE or details.get("rotulo_situacao")
            or hypothesis(settings)):
        return result
    return dataclasses.replace(result, details={**details,
                                                "rotulo_situacao": NOT_BEFORE_FEDERAL_LAW})


#: The document that proves a plebiscite's result, for :func:`~.common.missing_proof`.
RESULT_DOCUMENT = "da ata de apuração do plebiscito (Justiça Eleitoral, TRE-GO)"
#: Why typed plebiscite figures decide nothing without their document.
UNPROVEN = ("O resultado só comprova o requisito com o documento da Justiça Eleitoral que o "
            "proclama, como uma certidão")


def result_source(p: Plebiscite) -> str:
    """The plebiscite's result as a source: ``"<document>, plebiscito de dd/mm/aaaa"``."""
    return f"{p.document}, plebiscito de {date_br(p.date)}"


def undocumented(p: Plebiscite | None, settings: Settings | None = None) -> str:
    """What proof a plebiscite result typed in the candidate lacks (:func:`~.common.missing_proof`),
    or, given ``settings``, why a plebiscite dated after the study date proves nothing yet
    (:func:`~.common.future_act`); ``""`` when nothing of the result is given, or its document
    and a date not after the study are."""
    if p is None or all(v is None for v in (p.eligible, p.turnout, p.yes, p.no, p.blank, p.void,
                                            p.seat_question_approved)):
        return ""
    return (missing_proof(p.document, p.date, RESULT_DOCUMENT)
            or (future_act(p.date, settings.study_day()) if settings is not None else ""))


def _future(counted: str, p: Plebiscite, settings: Settings) -> str:
    """The reason of a plebiscite result dated after the study date, or ``""``."""
    future = future_act(p.date, settings.study_day())
    if not future:
        return ""
    return (f"Indeterminado ({future}): {counted}, segundo o arquivo da candidatura; um "
            "plebiscito que ainda não ocorreu na data do estudo não comprova o requisito.")


#: How each I-8 reading computes the quorum, in the reader's words (after "quórum mínimo N").
QUORUM_WORDS = {"absolute-majority": "maioria absoluta: metade dos eleitores aptos, "
                                      "desprezada a fração, mais um",
                "literal": "metade mais um, ao pé da letra: metade dos eleitores aptos mais um, "
                           "arredondada para cima"}


def quorum(eligible: int, reading: str = "absolute-majority") -> int:
    """Minimum turnout for a valid plebiscite, "metade mais um dos eleitores aptos" (I-8).

    ``absolute-majority``: floor(n/2) + 1 (1 000 → 501; 1 001 → 501);
    ``literal``: ceil(n/2 + 1) (1 000 → 501; 1 001 → 502).

    Raises
    ------
    ValueError
        On a negative count or an unknown reading.
    """
    if eligible < 0:
        raise ValueError(f"eligible electors must be >= 0, found {eligible}")
    if reading == "absolute-majority":
        return eligible // 2 + 1
    if reading == "literal":
        return math.ceil(eligible / 2 + 1)
    raise ValueError(f"quorum reading must be 'absolute-majority' or 'literal', found {reading!r}")


def majority(turnout: int) -> int:
    """Smallest number of yes votes that is a majority of ``turnout`` (yes > turnout / 2)."""
    return turnout // 2 + 1


#: Where the study's roll comes from, named beside the quorum (legal review 3, finding 5): a
#: third party's aggregation of the TSE profile, not the list of voters of any consultation.
ROLL_SOURCE_WORDS = {SHORT_TSE_PROFILE: "TSE, perfil do eleitorado de 2026, agregação não conferida",
                     SHORT_TSE_2022: "TSE, eleitorado apto nas Eleições Gerais de 2022"}
#: The roll the quorum will really be counted on (art. 7º, § 1º, I: "eleitores aptos a votar").
EFFECTIVE_ROLL = ("o quórum efetivo será o da lista de eleitores aptos fechada pelo TRE-GO para a "
                  "consulta")


def roll_source(figures) -> str:
    """The sources of a roll's figures in the reader's words, each once, joined by ``"; "``:
    the TSE profile of 2026 reads ``"TSE, perfil do eleitorado de 2026, agregação não
    conferida)"`` (:data:`ROLL_SOURCE_WORDS`); a certificate's source as entered; ``""`` when
    no figure names a source."""
    out: list[str] = []
    for f in figures:
        if f is None or not f.source:
            continue
        words = next((w for short, w in ROLL_SOURCE_WORDS.items()
                      if f.basis != Basis.CERTIFIED and short in f.source), f.source)
        if words not in out:
            out.append(words)
    return "; ".join(out)


def roll_figures(profile: Profile | None, settings: Settings) -> list[Figure]:
    """The figures the roll's total is taken from (:func:`roll`): the whole origins (and the
    receiving municipality) when the parts add up to them, else the parts."""
    if profile is None:
        return []
    figs = [f for _, f in roll_parts(profile, settings)]
    if any(f is None or f.value is None for f in figs):
        return [f for f in figs if f is not None]
    total = sum(f.value for f in figs)
    if _whole_origins(profile, settings, total) is not None and \
            weakest(f.basis for f in figs) != Basis.CERTIFIED:
        whole = [o.electors for o in profile.origins.values()]
        if profile.destination is not None:
            whole.append(profile.destination.electors)
        return whole
    return figs


def roll_parts(profile: Profile | None, settings: Settings) -> list[tuple[str, Figure | None]]:
    """Who votes in the plebiscite under I-10, one (label, electors) per part of the roll.

    ``area``: the area alone (art. 7, head: "na área territorial a ser emancipada ou
    transferida"). ``federal`` (Lei 9.709/1998, art. 7; STF, ADI 2.650): every municipality
    involved — the area, each origin's remainder and, in a transfer, the municipality that
    receives the area (``profile.destination``).
    """
    if profile is None:
        return []
    parts = [(profile.area.label, profile.area.electors)]
    if settings.plebiscite_roll == "federal":
        parts += [(r.label, r.electors) for r in profile.remainders.values()]
        if profile.destination is not None:
            parts.append((profile.destination.label, profile.destination.electors))
    return parts


def roll(profile: Profile | None, settings: Settings) -> tuple[float | None, Basis | None, str]:
    """Electorate of the plebiscite under I-10 (:func:`roll_parts`). Returns (electors,
    basis, Portuguese description); electors is None when a needed figure is missing. The
    basis is the weakest of the parts (estimated, else published, else certified), except
    that parts adding up exactly to the whole origins (area + remainder = origin, plus the
    receiving municipality) take the basis of those totals: a sum of published figures is
    published (:func:`_whole_origins`)."""
    if profile is None:
        return None, None, "sem dados de eleitorado"
    figs = [f for _, f in roll_parts(profile, settings)]
    if any(f is None or f.value is None for f in figs):
        return None, None, "eleitorado incompleto"
    total = sum(f.value for f in figs)
    basis = weakest(f.basis for f in figs)
    whole = _whole_origins(profile, settings, total)
    if whole is not None and basis != Basis.CERTIFIED:
        # area + remainders are the origins themselves: their published total, not the sum
        # of two estimates (Abadiânia's 12.614 electors, TSE profile of 2026, however the area is split)
        total, basis = whole
    if settings.plebiscite_roll != "federal" or not (profile.remainders or profile.destination):
        desc = "eleitorado da área"  # a fusion leaves no remainder
    elif profile.destination is not None:
        desc = "eleitorado da área, do remanescente e do município que recebe a área"
    else:
        desc = "eleitorado da área e do remanescente"
    return total, basis, desc


#: Where the study counts quorum and majority (reading I-11, its adopted text; the appendix
#: prints it, :mod:`viabilidade.report.readings`): what
#: :meth:`~.consultation.Consultation.counted_in_each` decides.
EACH_READING = ("Quando votam dois ou mais municípios — sempre na fusão (art. 5º, § 2º) e, na "
                "leitura I-10 adotada, na transferência de área (o município de origem inteiro, "
                "área e remanescente juntos, e o que recebe a área) —, quórum e maioria são "
                "exigidos em cada município envolvido, para que o voto de um não decida pelo "
                "outro. Na criação de Município, quórum e maioria contam sobre todos os "
                "eleitores chamados a votar, somados (a área e o remanescente de cada município "
                "de origem): com um só município de origem, é o eleitorado desse município.")
#: The reading I-11 does not adopt: one count over the electorates together.
COMBINED_READING = ("uma só contagem no eleitorado somado (Lei nº 9.709/1998, art. 7º, parte "
                    "final: a vontade popular “em relação ao total da população consultada”), em "
                    "que o voto de um município pode decidir pelo outro")
COMBINED = f"Leitura alternativa, não adotada: {COMBINED_READING}"
#: A result typed as one count for the municipalities together (fusion, transfer).
ONE_COUNT = ("O resultado informado é um só, dos municípios somados; a leitura adotada "
             "exige quórum e maioria em cada município, e é preciso o resultado de cada um "
             "(Justiça Eleitoral)")


def fusion_parts(profile: Profile | None) -> list[tuple[str, Figure | None]]:
    """A fusion's plebiscite, one (label, electors) per municipality that merges
    (``profile.origins``): quorum and majority are counted in each (reading adopted; the
    combined roll, :func:`roll`, is the alternative)."""
    if profile is None:
        return []
    return [(u.label, u.electors) for u in profile.origins.values()]


def each_parts(consultation: Consultation, profile: Profile | None,
               settings: Settings) -> list[tuple[str, Figure | None]]:
    """One (label, electors) per municipality involved when the plebiscite is counted in each
    (:meth:`~.consultation.Consultation.counted_in_each`): the whole origins (area and
    remainder together) and, in a transfer, the municipality that receives the area (before
    the transfer); else ``[]``."""
    if profile is None or not consultation.counted_in_each(settings):
        return []
    parts = fusion_parts(profile)
    if profile.destination is not None:
        parts.append((profile.destination.label, profile.destination.electors))
    return parts


def each_text(consultation: Consultation, profile: Profile | None, settings: Settings) -> str:
    """``"Anhanguera: 1.229 eleitores (publicado), quórum mínimo de 615 comparecimentos e,
    nesse caso, 308 votos “sim”; Cumari: …"``, or ``""`` when a figure is missing."""
    texts = []
    parts = each_parts(consultation, profile, settings)
    for label, f in parts:
        if f is None or f.value is None:
            return ""
        q = quorum(int(round(f.value)), settings.quorum)
        source = roll_source([f])
        words = sourced_basis_words(f.basis, f.source)
        texts.append(f"{label}: {fmt(round(f.value))} eleitores ({words}"
                     f"{'; ' + source if source else ''}), quórum "
                     f"mínimo de {fmt(q)} comparecimentos e, nesse caso, {fmt(majority(q))} "
                     "votos “sim”")
    return "; ".join(texts)


def _whole_origins(profile: Profile, settings: Settings,
                   total: float) -> tuple[float, Basis | None] | None:
    """Under I-10 ``federal``, the roll's total and basis from the whole origins (and the
    receiving municipality) when the area's and remainders' parts add up exactly to them;
    ``None`` otherwise (reading ``area``, a fusion, parts that do not add up)."""
    if settings.plebiscite_roll != "federal" or not profile.remainders:
        return None
    figs = [o.electors for o in profile.origins.values()]
    if profile.destination is not None:
        figs.append(profile.destination.electors)
    if any(f is None or f.value is None for f in figs):
        return None
    whole = sum(f.value for f in figs)
    return (whole, weakest(f.basis for f in figs)) if abs(whole - total) < 0.5 else None


def _turnout(p: Plebiscite) -> int | None:
    if p.turnout is not None:
        return p.turnout
    parts = [p.yes, p.no, p.blank, p.void]
    return sum(parts) if all(x is not None for x in parts) else None


def _decided(rule_id: str, consultation: Consultation, p: Plebiscite, settings: Settings,
             counted: str, ok: bool, numbers: dict, *, verdict: str,
             alternative: str) -> RuleResult:
    """The result of § 1 or § 2 from plebiscite figures typed in the candidate: indeterminate
    without the result's document (:func:`~.common.missing_proof`), dated after the study
    (:func:`_future`), dated after today (a hypothesis of the simulation, :func:`simulated`:
    no value, threshold nor margin, legal11 S3) or typed as one count for a fusion (``alternative``: what the single
    count would give, :data:`ONE_COUNT`); else pass or fail, ``counted`` followed by
    ``verdict``. ``numbers`` are the result's figures (value, threshold, margin, details)."""
    title = TITLES[rule_id]
    numbers = dict(certifier="Tribunal Regional Eleitoral", **numbers)
    missing = missing_proof(p.document, p.date, RESULT_DOCUMENT)
    if missing:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"{counted}, segundo números informados no arquivo da candidatura, sem "
                      f"documento. {UNPROVEN}: {missing}.",
                      source="números informados no arquivo da candidatura, sem documento",
                      **numbers)
    numbers.update(source=result_source(p), vintage=p.date.isoformat())
    future = _future(counted, p, settings)
    kept = {k: numbers[k] for k in ("certifier", "comparator", "unit", "source", "vintage")}
    reading = {k: v for k, v in numbers.get("details", {}).items() if k == "leitura"}
    if future:  # a plebiscite still to come sets neither value, threshold nor margin (N7)
        act = future_act(p.date, settings.study_day())
        return simple(rule_id, title, Status.INDETERMINATE, future,
                      details={**reading, "nota": act, FUTURE_KEY: act}, **kept)
    if simulated_plebiscite(p):  # dated after today: not held, its result no fact (legal11 S3)
        return with_simulated(simple(
            rule_id, title, Status.INDETERMINATE,
            f"Registro da simulação, não fato: {counted[:1].lower()}{counted[1:]}.",
            details=reading, **kept), p)
    if consultation.counted_in_each(settings):
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"{counted}. {ONE_COUNT}. Na leitura alternativa da contagem única "
                      f"(Lei nº 9.709/1998, art. 7º), {alternative}.", **numbers)
    early = before_the_study(p, settings)
    assumed = hypothesis(settings)
    # a void consultation's ata proves nothing, checked or not (final legal read, item 16)
    worth = f" Por isso a consulta {void_act(bool(assumed))}."
    label = plebiscite_void(bool(assumed))
    details = {**numbers.pop("details", {}), "rotulo_situacao": label, VOID_KEY: True}
    if not assumed:  # CF art. 18 § 4: no such consultation until the federal law exists
        why = ("a CF, art. 18, § 4º, a põe “dentro do período determinado por Lei Complementar "
               "Federal”, que não foi editada, e a Justiça Eleitoral não realiza nem homologa "
               f"plebiscito assim.{early}")
    else:  # legal review 15:44, item 1: the hypothesis does not validate a past consultation
        when = f"de {date_br(p.date)}, " if p.date is not None else ""
        study = (f" e antes deste estudo ({date_br(settings.study_day())}), que a CF, art. 18, "
                 "§ 4º, manda divulgar antes do plebiscito (“após divulgação dos Estudos de "
                 "Viabilidade Municipal”)" if early else "")
        why = (f"{assumed}, a consulta, {when}foi feita antes dessa lei (que não foi editada "
               "e a põe “dentro do período determinado por Lei Complementar Federal”)"
               f"{study}.")
    return simple(rule_id, title, Status.INDETERMINATE,
                  f"{counted}: {verdict} segundo o documento, mas a consulta está {label}: "
                  f"{why}{worth}", details=details, **numbers)


def par1(candidate: Candidate, profile: Profile | None, settings: Settings,
         consultation: Consultation = AS_WRITTEN) -> RuleResult:
    """Art. 7 § 1 I: turnout >= quorum(eligible) under I-8.

    With the plebiscite's figures in the candidate (``eligible``, ``turnout``) it decides;
    otherwise indeterminate, stating the quorum figure computed from the roll chosen by I-10.
    ``consultation`` is the operation's (:class:`~.consultation.Consultation`): where quorum is
    counted, and the article cited when not § 1, I's own (a fusion's, by analogy).
    """
    result = _par1(candidate, profile, settings, consultation)
    if consultation.quorum_article:
        result = dataclasses.replace(result, article=consultation.quorum_article)
    return barred_label(result, settings)


def _par1(candidate: Candidate, profile: Profile | None, settings: Settings,
          consultation: Consultation) -> RuleResult:
    p = candidate.plebiscite or Plebiscite()
    turnout = _turnout(p)
    if p.eligible is not None and turnout is not None:
        q = quorum(p.eligible, settings.quorum)
        ok = turnout >= q
        numbers = dict(value=turnout, threshold=q, comparator=">=", unit="comparecimentos",
                       margin=turnout - q, margin_pct=100 * (turnout - q) / q,
                       details={"eleitores_aptos": p.eligible, "leitura": settings.quorum})
        counted = (f"Compareceram {fmt(turnout)} de {fmt(p.eligible)} eleitores aptos; quórum "
                   f"mínimo {fmt(q)} ({QUORUM_WORDS[settings.quorum]})")
        return _decided("art7.par1", consultation, p, settings, counted, ok, numbers,
                        verdict="atingido" if ok else "não atingido",
                        alternative=f"o quórum seria {'atingido' if ok else 'não atingido'}")
    n, basis, desc = roll(profile, settings)
    details = {"leitura": settings.quorum}
    if profile is None or profile.remainders:  # I-10 chooses between area and area + remainder
        details["eleitorado"] = settings.plebiscite_roll
    if n is None:
        reason = ("Plebiscito ainda sem resultado: são necessários o número de eleitores aptos e o de "
                  f"comparecimentos (TRE-GO); {desc}.")
        return simple("art7.par1", TITLES["art7.par1"], Status.INDETERMINATE, reason,
                      comparator=">=", unit="comparecimentos", details=details)
    q = quorum(int(round(n)), settings.quorum)
    figures = roll_figures(profile, settings)
    source = roll_source(figures)
    # "publicado (cópia não conferida)" when the roll is read from the unchecked copy (S1)
    word = sourced_basis_words(basis, next((f.source for f in figures
                                            if f is not None and unchecked_copy(f.source)),
                                           None))
    details.update(eleitores_rol=n, base_rol=str(basis), fonte_rol=source, quorum=q,
                   maioria_no_quorum=majority(q),
                   partes_rol={label: f.value for label, f in roll_parts(profile, settings)})
    each = each_text(consultation, profile, settings)
    if each:
        details = {"leitura": settings.quorum,
                   "contagem": "em cada município (a contagem única é leitura alternativa)",
                   "eleitores_por_municipio": "; ".join(
                       f"{label}: {fmt(round(f.value))}"
                       for label, f in each_parts(consultation, profile, settings)),
                   "quorum_por_municipio": "; ".join(
                       f"{label}: {fmt(quorum(int(round(f.value)), settings.quorum))}"
                       for label, f in each_parts(consultation, profile, settings)),
                   # the summed roll is the alternative reading's (one count), labelled so
                   "eleitores_rol_somado": n, "base_rol": str(basis), "fonte_rol": source,
                   "partes_rol": {label: f.value for label, f in roll_parts(profile, settings)}}
        reason = ("Plebiscito ainda sem resultado: são necessários, em cada município, o número "
                  f"de eleitores aptos e o de comparecimentos (TRE-GO). "
                  f"{consultation.each_rule} — {each}. "
                  f"{COMBINED}: {fmt(round(n))} eleitores ({word}"
                  f"{'; ' + source if source else ''}), quórum "
                  f"mínimo de {fmt(q)} comparecimentos e, nesse caso, {fmt(majority(q))} votos "
                  f"“sim”. Em qualquer leitura, {EFFECTIVE_ROLL}.")
        return simple("art7.par1", TITLES["art7.par1"], Status.INDETERMINATE, reason,
                      comparator=">=", unit="comparecimentos", basis=basis,
                      certifier="Tribunal Regional Eleitoral", details=details)
    reason = (f"Plebiscito ainda sem resultado: são necessários o número de eleitores aptos e o de "
              f"comparecimentos (TRE-GO). Com o {desc} de {fmt(round(n))} eleitores "
              f"({word}{'; ' + source if source else ''}), o quórum mínimo seria de "
              f"{fmt(q)} comparecimentos e, nesse caso, a aprovação exigiria {fmt(majority(q))} votos "
              f"“sim”; {EFFECTIVE_ROLL}.")
    return simple("art7.par1", TITLES["art7.par1"], Status.INDETERMINATE, reason, threshold=q,
                  comparator=">=", unit="comparecimentos", basis=basis, certifier="Tribunal Regional Eleitoral",
                  details=details)


def by_analogy(result: RuleResult, consultation: Consultation) -> RuleResult:
    """Art. 7 § 2 for an operation that declares an analogy (a transfer or a fusion,
    :attr:`~.consultation.Consultation.analogy`): its text is about the law "que crie
    município" once art. 4 is proved, which neither is, so the majority rule applies by
    analogy, on the declared basis (Lei nº 9.709/1998, art. 10, majority). The result cites
    "art. 7º, § 2º, por analogia", prints no quote of § 2 as if it applied, and its reason
    opens with the basis. Without an analogy: ``result`` unchanged."""
    if consultation.analogy is None:
        return result
    what, basis = consultation.analogy
    note = (f"O art. 7º, § 2º, trata da lei que cria município depois de comprovados os "
            f"requisitos do art. 4º; para {what} a regra da maioria dos que comparecem se aplica "
            f"por analogia ({basis}; Lei nº 9.709/1998, art. 10: aprovação por maioria), com "
            "brancos e nulos no total dos que compareceram. ")
    return dataclasses.replace(result, reason=note + result.reason,
                               article="LC 02/1990, art. 7º, § 2º, por analogia",
                               details={**result.details, "texto_legal": ""})


def par2(candidate: Candidate, settings: Settings,
         consultation: Consultation = AS_WRITTEN) -> RuleResult:
    """Art. 7 § 2: yes votes > half of those who turned out (blank and void count in the
    denominator). Indeterminate without the yes count and the turnout. For an operation
    whose ``consultation`` declares an analogy (a transfer, a fusion), by analogy
    (:func:`by_analogy`)."""
    return barred_label(by_analogy(_par2(candidate, settings, consultation), consultation),
                        settings)


def _par2(candidate: Candidate, settings: Settings, consultation: Consultation) -> RuleResult:
    p = candidate.plebiscite or Plebiscite()
    turnout = _turnout(p)
    if p.yes is None or turnout is None:
        each = " em cada município" if consultation.counted_in_each(settings) else ""
        return simple("art7.par2", TITLES["art7.par2"], Status.INDETERMINATE,
                      f"Plebiscito ainda sem resultado: são necessários{each} os votos “sim” e o "
                      "total de comparecimentos (incluídos brancos e nulos), apurados pelo TRE-GO.",
                      comparator=">", unit="votos")
    need = majority(turnout)
    ok = p.yes >= need
    half = turnout / 2
    numbers = dict(value=p.yes, threshold=half, comparator=">", unit="votos", margin=p.yes - half,
                   margin_pct=100 * (p.yes - half) / half if half else None,
                   details={"sim": p.yes, "nao": p.no, "brancos": p.blank, "nulos": p.void,
                            "comparecimento": turnout, "minimo_sim": need})
    counted = (f"{fmt(p.yes)} votos “sim” de {fmt(turnout)} comparecimentos (brancos e nulos "
               f"incluídos); maioria exige {fmt(need)}")
    return _decided("art7.par2", consultation, p, settings, counted, ok, numbers,
                    verdict="aprovado" if ok else "rejeitado",
                    alternative=f"{consultation.subject} seria {'aprovada' if ok else 'rejeitada'}")


def plebiscite_held(candidate: Candidate, profile: Profile | None, settings: Settings, *,
                    rule_id: str = "art7", title: str | None = None,
                    what: str = "a criação do município",
                    consultation: Consultation = AS_WRITTEN) -> RuleResult:
    """The plebiscite in the area was held, valid and favourable (§§ 1–2 combined; the
    figures and what is missing are in the art7.par1 and art7.par2 results).

    The head of art. 7 (``rule_id="art7"``) for a creation: "plebiscito na área territorial a
    ser emancipada"; :func:`viabilidade.rules.art5.plebiscite_held` uses it for a transfer
    (``"art5"``, "a transferência"), with the transfer's ``consultation``.
    """
    q, m = (par1(candidate, profile, settings, consultation),
            par2(candidate, settings, consultation))
    status = combine([q.status, m.status])
    missing = undocumented(candidate.plebiscite, settings)
    # Under reading I-10 "federal" the roll is wider than the area (Lei 9.709/1998, art. 7):
    # the reason names the roll the plebiscite was counted on, not "na área" regardless.
    alone = profile is not None and not profile.remainders and profile.destination is None
    where = ("na área" if settings.plebiscite_roll == "area" or alone else
             "na área, no remanescente e no município que recebe a área"
             if profile is not None and profile.destination is not None else
             "na área e no remanescente")
    pending = (f"Indeterminado ({missing}): o plebiscito ainda não ocorreu na data do estudo (ver "
               "quórum e aprovação, art. 7º, §§ 1º e 2º)." if missing.startswith("ato futuro") else
               f"Resultado do plebiscito informado sem documento: {missing} (ver quórum e "
               "aprovação, art. 7º, §§ 1º e 2º)." if missing else
               f"Plebiscito {where} "
               # one wording with the cover's (certification.NOT_BEFORE_FEDERAL_LAW): without
               # the federal law nobody can hold it, so it is not "ainda não realizado"
               + ("ainda não realizado ou sem resultado completo" if hypothesis(settings)
                  else NOT_BEFORE_FEDERAL_LAW)
               + " (ver quórum e aprovação, art. 7º, §§ 1º e 2º; leitura I-10 sobre quem vota).")
    void = all((r.details or {}).get(VOID_KEY) for r in (q, m))
    reason = {Status.PASS: f"Plebiscito realizado {where}, com quórum e aprovação.",
              Status.FAIL: f"Plebiscito sem quórum ou rejeitado: {what} não é admitida.",
              }.get(status, pending)
    details = {"quorum": str(q.status), "aprovacao": str(m.status)}
    if void:
        label, why, after = void_words(candidate.plebiscite, settings)
        reason = (f"Plebiscito registrado {where}, {label}: {why} (ver quórum e aprovação, art. "
                  f"7º, §§ 1º e 2º).{after}")
        details.update(rotulo_situacao=label, **{VOID_KEY: True})
    result = simple(rule_id, title or TITLES["art7"], status, reason, details=details,
                    basis=weakest([q.basis, m.basis]))
    return barred_label(result if missing else with_simulated(result, candidate.plebiscite),
                        settings)


def par3(candidate: Candidate | None, settings: Settings) -> RuleResult | None:
    """Art. 7 § 3: a creation year that is a municipal-election year is refused (2028, 2032 →
    ``fail``); any other year gives ``None``.

    The year of the creation law is a condition on when the law may be made, not a
    requirement the proposal meets: a year the study assumes (or the proposers declare) is
    never "cumprido". :func:`timing_condition` states the condition for the process chapter.
    """
    year, how = creation_year(candidate, settings)
    if not is_election_year(year):
        return None
    return simple("art7.par3", TITLES["art7.par3"], Status.FAIL,
                  f"{year} é ano de eleições municipais: não se cria município nesse ano ({how}).",
                  value=year, unit="ano", details={"ano_criacao": year, "origem": how})


def refusals(candidate: Candidate | None, settings: Settings) -> list[RuleResult]:
    """``[par3(...)]`` when the creation year is refused, else ``[]`` (for an operation's
    list of results: a year is never a requirement met)."""
    r = par3(candidate, settings)
    return [] if r is None else [r]


def timing_condition(candidate: Candidate | None, settings: Settings, barred: bool = False) -> dict:
    """Art. 7 § 3 as a timing condition, in Portuguese, for the process chapter.

    With a recorded plebiscite "sem efeito" (:func:`viabilidade.rules.calendar.undated`,
    ``barred`` the operation's) the law has no year and the installation no date: the text
    says so (:data:`~viabilidade.rules.calendar.UNDATED`), ``instalacao`` is ``None``.

    Returns
    -------
    dict
        ``texto`` (the sentence), ``ano_criacao``, ``origem`` (where the year comes from,
        :func:`viabilidade.rules.calendar.creation_year`), ``vedado`` (bool: the year is a
        municipal-election year), ``instalacao`` (ISO date of the art. 9 installation, or
        ``None`` when refused).
    """
    year, how = creation_year(candidate, settings)
    stated = how.startswith(("definido", "declarado"))
    why = undated(candidate, settings, barred)
    if why:
        because = ("Com o plebiscito registrado sem efeito" if why == UNDATED else
                   "Com a criação vedada enquanto não editada a lei complementar federal (CF, "
                   "art. 18, § 4º)")
        text = ("Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das "
                "eleições municipais. É condição sobre a data da lei de criação, não requisito "
                f"que a proposta cumpra. {because}, a lei de criação e a instalação (art. 9º) "
                f"não têm data: {why}.")
        return {"texto": text, "ano_criacao": None, "origem": how, "vedado": False,
                "instalacao": None}
    if is_election_year(year):
        text = (f"Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das "
                f"eleições municipais. O ano de criação {year}, {how}, é ano de eleições "
                "municipais: a lei de criação não pode ser editada nesse ano.")
        return {"texto": text, "ano_criacao": year, "origem": how, "vedado": True,
                "instalacao": None}
    inst = installation_date(year)
    nxt = next_election(year)
    from .art21 import creation_law

    law = creation_law(candidate)
    if law is not None and law.date.year == year:  # a past fact: indicative, not conditional
        text = (f"Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das "
                f"eleições municipais. A lei de criação, {law.compiled}, foi editada em {year}, "
                f"que não era ano de eleições municipais; o Município foi instalado em "
                f"{date_br(law.installed)} (art. 9º).")
        return {"texto": text, "ano_criacao": year, "origem": how, "vedado": False,
                "instalacao": law.installed.isoformat()}
    if stated:
        supposed = (f"O estudo usa o ano de criação {year}, {how}, que não é ano de eleições "
                    "municipais.")
    else:
        # the election year the supposition skips (2027 → 2029 skips 2028), else the next one
        # (legal review 15:44, item 9: "não poderá ser editada em 2032" of a 2029 creation)
        barred = year - 1 if is_election_year(year - 1) else nxt
        supposed = (f"O estudo supõe a criação em {year}, o {how}. Esse ano é uma hipótese do "
                    f"estudo, não um requisito cumprido: a lei não poderá ser editada em "
                    f"{barred}.")
    text = (f"Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das "
            f"eleições municipais. É condição sobre a data da lei de criação, não requisito que a "
            f"proposta cumpra. {supposed} Com a lei editada em {year}, a instalação seria em "
            f"{inst.strftime('%d/%m/%Y')} (art. 9º).")
    return {"texto": text, "ano_criacao": year, "origem": how, "vedado": False,
            "instalacao": inst.isoformat()}
