"""A Ctrl-C at any stage of ``data build`` prints the pt-BR interruption message (issue 32,
m5: once the command died with no message).

A real SIGINT to a real ``viabilidade data build`` subprocess, started as a script's
background job starts it — with SIGINT ignored — at three stages of the build, each found
by what the build has done, not by the clock (the whole build takes about 3 s on a quiet
machine and 15 s on a loaded one; the sleeps of 1,5, 6 and 15 s this test once used fell
after the manifest on a quiet machine, and CI failed on a correct build): as soon as ``main``
has installed Python's Ctrl-C handler (the SIGINT bit of ``SigCgt`` in ``/proc/PID/status``),
when the first table is in the build's temporary folder, and when most tables are.
Before, the command ignored the signal (or, with SIGINT reset to the default, died
silently); now ``main`` installs Python's Ctrl-C handler for every command.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"
MESSAGE = ("interrompido (Ctrl-C): nenhum arquivo foi gravado pela metade; os arquivos "
           "anteriores foram mantidos.")


def _ignore_sigint():
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # what `cmd &` in a script does


def _handles_sigint(pid: int) -> bool:
    """Whether the process has a handler for SIGINT (bit 2 of the caught-signals mask)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def _tables_in_progress(out: Path) -> int:
    """Tables written so far in the build's temporary folder beside ``out`` (``.NAME.novo-*``)."""
    return sum(len(list(d.glob("*.parquet"))) for d in out.parent.glob(f".{out.name}.novo-*"))


#: The stages: what the build has done when the signal is sent.
STAGES = {"handler-installed": lambda pid, out: _handles_sigint(pid),
          "first-table": lambda pid, out: _tables_in_progress(out) >= 1,
          "most-tables": lambda pid, out: _tables_in_progress(out) >= 10}


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="no /proc")
@pytest.mark.parametrize("stage", list(STAGES))
def test_ctrl_c_at_any_stage_of_data_build_is_told(tmp_path, stage):
    out = tmp_path / "processed"
    env = {**os.environ, "PYTHONPATH": str(REPO / "lib")}
    proc = subprocess.Popen([sys.executable, "-m", "viabilidade.cli", "data", "build", "--raw",
                             str(RAW), "--saida", str(out)], env=env, start_new_session=True,
                            preexec_fn=_ignore_sigint, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    reached = STAGES[stage]
    try:
        while proc.poll() is None and not reached(proc.pid, out):
            time.sleep(0.002)
        assert proc.poll() is None, f"the build ended before the stage {stage}"
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    # 130, or killed by SIGINT: what a shell reports as $? = 130 either way. CPython re-raises
    # the signal at exit when a KeyboardInterrupt was raised inside an import under way (its
    # flag for an unhandled Ctrl-C stays set, though ``main`` caught and reported it); seen
    # 3 times in 18 signals sent about 0,6 s after the start.
    assert proc.returncode in (130, -signal.SIGINT), proc.returncode
    assert err.strip().splitlines()[-1] == MESSAGE
    assert "Traceback" not in err
    # all or nothing: no store, and no temporary folder left beside it
    assert not out.exists() and not list(tmp_path.glob(".processed.*")), sorted(tmp_path.iterdir())
