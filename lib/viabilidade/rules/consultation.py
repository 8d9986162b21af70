"""How an operation's plebiscite and representation are read under arts. 5 and 7 of LC 02/1990
(:class:`Consultation`): each operation declares one (:attr:`viabilidade.operations.Operation.consultation`)
and its ``rules`` pass it to :mod:`.art5` and :mod:`.art7` as a plain value, so no rule
branches on an operation code.

Art. 7 is written for the plebiscite "na área territorial a ser emancipada ou transferida" and
its § 2 for the law "que crie município … comprovados os requisitos do art. 4º": a creation
reads it as written (:data:`AS_WRITTEN`); a fusion (art. 5 § 2) and a transfer (art. 5) declare
where quorum and majority are counted (reading I-11) and what § 2 applies to by analogy.
"""

from __future__ import annotations

from dataclasses import dataclass

from .settings import Settings

#: Where quorum and majority are counted: ``together`` (one count on the roll of reading I-10),
#: ``each`` (in each municipality involved, always) or ``each-if-federal`` (in each only when
#: the municipalities vote, reading I-10 ``federal``).
COUNTS = ("together", "each", "each-if-federal")


@dataclass(frozen=True)
class Consultation:
    """What arts. 5 and 7 need to know of an operation's plebiscite and representation.

    Attributes
    ----------
    count : str
        One of :data:`COUNTS`.
    each_rule : str
        Why the plebiscite is counted in each municipality involved, in the reader's words
        (pt-BR, no final stop; printed before the figures of each municipality); required
        unless ``count == "together"``.
    subject : str
        What the plebiscite decides, feminine, as the alternative reading's sentence names it
        (``"a fusão"`` → "a fusão seria aprovada"); required unless ``count == "together"``.
    analogy : (str, str) or None
        Art. 7 § 2 applied by analogy: (what the plebiscite decides, the provision it rests on),
        for an operation whose law creates no municipality by art. 4; ``None``: § 2 as written.
    quorum_article : str
        The article art. 7 § 1, I's result cites when not its own (a fusion: "por analogia");
        empty: as written.
    petition_note : str
        A sentence appended to art. 5 § 1's reason saying how the study reads the
        representation for this operation; empty: none.

    Raises
    ------
    ValueError
        On an unknown ``count``, or a count in each municipality without ``each_rule`` and
        ``subject``.
    """

    count: str = "together"
    each_rule: str = ""
    subject: str = ""
    analogy: tuple[str, str] | None = None
    quorum_article: str = ""
    petition_note: str = ""

    def __post_init__(self) -> None:
        if self.count not in COUNTS:
            raise ValueError(f"count must be one of {COUNTS}, found {self.count!r}")
        if self.count != "together" and not (self.each_rule and self.subject):
            raise ValueError(f"count {self.count!r} needs each_rule and subject")

    def counted_in_each(self, settings: Settings) -> bool:
        """Whether quorum and majority are counted in each municipality involved under
        ``settings`` (reading I-10 ``plebiscite_roll``)."""
        return self.count == "each" or (self.count == "each-if-federal"
                                         and settings.plebiscite_roll == "federal")


#: Art. 7 read as written: a creation's plebiscite in the area to be emancipated, one count.
AS_WRITTEN = Consultation()
