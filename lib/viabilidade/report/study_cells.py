"""What the study notebook's first cell does: load the data, analyse the candidate, build the map.

Kept out of the notebook so the template stays a list of ``display(...)`` calls. The map and
the memorial descritivo are drawn only when the area has a polygon (whole municipalities or a
boundary file); an area made of IBGE districts has none, and the study says so.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import process, sections  # noqa: F401  (re-exported for the notebook)

#: MIME type of the machine-readable results output (read by :mod:`.study`, not shown in HTML).
RESULTS_MIME = "application/vnd.viabilidade.resultados+json"


@dataclass
class Study:
    """The inputs of every section: the analysis, the data store, the study date, the map."""

    analysis: Any
    store: Any
    date: dt.date
    map_html: str = ""
    memorial_html: str = ""


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


def _split(analysis, store):
    """The candidate's geometries, or ``None`` when the area has no polygon (GeoError)."""
    from ..errors import GeoError
    from ..geo.territory import split_territory

    try:
        split = split_territory(analysis.candidate, store.boundaries)
    except GeoError:
        return None
    return split if split.area is not None else None


#: Processed tables a map is drawn from, with how the caption names them.
MAP_TABLES = {"boundaries": "malha municipal", "seats": "sedes municipais"}


def map_source(analysis) -> str:
    """``"Fonte: IBGE, malha municipal (…) e sedes municipais (…); SIRGAS 2000."`` — the map's
    data with the reference dates of the tables it was drawn from (analysis provenance)."""
    from .format import dates_in_text

    parts = []
    for table, label in MAP_TABLES.items():
        refs = []
        for p in analysis.provenance or []:
            if p.get("table") == table and p.get("vintage") and p.get("vintage") not in refs:
                refs.append(p["vintage"])
        ref = f" ({dates_in_text('; '.join(refs))})" if refs else ""
        parts.append(label + ref)
    return "Fonte: IBGE, " + " e ".join(parts) + "; SIRGAS 2000. Elaboração do estudo."


def map_html(analysis, store, split) -> str:
    """The map figure of the area, its origin(s) and seats (:func:`viabilidade.geo.maps.territory_map`),
    as an embedded SVG with caption and alt text; ``""`` without geometry."""
    if split is None:
        return ""
    from ..geo.facts import seat_of
    from ..geo.maps import territory_map
    from .charts import Chart, figure_svg

    c = analysis.candidate
    seats = {o: seat_of(store.seats, o) for o in c.origins}
    names = {o: u.label for o, u in (getattr(analysis.profile, "origins", {}) or {}).items()}
    if c.seat:
        names["area"] = c.seat
    # The source is printed once, in the caption (with the data's reference dates).
    fig = territory_map(split, title=c.name, origin_seats={k: v for k, v in seats.items() if v},
                        area_seat=c.seat_point, names=names)
    origin_words = "município de origem" if len(c.origins) == 1 else "municípios de origem"
    caption = (f"Território proposto de {c.name}, {origin_words} e sedes, com a faixa de "
               "6 km em torno de cada sede de origem (art. 4º, II). " + map_source(analysis))
    alt = (f"Mapa do território proposto de {c.name} em relação a "
           + ", ".join(names.get(o, o) for o in c.origins) + ", com escala gráfica e norte.")
    return Chart(svg=figure_svg(fig), caption=caption, alt=alt).html(2)


def memorial_html(analysis, split) -> str:
    """The memorial descritivo of the area (:func:`viabilidade.geo.memorial.memorial`), or ``""``."""
    if split is None:
        return ""
    from ..errors import GeoError
    from ..geo.memorial import memorial
    from .tables import esc

    try:
        m = memorial(split.area, name=analysis.candidate.name)
    except GeoError:
        return ""
    paras = "".join(f"<p>{esc(p)}</p>" for p in m.text.split("\n\n"))
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
        ISO date printed on the cover; default today.

    Returns
    -------
    Study
    """
    from ..analysis import analyse
    from ..data.store import load_store

    store = load_store(Path(data_root) if data_root else None)
    analysis = analyse(candidate_path, store=store, settings=settings_from(settings))
    date = dt.date.fromisoformat(study_date) if study_date else dt.date.today()
    split = _split(analysis, store)
    return Study(analysis=analysis, store=store, date=date, map_html=map_html(analysis, store, split),
                 memorial_html=memorial_html(analysis, split))


def results_bundle(analysis) -> dict:
    """A display bundle carrying ``analysis.to_dict()`` as JSON under :data:`RESULTS_MIME`.

    Dates and other non-JSON values become text; the HTML export ignores this MIME type.
    """
    import json

    return {RESULTS_MIME: json.loads(json.dumps(analysis.to_dict(), default=str))}
