"""Reading TOML text: :func:`load_toml` (tomllib, with a document nested too deep raised as a
syntax error) and the pt-BR wording of a syntax error with its line and column
(:func:`toml_reason`, :func:`toml_position`), shared by the candidate file, the settings file
and the ruleset files.
"""

from __future__ import annotations

import re
import tomllib

from ..errors import field_line, key_at
from .numbers import decimal


#: tomllib's message for a document nested past Python's recursion limit (our own wording:
#: tomllib raises a bare RecursionError there).
NESTING_TOO_DEEP = "Nesting too deep"


def load_toml(text: str) -> dict:
    """``tomllib.loads(text)``, with a document nested too deep for Python's recursion limit
    (100.000 ``[`` in a row) raised as a :class:`tomllib.TOMLDecodeError` like any other
    syntax error, which :func:`toml_reason` words in pt-BR.

    Raises
    ------
    tomllib.TOMLDecodeError
        Invalid TOML, or nested too deep.
    """
    deep = _dotted_key_too_long(text)
    if deep is not None:  # tomllib is quadratic in a key's dotted parts (30.000: 47 s, 3,7 GB)
        raise tomllib.TOMLDecodeError(f"{KEY_TOO_LONG} (at line {deep}, column 1)")
    try:
        doc = tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(NESTING_TOO_DEEP) from None
    except ValueError as e:  # int() past sys.get_int_max_str_digits (4.300): hostile trial 9
        if isinstance(e, tomllib.TOMLDecodeError) or not too_many_digits(e):
            raise
        raise tomllib.TOMLDecodeError(f"{INTEGER_OUT_OF_RANGE}{long_digits_at(text)}") from None
    huge = _huge_integer(doc)
    if huge is not None:
        raise tomllib.TOMLDecodeError(f"{INTEGER_OUT_OF_RANGE}{_where(text, huge)}")
    return doc


#: Our message for a key of more than :data:`KEY_PARTS_MAX` dotted parts.
KEY_TOO_LONG = "Dotted key too long"
#: The most dots a key may have (``a.b.c`` has 2). A real key has at most 4 or 5 parts
#: (``certified.remainder.5200100.population``); tomllib takes quadratic time and memory in
#: the parts of one dotted key (hostile trial 3: 30.000 parts in a 60 KB file, 47 s and 3,7 GB).
KEY_PARTS_MAX = 64


def _dotted_key_too_long(text: str) -> int | None:
    """The line of the first key with more than :data:`KEY_PARTS_MAX` dots, or None. Linear:
    for each line, the text before each ``=`` back to the previous ``{`` or ``,`` (a key of
    an inline table too) is counted; a value is never counted, since it follows its ``=``."""
    for n, line in enumerate(text.splitlines(), 1):
        if line.count(".") <= KEY_PARTS_MAX:
            continue
        for segment in line.split("=")[:-1]:
            key = segment[max(segment.rfind("{"), segment.rfind(",")) + 1:]
            if key.count(".") > KEY_PARTS_MAX:
                return n
    return None


#: Our message for an integer outside TOML's 64-bit range (tomllib accepts any size; the
#: TOML 1.0 specification bounds integers to signed 64 bits and says larger ones must be
#: refused): a 29-digit count used to crash the number formatter (issue 32, M12).
INTEGER_OUT_OF_RANGE = "Integer out of range"
INT64 = (-(1 << 63), (1 << 63) - 1)


def _huge_integer(doc) -> int | None:
    """The first integer of ``doc`` outside :data:`INT64`, or None (iterative: any depth)."""
    stack = [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            stack.extend(reversed(v))
        elif isinstance(v, int) and not isinstance(v, bool) and not INT64[0] <= v <= INT64[1]:
            return v
    return None


def _where(text: str, value: int) -> str:
    """`` (at line L, column C)`` of ``value`` written in decimal (with or without ``_``) in
    ``text``, as tomllib words positions; empty when it is not found so."""
    digits = str(abs(value))
    m = re.search(r"(?<![\w.])[-+]?" + "_?".join(digits) + r"(?![\w.])", text)
    if not m:
        return ""
    line = text.count("\n", 0, m.start()) + 1
    return f" (at line {line}, column {m.start() - text.rfind(chr(10), 0, m.start())})"


def too_many_digits(e: BaseException) -> bool:
    """Whether ``e`` is Python's refusal to convert a decimal text of more than
    ``sys.get_int_max_str_digits()`` digits (4.300) to an integer, which ``tomllib`` and
    ``json`` let out as a bare ``ValueError`` with no position (hostile trial 9, M1)."""
    return isinstance(e, ValueError) and "integer string conversion" in str(e)


def long_digits(text: str) -> int | None:
    """The offset in ``text`` of the first run of more than ``sys.get_int_max_str_digits()``
    decimal digits (4.300; ``_`` between them allowed, a sign before them counted), or None:
    where ``int()`` refused, since neither ``tomllib`` nor ``json`` says where."""
    import sys

    limit = sys.get_int_max_str_digits() or 4300
    m = re.search(r"[-+]?\d(?:_?\d){%d,}" % limit, text)
    return m.start() if m else None


def long_digits_at(text: str) -> str:
    """`` (at line L, column C)`` of :func:`long_digits` in ``text``, as tomllib words
    positions; empty when there is none (then the caller's message has no position)."""
    at = long_digits(text)
    if at is None:
        return ""
    line = text.count("\n", 0, at) + 1
    return f" (at line {line}, column {at - text.rfind(chr(10), 0, at)})"


def toml_reason(e: "tomllib.TOMLDecodeError", text: str | None = None) -> str:
    """A TOML syntax error's reason in pt-BR, with the line and column when tomllib gives them;
    given the file's ``text``, a repeated key is named with the line of its first value."""
    msg = getattr(e, "msg", None) or str(e).split(" (at ")[0]
    reasons = {"Expected ']' at the end of a table declaration": "falta ']' no fim do cabeçalho "
                                                                 "da tabela",
               "Expected ']]' at the end of an array declaration": "falta ']]' no fim do "
                                                                   "cabeçalho da lista de tabelas",
               "Invalid value": "valor inválido",
               "Expected '=' after a key in a key/value pair": "falta '=' depois da chave",
               "Unclosed array": "lista sem ']' de fechamento",
               "Unclosed inline table": "tabela em linha sem '}' de fechamento",
               "Unterminated string": "texto sem aspas de fechamento",
               "Cannot declare": "tabela declarada duas vezes",
               "Cannot overwrite a value": "chave repetida",
               "Cannot mutate immutable namespace": "tabela escrita em linha ({ … }) estendida "
                                                    "depois",
               "Cannot redefine namespace": "tabela redefinida",
               "Duplicate inline table key": "chave repetida numa tabela em linha",
               "Invalid statement": "linha que não é 'chave = valor' nem '[tabela]'",
               "Expected newline or end of document": "esperado fim de linha depois do valor",
               "Illegal character": "caractere de controle não permitido (um NUL, uma tabulação "
                                    "vertical ou texto sem aspas de fechamento?)",
               "Invalid initial character for a key part": "caractere inválido no início de uma "
                                                           "chave (uma chave com acento, espaço ou "
                                                           "símbolo precisa de aspas)",
               "Invalid date or datetime": "data inválida",
               "Invalid hex value": "valor hexadecimal inválido",
               "Escaped character is not a Unicode scalar value": "sequência de escape \\u "
                                                                  "inválida",
               "Unescaped '\\' in a string": "barra invertida sem escape num texto (escreva "
                                              "'\\\\' ou use aspas simples)",
               "Found invalid character": "caractere inválido",
               NESTING_TOO_DEEP: "listas ou tabelas aninhadas (uma dentro da outra) em "
                                 "níveis demais",
               KEY_TOO_LONG: f"chave com mais de {KEY_PARTS_MAX + 1} partes separadas por "
                             "ponto (uma chave real tem poucas: certified.population)",
               INTEGER_OUT_OF_RANGE: "número inteiro grande demais (o TOML admite inteiros "
                                     "de até 9.223.372.036.854.775.807 em valor absoluto, 19 "
                                     "algarismos)",
               "Expected": "falta um caractere obrigatório"}
    reason = next((v for k, v in reasons.items() if msg.startswith(k)), None)
    reason = reason or f"erro de sintaxe (detalhe do leitor TOML: {msg})"
    line, col = toml_position(e)
    if reason == "chave repetida" and text and line:
        key = key_at(text, line)
        if key:
            first = field_line(text, key, exact=True)
            again = f", já escrita na linha {first}" if first and first != line else ""
            reason = f"chave repetida {key!r}{again}"
    if reason.startswith("número inteiro grande demais") and text and line:
        key = key_at(text, line)
        reason = reason.replace("grande demais", f"grande demais no campo {key!r}") if key else reason
    if text and _LONE_CR.search(text):
        return f"{reason}{f' (coluna {col})' if col else ''}: {CR_ONLY_HINT}"
    if col:
        return f"{reason} (coluna {col}); esperado TOML válido"
    if "end of document" in str(e):
        return f"{reason} no fim do arquivo; esperado TOML válido"
    return f"{reason}; esperado TOML válido"


#: A line ending of CR alone (the old Mac's), which TOML does not take as a line break.
_LONE_CR = re.compile(r"\r(?!\n)")
#: What to say after a syntax error in a file whose lines end with CR alone: the parser sees
#: one long line ("linha 1 … coluna 95"), so the line and column say nothing to the user.
CR_ONLY_HINT = ("o arquivo separa as linhas só com CR (o fim de linha do Mac antigo), que o "
                "TOML não aceita, e por isso tudo parece estar na linha 1; esperado um arquivo "
                "com fins de linha LF (Unix, macOS) ou CRLF (Windows): salve-o de novo "
                "escolhendo um desses fins de linha no editor")


def utf8_problem(raw: bytes, e: UnicodeDecodeError) -> tuple[str, int]:
    """Why the bytes ``raw`` of a TOML file are not UTF-8, in pt-BR, and the line (1-based).

    The message names the byte (its place in the file and its value), its column in that
    line (characters), both counted from 1 as a person counts and said so, and what the file
    probably is: ``o 48º byte do arquivo (0xe2), na coluna 9 da linha (ambos contados a
    partir de 1), não é UTF-8 válido (o arquivo parece ISO-8859-1/latin-1 ou Windows-1252);
    esperado texto em UTF-8 (salve o arquivo como UTF-8)`` (it said "o byte 47", counted
    from 0, beside "na coluna 9", counted from 1). One computation for the candidate,
    settings and ruleset readers.
    """
    line = raw.count(b"\n", 0, e.start) + 1
    start = raw.rfind(b"\n", 0, e.start) + 1
    column = len(raw[start:e.start].decode("utf-8", "replace").removeprefix("\ufeff")) + 1
    hint = ("o arquivo parece UTF-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else
            "o arquivo parece ISO-8859-1/latin-1 ou Windows-1252")
    return (f"o {decimal(e.start + 1)}º byte do arquivo (0x{raw[e.start]:02x}), na coluna "
            f"{decimal(column)} da linha (ambos contados a partir de 1), não é UTF-8 válido "
            f"({hint}); esperado texto em UTF-8 (salve o arquivo como UTF-8)", line)


def toml_position(e: "tomllib.TOMLDecodeError") -> tuple[int | None, int | None]:
    """(line, column) of a TOML syntax error, 1-based, or ``(None, None)``."""
    line, col = getattr(e, "lineno", None), getattr(e, "colno", None)
    if line is None:
        m = re.search(r"line (\d+), column (\d+)", str(e))
        if m:
            line, col = int(m.group(1)), int(m.group(2))
    return line, col
