"""Art. 6 — correction of a boundary without change of area (technical failure or error in the
description): state law with the mayors' prior agreement authorised by council resolutions.

Two rules: ``art6.area`` (the territory between the old and the new line, measured, within
the tolerance ``Settings.boundary_tolerance_km2``: "sem alteração de área") and ``art6``
(the technical flaw, the mayors' agreement and the councils' resolutions, each evidenced by
a document).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..common.numbers import decimal, km2
from ..proposal.candidate import BOUNDARY_CORRECTION_ITEMS, Candidate

from .common import simple
from .result import Basis, RuleResult, Status
from .settings import Settings

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile

#: The tolerance is the study's reading of "sem alteração de área", not a number of the law.
TOLERANCE_READING = "adotada pelo estudo como leitura de “sem alteração de área” (não é número da lei)"
#: Beside the tolerance wherever a table shows it as the requirement (N9): not the law's number.
TOLERANCE_LABEL = "tolerância do estudo (leitura)"

TITLES = {"art6.area": "Correção sem alteração de área: território entre a linha atual e a "
                       "corrigida",
          "art6": "Falha técnica, acordo dos Prefeitos e resoluções das Câmaras"}



#: What the constitution allows today for a change of area (CF, art. 18, § 4º: no
#: complementary federal law; ADI 2.240), said wherever art. 6 sends a case to art. 5.
BAR_TODAY = "hoje vedados enquanto não editada a lei complementar federal (CF, art. 18, § 4º)"
#: What the tolerance is for (issue 29 § 5): art. 6's test is "sem alteração de área"; the
#: tolerance absorbs only the imprecision of drawing, and any territory that moves, inhabited
#: or not, is an art. 5 operation, barred today.
TOLERANCE_ONLY = ("A tolerância só absorve a imprecisão do traçado: território que de fato passe "
                  "de um município a outro, habitado ou não, é desmembramento e transferência "
                  f"(art. 5º, com plebiscito; {BAR_TODAY}), não correção.")

def _km2(x: float, pivot: float | None = 0.0) -> str:
    """A measured area to 0,01 km², pt-BR, never across ``pivot`` (0 by default, so a
    non-empty strip never reads as none): ``0.05078`` → ``"0,05 km²"``
    (:func:`viabilidade.common.numbers.km2`)."""
    return km2(x, pivot, minus="-")


def tolerance_text(tolerance_km2: float) -> str:
    """The tolerance as the settings give it, without trailing zeros: ``1`` → ``"1 km²"``,
    ``0.5`` → ``"0,5 km²"``."""
    return f"{decimal(tolerance_km2, 0, 4, minus='-')}\u00a0km²"


def tolerance_reading(settings: Settings) -> str:
    """The tolerance as the conclusion names it: ``"tolerância de 1 km² entre as linhas,
    adotada pelo estudo como leitura de “sem alteração de área” (não é número da lei)"``."""
    return f"tolerância de {tolerance_text(settings.boundary_tolerance_km2)} entre as linhas, {TOLERANCE_READING}"


def area_change(candidate: Candidate, profile: Profile, settings: Settings) -> RuleResult:
    """Art. 6 "sem alteração de área", judged on the measured area: the territory between the
    old and the new line is at most ``settings.boundary_tolerance_km2`` (``<=``: equal passes;
    the tolerance is the study's reading, :data:`TOLERANCE_READING`, for drafting imprecision).

    Pass: the lines coincide, or the strip is within the tolerance. Residents are a
    subsidiary fact, said in the reason (``[boundary_correction.uninhabited_strip]``, the
    survey's document, or that the file has none), never what decides. Fail: the correction
    would move territory from one municipality to the other, which is a transfer (art. 5,
    with a plebiscite), not a correction. Indeterminate without both lines. No margin is
    given: the tolerance is not a threshold of the law (legal item 4).
    """
    change = profile.territory.boundary_change
    tol = settings.boundary_tolerance_km2
    if change is None:
        reason = ("Sem as duas linhas não se mede a área entre elas: "
                  + profile.territory.details.get("no_geometry_reason",
                                                  "faltam os arquivos das linhas")
                  + " (linha atual e linha corrigida).")
        return simple("art6.area", TITLES["art6.area"], Status.INDETERMINATE, reason,
                      threshold=tol, comparator="<=", unit="km²",
                      details={"natureza_exigencia": TOLERANCE_LABEL})
    names = {c: u.label for c, u in profile.origins.items()}
    a, b = list(candidate.origins)
    def moved(frm: str, to: str) -> str:
        """One direction as a clause agreeing with its subject: "nenhuma área passaria de A
        para B", "0,05 km² passariam de B para A"."""
        x = change.leaves.get(frm, 0.0)
        what = f"{_km2(x)} passariam" if x > 0 else "nenhuma área passaria"
        return f"{what} de {names[frm]} para {names[to]}"

    moves = f"{moved(a, b)} e {moved(b, a)}"
    if change.unassigned_km2 > 0:
        moves += f"; {_km2(change.unassigned_km2)} ficam fora dos dois municípios na malha"
    faces = f"{change.faces} polígono{'s' if change.faces != 1 else ''}"
    ok = change.between_km2 <= tol
    # all of the strip one way (final legal read, item 6): a drafting imprecision crosses the
    # line both ways; a strip that only leaves one municipality is what a transfer looks like,
    # and the study's tolerance cannot tell the two apart
    one_way = change.between_km2 > 0 and sum(1 for v in change.leaves.values() if v > 0) == 1
    strip = candidate.boundary_correction.get("uninhabited_strip")
    status = Status.FAIL if not ok else Status.INDETERMINATE if one_way else Status.PASS
    # residents are a subsidiary fact: art. 6 is about area, judged on the measured area
    # (legal item 5)
    residents = (f" Fato subsidiário: a faixa não tem moradores ({strip.what} — documento: "
                 f"{strip.document})." if strip is not None else
                 " Fato subsidiário, não decisivo: o arquivo não traz documento sobre "
                 "moradores na faixa; o art. 6º trata de área, e moradores só confirmariam "
                 "que a diferença não é de traçado.")
    if change.between_km2 == 0:
        reason = ("As duas linhas coincidem: nenhum território fica entre elas; dentro da "
                  f"tolerância de {tolerance_text(tol)}.")
    elif ok and one_way:
        reason = (f"Entre a linha atual e a corrigida ficam {_km2(change.between_km2, tol)} ({faces}), "
                  f"dentro da tolerância de {tolerance_text(tol)}, {TOLERANCE_READING}; mas pela "
                  f"malha municipal do IBGE toda essa área vai num só sentido ({moves}), como numa "
                  "transferência, e a tolerância não distingue aí a imprecisão do traçado do "
                  "território que muda de município: fica indeterminado até que o parecer técnico "
                  f"da falha (art. 6º) mostre que a diferença é só de traçado. {TOLERANCE_ONLY}"
                  f"{residents}")
    elif ok:
        reason = (f"Entre a linha atual e a corrigida ficam {_km2(change.between_km2, tol)} ({faces}), "
                  f"dentro da tolerância de {tolerance_text(tol)}, {TOLERANCE_READING}: diferença "
                  f"de traçado, lida como correção sem alteração de área. Pela malha municipal "
                  f"do IBGE, {moves}. {TOLERANCE_ONLY}{residents}")
    else:
        reason = (f"Entre a linha atual e a corrigida ficam {_km2(change.between_km2, tol)} ({faces}), "
                  f"acima da tolerância de {tolerance_text(tol)}: a correção alteraria a área dos "
                  f"municípios ({moves}). Mudança de área é desmembramento e transferência "
                  f"(art. 5º, com plebiscito; {BAR_TODAY}), não correção pelo art. 6º.")
    missing: list[str] = []
    return simple("art6.area", TITLES["art6.area"], status, reason,
                  value=round(change.between_km2, 4), threshold=tol, comparator="<=", unit="km²",
                  # no margin: the tolerance is a reading for drafting imprecision, not a
                  # threshold of the law to be met with room to spare (legal item 4)
                  basis=Basis.MEASURED, source=profile.area.area_km2.source,
                  vintage="medição geodésica",
                  details={"faces": change.faces,
                           "sai_de": {names[c]: round(v, 4) for c, v in change.leaves.items()},
                           "saldo_km2": {names[c]: round(change.net_km2(c), 4)
                                         for c in candidate.origins},
                           "fora_dos_municipios_km2": round(change.unassigned_km2, 4),
                           "comprimento_linha_atual_m": round(change.old_length_m, 1),
                           "comprimento_linha_corrigida_m": round(change.new_length_m, 1),
                           "fechamento_das_pontas_m": [round(x, 1) for x in change.joins_m],
                           "tolerancia_correcao_km2": tol, "faltam": missing,
                           "moradores_documento": None if strip is None else strip.document,
                           "natureza_exigencia": TOLERANCE_LABEL})


#: How the study calls art. 6's acts declared in the candidate file: read as declared, not seen
#: (legal review 3, item 3); never "cumprido".
DOCUMENTED = "documentado (a conferir com os originais)"


def _order_problem(given: dict) -> str:
    """Art. 6 "prévio acordo dos respectivos Prefeitos, autorizados pelas Câmaras Municipais,
    em forma de resoluções": every resolution dated before the mayors' agreement; the sentence
    naming each one that is not, or ``""``."""
    agreement, resolutions = given.get("mayors_agreement"), given.get("council_resolutions")
    if agreement is None or resolutions is None or not agreement.acts or not resolutions.acts:
        return ""
    signed = min(a.date for a in agreement.acts)
    late = [r for r in resolutions.acts if r.date >= signed]
    if not late:
        return ""
    return ("As Câmaras autorizam o acordo dos Prefeitos (art. 6º: “prévio acordo dos "
            "respectivos Prefeitos, autorizados pelas Câmaras Municipais, em forma de "
            "resoluções”), mas " + "; ".join(f"{r.number} ({r.body}) é de "
                                            f"{r.date.strftime('%d/%m/%Y')}" for r in late)
            + f", {'não anterior' if len(late) == 1 else 'não anteriores'} ao acordo, de "
            f"{signed.strftime('%d/%m/%Y')}: a autorização deve preceder o acordo.")


def _evidence_record(e) -> dict:
    return {"what": e.what, "where": e.where, "document": e.document,
            "acts": [{"body": a.body, "number": a.number, "date": a.date.isoformat()}
                     for a in e.acts]}


def art6(candidate: Candidate, strip_shown: bool = False) -> RuleResult:
    """Checklist of :data:`viabilidade.proposal.candidate.BOUNDARY_CORRECTION_ITEMS` in the
    candidate's ``[boundary_correction.*]``, each with its documents (body, number, date).

    Never ``pass``: a document declared in the candidate file is evidence read as declared,
    not seen, so with all three the result is indeterminate and labelled :data:`DOCUMENTED`
    (``details["rotulo_situacao"]``); the reason names each document. Resolutions not dated
    before the mayors' agreement: fail, stated (:func:`_order_problem`). Missing items:
    indeterminate, naming them. "Conferidos os originais, cabe lei estadual." only when the
    measured area between the lines is within the tolerance (``strip_shown``, from
    ``art6.area`` passing; legal item 5); otherwise
    the weaker sentence that the law is the instrument once that is shown."""
    given = candidate.boundary_correction
    missing = [k for k in BOUNDARY_CORRECTION_ITEMS if k not in given]
    cited = "; ".join(f"{BOUNDARY_CORRECTION_ITEMS[k]}: {given[k].what} — documento: "
                      f"{given[k].document}" for k in BOUNDARY_CORRECTION_ITEMS if k in given)
    order = _order_problem(given)
    details = {"evidencias": {k: _evidence_record(v) for k, v in given.items()},
               "faltam": missing}
    if order:
        reason = f"Documentados no arquivo da candidatura — {cited}. {order}"
        status = Status.FAIL
    elif missing:
        reason = ("Faltam documentos de: " + "; ".join(BOUNDARY_CORRECTION_ITEMS[k] for k in missing)
                  + ". A correção de limites exige lei estadual precedida desses atos."
                  + (f" Documentados — {cited}." if cited else ""))
        status = Status.INDETERMINATE
    else:
        law = ("Conferidos os originais, cabe lei estadual." if strip_shown else
               "A lei estadual cabe depois de comprovado também que a faixa entre as linhas é "
               "só diferença de traçado, sem território que mude de município, habitado ou não "
               "(art. 6º: “sem alteração de área”).")
        reason = (f"Documentados no arquivo da candidatura, a conferir com os originais — {cited}. "
                  f"As resoluções das Câmaras são anteriores ao acordo dos Prefeitos. {law}")
        status = Status.INDETERMINATE
        details["rotulo_situacao"] = DOCUMENTED
    return simple("art6", TITLES["art6"], status, reason,
                  certifier="Prefeituras e Câmaras Municipais", details=details)
