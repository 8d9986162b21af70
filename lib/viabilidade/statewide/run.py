"""Runners of the two statewide notebooks (``notebooks/auditoria_art8.py`` and
``notebooks/triagem_distritos.py``): executed by papermill, exported to HTML and PDF, and
written together, for ``viabilidade auditoria`` and ``viabilidade triagem``.

Layer: floor 11 (``statewide``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..data.paths import REPO
from ..errors import ReportError, failure_words
from ..rules.settings import Settings

#: Folder of the statewide notebooks (jupytext py:percent sources and generated .ipynb).
NOTEBOOKS = REPO / "notebooks"
AUDIT_NOTEBOOK = "auditoria_art8"
SCREENING_NOTEBOOK = "triagem_distritos"


def _run(name: str, out_dir: Path, parameters: dict, notebook: Path | None) -> dict[str, Path]:
    from ..report import runner
    from ..report.writers import export
    from ..report.writers.atomic import check_output_folder, write_files_atomically

    import nbformat

    template = Path(notebook) if notebook else NOTEBOOKS / f"{name}.ipynb"
    check_output_folder(Path(out_dir))  # before the notebook runs: exists, writable, has space
    run = runner.execute(template, parameters, cwd=template.parent)
    if run.error is not None:
        e = run.error
        where = f" na célula {e.cell_index}" if getattr(e, "cell_index", None) is not None else ""
        what = (failure_words(e.ename, e.evalue) if getattr(e, "ename", None)
                else failure_words(type(e).__name__, e))
        raise ReportError(f"o caderno estadual {template.name} falhou{where}: {what}")
    html = export.notebook_to_html(run.notebook)
    pdf = export.html_to_pdf(html)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {"ipynb": f"{name}.ipynb", "html": f"{name}.html", "pdf": f"{name}.pdf"}
    write_files_atomically(out_dir, {files["ipynb"]: nbformat.writes(run.notebook).encode("utf-8"),
                                files["html"]: html.encode("utf-8"), files["pdf"]: pdf})
    return {k: out_dir / v for k, v in files.items()}


def _parameters(data_root, settings: Settings | None, reference_date) -> dict:
    return {"data_root": None if data_root is None else str(Path(data_root).resolve()),
            "settings": {} if settings is None else settings.to_dict(),
            "reference_date": (reference_date or dt.date.today()).isoformat()}


def run_audit(out_dir: Path, *, data_root: Path | None = None, settings: Settings | None = None,
              reference_date: dt.date | None = None, notebook: Path | None = None) -> dict[str, Path]:
    """Execute the art. 8 audit notebook with papermill and export it to HTML and PDF.

    Parameters
    ----------
    out_dir : Path
        Folder to write ``auditoria_art8.ipynb``, ``.html`` and ``.pdf`` into (created);
        the three files are replaced together only when all succeeded.
    data_root : Path, optional
        Processed store (default ``$VIABILIDADE_DATA`` or ``data/processed``).
    settings : Settings, optional
        Thresholds and readings (population vintage: revised by default).
    reference_date : date, optional
        Date of the audit, which fixes the next audit year (default today).
    notebook : Path, optional
        Another copy of the notebook (default ``notebooks/auditoria_art8.ipynb``).

    Returns
    -------
    dict
        ``{"ipynb": Path, "html": Path, "pdf": Path}``.

    Raises
    ------
    ReportError
        If the notebook fails or cannot be exported (nothing is written).
    """
    return _run(AUDIT_NOTEBOOK, out_dir, _parameters(data_root, settings, reference_date), notebook)


def run_screening(out_dir: Path, *, data_root: Path | None = None, settings: Settings | None = None,
                  reference_date: dt.date | None = None, notebook: Path | None = None,
                  rulesets=None) -> dict[str, Path]:
    """Execute the district screening notebook with papermill and export it to HTML and PDF.

    Same parameters, files (``triagem_distritos.*``) and errors as :func:`run_audit`;
    ``rulesets`` (``--regras``: ids or ``.toml`` paths) adds the section comparing the
    districts under each ruleset (:mod:`viabilidade.statewide.rulesets`), checked before the
    notebook runs (:class:`~viabilidade.rules.ruleset.RulesetError`).
    """
    params = _parameters(data_root, settings, reference_date)
    if rulesets:
        from ..rules.ruleset import portable

        params["rulesets"] = portable(rulesets)
    return _run(SCREENING_NOTEBOOK, out_dir, params, notebook)
