"""Benchmark: the 81 non-seat districts of Goiás as studies, naive loop vs ``viabilidade lote``.

(a) naive: for each candidate, the command lines a person would chain — ``papermill`` (YAML
    parameters, so codes stay text), ``jupyter nbconvert --to html --no-input`` and
    ``weasyprint`` — one after the other;
(b) ``viabilidade lote --gerar distritos-nao-sede --force -j <cpus>``.

Prints both wall times, their ratio, each one's per-study median marginal cost, the batch's
per-study CPU beside its budget (:data:`BUDGET_CPU_PER_STUDY`), the machine's load average,
and where
the time of one study goes (run_study's own step timings; import costs with and without
the ``rfc3987_syntax`` block). Run from the repository root::

    .venv/bin/python benchmarks/batch.py            # all 81 in both
    .venv/bin/python benchmarks/batch.py --naive 10 # naive loop on the first 10 only,
                                                    # its 81-study time extrapolated
    PYTHONPATH=$PWD/lib .venv/bin/python benchmarks/batch.py --naive 0 --base /tmp/base/lib
                                                    # no naive loop; `lote` of an earlier
                                                    # commit's code and of this one, in turn

With ``--base LIB`` the ``lote`` commands run twice each, alternately: with ``PYTHONPATH=LIB``
(a worktree of the commit to compare with) and with this process's code, and the figures are
printed side by side with their ratios (the load average after each batch beside it).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TEMPLATE = REPO / "notebooks" / "estudo.ipynb"


#: Targets of issue 30 (2 cores, quiet machine): per-study CPU in the batch, and the wall of
#: ``lote -j 2`` of the 81 districts, seconds.
BUDGET_CPU_PER_STUDY, BUDGET_LOTE_81 = 0.5, 30.0


def load_average() -> str:
    """``"load 1/5/15 min: 3.1, 2.4, 1.9"``: what the shared machine was doing meanwhile."""
    one, five, fifteen = os.getloadavg()
    return f"load 1/5/15 min: {one:.1f}, {five:.1f}, {fifteen:.1f}"


def _run(cmd: list[str], **kw) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    return time.perf_counter() - t


def naive_loop(candidates: list[Path], work: Path) -> list[float]:
    """Per-study wall times of papermill + nbconvert + weasyprint command lines."""
    times = []
    for c in candidates:
        out = work / c.stem
        out.mkdir(parents=True, exist_ok=True)
        t = time.perf_counter()
        params = (f"candidate_path: '{c}'\ndata_root: null\nsettings: {{}}\n"
                  f"study_date: '2026-01-01'\n")
        _run([str(BIN / "papermill"), str(TEMPLATE), str(out / "estudo.ipynb"), "-y", params,
              "--cwd", str(c.parent), "-k", "python3"])
        _run([str(BIN / "jupyter"), "nbconvert", "--to", "html", "--no-input",
              str(out / "estudo.ipynb")])
        _run([str(BIN / "weasyprint"), str(out / "estudo.html"), str(out / "estudo.pdf")])
        times.append(time.perf_counter() - t)
        print(f"  naive {len(times):2d}/{len(candidates)} {c.stem}: {times[-1]:.2f} s", flush=True)
    return times


def _children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process, its descendants included
    (workers and the kernels they reaped)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def lote(sources: list[str], out: Path, jobs: int, extra: list[str] = (),
         lib: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one ``viabilidade lote`` command (fresh process, as a user runs
    it); the CPU counts the command, its workers and their kernels. ``lib``: the package
    folder to run instead of this process's (``PYTHONPATH``)."""
    env = None if lib is None else {**os.environ, "PYTHONPATH": lib}
    t, c = time.perf_counter(), _children_cpu()
    subprocess.run([str(BIN / "viabilidade"), "lote", *sources, "--saida", str(out), "-j",
                    str(jobs), "--sem-progresso", *extra], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # exit 1 on a failure
    return time.perf_counter() - t, _children_cpu() - c


def measure_lote(cands: list[Path], work: Path, jobs: int, lib: str | None = None) -> dict:
    """One study alone, the whole batch, then the batch again (all skipped), as ``lote``
    commands of the code in ``lib`` (default this process's): wall and CPU seconds, the
    per-study CPU beyond each worker's start (:data:`BUDGET_CPU_PER_STUDY`), the seconds of
    each study inside its worker, and the load average at the end of the batch."""
    import json

    n = len(cands)
    wall_1, cpu_1 = lote([str(cands[0])], work / "lote1", 1, ["--force"], lib)
    wall_b, cpu_b = lote([str(cands[0].parent)], work / "lote", jobs, ["--force"], lib)
    load = load_average()      # at the end of the batch: what it shared the CPUs with
    wall_skip, _ = lote([str(cands[0].parent)], work / "lote", jobs, [], lib)
    # Each worker pays its start-up once (as the single-study run does): per-study CPU is
    # what the batch costs beyond those start-ups.
    cpu_study = (cpu_b - jobs * cpu_1) / (n - jobs) if n > jobs else cpu_b / n
    in_worker = [json.loads(p.read_text(encoding="utf-8"))["seconds"]
                 for p in (work / "lote").glob("*/.registro.json")]
    return {"wall_1": wall_1, "cpu_1": cpu_1, "wall": wall_b, "cpu": cpu_b, "load": load,
            "wall_skip": wall_skip, "cpu_study": cpu_study,
            "marginal": (wall_b - wall_1) / (n - 1) if n > 1 else wall_b,
            "in_worker": statistics.median(in_worker or [float("nan")]),
            "written": len(in_worker)}


def print_lote(label: str, m: dict, n: int, jobs: int) -> None:
    """The figures of :func:`measure_lote`, each beside its budget."""
    over = "" if m["cpu_study"] <= BUDGET_CPU_PER_STUDY else ", OVER"
    print(f"{label}: lote -j {jobs} of {n}: {m['wall']:.1f} s wall (budget {BUDGET_LOTE_81:.0f} s "
          f"for 81 at -j 2), {m['cpu']:.1f} s CPU; {m['load']}")
    print(f"  one study alone {m['wall_1']:.1f} s wall, {m['cpu_1']:.1f} s CPU; marginal per "
          f"study {m['marginal']:.2f} s = (wall({n}) - wall(1)) / {n - 1}; median time of a study "
          f"inside its worker {m['in_worker']:.2f} s ({m['written']} studies written)")
    print(f"  per-study CPU {m['cpu_study']:.2f} s (budget {BUDGET_CPU_PER_STUDY:.2f} s{over}) = "
          f"(CPU({n}) - {jobs} x CPU(1)) / {n - jobs} (command, workers and kernels, user + "
          "system; CPU, unlike wall, hardly depends on the load)")
    print(f"  second run, all up to date (skipped): {m['wall_skip']:.1f} s "
          f"({100 * m['wall_skip'] / m['wall']:.1f} % of the first)")


def import_costs() -> dict[str, float]:
    """Seconds to import papermill, nbconvert, WeasyPrint in a fresh process, with and
    without the rfc3987_syntax block (median of 3)."""
    code = ("import time,sys;{pre}t=time.perf_counter();import papermill,nbconvert,weasyprint;"
            "print(time.perf_counter()-t)")
    pre = "sys.modules['rfc3987_syntax']=None;"
    out = {}
    for label, p in (("as installed", ""), ("rfc3987_syntax blocked", pre)):
        runs = [float(subprocess.run([sys.executable, "-c", code.format(pre=p)], check=True,
                                     capture_output=True, text=True).stdout) for _ in range(3)]
        out[label] = statistics.median(runs)
    return out


def kernel_costs(work: Path) -> dict[str, float]:
    """Median seconds (of 3) for the runner to execute a one-cell notebook: ``pass`` (kernel
    start and shutdown, papermill's own work) and the study's imports (what a reused,
    pre-warmed kernel would save per study)."""
    import nbformat

    from viabilidade.batch.unit import prepare_process

    prepare_process()
    from viabilidade.report import runner

    out = {}
    for label, code in (("kernel start+stop (cell: pass)", "pass"),
                        ("  + import viabilidade.report.study_cells",
                         "import viabilidade.report.study_cells")):
        nb = nbformat.v4.new_notebook(cells=[
            nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["parameters"]}),
            nbformat.v4.new_code_cell(code)])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        path = work / "k.ipynb"
        nbformat.write(nb, path)
        runs = []
        for _ in range(3):
            t = time.perf_counter()
            runner.execute(path, {"x": 2})
            runs.append(time.perf_counter() - t)
        out[label] = statistics.median(runs)
    return out


def step_timings(candidates: list[Path], work: Path) -> dict[str, float]:
    """Median seconds per run_study step over a few studies in one warm process."""
    from viabilidade.batch.unit import warm_up
    from viabilidade.report.study import run_study

    warm_up()
    steps: dict[str, list[float]] = {}
    for c in candidates:
        timings: dict[str, float] = {}
        run_study(c, work, timings=timings)
        for k, v in timings.items():
            steps.setdefault(k, []).append(v)
    return {k: statistics.median(v) for k, v in steps.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--naive", type=int, default=81,
                    help="studies in the naive loop (default 81; 0: no naive loop)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--base", metavar="LIB", default=None,
                    help="also run `lote` with PYTHONPATH=LIB (an earlier commit's lib/), in turn")
    ap.add_argument("--no-steps", action="store_true",
                    help="skip where one study's time goes (steps, kernel and import costs)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="viabilidade-bench-"))
    try:
        from viabilidade.proposal.generate import generate_candidates

        cands = generate_candidates("distritos-nao-sede", work / "candidatos")
        n = len(cands)
        print(f"{n} candidates (non-seat districts of Goiás); {args.jobs} workers; "
              f"{os.cpu_count()} CPUs; {load_average()}")

        if not args.no_steps:
            print("where one study's time goes (warm process, median of 3):")
            for k, v in step_timings(cands[:3], work / "passos").items():
                print(f"  run_study {k:8s} {v:6.2f} s")
            for k, v in kernel_costs(work).items():
                print(f"  runner.execute, {k}: {v:.2f} s")
            for k, v in import_costs().items():
                print(f"  import papermill+nbconvert+weasyprint, {k}: {v:.2f} s")

        runs = {}
        for label, lib in ((("base", args.base),) if args.base else ()) + (("this code", None),):
            runs[label] = measure_lote(cands, work / label.replace(" ", "-"), args.jobs, lib)
        for label, m in runs.items():
            print_lote(f"(b) {label}" + (f" ({args.base})" if label == "base" else ""),
                       m, n, args.jobs)
        b = runs["this code"]
        if args.base:
            a = runs["base"]
            print(f"this code / base: wall {b['wall'] / a['wall']:.2f}, CPU "
                  f"{b['cpu'] / a['cpu']:.2f}, per-study CPU {b['cpu_study'] / a['cpu_study']:.2f}")

        k = min(args.naive, n)
        if k > 0:
            naive = naive_loop(cands[:k], work / "naive")
            wall_a = sum(naive) * n / k
            est = "" if k == n else f" (extrapolated from {k} studies)"
            print(f"(a) naive command-line loop: {wall_a:8.1f} s for {n}{est}; "
                  f"median per study {statistics.median(naive):.2f} s")
            print(f"ratio (a)/(b): {wall_a / b['wall']:.2f}")
    finally:
        if args.keep:
            print(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
