"""Batch machinery with a stand-in study function (fast): isolation, resume, index, CLI.

The stand-in (:func:`fake_study`) has run_study's signature and writes the same files; the
real studies are run in ``test_batch_studies.py``. It fails on purpose for a candidate
named "Quebra" and kills its worker process for one named "Derruba".
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.batch import resume
from viabilidade.batch.index import render_index, results_frame, rule_key
from viabilidade.batch.plan import candidate_files, make_jobs
from viabilidade.batch.run import run_batch
from viabilidade.batch.unit import run_one
from viabilidade.candidate import load_candidate
from viabilidade.cli import main as cli_main
from viabilidade.errors import ReportError, ViabilidadeError

FAKE = "test_batch_fast:fake_study"


def fake_study(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    c = load_candidate(candidate_path)
    folder = Path(out_root) / c.slug
    folder.mkdir(parents=True, exist_ok=True)
    if c.name == "Quebra":
        (folder / "estudo.ipynb").write_text("{}", encoding="utf-8")
        raise ReportError(f"cell 3 failed for {c.slug}: ZeroDivisionError")
    if c.name == "Derruba":
        os._exit(3)
    if c.name == "Lenta":
        time.sleep(60)
    (folder / "estudo.html").write_text(f"<p>{c.name}</p>", encoding="utf-8")
    (folder / "estudo.pdf").write_bytes(b"%PDF-1.7 fake")
    (folder / "resultados.json").write_text("{}", encoding="utf-8")
    with open(Path(out_root) / "chamadas.log", "a", encoding="utf-8") as log:
        log.write(c.slug + "\n")
    ok = "pass" if c.name != "Baixa" else "fail"
    return {"slug": c.slug, "name": c.name, "operation": c.operation,
            "verdict": "viável" if ok == "pass" else "inviável",
            "rules": {"art4.VII": "indeterminate", "art4.IV": ok, "art4.II": "pass"},
            "folder": str(folder),
            "files": {k: str(folder / f"estudo.{k}") for k in ("html", "pdf")}}


def _candidate(folder: Path, stem: str, name: str, slug: str | None = None) -> Path:
    p = folder / f"{stem}.toml"
    slug_line = f'slug = "{slug}"\n' if slug else ""
    p.write_text(f'{slug_line}operation = "create-municipality"\nname = "{name}"\n'
                 '[area]\ndistricts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n',
                 encoding="utf-8")
    return p


@pytest.fixture
def cands(tmp_path):
    d = tmp_path / "cands"
    d.mkdir()
    _candidate(d, "alfa", "Alfa")
    _candidate(d, "beta", "Baixa")
    _candidate(d, "gama", "Quebra")
    (d / "torto.toml").write_text('operation = "create-municipality"\nname = 3\n', encoding="utf-8")
    return d


def _calls(out: Path) -> list[str]:
    log = out / "chamadas.log"
    return sorted(log.read_text(encoding="utf-8").split()) if log.exists() else []


def test_batch_isolates_failures_resumes_and_forces(cands, tmp_path):
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=2, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert sorted(by) == ["alfa", "beta", "gama", "torto"]
    assert [r["slug"] for r in res.failures] == ["gama", "torto"]
    assert by["alfa"]["verdict"] == "viável" and by["beta"]["verdict"] == "inviável"
    assert by["beta"]["rules"] == {"art4.II": "pass", "art4.IV": "fail", "art4.VII": "indeterminate"}
    assert by["gama"]["error"] == "ReportError: cell 3 failed for gama: ZeroDivisionError"
    assert by["torto"]["error"].startswith("CandidateError: ")
    assert "linha 2, campo 'name': encontrado o número 3; esperado texto" in by["torto"]["error"]
    # the failure is written in its own folder only, next to the partial notebook
    assert (out / "gama" / "erro.txt").read_text(encoding="utf-8").startswith("ReportError: cell 3")
    assert (out / "gama" / "estudo.ipynb").is_file()
    assert not (out / "gama" / resume.DIGEST_FILE).exists()
    assert (out / "alfa" / resume.DIGEST_FILE).is_file()
    assert _calls(out) == ["alfa", "beta"]

    # second run: the two good studies are up to date and skipped; the failures re-run
    res2 = run_batch([cands], out, workers=2, study=FAKE, progress=False)
    assert sorted(r["slug"] for r in res2.skipped) == ["alfa", "beta"]
    assert _calls(out) == ["alfa", "beta"]
    assert (out / "resultados.csv").read_bytes() == _csv_of(res)
    # a changed byte in one candidate re-runs that one only
    p = cands / "alfa.toml"
    p.write_text(p.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert _calls(out) == ["alfa", "alfa", "beta"]
    run_batch([cands], out, workers=2, study=FAKE, force=True, progress=False)
    assert _calls(out) == ["alfa", "alfa", "alfa", "beta", "beta"]


def _csv_of(res) -> bytes:
    return results_frame(res.records).to_csv(index=False, lineterminator="\n").encode("utf-8")


def test_a_worker_that_dies_fails_only_its_own_study(cands, tmp_path):
    _candidate(cands, "delta", "Derruba")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=2, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert by["delta"]["status"] == "falhou"
    assert "ended abruptly (BrokenProcessPool)" in by["delta"]["error"]
    assert by["alfa"]["status"] == "ok" and by["beta"]["status"] == "ok"
    assert (out / "delta" / "erro.txt").is_file()


def test_run_one_never_raises(tmp_path):
    rec = run_one({"candidate": str(tmp_path / "nada.toml"), "out_root": str(tmp_path),
                   "slug": "nada", "study": "viabilidade.nao_existe:run_study"})
    assert rec["status"] == "falhou" and rec["verdict"] is None and rec["rules"] == {}
    assert rec["error"].startswith("ModuleNotFoundError: No module named 'viabilidade.nao_existe'")
    assert (tmp_path / "nada" / "erro.txt").is_file()


def test_duplicate_slug_gets_its_own_folder_and_a_reason(tmp_path):
    a = _candidate(tmp_path, "a", "Um", slug="mesmo")
    b = _candidate(tmp_path, "b", "Dois", slug="mesmo")
    jobs = make_jobs([a, b])
    assert [j.slug for j in jobs] == ["mesmo", "mesmo-2"]
    assert jobs[0].problem is None
    assert jobs[1].problem == f"slug 'mesmo' is already used by {a} in this batch; give this candidate its own slug"


def test_candidate_sources_errors(tmp_path):
    with pytest.raises(ViabilidadeError, match=r"nada\.toml: arquivo ou pasta de candidatos inexistente"):
        candidate_files([tmp_path / "nada.toml"])
    (tmp_path / "x.txt").write_text("")
    with pytest.raises(ViabilidadeError, match=r"x\.txt: não é arquivo \.toml nem pasta; esperado um arquivo de candidato \.toml ou uma pasta"):
        candidate_files([tmp_path / "x.txt"])
    (tmp_path / "vazia").mkdir()
    with pytest.raises(ViabilidadeError, match="nenhum arquivo de candidato; esperados arquivos .toml"):
        candidate_files([tmp_path / "vazia"])


def test_digest_covers_every_input(tmp_path):
    c = _candidate(tmp_path, "a", "Um")
    data = tmp_path / "data"
    data.mkdir()
    (data / "manifest.json").write_text('{"v": 1}')
    base = dict(settings=None, data_root=data, template=None)
    d0 = resume.study_digest(c, resume.common_digest(**base))
    assert d0 == resume.study_digest(c, resume.common_digest(**base))
    assert d0 != resume.study_digest(c, resume.common_digest(**{**base, "settings": {"x": 1}}))
    (data / "manifest.json").write_text('{"v": 2}')
    d1 = resume.study_digest(c, resume.common_digest(**base))
    assert d1 != d0
    t = tmp_path / "t.ipynb"
    t.write_text("{}")
    assert d1 != resume.study_digest(c, resume.common_digest(**{**base, "template": t}))
    c.write_text(c.read_text() + " ")
    assert d1 != resume.study_digest(c, resume.common_digest(**base))


def test_rule_order_follows_the_law():
    ids = ["art4.VII", "art17.I", "art4.II", "art4.IV", "art7", "art4.I", "art10.par"]
    assert sorted(ids, key=rule_key) == ["art4.I", "art4.II", "art4.IV", "art4.VII", "art7",
                                         "art10.par", "art17.I"]


def test_index_escapes_text_and_lists_failures():
    recs = [{"slug": "b", "name": "<script>alert('x')</script>", "operation": "create-district",
             "candidate": "/x/b.toml", "status": "ok", "verdict": "viável",
             "rules": {"art17.I": "pass"}, "folder": "b",
             "files": {"html": "estudo.html", "pdf": "estudo.pdf"}, "error": None},
            {"slug": "a", "name": "A & B", "operation": None, "candidate": "/x/a.toml",
             "status": "falhou", "verdict": None, "rules": {}, "folder": "a",
             "files": {"txt": "erro.txt"}, "error": "CandidateError: <bad> \"name\"\nmore"}]
    page = render_index(recs, "meu <lote>")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "Lote meu &lt;lote&gt;" in page
    assert "<h2>Falhas (1)</h2>" in page and "CandidateError: &lt;bad&gt; &quot;name&quot;" in page
    assert page.index(">A &amp; B<") < page.index("&lt;script&gt;")  # sorted by slug
    assert '<a href="b/estudo.html">HTML</a>' in page and '<a href="b/estudo.pdf">PDF</a>' in page
    df = results_frame(recs)
    assert df["slug"].tolist() == ["a", "b"]
    assert df.loc[0, "erro"] == 'CandidateError: <bad> "name"'
    assert pd.isna(df.loc[0, "regra"]) and df.loc[1, "status_regra"] == "pass"
    assert df.loc[1, "html"] == "b/estudo.html" and pd.isna(df.loc[0, "html"])


def test_cli_exit_codes(cands, tmp_path, capsys):
    out = tmp_path / "lote"
    assert cli_main(["lote", str(cands / "nada"), "--saida", str(out)]) == 2
    assert "nada: arquivo ou pasta de candidatos inexistente" in capsys.readouterr().err
    assert cli_main(["lote", str(cands), "-j", "0", "--saida", str(out)]) == 2
    assert "erro: -j/--jobs: encontrado 0; esperado um número de processos >= 1" in capsys.readouterr().err


def test_reason_names_the_exception_behind_a_notebook_failure():
    from viabilidade.batch.unit import reason

    text = ("x.toml: ReportError: o caderno do estudo falhou: \n" + "-" * 20 +
            '\nException encountered at "In [3]":\n' + "-" * 20 +
            "\nTypeError  Traceback\n----> 5 study = f()\n\nTypeError: f() got an unexpected keyword\n")
    assert reason(text) == ("x.toml: ReportError: o caderno do estudo falhou: "
                            "TypeError: f() got an unexpected keyword")
    assert reason("CandidateError: a.toml, campo 'name': esperado texto\n\nmore") == \
        "CandidateError: a.toml, campo 'name': esperado texto"
    assert reason("") is None and reason(None) is None


def test_an_interrupted_batch_ends_at_once_says_so_and_resumes(cands, tmp_path):
    import signal
    import subprocess
    import sys

    _candidate(cands, "zeta", "Lenta")
    out = tmp_path / "lote"
    # A process started in the background by a non-interactive shell (as CI may be) inherits
    # SIGINT ignored; the batch under test must see Ctrl-C as a user's terminal sends it.
    code = ("import functools, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "import viabilidade.batch.run as r; "
            f"r.run_batch = functools.partial(r.run_batch, study={FAKE!r}); "
            "from viabilidade.cli import main; "
            f"sys.exit(main(['lote', {str(cands)!r}, '--saida', {str(out)!r}, '-j', '1', "
            "'--sem-progresso']))")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=Path(__file__).parent,
                            start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while _calls(out) != ["alfa", "beta"] and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1.0)  # "zeta" (Lenta) is now running
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
    _, err = proc.communicate(timeout=30)
    seconds = time.monotonic() - t0
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert ("Lote “lote” interrompido (Ctrl-C): 4 estudos concluídos e 1 candidato não executado; "
            "rode o mesmo comando de novo para continuar.") in err
    assert seconds < 5, seconds
    print(f"Ctrl-C to exit: {seconds:.2f} s")
    df = pd.read_csv(out / "resultados.csv", dtype=str)
    assert df.loc[df["slug"] == "zeta", "situacao"].tolist() == ["não executado"]
    assert {"alfa", "beta"} <= set(df.loc[df["situacao"] == "ok", "slug"])
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Lote interrompido</strong> (Ctrl-C) antes do fim: 1 candidato não foi executado:" in page
    assert "<li>Lenta (zeta.toml)</li>" in page
    (cands / "zeta.toml").unlink()
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert sorted(r["slug"] for r in res.skipped) == ["alfa", "beta"]
    assert _calls(out) == ["alfa", "beta"]
    assert "Lote interrompido" not in (out / "index.html").read_text(encoding="utf-8")
