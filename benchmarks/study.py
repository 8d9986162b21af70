"""Time one study, step by step: kernel start, cells, kernel shutdown, HTML export, PDF
(Typst, and WeasyPrint side by side on the same HTML when the ``bench`` extra is installed;
the total counts Typst only).

Usage::

    .venv/bin/python benchmarks/study.py [candidate.toml] [--repeat N]

Prints seconds per step (median over the repeats), then the wall time of a fresh
``viabilidade estudo`` command, as a user runs it. Kernel start and cells are measured
inside the papermill run from nbclient's per-cell timestamps; everything else with
``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import tempfile
import time
from pathlib import Path

import nbformat

from viabilidade.proposal.candidate import load_candidate
from viabilidade.report.writers import export
from viabilidade.report import runner

REPO = Path(__file__).resolve().parents[1]


def _cell_seconds(nb: nbformat.NotebookNode) -> float:
    total = 0.0
    for cell in nb.cells:
        ex = cell.metadata.get("execution", {})
        start, end = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
        if start and end:
            total += (dt.datetime.fromisoformat(end.replace("Z", "+00:00"))
                      - dt.datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds()
    return total


def one_run(candidate: Path) -> dict[str, float]:
    """Seconds of each step of one study (nothing written outside a temporary folder)."""
    import papermill as pm

    out: dict[str, float] = {}
    t0 = time.perf_counter()
    load_candidate(candidate)
    out["validate"] = time.perf_counter() - t0
    params = {"candidate_path": str(candidate.resolve()), "data_root": None, "settings": {},
              "study_date": "2026-11-30"}
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        nb = pm.execute_notebook(str(runner.DEFAULT_TEMPLATE), str(Path(tmp) / "x.ipynb"),
                                 parameters=params, kernel_name="python3", progress_bar=False,
                                 kernel_manager_class="viabilidade.report.runner.IPCKernelManager")
        total = time.perf_counter() - t
    out["cells"] = _cell_seconds(nb)
    out["kernel start + shutdown + papermill"] = total - out["cells"]
    runner.make_stable(nb)
    t = time.perf_counter()
    html = export.notebook_to_html(nb)
    out["html"] = time.perf_counter() - t
    out.update(pdf_timings(html))
    return out


def pdf_timings(html: str) -> dict[str, float]:
    """Seconds and pages of the study's PDF with Typst (what the project uses) and, when the
    ``bench`` extra is installed, with WeasyPrint (what it used before), on the same HTML."""
    out: dict[str, float] = {"pdf (typst)": _typst_fresh_process(html)}
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
_FRESH = ("import sys, time; from viabilidade.report.writers import export; "
          "h = open(sys.argv[1], encoding='utf-8').read(); t = time.perf_counter(); "
          "export.html_to_pdf(h); print(time.perf_counter() - t)")


def _typst_fresh_process(html: str) -> float:
    """Seconds of the Typst PDF in a fresh process, as a ``viabilidade estudo`` pays it: Typst
    memoizes layout within a process, so repeating the same HTML in one process is faster."""
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "estudo.html"
        path.write_text(html, encoding="utf-8")
        out = subprocess.run([sys.executable, "-c", _FRESH, str(path)], capture_output=True,
                             text=True, check=True).stdout
    return float(out.strip())


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


def fresh_cli(candidate: Path) -> float:
    """Wall seconds of ``viabilidade estudo CANDIDATE`` as a user runs it: a new process that
    imports everything, starts its kernel and writes the four files (into a temporary folder)."""
    import subprocess
    import sys

    cli = Path(sys.executable).parent / "viabilidade"
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        subprocess.run([str(cli), "estudo", str(candidate), "--out", tmp], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("candidate", nargs="?", default=str(REPO / "data/candidates/posse-dabadia.toml"))
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    runs = [one_run(Path(args.candidate)) for _ in range(args.repeat)]
    print(f"study of {Path(args.candidate).name}, median of {args.repeat} run(s):")
    for key in runs[0]:
        print(f"  {key:40s} {statistics.median(r[key] for r in runs):8.2f}")
    steps = [k for k in runs[0] if "pages" not in k and "weasyprint" not in k and "warm" not in k]
    print(f"  {'total':40s} {statistics.median(sum(r[k] for k in steps) for r in runs):8.2f}")
    fresh = [fresh_cli(Path(args.candidate)) for _ in range(args.repeat)]
    print(f"fresh `viabilidade estudo` (new process, wall), median of {args.repeat}: "
          f"{statistics.median(fresh):.2f} s (runs: {', '.join(f'{x:.2f}' for x in fresh)})")


if __name__ == "__main__":
    main()
