"""A proposal that makes sense: checks a candidate must pass before any study is written.

These go beyond the shape of the file (:mod:`viabilidade.candidate`) and the codes
(:func:`viabilidade.profile.check_candidate`, which calls :func:`check_proposal`):

* a fusion (art. 5 § 2) joins two or more *whole* municipalities (no districts, no drawn
  area) that form one territory;
* the plebiscite figures add up: yes + no + blank + void = turnout <= eligible electors,
  also when only some of them are given;
* the area touches each origin: an area municipality must border every origin (a distance
  of at most :data:`TOUCH_TOLERANCE_M`, since the boundary polygons are simplified); an area
  of districts must hold a district of every origin; a drawn area must cover part of every
  origin;
* an area transferred to another municipality (art. 5) borders that destination;
* the drawn area and urban-perimeter files (``[area] boundary``, ``[origin]
  urban_perimeter``) are readable polygons in Goiás (:func:`viabilidade.geo.area_file.read_area`);
* the lines of a boundary correction (``[boundary_correction] old_line``, ``new_line``) are
  readable lines in Goiás (:func:`viabilidade.geo.area_file.read_line`), and the two
  municipalities whose limit is corrected border each other (art. 6: "limites entre
  municípios").

Every problem is a :class:`~viabilidade.errors.CandidateError` in Portuguese naming the
candidate file and the field.
"""

from __future__ import annotations

from .candidate import Candidate
from .operations import operation_for
from .errors import CandidateError, GeoError, raise_located

#: Largest gap in metres between an area municipality and an origin that still counts as a
#: shared border: the tbrugz polygons are simplified, so neighbours may not meet exactly.
TOUCH_TOLERANCE_M = 500.0
#: Smallest part of a drawn area inside an origin, in km², for the origin to give territory
#: (the default I-5 sliver tolerance).
MIN_ORIGIN_PART_KM2 = 0.01


def fusion_problems(candidate: Candidate) -> list[CandidateError]:
    """Art. 5 § 2: a fusion joins two or more whole municipalities, and nothing else."""
    if not operation_for(candidate.operation).merges:
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
    from .geo.area_file import read_area

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
    from .geo.area_file import read_line

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
    from .geo.distance import geodesic_distance_m
    from .geo.memorial import fmt_num
    from .geo.territory import municipality_geometry

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    codes = [c for c in candidate.origins if c in names]
    if candidate.operation != "boundary-correction" or len(codes) != 2:
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
    from .geo.distance import geodesic_distance_m
    from .geo.measure import geodesic_area_km2, polygonal
    from .geo.memorial import fmt_num
    from .geo.territory import municipality_geometry

    import shapely

    if operation_for(candidate.operation).merges or not candidate.origins:
        return []
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    b, f, out = store.boundaries, candidate.path, []
    owners = dict(zip(store.districts["cod_distrito"], store.districts["cod_ibge"]))
    area_munis = [c for c in candidate.municipalities if c in names]
    for i, code in enumerate(candidate.origins):
        if code not in names:
            continue
        who = f"o município de origem {code} ({names[code]})"
        field = f"origin.municipalities[{i}]"
        if drawn is not None:
            origin = municipality_geometry(b, code)
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
            area = shapely.union_all([municipality_geometry(b, c) for c in area_munis])
            origin = municipality_geometry(b, code)
            gap = geodesic_distance_m(origin, area)
            if gap > TOUCH_TOLERANCE_M:
                listed = ", ".join(f"{names[c]} ({c})" for c in area_munis)
                out.append(CandidateError(
                    f"{who} não faz divisa com a área proposta, {listed}: estão a "
                    f"{fmt_num(gap / 1000, 1)} km um do outro; esperada uma área que toque cada "
                    "município de origem", file=f, field=field))
        elif candidate.districts and not any(owners.get(d) == code for d in candidate.districts):
            out.append(CandidateError(
                f"{who} não cede nenhum distrito da área (area.districts = "
                f"{list(candidate.districts)}); esperado ao menos um distrito de cada município "
                "de origem", file=f, field=field))
    return out


def fusion_contiguity_problems(candidate: Candidate, store) -> list[CandidateError]:
    """Art. 5 § 2: the fused municipalities form one territory (each borders another one).

    Municipalities are grouped by shared borders (gap at most :data:`TOUCH_TOLERANCE_M`);
    more than one group is refused, naming the municipalities cut off from the first.
    """
    from .geo.distance import geodesic_distance_m
    from .geo.territory import municipality_geometry

    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    codes = [c for c in candidate.municipalities if c in names]
    if not operation_for(candidate.operation).merges or len(codes) < 2:
        return []
    geoms = {c: municipality_geometry(store.boundaries, c) for c in codes}
    group, todo = {codes[0]}, [codes[0]]
    while todo:
        here = todo.pop()
        for c in codes:
            if c not in group and geodesic_distance_m(geoms[here], geoms[c]) <= TOUCH_TOLERANCE_M:
                group.add(c)
                todo.append(c)
    apart = [c for c in codes if c not in group]
    if not apart:
        return []
    listed = ", ".join(f"{names[c]} ({c})" for c in apart)
    joined = ", ".join(f"{names[c]} ({c})" for c in codes if c in group)
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
    from .geo.distance import geodesic_distance_m
    from .geo.memorial import fmt_num
    from .geo.territory import municipality_geometry

    import shapely

    code = candidate.destination
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    if not operation_for(candidate.operation).receiving or code is None or code not in names:
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
        what = ("a área transferida, " + ", ".join(f"{names[c]} ({c})" for c in munis)
                if candidate.municipalities else
                "o município de origem da área, " + ", ".join(f"{names[c]} ({c})" for c in munis))
    gap = geodesic_distance_m(municipality_geometry(b, code), area)
    if gap <= TOUCH_TOLERANCE_M:
        return []
    return [CandidateError(
        f"o município de destino {code} ({names[code]}) não faz divisa com {what}: estão a "
        f"{fmt_num(gap / 1000, 1)} km um do outro; esperado um destino vizinho da área "
        "(art. 5º: a área desmembrada é anexada a outro município)", file=candidate.path,
        field="destination.municipality")]


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
        area; an unreadable or misplaced drawn area or urban perimeter. Every problem at once
        (:meth:`CandidateError.collect`), each with its line in the file.
    """
    problems = fusion_problems(candidate) + plebiscite_problems(candidate)
    files, drawn = _area_files(candidate)
    problems += files
    if not files:
        problems += correction_problems(candidate, store)
        if candidate.operation != "boundary-correction":
            problems += touch_problems(candidate, store, drawn)
        problems += destination_problems(candidate, store, drawn)
        problems += fusion_contiguity_problems(candidate, store)
    raise_located(problems, candidate.path)
