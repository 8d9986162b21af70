"""The reader's language (issue 19, item 8): a study, as rendered, carries no candidate-file
field names, no rule ids, no English status words, no "BRL" and no "veredito" — citations
("art. 4º, IV"), R$ amounts and "conclusão" instead. Scanned on the real HTML of a study of
every committed candidate (data/candidates, tests/candidates, the operations' fixtures in
tests/fixtures) and on its slide deck."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
#: Every committed candidate, and the test fixture of each operation (district, transfer,
#: boundary correction, drawn area); tests/fixtures/oficios.toml is the ofícios' settings.
CANDIDATES = sorted([*(ROOT / "data" / "candidates").glob("*.toml"),
                     *(ROOT / "tests" / "candidates").glob("*.toml"),
                     *(p for p in (ROOT / "tests" / "fixtures").glob("*.toml")
                       if p.name != "oficios.toml")])
needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")

#: What a reader must never see: field names (snake_case), dotted candidate keys, rule ids,
#: the currency code, "veredito", English status and basis words.
FORBIDDEN = re.compile(
    r"\b[a-z]+_[a-z_]+\b"                                   # technical_error, petition_signatures
    r"|\b(?:process|certified|evidence|fiscal|origin|area|settings)\.[a-z_]+"  # certified.electors
    r"|\bart\d+\.(?:[IVX]+|par\d+|sole|[a-z]+)\b"           # art4.IV, art4.par1, art10.sole
    r"|\bBRL\b|\b[Vv]eredito"
    r"|\b(?:certified|published|estimated|measured|indeterminate|not applicable|likely pass"
    r"|likely fail|boundary|remainder|verdict)\b"
    # setting codes (I-8 "absolute-majority", I-9 "total-revenue", I-9 "per-capita"), and the
    # unaccented words of a detail key printed as a label ("nao", "minimo sim")
    r"|\b(?:absolute-majority|total-revenue|per-capita|all-urban)\b"
    r"|\b(?:nao|minimo|maximo|populacao|arrecadacao|edificacoes)\b"
    r"|receita estadual base"
    # "cumprido" next to an estimate (legal review 3, finding 2): the lean is "provável atendimento"
    r"|provavelmente (?:não )?cumprido|tende a (?:não )?cumprir")
#: A row label of a table of facts: a reader's label starts with a capital letter; a lowercase
#: one is a detail key with its underscores replaced ("eleitores aptos", "minimo sim").
RAW_LABEL = re.compile(r'<th scope="row">([a-zà-ú][^<]*)</th>')
#: Citations of sources the reader may follow: URLs, paths and repositories, file names, hashes.
CITATIONS = re.compile(r"https?://\S+|\S*/\S*|\S+\.(?:csv|json|geojson|zip|parquet|xlsx?|txt|gpkg"
                       r"|kmz?|shp|toml|ods|pdf|html)\b|\b[0-9a-f]{40,64}\b")


def visible_text(html: str) -> str:
    """What a reader sees: the body without styles, scripts, embedded images and tags; source
    citations (addresses, file names, hashes) removed."""
    body = html.split("<body", 1)[-1]
    body = re.sub(r"<(style|script)\b.*?</\1>|data:[^\"')]+", " ", body, flags=re.S)
    text = htmllib.unescape(re.sub(r"<[^>]+>", " ", body))
    return CITATIONS.sub(" ", text)


def offending(html: str) -> list[str]:
    """Each forbidden word with some context, for the failure message."""
    text = " ".join(visible_text(html).split())
    return ([text[max(m.start() - 60, 0):m.end() + 40] for m in FORBIDDEN.finditer(text)]
            + [f"rótulo {m.group(1)!r}" for m in RAW_LABEL.finditer(html)])


def test_the_scan_catches_what_it_must():
    bad = ("<body><p>Faltam: technical_error; mayors_agreement</p><p>campo "
           "process.petition_signatures</p><h3>Eleitorado <code>art4.V</code></h3>"
           "<p>3.150.000 BRL</p><p>Veredito: viável</p><p>basis certified</p></body>")
    found = offending(bad)
    for word in ("technical_error", "process.petition_signatures", "art4.V", "BRL", "Veredito",
                 "certified"):
        assert any(word in f for f in found), word
    # what the legal review found in the certified study (internal codes as labels)
    codes = ('<body><p>quórum mínimo 5.407 (absolute-majority): atingido.</p><table>'
             '<tr><th scope="row">minimo sim</th><td>3.511</td></tr>'
             '<tr><th scope="row">nao</th><td>1.480</td></tr>'
             '<tr><th scope="row">eleitores aptos</th><td>10.812</td></tr>'
             '<tr><th scope="row">receita estadual base</th><td>publicado</td></tr></table>'
             '<p>receita própria não informada (tabela [fiscal.own_revenue])</p></body>')
    found = offending(codes)
    for word in ("absolute-majority", "'minimo sim'", "'nao'", "'eleitores aptos'",
                 "'receita estadual base'", "fiscal.own_revenue"):
        assert any(word in f for f in found), word
    # "cumprido" beside an estimate (legal review 3, finding 2)
    lean = "<body><p>Art. 4º, V: indeterminado (provavelmente cumprido)</p></body>"
    assert any("provavelmente cumprido" in f for f in offending(lean))
    assert offending("<body><p>Art. 4º, V: indeterminado (provável atendimento)</p></body>") == []
    good = ("<body><p>Art. 4º, IV — R$ 3.150.000,00; conclusão: viável. Fonte: GitHub "
            "a/b_c commit " + "a" * 40 + " census/go_tabela_x.csv</p></body>")
    assert offending(good) == []


@pytest.mark.slow
@needs_store
@pytest.mark.parametrize("candidate", CANDIDATES, ids=[p.stem for p in CANDIDATES])
def test_a_rendered_study_and_its_deck_speak_the_readers_language(candidate, tmp_path_factory):
    from conftest import shared_study
    from viabilidade.profile.analysis import analyse
    from viabilidade.data.store import load_store
    from viabilidade.report import slides

    record = shared_study(tmp_path_factory, candidate, dt.date(2027, 6, 1))    # run once (conftest)
    html = Path(record["files"]["html"]).read_text(encoding="utf-8")
    assert offending(html) == []
    store = load_store(STORE)
    deck = slides.slides_html(analyse(candidate, store=store), study_date=dt.date(2027, 6, 1))
    assert offending(deck) == []


@needs_store
@pytest.mark.parametrize("candidate", [ROOT / "data" / "candidates" / "posse-dabadia.toml",
                                       ROOT / "tests" / "fixtures" / "posse-dabadia-desenhada.toml"],
                         ids=["distritos", "desenhada"])
def test_the_oficios_speak_the_readers_language(candidate, tmp_path):
    """The five letters of a creation (area of districts; drawn area with its memorial), HTML
    only."""
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.data.store import load_store
    from viabilidade.report.oficios import write_oficios
    from viabilidade.report.oficios_settings import OficiosSettings

    files = write_oficios(load_candidate(candidate), tmp_path, store=load_store(STORE),
                          settings=OficiosSettings.from_toml(ROOT / "tests" / "fixtures" / "oficios.toml"),
                          request_date=dt.date(2027, 1, 15),
                          pdf=False)
    pages = {name: path.read_text(encoding="utf-8") for name, path in files.items()
             if name.endswith(".html")}
    assert len(pages) == 5
    for name, page in pages.items():
        assert offending(page) == [], name


def test_the_batch_index_cites_rules_by_article():
    from viabilidade.batch import index

    rec = {"slug": "posse-dabadia", "name": "Posse d'Abadia", "operation": "create-municipality",
           "candidate": "posse-dabadia.toml", "status": "ok", "verdict": "indeterminado",
           "rules": {"art4.IV": "pass", "art4.par1@Abadiânia (remanescente)": "pass",
                     "art10.sole": "not_applicable", "art7.par3": "indeterminate"},
           "leans": {}, "folder": "posse-dabadia", "files": {}, "error": None,
           "conclusion": "Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar; a criação está "
                         "vedada enquanto não editada a lei complementar federal (CF, art. 18, § 4º)."}
    page = index.render_index([rec], "lote")
    assert offending(page) == []
    for th in ("<th>art. 4º, IV</th>", "<th>art. 4º, § 1º — Abadiânia (remanescente)</th>",
               "<th>art. 10, parágrafo único</th>", "<th>art. 7º, § 3º</th>", "<th>Conclusão</th>"):
        assert th in page, th
