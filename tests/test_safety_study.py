"""Hostile candidates and failures against a real study (``run_study`` on the processed store).

One hostile candidate is run once (module fixture, ~5-10 s): its name is a ``<script>`` that
would change ``document.title`` and insert a marker element, followed by Python code text
that would ``touch`` a marker file if a name were ever pasted into code (a slug
``../../etc`` is refused before anything is written). The tests then check the HTML in headless Chromium, that no code ran, that
only ``outputs/`` was written, and that a candidate corrupted after the good run (or a
study whose notebook fails) leaves the good HTML/PDF byte-for-byte in place.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import nbformat
import pytest

from viabilidade.errors import CandidateError, ReportError
from viabilidade.report import study

REPO = Path(__file__).resolve().parents[1]
POSSE = REPO / "data" / "candidates" / "posse-dabadia.toml"
STORE = REPO / "data" / "processed"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                       reason="processed store data/processed not built"),
]

SCRIPT = ("<script>document.title='pwned';document.body.insertAdjacentHTML('beforeend',"
          "'<p id=xss-marker>XSS</p>')</script>")


def _hostile_name(marker: Path) -> str:
    return f'{SCRIPT}"); import os; os.system("touch {marker}") #'


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The hostile candidate run once: (tmp root, outputs root, candidate, record, marker)."""
    tmp = tmp_path_factory.mktemp("hostile")
    # The marker's path is part of the name, which is bounded at 200 characters: a short
    # folder of its own, so the name's length never depends on the machine's temporary path
    # (pytest's basetemp grows with the user name and the xdist worker).
    marks = Path(tempfile.mkdtemp(prefix="v"))
    marker = marks / "p"
    cands = tmp / "candidatos"
    cands.mkdir()
    toml = cands / "hostil.toml"
    text = POSSE.read_text(encoding="utf-8")
    text = text.replace('slug = "posse-dabadia"', 'slug = "hostil"')
    # A JSON string of ASCII text is a valid TOML basic string (quotes and backslashes escaped).
    text = text.replace('name = "Posse d\'Abadia"', f"name = {json.dumps(_hostile_name(marker))}")
    toml.write_text(text, encoding="utf-8")
    out_root = tmp / "a" / "b" / "outputs"
    out_root.mkdir(parents=True)
    record = study.run_study(toml, out_root, data_root=STORE, study_date=dt.date(2026, 11, 30))
    yield tmp, out_root, toml, record, marker
    shutil.rmtree(marks, ignore_errors=True)


def test_slug_with_dot_dot_is_refused_and_nothing_is_written(tmp_path):
    toml = tmp_path / "hostil.toml"
    toml.write_text(POSSE.read_text(encoding="utf-8").replace('slug = "posse-dabadia"',
                                                              'slug = "../../etc"'),
                    encoding="utf-8")
    out_root = tmp_path / "a" / "b" / "outputs"
    with pytest.raises(CandidateError, match=r"campo 'slug': encontrado '\.\./\.\./etc'; "
                                             r"esperado só letras minúsculas"):
        study.run_study(toml, out_root, data_root=STORE, study_date=dt.date(2026, 11, 30))
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == ["hostil.toml"]


def test_the_hostile_study_writes_only_inside_outputs(hostile):
    tmp, out_root, toml, record, _ = hostile
    assert record["slug"] == "hostil"
    assert Path(record["folder"]) == (out_root / "hostil").resolve()
    written = sorted(p.relative_to(tmp).as_posix() for p in tmp.rglob("*") if p.is_file())
    assert written == ["a/b/outputs/hostil/estudo.html", "a/b/outputs/hostil/estudo.ipynb",
                       "a/b/outputs/hostil/estudo.pdf", "a/b/outputs/hostil/resultados.json",
                       "candidatos/hostil.toml"]


def test_code_in_the_name_never_runs(hostile):
    _, _, _, record, marker = hostile
    assert not marker.exists()
    assert record["name"] == _hostile_name(marker)
    nb = nbformat.read(record["files"]["ipynb"], as_version=4)
    assert nb.metadata["papermill"]["parameters"]["candidate_path"].endswith("hostil.toml")


def test_script_name_is_escaped_in_the_html(hostile):
    html = Path(hostile[3]["files"]["html"]).read_text(encoding="utf-8")
    assert "<script" not in html.lower()
    assert "xss-marker>" not in html
    assert "&lt;script&gt;document.title=" in html


@pytest.mark.browser
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="Debian's chromium not installed")
def test_script_name_shows_as_text_in_chromium(hostile, tmp_path):
    html = Path(hostile[3]["files"]["html"])
    proc = subprocess.run(
        ["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--no-first-run", f"--user-data-dir={tmp_path}",
         "--dump-dom", html.as_uri()], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    title = re.search(r"<title>(.*?)</title>", dom, re.S).group(1)
    # Had the script run, the title would be exactly "pwned". The title names the study after
    # its seat (art. 3, I), so the hostile name is checked as text in the body below.
    assert title.startswith("Estudo de viabilidade") and "pwned" not in title
    assert 'id="xss-marker"' not in dom and "<script" not in dom.lower()
    # The name is in the DOM as text: the serialiser escapes its "<" again.
    assert "&lt;script&gt;document.title='pwned'" in dom


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_candidate_corrupted_after_a_good_run_keeps_the_good_study(hostile):
    _, out_root, toml, record, _ = hostile
    folder = Path(record["folder"])
    before = _snapshot(folder)
    assert set(before) == set(study.FILES.values())
    corrupted = toml.with_name("hostil-corrompido.toml")
    # The good file cut in the middle of a line, as a crashed editor or a full disk leaves it.
    good = toml.read_bytes()
    corrupted.write_bytes(good[: good.index(b"[area]") + 9])
    try:
        with pytest.raises(CandidateError) as e:
            study.run_study(corrupted, out_root, data_root=STORE)
        assert str(e.value).startswith(f"{corrupted}: TOML inválido: ")
    finally:
        corrupted.unlink()
    assert _snapshot(folder) == before


def _failing_template(tmp_path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("candidate_path = ''\ndata_root = None\nsettings = {}\n"
                                          "study_date = None", metadata={"tags": ["parameters"]}),
                nbformat.v4.new_code_cell("raise OSError('disco cheio (simulado)')")]
    path = tmp_path / "falha.ipynb"
    nbformat.write(nb, path)
    return path


def test_failed_study_after_a_good_run_keeps_good_files_and_writes_failure(hostile, tmp_path):
    _, out_root, toml, record, _ = hostile
    folder = Path(record["folder"])
    before = _snapshot(folder)
    try:
        with pytest.raises(ReportError) as e:
            study.run_study(toml, out_root, data_root=STORE, template=_failing_template(tmp_path))
        assert "OSError: disco cheio (simulado)" in str(e.value)
        assert str(e.value).endswith(f"(ver {folder / 'erro.txt'})")
        after = _snapshot(folder)
        for name in study.FILES.values():
            assert after[name] == before[name], name
        assert set(after) == set(study.FILES.values()) | set(study.FAILED_FILES)
        assert after["erro.txt"].decode("utf-8").startswith("hostil.toml: ")
        partial = nbformat.reads(after["estudo.falhou.ipynb"].decode("utf-8"), as_version=4)
        assert any(o.get("ename") == "OSError" for c in partial.cells for o in c.get("outputs", []))
    finally:
        for name in study.FAILED_FILES:
            (folder / name).unlink(missing_ok=True)
