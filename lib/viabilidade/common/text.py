"""Text a person typed, and names compared.

**One rule for every text a person types** (candidate file, ``[oficios]``, the process
record's events, rulesets, upload names): :func:`text_problem` says why a value cannot be
used, :func:`normalise_text` gives the text as shown everywhere, and :func:`clean_text`
applies both to one field of a file, recording the problem and going on, so a file reports
all its problems at once. A field is of one :class:`Kind` — :data:`NAME` (a person's, a
place's or a body's name), :data:`REFERENCE` (a document or process reference, a sigla, an
address) or :data:`NOTE` (a free text, which alone may hold line breaks and tabs) — which
bounds its length.

Refused: control characters (NUL, CR, ESC and so ANSI escapes…; a note may hold line
breaks and tabs), bidirectional embeddings, overrides and isolates (U+202A–U+202E,
U+2066–U+2069), line and paragraph separators, Unicode tags (U+E0000–U+E007F), the
byte-order mark inside a value (U+FEFF; a file's leading BOM is dropped by its reader),
unassigned, private-use and surrogate code points; in a name or reference also a combining
accent with no letter before it; a text longer than its kind allows; a text that has
characters but none visible (only zero-width characters: M3 of issue 32). Dropped without a
word: zero-width characters (:data:`ZERO_WIDTH`), and combining marks past
:data:`MARKS_MAX` on one letter (500 stacked accents draw a smear over the line).

**Names compared**: :func:`fold` (lower case without accents) and :func:`name_key` (the
comparison key of a name, letters and digits only), used wherever two spellings of a place
name must be recognised as one (candidate files, name lookup, maps, the bill);
:func:`collation_key`, the pt-BR order of names in every list a reader sees. **Lists**:
:func:`and_list` joins words as Portuguese does ("a, b e c"), for every floor's messages.

Layer: ground floor (docs/CONTRACTS.md); imports nothing of the package, so
:mod:`viabilidade.errors` (which re-exports the rule for its older callers) can import it.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """What a typed field is, for its messages and its length bound.

    Attributes
    ----------
    what : str
        The field in words, after "esperado" (``"um nome"``).
    limit : int
        The most characters it may have (counted as typed, before cleaning).
    lines : bool
        Whether it may hold line breaks and tabs (a free text); a name or reference may
        not, and its accents must follow a letter.
    """

    what: str
    limit: int
    lines: bool = False


#: A person's, a place's or a body's name: 200 characters (the longest name of a Brazilian
#: municipality has 32; a committee's, about 60).
NAME = Kind("um nome", 200)
#: A document or process reference, a sigla, an address: 300 characters.
REFERENCE = Kind("uma referência", 300)
#: A file's name as given (an upload, a boundary file): 255 characters, the most a file
#: system takes (its bytes are bounded apart, ``vector_files.MAX_NAME_BYTES``).
FILE_NAME = Kind("um nome de arquivo", 255)
#: A free text (a justification, a note): 10.000 characters, about four pages.
NOTE = Kind("um texto", 10_000, lines=True)

#: Invisible characters dropped from names and free text: zero-width space, non-joiner,
#: joiner, left-to-right and right-to-left marks, word joiner.
ZERO_WIDTH = "\u200b\u200c\u200d\u200e\u200f\u2060"
#: Characters that draw nothing but are not format characters, refused in any text (they
#: passed for a name: ``president = "\u3164"`` signed as "Deputada ㅤ"): the Hangul fillers
#: (U+115F, U+1160, U+3164, U+FFA0), the blank Braille pattern (U+2800) and the Khmer
#: inherent vowels (U+17B4, U+17B5). Format characters (category Cf) other than
#: :data:`ZERO_WIDTH` are refused too (soft hyphen U+00AD, invisible operators
#: U+2061–U+2064, Mongolian vowel separator U+180E, U+206A–U+206F, U+FFF9–U+FFFB).
FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
#: The most characters of a value or key quoted back in a message (:func:`quoted`).
QUOTE_MAX = 80
#: Bidirectional embedding, override and isolate characters: they reorder the text around
#: them (U+202E shows "Abadiânia" as "ainâidabA"), so a text holding one is refused.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Line breaks and tabs a free text (not a name) may hold: a multi-line justification.
TEXT_WHITESPACE = frozenset("\n\t")
#: The most combining marks kept on one letter after NFC composition (Vietnamese writes two;
#: the rest of a stack is dropped).
MARKS_MAX = 3
#: The names of the C0 control characters and DEL (Unicode gives them none).
_LABELS = dict(zip(map(chr, [*range(32), 127]), (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS TAB LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB "
    "CAN EM SUB ESC FS GS RS US DEL").split()))
_ZERO_WIDTH_TABLE = {ord(c): None for c in ZERO_WIDTH}


def _kind(ch: str, lines: bool) -> str | None:
    """What a character a user cannot mean in a text is, in pt-BR words, or ``None``
    (``lines``: a free text, which may hold line breaks and tabs)."""
    if ch in ZERO_WIDTH:
        return None  # dropped by normalise_text
    if ch in BIDI_CONTROLS:
        return "de direção de texto"
    if ch == "\ufeff":
        return "invisível (marca de ordem de bytes, BOM)"
    cat = unicodedata.category(ch)
    if cat == "Cc" and (not lines or ch not in TEXT_WHITESPACE):
        return "de controle"
    if cat in ("Zl", "Zp"):
        return "separador de linha"
    if 0xE0000 <= ord(ch) <= 0xE007F:
        return "invisível (etiqueta Unicode)"
    if cat in ("Cs", "Co", "Cn"):
        return "sem uso em texto (não atribuído, privado ou substituto)"
    if ch in FILLERS:
        return "invisível (de preenchimento)"
    if cat == "Cf":
        return "invisível (de formatação)"
    return None


def _invisible(ch: str) -> bool:
    """Whether ``ch`` draws nothing: a space, a zero-width, filler or format character."""
    if ch in ZERO_WIDTH or ch in FILLERS or ch in TEXT_WHITESPACE:
        return True
    cat = unicodedata.category(ch)
    return cat == "Zs" or (cat == "Cf" and ch not in BIDI_CONTROLS and ch != "\ufeff"
                           and not 0xE0000 <= ord(ch) <= 0xE007F)


def quoted(value, limit: int = QUOTE_MAX) -> str:
    """``value`` as a message quotes it (``repr``), cut to about ``limit`` characters: a
    5.000.000-character key or a list of a million items is quoted by its start and its
    size (``'kkkk…' (5.000.000 caracteres)``), so a message stays one short line."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({_count(len(value))} caracteres)"
    if isinstance(value, (list, tuple, dict, set)) and len(value) > 6:
        items = list(value)[:6] if not isinstance(value, dict) else list(value.items())[:6]
        head = repr(items)[:limit]
        return f"{head}… ({_count(len(value))} itens)"
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}…"


#: The most items of a list quoted back in a message (:func:`quoted_list`): a header of
#: 40 columns is shown whole (the TSE's files have up to 38).
LIST_MAX = 40


def toml_value(value, limit: int = QUOTE_MAX) -> str:
    """``value`` read from a TOML file, written back as TOML spells it inline and cut to about
    ``limit`` characters: ``{kind = 'proposta', date = 2027-02-10}``, ``[1, 2]``, ``true``,
    where ``repr`` wrote ``{'kind': 'proposta', 'date': datetime.date(2027, 2, 10)}``
    (issue 32, hostile trial 6, H6-4). A table or list past six entries is counted."""
    import datetime as dt

    def spell(v, depth: int) -> str:
        if depth > 4:
            return "…"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (dt.date, dt.time)):
            return v.isoformat()
        if isinstance(v, str):
            return quoted(v, limit)
        if isinstance(v, dict):
            items = [f"{k if re.fullmatch(r'[A-Za-z0-9_-]+', str(k)) else quoted(str(k))} = "
                     f"{spell(x, depth + 1)}" for k, x in list(v.items())[:6]]
            more = f", … e mais {_count(len(v) - 6)}" if len(v) > 6 else ""
            return "{" + ", ".join(items) + more + "}"
        if isinstance(v, (list, tuple)):
            more = f", … e mais {_count(len(v) - 6)}" if len(v) > 6 else ""
            return "[" + ", ".join(spell(x, depth + 1) for x in v[:6]) + more + "]"
        return quoted(v, limit)

    text = spell(value, 0)
    return text if len(text) <= 2 * limit else f"{text[:2 * limit]}…"


def quoted_list(values, limit: int = LIST_MAX) -> str:
    """A list of values read from a file, as a message lists them: ``['a', 'b']`` (as
    ``repr`` writes a short list), each value through :func:`quoted` and at most ``limit``
    of them, the rest counted (``['a', …, 'z', … e mais 999.960 itens]``). A header of a
    million columns, or one column of 15 MB, is quoted in a few lines (issue 32, hostile
    trial 5: the SIDRA and TSE header messages echoed up to 15 MB)."""
    values = list(values) if not isinstance(values, (list, tuple)) else values
    shown = ", ".join(quoted(v) for v in values[:limit])
    rest = len(values) - limit
    return f"[{shown}{f', … e mais {_count(rest)} itens' if rest > 0 else ''}]"


def _count(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def and_list(words) -> str:
    """pt-BR enumeration: ``["Anhanguera", "Cumari"]`` -> ``"Anhanguera e Cumari"``,
    three or more joined by commas and a final "e"; one word alone; ``""`` for none."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " e " + words[-1]


def text_problem(text: str, kind: Kind = NOTE) -> str | None:
    """Why a typed text cannot be used as ``kind``, in pt-BR, or ``None``.

    Parameters
    ----------
    text : str
        The value as typed.
    kind : Kind
        :data:`NAME`, :data:`REFERENCE` or :data:`NOTE`.

    Returns
    -------
    str or None
        The first problem: a text longer than ``kind.limit`` characters (then nothing else
        is read, so a 10 MB value costs one ``len``); a refused character with its code
        point, name and position; an accent with no letter before it (not in a note); a
        text whose characters are all invisible.
    """
    if len(text) > kind.limit:
        found = "encontrada" if kind.what.startswith("uma ") else "encontrado"
        return (f"{found} {kind.what} com {_count(len(text))} caracteres; esperado no máximo "
                f"{_count(kind.limit)}")
    if text.strip() and all(_invisible(c) for c in text):
        hidden = ", ".join(f"U+{ord(c):04X}" for c in dict.fromkeys(text)
                           if unicodedata.category(c) != "Zs" and c not in TEXT_WHITESPACE)
        return (f"encontrado um texto só de caracteres invisíveis ({hidden[:200]}); esperado "
                f"{kind.what} com letras ou algarismos")
    base = False  # whether the last character that is not a mark is a letter or digit
    for i, ch in enumerate(text, start=1):
        bad = _kind(ch, kind.lines)
        label = unicodedata.name(ch, _LABELS.get(ch, "sem nome"))
        if bad in ("invisível (de preenchimento)", "invisível (de formatação)"):
            return (f"encontrado o caractere {bad} U+{ord(ch):04X} ({label}) na posição {i}; "
                    f"esperado {kind.what} sem caracteres invisíveis (um espaço comum separa "
                    "palavras)")
        if bad:
            return (f"encontrado o caractere {bad} U+{ord(ch):04X} ({label}) na posição {i}; "
                    f"esperado {kind.what} sem caracteres de controle nem de direção de texto "
                    "(U+202A–U+202E, U+2066–U+2069)")
        cat = unicodedata.category(ch)
        if cat.startswith("M"):
            if not kind.lines and not base:
                return (f"encontrado o acento combinante U+{ord(ch):04X} ({label}) na posição "
                        f"{i} sem uma letra antes; esperado {kind.what} cujos acentos "
                        "acompanhem uma letra (como em 'á')")
        elif ch not in ZERO_WIDTH:
            base = cat[0] in "LN"
    return None


#: The letters a place name of Goiás is written with besides A–Z and a–z: the Portuguese
#: accented letters (the DTB 2022's names of Goiás use Á á â ã ç é ê í ó ô õ ú).
PORTUGUESE_LETTERS = frozenset("áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇ")
#: What a place name may hold besides letters: the space, apostrophes (' and ’, as in
#: "Posse d'Abadia") and hyphens (- and ‐, as in "Olhos-d'Água").
PLACE_MARKS = frozenset(" '\u2019-\u2010")
#: The first word of a letter's Unicode name -> the letter in pt-BR words.
_SCRIPTS = {"CYRILLIC": "letra cirílica", "GREEK": "letra grega", "FULLWIDTH":
            "letra de largura total", "HALFWIDTH": "letra de meia largura", "LATIN":
            "letra latina que o português não usa", "ARMENIAN": "letra armênia", "HEBREW":
            "letra hebraica", "ARABIC": "letra árabe", "CJK": "ideograma", "HIRAGANA":
            "letra japonesa", "KATAKANA": "letra japonesa", "HANGUL": "letra coreana",
            "MATHEMATICAL": "letra matemática", "CHEROKEE": "letra cheroqui", "COPTIC":
            "letra copta", "GEORGIAN": "letra georgiana", "THAI": "letra tailandesa"}


def character_words(ch: str) -> str:
    """One character in pt-BR words, with its code point and Unicode name: ``letra cirílica
    'а' (U+0430, CYRILLIC SMALL LETTER A)``, ``símbolo ou emoji '🏠' (U+1F3E0, HOUSE
    BUILDING)``, ``espaço especial (U+00A0, NO-BREAK SPACE)`` (a character that draws nothing,
    or a control, is not shown, only named)."""
    name = unicodedata.name(ch, _LABELS.get(ch, "sem nome"))
    cat = unicodedata.category(ch)
    if cat.startswith("L"):
        what = _SCRIPTS.get(name.split()[0], "letra de outra escrita")
    else:
        what = {"N": "algarismo" if cat == "Nd" else "número", "S": "símbolo ou emoji",
                "P": "sinal de pontuação", "Z": "espaço especial", "M": "acento combinante",
                }.get(cat[0], "caractere")
    shown = f" '{ch}'" if ch.isprintable() and not ch.isspace() and cat[0] not in "MZC" else ""
    return f"{what}{shown} (U+{ord(ch):04X}, {name})"


def place_name_problem(text: str) -> str | None:
    """Why ``text`` cannot be the name of a municipality, district or seat of Goiás, in
    pt-BR, or ``None``.

    Such names are written with Latin letters, the Portuguese accents (:data:`PORTUGUESE_
    LETTERS`), spaces, apostrophes and hyphens (:data:`PLACE_MARKS`); any other character
    is refused, named by :func:`character_words` — never folded (NFKC would silently make
    full-width "Ｐｏｓｓｅ" into "Posse", and a Cyrillic "а" reads as a Latin "a": issue 32,
    hostile trial 5, accepted full-width letters and emoji in a seat's name). ``text`` is
    read as :func:`normalise_text` gives it (accents composed).
    """
    for i, ch in enumerate(text, start=1):
        if (ch.isascii() and ch.isalpha()) or ch in PORTUGUESE_LETTERS or ch in PLACE_MARKS:
            continue
        words = character_words(ch)
        found = "encontrada a" if words.startswith("letra") else "encontrado o"
        return (f"{found} {words} na posição {i}; esperado um nome "
                "de lugar escrito com letras latinas (com os acentos do português), espaços, "
                "apóstrofos e hífens, como os nomes do IBGE (p. ex. \"Posse d'Abadia\", "
                "\"Olhos-d'Água\")")
    return None


#: The digits a number is read in. Python's ``int()``, ``float()``, ``Decimal()``,
#: ``str.isdigit`` and ``re``'s ``\d`` (without ``re.ASCII``) take every Unicode decimal
#: digit, so ``"Ofício nº ١٢/٢٠٢٧"`` (Arabic-Indic) or ``"१२"`` (Devanagari) read as 12/2027
#: and 12 (issue 32, hostile trial 11): every number, code or date a person types is read
#: in these alone, and :func:`digit_problem` names any other digit.
ASCII_DIGITS = frozenset("0123456789")


def digit_problem(text: str, folded: bool = False) -> str | None:
    """Why ``text``, where a number, a code or a date is read, cannot be read, in pt-BR, or
    ``None``: its first decimal digit (Unicode category Nd) that is not 0–9, named by
    :func:`character_words` with its position, as :func:`place_name_problem` names a
    letter (``encontrado o algarismo '١' (U+0661, ARABIC-INDIC DIGIT ONE) na posição 11;
    esperados os algarismos de 0 a 9 …``).

    ``folded``: the text is compared NFKC-folded (a process record's documents, H7-7), so a
    digit that folds to one of 0–9 (full-width ``１``) passes; an Arabic-Indic or Devanagari
    digit, which NFKC keeps, does not. Other numerals (``²``, ``Ⅻ``) are no decimal digits:
    ``int()`` and ``\\d`` refuse them already.
    """
    for i, ch in enumerate(text, start=1):
        if ch.isdecimal() and ch not in ASCII_DIGITS and not (
                folded and unicodedata.normalize("NFKC", ch) in ASCII_DIGITS):
            return (f"encontrado o {character_words(ch)} na posição {i}; esperados os "
                    "algarismos de 0 a 9 (um número escrito com algarismos de outra escrita "
                    "não é lido)")
    return None


def _cap_marks(text: str) -> str:
    """``text`` with at most :data:`MARKS_MAX` combining marks in a row."""
    out, run = [], 0
    for ch in text:
        if unicodedata.category(ch).startswith("M"):
            run += 1
            if run > MARKS_MAX:
                continue
        else:
            run = 0
        out.append(ch)
    return "".join(out)


def normalise_text(text: str) -> str:
    """A typed text as shown everywhere: zero-width characters (:data:`ZERO_WIDTH`)
    removed, NFC composed, at most :data:`MARKS_MAX` combining marks on a letter, surrounding
    spaces stripped."""
    return _cap_marks(unicodedata.normalize("NFC", text.translate(_ZERO_WIDTH_TABLE))).strip()


def clean_text(problems, field_: str, value: str, kind: Kind = NOTE) -> str:
    """One typed field of a file, as read: :func:`text_problem` recorded on ``field_``, then
    :func:`normalise_text`.

    Parameters
    ----------
    problems
        Where the file's problems are gathered: anything with ``add(field, message)``
        (:class:`viabilidade.errors.Problems`), so every problem of the file is raised at
        once with its file and line.
    field_ : str
        The dotted field (``"oficios.president"``).
    value : str
        As typed.
    kind : Kind
        :data:`NAME`, :data:`REFERENCE` or :data:`NOTE`.

    Returns
    -------
    str
        The text without the refused characters (so later checks still run), cut to
        ``kind.limit`` characters and normalised; ``""`` for a text of invisible characters.
    """
    problem = text_problem(value, kind)
    if problem:
        problems.add(field_, problem)
        value = "".join(c for c in value[:kind.limit] if not _kind(c, kind.lines))
    return normalise_text(value)


def shown(text: str) -> str:
    """``text`` safe to print on a terminal line: every character :func:`text_problem` refuses
    in a free text (CR, ESC, NUL, bidi overrides, line separators, Unicode tags…) written as
    its Python escape (``\\r``, ``\\x1b``, ``\\u202e``), so a file name cannot move the
    cursor, colour or reorder what the terminal shows; line breaks and tabs are kept."""
    return "".join(ch.encode("unicode_escape").decode("ascii") if _kind(ch, True) else ch
                   for ch in text)


def fold(text: str) -> str:
    """Lower case without accents (``"Posse d'Abadia"`` -> ``"posse d'abadia"``)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()



def collation_key(name: str) -> str:
    """Sort key of a name in pt-BR order, for every list a person reads.

    Code-point order put "Araguapaz" before "Araçu", "Caiapônia" before "Caçu",
    "Cachoeira Dourada" before "Cachoeira de Goiás" and every "Água…", "Córrego…" and
    "São…" after "Z". Here accents and case are folded first (NFD, combining marks dropped,
    ``str.casefold``), as a dictionary orders them; the name as written breaks ties, so
    "Sao" and "São" keep one order. Spaces and apostrophes count as written (a space
    before any letter), as CLDR's root collation does. Babel (installed) has no
    collation and PyICU is not installed, hence Unicode decomposition.

    Parameters
    ----------
    name : str
        A place's, a person's or a body's name.

    Returns
    -------
    str
        The folded name, NUL, then the name itself: comparable with any other key, so
        ``sorted(names, key=collation_key)`` and ``frame.sort_values("nome",
        key=lambda s: s.map(collation_key))`` both work.
    """
    name = str(name)
    decomposed = unicodedata.normalize("NFD", name)
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    return f"{folded}\0{name}"

#: difflib ratio (over :func:`name_key` keys) from which a place's name is "parecido" to
#: another: ``viabilidade novo``'s suggestions and the seat's typo check both use it
#: (``pautera`` / ``pauterra`` is 0,93).
CLOSE_RATIO = 0.75


def name_key(text: str) -> str:
    """Comparison key of a name: ASCII lower-case letters and digits only.

    ``"Posse d'Abadia"``, ``"posse dabadia"`` and ``"POSSE D’ABADIA"`` give ``"possedabadia"``.
    """
    return re.sub(r"[^a-z0-9]", "", fold(text))


def path_shown(path) -> str:
    """``path`` as text that can be printed and written in UTF-8: the bytes of a name that
    is not UTF-8 (read by Python as lone surrogates, ``S\\udce3o``) written as ``\\xE3``
    escapes (``S\\xe3o Lu\\xeds.toml``); any other path as it is."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    if not any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return text
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def undecodable_name(path) -> str | None:
    """Why the name of the file ``path`` cannot be used, when its bytes are not UTF-8, in
    pt-BR, or ``None``.

    Such a name (``S\\xe3o Lu\\xeds.toml``: "São Luís" in Latin-1/Windows-1252, as a zip
    made on Windows or an old system writes it) cannot be written into a study, its
    record or its index (all UTF-8), so it is refused, naming its bytes, the name it
    probably meant (the bytes read as Windows-1252, when that gives a usable name) and how
    to rename it (issue 32, fourth hostile trial: ``lote`` stopped with a
    ``UnicodeEncodeError`` and ``estudo`` with ``NotJSONError``).
    """
    text = os.fsdecode(os.fspath(path))
    name = os.path.basename(text)
    odd = [ord(c) - 0xDC00 for c in name if 0xDC80 <= ord(c) <= 0xDCFF]
    if not odd and not any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        return None
    raw = name.encode("utf-8", "surrogateescape")
    hexes = [f"{b:02X}" for b in dict.fromkeys(odd)][:10]
    listed = and_list(hexes)
    try:
        meant = raw.decode("cp1252")
    except UnicodeDecodeError:
        meant = ""
    escaped = path_shown(name)
    if meant and text_problem(meant, FILE_NAME) is None and "/" not in meant:
        target = meant
    else:
        target = re.sub(r"\\x[0-9a-f]{2}", "_", escaped)
    shell = escaped.replace("'", "\\'")
    return (f"{path_shown(text)}: o nome do arquivo não está em UTF-8 (o{'s' if len(hexes) > 1 else ''} "
            f"byte{'s' if len(hexes) > 1 else ''} {listed} não forma{'m' if len(hexes) > 1 else ''} "
            "texto UTF-8; assim grava nomes um zip criado no Windows ou um sistema em Latin-1); "
            f"esperado um nome em UTF-8: renomeie o arquivo para {target!r} (no terminal, na "
            f"pasta do arquivo: mv $'{shell}' {target!r})")
