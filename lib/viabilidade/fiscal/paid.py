"""The FPM in reais: what the Tesouro Nacional paid the interior of Goiás, the value of one
coefficient point per year, and the coefficients it actually paid each municipality.

From the store's optional tables (``fpm_monthly``, ``fpm_credits``; :mod:`viabilidade.data.
transfers`), passed in as DataFrames: this module reads no files.

* **Value of a point.** The Tesouro's ``FPM`` series is every interior municipality of Goiás,
  the reserve included (Goiânia apart), gross of the FUNDEB retention. The reserve is not
  paid by coefficient over the state's sum, but to the municipalities of more than 142.633
  inhabitants of the whole country: its part of the Goiás series is measured in the one month
  with per-municipality credits (March 2023: 3,94 %), and taken out. What remains, divided by
  the sum of the interior coefficients, is one point's year: ``(1 − reserve share) × annual
  total / sum``. For 2022 (the last complete year, R$ 5.443.004.518,74) and the TCU's 2023
  sum 254,8: about R$ 20,5 million gross, R$ 16,4 million net of FUNDEB.
* **The coefficients paid.** Each interior municipality's net credit in a month is its
  coefficient × one point's credit; the smallest coefficient of the law is 0,6
  (:data:`viabilidade.fiscal.fpm.BRACKETS`), so one point's credit is the smallest credit
  ÷ 0,6 (March 2023, 1st + 2nd decêndios: R$ 789.069,60), and every coefficient is a multiple
  of 0,2. A credit above 4,0 points is 4,0 plus the reserve.

Sources: Tesouro Nacional, Transferências obrigatórias da União (FPM mensal) and
Transferências constitucionais para municípios (março de 2023); CTN art. 91 (DL 1.881/1981);
Lei 14.113/2020, art. 3º (FUNDEB).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from . import fpm

#: A credit within this many points of a multiple of 0,2 is that multiple (the Tesouro
#: rounds each credit to the centavo: a 4,0 municipality is off by at most 0,00001 point).
TOLERANCE_POINTS = 1e-4


@dataclass(frozen=True)
class PointValue:
    """One coefficient point of the FPM-Interior of Goiás over one year, in reais.

    Attributes
    ----------
    year : int
        The calendar year of the Tesouro's series (2022).
    interior_gross : float
        The Tesouro's ``FPM`` series summed over the year: the interior with the reserve,
        gross (R$ 5.443.004.518,74 in 2022).
    reserve_share : float
        Fraction of that which is reserve, measured in the per-municipality month
        (:attr:`reserve_month`); 0,0394 for March 2023.
    reserve_month : str
        ``"março de 2023"``.
    pool_gross : float
        The interior without the reserve: ``interior_gross × (1 − reserve_share)``.
    total : float
        The sum of coefficients dividing it (the TCU's 2023 sum, 254,8: the sum of the
        study's shares).
    gross, net : float
        One point's year, gross and net of the FUNDEB retention (R$).
    """

    year: int
    interior_gross: float
    reserve_share: float
    reserve_month: str
    pool_gross: float
    total: float
    gross: float
    net: float

    def amount(self, coefficient: float, total: float | None = None, net: bool = False) -> float:
        """A coefficient's year in reais over ``total`` (default :attr:`total`), gross or net
        of FUNDEB."""
        value = float(coefficient) * self.pool_gross / float(total or self.total)
        return fpm.net_of_fundeb(value) if net else value


MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro")


def last_complete_year(monthly: pd.DataFrame) -> int | None:
    """The last year with the twelve months of the interior series (2022 for a series that
    ends in September 2023); ``None`` without one."""
    t = monthly[monthly["serie"] == "FPM"]
    months = t.groupby("ano")["mes"].nunique()
    full = months[months == 12]
    return int(full.index.max()) if len(full) else None


def paid_coefficients(credits: pd.DataFrame, municipalities: pd.DataFrame) -> pd.DataFrame:
    """The coefficient the Tesouro paid each interior municipality in the credits' month.

    Parameters
    ----------
    credits : pandas.DataFrame
        The store's ``fpm_credits`` (one month; net of FUNDEB).
    municipalities : pandas.DataFrame
        ``cod_ibge, nome, populacao`` (Censo 2022).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, nome, populacao, coeficiente`` (bracket, Censo 2022), ``credito_brl``
        (1st + 2nd decêndios), ``pago`` (coefficient paid), ``reserva_brl`` (net credit above
        4,0 points: the reserve; 0 for the others), sorted by code; the capital left out.
        ``attrs["point_brl"]`` is one point's credit (R$ 789.069,60 in March 2023),
        ``attrs["month"]`` ``"março de 2023"``.

    Raises
    ------
    ValueError
        Credits that are not a multiple of 0,2 point below 4,0: ``args`` are those rows
        (``cod_ibge, nome, credito_brl``) and one point's credit (the store build refuses
        them, :func:`viabilidade.data.transfers.check_credits`).
    """
    t = fpm.interior_coefficients(municipalities)
    c = credits.set_index("cod_ibge")
    credit = (c["decendio_1_brl"] + c["decendio_2_brl"] + c["decendio_3_brl"])
    t["credito_brl"] = t["cod_ibge"].map(credit).astype(float)
    smallest = float(min(b.coefficient for b in fpm.BRACKETS))
    point = round(float(t["credito_brl"].min()) / smallest, 2)
    ratio = t["credito_brl"] / point
    top = float(fpm.BRACKETS[-1].coefficient)
    paid = (ratio / 0.2).round() * 0.2
    reserve = ratio > top + TOLERANCE_POINTS
    off = ~reserve & ((ratio - paid).abs() > TOLERANCE_POINTS)
    if off.any():
        # the rows and one point's credit, for the caller's message (data.transfers)
        raise ValueError(t.loc[off, ["cod_ibge", "nome", "credito_brl"]], point)
    t["pago"] = paid.where(~reserve, top).round(1)
    t["reserva_brl"] = (t["credito_brl"] - t["pago"] * point).where(reserve, 0.0).round(2)
    first = credits.iloc[0]
    t.attrs["point_brl"] = point
    t.attrs["month"] = f"{MONTHS[int(first['mes']) - 1]} de {int(first['ano'])}"
    return t.reset_index(drop=True)


def point_value(monthly: pd.DataFrame, paid: pd.DataFrame, total: float,
                year: int | None = None) -> PointValue | None:
    """One coefficient point's year of FPM-Interior in Goiás (see the module's notes).

    Parameters
    ----------
    monthly : pandas.DataFrame
        The store's ``fpm_monthly``.
    paid : pandas.DataFrame
        :func:`paid_coefficients` (for the reserve's share).
    total : float
        The sum of the interior coefficients that divides the pool (the TCU's, 254,8).
    year : int, optional
        Default :func:`last_complete_year`.

    Returns
    -------
    PointValue or None
        ``None`` without a complete year.
    """
    year = year if year is not None else last_complete_year(monthly)
    if year is None:
        return None
    t = monthly[(monthly["serie"] == "FPM") & (monthly["ano"] == year)]
    if t["mes"].nunique() != 12:
        return None
    interior = float(t["valor_brl"].sum())
    share = float(paid["reserva_brl"].sum() / paid["credito_brl"].sum())
    pool = interior * (1 - share)
    gross = pool / float(total)
    return PointValue(year, interior, share, paid.attrs.get("month", ""), pool, float(total),
                      gross, fpm.net_of_fundeb(gross))
