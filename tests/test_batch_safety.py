"""A batch writes only inside its own folder, one run at a time, and reports every entry it
cannot read (stand-in studies, fast)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_batch_fast import FAKE, _candidate
from viabilidade.batch.lock import LOCK_FILE, BatchLock
from viabilidade.batch.run import run_batch
from viabilidade.cli import main as cli_main
from viabilidade.errors import ReportError, ViabilidadeError
from viabilidade.report.study import output_folder

SLEEPY = "test_batch_safety:sleepy_study"


def sleepy_study(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    """Say it started, then sleep: a long study holding its batch folder."""
    (Path(out_root) / "iniciado").write_text("", encoding="utf-8")
    time.sleep(60)
    raise AssertionError("not reached: the batch was killed")


def orphan_study(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    """Start a process that leaves the worker's tree (as a kernel in its own session whose
    worker is gone): it would write ``tarde.txt`` 300 s later. Its pid goes to ``neta.pid``;
    then the study sleeps, holding the batch."""
    code = ("import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', 'import sys, "
            "time; time.sleep(300); open(sys.argv[1], \"w\").write(\"tarde\")', sys.argv[1]], "
            "start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
            "stderr=subprocess.DEVNULL); print(p.pid)")
    out = Path(out_root)
    pid = subprocess.run([sys.executable, "-c", code, str(out / "tarde.txt")],
                         capture_output=True, text=True, check=True).stdout.strip()
    (out / "neta.pid.tmp").write_text(pid, encoding="utf-8")
    (out / "neta.pid.tmp").replace(out / "neta.pid")
    time.sleep(60)
    raise AssertionError("not reached: the batch was stopped")


@pytest.fixture
def cands(tmp_path):
    d = tmp_path / "cands"
    d.mkdir()
    _candidate(d, "alfa", "Alfa")
    _candidate(d, "beta", "Baixa")
    return d


def _refused(folder: Path, pid: int) -> str:
    return (f"a pasta do lote {folder} está em uso por outra execução do lote (o processo "
            f"{pid}); espere que ela termine (ou interrompa-a: kill {pid}) ou escolha "
            "outra pasta com --saida")


def test_a_batch_folder_held_by_another_run_is_refused_naming_its_process(cands, tmp_path):
    out = tmp_path / "lote"
    out.mkdir()
    with BatchLock(out):
        assert (out / LOCK_FILE).read_text(encoding="utf-8") == f"{os.getpid()}\n"
        with pytest.raises(ViabilidadeError) as info:
            run_batch([cands], out, workers=1, study=FAKE, progress=False)
        assert str(info.value) == _refused(out, os.getpid())
        assert sorted(p.name for p in out.iterdir()) == [LOCK_FILE]  # nothing written
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert len(res.records) == 2
    assert not (out / LOCK_FILE).exists()  # released at the end


def test_a_lock_file_left_by_a_dead_run_is_taken_over(cands, tmp_path):
    out = tmp_path / "lote"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (out / LOCK_FILE).write_text(f"{dead}\n", encoding="utf-8")  # kill -9: the file stays
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert [r["status"] for r in res.records] == ["ok", "ok"]
    assert not (out / LOCK_FILE).exists()


def test_two_concurrent_runs_cannot_both_write(cands, tmp_path, capsys):
    out = tmp_path / "lote"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    code = ("from viabilidade.batch.run import run_batch; "
            f"run_batch([{str(cands / 'alfa.toml')!r}], {str(out)!r}, workers=1, "
            f"study={SLEEPY!r}, progress=False)")
    first = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not (out / "iniciado").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert (out / "iniciado").exists(), "the first run never started its study"
        assert cli_main(["lote", str(cands), "--saida", str(out), "--sem-progresso"]) == 2
        assert capsys.readouterr().err.strip() == "erro: " + _refused(out, first.pid)
        assert not (out / "index.html").exists()
    finally:
        os.killpg(first.pid, 9)
        first.wait(timeout=10)


def test_a_symlinked_study_folder_is_never_written_through(cands, tmp_path):
    out = tmp_path / "lote"
    out.mkdir()
    target = tmp_path / "alheia"
    target.mkdir()
    (target / "erro.txt").write_text("de outra pessoa\n", encoding="utf-8")
    (target / ".registro.json").write_text("{}", encoding="utf-8")
    (out / "alfa").symlink_to(target)
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert by["beta"]["status"] == "ok"
    assert by["alfa"]["status"] == "falhou"
    assert by["alfa"]["error"] == (
        f"{out / 'alfa'} é um link simbólico (para {target}); nada é gravado "
        f"através de um link: esperada uma pasta comum dentro de {out} (remova o link ou "
        "escolha outra pasta de saída)")
    assert sorted(p.name for p in target.iterdir()) == [".registro.json", "erro.txt"]
    assert (target / "erro.txt").read_text(encoding="utf-8") == "de outra pessoa\n"
    assert (target / ".registro.json").read_text(encoding="utf-8") == "{}"
    assert "é um link simbólico" in (out / "index.html").read_text(encoding="utf-8")


def test_estudo_refuses_a_symlinked_study_folder(tmp_path):
    (tmp_path / "outra").mkdir()
    (tmp_path / "saida").mkdir()
    (tmp_path / "saida" / "posse").symlink_to(tmp_path / "outra")
    with pytest.raises(ReportError) as info:
        output_folder(tmp_path / "saida", "posse")
    assert str(info.value) == (
        f"{tmp_path / 'saida' / 'posse'} é um link simbólico (para {tmp_path / 'outra'}); nada "
        f"é gravado através de um link: esperada uma pasta comum dentro de {tmp_path / 'saida'} "
        "(remova o link ou escolha outra pasta de saída)")


def test_gerar_refuses_a_symlinked_candidatos_folder(tmp_path):
    out = tmp_path / "lote"
    out.mkdir()
    target = tmp_path / "alheia"
    target.mkdir()
    (out / "candidatos").symlink_to(target)
    with pytest.raises(ReportError, match=r"candidatos é um link simbólico \(para "):
        run_batch([], out, family="distritos-nao-sede", workers=1, study=FAKE, progress=False)
    assert list(target.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_lote_reports_fifos_loops_and_folders_named_toml(cands, tmp_path):
    os.mkfifo(cands / "fila.toml")
    (cands / "pasta.toml").mkdir()
    (cands / "laco.toml").symlink_to(cands / "laco.toml")
    out = tmp_path / "lote"
    t0 = time.monotonic()
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert time.monotonic() - t0 < 30  # the FIFO is never opened for a blocking read
    by = {r["slug"]: r for r in res.records}
    assert sorted(by) == ["alfa", "beta", "fila", "laco", "pasta"]
    assert by["fila"]["error"] == (f"{cands / 'fila.toml'}: não foi "
                                   "possível ler o arquivo do candidato: é um FIFO (pipe "
                                   "nomeado), não um arquivo comum")
    assert by["pasta"]["error"] == (f"{cands / 'pasta.toml'}: não foi "
                                    "possível ler o arquivo do candidato: é uma pasta, não um "
                                    "arquivo")
    assert by["laco"]["error"] == (f"{cands / 'laco.toml'}: não foi "
                                   "possível ler o arquivo do candidato: link simbólico em laço "
                                   "(aponta, direta ou indiretamente, para si mesmo)")


def test_an_empty_saida_is_refused(cands, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli_main(["lote", str(cands), "--saida", "", "--sem-progresso"]) == 2
    assert capsys.readouterr().err.strip() == ("erro: --saida: encontrado um texto vazio; "
                                               "esperado o caminho de uma pasta")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cands"]
    assert cli_main(["estudo", "x.toml", "--saida", " "]) == 2
    assert "erro: --saida: encontrado um texto vazio" in capsys.readouterr().err


def test_a_template_that_is_not_a_notebook_never_reaches_the_index(cands, tmp_path, capsys):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:segredo:/root:/bin/bash\n", encoding="utf-8")
    out = tmp_path / "lote"
    assert cli_main(["lote", str(cands), "--saida", str(out), "--modelo", str(secret),
                     "--sem-progresso"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (f"erro: o modelo de estudo {secret} não é um caderno legível (não é "
                           "um caderno Jupyter em JSON); esperado um caderno .ipynb como "
                           "notebooks/estudo.ipynb")
    assert "segredo" not in err and not out.exists()


def test_formulas_in_names_are_inert_in_resultados_csv(tmp_path):
    import csv

    d = tmp_path / "cands"
    d.mkdir()
    base = ("operation = \"create-municipality\"\n[area]\ndistricts = [\"520010010\"]\n"
            "[origin]\nmunicipalities = [\"5200100\"]\n")
    names = {"link": '=HYPERLINK("http://x.invalid/?"&A1,"clique")', "soma": "@SUM(1+1)",
             "mais": "+1+1", "menos": "-2+3", "normal": "Posse Normal"}
    for stem, name in names.items():
        (d / f"{stem}.toml").write_text(f"name = '{name}'\n" + base, encoding="utf-8")
    out = tmp_path / "lote"
    run_batch([d], out, workers=1, study=FAKE, progress=False)
    with open(out / "resultados.csv", encoding="utf-8-sig", newline="") as fh:
        rows = {r["slug"]: r for r in csv.DictReader(fh, delimiter=";")}
    assert rows["link"]["nome"] == "'" + names["link"]
    assert rows["soma"]["nome"] == "'@SUM(1+1)"
    assert rows["mais"]["nome"] == "'+1+1"
    assert rows["menos"]["nome"] == "'-2+3"
    assert rows["normal"]["nome"] == "Posse Normal"
    import pandas as pd

    assert set(pd.read_parquet(out / "resultados.parquet")["nome"]) == set(names.values())


def test_after_a_slug_change_the_old_study_leaves_the_index(cands, tmp_path, capsys):
    out = tmp_path / "lote"
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    _candidate(cands, "alfa", "Alfa", slug="alfa-nova")
    assert cli_main(["lote", str(cands), "--saida", str(out), "--sem-progresso"]) == 0
    printed = capsys.readouterr().out
    assert (f"  fora do índice: a pasta alfa é de um estudo antigo de alfa.toml, que agora grava "
            "em alfa-nova (a pasta antiga foi mantida; apague-a se não precisar dela)") in printed
    import csv

    with open(out / "resultados.csv", encoding="utf-8-sig", newline="") as fh:
        assert {r["slug"] for r in csv.DictReader(fh, delimiter=";")} == {"alfa-nova", "beta"}
    assert 'href="alfa/' not in (out / "index.html").read_text(encoding="utf-8")
    assert (out / "alfa" / "estudo.html").is_file()  # kept on disk


def test_without_flock_the_pid_in_the_lock_file_decides(tmp_path, monkeypatch):
    """On a file system without flock (some network mounts) a live pid holds the folder and a
    dead one does not."""
    import errno
    import fcntl

    def no_flock(fd, op):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_flock)
    out = tmp_path / "lote"
    out.mkdir()
    alive = os.getppid()
    (out / LOCK_FILE).write_text(f"{alive}\n", encoding="utf-8")
    with pytest.raises(ViabilidadeError) as info:
        BatchLock(out).acquire()
    assert str(info.value) == _refused(out, alive)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (out / LOCK_FILE).write_text(f"{dead}\n", encoding="utf-8")
    with BatchLock(out):
        assert (out / LOCK_FILE).read_text(encoding="utf-8") == f"{os.getpid()}\n"
    assert not (out / LOCK_FILE).exists()


def test_sigterm_on_any_command_is_named_sigterm(monkeypatch, capsys):
    import viabilidade.cli.commands as cli
    from viabilidade.errors import Terminated

    def stopped(args):
        cli._raise_interrupt(15, None)

    parser = cli.build_parser
    monkeypatch.setattr(cli, "build_parser", lambda: _with_func(parser(), stopped))
    assert cli.main(["estudo", "x.toml"]) == 143  # 128 + SIGTERM
    assert capsys.readouterr().err.strip() == ("interrompido (SIGTERM): nenhum arquivo foi "
                                               "gravado pela metade; os arquivos anteriores "
                                               "foram mantidos.")
    assert issubclass(Terminated, KeyboardInterrupt)


def _with_func(parser, func):
    """``parser`` whose parsed arguments run ``func``."""
    real = parser.parse_args

    def parse_args(argv=None):
        args = real(argv)
        args.func = func
        return args

    parser.parse_args = parse_args
    return parser


def test_apresentacao_never_writes_through_a_symlinked_folder(tmp_path, capsys):
    posse = Path(__file__).resolve().parents[1] / "data" / "candidates" / "posse-dabadia.toml"
    out = tmp_path / "saida"
    out.mkdir()
    (tmp_path / "alheia").mkdir()
    (out / "posse-dabadia").symlink_to(tmp_path / "alheia")
    assert cli_main(["apresentacao", str(posse), "--saida", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {out / 'posse-dabadia'} é um link simbólico (para {tmp_path / 'alheia'}); nada "
        f"é gravado através de um link: esperada uma pasta comum dentro de {out} (remova o link "
        "ou escolha outra pasta de saída)")
    assert list((tmp_path / "alheia").iterdir()) == []


def test_a_link_in_the_candidates_folder_to_a_file_outside_it_is_refused_unread(cands, tmp_path):
    """Hostile trial 3: ``lote`` followed ``cands/x.toml -> /etc/passwd`` and read it as a
    TOML. The link is refused by name, never opened (not even to hash it); a link to a file
    inside the folder and a file named on the command line are still followed."""
    outside = tmp_path / "fora" / "alheio.toml"
    outside.parent.mkdir()
    _candidate(outside.parent, "alheio", "Alheio")
    (cands / "passwd.toml").symlink_to("/etc/passwd")
    (cands / "alheio.toml").symlink_to(outside)
    (cands / "gama.toml").symlink_to(cands / "alfa.toml")  # inside: the same file as alfa
    res = run_batch([cands], tmp_path / "lote", workers=1, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert sorted(by) == ["alfa", "alheio", "beta", "passwd"]
    assert by["passwd"]["error"] == (
        f"{cands / 'passwd.toml'}: é um link simbólico para /etc/passwd, fora da pasta de "
        f"candidatos {cands}; esperado o arquivo do candidato dentro da pasta (copie-o para lá "
        "em vez de ligá-lo): o link não foi seguido")
    assert by["alheio"]["error"].startswith(f"{cands / 'alheio.toml'}: é um link simbólico "
                                            f"para {outside}, fora da pasta de candidatos")
    assert by["alfa"]["status"] == "ok"
    # named on the command line, the same link is the user's choice and is read
    res = run_batch([cands / "alheio.toml"], tmp_path / "lote2", workers=1, study=FAKE,
                    progress=False)
    assert [(r["slug"], r["status"]) for r in res.records] == [("alheio", "ok")]


def test_ctrl_c_stops_every_process_of_the_batch_before_the_index_is_written(tmp_path):
    """The batch analyst: 1 run in 4, studies went on after the index was written. A process
    a study started that has left the workers' tree (reparented to init, in its own session:
    SIGINT to the group does not reach it) carried on; every process of the batch carries
    its mark (``local.BATCH_MARK``) and is stopped with the workers, before the index."""
    import psutil
    import signal

    d = tmp_path / "cands"
    d.mkdir()
    _candidate(d, "orfa", "Orfa")
    out = tmp_path / "lote"
    code = ("import functools, sys; import viabilidade.batch.run as r; "
            "r.run_batch = functools.partial(r.run_batch, study='test_batch_safety:orphan_study'); "
            "from viabilidade.cli import main; "
            f"sys.exit(main(['lote', {str(d)!r}, '--saida', {str(out)!r}, '--sem-progresso', "
            "'-j', '1']))")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=Path(__file__).parent,
                            start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    marker = out / "neta.pid"
    for _ in range(600):  # until the study has started its process (a wait, not a bound)
        if marker.exists() or proc.poll() is not None:
            break
        time.sleep(0.1)
    assert marker.exists(), proc.communicate()[1]
    pid = int(marker.read_text(encoding="utf-8"))
    try:
        assert psutil.pid_exists(pid)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole process group
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and "Traceback" not in err
        assert (out / "index.html").exists()
        gone = not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
        assert gone, "a process of the stopped batch was still running after its index"
    finally:
        try:
            psutil.Process(pid).kill()
        except psutil.Error:
            pass
    assert not (out / "tarde.txt").exists()


@pytest.mark.parametrize("caller_mark", [None, "4242"])
def test_the_batch_mark_is_set_only_for_the_batch(tmp_path, monkeypatch, caller_mark):
    """The mark that lets a stopped batch find its processes is the batch's alone: after
    ``run_local`` the caller's environment is as it was (absent stays absent, a value is
    restored), so the caller's later children are not taken for a batch's."""
    from viabilidade.batch import local

    if caller_mark is None:
        monkeypatch.delenv(local.BATCH_MARK, raising=False)
    else:
        monkeypatch.setenv(local.BATCH_MARK, caller_mark)
    d = tmp_path / "cands"
    d.mkdir()
    _candidate(d, "alfa", "Alfa")
    res = run_batch([d], tmp_path / "lote", workers=1, study=FAKE, progress=False)
    assert [(r["slug"], r["status"]) for r in res.records] == [("alfa", "ok")]
    assert os.environ.get(local.BATCH_MARK) == caller_mark
