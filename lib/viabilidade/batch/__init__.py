"""Batch studies: many candidates in parallel (local pool or Dask), resumable, with an index.

The library entry point is :func:`viabilidade.batch.run.run_batch`, and the engine-agnostic
unit of work is :func:`viabilidade.batch.unit.run_one`; the command ``viabilidade lote`` is
:mod:`viabilidade.cli.lote`. Importing this package is cheap (no pandas, no papermill), so
``viabilidade --help`` stays instant.

Layer: a product (floor 11, docs/CONTRACTS.md), beside ``statewide`` and ``explore``: it may import the report and
everything below it, never ``statewide``, ``explore`` or ``cli``.
"""
