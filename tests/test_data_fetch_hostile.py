"""data fetch against a hostile server (issue 32: S1, S2, S3, M7, M8, m1).

Every test talks to the REAL local server of ``tests/fetch_server.py`` (its hostile paths,
:data:`fetch_server.HOSTILE`); the bounds are made small through the parameters of
:func:`viabilidade.data.download.download` so each case ends in a second or two, and what
is on disk afterwards is checked.
"""

from pathlib import Path

import pytest

from fetch_server import Server
from viabilidade.data import download as dl
from viabilidade.data.catalogue import Source
from viabilidade.data.download import DownloadError, Limit, download
from viabilidade.data.fetch import fetch_official


@pytest.fixture()
def srv(tmp_path):
    site = tmp_path / "publicador"
    site.mkdir()
    with Server(site, bomb=1 << 20, drip=0.05) as s:
        yield s


def _fail(url: str, target: Path, **kw) -> DownloadError:
    with pytest.raises(DownloadError) as e:
        download(url, target, progress=False, **kw)
    return e.value


def test_a_gzip_body_not_asked_for_is_refused_and_nothing_written(srv, tmp_path):
    """S1: 1 KiB of gzip that would inflate to 1 MiB; before, the .part held the 1 MiB."""
    target = tmp_path / "out" / "f.csv"
    e = _fail(f"{srv.url}/bomba/f.csv", target)
    assert e.reason == ("o servidor enviou o arquivo codificado (Content-Encoding: gzip) sem que "
                        "isso fosse pedido; nada foi gravado")
    assert e.kind == "coding"
    assert srv.encodings[-1] == "identity"
    assert not target.exists() and not target.with_name("f.csv.part").exists()


def test_an_endless_body_stops_at_the_bound_and_its_part_is_deleted(srv, tmp_path):
    """S2: a chunked body with no end; before, the .part grew until killed and was resumed."""
    target = tmp_path / "out" / "f.csv"
    e = _fail(f"{srv.url}/sem-fim/f.csv", target, limit=Limit.recorded(78_587))
    assert e.reason == ("o servidor enviou mais que o limite de 1.127.163 bytes (o tamanho "
                        "registrado, 78.587 bytes, mais a margem de 1.048.576 bytes); o download "
                        "foi interrompido e os bytes recebidos, apagados")
    assert e.kind == "size" and e.kept == 0
    assert list(target.parent.iterdir()) == []


def test_an_announced_length_over_the_bound_is_refused_before_writing(srv, tmp_path):
    (Path(srv.root) / "grande.bin").write_bytes(b"x" * 5000)
    target = tmp_path / "out" / "grande.bin"
    target.parent.mkdir()
    e = _fail(f"{srv.url}/grande.bin", target, limit=Limit(4000, "teste"))
    assert e.reason == ("o servidor anuncia 5.000 bytes, mais que o limite de 4.000 bytes "
                        "(teste); nada foi gravado")
    assert list(target.parent.iterdir()) == []


def test_a_part_over_the_bound_is_not_resumed(srv, tmp_path):
    (Path(srv.root) / "f.bin").write_bytes(b"y" * 3000)
    target = tmp_path / "f.bin"
    target.with_name("f.bin.part").write_bytes(b"z" * 5000)  # left by an older, unbounded run
    download(f"{srv.url}/f.bin", target, progress=False, limit=Limit(4000, "teste"))
    assert target.read_bytes() == b"y" * 3000
    assert srv.requests[-1] == ("/f.bin", None)  # asked from zero, not from byte 5000


def test_one_byte_at_a_time_ends_at_the_deadline_and_keeps_its_bytes(srv, tmp_path):
    """S3: each byte used to reset the read timeout, so the command never ended."""
    target = tmp_path / "f.bin"
    e = _fail(f"{srv.url}/gota/f.bin", target, deadline=0.5)
    part = target.with_name("f.bin.part")
    assert 1 <= part.stat().st_size <= 40
    assert e.reason == (f"o download passou do prazo de 0,5 s para este arquivo (recebidos "
                        f"{part.stat().st_size} bytes; servidor lento demais)")
    assert e.kind == "deadline" and e.kept == part.stat().st_size


def test_a_slow_servers_part_is_deleted_when_the_server_cannot_continue_it(tmp_path):
    """Hostile trial 3: the ``.part`` of a slow server was kept after the deadline, also
    where the server does not continue a download from a byte (no ``Accept-Ranges``, never a
    ``206``): the next run asks from zero, so it is deleted, and the message says so."""
    site = tmp_path / "publicador"
    site.mkdir()
    with Server(site, drip=0.05, ranges=False) as srv:
        target = tmp_path / "f.bin"
        e = _fail(f"{srv.url}/gota/f.bin", target, deadline=0.5)
    assert not target.with_name("f.bin.part").exists() and not target.exists()
    assert e.kind == "deadline" and e.kept == 0 and 1 <= e.dropped <= 40
    assert str(e).endswith(
        f"(recebidos {e.dropped} bytes; servidor lento demais); os {e.dropped} bytes recebidos "
        "foram apagados: este servidor não aceita continuar um download pela metade (não "
        "responde a pedidos de trecho, Range), e a próxima execução recomeça do zero")


def test_a_kept_part_is_told_with_the_same_number_as_the_reason(srv, tmp_path, monkeypatch):
    """Hostile trial 3: "343040" and "343.040" in one message; every count of bytes is
    written through common.numbers."""
    (Path(srv.root) / "cortado").mkdir()
    (Path(srv.root) / "cortado" / "grande.csv").write_bytes(b"x" * 343_040)
    monkeypatch.setattr(dl, "_CHUNK", 1024)
    target = tmp_path / "grande.csv"
    e = _fail(f"{srv.url}/cortado/grande.csv", target)
    assert e.kept == 171_520
    assert str(e).endswith("a conexão caiu no meio do download; os 171.520 bytes já recebidos "
                           "ficaram em grande.csv.part e a próxima execução continua de onde "
                           "parou")
    assert dl.kept_note(target, 343_040).startswith("; os 343.040 bytes já recebidos")


def test_a_trickle_below_the_rate_floor_is_stopped_once_the_base_time_has_passed(
        srv, tmp_path, monkeypatch):
    """S3 where the bound is large (a ceiling: the deadline would be hours away)."""
    monkeypatch.setattr(dl, "DEADLINE_BASE", 0.3)
    target = tmp_path / "f.bin"
    e = _fail(f"{srv.url}/gota/f.bin", target, deadline=3600)
    kept = target.with_name("f.bin.part").stat().st_size
    assert e.reason.startswith(f"o servidor envia devagar demais: {kept} bytes em 0,")
    assert e.reason.endswith(" s, em média, abaixo de 4 KiB/s")
    assert e.kind == "deadline" and e.kept == kept


def test_the_deadline_follows_the_bound():
    assert Limit.recorded(78_587).deadline == pytest.approx(60 + 1_127_163 / 163_840)
    assert Limit.ceiling("x.csv").bytes == 256 << 20
    assert Limit.ceiling("x.tar.xz").why == "o teto de arquivos .tar.xz sem tamanho registrado, 256,0 MiB"
    assert Limit.ceiling("x.dat").bytes == 1024 << 20


def test_a_wrong_range_restarts_once_from_zero_then_fails(srv, tmp_path):
    """M7: before, 976 recursive requests then a RecursionError traceback."""
    target = tmp_path / "f.bin"
    target.with_name("f.bin.part").write_bytes(b"abc")
    e = _fail(f"{srv.url}/faixa-errada/f.bin", target)
    assert [r for _, r in srv.requests] == ["bytes=3-", None]
    assert e.reason == ("o servidor respondeu de novo com um trecho diferente do pedido "
                        "(Content-Range: 'bytes 5-12/13', pedido a partir do byte 0); a "
                        "resposta é malformada")
    assert e.kind == "malformed"
    assert not target.exists() and not target.with_name("f.bin.part").exists()


def test_a_redirect_loop_is_told_in_portuguese(srv, tmp_path):
    """m1: before, "TooManyRedirects: Exceeded 30 redirects"."""
    e = _fail(f"{srv.url}/ciclo/f.bin", tmp_path / "f.bin")
    assert e.reason == ("o endereço redireciona sem parar (mais de 10 redirecionamentos): o "
                        "servidor está mal configurado ou o endereço mudou")
    assert e.kind == "redirects" and len(srv.requests) == 11


def test_oversized_headers_are_a_malformed_answer_not_a_network_fault(srv, tmp_path):
    """M8: before, "rede indisponível"."""
    e = _fail(f"{srv.url}/cabecalho-enorme/f.bin", tmp_path / "f.bin")
    assert e.reason == ("a resposta do servidor é malformada: cabeçalhos grandes demais ou em "
                        "número excessivo")
    assert e.kind == "malformed"


@pytest.mark.parametrize("path,reason", [
    ("/nao-http/", "a resposta do servidor é malformada (não é uma resposta HTTP válida)"),
    ("/cabecalhos-demais/", "a resposta do servidor é malformada: cabeçalhos grandes demais ou "
                            "em número excessivo"),
    ("/bloco-ruim/", "a resposta do servidor é malformada (tamanho de bloco inválido na "
                     "transferência em partes)"),
    ("/dois-tamanhos/", "a resposta do servidor é malformada (cabeçalhos inválidos ou "
                        "contraditórios)"),
])
def test_each_malformed_answer_is_told_as_such(srv, tmp_path, path, reason):
    e = _fail(f"{srv.url}{path}f.bin", tmp_path / "f.bin")
    assert (e.reason, e.kind) == (reason, "malformed")


def test_a_read_timeout_mid_file_is_told_apart_from_no_answer(tmp_path):
    """M8: the server sends its headers and a byte, then nothing for longer than the read
    timeout."""
    site = tmp_path / "publicador"
    site.mkdir()
    with Server(site, drip=3.0) as s:
        e = _fail(f"{s.url}/gota/f.bin", tmp_path / "f.bin", timeout=(5.0, 0.5))
    assert e.reason == ("o servidor parou de enviar dados por 0,5 s no meio do arquivo (tempo "
                        "de leitura esgotado)")
    assert e.kind == "timeout" and e.kept == 1


def test_a_listing_larger_than_its_ceiling_is_refused(srv, tmp_path, monkeypatch):
    monkeypatch.setattr(dl, "LISTING_MAX", 100_000)
    src = Source("teste", "IBGE-TESTE", "Conjunto de teste", "2022", f"{srv.url}/sem-fim/",
                 "census", pattern=r"teste(_\d{8})?\.zip")
    report = fetch_official(tmp_path / "raw", ["teste"], progress=False, sources=(src,))
    assert report.problems == [
        f"teste (IBGE-TESTE, Conjunto de teste, 2022): não foi possível baixar "
        f"{srv.url}/sem-fim/: a resposta passou de 100.000 bytes, o teto de uma listagem; o "
        "servidor não respondeu com o que se esperava. O que fazer: confira o endereço na "
        f"página do publicador (o servidor mandou outro arquivo), ou baixe o arquivo no "
        f"navegador ({srv.url}/sem-fim/) e coloque-o em {tmp_path / 'raw' / 'census'}/ com o "
        "nome publicado (teste_AAAAMMDD.zip); na próxima execução ele é conferido e registrado"]


def test_the_catalogue_size_bounds_an_official_download(srv, tmp_path):
    src = Source("teste", "IBGE-TESTE", "Conjunto de teste", "2022", f"{srv.url}/sem-fim/f.csv",
                 "census", size=10)
    report = fetch_official(tmp_path / "raw", ["teste"], progress=False, sources=(src,))
    assert "mais que o limite de 1.048.586 bytes (o tamanho registrado, 10 bytes, mais a " \
           "margem de 1.048.576 bytes)" in report.problems[0]
    assert not (tmp_path / "raw" / "census" / "f.csv.part").exists()


def test_a_portal_file_name_that_climbs_out_of_the_folder_is_not_downloaded(srv, tmp_path):
    """An encoded slash in a portal's resource address (``a%2F..%2F..%2Fx.csv``) used to name
    a path outside the raw folder."""
    import json

    site = Path(srv.root)
    (site / "api" / "3" / "action").mkdir(parents=True)
    (site / "x.csv").write_bytes(b"a;b\n")
    resources = [{"url": f"{srv.url}/r/a%2F..%2F..%2F..%2Fx.csv", "format": "CSV"},
                 {"url": f"{srv.url}/x.csv", "format": "CSV"}]
    (site / "api" / "3" / "action" / "package_show").write_text(
        json.dumps({"result": {"resources": resources}}), encoding="utf-8")
    src = Source("receita-sefaz", "SEFAZ-TESTE", "Conjunto de teste", "2024",
                 f"{srv.url}/dataset/arrecadacao", "revenue", ckan=("CSV",))
    raw = tmp_path / "raw"
    report = fetch_official(raw, progress=False, sources=(src,))
    assert report.problems == [
        "receita-sefaz (SEFAZ-TESTE, Conjunto de teste, 2024): o portal lista um arquivo cujo "
        "nome não é um nome de arquivo ('a/../../../x.csv': barra, caractere de controle ou "
        "nome longo demais); ele não foi baixado"]
    assert (raw / "revenue" / "arrecadacao" / "x.csv").read_bytes() == b"a;b\n"
    assert not (tmp_path / "x.csv").exists() and not (raw / "x.csv").exists()
    assert [p for p, _ in srv.requests if p.startswith("/r/")] == []


def test_a_mirror_folder_entry_that_is_dev_zero_or_a_fifo_is_refused(tmp_path, monkeypatch):
    """``--from``: a raw file that is a link to /dev/zero used to be copied for ever."""
    import hashlib
    import json
    import os
    from types import SimpleNamespace

    import viabilidade.data.fetch as fetch_mod
    from viabilidade.data.fetch import fetch
    from viabilidade.errors import DataError

    monkeypatch.setattr(fetch_mod, "RAW", {"x": SimpleNamespace(path="dtb/x.csv")})
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"tables": {"t": {"provenance": [{"files": [
        {"path": "dtb/x.csv", "sha256": hashlib.sha256(b"x").hexdigest()}]}]}}}), encoding="utf-8")
    mirror = tmp_path / "espelho"
    (mirror / "dtb").mkdir(parents=True)
    os.symlink("/dev/zero", mirror / "dtb" / "x.csv")
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=mirror, manifest=manifest)
    assert str(e.value) == ("arquivo x.csv: é um dispositivo, não um arquivo comum; esperado um "
                            "arquivo da pasta-espelho")
    assert list((tmp_path / "raw").rglob("*")) == []


def test_a_mirror_link_leading_out_of_the_mirror_is_refused_unread(monkeypatch, tmp_path):
    """A mirror entry that is a link to a file outside the mirror (/etc/passwd in the hostile
    trial, read and hashed before the sha256 refused it) is refused before it is opened; a
    link inside the mirror is still followed."""
    import hashlib
    import json
    import os
    from types import SimpleNamespace

    import viabilidade.data.fetch as fetch_mod
    from viabilidade.data.fetch import fetch
    from viabilidade.errors import DataError

    monkeypatch.setattr(fetch_mod, "RAW", {"x": SimpleNamespace(path="dtb/x.csv")})
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"tables": {"t": {"provenance": [{"files": [
        {"path": "dtb/x.csv", "sha256": hashlib.sha256(b"x").hexdigest()}]}]}}}), encoding="utf-8")
    outside = tmp_path / "fora.csv"
    outside.write_bytes(b"x")
    mirror = tmp_path / "espelho"
    (mirror / "dtb").mkdir(parents=True)
    os.symlink(outside, mirror / "dtb" / "x.csv")
    opened = []
    real_copy = fetch_mod.shutil.copyfile
    monkeypatch.setattr(fetch_mod.shutil, "copyfile", lambda a, b: opened.append(a) or real_copy(a, b))
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=mirror, manifest=manifest)
    assert str(e.value) == (f"arquivo x.csv: é um link para {outside}, fora da pasta-espelho "
                            f"{mirror}; esperado um arquivo da pasta-espelho (copie-o para lá)")
    assert opened == [] and list((tmp_path / "raw").rglob("*")) == []
    (mirror / "dtb" / "x.csv").unlink()
    (mirror / "dados.csv").write_bytes(b"x")
    os.symlink(mirror / "dados.csv", mirror / "dtb" / "x.csv")
    fetch(tmp_path / "raw", mirror=mirror, manifest=manifest)
    assert (tmp_path / "raw" / "dtb" / "x.csv").read_bytes() == b"x"
