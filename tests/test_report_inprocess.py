"""A notebook run in this process (report.inprocess) is the notebook a kernel gives: same
outputs, same metadata, same failure markers; nothing of one run is seen by the next."""

from __future__ import annotations

import re

import nbformat
import pytest

from viabilidade.report import inprocess, runner
from test_report_runner import _template, _text

#: A cell with every kind of output a study's cell can give.
BODY = ("import sys\n"
        "from IPython.display import HTML, display\n"
        "print('linha 1')\n"
        "print('linha 2', code)\n"
        "print('aviso', file=sys.stderr)\n"
        "display(HTML('<p>Posse d&#x27;Abadia</p>'))\n"
        "display({'application/json': {'a': 1, 'b': [1.5, None]}, 'text/plain': 'x'}, raw=True)\n"
        "3045 / 3000")


def test_in_process_notebook_is_the_kernels_byte_for_byte(tmp_path):
    t = _template(tmp_path, BODY)
    kernel = runner.execute(t, {"code": "5200100"})
    inline = runner.execute(t, {"code": "5200100"}, in_process=True)
    assert kernel.error is None and inline.error is None
    assert nbformat.writes(inline.notebook) == nbformat.writes(kernel.notebook)
    outputs = inline.notebook.cells[-1].outputs
    assert [o.output_type for o in outputs] == ["stream", "stream", "display_data",
                                                "display_data", "execute_result"]
    assert outputs[0].text == "linha 1\nlinha 2 5200100\n" and outputs[1].text == "aviso\n"
    assert outputs[2].data["text/html"] == "<p>Posse d&#x27;Abadia</p>"
    assert outputs[3].data["application/json"] == {"a": 1, "b": [1.5, None]}
    assert outputs[4].data["text/plain"] == "1.015" and outputs[4].execution_count == 3


def test_failed_cell_is_marked_as_papermill_marks_it(tmp_path):
    t = _template(tmp_path, "x = 1\nraise ValueError('dados ausentes')")
    run = runner.execute(t, {"code": "1"}, in_process=True)
    assert type(run.error).__name__ == "PapermillExecutionError"
    assert (run.error.ename, run.error.evalue, run.error.exec_count) == (
        "ValueError", "dados ausentes", 3)
    errors = [o for c in run.notebook.cells for o in c.get("outputs", [])
              if o.output_type == "error"]
    assert [(o.ename, o.evalue) for o in errors] == [("ValueError", "dados ausentes")]
    plain = re.sub(r"\x1b\[[0-9;]*m", "", "\n".join(errors[0].traceback))
    assert "raise ValueError('dados ausentes')" in plain
    # papermill's marker cell, as with a kernel
    assert "An Exception was encountered at" in run.notebook.cells[0].source


def test_nothing_of_one_run_is_seen_by_the_next(tmp_path):
    first = runner.execute(_template(tmp_path, "segredo = 42"), {}, in_process=True)
    assert first.error is None
    second = runner.execute(_template(tmp_path, "print(segredo)"), {}, in_process=True)
    assert (second.error.ename, second.error.evalue) == ("NameError", "name 'segredo' is not defined")


def test_a_cell_over_its_time_limit_fails_with_a_portuguese_message(tmp_path):
    t = _template(tmp_path, "import time\nwhile True:\n    time.sleep(0.01)")
    run = runner.execute(t, {}, timeout=1, in_process=True)
    assert (run.error.ename, run.error.evalue) == (
        "TimeoutError", "a célula passou de 1 s, o limite de uma célula do estudo")


def test_ctrl_c_in_a_cell_stops_the_run(tmp_path):
    t = _template(tmp_path, "raise KeyboardInterrupt")
    with pytest.raises(KeyboardInterrupt):
        runner.execute(t, {}, in_process=True)


def test_available_only_without_another_shell(monkeypatch):
    """Inside a Jupyter kernel (another shell in the process) a study keeps its own kernel."""
    from IPython.core.interactiveshell import InteractiveShell

    assert inprocess.available()  # pytest: no shell, or this module's own
    monkeypatch.setattr(InteractiveShell, "_instance", object())
    monkeypatch.setattr(InteractiveShell, "initialized", classmethod(lambda cls: True))
    monkeypatch.setattr(InteractiveShell, "instance", classmethod(lambda cls: cls._instance))
    assert not inprocess.available()


def test_two_threads_take_turns_and_keep_their_own_outputs(tmp_path):
    import threading

    t = _template(tmp_path, "import time\nprint(code)\ntime.sleep(0.2)\nprint(code)")
    runs = {}

    def run(code):
        runs[code] = runner.execute(t, {"code": code}, in_process=True)

    threads = [threading.Thread(target=run, args=(c,)) for c in ("primeiro", "segundo")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert {c: _text(r.notebook) for c, r in runs.items()} == {
        "primeiro": "primeiro\nprimeiro\n", "segundo": "segundo\nsegundo\n"}


def test_between_runs_the_process_has_no_ipython_shell(tmp_path, capsys):
    """After a run, ``display`` outside a notebook prints as in a process without IPython, and
    nothing is added to the last notebook."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.display import display

    run = runner.execute(_template(tmp_path, "print(code)"), {"code": "1"}, in_process=True)
    assert not InteractiveShell.initialized()
    capsys.readouterr()
    display("fora de um estudo")
    assert capsys.readouterr().out == "fora de um estudo\n"
    assert _text(run.notebook) == "1\n"
    assert [len(c.outputs) for c in run.notebook.cells if c.cell_type == "code"] == [0, 0, 1]


def _spawned() -> int:
    return 7


def test_after_a_run_the_process_has_its_own_main_and_builtins(tmp_path):
    """IPython makes its namespace ``sys.modules["__main__"]`` (no ``__spec__``) and adds
    ``__IPYTHON__`` and ``display`` to the builtins; left in place after a study, every
    ``multiprocessing`` spawn in the process failed (``lote``'s pool in the test run:
    "module '__main__' has no attribute '__spec__'"), and libraries took the process for
    IPython. The run hands them back; a second run installs them again."""
    import builtins
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    main = sys.modules["__main__"]
    for code in ("1", "2"):
        run = runner.execute(_template(tmp_path, "print(__IPYTHON__, code)"), {"code": code},
                             in_process=True)
        assert run.error is None and _text(run.notebook) == f"True {code}\n"
        assert sys.modules["__main__"] is main
        assert "__IPYTHON__" not in vars(builtins) and "display" not in vars(builtins)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert pool.submit(_spawned).result(timeout=120) == 7
