"""Typed fields of a TOML table, read with every problem of the file recorded.

:class:`Reader` walks one table of a candidate file (or of any TOML the proposal reads),
records which keys it used so the rest are reported as unknown (with the table a misplaced
key belongs to, :func:`placed`), and the field readers below check one value each (IBGE
codes, counts, dates, document references, a file path that is not a regular file). A
problem is recorded in the shared :class:`~viabilidade.errors.Problems` and reading goes on,
so that a file with several problems reports all of them at once, each naming its field.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from ..common.numbers import fmt as fmt_num
from ..common.plausibility import count_problem, date_problem
from ..common.text import NAME, NOTE, clean_text, digit_problem, fold, quoted
from ..errors import CandidateError, Problems, did_you_mean, found_value
from ..os_errors import path_problem, read_reason


#: Most unknown keys of one table named one by one; the rest are counted on one line
#: (:func:`viabilidade.errors.capped`). Hostile trial 7 (issue 32): 500 files of 2.000
#: unknown keys each gave ``lote`` 765 KB of terminal lines and a 1,9 MB index.
UNKNOWN_SHOWN = 10
#: Top-level keys read as names (:data:`viabilidade.common.text.NAME`).
NAME_KEYS = ("name", "seat")


class Reader:
    """Walks a TOML table, recording which keys were used so the rest can be reported.

    Problems are recorded in a shared :class:`~viabilidade.errors.Problems` and the reader goes on, so that a
    file with several problems reports all of them at once.
    """

    def __init__(self, problems: Problems, table: dict, prefix: str = ""):
        self.problems, self.table, self.prefix, self.used = problems, table, prefix, set()
        self.path = problems.path
        if "[" not in prefix:  # a table of the file (not an item of a list of tables)
            problems.tables.setdefault(prefix, self.used)

    def _name(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def error(self, key: str, msg: str) -> None:
        self.problems.add(self._name(key), msg)

    def get(self, key: str, kind: type | tuple, required: bool = False, default=None):
        self.used.add(key)
        if key not in self.table:
            if required:
                self.error(key, f"campo obrigatório ausente; {self._expected(key, kind)}")
            return default
        value = self.table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            self.error(key, f"encontrado o valor lógico {str(value).lower()}; "
                            f"esperado {kind_name(kinds)}")
            return default
        if not isinstance(value, kinds):
            self.error(key, f"{found_value(value)}; esperado {kind_name(kinds)}")
            return default
        if isinstance(value, str):  # every name and free text, one rule (common.text)
            kind = NAME if not self.prefix and key in NAME_KEYS else NOTE
            return clean_text(self.problems, self._name(key), value, kind)
        return value

    def _expected(self, key: str, kind) -> str:
        """What a missing required field should be and where it goes (its message has no
        line): a table (``[origin]``, with its own header) or a key of the file's top (before
        its first table). A key of a written table gets that table's line (``field_line``)."""
        if kind is dict:
            name = self._name(key)
            return f"esperada a tabela [{name}] (acrescente o cabeçalho [{name}] e as suas chaves)"
        if not self.prefix:
            return (f"esperado {kind_name(kind)} (escreva {key} = … no início do arquivo, "
                    "antes da primeira [tabela])")
        return f"esperado {kind_name(kind)}"

    def sub(self, key: str, required: bool = False) -> "Reader | None":
        table = self.get(key, dict, required=required)
        if table is None:
            return None
        return Reader(self.problems, table, f"{self._name(key)}.")

    def finish(self) -> None:
        unknown = sorted(set(self.table) - self.used, key=str)
        rest = None
        if len(unknown) > UNKNOWN_SHOWN:  # 2.000 in a table: 50 lines of 300 characters
            from ..errors import capped

            unknown = [k for k in self.table if k not in self.used]  # the file's order
            rest = (unknown[UNKNOWN_SHOWN], capped(
                unknown, noun="chave desconhecida", plural="chaves desconhecidas",
                feminine=True, shown=UNKNOWN_SHOWN)[-1].replace(
                    "(", f"(permitidas aqui: {', '.join(sorted(self.used))}; ", 1))
            unknown = unknown[:UNKNOWN_SHOWN]
        for key in unknown:
            allowed = ", ".join(sorted(self.used))
            alias = PT_KEYS.get(fold(key).replace(" ", "_"))
            hint = (f" (seria {quoted(alias)}?)" if alias in self.used else
                    did_you_mean(key, sorted(self.used)))
            if not hint:
                self.problems.unplaced.append((len(self.problems.items), self.prefix, key,
                                               allowed))
            self.error(key, f"chave desconhecida {quoted(key)}{hint}; permitidas aqui: {allowed}")
        if rest is not None:
            self.error(*rest)


def placed(problems: Problems) -> None:
    """Give an unknown key that another table of the file holds the table it belongs to
    (the batch analyst: a key under the wrong table got only "chave desconhecida"):
    ``special_interest = {…}`` written after ``[origin]`` reads "(é uma chave do início do
    arquivo: …)", ``districts`` under ``[origin]`` "(é uma chave de [area]: …)". Called once
    every table is read, when their keys are all known."""
    for i, prefix, key, allowed in problems.unplaced:
        home = next((p for p, keys in problems.tables.items() if p != prefix and key in keys),
                    None)
        if home is None:
            continue
        table = home.rstrip(".")
        hint = (f" (é uma chave de [{table}]: escreva-a depois do cabeçalho [{table}])" if table
                else " (é uma chave do início do arquivo: escreva-a antes da primeira [tabela], "
                     "ou como tabela própria)")
        old = problems.items[i]
        problems.items[i] = CandidateError(f"chave desconhecida {quoted(key)}{hint}; permitidas aqui: "
                                           f"{allowed}", file=old.file, field=old.field,
                                           line=old.line)


#: The Portuguese word a user may write for a key of the candidate file (accents folded,
#: lower case) -> the key (the GUIA's keys are in English): ``sede`` -> ``seat``.
PT_KEYS = {
    "nome": "name", "sede": "seat", "operacao": "operation", "origem": "origin",
    "destino": "destination", "municipio": "municipality", "municipios": "municipalities",
    "distritos": "districts", "limite": "boundary", "limites": "boundary",
    "processo": "process", "plebiscito": "plebiscite", "eleitorado": "eligible",
    "aptos": "eligible", "comparecimento": "turnout", "sim": "yes", "nao": "no",
    "brancos": "blank", "nulos": "void", "data": "date", "documento": "document",
    "certificado": "certified", "certificados": "certified", "perimetro_urbano": "urban_perimeter",
    "evidencias": "evidence", "configuracoes": "settings", "ajustes": "settings",
    "electorate": "eligible", "eleitores": "eligible", "votantes": "turnout",
}


_KIND_NAMES = {str: "texto", int: "um número inteiro", float: "um número",
               bool: "true/false", list: "uma lista", dict: "uma tabela",
               dt.date: "uma data (AAAA-MM-DD)"}


def kind_name(kinds) -> str:
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    return " ou ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


def code_list(r: Reader, key: str, pattern: re.Pattern, what: str,
              single: bool = False) -> tuple[str, ...]:
    """The codes of the list ``key``; ``single``: the value of a key holding one code
    (``destination.municipality``), named without an index."""
    values = r.get(key, list, default=[])
    word = {"municipality": "município", "district": "distrito"}[what]
    out, seen = [], set()
    repeated: dict[str, list] = {}   # code -> [field of its first repeat, times it appears]
    for i, v in enumerate(values):
        name = key if single else f"{key}[{i}]"
        if isinstance(v, int) and not isinstance(v, bool):
            r.error(name, f"encontrado o número {v}; esperado o código de {word} entre aspas, "
                          f"como texto (\"{v}\"): um número perde os zeros à esquerda")
            continue
        if not isinstance(v, str):
            r.error(name, f"{found_value(v)}; esperado um código de {word} como texto")
            continue
        v = v.strip()
        if not pattern.match(v):
            r.error(name, digit_problem(v) or _code_hint(v, what))
            continue
        if v in repeated:
            repeated[v][1] += 1
            continue
        if v in seen:   # one message per repeated code, with its count (not one per repeat)
            repeated[v] = [name, 2]
            continue
        out.append(v)
        seen.add(v)
    for v, (name, times) in repeated.items():
        said = "duas vezes" if times == 2 else f"{fmt_num(times, 0)} vezes"
        r.error(name, f"o código de {word} {v} aparece {said}; esperado uma vez")
    return tuple(out)


def _code_hint(v: str, what: str) -> str:
    expected = ("um código IBGE de município com 7 algarismos começando por 52 (Goiás), "
                "p. ex. \"5200100\"" if what == "municipality" else
                "um código IBGE de distrito com 9 algarismos começando por 52 (Goiás), "
                "p. ex. \"520010010\"")
    if v.isdigit() and len(v) == 5:
        return (f"encontrado {quoted(v)}, que parece um código TSE de município (5 algarismos); "
                f"esperado {expected}")
    if v.isdigit() and what == "municipality" and len(v) == 9:
        return (f"encontrado {quoted(v)}, que parece um código de distrito (9 algarismos); "
                f"esperado {expected}")
    if v.isdigit() and what == "district" and len(v) == 7:
        return (f"encontrado {quoted(v)}, que parece um código de município (7 algarismos); "
                f"esperado {expected}")
    if what == "district" and any(ch.isalpha() for ch in v):  # a name where a code goes
        return (f"encontrado {quoted(v)}, um nome; esperado {expected} (para achar o código pelo "
                f"nome: viabilidade novo {_shell_quote(v)}, que escreve o candidato)")
    if what == "municipality":  # a name or a 6-digit code: the store says which it is
        from ..data.codes import municipality_hint

        return f"encontrado {quoted(v)}; esperado {expected}{municipality_hint(v)}"
    return f"encontrado {quoted(v)}; esperado {expected}"


def _shell_quote(text: str) -> str:
    """``text`` quoted for a pt-BR user's shell command line (``"Vila Fantasma"``)."""
    import shlex

    return f'"{text}"' if '"' not in text and "$" not in text and "`" not in text else shlex.quote(text)


def count_field(r: Reader, key: str) -> int | None:
    v = r.get(key, int)
    if v is not None and v < 0:
        r.error(key, f"encontrado {v}; esperada uma contagem >= 0")
        return None
    if count_problem(v):
        r.error(key, count_problem(v))
        return None
    return v


def date_field(r: Reader, key: str) -> dt.date | None:
    v = r.get(key, (dt.date, str))
    if v is None:
        return v
    if isinstance(v, dt.datetime):
        v = v.date()
    if not isinstance(v, dt.date):
        try:
            v = dt.date.fromisoformat(v)
        except ValueError:
            r.error(key, f"encontrado {quoted(v)}; esperada uma data válida no formato AAAA-MM-DD "
                         "(p. ex. 2020-12-31)")
            return None
    if date_problem(v):
        r.error(key, date_problem(v))
        return None
    return v


def document_field(r: Reader, key: str) -> str | None:
    """A document reference: non-empty text, stripped."""
    v = r.get(key, str)
    if v is not None and not v.strip():
        r.error(key, "encontrado um texto vazio; esperada a referência do documento (número, "
                     "órgão que o expediu)")
        return None
    return None if v is None else v.strip()



def odd_file(path: Path) -> str | None:
    """Why an existing path cannot be read as a file (a symlink loop, a FIFO, a device), in
    pt-BR (:func:`~viabilidade.os_errors.path_problem`); ``None`` for a regular file or a
    missing path (which has its own message)."""
    why = path_problem(path)
    return None if why == read_reason(FileNotFoundError()) else why
