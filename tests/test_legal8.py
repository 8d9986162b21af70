"""The legal consultant's read of every document type (legal8): each serious finding (S1–S4)
and the minors, asserted on the exact new text."""
from __future__ import annotations

from test_legal2 import _text, analysed, store  # noqa: F401

CERTIFIED = "tests/candidates/posse-dabadia-certificada.toml"
POSSE = "data/candidates/posse-dabadia.toml"
NB = "\u00a0"


def test_the_slides_and_the_json_date_art14_as_the_study_does(analysed, store):
    """S1: after the certified file's void plebiscite the slide read "(art. 14), 2027–2029:
    18,00 % (estimado)" and ``economia.icms.art14_exercicios`` held 2027–2029, while the study
    says "anos a definir após a lei complementar federal e novo plebiscito". m8: Posse's slide
    said "(na hipótese adotada, 2029)" and "2027–2029" without the study's "lei hoje vedada"."""
    from viabilidade.fiscal import economy as eco
    from viabilidade.report.economic import economic_points

    e = eco.economy(analysed(CERTIFIED), store)
    lines = economic_points(e)
    assert (f"Participação transitória no ICMS da origem (art. 14): 18,00{NB}% (estimado), no "
            "ano da lei de criação e nos dois seguintes, anos a definir após a lei complementar "
            "federal e novo plebiscito; até a instalação, contabilizada em separado pela "
            f"Prefeitura de origem, que aplica na área no mínimo 80{NB}% desses recursos (art. "
            "14, § 2º).") in lines
    assert not any(str(y) in " ".join(lines) for y in (2027, 2028, 2029))
    icms = eco.record(e)["icms"]
    assert icms["art14_anos"] == ("no ano da lei de criação e nos dois seguintes, anos a definir "
                                  "após a lei complementar federal e novo plebiscito")
    assert [x["ano"] for x in icms["art14_exercicios"]] == [None, None, None]

    e = eco.economy(analysed(POSSE), store)
    lines = economic_points(e)
    assert (f"Participação transitória no ICMS da origem (art. 14): 17,67{NB}% (estimado), em "
            "2027–2029, na hipótese de a lei de criação ser de 2027, lei hoje vedada; até a "
            "instalação, contabilizada em separado pela Prefeitura de origem, que aplica na "
            f"área no mínimo 80{NB}% desses recursos (art. 14, § 2º).") in lines
    assert all("hipótese adotada" not in x for x in lines)
    assert any(x.endswith("a partir da instalação (em 2029, na hipótese de a lei de criação ser "
                          "de 2027, lei hoje vedada).") for x in lines)
    icms = eco.record(e)["icms"]
    assert icms["art14_anos"] == ("em 2027–2029, na hipótese de a lei de criação ser de 2027, "
                                  "lei hoje vedada")
    assert [x["ano"] for x in icms["art14_exercicios"]] == [2027, 2028, 2029]
