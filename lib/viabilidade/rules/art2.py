"""Art. 2 — a municipality creation starts with a deputy's proposal and a representation signed
by at least 100 electors registered in the area (notarised signatures)."""

from __future__ import annotations

from ..candidate import Candidate
from .common import fmt, simple
from .result import RuleResult, Status
from .settings import Settings


def petition(rule_id: str, title: str, signatures: int | None, minimum: int, who: str) -> RuleResult:
    """Signatures >= ``minimum``; indeterminate when the count is not in the candidate file.

    The count is the proponents' own figure (no data set, no certificate of art. 4 § 2):
    the result has no basis.

    Shared by art. 2 (100 electors of the area) and art. 5 § 1 (50 electors living in the area).
    """
    if signatures is None:
        return simple(rule_id, title, Status.INDETERMINATE,
                      f"Número de assinaturas não informado: é preciso a representação assinada por, no "
                      f"mínimo, {fmt(minimum)} {who}, com firmas reconhecidas. Informe o número de assinaturas da "
                      "representação (campo process.petition_signatures do arquivo da candidatura).",
                      threshold=minimum, comparator=">=", unit="assinaturas")
    ok = signatures >= minimum
    return simple(rule_id, title, Status.PASS if ok else Status.FAIL,
                  f"{fmt(signatures)} assinaturas; exigido no mínimo {fmt(minimum)} {who}.",
                  value=signatures, threshold=minimum, comparator=">=", unit="assinaturas",
                  margin=signatures - minimum,
                  margin_pct=100 * (signatures - minimum) / minimum if minimum else None,
                  source="representação (arquivo do candidato)",
                  certifier="cartório (firmas reconhecidas)")


def art2(candidate: Candidate, settings: Settings) -> RuleResult:
    """Art. 2: representation signed by >= ``settings.petition`` (100) electors of the area."""
    return petition("art2", "Representação assinada por no mínimo cem eleitores da área",
                    candidate.petition_signatures, settings.petition, "eleitores inscritos na área")
