"""IBGE census tracts of the Censo 2022 (setores censitários), read when the user has them.

Two files, both optional, at the raw-folder paths the catalogue names
(:data:`viabilidade.data.catalogue.SETORES_MALHA`, :data:`~viabilidade.data.catalogue.SETORES_AGREGADOS`):

* the **Malha de Setores Censitários 2022** of Goiás (``GO_setores_CD2022.gpkg``, or the
  shapefile zip ``GO_setores_CD2022.zip`` under the same name with ``.zip``): one polygon per
  tract, SIRGAS 2000 (EPSG:4674), columns ``CD_SETOR`` (15 digits), ``SITUACAO``
  (``Urbana``/``Rural``), ``CD_SIT`` (situação detalhada: 1 área urbana de alta densidade de
  edificações de cidade ou vila, 2 de baixa densidade, 3 núcleo urbano, 5 povoado, 6 núcleo
  rural, 7 lugarejo, 8 área rural exclusive aglomerados, 9 massas de água), ``CD_DIST``
  (9 digits), ``CD_MUN`` (7 digits) and the names;
* the **Agregados por Setores Censitários — Básico** (``Agregados_por_setores_basico_BR``),
  the Goiás lines (``CD_UF`` = 52) as IBGE publishes them (ISO-8859-1, ``;``, decimal comma):
  ``CD_SETOR`` and ``v0001`` (pessoas), ``v0002`` (domicílios), ``v0007`` (domicílios
  particulares ocupados), the same variables as the municipal and district files
  (:data:`viabilidade.data.census.VARIABLES`).

:func:`read_tracts` joins them into the store's optional ``tracts`` table. No tract-level
electorate exists (the TSE publishes by municipality, zone and polling place), so electors
are never read here.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..common.text import quoted
from ..errors import DataError
from .tabular import ROW, known_limit, read_rows, require_columns, require_header, to_number

#: Columns of the processed ``tracts`` table (GeoParquet, EPSG:4674), sorted by cod_setor.
COLUMNS = ("cod_setor", "cod_distrito", "cod_ibge", "situacao", "cd_sit", "populacao",
           "domicilios", "domicilios_ocupados", "geometry")

#: ``SITUACAO`` of an urban tract; ``CD_SIT`` 1, 2 and 3 are its detailed codes.
URBAN = "Urbana"
URBAN_CODES = ("1", "2", "3")
#: The detailed situation codes the IBGE publishes for 2022.
SIT_CODES = ("1", "2", "3", "5", "6", "7", "8", "9")

#: Tract count variables read (lower-case, as the file writes them) -> table column.
_VARIABLES = {"v0001": "populacao", "v0002": "domicilios", "v0007": "domicilios_ocupados"}
#: Most records of the tract aggregates CSV read (:func:`read_tract_counts`): the 452.338
#: tracts of Brazil in the Censo 2022 (IBGE release of 21/3/2024) and about 10 %, so the
#: national file is read too; records of other UFs are passed over as they come (little
#: memory, about 16 µs each on a loaded machine). It was 1.000.000 (hostile trial 7: 16 s).
TRACT_ROWS_MAX = 500_000
#: Most Goiás records (``CD_UF`` = 52) kept: about three times the 12.650 tracts of Goiás in
#: the Censo 2022's collection (IBGE, as reported on 30/8/2022; the published mesh may differ
#: by some hundreds). Hostile trial 7 (issue 32): 1.000.000 Goiás records, within the row
#: bound above, took 12,5 s and 642 MB before they were refused.
TRACT_GOIAS_MAX = 40_000


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun if n == 1 else noun + 's'}"


def _problems(n: int) -> str:
    return _plural(n, "problema")


def tract_files(raw: Path) -> tuple[Path, Path] | None:
    """The tract mesh and aggregate files in a raw folder, or ``None`` when both are absent.

    The mesh is the GeoPackage of :data:`~viabilidade.data.catalogue.SETORES_MALHA`, or the
    shapefile zip of the same name with ``.zip``.

    Raises
    ------
    DataError
        Only one of the two is present (naming the one missing and where it goes).
    """
    from .catalogue import SETORES_AGREGADOS, SETORES_MALHA

    basic = Path(raw) / SETORES_AGREGADOS
    gpkg = Path(raw) / SETORES_MALHA
    mesh = next((p for p in (gpkg, gpkg.with_suffix(".zip")) if p.is_file()), None)
    if mesh is None and not basic.is_file():
        return None
    if mesh is None:
        raise DataError(f"os agregados por setores estão na pasta, mas falta a malha de setores "
                        f"{SETORES_MALHA} (ou {gpkg.with_suffix('.zip').name}); esperados os dois "
                        "arquivos dos setores censitários, ou nenhum", file=basic)
    if not basic.is_file():
        raise DataError(f"a malha de setores está na pasta, mas faltam os agregados por setores "
                        f"{SETORES_AGREGADOS}; esperados os dois arquivos dos setores "
                        "censitários, ou nenhum", file=mesh)
    return mesh, basic


def tract_roles(raw: Path) -> tuple[str, ...]:
    """Provenance roles (:func:`viabilidade.data.provenance.tract_raw`) of the tract files
    present in ``raw``: ``()`` without tracts."""
    found = tract_files(raw)
    if found is None:
        return ()
    return ("tracts_mesh" if found[0].suffix == ".gpkg" else "tracts_mesh_zip", "tracts_basic")


def read_tract_counts(path: Path) -> pd.DataFrame:
    """The basic aggregates per tract, as IBGE publishes them (Goiás lines).

    Parameters
    ----------
    path : Path
        ``CD2022_Agregados_por_setores_basico_GO.csv``: ISO-8859-1, ``;``, quoted fields,
        decimal comma, ``.`` for a missing code. Lines of other UFs (``CD_UF`` other than
        52) are ignored, so the national file is read as well.

    Returns
    -------
    pandas.DataFrame
        ``cod_setor`` (15-digit text), ``populacao`` (V0001, persons), ``domicilios``
        (V0002), ``domicilios_ocupados`` (V0007), Int64, and ``_row`` (file line).

    Raises
    ------
    DataError
        Encoding, a missing column, tract codes that are not 15 digits, repeated codes,
        counts that are not whole numbers — every bad line of the file at once, each named
        by line and column.
    """
    from .census import HEADER_COLUMNS_MAX
    from .download import Limit

    limit = known_limit(path.name) or Limit.ceiling(path.name)
    header = require_header(path, encoding="latin-1", sep=";", required=["CD_SETOR"],
                            limit=limit, max_columns=HEADER_COLUMNS_MAX)
    named = {c.lower(): c for c in header if c.lower().startswith("v0")}
    require_columns(pd.DataFrame(columns=[*header, *named]), [*_VARIABLES], path, row=1)
    # Record by record, keeping Goiás's lines only: the national file (452.338 tracts, IBGE,
    # 21/3/2024) parsed whole by pandas would take every field of every UF in memory.
    df = read_rows(path, encoding="latin-1", sep=";",
                   required=["CD_SETOR", *(named[v] for v in _VARIABLES)], limit=limit,
                   max_rows=TRACT_ROWS_MAX,
                   rows_why="os 452.338 setores do Brasil no Censo 2022 e cerca de 10 %",
                   keep={"CD_UF": "52"} if "CD_UF" in header else None,
                   max_kept=TRACT_GOIAS_MAX,
                   kept_why="cerca de três vezes os 12.650 setores de Goiás no Censo 2022")
    df = df.rename(columns={named[v]: v for v in _VARIABLES})
    for column in ("CD_SETOR", *_VARIABLES):  # IBGE writes "." for a missing value
        df[column] = df[column].where(df[column] != ".", None)
    problems = []
    codes = df["CD_SETOR"].fillna("").str.strip()
    for n, c in zip(df[ROW], codes):
        if not (len(c) == 15 and c.isascii() and c.isdigit() and c.startswith("52")):
            problems.append(f"linha {n}, coluna CD_SETOR: encontrado {quoted(c)}; esperado um código "
                            "de setor de Goiás com 15 algarismos (52…)")
    dup = codes[codes.duplicated(keep=False)]
    for n, c in zip(df.loc[dup.index, ROW], dup):
        problems.append(f"linha {n}, coluna CD_SETOR: o setor {c} aparece mais de uma vez; "
                        "esperada uma linha por setor")
    out = pd.DataFrame({"cod_setor": codes, ROW: df[ROW]})
    for var, name in _VARIABLES.items():
        s = df[var].astype("string").str.strip()
        num = pd.to_numeric(s, errors="coerce")
        bad = num.isna() | (num != num.round()) | (num < 0)
        for n, v in zip(df.loc[bad, ROW], df.loc[bad, var]):
            problems.append(f"linha {n}, coluna {var}: encontrado {quoted(v)}; esperado um número "
                            "inteiro maior ou igual a zero")
        if not bad.any():
            out[name] = to_number(df, var, path, integer=True)
    if problems:
        shown = "; ".join(problems[:20]) + (f"; e mais {len(problems) - 20}"
                                            if len(problems) > 20 else "")
        raise DataError(f"{_problems(len(problems))}: {shown}", file=path)
    if out.empty:
        raise DataError("nenhuma linha de Goiás (CD_UF = 52); esperadas as linhas dos setores "
                        "de Goiás do arquivo básico dos Agregados por Setores Censitários",
                        file=path)
    return out.reset_index(drop=True)


def read_tract_mesh(path: Path):
    """The tract polygons of the Malha de Setores Censitários 2022 (GeoPackage or zipped
    Shapefile).

    Returns
    -------
    geopandas.GeoDataFrame
        ``cod_setor``, ``cod_distrito``, ``cod_ibge``, ``situacao`` (``Urbana``/``Rural``),
        ``cd_sit`` (text ``"1"``..``"9"``), ``geometry`` (EPSG:4674, made valid); Goiás
        tracts only.

    Raises
    ------
    DataError
        Unreadable file, no CRS, a missing column, codes that disagree with each other
        (a tract whose code does not start with its district's, a district whose code does
        not start with its municipality's), unknown situations — every problem at once.
    """
    import geopandas as gpd
    import shapely

    try:
        mesh = gpd.read_file(path)
    except Exception as exc:  # noqa: BLE001 — pyogrio raises several kinds
        raise DataError(f"não foi possível ler a malha de setores ({type(exc).__name__}: "
                        f"{exc}); esperado o GeoPackage ou o shapefile zipado do IBGE",
                        file=path) from None
    if "CD_SIT" not in mesh.columns and "CD_SITUACAO" in mesh.columns:
        mesh = mesh.rename(columns={"CD_SITUACAO": "CD_SIT"})
    missing = [c for c in ("CD_SETOR", "SITUACAO", "CD_SIT", "CD_DIST", "CD_MUN")
               if c not in mesh.columns]
    if missing:
        raise DataError(f"faltam as colunas {missing}; encontradas "
                        f"{[c for c in mesh.columns if c != 'geometry']}; esperada a malha de "
                        "setores do Censo 2022 como o IBGE a publica", file=path)
    if mesh.crs is None:
        raise DataError("a malha de setores não declara o sistema de coordenadas; esperado "
                        "SIRGAS 2000 (EPSG:4674)", file=path)
    mesh = mesh.to_crs("EPSG:4674")
    text = {c: mesh[c].astype(str).str.strip() for c in ("CD_SETOR", "SITUACAO", "CD_DIST",
                                                        "CD_MUN")}
    sit = mesh["CD_SIT"].astype(str).str.strip().str.replace(r"\.0$", "", regex=True)
    keep = text["CD_SETOR"].str.startswith("52")
    problems = []
    for i in keep[keep].index:
        s, d, m = text["CD_SETOR"][i], text["CD_DIST"][i], text["CD_MUN"][i]
        where = f"feição {i + 1}, setor {s}"
        if not (len(s) == 15 and s.isascii() and s.isdigit()):
            problems.append(f"{where}: CD_SETOR com {len(s)} caracteres; esperados 15 algarismos")
        if not (len(d) == 9 and s.startswith(d) and d.startswith(m) and len(m) == 7):
            problems.append(f"{where}: CD_DIST {quoted(d)} e CD_MUN {quoted(m)} não prefixam o código do "
                            "setor; esperados o distrito (9 algarismos) e o município (7) do setor")
        if text["SITUACAO"][i] not in (URBAN, "Rural") or sit[i] not in SIT_CODES:
            problems.append(f"{where}: SITUACAO {quoted(text['SITUACAO'][i])}, CD_SIT {quoted(sit[i])}; "
                            f"esperados 'Urbana' ou 'Rural' e um de {', '.join(SIT_CODES)}")
        elif (text["SITUACAO"][i] == URBAN) != (sit[i] in URBAN_CODES):
            problems.append(f"{where}: SITUACAO {quoted(text['SITUACAO'][i])} com CD_SIT {quoted(sit[i])}; "
                            "esperados CD_SIT 1, 2 ou 3 nos setores urbanos e 5 a 9 nos rurais")
    if problems:
        shown = "; ".join(problems[:20]) + (f"; e mais {len(problems) - 20}"
                                            if len(problems) > 20 else "")
        raise DataError(f"{_problems(len(problems))}: {shown}", file=path)
    out = gpd.GeoDataFrame({
        "cod_setor": text["CD_SETOR"][keep], "cod_distrito": text["CD_DIST"][keep],
        "cod_ibge": text["CD_MUN"][keep], "situacao": text["SITUACAO"][keep],
        "cd_sit": sit[keep]}, geometry=shapely.make_valid(mesh.geometry[keep].to_numpy()),
        crs="EPSG:4674")
    return out.reset_index(drop=True)


def read_tracts(mesh_path: Path, counts_path: Path, districts: pd.DataFrame | None = None):
    """Tract polygons with their Censo 2022 counts: the store's ``tracts`` table.

    Parameters
    ----------
    mesh_path, counts_path : Path
        From :func:`tract_files`.
    districts : pandas.DataFrame, optional
        The store's ``districts`` (cod_distrito, populacao, domicilios_ocupados): each
        district whose tracts are all present must sum to its published counts.

    Returns
    -------
    geopandas.GeoDataFrame
        :data:`COLUMNS`, sorted by ``cod_setor``.

    Raises
    ------
    DataError
        From the readers; tracts of the mesh without counts or counts without a tract (both
        lists at once); a district code unknown to the DTB 2022; a district whose tracts'
        population differs from the district's published population.
    """
    mesh = read_tract_mesh(mesh_path)
    counts = read_tract_counts(counts_path)
    only_mesh = sorted(set(mesh["cod_setor"]) - set(counts["cod_setor"]))
    only_counts = sorted(set(counts["cod_setor"]) - set(mesh["cod_setor"]))
    if only_mesh or only_counts:
        raise DataError(f"a malha ({mesh_path.name}) e os agregados ({counts_path.name}) não têm "
                        f"os mesmos setores: só na malha {len(only_mesh)} ({only_mesh[:5]}), só "
                        f"nos agregados {len(only_counts)} ({only_counts[:5]}); esperados os "
                        "mesmos setores nos dois arquivos, da mesma divulgação do Censo 2022",
                        file=counts_path, column="CD_SETOR")
    out = mesh.merge(counts.drop(columns=[ROW]), on="cod_setor", validate="1:1")
    if districts is not None:
        d = districts.set_index("cod_distrito")
        unknown = sorted(set(out["cod_distrito"]) - set(d.index))
        if unknown:
            raise DataError(f"setores de distritos que não estão na DTB 2022: {unknown[:5]}; "
                            "esperados os distritos de Goiás da DTB 2022", file=mesh_path,
                            column="CD_DIST")
        sums = out.groupby("cod_distrito")["populacao"].sum()
        wrong = [f"{c} ({d.at[c, 'nome']}): {int(v)} nos setores, {int(d.at[c, 'populacao'])} "
                 "publicados" for c, v in sums.items() if int(v) != int(d.at[c, "populacao"])]
        if wrong:
            raise DataError("a população dos setores não soma a do distrito em "
                            f"{_plural(len(wrong), 'distrito')}: {'; '.join(wrong[:10])}; esperados "
                            "todos os setores de cada distrito, da mesma divulgação dos "
                            "agregados por distritos", file=counts_path, column="v0001")
    for c in ("populacao", "domicilios", "domicilios_ocupados"):
        out[c] = out[c].astype("int64")
    return out.sort_values("cod_setor", kind="mergesort").reset_index(drop=True)[list(COLUMNS)]
