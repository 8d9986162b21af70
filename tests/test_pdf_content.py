"""The PDF says what the HTML says: every figure and every rule status of a study's HTML is in
its PDF's text, for three candidates of different operations (an area of districts read under
three rulesets, a whole municipality, a fusion, a drawn area), and the Typst writer knows every tag and
class they use.

The studies run once through papermill (module fixture); the PDF is the one the study wrote.
"""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
import shutil
from pathlib import Path

import pytest

import pdftext
from conftest import shared_study
from viabilidade.report.writers import export

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
#: Posse d'Abadia is also read under other rulesets ("Sob outras regras", a side-by-side table).
RULESETS = {"posse-dabadia": "lc02-1990-go,plp-137-2015,pls-104-2014"}
CASES = ("posse-dabadia",          # create a municipality from a district
         "nova-iguacu-de-goias",   # create a municipality from a whole municipality (retrospective)
         "fusao-anhanguera-cumari",  # fusion of two municipalities
         "posse-dabadia-desenhada")  # a drawn area (KML): boundary check and memorial

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (STORE / "manifest.json").exists(), reason="no processed store"),
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")]

#: Figures as the studies print them: "R$ 2.900.224,28", "3.045", "12.753,88", "+1,50 %", "2027".
#: Digits inside a word (commit hashes, file names) are not figures.
FIGURE = re.compile(r"(?<![\w.,])(?:R\$ ?\d{1,3}(?:\.\d{3})*(?:,\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?"
                    r"|\d+,\d+|\d{2,})(?![\w])")
STATUS = re.compile(r'<span class="status st-[a-z]+"><span[^>]*>([^<]*)</span>([^<]*)</span>')


def visible_text(html: str) -> str:
    """Body text a reader sees: no tags, styles, embedded images or monospace code."""
    body = html.split("<body", 1)[-1]
    body = re.sub(r"<style.*?</style>|<code[^>]*>.*?</code>|<img[^>]*>", " ", body, flags=re.S)
    return pdftext.flat(htmllib.unescape(re.sub(r"<[^>]+>", " ", body)).replace("\xa0", " "))


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    out = {}
    for slug in CASES:          # shared with the other modules that read them (conftest)
        folder = ROOT / ("tests/fixtures" if slug.endswith("-desenhada") else "data/candidates")
        out[slug] = Path(shared_study(tmp_path_factory, folder / f"{slug}.toml",
                                      dt.date(2026, 11, 29), RULESETS.get(slug))["folder"])
    return {slug: ((out[slug] / "estudo.html").read_text(encoding="utf-8"),
                   pdftext.flat(pdftext.pdf_text(out[slug] / "estudo.pdf")).replace("\xa0", " "))
            for slug in CASES}


@pytest.mark.parametrize("slug", CASES)
def test_every_figure_of_the_html_is_in_the_pdf(studies, slug):
    html, pdf = studies[slug]
    figures = set(FIGURE.findall(visible_text(html)))
    assert len(figures) > 40, figures                      # the check has something to check
    # a published amount to the centavo (the state ICMS of 2023); art. 4 VII's approximate
    # limit reads "cerca de R$ 2,90 milhões" (legal review 3, finding 4)
    assert "3.045" in figures and "R$ 24.492.316.786,84" in figures or slug != "posse-dabadia"
    missing = sorted(f for f in figures if f not in pdf)
    assert missing == [], missing
    assert slug != "posse-dabadia" or 'class="tabela lado-a-lado"' in html


@pytest.mark.parametrize("slug", CASES)
def test_every_rule_status_of_the_html_is_in_the_pdf(studies, slug):
    html, pdf = studies[slug]
    # the sign before each status (● ◐ ○, aria-hidden) is drawn as a shape in the PDF: the
    # words must be there
    statuses = {pdftext.flat(htmllib.unescape(text)) for _sign, text in STATUS.findall(html)}
    assert len(statuses) >= 2 and any(s.startswith("indeterminado") for s in statuses), statuses
    missing = sorted(s for s in statuses if s not in pdf)
    assert missing == [], missing


@pytest.mark.parametrize("slug", CASES)
def test_pdf_writer_knows_every_tag_and_class_of_the_study(studies, slug):
    html, _ = studies[slug]
    rendered = export.render(html)
    assert rendered.unknown == frozenset()
    assert rendered.ua_error is None         # PDF/UA-1: headings in order, alt texts, title
