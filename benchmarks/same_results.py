"""Check that a change leaves every study's ``resultados.json`` as it was.

Runs the committed candidates (``data/candidates/*.toml``) and the candidate fixtures
(``tests/fixtures/*.toml`` that declare an ``operation``) with the study date fixed, and
writes each ``resultados.json`` under ``OUT/<file stem>.json``; ``--compare BASE`` then
compares them, byte for byte, with those of an earlier run. The code measured is the one first
on ``PYTHONPATH``, so a baseline comes from a worktree of the starting commit::

    git worktree add /tmp/base <commit>
    PYTHONPATH=/tmp/base/lib .venv/bin/python benchmarks/same_results.py /tmp/results-base
    PYTHONPATH=$PWD/lib .venv/bin/python benchmarks/same_results.py /tmp/results-new \\
        --compare /tmp/results-base

Exit status 1 when any file differs or is missing on either side.
"""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The study date every run uses (a study's results depend on it).
STUDY_DATE = dt.date(2026, 11, 30)


def candidates() -> list[Path]:
    """The committed candidates and the candidate fixtures, in a fixed order."""
    fixtures = [p for p in sorted((REPO / "tests" / "fixtures").glob("*.toml"))
                if "operation" in tomllib.loads(p.read_text(encoding="utf-8"))]
    return sorted((REPO / "data" / "candidates").glob("*.toml")) + fixtures


def run_all(out: Path) -> None:
    """Write ``out/<stem>.json``, each study's ``resultados.json``."""
    from viabilidade.report.study import run_study

    out.mkdir(parents=True, exist_ok=True)
    for path in candidates():
        with tempfile.TemporaryDirectory() as tmp:
            record = run_study(path, Path(tmp), study_date=STUDY_DATE)
            shutil.copyfile(record["files"]["json"], out / f"{path.stem}.json")
        print(f"  {path.stem}: {record['verdict']}", flush=True)


def compare(new: Path, base: Path) -> int:
    """Print each difference; 0 when every file is byte-identical."""
    names = sorted({p.name for p in base.glob("*.json")} | {p.name for p in new.glob("*.json")})
    bad = 0
    for name in names:
        a, b = base / name, new / name
        if not a.is_file() or not b.is_file():
            print(f"{name}: only in {'new' if b.is_file() else 'base'}")
            bad += 1
        elif a.read_bytes() != b.read_bytes():
            bad += 1
            diff = difflib.unified_diff(a.read_text().splitlines(), b.read_text().splitlines(),
                                        "base/" + name, "new/" + name, lineterm="", n=1)
            print("\n".join(list(diff)[:40]))
    print(f"{len(names) - bad} of {len(names)} resultados.json identical")
    return 1 if bad else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path, help="folder for this run's files")
    p.add_argument("--compare", type=Path, default=None, metavar="BASE",
                   help="an earlier run's folder to compare with")
    p.add_argument("--no-run", action="store_true", help="only compare OUT with BASE")
    args = p.parse_args()
    if not args.no_run:
        run_all(args.out)
    return compare(args.out, args.compare) if args.compare else 0


if __name__ == "__main__":
    sys.exit(main())
