"""Writing a draft bill: HTML (read by the Typst writer for the PDF), DOCX (python-docx) and
the files beside it (:func:`write_bill`)."""

from __future__ import annotations

import datetime as dt
import io
from importlib import resources
from pathlib import Path

from ..writers.tables import esc
from .build import build_bill
from .form import Bill


# -- HTML ------------------------------------------------------------------------------

FINDINGS_HEADER = ("Dispositivo", "Exigência", "Valor", "Base", "Situação")


def stylesheet() -> str:
    """The bill's stylesheet (``report/assets/oficio.css`` and ``projeto-lei.css``)."""
    root = resources.files("viabilidade.report") / "assets"
    return ((root / "oficio.css").read_text(encoding="utf-8")
            + (root / "projeto-lei.css").read_text(encoding="utf-8"))


def bill_html(bill: Bill, title: str) -> str:
    """The bill as a complete HTML document (A4 page of the ofícios when printed).

    The structure the Typst writer reads: ``main.oficio.projeto-lei``; ``p.minuta`` (the
    header of every page, :func:`minuta_header`); ``p.epigrafe``,
    ``p.autoria``, ``p.ementa``, ``p.preambulo``; ``p.dispositivo`` (caput, incisos with
    ``p.inciso``, paragraphs); ``section.justificacao``, ``section.anexo``, ``section.notas``.
    """
    from ..writers.tables import table

    parts = [f'<p class="minuta">{esc(bill.minuta)}</p>'] if bill.minuta else []
    parts.append(f'<p class="epigrafe">{esc(bill.epigrafe)}</p>')
    if bill.autoria:
        parts.append(f'<p class="autoria">{esc(bill.autoria)}</p>')
    if bill.process:
        parts.append(f'<p class="autoria">{esc(bill.process)}</p>')
    parts += [f'<p class="ementa">{esc(bill.ementa)}</p>',
              f'<p class="preambulo">{esc(bill.preambulo)}</p>']
    for label, caput, items, paras in bill.numbered():
        parts.append(f'<p class="dispositivo"><strong>{esc(label)}</strong> {esc(caput)}</p>')
        parts += [f'<p class="inciso">{esc(lab)} {esc(text)}</p>' for lab, text in items]
        parts += [f'<p class="dispositivo"><strong>{esc(lab)}</strong> {esc(text)}</p>'
                  for lab, text in paras]
    # the place/date line and the signature kept together on one page (div.fecho)
    closing = f"<p>{esc(bill.place_date)}</p>"  # justified, as in the DOCX
    if bill.signature:
        closing += ('<div class="assinatura"><p class="linha"></p>'
                    + "".join(f"<p>{esc(s)}</p>" for s in bill.signature) + "</div>")
    parts.append(f'<div class="fecho">{closing}</div>')
    annex = ""
    if bill.annex:
        annex = (f'<section class="anexo"><h2>{esc(bill.annex_title)}</h2><div class="memorial">'
                 + "".join(f"<p>{esc(p)}</p>" for p in bill.annex) + "</div></section>")
    if not bill.annex_informative:  # the law's annex follows the signature (LC 95/1998)
        parts.append(annex)
    parts += [f'<section class="anexo"><h2>{esc(t)}</h2></section>' for t in bill.annexes_to_draft]
    just = "".join(f"<p>{esc(p)}</p>" for p in bill.justification)
    just += table(FINDINGS_HEADER, [list(r) for r in bill.findings],
                  caption="O que o estudo verificou", widths=(17, 22, 25, 12, 24))
    if bill.pending:
        just += ("<p>Pendente de certificação ou de documento (órgão ou responsável):</p><ul>"
                 + "".join(f"<li>{esc(p)}</li>" for p in bill.pending) + "</ul>")
    if bill.history:
        just += table(["Unidade", "O que os dados registram"], [list(r) for r in bill.history],
                      caption="Histórico da área", widths=(32, 68))
    parts.append(f'<section class="justificacao"><h2>Justificação</h2>{just}</section>')
    if bill.annex_informative:
        parts.append(annex)
    if bill.notes:
        parts.append('<section class="notas"><h2>Notas para a redação final (não integram o '
                     'projeto)</h2><ul>' + "".join(f"<li>{esc(n)}</li>" for n in bill.notes)
                     + "</ul></section>")
    return ("<!DOCTYPE html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{esc(title)}</title>\n<style>\n{stylesheet()}</style>\n</head>\n"
            f'<body>\n<main class="oficio projeto-lei">{"".join(parts)}</main>\n</body>\n</html>\n')


# -- DOCX ------------------------------------------------------------------------------

def bill_docx(bill: Bill, title: str) -> bytes:
    """The bill as an editable Word file (python-docx): A4, Times New Roman 12 pt, the same
    parts and words as :func:`bill_html`."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Cm, Pt

    d = docx.Document()
    d.core_properties.title = title
    d.core_properties.language = "pt-BR"
    section = d.sections[0]
    section.page_width, section.page_height = Cm(21), Cm(29.7)
    section.left_margin, section.right_margin = Cm(3), Cm(2)
    section.top_margin, section.bottom_margin = Cm(2), Cm(2)
    normal = d.styles["Normal"]
    normal.font.name = "Times New Roman"
    normal.font.size = Pt(12)
    _docx_language(d, "pt-BR")
    _docx_page_numbers(section)
    if bill.minuta:  # on every page, as in the PDF
        head = section.header.paragraphs[0]
        head.alignment = WD_ALIGN_PARAGRAPH.CENTER
        run = head.add_run(bill.minuta)
        run.bold = True
        run.font.size = Pt(9)

    def para(text="", *, bold_lead="", align=None, indent_left=None, first_line=None, bold=False):
        p = d.add_paragraph()
        if bold_lead:
            p.add_run(bold_lead + " ").bold = True
        run = p.add_run(text)
        run.bold = bold
        p.alignment = align if align is not None else WD_ALIGN_PARAGRAPH.JUSTIFY
        if indent_left is not None:
            p.paragraph_format.left_indent = indent_left
        if first_line is not None:
            p.paragraph_format.first_line_indent = first_line
        return p

    para(bill.epigrafe, align=WD_ALIGN_PARAGRAPH.CENTER, bold=True)
    if bill.autoria:
        para(bill.autoria, align=WD_ALIGN_PARAGRAPH.CENTER)
    if bill.process:
        para(bill.process, align=WD_ALIGN_PARAGRAPH.CENTER)
    para(bill.ementa, indent_left=Cm(8))
    para(bill.preambulo, first_line=Cm(2))
    for label, caput, items, paras in bill.numbered():
        para(caput, bold_lead=label, first_line=Cm(2))
        for lab, text in items:
            para(f"{lab} {text}", first_line=Cm(2))
        for lab, text in paras:
            para(text, bold_lead=lab, first_line=Cm(2))
    # the place/date line kept with the signature on one page, as in the PDF
    closing = [para(bill.place_date)]  # justified, as in the PDF
    for s in bill.signature:
        closing += [para("_" * 40, align=WD_ALIGN_PARAGRAPH.CENTER),
                    para(s, align=WD_ALIGN_PARAGRAPH.CENTER)]
    for p in closing[:-1]:
        p.paragraph_format.keep_with_next = True

    def annex():
        d.add_page_break()
        d.add_heading(bill.annex_title, level=1)
        for p in bill.annex:
            para(p)

    if bill.annex and not bill.annex_informative:  # the law's annex follows the signature
        annex()
    for heading in bill.annexes_to_draft:
        d.add_page_break()
        d.add_heading(heading, level=1)
    d.add_page_break()
    d.add_heading("JUSTIFICAÇÃO", level=1)
    for p in bill.justification:
        para(p, first_line=Cm(2))
    para("O que o estudo verificou", align=WD_ALIGN_PARAGRAPH.LEFT, bold=True)
    t = d.add_table(rows=1, cols=len(FINDINGS_HEADER))
    t.style = "Table Grid"
    _docx_repeat_header(t.rows[0])
    for cell, text in zip(t.rows[0].cells, FINDINGS_HEADER):
        cell.text = text
        cell.paragraphs[0].runs[0].bold = True
    for row in bill.findings:
        for cell, text in zip(t.add_row().cells, row):
            cell.text = text
    if bill.pending:
        para("Pendente de certificação ou de documento (órgão ou responsável):")
        for p in bill.pending:
            d.add_paragraph(p, style="List Bullet")
    if bill.history:
        para("Histórico da área:")
        h = d.add_table(rows=0, cols=2)
        h.style = "Table Grid"
        for subject, words in bill.history:
            row = h.add_row().cells
            row[0].text, row[1].text = subject, words
    if bill.annex and bill.annex_informative:
        annex()
    if bill.notes:
        d.add_page_break()
        d.add_heading("Notas para a redação final (não integram o projeto)", level=1)
        for n in bill.notes:
            d.add_paragraph(n, style="List Bullet")
    out = io.BytesIO()
    d.save(out)
    return out.getvalue()


def _docx_language(d, lang: str) -> None:
    """Set the proofing language of the document defaults and of the Normal style (python-docx
    leaves Word's template en-US)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    styles = d.styles.element
    defaults = styles.find(qn("w:docDefaults"))
    if defaults is None:
        defaults = OxmlElement("w:docDefaults")
        styles.insert(0, defaults)
    rpr_default = defaults.find(qn("w:rPrDefault"))
    if rpr_default is None:
        rpr_default = OxmlElement("w:rPrDefault")
        defaults.insert(0, rpr_default)
    rprs = [rpr_default.find(qn("w:rPr")), d.styles["Normal"].element.get_or_add_rPr()]
    if rprs[0] is None:
        rprs[0] = OxmlElement("w:rPr")
        rpr_default.append(rprs[0])
    for rpr in rprs:
        el = rpr.find(qn("w:lang"))
        if el is None:
            el = OxmlElement("w:lang")
            rpr.append(el)
        for attr in ("w:val", "w:eastAsia", "w:bidi"):
            el.set(qn(attr), lang)


def _docx_page_numbers(section) -> None:
    """A centred page number (a PAGE field) in the footer."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    p = section.footer.paragraphs[0]
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    run = p.add_run()
    for kind, text in (("begin", None), (None, "PAGE"), ("separate", None), (None, "1"),
                       ("end", None)):
        if kind:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        elif text == "PAGE":
            el = OxmlElement("w:instrText")
            el.set(qn("xml:space"), "preserve")
            el.text = " PAGE "
        else:
            el = OxmlElement("w:t")
            el.text = text
        run._r.append(el)


def _docx_repeat_header(row) -> None:
    """Repeat a table's first row on every page (w:tblHeader)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    el = OxmlElement("w:tblHeader")
    el.set(qn("w:val"), "true")
    row._tr.get_or_add_trPr().append(el)


# -- writing ---------------------------------------------------------------------------

#: The files :func:`write_bill` writes (besides the memorial's annex of marks).
STEM = "projeto-de-lei"


def write_bill(analysis, store, folder: Path, *, author=None, process: str | None = None,
               date: dt.date | None = None, pdf: bool = True) -> dict[str, Path]:
    """Write ``projeto-de-lei.html``, ``.pdf`` and ``.docx`` (and ``memorial-marcos.csv`` when
    the memorial is summarised) into ``folder``, all at once (atomically).

    Returns
    -------
    dict
        File name -> path.

    Raises
    ------
    CandidateError
        From :func:`build_bill`.
    ReportError
        If the PDF cannot be rendered; nothing is written then.
    """
    from ..writers.atomic import write_files_atomically
    from ..writers.export import html_to_pdf

    bill = build_bill(analysis, store, author=author, process=process, date=date)
    from ..sections import operation_subtitle

    title = f"Projeto de lei — {operation_subtitle(analysis)}"
    html = bill_html(bill, title)
    contents = {f"{STEM}.html": html.encode("utf-8"), f"{STEM}.docx": bill_docx(bill, title)}
    if pdf:
        contents[f"{STEM}.pdf"] = html_to_pdf(html)
    contents.update({k: v.encode("utf-8") for k, v in bill.files.items()})
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    write_files_atomically(folder, contents)
    return {name: folder / name for name in contents}
