"""Who signs the ofícios, for which legislative process, and to whom: the ``[oficios]``
section of the settings file (``--configuracoes``).

A letter ready to sign names the committee, its President (with the title in the right
gender), the legislative process, the deputy who proposed the creation (LC 02/1990 art. 2),
its own number, and the person it is addressed to. None of these can be guessed, so each is
required: every letter's addressee is named in ``[oficios.destinatarios]`` with ``name`` and
``gender`` (the form of address — "A Sua Excelência a Senhora", "Senhora Juíza Eleitoral" —
follows it; no gender is assumed), and the Juiz Eleitoral, the Prefeito and the President of
the Câmara, whose offices are not in Goiânia, with their ``address`` too. A missing or bad
value is a pt-BR error naming the file, the line and the field, all problems of the section
at once (as :class:`viabilidade.rules.settings.Settings` reports its own).

Every text goes through the one rule for typed text (:func:`viabilidade.common.text.clean_text`:
no control, bidi, tag or BOM character, visible content, a bound on the length by kind), so a
10 MB name or a NUL never reaches a letter or the bill (issue 32, S4, M1–M3); the letters'
numbers are bounded (:data:`NUMBER_MAX`, m2).

Example::

    [oficios]
    committee = "Comissão de Constituição, Justiça e Redação"
    president = "Maria Aparecida Souza"
    president_gender = "feminino"
    process = "2027/000123"
    proposer = "João Batista Lima"
    proposer_gender = "masculino"
    first_number = 15
    sigla = "CCJR-ALEGO"

    [oficios.destinatarios]
    ibge = { name = "Ana Maria Costa", gender = "feminino" }
    cartorio-eleitoral = { name = "Pedro Alves", gender = "masculino", address = "Fórum Eleitoral de Abadiânia, Abadiânia — GO" }
    sefaz-go = { name = "Francisco Sales", gender = "masculino" }
    prefeitura-abadiania = { name = "José Diniz", gender = "masculino", address = ["Praça Central, s/n", "Abadiânia — GO"] }
    camara-abadiania = { name = "Luzia Rocha", gender = "feminino", address = "Rua 1, nº 10, Abadiânia — GO" }
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common.text import NAME, REFERENCE, clean_text, digit_problem, quoted
from ..errors import SettingsError, did_you_mean, field_line, found_value

#: The name of the section in the settings file.
SECTION = "oficios"
GENDERS = ("feminino", "masculino")
#: The highest number a letter may have (a unit's letters of one year; m2 of issue 32: no
#: "Ofício nº 9223372036854775807").
NUMBER_MAX = 99_999
#: The most addressees ``[oficios.destinatarios]`` may list: a candidate's letters are the
#: IBGE, the Cartório Eleitoral, SEFAZ-GO and a Prefeitura and a Câmara per origin (a fusion
#: of many municipalities stays far below). A longer table is refused whole, unread entry by
#: entry (issue 32: 8.000 unknown addressees took 6 s and gave 1,9 MB of errors).
ADDRESSEES_MAX = 100
#: The most lines an addressee's ``address`` may have.
ADDRESS_LINES_MAX = 4
#: Letters whose addressee must give an ``address``: their office is not a fixed one in
#: Goiânia (the zone's court, the Prefeitura and the Câmara of the origin).
ADDRESS_REQUIRED = ("cartorio-eleitoral", "prefeitura-", "camara-")

#: Each required key and what is expected of it (pt-BR, for the error messages).
REQUIRED: dict[str, str] = {
    "committee": "o nome da comissão cujo Presidente assina, entre aspas (p. ex. \"Comissão de "
                 "Constituição, Justiça e Redação\")",
    "president": "o nome do Presidente da comissão, que assina os ofícios, entre aspas",
    "president_gender": "\"feminino\" ou \"masculino\" (para escrever Deputada ou Deputado)",
    "process": "o número do processo legislativo como texto, entre aspas (p. ex. "
               "\"2027/000123\")",
    "proposer": "o nome do deputado autor da proposta (LC 02/1990, art. 2º), entre aspas",
    "proposer_gender": "\"feminino\" ou \"masculino\" (para escrever Deputada ou Deputado)",
    "first_number": "o número do primeiro ofício, um inteiro de 1 a "
                    + f"{NUMBER_MAX:,}".replace(",", ".") + " (os demais seguem em ordem)",
}
#: The kind of each text key (:mod:`viabilidade.common.text`): its length bound.
KINDS = {"committee": NAME, "president": NAME, "process": REFERENCE, "proposer": NAME}
OPTIONAL = ("destinatarios", "sigla", "presidencia")
#: Letters the Assembly's Presidency signs, not the committee: a requisition to a Secretário de
#: Estado (SEFAZ-GO, art. 4 § 3 "requisitar"). CF art. 50, § 2º gives written requests for
#: information to ministers to the Mesas of the Houses, and the Constitution of Goiás, art. 9º,
#: § 3º, has the same written request to the Secretários de Estado (as the Assembly's own
#: page on its powers states it); a committee does not requisition in the Assembly's name.
PRESIDENCY_LETTERS = ("sefaz-go",)
#: The keys of ``[oficios.presidencia]``.
PRESIDENCY_KEYS = ("name", "gender", "number", "sigla")
PRESIDENCY_FORM = ('{ name = "…", gender = "feminino" ou "masculino", number = 1, '
                   'sigla = "GP-ALEGO" }')
#: The keys of an addressee.
ADDRESSEE_KEYS = ("name", "gender", "address")
ADDRESSEE_FORM = '{ name = "…", gender = "feminino" ou "masculino", address = "…" }'
ADDRESSEE_FORM_NO_ADDRESS = '{ name = "…", gender = "feminino" ou "masculino" }'


class _Found:
    """The section's problems as (field, message), in the order found (the collector
    :func:`viabilidade.common.text.clean_text` records into)."""

    def __init__(self):
        self.items: list[tuple[str, str]] = []

    def add(self, field_: str, msg: str) -> None:
        self.items.append((field_, msg))


@dataclass(frozen=True)
class Person:
    """A person named in a letter: ``name``, ``gender`` (``"feminino"``/``"masculino"``)
    and, for an addressee, the ``address`` lines after the office (may be empty)."""

    name: str
    gender: str
    address: tuple[str, ...] = ()

    @property
    def female(self) -> bool:
        return self.gender == "feminino"

    def deputy(self) -> str:
        """``"Deputada Maria Aparecida Souza"``."""
        return f"{'Deputada' if self.female else 'Deputado'} {self.name}"


@dataclass(frozen=True)
class Presidency:
    """The Presidency of the Assembly, which signs :data:`PRESIDENCY_LETTERS`: its President
    (``person``), the number of its letter (its own series) and its sigla (``""`` if none)."""

    person: Person
    number: int
    sigla: str = ""


def needs_address(key: str) -> bool:
    """Whether the addressee of letter ``key`` must give an address (:data:`ADDRESS_REQUIRED`)."""
    return any(key == p or (p.endswith("-") and key.startswith(p)) for p in ADDRESS_REQUIRED)


#: Where a user finds a whole ``[oficios]`` file to copy (the README's and the GUIA's
#: examples name ``oficios.toml``, which a clean clone does not have).
EXAMPLE_HINT = ("esperado um arquivo de configurações com a seção [oficios]; um exemplo "
                "completo, para copiar e editar, está em tests/fixtures/oficios.toml (explicado "
                "em docs/GUIA.md, «Pedidos de informação (ofícios)»)")


#: The example settings file, relative to the repository (:data:`EXAMPLE_HINT`): its names
#: (signer, proposer, addressees) and process number are fictitious.
EXAMPLE = Path("tests") / "fixtures" / "oficios.toml"


def example_notice(path) -> str | None:
    """A notice when ``path`` is the repository's own example (:data:`EXAMPLE`), whose names
    and process are fictitious: letters and bills written with it must not be signed (the
    new-user review, 2026-12-07: the README's command used it, and the letters came out
    "prontos para assinar" to "Ana Maria Costa", signed by "Deputada Maria Aparecida Souza").
    ``None`` for any other file, a copy included (the user has edited it)."""
    from ..data.paths import REPO

    try:
        same = Path(path).resolve() == (REPO / EXAMPLE).resolve()
    except (OSError, RuntimeError):
        return None
    if not same:
        return None
    return (f"{path}: é o arquivo de exemplo dos testes, com nomes e processo fictícios; os "
            "documentos escritos com ele não são para assinar: copie-o (cp "
            f"{EXAMPLE} oficios.toml), escreva nele os nomes e o processo reais e use "
            "--configuracoes oficios.toml")


@dataclass(frozen=True)
class OficiosSettings:
    """The ``[oficios]`` section.

    Attributes
    ----------
    committee : str
        The committee whose President signs.
    president, proposer : Person
        The signer and the deputy who proposed the creation.
    process : str
        The legislative process number, as the Assembly writes it.
    first_number : int
        The first letter's number; the others follow in the order the letters are written.
    addressees : dict
        Letter key (``"ibge"``, ``"cartorio-eleitoral"``, ``"sefaz-go"``,
        ``"prefeitura-<slug>"``, ``"camara-<slug>"``) -> :class:`Person`; may be empty.
    sigla : str
        The issuing unit's sigla after the number and year (Manual de Redação da Presidência
        da República, 3rd ed.: "Ofício nº 15/2027/CCJR-ALEGO"); ``""`` when not given.
    file : Path or None
        Where the section was read, for later errors (an addressee key no letter has).
    """

    committee: str
    president: Person
    process: str
    proposer: Person
    first_number: int
    addressees: dict[str, Person] = field(default_factory=dict)
    sigla: str = ""
    presidency: Presidency | None = None
    file: Path | None = None

    @classmethod
    def from_dict(cls, data: Any, *, file: str | Path | None = None, text: str = "",
                  letters: list[str] | None = None) -> "OficiosSettings":
        """Validate an ``[oficios]`` table.

        Parameters
        ----------
        data : dict
            The table.
        file, text : optional
            The settings file and its text, for the messages' file and line.
        letters : list of str, optional
            The keys of the candidate's letters (``ibge``, ``sefaz-go``,
            ``prefeitura-<slug>``…): an addressee naming no letter, a letter with no
            addressee and a missing address (:func:`needs_address`) are then problems of the
            same report (:meth:`check_addressees`); the last letter's number is bounded too.

        Raises
        ------
        SettingsError
            Every problem at once: a missing or empty required key, a value of the wrong
            type, a text the one rule refuses (:func:`viabilidade.common.text.clean_text`:
            too long for its kind, control/bidi/BOM characters, only invisible
            characters), a letter number past :data:`NUMBER_MAX`, an unknown key (with the
            closest allowed one, "seria 'president'?"), a bad or missing addressee. Values are quoted as TOML writes them (``true``, ``ausente``).
        """
        found = _Found()
        if not isinstance(data, dict):
            raise SettingsError(
                f"{found_value(data)}; esperada a tabela [oficios] com "
                + ", ".join(REQUIRED), file=file, field=SECTION,
                line=field_line(text, SECTION) if text else None)
        for key in sorted(set(data) - set(REQUIRED) - set(OPTIONAL), key=str):
            allowed = [*REQUIRED, *OPTIONAL]
            found.add(f"{SECTION}.{key}", f"chave desconhecida {quoted(key)}"
                                          f"{_misplaced(key) or did_you_mean(key, allowed)}; "
                                          f"permitidas: {', '.join(allowed)}")
        values: dict[str, Any] = {}
        for key, expected in REQUIRED.items():
            value, where = data.get(key), f"{SECTION}.{key}"
            if value is None:
                found.add(where, f"ausente; esperado {expected}")
            elif key == "first_number":
                last = value + max(len(letters or ()), 1) - 1 if isinstance(value, int) else 0
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    found.add(where, f"{found_value(value)}; esperado {expected}")
                elif last > NUMBER_MAX:
                    found.add(where, f"encontrado o número {_n(value)}; esperado {expected}"
                                     + (f": com {len(letters)} ofícios o último seria o nº "
                                        f"{_n(last)}" if letters and value <= NUMBER_MAX else ""))
            elif key.endswith("_gender"):
                if value not in GENDERS:
                    found.add(where, f"{found_value(value)}; esperado {expected}")
            else:
                value = _text(found, where, value, KINDS[key], expected)
                if key == "process" and value is not None and digit_problem(value):
                    # its year is read, by the letters and the bill (hostile trial 11: the
                    # bill read "٢٠٢٧/000123" as of 2027)
                    found.add(where, digit_problem(value))
                    value = None
            values[key] = value
        sigla = ""
        if "sigla" in data:
            sigla = _sigla(found, f"{SECTION}.sigla", data["sigla"],
                           "a sigla da unidade que expede os ofícios, entre aspas (p. ex. "
                           "\"CCJR-ALEGO\")") or ""
        addressees = _addressees(data.get("destinatarios", {}), found, letters)
        presidency = _presidency(data.get("presidencia"), found, letters)
        if found.items:
            raise SettingsError.collect([
                SettingsError(msg, file=file, field=f,
                              line=(field_line(text, f) if text else None))
                for f, msg in found.items])
        return cls(committee=values["committee"],
                   president=Person(values["president"], values["president_gender"]),
                   process=values["process"],
                   proposer=Person(values["proposer"], values["proposer_gender"]),
                   first_number=values["first_number"], addressees=addressees,
                   sigla=sigla, presidency=presidency,
                   file=Path(file) if file is not None else None)

    @classmethod
    def from_toml(cls, path: str | Path | None, *, letters: list[str] | None = None
                  ) -> "OficiosSettings":
        """Read the ``[oficios]`` section of a settings file (``letters``: as
        :meth:`from_dict` takes them, so that a bad addressee key is reported with the
        section's other problems).

        Raises
        ------
        SettingsError
            No file given, a file that cannot be read or is not TOML, no ``[oficios]``
            section, or any problem of the section (all at once).
        """
        from ..rules.settings import Settings, read_settings_toml

        keys = ", ".join(REQUIRED)
        if path is None:
            raise SettingsError(
                "os ofícios precisam de um arquivo de configurações (--configuracoes ARQUIVO) "
                f"com a seção [oficios]: {keys} (ver docs/GUIA.md, Ofícios)")
        path = Path(path)
        if not path.exists() and not path.is_symlink():   # say where the example is
            raise SettingsError(f"o arquivo não existe; {EXAMPLE_HINT}", file=path)
        text, doc = read_settings_toml(path)
        # the rest of the file is checked as every reader checks it: an unknown top-level
        # key ([oficio] for [oficios]) or a bad setting is refused here too, never ignored
        outside = Settings.from_file(doc, text, path, sections={SECTION: (*REQUIRED, *OPTIONAL)})[1]
        if SECTION not in doc:
            outside.append(SettingsError(f"falta a seção [oficios]; esperada com {keys} (quem "
                                         "assina e o processo; ver docs/GUIA.md, Ofícios)",
                                         file=path, field=SECTION))
        section = None
        try:
            if SECTION in doc:
                section = cls.from_dict(doc[SECTION], file=path, text=text, letters=letters)
        except SettingsError as e:
            outside += e.problems
        if outside:
            raise SettingsError.collect(outside)  # the file's, then the section's, as found
        return section

    def check_addressees(self, keys: list[str]) -> None:
        """Refuse an addressee key that names no letter of this candidate, a letter with no
        addressee (or, where :func:`needs_address`, with no address), and a Presidency's
        letter (:data:`PRESIDENCY_LETTERS`) without ``[oficios] presidencia``.

        Raises
        ------
        SettingsError
            Naming each key, the letters there are and what is missing, at once.
        """
        found = _Found()
        for k in self.addressees:
            if k not in keys:
                found.add(f"{SECTION}.destinatarios.{k}", _no_letter(k, keys))
        _missing(self.addressees, keys, found)
        if self.presidency is None:
            _presidency(None, found, keys)
        if found.items:
            text = self.file.read_text(encoding="utf-8") if self.file else ""
            raise SettingsError.collect([SettingsError(
                msg, file=self.file, field=f, line=field_line(text, f) if text else None)
                for f, msg in found.items])


def _misplaced(key: str) -> str:
    """The hint of a setting written inside ``[oficios]`` (after its header, TOML puts every
    key there until the next table): ``" (é uma configuração: …)"``, else ``""``."""
    import dataclasses

    from ..rules.settings import Settings

    if key not in {f.name for f in dataclasses.fields(Settings)}:
        return ""
    return (" (é uma configuração: escreva-a na tabela [settings], ou no início do arquivo, "
            "antes de [oficios])")


def _n(value: int) -> str:
    return f"{value:,}".replace(",", ".")


def _text(found: _Found, where: str, value: Any, kind, expected: str) -> str | None:
    """A required text of the section through the one rule (``kind``), or ``None``."""
    verb = "esperada" if expected.startswith("a ") else "esperado"
    if not isinstance(value, str):
        found.add(where, f"{found_value(value)}; {verb} {expected}")
        return None
    if not value.strip():
        found.add(where, f"encontrado um texto vazio; {verb} {expected}")
        return None
    before = len(found.items)
    value = " ".join(clean_text(found, where, value, kind).split())
    return value if len(found.items) == before else None


#: The most characters of a sigla ("CCJR-ALEGO" has 10; "SAA/SE/MT", the Manual's, 9).
SIGLA_MAX = 40


def is_sigla(text: str) -> bool:
    """Whether ``text`` is a sigla: at most :data:`SIGLA_MAX` characters, upper-case letters
    and digits, parts joined by hyphens, units separated by "/" (``"CCJR-ALEGO"``,
    ``"SAA/SE/MT"``)."""
    return len(text) <= SIGLA_MAX and all(
        part and all(c.isupper() or (c.isdigit() and c.isascii()) for c in part)
        for unit in text.split("/") for part in unit.split("-"))


def _sigla(found: _Found, where: str, value: Any, expected: str) -> str | None:
    """A sigla: a short upper-case code of letters and digits joined by hyphens, units of a
    chain separated by "/" as the Manual de Redação writes them ("Ofício nº 652/2018/SAA/SE/MT"),
    at most :data:`SIGLA_MAX` characters; else ``None`` with the problem (fourth hostile
    trial: ``sigla = "../../../tmp/x"`` was printed in the letters' numbers)."""
    text = _text(found, where, value, REFERENCE, expected)
    if text is None:
        return None
    if not is_sigla(text):
        found.add(where, f"encontrado {quoted(text)}; esperada uma sigla de até {SIGLA_MAX} "
                         "caracteres, em letras maiúsculas e algarismos, partes unidas por hífen "
                         "e unidades separadas por barra (p. ex. \"CCJR-ALEGO\" ou \"SAA/SE/MT\")")
        return None
    return text


def _addressees(table: Any, found: _Found, letters: list[str] | None) -> dict[str, Person]:
    """``[oficios.destinatarios]``: letter key -> :class:`Person`, problems into ``found``;
    with ``letters``, a key of no letter and a letter without addressee are problems too."""
    addressees: dict[str, Person] = {}
    if not isinstance(table, dict):
        found.add(f"{SECTION}.destinatarios", f"{found_value(table)}; esperada uma tabela de "
                                              "destinatários")
        table = {}
    if len(table) > ADDRESSEES_MAX:
        found.add(f"{SECTION}.destinatarios",
                  f"encontrados {_n(len(table))} destinatários; esperados no máximo "
                  f"{_n(ADDRESSEES_MAX)}, um por ofício do candidato"
                  + (f" ({', '.join(letters)})" if letters else ""))
        return addressees
    for key, entry in table.items():
        where = f"{SECTION}.destinatarios.{key}"
        if letters is not None and key not in letters:
            found.add(where, _no_letter(key, letters))
        if not isinstance(entry, dict):
            found.add(where, f"{found_value(entry)}; esperado {ADDRESSEE_FORM}")
            continue
        extra = sorted(set(entry) - set(ADDRESSEE_KEYS))
        if extra:
            found.add(where, f"chave desconhecida {quoted(extra[0])}"
                             f"{did_you_mean(extra[0], list(ADDRESSEE_KEYS))}; permitidas: "
                             + ", ".join(ADDRESSEE_KEYS))
        name = (_text(found, f"{where}.name", entry["name"], NAME,
                      "o nome da autoridade, entre aspas") if "name" in entry else None)
        if "name" not in entry:
            found.add(f"{where}.name", "ausente; esperado o nome da autoridade, entre aspas")
        gender = entry.get("gender")
        if gender not in GENDERS:
            found.add(f"{where}.gender", f"{found_value(gender)}; esperado \"feminino\" ou "
                                         "\"masculino\" (para escrever Senhora ou Senhor, "
                                         "Juíza ou Juiz, Prefeita ou Prefeito)")
        address = _address(found, f"{where}.address", entry.get("address"))
        if name and gender in GENDERS and address is not None:
            addressees[key] = Person(name, gender, address)
    if letters is not None:
        _missing(addressees, letters, found, table)
    return addressees


def _presidency(table: Any, found: _Found, letters: list[str] | None) -> Presidency | None:
    """``[oficios.presidencia]``, required when ``letters`` has one of
    :data:`PRESIDENCY_LETTERS`; problems into ``found``."""
    where = f"{SECTION}.presidencia"
    needed = [k for k in (letters or ()) if k in PRESIDENCY_LETTERS]
    if table is None:
        if needed:
            found.add(where, f"ausente; esperado presidencia = {PRESIDENCY_FORM} em [oficios]: "
                             f"o ofício {needed[0]!r} requisita informações a Secretário de "
                             "Estado e é assinado pelo Presidente da Assembleia, com o número "
                             "da série da Presidência")
        return None
    if not isinstance(table, dict):
        found.add(where, f"{found_value(table)}; esperado {PRESIDENCY_FORM}")
        return None
    extra = sorted(set(table) - set(PRESIDENCY_KEYS))
    if extra:
        found.add(where, f"chave desconhecida {quoted(extra[0])}"
                         f"{did_you_mean(extra[0], list(PRESIDENCY_KEYS))}; permitidas: "
                         + ", ".join(PRESIDENCY_KEYS))
    name = _text(found, f"{where}.name", table.get("name"), NAME,
                 "o nome do Presidente da Assembleia, entre aspas")
    gender = table.get("gender")
    if gender not in GENDERS:
        found.add(f"{where}.gender", f"{found_value(gender)}; esperado \"feminino\" ou "
                                     "\"masculino\" (para escrever Deputada ou Deputado)")
    number = table.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= NUMBER_MAX:
        found.add(f"{where}.number", f"{found_value(number)}; esperado o número do ofício na "
                                     f"série da Presidência, um inteiro de 1 a {_n(NUMBER_MAX)}")
        number = None
    sigla = (_sigla(found, f"{where}.sigla", table["sigla"],
                    "a sigla da Presidência, entre aspas (p. ex. \"GP-ALEGO\")")
             if "sigla" in table else "")
    if name and gender in GENDERS and number is not None and sigla is not None:
        return Presidency(Person(name, gender), number, sigla)
    return None


def _address(found: _Found, where: str, value: Any) -> tuple[str, ...] | None:
    """An addressee's ``address``: a text or a list of at most :data:`ADDRESS_LINES_MAX`
    texts, each a :data:`~viabilidade.common.text.REFERENCE`; ``()`` when absent, ``None``
    when bad."""
    if value is None:
        return ()
    expected = (f"o endereço como texto, ou uma lista de até {ADDRESS_LINES_MAX} linhas "
                "(p. ex. [\"Praça Central, s/n\", \"Abadiânia — GO\"])")
    lines = [value] if isinstance(value, str) else value
    if not isinstance(lines, list) or not lines or len(lines) > ADDRESS_LINES_MAX:
        found.add(where, f"{found_value(value)}; esperado {expected}")
        return None
    out = [_text(found, where if isinstance(value, str) else f"{where}[{i}]", line, REFERENCE,
                 expected) for i, line in enumerate(lines)]
    return None if None in out else tuple(out)


def _missing(addressees: dict, letters: list[str], found: _Found, table: Any = None) -> None:
    """A letter with no addressee, or with no address where :func:`needs_address` (a
    written entry with its own problems is not reported again)."""
    written = table if isinstance(table, dict) else addressees
    for key in letters:
        where = f"{SECTION}.destinatarios.{key}"
        if key not in written:
            form = ADDRESSEE_FORM if needs_address(key) else ADDRESSEE_FORM_NO_ADDRESS
            found.add(where, f"falta o destinatário do ofício {key!r}; esperado {key} = {form} "
                             "em [oficios.destinatarios] (o nome e o gênero dão a forma de "
                             "tratamento; nenhum gênero é presumido)")
        elif key in addressees and needs_address(key) and not addressees[key].address:
            found.add(f"{where}.address", "ausente; esperado o endereço da autoridade, entre "
                                          "aspas, ou uma lista de linhas (o ofício vai ao "
                                          "seu gabinete, fora da sede da Assembleia)")


def _no_letter(key: str, letters: list[str]) -> str:
    """The message of an addressee key that names no letter of the candidate."""
    return (f"não há ofício {quoted(key)} para este candidato{did_you_mean(key, letters)}; "
            f"esperado um de {', '.join(letters)}")


__all__ = ["OficiosSettings", "Person", "Presidency", "SECTION", "REQUIRED", "PRESIDENCY_LETTERS",
           "NUMBER_MAX", "needs_address"]
