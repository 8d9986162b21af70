"""Put the candidate's certified figures (art. 4 § 2) into its profile, replacing estimates.

A certified figure keeps its unit and becomes basis ``certified``, with the document cited as
its source (``"IBGE, Ofício nº 45/2027, de 15/03/2027"``) and the document's date as its
vintage, so the rules decide on it and the study names the document wherever the figure is
shown. The area's collection and the state's tax revenue (art. 4 VII) reach the profile
through the candidate's fiscal fields (:func:`viabilidade.proposal.certified.certified_money`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from ..proposal.candidate import Candidate
from ..proposal.certified import Certificate
from ..proposal.record import DECLARED
from ..common.plausibility import ratio_note
from .types import Profile, UnitProfile
from ..rules.common import SIMULATED, future_act, simulated_act
from ..rules.result import Basis, Figure

#: Profile attribute of each certified count of a territory.
_ATTRS = {"population": "population", "electors": "electors", "buildings": "buildings",
          "collection": "collection"}


def certified_figure(cert: Certificate, replaced: Figure | None = None) -> Figure:
    """The :class:`Figure` of a certificate, the document as source: basis certified when a
    person checked the original (``cert.checked``), else declared (:data:`DECLARED`), or a
    hypothesis of the simulation when dated after today
    (:data:`~viabilidade.rules.common.SIMULATED`). Only a checked value says it replaces the
    study's estimate or the published value.

    Parameters
    ----------
    cert : Certificate
    replaced : Figure, optional
        The estimate it replaces; its value is named in the note.
    """
    spec = cert.spec
    if spec.kind == "flag":
        value = 1 if cert.value else 0
    else:
        value = cert.value
    # "certificado" only on a document someone checked (legal review item 2); an unchecked
    # one replaces nothing until checked (final legal read, item 2)
    checked = cert.checked is not None
    # an act dated after today is no declared document yet: nothing to check (legal10 S2)
    future = not checked and simulated_act(cert.date)
    word = ("valor certificado" if checked else "valor de ato datado depois de hoje" if future
            else "valor de documento declarado (não conferido)")
    note = f"{word} ({spec.what}, art. 4º, {spec.item}, e § 2º)"
    if checked and replaced is not None and replaced.value is not None \
            and replaced.basis not in (Basis.CERTIFIED, Basis.DECLARED):
        note += "; substitui a estimativa do estudo"
    elif checked and replaced is not None and replaced.value is not None and replaced.value != value:
        note += "; substitui o valor publicado"
    if replaced is not None and replaced.value is not None and spec.kind != "flag":
        wild = ratio_note(value, replaced.value,
                          "valor estimado pelo estudo"
                          if replaced.basis in (Basis.ESTIMATED, Basis.MEASURED) else
                          "valor publicado")
        note += f"; {wild}" if wild else ""
    vintage = str(cert.year) if cert.year is not None else cert.date.isoformat()
    if not checked:
        note += f"; {SIMULATED if future else DECLARED}"
    return Figure(value, spec.unit, Basis.CERTIFIED if cert.checked is not None else Basis.DECLARED,
                  cert.citation(), vintage, note=note)


def future_certificate(cert: Certificate, today: dt.date | None) -> str:
    """Why a certificate dated after the study date is not used, or ``""``: ``"certidão
    (IBGE, Ofício nº 101/2027, de 10/03/2027) não considerada: ato futuro: datado de
    10/03/2027, posterior à data do estudo (01/12/2026)"`` (:func:`~.rules.common.future_act`)."""
    future = future_act(cert.date, today)
    return f"certidão ({cert.citation()}) não considerada: {future}" if future else ""


def _kept(figure: Figure | None, why: str) -> Figure | None:
    """The data's figure kept in place of a future certificate, the reason in its note."""
    if figure is None:
        return None
    return dataclasses.replace(figure, note=f"{figure.note}; {why}" if figure.note else why)


def _unit(unit: UnitProfile, certs: dict[str, Certificate], today: dt.date | None) -> UnitProfile:
    changes = {}
    for key, attr in _ATTRS.items():
        if key in certs:
            why = future_certificate(certs[key], today)
            changes[attr] = (_kept(getattr(unit, attr), why) if why else
                             certified_figure(certs[key], getattr(unit, attr)))
    return dataclasses.replace(unit, **changes) if changes else unit


def apply_certificates(profile: Profile, candidate: Candidate,
                       today: dt.date | None = None) -> Profile:
    """The profile with every certified figure of ``candidate.certified`` in place.

    Parameters
    ----------
    profile : Profile
        As built from the data (:func:`viabilidade.profile.build.build_profile`).
    candidate : Candidate
        Its ``certified`` table (:mod:`viabilidade.proposal.certified`).

    Returns
    -------
    Profile
        Area population, electors and buildings (art. 4 IV–VI), each remainder's
        population, electors, buildings and collection (§ 1), the 6 km distance as
        ``territory.gap_m`` (II) and the continuity of the origin as
        ``territory.continuity_certificate`` (III) replaced by their certificates. The
        area's collection and the state tax revenue come from the candidate's fiscal fields.
        A remainder certificate for an origin the profile has no remainder of (a fusion)
        is not used, nor is a certificate dated after ``today`` (the study date): the data's
        figure stays, its note saying why (:func:`future_certificate`).
    """
    cert = candidate.certified
    if not cert:
        return profile
    area = _unit(profile.area, {k: v for k, v in cert.area.items() if k != "collection"}, today)
    remainders = {code: _unit(rem, cert.remainders.get(code, {}), today)
                  for code, rem in profile.remainders.items()}
    territory = profile.territory
    if "gap_m" in cert.area:
        why = future_certificate(cert.area["gap_m"], today)
        territory = dataclasses.replace(
            territory, gap_m=(_kept(territory.gap_m, why) if why else
                              certified_figure(cert.area["gap_m"], territory.gap_m)))
    if "continuity" in cert.area and not future_certificate(cert.area["continuity"], today):
        territory = dataclasses.replace(
            territory, continuity_certificate=certified_figure(cert.area["continuity"]))
    return dataclasses.replace(profile, area=area, remainders=remainders, territory=territory)


__all__ = ["apply_certificates", "certified_figure", "future_certificate"]
