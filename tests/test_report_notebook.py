"""The study template: generated .ipynb in sync with notebooks/estudo.py, thin and parameterised."""

from pathlib import Path

import nbformat

from viabilidade.report import runner

ROOT = Path(__file__).resolve().parents[1]


def test_template_is_the_generated_notebook():
    assert runner.DEFAULT_TEMPLATE == ROOT / "notebooks" / "estudo.ipynb"


def test_generated_notebook_matches_its_py_percent_source():
    import jupytext

    source = jupytext.read(ROOT / "notebooks" / "estudo.py")
    generated = nbformat.read(ROOT / "notebooks" / "estudo.ipynb", as_version=4)
    assert [(c.cell_type, c.source) for c in generated.cells] == \
        [(c.cell_type, c.source) for c in source.cells]


def test_one_parameters_cell_with_the_five_parameters():
    nb = nbformat.read(runner.DEFAULT_TEMPLATE, as_version=4)
    params = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1
    names = [line.split("=")[0].strip() for line in params[0].source.splitlines() if "=" in line]
    assert names == ["candidate_path", "data_root", "settings", "study_date", "rulesets"]


def test_template_is_thin():
    """Cells only load the study and display sections: no computation, no heavy imports."""
    nb = nbformat.read(runner.DEFAULT_TEMPLATE, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"
            and "parameters" not in c.metadata.get("tags", [])]
    assert len(code) == 10  # the loop below checks every one
    for src in code:
        assert "geopandas" not in src and "pandas" not in src and "matplotlib" not in src
        for line in src.splitlines():
            assert (line.startswith(("from ", "import ", "display(", "study = ", "analysis = "))
                    or not line.strip()), line
