"""Catalogue of bad study inputs: templates and output folders (see docs/ERRORS.md).

Malformed candidates, unknown settings and missing/unreadable templates are in
tests/test_study_run.py and tests/test_report_runner.py.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from viabilidade.errors import ReportError
from viabilidade.report import runner, study

REPO = Path(__file__).resolve().parents[1]
POSSE = REPO / "data" / "candidates" / "posse-dabadia.toml"
STORE = REPO / "data" / "processed"


def _template_without_parameters(tmp_path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("candidate_path = ''"),
                nbformat.v4.new_code_cell("print(candidate_path)", metadata={"tags": ["parametros"]})]
    path = tmp_path / "sem_parametros.ipynb"
    nbformat.write(nb, path)
    return path


def _message(path: Path) -> str:
    return (f"o modelo de estudo {path} não tem célula com a etiqueta 'parameters'; esperada "
            "uma célula de código com a etiqueta 'parameters' (o papermill injeta os parâmetros "
            "depois dela)")


def test_template_without_parameters_cell(tmp_path):
    path = _template_without_parameters(tmp_path)
    with pytest.raises(ReportError) as e:
        runner.execute(path, {"candidate_path": "x.toml"})
    assert str(e.value) == _message(path)


@pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                    reason="processed store data/processed not built")
def test_study_with_such_a_template_writes_nothing(tmp_path):
    path = _template_without_parameters(tmp_path)
    with pytest.raises(ReportError) as e:
        study.run_study(POSSE, tmp_path / "outputs", data_root=STORE, template=path)
    assert str(e.value) == _message(path)
    assert not (tmp_path / "outputs").exists()


@pytest.mark.parametrize("slug", ["../etc", "..", "a/b", "/etc"])
def test_output_folder_never_leaves_the_root(tmp_path, slug):
    with pytest.raises(ReportError) as e:
        study.output_folder(tmp_path / "outputs", slug)
    root = (tmp_path / "outputs").resolve()
    assert str(e.value) == (f"a pasta de saída {(root / slug).resolve()} do slug {slug!r} não "
                            f"fica diretamente dentro de {root}; esperado um slug sem '/' nem "
                            "'..'")


def test_output_folder_for_a_plain_slug(tmp_path):
    assert study.output_folder(tmp_path / "outputs", "etc") == (tmp_path / "outputs" / "etc").resolve()
