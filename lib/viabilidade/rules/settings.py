"""Interpretations and thresholds of LC 02/1990 (docs/LEITURAS.md I-1 … I-11) as one frozen setting.

Every default is the law's own value or the default reading in docs/LEITURAS.md; every alternative
reading is named, so a study can be re-run under it (:meth:`Settings.alternatives`) and each
report prints the readings it ran with (:meth:`Settings.describe`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..common.ibge_codes import COD_IBGE
from ..common.text import digit_problem, quoted
from ..errors import SettingsError, did_you_mean, field_line, found_value, source_text

#: Allowed values of each interpretation, the default first, with a Portuguese description.
CHOICES: dict[str, dict[str, str]] = {
    "reduction_items": {
        "IV,V,VI": "redução de 2/3 nos itens IV, V e VI (LC 04/1990 como publicada)",
        "IV,V,VI,VII": "redução de 2/3 nos itens IV, V, VI e VII (o “V” repetido lido como VI)",
        "IV,V,VII": "redução de 2/3 nos itens IV, V e VII (texto consolidado literal)",
    },
    "reduction": {
        "to": "requisitos reduzidos a 2/3 do valor",
        "by": "requisitos reduzidos em 2/3 (a 1/3 do valor)",
    },
    "perimeter": {
        "seat": "perímetro urbano da sede do município de origem",
        "all-urban": "todas as áreas urbanas do município de origem, sedes distritais incluídas",
    },
    "origin_reduction": {
        "full": "o remanescente é verificado com os requisitos integrais",
        "own": "o remanescente declarado de interesse especial usa a própria redução",
    },
    "quorum": {
        "absolute-majority": "quórum: menor número inteiro acima da metade (⌊n/2⌋ + 1)",
        "literal": "quórum: metade mais um, literal (⌈n/2 + 1⌉)",
    },
    "prevailing_legislation": {
        "total-revenue": "prevalece a legislação da origem de maior receita total",
        "per-capita": "prevalece a legislação da origem de maior receita per capita",
    },
    "plebiscite_roll": {
        "federal": "plebiscito com o eleitorado de todos os municípios envolvidos: a área, o "
                   "remanescente e, na transferência, o município que recebe a área (Lei "
                   "9.709/1998, art. 7º; STF, ADI 2.650)",
        "area": "plebiscito só com o eleitorado da área (art. 7º, literal)",
    },
    "population_vintage": {
        "revised": ("IBGE, Censo Demográfico 2022, Agregados por setores censitários, resultados "
                    "do universo (revisados)"),
        "first-release": "IBGE, Censo Demográfico 2022, primeira divulgação (28/06/2023)",
    },
}

#: The :data:`CHOICES` that choose an edition of the data, not a reading of the law, with the
#: label their alternative's description begins with (:meth:`Settings.alternatives`): the
#: study lists and counts them apart from the readings (:func:`is_edition`; polish12).
EDITIONS = {"population_vintage": "População"}


def is_edition(description: str) -> bool:
    """Whether an alternative's description (:meth:`Settings.alternatives`) is another edition
    of the data (``"População: IBGE, Censo Demográfico 2022, primeira divulgação …"``)
    rather than a reading of the law."""
    return description.startswith(tuple(f"{label}: " for label in EDITIONS.values()))


#: Portuguese label of each :class:`Settings` field, for the report's table of parameters.
FIELD_LABELS: dict[str, str] = {
    "reduction_items": "I-1: itens reduzidos a 2/3 (interesse especial)",
    "reduction": "I-1b: sentido da redução",
    "perimeter": "I-4: perímetro urbano do art. 4º, II",
    "sliver_tolerance_km2": "I-5: tolerância de fragmentos do remanescente (km²)",
    "origin_reduction": "I-7: redução no município de origem",
    "quorum": "I-8: quórum do plebiscito",
    "prevailing_legislation": "I-9: legislação que prevalece",
    "plebiscite_roll": "I-10: eleitorado do plebiscito",
    "population_vintage": "População do Censo 2022",
    "population": "Art. 4º, IV: população mínima (habitantes)",
    "electors": "Art. 4º, V: eleitorado mínimo (eleitores)",
    "buildings": "Art. 4º, VI: edificações do núcleo urbano",
    "revenue_share": "Art. 4º, VII: parcela da receita estadual de impostos",
    "gap_m": "Art. 4º, II: distância mínima (m)",
    "petition": "Art. 2º: assinaturas da representação",
    "petition_transfer": "Art. 5º, § 1º: assinaturas (transferência de área)",
    "district_buildings": "Art. 17, I: edificações da sede do distrito",
    "district_population": "Art. 17, II: população do distrito (habitantes)",
    "boundary_tolerance_km2": "Art. 6º: tolerância de área entre a linha antiga e a nova (km²)",
    "thin_margin_pct": "Art. 8º: margem estreita (% acima do limite do art. 4º)",
    "origin_special_interest": "I-7: municípios de origem de interesse especial",
    "creation_year": "Ano da lei de criação",
    "reference_date": "Data de referência do estudo",
    "study_date": "Data do estudo",
    "federal_law": "Lei complementar federal (CF, art. 18, § 4º) suposta em vigor",
}

#: Whole-number settings and their largest accepted value (a threshold above it is a typo).
COUNT_LIMITS = {"population": 100_000_000, "electors": 100_000_000, "buildings": 10_000_000,
                "gap_m": 2_000_000, "petition": 100_000_000, "petition_transfer": 100_000_000,
                "district_buildings": 10_000_000, "district_population": 100_000_000}
#: Real-valued settings and their largest accepted value: a share is at most 1, a tolerance
#: at most the area of Goiás (340 242 km², IBGE).
NUMBER_LIMITS = {"revenue_share": 1, "sliver_tolerance_km2": 340_000,
                 "boundary_tolerance_km2": 340_000, "thin_margin_pct": 100}

#: Tables of a settings file that are not settings, each read by its own module:
#: ``[oficios]`` (:mod:`viabilidade.report.oficios_settings`).
OTHER_SECTIONS = ("oficios",)

#: Art. 4 items whose value is a count or an amount, and the Settings field holding the threshold.
NUMERIC_ITEMS = {"IV": "population", "V": "electors", "VI": "buildings", "VII": "revenue_share"}
#: Comparator as the law words each numeric requirement ("mais de"/"acima de"/"superior a" → >;
#: "no mínimo"/"pelo menos" → >=).
COMPARATORS = {"IV": ">", "V": ">", "VI": ">=", "VII": ">", "gap_m": ">=", "petition": ">=",
               "petition_transfer": ">=", "district_buildings": ">=", "district_population": ">"}


#: Thresholds a user may set away from the law's value (the explorer's Limiares tab, a
#: candidate's ``[settings]``), by Settings field: the rule it sets, its citation, what it
#: measures, the comparator and unit in words, and the law's own words for the threshold.
LAW_THRESHOLDS = {
    "gap_m": ("art4.II", "art. 4º, II", "distância", "no mínimo", "m", "no mínimo 6 km"),
    "population": ("art4.IV", "art. 4º, IV", "população", "mais de", "habitantes", "mais de três mil"),
    "electors": ("art4.V", "art. 4º, V", "eleitorado", "acima de", "eleitores", "acima de um mil"),
    "buildings": ("art4.VI", "art. 4º, VI", "núcleo urbano", "no mínimo", "edificações",
                  "no mínimo duzentas"),
    "revenue_share": ("art4.VII", "art. 4º, VII", "arrecadação", "superior a",
                      "da receita estadual de impostos", "superior a 0,01 %"),
    "district_buildings": ("art17.I", "art. 17, I", "edificações da sede", "no mínimo",
                           "edificações", "no mínimo cem"),
    "district_population": ("art17.II", "art. 17, II", "população do distrito", "superior a",
                            "habitantes", "superior a um mil"),
}


@dataclass(frozen=True)
class Threshold:
    """One threshold after the special-interest reduction and rounding (I-2, I-3).

    Attributes
    ----------
    exact : Fraction
        The threshold as a rational number (for counts, the rounded whole count; for
        art. 4 VII, the share of the state's tax revenue).
    comparator : str
        ``">"`` or ``">="``.
    reduced : bool
        Whether the special-interest reduction was applied.
    """

    exact: Fraction
    comparator: str
    reduced: bool = False

    @property
    def value(self) -> int | float:
        """The threshold as an int when whole, else a float."""
        return int(self.exact) if self.exact.denominator == 1 else float(self.exact)


def smallest_count(t: Fraction, comparator: str) -> Threshold:
    """Express a count threshold by the smallest whole count satisfying it (I-3).

    A whole ``t`` keeps its comparator (``> 2000``); otherwise the result is ``>= n`` with n
    the smallest integer satisfying the original comparator (``> 666.67`` → ``>= 667``,
    ``>= 133.33`` → ``>= 134``).
    """
    if t.denominator == 1:
        return Threshold(t, comparator, True)
    n = math.floor(t) + 1 if comparator == ">" else math.ceil(t)
    return Threshold(Fraction(n), ">=", True)


@dataclass(frozen=True)
class Settings:
    """Every interpretation (docs/LEITURAS.md I-1 … I-11) and threshold of LC 02/1990.

    Defaults are the law's values and the default readings. Load with :meth:`from_dict`
    or :meth:`from_toml`; unknown keys and values outside :data:`CHOICES` raise
    :class:`~viabilidade.errors.SettingsError` naming the key.

    Attributes
    ----------
    reduction_items, reduction, perimeter, origin_reduction, quorum, prevailing_legislation,
    plebiscite_roll, population_vintage : str
        Interpretations, see :data:`CHOICES`.
    sliver_tolerance_km2 : float
        I-5: remainder parts smaller than this (km²) are ignored in art. 4 III.
    population, electors, buildings : int
        Art. 4 IV (> 3 000 inhabitants), V (> 1 000 electors), VI (>= 200 buildings).
    revenue_share : float
        Art. 4 VII: collection > this share of the state's tax revenue (0.0001 = 0.01 %).
    gap_m : int
        Art. 4 II: at least 6 000 geodesic metres.
    petition, petition_transfer : int
        Art. 2 (>= 100 signatures) and art. 5 §1 (>= 50).
    district_buildings, district_population : int
        Art. 17 I (>= 100 buildings in the seat) and II (> 1 000 inhabitants).
    boundary_tolerance_km2 : float
        Art. 6 ("sem alteração de área"): the largest area, in geodesic km², that may lie
        between the old and the new line of a boundary correction and still be read as a
        drawing difference rather than a change of area (default 1 km²: a line drawn at
        1:100 000, 0.5 mm = 50 m apart along 20 km). Above it the area changes municipality
        and the proposal is a transfer (art. 5), not a correction.
    thin_margin_pct : float
        Art. 8: a requirement of art. 4 met by at most this percentage of its threshold
        (default 5 %: Posse d'Abadia's 3.045 inhabitants are 1,5 % above 3.000) carries the
        warning that an installed municipality losing it is extinguished
        (:func:`viabilidade.rules.art8.thin_margins`). Only a warning: it decides nothing.
    origin_special_interest : tuple of str
        I-7 ``own``: IBGE codes of origins that are themselves declared of special interest.
    creation_year : int or None
        Year of the creation law; ``None`` = the first year after the reference date that is
        not a municipal-election year (art. 7 §3).
    reference_date : str or None
        ISO date the study is made at (for the default creation year); ``None`` = the
        candidate's request date, else today.
    study_date : str or None
        ISO date the study is made on (printed on its cover); ``None`` = today. A document,
        certificate, signature or plebiscite dated after it is a planned act: accepted in the
        candidate file, it decides nothing (:func:`viabilidade.rules.common.future_act`).
    federal_law : str or None
        Id of a federal bill (:func:`viabilidade.rules.ruleset.federal_bills`) the user asks
        the study to assume in force (CF art. 18 § 4); ``None`` = none (the federal
        complementary law has not been enacted). The study then says so and compares the
        bill's tests in "Sob outras regras".
    """

    reduction_items: str = "IV,V,VI"
    reduction: str = "to"
    perimeter: str = "seat"
    sliver_tolerance_km2: float = 0.01
    origin_reduction: str = "full"
    quorum: str = "absolute-majority"
    prevailing_legislation: str = "total-revenue"
    plebiscite_roll: str = "federal"
    population_vintage: str = "revised"
    population: int = 3000
    electors: int = 1000
    buildings: int = 200
    revenue_share: float = 0.0001
    gap_m: int = 6000
    petition: int = 100
    petition_transfer: int = 50
    district_buildings: int = 100
    district_population: int = 1000
    boundary_tolerance_km2: float = 1.0
    thin_margin_pct: float = 5.0
    origin_special_interest: tuple[str, ...] = ()
    creation_year: int | None = None
    reference_date: str | None = None
    study_date: str | None = None
    federal_law: str | None = None

    def __post_init__(self) -> None:
        problems = self._problems()
        if problems:
            raise SettingsError.collect([SettingsError(msg, field=f"settings.{name}")
                                         for name, msg in problems])
        for name in ("reference_date", "study_date"):
            value = getattr(self, name)
            if isinstance(value, dt.date):  # a TOML date: kept as ISO text
                object.__setattr__(self, name, value.isoformat())
        if isinstance(self.origin_special_interest, (list, str)):
            codes = ((self.origin_special_interest,) if isinstance(self.origin_special_interest, str)
                     else tuple(self.origin_special_interest))
            object.__setattr__(self, "origin_special_interest", codes)

    def _problems(self) -> list[tuple[str, str]]:
        """Every bad value as (field, pt-BR message: what was found, what was expected)."""
        out = []
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:  # a table: unhashable
                out.append((name, f"{_found(value)}; esperado um de {', '.join(allowed)}"))
        for name, top in COUNT_LIMITS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                out.append((name, f"{_found(value)}; esperado um número inteiro entre 0 e "
                                  f"{_num(top)}"))
        for name, top in NUMBER_LIMITS.items():
            value = getattr(self, name)
            if (isinstance(value, bool) or not isinstance(value, (int, float))
                    or not math.isfinite(value) or not 0 <= value <= top):
                out.append((name, f"{_found(value)}; esperado um número finito entre 0 e "
                                  f"{_num(top)}"))
        codes = self.origin_special_interest
        for i, code in enumerate((codes,) if isinstance(codes, str) else codes):
            if isinstance(code, int) and not isinstance(code, bool):
                out.append((f"origin_special_interest[{i}]",
                            f"encontrado o número {code}; esperado o código IBGE do município "
                            f"como texto entre aspas (\"{code}\"): um número perde os zeros à "
                            "esquerda e nunca coincide com um código"))
            elif not isinstance(code, str) or not COD_IBGE.match(code):
                out.append((f"origin_special_interest[{i}]",
                            isinstance(code, str) and digit_problem(code)
                            or f"encontrado {quoted(code)}; esperado um código IBGE de município de "
                               "Goiás com 7 dígitos, entre aspas (\"5200100\")"))
        if self.creation_year is not None and (
                isinstance(self.creation_year, bool) or not isinstance(self.creation_year, int)
                or not 1990 <= self.creation_year <= 2100):
            out.append(("creation_year", f"encontrado {quoted(self.creation_year)}; esperado um ano "
                                         "entre 1990 e 2100"))
        for name in ("reference_date", "study_date"):
            ref = getattr(self, name)
            if ref is None:
                continue
            try:
                if isinstance(ref, (dt.datetime, dt.time)) or not isinstance(ref, (str, dt.date)):
                    raise ValueError
                dt.date.fromisoformat(str(ref))
            except ValueError:
                found = (f"data e hora {ref.isoformat()}" if isinstance(ref, (dt.datetime, dt.time))
                         else repr(ref))
                out.append((name, f"encontrado {found}; esperada uma data no "
                                              "formato AAAA-MM-DD (sem hora)"))
            else:
                from ..common.plausibility import date_problem

                if date_problem(dt.date.fromisoformat(str(ref))):
                    out.append((name, date_problem(dt.date.fromisoformat(str(ref)))))
        if self.federal_law is not None:
            from .ruleset import federal_bills

            bills = federal_bills()
            if self.federal_law not in bills:
                out.append(("federal_law", f"encontrado {quoted(self.federal_law)}; esperado o "
                                           "identificador de um projeto de lei complementar "
                                           f"federal ({', '.join(bills)})"))
        return out

    # ----------------------------------------------------------------- loading
    @classmethod
    def from_dict(cls, data: dict[str, Any] | None, *, file: str | Path | None = None,
                  source: str | Path | None = None) -> "Settings":
        """Build settings from a plain dict (a TOML ``[settings]`` table).

        ``file`` (alias ``source``) names where the dict came from, for error messages; when
        it is a readable TOML file, each message also gives the line of the key.

        Raises
        ------
        SettingsError
            Holding every problem at once (:attr:`~viabilidade.errors.CandidateError.problems`):
            each unknown key (naming it and listing the allowed keys) and each bad value.
        """
        file = file if file is not None else source
        result, problems = cls._build(data)
        if problems:
            text = source_text(file)
            raise SettingsError.collect([
                SettingsError(msg, file=file, field=f, line=_line(text, f))
                for f, msg in problems])
        return result

    @classmethod
    def _build(cls, data: dict[str, Any] | None) -> tuple["Settings | None", list[tuple[str, str]]]:
        """Settings from a dict, or None, and every problem as (``settings.<key>``, message)."""
        data = dict(data or {})
        names = [f.name for f in dataclasses.fields(cls)]
        problems = [(f"settings.{k}", f"configuração desconhecida {quoted(k)}"
                                      f"{did_you_mean(k, names)}; permitidas: "
                                      f"{', '.join(names)}")
                    for k in sorted(set(data) - set(names), key=str)]
        known = {k: v for k, v in data.items() if k in names}
        if isinstance(known.get("origin_special_interest"), list):
            known["origin_special_interest"] = tuple(known["origin_special_interest"])
        result = None
        try:
            result = cls(**known)
        except SettingsError as e:
            problems += [(p.field, p.message) for p in e.problems]
        return result, problems

    @classmethod
    def problems(cls, data: dict[str, Any] | None) -> list[tuple[str, str]]:
        """Every problem of a settings table without raising, for a file that reports all of
        its problems at once (a candidate's ``[settings]``).

        Returns
        -------
        list of (str, str)
            (field ``settings.<key>`` or ``settings.<key>[i]``, pt-BR message); empty when
            :meth:`from_dict` would accept ``data``.
        """
        return cls._build(data)[1]

    @classmethod
    def from_toml(cls, path: str | Path) -> "Settings":
        """Read settings from a TOML file: top-level keys or a ``[settings]`` table.

        The tables of :data:`OTHER_SECTIONS` (``[oficios]``) are left to their own readers.

        With a ``[settings]`` table, every setting must be inside it: a key above the table
        (``population = 10`` before ``[settings]``) is refused rather than silently ignored.

        Raises
        ------
        SettingsError
            If the file cannot be read, is not TOML, has keys outside its ``[settings]`` table,
            or has unknown keys or bad values (all of them at once).
        """
        path = Path(path)
        text, doc = read_settings_toml(path)
        result, problems = cls.from_file(doc, text, path)
        if problems:
            raise SettingsError.collect(problems)
        return result

    @classmethod
    def from_file(cls, doc: dict[str, Any], text: str, path: Path,
                  sections: dict[str, Any] | None = None
                  ) -> tuple["Settings | None", list[SettingsError]]:
        """The settings of a parsed settings file and every problem of the file outside the
        tables of :data:`OTHER_SECTIONS`, without raising: what :meth:`from_toml` raises, and
        what every other reader of the same file (the ofícios') reports with its own, so that
        a file refused by one command is refused by all.

        Parameters
        ----------
        doc, text, path
            The file as :func:`read_settings_toml` read it.
        sections : dict, optional
            Section name -> its keys (``{"oficios": ("committee", …)}``): a key of a section
            written outside it gets the hint "(é uma chave de [oficios] …)".

        Returns
        -------
        (Settings or None, list of SettingsError)
            Each problem with its file, line and field: an unknown top-level key (with the
            closest table or setting, "seria 'oficios'?"), a setting above a ``[settings]``
            table, an unknown setting, a bad value.
        """
        names = [f.name for f in dataclasses.fields(cls)]
        tables = ["settings", *OTHER_SECTIONS]
        written = " e ".join(f"[{t}]" for t in tables)

        def hint(k: str, choices: list[str]) -> str:
            home = next((s for s, keys in (sections or {}).items() if k in keys), None)
            if home is not None:
                return (f" (é uma chave de [{home}]: escreva-a depois do cabeçalho [{home}], "
                        "antes de qualquer outra tabela)")
            return did_you_mean(k, choices)

        def located(found: list[tuple[str, str]], top: bool) -> list[SettingsError]:
            """``found`` of :meth:`_build` with lines; an unknown key with the hints of a
            file (its tables, too, when it is written at the file's top)."""
            return [SettingsError(
                msg if not msg.startswith("configuração desconhecida") else
                f"configuração desconhecida {quoted(f.removeprefix('settings.'))}"
                f"{hint(f.removeprefix('settings.'), [*names, *tables] if top else names)}; "
                f"permitidas: {', '.join(names)}"
                + (f" e as tabelas {written}" if top else ""),
                file=path, field=f, line=_line(text, f)) for f, msg in found]

        doc = {k: v for k, v in doc.items() if k not in OTHER_SECTIONS}
        if "settings" not in doc:
            result, found = cls._build(doc)
            return result, located(found, top=True)
        table = doc["settings"]
        if not isinstance(table, dict):
            return None, [SettingsError(f"{found_value(table)}; esperada a tabela [settings] "
                                        "com as configurações", file=path, field="settings",
                                        line=field_line(text, "settings"))]
        problems = [SettingsError(
            (f"a chave {quoted(k)} está fora da tabela [settings] e seria ignorada; esperadas "
             "todas as configurações dentro de [settings] (mova-a para depois do "
             "cabeçalho [settings])") if k in names else
            (f"chave desconhecida {quoted(k)} fora da tabela [settings]{hint(k, tables)}; esperadas só "
             f"as tabelas {written}, com as configurações dentro de [settings]"),
            file=path, field=k, line=field_line(text, k, exact=True))
            for k in sorted((k for k in doc if k != "settings"), key=str)]
        result, found = cls._build(table)
        problems += located(found, top=False)
        return (result if not problems else None), problems

    def altered_threshold(self, key: str) -> str:
        """A threshold of :data:`LAW_THRESHOLDS` set away from the law's value, in words.

        ``""`` when it is the law's; with ``population = 4000``: ``"limiar alterado: mais de
        4.000 habitantes (a lei: mais de três mil)"``. Raises ``KeyError`` for another key.
        """
        words = self._altered_words(key)
        return f"limiar alterado: {words}" if words else ""

    def _altered_words(self, key: str) -> str:
        _, _, _, words, unit, law = LAW_THRESHOLDS[key]
        value = getattr(self, key)
        if value == getattr(Settings, key):
            return ""
        shown = f"{_num(value * 100)} %" if key == "revenue_share" else _num(value)
        return f"{words} {shown} {unit} (a lei: {law})"

    def threshold_title(self, title: str, key: str) -> str:
        """A rule's title, unless its threshold is not the law's: then what it measures and
        :meth:`altered_threshold` (``"População — limiar alterado: mais de 4.000 habitantes
        (a lei: mais de três mil)"``), so no table quotes the law's figure as the requirement."""
        altered = self.altered_threshold(key)
        return f"{LAW_THRESHOLDS[key][2].capitalize()} — {altered}" if altered else title

    def altered_thresholds(self, rule_ids=None) -> list[str]:
        """Every threshold set away from the law's, cited (``"art. 4º, IV: mais de 4.000
        habitantes (a lei: mais de três mil)"``), in the order of
        :data:`LAW_THRESHOLDS`; with ``rule_ids``, only those of rules among them (a remainder,
        ``art4.par1``, counts for items IV to VII)."""
        out = []
        for key, (rid, cite, *_rest) in LAW_THRESHOLDS.items():
            text = self._altered_words(key)
            if not text:
                continue
            if rule_ids is not None and rid not in rule_ids and not (
                    rid in ("art4.IV", "art4.V", "art4.VI", "art4.VII") and "art4.par1" in rule_ids):
                continue
            out.append(f"{cite}: {text}")
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain dict (JSON/TOML-serialisable) that :meth:`from_dict` reads back."""
        d = dataclasses.asdict(self)
        d["origin_special_interest"] = list(self.origin_special_interest)
        return d

    def merge(self, other: "Settings | dict[str, Any] | None") -> "Settings":
        """These settings overridden by ``other``.

        A dict overrides exactly its keys (validated as in :meth:`from_dict`); a
        :class:`Settings` overrides the fields where it differs from the defaults, so
        ``candidate_settings.merge(command_line_settings)`` keeps the candidate's choices the
        command line does not change.

        Raises
        ------
        SettingsError
            On an unknown key or bad value in a dict.
        """
        if other is None:
            return self
        if isinstance(other, Settings):
            default = Settings()
            changes = {f.name: getattr(other, f.name) for f in dataclasses.fields(self)
                       if getattr(other, f.name) != getattr(default, f.name)}
        else:
            Settings.from_dict(other)  # validates keys and values, naming the offending key
            changes = dict(other)
            if isinstance(changes.get("origin_special_interest"), list):
                changes["origin_special_interest"] = tuple(changes["origin_special_interest"])
        return self.replace(**changes)

    def study_day(self) -> dt.date:
        """The date the study is made on: :attr:`study_date`, else today."""
        return dt.date.fromisoformat(self.study_date) if self.study_date else dt.date.today()

    def replace(self, **changes: Any) -> "Settings":
        """A copy with some fields changed (validated)."""
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------- thresholds
    def reduced_items(self) -> frozenset[str]:
        """Art. 4 items the special-interest reduction covers under I-1."""
        return frozenset(self.reduction_items.split(","))

    def reduction_factor(self) -> Fraction:
        """I-1b: 2/3 (reduced *to* two thirds) or 1/3 (reduced *by* two thirds)."""
        return Fraction(2, 3) if self.reduction == "to" else Fraction(1, 3)

    def threshold(self, item: str, reduced: bool = False) -> Threshold:
        """Threshold of art. 4 item ``"IV"``, ``"V"``, ``"VI"`` or ``"VII"``.

        For VII the threshold is a share of the state's tax revenue (not rounded, I-3);
        for counts it is the smallest whole count satisfying the comparator.

        Raises
        ------
        SettingsError
            If ``item`` is not one of the numeric items.
        """
        if item not in NUMERIC_ITEMS:
            raise SettingsError(f"encontrado {quoted(item)}; esperado um item numérico do art. 4º "
                                "(IV, V, VI, VII)", field="item")
        comparator = COMPARATORS[item]
        full = Fraction(str(getattr(self, NUMERIC_ITEMS[item])))
        if not (reduced and item in self.reduced_items()):
            return Threshold(full, comparator, False)
        t = full * self.reduction_factor()
        if item == "VII":
            return Threshold(t, comparator, True)
        return smallest_count(t, comparator)

    # -------------------------------------------------------------- readings
    def alternatives(self) -> list[tuple[str, "Settings"]]:
        """Every named alternative reading, one change at a time from these settings.

        Returns
        -------
        list of (description, Settings)
            Description in Portuguese (``"I-8 quórum: metade mais um, literal (⌈n/2 + 1⌉)"``).
        """
        labels = {"reduction_items": "I-1", "reduction": "I-1b", "perimeter": "I-4",
                  "origin_reduction": "I-7", "quorum": "I-8", "prevailing_legislation": "I-9",
                  "plebiscite_roll": "I-10", **EDITIONS}
        out = []
        for name, allowed in CHOICES.items():
            for value, text in allowed.items():
                if value != getattr(self, name):
                    out.append((f"{labels[name]}: {text}", self.replace(**{name: value})))
        return out

    def describe(self) -> list[str]:
        """Portuguese lines stating every reading and threshold, for the report."""
        lines = [
            f"I-1: {CHOICES['reduction_items'][self.reduction_items]}.",
            f"I-1b: {CHOICES['reduction'][self.reduction]}.",
            "I-2: a redução vale só para município declarado de interesse ecológico, turístico "
            "ou de especial interesse econômico, com justificativa (premissa declarada).",
            "I-3: limites reduzidos arredondados para o menor número inteiro que satisfaz a "
            "comparação; a arrecadação não é arredondada.",
            f"I-4: {CHOICES['perimeter'][self.perimeter]}.",
            f"I-5: partes do remanescente menores que {_num(self.sliver_tolerance_km2)} km² "
            "são desconsideradas; contato em um só ponto não é continuidade.",
            "I-6: arrecadação = ICMS, IPVA e ITCD recolhidos na área no último exercício.",
            f"I-7: {CHOICES['origin_reduction'][self.origin_reduction]}.",
            f"I-8: {CHOICES['quorum'][self.quorum]}.",
            f"I-9: {CHOICES['prevailing_legislation'][self.prevailing_legislation]}.",
            f"I-10: {CHOICES['plebiscite_roll'][self.plebiscite_roll]}.",
            f"População: {CHOICES['population_vintage'][self.population_vintage]}.",
            f"Limites: população > {_num(self.population)} habitantes; eleitores > "
            f"{_num(self.electors)}; núcleo urbano ≥ {_num(self.buildings)} edificações; "
            f"arrecadação > {_num(self.revenue_share * 100)} % da receita estadual de impostos; "
            f"distância ≥ {_num(self.gap_m)} m; representação ≥ {_num(self.petition)} "
            f"eleitores (art. 2º) ou ≥ {_num(self.petition_transfer)} (art. 5º, § 1º); distrito: "
            f"≥ {_num(self.district_buildings)} edificações e > {_num(self.district_population)} "
            "habitantes; correção de limites (art. 6º): até "
            f"{_num(self.boundary_tolerance_km2)} km² entre a linha antiga e a nova; margem "
            f"estreita (aviso do art. 8º): até {_num(self.thin_margin_pct)} % acima do limite.",
        ]
        if self.creation_year is not None:
            lines.append(f"Ano de criação considerado: {self.creation_year}.")
        if self.federal_law is not None:
            from .ruleset import federal_bills

            lines.append("Hipótese do usuário: lei complementar federal em vigor com o texto do "
                         f"{federal_bills()[self.federal_law].title} (essa lei não existe).")
        return lines


def _found(value) -> str:
    """``encontrado 'x'``/``encontrado 1e+30`` as these messages always wrote a text or a
    number; a date, time, list or table as TOML writes it (:func:`~viabilidade.errors.found_value`:
    ``encontrada a data 2024-01-01``, never ``datetime.date(2024, 1, 1)``)."""
    if isinstance(value, (dt.date, dt.time, list, dict)):
        return found_value(value)
    return f"encontrado {quoted(value)}"


def _num(x: float | int) -> str:
    from ..common.numbers import decimal

    return decimal(x, 0, 3, minus="-")


def read_settings_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """Read a settings file: its text and its TOML document.

    Only a regular file is read (a FIFO would block); a UTF-8 BOM is accepted. Used by
    :meth:`Settings.from_toml` and
    :meth:`viabilidade.report.oficios_settings.OficiosSettings.from_toml`.

    Raises
    ------
    SettingsError
        Naming the file: it cannot be read, is not UTF-8 (the byte offset) or is not TOML
        (the line).
    """
    from ..common.toml_file import load_toml, toml_position, toml_reason, utf8_problem
    from ..os_errors import read_reason, read_user_bytes

    raw = b""
    try:
        raw = read_user_bytes(path)
        text = raw.decode("utf-8-sig")
        return text, load_toml(text)
    except OSError as e:
        raise SettingsError("não foi possível ler o arquivo de configurações: "
                            f"{read_reason(e)}", file=path) from None
    except UnicodeDecodeError as e:  # its line and column, as the candidate reader says
        message, line = utf8_problem(raw, e)
        raise SettingsError(message, file=path, line=line) from None
    except tomllib.TOMLDecodeError as e:
        raise SettingsError(f"TOML inválido: {toml_reason(e, text)}", file=path,
                            line=toml_position(e)[0]) from None


def _line(text: str, field: str) -> int | None:
    """Line of ``settings.<key>`` in a candidate's ``[settings]`` or a settings file's top level."""
    if not text:
        return None
    for name in (field, field.removeprefix("settings.")):
        line = field_line(text, name, exact=True)
        if line is not None:
            return line
    return field_line(text, field)
