"""Committed notebooks carry no outputs, and saving one in JupyterLab keeps the pair as committed
(issue 20, item 6): the contents manager JupyterLab uses (jupytext's, over the server's file
manager) with the repository's jupyter_server_config.py, driven in-process."""

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from viabilidade.common.notebook_files import strip_on_save

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
PAIRS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


def test_the_four_notebooks_are_checked():
    assert PAIRS == ["auditoria_art8", "estudo", "explorar", "triagem_distritos"]


@pytest.mark.parametrize("stem", PAIRS)
def test_committed_notebook_has_no_outputs_nor_execution_counts(stem):
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code
    assert [(c["outputs"], c["execution_count"]) for c in code] == [([], None)] * len(code)
    assert set(nb["metadata"]) == {"jupytext", "kernelspec"}       # no widgets state, language_info
    assert all(set(c["metadata"]) <= {"tags"} for c in nb["cells"])


def _lab_contents_manager(root: Path):
    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
    from jupytext import build_async_jupytext_contents_manager_class
    from traitlets.config import PyFileConfigLoader

    config = PyFileConfigLoader("jupyter_server_config.py", path=str(REPO)).load_config()
    manager = build_async_jupytext_contents_manager_class(AsyncLargeFileManager)
    return manager(root_dir=str(root), config=config)


def _run_and_save(manager, name: str) -> dict:
    """What a run in JupyterLab leaves in the notebook, saved: outputs, counts, widget state."""
    async def go():
        nb = (await manager.get(name))["content"]
        for i, cell in enumerate(nb["cells"], start=1):
            if cell["cell_type"] == "code":
                cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "saída " * 200}]
                cell["execution_count"] = i
                cell["metadata"]["execution"] = {"iopub.status.busy": "2026-12-01T19:00:00Z"}
        nb["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {"x": {}}}}
        nb["metadata"]["language_info"] = {"name": "python", "version": "3.12.3"}
        nb["metadata"]["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}        # what JupyterLab writes
        await manager.save({"type": "notebook", "content": nb}, name)
        return nb
    return asyncio.run(go())


@pytest.mark.parametrize("stem", PAIRS)
def test_saving_in_jupyterlab_leaves_the_pair_as_committed(tmp_path, stem):
    for name in (f"{stem}.ipynb", f"{stem}.py", "jupytext.toml"):
        shutil.copy(NOTEBOOKS / name, tmp_path / name)
    _run_and_save(_lab_contents_manager(tmp_path), f"{stem}.ipynb")
    for name in (f"{stem}.ipynb", f"{stem}.py"):
        assert (tmp_path / name).read_bytes() == (NOTEBOOKS / name).read_bytes(), name


def test_without_the_hook_the_outputs_would_be_written(tmp_path):
    """The test above can fail: the same save with no pre_save_hook keeps the outputs."""
    for name in ("explorar.ipynb", "explorar.py", "jupytext.toml"):
        shutil.copy(NOTEBOOKS / name, tmp_path / name)
    manager = _lab_contents_manager(tmp_path)
    manager.pre_save_hook = None
    _run_and_save(manager, "explorar.ipynb")
    nb = json.loads((tmp_path / "explorar.ipynb").read_text(encoding="utf-8"))
    assert sum(len(c.get("outputs", [])) for c in nb["cells"]) == 5
    assert "widgets" in nb["metadata"]


def test_the_hook_leaves_other_files_alone():
    model = {"type": "file", "format": "text", "content": "# %%\nprint(1)\n"}
    strip_on_save(model, path="explorar.py")
    assert model == {"type": "file", "format": "text", "content": "# %%\nprint(1)\n"}


def test_make_lab_uses_the_repository_config():
    lab = next(line for line in (REPO / "Makefile").read_text().splitlines()
               if "jupyter lab" in line)
    assert "--config=jupyter_server_config.py" in lab


def test_the_kernel_name_jupyterlab_writes_is_saved_as_committed(tmp_path):
    # Run All then Ctrl+S in JupyterLab wrote "Python 3 (ipykernel)" into explorar.ipynb and
    # its .py pair (issue 31).
    nb = json.loads((NOTEBOOKS / "explorar.ipynb").read_text(encoding="utf-8"))
    committed = dict(nb["metadata"]["kernelspec"])
    nb["metadata"]["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                    "name": "python3"}
    model = {"type": "notebook", "content": nb}
    strip_on_save(model, path="explorar.ipynb")
    assert model["content"]["metadata"]["kernelspec"] == committed == {
        "display_name": "Python 3", "language": "python", "name": "python3"}
    other = {"type": "notebook", "content": {"metadata": {"kernelspec": {"name": "ir", "display_name": "R"}},
                                             "cells": []}}
    strip_on_save(other, path="r.ipynb")
    assert other["content"]["metadata"]["kernelspec"] == {"name": "ir", "display_name": "R"}
