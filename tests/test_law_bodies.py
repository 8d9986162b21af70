"""The one table of certifying bodies (law.bodies): art. 4 § 2 items, art. 2 registration,
and the forms every document prints."""

import pytest

from viabilidade.law.bodies import ART2_REGISTRATION, BODIES, body_by_name, body_named, body_of_item
from viabilidade.proposal.certified import FIGURES
from viabilidade.rules.art4 import CERTIFIER
from viabilidade.rules.certification import ITEM_BODY


def test_keys_and_items_follow_art4_par2():
    assert list(BODIES) == ["ibge", "cartorio-eleitoral", "sefaz-go"]
    assert BODIES["ibge"].items == ("II", "IV", "VI")
    assert BODIES["cartorio-eleitoral"].items == ("V", ART2_REGISTRATION)
    assert BODIES["sefaz-go"].items == ("VII",)
    assert body_of_item(ART2_REGISTRATION).key == "cartorio-eleitoral"
    with pytest.raises(KeyError):
        body_of_item("I")
    with pytest.raises(KeyError):  # § 2 gives III (continuity) to no body: it is measured
        body_of_item("III")
    assert "III" not in ITEM_BODY


def test_printed_forms():
    assert BODIES["ibge"].of == "do IBGE" and BODIES["sefaz-go"].of == "da SEFAZ-GO"
    assert BODIES["cartorio-eleitoral"].to == "ao Cartório Eleitoral"
    assert BODIES["sefaz-go"].to == "à SEFAZ-GO"
    assert BODIES["cartorio-eleitoral"].by == "pelo Cartório Eleitoral (TRE-GO)"
    assert BODIES["sefaz-go"].by == "pela Secretaria de Estado da Economia de Goiás"


def test_spellings_and_names():
    assert body_named("tre-go").key == "cartorio-eleitoral"
    assert body_named("Secretaria de Estado da Fazenda").key == "sefaz-go"
    assert body_named("Instituto Brasileiro de Geografia e Estatistica").key == "ibge"
    assert body_named("Prefeitura") is None
    assert body_by_name("Cartório Eleitoral (TRE-GO)").key == "cartorio-eleitoral"


def test_every_reader_uses_the_table():
    assert {k: f.body for k, f in FIGURES.items()}["electors"] == "cartorio-eleitoral"
    assert all(f.body in BODIES for f in FIGURES.values())
    assert ITEM_BODY == {"II": "IBGE", "IV": "IBGE", "VI": "IBGE",
                         "V": "Cartório Eleitoral (TRE-GO)",
                         "VII": "Secretaria de Estado da Economia de Goiás"}
    assert CERTIFIER == ITEM_BODY
