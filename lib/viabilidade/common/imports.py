"""Keeping slow, unused work out of a process: :func:`block_slow_imports`, called by the
batch workers, the batch's input digest and the tests before the study machinery is imported,
and :func:`collect_less` (the cyclic garbage collector's thresholds), called by the command
line's own process and by each batch worker.
"""

from __future__ import annotations


#: Modules the study machinery never uses but pays for at import: with JupyterLab installed,
#: jsonschema (imported by nbformat, papermill, nbconvert) imports ``rfc3987_syntax``, which
#: builds a Lark grammar at import (2.4 s measured), only to check the JSON-schema
#: format "iri" that the notebook schema does not use. NBFORMAT_VALIDATOR=fastjsonschema
#: does not avoid it (nbformat imports jsonschema anyway); blocking the module does.
BLOCKED_MODULES = ("rfc3987_syntax",)


def block_slow_imports() -> None:
    """Make :data:`BLOCKED_MODULES` unimportable in this process (idempotent)."""
    import sys

    for name in BLOCKED_MODULES:
        if name not in sys.modules:
            sys.modules[name] = None  # "import rfc3987_syntax" now raises ImportError at once


#: The cyclic garbage collector's thresholds in a process that runs studies
#: (:func:`gc.set_threshold`; Python's are 700, 10, 10): a young collection every 50.000 new
#: container objects instead of 700.
COLLECTOR_THRESHOLDS = (50_000, 20, 10)


def collect_less() -> None:
    """Collect garbage less often in this process (:data:`COLLECTOR_THRESHOLDS`).

    A study's process imports pandas, geopandas, matplotlib and the study machinery and
    reads the store: hundreds of thousands of objects that live until the process ends,
    each walked again by every older-generation collection while they pile up (a fresh
    ``viabilidade estudo`` of Posse d'Abadia: 443 young, 40 middle and 3 full collections,
    0,28-0,35 s of CPU; with these thresholds 22 young and 2 middle ones, 0,11-0,13 s;
    issue 30). What a study leaves as garbage cycles (matplotlib figures) is still
    collected, later; the peak memory is measured in ``benchmarks/study.py`` (unchanged).
    Only for a process of its own (the console script, a batch worker): a library caller's
    collector is its own.
    """
    import gc

    gc.set_threshold(*COLLECTOR_THRESHOLDS)
