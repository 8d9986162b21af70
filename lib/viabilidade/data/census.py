"""IBGE Censo Demográfico 2022 loaders, reading the files as IBGE publishes them.

* ``CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx`` — first
  release (2023-06-28): title rows, data from column B, the code split into ``COD. UF`` and
  a 5-digit text ``COD. MUNIC``, misspelt header ``POP. COLETATADA``, a ``Fonte:`` footer.
* ``Agregados_por_municipios_basico_BR.csv`` / ``Agregados_por_distritos_basico_BR.csv``
  (Agregados por Setores Censitários, revised population): ISO-8859-1, ``;``, every field
  quoted, CRLF, decimal comma, ``.`` for a missing code; variables ``v0001``..``v0007``
  named by ``dicionario_de_dados_agregados_por_setores_censitarios_20250417.xlsx``.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.text import digit_problem, quoted, quoted_list
from ..errors import DataError
from .codes import ibge_code
from .tabular import (ROW, read_sheet, read_text_csv, require_columns, require_unique, to_number,
                      validate)

#: Readable names of the "Básico" variables, with the start of the dictionary's label that
#: each must carry (checked when the dictionary is given).
VARIABLES = {
    "V0001": ("populacao", "Total de pessoas"),
    "V0002": ("domicilios", "Total de Domicílios (DPPO + DPPV"),
    "V0003": ("domicilios_particulares", "Total de Domicílios Particulares"),
    "V0004": ("domicilios_coletivos", "Total de Domicílios Coletivos"),
    "V0005": ("media_moradores_dpo", "Média de moradores em Domicílios Particulares Ocupados"),
    "V0006": ("pct_dpo_imputados", "Percentual de Domicílios Particulares Ocupados Imputados"),
    "V0007": ("domicilios_ocupados", "Total de Domicílios Particulares Ocupados"),
}

#: Most columns of a Censo aggregates CSV's header (municipalities, districts, tracts), checked
#: on its first line before the file is parsed: four times the widest published layout (the
#: tracts' 36 columns; the districts' 26, the municipalities' 14). A header of 100.000 columns
#: in 0,8 MB took 43,5 s and 417 MB of pandas before its missing column was told (issue 32,
#: hostile trial 6, H6-1).
HEADER_COLUMNS_MAX = 4 * 36

#: Header of the population spreadsheet -> column name (both spellings of "coletada").
_XLSX_HEADER = {"UF": "uf", "COD. UF": "cod_uf", "COD. MUNIC": "cod_munic",
                "NOME DO MUNICÍPIO": "nome", "POP. COLETATADA": "pop_coletada",
                "POP. COLETADA": "pop_coletada", "POP. IMPUTADA": "pop_imputada",
                "POP. TOTAL": "pop_total"}

POPULATION_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$"), unique=True),
    "nome": pa.Column(str, pa.Check.str_length(min_value=1)),
    "pop_coletada": pa.Column("Int64", pa.Check.ge(0)),
    "pop_imputada": pa.Column("Int64", pa.Check.ge(0)),
    "pop_total": pa.Column("Int64", pa.Check.gt(0)),
    ROW: pa.Column(int),
}, checks=pa.Check(lambda d: d["pop_coletada"] + d["pop_imputada"] == d["pop_total"],
                   error="pop_coletada + pop_imputada == pop_total"), strict=True)


def _header_row(rows, path: Path, must: str) -> tuple[int, dict[int, str]]:
    for n, values in rows:
        cells = {j: str(v).strip() for j, v in enumerate(values) if v is not None}
        if must in cells.values():
            return n, cells
    raise DataError(f"nenhuma linha de cabeçalho com {quoted(must)}; esperado o cabeçalho como "
                    "publicado", file=path, column=must)


def read_population_xlsx(path: Path, *, uf: str | None = "52") -> pd.DataFrame:
    """Municipal population of the Censo 2022 first release (2023-06-28), sheet ``Municípios``.

    Parameters
    ----------
    path : Path
        ``CD2022_Populacao_Coletada_Imputada_e_Total_Municipio_e_UF_20230628.xlsx`` (IBGE).
    uf : str or None
        Keep one UF by its 2-digit IBGE code (default ``"52"``, Goiás); None keeps Brazil.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge`` (7-digit text = COD. UF + COD. MUNIC), ``nome``, ``pop_coletada``,
        ``pop_imputada``, ``pop_total`` (persons, Int64), in file order. Goiás: 246 rows,
        Σ pop_total = 7,055,228.

    Raises
    ------
    DataError
        Sheet or header missing (names the column), a COD. MUNIC that is not 5-character
        text (e.g. ``50`` that lost its leading zeros), non-numeric counts, duplicated codes,
        or coletada + imputada != total — each naming the sheet row and column.
    """
    rows = read_sheet(path, "Municípios")
    hrow, cells = _header_row(rows, path, "COD. MUNIC")
    cols = {j: _XLSX_HEADER[name] for j, name in cells.items() if name in _XLSX_HEADER}
    for need in ("COD. UF", "COD. MUNIC", "NOME DO MUNICÍPIO", "POP. IMPUTADA", "POP. TOTAL"):
        if need not in cells.values():
            raise DataError(f"coluna ausente; esperada {quoted(need)}, encontradas "
                            f"{quoted_list(list(cells.values()))}",
                            file=path, row=hrow, column=need)
    if "pop_coletada" not in cols.values():
        raise DataError("coluna ausente; esperada 'POP. COLETATADA' (ou 'POP. COLETADA')",
                        file=path, row=hrow, column="POP. COLETATADA")
    records = []
    for n, values in rows:
        if n <= hrow:
            continue
        rec = {name: values[j] if j < len(values) else None for j, name in cols.items()}
        if rec["cod_munic"] is None:
            if rec["uf"] is None or str(rec["uf"]).startswith("Fonte"):
                break
        rec[ROW] = n
        records.append(rec)
    df = pd.DataFrame.from_records(records)
    codes = []
    for n, cu, cm in zip(df[ROW], df["cod_uf"], df["cod_munic"]):
        if isinstance(cm, str) and digit_problem(cm):  # "٠٠١٠٠" (hostile trial 11)
            raise DataError(digit_problem(cm), file=path, row=n, column="COD. MUNIC")
        if not isinstance(cm, str) or len(cm) != 5 or not (cm.isascii() and cm.isdigit()):
            raise DataError(f"encontrado {quoted(cm)}: zeros à esquerda perdidos?; esperado o código "
                            "de município com 5 algarismos, como texto (p. ex. '00050')", file=path, row=n,
                            column="COD. MUNIC")
        codes.append(ibge_code(f"{cu}{cm}", file=path, row=n, column="COD. UF"))
    df["cod_ibge"] = codes
    if uf is not None:
        df = df[df["cod_ibge"].str.startswith(uf)]
    df["nome"] = df["nome"].astype(str).str.strip()
    for col, header in (("pop_coletada", "POP. COLETATADA"), ("pop_imputada", "POP. IMPUTADA"),
                        ("pop_total", "POP. TOTAL")):
        df[col] = to_number(df.assign(**{col: df[col].astype("string")}), col, path,
                            integer=True)
    require_unique(df, "cod_ibge", path)
    df = df[["cod_ibge", "nome", "pop_coletada", "pop_imputada", "pop_total", ROW]]
    return validate(df, POPULATION_SCHEMA, path)


def read_population_uf_xlsx(path: Path) -> pd.DataFrame:
    """UF totals of the first release, sheet ``Unidados da Federação`` [sic].

    Returns
    -------
    pandas.DataFrame
        ``uf`` (``"Brasil"`` or the UF abbreviation), ``cod_uf`` (text; ``"-"`` for Brasil),
        ``pop_coletada``, ``pop_imputada``, ``pop_total`` (persons). GO: 7,055,228.

    Raises
    ------
    DataError
        Sheet (either spelling) or header missing.
    """
    try:
        rows = read_sheet(path, "Unidados da Federação")
    except DataError:
        rows = read_sheet(path, "Unidades da Federação")
    hrow, cells = _header_row(rows, path, "POP. TOTAL")
    cols = {j: _XLSX_HEADER[name] for j, name in cells.items() if name in _XLSX_HEADER}
    out = []
    for n, values in rows:
        if n <= hrow:
            continue
        rec = {name: values[j] for j, name in cols.items()}
        if rec.get("pop_total") is None:
            break
        out.append({"uf": str(rec["uf"]), "cod_uf": str(rec["cod_uf"]),
                    "pop_coletada": int(rec["pop_coletada"]),
                    "pop_imputada": int(rec["pop_imputada"]), "pop_total": int(rec["pop_total"])})
    return pd.DataFrame(out)


def read_dictionary(path: Path) -> dict[str, str]:
    """Variable labels of the Agregados "Básico" set (sheet ``Dicionário Básico``).

    Returns
    -------
    dict
        ``{"V0001": "Total de pessoas", ...}`` (upper-case variable names).

    Raises
    ------
    DataError
        Sheet or the ``Variável``/``Descrição`` columns missing.
    """
    rows = read_sheet(path, "Dicionário Básico")
    hrow, cells = _header_row(rows, path, "Variável")
    jv = next(j for j, v in cells.items() if v == "Variável")
    jd = next((j for j, v in cells.items() if v == "Descrição"), None)
    if jd is None:
        raise DataError("coluna ausente; esperada 'Descrição'", file=path, row=hrow,
                        column="Descrição")
    return {str(v[jv]).strip().upper(): str(v[jd]).strip() for n, v in rows
            if n > hrow and v[jv] is not None}


def _variable_names(dictionary: dict[str, str] | None, path: Path | None) -> dict[str, str]:
    names = {}
    for var, (name, label) in VARIABLES.items():
        if dictionary is not None:
            found = dictionary.get(var)
            if found is None or not found.startswith(label):
                raise DataError(f"variável {var}: encontrado o rótulo {quoted(found)}; esperado um "
                                f"rótulo começando por {quoted(label)}", file=path, column=var)
        names[var.lower()] = name
    return names


AGGREGATE_SCHEMA = pa.DataFrameSchema({
    "populacao": pa.Column("Int64", pa.Check.ge(0)),
    "domicilios": pa.Column("Int64", pa.Check.ge(0)),
    "domicilios_particulares": pa.Column("Int64", pa.Check.ge(0)),
    "domicilios_coletivos": pa.Column("Int64", pa.Check.ge(0)),
    "media_moradores_dpo": pa.Column(float, nullable=True),
    "pct_dpo_imputados": pa.Column(float, pa.Check.in_range(0, 1), nullable=True),
    "domicilios_ocupados": pa.Column("Int64", pa.Check.ge(0)),
    "area_km2": pa.Column(float, pa.Check.gt(0)),
    ROW: pa.Column(int),
})


def read_aggregates(path: Path, *, level: str, dictionary: Path | None = None) -> pd.DataFrame:
    """Censo 2022 "Agregados por municípios/distritos — Básico" CSV, revised population.

    Parameters
    ----------
    path : Path
        ``Agregados_por_municipios_basico_*.csv`` or ``Agregados_por_distritos_basico_*.csv``
        as IBGE publishes them (ISO-8859-1, ``;``, quoted fields, CRLF, decimal comma,
        ``.`` for missing).
    level : {"municipios", "distritos"}
        Which file it is.
    dictionary : Path, optional
        The IBGE data dictionary xlsx; when given, each variable's label is checked against
        the meaning assumed here (V0001 Total de pessoas ... V0007 DPO).

    Returns
    -------
    pandas.DataFrame
        municipios: ``cod_ibge, nome, area_km2`` + variables; distritos: ``cod_distrito,
        nome, cod_ibge, nome_municipio, area_km2`` + variables. Variables: ``populacao``
        (V0001 persons), ``domicilios`` (V0002), ``domicilios_particulares`` (V0003),
        ``domicilios_coletivos`` (V0004), ``media_moradores_dpo`` (V0005),
        ``pct_dpo_imputados`` (V0006, a fraction), ``domicilios_ocupados`` (V0007 DPO).
        Sorted as in the file. Goiás: 246 municipalities / 327 districts, Σ 7,056,495.

    Raises
    ------
    DataError
        Unknown ``level``; wrong encoding, missing column, duplicated code, bad number, label
        mismatch — naming file, row and column.
    """
    if level not in ("municipios", "distritos"):
        raise DataError(f"encontrado o nível {quoted(level)}; esperado 'municipios' ou 'distritos'", file=path)
    code_col = "CD_MUN" if level == "municipios" else "CD_DIST"
    base = [code_col, "NM_MUN", "AREA_KM2"]
    if level == "distritos":
        base += ["NM_DIST", "CD_MUN"]
    df = read_text_csv(path, encoding="latin-1", sep=";", na_values=["."], required=base,
                       max_columns=HEADER_COLUMNS_MAX)
    df.columns = [c if c == ROW else (c.lower() if c.lower().startswith("v0") else c)
                  for c in df.columns]
    require_columns(df, base + [v.lower() for v in VARIABLES], path)
    names = _variable_names(read_dictionary(dictionary) if dictionary else None, path)
    digits = 7 if level == "municipios" else 9
    for n, code in zip(df[ROW], df[code_col]):
        ibge_code(code, digits=digits, file=path, row=int(n), column=code_col)
    require_unique(df, code_col, path)
    out = pd.DataFrame({ROW: df[ROW]})
    if level == "municipios":
        out["cod_ibge"] = df["CD_MUN"].str.strip()
        out["nome"] = df["NM_MUN"].str.strip()
    else:
        for n, code in zip(df[ROW], df["CD_MUN"]):
            ibge_code(code, file=path, row=int(n), column="CD_MUN")
        out["cod_distrito"] = df["CD_DIST"].str.strip()
        out["nome"] = df["NM_DIST"].str.strip()
        out["cod_ibge"] = df["CD_MUN"].str.strip()
        out["nome_municipio"] = df["NM_MUN"].str.strip()
    out["area_km2"] = to_number(df, "AREA_KM2", path, decimal=",")
    for var, name in names.items():
        integer = name not in ("media_moradores_dpo", "pct_dpo_imputados")
        out[name] = to_number(df, var, path, decimal=",", integer=integer)
    return validate(out, AGGREGATE_SCHEMA, path)
