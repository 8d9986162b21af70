"""The exploration notebook: in sync with its jupytext source, runs top to bottom, opens in JupyterLab."""

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from viabilidade.common.imports import block_slow_imports

# nbformat/jupytext/papermill import jsonschema, which with JupyterLab installed builds the
# rfc3987_syntax grammar at import (~2 s, REFERENCES.md); the notebook schema never uses it.
block_slow_imports()

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PROCESSED = REPO / "data" / "processed"
needs_store = pytest.mark.skipif(not (PROCESSED / "manifest.json").exists(),
                                 reason=f"processed store absent at {PROCESSED} (viabilidade data build)")


def test_ipynb_matches_its_jupytext_source():
    jupytext = pytest.importorskip("jupytext")
    src = jupytext.read(NOTEBOOKS / "explorar.py")
    nb = jupytext.read(NOTEBOOKS / "explorar.ipynb")
    assert [(c.cell_type, c.source) for c in nb.cells] == [(c.cell_type, c.source) for c in src.cells], \
        "notebooks/explorar.ipynb is stale: run `jupytext --to ipynb notebooks/explorar.py`"
    assert "parameters" in nb.cells[1].metadata.get("tags", [])


@needs_store
def test_notebook_runs_top_to_bottom(tmp_path, monkeypatch):
    papermill = pytest.importorskip("papermill")
    # The kernel is this interpreter, whatever kernel specs the user has installed.
    spec = tmp_path / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python",
        "env": {"PYTHONPATH": str(REPO / "lib")}}), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    # The explorer's session goes to the test's folder, not the repository's data/candidates/.
    monkeypatch.setenv("VIABILIDADE_ESTADO_EXPLORAR", str(tmp_path / "estado.json"))
    out = tmp_path / "explorar.ipynb"
    papermill.execute_notebook(str(NOTEBOOKS / "explorar.ipynb"), str(out), kernel_name="python3",
                               parameters={"data_root": str(PROCESSED)}, cwd=str(tmp_path),
                               progress_bar=False)
    nb = json.loads(out.read_text(encoding="utf-8"))
    text = "".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                   for o in c.get("outputs", []))
    assert "Conclusão com população hipotética de 3.000: inviável" in text
    assert (tmp_path / "estado.json").is_file()          # the session was kept
    assert "Eleitorado projetado para 1º de julho de 2027" in text
    widget_views = [o for c in nb["cells"] for o in c.get("outputs", [])
                    if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widget_views, "the explorer widget was not displayed"
    # API cells: charts inline (no "<Figure size …>"), tables with Portuguese columns.
    outputs = [o for c in nb["cells"] for o in c.get("outputs", [])]
    plain = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "<Figure size" not in plain
    assert any("image/png" in o.get("data", {}) for o in outputs)
    tables = "".join("".join(o.get("data", {}).get("text/html", "")) for o in outputs)
    for column in ("Distância até mudar", "Base (pop. / eleit. / edif. / área)", "Situação"):
        assert column in tables
    assert "3.000 habitantes (hipotético)" in tables
    for english in ("rule_id", "subject", "populacao", "texto"):
        assert f">{english}<" not in tables


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_jupyter_lab_starts_and_serves_the_notebook(tmp_path):
    pytest.importorskip("jupyterlab", reason="jupyterlab is not installed (extra 'explorar')")
    jupyter = Path(sys.executable).with_name("jupyter")
    if not jupyter.exists():
        pytest.skip(f"no jupyter command next to {sys.executable}")
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    proc = subprocess.Popen(
        [str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={token}", f"--notebook-dir={NOTEBOOKS}", "--ServerApp.port_retries=0"]
        + (["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        statuses, deadline = {}, time.monotonic() + 90
        for path in ("api/contents/explorar.ipynb?content=0", "lab/tree/explorar.ipynb"):
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}"
                                                f"{'&' if '?' in path else '?'}token={token}",
                                                timeout=10) as r:
                        statuses[path] = (r.status, r.read())
                    break
                except (urllib.error.URLError, ConnectionError) as e:
                    if isinstance(e, urllib.error.HTTPError) or proc.poll() is not None \
                            or time.monotonic() > deadline:
                        log = proc.stdout.read1(20000).decode(errors="replace") if proc.poll() is not None else ""
                        pytest.fail(f"jupyter lab did not serve /{path}: {e}\n{log}")
                    time.sleep(0.3)
        status, body = statuses["api/contents/explorar.ipynb?content=0"]
        assert status == 200
        assert json.loads(body)["name"] == "explorar.ipynb"
        status, body = statuses["lab/tree/explorar.ipynb"]
        assert status == 200 and b"JupyterLab" in body
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmp_path / "runtime", ignore_errors=True)
