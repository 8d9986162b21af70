"""The articles of a draft bill: one function per article key of
:data:`viabilidade.operations.base.BILL_ARTICLES` (:data:`BUILDERS`), each reading the
:class:`~viabilidade.report.bill.context.Context`; the annexes the articles cite and the notes on
the drafter's readings."""

from __future__ import annotations

from collections.abc import Callable

from ..writers import format as fmt
from .context import Context, _and, _annex_ref, _basis
from .correction import BUILDERS as CORRECTION_BUILDERS
from .transfer import BUILDERS as TRANSFER_BUILDERS
from .form import (DAYS_BLANK, LC2, LC2_SHORT, PERCENT_BLANK, ROMAN, VIGENCIA, YEAR_BLANK,
                   Article, in_words, ordinal_label)


# -- the articles ----------------------------------------------------------------------

def _criacao(ctx: Context) -> Article:
    return Article("criacao", f"Fica criado o Município de {ctx.name}, com sede na cidade de "
                              f"{ctx.seat}, desmembrado do {ctx.origin_words}, "
                              f"{_basis(ctx, 'da ' + LC2)}.")


def _fusao(ctx: Context) -> Article:
    # The origins are extinguished when the new municipality is installed, not on publication:
    # until then each is administered by its Prefeito (art. 13) and keeps staff and property.
    return Article("fusao", f"Fica criado, pela fusão das áreas territoriais integrais dos "
                            f"{ctx.origin_words}, o Município de {ctx.name}, com sede na cidade "
                            f"de {ctx.seat}, {_basis(ctx, 'do art. 5º, § 2º, da ' + LC2)}.",
                   paragraphs=(f"Os {ctx.origin_words} ficam extintos na data da instalação do "
                               f"Município de {ctx.name} criado por esta Lei.",))


def _transferencia(ctx: Context) -> Article:
    where = ("descrita " + _annex_ref(ctx)) if ctx.memorial is not None else (
        "correspondente ao território " + _district_area(ctx).replace(", definidos", ", nos limites definidos"))
    area = (f", com {fmt.number(round(ctx.memorial.geodesic_area_km2, 2), 2)} km²"
            if ctx.memorial is not None else "")
    return Article("transferencia", f"Fica desmembrada do Município de {ctx.origins[0]} e "
                                    f"incorporada ao Município de {ctx.destination} a área "
                                    f"{where}{area}, {_basis(ctx, 'do art. 5º da ' + LC2)}.")


def _distrito(ctx: Context) -> Article:
    return Article("distrito", f"Fica criado o {ctx.district}, no Município de "
                               f"{ctx.origins[0]}, com sede na localidade de igual nome, nos "
                               f"termos do art. 16 da {LC2}.")


def _district_area(ctx: Context) -> str:
    """``"do Distrito de X, do Município de Y, definidos na lei municipal que o criou"``."""
    names = [n for _, n, _ in ctx.district_rows] or [ctx.name]
    one = len(names) == 1
    return (f"{'do Distrito' if one else 'dos Distritos'} de {_and(names)}, do Município de "
            f"{ctx.origins[0]}, definidos na lei municipal que {'o' if one else 'os'} criou")


def _no_polygon_note(ctx: Context) -> None:
    law = "art. 18" if ctx.op.bill[0] == "distrito" else "art. 3º"
    from ...geo.tracts import TRACT_LIMIT_LABEL, districts_have_tracts

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


def _limites(ctx: Context) -> Article:
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


def _area_urbana(ctx: Context) -> Article:
    ctx.notes.append(f"{ctx.annexes['area-urbana']} (memorial descritivo dos limites da área "
                     "urbana da sede; art. 3º da LC nº 2/1990): ainda a redigir, na forma do "
                     "memorial descritivo dos limites; os dados públicos não trazem o perímetro "
                     "urbano")
    return Article("area-urbana", f"Os limites da área urbana da sede do Município de {ctx.name} "
                                  f"são os descritos {_annex_ref(ctx, 'area-urbana')} (art. 3º "
                                  f"da {LC2_SHORT}).")


def _distritos(ctx: Context) -> Article:
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


def _instalacao(ctx: Context) -> Article:
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


def _eleicao(ctx: Context) -> Article:
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


def _servidores(ctx: Context) -> Article:
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


def _bens(ctx: Context) -> Article:
    if ctx.op.merges:
        return Article("bens", f"Os bens públicos dos {ctx.origin_words} passarão à propriedade "
                               f"do Município de {ctx.name} na data de sua instalação (art. 11 "
                               f"da {LC2_SHORT}).")
    return Article("bens", "Os bens públicos municipais situados no território do Município de "
                           f"{ctx.name} passarão à sua propriedade na data de sua instalação "
                           f"(art. 11 da {LC2_SHORT}).")


def _administracao(ctx: Context) -> Article:
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


def _legislacao(ctx: Context) -> Article:
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


def _icms(ctx: Context) -> Article:
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


def _instalacao_distrito(ctx: Context) -> Article:
    """Art. 20 of LC 2/1990: installation within 180 days, counted from when the law takes
    effect (its own vigência article leaves a vacatio of :data:`DAYS_BLANK`: counted from the
    publication, the days would run while the law is not yet in force; legal review 15:44,
    item 12)."""
    return Article("instalacao-distrito", f"O {ctx.district} será instalado em data "
                                          "marcada pelo Prefeito, em solenidade por este "
                                          f"presidida, dentro do prazo de {in_words(180)} dias "
                                          "contados da entrada em vigor desta Lei (art. 20 da "
                                          f"{LC2_SHORT}).")


def _vigencia(ctx: Context) -> Article:
    ctx.notes.append(f"vigência (LC nº 95/1998, art. 8º): o prazo de vacância {DAYS_BLANK} é "
                     "da redação final; “na data de sua publicação” fica para as leis de "
                     "pequena repercussão, e a lei que altera a divisão territorial do Estado ou "
                     "do Município não o é")
    return Article("vigencia", VIGENCIA)


#: Article key -> the function that writes it.
BUILDERS: dict[str, Callable[[Context], Article]] = {
    "criacao": _criacao, "fusao": _fusao, "transferencia": _transferencia,
    "distrito": _distrito, "limites": _limites, "area-urbana": _area_urbana,
    "distritos": _distritos,
    "instalacao": _instalacao, "eleicao": _eleicao, "servidores": _servidores, "bens": _bens,
    "administracao": _administracao, "legislacao": _legislacao, "icms": _icms,
    "instalacao-distrito": _instalacao_distrito, "vigencia": _vigencia,
    **CORRECTION_BUILDERS, **TRANSFER_BUILDERS,
}



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
    if "limite-corrigido" in op.bill:
        keys.append("limite-corrigido")
    if len(keys) == 1:
        return {keys[0]: "Anexo Único"}
    return {k: f"Anexo {ROMAN[i]}" for i, k in enumerate(keys)}


#: What an annex describes, by the key of the article that cites it.
_ANNEX_SUBJECT = {"limites": "MEMORIAL DESCRITIVO",
                  "area-urbana": "MEMORIAL DESCRITIVO DA ÁREA URBANA DA SEDE",
                  "limite-corrigido": "MEMORIAL DESCRITIVO DO LIMITE CORRIGIDO"}


#: The drafter's readings the articles carry (legal review 3, item 11), said as such.
ART3_NOTE = ("art. 3º: no texto consolidado da LC nº 2/1990, os complementos da lei de criação "
             "são itens sem numeração; o projeto cita o art. 3º sem inciso (numerá-los seria "
             "leitura do redator); conferir com o texto publicado no Diário Oficial do Estado")


def _reading_notes(ctx: Context) -> list[str]:
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


