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


def test_a_parameter_the_template_does_not_declare_is_named_in_portuguese(tmp_path, caplog,
                                                                          capfd):
    """polish11 item 4: a --modelo without study_date and rulesets printed papermill's English
    "Passed unknown parameter: study_date"; the value is still injected (a template may use a
    name it does not declare: the shipped study reads study_date), the warning is gone, and
    the study names the parameters (Execution.undeclared) in pt-BR, saying what it means."""
    import logging
    from pathlib import Path

    from viabilidade.report.study import undeclared_parameters

    t = _template(tmp_path, "print(code, study_date)")
    caplog.set_level(logging.DEBUG)
    run = runner.execute(t, {"code": "1", "study_date": "2027-01-01", "rulesets": []})
    assert "Passed unknown parameter" not in caplog.text + capfd.readouterr().err
    assert run.error is None and _text(run.notebook) == "1 2027-01-01\n"
    assert run.undeclared == ("study_date", "rulesets")
    assert runner.execute(t, {"code": "2", "study_date": None}).undeclared == ("study_date",)
    assert runner.execute(t, {"code": "2"}).undeclared == ()
    template = Path("meu.ipynb")
    assert undeclared_parameters(template, ("study_date",)) == [
        "o modelo de estudo meu.ipynb não declara study_date (a data do estudo) na célula "
        "'parameters'; o valor foi passado mesmo assim, numa célula acrescentada depois dela, "
        "mas só tem efeito no estudo se o modelo o usar (declare-o nessa célula, como em "
        "notebooks/estudo.ipynb)"]
    assert undeclared_parameters(template, ("data_root", "study_date", "rulesets")) == [
        "o modelo de estudo meu.ipynb não declara data_root (a pasta dos dados processados, "
        "--data), study_date (a data do estudo) nem rulesets (os outros conjuntos de regras, "
        "--regras) na célula 'parameters'; os valores foram passados mesmo assim, numa célula "
        "acrescentada depois dela, mas só têm efeito no estudo se o modelo os usar "
        "(declare-os nessa célula, como em notebooks/estudo.ipynb)"]
    assert undeclared_parameters(template, ()) == []


def test_the_declared_parameters_are_the_cells_top_level_assignments():
    def nb(source: str):
        book = nbformat.v4.new_notebook()
        book.cells = [nbformat.v4.new_code_cell(source, metadata={"tags": ["parameters"]})]
        return book

    assert runner.declared_parameters(nb("a = 1\nb: int = 2\nc = d = 3\n%matplotlib inline\n"
                                         "if a:\n    e = 4\nf, g = 5, 6\n")) == {"a", "b", "c", "d"}
    assert runner.declared_parameters(nb("a = (\n")) is None   # not Python: all are passed
    assert runner.declared_parameters(nb("")) == set()


def test_a_template_without_candidate_path_is_refused_before_a_study(tmp_path, capsys):
    """Without candidate_path the notebook would study the candidate written in the template:
    refused, by `estudo --modelo` and by `lote --modelo`, before anything is written."""
    from pathlib import Path

    from viabilidade.cli import main

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("data_root = None\nsettings = {}",
                                          metadata={"tags": ["parameters"]})]
    p = tmp_path / "sem-candidato.ipynb"
    nbformat.write(nb, p)
    said = (f"o modelo de estudo {p} não declara candidate_path na célula 'parameters'; esperada "
            "uma linha candidate_path = … nessa célula, como em notebooks/estudo.ipynb (é o "
            "arquivo do candidato que o estudo lê: sem ela, o caderno estudaria o candidato "
            "escrito no próprio modelo)")
    with pytest.raises(ReportError) as e:
        runner.read_template(p, needs=("candidate_path",))
    assert str(e.value) == said
    runner.read_template(p)   # a template for something else needs no candidate
    posse = Path(__file__).resolve().parents[1] / "data" / "candidates" / "posse-dabadia.toml"
    for command in (["estudo", str(posse)], ["lote", str(posse)]):
        out = tmp_path / command[0]
        assert main([*command, "--modelo", str(p), "--saida", str(out)]) == 2
        assert capsys.readouterr().err == f"erro: {said}\n"
        assert not out.exists()
