"""Test session setup shared by every test module."""

import os

import pytest

from viabilidade.common.imports import block_slow_imports

# With JupyterLab in the environment, `import jsonschema` (via nbformat/papermill) builds
# rfc3987-syntax's grammars (~2 s per process) for a JSON-schema format notebooks never use.
block_slow_imports()


@pytest.fixture(autouse=True, scope="session")
def _session_cache(tmp_path_factory):
    """One cache folder for the whole session (viabilidade.common.cache): the store builds of
    the tests read the Localidades archive once, and no test reads or fills the user's cache.
    Set in os.environ so that the CLI run in a subprocess shares it."""
    before = os.environ.get("VIABILIDADE_CACHE")
    os.environ["VIABILIDADE_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("VIABILIDADE_CACHE", None)
    else:
        os.environ["VIABILIDADE_CACHE"] = before


def pdf_text(path, first: int = 1, last: int | None = None) -> str:
    """Text of pages ``first``..``last`` of a PDF (pdftotext), whitespace normalised to one
    space and words hyphenated at a line end ("ha‐ bitantes": U+2010 or a soft hyphen U+00AD,
    as the fonts render it) joined, so a test never depends on where a line wraps."""
    import re
    import subprocess

    args = ["pdftotext", "-f", str(first)] + (["-l", str(last)] if last else []) + [str(path), "-"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return re.sub(r"[\u2010\u00ad]\s+", "", " ".join(out.split()))
