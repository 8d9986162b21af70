"""Fixtures in the publishers' own formats, made from the shared raw copies (TEST data: the
values are the copies'; the layout is the publisher's, as the readers' docstrings and
docs/DADOS.md say where each was confirmed). Used by the ``data fetch`` tests' local server."""

from __future__ import annotations

import json
import math
from pathlib import Path

from viabilidade.data import census, provenance as prov, sidra

REPO = Path(__file__).resolve().parents[1]
RAW = REPO.parent / "shared" / "data"

#: The SIDRA API's header element (the first of every ``/values`` answer), for a query
#: ordered n6, v, p.
SIDRA_HEADER = {"NC": "Nível Territorial (Código)", "NN": "Nível Territorial",
                "MC": "Unidade de Medida (Código)", "MN": "Unidade de Medida", "V": "Valor",
                "D1C": "Município (Código)", "D1N": "Município", "D2C": "Variável (Código)",
                "D2N": "Variável", "D3C": "Ano (Código)", "D3N": "Ano"}
SIDRA_LABELS = {"37": "Produto Interno Bruto a preços correntes",
                "498": "Valor adicionado bruto a preços correntes total",
                "513": "Impostos, líquidos de subsídios, sobre produtos a preços correntes"}


def municipalities():
    """``cod_ibge, nome`` of the 246 municipalities, from the shared Censo 2022 aggregates."""
    return census.read_aggregates(RAW / prov.RAW["agg_mun"].path,
                                  level="municipios")[["cod_ibge", "nome"]]


def _sidra_value(v: float) -> str:
    if math.isnan(v):
        return "..."
    return str(int(v)) if v == int(v) else repr(v)


def sidra_pib_json(raw: Path = RAW) -> bytes:
    """The SIDRA API's answer for table 5938, Goiás municipalities, variables 37, 498 and 513,
    every year, from the shared xlsx export (values as read; ``...`` where it has none)."""
    mun = census.read_aggregates(raw / prov.RAW["agg_mun"].path, level="municipios")
    pib = sidra.read_pib(raw / prov.RAW["pib"].path, mun[["cod_ibge", "nome"]])
    names = dict(zip(mun["cod_ibge"], mun["nome"]))
    column = {v: c for v, c in sidra.PIB_VARIABLES.items()}
    rows = [SIDRA_HEADER]
    for code, g in pib.groupby("cod_ibge", sort=True):
        for var in ("37", "498", "513"):
            for year, value in zip(g["ano"], g[column[var]]):
                rows.append({"NC": "6", "NN": "Município", "MC": "40", "MN": "Mil Reais",
                             "V": _sidra_value(float(value)), "D1C": code,
                             "D1N": f"{names[code]} - GO", "D2C": var, "D2N": SIDRA_LABELS[var],
                             "D3C": str(year), "D3N": str(year)})
    return json.dumps(rows, ensure_ascii=False).encode("utf-8")
