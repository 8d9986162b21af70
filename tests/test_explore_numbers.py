"""Numbers typed the Brazilian way in the explorer (viabilidade.explore.numbers)."""

import pytest

from viabilidade.explore.numbers import number_text, parse_number


@pytest.mark.parametrize("text, integer, expected", [
    ("3.010", True, 3010), ("3010", True, 3010), (" 2.760.601,80 ", False, 2760601.80),
    ("1,5", False, 1.5), ("0,0001", False, 0.0001), ("6.000", True, 6000), ("0", True, 0),
])
def test_parse_number_pt_br(text, integer, expected):
    value = parse_number(text, integer=integer)
    assert value == pytest.approx(expected) and isinstance(value, int) == integer


@pytest.mark.parametrize("text, integer, message", [
    ("", True, "vazio; esperado um número (por exemplo 3.010 ou 2.760.601,80)"),
    ("1.5", False, "“1.5” não é um número no formato brasileiro — o ponto separa milhares e a vírgula, "
                   "decimais (1,5; 3.010)"),
    ("abc", False, "“abc” não é um número no formato brasileiro"),
    ("2.999,5", True, "“2.999,5” tem casas decimais; esperado um número inteiro"),
    ("-3", True, "“-3” é negativo; esperado um número maior ou igual a zero"),
])
def test_parse_number_rejects_with_a_portuguese_reason(text, integer, message):
    with pytest.raises(ValueError) as e:
        parse_number(text, integer=integer)
    assert str(e.value) == message


def test_number_text_round_trips():
    assert number_text(3010, integer=True) == "3.010"
    assert number_text(2760601.8) == "2.760.601,8"
    assert number_text(0.0001) == "0,0001"
    assert number_text(None) == ""
    assert parse_number(number_text(0.012345)) == pytest.approx(0.012345)
