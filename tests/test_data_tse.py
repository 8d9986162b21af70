"""TSE loaders: the 2022 zone × municipality file, and the TSE open-data formats."""

from pathlib import Path

import pytest

from viabilidade.data import tse
from viabilidade.data.codes import Crosswalk
from viabilidade.errors import DataError

RAW = Path(__file__).resolve().parents[1].parent / "shared" / "data"
pytestmark = pytest.mark.skipif(not RAW.is_dir(), reason=f"raw data folder {RAW} absent")
EL = RAW / "electoral"


@pytest.fixture(scope="module")
def cw():
    return Crosswalk(tse.read_crosswalk(EL / "go_crosswalk_tse_ibge_municipios.csv"))


def test_crosswalk(cw):
    assert len(cw.table) == 246
    assert cw.tse_to_ibge("93734") == "5208707"


def test_electorate_2022(cw):
    e = tse.read_zone_municipality_2022(
        EL / "go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv", cw)
    assert len(e) == 246
    assert e["eleitores_aptos"].sum() == 4_870_621
    e = e.set_index("cod_ibge")
    assert e.loc["5205513", "eleitores_aptos"] == 15_904  # Cocalzinho de Goiás
    assert e.loc["5214879", "eleitores_aptos"] == 2_798
    assert e.loc["5201207", "eleitores_aptos"] == 1_229
    assert e.loc["5201207", "nome_tse"] == "ANHANGÜERA"
    assert e.loc["5208707", "zonas"] == "1|2|127|133|134|135|136|146|147"


PERFIL_HEADER = ('"DT_GERACAO";"HH_GERACAO";"ANO_ELEICAO";"SG_UF";"CD_MUNICIPIO";"NM_MUNICIPIO";'
                 '"CD_MUN_SIT_BIOMETRIA";"DS_MUN_SIT_BIOMETRIA";"NR_ZONA";"CD_GENERO";'
                 '"DS_GENERO";"QT_ELEITORES_PERFIL"')


def _perfil(tmp_path, rows, encoding="latin-1"):
    text = PERFIL_HEADER + "\r\n" + "\r\n".join(rows) + "\r\n"
    f = tmp_path / "perfil_eleitorado_2022.csv"
    f.write_bytes(text.encode(encoding))
    return f


ROWS = [
    '"18/07/2022";"10:15:02";"2022";"GO";"92886";"COCALZINHO DE GOIÁS";"0";"#NULO#";"26";"2";'
    '"MASCULINO";"8000"',
    '"18/07/2022";"10:15:02";"2022";"GO";"92886";"COCALZINHO DE GOIÁS";"0";"#NULO#";"26";"4";'
    '"FEMININO";"7904"',
    '"18/07/2022";"10:15:02";"2022";"GO";"92231";"ANHANGÜERA";"0";"#NULO#";"8";"4";'
    '"FEMININO";"612"',
    '"18/07/2022";"10:15:02";"2022";"DF";"97012";"BRASÍLIA";"0";"#NULO#";"1";"4";'
    '"FEMININO";"1"',
]


def test_perfil_format(tmp_path, cw):
    e = tse.read_perfil_eleitorado(_perfil(tmp_path, ROWS), cw).set_index("cod_ibge")
    assert e.loc["5205513", "eleitores_aptos"] == 15_904
    assert e.loc["5201207", "nome_tse"] == "ANHANGÜERA"
    assert e.loc["5201207", "zonas"] == "8"
    assert list(e.index) == ["5201207", "5205513"]


def test_tse_missing_marker_is_missing(tmp_path):
    df = tse.read_tse_csv(_perfil(tmp_path, ROWS), ["DS_MUN_SIT_BIOMETRIA"])
    assert df["DS_MUN_SIT_BIOMETRIA"].isna().all()


def test_perfil_in_utf8_is_rejected(tmp_path, cw):
    with pytest.raises(DataError) as e:
        tse.read_perfil_eleitorado(_perfil(tmp_path, ROWS, encoding="utf-8"), cw)
    assert str(e.value) == ("arquivo perfil_eleitorado_2022.csv, linha 2: codificação errada: "
                            "encontrado UTF-8 (primeiro caractere acentuado 'Á'); esperado "
                            "ISO-8859-1 (latin-1), como publicado; use o arquivo como publicado")


def test_perfil_ibge_code_in_tse_column(tmp_path, cw):
    rows = [ROWS[0], ROWS[1].replace('"92886"', '"5205513"')]
    with pytest.raises(DataError) as e:
        tse.read_perfil_eleitorado(_perfil(tmp_path, rows), cw)
    assert str(e.value).startswith("arquivo perfil_eleitorado_2022.csv, linha 3, coluna "
                                   "'CD_MUNICIPIO': encontrado '5205513', com 7 algarismos como "
                                   "um código IBGE; esperado um código TSE de município")


def test_perfil_code_lost_zeros(tmp_path, cw):
    rows = [ROWS[0].replace('"92886"', '"2886"')]
    with pytest.raises(DataError, match="linha 2, coluna 'CD_MUNICIPIO': encontrado '2886': o "
                                        "código perdeu os zeros à esquerda"):
        tse.read_perfil_eleitorado(_perfil(tmp_path, rows), cw)


def test_perfil_missing_count(tmp_path, cw):
    rows = [ROWS[0].replace('"8000"', '"#NULO#"')]
    with pytest.raises(DataError) as e:
        tse.read_perfil_eleitorado(_perfil(tmp_path, rows), cw)
    assert str(e.value) == ("arquivo perfil_eleitorado_2022.csv, linha 2, coluna "
                            "'QT_ELEITORES_PERFIL': valor ausente; esperada uma contagem de "
                            "eleitores")


def test_perfil_missing_column(tmp_path, cw):
    f = tmp_path / "perfil_eleitorado_2022.csv"
    f.write_bytes(PERFIL_HEADER.replace('"QT_ELEITORES_PERFIL"', '"QT_ELEITORES"')
                  .encode("latin-1") + b"\r\n")
    with pytest.raises(DataError) as e:
        tse.read_perfil_eleitorado(f, cw)
    assert str(e.value).startswith("arquivo perfil_eleitorado_2022.csv, linha 1, coluna "
                                   "'QT_ELEITORES_PERFIL': coluna ausente; esperada "
                                   "'QT_ELEITORES_PERFIL', encontradas as colunas ['DT_GERACAO',")


MUNZONA_HEADER = ('"DT_GERACAO";"HH_GERACAO";"ANO_ELEICAO";"NR_TURNO";"SG_UF";"CD_MUNICIPIO";'
                  '"NM_MUNICIPIO";"NR_ZONA";"CD_CARGO";"DS_CARGO";"QT_APTOS";"QT_COMPARECIMENTO"')


def test_detalhe_votacao_munzona(tmp_path, cw):
    rows = ['"03/10/2022";"01:00:00";"2022";"1";"GO";"93734";"GOIÂNIA";"1";"1";"Presidente";'
            '"110295";"90000"',
            '"03/10/2022";"01:00:00";"2022";"1";"GO";"93734";"GOIÂNIA";"1";"3";"Governador";'
            '"110295";"90000"',
            '"03/10/2022";"01:00:00";"2022";"1";"GO";"93734";"GOIÂNIA";"2";"1";"Presidente";'
            '"113524";"#NULO#"',
            '"31/10/2022";"01:00:00";"2022";"2";"GO";"93734";"GOIÂNIA";"2";"1";"Presidente";'
            '"1";"1"']
    f = tmp_path / "detalhe_votacao_munzona_2022_GO.csv"
    f.write_bytes((MUNZONA_HEADER + "\r\n" + "\r\n".join(rows) + "\r\n").encode("latin-1"))
    e = tse.read_detalhe_votacao_munzona(f, cw)
    assert e.to_dict("records") == [{"cod_ibge": "5208707", "cod_tse": "93734",
                                     "nome_tse": "GOIÂNIA", "eleitores_aptos": 223_819,
                                     "zonas": "1|2"}]


def test_perfil_negative_count(tmp_path, cw):
    rows = [ROWS[0], ROWS[1].replace('"7904"', '"-3"')]
    with pytest.raises(DataError) as e:
        tse.read_perfil_eleitorado(_perfil(tmp_path, rows), cw)
    assert str(e.value) == ("arquivo perfil_eleitorado_2022.csv, linha 3, coluna "
                            "'QT_ELEITORES_PERFIL': encontrado '-3'; esperada uma contagem de "
                            "eleitores >= 0")


# --- The electorate profile of 2026 (the roll studies read) ---------------------------------
PROFILE = EL / "go_eleitorado_municipios_tse_perfil_secao_agregado_jeffairdata.csv"
PROFILE_TOTAL = EL / "go_eleitorado_perfil2026_total_go_e_8_maiores_rox87.csv"


def test_profile_2026_state_total():
    assert tse.read_profile_state_total(PROFILE_TOTAL) == 5_080_755


def test_profile_2026_completed_with_bom_jesus_derived(cw):
    p = tse.read_profile_municipalities(PROFILE, cw, 5_080_755, total_file=PROFILE_TOTAL,
                                        names={"5203500": "Bom Jesus de Goiás"})
    assert len(p) == 246 and p["eleitores"].sum() == 5_080_755
    p = p.set_index("cod_ibge")
    assert (p.loc["5200100", "eleitores"], p.loc["5200100", "base"]) == (12_614, "published")
    assert p.loc["5214879", "eleitores"] == 2_681  # Nova Iguaçu de Goiás (2.798 in 2022)
    assert p.loc["5208707", "eleitores"] == 1_016_153  # Goiânia = the 2026 aggregation's
    # Bom Jesus de Goiás is not in the per-municipality file: derived, never "published"
    bj = p.loc["5203500"]
    assert (bj["eleitores"], bj["base"], bj["cod_tse"]) == (18_155, "estimated", "92690")
    assert bj["nota"] == ("derivado, não lido do TSE: a tabela por município não traz Bom Jesus "
                          "de Goiás; valor = total do estado no mesmo perfil (5.080.755) menos a "
                          "soma dos outros 245 municípios (5.062.600)")
    assert (p["base"] == "estimated").sum() == 1


def test_the_two_rolls_differ_and_bom_jesus_is_read_in_2022(cw):
    e = tse.read_zone_municipality_2022(
        EL / "go_eleitores_aptos_2022_por_zona_e_municipio_rafnleite.csv", cw).set_index("cod_ibge")
    assert e["eleitores_aptos"].sum() == 4_870_621
    assert e.loc["5203500", "eleitores_aptos"] == 17_567  # read from the 2022 file


def test_profile_with_two_municipalities_missing_is_refused(tmp_path, cw):
    lines = PROFILE.read_text(encoding="utf-8").splitlines()
    f = tmp_path / "perfil.csv"
    f.write_text("\n".join(l for l in lines if not l.startswith("5214879,")) + "\n",
                 encoding="utf-8")
    with pytest.raises(DataError, match=r"faltam 2 municípios \(5203500, 5214879\); o total do "
                                        r"estado só permite obter um por diferença; esperado no "
                                        r"máximo um município ausente"):
        tse.read_profile_municipalities(f, cw, 5_080_755)


def test_profile_total_not_above_the_sum_is_refused(cw):
    with pytest.raises(DataError, match=r"os 245 municípios do arquivo somam 5062600 eleitores, e "
                                        r"o total do estado é 5062600: não sobra eleitorado para "
                                        r"5203500"):
        tse.read_profile_municipalities(PROFILE, cw, 5_062_600)


def test_profile_code_pair_must_agree(tmp_path, cw):
    text = PROFILE.read_text(encoding="utf-8").replace("5214879,93084,", "5214879,93734,")
    f = tmp_path / "perfil.csv"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"o código TSE '93734' é de outro município \(5208707\); "
                                        r"esperado o código TSE de 5214879"):
        tse.read_profile_municipalities(f, cw, 5_080_755)


def test_profile_state_total_row_required(tmp_path):
    f = tmp_path / "total.csv"
    f.write_text("abrangencia,total_eleitores\nmunicipio,10\n", encoding="utf-8")
    with pytest.raises(DataError, match="encontradas 0 linhas com abrangencia 'UF GO'; esperada "
                                        "exatamente uma"):
        tse.read_profile_state_total(f)
