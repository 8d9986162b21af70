"""The registry: operation code -> :class:`~.base.Operation`."""

from __future__ import annotations

from ..proposal.candidate import OPERATIONS
from ..errors import CandidateError
from . import boundary_correction, creation, district, fusion, restored, transfer
from .base import Operation

#: Operation code -> its declaration, in the order of :data:`viabilidade.proposal.candidate.OPERATIONS`.
REGISTRY: dict[str, Operation] = {m.OPERATION.code: m.OPERATION for m in (
    creation, district, transfer, fusion, boundary_correction)}
REGISTRY = {code: REGISTRY[code] for code in OPERATIONS}


def operation_for(code: str, *, file=None) -> Operation:
    """The :class:`Operation` of a candidate's ``operation`` code.

    Raises
    ------
    CandidateError
        On an unknown code (pt-BR, naming ``file`` and the field ``operation``).
    """
    try:
        return REGISTRY[code]
    except KeyError:
        raise CandidateError(f"encontrado {code!r}; esperada uma operação entre "
                             f"{', '.join(OPERATIONS)}", file=file, field="operation") from None


#: The art. 21 variant of ``create-municipality`` (:mod:`.restored`).
RESTORED = restored.OPERATION


def operation_of(candidate) -> Operation:
    """The :class:`Operation` a candidate's study follows: :data:`RESTORED` for a creation
    whose process art. 21 restored (``candidate.restored_process``), else
    :func:`operation_for` of its ``operation``.

    Raises
    ------
    CandidateError
        On an unknown operation code.
    """
    if getattr(candidate, "restored_process", None):
        return RESTORED
    return operation_for(candidate.operation, file=getattr(candidate, "path", None))


def study_name(candidate) -> str:
    """The name a candidate's study gives the area (:meth:`Operation.study_name`): a fusion's
    and a creation's is their seat's (art. 3, I), else the file's ``name``."""
    return operation_of(candidate).study_name(candidate)
