"""The operations registry: one module per operation of LC 02/1990, each declaring its
articles, chapters, ofícios and appendix (viabilidade.operations)."""

import pytest

from viabilidade.candidate import OPERATIONS
from viabilidade.errors import CandidateError
from viabilidade.operations import CHAPTERS, REGISTRY, operation_for


def test_every_candidate_operation_has_its_module_in_the_same_order():
    assert list(REGISTRY) == list(OPERATIONS)
    assert {op.rules.__module__.rsplit(".", 1)[1] for op in REGISTRY.values()} == \
        {"creation", "fusion", "transfer", "boundary_correction", "district"}


def test_unknown_operation_is_a_pt_br_error_naming_the_field():
    with pytest.raises(CandidateError) as e:
        operation_for("fusao", file="x.toml")
    assert str(e.value) == ("x.toml, campo 'operation': encontrado 'fusao'; esperada uma operação "
                            "entre create-municipality, create-district, transfer-area, fusion, "
                            "boundary-correction")


def test_titles_and_labels():
    assert operation_for("fusion").subtitle("Anhanguera") == "fusão de municípios — Anhanguera"
    assert operation_for("create-municipality").label == "criação de município (arts. 1º a 4º)"
    assert operation_for("create-district").words == "criação de distrito"


def test_chapters_are_known_and_in_study_order():
    for op in REGISTRY.values():
        assert list(op.chapters) == sorted(op.chapters, key=CHAPTERS.index), op.code
    assert "sec-distrito" not in operation_for("create-municipality").chapters
    assert operation_for("create-district").chapters == ("sec-distrito",)


def test_only_the_creation_sends_the_art4_letters():
    assert operation_for("create-municipality").letters == (
        "ibge", "cartorio-eleitoral", "sefaz-go", "prefeitura", "camara")
    assert [op.code for op in REGISTRY.values() if op.letters] == ["create-municipality"]


def test_only_transfer_has_no_proposed_seat_and_a_destination():
    assert [op.code for op in REGISTRY.values() if not op.proposed_seat] == ["transfer-area"]
    assert [op.code for op in REGISTRY.values() if op.receiving] == ["transfer-area"]
    assert [op.code for op in REGISTRY.values() if op.merges] == ["fusion"]
