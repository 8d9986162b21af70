"""The processed data store built: ``build_store`` (raw files → Parquet + manifest).

The tables, their columns and sort keys: :mod:`.store_tables`. Opening and checking a
store (:func:`load_store`, :class:`Store`) and the queries on it: :mod:`.store_open`,
re-exported here so that ``viabilidade.data.store.load_store`` stays where callers import
it.

Rebuilds are byte-identical: no timestamps, no library versions in the Parquet key-value
metadata (pandas metadata dropped, GeoParquet ``creator`` dropped), sorted rows.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import DataError
from ..os_errors import os_reason
from ..common.plausibility import boundaries_problem, electorate_problem
from .codes import Crosswalk
from .paths import default_root
from .provenance import RAW, derived, official, official_files, record, roles_read, sha256
from .store_open import (MANIFEST_MAX, TABLE_MAX, TABLES_TOTAL_MAX, VINTAGES, Store,
                         electors, electors_source, load_store, population,
                         state_tax_revenue)
from .store_tables import GEO_TABLES, OPTIONAL_FILES, OPTIONAL_TABLES, TABLES

__all__ = ["AREA_TOLERANCE", "GEO_TABLES", "MANIFEST_MAX", "OPTIONAL_FILES", "OPTIONAL_TABLES",
           "PROFILE_YEAR", "Store", "TABLES", "TABLES_TOTAL_MAX", "TABLE_MAX", "VINTAGES",
           "build_store", "electors", "electors_source", "load_store", "missing_raw_files",
           "population", "raw_links_outside", "state_tax_revenue"]

# The loaders (pandera schemas, openpyxl) are imported by build_store only, so that opening
# the store for a study stays light.


#: Largest relative gap allowed between a municipality's geodesic area on the mesh and its
#: Censo 2022 area (the 2022 mesh: at most 0,003 %).
AREA_TOLERANCE = 1e-4

#: Year of the TSE electorate profile the store reads (catalogue ``eleitorado-perfil``).
PROFILE_YEAR = 2026


def _same_codes(left: pd.Series, right: pd.Series, what: str, file: Path, column: str) -> None:
    a, b = set(left), set(right)
    if a != b:
        only_a, only_b = sorted(a - b)[:5], sorted(b - a)[:5]
        raise DataError(f"{what}: os códigos diferem; só no primeiro: {only_a}, só neste "
                        f"arquivo: {only_b}; esperados os mesmos códigos", file=file,
                        column=column)


def _check_electorate(mun: pd.DataFrame, electorate: pd.DataFrame, path: Path) -> None:
    """Refuse electors above 2,5 × the population (:func:`viabilidade.common.plausibility.electorate_problem`),
    naming the raw file and the row of the municipality's largest zone count."""
    found = electorate_problem(mun, electorate)
    if found is None:
        return
    from .tabular import ROW, read_text_csv

    _, cod_tse, message = found
    if path.name != Path(RAW["electorate"].path).name:  # the TSE's own file: no one row
        raise DataError(message, file=path, column="QT_APTOS")
    rows = read_text_csv(path, encoding="utf-8", sep=",",
                         required=["CD_MUNICIPIO", "eleitores_aptos"])
    rows = rows[rows["CD_MUNICIPIO"].str.strip().str.zfill(5) == cod_tse]
    counts = pd.to_numeric(rows["eleitores_aptos"], errors="coerce")
    row = int(rows[ROW].loc[counts.idxmax()]) if counts.notna().any() else None
    raise DataError(message, file=path, row=row, column="eleitores_aptos")


def _check_profile(mun: pd.DataFrame, profile: pd.DataFrame, path: Path) -> None:
    """The same plausibility bound on the electorate profile, naming the file's row."""
    found = electorate_problem(mun, profile.rename(columns={"eleitores": "eleitores_aptos"}))
    if found is None:
        return
    from .tabular import ROW, read_text_csv

    code, _, message = found
    if path.name != Path(RAW["profile"].path).name:  # the TSE's own file: no one row
        raise DataError(message, file=path, column="QT_ELEITORES_PERFIL")
    rows = read_text_csv(path, encoding="utf-8", sep=",", required=["cod_ibge"])
    hit = rows.loc[rows["cod_ibge"].str.strip() == code, ROW]
    raise DataError(message, file=path, row=int(hit.iloc[0]) if len(hit) else None,
                    column="total_eleitores")


def _fetch_hint(missing: list[str]) -> str:
    """Which of the missing raw files ``viabilidade data fetch`` makes (or makes the
    publisher's own file that replaces, :data:`.provenance.OFFICIAL_RAW`, named as fetch
    writes it), and what to do for the others."""
    from .catalogue import BY_KEY, CATALOGUE
    from .provenance import FETCHED_AS, OFFICIAL_RAW

    made = {ex.path for s in CATALOGUE for ex in s.extract} | {
        f"{s.folder}/{s.filename}" for s in CATALOGUE if s.filename} | {
        f"{s.ckan_folder}/" for s in CATALOGUE if s.ckan}
    instead = {RAW[role].path: f.path for role, f in OFFICIAL_RAW.items()
               if role in RAW and f.path in made}
    for role, key in FETCHED_AS.items():  # a dated name: as the catalogue shows it
        dated = f"{BY_KEY[key].folder}/{BY_KEY[key].shown_name}"
        made.add(dated)
        instead[RAW[role].path] = dated
    fetched = sorted({instead.get(f, f) for f in missing if f in made or f in instead})
    # The transcriptions of legal texts: manual sets of the catalogue that name their file.
    by_hand = {f: s.key for f in missing for s in CATALOGUE if s.manual and f in s.manual
               and f not in made}
    other = [f for f in missing if f not in made and f not in instead and f not in by_hand]
    out = ""
    if fetched:
        which = ("todos" if len(fetched) == len(missing) and len(fetched) > 1 else
                 f"{len(fetched)} {'deles' if len(fetched) > 1 else 'deste'}")
        out += f"; `viabilidade data fetch` baixa {which} ({', '.join(fetched)})"
    if other:
        one = len(other) == 1
        who = (("o outro" if one else f"os outros {len(other)}") if fetched else
               ("ele" if one else "eles"))
        out += (f"; {who} ({', '.join(other)}) {'não sai' if one else 'não saem'} de "
                "`viabilidade data fetch` com o nome e o formato que a reconstrução lê: "
                f"{'copie-o' if one else 'copie-os'} de uma pasta de dados brutos completa "
                "(viabilidade data fetch --from ../shared/data --raw PASTA)")
    if by_hand:
        one = len(by_hand) == 1
        out += (f"; {', '.join(by_hand)} {'é transcrição' if one else 'são transcrições'} de "
                f"textos legais, sem arquivo publicado (conjunto{'' if one else 's'} "
                f"{', '.join(dict.fromkeys(by_hand.values()))} do catálogo): "
                f"{'copie-o' if one else 'copie-os'} da pasta de dados compartilhada "
                "(../shared/data), com o mesmo caminho")
    return out


def missing_raw_files(raw: Path) -> None:
    """Refuse a raw folder that lacks any file the build reads, naming where it looked and
    every missing file at once (a wrong ``--raw`` lacks them all), and the sub-folder that
    holds them when there is one (``../shared`` given for ``../shared/data``).

    Raises
    ------
    DataError
        ``pasta de dados brutos ../shared (procurados em /abs/shared): faltam 19 arquivos
        …; a pasta ../shared/data tem esses arquivos: quis dizer --raw ../shared/data?``
    """
    # A role whose publisher's own file is there, or that such a file supersedes, needs
    # no copy (provenance.OFFICIAL_RAW, SUPERSEDED).
    # A role the build derives (provenance.DERIVED_RAW: the crosswalk from the TSE's own
    # file, the DL 1.881/1981 brackets from the rule) needs no copy either.
    paths = sorted({f.path for role, f in RAW.items()
                    if not official_files(raw, role) and roles_read(raw, [role])
                    and not derived(raw, role)})

    def lacking(folder: Path) -> list[str]:
        return [f for f in paths if not (folder / f).is_file()]

    odd = [f for f in paths if os.path.lexists(raw / f) and not (raw / f).is_file()]
    if odd:  # a FIFO or a folder under a file's name is there, not missing
        raise DataError(f"pasta de dados brutos {raw}: {', '.join(odd)} "
                        f"{'não é um arquivo comum' if len(odd) == 1 else 'não são arquivos comuns'}"
                        " (uma FIFO, um dispositivo ou uma pasta); esperado o arquivo como "
                        "publicado")
    missing = lacking(raw)
    if not missing:
        return
    folders = sorted({f.split("/", 1)[0] + "/" for f in missing})
    said = (f"faltam os {len(missing)} arquivos que a reconstrução lê (pastas "
            f"{', '.join(folders)})" if len(missing) == len(paths) else
            f"falta{'m' if len(missing) > 1 else ''} {len(missing)} de {len(paths)} arquivos: "
            + ", ".join(missing))
    # A folder with some of the files (or the publishers' own in their place) is one being
    # filled: say what data fetch brings; an empty or wrong one: where the files are.
    from .provenance import OFFICIAL_RAW

    filling = len(missing) < len(paths) or any(official_files(raw, r) for r in OFFICIAL_RAW)
    hint = _fetch_hint(missing) if filling else ""
    try:
        subs = sorted(d for d in raw.iterdir() if d.is_dir())
    except OSError:
        subs = []
    for sub in subs:
        if len(lacking(sub)) < len(missing):
            hint = (f"; a pasta {sub} tem esses arquivos: quis dizer --raw {sub}?")
            break
    raise DataError(f"pasta de dados brutos {raw} (procurados em {os.path.abspath(raw)}): "
                    f"{said}; esperada a pasta com census/, dtb/, electoral/, economy/, "
                    f"fiscal/, history/, revenue/ e geo/ (p. ex. ../shared/data){hint}")


def raw_links_outside(raw: Path) -> None:
    """Refuse a raw folder holding a symbolic link whose target lies outside it (every such
    link at once, the first :data:`~viabilidade.errors.PROBLEMS_SHOWN`): ``FPM.csv ->
    /etc/passwd`` was read and its first line quoted (issue 32, hostile trial 6, H6-11), as
    ``lote`` once read a candidates folder's link (:func:`viabilidade.batch.plan.link_problem`).
    The folder itself may be a link; links within it are followed; nothing is opened.

    Raises
    ------
    DataError
        ``pasta de dados brutos raw: fiscal/FPM.csv é um link simbólico para /etc/passwd,
        fora da pasta; …``
    """
    from ..errors import capped
    from ..os_errors import link_outside

    found = []
    for here, folders, files in os.walk(raw):  # links to folders are listed, not entered
        for name in sorted(folders) + sorted(files):
            if (real := link_outside(os.path.join(here, name), raw)) is not None:
                rel = os.path.relpath(os.path.join(here, name), raw)
                found.append(f"{rel} é um link simbólico para {real}, fora da pasta")
    if found:
        raise DataError(f"pasta de dados brutos {raw}: " + "; ".join(capped(sorted(found)))
                        + "; esperados os arquivos dentro da pasta (copie-os para lá em vez de "
                        "ligá-los): nenhum link foi seguido")


def _build_tables(raw: Path) -> dict[str, pd.DataFrame]:
    import geopandas as gpd

    from . import census, dtb, fiscal, revenue, sidra, tse
    from .localidades import coverage_problem, map_copy_problem, simplify_for_maps
    from .meshcache import read_localidades_cached

    p = {role: raw / f.path for role, f in RAW.items()}
    missing_raw_files(raw)  # first: a wrong --raw (../shared, whose data/ is a link) is told so
    raw_links_outside(raw)
    p["dictionary"] = official(raw, "dictionary") or p["dictionary"]  # the same layout
    agg_m = census.read_aggregates(p["agg_mun"], level="municipios", dictionary=p["dictionary"])
    p["pop_xlsx"] = official(raw, "pop_xlsx") or p["pop_xlsx"]  # the same layout either way
    first = census.read_population_xlsx(p["pop_xlsx"], uf="52")
    _same_codes(agg_m["cod_ibge"], first["cod_ibge"], "Censo 2022 first release vs revised",
                p["pop_xlsx"], "COD. MUNIC")
    mun = agg_m.merge(first[["cod_ibge", "pop_total"]], on="cod_ibge", validate="1:1")
    mun = mun.rename(columns={"pop_total": "populacao_1a_divulgacao"})

    agg_d = census.read_aggregates(p["agg_dist"], level="distritos")
    if own_dtb := official(raw, "dtb"):  # the IBGE's own report
        p["dtb"] = own_dtb
        dist_dtb = dtb.read_districts_official(p["dtb"])
    else:
        dist_dtb = dtb.read_districts(p["dtb"])
    _same_codes(agg_d["cod_distrito"], dist_dtb["cod_distrito"], "Censo 2022 districts vs DTB 2022",
                p["dtb"], "cod_distrito")
    dist = dist_dtb.merge(agg_d.drop(columns=["nome", "cod_ibge", "nome_municipio"]),
                          on="cod_distrito", validate="1:1")
    sums = dist.groupby("cod_ibge")["populacao"].sum()
    diff = mun.set_index("cod_ibge")["populacao"] - sums
    if (diff != 0).any():
        code = diff[diff != 0].index[0]
        raise DataError(f"as populações dos distritos de {code} somam {int(sums[code])}; "
                        "esperada a população do município, "
                        f"{int(mun.set_index('cod_ibge').loc[code, 'populacao'])}",
                        file=p["agg_dist"], column="v0001")

    own_profile = official(raw, "profile")  # the TSE's own file, read once for both uses
    profile_rows = None if own_profile is None else tse.read_tse_csv(own_profile,
                                                                     tse.PROFILE_COLUMNS)
    if derived(raw, "crosswalk"):  # from the TSE's own file and the Censo's names
        cw_table = tse.derive_crosswalk(own_profile, mun[["cod_ibge", "nome"]],
                                        names_file=p["agg_mun"], frame=profile_rows)
    else:
        cw_table = tse.read_crosswalk(p["crosswalk"])
    _same_codes(mun["cod_ibge"], cw_table["cod_ibge"], "Censo 2022 vs TSE crosswalk",
                p["crosswalk"], "codigo_ibge")
    # The publishers' own files when data fetch brought them (provenance.OFFICIAL_RAW),
    # else the third-party copies.
    if own_electorate := official(raw, "electorate"):
        p["electorate"] = own_electorate
        electorate = tse.read_detalhe_votacao_munzona(p["electorate"], Crosswalk(cw_table))
    else:
        electorate = tse.read_zone_municipality_2022(p["electorate"], Crosswalk(cw_table))
    _check_electorate(mun, electorate, p["electorate"])
    if own_profile:
        p["profile"] = own_profile
        profile, generated = tse.read_profile_official(p["profile"], Crosswalk(cw_table),
                                                       frame=profile_rows)
        profile.attrs["vintage"] = (f"perfil do eleitorado de {PROFILE_YEAR}, arquivo gerado "
                                    f"em {generated}")
    else:
        profile = tse.read_profile_municipalities(
            p["profile"], Crosswalk(cw_table), tse.read_profile_state_total(p["profile_total"]),
            total_file=p["profile_total"], names=dict(zip(mun["cod_ibge"], mun["nome"])))
    _check_profile(mun, profile, p["profile"])

    # The cheap tables first, so that a fault in them is refused before the mesh is read.
    if own_pib := official(raw, "pib"):  # the SIDRA API's own answer
        p["pib"] = own_pib
        pib = sidra.read_pib_api(p["pib"], mun[["cod_ibge"]])
    else:
        pib = sidra.read_pib(p["pib"], mun[["cod_ibge", "nome"]])
    state_rev = revenue.state_revenue_table(official(raw, "sefaz") or p["sefaz"],
                                            p["imb125"] if p["imb125"].is_file() else None)
    if not derived(raw, "fpm_faixas"):  # else the rule itself, provenance.DERIVED_RAW
        fiscal.check_brackets(p["fpm_faixas"])
    fpm = fiscal.read_tcu_fpm(p["fpm_tcu"])

    from .history import read_history

    history = read_history(p["history"], mun)

    # The mesh and what is derived from it come from the cache when the archive was read
    # before with the same code (meshcache); the checks against the Censo run every time.
    loc, cache = read_localidades_cached(p["boundaries"])
    _same_codes(mun["cod_ibge"], loc.seats["cod_ibge"], "Censo 2022 vs Localidades 2022 (sedes)",
                p["boundaries"], "CD_MUN")
    seat = loc.seats
    vilas = loc.vilas
    non_seat = dist.loc[~dist["sede"].astype(bool), "cod_distrito"]
    _same_codes(non_seat, vilas["cod_distrito"], "distritos não sede da DTB 2022 vs vilas de "
                "Localidades 2022", p["boundaries"], "CD_LOCALIDADE")

    bounds = loc.mesh
    outside = boundaries_problem(bounds)
    if outside:
        raise DataError(outside, file=p["boundaries"])
    _same_codes(mun["cod_ibge"], bounds["cod_ibge"], "Censo 2022 vs Malha Municipal 2022",
                p["boundaries"], "CD_MUN")
    # One spelling everywhere: the Censo 2022 name (the KML says "Bom Jesus" for Bom Jesus de Goiás).
    bounds = bounds.drop(columns=["nome"]).merge(mun[["cod_ibge", "nome"]], on="cod_ibge")
    bounds = gpd.GeoDataFrame(bounds, geometry="geometry", crs="EPSG:4674")
    measured = _check_areas(bounds, mun, p["boundaries"], cache)
    overlap = cache.value("coverage", lambda: coverage_problem(bounds))
    if overlap:
        raise DataError(overlap, file=p["boundaries"])
    maps = bounds.copy()
    maps["geometry"] = cache.geometries(
        "map", lambda: simplify_for_maps(bounds).geometry.to_numpy())
    unfaithful = cache.value("map_check", lambda: map_copy_problem(bounds, maps))
    if unfaithful:
        raise DataError(unfaithful, file=p["boundaries"])
    cache.keep()

    tables = _optional_tables(raw, mun, dict(zip(bounds["cod_ibge"], measured)))
    return {**tables, "municipalities": mun, "districts": dist, "electorate": electorate,
            "electorate_profile": profile,
            "crosswalk": cw_table, "seats": seat, "vilas": vilas, "state_revenue": state_rev,
            "pib": pib, "fpm_interior": fpm, "history": history, "boundaries": bounds,
            "boundaries_map": maps}


def _optional_tables(raw: Path, mun: pd.DataFrame, measured: dict[str, float]) -> dict:
    """The tables of :data:`OPTIONAL_FILES` whose raw file is in ``raw``: the Tesouro's FPM
    (monthly state series, one month's credits per municipality) and the IBGE's official
    areas beside the mesh's geodesic ones (``measured``, km² by code)."""
    from . import transfers
    from .provenance import OPTIONAL_RAW, official

    out = {}
    for name, (role, _) in OPTIONAL_FILES.items():
        own = official(raw, role)  # the publisher's own file, when data fetch brought it
        path = own or raw / OPTIONAL_RAW[role].path
        if not path.exists():
            continue
        if name == "fpm_monthly":
            out[name] = (transfers.read_fpm_monthly_official(path) if own
                         else transfers.read_fpm_monthly(path))
        elif name == "fpm_credits":
            out[name] = transfers.read_fpm_credits(
                path, mun, encoding=transfers.CREDITS_ENCODING if own else "utf-8")
            transfers.check_credits(out[name], mun, path)
        else:
            t = (transfers.read_official_areas_xlsx(path, mun) if own
                 else transfers.read_official_areas(path, mun))
            t["area_malha_km2"] = t["cod_ibge"].map(measured).astype(float)
            out[name] = t
    return out


def _check_areas(bounds, mun: pd.DataFrame, path: Path, cache=None) -> list[float]:
    """Refuse a mesh whose geodesic areas stray from the Censo 2022 areas by more than
    :data:`AREA_TOLERANCE` (a mesh of another year, or a wrong file). The measured areas
    are taken from ``cache`` (:class:`viabilidade.data.meshcache.MeshCache`) when given;
    returned in the order of ``bounds`` (km², GRS80)."""
    from ..common.geodesy import geodesic_area_km2
    from ..common.numbers import fmt as fmt_num

    def measure() -> list[float]:
        return [geodesic_area_km2(g) for g in bounds.geometry]

    areas = cache.value("areas_km2", measure) if cache is not None else measure()
    census = mun.set_index("cod_ibge")["area_km2"].astype(float)
    bad = []
    for code, measured in zip(bounds["cod_ibge"], areas):
        if abs(measured / census[code] - 1) > AREA_TOLERANCE:
            bad.append(f"{code} mede {fmt_num(measured)} km², o Censo 2022 dá "
                       f"{fmt_num(census[code])} km²")
    if bad:
        raise DataError(f"as áreas da malha não coincidem com as do Censo 2022: {'; '.join(bad[:5])}"
                        f"{' …' if len(bad) > 5 else ''}; esperada diferença de no máximo "
                        f"{fmt_num(AREA_TOLERANCE * 100)} % em cada município",
                        file=path, column="13. Referência")
    return list(areas)


def _arrow(df: pd.DataFrame, columns: tuple[str, ...], keys: tuple[str, ...]) -> pa.Table:
    df = df.sort_values(list(keys), kind="mergesort").reset_index(drop=True)[list(columns)]
    return pa.Table.from_pandas(df, preserve_index=False).replace_schema_metadata(None)


def _write_geoparquet(gdf, columns, keys, path: Path, level: int) -> None:
    gdf = gdf.sort_values(list(keys), kind="mergesort").reset_index(drop=True)[list(columns)]
    tmp = path.with_suffix(".tmp.parquet")
    gdf.to_parquet(tmp, index=False, write_covering_bbox=False)
    table = pq.read_table(tmp)
    tmp.unlink()
    geo = json.loads(table.schema.metadata[b"geo"])
    geo.pop("creator", None)
    meta = {b"geo": json.dumps(geo, sort_keys=True, separators=(",", ":")).encode()}
    # The geometry (WKB, one value a row) is written without a dictionary: a dictionary of
    # unique values saves nothing, and a dictionary-encoded column must be decoded once more
    # before it is read to bound it (store_open.parquet_figures: 0,5 s a study for the mesh).
    plain = [c for c in table.column_names if c != geo["primary_column"]]
    pq.write_table(table.replace_schema_metadata(meta), path, compression="zstd",
                   compression_level=level, use_dictionary=plain)


def build_store(raw: Path, out: Path | None = None) -> dict:
    """Build the processed store from the raw files as published, all or nothing.

    Every table and the manifest are written to a temporary folder beside ``out``, which
    then takes the place of ``out`` by renaming: a build that fails (bad raw file, full
    disk) leaves the previous store as it was, whole and loadable.

    Parameters
    ----------
    raw : Path
        Raw folder laid out as ``shared/data`` (``census/``, ``dtb/``, ``electoral/``,
        ``economy/``, ``revenue/``, ``geo/``); see :data:`viabilidade.data.provenance.RAW`.
    out : Path, optional
        Output folder; default :func:`viabilidade.data.paths.default_root` (the repository's
        ``data/processed``, or ``$VIABILIDADE_DATA``), wherever the command is run from —
        the folder studies read. An existing folder must be a store (have a
        ``manifest.json``) or be empty; in a store, every entry the build does not make
        (``<table>.parquet`` and ``manifest.json``) is kept as it is, sub-folders included.

    Returns
    -------
    dict
        The manifest written to ``out/manifest.json``: ``{"format": 1, "tables": {name:
        {"file", "rows", "columns", "sha256", "provenance": [records], "bytes"}}}``
        (``bytes``: the table file's size, compared by :func:`load_store` before it hashes).

    Raises
    ------
    DataError
        Any raw file missing or malformed (file, row, column), raw files that disagree
        (code sets; district populations not summing to their municipality), the output
        folder exists and is neither empty nor a store (nothing is read or written), or it
        cannot be written (the previous store is then unchanged).
    GeoError
        Boundary file unreadable.
    """
    raw = Path(raw)
    out = Path(os.path.abspath(out if out is not None else default_root()))
    if not raw.is_dir():  # a loop or a file named as such, as data fetch does (H6-10)
        from ..os_errors import loop_reason

        said = loop_reason(raw) or ("é um arquivo, não uma pasta" if raw.exists() else None)
        raise DataError(f"pasta de dados brutos {raw}{': ' + said if said else ' não encontrada'}"
                        "; esperada a pasta com census/, dtb/, electoral/, economy/, revenue/ e "
                        "geo/ (p. ex. ../shared/data)")
    if out.exists() and not out.is_dir():
        raise DataError(f"{out} é um arquivo; esperada a pasta do repositório processado")
    _check_is_a_store(out)
    tables = _build_tables(raw)
    from .tracts import read_tracts, tract_files, tract_roles

    found = tract_files(raw)
    layout = {name: (columns, keys, roles) for name, (columns, keys, roles) in TABLES.items()}
    for name, (role, rests_on) in OPTIONAL_FILES.items():
        if name in tables:
            layout[name] = (*OPTIONAL_TABLES[name], (role, *rests_on))
    if found is not None:
        tables["tracts"] = read_tracts(*found, districts=tables["districts"])
        layout["tracts"] = (*OPTIONAL_TABLES["tracts"], tract_roles(raw))
    manifest = {"format": 1, "tables": {}}
    from .provenance import dated_version

    vintage = {"profile": tables["electorate_profile"].attrs.get("vintage")}
    if own_dictionary := official(raw, "dictionary"):
        vintage["dictionary"] = dated_version(own_dictionary)
    for name, (columns, keys, roles) in layout.items():
        manifest["tables"][name] = {
            "file": f"{name}.parquet", "rows": int(len(tables[name])), "columns": list(columns),
            "sha256": None,
            "provenance": [record(raw, r, vintage.get(r)) for r in roles_read(raw, roles)]}
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        new = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.novo-"))
    except OSError as e:
        raise DataError(f"não foi possível criar a pasta temporária ao lado de {out}: "
                        f"{os_reason(e)}; o repositório anterior foi mantido") from None
    try:
        for name, (columns, keys, _roles) in layout.items():
            path = new / f"{name}.parquet"
            if name in GEO_TABLES:
                _write_geoparquet(tables[name], columns, keys, path, GEO_TABLES[name])
            else:
                pq.write_table(_arrow(tables[name], columns, keys), path, compression="zstd")
            manifest["tables"][name]["sha256"] = sha256(path)
            manifest["tables"][name]["bytes"] = path.stat().st_size
        text = json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
        (new / "manifest.json").write_text(text, encoding="utf-8")
        os.chmod(new, 0o755)  # mkdtemp makes 0700; the store is read by everyone
        _swap_in(new, out)
    except OSError as e:
        _discard(new)
        raise DataError(f"não foi possível gravar o repositório processado em {out}: "
                        f"{os_reason(e)}; nada foi alterado, o repositório anterior foi "
                        "mantido") from None
    except BaseException:
        _discard(new)
        raise
    return manifest


def _own_entries() -> set[str]:
    """The entries of a store folder that a build makes (and so may replace or remove)."""
    return ({f"{name}.parquet" for name in (*TABLES, *OPTIONAL_TABLES)}
            | {"manifest.json"})


def _check_is_a_store(out: Path) -> None:
    """Refuse an existing, non-empty ``out`` that is not a processed store (no manifest.json).

    A build replaces only its own files (:func:`_own_entries`), but pointed at the raw
    folder or a project checkout it must not even start: the user meant another folder.
    """
    if not out.is_dir() or out.is_symlink():
        if out.is_symlink():
            raise DataError(f"--saida {out}: é um link simbólico; esperada a pasta do "
                            "repositório processado (ou uma pasta nova), não um link")
        return
    try:
        entries = sorted(p.name for p in out.iterdir())
    except OSError as e:
        raise DataError(f"--saida {out}: não foi possível listar a pasta: {os_reason(e)}") from None
    if entries and "manifest.json" not in entries:
        shown = ", ".join(entries[:5]) + (", …" if len(entries) > 5 else "")
        raise DataError(f"--saida {out}: a pasta já existe e não é um repositório processado "
                        f"(não tem manifest.json; contém {shown}); nada foi alterado; esperada "
                        "a pasta de um repositório processado, uma pasta vazia ou um caminho "
                        "novo")


def _swap_in(new: Path, out: Path) -> None:
    """Put the folder ``new`` in the place of ``out`` by renaming (same parent folder).

    Every entry of the old ``out`` that a build does not make (a README, a sub-folder) is
    moved into the new folder by renaming, never copied or removed; the old folder is then
    emptied of the build's own files only and removed if nothing else is left in it.
    """
    if not out.exists():
        os.rename(new, out)
        return
    own = _own_entries()
    moved: list[str] = []
    try:
        for p in sorted(out.iterdir()):
            if p.name not in own:
                os.rename(p, new / p.name)
                moved.append(p.name)
    except OSError:
        for name in moved:  # give the old store back every entry already moved
            os.rename(new / name, out / name)
        raise
    old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.antigo-"))
    os.rmdir(old)
    os.rename(out, old)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old, out)  # put the previous store back
        for name in moved:
            os.rename(new / name, out / name)
        raise
    _discard(old)


def _discard(folder: Path) -> None:
    """Remove a build's own files from ``folder``, then the folder if nothing else is in it
    (best effort: anything the build did not make is never removed)."""
    own = _own_entries()
    try:
        for p in folder.iterdir():
            if (p.name in own or p.name.endswith(".tmp.parquet")) and not p.is_dir():
                p.unlink()
        folder.rmdir()
    except OSError:
        pass
