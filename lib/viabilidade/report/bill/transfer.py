"""The transitional articles of a transfer's bill (art. 5º of LC 02/1990): what happens to the
area's administration and services, property, revenue, records and electors between the law
and the day the area passes to the receiving municipality.

LC 02/1990 regulates the transition only for a new municipality (arts. 10 to 14); for an area
annexed to an existing one it says nothing. The articles apply arts. 11, 13 and 14, § 3º by
analogy (a reading the notes label as the drafter's), and fix one date from which the area
belongs to the receiving municipality, a visible blank (:data:`TRANSFER_DATE_BLANK`) the
drafter fills (the notes suggest the first day of a fiscal year). The electoral roll is the
Electoral Justice's (CF art. 22, I: electoral law is federal), and the population behind the
FPM and the value added behind the ICMS index are the IBGE's and the SEFAZ-GO's: the bill only
communicates the law to them.
"""

from __future__ import annotations

from .context import Context
from .form import LC2_SHORT, Article, in_words, ordinal_label

#: The day the area passes to the receiving municipality: the drafter's choice.
TRANSFER_DATE_BLANK = "[data da transferência]"


def _where(ctx: Context, key: str) -> str:
    """``"Art. 3º"``: the label of the article ``key`` in this bill."""
    return f"Art. {ordinal_label(ctx.op.bill.index(key) + 1).rstrip('.')}"


def _transicao(ctx: Context) -> Article:
    origin, destination = ctx.origins[0], ctx.destination
    ctx.notes.append(
        f"{TRANSFER_DATE_BLANK} ({_where(ctx, 'transicao')}): a data em que a área passa ao Município de "
        f"{destination} é da redação final; o 1º de janeiro de um exercício faz coincidir a "
        "passagem com o exercício financeiro dos dois orçamentos e com o ano dos cadastros "
        "tributários. Leitura do redator, não do texto da lei: a LC nº 2/1990 regula a "
        "transição só para o Município novo (arts. 10 a 14); o artigo aplica por analogia os "
        "arts. 11, 13 e 14, § 3º, à área anexada a Município existente")
    return Article(
        "transicao",
        f"A área de que trata o art. 1º passa a integrar o Município de {destination} em "
        f"{TRANSFER_DATE_BLANK}; até essa data, continuará a ser administrada pelo Município de "
        f"{origin}, que nela manterá os serviços públicos municipais (art. 13 da {LC2_SHORT}, "
        "por analogia).",
        paragraphs=(
            f"Os bens públicos municipais situados na área passam à propriedade do Município de "
            f"{destination} na data de que trata o caput (art. 11 da {LC2_SHORT}, por "
            "analogia).",
            f"Pertencem ao Município de {origin} os tributos municipais cujos fatos geradores "
            "tenham ocorrido na área até a data de que trata o caput, e ao Município de "
            f"{destination} os posteriores.",
            f"Dentro de {in_words(30)} dias da data de que trata o caput, o Município de "
            f"{origin} encaminhará ao Município de {destination} cópia dos cadastros "
            "imobiliário e fiscal da área, dos registros dos serviços nela prestados e dos "
            f"demais documentos a ela relativos (art. 14, § 3º, da {LC2_SHORT}, por analogia).",
        ))


def _comunicacao(ctx: Context) -> Article:
    ctx.notes.append(
        f"comunicação ({_where(ctx, 'comunicacao')}): a inscrição e a transferência dos eleitores da área são da "
        "Justiça Eleitoral (Constituição Federal, art. 22, I), que atualiza o cadastro; até lá, "
        "os eleitores votam no Município em que estão inscritos. A população da área passa ao "
        "Município de destino nas estimativas do IBGE que fixam o coeficiente do FPM, e o valor "
        "adicionado dos estabelecimentos da área, no índice de participação no ICMS apurado pela "
        "Secretaria de Estado da Economia: o efeito no FPM de cada Município está no capítulo "
        "“Efeitos fiscais nos dois municípios” do estudo")
    return Article(
        "comunicacao",
        "Esta Lei será comunicada ao Tribunal Regional Eleitoral de Goiás, para a atualização "
        "do cadastro dos eleitores inscritos na área de que trata o art. 1º, à Fundação "
        "Instituto Brasileiro de Geografia e Estatística (IBGE), para a divisão territorial e a "
        "população dos Municípios, e à Secretaria de Estado da Economia, para o índice de "
        "participação dos Municípios no ICMS.")


#: Article key -> builder, merged into :data:`viabilidade.report.bill.articles.BUILDERS`.
BUILDERS = {"transicao": _transicao, "comunicacao": _comunicacao}
