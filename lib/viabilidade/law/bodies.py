"""The one table of the bodies that certify the requirements of LC 02/1990 (art. 4 § 2; art. 2).

Art. 4 § 2 names who establishes each requirement of art. 4: the IBGE for items II
(distance), IV (population) and VI (urban core); the electoral registry — the Cartório
Eleitoral, part of the Justiça Eleitoral (TRE-GO) — for item V (electors); the
"Secretaria da Fazenda" — today the Secretaria de Estado da Economia de Goiás — for item
VII (collection). Art. 2 asks for the signatures of electors "inscritos na área": the
registration is proven by the Cartório Eleitoral's certificate, never by recognised
signatures. Item III (continuity) has no body in § 2: it is measured, and
:func:`body_of_item` has no body for it.

Every module that names a certifying body reads this table: the candidate file's
``[certified]`` figures and process acts (``body`` keys), the art. 4 rules, the
certification of a study, the calendar and ``processo``, the ofícios. Keys are stable:
``ibge``, ``cartorio-eleitoral``, ``sefaz-go``.

Sources: LC 02/1990 (GO), arts. 2 and 4 § 2 (``/work/shared/law/LC-02-1990-GO.txt``); the
names of today's bodies as the study's note on art. 4 § 2 states them
(``report.sections.BODIES_TODAY_NOTE``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.text import fold

#: The electors' registration of art. 2 (petition), as an item of :attr:`Body.items`.
ART2_REGISTRATION = "art2"


@dataclass(frozen=True)
class Body:
    """One certifying body.

    Attributes
    ----------
    key : str
        Stable key used in candidate files and code (``"cartorio-eleitoral"``).
    name : str
        Name printed in studies (``"Cartório Eleitoral (TRE-GO)"``).
    short : str
        Short name for lists and process acts (``"Cartório Eleitoral"``).
    article : str
        Definite article of the name, ``"o"`` or ``"a"`` (for "do/da", "pelo/pela").
    items : tuple of str
        What it certifies: items of art. 4 (``"II"``, ``"IV"`` …) and
        :data:`ART2_REGISTRATION` for the electors' registration of art. 2.
    spellings : tuple of str
        Names accepted in a candidate file for this body (case and accents ignored).
    """

    key: str
    name: str
    short: str
    article: str
    items: tuple[str, ...]
    spellings: tuple[str, ...]

    @property
    def of(self) -> str:
        """``"do Cartório Eleitoral"``, ``"da SEFAZ-GO"`` (short name)."""
        return f"d{self.article} {self.short}"

    @property
    def to(self) -> str:
        """``"ao IBGE"``, ``"à SEFAZ-GO"`` (short name)."""
        return f"{'ao' if self.article == 'o' else 'à'} {self.short}"

    @property
    def by(self) -> str:
        """``"pelo Cartório Eleitoral (TRE-GO)"``, ``"pela Secretaria …"`` (printed name)."""
        return f"pel{self.article} {self.name}"

    def accepts(self, given: str) -> bool:
        """Whether ``given`` names this body (its key, name, short name or a spelling)."""
        return _plain(given) in {_plain(s) for s in (self.key, self.name, self.short, *self.spellings)}


def _plain(text: str) -> str:
    return " ".join(fold(text).split())


#: key -> :class:`Body`, in the order of art. 4 § 2.
BODIES: dict[str, Body] = {b.key: b for b in (
    Body("ibge", "IBGE", "IBGE", "o", ("II", "IV", "VI"),
         ("IBGE", "Instituto Brasileiro de Geografia e Estatística")),
    Body("cartorio-eleitoral", "Cartório Eleitoral (TRE-GO)", "Cartório Eleitoral", "o",
         ("V", ART2_REGISTRATION),
         ("Cartório Eleitoral", "Justiça Eleitoral", "TRE-GO", "Tribunal Regional Eleitoral de Goiás")),
    Body("sefaz-go", "Secretaria de Estado da Economia de Goiás", "SEFAZ-GO", "a", ("VII",),
         ("SEFAZ-GO", "SEFAZ", "Secretaria de Estado da Fazenda", "Secretaria de Estado da Economia")),
)}


def body_of_item(item: str) -> Body:
    """The body that certifies art. 4 ``item`` (``"IV"`` → IBGE) or :data:`ART2_REGISTRATION`.

    Raises
    ------
    KeyError
        For an item no body certifies (``"I"``: the proponents' evidence; ``"III"``: the
        continuity, measured).
    """
    for body in BODIES.values():
        if item in body.items:
            return body
    raise KeyError(item)


def body_named(given: str) -> Body | None:
    """The body ``given`` names (key, printed or short name, accepted spelling), else ``None``."""
    return next((b for b in BODIES.values() if b.accepts(given)), None)


def body_by_name(name: str) -> Body:
    """The body whose printed :attr:`Body.name` is ``name`` (``KeyError`` otherwise)."""
    for body in BODIES.values():
        if body.name == name:
            return body
    raise KeyError(name)


__all__ = ["ART2_REGISTRATION", "BODIES", "Body", "body_by_name", "body_named", "body_of_item"]
