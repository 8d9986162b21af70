"""The candidate file: shape validation with errors naming the file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.proposal.candidate import load_candidate, slugify
from viabilidade.errors import CandidateError

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"

BASE = """\
operation = "create-municipality"
name = "Posse d'Abadia"

[area]
districts = ["520010010"]

[origin]
municipalities = ["5200100"]
"""


def write(tmp_path: Path, text: str, name: str = "cand.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(CandidateError) as e:
        load_candidate(write(tmp_path, text))
    return str(e.value)


def test_posse_dabadia_loads():
    c = load_candidate(POSSE)
    assert c.slug == "posse-dabadia"
    assert c.operation == "create-municipality"
    assert c.districts == ("520010010",)
    assert c.origins == ("5200100",)
    assert c.special_interest is False
    assert c.seat == "Posse d'Abadia"


def test_slug_defaults_to_safe_file_stem(tmp_path):
    c = load_candidate(write(tmp_path, BASE, "Posse d'Abadia (teste).toml"))
    assert c.slug == "posse-dabadia-teste"


@pytest.mark.parametrize("raw, slug", [
    ("../../etc", "etc"), ("/abs/path", "abs-path"), ("São João d'Aliança", "sao-joao-dalianca"),
    ("a/../b", "a-b"),
])
def test_slugify_never_escapes(raw, slug):
    assert slugify(raw) == slug


def test_slugify_rejects_empty():
    with pytest.raises(CandidateError, match="não é possível formar um nome de pasta"):
        slugify("../..")


def test_unknown_top_level_key_is_an_error(tmp_path):
    msg = error_of(tmp_path, 'nmae = "typo"\n' + BASE)
    assert "cand.toml" in msg and "linha 1, campo 'nmae'" in msg and "chave desconhecida" in msg


def test_unknown_nested_key_names_the_path(tmp_path):
    msg = error_of(tmp_path, BASE.replace('districts = ["520010010"]',
                                          'districts = ["520010010"]\ndistrcts = []'))
    assert "linha 6, campo 'area.distrcts'" in msg


def test_missing_origin(tmp_path):
    msg = error_of(tmp_path, BASE.split("[origin]")[0])
    assert "cand.toml" in msg and "campo 'origin'" in msg and "campo obrigatório ausente" in msg
    assert msg.endswith("esperada a tabela [origin] (acrescente o cabeçalho [origin] e as suas chaves)")


def test_empty_origin_list(tmp_path):
    msg = error_of(tmp_path, BASE.replace('["5200100"]', "[]"))
    assert "linha 8, campo 'origin.municipalities'" in msg and "ao menos um município de origem" in msg


def test_tse_code_where_ibge_expected(tmp_path):
    msg = error_of(tmp_path, BASE.replace('"5200100"', '"92010"'))
    assert "origin.municipalities[0]" in msg and "código TSE de município" in msg and "'92010'" in msg


def test_code_as_number_loses_zeros(tmp_path):
    msg = error_of(tmp_path, BASE.replace('["520010010"]', "[520010010]"))
    assert "area.districts[0]" in msg and "entre aspas" in msg


def test_district_code_where_municipality_expected(tmp_path):
    msg = error_of(tmp_path, BASE.replace('"5200100"', '"520010005"'))
    assert "parece um código de distrito" in msg


def test_empty_area(tmp_path):
    msg = error_of(tmp_path, BASE.replace('districts = ["520010010"]', "districts = []"))
    assert "linha 4, campo 'area'" in msg and "a área está vazia" in msg


def test_unknown_operation(tmp_path):
    msg = error_of(tmp_path, BASE.replace("create-municipality", "emancipate"))
    assert "linha 1, campo 'operation'" in msg and "encontrado 'emancipate'" in msg


def test_special_interest_needs_kind_and_justification(tmp_path):
    msg = error_of(tmp_path, BASE + "[special_interest]\ndeclared = true\nkind = \"tourism\"\n")
    assert "special_interest.justification" in msg
    msg = error_of(tmp_path, BASE + "[special_interest]\ndeclared = true\nkind = \"beach\"\n"
                                    "justification = \"x\"\n")
    assert "special_interest.kind" in msg and "'beach'" in msg


def test_negative_signatures(tmp_path):
    msg = error_of(tmp_path, BASE + "[process]\npetition_signatures = -3\n")
    assert "process.petition_signatures" in msg and "-3" in msg


def test_bad_date(tmp_path):
    msg = error_of(tmp_path, 'request_date = "29/11/2026"\n' + BASE)
    assert "campo 'request_date'" in msg and "AAAA-MM-DD" in msg and "29/11/2026" in msg


def test_swapped_lat_lon(tmp_path):
    msg = error_of(tmp_path, BASE + "[seat_point]\nlat = -48.80\nlon = -16.10\n")
    assert "seat_point" in msg and "fora de Goiás" in msg and "trocadas" in msg


def test_plebiscite_parts_must_add_up(tmp_path):
    msg = error_of(tmp_path, BASE + "[process.plebiscite]\neligible = 100\nturnout = 60\n"
                                    "yes = 40\nno = 10\nblank = 1\nvoid = 1\n")
    assert "process.plebiscite.turnout" in msg and "52" in msg and "60" in msg


def test_turnout_above_eligible(tmp_path):
    msg = error_of(tmp_path, BASE + "[process.plebiscite]\neligible = 100\nturnout = 101\n")
    assert "excede o eleitorado apto 100" in msg


def test_not_utf8(tmp_path):
    p = tmp_path / "latin.toml"
    p.write_bytes(BASE.replace("Posse d'Abadia", "Abadiânia").encode("latin-1"))
    with pytest.raises(CandidateError, match="esperado texto em UTF-8"):
        load_candidate(p)


def test_invalid_toml(tmp_path):
    msg = error_of(tmp_path, BASE + "[area\n")
    assert msg == (f"{tmp_path / 'cand.toml'}, linha 9: TOML inválido: tabela declarada duas "
                   "vezes (coluna 6); esperado TOML válido")


def test_missing_file(tmp_path):
    with pytest.raises(CandidateError, match="não foi possível ler o arquivo do candidato: o arquivo não existe"):
        load_candidate(tmp_path / "nope.toml")


def test_fiscal_money_needs_year_and_source(tmp_path):
    msg = error_of(tmp_path, BASE + "[fiscal.collection]\nvalue_brl = 3000000.0\n")
    assert "fiscal.collection.year" in msg and "obrigatório" in msg
    c = load_candidate(write(tmp_path, BASE + "[fiscal.collection]\nvalue_brl = 3000000.0\n"
                                              "year = 2022\nsource = \"SEFAZ-GO, certidão 1/2023\"\n"))
    assert c.collection.value_brl == 3_000_000.0 and c.collection.year == 2022


def test_evidence_items(tmp_path):
    c = load_candidate(write(tmp_path, BASE + "[evidence.escola]\nwhat = \"lote\"\n"
                                              "where = \"Rua 1\"\ndocument = \"matrícula 12\"\n"))
    assert c.evidence["escola"].document == "matrícula 12"
    msg = error_of(tmp_path, BASE + "[evidence.piscina]\nwhat = \"x\"\ndocument = \"y\"\n")
    assert "evidence.piscina" in msg and "item de comprovação desconhecido" in msg
