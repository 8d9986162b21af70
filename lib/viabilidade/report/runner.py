"""Execute the study notebook template with papermill (Python API, typed parameters).

Parameters are passed as Python values (codes stay text; no code text is ever built from
input). The kernel is ``python3`` of the running environment, started over IPC sockets in a
private temporary folder so that parallel studies cannot collide on TCP ports
(nteract/papermill#511). The executed notebook is made byte-stable: papermill's and
nbclient's timestamps and paths are removed and cell ids are numbered.
"""

from __future__ import annotations

import atexit
import logging
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.utils import run_sync
from traitlets import default

from ..errors import ReportError

#: Default template: the generated notebook paired with ``notebooks/estudo.py``.
DEFAULT_TEMPLATE = Path(__file__).resolve().parents[3] / "notebooks" / "estudo.ipynb"


class ReusableClient(AsyncKernelClient):
    """Kernel client that can serve successive papermill runs on the same kernel.

    Starting its running channels again is a no-op, and once the kernel has answered it is not
    asked again: jupyter_client's readiness check ends by draining IOPub until 0.2 s pass
    without a message, a fixed 0.2 s per study. Messages left from an earlier run are told
    apart by their parent message id, as nbclient always does.
    """

    _answered = False

    def start_channels(self, *args: Any, **kwargs: Any) -> None:
        if not self.channels_running:
            super().start_channels(*args, **kwargs)

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        if self._answered and await self._async_is_alive():
            return
        await super()._async_wait_for_ready(timeout=timeout)
        self._answered = True


class IPCKernelManager(AsyncKernelManager):
    """Kernel manager using IPC (Unix socket) transport in a private temporary folder.

    The folder is removed when the kernel's resources are cleaned up (not on restart). The
    kernel process writes nothing to the terminal. It ends by itself when the process that
    started it does (ipykernel polls its parent, ``JPY_PARENT_PID``).
    """

    @default("transport")
    def _default_transport(self) -> str:
        return "ipc"

    def _private_folder(self) -> Path:
        """The kernel's private temporary folder (made on first use): its IPC sockets and its
        connection file, removed together (:mod:`viabilidade.common.tempfiles`)."""
        folder = getattr(self, "_folder", None)
        if folder is None:
            from ..common.tempfiles import prefix

            folder = self._folder = Path(tempfile.mkdtemp(prefix=prefix("kernel")))
        return folder

    @default("ip")
    def _default_ip(self) -> str:
        return str(self._private_folder() / "kernel")

    @default("connection_file")
    def _default_connection_file(self) -> str:
        # jupyter_client would make a tmpXXXX.json in $TMPDIR itself, left behind whenever
        # the process is killed: in the private folder it goes with the folder.
        return str(self._private_folder() / "kernel.json")

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self.transport == "ipc":
            shutil.rmtree(Path(self.ip).parent, ignore_errors=True)

    cleanup_resources = _async_cleanup_resources

    #: Set on a kernel that runs many studies (:func:`warm_kernel`): it also keeps one connected
    #: client (:class:`ReusableClient`), which saves about 0.2 s of waiting per study.
    reuse_client = False

    @default("client_factory")
    def _default_client_factory(self) -> type:
        return ReusableClient

    def client(self, **kwargs: Any):
        """A client of this kernel; the same connected one every time if :attr:`reuse_client`."""
        if not self.reuse_client:
            return super().client(**kwargs)
        if getattr(self, "_reused_client", None) is None:
            self._reused_client = super().client(**kwargs)
        return self._reused_client

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        # The kernel's own stdout/stderr are not the study's output (that comes over the
        # sockets); left on the terminal, they print the kernel's log, such as a traceback
        # when Ctrl-C stops the study while a cell runs.
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.DEVNULL)
        await super()._async_launch_kernel(kernel_cmd, **kw)

    _launch_kernel = _async_launch_kernel


@dataclass
class Execution:
    """An executed notebook and how long its steps took (seconds)."""

    notebook: nbformat.NotebookNode
    seconds: dict[str, float] = field(default_factory=dict)
    error: BaseException | None = None
    #: Parameters given that the template's ``parameters`` cell does not declare
    #: (:func:`declared_parameters`): papermill injects them all the same (a template may use
    #: a name it does not declare) and warned "Passed unknown parameter: …" in English.
    undeclared: tuple[str, ...] = ()


def make_stable(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Strip run-dependent metadata and number cell ids, in place; returns ``nb``.

    Removes ``metadata.papermill`` timings and paths (the parameters are kept), each cell's
    ``metadata.papermill`` and ``metadata.execution`` (timestamps), and sets cell ids to
    ``cell-0``, ``cell-1`` … and execution counts 1, 2 … (a reused kernel keeps counting),
    so two runs of the same inputs give the same bytes.
    """
    pm = nb.metadata.get("papermill")
    if pm is not None:
        nb.metadata["papermill"] = {"parameters": pm.get("parameters", {})}
    count = 0
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
        cell.metadata.pop("papermill", None)
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code" and cell.get("execution_count") is not None:
            # A reused kernel keeps counting across studies: number from 1 in every notebook.
            count += 1
            cell["execution_count"] = count
            for out in cell.get("outputs", []):
                if "execution_count" in out:
                    out["execution_count"] = count
    return nb


_WARM = threading.local()


def warm_kernel() -> IPCKernelManager:
    """A ``python3`` kernel kept running for this thread, started on first use.

    A worker that runs many studies hands it to :func:`execute` so that the kernel's start
    (about 1 s) and the study's imports (pandas, geopandas, matplotlib: about 1.3 s) are paid
    once per worker instead of once per study. Each study's notebook assigns every name it
    uses in its first cells, so nothing of the previous study is read. A kernel that died (a
    study crashed it) is replaced. Kernels are shut down when the process exits.
    """
    km = getattr(_WARM, "km", None)
    if km is not None and run_sync(km.is_alive)():
        return km
    if km is not None:
        shutdown(km)
    km = start_kernel()
    km.reuse_client = True
    _WARM.km = km
    atexit.register(shutdown, km)
    return km


def kill_warm_kernel() -> None:
    """Kill this thread's warm kernel process at once and remove its temporary folder,
    without talking to it (safe inside a signal handler; best effort, never raises)."""
    import os
    import signal

    km = getattr(_WARM, "km", None)
    if km is None:
        return
    try:
        pid = getattr(getattr(km, "provisioner", None), "pid", None)
        if pid:
            os.kill(int(pid), signal.SIGKILL)
    except Exception:  # noqa: BLE001 — already gone
        pass
    folder = getattr(km, "_folder", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


#: Run by a study kernel as it starts: the study machinery is imported while the caller is
#: still validating the candidate (the kernel boots on the other core), not in the first cell.
PRELOAD = ("import viabilidade.report.study_cells", "import viabilidade.report.sections",
           "import viabilidade.report.economic", "import viabilidade.report.process",
           "import viabilidade.report.operation_chapters", "import viabilidade.report.other_rules",
           "import viabilidade.report.frame")


def start_kernel(cwd: Path | None = None) -> IPCKernelManager:
    """Launch a ``python3`` kernel (IPC transport) that imports the study machinery as it starts.

    Returns as soon as the kernel process is launched (about 0.2 s); papermill waits for it
    to be ready when the notebook runs, so whatever the caller does meanwhile overlaps with
    the kernel's start and imports.

    Parameters
    ----------
    cwd : Path, optional
        Working folder of the kernel.

    Returns
    -------
    IPCKernelManager
        A running kernel; the caller shuts it down with :func:`shutdown`.
    """
    import os

    km = IPCKernelManager(kernel_name="python3")
    # Arrow's default allocator (mimalloc) keeps what reading the 16 MB mesh used, about
    # 110 MiB more at the kernel's peak than the system allocator (same CPU).
    env = {**os.environ, "ARROW_DEFAULT_MEMORY_POOL":
           os.environ.get("ARROW_DEFAULT_MEMORY_POOL", "system")}
    run_sync(km.start_kernel)(extra_arguments=[f"--IPKernelApp.exec_lines={list(PRELOAD)!r}"],
                              env=env,
                              **({"cwd": str(cwd)} if cwd else {}))
    return km


def shutdown(km: IPCKernelManager) -> None:
    """Stop a kernel started by :func:`start_kernel` (best effort; never raises)."""
    try:
        if run_sync(km.is_alive)():
            run_sync(km.shutdown_kernel)(now=True)
    except Exception:  # noqa: BLE001 — best effort at exit
        pass


def _not_undeclared(record: logging.LogRecord) -> bool:
    """papermill's English "Passed unknown parameter: …" (a log warning on stderr) is left
    out: the study says it in pt-BR (:attr:`Execution.undeclared`)."""
    return not record.getMessage().startswith("Passed unknown parameter")


logging.getLogger("papermill").addFilter(_not_undeclared)


def _parameters_cell(nb: nbformat.NotebookNode):
    """The template's code cell tagged ``parameters`` (:func:`read_template` checked there is
    one)."""
    return next(c for c in nb.cells
                if c.cell_type == "code" and "parameters" in c.get("metadata", {}).get("tags", []))


def declared_parameters(nb: nbformat.NotebookNode) -> frozenset[str] | None:
    """The names a template's ``parameters`` cell assigns at its top level (``x = 1``,
    ``x: int = 1``, ``a = b = 1``), the parameters it declares; ``None`` when the cell is not
    Python that parses (its IPython ``%``/``!`` lines aside): nothing is then said."""
    import ast

    source = _parameters_cell(nb).source
    lines = ["" if ln.lstrip().startswith(("%", "!")) else ln for ln in source.splitlines()]
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError):
        return None
    names = set()
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, ast.AnnAssign) else [])
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def read_template(template: Path, needs: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    """Read and check a study template: a Jupyter notebook with one ``parameters`` cell
    declaring each parameter of ``needs`` (``("candidate_path",)`` for a study: without it the
    notebook would study the candidate written in the template itself).

    Nothing of the file's content reaches a message (a file that is not a notebook, such as
    ``/etc/passwd``, is named, never quoted), so no failure record or batch index ever
    carries it.

    Raises
    ------
    ReportError
        The file does not exist, is not a regular file, is not a notebook, or has no (or
        more than one) ``parameters`` cell.
    """
    from ..os_errors import read_reason, read_user_bytes

    template = Path(template)
    if not template.exists() and not template.is_symlink():
        raise ReportError(f"o modelo de estudo {template} não existe; esperado um caderno .ipynb")
    try:
        raw = read_user_bytes(template)
    except OSError as e:
        raise ReportError(f"o modelo de estudo {template} não pôde ser lido: {read_reason(e)}; "
                          "esperado um caderno .ipynb") from None
    try:
        with warnings.catch_warnings():  # nbformat's English MissingIDFieldWarning (it adds the ids)
            warnings.simplefilter("ignore")
            nb_in = nbformat.reads(raw.decode("utf-8"), as_version=4)
        cells = list(nb_in.cells)
        if not all(isinstance(c, dict) and "cell_type" in c for c in cells):
            raise ValueError("cells")
    except Exception:  # noqa: BLE001 — JSON, encoding and schema errors alike
        raise ReportError(f"o modelo de estudo {template} não é um caderno legível (não é um "
                          "caderno Jupyter em JSON); esperado um caderno .ipynb como "
                          "notebooks/estudo.ipynb") from None
    tagged = [c for c in cells
              if c.cell_type == "code" and "parameters" in c.get("metadata", {}).get("tags", [])]
    if not tagged:
        raise ReportError(f"o modelo de estudo {template} não tem célula com a etiqueta "
                          "'parameters'; esperada uma célula de código com a etiqueta "
                          "'parameters' (o papermill injeta os parâmetros depois dela)")
    if len(tagged) > 1:
        raise ReportError(f"o modelo de estudo {template} tem {len(tagged)} células com a "
                          "etiqueta 'parameters'; esperada uma só célula de código com a etiqueta "
                          "'parameters' (o papermill injeta os parâmetros depois dela)")
    declared = declared_parameters(nb_in) if needs else None  # execute() parses it itself
    missing = [n for n in needs if declared is not None and n not in declared]
    if missing:
        raise ReportError(f"o modelo de estudo {template} não declara {missing[0]} na célula "
                          f"'parameters'; esperada uma linha {missing[0]} = … nessa célula, "
                          "como em notebooks/estudo.ipynb (é o arquivo do candidato que o "
                          "estudo lê: sem ela, o caderno estudaria o candidato escrito no "
                          "próprio modelo)")
    return nb_in


def execute(template: Path, parameters: dict[str, Any], *, cwd: Path | None = None,
            timeout: int = 600, kernel: IPCKernelManager | None = None,
            in_process: bool = False) -> Execution:
    """Run the template once and return the executed, byte-stable notebook.

    Parameters
    ----------
    template : Path
        The ``.ipynb`` template with a cell tagged ``parameters``.
    parameters : dict
        Typed values (str, int, float, bool, None, list, dict) injected by papermill.
    cwd : Path, optional
        Working folder of the kernel.
    timeout : int
        Per-cell timeout in seconds.
    kernel : IPCKernelManager, optional
        A running kernel to execute in (see :func:`warm_kernel`), left running afterwards;
        default a new kernel for this run, shut down at the end. ``cwd`` applies only to a
        new kernel or ``in_process``: give absolute paths in ``parameters``.
    in_process : bool
        Run the cells in this process, without a kernel
        (:mod:`viabilidade.report.inprocess`; only where
        :func:`viabilidade.report.inprocess.available`); ignored when ``kernel`` is given.

    Returns
    -------
    Execution
        ``error`` holds papermill's exception when a cell failed; ``notebook`` is then the
        partial notebook with the error output (papermill's own copy, also made stable).
        ``undeclared`` names the parameters the template does not declare
        (:func:`declared_parameters`), for the caller to say so in pt-BR; they are injected
        all the same, and papermill's English log warning is filtered out.

    Raises
    ------
    ReportError
        If the template does not exist, is not a notebook or has no ``parameters`` cell.
    """
    import papermill as pm

    nb_in = read_template(template)
    declared = declared_parameters(nb_in)
    undeclared = tuple(k for k in parameters if declared is not None and k not in declared)
    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    error: BaseException | None = None
    from ..common.tempfiles import prefix

    engine = {}
    if in_process and kernel is None:
        from . import inprocess

        engine["engine_name"] = inprocess.engine_name()
    else:
        engine["kernel_manager_class"] = "viabilidade.report.runner.IPCKernelManager"
    with tempfile.TemporaryDirectory(prefix=prefix("run")) as tmp:
        out_path = Path(tmp) / "executed.ipynb"
        try:
            nb = pm.execute_notebook(
                nb_in, str(out_path), parameters=parameters, kernel_name="python3",
                progress_bar=False, log_output=False, cwd=str(cwd) if cwd else None,
                execution_timeout=timeout, request_save_on_cell_execute=False,
                **engine, **({"km": kernel} if kernel is not None else {}))
        except Exception as e:  # PapermillExecutionError and kernel failures alike
            error = e
            nb = nbformat.read(out_path, as_version=4) if out_path.exists() else nb_in
    seconds["execute"] = time.perf_counter() - t0
    return Execution(notebook=make_stable(nb), seconds=seconds, error=error, undeclared=undeclared)
