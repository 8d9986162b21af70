"""Time to open the processed store and to gather one candidate's data.

Usage: ``.venv/bin/python benchmarks/store_load.py [candidate.toml] [--repeat N]``

Prints, in milliseconds (best and median of N runs, each in a fresh Store so nothing is cached):
* ``load_store()`` — reading ``manifest.json`` and checking each table's sha256 against it
  (hashed once per process and file version, so the best of N shows the cached cost; the
  first call hashes the 0,75 MB store in about 1,5 ms);
* the study's data — the rows of districts, municipalities, electorate, seats, vilas, PIB,
  state revenue and the origin boundaries that one candidate needs;
* the first access to ``boundaries`` alone (the largest table);
* ``load_store()`` and every table read from disk (the process's table cache emptied before
  each run), with the Parquet metadata bounds (hostile trial 8: footer length, rows and bytes
  decompressed, :func:`viabilidade.data.store_open.parquet_figures`, run by ``load_store``
  for every table and again, with the decoded size of dictionary-encoded text, before each
  table is read) and, side by side in the same run, with them replaced by a no-op; and those
  checks alone, for every table.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from viabilidade.proposal.candidate import load_candidate
from viabilidade.data.store import load_store, state_tax_revenue

REPO = Path(__file__).resolve().parents[1]


def study_data(store, cand) -> dict:
    """The tables one study needs, filtered to the candidate's codes."""
    districts = store.districts
    origins = set(cand.origins)
    area_d = districts[districts["cod_distrito"].isin(cand.districts)]
    muni = set(cand.municipalities) | origins | set(area_d["cod_ibge"])
    pick = lambda t: t[t["cod_ibge"].isin(muni)]  # noqa: E731
    return {
        "area_districts": area_d,
        "origin_districts": districts[districts["cod_ibge"].isin(origins)],
        "municipalities": pick(store.municipalities),
        "electorate": pick(store.electorate),
        "seats": pick(store.seats),
        "vilas": pick(store.vilas),
        "pib": pick(store.pib),
        "boundaries": pick(store.boundaries),
        "state_revenue": state_tax_revenue(store, 2022),
    }


def _time(fn, repeat: int) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) * 1000)
    return min(runs), statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("candidate", nargs="?",
                    default=str(REPO / "data" / "candidates" / "posse-dabadia.toml"))
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    cand = load_candidate(args.candidate)
    load_store()  # warm imports and the OS file cache

    best, med = _time(load_store, args.repeat)
    print(f"load_store():                    best {best:7.2f} ms   median {med:7.2f} ms")
    best, med = _time(lambda: study_data(load_store(), cand), args.repeat)
    print(f"load_store() + one study's data: best {best:7.2f} ms   median {med:7.2f} ms "
          f"({cand.slug})")
    best, med = _time(lambda: load_store().boundaries, args.repeat)
    print(f"load_store() + boundaries only:  best {best:7.2f} ms   median {med:7.2f} ms")

    from viabilidade.data import store_open

    store = load_store()
    root, names = store.root, list(store.manifest["tables"])   # every table, as load_store checks

    def every_table():
        store_open._TABLES.clear()
        store = load_store()
        for name in names:
            getattr(store, name)

    checked = store_open.parquet_figures
    rounds = {"with": [], "without": []}
    for _ in range(args.repeat):  # alternated, so the load on the machine falls on both
        for which in ("with", "without"):
            store_open.parquet_figures = checked if which == "with" else (lambda n, p, decoded=False, meta=None: (0, 0))
            rounds[which].append(_time(every_table, 1)[0])
    store_open.parquet_figures = checked
    best_w, med_w = min(rounds["with"]), statistics.median(rounds["with"])
    best_o, med_o = min(rounds["without"]), statistics.median(rounds["without"])
    print(f"load_store() + all {len(names)} tables read, with the metadata bounds:    "
          f"best {best_w:7.2f} ms   median {med_w:7.2f} ms")
    print(f"load_store() + all {len(names)} tables read, without them (no-op):        "
          f"best {best_o:7.2f} ms   median {med_o:7.2f} ms   (with/without: "
          f"{med_w / med_o:.3f} of the median)")
    best, med = _time(lambda: [checked(n, root / f"{n}.parquet") for n in names], args.repeat)
    print(f"the metadata bounds alone, {len(names)} tables (as load_store):       "
          f"best {best:7.2f} ms   median {med:7.2f} ms   ({med / med_w:.1%} of the median "
          "with them)")
    best, med = _time(lambda: [checked(n, root / f"{n}.parquet", decoded=True) for n in names],
                      args.repeat)
    print(f"with the decoded sizes, {len(names)} tables (as Store._read):         "
          f"best {best:7.2f} ms   median {med:7.2f} ms   ({med / med_w:.1%} of the median "
          "with them)")


if __name__ == "__main__":
    main()
