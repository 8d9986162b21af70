"""The law's text shipped with the package, parsed by article, paragraph and item."""

import pytest

from viabilidade.errors import ViabilidadeError
from viabilidade.rules.law import articles, citation, text


def test_items_numbered_as_the_law_cites_them():
    assert text("art4.II").startswith("apresentar solução de continuidade de, pelo menos, seis quilômetros")
    assert text("art4.VII").startswith("arrecadação, no último exercício, superior a dez milésimos por cento")
    assert "art4.VIII" not in articles()
    assert text("art7.par1.I").startswith("quórum mínimo, para validade do plebiscito, igual à metade mais um")
    assert text("art10.sole").endswith("prevalecerá a legislação daquele de maior renda.")
    assert text("art17.I") == "cem edificações, no mínimo, na sede indicada;"
    assert text("art14.par2").startswith("Enquanto o município não for instalado")
    assert len([k for k in articles() if "." not in k]) == 23


def test_unknown_provision_lists_the_known_ones():
    with pytest.raises(ViabilidadeError, match=r"a LC 02/1990 não tem o dispositivo 'art17.III'; existentes em art17: art17, art17.I, art17.II"):
        text("art17.III")


def test_citation():
    assert citation("art4.par1") == "LC 02/1990, art. 4º, § 1º"
    assert citation("art10.sole") == "LC 02/1990, art. 10, parágrafo único"


def test_every_rule_quotes_its_own_provision_never_the_head_of_a_list():
    from viabilidade.rules.common import law_ref
    ids = ["art2", "art4.I", "art4.II", "art4.III", "art4.IV", "art4.V", "art4.VI", "art4.VII",
           "art4.par1", "art5", "art5.par1", "art5.par2", "art6", "art7.par1", "art7.par2",
           "art7.par3", "art10.sole", "art17.I", "art17.II"]
    for rid in ids:
        quoted = law_ref(rid)["texto_legal"]
        assert not quoted.endswith(":"), (rid, quoted)   # a list head: the rule is in an item
    quorum = law_ref("art7.par1")
    assert quorum == {"article": "LC 02/1990, art. 7º, § 1º, I",
                      "texto_legal": "quórum mínimo, para validade do plebiscito, igual à metade mais "
                                     "um dos eleitores aptos a votar;"}
    # § 2º has no items: the approval rule quotes the whole paragraph.
    assert law_ref("art7.par2")["texto_legal"].endswith(
        "favorável pelo voto da maioria dos eleitores que comparecerem às urnas.")
    assert text("art7.par1").endswith("respeitados os seguintes preceitos:")
