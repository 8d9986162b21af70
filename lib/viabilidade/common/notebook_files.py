"""Committed notebooks stay clean: no outputs, no execution counts, no run metadata.

JupyterLab saves through its contents manager; :func:`strip_on_save` is that manager's
``pre_save_hook`` (set in the repository's ``jupyter_server_config.py``, which ``make lab``
uses), so using a notebook (the explorer above all) never leaves the working tree dirty.
"""

from __future__ import annotations

#: Notebook metadata kept on save (jupytext's pairing and the kernel); the rest
#: (``language_info``, the ipywidgets state ``widgets`` …) is what a run adds.
KEPT_NOTEBOOK_METADATA = ("jupytext", "kernelspec")
#: The kernel every committed notebook names. JupyterLab writes the running kernel's spec on
#: save ("Python 3 (ipykernel)"), which dirtied git for a mere Run All and Save (issue 31);
#: a notebook that names ``python3`` is saved naming it as committed.
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
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
        :data:`KEPT_CELL_METADATA`, a ``python3`` kernel spec as :data:`KERNELSPEC`.
    """
    meta = nb.get("metadata") or {}
    nb["metadata"] = {k: meta[k] for k in KEPT_NOTEBOOK_METADATA if k in meta}
    if (nb["metadata"].get("kernelspec") or {}).get("name") == KERNELSPEC["name"]:
        nb["metadata"]["kernelspec"] = dict(KERNELSPEC)
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
    elif (model.get("type") == "file" and isinstance(model.get("content"), str)
          and str(_.get("path", "")).endswith(".py")):
        model["content"] = pair_header_kernel(model["content"])


def pair_header_kernel(text: str) -> str:
    """A jupytext ``py:percent`` pair with its header's ``python3`` kernel spec as
    :data:`KERNELSPEC` (jupytext writes the pair from the notebook as JupyterLab sent it,
    before :func:`strip_notebook`); any other text unchanged."""
    import re

    lines = text.split("\n")
    if not lines or lines[0] != "# ---":
        return text
    try:
        end = lines.index("# ---", 1)
    except ValueError:
        return text
    header = "\n".join(lines[1:end])
    spec = re.search(r"^#   kernelspec:\n((?:#     .*\n?)+)", header, flags=re.M)
    if spec is None or not re.search(r"^#     name: python3$", spec.group(1), flags=re.M):
        return text
    fixed = re.sub(r"^#     display_name: .*$", f"#     display_name: {KERNELSPEC['display_name']}",
                   spec.group(1), flags=re.M)
    header = header[:spec.start(1)] + fixed + header[spec.end(1):]
    return "\n".join([lines[0], header, *lines[end:]])
