"""A proposal that makes sense: checks a candidate must pass before any study is written.

These go beyond the shape of the file (:mod:`viabilidade.proposal.candidate`) and the codes
(:func:`viabilidade.profile.build.check_candidate`, which calls :func:`check_proposal`):

* a fusion (art. 5 § 2) joins two or more *whole* municipalities (no districts, no drawn
  area) that form one territory;
* the plebiscite figures add up: yes + no + blank + void = turnout <= eligible electors,
  also when only some of them are given;
* the area touches each origin: an area municipality must border every origin (a distance
  of at most :data:`TOUCH_TOLERANCE_M`: they meet on the IBGE 2022 mesh); an area
  of districts must hold a district of every origin; a drawn area must cover part of every
  origin;
* an area transferred to another municipality (art. 5) borders that destination;
* the drawn area and urban-perimeter files (``[area] boundary``, ``[origin]
  urban_perimeter``) are readable polygons in Goiás (:func:`viabilidade.geo.area_file.read_area`);
* the lines of a boundary correction (``[boundary_correction] old_line``, ``new_line``) are
  readable lines in Goiás (:func:`viabilidade.geo.area_file.read_line`), and the two
  municipalities whose limit is corrected border each other (art. 6: "limites entre
  municípios").
* the area is one proposal the law admits (:func:`scenario_problems`): given by one source
  (a drawn polygon *or* IBGE units), never a district joined to a whole municipality, in
  one piece, and (for a creation) leaving every origin its seat.

What the law leaves to judgment is flagged in the study, not refused: a drawn new
municipality entirely surrounded by its origin (art. 3, "relativa harmonia") is
:func:`enclave`, a drawn area whose proposed seat lies outside it is :func:`seat_outside`
(``details["seat_outside"]``), and districts whose approximate territories do not touch are
:func:`apart_districts`, which :func:`viabilidade.profile.analysis.territory` stores in
``details["enclave"]`` / ``details["districts_apart"]`` and
:func:`viabilidade.report.boundary.drawn_findings` words for the study and the explorer.

Every problem is a :class:`~viabilidade.errors.CandidateError` in Portuguese naming the
candidate file and the field.
"""

from __future__ import annotations

import copy

from ..common.text import and_list, toml_value
from ..proposal.candidate import Candidate
from ..operations import operation_of
from ..operations.registry import REGISTRY
from ..errors import CandidateError, GeoError, raise_located

#: Largest gap in metres between an area municipality and an origin that still counts as a
#: shared border. The IBGE Malha Municipal 2022 is a valid coverage (neighbours share their
#: edges vertex for vertex), so neighbours meet at 0 m; a margin would make neighbours of
#: municipalities that do not meet (Jandaia and São João da Paraúna are 408 m apart, Pilar de
#: Goiás and São Luiz do Norte 310 m). The simplified pre-2020 mesh needed 500 m.
TOUCH_TOLERANCE_M = 0.0
#: Smallest part of a drawn area inside an origin, in km², for the origin to give territory
#: (the default I-5 sliver tolerance).
MIN_ORIGIN_PART_KM2 = 0.01


def fusion_problems(candidate: Candidate) -> list[CandidateError]:
    """Art. 5 § 2: a fusion joins two or more whole municipalities, and nothing else."""
    if not operation_of(candidate).merges:
        return []
    out, f = [], candidate.path
    n = len(candidate.municipalities)
    if n < 2:
        found = ("nenhum" if n == 0 else f"1 município ({candidate.municipalities[0]})")
        out.append(CandidateError(
            f"uma fusão (art. 5º, § 2º) reúne dois ou mais municípios inteiros; encontrado "
            f"{found}; esperados ao menos dois códigos de município", file=f,
            field="area.municipalities"))
    if candidate.districts:
        out.append(CandidateError(
            "uma fusão (art. 5º, § 2º) reúne municípios inteiros; encontrados distritos "
            f"({', '.join(candidate.districts)}); esperados só códigos de município em "
            "area.municipalities", file=f, field="area.districts"))
    if candidate.boundary is not None:
        out.append(CandidateError(
            "uma fusão (art. 5º, § 2º) reúne municípios inteiros; encontrado o arquivo de "
            f"limites {candidate.boundary.name}; esperados só códigos de município em "
            "area.municipalities", file=f, field="area.boundary"))
    return out


def plebiscite_problems(candidate: Candidate) -> list[CandidateError]:
    """Votes that exceed the turnout or the eligible electors, when not all figures are given.

    (The complete case — turnout above eligible, parts not summing to turnout — is checked
    when the file is read.)
    """
    p = candidate.plebiscite
    if p is None:
        return []
    parts = {"sim": p.yes, "não": p.no, "brancos": p.blank, "nulos": p.void}
    given = {k: v for k, v in parts.items() if v is not None}
    if not given:
        return []
    total = sum(given.values())
    terms = " + ".join(f"{k} {v}" for k, v in given.items())
    expected = "esperado sim + não + brancos + nulos = comparecimento ≤ eleitores aptos"
    f, field = candidate.path, "process.plebiscite"
    if p.turnout is not None and len(given) < 4 and total > p.turnout:
        return [CandidateError(f"os votos somam {total} ({terms}) e excedem o comparecimento "
                               f"de {p.turnout}; {expected}", file=f, field=f"{field}.turnout")]
    if p.turnout is None and p.eligible is not None and total > p.eligible:
        return [CandidateError(f"os votos somam {total} ({terms}) e excedem os {p.eligible} "
                               f"eleitores aptos; {expected}", file=f, field=f"{field}.eligible")]
    return []


def _area_files(candidate: Candidate) -> tuple[list[CandidateError], object]:
    """Read the drawn area and the urban perimeter; their problems and the area polygon."""
    from ..geo.area_file import read_area

    out, area = [], None
    for field, path in (("area.boundary", candidate.boundary),
                        ("origin.urban_perimeter", getattr(candidate, "urban_perimeter", None))):
        if path is None:
            continue
        try:
            geom = read_area(path)
        except GeoError as e:
            out.append(CandidateError(str(e), file=candidate.path, field=field))
            continue
        if field == "area.boundary":
            area = geom
    from ..geo.area_file import read_line

    for field in ("old_line", "new_line"):
        path = getattr(candidate, field, None)
        if path is None:
            continue
        try:
            read_line(path)
        except GeoError as e:
            out.append(CandidateError(str(e), file=candidate.path,
                                      field=f"boundary_correction.{field}"))
    return out, area


def correction_problems(candidate: Candidate, store) -> list[CandidateError]:
    """Art. 6: the two municipalities of a boundary correction share a limit (a gap of at
    most :data:`TOUCH_TOLERANCE_M`)."""
    from ..geo.distance import geodesic_distance_m
    from ..geo.memorial import fmt_num
    from ..geo.territory import municipality_geometry

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    codes = [c for c in candidate.origins if c in names]
    if operation_of(candidate).proposed_area or len(codes) != 2:  # a line, not an area
        return []
    gap = geodesic_distance_m(municipality_geometry(store.boundaries, codes[0]),
                              municipality_geometry(store.boundaries, codes[1]))
    if gap <= TOUCH_TOLERANCE_M:
        return []
    return [CandidateError(
        f"{names[codes[0]]} ({codes[0]}) e {names[codes[1]]} ({codes[1]}) não fazem divisa: "
        f"estão a {fmt_num(gap / 1000, 1)} km um do outro; esperados dois municípios vizinhos, "
        "cujo limite comum se corrige (art. 6º)", file=candidate.path,
        field="origin.municipalities")]


def touch_problems(candidate: Candidate, store, drawn=None) -> list[CandidateError]:
    """The area touches each origin (see the module docstring); one problem per origin."""
    from ..geo.distance import geodesic_distance_m
    from ..geo.measure import geodesic_area_km2, polygonal
    from ..geo.memorial import fmt_num
    from ..geo.territory import municipality_geometry

    import shapely

    if operation_of(candidate).merges or not candidate.origins:
        return []
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    f, out = candidate.path, []   # the mesh is read only by a check that needs it
    owners = dict(zip(store.districts["cod_distrito"], store.districts["cod_ibge"]))
    area_munis = [c for c in candidate.municipalities if c in names]
    for i, code in enumerate(candidate.origins):
        if code not in names:
            continue
        who = f"o município de origem {code} ({names[code]})"
        field = f"origin.municipalities[{i}]"
        if drawn is not None:
            origin = municipality_geometry(store.boundaries, code)
            inside = geodesic_area_km2(polygonal(shapely.intersection(origin, drawn)))
            # a small drawn area lying (mostly) in the origin does occupy part of it
            if inside < min(MIN_ORIGIN_PART_KM2, geodesic_area_km2(drawn) / 2):
                km = geodesic_distance_m(origin, drawn) / 1000
                found = (f"nenhuma parte do polígono fica nele (distância de {fmt_num(km, 1)} km)"
                         if inside == 0 and km > 0 else
                         f"só {fmt_num(inside, 4)} km² do polígono ficam nele, menos que "
                         f"{fmt_num(MIN_ORIGIN_PART_KM2)} km² (tolerância da leitura I-5)")
                out.append(CandidateError(
                    f"{who} não toca a área desenhada em {candidate.boundary.name}: {found}; "
                    "esperada uma área que ocupe parte de cada município de origem", file=f,
                    field=field))
        elif area_munis:
            b = store.boundaries
            area = shapely.union_all([municipality_geometry(b, c) for c in area_munis])
            origin = municipality_geometry(b, code)
            gap = geodesic_distance_m(origin, area)
            if gap > TOUCH_TOLERANCE_M:
                listed = _listed(area_munis, names)
                out.append(CandidateError(
                    f"{who} não faz divisa com a área proposta, {listed}: estão a "
                    f"{fmt_num(gap / 1000, 1)} km um do outro; esperada uma área que toque cada "
                    "município de origem", file=f, field=field))
        elif candidate.districts and not any(owners.get(d) == code for d in candidate.districts):
            out.append(CandidateError(
                f"{who} não cede nenhum distrito da área (area.districts = "
                f"{toml_value(list(candidate.districts))}); esperado ao menos um distrito de cada município "
                "de origem", file=f, field=field))
    return out


def _first_group(codes: list[str], geoms: dict) -> tuple[set[str], float]:
    """The codes reachable from ``codes[0]`` through shared borders (gap at most
    :data:`TOUCH_TOLERANCE_M`), and the smallest gap in metres between that group and the rest
    (``0.0`` when every code is in the group)."""
    from ..geo.distance import geodesic_distance_m

    group, todo = {codes[0]}, [codes[0]]
    while todo:
        here = todo.pop()
        for c in codes:
            if c not in group and geodesic_distance_m(geoms[here], geoms[c]) <= TOUCH_TOLERANCE_M:
                group.add(c)
                todo.append(c)
    rest = [c for c in codes if c not in group]
    gap = min((geodesic_distance_m(geoms[a], geoms[b]) for a in group for b in rest), default=0.0)
    return group, gap


def fusion_contiguity_problems(candidate: Candidate, store) -> list[CandidateError]:
    """Art. 5 § 2: the fused municipalities form one territory (each borders another one).

    Municipalities are grouped by shared borders (gap at most :data:`TOUCH_TOLERANCE_M`);
    more than one group is refused, naming the municipalities cut off from the first.
    """
    from ..geo.territory import municipality_geometry

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    codes = [c for c in candidate.municipalities if c in names]
    if not operation_of(candidate).merges or len(codes) < 2:
        return []
    geoms = {c: municipality_geometry(store.boundaries, c) for c in codes}
    group, _ = _first_group(codes, geoms)
    apart = [c for c in codes if c not in group]
    if not apart:
        return []
    listed = _listed(apart, names)
    joined = _listed([c for c in codes if c in group], names)
    return [CandidateError(
        f"os municípios da fusão não formam um território contínuo: {listed} não faz divisa "
        f"com {joined}; esperados municípios vizinhos (art. 5º, § 2º)", file=candidate.path,
        field="area.municipalities")]


def destination_problems(candidate: Candidate, store, drawn=None) -> list[CandidateError]:
    """Art. 5: an area transferred to another municipality must border it.

    The area is the drawn polygon, else its whole municipalities, else (districts have no
    polygon) the municipalities its districts belong to; a gap above
    :data:`TOUCH_TOLERANCE_M` is refused.
    """
    from ..geo.distance import geodesic_distance_m
    from ..geo.memorial import fmt_num
    from ..geo.territory import municipality_geometry

    import shapely

    code = candidate.destination
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    if not operation_of(candidate).receiving or code is None or code not in names:
        return []
    b = store.boundaries
    owners = dict(zip(store.districts["cod_distrito"], store.districts["cod_ibge"]))
    if drawn is not None:
        area, what = drawn, f"a área desenhada em {candidate.boundary.name}"
    else:
        munis = list(candidate.municipalities) or sorted(
            {owners[d] for d in candidate.districts if d in owners})
        munis = [c for c in munis if c in names]
        if not munis:
            return []
        area = shapely.union_all([municipality_geometry(b, c) for c in munis])
        what = ("a área transferida, " + _listed(munis, names)
                if candidate.municipalities else
                "o município de origem da área, " + _listed(munis, names))
    gap = geodesic_distance_m(municipality_geometry(b, code), area)
    if gap <= TOUCH_TOLERANCE_M:
        return []
    return [CandidateError(
        f"o município de destino {code} ({names[code]}) não faz divisa com {what}: estão a "
        f"{fmt_num(gap / 1000, 1)} km um do outro; esperado um destino vizinho da área "
        "(art. 5º: a área desmembrada é anexada a outro município)", file=candidate.path,
        field="destination.municipality")]




def _listed(codes, names: dict[str, str]) -> str:
    return and_list(f"{names.get(c, c)} ({c})" for c in codes)


def one_source_problems(candidate: Candidate) -> list[CandidateError]:
    """The area is given once: a drawn polygon *or* IBGE units, never both.

    A polygon with districts would mix two sources of figures (the districts' published
    counts and the polygon's measured area); the creation law describes one limit (art. 3).
    """
    if (candidate.boundary is None or not (candidate.districts or candidate.municipalities)
            or operation_of(candidate).merges):   # fusion_problems says it
        return []
    units = [f"{key} ({', '.join(codes)})" for key, codes in
             (("area.districts", candidate.districts),
              ("area.municipalities", candidate.municipalities)) if codes]
    return [CandidateError(
        f"a área foi dada duas vezes: pelo arquivo de limites {candidate.boundary.name} "
        f"(area.boundary) e pelas unidades do IBGE em {' e '.join(units)}; os números viriam de duas fontes (os "
        "publicados das unidades do IBGE e os medidos no polígono) e a lei de criação descreve "
        "um só limite (art. 3º); esperada uma só fonte: mantenha area.boundary (a área "
        "desenhada; população e eleitorado estimados a partir dos distritos que o polígono "
        "alcança) ou as unidades do IBGE (números publicados), e apague a outra",
        file=candidate.path, field="area.boundary")]


def whole_municipality_problems(candidate: Candidate, store) -> list[CandidateError]:
    """A district joined to a whole municipality is no operation of LC 02/1990.

    Creation and transfer take area from municipalities that go on existing (arts. 2, 4, 5);
    a whole municipality ends only by fusion (art. 5 § 2). An area of whole municipalities
    alone is a present-day municipality studied against its origin (retrospective study).
    """
    op = operation_of(candidate)
    # only an area that leaves municipalities which go on existing (not a fusion, nor a
    # correction of limits, which moves no area)
    if op.merges or not op.proposed_area or not (candidate.districts
                                                 and candidate.municipalities):
        return []
    from babel.lists import format_list

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    dnames = dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
    listed = [f"{dnames.get(c, c)} ({c})" for c in candidate.districts]
    districts = (f"o distrito {listed[0]}" if len(listed) == 1
                 else f"os distritos {format_list(listed, locale='pt_BR')}")
    return [CandidateError(
        f"a área junta {districts} ao município inteiro "
        f"{_listed(candidate.municipalities, names)}: a criação e a transferência desmembram "
        "área de municípios que continuam a existir (arts. 2º, 4º e 5º), e um município "
        "inteiro só se extingue por fusão (art. 5º, § 2º: “fusão de área territorial integral "
        "de dois ou mais municípios, com a extinção destes”); esperados só distritos em "
        "area.districts, ou só municípios inteiros em area.municipalities (o estudo de um "
        "município que já existe, diante da sua origem)", file=candidate.path,
        field="area.municipalities")]


def pieces_problems(candidate: Candidate, store, drawn=None) -> list[CandidateError]:
    """The area is one piece (arts. 3 and 4 III).

    A drawn area is in pieces when :func:`viabilidade.geo.continuity.continuity` counts more
    than one part above the sliver tolerance in what it takes from its origins (a part outside
    them is refused by :func:`viabilidade.geo.territory.check_area_in_origins`). An area of IBGE units is in pieces when the
    municipalities it takes from (whole, or holding its districts) do not all border one
    another (gap above :data:`TOUCH_TOLERANCE_M`); districts have no polygons, so districts
    of one municipality, or of neighbouring ones, are not refused here.
    """
    from ..geo.continuity import continuity
    from ..geo.memorial import fmt_num
    from ..geo.territory import municipality_geometry

    import shapely

    if (not operation_of(candidate).proposed_area
            or operation_of(candidate).merges):   # fusion_contiguity_problems
        return []
    why = ("um município é um território só: o art. 3º pede limites definidos e uma "
           "configuração de relativa harmonia, e o art. 4º, III não admite território "
           "interrompido")
    f = candidate.path
    if drawn is not None:
        # Parts outside the origins are the business of check_area_in_origins (the 2 %
        # tolerance, a part far away): here, the pieces the area takes from its origins.
        origins = [municipality_geometry(store.boundaries, o) for o in candidate.origins]
        c = continuity(shapely.intersection(drawn, shapely.union_all(origins))
                       if origins else drawn)
        if c.parts < 2:
            return []
        sizes = "; ".join(f"{fmt_num(a)} km²" for a in c.part_areas_km2)
        return [CandidateError(
            f"a área desenhada em {candidate.boundary.name} tem {c.parts} partes que não se "
            f"tocam ({sizes}); {why}; esperado um só polígono contínuo (estude cada parte como "
            "um candidato distinto)", file=f, field="area.boundary")]
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    owners = dict(zip(store.districts["cod_distrito"], store.districts["cod_ibge"]))
    dnames = dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
    holders: dict[str, list[str]] = {}
    for d in candidate.districts:
        if d in owners:
            holders.setdefault(owners[d], []).append(d)
    for m in candidate.municipalities:
        if m in names:
            holders.setdefault(m, [])
    codes = list(holders)
    if len(codes) < 2:
        return []
    geoms = {c: municipality_geometry(store.boundaries, c) for c in codes}
    group, gap = _first_group(codes, geoms)
    if len(group) == len(codes):
        return []

    def part(codes_):
        out = []
        for m in codes_:
            ds = holders[m]
            out.append(and_list(f"o distrito {dnames[d]} ({d}, de {names[m]})" for d in ds)
                       if ds else f"o município {names[m]} ({m})")
        return "; ".join(out)

    field = "area.districts" if candidate.districts else "area.municipalities"
    return [CandidateError(
        f"a área fica em partes que não se tocam: {part([c for c in codes if c in group])} e "
        f"{part([c for c in codes if c not in group])} ficam em municípios que não fazem "
        f"divisa, a {fmt_num(gap / 1000, 1)} km um do outro; {why}; esperada uma área contínua "
        "(estude cada parte como um candidato distinto)", file=f, field=field)]


def seat_problems(candidate: Candidate, store, drawn=None) -> list[CandidateError]:
    """Art. 4 § 1 (with item I): a new municipality never takes its origin's seat.

    The seat is taken when the area lists the origin's seat district (``sede`` in the
    processed ``districts`` table, IBGE DTB 2022), or when the origin's seat point (IBGE sedes
    municipais) lies inside the drawn area.
    """
    from ..geo.facts import seat_of

    import shapely

    if not operation_of(candidate).carves_municipality:
        return []
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    d = store.districts.set_index("cod_distrito")
    tail = ("o município de origem perderia a sede, onde estão instaladas a sua Prefeitura e a "
            "sua Câmara (art. 4º, I), e o art. 4º, § 1º não permite a criação que importe a "
            "perda de requisito do art. 4º para o município de origem")
    out = []
    for i, code in enumerate(candidate.districts):
        if code in d.index and bool(d.at[code, "sede"]) and d.at[code, "cod_ibge"] in candidate.origins:
            o = d.at[code, "cod_ibge"]
            out.append(CandidateError(
                f"o distrito {d.at[code, 'nome']} ({code}) é o distrito-sede de {names.get(o, o)} "
                f"({o}): {tail}; esperados só distritos que não sejam sede (para estudar a "
                "emancipação do restante do município, liste os outros distritos)",
                file=candidate.path, field=f"area.districts[{i}]"))
    if drawn is not None:
        for o in candidate.origins:
            seat = seat_of(store.seats, o)
            if seat is not None and drawn.covers(shapely.Point(seat[1], seat[0])):
                out.append(CandidateError(
                    f"a sede de {names.get(o, o)} ({o}; IBGE, sedes municipais) fica dentro da "
                    f"área desenhada em {candidate.boundary.name}: {tail}; esperado um polígono "
                    "que deixe a sede no município de origem", file=candidate.path,
                    field="area.boundary"))
    return out


def scenario_problems(candidate: Candidate, store, drawn=None) -> list[CandidateError]:
    """Scenarios LC 02/1990 refuses, each with the article that refuses it.

    :func:`one_source_problems`, :func:`whole_municipality_problems`,
    :func:`pieces_problems` and :func:`seat_problems`, in that order.
    """
    return (one_source_problems(candidate) + whole_municipality_problems(candidate, store)
            + pieces_problems(candidate, store, drawn) + seat_problems(candidate, store, drawn))


def apart_districts(candidate: Candidate, store) -> dict | None:
    """Art. 3 and art. 4 III, flagged: districts of the area whose approximate territories
    do not touch.

    Districts have no polygons in the data; :func:`viabilidade.geo.districts.district_cells`
    approximates each by the part of its municipality nearer its seat (not a legal limit).
    When those cells fall in two groups more than :data:`TOUCH_TOLERANCE_M` apart, the area
    may be in pieces: a judgment for the memorial descritivo, not a refusal (districts of
    municipalities that do not border each other are refused by :func:`pieces_problems`).

    Returns
    -------
    dict or None
        ``{"parts": [[cod_distrito, ...], [...]], "names": {cod_distrito: nome}, "gap_km":
        float, "limite": "aproximado" | "setores"}`` (the group of the first district, the
        rest, their names, the geodesic gap in km between the groups, and whether the district
        territories are approximate cells or the union of their census tracts); ``None`` for a drawn area,
        fewer than two districts, a fusion, or cells that touch.
    """
    if (candidate.boundary is not None or len(candidate.districts) < 2
            or operation_of(candidate).merges):
        return None
    # It reads only the districts and the store: made once per store and districts (the
    # explorer measures a territory per reading, the cells at full resolution take 0,4 s).
    cache = getattr(store, "_cache", None)
    key = ("_apart_districts", tuple(candidate.districts))
    if cache is not None and key in cache:
        return copy.deepcopy(cache[key])
    out = _apart_districts(candidate, store)
    if cache is not None:
        cache[key] = out
    return copy.deepcopy(out)


def _apart_districts(candidate: Candidate, store) -> dict | None:
    from ..geo.districts import district_cells

    owners = dict(zip(store.districts["cod_distrito"], store.districts["cod_ibge"]))
    munis = sorted({owners[d] for d in candidate.districts if d in owners})
    cells = district_cells(store, munis)
    geoms = dict(zip(cells["cod_distrito"], cells.geometry))
    codes = [d for d in candidate.districts if d in geoms and not geoms[d].is_empty]
    if len(codes) < 2:
        return None
    group, gap = _first_group(codes, geoms)
    if len(group) == len(codes):
        return None
    names = dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
    limite = "setores" if set(cells["limite"]) == {"setores"} else "aproximado"
    return {"parts": [[c for c in codes if c in group], [c for c in codes if c not in group]],
            "names": {c: str(names[c]) for c in codes}, "gap_km": gap / 1000, "limite": limite}


def enclave(candidate: Candidate, store, drawn=None) -> dict | None:
    """Art. 3 ("relativa harmonia"): a drawn new municipality entirely surrounded by its origins.

    A flag, not a refusal: art. 3 asks for harmony "na medida do possível", a judgment left to
    the Assembly. The area is an enclave when it stays more than :data:`TOUCH_TOLERANCE_M`
    from the outer limit of its origins (the limit with any other municipality, or a hole).

    Returns
    -------
    dict or None
        ``{"origins": [cod_ibge, ...], "edge_km": float}`` (the origins holding the area, and
        the geodesic distance in km from the area to their nearest outer limit); ``None``
        without a drawn area, for an operation that carves no municipality out of its origins
        (:attr:`~viabilidade.operations.base.Operation.carves_municipality`), or when
        the area reaches the origins' limit.
    """
    from ..geo.distance import geodesic_distance_m
    from ..geo.territory import municipality_geometry

    import shapely

    if drawn is None or not operation_of(candidate).carves_municipality or not candidate.origins:
        return None
    geoms = {c: municipality_geometry(store.boundaries, c) for c in candidate.origins}
    edge = shapely.union_all(list(geoms.values())).boundary
    gap = geodesic_distance_m(drawn, edge)
    if gap <= TOUCH_TOLERANCE_M:
        return None
    return {"origins": [c for c, g in geoms.items() if g.intersects(drawn)],
            "edge_km": gap / 1000}


def seat_outside(candidate: Candidate, store, drawn=None) -> dict | None:
    """Art. 3, I ("o nome, que será o da sua sede"): the proposed seat of a drawn new
    municipality lies outside the drawn area.

    A flag, not a refusal: the drawing is a sketch, and the user may move either. The seat
    is the candidate's ``seat_point``, else the point of the origins' district named as the
    seat (``seat``, by default the name: its vila, IBGE Localidades 2022, or the municipal
    seat for a seat district, :func:`viabilidade.geo.districts.district_points`); a seat
    with no known point is not judged.

    Returns
    -------
    dict or None
        ``{"seat": name, "ponto": "vila" | "sede municipal" | "ponto informado", "km":
        float}`` (geodesic distance in km from the seat to the drawn area); ``None``
        without a drawn area, for an operation that carves no municipality out of its origins
        (:attr:`~viabilidade.operations.base.Operation.carves_municipality`), when the
        seat has no known point, or when the area covers it.
    """
    from ..geo.distance import geodesic_distance_m
    from ..geo.districts import district_points
    from ..data.codes import normalize_name

    import shapely

    if drawn is None or not operation_of(candidate).carves_municipality:
        return None
    name = candidate.seat or candidate.name
    if candidate.seat_point is not None:
        lat, lon = candidate.seat_point
        point, kind = shapely.Point(lon, lat), "ponto informado"
    else:
        pts = district_points(store, list(candidate.origins))
        named = pts[[normalize_name(n) == normalize_name(name) for n in pts["nome"]]]
        if len(named) != 1:
            return None
        point, kind = named.geometry.iloc[0], str(named["ponto"].iloc[0])
    if drawn.covers(point):
        return None
    return {"seat": name, "ponto": kind, "km": geodesic_distance_m(drawn, point) / 1000}


def check_proposal(candidate: Candidate, store) -> None:
    """Refuse a proposal that makes no sense, before anything is written.

    Parameters
    ----------
    candidate : Candidate
        Already checked against the data's codes (every code exists).
    store : viabilidade.data.store.Store
        ``municipalities``, ``districts``, ``boundaries``.

    Raises
    ------
    CandidateError
        In Portuguese, naming the file and field: a fusion of fewer than two whole
        municipalities (or with districts or a drawn area, or of municipalities that do not
        form one territory); plebiscite votes above the turnout or the eligible electors; an
        origin the area does not touch; a transfer to a destination that does not border the
        area; an unreadable or misplaced drawn area or urban perimeter; a scenario the law
        refuses (:func:`scenario_problems`: a polygon given together with IBGE units, a
        district joined to a whole municipality, an area in pieces, a new municipality that
        takes its origin's seat). Every problem at once
        (:meth:`CandidateError.collect`), each with its line in the file.
    """
    problems = fusion_problems(candidate) + plebiscite_problems(candidate)
    files, drawn = _area_files(candidate)
    problems += files
    problems += one_source_problems(candidate)  # needs no file read: said with the rest
    if not files:
        problems += correction_problems(candidate, store)
        if operation_of(candidate).proposed_area:  # a correction has lines, not an area
            problems += touch_problems(candidate, store, drawn)
        problems += destination_problems(candidate, store, drawn)
        problems += fusion_contiguity_problems(candidate, store)
        problems += (whole_municipality_problems(candidate, store)
                     + pieces_problems(candidate, store, drawn)
                     + seat_problems(candidate, store, drawn))
    else:
        problems.append(CandidateError(NOT_RUN_FILES, file=candidate.path))
    raise_located(problems, candidate.path)


#: Said after an unreadable area file: the checks that need its polygon did not run.
NOT_RUN_FILES = ("as conferências que usam o polígono (origem tocada, destino vizinho, área "
                 "em partes, sede da origem) não rodaram: dependem de um arquivo de limites "
                 "legível; rode de novo depois de corrigir")
#: Said after problems of the file's fields: the checks against the data did not run.
NOT_RUN_FIELDS = ("as conferências com os dados (códigos IBGE, origem, destino, partes da "
                  "área, sede) não rodaram: dependem dos campos acima; rode de novo depois de "
                  "corrigi-los")


def check_files(candidate: Candidate) -> None:
    """The checks of :func:`check_proposal` that need no data store, for a batch to run on
    every candidate before any study starts: the drawn area's (and urban perimeter's,
    boundary lines') files can be read, and a polygon is not given together with IBGE units.

    Raises
    ------
    CandidateError
        Every such problem, then :data:`NOT_RUN_FILES` when a file cannot be read.
    """
    files, _ = _area_files(candidate)
    problems = files + one_source_problems(candidate)
    if files:
        problems.append(CandidateError(NOT_RUN_FILES, file=candidate.path))
    raise_located(problems, candidate.path)


def partial_problems(partial: dict) -> list[CandidateError]:
    """What can still be checked of a candidate file whose fields have problems
    (``CandidateError.partial`` of :func:`~viabilidade.proposal.candidate.load_candidate`):
    its drawn area's file (:func:`viabilidade.geo.area_file.read_area`) and a polygon given
    together with IBGE units (:func:`one_source_problems`), then :data:`NOT_RUN_FIELDS`.

    Parameters
    ----------
    partial : dict
        path, operation (or None), boundary (Path or None), districts, municipalities.
    """
    from types import SimpleNamespace

    c = SimpleNamespace(urban_perimeter=None, old_line=None, new_line=None, **partial)
    out, _ = _area_files(c)
    code = partial.get("operation")
    if code is not None and not getattr(REGISTRY.get(code), "merges", False):
        out += one_source_problems(c)
    return out + [CandidateError(NOT_RUN_FIELDS, file=partial["path"])]
