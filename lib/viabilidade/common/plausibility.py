"""Plausibility bounds: a figure that cannot be true is refused where it enters.

A value of the right type can still be nonsense: 9.223.372.036.854.775.807 inhabitants,
R$ 1e300, a certificate dated 1800, 99.999 electors in a district of 3.102 people, a
remainder larger than its whole municipality. Every figure a user or a raw file gives is
checked here against a stated bound, and refused with the field and the bound in pt-BR.

Bounds (documented for users in docs/GUIA.md, "Limites de plausibilidade"):

=============================  ============================================================
:data:`COUNT_MAX`              any count (inhabitants, electors, buildings, signatures,
                               votes): at most the population of Goiás, Censo 2022
:data:`MONEY_MAX_BRL`          any money figure: at most R$ 1 trilhão (the state's yearly
                               tax revenue is about R$ 55 bilhões, SEFAZ-GO 2022)
:data:`DATE_MIN`, horizon      any date: from 1 January 1990 (LC 02/1990) to the study date
                               plus :data:`HORIZON_YEARS` (planned acts: request, plebiscite,
                               and certificates prepared ahead)
:data:`ELECTORS_PER_INHABITANT_MAX`  electors at most 2,5 × the population of the same
                               territory (the largest ratio in Goiás is 2,19, Davinópolis,
                               TSE profile 2026 / Censo 2022; 1,89 with the 2022 roll:
                               electoral domicile is not residence)
:data:`GROWTH_MAX`             a certified figure (area, remainder, or area plus remainder) at
                               most 1,5 × the published figure of the municipalities
                               concerned; signatures and plebiscite electors at most 1,5 × the
                               electors they are drawn from
:data:`WILD_RATIO`             a certificate more than 2 × or less than half the figure it
                               replaces is kept, but the study notes the published value and
                               the ratio
:data:`GOIAS_BOX`              a coordinate in longitude −53,5…−45,7 and latitude −19,8…−12,2
=============================  ============================================================

Sources: IBGE Censo 2022 (population of Goiás 7.056.495); TSE perfil do eleitorado 2026;
SEFAZ-GO receita tributária 2022.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import math
import os
from typing import Any

from .numbers import fmt, scientific


#: Population of Goiás, IBGE Censo 2022 (sum of the 246 municipalities): no count of people,
#: electors, buildings, signatures or votes in a study can exceed it.
STATE_POPULATION_2022 = 7_056_495
COUNT_MAX = STATE_POPULATION_2022
#: Largest money figure accepted, in BRL (R$ 1 trilhão: about 18 × the state's tax revenue
#: of 2022, R$ 55,2 bilhões).
MONEY_MAX_BRL = 1e12
#: Earliest date accepted: LC 02/1990 is of 1990.
DATE_MIN = dt.date(1990, 1, 1)
#: Years after the study date still accepted for a date (planned request or plebiscite).
HORIZON_YEARS = 2
#: Largest electors / population ratio of one territory (Goiás's largest is 2,19, Davinópolis, in the TSE electorate profile of
#: 2026 over the Censo 2022; 1,89 in the 2022 general election's roll).
ELECTORS_PER_INHABITANT_MAX = 2.5
#: Largest ratio of a certified or declared figure to the published figure of the
#: municipalities it is part of (growth since the Censo 2022 and the TSE roll, and estimation error).
GROWTH_MAX = 1.5
#: A certificate this many times above (or below 1/this of) the figure it replaces is noted.
WILD_RATIO = 2.0
#: Longitude/latitude box around Goiás (with the Federal District): (west, south, east, north).
GOIAS_BOX = (-53.5, -19.8, -45.7, -12.2)


def study_date() -> dt.date:
    """The date a study is made (today); the reference of the date bounds when no file being
    read gives its own (:func:`at_study_date`)."""
    return dt.date.today()


#: Environment variable that fixes "today" for :func:`today` (ISO date, ``2026-12-01``): the
#: tests set it so that nothing they check follows the machine clock; a study run in another
#: process (papermill, ``lote``) inherits it.
TODAY_ENV = "VIABILIDADE_HOJE"


def today() -> dt.date:
    """The real date, against which a study date is told to be in the future (a simulation).

    ``VIABILIDADE_HOJE`` (:data:`TODAY_ENV`) fixes it when set to an ISO date; otherwise, or
    when it is not a date, the machine clock.
    """
    given = os.environ.get(TODAY_ENV, "")
    try:
        return dt.date.fromisoformat(given.strip())
    except ValueError:
        return dt.date.today()


#: The study date of the file being read (its ``[settings] study_date``), set by
#: :func:`at_study_date`; ``None``: :func:`study_date`.
_FILE_STUDY_DATE: contextvars.ContextVar[dt.date | None] = contextvars.ContextVar(
    "viabilidade_file_study_date", default=None)


@contextlib.contextmanager
def at_study_date(date: dt.date | None):
    """Within the block, the date bounds follow ``date`` (a candidate's own study date)
    instead of the machine clock; ``None`` changes nothing. The date itself must have been
    checked against the clock (:func:`date_problem`) by the caller."""
    token = _FILE_STUDY_DATE.set(date)
    try:
        yield
    finally:
        _FILE_STUDY_DATE.reset(token)


def reference_day() -> dt.date:
    """The day a file is read against: its own study date (:func:`at_study_date`), else
    :func:`study_date` (today). A check of a document ("conferido") cannot be later."""
    return _FILE_STUDY_DATE.get() or study_date()


def latest_date(today: dt.date | None = None) -> dt.date:
    """The latest date accepted: the study date (``today``; else the file's, :func:`at_study_date`;
    else :func:`study_date`) plus :data:`HORIZON_YEARS` years."""
    today = today or _FILE_STUDY_DATE.get() or study_date()
    try:
        return today.replace(year=today.year + HORIZON_YEARS)
    except ValueError:  # 29 February
        return today.replace(year=today.year + HORIZON_YEARS, day=28)


def _d(date: dt.date) -> str:
    return date.strftime("%d/%m/") + f"{date.year:04d}"


def date_problem(value: dt.date, today: dt.date | None = None) -> str | None:
    """Why a date cannot be true (pt-BR), or ``None``: before :data:`DATE_MIN` or after
    :func:`latest_date`."""
    last = latest_date(today)
    if DATE_MIN <= value <= last:
        return None
    return (f"encontrada a data {_d(value)}; esperada uma data entre {_d(DATE_MIN)} (LC 02/1990) "
            f"e {_d(last)} (a data do estudo mais {HORIZON_YEARS} anos)")


def count_problem(value: Any, unit: str = "") -> str | None:
    """Why a count cannot be true (pt-BR), or ``None``: above :data:`COUNT_MAX`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > COUNT_MAX:
        return (f"encontrado {big_number(value)}{' ' + unit if unit else ''}; esperado no máximo "
                f"{fmt(COUNT_MAX)} (a população de Goiás no Censo 2022)")
    return None


def money_problem(value: Any) -> str | None:
    """Why a money figure cannot be true (pt-BR), or ``None``: above :data:`MONEY_MAX_BRL`."""
    if isinstance(value, (int, float)) and math.isfinite(value) and value > MONEY_MAX_BRL:
        return (f"encontrado R$ {big_number(value)}; esperado no máximo R$ 1 trilhão "
                f"(R$ {fmt(MONEY_MAX_BRL)}; a receita de impostos do Estado foi de cerca de "
                "R$ 55 bilhões em 2022)")
    return None


def collection_problem(collection: float, revenue: float, whose: str) -> str | None:
    """Why an area's (or a remainder's) state tax collection cannot be true (pt-BR), or
    ``None``: above the state's tax revenue ``revenue`` (``whose`` names it: year, basis),
    of which it is a part (ICMS + IPVA + ITCD collected in Goiás; art. 4 VII)."""
    if collection > revenue:
        return (f"encontrada uma arrecadação de R$ {fmt(collection)}, maior que a receita "
                f"estadual de impostos ({whose}: R$ {fmt(revenue)}); esperado no máximo essa "
                "receita, da qual a arrecadação da área é parte")
    return None


def big_number(value: float) -> str:
    """A number as a user wrote it, pt-BR grouped; beyond 10¹⁵ as ``1,0 × 10^308`` (never
    Python's ``1e+308``)."""
    if isinstance(value, float) and abs(value) >= 1e15:
        return scientific(value, minus="-")
    return fmt(value)


#: Largest distance accepted, in metres (art. 4 II certificate): the diagonal of
#: :data:`GOIAS_BOX`, about 1.200 km; no two points of Goiás are farther apart.
DISTANCE_MAX_M = 1_200_000


def distance_problem(value: float) -> str | None:
    """Why a distance in metres cannot be true in Goiás (pt-BR), or ``None``."""
    if value > DISTANCE_MAX_M:
        return (f"encontrado {big_number(value)} m; esperado no máximo {fmt(DISTANCE_MAX_M)} m (nenhum "
                "par de pontos de Goiás fica mais longe)")
    return None


#: Area of Goiás in km² (IBGE, 2022): no territory of a study is larger.
GOIAS_AREA_KM2 = 340_242


def threshold_bound(measure: str) -> tuple[float, str] | None:
    """The largest sensible threshold of a ruleset test on ``measure`` and why (pt-BR), or
    ``None`` for a measure without one: counts at most :data:`COUNT_MAX`, money at most
    :data:`MONEY_MAX_BRL`, an area at most :data:`GOIAS_AREA_KM2`."""
    if measure in ("populacao", "eleitores", "edificacoes", "assinaturas"):
        return COUNT_MAX, f"no máximo {fmt(COUNT_MAX)} (a população de Goiás no Censo 2022)"
    if measure == "arrecadacao":
        return MONEY_MAX_BRL, "no máximo R$ 1 trilhão"
    if measure == "area_km2":
        return GOIAS_AREA_KM2, f"no máximo {fmt(GOIAS_AREA_KM2)} km² (a área de Goiás)"
    return None


def in_goias(lon: float, lat: float) -> bool:
    """Whether a longitude/latitude (degrees) lies in :data:`GOIAS_BOX`."""
    west, south, east, north = GOIAS_BOX
    return (math.isfinite(lon) and math.isfinite(lat)
            and west <= lon <= east and south <= lat <= north)


def ratio_note(certified: float, published: float, what: str = "valor publicado") -> str | None:
    """A study note when a certificate differs wildly from the figure it replaces: outside
    1/:data:`WILD_RATIO` … :data:`WILD_RATIO` times; ``None`` otherwise or when either is 0."""
    if not published or not certified:
        return None
    ratio = certified / published
    if 1 / WILD_RATIO <= ratio <= WILD_RATIO:
        return None
    return (f"atenção: difere muito do {what} ({fmt(published)}; o certificado é "
            f"{fmt(ratio, 2)} vezes esse valor) — confira o documento")


# --- The processed store (``data build``) ----------------------------------------------------

def electorate_problem(municipalities, electorate) -> tuple[str, str, str] | None:
    """The first municipality whose electors exceed :data:`ELECTORS_PER_INHABITANT_MAX` × its
    population, as ``(cod_ibge, cod_tse, message)``; ``None`` when every one is plausible.

    Parameters
    ----------
    municipalities : pandas.DataFrame
        ``cod_ibge, nome, populacao`` (Censo 2022).
    electorate : pandas.DataFrame
        ``cod_ibge, cod_tse, eleitores_aptos`` (a TSE roll: the 2022 election by zone, or the 2026 profile).
    """
    both = electorate.merge(municipalities[["cod_ibge", "nome", "populacao"]], on="cod_ibge")
    bad = both[both["eleitores_aptos"] > ELECTORS_PER_INHABITANT_MAX * both["populacao"]]
    if bad.empty:
        return None
    row = bad.iloc[0]
    limit = int(ELECTORS_PER_INHABITANT_MAX * row["populacao"])
    return (row["cod_ibge"], row["cod_tse"],
            f"o município {row['cod_ibge']} ({row['nome']}) somaria {fmt(int(row['eleitores_aptos']))} "
            f"eleitores para {fmt(int(row['populacao']))} habitantes (Censo 2022); esperado no "
            f"máximo {fmt(limit)} eleitores ({fmt(ELECTORS_PER_INHABITANT_MAX, 1)} × a população; "
            "o maior quociente de Goiás é 2,19, Davinópolis, no perfil do eleitorado de 2026)")


def boundaries_problem(boundaries) -> str | None:
    """Why a boundary table cannot be Goiás (pt-BR), or ``None``: the first feature (in file
    order, 0-based as GDAL numbers them) whose bounds leave :data:`GOIAS_BOX`.

    Parameters
    ----------
    boundaries : geopandas.GeoDataFrame
        ``cod_ibge, geometry`` in EPSG:4674, in file order.
    """
    west, south, east, north = GOIAS_BOX
    b = boundaries.geometry.bounds
    out = ~((b["minx"] >= west) & (b["maxx"] <= east) & (b["miny"] >= south)
            & (b["maxy"] <= north))
    if not out.any():
        return None
    i = int(out.to_numpy().nonzero()[0][0])
    minx, miny, maxx, maxy = b.iloc[i]
    return (f"feição {i} (cod_ibge {boundaries['cod_ibge'].iloc[i]}): o município fica fora de "
            f"Goiás (longitude {fmt(minx)} a {fmt(maxx)}, latitude {fmt(miny)} a {fmt(maxy)}); "
            f"esperado longitude entre {fmt(west, 1)} e {fmt(east, 1)} e latitude entre "
            f"{fmt(south, 1)} e {fmt(north, 1)}")


__all__ = ["big_number", "collection_problem", "DISTANCE_MAX_M", "distance_problem", "GOIAS_AREA_KM2", "threshold_bound", "boundaries_problem", "electorate_problem", "COUNT_MAX", "DATE_MIN", "ELECTORS_PER_INHABITANT_MAX", "GOIAS_BOX", "GROWTH_MAX",
           "HORIZON_YEARS", "MONEY_MAX_BRL", "at_study_date", "STATE_POPULATION_2022", "WILD_RATIO",
           "count_problem", "date_problem", "in_goias", "latest_date",
           "money_problem", "ratio_note", "study_date"]
