"""The text of the art. 8 audit (``notebooks/auditoria_art8.py``): one function per section,
each returning the section's HTML, so the notebook only displays them.

The figures come from :func:`viabilidade.statewide.views.audit` and the decisions from
:mod:`viabilidade.rules.art8`; here they are only put into words.

Layer: floor 11 (``statewide``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pandas as pd

from ..data.incoherence import data_flags
from ..data.store import electors, electors_source
from ..profile.build import BUILDINGS_PROXY_UNCERTAINTY
from ..report.frame import bar_clause, frame_section
from ..report.writers import format as fmt
from ..report.writers.tables import Html, esc, provenance_table, table
from ..rules.art8 import next_audit_year
from ..rules.calendar import next_election
from ..rules.settings import CHOICES, Settings
from . import views as sw
from .cells import cover, data_flags_body, item_basis, provenance_records, \
    reference_day, section, source_note, status_cell
from .maps import audit_map


@dataclass(frozen=True)
class Audit:
    """Everything the audit's sections say, computed once.

    Attributes
    ----------
    store : Store
        The processed store.
    settings : Settings
        Thresholds and readings (the population vintage adopted).
    today : date
        The audit's reference date (fixes the next audit year).
    other_vintage : str
        The Censo 2022 release not adopted, for the comparison.
    table, other : DataFrame
        :func:`viabilidade.statewide.views.audit` under the adopted and the other release.
    fail_iv, fail_iv_other : DataFrame
        The municipalities failing art. 4 IV under each, smallest first.
    audit_year : int
        The next audit year (art. 8: the year before the municipal elections).
    revenue_year : str or None
        Year of the state tax revenue used for art. 4 VII.
    flags : list of DataFlag
        Published figures in conflict with another official table.
    """

    store: object
    settings: Settings
    today: dt.date
    other_vintage: str
    table: pd.DataFrame
    other: pd.DataFrame
    fail_iv: pd.DataFrame
    fail_iv_other: pd.DataFrame
    audit_year: int
    revenue_year: str | None
    flags: list


def build(store, settings: Settings, reference_date: str | None = None) -> Audit:
    """Compute the audit under ``settings`` and under the other Censo 2022 release, at
    ``reference_date`` (ISO; :func:`.cells.reference_day`)."""
    today = reference_day(reference_date)
    other_vintage = next(v for v in CHOICES["population_vintage"]
                         if v != settings.population_vintage)
    table_ = sw.audit(store, settings)
    other = sw.audit(store, settings.replace(population_vintage=other_vintage))
    return Audit(store=store, settings=settings, today=today, other_vintage=other_vintage,
                 table=table_, other=other, fail_iv=sw.failing(table_, "IV"),
                 fail_iv_other=sw.failing(other, "IV"),
                 audit_year=next_audit_year(today.year), revenue_year=sw.revenue_year(store),
                 flags=data_flags(store, population_threshold=settings.population,
                                  population_vintage=settings.population_vintage))


def cover_section(a: Audit) -> Html:
    """The cover: what was audited, how many fail an item, the next audit and the bar."""
    cfg = a.settings
    return cover(
        "Auditoria do art. 8º — requisitos do art. 4º nos municípios de Goiás",
        "Auditoria do art. 8º — municípios de Goiás",
        [("Municípios auditados", fmt.number(len(a.table))),
         ("Itens verificados", "art. 4º, IV (população), V (eleitorado), VI (edificações) e "
                               "VII (arrecadação), com os requisitos integrais (leituras do "
                               "estudo: ver Método)"),
         ("População", CHOICES["population_vintage"][cfg.population_vintage]),
         ("Municípios que não atingem algum item com os dados publicados",
          fmt.number(int((a.table["situacao"] == "fail").sum()))),
         ("Data de referência", fmt.date_long(a.today)),
         ("Próxima verificação (art. 8º)", f"{a.audit_year} (ano anterior às eleições "
                                            f"municipais de {next_election(a.audit_year)})"),
         ("Quadro constitucional", fmt.sentence(bar_clause("audit")))])


def frame(a: Audit) -> Html:
    """The constitutional frame (CF art. 18 § 4) as it bears on the audit."""
    return Html(frame_section("audit", federal_law=a.settings.federal_law))


def summary(a: Audit) -> Html:
    """"Resumo": how many fail item IV, the smallest, the next audit and Quadro 1."""
    cfg, audit, fail_iv = a.settings, a.table, a.fail_iv
    smallest = fail_iv.iloc[0]
    counts = sw.status_counts(audit)
    labels = {"pass": fmt.status_label("pass", basis="published"),
              "fail": fmt.status_label("fail", basis="published"),
              "indeterminate/likely pass": f"indeterminado, {fmt.lean_label('likely pass')}",
              "indeterminate/likely fail": f"indeterminado, {fmt.lean_label('likely fail')}",
              "indeterminate": "indeterminado, sem tendência"}
    rows = [[f"art. 4º, {item}", sw.ITEMS[item]] + [fmt.number(int(counts.at[item, c]))
                                                    for c in counts.columns]
            for item in sw.ITEMS]
    n_pass = int((audit["situacao"] == "pass").sum())
    body = (
        f"<p class=\"conclusao\">Dos {fmt.number(len(audit))} municípios de Goiás, "
        f"<strong>{fmt.number(len(fail_iv))}</strong> têm {fmt.number(cfg.population)} "
        f"habitantes ou menos "
        f"e não atingem o item IV do art. 4º (população de mais de {fmt.number(cfg.population)} "
        f"habitantes) com os dados publicados do Censo 2022. O menor é {esc(smallest['nome'])} "
        f"({esc(smallest['cod_ibge'])}), com "
        f"{fmt.number(int(smallest['populacao']))} habitantes. A perda do requisito, para os "
        "fins do art. 8º, depende da apuração pelo IBGE (art. 4º, § 2º): o Censo publicado não "
        "é certidão.</p>"
        + (f"<p>{fmt.count(n_pass, 'município atinge', 'municípios atingem')} todos os itens "
           "com os dados publicados.</p>"
           if n_pass else
           "<p>Nenhum município fica com todos os itens comprovados: o número de edificações "
           "(item VI) só existe como estimativa (domicílios particulares ocupados) e a "
           "arrecadação estadual por município (item VII) não é publicada; por isso esses itens "
           "ficam indeterminados, com a tendência indicada quando a estimativa se afasta do "
           "limite mais que sua incerteza.</p>")
        + f"<p>O art. 8º manda verificar os requisitos a cada quatro anos, no ano anterior às "
        f"eleições municipais. A próxima verificação é em <strong>{a.audit_year}</strong> "
        f"(eleições de {next_election(a.audit_year)}).</p>"
        + table(["Item", "Requisito"] + [labels[c] for c in counts.columns], rows,
                caption="Quadro 1. Situação dos municípios em cada item", numeric=range(2, 7))
    )
    return section("sec-resumo", "Resumo", body)


def method(a: Audit) -> Html:
    """"Método, dados e limites": each item's basis, the readings, the two Censo releases."""
    cfg, audit = a.settings, a.table
    th = {i: cfg.threshold(i) for i in sw.ITEMS}
    limit_vii = audit["VII_limite"].iloc[0]
    said_vii = sw.revenue_requirement(a.store, a.today)  # the study's words on art. 4 VII
    body = (
        "<ul>"
        f"<li><strong>Item IV — população</strong>: mais de {fmt.number(th['IV'].value)} "
        f"habitantes; {esc(CHOICES['population_vintage'][cfg.population_vintage])}, valor "
        "publicado, não certificado.</li>"
        f"<li><strong>Item V — eleitorado</strong>: mais de {fmt.number(th['V'].value)} "
        f"eleitores; {esc(electorate_words(a))}.</li>"
        f"<li><strong>Item VI — núcleo urbano</strong>: no mínimo {fmt.number(th['VI'].value)} "
        "edificações. O IBGE não publica a contagem de edificações; os domicílios particulares "
        "ocupados do Censo 2022 (V0007) servem de aproximação, com incerteza de "
        f"{fmt.percent(100 * BUILDINGS_PROXY_UNCERTAINTY, 0)} do valor. Um valor estimado "
        "não decide o requisito: fica indeterminado, com tendência.</li>"
        f"<li><strong>Item VII — arrecadação</strong>: acima de "
        f"{fmt.percent(100 * cfg.revenue_share, 2)} da receita estadual de impostos, isto é, "
        f"acima de {fmt.money(limit_vii, a.revenue_year)} (ICMS + IPVA + ITCD de "
        f"{esc(a.revenue_year)})"
        + (f" — {esc(said_vii['natureza_exigencia'])}" if "natureza_exigencia" in said_vii
           else "")
        + ". "
        + (f"{esc(said_vii['nota_exigencia'])} " if "nota_exigencia" in said_vii else "")
        + f"{esc(sw.NO_COLLECTION[0].upper() + sw.NO_COLLECTION[1:])}: o item fica "
        "indeterminado para todos os municípios.</li>"
        "</ul>"
        + sw.audit_readings_html()
        + f"<p>Comparação das divulgações do Censo 2022: com a outra divulgação ("
        f"{esc(CHOICES['population_vintage'][a.other_vintage])}), "
        f"{fmt.number(len(a.fail_iv_other))} "
        f"municípios não atingem o item IV; com a adotada, {fmt.number(len(a.fail_iv))}.</p>"
    )
    changed = sorted(set(a.fail_iv["cod_ibge"]) ^ set(a.fail_iv_other["cod_ibge"]))
    if changed:
        body += ("<p>Mudam de situação entre as divulgações: " + esc(", ".join(changed))
                 + ".</p>")
    else:
        body += "<p>Nenhum município muda de situação no item IV entre as duas divulgações.</p>"
    return section("sec-metodo", "Método, dados e limites", body)


def electorate_words(a: Audit) -> str:
    """Item V's basis as the store has it: the TSE profile it was built from
    (:func:`viabilidade.data.store.electors_source`: the third-party aggregation with its date
    not checked, or the TSE's own file with the date it states), and the municipalities whose
    roll is estimated rather than read (Bom Jesus de Goiás in the aggregation, absent from its
    table by municipality; none in the TSE's own file).

    Returns
    -------
    str
        ``"TSE, perfil do eleitorado de 2026 (julho de 2026, data não conferida), valor
        publicado, não certificado; Bom Jesus de Goiás, ausente da tabela por município, tem o
        eleitorado obtido por diferença do total do estado (estimado)"``.
    """
    source, _ = electors_source(a.store)
    roll = electors(a.store)
    estimated = roll.index[roll["base"] != "published"]
    names = a.table.set_index("cod_ibge")["nome"]
    text = f"{source}, valor publicado, não certificado"
    if len(estimated):
        who = fmt.and_list([str(names.get(c, c)) for c in estimated])
        text += (f"; {who}, ausente{'s' if len(estimated) > 1 else ''} da tabela por município, "
                 f"{'têm' if len(estimated) > 1 else 'tem'} o eleitorado obtido por diferença "
                 "do total do estado (estimado)")
    return text


def item_iv(a: Audit) -> Html:
    """Quadro 2: the municipalities failing item IV, under both Censo releases."""
    cfg = a.settings
    other_pop = a.other.set_index("cod_ibge")["populacao"]
    rows = [[r.cod_ibge, r.nome, fmt.number(int(r.populacao)),
             fmt.number(int(other_pop[r.cod_ibge])),
             fmt.number(r.IV_margem), fmt.number(int(r.eleitores))]
            for r in a.fail_iv.itertuples()]
    body = (f"<p>{fmt.number(len(a.fail_iv))} municípios com {fmt.number(cfg.population)} "
            "habitantes ou menos, do menor para o maior.</p>"
            + table(["Código IBGE", "Município", "População (adotada)",
                     f"População ({CHOICES['population_vintage'][a.other_vintage]})",
                     "Margem (habitantes)",
                     f"Eleitores (TSE, perfil de {electors_source(a.store)[1]})"], rows,
                    caption="Quadro 2. Municípios que não atingem o art. 4º, IV com os dados "
                            "publicados",
                    numeric=(2, 3, 4, 5)))
    return section("sec-item-iv", "Municípios que não atingem o item IV (população) com os "
                   "dados publicados", body)


def no_failure_sentence(undecided: int, total: int) -> str:
    """The sentence for an item none of the ``total`` municipalities fails on published data,
    ``undecided`` of them indeterminate with no lean (no published figure decides them).

    ``(246, 246)`` -> ``"Não há dado publicado que decida este item: os 246 municípios ficam
    indeterminados."``; ``(3, 246)`` -> ``"Nenhum município deixa de atingir este item com os
    dados publicados; 3 municípios ficam indeterminados, sem dado publicado que o decida."``;
    ``(0, 246)`` -> ``"Nenhum município deixa de atingir este item com os dados publicados."``
    """
    if undecided and undecided >= total:
        return (f"Não há dado publicado que decida este item: os "
                f"{fmt.count(total, 'município', 'municípios')} ficam indeterminados.")
    text = "Nenhum município deixa de atingir este item com os dados publicados"
    if undecided:
        verb = "fica indeterminado" if undecided == 1 else "ficam indeterminados"
        text += (f"; {fmt.count(undecided, 'município', 'municípios')} {verb}, sem dado "
                 "publicado que o decida")
    return text + "."


def _named(df: pd.DataFrame) -> str:
    return ", ".join(f"{n} ({c})" for n, c in zip(df["nome"], df["cod_ibge"]))


def other_items(a: Audit) -> Html:
    """Items V, VI and VII: who fails, who leans fail, who stays open."""
    audit, th = a.table, {i: a.settings.threshold(i) for i in sw.ITEMS}
    parts = []
    for item in ("V", "VI", "VII"):
        failed = sw.failing(audit, item)
        leaning = audit[audit[f"{item}_lean"] == "likely fail"]
        text = f"<h3>Item {item} — {esc(sw.ITEMS[item])}</h3>"
        open_ = audit[(audit[f"{item}_status"] == "indeterminate")
                      & (audit[f"{item}_lean"] == "")]
        if len(failed):
            text += "<p>Não atingem, com os dados publicados: " + esc(_named(failed)) + ".</p>"
        else:
            text += f"<p>{esc(no_failure_sentence(len(open_), len(audit)))}</p>"
        if len(leaning):
            text += ("<p>Indeterminados com tendência de não cumprimento: "
                     + esc(_named(leaning)) + ".</p>")
        if len(open_) and len(failed):  # else no_failure_sentence has said how many
            text += (f"<p>Indeterminados sem tendência: "
                     f"{fmt.count(len(open_), 'município', 'municípios')}"
                     + (": " + esc(", ".join(open_["nome"])) if len(open_) <= 12 else "")
                     + ".</p>")
        if item == "V":
            smallest_v = audit.sort_values("eleitores").iloc[0]
            text += (f"<p>Menor eleitorado: {esc(smallest_v['nome'])}, "
                     f"{fmt.number(int(smallest_v['eleitores']))} eleitores (limite: mais de "
                     f"{fmt.number(th['V'].value)}).</p>")
        parts.append(text)
    return section("sec-itens", "Quem não atinge cada um dos demais itens (dados publicados)",
                   "".join(parts))


def incoherence(a: Audit) -> Html:
    """"Dados publicados incoerentes"."""
    return section("sec-incoerencias", "Dados publicados incoerentes", data_flags_body(a.flags))


def map_section(a: Audit) -> Html:
    """The audit's map (Figura 1)."""
    chart = audit_map(a.table, a.store.boundaries_map,
                      source=source_note(a.store, ["boundaries_map", "municipalities",
                                                   "electorate_profile"]))
    return section("sec-mapa", "Mapa", chart.html(1))


def full_table(a: Audit) -> Html:
    """Quadro 3: every municipality, its figures and the four items."""
    audit = a.table
    bases = {i: item_basis(audit, i) for i in sw.ITEMS}
    rows = [[r.cod_ibge, r.nome, fmt.number(int(r.populacao)), fmt.number(int(r.eleitores)),
             fmt.number(int(r.edificacoes)),
             *(status_cell(getattr(r, f"{i}_status"), getattr(r, f"{i}_lean"), short=True,
                           basis=bases[i][k]) for i in sw.ITEMS)]
            for k, r in zip(audit.index, audit.itertuples())]
    body = table(["Código IBGE", "Município", "População", "Eleitores", "Domicílios ocupados",
                  "IV", "V", "VI", "VII"], rows,
                 caption="Quadro 3. Todos os municípios (domicílios ocupados: aproximação das "
                         "edificações)",
                 numeric=(2, 3, 4), css_class="tabela compacta")
    return section("sec-tabela", "Tabela completa", body)


def sources(a: Audit) -> Html:
    """"Fontes dos dados": the provenance of every table used."""
    prov = provenance_records(a.store, ["municipalities", "electorate_profile", "state_revenue",
                                        "boundaries_map"])
    return section("sec-fontes", "Fontes dos dados", provenance_table(prov))
