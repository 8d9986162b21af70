"""Is the study conclusive? What must still be certified, and by whom (art. 4 §§ 2–3).

A study is **conclusivo** when every figure the operation's requirements rest on is certified
(by the body art. 4 § 2 names, or published by it) or measured, and the evidence of art. 4 I
and VI is in the file: each such requirement is then decided (cumprido or não cumprido) on
its figures. Otherwise it is **preliminar**, and :func:`pending` lists what is missing and
which body must provide it. A figure counts as settled exactly when its requirement is
decided, since only certified or measured values decide a rule (:mod:`.vectorised`): an
estimate, a missing value, or a measured bound that proves nothing leave it pending.

The plebiscite (art. 7) comes after the requirements are proven (art. 7 § 2) and is not part
of this: a conclusive study may still await it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..certified import BODIES, FIGURES
from ..candidate import EVIDENCE_ITEMS, Candidate
from .result import RuleResult, Status

CONCLUSIVE = "estudo conclusivo"
PRELIMINARY = "estudo preliminar"
#: Body printed for each item of art. 4 (§ 2; III goes with II, IBGE's geometry).
ITEM_BODY = {"II": BODIES["IBGE"][0], "III": BODIES["IBGE"][0], "IV": BODIES["IBGE"][0],
             "VI": BODIES["IBGE"][0], "V": BODIES["eleitoral"][0], "VII": BODIES["SEFAZ"][0]}
#: Candidate-file key of the certificate of each item (area).
ITEM_KEY = {"II": "gap_m", "III": "continuity", "IV": "population", "V": "electors",
            "VI": "buildings", "VII": "collection"}
PROPONENTS = "Proponentes"
_DECIDED = (Status.PASS, Status.FAIL)


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
    """

    item: str
    subject: str
    what: str
    body: str
    field: str
    roman: str = ""


def _figure(item: str, subject: str, code: str | None = None) -> Pending:
    key = ITEM_KEY[item]
    what = FIGURES[key].what
    if item == "VII":
        what += " e " + FIGURES["state_tax_revenue"].what
    if code is None:
        return Pending(f"art. 4º, {item}", subject, what, ITEM_BODY[item], f"certified.{key}", item)
    place = ("certified.continuity" if item == "III" else f"certified.remainder.{code}.{key}")
    return Pending(f"art. 4º, § 1º ({item})", subject, what, ITEM_BODY[item], place, item)


def _evidence(rule: RuleResult, item: str) -> list[Pending]:
    return [Pending(f"art. 4º, {item}", rule.subject, EVIDENCE_ITEMS.get(k, k), PROPONENTS,
                    f"evidence.{k}", item) for k in rule.details.get("faltam", [])]


def pending(results: list[RuleResult]) -> list[Pending]:
    """Figures and evidence still missing for the requirements of the operation.

    Parameters
    ----------
    results : list of RuleResult
        The study's results (:func:`viabilidade.operations.evaluate`).

    Returns
    -------
    list of Pending
        In the order of the law: art. 4 I–VII for the area, then § 1 per origin (IV, V, VI,
        VII, III), then art. 17 (districts). Empty when the study is conclusive.
        ``not_applicable`` rules (a fusion's art. 4) need nothing.
    """
    out: list[Pending] = []
    for r in results:
        status = Status(r.status)
        if status == Status.NOT_APPLICABLE:
            continue
        rid = r.rule_id
        if rid == "art4.I":
            out += _evidence(r, "I")
        elif rid in ("art4.II", "art4.III", "art4.IV", "art4.V", "art4.VII"):
            if status not in _DECIDED:
                out.append(_figure(rid.split(".")[1], r.subject))
        elif rid == "art4.VI":
            if Status(r.details.get("edificacoes_status", str(status))) not in _DECIDED:
                out.append(_figure("VI", r.subject))
            out += _evidence(r, "VI")
        elif rid == "art4.par1":
            code = r.details.get("cod_ibge")
            subs = r.details.get("subchecks")
            if not subs:
                out += [_figure(i, r.subject, code or r.subject) for i in ("IV", "V", "VI", "VII")]
                continue
            for item, sub in subs.items():
                if Status(sub["status"]) in _DECIDED:
                    continue
                if item == "I":  # the area takes the origin's seat (art4.par1)
                    out.append(Pending("art. 4º, § 1º (I)", r.subject,
                                       "nova sede do remanescente, com condições para instalar a "
                                       "Prefeitura e a Câmara Municipal", PROPONENTS,
                                       f"evidence (remanescente {code})", "I"))
                else:
                    out.append(_figure(item, r.subject, code))
        elif rid.startswith("art17.") and status not in _DECIDED:
            out.append(Pending(r.article or rid, r.subject, r.title, ITEM_BODY["IV"],
                               "certified." + ("buildings" if rid == "art17.I" else "population"),
                               rid.split(".")[1]))
    # One continuity certificate covers every origin: list it once.
    seen, unique = set(), []
    for p in out:
        key = (p.field, p.subject if p.field != "certified.continuity" else "")
        if key not in seen:
            seen.add(key)
            unique.append(p)
    return unique


def summary(results: list[RuleResult], candidate: Candidate) -> dict:
    """The machine-readable certification state of a study (``resultados.json``).

    Returns
    -------
    dict
        ``conclusive`` (bool), ``label`` (``"estudo conclusivo"`` / ``"estudo preliminar"``),
        ``missing`` (list of :class:`Pending` as dicts), ``missing_bodies`` (bodies that
        must still answer, in the order of art. 4 § 2) and ``certificates`` (each certified
        figure: ``figure``, ``item``, ``subject`` (``"área"`` or the origin code), ``value``,
        ``body``, ``document``, ``date`` ISO, ``year``).
    """
    missing = pending(results)
    bodies = [b for b in (*dict.fromkeys(ITEM_BODY.values()), PROPONENTS)
              if any(p.body == b for p in missing)]
    certs = [{"figure": c.key, "item": c.spec.item, "subject": c.origin or "área",
              "value": c.value, "body": c.body, "document": c.document,
              "date": c.date.isoformat(), "year": c.year}
             for c in candidate.certified.all()]
    return {"conclusive": not missing, "label": PRELIMINARY if missing else CONCLUSIVE,
            "missing": [asdict(p) for p in missing], "missing_bodies": bodies,
            "certificates": certs}


__all__ = ["Pending", "pending", "summary", "CONCLUSIVE", "PRELIMINARY", "ITEM_BODY"]
