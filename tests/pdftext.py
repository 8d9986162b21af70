"""Text of a PDF as a reader would copy it (pdftotext), for tests.

Where a line wraps is layout, not content: line breaks and runs of spaces become one space,
and a word hyphenated at a line end (Typst writes the break as a soft hyphen, U+00AD) or a
long token broken at a zero-width space (U+200B) is joined again.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path


def pdf_text(pdf: bytes | Path, first: int | None = None, last: int | None = None, *,
             layout: bool = False) -> str:
    """Raw ``pdftotext`` output of a PDF (bytes or file), pages ``first``..``last``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(pdf) if isinstance(pdf, Path) else Path(tmp) / "doc.pdf"
        if not isinstance(pdf, Path):
            path.write_bytes(pdf)
        cmd = ["pdftotext"] + (["-layout"] if layout else [])
        if first is not None:
            cmd += ["-f", str(first), "-l", str(last or first)]
        return subprocess.run(cmd + [str(path), "-"], capture_output=True, text=True,
                              check=True).stdout


def flat(text: str) -> str:
    """``text`` with soft-hyphen line breaks and zero-width break points (long file names,
    hashes) joined, and all whitespace runs as one space."""
    return re.sub(r"\s+", " ", re.sub(r"\u00ad\s*|\u200b\s*", "", text)).strip()
