"""The command line ``viabilidade`` (also ``python -m viabilidade.cli``; :func:`main`, the
console script): :mod:`.commands` (the commands, each parsing its arguments and calling one
library function; their imports are done inside each command, so importing them is cheap),
:mod:`.parser` (:class:`~.parser.PtParser`, an argparse parser that speaks Brazilian Portuguese),
:mod:`.lote` (``viabilidade lote``, over :mod:`viabilidade.batch`) and :mod:`.lookup` (a
district or municipality by name or IBGE code, and its candidate file: ``viabilidade novo``).

Layer: the top floor (12, docs/CONTRACTS.md): it may import any other package, and none
imports it. Importing this package imports :mod:`.commands` (and through it :mod:`.parser`)
only, for :func:`main`.
"""

from .commands import main

__all__ = ["main"]
