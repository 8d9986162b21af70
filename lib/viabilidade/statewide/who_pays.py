"""Who pays: the screening's FPM dilution if the districts passing art. 4 IV were created,
in coefficient points and in reais, and the comparison of the bracket coefficients with those
the Tesouro paid.

Layer: floor 11 (``statewide``); the money is computed by :mod:`viabilidade.fiscal.economy`.
"""

from __future__ import annotations

import pandas as pd

from ..common.text import collation_key
from ..report.writers import format as fmt
from ..report.writers.tables import Html, esc
from .cells import section

def fpm_dilution_sentence(table: pd.DataFrame, store) -> str:
    """The screening's statewide FPM line: "se os N distritos que atingem o item IV fossem
    criados, cada município do interior perderia X % do FPM".

    Parameters
    ----------
    table : DataFrame
        :func:`screening`'s result (``IV_status``, ``cod_ibge`` of the origin, ``populacao``
        of the district).
    store : Store
        For the origins' population and the TCU's Goiás sum of coefficients
        (:func:`viabilidade.fiscal.economy.pool`).

    Returns
    -------
    str
        The sentence (pt-BR), or one saying why it cannot be computed. Coefficients by
        bracket (DL 1.881/1981) on the Censo 2022; each origin's remainder loses all its
        districts that pass; source: TCU, DN 2023 (254,8).
    """
    from ..fiscal.economy import pool, statewide_dilution
    from ..fiscal.icms import MUNICIPALITIES, equal_part_loss

    pl = pool(store)
    passing = table[table["IV_status"] == "pass"]
    if pl is None:
        return ("A diluição do FPM não pode ser calculada: o repositório de dados não tem a soma "
                "dos coeficientes publicada pelo TCU.")
    if not len(passing):
        return "Nenhum distrito atinge o item IV: nenhuma diluição do FPM a calcular."
    pop = store.municipalities.set_index("cod_ibge")["populacao"]
    n, delta, loss = statewide_dilution(passing[["cod_ibge", "populacao"]], pop, pl.total)
    who = ("Se o único distrito que atinge o item IV fosse criado" if n == 1 else
           f"Se os {fmt.number(n)} distritos que atingem o item IV fossem criados")
    return (f"{who}, cada "
            f"município do interior de Goiás perderia {fmt.percent(100 * loss, 2)} do FPM-Interior "
            f"(a soma dos coeficientes passaria de {fmt.number(pl.total, 1)} para "
            f"{fmt.number(pl.total + delta, 1)}; coeficientes pela faixa de população do Censo "
            f"2022, DL 1.881/1981; soma publicada pelo TCU para {pl.year}), e "
            f"{fmt.percent(100 * equal_part_loss(MUNICIPALITIES, n), 2)} da sua cota igual do ICMS (LC "
            "estadual nº 177/2022, art. 2º, II)." + _reserve_clause(passing)
            + _loss_in_reais(store, pl.total, loss))


def _loss_in_reais(store, total: float, loss: float) -> str:
    """`` Em reais (estimado, FPM de 2022 a preços correntes): cerca de R$ … por ponto …``:
    the screening's dilution in reais (:func:`viabilidade.fiscal.economy.point_value`);
    ``""`` when the store lacks the Tesouro's tables."""
    from ..fiscal.economy import point_value

    point = point_value(store, total)
    if point is None:
        return ""
    per_point = point.gross * loss
    verb = "perderia" if per_point > 0 else "ganharia"
    return (f" Em reais (estimado, FPM de {point.year} a preços correntes), cada município "
            f"{verb} {fmt.money_about(abs(per_point))} brutos por ano por ponto de coeficiente; "
            f"um município de coeficiente 0,6, {fmt.money_about(abs(0.6 * per_point))}.")


def paid_comparison(store) -> str:
    """The screening's comparison of the bracket coefficients (Censo 2022) with those the
    Tesouro paid (March 2023), with the reason and a table of those that differ; ``""``
    when the store lacks the Tesouro's credits."""
    from ..fiscal.economy import paid_coefficients
    from ..report.writers.tables import table as html_table

    t = paid_coefficients(store)
    if t is None:
        return ""
    month = t.attrs["month"]
    diff = t[(t["pago"] - t["coeficiente"]).abs() > 1e-9].sort_values("nome", key=lambda s: s.map(collation_key))
    rows = [[esc(r.nome), fmt.number(r.populacao), fmt.number(r.coeficiente, 1),
             fmt.number(r.pago, 1)] for r in diff.itertuples()]
    return (f"<p>Os coeficientes do mapa e da conta acima são os da faixa de população do Censo 2022. "
            f"Nos créditos "
            f"do FPM de {month} (Tesouro Nacional; 1º e 2º decêndios, líquidos do FUNDEB: "
            f"{fmt.money(t.attrs['point_brl'])} por ponto de coeficiente), "
            f"{fmt.number(len(t) - len(diff))} dos {fmt.number(len(t))} municípios do interior "
            f"recebiam o coeficiente da sua faixa e {fmt.number(len(diff))} recebiam outro; a "
            f"soma dos coeficientes pagos era {fmt.number(t['pago'].sum(), 1)}, contra "
            f"{fmt.number(t['coeficiente'].sum(), 1)} pela faixa e 254,8 na decisão normativa "
            "do TCU para 2023. Duas causas explicam as diferenças: no início de 2023 o TCU "
            "aplicou as faixas à prévia da população do Censo 2022, não aos resultados "
            "revisados usados aqui, e a LC nº 198/2023 manteve depois os coeficientes de "
            "municípios que perderam população, o que elevou a soma a 254,8 ainda em 2023. Os "
            "dados disponíveis não trazem a população usada pelo TCU nem separam as duas causas "
            "município a município.</p>"
            + html_table(["Município", "População (Censo 2022)", "Coeficiente pela faixa",
                          f"Coeficiente pago em {month}"], rows,
                         caption=f"Municípios cujo coeficiente pago em {month} difere do da "
                                 "faixa do Censo 2022", numeric=(1, 2, 3),
                         widths=(40, 20, 20, 20)))


def fpm_dilution_section(table: pd.DataFrame, store, number: int = 2) -> Html:
    """The screening's section "Quem paga" (``sec-fpm``): :func:`fpm_dilution_sentence` and
    the map of Goiás by FPM coefficient with the origins of the districts that pass item IV
    highlighted (:func:`viabilidade.report.economic.coefficient_map`, figure ``number``)."""
    from ..fiscal.economy import pool
    from ..report.economic import MAP_CAPTION_END, coefficient_map

    sentence = fpm_dilution_sentence(table, store)
    passing = table[table["IV_status"] == "pass"]
    body = f"<p>{esc(sentence)}</p>"
    pl = pool(store)
    if pl is not None and len(passing):
        origins = set(passing["cod_ibge"])
        caption = ("Municípios do interior de Goiás pelo coeficiente do FPM-Interior; destacados "
                   "os municípios de origem dos distritos que atingem o item IV. Cada um dos "
                   "demais perderia a mesma fração da sua cota; "
                   + MAP_CAPTION_END.format(source=pl.source, who="própria"))
        body += coefficient_map(store, origins, "município de origem de distrito que atinge o "
                                "item IV", caption, number)
    body += paid_comparison(store)
    return section("sec-fpm", "Quem paga: o FPM se os distritos fossem criados", body)

def _reserve_clause(passing: pd.DataFrame) -> str:
    """`` Nova Brasília teria mais de 142.633 habitantes …``: districts that would also join
    the FPM reserve (DL 1.881/1981), which the dilution leaves out; ``""`` when none."""
    from ..fiscal.fpm import RESERVE_ABOVE

    big = passing[passing["populacao"] > RESERVE_ABOVE]
    if not len(big):
        return ""
    names = fmt.and_list([str(x) for x in big["nome"]]) if "nome" in big else fmt.number(len(big))
    verb = "teria" if len(big) == 1 else "teriam"
    return (f" {names} {verb} mais de {fmt.number(RESERVE_ABOVE)} habitantes e participaria"
            f"{'' if len(big) == 1 else 'm'} também da reserva do FPM (Decreto-Lei nº "
            "1.881/1981), que esta conta não inclui.")
