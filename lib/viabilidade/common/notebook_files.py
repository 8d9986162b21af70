"""Committed notebooks stay clean: no outputs, no execution counts, no run metadata.

JupyterLab saves through its contents manager; :func:`strip_on_save` is that manager's
``pre_save_hook`` (set in the repository's ``jupyter_server_config.py``, which ``make lab``
uses), so using a notebook (the explorer above all) never leaves the working tree dirty.
"""

from __future__ import annotations

#: Notebook metadata kept on save (jupytext's pairing and the kernel); the rest
#: (``language_info``, the ipywidgets state ``widgets`` …) is what a run adds.
KEPT_NOTEBOOK_METADATA = ("jupytext", "kernelspec")
#: Cell metadata kept on save (papermill reads ``tags``: ``parameters``).
KEPT_CELL_METADATA = ("tags",)


def strip_notebook(nb: dict) -> dict:
    """Remove what running a notebook adds, in place.

    Parameters
    ----------
    nb : dict
        A notebook in nbformat 4 (``cells``, ``metadata``).

    Returns
    -------
    dict
        The same notebook: code cells with ``outputs == []`` and ``execution_count`` None,
        notebook metadata limited to :data:`KEPT_NOTEBOOK_METADATA`, cell metadata to
        :data:`KEPT_CELL_METADATA`.
    """
    meta = nb.get("metadata") or {}
    nb["metadata"] = {k: meta[k] for k in KEPT_NOTEBOOK_METADATA if k in meta}
    for cell in nb.get("cells", []):
        cmeta = cell.get("metadata") or {}
        cell["metadata"] = {k: cmeta[k] for k in KEPT_CELL_METADATA if k in cmeta}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return nb


def strip_on_save(model: dict, **_) -> None:
    """Jupyter contents manager ``pre_save_hook``: strip a notebook model before it is written.

    Parameters
    ----------
    model : dict
        The contents model being saved; only ``type == "notebook"`` models are changed
        (jupytext's paired ``.py`` is saved as a ``file`` and carries no outputs).
    """
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_notebook(model["content"])
