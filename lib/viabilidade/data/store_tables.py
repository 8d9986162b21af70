"""The layout of the processed store: its tables, their columns and sort keys.

Tables (docs/CONTRACTS.md), codes always text, rows sorted by code, fixed column order:

=================  ==========================================================================
municipalities     cod_ibge, nome, area_km2, populacao, populacao_1a_divulgacao, domicilios,
                   domicilios_ocupados
districts          cod_distrito, nome, cod_ibge, nome_municipio, sede, area_km2, populacao,
                   domicilios, domicilios_ocupados
electorate         cod_ibge, cod_tse, nome_tse, eleitores_aptos, zonas (TSE, Eleições Gerais 2022)
electorate_profile cod_ibge, cod_tse, eleitores, base, nota (TSE, perfil do eleitorado 2026;
                   base "estimated" for a municipality derived from the state total)
crosswalk          cod_tse, cod_ibge, nome_tse
seats              cod_ibge, categoria, lat, lon (IBGE Localidades 2022, Cidade)
vilas              cod_distrito, cod_ibge, nome, categoria, lat, lon (Localidades 2022, Vila)
state_revenue      ano, tributo, valor_brl, fonte
pib                cod_ibge, ano, pib_mil_reais, vab_mil_reais, impostos_mil_reais
fpm_interior       ano, uf, item, valor, unidade, fonte, url (TCU; brackets checked vs law)
history            cod_ibge, municipio, municipio_origem, ato_legal, data_ato, instalacao, observacao, fonte_url, confianca (text as compiled)
boundaries         GeoParquet: cod_ibge, nome, geometry (EPSG:4674): IBGE Malha Municipal
                   2022 at full resolution, for every measure (zstd level 9, about 16 MB)
boundaries_map     GeoParquet: the same, simplified for maps only
                   (:func:`viabilidade.data.localidades.simplify_for_maps`, 0,001°)
tracts             optional, only when the raw folder holds the census tracts
                   (:mod:`.tracts`): GeoParquet cod_setor, cod_distrito, cod_ibge, situacao,
                   cd_sit, populacao, domicilios, domicilios_ocupados, geometry
=================  ==========================================================================
"""

from __future__ import annotations

#: Table name -> (column order, sort keys, raw roles it is built from).
TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "municipalities": (("cod_ibge", "nome", "area_km2", "populacao", "populacao_1a_divulgacao",
                        "domicilios", "domicilios_ocupados"), ("cod_ibge",),
                       ("agg_mun", "pop_xlsx", "dictionary")),
    "districts": (("cod_distrito", "nome", "cod_ibge", "nome_municipio", "sede", "area_km2",
                   "populacao", "domicilios", "domicilios_ocupados"), ("cod_distrito",),
                  ("agg_dist", "dtb", "dictionary")),
    "electorate": (("cod_ibge", "cod_tse", "nome_tse", "eleitores_aptos", "zonas"),
                   ("cod_ibge",), ("electorate", "crosswalk")),
    "electorate_profile": (("cod_ibge", "cod_tse", "eleitores", "base", "nota"), ("cod_ibge",),
                           ("profile", "profile_total", "crosswalk")),
    "crosswalk": (("cod_tse", "cod_ibge", "nome_tse"), ("cod_tse",), ("crosswalk",)),
    "seats": (("cod_ibge", "categoria", "lat", "lon"), ("cod_ibge",), ("seats",)),
    "vilas": (("cod_distrito", "cod_ibge", "nome", "categoria", "lat", "lon"),
              ("cod_distrito",), ("vilas",)),
    "state_revenue": (("ano", "tributo", "valor_brl", "fonte"), ("ano", "tributo", "fonte"),
                      ("imb125", "sefaz")),
    "pib": (("cod_ibge", "ano", "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais"),
            ("cod_ibge", "ano"), ("pib", "agg_mun")),
    "fpm_interior": (("ano", "uf", "item", "valor", "unidade", "fonte", "url"),
                     ("ano", "uf", "item"), ("fpm_tcu", "fpm_faixas")),
    "history": (("cod_ibge", "municipio", "municipio_origem", "ato_legal", "data_ato",
                 "instalacao", "observacao", "fonte_url", "confianca"), ("cod_ibge",),
                ("history", "agg_mun")),
    "boundaries": (("cod_ibge", "nome", "geometry"), ("cod_ibge",), ("boundaries", "agg_mun")),
    "boundaries_map": (("cod_ibge", "nome", "geometry"), ("cod_ibge",),
                       ("boundaries_map", "agg_mun")),
}

#: Tables built only when their raw files are present: name -> (column order, sort keys).
OPTIONAL_TABLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "tracts": (("cod_setor", "cod_distrito", "cod_ibge", "situacao", "cd_sit", "populacao",
                "domicilios", "domicilios_ocupados", "geometry"), ("cod_setor",)),
    "fpm_monthly": (("serie", "ano", "mes", "valor_brl"), ("serie", "ano", "mes")),
    "fpm_credits": (("cod_ibge", "ano", "mes", "decendio_1_brl", "decendio_2_brl",
                     "decendio_3_brl"), ("cod_ibge", "ano", "mes")),
    "official_areas": (("cod_ibge", "area_oficial_km2", "area_malha_km2"), ("cod_ibge",)),
}

#: Optional tables read from one raw file each (:data:`.provenance.OPTIONAL_RAW`), built
#: only when that file is in the raw folder: table -> (raw role, other roles it rests on).
OPTIONAL_FILES = {"fpm_monthly": ("fpm_mensal", ()),
                  "fpm_credits": ("fpm_municipios", ("agg_mun",)),
                  "official_areas": ("areas_oficiais", ("agg_mun", "boundaries"))}

#: The GeoParquet tables, and the zstd level each is written with. The full mesh's
#: coordinates (13 decimals) barely compress: level 9 gives 16,5 MB in about 3 s, level 19
#: 11 MB in about a minute, too slow for a build the tests repeat.
GEO_TABLES = {"boundaries": 9, "boundaries_map": 9, "tracts": None}


#: The tables of points and their coordinate columns: table -> (code column, what the code
#: names, coordinate columns). A study compares and draws them; a NaN or infinite one ended
#: the study notebook in "TypeError: '>' not supported between instances of 'NoneType' and
#: 'int'" (hostile trial 9), so the reader refuses them (:func:`coordinate_problems`).
POINT_TABLES = {"seats": ("cod_ibge", "município", ("lat", "lon")),
                "vilas": ("cod_distrito", "distrito", ("lat", "lon"))}


def coordinate_problems(name: str, table) -> list[str]:
    """Each coordinate of table ``name`` (:data:`POINT_TABLES`) that is not a finite number,
    in pt-BR, in the table's order: ``município 5200100, coluna 'lat': NaN``; empty for a
    table with none, or one that is not a table of points.

    Parameters
    ----------
    name : str
        The table's name in the store.
    table : pandas.DataFrame
        The table as read, with its layout's columns (:data:`TABLES`).

    Returns
    -------
    list of str
        One line per coordinate (a row with both bad gives two), uncut: the caller cuts
        (:func:`viabilidade.errors.capped`).
    """
    if name not in POINT_TABLES:
        return []
    import numpy as np
    import pandas as pd

    code, noun, columns = POINT_TABLES[name]
    found = []
    for column in columns:
        values = pd.to_numeric(table[column], errors="coerce").astype("float64")
        bad = ~np.isfinite(values.to_numpy())
        for i in np.flatnonzero(bad):
            raw = table[column].iloc[i]
            if raw is None or raw is pd.NA:
                said = "vazia"
            elif isinstance(raw, (float, np.floating)):
                said = "NaN" if raw != raw else "infinito" if raw > 0 else "menos infinito"
            else:
                said = f"{raw!r}, que não é um número"
            found.append((int(i), f"{noun} {table[code].iloc[i]}, coluna {column!r}: {said}"))
    return [line for _, line in sorted(found)]

#: The Parquet physical type of each column that is not text, as the build writes it: the
#: same name has the same type in every table (data/processed, dec. 2026); every other column
#: is text (``BYTE_ARRAY``: codes, names, WKB geometry). A table whose ``lat`` is text was
#: read whatever its values (:func:`.store_open.check_layout`).
NUMBER_COLUMNS = {
    "sede": "BOOLEAN",
    **dict.fromkeys(("populacao", "populacao_1a_divulgacao", "domicilios", "domicilios_ocupados",
                     "eleitores_aptos", "eleitores", "ano", "mes"), "INT64"),
    **dict.fromkeys(("area_km2", "area_oficial_km2", "area_malha_km2", "lat", "lon", "valor",
                     "valor_brl", "decendio_1_brl", "decendio_2_brl", "decendio_3_brl",
                     "pib_mil_reais", "vab_mil_reais", "impostos_mil_reais"), "DOUBLE"),
}


#: Code columns and the pattern each value must match (:mod:`viabilidade.common.ibge_codes`).
def _code_patterns():
    from ..common.ibge_codes import COD_DISTRITO, COD_IBGE

    return {"cod_ibge": COD_IBGE, "cod_distrito": COD_DISTRITO}


def row_problems(name: str, table) -> list[str]:
    """What no table of a built store has, in pt-BR: a key (:data:`TABLES`' sort keys) given
    twice, and a code of a municipality or district that is not one of Goiás; empty for a
    table as the build writes it. Hostile trial 10: a seats table with a repeated
    ``cod_ibge`` ended the study notebook in "TypeError: float() argument must be … not
    'Series'", and 59.754 seats with codes outside Goiás were read without a word.

    Returns
    -------
    list of str
        One line per kind of problem, with its first values and count.
    """
    import pandas as pd

    from ..common.text import quoted_list

    keys = list((TABLES.get(name) or OPTIONAL_TABLES[name])[1])
    found = []
    twice = table[keys].duplicated(keep=False) if len(table) else pd.Series([], dtype=bool)
    if twice.any():
        repeated = table.loc[twice, keys].drop_duplicates().astype(str).agg("/".join, axis=1)
        n = len(repeated)
        found.append(f"{n} {'chaves repetidas' if n > 1 else 'chave repetida'} "
                     f"({'/'.join(keys)}): {quoted_list(list(repeated), 6)}")
    for column, pattern in _code_patterns().items():
        if column in table:
            values = table[column].astype("string")
            bad = values[~values.fillna("").str.fullmatch(pattern.pattern.strip("^$"))]
            if len(bad):
                n = len(bad)
                found.append(f"{n} {'códigos' if n > 1 else 'código'} em {column!r} que não "
                             f"{'são' if n > 1 else 'é'} de Goiás: "
                             f"{quoted_list(list(bad.fillna('<vazio>')), 6)}")
    return found
