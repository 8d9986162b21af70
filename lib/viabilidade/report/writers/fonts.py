"""The project's own fonts: every PDF (studies, decks, statewide reports, requests) uses only them.

The fonts are Liberation 2.1.5, with Noto Sans Math 2.001 for the few signs Liberation lacks
(SIL Open Font License 1.1; ``fonts/OFL.txt``), shipped unmodified inside the package, so a PDF's layout and bytes do not depend on the fonts a
machine happens to have. Typst (report/writers/typst.py) is given :data:`FONT_DIR` as its only font
folder, with the system fonts ignored. For WeasyPrint (kept only for the side-by-side timing in
``benchmarks/study.py``) they are declared with ``@font-face`` under names no
system font carries ("Viabilidade Serif", "Viabilidade Sans", "Viabilidade Mono",
"Viabilidade Simbolos"), so
fontconfig can never substitute a system face for them.

The stylesheets name their families through three custom properties (``--serif``, ``--sans``,
``--mono``). In the HTML they list Liberation first and then common fallbacks, for a browser
that has no access to the package; :func:`pdf_style` redefines them to the shipped faces only.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

#: Folder holding the shipped TrueType files and their licence.
FONT_DIR = Path(str(resources.files("viabilidade.report") / "fonts"))

#: (CSS family, weight, style) -> file name in :data:`FONT_DIR`.
FACES = {
    ("Viabilidade Serif", "normal", "normal"): "LiberationSerif-Regular.ttf",
    ("Viabilidade Serif", "bold", "normal"): "LiberationSerif-Bold.ttf",
    ("Viabilidade Serif", "normal", "italic"): "LiberationSerif-Italic.ttf",
    ("Viabilidade Serif", "bold", "italic"): "LiberationSerif-BoldItalic.ttf",
    ("Viabilidade Sans", "normal", "normal"): "LiberationSans-Regular.ttf",
    ("Viabilidade Sans", "bold", "normal"): "LiberationSans-Bold.ttf",
    ("Viabilidade Sans", "normal", "italic"): "LiberationSans-Italic.ttf",
    ("Viabilidade Sans", "bold", "italic"): "LiberationSans-BoldItalic.ttf",
    ("Viabilidade Mono", "normal", "normal"): "LiberationMono-Regular.ttf",
    ("Viabilidade Simbolos", "normal", "normal"): "NotoSansMath-Regular.ttf",
}

#: How the shipped faces are named in a PDF (what ``pdffonts`` lists, after the subset tag):
#: Typst embeds them under their PostScript names.
PDF_FAMILIES = ("LiberationSerif", "LiberationSans", "LiberationMono", "NotoSansMath")


def is_shipped_font(path: str | Path) -> bool:
    """Whether ``path`` is one of the shipped font files (the only local files a PDF may read)."""
    p = Path(path).resolve()
    return p.parent == FONT_DIR.resolve() and p.name in FACES.values()


@lru_cache(maxsize=1)
def pdf_style() -> str:
    """A ``<style>`` element that makes a document use only the shipped fonts.

    Appended after the document's own stylesheet when a PDF is rendered: it declares the
    ``@font-face`` rules (``file:`` URLs into :data:`FONT_DIR`) and points ``--serif``,
    ``--sans`` and ``--mono`` at them.

    Returns
    -------
    str
        ``<style>…</style>``.
    """
    rules = [
        f'@font-face {{ font-family: "{family}"; font-weight: {weight}; font-style: {style}; '
        f'src: url("{(FONT_DIR / name).resolve().as_uri()}"); }}'
        for (family, weight, style), name in FACES.items()
    ]
    # Noto Sans Math after each family: the few signs Liberation lacks (⌊ ⌋ ⌈ ⌉ …).
    rules.append(':root { --serif: "Viabilidade Serif", "Viabilidade Simbolos"; '
                 '--sans: "Viabilidade Sans", "Viabilidade Simbolos"; '
                 '--mono: "Viabilidade Mono", "Viabilidade Simbolos"; }')
    return "<style>\n" + "\n".join(rules) + "\n</style>"
