"""Hostile trial 6's serious inputs of issue 32, as cases of ``benchmarks/bounds.py``
(:data:`CASES`, merged into its own), each run in its own child process against the issue's
bounds (10 s, 600 MB):

* ``censo-colunas``: the Censo municipalities CSV with a header of 100.000 distinct columns
  in 0,8 MB (the trial: 43,5 s and 417 MB before "coluna ausente");
* ``censo-repetidas``: the same with 100.000 ``CD_MUN`` columns (the trial: over 60 s);
* ``loja-esparsa``: a copy of the committed store whose ``seats.parquet`` is a sparse 3 GiB,
  refused by ``store.TABLE_MAX`` (the lead's re-check) before the manifest's ``bytes``
  (the trial: 56 s wall / 20 s CPU hashing it before "difere do manifesto").

Measured 2026-12-07 at 19:22, load 2–3 (``bounds.py --casos censo-colunas,censo-repetidas,
loja-esparsa``; "leitura" is the reader's own time): the 100.000 columns (689.093 bytes)
refused from line 1 in 0,08 s, the 100.000 ``CD_MUN`` (700.203 bytes) in 0,10 s, both 152 MB
peak (the interpreter and pandas), a 159-byte message; the sparse table refused by its size in
0,01 s, 115 MB peak, nothing hashed. Every case within 10 s and 600 MB.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds_trial5 import ROOT, _refused  # noqa: E402

MUN = "CD2022_Agregados_por_municipios_basico_GO.csv"


def _census(header: bytes) -> dict:
    from viabilidade.data.census import read_aggregates

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / MUN
        path.write_bytes(header + b"\r\n" + b"1;" * 100 + b"\r\n")
        out = _refused(lambda p: read_aggregates(p, level="municipios"), path)
        out["bytes do arquivo"] = path.stat().st_size
    return out


def case_census_columns() -> dict:
    return _census(b";".join(b"C%d" % i for i in range(100_000)))


def case_census_repeated() -> dict:
    return _census(b";".join([b"CD_MUN"] * 100_000))


def case_sparse_store() -> dict:
    from viabilidade.data.store import load_store

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "processed"
        shutil.copytree(ROOT / "data" / "processed", root)
        with open(root / "seats.parquet", "r+b") as fh:
            fh.truncate(3 * 2**30)
        return _refused(load_store, root)


#: name -> (label, function, kind) as ``bounds.CASES``.
CASES = {
    "censo-colunas": ("H6-1: CSV do Censo com cabeçalho de 100.000 colunas (0,8 MB)",
                      case_census_columns, "entrada"),
    "censo-repetidas": ("H6-1: CSV do Censo com 100.000 colunas CD_MUN", case_census_repeated,
                        "entrada"),
    "loja-esparsa": ("H6-2: seats.parquet esparso de 3 GiB numa pasta --data", case_sparse_store,
                     "entrada"),
}

if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    sys.exit("rode benchmarks/bounds.py --casos " + ",".join(CASES))
