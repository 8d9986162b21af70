"""The addressee of an ofício: the authority's office, its treatment and its address block, in
the holder's gender (Manual de Redação da Presidência da República, 3rd ed., 2018, 2.1.3):
Vossa Excelência for judges, secretaries of state, mayors and councillors, Vossa Senhoria for
the others; "A Sua Excelência o Senhor …" or "Ao Senhor …"; the vocative "Senhor [cargo],".
The holder is named in ``[oficios.destinatarios]`` (:mod:`viabilidade.report.oficios_settings`);
no gender is presumed."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SettingsError
from .oficios_settings import Person


@dataclass(frozen=True)
class Authority:
    """The authority a letter is addressed to.

    Attributes
    ----------
    office : (str, str)
        The office as the address block writes it, masculine and feminine
        (``("Juiz Eleitoral da 87ª Zona Eleitoral de Goiás", "Juíza Eleitoral da …")``).
    vocative : (str, str)
        The office after "Senhor"/"Senhora" in the vocative (``("Juiz Eleitoral", "Juíza
        Eleitoral")``).
    lines : tuple of str
        Address lines after the office (the body, the place).
    excellency : bool
        Treatment Vossa Excelência (else Vossa Senhoria).
    person : Person or None
        The holder, named in ``[oficios.destinatarios]`` with name, gender and (for the
        Juiz Eleitoral, the Prefeito and the Câmara's President) address; ``None`` only
        while the letters are listed (:func:`build_requests` without settings): no form of
        address is written without it, since none is presumed.
    """

    office: tuple[str, str]
    vocative: tuple[str, str]
    lines: tuple[str, ...] = ()
    excellency: bool = False
    person: Person | None = None

    @property
    def holder(self) -> Person:
        """The named holder (:attr:`person`).

        Raises
        ------
        SettingsError
            When no one is named: the letter's gender and address are never presumed.
        """
        if self.person is None:
            raise SettingsError(f"falta o destinatário ({self.office[0]}) em "
                                "[oficios.destinatarios]; esperados name e gender (nenhum "
                                "gênero é presumido)", field="oficios.destinatarios")
        return self.person

    @property
    def female(self) -> bool:
        return self.holder.female

    @property
    def treatment(self) -> str:
        return "Vossa Excelência" if self.excellency else "Vossa Senhoria"

    def address(self) -> tuple[str, ...]:
        """The address block: ``("A Sua Excelência a Senhora", name, office, address…)``;
        the address is the holder's when given (``address`` in the settings), else
        :attr:`lines` (the office's seat)."""
        f, holder = self.female, self.holder
        if self.excellency:
            first = "A Sua Excelência a Senhora" if f else "A Sua Excelência o Senhor"
        else:
            first = "À Senhora" if f else "Ao Senhor"
        return (first, holder.name, self.office[f], *(holder.address or self.lines))

    def salutation(self) -> str:
        """``"Senhor Juiz Eleitoral,"``."""
        return f"{'Senhora' if self.female else 'Senhor'} {self.vocative[self.female]},"


__all__ = ["Authority"]
