"""A Ctrl-C at any stage of ``data build`` prints the pt-BR interruption message (issue 32,
m5: once the command died with no message).

A real SIGINT to a real ``viabilidade data build`` subprocess, started as a script's
background job starts it — with SIGINT ignored — at three moments of the build (reading the
raw files, building the tables, writing them). Before, the command ignored the signal (or,
with SIGINT reset to the default, died silently); now ``main`` installs Python's Ctrl-C
handler for every command.
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


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
@pytest.mark.parametrize("after", [1.5, 6.0, 15.0])
def test_ctrl_c_at_any_stage_of_data_build_is_told(tmp_path, after):
    out = tmp_path / "processed"
    env = {**os.environ, "PYTHONPATH": str(REPO / "lib")}
    proc = subprocess.Popen([sys.executable, "-m", "viabilidade.cli", "data", "build", "--raw",
                             str(RAW), "--saida", str(out)], env=env, start_new_session=True,
                            preexec_fn=_ignore_sigint, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(after)
        if proc.poll() is not None:
            pytest.skip("the build ended before the signal (a fast machine)")
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130
    assert err.strip().splitlines()[-1] == MESSAGE
    assert "Traceback" not in err
    assert not (out / "manifest.json").exists()  # all or nothing
