"""Typst writer: the project's HTML documents (studies, decks, statewide reports, requests)
turned into Typst markup and compiled to PDF in-process (the ``typst`` package).

The sections emit a small, controlled subset of HTML (:data:`TAGS`, :data:`CLASSES`); this
module parses it (:mod:`html.parser`) into a tiny node tree and visits it, emitting Typst
markup with every text escaped. The page templates are Typst files in ``assets/``
(:data:`TEMPLATES`, after the shared ``typst-base.typ``): A4 study/report pages with a
cover, a running header (the candidate's name left, the document's kind right:
``.cabecalho-corrente`` and ``.titulo-corrente``), "Página X de Y", a table of contents with
page numbers in place of ``nav#sumario``, pt-BR hyphenation and the colours of
``assets/estudo.css``; 16:9 slides (297 × 167 mm), one page per ``section.slide``; A4 letters
for the ofícios. A tag or class outside the subset is recorded in :attr:`Document.unknown`
(tests assert it stays empty, so the HTML and the PDF cannot drift).
"""

from __future__ import annotations

import base64
import hashlib
import re
import struct
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from urllib.parse import unquote

from ...errors import ReportError

#: Tags the writer knows (nbconvert's wrappers included: ``div`` is transparent).
TAGS = frozenset("""html head meta title style body main section div p span strong b em i code pre a br
h1 h2 h3 h4 ul ol li blockquote table colgroup col thead tbody tr th td caption figure img
figcaption nav""".split())

#: Classes the writer knows; those without a style of their own are structural.
CLASSES = frozenset("""capa titulo orgao cabecalho-corrente titulo-corrente aviso sumario secao
vigencias conclusao veredito v-viável v-inviável v-indeterminado status sinal st-pass st-fail
st-indet st-na linha-pass linha-fail linha-indeterminate linha-not_applicable linha-na regra motivo
artigo texto-legal lei notas sic hash chave num id fonte sujeito tabela regras compacta fatos
proveniencia parametros alternativas larga legenda nota-lei grafico premissa deck slide rodape contagem
grande motivos situacao-estudo conclusivo preliminar sede-proposta quadro-federal memorial
oficio cabecalho numero local-data destinatario assunto prazo vocativo itens item fecho lacuna
assinatura linha anexo url lado-a-lado boundary-check
projeto-lei minuta epigrafe autoria ementa preambulo dispositivo inciso justificacao notas""".split())

#: Tables with more columns than this get a landscape page of their own.
WIDE_COLUMNS = 8

#: div classes written as a container (a block, a grid, a placed footer).
_WRAPPED = ("regra", "vigencias", "lei", "premissa", "contagem", "rodape", "fecho", "assinatura")

_VOID = frozenset({"br", "img", "col", "meta", "link", "hr", "input", "wbr"})
_BLOCKS = frozenset({"section", "div", "p", "pre", "h1", "h2", "h3", "h4", "ul", "ol", "li", "blockquote",
                     "table", "figure", "nav", "main", "body", "html", "caption", "figcaption"})


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def has(self, cls: str) -> bool:
        return cls in self.classes

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find(self, pred) -> Node | None:
        for c in self.children:
            if isinstance(c, Node):
                if pred(c):
                    return c
                hit = c.find(pred)
                if hit is not None:
                    return hit
        return None

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v or "") for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, {k: (v or "") for k, v in attrs}))

    def handle_endtag(self, tag):
        if tag in _VOID:
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    """The node tree of an HTML document (comments and doctype dropped)."""
    p = _Parser()
    p.feed(html)
    p.close()
    return p.root


_SPECIAL = re.compile(r"([\\#$*_`<>@\[\]~\-+/=.'\"(){}:;,%&!?|^])")
_SPACE = re.compile(r"[ \t\r\n\f]+")
_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


_LONG = re.compile(r"\S{25,}")
# Typst already breaks a line after "/ . , ; : -" (Unicode line breaking); a zero-width space
# is added only where it would not, as few as possible: each one is copied with the text
# (new-user review 12: invisible characters in a copied file name or address).
_JOINT = re.compile(r"(?<=[_=])(?=\w)")
_RUN = re.compile(r"[^\u200b/.,;:\-]{17,}")


def _breakable(token: re.Match) -> str:
    """A long token (file name, hash, key) with zero-width spaces where a line may break and
    Typst would not break it: after ``_`` and ``=``, and every 16 signs of a run with no
    other break point (HTML: overflow-wrap)."""
    t = _JOINT.sub("\u200b", token.group(0))
    return _RUN.sub(lambda m: "\u200b".join(m.group(0)[i:i + 16] for i in range(0, len(m.group(0)), 16)), t)


#: Spaces a line never breaks at: between a number and ``%`` ("0,01 %") and after ``§``
#: ("§ 1º", "§§ 3º"), whatever text they come in (legal titles, citations, reasons).
_BOUND = re.compile(r"(?<=\d) (?=%)|(?<=§) (?=\d)")


def escape(text: str) -> str:
    """Text as Typst markup: whitespace collapsed, every ASCII sign escaped, tokens longer
    than 24 signs breakable (:func:`_breakable`), the spaces of :data:`_BOUND` non-breaking."""
    text = _BOUND.sub("\u00a0", _SPACE.sub(" ", text))
    return _SPECIAL.sub(r"\\\1", _LONG.sub(_breakable, text))


def string(text: str) -> str:
    """A Typst string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


#: Page template (in ``assets/``) of each kind of document, after ``typst-base.typ``.
#: Height of a slide's page (``assets/typst-apresentacao.typ``), in mm.
SLIDE_HEIGHT_MM = 167

TEMPLATES = {"study": "typst-estudo.typ", "slides": "typst-apresentacao.typ", "letter": "typst-oficio.typ"}


@lru_cache(maxsize=None)
def template(name: str) -> str:
    """A Typst template shipped in ``report/assets``."""
    return (resources.files("viabilidade.report") / "assets" / name).read_text(encoding="utf-8")


@dataclass
class Document:
    """A document turned into Typst: its markup, the image files it references and the
    texts its template reads (``sys.inputs``: titulo, esquerda, direita; minuta, the draft
    bill's header on every page of a letter-kind document, or ``""``)."""
    source: str
    files: dict[str, bytes]
    kind: str
    unknown: set[str]
    inputs: dict[str, str] = field(default_factory=dict)
    #: why the PDF could not be PDF/UA-1 (None: it is), set by :func:`compile_pdf`
    ua_error: str | None = None


#: The status signs of the HTML (report/writers/tables.py), drawn as shapes by ``sinal`` (typst-base.typ).
SIGNS = {"●": "cheio", "◐": "meio", "○": "vazio", "◌": "pontilhado"}

#: Typst of a ``<p>`` by its class (as the stylesheet styles it); ``{body}`` is the paragraph.
P_STYLES = {
    "orgao": ("#block(stroke: (top: 3pt + azul), inset: (top: 0.6em), width: 100%, "
              "text(font: sans, size: 8.5pt, fill: cinza, tracking: 0.08em, upper[{body}]))"),
    "cabecalho-corrente": "#block(above: 2.5em, text(font: sans, size: 10pt, fill: cinza)[{body}])",
    "sede-proposta": "#block(sticky: true)[{body}]",
    "aviso": ("#block(above: 2em, stroke: (top: 0.5pt + linha), inset: (top: 0.6em), width: 100%, "
              "text(size: 8.5pt, fill: cinza)[{body}])"),
    "legenda": "#block(above: 0.2em, below: 0.8em, text(font: sans, size: 7.5pt, fill: cinza)[{body}])",
    # a note after a text, not a table's caption: set off from the text above (polish12: the
    # note on today's bodies sat right under art. 14's last line)
    "nota-lei": "#block(above: 1.2em, below: 0.8em, text(font: sans, size: 7.5pt, fill: cinza)[{body}])",
    "artigo": "#block(above: 0.2em, below: 0.3em, text(font: sans, size: 8.5pt, fill: cinza)[{body}])",
    "cabecalho": ("#block(width: 100%, below: 1.4em, stroke: (bottom: 1.5pt + azul), inset: (bottom: 0.4em), "
                  "align(center, text(font: sans, size: 10.5pt, weight: \"bold\", fill: azul, tracking: 0.06em, "
                  "upper[{body}])))"),
    "numero": "#strong[{body}]",
    "local-data": "#align(right)[{body}]",
    "destinatario": "#block(above: 1.2em)[#set par(justify: false)\n{body}]",
    "assunto": "#block(above: 1em)[{body}]",
    "prazo": ("#block(stroke: (left: 2.5pt + azul), inset: (left: 0.6em, y: 0.1em), "
              "text(font: sans, size: 10pt)[#set par(justify: false)\n{body}])"),
    "vocativo": "#block(above: 1.2em)[{body}]",
    "conclusao": "#text(size: 12pt)[{body}]",
    # the draft bill (report/bill/, LC 95/1998): epígrafe, ementa, preâmbulo, dispositivos
    "epigrafe": "#align(center, text(weight: \"bold\")[{body}])",
    "autoria": "#align(center)[{body}]",
    "ementa": "#block(above: 1.6em, below: 1.6em, pad(left: 45%)[#set par(justify: true)\n{body}])",
    "preambulo": "#block(below: 1.2em)[#h(2.5em){body}]",
    "dispositivo": "#block(above: 0.8em)[#h(2.5em){body}]",
    # indented like the dispositivos and the DOCX (first line only); a leading #h(2.5em) is
    # dropped by Typst 0.13+ in these short blocks, so the paragraph's own first-line indent
    "inciso": ("#block(above: 0.4em)[#par(first-line-indent: (amount: 2.5em, all: true))"
               "[{body}]]"),
    "grande": "#block(above: 0.6em, below: 0.6em, text(size: 21pt)[{body}])",
}

#: Typst of a ``<div>`` that only wraps its children, by its class; ``{body}`` is the children.
DIV_STYLES = {
    "lei": "#block(width: 100%)[#set text(size: 9.5pt)\n#set par(spacing: 0.5em)\n{body}]",
    "premissa": ("#block(stroke: 0.75pt + ambar, fill: rgb(\"#fff8ec\"), inset: (x: 0.7em, y: 0.4em), "
                 "width: 100%, text(size: 10pt)[{body}])"),
    "fecho": "#block(above: 1em, breakable: false, width: 100%)[{body}]",
    "assinatura": ("#block(above: 2.8em, breakable: false, width: 100%)[#set align(center)\n"
                   "#set par(justify: false, spacing: 0.3em)\n{body}]"),
}


def _col_width(col: Node) -> str | None:
    m = re.search(r"width:\s*([\d.]+)%", col.attrs.get("style", ""))
    return f"{m.group(1)}%" if m else None


def _image_size(data: bytes, ext: str) -> float | None:
    """Natural width in pt (CSS px × 0.75) of an SVG or PNG, or None."""
    if ext == "png" and data[:8] == b"\x89PNG\r\n\x1a\n":
        return struct.unpack(">I", data[16:20])[0] * 0.75
    if ext == "svg":
        m = re.search(rb'<svg[^>]*?\swidth="([\d.]+)(pt|px)?"', data[:2000])
        if m:
            v = float(m.group(1))
            return v if m.group(2) == b"pt" else v * 0.75
    return None


class _Writer:
    def __init__(self, kind: str, root: Node | None = None):
        self.kind = kind
        self.files: dict[str, bytes] = {}
        self.unknown: set[str] = set()
        #: heading written on the landscape page of the wide table it introduces (id -> node)
        #: depth of containers (blocks, cells, list items) around what is being written:
        #: a landscape page can only start outside them
        self.nest = 0
        #: last heading level written, and the study's sections numbered so far
        self.level = 0
        self.sections = 0
        self.lead: dict[int, Node] = {}
        self.moved: set[int] = set()
        #: heading ids that become Typst labels (in-document links point at them)
        self.labels: set[str] = set()
        if root is not None:
            ids = [n.attrs.get("id", "") for n in _walk(root) if n.tag in ("h1", "h2", "h3", "h4")]
            self.labels = {i for i in ids if _LABEL.fullmatch(i) and ids.count(i) == 1}
        if root is not None and kind == "study":
            self._plan_wide_tables(root)

    def _plan_wide_tables(self, root: Node) -> None:
        """A heading right before a wide table goes with it onto its landscape page (rather
        than stay alone at the foot of the portrait page before)."""
        blocks = [n for n in _walk(root) if n.tag in ("h1", "h2", "h3", "h4", "p", "table", "figure",
                                                       "ul", "ol", "blockquote")]
        for i, n in enumerate(blocks):
            if n.tag == "table" and i > 0 and _columns(n) > WIDE_COLUMNS and blocks[i - 1].tag in ("h2", "h3", "h4"):
                self.lead[id(n)] = blocks[i - 1]
                self.moved.add(id(blocks[i - 1]))

    # -- helpers -------------------------------------------------------------------------
    def check(self, n: Node) -> None:
        if n.tag not in TAGS:
            self.unknown.add(f"<{n.tag}>")
        for c in n.classes:
            if c not in CLASSES:
                self.unknown.add(f"{n.tag}.{c}")

    def inline(self, nodes) -> str:
        out = []
        for c in nodes:
            if isinstance(c, str):
                out.append(escape(c))
            else:
                out.append(self.node(c))
        return "".join(out)

    def blocks(self, nodes) -> str:
        """Children of a block container: whitespace between blocks dropped, runs of inline
        content become paragraphs."""
        out, run = [], []

        def flush():
            text = "".join(run).strip()
            if text:
                out.append(text + "\n\n")
            run.clear()

        for c in nodes:
            if isinstance(c, str):
                run.append(escape(c))
            elif c.tag in _BLOCKS:
                flush()
                out.append(self.node(c))
            else:
                run.append(self.node(c))
        flush()
        return "".join(out)

    def content(self, n: Node) -> str:
        """``[…]`` content block of a node's children, inline or block as they are."""
        self.nest += 1
        try:
            if any(isinstance(c, Node) and c.tag in _BLOCKS for c in n.children):
                return "[" + self.blocks(n.children) + "]"
            return "[" + self.inline(n.children).strip() + "]"
        finally:
            self.nest -= 1

    # -- visitor -------------------------------------------------------------------------
    def node(self, n: Node) -> str:
        self.check(n)
        if id(n) in self.moved:
            return ""
        method = getattr(self, "t_" + n.tag, None)
        if method is None:
            return self.blocks(n.children) if n.tag in _BLOCKS else self.inline(n.children)
        return method(n)

    def t_head(self, n):
        return ""

    def t_style(self, n):
        return ""

    def t_title(self, n):
        return ""

    def t_meta(self, n):
        return ""

    def t_br(self, n):
        return "#linebreak()"

    def t_strong(self, n):
        for c in ("v-viável", "v-inviável", "v-indeterminado"):
            if n.has(c):
                return f"#veredito({string(c[2:])}, {self.content(n)})"
        return f"#strong{self.content(n)}"

    t_b = t_strong

    def t_span(self, n):
        for c in ("v-viável", "v-inviável", "v-indeterminado"):
            if n.has(c):
                return f"#veredito({string(c[2:])}, {self.content(n)})"
        for c in ("pass", "fail", "indet", "na"):
            if n.has(f"st-{c}"):
                return f"#status({string(c)}, {self.content(n)})"
        if n.has("sic"):
            return f"#emph{self.content(n)}"
        if n.has("sujeito"):
            return f"#text(size: 0.9em, fill: cinza){self.content(n)}"
        if n.has("lacuna"):
            return "#box(width: 3.5em, stroke: (bottom: 0.75pt + tinta))"
        if n.has("item"):
            return f"#box(strong{self.content(n)})"
        if n.has("sinal"):
            kind = SIGNS.get(n.text().strip())
            return f'#sinal("{kind}")' if kind else f"#text(size: 1.1em){self.content(n)}"
        return self.inline(n.children)

    def t_em(self, n):
        return f"#emph{self.content(n)}"

    t_i = t_em

    def t_code(self, n):
        text = n.text()
        if n.has("hash") or n.has("chave"):
            size = "0.68em" if n.has("hash") else "0.78em"
            fill = ", fill: cinza" if n.has("chave") else ""
            return f"#codigo(size: {size}{fill})[{escape(text)}]"
        return f"#codigo[{escape(text)}]"

    def t_pre(self, n):
        lines = n.text().strip("\n").split("\n")
        body = " #linebreak()\n".join(_SPECIAL.sub(r"\\\1", line).replace(" ", "~") for line in lines)
        return f"#block(fill: fundo, inset: 0.5em, width: 100%, codigo[{body}])\n\n"

    def t_a(self, n):
        href = n.attrs.get("href", "")
        if href.startswith("#"):
            if href[1:] in self.labels:
                return f"#link(<{href[1:]}>)[{self.inline(n.children).strip()}]"
            return self.inline(n.children)
        if href:
            raise ReportError(f"o documento pede um recurso externo ({href}); "
                              "os estudos devem ser autocontidos")
        return self.inline(n.children)

    def t_p(self, n):
        if n.has("titulo-corrente") or n.has("minuta"):  # only feed the page header
            return ""
        if n.has("linha"):
            return "#align(center, line(length: 60%, stroke: 0.75pt + tinta))\n\n"
        body = self.inline(n.children).strip()
        if n.has("situacao-estudo"):
            color = "verde" if n.has("conclusivo") else "ambar"
            return (f"#block(above: 1em, stroke: (left: 2.5pt + {color}), inset: (left: 0.6em, top: 0.3em), "
                    f"width: 100%, text(size: 8pt, fill: cinza)[#set par(leading: 0.4em)\n"
                    f"#show strong: set text(fill: tinta)\n{body}])\n\n")
        if n.has("legenda") and self.kind == "slides":
            return f"#block(above: 0.5em, text(size: 10.5pt, fill: cinza)[{body}])\n\n"
        style = next((P_STYLES[c] for c in n.classes if c in P_STYLES), "{body}")
        return style.replace("{body}", body) + "\n\n"

    def _heading(self, n, tag_level: int) -> str:
        """A heading: its level in the PDF's structure never skips one (PDF/UA: the cover's
        h3 after the h1 is a level 2), its look is the HTML tag's (``supplement``, read by
        the templates); a study's h2 are its numbered sections, listed in the outline."""
        body = self.inline(n.children).strip()
        hid = n.attrs.get("id", "")
        label = f" <{hid}>" if hid in self.labels else ""
        level = min(tag_level, self.level + 1)
        self.level = level
        look = f"supplement: [h{tag_level}]"
        if tag_level == 2 and self.kind == "study":
            self.sections += 1
            return f"#heading(level: {level}, {look})[{self.sections}\\. {body}]{label}\n\n"
        return f"#heading(level: {level}, {look}, outlined: false)[{body}]{label}\n\n"

    def t_h1(self, n):
        return self._heading(n, 1)

    def t_h2(self, n):
        return self._heading(n, 2)

    def t_h3(self, n):
        return self._heading(n, 3)

    def t_h4(self, n):
        return self._heading(n, 4)

    def t_nav(self, n):
        if n.attrs.get("id") == "sumario":
            self.check(n)
            for h in n.elements():
                self.check(h)
            self.level = min(3, self.level + 1)
            return (f"#heading(level: {self.level}, supplement: [h3], outlined: false)[Sumário]\n"
                    "#block(above: 0.8em, text(font: sans, size: 10pt, "
                    "outline(title: none, target: heading.where(level: 2))))\n\n")
        return self.blocks(n.children)

    def _list(self, n, fn: str) -> str:
        items = [self.content(li) for li in n.elements() if li.tag == "li"]
        body = f"{fn}({', '.join(items)})"
        if n.has("motivos"):
            return f"#text(size: 0.85em, {body})\n\n"
        return f"#{body}\n\n"

    def t_ul(self, n):
        return self._list(n, "list")

    def t_ol(self, n):
        if n.has("itens"):
            items = [self.content(li) for li in n.elements() if li.tag == "li"]
            return (f"#block(below: 0.8em, enum(numbering: \"a)\", indent: 1.2em, spacing: 0.8em, "
                    f"{', '.join(items)}))\n\n")
        return self._list(n, "enum")

    def t_blockquote(self, n):
        return (f"#block(above: 0.3em, below: 0.4em, fill: fundo, stroke: (left: 2pt + linha), "
                f"inset: (x: 0.8em, y: 0.35em), width: 100%, text(style: \"italic\", size: 9.5pt, "
                f"{self.content(n)}))\n\n")

    def t_div(self, n):
        wrapped = any(n.has(c) for c in _WRAPPED)
        self.nest += wrapped
        try:
            return self._div(n)
        finally:
            self.nest -= wrapped

    def _div(self, n):
        """A div's Typst; its children are written exactly once (headings are numbered as
        they are written)."""
        if n.has("regra"):
            # the rule's heading and citation stay with what follows (a sticky block), so
            # they never end a page alone (new-user review 3)
            kids = list(n.children)
            cut = next((i + 1 for i, c in enumerate(kids)
                        if isinstance(c, Node) and c.tag == "p" and c.has("artigo")), 0)
            head = self.blocks(kids[:cut]) if cut else ""
            body = (f"#block(sticky: true)[{head}]\n\n" if head.strip() else head) \
                + self.blocks(kids[cut:])
            color = next((c for c in ("pass", "fail", "indeterminate") if n.has(f"linha-{c}")), None)
            stroke = {"pass": "verde", "fail": "vermelho", "indeterminate": "ambar"}.get(color, "linha")
            return (f"#block(above: 1em, below: 1em, stroke: (left: 3pt + {stroke}), "
                    f"inset: (left: 0.8em, y: 0.1em), width: 100%)[{body}]\n\n")
        if n.has("vigencias"):
            # CSS "columns: 2" on the list: two balanced columns, read top to bottom
            parts = []
            for c in n.elements():
                if c.tag == "ul":
                    self.check(c)
                    items = [self.content(li) for li in c.elements() if li.tag == "li"]
                    for li in c.elements():
                        self.check(li)
                    half = (len(items) + 1) // 2
                    parts.append(f"#block(width: 100%, text(size: 8.5pt, fill: cinza, grid(columns: (1fr, 1fr), "
                                 f"column-gutter: 1.5em, list({', '.join(items[:half])}), "
                                 f"list({', '.join(items[half:])}))))\n\n")
                else:
                    parts.append(self.node(c))
            return f"#block(width: 100%)[#set text(font: sans)\n#set par(justify: false)\n{''.join(parts)}]\n\n"
        if n.has("contagem"):
            boxes = []
            for d in n.elements():
                self.check(d)
                big = [self.inline(b.children) for b in d.elements() if b.tag == "b"]
                rest = self.inline([c for c in d.children if not (isinstance(c, Node) and c.tag == "b")])
                for b in d.elements():
                    self.check(b)
                boxes.append(f"block(width: 100%, stroke: 0.75pt + linha, radius: 5pt, "
                             f"inset: (x: 0.5em, y: 0.4em), align(center)[#text(size: 1.6em, "
                             f"weight: \"bold\")[{''.join(big)}] \\ #text(size: 0.8em, "
                             f"hyphenate: false)[{rest.strip()}]])")
            # equal columns across the page width: a long label wraps inside its box instead
            # of pushing the last box off the slide's right edge
            columns = ", ".join(["1fr"] * len(boxes)) + ("," if len(boxes) == 1 else "")
            return (f"#block(above: 1em, below: 1em, width: 100%, grid(columns: ({columns}), "
                    f"column-gutter: 0.8em, {', '.join(boxes)}))\n\n")
        if n.has("rodape"):
            spans = [self.inline(s.children).strip() for s in n.elements()]
            for s in n.elements():
                self.check(s)
            cells = ", ".join(f"[{s}]" for s in spans)
            return (f"#place(bottom, dy: 7mm, block(width: 100%, text(size: 9.8pt, fill: cinza, "
                    f"grid(columns: (1fr, auto), {cells}))))\n")
        style = next((DIV_STYLES[c] for c in n.classes if c in DIV_STYLES), None)
        body = self.blocks(n.children)
        return style.replace("{body}", body) + "\n\n" if style else body

    def t_section(self, n):
        body = self.blocks(n.children)
        if n.has("capa"):
            return body + "#pagebreak(weak: true)\n\n"
        if n.has("slide"):
            return f"#page[{body}]\n"
        if n.has("anexo") or n.has("justificacao") or n.has("notas"):
            return f"#pagebreak(weak: true)\n{body}"
        return body

    def t_figure(self, n):
        img = next((c for c in n.elements() if c.tag == "img"), None)
        cap = next((c for c in n.elements() if c.tag == "figcaption"), None)
        for c in n.elements():
            self.check(c)
        if img is None:
            return self.blocks(n.children)
        image = self.image(img, slide=self.kind == "slides")
        caption = f", caption: figure.caption{self.content(cap)}" if cap is not None else ""
        return f"#figure({image}, numbering: none, supplement: none, kind: image{caption})\n\n"

    def t_img(self, n):
        return "#" + self.image(n, slide=False)

    def image(self, n: Node, *, slide: bool) -> str:
        src = n.attrs.get("src", "")
        m = re.match(r"data:image/(svg\+xml|png)(;base64)?,(.*)", src, re.S)
        if m is None:
            raise ReportError(f"o documento pede um recurso externo ({src[:80]}); "
                              "os estudos devem ser autocontidos")
        data = base64.b64decode(m.group(3)) if m.group(2) else unquote(m.group(3)).encode("utf-8")
        ext = "svg" if m.group(1).startswith("svg") else "png"
        name = f"img-{hashlib.sha256(data).hexdigest()[:16]}.{ext}"
        self.files[name] = data
        alt = string(n.attrs.get("alt", ""))
        if slide:  # the deck's height (slides.py: "height: N vh" of the 167 mm page), else 98 mm
            vh = re.search(r"height:\s*(\d+)vh", n.attrs.get("style", ""))
            height = f"{int(vh.group(1)) * SLIDE_HEIGHT_MM / 100:.1f}mm" if vh else "98mm"
            return f"grafico({string(name)}, none, {alt}, height: {height})"
        w = _image_size(data, ext)
        return f"grafico({string(name)}, {f'{w:.2f}pt' if w else 'none'}, {alt})"

    def t_table(self, n):
        cols, caption, rows = [], None, []
        header = 0
        for part in n.elements():
            self.check(part)
            if part.tag == "colgroup":
                for col in part.elements():
                    self.check(col)
                    cols.append(_col_width(col))
            elif part.tag == "caption":
                caption = self.inline(part.children).strip()
            elif part.tag in ("thead", "tbody"):
                for tr in part.elements():
                    self.check(tr)
                    rows.append((part.tag, tr))
                    header += part.tag == "thead"
            elif part.tag == "tr":
                rows.append(("tbody", part))
        ncols = max((sum(_span(c) for c in tr.elements()) for _, tr in rows), default=1)
        wide = ncols > WIDE_COLUMNS
        if cols and all(cols) and len(cols) == ncols:
            columns = "(" + ", ".join(cols) + ",)"
        elif wide:
            columns = "(auto,) * " + str(ncols)
        else:
            columns = "(1fr,) * " + str(ncols)
        size = ("7.4pt" if n.has("proveniencia") else "8.5pt" if n.has("parametros")
                else "8pt" if wide else "8.6pt")
        if self.kind == "slides":
            size = "13pt"
        head, body = [], []
        cells, badges = {}, {}  # body cells and verdict badges (which cannot wrap) by column
        for where, tr in rows:
            x = 0
            for cell in tr.elements():
                self.check(cell)
                out = self.cell(cell, where)
                (head if where == "thead" else body).append(out)
                if where != "thead":
                    cells[x] = cells.get(x, 0) + 1
                    badges[x] = badges.get(x, 0) + ("veredito(" in out)
                x += _span(cell)
        # only a column of badges (not a column of text with one badge, like the cover's)
        badge = {x for x, n in badges.items() if n and n == cells[x]}
        if badge and columns.startswith("(") and "%" in columns:
            # a badge wider than its share of the page overflowed its pill: the badge's column
            # takes its natural width, the others share the rest in their proportions
            columns = "(" + ", ".join("auto" if i in badge else c.replace("%", "fr")
                                      for i, c in enumerate(cols)) + ",)"
        args = [f"columns: {columns}", f"size: {size}", f"hrows: {header}"]
        if self.kind == "slides":  # rows as the deck's pagination counts them (slides.py)
            args += ["leading: 0.45em", "pad: 0.32em"]
        if head:
            args.append(f"table.header({', '.join(head)})")
        args += body
        out = f"#tabela({', '.join(args)})\n\n"
        if caption:
            out = f"#legenda-tabela[{caption}]\n" + out
        if wide and (self.kind == "slides" or self.nest):
            out = out.replace(f"size: {size}", "size: 6.5pt", 1)  # no page of its own: smaller
        elif wide:
            lead = self.lead.get(id(n))
            if lead is not None:
                self.moved.discard(id(lead))
                out = self.node(lead) + out
                self.moved.add(id(lead))
            out = f"#page(flipped: true)[{out}]\n\n"
        return out

    def cell(self, c: Node, where: str) -> str:
        body = self.content(c)
        right = c.has("num")
        span = "".join(f", {k}: {int(c.attrs[k])}" for k in ("colspan", "rowspan")
                       if c.attrs.get(k, "").isdigit() and int(c.attrs[k]) > 1)
        if c.tag == "th" and where == "thead":
            return f"hd(al: {'right' if right else 'left'}{span}, {body})"
        if c.tag == "th":
            return f"rh({body}{span})"
        extra = (", al: right" if right else "") + span
        if c.has("fonte"):
            extra += ", size: 7.6pt, fill: cinza"
        return f"td({body}{extra})"


def _columns(table: Node) -> int:
    """Cells in the widest row of a table."""
    rows = [tr for part in table.elements() for tr in ([part] if part.tag == "tr" else part.elements())
            if tr.tag == "tr"]
    return max((sum(_span(c) for c in tr.elements()) for tr in rows), default=0)


def _span(cell: Node) -> int:
    v = cell.attrs.get("colspan", "")
    return int(v) if v.isdigit() and int(v) > 0 else 1


def _running(root: Node, cls: str) -> str:
    n = root.find(lambda x: x.has(cls))
    return n.text().strip() if n is not None else ""


def to_typst(html: str) -> Document:
    """Turn one of our HTML documents into Typst markup.

    Parameters
    ----------
    html : str
        A complete HTML document of ours (study, deck, statewide report, request): a deck is
        recognised by its ``section.slide`` elements, a request (ofício) by ``main.oficio``
        (A4 letter, no running header); anything else gets the A4 report pages.

    Returns
    -------
    Document
        ``source`` (Typst markup), ``files`` (images decoded from ``data:`` URIs, by name),
        ``kind`` ("study", "slides" or "letter"), ``inputs`` (title and running-header texts,
        read by the template as ``sys.inputs``) and ``unknown`` (tags and classes outside
        :data:`TAGS`/:data:`CLASSES`, rendered unstyled).

    Raises
    ------
    ReportError
        If the HTML refers to anything outside itself (a link or image address that is not a
        ``data:`` URI of SVG or PNG, or an in-document anchor).
    """
    root = parse(html)
    if root.find(lambda x: x.tag == "section" and x.has("slide")):
        kind = "slides"
    elif root.find(lambda x: x.tag == "main" and x.has("oficio")):
        kind = "letter"
    else:
        kind = "study"
    title_node = root.find(lambda x: x.tag == "title")
    title = _SPACE.sub(" ", title_node.text()).strip() if title_node is not None else ""
    w = _Writer(kind, root)
    body_node = root.find(lambda x: x.tag == "body") or root
    body = w.blocks(body_node.children)
    inputs = {"titulo": title, "esquerda": _SPACE.sub(" ", _running(root, "cabecalho-corrente")),
              "direita": _SPACE.sub(" ", _running(root, "titulo-corrente")),
              "minuta": _SPACE.sub(" ", _running(root, "minuta"))}
    for n in _walk(root):
        w.check(n)
    source = template("typst-base.typ") + template(TEMPLATES[kind]) + "\n" + body
    return Document(source, w.files, kind, w.unknown, inputs)


def _walk(n: Node):
    for c in n.elements():
        yield c
        yield from _walk(c)


#: The program the Typst child runs (``python -I -c``): ignore Ctrl-C (the parent decides),
#: die with the parent (Linux ``PR_SET_PDEATHSIG``), compile ``doc.typ`` in the folder given,
#: write ``doc.pdf`` and ``result.json`` (``ua_error``, or ``error``: Typst's diagnostics).
_CHILD = r"""
import ctypes, json, os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
try:
    ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)
except Exception:
    pass
if os.getppid() != int(sys.argv[2]):
    sys.exit(1)
import typst
root = sys.argv[1]
with open(os.path.join(root, "args.json"), encoding="utf-8") as fh:
    kw = json.load(fh)
out = {"ua_error": None}
try:
    try:
        pdf = typst.compile(os.path.join(root, "doc.typ"), pdf_standards=["ua-1"], **kw)
    except typst.TypstError as e:
        if "PDF/UA" not in str(e):
            raise
        out["ua_error"] = str(e)
        pdf = typst.compile(os.path.join(root, "doc.typ"), **kw)
    with open(os.path.join(root, "doc.pdf"), "wb") as fh:
        fh.write(pdf)
except Exception as e:
    out["error"] = str(e)
with open(os.path.join(root, "result.json"), "w", encoding="utf-8") as fh:
    json.dump(out, fh)
"""


def compile_pdf(doc: Document) -> bytes:
    """Compile a :class:`Document` to PDF with only the shipped fonts (system fonts ignored).

    The PDF is written to PDF/UA-1 (accessible: tagged headings in order, tables, figures
    with alternative text, title shown). Should a document not meet it, the reason is kept
    in :attr:`Document.ua_error` (tests assert it stays ``None``) and the PDF is written
    tagged but without the PDF/UA claim, rather than not at all.

    Typst runs in a child process (the ``typst`` module in ``python -I``): a compilation
    cannot be interrupted inside the library, but the child can be killed, so Ctrl-C and
    SIGTERM stop a study within a second, whatever Typst is doing; the child also dies
    with its parent (``kill -9``). Its temporary folder is ``viabilidade-typst-<pid>-…``
    (:mod:`viabilidade.common.tempfiles`).

    Raises
    ------
    ReportError
        If Typst reports an error, or its process ends abnormally.
    KeyboardInterrupt
        On Ctrl-C or SIGTERM (as the CLI raises it), after killing the child.
    """
    import json
    import os
    import subprocess
    import sys

    from ...common.tempfiles import prefix
    from . import fonts

    with tempfile.TemporaryDirectory(prefix=prefix("typst")) as tmp:
        root = Path(tmp)
        for name, data in doc.files.items():
            (root / name).write_bytes(data)
        (root / "doc.typ").write_text(doc.source, encoding="utf-8")
        args = dict(root=str(root), font_paths=[str(fonts.FONT_DIR)], ignore_system_fonts=True,
                    format="pdf", pdf_tags=True, sys_inputs=dict(doc.inputs))
        (root / "args.json").write_text(json.dumps(args), encoding="utf-8")
        child = subprocess.Popen([sys.executable, "-I", "-c", _CHILD, str(root), str(os.getpid())],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, close_fds=True)
        try:
            code = child.wait()
        except BaseException:  # Ctrl-C, SIGTERM: stop Typst now
            child.kill()
            child.wait()
            raise
        try:
            result = json.loads((root / "result.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ReportError(f"falha ao gerar o PDF (Typst): o processo do Typst terminou de "
                              f"modo anormal (código {code})") from None
        if "error" in result:
            raise ReportError(f"falha ao gerar o PDF (Typst): {result['error']}")
        doc.ua_error = result.get("ua_error")
        return (root / "doc.pdf").read_bytes()
