"""Who signs the ofícios and for which legislative process: the ``[oficios]`` section of the
settings file (``--configuracoes``).

A letter ready to sign names the committee, its President (with the title in the right
gender), the legislative process, the deputy who proposed the creation (LC 02/1990 art. 2),
and its own number. None of these can be guessed, so each is required and a missing or bad
one is a pt-BR error naming the file, the line and the field, all problems of the section at
once (as :class:`viabilidade.rules.settings.Settings` reports its own). The authorities
addressed may be named too (``[oficios.destinatarios]``); without a name a letter addresses
the office (``"Superintendente Estadual do IBGE em Goiás"``).

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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import SettingsError, did_you_mean, field_line, found_value

#: The name of the section in the settings file.
SECTION = "oficios"
GENDERS = ("feminino", "masculino")

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
    "first_number": "o número do primeiro ofício, um inteiro positivo (os demais seguem em "
                    "ordem)",
}
OPTIONAL = ("destinatarios", "sigla")


@dataclass(frozen=True)
class Person:
    """A person named in a letter: ``name`` and ``gender`` (``"feminino"``/``"masculino"``)."""

    name: str
    gender: str

    @property
    def female(self) -> bool:
        return self.gender == "feminino"

    def deputy(self) -> str:
        """``"Deputada Maria Aparecida Souza"``."""
        return f"{'Deputada' if self.female else 'Deputado'} {self.name}"


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
            ``prefeitura-<slug>``…): an addressee naming no letter is then one more problem
            of the same report (:meth:`check_addressees`).

        Raises
        ------
        SettingsError
            Every problem at once: a missing or empty required key, a value of the wrong
            type, an unknown key (with the closest allowed one, "seria 'president'?"), a
            bad addressee. Values are quoted as TOML writes them (``true``, ``ausente``).
        """
        problems: list[tuple[str, str]] = []
        if not isinstance(data, dict):
            raise SettingsError(
                f"{found_value(data)}; esperada a tabela [oficios] com "
                + ", ".join(REQUIRED), file=file, field=SECTION,
                line=field_line(text, SECTION) if text else None)
        for key in sorted(set(data) - set(REQUIRED) - set(OPTIONAL), key=str):
            allowed = [*REQUIRED, *OPTIONAL]
            problems.append((f"{SECTION}.{key}", f"chave desconhecida {key!r}"
                                                 f"{did_you_mean(key, allowed)}; permitidas: "
                                                 f"{', '.join(allowed)}"))
        values: dict[str, Any] = {}
        for key, expected in REQUIRED.items():
            value = data.get(key)
            if value is None:
                problems.append((f"{SECTION}.{key}", f"ausente; esperado {expected}"))
            elif key == "first_number":
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    problems.append((f"{SECTION}.{key}", f"{found_value(value)}; esperado "
                                                         f"{expected}"))
            elif key.endswith("_gender"):
                if value not in GENDERS:
                    problems.append((f"{SECTION}.{key}", f"{found_value(value)}; esperado "
                                                         f"{expected}"))
            elif not isinstance(value, str) or not value.strip():
                found = "encontrado um texto vazio" if isinstance(value, str) else found_value(value)
                problems.append((f"{SECTION}.{key}", f"{found}; esperado {expected}"))
            else:
                value = " ".join(value.split())
            values[key] = value
        sigla = data.get("sigla", "")
        if not isinstance(sigla, str) or ("sigla" in data and not sigla.strip()):
            found = "encontrado um texto vazio" if isinstance(sigla, str) else found_value(sigla)
            problems.append((f"{SECTION}.sigla", f"{found}; esperada a sigla da unidade que "
                                                 "expede os ofícios, entre aspas (p. ex. "
                                                 "\"CCJR-ALEGO\")"))
            sigla = ""
        addressees: dict[str, Person] = {}
        table = data.get("destinatarios", {})
        if not isinstance(table, dict):
            problems.append((f"{SECTION}.destinatarios", f"{found_value(table)}; esperada uma "
                                                         "tabela de destinatários"))
            table = {}
        for key, entry in table.items():
            where = f"{SECTION}.destinatarios.{key}"
            if letters is not None and key not in letters:
                problems.append((where, _no_letter(key, letters)))
            if not isinstance(entry, dict):
                problems.append((where, f"{found_value(entry)}; esperado {{ name = \"…\", "
                                        "gender = \"feminino\" }"))
                continue
            name, gender = entry.get("name"), entry.get("gender")
            extra = sorted(set(entry) - {"name", "gender"})
            if extra:
                problems.append((where, f"chave desconhecida {extra[0]!r}"
                                        f"{did_you_mean(extra[0], ['name', 'gender'])}; "
                                        "permitidas: name, gender"))
            if not isinstance(name, str) or not name.strip():
                found = ("encontrado um texto vazio" if isinstance(name, str) else
                         found_value(name))
                problems.append((f"{where}.name", f"{found}; esperado o nome da "
                                                  "autoridade, entre aspas"))
            if gender not in GENDERS:
                problems.append((f"{where}.gender", f"{found_value(gender)}; esperado "
                                                    "\"feminino\" ou \"masculino\""))
            if isinstance(name, str) and name.strip() and gender in GENDERS:
                addressees[key] = Person(" ".join(name.split()), gender)
        if problems:
            raise SettingsError.collect([
                SettingsError(msg, file=file, field=f,
                              line=(field_line(text, f) if text else None))
                for f, msg in problems])
        return cls(committee=values["committee"],
                   president=Person(values["president"], values["president_gender"]),
                   process=values["process"],
                   proposer=Person(values["proposer"], values["proposer_gender"]),
                   first_number=values["first_number"], addressees=addressees,
                   sigla=" ".join(sigla.split()),
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
        from ..rules.settings import read_settings_toml

        keys = ", ".join(REQUIRED)
        if path is None:
            raise SettingsError(
                "os ofícios precisam de um arquivo de configurações (--configuracoes ARQUIVO) "
                f"com a seção [oficios]: {keys} (ver docs/GUIA.md, Ofícios)")
        path = Path(path)
        text, doc = read_settings_toml(path)
        if SECTION not in doc:
            raise SettingsError(f"falta a seção [oficios]; esperada com {keys} (quem assina e "
                                "o processo; ver docs/GUIA.md, Ofícios)", file=path,
                                field=SECTION)
        return cls.from_dict(doc[SECTION], file=path, text=text, letters=letters)

    def check_addressees(self, keys: list[str]) -> None:
        """Refuse an addressee key that names no letter of this candidate.

        Raises
        ------
        SettingsError
            Naming each unknown key and the letters there are.
        """
        bad = [k for k in self.addressees if k not in keys]
        if bad:
            text = self.file.read_text(encoding="utf-8") if self.file else ""
            raise SettingsError.collect([SettingsError(
                _no_letter(k, keys), file=self.file, field=f"{SECTION}.destinatarios.{k}",
                line=field_line(text, f"{SECTION}.destinatarios.{k}") if text else None)
                for k in bad])


def _no_letter(key: str, letters: list[str]) -> str:
    """The message of an addressee key that names no letter of the candidate."""
    return (f"não há ofício {key!r} para este candidato{did_you_mean(key, letters)}; "
            f"esperado um de {', '.join(letters)}")


__all__ = ["OficiosSettings", "Person", "SECTION", "REQUIRED"]
