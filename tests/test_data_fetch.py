"""data fetch: the publishers' sets (fetch_official), local mirror folder, mirror server.

Every download test talks to a REAL HTTP server on 127.0.0.1 (tests/fetch_server.py), never a
mock. The files it serves are test fixtures built here, tiny and labelled as such (names
"TESTE", values that are no real figure).
"""

import hashlib
import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest

from fetch_server import Server, free_port
from viabilidade.data import rawmanifest
from viabilidade.data.catalogue import Extract, Source
from viabilidade.data.fetch import DownloadError, download, fetch, fetch_official
from viabilidade.data.provenance import RAW as RAW_FILES, sha256
from viabilidade.errors import DataError
from viabilidade.os_errors import count_bytes

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"
MANIFEST = REPO / "data" / "processed" / "manifest.json"
TODAY = "2026-12-01"


@pytest.fixture()
def site(tmp_path):
    """Folder served by the test server (the "publisher")."""
    root = tmp_path / "publicador"
    root.mkdir()
    return root


@pytest.fixture()
def server(site):
    with Server(site) as srv:
        yield srv


def _src(url: str, key: str = "teste", folder: str = "geo", **kw) -> Source:
    """A catalogue entry of the TEST publisher."""
    return Source(key, "IBGE-TESTE", "Conjunto de teste", "2022", url, folder, **kw)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


PAYLOAD = bytes(range(256)) * 400  # 100 KiB of test bytes


# --- download(): resume, no Range support, errors -----------------------------------------


def test_resume_with_range(site, server, tmp_path):
    (site / "f.bin").write_bytes(PAYLOAD)
    target = tmp_path / "out" / "f.bin"
    target.parent.mkdir()
    (target.parent / "f.bin.part").write_bytes(PAYLOAD[: len(PAYLOAD) // 2])
    digest = download(f"{server.url}/f.bin", target, progress=False)
    assert server.requests == [("/f.bin", f"bytes={len(PAYLOAD) // 2}-")]
    assert target.read_bytes() == PAYLOAD
    assert digest == _digest(PAYLOAD)
    assert not (target.parent / "f.bin.part").exists()


def test_a_server_without_range_support_restarts_from_zero(site, tmp_path):
    (site / "f.bin").write_bytes(PAYLOAD)
    target = tmp_path / "f.bin"
    (tmp_path / "f.bin.part").write_bytes(b"lixo de uma tentativa anterior" * 10)
    with Server(site, ranges=False) as srv:
        digest = download(f"{srv.url}/f.bin", target, progress=False)
        assert srv.requests == [("/f.bin", "bytes=300-")]  # asked, answered 200 whole
    assert target.read_bytes() == PAYLOAD and digest == _digest(PAYLOAD)


def test_a_complete_part_is_published_on_416(site, server, tmp_path):
    (site / "f.bin").write_bytes(PAYLOAD)
    (tmp_path / "f.bin.part").write_bytes(PAYLOAD)
    download(f"{server.url}/f.bin", tmp_path / "f.bin", progress=False)
    assert (tmp_path / "f.bin").read_bytes() == PAYLOAD
    assert server.requests == [("/f.bin", f"bytes={len(PAYLOAD)}-")]


def test_download_without_part_has_no_range(site, server, tmp_path):
    (site / "g.bin").write_bytes(b"x" * 1000)
    download(f"{server.url}/g.bin", tmp_path / "g.bin", progress=False)
    assert server.requests == [("/g.bin", None)]
    assert server.encodings == ["identity"]  # stored bytes, never a gzip made on the fly


def test_http_404_is_named(server, tmp_path):
    with pytest.raises(DownloadError) as e:
        download(f"{server.url}/missing.csv", tmp_path / "out" / "missing.csv", progress=False)
    assert str(e.value) == (f"arquivo missing.csv: não foi possível baixar {server.url}/missing.csv: "
                            "o arquivo não existe nesse endereço (HTTP 404); o publicador pode "
                            "tê-lo movido ou renomeado")
    assert not (tmp_path / "out").exists()  # no folder, no .part


def test_an_unreachable_server_is_told_in_portuguese(tmp_path):
    url = f"http://127.0.0.1:{free_port()}/g.bin"
    with pytest.raises(DownloadError) as e:
        download(url, tmp_path / "g.bin", progress=False)
    assert str(e.value) == (f"arquivo g.bin: não foi possível baixar {url}: o servidor recusou a "
                            "conexão (sem rede, servidor fora do ar ou endereço errado)")
    assert e.value.kind == "refused"
    assert not (tmp_path / "g.bin").exists()


def test_a_name_that_does_not_resolve_is_told_as_offline(tmp_path):
    url = "http://servidor-de-teste.invalid/g.bin"  # .invalid never resolves (RFC 6761)
    with pytest.raises(DownloadError) as e:
        download(url, tmp_path / "g.bin", progress=False)
    assert str(e.value) == (f"arquivo g.bin: não foi possível baixar {url}: o nome do servidor não "
                            "foi encontrado (sem conexão com a internet ou DNS indisponível)")


def test_a_timeout_is_told_with_its_seconds(site, tmp_path):
    (site / "lento").mkdir()
    (site / "lento" / "f.bin").write_bytes(b"x")
    with Server(site, slow=2.0) as srv:
        with pytest.raises(DownloadError) as e:
            download(f"{srv.url}/lento/f.bin", tmp_path / "f.bin", timeout=(5.0, 0.5),
                     progress=False)
    assert str(e.value) == (f"arquivo f.bin: não foi possível baixar {srv.url}/lento/f.bin: o "
                            "servidor não respondeu em 0,5 s (tempo esgotado)")


def test_a_cut_transfer_keeps_its_bytes_and_resumes(site, server, tmp_path):
    (site / "cortado").mkdir()
    (site / "cortado" / "f.bin").write_bytes(PAYLOAD)
    target = tmp_path / "f.bin"
    with pytest.raises(DownloadError) as e:
        download(f"{server.url}/cortado/f.bin", target, progress=False)
    kept = (tmp_path / "f.bin.part").read_bytes()
    assert 0 < len(kept) <= len(PAYLOAD) // 2 and PAYLOAD.startswith(kept)
    assert str(e.value) == (f"arquivo f.bin: não foi possível baixar {server.url}/cortado/f.bin: "
                            f"a conexão caiu no meio do download; os {count_bytes(len(kept))} já "
                            "recebidos ficaram em f.bin.part e a próxima execução continua de "
                            "onde parou")
    assert e.value.kind == "cut" and not target.exists()
    (site / "f.bin").write_bytes(PAYLOAD)  # the same file, from a server that finishes
    download(f"{server.url}/f.bin", target, progress=False)
    assert server.requests[-1] == ("/f.bin", f"bytes={len(kept)}-")
    assert target.read_bytes() == PAYLOAD


def test_a_download_failing_its_sha256_never_replaces_the_good_file(site, server, tmp_path):
    (site / "f.csv").write_bytes(b"adulterado\n")
    target = tmp_path / "raw" / "f.csv"
    target.parent.mkdir()
    target.write_bytes(b"bom\n")
    good = sha256(target)
    with pytest.raises(DataError) as e:
        download(f"{server.url}/f.csv", target, expected=good, progress=False)
    assert str(e.value) == (f"arquivo f.csv: sha256 diferente: encontrado {_digest(b'adulterado' + bytes([10]))}; "
                            f"esperado {good}; o arquivo obtido foi descartado e o arquivo "
                            "anterior, se havia, ficou como estava")
    assert target.read_bytes() == b"bom\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.csv"]  # no .part left


# --- fetch_official(): the publishers' sets -----------------------------------------------


def test_a_full_fetch_records_the_sha256_and_a_rerun_skips(site, server, tmp_path):
    (site / "GO_Municipios_2022.zip").write_bytes(PAYLOAD)
    src = _src(f"{server.url}/GO_Municipios_2022.zip", "malha-municipal")
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == []
    assert [o.line() for o in report.outcomes] == [
        "malha-municipal: baixado geo/GO_Municipios_2022.zip"]
    doc = json.loads((raw / "fontes-baixadas.json").read_text(encoding="utf-8"))
    assert doc["sources"]["malha-municipal"] == {
        "publisher": "IBGE-TESTE", "dataset": "Conjunto de teste", "year": "2022",
        "url": f"{server.url}/GO_Municipios_2022.zip", "file": "geo/GO_Municipios_2022.zip",
        "sha256": _digest(PAYLOAD), "bytes": len(PAYLOAD), "retrieved": TODAY,
        "origin": "download", "derived": []}
    assert (raw / "SHA256SUMS").read_text() == f"{_digest(PAYLOAD)}  geo/GO_Municipios_2022.zip\n"
    n = len(server.requests)
    again = fetch_official(raw, sources=(src,), progress=False, today="2027-01-01")
    assert [o.line() for o in again.outcomes] == [
        "malha-municipal: já presente geo/GO_Municipios_2022.zip"]
    assert len(server.requests) == n  # checked locally, nothing asked of the server
    assert json.loads((raw / "fontes-baixadas.json").read_text())["sources"][
        "malha-municipal"]["retrieved"] == TODAY


def test_a_changed_file_is_refused_and_left_alone(site, server, tmp_path):
    (site / "f.zip").write_bytes(PAYLOAD)
    src = _src(f"{server.url}/f.zip")
    raw = tmp_path / "raw"
    fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    (raw / "geo" / "f.zip").write_bytes(b"editado")
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == [
        "teste (IBGE-TESTE, Conjunto de teste, 2022): geo/f.zip difere do que foi registrado "
        f"em fontes-baixadas.json (sha256 encontrado {_digest(b'editado')}; registrado "
        f"{_digest(PAYLOAD)}): o arquivo mudou depois de obtido. O que fazer: apague-o para "
        "baixá-lo de novo; nada foi alterado"]
    assert (raw / "geo" / "f.zip").read_bytes() == b"editado"


def test_a_404_names_the_set_the_address_and_what_to_do(server, tmp_path):
    src = _src(f"{server.url}/GO_Municipios_2022.zip", "malha-municipal")
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    url = f"{server.url}/GO_Municipios_2022.zip"
    assert report.problems == [
        f"malha-municipal (IBGE-TESTE, Conjunto de teste, 2022): não foi possível baixar {url}: "
        "o arquivo não existe nesse endereço (HTTP 404); o publicador pode tê-lo movido ou "
        "renomeado. O que fazer: procure o arquivo na página do publicador, ou baixe o arquivo "
        f"no navegador ({url}) e coloque-o em {raw / 'geo'}/ com o nome publicado "
        "(GO_Municipios_2022.zip); na próxima execução ele é conferido e registrado"]
    assert [o.line() for o in report.outcomes] == ["malha-municipal: falhou (ver o erro abaixo)"]
    assert sorted(p.name for p in raw.iterdir()) == []  # nothing recorded, no empty folder


def test_offline_every_set_is_told_and_the_host_tried_once(tmp_path):
    base = f"http://127.0.0.1:{free_port()}"
    sources = (_src(f"{base}/a.zip", "a"), _src(f"{base}/b.zip", "b", folder="census"))
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=sources, progress=False, today=TODAY)
    refused = "o servidor recusou a conexão (sem rede, servidor fora do ar ou endereço errado)"
    assert report.problems == [
        f"a (IBGE-TESTE, Conjunto de teste, 2022): não foi possível baixar {base}/a.zip: "
        f"{refused}. O que fazer: confira a conexão e rode o comando de novo mais tarde, ou "
        f"baixe o arquivo no navegador ({base}/a.zip) e coloque-o em {raw / 'geo'}/ com o nome "
        "publicado (a.zip); na próxima execução ele é conferido e registrado",
        f"b (IBGE-TESTE, Conjunto de teste, 2022): não foi possível baixar {base}/b.zip: "
        f"{refused} (na tentativa anterior, com o mesmo servidor). O que fazer: confira a "
        f"conexão e rode o comando de novo, ou baixe o arquivo no navegador ({base}/b.zip) e "
        f"coloque-o em {raw / 'census'}/ com o nome publicado (b.zip); na próxima execução ele "
        "é conferido e registrado"]


def test_a_file_put_by_hand_is_taken_checked_and_recorded(server, tmp_path):
    raw = tmp_path / "raw"
    (raw / "geo").mkdir(parents=True)
    (raw / "geo" / "GO_Municipios_2022.zip").write_bytes(PAYLOAD)
    src = _src(f"{server.url}/GO_Municipios_2022.zip", "malha-municipal")
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert [o.line() for o in report.outcomes] == [
        "malha-municipal: colocado à mão geo/GO_Municipios_2022.zip"]
    assert server.requests == []
    rec = rawmanifest.load(raw)["sources"]["malha-municipal"]
    assert (rec["origin"], rec["sha256"]) == ("manual", _digest(PAYLOAD))


def _zip(path: Path, members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2025, 4, 17, 10, 0, 0)), data)
    path.write_bytes(buf.getvalue())
    return buf.getvalue()


#: TEST fixture: a national CSV in the IBGE layout (latin-1, ';', quoted, CRLF); invented.
CSV_TESTE = ('"CD_SETOR";"CD_UF";"NM_MUN";"v0001"\r\n'
             '"520010005000001";"52";"Município Teste Goiás";"10"\r\n'
             '"530010805000001";"53";"Teste DF";"20"\r\n'
             '"520010005000002";"52";"Outro Teste Goiânia";"30"\r\n'
             '"110001505000001";"11";"Teste 52";"40"\r\n').encode("latin-1")


def test_the_newest_file_of_a_listing_is_fetched_and_goias_lines_kept(site, server, tmp_path):
    folder = site / "Agregados_por_Setor_csv"
    folder.mkdir()
    _zip(folder / "Agregados_por_setores_basico_BR_20250417.zip", {"velho.csv": b"x"})
    newest = _zip(folder / "Agregados_por_setores_basico_BR_20260520.zip",
                  {"Agregados_por_setores_basico_BR.csv": CSV_TESTE})
    _zip(folder / "Agregados_por_setores_renda_BR_20270101.zip", {"outro.csv": b"x"})
    ex = Extract("census/CD2022_Agregados_por_setores_basico_GO.csv", ("*.csv",), "rows",
                 "CD_UF", "52")
    src = _src(f"{server.url}/Agregados_por_Setor_csv/", "setores-agregados", "census",
               pattern=r"Agregados_por_setores_basico_BR(_\d{8})?\.zip", extract=(ex,))
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == []
    assert [o.line() for o in report.outcomes] == [
        "setores-agregados: baixado census/Agregados_por_setores_basico_BR_20260520.zip; "
        "census/CD2022_Agregados_por_setores_basico_GO.csv escrito"]
    lines = CSV_TESTE.split(b"\r\n")
    assert (raw / ex.path).read_bytes() == b"\r\n".join([lines[0], lines[1], lines[3], b""])
    rec = rawmanifest.load(raw)["sources"]["setores-agregados"]
    assert rec["url"] == (f"{server.url}/Agregados_por_Setor_csv/"
                          "Agregados_por_setores_basico_BR_20260520.zip")
    assert rec["sha256"] == _digest(newest)
    assert rec["derived"] == [{"file": ex.path, "sha256": sha256(raw / ex.path),
                               "how": ex.how, "from_sha256": _digest(newest)}]
    assert ex.how == ("linhas com CD_UF = 52 do membro *.csv do arquivo baixado (cabeçalho e "
                      "bytes de cada linha inalterados)")
    sums = (raw / "SHA256SUMS").read_text().splitlines()
    assert sums == sorted(sums) and len(sums) == 2
    again = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert [o.line() for o in again.outcomes] == [
        "setores-agregados: já presente census/Agregados_por_setores_basico_BR_20260520.zip; "
        "census/CD2022_Agregados_por_setores_basico_GO.csv já presente"]


def test_an_existing_file_that_is_not_from_the_download_is_kept(site, server, tmp_path):
    _zip(site / "a.zip", {"a.csv": CSV_TESTE})
    ex = Extract("census/a_GO.csv", ("*.csv",), "rows", "CD_UF", "52")
    raw = tmp_path / "raw"
    (raw / "census").mkdir(parents=True)
    (raw / "census" / "a_GO.csv").write_bytes(b"copia de terceiros\n")
    report = fetch_official(raw, sources=(_src(f"{server.url}/a.zip", extract=(ex,)),),
                            progress=False, today=TODAY)
    assert [o.line() for o in report.outcomes] == [
        "teste: baixado geo/a.zip; census/a_GO.csv mantido (já existia e não veio deste "
        "download; apague-o para usar o arquivo oficial)"]
    assert (raw / "census" / "a_GO.csv").read_bytes() == b"copia de terceiros\n"


def test_a_listing_without_the_file_says_so(site, server, tmp_path):
    (site / "pasta").mkdir()
    _zip(site / "pasta" / "outro.zip", {"a.csv": b"x"})
    src = _src(f"{server.url}/pasta/", "setores-agregados", "census",
               pattern=r"Agregados_por_setores_basico_BR(_\d{8})?\.zip")
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == [
        f"setores-agregados (IBGE-TESTE, Conjunto de teste, 2022): a listagem {server.url}/pasta/ "
        "não tem arquivo com o nome esperado (Agregados_por_setores_basico_BR_AAAAMMDD.zip); o "
        "publicador pode ter mudado o nome. O que fazer: baixe o arquivo no navegador "
        f"({server.url}/pasta/) e coloque-o em {raw / 'census'}/ com o nome publicado "
        "(Agregados_por_setores_basico_BR_AAAAMMDD.zip); na próxima execução ele é conferido e "
        "registrado"]


def test_the_goias_kmls_are_packed_reproducibly(site, server, tmp_path):
    _zip(site / "Localidades_Municipios_kml.zip", {
        "kml/GO/b_5200002_localidades_2022.kml": b"<kml>TESTE b</kml>",
        "kml/GO/a_5200001_localidades_2022.kml": b"<kml>TESTE a</kml>",
        "kml/MT/c_5100001_localidades_2022.kml": b"<kml>TESTE c</kml>"})
    ex = Extract("geo/kml_GO.tar.xz", ("kml/GO/*.kml",), "tar", folder="goias_kml")
    src = _src(f"{server.url}/Localidades_Municipios_kml.zip", "localidades", extract=(ex,))
    digests = []
    for run in ("um", "dois"):
        raw = tmp_path / run
        assert fetch_official(raw, sources=(src,), progress=False, today=TODAY).problems == []
        with tarfile.open(raw / ex.path) as tar:
            assert tar.getnames() == ["goias_kml", "goias_kml/a_5200001_localidades_2022.kml",
                                      "goias_kml/b_5200002_localidades_2022.kml"]
            assert tar.extractfile("goias_kml/a_5200001_localidades_2022.kml").read() == \
                b"<kml>TESTE a</kml>"
        digests.append(sha256(raw / ex.path))
    assert digests[0] == digests[1]


def test_a_file_made_from_a_download_is_cited_as_that_download(site, server, tmp_path):
    from viabilidade.data.provenance import record

    path = RAW_FILES["agg_mun"].path
    zipped = _zip(site / "Agregados_por_municipios_basico_BR_20260520.zip",
                  {"Agregados_por_municipios_basico_BR.csv": CSV_TESTE})
    ex = Extract(path, ("*.csv",), "rows", "CD_UF", "52")
    src = _src(f"{server.url}/Agregados_por_municipios_basico_BR_20260520.zip",
               "agregados-municipios", "census", extract=(ex,))
    raw = tmp_path / "raw"
    fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    rec = record(raw, "agg_mun")
    assert rec["retrieved"] == TODAY
    assert rec["via"] == (f"IBGE-TESTE, {server.url}/Agregados_por_municipios_basico_BR_20260520.zip "
                          f"(census/Agregados_por_municipios_basico_BR_20260520.zip, sha256 "
                          f"{_digest(zipped)}); {ex.how}")
    assert rec["fetched"] is True
    (raw / path).write_bytes(b"trocado\n")  # replaced since: no longer that download
    again = record(raw, "agg_mun")
    assert again["via"] == RAW_FILES["agg_mun"].via and "fetched" not in again


def test_a_downloaded_file_is_hashed_once(site, server, tmp_path, monkeypatch):
    """The sha256 download() computed as it published the file is the one recorded: the
    file is read once for its digest."""
    import viabilidade.data.download as download_mod
    import viabilidade.data.fetch as fetch_mod

    hashed: list[str] = []

    def counting(path):
        hashed.append(Path(path).name)
        return sha256(path)

    monkeypatch.setattr(download_mod, "sha256", counting)
    monkeypatch.setattr(fetch_mod, "sha256", counting)
    (site / "GO_Municipios_2022.zip").write_bytes(PAYLOAD)
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(_src(f"{server.url}/GO_Municipios_2022.zip",
                                               "malha-municipal"),), progress=False, today=TODAY)
    assert report.problems == []
    assert rawmanifest.load(raw)["sources"]["malha-municipal"]["sha256"] == _digest(PAYLOAD)
    assert hashed == ["GO_Municipios_2022.zip.part"]


def test_a_portal_set_fetches_each_monthly_csv_once(site, server, tmp_path):
    """A CKAN portal (the SEFAZ-GO revenue): the TEST server answers package_show with a
    resource list; each CSV is fetched once, the next month on a later run."""
    (site / "api" / "3" / "action").mkdir(parents=True)
    (site / "recursos").mkdir()
    months = {"arrecadacao_2024_01.csv": b"TIPO_RECEITA;ANO_MES;VALR_TOTAL\nICMS;202401;1,00\n",
              "arrecadacao_2024_02.csv": b"TIPO_RECEITA;ANO_MES;VALR_TOTAL\nICMS;202402;2,00\n"}
    for name, data in months.items():
        (site / "recursos" / name).write_bytes(data)

    def publish(names):
        resources = [{"url": f"{server.url}/recursos/{n}", "format": "CSV"} for n in names]
        resources.append({"url": f"{server.url}/recursos/leiame.pdf", "format": "PDF"})
        (site / "api" / "3" / "action" / "package_show").write_text(
            json.dumps({"success": True, "result": {"resources": resources}}), encoding="utf-8")

    src = _src(f"{server.url}/dataset/arrecadacao", "receita-sefaz", "revenue", ckan=("CSV",))
    raw = tmp_path / "raw"
    publish(["arrecadacao_2024_01.csv"])
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == []
    assert [o.line() for o in report.outcomes] == [
        "receita-sefaz: 1 arquivo baixado em revenue/arrecadacao"]
    assert server.requests[0] == ("/api/3/action/package_show?id=arrecadacao", None)
    publish(sorted(months))
    report = fetch_official(raw, sources=(src,), progress=False, today="2026-12-02")
    assert [o.line() for o in report.outcomes] == [
        "receita-sefaz: 1 arquivo baixado e 1 arquivo já presente em revenue/arrecadacao"]
    rec = rawmanifest.load(raw)["sources"]["receita-sefaz"]
    assert [(f["file"], f["sha256"], f["retrieved"]) for f in rec["files"]] == [
        ("revenue/arrecadacao/arrecadacao_2024_01.csv", _digest(months["arrecadacao_2024_01.csv"]), TODAY),
        ("revenue/arrecadacao/arrecadacao_2024_02.csv", _digest(months["arrecadacao_2024_02.csv"]),
         "2026-12-02")]
    assert (raw / "SHA256SUMS").read_text().count("revenue/arrecadacao/") == 2
    assert [p for p, _ in server.requests if p.startswith("/recursos/")] == [
        "/recursos/arrecadacao_2024_01.csv", "/recursos/arrecadacao_2024_02.csv"]


def test_a_portal_under_a_path_keeps_only_the_files_its_pattern_names(site, server, tmp_path):
    """The Tesouro's CKAN lives under /ckan/: package_show is asked there, and of its many
    monthly CSVs only the one the set names is fetched."""
    (site / "ckan" / "api" / "3" / "action").mkdir(parents=True)
    (site / "recursos").mkdir()
    names = ("TransferenciaMensalMunicipios202302.csv", "TransferenciaMensalMunicipios202303.csv")
    for name in names:
        (site / "recursos" / name).write_bytes(b"Munic\xedpio;UF;ANO;M\xeas;\n")
    (site / "ckan" / "api" / "3" / "action" / "package_show").write_text(json.dumps(
        {"success": True, "result": {"resources": [
            {"url": f"{server.url}/recursos/{n}", "format": "CSV"} for n in names]}}),
        encoding="utf-8")
    src = _src(f"{server.url}/ckan/dataset/transferencias-constitucionais-para-municipios",
               "fpm-municipios", "fiscal", ckan=("CSV",),
               ckan_files=(names[1],))
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == []
    assert server.requests[0] == (
        "/ckan/api/3/action/package_show?id=transferencias-constitucionais-para-municipios", None)
    assert [p for p, _ in server.requests[1:]] == [f"/recursos/{names[1]}"]
    assert sorted(p.name for p in (raw / "fiscal").rglob("*.csv")) == [names[1]]


def test_the_list_names_a_portal_sets_files_and_folder(capsys):
    from viabilidade.cli import main

    assert main(["data", "fetch", "--listar"]) == 0
    out = capsys.readouterr().out.split("\n")
    at = out.index("fpm-municipios: Tesouro Nacional, Transferências constitucionais para "
                   "municípios (mensal, por município), março de 2023")
    assert out[at + 1:at + 3] == [
        "  https://www.tesourotransparente.gov.br/ckan/dataset/transferencias-constitucionais-"
        "para-municipios (arquivo TransferenciaMensalMunicipios202303.csv do conjunto no "
        "portal)", "  pasta: fiscal/transferencias-constitucionais-para-municipios/"]
    at = out.index("receita-sefaz: SEFAZ-GO (Secretaria da Economia de Goiás), Arrecadação "
                   "estadual mensal por tipo de receita (Portal de Dados Abertos do Estado de "
                   "Goiás), todos os meses publicados")
    assert out[at + 1:at + 3] == [
        "  https://dadosabertos.go.gov.br/dataset/arrecadacao (todos os arquivos CSV do "
        "conjunto no portal)", "  pasta: revenue/arrecadacao/"]


def test_a_portal_answer_without_the_list_is_told(site, server, tmp_path):
    (site / "api" / "3" / "action").mkdir(parents=True)
    (site / "api" / "3" / "action" / "package_show").write_text(
        '{"success": false, "error": {"message": "Not found"}}', encoding="utf-8")
    src = _src(f"{server.url}/dataset/arrecadacao", "receita-sefaz", "revenue", ckan=("CSV",))
    raw = tmp_path / "raw"
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert report.problems == [
        f"receita-sefaz (IBGE-TESTE, Conjunto de teste, 2022): a API do portal ({server.url}/api/3/"
        "action/package_show?id=arrecadacao) não respondeu com a lista de arquivos do conjunto; o "
        "portal pode ter mudado. O que fazer: baixe os arquivos CSV no navegador "
        f"({server.url}/dataset/arrecadacao) e coloque-os em {raw / 'revenue' / 'arrecadacao'}/ "
        "com os nomes publicados; eles são conferidos e registrados na primeira execução em que "
        "o portal responder"]


def test_the_command_prints_each_set_and_exits_2_with_every_problem(monkeypatch, site, server,
                                                                    tmp_path, capsys):
    import viabilidade.data.catalogue as cat
    from viabilidade.cli import main

    (site / "ok.zip").write_bytes(PAYLOAD)
    test_catalogue = (_src(f"{server.url}/ok.zip", "bom"),
                      _src(f"{server.url}/falta.zip", "ruim"),
                      Source("manual", "SEFAZ-TESTE", "Teste", "2024", "https://exemplo.invalid/",
                             "revenue", manual="baixe à mão (teste)"))
    monkeypatch.setattr(cat, "CATALOGUE", test_catalogue)
    monkeypatch.setattr(cat, "BY_KEY", {s.key: s for s in test_catalogue})
    import viabilidade.data.fetch as fetch_mod

    monkeypatch.setattr(fetch_mod, "CATALOGUE", test_catalogue)
    raw = tmp_path / "raw"
    assert main(["data", "fetch", "--raw", str(raw), "--sem-progresso"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [
        "bom: baixado geo/ok.zip", "ruim: falhou (ver o erro abaixo)",
        "manual: sem download automático — baixe à mão (teste)",
        f"Registro: {raw / 'fontes-baixadas.json'} (sha256 de cada arquivo; lista também em "
        f"{raw / 'SHA256SUMS'})"]
    assert err.startswith(f"erro: ruim (IBGE-TESTE, Conjunto de teste, 2022): não foi possível "
                          f"baixar {server.url}/falta.zip: o arquivo não existe nesse endereço")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["data", "fetch", "--raw", str(raw), "--so", "bom"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "bom: já presente geo/ok.zip"
    assert main(["data", "fetch", "--raw", str(raw), "--so", "boom"]) == 2
    assert capsys.readouterr().err == ("erro: conjunto desconhecido 'boom' (seria 'bom'?); "
                                       "esperado um de: bom, ruim, manual\n")

    # review-batch2 #5: a repeated --so adds up; a run that recorded nothing names no register
    empty = tmp_path / "vazia"
    assert main(["data", "fetch", "--raw", str(empty), "--so", "ruim", "--so", "manual",
                 "--sem-progresso"]) == 2
    out = capsys.readouterr().out
    assert out.splitlines() == ["ruim: falhou (ver o erro abaixo)",
                                "manual: sem download automático — baixe à mão (teste)"]
    assert not (empty / "fontes-baixadas.json").exists()


def test_the_sidra_gdp_set_says_what_to_save_by_hand():
    """review-batch2 #6: the SIDRA API address ends in ``all``: the advice names the xlsx file
    ``data build`` reads and how to export it, never "com o nome publicado (all)"."""
    from viabilidade.data.catalogue import BY_KEY
    from viabilidade.data.fetch import _by_hand

    s = BY_KEY["pib-municipios"]
    assert s.filename == "sidra_tabela5938_pib_municipios_GO.json"
    assert _by_hand(s, Path("raw")) == (
        "abra a tabela 5938 no SIDRA (https://sidra.ibge.gov.br/tabela/5938), escolha os "
        "municípios de Goiás, as variáveis PIB a preços correntes, impostos e valor adicionado "
        "bruto e todos os anos, baixe em xlsx e salve como "
        "raw/economy/sidra_tabela5938_pib_municipios_GO_2002-2023.xlsx (o arquivo que "
        "`viabilidade data build` lê)")


def test_ctrl_c_keeps_the_bytes_and_the_same_command_resumes(monkeypatch, site, tmp_path,
                                                               capsys):
    """A real Ctrl-C (SIGINT to this process) while the TEST server pauses halfway."""
    import os
    import signal
    import threading

    import viabilidade.data.catalogue as cat
    import viabilidade.data.fetch as fetch_mod
    from viabilidade.cli import main

    (site / "gotejando").mkdir()
    (site / "gotejando" / "f.bin").write_bytes(PAYLOAD)
    with Server(site, slow=6.0) as srv:
        test_catalogue = (_src(f"{srv.url}/gotejando/f.bin", "lento"),)
        for mod in (cat, fetch_mod):
            monkeypatch.setattr(mod, "CATALOGUE", test_catalogue)
        raw = tmp_path / "raw"
        timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            assert main(["data", "fetch", "--raw", str(raw), "--sem-progresso"]) == 130
        finally:
            timer.cancel()
        err = capsys.readouterr().err
        assert err.splitlines()[0] == (
            f"os bytes já recebidos ficaram em geo/f.bin.part (na pasta {raw}); rode o mesmo "
            "comando de novo para continuar de onde parou")
        kept = (raw / "geo" / "f.bin.part").read_bytes()
        assert 0 < len(kept) <= len(PAYLOAD) // 2 and PAYLOAD.startswith(kept)
        assert not (raw / "geo" / "f.bin").exists()
        srv.slow = 0.0
        assert main(["data", "fetch", "--raw", str(raw), "--sem-progresso"]) == 0
        assert srv.requests[-1] == ("/gotejando/f.bin", f"bytes={len(kept)}-")
    assert (raw / "geo" / "f.bin").read_bytes() == PAYLOAD


def test_the_catalogue_names_each_set_once_with_its_files():
    from viabilidade.data import catalogue as cat

    keys = [s.key for s in cat.CATALOGUE]
    assert len(keys) == len(set(keys))
    for s in cat.CATALOGUE:
        assert s.publisher and s.dataset and s.year and s.url.startswith("https://") and s.folder
        assert bool(s.filename) != bool(s.pattern or s.manual or s.ckan), s.key
    assert cat.raw_path("setores-malha") == cat.SETORES_MALHA == "geo/GO_setores_CD2022.gpkg"
    assert cat.raw_path("setores-agregados") == cat.SETORES_AGREGADOS
    assert cat.raw_path("localidades") == cat.LOCALIDADES_KML
    assert cat.raw_path("agregados-municipios") == RAW_FILES["agg_mun"].path
    assert cat.raw_path("malha-municipal") == "geo/GO_Municipios_2022.zip"
    assert cat.BY_KEY["malha-municipal"].url == (
        "https://geoftp.ibge.gov.br/organizacao_do_territorio/malhas_territoriais/"
        "malhas_municipais/municipio_2022/UFs/GO/GO_Municipios_2022.zip")
    assert cat.BY_KEY["eleitorado-perfil"].url == (
        "https://cdn.tse.jus.br/estatistica/sead/odsele/perfil_eleitorado/"
        "perfil_eleitorado_2026.zip")
    assert [s.key for s in cat.CATALOGUE if s.optional] == ["cnefe"]
    assert [s.key for s in cat.CATALOGUE if not s.confirmed] == [
        "populacao-primeiros-resultados", "imb-goias-em-dados", "fpm-tcu-2023",
        "atos-criacao-municipios", "ipm-icms"]
    assert cat.raw_path("dtb") == cat.DTB_DISTRITOS == "dtb/RELATORIO_DTB_BRASIL_DISTRITO.ods"
    assert cat.BY_KEY["fpm-municipios"].url == (
        "https://www.tesourotransparente.gov.br/ckan/dataset/"
        "transferencias-constitucionais-para-municipios")
    assert cat.BY_KEY["fpm-mensal"].url == (
        "https://www.tesourotransparente.gov.br/ckan/dataset/transferencias-obrigatorias-da-uniao")
    assert cat.raw_path("areas-territoriais") == "geo/AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx"
    assert cat.BY_KEY["fpm-municipios"].ckan_folder == (
        "fiscal/transferencias-constitucionais-para-municipios")


# --- mirrors ---------------------------------------------------------------------------------


def test_a_file_given_as_dest_is_named_as_a_file(tmp_path):
    from viabilidade.data.fetch import fetch

    afile = tmp_path / "raw.txt"
    afile.write_text("meu arquivo", encoding="utf-8")
    with pytest.raises(DataError) as e:
        fetch(afile, mirror=tmp_path)
    assert str(e.value) == (f"--raw {afile}: é um arquivo; esperada uma pasta (ou um caminho "
                            "ainda inexistente, que será criado)")
    assert afile.read_text(encoding="utf-8") == "meu arquivo"


def test_a_mirror_that_is_the_destination_is_refused(tmp_path):
    from viabilidade.data.fetch import fetch

    with pytest.raises(DataError) as e:
        fetch(tmp_path, mirror=tmp_path)
    assert str(e.value) == (f"--from {tmp_path} e --raw {tmp_path} são a mesma pasta; esperada "
                            "uma pasta-espelho diferente da pasta de destino (os arquivos já "
                            "estão lá)")


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
def test_mirror_server_reproduces_raw_files(site, server, tmp_path):
    root, url = site, server.url
    for f in RAW_FILES.values():
        (root / f.path).parent.mkdir(parents=True, exist_ok=True)
        (root / f.path).write_bytes((RAW / f.path).read_bytes())
    half = RAW_FILES["agg_mun"].path
    dest = tmp_path / "raw"
    (dest / half).parent.mkdir(parents=True)
    data = (RAW / half).read_bytes()
    (dest / (half + ".part")).write_bytes(data[: len(data) // 2])
    sums = fetch(dest, base_url=url, manifest=MANIFEST, progress=False)
    assert (f"/{half}", f"bytes={len(data) // 2}-") in server.requests
    for f in RAW_FILES.values():
        assert sums[f.path] == sha256(RAW / f.path)
        assert (dest / f.path).read_bytes() == (RAW / f.path).read_bytes()
    # one line per raw file: the Localidades 2022 tar.xz feeds four roles (boundaries,
    # boundaries_map, seats, vilas) but is one file, one line
    files = {f.path for f in RAW_FILES.values()}
    assert (dest / "SHA256SUMS").read_text().count("\n") == len(files) == 16


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
    assert main(["data", "fetch", "--raw", str(dest), "--from", str(mirror)]) == 0
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
    """Hostile retrial J: a loop as --raw read 'já existe', as --from 'arquivo ausente'."""
    manifest = _one_file_layout(monkeypatch, tmp_path, b"bom\n")
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    loop = "link simbólico em laço (aponta, direta ou indiretamente, para si mesmo)"
    mirror = tmp_path / "espelho"
    mirror.mkdir()
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "a", mirror=mirror, manifest=manifest)
    assert str(e.value) == f"--raw {tmp_path / 'a'}: {loop}; esperada uma pasta"
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=tmp_path / "a", manifest=manifest)
    assert str(e.value) == f"--from {tmp_path / 'a'}: {loop}; esperada uma pasta"
    (mirror / "dtb").mkdir()
    (mirror / "dtb" / "x.csv").symlink_to(mirror / "dtb" / "x.csv")
    with pytest.raises(DataError) as e:
        fetch(tmp_path / "raw", mirror=mirror, manifest=manifest)
    assert str(e.value) == f"arquivo x.csv: {loop}; esperado um arquivo da pasta-espelho"


@pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
def test_a_fetched_aggregate_feeds_the_build_and_is_cited_as_its_download(site, server,
                                                                         tmp_path):
    """The real catalogue entry, its address moved to the local server, which serves a TEST
    stand-in of the national zip made from the shared Goiás copy (so the Goiás lines it
    yields are that copy, byte for byte)."""
    import dataclasses
    import shutil

    from viabilidade.data import catalogue as cat
    from viabilidade.data.store import build_store

    path = cat.AGREGADOS_MUNICIPIOS
    folder = site / "Agregados_por_Municipio_csv"
    folder.mkdir()
    zipped = _zip(folder / "Agregados_por_municipios_basico_BR_20250417.zip",
                  {"Agregados_por_municipios_basico_BR.csv": (RAW / path).read_bytes()})
    src = dataclasses.replace(cat.BY_KEY["agregados-municipios"],
                              url=f"{server.url}/Agregados_por_Municipio_csv/")
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw)
    (raw / path).unlink()
    report = fetch_official(raw, sources=(src,), progress=False, today=TODAY)
    assert [o.line() for o in report.outcomes] == [
        "agregados-municipios: baixado census/Agregados_por_municipios_basico_BR_20250417.zip; "
        f"{path} escrito"]
    assert sha256(raw / path) == sha256(RAW / path)
    manifest = build_store(raw, tmp_path / "store")
    (rec,) = [r for r in manifest["tables"]["municipalities"]["provenance"]
              if r["files"][0]["path"] == path]
    assert rec["retrieved"] == TODAY and rec["fetched"] is True
    assert rec["via"] == (
        f"IBGE, {server.url}/Agregados_por_Municipio_csv/Agregados_por_municipios_basico_BR_"
        "20250417.zip (census/Agregados_por_municipios_basico_BR_20250417.zip, sha256 "
        f"{_digest(zipped)}); linhas com CD_UF = 52 do membro *.csv do arquivo baixado "
        "(cabeçalho e bytes de cada linha inalterados)")
    committed = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert (manifest["tables"]["municipalities"]["sha256"]
            == committed["tables"]["municipalities"]["sha256"])  # the same table
