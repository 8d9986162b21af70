"""Numbers of any size (issue 32, M12): an integer of 29 or more digits in a ruleset
threshold, the petition's signatures or a plebiscite's electors used to crash the number
formatter (Babel's 28-digit context) with a traceback. Now every TOML file refuses an
integer outside TOML's 64 bits where it is read (:func:`viabilidade.common.toml_file.load_toml`,
the one path of the candidate, settings, ruleset and ofícios files), with the line and the
field; and the formatter itself writes any number (``1,0 × 10^29``) instead of raising.
"""

import tomllib

import pytest

from viabilidade.common.numbers import decimal, fmt, scientific
from viabilidade.common.plausibility import big_number, count_problem
from viabilidade.common.toml_file import load_toml, toml_position, toml_reason
from viabilidade.errors import ViabilidadeError

HUGE = 10 ** 29
REASON = ("número inteiro grande demais no campo {key!r} (o TOML admite inteiros de até "
          "9.223.372.036.854.775.807 em valor absoluto, 19 algarismos) (coluna {col}); esperado "
          "TOML válido")


@pytest.mark.parametrize("value,text", [
    (HUGE, "1,0 × 10^29"), (-HUGE, "−1,0 × 10^29"), (996 * 10 ** 30, "1,0 × 10^33"),
    (123_456 * 10 ** 40, "1,2 × 10^45"), (10 ** 400, "1,0 × 10^400"), (1.5e26, "1,5 × 10^26"),
    (10 ** 23, "100.000.000.000.000.000.000.000"), (3045, "3.045"),
])
def test_the_formatter_writes_any_number(value, text):
    assert fmt(value) == text


def test_decimal_and_scientific_agree_at_the_switch():
    assert decimal(10 ** 24 - 1) == "999.999.999.999.999.999.999.999"
    assert decimal(10 ** 24) == scientific(10 ** 24) == "1,0 × 10^24"
    assert decimal(2.5e30, 2) == "2,5 × 10^30"


def test_a_count_of_29_digits_is_refused_by_plausibility_not_a_traceback():
    assert count_problem(HUGE, "assinaturas") == (
        "encontrado 1,0 × 10^29 assinaturas; esperado no máximo 7.056.495 (a população de Goiás "
        "no Censo 2022)")
    assert big_number(1e308) == "1,0 × 10^308"


def test_toml_integers_are_bounded_to_64_bits_on_both_sides():
    assert load_toml("a = 9223372036854775807\nb = -9223372036854775808") == {
        "a": 2 ** 63 - 1, "b": -(2 ** 63)}
    text = "a = 1\n[process]\npetition_signatures = 9_223_372_036_854_775_808\n"
    with pytest.raises(tomllib.TOMLDecodeError) as e:
        load_toml(text)
    assert toml_position(e.value) == (3, 23)
    assert toml_reason(e.value, text) == REASON.format(key="process.petition_signatures", col=23)
    with pytest.raises(tomllib.TOMLDecodeError):
        load_toml("x = [[1, -9223372036854775809]]")  # nested too


def _refusal(load, path) -> str:
    with pytest.raises(ViabilidadeError) as e:
        load(path)
    return str(e.value)


def test_the_petition_signatures_and_plebiscite_electors_of_a_candidate(tmp_path):
    from viabilidade.proposal.candidate import load_candidate

    base = ('operation = "create-municipality"\nname = "Teste"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n')
    path = tmp_path / "c.toml"
    path.write_text(base + f"[process]\npetition_signatures = {HUGE}\n", encoding="utf-8")
    assert _refusal(load_candidate, path) == (
        f"{path}, linha 8: TOML inválido: "
        + REASON.format(key="process.petition_signatures", col=23))
    path.write_text(base + f"[process.plebiscite]\neligible = {HUGE}\n", encoding="utf-8")
    assert _refusal(load_candidate, path) == (
        f"{path}, linha 8: TOML inválido: "
        + REASON.format(key="process.plebiscite.eligible", col=12))


def test_a_ruleset_threshold_of_29_digits(tmp_path):
    from viabilidade.rules.ruleset import load_ruleset

    path = tmp_path / "r.toml"
    path.write_text(f'id = "x"\n[[tests]]\nid = "populacao"\nthreshold = {{ value = {HUGE} }}\n',
                    encoding="utf-8")
    assert _refusal(load_ruleset, path) == (
        f"arquivo de regras {path}, linha 4: TOML inválido: "
        + REASON.format(key="tests.threshold", col=23))
