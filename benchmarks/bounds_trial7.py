"""Hostile trial 7's tract-counts input of issue 32, as cases of ``benchmarks/bounds.py``
(:data:`CASES`, merged into its own), each run in its own child process against the issue's
bounds (10 s, 600 MB), before and after side by side in one run:

* ``setores-goias-antes``: the tract aggregates CSV with 1.000.001 Goiás records, read as
  before this change (no bound on the Goiás records kept: refused only past
  ``tracts.TRACT_ROWS_MAX``; the trial: 12,5 s and 642 MB);
* ``setores-goias``: the same file, refused past ``tracts.TRACT_GOIAS_MAX`` (40.000);
* ``setores-nacional-antes``, ``setores-nacional``: one Goiás record and records of another
  UF up to the row bound (the national file's shape), before (1.000.000) and now
  (``tracts.TRACT_ROWS_MAX``, 500.000): read, the others passed over as they come.

Figures are in the commit that added this file and in docs/ERRORS.md (H7-6).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bounds_trial5 import ROOT, _refused  # noqa: E402



def _tracts(goias: int, others: int, *, before: bool = False) -> dict:
    """A tract aggregates file of ``goias`` Goiás records (distinct codes) then ``others``
    records of UF 53 (``tests/hostile_tracts.py``), read by ``read_tract_counts``."""
    sys.path.insert(0, str(ROOT / "tests"))
    from hostile_tracts import tract_file

    from viabilidade.data import tracts

    if before:  # the bounds before this change
        tracts.TRACT_GOIAS_MAX, tracts.TRACT_ROWS_MAX = 10**9, 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        path = tract_file(Path(tmp), goias, others)
        out = _refused(tracts.read_tract_counts, path)
        out["bytes do arquivo"] = path.stat().st_size
    return out


def case_goias_before() -> dict:
    return _tracts(1_000_001, 0, before=True)


def case_goias() -> dict:
    return _tracts(1_000_001, 0)


def case_national_before() -> dict:
    return _tracts(1, 999_999, before=True)


def case_national() -> dict:
    from viabilidade.data.tracts import TRACT_ROWS_MAX

    return _tracts(1, TRACT_ROWS_MAX - 1)


#: name -> (label, function, kind) as ``bounds.CASES``.
CASES = {
    "setores-goias-antes": ("H7-6: agregados por setores com 1.000.001 linhas de Goiás, sem o "
                            "limite de linhas de Goiás (como antes)", case_goias_before,
                            "referencia"),
    "setores-goias": ("H7-6: os mesmos agregados, com o limite de 40.000 linhas de Goiás",
                      case_goias, "entrada"),
    "setores-nacional-antes": ("H7-6: agregados com uma linha de Goiás e as demais de outra UF "
                               "até o limite antigo de 1.000.000 linhas", case_national_before,
                               "referencia"),
    "setores-nacional": ("H7-6: agregados com uma linha de Goiás e as demais de outra UF até o "
                         "limite de 500.000 linhas", case_national, "entrada"),
}

if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    sys.exit("rode benchmarks/bounds.py --casos " + ",".join(CASES))
