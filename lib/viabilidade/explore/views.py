"""Plain views of an analysis for the explorer: the rule table, unit names and lists, charts.

Display only: every status, value and margin shown here comes from the rules' own
:class:`~viabilidade.rules.result.RuleResult` objects, formatted with :mod:`viabilidade.report`.
"""

from __future__ import annotations

import io
import re

import pandas as pd

from ..report.writers import format as fmt
from ..report.charts import COLOURS
from ..report.writers.tables import margin_text, threshold_text, value_text
from ..rules.result import Status

_RULE_ID = re.compile(r"^art(\d+)(?:\.([A-Za-z0-9]+))?(?:/([A-Za-z0-9]+))?(?:@(.*))?$")
_ROMAN = re.compile(r"^[IVXL]+$")


def _part(p: str) -> str:
    if p == "sole":
        return "parágrafo único"
    if p.startswith("par") and p[3:].isdigit():
        n = int(p[3:])
        return f"§ {n}º" if n < 10 else f"§ {n}"
    return p


def rule_label(rule_id: str) -> str:
    """A rule id in legal style: ``"art4.IV"`` -> ``"art. 4º, IV"``,
    ``"art4.par1/IV"`` -> ``"art. 4º, § 1º (item IV)"``, ``"art7.par3"`` -> ``"art. 7º, § 3º"``.

    Ids that do not have this shape are returned unchanged.
    """
    m = _RULE_ID.match(rule_id or "")
    if not m:
        return rule_id
    art, part, item, _ = m.groups()
    n = int(art)
    text = f"art. {n}º" if n < 10 else f"art. {n}"
    if part:
        text += f", {_part(part)}"
    if item:
        text += f" (item {item})" if _ROMAN.match(item) else f" ({item})"
    return text


def _value_text(r, hypothetical: set) -> str:
    if r.value is not None and (r.subject, r.unit) in hypothetical:
        return fmt.estimate(r.value, r.unit, None, None) + " (hipotético)"
    return value_text(r)


def rule_frame(results, hypothetical=frozenset()) -> pd.DataFrame:
    """One row per rule result, in Portuguese.

    Parameters
    ----------
    results : iterable of RuleResult
    hypothetical : set of (subject, unit)
        Figures that are what-if values (:func:`~.scenario.hypothetical_figures`): their
        rules' values read "(hipotético)" instead of the replaced figure's basis.

    Returns
    -------
    DataFrame
        Columns Regra (legal citation, :func:`rule_label`), Requisito (the rule's title),
        Sujeito, Situação, Valor, Exigência, Margem, Motivo; the status code in a
        hidden-by-style column ``status``.
    """
    return pd.DataFrame([{
        "Regra": rule_label(r.rule_id), "Requisito": r.title, "Sujeito": r.subject,
        "Situação": fmt.result_status_label(r),
        "Valor": _value_text(r, hypothetical), "Exigência": threshold_text(r),
        "Margem": margin_text(r), "Motivo": r.reason, "status": str(r.status)} for r in results],
        columns=["Regra", "Requisito", "Sujeito", "Situação", "Valor", "Exigência", "Margem",
                 "Motivo", "status"])


#: Widths (% of the table) of Regra, Requisito, Sujeito, Situação, Valor, Exigência, Margem,
#: Motivo: the table fits the notebook's width and every cell wraps inside its column.
RULE_COLUMN_WIDTHS = (8, 13, 8, 12, 11, 11, 11, 26)


def styled_rules(results, hypothetical=frozenset()):
    """:func:`rule_frame` as a pandas Styler: the Situação cell coloured by status."""
    df = rule_frame(results, hypothetical)

    def colour(row):
        c = COLOURS[Status(row["status"])]
        return [f"color: white; background-color: {c}" if col == "Situação" else ""
                for col in row.index]

    # In narrow cells a number may wrap before its unit ("2.442 / habitantes") rather than be cut.
    figures = ["Valor", "Exigência", "Margem"]
    df[figures] = df[figures].apply(lambda col: col.str.replace(fmt.NBSP, " ", regex=False))
    return (df.style.apply(colour, axis=1).hide(axis="index").hide(subset=["status"], axis="columns")
            .set_table_styles([
                {"selector": "", "props": "width: 100%; table-layout: fixed; font-size: 12px;"
                                          " line-height: 1.3; border-collapse: collapse;"},
                {"selector": "th", "props": "text-align: left; padding: 4px 6px;"},
                {"selector": "td", "props": "text-align: left; vertical-align: top; padding: 4px 6px;"
                                            " border-bottom: 1px solid #e0e0e0; overflow-wrap: break-word;"},
                *[{"selector": f"th:nth-child({n})", "props": f"width: {w}%;"}
                  for n, w in enumerate(RULE_COLUMN_WIDTHS, start=1)]]))


def unit_options(store) -> list[tuple[str, str]]:
    """(label, code) for every district and municipality, for a dropdown.

    Districts read ``"Posse d'Abadia — distrito de Abadiânia"``; municipalities
    ``"Abadiânia — município inteiro"``; sorted by label (pt-BR accents folded). The labels are
    unique (573 units in the 2022 data).
    """
    from ..data.codes import normalize_name

    d = store.districts
    opts = [(f"{n} — distrito de {m}", c) for c, n, m in
            zip(d["cod_distrito"], d["nome"], d["nome_municipio"])]
    m = store.municipalities
    opts += [(f"{n} — município inteiro", c) for c, n in zip(m["cod_ibge"], m["nome"])]
    return sorted(opts, key=lambda o: normalize_name(o[0]))


def municipality_options(store) -> list[tuple[str, str]]:
    """(name, cod_ibge) of every municipality, sorted by name (names are unique in Goiás)."""
    from ..data.codes import normalize_name

    m = store.municipalities
    return sorted(zip(m["nome"], m["cod_ibge"]), key=lambda o: normalize_name(o[0]))


def unit_name(store, code: str) -> str:
    """A unit by name: ``"Posse d'Abadia (distrito de Abadiânia)"``, ``"Mara Rosa"``.

    Districts (9 digits) name their municipality; municipalities (7 digits) are their name.
    An unknown code is returned as it is.
    """
    code = str(code)
    if len(code) == 9:
        d = store.districts[store.districts["cod_distrito"] == code]
        if len(d):
            return f"{d['nome'].iloc[0]} (distrito de {d['nome_municipio'].iloc[0]})"
    m = store.municipalities[store.municipalities["cod_ibge"] == code]
    return str(m["nome"].iloc[0]) if len(m) else code


def area_text(store, scenario) -> str:
    """The scenario's area and origin in words, for the explorer's heading.

    ``"Área: Posse d'Abadia (distrito de Abadiânia) · origem: Abadiânia"``; whole municipalities
    read ``"Nova Iguaçu de Goiás (município inteiro)"``; a boundary file is mentioned.
    """
    parts = [unit_name(store, c) for c in scenario.districts]
    parts += [f"{unit_name(store, c)} (município inteiro)" for c in scenario.municipalities]
    if scenario.boundary is not None:
        parts.append("limites desenhados ou de arquivo")
    origins = [unit_name(store, c) for c in scenario.origins]
    return (f"Área: {', '.join(parts) or '—'} · "
            f"{'origem' if len(origins) == 1 else 'origens'}: {', '.join(origins) or '—'}")


def totals_frame(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`viabilidade.explore.scenario.totals` in Portuguese, numbers formatted pt-BR."""
    bases = {**{str(k): v for k, v in fmt.BASIS_LABELS.items()}, "hypothetical": "hipotético"}
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
    return pd.DataFrame({"Regra": [rule_label(r) for r in table["rule_id"]],
                         "Sujeito": table["subject"],
                         "Situação": [fmt.status_label(s, l or None, b or None)
                                      for s, l, b in zip(table["status"], table["lean"],
                                                         table["basis"].fillna(""))],
                         "Distância até mudar": table["texto"]})


def plain_table(df: pd.DataFrame):
    """A table for the explorer and its notebook: no index, left-aligned, compact, ruled rows.

    Returns
    -------
    pandas.io.formats.style.Styler
        ``display`` it in a notebook, or ``.to_html()`` for an HTML widget. Missing values
        read "—".
    """
    return (df.style.hide(axis="index").format(na_rep="—")
            .set_table_styles([
                {"selector": "", "props": "font-size: 12px; line-height: 1.3; border-collapse: collapse;"},
                {"selector": "th", "props": "text-align: left; padding: 4px 8px;"
                                            " border-bottom: 1px solid #9e9e9e;"},
                {"selector": "td", "props": "text-align: left; vertical-align: top; padding: 4px 8px;"
                                            " border-bottom: 1px solid #e0e0e0;"}]))


def figure_png(fig, dpi: int = 90) -> bytes:
    """A matplotlib figure as PNG bytes (no pyplot, no display backend)."""
    from ..report.charts import glyphs_quiet

    buf = io.BytesIO()
    with glyphs_quiet():
        fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def inline(fig, dpi: int = 90):
    """A matplotlib figure as an ``IPython.display.Image``, shown inline by ``display``.

    The explorer's charts are :class:`matplotlib.figure.Figure` objects built without pyplot,
    which a notebook would otherwise print as ``<Figure size …>``.
    """
    from IPython.display import Image

    return Image(data=figure_png(fig, dpi), format="png")
