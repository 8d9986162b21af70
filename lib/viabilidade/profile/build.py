"""Gather what the rules need for a candidate: the area, each origin before and after.

This is the one place where the processed data meets the candidate. Every figure leaves
here as a :class:`~viabilidade.rules.result.Figure` that says where it came from, its
vintage, and whether it is certified (a certificate of the candidate file), published (an
official table: Censo, TSE, SEFAZ-GO/IMB), measured or estimated.

Estimation methods (shown in the studies' method notes):

* **Electors of a district** (art. 4 V). TSE publishes eligible electors by municipality and
  zone, not by district; a district's electorate is estimated as the municipality's
  electorate times the district's share of the municipality's Censo 2022 population. The
  uncertainty is the area's population times half the interquartile range of the
  electors/population ratio across the state's municipalities (the roll studies read, TSE
  electorate profile of 2026, over the Censo 2022 population).
* **Buildings of the urban core** (art. 4 VI, art. 17 I). IBGE publishes no count of
  buildings; the occupied private dwellings of the territory (Censo 2022, V0007) stand in for
  them, with an uncertainty of half the value (rural dwellings are counted, non-residential
  buildings and vacant dwellings are not).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import datetime as dt
import math

import numpy as np
import pandas as pd

from ..common.text import and_list, toml_value
from ..proposal.candidate import Candidate
from ..data.sources import (SHORT_TSE, SRC_AREAS, SRC_CENSUS, SRC_CENSUS_FIRST, SRC_TSE,  # noqa: F401
                           VINTAGE_AREAS, VINTAGE_CENSUS, VINTAGE_TSE)
from ..operations import operation_of, study_name
from ..errors import CandidateError, raise_located
from .certified import apply_certificates
from .types import Profile, Territory, UnitProfile
from ..rules.common import fmt as _n
from ..rules.common import money_figure
from ..rules.common import pct as _pct
from ..rules.result import Basis, Figure, weakest

#: Relative uncertainty of occupied dwellings as a proxy of urban-core buildings.
BUILDINGS_PROXY_UNCERTAINTY = 0.5


@dataclass(frozen=True)
class _Counts:
    population: int
    dwellings: int


def _cached(store, key: str, make):
    """Per-store memo (the store's own cache when it has one): lookups reused across profiles."""
    cache = getattr(store, "_cache", None)
    if cache is None:
        return make()
    if key not in cache:
        cache[key] = make()
    return cache[key]


def _indexed(store, table: str, key: str) -> pd.DataFrame:
    """``store.<table>`` indexed by ``key``, built once per store."""
    return _cached(store, f"_{table}_by_{key}", lambda: getattr(store, table).set_index(key))


def read_candidate(path):
    """Read a candidate file (:func:`~viabilidade.proposal.candidate.load_candidate`); when
    its fields have problems, add those of the later stages that need no whole candidate
    (:func:`~viabilidade.profile.coherence.partial_problems`: the drawn area's file, a
    polygon given with IBGE units) and a line saying which checks did not run, so that one
    run reports every problem it can.

    Raises
    ------
    CandidateError
        Every problem found, each with its file, line and field.
    """
    from ..errors import raise_located
    from ..proposal.candidate import load_candidate
    from .coherence import partial_problems

    try:
        return load_candidate(path)
    except CandidateError as e:
        partial = getattr(e, "partial", None)
        if not partial:
            raise
        raise_located(list(e.problems) + partial_problems(partial), partial["path"])


def check_candidate(candidate: Candidate, store) -> list[str]:
    """Check a candidate against the data: codes exist and belong to the declared origins.

    Parameters
    ----------
    candidate : Candidate
    store : viabilidade.data.store.Store
        Needs ``districts`` and ``municipalities``.

    Raises
    ------
    CandidateError
        Holding every problem at once, each naming the candidate file, line and field: an
        unknown district or municipality code, a district of a municipality that is not a
        declared origin, an area municipality that is also an origin, or a destination
        equal to an origin.
        Then a proposal that makes no sense (:func:`viabilidade.profile.coherence.check_proposal`:
        a fusion of fewer than two whole municipalities, plebiscite votes that do not add
        up, an origin the area does not touch, an unreadable drawn area or urban perimeter),
        figures that cannot be true against the published data and an urban perimeter
        outside its origin or away from its seat
        (:func:`viabilidade.profile.declared_figures.figure_problems`, :func:`~viabilidade.profile.declared_figures.perimeter_problems`),
        and a drawn area lying more than 2 % outside its declared origins
        (:func:`viabilidade.geo.territory.check_area_in_origins`), field ``area.boundary``.
        A proposed seat whose name is close to, but not, a name of the area's districts or
        vilas (a typo; :func:`viabilidade.profile.seat_name.seat_name_problems`), field ``seat``.

    Returns
    -------
    list of str
        Notices that do not stop the study: a seat whose name is no district's or vila's of
        the area, and close to none (a new name), located as an error is.
    """
    districts = _indexed(store, "districts", "cod_distrito")
    munis = _indexed(store, "municipalities", "cod_ibge")
    f = candidate.path
    problems: list[CandidateError] = []
    merges = operation_of(candidate).merges

    def problem(field_: str, msg: str) -> None:
        problems.append(CandidateError(msg, file=f, field=field_))

    for key, codes in (("origin.municipalities", candidate.origins),
                       ("area.municipalities", candidate.municipalities)):
        for i, code in enumerate(codes):
            if code not in munis.index:
                problem(f"{key}[{i}]", f"código IBGE de município desconhecido {code!r}: não está "
                                       f"entre os {len(munis)} municípios de Goiás (IBGE DTB "
                                       "2022); esperado o código de um município goiano")
    for i, code in enumerate(candidate.districts):
        if code not in districts.index:
            problem(f"area.districts[{i}]", f"código IBGE de distrito desconhecido {code!r}: não "
                                            f"está entre os {len(districts)} distritos de Goiás "
                                            "(IBGE DTB 2022); esperado o código de um distrito "
                                            "goiano")
            continue
        owner = districts.at[code, "cod_ibge"]
        if not merges and owner not in candidate.origins:
            problem(f"area.districts[{i}]",
                    f"o distrito {code} ({districts.at[code, 'nome']}) pertence ao município "
                    f"{owner} ({munis.at[owner, 'nome']}), que não é uma origem declarada "
                    f"(origin.municipalities = {toml_value(list(candidate.origins))}); esperado o município "
                    "do distrito entre as origens")
    if not merges:
        for i, code in enumerate(candidate.municipalities):
            if code in candidate.origins:
                problem(f"area.municipalities[{i}]",
                        f"o município {code} ({munis.at[code, 'nome']}) é ao mesmo tempo a área "
                        "e uma origem: a criação e a transferência desmembram parte de um "
                        "município que continua a existir (arts. 2º, 4º, § 1º, e 5º); esperado "
                        "listar os seus distritos (area.districts) ou, para reunir municípios "
                        "inteiros, usar operation = \"fusion\" (art. 5º, § 2º)")
    if candidate.destination is not None:
        if candidate.destination not in munis.index:
            problem("destination.municipality",
                    f"código IBGE de município desconhecido {candidate.destination!r}; esperado "
                    "o código de um município goiano")
        elif candidate.destination in candidate.origins:
            problem("destination.municipality",
                    f"o destino {candidate.destination} é também uma origem; esperado um "
                    "município diferente da origem")
    raise_located(problems, f)
    from .coherence import check_proposal
    from .declared_figures import figure_problems, perimeter_problems

    from .seat_name import seat_name_problems

    check_proposal(candidate, store)
    seat_errors, notices = seat_name_problems(candidate, store)
    raise_located(seat_errors + figure_problems(candidate, store)
                  + perimeter_problems(candidate, store), f)
    if candidate.boundary is not None and candidate.origins:
        from ..errors import GeoError
        from ..geo.territory import check_area_in_origins

        try:
            check_area_in_origins(candidate, store.boundaries)
        except GeoError as e:
            problem("area.boundary", str(e))
        raise_located(problems, f)
    return notices


def electors_ratio_half_iqr(store) -> float:
    """Half the interquartile range of electors / population across the state's municipalities.

    Source: the roll studies read (:func:`viabilidade.data.store.electors`: TSE, perfil do
    eleitorado de 2026) and the Censo 2022 population (revised aggregates).
    """
    def compute() -> float:
        m = store.municipalities.merge(_electors_table(store)["eleitores"].reset_index(),
                                       on="cod_ibge")
        ratio = m["eleitores"] / m["populacao"]
        q1, q3 = np.percentile(ratio.to_numpy(dtype=float), [25, 75])
        return float((q3 - q1) / 2)
    return _cached(store, "_electors_ratio_half_iqr", compute)


def _population_column(settings) -> str:
    return "populacao_1a_divulgacao" if getattr(settings, "population_vintage", "revised") == \
        "first-release" else "populacao"


def _pop_figure(value: int, note: str, settings) -> Figure:
    first = _population_column(settings) != "populacao"
    return Figure(int(value), "habitantes", Basis.PUBLISHED,
                  SRC_CENSUS_FIRST if first else SRC_CENSUS,
                  "2023-06-28" if first else VINTAGE_CENSUS, note=note)


def _buildings_figure(dwellings: int, note: str, urban: bool = False) -> Figure:
    """Art. 4 VI: occupied households as a proxy of the urban core's buildings (± half);
    ``urban`` when they are those of the urban census tracts only (:func:`_urban_dwellings`),
    else those of the whole territory, urban and rural (:data:`~viabilidade.rules.art4.
    WHOLE_DWELLINGS`, which the rule's reason then states)."""
    from ..rules.art4 import WHOLE_DWELLINGS

    what = ("domicílios particulares ocupados dos setores censitários urbanos (situação "
            "urbana, CD_SIT 1 a 3; Censo 2022)" if urban else WHOLE_DWELLINGS)
    from ..geo.tracts import TRACT_SOURCE

    return Figure(int(dwellings), "edificações", Basis.ESTIMATED,
                  TRACT_SOURCE if urban else SRC_CENSUS, VINTAGE_CENSUS,
                  uncertainty=round(BUILDINGS_PROXY_UNCERTAINTY * dwellings, 1),
                  note=f"{what} como aproximação do número de edificações do núcleo urbano"
                       + (f"; {note}" if note else ""))


def _urban_dwellings(store, municipality: str, districts=None) -> int | None:
    """Occupied households (V0007) of the urban census tracts of a municipality, or of some of
    its ``districts``; ``None`` when the store has no tracts for it (art. 4 VI then counts
    all occupied households). The tract reader (and pandera with it) is imported only when
    there are tracts."""
    from ..geo.tracts import covers, store_tracts

    if not covers(store, [municipality]):
        return None
    from ..data.tracts import URBAN
    t = store_tracts(store)
    rows = t[(t["situacao"] == URBAN) & (t["cod_ibge"] == municipality)]
    if districts is not None:
        rows = rows[rows["cod_distrito"].isin(list(districts))]
    return int(rows["domicilios_ocupados"].sum())


def _muni_counts(store, code: str, settings) -> _Counts:
    row = _indexed(store, "municipalities", "cod_ibge").loc[code]
    return _Counts(int(row[_population_column(settings)]), int(row["domicilios_ocupados"]))


def _electors_table(store) -> pd.DataFrame:
    from ..data.store import electors

    return _cached(store, "_electors_roll", lambda: electors(store))


def _roll_source(store) -> tuple[str, str]:
    """Source and vintage of the roll (:func:`viabilidade.data.store.electors_source`)."""
    from ..data.store import electors_source

    return _cached(store, "_roll_source", lambda: electors_source(store))


def _muni_electors(store, code: str) -> int:
    return int(_electors_table(store).at[code, "eleitores"])


def _muni_electors_figure(store, code: str, note: str = "") -> Figure:
    """A whole municipality's electors in the roll studies read: ``published``, or
    ``estimated`` with the derivation for one the TSE table lacks (Bom Jesus de Goiás)."""
    row = _electors_table(store).loc[code]
    derived = row["base"] == Basis.ESTIMATED.value
    return Figure(int(row["eleitores"]), "eleitores",
                  Basis.ESTIMATED if derived else Basis.PUBLISHED, *_roll_source(store),
                  note="; ".join(x for x in (str(row["nota"]) if derived else "", note) if x))


def whole_area(store, code: str) -> Figure:
    """The area of a whole municipality: the IBGE's official area (Áreas Territoriais 2022,
    the store's optional ``official_areas``; issue 33 § 5), else the Censo 2022's (they
    differ by 0,0013 km² at most). Areas of parts (districts, drawn areas) stay the Censo's
    or measured on the mesh."""
    if getattr(store, "official_areas", None) is not None:
        area = float(_indexed(store, "official_areas", "cod_ibge").at[code, "area_oficial_km2"])
        return Figure(round(area, 3), "km²", Basis.PUBLISHED, SRC_AREAS, VINTAGE_AREAS)
    area = float(_indexed(store, "municipalities", "cod_ibge").at[code, "area_km2"])
    return Figure(round(area, 3), "km²", Basis.PUBLISHED, SRC_CENSUS, VINTAGE_CENSUS)


def _whole_unit(store, code: str, label: str, settings, note: str = "") -> UnitProfile:
    c = _muni_counts(store, code, settings)
    return UnitProfile(
        label=label, cod_ibge=code, codes=(code,),
        population=_pop_figure(c.population, note, settings),
        electors=_muni_electors_figure(store, code, note),
        buildings=(_buildings_figure(c.dwellings, note) if (urban := _urban_dwellings(
            store, code)) is None else _buildings_figure(urban, note, urban=True)),
        area_km2=whole_area(store, code))


def _sum_units(units: list[UnitProfile], label: str, cod_ibge: str | None) -> UnitProfile:
    def total(attr: str) -> Figure:
        figs = [getattr(u, attr) for u in units]
        basis = weakest(f.basis for f in figs)
        unc = [f.uncertainty for f in figs if f.uncertainty]
        return Figure(sum(f.value for f in figs), figs[0].unit, basis, figs[0].source,
                      figs[0].vintage, uncertainty=round(sum(unc), 1) if unc else None,
                      note="soma de " + and_list(u.label for u in units))
    return UnitProfile(label=label, cod_ibge=cod_ibge,
                       codes=tuple(c for u in units for c in u.codes),
                       population=total("population"), electors=total("electors"),
                       buildings=total("buildings"),
                       area_km2=total("area_km2") if all(u.area_km2 for u in units) else None)


def _district_buildings(store, origin: str, districts, dpo: int, note: str) -> Figure:
    """Art. 4 VI of some districts: their urban tracts' households when the store has tracts,
    else all their occupied households ``dpo``."""
    urban = _urban_dwellings(store, origin, districts)
    return (_buildings_figure(dpo, note) if urban is None
            else _buildings_figure(urban, note, urban=True))


def _district_parts(candidate: Candidate, store, settings):
    """Area made of districts: per origin, the area part and the remainder."""
    d = _indexed(store, "districts", "cod_distrito")
    half_iqr = electors_ratio_half_iqr(store)
    area_parts, remainders, origins = [], {}, {}
    for origin in candidate.origins:
        mine = [c for c in candidate.districts if d.at[c, "cod_ibge"] == origin]
        whole = _whole_unit(store, origin, _indexed(store, "municipalities", "cod_ibge").at[origin, "nome"],
                            settings)
        origins[origin] = whole
        if not mine:
            continue
        # District counts come from the revised aggregates only (the first release has no districts).
        pop = int(d.loc[mine, "populacao"].sum())
        dpo = int(d.loc[mine, "domicilios_ocupados"].sum())
        km2 = float(d.loc[mine, "area_km2"].sum())
        muni_pop = int(_indexed(store, "municipalities", "cod_ibge").at[origin, "populacao"])
        share = pop / muni_pop
        # Whole electors (half up): the remainder is the origin's published total minus this
        # number, so area and remainder add up to the TSE figure of the origin.
        est = math.floor(whole.electors.value * share + 0.5)
        unc = pop * half_iqr
        names = and_list(d.at[c, "nome"] for c in mine)
        named = and_list(f"{d.at[c, 'nome']} ({c})" for c in mine)
        elect_note = (f"estimado: {_n(whole.electors.value)} eleitores de {whole.label} ({SHORT_TSE}) × "
                      f"participação de {names} na população do município "
                      f"({_n(pop)}/{_n(muni_pop)}), arredondado ao eleitor inteiro; "
                      f"incerteza = população × metade do intervalo interquartil da razão "
                      f"eleitores/população dos municípios goianos ({_n(half_iqr, 4)})")
        area_parts.append(UnitProfile(
            label=names, cod_ibge=None, codes=tuple(mine),
            population=Figure(pop, "habitantes", Basis.PUBLISHED, SRC_CENSUS, VINTAGE_CENSUS,
                              note=f"soma {'do distrito' if len(mine) == 1 else 'dos distritos'} "
                                   f"{named}"),
            electors=Figure(est, "eleitores", Basis.ESTIMATED, *_roll_source(store),
                            uncertainty=round(unc, 1), note=elect_note),
            buildings=_district_buildings(store, origin, mine, dpo,
                                          f"{'distrito' if len(mine) == 1 else 'distritos'} "
                                          f"{named}"),
            area_km2=Figure(round(km2, 3), "km²", Basis.PUBLISHED, SRC_CENSUS, VINTAGE_CENSUS)))
        rest = [c for c in d.index[d["cod_ibge"] == origin] if c not in mine]
        rest_pop = int(d.loc[rest, "populacao"].sum())
        rest_dpo = int(d.loc[rest, "domicilios_ocupados"].sum())
        remainders[origin] = UnitProfile(
            label=f"{whole.label} (remanescente)", cod_ibge=origin, codes=tuple(rest),
            population=Figure(rest_pop, "habitantes", Basis.PUBLISHED, SRC_CENSUS, VINTAGE_CENSUS,
                              note="distritos que permanecem: " + (and_list(
                                  f"{d.at[c, 'nome']} ({c})" for c in rest) or "nenhum")),
            electors=Figure(whole.electors.value - est, "eleitores", Basis.ESTIMATED,
                            *_roll_source(store), uncertainty=round(unc, 1),
                            note=f"eleitorado de {whole.label} menos a estimativa da área"),
            buildings=_district_buildings(store, origin, rest, rest_dpo,
                                          "distritos que permanecem"),
            area_km2=Figure(round(float(d.loc[rest, "area_km2"].sum()), 3), "km²",
                            Basis.PUBLISHED, SRC_CENSUS, VINTAGE_CENSUS))
    return area_parts, origins, remainders


#: Each source with its own date (legal review 3, finding 10): the Censo's reference date sits
#: after the Censo, so the figure's vintage (the same date) is not pasted after Localidades.
SRC_DRAWN = ("polígono do arquivo de limites da candidatura; distritos: IBGE, Censo Demográfico "
             f"2022 (agregados por distritos; referência {VINTAGE_CENSUS}); sedes municipais e "
             "vilas: IBGE, Localidades 2022")


def _drawn_figure(est, column: str, unit: str, cod_ibge: str | None, what: str) -> tuple[float, float, str]:
    """Midpoint, uncertainty and the Portuguese note of one apportioned count."""
    value, unc = est.midpoint(column, cod_ibge)
    rows = est.units if cod_ibge is None else est.units[est.units["cod_ibge"] == cod_ibge]
    named = "; ".join(f"{r.nome} ({r.cod_distrito}): {_pct(100 * r.share_area)} do "
                      f"território aproximado, {'com' if r.share_points >= 1 else 'sem'} a "
                      f"{'sede' if r.ponto == 'sede municipal' else 'vila'}"
                      for r in rows.itertuples())
    note = (f"estimado ({what}) a partir dos distritos que o polígono alcança — {named}. "
            f"Por área (contagem do distrito espalhada por igual no seu território aproximado: "
            f"células de Voronoi das sedes distritais dentro do município): "
            f"{_n(round(est.by_area(column, cod_ibge)))} {unit}; dasimétrica (contagem do "
            f"distrito concentrada na sua sede ou vila): "
            f"{_n(round(est.by_points(column, cod_ibge)))} {unit}; valor = média das duas, "
            f"incerteza = metade da diferença")
    return value, unc, note


def _tract_figure(est, column: str, unit: str, cod_ibge: str | None, what: str,
                  urban: bool = False) -> tuple[float, float, Basis, str]:
    """Value, uncertainty, basis and Portuguese note of one count apportioned from tracts."""
    value, unc = est.value(column, cod_ibge, urban=urban)
    whole, split = est.counts(cod_ibge)
    kind = " urbanos (situação urbana, CD_SIT 1 a 3)" if urban else ""
    if est.exact(cod_ibge):
        tracts = ("do setor censitário" + kind.replace("urbanos", "urbano") + " que forma a área"
                  if whole == 1 else f"dos {_n(whole)} setores censitários{kind} que formam a área")
        return value, 0.0, Basis.PUBLISHED, (
            f"publicado: soma de {what} {tracts} (a área é exatamente a união de setores "
            "inteiros)")
    rows = est.units if cod_ibge is None else est.units[est.units["cod_ibge"] == cod_ibge]
    cut = "; ".join(f"setor {r.cod_setor}: {_pct(100 * r.share)} da área do setor"
                    for r in rows.itertuples() if r.split)
    inside = ("nenhum setor inteiro dentro da área" if whole == 0 else
              "1 setor inteiro dentro da área conta exatamente" if whole == 1 else
              f"{_n(whole)} setores inteiros dentro da área contam exatamente")
    border = ("1 setor cortado pela divisa conta pela fração da sua área dentro dela" if split == 1
              else f"{_n(split)} setores cortados pela divisa contam pela fração da área de cada "
                   "um dentro dela")
    return value, unc, Basis.ESTIMATED, (
        f"estimado ({what}) pelos setores censitários{kind}: {inside}; {border} ({cut}); "
        "incerteza = o maior erro possível nos setores cortados (toda a contagem do setor "
        "dentro ou toda fora da área), só deles")


SRC_TRACTS = ("polígono do arquivo de limites da candidatura; IBGE, Malha de Setores "
              "Censitários e Agregados por Setores Censitários — Básico, Censo Demográfico 2022")


def _tract_boundary_parts(candidate: Candidate, store, settings, geom):
    """Area given by a drawn polygon, with the census tracts in the store: its counts are
    apportioned from the tracts it overlaps (:func:`viabilidade.geo.tracts.apportion_tracts`).

    Population and households are ``published`` when the area is exactly a union of whole
    tracts, else ``estimated`` with the uncertainty of the split tracts only; electors are
    always ``estimated`` (the TSE publishes no electorate per tract: the area's population ×
    the municipality's electors/population ratio); art. 4 VI's urban core counts the occupied
    households of the urban tracts inside the area (a proxy of buildings).
    """
    from ..geo.measure import geodesic_area_km2, polygonal
    from ..geo.territory import municipality_geometry
    from ..geo.tracts import apportion_tracts

    import shapely

    est = _cached(store, f"_tracts_{candidate.boundary}", lambda: apportion_tracts(store, geom))
    munis = _indexed(store, "municipalities", "cod_ibge")
    half_iqr = electors_ratio_half_iqr(store)
    pop, pop_unc, pop_basis, pop_note = _tract_figure(est, "populacao", "habitantes", None,
                                                      "população")
    core, core_unc, _, core_note = _tract_figure(est, "domicilios_ocupados", "domicílios",
                                                 None, "domicílios particulares ocupados",
                                                 urban=True)
    electors = electors_unc = 0.0
    for code in sorted(set(est.units["cod_ibge"])):
        ratio = _muni_electors(store, code) / int(munis.at[code, "populacao"])
        p, u = est.value("populacao", code)
        electors += p * ratio
        electors_unc += u * ratio + p * half_iqr
    area = UnitProfile(
        label=study_name(candidate), cod_ibge=None,
        codes=tuple(sorted(set(est.units["cod_distrito"]))),
        population=Figure(round(pop), "habitantes", pop_basis, SRC_TRACTS, VINTAGE_CENSUS,
                          uncertainty=round(pop_unc, 1) if pop_basis is Basis.ESTIMATED else None,
                          note=pop_note),
        electors=Figure(round(electors, 1), "eleitores", Basis.ESTIMATED, *_roll_source(store),
                        uncertainty=round(electors_unc, 1),
                        note="estimado: o TSE não publica eleitorado por setor censitário; "
                             "população da área pelos setores em cada município × razão "
                             f"eleitores/população do município ({SHORT_TSE} / Censo 2022); "
                             "incerteza = a da população × essa razão + população × metade do "
                             "intervalo interquartil da razão eleitores/população dos "
                             f"municípios goianos ({_n(half_iqr, 4)})"),
        buildings=Figure(round(core), "edificações", Basis.ESTIMATED, SRC_TRACTS, VINTAGE_CENSUS,
                         uncertainty=round(core_unc + BUILDINGS_PROXY_UNCERTAINTY * core, 1),
                         note="núcleo urbano: domicílios particulares ocupados dos setores "
                              "urbanos dentro da área (Censo 2022) como aproximação do número de "
                              "edificações (incerteza de metade do valor somada à dos setores "
                              f"cortados); {core_note}"),
        area_km2=Figure(round(geodesic_area_km2(geom), 3), "km²", Basis.MEASURED,
                        f"arquivo de limites {candidate.boundary.name} da candidatura",
                        "medição geodésica", note="área geodésica (elipsoide GRS80)"))
    origins, remainders = {}, {}
    for code in candidate.origins:
        whole = _whole_unit(store, code, munis.at[code, "nome"], settings)
        origins[code] = whole
        p, u = est.value("populacao", code)
        d, du = est.value("domicilios_ocupados", code, urban=True)
        ratio = _muni_electors(store, code) / int(munis.at[code, "populacao"])
        basis = Basis.PUBLISHED if est.exact(code) else Basis.ESTIMATED
        rest = polygonal(shapely.difference(municipality_geometry(store.boundaries, code), geom))
        remainders[code] = UnitProfile(
            label=f"{whole.label} (remanescente)", cod_ibge=code, codes=(code,),
            population=Figure(round(whole.population.value - p), "habitantes", basis,
                              SRC_TRACTS, VINTAGE_CENSUS,
                              uncertainty=round(u, 1) if basis is Basis.ESTIMATED else None,
                              note=f"população de {whole.label} menos a da área pelos setores "
                                   "censitários"),
            electors=Figure(round(whole.electors.value - p * ratio, 1), "eleitores",
                            Basis.ESTIMATED, *_roll_source(store),
                            uncertainty=round(u * ratio + p * half_iqr, 1),
                            note=f"eleitorado de {whole.label} menos a estimativa da área"),
            buildings=_buildings_figure(round(whole.buildings.value - d),
                                        f"os de {whole.label} menos os da área (± "
                                        f"{_n(round(du))} dos setores cortados)", urban=True),
            area_km2=Figure(round(geodesic_area_km2(rest), 3), "km²", Basis.MEASURED,
                            "malha municipal menos o polígono da área", "medição geodésica",
                            note="área geodésica (elipsoide GRS80)"))
    return [area], origins, remainders


def _boundary_parts(candidate: Candidate, store, settings):
    """Area given only by a drawn polygon: counts apportioned from the districts it overlaps.

    Returns ``([area unit], origins, remainders)``; every figure of the area is ``estimated``
    (see :mod:`viabilidade.geo.estimate`), its area in km² is ``measured`` (geodesic, GRS80).
    """
    from ..geo.area_file import read_area
    from ..geo.estimate import estimate_area
    from ..geo.measure import geodesic_area_km2, polygonal
    from ..geo.territory import municipality_geometry

    import shapely

    geom = _cached(store, f"_drawn_{candidate.boundary}", lambda: read_area(candidate.boundary))
    from ..geo.estimate import overlapped_municipalities
    from ..geo.tracts import covers

    if covers(store, overlapped_municipalities(store, geom)):
        return _tract_boundary_parts(candidate, store, settings, geom)
    est = _cached(store, f"_estimate_{candidate.boundary}", lambda: estimate_area(store, geom))
    munis = _indexed(store, "municipalities", "cod_ibge")
    half_iqr = electors_ratio_half_iqr(store)
    pop, pop_unc, pop_note = _drawn_figure(est, "populacao", "habitantes", None, "população")
    dpo, dpo_unc, dpo_note = _drawn_figure(est, "domicilios_ocupados", "domicílios", None,
                                           "domicílios particulares ocupados")
    electors = electors_unc = 0.0
    origins, remainders = {}, {}
    for code in sorted(set(est.units["cod_ibge"])):
        muni_pop = int(munis.at[code, "populacao"])
        ratio = _muni_electors(store, code) / muni_pop
        p, u = est.midpoint("populacao", code)
        electors += p * ratio
        electors_unc += u * ratio + p * half_iqr
    area_km2 = geodesic_area_km2(geom)
    area = UnitProfile(
        label=study_name(candidate), cod_ibge=None, codes=tuple(est.units["cod_distrito"]),
        population=Figure(round(pop), "habitantes", Basis.ESTIMATED, SRC_DRAWN, VINTAGE_CENSUS,
                          uncertainty=round(pop_unc, 1), note=pop_note),
        electors=Figure(round(electors, 1), "eleitores", Basis.ESTIMATED, *_roll_source(store),
                        uncertainty=round(electors_unc, 1),
                        note="estimado: população estimada da área em cada município × razão "
                             f"eleitores/população do município ({SHORT_TSE} / Censo 2022); incerteza = "
                             "a da população × essa razão + população × metade do intervalo "
                             "interquartil da razão eleitores/população dos municípios goianos "
                             f"({_n(half_iqr, 4)})"),
        buildings=Figure(round(dpo), "edificações", Basis.ESTIMATED, SRC_DRAWN, VINTAGE_CENSUS,
                         uncertainty=round(dpo_unc + BUILDINGS_PROXY_UNCERTAINTY * dpo, 1),
                         note="domicílios particulares ocupados (Censo 2022) como aproximação do número "
                              "de edificações do núcleo urbano (incerteza de metade do valor somada "
                              f"à do rateio); {dpo_note}"),
        area_km2=Figure(round(area_km2, 3), "km²", Basis.MEASURED,
                        f"arquivo de limites {candidate.boundary.name} da candidatura",
                        "medição geodésica", note="área geodésica (elipsoide GRS80)"))
    for code in candidate.origins:
        whole = _whole_unit(store, code, munis.at[code, "nome"], settings)
        origins[code] = whole
        p, u = est.midpoint("populacao", code)
        d, du = est.midpoint("domicilios_ocupados", code)
        e = p * _muni_electors(store, code) / int(munis.at[code, "populacao"])
        eu = u * _muni_electors(store, code) / int(munis.at[code, "populacao"]) + p * half_iqr
        rest = polygonal(shapely.difference(municipality_geometry(store.boundaries, code), geom))
        remainders[code] = UnitProfile(
            label=f"{whole.label} (remanescente)", cod_ibge=code, codes=(code,),
            population=Figure(round(whole.population.value - p), "habitantes", Basis.ESTIMATED,
                              SRC_DRAWN, VINTAGE_CENSUS, uncertainty=round(u, 1),
                              note=f"população de {whole.label} menos a estimativa da área"),
            electors=Figure(round(whole.electors.value - e, 1), "eleitores", Basis.ESTIMATED,
                            *_roll_source(store), uncertainty=round(eu, 1),
                            note=f"eleitorado de {whole.label} menos a estimativa da área"),
            buildings=_buildings_figure(round(whole.buildings.value - d),
                                        f"domicílios de {whole.label} menos a estimativa da área "
                                        f"(± {_n(round(du))} do rateio)"),
            area_km2=Figure(round(geodesic_area_km2(rest), 3), "km²", Basis.MEASURED,
                            "malha municipal menos o polígono da área", "medição geodésica",
                            note="área geodésica (elipsoide GRS80)"))
    return [area], origins, remainders


def _future_money(candidate: Candidate, key: str, today: dt.date | None) -> str:
    """Why the area's certified money figure ``key`` is not used: its certificate is dated
    after the study date (:func:`viabilidade.profile.certified.future_certificate`)."""
    from .certified import future_certificate

    cert = candidate.certified.area.get(key) if candidate.certified else None
    return future_certificate(cert, today) if cert is not None else ""


def state_tax_revenue(candidate: Candidate, store, today: dt.date | None = None) -> Figure | None:
    """The state's tax revenue (ICMS + IPVA + ITCD) for art. 4 VII, in BRL.

    Art. 4 VII compares the area's collection with the state's tax revenue *of the same
    fiscal year*. Order: the candidate's ``[fiscal.state_tax_revenue]``; else the state
    revenue of the year of the candidate's ``[fiscal.collection]``; else the latest year of
    the processed ``state_revenue`` table (IMB, Goiás em Dados 2023, tab. 125, preferred
    over the SEFAZ-GO management extract for the same year). ``None`` when the data has no
    complete figure for the year needed. A certificate dated after ``today`` (the study
    date) is not used, neither its figure nor its year: the study then computes the limit as
    without it, from the latest year of the data.
    """
    if candidate.state_tax_revenue is not None and not _future_money(candidate, "state_tax_revenue",
                                                                        today):
        m = candidate.state_tax_revenue
        return money_figure(m)
    years = sorted(set(int(y) for y in store.state_revenue["ano"]))
    # a collection whose certificate is dated after the study sets no year either (N7)
    collection = (candidate.collection
                  if not _future_money(candidate, "collection", today) else None)
    year = collection.year if collection is not None else years[-1]
    return published_state_revenue(store, year)


def published_state_revenue(store, year: int | None = None) -> Figure | None:
    """The published state tax revenue (ICMS + IPVA + ITCD) of ``year`` (default: the latest
    year of the processed ``state_revenue`` table), in BRL, as art. 4 VII reads it: its note
    says when it is the latest complete year of the data
    (:data:`viabilidade.rules.art4.LATEST_REVENUE_NOTE`) and when the source counts more than
    tax revenue (:data:`~viabilidade.rules.art4.OVERSTATED_REVENUE_NOTE`, SEFAZ-GO's Receita
    Gerencial). ``None`` when the year has no complete figure. Used by a study
    (:func:`state_tax_revenue`) and by the art. 8 audit."""
    from ..data.sources import FONTE_SEFAZ
    from ..data.store import state_tax_revenue as revenue_of_year
    from ..errors import DataError
    from ..rules.art4 import LATEST_REVENUE_NOTE, OVERSTATED_REVENUE_NOTE

    years = sorted(set(int(y) for y in store.state_revenue["ano"]))
    year = years[-1] if year is None else year
    try:
        rev = revenue_of_year(store, year)
    except DataError:
        return None
    latest = f"; {LATEST_REVENUE_NOTE}" if year == years[-1] else ""
    excess = f"; {OVERSTATED_REVENUE_NOTE}" if rev["fonte"] == FONTE_SEFAZ else ""
    return Figure(round(rev["total"], 2), "BRL", Basis.PUBLISHED, rev["fonte"], str(year),
                  note=f"receita estadual de impostos de {year}: ICMS + IPVA + ITCD{latest}{excess}")


def _collection(candidate: Candidate, today: dt.date | None = None) -> Figure:
    future = _future_money(candidate, "collection", today)
    if candidate.collection is not None and not future:
        m = candidate.collection
        return money_figure(m)
    if future:
        return Figure(None, "BRL", Basis.PUBLISHED, "", "", note=future)
    return Figure(None, "BRL", Basis.PUBLISHED, "", "",
                  note="a SEFAZ-GO não publica a arrecadação estadual por município ou distrito; "
                       "é preciso a certidão da arrecadação de ICMS, IPVA e ITCD na área emitida "
                       "pela Secretaria de Estado da Economia de Goiás")


def build_profile(candidate: Candidate, store, settings, territory: Territory | None = None, *,
                  checked: bool = False) -> Profile:
    """Build the :class:`~viabilidade.profile.types.Profile` of a candidate.

    Parameters
    ----------
    candidate : Candidate
        A loaded candidate (:func:`viabilidade.proposal.candidate.load_candidate`).
    store : viabilidade.data.store.Store
        The processed data (tables in docs/CONTRACTS.md).
    settings : viabilidade.rules.settings.Settings
        Only ``population_vintage`` is read here.
    territory : Territory, optional
        Geometry-derived facts; computed by the caller (:mod:`viabilidade.profile.analysis`).
    checked : bool
        ``True`` when the caller has already run :func:`check_candidate` on this candidate
        (it reads neither the settings nor the territory: :class:`~viabilidade.profile.analysis.ProfileMemo`
        runs it once for the profiles of every reading).

    Returns
    -------
    Profile
        Area figures, each origin before the operation and its remainder after; the
        candidate's certified figures (``[certified]``) replace the data's
        (:func:`viabilidade.profile.certified.apply_certificates`).

    Raises
    ------
    CandidateError
        If the candidate does not match the data (see :func:`check_candidate`).
    """
    if not checked:
        check_candidate(candidate, store)
    munis = _indexed(store, "municipalities", "cod_ibge")
    if not operation_of(candidate).proposed_area:   # a boundary correction: the strip
        return _correction_profile(candidate, store, settings, territory or Territory())
    area_parts, origins, remainders = _district_parts(candidate, store, settings)
    for code in candidate.municipalities:
        area_parts.append(_whole_unit(store, code, munis.at[code, "nome"], settings))
    if operation_of(candidate).merges:
        origins = {c: _whole_unit(store, c, munis.at[c, "nome"], settings)
                   for c in candidate.municipalities}
        remainders = {}
    elif candidate.municipalities:
        # Retrospective case: the area is a present-day municipality that left the origin;
        # the origin before the split is origin + area, the remainder is the origin today.
        for code in candidate.origins:
            today = _whole_unit(store, code, f"{munis.at[code, 'nome']} (remanescente)", settings,
                                note="território atual do município de origem")
            before_parts = [today] + [u for u in area_parts if u.cod_ibge in candidate.municipalities]
            # the sum of today's territories, not the origin of the creation year (which may
            # have lost other areas since: Mara Rosa, Amaralina in 1995)
            origins[code] = _sum_units(
                before_parts, f"{munis.at[code, 'nome']} + {study_name(candidate)} (territórios de hoje)",
                code)
            remainders.setdefault(code, today)
    if not area_parts and candidate.boundary is not None:
        area_parts, drawn_origins, remainders = _boundary_parts(candidate, store, settings)
        origins.update(drawn_origins)
    if not area_parts:
        raise CandidateError("a área não tem distritos, municípios nem arquivo de limites; "
                             "esperados area.districts, area.municipalities ou area.boundary",
                             file=candidate.path, field="area")
    area = (area_parts[0] if len(area_parts) == 1
            else _sum_units(area_parts, study_name(candidate), None))
    area = UnitProfile(label=study_name(candidate), cod_ibge=area.cod_ibge, codes=area.codes,
                       population=area.population, electors=area.electors,
                       buildings=area.buildings,
                       collection=(_collection(candidate, settings.study_day())
                                   if "sec-art4" in operation_of(candidate).chapters
                                   else None),
                       revenue=area.revenue, area_km2=area.area_km2)
    profile = apply_certificates(
        Profile(operation=candidate.operation, area=area, origins=origins,
                remainders=remainders,
                state_tax_revenue=state_tax_revenue(candidate, store, settings.study_day()),
                territory=territory or Territory()), candidate, settings.study_day())
    if operation_of(candidate).receiving and candidate.destination is not None:
        # the receiving municipality before and after (art. 5): after = it plus the area
        code = candidate.destination
        before = _whole_unit(store, code, munis.at[code, "nome"], settings)
        after = _sum_units([before, profile.area], f"{munis.at[code, 'nome']} (após receber a "
                                                   "área)", code)
        profile = replace(profile, destination=before, destination_after=after)
    return profile


#: Source of the area between a boundary's old and new lines (art. 6).
SRC_LINES = "linhas de limite da candidatura ({old} e {new})"


def _correction_profile(candidate: Candidate, store, settings, territory: Territory) -> Profile:
    """Boundary correction (art. 6): no area changes hands by design, so the profile's
    ``area`` is the territory between the old and the new line (measured, km²; no
    population, electors or buildings: none is apportioned to it) and ``origins`` are the
    two municipalities whose limit is corrected, as they are; no remainders."""
    munis = _indexed(store, "municipalities", "cod_ibge")
    origins = {c: _whole_unit(store, c, munis.at[c, "nome"], settings) for c in candidate.origins}
    change = territory.boundary_change
    none = "não se aplica: a correção de limites não transfere população"
    if change is not None:
        km2 = Figure(round(change.between_km2, 4), "km²", Basis.MEASURED,
                     SRC_LINES.format(old=candidate.old_line.name, new=candidate.new_line.name),
                     "medição geodésica",
                     note="área geodésica (elipsoide GRS80) das figuras fechadas entre a linha "
                          "atual e a linha corrigida")
    else:
        km2 = Figure(None, "km²", Basis.MEASURED, "", "",
                     note="faltam os arquivos da linha atual e da linha corrigida "
                          "(boundary_correction.old_line e boundary_correction.new_line)")
    area = UnitProfile(label="Faixa entre a linha atual e a linha corrigida",
                       population=Figure(None, "habitantes", Basis.MEASURED, "", "", note=none),
                       electors=Figure(None, "eleitores", Basis.MEASURED, "", "", note=none),
                       buildings=Figure(None, "edificações", Basis.MEASURED, "", "", note=none),
                       codes=tuple(candidate.origins), area_km2=km2)
    return Profile(operation=candidate.operation, area=area, origins=origins, remainders={},
                   territory=territory)
