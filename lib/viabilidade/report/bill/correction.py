"""The articles of a boundary correction's bill (art. 6º of LC 02/1990).

"Qualquer alteração nos limites entre municípios, sem alteração de área, em virtude de falha
técnica ou erro na descrição desses, será efetuada por lei estadual, mediante prévio acordo
dos respectivos Prefeitos, autorizados pelas Câmaras Municipais, em forma de resoluções."

The law (LC 95/1998 form): Art. 1º states its object and basis (art. 7º of LC 95/1998: the
first article gives the object), with a sole paragraph citing the mayors' prior agreement and
the councils' resolutions from the candidate's ``[boundary_correction.*]`` documents (a visible
blank for each one missing); the next article fixes the limit as the memorial of the corrected
line in the annex (:func:`viabilidade.geo.line_memorial.line_memorial`); then the express
revocation of the description it replaces (LC 95/1998, art. 9º: no "revogam-se as
disposições em contrário"), whose law is not in the data and stands as a visible blank.
"""

from __future__ import annotations

from ..writers import format as fmt
from .context import Context, _and, _annex_ref
from .form import LC2, LC2_SHORT, Article

#: Visible blanks of a correction's bill: a document the candidate file does not give, and the
#: law whose description of the limit the bill replaces (not in the data).
AGREEMENT_BLANK = "[termo de acordo, número e data]"
RESOLUTIONS_BLANK = "[resoluções das Câmaras Municipais, número e data]"
REVOKED_BLANK = "[lei e dispositivo que descrevem o limite]"


def _between(ctx: Context) -> str:
    """``"entre os Municípios de Abadiânia e de Alexânia"``."""
    return "entre os Municípios " + _and([f"de {o}" for o in ctx.origins])


def _act(a, body: bool = True) -> str:
    """``"Resolução nº 5/2026, de 20 de fevereiro de 2026, da Câmara Municipal de
    Abadiânia"``; without ``body``, number and date only (the mayors' agreement, whose
    signatories the sentence names)."""
    when = fmt.date_long(a.date)
    if not body:
        return f"{a.number}, de {when}"
    return f"{a.number}, de {when}, " + ("da " if a.body.casefold().startswith("câmara")
                                         else "— ") + a.body


def _acts(ctx: Context, key: str) -> list:
    given = getattr(ctx.analysis.candidate, "boundary_correction", None) or {}
    ev = given.get(key)
    return list(ev.acts) if ev is not None else []


def _correcao(ctx: Context) -> Article:
    agreement = _acts(ctx, "mayors_agreement")
    resolutions = _acts(ctx, "council_resolutions")
    if not agreement or not resolutions:
        ctx.notes.append("art. 1º, parágrafo único: o arquivo da candidatura não traz "
                         + _and((["o termo de acordo dos Prefeitos"] if not agreement else [])
                                + (["as resoluções das Câmaras Municipais"] if not resolutions
                                   else []))
                         + " (art. 6º); o artigo traz a lacuna, a preencher com o número e a "
                         "data de cada ato, que devem preceder o projeto")
    signed = _and([_act(a, body=False) for a in agreement]) if agreement else AGREEMENT_BLANK
    authorised = "; ".join(_act(a) for a in resolutions) if resolutions else RESOLUTIONS_BLANK
    mayors = "dos Prefeitos dos Municípios " + _and([f"de {o}" for o in ctx.origins])
    return Article(
        "correcao",
        f"Esta Lei corrige, sem alteração de área, a descrição do limite {_between(ctx)}, em "
        f"virtude de falha técnica ou de erro na descrição desse limite (art. 6º da {LC2}).",
        paragraphs=(f"A correção é feita mediante o prévio acordo {mayors}, firmado no "
                    f"{signed}, autorizados pelas Câmaras Municipais em forma de resoluções "
                    f"({authorised}).",))


def _limite_corrigido(ctx: Context) -> Article:
    if ctx.line is None:
        ctx.notes.append(f"{ctx.annexes.get('limite-corrigido', 'Anexo Único')} (memorial "
                         "descritivo do limite corrigido): ainda a redigir; o arquivo da "
                         "candidatura não traz a linha corrigida (boundary_correction.new_line)")
    return Article("limite-corrigido", f"O limite {_between(ctx)} é o descrito "
                                       f"{_annex_ref(ctx, 'limite-corrigido')} (art. 6º da "
                                       f"{LC2_SHORT}).")


def _revogacao(ctx: Context) -> Article:
    ctx.notes.append(f"cláusula de revogação (LC nº 95/1998, art. 9º): a lacuna {REVOKED_BLANK} "
                     "é a lei que descreve hoje o limite (a de criação de um dos Municípios ou "
                     "uma lei de limites), que os dados não trazem; revogar expressamente só o "
                     "trecho que descreve este limite")
    return Article("revogacao", f"Fica revogada a descrição do limite {_between(ctx)} "
                                f"constante de {REVOKED_BLANK}.")


#: Article key -> builder, merged into :data:`viabilidade.report.bill.articles.BUILDERS`.
BUILDERS = {"correcao": _correcao, "limite-corrigido": _limite_corrigido,
            "revogacao": _revogacao}
