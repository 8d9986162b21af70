"""Run a study notebook in this process: papermill's parameters, metadata and error markers,
without a kernel.

A fresh ``viabilidade estudo`` used to start an IPython kernel (ipykernel, ZeroMQ and its
threads) which then imported pandas, geopandas, matplotlib and the study machinery again and
read the store again, all of which the ``estudo`` process had already done to check the
candidate. Run here, the notebook's cells use the process's modules and tables: a quarter
of a fresh study's CPU (issue 30; Posse d'Abadia, median of 3 at load 12: 6,70 → 5,01 s). The notebook is the same: papermill still
parameterizes it (its ``injected-parameters`` cell), keeps its metadata and, when a cell
fails, marks the failure and raises ``PapermillExecutionError`` as with a kernel; only the
executing engine (:class:`InProcessEngine`) is this module's.

Each cell runs in a plain :class:`IPython.core.interactiveshell.InteractiveShell` (no kernel,
no history file) in a namespace emptied before every notebook, so ``display`` works as in a
kernel. Its outputs go into the cell as a kernel's would reach it, through jupyter_client's
JSON packing (:func:`jupyter_client.session.json_packer`): ``display_data`` and
``execute_result`` bundles, ``stream`` text (``stdout``/``stderr``, consecutive pieces
joined), and an ``error`` output with the formatted traceback. Ctrl-C stops the run
(``KeyboardInterrupt``); a cell running longer than ``execution_timeout`` seconds fails with
a pt-BR ``TimeoutError`` (a ``SIGALRM`` timer, so only in the main thread).

One notebook runs at a time in a process (a lock): two threads' studies take turns, their
outputs never mixed. Used only where no other IPython shell lives in the process
(:func:`available`): inside a Jupyter kernel (the explorer, a user's notebook) the studies
keep their own kernel, so the user's namespace is never touched.
"""

from __future__ import annotations

import signal
import sys
import threading
from typing import Any

import nbformat

#: papermill's name for this engine (``engine_name=``), registered on first use.
ENGINE = "viabilidade-inprocess"


def available() -> bool:
    """True when a notebook can run in this process: no IPython shell other than this module's
    exists here (inside a Jupyter kernel, the kernel's shell is the user's)."""
    if "IPython" not in sys.modules:
        return True
    from IPython.core.interactiveshell import InteractiveShell

    # This module's shell is installed only while a notebook runs (another thread's run).
    return (not InteractiveShell.initialized()
            or getattr(InteractiveShell.instance(), "inprocess", False))


def _classes():
    """The shell and its display hook and publisher (IPython is imported on first use)."""
    from IPython.core.displayhook import DisplayHook
    from IPython.core.displaypub import DisplayPublisher
    from IPython.core.interactiveshell import InteractiveShell

    class Publisher(DisplayPublisher):
        """``display()``: one ``display_data`` output in the running cell."""

        def publish(self, data, metadata=None, source=None, *, transient=None, update=False,
                    **kwargs):
            self.shell.record("display_data", data=data, metadata=metadata or {})

        def clear_output(self, wait=False):
            self.shell.outputs.clear()

    class Hook(DisplayHook):
        """A cell's last expression: one ``execute_result`` output (as ipykernel's hook)."""

        def start_displayhook(self):
            self._bundle = {}

        def write_output_prompt(self):
            pass

        def write_format_data(self, format_dict, md_dict=None):
            self._bundle = {"data": format_dict, "metadata": md_dict or {}}

        def finish_displayhook(self):
            self.shell.record("execute_result", execution_count=self.prompt_count,
                              **self._bundle)
            self._bundle = {}

    class Shell(InteractiveShell):
        """An InteractiveShell whose outputs are kept, cell by cell, as notebook outputs."""

        inprocess = True
        outputs: list = []

        display_pub_class = Publisher
        displayhook_class = Hook

        def record(self, output_type: str, **content: Any) -> None:
            from jupyter_client.session import json_packer, json_unpacker

            # As a kernel's message: the same JSON cleaning (numbers, dates, bytes).
            content = json_unpacker(json_packer(content))
            self.outputs.append(nbformat.v4.new_output(output_type, **content))

        def write_stream(self, name: str, text: str) -> None:
            last = self.outputs[-1] if self.outputs else None
            if last is not None and last.output_type == "stream" and last.name == name:
                last.text += text  # as nbclient joins a stream's consecutive messages
            else:
                self.outputs.append(nbformat.v4.new_output("stream", name=name, text=text))

        def _showtraceback(self, etype, evalue, stb):
            self.record("error", ename=etype.__name__, evalue=str(evalue), traceback=stb)

        def showtraceback(self, exc_tuple=None, *args, **kwargs):
            # Ctrl-C stops the whole run (run_cell raises it again): its traceback, which
            # IPython would format with every frame's source, is never shown.
            etype = (exc_tuple or sys.exc_info())[0]
            if etype is not None and issubclass(etype, KeyboardInterrupt):
                return
            super().showtraceback(exc_tuple, *args, **kwargs)

    return Shell


_LOCK = threading.Lock()
#: Held while a notebook runs: two threads of one process never run cells at once.
_RUNNING = threading.Lock()
_SHELL: list = []  # the shell, made on first use
#: What the shell puts into the process while it is installed, and takes out again: IPython
#: makes its namespace ``sys.modules["__main__"]`` (a module with no ``__spec__``, which broke
#: every ``multiprocessing`` spawn after a study in the same process: ``lote``'s pool, in the
#: test run) and adds ``__IPYTHON__`` and ``display`` to the builtins (which make other
#: libraries believe they run in IPython).
_INSTALLED: dict = {}


def _shell():
    """This process's shell, made on first use (no history file, no extensions), installed as
    IPython's shell (``InteractiveShell.instance()``, what ``display`` finds) until
    :func:`_uninstall`: between runs the process has no IPython shell, as before."""
    from traitlets.config import Config

    import builtins

    with _LOCK:
        main, names = sys.modules.get("__main__"), set(vars(builtins))
        if not _SHELL:
            cfg = Config()
            cfg.HistoryManager.enabled = False
            # No output cache (``_``, ``Out``; the study's cells display, they return
            # nothing): without it, emptying the namespace before a notebook does not run
            # IPython's full ``gc.collect()`` (its cache flush), 0,10 s CPU a study in a
            # batch worker holding the store and the study machinery (issue 30); the
            # cycles a study leaves are collected by Python's own collector, as in a kernel.
            cfg.InteractiveShell.cache_size = 0
            shell = _classes().instance(config=cfg)
            import atexit

            # IPython's exit work empties the namespace and collects the garbage the exit
            # frees anyway (0,14 s CPU after a study; seconds before Ctrl-C ends a study on
            # a loaded machine); this shell keeps no history and no temporary files.
            atexit.unregister(shell.atexit_operations)
            _SHELL.append(shell)
        shell = _SHELL[0]
        for klass in type(shell)._walk_mro():  # as SingletonConfigurable.instance() does
            klass._instance = shell
        added = _INSTALLED.get("builtins") or {
            k: v for k, v in vars(builtins).items() if k not in names}
        vars(builtins).update(added)
        _INSTALLED.update(main=main, builtins=added)
        sys.modules["__main__"] = shell.user_module
        return shell


def _uninstall(shell) -> None:
    """Take the shell out of IPython's singletons (a ``display`` outside a run prints, as in
    a process without IPython, and widgets find no shell), and give the process back its own
    ``__main__`` and builtins (:data:`_INSTALLED`)."""
    import builtins

    type(shell).clear_instance()
    if _INSTALLED.get("main") is not None:
        sys.modules["__main__"] = _INSTALLED.pop("main")
    for name in _INSTALLED.get("builtins", {}):
        vars(builtins).pop(name, None)


class _Stream:
    """``sys.stdout``/``sys.stderr`` while a cell runs: text becomes a ``stream`` output."""

    def __init__(self, shell, name: str):
        self.shell, self.name = shell, name

    def write(self, text: str) -> int:
        if text:
            self.shell.write_stream(self.name, str(text))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    encoding = "utf-8"


def run_cell(shell, cell: nbformat.NotebookNode, count: int, timeout: float | None) -> bool:
    """Run one code cell, setting its outputs and execution count; True when it failed.

    Raises
    ------
    KeyboardInterrupt
        Ctrl-C while the cell ran: the whole study stops, as it did with a kernel.
    """
    shell.outputs = cell.outputs = []
    cell.execution_count = count
    shell.execution_count = count
    timer = timeout and threading.current_thread() is threading.main_thread()
    if timer:
        def expire(signum, frame):
            raise TimeoutError(f"a célula passou de {timeout:g} s, o limite de uma célula do estudo")
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Stream(shell, "stdout"), _Stream(shell, "stderr")
    try:
        result = shell.run_cell(cell.source, store_history=False)
    finally:
        sys.stdout, sys.stderr = saved
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    error = result.error_before_exec or result.error_in_exec
    if isinstance(error, KeyboardInterrupt):
        raise KeyboardInterrupt
    return error is not None


def _system_allocator() -> None:
    """Arrow allocates with the system allocator from now on, as a study kernel does
    (:func:`viabilidade.report.runner.start_kernel`): its default (mimalloc) keeps what
    reading the 16 MB mesh used, about 110 MiB more at the peak (same CPU). A choice made in
    ``ARROW_DEFAULT_MEMORY_POOL`` stands."""
    import os

    if not os.environ.get("ARROW_DEFAULT_MEMORY_POOL"):
        import pyarrow

        pyarrow.set_memory_pool(pyarrow.system_memory_pool())


def _engine():
    """papermill's engine class, registered under :data:`ENGINE` (papermill imported here)."""
    from papermill.engines import Engine, papermill_engines

    class InProcessEngine(Engine):
        """Runs the parameterized notebook's code cells in this process, in order, stopping
        at the first that fails (as papermill's nbclient engine does)."""

        @classmethod
        def execute_managed_notebook(cls, nb_man, kernel_name, execution_timeout=None,
                                     **kwargs):
            with _RUNNING:  # one notebook at a time: the shell and sys.stdout are the process's
                shell = _shell()
                try:
                    cls._run(nb_man, shell, execution_timeout)
                finally:
                    _uninstall(shell)

        @classmethod
        def _run(cls, nb_man, shell, execution_timeout):
            _system_allocator()
            shell.reset(new_session=False)  # nothing of an earlier notebook is read
            # What nbclient writes from the kernel's answer (ipykernel's language_info).
            nb_man.nb.metadata["language_info"] = {
                "codemirror_mode": {"name": "ipython", "version": sys.version_info[0]},
                "file_extension": ".py", "mimetype": "text/x-python", "name": "python",
                "nbconvert_exporter": "python", "pygments_lexer": f"ipython{sys.version_info[0]}",
                "version": sys.version.split()[0]}
            count = 0
            for index, cell in enumerate(nb_man.nb.cells):
                try:
                    nb_man.cell_start(cell, index)
                    if cell.cell_type != "code" or not cell.source.strip():
                        continue
                    count += 1
                    if run_cell(shell, cell, count, execution_timeout):
                        nb_man.cell_exception(cell, cell_index=index)
                        break
                finally:
                    nb_man.cell_complete(cell, cell_index=index)

    if ENGINE not in papermill_engines._engines:
        papermill_engines.register(ENGINE, InProcessEngine)
    return ENGINE


def engine_name() -> str:
    """The engine name to give ``papermill.execute_notebook`` (registered on first call)."""
    return _engine()
