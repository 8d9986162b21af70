"""The draft bill of an operation (``viabilidade projeto-de-lei``): the law LC 02/1990 asks for,
written in the technique of LC 95/1998, with its justificação drawn from the study.

Parts (LC 95/1998, arts. 3º to 11): epígrafe, ementa, preâmbulo, the articles the operation
declares (:attr:`viabilidade.operations.Operation.bill`, each built by one function of
:data:`BUILDERS`), the cláusula de vigência, then the justificação (headed by the
constitutional bar, :func:`viabilidade.report.frame.bar_clause`; the study's findings with
their bases; what is pending certification) and the memorial descritivo as annex.
What the bill cannot say from the data (the urban area's limits, the ICMS percentage without
the value added, the name of the municipality of greater revenue) is listed after the bill,
in "Notas para a redação final", which is not part of it.

Numbering (LC 95/1998, art. 10): "Art. 1º" to "Art. 9º", then "Art. 10."; "Parágrafo único."
or "§ 1º"…; incisos in Roman numerals. A state bill is a deputy's: its preamble is the
Assembly's enacting words without the Governor's ("A ASSEMBLEIA LEGISLATIVA DO ESTADO DE
GOIÁS, nos termos do art. 10 da Constituição Estadual, decreta a seguinte Lei:"). The
sanctioned Goiás law adds "e eu sanciono" in the Governor's voice (Lei nº 20.367/2018, Lei nº
22.416/2023), and a law the Assembly promulgates reads "por seu Presidente, promulga a
seguinte Lei" (Lei nº 20.315/2018, Diário da Assembleia of 06/11/2018): neither formula is a
deputy's to write. A district's bill (art. 16) is a municipal law's. What art. 3 requires the
law to state and the data cannot give — the installation year, the ICMS percentage — and the
federal complementary law's number and date stand in the articles as visible blanks
(:data:`YEAR_BLANK`, :data:`PERCENT_BLANK`, :data:`FEDERAL`), and the notes say why. The
ementa states the object without "e dá outras providências" (LC 95/1998, art. 5º); the
vigência gives a vacatio legis (art. 8º, § 2º: "na data de sua publicação" is for laws of
small repercussion, art. 8º, caput). Outputs: HTML, PDF (the Typst writer, A4 page of the
ofícios) and DOCX (python-docx).
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..errors import CandidateError
from ..operations import operation_of
from ..operations.base import fill_name
from .writers import format as fmt
from .writers.tables import esc

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


# -- the context every article reads ---------------------------------------------------

@dataclass
class _Context:
    analysis: object
    store: object
    op: object
    name: str
    seat: str
    origins: list[str]
    destination: str | None
    year: int
    install: dt.date | None
    election: int
    content: dict | None
    icms: object | None
    memorial: object | None
    district_rows: list[tuple[str, str, bool]]
    notes: list[str]
    #: The operation is barred today (CF art. 18 § 4, :func:`viabilidade.report.frame.calendar_note`):
    #: Art. 1 cites the federal complementary law, and no date is fixed.
    barred: bool = False
    #: Article key -> the label of the annex it refers to ("Anexo Único", "Anexo I", …).
    annexes: dict[str, str] = field(default_factory=dict)

    @property
    def district(self) -> str:
        """``"Distrito de Posse d'Abadia"``; ``"Distrito Leste"`` for a name that begins with
        the word (:func:`viabilidade.operations.base.fill_name`)."""
        return fill_name("Distrito de {name}", self.name)

    @property
    def origin_words(self) -> str:
        """``"Município de Abadiânia"`` / ``"Municípios de Alexânia e de Abadiânia"``; a fusion's
        ``"atuais Municípios de Anhanguera e de Cumari"`` (they exist until the new one is
        installed, and one may share its name: LC 95/1998, art. 11, II)."""
        if len(self.origins) == 1:
            return f"Município de {self.origins[0]}"
        return (("atuais " if self.op.merges else "") + "Municípios "
                + _and([f"de {o}" for o in self.origins]))


_and = fmt.and_list

#: The federal law every creation, fusion and dismemberment depends on (CF art. 18 § 4),
#: cited before LC 02/1990 with visible blanks for its number and date, a law not yet made
#: (legal review 3, item 1; issue 29 § 4).
FEDERAL = ("do art. 18, § 4º, da Constituição Federal, da Lei Complementar federal nº "
           f"{NUMBER_BLANK}, de {DATE_BLANK}, e ")


def _annex_ref(ctx: _Context, key: str = "limites") -> str:
    return f"no memorial descritivo do {ctx.annexes.get(key, 'Anexo Único')} desta Lei"


def _basis(ctx: _Context, lc2: str) -> str:
    """``"nos termos do art. 18, § 4º, da Constituição Federal, da lei complementar federal
    nº [número], de [data], e da Lei Complementar nº 2, …"`` for an operation barred today, else
    ``"nos termos da Lei Complementar nº 2, …"``; ``lc2`` is ``"da Lei …"`` or ``"do art. 5º …"``."""
    return "nos termos " + (FEDERAL if ctx.barred else "") + lc2


# -- the articles ----------------------------------------------------------------------

def _criacao(ctx: _Context) -> Article:
    return Article("criacao", f"Fica criado o Município de {ctx.name}, com sede na cidade de "
                              f"{ctx.seat}, desmembrado do {ctx.origin_words}, "
                              f"{_basis(ctx, 'da ' + LC2)}.")


def _fusao(ctx: _Context) -> Article:
    # The origins are extinguished when the new municipality is installed, not on publication:
    # until then each is administered by its Prefeito (art. 13) and keeps staff and property.
    return Article("fusao", f"Fica criado, pela fusão das áreas territoriais integrais dos "
                            f"{ctx.origin_words}, o Município de {ctx.name}, com sede na cidade "
                            f"de {ctx.seat}, {_basis(ctx, 'do art. 5º, § 2º, da ' + LC2)}.",
                   paragraphs=(f"Os {ctx.origin_words} ficam extintos na data da instalação do "
                               f"Município de {ctx.name} criado por esta Lei.",))


def _transferencia(ctx: _Context) -> Article:
    where = ("descrita " + _annex_ref(ctx)) if ctx.memorial is not None else (
        "correspondente ao território " + _district_area(ctx).replace(", definidos", ", nos limites definidos"))
    area = (f", com {fmt.number(round(ctx.memorial.geodesic_area_km2, 2), 2)} km²"
            if ctx.memorial is not None else "")
    return Article("transferencia", f"Fica desmembrada do Município de {ctx.origins[0]} e "
                                    f"incorporada ao Município de {ctx.destination} a área "
                                    f"{where}{area}, {_basis(ctx, 'do art. 5º da ' + LC2)}.")


def _distrito(ctx: _Context) -> Article:
    return Article("distrito", f"Fica criado o {ctx.district}, no Município de "
                               f"{ctx.origins[0]}, com sede na localidade de igual nome, nos "
                               f"termos do art. 16 da {LC2}.")


def _district_area(ctx: _Context) -> str:
    """``"do Distrito de X, do Município de Y, definidos na lei municipal que o criou"``."""
    names = [n for _, n, _ in ctx.district_rows] or [ctx.name]
    one = len(names) == 1
    return (f"{'do Distrito' if one else 'dos Distritos'} de {_and(names)}, do Município de "
            f"{ctx.origins[0]}, definidos na lei municipal que {'o' if one else 'os'} criou")


def _no_polygon_note(ctx: _Context) -> None:
    law = "art. 18" if ctx.op.bill[0] == "distrito" else "art. 3º"
    from ..geo.tracts import TRACT_LIMIT_LABEL, districts_have_tracts

    c = getattr(ctx.analysis, "candidate", None)
    held = (f"Os dados trazem só o {TRACT_LIMIT_LABEL}, não um memorial da área"
            if c is not None and c.districts and ctx.store is not None
            and districts_have_tracts(ctx.store, c.districts)
            else "Os dados públicos não trazem o polígono da área")
    ctx.notes.append(f"{ctx.annexes.get('limites', 'Anexo Único')} (memorial descritivo dos "
                     f"limites; {law} da LC nº 2/1990): ainda a redigir. {held}, e a lei "
                     "municipal que criou o distrito, cujos "
                     "limites ele seguiria, não tem número nem data nos dados; o memorial virá do "
                     "levantamento do agrimensor ou de um polígono desenhado, informado no "
                     "arquivo da candidatura")


def _limites(ctx: _Context) -> Article:
    first = ctx.op.bill[0]
    law = {"distrito": "art. 18", "transferencia": "art. 5º"}.get(first, "art. 3º")
    if first == "fusao":
        # The merged territory keeps the origins' outer limits, set by the laws in force: a
        # state law cannot redraw the interstate line, nor the neighbours' limits without their
        # own process (arts. 5º and 6º); the memorial is informative, after the justificação.
        return Article("limites", f"O território do Município de {ctx.name} compreende as áreas "
                                  f"territoriais integrais dos {ctx.origin_words}, e os seus "
                                  "limites são os limites externos desses Municípios, definidos "
                                  f"na legislação vigente ({law} da {LC2_SHORT}).")
    if first == "transferencia":
        where = f", descrita {_annex_ref(ctx)}" if ctx.memorial is not None else ""
        if ctx.memorial is None:
            _no_polygon_note(ctx)
        return Article("limites", f"Os limites entre os Municípios de {ctx.origins[0]} e "
                                  f"{ctx.destination} passam a ser os que resultam da "
                                  f"incorporação da área de que trata o art. 1º{where} ({law} da "
                                  f"{LC2_SHORT}).")
    who = (f"As divisas do {ctx.district} são as descritas" if first == "distrito"
           else f"Os limites do Município de {ctx.name} são os descritos")
    if ctx.memorial is None:  # the annex is still to be drawn (a note says so)
        _no_polygon_note(ctx)
    return Article("limites", f"{who} {_annex_ref(ctx)} ({law} da {LC2_SHORT}).")


def _area_urbana(ctx: _Context) -> Article:
    ctx.notes.append(f"{ctx.annexes['area-urbana']} (memorial descritivo dos limites da área "
                     "urbana da sede; art. 3º da LC nº 2/1990): ainda a redigir, na forma do "
                     "memorial descritivo dos limites; os dados públicos não trazem o perímetro "
                     "urbano")
    return Article("area-urbana", f"Os limites da área urbana da sede do Município de {ctx.name} "
                                  f"são os descritos {_annex_ref(ctx, 'area-urbana')} (art. 3º "
                                  f"da {LC2_SHORT}).")


def _distritos(ctx: _Context) -> Article:
    rows = ctx.district_rows
    name = ctx.name
    if not rows:
        ctx.notes.append("número e nome dos distritos (art. 3º): a área desenhada não segue "
                         "os distritos do IBGE; o artigo diz só o distrito-sede")
        return Article("distritos", f"O Município de {name} é constituído do distrito-sede, que "
                                    "tem o seu nome.")
    if len(rows) == 1:
        return Article("distritos", f"O Município de {name} é constituído de um único distrito, "
                                    f"o da sede, que tem o seu nome.")
    rows = sorted(rows, key=lambda r: not r[2])  # the seat first, then the others in order
    items = tuple(f"{n}{', distrito-sede' if seat else ''}{';' if i < len(rows) - 1 else '.'}"
                  for i, (_, n, seat) in enumerate(rows))
    return Article("distritos", f"O Município de {name} é constituído de "
                                f"{in_words(len(rows))} distritos:", items=items)


def _instalacao(ctx: _Context) -> Article:
    who = "do Prefeito, do Vice-Prefeito e dos Vereadores eleitos"
    if ctx.install is None:  # art. 3º requires the year: a visible blank
        return Article("instalacao", f"O Município de {ctx.name} será instalado no ano de "
                                     f"{YEAR_BLANK}, com a posse {who} "
                                     "nas primeiras eleições municipais gerais e simultâneas "
                                     f"posteriores à sua criação (arts. 3º e 9º da {LC2_SHORT}, "
                                     "e art. 29, I, da Constituição Federal).")
    return Article("instalacao", f"O Município de {ctx.name} será instalado em "
                                 f"{fmt.date_long(ctx.install)}, com a posse {who} nas eleições "
                                 f"municipais gerais e simultâneas de {ctx.election} (art. 9º da "
                                 f"{LC2_SHORT}, e art. 29, I, da Constituição Federal).")


def _eleicao(ctx: _Context) -> Article:
    seats = (ctx.content or {}).get("vereadores")
    if seats is None:
        when = (f"de {ctx.election}" if ctx.install is not None
                else "seguintes à sua criação")
        ctx.notes.append("número de Vereadores da primeira legislatura (art. 3º; "
                         "Constituição Federal, art. 29, IV): falta a população da área")
        return Article("eleicao", f"O Prefeito, o Vice-Prefeito e os Vereadores do Município de "
                                  f"{ctx.name} serão eleitos simultaneamente com os dos demais "
                                  f"Municípios, nas eleições municipais {when}, na forma da "
                                  "legislação eleitoral.")
    # The election itself is the installation article's (art. 9): only the Câmara's size here.
    return Article("eleicao", f"A Câmara Municipal de {ctx.name} terá {in_words(seats)} "
                              f"Vereadores na primeira legislatura (art. 3º da "
                              f"{LC2_SHORT}, e art. 29, IV, a, da Constituição Federal).")


def _servidores(ctx: _Context) -> Article:
    if ctx.op.merges:
        return Article("servidores", f"Os servidores dos {ctx.origin_words}, excetuados os "
                                     "ocupantes de cargos em comissão, passarão a integrar a "
                                     f"administração do Município de {ctx.name} na data de sua "
                                     f"instalação, operando-se a sucessão do empregador (art. 12 "
                                     f"da {LC2_SHORT}).")
    origin = ctx.origin_words
    # Art. 12 speaks of the origin's servants the new municipality needs: those serving in
    # its territory, not every servant of the origin.
    return Article("servidores", f"Os servidores do {origin} lotados em órgãos e unidades "
                                 f"situados no território do Município de {ctx.name}, "
                                 "excetuados os ocupantes de cargos em comissão, passarão a "
                                 "integrar a administração do novo Município, resguardado o "
                                 "direito de opção, pelo prazo de "
                                 f"{in_words(3)} meses, a contar da instalação (art. 12 da "
                                 f"{LC2_SHORT}).",
                   paragraphs=(f"O {origin} fica exonerado de quaisquer obrigações trabalhistas "
                               "em relação aos servidores optantes pelo novo Município, "
                               "operando-se, quanto a eles, a sucessão do empregador.",))


def _bens(ctx: _Context) -> Article:
    if ctx.op.merges:
        return Article("bens", f"Os bens públicos dos {ctx.origin_words} passarão à propriedade "
                               f"do Município de {ctx.name} na data de sua instalação (art. 11 "
                               f"da {LC2_SHORT}).")
    return Article("bens", "Os bens públicos municipais situados no território do Município de "
                           f"{ctx.name} passarão à sua propriedade na data de sua instalação "
                           f"(art. 11 da {LC2_SHORT}).")


def _administracao(ctx: _Context) -> Article:
    if ctx.op.merges:
        return Article("administracao", "Até a instalação do Município de "
                                        f"{ctx.name}, cada um dos {ctx.origin_words} continuará a "
                                        "ser administrado pelo seu Prefeito (art. 13 da "
                                        f"{LC2_SHORT}).")
    origin = ctx.origin_words
    return Article(
        "administracao",
        f"Até a sua instalação, o território do Município de {ctx.name} continuará a ser "
        f"administrado pelo Prefeito do {origin} (art. 13 da {LC2_SHORT}).",
        paragraphs=(
            f"Enquanto o Município de {ctx.name} não for instalado, a contabilidade de sua receita e despesa "
            f"será feita em separado pelos órgãos competentes da Prefeitura do {origin}, que "
            f"aplicará na área do Município de {ctx.name}, no mínimo, 80% (oitenta por cento) "
            "dos recursos correspondentes às parcelas do ICMS que lhe forem atribuídas, no "
            f"prazo em que forem repassadas (art. 14, § 2º, da {LC2_SHORT}).",
            f"Dentro de {in_words(15)} dias após a instalação, o Prefeito do {origin} "
            f"encaminhará ao Município de {ctx.name} cópia dos livros, balanços e balancetes "
            "de receita e despesa correspondentes ao período a partir da criação (art. 14, "
            f"§ 3º, da {LC2_SHORT}).",
            f"O Estado não repassará o percentual do ICMS devido ao {origin} enquanto "
            "não for cumprido o disposto no § 2º deste artigo (art. 14, § 4º, da "
            f"{LC2_SHORT}).",
        ))


def _legislacao(ctx: _Context) -> Article:
    if len(ctx.origins) == 1:
        return Article("legislacao", f"A legislação do {ctx.origin_words} vigorará no Município "
                                     f"de {ctx.name}, no que couber, até que este aprove a sua "
                                     f"(art. 10 da {LC2_SHORT}).")
    where = f"Art. {ordinal_label(ctx.op.bill.index('legislacao') + 1).rstrip('.')}"
    # The sole paragraph speaks of an area taken from two or more municipalities; in a fusion
    # they are extinguished (art. 5 § 2), so it applies by analogy (process.FUSION_ANALOGY).
    analogy = ", aplicado por analogia" if ctx.op.merges else ""
    ctx.notes.append(f"{where}, trecho entre colchetes (art. 10, parágrafo único{analogy}): a lei "
                     "deve nomear o Município de maior renda entre os de origem; os dados do "
                     "estudo não trazem a renda municipal (o PIB não é renda do Município)")
    return Article("legislacao", f"Vigorará no Município de {ctx.name}, no que couber, até que "
                                 "este aprove a sua, a legislação do Município de "
                                 f"{LEGISLACAO_BLANK}, o de maior renda entre os "
                                 f"{ctx.origin_words} (art. 10, parágrafo único, da "
                                 f"{LC2_SHORT}{', por analogia' if ctx.op.merges else ''}).")


#: The marked blank of a fusion's art. 10 (the municipality of greater revenue is not in the
#: data): the drafter replaces it, as the notes say.
LEGISLACAO_BLANK = "[A INDICAR NA REDAÇÃO FINAL]"


def _icms(ctx: _Context) -> Article:
    origin = ctx.origin_words
    share = ctx.icms
    if ctx.install is None:  # no year fixed: the words of art. 14 and its § 1º
        years = "No ano de sua criação e nos dois exercícios imediatamente seguintes"
        published = "no ano imediatamente anterior ao de sua criação"
    else:
        years = (f"No ano de sua criação, {ctx.year}, e nos dois exercícios imediatamente "
                 f"seguintes, {ctx.year + 1} e {ctx.year + 2}")
        published = f"em {ctx.year - 1}"
    rule = ("fixado com base na proporção entre o valor adicionado auferido pelos contribuintes "
            f"estabelecidos na sua área e o valor adicionado apurado no {origin}, incluída a "
            "área desmembrada, com base no movimento econômico-fiscal que deu origem ao último "
            f"valor adicionado definitivo publicado no Diário Oficial do Estado {published}")
    if share is not None and share.percentage is not None:
        return Article("icms", f"{years}, o Município de {ctx.name} "
                               f"participará com {fmt.percent(share.percentage, 4)} do valor "
                               f"da parcela do ICMS devida ao {origin}, percentual {rule} "
                               f"(arts. 3º e 14 da {LC2_SHORT}).")
    ctx.notes.append(f"percentual do ICMS (arts. 3º e 14): o artigo traz a lacuna "
                     f"{PERCENT_BLANK} e a regra; para escrever o percentual faltam o valor "
                     "adicionado da área e o da origem, não informados pelos proponentes")
    return Article("icms", f"{years}, o Município de {ctx.name} "
                           f"participará com {PERCENT_BLANK} do valor da parcela do ICMS devida "
                           f"ao {origin}, percentual {rule} (arts. 3º e 14 da {LC2_SHORT}).")


def _instalacao_distrito(ctx: _Context) -> Article:
    return Article("instalacao-distrito", f"O {ctx.district} será instalado em data "
                                          "marcada pelo Prefeito, em solenidade por este "
                                          f"presidida, dentro do prazo de {in_words(180)} dias "
                                          "da publicação desta Lei (art. 20 da "
                                          f"{LC2_SHORT}).")


def _vigencia(ctx: _Context) -> Article:
    ctx.notes.append(f"vigência (LC nº 95/1998, art. 8º): o prazo de vacância {DAYS_BLANK} é "
                     "da redação final; “na data de sua publicação” fica para as leis de "
                     "pequena repercussão, e a lei que altera a divisão territorial do Estado ou "
                     "do Município não o é")
    return Article("vigencia", VIGENCIA)


#: Article key -> the function that writes it.
BUILDERS: dict[str, Callable[[_Context], Article]] = {
    "criacao": _criacao, "fusao": _fusao, "transferencia": _transferencia,
    "distrito": _distrito, "limites": _limites, "area-urbana": _area_urbana,
    "distritos": _distritos,
    "instalacao": _instalacao, "eleicao": _eleicao, "servidores": _servidores, "bens": _bens,
    "administracao": _administracao, "legislacao": _legislacao, "icms": _icms,
    "instalacao-distrito": _instalacao_distrito, "vigencia": _vigencia,
}


# -- building the bill -----------------------------------------------------------------

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

def _annex_labels(op, memorial_) -> dict[str, str]:
    """Article key -> the annex it refers to: the limits' memorial (not for a fusion, whose
    limits are those in force, nor for a transfer without a polygon) and the urban area's;
    ``"Anexo Único"`` alone, else ``"Anexo I"``, ``"Anexo II"`` (LC 95/1998)."""
    first = op.bill[0] if op.bill else ""
    keys = []
    if "limites" in op.bill and first != "fusao" and (memorial_ is not None
                                                      or first != "transferencia"):
        keys.append("limites")
    if "area-urbana" in op.bill:
        keys.append("area-urbana")
    if len(keys) == 1:
        return {keys[0]: "Anexo Único"}
    return {k: f"Anexo {ROMAN[i]}" for i, k in enumerate(keys)}


#: What an annex describes, by the key of the article that cites it.
_ANNEX_SUBJECT = {"limites": "MEMORIAL DESCRITIVO",
                  "area-urbana": "MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE"}


def _names(store) -> dict[str, str]:
    m = store.municipalities
    return dict(zip(m["cod_ibge"], m["nome"]))


def _district_rows(analysis, store) -> list[tuple[str, str, bool]]:
    """(cod_distrito, nome, sede) of the area's IBGE districts; the seat is the one named
    like the proposed seat (a fusion: the seat municipality's seat district)."""
    from .process import _area_districts

    c = analysis.candidate
    if c.boundary is not None:
        return []
    codes = _area_districts(store, c)
    d = store.districts.set_index("cod_distrito")
    rows = []
    from ..common.text import name_key

    for code, nome in codes.items():
        seat = name_key(nome) == name_key(c.seat or c.name)
        rows.append((code, nome, seat))
    return sorted(rows, key=lambda r: (r[1].casefold(), r[0])) if len(rows) > 1 else rows


def _requirement(r) -> str:
    """The requirement's cell: the threshold in words, else the rule's title (a requirement
    without a number: art. 4º, I; the plebiscite); a quorum counted on the area's electorate
    and the remainder's (the federal reading) says so."""
    from ..rules.art7 import EFFECTIVE_ROLL
    from .writers.tables import threshold_text

    if r.threshold is None:
        return r.title
    text = threshold_text(r)
    d = r.details if isinstance(r.details, dict) else {}
    if d.get("eleitorado") == "federal" and d.get("eleitores_rol"):
        source = f" ({d['fonte_rol']})" if d.get("fonte_rol") else ""
        text += (f" — metade mais um de {fmt.number(d['eleitores_rol'])} eleitores, o "
                 f"eleitorado da área somado ao do remanescente do município de origem{source}; "
                 f"{EFFECTIVE_ROLL}")
    return text


def _findings(analysis) -> list[tuple[str, str, str, str, str]]:
    from ..rules.result import Basis
    from .writers.tables import value_text

    rows = []
    for r in analysis.results:
        if r.status == "not_applicable":  # named in the justificação (_not_applicable)
            continue
        article = (r.article or "").replace("LC 02/1990, ", "")
        if r.subject and r.subject != "área":
            article += f" — {r.subject}"
        basis = fmt.basis_label(r.basis, r.value)
        if r.value is None and r.basis == Basis.MEASURED and r.status in ("pass", "fail"):
            basis = fmt.basis_label(r.basis)  # decided on geometry, without a figure (art. 4º, III)
        rows.append((article, _requirement(r), value_text(r), basis,
                     fmt.result_status_label(r)))
    return rows


_WAIVED = re.compile(r"^(?P<what>.+?) dispensado \((?P<by>[^()]+)\): (?P<why>.+?)\.?$")


def _waived(r) -> str:
    """A rule that does not apply, with the provision that waives it when the study says so:
    ``"art. 4º, dispensado pelo art. 5º, § 2º (fusão de área territorial integral de
    municípios, com a extinção destes)"``; else its article."""
    article = (r.article or "").replace("LC 02/1990, ", "")
    m = _WAIVED.match(r.reason or "")
    if m and m["what"] == article:
        return f"{article}, dispensado pelo {m['by']} ({m['why']})"
    return article


def _justification(analysis, ctx: _Context) -> list[str]:
    from .conclusion import analysis_short_conclusion
    from .frame import MEANING, bar_clause, study_bar_clause
    from .sections import operation_subtitle

    c = analysis.candidate
    # One paragraph: the frame's meaning for this operation, which states the bar itself
    # ("Para X: a criação … está vedada …" would repeat the clause); a law of another period
    # (a retrospective study) keeps its own clause first.
    meaning = MEANING[c.operation].split(": ", 1)[1].replace(
        "Este estudo", "O estudo de viabilidade que instrui este projeto")
    clause = study_bar_clause(analysis)
    lead = ("" if clause == bar_clause(c.operation)
            else fmt.sentence(clause[:1].upper() + clause[1:]) + " ")
    paras = [f"Quadro constitucional: {lead}{meaning}"]
    what = {"estadual": "Este projeto", "municipal": "Este projeto de lei municipal"}[ctx.op.bill_level]
    # The bar is the first paragraph's: the conclusion here is the short one, without it.
    paras.append(f"{what} dá forma de lei à proposta de {operation_subtitle(analysis)}, estudada "
                 f"segundo a {LC2}. Conclusão do estudo: {analysis_short_conclusion(analysis)}")
    from .findings import findings

    # What the study says a reader must not miss (its findings: what would change the
    # conclusion, a thin margin, conflicting data, the drawn limits, the readings, the bar),
    # in the study's words; the requirements themselves are in the quadro below.
    paras += [f"{f.short()}" if f.kind == "pendencias" else f.text()
              for f in findings(analysis).items]
    waived = list(dict.fromkeys(_waived(r) for r in analysis.results
                                if r.status == "not_applicable"))
    if len(waived) == 1:
        paras.append(f"Não se aplica a esta operação, e por isso não consta do quadro a seguir: "
                     f"{waived[0]}.")
    elif waived:
        paras.append("Não se aplicam a esta operação, e por isso não constam do quadro a "
                     f"seguir: {_and(waived)}.")
    paras.append("O quadro a seguir resume o que o estudo verificou, com a base de cada valor: "
                 "“certificado” é o valor atestado por documento do órgão competente; "
                 "“publicado”, o de tabela oficial publicada; “estimado” e “medido”, os "
                 "calculados pelo estudo.")
    return paras


def _pending(analysis) -> list[str]:
    from ..rules.certification import summary
    from .frame import calendar_note

    missing = summary(analysis.results, analysis.candidate)["missing"]
    # The plebiscite is the Electoral Justice's, which does not hold it while barred.
    plebiscite = ("Justiça Eleitoral, que não realiza o plebiscito enquanto não existir a lei "
                  "complementar federal (TSE, PA nº 0602003-69, 13/05/2021)"
                  if calendar_note(analysis) else "Justiça Eleitoral (resultado do plebiscito)")
    from .certificates import CONTINUITY_NOTE, NO_BODY

    out = []
    for p in missing:
        subject = "" if p["subject"] == "área" else f" — {p['subject']}"
        body = plebiscite if p["body"] == "Plebiscito" else p["body"]
        if p["field"] == "certified.continuity":  # art. 4 § 2 gives III to no body (item 10)
            body = f"{NO_BODY.lower()} ({CONTINUITY_NOTE})"
        out.append(f"{p['what']}{subject}: {body}")
    return list(dict.fromkeys(out))


def _memorial(analysis, store):
    """The area's memorial by confrontações (``None`` without a polygon) and its annex files."""
    from ..geo.memorial import ANNEX_FILE, annex_csv
    from .study_cells import area_memorial, split_or_none

    m = area_memorial(analysis, split_or_none(analysis, store), store)
    if m is None:
        return None, {}
    return m, ({ANNEX_FILE: annex_csv(m)} if m.summarised else {})


#: The drafter's readings the articles carry (legal review 3, item 11), said as such.
ART3_NOTE = ("art. 3º: no texto consolidado da LC nº 2/1990, os complementos da lei de criação "
             "são itens sem numeração; o projeto cita o art. 3º sem inciso (numerá-los seria "
             "leitura do redator); conferir com o texto publicado no Diário Oficial do Estado")


def _reading_notes(ctx: _Context) -> list[str]:
    """The notes that label the articles' readings as the drafter's: art. 3º cited without
    incisos (a creation or a fusion), and the servants' article (art. 12 of LC 02/1990)."""
    notes = [ART3_NOTE] if {"criacao", "fusao"} & set(ctx.op.bill) else []
    if "servidores" not in ctx.op.bill:
        return notes
    where = f"Art. {ordinal_label(ctx.op.bill.index('servidores') + 1).rstrip('.')}"
    if ctx.op.merges:
        notes.append(f"{where} (servidores): leitura do redator, não do texto da lei: o artigo não "
                     "resguarda o direito de opção do art. 12 da LC nº 2/1990, que não teria "
                     "objeto na fusão, porque os Municípios que se fundem se extinguem (art. 5º, "
                     "§ 2º); na outra leitura, o servidor pode optar por não integrar o quadro do "
                     "novo Município, e o prazo de três meses se conta da instalação; decidir na "
                     "redação final")
    else:
        notes.append(f"{where} (servidores): leitura do redator, não do texto da lei: o art. 12 "
                     "da LC nº 2/1990 fala dos “servidores do município de origem”, sem a "
                     "restrição aos “lotados em órgãos e unidades situados no território” do novo "
                     "Município, que o artigo acrescenta; conferir na redação final")
    return notes


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
}


def minuta_header(operation: str, barred: bool) -> str:
    """The header printed on every page of the draft bill and in the DOCX header
    (:data:`BARRED_HEADER`, :data:`OPEN_HEADER`)."""
    return MINUTA + (BARRED_HEADER[operation] if barred and operation in BARRED_HEADER
                     else OPEN_HEADER[operation])


def build_bill(analysis, store, *, author=None, process: str | None = None,
               date: dt.date | None = None) -> Bill:
    """The draft bill of a study.

    Parameters
    ----------
    analysis : viabilidade.profile.analysis.Analysis
    store : viabilidade.data.store.Store
        Names of municipalities and districts, the boundaries for the memorial.
    author : viabilidade.report.oficios_settings.Person, optional
        The deputy who proposes it (``[oficios] proposer``); required for a state bill.
    process : str, optional
        The legislative process number (``[oficios] process``), printed under the epígrafe.
    date : date, optional
        The filing date (``--data-projeto``): the epígrafe's year and the Sala das Sessões
        date. Without it both are left as lines to fill (never the study's date).

    Returns
    -------
    Bill

    Raises
    ------
    CandidateError
        For an operation that declares no bill (a boundary correction), or a state bill
        without its author.
    """
    from ..rules import art14
    from ..rules.art3 import draft_law_content
    from .history import history_rows
    from ..rules.calendar import creation_year, installation_date, is_election_year, next_election

    c = analysis.candidate
    op = operation_of(c)
    if not op.bill:
        raise CandidateError(f"encontrada a operação {c.operation!r} ({op.words}); o projeto de "
                             "lei é escrito para criação, fusão, transferência de área e "
                             "criação de distrito", file=c.path, field="operation")
    if op.bill_level == "estadual" and author is None:
        raise CandidateError("o projeto de lei estadual precisa do deputado autor (LC nº 2/1990, "
                             "art. 2º): --configuracoes ARQUIVO com a seção [oficios] (proposer, "
                             "proposer_gender, process; ver docs/GUIA.md, Projeto de lei)")
    from .frame import calendar_note

    # The filing date only when given (``--data-projeto``): never the study's date nor today's
    # (legal review 3, item 1); without it the epígrafe's year and the Sala das Sessões date
    # are left as lines to fill.
    names = _names(store)
    origins = [names.get(x, x) for x in op.origin_codes(c)]
    year, _ = creation_year(c, analysis.settings)
    # Barred today (CF art. 18 § 4): every date depends on the federal law and the plebiscite,
    # so the bill fixes none (the relative words of arts. 9 and 14).
    barred = bool(calendar_note(analysis))
    install = None if barred or is_election_year(year) else installation_date(year)
    rows = _district_rows(analysis, store)
    memorial_, files = _memorial(analysis, store)
    content = icms = None
    if "distritos" in op.bill or "eleicao" in op.bill:
        content = draft_law_content(c, analysis.profile, analysis.settings,
                                    district_names={k: n for k, n, _ in rows},
                                    district_codes=tuple(k for k, _, _ in rows))
    if "icms" in op.bill:
        icms = art14.icms_share(c.value_added_area, c.value_added_origin, c.origin_icms_quota, year)
    ctx = _Context(analysis=analysis, store=store, op=op, name=op.study_name(c), seat=c.seat or c.name,
                   origins=origins, destination=names.get(c.destination) if c.destination else None,
                   year=year, install=install, election=next_election(year), content=content,
                   icms=icms, memorial=memorial_, district_rows=rows, notes=[], barred=barred,
                   annexes=_annex_labels(op, memorial_))
    creates = "criacao" in op.bill or "fusao" in op.bill
    if creates and barred:
        ctx.notes.append(f"datas: o ano de instalação que o art. 3º exige fica como lacuna "
                         f"({YEAR_BLANK}), e o número e a data da lei complementar federal "
                         "(Constituição Federal, art. 18, § 4º) que o art. 1º cita ficam como "
                         f"{NUMBER_BLANK} e {DATE_BLANK}: a lei federal não foi editada, e as datas dependem "
                         "dela e do plebiscito; preenchê-los na redação final, fora de ano de "
                         "eleições municipais (art. 7º, § 3º)")
        ctx.notes.append("plebiscito: a lei só pode ser elaborada depois do resultado favorável "
                         "do plebiscito (art. 7º, § 2º); citar na justificação a data da consulta "
                         "e o seu resultado (comparecimento e votos)")
    if creates and date is not None and is_election_year(date.year):
        ctx.notes.append(f"data do projeto: {date.year} é ano de eleições municipais, em que "
                         "nenhum Município pode ser criado (art. 7º, § 3º)")
    elif creates and not barred and is_election_year(year):
        ctx.notes.append(f"ano de criação {year}: ano de eleições municipais, em que nenhum "
                         "Município pode ser criado (art. 7º, § 3º); a data de instalação fica "
                         "sem ano")
    if op.proposed_seat and ctx.seat != c.name:
        ctx.notes.append(f"nome: o art. 3º manda que o nome do Município seja o da sua sede; "
                         f"o nome proposto ({c.name}) difere do da sede ({ctx.seat})")
    articles = tuple(_in_law_form(BUILDERS[key](ctx)) for key in op.bill)
    ctx.notes += _reading_notes(ctx)
    if memorial_ is not None and "fusao" not in op.bill:  # outside the law's annex
        said = " ".join(memorial_.notes)
        where = ctx.annexes["limites"]
        ctx.notes.append(f"{where} (memorial descritivo): {said[:1].lower()}{said[1:]}")
    if "fusao" in op.bill and memorial_ is not None:
        ctx.notes.append("memorial descritivo informativo (após a justificação): traçado sobre a "
                         "Malha Municipal 2022 do IBGE, descreve o contorno do território "
                         "fundido para conferência; não integra a lei, que mantém os limites da "
                         "legislação vigente (a divisa interestadual não é matéria de lei "
                         "estadual, e os limites com os Municípios vizinhos só mudam por processo "
                         "próprio: arts. 5º e 6º)")
    if "fusao" in op.bill:
        ctx.notes.append("percentual do ICMS (arts. 3º e 14): não consta do projeto; "
                         "esses dispositivos repartem a parcela do ICMS entre o Município criado e "
                         "o de origem que subsiste, e na fusão os de origem se extinguem")
    if "limites" in op.bill and op.proposed_seat and op.bill_level == "estadual" \
            and "area-urbana" not in op.bill:
        ctx.notes.append("limites da área urbana da sede (art. 3º), na forma do memorial "
                         "descritivo: os dados públicos não trazem o perímetro urbano")
    origins_words = ("dos " if len(origins) > 1 else "do ") + ctx.origin_words
    ementa = fill_name(op.bill_ementa, ctx.name).format(origins=origins_words,
                                   destination=f"ao Município de {ctx.destination}")
    # LC 95/1998, art. 4º: the number and date are the Assembly's, left blank; the process
    # number is not part of the epígrafe.
    epigrafe = (f"PROJETO DE LEI{' MUNICIPAL' if op.bill_level == 'municipal' else ''} Nº "
                f"{BLANK}, DE {BLANK} DE {BLANK * 2} DE {date.year if date else BLANK}")
    process_line = f"(Processo nº {process})" if process else ""
    year_of = re.match(r"(\d{4})/", process or "")
    # A process opened in an earlier year is common (the petition precedes the bill); one
    # numbered after the bill's year cannot be, unless the number or the date is wrong.
    if date is None or not year_of:
        pass
    elif int(year_of.group(1)) > date.year:
        ctx.notes.append(f"processo nº {process}: o ano do número ({year_of.group(1)}) é "
                         f"posterior ao ano da data do projeto ({date.year}); conferir o número "
                         "ou a data")
    elif int(year_of.group(1)) < date.year:
        ctx.notes.append(f"processo nº {process}: autuado em {year_of.group(1)}, antes do ano "
                         f"do projeto ({date.year}); conferir se é o processo que o instrui")
    if op.bill_level == "estadual":
        autoria = f"({'Da' if author.female else 'Do'} {author.deputy()})"
        preambulo = STATE_PREAMBLE
        place_date = (f"Sala das Sessões da Assembleia Legislativa do Estado de Goiás, em {PLACE}, "
                      f"{_date_or_blank(date)}.")
        signature = (author.deputy(),)
    else:
        municipality = origins[0]
        autoria = ""
        # the Mayor's "sanciono" belongs to the sanctioned law, not to the bill (legal review
        # item 15), as the Governor's does to a state law
        preambulo = (f"A CÂMARA MUNICIPAL DE {municipality.upper()}, Estado de Goiás, aprova a "
                     "seguinte Lei:")
        place_date = f"{municipality}, {_date_or_blank(date)}."
        signature = (MUNICIPAL_AUTHOR,)  # who presents it (the note below)
        ctx.notes.append("autoria: o projeto de lei municipal é apresentado por quem a Lei "
                         f"Orgânica do Município de {municipality} legitima (Prefeito ou "
                         "Vereador), que o assina")
    annex_title, annex, informative = "", (), "fusao" in op.bill
    if memorial_ is not None and informative:
        annex_title = (f"MEMORIAL DESCRITIVO INFORMATIVO — {ctx.name.upper()} (não integra o "
                       "projeto)")
        annex = tuple(memorial_.text.split("\n\n"))
    elif memorial_ is not None:
        annex_title = (f"{ctx.annexes['limites'].upper()} — MEMORIAL DESCRITIVO — "
                       f"{ctx.name.upper()}")
        annex = tuple(memorial_.law_text.split("\n\n"))
    # The annexes the articles cite whose text is still to be drawn (the notes say why):
    # their headings follow the signature, so no article cites a missing annex.
    drawn = {"limites"} if memorial_ is not None and not informative else set()
    to_draft = tuple(f"{label.upper()} — {_ANNEX_SUBJECT[key]} — {ctx.name.upper()} (a redigir)"
                     for key, label in ctx.annexes.items() if key not in drawn)
    return Bill(level=op.bill_level, annexes_to_draft=to_draft,
                minuta=minuta_header(c.operation, barred), epigrafe=epigrafe, autoria=autoria, ementa=ementa,
                process=process_line,
                preambulo=preambulo, articles=articles, place_date=place_date,
                signature=signature, justification=tuple(_justification(analysis, ctx)),
                findings=tuple(_findings(analysis)), pending=tuple(_pending(analysis)),
                history=tuple(history_rows(c, store)) if getattr(store, "history", None)
                is not None else (),
                annex_title=annex_title, annex=annex, annex_informative=informative,
                notes=tuple(ctx.notes), files=files)


# -- HTML ------------------------------------------------------------------------------

FINDINGS_HEADER = ("Dispositivo", "Exigência", "Valor", "Base", "Situação")


def stylesheet() -> str:
    """The bill's stylesheet (``report/assets/oficio.css`` and ``projeto-lei.css``)."""
    root = resources.files("viabilidade.report") / "assets"
    return ((root / "oficio.css").read_text(encoding="utf-8")
            + (root / "projeto-lei.css").read_text(encoding="utf-8"))


def bill_html(bill: Bill, title: str) -> str:
    """The bill as a complete HTML document (A4 page of the ofícios when printed).

    The structure the Typst writer reads: ``main.oficio.projeto-lei``; ``p.minuta`` (the
    header of every page, :func:`minuta_header`); ``p.epigrafe``,
    ``p.autoria``, ``p.ementa``, ``p.preambulo``; ``p.dispositivo`` (caput, incisos with
    ``p.inciso``, paragraphs); ``section.justificacao``, ``section.anexo``, ``section.notas``.
    """
    from .writers.tables import table

    parts = [f'<p class="minuta">{esc(bill.minuta)}</p>'] if bill.minuta else []
    parts.append(f'<p class="epigrafe">{esc(bill.epigrafe)}</p>')
    if bill.autoria:
        parts.append(f'<p class="autoria">{esc(bill.autoria)}</p>')
    if bill.process:
        parts.append(f'<p class="autoria">{esc(bill.process)}</p>')
    parts += [f'<p class="ementa">{esc(bill.ementa)}</p>',
              f'<p class="preambulo">{esc(bill.preambulo)}</p>']
    for label, caput, items, paras in bill.numbered():
        parts.append(f'<p class="dispositivo"><strong>{esc(label)}</strong> {esc(caput)}</p>')
        parts += [f'<p class="inciso">{esc(lab)} {esc(text)}</p>' for lab, text in items]
        parts += [f'<p class="dispositivo"><strong>{esc(lab)}</strong> {esc(text)}</p>'
                  for lab, text in paras]
    # the place/date line and the signature kept together on one page (div.fecho)
    closing = f"<p>{esc(bill.place_date)}</p>"  # justified, as in the DOCX
    if bill.signature:
        closing += ('<div class="assinatura"><p class="linha"></p>'
                    + "".join(f"<p>{esc(s)}</p>" for s in bill.signature) + "</div>")
    parts.append(f'<div class="fecho">{closing}</div>')
    annex = ""
    if bill.annex:
        annex = (f'<section class="anexo"><h2>{esc(bill.annex_title)}</h2><div class="memorial">'
                 + "".join(f"<p>{esc(p)}</p>" for p in bill.annex) + "</div></section>")
    if not bill.annex_informative:  # the law's annex follows the signature (LC 95/1998)
        parts.append(annex)
    parts += [f'<section class="anexo"><h2>{esc(t)}</h2></section>' for t in bill.annexes_to_draft]
    just = "".join(f"<p>{esc(p)}</p>" for p in bill.justification)
    just += table(FINDINGS_HEADER, [list(r) for r in bill.findings],
                  caption="O que o estudo verificou", widths=(17, 22, 25, 12, 24))
    if bill.pending:
        just += ("<p>Pendente de certificação ou de documento (órgão ou responsável):</p><ul>"
                 + "".join(f"<li>{esc(p)}</li>" for p in bill.pending) + "</ul>")
    if bill.history:
        just += table(["Unidade", "O que os dados registram"], [list(r) for r in bill.history],
                      caption="Histórico da área", widths=(32, 68))
    parts.append(f'<section class="justificacao"><h2>Justificação</h2>{just}</section>')
    if bill.annex_informative:
        parts.append(annex)
    if bill.notes:
        parts.append('<section class="notas"><h2>Notas para a redação final (não integram o '
                     'projeto)</h2><ul>' + "".join(f"<li>{esc(n)}</li>" for n in bill.notes)
                     + "</ul></section>")
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{stylesheet()}</style>\n</head>\n"
            f'<body>\n<main class="oficio projeto-lei">{"".join(parts)}</main>\n</body>\n</html>\n')


# -- DOCX ------------------------------------------------------------------------------

def bill_docx(bill: Bill, title: str) -> bytes:
    """The bill as an editable Word file (python-docx): A4, Times New Roman 12 pt, the same
    parts and words as :func:`bill_html`."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Cm, Pt

    d = docx.Document()
    d.core_properties.title = title
    d.core_properties.language = "pt-BR"
    section = d.sections[0]
    section.page_width, section.page_height = Cm(21), Cm(29.7)
    section.left_margin, section.right_margin = Cm(3), Cm(2)
    section.top_margin, section.bottom_margin = Cm(2), Cm(2)
    normal = d.styles["Normal"]
    normal.font.name = "Times New Roman"
    normal.font.size = Pt(12)
    _docx_language(d, "pt-BR")
    _docx_page_numbers(section)
    if bill.minuta:  # on every page, as in the PDF
        head = section.header.paragraphs[0]
        head.alignment = WD_ALIGN_PARAGRAPH.CENTER
        run = head.add_run(bill.minuta)
        run.bold = True
        run.font.size = Pt(9)

    def para(text="", *, bold_lead="", align=None, indent_left=None, first_line=None, bold=False):
        p = d.add_paragraph()
        if bold_lead:
            p.add_run(bold_lead + " ").bold = True
        run = p.add_run(text)
        run.bold = bold
        p.alignment = align if align is not None else WD_ALIGN_PARAGRAPH.JUSTIFY
        if indent_left is not None:
            p.paragraph_format.left_indent = indent_left
        if first_line is not None:
            p.paragraph_format.first_line_indent = first_line
        return p

    para(bill.epigrafe, align=WD_ALIGN_PARAGRAPH.CENTER, bold=True)
    if bill.autoria:
        para(bill.autoria, align=WD_ALIGN_PARAGRAPH.CENTER)
    if bill.process:
        para(bill.process, align=WD_ALIGN_PARAGRAPH.CENTER)
    para(bill.ementa, indent_left=Cm(8))
    para(bill.preambulo, first_line=Cm(2))
    for label, caput, items, paras in bill.numbered():
        para(caput, bold_lead=label, first_line=Cm(2))
        for lab, text in items:
            para(f"{lab} {text}", first_line=Cm(2))
        for lab, text in paras:
            para(text, bold_lead=lab, first_line=Cm(2))
    # the place/date line kept with the signature on one page, as in the PDF
    closing = [para(bill.place_date)]  # justified, as in the PDF
    for s in bill.signature:
        closing += [para("_" * 40, align=WD_ALIGN_PARAGRAPH.CENTER),
                    para(s, align=WD_ALIGN_PARAGRAPH.CENTER)]
    for p in closing[:-1]:
        p.paragraph_format.keep_with_next = True

    def annex():
        d.add_page_break()
        d.add_heading(bill.annex_title, level=1)
        for p in bill.annex:
            para(p)

    if bill.annex and not bill.annex_informative:  # the law's annex follows the signature
        annex()
    for heading in bill.annexes_to_draft:
        d.add_page_break()
        d.add_heading(heading, level=1)
    d.add_page_break()
    d.add_heading("JUSTIFICAÇÃO", level=1)
    for p in bill.justification:
        para(p, first_line=Cm(2))
    para("O que o estudo verificou", align=WD_ALIGN_PARAGRAPH.LEFT, bold=True)
    t = d.add_table(rows=1, cols=len(FINDINGS_HEADER))
    t.style = "Table Grid"
    _docx_repeat_header(t.rows[0])
    for cell, text in zip(t.rows[0].cells, FINDINGS_HEADER):
        cell.text = text
        cell.paragraphs[0].runs[0].bold = True
    for row in bill.findings:
        for cell, text in zip(t.add_row().cells, row):
            cell.text = text
    if bill.pending:
        para("Pendente de certificação ou de documento (órgão ou responsável):")
        for p in bill.pending:
            d.add_paragraph(p, style="List Bullet")
    if bill.history:
        para("Histórico da área:")
        h = d.add_table(rows=0, cols=2)
        h.style = "Table Grid"
        for subject, words in bill.history:
            row = h.add_row().cells
            row[0].text, row[1].text = subject, words
    if bill.annex and bill.annex_informative:
        annex()
    if bill.notes:
        d.add_page_break()
        d.add_heading("Notas para a redação final (não integram o projeto)", level=1)
        for n in bill.notes:
            d.add_paragraph(n, style="List Bullet")
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def _docx_language(d, lang: str) -> None:
    """Set the proofing language of the document defaults and of the Normal style (python-docx
    leaves Word's template en-US)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    styles = d.styles.element
    defaults = styles.find(qn("w:docDefaults"))
    if defaults is None:
        defaults = OxmlElement("w:docDefaults")
        styles.insert(0, defaults)
    rpr_default = defaults.find(qn("w:rPrDefault"))
    if rpr_default is None:
        rpr_default = OxmlElement("w:rPrDefault")
        defaults.insert(0, rpr_default)
    rprs = [rpr_default.find(qn("w:rPr")), d.styles["Normal"].element.get_or_add_rPr()]
    if rprs[0] is None:
        rprs[0] = OxmlElement("w:rPr")
        rpr_default.append(rprs[0])
    for rpr in rprs:
        el = rpr.find(qn("w:lang"))
        if el is None:
            el = OxmlElement("w:lang")
            rpr.append(el)
        for attr in ("w:val", "w:eastAsia", "w:bidi"):
            el.set(qn(attr), lang)


def _docx_page_numbers(section) -> None:
    """A centred page number (a PAGE field) in the footer."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    p = section.footer.paragraphs[0]
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = p.add_run()
    for kind, text in (("begin", None), (None, "PAGE"), ("separate", None), (None, "1"),
                       ("end", None)):
        if kind:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        elif text == "PAGE":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = " PAGE "
        else:
            el = OxmlElement("w:t")
            el.text = text
        run._r.append(el)


def _docx_repeat_header(row) -> None:
    """Repeat a table's first row on every page (w:tblHeader)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    el = OxmlElement("w:tblHeader")
    el.set(qn("w:val"), "true")
    row._tr.get_or_add_trPr().append(el)


# -- writing ---------------------------------------------------------------------------

#: The files :func:`write_bill` writes (besides the memorial's annex of marks).
STEM = "projeto-de-lei"


def write_bill(analysis, store, folder: Path, *, author=None, process: str | None = None,
               date: dt.date | None = None, pdf: bool = True) -> dict[str, Path]:
    """Write ``projeto-de-lei.html``, ``.pdf`` and ``.docx`` (and ``memorial-marcos.csv`` when
    the memorial is summarised) into ``folder``, all at once (atomically).

    Returns
    -------
    dict
        File name -> path.

    Raises
    ------
    CandidateError
        From :func:`build_bill`.
    ReportError
        If the PDF cannot be rendered; nothing is written then.
    """
    from .writers.atomic import write_files_atomically
    from .writers.export import html_to_pdf

    bill = build_bill(analysis, store, author=author, process=process, date=date)
    from .sections import operation_subtitle

    title = f"Projeto de lei — {operation_subtitle(analysis)}"
    html = bill_html(bill, title)
    contents = {f"{STEM}.html": html.encode("utf-8"), f"{STEM}.docx": bill_docx(bill, title)}
    if pdf:
        contents[f"{STEM}.pdf"] = html_to_pdf(html)
    contents.update({k: v.encode("utf-8") for k, v in bill.files.items()})
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_files_atomically(folder, contents)
    return {name: folder / name for name in contents}


__all__ = ["Article", "Bill", "BUILDERS", "build_bill", "minuta_header", "bill_html", "bill_docx", "write_bill",
           "in_words", "article_label", "paragraph_labels", "STATE_PREAMBLE", "VIGENCIA"]
