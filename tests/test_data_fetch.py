"""fetch: local mirror folder, mirror server, and resuming a broken download with Range."""

import http.server
import threading
from functools import partial
from pathlib import Path

import pytest

from viabilidade.data.fetch import download, fetch
from viabilidade.data.provenance import RAW as RAW_FILES, sha256
from viabilidade.errors import DataError

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"
MANIFEST = REPO / "data" / "processed" / "manifest.json"


class RangeHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with single-range ``Range: bytes=N-`` support; records Range headers."""

    ranges: list = []

    def log_message(self, *args):
        pass

    def send_head(self):
        rng = self.headers.get("Range")
        type(self).ranges.append(rng)
        path = Path(self.translate_path(self.path))
        if rng is None or not path.is_file():
            return super().send_head()
        start = int(rng.removeprefix("bytes=").split("-")[0])
        data = path.read_bytes()
        if start >= len(data):
            self.send_error(416)
            return None
        self.send_response(206)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        import io
        return io.BytesIO(data[start:])


@pytest.fixture()
def server(tmp_path):
    root = tmp_path / "mirror"
    root.mkdir()
    RangeHandler.ranges = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            partial(RangeHandler, directory=str(root)))
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_resume_with_range(server, tmp_path):
    root, url = server
    payload = bytes(range(256)) * 400
    (root / "f.bin").write_bytes(payload)
    target = tmp_path / "out" / "f.bin"
    target.parent.mkdir()
    (target.parent / "f.bin.part").write_bytes(payload[: len(payload) // 2])
    digest = download(f"{url}/f.bin", target)
    assert RangeHandler.ranges == [f"bytes={len(payload) // 2}-"]
    assert target.read_bytes() == payload
    assert digest == sha256(root / "f.bin")
    assert not (target.parent / "f.bin.part").exists()


def test_download_without_part_has_no_range(server, tmp_path):
    root, url = server
    (root / "g.bin").write_bytes(b"x" * 1000)
    download(f"{url}/g.bin", tmp_path / "g.bin")
    assert RangeHandler.ranges == [None]


def test_http_error_named(server, tmp_path):
    _, url = server
    with pytest.raises(DataError) as e:
        download(f"{url}/missing.csv", tmp_path / "missing.csv")
    assert str(e.value) == f"arquivo missing.csv: o download falhou: HTTP 404 para {url}/missing.csv"


def test_an_unreachable_server_is_told_in_portuguese(tmp_path):
    import socket

    with socket.socket() as sock:       # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/g.bin"
    with pytest.raises(DataError) as e:
        download(url, tmp_path / "g.bin")
    assert str(e.value).startswith(
        f"arquivo g.bin: o download falhou: servidor inacessível para {url} (sem rede, endereço "
        "errado ou servidor fora do ar); confira a conexão e o endereço, ou use --from com uma "
        "pasta-espelho (detalhe técnico: [Errno 111] Connection refused)")
    assert not (tmp_path / "g.bin").exists()


def test_a_file_given_as_dest_is_named_as_a_file(tmp_path):
    from viabilidade.data.fetch import fetch

    afile = tmp_path / "raw.txt"
    afile.write_text("meu arquivo", encoding="utf-8")
    with pytest.raises(DataError) as e:
        fetch(afile, mirror=tmp_path)
    assert str(e.value) == (f"--dest {afile}: é um arquivo; esperada uma pasta (ou um caminho "
                            "ainda inexistente, que será criado)")
    assert afile.read_text(encoding="utf-8") == "meu arquivo"


def test_a_mirror_that_is_the_destination_is_refused(tmp_path):
    from viabilidade.data.fetch import fetch

    with pytest.raises(DataError) as e:
        fetch(tmp_path, mirror=tmp_path)
    assert str(e.value) == (f"--from {tmp_path} e --dest {tmp_path} são a mesma pasta; esperada "
                            "uma pasta-espelho diferente da pasta de destino (os arquivos já "
                            "estão lá)")


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
def test_mirror_server_reproduces_raw_files(server, tmp_path):
    root, url = server
    for f in RAW_FILES.values():
        (root / f.path).parent.mkdir(parents=True, exist_ok=True)
        (root / f.path).write_bytes((RAW / f.path).read_bytes())
    half = RAW_FILES["agg_mun"].path
    dest = tmp_path / "raw"
    (dest / half).parent.mkdir(parents=True)
    data = (RAW / half).read_bytes()
    (dest / (half + ".part")).write_bytes(data[: len(data) // 2])
    sums = fetch(dest, base_url=url, manifest=MANIFEST)
    assert f"bytes={len(data) // 2}-" in RangeHandler.ranges
    for f in RAW_FILES.values():
        assert sums[f.path] == sha256(RAW / f.path)
        assert (dest / f.path).read_bytes() == (RAW / f.path).read_bytes()
    assert (dest / "SHA256SUMS").read_text().count("\n") == len(RAW_FILES)


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
def test_mirror_folder_and_sha_mismatch(tmp_path):
    sums = fetch(tmp_path / "a", mirror=RAW, manifest=MANIFEST)
    assert sums["dtb/go_dtb2022_distritos.csv"] == sha256(RAW / "dtb/go_dtb2022_distritos.csv")
    bad = tmp_path / "badmirror"
    for f in RAW_FILES.values():
        (bad / f.path).parent.mkdir(parents=True, exist_ok=True)
        (bad / f.path).write_bytes((RAW / f.path).read_bytes())
    (bad / "dtb/go_dtb2022_distritos.csv").write_bytes(b"cod_uf\n")
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "b", mirror=bad, manifest=MANIFEST)
    assert str(e.value).startswith("arquivo go_dtb2022_distritos.csv: sha256 diferente: encontrado ")


def test_a_download_failing_its_sha256_never_replaces_the_good_file(server, tmp_path):
    root, url = server
    (root / "f.csv").write_bytes(b"adulterado\n")
    target = tmp_path / "raw" / "f.csv"
    target.parent.mkdir()
    target.write_bytes(b"bom\n")
    good = sha256(target)
    with pytest.raises(DataError) as e:
        download(f"{url}/f.csv", target, expected=good)
    assert str(e.value) == (f"arquivo f.csv: sha256 diferente: encontrado {sha256(root / 'f.csv')}; "
                            f"esperado {good}; o arquivo obtido foi descartado e o arquivo "
                            "anterior, se havia, ficou como estava")
    assert target.read_bytes() == b"bom\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.csv"]  # no .part left


def _one_file_layout(monkeypatch, tmp_path, good: bytes):
    """Make ``fetch`` know one raw file, whose manifest sha256 is that of ``good``."""
    import hashlib
    import json
    from types import SimpleNamespace

    import viabilidade.data.fetch as fetch_mod

    monkeypatch.setattr(fetch_mod, "RAW", {"x": SimpleNamespace(path="dtb/x.csv")})
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"tables": {"t": {"provenance": [{"files": [
        {"path": "dtb/x.csv", "sha256": hashlib.sha256(good).hexdigest()}]}]}}}), encoding="utf-8")
    return manifest


def test_a_mirror_copy_failing_its_sha256_leaves_the_good_file(monkeypatch, tmp_path):
    manifest = _one_file_layout(monkeypatch, tmp_path, b"bom\n")
    mirror = tmp_path / "espelho"
    (mirror / "dtb").mkdir(parents=True)
    (mirror / "dtb" / "x.csv").write_bytes(b"ruim\n")
    dest = tmp_path / "raw"
    (dest / "dtb").mkdir(parents=True)
    (dest / "dtb" / "x.csv").write_bytes(b"bom\n")
    with pytest.raises(DataError, match=r"^arquivo x\.csv: sha256 diferente: encontrado "):
        fetch(dest, mirror=mirror, manifest=manifest)
    assert (dest / "dtb" / "x.csv").read_bytes() == b"bom\n"
    assert sorted(p.name for p in (dest / "dtb").iterdir()) == ["x.csv"]


def test_fetch_says_what_it_did(monkeypatch, tmp_path, capsys):
    from viabilidade.cli import main

    manifest = _one_file_layout(monkeypatch, tmp_path, b"bom\n")
    import viabilidade.data.fetch as fetch_mod

    real = fetch_mod.known_sha256
    monkeypatch.setattr(fetch_mod, "known_sha256", lambda m=None: real(manifest))
    mirror = tmp_path / "espelho"
    (mirror / "dtb").mkdir(parents=True)
    (mirror / "dtb" / "x.csv").write_bytes(b"bom\n")
    dest = tmp_path / "raw"
    assert main(["data", "fetch", "--dest", str(dest), "--from", str(mirror)]) == 0
    assert capsys.readouterr().out.strip() == (
        f"1 arquivo obtido em {dest} (cópia de {mirror}); sha256 conferido com o manifesto: "
        f"1 de 1; lista em {dest / 'SHA256SUMS'}")
    assert (dest / "dtb" / "x.csv").read_bytes() == b"bom\n"


def test_a_fetched_file_keeps_the_replaced_files_mode_or_takes_the_umask(monkeypatch, tmp_path):
    """Hostile retrial E: mkstemp made every fetched file 0600 (a 0444 file became 0600)."""
    import os
    import stat

    manifest = _one_file_layout(monkeypatch, tmp_path, b"bom\n")
    mirror = tmp_path / "espelho"
    (mirror / "dtb").mkdir(parents=True)
    (mirror / "dtb" / "x.csv").write_bytes(b"bom\n")
    old = os.umask(0o022)
    try:
        fetch(tmp_path / "novo", mirror=mirror, manifest=manifest)
        assert stat.S_IMODE((tmp_path / "novo" / "dtb" / "x.csv").stat().st_mode) == 0o644
        os.umask(0o002)
        fetch(tmp_path / "grupo", mirror=mirror, manifest=manifest)
        assert stat.S_IMODE((tmp_path / "grupo" / "dtb" / "x.csv").stat().st_mode) == 0o664
    finally:
        os.umask(old)
    dest = tmp_path / "raw"
    (dest / "dtb").mkdir(parents=True)
    (dest / "dtb" / "x.csv").write_bytes(b"velho\n")
    (dest / "dtb" / "x.csv").chmod(0o444)
    fetch(dest, mirror=mirror, manifest=manifest)
    assert (dest / "dtb" / "x.csv").read_bytes() == b"bom\n"
    assert stat.S_IMODE((dest / "dtb" / "x.csv").stat().st_mode) == 0o444


def test_a_symlink_loop_as_dest_or_mirror_is_named(monkeypatch, tmp_path):
    """Hostile retrial J: a loop as --dest read 'já existe', as --from 'arquivo ausente'."""
    manifest = _one_file_layout(monkeypatch, tmp_path, b"bom\n")
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    loop = "link simbólico em laço (aponta, direta ou indiretamente, para si mesmo)"
    mirror = tmp_path / "espelho"
    mirror.mkdir()
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "a", mirror=mirror, manifest=manifest)
    assert str(e.value) == f"--dest {tmp_path / 'a'}: {loop}; esperada uma pasta"
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=tmp_path / "a", manifest=manifest)
    assert str(e.value) == f"--from {tmp_path / 'a'}: {loop}; esperada uma pasta"
    (mirror / "dtb").mkdir()
    (mirror / "dtb" / "x.csv").symlink_to(mirror / "dtb" / "x.csv")
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=mirror, manifest=manifest)
    assert str(e.value) == f"arquivo x.csv: {loop}; esperado um arquivo da pasta-espelho"
