"""The raw-file readers and the store after hostile trial 6 of issue 32 (docs/ERRORS.md, H6-1
to H6-12): a Censo CSV's header checked (column count, repeated names, required columns) on its
first line before the file is parsed; the tract counts read record by record; a store table's
size compared with the manifest before it is hashed."""

from __future__ import annotations

import shutil

import pytest

import official_fixtures as fx
from viabilidade.data import census, tabular, tracts
from viabilidade.errors import DataError

needs_raw = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")

MUN = "CD2022_Agregados_por_municipios_basico_GO.csv"
TRACTS = "CD2022_Agregados_por_setores_basico_GO.csv"
FICTITIOUS = fx.REPO / "tests" / "fixtures" / "setores_ficticios" / "census" / TRACTS


@pytest.fixture
def unparsed(monkeypatch):
    """The file's body must not be decoded: the header is refused from its first line."""
    def never(*a, **k):
        raise AssertionError("the whole file was decoded before its header was checked")
    monkeypatch.setattr(tabular, "decode", never)
    monkeypatch.setattr(tabular, "decoded_lines", never)


def _widened(src, dst, extra: int):
    """``src`` with ``extra`` columns ``X1``… appended to its header (rows left as they are)."""
    data = src.read_bytes()
    eol = b"\r\n" if b"\r\n" in data else b"\n"
    lines = data.split(eol)
    lines[0] += b"".join(b';"X%d"' % i for i in range(1, extra + 1))
    dst.write_bytes(eol.join(lines))
    return dst


# ------------------------------------------------------- H6-1: a Censo header checked first
@needs_raw
def test_a_census_header_of_a_hundred_thousand_columns_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b";".join(b"C%d" % i for i in range(100_000)) + b"\r\n1\r\n")
    assert path.stat().st_size < 1_000_000  # under the recorded size's margin: only the header stops it
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1: o cabeçalho tem 100.000 colunas; esperadas "
                            "no máximo 144 (o arquivo como publicado tem menos)")


@needs_raw
def test_a_census_header_naming_a_column_twice_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b"CD_MUN;" * 100 + b"NM_MUN\r\n")
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1: a coluna 'CD_MUN' aparece mais de uma vez no "
                            "cabeçalho; esperado cada nome de coluna uma só vez, como publicado")


@needs_raw
def test_a_census_header_without_its_code_column_is_refused_before_the_parse(tmp_path, unparsed):
    path = tmp_path / MUN
    path.write_bytes(b'"NM_MUN";"AREA_KM2"\r\n' + b'"x";"1"\r\n' * 1000)
    with pytest.raises(DataError) as e:
        census.read_aggregates(path, level="municipios")
    assert str(e.value) == (f"arquivo {MUN}, linha 1, coluna 'CD_MUN': coluna ausente; esperada "
                            "'CD_MUN', encontradas as colunas ['NM_MUN', 'AREA_KM2']")


@needs_raw
def test_the_census_column_bound_is_the_widest_layout_times_four_both_sides(tmp_path):
    real = fx.RAW / "census" / MUN  # 14 columns
    at = census.read_aggregates(_widened(real, tmp_path / MUN, census.HEADER_COLUMNS_MAX - 14),
                                level="municipios")
    assert len(at) == 246 and at["populacao"].sum() == 7_056_495
    with pytest.raises(DataError, match="o cabeçalho tem 145 colunas; esperadas no máximo 144"):
        census.read_aggregates(_widened(real, tmp_path / MUN, census.HEADER_COLUMNS_MAX - 13),
                               level="municipios")


# ------------------------------------------------- H6-1: the tract counts read record by record
def test_the_tract_counts_keep_goias_lines_and_refuse_a_wide_header_unread(tmp_path, monkeypatch):
    lines = FICTITIOUS.read_bytes().split(b"\n")
    header = lines[0].rstrip(b"\r").split(b";")
    uf = header.index(b'"CD_UF"')
    other = [f for f in lines[1].rstrip(b"\r").split(b";")]
    other[uf] = b'"53"'
    other[0] = b'"530010805000001"'
    path = tmp_path / TRACTS
    path.write_bytes(b"\n".join([lines[0], b";".join(other), *lines[1:]]))
    got = tracts.read_tract_counts(path)
    want = tracts.read_tract_counts(FICTITIOUS)
    assert got.drop(columns="_row").equals(want.drop(columns="_row"))
    assert list(got["_row"]) == [r + 1 for r in want["_row"]]  # the DF line (2) passed over
    path.write_bytes(lines[0].rstrip(b"\r") + b"".join(b';"X%d"' % i for i in range(109)) + b"\n")
    monkeypatch.setattr(tabular, "decoded_lines", lambda *a, **k: pytest.fail("read whole"))
    with pytest.raises(DataError) as e:
        tracts.read_tract_counts(path)
    assert str(e.value) == (f"arquivo {TRACTS}, linha 1: o cabeçalho tem 145 colunas; esperadas "
                            "no máximo 144 (o arquivo como publicado tem menos)")


# ------------------------------------ H6-2: a store table's size compared before it is hashed
def _store_copy(tmp_path):
    dest = tmp_path / "processed"
    shutil.copytree(fx.REPO / "data" / "processed", dest)
    return dest


def test_a_table_of_another_size_is_refused_by_its_size_before_it_is_hashed(tmp_path, monkeypatch):
    from viabilidade.data import store as store_mod, store_open

    root = _store_copy(tmp_path)
    with open(root / "seats.parquet", "r+b") as fh:  # sparse, under store.TABLE_MAX (256 MiB)
        fh.truncate(200 * 2**20)
    monkeypatch.setattr(store_open, "sha256", lambda p: pytest.fail(f"{p} was hashed"))
    with pytest.raises(DataError) as e:
        store_mod.load_store(root)
    assert str(e.value) == (f"tabela 'seats' ({root / 'seats.parquet'}) difere do manifesto: tem "
                            "209.715.200 bytes, o manifesto registra 6.358 bytes; o repositório "
                            "foi alterado ou gravado pela metade; gere-o de novo com `viabilidade "
                            "data build`")


def test_the_committed_manifest_records_each_tables_size_and_an_older_one_still_loads(tmp_path):
    import json

    from viabilidade.data import store as store_mod

    root = _store_copy(tmp_path)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    assert {n: t["bytes"] for n, t in manifest["tables"].items()} == {
        n: (root / t["file"]).stat().st_size for n, t in manifest["tables"].items()}
    assert manifest["tables"]["seats"]["bytes"] == 6358
    for table in manifest["tables"].values():  # a store written before the sizes were recorded
        del table["bytes"]
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert len(store_mod.load_store(root).seats) == 246
    (root / "seats.parquet").write_bytes(b"\0" * 6358)  # no size to compare: hashed as before
    with pytest.raises(DataError, match=r"^tabela 'seats' \(.*\) difere do manifesto \(sha256 "):
        store_mod.load_store(root)


def test_a_table_size_that_is_not_a_whole_number_makes_the_manifest_invalid(tmp_path):
    import json

    from viabilidade.data import store as store_mod

    root = _store_copy(tmp_path)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    manifest["tables"]["seats"]["bytes"] = "6358"
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(DataError, match=r"^.*manifest\.json não é um manifesto válido"):
        store_mod.load_store(root)


# -------------------------------------------------------- H6-9: a batch's failures cut at 50
def _failures(n: int) -> list[dict]:
    from viabilidade.batch.unit import _failed

    return [_failed({"slug": f"c{i:04d}", "candidate": f"lt/c{i:04d}.toml"},
                    f"arquivo c{i:04d}.toml, linha 1: problema um\narquivo c{i:04d}.toml, linha 2: "
                    "problema dois", None, {}, 0.0) for i in range(n)]


@pytest.mark.parametrize("n", [50, 51, 3000])
def test_a_batchs_failures_are_listed_up_to_fifty_then_counted(n):
    import io
    import types

    from viabilidade.batch.index import render_index
    from viabilidade.cli.lote import details

    records = _failures(n)
    out = io.StringIO()
    details(types.SimpleNamespace(failures=records, twins=[], superseded=[], earlier=[]), out)
    lines = out.getvalue().splitlines()
    assert lines[:2] == ["  falhou: c0000 (c0000.toml): arquivo c0000.toml, linha 1: problema um",
                         "    arquivo c0000.toml, linha 2: problema dois"]
    page = render_index(records, "lt")
    rest = n - 50
    tail = (f"  … e mais {'2.950' if n == 3000 else rest} {'falha' if rest == 1 else 'falhas'} "
            "(mostradas as 50 primeiras; corrija-as e execute de novo para ver as demais)")
    if n == 50:
        assert len(lines) == 100 and "… e mais" not in page
    else:
        assert len(lines) == 101 and lines[-1] == tail
        assert f"<p>{tail.strip()}</p>" in page
    assert page.count("<h3 id=") == 50 and page.count('href="#falha-') == 100
    assert f'<h2>Falhas ({n})</h2>' in page and page.count('<tr class="falhou">') == n


# ------------------------------------ H6-11: a raw folder's link leaving it is not followed
def test_a_raw_folders_links_leaving_it_are_refused_and_links_within_it_followed(tmp_path):
    from viabilidade.data.store import raw_links_outside

    raw = tmp_path / "raw"
    (raw / "fiscal").mkdir(parents=True)
    (raw / "fiscal" / "ok.csv").write_text("a\n", encoding="utf-8")
    (raw / "fiscal" / "dentro.csv").symlink_to(raw / "fiscal" / "ok.csv")
    (raw / "laço.csv").symlink_to(raw / "laço.csv")
    (tmp_path / "raw-link").symlink_to(raw)  # the folder itself may be a link
    raw_links_outside(tmp_path / "raw-link")
    (raw / "fiscal" / "FPM.csv").symlink_to("/etc/passwd")
    (raw / "geo").symlink_to(tmp_path)
    with pytest.raises(DataError) as e:
        raw_links_outside(raw)
    assert str(e.value) == (
        f"pasta de dados brutos {raw}: fiscal/FPM.csv é um link simbólico para /etc/passwd, "
        f"fora da pasta; geo é um link simbólico para {tmp_path}, fora da pasta; esperados os "
        "arquivos dentro da pasta (copie-os para lá em vez de ligá-los): nenhum link foi seguido")


def test_data_build_refuses_a_raw_link_to_etc_passwd_unread(tmp_path, monkeypatch):
    from viabilidade.data import store as store_mod

    raw = tmp_path / "raw"
    (raw / "fiscal").mkdir(parents=True)
    (raw / "fiscal" / "FPM.csv").symlink_to("/etc/passwd")
    monkeypatch.setattr(store_mod, "missing_raw_files", lambda r: None)  # the other files
    with pytest.raises(DataError, match=r"fiscal/FPM\.csv é um link simbólico para /etc/passwd"):
        store_mod.build_store(raw, tmp_path / "store")


# ------------------------------------------------ H6-7: an upload's name and folder in pt-BR
KML = fx.REPO / "tests" / "fixtures" / "posse-dabadia-desenhada.kml"


def test_an_uploads_name_leaves_room_for_the_temporary_name_both_sides(tmp_path):
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import MAX_NAME_BYTES, store_upload

    assert MAX_NAME_BYTES == 237
    at = "a" + "ç" * 116 + ".kml"  # 237 bytes of UTF-8
    assert len(at.encode()) == 237
    stored = store_upload(at, KML.read_bytes(), tmp_path / "c")
    assert stored.name == at and stored.read_bytes() == KML.read_bytes()
    assert store_upload(at, KML.read_bytes() + b"\n", tmp_path / "c").name == at[:-4] + "-2.kml"
    with pytest.raises(GeoError) as e:
        store_upload("ç" * 123 + ".geojson", b"{}", tmp_path / "c")  # 254 bytes
    assert str(e.value) == ("o nome do arquivo enviado tem mais de 237 bytes; renomeie o arquivo "
                            "e envie de novo")


def test_an_upload_into_a_folder_that_is_a_file_is_refused_in_words(tmp_path):
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import store_upload

    (tmp_path / "c").write_text("x", encoding="utf-8")
    with pytest.raises(GeoError) as e:
        store_upload("posse.kml", KML.read_bytes(), tmp_path / "c")
    assert str(e.value) == (f"posse.kml não foi guardado: {tmp_path / 'c'} é um arquivo, não "
                            "uma pasta; escolha outra pasta para os candidatos")
    with pytest.raises(GeoError) as e:
        store_upload("posse.kml", KML.read_bytes(), tmp_path / "c" / "sub")
    assert str(e.value) == (f"posse.kml não foi guardado em {tmp_path / 'c' / 'sub'}: um "
                            "componente do caminho é um arquivo, não uma pasta")


# ------------------------------------------------ H6-8: a 70 KB argument quoted in one line
def test_a_seventy_kilobyte_argument_is_quoted_in_a_short_line(tmp_path, capsys):
    from viabilidade.cli import main as cli_main

    assert cli_main(["estudo", "x" * 70_000, "--saida", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err == ("erro: '" + "x" * 80 + "'… (70.000 caracteres): nome "
                                       "longo demais\n")


# ------------------------------------- H6-10: a store or raw folder told for what it is
@pytest.mark.parametrize("text, said", [
    ('{"format": 99, "tables": {}}', "'format' é 99; esta versão lê o formato 1, um número inteiro (repositório "
                                     "gravado por outra versão?)"),
    ('{"format": 1, "tables": [1, 2]}', "'tables' é [1, 2]; esperado um objeto com uma entrada "
                                        "por tabela"),
    ('{"tables": {"seats": {"sha256": 5}}}', "a tabela 'seats' não tem 'sha256' em texto"),
    ('{"tables": {"seats": {"sha256": "0", "bytes": -1}}}',
     "'bytes' da tabela 'seats' é -1; esperado um número inteiro de bytes"),
    ("[1]", "esperado um objeto JSON com 'format' e 'tables'"),
])
def test_a_manifest_of_wrong_shape_or_format_is_told_in_portuguese(tmp_path, text, said):
    from viabilidade.data.store import load_store

    (tmp_path / "manifest.json").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_store(tmp_path)
    assert str(e.value) == (f"{tmp_path / 'manifest.json'} não é um manifesto válido: {said}; "
                            "gere o repositório de novo com `viabilidade data build`")


def test_a_manifest_linked_to_a_device_and_a_raw_folder_that_loops_are_named(tmp_path):
    from viabilidade.data.store import build_store, load_store

    (tmp_path / "manifest.json").symlink_to("/dev/zero")
    with pytest.raises(DataError) as e:
        load_store(tmp_path)
    assert str(e.value) == (f"{tmp_path / 'manifest.json'} é um dispositivo, não um arquivo "
                            f"comum: a pasta {tmp_path} não é um repositório processado; gere-o "
                            "com `viabilidade data build --raw <pasta>`")
    (tmp_path / "laço").symlink_to(tmp_path / "laço")
    (tmp_path / "arquivo").write_text("x", encoding="utf-8")
    tail = ("; esperada a pasta com census/, dtb/, electoral/, economy/, revenue/ e geo/ (p. ex. "
            "../shared/data)")
    for name, said in [("laço", ": link simbólico em laço (aponta, direta ou indiretamente, "
                                "para si mesmo)"),
                       ("arquivo", ": é um arquivo, não uma pasta"), ("nada", " não encontrada")]:
        with pytest.raises(DataError) as e:
            build_store(tmp_path / name, tmp_path / "store")
        assert str(e.value) == f"pasta de dados brutos {tmp_path / name}{said}{tail}"


# ------------------------------------ H6-3: a UTF-8 header where latin-1 is published
def test_a_utf8_header_with_a_bom_where_latin1_is_published_is_told_not_garbled(tmp_path):
    from viabilidade.data.tabular import require_header

    path = tmp_path / "TransferenciaMensalMunicipios202303.csv"
    path.write_bytes(b"\xef\xbb\xbf" + "Município;UF\nAbadiânia;GO\n".encode("utf-8"))
    with pytest.raises(DataError) as e:
        require_header(path, encoding="latin-1", sep=";", required=["Município"])
    assert str(e.value) == (f"arquivo {path.name}, linha 1: codificação errada: encontrado UTF-8 "
                            "(primeiro caractere acentuado 'í'); esperado ISO-8859-1 (latin-1), "
                            "como publicado; use o arquivo como publicado")
    path.write_bytes(b"\xef\xbb\xbf" + "Município;UF\nAbadiânia;GO\n".encode("latin-1"))
    assert require_header(path, encoding="latin-1", sep=";", required=["Município"]) == [
        "Município", "UF"]


# ------------------------------------ H6-4: values in messages written as TOML writes them
def test_a_table_or_list_in_a_message_is_written_as_toml_not_as_python():
    import datetime as dt

    from viabilidade.errors import found_value

    assert found_value({"kind": "proposta", "date": dt.date(2027, 2, 10)}) == (
        "encontrada a tabela {kind = 'proposta', date = 2027-02-10}")
    assert found_value({"a": {"b": 1}}) == "encontrada a tabela {a = {b = 1}}"
    assert found_value([True, 1.5, "x"]) == "encontrada a lista [true, 1.5, 'x']"
    assert found_value(list(range(100))) == "encontrada a lista [0, 1, 2, 3, 4, 5, … e mais 94]"
    assert found_value("x") == "encontrado o texto 'x'"


# ------------------------------ H6-6: a session file that cannot be restored, told in pt-BR
@pytest.mark.parametrize("text, reason", [
    ("", "não é JSON válido: erro na linha 1, coluna 1"),
    ("[" * 100_000 + "]" * 100_000, "listas ou objetos aninhados em profundidade excessiva"),
    ('{"version": 1}', "falta o campo 'scenario'"),
    ('{"version": 1, "undo": 5}', "um campo tem o tipo errado (arquivo de outra versão ou "
                                  "editado à mão?)"),
    ("[1]", "esperado um objeto JSON"),
])
def test_a_session_that_cannot_be_restored_says_why_in_portuguese(tmp_path, text, reason):
    from viabilidade.errors import CandidateError
    from viabilidade.explore.persist import read_session

    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        read_session(path)
    assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada ({reason}); o "
                            "explorador começa do cenário inicial")


def test_a_session_over_its_bound_is_refused_unread(tmp_path, monkeypatch):
    from viabilidade.errors import CandidateError
    from viabilidade.explore import persist

    path = tmp_path / "s.json"
    path.write_text('{"version": 1}', encoding="utf-8")
    monkeypatch.setattr(persist, "SESSION_MAX_BYTES", 13)
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert "tem 14 bytes, acima do limite de 13 bytes" in str(e.value)
