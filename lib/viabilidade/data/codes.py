"""The single place where TSE and IBGE municipality codes are checked and converted.

IBGE municipality codes have 7 digits and start with the UF code (Goiás: ``52``); district
codes have 9 (``520010010``). TSE codes have 5 digits and are unrelated (Goiânia: TSE
``93734`` ↔ IBGE ``5208707``). TSE files store their code as an integer, so leading zeros are
lost in some states (Acre ``01120`` → ``1120``): such codes are rejected, never guessed.

Source of the crosswalk: ``betafcc/Municipios-Brasileiros-TSE`` (TSE list of municipalities
with IBGE codes, 2018), filtered to GO; 246 rows, all IBGE codes present in Censo 2022.
"""

from __future__ import annotations

import re
import unicodedata
import warnings
from pathlib import Path

import pandas as pd

from ..common.text import digit_problem, quoted
from ..errors import DataError
from .paths import default_root

#: IBGE codes of the 27 federative units.
UF_CODES = frozenset({"11", "12", "13", "14", "15", "16", "17", "21", "22", "23", "24", "25",
                      "26", "27", "28", "29", "31", "32", "33", "35", "41", "42", "43", "50",
                      "51", "52", "53"})


class NameMatchWarning(UserWarning):
    """A code was found by matching a name, not a code: the caller should check it."""


#: pt-BR name of each kind of code, for messages.
_WHAT = {"municipality": "município", "district": "distrito"}

def _text(value) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def ibge_code(value, *, digits: int = 7, file=None, row=None, column=None) -> str:
    """Check an IBGE code and return it as text.

    Parameters
    ----------
    value : str or int
        The code as found (``"5208707"``, ``5208707``).
    digits : {7, 9}
        7 for a municipality, 9 for a district.
    file, row, column : optional
        Where the value was read, for the error message.

    Returns
    -------
    str
        The code, ``digits`` characters.

    Raises
    ------
    DataError
        A digit that is not 0–9 (:func:`~viabilidade.common.text.digit_problem`); not
        digits; 5 digits (a TSE code where an IBGE code is expected); wrong length
        (e.g. a code that lost digits); a UF prefix that is not an IBGE UF code.
    """
    s = _text(value)
    what = "municipality" if digits == 7 else "district"
    if digit_problem(s):  # isdigit() takes "52٠٠١٠٠" (hostile trial 11)
        raise DataError(digit_problem(s), file=file, row=row, column=column)
    if not (s.isascii() and s.isdigit()):  # "520010²": isdigit() takes a superscript
        raise DataError(f"encontrado {quoted(value)}; esperado um código IBGE de {_WHAT[what]} com "
                        f"{digits} algarismos",
                        file=file, row=row, column=column)
    if len(s) == 5 and digits == 7:
        raise DataError(f"encontrado {quoted(s)}, com 5 algarismos como um código TSE; esperado um "
                        "código IBGE de município com 7 algarismos (converta-o com "
                        "codes.tse_to_ibge)",
                        file=file, row=row, column=column)
    if len(s) != digits:
        raise DataError(f"encontrado {quoted(s)} ({len(s)} algarismos); esperado um código IBGE de "
                        f"{_WHAT[what]} com {digits} algarismos", file=file, row=row, column=column)
    if s[:2] not in UF_CODES:
        raise DataError(f"encontrado {quoted(s)}; esperado um código IBGE de {_WHAT[what]} começando "
                        "pelo código de uma UF",
                        file=file, row=row, column=column)
    return s


def tse_code(value, *, file=None, row=None, column=None) -> str:
    """Check a TSE municipality code and return it as 5-character text.

    Raises
    ------
    DataError
        A digit that is not 0–9; not digits; 7 digits starting with a UF code (an IBGE code where a TSE code is
        expected); fewer than 5 digits (the code lost its leading zeros — e.g. ``1120`` for
        ``01120``; it is not padded silently because the file may hold other damage).
    """
    s = _text(value)
    if digit_problem(s):
        raise DataError(digit_problem(s), file=file, row=row, column=column)
    if not (s.isascii() and s.isdigit()):
        raise DataError(f"encontrado {quoted(value)}; esperado um código TSE de município com 5 algarismos",
                        file=file, row=row, column=column)
    if len(s) == 7 and s[:2] in UF_CODES:
        raise DataError(f"encontrado {quoted(s)}, com 7 algarismos como um código IBGE; esperado um "
                        "código TSE de município com 5 algarismos (converta-o com "
                        "codes.ibge_to_tse)",
                        file=file, row=row, column=column)
    if len(s) < 5:
        raise DataError(f"encontrado {quoted(s)}: o código perdeu os zeros à esquerda (leia-o como "
                        f"texto; pode ser {quoted(s.zfill(5))}); esperado um código TSE de município "
                        "com 5 algarismos",
                        file=file, row=row, column=column)
    if len(s) != 5:
        raise DataError(f"encontrado {quoted(s)} ({len(s)} algarismos); esperado um código TSE de "
                        "município com 5 algarismos", file=file, row=row, column=column)
    return s


def normalize_name(name: str) -> str:
    """Accent-, case- and punctuation-insensitive key of a place name.

    ``"ANHANGÜERA"`` and ``"Anhanguera"`` give ``"anhanguera"``; ``"SÃO JOÃO D'ALIANÇA"`` and
    ``"São João d’Aliança"`` both give ``"sao joao d alianca"``; a trailing ``"(GO)"`` is dropped.
    """
    s = unicodedata.normalize("NFKD", str(name))
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).casefold()
    s = re.sub(r"\(\s*[a-z]{2}\s*\)$", "", s)  # trailing "(go)"
    s = re.sub(r"[^a-z0-9]+", " ", s)
    return s.strip()


class Crosswalk:
    """TSE ↔ IBGE municipality crosswalk.

    Parameters
    ----------
    table : pandas.DataFrame
        Columns ``cod_tse`` (5-digit text), ``cod_ibge`` (7-digit text), ``nome_tse``.
    """

    def __init__(self, table: pd.DataFrame):
        self.table = table
        self._to_ibge = dict(zip(table["cod_tse"], table["cod_ibge"]))
        self._to_tse = dict(zip(table["cod_ibge"], table["cod_tse"]))
        self._names = dict(zip(table["cod_tse"], table["nome_tse"]))
        self._by_name: dict[str, str] = {}
        for ibge, name in zip(table["cod_ibge"], table["nome_tse"]):
            self._by_name.setdefault(normalize_name(name), ibge)

    def tse_to_ibge(self, code, *, file=None, row=None, column=None) -> str:
        """IBGE code of a TSE code; DataError when the code is malformed or unknown."""
        s = tse_code(code, file=file, row=row, column=column)
        if s not in self._to_ibge:
            raise DataError(f"o código TSE {quoted(s)} não está na tabela de correspondência TSE↔IBGE "
                            f"({len(self._to_ibge)} municípios); esperado um código dela",
                            file=file, row=row, column=column)
        return self._to_ibge[s]

    def ibge_to_tse(self, code, *, file=None, row=None, column=None) -> str:
        """TSE code of an IBGE code; a TSE code given here is named as such."""
        s = _text(code)
        if len(s) == 5 and s in self._to_ibge:
            raise DataError(f"encontrado {quoted(s)}, que é o código TSE de {self._names[s]} (IBGE "
                            f"{self._to_ibge[s]}); esperado um código IBGE de município com 7 "
                            "algarismos",
                            file=file, row=row, column=column)
        s = ibge_code(s, file=file, row=row, column=column)
        if s not in self._to_tse:
            raise DataError(f"o código IBGE {quoted(s)} não está na tabela de correspondência "
                            "TSE↔IBGE; esperado um código dela",
                            file=file, row=row, column=column)
        return self._to_tse[s]

    def check_ibge(self, code, *, file=None, row=None, column=None) -> str:
        """An IBGE code known to the crosswalk; a TSE code is rejected and its IBGE code named."""
        s = _text(code)
        if len(s) == 5 and s in self._to_ibge:
            raise DataError(f"encontrado {quoted(s)}, que é o código TSE de {self._names[s]}; esperado "
                            f"o código IBGE de município com 7 algarismos ({self._to_ibge[s]})",
                            file=file, row=row, column=column)
        s = ibge_code(s, file=file, row=row, column=column)
        if s not in self._to_tse:
            raise DataError(f"o código IBGE {quoted(s)} não é um município da tabela de "
                            "correspondência TSE↔IBGE; esperado um código dela",
                            file=file, row=row, column=column)
        return s

    def match_name(self, name: str, *, file=None, row=None, column=None) -> str:
        """Last resort: IBGE code by accent/case-insensitive name; warns NameMatchWarning."""
        key = normalize_name(name)
        if key not in self._by_name:
            raise DataError(f"o nome {quoted(name)} não corresponde a nenhum município da tabela de "
                            "correspondência (sem distinção de acentos e maiúsculas); esperado "
                            "o nome de um município", file=file, row=row, column=column)
        code = self._by_name[key]
        warnings.warn(f"{quoted(name)} associado ao IBGE {code} pelo nome, não pelo código; confira",
                      NameMatchWarning, stacklevel=2)
        return code


def load_crosswalk(root: Path | None = None) -> Crosswalk:
    """The crosswalk of the processed store (``crosswalk.parquet`` under ``root``)."""
    path = (root or default_root()) / "crosswalk.parquet"
    if not path.exists():
        raise DataError("tabela de correspondência processada não encontrada; rode "
                        "`viabilidade data build`",
                        file=path)
    return Crosswalk(pd.read_parquet(path))


_DEFAULT: dict[Path, Crosswalk] = {}


def _default(crosswalk: Crosswalk | None) -> Crosswalk:
    if crosswalk is not None:
        return crosswalk
    root = default_root()
    if root not in _DEFAULT:
        _DEFAULT[root] = load_crosswalk(root)
    return _DEFAULT[root]


def tse_to_ibge(code, crosswalk: Crosswalk | None = None, **where) -> str:
    """IBGE 7-digit code of a TSE 5-digit code (``"93734"`` → ``"5208707"``, Goiânia).

    Parameters
    ----------
    code : str or int
        TSE code as text (``"93734"``); an integer that lost leading zeros is rejected.
    crosswalk : Crosswalk, optional
        Defaults to the processed store's crosswalk.
    **where
        ``file``, ``row``, ``column`` for error messages.

    Raises
    ------
    DataError
        Malformed code, an IBGE code given instead, or a code not in the crosswalk.
    """
    return _default(crosswalk).tse_to_ibge(code, **where)


def ibge_to_tse(code, crosswalk: Crosswalk | None = None, **where) -> str:
    """TSE 5-digit code of an IBGE 7-digit code (``"5208707"`` → ``"93734"``).

    Raises
    ------
    DataError
        Malformed code, a TSE code given instead (named with its IBGE code), or unknown.
    """
    return _default(crosswalk).ibge_to_tse(code, **where)


def match_name(name: str, crosswalk: Crosswalk | None = None, **where) -> str:
    """IBGE code by accent/case-insensitive name match; warns :class:`NameMatchWarning`."""
    return _default(crosswalk).match_name(name, **where)


def municipality_hint(text: str, root: Path | None = None,
                      municipalities: pd.DataFrame | None = None) -> str:
    """What a value written where a 7-digit IBGE municipality code goes most likely meant,
    as a pt-BR clause to append to the message (``""`` when nothing fits or the store's
    municipalities cannot be read).

    ``"520010"`` (the 6-digit code without check digit, DATASUS/SIDRA style) gives
    ``'; parece o código de 6 algarismos de Abadiânia: use "5200100"'``; a name (accents,
    case and punctuation ignored: ``"Ceres"``, ``"Abadiania"``) gives ``'; Ceres é o
    município "5205406"'``; a close misspelling the closest names.

    Parameters
    ----------
    text : str
        The value as written.
    root : Path, optional
        The processed store (its ``municipalities.parquet``: cod_ibge, nome; IBGE DTB
        2022); default :func:`viabilidade.data.paths.default_root`.
    municipalities : DataFrame, optional
        That table already read (cod_ibge, nome); then ``root`` is not read.
    """
    import difflib

    from ..common.text import name_key

    mun = municipalities
    if mun is None:
        try:
            mun = pd.read_parquet((Path(root) if root else default_root())
                                  / "municipalities.parquet", columns=["cod_ibge", "nome"])
        except Exception:  # noqa: BLE001 — a hint only: no store, no hint
            return ""
    codes, names = mun["cod_ibge"].astype(str).tolist(), mun["nome"].astype(str).tolist()
    v = str(text).strip()
    if v.isdigit():
        if len(v) != 6:
            return ""
        hits = [(c, n) for c, n in zip(codes, names) if c[:6] == v]
        return (f"; parece o código de 6 algarismos (sem o dígito verificador) de {hits[0][1]}: "
                f"use \"{hits[0][0]}\"" if len(hits) == 1 else "")
    key = name_key(v)
    if not key:
        return ""
    by_key = {name_key(n): (c, n) for c, n in zip(codes, names)}
    if key in by_key:
        c, n = by_key[key]
        return f"; {n} é o município \"{c}\""
    close = difflib.get_close_matches(key, list(by_key), n=3, cutoff=0.8)
    if not close:
        return ""
    said = ", ".join(f"{by_key[k][1]} (\"{by_key[k][0]}\")" for k in close)
    return f"; municípios de nome parecido: {said}"
