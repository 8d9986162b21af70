"""TSE (Tribunal Superior Eleitoral) loaders: eligible voters and the TSE↔IBGE crosswalk.

TSE open-data CSVs (``cdn.tse.jus.br/estatistica/sead/odsele/...``) are ISO-8859-1, ``;``,
every field quoted, with ``#NULO#`` / ``#NE#`` for missing values; municipalities carry the
5-digit TSE code (``CD_MUNICIPIO``), never the IBGE code, so every table is joined to IBGE
through :mod:`viabilidade.data.codes`.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa
from pandera.errors import SchemaError

from ..common.text import quoted
from ..errors import DataError
from .codes import Crosswalk, ibge_code, tse_code
from .tabular import ROW, read_text_csv, require_unique, to_number, validate

#: Literal missing-value markers of TSE files.
TSE_MISSING = ("#NULO#", "#NULO", "#NE#", "#NE")

CROSSWALK_SCHEMA = pa.DataFrameSchema({
    "cod_tse": pa.Column(str, pa.Check.str_matches(r"^[0-9]{5}$"), unique=True),
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$"), unique=True),
    "nome_tse": pa.Column(str, pa.Check.str_length(min_value=1)),
    ROW: pa.Column(int),
}, strict=True)

ELECTORATE_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$"), unique=True),
    "cod_tse": pa.Column(str, pa.Check.str_matches(r"^[0-9]{5}$"), unique=True),
    "nome_tse": pa.Column(str),
    "eleitores_aptos": pa.Column("Int64", pa.Check.ge(0)),
    "zonas": pa.Column(str, pa.Check.str_matches(r"^[0-9]+(\|[0-9]+)*$")),
}, strict=True)


def read_crosswalk(path: Path, *, uf: str | None = "GO") -> pd.DataFrame:
    """TSE↔IBGE municipality crosswalk (``municipios_brasileiros_tse.csv`` layout).

    Parameters
    ----------
    path : Path
        UTF-8 ``,`` CSV with ``codigo_tse, uf, nome_municipio, codigo_ibge``.
    uf : str or None
        Keep one UF (abbreviation), default ``"GO"``.

    Returns
    -------
    pandas.DataFrame
        ``cod_tse`` (5-digit text), ``cod_ibge`` (7-digit text), ``nome_tse`` (TSE upper case),
        sorted by ``cod_tse``. Goiás: 246 rows; Goiânia 93734 ↔ 5208707.

    Raises
    ------
    DataError
        Missing column; a TSE code that lost its leading zeros or is an IBGE code; an IBGE
        code that is a TSE code; duplicated codes (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["codigo_tse", "uf", "nome_municipio", "codigo_ibge"])
    if uf is not None:
        df = df[df["uf"].str.strip() == uf]
    for n, t, i in zip(df[ROW], df["codigo_tse"], df["codigo_ibge"]):
        tse_code(t, file=path, row=int(n), column="codigo_tse")
        ibge_code(i, file=path, row=int(n), column="codigo_ibge")
    require_unique(df, "codigo_tse", path)
    require_unique(df, "codigo_ibge", path)
    out = pd.DataFrame({"cod_tse": df["codigo_tse"].str.strip(),
                        "cod_ibge": df["codigo_ibge"].str.strip(),
                        "nome_tse": df["nome_municipio"].str.strip(), ROW: df[ROW]})
    out = validate(out, CROSSWALK_SCHEMA, path)
    return out.sort_values("cod_tse").reset_index(drop=True)


def derive_crosswalk(path: Path, municipalities: pd.DataFrame, *, uf: str = "GO",
                     names_file: Path | None = None,
                     frame: pd.DataFrame | None = None) -> pd.DataFrame:
    """The TSE↔IBGE crosswalk derived from official files (issue 33 § 3 (c)), in place of a
    third-party copy of the TSE's register.

    Each TSE municipality (``CD_MUNICIPIO``, ``NM_MUNICIPIO`` of a TSE open-data file, here
    the ``perfil_eleitorado`` lines of the UF) is joined to the one IBGE municipality whose
    name has the same comparison key (:func:`viabilidade.common.text.name_key`: ASCII lower
    case, letters and digits only; the TSE writes names in upper case). Every name that
    matches none or more than one municipality, every TSE code with two names and every
    IBGE municipality left without a TSE code is listed and the whole is refused: a guess
    would put one municipality's electors in another. Goiás, December 2026: all 246 TSE
    names match one Censo 2022 name each (checked against the TSE register republished in
    2018, ``electoral/go_crosswalk_tse_ibge_municipios.csv``, which gives the same pairs).

    Parameters
    ----------
    path : Path
        A TSE CSV (:func:`read_tse_csv` layout) with ``SG_UF``, ``CD_MUNICIPIO``,
        ``NM_MUNICIPIO``.
    municipalities : DataFrame
        ``cod_ibge`` (7-digit text) and ``nome`` of the UF's municipalities (the Censo 2022
        aggregates, IBGE).
    names_file : Path, optional
        The file ``municipalities`` was read from, named in the messages.

    Returns
    -------
    pandas.DataFrame
        ``cod_tse``, ``cod_ibge``, ``nome_tse`` (the TSE's spelling), sorted by ``cod_tse``,
        as :func:`read_crosswalk`.

    Raises
    ------
    DataError
        Every problem above at once, one per line (file, column).
    """
    from ..common.text import name_key

    df = frame if frame is not None else read_tse_csv(path, ["SG_UF", "CD_MUNICIPIO",
                                                             "NM_MUNICIPIO"])
    df = df[df["SG_UF"].str.strip() == uf]
    names: dict[str, set[str]] = {}
    for n, code, name in zip(df[ROW], df["CD_MUNICIPIO"], df["NM_MUNICIPIO"]):
        names.setdefault(tse_code(code, file=path, row=int(n), column="CD_MUNICIPIO"),
                         set()).add(str(name).strip())
    by_key: dict[str, list[str]] = {}
    for code, name in zip(municipalities["cod_ibge"], municipalities["nome"]):
        by_key.setdefault(name_key(str(name)), []).append(str(code))
    where = f" do arquivo {names_file.name}" if names_file is not None else ""
    problems, rows = [], []
    for code, spelled in sorted(names.items()):
        if len(spelled) > 1:
            problems.append(f"o código TSE {code} tem {len(spelled)} nomes "
                            f"({', '.join(sorted(spelled))}); esperado um nome por código")
            continue
        (name,) = spelled
        hits = by_key.get(name_key(name), [])
        if len(hits) != 1:
            problems.append(
                f"{name} (código TSE {code}): " + (
                    f"nenhum município{where} tem esse nome" if not hits else
                    f"{len(hits)} municípios{where} têm esse nome ({', '.join(hits)})")
                + "; esperado exatamente um município do IBGE com o mesmo nome")
            continue
        rows.append({"cod_tse": code, "cod_ibge": hits[0], "nome_tse": name})
    taken: dict[str, list[str]] = {}
    for r in rows:
        taken.setdefault(r["cod_ibge"], []).append(r["cod_tse"])
    for ibge, codes in sorted(taken.items()):
        if len(codes) > 1:
            problems.append(f"o município {ibge} recebe {len(codes)} códigos TSE "
                            f"({', '.join(codes)}); esperado um só")
    left = sorted(set(map(str, municipalities["cod_ibge"])) - set(taken))
    if left:
        problems.append(f"{len(left)} {'município' if len(left) == 1 else 'municípios'}"
                        f"{where} sem código TSE no arquivo "
                        f"({', '.join(left[:10])}{', …' if len(left) > 10 else ''}); "
                        "esperados todos os municípios da UF")
    if problems:
        from ..errors import capped

        raise DataError("a correspondência TSE–IBGE não pôde ser derivada dos nomes:\n"
                        + "\n".join(capped(problems)), file=path, column="NM_MUNICIPIO")
    out = pd.DataFrame(rows, columns=["cod_tse", "cod_ibge", "nome_tse"])
    out[ROW] = range(2, len(out) + 2)
    out = validate(out, CROSSWALK_SCHEMA, path)
    return out.sort_values("cod_tse").reset_index(drop=True)


#: Most bytes of ``detalhe_votacao_munzona_2022_GO.csv`` read: 16 MiB. Estimated, not
#: measured (the national zip was not downloaded here): one line per round, municipality,
#: zone and office, about 1.800 lines of about 600 bytes (≈ 1 MB) for Goiás; a 216 MB file
#: took 40 s and 1,76 GB before this bound.
DETALHE_MAX = 16 * 1024 * 1024


def read_tse_csv(path: Path, required: list[str], limit=None) -> pd.DataFrame:
    """A TSE open-data CSV as published: ISO-8859-1, ``;``, quoted, ``#NULO#`` missing.

    Parameters
    ----------
    path : Path
    required : list of str
        Columns that must be present (checked on the header before the file is read).
    limit : viabilidade.data.download.Limit, optional
        Most bytes read; default the recorded size of a copy of that name plus the margin,
        else the ceiling of a ``.csv`` (:func:`tabular.read_raw_bytes`).

    Returns
    -------
    pandas.DataFrame
        All columns as text plus ``_row`` (file line); ``#NULO#``/``#NE#`` are missing.

    Raises
    ------
    DataError
        Wrong encoding (a UTF-8 re-save), missing column, over ``limit``.
    """
    return read_text_csv(path, encoding="latin-1", sep=";", na_values=TSE_MISSING,
                         required=required, limit=limit)


def _by_municipality(df: pd.DataFrame, path: Path, crosswalk: Crosswalk, *, code: str,
                     name: str, zone: str, count: str) -> pd.DataFrame:
    """Sum ``count`` by TSE municipality, join to IBGE, list the zones."""
    codes = [tse_code(v, file=path, row=int(n), column=code) for n, v in zip(df[ROW], df[code])]
    df = df.assign(_tse=codes)
    df["_n"] = to_number(df, count, path, integer=True)
    missing = df["_n"].isna()
    if missing.any():
        n = int(df.loc[missing, ROW].iloc[0])
        raise DataError("valor ausente; esperada uma contagem de eleitores", file=path,
                        row=n, column=count)
    negative = df["_n"] < 0
    if negative.any():
        i = negative.to_numpy().nonzero()[0][0]
        raise DataError(f"encontrado {quoted(df[count].iloc[i])}; esperada uma contagem de eleitores >= 0",
                        file=path, row=int(df[ROW].iloc[i]), column=count)
    df["_ibge"] = [crosswalk.tse_to_ibge(t, file=path, row=int(n), column=code)
                   for n, t in zip(df[ROW], df["_tse"])]
    df["_zone"] = to_number(df, zone, path, integer=True)
    rows = []
    for (ibge, tse), g in df.groupby(["_ibge", "_tse"], sort=True):
        zones = sorted(int(z) for z in g["_zone"].dropna().unique())
        rows.append({"cod_ibge": ibge, "cod_tse": tse, "nome_tse": str(g[name].iloc[0]).strip(),
                     "eleitores_aptos": int(g["_n"].sum()),
                     "zonas": "|".join(str(z) for z in zones)})
    out = pd.DataFrame(rows, columns=["cod_ibge", "cod_tse", "nome_tse", "eleitores_aptos", "zonas"])
    out["eleitores_aptos"] = out["eleitores_aptos"].astype("Int64")
    try:
        return ELECTORATE_SCHEMA.validate(out)
    except SchemaError as exc:
        raise DataError(f"o eleitorado agregado não passou na verificação {exc.check}", file=path,
                        column=getattr(exc.schema, "name", None)) from exc


def read_zone_municipality_2022(path: Path, crosswalk: Crosswalk, *, uf: str = "GO"
                                ) -> pd.DataFrame:
    """Eligible voters of the 2022 general election by zone × municipality, per municipality.

    Parameters
    ----------
    path : Path
        CSV (UTF-8, ``,``) with ``SG_UF, NR_ZONA, CD_MUNICIPIO, NM_MUNICIPIO,
        eleitores_aptos`` — TSE section results aggregated by zone and municipality.
    crosswalk : Crosswalk
        TSE↔IBGE crosswalk.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, cod_tse, nome_tse, eleitores_aptos, zonas`` (zone numbers joined by
        ``|``), sorted by ``cod_ibge``. Goiás: 246 rows, Σ 4,870,621; Cocalzinho de Goiás
        (5205513) 15,904.

    Raises
    ------
    DataError
        Missing column, bad TSE code (lost zeros, IBGE code), code not in the crosswalk,
        non-numeric count (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["SG_UF", "NR_ZONA", "CD_MUNICIPIO", "NM_MUNICIPIO",
                                 "eleitores_aptos"])
    df = df[df["SG_UF"].str.strip() == uf]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="eleitores_aptos")


def read_perfil_eleitorado(path: Path, crosswalk: Crosswalk, *, uf: str = "GO") -> pd.DataFrame:
    """TSE ``perfil_eleitorado_<ano>.csv`` (electorate profile), summed per municipality.

    Parameters
    ----------
    path : Path
        The TSE file as published (latin-1, ``;``, ``#NULO#``), columns ``SG_UF, NR_ZONA,
        CD_MUNICIPIO, NM_MUNICIPIO, QT_ELEITORES_PERFIL`` among others.

    Returns
    -------
    pandas.DataFrame
        Same columns as :func:`read_zone_municipality_2022`.

    Raises
    ------
    DataError
        As :func:`read_zone_municipality_2022`, plus wrong encoding.
    """
    df = read_tse_csv(path, ["SG_UF", "NR_ZONA", "CD_MUNICIPIO", "NM_MUNICIPIO",
                             "QT_ELEITORES_PERFIL"])
    df = df[df["SG_UF"].str.strip() == uf]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="QT_ELEITORES_PERFIL")


def read_detalhe_votacao_munzona(path: Path, crosswalk: Crosswalk, *, uf: str = "GO",
                                 turno: int = 1, cargo: int | None = None) -> pd.DataFrame:
    """TSE ``detalhe_votacao_munzona_<ano>_<UF>.csv``: eligible voters (``QT_APTOS``).

    Parameters
    ----------
    path : Path
        The TSE file as published (latin-1, ``;``, ``#NULO#``), columns ``NR_TURNO, SG_UF,
        CD_MUNICIPIO, NM_MUNICIPIO, NR_ZONA, CD_CARGO, QT_APTOS``.
    turno : int
        Round (1 or 2).
    cargo : int, optional
        ``CD_CARGO`` to read (every office has the same QT_APTOS); default the smallest one
        present in the round (1 = Presidente in general elections, 11 = Prefeito).

    Returns
    -------
    pandas.DataFrame
        Same columns as :func:`read_zone_municipality_2022`.
    """
    from .download import Limit

    df = read_tse_csv(path, ["NR_TURNO", "SG_UF", "CD_MUNICIPIO", "NM_MUNICIPIO", "NR_ZONA",
                             "CD_CARGO", "QT_APTOS"],
                      Limit(DETALHE_MAX, "estimados cerca de 1 MB para Goiás, com margem de "
                                         "16 vezes"))
    df = df[(df["SG_UF"].str.strip() == uf) & (df["NR_TURNO"].str.strip() == str(turno))]
    cargos = to_number(df, "CD_CARGO", path, integer=True)
    if cargo is None and len(cargos):
        cargo = int(cargos.min())
    df = df[cargos == cargo]
    return _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                            zone="NR_ZONA", count="QT_APTOS")


#: Basis of a municipality's figure in the electorate profile table (the values of
#: :class:`viabilidade.rules.result.Basis`): read from the source, or derived from the state
#: total because the source lacks the municipality.
PROFILE_READ, PROFILE_DERIVED = "published", "estimated"

PROFILE_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$"), unique=True),
    "cod_tse": pa.Column(str, pa.Check.str_matches(r"^[0-9]{5}$"), unique=True),
    "eleitores": pa.Column("Int64", pa.Check.gt(0)),
    "base": pa.Column(str, pa.Check.isin([PROFILE_READ, PROFILE_DERIVED])),
    "nota": pa.Column(str),
}, strict=True)


def _thousands(n: int) -> str:
    """A whole count as pt-BR text (``5080755`` -> ``"5.080.755"``); the data layer does not
    import the report's formatting."""
    return f"{n:,}".replace(",", ".")


def read_profile_state_total(path: Path, *, uf: str = "GO") -> int:
    """The state's total in an aggregation of the TSE electorate profile (``abrangencia`` =
    ``"UF GO"``, ``total_eleitores``).

    Goiás, profile of 2026 (``electoral/go_eleitorado_perfil2026_total_go_e_8_maiores_rox87.csv``):
    5.080.755.

    Raises
    ------
    DataError
        Missing column, no row or several rows for the state, a count that is not a whole
        number above 0 (file, row, column).
    """
    df = read_text_csv(path, encoding="utf-8", sep=",", required=["abrangencia", "total_eleitores"])
    rows = df[df["abrangencia"].str.strip() == f"UF {uf}"]
    if len(rows) != 1:
        raise DataError(f"encontradas {len(rows)} linhas com abrangencia 'UF {uf}'; esperada "
                        "exatamente uma (o total do estado)", file=path, column="abrangencia")
    n = to_number(rows, "total_eleitores", path, integer=True, required=True).iloc[0]
    if n <= 0:
        raise DataError(f"encontrado {n}; esperado um total de eleitores maior que 0", file=path,
                        row=int(rows[ROW].iloc[0]), column="total_eleitores")
    return int(n)


def read_profile_municipalities(path: Path, crosswalk: Crosswalk, state_total: int,
                                *, total_file: Path | None = None,
                                names: dict[str, str] | None = None) -> pd.DataFrame:
    """Electors per municipality in an aggregation of the TSE electorate profile, completed.

    Reads the per-municipality totals (``cod_ibge, cod_tse, total_eleitores``; the 2026
    profile of Goiás: 245 rows, Σ 5.062.600) and checks every code pair against the
    crosswalk. A municipality of the crosswalk that the file lacks is given the state total
    minus the sum of the file, with ``base`` ``"estimated"`` and a ``nota`` saying how it was
    derived — it is arithmetic on two aggregations, not a figure read from the TSE. Goiás:
    Bom Jesus de Goiás (5203500) = 5.080.755 − 5.062.600 = 18.155.

    Parameters
    ----------
    path : Path
        UTF-8 ``,`` CSV with ``cod_ibge, cod_tse, total_eleitores``.
    crosswalk : Crosswalk
        TSE↔IBGE crosswalk (the complete list of municipalities).
    state_total : int
        The state's total in the same profile (:func:`read_profile_state_total`).
    total_file : Path, optional
        File of ``state_total``, named in errors.
    names : dict, optional
        ``{cod_ibge: name}`` for the note (default the crosswalk's TSE name).

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, cod_tse, eleitores, base, nota``, one row per municipality of the
        crosswalk, sorted by ``cod_ibge``.

    Raises
    ------
    DataError
        Missing column; bad or repeated code; a TSE code whose IBGE code is not the one on
        the row; a count that is not a whole number above 0; more than one municipality
        missing (the state total only gives one by difference); the file already summing to
        the state total or above it while a municipality is missing.
    """
    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["cod_ibge", "cod_tse", "total_eleitores"])
    for n, t, i in zip(df[ROW], df["cod_tse"], df["cod_ibge"]):
        ibge = crosswalk.check_ibge(i, file=path, row=int(n), column="cod_ibge")
        if crosswalk.tse_to_ibge(t, file=path, row=int(n), column="cod_tse") != ibge:
            raise DataError(f"o código TSE {quoted(t.strip())} é de outro município "
                            f"({crosswalk.tse_to_ibge(t)}); esperado o código TSE de {ibge}",
                            file=path, row=int(n), column="cod_tse")
    require_unique(df, "cod_ibge", path)
    counts = to_number(df, "total_eleitores", path, integer=True, required=True)
    if (counts <= 0).any():
        i = (counts <= 0).to_numpy().nonzero()[0][0]
        raise DataError(f"encontrado {quoted(df['total_eleitores'].iloc[i])}; esperado um número de "
                        "eleitores maior que 0", file=path, row=int(df[ROW].iloc[i]),
                        column="total_eleitores")
    out = pd.DataFrame({"cod_ibge": df["cod_ibge"].str.strip(), "cod_tse": df["cod_tse"].str.strip(),
                        "eleitores": counts.astype("Int64"), "base": PROFILE_READ, "nota": ""})
    known = crosswalk.table.set_index("cod_ibge")
    missing = sorted(set(known.index) - set(out["cod_ibge"]))
    if len(missing) > 1:
        raise DataError(f"faltam {len(missing)} municípios ({', '.join(missing[:5])}); o total do "
                        "estado só permite obter um por diferença; esperado no máximo um "
                        "município ausente", file=path, column="cod_ibge")
    if missing:
        code, read = missing[0], int(out["eleitores"].sum())
        rest = state_total - read
        if rest <= 0:
            raise DataError(f"os {len(out)} municípios do arquivo somam {read} eleitores, e o total "
                            f"do estado é {state_total}: não sobra eleitorado para {code}; "
                            "esperado um total do estado maior que a soma dos municípios",
                            file=total_file or path, column="total_eleitores")
        name = (names or {}).get(code) or known.at[code, "nome_tse"]
        note = (f"derivado, não lido do TSE: a tabela por município não traz {name}; valor = "
                f"total do estado no mesmo perfil ({_thousands(state_total)}) menos a soma dos "
                f"outros {len(out)} municípios ({_thousands(read)})")
        out = pd.concat([out, pd.DataFrame({
            "cod_ibge": [code], "cod_tse": [known.at[code, "cod_tse"]],
            "eleitores": pd.array([rest], dtype="Int64"), "base": [PROFILE_DERIVED],
            "nota": [note]})], ignore_index=True)
    out = out.sort_values("cod_ibge").reset_index(drop=True)
    try:
        return PROFILE_SCHEMA.validate(out)
    except SchemaError as exc:
        raise DataError(f"o perfil do eleitorado não passou na verificação {exc.check}", file=path,
                        column=getattr(exc.schema, "name", None)) from None


#: The columns of the TSE's own ``perfil_eleitorado`` file the build reads (the profile and,
#: from its municipal codes and names, the crosswalk): one read of the file serves both
#: (:func:`derive_crosswalk` and :func:`read_profile_official` take it as ``frame``).
PROFILE_COLUMNS = ["DT_GERACAO", "SG_UF", "NR_ZONA", "CD_MUNICIPIO", "NM_MUNICIPIO",
                   "QT_ELEITORES_PERFIL"]


def read_profile_official(path: Path, crosswalk: Crosswalk, *, uf: str = "GO",
                          frame: pd.DataFrame | None = None) -> tuple[pd.DataFrame, str]:
    """The TSE's own ``perfil_eleitorado_<ano>.csv`` (Goiás lines), as the store's profile.

    The layout is the TSE's (its LEIAME, as republished with the columns ``DT_GERACAO``
    "data da extração dos dados para geração do arquivo", ``HH_GERACAO``, ``ANO_ELEICAO``,
    ``SG_UF``, ``CD_MUNICIPIO`` "código TSE do município", ``NM_MUNICIPIO``, ``NR_ZONA``,
    ``QT_ELEITORES_PERFIL`` …; ISO-8859-1, ``;``, every field quoted, ``#NULO#``/``#NE#``):
    see :func:`read_tse_csv`. Unlike the third-party aggregation it replaces, every
    municipality is read from the file (Bom Jesus de Goiás included), and the file says
    when it was generated.

    Parameters
    ----------
    path : Path
        The Goiás lines of the national file, as ``viabilidade data fetch`` keeps them
        (``electoral/perfil_eleitorado_<ano>_GO.csv``).
    crosswalk : Crosswalk
        TSE↔IBGE crosswalk; every municipality of it must be in the file.

    Returns
    -------
    (pandas.DataFrame, str)
        The profile table (``cod_ibge, cod_tse, eleitores, base, nota``; ``base``
        ``"published"`` on every row, ``nota`` empty) and the generation date as the file
        writes it (``DD/MM/AAAA``).

    Raises
    ------
    DataError
        As :func:`read_perfil_eleitorado`; a municipality of the crosswalk absent from the
        file (names them); a missing or non-uniform ``DT_GERACAO`` (names both dates).
    """
    df = frame if frame is not None else read_tse_csv(path, PROFILE_COLUMNS)
    df = df[df["SG_UF"].str.strip() == uf]
    dates = sorted({str(d).strip() for d in df["DT_GERACAO"].dropna()})
    if len(dates) != 1:
        raise DataError(("sem data de geração" if not dates else
                         f"{len(dates)} datas de geração ({', '.join(dates[:3])})")
                        + "; esperada uma única data de geração em todas as linhas do "
                        "arquivo", file=path, column="DT_GERACAO")
    summed = _by_municipality(df, path, crosswalk, code="CD_MUNICIPIO", name="NM_MUNICIPIO",
                              zone="NR_ZONA", count="QT_ELEITORES_PERFIL")
    missing = sorted(set(crosswalk.table["cod_ibge"]) - set(summed["cod_ibge"]))
    if missing:
        said = ("falta 1 município" if len(missing) == 1 else
                f"faltam {len(missing)} municípios")
        raise DataError(f"{said} ({', '.join(missing[:5])}"
                        f"{', …' if len(missing) > 5 else ''}); esperados todos os "
                        f"{len(crosswalk.table)} municípios do cadastro do TSE", file=path,
                        column="CD_MUNICIPIO")
    out = pd.DataFrame({"cod_ibge": summed["cod_ibge"], "cod_tse": summed["cod_tse"],
                        "eleitores": summed["eleitores_aptos"].astype("Int64"),
                        "base": PROFILE_READ, "nota": ""})
    out = out.sort_values("cod_ibge").reset_index(drop=True)
    try:
        return PROFILE_SCHEMA.validate(out), dates[0]
    except SchemaError as exc:
        raise DataError(f"o perfil do eleitorado não passou na verificação {exc.check}",
                        file=path, column="QT_ELEITORES_PERFIL") from None
