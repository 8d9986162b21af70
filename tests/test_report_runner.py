"""The papermill runner: typed parameters, byte-stable executed notebooks, IPC kernels."""

from __future__ import annotations

import nbformat
import pytest

from viabilidade.errors import ReportError
from viabilidade.report import runner


def _template(tmp_path, body: str):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    params = nbformat.v4.new_code_cell("code = None\nsettings = {}\nname = ''", metadata={"tags": ["parameters"]})
    nb.cells = [params, nbformat.v4.new_code_cell(body)]
    path = tmp_path / "t.ipynb"
    nbformat.write(nb, path)
    return path


def _text(nb) -> str:
    return "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))


def test_parameters_keep_their_types(tmp_path):
    t = _template(tmp_path, "print(repr(code), type(code).__name__, settings['quorum'], name)")
    run = runner.execute(t, {"code": "0520010", "settings": {"quorum": "literal"}, "name": "São Simão"})
    assert run.error is None
    assert _text(run.notebook) == "'0520010' str literal São Simão\n"


def test_executed_notebook_is_byte_stable(tmp_path):
    t = _template(tmp_path, "print(code)")
    a = runner.execute(t, {"code": "5200100"})
    b = runner.execute(t, {"code": "5200100"})
    text = nbformat.writes(a.notebook)
    assert text == nbformat.writes(b.notebook)
    assert [c["id"] for c in a.notebook.cells] == ["cell-0", "cell-1", "cell-2"]
    for marker in ("start_time", "end_time", "duration", "iopub.execute_input", "input_path"):
        assert marker not in text
    assert a.notebook.metadata["papermill"] == {"parameters": {"code": "5200100"}}


def test_failed_cell_returns_partial_notebook_and_error(tmp_path):
    t = _template(tmp_path, "raise ValueError('dados ausentes')")
    run = runner.execute(t, {"code": "1"})
    assert run.error is not None and "dados ausentes" in str(run.error)
    outputs = [o for c in run.notebook.cells for o in c.get("outputs", [])]
    assert any(o.get("ename") == "ValueError" for o in outputs)


def test_kernel_uses_ipc_transport(tmp_path):
    t = _template(tmp_path, "from ipykernel.kernelapp import IPKernelApp\nprint(IPKernelApp.instance().transport)")
    run = runner.execute(t, {})
    assert _text(run.notebook).strip() == "ipc"


def test_missing_template_is_reported(tmp_path):
    with pytest.raises(ReportError, match=r"o modelo de estudo .*nada\.ipynb não existe"):
        runner.execute(tmp_path / "nada.ipynb", {})


def test_unreadable_template_is_reported(tmp_path):
    bad = tmp_path / "bad.ipynb"
    bad.write_text("not json", encoding="utf-8")
    with pytest.raises(ReportError, match=r"bad\.ipynb não é um caderno legível"):
        runner.execute(bad, {})


def test_kernel_is_the_current_environment(tmp_path):
    import sys

    t = _template(tmp_path, "import sys\nprint(sys.prefix)")
    run = runner.execute(t, {})
    assert _text(run.notebook).strip() == sys.prefix


def _children() -> set[int]:
    """Pids of this process's child processes (from /proc; Linux)."""
    import os
    from pathlib import Path

    me = str(os.getpid())
    out = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == me:
            out.add(int(status.parent.name))
    return out


def test_started_kernel_has_imported_the_study_machinery(tmp_path):
    t = _template(tmp_path, "import sys\nprint('viabilidade.report.study_cells' in sys.modules)")
    km = runner.start_kernel()
    try:
        run = runner.execute(t, {}, kernel=km)
    finally:
        runner.shutdown(km)
    assert _text(run.notebook).strip() == "True"
    # a kernel papermill starts by itself does not preload anything
    assert _text(runner.execute(t, {}).notebook).strip() == "False"


def test_shutdown_leaves_no_kernel_process():
    before = _children()
    km = runner.start_kernel()
    assert _children() - before                     # the kernel process is running
    runner.shutdown(km)
    assert _children() - before == set()


def test_warm_kernel_serves_successive_runs_with_one_client(tmp_path):
    """The reused client keeps each run's outputs apart, after a failed run too."""
    import threading

    box = {}

    def in_own_thread():           # warm_kernel keeps one kernel per thread
        km = runner.warm_kernel()
        try:
            (tmp_path / "ok").mkdir()
            (tmp_path / "bad").mkdir()
            ok = _template(tmp_path / "ok", "print(code)")
            bad = _template(tmp_path / "bad", "raise ValueError(code)")
            box["a"] = runner.execute(ok, {"code": "primeiro"}, kernel=km)
            box["b"] = runner.execute(bad, {"code": "falhou"}, kernel=km)
            box["c"] = runner.execute(ok, {"code": "terceiro"}, kernel=km)
            box["same"] = km.client() is km.client()
        finally:
            runner.shutdown(km)

    t = threading.Thread(target=in_own_thread)
    t.start()
    t.join(120)
    assert box["same"]
    assert _text(box["a"].notebook) == "primeiro\n"
    assert box["b"].error is not None and "falhou" in str(box["b"].error)
    assert _text(box["c"].notebook) == "terceiro\n"


def test_a_template_without_cell_ids_gets_them_without_an_english_warning(tmp_path):
    """Hostile retrial H: nbformat's MissingIDFieldWarning reached stderr for a --modelo
    saved without cell ids."""
    import json
    import warnings
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "notebooks" / "estudo.ipynb"
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell.pop("id", None)
    p = tmp_path / "modelo.ipynb"
    p.write_text(json.dumps(nb), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read = runner.read_template(p)
        nbformat.validate(read)
    ids = [c.get("id") for c in read.cells]
    assert all(ids) and len(set(ids)) == len(ids) == len(nb["cells"])
