"""Export an executed study notebook to HTML (its cells' outputs) and PDF (Typst).

The HTML holds only the cells' outputs (no code, no markdown notes, no prompts, no
injected-parameters cell, no machine-readable outputs),
one small stylesheet of ours inlined once (``assets/estudo.css``), no script and no
reference to any network address. The table of contents is built from the sections'
``<h2 id=…>`` headings. The PDF is A4 with "Página X de Y", a running header with the
candidate's name, page numbers in the table of contents and pt-BR hyphenation. Both are
byte-stable for the same inputs: nothing depends on the time, a random id or a path.
"""

from __future__ import annotations

import base64
import html as htmllib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import nbformat

from ...errors import ReportError

_H2 = re.compile(r'<h2[^>]*\bid="(sec-[a-z0-9-]+)"[^>]*>(.*?)</h2>', re.S)
_NAV = re.compile(r'<nav[^>]*\bid="sumario"[^>]*>.*?</nav>', re.S)
_TITLE = re.compile(r'<h1[^>]*\bclass="titulo"[^>]*>(.*?)</h1>', re.S)


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The study stylesheet (``report/assets/estudo.css``)."""
    return (resources.files("viabilidade.report") / "assets" / "estudo.css").read_text(encoding="utf-8")


#: MIME types a study shows, in order of preference; outputs with none of them
#: (machine-readable results) are dropped.
SHOWN = ("text/html", "image/svg+xml", "image/png", "image/jpeg", "text/plain")


def _output_html(out) -> str:
    """HTML of one cell output: its preferred :data:`SHOWN` representation; standard output
    text as ``<pre>``; ``""`` for anything else (standard error, machine-readable data)."""
    if out.get("output_type") == "stream":
        return f"<pre>{htmllib.escape(out.get('text', ''))}</pre>" if out.get("name") == "stdout" else ""
    data = out.get("data", {})
    kind = next((k for k in SHOWN if k in data), None)
    value = data.get(kind)
    text = "".join(value) if isinstance(value, list) else value
    if kind == "text/html":
        return text
    if kind == "image/svg+xml":
        text = base64.b64encode(text.encode("utf-8")).decode("ascii")
    if kind in ("image/svg+xml", "image/png", "image/jpeg"):
        return f'<img src="data:{kind};base64,{text.strip()}" alt=""/>'
    if kind == "text/plain":
        return f"<pre>{htmllib.escape(text)}</pre>"
    return ""


def _body_html(nb: nbformat.NotebookNode) -> str:
    """The outputs of the code cells, in order, without code, prompts or notes.

    The study cells display HTML built by :mod:`viabilidade.report.sections`, so the body is
    their concatenation. This replaces nbconvert's ``basic`` template, which cost about
    0.4 s of import and 0.1–0.3 s per study (``benchmarks/study.py``) to wrap the same
    outputs in prompt and area ``<div>``s the study does not show.
    """
    parts = [_output_html(o) for cell in nb.cells if cell.cell_type == "code"
             for o in cell.get("outputs", [])]
    return "\n".join(p for p in parts if p)


def _toc(body: str) -> str:
    items = "".join(f'<li><a href="#{sid}">{re.sub(r"<[^>]+>", "", title)}</a></li>'
                    for sid, title in _H2.findall(body))
    return f'<nav id="sumario" class="sumario"><h3>Sumário</h3><ol>{items}</ol></nav>'


def notebook_to_html(nb: nbformat.NotebookNode) -> str:
    """A complete, self-contained HTML document of an executed study notebook.

    Parameters
    ----------
    nb : NotebookNode
        The executed notebook (outputs built by :mod:`viabilidade.report.sections`).

    Returns
    -------
    str
        ``<!DOCTYPE html>`` document, ``lang="pt-BR"``, with the stylesheet inlined once.

    Raises
    ------
    ReportError
        If the notebook has an error output, or its outputs carry no study cover.
    """
    for i, c in enumerate(nb.cells):
        for o in c.get("outputs", []) if c.cell_type == "code" else []:
            if o.get("output_type") == "error":
                raise ReportError(f"a célula {i} do estudo levantou {o.get('ename')}: {o.get('evalue')}")
    body = _body_html(nb)
    m = _TITLE.search(body)
    if m is None or not _NAV.search(body):
        raise ReportError("o caderno executado não tem a capa do estudo (h1.titulo e o "
                          "marcador do Sumário); esperado o modelo de estudo do pacote")
    title = re.sub(r"<[^>]+>", "", m.group(1)).strip()
    toc = _toc(body)
    body = _NAV.sub(lambda _: toc, body, count=1)
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>\n{stylesheet()}</style>\n</head>\n"
            f"<body>\n{body}\n</body>\n</html>\n")


@dataclass(frozen=True)
class Page:
    """One laid-out page: its size in PostScript points."""
    width: float
    height: float

    @property
    def width_mm(self) -> float:
        return self.width / 72 * 25.4

    @property
    def height_mm(self) -> float:
        return self.height / 72 * 25.4


@dataclass(frozen=True)
class Rendered:
    """A laid-out document: the PDF and its pages (in order)."""
    pdf: bytes
    pages: list[Page]
    unknown: frozenset[str]
    ua_error: str | None = None


_PAGE = re.compile(rb"/Type\s*/Page\b(?!s).*?/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", re.S)


def pdf_pages(pdf: bytes) -> list[Page]:
    """The pages of a PDF written by :func:`html_to_pdf` (sizes from their ``/MediaBox``)."""
    return [Page(float(w), float(h)) for w, h in _PAGE.findall(pdf)]


#: Typst's catalog states ``/MarkInfo<</Marked true/Suspects false>>``; poppler (22.12 at
#: least: pdfinfo, pdftotext, pdftoppm) reads a ``false`` there as a wrong type and prints
#: "Syntax Error: Suspects object is wrong type (boolean)" for every study PDF.
_SUSPECTS = re.compile(rb"(/MarkInfo\s*<<(?:(?!>>).)*?)/Suspects\s*false", re.S)


def without_false_suspects(pdf: bytes) -> bytes:
    """``pdf`` with the ``/Suspects false`` of its catalog's ``/MarkInfo`` blanked out (spaces
    of the same length, so every byte offset of the cross-reference table still holds).

    ``false`` is the entry's default (ISO 32000-1, 14.7.1; PDF/UA-1 allows it absent), so the
    document means the same; poppler then reads it without a warning. A PDF without the
    entry is returned as it is."""
    return _SUSPECTS.sub(lambda m: m.group(1) + b" " * (len(m.group(0)) - len(m.group(1))), pdf,
                         count=1)


def render(html: str) -> Rendered:
    """Lay out a document (study, deck, statewide report, request) with the shipped fonts only.

    Parameters
    ----------
    html : str
        A complete HTML document of ours (see :func:`viabilidade.report.writers.typst.to_typst`).

    Returns
    -------
    Rendered
        ``.pdf`` (bytes), ``.pages`` (:class:`Page`, in points), ``.unknown`` (tags and
        classes the Typst writer does not know) and ``.ua_error`` (why the PDF is not
        PDF/UA-1, or None); tests assert both are empty.

    Raises
    ------
    ReportError
        If Typst fails, or the HTML asks for a resource outside the document.
    """
    from . import typst as writer

    doc = writer.to_typst(html)
    pdf = without_false_suspects(writer.compile_pdf(doc))
    return Rendered(pdf, pdf_pages(pdf), frozenset(doc.unknown), doc.ua_error)


def html_to_pdf(html: str) -> bytes:
    """Render one of our HTML documents to PDF with Typst (in-process, no network).

    Studies and reports get A4 pages (cover, table of contents with page numbers, running
    header, "Página X de Y"); decks get one 16:9 page per slide
    (:mod:`viabilidade.report.writers.typst`).

    Parameters
    ----------
    html : str
        Output of :func:`notebook_to_html`, :func:`viabilidade.report.slides.slides_html` or
        the statewide reports.

    Returns
    -------
    bytes
        The PDF, tagged (headings, tables, figures with their alt text), with only the shipped
        fonts embedded (:mod:`viabilidade.report.writers.fonts`). Identical bytes for identical HTML on
        any machine (no creation date is written, the document identifier is derived from the
        content, no system font is read).

    Raises
    ------
    ReportError
        If Typst fails, or the HTML asks for a resource outside the document.
    """
    return render(html).pdf
