"""Test session setup shared by every test module.

The suite runs in parallel (pytest-xdist, ``make test``: ``-n 2``). Each worker is its own
pytest session, so a session fixture runs once per worker; what is costly and the same for
every worker is built once per run (:func:`once_per_run`, under a file lock in the folder
all workers share). Every test writes only under its own ``tmp_path``/``tmp_path_factory``
folders (each worker has its own base folder), never in the repository.
"""

import contextlib
import fcntl
import os
from pathlib import Path

import pytest

from viabilidade.common.imports import block_slow_imports

# "Today" for the future-study-date check (common.plausibility.today), fixed so that no test
# follows the machine clock; studies run in other processes inherit it (legal item 2).
os.environ.setdefault("VIABILIDADE_HOJE", "2026-12-01")

# With JupyterLab in the environment, `import jsonschema` (via nbformat/papermill) builds
# rfc3987-syntax's grammars (~2 s per process) for a JSON-schema format notebooks never use.
block_slow_imports()


def run_folder(tmp_path_factory) -> Path:
    """The folder every worker of this run shares: pytest-xdist makes each worker's base
    folder ``<run>/popen-gwN``; without xdist, the session's base folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def run_lock(tmp_path_factory, name: str):
    """Hold the run-wide lock ``name`` (an advisory ``flock`` on a file of :func:`run_folder`),
    so that one worker builds what the others then read."""
    with open(run_folder(tmp_path_factory) / f".{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def once_per_run(tmp_path_factory, name: str, build) -> Path:
    """The folder ``<run>/<name>``, filled by ``build(folder)`` by the first worker that asks;
    the others wait for it and reuse it. A build that raised is tried again by the next asker
    (the folder is emptied first), so its error shows in every test that needs it.

    The tests that use the folder only read it: one that writes there must copy it first.
    """
    import shutil

    folder = run_folder(tmp_path_factory) / name
    done = folder.with_name(f".{name}.done")
    with run_lock(tmp_path_factory, name):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            build(folder)
            done.touch()
    return folder


#: The committed store, which every shared study reads.
STORE = Path(__file__).resolve().parents[1] / "data" / "processed"


def shared_study(tmp_path_factory, candidate: Path, study_date, rulesets: str | None = None) -> dict:
    """``run_study(candidate, <folder>, data_root=STORE, study_date=…, rulesets=…)`` once per
    run (:func:`once_per_run`): the test modules that read the same study (the same candidate,
    date and rulesets) share one run. Returns the run's record as JSON gives it back (paths as
    text); the study is in ``record["folder"]``, to be read only.
    """
    import hashlib
    import json

    from viabilidade.report.study import run_study

    candidate = Path(candidate).resolve()
    key = hashlib.sha256(str(candidate).encode()).hexdigest()[:8]
    name = f"estudo-{candidate.stem}-{key}-{study_date.isoformat()}-{rulesets or 'padrao'}"

    def build(folder: Path) -> None:
        record = run_study(candidate, folder, data_root=STORE, study_date=study_date,
                           rulesets=rulesets)
        (folder / "registro.json").write_text(json.dumps(record, default=str), encoding="utf-8")

    folder = once_per_run(tmp_path_factory, name.replace(",", "+"), build)
    return json.loads((folder / "registro.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True, scope="session")
def _session_cache(tmp_path_factory):
    """One cache folder for the whole run (viabilidade.common.cache), shared by the workers:
    the store builds of the tests read the Localidades archive once, and no test reads or fills
    the user's cache. Every write to it is atomic (a temporary file renamed), so two workers
    computing the same entry at once only repeat work. Set in os.environ so that the CLI run in
    a subprocess shares it."""
    before = os.environ.get("VIABILIDADE_CACHE")
    cache = run_folder(tmp_path_factory) / "cache"
    cache.mkdir(exist_ok=True)
    os.environ["VIABILIDADE_CACHE"] = str(cache)
    yield
    if before is None:
        os.environ.pop("VIABILIDADE_CACHE", None)
    else:
        os.environ["VIABILIDADE_CACHE"] = before


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    """One Voilà server serving notebooks/explorar.ipynb, as ``make explorar`` serves it
    (``chromium.voila_app``), shared by four Voilà browser modules of :data:`SAME_WORKER`
    (issue 30: the browser tests share one server; each module started its own):
    test_explore_voila, _map_browser, _page_browser and _tools_browser. Each page opened is its
    own session (its key in the URL, ``explore.persist.page_state_file``) with its own kernel,
    so the modules do not see each other's scenarios. (test_explore_files_browser keeps a
    server of its own: on the shared one its reopened page did not restore its session once,
    under load 24, cause not found.) Yields the app's URL, with its token."""
    from chromium import voila_app

    with voila_app(tmp_path_factory.mktemp("voila")) as (url, _):
        yield url


#: Test modules that run on one worker, whatever the distribution gives the others: the browser
#: tests, so that no two of them (each a server, kernels and Chromium) run at once on the two
#: cores.
SAME_WORKER = {name: "browser" for name in (
    "test_explore_voila.py", "test_explore_map_browser.py", "test_explore_files_browser.py",
    "test_explore_page_browser.py", "test_explore_tools_browser.py", "test_explore_browser.py")}

#: The test modules that take longest, started first, so that none of them starts last while the
#: other worker idles (xdist's own order, by number of tests, put these few-test modules last).
#: CPU seconds of one full run of the suite (test and fixture phases, children included; 2 cores,
#: load 2-33, median 18; 7 Dec 2026). The batch goes first, the browser group after it on the
#: same worker (xdist hands each worker two units at the start), so that the browser tests do
#: not share the cores with the batch's two processes.
FIRST = ("test_batch_studies.py",        # 199 s: the 81-study batch, lote -j 2 (its fixture 161 s)
         "test_explore_widgets.py",      # 151 s
         "test_explore_voila.py",        # the browser group (SAME_WORKER), 190 s then: voila 62,
                                         # files 62, map 39, JupyterLab 27 (page, tools: later)
         "test_reader_language.py",      # 53 s
         "test_batch_fast.py",           # 37 s
         "test_data_fetch.py",           # 33 s
         "test_fiscal.py",               # 24 s
         "test_batch_safety.py",         # 22 s
         "test_pdf_content.py",          # 21 s
         "test_batch_lifecycle.py",      # 20 s
         "test_statewide_reports.py",    # 19 s
         "test_study_run.py",            # 15 s
         "test_bad_inputs_data.py",      # 14 s
         "test_explore_notebook.py",     # 13 s
         "test_data_store.py",           # 12 s
         "test_study_operations.py")     # 12 s


def work_unit(nodeid: str) -> str:
    """What runs whole on one worker under ``--dist loadfile``: the test's module (its path,
    as in the node id), or the name of its :data:`SAME_WORKER` group."""
    module = nodeid.split("::", 1)[0]
    return SAME_WORKER.get(module.rsplit("/", 1)[-1], module)


def pytest_collection_modifyitems(config, items):
    """The modules of :data:`FIRST` first, in that order; the others as collected (each
    worker collects the same order, which the distribution keeps: :func:`pytest_xdist_make_scheduler`)."""
    rank = {name: i for i, name in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(FIRST)))      # stable


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (``make test``), with two additions: the modules of one
    :data:`SAME_WORKER` group go to one worker as one unit, and the units are handed out in
    collection order (:data:`FIRST` first) instead of by their number of tests.

    Each module still runs whole on one worker, so its module fixtures are built once. (xdist's
    own ``--dist loadgroup`` would do the grouping, but with pytest 9.2 it silently stops
    grouping, every test going its own way: pytest-xdist issue #1386, the group is written into
    a node id that pytest no longer reads.) Other ``--dist`` modes are xdist's own.
    """
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class FilesAndGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False
    return FilesAndGroups(config, log)


#: Costly first computations whose result the run's cache keeps (viabilidade.common.cache):
#: the art. 3 shape table of the 246 municipalities (about 13 s of CPU, at the first study of a
#: whole municipality) and a store build's derived mesh (about 11 s, data.meshcache). Under
#: xdist one worker at a time runs each, so the others read the cache it fills instead of
#: computing the same at once.
ONE_WORKER_AT_A_TIME = (("viabilidade.geo.shape", "_shape_table"),
                        ("viabilidade.data.store", "_build_tables"))


@pytest.fixture(autouse=True, scope="session")
def _costly_caches_filled_once(tmp_path_factory, _session_cache):
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        yield
        return
    import functools
    import importlib

    saved = []
    for module_name, name in ONE_WORKER_AT_A_TIME:
        module = importlib.import_module(module_name)
        real = getattr(module, name)

        def locked(*args, _real=real, _lock=f"{module_name}.{name}", **kwargs):
            with run_lock(tmp_path_factory, _lock):
                return _real(*args, **kwargs)

        setattr(module, name, functools.wraps(real)(locked))
        saved.append((module, name, real))
    yield
    for module, name, real in saved:
        setattr(module, name, real)


def pdf_text(path, first: int = 1, last: int | None = None) -> str:
    """Text of pages ``first``..``last`` of a PDF (pdftotext), whitespace normalised to one
    space and words hyphenated at a line end ("ha‐ bitantes": U+2010 or a soft hyphen U+00AD,
    as the fonts render it) joined, so a test never depends on where a line wraps."""
    import re
    import subprocess

    args = ["pdftotext", "-f", str(first)] + (["-l", str(last)] if last else []) + [str(path), "-"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return re.sub(r"[\u2010\u00ad]\s+", "", " ".join(out.split()))
