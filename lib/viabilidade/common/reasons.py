"""Words chosen by the type of a value: what a file holds where another type was expected
(:mod:`viabilidade.proposal.certified`: ``encontrado uma lista``) and why a JSON document
could not be read (:func:`document_reason`: an explorer session, a store's manifest).

Both are one lookup, :func:`by_type`, over a table of (type, words) pairs; each caller keeps
its own table.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Sequence

#: A wording: fixed words, or a function of the value giving them.
Words = str | Callable[[Any], str]


def by_type(value: Any, wordings: Sequence[tuple[type | tuple[type, ...], Words]],
            otherwise: Callable[[Any], str]) -> str:
    """The words of the first ``(type, words)`` pair of ``wordings`` whose type ``value`` is an
    instance of (``words(value)`` when ``words`` is a function), else ``otherwise(value)``.

    Parameters
    ----------
    value : Any
        What is to be described (a value read from a file, an exception).
    wordings : sequence of (type or tuple of types, str or callable)
        Tried in order: put a subclass before its base (``bool`` before ``int``,
        ``json.JSONDecodeError`` before ``ValueError``).
    otherwise : callable
        The words for a value no pair matches.

    Returns
    -------
    str
        pt-BR words, as the caller's table writes them.
    """
    for kind, words in wordings:
        if isinstance(value, kind):
            return words(value) if callable(words) else words
    return otherwise(value)


def _os_words(e: OSError) -> str:
    from ..os_errors import os_reason

    return e.strerror if e.strerror and e.errno is None else os_reason(e)


def _missing_field(e: KeyError) -> str:
    from .text import quoted

    return f"falta o campo {quoted(str(e.args[0]) if e.args else '')}"


class IntegerTooLong(json.JSONDecodeError):
    """A JSON number of more than ``sys.get_int_max_str_digits()`` digits (4.300), which
    ``json.loads`` lets out as a bare English ``ValueError`` with no position (hostile trial
    9, M1), with its position and the field it is the value of (``field``, or None)."""

    def __init__(self, doc: str, pos: int):
        super().__init__("Integer too long", doc, pos)
        m = re.search(r'"((?:[^"\\]|\\.){1,200})"\s*:\s*\[?\s*$', doc[max(0, pos - 300):pos])
        self.field = m.group(1) if m else None


def load_json(text: str):
    """``json.loads(text)``, with a number too long for ``int()`` raised as
    :class:`IntegerTooLong` (a :class:`json.JSONDecodeError` with its line, column and
    field), which :func:`document_reason` words in pt-BR.

    Raises
    ------
    json.JSONDecodeError
        Not JSON, or a number of more than 4.300 digits (:class:`IntegerTooLong`).
    RecursionError
        Nested past Python's recursion limit.
    """
    from .toml_file import long_digits, too_many_digits

    try:
        return json.loads(text)
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError) or not too_many_digits(e):
            raise
        at = long_digits(text)
        raise IntegerTooLong(text, at if at is not None else 0) from None


def _too_long(e: IntegerTooLong) -> str:
    from .text import quoted

    field = f" no campo {quoted(e.field)}" if e.field else ""
    return (f"número inteiro grande demais{field}, na linha {e.lineno}, coluna {e.colno} (mais "
            "de 4.300 algarismos)")


#: Why a JSON document could not be read, by the exception raised while reading it
#: (issue 32: a session said "Expecting value: line 1 column 1 (char 0)", H6-6; a store's
#: manifest "detalhe técnico: JSONDecodeError: …", hostile trial 8).
DOCUMENT_REASONS: tuple[tuple[type | tuple[type, ...], Words], ...] = (
    (IntegerTooLong, _too_long),
    (json.JSONDecodeError, lambda e: f"não é JSON válido: erro na linha {e.lineno}, coluna "
                                     f"{e.colno}"),
    (RecursionError, "listas ou objetos aninhados em profundidade excessiva"),
    (UnicodeDecodeError, "não é texto UTF-8"),
    (KeyError, _missing_field),
    ((TypeError, AttributeError), "um campo tem o tipo errado (arquivo de outra versão ou "
                                  "editado à mão?)"),
    (OSError, _os_words),
)


def document_reason(e: Exception) -> str:
    """Why a JSON document could not be read or restored, in pt-BR: ``não é JSON válido: erro
    na linha 1, coluna 1``, ``listas ou objetos aninhados em profundidade excessiva``, ``não é
    texto UTF-8``, ``falta o campo 'scenario'``, ``um campo tem o tipo errado …``, an OS
    error's reason (:func:`viabilidade.os_errors.os_reason`); else the exception's own
    ``message`` or text (the callers' own pt-BR ``ValueError``)."""
    return by_type(e, DOCUMENT_REASONS, lambda e: getattr(e, "message", None) or str(e))


def format_problem(form: Any) -> str | None:
    """Why a JSON document's ``format`` number is not this version's (the whole number 1),
    in pt-BR, or ``None``: ``"'format' é true; esta versão lê o formato 1, um número
    inteiro"`` (``"format": true`` passed as ``True == 1``, hostile trial 7). One wording for
    the store's ``manifest.json`` and the raw folder's ``fontes-baixadas.json``."""
    if type(form) is int and form == 1:
        return None
    return (f"'format' é {json.dumps(form, ensure_ascii=False)[:80]}; esta versão lê o "
            "formato 1, um número inteiro")
