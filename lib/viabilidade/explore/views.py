"""Plain views of an analysis for the explorer: the rule table and the unit list.

Display only: every status, value and margin shown here comes from the rules' own
:class:`~viabilidade.rules.result.RuleResult` objects, formatted with :mod:`viabilidade.report`.
"""

from __future__ import annotations

import pandas as pd

from ..report import format as fmt
from ..report.charts import COLOURS
from ..report.tables import margin_text, threshold_text, value_text
from ..rules.result import Status


def rule_frame(results) -> pd.DataFrame:
    """One row per rule result, in Portuguese.

    Returns
    -------
    DataFrame
        Columns Regra, Sujeito, Situação, Valor, Exigência, Margem, Motivo; the status code in
        a hidden-by-style column ``status``.
    """
    return pd.DataFrame([{
        "Regra": r.rule_id, "Sujeito": r.subject,
        "Situação": fmt.status_label(r.status, r.lean),
        "Valor": value_text(r), "Exigência": threshold_text(r), "Margem": margin_text(r),
        "Motivo": r.reason, "status": str(r.status)} for r in results])


def styled_rules(results):
    """:func:`rule_frame` as a pandas Styler: the Situação cell coloured by status."""
    df = rule_frame(results)

    def colour(row):
        c = COLOURS[Status(row["status"])]
        return [f"color: white; background-color: {c}" if col == "Situação" else ""
                for col in row.index]

    return (df.style.apply(colour, axis=1).hide(axis="index").hide(subset=["status"], axis="columns")
            .set_properties(subset=["Motivo"], **{"text-align": "left", "max-width": "42em"}))


def unit_options(store) -> list[tuple[str, str]]:
    """(label, code) for every district and municipality, for a dropdown.

    Districts read ``"Posse d'Abadia — distrito de Abadiânia (520010010)"``; municipalities
    ``"Abadiânia — município (5200100)"``; sorted by label (pt-BR accents folded).
    """
    from ..data.codes import normalize_name

    d = store.districts
    opts = [(f"{n} — distrito de {m} ({c})", c) for c, n, m in
            zip(d["cod_distrito"], d["nome"], d["nome_municipio"])]
    m = store.municipalities
    opts += [(f"{n} — município ({c})", c) for c, n in zip(m["cod_ibge"], m["nome"])]
    return sorted(opts, key=lambda o: normalize_name(o[0]))


def municipality_options(store) -> list[tuple[str, str]]:
    """(label, cod_ibge) of every municipality, sorted by name."""
    from ..data.codes import normalize_name

    m = store.municipalities
    return sorted(((f"{n} ({c})", c) for c, n in zip(m["cod_ibge"], m["nome"])),
                  key=lambda o: normalize_name(o[0]))


def totals_frame(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`viabilidade.explore.scenario.totals` in Portuguese, numbers formatted pt-BR."""
    bases = {"certified": "certificado", "measured": "medido", "estimated": "estimado"}
    return pd.DataFrame({
        "Papel": table["papel"], "Unidade": table["unidade"],
        "População": table["populacao"].map(fmt.number),
        "Eleitores": table["eleitores"].map(lambda v: fmt.number(v, 0)),
        "Edificações (aprox.)": table["edificacoes"].map(fmt.number),
        "Área (km²)": table["area_km2"].map(lambda v: fmt.number(v, 1)),
        "Base (pop. / eleit. / edif. / área)": table["base"].map(
            lambda b: " / ".join(bases.get(x, x) for x in b.split(" / "))),
        "Hipotético": table["hipotetico"].map({True: "sim", False: "não"}),
    })


def margins_frame(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`viabilidade.explore.margins.margins` for display: rule, subject, status, sentence."""
    return pd.DataFrame({"Regra": table["rule_id"], "Sujeito": table["subject"],
                         "Situação": [fmt.status_label(s, l or None)
                                      for s, l in zip(table["status"], table["lean"])],
                         "Distância até mudar": table["texto"]})
