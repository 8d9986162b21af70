"""Keeping slow, unused modules out of a process: :func:`block_slow_imports`, called by the
batch workers, the batch's input digest and the tests before the study machinery is imported.
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
