"""What the art. 8 audit says of an item (V, VI, VII) no municipality fails on published data:
that none fails only when the data decide it, else that there is no published figure (legal
review item 14: "Nenhum município deixa de atingir este item" beside 246 undecided)."""

from __future__ import annotations

from ..report.writers import format as fmt


def no_failure_sentence(undecided: int, total: int) -> str:
    """The sentence for an item none of the ``total`` municipalities fails on published data,
    ``undecided`` of them indeterminate with no lean (no published figure decides them).

    ``(246, 246)`` -> ``"Não há dado publicado que decida este item: os 246 municípios ficam
    indeterminados."``; ``(3, 246)`` -> ``"Nenhum município deixa de atingir este item com os
    dados publicados; 3 municípios ficam indeterminados, sem dado publicado que o decida."``;
    ``(0, 246)`` -> ``"Nenhum município deixa de atingir este item com os dados publicados."``
    """
    if undecided and undecided >= total:
        return (f"Não há dado publicado que decida este item: os "
                f"{fmt.count(total, 'município', 'municípios')} ficam indeterminados.")
    text = "Nenhum município deixa de atingir este item com os dados publicados"
    if undecided:
        verb = "fica indeterminado" if undecided == 1 else "ficam indeterminados"
        text += (f"; {fmt.count(undecided, 'município', 'municípios')} {verb}, sem dado "
                 "publicado que o decida")
    return text + "."


__all__ = ["no_failure_sentence"]
