"""Exports for GIS: the area in use and every kept scenario, as GeoPackage, zipped Shapefile
and CSV (WKT), in SIRGAS 2000 (EPSG:4674), one feature per scenario.

Each feature carries what a study says of that area (one record, the same columns in the
three files; names of at most 10 letters, as a Shapefile's dBase table allows):

========== ==========================================================================
cenario    the scenario's label («cenário atual», or the name it was kept under)
nome       the proposed unit's name
cod_origem the origin municipalities' IBGE codes (7 digits, comma-joined)
origem     their names
populacao  the area's population, as the study counts it; ``pop_base`` its basis
eleitores  the area's electors, whole (an estimate for a drawn area: 1534,7 -> 1535);
           ``eleit_base`` its basis
area_km2   the area's area as the study gives it; ``area_base`` its basis
area_geod  the geodesic area (GRS80) of the polygon exported, km², to 0,01 (measured)
limites    where the polygon comes from: a polygon drawn on the map, the boundary file, the
           IBGE mesh, the census tracts, or the approximate district territory (not a legal
           limit)
conclusao  the study's conclusion (:func:`viabilidade.report.conclusion.analysis_short_conclusion`)
vedacao    what the constitution bars today (:func:`viabilidade.report.frame.study_bar_clause`:
           CF art. 18 § 4), empty where nothing is barred
sistema    ``SIRGAS 2000 (EPSG:4674)`` (a CSV has no other place for it)
========== ==========================================================================

Bases are the study's words: ``publicado``, ``estimado``, ``medido``, ``certificado``, or
``hipotético`` for a what-if figure. The polygon is :func:`viabilidade.explore.files.area_geometry`
(the same the GeoJSON and KML downloads and the comparison map draw). Written by GDAL through
pyogrio: ``GPKG``; ``ESRI Shapefile`` with a ``.cpg`` (UTF-8) and ``.prj``, zipped; ``CSV``
with ``GEOMETRY=AS_WKT`` (column ``WKT`` first, as QGIS's delimited-text reader expects).
"""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

from ...errors import ViabilidadeError

#: The CRS of every export.
CRS = "EPSG:4674"
SYSTEM = "SIRGAS 2000 (EPSG:4674)"
#: A Shapefile's text field holds at most 254 bytes.
DBF_TEXT_BYTES = 254
#: The label of the scenario on screen.
CURRENT = "cenário atual"
#: The columns, in order (the geometry last).
COLUMNS = ("cenario", "nome", "cod_origem", "origem", "populacao", "pop_base", "eleitores",
           "eleit_base", "area_km2", "area_base", "area_geod", "limites", "conclusao",
           "vedacao", "sistema")


def _basis(figure) -> str:
    from ...report.writers import format as fmt
    from ..scenario import is_hypothetical

    if figure is None or figure.value is None:
        return "sem dado"
    return ("hipotético" if is_hypothetical(figure)
            else fmt.basis_label(figure.basis, figure.value, None, figure.source))


def _value(figure):
    return None if figure is None else figure.value


def _people(figure):
    """A count of people, whole: an estimate (a drawn area's share of its districts) is not
    given to tenths of a person; its basis column says it is estimated."""
    value = _value(figure)
    return None if value is None else int(round(value))


#: ``limites`` of a polygon drawn on the explorer's map (its file is the explorer's own).
DRAWN_NOTE = "polígono desenhado no mapa"


def scenario_row(label: str, scenario, analysis, store, drawn: bool = False) -> dict:
    """One feature: the columns of :data:`COLUMNS` and ``geometry`` (shapely, EPSG:4674);
    ``drawn``: the area's limits are a polygon drawn on the map (:data:`DRAWN_NOTE`).

    Raises
    ------
    GeoError
        When the area has no polygon (:func:`viabilidade.explore.files.area_geometry`).
    """
    from ...geo.measure import geodesic_area_km2
    from ...geo.tracts import TRACT_LIMIT_LABEL
    from ...report.conclusion import analysis_short_conclusion
    from ...report.frame import study_bar_clause
    from ..files import APPROXIMATE_NOTE, EXACT_NOTES, area_geometry

    geom, source = area_geometry(analysis.candidate, store)
    names = dict(zip(store.municipalities["cod_ibge"], store.municipalities["nome"]))
    area = analysis.profile.area
    origins = list(analysis.candidate.origins)
    return {"cenario": label, "nome": str(scenario.name),
            "cod_origem": ", ".join(origins), "origem": ", ".join(str(names.get(o, o)) for o in origins),
            "populacao": _people(area.population), "pop_base": _basis(area.population),
            "eleitores": _people(area.electors), "eleit_base": _basis(area.electors),
            "area_km2": _value(area.area_km2), "area_base": _basis(area.area_km2),
            "area_geod": round(float(geodesic_area_km2(geom)), 2),
            "limites": (DRAWN_NOTE if drawn and source == "boundary" else
                        {"approximate": APPROXIMATE_NOTE, "tracts": TRACT_LIMIT_LABEL}.get(source)
                        or EXACT_NOTES[source]),
            "conclusao": analysis_short_conclusion(analysis),
            "vedacao": study_bar_clause(analysis) or "",
            "sistema": SYSTEM, "geometry": geom}


def scenarios_frame(rows: list[dict]):
    """The features as a GeoDataFrame in EPSG:4674 (columns :data:`COLUMNS`, then geometry).

    Raises
    ------
    ValueError
        With no feature (in Portuguese).
    """
    import geopandas as gpd
    import pandas as pd

    if not rows:
        raise ValueError("não há cenário válido para exportar; corrija o cenário atual ou guarde um")
    frame = pd.DataFrame([{k: r[k] for k in COLUMNS} for r in rows])
    return gpd.GeoDataFrame(frame, geometry=[r["geometry"] for r in rows], crs=CRS)


def geopackage(frame, layer: str = "cenarios") -> bytes:
    """The features as a GeoPackage (one layer, ``layer``)."""
    return _written(frame, "areas.gpkg", "GPKG", layer)


def shapefile_zip(frame, stem: str) -> bytes:
    """The features as a zipped Shapefile: ``<stem>.shp``, ``.shx``, ``.dbf``, ``.prj``,
    ``.cpg`` (UTF-8). A text longer than a dBase field holds (:data:`DBF_TEXT_BYTES`) is cut
    there and ends in «…» (the GeoPackage and the CSV keep it whole)."""
    import pyogrio

    cut = frame.copy()
    for col in COLUMNS:
        if cut[col].dtype == object:
            cut[col] = cut[col].map(_dbf_text)
    with tempfile.TemporaryDirectory(prefix="viabilidade-shp-") as tmp:
        path = Path(tmp) / f"{stem}.shp"
        pyogrio.write_dataframe(cut, path, driver="ESRI Shapefile", encoding="UTF-8")
        out = Path(tmp) / "out.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for f in sorted(Path(tmp).glob(f"{stem}.*")):
                z.write(f, f.name)
        return out.read_bytes()


def _dbf_text(value):
    if not isinstance(value, str) or len(value.encode("utf-8")) <= DBF_TEXT_BYTES:
        return value
    text = value.encode("utf-8")[: DBF_TEXT_BYTES - 3].decode("utf-8", "ignore")
    return text + "…"


def csv_wkt(frame) -> bytes:
    """The features as CSV (UTF-8, comma-separated), the geometry as WKT in the first column
    ``WKT`` (GDAL's ``GEOMETRY=AS_WKT``)."""
    return _written(frame, "areas.csv", "CSV", None, layer_options={"GEOMETRY": "AS_WKT"})


def _written(frame, filename: str, driver: str, layer: str | None, layer_options=None) -> bytes:
    import pyogrio

    with tempfile.TemporaryDirectory(prefix="viabilidade-exportar-") as tmp:
        path = Path(tmp) / filename
        pyogrio.write_dataframe(frame, path, driver=driver, layer=layer,
                                layer_options=layer_options or None)
        return path.read_bytes()


def export_files(stem: str, current, kept, store,
                 drawings=frozenset()) -> tuple[dict[str, bytes], list[str]]:
    """The three files of the scenario on screen and every kept one.

    Parameters
    ----------
    stem : str
        The files' name (the candidate's slug): ``<stem>-cenarios.gpkg``, ``.zip``, ``.csv``.
    current : (Scenario, Analysis or None)
        The scenario on screen (left out while invalid: its analysis is ``None``).
    kept : sequence of viabilidade.explore.compare.Kept
    store : viabilidade.data.store.Store
    drawings : collection of Path
        The files of the polygons drawn on the map: an area whose limits are one of them is
        exported with ``limites`` :data:`DRAWN_NOTE`.

    Returns
    -------
    (dict, list of str)
        File name -> bytes, and notes in Portuguese (a scenario left out, and why).

    Raises
    ------
    ValueError
        When no scenario can be exported (in Portuguese).
    """
    rows, notes = [], []
    wanted = ([(CURRENT, *current)] if current[1] is not None else []) + \
        [(k.label, k.scenario, k.analysis) for k in kept]
    if current[1] is None:
        notes.append("O cenário atual está inválido: ficou fora dos arquivos.")
    for label, scenario, analysis in wanted:
        try:
            rows.append(scenario_row(label, scenario, analysis, store,
                                     drawn=scenario.boundary in drawings))
        except ViabilidadeError as e:
            notes.append(f"«{label}» ficou fora: {e}")
    frame = scenarios_frame(rows)
    return ({f"{stem}-cenarios.gpkg": geopackage(frame),
             f"{stem}-cenarios-shp.zip": shapefile_zip(frame, f"{stem}-cenarios"),
             f"{stem}-cenarios.csv": csv_wkt(frame)}, notes)
