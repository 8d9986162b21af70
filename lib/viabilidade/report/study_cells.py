"""What the study notebook's first cell does: load the data, analyse the candidate, build the map.

Kept out of the notebook so the template stays a list of ``display(...)`` calls. The map and
the memorial descritivo are drawn only when the area has a polygon (whole municipalities or a
boundary file); an area made of IBGE districts has none, and the study says so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..common.text import and_list

#: Modules the notebook's cells use, imported on first use (PEP 562 ``__getattr__``), so that
#: ``viabilidade estudo``'s own process, which reads only this module's constants and
#: :func:`settings_from`, does not import matplotlib; the kernel imports them as it starts
#: (:data:`viabilidade.report.runner.PRELOAD`). ``sections`` is re-exported for the notebook.
_LAZY = ("economic", "operation_chapters", "process", "sections")


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return importlib.import_module(f"{__package__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: MIME type of the machine-readable results output (read by :mod:`.study`, not shown in HTML).
RESULTS_MIME = "application/vnd.viabilidade.resultados+json"
#: MIME type of the annex files a study writes beside its own (``{file name: text}``).
ANNEX_MIME = "application/vnd.viabilidade.anexos+json"


@dataclass
class Study:
    """The inputs of every section: the analysis, the data store, the study date, the map."""

    analysis: Any
    store: Any
    date: dt.date
    map_html: str = ""
    memorial_html: str = ""

    @cached_property
    def economy(self):
        """:func:`viabilidade.fiscal.economy.economy` of the study, computed once (the
        economic chapter and ``resultados.json``'s ``economia`` both read it); ``None`` for
        an operation without ``sec-economico``."""
        from ..fiscal.economy import economy
        from ..operations import operation_of

        if "sec-economico" not in operation_of(self.analysis.candidate).chapters:
            return None
        return economy(self.analysis, self.store)


def settings_from(settings: dict | None, source: str | Path | None = None) -> dict | None:
    """Validated settings overrides (a plain dict, as papermill injects it); ``None`` when empty.

    The dict overrides exactly its keys over the candidate's ``[settings]``
    (:meth:`viabilidade.rules.settings.Settings.merge`).

    Raises
    ------
    SettingsError
        From :meth:`viabilidade.rules.settings.Settings.from_dict` on an unknown key or value.
    """
    if not settings:
        return None
    from ..rules import Settings

    Settings.from_dict(settings, file=source or "parâmetros do estudo")
    return dict(settings)


def split_or_none(analysis, store):
    """The candidate's geometries for the map and memorial, or ``None`` when they cannot be built.

    Parameters
    ----------
    analysis : viabilidade.profile.analysis.Analysis
    store : viabilidade.data.store.Store
        Needs ``boundaries``.

    Returns
    -------
    viabilidade.geo.territory.Split or None
        :func:`viabilidade.geo.territory.split_territory` of the candidate (``area`` is
        ``None`` for an area of districts); ``None`` where it raises
        :class:`viabilidade.errors.GeoError` (:func:`map_html` then draws no map).
    """
    from ..errors import GeoError
    from ..geo.territory import split_territory

    try:
        return split_territory(analysis.candidate, store.boundaries)
    except GeoError:
        return None


#: Processed tables a map is drawn from.
MAP_TABLES = ("boundaries", "seats", "vilas")


def map_source(analysis, tables: tuple[str, ...] = ("boundaries", "seats"), *,
               perimeter: bool = False) -> str:
    """``"Fonte: IBGE, Malha Municipal 2022; IBGE, Localidades 2022, sedes municipais; SIRGAS
    2000. Elaboração do estudo."`` — the map's
    official data sets with publisher and edition
    (:func:`viabilidade.data.provenance.dataset_label`), from the analysis provenance (the
    store's manifest). Only the geometric file of a table counts (``geo/…``): the boundaries
    table also takes names from the census, which the map does not show. The copies' names
    are in the appendix only."""
    from ..data.provenance import dataset_label

    parts = []
    for table in tables:
        for p in analysis.provenance or []:
            files = [f.get("path", "") for f in p.get("files", [])]
            if p.get("table") != table or (files and not any(f.startswith("geo/") for f in files)):
                continue
            label = dataset_label(p)
            if label not in parts:
                parts.append(label)
    boundary = analysis.candidate.boundary
    own = f"; limites da área: arquivo {boundary.name} da candidatura" if boundary else ""
    urban = getattr(analysis.candidate, "urban_perimeter", None)
    if perimeter and urban is not None:
        own += f"; perímetro urbano: arquivo {urban.name} da candidatura"
    return f"Fonte: {'; '.join(parts)}{own}; SIRGAS 2000. Elaboração do estudo."


def map_figure_number(analysis) -> int:
    """The map's figure number: 2 after the requirements chart (Figura 1), else 1."""
    from .charts import numeric_results

    return 2 if numeric_results(analysis.results) else 1


#: Map frame (inches) and legend columns of a page and of a 16:9 slide.
MAP_FORMATS = {"page": ((6.6, 5.4), 2), "slide": ((6.4, 3.3), 2)}


def measured_gaps(analysis) -> list[tuple[tuple[float, float], tuple[float, float], float]]:
    """The distances of art. 4 II as the profile measured them, one per origin:
    ``((lat, lon) of the origin's urban point, (lat, lon) of the point reached, metres)``
    from ``profile.territory.details["gap_by_origin"]`` (:func:`viabilidade.geo.facts.territory_facts`)."""
    territory = getattr(getattr(analysis, "profile", None), "territory", None)
    per = (getattr(territory, "details", None) or {}).get("gap_by_origin", {}) or {}
    out = []
    for code in sorted(per):
        d = per[code]
        if d.get("distance_m") is not None and d.get("point_lat") is not None:
            out.append(((d["seat_lat"], d["seat_lon"]), (d["point_lat"], d["point_lon"]),
                        float(d["distance_m"])))
    return out


def map_html(analysis, store, split, number: int | None = None, *, slide: bool = False,
             band: bool = True) -> str:
    """The map figure of the area, its origin(s) and seats (:func:`viabilidade.geo.study_map.candidate_map`),
    as an embedded SVG with figure number, caption, alt text and source; ``""`` when the
    candidate's geometries cannot be built (``split`` is ``None``); a paragraph giving the
    reason (pt-BR) when the map cannot be drawn. ``slide=True`` draws a smaller, wider frame (larger
    text once scaled to the slide) and no figure number (a deck has no numbered figures).
    ``band=False`` draws neither the 6 km band of art. 4 II nor the measured distance (the
    map attached to an ofício asks for that distance and must not anticipate it).

    An area of districts (no polygon) is drawn as its approximate territory, said in the
    caption not to be a legal limit.
    """
    if split is None:
        return ""
    from ..profile.analysis import origin_vilas
    from ..errors import GeoError
    from ..geo.study_map import candidate_map, origin_perimeters
    from ..rules.result import Status
    from ..operations import study_name
    from .charts import Chart, figure_svg

    c = analysis.candidate
    name = study_name(c)
    approximate = split.area is None and bool(c.districts)
    from ..geo.tracts import districts_have_tracts

    by_tracts = approximate and districts_have_tracts(store, c.districts)
    tables = ("boundaries", "seats", "vilas") if approximate else ("boundaries", "seats")
    if by_tracts:
        tables += ("tracts",)
    # The band is drawn where art. 4 II judges the operation (a creation, not a transfer or a
    # fusion) and follows the rule: around the urban perimeter only when art. 4 II was
    # measured from it, else around the seat; under reading I-4 all-urban also around the
    # vilas of the origin's other districts.
    with_band = band and any(r.rule_id == "art4.II"
                             and Status(r.status) != Status.NOT_APPLICABLE
                             for r in analysis.results or [])
    gaps = measured_gaps(analysis) if with_band else []
    try:
        measured = getattr(getattr(analysis.profile, "territory", None), "gap_m", None) is not None
        perimeters = origin_perimeters(c, store) if measured and with_band else {}
        all_urban = getattr(getattr(analysis, "settings", None), "perimeter", "") == "all-urban"
        urban = origin_vilas(c, store) if all_urban and with_band and c.origins else {}
        source = map_source(analysis, tables, perimeter=bool(perimeters))
        figsize, cols = MAP_FORMATS["slide" if slide else "page"]
        # the source goes in the caption only (new-user review 10: printed twice, unreadable
        # inside the slide's image); the image keeps its projection line
        fig = candidate_map(c, store, split=split, perimeters=perimeters,
                            figsize=figsize, legend_cols=cols, urban_points=urban, band=with_band,
                            gaps=gaps)
    except GeoError as e:
        from .writers.tables import esc

        return f"<p>Mapa indisponível: {esc(str(e))}.</p>"
    names = {o: u.label for o, u in (getattr(analysis.profile, "origins", {}) or {}).items()}
    origin_words = "município de origem" if len(c.origins) == 1 else "municípios de origem"
    around = "do perímetro urbano de origem" if perimeters else "de cada sede de origem"
    if urban:
        around += " e das vilas dos demais distritos (leitura I-4: todas as áreas urbanas)"
    dest = f", município de destino ({_name(store, c.destination)})" if c.destination else ""
    if with_band:
        layers = (f", {origin_words}{dest} e sedes, com a faixa de 6 km em torno {around} "
                  "(art. 4º, II)" + ("; a linha é a distância medida para esse item"
                                    if gaps else ""))
    else:
        layers = f", {origin_words}{dest} e sedes" if c.origins else ", com as sedes municipais"
    if by_tracts:
        from ..geo.tracts import TRACT_LIMIT_LABEL

        caption = (f"Localização de {name}{layers}. A área aparece pelo {TRACT_LIMIT_LABEL} "
                   f"(os setores censitários de cada distrito reunidos). {source}")
    elif approximate:
        caption = (f"Localização de {name}{layers}. Sem polígonos de distritos nos dados, a "
                   "área aparece como território aproximado: a parte do município mais próxima "
                   "da sede de cada distrito da área do que das sedes dos demais distritos "
                   f"(células de Voronoi); não é limite legal. {source}")
    else:
        from ..operations import operation_of

        what = "Território" if operation_of(c).installed else "Território proposto"
        caption = f"{what} de {name}{layers}. {source}"
    origins = and_list(names.get(o, o) for o in c.origins)
    alt = (f"Mapa de {name}" + (f" em relação a {origins}" if origins else "")
           + ((", com o limite dos distritos da área segundo a malha de setores do IBGE 2022 "
               "hachurado e tracejado") if by_tracts else
              ", com o território aproximado da área hachurado e tracejado" if approximate else "")
           + (f", a faixa de 6 km em torno {around}" if with_band else "")
           + ", legenda, escala gráfica e seta do norte.")
    chart = Chart(svg=figure_svg(fig), caption=caption, alt=alt)
    if slide:
        return chart.html()
    return chart.html(number if number is not None else map_figure_number(analysis))


def _name(store, code: str) -> str:
    m = store.municipalities
    hit = m.loc[m["cod_ibge"] == code, "nome"]
    return str(hit.iloc[0]) if len(hit) else code


def area_memorial(analysis, split, store=None):
    """The memorial of the area (:func:`viabilidade.geo.memorial.memorial`), by confrontações
    when ``store`` gives the municipal mesh, or ``None`` without a polygon.

    The area's own whole municipalities (a fusion, a retrospective study) are not its
    neighbours; a district's sides border the rest of its municipality
    (:attr:`viabilidade.operations.Operation.stays_within`).
    """
    if split is None or split.area is None:
        return None
    from ..errors import GeoError
    from ..geo.memorial import memorial
    from ..operations import operation_of

    c = analysis.candidate
    mesh = getattr(store, "boundaries", None) if store is not None else None
    within = c.origins if operation_of(c).stays_within else ()
    op = operation_of(c)
    name = op.study_name(c)  # the heading: "Memorial descritivo do Município de X."
    if op.merges and store is not None:
        from .writers.format import and_list

        names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
        name = ("contorno externo dos atuais Municípios "
                + and_list([f"de {names.get(x, x)}" for x in op.origin_codes(c)]))
    elif op.code == "create-municipality":
        name = f"Município de {name}"
    try:  # a district's divisas: art. 18; a municipality's limits: art. 3º, II
        return memorial(split.area, name=name, boundaries=mesh,
                        ignore=tuple(c.municipalities), within=tuple(within),
                        article="art. 18" if within else "art. 5º" if op.receiving
                        else "art. 3º, II",
                        published_km2=_published_area(analysis),
                        districts=_origin_districts(store, within))
    except GeoError:
        return None


def _origin_districts(store, within):
    """The districts of a district's municipality as the memorial names them (``cod_distrito``,
    ``nome``, geometry): the union of their census tracts when the store has them
    (:func:`viabilidade.geo.tracts.district_polygons`); ``None`` otherwise (the committed
    store has no district limits: the memorial then names the rest of the municipality)."""
    if not within or store is None or getattr(store, "tracts", None) is None:
        return None
    from ..geo.tracts import covers, district_polygons

    if not covers(store, list(within)):
        return None
    polys = district_polygons(store, list(within))
    names = dict(zip(store.districts["cod_distrito"], store.districts["nome"]))
    return polys.assign(nome=[names.get(d, d) for d in polys["cod_distrito"]])


def _published_area(analysis) -> float | None:
    """The area the study uses when it is not the memorial's (N3; legal review 3, finding 4):
    ``None`` when the study measures the same polygon; else the published area in km² (the
    memorial marks its own as measured on the mesh and states the difference beside it,
    :func:`viabilidade.geo.memorial.measured_area_words`)."""
    from ..rules.result import Basis

    profile = getattr(analysis, "profile", None)
    area = getattr(getattr(profile, "area", None), "area_km2", None)
    if area is None or area.value is None or area.basis == Basis.MEASURED:
        return None
    return float(area.value)


#: Above the memorial of a fusion: the limits are the ones in force (N3).
FUSION_MEMORIAL_NOTE = ("Memorial informativo, traçado sobre os polígonos da Malha Municipal 2022 "
                        "do IBGE, e não um levantamento: na fusão, os limites do novo "
                        "Município são os atuais de {origins}, fixados nas leis vigentes.")


def memorial_html(analysis, split, store=None) -> str:
    """The memorial descritivo of the area (:func:`area_memorial`), or ``""``.

    A memorial summarised for length (:attr:`~viabilidade.geo.memorial.Memorial.summarised`)
    puts its full list of marks in ``analysis.annexes`` (the study writes it as a file).
    """
    m = area_memorial(analysis, split, store)
    if m is None:
        return ""
    from .writers.tables import esc

    if m.summarised:  # the text refers to the annex: the study writes it beside its files
        from ..geo.memorial import ANNEX_FILE, annex_csv

        analysis.annexes[ANNEX_FILE] = annex_csv(m)
    paras = "".join(f"<p>{esc(p)}</p>" for p in m.text.split("\n\n"))
    from ..operations import operation_of

    if operation_of(analysis.candidate).merges and store is not None:
        names = [_name(store, code) for code in analysis.candidate.municipalities]
        note = FUSION_MEMORIAL_NOTE.format(origins=and_list(names))
        return (f'<div class="memorial"><h3>Memorial descritivo (informativo)</h3>'
                f'<p class="premissa">{esc(note)}</p>{paras}</div>')
    return f'<div class="memorial"><h3>Memorial descritivo</h3>{paras}</div>'


def load_study(candidate_path: str, *, data_root: str | None = None, settings: dict | None = None,
               study_date: str | None = None) -> Study:
    """Load the processed data and analyse one candidate.

    Parameters
    ----------
    candidate_path : str
        Candidate TOML file.
    data_root : str, optional
        Processed data folder; default :func:`viabilidade.data.store.load_store`'s.
    settings : dict, optional
        Settings overrides (keys of :class:`viabilidade.rules.settings.Settings`).
    study_date : str, optional
        ISO date of the study, printed on the cover; acts dated after it decide nothing
        (``Settings.study_date``). Default: the settings' ``study_date`` (the candidate's
        ``[settings]``), else today.

    Returns
    -------
    Study
    """
    from ..profile.analysis import analyse
    from ..data.store import load_store

    store = load_store(Path(data_root) if data_root else None)
    if study_date:
        settings = {**(settings or {}), "study_date": study_date}
    analysis = analyse(candidate_path, store=store, settings=settings_from(settings))
    date = analysis.settings.study_day()
    split = split_or_none(analysis, store)
    return Study(analysis=analysis, store=store, date=date, map_html=map_html(analysis, store, split),
                 memorial_html=memorial_html(analysis, split, store))


def chapter(study: Study, sid: str) -> str:
    """One rule-group chapter of the study (``sid`` in :data:`viabilidade.operations.CHAPTERS`):
    the rules of the group, the paragraph the operation puts at its head
    (:meth:`viabilidade.operations.Operation.chapter_note`) and, for the process chapter, the
    draft-law annex and the fiscal chapter, the material the operation declares beside them."""
    from ..operations import operation_of
    from . import economic, operation_chapters, process, sections
    from .writers.tables import esc

    a = study.analysis
    if sid == "sec-processo":
        return process.process_section(a, study.store)
    if sid == "sec-lei":
        return process.draft_law_section(a, study.store, memorial_html=study.memorial_html)
    if sid == "sec-fiscal":
        return process.fiscal_section(a)
    if sid == "sec-economico":
        return economic.economic_section(
            a, study.store, figure=map_figure_number(a) + (1 if study.map_html else 0),
            e=study.economy)
    if sid == "sec-transferencia":
        return operation_chapters.transfer_section(a, study.store)
    if sid == "sec-fiscal-transferencia":
        from .transfer_fiscal import transfer_fiscal_section

        return transfer_fiscal_section(a, study.store)
    if sid == "sec-correcao":
        return operation_chapters.correction_section(a, study.store)
    if sid == "sec-distrito":
        return sections.group(a, sid, extra=operation_chapters.district_material(a, study.store))
    note = operation_of(a.candidate).chapter_note(sid, a.candidate)
    return sections.group(a, sid, extra=f"<p>{esc(note)}</p>" if note else "")


def economy_record(study: Study) -> dict | None:
    """``resultados.json``'s ``economia`` (:func:`viabilidade.fiscal.economy.record`) for a
    study whose operation declares ``sec-economico``; ``None`` otherwise."""
    from ..fiscal.economy import record

    return None if study.economy is None else record(study.economy)


def chapters(study: Study) -> str:
    """The chapters the candidate's operation declares
    (:attr:`viabilidade.operations.Operation.chapters`), in its order, as one HTML string;
    a chapter without material is left out (``""``)."""
    from ..operations import operation_of

    op = operation_of(study.analysis.candidate)
    return "".join(chapter(study, sid) for sid in op.chapters)


def results_bundle(analysis, extra: dict | None = None) -> dict:
    """A display bundle carrying ``analysis.to_dict()`` (plus the keys of ``extra``, e.g.
    ``outras_regras``) as JSON under :data:`RESULTS_MIME`, and the study's annex files
    (``analysis.annexes``) under :data:`ANNEX_MIME` when there are any.

    Dates and other non-JSON values become text; the HTML export ignores this MIME type.
    """
    import json

    from .conclusion import analysis_short_conclusion
    from .findings import findings, simulation
    from .frame import study_bar_clause
    from .process_file import process_state
    from .writers.format import result_status_label

    found = findings(analysis)
    record = analysis.to_dict()
    # each rule's label as the study prints it, in its own result (the batch index shows it)
    record["results"] = [{**d, "label": result_status_label(r)}
                         for d, r in zip(record["results"], analysis.results)]
    payload = {**record, "conclusion": found.conclusion,
               "findings": [f.to_dict() for f in found.items],
               "conclusion_short": analysis_short_conclusion(analysis),
               "bar_clause": study_bar_clause(analysis),
               "fase": process_state(analysis.candidate, analysis.settings.study_day()).phase,
               # a study dated after today is a simulation (legal item 2); null otherwise
               "simulacao": simulation(analysis),
               **{k: v for k, v in (extra or {}).items() if v is not None}}
    bundle = {RESULTS_MIME: json.loads(json.dumps(payload, default=str))}
    if getattr(analysis, "annexes", None):
        bundle[ANNEX_MIME] = dict(analysis.annexes)
    return bundle
