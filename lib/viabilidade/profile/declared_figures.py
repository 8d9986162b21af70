"""Declared figures against the published data, and a drawn urban perimeter against the
seat: checks of a candidate whose codes are known, run by
:func:`viabilidade.profile.build.check_candidate` after :func:`viabilidade.profile.coherence.check_proposal`.

* :func:`figure_problems`: the certified and declared figures of ``[certified.*]`` (population,
  electors, per area and per remainder) within the plausibility bounds of
  :mod:`viabilidade.common.plausibility` against the published ones (IBGE Censo 2022, TSE);
* :func:`perimeter_problems`: a user's urban perimeter (``[origin] urban_perimeter``) holds
  the IBGE seat point, within :data:`PERIMETER_SEAT_TOLERANCE_M`.

(Split from :mod:`viabilidade.profile.coherence`, 944 lines, which keeps the checks of the
proposal's shape against the map.) Every problem is a
:class:`~viabilidade.errors.CandidateError` in Portuguese naming the file and the field.
"""

from __future__ import annotations

from ..common.text import and_list
from ..operations import operation_of
from ..common.numbers import fmt
from ..common.plausibility import ELECTORS_PER_INHABITANT_MAX, GROWTH_MAX, collection_problem
from ..data.sources import SHORT_TSE


def _published(candidate, store) -> dict:
    """Published figures of the candidate's territories: per municipality population and
    electors, and the area's own population and electors where the data give them
    (districts: Censo 2022 population, electors by population share; whole municipalities:
    Censo 2022 and the roll studies read, TSE profile of 2026; a drawn area: ``None``)."""
    from ..data.store import electors as roll

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
    candidate : viabilidade.proposal.candidate.Candidate
        Whose codes exist in ``store`` (:func:`viabilidade.profile.build.check_candidate`).
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
    from ..errors import CandidateError

    data = _published(candidate, store)
    names, pop, ele = data["names"], data["population"], data["electors"]
    out: list = []
    f = candidate.path

    def add(field_: str, msg: str) -> None:
        if all(e.field != field_ for e in out):  # one refusal per field: the first bound
            out.append(CandidateError(msg, file=f, field=field_))

    def who(codes) -> str:
        return and_list(f"{names[c]} ({c})" for c in codes)

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
        if origins and origins_total is not None and not operation_of(candidate).merges:
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
    from ..data.store import state_tax_revenue
    from ..errors import CandidateError, DataError

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


#: How far, in metres, the IBGE seat point may lie outside a user's urban perimeter: the point
#: (Localidades) and the perimeter (the municipality's own law or drawing) come from different
#: surveys, and a seat point by the edge of town may fall just outside the drawn line.
PERIMETER_SEAT_TOLERANCE_M = 500.0


def perimeter_problems(candidate, store) -> list:
    """An urban perimeter (``[origin] urban_perimeter``) must lie in its origin and hold its
    seat.

    The perimeter is the urban area of an origin municipality (reading I-4): at least half
    of it must lie in the origins' territory, and it must hold (within
    :data:`PERIMETER_SEAT_TOLERANCE_M`) the seat point of one origin (IBGE Localidades 2022). An unreadable file is reported by
    :func:`viabilidade.profile.coherence.check_proposal`, not here.

    Returns
    -------
    list of CandidateError
        At most one, field ``origin.urban_perimeter``, with the distance to the seat.
    """
    from ..errors import CandidateError, GeoError
    from ..geo.area_file import read_area
    from ..geo.distance import geodesic_distance_m
    from ..geo.measure import geodesic_area_km2, polygonal
    from ..geo.memorial import fmt_num
    from ..geo.territory import municipality_geometry

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
    listed = and_list(f"{names[c]} ({c})" for c in origins)
    if share >= 0.5 and (near is None or gaps[near] <= PERIMETER_SEAT_TOLERANCE_M):
        return []
    found = (f"{fmt_num(share * 100, 1)} % do polígono fica no município de origem"
             if share < 0.5 else "o polígono fica no município de origem")
    seat = (f", e a sede de {names[near]} fica a {fmt_num(gaps[near] / 1000, 1)} km dele"
            if near is not None and gaps[near] > PERIMETER_SEAT_TOLERANCE_M else "")
    return [CandidateError(
        f"o perímetro urbano em {path.name} não é o do município de origem ({listed}): "
        f"{found}{seat}; esperado um perímetro dentro do município de origem e contendo a "
        "sua sede (IBGE)", file=candidate.path, field="origin.urban_perimeter")]
