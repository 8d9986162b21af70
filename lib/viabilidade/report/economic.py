"""The chapter "Viabilidade econômico-financeira" (``sec-economico``) of the creation and
fusion studies: FPM coefficient and share, the ICMS equal part, art. 14's transitional
share, own revenue, mandatory spending, the remainder before and after, and who pays (the
FPM dilution of every other interior municipality of Goiás). Figures from
:func:`viabilidade.fiscal.economy.economy`; each with its basis and source.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ..data.provenance import DATASETS
from ..fiscal import fpm, icms
from ..fiscal.economy import (BRACKET_NOTE, Economy, art14_when, barred_year, economy,
                              installation_when, who_pays)
from ..rules.calendar import UNDATED
from ..rules.result import Basis
from .writers import format as fmt
from .sections import group
from .writers.tables import Html, esc, key_values, table


def _pct(fraction: float | None, decimals: int = 4) -> str:
    return "—" if fraction is None else fmt.percent(100 * fraction, decimals)


def _coef(x: float | None) -> str:
    return "—" if x is None else fmt.number(x, 1)


def _signed(fraction: float | None, decimals: int = 4) -> str:
    if fraction is None:
        return "—"
    return ("+" if fraction > 0 else "") + fmt.percent(100 * fraction, decimals)


def _basis(b) -> str:
    return fmt.basis_label(b)


#: How a change in the number of municipalities moves the others' FPM share, by operation (N4).
CREATION_SHARE = ("Um novo município de Goiás toma o seu coeficiente da parcela de Goiás: os "
                  "demais Estados não são afetados, e cada município do interior goiano recebe "
                  "uma fração menor.")
FUSION_SHARE = ("Na fusão, o município resultante recebe um só coeficiente, pela sua população, "
                "no lugar dos coeficientes dos municípios que se fundem, e a soma dos coeficientes "
                "do interior de Goiás muda pela diferença: os demais Estados não são afetados, e "
                "cada um dos demais municípios do interior goiano recebe {effect}.")
#: {effect} of :data:`FUSION_SHARE`, by the sign of the change in the sum (``Economy.delta``).
FUSION_EFFECT = {-1: "uma fração maior, porque a soma diminui", 0: "a mesma fração",
                 1: "uma fração menor, porque a soma aumenta"}


def share_sentence(e: Economy) -> str:
    """How the operation moves the other interior municipalities' FPM share: a creation takes
    a new coefficient (:data:`CREATION_SHARE`); a fusion replaces the merged coefficients by
    one (:data:`FUSION_SHARE`, the direction from ``e.delta`` when known)."""
    if e.kind == "creation":
        return CREATION_SHARE
    if e.delta is None:
        effect = "uma fração maior se a soma diminui, ou menor se ela aumenta"
    else:
        effect = FUSION_EFFECT[(e.delta > 0) - (e.delta < 0)]
    return FUSION_SHARE.format(effect=effect)


def _fpm_part(e: Economy) -> str:
    pl = e.pool
    creation = e.kind == "creation"
    body = ("<h3>Fundo de Participação dos Municípios (FPM)</h3>"
            "<p>O FPM-Interior é repartido entre os Estados por percentuais fixos e, dentro do "
            "Estado, na proporção do coeficiente de cada município, pela faixa de população "
            "(CTN, art. 91, § 2º, na redação do Decreto-Lei nº 1.881/1981). Goiânia recebe da "
            "parcela das capitais, fora dessa conta. " + share_sentence(e) + "</p>")
    if pl is None:
        return body + ("<p>O repositório de dados não tem a soma dos coeficientes publicada "
                       "pelo TCU; as participações não podem ser calculadas.</p>")
    n = e.new
    pairs = [
        ("Parcela de Goiás no FPM-Interior",
         f"{fmt.percent(pl.state_share_percent, 4)} (publicado; {pl.source}, Anexo VI)"),
        (f"Soma dos coeficientes do interior de Goiás em {pl.year}",
         f"{fmt.number(pl.total, 1)} — {fmt.count(pl.municipalities, 'município')}, "
         f"{fmt.count(pl.population, 'habitante')} (publicado; TCU, Anexo VIII)"),
        (f"Coeficiente {'do novo município' if creation else 'do município resultante da fusão'}",
         f"{_coef(n.coefficient)} ({esc(n.bracket)}; população de "
         f"{fmt.quantity(n.population.value, 'habitantes') if n.population else '—'}, "
         f"{fmt.basis_label(n.population.basis, True, getattr(n.population, 'note', None), getattr(n.population, 'source', None)) if n.population else '—'})"),
        ("Variação da soma dos coeficientes de Goiás",
         f"{'+' if (e.delta or 0) > 0 else ''}{_coef(e.delta)} "
         f"(de {fmt.number(pl.total, 1)} para {_coef(pl.total + e.delta) if e.delta is not None else '—'})"),
        (f"Participação {'do novo município' if creation else 'do município resultante'} na "
         "parcela de Goiás", f"{_pct(n.share)} (estimado)"),
        ("Participação no FPM-Interior nacional",
         f"{_pct(None if n.share is None else n.share * pl.state_share_percent / 100, 5)} "
         "(estimado)"),
    ]
    body += Html(key_values(pairs, caption="O coeficiente e a participação no FPM-Interior"))
    rows = []
    for b in e.before:
        rows.append([f"{b.label} (antes)", fmt.quantity(b.population.value, "habitantes"),
                     _coef(b.coefficient), esc(b.bracket), _pct(b.share)])
    for a in e.after:
        rows.append([a.label, fmt.quantity(a.population.value, "habitantes"),
                     _coef(a.coefficient), esc(a.bracket), _pct(a.share)])
    if not creation:
        rows.append([f"{n.label} (município resultante da fusão)",
                     fmt.quantity(n.population.value, "habitantes"), _coef(n.coefficient),
                     esc(n.bracket), _pct(n.share)])
    unc = n.population.uncertainty if n.population is not None else None
    if unc and n.population.value is not None:
        low = fpm.coefficient(max(0, int(round(n.population.value - unc))))
        high = fpm.coefficient(int(round(n.population.value + unc)))
        if low != high:
            body += (f"<p>A população da área é estimada com incerteza de "
                     f"{fmt.quantity(round(unc), 'habitantes')}: o coeficiente pode ir de "
                     f"{_coef(low)} a {_coef(high)}.</p>")
    body += table(["Território", "População", "Coeficiente", "Faixa", "Parcela de Goiás"], rows,
                  caption=("O município de origem antes e depois" if creation
                           else "Os municípios fundidos e o resultante"),
                  numeric=(1, 2, 4), widths=(26, 17, 12, 29, 16))
    if creation and e.before and e.after and None not in (e.before[0].share, e.after[0].share):
        change = e.after[0].share / e.before[0].share - 1
        body += (f"<p>O remanescente de {esc(e.before[0].label)} passa do coeficiente "
                 f"{_coef(e.before[0].coefficient)} ao {_coef(e.after[0].coefficient)}; sua "
                 f"cota do FPM-Interior varia {_signed(change, 2)} (estimado).</p>")
    if not creation and e.delta is not None:
        given = -e.delta
        body += (f"<p>Os municípios fundidos somam o coeficiente "
                 f"{_coef(sum(b.coefficient for b in e.before))}; o resultante tem "
                 f"{_coef(n.coefficient)}: a fusão abre mão de {_coef(given)} de coeficiente, "
                 "que se redistribui entre os demais municípios do interior de Goiás.</p>")
    body += (f"<p>Os coeficientes dos municípios existentes são {esc(BRACKET_NOTE)}. A soma de {fmt.number(pl.total, 1)} "
             "é a publicada pelo TCU; aplicada a faixa à população do Censo 2022 dos "
             f"{pl.municipalities} municípios, a soma seria 250,8: a diferença de 4,0 são "
             "coeficientes mantidos pela LC nº 198/2023, que os dados disponíveis não atribuem a "
             "municípios.</p>")
    body += _fpm_money(e)
    body += "".join(f"<p>{esc(r)}</p>" for r in e.reserve)
    return body


#: What every FPM amount in reais is (issue 33): its year and basis.
def money_basis(e: Economy) -> str:
    """``"estimado, FPM de 2022 a preços correntes"``: the basis of every FPM amount in reais."""
    return f"estimado, FPM de {e.point.year} a preços correntes"


#: Said wherever an amount "líquido(s) do FUNDEB" is printed (legal review 15:44, item 13): only
#: the FUNDEB's 20 % is deducted, not the Municipality's PASEP contribution, 1 % of the current
#: transfers it receives (Lei nº 9.715/1998, arts. 2º, III, and 8º, III).
NO_PASEP = ("Os valores “líquidos do FUNDEB” deduzem apenas essa retenção de 20 %; a "
            "contribuição do Município ao PASEP, de 1 % das transferências correntes "
            "recebidas (Lei nº 9.715/1998, arts. 2º, III, e 8º, III), não foi deduzida.")


def _gross_net(value: float) -> str:
    """``"cerca de R$ 12,31 milhões brutos (cerca de R$ 9,85 milhões líquidos do FUNDEB)"``."""
    return (f"{fmt.money_about(value)} brutos ({fmt.money_about(fpm.net_of_fundeb(value))} "
            "líquidos do FUNDEB)")


def _fpm_money(e: Economy) -> str:
    """The FPM in reais per year: one point's value, the new municipality, the origin's
    remainder, each other municipality (per point, the smallest and the median). Without the
    Tesouro's tables in the store, says that no amount can be given."""
    if e.point is None or not e.money:
        return ("<p>O valor em reais não é dado: o repositório de dados não tem os repasses do "
                "FPM publicados pelo Tesouro Nacional.</p>")
    p, m = e.point, e.money
    creation = e.kind == "creation"
    body = (f"<h4>O FPM em reais</h4><p>Um ponto de coeficiente valeu, em {p.year}, "
            f"{_gross_net(p.gross)} por ano: o FPM do interior de Goiás pago em {p.year}, "
            f"{fmt.money(p.interior_gross)} (Tesouro Nacional, valor bruto), menos a parte da "
            f"reserva ({fmt.percent(100 * p.reserve_share, 2)}, medida nos créditos de "
            f"{p.reserve_month}), dividido pela soma dos coeficientes, {fmt.number(p.total, 1)} "
            "(TCU, exercício de 2023, a mesma das participações acima; a soma de 2022 não está "
            "nos dados). Do valor bruto, 20 % ficam retidos para o FUNDEB (Lei nº 14.113/2020, "
            f"art. 3º), que os redistribui no Estado conforme as matrículas. {NO_PASEP} Os valores abaixo são "
            f"anuais, com a base “{money_basis(e)}”: o que o coeficiente teria rendido em "
            f"{p.year}, não uma previsão, pois o FPM acompanha a arrecadação do imposto de "
            "renda e do IPI.</p>")
    who = "Novo município" if creation else "Município resultante da fusão"
    pairs = [(f"{who} (coeficiente {_coef(e.new.coefficient)})",
              _gross_net(m["novo"]) + (f", a partir da instalação ({installation_when(e)})"
                                       if e.installation else ""))]
    for name, before_coef, after_coef, before_brl, after_brl in m.get("origens", {}).values():
        pairs.append((f"{name}: antes (coeficiente {_coef(before_coef)})", _gross_net(before_brl)))
        pairs.append((f"Remanescente de {name} (coeficiente {_coef(after_coef)})",
                      _gross_net(after_brl)))
        pairs.append((f"Perda do remanescente de {name}", _gross_net(before_brl - after_brl)))
    if "fundidos_antes" in m:
        names = fmt.and_list([b.label for b in e.before])
        coefs = fmt.and_list([_coef(b.coefficient) for b in e.before])
        pairs.append((f"{names}, antes (coeficientes {coefs})", _gross_net(m["fundidos_antes"])))
        pairs.append(("Perda de FPM com a fusão", _gross_net(m["fundidos_antes"] - m["novo"])))
    verb = "Perda" if m["por_ponto"] > 0 else "Ganho"
    pairs.append((f"{verb} de cada um dos demais municípios do interior, por ponto de "
                  "coeficiente", _gross_net(abs(m["por_ponto"]))))
    for key, what in (("menor", "do menor"), ("mediano", "do mediano")):
        name, pop, coef, loss = m[key]
        pairs.append((f"{verb} {what} dos demais municípios em população: {name} "
                      f"({fmt.quantity(pop, 'habitantes')}, coeficiente {_coef(coef)})",
                      _gross_net(abs(loss))))
    body += Html(key_values(pairs, caption=f"O FPM em reais por ano ({money_basis(e)})"))
    for name, bracket_coef, paid_coef, month in m.get("pago", {}).values():
        body += paid_sentence(name, bracket_coef, paid_coef, month,
                              why=" (o TCU usava então outra população, e a LC nº 198/2023 "
                                  "manteve coeficientes de municípios que perderam população)",
                              then=f"; com o pago, {name} receberia antes "
                                   f"{fmt.money_about(p.amount(paid_coef))} brutos por ano")
    return body


def paid_sentence(name: str, bracket_coef: float | None, paid_coef: float, month: str, *,
                  why: str = "", then: str = "") -> str:
    """The paragraph (HTML) saying the Tesouro paid ``name`` another coefficient than its
    bracket's in ``month`` (:func:`viabilidade.fiscal.economy.paid_differences`), and that the
    amounts use the bracket's; ``why`` (after the bracket) and ``then`` (at the end) are plain
    pt-BR text, escaped here."""
    return (f"<p>Em {esc(month)}, o Tesouro Nacional pagou a {esc(name)} o coeficiente "
            f"{_coef(paid_coef)}, não o {_coef(bracket_coef)} da faixa do Censo 2022{esc(why)}: "
            f"os valores acima usam o da faixa{esc(then)}.</p>")


#: The three exercises of art. 14 when they have no year (:data:`UNDATED`).
EXERCISES = ("Ano da lei de criação", "Ano seguinte", "Segundo ano seguinte")


def _icms_part(e: Economy) -> str:
    creation = e.kind == "creation"
    body = ("<h3>ICMS: cota-parte</h3>"
            "<p>Pertencem aos municípios 25 % do ICMS (Constituição, art. 158, IV). Goiás os "
            "reparte pelo Índice de Participação dos Municípios (LC estadual nº 177/2022, art. "
            "2º, na forma da EC estadual nº 70/2021): 70 % na proporção do valor adicionado, "
            "10 % em cotas iguais entre todos os municípios e 20 % pelos critérios de "
            "educação, saúde (5 %, Decreto nº 10.188/2022) e meio ambiente.</p>")
    n_after = icms.MUNICIPALITIES + (1 if creation else 1 - len(e.before))
    pairs = [("Cota igual de cada município", f"{_pct(e.equal_part, 5)} da parcela municipal "
                                             f"do ICMS, com {n_after} municípios"),
             ("Variação da cota igual de cada um dos demais",
              f"{_signed(-e.equal_loss, 3)}")]
    if e.equal_part_brl is not None:
        pairs.append((f"Cota igual em reais, sobre o ICMS de {e.icms_year}",
                      f"{fmt.money_about(e.equal_part_brl)} por ano (estimado: 25 % × 10 % × "
                      f"{fmt.money(e.icms_brl)} ÷ {n_after}; receita bruta, que inclui o "
                      "adicional do PROTEGE, não repartido — valor por excesso)"))
    body += key_values(pairs, caption="A cota igual do ICMS (LC estadual nº 177/2022, art. 2º, II)")
    if not creation:
        body += ("<p>Na fusão, dois municípios passam a receber uma só cota igual; a parte do "
                 "valor adicionado é a soma das duas.</p>")
        return body
    body += ("<h3>Participação transitória no ICMS da origem (art. 14)</h3>"
             "<p>No ano da criação e nos dois seguintes, cabe ao novo município, da parcela do "
             "ICMS do município de origem, a proporção do valor adicionado na área sobre o da "
             "origem, área incluída (LC nº 02/1990, art. 14); até a instalação, quem a recebe e "
             "a contabiliza em separado é a Prefeitura de origem (art. 14, § 2º; ver “Quando "
             "cada receita passa ao novo município”).</p>")
    share = "—" if e.art14_share is None else f"{_pct(e.art14_share, 2)} ({_basis(e.art14_basis)})"
    # the new municipality's parcel is the share times the quota: an estimate when the share is
    # after a void plebiscite the exercises have no year (the process chapter says "a
    # definir"); a barred creation's years are the chapter's stated hypothesis (final legal
    # read, items 5, 7 and N3)
    void = e.undated == UNDATED
    rows = [[EXERCISES[i] if void else str(y), share, fmt.money(q),
             fmt.money_about(part) if e.art14_basis == Basis.ESTIMATED and part else fmt.money(part)]
            for i, (y, q, part) in enumerate(e.art14_quota)]
    caption = "Participação transitória no ICMS da origem, três exercícios"
    if barred_year(e):
        caption += f" (anos {barred_year(e)})"
    elif void:
        caption += f" (anos {e.undated})"
    body += table(["Exercício", "Participação", "Cota do ICMS da origem", "Parcela do novo município"],
                  rows, caption=caption, numeric=(1, 2, 3), widths=(16, 24, 30, 30))
    if e.art14_method:
        body += f"<p>Método: {esc(e.art14_method)}</p>"
    if not any(q for _, q, _ in e.art14_quota):
        body += ("<p>A cota do ICMS da origem em reais não foi informada pelos proponentes "
                 "e o índice (IPM) da origem não está "
                 "entre os valores publicados disponíveis: a parcela é dada só em percentual.</p>")
    return body


def _spending_part(e: Economy) -> str:
    body = "<h3>Receita própria e despesas obrigatórias</h3>"
    if e.own_revenue is not None:
        o = e.own_revenue
        body += (f"<p>Receita própria informada: {fmt.money(o.value_brl)} em {o.year} "
                 f"({'certificado' if o.certificate else 'publicado'}; {esc(o.source)}).</p>")
    else:
        body += ("<p>A receita própria (IPTU, ISS, ITBI, taxas) não foi informada pelos "
                 "proponentes.</p>")
    if e.revenue_base_brl is not None:
        fpm_known = "novo" in e.money
        missing = ([] if fpm_known else ["o FPM em reais"]) + (
            ["a parte do ICMS pelo valor adicionado dos municípios fundidos"]
            if e.kind == "fusion" else [])
        body += (f"<p>Receita já conhecida em reais: {fmt.money_about(e.revenue_base_brl)} por ano "
                 "(estimado; soma do que é conhecido entre receita própria, cota igual do ICMS, "
                 "parcela do art. 14" + (" e FPM bruto" if fpm_known else "") + ")."
                 + (f" Falta {' e '.join(missing)}: os valores abaixo são pisos, calculados só "
                    "sobre a parte conhecida." if missing else
                    " Os valores abaixo são calculados sobre essa receita, um piso: faltam as "
                    "demais transferências e receitas.")
                 + " Os limites da Câmara abaixo são só uma ordem de grandeza: o art. 29-A "
                 "da Constituição os mede sobre a receita do exercício anterior.</p>")
    rows = [[o.what, o.law, f"{'até' if 'mínimo' not in o.what else 'ao menos'} "
             f"{fmt.percent(o.percent, 1 if o.percent % 1 else 0)} {o.base}",
             fmt.money_about(o.amount_brl)] for o in e.obligations]
    body += table(["Despesa", "Dispositivo", "Limite", "Sobre a receita conhecida (estimado)"],
                  rows, caption="Despesas obrigatórias e limites constitucionais",
                  numeric=(3,), widths=(28, 18, 34, 20))
    return body


def who_pays_title(e: Economy) -> str:
    """The heading of the part on the other interior municipalities: ``"Quem paga: os demais
    municípios do interior de Goiás"`` when they lose (a creation adds to the coefficients'
    sum), ``"Efeito nos demais municípios do interior de Goiás"`` when they gain (a fusion
    gives up a coefficient: nobody pays)."""
    if e.delta is not None and e.delta > 0:
        return "Quem paga: os demais municípios do interior de Goiás"
    return "Efeito nos demais municípios do interior de Goiás"


def dates_part(e: Economy) -> str:
    """When each revenue becomes the new municipality's (issue 29, § 5): the FPM and the ICMS
    equal part from installation (art. 9); until then only art. 14's share, kept by the
    origin in separate accounts with at least 80 % spent in the area (§ 2); the Câmara caps of
    CF art. 29-A on a previous year's revenue."""
    if e.kind != "creation":
        # the year is the hypothesis the creation's sentence states, said the same way (N3)
        y0 = e.art14_years[0] if e.art14_years else None
        when = (f", em 1º de janeiro de {e.installation} (art. 9º), na hipótese de a lei da "
                f"fusão ser de {y0}, lei hoje vedada enquanto não editada a lei complementar "
                "federal (CF, art. 18, § 4º)" if e.installation and y0 else "")
        return ("<h3>Quando cada receita passa ao município resultante</h3>"
                f"<p>O município resultante da fusão só recebe o FPM e a cota igual do ICMS "
                f"depois de instalado{when}; até "
                "lá, cada município que se funde continua a receber as suas. Os valores em "
                "reais deste capítulo são os de um ano completo de município instalado.</p>")
    y0, y1 = (e.art14_years[0], e.art14_years[-1]) if e.art14_years else (None, None)
    inst = e.installation
    body = ("<h3>Quando cada receita passa ao novo município</h3>"
            "<p>O FPM e a cota igual do ICMS pertencem ao novo município só depois de "
            "instalado" + (f", em 1º de janeiro de {inst} (art. 9º), na hipótese de a lei de "
                           f"criação ser de {y0}, lei hoje vedada enquanto não editada a lei "
                           "complementar federal (CF, art. 18, § 4º)" if inst else "")
            + "; os valores em reais "
            "deste capítulo são os de um ano completo de município instalado. Até a "
            "instalação, a área recebe apenas a participação do art. 14 na parcela do ICMS do "
            "município de origem; a Prefeitura do município de origem faz em separado a "
            "contabilidade da receita e da despesa da área e aplica nela, no mínimo, 80 % "
            "dessa participação, no prazo em que for repassada (art. 14, § 2º).")
    if inst and y0 is not None and y0 <= inst <= y1:
        # the year of that hypothesis, said so (final legal read, N3)
        body += (f" Em {inst}, ano da instalação nessa hipótese, a participação do art. 14 já é receita do "
                 "novo município, e o mínimo de 80 % a aplicar na área não se aplica a esse "
                 "exercício.")
    body += (" Os limites de despesa da Câmara Municipal (CF, art. 29-A) incidem sobre a "
             "receita efetivamente realizada no exercício anterior, que o novo município não "
             "tem no ano da instalação.</p>")
    return body


def _who_pays_part(e: Economy, store, figure: int | None = None) -> str:
    if e.pool is None or e.delta is None or store is None or e.delta == 0:
        return ""
    pl = e.pool
    t = who_pays(store, tuple(b.cod_ibge for b in e.before), pl.total, e.delta)
    verb = "perde" if e.delta > 0 else "ganha"
    body = (f"<h3>{who_pays_title(e)}</h3><p>Com a soma dos "
            f"coeficientes passando de {fmt.number(pl.total, 1)} para "
            f"{fmt.number(pl.total + e.delta, 1)}, cada um dos demais municípios do interior "
            f"de Goiás {verb} {_pct(abs(e.others_loss), 3)} da sua cota do FPM-Interior, qualquer "
            f"que seja o seu coeficiente (a mesma fração para todos, sobre a soma publicada "
            f"pelo TCU), e {_pct(abs(e.equal_loss), 3)} da sua cota igual do ICMS.</p>")
    per_point = e.money.get("por_ponto")
    head = ["Coeficiente", "Municípios", "Parcela de Goiás, antes", "Depois", "Variação da cota"]
    rows = [[_coef(r.coeficiente), fmt.number(r.municipios), _pct(r.participacao_antes),
             _pct(r.participacao_depois), _signed(-r.perda, 3)]
            for r in t.itertuples()]
    if per_point is not None:
        head.append("Por ano, em reais (bruto, estimado)")
        for row, r in zip(rows, t.itertuples()):
            change = -r.coeficiente * per_point
            # the column says "estimado": the cell drops money_about's "cerca de"
            row.append(("+" if change > 0 else "")
                       + fmt.money_about(change).removeprefix("cerca de "))
        body += (f"<p>Em reais ({money_basis(e)}), cada um {verb} "
                 f"{fmt.money_about(abs(per_point))} brutos por ano por ponto de coeficiente: "
                 f"um município de coeficiente 0,6, {fmt.money_about(abs(0.6 * per_point))}.</p>")
    body += table(head, rows,
                  caption="Efeito no FPM-Interior dos demais municípios do interior de Goiás",
                  numeric=tuple(range(len(head))),
                  widths=(14, 14, 18, 18, 16, 20) if per_point is not None else (20,) * 5)
    # the names go below, one paragraph per bracket: a table cell of 150 names cannot split
    # across pages and left most of a page blank (new-user review 2)
    body += ("<p>Os municípios de cada coeficiente (pela faixa de população do Censo 2022):</p>"
             + "".join(f"<p><b>Coeficiente {esc(_coef(r.coeficiente))}</b> "
                       f"({fmt.number(r.municipios)} município{'s' if r.municipios > 1 else ''}): "
                       f"{esc(r.nomes)}.</p>" for r in t.itertuples()))
    return body + who_pays_map(e, store, figure)


#: Colour classes of the "who pays" map by bracket coefficient: (low, high, label, colour).
#: Colour classes of the "who pays" map by bracket coefficient: (low, high, label, colour).
MAP_CLASSES = ((0.6, 0.6, "0,6", "#fde0c5"), (0.8, 1.0, "0,8 a 1,0", "#f9b384"),
               (1.2, 2.0, "1,2 a 2,0", "#f07f4f"), (2.2, 3.0, "2,2 a 3,0", "#d1492a"),
               (3.2, 4.0, "3,2 a 4,0", "#9c1f12"))
#: Goiânia (capital, outside the interior pool) and the origins on that map.
MAP_CAPITAL, MAP_ORIGIN, MAP_ORIGIN_EDGE = "#c8c8c8", "#dde6f0", "#1d3557"
def _path(geom):
    """A (multi)polygon as one matplotlib Path, holes included (even-odd rings)."""
    import numpy as np
    from matplotlib.path import Path

    verts, codes = [], []
    for poly in getattr(geom, "geoms", (geom,)):
        for ring in (poly.exterior, *poly.interiors):
            xy = np.asarray(ring.coords)
            c = np.full(len(xy), Path.LINETO, dtype=Path.code_type)
            c[0], c[-1] = Path.MOVETO, Path.CLOSEPOLY
            verts.append(xy)
            codes.append(c)
    return Path(np.concatenate(verts), np.concatenate(codes))


def _coefficient_colours(store, boundaries, highlighted) -> list[str]:
    """The colour of each row of ``boundaries``: pale blue if highlighted, grey for Goiânia
    (and a code outside the pool), else its bracket class (:data:`MAP_CLASSES`)."""
    coefs = dict(zip(*fpm.interior_coefficients(store.municipalities)[["cod_ibge", "coeficiente"]]
                     .T.to_numpy()))
    colours = []
    for code in boundaries["cod_ibge"]:
        if code in highlighted:
            colours.append(MAP_ORIGIN)
        elif code == fpm.CAPITAL or code not in coefs:
            colours.append(MAP_CAPITAL)
        else:
            colours.append(next(col for low, high, _, col in MAP_CLASSES
                                if low - 1e-9 <= coefs[code] <= high + 1e-9))
    return colours


#: Dots per inch of the coloured municipalities of the coefficient map: a picture at print
#: resolution (the 246 polygons as vectors made an SVG of 3,6 MB, a second of Typst), while
#: the text, the legend and the highlighted outlines stay vector.
MAP_RASTER_DPI = 300


def _coefficient_axes(boundaries):
    """The figure and axes of every coefficient map (one layout, so the cached picture of
    the municipalities fits every study's)."""
    from ..geo.maps import state_axes

    fig, ax = state_axes(boundaries, figsize=(6.4, 6.6), dpi=MAP_RASTER_DPI)
    fig.subplots_adjust(left=0.01, right=0.99, top=0.99, bottom=0.15)  # no second draw
    return fig, ax


def _coefficient_base(store, boundaries) -> bytes:
    """PNG of every municipality coloured by its coefficient (none highlighted), cropped to
    the axes, with the data extent it covers in its ``extent`` text chunk; drawn once per
    store (:func:`viabilidade.data.storecache.store_bytes`)."""
    import io
    import json

    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import PathCollection
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    from ..geo.maps import MAP_RC

    with matplotlib.rc_context({**MAP_RC, "font.size": 8}):
        fig, ax = _coefficient_axes(boundaries)
        for text in ax.texts:
            text.set_visible(False)   # the labels stay vector, drawn by each study
        # Opaque, on the white of the study's figure (nothing is drawn under the picture):
        # without an alpha channel Typst writes no soft mask; 84 % of its pixels are the
        # background. Typst, this figure alone: 0,136 -> 0,093 s CPU, 289 -> 197 KB of PDF;
        # rendered at 150 dpi, no pixel differs by more than 12/765 (the 64 colours drawn again).
        fig.patch.set_facecolor("white")
        fig.patch.set_alpha(1)
        ax.add_collection(PathCollection([_path(g) for g in boundaries.geometry],
                                         facecolors=_coefficient_colours(store, boundaries, ()),
                                         edgecolors="white", linewidths=0.25))
        ax.autoscale_view()
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        box = ax.get_window_extent()
        x0, y0 = math.floor(box.x0), math.floor(box.y0)
        x1, y1 = math.ceil(box.x1), math.ceil(box.y1)
        pixels = np.asarray(canvas.buffer_rgba())
        height = pixels.shape[0]
        crop = pixels[height - y1:height - y0, x0:x1]
        (ex0, ey0), (ex1, ey1) = ax.transData.inverted().transform([(x0, y0), (x1, y1)])
    info = PngInfo()
    info.add_text("extent", json.dumps([ex0, ex1, ey0, ey1]))
    out = io.BytesIO()
    # 64 colours (the five classes, grey, white and their antialiased edges): 0,11 MB
    # instead of 0,53 MB of full RGB; no alpha (above).
    picture = Image.fromarray(np.ascontiguousarray(crop[..., :3])).quantize(
        colors=64, method=Image.Quantize.FASTOCTREE)
    # The most frequent colour is the background, which the quantizer averages to (254,
    # 254, 254): it is the page's white again.
    _, background = max(picture.getcolors())
    palette = picture.getpalette()
    palette[3 * background:3 * background + 3] = [255, 255, 255]
    picture.putpalette(palette)
    picture.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def _embed(svg: str, png: bytes, width: int, height: int) -> str:
    """``svg`` with its one-pixel placeholder image replaced by ``png`` (``width`` ×
    ``height`` pixels, 64 colours, embedded byte for byte) over the same box: matplotlib
    writes the placeholder unsampled, one unit scaled by its transform to the box."""
    import base64
    import re

    def swap(m: re.Match) -> str:
        a, d, e, f = (float(x) for x in m.group(2, 3, 4, 5))
        return (f'<image xlink:href="data:image/png;base64,{base64.b64encode(png).decode()}" '
                f'id="{m.group(1)}" width="{width}" height="{height}" transform="matrix('
                f'{a / width:.9g} 0 0 {d / height:.9g} {e:.9g} {f:.9g})"')
    out, n = re.subn(r'<image xlink:href="data:image/png;base64,[^"]*" id="([^"]*)" '
                     r'width="1" height="1" transform="matrix\(([-\d.e]+) 0 0 ([-\d.e]+) '
                     r'([-\d.e]+) ([-\d.e]+)\)"', swap, svg, count=1)
    if n != 1:
        raise ValueError("coefficient map: the placeholder image was not found in the SVG")
    return out


@functools.lru_cache(maxsize=4)
def _picture_info(png: bytes) -> tuple[list[float], int, int]:
    """(data extent, width, height) of the cached picture of :func:`_coefficient_base`,
    read once per picture: its ``extent`` text chunk follows the pixels, so reading it
    decoded the whole image in every study."""
    import io
    import json

    from PIL import Image

    image = Image.open(io.BytesIO(png))
    return json.loads(image.text["extent"]), image.width, image.height


def coefficient_map(store, highlighted: set[str], highlight_label: str, caption: str,
                    number: int | None = None) -> str:
    """A map of Goiás (HTML figure) with each interior municipality coloured by its bracket
    coefficient (:data:`MAP_CLASSES`), the ``highlighted`` municipalities filled pale blue and
    outlined (legend ``highlight_label``), Goiânia (capital, outside the interior pool) in grey.
    The polygons are the store's ``boundaries_map`` (the 2022 mesh simplified for maps,
    neighbours keeping their shared edges), coloured once per store as a picture of
    :data:`MAP_RASTER_DPI` dots per inch (:func:`_coefficient_base`); each study draws on it
    only its highlighted municipalities, as vectors. ``""`` without boundaries."""
    boundaries = getattr(store, "boundaries_map", None) if store is not None else None
    if boundaries is None:
        return ""
    from pathlib import Path

    import matplotlib
    from matplotlib.collections import PathCollection
    from matplotlib.patches import Patch

    from ..data.storecache import store_bytes
    from ..geo.maps import MAP_RC
    from .charts import Chart, figure_svg

    colours = _coefficient_colours(store, boundaries, highlighted)
    counts = {key: colours.count(key) for key in set(colours)}
    handles = [Patch(facecolor=col, label=f"coeficiente {label} ({counts[col]})")
               for _, _, label, col in MAP_CLASSES if counts.get(col)]
    handles.append(Patch(facecolor=MAP_CAPITAL, label="Goiânia: capital, fora do FPM-Interior"))
    handles.append(Patch(facecolor=MAP_ORIGIN, edgecolor=MAP_ORIGIN_EDGE,
                         label=f"{highlight_label} ({counts.get(MAP_ORIGIN, 0)})"))
    png = store_bytes(store, "quem-paga-base.png", lambda: _coefficient_base(store, boundaries),
                      code=(Path(__file__), Path(__file__).parents[1] / "geo" / "maps.py"),
                      versions=(matplotlib.__version__,))
    extent, width, height = _picture_info(png)
    with matplotlib.rc_context({**MAP_RC, "font.size": 8}):
        fig, ax = _coefficient_axes(boundaries)
        # One blank pixel holds the place over the extent (encoding a full-size placeholder
        # cost 0,1 s); the cached picture replaces it in the SVG below.
        ax.imshow(np.zeros((1, 1, 4), dtype=np.uint8), extent=extent, interpolation="none",
                  aspect=ax.get_aspect(), zorder=0)
        ax.set_xlim(extent[0], extent[1])
        ax.set_ylim(extent[2], extent[3])
        mine = boundaries["cod_ibge"].isin(highlighted).to_numpy()
        ax.add_collection(PathCollection([_path(g) for g, m in zip(boundaries.geometry, mine) if m],
                                         facecolors=MAP_ORIGIN, edgecolors=MAP_ORIGIN_EDGE,
                                         linewidths=1.0))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False,
                  ncol=2)
        svg = figure_svg(fig)
    svg = _embed(svg, png, width, height)
    alt = ("Mapa dos municípios de Goiás coloridos pelo coeficiente do FPM-Interior: "
           + "; ".join(h.get_label() for h in handles) + ".")
    return Chart(svg=svg, caption=caption, alt=alt).html(number)


#: The end of every coefficient map's caption: what the colour means, and the sources.
MAP_CAPTION_END = ("em reais, a variação é proporcional ao coeficiente (cor; pela faixa de "
                   "população do Censo 2022, estimado). DF: Distrito Federal. Fonte: "
                   + DATASETS["boundaries_map"] + "; " + DATASETS["agg_mun"]
                   + "; {source}. Elaboração {who}.")


def who_pays_map(e: Economy, store, number: int | None = None) -> str:
    """The study's map of who pays (:func:`coefficient_map`): every interior municipality
    loses the same fraction of its quota, so in reais the loss is proportional to the
    coefficient; the origins (or the fused municipalities) highlighted. ``""`` without
    boundaries or without a change."""
    if e.delta is None or e.delta == 0 or e.pool is None:
        return ""
    origins = {b.cod_ibge for b in e.before}
    word = "de origem" if e.kind == "creation" else "que se fundem"
    verb = "perde" if e.delta > 0 else "ganha"
    lead = "Quem paga" if e.delta > 0 else "Efeito nos demais municípios"
    caption = (f"{lead}: cada município do interior de Goiás {verb} "
               f"{_pct(abs(e.others_loss), 3)} da sua cota do FPM-Interior; "
               + MAP_CAPTION_END.format(source=e.pool.source, who="do estudo"))
    return coefficient_map(store, origins, f"município{'s' if len(origins) > 1 else ''} {word}",
                           caption, number)


def economic_points(e: Economy) -> list[str]:
    """The chapter in a few sentences (pt-BR), for the slide deck: coefficient and share, the
    remainder's change or the coefficient a fusion gives up, who pays, the ICMS equal part
    and art. 14's share, each with its basis."""
    creation = e.kind == "creation"
    n = e.new
    out = []
    if e.pool is not None and n.coefficient is not None:
        out.append(f"Coeficiente do FPM {'do novo município' if creation else 'do resultante'}: "
                   f"{_coef(n.coefficient)} ({n.bracket}); {_pct(n.share)} da parcela de Goiás "
                   f"no FPM-Interior (estimado; soma de {fmt.number(e.pool.total, 1)}, TCU "
                   f"{e.pool.year}).")
    m = e.money
    when = f", a partir da instalação ({installation_when(e)})" if e.installation else ""
    if m:
        out.append(f"FPM {'do novo município' if creation else 'do resultante'}: "
                   f"{fmt.money_about(m['novo'])} brutos por ano ({money_basis(e)}){when}.")
    if creation and e.before and e.after and None not in (e.before[0].share, e.after[0].share):
        first = m.get("origens", {}).get(e.before[0].cod_ibge)
        lost = (f"; {fmt.money_about(first[3] - first[4])} brutos por ano a menos" if first
                else "")
        out.append(f"{e.before[0].label}: coeficiente {_coef(e.before[0].coefficient)} → "
                   f"{_coef(e.after[0].coefficient)}; cota do FPM-Interior "
                   f"{_signed(e.after[0].share / e.before[0].share - 1, 2)}{lost} (estimado).")
    if not creation and e.delta is not None:
        lost = (f" ({fmt.money_about(m['fundidos_antes'] - m['novo'])} brutos por ano, "
                "estimado)" if "fundidos_antes" in m else "")
        out.append(f"A fusão abre mão de {_coef(-e.delta)} de coeficiente do FPM{lost}.")
    if e.others_loss is not None:
        verb = "perde" if e.others_loss > 0 else "ganha"
        brl = (f" (um de coeficiente 0,6: {fmt.money_about(abs(0.6 * m['por_ponto']))} por "
               "ano, estimado)" if m else "")
        out.append(f"Cada um dos demais municípios do interior de Goiás {verb} "
                   f"{_pct(abs(e.others_loss), 3)} do FPM-Interior{brl} e "
                   f"{_pct(abs(e.equal_loss), 3)} da cota igual do ICMS.")
    if e.equal_part_brl is not None:
        # like the FPM, the equal share is the municipality's only once installed (legal
        # review, item 11)
        out.append(f"Cota igual do ICMS: {fmt.money_about(e.equal_part_brl)} por ano (estimado, sobre o "
                   f"ICMS de {e.icms_year}){when}.")
    if creation and e.art14_share is not None:
        # the exercises' years as the study gives them (legal8 S1)
        out.append(f"Participação transitória no ICMS da origem (art. 14): "
                   f"{_pct(e.art14_share, 2)} ({_basis(e.art14_basis)}), {art14_when(e)}; "
                   "até a instalação, contabilizada em separado "
                   "pela Prefeitura de origem, que aplica na área no mínimo 80\u00a0% desses "
                   "recursos (art. 14, § 2º).")
    return out


def economic_section(analysis, store=None, figure: int | None = None,
                     e: Economy | None = None) -> Html | str:
    """The chapter ``sec-economico`` of a creation or a fusion: FPM, ICMS (equal part and art.
    14), own revenue and mandatory spending, and who pays; closed by the list of every
    source and year. ``""`` for another operation or without the area's population. ``e``:
    the study's :func:`~viabilidade.fiscal.economy.economy`, when already computed
    (:attr:`viabilidade.report.study_cells.Study.economy`)."""
    from ..operations import operation_of

    c = analysis.candidate
    if "sec-economico" not in operation_of(c).chapters:
        return ""
    e = e if e is not None else economy(analysis, store)
    body = (_fpm_part(e) + _icms_part(e) + dates_part(e) + _spending_part(e)
            + _who_pays_part(e, store, figure)
            + "<p>Fontes e anos: " + esc("; ".join(e.sources)) + ".</p>")
    return group(analysis, "sec-economico", extra=Html(body))

