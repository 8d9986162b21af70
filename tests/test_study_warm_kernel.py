"""A kernel reused across studies (as batch workers do) gives the same bytes as a fresh one."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from viabilidade.report.runner import warm_kernel
from viabilidade.report.study import run_study

ROOT = Path(__file__).resolve().parents[1]
DATE = dt.date(2026, 11, 29)


@pytest.mark.slow
def test_reused_kernel_gives_identical_study(tmp_path):
    posse = ROOT / "data" / "candidates" / "posse-dabadia.toml"
    run_study(posse, tmp_path / "fresh", study_date=DATE)
    kernel = warm_kernel()
    # Another study first, so the reused kernel carries state and execution counts.
    run_study(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", tmp_path / "warm",
              study_date=DATE, kernel=kernel)
    run_study(posse, tmp_path / "warm", study_date=DATE, kernel=kernel)
    assert warm_kernel() is kernel                       # still alive, same kernel
    for name in ("estudo.ipynb", "estudo.html", "estudo.pdf", "resultados.json"):
        fresh = (tmp_path / "fresh" / "posse-dabadia" / name).read_bytes()
        warm = (tmp_path / "warm" / "posse-dabadia" / name).read_bytes()
        assert fresh == warm, name
