"""JupyterLab around the explorer: the kernel-stopped note and ``make lab`` (review-explore2 #8, #9)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_kernel_stopped_note_sits_at_the_bottom_and_can_be_closed():
    pytest.importorskip("IPython")
    from viabilidade.explore.pulse import CLOSE, STOPPED, kernel_watch

    js = kernel_watch().data
    # At the top it covered JupyterLab's menu bar (Run → Run All Cells), which it points to.
    assert "position:fixed;bottom:0;left:0;right:0;" in js and "top:0;left:0" not in js
    assert CLOSE == "Fechar este aviso"
    assert 'x.setAttribute("aria-label", "Fechar este aviso");' in js
    assert "x.onclick = () => { closed = true; note.remove(); };" in js
    assert "if (!note && !closed) {" in js          # closed: not put back while still stopped
    assert "Executar tudo (Run → Run All Cells)" in STOPPED


@pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")
def test_make_lab_allows_root_only_when_run_as_root():
    # Run under `make test` too: a sub-make inherits MAKELEVEL/MAKEFLAGS and would print
    # "make[1]: Entering directory" lines, so those are dropped and directories not printed.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    out = subprocess.run(["make", "--no-print-directory", "-n", "-o", "install", "BIN=/venv/bin",
                          "lab"], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout.strip()
    flag = " --allow-root" if os.geteuid() == 0 else ""
    assert out.splitlines()[-1] == (f"/venv/bin/jupyter lab{flag} --config=jupyter_server_config.py "
                                    "notebooks/")


def test_the_drawing_buttons_screen_reader_texts_are_retitled_in_portuguese():
    pytest.importorskip("ipyleaflet")
    from viabilidade.explore.leaflet_map import portuguese_tools

    js = portuguese_tools().data
    assert 'const sr = a.querySelector(".sr-only");' in js
    assert "if (sr && sr.textContent !== text()) sr.textContent = text();" in js
    assert '"removeDisabled": "Nada para apagar"' in js and '"polygon": "Desenhar um polígono"' in js
