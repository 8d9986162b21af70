"""Each operation of LC 02/1990 as its own case: one module per operation (``creation``,
``fusion``, ``transfer``, ``boundary_correction``, ``district``, and ``restored`` for the
creations art. 21 restored) declares the articles it
applies, the chapters of its study, its ofícios, the law text its appendix prints and its
cover title (:class:`~.base.Operation`); :func:`operation_of` finds a candidate's (and
:func:`operation_for` an ``operation`` code's), and :func:`evaluate` applies its articles.

Layer: floor 6 (docs/CONTRACTS.md), above the candidate (``proposal``) and ``rules`` (it
imports them), below ``geo``, ``profile`` (with ``coherence`` and ``analysis``) and ``report``,
which read what an operation declares instead of branching on its code. It never imports
``geo``, ``profile``, ``report`` or ``data``.
"""

from __future__ import annotations

from .base import CHAPTERS, LETTERS, PROCESS_ITEMS, Operation
from .evaluation import PROFILE_SETTINGS, evaluate, verdict_under_alternatives
from .registry import REGISTRY, RESTORED, operation_for, operation_of, study_name

__all__ = ["Operation", "REGISTRY", "RESTORED", "operation_for", "operation_of", "study_name", "evaluate", "verdict_under_alternatives",
           "PROFILE_SETTINGS", "CHAPTERS", "PROCESS_ITEMS", "LETTERS"]
