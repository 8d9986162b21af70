"""LC 02/1990 (Goiás) as rules: pure functions from a candidate, a profile and settings to
:class:`~.result.RuleResult` objects and a verdict. One module per article; which articles an operation applies is
:mod:`viabilidade.operations` (``operations.evaluate``)."""

from .result import Basis, Figure, Lean, RuleResult, Status, Verdict, verdict
from .settings import Settings

__all__ = ["verdict", "Settings", "RuleResult",
           "Figure", "Status", "Lean", "Basis", "Verdict"]
