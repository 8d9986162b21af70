"""The suite's own helpers (tests/conftest.py): what is built once per run and shared by the
pytest-xdist workers."""

import fcntl
import os

import pytest

from conftest import FIRST, SAME_WORKER, once_per_run, run_folder, run_lock, work_unit


def test_the_run_folder_is_shared_by_the_workers(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    assert run_folder(tmp_path_factory) == (base.parent if worker else base)
    if worker:
        assert base.name == f"popen-{worker}"
    assert os.environ["VIABILIDADE_CACHE"] == str(run_folder(tmp_path_factory) / "cache")


def test_once_per_run_builds_once_and_again_after_a_failure(tmp_path_factory, request):
    name = f"prova-{request.node.name}-{os.getpid()}"
    calls = []

    def build(folder):
        calls.append(folder)
        (folder / "feito.txt").write_text("1", encoding="utf-8")

    first = once_per_run(tmp_path_factory, name, build)
    again = once_per_run(tmp_path_factory, name, build)
    assert first == again == run_folder(tmp_path_factory) / name
    assert calls == [first] and (first / "feito.txt").read_text(encoding="utf-8") == "1"

    def broken(folder):
        (folder / "metade.txt").write_text("", encoding="utf-8")
        raise RuntimeError("quebrou no meio")

    with pytest.raises(RuntimeError, match="quebrou no meio"):
        once_per_run(tmp_path_factory, name + "-b", broken)
    with pytest.raises(RuntimeError, match="quebrou no meio"):   # tried again, not taken as done
        once_per_run(tmp_path_factory, name + "-b", broken)
    folder = once_per_run(tmp_path_factory, name + "-b", build)
    assert sorted(p.name for p in folder.iterdir()) == ["feito.txt"]   # the half build emptied


def test_the_run_lock_is_held_while_building(tmp_path_factory, request):
    name = f"trava-{request.node.name}-{os.getpid()}"
    with run_lock(tmp_path_factory, name):
        with open(run_folder(tmp_path_factory) / f".{name}.lock") as other:
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with open(run_folder(tmp_path_factory) / f".{name}.lock") as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)             # free again


def test_work_units_are_modules_but_the_browser_ones_are_one():
    assert work_unit("tests/test_fiscal.py::test_fpm_bracket_words_and_ends") == "tests/test_fiscal.py"
    assert work_unit("tests/test_rules_art4.py::TestX::test_y[a::b]") == "tests/test_rules_art4.py"
    units = {work_unit(f"tests/{name}::test_x") for name in ("test_explore_voila.py",
             "test_explore_map_browser.py", "test_explore_files_browser.py", "test_explore_browser.py")}
    assert units == {"browser"}


def test_every_browser_module_is_in_the_browser_group():
    """A module that drives Chromium (it takes ``NEEDS_CHROMIUM``) runs with the other browser
    modules, one at a time (conftest.SAME_WORKER): add a new one there."""
    here = os.path.dirname(os.path.abspath(__file__))
    browser = sorted(n for n in os.listdir(here) if n.startswith("test_") and n.endswith(".py")
                     and n != os.path.basename(__file__)
                     and "NEEDS_CHROMIUM" in open(os.path.join(here, n), encoding="utf-8").read())
    assert len(browser) >= 6
    assert [n for n in browser if SAME_WORKER.get(n) != "browser"] == []


def test_the_modules_named_for_the_schedule_exist():
    """A renamed or removed test module must leave FIRST and SAME_WORKER too (else it would
    silently lose its place)."""
    here = os.path.dirname(os.path.abspath(__file__))
    names = [*FIRST, *SAME_WORKER]
    assert [n for n in names if not os.path.isfile(os.path.join(here, n))] == []
    assert len(set(FIRST)) == len(FIRST)
