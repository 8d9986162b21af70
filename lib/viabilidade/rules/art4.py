"""Art. 4 — requirements for creating a municipality: items I–VII, § 1 (the origin after the
split) and § 2 (who certifies each figure). § 3 (60-day deadline) is in :mod:`.calendar`.

Item numbers follow the law's own cross-references (docs/LEITURAS.md): I installation conditions,
II 6 km gap, III origin continuity, IV population, V electors, VI urban core, VII collection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import dataclasses

from ..proposal.candidate import EVIDENCE_ITEMS, Candidate
from ..law.bodies import BODIES, body_of_item
from .common import (amount, cite_items, combine, combine_lean, fmt, money_figure,
                     numeric_result, simple)
from .calendar import last_closed_exercise
from .result import (Basis, Figure, RuleResult, Status, deciding_basis, on_simulated_act,
                     rests_on_simulated_act, simulated_note)
from .settings import CHOICES, NUMERIC_ITEMS, Settings
from .vectorised import revenue_threshold

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile, Territory, UnitProfile

TITLES = {
    "art4.I": "Condições para instalação da Prefeitura e da Câmara Municipal",
    "art4.II": "Distância mínima de 6 km do perímetro urbano do município de origem",
    "art4.III": "Continuidade territorial do município de origem",
    "art4.IV": "População de mais de três mil habitantes",
    "art4.V": "Número de eleitores acima de um mil",
    "art4.VI": "Núcleo urbano com no mínimo duzentas edificações e áreas para equipamentos",
    "art4.VII": "Arrecadação superior a 0,01 % da receita estadual de impostos",
    "art4.par1": "O município de origem não perde os requisitos do art. 4º",
}
#: Art. 4 § 2: body that must certify each item.
CERTIFIER = {item: body_of_item(item).name for item in ("II", "IV", "V", "VI", "VII")}
UNITS = {"IV": "habitantes", "V": "eleitores", "VI": "edificações", "VII": "BRL"}
WHAT = {"IV": "população", "V": "eleitorado", "VI": "núcleo urbano", "VII": "arrecadação"}
#: Short titles of the items, for citations in prose (``"art. 4º, III (continuidade territorial)"``).
SHORT = {**WHAT, "I": "instalação da Prefeitura e da Câmara", "II": "distância de 6 km",
         "III": "continuidade territorial"}
MISSING = {
    "IV": "é preciso a população da área apurada pelo IBGE (Censo ou contagem).",
    "V": "é preciso o número de eleitores inscritos na área certificado pelo Cartório Eleitoral (TRE-GO).",
    "VI": "é preciso a contagem de edificações do núcleo urbano feita pelo IBGE.",
    "VII": "é preciso a arrecadação estadual (ICMS, IPVA, ITCD) na área no último exercício, "
           "certificada pela Secretaria de Estado da Economia de Goiás, e a receita estadual de "
           "impostos do mesmo ano.",
}
VI_AREAS = ("escola", "saude", "posto_telefonico", "praca_esporte", "cemiterio")
I_ITEMS = ("prefeitura", "camara")


def _unchecked(candidate: Candidate, keys: tuple[str, ...]) -> list[str]:
    """The evidence items given without a person having checked the original."""
    return [k for k in keys if k in candidate.evidence and candidate.evidence[k].checked is None]


def _evidence(candidate: Candidate, keys: tuple[str, ...]) -> tuple[Status, list[str], dict]:
    missing = [k for k in keys if k not in candidate.evidence]
    given = {k: dataclasses.asdict(candidate.evidence[k]) for k in keys if k in candidate.evidence}
    return (Status.PASS if not missing else Status.INDETERMINATE), missing, given


def item_I(candidate: Candidate) -> RuleResult:
    """Art. 4 I: evidence that the Prefeitura and the Câmara Municipal can be installed.

    Passes when the candidate file gives evidence for both ``prefeitura`` and ``camara``
    (``[evidence.*]``, :data:`viabilidade.proposal.candidate.EVIDENCE_ITEMS`); otherwise indeterminate
    naming what is missing. The law sets no certifier.
    """
    status, missing, given = _evidence(candidate, I_ITEMS)
    if missing:
        reason = ("Faltam no arquivo do candidato as evidências de: "
                  + "; ".join(EVIDENCE_ITEMS[k] for k in missing)
                  + " (documento que indique o imóvel e sua disponibilidade).")
    else:
        reason = "Evidências apresentadas para a instalação da Prefeitura e da Câmara Municipal."
    unchecked = _unchecked(candidate, I_ITEMS)
    if unchecked and not missing:
        reason += " Documentos declarados, a conferir com os originais: " + "; ".join(
            candidate.evidence[k].document for k in unchecked) + "."
    return simple("art4.I", TITLES["art4.I"], status, reason,
                  certifier="proponentes (documentos)",
                  basis=Basis.DECLARED if unchecked else None,
                  details={"evidencias": given, "faltam": missing, "a_conferir": unchecked})


def item_II(profile: Profile, settings: Settings) -> RuleResult:
    """Art. 4 II: at least ``settings.gap_m`` (6 000) geodesic metres between the new border and
    the origin's urban perimeter (I-4 chooses the perimeter).

    ``profile.territory.gap_m`` (measured) decides; otherwise ``gap_bound_m`` below the
    threshold proves a fail (the gap can only be smaller than the bound); otherwise
    indeterminate, showing the bound. When the area's polygon is known (``area_parts`` set)
    the reason says only the urban perimeter is missing and the bound runs from the origin's
    seat point to the polygon's nearest point. Certified by IBGE (§ 2).
    """
    t: Territory = profile.territory
    details = {"perimetro": settings.perimeter}
    if t.gap_m is not None and t.gap_m.value is not None:
        return numeric_result("art4.II", settings.threshold_title(TITLES["art4.II"], "gap_m"), t.gap_m, float(settings.gap_m), ">=",
                              unit="m", certifier=CERTIFIER["II"], what="distância",
                              missing="", details=details)
    bound = t.gap_bound_m
    if bound is not None and bound.value is not None:
        proves = bound.value < settings.gap_m
        margin = bound.value - settings.gap_m
        shown = amount(bound.value, "m", bound.precision, settings.gap_m)
        if proves:
            reason = (f"Um ponto da área fica a {shown} da sede do município de origem, "
                      f"menos que {fmt(settings.gap_m)} m: a distância ao perímetro urbano é no "
                      "máximo essa, qualquer que seja a divisa exata.")
        elif t.area_parts is not None:
            # The area's polygon is known (measured): only the urban perimeter is missing.
            reason = (f"O polígono da área é conhecido, mas falta o perímetro urbano do município de "
                      f"origem: a distância geodésica de {shown} vai do ponto da "
                      f"{_bound_origin(t, bound.value)} ao ponto mais próximo do polígono da área. "
                      "O perímetro urbano fica mais perto da divisa que esse ponto, então essa "
                      "distância é só um limite superior e não decide o requisito: é preciso o "
                      "perímetro urbano da origem (lei municipal) ou a distância certificada pelo "
                      "IBGE.")
        else:
            reason = (f"A distância da sede de origem a um ponto conhecido da área é "
                      f"{shown}; isso é só um limite superior e não decide o requisito: "
                      "é preciso o perímetro urbano da origem e o polígono da área, apurados pelo IBGE.")
        return simple("art4.II", TITLES["art4.II"], Status.FAIL if proves else Status.INDETERMINATE,
                      reason, value=bound.value, threshold=settings.gap_m, comparator=">=", unit="m",
                      margin=margin if proves else None,
                      margin_pct=100 * margin / settings.gap_m if proves and settings.gap_m else None,
                      basis=Basis(bound.basis), source=bound.source, vintage=bound.vintage,
                      certifier=CERTIFIER["II"],
                      details={**details, "limite_superior_m": bound.value, "nota": bound.note,
                               **({"precisao": bound.precision} if bound.precision else {})})
    return simple("art4.II", TITLES["art4.II"], Status.INDETERMINATE,
                  "Sem perímetro urbano da origem nem polígono da área: é preciso a distância geodésica "
                  "entre a divisa proposta e o perímetro urbano do município de origem, apurada pelo IBGE.",
                  threshold=settings.gap_m, comparator=">=", unit="m", certifier=CERTIFIER["II"],
                  details=details)


def _bound_origin(t: Territory, value: float) -> str:
    """Label of the urban point the bound was measured from (``"sede de Abadiânia"``).

    Read from ``t.details["gap_by_origin"]`` (the entry whose distance is the bound); a bound
    found nowhere there (a test's hand-made territory) reads ``"sede do município de origem"``.
    """
    for entry in (t.details.get("gap_by_origin") or {}).values():
        d = entry.get("distance_m")
        if d is not None and abs(round(d, 3) - value) < 1e-3 and entry.get("from"):
            return str(entry["from"])
    return "sede do município de origem"


#: Why no certificate decides art. 4 III (§ 2 names no body for it).
NO_BODY_III = "o art. 4º, § 2º não atribui o item III a órgão algum"


def _certificate_subsidy(territory: Territory, status: Status, said: bool = False) -> str:
    """The IBGE statement on continuity, quoted as a subsidy (``""`` without one).

    Art. 4 § 2 gives items II, IV and VI to the IBGE, V to the Cartório Eleitoral and VII to
    the Secretaria da Fazenda: item III to no body. A statement on continuity is therefore
    not a certificate that decides the item; it is quoted beside what is measured, and a
    disagreement with the measurement is said. ``said``: the reason before it already says
    :data:`NO_BODY_III`, not repeated (legal8 m6).
    """
    cert = territory.continuity_certificate
    if cert is None or cert.value is None:
        return ""
    says = "contínuo" if cert.value else "interrompido"
    text = (f" Subsídio: a declaração do {BODIES['ibge'].name} ({cert.source}) diz o remanescente "
            f"{says}; " + ("" if said else f"{NO_BODY_III}, e ")
            + "a declaração não decide o requisito.")
    measured = {Status.PASS: True, Status.FAIL: False}.get(status)
    if measured is not None and measured != bool(cert.value):
        text += " A declaração diverge da medição: é preciso conferir o traçado."
    return text


def continuity(code: str, label: str, territory: Territory) -> tuple[Status, str]:
    """Art. 4 III for one origin: is its remainder one piece (after the I-5 tolerance)?

    Decided on what is measured: the remainder of the area's polygon, or of the districts'
    limits on the IBGE's tract mesh when the area is whole districts and the store has the
    tracts (``territory.details["continuity_mesh"]``). Without either the item is
    indeterminate. An IBGE statement (``territory.continuity_certificate``) is quoted only
    as a subsidy (:func:`_certificate_subsidy`): art. 4 § 2 gives item III to no body.
    """
    parts = territory.remainder_parts.get(code)
    touch = territory.remainder_point_touch.get(code)
    mesh = territory.details.get("continuity_mesh")
    on = f" (medido sobre o {mesh})" if mesh else ""
    if parts is None:
        status, reason = Status.INDETERMINATE, (
            f"{label}: sem polígono da área nem limites de distrito nos dados, a continuidade "
            "não pode ser medida; é preciso o memorial descritivo ou o arquivo de limites da "
            f"área ({NO_BODY_III}).")
    elif parts == 0:
        status, reason = Status.FAIL, f"{label}: nada resta do município de origem{on}."
    elif parts > 1:
        status, reason = Status.FAIL, f"{label}: o remanescente fica dividido em {parts} partes{on}."
    elif touch:
        status, reason = Status.FAIL, f"{label}: as partes do remanescente se tocam em um só ponto{on}."
    else:
        status, reason = Status.PASS, f"{label}: o remanescente permanece contínuo{on}."
    return status, reason + _certificate_subsidy(territory, status, NO_BODY_III in reason)


def item_III(candidate: Candidate, profile: Profile, settings: Settings) -> RuleResult:
    """Art. 4 III: the area does not break the territorial continuity of any origin.

    Uses ``profile.territory.remainder_parts`` / ``remainder_point_touch`` per origin (I-5:
    slivers below ``settings.sliver_tolerance_km2`` already dropped by the geometry step;
    a single-point touch is not continuity). Missing → indeterminate ("sem polígono da
    área"). Always basis ``measured``: an IBGE statement is a subsidy (:func:`continuity`).
    """
    checks = {}
    for code in candidate.origins:
        label = profile.origins[code].label if code in profile.origins else code
        checks[code] = continuity(code, label, profile.territory)
    status = combine([s for s, _ in checks.values()]) if checks else Status.INDETERMINATE
    reason = " ".join(r for _, r in checks.values()) or "Nenhum município de origem informado."
    t = profile.territory
    cert = t.continuity_certificate
    subsidy = {} if cert is None else {"subsidio": {"documento": cert.source,
                                                     "valor": bool(cert.value), "base": str(cert.basis)}}
    # no basis without a measure: an undecided continuity was not measured (legal10 M2)
    return simple("art4.III", TITLES["art4.III"], status, reason,
                  certifier="(geometria)", basis=measured_if_decided(status),
                  source=t.details.get("continuity_source") or t.source,
                  details={"tolerancia_km2": settings.sliver_tolerance_km2, **subsidy,
                           "origens": {c: {"status": str(s), "motivo": r} for c, (s, r) in checks.items()}})


def _revenue_figure(unit: UnitProfile, candidate: Candidate | None, is_area: bool) -> Figure | None:
    if unit.collection is not None:
        return unit.collection
    if is_area and candidate is not None and candidate.collection is not None:
        return money_figure(candidate.collection, note="valor informado no arquivo do candidato")
    return None


#: In the note of a state revenue taken from the latest complete year of the data
#: (:func:`viabilidade.profile.build.state_tax_revenue`): art. 4 VII then says the law's year is
#: not in the files yet.
LATEST_REVENUE_NOTE = "último ano completo nos arquivos do estudo"
#: In the note of a state revenue whose source counts more than tax revenue (SEFAZ-GO's
#: Receita Gerencial: fines and the 2 % ICMS additional included): art. 4 VII then labels its
#: limit as approximate, by excess (N8).
OVERSTATED_REVENUE_NOTE = ("limite aproximado, por excesso: a receita da fonte inclui multas e o "
                           "adicional de 2 % do ICMS")
#: The same, as the sentence art. 4 VII adds to the note on its requirement.
OVERSTATED_REVENUE_SENTENCE = ("A exigência é aproximada, por excesso: a receita da fonte "
                               "(SEFAZ-GO, Receita Gerencial) inclui multas, que não são receita "
                               "de impostos, e o adicional de 2 % do ICMS.")


def revenue_requirement(state_rev: Figure | None,
                        exercise: tuple[int, str] | None) -> dict[str, str]:
    """What art. 4 VII says beside its requirement about the state revenue it was computed
    with; one text for the study and the art. 8 audit.

    Parameters
    ----------
    state_rev : Figure, optional
        The state's tax revenue (BRL), with its note
        (:func:`viabilidade.profile.build.published_state_revenue`).
    exercise : (int, str), optional
        The "último exercício" (:func:`.calendar.last_closed_exercise`).

    Returns
    -------
    dict
        Some of ``referencia_exigencia`` (``"receita estadual de 2023"``, when the revenue
        is not the last exercise's and not certified), ``natureza_exigencia`` (``"aproximada,
        por excesso"``, when the source counts fines and the 2 % ICMS additional, N8) and
        ``nota_exigencia`` (the sentences: the law asks for the last exercise's revenue,
        certified by the Secretaria de Estado da Economia; :data:`OVERSTATED_REVENUE_SENTENCE`);
        empty when there is nothing to say.
    """
    out: dict[str, str] = {}
    if state_rev is None:
        return out
    vintage = str(state_rev.vintage)[:4]
    if exercise is not None and state_rev.basis not in (Basis.CERTIFIED, Basis.DECLARED) \
            and vintage.isdigit() \
            and int(vintage) != exercise[0]:
        sy, year = int(vintage), exercise[0]
        latest = LATEST_REVENUE_NOTE in (state_rev.note or "")
        out["referencia_exigencia"] = f"receita estadual de {sy}"
        out["nota_exigencia"] = (f"A exigência foi calculada com a receita estadual de impostos "
                                 f"de {sy}; a lei pede a do último exercício ({year})"
                                 + (f", que os arquivos do estudo ainda não trazem (a receita "
                                    f"completa vai até {sy})" if latest and sy < year else "")
                                 + f". O limite legal é o da receita de {year}, certificada pela "
                                 "Secretaria de Estado da Economia de Goiás.")
    if OVERSTATED_REVENUE_NOTE in (state_rev.note or ""):  # N8: label in the table, reason in the note
        note = out.get("nota_exigencia", "")
        out["natureza_exigencia"] = "aproximada, por excesso"
        out["nota_exigencia"] = (note + " " if note else "") + OVERSTATED_REVENUE_SENTENCE
    return out


def state_revenue(profile: Profile, candidate: Candidate | None) -> Figure | None:
    """The state's tax revenue for art. 4 VII: the profile's, else the candidate's ``[fiscal]``."""
    if profile.state_tax_revenue is not None:
        return profile.state_tax_revenue
    if candidate is not None and candidate.state_tax_revenue is not None:
        return money_figure(candidate.state_tax_revenue)
    return None


def numeric_item(item: str, unit: UnitProfile, settings: Settings, *, reduced: bool = False,
                 state_rev: Figure | None = None, candidate: Candidate | None = None,
                 subject: str = "área", is_area: bool = True,
                 exercise: tuple[int, str] | None = None) -> RuleResult:
    """Art. 4 IV, V, VI (building count only) or VII for one territory.

    Parameters
    ----------
    item : {"IV", "V", "VI", "VII"}
    unit : UnitProfile
        Population, electors, buildings, collection figures with basis and provenance.
    settings : Settings
    reduced : bool
        Special interest declared (I-2): reduced thresholds for the items I-1 selects.
    state_rev : Figure, optional
        State tax revenue (BRL) for VII; its year must match the collection's.
    candidate : Candidate, optional
        For VII on the area: ``[fiscal] collection`` when the profile has none.
    subject : str
        Who the result is about (``"área"`` or a remainder's label).
    is_area : bool
        Whether ``unit`` is the proposed area (only then is the candidate's collection used).
    exercise : (int, str), optional
        For VII: the "último exercício" (:func:`.calendar.last_closed_exercise`, year and its
        Portuguese description). A collection of another fiscal year leaves the item
        ``indeterminate``, naming the year expected.

    Returns
    -------
    RuleResult
        ``rule_id`` ``art4.<item>``; threshold after I-1/I-1b/I-3; certifier per § 2
        (IBGE for IV and VI, Cartório Eleitoral (TRE-GO) for V, the Secretaria de Estado da
        Economia for VII).

    Raises
    ------
    SettingsError
        If ``item`` is not IV, V, VI or VII.
    """
    th = settings.threshold(item, reduced)
    details = {"reduzido": th.reduced}
    if item == "VII":
        figure = _revenue_figure(unit, candidate, is_area)
        rev = None if state_rev is None else state_rev.value
        limit = float("nan") if rev is None else float(revenue_threshold(rev, th.exact))
        details.update(parcela_receita=float(th.exact),
                       receita_estadual=rev,
                       receita_estadual_fonte="" if state_rev is None else state_rev.source,
                       receita_estadual_base=None if state_rev is None else str(state_rev.basis),
                       receita_estadual_ano="" if state_rev is None else state_rev.vintage,
                       # legal10 S2: its "Base" reads "hipótese da simulação" (act after today)
                       **({"receita_estadual_simulada": True}
                          if state_rev is not None and simulated_note(state_rev.note) else {}))
    else:
        figure = {"IV": unit.population, "V": unit.electors, "VI": unit.buildings}[item]
        limit = float(th.exact)
    title = settings.threshold_title(TITLES[f"art4.{item}"], NUMERIC_ITEMS[item])
    r = numeric_result(f"art4.{item}", title, figure, limit, th.comparator,
                       unit=UNITS[item], certifier=CERTIFIER[item], subject=subject,
                       missing=MISSING[item], what=WHAT[item], details=details)
    if th.reduced:
        r = dataclasses.replace(r, reason=r.reason + f" Limite reduzido por interesse especial: {CHOICES['reduction'][settings.reduction]}.")
    if item == "VII" and figure is not None and state_rev is not None and figure.value is not None:
        fy, sy = figure.vintage[:4], state_rev.vintage[:4]
        if fy.isdigit() and sy.isdigit() and fy != sy:
            r = dataclasses.replace(
                r, status=Status.INDETERMINATE, lean=None,
                reason=f"A arrecadação é de {fy} e a receita estadual de {sy}: o art. 4º, VII compara "
                       "valores do mesmo exercício; é preciso a receita estadual de impostos de " + fy + ".")
    if item == "VII":
        said = revenue_requirement(state_rev, exercise)
        if said:
            r = dataclasses.replace(r, details={**r.details, **said})
    if item == "VII" and exercise is not None and figure is not None and figure.value is not None:
        fy, (year, how) = figure.vintage[:4], exercise
        if fy.isdigit() and int(fy) != year:
            whose = "da área" if is_area else f"de {subject}"
            r = dataclasses.replace(
                r, status=Status.INDETERMINATE, lean=None,
                reason=f"A arrecadação {whose} informada é do exercício de {fy}, mas o art. 4º, VII "
                       f"pede a “arrecadação, no último exercício”: o {how} é {year}. É preciso a "
                       f"arrecadação de {year}, certificada pela SEFAZ-GO, e a receita estadual de "
                       f"impostos do mesmo exercício.",
                details={**r.details, "exercicio_esperado": year, "exercicio_informado": int(fy)})
    return r


#: What the art. 4 VI estimate counts when no census tracts separate the urban core: every
#: occupied private dwelling of the territory, urban and rural (the note of the figure,
#: :func:`viabilidade.profile.build._buildings_figure`; issue 29 § 5).
WHOLE_DWELLINGS = ("domicílios particulares ocupados de todo o território, urbanos e rurais "
                   "(Censo 2022, V0007)")


def _whole_dwellings_sentence(candidate: Candidate, unit: UnitProfile) -> str:
    """``" Os 1.178 são os domicílios particulares ocupados de todo o distrito, urbanos e
    rurais (Censo 2022, V0007), e não só os do núcleo urbano."``, or ``""`` when the figure
    is not that proxy."""
    f = unit.buildings
    if f is None or f.value is None or not str(f.note or "").startswith(WHOLE_DWELLINGS):
        return ""
    whole = ("do distrito" if len(candidate.districts) == 1 and not candidate.municipalities
             else "dos distritos" if candidate.districts and not candidate.municipalities
             else "do município" if len(candidate.municipalities) == 1 and not candidate.districts
             else "da área")
    return (f" Os {fmt(f.value)} são os domicílios particulares ocupados de todo o território "
            f"{whole}, urbanos e rurais (Censo 2022, V0007), e não só os do núcleo urbano.")


def item_VI(candidate: Candidate, unit: UnitProfile, settings: Settings, reduced: bool) -> RuleResult:
    """Art. 4 VI: building count (>= 200, or reduced) and evidence of the five areas
    (escola, saúde, posto telefônico, praça de esporte, cemitério) in the candidate file."""
    count = numeric_item("VI", unit, settings, reduced=reduced)
    ev_status, missing, given = _evidence(candidate, VI_AREAS)
    status = combine([count.status, ev_status])
    reason = count.reason + _whole_dwellings_sentence(candidate, unit)
    if missing:
        reason += (" Faltam evidências de: " + "; ".join(EVIDENCE_ITEMS[k] for k in missing) + ".")
    else:
        reason += " Áreas para os cinco equipamentos evidenciadas."
    unchecked = _unchecked(candidate, VI_AREAS)
    if unchecked and not missing:
        reason += " Documentos declarados, a conferir com os originais."
    ev_result = dataclasses.replace(count, status=ev_status, lean=None)
    lean = combine_lean([count, ev_result]) if status == Status.INDETERMINATE else None
    basis = (Basis.DECLARED if unchecked and count.basis in (Basis.CERTIFIED, None, "")
             else count.basis)
    return dataclasses.replace(count, status=status, lean=lean, reason=reason, basis=basis,
                               details={**count.details, "edificacoes_status": str(count.status),
                                        "edificacoes_lean": str(count.lean or ""),
                                        "edificacoes_base": str(count.basis or ""),
                                        "evidencias": given, "faltam": missing,
                                        "a_conferir": unchecked})


def origin_reduced(code: str, settings: Settings) -> bool:
    """I-7: does the origin's remainder get its own special-interest reduction?"""
    return settings.origin_reduction == "own" and code in settings.origin_special_interest


def measured_if_decided(status: Status) -> Basis | None:
    """Art. 4 III's basis: ``measured`` when the geometry decided the continuity, ``None``
    when nothing could be measured (legal10 M2: "art. 4º, III — (medido)" with no measure)."""
    return Basis.MEASURED if Status(status) in (Status.PASS, Status.FAIL) else None


def par1(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """Art. 4 § 1: each origin's remainder keeps items IV, V, VI (count), VII and III.

    One result per origin, subject = the remainder's label, value/threshold = its population,
    ``details["subchecks"]`` holding each sub-check (status, value, threshold, reason). An
    area that takes the origin's seat never gets here: the loss of item I is refused before
    any study (:func:`viabilidade.profile.coherence.seat_problems`).
    Thresholds are the full ones unless I-7 ``own`` applies.
    """
    out = []
    srev = state_revenue(profile, candidate)
    exercise = last_closed_exercise(candidate, settings)
    for code in candidate.origins:
        rem = profile.remainders.get(code)
        if rem is None:
            out.append(simple("art4.par1", TITLES["art4.par1"], Status.INDETERMINATE,
                              f"Sem dados do remanescente de {code}: é preciso a população, o eleitorado, "
                              "as edificações e a arrecadação do que resta do município de origem.",
                              subject=code))
            continue
        red = origin_reduced(code, settings)
        subs = [numeric_item(i, rem, settings, reduced=red, state_rev=srev, subject=rem.label,
                             is_area=False, exercise=exercise) for i in ("IV", "V", "VI", "VII")]
        c_status, c_reason = continuity(code, rem.label, profile.territory)
        cont = simple("art4.III", TITLES["art4.III"], c_status, c_reason, subject=rem.label,
                      basis=measured_if_decided(c_status))
        subs.append(cont)
        status = combine([s.status for s in subs])
        lean = combine_lean(subs) if status == Status.INDETERMINATE else None
        failing = [s.rule_id for s in subs if s.status == Status.FAIL]
        open_ = [s.rule_id for s in subs if s.status == Status.INDETERMINATE]
        if failing:
            noun = "o requisito do" if len(failing) == 1 else "os requisitos do"
            reason = f"{rem.label} perderia {noun} {cite_items(failing, SHORT)}."
        elif open_:
            noun = ("requisito ainda não comprovado" if len(open_) == 1
                    else "requisitos ainda não comprovados")
            reason = f"{rem.label}: {noun}: {cite_items(open_, SHORT)}."
        else:
            reason = f"{rem.label} mantém os requisitos do art. 4º (IV, V, VI, VII e III)."
        pop = subs[0]
        out.append(simple(
            "art4.par1", TITLES["art4.par1"], status, reason, subject=rem.label,
            value=pop.value, threshold=pop.threshold, comparator=pop.comparator, unit=pop.unit,
            margin=pop.margin, margin_pct=pop.margin_pct, basis=pop.basis, lean=lean,
            source=pop.source, vintage=pop.vintage, certifier=pop.certifier,
            details={"cod_ibge": code, "reduzido": red,
                     # the population's act dated after today (legal10 S2: "Base" said
                     # "documento declarado" while the remainder stays indeterminate)
                     **({"nota": pop.details["nota"]} if rests_on_simulated_act(pop) else {}),
                     "subchecks": {
                s.rule_id.replace("art4.", ""): {
                    "status": str(s.status), "lean": str(s.lean or ""), "valor": s.value,
                    "limite": s.threshold, "comparador": s.comparator, "unidade": s.unit,
                    "base": str(s.basis or ""), "base_decisiva": str(deciding_basis(s) or ""),
                    "motivo": s.reason,
                    "referencia_exigencia": s.details.get("referencia_exigencia", ""),
                    "natureza_exigencia": s.details.get("natureza_exigencia", ""),
                    # its act dated after today: read as a hypothesis of the simulation
                    **({"nota": s.details["nota"]} if on_simulated_act(s) else {})}
                for s in subs}}))
    return out


def evaluate_art4(candidate: Candidate, profile: Profile, settings: Settings) -> list[RuleResult]:
    """All of art. 4 for a municipality creation: I–VII for the area, § 1 for each origin.

    The area gets reduced thresholds when ``candidate.special_interest`` (I-2) for the items
    ``settings.reduction_items`` selects (I-1).
    """
    reduced = candidate.special_interest
    area = profile.area
    srev = state_revenue(profile, candidate)
    return [
        item_I(candidate),
        item_II(profile, settings),
        item_III(candidate, profile, settings),
        numeric_item("IV", area, settings, reduced=reduced),
        numeric_item("V", area, settings, reduced=reduced),
        item_VI(candidate, area, settings, reduced),
        numeric_item("VII", area, settings, reduced=reduced, state_rev=srev, candidate=candidate,
                     exercise=last_closed_exercise(candidate, settings)),
        *par1(candidate, profile, settings),
    ]


def waived(reason: str) -> list[RuleResult]:
    """Art. 4 rules marked not_applicable, each with ``reason``."""
    return [simple(rid, title, Status.NOT_APPLICABLE, reason) for rid, title in TITLES.items()]


def waived_whole() -> RuleResult:
    """Art. 4 waived as a whole for a fusion (art. 5 § 2): one ``not_applicable`` result
    ``"art4"``, "art. 4º dispensado (art. 5º, § 2º)", not one line per item."""
    return simple("art4", "Requisitos do art. 4º", Status.NOT_APPLICABLE,
                  "art. 4º dispensado (art. 5º, § 2º): fusão de área territorial integral de "
                  "municípios, com a extinção destes.",
                  details={"texto_legal": ""})  # art. 5 § 2, quoted by its own rule


__all__ = ["item_I", "item_II", "item_III", "numeric_item", "item_VI", "par1", "evaluate_art4",
           "waived", "waived_whole", "continuity", "state_revenue", "origin_reduced", "TITLES", "CERTIFIER"]
