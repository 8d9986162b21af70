"""HTML and PDF export of a study notebook (synthetic notebook from real rule results).

The notebook here is built directly from the sections (no kernel), with the rule engine run
on the Posse d'Abadia profile of ``test_rules_fixtures``; whole studies run through papermill
are in ``test_study_run.py``.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess

import nbformat
import pytest

from test_rules_fixtures import candidate, posse_profile
from viabilidade.profile.analysis import Analysis
from viabilidade.errors import ReportError
from viabilidade.report.writers import export
from viabilidade.report import process, sections
from viabilidade.operations import evaluate, verdict_under_alternatives
from viabilidade.rules import Settings, verdict

SCRIPT = "<script>alert(1)</script>"
PROVENANCE = [{"table": "districts", "source": "IBGE, Censo Demográfico 2022", "publisher": "IBGE",
               "vintage": "2022-08-01",
               "files": [{"path": "census/Agregados_por_distritos.csv", "sha256": "0f" * 32}]}]


def make_analysis(name: str = "Posse d'Abadia") -> Analysis:
    c, p, s = candidate(name=name), posse_profile(), Settings()
    rs = evaluate(c, p, s)
    return Analysis(candidate=c, settings=s, profile=p, results=rs, verdict=verdict(rs),
                    provenance=PROVENANCE, alternatives=verdict_under_alternatives(c, p, s))


def make_notebook(a: Analysis) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    parts = [sections.cover(a, dt.date(2026, 11, 30)), sections.summary(a), sections.area(a),
             sections.group(a, "sec-art4"), sections.group(a, "sec-origem"), process.process_section(a),
             process.draft_law_section(a), process.fiscal_section(a), sections.other_rules(a),
             sections.sensitivity(a), sections.appendices(a)]
    params = nbformat.v4.new_code_cell("candidate_path = 'x'", metadata={"tags": ["injected-parameters"]})
    nb.cells.append(params)
    for i, html in enumerate(parts):
        cell = nbformat.v4.new_code_cell(f"display(HTML(part_{i}))")
        cell.id = f"cell-{i}"
        cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": str(html),
                                                                     "text/plain": "<HTML>"})]
        nb.cells.append(cell)
    params.id = "params"
    return nb


@pytest.fixture(scope="module")
def analysis():
    return make_analysis()


@pytest.fixture(scope="module")
def html(analysis):
    return export.notebook_to_html(make_notebook(analysis))


@pytest.fixture(scope="module")
def pdf(html):
    return export.html_to_pdf(html)


def test_html_has_no_code_cells_prompts_or_parameters(html):
    for marker in ("jp-InputArea", "input_area", "jp-InputPrompt", "candidate_path", "In&nbsp;[",
                   "injected-parameters"):
        assert marker not in html


def test_html_is_self_contained(html):
    assert "<script" not in html.lower()
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)
    assert "@import" not in html and "url(http" not in html
    assert html.count("<style>") == 1
    assert len(html.encode()) < 250_000
    assert html.startswith("<!DOCTYPE html>") and '<html lang="pt-BR">' in html


def test_html_table_of_contents_links_every_section(html):
    ids = re.findall(r'<h2[^>]*id="(sec-[a-z0-9-]+)"', html)
    assert ids[:3] == ["sec-resumo", "sec-area", "sec-art4"]
    nav = re.search(r'<nav[^>]*id="sumario".*?</nav>', html, re.S).group(0)
    assert [f"#{i}" for i in ids] == re.findall(r'href="(#sec-[^"]+)"', nav)


def test_html_title_and_cover(html):
    assert re.search(r"<title>Estudo de viabilidade — criação do Município de Posse d(&#x27;|')Abadia</title>",
                     html)
    assert 'class="cabecalho-corrente">Posse d' in html
    assert "30 de novembro de 2026" in html


def test_html_shows_every_rule_and_the_legal_text(html, analysis):
    from viabilidade.report.writers.format import result_citation

    for r in analysis.results:  # each rule, by its citation (never its internal id)
        assert f'<td class="id">{result_citation(r)}</td>' in html, r.rule_id
        assert f"<code>{r.rule_id}</code>" not in html
    assert "população de mais de três mil habitantes" in html  # art. 4 IV as the law words it
    assert "Art. 4º" in html  # appendix with the law's text


def test_script_as_candidate_name_is_shown_as_text():
    out = export.notebook_to_html(make_notebook(make_analysis(SCRIPT)))
    assert "<script" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out


def test_html_is_byte_stable(analysis, html):
    assert export.notebook_to_html(make_notebook(analysis)) == html


def test_error_output_is_reported():
    nb = make_notebook(make_analysis())
    nb.cells[3].outputs = [nbformat.v4.new_output("error", ename="KeyError", evalue="'art4.IV'",
                                                  traceback=[])]
    with pytest.raises(ReportError, match=r"a célula 3 do estudo levantou KeyError: 'art4.IV'"):
        export.notebook_to_html(nb)


def test_notebook_without_cover_is_reported():
    nb = nbformat.v4.new_notebook()
    with pytest.raises(ReportError, match="não tem a capa do estudo"):
        export.notebook_to_html(nb)


def test_pdf_refuses_external_resources():
    with pytest.raises(ReportError, match="recurso externo"):
        export.html_to_pdf('<html><body><img src="http://example.org/x.png"></body></html>')


def test_pdf_is_byte_stable_and_has_no_dates(pdf, html):
    assert export.html_to_pdf(html) == pdf
    assert b"/CreationDate" not in pdf and b"/ModDate" not in pdf
    assert b"/tmp/" not in pdf


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_pdf_text(pdf, tmp_path, analysis):
    path = tmp_path / "estudo.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Posse d'Abadia" in text and "Posse d’Abadia" not in text  # the name as written
    assert "Abadiânia" in text
    assert "3.045" in text
    assert "Página 1 de" in text
    pages = int(re.search(r"Página 1 de (\d+)", text).group(1))
    assert f"Página {pages} de {pages}" in text
    for r in analysis.results:
        assert r.title[:20] in re.sub(r"\s+", " ", text), r.rule_id
        assert r.rule_id not in text
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Page size:\s+595\.2\d* x 841\.89 pts \(A4\)", info), info
    assert re.search(r"Title:\s+Estudo de viabilidade — criação do Município de Posse d.Abadia", info)
    assert re.search(r"^Tagged:\s+yes$", info, re.M), info   # headings, tables, figures with alt text


def test_pdf_writer_knows_every_tag_and_class_of_the_study(html):
    """A tag or class the Typst writer does not know would be printed unstyled: none may exist."""
    rendered = export.render(html)
    assert rendered.unknown == frozenset()
    assert rendered.ua_error is None and b"pdfuaid:part" in rendered.pdf   # declared PDF/UA-1


#: Hosts Chromium itself calls (updates, accounts, dictionaries) — not requests of the page.
CHROMIUM_OWN = ("google.com", "googleapis.com", "gvt1.com", "gstatic.com", "googleusercontent.com")


def chromium_load(page) -> tuple[str, list[str], list[str]]:
    """Load a local page in headless Chromium: (DOM, console lines, URLs requested off-machine)."""
    proc = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update",
         "--proxy-server=127.0.0.1:9", "--enable-logging=stderr", "--v=1", "--dump-dom",
         page.as_uri()], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [ln for ln in proc.stderr.splitlines() if ":CONSOLE" in ln]
    urls = re.findall(r"NotifyBeforeURLRequest: (\S+)", proc.stderr)
    external = [u for u in urls if not u.startswith(("file:", "data:", "chrome"))
                and not any(re.match(rf"https?://([^/]*\.)?{re.escape(h)}[:/]", u) for h in CHROMIUM_OWN)]
    return proc.stdout, console, external


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium"), reason="Debian's chromium not installed")
def test_html_loads_in_chromium_without_console_errors_or_requests(html, tmp_path):
    page = tmp_path / "estudo.html"
    page.write_text(html, encoding="utf-8")
    dom, console, external = chromium_load(page)
    assert "Sumário executivo" in dom
    assert console == []
    assert external == []


@pytest.mark.browser
@pytest.mark.skipif(not shutil.which("chromium"), reason="Debian's chromium not installed")
def test_chromium_check_detects_requests_and_console_messages(tmp_path):
    """The check above can fail: a page with an external image and a console error is caught."""
    page = tmp_path / "ruim.html"
    page.write_text('<html><body><img src="http://example.org/x.png">'
                    '<script>console.error("falha")</script></body></html>', encoding="utf-8")
    _, console, external = chromium_load(page)
    assert any('"falha"' in ln for ln in console)
    assert external == ["http://example.org/x.png"]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_pdf_table_of_contents_page_numbers_are_right(pdf, tmp_path):
    path = tmp_path / "estudo.pdf"
    path.write_bytes(pdf)

    def page_text(first: int, last: int | None = None) -> str:
        return subprocess.run(["pdftotext", "-f", str(first), "-l", str(last or first), str(path), "-"],
                              capture_output=True, text=True, check=True).stdout

    def flat(text: str) -> str:      # where a line wraps is layout, not content
        return re.sub(r"\s+", " ", text)

    toc = re.findall(r"^(\d+)\. (.+?)\s*\.{3,}\s*(\d+)$", page_text(1), re.M)
    assert len(toc) >= 8
    for number, title, page in toc:
        assert flat(f"{number}. {title}") in flat(page_text(int(page))), (title, page)
    # running header with the candidate's name from page 2 on, not on the cover
    assert page_text(2).lstrip().startswith("Posse d'Abadia")


def _visible_text(html: str) -> str:
    """Text of the body without tags, styles, embedded images and monospace code spans."""
    body = html.split("<body", 1)[-1]
    body = re.sub(r"<style.*?</style>|<code[^>]*>.*?</code>|data:[^\"]+", " ", body, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


def test_html_verdict_and_counts_agree_in_gender_and_number(html, analysis):
    text = re.sub(r"\s+", " ", _visible_text(html))
    adjective = {"indeterminado": "Viabilidade indeterminada", "viável": "Viável", "inviável": "Inviável"}
    assert re.search(rf"{adjective[str(analysis.verdict)]} perante a LC nº 2/1990\s*;", text)
    assert not re.search(r"\b([2-9]|\d\d+) (requisitos )?(cumprido|indeterminado|não cumprido)\b", text)
    assert re.search(r"adotados: \d+ requisitos? (cumpridos?|não cumpridos?|indeterminados?|"
                     r"atingidos? nos dados publicados)", text)


def test_html_dates_and_numbers_are_brazilian(html):
    text = _visible_text(html)
    assert not re.search(r"\b\d{4}-\d{2}-\d{2}\b", text), re.search(r".{40}\d{4}-\d{2}-\d{2}.{20}", text)
    assert "01/08/2022" in text  # the provenance vintage 2022-08-01
    assert ">=" not in text and "&gt;=" not in text


def test_html_shows_no_raw_setting_keys(html):
    text = _visible_text(html)
    for key in Settings().to_dict():
        if "_" in key:
            assert key not in text, key
    for raw in ("absolute-majority", "total-revenue", "first-release", "vintage:"):
        assert raw not in text, raw
    assert "reduction_items" not in html  # the keys and raw values are in resultados.json


def test_html_law_slips_are_marked_sic(html):
    assert 'Instituo <span class="sic">[sic]</span> Brasileiro' in html
    assert 'Cartório Eleitoral. <span class="sic">[sic]</span>' in html


def test_html_readings_table_once_and_rules_cited_by_article(html):
    # once: the readings of the law, then the other edition of the data in a table of its own
    # (polish12), both under Sensibilidade
    tables = html.split('class="tabela alternativas"')
    assert len(tables) == 3
    assert "Leitura alternativa" in tables[1] and "Outra edição dos dados" in tables[2]
    assert "Outra edição dos dados" not in tables[1]
    assert '<td class="id">Art. 4º, IV</td>' in html and "art4.IV" not in html
