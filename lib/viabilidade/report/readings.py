"""The readings of LC 02/1990 (I-1 … I-11), explained in the study's own appendix.

Where the law's text admits more than one reading, the study names the point ("I-8") in the
settings table and in the table of alternative readings; this module says, in Portuguese and
without any settings key, what the law says, which reading the study adopts by default and
what the alternatives are, so that a reader of the study needs no other document. The text
follows docs/LEITURAS.md (the user's guide to the settings keys), shortened.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.art7 import COMBINED_READING, EACH_READING
from .writers.tables import Html, esc


@dataclass(frozen=True)
class Reading:
    """One point of the law that admits more than one reading.

    Attributes
    ----------
    code : str
        ``"I-1"`` … ``"I-11"`` (and ``"I-1b"``).
    title : str
        The point, in a few words.
    law : str
        What the law says and why there is a doubt.
    default : str
        The reading the study adopts unless told otherwise.
    alternatives : str
        The other readings (empty when the reading is fixed).
    """

    code: str
    title: str
    law: str
    default: str
    alternatives: str = ""


READINGS: tuple[Reading, ...] = (
    Reading("I-1", "Quais itens a redução de 2/3 alcança (art. 4º, caput)",
            "A redução a 2/3 para municípios de interesse ecológico, turístico ou de especial "
            "interesse econômico vale, no texto consolidado, para “os itens IV, V, V e VII”: o "
            "item V aparece duas vezes. A LC nº 4/1990, que deu essa redação, teria sido publicada "
            "com “os dos itens, IV, V e VI”, redação que não foi vista no Diário Oficial: o "
            "cabeçalho do texto consolidado cita apenas o DOE nº 16.010, de 24/07/1990, cuja "
            "página não pôde ser vista para este estudo e deve ser conferida no original.",
            "Vale o texto como publicado pela lei que o alterou: a redução alcança a população "
            "(IV), o eleitorado (V) e as edificações (VI); a arrecadação (VII) fica com o limite "
            "integral.",
            "O “V” repetido seria erro por “VI” e o VII também seria reduzido (IV, V, VI e VII); "
            "ou o texto consolidado ao pé da letra (IV, V e VII)."),
    Reading("I-1b", "Reduzir “a” dois terços ou “em” dois terços",
            "A lei diz “reduzidos a 2/3 (dois terços)”.",
            "Reduzidos a dois terços: o limite passa a 2/3 do original (mais de 2.000 "
            "habitantes, pelo menos 667 eleitores, pelo menos 134 edificações).",
            "Reduzidos em dois terços: o limite cai a 1/3 do original."),
    Reading("I-2", "Quem tem direito à redução",
            "A lei não diz quem reconhece o interesse ecológico, turístico ou econômico, nem "
            "com que critério.",
            "O interesse especial é premissa declarada pelos proponentes, com tipo e "
            "justificativa; o estudo a apresenta em destaque e mostra a conclusão com e sem a "
            "redução."),
    Reading("I-3", "Arredondamento dos limites reduzidos",
            "A lei nada diz: 2/3 de 1.000 eleitores são 666,67, e não existe fração de eleitor.",
            "Contagens (população, eleitores, edificações) usam o menor número inteiro que "
            "satisfaz a comparação da lei (“mais de 666,67” é “pelo menos 667”); dinheiro não é "
            "arredondado. Leitura fixa."),
    Reading("I-4", "O perímetro urbano do art. 4º, II",
            "O novo município deve guardar seis quilômetros “entre a linha de divisa do novo "
            "Município e o perímetro urbano do município de origem”; a origem pode ter, além da "
            "cidade, vilas e sedes de distrito urbanizadas.",
            "Conta o perímetro urbano da sede (a cidade) do município de origem, definido em "
            "lei municipal; a distância é a menor distância geodésica até o território novo.",
            "Contam todas as áreas urbanas do município de origem, sedes de distrito incluídas "
            "(exigência mais dura)."),
    Reading("I-5", "Continuidade territorial (art. 4º, III)",
            "A criação não pode “interromper a continuidade territorial do município de "
            "origem”.",
            "O remanescente da origem deve ser uma peça só; pedaços menores que 1 hectare "
            "(0,01 km²), restos do desenho das divisas, são desconsiderados; um remanescente que "
            "se toca num único ponto não é contínuo.",
            "Qualquer outra tolerância, inclusive nenhuma."),
    Reading("I-6", "O que é “arrecadação” no art. 4º, VII",
            "“Arrecadação, no último exercício, superior a dez milésimos por cento da receita "
            "estadual de impostos.”",
            "A arrecadação dos impostos estaduais (ICMS, IPVA e ITCD) pelos contribuintes da área "
            "no último exercício encerrado, comparada com a receita estadual de impostos do "
            "mesmo ano: o que a Secretaria da Fazenda do texto da lei, hoje Secretaria de Estado "
            "da Economia de Goiás, pode certificar. Leitura fixa."),
    Reading("I-7", "Os requisitos do município de origem (art. 4º, § 1º)",
            "Não se cria município quando a criação “importar na perda dos requisitos deste "
            "artigo para o município ou municípios de origem”.",
            "O remanescente de cada origem é verificado nos itens III, IV, V, VI e VII com os "
            "limites integrais.",
            "Uma origem que seja ela mesma declarada de interesse especial usa a própria "
            "redução."),
    Reading("I-8", "“Metade mais um” no quórum do plebiscito (art. 7º, § 1º)",
            "O plebiscito exige o comparecimento de “metade mais um” dos eleitores.",
            "Maioria absoluta: o menor número inteiro acima da metade (com 1.001 eleitores, "
            "501).",
            "Metade, mais um, ao pé da letra (com 1.001 eleitores, 502); as leituras só diferem "
            "com eleitorado ímpar."),
    Reading("I-9", "A legislação “daquele de maior renda” (art. 10, parágrafo único)",
            "Com áreas vindas de dois ou mais municípios, prevalece até a nova legislação a do "
            "município de origem “de maior renda”.",
            "Maior receita total no último exercício.",
            "Maior receita por habitante."),
    Reading("I-10", "Quem vota no plebiscito (art. 7º)",
            "A LC nº 2/1990 manda fazer o plebiscito “na área territorial a ser emancipada ou "
            "transferida” (art. 7º, caput; na transferência, o art. 5º fala em “consulta "
            "plebiscitária na área a ser desmembrada”), e o art. 7º, § 2º, conta a aprovação pela "
            "maioria dos eleitores que comparecerem. A Lei federal nº 9.709/1998, art. 7º, "
            "entende por “população diretamente interessada” tanto a do território que se "
            "desmembra quanto a do que sofre o desmembramento e, na anexação, também a do "
            "município que recebe a área; o Supremo Tribunal Federal julgou essa regra "
            "constitucional na ADI 2.650 (2011), proposta pela própria Assembleia Legislativa de "
            "Goiás, e a Constituição (art. 18, § 4º) fala em consulta “às populações dos "
            "Municípios envolvidos”. As duas normas conflitam: pela letra da lei estadual, só a "
            "área vota; pela lei federal, votam também o remanescente do município de origem e, "
            "na transferência, o município que recebe a área.",
            "Como a norma federal interpreta a Constituição e foi confirmada pelo STF, votam os "
            "eleitores da área, os do remanescente do município de origem e, na transferência, "
            "os do município que recebe a área. Onde se contam quórum e maioria é a leitura I-11.",
            "Só os eleitores da área, como na letra da lei estadual."),
    Reading("I-11", "Onde se contam quórum e maioria do plebiscito (art. 7º, §§ 1º e 2º)",
            "O art. 7º exige o comparecimento de “metade mais um” dos eleitores (§ 1º) e a "
            "aprovação pela maioria dos que comparecerem (§ 2º), sem dizer, quando votam dois ou "
            "mais municípios, se a contagem é uma só ou uma por município. A Constituição fala "
            "em consulta “às populações dos Municípios envolvidos” (art. 18, § 4º); a Lei nº "
            "9.709/1998, art. 7º, parte final, na vontade popular “em relação ao total da "
            "população consultada”.",
            EACH_READING,
            COMBINED_READING[:1].upper() + COMBINED_READING[1:]
            + "; o estudo dá os seus números no capítulo do plebiscito. Leitura fixa "
            "(sem chave)."),
)


def reading_codes(fields) -> set[str] | None:
    """The reading codes (``"I-8"``) of :class:`~viabilidade.rules.settings.Settings` fields
    (``"quorum"``; ``"special_interest"`` is I-2), as an operation declares them
    (:attr:`viabilidade.operations.Operation.readings`); ``None`` for ``None`` (every reading)."""
    if fields is None:
        return None
    from ..rules.settings import FIELD_LABELS

    codes = {FIELD_LABELS[f].split(":", 1)[0] for f in fields
             if FIELD_LABELS.get(f, "").startswith("I-")}
    # I-11 (where quorum and majority are counted) goes with every plebiscite quorum (I-8)
    return (codes | ({"I-2"} if "special_interest" in fields else set())
            | ({"I-11"} if "quorum" in fields else set()))


def reading(code: str) -> Reading:
    """The reading of a code (``"I-10"``); ``KeyError`` for an unknown code."""
    for r in READINGS:
        if r.code == code:
            return r
    raise KeyError(code)


def reading_body(r: Reading) -> Html:
    """What the law says, the reading adopted and the alternatives: the one text that both
    the appendix (:func:`readings_html`) and a chapter's body (the transfer's "Quem vota no
    plebiscito") print."""
    alt = f" <em>Alternativas:</em> {esc(r.alternatives)}" if r.alternatives else ""
    return Html(f"{esc(r.law)} <em>Leitura adotada ({esc(r.code)}):</em> {esc(r.default)}{alt}")


def readings_html(fields=None) -> Html:
    """The readings as an appendix subsection (``<h3>`` and one paragraph per reading).

    ``fields``: the operation's readings (:func:`reading_codes`); ``None`` prints every
    reading; an operation none of whose rules a reading touches (a district, a boundary
    correction) gets ``""``, so its study explains no reading of art. 4 it does not apply.
    """
    codes = reading_codes(fields)
    chosen = [r for r in READINGS if codes is None or r.code in codes]
    if not chosen:
        return Html("")
    items = [f"<li><strong>{esc(r.code)} — {esc(r.title)}.</strong> {reading_body(r)}</li>"
             for r in chosen]
    heading = "Leituras da lei (I-1 a I-11)" if codes is None else "Leituras da lei"
    return Html(f"<h3>{heading}</h3>"
                "<p>Pontos em que o texto da LC nº 2/1990 admite mais de uma leitura. O estudo usa "
                "a leitura adotada, salvo indicação em contrário no quadro de parâmetros acima, e "
                "mostra, na seção Sensibilidade, a conclusão sob cada alternativa.</p>"
                f'<ul class="notas">{"".join(items)}</ul>')


__all__ = ["Reading", "READINGS", "reading", "reading_body", "readings_html", "reading_codes"]
