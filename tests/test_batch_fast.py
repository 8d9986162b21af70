"""Batch machinery with a stand-in study function (fast): isolation, resume, index, CLI.

The stand-in (:func:`fake_study`) has run_study's signature and writes the same files; the
real studies are run in ``test_batch_studies.py``. It fails on purpose for a candidate
named "Quebra" and kills its worker process for one named "Derruba".
"""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.batch import resume
from viabilidade.batch.index import CSV_READ, render_index, results_frame, rule_key, tables_bytes
from viabilidade.batch.plan import candidate_files, make_jobs
from viabilidade.batch.run import run_batch
from viabilidade.batch.unit import run_one
from viabilidade.proposal.candidate import load_candidate
from viabilidade.cli import main as cli_main
from viabilidade.common import finishing
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
        (Path(out_root) / "lenta-rodando").touch()    # for _wait_for_the_slow_study
        time.sleep(60)
    if c.name == "Pausa" and (Path(out_root) / "pausar").exists():
        (Path(out_root) / "pausando").touch()
        time.sleep(60)
    finishing.writing()   # as run_study says it before writing its files
    (folder / "estudo.html").write_text(f"<p>{c.name}</p>", encoding="utf-8")
    (folder / "estudo.pdf").write_bytes(b"%PDF-1.7 fake")
    (folder / "resultados.json").write_text("{}", encoding="utf-8")
    with open(Path(out_root) / "chamadas.log", "a", encoding="utf-8") as log:
        log.write(c.slug + "\n")
    if c.name == "Termina":   # its files written, not yet its digest: stopped right then
        (Path(out_root) / "termina-gravou").touch()
        time.sleep(0.8)
    ok = "pass" if c.name != "Baixa" else "fail"
    return {"slug": c.slug, "name": c.name, "operation": c.operation,
            "notices": [f"aviso do estudo {c.slug}"] if c.name == "Avisada" else [],
            "verdict": "viável" if ok == "pass" else "inviável",
            "rules": {"art4.VII": "indeterminate", "art4.IV": ok, "art4.II": "pass"},
            "leans": {"art4.VII": "likely pass"},
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
    assert by["gama"]["error"] == "cell 3 failed for gama: ZeroDivisionError"
    assert by["torto"]["error"].startswith(f"{cands / 'torto.toml'}, linha 2, ")  # no class name
    assert "linha 2, campo 'name': encontrado o número 3; esperado texto" in by["torto"]["error"]
    # the failure is written in its own folder only, next to the partial notebook
    assert (out / "gama" / "erro.txt").read_text(encoding="utf-8").startswith("cell 3")
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
    return tables_bytes(res.records)[0]


def test_a_worker_that_dies_fails_only_its_own_study(cands, tmp_path):
    _candidate(cands, "delta", "Derruba")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=2, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert by["delta"]["status"] == "falhou"
    assert ("o processo que executava este estudo terminou de repente (BrokenProcessPool): falta "
            "de memória ou falha numa biblioteca nativa") in by["delta"]["error"]
    assert by["alfa"]["status"] == "ok" and by["beta"]["status"] == "ok"
    assert (out / "delta" / "erro.txt").is_file()


def test_run_one_never_raises(tmp_path):
    rec = run_one({"candidate": str(tmp_path / "nada.toml"), "out_root": str(tmp_path),
                   "slug": "nada", "study": "viabilidade.nao_existe:run_study"})
    assert rec["status"] == "falhou" and rec["verdict"] is None and rec["rules"] == {}
    assert rec["error"].startswith("ModuleNotFoundError: No module named 'viabilidade.nao_existe'")
    assert (tmp_path / "nada" / "erro.txt").is_file()


def test_duplicate_slug_gets_its_own_folder_and_a_reason(tmp_path):
    """The batch analyst: the file sorted first won the slug; now both are refused, each
    naming the other, under the slug its file writes and with no folder (issue 32, B14: a
    made-up ``mesmo-3`` was shown and created)."""
    a = _candidate(tmp_path, "a", "Um", slug="mesmo")
    b = _candidate(tmp_path, "b", "Dois", slug="mesmo")
    c = _candidate(tmp_path, "c", "Tres", slug="mesmo-2")
    jobs = make_jobs([a, b, c])
    assert [j.slug for j in jobs] == ["mesmo", "mesmo", "mesmo-2"]
    assert [j.own_folder for j in jobs] == [False, False, True]
    assert jobs[0].problem == (f"{a}: o slug 'mesmo' é também o de {b} neste lote; esperado "
                               "um slug próprio para cada candidato (campo slug do arquivo); "
                               "nenhum deles foi estudado, para que um não tome o lugar do outro")
    assert jobs[1].problem == (f"{b}: o slug 'mesmo' é também o de {a} neste lote; esperado "
                               "um slug próprio para cada candidato (campo slug do arquivo); "
                               "nenhum deles foi estudado, para que um não tome o lugar do outro")
    assert jobs[2].problem is None


def test_candidate_sources_errors(tmp_path):
    with pytest.raises(ViabilidadeError, match=r"nada\.toml: arquivo ou pasta de candidatos inexistente"):
        candidate_files([tmp_path / "nada.toml"])
    (tmp_path / "x.txt").write_text("")
    with pytest.raises(ViabilidadeError, match=r"x\.txt: não é arquivo \.toml nem pasta; esperado um arquivo de candidato \.toml ou uma pasta"):
        candidate_files([tmp_path / "x.txt"])
    (tmp_path / "vazia").mkdir()
    with pytest.raises(ViabilidadeError) as info:
        candidate_files([tmp_path / "vazia"])
    assert str(info.value) == (
        f"nenhum arquivo de candidato em {tmp_path / 'vazia'} (só os arquivos .toml da própria "
        "pasta são lidos, não os das subpastas); esperados arquivos .toml, pastas que os "
        "contenham ou --gerar distritos-nao-sede")


def test_a_folder_whose_candidates_are_in_a_subfolder_names_it(tmp_path):
    """New-user review (polish10): a folder holding only ``sub/x.toml`` read "nenhum arquivo
    de candidato"; now the folder, the rule and the first subfolder with .toml files."""
    top = tmp_path / "lote"
    (top / "a-vazia").mkdir(parents=True)
    (top / "a-vazia" / "leia.txt").write_text("")
    (top / "sub").mkdir()
    (top / "sub" / "x.toml").write_text("")
    (top / "zeta").mkdir()
    (top / "zeta" / "y.toml").write_text("")
    with pytest.raises(ViabilidadeError) as info:
        candidate_files([top])
    assert str(info.value) == (
        f"nenhum arquivo de candidato em {top} (só os arquivos .toml da própria pasta são "
        f"lidos, não os das subpastas; a subpasta {top / 'sub'} tem arquivos .toml: dê-a ao "
        f"lote (viabilidade lote {top / 'sub'})); esperados arquivos .toml, pastas que os "
        "contenham ou --gerar distritos-nao-sede")
    (top / "x.toml").write_text("")  # the other side: a candidate of its own, no refusal
    assert candidate_files([top]) == [top / "x.toml"]


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
             "files": {"txt": "erro.txt"},
             "error": "a.toml: <bad> \"name\"\na.toml: outro problema\n\nTraceback (most recent)"}]
    page = render_index(recs, "meu <lote>")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in page
    assert "<title>Lote de estudos — pasta meu &lt;lote&gt;</title>" in page
    assert "<h2>Falhas (1)</h2>" in page
    assert ("<p><strong>Motivo:</strong> a.toml: &lt;bad&gt; &quot;name&quot;<br>a.toml: outro "
            "problema</p>") in page
    assert page.index(">A &amp; B<") < page.index("&lt;script&gt;")  # sorted by slug
    assert '<a href="b/estudo.html">HTML</a>' in page and '<a href="b/estudo.pdf">PDF</a>' in page
    df = results_frame(recs)
    assert df["slug"].tolist() == ["a", "b"]
    assert df.loc[0, "erro"] == 'a.toml: <bad> "name"\na.toml: outro problema'
    assert pd.isna(df.loc[0, "regra"]) and df.loc[1, "status_regra"] == "cumprido"
    assert df.loc[1, "status_codigo"] == "pass" and df["situacao"].tolist() == ["falhou", "concluído"]
    assert df.loc[1, "operacao"] == "criação de distrito (arts. 15 a 20)"
    assert df.loc[1, "operacao_codigo"] == "create-district"
    assert df.loc[1, "html"] == "b/estudo.html" and pd.isna(df.loc[0, "html"])


def test_cli_exit_codes(cands, tmp_path, capsys):
    out = tmp_path / "lote"
    assert cli_main(["lote", str(cands / "nada"), "--saida", str(out)]) == 2
    assert "nada: arquivo ou pasta de candidatos inexistente" in capsys.readouterr().err
    assert not out.exists()  # a refused batch makes no folder
    (tmp_path / "vazia").mkdir()
    assert cli_main(["lote", str(tmp_path / "vazia"), "--saida", str(out)]) == 2
    assert capsys.readouterr().err == (
        f"erro: nenhum arquivo de candidato em {tmp_path / 'vazia'} (só os arquivos .toml da "
        "própria pasta são lidos, não os das subpastas); esperados arquivos .toml, pastas que "
        "os contenham ou --gerar distritos-nao-sede\n")
    assert not out.exists()
    assert cli_main(["lote", str(cands), "-j", "0", "--saida", str(out)]) == 2
    assert "erro: -j/--jobs: encontrado 0; esperado um número de processos >= 1" in capsys.readouterr().err



def test_jobs_are_bounded_by_the_cores_and_the_memory():
    """New-user review (polish10): ``-j 99999`` was accepted; each worker takes ~350 MB."""
    from viabilidade.batch.local import jobs_problem

    assert jobs_problem(4, cores=2, available_mb=21_967) is None
    assert jobs_problem(5, cores=2, available_mb=21_967) == (
        "-j/--jobs: encontrado 5; esperado no máximo 4 processos em paralelo (2 por núcleo, e "
        "esta máquina tem 2 núcleos)")
    assert jobs_problem(99999, cores=1, available_mb=21_967) == (
        "-j/--jobs: encontrado 99.999; esperado no máximo 2 processos em paralelo (2 por "
        "núcleo, e esta máquina tem 1 núcleo)")
    # memory binds first: 1.049 MB hold 2 workers of 350 MB, 1.050 MB hold 3
    assert jobs_problem(3, cores=8, available_mb=1_050) is None
    assert jobs_problem(3, cores=8, available_mb=1_049) == (
        "-j/--jobs: encontrado 3; esperado no máximo 2 processos em paralelo (cada processo usa "
        "cerca de 350 MB e há 1.049 MB de memória disponível agora)")
    assert jobs_problem(1, cores=8, available_mb=10) is None  # one worker is always allowed
    assert jobs_problem(2, cores=8, available_mb=10) == (
        "-j/--jobs: encontrado 2; esperado no máximo 1 processo em paralelo (cada processo usa "
        "cerca de 350 MB e há 10 MB de memória disponível agora)")


def test_cli_refuses_too_many_jobs_before_any_folder(cands, tmp_path, capsys, monkeypatch):
    import types

    import psutil

    from viabilidade.batch import local

    monkeypatch.setattr(local.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(psutil, "virtual_memory", lambda: types.SimpleNamespace(
        available=21_967_000_000))
    out = tmp_path / "lote"
    assert cli_main(["lote", str(cands), "-j", "99999", "--saida", str(out)]) == 2
    assert capsys.readouterr().err == (
        "erro: -j/--jobs: encontrado 99.999; esperado no máximo 4 processos em paralelo (2 por "
        "núcleo, e esta máquina tem 2 núcleos)\n")
    assert not out.exists()



def test_a_refused_file_keeps_the_name_and_operation_it_gave_when_valid(tmp_path):
    """New-user review (polish10): a file whose only problem was its missing area file was
    listed by its file stem with "—" as its operation."""
    from viabilidade.batch.plan import declared, make_jobs

    p = tmp_path / "sem-area.toml"
    p.write_text('operation = "create-municipality"\nname = "Vila Nova"\n[area]\n'
                 'boundary = "nao-existe.geojson"\n[origin]\nmunicipalities = ["5200100"]\n',
                 encoding="utf-8")
    job = make_jobs([p])[0]
    assert job.problem is not None and "nao-existe.geojson" in job.problem
    assert (job.name, job.operation, job.slug) == ("Vila Nova", "create-municipality", "sem-area")
    bad = tmp_path / "ruim.toml"  # the other side: an unknown operation, a name of controls
    bad.write_text('operation = "criar"\nname = "\\u0007"\n', encoding="utf-8")
    assert declared(bad) == ("ruim", "ruim", None)
    bad.write_text('operation = "fusion"\nname = 3\n', encoding="utf-8")
    assert declared(bad) == ("ruim", "ruim", "fusion")
    bad.write_bytes(b"name = \"\xe9\"")  # not UTF-8: nothing is taken
    assert declared(bad) == ("ruim", "ruim", None)
    (tmp_path / "pasta").mkdir()
    link = tmp_path / "pasta" / "elo.toml"
    link.symlink_to(p)
    assert declared(link) == ("elo", "elo", None)  # a link out of its folder is never opened

def test_a_failing_candidate_shows_every_problem_without_class_names(tmp_path, capsys,
                                                                     monkeypatch):
    """A candidate file with two bad keys: the batch's failure line, erro.txt, the index's
    "Motivo" and resultados.csv give both problems, and no Python class name."""
    import functools

    import viabilidade.batch.run as batch_run

    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "alfa", "Alfa")
    typo = cands / "typo.toml"
    typo.write_text('operation = "create-municipality"\nname = "Typo"\n\n[area]\n'
                    'districs = ["520010010"]\n\n[origin]\nmunicipalities = ["5200100"]\n\n'
                    '[special_interest]\ndeclard = false\n', encoding="utf-8")
    out = tmp_path / "lote"
    monkeypatch.setattr(batch_run, "run_batch", functools.partial(batch_run.run_batch, study=FAKE))
    assert cli_main(["lote", str(cands), "--saida", str(out), "-j", "1", "--sem-progresso"]) == 1
    first = (f"{typo}, linha 5, campo 'area.districs': chave desconhecida 'districs' (seria "
             "'districts'?); permitidas aqui: boundary, districts, municipalities")
    second = (f"{typo}, linha 11, campo 'special_interest.declard': chave desconhecida 'declard' "
              "(seria 'declared'?); permitidas aqui: declared, justification, kind")
    third = (f"{typo}: as conferências com os dados (códigos IBGE, origem, destino, partes da "
             "área, sede) não rodaram: dependem dos campos acima; rode de novo depois de "
             "corrigi-los")
    said = capsys.readouterr().out
    assert f"  falhou: typo (typo.toml): {first}\n    {second}\n    {third}\n" in said
    assert "Error" not in said
    assert (out / "typo" / "erro.txt").read_text(encoding="utf-8") == f"{first}\n{second}\n{third}\n"
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Error:" not in page
    import html

    assert (f"<p><strong>Motivo:</strong> {html.escape(first)}<br>{html.escape(second)}<br>"
            f"{html.escape(third)}</p>" in page)
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ)
    assert df.loc[df["slug"] == "typo", "erro"].tolist() == [f"{first}\n{second}\n{third}"]
    # polish10: the row names the file's valid name and operation, and counts only problems
    # (the third line is a note on the checks that did not run)
    from viabilidade.batch.index import record_operation

    operation = record_operation({"operation": "create-municipality"})
    assert operation != "—"
    assert (f'<td data-sort="typo">Typo<br><small>typo</small></td><td>{html.escape(operation)}'
            "</td>") in page
    assert f"{html.escape(first)} (e mais 1 problema)</small>" in page
    assert df.loc[df["slug"] == "typo", "nome"].tolist() == ["Typo"]


def test_a_failed_rerun_still_links_the_earlier_study_in_its_folder(tmp_path):
    """A study that fails after an earlier success (its files still whole in the folder):
    the index row says "falhou", that the earlier study is still there, and links it."""
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "alfa", "Alfa")
    out = tmp_path / "lote"
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    _candidate(cands, "alfa", "Quebra", slug="alfa")  # now the study fails
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert [r["slug"] for r in res.failures] == ["alfa"]
    assert res.failures[0]["previous"]["verdict"] == "viável"
    assert (out / "alfa" / "estudo.html").read_text(encoding="utf-8") == "<p>Alfa</p>"
    page = (out / "index.html").read_text(encoding="utf-8")
    row = page.split("<tbody>")[1].split("</tr>")[0]
    assert ('<td>falhou<br><small><a href="#falha-alfa">motivo</a>: cell 3 failed for alfa: '
            "ZeroDivisionError</small>"  # review-batch2 #12: the reason in the row itself
            "<br><small>o estudo anterior continua na pasta: Viável perante a LC nº "
            "2/1990; a criação está vedada enquanto não editada a lei complementar federal (CF, "
            "art. 18, § 4º).</small></td>") in row  # a stand-in record: no short line
    assert ('<a href="alfa/estudo.html">HTML anterior</a> · <a href="alfa/estudo.pdf">PDF '
            'anterior</a> · <a href="#falha-alfa">motivo</a>') in row
    # a second failure still points to the same earlier study
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert resume.saved_records(out)["alfa"]["previous"]["files"] == {
        "html": "estudo.html", "pdf": "estudo.pdf"}


def test_reason_names_the_exception_behind_a_notebook_failure():
    from viabilidade.batch.unit import reason

    text = ("x.toml: ReportError: o caderno do estudo falhou: \n" + "-" * 20 +
            '\nException encountered at "In [3]":\n' + "-" * 20 +
            "\nTypeError  Traceback\n----> 5 study = f()\n\nTypeError: f() got an unexpected keyword\n")
    assert reason(text) == ("x.toml: ReportError: o caderno do estudo falhou: "
                            "TypeError: f() got an unexpected keyword")
    assert reason("a.toml, campo 'name': esperado texto\na.toml, campo 'slug': vazio\n\nmore") == \
        "a.toml, campo 'name': esperado texto\na.toml, campo 'slug': vazio"
    assert reason("") is None and reason(None) is None


def _start_lote(cands: Path, out: Path, *args: str, sigint: str = "default_int_handler"):
    """``viabilidade lote`` with the stand-in study, in a process group of its own.

    ``sigint`` is the SIGINT disposition the batch inherits (``"SIG_IGN"``: as a process
    started in the background by a non-interactive shell inherits it); ``lote`` installs
    its own handler whatever it inherited.
    """
    import subprocess
    import sys

    code = (f"import functools, signal, sys; signal.signal(signal.SIGINT, signal.{sigint}); "
            "import viabilidade.batch.run as r; "
            f"r.run_batch = functools.partial(r.run_batch, study={FAKE!r}); "
            "from viabilidade.cli import main; "
            f"sys.exit(main(['lote', {str(cands)!r}, '--saida', {str(out)!r}, "
            f"'--sem-progresso', *{list(args)!r}]))")
    return subprocess.Popen([sys.executable, "-c", code], cwd=Path(__file__).parent,
                            start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _wait_for_the_slow_study(out: Path) -> None:
    """Until "alfa" and "beta" are written and "zeta" (Lenta) is running (its marker), at most
    60 s each (a fixed second's sleep stood for the second condition)."""
    deadline = time.monotonic() + 60
    while _calls(out) != ["alfa", "beta"] and time.monotonic() < deadline:
        time.sleep(0.2)
    deadline = time.monotonic() + 60
    while not (out / "lenta-rodando").exists() and time.monotonic() < deadline:
        time.sleep(0.05)


def test_an_interrupted_batch_ends_at_once_says_so_and_resumes(cands, tmp_path):
    import signal

    _candidate(cands, "zeta", "Lenta")
    out = tmp_path / "lote"
    proc = _start_lote(cands, out, "-j", "1")
    _wait_for_the_slow_study(out)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
    _, err = proc.communicate(timeout=30)
    seconds = time.monotonic() - t0
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert ("Lote da pasta lote interrompido (Ctrl-C): 2 estudos escritos, 2 falhas e 1 candidato não executado; "
            "rode o mesmo comando de novo para continuar (os estudos em dia são pulados).") in err
    # issue 32, B17: the failure lines a full run prints, not only the summary
    assert "\n  falhou: gama (gama.toml): cell 3 failed for gama: ZeroDivisionError" in err
    assert "\n  falhou: torto (torto.toml): " in err
    # no bound on the seconds (no timed tests): communicate's 30 s, under the 60 s the running
    # study sleeps, already shows the batch did not wait for it
    print(f"Ctrl-C to exit: {seconds:.2f} s")
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ)
    assert df.loc[df["slug"] == "zeta", "situacao"].tolist() == ["não executado"]
    assert {"alfa", "beta"} <= set(df.loc[df["situacao"] == "concluído", "slug"])
    page = (out / "index.html").read_text(encoding="utf-8")
    assert ("Lote interrompido</strong> (Ctrl-C) antes do fim; rode o mesmo comando de novo "
            "para continuar (os estudos em dia são pulados).") in page
    assert "<p>1 candidato não foi executado e não tem estudo na pasta:</p>" in page
    assert "5 candidatos: 2 com falha, 1 inviável, 1 não executado, 1 viável." in page
    assert "<li>Lenta (zeta.toml)</li>" in page
    (cands / "zeta.toml").unlink()
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert sorted(r["slug"] for r in res.skipped) == ["alfa", "beta"]
    assert _calls(out) == ["alfa", "beta"]
    assert "Lote interrompido" not in (out / "index.html").read_text(encoding="utf-8")


def test_sigterm_stops_a_batch_as_ctrl_c_does(cands, tmp_path):
    """``kill PID`` (SIGTERM, to the batch process only): workers stopped, the index says the
    batch was interrupted and what did not run, exit 143, no traceback."""
    import signal

    _candidate(cands, "zeta", "Lenta")
    out = tmp_path / "lote"
    proc = _start_lote(cands, out, "-j", "1")
    _wait_for_the_slow_study(out)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143  # 128 + SIGTERM, the shell's convention
    assert "Traceback" not in err
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Lote interrompido</strong>" in page and "<li>Lenta (zeta.toml)</li>" in page


def test_a_batch_that_inherited_sigint_ignored_still_stops_on_kill_int(cands, tmp_path):
    """A batch started in the background by a script inherits SIGINT ignored; ``lote``
    installs its handler anyway, so ``kill -INT PID`` stops it (exit 130)."""
    import signal

    _candidate(cands, "zeta", "Lenta")
    out = tmp_path / "lote"
    proc = _start_lote(cands, out, "-j", "1", sigint="SIG_IGN")
    _wait_for_the_slow_study(out)
    proc.send_signal(signal.SIGINT)  # kill -INT PID: the batch process only
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert ("Lote da pasta lote interrompido (Ctrl-C): 2 estudos escritos, 2 falhas e 1 candidato não "
            "executado; rode o mesmo comando de novo para continuar (os estudos em dia são "
            "pulados).") in err
    assert "Traceback" not in err


def _interrupt_cli(cands: Path, out: Path, *args: str, until) -> tuple[int, str]:
    """Run ``viabilidade lote`` with the stand-in study in its own process group, send it
    Ctrl-C once ``until()`` holds, and return its exit code and stderr."""
    import signal

    proc = _start_lote(cands, out, *args)
    deadline = time.monotonic() + 60
    while not until() and time.monotonic() < deadline:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    return proc.returncode, err


def test_ctrl_c_on_a_forced_rerun_keeps_the_earlier_studies_in_the_index(tmp_path, monkeypatch,
                                                                         capsys):
    """A study forgotten by a --refazer run and then interrupted keeps its earlier files and
    record: the index still lists every study on disk, says which were not redone, and its
    counts agree with its table; the next run redoes only the interrupted one."""
    import functools

    import viabilidade.batch.run as batch_run

    cands = tmp_path / "cands"
    cands.mkdir()
    for stem, name in (("alfa", "Alfa"), ("beta", "Baixa"), ("pausa", "Pausa"), ("zeta", "Zeta")):
        _candidate(cands, stem, name)
    out = tmp_path / "lote"
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    before = {f: (out / "pausa" / f).read_bytes() for f in ("estudo.html", "estudo.pdf")}
    (out / "pausar").touch()  # "Pausa" now waits: the --refazer run is interrupted there
    code, err = _interrupt_cli(cands, out, "-j", "1", "--refazer",
                               until=lambda: (out / "pausando").exists())
    assert code == 130
    assert ("Lote da pasta lote interrompido (Ctrl-C): 2 estudos escritos e 2 estudos não "
            "refeitos (ficam os da execução anterior); para continuar, rode o mesmo comando "
            "sem --refazer, que pula os estudos em dia (com --refazer, tudo seria refeito de "
            "novo). Índice: ") in err
    assert {f: (out / "pausa" / f).read_bytes() for f in before} == before
    assert resume.saved_records(out)["pausa"]["verdict"] == "viável"
    page = (out / "index.html").read_text(encoding="utf-8")
    assert ("<strong>Lote interrompido</strong> (Ctrl-C) antes do fim; para continuar, rode o "
            "mesmo comando sem --refazer, que pula os estudos em dia (com --refazer, tudo seria "
            "refeito de novo).</p>") in page
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    assert body.count("<tr") == 4
    assert "4 candidatos: 1 inviável, 3 viáveis." in page
    assert body.count("não refeito nesta execução") == 2
    assert ("<p>2 estudos não foram refeitos nesta execução; a tabela mostra o resultado da "
            "execução anterior, cujos arquivos continuam na pasta:</p><ul><li>Pausa (pausa.toml)"
            "</li><li>Zeta (zeta.toml)</li></ul>") in page
    assert "não foram executados" not in page and "não executado" not in body
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ)
    assert sorted(df["slug"].unique()) == ["alfa", "beta", "pausa", "zeta"]
    assert set(df["situacao"]) == {"concluído"}

    # the next run (no --force) redoes only the interrupted study; its summary adds up
    (out / "pausar").unlink()
    monkeypatch.setattr(batch_run, "run_batch", functools.partial(batch_run.run_batch, study=FAKE))
    assert cli_main(["lote", str(cands), "--saida", str(out), "-j", "1", "--sem-progresso"]) == 0
    said = capsys.readouterr().out
    assert "Lote da pasta lote, 4 candidatos: 1 estudo escrito, 3 pulados por estar em dia, 0 falhas (" in said
    assert "Lote interrompido" not in (out / "index.html").read_text(encoding="utf-8")


def test_index_speaks_the_studies_vocabulary():
    """Rule cells use the study's labels (lean included); "não se aplica" for a rule
    evaluated as not applicable, "—" for a rule the operation does not have."""
    recs = [{"slug": "a", "name": "Alfa", "operation": "create-municipality",
             "candidate": "/x/a.toml", "status": "ok", "verdict": "indeterminado",
             "rules": {"art4.IV": "pass", "art4.VII": "indeterminate", "art5.par1": "not_applicable",
                       "art4.II": "fail"},
             "leans": {"art4.VII": "likely pass"}, "folder": "a", "files": {}, "error": None},
            {"slug": "b", "name": "Beta", "operation": "create-district",
             "candidate": "/x/b.toml", "status": "ok", "verdict": "viável",
             "rules": {"art17.I": "pass"}, "folder": "b", "files": {}, "error": None}]
    page = render_index(recs, "lote")
    assert "<h1>Lote de estudos de viabilidade (LC 02/1990) — pasta lote</h1>" in page
    assert "atende" not in page and "“lote”" not in page
    row_a = page.split("<tbody>")[1].split("</tr>")[0]
    cells = [c.split(">", 1)[1].split("</td")[0] for c in row_a.split("<td")[1:]]
    # columns: candidate, operation, conclusion, phase, population, electorate, area,
    # art4.II, art4.IV, art4.VII, art5.par1, art17.I, links; a record without a phase or
    # figures (written before the columns) reads "—"
    assert cells[3:7] == ["—"] * 4
    assert cells[7:12] == ["não cumprido", "cumprido", "indeterminado (provável atendimento)",
                          "não se aplica", "—"]
    assert cells[1] == "criação de município (arts. 1º a 4º)"
    assert ("“não se aplica”: a regra foi avaliada e não se aplica a este candidato; “—”: a regra "
            "não existe para a operação do candidato") in page
    df = results_frame(recs)
    vii = df[df["regra"] == "art4.VII"].iloc[0]
    assert vii["status_regra"] == "indeterminado (provável atendimento)"
    assert vii["status_codigo"] == "indeterminate"
    assert set(df["status_regra"]) == {"cumprido", "não cumprido", "indeterminado (provável atendimento)",
                                       "não se aplica"}


def test_a_rule_cell_reads_the_studys_own_label_when_recorded():
    """A record's ``labels`` (the study's Quadro 1 words) win over the status code's label: a
    void plebiscite reads "sem efeito (…)", not "indeterminado" (legal review 15:44, item 7);
    a record without them (written before) keeps the label of its status."""
    void = "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)"
    base = {"operation": "create-municipality", "candidate": "/x/a.toml", "status": "ok",
            "verdict": "indeterminado", "folder": "a", "files": {}, "error": None,
            "rules": {"art7": "indeterminate", "art4.V": "pass"}}
    recs = [{**base, "slug": "a", "name": "Alfa", "labels": {"art7": void}},
            {**base, "slug": "b", "name": "Beta", "folder": "b"}]
    df = results_frame(recs)
    assert list(df["status_regra"]) == ["cumprido", void, "cumprido", "indeterminado"]
    page = render_index(recs, "lote")
    assert page.count(f'<td class="indeterminate">{void}</td>') == 1
    assert page.count('<td class="indeterminate">indeterminado</td>') == 1


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal (the bar shows only on one)."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_speaks_pt_br(cands, tmp_path, monkeypatch):
    import sys

    monkeypatch.setattr(sys, "stderr", _Terminal())
    run_batch([cands], tmp_path / "lote", workers=1, study=FAKE, progress=True)
    err = sys.stderr.getvalue()
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert last.startswith("lote: 100%|") and "4/4 estudos [" in last
    assert " decorridos, faltam " in last
    assert "lote lote" not in err and "/s" not in err and "s/estudo" not in err


def test_index_names_open_their_studies_and_the_wide_table_scrolls_alone():
    from viabilidade.batch.index import render_index

    rec = {"slug": "posse-dabadia", "name": "Posse d'Abadia", "operation": "create-municipality",
           "candidate": "posse-dabadia.toml", "status": "ok", "skipped": False,
           "verdict": "indeterminado", "rules": {"art4.IV": "pass"}, "folder": "posse-dabadia",
           "files": {"html": "estudo.html", "pdf": "estudo.pdf"}, "error": None, "seconds": 1.0}
    page = render_index([rec], "Lote de estudos")
    assert '<td data-sort="posse-dabadia"><a href="posse-dabadia/estudo.html">Posse d&#x27;Abadia</a>' in page
    assert '<div class="rolagem"><table class="lote">' in page and "</table></div>" in page


def test_a_read_only_study_folder_gives_the_words_estudo_gives(cands, tmp_path, monkeypatch):
    """Review batch2 #1: a study folder the batch cannot write to (its digest cannot be
    removed) fails with `estudo`'s pt-BR sentence, in the record, the CSV and the index —
    never "PermissionError: [Errno 13]" nor the internal ``.entradas.sha256``."""
    import errno

    from viabilidade.batch import unit

    def refuse(folder):
        raise PermissionError(errno.EACCES, "Permission denied", str(folder / resume.DIGEST_FILE))

    monkeypatch.setattr(unit.resume, "invalidate", refuse)
    out = tmp_path / "lote"
    rec = unit.run_one({"candidate": str(cands / "alfa.toml"), "out_root": str(out),
                        "slug": "alfa", "name": "Alfa", "study": FAKE, "digest": "x"})
    said = (f"não foi possível gravar o estudo em {out / 'alfa'} (sem permissão); nenhum arquivo "
            "foi gravado pela metade e os arquivos anteriores foram mantidos")
    assert rec["status"] == "falhou" and rec["error"] == said
    assert unit.problems(rec["error"]) == [said]
    assert not (out / "chamadas.log").exists()  # the study did not run


def test_no_progress_bar_when_stderr_is_not_a_terminal(cands, tmp_path, capsys):
    """review-batch2 #11: a batch asked for its bar (progress=True, the default of `lote`)
    writes none into a pipe or a log file (stderr here is pytest's capture, not a TTY)."""
    run_batch([cands / "alfa.toml"], tmp_path / "lote", workers=1, study=FAKE, progress=True)
    err = capsys.readouterr().err
    assert "lote:" not in err and "\r" not in err and "█" not in err


def test_broken_candidates_are_failed_before_any_worker_starts(cands, tmp_path, monkeypatch):
    """review-batch2 #4: every candidate file is checked up front (fields, and a drawn
    area's file): a batch stopped at once still lists each broken file with its reason,
    never as "não executado"."""
    from viabilidade.batch import local
    from viabilidade.batch.run import BatchInterrupted

    (cands / "ponto.geojson").write_text('{"type": "Point", "coordinates": [-48.9, -16.2]}',
                                         encoding="utf-8")
    (cands / "ponto.toml").write_text(
        'operation = "create-municipality"\nname = "Ponto"\n[area]\nboundary = "ponto.geojson"\n'
        '[origin]\nmunicipalities = ["5200100"]\n', encoding="utf-8")

    def stopped(*args, **kwargs):  # Ctrl-C before any study ran
        raise KeyboardInterrupt

    monkeypatch.setattr(local, "run_local", stopped)
    out = tmp_path / "lote"
    with pytest.raises(BatchInterrupted) as e:
        run_batch([cands], out, workers=1, study=FAKE, progress=False)
    result = e.value.result
    by = {r["slug"]: r for r in result.records}
    assert sorted(by) == ["ponto", "torto"] and all(r["status"] == "falhou" for r in by.values())
    assert by["ponto"]["error"].splitlines()[0] == (
        f"{cands / 'ponto.toml'}, linha 4, campo 'area.boundary': ponto.geojson: nenhum "
        "polígono no arquivo (encontrado: Point); esperado ao menos um Polygon ou MultiPolygon "
        "com os limites da área")
    assert sorted(x["slug"] for x in result.not_run) == ["alfa", "beta", "gama"]
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ).set_index("slug")
    assert df.loc["ponto", "situacao"] == "falhou" and df.loc["torto", "situacao"] == "falhou"


def test_the_explorers_temporary_drawings_are_swept_once_their_kernel_ends(tmp_path):
    """review-batch2 #14: a drawing folder of the explorer is named after its kernel's pid
    (common.tempfiles kind "desenho"), so the next command removes it once that pid ended,
    and never the folder of a kernel still running."""
    from viabilidade.common.tempfiles import owner, prefix, sweep_stale

    mine = prefix("desenho")
    assert mine == f"viabilidade-desenho-{os.getpid()}-"
    (tmp_path / f"{mine}abc").mkdir()
    (tmp_path / "viabilidade-desenho-999999999-x").mkdir()  # no such process
    (tmp_path / "viabilidade-desenho-999999999-x" / "posse.geojson").write_text("{}")
    assert owner("viabilidade-desenho-999999999-x") == 999999999
    assert sweep_stale(tmp_path) == ["viabilidade-desenho-999999999-x"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{mine}abc"]


def test_a_folder_gives_its_candidates_whatever_the_case_of_toml_or_a_notepad_txt(tmp_path):
    """An analyst's folder: 'OLHOS.TOML' and 'sao-jorge.toml.txt' (Notepad's save) are
    candidates too, never left out in silence; other files are not (review-batch3 #4)."""
    from viabilidade.batch.plan import given_files, is_candidate_name

    for name in ("b.toml", "OLHOS.TOML", "sao-jorge.toml.txt", "notas.txt", "mapa.geojson",
                 "x.toml.bak"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [p.name for p in given_files([tmp_path])] == ["OLHOS.TOML", "b.toml",
                                                        "sao-jorge.toml.txt"]
    assert not is_candidate_name("toml") and is_candidate_name("A.Toml.TXT")


def test_a_slug_clash_makes_no_folder_and_shows_only_slugs_of_files(tmp_path):
    """Issue 32, B14: the clash created ``castrinopolis-2`` holding only erro.txt and labelled
    the original file with it; once fixed, the next run warned of an "estudo antigo" there."""
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "a", "Um", slug="castrinopolis")
    b = _candidate(cands, "b", "Dois", slug="castrinopolis")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert sorted(r["slug"] for r in res.records) == ["castrinopolis", "castrinopolis"]
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == []
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "castrinopolis-2" not in page and page.count("<small>castrinopolis</small>") == 2
    assert 'href="#falha-castrinopolis--a.toml"' in page and 'id="falha-castrinopolis--b.toml"' in page
    b.write_text(b.read_text(encoding="utf-8").replace('slug = "castrinopolis"',
                                                       'slug = "castrinopolis-b"'), encoding="utf-8")
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert res.superseded == [] and res.failures == []
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["castrinopolis", "castrinopolis-b"]


def test_two_identical_files_are_told_to_delete_the_copy(tmp_path):
    """Issue 32, B15: ``x.toml`` and ``x - Cópia.toml`` got "esperado um slug próprio"."""
    a = _candidate(tmp_path, "x", "Um", slug="x")
    b = tmp_path / "x - Cópia.toml"
    b.write_bytes(a.read_bytes())
    assert [j.problem for j in make_jobs([a, b])] == [
        f"{one}: o slug 'x' é também o de {other} neste lote, e os dois arquivos são idênticos; "
        "apague a cópia (nenhum deles foi estudado, para que um não tome o lugar do outro)"
        for one, other in ((a, b), (b, a))]



def test_three_identical_files_are_listed_as_portuguese_lists_them(tmp_path):
    """New-user review (polish10): the list read "é também o de A, B neste lote, e X, A, B
    são idênticos"; it ends in "e" as pt-BR enumerations do."""
    a = _candidate(tmp_path, "x", "Um", slug="x")
    b = tmp_path / "x - Cópia.toml"
    c = tmp_path / "x - Cópia (2).toml"
    b.write_bytes(a.read_bytes())
    c.write_bytes(a.read_bytes())
    first = make_jobs([a, b, c])[0].problem
    assert first == (f"{a}: o slug 'x' é também o de {b} e {c} neste lote, e {a}, {b} e {c} são "
                     "idênticos; apague as cópias (nenhum deles foi estudado, para que um não "
                     "tome o lugar do outro)")

def test_a_studys_notices_reach_its_row_of_the_index(tmp_path):
    """Issue 32, B8: a new seat name is a notice of the study; the batch index shows it."""
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "avisada", "Avisada")
    _candidate(cands, "alfa", "Alfa")
    out = tmp_path / "lote"
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert {r["slug"]: r["notices"] for r in res.records} == {
        "avisada": ["aviso do estudo avisada"], "alfa": []}
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count("<small>aviso: ") == 1 and "<small>aviso: aviso do estudo avisada</small>" in page


def test_an_earlier_runs_failure_says_it_is_not_this_runs(tmp_path, monkeypatch, capsys):
    """polish11 item 1: a batch of bad files, then one of good files into the same folder: the
    index, resultados.csv and the terminal listed the earlier failure as if this run had
    failed it. Every row now says which run it is from (the folder is a catalogue: an earlier
    study stays listed, never as this run's), and the earlier runs' rows are counted apart."""
    import functools

    import viabilidade.batch.run as batch_run

    ruins, bons, out = tmp_path / "ruins", tmp_path / "bons", tmp_path / "lote"
    ruins.mkdir()
    bons.mkdir()
    (ruins / "torto.toml").write_text('operation = "create-municipality"\nname = 3\n',
                                      encoding="utf-8")
    _candidate(bons, "alfa", "Alfa")
    run_batch([ruins], out, workers=1, study=FAKE, progress=False)
    monkeypatch.setattr(batch_run, "run_batch", functools.partial(batch_run.run_batch, study=FAKE))
    assert cli_main(["lote", str(bons), "--saida", str(out), "-j", "1", "--sem-progresso"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("Lote da pasta lote, 1 candidato: 1 estudo escrito, 0 pulados por "
                              "estar em dia, 0 falhas (")
    assert said[1:3] == [
        "  também no índice: 1 estudo de uma execução anterior (1 com falha), marcados “de uma "
        "execução anterior (candidato fora desta execução)”", f"Índice: {out / 'index.html'}"]
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ).drop_duplicates("slug")
    assert df[["slug", "situacao", "execucao"]].values.tolist() == [
        ["alfa", "concluído", "esta execução"], ["torto", "falhou", "execução anterior"]]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert ("<p>1 candidato: 1 viável. A pasta guarda também 1 estudo de uma execução anterior, "
            "de candidatos fora desta execução (1 com falha), marcados “de uma execução anterior "
            "(candidato fora desta execução)”. Dados por candidato") in page
    assert ("<br><small>torto</small><br><small>de uma execução anterior (candidato fora desta "
            "execução)</small></td>") in page
    assert ('<h3 id="falha-torto">torto (torto.toml) — de uma execução anterior (candidato fora '
            "desta execução)</h3>") in page
    assert "<small>alfa</small></td>" in page   # this run's row: no mark
    # the same candidates again: both are this run's (torto fails again, alfa is up to date)
    res = run_batch([ruins, bons], out, workers=1, study=FAKE, progress=False)
    assert res.earlier == []
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ).drop_duplicates("slug")
    assert df["execucao"].tolist() == ["esta execução", "esta execução"]
    assert "execução anterior" not in (out / "index.html").read_text(encoding="utf-8")


def test_a_slug_whose_folder_holds_another_files_study_is_refused_naming_both(tmp_path):
    """polish11 item 3: two folders each with alfa.toml (same slug, other data), given to two
    runs into the same --saida: the second silently replaced the first's study. It is now
    refused, naming both files, and the first study stays whole; once the first file is gone
    (a moved candidate), its slug's folder is the new file's."""
    um, dois, out = tmp_path / "um", tmp_path / "dois", tmp_path / "lote"
    um.mkdir()
    dois.mkdir()
    first = _candidate(um, "alfa", "Alfa")
    second = _candidate(dois, "alfa", "Outra", slug="alfa")
    run_batch([um], out, workers=1, study=FAKE, progress=False)
    res = run_batch([dois], out, workers=1, study=FAKE, progress=False)
    assert _calls(out) == ["alfa"]   # not studied again
    assert (out / "alfa" / "estudo.html").read_text(encoding="utf-8") == "<p>Alfa</p>"
    [refused] = res.failures
    assert refused["folder"] is None and refused["error"] == (
        f"{second}: o slug 'alfa' é, nesta pasta do lote, o do estudo de {first}, que continua "
        "lá; esperado um slug próprio para cada candidato (campo slug do arquivo): este não foi "
        "estudado, para não tomar o lugar daquele (se o estudo antigo não serve mais, apague a "
        "pasta alfa do lote ou use outra --saida)")
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ).drop_duplicates(
        ["slug", "candidato", "situacao"])
    assert df[["slug", "situacao", "execucao"]].values.tolist() == [
        ["alfa", "concluído", "execução anterior"], ["alfa", "falhou", "esta execução"]]
    # the same file again is up to date, whatever else is on disk
    assert [r["slug"] for r in run_batch([um], out, workers=1, study=FAKE,
                                         progress=False).skipped] == ["alfa"]
    first.unlink()   # the first candidate is gone: its slug is free
    res = run_batch([dois], out, workers=1, study=FAKE, progress=False)
    assert res.failures == [] and _calls(out) == ["alfa", "alfa"]
    assert (out / "alfa" / "estudo.html").read_text(encoding="utf-8") == "<p>Outra</p>"


def test_a_study_that_has_written_its_files_when_stopped_keeps_its_digest(tmp_path):
    """polish11 item 2: Ctrl-C reached a worker after its study had written its files but
    before its digest: the resumed batch redid the finished study. The worker now finishes
    (files, record, digest) before it exits, the interrupted index counts the study as this
    run's, and the resumed batch skips it."""
    import signal

    cands, out = tmp_path / "cands", tmp_path / "lote"
    cands.mkdir()
    _candidate(cands, "termina", "Termina")
    _candidate(cands, "zeta", "Lenta")
    proc = _start_lote(cands, out, "-j", "2")
    deadline = time.monotonic() + 60
    while not (out / "termina-gravou").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert ("Lote da pasta lote interrompido (Ctrl-C): 1 estudo escrito e 1 candidato não "
            "executado;") in err
    assert (out / "termina" / resume.DIGEST_FILE).is_file()
    df = pd.read_csv(out / "resultados.csv", dtype=str, **CSV_READ).drop_duplicates("slug")
    assert df[["slug", "situacao"]].values.tolist() == [["termina", "concluído"],
                                                         ["zeta", "não executado"]]
    (cands / "zeta.toml").unlink()
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert [r["slug"] for r in res.skipped] == ["termina"] and _calls(out) == ["termina"]


def test_estudo_says_when_it_replaces_the_study_of_another_file_of_its_slug(tmp_path):
    """polish11 item 3, for ``estudo``: the study of dois/alfa.toml replaced the one of
    um/alfa.toml (same slug) in silence; the study now says so, naming both files."""
    from viabilidade.report.study import replaced_study

    um, dois, folder = tmp_path / "um", tmp_path / "dois", tmp_path / "saida" / "alfa"
    for d in (um, dois, folder):
        d.mkdir(parents=True)
    first, second = _candidate(um, "alfa", "Alfa"), _candidate(dois, "alfa", "Alfa")
    assert replaced_study(folder, second, "alfa") == []   # no study there yet
    (folder / "estudo.ipynb").write_text(json.dumps(
        {"metadata": {"papermill": {"parameters": {"candidate_path": str(first)}}}}),
        encoding="utf-8")
    assert replaced_study(folder, second, "alfa") == [
        f"a pasta {folder} tinha o estudo de {first}, que tem o mesmo slug 'alfa'; ele foi "
        f"substituído pelo estudo de {second} (para manter os dois, dê a um deles um slug "
        "próprio, campo slug do arquivo, ou use outra --saida)"]
    assert replaced_study(folder, first, "alfa") == []    # its own study, redone
    first.unlink()
    assert replaced_study(folder, second, "alfa") == []   # the other file is gone
