"""HTML tables of a study: rule results (traffic light), provenance, key-value facts.

Every text that comes from inputs (candidate names, sources, reasons, file paths) is passed
through :func:`html.escape`, so a candidate named ``<script>alert(1)</script>`` prints as
text. Tables use ``<thead>`` so the PDF repeats the header on each page, and classes of
``report/assets/estudo.css`` for the status colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ...rules.art2 import WHO_KEY
from ...rules.art7 import VOID_KEY
from ...rules.common import is_future
from ...rules.result import Basis, RuleResult, Status, on_declared_documents
from . import format as fmt

#: CSS class per status (colour of the traffic light).
STATUS_CLASS = {
    Status.PASS: "st-pass",
    Status.FAIL: "st-fail",
    Status.INDETERMINATE: "st-indet",
    Status.NOT_APPLICABLE: "st-na",
}
_SYMBOL = {Status.PASS: "●", Status.FAIL: "●", Status.INDETERMINATE: "◐", Status.NOT_APPLICABLE: "○"}
#: The sign of a requirement decided on a document declared in the candidate file and not
#: checked against its original ("conforme documento declarado (a conferir com o original)"):
#: a dotted ring, never the filled dot of "cumprido" (legal review 15:44, item 8: declared is
#: not proven).
DECLARED_SYMBOL = "◌"


def status_symbol(result: RuleResult) -> str:
    """The sign drawn before a result's status label: ``●`` decided (green pass, red fail),
    ``◐`` indeterminate, ``○`` not applicable, :data:`DECLARED_SYMBOL` for a pass or a fail on
    a declared document not yet checked (:func:`viabilidade.rules.result.on_declared_documents`)."""
    status = Status(result.status)
    if status in (Status.PASS, Status.FAIL) and on_declared_documents(result):
        return DECLARED_SYMBOL
    return _SYMBOL[status]


def esc(value: Any) -> str:
    """Escape any value for HTML text and attributes (``None`` gives ``""``)."""
    return "" if value is None else escape(str(value), quote=True)


class Html(str):
    """Text already safe for HTML (built by this module); never escaped again."""


def cell(value: Any) -> str:
    """HTML of one cell: :class:`Html` as is, anything else escaped."""
    return value if isinstance(value, Html) else esc(value)


def colgroup(widths: Sequence[float] | None) -> str:
    """``<colgroup>`` with percentage widths (tables use ``table-layout: fixed``); ``""`` if None."""
    if not widths:
        return ""
    return "<colgroup>" + "".join(f'<col style="width:{w:g}%"/>' for w in widths) + "</colgroup>"


def table(header: Sequence[str], rows: Iterable[Sequence[Any]], *, caption: str | None = None,
          css_class: str = "tabela", numeric: Sequence[int] = (),
          widths: Sequence[float] | None = None) -> Html:
    """A plain HTML table with escaped cells.

    Parameters
    ----------
    header : sequence of str
        Column titles (escaped).
    rows : iterable of sequences
        Cell values; :class:`Html` values are inserted as is, others escaped.
    caption : str, optional
        Table caption (escaped).
    css_class : str
        Class of the ``<table>``.
    numeric : sequence of int
        Indexes of right-aligned (numeric) columns.
    widths : sequence of float, optional
        Column widths in per cent of the table (default: equal columns).

    Returns
    -------
    Html
    """
    num = set(numeric)
    out = [f'<table class="{esc(css_class)}">']
    if caption:
        out.append(f"<caption>{esc(caption)}</caption>")
    out.append(colgroup(widths))
    attr = [' class="num"' if i in num else "" for i in range(len(header))]
    out.append("<thead><tr>" + "".join(f"<th{attr[i]}>{esc(h)}</th>" for i, h in enumerate(header))
               + "</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td{attr[i] if i < len(attr) else ''}>{cell(v)}</td>"
                                    for i, v in enumerate(row)) + "</tr>")
    out.append("</tbody></table>")
    return Html("".join(out))


def key_values(pairs: Iterable[tuple[str, Any]], *, caption: str | None = None) -> Html:
    """A two-column table of labelled facts (label escaped; value escaped unless :class:`Html`)."""
    out = ['<table class="tabela fatos">']
    if caption:
        out.append(f"<caption>{esc(caption)}</caption>")
    out.append(colgroup((32, 68)) + "<tbody>")
    for label, value in pairs:
        out.append(f'<tr><th scope="row">{esc(label)}</th><td>{cell(value)}</td></tr>')
    out.append("</tbody></table>")
    return Html("".join(out))


def status_badge(result: RuleResult) -> Html:
    """The coloured status label of one result (text, not colour alone, carries the meaning)."""
    status = Status(result.status)
    label = fmt.result_status_label(result)
    return Html(f'<span class="status {STATUS_CLASS[status]}">'
                f'<span class="sinal" aria-hidden="true">{status_symbol(result)}</span> {esc(label)}</span>')


#: ``details["natureza_exigencia"]`` of a limit computed on a revenue that counts more than
#: taxes (art. 4 VII, :data:`viabilidade.rules.art4.OVERSTATED_REVENUE_NOTE`).
BY_EXCESS = "aproximada, por excesso"


def approximate_money(result: RuleResult) -> bool:
    """Whether a result's limit is an amount in reais known only approximately (art. 4 VII
    on SEFAZ-GO's Receita Gerencial: ``details["natureza_exigencia"]`` :data:`BY_EXCESS`)."""
    details = result.details if isinstance(result.details, dict) else {}
    return result.unit == "BRL" and details.get("natureza_exigencia") == BY_EXCESS


def threshold_amount(result: RuleResult) -> str:
    """The limit with its unit: an approximate amount in reais as ``"cerca de R$ 2,90
    milhões"``, kept on its side of the value it is compared with
    (:func:`~viabilidade.report.writers.format.money_about`: the rule decides on the exact
    limit, the text never contradicts it); any other as :func:`format.quantity`."""
    if approximate_money(result):
        return fmt.money_about(result.threshold, result.value)
    return fmt.quantity(result.threshold, result.unit)


def approximate_limit(comparator, limit: float, pivot: float | None, reference=None) -> str:
    """An approximate limit in reais (art. 4 VII on SEFAZ-GO's Receita Gerencial) as words:
    ``"mais de R$ 2,90 milhões (aproximado, por excesso; receita estadual de 2023)"`` — never
    "mais de cerca de". The amount is :func:`format.money_about`'s, kept on its side of
    ``pivot`` (the value compared with it); ``reference`` is the year the limit was computed
    from (``details["referencia_exigencia"]``, with or without its "referência: " prefix)."""
    amount = fmt.money_about(limit, pivot).removeprefix("cerca de ")
    where = "; ".join(["aproximado, por excesso"]
                      + ([str(reference).replace("referência: ", "")] if reference else []))
    return f"{fmt.comparator_label(comparator)} {amount} ({where})"


def threshold_text(result: RuleResult) -> str:
    """Requirement as words: ``"mais de 3.000 habitantes"``; ``"—"`` for non-numeric rules;
    a figure of the study's reading names itself (``details["natureza_exigencia"]``: ``"no
    máximo 1 km² — tolerância do estudo (leitura)"``).
    A threshold computed from a year other than the one the law asks for names its reference
    (``details["referencia_exigencia"]``: ``"mais de R$ 2.900.224,28 (referência: receita
    estadual de 2023)"``)."""
    if result.threshold is None:
        return "—"
    details = result.details if isinstance(result.details, dict) else {}
    ref, kind = details.get("referencia_exigencia"), details.get("natureza_exigencia")
    if approximate_money(result):  # art. 4 VII on a revenue with fines (legal review 3, 4)
        return approximate_limit(result.comparator, result.threshold, result.value, ref)
    if details.get(WHO_KEY):  # art. 2, art. 5 § 1: electors, not signatures (final legal read, 10)
        return f"{fmt.comparator_label(result.comparator)} {fmt.number(result.threshold)}\u00a0{details[WHO_KEY]}"
    text = f"{fmt.comparator_label(result.comparator)} {threshold_amount(result)}"
    if kind:  # a figure the study reads, not the law's (art. 6's tolerance)
        text = f"{text} — {kind}"
    return f"{text} (referência: {ref})" if ref else text


def is_upper_bound(r: RuleResult) -> bool:
    """Whether a result's value is only an upper bound (art. 4º, II measured from the origin's
    seat to a point of the area: ``details["limite_superior_m"]``), not a measured value."""
    return isinstance(r.details, dict) and r.details.get("limite_superior_m") is not None


def precision(result: RuleResult) -> float | None:
    """The step a result's value is printed to (``details["precisao"]``, set from the figure's
    :attr:`~viabilidade.rules.result.Figure.precision`); ``None``: as given."""
    details = result.details if isinstance(result.details, dict) else {}
    return details.get("precisao")


def value_only(result: RuleResult) -> str:
    """The value with its unit, at its data's precision and never across the threshold:
    ``"12.750 m (12,75 km)"`` for 12.753,88 m from point data; an estimate with its
    uncertainty (``details["incerteza"]``), wherever it is printed: ``"1.111 ± 556
    edificações"``; ``"655 edificações (entre 0 e 1.506; margem de erro maior que o valor)"``
    when the margin exceeds the value (:func:`~viabilidade.report.writers.format.estimate`;
    final legal read, item 17: the district's Quadro 1 read "655 edificações")."""
    details = result.details if isinstance(result.details, dict) else {}
    estimated = result.basis is not None and Basis(result.basis) == Basis.ESTIMATED
    return fmt.estimate(result.value, result.unit,
                        details.get("incerteza") if estimated else None, result.basis,
                        precision(result), result.threshold)


def value_text(result: RuleResult) -> str:
    """The value with unit and basis: ``"3.045 habitantes (certificado)"``, and what the value
    counts when it is not what the requirement counts (``details["medida"]``: ``"1.111 ± 556
    edificações (estimado; todo o território do distrito, não a sede indicada)"``); an upper
    bound reads ``"no máximo 12.750 m (12,75 km)"`` (it said "(limite superior)" after it
    too: "at most" twice, polish12)."""
    if result.value is None:
        return "— (ato futuro)" if is_future(result) else "—"
    text = value_only(result)
    if is_upper_bound(result):
        return f"no máximo {text}"
    details = result.details if isinstance(result.details, dict) else {}
    words = [fmt.result_basis_label(result)] if result.basis is not None else []
    words += [str(details["medida"])] if details.get("medida") else []
    return text + (f" ({'; '.join(words)})" if words else "")


def margin_text(result: RuleResult) -> str:
    """Margin as ``"+45 habitantes (+1,50 %)"``; ``"—"`` when the rule has no margin.

    The margin of an estimate (basis ``estimated``) carries the estimate's uncertainty and no
    percentage: ``"+1.229 ± 474 eleitores"``, not ``"+1.229 eleitores (+122,90 %)"`` (legal
    review 3, finding 4: a percentage to 0,01 % claims a precision the estimate lacks).
    Published, certified and measured values keep their percentage."""
    if result.margin is None:
        return "—"
    sign = "+" if result.margin > 0 else ""
    if approximate_money(result):  # against a limit known only approximately: no centavos
        return sign + fmt.money_about(result.margin, 0)
    estimated = result.basis is not None and Basis(result.basis) == Basis.ESTIMATED
    details = result.details if isinstance(result.details, dict) else {}
    uncertainty = details.get("incerteza") if estimated else None
    # a margin may be negative: "±" kept, never cut at zero (legal11 M9)
    text = sign + fmt.estimate(result.margin, result.unit, uncertainty, result.basis,
                               precision(result), 0, signed=True)
    if result.margin_pct is not None and not estimated:
        psign = "+" if result.margin_pct > 0 else ""
        text += f" ({psign}{fmt.percent(result.margin_pct)})"
    if details.get(VOID_KEY):  # the ata of a void plebiscite proves nothing (legal8 m7)
        text += f"; {fmt.VOID_LABEL}"
    return text


def source_text(result: RuleResult, sep: str = " (") -> str:
    """A result's source with its vintage, dates in pt-BR, without repeating a date the source
    already gives (N11): ``"IBGE, Ofício nº 101/2027, de 10/03/2027"``, not ``"… de 10/03/2027
    (10/03/2027)"``; a bare year reads as the reference year (``"… (ano de referência 2022)"``;
    money: ``"(exercício de 2026)"``).
    ``sep`` opens the vintage: ``" ("`` (closed by ``")"``) or ``", "``."""
    source = fmt.dates_in_text(result.source or "")
    vintage = fmt.dates_in_text(str(result.vintage or ""))
    if not vintage or vintage in source:
        return source
    if vintage.isdigit() and len(vintage) == 4 and source:
        vintage = (f"exercício de {vintage}" if result.unit == "BRL" else
                   f"ano de referência {vintage}")
    if not source:
        return vintage
    return source + (f" ({vintage})" if sep == " (" else f"{sep}{vintage}")


def rule_table(results: Sequence[RuleResult], *, caption: str | None = None,
               compact: bool = False) -> Html:
    """The traffic-light table of rule results.

    Parameters
    ----------
    results : sequence of RuleResult
        In the order to show them.
    caption : str, optional
        Table caption.
    compact : bool
        Leave out source and certifier (for the executive summary).

    Returns
    -------
    Html
        Columns: Dispositivo (the legal citation, :func:`format.result_citation`), Requisito
        (with the subject when it is not the area), Valor,
        Exigência, Margem, Situação [, Fonte, Quem comprova]. Each row has class
        ``linha-<status>``.
    """
    header = ["Dispositivo", "Requisito", "Valor", "Exigência", "Margem", "Situação"]
    if not compact:
        header += ["Fonte", "Quem comprova"]
    out = [f'<table class="tabela regras{" compacta" if compact else ""}">']
    if caption:
        out.append(f"<caption>{esc(caption)}</caption>")
    out.append(colgroup((12, 22, 16, 15, 17, 18) if compact else (11, 15, 12, 12, 12, 12, 15, 11)))
    out.append("<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr></thead><tbody>")
    for r in results:
        status = Status(r.status)
        subject = (f'<br/><span class="sujeito">{esc(r.subject)}</span>'
                   if r.subject and r.subject != "área" else "")
        source = source_text(r, ", ")
        cells = [
            f'<td class="id">{esc(fmt.result_citation(r))}</td>',
            f"<td>{esc(r.title)}{subject}</td>",
            f'<td class="num">{esc(value_text(r))}</td>',
            f'<td class="num">{esc(threshold_text(r))}</td>',
            f'<td class="num">{esc(margin_text(r))}</td>',
            f"<td>{status_badge(r)}</td>",
        ]
        if not compact:
            cells += [f'<td class="fonte">{esc(source or "—")}</td>', f"<td>{esc(r.certifier or '—')}</td>"]
        out.append(f'<tr class="linha-{esc(status.value)}">' + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return Html("".join(out))


#: Portuguese names of the processed tables (docs/CONTRACTS.md), as the provenance shows them.
TABLE_LABELS = {
    "boundaries": "malha municipal",
    "boundaries_map": "malha municipal simplificada para os mapas",
    "crosswalk": "correspondência TSE–IBGE",
    "districts": "distritos",
    "electorate": "eleitorado apto das Eleições Gerais de 2022",
    "electorate_profile": "perfil do eleitorado de 2026",
    "municipalities": "municípios",
    "state_revenue": "receita estadual",
    "pib": "PIB dos municípios",
    "fpm_interior": "coeficientes do FPM-Interior",
    "seats": "sedes",
    "vilas": "vilas",
    "history": "histórico de criação de municípios",
    "fpm_monthly": "FPM mensal de Goiás (Tesouro Nacional)",
    "fpm_credits": "FPM creditado a cada município em março de 2023 (Tesouro Nacional)",
    "official_areas": "áreas territoriais oficiais",
    "tracts": "setores censitários",
}


def _row_label(record: dict, file: dict) -> str:
    """The appendix's "Tabela" cell of one raw file: the table's name, except for a census
    file read into the boundaries table (the municipalities' names and codes): it is not the
    "malha municipal"; nor, read into the history table, the history."""
    path = str(file.get("path") or "")
    if record.get("table") in ("boundaries", "boundaries_map") and path and not path.startswith("geo/"):
        return "nomes e códigos dos municípios da malha"
    if record.get("table") == "history" and path.startswith("census/"):
        return "nomes e códigos dos municípios do histórico"   # N10: the Censo is no history
    return table_label(record.get("table"))


def table_label(name: str | None) -> str:
    """Portuguese name of a processed table: ``"crosswalk"`` -> ``"correspondência TSE–IBGE"``."""
    if not name:
        return "—"
    return TABLE_LABELS.get(name, name.replace("_", " "))


def provenance_table(provenance: Sequence[dict]) -> Html:
    """Data provenance: one row per file, with its SHA-256.

    Parameters
    ----------
    provenance : sequence of dict
        As :attr:`viabilidade.profile.analysis.Analysis.provenance`: keys ``table``, ``source``,
        ``publisher``, ``vintage``, ``retrieved``, ``via``, ``files`` (list of
        ``{path, sha256}``, with ``url`` and ``retrieved`` for each file of a portal set
        downloaded by ``data fetch``, shown in its row); missing keys print as ``"—"``.

    Returns
    -------
    Html
        Columns: Tabela (Portuguese name, :data:`TABLE_LABELS`), Fonte (publisher and data
        set), Referência, Obtido (date and copy used), Arquivo, SHA-256; ISO dates as
        ``dd/mm/aaaa``.
    """
    rows = []
    for p in provenance:
        source = " — ".join(x for x in (p.get("publisher"), p.get("source")) if x) or "—"
        got = fmt.dates_in_text("; ".join(x for x in (p.get("retrieved"), p.get("via")) if x)) or "—"
        for f in p.get("files") or [{}]:
            own = (fmt.dates_in_text("; ".join(x for x in (f.get("retrieved"), f.get("url")) if x))
                   if f.get("url") else got)  # a portal set's file: its own address and date
            rows.append([_row_label(p, f), source, fmt.dates_in_text(p.get("vintage", "—")),
                         own, f.get("path", "—"),
                         Html(f'<code class="hash">{esc(f.get("sha256", "—"))}</code>')])
    return table(["Tabela", "Fonte", "Referência", "Obtido", "Arquivo", "SHA-256"], rows,
                 css_class="tabela proveniencia", widths=(12, 22, 13, 17, 15, 21))
