"""The IBGE's own DTB report of districts (``RELATORIO_DTB_BRASIL_DISTRITO.ods`` in
``DTB_2022.zip``), read without a spreadsheet library (issue 33 § 3 (a))."""

from __future__ import annotations

import pytest

from official_fixtures import RAW, dtb_districts_ods, ods
from viabilidade.data import dtb, provenance as prov
from viabilidade.data.ods import read_ods_sheet
from viabilidade.errors import DataError

pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")


@pytest.mark.parametrize("numeric", [False, True])
def test_the_report_gives_the_copys_327_districts(tmp_path, numeric):
    f = tmp_path / "RELATORIO_DTB_BRASIL_DISTRITO.ods"
    f.write_bytes(dtb_districts_ods(numeric=numeric))
    got = dtb.read_districts_official(f)
    want = dtb.read_districts(RAW / prov.RAW["dtb"].path)
    cols = ["cod_distrito", "nome", "cod_ibge", "nome_municipio", "sede"]
    assert got[cols].reset_index(drop=True).equals(want[cols].reset_index(drop=True))
    assert len(got) == 327 and got["cod_ibge"].nunique() == 246
    posse = got.set_index("cod_distrito").loc["520010010"]
    assert (posse["nome"], posse["sede"]) == ("Posse d'Abadia", False)


def test_the_sheet_reader_keeps_rows_numbers_and_drops_the_edge(tmp_path):
    f = tmp_path / "t.ods"
    f.write_bytes(ods("S", [["a", "", "b"], [""], ["x  y"]]))
    assert read_ods_sheet(f) == [(1, ["a", "", "b"]), (3, ["x  y"])]
    with pytest.raises(DataError) as e:
        read_ods_sheet(f, "Outra")
    assert str(e.value) == ("arquivo t.ods: planilha 'Outra' ausente (tem: ['S']); esperada a "
                            "planilha da tabela")


def test_a_report_without_its_header_or_a_column_is_refused(tmp_path):
    f = tmp_path / "r.ods"
    f.write_bytes(ods("S", [["DATA BASE: 21/12/2022"], ["UF", "Nome_UF"]]))
    with pytest.raises(DataError) as e:
        dtb.read_districts_official(f)
    assert str(e.value) == ("arquivo r.ods: nenhuma linha de cabeçalho com 'Código de Distrito "
                            "Completo' na primeira planilha; esperado o relatório de distritos "
                            "da DTB")
    f.write_bytes(ods("S", [["UF", "Código de Distrito Completo", "Nome_Distrito"]]))
    with pytest.raises(DataError) as e:
        dtb.read_districts_official(f)
    assert str(e.value) == ("arquivo r.ods, linha 1: faltam as colunas Código Município "
                            "Completo, Nome_Município, Distrito (tem: UF, Código de Distrito "
                            "Completo, Nome_Distrito); esperado o relatório de distritos da DTB")
    f.write_bytes(b"PK\x03\x04 not a zip")
    with pytest.raises(DataError) as e:
        read_ods_sheet(f)
    assert str(e.value) == ("arquivo r.ods: não é uma planilha OpenDocument (.ods) legível; "
                            "esperado o arquivo como publicado")
