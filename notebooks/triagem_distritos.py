# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version,-jupytext.text_representation.format_version
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% tags=["parameters"]
# Triagem dos distritos não sede de Goiás como candidatos à criação de município (art. 4º).
# Executado por viabilidade.statewide.views.run_screening (papermill). Os cálculos estão em
# viabilidade.statewide.views e as decisões em viabilidade.rules (vectorised.screen, art4); as
# células só montam o texto. O código não aparece no HTML nem no PDF.
data_root = None
settings = {}
reference_date = None
rulesets = []

# %%
import datetime as dt

from IPython.display import HTML, display

from viabilidade.statewide import views as sw
from viabilidade.statewide import rulesets as statewide_rules
from viabilidade.statewide.situation import situation_table
from viabilidade.data.incoherence import data_flags
from viabilidade.data.store import load_store
from viabilidade.report.writers import format as fmt
from viabilidade.report.frame import bar_clause, frame_section
from viabilidade.report.writers.tables import esc, provenance_table, table
from viabilidade.rules.art4 import TITLES
from viabilidade.rules.settings import Settings

store = load_store(data_root)
cfg = Settings.from_dict(settings)
today = dt.date.fromisoformat(reference_date) if reference_date else dt.date.today()
scr = sw.screening(store, cfg)
verdicts = scr["veredito_art4"].value_counts()
# the inviable districts by what they rest on: published data, the tool's measurement (art. 4 II,
# "a certificar pelo IBGE") or a requirement not met
inviable = scr.loc[scr["veredito_art4"] == "inviável", "veredito_rotulo"].value_counts().sort_index()
flags = data_flags(store, scr["cod_ibge"], population_threshold=cfg.population,
                   population_vintage=cfg.population_vintage)
pass_iv = scr[scr["IV_status"] == "pass"].sort_values("populacao", ascending=False)
fail_iv = scr[scr["IV_status"] == "fail"]
par1_fail = scr[scr["art4.par1"] == "fail"]
RULE_SHORT = {"art4.I": "I", "art4.II": "II", "art4.III": "III", "art4.IV": "IV", "art4.V": "V",
              "art4.VI": "VI", "art4.VII": "VII", "art4.par1": "§ 1º"}


def names(df):
    return ", ".join(f"{n} ({m})" for n, m in zip(df["nome"], df["nome_municipio"]))


# %%
display(HTML(sw.cover(
    "Triagem dos distritos não sede de Goiás como candidatos a município",
    "Triagem dos distritos não sede",
    [("Distritos examinados", f"{fmt.number(len(scr))} distritos que não são sede de município "
                              "(IBGE, Divisão Territorial Brasileira 2022)"),
     ("Municípios de origem", fmt.number(scr["cod_ibge"].nunique())),
     ("Requisitos", "art. 4º, I a VII, e § 1º (o município de origem após o desmembramento), "
                    "com os requisitos integrais"),
     *((label.replace("inviável", "Inviáveis", 1), fmt.number(int(n)))
       for label, n in inviable.items()),
     ("Indeterminados", fmt.number(int(verdicts.get("indeterminado", 0)))),
     ("Viáveis", fmt.number(int(verdicts.get("viável", 0)))),
     ("Data de referência", fmt.date_long(today)),
     ("Quadro constitucional", fmt.sentence(bar_clause("screening")))])))

# %%
display(HTML(frame_section("screening", federal_law=cfg.federal_law)))

# %%
body = (
    f"<p class=\"conclusao\">Dos {fmt.number(len(scr))} distritos não sede, "
    f"<strong>{fmt.number(len(fail_iv))}</strong> têm {fmt.number(cfg.population)} habitantes ou "
    f"menos e não atingem o item IV do art. 4º com os dados publicados do Censo 2022 (o Censo "
    f"publicado não é certidão do IBGE, art. 4º, § 2º). Dos "
    f"{fmt.number(len(pass_iv))} que atingem o item IV com os dados publicados, a conclusão é "
    + "; ".join(f"“{esc(v)}” para {fmt.number(int(n))}"
                for v, n in pass_iv["veredito_rotulo"].value_counts().items())
    + ".</p>"
    f"<p>Atingem o item IV com os dados publicados: {esc(names(pass_iv))}.</p>"
)
if not verdicts.get("viável", 0):
    body += ("<p>Nenhum distrito fica viável com os dados públicos: o eleitorado (V) e as "
             "edificações (VI) por distrito só existem como estimativas; a arrecadação (VII) não é "
             "publicada; não há evidências de instalação da Prefeitura e da Câmara (I) nem o "
             "polígono do distrito e o perímetro urbano da origem (II, III).</p>")
body += f"<p>{esc(sw.fpm_dilution_sentence(scr, store))}</p>"
if len(par1_fail):
    body += (f"<p>Em {fmt.count(len(par1_fail), 'caso', 'casos')} o município de origem perderia requisitos "
             f"(art. 4º, § 1º): {esc(names(par1_fail))}.</p>")
labels, counts = situation_table(scr, sw.ART4_RULES)  # each row sums to every district
rows = [[fmt.rule_citation(rid), TITLES[rid], *(fmt.number(n) for n in row)]
        for rid, row in zip(sw.ART4_RULES, counts)]
body += table(["Dispositivo", "Requisito", *labels],
              rows, caption="Quadro 1. Situação dos distritos em cada requisito",
              numeric=tuple(range(2, 2 + len(labels))))
display(HTML(sw.section("sec-resumo", "Resumo", body)))

# %%
body = (
    "<p>Cada distrito é tratado como o candidato “criar um município com o território deste "
    "distrito”, com o município a que pertence como município de origem, e avaliado pelas mesmas "
    "regras de um estudo individual.</p><ul>"
    "<li><strong>População (IV)</strong>: Censo 2022, agregados por distrito (IBGE), valor "
    "publicado, não certificado.</li>"
    "<li><strong>Eleitorado (V)</strong>: o TSE publica o eleitorado por município e zona, não por "
    "distrito; estima-se pelo eleitorado do município (perfil do eleitorado de 2026) vezes a participação do "
    "distrito na população do município, com incerteza.</li>"
    "<li><strong>Edificações (VI)</strong>: domicílios particulares ocupados do distrito como "
    f"aproximação, com incerteza de {fmt.percent(100 * sw.BUILDINGS_PROXY_UNCERTAINTY, 0)}.</li>"
    f"<li><strong>Arrecadação (VII)</strong>: {esc(sw.NO_COLLECTION)}.</li>"
    "<li><strong>Distância de 6 km (II)</strong>: só há o ponto da sede do município de origem e o "
    "ponto da vila sede do distrito (IBGE, Localidades 2022). A distância entre eles é um limite "
    "superior da distância ao perímetro urbano: abaixo de 6 km provaria o não cumprimento; acima, "
    "não decide. Os dois pontos são do IBGE (Localidades 2022), e o código de cada vila é o do seu "
    "distrito.</li>"
    "<li><strong>Continuidade (III) e § 1º</strong>: sem polígonos de distrito, a continuidade do "
    "remanescente não pode ser verificada; o § 1º aplica ao remanescente os itens IV a VII "
    "integrais e a continuidade.</li></ul>"
    "<p>Um valor estimado nunca decide um requisito: o requisito fica indeterminado, com a "
    "tendência indicada quando a estimativa se afasta do limite mais que sua incerteza.</p>"
)
display(HTML(sw.section("sec-metodo", "Método, dados e limites", body)))

# %%
chart = sw.screening_map(scr, store.boundaries_map, source=sw.source_note(store, ["boundaries_map", "vilas"]))
display(HTML(sw.section("sec-mapa", "Mapa", chart.html(1))))

# %%
display(HTML(sw.fpm_dilution_section(scr, store, 2)))

# %%
display(HTML(statewide_rules.section(scr, rulesets, store)))

# %%
bases = {i: sw.item_basis(scr, i) for i in sw.ITEMS}
rows = [[r.cod_distrito, r.nome, r.nome_municipio, fmt.number(int(r.populacao)),
         *(sw.status_cell(getattr(r, f"{i}_status"), getattr(r, f"{i}_lean"), short=True,
                          basis=bases[i][k]) for i in sw.ITEMS),
         sw.status_cell(scr.at[k, "art4.II"], scr.at[k, "art4.II_lean"], short=True,
                        basis=scr.at[k, "art4.II_base"]),
         sw.status_cell(scr.at[k, "art4.par1"], scr.at[k, "art4.par1_lean"], short=True,
                        basis=scr.at[k, "art4.par1_base"]),
         sw.verdict_cell(r.veredito_art4, label=r.veredito_rotulo)]
        for k, r in zip(scr.index, scr.itertuples())]
body = table(["Código", "Distrito", "Município de origem", "População", "IV", "V", "VI", "VII",
              "II", "§ 1º", "Conclusão"], rows,
             caption="Quadro 2. Os distritos não sede e os requisitos do art. 4º", numeric=(3,))
display(HTML(sw.section("sec-tabela", "Tabela dos distritos", body)))

# %%
parts = []
for k, r in scr.iterrows():
    results = {x.rule_id: x for x in r["resultados"]}
    fails = [f"<li><strong>{esc(RULE_SHORT[x])}</strong> ({esc(fmt.result_status_label(results[x]))}): "
             f"{esc(results[x].reason)}</li>" for x in r["falham"]]
    if r["veredito_art4"] == "inviável":
        opens = ("<li>Indeterminados: " + esc(", ".join(RULE_SHORT[x] for x in r["indeterminados"]))
                 + ".</li>") if r["indeterminados"] else ""
    else:
        opens = "".join(f"<li><strong>{esc(RULE_SHORT[x])}</strong> (indeterminado): "
                        f"{esc(results[x].reason)}</li>" for x in r["indeterminados"])
    parts.append(f"<h4>{esc(r['nome'])} ({esc(r['cod_distrito'])}), do Município de "
                 f"{esc(r['nome_municipio'])} "
                 f"— {sw.verdict_cell(r['veredito_art4'], label=r['veredito_rotulo'])}</h4>"
                 f"<ul>{''.join(fails)}{opens}</ul>")
body = ("<p>Para cada distrito, os requisitos não atingidos com o motivo; para os distritos ainda "
        "indeterminados, o motivo de cada requisito em aberto (o que faltaria para decidi-lo).</p>"
        + "".join(parts))
display(HTML(sw.section("sec-decisao", "O que decide cada distrito", body)))

# %%
rows = [[r.cod_distrito, r.nome, r.nome_municipio, fmt.number(int(r.origem_populacao)),
         fmt.number(r.origem_eleitores, 0), fmt.number(r.origem_edificacoes, 0),
         sw.status_cell(scr.at[k, "art4.par1"], scr.at[k, "art4.par1_lean"], short=True,
                        basis=scr.at[k, "art4.par1_base"])]
        for k, r in zip(scr.index, scr.itertuples())]
body = ("<p>O § 1º do art. 4º exige que o município de origem, sem o distrito, continue cumprindo "
        "os itens IV a VII e a continuidade territorial. Eleitorado e edificações do remanescente "
        "são estimativas.</p>"
        + table(["Código", "Distrito", "Município de origem", "População restante",
                 "Eleitores restantes (est.)", "Domicílios ocupados restantes", "§ 1º"], rows,
                caption="Quadro 3. O município de origem após o desmembramento", numeric=(3, 4, 5)))
display(HTML(sw.section("sec-origem", "O município de origem (art. 4º, § 1º)", body)))

# %%
used = {c: ", ".join(f"{n} ({d})" for n, d in zip(g["nome"], g["cod_distrito"]))
        for c, g in scr.groupby("cod_ibge")}
display(HTML(sw.section(
    "sec-incoerencias", "Dados publicados incoerentes",
    "<p>O eleitorado de cada distrito é estimado a partir do eleitorado do município de origem; "
    "um conflito nos dados do município alcança os seus distritos.</p>"
    + sw.data_flags_body(flags, used_by=used))))

# %%
prov = sw.provenance_records(store, ["districts", "municipalities", "electorate_profile", "vilas", "seats",
                                     "state_revenue", "boundaries", "boundaries_map"])
display(HTML(sw.section("sec-fontes", "Fontes dos dados", provenance_table(prov))))
