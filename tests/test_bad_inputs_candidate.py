"""Catalogue of bad candidate files not covered by tests/test_candidate.py and test_profile.py.

Each test asserts the exact message: the file, the field, what was expected, what was found.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_candidate import BASE  # the smallest valid candidate (Posse d'Abadia)
from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import CandidateError



def _error(tmp_path: Path, text: str, encoding: str = "utf-8") -> tuple[Path, str]:
    p = tmp_path / "cand.toml"
    p.write_bytes(text.encode(encoding))
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    return p, str(e.value)


def test_plebiscite_date_in_brazilian_format(tmp_path):
    p, msg = _error(tmp_path, BASE + '[process.plebiscite]\ndate = "31/12/2020"\n')
    assert msg == (f"{p}, linha 10, campo 'process.plebiscite.date': encontrado '31/12/2020'; "
                   "esperada uma data válida no formato AAAA-MM-DD (p. ex. 2020-12-31)")


def test_impossible_calendar_date(tmp_path):
    p, msg = _error(tmp_path, 'request_date = "2023-02-30"\n' + BASE)
    assert msg == (f"{p}, linha 1, campo 'request_date': encontrado '2023-02-30'; esperada uma "
                   "data válida no formato AAAA-MM-DD (p. ex. 2020-12-31)")


def test_time_of_day_where_a_date_is_expected(tmp_path):
    p, msg = _error(tmp_path, "request_date = 10:30:00\n" + BASE)
    assert msg == (f"{p}, linha 1, campo 'request_date': encontrada a hora 10:30:00; esperado "
                   "uma data (AAAA-MM-DD) ou texto")


def test_valid_toml_date_loads(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text("request_date = 2023-02-28\n" + BASE, encoding="utf-8")
    assert load_candidate(p).request_date.isoformat() == "2023-02-28"


def test_municipality_code_in_the_district_list(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', '["5200100"]'))
    assert msg == (f"{p}, linha 5, campo 'area.districts[0]': encontrado '5200100', que parece "
                   "um código de município (7 algarismos); esperado um código IBGE de distrito "
                   "com 9 algarismos começando por 52 (Goiás), p. ex. \"520010010\"")


def test_district_code_that_lost_its_quotes(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', "[520010010]"))
    assert msg == (f"{p}, linha 5, campo 'area.districts[0]': encontrado o número 520010010; "
                   "esperado o código de distrito entre aspas, como texto (\"520010010\"): um "
                   "número perde os zeros à esquerda")


def test_duplicated_district(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', '["520010010", "520010010"]'))
    assert msg == (f"{p}, linha 5, campo 'area.districts[1]': o código de distrito 520010010 "
                   "aparece duas vezes; esperado uma vez")


def test_point_outside_goias_not_swapped(tmp_path):
    p, msg = _error(tmp_path, BASE + "[seat_point]\nlat = -23.55\nlon = -46.63\n")
    assert msg == (f"{p}, linha 9, campo 'seat_point': o ponto (lat -23.55, lon -46.63) fica "
                   "fora de Goiás; esperado lat -19,6..-12,3 e lon -53,3..-45,9")


def test_swapped_point_is_named_as_swapped(tmp_path):
    p, msg = _error(tmp_path, BASE + "[seat_point]\nlat = -48.77\nlon = -16.17\n")
    assert msg == (f"{p}, linha 9, campo 'seat_point': o ponto (lat -48.77, lon -16.17) fica "
                   "fora de Goiás (latitude e longitude parecem trocadas); esperado "
                   "lat -19,6..-12,3 e lon -53,3..-45,9")


@pytest.mark.parametrize("value", ["nan", "inf", "-1.0"])
def test_money_that_is_not_a_finite_amount(tmp_path, value):
    p, msg = _error(tmp_path, BASE + f'[fiscal.collection]\nvalue_brl = {value}\nyear = 2022\n'
                                     'source = "SEFAZ-GO"\n')
    found = {"nan": "nan", "inf": "inf", "-1.0": "-1.0"}[value]
    assert msg == (f"{p}, linha 10, campo 'fiscal.collection.value_brl': encontrado {found}; "
                   "esperado um valor finito >= 0 em reais (R$)")


def test_zero_money_is_an_amount(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + '[fiscal.collection]\nvalue_brl = 0\nyear = 2022\nsource = "SEFAZ-GO"\n',
                 encoding="utf-8")
    assert load_candidate(p).collection.value_brl == 0.0


def test_boundary_file_that_does_not_exist(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('districts = ["520010010"]',
                                           'boundary = "limites.geojson"'))
    assert msg == (f"{p}, linha 5, campo 'area.boundary': o arquivo de limites "
                   f"{tmp_path / 'limites.geojson'} não existe; esperado um GeoJSON, GeoPackage, "
                   "Shapefile zipado, KML ou KMZ (caminho relativo ao arquivo do candidato)")


def test_unknown_key_in_a_table_lists_the_allowed_ones(tmp_path):
    p, msg = _error(tmp_path, BASE.replace("[origin]\n", '[origin]\nmunicipio = "5200100"\n'))
    assert msg == (f"{p}, linha 8, campo 'origin.municipio': chave desconhecida 'municipio'; "
                   "permitidas aqui: municipalities, urban_perimeter")


def test_utf16_candidate(tmp_path):
    p, msg = _error(tmp_path, BASE, encoding="utf-16")
    assert msg == (f"{p}, linha 1: o 1º byte do arquivo (0xff), na coluna 1 da linha (ambos contados a partir de 1), não é UTF-8 válido (o arquivo parece UTF-16); "
                   "esperado texto em UTF-8 (salve o arquivo como UTF-8)")


FOUR_PROBLEMS = """\
operation = "criar-municipio"
name = "Posse d'Abadia"

[area]
districts = [520010010]

[origin]
municipalities = ["92010"]

[special_interest]
declared = true
kind = "tourism"
"""



def test_a_bad_byte_is_counted_from_1_like_its_column():
    """New-user review (polish10): "o byte 0 (0xff), na coluna 1" counted the byte from 0 and
    the column from 1; both now from 1, and the message says so."""
    from viabilidade.common.toml_file import utf8_problem

    def said(raw):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as e:
            return utf8_problem(raw, e)

    assert said(b"\xffa") == ("o 1º byte do arquivo (0xff), na coluna 1 da linha (ambos contados "
                              "a partir de 1), não é UTF-8 válido (o arquivo parece ISO-8859-1/"
                              "latin-1 ou Windows-1252); esperado texto em UTF-8 (salve o arquivo "
                              "como UTF-8)", 1)
    message, line = said(b"x = 1\n" + b"a" * 1_499 + b"\xe9")
    assert line == 2 and message.startswith(
        "o 1.506º byte do arquivo (0xe9), na coluna 1.500 da linha (ambos contados a partir de 1)")

def test_every_problem_of_a_file_is_reported_at_once(tmp_path):
    p, msg = _error(tmp_path, FOUR_PROBLEMS)
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert [(x.field, x.line) for x in e.value.problems] == [
        ("operation", 1), ("area.districts[0]", 5), ("origin.municipalities[0]", 8),
        ("special_interest.justification", 10)]
    assert msg.splitlines() == e.value.lines and len(e.value.lines) == 4
    assert e.value.lines[3] == (f"{p}, linha 10, campo 'special_interest.justification': "
                                "justificativa ausente; um interesse especial declarado precisa "
                                "de uma justificativa (ver docs/LEITURAS.md, leitura I-2)")


# --- Plausibility: a figure that cannot be true is refused with its bound ---------------------

TODAY = __import__("datetime").date(2026, 12, 1)


@pytest.fixture()
def study_day(monkeypatch):
    """The study date fixed at 1 December 2026, so the date bound does not follow the clock."""
    import viabilidade.common.plausibility as plausibility

    monkeypatch.setattr(plausibility, "study_date", lambda: TODAY)
    return TODAY


CERTIFICATE = ('[certified.{key}]\nvalue = {value}\nbody = "{body}"\ndocument = "Ofício nº 1/2026"\n'
               'date = {date}\n')


def test_absurd_certified_population_is_refused_with_the_bound(tmp_path, study_day):
    p, msg = _error(tmp_path, BASE + CERTIFICATE.format(key="population", value=9223372036854775807,
                                                        body="IBGE", date="2026-03-10"))
    assert msg == (f"{p}, linha 10, campo 'certified.population.value': encontrado "
                   "9.223.372.036.854.775.807 habitantes; esperado no máximo 7.056.495 (a população "
                   "de Goiás no Censo 2022)")


def test_absurd_petition_signatures_are_refused(tmp_path, study_day):
    p, msg = _error(tmp_path, BASE + "[process]\npetition_signatures = 9223372036854775807\n")
    assert msg == (f"{p}, linha 10, campo 'process.petition_signatures': encontrado "
                   "9.223.372.036.854.775.807; esperado no máximo 7.056.495 (a população de Goiás "
                   "no Censo 2022)")


@pytest.mark.parametrize("date, shown", [("1800-01-01", "01/01/1800"), ("2099-06-30", "30/06/2099")])
def test_certificate_date_outside_1990_and_the_horizon(tmp_path, study_day, date, shown):
    p, msg = _error(tmp_path, BASE + CERTIFICATE.format(key="population", value=3102, body="IBGE",
                                                        date=date))
    assert msg == (f"{p}, linha 13, campo 'certified.population.date': encontrada a data {shown}; "
                   "esperada uma data entre 01/01/1990 (LC 02/1990) e 01/12/2028 (a data do estudo "
                   "mais 2 anos)")


@pytest.mark.parametrize("date, shown", [("0001-01-01", "01/01/0001"), ("9999-12-31", "31/12/9999")])
def test_request_date_of_year_1_or_9999_never_reaches_a_letter(tmp_path, study_day, date, shown):
    p, msg = _error(tmp_path, f"request_date = {date}\n" + BASE)
    assert msg == (f"{p}, linha 1, campo 'request_date': encontrada a data {shown}; esperada uma "
                   "data entre 01/01/1990 (LC 02/1990) e 01/12/2028 (a data do estudo mais 2 anos)")


def test_dates_at_both_ends_of_the_bound_load(tmp_path, study_day):
    p = tmp_path / "cand.toml"
    p.write_text("request_date = 1990-01-01\n" + BASE + "[process.plebiscite]\ndate = 2028-12-01\n",
                 encoding="utf-8")
    c = load_candidate(p)
    assert (c.request_date.isoformat(), c.plebiscite.date.isoformat()) == ("1990-01-01", "2028-12-01")


def test_money_of_1e300_is_refused_with_the_bound(tmp_path):
    p, msg = _error(tmp_path, BASE + '[fiscal.collection]\nvalue_brl = 1e300\nyear = 2022\n'
                                     'source = "SEFAZ-GO"\n')
    assert msg == (f"{p}, linha 10, campo 'fiscal.collection.value_brl': encontrado "
                   "R$ 1,0 × 10^300; esperado no máximo R$ 1 trilhão (R$ 1.000.000.000.000; a "
                   "receita de impostos do Estado foi de cerca de R$ 55 bilhões em 2022)")


def test_state_population_bound_is_the_census_total():
    from viabilidade.data.store import load_store
    from viabilidade.common.plausibility import COUNT_MAX

    store_dir = Path(__file__).resolve().parents[1] / "data" / "processed"
    if not (store_dir / "manifest.json").exists():
        pytest.skip("processed store not built")
    assert int(load_store(store_dir).municipalities["populacao"].sum()) == COUNT_MAX == 7_056_495


def test_a_nul_in_the_name_is_refused(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('name = "Posse d\'Abadia"', 'name = "Posse\\u0000Abadia"'))
    assert msg == (f"{p}, linha 2, campo 'name': encontrado o caractere de controle U+0000 (NUL) "
                   "na posição 6; esperado um nome sem caracteres de controle nem de direção de "
                   "texto (U+202A–U+202E, U+2066–U+2069)")


def test_a_carriage_return_in_the_seat_is_refused(tmp_path):
    p, msg = _error(tmp_path, BASE.replace("[area]", 'seat = "Posse\\rX"\n\n[area]'))
    assert msg == (f"{p}, linha 4, campo 'seat': encontrado o caractere de controle U+000D (CR) "
                   "na posição 6; esperado um nome sem caracteres de controle nem de direção de "
                   "texto (U+202A–U+202E, U+2066–U+2069)")


def test_a_bidi_override_in_the_name_is_refused(tmp_path):
    p, msg = _error(tmp_path, BASE.replace("Posse d'Abadia", "Posse \u202eaidabA"))
    assert msg == (f"{p}, linha 2, campo 'name': encontrado o caractere de direção de texto "
                   "U+202E (RIGHT-TO-LEFT OVERRIDE) na posição 7; esperado um nome sem caracteres "
                   "de controle nem de direção de texto (U+202A–U+202E, U+2066–U+2069)")
    _, msg = _error(tmp_path, BASE.replace("Posse d'Abadia", "Posse \u2067x\u2069"))
    assert "U+2067 (RIGHT-TO-LEFT ISOLATE) na posição 7" in msg


def test_zero_width_characters_are_stripped_from_names(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE.replace("Posse d'Abadia", "Posse\u200b d'Aba\u200ddia\u2060"), encoding="utf-8")
    c = load_candidate(p)
    assert c.name == "Posse d'Abadia" and c.seat == "Posse d'Abadia"


def test_a_byte_order_mark_inside_a_name_is_refused(tmp_path):
    # a file's leading BOM is dropped by the reader; one inside a value is a pasted artefact
    p, msg = _error(tmp_path, BASE.replace("Posse d'Abadia", "Posse d'Abadia\ufeff"))
    assert msg == (f"{p}, linha 2, campo 'name': encontrado o caractere invisível (marca de "
                   "ordem de bytes, BOM) U+FEFF (ZERO WIDTH NO-BREAK SPACE) na posição 15; "
                   "esperado um nome sem caracteres de controle nem de direção de texto "
                   "(U+202A–U+202E, U+2066–U+2069)")


def test_a_name_of_only_zero_width_characters_is_refused_as_invisible(tmp_path):
    p, msg = _error(tmp_path, BASE.replace("Posse d'Abadia", "\u200b\u200c\u2060"))
    assert msg == (f"{p}, linha 2, campo 'name': encontrado um texto só de caracteres invisíveis "
                   "(U+200B, U+200C, U+2060); esperado um nome com letras ou algarismos")


def test_a_certified_distance_beyond_goias_is_refused(tmp_path, study_day):
    p, msg = _error(tmp_path, BASE + CERTIFICATE.format(key="gap_m", value="1e300", body="IBGE",
                                                        date="2026-03-10"))
    assert msg == (f"{p}, linha 10, campo 'certified.gap_m.value': encontrado 1,0 × 10^300 m; "
                   "esperado no máximo 1.200.000 m (nenhum par de pontos de Goiás fica mais longe)")


# ------------------------------------------------- messages that say where and what (review 8)
def test_a_missing_table_says_where_it_goes(tmp_path):
    p, msg = _error(tmp_path, BASE.split("[origin]")[0])
    assert msg == (f"{p}, campo 'origin': campo obrigatório ausente; esperada a tabela [origin] "
                   "(acrescente o cabeçalho [origin] e as suas chaves)")


def test_a_missing_top_key_says_where_it_goes(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('name = "Posse d\'Abadia"\n', ""))
    assert msg == (f"{p}, campo 'name': campo obrigatório ausente; esperado texto (escreva "
                   "name = … no início do arquivo, antes da primeira [tabela])")


@pytest.mark.parametrize("text, what", [("", ""), ("\n  \n", ""), ("# só isto\n", " (só comentários)")])
def test_an_empty_file_is_called_empty(tmp_path, text, what):
    p, msg = _error(tmp_path, text)
    assert msg == (f"{p}: o arquivo está vazio{what}; esperado um candidato com operation, "
                   "name, [area] e [origin] (viabilidade novo NOME escreve um a partir do nome "
                   "do distrito; ver docs/GUIA.md)")


def test_a_repeated_key_is_named_with_its_first_line(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('name = "Posse d\'Abadia"',
                                           'name = "A"\nname = "B"'))
    assert msg == (f"{p}, linha 3: TOML inválido: chave repetida 'name', já escrita na linha 2 "
                   "(coluna 11); esperado TOML válido")
    p, msg = _error(tmp_path, BASE + 'municipalities = ["5200100"]\n')
    assert msg == (f"{p}, linha 9: TOML inválido: chave repetida 'origin.municipalities', já "
                   "escrita na linha 8 (coluna 29); esperado TOML válido")


def test_a_district_name_where_its_code_goes_points_to_novo(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('districts = ["520010010"]',
                                           'districts = ["Vila Fantasma"]'))
    assert msg == (f"{p}, linha 5, campo 'area.districts[0]': encontrado 'Vila Fantasma', um "
                   "nome; esperado um código IBGE de distrito com 9 algarismos começando por 52 "
                   "(Goiás), p. ex. \"520010010\" (para achar o código pelo nome: viabilidade "
                   "novo \"Vila Fantasma\", que escreve o candidato)")


def test_a_folder_given_to_estudo_points_to_lote(tmp_path, capsys):
    from viabilidade.cli import main

    assert main(["estudo", str(tmp_path), "--out", str(tmp_path / "saida")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"erro: {tmp_path}: é uma pasta; esperado um arquivo de candidato .toml (para estudar "
        f"todos os candidatos de uma pasta: viabilidade lote {tmp_path})")
    assert not (tmp_path / "saida").exists()


TAIL = ("esperado um texto sem caracteres de controle nem de direção de texto (U+202A–U+202E, "
        "U+2066–U+2069)")


def test_escape_sequences_in_a_process_event_document_are_refused(tmp_path):
    """Hostile retrial B: ``processo`` printed raw CR/ESC/bidi from an event's document."""
    src = (Path(__file__).parent / "fixtures" / "processo-posse-dabadia.toml").read_text("utf-8")
    old = 'document = "Processo nº 2027/000123, protocolo da Assembleia Legislativa"'
    assert old in src
    p = tmp_path / "cand.toml"
    p.write_text(src.replace(old, 'document = "FALSO\\r\\u001b[2J\\u001b[31mAPROVADO\\u202e"'),
                 encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert e.value.lines == [
        f"{p}, linha 21, campo 'process.events[1].document': encontrado o caractere de controle "
        "U+000D (CR) na posição 6; " + TAIL.replace("um texto", "uma referência")]


@pytest.mark.parametrize("table, line, field_, found", [
    ('[evidence.escola]\nwhat = "memorial"\ndocument = "Of\\u0000ício 1"\n', 11,
     "evidence.escola.document", "de controle U+0000 (NUL) na posição 3"),
    ('[process]\npetition_signatures = 150\npetition_document = "Rep\\u202eresentação"\n', 11,
     "process.petition_document", "de direção de texto U+202E (RIGHT-TO-LEFT OVERRIDE) na posição 4"),
    ('[certified.population]\nvalue = 3000\nbody = "IBGE"\ndocument = "Ofício\\u2028nº 1"\n'
     'date = 2026-03-10\n', 12, "certified.population.document",
     "separador de linha U+2028 (LINE SEPARATOR) na posição 7"),
])
def test_control_and_bidi_characters_are_refused_in_every_free_text(tmp_path, table, line, field_,
                                                                     found, study_day):
    p, msg = _error(tmp_path, BASE + table)
    assert msg == f"{p}, linha {line}, campo '{field_}': encontrado o caractere {found}; {TAIL}"


def test_zero_width_is_dropped_and_line_breaks_kept_in_free_text(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + '[evidence.escola]\nwhat = "memo\\u200brial"\n'
                        'document = """Ofício 1\nfolha 2"""\n', encoding="utf-8")
    ev = load_candidate(p).evidence["escola"]
    assert (ev.what, ev.document) == ("memorial", "Ofício 1\nfolha 2")


@pytest.mark.parametrize("name, message", [
    ("\u0301\u0301", "encontrado o acento combinante U+0301 (COMBINING ACUTE ACCENT) na posição 1 "
                     "sem uma letra antes; esperado um nome cujos acentos acompanhem uma letra "
                     "(como em 'á')"),
    ("Posse \u0301x", "encontrado o acento combinante U+0301 (COMBINING ACUTE ACCENT) na posição "
                      "7 sem uma letra antes; esperado um nome cujos acentos acompanhem uma letra "
                      "(como em 'á')"),
    ("Posse\U000e0041\U000e0042", "encontrado o caractere invisível (etiqueta Unicode) U+E0041 "
                                  "(TAG LATIN CAPITAL LETTER A) na posição 6; esperado um nome "
                                  "sem caracteres de controle nem de direção de texto "
                                  "(U+202A–U+202E, U+2066–U+2069)"),
    ("Posse\u2028Abadia", "encontrado o caractere separador de linha U+2028 (LINE SEPARATOR) na "
                          "posição 6; esperado um nome sem caracteres de controle nem de direção "
                          "de texto (U+202A–U+202E, U+2066–U+2069)"),
])
def test_names_without_a_visible_meaning_are_refused(tmp_path, name, message):
    """Hostile retrial I: lone combining accents, Unicode tags and U+2028 were accepted."""
    p, msg = _error(tmp_path, BASE.replace("Posse d'Abadia", name))
    assert msg == f"{p}, linha 2, campo 'name': {message}"


def test_a_decomposed_accent_after_its_letter_is_a_name(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE.replace("Posse d'Abadia", "Abadia\u0302nia"), encoding="utf-8")
    assert load_candidate(p).name == "Abadiânia"


def test_the_date_bound_follows_the_candidates_own_study_date(tmp_path, study_day):
    """Hostile retrial F: with [settings] study_date = 2027-06-01 the horizon is 01/06/2029,
    whatever the machine clock (fixed here at 01/12/2026, whose horizon is 01/12/2028)."""
    own = "\n[settings]\nstudy_date = 2027-06-01\n"
    p, msg = _error(tmp_path, 'request_date = 2029-06-02\n' + BASE + own)
    assert msg == (f"{p}, linha 1, campo 'request_date': encontrada a data 02/06/2029; esperada "
                   "uma data entre 01/01/1990 (LC 02/1990) e 01/06/2029 (a data do estudo mais 2 "
                   "anos)")
    p.write_text('request_date = 2029-06-01\n' + BASE + own, encoding="utf-8")
    assert load_candidate(p).request_date.isoformat() == "2029-06-01"
    p.write_text('request_date = 2029-06-01\n' + BASE, encoding="utf-8")  # no own date: the clock
    with pytest.raises(CandidateError, match="e 01/12/2028 \\(a data do estudo mais 2 anos\\)"):
        load_candidate(p)


def test_a_study_date_beyond_the_clocks_horizon_is_itself_refused(tmp_path, study_day):
    p, msg = _error(tmp_path, BASE + "\n[settings]\nstudy_date = 2099-01-01\n")
    assert msg == (f"{p}, linha 11, campo 'settings.study_date': encontrada a data 01/01/2099; "
                   "esperada uma data entre 01/01/1990 (LC 02/1990) e 01/12/2028 (a data do "
                   "estudo mais 2 anos)")


def test_names_and_6_digit_codes_get_the_right_code_and_a_pt_key_its_english_one(tmp_path):
    """review-batch2 #10: a municipality's name or its 6-digit code (no check digit) where
    a 7-digit cod_ibge goes is answered with the code (from the store's municipalities, IBGE
    DTB 2022); the single destination is named without "[0]"; ``sede`` suggests ``seat``."""
    p = tmp_path / "cand.toml"
    p.write_text('operation = "transfer-area"\nname = "X"\nsede = "Y"\n[area]\n'
                 'districts = ["521860710"]\n[origin]\nmunicipalities = ["520010", "Abadiania"]\n'
                 '[destination]\nmunicipality = "Ceres"\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    expected = ('esperado um código IBGE de município com 7 algarismos começando por 52 '
                '(Goiás), p. ex. "5200100"')
    assert e.value.lines == [
        f"{p}, linha 3, campo 'sede': chave desconhecida 'sede' (seria 'seat'?); permitidas "
        "aqui: area, boundary_correction, certified, creation_law_date, creation_year, "
        "destination, evidence, fiscal, name, operation, origin, process, request_date, seat, "
        "seat_point, settings, slug, special_interest",
        f"{p}, linha 7, campo 'origin.municipalities[0]': encontrado '520010'; {expected}; "
        'parece o código de 6 algarismos (sem o dígito verificador) de Abadiânia: use "5200100"',
        f"{p}, linha 7, campo 'origin.municipalities[1]': encontrado 'Abadiania'; {expected}; "
        'Abadiânia é o município "5200100"',
        f"{p}, linha 9, campo 'destination.municipality': encontrado 'Ceres'; {expected}; "
        'Ceres é o município "5205406"']


def test_problems_of_every_stage_are_reported_in_one_run(tmp_path):
    """review-batch2 #2: an unknown key, turnout above the electorate, a boundary file that
    is a Point and a boundary given with districts, all in one run (read_candidate), then
    the line saying which checks could not run."""
    from viabilidade.profile.build import read_candidate

    (tmp_path / "ponto.geojson").write_text('{"type": "Point", "coordinates": [-48.9, -16.2]}',
                                            encoding="utf-8")
    p = tmp_path / "varios2.toml"
    p.write_text('operation = "create-municipality"\nname = "Varios"\n[area]\n'
                 'districts = ["520010010"]\nboundary = "ponto.geojson"\n[origin]\n'
                 'municipalities = ["5200100"]\n[process.plebiscite]\nelectorate = 3000\n'
                 'eligible = 3000\nturnout = 5000\n', encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        read_candidate(p)
    lines = e.value.lines
    assert lines[0] == (f"{p}, linha 9, campo 'process.plebiscite.electorate': chave "
                        "desconhecida 'electorate' (seria 'eligible'?); permitidas aqui: blank, "
                        "date, document, eligible, no, seat_question_approved, turnout, void, yes")
    assert lines[1] == (f"{p}, linha 11, campo 'process.plebiscite.turnout': o comparecimento "
                        "5000 excede o eleitorado apto 3000; esperado comparecimento <= "
                        "eleitorado apto")
    assert lines[2] == (f"{p}, linha 5, campo 'area.boundary': ponto.geojson: nenhum polígono "
                        "no arquivo (encontrado: Point); esperado ao menos um Polygon ou "
                        "MultiPolygon com os limites da área")
    assert lines[3].startswith(f"{p}, linha 5, campo 'area.boundary': a área foi dada duas "
                               "vezes: pelo arquivo de limites ponto.geojson (area.boundary) e "
                               "pelas unidades do IBGE em area.districts (520010010);")
    assert lines[4] == (f"{p}: as conferências com os dados (códigos IBGE, origem, destino, "
                        "partes da área, sede) não rodaram: dependem dos campos acima; rode de "
                        "novo depois de corrigi-los")
    assert len(lines) == 5


def test_a_key_under_the_wrong_table_is_told_which_table_it_belongs_to(tmp_path):
    """The batch analyst: a key under the wrong table got only "chave desconhecida"; it is
    now told where it belongs (a table's key, or a key of the file's top that TOML put in
    the table above it)."""
    p = tmp_path / "c.toml"
    p.write_text('operation = "create-municipality"\nname = "Posse d\'Abadia"\n'
                 '[area]\ndistricts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n'
                 'districts = ["520010010"]\nspecial_interest = { declared = false }\n',
                 encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    assert e.value.lines == [
        f"{p}, linha 7, campo 'origin.districts': chave desconhecida 'districts' (é uma chave "
        "de [area]: escreva-a depois do cabeçalho [area]); permitidas aqui: municipalities, "
        "urban_perimeter",
        f"{p}, linha 8, campo 'origin.special_interest': chave desconhecida 'special_interest' "
        "(é uma chave do início do arquivo: escreva-a antes da primeira [tabela], ou como "
        "tabela própria); permitidas aqui: municipalities, urban_perimeter"]


def test_a_code_repeated_seventy_thousand_times_is_one_message_with_its_count(tmp_path):
    """Issue 32, B9: it was "aparece duas vezes" 50 times and "… e mais 69.950 problemas"."""
    codes = ", ".join(['"520010010"'] * 70_000 + ['"520017510"'] * 3)
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', f"[{codes}]"))
    lines = [line for line in msg.splitlines() if "aparece" in line]
    assert lines == [f"{p}, linha 5, campo 'area.districts[1]': o código de distrito 520010010 "
                     "aparece 70.000 vezes; esperado uma vez",
                     f"{p}, linha 5, campo 'area.districts[70001]': o código de distrito "
                     "520017510 aparece 3 vezes; esperado uma vez"]
    assert "e mais" not in msg
