"""The PDFs use only the fonts shipped in the package, whatever fonts the machine has.

The machine's fonts are varied with fontconfig itself: a rendering subprocess gets a
``FONTCONFIG_FILE`` that offers no font at all, or one that offers the DejaVu fonts plus a
folder of Liberation faces (as on a machine with fonts-liberation installed). The PDF bytes
must be the same in each case and the same as in this process.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_report_export import make_analysis, make_notebook
from viabilidade.report.writers import export, fonts
from viabilidade.report import slides

RENDER = """
import sys
from viabilidade.report.writers.export import html_to_pdf
sys.stdout.buffer.write(html_to_pdf(open(sys.argv[1], encoding="utf-8").read()))
"""


def pdf_font_names(pdf: bytes, tmp_path: Path) -> set[str]:
    """Font names ``pdffonts`` lists, without the subset tag (``ABCDEF+``)."""
    path = tmp_path / "f.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return {line.split()[0].split("+", 1)[-1] for line in out.splitlines()[2:] if line.strip()}


def _allowed(names: set[str]) -> bool:
    return all(n.startswith(fonts.PDF_FAMILIES) for n in names)


@pytest.fixture(scope="module")
def study_html():
    return export.notebook_to_html(make_notebook(make_analysis()))


def test_shipped_fonts_and_their_licence_are_in_the_package():
    assert (fonts.FONT_DIR / "OFL.txt").read_text(encoding="utf-8").count("SIL OPEN FONT LICENSE") == 1
    for name in fonts.FACES.values():
        assert (fonts.FONT_DIR / name).stat().st_size > 100_000, name
    style = fonts.pdf_style()
    assert style.count("@font-face") == len(fonts.FACES)
    assert '--serif: "Viabilidade Serif", "Viabilidade Simbolos"' in style


def test_only_shipped_files_may_be_read():
    assert fonts.is_shipped_font(fonts.FONT_DIR / "LiberationSans-Regular.ttf")
    assert not fonts.is_shipped_font(fonts.FONT_DIR / "OFL.txt")
    assert not fonts.is_shipped_font("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def test_study_pdf_embeds_only_the_project_fonts(study_html, tmp_path):
    names = pdf_font_names(export.html_to_pdf(study_html), tmp_path)
    assert {"LiberationSerif", "LiberationSans", "LiberationSans-Bold"} <= names
    assert _allowed(names), names


def test_signs_missing_from_liberation_come_from_the_shipped_symbols_face(tmp_path):
    html = ('<!DOCTYPE html><html><head><style>:root{--serif:serif} p{font-family:var(--serif)}'
            '</style></head><body><p>quórum ⌊n/2⌋ + 1</p></body></html>')
    names = pdf_font_names(export.html_to_pdf(html), tmp_path)
    assert names == {"LiberationSerif", "LiberationSans", "NotoSansMath-Regular"}  # Sans: page footer


def test_deck_pdf_embeds_only_the_project_fonts(tmp_path):
    deck = slides.slides_html(make_analysis(), store=None, study_date=dt.date(2026, 11, 29))
    names = pdf_font_names(slides.slides_pdf(deck), tmp_path)
    assert "LiberationSans" in names and _allowed(names), names


def test_local_files_other_than_the_fonts_are_refused():
    html = ('<!DOCTYPE html><html><head></head><body>'
            f'<img src="{Path(__file__).resolve().as_uri()}"></body></html>')
    with pytest.raises(export.ReportError, match="recurso externo"):
        export.html_to_pdf(html)


def _fontconfig(tmp_path: Path, name: str, dirs: list[Path]) -> Path:
    cache = tmp_path / f"cache-{name}"
    conf = tmp_path / f"{name}.conf"
    conf.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
                    + "".join(f"<dir>{d}</dir>" for d in dirs)
                    + f"<cachedir>{cache}</cachedir></fontconfig>", encoding="utf-8")
    return conf


@pytest.mark.slow
def test_pdf_bytes_do_not_depend_on_the_machine_fonts(study_html, tmp_path):
    """No system font, DejaVu only, or DejaVu plus Liberation: identical bytes every time."""
    source = tmp_path / "estudo.html"
    source.write_text(study_html, encoding="utf-8")
    liberation = tmp_path / "system-liberation"
    liberation.mkdir()
    for f in fonts.FONT_DIR.glob("Liberation*.ttf"):
        shutil.copy(f, liberation / f.name)
    dejavu = [d for d in (Path("/usr/share/fonts/truetype/dejavu"),) if d.is_dir()]
    machines = {"nenhuma": [], "dejavu": dejavu, "dejavu-liberation": [*dejavu, liberation]}
    expected = export.html_to_pdf(study_html)
    for name, dirs in machines.items():
        env = {**os.environ, "FONTCONFIG_FILE": str(_fontconfig(tmp_path, name, dirs))}
        out = subprocess.run([sys.executable, "-c", RENDER, str(source)], env=env,
                             capture_output=True, check=True, timeout=300)
        assert out.stdout == expected, f"PDF differs with system fonts: {name}"
