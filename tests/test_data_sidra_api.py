"""The SIDRA API's own answer for the PIB dos Municípios (table 5938; issue 33 § 3 (a))."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from official_fixtures import RAW, municipalities, sidra_pib_json
from viabilidade.data import provenance as prov, sidra
from viabilidade.errors import DataError

pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")


@pytest.fixture(scope="module")
def mun():
    return municipalities()


def test_the_api_answer_gives_the_xlsx_exports_figures(tmp_path, mun):
    f = tmp_path / "pib.json"
    f.write_bytes(sidra_pib_json())
    got = sidra.read_pib_api(f, mun)
    want = sidra.read_pib(RAW / prov.RAW["pib"].path, mun)
    cols = ["cod_ibge", "ano", "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais"]
    pd.testing.assert_frame_equal(got[cols], want[cols])
    row = got.set_index(["cod_ibge", "ano"]).loc[("5214879", 2021)]  # Nova Iguaçu de Goiás
    assert (row["pib_mil_reais"], row["vab_mil_reais"], row["impostos_mil_reais"]) == (
        61476.931, 58602.091, 2874.84)
    assert len(got) == 246 * 22
    assert got.loc[got["ano"] == 2023, "vab_mil_reais"].isna().all()  # "..." in 2022–2023


def test_every_bad_element_is_named_at_once(tmp_path, mun):
    data = json.loads(sidra_pib_json())
    data[1]["D1C"] = "5300108"            # Brasília: not a Goiás municipality
    data[2]["V"] = "1.234,5"              # a decimal comma
    data[3]["D2C"] = "99"                 # another variable
    data[4]["D3C"] = "20x1"
    f = tmp_path / "pib.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, mun)
    assert str(e.value) == (
        "arquivo pib.json: a resposta da API do SIDRA (tabela 5938) tem problemas:\n"
        "elemento 2: município '5300108' não é um dos 246 municípios da UF\n"
        "elemento 3: valor '1.234,5'; esperado um número com ponto decimal ou um símbolo do "
        "SIDRA (.., ..., X, -)\n"
        "elemento 4: variável '99'; esperada uma de 37, 513, 498\n"
        "elemento 5: ano '20x1'; esperado AAAA")


def test_a_missing_year_and_a_wrong_header_are_refused(tmp_path, mun):
    data = json.loads(sidra_pib_json())
    f = tmp_path / "pib.json"
    f.write_text(json.dumps([d for d in data if not (d.get("D1C") == "5200050"
                                                      and d.get("D3C") == "2010")]),
                 encoding="utf-8")
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, mun)
    assert str(e.value) == ("arquivo pib.json: a resposta da API do SIDRA (tabela 5938) tem "
                            "problemas:\nmunicípio 5200050: faltam valores de 2010")
    f.write_text(json.dumps([{"V": "Valor"}]), encoding="utf-8")
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, mun)
    assert str(e.value) == ("arquivo pib.json, linha 1: o cabeçalho não tem a dimensão "
                            "'Município (Código)' (tem: ['Valor']); esperada a resposta da tabela "
                            "5938 por município, variável e ano")
    f.write_bytes(b"<html>erro</html>")
    with pytest.raises(DataError) as e:
        sidra.read_pib_api(f, mun)
    assert str(e.value) == ("arquivo pib.json: não é um JSON legível; esperada a resposta da "
                            "API do SIDRA (apague o arquivo para baixá-lo de novo)")
