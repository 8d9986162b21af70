"""A local batch's workers run each study's notebook in their own process (issue 30).

Real studies (Posse d'Abadia on the committed store) through ``lote``'s process pool, with
the package's template plus one cell, right after the parameters, that logs the process
running the cells and fails on purpose for the candidate ``a-quebra``: a worker survives a
study that fails in a cell (its error reported, the next study written by the same worker),
the cells run in the worker itself (no kernel: the worker is this process's child), and
Ctrl-C stops a batch while a real study runs.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from viabilidade.batch.run import run_batch

REPO = Path(__file__).resolve().parents[1]
POSSE = REPO / "data" / "candidates" / "posse-dabadia.toml"
STORE = REPO / "data" / "processed"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (STORE / "manifest.json").is_file(),
                       reason="processed store data/processed not built"),
]

#: The cell added after the parameters: one line per study in ``<log>`` (slug stem, the pid
#: running the cells, its parent's pid), then a failure for ``a-quebra`` only.
LOG_CELL = """import os, pathlib
_stem = pathlib.Path(candidate_path).stem
with open({log!r}, "a", encoding="utf-8") as _f:
    _f.write(f"{{_stem}} {{os.getpid()}} {{os.getppid()}}\\n")
if _stem == "a-quebra":
    raise RuntimeError("falha simulada no estudo")
"""


def _template(tmp_path: Path, log: Path) -> Path:
    """The package's study template with :data:`LOG_CELL` after its parameters cell."""
    nb = nbformat.read(REPO / "notebooks" / "estudo.ipynb", as_version=4)
    at = next(i for i, c in enumerate(nb.cells) if "parameters" in c.metadata.get("tags", []))
    nb.cells.insert(at + 1, nbformat.v4.new_code_cell(LOG_CELL.format(log=str(log))))
    path = tmp_path / "modelo.ipynb"
    nbformat.write(nb, path)
    return path


def _candidates(folder: Path, *slugs: str) -> Path:
    """Posse d'Abadia's candidate under each slug (``<slug>.toml``)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = POSSE.read_text(encoding="utf-8")
    for slug in slugs:
        (folder / f"{slug}.toml").write_text(
            text.replace('slug = "posse-dabadia"', f'slug = "{slug}"'), encoding="utf-8")
    return folder


def _log(path: Path) -> list[tuple[str, int, int]]:
    lines = path.read_text(encoding="utf-8").split() if path.exists() else []
    return [(s, int(p), int(pp)) for s, p, pp in zip(lines[::3], lines[1::3], lines[2::3])]


def test_a_worker_runs_its_studies_in_process_and_survives_a_failed_cell(tmp_path):
    log = tmp_path / "celulas.log"
    cands = _candidates(tmp_path / "cands", "a-quebra", "b-posse")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=1, data_root=STORE, progress=False,
                    template=_template(tmp_path, log))
    runs = _log(log)
    assert [s for s, _, _ in runs] == ["a-quebra", "b-posse"]
    # one worker ran both notebooks' cells itself: a child of this process, not a kernel
    assert runs[0][1] == runs[1][1] != os.getpid()
    assert runs[0][2] == runs[1][2] == os.getpid()
    by = {r["slug"]: r for r in res.records}
    assert by["a-quebra"]["status"] == "falhou"
    assert by["a-quebra"]["error"] == (
        "o caderno do estudo falhou na célula 3: RuntimeError: falha simulada no estudo "
        f"(ver {(out / 'a-quebra' / 'erro.txt').resolve()})")
    assert (out / "a-quebra" / "estudo.falhou.ipynb").is_file()
    assert by["b-posse"]["status"] == "ok" and by["b-posse"]["verdict"] == "indeterminado"
    results = json.loads((out / "b-posse" / "resultados.json").read_text(encoding="utf-8"))
    iv = next(r for r in results["results"] if r["rule_id"] == "art4.IV")
    assert iv["status"] == "pass"   # 3.045 inhabitants (Censo 2022) > 3.000


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc via psutil")
def test_ctrl_c_stops_a_batch_while_a_real_study_runs_in_its_worker(tmp_path):
    import psutil

    log = tmp_path / "celulas.log"
    cands = _candidates(tmp_path / "cands", "b-posse", "c-posse", "d-posse")
    out = tmp_path / "lote"
    cmd = [sys.executable, "-m", "viabilidade.cli", "lote", str(cands), "--saida", str(out),
           "--sem-progresso", "-j", "1", "--data", str(STORE),
           "--modelo", str(_template(tmp_path, log))]
    proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(1200):  # until the first study's cells run (a wait, not a bound)
            if _log(log) or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert _log(log), proc.communicate()[1]
        worker = _log(log)[0][1]
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err
    assert "Lote da pasta lote interrompido (Ctrl-C)" in err
    gone = (not psutil.pid_exists(worker)
            or psutil.Process(worker).status() == psutil.STATUS_ZOMBIE)
    assert gone, "the worker outlived its stopped batch"
    assert (out / "index.html").is_file()
    assert not (out / "d-posse" / "estudo.pdf").exists()   # never started
