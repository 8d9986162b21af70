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
from typing import Any

from .data.sources import SHORT_TSE


def fmt(x: float, digits: int = 2) -> str:
    """pt-BR number (:func:`viabilidade.rules.common.fmt`, imported late: the candidate
    reader uses this module before the rules are loaded)."""
    from .rules.common import fmt as _fmt

    return _fmt(x, digits)


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
#: municipalities it is part of (growth since Censo/TSE 2022 and estimation error).
GROWTH_MAX = 1.5
#: A certificate this many times above (or below 1/this of) the figure it replaces is noted.
WILD_RATIO = 2.0
#: Longitude/latitude box around Goiás (with the Federal District): (west, south, east, north).
GOIAS_BOX = (-53.5, -19.8, -45.7, -12.2)


def study_date() -> dt.date:
    """The date a study is made (today); the reference of the date bounds when no file being
    read gives its own (:func:`at_study_date`)."""
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
        mantissa, exponent = f"{float(value):.1e}".split("e")
        return f"{mantissa.replace('.', ',')} × 10^{int(exponent)}"
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


# --- Figures against the data (a candidate whose codes are known) ----------------------------

def _published(candidate, store) -> dict:
    """Published figures of the candidate's territories: per municipality population and
    electors, and the area's own population and electors where the data give them
    (districts: Censo 2022 population, electors by population share; whole municipalities:
    Censo 2022 and the roll studies read, TSE profile of 2026; a drawn area: ``None``)."""
    from .data.store import electors as roll

    munis = store.municipalities.set_index("cod_ibge")
    electors = roll(store)["eleitores"]
    dists = store.districts.set_index("cod_distrito")
    pop = {c: int(munis.at[c, "populacao"]) for c in munis.index}
    ele = {c: int(electors.get(c, 0)) for c in munis.index}
    area_pop = area_ele = None
    if candidate.boundary is None and (candidate.districts or candidate.municipalities):
        area_pop = sum(pop[c] for c in candidate.municipalities)
        area_ele = float(sum(ele[c] for c in candidate.municipalities))
        for d in candidate.districts:
            owner, people = dists.at[d, "cod_ibge"], int(dists.at[d, "populacao"])
            area_pop += people
            area_ele += ele[owner] * people / pop[owner] if pop[owner] else 0
    return {"names": munis["nome"].to_dict(), "population": pop, "electors": ele,
            "area_population": area_pop, "area_electors": area_ele}


def figure_problems(candidate, store) -> list:
    """The candidate's certified and declared figures against the published data.

    Parameters
    ----------
    candidate : viabilidade.candidate.Candidate
        Whose codes exist in ``store`` (:func:`viabilidade.profile.check_candidate`).
    store : viabilidade.data.store.Store
        ``municipalities``, ``districts``, ``electorate``.

    Returns
    -------
    list of CandidateError
        One per implausible figure, naming the field, what was found and the bound:

        * certified electors above :data:`ELECTORS_PER_INHABITANT_MAX` × the population of
          the same territory (certified, else published);
        * a certified population or electorate (area or remainder) above :data:`GROWTH_MAX`
          × the published figure of the municipalities it is part of;
        * the area plus the certified remainders above :data:`GROWTH_MAX` × their origins;
        * petition signatures above the area's electors (certified: exactly; estimated:
          × :data:`GROWTH_MAX`);
        * plebiscite eligible electors above :data:`GROWTH_MAX` × the electors of the
          municipalities concerned (origins, area, destination; TSE profile of 2026).
    """
    from .errors import CandidateError

    data = _published(candidate, store)
    names, pop, ele = data["names"], data["population"], data["electors"]
    out: list = []
    f = candidate.path

    def add(field_: str, msg: str) -> None:
        if all(e.field != field_ for e in out):  # one refusal per field: the first bound
            out.append(CandidateError(msg, file=f, field=field_))

    def who(codes) -> str:
        return ", ".join(f"{names[c]} ({c})" for c in codes)

    cert = candidate.certified
    whole = [c for c in dict.fromkeys((*candidate.origins, *candidate.municipalities))
             if c in names]
    published = {"population": (pop, "habitantes", "IBGE, Censo 2022"),
                 "electors": (ele, "eleitores", SHORT_TSE)}
    area_pub = {"population": data["area_population"], "electors": data["area_electors"]}

    # electors <= 2.5 x population of the same territory
    units = [("certified", cert.area, data["area_population"], "da área")]
    units += [(f"certified.remainder.{o}", figs, pop.get(o), f"de {names.get(o, o)} inteiro")
              for o, figs in cert.remainders.items()]
    for prefix, figs, pub_pop, whose in units:
        if "electors" not in figs:
            continue
        if "population" in figs:
            people, basis = figs["population"].value, "a população certificada"
        elif pub_pop:
            people, basis = pub_pop, f"a população {whose} no Censo 2022"
        else:
            continue
        limit = ELECTORS_PER_INHABITANT_MAX * people
        if figs["electors"].value > limit:
            add(f"{prefix}.electors.value",
                f"encontrados {fmt(figs['electors'].value)} eleitores para {fmt(people)} "
                f"habitantes; esperado no máximo {fmt(int(limit))} eleitores "
                f"({fmt(ELECTORS_PER_INHABITANT_MAX, 1)} × {basis}; o maior quociente de Goiás "
                "é 2,19, Davinópolis, no perfil do eleitorado de 2026)")

    # a certified figure within 1.5 x the published figure of what it is part of
    for key, (table, unit, source) in published.items():
        if whole and key in cert.area:
            total = sum(table[c] for c in whole)
            if cert.area[key].value > GROWTH_MAX * total:
                add(f"certified.{key}.value",
                    f"encontrados {fmt(cert.area[key].value)} {unit} na área; esperado no máximo "
                    f"{fmt(int(GROWTH_MAX * total))} ({fmt(GROWTH_MAX, 1)} × os {fmt(total)} "
                    f"{unit} de {who(whole)}, {source})")
        rem_total, origins_total, origins = 0, 0, []
        for o, figs in cert.remainders.items():
            if key not in figs or o not in table:
                continue
            value = figs[key].value
            rem_total += value
            origins_total += table[o]
            origins.append(o)
            if value > GROWTH_MAX * table[o]:
                add(f"certified.remainder.{o}.{key}.value",
                    f"encontrados {fmt(value)} {unit} no remanescente; esperado no máximo "
                    f"{fmt(int(GROWTH_MAX * table[o]))} ({fmt(GROWTH_MAX, 1)} × os "
                    f"{fmt(table[o])} {unit} de {who([o])} inteiro, {source})")
                origins_total = None
        if (origins and origins_total is not None and candidate.operation != "fusion"):
            area_value = (cert.area[key].value if key in cert.area else area_pub[key])
            if area_value is not None and area_value + rem_total > GROWTH_MAX * origins_total:
                add(f"certified.remainder.{origins[0]}.{key}.value",
                    f"a área ({fmt(round(area_value))}) e o remanescente "
                    f"({fmt(rem_total)}) somam {fmt(round(area_value + rem_total))} {unit}; "
                    f"esperado no máximo {fmt(int(GROWTH_MAX * origins_total))} "
                    f"({fmt(GROWTH_MAX, 1)} × os {fmt(origins_total)} {unit} de "
                    f"{who(origins)}, {source})")

    # signatures <= the area's electors
    signatures = candidate.petition_signatures
    if signatures is not None:
        if "electors" in cert.area:
            limit, basis = cert.area["electors"].value, "os eleitores certificados da área"
        elif data["area_electors"] is not None:
            limit = int(GROWTH_MAX * data["area_electors"])
            basis = (f"{fmt(GROWTH_MAX, 1)} × os cerca de {fmt(round(data['area_electors']))} "
                     f"eleitores estimados da área, {SHORT_TSE}")
        else:
            limit = int(GROWTH_MAX * sum(ele[c] for c in whole))
            basis = (f"{fmt(GROWTH_MAX, 1)} × os {fmt(sum(ele[c] for c in whole))} eleitores de "
                     f"{who(whole)}, {SHORT_TSE}")
        if signatures > limit:
            add("process.petition_signatures",
                f"encontradas {fmt(signatures)} assinaturas; esperado no máximo {fmt(limit)} "
                f"({basis}): só eleitores inscritos na área assinam (art. 2º)")

    # plebiscite electors <= 1.5 x the electors of the municipalities concerned
    p = candidate.plebiscite
    if p is not None and p.eligible is not None:
        concerned = [c for c in dict.fromkeys((*whole, candidate.destination)) if c in names]
        total = sum(ele[c] for c in concerned)
        if concerned and p.eligible > GROWTH_MAX * total:
            add("process.plebiscite.eligible",
                f"encontrados {fmt(p.eligible)} eleitores aptos; esperado no máximo "
                f"{fmt(int(GROWTH_MAX * total))} ({fmt(GROWTH_MAX, 1)} × os {fmt(total)} "
                f"eleitores de {who(concerned)}, os municípios envolvidos, {SHORT_TSE})")
    out.extend(_collection_vs_published(candidate, store))
    return out


def _collection_vs_published(candidate, store) -> list:
    """The area's and the remainders' collection at most the state's published tax revenue
    (of the collection's year; for a year the data do not have yet, :data:`GROWTH_MAX` × the
    latest year), when the file gives no state tax revenue of its own (that case is checked
    when the file is read)."""
    from .data.store import state_tax_revenue
    from .errors import CandidateError, DataError

    collection = candidate.collection
    if candidate.state_tax_revenue is not None:
        return []
    checks = []
    if collection is not None:
        checks.append(("certified.collection.value" if collection.certificate
                       else "fiscal.collection.value_brl", collection.value_brl, collection.year))
    for origin, figs in candidate.certified.remainders.items():
        if "collection" in figs:
            checks.append((f"certified.remainder.{origin}.collection.value",
                           figs["collection"].value, figs["collection"].year))
    out = []
    years = sorted(set(int(y) for y in store.state_revenue["ano"]))
    for field_, value, year in checks:
        try:
            revenue = state_tax_revenue(store, year)["total"]
            whose = f"a de {year} publicada"
        except DataError:
            latest = max(y for y in years if y <= year) if any(y <= year for y in years) else years[-1]
            try:
                revenue = GROWTH_MAX * state_tax_revenue(store, latest)["total"]
            except DataError:
                continue
            whose = f"{fmt(GROWTH_MAX, 1)} × a de {latest} publicada"
        msg = collection_problem(value, revenue, whose)
        if msg:
            out.append(CandidateError(msg, file=candidate.path, field=field_))
    return out


def perimeter_problems(candidate, store) -> list:
    """An urban perimeter (``[origin] urban_perimeter``) must lie in its origin and hold its
    seat.

    The perimeter is the urban area of an origin municipality (reading I-4): at least half
    of it must lie in the origins' territory, and it must hold (within the 500 m tolerance
    of the simplified boundaries, :data:`viabilidade.coherence.TOUCH_TOLERANCE_M`) the seat
    point of one origin (IBGE). An unreadable file is reported by
    :func:`viabilidade.coherence.check_proposal`, not here.

    Returns
    -------
    list of CandidateError
        At most one, field ``origin.urban_perimeter``, with the distance to the seat.
    """
    from .coherence import TOUCH_TOLERANCE_M
    from .errors import CandidateError, GeoError
    from .geo.area_file import read_area
    from .geo.distance import geodesic_distance_m
    from .geo.measure import geodesic_area_km2, polygonal
    from .geo.memorial import fmt_num
    from .geo.territory import municipality_geometry

    import shapely

    path = candidate.urban_perimeter
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    origins = [c for c in candidate.origins if c in names]
    if path is None or not origins:
        return []
    try:
        perimeter = read_area(path)
    except GeoError:
        return []
    seats = store.seats.set_index("cod_ibge")
    territory = shapely.union_all([municipality_geometry(store.boundaries, c) for c in origins])
    inside = geodesic_area_km2(polygonal(shapely.intersection(perimeter, territory)))
    share = inside / geodesic_area_km2(perimeter)
    gaps = {c: geodesic_distance_m(perimeter, shapely.Point(seats.at[c, "lon"],
                                                            seats.at[c, "lat"]))
            for c in origins if c in seats.index}
    near = min(gaps, key=gaps.get) if gaps else None
    listed = ", ".join(f"{names[c]} ({c})" for c in origins)
    if share >= 0.5 and (near is None or gaps[near] <= TOUCH_TOLERANCE_M):
        return []
    found = (f"{fmt_num(share * 100, 1)} % do polígono fica no município de origem"
             if share < 0.5 else "o polígono fica no município de origem")
    seat = (f", e a sede de {names[near]} fica a {fmt_num(gaps[near] / 1000, 1)} km dele"
            if near is not None and gaps[near] > TOUCH_TOLERANCE_M else "")
    return [CandidateError(
        f"o perímetro urbano em {path.name} não é o do município de origem ({listed}): "
        f"{found}{seat}; esperado um perímetro dentro do município de origem e contendo a "
        "sua sede (IBGE)", file=candidate.path, field="origin.urban_perimeter")]



# --- The processed store (``data build``) ----------------------------------------------------

def electorate_problem(municipalities, electorate) -> tuple[str, str, str] | None:
    """The first municipality whose electors exceed :data:`ELECTORS_PER_INHABITANT_MAX` × its
    population, as ``(cod_ibge, cod_tse, message)``; ``None`` when every one is plausible.

    Parameters
    ----------
    municipalities : pandas.DataFrame
        ``cod_ibge, nome, populacao`` (Censo 2022).
    electorate : pandas.DataFrame
        ``cod_ibge, cod_tse, eleitores_aptos`` (TSE 2022, summed over zones).
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
           "count_problem", "date_problem", "figure_problems", "in_goias", "latest_date",
           "money_problem", "perimeter_problems", "ratio_note", "study_date"]
