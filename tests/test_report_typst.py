"""The Typst writer (report/writers/typst.py) on small documents: text is text, unknown markup is
reported, wide tables turn the page, images keep their alternative text."""

from __future__ import annotations

import base64
import re
import shutil

import pytest

import pdftext
from viabilidade.errors import ReportError
from viabilidade.report.writers import export, typst

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")

HOSTILE = ("#set page(width: 1mm) $x^2$ *negrito* _itálico_ `raw` @ref <rótulo> [a] {b} \\ "
           "// comentário https://exemplo.org = título - item + 1. d'Abadia \"aspas\" ~ R$ 2.760.601,80")


def doc(body: str, title: str = "Teste") -> str:
    return f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{body}</body></html>"


@needs_pdftotext
def test_every_sign_is_printed_as_text():
    from html import escape

    pdf = export.html_to_pdf(doc(f"<p>{escape(HOSTILE)}</p><table><tbody><tr><td>{escape(HOSTILE)}"
                                 "</td></tr></tbody></table>"))
    text = pdftext.flat(pdftext.pdf_text(pdf))
    assert text.count(" ".join(HOSTILE.split())) == 2, text


def test_unknown_tags_and_classes_are_reported():
    d = typst.to_typst(doc('<p class="conclusao nova">x</p><marquee>y</marquee><p>z</p>'))
    assert d.unknown == {"p.nova", "<marquee>"}
    assert typst.to_typst(doc('<p class="conclusao">x</p>')).unknown == set()


def _table(columns: int) -> str:
    head = "".join(f"<th>Coluna {k}</th>" for k in range(columns))
    row = "".join(f'<td class="num">{k}.000</td>' for k in range(columns))
    return f"<h2>Quadro</h2><table class=\"tabela\"><thead><tr>{head}</tr></thead><tbody><tr>{row}</tr></tbody></table>"


def test_tables_wider_than_eight_columns_get_a_landscape_page():
    narrow = export.render(doc("<p>antes</p>" + _table(typst.WIDE_COLUMNS)))
    wide = export.render(doc("<p>antes</p>" + _table(typst.WIDE_COLUMNS + 1)))
    assert [(round(p.width_mm), round(p.height_mm)) for p in narrow.pages] == [(210, 297)]
    assert [(round(p.width_mm), round(p.height_mm)) for p in wide.pages] == [(210, 297), (297, 210)]
    # inside a container (a rule's block) no page can start: the wide table shrinks instead
    boxed = export.render(doc('<div class="regra linha-pass">' + _table(typst.WIDE_COLUMNS + 3) + "</div>"))
    assert [(round(p.width_mm), round(p.height_mm)) for p in boxed.pages] == [(210, 297)]


def test_images_come_from_data_uris_and_keep_their_alternative_text():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="100pt" viewBox="0 0 200 100">'
           '<rect width="200" height="100" fill="#12355b"/></svg>')
    src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    pdf = export.html_to_pdf(doc(f'<figure class="grafico"><img src="{src}" alt="Barra azul única"/>'
                                 "<figcaption>Figura 1. Uma barra.</figcaption></figure>"))
    alt = b"<FEFF" + "Barra azul única".encode("utf-16-be").hex().upper().encode() + b">"
    assert b"/S/Figure" in pdf and b"/Alt" + alt in pdf     # the figure's tag, alt as UTF-16 hex
    with pytest.raises(ReportError, match="recurso externo"):
        export.html_to_pdf(doc('<a href="https://exemplo.org">fora</a>'))
    with pytest.raises(ReportError, match="recurso externo"):
        export.html_to_pdf(doc('<img src="file:///etc/passwd" alt=""/>'))


def test_pdf_ua_when_possible_tagged_pdf_otherwise():
    """Heading levels are levelled (h1 then h4 is a level 2 in the structure), so a document
    of ours is PDF/UA-1; one without title or alt text still gets its (tagged) PDF."""
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="20pt" height="10pt"><rect width="20" height="10"/></svg>'
    img = f'<img src="data:image/svg+xml;base64,{base64.b64encode(svg).decode()}" alt="{{alt}}"/>'
    good = export.render(doc("<h1>Título</h1><h4>Subtítulo</h4>" + img.format(alt="Um retângulo")))
    assert good.ua_error is None and b"pdfuaid:part" in good.pdf
    assert "#heading(level: 2, supplement: [h4]" in typst.to_typst(doc("<h1>T</h1><h4>S</h4>")).source
    bad = export.render(doc("<h1>Título</h1>" + img.format(alt="")))
    assert "missing alt text" in bad.ua_error and bad.pdf.startswith(b"%PDF") and b"pdfuaid" not in bad.pdf


@pytest.mark.skipif(not all(shutil.which(t) for t in ("pdfinfo", "pdftotext", "pdftoppm")),
                    reason="poppler-utils not installed")
def test_poppler_reads_our_pdf_without_a_warning(tmp_path):
    """polish11 item 6: Typst's catalog says ``/MarkInfo<</Marked true/Suspects false>>`` and
    poppler printed "Syntax Error: Suspects object is wrong type (boolean)" for every study
    PDF; the entry (false is its default) is blanked, keeping every byte offset."""
    import subprocess

    html = doc("<h1>Título</h1><p>Texto.</p>")
    raw = typst.compile_pdf(typst.to_typst(html))
    assert b"/MarkInfo<</Marked true/Suspects false>>" in raw   # what Typst writes
    path = tmp_path / "doc.pdf"
    path.write_bytes(export.html_to_pdf(html))
    for cmd in (["pdfinfo", path], ["pdftotext", path, tmp_path / "doc.txt"],
                ["pdftoppm", "-r", "10", "-png", path, tmp_path / "pagina"]):
        run = subprocess.run(cmd, capture_output=True, text=True)
        assert (run.returncode, run.stderr) == (0, ""), cmd[0]
    assert "Título" in (tmp_path / "doc.txt").read_text(encoding="utf-8")
    pdf = path.read_bytes()
    assert b"/Suspects" not in pdf and b"/Marked true" in pdf and b"pdfuaid:part" in pdf
    assert len(pdf) == len(raw) and export.without_false_suspects(pdf) == pdf


def test_status_signs_are_drawn_as_shapes():
    """The font's "◐" loses its hairline half at table sizes: each sign is drawn instead."""
    spans = "".join(f'<span class="status"><span class="sinal" aria-hidden="true">{s}</span> x</span>'
                    for s in "●◐○◌")
    d = typst.to_typst(doc(f"<p>{spans}</p>"))
    kinds = ["cheio", "meio", "vazio", "pontilhado"]   # ◌: on a declared document (item 8)
    assert [k for k in kinds if f'#sinal("{k}")' in d.source] == kinds
    assert not re.search(r"[●◐○◌]\s*x", d.source) and d.unknown == set()  # no sign left as text
    assert export.html_to_pdf(doc(f"<p>{spans}</p>")).startswith(b"%PDF")


def test_sigterm_stops_a_long_typst_compilation_within_a_second(tmp_path):
    """Typst runs in a child process: a compilation that would take minutes is killed at once,
    with its temporary folder."""
    import os
    import signal
    import subprocess
    import sys
    import time

    code = ("import signal, sys\n"
            "def stop(s, f): raise KeyboardInterrupt\n"
            "signal.signal(signal.SIGTERM, stop)\n"
            "from viabilidade.report.writers.typst import Document, compile_pdf\n"
            "print('pronto', flush=True)\n"
            "try:\n"
            "    compile_pdf(Document(source='#let x = 0\\n#for i in range(900000000) { x += 1 }',"
            " files={}, kind='study', unknown=set()))\n"
            "except KeyboardInterrupt:\n"
            "    print('interrompido', flush=True)\n")
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "pronto"
        deadline = time.monotonic() + 20
        while not list(tmp_path.glob("viabilidade-typst-*")) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # Typst is compiling
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
        assert time.monotonic() - t0 < 1.0
        assert out.strip() == "interrompido" and err == ""
        assert list(tmp_path.iterdir()) == []  # the Typst folder went with the child
    finally:
        if proc.poll() is None:
            proc.kill()


def test_slide_counts_share_the_width_and_wrap_instead_of_running_off_the_edge():
    d = typst.to_typst(doc('<div class="contagem"><div><b>1</b>atingido nos dados publicados (a '
                           'certificar)</div><div><b>11</b>indeterminados</div></div>'))
    # two equal columns of the page's width, not a left-to-right stack of natural widths
    assert "grid(columns: (1fr, 1fr), column-gutter: 0.8em," in d.source
    assert "stack(dir: ltr" not in d.source
    assert "#text(size: 0.8em, hyphenate: false)[indeterminados]" in d.source


def test_a_verdict_badge_column_takes_its_natural_width():
    # new-user review 1: "indeterminado" spilled out of its pill in a 14 % column
    from viabilidade.report.writers.tables import Html, table

    badge = Html('<span class="veredito v-indeterminado">indeterminado</span>')
    html = table(["Leitura alternativa", "Conclusão", "Requisitos que mudam"],
                 [["I-1: núcleos distritais inteiros", badge, "nenhum"]], widths=(58, 14, 28))
    assert "#tabela(columns: (58fr, auto, 28fr,)" in typst.to_typst(doc(html)).source
    plain = table(["A", "B"], [["x", "y"]], widths=(60, 40))
    assert "#tabela(columns: (60%, 40%,)" in typst.to_typst(doc(plain)).source
    # a column of text with one badge among its rows (the cover's facts) keeps its share
    facts = table(["Campo", "Valor"], [["Operação", "criação de município com um texto longo"],
                                       ["Conclusão", badge]], widths=(30, 70))
    assert "#tabela(columns: (30%, 70%,)" in typst.to_typst(doc(facts)).source


def test_a_rule_heading_and_citation_keep_with_its_body():
    # new-user review 3: "Representação assinada…" / "LC 02/1990, art. 2º" ended a page alone
    src = typst.to_typst(doc('<div class="regra linha-indeterminate"><h3>Representação</h3>'
                             '<p class="artigo">LC 02/1990, art. 2º</p><p class="motivo">Falta '
                             "o documento.</p></div>")).source
    sticky = src.index("#block(sticky: true)[")
    cite = src.index("2º")
    assert sticky < src.index("Representação") < cite < src.index("Falta")
    # the sticky block closes after the citation, before the reason
    assert src.index("\n]\n", cite) < src.index("Falta")


def test_a_percentage_and_a_paragraph_sign_never_break_from_their_number():
    # new-user review 6: "0,01" / "%" and "Art. 4º, §" / "1º" were split across lines
    assert typst.escape("superior a 0,01 % da receita") == "superior a 0\\,01\u00a0\\% da receita"
    assert typst.escape("Art. 4º, § 1º; arts. 14, §§ 3º e 4º") == \
        "Art\\. 4º\\, §\u00a01º\\; arts\\. 14\\, §§\u00a03º e 4º"
    assert typst.escape("100 pessoas") == "100 pessoas"
    # table headers are not hyphenated ("Disposi-tivo", "Coefici-ente")
    assert 'text(fill: white, weight: "bold", hyphenate: false, body)' in \
        typst.template("typst-base.typ")


def test_zero_width_spaces_only_where_typst_would_not_break():
    # new-user review 12: a copied file name or address carried invisible characters
    assert "\u200b" not in typst.escape("fusao-anhanguera-cumari.toml")
    assert "\u200b" not in typst.escape("https://legisla.casacivil.go.gov.br/api/v2/legislacoes/pdf")
    assert typst.escape("go_criacao_municipios_fatos_legais.csv") == (
        "go\\_\u200bcriacao\\_\u200bmunicipios\\_\u200bfatos\\_\u200blegais\\.csv")
    assert typst.escape("a" * 40).split("\u200b") == ["a" * 16, "a" * 16, "a" * 8]
