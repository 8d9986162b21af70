"""Find a district or municipality of Goiás by name or code, and the candidate it makes.

A user knows "Posse d'Abadia", not 520010010. Names are compared without accents, case,
spaces or punctuation (``"posse dabadia"``, ``"POSSE D'ABADIA"`` and ``"Posse d’Abadia"``
are the same key); a 9-digit code names a district, a 7-digit code a municipality. The
names and codes are those of the processed ``districts`` and ``municipalities`` tables
(IBGE DTB 2022).

A district that is the seat of its municipality has the municipality's name; a name is
therefore looked up among the municipalities and the non-seat districts.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..common.text import (CLOSE_RATIO, NAME, collation_key, digit_problem, name_key, quoted,
                           text_problem)
from ..data.codes import municipality_hint
from ..proposal.candidate import OPERATIONS, slugify
from ..errors import ViabilidadeError


class NameLookupError(ViabilidadeError):
    """A name or code matching no place, or several (the matches are listed)."""

    def __init__(self, headline: str, details: list[str] | None = None):
        self.headline, self.details = headline, list(details or [])
        super().__init__("\n".join([headline, *self.details]))

    @property
    def lines(self) -> list[str]:
        return [self.headline, *self.details]


@dataclass(frozen=True)
class Unit:
    """A district or municipality of Goiás.

    Attributes
    ----------
    kind : str
        ``"district"`` or ``"municipality"``.
    code : str
        IBGE code: 9 digits (district) or 7 digits (municipality).
    name : str
        Name as in IBGE DTB 2022.
    cod_ibge, municipality : str
        Code and name of the municipality (its own for a municipality).
    seat : bool
        A district that is the seat of its municipality.
    """

    kind: str
    code: str
    name: str
    cod_ibge: str
    municipality: str
    seat: bool = False

    def label(self) -> str:
        """``distrito Posse d'Abadia (520010010), de Abadiânia (5200100)`` or
        ``município Abadiânia (5200100)``."""
        if self.kind == "municipality":
            return f"município {self.name} ({self.code})"
        role = "distrito-sede" if self.seat else "distrito"
        return f"{role} {self.name} ({self.code}), de {self.municipality} ({self.cod_ibge})"


def _in_order(names: pd.Series) -> pd.Series:
    """``names`` as keys of the pt-BR order (:func:`~viabilidade.common.text.collation_key`)."""
    return names.map(collation_key)


def _units(districts: pd.DataFrame, municipalities: pd.DataFrame) -> list[Unit]:
    out = [Unit("municipality", str(r.cod_ibge), str(r.nome), str(r.cod_ibge), str(r.nome))
           for r in municipalities.sort_values("nome", key=_in_order, kind="stable").itertuples(index=False)]
    out += [Unit("district", str(r.cod_distrito), str(r.nome), str(r.cod_ibge),
                 str(r.nome_municipio), bool(r.sede))
            for r in districts.sort_values("nome", key=_in_order, kind="stable").itertuples(index=False)]
    return out


def find_units(query: str, districts: pd.DataFrame, municipalities: pd.DataFrame) -> list[Unit]:
    """Districts and municipalities matching a name or an IBGE code.

    Parameters
    ----------
    query : str
        A name (accents, case, spaces and punctuation ignored) or a code (9 digits: district;
        7 digits: municipality).
    districts, municipalities : DataFrame
        The processed store's tables (cod_distrito, nome, cod_ibge, nome_municipio, sede;
        cod_ibge, nome). Source: IBGE DTB 2022.

    Returns
    -------
    list of Unit
        A code: the unit with that code (a seat district included), or none. A name: the
        municipalities and non-seat districts whose name equals it (accents, case, spaces
        and punctuation ignored), municipalities first, then districts, each by name. A part
        of a name finds nothing: "Brasília" is not "Nova Brasília" (polish12 M3; the
        refusal lists it, :func:`similar_units`).
    """
    q = query.strip()
    units = _units(districts, municipalities)
    if q.isascii() and q.isdigit():  # "٥٢٠٠١٠٠" is no code (hostile trial 11)
        kind = {9: "district", 7: "municipality"}.get(len(q))
        return [u for u in units if u.kind == kind and u.code == q]
    key = name_key(q)
    if not key:
        return []
    return [u for u in units if not u.seat and name_key(u.name) == key]


#: At most this many names are suggested for a name that matches none.
SIMILAR_SHOWN = 10


def similar_units(query: str, districts: pd.DataFrame, municipalities: pd.DataFrame) -> list[Unit]:
    """The municipalities and non-seat districts a name that matches none may have meant:
    those whose name contains it ("Brasília": Nova Brasília), then those whose name is
    close to it (difflib, :data:`~viabilidade.common.text.CLOSE_RATIO`: "Posse dAbadya"),
    each once, in that order."""
    key = name_key(query)
    units = [u for u in _units(districts, municipalities) if not u.seat]
    out = [u for u in units if key and key in name_key(u.name)]
    by_key = {name_key(u.name): u for u in units}
    out += [by_key[k] for k in difflib.get_close_matches(key, list(by_key), n=5, cutoff=CLOSE_RATIO)
            if by_key[k] not in out]
    return out


def resolve_unit(query: str, store) -> Unit:
    """The one district or municipality a name or code designates.

    Parameters
    ----------
    query : str
        Name or IBGE code (see :func:`find_units`).
    store : viabilidade.data.store.Store
        Needs ``districts`` and ``municipalities``.

    Returns
    -------
    Unit

    Raises
    ------
    NameLookupError
        No match (with the closest names, if any), or several (each listed, with its code).
    """
    if not query.strip():  # it read "nenhum distrito ou município de Goiás se chama ''"
        raise NameLookupError("o nome está vazio" + (f" (só espaços: {quoted(query)})" if query
                                                     else "")
                              + "; esperado o nome ou o código IBGE de um distrito ou município "
                              "de Goiás (ex.: \"Posse d'Abadia\" ou 5200100)")
    # a 120 KB name was echoed whole (hostile trial 4); "٥٢٠٠١٠٠" read as a code (trial 11)
    problem = text_problem(query, NAME) or digit_problem(query)
    if problem:
        raise NameLookupError(f"o nome {quoted(query)}: {problem}")
    found = find_units(query, store.districts, store.municipalities)
    if len(found) == 1:
        return found[0]
    if not found:
        if query.strip().isascii() and query.strip().isdigit():
            raise NameLookupError(f"nenhum distrito (9 algarismos) ou município (7 algarismos) de "
                               f"Goiás tem o código {quoted(query.strip())} (IBGE DTB 2022); esperado "
                               "um código existente ou um nome"
                               + municipality_hint(query, municipalities=store.municipalities))
        close = similar_units(query, store.districts, store.municipalities)
        hint = (": nomes parecidos: " + "; ".join(u.label() for u in close[:SIMILAR_SHOWN])
                if close else "")
        if len(close) > SIMILAR_SHOWN:
            hint += f" e mais {len(close) - SIMILAR_SHOWN} nomes"
        raise NameLookupError(f"nenhum distrito ou município de Goiás se chama {quoted(query)} "
                           f"(IBGE DTB 2022){hint}; esperado o nome inteiro de um lugar "
                           "existente (acentos e maiúsculas não importam) ou o seu código IBGE")
    raise NameLookupError(f"o nome {quoted(query)} é ambíguo: {len(found)} lugares correspondem; "
                       "esperado um só — repita com o nome completo ou o código:",
                       [f"  {u.label()}" for u in found])


def suggestions(unit: Unit, store) -> list[str]:
    """What operations make sense for a municipality or a seat district, as pt-BR lines."""
    d = store.districts
    own = d[(d["cod_ibge"] == unit.cod_ibge) & ~d["sede"].astype(bool)].sort_values("nome", key=_in_order, kind="stable")
    name = unit.municipality
    lines = [f"  - {OPERATIONS['fusion']}: viabilidade novo \"{name}\" --fusao-com \"<outro "
             "município>\""]
    if len(own):
        for r in own.itertuples(index=False):
            lines.append(f"  - {OPERATIONS['create-municipality']} a partir do distrito "
                         f"{r.nome} ({r.cod_distrito}): viabilidade novo \"{r.nome}\"")
    else:
        lines.append(f"  - {name} não tem distritos além do distrito-sede (IBGE DTB 2022): "
                     "não há distrito a emancipar")
    lines.append(f"  - {OPERATIONS['create-district']}, {OPERATIONS['transfer-area']} ou "
                 f"{OPERATIONS['boundary-correction']}: precisam de uma área ou de um destino "
                 "que os nomes não dão; parta de um candidato escrito e edite-o (docs/GUIA.md)")
    return lines


def candidate_for(unit: Unit, store, *, fusion_with: Unit | None = None) -> tuple[str, str]:
    """The candidate file a unit makes: (slug, TOML text).

    A non-seat district: the creation of a municipality (arts. 1º a 4º) from it, the origin
    being its municipality. A municipality with ``fusion_with``: the fusion of the two
    (art. 5º, § 2º), the seat being the more populous one's.

    Raises
    ------
    NameLookupError
        A municipality or seat district without ``fusion_with`` (the message lists the
        operations that make sense for it), or a fusion of a municipality with itself.
    """
    from ..proposal.generate import candidate_toml

    if fusion_with is not None:
        a, b = _as_municipality(unit), _as_municipality(fusion_with)
        if a.code == b.code:
            raise NameLookupError(f"--fusao-com: encontrado o próprio {a.label()}; esperado outro "
                               "município")
        pop = store.municipalities.set_index("cod_ibge")["populacao"]
        seat = max((a, b), key=lambda u: (pop.get(u.code, 0), u.name)).name
        name = f"{a.name}-{b.name}"
        slug = f"fusao-{slugify(a.name)}-{slugify(b.name)}"
        from ..proposal.candidate import Candidate
        from ..profile.coherence import fusion_contiguity_problems

        apart = fusion_contiguity_problems(Candidate(
            path=Path(f"{slug}.toml"), slug=slug, operation="fusion", name=name, seat=seat,
            municipalities=(a.code, b.code)), store)
        if apart:
            raise NameLookupError(f"--fusao-com: {apart[0].message}; nenhum arquivo foi escrito")
        return slug, candidate_toml(
            slug=slug, operation="fusion", name=name, seat=seat,
            municipalities=(a.code, b.code), special_interest=False,
            comments=(f"Candidato: fusão de {a.name} ({a.code}) e {b.name} ({b.code}) "
                      "(LC 02/1990, art. 5º, § 2º).",
                      f"Sede: {seat}, o mais populoso (Censo 2022); edite se for outra.",
                      "Escrito por `viabilidade novo`; guia dos campos: docs/GUIA.md."))
    if unit.kind == "municipality" or unit.seat:
        what = (f"{unit.name} ({unit.code}) é um município" if unit.kind == "municipality" else
                f"{unit.name} ({unit.code}) é o distrito-sede do município {unit.municipality} "
                f"({unit.cod_ibge})")
        raise NameLookupError(f"{what}, não um distrito a emancipar; esperado o nome de um "
                              "distrito não sede, ou --fusao-com. Operações possíveis:",
                              suggestions(unit, store))
    slug = slugify(unit.name)
    return slug, candidate_toml(
        slug=slug, operation="create-municipality", name=unit.name, seat=unit.name,
        districts=(unit.code,), origins=(unit.cod_ibge,),
        comments=(f"Candidato: o distrito {unit.name} (IBGE {unit.code}), de {unit.municipality} "
                  f"({unit.cod_ibge}),",
                  "como novo município pela LC 02/1990 (arts. 1º a 4º).",
                  "Escrito por `viabilidade novo`; guia dos campos: docs/GUIA.md."))


def _as_municipality(unit: Unit) -> Unit:
    if unit.kind == "municipality":
        return unit
    if unit.seat:
        return Unit("municipality", unit.cod_ibge, unit.municipality, unit.cod_ibge,
                    unit.municipality)
    raise NameLookupError(f"--fusao-com: encontrado o {unit.label()}; esperado um município "
                       "(a fusão é de municípios inteiros)")


#: The file a name's generated candidate is written to, in its study's folder
#: (:func:`candidate_path`): never in the user's candidates folder unasked.
GENERATED_CANDIDATE = "candidato.toml"


def candidate_path(query: str, store, candidates_dir: Path, out_root: Path) -> tuple[Path, bool]:
    """The candidate file a name or code designates: the user's own, or one generated from
    the data beside the study's outputs.

    Parameters
    ----------
    query : str
        Name or code of a non-seat district (see :func:`find_units`).
    store : viabilidade.data.store.Store
    candidates_dir : Path
        Folder of the user's candidate files (the repository's ``data/candidates``): its
        ``<slug>.toml`` is used as it is when there; nothing is ever written into it (a
        study writing ``data/candidates/monte-alto.toml`` as a side effect left the user
        a file they never asked for; ``viabilidade novo`` writes one there when asked).
    out_root : Path
        The command's output root (``--saida``): a generated candidate is written to
        ``out_root/<slug>/``:data:`GENERATED_CANDIDATE`, the folder of the study's files
        (never through a symbolic link).

    Returns
    -------
    (path, generated) : tuple
        The file, and whether it was generated now.

    Raises
    ------
    NameLookupError
        From :func:`resolve_unit` and :func:`candidate_for`.
    ReportError
        ``out_root/<slug>`` is a symbolic link.
    """
    from ..report.writers.atomic import check_output_folder, folder_inside

    slug, text = candidate_for(resolve_unit(query, store), store)
    path = Path(candidates_dir) / f"{slug}.toml"
    if path.is_file():
        return path, False
    check_output_folder(Path(out_root))  # exists or can be made, writable, has space
    path = folder_inside(Path(out_root), slug) / GENERATED_CANDIDATE
    write_candidate(path, text)
    return path, True


def write_candidate(path: Path, text: str) -> None:
    """Write a candidate file atomically (folder created if needed)."""
    from ..report.writers.atomic import write_files_atomically

    path.parent.mkdir(parents=True, exist_ok=True)
    write_files_atomically(path.parent, {path.name: text.encode("utf-8")})


def looks_like_a_path(arg: str) -> bool:
    """Whether a command-line argument names a file rather than a place (a ``.toml`` or a
    path with a folder separator)."""
    return arg.lower().endswith(".toml") or "/" in arg or "\\" in arg or Path(arg).exists()
