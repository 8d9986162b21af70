"""A batch never outlives its parent and never loses its index (stand-in studies, fast).

The stand-in study of this module starts a real warm Jupyter kernel (as a batch worker does)
and then sleeps, so that killing the parent leaves workers and kernels to be found. Processes
are found by an environment marker unique to the test, never by name: other people's
kernels run on the same machine.
"""

from __future__ import annotations

import os
import signal
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from test_batch_fast import FAKE, _candidate
from viabilidade.batch import cluster, resume
from viabilidade.batch.plan import make_jobs
from viabilidade.batch.run import run_batch
from viabilidade.errors import ViabilidadeError

SLEEPER = "test_batch_lifecycle:kernel_then_sleep"
MARKER = "VIABILIDADE_TEST_MARKER"


def kernel_then_sleep(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    """Start this worker's warm kernel, say so with a file, then sleep (a long study)."""
    from viabilidade.report.runner import warm_kernel

    warm_kernel()
    (Path(out_root) / f"{Path(candidate_path).stem}.started").write_text("", encoding="utf-8")
    time.sleep(120)
    raise AssertionError("not reached: the batch was killed")


def _marked_pids(marker: str) -> list[int]:
    """Pids of this user's processes whose environment holds ``MARKER=marker``."""
    needle = f"{MARKER}={marker}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "environ").read_bytes().split(b"\0"):
                pids.append(int(entry.name))
        except OSError:  # another user's process, or it just ended
            continue
    return pids


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigkill_of_the_parent_leaves_no_worker_or_kernel(tmp_path):
    cands = tmp_path / "cands"
    cands.mkdir()
    for stem, name in (("um", "Um"), ("dois", "Dois"), ("tres", "Tres")):
        _candidate(cands, stem, name)
    out = tmp_path / "lote"
    out.mkdir()
    marker = uuid.uuid4().hex
    env = {**os.environ, MARKER: marker,
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    code = ("from viabilidade.batch.run import run_batch; "
            f"run_batch([{str(cands)!r}], {str(out)!r}, workers=2, study={SLEEPER!r}, progress=False)")
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        while len(list(out.glob("*.started"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(list(out.glob("*.started"))) == 2, "the two workers never started their kernels"
        before = _marked_pids(marker)
        assert len(before) >= 5  # the parent, 2 workers, 2 kernels
        proc.kill()  # SIGKILL: no handler, no atexit, no finally
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _marked_pids(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _marked_pids(marker) == []
    finally:
        for pid in _marked_pids(marker):  # never leave anything behind, even on failure
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def test_failed_force_rerun_leaves_the_index_unchanged(tmp_path, monkeypatch):
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "alfa", "Alfa")
    _candidate(cands, "beta", "Baixa")
    out = tmp_path / "lote"
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    names = ("index.html", "resultados.csv", "resultados.parquet")
    before = {n: (out / n).read_bytes() for n in names}
    assert "2 candidatos" in before["index.html"].decode()
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ViabilidadeError) as e:
        run_batch([cands], out, scheduler="tcp://127.0.0.1:1", force=True, study=FAKE,
                  progress=False)
    assert str(e.value) in (  # refused at once, or no answer within CONNECT_TIMEOUT
        f"--escalonador tcp://127.0.0.1:1: não foi possível conectar ao escalonador Dask ({why}); "
        "esperado o endereço tcp://HOST:PORTA de um escalonador em funcionamento"
        for why in ("a conexão falhou ou foi recusada", "nenhum respondeu a tempo"))
    assert {n: (out / n).read_bytes() for n in names} == before


def test_index_lists_every_study_on_disk_earlier_runs_included(tmp_path):
    cands = tmp_path / "cands"
    cands.mkdir()
    a = _candidate(cands, "alfa", "Alfa")
    q = _candidate(cands, "gama", "Quebra")
    out = tmp_path / "lote"
    run_batch([a, q], out, workers=1, study=FAKE, progress=False)
    b = _candidate(cands, "beta", "Baixa")
    res = run_batch([b], out, workers=1, study=FAKE, progress=False)
    assert [r["slug"] for r in res.records] == ["beta"]
    page = (out / "index.html").read_text(encoding="utf-8")
    # the earlier run's rows are listed, counted apart (polish11 item 1)
    assert ("1 candidato: 1 inviável. A pasta guarda também 2 estudos de execuções anteriores, "
            "de candidatos fora desta execução (1 com falha, 1 viável), marcados “de uma "
            "execução anterior (candidato fora desta execução)”.") in page
    csv = (out / "resultados.csv").read_text(encoding="utf-8-sig")
    assert {line.split(";")[0] for line in csv.splitlines()[1:]} == {"alfa", "beta", "gama"}
    assert resume.saved_records(out)["gama"]["error"] == "cell 3 failed for gama: ZeroDivisionError"


def test_a_candidate_whose_name_has_no_letters_is_a_failure_not_an_abort(tmp_path):
    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "alfa", "Alfa")
    (cands / "!!!.toml").write_text("isto não é TOML [", encoding="utf-8")
    (jobs_bad,) = [j for j in make_jobs(sorted(cands.glob("*.toml"))) if j.problem]
    assert jobs_bad.slug.startswith("candidato-") and len(jobs_bad.slug) == len("candidato-") + 8
    res = run_batch([cands], tmp_path / "lote", workers=1, study=FAKE, progress=False)
    by = {r["slug"]: r for r in res.records}
    assert by["alfa"]["status"] == "ok"
    assert by[jobs_bad.slug]["status"] == "falhou"
    assert "!!!.toml" in by[jobs_bad.slug]["error"]
    assert "(!!!.toml)" in (tmp_path / "lote" / "index.html").read_text(encoding="utf-8")


def _kernel_pids(marker: str) -> list[int]:
    out = []
    for pid in _marked_pids(marker):
        try:
            if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                out.append(pid)
        except OSError:
            continue
    return out


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_on_estudo_ends_at_once_without_a_traceback(tmp_path):
    repo = Path(__file__).resolve().parents[1]
    marker = uuid.uuid4().hex
    env = {**os.environ, MARKER: marker}
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from viabilidade.cli import main; "
            f"sys.exit(main(['estudo', {str(repo / 'data/candidates/posse-dabadia.toml')!r}, "
            f"'--out', {str(tmp_path)!r}]))")
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # estudo runs its notebook in its own process (report.inprocess), with no kernel to
        # wait for: wait until it has used 2 s of CPU (imports 0,7 s and the candidate's check
        # 0,3 s of a study's 4-5 s: the cells are running), then Ctrl-C
        import psutil

        study = psutil.Process(proc.pid)
        deadline = time.monotonic() + 120
        while (proc.poll() is None and sum(study.cpu_times()[:2]) < 2.0
               and time.monotonic() < deadline):
            time.sleep(0.05)
        assert proc.poll() is None, "the study ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)  # an ignored Ctrl-C would end the study with 0
        assert proc.returncode == 130
        assert err.strip() == ("interrompido (Ctrl-C): nenhum arquivo foi gravado pela metade; "
                               "os arquivos anteriores foram mantidos.")
        deadline = time.monotonic() + 10
        while _marked_pids(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _marked_pids(marker) == []
        assert not (tmp_path / "posse-dabadia" / "estudo.pdf").exists()
    finally:
        for pid in _marked_pids(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_polling_lifeline_ends_a_worker_whose_parent_died(tmp_path):
    """Where prctl is unavailable (macOS), a thread polling the parent's pid does the job."""
    marker = uuid.uuid4().hex
    grandchild = ("import os, sys, time; import viabilidade.batch.lifeline as l; "
                  "l._prctl_pdeathsig = lambda sig: False; "
                  "l.tie_to_parent(int(sys.argv[1]), interval=0.1); time.sleep(60)")
    child = ("import os, subprocess, sys, time; "
             f"subprocess.Popen([sys.executable, '-c', {grandchild!r}, str(os.getpid())]); "
             "time.sleep(60)")
    env = {**os.environ, MARKER: marker}
    proc = subprocess.Popen([sys.executable, "-c", child], env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while len(_marked_pids(marker)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_marked_pids(marker)) == 2
        time.sleep(0.5)  # the grandchild has tied itself to its parent
        proc.kill()
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while _marked_pids(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _marked_pids(marker) == []
    finally:
        for pid in _marked_pids(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def _start_kernel_lote(tmp_path: Path, marker: str):
    """``viabilidade lote`` of two stand-in studies that start real warm kernels and sleep,
    with a private TMPDIR, in a process group of its own; returns (proc, out, tmpdir) once
    both kernels run."""
    cands = tmp_path / "cands"
    cands.mkdir()
    for stem, name in (("um", "Um"), ("dois", "Dois")):
        _candidate(cands, stem, name)
    out = tmp_path / "lote"
    out.mkdir()
    # short: a kernel's IPC socket path must fit in 107 bytes (pytest's tmp_path is long)
    tmpdir = Path(tempfile.mkdtemp(prefix="vt-", dir="/tmp"))
    env = {**os.environ, MARKER: marker, "TMPDIR": str(tmpdir),
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    code = ("import functools, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "import viabilidade.batch.run as r; "
            f"r.run_batch = functools.partial(r.run_batch, study={SLEEPER!r}); "
            "from viabilidade.cli import main; "
            f"sys.exit(main(['lote', {str(cands)!r}, '--saida', {str(out)!r}, '-j', '2', "
            "'--sem-progresso']))")
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 90
    while len(list(out.glob("*.started"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(list(out.glob("*.started"))) == 2, "the two workers never started their kernels"
    assert any(p.name.startswith("viabilidade-kernel-") for p in tmpdir.iterdir())
    return proc, out, tmpdir


def _ours(tmpdir: Path) -> list[str]:
    """What a run of ours may leave in TMPDIR: our folders and kernel connection files."""
    return sorted(p.name for p in tmpdir.iterdir()
                  if p.name.startswith("viabilidade-") or p.suffix == ".json")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_a_stopped_batch_leaves_nothing_in_tmpdir_and_names_the_signal(tmp_path, how):
    marker = uuid.uuid4().hex
    proc, out, tmpdir = _start_kernel_lote(tmp_path, marker)
    try:
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)  # kill PID: the batch process only
        else:
            os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C: the whole group
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == (143 if how == "SIGTERM" else 130)  # 128 + the signal
        assert err.strip() == (f"Lote da pasta lote interrompido ({how}): 0 estudos escritos e "
                               "2 candidatos não executados; rode o mesmo comando de novo para "
                               f"continuar (os estudos em dia são pulados). Índice: "
                               f"{out / 'index.html'}")
        # Hostile retrial K: the batch waits (at most local.SETTLE_SECONDS) for its workers'
        # kernels before it exits, so nothing is left the moment it has returned.
        assert _marked_pids(marker) == []
        assert _ours(tmpdir) == []
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
        for pid in _marked_pids(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_what_a_killed_batch_left_in_tmpdir_is_swept_at_the_next_start(tmp_path):
    from viabilidade.common.tempfiles import sweep_stale

    marker = uuid.uuid4().hex
    proc, out, tmpdir = _start_kernel_lote(tmp_path, marker)
    try:
        proc.kill()  # SIGKILL: no handler, no atexit, no finally
        proc.communicate(timeout=10)
        deadline = time.monotonic() + 10
        while _marked_pids(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _marked_pids(marker) == []
        left = _ours(tmpdir)
        assert left and all(n.startswith("viabilidade-kernel-") for n in left)
        (tmpdir / "viabilidade-run-999999999-x").mkdir()  # no such process
        (tmpdir / "outro-programa").mkdir()
        removed = sweep_stale(tmpdir)  # what `lote` and every command do as they start
        assert removed == sorted(left + ["viabilidade-run-999999999-x"])
        assert sorted(p.name for p in tmpdir.iterdir()) == ["outro-programa"]
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
        for pid in _marked_pids(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def stubborn_child(flag: str) -> int:
    """Run in a pool worker: start a child that ignores SIGTERM and outlives its parent (as a
    kernel does for a second or more under load), and return its pid."""
    child = subprocess.Popen([sys.executable, "-c",
                              "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                              f"open({flag!r}, 'w').close(); time.sleep(60)"])
    while not os.path.exists(flag):
        time.sleep(0.05)
    return child.pid


def test_stopping_the_workers_waits_for_their_kernels_then_kills_them(tmp_path):
    """Hostile retrial K: two kernel folders were still there 1–6 s after a stopped batch had
    exited; the batch now waits (at most SETTLE_SECONDS) for its workers' children, then kills
    them, before it sweeps and returns."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    import psutil

    from viabilidade.batch import local

    ex = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    pid = ex.submit(stubborn_child, str(tmp_path / "up")).result(timeout=60)
    try:
        local._stop_workers(ex, grace=0.5, settle=0.5)
        gone = not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
        assert gone
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process states")
def test_a_zombie_owns_no_folder(tmp_path):
    """A process that has ended but is not yet reaped (a zombie) still holds its pid, and
    ``os.kill(pid, 0)`` succeeds on it; its folders are stale all the same (the workers of a
    batch killed with ``kill -9`` stay zombies until their new parent reaps them)."""
    from viabilidade.common.tempfiles import pid_alive, sweep_stale

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # ended, not reaped: state Z
            if Path(f"/proc/{child.pid}/stat").read_text().split(") ", 1)[1][0] == "Z":
                break
            time.sleep(0.05)
        os.kill(child.pid, 0)  # the pid is still taken
        assert pid_alive(child.pid) is False
        assert pid_alive(os.getpid()) is True
        (tmp_path / f"viabilidade-kernel-{child.pid}-x").mkdir()
        assert sweep_stale(tmp_path) == [f"viabilidade-kernel-{child.pid}-x"]
    finally:
        child.wait()


def test_a_scheduler_that_accepts_and_never_answers_is_given_up(tmp_path, monkeypatch):
    """A server that accepts the TCP connection and stays silent held the Dask client for ever
    (hostile trial 2, #5); the connection is given up after CONNECT_DEADLINE_S, the batch
    refused with the 'nenhum respondeu a tempo' message and the index left as it was."""
    import socket

    cands = tmp_path / "cands"
    cands.mkdir()
    _candidate(cands, "alfa", "Alfa")
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)  # accepts (the kernel does), never answers
    port = silent.getsockname()[1]
    monkeypatch.setattr(cluster, "CONNECT_DEADLINE_S", 2.0)
    try:
        with pytest.raises(ViabilidadeError) as e:
            run_batch([cands], tmp_path / "lote", scheduler=f"tcp://127.0.0.1:{port}",
                      study=FAKE, progress=False)
    finally:
        silent.close()
    assert str(e.value) == (
        f"--escalonador tcp://127.0.0.1:{port}: não foi possível conectar ao escalonador Dask "
        "(nenhum respondeu a tempo); esperado o endereço tcp://HOST:PORTA de um escalonador em "
        "funcionamento")
    assert not (tmp_path / "lote" / "index.html").exists()
