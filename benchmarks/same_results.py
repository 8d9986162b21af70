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

``--paths`` compares instead the two ways a study's notebook runs on the same code: in the
calling process (:mod:`viabilidade.report.inprocess`: ``estudo``, and a local ``lote``
worker) and in a warm kernel (:func:`viabilidade.report.runner.warm_kernel`: a Dask
worker's threads). Each study is run both ways and its ``resultados.json``, ``estudo.ipynb``
and ``estudo.html`` must be byte-identical; ``--distritos N`` runs the first N of the batch's
81 studies (``lote --gerar distritos-nao-sede``; 0: all) instead of the candidates above::

    PYTHONPATH=$PWD/lib .venv/bin/python benchmarks/same_results.py /tmp/paths --paths --distritos 0

Exit status 1 when any file differs or is missing on either side.

Intended changes (compare only against a baseline taken at or after them): final legal read,
item 4 — a rule decided on a declared, unchecked document is ``"status": "indeterminate"`` with
``declared_status`` (the document's ``pass``/``fail``); each result carries its printed
``label`` (it was the payload's parallel ``rotulos``); ``certification.certificates`` is
``certification.declared_documents``, each ``checked`` true or false (it was ``null`` or
``{by, on}``), with ``checked_by``/``checked_on``.
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


#: The files of a study compared by ``--paths``.
PATH_FILES = ("resultados.json", "estudo.ipynb", "estudo.html")


def run_both_paths(studies: list[Path], out: Path) -> int:
    """Run each study in process and in a warm kernel into ``out/inprocess`` and
    ``out/kernel``; print each difference; 0 when every file of :data:`PATH_FILES` is
    byte-identical."""
    from viabilidade.batch.unit import prepare_process
    from viabilidade.report.runner import kill_warm_kernel, warm_kernel
    from viabilidade.report.study import run_study

    prepare_process()   # a batch worker's environment (one thread per numeric library)
    bad = same = 0
    try:
        for path in studies:
            folders = {}
            for label, kernel in (("inprocess", None), ("kernel", warm_kernel())):
                rec = run_study(path, out / label, study_date=STUDY_DATE, kernel=kernel)
                folders[label] = Path(rec["folder"])
            for name in PATH_FILES:
                a, b = folders["kernel"] / name, folders["inprocess"] / name
                if a.read_bytes() == b.read_bytes():
                    same += 1
                    continue
                bad += 1
                diff = difflib.unified_diff(a.read_text().splitlines(), b.read_text().splitlines(),
                                            f"kernel/{path.stem}/{name}",
                                            f"inprocess/{path.stem}/{name}", lineterm="", n=1)
                print("\n".join(list(diff)[:40]))
            print(f"  {path.stem}: {rec['verdict']}", flush=True)
    finally:
        kill_warm_kernel()
    print(f"{same} of {same + bad} files identical between the two paths "
          f"({', '.join(PATH_FILES)} of {len(studies)} studies)")
    return 1 if bad else 0


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
    p.add_argument("--paths", action="store_true",
                   help="compare each study in process and in a warm kernel (OUT: work folder)")
    p.add_argument("--distritos", type=int, default=None, metavar="N",
                   help="with --paths: the first N of the 81 districts of `lote` (0: all)")
    args = p.parse_args()
    if args.paths:
        studies = candidates()
        if args.distritos is not None:
            from viabilidade.proposal.generate import generate_candidates

            studies = generate_candidates("distritos-nao-sede", args.out / "candidatos")
            studies = studies[:args.distritos] if args.distritos else studies
        return run_both_paths(studies, args.out)
    if not args.no_run:
        run_all(args.out)
    return compare(args.out, args.compare) if args.compare else 0


if __name__ == "__main__":
    sys.exit(main())
