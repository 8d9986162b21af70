"""The 81 non-seat districts under several rulesets: counts, a map per ruleset, the districts
that change status (``viabilidade triagem --regras``).

Every district is evaluated under every ruleset in one DataFrame operation
(:func:`viabilidade.rules.compare.compare` on the screening table of
:func:`viabilidade.statewide.views.screening`, the same figures the art. 4 screening uses).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..report.writers import format as fmt
from ..report.charts import COLOURS
from ..report.writers.tables import Html, esc, table
from ..rules.result import Basis, Status
from ..rules.ruleset import SUBJECTS, Ruleset, resolve

#: Map classes of a ruleset's combined status: value → (legend label, colour). The screening
#: has no certificate: a district passes or fails on the published tables only.
STATUS_CLASSES = {
    Status.FAIL.value: ("não atinge ao menos um teste (dados publicados)", COLOURS[Status.FAIL]),
    Status.INDETERMINATE.value: ("indeterminado", COLOURS[Status.INDETERMINATE]),
    Status.PASS.value: ("atinge todos os testes (dados publicados)", COLOURS[Status.PASS]),
}
SECTION_ID = "sec-outras-regras"
SECTION_TITLE = "Sob outras regras"


def compare_districts(scr: pd.DataFrame, rulesets: list[Ruleset]) -> pd.DataFrame:
    """Every district of a :func:`viabilidade.statewide.views.screening` table under every ruleset
    (long table of :func:`viabilidade.rules.compare.compare`, ``unidade`` = cod_distrito)."""
    from ..rules.compare import compare

    return compare(scr.set_index("cod_distrito"), rulesets)


def summary(long: pd.DataFrame, rulesets: list[Ruleset]) -> pd.DataFrame:
    """Per ruleset: districts passing every test, failing one, indeterminate, and passing the
    population test of the area (when the ruleset has one).

    Returns
    -------
    DataFrame
        Index: ruleset ids; columns ``pass``, ``fail``, ``indeterminate``, ``populacao_pass``
        (``-1`` when the ruleset has no population test for the area), ``total``.
    """
    from ..rules.compare import counts

    out = counts(long)
    pop = long[(long["medida"] == "populacao") & (long["sujeito"] == "area")]
    per = pop.groupby("regras", sort=False)["status"].apply(lambda s: int((s == Status.PASS.value).sum()))
    out["populacao_pass"] = per.reindex(out.index).fillna(-1).astype(int)
    out["total"] = long["unidade"].nunique()
    return out.reindex([r.id for r in rulesets])


def counts_lines(spec, *, data_root: Path | None = None, settings=None, store=None) -> list[str]:
    """The counts ``viabilidade triagem --regras`` prints, one line per ruleset (pt-BR).

    ``"PLP 137/2015, nos dados publicados: 5 de 81 distritos atingem o teste de população da
    área; atingem todos os testes: 0; não atingem algum: 76; indeterminados: 5."``
    """
    from ..data.store import load_store
    from .views import screening

    rulesets = resolve(spec)
    store = store if store is not None else load_store(data_root)
    scr = screening(store, settings)
    s = summary(compare_districts(scr, rulesets), rulesets)
    lines = []
    for rs in rulesets:
        row = s.loc[rs.id]
        pop = (f"{fmt.number(row['populacao_pass'])} de {fmt.number(row['total'])} distritos "
               "atingem o teste de população da área; " if row["populacao_pass"] >= 0 else
               f"{fmt.number(row['total'])} distritos; ")
        lines.append(f"{rs.short_title}, nos dados publicados: {pop}atingem todos os testes: "
                     f"{fmt.number(row['pass'])}; não atingem algum: {fmt.number(row['fail'])}; "
                     f"indeterminados: {fmt.number(row['indeterminate'])}.")
    return lines


def _status_word(status: str) -> Html:
    from .cells import status_cell

    return status_cell(status, short=True, basis=Basis.PUBLISHED.value)


def section(scr: pd.DataFrame, spec, store) -> Html | str:
    """The “Sob outras regras” section of the screening, or ``""`` without ``--regras``.

    Parameters
    ----------
    scr : DataFrame
        :func:`viabilidade.statewide.views.screening`.
    spec : list of str or str
        Ruleset ids or ``.toml`` paths.
    store : Store
        For the maps' boundaries and sources.
    """
    from ..report.other_rules import SECONDARY_MARK, ruleset_notes
    from ..rules.compare import changes, combined, test_counts
    from .cells import source_note
    from .maps import screening_map

    if not spec:
        return ""
    rulesets = resolve(spec)
    long = compare_districts(scr, rulesets)
    s = summary(long, rulesets)
    n = len(scr)
    body = (f"<p>Os {fmt.number(n)} distritos não sede verificados, com os mesmos dados, sob cada "
            "conjunto de regras pedido: a LC nº 2/1990 e os projetos de lei complementar federal "
            "que regulamentariam o art. 18, § 4º, da Constituição Federal (nenhum em vigor), ou "
            "regras de outro arquivo. Um distrito “atinge” um conjunto quando atinge todos os seus "
            "testes com os dados publicados (Censo, TSE), que não são certidões; um teste "
            "documental ou um valor estimado deixa-o indeterminado.</p>")
    rows = [[rs.short_title + (SECONDARY_MARK if rs.secondary else ""),
             fmt.number(s.at[rs.id, "populacao_pass"]) if s.at[rs.id, "populacao_pass"] >= 0 else "—",
             fmt.number(s.at[rs.id, "pass"]), fmt.number(s.at[rs.id, "fail"]),
             fmt.number(s.at[rs.id, "indeterminate"])] for rs in rulesets]
    body += table(["Conjunto de regras", "Atingem o teste de população da área", "Atingem todos "
                   "os testes", "Não atingem algum teste", "Indeterminados"], rows,
                  caption=f"Quadro. Distritos não sede (de {fmt.number(n)}) que atingem os testes "
                          "de cada conjunto de regras, nos dados publicados", numeric=(1, 2, 3, 4), widths=(28, 18, 18, 18, 18))
    tc = test_counts(long)
    short = {r.id: r.short_title for r in rulesets}
    rows = [[short[r.regras], f"{r.titulo} ({SUBJECTS[r.sujeito]})", fmt.number(r.pass_),
             fmt.number(r.fail), fmt.number(r.indeterminate)]
            for r in tc.rename(columns={"pass": "pass_"}).itertuples()]
    body += table(["Conjunto", "Teste", "Atingem", "Não atingem", "Indeterminados"], rows,
                  caption="Quadro. Distritos em cada teste", numeric=(2, 3, 4),
                  widths=(22, 42, 12, 12, 12))
    if any(r.secondary for r in rulesets):
        body += (f'<p class="legenda">{SECONDARY_MARK} Limites tomados de fontes secundárias '
                 "(imprensa ou nota técnica que cita o projeto).</p>")
    comb = combined(long)
    src = source_note(store, ["boundaries_map", "vilas"])
    for k, rs in enumerate(rulesets, 1):
        t = scr.assign(situacao_regras=comb[rs.id].reindex(scr["cod_distrito"]).to_numpy())
        chart = screening_map(t, store.boundaries_map, src, column="situacao_regras",
                              classes=STATUS_CLASSES, what=f"pela situação sob {rs.short_title}")
        # Figura 1: the art. 4 map; Figura 2: the FPM map (statewide.fpm_dilution_section)
        body += f"<h3>{esc(rs.short_title)}</h3>" + chart.html(k + 2)
    ch = changes(long)
    names = scr.set_index("cod_distrito")
    if len(ch):
        rows = [[code, names.at[code, "nome"], names.at[code, "nome_municipio"],
                 fmt.number(int(names.at[code, "populacao"])), *(_status_word(ch.at[code, r.id])
                                                                 for r in rulesets)]
                for code in ch.index]
        body += ("<h3>Distritos que mudam de situação</h3>"
                 f"<p>{fmt.count(len(ch), 'distrito tem', 'distritos têm')} situação diferente "
                 "conforme o conjunto de regras.</p>"
                 + table(["Código", "Distrito", "Município de origem", "População",
                          *(r.short_title for r in rulesets)], rows,
                         caption="Quadro. Distritos cuja situação muda entre os conjuntos de regras",
                         numeric=(3,)))
    else:
        body += "<p>Nenhum distrito muda de situação entre os conjuntos de regras.</p>"
    body += "<h3>Conjuntos de regras e fontes</h3>" + ruleset_notes(rulesets)
    return Html(f'<section class="secao" id="{SECTION_ID}-s"><h2 id="{SECTION_ID}">'
                f"{SECTION_TITLE}</h2>{body}</section>")
