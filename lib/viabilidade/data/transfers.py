"""What the Tesouro Nacional paid, and the IBGE's official areas: the optional raw files of
the fourth pass (``shared/data/SOURCES.md``, "Fourth pass").

* ``fiscal/go_fpm_mensal_estado_tesouro_1991-2023-09.csv`` — "Transferências obrigatórias
  da União": the monthly FPM of Goiás, ``serie;ano;mes;valor_brl``; ``FPM`` is every interior
  municipality, reserve included, ``FPMCAPITAIS`` is Goiânia; gross (the FUNDEB share
  included), nominal R$ (1991–1993 in the currencies of the time). 2022: interior
  R$ 5.443.004.518,74.
* ``fiscal/go_transferencias_mensais_municipios_tesouro_2023-03.csv`` — "Transferências
  constitucionais para municípios", March 2023, every Goiás municipality by name
  (``Município;UF;ANO;Mês;1º Decêndio;2º Decêndio;3º Decêndio;Item transferência;
  Transferência;``). The rows ``FPM;FPM`` are the FPM credited, net of the 20 % FUNDEB
  retention; the 3rd decêndio is 0 on every row (the copy was taken before it was posted).
* ``geo/go_areas_territoriais_oficiais_ibge_2022.csv`` — IBGE, Áreas Territoriais 2022,
  ``CD_MUN,NM_MUN,AR_MUN_2022_km2`` (km² to 3 decimals; Σ 340.242,858).

The store keeps them as optional tables (:data:`viabilidade.data.store.OPTIONAL_TABLES`):
a raw folder without them (``data fetch`` does not bring them) builds the store as before,
and the studies then say that the FPM in reais cannot be given. The paths and provenance are
:data:`viabilidade.data.provenance.OPTIONAL_RAW`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

from ..common.numbers import decimal
from ..common.text import name_key, quoted
from ..errors import DataError, capped
from .tabular import ROW, read_rows, read_text_csv, to_number, validate

#: Series of the monthly file: the interior municipalities (reserve included), the capital.
SERIES = ("FPM", "FPMCAPITAIS")

MONTHLY_SCHEMA = pa.DataFrameSchema({
    "serie": pa.Column(str, pa.Check.isin(list(SERIES))),
    "ano": pa.Column(int, pa.Check.in_range(1989, 2100)),
    "mes": pa.Column(int, pa.Check.in_range(1, 12)),
    "valor_brl": pa.Column(float, pa.Check.ge(0)),
    ROW: pa.Column(int),
}, unique=["serie", "ano", "mes"], strict=True)

CREDITS_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^52[0-9]{5}$")),
    "ano": pa.Column(int, pa.Check.in_range(1989, 2100)),
    "mes": pa.Column(int, pa.Check.in_range(1, 12)),
    "decendio_1_brl": pa.Column(float, pa.Check.ge(0)),
    "decendio_2_brl": pa.Column(float, pa.Check.ge(0)),
    "decendio_3_brl": pa.Column(float, pa.Check.ge(0)),
    ROW: pa.Column(int),
}, unique=["cod_ibge", "ano", "mes"], strict=True)

_KIB, _MIB = 1024, 1024 * 1024
#: The bounds of each Tesouro file, by its name: ``(real bytes, real lines, most bytes, most
#: lines)``, the real file's size and data lines (where it was seen in the comment) and the
#: bounds read, with a margin for the months still to come and re-issues. Before, only the
#: 256 MiB ceiling of a ``.csv`` bounded them, and a hostile 250 MB file took 1,2–2,3 GB
#: (issue 32, hostile trial 5); each is now also read keeping only the lines a study uses
#: (:func:`viabilidade.data.tabular.read_rows`).
TESOURO_BOUNDS = {
    # The shared copy (shared/data/fiscal): 2 series, January 1991 to September 2023; to
    # 2100, 2 × 1.320 months of about 28 bytes, some 74 KB.
    "go_fpm_mensal_estado_tesouro_1991-2023-09.csv": (21_555, 786, 256 * _KIB, 2 * 1_400),
    # The shared copy (shared/data/fiscal): 246 municipalities × 10 or 11 items.
    "go_transferencias_mensais_municipios_tesouro_2023-03.csv": (145_199, 2_639, _MIB, 10_000),
    # The Tesouro's FPM.csv and FPMCAPITAIS.csv of September 2023 (GitHub oakartur/teste_ds
    # 078841e): 6 title lines, the header and 27 UF lines of 393 months; to 2100 (1.400
    # months) about 700 KB, one line per UF.
    "FPM.csv": (189_501, 34, 2 * _MIB, 1_000),
    "FPMCAPITAIS.csv": (179_266, 34, 2 * _MIB, 1_000),
    # The Tesouro's TransferenciaMensalMunicipios202303.csv (GitHub Rodslater/transferencias
    # 2833f64): every municipality of Brazil × 10 or 11 items; lines estimated at 55 bytes
    # each, as in the copy.
    "TransferenciaMensalMunicipios202303.csv": (3_095_913, 56_000, 12 * _MIB, 240_000),
}


def tesouro_bound(path: Path, like: str) -> tuple:
    """The bounds of a Tesouro file: :data:`TESOURO_BOUNDS` by its name, else those of the
    file ``like`` (the publisher's own file the reader takes, the larger).

    Returns
    -------
    tuple of (viabilidade.data.download.Limit, int, str)
        The bytes bound and why; the most data lines; why (pt-BR, for messages).
    """
    from ..os_errors import count_bytes
    from .download import Limit

    name = Path(path).name if Path(path).name in TESOURO_BOUNDS else like
    real, real_lines, size, lines = TESOURO_BOUNDS[name]
    return (Limit(size, f"o {name} real tem {count_bytes(real)}; o limite tem margem para "
                        "edições maiores"), lines,
            f"o {name} real tem cerca de {decimal(real_lines)} linhas")


AREAS_SCHEMA = pa.DataFrameSchema({
    "cod_ibge": pa.Column(str, pa.Check.str_matches(r"^52[0-9]{5}$")),
    "area_oficial_km2": pa.Column(float, pa.Check.gt(0)),
    ROW: pa.Column(int),
}, unique=["cod_ibge"], strict=True)


def read_fpm_monthly(path: Path) -> pd.DataFrame:
    """The Tesouro's monthly FPM of Goiás.

    Returns
    -------
    pandas.DataFrame
        ``serie`` (``FPM``: interior with the reserve; ``FPMCAPITAIS``: Goiânia), ``ano``,
        ``mes``, ``valor_brl`` (gross, nominal R$ of that month), ``_row``.

    Raises
    ------
    DataError
        A missing column, a number that is not one, a series not in :data:`SERIES`, a month
        given twice (file, row, column).
    """
    limit, lines, why = tesouro_bound(path, "go_fpm_mensal_estado_tesouro_1991-2023-09.csv")
    df = read_rows(path, encoding="utf-8", sep=";", required=["serie", "ano", "mes", "valor_brl"],
                   limit=limit, max_rows=lines, rows_why=why)
    out = pd.DataFrame({"serie": df["serie"].fillna("").str.strip(),
                        "ano": to_number(df, "ano", path, integer=True, required=True),
                        "mes": to_number(df, "mes", path, integer=True, required=True),
                        "valor_brl": to_number(df, "valor_brl", path, required=True),
                        ROW: df[ROW]})
    out["ano"] = out["ano"].astype(int)
    out["mes"] = out["mes"].astype(int)
    return validate(out, MONTHLY_SCHEMA, path)


def _codes(names: pd.Series, rows: pd.Series, municipalities: pd.DataFrame, path: Path,
           column: str) -> pd.Series:
    """IBGE codes of the municipality names of a Tesouro file (compared without accents,
    case, spaces or apostrophes); every unknown name at once."""
    known = {name_key(n): c for c, n in zip(municipalities["cod_ibge"], municipalities["nome"])}
    codes = names.fillna("").map(lambda n: known.get(name_key(n)))
    bad = codes.isna()
    if bad.any():
        said = "; ".join(f"linha {int(r)}: {n!r}" for r, n in zip(rows[bad], names[bad]))
        raise DataError(f"municípios que não estão no Censo 2022 de Goiás: {said}; esperado o "
                        "nome de um dos 246 municípios", file=path, column=column)
    return codes


def read_fpm_credits(path: Path, municipalities: pd.DataFrame, *,
                     encoding: str = "utf-8") -> pd.DataFrame:
    """The FPM credited to each Goiás municipality in one month (Tesouro, net of FUNDEB).

    Parameters
    ----------
    path : Path
        The Tesouro's monthly file (``;``, decimal point, every UF; the rows of other UFs
        are left out).
    encoding : {"utf-8", "latin-1"}
        ``latin-1`` for the Tesouro's own file (:data:`CREDITS_ENCODING`), ``utf-8`` for
        the shared copy (converted).
    municipalities : pandas.DataFrame
        ``cod_ibge, nome`` (Censo 2022): the names are matched to codes, and the file must
        have every municipality once.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge, ano, mes, decendio_1_brl, decendio_2_brl, decendio_3_brl`` (R$ net of
        the 20 % FUNDEB retention), ``_row``; the rows ``Item transferência = FPM`` and
        ``Transferência = FPM`` only. March 2023: 246 rows; a 0,6 municipality R$ 387.928,05
        + R$ 85.513,71.

    Raises
    ------
    DataError
        A missing column, a name not in the Censo, a bad number, a municipality missing or
        given twice (file, row, column).
    """
    cols = ["Município", "UF", "ANO", "Mês", "1º Decêndio", "2º Decêndio", "3º Decêndio",
            "Item transferência", "Transferência"]
    limit, lines, why = tesouro_bound(path, "TransferenciaMensalMunicipios202303.csv")
    df = read_rows(path, encoding=encoding, sep=";", required=cols, limit=limit,
                   max_rows=lines, rows_why=why,
                   keep={"Item transferência": "FPM", "Transferência": "FPM", "UF": "GO"})
    out = pd.DataFrame({
        "cod_ibge": _codes(df["Município"], df[ROW], municipalities, path, "Município"),
        "ano": to_number(df, "ANO", path, integer=True, required=True),
        "mes": to_number(df, "Mês", path, integer=True, required=True),
        "decendio_1_brl": to_number(df, "1º Decêndio", path, required=True),
        "decendio_2_brl": to_number(df, "2º Decêndio", path, required=True),
        "decendio_3_brl": to_number(df, "3º Decêndio", path, required=True),
        ROW: df[ROW]})
    out["ano"] = out["ano"].astype(int)
    out["mes"] = out["mes"].astype(int)
    out = validate(out, CREDITS_SCHEMA, path)
    missing = sorted(set(municipalities["cod_ibge"]) - set(out["cod_ibge"]))
    if missing:
        names = dict(zip(municipalities["cod_ibge"], municipalities["nome"]))
        raise DataError(f"faltam as linhas FPM de {len(missing)} municípios: "
                        + ", ".join(f"{names[c]} ({c})" for c in missing[:10])
                        + ("…" if len(missing) > 10 else "")
                        + "; esperada uma linha FPM de cada um dos 246 municípios", file=path,
                        column="Município")
    return out


def read_official_areas(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """The IBGE's official area of each Goiás municipality (Áreas Territoriais 2022), from
    the shared copy (``CD_MUN,NM_MUN,AR_MUN_2022_km2``); the IBGE's own workbook is read by
    :func:`read_official_areas_xlsx`.

    Returns
    -------
    pandas.DataFrame
        ``cod_ibge``, ``area_oficial_km2`` (km², 3 decimals as published), ``_row``; the 246
        codes of the Censo 2022 (Abadiânia 1.044,555; Goiânia 729,296).

    Raises
    ------
    DataError
        A missing column, a bad code or area, a code unlike the Censo's (file, row, column).
    """
    from ..os_errors import count_bytes
    from .download import Limit

    df = read_text_csv(path, encoding="utf-8", sep=",",
                       required=["CD_MUN", "NM_MUN", "AR_MUN_2022_km2"],
                       limit=Limit(AREAS_BYTES, f"a cópia real tem {count_bytes(7_609)} "
                                                "(246 municípios); o limite dá margem de mais de 30 vezes"))
    out = pd.DataFrame({"cod_ibge": df["CD_MUN"].fillna("").str.strip(),
                        "area_oficial_km2": to_number(df, "AR_MUN_2022_km2", path,
                                                      required=True),
                        ROW: df[ROW]})
    return _same_codes(validate(out, AREAS_SCHEMA, path), municipalities, path, "CD_MUN")


def _same_codes(out: pd.DataFrame, municipalities: pd.DataFrame, path: Path,
                column: str) -> pd.DataFrame:
    """Refuse official areas whose codes are not the Censo 2022's 246."""
    a, b = set(out["cod_ibge"]), set(municipalities["cod_ibge"])
    if a != b:
        raise DataError(f"os códigos diferem dos do Censo 2022; só neste arquivo: "
                        f"{sorted(a - b)[:5]}, faltam: {sorted(b - a)[:5]}; esperados os 246 "
                        "municípios de Goiás", file=path, column=column)
    return out


def check_credits(credits: pd.DataFrame, municipalities: pd.DataFrame, path: Path) -> None:
    """Refuse FPM credits that are not coefficients: every interior credit must be a multiple
    of 0,2 point, one point being the smallest credit ÷ 0,6, or 4,0 points plus the reserve
    (:func:`viabilidade.fiscal.paid.paid_coefficients`).

    Raises
    ------
    DataError
        Naming every municipality whose credit is not (file, column).
    """
    from ..fiscal.paid import paid_coefficients

    from ..common.numbers import decimal

    try:
        paid_coefficients(credits, municipalities)
    except ValueError as e:
        bad, point = e.args
        said = "; ".join(f"{r.nome} ({r.cod_ibge}), R$ {decimal(r.credito_brl, 2)}"
                         for r in bad.itertuples())
        raise DataError(f"créditos do FPM que não são múltiplos de 0,2 ponto de coeficiente "
                        f"(um ponto: R$ {decimal(point, 2)}): {said}; esperado, em cada "
                        "município do interior, o coeficiente vezes o valor de um ponto (o menor "
                        "crédito dividido por 0,6), ou 4,0 pontos mais a reserva", file=path,
                        column="1º Decêndio") from None


# -- The publishers' own files (issue 33 § 3; docs/DADOS.md says where each format was seen)

#: Encoding of the Tesouro Transparente's CSV files (both data sets below).
CREDITS_ENCODING = "latin-1"
#: Files of the Tesouro's "Transferências obrigatórias da União" the monthly table is read
#: from: file name -> series (:data:`SERIES`).
MONTHLY_FILES = {"FPM.csv": "FPM", "FPMCAPITAIS.csv": "FPMCAPITAIS"}
#: Month names of the header cells ``<mês>/<aa>`` of those files.
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro")
#: Sheet and header of the IBGE's Áreas Territoriais 2022 workbook.
AREAS_SHEET = "AR_BR_MUN_2022"
AREAS_HEADER = ("ID", "CD_UF", "NM_UF", "NM_UF_SIGLA", "CD_MUN", "NM_MUN", "AR_MUN_2022")
#: Most bytes of the copy of the official areas (``geo/go_areas_territoriais_oficiais_ibge_
#: 2022.csv``, 7.609 bytes; the store reads it whole).
AREAS_BYTES = 256 * _KIB
#: At most this many month columns in a Tesouro file (1991–2100 is 1.320 months); its lines
#: are bounded by :data:`TESOURO_BOUNDS`.
MAX_MONTHS = 1_400


def _br_number(text: str) -> float | None:
    """``2.164.419.224,94`` -> 2164419224.94; ``-`` or empty (a month not posted) -> None.

    Raises
    ------
    ValueError
        Anything else.
    """
    t = text.strip()
    if t in ("", "-"):
        return None
    if not _BR_NUMBER.fullmatch(t):
        raise ValueError(t)
    return float(t.replace(".", "").replace(",", "."))


#: A number as the Tesouro writes it (``1.234,56``, ``-12``, ``0,5``).
_BR_NUMBER = re.compile(r"-?\d{1,3}(\.\d{3})*(,\d+)?|-?\d+(,\d+)?", re.ASCII)


def _monthly_series(path: Path, serie: str) -> tuple[list[dict], list[str]]:
    """The Goiás line of one Tesouro file (title rows, then ``ESTADOS;UF;janeiro/91;…``,
    one line per UF, values ``1.234,56``); rows and every problem found."""
    from .tabular import decode

    limit, most, why = tesouro_bound(path, "FPM.csv")
    text = decode(path, CREDITS_ENCODING, limit)
    if (count := text.count("\n")) > most:  # counted before the lines are made
        return [], [f"{decimal(count)} linhas; esperadas no máximo {decimal(most)} (uma por "
                    f"UF; {why})"]
    lines = text.splitlines()
    head = next((i for i, ln in enumerate(lines)
                 if ln.split(";", 1)[0].strip().upper() == "ESTADOS"), None)
    if head is None:
        return [], ["nenhuma linha de cabeçalho começando por 'ESTADOS'; esperado o "
                    "cabeçalho 'ESTADOS;UF;janeiro/91;…' abaixo das linhas de título"]
    cells = lines[head].split(";")
    if len(cells) > MAX_MONTHS + 2:
        return [], [f"linha {head + 1}: {len(cells)} colunas; esperadas no máximo "
                    f"{MAX_MONTHS + 2}"]
    problems, months = [], []
    for c in cells[2:]:
        name, _, yy = c.strip().lower().partition("/")
        if name not in MONTHS or not (len(yy) == 2 and yy.isascii() and yy.isdigit()):
            problems.append(f"linha {head + 1}, coluna {c.strip()!r}: esperado '<mês>/<aa>' "
                            "(p. ex. 'janeiro/91')")
            months.append(None)
            continue
        year = int(yy) + (1900 if int(yy) >= 89 else 2000)
        months.append((year, MONTHS.index(name) + 1))
    go = [i for i in range(head + 1, len(lines))
          if (uf := lines[i].split(";", 2)[1:2]) and uf[0].strip() == "GO"]
    if len(go) != 1:
        problems.append(f"{len(go)} linhas com UF = GO; esperada uma")
        return [], problems
    (i,) = go
    values = lines[i].split(";")[2:]
    rows = []
    for when, text in zip(months, values):
        if when is None:
            continue
        try:
            value = _br_number(text)
        except ValueError:
            problems.append(f"linha {i + 1}, coluna {MONTHS[when[1] - 1]}/"
                            f"{str(when[0])[2:]}: {text.strip()!r} não é um valor; esperado "
                            "um número como 1.234,56 ou '-'")
            continue
        if value is not None:
            rows.append({"serie": serie, "ano": when[0], "mes": when[1], "valor_brl": value,
                         ROW: i + 1})
    return rows, problems


def read_fpm_monthly_official(folder: Path) -> pd.DataFrame:
    """The monthly FPM of Goiás from the Tesouro's own files of "Transferências
    obrigatórias da União" (:data:`MONTHLY_FILES` in ``folder``), in the frame of
    :func:`read_fpm_monthly`.

    Parameters
    ----------
    folder : Path
        The folder ``data fetch`` saves the data set's CSV files in.

    Returns
    -------
    pandas.DataFrame
        ``serie, ano, mes, valor_brl`` (nominal R$), ``_row``; a month shown as ``-`` (not
        posted yet) has no row.

    Raises
    ------
    DataError
        A file missing; in a file, no ``ESTADOS`` header, a header cell that is not a month,
        not one Goiás line, a value that is not a number — every problem of both files at
        once (file, line, column).
    """
    from ..os_errors import not_regular

    rows, problems = [], []
    for name, serie in MONTHLY_FILES.items():
        path = Path(folder) / name
        if kind := not_regular(path):
            problems.append(f"{path}: é {kind}, não um arquivo comum; esperado {name} do "
                            "conjunto Transferências obrigatórias da União, como baixado")
            continue
        if not path.is_file():
            problems.append(f"{path}: arquivo não encontrado; esperado {name} do conjunto "
                            "Transferências obrigatórias da União")
            continue
        got, bad = _monthly_series(path, serie)
        rows += got
        problems += [f"{path}: {b}" for b in bad]
    if problems:
        raise DataError("FPM mensal do Tesouro: " + "; ".join(capped(problems)))
    out = pd.DataFrame(rows, columns=["serie", "ano", "mes", "valor_brl", ROW])
    return validate(out, MONTHLY_SCHEMA, Path(folder) / "FPM.csv")


def read_official_areas_xlsx(path: Path, municipalities: pd.DataFrame) -> pd.DataFrame:
    """The IBGE's official areas of Goiás from its own workbook (``AR_BR_RG_UF_RGINT_MES_
    MIC_MUN_2022.xlsx``, sheet :data:`AREAS_SHEET`, header :data:`AREAS_HEADER`; the rows
    with ``CD_UF`` = 52), in the frame of :func:`read_official_areas`.

    Raises
    ------
    DataError
        Not an xlsx workbook, no such sheet, another header, more than 10.000 rows, a bad
        code or area, codes unlike the Censo's (file, row, column).
    """
    from .tabular import read_sheet

    rows = read_sheet(path, AREAS_SHEET)
    if len(rows) > 10_000:
        raise DataError(f"{len(rows)} linhas; esperadas no máximo 10.000 (os 5.570 municípios)",
                        file=path)
    head = tuple(str(v).strip() if v is not None else "" for v in (rows[0][1] if rows else ()))
    if head[:len(AREAS_HEADER)] != AREAS_HEADER:
        raise DataError(f"cabeçalho {list(head[:len(AREAS_HEADER)])}; esperado "
                        f"{list(AREAS_HEADER)} na aba {AREAS_SHEET}", file=path, row=1)
    at = {c: i for i, c in enumerate(AREAS_HEADER)}
    kept = [(n, r) for n, r in rows[1:] if str(r[at["CD_UF"]] or "").strip() == "52"]
    df = pd.DataFrame({"CD_MUN": [str(r[at["CD_MUN"]] or "").strip() for _, r in kept],
                       "AR_MUN_2022": [r[at["AR_MUN_2022"]] for _, r in kept],
                       ROW: [n for n, _ in kept]})
    bad = [f"linha {n}: " + ("célula vazia ou fórmula sem valor calculado" if v is None
                             else quoted(v))
           for n, v in zip(df[ROW], df["AR_MUN_2022"]) if not isinstance(v, (int, float))]
    if bad:
        raise DataError(f"áreas que não são números: {'; '.join(capped(bad))}; esperada a área "
                        "em km²", file=path, column="AR_MUN_2022")
    out = pd.DataFrame({"cod_ibge": df["CD_MUN"],
                        "area_oficial_km2": df["AR_MUN_2022"].astype(float), ROW: df[ROW]})
    return _same_codes(validate(out, AREAS_SCHEMA, path), municipalities, path, "CD_MUN")
