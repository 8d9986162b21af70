"""Catalogue of bad candidate files not covered by tests/test_candidate.py and test_profile.py.

Each test asserts the exact message: the file, the field, what was expected, what was found.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.candidate import load_candidate
from viabilidade.errors import CandidateError

BASE = """\
operation = "create-municipality"
name = "Posse d'Abadia"

[area]
districts = ["520010010"]

[origin]
municipalities = ["5200100"]
"""


def _error(tmp_path: Path, text: str, encoding: str = "utf-8") -> tuple[Path, str]:
    p = tmp_path / "cand.toml"
    p.write_bytes(text.encode(encoding))
    with pytest.raises(CandidateError) as e:
        load_candidate(p)
    return p, str(e.value)


def test_plebiscite_date_in_brazilian_format(tmp_path):
    p, msg = _error(tmp_path, BASE + '[process.plebiscite]\ndate = "31/12/2020"\n')
    assert msg == (f"{p}, field 'process.plebiscite.date': expected a date as YYYY-MM-DD, "
                   "found '31/12/2020'")


def test_impossible_calendar_date(tmp_path):
    p, msg = _error(tmp_path, 'request_date = "2023-02-30"\n' + BASE)
    assert msg == f"{p}, field 'request_date': expected a date as YYYY-MM-DD, found '2023-02-30'"


def test_time_of_day_where_a_date_is_expected(tmp_path):
    p, msg = _error(tmp_path, "request_date = 10:30:00\n" + BASE)
    assert msg == (f"{p}, field 'request_date': expected a date (YYYY-MM-DD) or text, found "
                   "time datetime.time(10, 30)")


def test_valid_toml_date_loads(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text("request_date = 2023-02-28\n" + BASE, encoding="utf-8")
    assert load_candidate(p).request_date.isoformat() == "2023-02-28"


def test_municipality_code_in_the_district_list(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', '["5200100"]'))
    assert msg == (f"{p}, field 'area.districts[0]': expected a 9-digit IBGE district code "
                   "starting with 52 (Goiás), e.g. \"520010010\"; found '5200100', which looks "
                   "like a municipality code (7 digits)")


def test_district_code_that_lost_its_quotes(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', "[520010010]"))
    assert msg == (f"{p}, field 'area.districts[0]': district codes must be quoted text "
                   "(\"520010010\"), found the number 520010010: a number loses leading zeros")


def test_duplicated_district(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('["520010010"]', '["520010010", "520010010"]'))
    assert msg == f"{p}, field 'area.districts[1]': district code 520010010 is listed twice"


def test_point_outside_goias_not_swapped(tmp_path):
    p, msg = _error(tmp_path, BASE + "[seat_point]\nlat = -23.55\nlon = -46.63\n")
    assert msg == (f"{p}, field 'seat_point': point (lat -23.55, lon -46.63) lies outside Goiás "
                   "(lat -19.6..-12.3, lon -53.3..-45.9)")


def test_swapped_point_is_named_as_swapped(tmp_path):
    p, msg = _error(tmp_path, BASE + "[seat_point]\nlat = -48.77\nlon = -16.17\n")
    assert msg == (f"{p}, field 'seat_point': point (lat -48.77, lon -16.17) lies outside Goiás "
                   "(lat -19.6..-12.3, lon -53.3..-45.9) (latitude and longitude look swapped)")


@pytest.mark.parametrize("value", ["nan", "inf", "-1.0"])
def test_money_that_is_not_a_finite_amount(tmp_path, value):
    p, msg = _error(tmp_path, BASE + f'[fiscal.collection]\nvalue_brl = {value}\nyear = 2022\n'
                                     'source = "SEFAZ-GO"\n')
    found = {"nan": "nan", "inf": "inf", "-1.0": "-1.0"}[value]
    assert msg == (f"{p}, field 'fiscal.collection.value_brl': expected a finite amount >= 0 in "
                   f"BRL, found {found}")


def test_zero_money_is_an_amount(tmp_path):
    p = tmp_path / "cand.toml"
    p.write_text(BASE + '[fiscal.collection]\nvalue_brl = 0\nyear = 2022\nsource = "SEFAZ-GO"\n',
                 encoding="utf-8")
    assert load_candidate(p).collection.value_brl == 0.0


def test_boundary_file_that_does_not_exist(tmp_path):
    p, msg = _error(tmp_path, BASE.replace('districts = ["520010010"]',
                                           'boundary = "limites.geojson"'))
    assert msg == (f"{p}, field 'area.boundary': boundary file {tmp_path / 'limites.geojson'} "
                   "does not exist")


def test_unknown_key_in_a_table_lists_the_allowed_ones(tmp_path):
    p, msg = _error(tmp_path, BASE.replace("[origin]\n", '[origin]\nmunicipio = "5200100"\n'))
    assert msg == (f"{p}, field 'origin.municipio': unknown key(s) 'municipio'; allowed here: "
                   "municipalities")


def test_utf16_candidate(tmp_path):
    p, msg = _error(tmp_path, BASE, encoding="utf-16")
    assert msg == f"{p}: expected UTF-8 text; byte 0 is not valid UTF-8"
