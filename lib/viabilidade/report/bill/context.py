"""The context every article of a draft bill reads (:class:`Context`): the study, the names,
the dates, the memorials, the annexes, and the notes the articles add for the drafter."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ...operations.base import fill_name
from ..writers import format as fmt
from .form import FEDERAL


@dataclass
class Context:
    """What every article builder reads, and the notes it adds.

    Attributes
    ----------
    analysis, store, op
        The study (:class:`viabilidade.profile.analysis.Analysis`), the processed data and the
        candidate's :class:`~viabilidade.operations.base.Operation`.
    name, seat : str
        The study's name (:meth:`Operation.study_name`) and the proposed seat.
    origins : list of str
        Names of the municipalities :meth:`Operation.origin_codes` lists.
    destination : str or None
        The receiving municipality's name (a transfer).
    year, install, election
        The creation year, the installation date (``None`` when barred or unknown) and the
        next municipal election year.
    content, icms
        Art. 3's content (Vereadores, districts) and art. 14's ICMS share, when the
        operation's articles need them.
    memorial
        The area's :class:`~viabilidade.geo.memorial.Memorial`, or ``None``.
    line
        The corrected line's :class:`~viabilidade.geo.line_memorial.LineMemorial` (an art. 6
        correction), or ``None``.
    district_rows : list of (str, str, bool)
        (cod_distrito, nome, sede) of the area's IBGE districts.
    notes : list of str
        What the drafter must still supply (the builders append to it).
    """

    analysis: object
    store: object
    op: object
    name: str
    seat: str
    origins: list[str]
    destination: str | None
    year: int
    install: dt.date | None
    election: int
    content: dict | None
    icms: object | None
    memorial: object | None
    district_rows: list[tuple[str, str, bool]]
    notes: list[str]
    #: The operation is barred today (CF art. 18 § 4, :func:`viabilidade.report.frame.calendar_note`):
    #: Art. 1 cites the federal complementary law, and no date is fixed.
    barred: bool = False
    #: Article key -> the label of the annex it refers to ("Anexo Único", "Anexo I", …).
    annexes: dict[str, str] = field(default_factory=dict)
    line: object | None = None

    @property
    def district(self) -> str:
        """``"Distrito de Posse d'Abadia"``; ``"Distrito Leste"`` for a name that begins with
        the word (:func:`viabilidade.operations.base.fill_name`)."""
        return fill_name("Distrito de {name}", self.name)

    @property
    def origin_words(self) -> str:
        """``"Município de Abadiânia"`` / ``"Municípios de Alexânia e de Abadiânia"``; a fusion's
        ``"atuais Municípios de Anhanguera e de Cumari"`` (they exist until the new one is
        installed, and one may share its name: LC 95/1998, art. 11, II)."""
        if len(self.origins) == 1:
            return f"Município de {self.origins[0]}"
        return (("atuais " if self.op.merges else "") + "Municípios "
                + _and([f"de {o}" for o in self.origins]))


_and = fmt.and_list


def _annex_ref(ctx: Context, key: str = "limites") -> str:
    return f"no memorial descritivo do {ctx.annexes.get(key, 'Anexo Único')} desta Lei"


def _basis(ctx: Context, lc2: str) -> str:
    """``"nos termos do art. 18, § 4º, da Constituição Federal, da lei complementar federal
    nº [número], de [data], e da Lei Complementar nº 2, …"`` for an operation barred today, else
    ``"nos termos da Lei Complementar nº 2, …"``; ``lc2`` is ``"da Lei …"`` or ``"do art. 5º …"``."""
    return "nos termos " + (FEDERAL if ctx.barred else "") + lc2
