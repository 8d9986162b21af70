"""Generated candidate files: whole families of candidates built from the processed store.

The one family so far is ``distritos-nao-sede``: every district of Goiás that is not the
seat of its municipality (81 in the IBGE DTB 2022 / Censo 2022), each written as a
candidate for the creation of a new municipality (LC 02/1990, arts. 1º a 4º) whose area is
that district and whose município de origem is the municipality it belongs to.

The files are ordinary candidate TOMLs (see :mod:`viabilidade.proposal.candidate`): a person can
read, edit and re-run any of them with ``viabilidade estudo``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from .candidate import slugify
from ..common.text import quoted
from ..errors import DataError, ViabilidadeError

#: Families of generated candidates, by the name used on the command line.
FAMILIES = {
    "distritos-nao-sede": "cada distrito não sede de Goiás como candidato a município "
                          "(área = o distrito; município de origem = o seu município)",
}

_DISTRICT_COLUMNS = ("cod_distrito", "nome", "cod_ibge", "nome_municipio", "sede")


def _toml_string(text: str) -> str:
    """A TOML basic string: JSON's escapes (``\\"``, ``\\\\``, ``\\n``, ``\\uXXXX``) are valid TOML."""
    return json.dumps(text, ensure_ascii=False)


def non_seat_districts(districts: pd.DataFrame) -> pd.DataFrame:
    """The districts that are not the seat of their municipality, ordered by ``cod_distrito``.

    Parameters
    ----------
    districts : DataFrame
        The processed store's ``districts`` table: at least cod_distrito (9-digit text),
        nome, cod_ibge (7-digit text), nome_municipio and sede (bool). Source: IBGE DTB 2022
        and Censo 2022 (Agregados por distritos).

    Returns
    -------
    DataFrame
        The same columns, only rows with ``sede`` false (81 rows for Goiás, DTB 2022),
        with a fresh 0..n-1 index.

    Raises
    ------
    DataError
        If a column is missing, or ``sede`` holds something other than true/false.
    """
    missing = [c for c in _DISTRICT_COLUMNS if c not in districts.columns]
    if missing:
        raise DataError(f"faltam as colunas {', '.join(missing)}; esperadas "
                        f"{', '.join(_DISTRICT_COLUMNS)}", file="districts", column=missing[0])
    sede = districts["sede"]
    bad = ~sede.isin([True, False])
    if bad.any():
        i = int(bad.to_numpy().nonzero()[0][0])
        raise DataError(f"encontrado {quoted(sede.iloc[i])} (distrito "
                        f"{districts['cod_distrito'].iloc[i]}); esperado true ou false", file="districts", row=i + 2,
                        column="sede")
    out = districts.loc[~sede.astype(bool), list(_DISTRICT_COLUMNS)]
    return out.sort_values("cod_distrito", kind="stable").reset_index(drop=True)


def candidate_toml(*, slug: str, operation: str, name: str, seat: str,
                   districts: tuple[str, ...] = (), municipalities: tuple[str, ...] = (),
                   origins: tuple[str, ...] = (), comments: tuple[str, ...] = (),
                   special_interest: bool = True) -> str:
    """The text of a candidate file (:mod:`viabilidade.proposal.candidate`) for an area named by codes.

    Parameters
    ----------
    slug, operation, name, seat : str
        As in the candidate file (``operation`` one of :data:`~viabilidade.proposal.candidate.OPERATIONS`).
    districts, municipalities : tuple of str
        The area: IBGE district codes (9 digits) and/or municipality codes (7 digits).
    origins : tuple of str
        IBGE codes of the origin municipalities; no ``[origin]`` table when empty (fusion).
    comments : tuple of str
        Lines written as ``# …`` at the top.
    special_interest : bool
        Write ``[special_interest] declared = false`` (art. 4, head: creations).

    Returns
    -------
    str
        TOML text.
    """
    def codes(values):
        return "[" + ", ".join(_toml_string(v) for v in values) + "]"

    lines = [f"# {c}" for c in comments]
    lines += [f"slug = {_toml_string(slug)}", f"operation = {_toml_string(operation)}",
              f"name = {_toml_string(name)}", f"seat = {_toml_string(seat)}", "", "[area]"]
    if districts:
        lines.append(f"districts = {codes(districts)}")
    if municipalities:
        lines.append(f"municipalities = {codes(municipalities)}")
    if origins:
        lines += ["", "[origin]", f"municipalities = {codes(origins)}"]
    if special_interest:
        lines += ["", "[special_interest]", "declared = false"]
    lines.append("")
    return "\n".join(lines)


def district_candidate_toml(cod_distrito: str, nome: str, cod_ibge: str,
                            nome_municipio: str) -> tuple[str, str]:
    """The candidate file creating a municipality from one district.

    Parameters
    ----------
    cod_distrito : str
        9-digit IBGE district code (the area).
    nome : str
        District name, used as the candidate's name and seat.
    cod_ibge : str
        7-digit IBGE code of the município de origem.
    nome_municipio : str
        Name of the município de origem (written as a comment).

    Returns
    -------
    (slug, text) : tuple of str
        The slug (``<district name>-<cod_distrito>``, unique in the state) and the TOML text.
    """
    slug = f"{slugify(nome)}-{cod_distrito}"
    text = candidate_toml(
        slug=slug, operation="create-municipality", name=nome, seat=nome,
        districts=(cod_distrito,), origins=(cod_ibge,),
        comments=(f"Gerado por viabilidade.proposal.generate (família distritos-nao-sede): distrito {cod_distrito}",
                  f"de {nome_municipio} ({cod_ibge}) como candidato à criação de município (LC 02/1990, art. 4º).",
                  "Fonte: tabela districts do repositório processado (IBGE DTB 2022, Censo 2022)."))
    return slug, text


def generate_candidates(family: str, dest: Path, *, districts: pd.DataFrame | None = None,
                        data_root: Path | None = None) -> list[Path]:
    """Write one candidate TOML per member of a family into ``dest``.

    Files are rewritten only when their text changes, so that unchanged candidates keep the
    same bytes (and a resumed batch skips them).

    Parameters
    ----------
    family : str
        One of :data:`FAMILIES` (``"distritos-nao-sede"``).
    dest : Path
        Folder to write into (created if needed).
    districts : DataFrame, optional
        The ``districts`` table; read from the processed store at ``data_root`` when absent.
    data_root : Path, optional
        Processed store folder (default: ``$VIABILIDADE_DATA`` or ``data/processed``).

    Returns
    -------
    list of Path
        The candidate files, ordered by district code.

    Raises
    ------
    ViabilidadeError
        ``ViabilidadeError`` for an unknown family; ``DataError`` from the store.
    """
    if family not in FAMILIES:
        raise ViabilidadeError(f"família de candidatos desconhecida {family!r}; esperada uma de "
                               f"{', '.join(FAMILIES)}")
    if districts is None:
        from ..data.store import load_store

        districts = load_store(data_root).districts
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    paths = []
    for row in non_seat_districts(districts).itertuples(index=False):
        slug, text = district_candidate_toml(str(row.cod_distrito), str(row.nome),
                                             str(row.cod_ibge), str(row.nome_municipio))
        path = dest / f"{slug}.toml"
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            tmp = path.with_suffix(".toml.tmp")
            tmp.unlink(missing_ok=True)  # a link left there is removed, never written through
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        paths.append(path)
    return paths
