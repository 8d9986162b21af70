"""LC 02/1990 (Goiás) as rules: pure functions from a candidate, a profile and settings to
:class:`~.result.RuleResult` objects and a verdict. One module per article; which articles an operation applies is
:mod:`viabilidade.operations` (``operations.evaluate``).

Layer: floor 5 (docs/CONTRACTS.md): it may import the candidate (``proposal``), ``data`` and
the floors below, never ``operations``, ``geo``, ``profile`` or ``report``. Its vocabulary
modules (:mod:`.law`, :mod:`.result`, :mod:`.settings`, :mod:`.ruleset`) sit on the law floor
(2) and import only the ground floor, so the candidate reader may use them; this package's
``__init__`` imports only those two, :mod:`.result` and :mod:`.settings`."""

from .result import Basis, Figure, Lean, RuleResult, Status, Verdict, verdict
from .settings import Settings

__all__ = ["verdict", "Settings", "RuleResult",
           "Figure", "Status", "Lean", "Basis", "Verdict"]
