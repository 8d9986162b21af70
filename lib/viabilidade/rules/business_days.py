"""Business days for the deadlines of LC 02/1990 (art. 4 § 3), from the ``holidays`` package.

LC 02/1990 does not say what happens when a deadline ends on a day without office hours. A
state process takes the rule of the Goiás law of administrative procedure, Lei estadual nº
13.800, de 18 de janeiro de 2001 (DOE 23/01/2001), whose art. 1º, § 1º applies it, "no que
couber", to the Legislative Power in its administrative functions, and whose art. 66 repeats
the federal Lei 9.784/1999, art. 66: the day of the start is excluded and the day of the end
included (caput); days run continuously (§ 2); and a deadline that ends on a day without
office hours, or with office hours closed before the normal time, is extended to the next
business day (§ 1). Verified: the law's number, date, art. 1º, § 1º and subject in the
compiled text of SEFAZ-GO (appasp.economia.go.gov.br/Legislacao/arquivos/Leis/L_13800.htm);
art. 66 and its §§ as quoted beside the federal article in a commented exam question
(soprovas.com, question 1133797), not in the compiled text itself.

A day is not a business day when it is a Saturday or a Sunday, a national holiday or a
holiday of the state of Goiás (``holidays.Brazil(subdiv="GO")``, public category: it has
the two state-law dates 26 July, foundation of the city of Goiás, and 24 October, foundation
of Goiânia), or one of the *pontos facultativos* that close federal and Goiás state offices
every year by decree (the package's optional category): Carnaval (Monday and Tuesday) and
Corpus Christi, all day; 24 and 31 December, from 14h (closed before the normal time,
art. 66 § 1). Ash Wednesday, whose office hours start at 14h and end at the normal time, and
the Dia do Servidor Público (28 October, moved by each year's decree) stay business days.
Treating a ponto facultativo as a day off never shortens a body's time to answer. Municipal
holidays of the place where a letter is received are not in the package and are not counted.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

#: Pontos facultativos (``holidays`` optional category, pt-BR names) counted as days without
#: office hours (whole day, or closed before the normal time).
CLOSED_OPTIONAL = frozenset({"Carnaval", "Corpus Christi", "Véspera de Natal",
                             "Véspera de Ano-Novo"})
#: Where the rule comes from, as the documents cite it.
RULE = ("art. 66, § 1º, da Lei estadual nº 13.800, de 18 de janeiro de 2001, aplicável ao "
        "Poder Legislativo no que couber (art. 1º, § 1º)")


@lru_cache(maxsize=64)
def _calendar(year: int) -> dict[dt.date, str]:
    """Non-business days of ``year`` other than weekends -> pt-BR reason."""
    from holidays.countries.brazil import Brazil

    out: dict[dt.date, str] = {}
    public = Brazil(subdiv="GO", years=year, language="pt_BR")
    for day, name in public.items():
        out[day] = f"feriado: {name}"
    optional = Brazil(subdiv="GO", years=year, language="pt_BR", categories=("optional",))
    for day, name in optional.items():
        if name in CLOSED_OPTIONAL and day not in out:
            out[day] = f"ponto facultativo: {name}"
    return out


def non_business_reason(day: dt.date) -> str | None:
    """Why ``day`` is not a business day, in pt-BR, or ``None`` when it is one.

    Returns
    -------
    str or None
        ``"sábado"``, ``"domingo"``, ``"feriado: Tiradentes"``,
        ``"ponto facultativo: Carnaval"``; a holiday on a weekend reads as the holiday.

    Notes
    -----
    Source: ``holidays`` (Brazil, subdivision GO), public and optional categories, as this
    module's docstring selects them.
    """
    reason = _calendar(day.year).get(day)
    if reason is not None:
        return reason
    if day.weekday() == 5:
        return "sábado"
    if day.weekday() == 6:
        return "domingo"
    return None


def next_business_day(day: dt.date) -> tuple[dt.date, tuple[tuple[dt.date, str], ...]]:
    """``day`` itself when it is a business day, else the first business day after it.

    Returns
    -------
    (date, tuple of (date, str))
        The business day, and each day skipped with its reason (empty when ``day`` is one).
    """
    skipped = []
    while (reason := non_business_reason(day)) is not None:
        skipped.append((day, reason))
        day += dt.timedelta(days=1)
    return day, tuple(skipped)


__all__ = ["non_business_reason", "next_business_day", "CLOSED_OPTIONAL", "RULE"]
