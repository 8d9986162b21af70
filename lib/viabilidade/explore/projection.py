"""Geometric-growth projections of population and electors to a chosen year.

A projection is an assumption, never a count: every projected figure leaves here with basis
``estimated``, so the rules can only say ``indeterminate`` (with a lean) about it, and its
note states the rate, the two counts the rate came from (or that the user set it) and the
years. The method is the geometric (constant annual rate) model IBGE uses between censuses:

    r = (c1 / c0) ** (1 / (y1 - y0)) - 1,        P(t) = P(y) * (1 + r) ** (t - y)

Uncertainty of a projected figure: the spread of the projection when the rate moves by
``± rate_uncertainty`` (half-width, per year), plus the base figure's own uncertainty
scaled by the growth factor. When the rate comes from two counts of every municipality of
the state, :func:`state_rates` gives, besides each municipality's rate, half the
interquartile range of those rates: a data-derived default for ``rate_uncertainty``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import ViabilidadeError
from ..report.writers.format import number, quantity
from ..rules.result import PROJECTED_NOTES, Basis, Figure


class ProjectionError(ViabilidadeError):
    """Counts, years or rates that cannot define a geometric projection."""


#: Figure attribute of :class:`~viabilidade.profile.types.UnitProfile` per projectable quantity.
QUANTITIES = {"population": "habitantes", "electors": "eleitores"}


def year_fraction(vintage: str) -> float:
    """Decimal year of a vintage text: ``"2022-08-01"`` -> 2022.58; ``"2022"`` -> 2022.0.

    Raises
    ------
    ProjectionError
        If the text does not start with a four-digit year.
    """
    import datetime as dt

    text = str(vintage).strip()
    try:
        d = dt.date.fromisoformat(text[:10])
    except ValueError:
        if len(text) >= 4 and text[:4].isdigit():
            return float(text[:4])
        raise ProjectionError(f"data de referência inválida: encontrado {vintage!r}; esperado um ano (AAAA) ou uma data (AAAA-MM-DD)") from None
    start = dt.date(d.year, 1, 1)
    days = (dt.date(d.year + 1, 1, 1) - start).days
    return d.year + (d - start).days / days


def date_of_year(year: float):
    """The calendar day of a decimal year (inverse of :func:`year_fraction`): 2022.751 -> 2 Oct 2022."""
    import datetime as dt

    whole = int(math.floor(year))
    start = dt.date(whole, 1, 1)
    days = (dt.date(whole + 1, 1, 1) - start).days
    return start + dt.timedelta(days=int(round((year - whole) * days)))


def year_text(year: float) -> str:
    """A count's date in Portuguese: ``2022`` -> ``"2022"``, ``2022.751`` -> ``"02/10/2022"``."""
    from ..report.writers.format import date_short

    return str(int(year)) if float(year).is_integer() else date_short(date_of_year(year))


def growth_rate(count0: float, year0: float, count1: float, year1: float) -> float:
    """Constant annual (geometric) growth rate between two counts.

    Parameters
    ----------
    count0, count1 : float
        The earlier and later counts (inhabitants or electors), both > 0.
    year0, year1 : float
        Their reference years (decimal years allowed, e.g. 2022.75 for October 2022).

    Returns
    -------
    float
        ``(count1 / count0) ** (1 / (year1 - year0)) - 1`` (0.012 = 1,2 % a.a.).

    Raises
    ------
    ProjectionError
        If a count is not positive or the years are equal.
    """
    if not (count0 > 0 and count1 > 0):
        raise ProjectionError(f"contagens inválidas: encontrado {count0!r} e {count1!r}; esperado duas contagens maiores que 0")
    if year1 == year0:
        raise ProjectionError(f"as duas contagens são do mesmo ano ({year0}): não há como derivar uma taxa de crescimento")
    return (count1 / count0) ** (1.0 / (year1 - year0)) - 1.0


def project(value: float, rate: float, from_year: float, to_year: float) -> float:
    """``value * (1 + rate) ** (to_year - from_year)``.

    Raises
    ------
    ProjectionError
        If ``rate <= -1`` (the population would vanish or turn negative).
    """
    if rate <= -1:
        raise ProjectionError(f"taxa anual inválida: encontrado {rate!r}; esperado uma taxa maior que -100 %")
    return float(value) * (1.0 + rate) ** (to_year - from_year)


def state_rates(counts0: pd.DataFrame, counts1: pd.DataFrame, *, year0: float, year1: float,
                key: str = "cod_ibge", column: str = "count") -> tuple[pd.DataFrame, float]:
    """Each municipality's growth rate between two count tables, and their spread.

    Parameters
    ----------
    counts0, counts1 : DataFrame
        Columns ``key`` (IBGE code as text) and ``column`` (counts > 0), earlier and later.
        Rows missing from either table are left out (e.g. Bom Jesus de Goiás, absent from the
        per-municipality file of the TSE electorate profile of 2026; the store derives it).
    year0, year1 : float
        Reference years of the two tables.

    Returns
    -------
    (DataFrame, float)
        Columns ``key, count0, count1, rate``; and half the interquartile range of ``rate``
        (per year), a default for :attr:`Projection.rate_uncertainty`.

    Raises
    ------
    ProjectionError
        If a table lacks ``key`` or ``column``, or no code is common to both.
    """
    for name, df in (("counts0", counts0), ("counts1", counts1)):
        missing = [c for c in (key, column) if c not in df.columns]
        if missing:
            raise ProjectionError(f"{name}: faltam as colunas {missing}; esperado as colunas {key!r} e {column!r}")
    m = counts0[[key, column]].rename(columns={column: "count0"}).merge(
        counts1[[key, column]].rename(columns={column: "count1"}), on=key)
    m = m[(m["count0"] > 0) & (m["count1"] > 0)]
    if m.empty:
        raise ProjectionError("as duas tabelas de contagem não têm nenhum município em comum")
    m["rate"] = (m["count1"] / m["count0"]) ** (1.0 / (year1 - year0)) - 1.0
    q1, q3 = np.percentile(m["rate"].to_numpy(dtype=float), [25, 75])
    return m.reset_index(drop=True), float((q3 - q1) / 2)


#: The count of each quantity the processed store holds, and its reference date. Electors:
#: the 2022 general election's roll, the earlier count of a growth rate (the later one, e.g.
#: the TSE profile of 2026 the studies read, is the user's).
STORE_COUNTS = {"population": ("municipalities", "populacao", "2022-07-31", "Censo 2022"),
                "electors": ("electorate", "eleitores_aptos", "2022-10-02",
                             "TSE, Eleições Gerais de 2022")}


def store_count(store, cod_ibge: str, quantity: str) -> tuple[int, float, str]:
    """The store's count of a municipality: (count, decimal year, Portuguese source).

    Population: Censo 2022 (revised aggregates, reference date 31 Jul 2022); electors: TSE eligible voters of
    the 2022 general election (2 Oct 2022). The store holds one count of each, so the other
    count of a rate comes from the user (an earlier census; a later electorate snapshot).

    Raises
    ------
    ProjectionError
        If ``quantity`` is unknown or the municipality is not in the store.
    """
    if quantity not in STORE_COUNTS:
        raise ProjectionError(f"grandeza desconhecida: encontrado {quantity!r}; esperado uma de {', '.join(STORE_COUNTS)}")
    table, column, vintage, source = STORE_COUNTS[quantity]
    df = getattr(store, table).set_index("cod_ibge")
    if cod_ibge not in df.index:
        raise ProjectionError(f"o município {cod_ibge!r} não está na tabela {table} dos dados processados")
    return int(df.at[cod_ibge, column]), year_fraction(vintage), source


@dataclass(frozen=True)
class Projection:
    """How to project one quantity.

    Attributes
    ----------
    quantity : {"population", "electors"}
    to_year : int
        Target year (the projection is taken at 1 July of that year, mid-year as IBGE does).
    rate : float
        Annual geometric rate (0.012 = 1,2 % a.a.).
    rate_uncertainty : float
        Half-width of the rate's uncertainty, per year (0.005 = ± 0,5 p.p. a.a.).
    origin : str
        Portuguese: where the rate comes from (``"TSE 2022 → perfil de 2026"``; ``"taxa informada
        pelo usuário"``).
    """

    quantity: str
    to_year: int
    rate: float
    rate_uncertainty: float = 0.0
    origin: str = "taxa informada pelo usuário"

    def __post_init__(self) -> None:
        if self.quantity not in QUANTITIES:
            raise ProjectionError(f"grandeza desconhecida: encontrado {self.quantity!r}; esperado uma de {', '.join(QUANTITIES)}")
        if not 1990 <= int(self.to_year) <= 2100:
            raise ProjectionError(f"ano da projeção inválido: encontrado {self.to_year!r}; esperado um ano entre 1990 e 2100")
        if not (math.isfinite(self.rate) and self.rate > -1):
            raise ProjectionError(f"taxa anual inválida: encontrado {self.rate!r}; esperado uma taxa maior que -100 %")
        if not (math.isfinite(self.rate_uncertainty) and self.rate_uncertainty >= 0):
            raise ProjectionError(f"incerteza da taxa inválida: encontrado {self.rate_uncertainty!r}; esperado um valor maior ou igual a 0")

    @classmethod
    def from_counts(cls, quantity: str, to_year: int, count0: float, year0: float,
                    count1: float, year1: float, *, rate_uncertainty: float = 0.0,
                    origin: str = "") -> "Projection":
        """A projection whose rate comes from two counts (see :func:`growth_rate`)."""
        rate = growth_rate(count0, year0, count1, year1)
        text = origin or (f"taxa geométrica entre as contagens {number(count0, 0)} ({year_text(year0)}) e "
                          f"{number(count1, 0)} ({year_text(year1)})")
        return cls(quantity, to_year, rate, rate_uncertainty, text)

    def assumptions(self) -> str:
        """Portuguese sentence stating the method, rate, uncertainty and target year."""
        pct, unc = number(self.rate * 100, 2), number(self.rate_uncertainty * 100, 2)
        what = PROJECTED_NOTES[0] if self.quantity == "population" else PROJECTED_NOTES[1]
        return (f"{what} para 1º de julho de {self.to_year} por crescimento geométrico "
                f"a {pct} % a.a. (± {unc} p.p.); {self.origin}. Valor estimado: não decide requisito.")

    def apply(self, figure: Figure) -> Figure:
        """The projected figure: basis ``estimated``, uncertainty and note stating the assumptions.

        Raises
        ------
        ProjectionError
            If the figure has no value or no usable vintage.
        """
        if figure.value is None:
            raise ProjectionError(f"não há valor de {self.quantity} para projetar")
        y0 = year_fraction(figure.vintage)
        t = self.to_year + 0.5
        value = project(figure.value, self.rate, y0, t)
        lo = project(figure.value, max(self.rate - self.rate_uncertainty, -0.999999), y0, t)
        hi = project(figure.value, self.rate + self.rate_uncertainty, y0, t)
        growth = value / float(figure.value)
        unc = abs(hi - lo) / 2 + (figure.uncertainty or 0.0) * growth
        note = (f"{self.assumptions()} Base: {quantity(figure.value, figure.unit)} em "
                f"{figure.vintage}" + (f" ({figure.note})" if figure.note else ""))
        return Figure(round(value, 1), figure.unit, Basis.ESTIMATED, figure.source,
                      f"{self.to_year}-07-01", uncertainty=round(unc, 1), note=note)
