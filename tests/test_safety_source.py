"""Nothing unsafe in the package source, and notebook parameters passed as typed values.

The source scan parses every module of ``lib/viabilidade`` with :mod:`ast` and lists calls to
``eval``, ``exec``, ``compile`` and ``__import__``, ``os.system``/``os.popen``, and any call
with ``shell=True``: input must never become code or a shell command line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat

from viabilidade.report import runner

PACKAGE = Path(__file__).resolve().parents[1] / "lib" / "viabilidade"
FORBIDDEN_NAMES = {"eval", "exec", "compile", "__import__"}
FORBIDDEN_ATTRS = {("os", "system"), ("os", "popen")}


def unsafe_calls(source: str, filename: str = "<source>") -> list[str]:
    """``file:line call`` for each forbidden call in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in FORBIDDEN_NAMES:
            found.append(f"{filename}:{node.lineno} {f.id}()")
        elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
              and (f.value.id, f.attr) in FORBIDDEN_ATTRS):
            found.append(f"{filename}:{node.lineno} {f.value.id}.{f.attr}()")
        for kw in node.keywords:
            if kw.arg == "shell" and not (isinstance(kw.value, ast.Constant) and kw.value.value is False):
                found.append(f"{filename}:{node.lineno} shell=")
    return found


def test_scanner_finds_what_it_looks_for():
    src = ("x = eval(s)\nexec(s)\nimport os\nos.system(s)\n"
           "subprocess.run(s, shell=True)\nsubprocess.run(s, shell=False)\n")
    assert unsafe_calls(src) == ["<source>:1 eval()", "<source>:2 exec()",
                                 "<source>:4 os.system()", "<source>:5 shell="]


def test_package_never_evaluates_or_shells_out_input():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 50  # the scan really covers the package
    found = [hit for f in files
             for hit in unsafe_calls(f.read_text(encoding="utf-8"), str(f.relative_to(PACKAGE)))]
    assert found == []


def _template(tmp_path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("name = ''\ncodes = []\nsettings = {}",
                                          metadata={"tags": ["parameters"]}),
                nbformat.v4.new_code_cell("print(repr(name)); print(type(codes).__name__, codes); "
                                          "print(sorted(settings.items()))")]
    path = tmp_path / "eco.ipynb"
    nbformat.write(nb, path)
    return path


def test_code_text_in_a_parameter_is_a_string_not_code(tmp_path):
    marker = Path("/tmp/pwned")
    marker.unlink(missing_ok=True)
    name = '"); import os; os.system("touch /tmp/pwned") #'
    other = tmp_path / "pwned-too"
    settings = {"reading'); open('" + str(other) + "', 'w').close(); ('": 1}
    run = runner.execute(_template(tmp_path), {"name": name, "codes": ["0520010", "520010010"],
                                               "settings": settings})
    assert run.error is None
    out = "".join(o.get("text", "") for o in run.notebook.cells[-1].outputs)
    assert out.splitlines() == [repr(name), "list ['0520010', '520010010']",
                                repr(sorted(settings.items()))]
    assert not marker.exists() and not other.exists()
