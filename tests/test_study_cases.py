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
from conftest import shared_study

ROOT = Path(__file__).resolve().parents[1]
CASES = {
    # slug: (installation date as printed, councillors in the first legislature; None: no
    # bill annex, the creation law of an art. 21 case already exists)
    "posse-dabadia": ("1º de janeiro de 2029", 9),
    "nova-iguacu-de-goias": ("1º de janeiro de 1993", None),
}

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("pdftotext") is None,
                                 reason="pdftotext (poppler-utils) not installed")]


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    """The two studies (shared with the other modules that read them: conftest.shared_study),
    linked under one root as ``run_study`` writes them."""
    out = tmp_path_factory.mktemp("outputs")
    for slug in CASES:
        record = shared_study(tmp_path_factory, ROOT / "data" / "candidates" / f"{slug}.toml",
                              __import__("datetime").date(2026, 11, 29))
        (out / slug).symlink_to(record["folder"])
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
    from viabilidade.report.writers.format import rule_citation

    flat = re.sub(r"\s+", " ", text)
    for rule in {r["rule_id"] for r in record["results"]}:  # cited, never by internal id
        assert rule not in text, f"{rule} printed in the PDF"
        assert rule_citation(rule)[1:] in flat, f"{rule_citation(rule)} missing from the PDF"
    installation, councillors = CASES[slug]
    assert installation in text
    m = re.search(r"Vereadores na primeira legislatura (?:\([^)]*\) )?(\d+)", re.sub(r"\s+", " ", text))
    if councillors is None:
        assert m is None
    else:
        assert m and int(m.group(1)) == councillors


def test_installed_case_checks_only_what_it_can_lose(studies):
    record = json.loads((studies / "nova-iguacu-de-goias" / "resultados.json").read_text("utf-8"))
    status = {r["rule_id"]: r["status"] for r in record["results"]}
    assert status["art4.III"] == "not_applicable"   # a condition of the creation (art. 8)
    assert status["art4.IV"] == "pass"           # 3,010 > 3,000
    text = pdf_text(studies / "nova-iguacu-de-goias" / "estudo.pdf")
    assert "3.010" in text and "Mara Rosa" in text


def test_creation_plebiscite_under_art7_and_art7_par3_a_timing_condition(studies):
    record = json.loads((studies / "posse-dabadia" / "resultados.json").read_text("utf-8"))
    by_id = {r["rule_id"]: r for r in record["results"]}
    assert by_id["art7"]["article"] == "LC 02/1990, art. 7º" and "art5" not in by_id
    assert "art7.par3" not in by_id                      # 2027 is assumed, never "cumprido"
    text = pdf_text(studies / "posse-dabadia" / "estudo.pdf")
    # barred (CF art. 18 § 4): no creation year is supposed and no installation dated (final
    # legal read, items 7 and N3: "O estudo supõe a criação em 2027 … instalação seria em
    # 01/01/2029")
    assert ("Condição de prazo (art. 7º, § 3º): não serão criados municípios no ano das eleições "
            "municipais. É condição sobre a data da lei de criação, não requisito que a proposta "
            "cumpra. Com a criação vedada enquanto não editada a lei complementar federal (CF, "
            "art. 18, § 4º), a lei de criação e a instalação (art. 9º) não têm data: a definir "
            "após a lei complementar federal e o plebiscito.") in text
    assert "instalação seria" not in text and "Ano de instalação 2029" not in text
    assert ("Art. 13: até a instalação, o território do novo Município continua administrado "
            "pelo Prefeito de Abadiânia") in text
    assert "Art. 14, §§ 3º e 4º: o Prefeito de Abadiânia envia" in text
    appendix = text[text.index("Texto dos artigos citados"):]
    for article in ("Art. 1º", "Art. 2º", "Art. 3º", "Art. 4º", "Art. 7º", "Art. 9º", "Art. 11",
                    "Art. 12", "Art. 13", "Art. 14"):
        assert article in appendix, article
    assert "O Estado não repassará o percentual do ICMS" in appendix   # art. 14 § 4


def test_art21_case_is_judged_under_art21_on_todays_figures(studies):
    record = json.loads((studies / "nova-iguacu-de-goias" / "resultados.json").read_text("utf-8"))
    by_id = {r["rule_id"]: r for r in record["results"]}
    assert by_id["art21"]["status"] == "pass" and by_id["art21"]["article"] == "LC 02/1990, art. 21"
    assert by_id["art2"]["status"] == "not_applicable"
    assert not {"art7", "art7.par1", "art7.par2", "art5"} & set(by_id)
    text = pdf_text(studies / "nova-iguacu-de-goias" / "estudo.pdf")
    assert "sem resultado" not in text
    assert ("O art. 21 restabeleceu o processo nº 2.126/85, que cria o Município de Nova Iguaçu de "
            "Goiás, e convalidou o plebiscito realizado nessa comunidade") in text
    assert ("Os números deste capítulo são os de hoje (Censo 2022 e os demais dados listados nos "
            "Apêndices), não os de 1991: mostram se Nova Iguaçu de Goiás cumpriria hoje os "
            "requisitos do art. 4º") in text
    assert ("verificação do art. 8º do Município de Nova Iguaçu de Goiás, já instalado (criado pelo "
            "processo restabelecido pelo art. 21)") in text
    assert "Ficam restabelecidos os processos" in text[text.index("Texto dos artigos citados"):]


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
    # installed: its territory, not a proposed one; no band, art. 4 II being a condition of
    # the creation (legal review 2, N2 and finding 12)
    "nova-iguacu-de-goias": "Figura 2. Território de Nova Iguaçu de Goiás, município de origem e sedes.",
}


@pytest.mark.parametrize("slug", sorted(MAP_CAPTIONS))
def test_map_is_on_the_area_page(studies, slug):
    pages = page_texts(studies / slug / "estudo.pdf")
    heading = ("O território do Município Sede:" if slug == "nova-iguacu-de-goias" else
               "A área proposta Sede proposta:")
    area = [i for i, t in enumerate(pages) if heading in t]
    assert len(area) == 1, "the area section heading is on exactly one page"
    page = pages[area[0]]
    assert MAP_CAPTIONS[slug] in page
    assert "Fonte: IBGE, Malha Municipal 2022" in page
    assert "map_select" not in page and "tbrugz" not in page  # copies: appendix only
    assert "Localidades 2022, sedes municipais" in page                  # the seats: 2022
    assert ("vilas (sedes de distrito)" in page) == (slug == "posse-dabadia")  # vilas: districts
    assert ("não é limite legal" in page) == (slug == "posse-dabadia")
    assert sum("Figura 2." in t for t in pages) == 1


def test_creation_has_the_economic_chapter_with_real_figures(studies):
    """Posse d'Abadia: coefficient 0,6 out of Abadiânia's 1,2 (the remainder, 14.187
    inhabitants, drops to 1,0), Goiás's sum 254,8 → 255,2 (TCU 2023), every other interior
    municipality loses 0,157 % of its FPM-Interior quota; the map of who pays; sources."""
    text = pdf_text(studies / "posse-dabadia" / "estudo.pdf")
    flat = re.sub(r"\s+", " ", text)
    assert "Viabilidade econômico-financeira" in flat
    assert "3,7318 %" in flat and "254,8" in flat
    assert "passa do coeficiente 1,2 ao 1,0" in flat
    assert "perde 0,157 % da sua cota do FPM-Interior" in flat
    assert "Quem paga: cada município do interior de Goiás perde 0,157 %" in flat
    assert "Fontes e anos:" in flat
    record = json.loads((studies / "posse-dabadia" / "resultados.json").read_text("utf-8"))
    e = record["economia"]
    assert (e["fpm"]["novo"]["coeficiente"], e["fpm"]["soma_coeficientes"]) == (0.6, 254.8)
    assert [x["coeficiente"] for x in e["fpm"]["antes"] + e["fpm"]["depois"]] == [1.2, 1.0]
    assert round(e["fpm"]["perda_demais"], 7) == 0.0015674
    assert e["icms"]["art14_base"] == "estimated"
    record = json.loads((studies / "nova-iguacu-de-goias" / "resultados.json").read_text("utf-8"))
    assert "economia" not in record   # an art. 21 case: the restored creation has no such chapter
