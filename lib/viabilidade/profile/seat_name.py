"""The proposed seat's name against the names the IBGE gives the places of the area.

Art. 3 gives a new municipality its seat's name, so the study's title, cover and bill are
written with ``candidate.seat``: a typo there (``"Pau Tera"`` for the vila of district Pau
Terra, 522160120) would reach every page. :func:`seat_name_problems` compares the seat with
the names the store knows for the area:

* the districts of the area (``area.districts``; for whole municipalities,
  ``area.municipalities``, the municipality and every district of it), IBGE DTB 2022;
* the vilas that are the seats of those districts (``vilas``, IBGE Localidades 2022,
  folder ``04. Vilas``);
* for a drawn area (``area.boundary``), the districts and vilas of its origins (the store
  holds no locality below the vila, and the area lies inside its origins).

Names are compared by :func:`viabilidade.common.text.name_key` (accents, case, spaces and
punctuation ignored) and, when none is equal, by difflib's ratio on the same keys (cutoff
:data:`~viabilidade.common.text.CLOSE_RATIO`, as ``viabilidade novo``'s "nomes parecidos",
:mod:`viabilidade.cli.lookup`) with at most :data:`TYPO_LETTERS` letters of difference in length.
A close name is a typo: an error. No close name is a new name, legitimate for a drawn area
or a renamed seat: a notice, printed by ``estudo`` and shown in the batch index.
"""

from __future__ import annotations

import difflib

from ..common.text import CLOSE_RATIO, name_key, place_name_problem, quoted
from ..errors import CandidateError, field_line, source_text
from ..operations import operation_of
from ..proposal.candidate import Candidate

#: At most this many letters more or fewer than the area's name, for a close name to be a
#: typo: ``Pau Terra Nova`` (ratio 0,80 with ``Pau Terra``) is a new name, not a misspelling.
TYPO_LETTERS = 2

#: What the problem says after the seat's name (IBGE DTB 2022 and Localidades 2022).
NOT_A_NAME = "não é nome de distrito nem de localidade da área (IBGE)"


def area_names(candidate: Candidate, store) -> list[str]:
    """The names of the districts and vilas of the area (see the module), sorted, once each.

    Parameters
    ----------
    candidate : Candidate
        Whose codes exist in ``store`` (:func:`viabilidade.profile.build.check_candidate`).
    store : viabilidade.data.store.Store
        ``districts`` (cod_distrito, nome, cod_ibge), ``municipalities`` (cod_ibge, nome),
        ``vilas`` (cod_distrito, nome).

    Returns
    -------
    list of str
        Empty when the area has no IBGE unit (a drawn area without origins).
    """
    d, v, m = store.districts, store.vilas, store.municipalities
    whole = set(candidate.municipalities)
    if candidate.boundary is not None and not candidate.districts and not whole:
        whole = set(candidate.origins)
    districts = d[d["cod_distrito"].isin(candidate.districts) | d["cod_ibge"].isin(whole)]
    names = {*districts["nome"], *m.loc[m["cod_ibge"].isin(whole), "nome"],
             *v.loc[v["cod_distrito"].isin(districts["cod_distrito"]), "nome"]}
    return sorted(str(n) for n in names)


def _known(names: list[str]) -> str:
    """The area's names for a message: the first five, then how many more."""
    return "; ".join(names[:5]) + (f" e mais {len(names) - 5}" if len(names) > 5 else "")


def seat_name_problems(candidate: Candidate, store) -> tuple[list[CandidateError], list[str]]:
    """(errors, notices) about the proposed seat's name.

    Parameters
    ----------
    candidate : Candidate
        Checked against the data's codes.
    store : viabilidade.data.store.Store
        See :func:`area_names`.

    Returns
    -------
    errors : list of CandidateError
        One, field ``seat`` (``name`` when the file writes no seat and the seat is the
        name): when the seat holds a character no place name of Goiás has
        (:func:`viabilidade.common.text.place_name_problem`: a Cyrillic or full-width
        letter, an emoji, a digit); when the seat is not a name of the area but one is close:
        ``'Pau Tera' não é nome de distrito nem de localidade da área (IBGE); nome
        parecido: Pau Terra``; when the seat is the name of a municipality of Goiás outside
        the area (``'Goiânia' é o nome de um município que já existe, Goiânia (5208707); …``).
    notices : list of str
        One, located as an error is (file, line, field), when no name of the area is close:
        the seat is a new name.
        Both empty when the operation proposes no seat
        (:attr:`~viabilidade.operations.base.Operation.proposed_seat`), the area has no
        IBGE name, or the seat is one of them.
    """
    if not operation_of(candidate).proposed_seat:
        return [], []
    seat = candidate.seat
    odd = place_name_problem(seat)
    names = area_names(candidate, store)
    keys = {name_key(n): n for n in names}
    if not odd and (not keys or name_key(seat) in keys):
        return [], []
    text = source_text(candidate.path)
    line = field_line(text, "seat", exact=True) if text else None
    field_ = "seat" if not text or line else "name"
    if field_ == "name":
        line = field_line(text, "name", exact=True)
    if odd:
        return [CandidateError(f"{quoted(seat)}: {odd}", file=candidate.path, field=field_,
                               line=line)], []
    key = name_key(seat)
    m = store.municipalities
    # a new municipality only (a district of another municipality may bear a town's name:
    # 'Posse', the district fixture)
    other = [(str(n), str(c)) for n, c in zip(m["nome"], m["cod_ibge"])
             if name_key(str(n)) == key and str(c) not in candidate.municipalities
             ] if operation_of(candidate).carves_municipality else []
    if other:  # "Goiânia" for a seat in Posse d'Abadia: the study would bear another's name
        return [CandidateError(f"{quoted(seat)} é o nome de um município que já existe, "
                               f"{other[0][0]} ({other[0][1]}); a sede proposta é uma "
                               "localidade da área, que dá o nome ao município (art. 3º, I): "
                               f"escreva o nome de uma localidade da área ({_known(names)})",
                               file=candidate.path, field=field_, line=line)], []
    close = [k for k in difflib.get_close_matches(key, list(keys), n=3, cutoff=CLOSE_RATIO)
             if abs(len(k) - len(key)) <= TYPO_LETTERS][:1]
    head = f"{quoted(seat)} {NOT_A_NAME}"
    if close:
        return [CandidateError(f"{head}; nome parecido: {keys[close[0]]}", file=candidate.path,
                               field=field_, line=line)], []
    notice = CandidateError(new_name_text(seat, names), file=candidate.path, field=field_,
                            line=line)
    return [], [str(notice)]


def new_name_text(seat: str, names: list[str]) -> str:
    """The notice of a seat named as no place of the area (``names``), without its file and
    line: what the terminal prints after them and the study's findings print (a study of
    ``seat = "Campinas"`` for Posse d'Abadia bore that name on its title with no word of it;
    :func:`viabilidade.report.findings.findings`)."""
    return (f"{quoted(seat)} {NOT_A_NAME.removesuffix(' (IBGE)')} (IBGE: {_known(names)}): o "
            "estudo e o projeto de lei escrevem a sede com esse nome; confira a grafia se a "
            "sede é uma localidade existente (a sede nova de uma área desenhada pode ter nome "
            "novo)")


def seat_notice(candidate: Candidate, store) -> str | None:
    """:func:`new_name_text` of a candidate whose seat is a new name (the notice of
    :func:`seat_name_problems`), else ``None``; a seat refused as an error is said by the
    check that refuses it."""
    errors, notices = seat_name_problems(candidate, store)
    if errors or not notices:
        return None
    return new_name_text(candidate.seat, area_names(candidate, store))
