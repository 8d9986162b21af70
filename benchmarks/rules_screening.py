"""Time :func:`viabilidade.rules.vectorised.screen` on 10,000 synthetic areas (art. 4 IV–VII).

Run: ``.venv/bin/python benchmarks/rules_screening.py [n_areas]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pandas as pd

from viabilidade.rules import Settings
from viabilidade.rules.vectorised import screen


def synthetic(n: int, seed: int = 2022) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    pop = rng.integers(500, 30_000, n)
    df = pd.DataFrame({
        "populacao": pop,
        "eleitores": (pop * rng.uniform(0.55, 0.8, n)).round(),
        "eleitores_basis": rng.choice(["certified", "estimated"], n),
        "eleitores_incerteza": pop * 0.05,
        "edificacoes": (pop / rng.uniform(2.5, 3.5, n)).round(),
        "edificacoes_basis": "estimated",
        "arrecadacao": np.where(rng.random(n) < 0.2, np.nan, rng.uniform(1e5, 1e8, n).round(2)),
        "receita_estadual": 27_606_018_000.0,
    })
    return df


def main(n: int = 10_000) -> None:
    df = synthetic(n)
    s = Settings()
    screen(df.head(10), s)  # warm-up (imports, first-call costs)
    for reduced in (False, True):
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            res = screen(df, s, reduced=reduced)
            times.append(time.perf_counter() - t0)
        counts = {i: res[f"{i}_status"].value_counts().to_dict() for i in ("IV", "V", "VI", "VII")}
        print(f"screen {n} areas, reduced={reduced}: best {min(times) * 1000:.1f} ms, "
              f"median {sorted(times)[2] * 1000:.1f} ms over 5 runs")
        print(f"  statuses: {counts}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
