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
    # the transfer joins an existing municipality; the correction has no area at all
    assert [op.code for op in REGISTRY.values() if not op.proposed_seat] == \
        ["transfer-area", "boundary-correction"]
    assert [op.code for op in REGISTRY.values() if not op.proposed_area] == ["boundary-correction"]
    assert [op.code for op in REGISTRY.values() if op.receiving] == ["transfer-area"]
    assert [op.code for op in REGISTRY.values() if op.merges] == ["fusion"]


def test_transfer_correction_and_district_declare_their_own_articles_and_readings():
    t, b, d = (operation_for(c) for c in ("transfer-area", "boundary-correction", "create-district"))
    assert t.chapters == ("sec-transferencia", "sec-processo") and t.law_articles == ("5", "7")
    assert t.readings == ("quorum", "plebiscite_roll", "population_vintage")
    assert (b.chapters, b.law_articles, b.readings) == (("sec-correcao",), ("6",), ())
    assert d.law_articles == ("15", "16", "17", "18", "19", "20") and d.readings == ()
    assert d.instrument == "lei municipal (art. 16)"
    assert b.subject_label == "Limite corrigido" and t.subject_label == "Área transferida"
    assert operation_for("create-municipality").readings is None  # every reading


def test_an_unknown_reading_is_refused():
    import dataclasses
    with pytest.raises(ValueError, match=r"create-district: unknown readings \['quorun'\]"):
        dataclasses.replace(operation_for("create-district"), readings=("quorun",))
