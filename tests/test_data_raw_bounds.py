"""Raw files bounded before they are parsed (issue 32, fourth hostile trial H4-5, H4-6 and the
FIFO of H4-8): a TSE CSV's header is checked before the file is read and its size against
the bound of its kind; a SIDRA answer's size and number of objects before the JSON is
parsed; a FIFO is told as not a regular file."""

from __future__ import annotations

import json
import os
import tracemalloc

import pytest

from viabilidade.data import sidra, tabular, tse
from viabilidade.data.codes import Crosswalk
from viabilidade.data.download import Limit
from viabilidade.errors import DataError

TSE_NAME = "detalhe_votacao_munzona_2022_GO.csv"
HEADER = ('"DT_GERACAO";"HH_GERACAO";"ANO_ELEICAO";"NR_TURNO";"SG_UF";"CD_MUNICIPIO";'
          '"NM_MUNICIPIO";"NR_ZONA";"CD_CARGO";"DS_CARGO";"QT_APTOS"')
ROW = '"03/10/2022";"01:00:00";"2022";"1";"GO";"93734";"GOIÂNIA";"1";"1";"Presidente";"1"'
CW = Crosswalk(__import__("pandas").DataFrame({"cod_tse": ["93734"], "cod_ibge": ["5208707"],
                                               "nome_tse": ["GOIÂNIA"]}))


def _refused_with_peak(read, *args):
    """The DataError ``read(*args)`` raises and the peak of Python memory it took (bytes)."""
    tracemalloc.start()
    try:
        with pytest.raises(DataError) as e:
            read(*args)
        return e, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_missing_column_is_told_from_the_header_before_the_rows_are_read(tmp_path):
    f = tmp_path / TSE_NAME
    header = HEADER.replace('"CD_CARGO";', "")
    with open(f, "wb") as fh:  # 4 MB of rows: never parsed
        fh.write((header + "\r\n").encode("latin-1"))
        fh.write(((ROW.replace('"1";"Presidente"', '"Presidente"') + "\r\n") * 50_000)
                 .encode("latin-1"))
    e, peak = _refused_with_peak(tse.read_detalhe_votacao_munzona, f, CW)
    assert str(e.value) == (
        f"arquivo {TSE_NAME}, linha 1, coluna 'CD_CARGO': coluna ausente; esperada 'CD_CARGO', "
        "encontradas as colunas ['DT_GERACAO', 'HH_GERACAO', 'ANO_ELEICAO', 'NR_TURNO', "
        "'SG_UF', 'CD_MUNICIPIO', 'NM_MUNICIPIO', 'NR_ZONA', 'DS_CARGO', 'QT_APTOS']")
    assert peak < 2 * 1024 * 1024  # the whole file was decoded and parsed (1,76 GB at 216 MB)


def test_the_tse_file_is_bounded_by_its_size_before_it_is_read(tmp_path, monkeypatch):
    f = tmp_path / TSE_NAME
    body = (HEADER + "\r\n" + ROW + "\r\n").encode("latin-1")
    f.write_bytes(body)
    monkeypatch.setattr(tse, "DETALHE_MAX", len(body))
    assert tse.read_detalhe_votacao_munzona(f, CW)["eleitores_aptos"].tolist() == [1]
    monkeypatch.setattr(tse, "DETALHE_MAX", len(body) - 1)
    with pytest.raises(DataError) as e:
        tse.read_detalhe_votacao_munzona(f, CW)
    assert str(e.value) == (f"arquivo {TSE_NAME}: tem {len(body)} bytes; esperado no máximo "
                            f"{len(body) - 1} bytes (estimados cerca de 1 MB para Goiás, com "
                            "margem de 16 vezes)")
    assert tse.DETALHE_MAX < 216_000_000 - 1


def test_a_raw_file_over_the_ceiling_of_its_kind_is_refused_unread(tmp_path):
    f = tmp_path / "a.csv"
    with open(f, "wb") as fh:  # sparse: 257 MiB on the size, nothing on the disk
        fh.truncate(257 * 1024 * 1024)
    with pytest.raises(DataError) as e:
        tabular.read_raw_bytes(f)
    assert str(e.value) == ("arquivo a.csv: tem 269.484.032 bytes; esperado no máximo "
                            "268.435.456 bytes (o teto de arquivos .csv sem tamanho registrado, "
                            "256,0 MiB)")
    assert tabular.read_raw_bytes(f, Limit(300 * 1024 * 1024, "x"))[:1] == b"\0"


def test_a_fifo_is_told_as_not_a_regular_file(tmp_path):
    f = tmp_path / TSE_NAME
    os.mkfifo(f)
    with pytest.raises(DataError) as e:
        tse.read_detalhe_votacao_munzona(f, CW)
    assert str(e.value) == (f"arquivo {TSE_NAME}: não é um arquivo comum (uma FIFO ou um "
                            "dispositivo); esperado o arquivo como publicado")


MUN = __import__("pandas").DataFrame({"cod_ibge": ["5208707"]})
SIDRA_NAME = "sidra_tabela5938_pib_municipios_GO.json"


def test_a_sidra_answer_over_its_size_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    f = tmp_path / SIDRA_NAME
    f.write_bytes(b"[" + b"{}," * 9 + b"{}]")
    monkeypatch.setattr(sidra, "API_MAX_BYTES", 30)
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, MUN)
    assert str(e.value) == (f"arquivo {SIDRA_NAME}: tem 31 bytes; esperado no máximo 30 bytes "
                            "(a resposta de Goiás tem cerca de 3,8 MB, com margem de 4 vezes)")
    monkeypatch.setattr(sidra, "API_MAX_BYTES", 31)
    with pytest.raises(DataError) as e:  # read: then the header is wanting
        sidra.read_pib_api(f, MUN)
    assert str(e.value) == (f"arquivo {SIDRA_NAME}, linha 1: o cabeçalho não tem a dimensão "
                            "'Município (Código)' (tem: nenhuma); esperada a resposta da tabela "
                            "5938 "
                            "por município, variável e ano")


def test_a_sidra_answer_of_too_many_objects_is_counted_before_it_is_parsed(tmp_path,
                                                                          monkeypatch):
    f = tmp_path / SIDRA_NAME
    f.write_bytes(b"[" + b",".join([b"{}"] * 4_000_000) + b"]")  # 12 MB of {}: 4 million
    e, peak = _refused_with_peak(sidra.read_pib_api, f, MUN)
    assert str(e.value) == (f"arquivo {SIDRA_NAME}: 3.999.999 objetos JSON além do cabeçalho; "
                            "esperados no máximo 100.000 valores")
    assert peak < 40 * 1024 * 1024  # the file's bytes, no parsed objects (1,63 GB at 60 MB)
    monkeypatch.setattr(sidra, "API_MAX_ROWS", 3)
    f.write_bytes(json.dumps([{"h": 1}, {}, {}, {}]).encode())
    with pytest.raises(DataError) as e:  # three values: read, then the header is wanting
        sidra.read_pib_api(f, MUN)
    assert str(e.value) == (f"arquivo {SIDRA_NAME}, linha 1: o cabeçalho não tem a dimensão "
                            "'Município (Código)' (tem: ['1']); esperada a resposta da tabela "
                            "5938 "
                            "por município, variável e ano")
    f.write_bytes(json.dumps([{"h": 1}, {}, {}, {}, {}]).encode())
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, MUN)
    assert str(e.value) == (f"arquivo {SIDRA_NAME}: 4 objetos JSON além do cabeçalho; "
                            "esperados no máximo 3 valores")
