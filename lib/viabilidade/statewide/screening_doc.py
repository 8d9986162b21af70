"""The text of the screening of the non-seat districts (``notebooks/triagem_distritos.py``): one
function per section, each returning the section's HTML, so the notebook only displays them.

The figures come from :func:`viabilidade.statewide.views.screening` and the decisions from
:mod:`viabilidade.rules` (``vectorised.screen``, ``art4``); here they are only put into words.

Layer: floor 11 (``statewide``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pandas as pd

from ..data.incoherence import data_flags
from ..data.store import electors_source
from ..profile.build import BUILDINGS_PROXY_UNCERTAINTY
from ..report.frame import bar_clause, frame_section
from ..report.writers import format as fmt
from ..report.writers.tables import Html, esc, provenance_table, table
from ..rules.art4 import TITLES
from ..rules.settings import Settings
from . import rulesets as statewide_rules
from . import views as sw
from .cells import cover, data_flags_body, item_basis, provenance_records, \
    reference_day, section, source_note, status_cell, verdict_cell
from .maps import screening_map
from .situation import situation_table
from .who_pays import fpm_dilution_section, fpm_dilution_sentence

#: Short names of the art. 4 rules in the per-district lists.
RULE_SHORT = {"art4.I": "I", "art4.II": "II", "art4.III": "III", "art4.IV": "IV", "art4.V": "V",
              "art4.VI": "VI", "art4.VII": "VII", "art4.par1": "§ 1º"}


@dataclass(frozen=True)
class Screening:
    """Everything the screening's sections say, computed once.

    Attributes
    ----------
    store : Store
        The processed store.
    settings : Settings
        Thresholds and readings.
    today : date
        The screening's reference date.
    table : DataFrame
        :func:`viabilidade.statewide.views.screening`, one row per non-seat district.
    rulesets : list
        ``--regras``: the rulesets compared side by side (ids or portable definitions).
    flags : list of DataFlag
        Published figures of the origins in conflict with another official table.
    """

    store: object
    settings: Settings
    today: dt.date
    table: pd.DataFrame
    rulesets: list
    flags: list


def build(store, settings: Settings, reference_date: str | None = None,
          rulesets=()) -> Screening:
    """Screen every non-seat district under ``settings``, at ``reference_date`` (ISO;
    :func:`.cells.reference_day`)."""
    scr = sw.screening(store, settings)
    return Screening(store=store, settings=settings, today=reference_day(reference_date),
                     table=scr,
                     rulesets=list(rulesets),
                     flags=data_flags(store, scr["cod_ibge"],
                                      population_threshold=settings.population,
                                      population_vintage=settings.population_vintage))


def _names(df: pd.DataFrame) -> str:
    return ", ".join(f"{n} ({m})" for n, m in zip(df["nome"], df["nome_municipio"]))


def cover_section(s: Screening) -> Html:
    """The cover: how many districts, and how many of them are inviable on what basis."""
    scr = s.table
    verdicts = scr["veredito_art4"].value_counts()
    # the inviable districts by what they rest on: published data, the tool's measurement
    # (art. 4 II, "a certificar pelo IBGE") or a requirement not met
    inviable = (scr.loc[scr["veredito_art4"] == "inviável", "veredito_rotulo"]
                .value_counts().sort_index())
    return cover(
        "Triagem dos distritos não sede de Goiás como candidatos a município",
        "Triagem dos distritos não sede",
        [("Distritos examinados", f"{fmt.number(len(scr))} distritos que não são sede de "
                                  "município (IBGE, Divisão Territorial Brasileira 2022)"),
         ("Municípios de origem", fmt.number(scr["cod_ibge"].nunique())),
         ("Requisitos", "art. 4º, I a VII, e § 1º (o município de origem após o "
                        "desmembramento), com os requisitos integrais"),
         *((label.replace("inviável", "Inviáveis", 1), fmt.number(int(n)))
           for label, n in inviable.items()),
         ("Indeterminados", fmt.number(int(verdicts.get("indeterminado", 0)))),
         ("Viáveis", fmt.number(int(verdicts.get("viável", 0)))),
         ("Data de referência", fmt.date_long(s.today)),
         ("Quadro constitucional", fmt.sentence(bar_clause("screening")))])


def frame(s: Screening) -> Html:
    """The constitutional frame (CF art. 18 § 4) as it bears on the screening."""
    return Html(frame_section("screening", federal_law=s.settings.federal_law))


def summary(s: Screening) -> Html:
    """"Resumo": item IV, the conclusions of those that pass it, the FPM line, Quadro 1."""
    scr, cfg = s.table, s.settings
    verdicts = scr["veredito_art4"].value_counts()
    pass_iv = scr[scr["IV_status"] == "pass"].sort_values("populacao", ascending=False)
    fail_iv = scr[scr["IV_status"] == "fail"]
    par1_fail = scr[scr["art4.par1"] == "fail"]
    body = (
        f"<p class=\"conclusao\">Dos {fmt.number(len(scr))} distritos não sede, "
        f"<strong>{fmt.number(len(fail_iv))}</strong> têm {fmt.number(cfg.population)} "
        "habitantes ou menos e não atingem o item IV do art. 4º com os dados publicados do "
        "Censo 2022 (o Censo publicado não é certidão do IBGE, art. 4º, § 2º). Dos "
        f"{fmt.number(len(pass_iv))} que atingem o item IV com os dados publicados, a conclusão é "
        + "; ".join(f"“{esc(v)}” para {fmt.number(int(n))}"
                    for v, n in pass_iv["veredito_rotulo"].value_counts().items())
        + ".</p>"
        f"<p>Atingem o item IV com os dados publicados: {esc(_names(pass_iv))}.</p>"
    )
    if not verdicts.get("viável", 0):
        body += ("<p>Nenhum distrito fica viável com os dados públicos: o eleitorado (V) e as "
                 "edificações (VI) por distrito só existem como estimativas; a arrecadação (VII) "
                 "não é publicada; não há evidências de instalação da Prefeitura e da Câmara (I) "
                 "nem o polígono do distrito e o perímetro urbano da origem (II, III).</p>")
    body += f"<p>{esc(fpm_dilution_sentence(scr, s.store))}</p>"
    if len(par1_fail):
        body += (f"<p>Em {fmt.count(len(par1_fail), 'caso', 'casos')} o município de origem "
                 f"perderia requisitos (art. 4º, § 1º): {esc(_names(par1_fail))}.</p>")
    labels, counts = situation_table(scr, sw.ART4_RULES)  # each row sums to every district
    rows = [[fmt.rule_citation(rid), TITLES[rid], *(fmt.number(n) for n in row)]
            for rid, row in zip(sw.ART4_RULES, counts)]
    body += table(["Dispositivo", "Requisito", *labels],
                  rows, caption="Quadro 1. Situação dos distritos em cada requisito",
                  numeric=tuple(range(2, 2 + len(labels))))
    return section("sec-resumo", "Resumo", body)


def method(s: Screening) -> Html:
    """"Método, dados e limites": how each requirement is read for a district."""
    body = (
        "<p>Cada distrito é tratado como o candidato “criar um município com o território deste "
        "distrito”, com o município a que pertence como município de origem, e avaliado pelas "
        "mesmas regras de um estudo individual.</p><ul>"
        "<li><strong>População (IV)</strong>: Censo 2022, agregados por distrito (IBGE), valor "
        "publicado, não certificado.</li>"
        "<li><strong>Eleitorado (V)</strong>: o TSE publica o eleitorado por município e zona, "
        "não por distrito; estima-se pelo eleitorado do município (perfil do eleitorado de "
        f"{electors_source(s.store)[1]}) vezes a participação do distrito na população do "
        "município, com incerteza.</li>"
        "<li><strong>Edificações (VI)</strong>: domicílios particulares ocupados do distrito "
        f"como aproximação, com incerteza de {fmt.percent(100 * BUILDINGS_PROXY_UNCERTAINTY, 0)}"
        ".</li>"
        f"<li><strong>Arrecadação (VII)</strong>: {esc(sw.NO_COLLECTION)}.</li>"
        "<li><strong>Distância de 6 km (II)</strong>: só há o ponto da sede do município de "
        "origem e o ponto da vila sede do distrito (IBGE, Localidades 2022). A distância entre "
        "eles é um limite superior da distância ao perímetro urbano: abaixo de 6 km provaria o "
        "não cumprimento; acima, não decide. Os dois pontos são do IBGE (Localidades 2022), e "
        "o código de cada vila é o do seu distrito.</li>"
        "<li><strong>Continuidade (III) e § 1º</strong>: sem polígonos de distrito, a "
        "continuidade do remanescente não pode ser verificada; o § 1º aplica ao remanescente "
        "os itens IV a VII integrais e a continuidade.</li></ul>"
        "<p>Um valor estimado nunca decide um requisito: o requisito fica indeterminado, com a "
        "tendência indicada quando a estimativa se afasta do limite mais que sua incerteza.</p>"
    )
    return section("sec-metodo", "Método, dados e limites", body)


def map_section(s: Screening) -> Html:
    """The screening's map (Figura 1)."""
    chart = screening_map(s.table, s.store.boundaries_map,
                          source=source_note(s.store, ["boundaries_map", "vilas"]))
    return section("sec-mapa", "Mapa", chart.html(1))


def who_pays(s: Screening) -> Html:
    """"Quem paga" (Figura 2)."""
    return fpm_dilution_section(s.table, s.store, 2)


def rulesets(s: Screening) -> Html:
    """The districts under each ruleset of ``--regras`` (empty without them)."""
    return Html(statewide_rules.section(s.table, s.rulesets, s.store))


def district_table(s: Screening) -> Html:
    """Quadro 2: every district, its items and its conclusion."""
    scr = s.table
    bases = {i: item_basis(scr, i) for i in sw.ITEMS}
    rows = [[r.cod_distrito, r.nome, r.nome_municipio, fmt.number(int(r.populacao)),
             *(status_cell(getattr(r, f"{i}_status"), getattr(r, f"{i}_lean"), short=True,
                           basis=bases[i][k]) for i in sw.ITEMS),
             status_cell(scr.at[k, "art4.II"], scr.at[k, "art4.II_lean"], short=True,
                         basis=scr.at[k, "art4.II_base"]),
             status_cell(scr.at[k, "art4.par1"], scr.at[k, "art4.par1_lean"], short=True,
                         basis=scr.at[k, "art4.par1_base"]),
             verdict_cell(r.veredito_art4, label=r.veredito_rotulo)]
            for k, r in zip(scr.index, scr.itertuples())]
    body = table(["Código", "Distrito", "Município de origem", "População", "IV", "V", "VI",
                  "VII", "II", "§ 1º", "Conclusão"], rows,
                 caption="Quadro 2. Os distritos não sede e os requisitos do art. 4º",
                 numeric=(3,))
    return section("sec-tabela", "Tabela dos distritos", body)


def decisions(s: Screening) -> Html:
    """"O que decide cada distrito": the failed requirements with their reasons, and what is
    still open."""
    parts = []
    for _, r in s.table.iterrows():
        results = {x.rule_id: x for x in r["resultados"]}
        fails = [f"<li><strong>{esc(RULE_SHORT[x])}</strong> "
                 f"({esc(fmt.result_status_label(results[x]))}): "
                 f"{esc(results[x].reason)}</li>" for x in r["falham"]]
        if r["veredito_art4"] == "inviável":
            opens = ("<li>Indeterminados: "
                     + esc(", ".join(RULE_SHORT[x] for x in r["indeterminados"]))
                     + ".</li>") if r["indeterminados"] else ""
        else:
            opens = "".join(f"<li><strong>{esc(RULE_SHORT[x])}</strong> (indeterminado): "
                            f"{esc(results[x].reason)}</li>" for x in r["indeterminados"])
        parts.append(f"<h4>{esc(r['nome'])} ({esc(r['cod_distrito'])}), do Município de "
                     f"{esc(r['nome_municipio'])} "
                     f"— {verdict_cell(r['veredito_art4'], label=r['veredito_rotulo'])}</h4>"
                     f"<ul>{''.join(fails)}{opens}</ul>")
    body = ("<p>Para cada distrito, os requisitos não atingidos com o motivo; para os distritos "
            "ainda indeterminados, o motivo de cada requisito em aberto (o que faltaria para "
            "decidi-lo).</p>" + "".join(parts))
    return section("sec-decisao", "O que decide cada distrito", body)


def origins(s: Screening) -> Html:
    """Quadro 3: the origin after the dismemberment (art. 4 § 1)."""
    scr = s.table
    rows = [[r.cod_distrito, r.nome, r.nome_municipio, fmt.number(int(r.origem_populacao)),
             fmt.number(r.origem_eleitores, 0), fmt.number(r.origem_edificacoes, 0),
             status_cell(scr.at[k, "art4.par1"], scr.at[k, "art4.par1_lean"], short=True,
                         basis=scr.at[k, "art4.par1_base"])]
            for k, r in zip(scr.index, scr.itertuples())]
    body = ("<p>O § 1º do art. 4º exige que o município de origem, sem o distrito, continue "
            "cumprindo os itens IV a VII e a continuidade territorial. Eleitorado e edificações "
            "do remanescente são estimativas.</p>"
            + table(["Código", "Distrito", "Município de origem", "População restante",
                     "Eleitores restantes (est.)", "Domicílios ocupados restantes", "§ 1º"], rows,
                    caption="Quadro 3. O município de origem após o desmembramento",
                    numeric=(3, 4, 5)))
    return section("sec-origem", "O município de origem (art. 4º, § 1º)", body)


def incoherence(s: Screening) -> Html:
    """"Dados publicados incoerentes", with the districts each conflict reaches."""
    used = {c: ", ".join(f"{n} ({d})" for n, d in zip(g["nome"], g["cod_distrito"]))
            for c, g in s.table.groupby("cod_ibge")}
    return section(
        "sec-incoerencias", "Dados publicados incoerentes",
        "<p>O eleitorado de cada distrito é estimado a partir do eleitorado do município de "
        "origem; um conflito nos dados do município alcança os seus distritos.</p>"
        + data_flags_body(s.flags, used_by=used))


def sources(s: Screening) -> Html:
    """"Fontes dos dados": the provenance of every table used."""
    prov = provenance_records(s.store, ["districts", "municipalities", "electorate_profile",
                                        "vilas", "seats", "state_revenue", "boundaries",
                                        "boundaries_map"])
    return section("sec-fontes", "Fontes dos dados", provenance_table(prov))
