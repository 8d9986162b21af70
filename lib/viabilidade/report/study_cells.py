"""What the study notebook's first cell does: load the data, analyse the candidate, build the map.

Kept out of the notebook so the template stays a list of ``display(...)`` calls. Imports are
lean: geopandas is only imported (through :mod:`viabilidade.geo.maps`) when the map is drawn.
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


def settings_from(settings: dict | None, source: str | Path | None = None):
    """Settings overrides from a plain dict (as papermill injects them); ``None`` when empty.

    Raises
    ------
    SettingsError
        From :meth:`viabilidade.rules.settings.Settings.from_dict` on an unknown key or value.
    """
    if not settings:
        return None
    from ..rules import Settings

    return Settings.from_dict(settings, file=source or "parâmetros do estudo")


def map_html(analysis, store) -> str:
    """The map figure of the area and its origin(s), or ``""`` when no map can be drawn.

    Uses :func:`viabilidade.geo.maps.area_map` when that module exists and the store has
    boundaries; its :class:`GeoError` (no geometry for this area) leaves the map out.
    """
    try:
        from ..geo import maps
    except ImportError:
        return ""
    from ..errors import GeoError

    draw = getattr(maps, "area_map_html", None)
    if draw is None:
        return ""
    try:
        return draw(analysis.candidate, store, analysis.profile)
    except GeoError:
        return ""


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
    return Study(analysis=analysis, store=store, date=date, map_html=map_html(analysis, store))


def results_bundle(analysis) -> dict:
    """A display bundle carrying ``analysis.to_dict()`` as JSON under :data:`RESULTS_MIME`.

    Dates and other non-JSON values become text; the HTML export ignores this MIME type.
    """
    import json

    return {RESULTS_MIME: json.loads(json.dumps(analysis.to_dict(), default=str))}
