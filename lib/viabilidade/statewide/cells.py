"""Presentation pieces of the statewide reports (the art. 8 audit and the district screening):
status and verdict cells for wide tables, a report's sections and cover, the sources of its
figures and the section of conflicting published data.

Layer: floor 11 (``statewide``); imports the report's writers and the rules' result types only.
"""

from __future__ import annotations

import datetime as dt

import pandas as pd

from ..report.writers import format as fmt
from ..report.writers.tables import STATUS_CLASS, Html, esc, key_values
from ..rules.result import Basis, Lean, Status, Verdict

#: Short status labels for wide tables: (status, lean) -> label.
SHORT_LABELS = {(Status.PASS, ""): "cumpre", (Status.FAIL, ""): "não cumpre",
                (Status.INDETERMINATE, ""): "indet.",
                (Status.INDETERMINATE, Lean.LIKELY_PASS.value): "indet., provável atendimento",
                (Status.INDETERMINATE, Lean.LIKELY_FAIL.value): "indet., provável não atendimento",
                (Status.NOT_APPLICABLE, ""): "não se aplica"}


#: Short labels of a pass or fail decided on published data (Censo, TSE): never "cumpre".
SHORT_PUBLISHED = {Status.PASS: "atinge (dado publicado)", Status.FAIL: "não atinge (dado publicado)"}
#: Short labels of a pass or fail decided on the tool's measurement (art. 4 II, which art. 4
#: § 2 gives the IBGE to certify): never "cumpre" / "não cumpre".
SHORT_MEASURED = {Status.PASS: "atinge na medição (a certificar pelo IBGE)",
                  Status.FAIL: "não atinge na medição (a certificar pelo IBGE)"}
#: The verdict of a screened district that fails on the tool's measurement (art. 4 II).
MEASURED_TAIL = " (a certificar pelo IBGE)"
MEASURED_VERDICT = f"inviável na medição{MEASURED_TAIL}"


def status_cell(status: str, lean: str | None = None, *, short: bool = False,
                basis: str | None = None) -> Html:
    """Coloured Portuguese status label for a table cell.

    ``("indeterminate", "likely pass")`` gives ``"indeterminado (provável atendimento)"``,
    or ``"indet., provável atendimento"`` with ``short`` (:data:`SHORT_LABELS`). With
    ``basis="published"`` a pass or fail reads ``"atingido nos dados publicados (a
    certificar)"`` / ``"não atingido nos dados publicados"``
    (:func:`viabilidade.report.writers.format.status_label`), short ``"atinge (dado publicado)"`` /
    ``"não atinge (dado publicado)"``.
    """
    st = Status(status)
    published = basis is not None and str(basis) == Basis.PUBLISHED.value and st in SHORT_PUBLISHED
    measured = basis is not None and str(basis) == Basis.MEASURED.value and st in SHORT_MEASURED
    if short and published:
        label = SHORT_PUBLISHED[st]
    elif measured:
        label = SHORT_MEASURED[st]
    elif short:
        label = SHORT_LABELS[(st, lean or "")] if st == Status.INDETERMINATE else SHORT_LABELS[(st, "")]
    else:
        label = fmt.status_label(st, lean or None, basis or None)
    return Html(f'<span class="status {STATUS_CLASS[st]}">{esc(label)}</span>')


def verdict_cell(value: str, published: bool = False, label: str | None = None) -> Html:
    """Verdict badge (``viável`` / ``inviável`` / ``indeterminado``); ``published`` (the
    verdict rests on published data, :func:`viabilidade.rules.certification.verdict_on_published_data`)
    adds ``"nos dados publicados"``; ``label`` gives the words themselves (the screening's
    ``veredito_rotulo``, :func:`verdict_words`)."""
    v = Verdict(value)
    label = label or fmt.verdict_label(v) + (" nos dados publicados" if published else "")
    return Html(f'<span class="veredito v-{esc(v.value)}">{esc(label)}</span>')


def item_basis(table: pd.DataFrame, item: str, prefix: str = "") -> pd.Series:
    """The basis of art. 4 ``item``'s figure per row (``"published"``, ``"estimated"`` …) from
    the ``<prefix><column>_basis`` column of an audit or screening table; ``""`` without it."""
    from ..rules.vectorised import SCREEN_COLUMNS

    col = f"{prefix}{SCREEN_COLUMNS[item]}_basis"
    if col not in table.columns:
        return pd.Series("", index=table.index)
    return table[col].fillna("").astype(str)


def data_flags_body(flags, used_by: dict[str, str] | None = None) -> str:
    """The body of a report's "Dados publicados incoerentes" section.

    Parameters
    ----------
    flags : list of DataFlag
        :func:`viabilidade.data.incoherence.data_flags`.
    used_by : dict, optional
        ``{cod_ibge: text}``: where each municipality's figures are used (the screening's
        districts), shown in a column of its own.

    Returns
    -------
    str
        A table (código, município, dado, conflito[, onde é usado]) and, once per kind of
        conflict, what it means and the sources; a sentence when there is no flag.
    """
    from ..report.writers.tables import table

    if not flags:
        return "<p>Nenhum conflito entre as tabelas oficiais usadas.</p>"
    head = ["Código IBGE", "Município", "Dado", "Conflito"] + (["Onde é usado"] if used_by else [])
    rows = [[f.cod_ibge, f.nome, f.figure, f.conflict]
            + ([used_by.get(f.cod_ibge, "")] if used_by else []) for f in flags]
    kinds = list(dict.fromkeys((f.meaning, f.source) for f in flags))
    notes = "".join(f"<p>{esc(meaning)} Fontes: {esc(source)}.</p>" for meaning, source in kinds)
    return (f"<p>{fmt.count(len(flags), 'dado publicado', 'dados publicados')} em conflito com "
            "outra tabela oficial. O relatório usa os valores como publicados; o conflito deve "
            "ser esclarecido junto aos órgãos que os publicaram.</p>"
            + table(head, rows, caption="Dados publicados incoerentes") + notes)


def section(sid: str, title: str, body: str) -> Html:
    """One section of a statewide report: ``<h2 id="sec-…">`` (listed in the table of contents)."""
    return Html(f'<section class="secao" id="{esc(sid)}-s"><h2 id="{esc(sid)}">{esc(title)}</h2>'
                f"{body}</section>")


def cover(title: str, running: str, facts: list[tuple[str, object]]) -> Html:
    """Cover of a statewide report: title, facts, and the table-of-contents placeholder that
    :func:`viabilidade.report.writers.export.notebook_to_html` fills in. Every text is escaped."""
    return Html('<section class="capa">'
                f'<p class="cabecalho-corrente">{esc(running)}</p>'
                '<p class="titulo-corrente">LC nº 2/1990 (GO)</p>'
                '<p class="orgao">Estado de Goiás · Lei Complementar nº 2, de 16 de janeiro de 1990</p>'
                f'<h1 class="titulo">{esc(title)}</h1>' + key_values(facts)
                + '<nav id="sumario" class="sumario"><h3>Sumário</h3></nav></section>')


def provenance_records(store, tables) -> list[dict]:
    """Provenance of the store tables used (for :func:`viabilidade.report.writers.tables.provenance_table`)."""
    out = []
    for t in tables:
        for p in store.provenance(t):
            out.append({"table": t, **p})
    return out


def source_note(store, tables) -> str:
    """``"Fonte: IBGE — Malha municipal (2021); TSE — … (02/10/2022)."`` — a figure's data and
    their reference dates, from the store's provenance of ``tables``."""
    seen: list[str] = []
    for p in provenance_records(store, tables):
        item = " — ".join(x for x in (p.get("publisher"), p.get("source")) if x)
        if p.get("vintage"):
            item += f" ({p['vintage']})"
        item = fmt.dates_in_text(item)
        if item and item not in seen:
            seen.append(item)
    return "Fonte: " + "; ".join(seen) + ". Elaboração própria." if seen else ""


def reference_day(reference_date: str | None) -> dt.date:
    """A statewide report's reference date: the ISO date the runner passes
    (:func:`viabilidade.statewide.run.run_audit`), else today."""
    return dt.date.fromisoformat(reference_date) if reference_date else dt.date.today()
