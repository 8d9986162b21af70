"""FPM (Fundo de Participação dos Municípios): the interior coefficient by population
bracket, its maintenance for municipalities that lost population, and the dilution a new
coefficient causes in the state's pool.

The law
-------
* Constitution art. 159, I, b, d, e and f: the FPM. CTN (Lei 5.172/1966) art. 91, as
  rewritten by Decreto-Lei 1.881/1981: 10 % of the fund goes to the state capitals, 86,4 %
  to the other municipalities ("FPM-Interior") and 3,6 % to a reserve for interior
  municipalities of more than 142.633 inhabitants (the reserve is paid on top of their
  interior share). Goiânia (5208707) is paid from the capitals' part, never from the
  interior pool.
* The interior pool is divided among the states by fixed percentages, published each year
  in the annex of the TCU's decisão normativa (Goiás: 3,7318 % in the 2023 exercise, DOU of
  06/07/2023, Anexo VI). Inside a state each municipality receives in proportion to its
  coefficient: ``coefficient / sum of the state's interior coefficients``. A new
  municipality of Goiás therefore takes its coefficient from the Goiás pool only; the other
  states are not affected.
* The coefficient by population is that of CTN art. 91 § 2 (DL 1.881/1981):
  "a) Até 16.980: pelos primeiros 10.188 — 0,6; para cada 3.396 ou fração excedente, mais
  0,2; b) acima de 16.980 até 50.940: pelos primeiros 16.980 — 1,0; para cada 6.792 ou
  fração excedente, mais 0,2; c) acima de 50.940 até 101.880: pelos primeiros 50.940 — 2,0;
  para cada 10.188 ou fração excedente, mais 0,2; d) acima de 101.880 até 156.216: pelos
  primeiros 101.880 — 3,0; para cada 13.584 ou fração excedente, mais 0,2; e) acima de
  156.216 — 4,0." :data:`BRACKETS` expands it into 18 brackets ("mais de X até Y
  habitantes"); the raw file ``fiscal/fpm_dl1881_faixas_coeficientes.csv`` is checked
  against it when the store is built, and the table is derived from it when the raw folder
  lacks that file (:func:`viabilidade.data.fiscal.brackets_table`).
* Maintenance. LC 91/1997 fixed the coefficients by population (art. 1) and kept earlier
  ones in transition; LC 165/2019 kept the 2018 coefficients of municipalities whose
  coefficient would fall on the IBGE estimates until a new census; LC 198/2023 added art.
  5º-A to LC 91/1997: "A partir de 1º de janeiro do ano subsequente à publicação da
  contagem populacional do censo demográfico, realizado pelo IBGE, ficam mantidos os
  coeficientes do FPM atribuídos no ano anterior aos Municípios que apresentarem redução de
  seus coeficientes pela aplicação do disposto no caput do art. 1º desta Lei
  Complementar." Its §§ 1–2 apply a *financial* reducer (10 % of the additional gain in the
  first exercise after the census, 20 % in the second, and so on) to the money, not to the
  coefficient. :func:`maintained` models the caput (the coefficient kept is the larger of
  the earlier one and the bracket's); the financial reducer is not modelled.

What is modelled, precisely
---------------------------
The store has the Censo 2022 population of every municipality and the TCU's published
totals for Goiás in 2023 (sum of coefficients 254,8; 245 municipalities; 5.621.806
inhabitants), but not the TCU's coefficient per municipality (its Anexo IX page for Goiás
was not found) nor the coefficients of 2022. Applying the brackets to the Censo 2022
population of the 245 interior municipalities gives 250,8: the 4,0 of difference is the
coefficient kept under LC 198/2023 by municipalities that fell a bracket, which cannot be
assigned municipality by municipality with these data. So: a municipality's coefficient
here is its bracket's (basis ``estimado``: it may be higher if maintained), the state's
sum is the TCU's published one (``publicado``), and the dilution of every other
municipality is the same percentage whatever its coefficient, so it is exact for all of
them even where their own coefficient is not known.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

#: IBGE code of the state capital (paid from the capitals' 10 %, not from the interior pool).
CAPITAL = "5208707"

#: Parts of the FPM, in % of the fund (CTN art. 91, DL 1.881/1981): capitals, interior,
#: reserve.
PARTS_PERCENT = {"capitais": Fraction("10"), "interior": Fraction("86.4"),
                 "reserva": Fraction("3.6")}

#: The FPM's part retained for the FUNDEB, in % of each credit (CF, ADCT art. 60 as given by
#: EC 108/2020, and art. 212-A, II; Lei 14.113/2020, art. 3º, II): what a municipality is
#: credited is the rest, 80 %.
FUNDEB_PERCENT = Fraction(20)

#: Interior municipalities of more than this population also take part in the reserve (DL
#: 1.881/1981, art. 2º, as the press reports it on LC 198/2023; the article's text was not at
#: hand). A study only names such territories; the reserve is not computed.
RESERVE_ABOVE = 142_633

#: The law's rule (CTN art. 91 § 2, DL 1.881/1981): (bracket top, first coefficient, step of
#: population per further 0,2).
_RULE = ((16_980, 10_188, "0.6", 3_396), (50_940, 16_980, "1.0", 6_792),
         (101_880, 50_940, "2.0", 10_188), (156_216, 101_880, "3.0", 13_584))
_TOP_COEFFICIENT = Fraction("4.0")
_STEP = Fraction("0.2")


@dataclass(frozen=True)
class Bracket:
    """One population bracket of the FPM-Interior coefficient.

    Attributes
    ----------
    above : int
        The bracket is for "mais de ``above``" inhabitants (0 for the first).
    up_to : int or None
        "até ``up_to``" inhabitants, inclusive; ``None`` for the last (acima de 156.216).
    coefficient : Fraction
        The coefficient (0,6 … 4,0).
    """

    above: int
    up_to: int | None
    coefficient: Fraction

    def words(self) -> str:
        """The bracket in the law's way: ``"mais de 10.188 até 13.584 habitantes"``."""
        def n(x: int) -> str:
            return f"{x:,}".replace(",", ".")
        if self.up_to is None:
            return f"mais de {n(self.above)} habitantes"
        if self.above == 0:
            return f"até {n(self.up_to)} habitantes"
        return f"mais de {n(self.above)} até {n(self.up_to)} habitantes"


def _expand() -> tuple[Bracket, ...]:
    out, above = [], 0
    for top, first, coef, step in _RULE:
        c = Fraction(coef)
        if above == 0:
            out.append(Bracket(0, first, c))
            above = first
        while above < top:
            c += _STEP
            out.append(Bracket(above, above + step, c))
            above += step
    out.append(Bracket(above, None, _TOP_COEFFICIENT))
    return tuple(out)


#: The 18 brackets of CTN art. 91 § 2 (DL 1.881/1981), in order: até 10.188 → 0,6; mais de
#: 10.188 até 13.584 → 0,8; … mais de 142.632 até 156.216 → 3,8; mais de 156.216 → 4,0.
BRACKETS: tuple[Bracket, ...] = _expand()


def bracket(population: int) -> Bracket:
    """The bracket of a population (CTN art. 91 § 2, DL 1.881/1981).

    Parameters
    ----------
    population : int
        Inhabitants (>= 0).

    Returns
    -------
    Bracket

    Raises
    ------
    ValueError
        A negative population.
    """
    if population < 0:
        raise ValueError(f"population {population} < 0")
    for b in BRACKETS:
        if b.up_to is None or population <= b.up_to:
            return b
    raise AssertionError("unreachable")  # the last bracket has no top


def coefficient(population: int) -> float:
    """FPM-Interior coefficient of a population by its bracket: 10.188 → 0,6; 10.189 → 0,8;
    156.216 → 3,8; 156.217 → 4,0 (CTN art. 91 § 2, DL 1.881/1981). Not the maintained one
    (:func:`maintained`)."""
    return float(bracket(int(population)).coefficient)


def maintained(previous: float, by_bracket: float) -> float:
    """The coefficient of the year after a census for a municipality whose bracket fell
    (LC 91/1997 art. 5º-A, added by LC 198/2023): the one "atribuído no ano anterior" when
    larger, else the bracket's. The financial reducer of §§ 1–2 acts on money, not on the
    coefficient, and is not applied."""
    return max(float(previous), float(by_bracket))


def interior_coefficients(municipalities: pd.DataFrame, population: str = "populacao") -> pd.DataFrame:
    """Each interior municipality of Goiás with its population and bracket coefficient.

    Parameters
    ----------
    municipalities : pandas.DataFrame
        The store's ``municipalities`` table (``cod_ibge``, ``nome`` and ``population``).
    population : str
        Population column (``"populacao"``: Censo 2022, revised results).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, nome, populacao, coeficiente`` (bracket coefficient, float), the capital
        (:data:`CAPITAL`) left out, sorted by code. With the Censo 2022: 245 rows, sum of
        coefficients 250,8 (150 at 0,6; 6 at 4,0).
    """
    import weakref

    # Made once per table: a store's tables are one object shared by every study of a process
    # (data.store), and a study asked for this five times (issue 30). The object is held by a
    # weak reference and known with its length and population total as well, so another or
    # a changed table is computed again; each caller gets a copy of its own.
    key = (id(municipalities), population, len(municipalities),
           float(municipalities[population].sum()))
    hit = _INTERIOR.get(key)
    if hit is not None and hit[0]() is municipalities:
        return hit[1].copy()
    m = municipalities[municipalities["cod_ibge"] != CAPITAL]
    out = pd.DataFrame({"cod_ibge": m["cod_ibge"].astype(str), "nome": m["nome"],
                        "populacao": m[population].astype(int)})
    out["coeficiente"] = out["populacao"].map(coefficient)
    out = out.sort_values("cod_ibge").reset_index(drop=True)
    _INTERIOR[key] = (weakref.ref(municipalities), out)
    while len(_INTERIOR) > 4:
        del _INTERIOR[next(iter(_INTERIOR))]
    return out.copy()


#: :func:`interior_coefficients` of the tables last asked about: key -> (weak reference to
#: the table, result).
_INTERIOR: dict = {}


def dilution(total: float, change: float) -> float:
    """Fraction of its FPM-Interior quota that every *other* interior municipality of the
    state loses when the state's sum of coefficients changes by ``change`` (a new
    municipality's coefficient plus the origin's change): ``1 − total / (total + change)``.
    Negative when the sum falls (a fusion: the others gain).

    Parameters
    ----------
    total : float
        The state's sum of interior coefficients before (Goiás 2023: 254,8, TCU).
    change : float
        Net change of the sum.

    Raises
    ------
    ValueError
        ``total`` not positive, or a sum that would not stay positive.
    """
    if total <= 0 or total + change <= 0:
        raise ValueError(f"sum of coefficients {total} + {change} must stay positive")
    return 1.0 - total / (total + change)


def net_of_fundeb(gross: float) -> float:
    """What is credited of a gross FPM amount after the FUNDEB retention
    (:data:`FUNDEB_PERCENT`): ``gross × 0,8``."""
    return float(gross) * float(1 - FUNDEB_PERCENT / 100)


def pool_share(coef: float, total: float) -> float:
    """A municipality's fraction of its state's FPM-Interior pool: ``coef / total``."""
    if total <= 0:
        raise ValueError(f"sum of coefficients {total} must be positive")
    return float(coef) / float(total)
