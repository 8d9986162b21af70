"""The raw-file readers after hostile trial 5 of issue 32 (docs/ERRORS.md, H5-1 to H5-5): the
Tesouro's files bounded by their own plausible size and lines, and read keeping only what a
study uses; a CSV header of CR-only line ends or with a NUL told in pt-BR with its file and
line; every echo of a file's values cut to about 80 characters; a leading byte-order mark
dropped; a FIFO or a folder in place of a publisher's file told as such."""

from __future__ import annotations

import json
import os
import tracemalloc

import pandas as pd
import pytest

import official_fixtures as fx
from viabilidade.data import provenance as prov, sidra, tabular, transfers, tse
from viabilidade.data.codes import Crosswalk
from viabilidade.errors import DataError

needs_raw = pytest.mark.skipif(not fx.RAW.is_dir(), reason=f"raw data folder {fx.RAW} absent")

MONTHLY = "go_fpm_mensal_estado_tesouro_1991-2023-09.csv"
CREDITS = "go_transferencias_mensais_municipios_tesouro_2023-03.csv"
NATIONAL = "TransferenciaMensalMunicipios202303.csv"
CW = Crosswalk(pd.DataFrame({"cod_tse": ["93734"], "cod_ibge": ["5208707"],
                             "nome_tse": ["GOIÂNIA"]}))


@pytest.fixture(scope="module")
def mun():
    return fx.municipalities()


def _sparse(path, size: int):
    with open(path, "wb") as fh:  # the size on record, nothing on the disk
        fh.truncate(size)
    return path


# ------------------------------------------------------------------ H5-1: the Tesouro's files
def test_each_tesouro_file_is_bounded_by_its_own_size_before_it_is_read(tmp_path, mun):
    with pytest.raises(DataError) as e:
        transfers.read_fpm_credits(_sparse(tmp_path / NATIONAL, 12 * 2**20 + 1), mun,
                                   encoding=transfers.CREDITS_ENCODING)
    assert str(e.value) == (
        f"arquivo {NATIONAL}: tem 12.582.913 bytes; esperado no máximo 12.582.912 bytes (o "
        f"{NATIONAL} real tem 3.095.913 bytes; o limite tem margem para edições maiores)")
    with pytest.raises(DataError) as e:
        transfers.read_fpm_credits(_sparse(tmp_path / CREDITS, 2**20 + 1), mun)
    assert str(e.value) == (
        f"arquivo {CREDITS}: tem 1.048.577 bytes; esperado no máximo 1.048.576 bytes (o "
        f"{CREDITS} real tem 145.199 bytes; o limite tem margem para edições maiores)")
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly(_sparse(tmp_path / MONTHLY, 256 * 1024 + 1))
    assert str(e.value) == (
        f"arquivo {MONTHLY}: tem 262.145 bytes; esperado no máximo 262.144 bytes (o {MONTHLY} "
        "real tem 21.555 bytes; o limite tem margem para edições maiores)")
    folder = tmp_path / "mensal"
    folder.mkdir()
    _sparse(folder / "FPM.csv", 2 * 2**20 + 1)
    _sparse(folder / "FPMCAPITAIS.csv", 2 * 2**20 + 1)
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly_official(folder)
    assert str(e.value).startswith(
        "arquivo FPM.csv: tem 2.097.153 bytes; esperado no máximo 2.097.152 bytes (o FPM.csv "
        "real tem 189.501 bytes; ")
    # a file of another name takes the bounds of the publisher's own file the reader reads
    with pytest.raises(DataError, match=r"^arquivo outro.csv: tem 12.582.913 bytes; esperado "
                                        r"no máximo 12.582.912 bytes \(o "
                                        r"TransferenciaMensalMunicipios202303.csv real"):
        transfers.read_fpm_credits(_sparse(tmp_path / "outro.csv", 12 * 2**20 + 1), mun)


@needs_raw
def test_the_real_copies_are_read_at_their_bounds_and_refused_one_byte_or_line_under(
        tmp_path, mun, monkeypatch):
    real = fx.RAW / prov.OPTIONAL_RAW["fpm_municipios"].path
    size = real.stat().st_size
    assert size == transfers.TESOURO_BOUNDS[CREDITS][0] == 145_199
    path = tmp_path / CREDITS
    path.write_bytes(real.read_bytes())
    bounds = dict(transfers.TESOURO_BOUNDS)
    monkeypatch.setattr(transfers, "TESOURO_BOUNDS", bounds)
    bounds[CREDITS] = (size, 2_639, size, 2_639)
    got = transfers.read_fpm_credits(path, mun)
    assert len(got) == 246
    assert got.set_index("cod_ibge").loc["5200050", ["decendio_1_brl", "decendio_2_brl"]
                                          ].tolist() == [387_928.05, 85_513.71]
    bounds[CREDITS] = (size, 2_639, size - 1, 2_639)
    with pytest.raises(DataError, match=r"tem 145.199 bytes; esperado no máximo 145.198 bytes"):
        transfers.read_fpm_credits(path, mun)
    bounds[CREDITS] = (size, 2_639, size, 2_638)
    with pytest.raises(DataError) as e:
        transfers.read_fpm_credits(path, mun)
    assert str(e.value) == (f"arquivo {CREDITS}, linha 2640: mais de 2.638 linhas de dados; "
                            f"esperadas no máximo 2.638 (o {CREDITS} real tem cerca de 2.639 "
                            "linhas)")
    monthly = fx.RAW / prov.OPTIONAL_RAW["fpm_mensal"].path
    assert monthly.stat().st_size == transfers.TESOURO_BOUNDS[MONTHLY][0] == 21_555
    assert len(transfers.read_fpm_monthly(monthly)) == 786


@needs_raw
def test_a_national_file_is_read_keeping_only_the_goias_fpm_lines(tmp_path, mun):
    """Memory follows what is kept, not the file: a 10,8 MB file of other states' lines
    (within the bound) is read, a line at a time, at a Python peak of 4,3 MB; parsed whole
    into a frame it took 268 MB (tracemalloc; the trial: 1,2–2,3 GB for 250 MB)."""
    other = ("Acrelândia;AC;2023;03;456020.76;100523.88;0;FPM;FPM;\n"
             "Acrelândia;AC;2023;03;90.08;10.1;0;ITR;ITR;\n") * 110_000
    path = tmp_path / NATIONAL
    path.write_bytes((fx.fpm_credits_csv().decode("latin-1") + other).encode("latin-1"))
    size = path.stat().st_size
    assert 10_000_000 < size < 12 * 2**20
    tracemalloc.start()
    try:
        got = transfers.read_fpm_credits(path, mun, encoding=transfers.CREDITS_ENCODING)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(got) == 246
    assert peak < size / 2, f"{peak:,} bytes at the peak for a {size:,}-byte file"


# ------------------------------------------------------------ H5-2: csv errors in pt-BR
def _said(path, content: bytes, read=transfers.read_fpm_monthly, *args) -> str:
    """The message of ``read(path, *args)`` on a file of ``content``."""
    path.write_bytes(content)
    with pytest.raises(DataError) as e:
        read(path, *args)
    return str(e.value)


def test_a_header_of_cr_only_line_ends_or_with_a_nul_is_told_with_file_and_line(tmp_path):
    f = tmp_path / MONTHLY
    assert _said(f, b"serie;ano;mes;valor_brl\rFPM;1991;1;2164419224.94\r") == (
        f"arquivo {MONTHLY}, linha 1: o cabeçalho tem um fim de linha CR (retorno de carro) sem "
        "LF na posição 24: o arquivo usa só CR como fim de linha (como gravava o Mac antigo); "
        "esperadas linhas terminadas em LF ou CRLF, como publicado (baixe-o de novo)")
    assert _said(f, b"serie;ano\0;mes;valor_brl\nFPM;1991;1;2164419224.94\n") == (
        f"arquivo {MONTHLY}, linha 1: o cabeçalho tem um byte nulo (NUL, 0x00) na posição 10; "
        "esperado um CSV de texto, como publicado (arquivo corrompido ou de outro formato? "
        "baixe-o de novo)")
    t = tmp_path / "detalhe_votacao_munzona_2022_GO.csv"  # the TSE's reader, the same check
    assert _said(t, b'"DT_GERACAO";"NR_TURNO"\r"x";"1"\r', tse.read_detalhe_votacao_munzona,
                 CW).startswith("arquivo detalhe_votacao_munzona_2022_GO.csv, linha 1: o "
                                "cabeçalho tem um fim de linha CR")


def test_a_line_the_csv_module_refuses_names_its_line(tmp_path):
    f = tmp_path / MONTHLY
    assert _said(f, b"serie;ano;mes;valor_brl\nFPM;1991;1;1\nFPM;1991;2\r;2\n") == (
        f"arquivo {MONTHLY}, linha 3: não foi possível ler a linha como CSV separado por ';' "
        "(fim de linha CR (retorno de carro) dentro de um campo sem aspas); esperado o arquivo "
        "como publicado")
    assert _said(f, b"serie;ano;mes;valor_brl\nFPM;1991;1;1\nFPM;1991;2;1;9\n") == (
        f"arquivo {MONTHLY}, linha 3: a linha tem 5 campos separados por ';', mas o cabeçalho "
        "tem 4; esperado um CSV com o mesmo número de campos em toda linha (um separador a mais "
        "dentro de um texto sem aspas? baixe o arquivo de novo)")
    assert tabular.csv_reason(Exception("field larger than field limit (131072)")) == (
        "um campo com mais de 131.072 caracteres")


# ------------------------------------------------------------ H5-3: echoes cut to ~80 characters
def test_a_fifteen_megabyte_sidra_header_is_quoted_in_a_short_line(tmp_path):
    f = tmp_path / "sidra_tabela5938_pib_municipios_GO.json"
    f.write_bytes(json.dumps([{"NC": "N" * 15_000_000}]).encode())
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, pd.DataFrame({"cod_ibge": ["5208707"]}))
    said = str(e.value)
    assert said == (
        f"arquivo {f.name}, linha 1: o cabeçalho não tem a dimensão 'Município (Código)' (tem: "
        f"['{'N' * 80}'… (15.000.000 caracteres)]); esperada a resposta da tabela 5938 por "
        "município, variável e ano")


def test_a_header_of_a_hundred_thousand_columns_or_one_huge_column_is_quoted_in_a_few_lines(tmp_path):
    t = tmp_path / "detalhe_votacao_munzona_2022_GO.csv"
    t.write_bytes(b";".join(b'"C%d"' % i for i in range(100_000)) + b"\r\n")
    with pytest.raises(DataError) as e:
        tse.read_detalhe_votacao_munzona(t, CW)
    first = ", ".join(f"'C{i}'" for i in range(40))
    assert str(e.value) == (
        f"arquivo {t.name}, linha 1, coluna 'NR_TURNO': coluna ausente; esperada 'NR_TURNO', "
        f"encontradas as colunas [{first}, … e mais 99.960 itens]")
    t.write_bytes(b'"' + b"X" * 100_000 + b'";"NR_TURNO"\r\n')
    with pytest.raises(DataError) as e:
        tse.read_detalhe_votacao_munzona(t, CW)
    assert str(e.value) == (
        f"arquivo {t.name}, linha 1, coluna 'SG_UF': coluna ausente; esperada 'SG_UF', "
        f"encontradas as colunas ['{'X' * 80}'… (100.000 caracteres), 'NR_TURNO']")


def test_a_long_cell_is_quoted_in_eighty_characters(tmp_path):
    f = tmp_path / MONTHLY
    f.write_bytes(b"serie;ano;mes;valor_brl\nFPM;" + b"9" * 100_000 + b"x;1;1\n")
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly(f)
    assert str(e.value) == (f"arquivo {MONTHLY}, linha 2, coluna 'ano': encontrado "
                            f"'{'9' * 80}'… (100.001 caracteres); esperado um número")


# ------------------------------------------------ H5-5: BOM, FIFO and a folder for a file
@needs_raw
def test_a_byte_order_mark_before_a_latin_1_header_is_dropped(tmp_path, mun):
    path = tmp_path / NATIONAL
    path.write_bytes(tabular.UTF8_BOM + fx.fpm_credits_csv())
    got = transfers.read_fpm_credits(path, mun, encoding=transfers.CREDITS_ENCODING)
    assert len(got) == 246
    f = tmp_path / MONTHLY
    f.write_bytes(tabular.UTF8_BOM + "serie;ano;mes;valor_brl\nFPM;1991;1;1,5\n".encode())
    with pytest.raises(DataError) as e:  # read past the header: the first column is 'serie'
        transfers.read_fpm_monthly(f)
    assert str(e.value) == (f"arquivo {MONTHLY}, linha 2, coluna 'valor_brl': encontrado "
                            "'1,5'; esperado um número")


def test_a_fifo_in_place_of_a_tesouro_file_is_told_as_not_a_regular_file(tmp_path):
    folder = tmp_path / "mensal"
    folder.mkdir()
    os.mkfifo(folder / "FPM.csv")
    with pytest.raises(DataError) as e:
        transfers.read_fpm_monthly_official(folder)
    assert str(e.value).startswith(
        f"FPM mensal do Tesouro: {folder / 'FPM.csv'}: é um FIFO (pipe nomeado), não um "
        "arquivo comum; esperado FPM.csv do conjunto Transferências obrigatórias da União, como "
        f"baixado; {folder / 'FPMCAPITAIS.csv'}: arquivo não encontrado")


def test_a_folder_or_fifo_where_a_publishers_file_goes_is_refused_not_passed_over(tmp_path):
    raw = tmp_path / "raw"
    xlsx = raw / prov.OFFICIAL_RAW["areas_oficiais"].path
    xlsx.mkdir(parents=True)
    with pytest.raises(DataError) as e:
        prov.official(raw, "areas_oficiais")
    assert str(e.value) == (
        f"arquivo AR_BR_RG_UF_RGINT_MES_MIC_MUN_2022.xlsx: encontrada uma pasta em {xlsx}, não "
        "um arquivo comum; esperado o arquivo do publicador como baixado (ou nada nesse "
        "caminho, para ler a cópia)")
    xlsx.rmdir()
    assert prov.official(raw, "areas_oficiais") is None
    folder = raw / prov.OFFICIAL_RAW["fpm_mensal"].path
    folder.mkdir(parents=True)
    os.mkfifo(folder / "FPM.csv")
    with pytest.raises(DataError, match=r"encontrado um FIFO \(pipe nomeado\) em .*FPM.csv, não "
                                        r"um arquivo comum"):
        prov.official(raw, "fpm_mensal")


def test_every_copy_the_build_reads_is_bounded_by_its_recorded_size_and_the_margin(tmp_path):
    """Not only the Tesouro's: a file in place of a copy of ``provenance.RAW_BYTES`` is bounded
    by that copy's size plus a download's margin (1 MiB at least), not by the 256 MiB of a
    ``.csv``."""
    name = "CD2022_Agregados_por_distritos_basico_GO.csv"
    assert prov.RAW_BYTES[f"census/{name}"] == 78_587
    bound = 78_587 + 2**20
    assert len(tabular.read_raw_bytes(_sparse(tmp_path / name, bound))) == bound
    with pytest.raises(DataError) as e:
        tabular.read_raw_bytes(_sparse(tmp_path / name, bound + 1))
    assert str(e.value) == (
        f"arquivo {name}: tem 1.127.164 bytes; esperado no máximo 1.127.163 bytes (o tamanho "
        "registrado, 78.587 bytes, mais a margem de 1.048.576 bytes)")
    assert tabular.known_limit("outro.csv") is None
