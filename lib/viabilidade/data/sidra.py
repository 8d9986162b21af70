"""IBGE SIDRA exports (xlsx as downloaded from sidra.ibge.gov.br), and the PIB dos Municípios.

SIDRA's xlsx layout: a title row, a ``Variável - ... (Unidade)`` row, a merged
``<territorial level> | Ano`` row, years as **text** on the next row, then one row per
territory named ``Nome (UF)`` — without the IBGE code — and a ``Fonte:`` footer. Cells hold
numbers or SIDRA's symbols: ``-`` (absolute zero), ``..`` (not applicable), ``...`` (not
available), ``X`` (suppressed). Names are resolved to codes through an official name list
(DTB 2022 / Censo 2022); a name that does not resolve is an error, never skipped.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.numbers import decimal
from ..common.text import quoted, quoted_list
from ..errors import PROBLEMS_SHOWN, DataError, capped
from .codes import normalize_name
from .tabular import ROW, open_workbook, read_sheet, validate

#: SIDRA symbols meaning "no value" (the legend of every SIDRA table).
MISSING = ("..", "...", "X")
#: SIDRA's absolute zero.
ZERO = "-"

#: IBGE UF codes by the names SIDRA prints on UF rows.
UF_NAMES = {"Goiás": "52", "Distrito Federal": "53", "Mato Grosso": "51",
            "Mato Grosso do Sul": "50", "Tocantins": "17", "Minas Gerais": "31",
            "Bahia": "29", "Brasil": "1"}


class NameResolver:
    """Resolve SIDRA territory names (``"Abadiânia (GO)"``) to IBGE codes.

    Parameters
    ----------
    names : pandas.DataFrame
        Official names: columns ``cod_ibge`` and ``nome`` (e.g. Censo 2022 or DTB 2022
        municipalities). Matching is exact on the name without the ``" (UF)"`` suffix, then
        accent- and case-insensitive if that key is unambiguous.
    uf : str
        The UF abbreviation expected in the suffix (``"GO"``).
    """

    def __init__(self, names: pd.DataFrame, uf: str = "GO"):
        self.uf = uf
        self.exact = dict(zip(names["nome"], names["cod_ibge"]))
        keys = [normalize_name(n) for n in names["nome"]]
        counts = Counter(keys)
        self.loose = {k: c for k, c in zip(keys, names["cod_ibge"]) if counts[k] == 1}

    def resolve(self, label: str, *, file=None, row=None, column=None) -> tuple[str, str]:
        """``(cod_ibge, level)`` of a SIDRA label; level is ``"municipio"`` or ``"uf"``.

        Raises
        ------
        DataError
            The name does not resolve (names file, row and column).
        """
        text = str(label).strip()
        suffix = f" ({self.uf})"
        if text.endswith(suffix):
            name = text[: -len(suffix)].strip()
            if name in self.exact:
                return self.exact[name], "municipio"
            key = normalize_name(name)
            if key in self.loose:
                return self.loose[key], "municipio"
            raise DataError(f"o nome de município {quoted(text)} não corresponde a um código IBGE "
                            f"(nenhum município de {self.uf} se chama {quoted(name)} nos nomes da "
                            "DTB/Censo 2022)", file=file, row=row, column=column)
        if text in UF_NAMES:
            return UF_NAMES[text], "uf"
        raise DataError(f"o nome de território {quoted(text)} não corresponde a nada; esperado "
                        f"'<município> ({self.uf})' ou o nome de uma UF", file=file, row=row,
                        column=column)


def read_sidra_sheet(path: Path, variable: str, resolver: NameResolver) -> pd.DataFrame:
    """One variable of a SIDRA xlsx export, as a long table.

    Parameters
    ----------
    path : Path
        The xlsx export.
    variable : str
        Start of the variable as printed on the ``Variável - `` row (e.g. ``"Produto Interno
        Bruto a preços correntes"``); the sheet is found by it.
    resolver : NameResolver
        Resolves territory names to IBGE codes.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge`` (text; UF code for the UF row), ``nivel`` (``"uf"``/``"municipio"``),
        ``nome_na_fonte``, ``ano`` (int), ``valor`` (float, NaN for ``..``/``...``/``X``,
        0 for ``-``), in the variable's unit (stated on the Variável row), file order.

    Raises
    ------
    DataError
        No sheet with that variable; no year row; a year that is not a 4-digit year; a
        name that does not resolve; a cell that is neither a number nor a SIDRA symbol
        (each naming file, row and column letter/year).
    """
    from openpyxl.utils import get_column_letter

    wb = open_workbook(path)
    sheets = wb.sheetnames
    wb.close()
    rows = None
    for s in sheets:
        cand = read_sheet(path, s)
        texts = [str(v[0]) for _, v in cand[:3] if v and v[0] is not None]
        if any(t.startswith(f"Variável - {variable}") for t in texts):
            rows = cand
            break
    if rows is None:
        raise DataError(f"nenhuma aba com 'Variável - {variable}...'; encontradas as abas "
                        f"{quoted_list(sheets)}", file=path)
    year_row = next(((n, v) for n, v in rows[:8]
                     if v and v[0] is None and any(x is not None for x in v[1:])), None)
    if year_row is None:
        raise DataError("nenhuma linha de anos (células de texto '2002', '2003', ...) antes "
                        "dos dados; esperada a planilha como exportada do SIDRA",
                        file=path)
    yr, yv = year_row
    years = {}
    for j, y in enumerate(yv):
        if j == 0 or y is None:
            continue
        ys = str(y).strip()
        if not (ys.isascii() and ys.isdigit() and len(ys) == 4):  # int() takes "٢٠٢١"
            raise DataError(f"encontrado {quoted(y)}; esperado um ano", file=path, row=yr,
                            column=get_column_letter(j + 1))
        years[j] = int(ys)
    records = []
    for n, v in rows:
        if n <= yr or not v or v[0] is None:
            continue
        label = str(v[0]).strip()
        if label.startswith("Fonte:"):
            break
        code, level = resolver.resolve(label, file=path, row=n, column="A")
        for j, year in years.items():
            cell = v[j] if j < len(v) else None
            if isinstance(cell, (int, float)):
                value = float(cell)
            elif isinstance(cell, str) and cell.strip() in MISSING:
                value = float("nan")
            elif isinstance(cell, str) and cell.strip() == ZERO:
                value = 0.0
            else:
                raise DataError(f"encontrado {quoted(cell)} (ano {year}); esperado um número ou um "
                                f"símbolo do SIDRA ({', '.join(MISSING)}, -)", file=path, row=n,
                                column=get_column_letter(j + 1))
            records.append((code, level, label, year, value, n))
    return pd.DataFrame.from_records(
        records, columns=["cod_ibge", "nivel", "nome_na_fonte", "ano", "valor", ROW])


PIB_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^[0-9]{7}$")),
    "ano": pa.Column(int, pa.Check.in_range(1999, 2100)),
    "pib_mil_reais": pa.Column(float, nullable=True),
    "vab_mil_reais": pa.Column(float, nullable=True),
    "impostos_mil_reais": pa.Column(float, nullable=True),
    ROW: pa.Column(int),
}, unique=["cod_ibge", "ano"], strict=True)


def read_pib(path: Path, names: pd.DataFrame, *, uf: str = "GO") -> pd.DataFrame:
    """PIB dos Municípios (SIDRA tabela 5938, referência 2010), municipalities of one UF.

    Parameters
    ----------
    path : Path
        SIDRA xlsx export of table 5938 with the variables PIB a preços correntes (37),
        impostos líquidos de subsídios (513) and VAB a preços correntes total (498).
    names : pandas.DataFrame
        ``cod_ibge, nome`` of the UF's municipalities (Censo 2022 / DTB 2022 spelling).
    uf : str
        UF abbreviation of the ``Nome (UF)`` labels.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, ano, pib_mil_reais, vab_mil_reais, impostos_mil_reais`` (R$ mil, current
        prices of that year; NaN where SIDRA prints ``...``: VAB and impostos for 2022–2023,
        nota técnica 02/2024), sorted by code and year. Goiás: 246 × 22 years (2002–2023).

    Raises
    ------
    DataError
        See :func:`read_sidra_sheet`; names that do not resolve name file, row and column.
    """
    resolver = NameResolver(names, uf=uf)
    parts = {
        "pib_mil_reais": "Produto Interno Bruto a preços correntes",
        "impostos_mil_reais": "Impostos, líquidos de subsídios",
        "vab_mil_reais": "Valor adicionado bruto a preços correntes total",
    }
    out = None
    for col, var in parts.items():
        long = read_sidra_sheet(path, var, resolver)
        long = long[long["nivel"] == "municipio"].rename(columns={"valor": col})
        long = long[["cod_ibge", "ano", col, ROW]]
        out = long if out is None else out.merge(long.drop(columns=[ROW]), on=["cod_ibge", "ano"],
                                                 how="outer")
    out = out[["cod_ibge", "ano", "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais", ROW]]
    out = out.sort_values(["cod_ibge", "ano"]).reset_index(drop=True)
    out["ano"] = out["ano"].astype(int)
    out[ROW] = out[ROW].astype(int)
    return validate(out, PIB_SCHEMA, path)


#: SIDRA's API variables of table 5938 the store reads, by column (the catalogue's address
#: asks for ``v/37,498,513``): 37 PIB a preços correntes, 513 impostos líquidos de subsídios
#: sobre produtos, 498 valor adicionado bruto a preços correntes total (R$ mil).
PIB_VARIABLES = {"37": "pib_mil_reais", "513": "impostos_mil_reais", "498": "vab_mil_reais"}
#: Header labels of the API's dimensions the reader needs (the first element of the answer).
API_DIMENSIONS = {"municipio": "Município (Código)", "ano": "Ano (Código)",
                  "variavel": "Variável (Código)"}
#: Most elements an answer may hold (246 municipalities × 22 years × 3 variables = 16.236;
#: the API itself answers at most 100.000 values per query).
API_MAX_ROWS = 100_000
#: Most bytes of a saved answer read: 16 MiB, 4 times the 3.824.426 bytes of the answer
#: written as the API's layout (16.237 elements of about 236 bytes, the test fixture built
#: from the xlsx of the same table), room for the API's own spacing. A 60 MB answer took 9 s
#: and 1,63 GB before this bound.
API_MAX_BYTES = 16 * 1024 * 1024


def read_pib_api(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """PIB dos Municípios from the SIDRA API's own answer (``/values`` of table 5938, JSON), as
    ``viabilidade data fetch`` saves it (catalogue ``pib-municipios``), in place of the xlsx
    export :func:`read_pib` reads.

    The answer is a JSON array whose first element is the header: each key (``NC``, ``NN``,
    ``MC``, ``MN``, ``V``, ``D1C``, ``D1N``, ``D2C`` …) mapped to its label
    (``"Município (Código)"``, ``"Variável (Código)"``, ``"Ano (Código)"``, ``"Valor"``);
    every other element is one value, ``V`` a text: a number with ``.`` for decimals or one of
    SIDRA's symbols (:data:`MISSING`, :data:`ZERO`). The dimensions are found by their
    labels, not their position (the position follows the order of the query). The header
    layout was seen in public scripts that read the API (``data[0]`` the header, the values
    after it; dec. 2026); the number format in ``V`` was not confirmed against the API's
    documentation.

    Parameters
    ----------
    path : Path
        The saved answer (``economy/sidra_tabela5938_pib_municipios_GO.json``).
    municipalities : DataFrame
        ``cod_ibge`` of the UF's municipalities: every one must have every year.

    Returns
    -------
    pandas.DataFrame
        As :func:`read_pib`: ``cod_ibge, ano, pib_mil_reais, vab_mil_reais,
        impostos_mil_reais`` (R$ mil; NaN where SIDRA prints ``...``).

    Raises
    ------
    DataError
        Over :data:`API_MAX_BYTES` bytes or :data:`API_MAX_ROWS` objects (both checked before
        the JSON is parsed), not JSON, not an array with the header, a dimension missing; and, all at once, every element with a code, year,
        variable or value that is not one (its position in the array), a value given twice,
        a municipality of the UF or a year missing.
    """
    import json
    import math

    from .download import Limit
    from .tabular import read_raw_bytes

    raw = read_raw_bytes(path, Limit(API_MAX_BYTES, "a resposta de Goiás tem cerca de 3,8 MB, "
                                                    "com margem de 4 vezes"))
    objects = raw.count(b"{")  # an element is an object: counted before anything is parsed
    if objects > API_MAX_ROWS + 1:
        raise DataError(f"{decimal(objects - 1)} objetos JSON além do cabeçalho; esperados no "
                        f"máximo {decimal(API_MAX_ROWS)} valores", file=path)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise DataError("não é um JSON legível; esperada a resposta da API do SIDRA (apague o "
                        "arquivo para baixá-lo de novo)", file=path) from None
    if not isinstance(data, list) or not data or not isinstance(data[0], dict):
        raise DataError("esperada uma lista JSON cujo primeiro elemento é o cabeçalho da API do "
                        "SIDRA (NC, NN, V, D1C…)", file=path)
    if len(data) > API_MAX_ROWS + 1:
        raise DataError(f"{decimal(len(data) - 1)} valores; esperados no máximo "
                        f"{decimal(API_MAX_ROWS)}", file=path)
    header = {str(v): str(k) for k, v in data[0].items()}
    keys = {}
    for dim, label in API_DIMENSIONS.items():
        if label not in header:
            raise DataError(f"o cabeçalho não tem a dimensão {quoted(label)} (tem: "
                            f"{quoted_list(sorted(header)) if header else 'nenhuma'}); esperada a "
                            "resposta da tabela 5938 "
                            "por município, variável e ano", file=path, row=1)
        keys[dim] = header[label]
    known = set(map(str, municipalities["cod_ibge"]))
    problems: list[str] = []
    values: dict[tuple[str, int], dict[str, float]] = {}
    for i, item in enumerate(data[1:], start=2):
        if len(problems) >= PROBLEMS_SHOWN:  # the list a user reads (errors.capped)
            break
        if not isinstance(item, dict):
            problems.append(f"elemento {i}: esperado um objeto JSON")
            continue
        code, year = str(item.get(keys["municipio"], "")), str(item.get(keys["ano"], ""))
        var, raw = str(item.get(keys["variavel"], "")), item.get("V")
        if code not in known:
            problems.append(f"elemento {i}: município {quoted(code[:20])} não é um dos "
                            f"{len(known)} municípios da UF")
            continue
        if not (len(year) == 4 and year.isascii() and year.isdigit()):
            problems.append(f"elemento {i}: ano {quoted(year[:20])}; esperado AAAA")
            continue
        if var not in PIB_VARIABLES:
            problems.append(f"elemento {i}: variável {quoted(var[:20])}; esperada uma de "
                            f"{', '.join(PIB_VARIABLES)}")
            continue
        text = str(raw).strip() if isinstance(raw, str) else ""
        if text in MISSING:
            value = float("nan")
        elif text == ZERO:
            value = 0.0
        else:
            try:
                value = float(text) if text.isascii() and "," not in text else None
            except ValueError:
                value = None
            if value is None or not math.isfinite(value):
                problems.append(f"elemento {i}: valor {quoted(str(raw)[:20])}; esperado um número "
                                f"com ponto decimal ou um símbolo do SIDRA ({', '.join(MISSING)}, -)")
                continue
        cell = values.setdefault((code, int(year)), {})
        if PIB_VARIABLES[var] in cell:
            problems.append(f"elemento {i}: município {code}, ano {year}, variável {var} "
                            "repetidos")
            continue
        cell[PIB_VARIABLES[var]] = value
    years = sorted({y for _, y in values})
    if not problems:
        for code in sorted(known):
            lacking = [str(y) for y in years if len(values.get((code, y), {})) < 3]
            if lacking:
                problems.append(f"município {code}: faltam valores de {', '.join(lacking[:5])}"
                                f"{', …' if len(lacking) > 5 else ''}")
    if problems:
        raise DataError("a resposta da API do SIDRA (tabela 5938) tem problemas:\n"
                        + "\n".join(capped(problems)), file=path)
    out = pd.DataFrame([{"cod_ibge": c, "ano": y, **v} for (c, y), v in sorted(values.items())])
    out = out[["cod_ibge", "ano", "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais"]]
    out[ROW] = range(2, len(out) + 2)
    return validate(out, PIB_SCHEMA, path)
