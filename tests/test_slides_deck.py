"""Committee slides (viabilidade.report.slides) of a real study: Posse d'Abadia."""

from __future__ import annotations

import dataclasses
import datetime as dt
import html as htmllib
import re
import shutil
from pathlib import Path

import pytest

from viabilidade.report import slides

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:|//)|@import"""
                      r"""|url\(\s*["']?(?:https?:|//)""", re.I)


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def analysis(store):
    from viabilidade.profile.analysis import analyse

    return analyse(ROOT / "data" / "candidates" / "posse-dabadia.toml", store=store)


@pytest.fixture(scope="module")
def deck(analysis, store):
    return slides.slides_html(analysis, store=store, study_date=dt.date(2026, 11, 29))


def _text(html: str) -> str:
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))


def test_deck_names_the_candidate_and_every_rule(deck, analysis):
    text = _text(deck)
    assert "Posse d'Abadia" in text
    assert "Estudo de viabilidade — criação do Município de Posse d'Abadia" in text
    assert ("Viabilidade indeterminada perante a LC nº 2/1990;</strong> estudo preliminar, pendente de "
            "certificação e de documentos; plebiscito não realizável antes da lei complementar "
            "federal; a criação está vedada" in htmllib.unescape(deck))
    from viabilidade.report.writers.format import result_citation

    for r in analysis.results:  # each rule by its citation, never its internal id
        assert f'<td class="id">{htmllib.escape(result_citation(r))}</td>' in deck, r.rule_id
        assert f"<code>{r.rule_id}</code>" not in deck
    assert {"art4.IV", "art4.par1", "art7"} <= {r.rule_id for r in analysis.results}


def test_deck_has_summary_map_and_rule_table_slides(deck, analysis):
    ids = re.findall(r'<section class="slide" id="([^"]+)"', deck)
    assert ids[:4] == ["s-resumo", "s-quadro", "s-mapa", "s-regras-1"]
    n_tables = len(slides.paginate(analysis.results, slides._rule_lines, slides.TABLE_LINES_PER_SLIDE))
    # Posse d'Abadia's 12 rules (art. 7 § 3 is a timing condition, not a rule), 'atingido nos
    # dados publicados (a certificar)' rows taller, and art. 4 VII's limit labelled
    # 'aproximada, por excesso' (legal review 2, N8): two slides since art. 4 II's bound reads
    # at its 10 m ('no máximo 12.750 m (12,75 km)', issue 22), one line shorter; the three
    # plebiscite rows read "não realizável antes da lei complementar federal (CF, art. 18,
    # § 4º)", not "indeterminado" (legal11 M1): taller, three slides
    assert n_tables == 3
    # the basis point, 20 data sets (the TCU's FPM tables among them; the TSE's 2022 roll the
    # ofícios' zone comes from, final legal read item 14) and the copies note fill three slides
    assert [i for i in ids if i.startswith("s-fontes")] == ["s-fontes-1", "s-fontes-2",
                                                           "s-fontes-3"]
    assert "s-economico" in ids
    assert sum(1 for i in ids if i.startswith("s-regras-")) == n_tables
    mapa = deck.split('id="s-mapa"')[1].split("</section>")[0]
    assert re.search(r'<img src="data:image/(png|svg\+xml);base64,', mapa)


def test_deck_makes_no_external_request(deck):
    assert not EXTERNAL.search(deck)
    assert "<script" not in deck.lower()
    assert "<link" not in deck.lower()


def test_every_text_is_escaped(analysis, store):
    evil = "<script>alert(1)</script> & \"Vila\""
    cand = dataclasses.replace(analysis.candidate, name=evil, seat=evil)
    html = slides.slides_html(dataclasses.replace(analysis, candidate=cand), store=store,
                              study_date=dt.date(2026, 11, 29))
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Vila&quot;" in html
    assert evil in _text(html)


def test_pdf_has_one_page_per_slide(deck):
    from viabilidade.report.writers.export import render

    rendered = render(deck)
    assert rendered.unknown == frozenset()      # every tag and class of the deck is known
    assert rendered.ua_error is None            # PDF/UA-1
    pages = rendered.pages
    assert len(pages) == deck.count('<section class="slide"')
    assert pages[0].width_mm == pytest.approx(297, abs=0.5)
    assert pages[0].height_mm == pytest.approx(167, abs=0.5)
    assert slides.slides_pdf(deck).startswith(b"%PDF")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_deck_first_two_pages_state_the_federal_frame(deck, tmp_path):
    from conftest import pdf_text

    pdf = tmp_path / "apresentacao.pdf"
    pdf.write_bytes(slides.slides_pdf(deck))
    text = pdf_text(pdf, 1, 2)
    assert "Emenda Constitucional nº 15" in text
    assert "A lei complementar federal não foi editada" in text
    assert "a criação está vedada enquanto não editada a lei complementar federal" in text
    assert "Para Posse d'Abadia: a criação do Município está vedada" in text


def test_write_slides_writes_html_only_when_asked(analysis, tmp_path):
    files = slides.write_slides(analysis, tmp_path / "posse-dabadia", pdf=False,
                                study_date=dt.date(2026, 11, 29), store=None)
    assert list(files) == ["html"]
    html = files["html"].read_text(encoding="utf-8")
    assert files["html"].name == "apresentacao.html"
    assert "Sem limites municipais nos dados processados: mapa indisponível." in html
    assert sorted(p.name for p in files["html"].parent.iterdir()) == ["apresentacao.html"]


def test_paginate_keeps_order_and_budget():
    runs = slides.paginate([3, 4, 5, 9, 1, 1], float, 8)
    assert runs == [[3, 4], [5], [9], [1, 1]]
    assert slides.paginate([], float, 8) == [[]]


@pytest.mark.slow
@pytest.mark.parametrize("candidate", sorted(p.name for p in (ROOT / "data" / "candidates").glob("*.toml")))
def test_every_slide_fits_its_page(candidate, store):
    """Each candidate's deck, laid out with the shipped fonts: one page per slide."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.writers.export import render

    a = analyse(ROOT / "data" / "candidates" / candidate, store=store)
    deck = slides.slides_html(a, store=store, map_html="<p>mapa</p>", study_date=dt.date(2026, 11, 29))
    assert len(render(deck).pages) == deck.count('<section class="slide"')


def test_long_content_continues_on_next_slides(analysis):
    """Forty rule rows and forty sources: continued slides, each one page."""
    from viabilidade.report.writers.export import render

    many = dataclasses.replace(
        analysis, results=[*analysis.results] * 3,
        provenance=[{"source": f"Fonte fictícia de teste nº {k} com um nome bem comprido para ocupar "
                               "a linha inteira do slide e quebrar", "vintage": "2022"} for k in range(40)])
    deck = slides.slides_html(many, store=None, map_html="<p>mapa</p>", study_date=dt.date(2026, 11, 29))
    ids = re.findall(r'<section class="slide" id="([^"]+)"', deck)
    assert "s-regras-4" in ids and "s-fontes-3" in ids
    assert "Fontes dos dados (2)" in deck
    assert len(render(deck).pages) == len(ids)


def test_what_would_change_lists_the_requirement_met_only_on_published_data(analysis):
    # new-user review 4: item IV (3.045 habitantes, Censo) is still to certify
    from viabilidade.report.findings import findings

    items = [re.sub(r"<[^>]+>", "", i) for i in slides._blocking(findings(analysis))]
    assert ("Art. 4º, IV: População de mais de três mil habitantes — atingido nos dados "
            "publicados (a certificar)") in items
    assert "Art. 2º: Representação assinada por no mínimo cem eleitores inscritos na área — indeterminado" \
        in items


def test_first_slide_findings_take_the_room_its_title_leaves(analysis, store):
    """Posse d'Abadia (title of 2 lines) keeps four findings on slide 1; Nova Iguaçu de Goiás
    (title of 4 lines, conclusion of 6) has no room for one and gives them slide 2, before the
    frame (legal review 15:44, item 8), under the heading itself: nothing to continue."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import attention_items, findings

    def parts(a):
        deck = slides.slides_html(a, store=store, map_html="<p>mapa</p>", study_date=dt.date(2026, 11, 29))
        ids = re.findall(r'<section class="slide" id="([^"]+)"', deck)
        first = deck.split('id="s-resumo"')[1].split("</section>")[0]
        return ids, first, deck

    ids, first, deck = parts(analysis)
    items = attention_items(findings(analysis).items)
    assert len(items) == 4 and all(i in first for i in items)
    assert "s-atencao" not in ids
    nova = analyse(ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml", store=store)
    ids, first, deck = parts(nova)
    items = attention_items(findings(nova).items)
    assert ids[:3] == ["s-resumo", "s-atencao", "s-quadro"]   # findings before the frame
    assert "O que mudaria a conclusão" not in _text(first) and 'class="motivos"' not in first
    atencao = deck.split('id="s-atencao"')[1].split("</section>")[0]
    assert "<h2>Pontos de atenção</h2>" in atencao and "continuação" not in atencao
    assert all(i in atencao for i in items) and len(items) == 3


def test_chart_shrinks_where_its_caption_needs_the_room(deck):
    """The chart's image is 58 vh (96.9 mm) high under a caption of up to 6 lines of 130
    characters, 54 vh under 7; Posse d'Abadia's caption (1,031 characters, 8 lines) leaves it
    51 vh, 85.2 mm in the PDF."""
    from viabilidade.report.writers.typst import to_typst

    assert slides._chart_height_vh("x" * 100) == 58
    assert slides._chart_height_vh("x" * 780) == 58
    assert slides._chart_height_vh("x" * 781) == 54
    chart = deck.split('id="s-grafico"')[1].split("</section>")[0]
    assert 'style="height: 51vh"' in chart
    assert "height: 85.2mm" in to_typst(deck).source


def test_certified_findings_come_before_the_frame_and_every_slide_fits_its_page(store):
    """Legal review 15:44, item 8, on tests/candidates/posse-dabadia-certificada.toml (study
    date 01/06/2027): the findings slide 1 has no room for ("Plebiscito anterior ao estudo",
    "Leituras da lei", "Vedação constitucional") are on slide 2, before the constitutional
    frame; the five counts (one of them "conforme documentos declarados (a conferir com os
    originais)", five lines) and the table's four-line "conforme documento declarado" rows
    stay on their pages: one page per slide."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.findings import attention_items, findings
    from viabilidade.report.writers import export
    from viabilidade.rules import Settings

    a = analyse(ROOT / "tests" / "candidates" / "posse-dabadia-certificada.toml", store=store,
                settings=Settings(study_date="2027-06-01"))
    deck = slides.slides_html(a, store=store, map_html="<p>mapa</p>")
    ids = re.findall(r'<section class="slide" id="([^"]+)"', deck)
    assert ids[:3] == ["s-resumo", "s-atencao", "s-quadro"]
    first = _text(deck.split('id="s-resumo"')[1].split("</section>")[0])
    second = _text(deck.split('id="s-atencao"')[1].split("</section>")[0])
    items = [_text(i) for i in attention_items(findings(a).items)]
    assert len(items) == 6 and items[0] in first and all(i in second for i in items[1:])
    # its plebiscite of 16/05/2027, after today, is a hypothesis, not held (legal11 S3)
    for heading in ("Plebiscito da simulação:", "Leituras da lei:", "Vedação constitucional:"):
        assert heading in second and heading not in first
    assert slides._counts_extra_lines(a.results) == pytest.approx(2.6)
    assert slides._wrapped_lines("conforme documentos declarados (a conferir com os originais)",
                                 15) == 5
    assert len(export.render(deck).pages) == len(ids)


def test_a_correction_counts_its_documented_acts_as_documented(store):
    """Legal review 15:44, item 8: the correction Abadiânia–Alexânia's slide 1 counts art. 6's
    declared acts as "documentado (a conferir com os originais)", never under "indeterminado";
    the study's summary says the same."""
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.writers import format as fmt

    a = analyse(ROOT / "tests" / "fixtures" / "correcao-abadiania-alexania.toml", store=store)
    # the one-way strip leaves the area undecided (final legal read, item 6)
    assert slides._count_cells(a.results) == [
        (0, "cumpridos"), (0, "não cumpridos"),
        (1, "documentado (a conferir com os originais)"), (1, "indeterminado")]
    deck = slides.slides_html(a, store=store, map_html="<p>mapa</p>")
    assert "<div><b>1</b>documentado (a conferir com os originais)</div>" in deck
    assert fmt.status_tally(fmt.result_counts(a.results)) == (
        "1 requisito documentado (a conferir com os originais); 1 indeterminado")
