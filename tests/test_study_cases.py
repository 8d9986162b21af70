"""Whole studies of the two reference cases: what a committee member must find in the PDF.

Posse d'Abadia (district 520010010 of Abadiânia, Censo 2022: 3,045 inhabitants) as a
prospective creation, and Nova Iguaçu de Goiás (Lei 11.406 of 16/01/1991, from Mara Rosa)
as a retrospective one.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import pdftext
from viabilidade.report.study import run_study

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    # slug: (installation date as printed, councillors in the first legislature)
    "posse-dabadia": ("1º de janeiro de 2029", 9),
    "nova-iguacu-de-goias": ("1º de janeiro de 1993", 9),
}

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("pdftotext") is None,
                                 reason="pdftotext (poppler-utils) not installed")]


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    out = tmp_path_factory.mktemp("outputs")
    for slug in CASES:
        run_study(ROOT / "data" / "candidates" / f"{slug}.toml", out,
                  study_date=__import__("datetime").date(2026, 11, 29))
    return out


def pdf_text(path: Path) -> str:
    return pdftext.flat(pdftext.pdf_text(path))


@pytest.mark.parametrize("slug", sorted(CASES))
def test_pdf_has_cover_toc_pages_every_rule_installation_and_councillors(studies, slug):
    folder = studies / slug
    text = pdf_text(folder / "estudo.pdf")
    record = json.loads((folder / "resultados.json").read_text(encoding="utf-8"))
    assert "Página 1 de" in text
    assert "Sumário" in text                              # table of contents
    assert "Estudo de viabilidade" in text                # cover title
    from viabilidade.report.format import rule_citation

    flat = re.sub(r"\s+", " ", text)
    for rule in {r["rule_id"] for r in record["results"]}:  # cited, never by internal id
        assert rule not in text, f"{rule} printed in the PDF"
        assert rule_citation(rule)[1:] in flat, f"{rule_citation(rule)} missing from the PDF"
    installation, councillors = CASES[slug]
    assert installation in text
    m = re.search(r"Vereadores na primeira legislatura (?:\([^)]*\) )?(\d+)", re.sub(r"\s+", " ", text))
    assert m and int(m.group(1)) == councillors


def test_retrospective_case_decides_continuity_from_the_polygons(studies):
    record = json.loads((studies / "nova-iguacu-de-goias" / "resultados.json").read_text("utf-8"))
    status = {r["rule_id"]: r["status"] for r in record["results"]}
    assert status["art4.III"] == "pass"          # Mara Rosa's remainder is one piece
    assert status["art4.IV"] == "pass"           # 3,010 > 3,000
    text = pdf_text(studies / "nova-iguacu-de-goias" / "estudo.pdf")
    assert "3.010" in text and "Mara Rosa" in text


def page_texts(path: Path) -> list[str]:
    """Text of each page of a PDF, whitespace-normalised (pdftotext, one call per page)."""
    out = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                         text=True).stdout
    return [" ".join(p.split()) for p in out.split("\f")]


#: slug -> start of the map's caption (Figura 2: the requirements chart is Figura 1).
MAP_CAPTIONS = {
    "posse-dabadia": ("Figura 2. Localização de Posse d'Abadia, município de origem e sedes, com a "
                      "faixa de 6 km em torno de cada sede de origem (art. 4º, II); a linha é a "
                      "distância medida para esse item. Sem polígonos de distritos nos dados, a "
                      "área aparece como território aproximado"),
    "nova-iguacu-de-goias": ("Figura 2. Território proposto de Nova Iguaçu de Goiás, município de "
                             "origem e sedes, com a faixa de 6 km em torno de cada sede de origem "
                             "(art. 4º, II); a linha é a distância medida para esse item."),
}


@pytest.mark.parametrize("slug", sorted(MAP_CAPTIONS))
def test_map_is_on_the_area_page(studies, slug):
    pages = page_texts(studies / slug / "estudo.pdf")
    area = [i for i, t in enumerate(pages) if "A área proposta Sede proposta:" in t]
    assert len(area) == 1, "the area section heading is on exactly one page"
    page = pages[area[0]]
    assert MAP_CAPTIONS[slug] in page
    assert "Fonte: IBGE, malha municipal (anterior a 2020, ano não declarado)" in page
    assert ("Localidades 2022" in page) == (slug == "posse-dabadia")   # vilas only for districts
    assert ("não é limite legal" in page) == (slug == "posse-dabadia")
    assert sum("Figura 2." in t for t in pages) == 1
