"""Names in pt-BR order wherever a reader sees a list of them (new-user review, polish10).

The study's FPM list (economic chapter, pp. 16–17 of the PDF) read "Araguapaz, Araçu",
"Caiapônia, Caçu", "Goianira, Goianésia", "Cachoeira Dourada, Cachoeira de Goiás", with
"Água…", "Córrego…" and "São…" after "Z": Python's code-point order.
"""

from __future__ import annotations

import pytest

from viabilidade.common.text import collation_key

from test_legal2 import store  # noqa: F401


@pytest.mark.parametrize("first, second", [
    ("Araçu", "Araguapaz"), ("Caçu", "Caiapônia"), ("Goianésia", "Goianira"),
    ("Cachoeira de Goiás", "Cachoeira Dourada"), ("Água Limpa", "Aloândia"),
    ("Córrego do Ouro", "Corumbá de Goiás"), ("Sanclerlândia", "São Simão"), ("São Simão", "Senador Canedo"),
    ("Águas Lindas de Goiás", "Zacarias"),
])
def test_pt_br_order_folds_accents_and_case(first, second):
    assert sorted([second, first], key=collation_key) == [first, second]
    assert sorted([first, second], key=collation_key) == [first, second]


def test_code_point_order_was_the_other_way_for_these_pairs():
    # the defect's side: plain sorted() puts every pair above the wrong way round
    assert sorted(["Araçu", "Araguapaz"]) == ["Araguapaz", "Araçu"]
    assert sorted(["Cachoeira de Goiás", "Cachoeira Dourada"]) == ["Cachoeira Dourada",
                                                                   "Cachoeira de Goiás"]


def test_the_written_name_breaks_a_tie():
    assert sorted(["São", "Sao", "SAO"], key=collation_key) == ["SAO", "Sao", "São"]
    assert collation_key("Posse d'Abadia") == "posse d'abadia\0Posse d'Abadia"


def test_the_fpm_list_of_the_economic_chapter_is_in_pt_br_order(store):  # noqa: F811
    from viabilidade.fiscal.economy import who_pays

    t = who_pays(store, (), 100.0, 1.0)
    names = {round(r.coeficiente, 1): r.nomes for r in t.itertuples()}
    low = names[0.6]
    assert low.startswith("Adelândia, Água Fria de Goiás, Água Limpa, Aloândia, ")
    assert "Aporé, Araçu, Araguapaz, Arenópolis" in low
    assert "Cachoeira de Goiás, Cachoeira Dourada" in low
    assert low.endswith("Varjão, Vicentinópolis, Vila Boa e Vila Propício")
    assert names[1.0].startswith("Caçu, Caiapônia")
    assert names[2.6].startswith("Goianésia, Goianira")
