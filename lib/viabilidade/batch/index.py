"""The batch index: ``index.html`` (a sortable table), ``resultados.csv`` and ``.parquet``.

One row per candidate and rule in the tables (a failed candidate has one row with an empty
rule); rows ordered by slug, then rule in the law's order, so that two runs of the same
batch — on a local pool or a cluster, whole or resumed — write identical files.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import pandas as pd

from ..candidate import OPERATIONS
from ..report.format import count
from ..report.tables import RULE_ID_LEGEND
from .unit import FAILED, reason

COLUMNS = ["slug", "nome", "operacao", "candidato", "situacao", "veredito", "regra",
           "status_regra", "erro", "html", "pdf"]
STATUS_PT = {"pass": "atende", "fail": "não atende", "indeterminate": "indeterminado",
             "not_applicable": "não se aplica"}
SITUACAO_PT = {"ok": "concluído", FAILED: "falhou"}


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


def _link(record: dict, kind: str) -> str | None:
    """Path of a study's HTML or PDF relative to the batch folder; none for a failed study."""
    if record["status"] == FAILED:
        return None
    f = (record.get("files") or {}).get(kind)
    return None if f is None else f"{record['folder']}/{f}"


def results_frame(records: list[dict]) -> pd.DataFrame:
    """The long table: one row per candidate and rule (columns :data:`COLUMNS`, all text).

    Parameters
    ----------
    records : list of dict
        Result records of :func:`viabilidade.batch.unit.run_one`.

    Returns
    -------
    DataFrame
        slug, nome, operacao (the operation id), candidato (file name), situacao (``ok`` or
        ``falhou``), veredito, regra (rule id), status_regra (pass / fail / indeterminate /
        not_applicable), erro (the failure reason in one line, see ``unit.reason``), html and pdf (paths relative
        to the batch folder); string dtype with missing values as <NA>.
    """
    rows = []
    for r in sorted(records, key=lambda r: r["slug"]):
        base = {"slug": r["slug"], "nome": r.get("name"), "operacao": r.get("operation"),
                "candidato": Path(r["candidate"]).name, "situacao": r["status"],
                "veredito": r.get("verdict"), "erro": reason(r.get("error")),
                "html": _link(r, "html"), "pdf": _link(r, "pdf")}
        rules = r.get("rules") or {}
        if not rules:
            rows.append({**base, "regra": None, "status_regra": None})
        for rid in sorted(rules, key=rule_key):
            rows.append({**base, "regra": rid, "status_regra": rules[rid]})
    return pd.DataFrame(rows, columns=COLUMNS).astype("string")


def write_tables(records: list[dict], out_dir: Path) -> tuple[Path, Path]:
    """Write ``resultados.csv`` (UTF-8, comma) and ``resultados.parquet`` into ``out_dir``."""
    df = results_frame(records)
    csv, parquet = Path(out_dir) / "resultados.csv", Path(out_dir) / "resultados.parquet"
    df.to_csv(csv, index=False, encoding="utf-8", lineterminator="\n")
    df.to_parquet(parquet, index=False)
    return csv, parquet


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
td.not_applicable{color:#777}tr.falhou td{background:#fbeaea}
pre{white-space:pre-wrap;font-size:.85em;background:#f6f6f6;padding:.5em}
"""


#: Verdict (or failure) -> (singular, plural) for the summary line, in agreement.
_VERDICT_NOUNS = {"viável": ("viável", "viáveis"), "inviável": ("inviável", "inviáveis"),
                  "indeterminado": ("indeterminado", "indeterminados"),
                  FAILED: ("com falha", "com falha")}


def _verdict_count(verdict, n: int) -> str:
    """``(indeterminado, 2)`` -> ``"2 indeterminados"``; ``(falhou, 1)`` -> ``"1 com falha"``."""
    singular, plural = _VERDICT_NOUNS.get(str(verdict), (str(verdict), str(verdict)))
    return count(n, singular, plural)


def render_index(records: list[dict], title: str) -> str:
    """The index page as text (every value escaped; works without JavaScript).

    Parameters
    ----------
    records : list of dict
        Result records of :func:`viabilidade.batch.unit.run_one`.
    title : str
        Batch name, shown as the page title.
    """
    e = html.escape
    records = sorted(records, key=lambda r: r["slug"])
    rule_ids = sorted({rid for r in records for rid in (r.get("rules") or {})}, key=rule_key)
    counts = Counter(r.get("verdict") if r["status"] != FAILED else FAILED for r in records)
    summary = ", ".join(e(_verdict_count(k, n))
                        for k, n in sorted(counts.items(), key=lambda kv: str(kv[0])))
    out = ["<!DOCTYPE html>", '<html lang="pt-BR"><head><meta charset="utf-8">',
           f"<title>Lote {e(title)} — estudos de viabilidade</title>",
           f"<style>{_CSS}</style></head><body>",
           f"<h1>Estudos de viabilidade (LC 02/1990) — lote “{e(title)}”</h1>",
           f"<p>{e(count(len(records), 'candidato'))}: {summary}. Dados por candidato e regra em "
           '<a href="resultados.csv">resultados.csv</a> e '
           '<a href="resultados.parquet">resultados.parquet</a>. '
           "Clique num cabeçalho para ordenar a tabela.</p>",
           '<table class="lote"><thead><tr><th>Candidato</th><th>Operação</th><th>Veredito</th>']
    out += [f"<th>{e(rid)}</th>" for rid in rule_ids]
    out.append("<th>Estudo</th></tr></thead><tbody>")
    for r in records:
        failed = r["status"] == FAILED
        op = r.get("operation")
        cells = [f'<td data-sort="{e(r["slug"], quote=True)}">{e(str(r.get("name") or r["slug"]))}'
                 f"<br><small>{e(r['slug'])}</small></td>",
                 f"<td>{e(OPERATIONS.get(op, op or '—'))}</td>",
                 f"<td>{e('falhou' if failed else str(r.get('verdict') or '—'))}</td>"]
        rules = r.get("rules") or {}
        for rid in rule_ids:
            st = rules.get(rid)
            cells.append(f'<td class="{e(str(st), quote=True)}">{e(STATUS_PT.get(st, st or ""))}</td>'
                         if st else "<td></td>")
        links = [f'<a href="{_href(_link(r, k))}">{k.upper()}</a>' for k in ("html", "pdf")
                 if _link(r, k)]
        if failed:
            links.append(f'<a href="#falha-{e(r["slug"], quote=True)}">motivo</a>')
        cells.append(f"<td>{' · '.join(links) or '—'}</td>")
        cls = ' class="falhou"' if failed else ""
        out.append(f"<tr{cls}>{''.join(cells)}</tr>")
    out.append("</tbody></table>")
    out.append(f'<p class="legenda">{e(RULE_ID_LEGEND)}</p>')
    failures = [r for r in records if r["status"] == FAILED]
    if failures:
        out.append(f"<h2>Falhas ({len(failures)})</h2>")
        for r in failures:
            files = " · ".join(f'<a href="{_href(r["folder"] + "/" + f)}">{e(f)}</a>'
                               for f in (r.get("files") or {}).values())
            out.append(f'<h3 id="falha-{e(r["slug"], quote=True)}">{e(str(r.get("name") or r["slug"]))}'
                       f" ({e(Path(r['candidate']).name)})</h3>")
            if files:
                out.append(f"<p>Arquivos deixados: {files}</p>")
            out.append(f"<p><strong>Motivo:</strong> {e(reason(r.get('error')) or '')}</p>")
            out.append(f"<details><summary>Erro completo</summary><pre>{e(r.get('error') or '')}"
                       "</pre></details>")
    out.append(f"<script>{_SORT_JS}</script></body></html>")
    return "\n".join(out) + "\n"


def write_index(records: list[dict], out_dir: Path, title: str | None = None) -> dict[str, Path]:
    """Write ``index.html``, ``resultados.csv`` and ``resultados.parquet`` into ``out_dir``.

    Returns
    -------
    dict
        {"html": ..., "csv": ..., "parquet": ...} paths.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    csv, parquet = write_tables(records, out_dir)
    page = out_dir / "index.html"
    tmp = out_dir / "index.html.tmp"
    tmp.write_text(render_index(records, title or out_dir.name), encoding="utf-8")
    tmp.replace(page)
    return {"html": page, "csv": csv, "parquet": parquet}
