"""The form of a draft bill (LC 95/1998): the fixed words (citations, preamble, blanks,
vigência), the numbering of articles, paragraphs and incisos, the :class:`Article` and
:class:`Bill` records, the closing citation in the words of a law, and the minuta header."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from ..writers import format as fmt

#: Law citations: the first in full (LC 95/1998, art. 11, II, c), later short.
LC2 = "Lei Complementar nº 2, de 16 de janeiro de 1990"
LC2_SHORT = "Lei Complementar nº 2, de 1990"
#: The enacting words of a deputy's bill (State Constitution, art. 10): the Assembly
#: decrees; the Governor's "e eu sanciono" belongs to the sanctioned law, not to the bill.
STATE_PREAMBLE = ("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS, nos termos do art. 10 da "
                  "Constituição Estadual, decreta a seguinte Lei:")
#: Who signs a municipal bill: its author, whom the municipality's Lei Orgânica legitimates.
MUNICIPAL_AUTHOR = "Autor do projeto (Prefeito ou Vereador)"
#: Visible blanks in the articles, for what art. 3 requires the law to state and the data
#: cannot give (the drafter fills them; the notes say why).
YEAR_BLANK = "[ano]"
NUMBER_BLANK, DATE_BLANK = "[número]", "[data]"
PERCENT_BLANK = "[percentual]"
DAYS_BLANK = "[número de dias]"
#: The cláusula de vigência with a vacatio legis (LC 95/1998, art. 8º, § 2º): a municipality's
#: creation is not a law of small repercussion (art. 8º, caput); the term is the drafter's.
VIGENCIA = f"Esta Lei entra em vigor após decorridos {DAYS_BLANK} de sua publicação oficial."
PLACE = "Goiânia"
#: A blank to fill (the epígrafe's number, day, month and year; the Sala das Sessões date):
#: a visible line, as a minuta leaves it, kept by HTML, Typst and Word.
BLANK = "_" * 6

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")


def in_words(n: int) -> str:
    """``9 (nove)``: a number with its words, as laws write counts (num2words, pt-BR)."""
    from num2words import num2words

    return f"{n} ({num2words(n, lang='pt_BR')})"


def ordinal_label(n: int) -> str:
    """``1º`` … ``9º``, then ``10.`` (LC 95/1998, art. 10, I)."""
    return f"{n}º" if n < 10 else f"{n}."


def article_label(n: int) -> str:
    """``Art. 1º``, ``Art. 10.``"""
    return f"Art. {ordinal_label(n)}"


def paragraph_labels(count: int) -> list[str]:
    """``["Parágrafo único."]`` for one paragraph, else ``["§ 1º", "§ 2º", …]``."""
    if count == 1:
        return ["Parágrafo único."]
    return [f"§ {ordinal_label(i)}" for i in range(1, count + 1)]


@dataclass(frozen=True)
class Article:
    """One article: its key (:data:`viabilidade.operations.base.BILL_ARTICLES`), caput,
    incisos of the caput and paragraphs, without labels (numbered by :class:`Bill`)."""

    key: str
    caput: str
    items: tuple[str, ...] = ()
    paragraphs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bill:
    """A draft bill and what goes with it.

    Attributes
    ----------
    level : str
        ``"estadual"`` or ``"municipal"``.
    epigrafe, autoria, ementa, preambulo : str
        The heading (``"PROJETO DE LEI Nº …, DE … DE … DE 2026"``, number and date left blank
        for the Assembly), the author line (may be empty), the ementa and the enacting formula.
    articles : tuple of Article
    place_date : str
        ``"Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em Goiânia, 1º de
        dezembro de 2026."``
    signature : tuple of str
        Lines under the signature rule: the deputy; ``"Prefeito Municipal"`` for a municipal
        bill (who sanctions it). Kept on one page with ``place_date``.
    justification : tuple of str
        Paragraphs; the first is the constitutional bar.
    findings : tuple of tuple
        Rows (dispositivo, exigência, valor, base, situação) of the study's rule results.
    pending : tuple of str
        What is pending certification or documents (``certification.summary`` missing).
    history : tuple of (str, str)
        The history of the area (:func:`viabilidade.report.history.history_rows`).
    annex_title : str
        ``"ANEXO ÚNICO — MEMORIAL DESCRITIVO …"`` (``"ANEXO I — …"`` beside the urban area's
        annex still to be drawn), ``"MEMORIAL DESCRITIVO INFORMATIVO — …"`` for a fusion, or
        ``""`` without a polygon.
    annex : tuple of str
        The memorial's paragraphs: in the form of a law's annex
        (:attr:`viabilidade.geo.memorial.Memorial.law_text`), or the study's text when
        informative.
    annex_informative : bool
        The memorial is not part of the law (a fusion keeps the limits in force): it comes
        after the justificação instead of right after the signature.
    notes : tuple of str
        What the drafter must still supply (not part of the bill).
    files : dict
        Annex files beside the bill (``memorial-marcos.csv`` when the memorial is summarised).
    process : str
        ``"(Processo nº 2027/000123)"`` under the author line, or ``""``.
    minuta : str
        The header of every page and of the DOCX (:func:`minuta_header`): a minuta for
        study, not a bill fit to file.
    annexes_to_draft : tuple of str
        Headings of the annexes the articles cite whose text is still to be drawn
        (``"ANEXO II — MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE — POSSE D'ABADIA (a
        redigir)"``), printed after the signature (and the law's annex).
    """

    level: str
    epigrafe: str
    autoria: str
    ementa: str
    preambulo: str
    articles: tuple[Article, ...]
    place_date: str
    signature: tuple[str, ...]
    justification: tuple[str, ...]
    findings: tuple[tuple[str, str, str, str, str], ...]
    pending: tuple[str, ...]
    history: tuple[tuple[str, str], ...] = ()
    annex_title: str = ""
    annex: tuple[str, ...] = ()
    annex_informative: bool = False
    notes: tuple[str, ...] = ()
    files: dict[str, str] = field(default_factory=dict)
    process: str = ""
    annexes_to_draft: tuple[str, ...] = ()
    minuta: str = ""

    def numbered(self) -> list[tuple[str, str, list[tuple[str, str]], list[tuple[str, str]]]]:
        """Each article as (label, caput, [(inciso label, text)], [(paragraph label, text)])."""
        out = []
        for i, a in enumerate(self.articles, start=1):
            items = [(f"{ROMAN[k]} –", t) for k, t in enumerate(a.items)]
            paras = list(zip(paragraph_labels(len(a.paragraphs)), a.paragraphs))
            out.append((article_label(i), a.caput, items, paras))
        return out



#: The federal law every creation, fusion and dismemberment depends on (CF art. 18 § 4),
#: cited before LC 02/1990 with visible blanks for its number and date, a law not yet made
#: (legal review 3, item 1; issue 29 § 4).
FEDERAL = ("do art. 18, § 4º, da Constituição Federal, da Lei Complementar federal nº "
           f"{NUMBER_BLANK}, de {DATE_BLANK}, e ")


_CITATION = re.compile(r" \((arts?)\. ([^()]*)\)\.$")


def law_form(text: str) -> str:
    """A provision's closing citation in the words of a law, not in parentheses:
    ``"… instalação (art. 11 da Lei Complementar nº 2, de 1990)."`` becomes ``"… instalação,
    nos termos do art. 11 da Lei Complementar nº 2, de 1990."`` (``dos`` for ``arts.``); a
    citation joined with ``, e art.`` reads ``e do art.``."""
    def repl(m: re.Match) -> str:
        body = m.group(2).replace(", e art. ", ", e do art. ")
        return f", nos termos {'dos' if m.group(1) == 'arts' else 'do'} {m.group(1)}. {body}."
    return _CITATION.sub(repl, text)


def _in_law_form(a: Article) -> Article:
    return Article(a.key, law_form(a.caput), a.items, tuple(law_form(p) for p in a.paragraphs))

def _date_or_blank(date: dt.date | None) -> str:
    """``"15 de janeiro de 2027"``, or the lines to fill (``"______ de ____________ de
    ______"``) without a filing date."""
    return (fmt.date_long(date) if date is not None
            else f"{BLANK}\u00a0de\u00a0{BLANK * 2}\u00a0de\u00a0{BLANK}")


#: The page header of every draft bill (legal review 3, item 1), by operation: a minuta for
#: study, not fit to file while the operation is barred (CF art. 18 § 4; ADI 2.240) and before
#: what LC 02/1990 asks first (the requirements and the plebiscite, art. 7 § 2; a fusion's
#: plebiscite, art. 5 § 2; a transfer's, arts. 5 and 7). A district's law is municipal (art.
#: 16), outside that bar: its header names art. 17's requirements.
MINUTA = "MINUTA PARA ESTUDO — "
BARRED_HEADER = {
    "create-municipality": ("não apresentável: criação vedada enquanto não editada a lei "
                            "complementar federal (CF, art. 18, § 4º; ADI 2.240) e antes de "
                            "comprovados os requisitos e do plebiscito favorável (LC nº 2/1990, "
                            "art. 7º, § 2º)"),
    "fusion": ("não apresentável: fusão vedada enquanto não editada a lei complementar federal "
               "(CF, art. 18, § 4º; ADI 2.240) e antes do plebiscito favorável sobre a fusão e "
               "a sede (LC nº 2/1990, art. 5º, § 2º)"),
    "transfer-area": ("não apresentável: desmembramento e incorporação vedados enquanto não "
                      "editada a lei complementar federal (CF, art. 18, § 4º; ADI 2.240) e "
                      "antes do plebiscito favorável (LC nº 2/1990, arts. 5º e 7º)"),
}
#: The same when the study is not barred (a law of another period, :func:`frame.calendar_note`).
OPEN_HEADER = {
    "create-municipality": ("não apresentável antes de comprovados os requisitos e do "
                            "plebiscito favorável (LC nº 2/1990, art. 7º, § 2º)"),
    "fusion": ("não apresentável antes do plebiscito favorável sobre a fusão e a sede (LC nº "
               "2/1990, art. 5º, § 2º)"),
    "transfer-area": "não apresentável antes do plebiscito favorável (LC nº 2/1990, arts. 5º e 7º)",
    "create-district": ("lei municipal (LC nº 2/1990, art. 16), a apresentar depois de "
                        "comprovados os requisitos do art. 17"),
    "boundary-correction": ("lei estadual (LC nº 2/1990, art. 6º), a apresentar com o prévio "
                            "acordo dos Prefeitos, autorizados pelas Câmaras Municipais em forma "
                            "de resoluções, conferidos os originais, e demonstrado que a correção "
                            "não altera área"),
}


def minuta_header(operation: str, barred: bool) -> str:
    """The header printed on every page of the draft bill and in the DOCX header
    (:data:`BARRED_HEADER`, :data:`OPEN_HEADER`)."""
    return MINUTA + (BARRED_HEADER[operation] if barred and operation in BARRED_HEADER
                     else OPEN_HEADER[operation])


