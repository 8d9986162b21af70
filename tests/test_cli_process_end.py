"""The console script's end (issue 30): ``main()`` without arguments reads the process's own
command line and freezes the collector before the process exits; ``main(argv)`` (a caller
such as these tests) leaves the collector alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from viabilidade.cli import commands
from viabilidade.common.imports import COLLECTOR_THRESHOLDS

ROOT = Path(__file__).resolve().parents[1]


def _fresh_python(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """This interpreter in a fresh process (its collector as Python starts it), with only the
    repository's lib on its path."""
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, check=check,
                          env={"PYTHONPATH": str(ROOT / "lib"), "PATH": "/usr/bin"})


def test_the_console_script_reads_sys_argv_and_ends_the_process(tmp_path, monkeypatch, capsys):
    ended = []
    monkeypatch.setattr(commands, "_ending_process", lambda: ended.append(True))
    bad = tmp_path / "nada.toml"
    monkeypatch.setattr(sys, "argv", ["viabilidade", "estudo", str(bad)])
    assert commands.main() == 2
    assert ended == [True]
    assert capsys.readouterr().err.startswith(f"erro: {bad}")


def test_a_caller_with_arguments_keeps_its_collector(tmp_path, monkeypatch, capsys):
    ended = []
    monkeypatch.setattr(commands, "_ending_process", lambda: ended.append(True))
    bad = tmp_path / "nada.toml"
    assert commands.main(["estudo", str(bad)]) == 2
    assert ended == []
    assert capsys.readouterr().err.startswith(f"erro: {bad}")


def test_the_ending_process_freezes_every_object_it_holds():
    code = ("import gc; from viabilidade.cli import commands; "
            "commands._ending_process(); print(gc.get_freeze_count() > 1000, "
            "len(gc.get_objects()))")
    out = _fresh_python("-c", code)
    frozen, tracked = out.stdout.split()
    assert frozen == "True" and int(tracked) < 50


def test_python_m_viabilidade_cli_still_exits_2_naming_the_file(tmp_path):
    bad = tmp_path / "nada.toml"
    run = _fresh_python("-m", "viabilidade.cli", "estudo", str(bad), check=False)
    assert run.returncode == 2
    assert run.stderr.startswith(f"erro: {bad}")


def test_the_console_script_collects_less_often_and_a_caller_keeps_its_thresholds(
        tmp_path, monkeypatch, capsys):
    import gc

    before = gc.get_threshold()
    monkeypatch.setattr(commands, "_ending_process", lambda: None)
    bad = tmp_path / "nada.toml"
    assert commands.main(["estudo", str(bad)]) == 2
    assert gc.get_threshold() == before  # a caller with arguments: untouched
    try:
        monkeypatch.setattr(sys, "argv", ["viabilidade", "estudo", str(bad)])
        assert commands.main() == 2
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS == (50_000, 20, 10)
    finally:
        gc.set_threshold(*before)
    capsys.readouterr()


def test_a_batch_worker_freezes_its_warm_up_and_collects_less():
    code = ("import gc; from viabilidade.batch.unit import warm_up; "
            "print(gc.get_threshold(), gc.get_freeze_count() == 0); warm_up(); "
            "print(gc.get_threshold(), gc.get_freeze_count() > 1000, len(gc.get_objects()) < 50)")
    out = _fresh_python("-c", code)
    assert out.stdout.splitlines() == ["(700, 10, 10) True", "(50000, 20, 10) True True"]
