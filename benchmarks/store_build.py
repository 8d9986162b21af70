"""Cost of ``data build`` (:func:`viabilidade.data.store.build_store`): a first build, which
reads the Localidades 2022 archive, and a repeated one, which takes the mesh and what is
derived from it from the cache (:mod:`viabilidade.data.meshcache`).

Usage: ``.venv/bin/python benchmarks/store_build.py [--raw ../shared/data] [--profile]``

Prints wall and CPU seconds of each build (into temporary folders, with a temporary cache
folder, so the user's cache is neither read nor filled), whether the two stores are
byte-identical to each other and to the committed ``data/processed``, and, with
``--profile``, the 25 costliest functions of the first build (cumulative).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--raw", type=Path, default=REPO.parent / "shared" / "data")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        os.environ["VIABILIDADE_CACHE"] = str(Path(tmp, "cache"))
        from viabilidade.data.store import build_store

        stores = []
        for run in ("first build (cache empty)", "repeated build (cache filled)"):
            out = Path(tmp, f"store{len(stores)}")
            prof = cProfile.Profile() if args.profile and not stores else None
            t0, c0 = time.perf_counter(), time.process_time()
            if prof:
                prof.enable()
            build_store(args.raw, out)
            if prof:
                prof.disable()
            print(f"{run}: {time.perf_counter() - t0:.1f} s wall, "
                  f"{time.process_time() - c0:.1f} s CPU")
            stores.append(_bytes(out))
            if prof:
                pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
        print("the two builds byte-identical:", stores[0] == stores[1])
        committed = REPO / "data" / "processed"
        if committed.is_dir():
            print("identical to data/processed:", _bytes(committed) == stores[1])


if __name__ == "__main__":
    main()
