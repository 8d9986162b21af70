"""LC 02/1990 (Goiás) as rules: pure functions from a candidate, a profile and settings to
:class:`~.result.RuleResult` objects and a verdict. One module per article."""

from .evaluate import evaluate, verdict_under_alternatives
from .result import Basis, Figure, Lean, RuleResult, Status, Verdict, verdict
from .settings import Settings

__all__ = ["evaluate", "verdict_under_alternatives", "verdict", "Settings", "RuleResult",
           "Figure", "Status", "Lean", "Basis", "Verdict"]
