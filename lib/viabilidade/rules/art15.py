"""Art. 15 — the municipality "poderá ser dividido, para fins administrativos, em distritos",
and their urban circumscriptions are classed as cities and vilas. The article sets no
requirement for a new district; from the system of the law (each district has its seat, art.
17 I) follows a limit: a new district should not take the seat (vila, or the city) of an
existing district, which would leave that district without its seat. The study shows this as
a flag (:func:`seat_flag`), never as a requirement that decides the conclusion."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..profile.types import Profile

TITLE = "Sedes de distritos existentes (limite decorrente do sistema da lei, art. 15)"
#: How each kind of district seat is named.
SEAT_WORDS = {"vila": "a vila", "sede municipal": "a cidade (sede do município)",
              "": "a sede"}
#: Why the check is made although art. 15 sets no requirement.
BASIS = ("O art. 15 não estabelece requisito para a criação de distrito: diz que o município "
         "poderá ser dividido em distritos e que as suas circunscrições urbanas se classificam "
         "em cidades e vilas. Do sistema da lei (cada distrito tem a sua sede, art. 17, I) "
         "decorre um limite: o novo distrito não deve tomar a sede de um distrito existente. "
         "É um alerta, não um requisito, e não entra na conclusão.")


@dataclass(frozen=True)
class SeatFlag:
    """The art. 15 flag of a district study.

    Attributes
    ----------
    raised : bool or None
        ``True`` when the area holds an existing district's seat, ``False`` when it holds
        none, ``None`` when the check could not be made.
    text : str
        What the study says, in Portuguese.
    seats : list of dict
        The seats inside (``cod_distrito``, ``nome``, ``ponto``).
    """

    raised: bool | None
    text: str
    seats: list


def seat_flag(profile: Profile) -> SeatFlag:
    """Flag an area that holds the seat of an existing district.

    Reads ``profile.territory.details["district_seats_inside"]``
    (:func:`viabilidade.profile.analysis.district_seats_inside`): empty, no flag; otherwise the
    districts named with what the municipal law would have to do (the law does not forbid
    reorganising districts); ``None``, the check could not be made.
    """
    taken = profile.territory.details.get("district_seats_inside")
    if taken is None:
        return SeatFlag(None, "Não foi possível verificar se a área contém a sede de um distrito "
                              "existente (sem área desenhada nem distritos).", [])
    if not taken:
        return SeatFlag(False, "A área não contém a sede de nenhum distrito existente (sedes "
                               "municipais e vilas do IBGE, Localidades 2022).", [])
    summary, detail = seat_words(taken)
    return SeatFlag(True, f"Alerta: {summary}. {detail}", list(taken))


#: What the municipal law must do about a district whose seat the area takes.
SEAT_REMEDY = "A lei municipal teria de alterar os limites dele ou extingui-lo"


def seat_words(taken: list) -> tuple[str, str]:
    """The alert of an area that holds existing districts' seats, as (summary, detail): the
    study's flag (:func:`seat_flag`), the findings and the district bill say these words
    (legal8 S4: the bill created the district without them).

    ``[{"cod_distrito": "520010010", "nome": "Posse d'Abadia", "ponto": "vila"}]`` ->
    ``("a área contém a vila do distrito Posse d'Abadia (520010010): esse distrito perderia a
    sua sede", "A lei municipal teria de alterar os limites dele ou extingui-lo; corrija a
    área ou junte essa lei.")``
    """
    listed = "; ".join(f"{SEAT_WORDS.get(t['ponto'], 'a sede')} do distrito {t['nome']} "
                       f"({t['cod_distrito']})" for t in taken)
    return (f"a área contém {listed}: esse distrito perderia a sua sede",
            f"{SEAT_REMEDY}; corrija a área ou junte essa lei.")
