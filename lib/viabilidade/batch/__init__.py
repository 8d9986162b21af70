"""Batch studies: many candidates in parallel (local pool or Dask), resumable, with an index.

``viabilidade lote`` calls :func:`add_arguments` and :func:`main`; the library entry point
is :func:`viabilidade.batch.run.run_batch`, and the engine-agnostic unit of work is
:func:`viabilidade.batch.unit.run_one`. Importing this package is cheap (no pandas, no
papermill), so ``viabilidade --help`` stays instant.
"""

from .command import add_arguments, main

__all__ = ["add_arguments", "main"]
