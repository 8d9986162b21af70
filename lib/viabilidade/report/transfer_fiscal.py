"""The chapter "Efeitos fiscais nos dois municípios" (``sec-fiscal-transferencia``) of a transfer
of area (art. 5º of LC 02/1990): what a committee asks of the area's population moving from one
municipality to the other — each municipality's population, FPM bracket and coefficient before
and after, the FPM in reais a year with its year and basis, what the other municipalities of
Goiás feel, when the change takes effect, and the ICMS.

The figures are :func:`viabilidade.fiscal.transfer.transfer_economy`'s; the reais are estimated
on the Tesouro's FPM of the last complete year, as in the creation's economic chapter
(:func:`viabilidade.report.economic.money_basis`).
"""

from __future__ import annotations

from ..fiscal import fpm
from ..fiscal.transfer import transfer_economy
from ..operations import operation_of
from .economic import NO_PASEP, _coef, _gross_net, _pct, money_basis, paid_sentence
from .operation_chapters import _figure
from .sections import group
from .writers import format as fmt
from .writers.tables import Html, esc, table

#: The chapter id the transfer declares (:attr:`viabilidade.operations.Operation.chapters`).
CHAPTER = "sec-fiscal-transferencia"

#: When the coefficients change, and the open question of LC 198/2023 (not decided here).
WHEN = ("Os coeficientes mudam quando o TCU os fixar com uma população do IBGE que já conte a "
        "área no Município de destino, depois de alterada a divisão territorial; até lá, cada "
        "Município recebe pelo coeficiente em vigor. A manutenção de coeficientes da LC nº "
        "91/1997, art. 5º-A (LC nº 198/2023), foi escrita para a redução de população apurada "
        "pelo IBGE; se alcança a perda de população por perda de território, o estudo não "
        "decide: o valor “depois” da origem é o da faixa, sem manutenção.")

#: The ICMS of a transfer: no equal part changes; the value added follows the establishments.
ICMS = ("ICMS: nenhum Município é criado nem extinto, e as cotas iguais (10 % da parcela dos "
        "Municípios, LC estadual nº 177/2022, art. 2º, II) não mudam. A parte do valor "
        "adicionado (70 %, inciso I) acompanha os estabelecimentos da área nos índices de "
        "participação que a Secretaria de Estado da Economia apurar depois da transferência, e "
        "os critérios de gestão (20 %, inciso III) seguem os indicadores de cada Município.")


def _change(side, basis: str = "") -> str:
    """``"Abadiânia perde cerca de R$ 4,10 milhões brutos (…) por ano"``."""
    name = side.before.label
    if side.change is None:
        return ""
    within = side.coefficients_after
    if len(within) > 1:  # the estimate's interval crosses a bracket's limit: not decided
        pop = side.after.population
        return (f"{name}: o coeficiente depois depende da estimativa da população "
                f"({fmt.estimate(pop.value, pop.unit, pop.uncertainty, pop.basis, pop.precision)}), "
                f"cujo intervalo cruza o limite de uma faixa: "
                f"{fmt.and_list([_coef(x) for x in within]).replace(' e ', ' ou ')}, "
                "indeterminado até a população certificada pelo IBGE"
                + ("" if basis else "; a linha “depois” usa o valor central"))
    if abs(side.change) < 0.005:
        return (f"{name} mantém o coeficiente {_coef(side.before.coefficient)} e o FPM"
                + (f" ({basis})" if basis else ""))
    verb = "ganha" if side.change > 0 else "perde"
    return (f"{name} {verb} {_gross_net(abs(side.change))} por ano (coeficiente "
            f"{_coef(side.before.coefficient)} → {_coef(side.after.coefficient)}"
            + (f"; {basis}" if basis else "") + ")")


def transfer_points(e) -> list[str]:
    """The chapter in a few sentences (pt-BR) for the slide deck: what each municipality gains
    or loses a year with its basis, and whether the other municipalities feel it; ``[]``
    without the reais."""
    if e is None or e.origin.change is None or e.destination.change is None:
        return []
    out = [fmt.sentence(_change(side, money_basis(e))) for side in (e.origin, e.destination)]
    others = _others(e, detail=False)
    return out + [others] if others else out


def _others(e, detail: bool) -> str:
    """What the other interior municipalities of Goiás feel, in one sentence (plain pt-BR):
    the sum of the coefficients unchanged (none affected) or changed (each loses or gains a
    fraction of its quota); "Na estimativa central" when a side's estimate crosses a bracket's
    limit. ``detail``: with the sums before and after and their source (the chapter), else
    without (the slide deck). ``""`` without the sums."""
    if e.delta is None or (detail and e.total is None):
        return ""
    undecided = any(len(s.coefficients_after) > 1 for s in (e.origin, e.destination))
    the_sum = ("Na estimativa central, a" if undecided else "A") + " soma dos coeficientes de Goiás"
    before = f"{fmt.number(e.total, 1)} ({e.pool_source})" if detail else ""
    if abs(e.delta) < 1e-9:
        if detail:
            return (f"{the_sum}, {before}, não muda: o que um Município perde o outro ganha, e "
                    "os demais Municípios do interior não são afetados.")
        return f"{the_sum} não muda: os demais Municípios do interior não são afetados."
    if e.others_loss is None:
        return ""
    each = (f"cada um dos demais Municípios do interior "
            f"{'perde' if e.others_loss > 0 else 'ganha'} {_pct(abs(e.others_loss))} da sua "
            "cota do FPM.")
    if detail:
        return f"{the_sum} passa de {before} para {fmt.number(e.total_after, 1)}: {each}"
    return fmt.sentence(each)


def transfer_fiscal_section(analysis, store=None) -> Html | str:
    """The chapter :data:`CHAPTER` of a transfer; ``""`` for an operation that does not declare
    it, the chapter's heading alone without a receiving municipality."""
    c = analysis.candidate
    if CHAPTER not in operation_of(c).chapters:
        return ""
    e = transfer_economy(analysis, store)
    if e is None:
        return group(analysis, CHAPTER)
    o, d = e.origin, e.destination
    body = (f"<p>A área leva a sua população de {esc(o.before.label)} para {esc(d.before.label)}: "
            "cada um pode mudar de faixa no Fundo de Participação dos Municípios (FPM-Interior: "
            "CTN, art. 91, § 2º; Decreto-Lei nº 1.881/1981), e com eles a soma dos coeficientes "
            "de Goiás, que divide a cota do Estado entre todos os Municípios do interior.</p>")
    has_money = o.amount_before is not None and d.amount_before is not None
    rows = [["População", _figure(o.before.population), _figure(o.after.population),
             _figure(d.before.population), _figure(d.after.population)],
            ["Faixa do FPM", o.before.bracket or "—", o.after.bracket or "—",
             d.before.bracket or "—", d.after.bracket or "—"],
            ["Coeficiente", _coef(o.before.coefficient), _coef(o.after.coefficient),
             _coef(d.before.coefficient), _coef(d.after.coefficient)],
            ["Parte da cota de Goiás", _pct(o.before.share), _pct(o.after.share),
             _pct(d.before.share), _pct(d.after.share)]]
    if has_money:
        rows.append([f"FPM por ano, bruto ({money_basis(e)})",
                     *(fmt.money_about(v) for v in (o.amount_before, o.amount_after,
                                                    d.amount_before, d.amount_after))])
        rows.append(["FPM por ano, líquido do FUNDEB",
                     *(fmt.money_about(fpm.net_of_fundeb(v))
                       for v in (o.amount_before, o.amount_after, d.amount_before,
                                 d.amount_after))])
    body += table(["", f"{o.before.label}: antes", f"{o.before.label}: depois",
                   f"{d.before.label}: antes", f"{d.before.label}: depois"], rows,
                  caption="O FPM dos dois municípios antes e depois da transferência",
                  numeric=(1, 2, 3, 4), widths=(20, 20, 20, 20, 20))
    if has_money:
        p = e.point
        changes = [x for x in (_change(o), _change(d)) if x]
        body += (f"<p>{esc(fmt.sentence('; '.join(changes)))} Os valores são anuais, com a base "
                 f"“{esc(money_basis(e))}”: o que o coeficiente teria rendido em {p.year}, não "
                 f"uma previsão. Um ponto de coeficiente valeu, em {p.year}, "
                 f"{esc(_gross_net(p.gross))}: o FPM do interior de Goiás pago pelo Tesouro "
                 f"Nacional, menos a reserva (medida nos créditos de {esc(p.reserve_month)}), "
                 "dividido pela soma dos coeficientes. Do valor bruto, 20 % ficam retidos para "
                 f"o FUNDEB (Lei nº 14.113/2020, art. 3º). {esc(NO_PASEP)}</p>")
    else:
        body += ("<p>O valor em reais não é dado: o repositório de dados não tem os repasses do "
                 "FPM publicados pelo Tesouro Nacional, ou falta a população de um dos "
                 "Municípios.</p>")
    others = _others(e, detail=True)
    if others:
        body += f"<p>{esc(others)}</p>"
    for side in (o, d):
        if side.paid is not None:
            body += paid_sentence(side.before.label, side.before.coefficient, *side.paid)
    body += f"<p>{esc(WHEN)}</p><p>{esc(ICMS)} {esc(_value_added(c))}</p>"
    return group(analysis, CHAPTER, extra=Html(body))


def _value_added(c) -> str:
    """What the study has of the area's value added (the proponents' figure), or that it has
    none."""
    va = getattr(c, "value_added_area", None)
    if va is None or getattr(va, "value_brl", None) is None:
        return ("O estudo não calcula essa parte: os dados não trazem o valor adicionado da "
                "área, que os proponentes podem informar com a certidão da Secretaria de Estado "
                "da Economia.")
    return (f"O valor adicionado da área informado pelos proponentes é de "
            f"{fmt.money(va.value_brl)} ({va.year}; {va.source}), que passa do índice de "
            "participação da origem ao do destino.")
