"""The batch index: ``index.html`` (a sortable table), ``resultados.csv`` and ``.parquet``.

One row per candidate and rule in the tables (a failed candidate has one row with an empty
rule); rows ordered by slug, then rule in the law's order, so that two runs of the same
batch — on a local pool or a cluster, whole or resumed — write identical files. Values are
the studies' own pt-BR labels (``cumprido``, ``não cumprido``, ``indeterminado
(provável atendimento)``, ``não se aplica``, a void plebiscite's ``sem efeito (…)``); the CSV keeps the machine codes in
``operacao_codigo`` and ``status_codigo``. An interrupted batch says so on the page: a
candidate it did not run keeps the study of an earlier run when its files are on disk
(marked "não refeito nesta execução"), else it has one row with ``situacao`` =
``não executado``. The three files are replaced together, atomically.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import pandas as pd

from ..proposal.candidate import OPERATIONS
from ..report.conclusion import conclusion_line
from ..report.findings import attention_items, findings_from_record
# CSV_READ: how resultados.csv is written (csv_bytes) and read back (read_results_csv)
from ..report.writers.format import (CSV_READ, SIMULATED_BASIS_LABEL, basis_label, count,
                                      estimate, rule_citation, status_label)
from ..errors import PROBLEMS_SHOWN, capped
from .unit import FAILED, OK, problems, reason


def only_problems(lines: list[str]) -> list[str]:
    """The lines of a failure that state a problem, without the notes that say which checks
    did not run because of them (:data:`~viabilidade.profile.coherence.NOT_RUN_FILES`,
    ``NOT_RUN_FIELDS``): the index's "(e mais 1 problema)" counted such a note."""
    from ..profile.coherence import NOT_RUN_FIELDS, NOT_RUN_FILES

    return [ln for ln in lines if not ln.endswith((NOT_RUN_FILES, NOT_RUN_FIELDS))]

def _conclusion(record: dict, bars: dict[str, int] | None = None) -> str:
    """The study's conclusion as its index cell shows it: the short line (without the
    constitutional bar) when the page states its bar above the table (``bars``: bar clause ->
    its note number, 0 when the page has one bar for every study; the cell then ends with
    ``[n]``); else the whole line; for a record written before studies carried one, the line
    rebuilt from its operation and verdict (without the certification state)."""
    bar = record.get("bar_clause")
    if bars is not None and record.get("conclusion_short") and bar in bars:
        mark = f" [{bars[bar]}]" if bars[bar] else ""
        return str(record["conclusion_short"]) + mark
    if record.get("conclusion"):
        return str(record["conclusion"])
    try:
        return conclusion_line(record.get("operation"), record.get("verdict"))
    except (KeyError, ValueError):
        return str(record.get("verdict") or NO_RULE)


#: The study's headline figures in the tables (:func:`viabilidade.report.study.headline_figures`):
#: record key -> (value column, uncertainty column, basis column), the unit in the value's
#: name (``hab``: habitantes; ``km2``; ``brl_ano``: R$ per year); eleitores and edificações
#: count themselves. The revenue is always an estimate (a floor: the part known in reais),
#: which its name says; it has no uncertainty or basis column.
FIGURE_COLUMNS = {
    "population": ("populacao_hab", "populacao_incerteza_hab", "populacao_base"),
    "electors": ("eleitores", "eleitores_incerteza", "eleitores_base"),
    "buildings": ("edificacoes", "edificacoes_incerteza", "edificacoes_base"),
    "area_km2": ("area_km2", "area_incerteza_km2", "area_base"),
    "known_revenue_brl": ("receita_conhecida_estimada_brl_ano", None, None),
}
#: The numeric columns (Float64 in the Parquet; decimal comma in the CSV).
NUMBER_COLUMNS = [c for cols in FIGURE_COLUMNS.values() for c in cols[:2] if c]
COLUMNS = ["slug", "nome", "operacao", "operacao_codigo", "candidato", "situacao", "execucao",
           "veredito", "conclusao",
           "fase", *(c for cols in FIGURE_COLUMNS.values() for c in cols if c),
           "regra", "status_regra", "status_codigo", "erro", "html", "pdf"]
#: ``situacao`` of a study: written (``concluído``) or failed (``falhou``).
SITUACAO_PT = {OK: "concluído", FAILED: "falhou"}
#: ``execucao`` of a row: written by this run (run, skipped as up to date, or failed now), or
#: the record an earlier run left in the folder (a candidate this run did not have, or did
#: not redo before an interrupt). An earlier failure was listed as if it had just failed.
THIS_RUN, EARLIER_RUN = "esta execução", "execução anterior"
#: Shown under a row of a candidate this run did not have: its record is an earlier run's.
OTHER_RUN = "de uma execução anterior (candidato fora desta execução)"
#: ``situacao`` of a candidate an interrupted batch did not run and that has no study on disk.
NOT_RUN = "não executado"
#: Shown for a study an interrupted batch did not redo: its row is the earlier run's.
NOT_REDONE = "não refeito nesta execução"
#: Shown under "falhou" when the study folder still holds an earlier run's whole study.
EARLIER = "o estudo anterior continua na pasta"
#: A rule cell of a candidate whose operation has no such rule (or whose study did not end).
NO_RULE = "—"
#: Legend of the rule cells, after the rule ids' legend.
CELL_LEGEND = ("“não se aplica”: a regra foi avaliada e não se aplica a este candidato; "
               "“—”: a regra não existe para a operação do candidato (ou o estudo não foi "
               "concluído).")


def rule_label(status: str | None, lean: str | None = None, basis: str | None = None) -> str | None:
    """The study's label of a rule status: ``("pass", None)`` -> ``"cumprido"``,
    ``("indeterminate", "likely pass")`` -> ``"indeterminado (provável atendimento)"``,
    ``("pass", None, "published")`` -> ``"atingido nos dados publicados (a certificar)"``;
    ``None`` stays ``None`` and an unknown code is shown as it is."""
    if status is None:
        return None
    try:
        return status_label(status, lean, basis or None)
    except ValueError:
        return str(status)


def record_label(record: dict, rule: str) -> str | None:
    """A rule's label in a study's record: the study's own (``labels``, as its Quadro 1 prints
    it: a plebiscite "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)", an
    art. 6 document "documentado (a conferir …)"); for a record written before studies kept
    their labels, :func:`rule_label` of its status, lean and basis."""
    label = (record.get("labels") or {}).get(rule)
    if label:
        return str(label)
    return rule_label((record.get("rules") or {}).get(rule), (record.get("leans") or {}).get(rule),
                      (record.get("bases") or {}).get(rule))


def operation_label(operation: str | None) -> str | None:
    """The pt-BR name of an operation id (``"criação de município (arts. 1º a 4º)"``)."""
    return None if operation is None else OPERATIONS.get(operation, operation)


def record_operation(record: dict) -> str | None:
    """The operation of a batch record as its study's cover names it (``operation_label``,
    :attr:`viabilidade.operations.base.Operation.label`: an installed municipality's art. 8
    check), else the pt-BR name of its code (a failed study, or one written before records
    carried the label)."""
    return record.get("operation_label") or operation_label(record.get("operation"))


def rule_key(rule_id: str) -> tuple:
    """Sort key putting rule ids in the law's order: ``art4.II`` < ``art4.VII`` < ``art17.I``."""
    roman = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

    def part(tok: str):
        if tok.isdigit():
            return (0, int(tok), "")
        if tok and all(ch in roman for ch in tok):
            vals = [roman[ch] for ch in tok]
            n = sum(-v if i + 1 < len(vals) and v < vals[i + 1] else v for i, v in enumerate(vals))
            return (0, n, "")
        return (1, 0, tok)

    return tuple(part(t) for t in re.split(r"(\d+)|[.\-_§ ]+", rule_id) if t)


def _anchor(record: dict) -> str:
    """The id of a failure's heading, escaped: ``falha-<slug>``; a file refused for sharing
    its slug (no folder of its own; several rows have that slug) adds its file name."""
    tail = "" if record.get("folder") is not None else f"--{quote(Path(record['candidate']).name)}"
    return html.escape(f"falha-{record['slug']}{tail}", quote=True)


def _link(record: dict, kind: str) -> str | None:
    """Path of a study's HTML or PDF relative to the batch folder; none for a failed study."""
    if record["status"] == FAILED:
        return None
    f = (record.get("files") or {}).get(kind)
    return None if f is None else f"{record['folder']}/{f}"


def figure_label(figure: dict | None) -> str | None:
    """The "base" of a headline figure as the study prints it: ``"publicado"``,
    ``"estimado"``, ``"hipótese da simulação"`` (a figure read from an act dated after the
    study), ``"documento declarado"``…; ``None`` without a figure."""
    if not figure or figure.get("value") is None:
        return None
    if figure.get("simulated"):
        return SIMULATED_BASIS_LABEL
    return basis_label(figure.get("basis"), figure["value"], None, figure.get("source"))


def _figure_cells(record: dict) -> dict:
    """A record's headline figures as :data:`FIGURE_COLUMNS` cells (values as the record has
    them, unrounded; a figure the study does not have is missing)."""
    figures = record.get("figures") or {}
    out = {}
    for key, (value, spread, base) in FIGURE_COLUMNS.items():
        f = figures.get(key) or {}
        out[value] = f.get("value")
        if spread:
            out[spread] = f.get("uncertainty")
        if base:
            out[base] = figure_label(f)
    return out


def figure_text(figure: dict | None) -> str:
    """A headline figure as the study writes it, with its basis: ``"3.045 habitantes
    (publicado)"``, ``"2.229 ± 474 eleitores (estimado)"``, ``"301,76 km² (publicado)"``;
    ``"—"`` without one (:func:`viabilidade.report.writers.format.estimate`)."""
    if not figure or figure.get("value") is None:
        return NO_RULE
    text = estimate(figure["value"], figure.get("unit") or "", figure.get("uncertainty"),
                    figure.get("basis"), figure.get("precision"))
    return f"{text} ({figure_label(figure)})"


#: The headline figures the index page shows, each its own column: (record key, heading).
PAGE_FIGURES = (("population", "População"), ("electors", "Eleitorado"), ("area_km2", "Área"))


def results_frame(records: list[dict], not_run: list[dict] | None = None) -> pd.DataFrame:
    """The long table: one row per candidate and rule (columns :data:`COLUMNS`; the figures
    of :data:`NUMBER_COLUMNS` as numbers, the rest text).

    Parameters
    ----------
    records : list of dict
        Result records of :func:`viabilidade.batch.unit.run_one`.
    not_run : list of dict, optional
        Candidates an interrupted batch did not run (slug, candidate, name): one row each,
        ``situacao`` = :data:`NOT_RUN`, unless the slug has a record (an earlier run's, whose
        files are still on disk: that record's rows are written instead).

    Returns
    -------
    DataFrame
        slug, nome, operacao (the operation's pt-BR name), operacao_codigo (its id,
        ``create-municipality``...), candidato (file name), situacao (``concluído``,
        ``falhou`` or ``não executado``), execucao (:data:`THIS_RUN`, or :data:`EARLIER_RUN`
        for a record ``earlier_run``: left in the folder by an earlier run), veredito, conclusao (the study's conclusion line with
        the constitutional bar), fase (where the proposal stands,
        :func:`viabilidade.report.process_file.process_state`), the study's headline figures
        (:data:`FIGURE_COLUMNS`: populacao_hab, eleitores, edificacoes, area_km2, each with
        its ``_incerteza`` (the estimate's half-width, same unit; missing when not estimated)
        and ``_base`` (:func:`figure_label`), and receita_conhecida_estimada_brl_ano; the
        same on every rule row of a candidate; missing for a failed study or one written
        before studies carried them), regra (rule id), status_regra (the study's
        label: ``cumprido``, ``não cumprido``, ``indeterminado``, ``indeterminado
        (provável atendimento)``, ``não se aplica``), status_codigo (``pass`` / ``fail`` /
        ``indeterminate`` / ``not_applicable``), erro (every problem of the failure, one a
        line: ``unit.reason``), html and pdf (paths relative to the batch folder); string dtype
        (Float64 for :data:`NUMBER_COLUMNS`) with missing values as <NA>.
    """
    rows = []
    have = {r["slug"] for r in records}
    for n in sorted(not_run or [], key=lambda n: n["slug"]):
        if n["slug"] not in have:
            rows.append({"slug": n["slug"], "nome": n.get("name"),
                         "candidato": Path(n["candidate"]).name, "situacao": NOT_RUN,
                         "execucao": THIS_RUN})
    for r in sorted(records, key=lambda r: r["slug"]):
        base = {"slug": r["slug"], "nome": r.get("name"),
                "operacao": record_operation(r),
                "operacao_codigo": r.get("operation"), "candidato": Path(r["candidate"]).name,
                "situacao": SITUACAO_PT.get(r["status"], r["status"]),
                "execucao": EARLIER_RUN if r.get("earlier_run") else THIS_RUN,
                "veredito": r.get("verdict"), "conclusao": r.get("conclusion"),
                "fase": r.get("phase"), **_figure_cells(r), "erro": reason(r.get("error")),
                "html": _link(r, "html"), "pdf": _link(r, "pdf")}
        rules = r.get("rules") or {}
        if not rules:
            rows.append(base)
        for rid in sorted(rules, key=rule_key):
            rows.append({**base, "regra": rid, "status_regra": record_label(r, rid),
                         "status_codigo": rules[rid]})
    rows.sort(key=lambda row: row["slug"])  # stable: each slug's rules stay in the law's order
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.astype({c: ("Float64" if c in NUMBER_COLUMNS else "string") for c in COLUMNS})


def tables_bytes(records: list[dict], not_run: list[dict] | None = None) -> tuple[bytes, bytes]:
    """``resultados.csv`` (for Excel in Portuguese: :data:`CSV_READ`) and
    ``resultados.parquet`` (typed: text and Float64) as bytes.

    In the CSV a text cell starting with ``= + - @`` (a candidate named ``=HYPERLINK(...)``)
    is prefixed with ``'`` so that no spreadsheet runs it, and a number is written with a
    decimal comma (``301,761``; a whole one without decimals, ``3045``; a missing one empty)
    (:func:`viabilidade.report.writers.format.csv_bytes`); the Parquet keeps the values as
    they are.
    """
    import io

    from ..report.writers.format import csv_bytes

    df = results_frame(records, not_run)
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    return csv_bytes(df), buf.getvalue()


def read_results_csv(path: Path) -> pd.DataFrame:
    """``resultados.csv`` read back as text (every column a string, a missing cell <NA>),
    for a program that prefers it to the Parquet: ``pandas.read_csv(path, **CSV_READ)``."""
    return pd.read_csv(path, dtype="string", keep_default_na=False, na_values=[""],
                       **CSV_READ)


def _href(path: str) -> str:
    return html.escape(quote(path), quote=True)


_SORT_JS = """
document.querySelectorAll('table.lote th').forEach(function (th, col) {
  th.setAttribute('role', 'button'); th.tabIndex = 0; th.title = 'ordenar';
  function sort() {
    var table = th.closest('table'), body = table.tBodies[0];
    var asc = th.getAttribute('aria-sort') !== 'ascending';
    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[col].dataset.sort || a.cells[col].textContent;
      var y = b.cells[col].dataset.sort || b.cells[col].textContent;
      return (asc ? 1 : -1) * x.localeCompare(y, 'pt-BR', {numeric: true});
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  th.addEventListener('click', sort);
  th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sort(); });
});
"""

_CSS = """
body{font-family:"DejaVu Sans",sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:.85em}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#eee;cursor:pointer}
td.pass{background:#dff0d8}td.fail{background:#f2dede}td.indeterminate{background:#fcf8e3}
td.not_applicable{color:#777}tr.falhou td{background:#fbeaea}tr.nao-executado td{color:#777}
pre{white-space:pre-wrap;font-size:.85em;background:#f6f6f6;padding:.5em}
div.interrompido{border:2px solid #c9302c;background:#fbeaea;padding:.25em 1em;margin:1em 0}
div.rolagem{overflow-x:auto}th:first-child,td:first-child{position:sticky;left:0;background:#fff;min-width:11em}
th:first-child{background:#eee}
ul.atencao{margin:.3em 0 0;padding-left:1.1em;font-size:.85em;min-width:22em}
"""


#: Verdict (or failure) -> (singular, plural) for the summary line, in agreement.
_VERDICT_NOUNS = {"viável": ("viável", "viáveis"), "inviável": ("inviável", "inviáveis"),
                  "indeterminado": ("indeterminado", "indeterminados"),
                  FAILED: ("com falha", "com falha"),
                  NOT_RUN: ("não executado", "não executados")}


def _attention(record: dict, bars: dict[str, int] | None = None) -> str:
    """The study's findings under its conclusion (:mod:`viabilidade.report.findings`: what
    would change it, a thin margin, conflicting data, the readings, the bar), one item each,
    title and summary; ``""`` for a record written before studies carried them. The bar
    (finding ``vedacao``) is left out when the page states the study's bar above the table
    (``bars``, :func:`_bars`): the GUIA says the index states it once."""
    above = bars is not None and record.get("conclusion_short") and record.get("bar_clause") in bars
    found = [f for f in findings_from_record(record) if not (above and f.kind == "vedacao")]
    if not found:
        return ""
    return '<ul class="atencao">' + "".join(attention_items(found)) + "</ul>"


def _verdict_count(verdict, n: int) -> str:
    """``(indeterminado, 2)`` -> ``"2 indeterminados"``; ``(falhou, 1)`` -> ``"1 com falha"``."""
    singular, plural = _VERDICT_NOUNS.get(str(verdict), (str(verdict), str(verdict)))
    return count(n, singular, plural)


def _bars(records: list[dict]) -> dict[str, int]:
    """The constitutional bars the page states once above its table: bar clause -> note
    number (1, 2… in the order of the rows), or {bar: 0} when one bar holds for every
    study of the table (every written study carrying its short conclusion)."""
    done = [r for r in records if r["status"] != FAILED]
    with_bar = [r for r in done if r.get("conclusion_short") and r.get("bar_clause")]
    bars: dict[str, int] = {}
    for r in with_bar:
        bars.setdefault(str(r["bar_clause"]), len(bars) + 1)
    if len(bars) == 1 and len(with_bar) == len(done):
        return {next(iter(bars)): 0}
    return bars


def _bar_notice(bars: dict[str, int]) -> list[str]:
    """The paragraph stating the constitutional bar(s) of the table's studies once."""
    from ..report.writers.format import sentence

    e = html.escape
    if not bars:
        return []
    if list(bars.values()) == [0]:
        return [f'<p class="quadro"><strong>Quadro constitucional de todos os estudos desta '
                f"tabela:</strong> {e(sentence(next(iter(bars))))} A coluna Conclusão dá o "
                "veredito perante a LC nº 2/1990 e em que ele se apoia.</p>"]
    items = "".join(f"<li>[{n}] {e(sentence(bar))}</li>" for bar, n in bars.items())
    return ['<p class="quadro"><strong>Quadro constitucional dos estudos:</strong> a coluna '
            "Conclusão dá o veredito perante a LC nº 2/1990 e em que ele se apoia; a nota "
            f"entre colchetes remete ao quadro constitucional do estudo:</p><ul>{items}</ul>"]


def render_index(records: list[dict], title: str, not_run: list[dict] | None = None, *,
                 stopped_by: str = "Ctrl-C", force: bool = False) -> str:
    """The index page as text (every value escaped; works without JavaScript).

    Parameters
    ----------
    records : list of dict
        Result records of :func:`viabilidade.batch.unit.run_one`: this run's and, for the
        other studies on disk, their last record, marked ``earlier_run``: such a row of a
        candidate this run did not have says :data:`OTHER_RUN` (in its failure's heading
        too) and is counted apart in the summary.
    title : str
        The batch folder's name, shown in the title ("Lote de estudos — pasta lote").
    not_run : list of dict, optional
        Given when the batch was interrupted: the candidates that did not run in this run
        (slug, candidate, name). One whose slug has a record keeps that (earlier) row, marked
        :data:`NOT_REDONE`; the others get a row "não executado". The summary counts every
        row of the table: this run's candidates, then the earlier runs' studies apart.
    stopped_by : str
        What interrupted the batch, named in its notice (``"Ctrl-C"`` or ``"SIGTERM"``).
    force : bool
        The interrupted run had ``--refazer``: the notice says to go on without it.
    """
    e = html.escape
    records = sorted(records, key=lambda r: r["slug"])
    have = {r["slug"] for r in records}
    not_redone = {n["slug"] for n in not_run or [] if n["slug"] in have}
    missing = sorted((n for n in not_run or [] if n["slug"] not in have), key=lambda n: n["slug"])
    rule_ids = sorted({rid for r in records for rid in (r.get("rules") or {})}, key=rule_key)
    bars = _bars(records)
    # rows of candidates this run did not have (earlier_run, not kept by an interrupt) are
    # counted apart: an earlier failure was counted as one of this run's
    others = [r for r in records if r.get("earlier_run") and r["slug"] not in not_redone]
    ours = [r for r in records if not (r.get("earlier_run") and r["slug"] not in not_redone)]
    counts = Counter(r.get("verdict") if r["status"] != FAILED else FAILED for r in ours)
    counts.update({NOT_RUN: len(missing)} if missing else {})
    summary = ", ".join(e(_verdict_count(k, n))
                        for k, n in sorted(counts.items(), key=lambda kv: str(kv[0])))
    summary = summary or "nenhum"
    if others:
        apart = Counter(r.get("verdict") if r["status"] != FAILED else FAILED for r in others)
        summary += (". A pasta guarda também "
                    + e(count(len(others), "estudo de uma execução anterior",
                              "estudos de execuções anteriores"))
                    + ", de candidatos fora desta execução ("
                    + ", ".join(e(_verdict_count(k, n))
                                for k, n in sorted(apart.items(), key=lambda kv: str(kv[0])))
                    + f"), marcados “{e(OTHER_RUN)}”")
    out = ["<!DOCTYPE html>", '<html lang="pt-BR"><head><meta charset="utf-8">',
           f"<title>Lote de estudos — pasta {e(title)}</title>",
           f"<style>{_CSS}</style></head><body>",
           f"<h1>Lote de estudos de viabilidade (LC 02/1990) — pasta {e(title)}</h1>",
           f"<p>{e(count(len(ours) + len(missing), 'candidato'))}: {summary}. "
           "Dados por candidato e regra, com os números de cada estudo, em "
           '<a href="resultados.csv">resultados.csv</a> (para o Excel em português: ponto e '
           "vírgula entre campos, vírgula decimal) e "
           '<a href="resultados.parquet">resultados.parquet</a> (tipado, para programas). '
           "Clique num cabeçalho para ordenar a tabela.</p>",
           *(_interrupted_notice(records, not_redone, missing, stopped_by, force) if not_run is not None else []),
           *_bar_notice(bars),
           '<div class="rolagem"><table class="lote"><thead><tr><th>Candidato</th><th>Operação</th>'
           "<th>Conclusão</th><th>Fase</th>"
           + "".join(f"<th>{e(head)}</th>" for _, head in PAGE_FIGURES)]
    out += [f"<th>{e(rule_citation(rid))}</th>" for rid in rule_ids]
    out.append("<th>Estudo</th></tr></thead><tbody>")
    failures = [r for r in records if r["status"] == FAILED]
    detailed = failures[:PROBLEMS_SHOWN]  # told in full below; the others by their row only
    anchored = {id(r) for r in detailed}
    rows = [(r["slug"], r) for r in records] + [(n["slug"], None) for n in missing]
    for slug, r in sorted(rows, key=lambda sr: sr[0]):
        if r is None:
            n = next(x for x in missing if x["slug"] == slug)
            out.append(f'<tr class="nao-executado"><td data-sort="{e(slug, quote=True)}">'
                       f"{e(str(n.get('name') or slug))}<br><small>{e(slug)}</small></td>"
                       f"<td>{NO_RULE}</td><td>{e(NOT_RUN)}</td><td>{NO_RULE}</td>"
                       + f"<td>{NO_RULE}</td>" * (len(PAGE_FIGURES) + len(rule_ids))
                       + f"<td>{NO_RULE}</td></tr>")
            continue
        failed = r["status"] == FAILED
        mark = (f"<br><small>{e(NOT_REDONE)}</small>" if slug in not_redone else
                f"<br><small>{e(OTHER_RUN)}</small>" if r.get("earlier_run") else "")
        name = e(str(r.get("name") or slug))
        if _link(r, "html"):   # the name opens the study: the links column is off-screen on a
            name = f'<a href="{_href(_link(r, "html"))}">{name}</a>'   # wide table
        prev = r.get("previous") if failed else None
        said = e(_conclusion(r, bars)) if not failed else "falhou"
        if failed:  # why, in the row itself: the links column is off-screen on a wide table
            why = problems(r.get("error")) or ["sem mensagem de erro"]
            others = len(only_problems(why[1:]))  # "… não rodaram" is a note, not a problem
            more = (f" (e mais {others} problema{'s' if others > 1 else ''})" if others else "")
            said += ((f'<br><small><a href="#{_anchor(r)}">motivo</a>: ' if id(r) in anchored
                      else "<br><small>motivo: ") + f"{e(why[0])}{more}</small>")
        if not failed:  # the study's findings, as the study, its deck and its bill print them
            said += _attention(r, bars)
            said += "".join(f"<br><small>aviso: {e(str(n))}</small>" for n in r.get("notices") or ())
        if prev:  # the earlier study is still whole in its folder: say so, link it
            said += (f"<br><small>{e(EARLIER)}: {e(_conclusion(prev, bars))}</small>")
        cells = [f'<td data-sort="{e(slug, quote=True)}">{name}'
                 f"<br><small>{e(slug)}</small>{mark}</td>",
                 f"<td>{e(record_operation(r) or NO_RULE)}</td>",
                 f"<td>{said}</td>",
                 f"<td>{e(r.get('phase') or NO_RULE)}</td>"]
        figures = r.get("figures") or {}
        cells += [_figure_cell(figures.get(key)) for key, _ in PAGE_FIGURES]
        rules = r.get("rules") or {}
        for rid in rule_ids:
            st = rules.get(rid)
            cells.append(f'<td class="{e(str(st), quote=True)}">{e(record_label(r, rid))}</td>'
                         if st else f"<td>{NO_RULE}</td>")
        links = [f'<a href="{_href(_link(r, k))}">{k.upper()}</a>' for k in ("html", "pdf")
                 if _link(r, k)]
        if prev:
            links += [f'<a href="{_href(_link(prev, k))}">{k.upper()} anterior</a>'
                      for k in ("html", "pdf") if _link(prev, k)]
        if failed and id(r) in anchored:
            links.append(f'<a href="#{_anchor(r)}">motivo</a>')
        cells.append(f"<td>{' · '.join(links) or NO_RULE}</td>")
        cls = ' class="falhou"' if failed else ""
        out.append(f"<tr{cls}>{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    out.append(f'<p class="legenda">{e(CELL_LEGEND)}</p>')
    if failures:
        out.append(f"<h2>Falhas ({len(failures)})</h2>")
        for r in detailed:
            files = " · ".join(f'<a href="{_href(r["folder"] + "/" + f)}">{e(f)}</a>'
                               for f in (r.get("files") or {}).values())
            when = f" — {e(OTHER_RUN)}" if r.get("earlier_run") and r["slug"] not in not_redone else ""
            out.append(f'<h3 id="{_anchor(r)}">{e(str(r.get("name") or r["slug"]))}'
                       f" ({e(Path(r['candidate']).name)}){when}</h3>")
            if files:
                out.append(f"<p>Arquivos deixados: {files}</p>")
            said = "<br>".join(e(line) for line in problems(r.get("error")))
            out.append(f"<p><strong>Motivo:</strong> {said}</p>")
            out.append(f"<details><summary>Erro completo</summary><pre>{e(r.get('error') or '')}"
                       "</pre></details>")
        if len(failures) > len(detailed):  # 3.000 bad files made a 6 MB page (H6-9)
            out.append(f"<p>{e(capped([], len(failures), noun='falha', feminine=True)[0])}</p>")
    out.append(f"<script>{_SORT_JS}</script></body></html>")
    return "\n".join(out) + "\n"


def _figure_cell(figure: dict | None) -> str:
    """A headline figure's cell (:func:`figure_text`), sorted by its value."""
    if not figure or figure.get("value") is None:
        return f"<td>{NO_RULE}</td>"
    key = f"{float(figure['value']):020.6f}"   # numeric order through localeCompare
    return f'<td data-sort="{key}">{html.escape(figure_text(figure))}</td>'


def resume_advice(force: bool = False) -> str:
    """How to go on after an interrupted batch: the same command, without ``--refazer`` when
    it had it (with it every study would be redone again), which skips the studies up to
    date; one parenthetical, said alike on the terminal and on the index page."""
    if force:
        return ("para continuar, rode o mesmo comando sem --refazer, que pula os estudos em dia "
                "(com --refazer, tudo seria refeito de novo)")
    return "rode o mesmo comando de novo para continuar (os estudos em dia são pulados)"


def _interrupted_notice(records: list[dict], not_redone: set[str], missing: list[dict],
                        stopped_by: str = "Ctrl-C", force: bool = False) -> list[str]:
    """The page's notice of an interrupted batch: the studies kept from an earlier run
    (``not_redone``, slugs of ``records``) and the candidates with no study (``missing``);
    ``stopped_by`` names the signal, ``force`` says the run had ``--refazer``."""
    e = html.escape

    def items(pairs) -> str:
        return "<ul>" + "".join(f"<li>{e(str(name))} ({e(Path(cand).name)})</li>"
                                for name, cand in pairs) + "</ul>"

    out = [f'<div class="interrompido"><p><strong>Lote interrompido</strong> ({e(stopped_by)}) '
           f"antes do fim; {e(resume_advice(force))}.</p>"]
    if not_redone:
        kept = [(r.get("name") or r["slug"], r["candidate"]) for r in records
                if r["slug"] in not_redone]
        out.append(f"<p>{e(count(len(kept), 'estudo não foi refeito', 'estudos não foram refeitos'))}"
                   " nesta execução; a tabela mostra o resultado da execução anterior, cujos "
                   "arquivos continuam na pasta:</p>" + items(kept))
    if missing:
        out.append(f"<p>{e(count(len(missing), 'candidato não foi executado', 'candidatos não foram executados'))}"
                   f" e não {'tem' if len(missing) == 1 else 'têm'} estudo na pasta:</p>"
                   + items((n.get("name") or n["slug"], n["candidate"]) for n in missing))
    out.append("</div>")
    return out


def write_index(records: list[dict], out_dir: Path, title: str | None = None,
                not_run: list[dict] | None = None, *, stopped_by: str = "Ctrl-C",
                force: bool = False) -> dict[str, Path]:
    """Write ``index.html``, ``resultados.csv`` and ``resultados.parquet`` into ``out_dir``.

    The three files are replaced together (:func:`viabilidade.report.writers.atomic.
    write_files_atomically`): a write that fails leaves the previous index whole.

    Parameters
    ----------
    records : list of dict
        Result records, one per study.
    out_dir : Path
        The batch folder (created if needed).
    title : str, optional
        Batch name; default the folder's name.
    not_run : list of dict, optional
        When the batch was interrupted: the candidates that did not run (see
        :func:`render_index`).
    stopped_by, force
        As :func:`render_index` takes them (the notice of an interrupted batch).

    Returns
    -------
    dict
        {"html": ..., "csv": ..., "parquet": ...} paths.
    """
    from ..report.writers.atomic import write_files_atomically

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    csv, parquet = tables_bytes(records, not_run)
    page = render_index(records, title or out_dir.name, not_run, stopped_by=stopped_by,
                        force=force).encode("utf-8")
    write_files_atomically(out_dir, {"index.html": page, "resultados.csv": csv,
                                     "resultados.parquet": parquet})
    return {"html": out_dir / "index.html", "csv": out_dir / "resultados.csv",
            "parquet": out_dir / "resultados.parquet"}
