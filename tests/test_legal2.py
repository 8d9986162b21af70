"""The legal consultant's second reading (N1 …): each finding with the exact pt-BR text."""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                reason="processed store data/processed not built")

#: N1: the art. 8 extinction is itself an incorporation, barred like the creation.
EXTINCTION = ("extinção e reincorporação, que, como incorporação, também dependem da lei "
              "complementar federal (CF, art. 18, § 4º)")


def _text(html: str) -> str:
    html = re.sub(r"</?(?:strong|b)\b[^>]*>", "", html)
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture(scope="module")
def store():
    from viabilidade.data.store import load_store

    return load_store(STORE)


@pytest.fixture(scope="module")
def analysed(store):
    from viabilidade.analysis import analyse

    cache = {}

    def get(path):
        if path not in cache:
            cache[path] = analyse(ROOT / path, store=store)
        return cache[path]
    return get


POSSE = "data/candidates/posse-dabadia.toml"
NOVA = "data/candidates/nova-iguacu-de-goias.toml"
FUSION = "data/candidates/fusao-anhanguera-cumari.toml"
TRANSFER = "tests/fixtures/transferencia-posse-dabadia.toml"


def test_n1_the_thin_margin_warning_says_the_extinction_is_barred_too(analysed):
    from viabilidade.report import frame
    from viabilidade.report.sections import thin_margin_note

    assert frame.EXTINCTION_BARRED == EXTINCTION
    text = _text(thin_margin_note(analysed(POSSE)))
    assert ("depois de instalado o Município (e, para o município de origem, desde já), essa "
            "perda é causa de " + EXTINCTION + ".") in text


def test_n1_the_installed_municipality_lead_says_the_extinction_is_barred_too(analysed):
    from viabilidade.report.sections import _what_would_change

    text = _text(_what_would_change(analysed(NOVA)))
    assert ("que levaria a Assembleia Legislativa a decretar a sua " + EXTINCTION
            + "; não é condição da criação, já feita.") in text
