"""Run one feasibility study: candidate TOML -> ``outputs/<slug>/`` (ipynb, HTML, PDF, JSON).

The candidate is validated (shape, then against the data) before anything is written. All
four files are first written to temporary files in the output folder and moved into place
with :func:`os.replace` only when every one of them succeeded, so a failed run leaves the
previous good study untouched; it writes its partial notebook as ``estudo.falhou.ipynb`` and
the error as ``erro.txt`` instead.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import time
import traceback
from pathlib import Path
from typing import Any

import nbformat

from ..errors import ReportError
from ..operations import operation_of, study_name
from . import runner
from .writers import export
from ..os_errors import os_reason, real_path
from .writers.atomic import check_output_folder, unwritable_study, write_files_atomically
from .study_cells import ANNEX_MIME, RESULTS_MIME

FILES = {"ipynb": "estudo.ipynb", "html": "estudo.html", "pdf": "estudo.pdf", "json": "resultados.json"}
FAILED_FILES = ("estudo.falhou.ipynb", "erro.txt")


def annex_files() -> tuple[str, ...]:
    """The annex files a study may write beside its own: the memorial's full list of marks
    (:data:`viabilidade.geo.memorial.ANNEX_FILE`; imported here, not at module load)."""
    from ..geo.memorial import ANNEX_FILE

    return (ANNEX_FILE,)


def _settings_dict(settings: Any) -> dict:
    """Overrides as a plain dict of the keys to change over the candidate's ``[settings]``.

    A Settings object, or a complete dict of every setting (``Settings.to_dict()``, as the
    batch passes it), gives the fields where it differs from the defaults, so the candidate's
    own choices stay in force; a partial dict overrides exactly its keys.
    """
    if settings is None:
        return {}
    from ..rules import Settings

    default = Settings().to_dict()
    if isinstance(settings, dict):
        if set(settings) != set(default):
            return dict(settings)
        full = settings
    else:
        full = settings.to_dict()
    return {k: v for k, v in full.items() if default.get(k) != v}


def output_folder(out_root: Path, slug: str) -> Path:
    """``out_root/slug``, resolved, after checking it stays inside ``out_root``.

    Raises
    ------
    ReportError
        If ``out_root/slug`` is a symbolic link (nothing is written through a link,
        :func:`~viabilidade.report.writers.atomic.folder_inside`), or the resolved folder is not
        inside ``out_root`` (a slug must never escape it).
    """
    from .writers.atomic import folder_inside

    if os.path.islink(Path(out_root) / slug):
        return folder_inside(out_root, slug)  # raises, naming the link
    root = real_path(out_root)
    folder = real_path(root / slug)
    if folder.parent != root:
        if (root / slug).is_symlink():
            raise ReportError(f"a pasta de saída {root / slug} é um atalho (link simbólico) "
                              f"para {folder}, fora de {root}; esperada uma pasta comum (apague "
                              "o atalho ou escolha outra --saida)")
        raise ReportError(f"a pasta de saída {folder} do slug {slug!r} não fica diretamente "
                          f"dentro de {root}; esperado um slug sem '/' nem '..'")
    return folder


def results_payload(nb: nbformat.NotebookNode) -> dict:
    """The machine-readable results the notebook emitted (``RESULTS_MIME`` output).

    Raises
    ------
    ReportError
        If the executed notebook carries no such output.
    """
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            if RESULTS_MIME in data:
                return json.loads(json.dumps(data[RESULTS_MIME]))
    raise ReportError(f"o estudo executado não tem a saída {RESULTS_MIME} (resultados da "
                      "análise); esperado o modelo de estudo do pacote")


def take_annexes(nb: nbformat.NotebookNode) -> dict[str, str]:
    """Remove the annex files the notebook emitted (``ANNEX_MIME``) from its outputs and
    return them, ``{file name: text}``, keeping only the names a study may write
    (:func:`annex_files`): the executed notebook does not carry a copy of them."""
    allowed = annex_files()
    out: dict[str, str] = {}
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            found = data.pop(ANNEX_MIME, None)
            if isinstance(found, dict):
                out.update({k: v for k, v in found.items()
                            if k in allowed and isinstance(v, str)})
    return dict(sorted(out.items()))


def _write_into(folder: Path, contents: dict[str, bytes]) -> None:
    """Write ``contents`` atomically into ``folder``, made when missing; a folder made here
    and left empty by a failed write (a full disk) is removed, never left behind (issue 32,
    m6).

    Raises
    ------
    OSError
        The folder could not be made or the files written.
    """
    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_files_atomically(folder, contents)
    except OSError:
        if made:
            try:
                folder.rmdir()  # only when empty: nothing of anyone else's is removed
            except OSError:
                pass
        raise


def _write_failure(folder: Path, nb: nbformat.NotebookNode | None, message: str) -> None:
    contents = {"erro.txt": message.encode("utf-8")}
    if nb is not None:
        contents["estudo.falhou.ipynb"] = nbformat.writes(nb).encode("utf-8")
    _write_into(folder, contents)


def _record_rules(results: list[dict], field: str = "status") -> dict[str, str]:
    """{rule key: value of ``field``} of a study's results, leaving out empty values (the
    key is ``rule_id``, or ``rule_id@subject`` when a rule is evaluated more than once)."""
    ids = [r["rule_id"] for r in results]
    out = {}
    for r in results:
        key = r["rule_id"] if ids.count(r["rule_id"]) == 1 else f"{r['rule_id']}@{r['subject']}"
        if r.get(field) is not None:
            out[key] = r[field]
    return out


#: The figures of a study's area a batch compares across candidates: ``resultados.json``'s
#: ``area.figures`` keys, then the economy's known revenue (``economia.receita_conhecida_brl``).
HEADLINE_FIGURES = ("population", "electors", "buildings", "area_km2")


def headline_figures(payload: dict) -> dict:
    """The figures a batch compares across candidates, copied from the study's own record
    (``resultados.json``; nothing recomputed): each of :data:`HEADLINE_FIGURES` the area has,
    as ``{value, unit, basis, uncertainty, precision, simulated}`` (keys without a value left
    out), and ``known_revenue_brl``: the revenue already known in reais for the first year
    (R$ per year, estimated, to the centavo; :func:`viabilidade.fiscal.economy.record`'s
    ``receita_conhecida_brl``), only for an operation with an economic chapter that knows it.

    Parameters
    ----------
    payload : dict
        The study's ``resultados.json`` (:func:`results_payload`).

    Returns
    -------
    dict
        ``{"population": {"value": 3045, "unit": "habitantes", "basis": "published"}, …}``.
    """
    figures = (payload.get("area") or {}).get("figures") or {}
    out = {key: {k: v for k, v in figures[key].items()
                 if k in ("value", "unit", "basis", "uncertainty", "precision", "simulated")
                 and v is not None}
           for key in HEADLINE_FIGURES if key in figures}
    revenue = (payload.get("economia") or {}).get("receita_conhecida_brl")
    if revenue is not None:
        # to the centavo: the record's float carries digits no estimate in reais has
        out["known_revenue_brl"] = {"value": round(float(revenue), 2), "unit": "BRL",
                                    "basis": "estimated"}
    return out


def run_study(candidate_path: Path, out_root: Path = Path("outputs"), *, settings=None,
              data_root: Path | None = None, template: Path | None = None,
              study_date: dt.date | None = None, timings: dict | None = None,
              kernel=None, rulesets=None) -> dict:
    """Run one study and write ``out_root/<slug>/``.

    Parameters
    ----------
    candidate_path : Path
        Candidate TOML (:mod:`viabilidade.proposal.candidate`).
    out_root : Path
        Output root; the study goes to ``out_root/<candidate.slug>/``.
    settings : Settings or dict, optional
        Settings overrides (interpretation readings, thresholds), applied over the
        candidate's ``[settings]``.
    data_root : Path, optional
        Processed data folder (default: :func:`viabilidade.data.store.load_store`'s).
    template : Path, optional
        Notebook template; default ``notebooks/estudo.ipynb``.
    study_date : date, optional
        Date of the study, printed on the cover; acts dated after it decide nothing. Default:
        the candidate's ``[settings] study_date``, else today.
    timings : dict, optional
        Filled with seconds spent per step (``validate``, ``execute``, ``html``, ``pdf``,
        ``write``) for benchmarks.
    kernel : optional
        A running kernel to reuse (:func:`viabilidade.report.runner.warm_kernel`), as batch
        workers do; default none: the cells run in this process
        (:mod:`viabilidade.report.inprocess`), or, inside a Jupyter kernel, in a fresh kernel
        for this study.
    rulesets : str or list of str, optional
        Rulesets to compare side by side in "Sob outras regras" (``--regras``: ids of shipped
        rulesets or ``.toml`` paths; :func:`viabilidade.rules.ruleset.resolve`). Checked
        before anything is written.

    Returns
    -------
    dict
        ``{slug, name, operation, verdict, conclusion, conclusion_short, bar_clause, findings, phase,
        figures (:func:`headline_figures`), rules: {rule_id: status}, leans: {rule_id: lean} (indeterminate rules with a lean
        only), bases, notices, folder, files}`` (conclusion: the study's conclusion line;
        conclusion_short and bar_clause: that line without its constitutional bar, and the
        bar; findings: :meth:`viabilidade.report.findings.Finding.to_dict` of each finding);
        notices: the candidate's record notices
        (:attr:`viabilidade.proposal.candidate.Candidate.notices`) and those of the data
        check (:func:`viabilidade.profile.build.check_candidate`: a new seat name); a rule evaluated for
        several subjects (``art4.par1`` per origin) is keyed ``"<rule_id>@<subject>"``.
        ``files`` maps ipynb/html/pdf/json to their paths.

    Raises
    ------
    CandidateError
        Malformed candidate or inconsistent with the data; nothing is written.
    SettingsError
        Unknown setting; nothing is written.
    RulesetError
        Unknown ruleset or invalid ruleset file; nothing is written.
    ReportError
        The notebook failed or could not be exported; ``estudo.falhou.ipynb`` and
        ``erro.txt`` are written, earlier good files are kept.
    """
    timings = timings if timings is not None else {}
    t0 = time.perf_counter()
    from ..os_errors import real_path

    candidate_path = real_path(candidate_path)
    from ..profile.build import read_candidate

    candidate = read_candidate(candidate_path)  # every problem it can find in one run
    settings_dict = _settings_dict(settings)
    from .study_cells import settings_from

    settings_from(settings_dict, source="settings")  # validate before writing anything
    from ..rules.ruleset import portable

    ruleset_params = portable(rulesets) if rulesets else []  # checked before anything runs
    if template is not None:  # a user's template that cannot say which candidate: refused now
        runner.read_template(Path(template), needs=("candidate_path",))
    # Without a kernel, the cells run in this process (report.inprocess), which has already
    # imported the study machinery and read the store to check the candidate; inside a
    # Jupyter kernel (its shell is the user's) a fresh kernel boots on the other core while
    # the candidate is checked here.
    from . import inprocess

    in_process = kernel is None and inprocess.available()
    own_kernel = (runner.start_kernel(cwd=candidate_path.parent)
                  if kernel is None and not in_process else None)
    try:
        if data_root is not None:
            data_root = real_path(data_root)
        data_notices = _check_against_data(candidate, data_root)  # a new seat name
        folder = output_folder(out_root, candidate.slug)
        check_output_folder(folder.parent)  # exists or can be made, writable, has space
        timings["validate"] = time.perf_counter() - t0

        params = {"candidate_path": str(candidate_path),
                  "data_root": str(data_root) if data_root is not None else None,
                  "settings": settings_dict,
                  "study_date": study_date.isoformat() if study_date else None}
        if ruleset_params:
            params["rulesets"] = ruleset_params
        run = runner.execute(Path(template) if template else runner.DEFAULT_TEMPLATE, params,
                             kernel=kernel or own_kernel, in_process=in_process)
    finally:
        if own_kernel is not None:
            runner.shutdown(own_kernel)
    timings["execute"] = run.seconds["execute"]
    nb = run.notebook
    annexes = take_annexes(nb)
    try:
        if run.error is not None:
            raise ReportError(_execution_message(run.error))
        t = time.perf_counter()
        html = export.notebook_to_html(nb)
        timings["html"] = time.perf_counter() - t
        t = time.perf_counter()
        pdf = export.html_to_pdf(html)
        timings["pdf"] = time.perf_counter() - t
        payload = results_payload(nb)
    except Exception as e:
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()
        if isinstance(e, ReportError):
            detail = str(e)
        text = f"{candidate_path.name}: {detail}\n"
        if run.error is not None:
            text += "\n" + _ANSI.sub("", str(run.error)).strip() + "\n"
        try:
            _write_failure(folder, nb, text)
        except OSError as w:
            raise ReportError(f"{candidate_path.name}: {detail}; além disso, não foi possível "
                              f"gravar {folder / 'erro.txt'} ({os_reason(w)})") from e
        if isinstance(e, ReportError):
            raise ReportError(f"{e} (ver {folder / 'erro.txt'})") from e
        raise ReportError(f"o estudo {candidate.slug} falhou: {detail.strip()} "
                          f"(ver {folder / 'erro.txt'})") from e

    t = time.perf_counter()
    from ..proposal.record import annex_bytes, annex_name, annexes as record_annexes

    documents = {annex_name(a): a for a in record_annexes(candidate.events)}
    payload["documentos"] = [{"arquivo": name, "sha256": a.sha256, "origem": a.path.name}
                             for name, a in documents.items()]
    contents = {
        **{name: annex_bytes(a) for name, a in documents.items()},
        FILES["ipynb"]: nbformat.writes(nb).encode("utf-8"),
        FILES["html"]: html.encode("utf-8"),
        FILES["pdf"]: pdf,
        FILES["json"]: (json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode("utf-8"),
        **{name: text.encode("utf-8") for name, text in annexes.items()},
    }
    replaced = replaced_study(folder, candidate_path, candidate.slug)  # before it is gone
    from ..common import finishing

    finishing.writing()  # a batch worker told to stop now finishes, digest included
    try:
        _write_into(folder, contents)
        for name in FAILED_FILES + tuple(n for n in annex_files() if n not in annexes):
            (folder / name).unlink(missing_ok=True)  # an earlier run's annex is not this one's
    except OSError as e:  # a disk that filled up during the study, say
        raise ReportError(unwritable_study(folder, e)) from None
    timings["write"] = time.perf_counter() - t
    return {
        "slug": candidate.slug,
        "name": candidate.name,
        "study_name": study_name(candidate),   # the name the study prints (art. 3, I: the seat's)
        "operation": candidate.operation,
        # the operation as the cover names it (an installed municipality's art. 8 check is
        # not "criação de município", though its code is create-municipality)
        "operation_label": operation_of(candidate).label,
        "verdict": payload["verdict"],
        "conclusion": payload.get("conclusion"),
        "conclusion_short": payload.get("conclusion_short"),
        "bar_clause": payload.get("bar_clause"),
        "findings": payload.get("findings") or [],
        "phase": payload.get("fase"),
        "figures": headline_figures(payload),
        "rules": _record_rules(payload["results"]),
        "leans": _record_rules(payload["results"], "lean"),
        "bases": _record_rules(payload["results"], "deciding_basis"),
        "labels": _record_rules(payload["results"], "label"),
        # the record's, the data's (above), the template's parameters it does not declare
        "notices": [*candidate.notices, *data_notices, *replaced,
                    *undeclared_parameters(Path(template) if template else runner.DEFAULT_TEMPLATE,
                                           run.undeclared)],
        "folder": str(folder),
        "files": {**{k: str(folder / v) for k, v in FILES.items()},
                  **{Path(n).suffix.lstrip("."): str(folder / n) for n in annexes},
                  **{name: str(folder / name) for name in documents}},
    }


_ANSI = re.compile(r"\x1b\[[0-9;]*m")

def replaced_study(folder: Path, candidate_path: Path, slug: str) -> list[str]:
    """The notice of a study replacing, in its folder, the study of another candidate file of
    the same slug that is still there (read from the folder's executed notebook, which
    papermill marks with its ``candidate_path``): ``estudo dois/posse-dabadia.toml`` after
    ``estudo um/posse-dabadia.toml`` replaced the first study in silence. ``[]`` when the
    folder holds no study, this file's, or one of a file that no longer exists.
    (``lote`` refuses such a file instead: :func:`viabilidade.batch.plan.slug_taken`.)"""
    try:
        nb = json.loads((folder / FILES["ipynb"]).read_text(encoding="utf-8"))
        earlier = nb["metadata"]["papermill"]["parameters"]["candidate_path"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    if (not isinstance(earlier, str) or not Path(earlier).is_file()
            or real_path(Path(earlier)) == real_path(Path(candidate_path))):
        return []
    return [f"a pasta {folder} tinha o estudo de {earlier}, que tem o mesmo slug {slug!r}; "
            f"ele foi substituído pelo estudo de {candidate_path} (para manter os dois, dê a um "
            "deles um slug próprio, campo slug do arquivo, ou use outra --saida)"]


#: What each parameter of a study carries, said when a template does not declare it.
PARAMETER_WORDS = {"candidate_path": "o arquivo do candidato",
                   "data_root": "a pasta dos dados processados, --data",
                   "settings": "as configurações, --configuracoes",
                   "study_date": "a data do estudo",
                   "rulesets": "os outros conjuntos de regras, --regras"}


def undeclared_parameters(template: Path, undeclared: tuple[str, ...]) -> list[str]:
    """The notice of a template whose ``parameters`` cell does not declare some parameters of
    the study (:attr:`viabilidade.report.runner.Execution.undeclared`), in pt-BR: the
    template, each parameter and what it carries, and what that means (the value was
    injected all the same; a template that does not use it leaves it without effect: a
    template without ``rulesets`` has no "Sob outras regras"). ``[]`` when none. papermill
    said only "Passed unknown parameter: study_date", in English."""
    if not undeclared:
        return []
    named = [f"{n} ({PARAMETER_WORDS.get(n, 'parâmetro do estudo')})" for n in undeclared]
    said = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} nem {named[-1]}"
    one = len(named) == 1
    return [f"o modelo de estudo {template} não declara {said} na célula 'parameters'; "
            f"{'o valor foi passado' if one else 'os valores foram passados'} mesmo assim, "
            f"numa célula acrescentada depois dela, mas só {'tem' if one else 'têm'} efeito "
            "no estudo se o modelo "
            f"{'o' if one else 'os'} usar (declare-{'o' if one else 'os'} nessa célula, "
            "como em notebooks/estudo.ipynb)"]


def _execution_message(error: BaseException) -> str:
    """One line for a failed notebook: the cell and the exception (papermill's attributes)."""
    from ..errors import failure_words

    ename, evalue = getattr(error, "ename", None), getattr(error, "evalue", None)
    if ename is None:
        return f"o caderno do estudo falhou: {failure_words(type(error).__name__, error)}"
    cell = getattr(error, "exec_count", None)
    what = failure_words(ename, _ANSI.sub("", str(evalue)))
    return f"o caderno do estudo falhou na célula {cell}: {what}"


def _check_against_data(candidate, data_root: Path | None) -> list[str]:
    """Check the candidate's codes against the processed data (CandidateError if not);
    the notices that do not stop the study (a new seat name)."""
    from ..data.store import load_store
    from ..profile.build import check_candidate

    return check_candidate(candidate, load_store(data_root))
