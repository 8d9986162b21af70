"""Time one study, step by step, each beside its budget (issue 30), with the machine's load.

Usage::

    .venv/bin/python benchmarks/study.py [candidate.toml] [--repeat N] [--no-kernel]

Prints, as medians over the repeats:

1. the study's own steps as its cells run them, measured in this process (wall and CPU):
   ``imports`` (once: what a fresh process pays before the first cell), ``validate``,
   ``analyse``, ``maps`` (the map and the memorial), ``chapters``, ``sections``, ``results``;
   the first run is the one a fresh ``viabilidade estudo`` pays, later ones a batch
   worker's warm kernel;
2. the same study through papermill in this process, as ``viabilidade estudo`` runs it
   (:mod:`viabilidade.report.inprocess`: cells, papermill's own work, HTML export), unless
   ``--no-kernel``;
3. the PDF: Typst in a fresh process (wall and CPU), as ``viabilidade estudo`` pays it, and
   WeasyPrint side by side on the same HTML when the ``bench`` extra is installed;
4. ``write`` and a fresh ``viabilidade estudo`` as a user runs it: wall, CPU (the command and
   its children: Typst; a kernel only inside Jupyter) and peak memory (the largest process).

Each line shows its budget and ``OVER`` when above it. The machine is shared: the load
average is printed at the start and at the end, and CPU seconds, unlike wall seconds, hardly
depend on it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import tempfile
import time
from pathlib import Path

import nbformat

from viabilidade.proposal.candidate import load_candidate
from viabilidade.report.writers import export
from viabilidade.report import runner

REPO = Path(__file__).resolve().parents[1]
STUDY_DATE = "2026-11-30"
#: Seconds each step may take (2 cores, quiet machine); wall unless the name says CPU. The
#: cells' steps are those of a fresh study (first run): they add up, with papermill's own
#: work, the HTML and the PDF, to the 3 s of one fresh ``viabilidade estudo``.
BUDGETS = {"imports": 1.0, "validate": 0.1, "analyse": 0.4, "maps": 0.3, "chapters": 0.2,
           "sections": 0.2, "results": 0.05, "html": 0.1, "pdf (typst, fresh process)": 0.3,
           "write": 0.05, "fresh `viabilidade estudo`, wall": 3.0,
           "fresh `viabilidade estudo`, CPU": 3.0, "fresh `viabilidade estudo`, peak MiB": 350.0}


def load_average() -> str:
    """``"load 1/5/15 min: 3.1, 2.4, 1.9"``."""
    one, five, fifteen = os.getloadavg()
    return f"load 1/5/15 min: {one:.1f}, {five:.1f}, {fifteen:.1f}"


class _Clock:
    """Wall and CPU (this process) seconds of each step, in order."""

    def __init__(self):
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}

    def step(self, name: str, fn, *a, **kw):
        w, c = time.perf_counter(), time.process_time()
        out = fn(*a, **kw)
        self.wall[name] = time.perf_counter() - w
        self.cpu[name] = time.process_time() - c
        return out


def kernel_steps(candidate: Path, clock: _Clock) -> None:
    """Run the notebook's cells (``notebooks/estudo.ipynb``) in this process, one step each,
    as the kernel runs them; the first call also times the imports of the first cell."""
    if "imports" not in clock.wall and "viabilidade.report.study_cells" not in __import__("sys").modules:
        def imports():
            from viabilidade.report import other_rules, study_cells  # noqa: F401
            from viabilidade.report.frame import study_frame  # noqa: F401
        clock.step("imports", imports)
    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import other_rules, study_cells as sc
    from viabilidade.report.frame import study_frame

    clock.step("validate", load_candidate, candidate)
    store = load_store()
    settings = sc.settings_from({"study_date": STUDY_DATE})
    a = clock.step("analyse", analyse, str(candidate), store=store, settings=settings)

    def maps():
        split = sc.split_or_none(a, store)
        return sc.Study(analysis=a, store=store, date=a.settings.study_day(),
                        map_html=sc.map_html(a, store, split),
                        memorial_html=sc.memorial_html(a, split, store))
    study = clock.step("maps", maps)
    clock.step("chapters", sc.chapters, study)

    def sections():
        s = sc.sections
        s.cover(a, study.date, after=study_frame(a)), s.summary(a)
        s.area(a, store, map_html=study.map_html), s.other_rules(a)
        other_rules.section(a, []), s.sensitivity(a), s.appendices(a)
    clock.step("sections", sections)
    clock.step("results", lambda: sc.results_bundle(a, {
        "outras_regras": other_rules.records(a, []), "economia": sc.economy_record(study)}))


def _cell_seconds(nb: nbformat.NotebookNode) -> float:
    """Seconds the cells ran (papermill's ``duration`` of each cell)."""
    return sum(cell.metadata.get("papermill", {}).get("duration") or 0.0 for cell in nb.cells)


def one_run(candidate: Path) -> dict[str, float]:
    """Seconds of each step of one study (nothing written outside a temporary folder), its
    notebook run in this process as ``viabilidade estudo`` runs it."""
    import papermill as pm

    from viabilidade.report import inprocess

    out: dict[str, float] = {}
    t0 = time.perf_counter()
    load_candidate(candidate)
    out["validate"] = time.perf_counter() - t0
    params = {"candidate_path": str(candidate.resolve()), "data_root": None, "settings": {},
              "study_date": STUDY_DATE}
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        nb = pm.execute_notebook(str(runner.DEFAULT_TEMPLATE), str(Path(tmp) / "x.ipynb"),
                                 parameters=params, kernel_name="python3", progress_bar=False,
                                 engine_name=inprocess.engine_name())
        total = time.perf_counter() - t
    out["cells"] = _cell_seconds(nb)
    out["papermill (in process)"] = total - out["cells"]
    runner.make_stable(nb)
    t = time.perf_counter()
    html = export.notebook_to_html(nb)
    out["html"] = time.perf_counter() - t
    out.update(pdf_timings(html))
    return out


def pdf_timings(html: str) -> dict[str, float]:
    """Seconds and pages of the study's PDF with Typst (what the project uses) and, when the
    ``bench`` extra is installed, with WeasyPrint (what it used before), on the same HTML."""
    wall, cpu = typst_fresh(html)
    out: dict[str, float] = {"pdf (typst, fresh process)": wall,
                             "pdf (typst, fresh process), CPU": cpu}
    t = time.perf_counter()
    pdf = export.html_to_pdf(html)
    out["pdf (typst, warm process)"] = time.perf_counter() - t
    out["pdf pages (typst)"] = _pages(pdf)
    try:
        import weasyprint
    except ImportError:
        return out
    from viabilidade.report.writers import fonts

    t = time.perf_counter()
    pdf = weasyprint.HTML(string=html.replace("</head>", fonts.pdf_style() + "\n</head>", 1)).write_pdf()
    out["pdf (weasyprint)"] = time.perf_counter() - t
    out["pdf pages (weasyprint)"] = _pages(pdf)
    return out


#: Times the PDF of one HTML file in a new process (imports not counted).
_FRESH = ("import sys, time, resource; from viabilidade.report.writers import export; "
          "h = open(sys.argv[1], encoding='utf-8').read(); t = time.perf_counter(); "
          "r = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "export.html_to_pdf(h); w = time.perf_counter() - t; "
          "s = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "print(w, s.ru_utime + s.ru_stime - r.ru_utime - r.ru_stime)")


def typst_fresh(html: str) -> tuple[float, float]:
    """(wall, CPU) seconds of the Typst PDF in a fresh process, as a ``viabilidade estudo``
    pays it (Typst runs in its own child, whose CPU is counted): Typst memoizes layout within
    a process, so repeating the same HTML in one process is faster."""
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "estudo.html"
        path.write_text(html, encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", _FRESH, str(path)], capture_output=True,
                             text=True, check=True).stdout
    wall, cpu = map(float, out.split())
    return wall, cpu


def _pages(pdf: bytes) -> float:
    """Page count by ``pdfinfo`` (poppler-utils); NaN when it is not installed."""
    import shutil
    import subprocess

    if shutil.which("pdfinfo") is None:
        return float("nan")
    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(pdf)
        f.flush()
        info = subprocess.run(["pdfinfo", f.name], capture_output=True, text=True).stdout
    return float(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def fresh_cli(candidate: Path) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MiB) of ``viabilidade estudo CANDIDATE`` as a user runs it: a new
    process that imports everything, runs the notebook in process
    (:mod:`viabilidade.report.inprocess`) and writes the four files (into a temporary
    folder). CPU counts the command and its children (Typst); the peak is the largest of
    them (``ru_maxrss`` of the waited-for descendants)."""
    import subprocess
    import sys

    cli = Path(sys.executable).parent / "viabilidade"
    # A new Python runs the command, so the peak it reads (ru_maxrss of its waited-for
    # descendants) is this command's and its children's only, not an earlier child's here.
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, "
             "stderr=subprocess.DEVNULL); w = time.perf_counter() - t; "
             "r = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(w, r.ru_utime + r.ru_stime, r.ru_maxrss / 1024)")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([sys.executable, "-c", probe, str(cli), "estudo", str(candidate),
                              "--out", tmp], check=True, capture_output=True, text=True).stdout
    wall, cpu, peak = map(float, out.split())
    return wall, cpu, peak


def _line(name: str, value: float, unit: str = "s", cpu: float | None = None) -> str:
    """One step: its value, its budget and ``OVER`` when above it. With ``cpu``, the step is
    judged by its CPU seconds (on a quiet machine a one-thread step's wall is its CPU; on a
    shared one the wall mostly measures the others)."""
    budget = BUDGETS.get(name)
    judged = value if cpu is None else cpu
    mark = "" if budget is None else f"   budget {budget:6.2f}{' OVER' if judged > budget else ''}"
    extra = "" if cpu is None else f"   CPU {cpu:5.2f}"
    return f"  {name:42s} {value:8.2f} {unit}{extra}{mark}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("candidate", nargs="?", default=str(REPO / "data/candidates/posse-dabadia.toml"))
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-kernel", action="store_true", help="skip the papermill run")
    args = p.parse_args()
    cand = Path(args.candidate)
    print(f"study of {cand.name}; {os.cpu_count()} CPUs; at the start {load_average()}")

    clocks = []
    for _ in range(args.repeat):
        clocks.append(_Clock())
        kernel_steps(cand, clocks[-1])
    print("steps of the study as its cells run them (this process); judged by CPU:")
    print("  first run (a fresh `viabilidade estudo`):")
    for k in clocks[0].wall:
        print(_line(k, clocks[0].wall[k], cpu=clocks[0].cpu[k]))
    if len(clocks) > 1:
        print(f"  later runs (a batch worker's warm kernel), median of {len(clocks) - 1}:")
        for k in clocks[1].wall:
            w = statistics.median(c.wall[k] for c in clocks[1:])
            cpu = statistics.median(c.cpu[k] for c in clocks[1:])
            print(f"  {k:42s} {w:8.2f} s   CPU {cpu:5.2f}")

    html = None
    if not args.no_kernel:
        runs = [one_run(cand) for _ in range(args.repeat)]
        print(f"through papermill in this process (as `estudo`), median of {args.repeat}:")
        for key in runs[0]:
            print(_line(key, statistics.median(r[key] for r in runs),
                        "" if "pages" in key else "s"))
    else:
        from viabilidade.report.study import run_study

        with tempfile.TemporaryDirectory() as tmp:
            timings: dict = {}
            rec = run_study(cand, Path(tmp), timings=timings,
                            study_date=dt.date.fromisoformat(STUDY_DATE))
            html = Path(rec["files"]["html"]).read_text(encoding="utf-8")
        print(_line("html", timings["html"]))
        print(_line("write", timings["write"]))
        typst = [typst_fresh(html) for _ in range(args.repeat)]
        print(_line("pdf (typst, fresh process)", statistics.median(t[0] for t in typst),
                    cpu=statistics.median(t[1] for t in typst)))

    fresh = [fresh_cli(cand) for _ in range(args.repeat)]
    print(f"fresh `viabilidade estudo` (new process), median of {args.repeat} "
          f"(wall runs: {', '.join(f'{x[0]:.2f}' for x in fresh)}):")
    print(_line("fresh `viabilidade estudo`, wall", statistics.median(x[0] for x in fresh)))
    print(_line("fresh `viabilidade estudo`, CPU", statistics.median(x[1] for x in fresh)))
    print(_line("fresh `viabilidade estudo`, peak MiB", max(x[2] for x in fresh), "MiB"))
    print(f"at the end {load_average()}")


if __name__ == "__main__":
    main()
