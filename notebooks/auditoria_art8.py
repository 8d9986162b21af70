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
# Auditoria do art. 8º — os 246 municípios de Goiás perante o art. 4º (LC 02/1990).
# Executado por viabilidade.statewide.views.run_audit (papermill). Os cálculos estão em
# viabilidade.statewide.views e as decisões em viabilidade.rules.art8; as células só montam o texto.
# O código não aparece no HTML nem no PDF.
data_root = None
settings = {}
reference_date = None

# %%
import datetime as dt

from IPython.display import HTML, display

from viabilidade.statewide import views as sw
from viabilidade.statewide.audit_items import no_failure_sentence
from viabilidade.data.incoherence import data_flags
from viabilidade.data.store import load_store
from viabilidade.report.writers import format as fmt
from viabilidade.report.frame import bar_clause, frame_section
from viabilidade.report.writers.tables import esc, provenance_table, table
from viabilidade.rules.art8 import next_audit_year
from viabilidade.rules.calendar import next_election
from viabilidade.rules.settings import CHOICES, Settings

store = load_store(data_root)
cfg = Settings.from_dict(settings)
today = dt.date.fromisoformat(reference_date) if reference_date else dt.date.today()
other_vintage = next(v for v in CHOICES["population_vintage"] if v != cfg.population_vintage)
audit = sw.audit(store, cfg)
audit_other = sw.audit(store, cfg.replace(population_vintage=other_vintage))
fail_iv = sw.failing(audit, "IV")
fail_iv_other = sw.failing(audit_other, "IV")
audit_year = next_audit_year(today.year)
revenue_year = sw.revenue_year(store)
smallest = fail_iv.iloc[0]
flags = data_flags(store, population_threshold=cfg.population,
                   population_vintage=cfg.population_vintage)

# %%
display(HTML(sw.cover(
    "Auditoria do art. 8º — requisitos do art. 4º nos municípios de Goiás",
    "Auditoria do art. 8º — municípios de Goiás",
    [("Municípios auditados", fmt.number(len(audit))),
     ("Itens verificados", "art. 4º, IV (população), V (eleitorado), VI (edificações) e "
                           "VII (arrecadação), com os requisitos integrais (leituras do "
                           "estudo: ver Método)"),
     ("População", CHOICES["population_vintage"][cfg.population_vintage]),
     ("Municípios que não atingem algum item com os dados publicados",
      fmt.number(int((audit["situacao"] == "fail").sum()))),
     ("Data de referência", fmt.date_long(today)),
     ("Próxima verificação (art. 8º)", f"{audit_year} (ano anterior às eleições municipais de "
                                        f"{next_election(audit_year)})"),
     ("Quadro constitucional", fmt.sentence(bar_clause("audit")))])))

# %%
display(HTML(frame_section("audit", federal_law=cfg.federal_law)))

# %%
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
    f"<strong>{fmt.number(len(fail_iv))}</strong> têm {fmt.number(cfg.population)} habitantes ou menos "
    f"e não atingem o item IV do art. 4º (população de mais de {fmt.number(cfg.population)} "
    f"habitantes) com os dados publicados do Censo 2022. O menor é {esc(smallest['nome'])} "
    f"({esc(smallest['cod_ibge'])}), com "
    f"{fmt.number(int(smallest['populacao']))} habitantes. A perda do requisito, para os fins do "
    "art. 8º, depende da apuração pelo IBGE (art. 4º, § 2º): o Censo publicado não é "
    "certidão.</p>"
    + (f"<p>{fmt.count(n_pass, 'município atinge', 'municípios atingem')} todos os itens com os "
       "dados publicados.</p>"
       if n_pass else
       "<p>Nenhum município fica com todos os itens comprovados: o número de edificações (item VI) "
       "só existe como estimativa (domicílios particulares ocupados) e a arrecadação estadual por "
       "município (item VII) não é publicada; por isso esses itens ficam indeterminados, com a "
       "tendência indicada quando a estimativa se afasta do limite mais que sua incerteza.</p>")
    + f"<p>O art. 8º manda verificar os requisitos a cada quatro anos, no ano anterior às eleições "
    f"municipais. A próxima verificação é em <strong>{audit_year}</strong> (eleições de "
    f"{next_election(audit_year)}).</p>"
    + table(["Item", "Requisito"] + [labels[c] for c in counts.columns], rows,
            caption="Quadro 1. Situação dos municípios em cada item", numeric=range(2, 7))
)
display(HTML(sw.section("sec-resumo", "Resumo", body)))

# %%
th = {i: cfg.threshold(i) for i in sw.ITEMS}
limit_vii = audit["VII_limite"].iloc[0]
said_vii = sw.revenue_requirement(store, today)  # the study's words on art. 4 VII's limit
body = (
    "<ul>"
    f"<li><strong>Item IV — população</strong>: mais de {fmt.number(th['IV'].value)} habitantes; "
    f"{esc(CHOICES['population_vintage'][cfg.population_vintage])}, valor publicado, "
    "não certificado.</li>"
    f"<li><strong>Item V — eleitorado</strong>: mais de {fmt.number(th['V'].value)} eleitores; "
    "perfil do eleitorado de 2026 (TSE; julho de 2026, data não conferida), valor publicado, não "
    "certificado; Bom Jesus de Goiás, ausente da tabela por município, tem o eleitorado obtido "
    "por diferença do total do estado (estimado).</li>"
    f"<li><strong>Item VI — núcleo urbano</strong>: no mínimo {fmt.number(th['VI'].value)} "
    "edificações. O IBGE não publica a contagem de edificações; os domicílios particulares "
    "ocupados do Censo 2022 (V0007) servem de aproximação, com incerteza de "
    f"{fmt.percent(100 * sw.BUILDINGS_PROXY_UNCERTAINTY, 0)} do valor. Um valor estimado não "
    "decide o requisito: fica indeterminado, com tendência.</li>"
    f"<li><strong>Item VII — arrecadação</strong>: acima de "
    f"{fmt.percent(100 * cfg.revenue_share, 2)} da receita estadual de impostos, isto é, acima de "
    f"{fmt.money(limit_vii, revenue_year)} (ICMS + IPVA + ITCD de {esc(revenue_year)})"
    + (f" — {esc(said_vii['natureza_exigencia'])}" if "natureza_exigencia" in said_vii else "")
    + ". "
    + (f"{esc(said_vii['nota_exigencia'])} " if "nota_exigencia" in said_vii else "")
    + f"{esc(sw.NO_COLLECTION[0].upper() + sw.NO_COLLECTION[1:])}: o item fica indeterminado para "
    "todos os municípios.</li>"
    "</ul>"
    + sw.audit_readings_html()
    + f"<p>Comparação das divulgações do Censo 2022: com a outra divulgação ("
    f"{esc(CHOICES['population_vintage'][other_vintage])}), {fmt.number(len(fail_iv_other))} "
    f"municípios não atingem o item IV; com a adotada, {fmt.number(len(fail_iv))}.</p>"
)
changed = sorted(set(fail_iv["cod_ibge"]) ^ set(fail_iv_other["cod_ibge"]))
if changed:
    body += "<p>Mudam de situação entre as divulgações: " + esc(", ".join(changed)) + ".</p>"
else:
    body += "<p>Nenhum município muda de situação no item IV entre as duas divulgações.</p>"
display(HTML(sw.section("sec-metodo", "Método, dados e limites", body)))

# %%
other_pop = audit_other.set_index("cod_ibge")["populacao"]
rows = [[r.cod_ibge, r.nome, fmt.number(int(r.populacao)), fmt.number(int(other_pop[r.cod_ibge])),
         fmt.number(r.IV_margem), fmt.number(int(r.eleitores))]
        for r in fail_iv.itertuples()]
body = (f"<p>{fmt.number(len(fail_iv))} municípios com {fmt.number(cfg.population)} habitantes ou "
        "menos, do menor para o maior.</p>"
        + table(["Código IBGE", "Município", "População (adotada)",
                 f"População ({CHOICES['population_vintage'][other_vintage]})",
                 "Margem (habitantes)", "Eleitores (TSE, perfil de 2026)"], rows,
                caption="Quadro 2. Municípios que não atingem o art. 4º, IV com os dados publicados",
                numeric=(2, 3, 4, 5)))
display(HTML(sw.section("sec-item-iv", "Municípios que não atingem o item IV (população) com os "
                        "dados publicados", body)))

# %%
parts = []
for item in ("V", "VI", "VII"):
    failed = sw.failing(audit, item)
    leaning = audit[audit[f"{item}_lean"] == "likely fail"]
    text = f"<h3>Item {item} — {esc(sw.ITEMS[item])}</h3>"
    open_ = audit[(audit[f"{item}_status"] == "indeterminate") & (audit[f"{item}_lean"] == "")]
    if len(failed):
        text += ("<p>Não atingem, com os dados publicados: " + esc(", ".join(f"{n} ({c})" for n, c in
                                                  zip(failed["nome"], failed["cod_ibge"]))) + ".</p>")
    else:
        text += f"<p>{esc(no_failure_sentence(len(open_), len(audit)))}</p>"
    if len(leaning):
        text += ("<p>Indeterminados com tendência de não cumprimento: "
                 + esc(", ".join(f"{n} ({c})" for n, c in zip(leaning["nome"], leaning["cod_ibge"])))
                 + ".</p>")
    if len(open_) and len(failed):  # else no_failure_sentence has said how many
        text += (f"<p>Indeterminados sem tendência: "
                 f"{fmt.count(len(open_), 'município', 'municípios')}"
                 + (": " + esc(", ".join(open_["nome"])) if len(open_) <= 12 else "") + ".</p>")
    if item == "V":
        smallest_v = audit.sort_values("eleitores").iloc[0]
        text += (f"<p>Menor eleitorado: {esc(smallest_v['nome'])}, "
                 f"{fmt.number(int(smallest_v['eleitores']))} eleitores (limite: mais de "
                 f"{fmt.number(th['V'].value)}).</p>")
    parts.append(text)
display(HTML(sw.section("sec-itens", "Quem não atinge cada um dos demais itens (dados publicados)",
                        "".join(parts))))

# %%
display(HTML(sw.section("sec-incoerencias", "Dados publicados incoerentes",
                        sw.data_flags_body(flags))))

# %%
chart = sw.audit_map(audit, store.boundaries_map,
                   source=sw.source_note(store, ["boundaries_map", "municipalities", "electorate_profile"]))
display(HTML(sw.section("sec-mapa", "Mapa", chart.html(1))))

# %%
bases = {i: sw.item_basis(audit, i) for i in sw.ITEMS}
rows = [[r.cod_ibge, r.nome, fmt.number(int(r.populacao)), fmt.number(int(r.eleitores)),
         fmt.number(int(r.edificacoes)),
         *(sw.status_cell(getattr(r, f"{i}_status"), getattr(r, f"{i}_lean"), short=True,
                          basis=bases[i][k]) for i in sw.ITEMS)]
        for k, r in zip(audit.index, audit.itertuples())]
body = table(["Código IBGE", "Município", "População", "Eleitores", "Domicílios ocupados",
              "IV", "V", "VI", "VII"], rows,
             caption="Quadro 3. Todos os municípios (domicílios ocupados: aproximação das edificações)",
             numeric=(2, 3, 4), css_class="tabela compacta")
display(HTML(sw.section("sec-tabela", "Tabela completa", body)))

# %%
prov = sw.provenance_records(store, ["municipalities", "electorate_profile", "state_revenue", "boundaries_map"])
display(HTML(sw.section("sec-fontes", "Fontes dos dados", provenance_table(prov))))
