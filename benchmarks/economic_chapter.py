"""Benchmark: CPU time the chapter "Viabilidade econômico-financeira" adds to a study.

For the creation (Posse d'Abadia) and the fusion (Anhanguera-Cumari) candidates, the
analysis is made once (it is the study's anyway); then the chapter
(:func:`viabilidade.report.economic.economic_section`: the fiscal model, the "who pays" table
and map of the 245 interior municipalities and the HTML) and the slide's sentences are built
``REPEAT`` times and the process CPU time per study printed. The issue's budget is 0,1 s.
Run: ``PYTHONPATH=lib .venv/bin/python benchmarks/economic_chapter.py``.
"""

from __future__ import annotations

import time
from pathlib import Path

from viabilidade.profile.analysis import analyse
from viabilidade.data.store import load_store
from viabilidade.fiscal.economy import economy
from viabilidade.report.economic import economic_points, economic_section

REPO = Path(__file__).resolve().parents[1]
CANDIDATES = ("posse-dabadia.toml", "fusao-anhanguera-cumari.toml")
REPEAT = 20
BUDGET_S = 0.1


def main() -> None:
    store = load_store()
    store.boundaries  # noqa: B018 — a study reads them for its own map before this chapter
    for i, name in enumerate(CANDIDATES):
        a = analyse(REPO / "data" / "candidates" / name, store=store)
        t0 = time.process_time()
        economic_section(a, store)  # first call: reads fpm_interior and state_revenue
        if i == 0:
            print(f"primeira chamada (lê as tabelas do FPM e do ICMS): "
                  f"{(time.process_time() - t0) * 1000:.1f} ms de CPU")
        t0 = time.process_time()
        for _ in range(REPEAT):
            economic_section(a, store)
            economic_points(economy(a, store))
        per = (time.process_time() - t0) / REPEAT
        verdict = "dentro" if per < BUDGET_S else "ACIMA"
        print(f"{name}: {per * 1000:.1f} ms de CPU por estudo (capítulo + slide); {verdict} do "
              f"limite de {BUDGET_S * 1000:.0f} ms")


if __name__ == "__main__":
    main()
