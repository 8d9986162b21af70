"""What an operation of LC 02/1990 declares: its articles, the chapters of its study, its
letters, its law-text appendix and its cover title (:class:`Operation`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..common.text import and_list, fold
from ..law.bodies import BODIES
from ..proposal.candidate import OPERATIONS
from ..rules.consultation import AS_WRITTEN, Consultation
from ..rules.result import Verdict

if TYPE_CHECKING:  # type hints only (profile.types needs no runtime import here)
    from ..proposal.candidate import Candidate
    from ..profile.types import Profile
    from ..rules.result import RuleResult
    from ..rules.settings import Settings

#: The rule-group chapters a study can carry, in the order they are printed
#: (``report.sections.GROUPS`` gives each its title and its rules).
CHAPTERS = ("sec-art4", "sec-origem", "sec-transferencia", "sec-fiscal-transferencia",
            "sec-correcao", "sec-distrito", "sec-processo", "sec-lei", "sec-fiscal",
            "sec-economico")

#: Items of the process chapter beyond its rules: ``"calendario"`` (the dated timeline,
#: ``rules.calendar.timeline``), ``"prazo"`` (art. 7 § 3 as a timing condition,
#: ``rules.art7.timing_condition``), ``"transicao"`` (arts. 11, 12 and 13, and art. 14 § 4 where
#: the ICMS share applies: property, servants and administration until installation),
#: ``"legislacao"`` (art. 10: whose legislation prevails, I-9 with several origins).
PROCESS_ITEMS = ("calendario", "prazo", "transicao", "legislacao")

#: The phases of a process an operation can go through (:attr:`Operation.phases`), in order:
#: ``proposta`` (the deputy's proposal with the electors' representation), ``requisicoes``
#: (the requests of art. 4 § 3 and their 60 days), ``parecer`` (the committee),
#: ``plebiscito`` (legislative decree, request to the TRE, result: art. 7), ``lei`` (the state
#: law; art. 7 § 3), ``municipio`` (a new municipality: election and installation, art. 9;
#: books, art. 14 § 3; servants' option, art. 12), ``lei-municipal`` (a district's municipal
#: law, art. 16) and ``instalacao-distrito`` (art. 20, 180 days).
PHASES = ("proposta", "requisicoes", "parecer", "plebiscito", "lei", "municipio", "lei-municipal",
          "instalacao-distrito")

#: The first step of a process started by a deputy on the electors' representation (arts. 2º
#: and 5º, § 1º): :attr:`Operation.proposal_step` by default.
PROPOSAL_STEP = "proposta de deputado, com a representação dos eleitores da área"

#: What a verdict is "perante" in the conclusion line (:mod:`viabilidade.report.conclusion`).
BEFORE_THE_LAW = "perante a LC nº 2/1990"

#: The verdict phrases of an operation judged as a whole under LC 02/1990 (lower case, no
#: final stop): "viável perante a LC nº 2/1990". The undecided one names its noun
#: ("viabilidade indeterminada"): a bare feminine "Indeterminada perante…" (or "Indeterminada
#: com limiar alterado…") opened the conclusion line with an adjective agreeing with nothing.
LAW_PHRASES = {Verdict.VIAVEL: f"viável {BEFORE_THE_LAW}",
               Verdict.INVIAVEL: f"inviável {BEFORE_THE_LAW}",
               Verdict.INDETERMINADO: f"viabilidade indeterminada {BEFORE_THE_LAW}"}

#: The ofícios (``report.oficios``): the three certifiers of art. 4 § 2 (requests of
#: art. 4 § 3; their keys are the one table's, :data:`viabilidade.law.bodies.BODIES`), then the
#: Prefeito and the Câmara Municipal of each origin (the urban perimeter law of art. 4 II, the
#: district law of arts. 16 and 18, items I and VI).
LETTERS = (*BODIES, "prefeitura", "camara")

#: The articles a draft bill can carry (``report.bill``), each the provision of LC 02/1990
#: it puts into law: ``criacao`` (arts. 1º and 3º, I: name and seat), ``fusao`` (art. 5º,
#: § 2º), ``transferencia`` (art. 5º), ``distrito`` (art. 16), ``limites`` (art. 3º, II, or
#: art. 18: the memorial as annex), ``distritos`` (art. 3º, VII), ``instalacao`` (art. 9º),
#: ``eleicao`` (art. 9º and art. 3º, VIII), ``servidores`` (art. 12), ``bens`` (art. 11),
#: ``administracao`` (art. 13 and art. 14, §§ 2º to 4º), ``legislacao`` (art. 10), ``icms``
#: (art. 14 and art. 3º, IX), ``instalacao-distrito`` (art. 20), ``correcao`` (art. 6º: the
#: object, the mayors' agreement and the councils' resolutions), ``limite-corrigido`` (art. 6º:
#: the corrected line's memorial as annex), ``revogacao`` (LC 95/1998, art. 9º: the description
#: replaced), ``transicao`` (a transfer: the date the area passes, administration, property,
#: revenue and records until then; arts. 11, 13 and 14 § 3 by analogy), ``comunicacao`` (a
#: transfer: the TRE-GO, the IBGE and the SEFAZ-GO informed), ``vigencia`` (LC 95/1998, art. 8º).
BILL_ARTICLES = ("criacao", "fusao", "transferencia", "distrito", "limites", "area-urbana",
                 "distritos",
                 "instalacao", "eleicao", "servidores", "bens", "administracao", "legislacao",
                 "icms", "instalacao-distrito", "correcao", "limite-corrigido", "revogacao",
                 "transicao", "comunicacao", "vigencia")
#: Who makes the law: a state law of the Assembly, or a municipal law (art. 16).
BILL_LEVELS = ("estadual", "municipal")


#: Beside a seat whose name the study gives the new municipality while the file names the
#: area otherwise (:meth:`Operation.seat_text`).
SEAT_NAMES = "dá o nome ao município, art. 3º, I"


@dataclass(frozen=True)
class Operation:
    """One operation of LC 02/1990 and everything its study says and checks.

    Attributes
    ----------
    code : str
        The candidate file's ``operation`` (one of :data:`viabilidade.proposal.candidate.OPERATIONS`).
    title : str
        The cover title after "Estudo de viabilidade — ", with ``{name}`` for the study's name
        (:meth:`study_name`; ``"criação do Município de {name}"``) and ``{origins}`` for the
        names of the municipalities :meth:`origin_codes` lists (``"Anhanguera e Cumari"``).
    words : str
        The operation in a few words, for running text (``"criação de município"``).
    rules : callable
        ``rules(candidate, profile, settings) -> list[RuleResult]``: every article the
        operation applies, in the order of the study.
    chapters : tuple of str
        The rule-group chapters of its study, in order (a subset of :data:`CHAPTERS`); a
        chapter not listed is never printed, whatever rules exist.
    process_items : tuple of str
        What the process chapter shows beside its rules (subset of :data:`PROCESS_ITEMS`).
    letters : tuple of str
        The ofícios it needs (subset of :data:`LETTERS`); empty: no ofício.
    law_articles : tuple of str
        Articles whose text the appendix prints even when no rule result cites them (the
        study cites them in its chapters); the articles of the rule results are always printed.
    proposed_seat : bool
        Whether the study shows a proposed seat (cover line and map point).
    merges : bool
        The area is two or more whole municipalities merged into one: no remainder, the
        municipalities listed are the origins.
    receiving : bool
        The area goes to an existing municipality (``[destination]``).
    carves_municipality : bool
        A new municipality made of parts of its origins, each of which goes on existing (a
        creation, art. 4): its origins keep their seats (art. 4, § 1, with I), and a drawn
        area is checked for harmony with its origins (art. 3) and for holding its seat (art.
        3, I) (:mod:`viabilidade.profile.coherence`).
    proposed_area : bool
        Whether the study has a proposed area (cover line "Área proposta" and the chapter "A
        área proposta"); a boundary correction has none (art. 6: no area changes hands), and
        its profile and territory are those of the strip between the two lines
        (:func:`viabilidade.profile.build.build_profile`, :func:`viabilidade.profile.analysis.territory`).
    subject_label : str
        The cover's label for the study's subject (:meth:`subject_name`; ``"Área proposta"``;
        a correction: ``"Limite corrigido"``).
    subject_is_area : bool
        The cover's subject is the area, named by the file's ``name`` (a creation's "Área
        proposta": a seat named otherwise gave "Área proposta: Campinas" for Posse
        d'Abadia, polish12 M4); false where it is the municipality, named after its seat
        (a fusion's "Novo município", an installed municipality's "Município").
    seat_label : str
        The cover's label for the seat when :attr:`proposed_seat` (``"Sede proposta"``; a
        municipality already installed: ``"Sede"``).
    installed : bool
        The municipality exists (a creation art. 21 restored, installed long ago): what its
        study checks on today's figures is what art. 8 would verify (loss of requirements),
        not a condition for creating it.
    named_after_seat : bool
        Art. 3, I: the new municipality's name "será o da sua sede", so the study names it
        after ``candidate.seat`` everywhere (title, cover, running header, map, memorial,
        tables), and a different ``name`` in the file appears only as the art. 3, I
        nonconformity (:func:`viabilidade.rules.art3.draft_law_content`).
    origins_label : (str, str)
        The cover's label for ``origins``, singular and plural.
    readings : tuple of str or None
        The readings (:class:`~viabilidade.rules.settings.Settings` fields of
        :data:`~viabilidade.rules.settings.CHOICES`, plus ``"special_interest"`` for I-2)
        whose alternatives can change this operation's rules, so its study re-runs only
        those (:func:`viabilidade.operations.verdict_under_alternatives`); ``None``: all.
    parameters : tuple of str or None
        The :class:`~viabilidade.rules.settings.Settings` fields its rules read, which the
        study's appendix lists ("Parâmetros e leituras"); ``None``: every field.
    instrument : str
        The act that would make the change, as the cover prints it (``"lei municipal (art.
        16)"`` for a district); empty: the cover prints no line.
    icms_share : bool
        Art. 14 applies: the new municipality takes a share of its origin's ICMS (the calendar's
        art. 14 § 3 deadline, art. 14 § 4 and the fiscal chapter); not for a fusion, which
        leaves no origin.
    cover_label : str
        The operation as the cover prints it, when not :data:`viabilidade.proposal.candidate.OPERATIONS`'s.
    chapter_notes : dict
        Chapter id -> a paragraph printed at its head, with ``{name}`` (the candidate's name)
        and ``{year}`` (its creation year, or "da criação").
    chapter_titles : dict
        Chapter id -> its title when not the one of ``report.sections.GROUPS`` (an installed
        municipality: no "novo município" nor "após o desmembramento").
    area_title : str
        The title of the area chapter and of its figures (``"A área proposta"``; an installed
        municipality: ``"O território do Município"``).
    stays_within : bool
        The area stays part of its origin municipality (a district): its memorial's sides
        border "o restante do território do Município de …", and its territory names the
        seats of existing districts the area takes (``details["district_seats_inside"]``).
    bill : tuple of str
        The articles of its draft bill, in order (a subset of :data:`BILL_ARTICLES`); empty:
        ``viabilidade projeto-de-lei`` refuses the operation.
    bill_level : str
        ``"estadual"`` (a bill of the Assembly, preamble of art. 10 of the State
        Constitution, a deputy as author) or ``"municipal"`` (a district, art. 16: the
        Câmara Municipal approves and the Prefeito sanctions).
    bill_ementa : str
        The ementa, with ``{name}``, ``{origins}`` (``"do Município de Abadiânia"``) and
        ``{destination}`` (``"ao Município de Alexânia"``).
    not_required : dict
        Figure attribute of the area's table (``"electors"``) -> what its row says instead
        of the figure when the operation's law does not ask for it (a district: electors
        ``"não exigido (art. 17)"``); empty by default.
    phases : tuple of str
        The phases of its process, in order (a subset of :data:`PHASES`): what ``processo``
        and the study's calendar walk (:func:`viabilidade.report.process_file.process_state`).
    proposal_article : str
        The provision of its proposal and representation (``"art. 2º"`` for a creation,
        ``"art. 5º, § 1º"`` for a transfer or fusion).
    proposal_step : str
        What starts its process, as ``processo``'s next step (:data:`PROPOSAL_STEP`: the
        deputy's proposal with the electors' representation; an art. 6 correction: the
        state bill on the mayors' prior agreement, no electors' petition).
    barred : bool
        CF art. 18 § 4 bars it until the federal complementary law exists (creation, fusion,
        incorporation, transfer); not a district (municipal law) nor an art. 6 correction.
    conclusion : dict
        :class:`~viabilidade.rules.result.Verdict` -> the verdict phrase that opens the
        conclusion line (:func:`viabilidade.report.conclusion.verdict_phrase`), lower case,
        no final stop; default :data:`LAW_PHRASES`.
    consultation : Consultation
        How arts. 5 and 7 read its plebiscite and representation (where quorum and majority
        are counted, art. 7 § 2 by analogy, art. 5 § 1's reading), passed by its ``rules`` to
        :mod:`viabilidade.rules.art5` and :mod:`viabilidade.rules.art7`; default
        :data:`~viabilidade.rules.consultation.AS_WRITTEN` (art. 7 as written, a creation's).
    verdict_reading : callable, optional
        ``settings -> str``: a reading the verdict itself rests on, said in the conclusion's
        qualification (:func:`viabilidade.report.conclusion.qualification`); the art. 6
        correction's tolerance (:func:`viabilidade.rules.art6.tolerance_reading`). ``None``:
        none.
    """

    code: str
    title: str
    words: str
    rules: Callable[[Candidate, Profile, Settings], list[RuleResult]]
    chapters: tuple[str, ...]
    process_items: tuple[str, ...] = ()
    letters: tuple[str, ...] = ()
    law_articles: tuple[str, ...] = ()
    proposed_seat: bool = True
    merges: bool = False
    carves_municipality: bool = False
    receiving: bool = False
    proposed_area: bool = True
    subject_label: str = "Área proposta"
    subject_is_area: bool = True
    seat_label: str = "Sede proposta"
    installed: bool = False
    named_after_seat: bool = False
    origins_label: tuple[str, str] = ("Município de origem", "Municípios de origem")
    readings: tuple[str, ...] | None = None
    parameters: tuple[str, ...] | None = None
    instrument: str = ""
    icms_share: bool = False
    cover_label: str = ""
    chapter_notes: dict[str, str] | None = None
    chapter_titles: dict[str, str] | None = None
    area_title: str = "A área proposta"
    stays_within: bool = False
    bill: tuple[str, ...] = ()
    bill_level: str = "estadual"
    bill_ementa: str = ""
    not_required: dict[str, str] = field(default_factory=dict)
    phases: tuple[str, ...] = ("proposta", "parecer", "plebiscito", "lei")
    proposal_article: str = "art. 2º"
    proposal_step: str = PROPOSAL_STEP
    barred: bool = True
    conclusion: dict[Verdict, str] = field(default_factory=lambda: dict(LAW_PHRASES))
    consultation: Consultation = AS_WRITTEN
    verdict_reading: Callable[[Settings], str] | None = None

    def __post_init__(self) -> None:
        if self.code not in OPERATIONS:
            raise ValueError(f"unknown operation code {self.code!r}")
        from ..rules.settings import CHOICES, FIELD_LABELS

        readings = (*CHOICES, "special_interest")
        for name, allowed in (("chapters", CHAPTERS), ("process_items", PROCESS_ITEMS),
                              ("letters", LETTERS), ("readings", readings), ("phases", PHASES),
                              ("bill", BILL_ARTICLES), ("bill_level", (BILL_LEVELS,)),
                              ("parameters", tuple(FIELD_LABELS)), ("chapter_notes", CHAPTERS),
                              ("chapter_titles", CHAPTERS)):
            value = getattr(self, name) or ()
            if isinstance(value, str):  # one value (bill_level): wrapped, like its allowed
                value, allowed = (value,), allowed[0]
            bad = [x for x in value if x not in allowed]
            if bad:
                raise ValueError(f"{self.code}: unknown {name} {bad}")
        if set(self.conclusion) != set(Verdict):
            raise ValueError(f"{self.code}: conclusion needs a phrase for each verdict")

    @property
    def label(self) -> str:
        """The operation and its articles, as the cover prints it
        (:data:`viabilidade.proposal.candidate.OPERATIONS`)."""
        return self.cover_label or OPERATIONS[self.code]

    def origin_codes(self, candidate) -> tuple[str, ...]:
        """The municipalities the cover lists under :attr:`origins_label`: the merged ones of a
        fusion (``candidate.municipalities``), else ``candidate.origins``."""
        return candidate.municipalities if self.merges else candidate.origins

    def chapter_note(self, sid: str, candidate) -> str:
        """The paragraph at the head of chapter ``sid`` for ``candidate`` (plain text), or ``""``."""
        note = (self.chapter_notes or {}).get(sid, "")
        year = candidate.creation_year
        from ..rules.art21 import creation_law

        law = creation_law(candidate)
        later = ""
        if law is not None and law.later_splits:
            splits = law.later_splits
            joined = and_list(splits)
            later = (f" O município de origem de {law.date.year} era maior que o de hoje: dele "
                     f"saiu depois {joined}. A soma dos territórios de hoje não é, portanto, o "
                     f"município de origem de {law.date.year}, e os seus números não são os "
                     "daquele ano.")
        return note.format(later=later, name=self.study_name(candidate), year=year if year is not None else "da criação")

    def study_name(self, candidate) -> str:
        """The name the study gives the area: the seat's for an operation whose law names the
        municipality after its seat (:attr:`named_after_seat`, art. 3, I), else the file's
        ``name``."""
        if self.named_after_seat and getattr(candidate, "seat", None):
            return candidate.seat
        return candidate.name

    def subject_name(self, candidate) -> str:
        """The name the cover and the deck give after :attr:`subject_label`: the file's
        ``name`` when the subject is the area (:attr:`subject_is_area`), else
        :meth:`study_name`."""
        return candidate.name if self.subject_is_area else self.study_name(candidate)

    def seat_text(self, candidate) -> str:
        """The proposed seat as the cover and the deck print it: its name, and, when the
        study names the municipality after it while the file names the area otherwise
        (art. 3, I: ``name = "Posse d'Abadia"``, ``seat = "Campinas"``), that it does:
        ``"Campinas (dá o nome ao município, art. 3º, I)"``."""
        seat = candidate.seat
        if (self.named_after_seat and self.subject_is_area
                and fold(self.study_name(candidate)) != fold(candidate.name)):
            return f"{seat} ({SEAT_NAMES})"
        return seat

    def subtitle(self, name: str, origins: str = "") -> str:
        """The cover title's operation part for a candidate: :attr:`title` with ``{name}`` and
        ``{origins}`` (``"Anhanguera e Cumari"``) filled in. A name that already begins with
        the word the title puts before it (``"Distrito Leste"`` in ``"Distrito de {name}"``)
        drops that word: ``"criação do Distrito Leste"``, not ``"do Distrito de Distrito
        Leste"``."""
        return fill_name(self.title, name).format(origins=origins)


def fill_name(text: str, name: str) -> str:
    """``text`` with ``{name}`` filled in, dropping the noun before it when the name already
    begins with it: ``fill_name("Cria o Distrito de {name}.", "Distrito Leste")`` ->
    ``"Cria o Distrito Leste."``; with ``"Posse d'Abadia"``: ``"Cria o Distrito de Posse
    d'Abadia."``. Other fields (``{origins}``) are left for the caller."""
    def noun(match: re.Match) -> str:
        word = match.group(1)
        return name if name.casefold().startswith(word.casefold() + " ") else f"{word} de {name}"
    return re.sub(r"(\w+) de \{name\}", noun, text).replace("{name}", name)
