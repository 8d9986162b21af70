"""Both statewide notebooks executed by papermill and exported to HTML and PDF (run_audit,
run_screening)."""

from __future__ import annotations

import datetime as dt
import html as htmllib
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from viabilidade.statewide import run
from viabilidade.statewide import views as sw
from viabilidade.errors import ReportError

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "data" / "processed"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")]
DAY = dt.date(2026, 11, 29)
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:|//)""", re.I)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture(scope="module")
def audit_files(tmp_path_factory):
    return run.run_audit(tmp_path_factory.mktemp("auditoria"), data_root=STORE, reference_date=DAY)


@pytest.fixture(scope="module")
def screening_files(tmp_path_factory):
    return run.run_screening(tmp_path_factory.mktemp("triagem"), data_root=STORE, reference_date=DAY,
                            rulesets=["lc02-1990-go", "plp-137-2015"])


def test_audit_report_lists_the_42_and_the_next_audit_year(audit_files):
    assert sorted(p.name for p in audit_files.values()) == [
        "auditoria_art8.html", "auditoria_art8.ipynb", "auditoria_art8.pdf"]
    html = audit_files["html"].read_text(encoding="utf-8")
    text = _text(html)
    assert '<html lang="pt-BR">' in html
    assert "Dos 246 municípios de Goiás, 42 têm 3.000 habitantes ou menos" in text
    assert "O menor é Anhanguera (5201207), com 924 habitantes." in text
    assert "Nenhum município fica com todos os itens comprovados" in text
    assert "A próxima verificação é em 2027 (eleições de 2028)." in text
    assert ("com a outra divulgação (IBGE, Censo Demográfico 2022, primeira divulgação "
            "(28/06/2023)), 42 municípios não atingem o item IV; com a adotada, 42.") in text
    # legal review 3, finding 10: the population's source named with its base and year
    assert ("População IBGE, Censo Demográfico 2022, Agregados por setores censitários, "
            "resultados do universo (revisados)") in text
    assert "população revisada (agregados por setor)" not in text
    assert ("42 têm 3.000 habitantes ou menos e não atingem o item IV do art. 4º (população de mais "
            "de 3.000 habitantes) com os dados publicados do Censo 2022.") in text
    # legal review 3, item 6: item VII with the study's "último exercício" note and "por
    # excesso" label (one helper, art4.revenue_requirement), the full requirements a reading
    said = sw.revenue_requirement(sw._store(data_root=STORE), DAY)
    assert said["natureza_exigencia"] == "aproximada, por excesso"
    assert (" — aproximada, por excesso. " + said["nota_exigencia"]) in text
    assert "a lei pede a do último exercício (2025)" in said["nota_exigencia"]
    assert sw.FULL_REQUIREMENTS in text
    assert "com os requisitos integrais (leituras do estudo: ver Método)" in text
    # the audit's readings of art. 8 (issue 29 § 2), each said as a reading
    assert "Leituras do art. 8º adotadas pela auditoria" in text
    assert "Municípios criados antes da LC nº 2/1990." in text
    assert "A lei os alcança: o art. 8º, § 2º, manda que, “nos municípios já instalados”" in text
    body = _text(html.split("</style>")[-1])
    assert "valor certificado" not in body and "inviável" not in body
    assert "valor publicado, não certificado" in text
    flags = html.split('id="sec-incoerencias"')[1].split("</section>")[0]
    flags = _text(flags)
    assert "85 dados publicados em conflito com outra tabela oficial." in flags
    assert "5201207 Anhanguera eleitorado: 1.744 eleitores O eleitorado é maior" in flags
    assert "Castelândia" in text and "2.985" in text
    # the smallest electorate is told under item V, not under VII
    start = text.rindex("Quem não atinge cada um dos demais itens")
    assert text.index("Item V — ", start) < text.index("Menor eleitorado: Anhanguera, 1.744 eleitores") \
        < text.index("Item VI — ", start)
    # running header: the document's own title (left) and the law (right), not "Estudo de viabilidade"
    assert '<p class="cabecalho-corrente">Auditoria do art. 8º — municípios de Goiás</p>' in html
    assert '<p class="titulo-corrente">LC nº 2/1990 (GO)</p>' in html
    assert "DF: Distrito Federal." in text and "Fonte: IBGE" in text
    assert not EXTERNAL.search(html)
    assert "<script" not in html.lower()
    assert audit_files["pdf"].read_bytes().startswith(b"%PDF")
    nb = nbformat.read(audit_files["ipynb"], as_version=4)
    assert nb.metadata["papermill"]["parameters"]["reference_date"] == "2026-11-29"


def test_screening_report_covers_81_districts(screening_files):
    html = screening_files["html"].read_text(encoding="utf-8")
    text = _text(html)
    assert "Dos 81 distritos não sede, 69 têm 3.000 habitantes ou menos" in text
    assert ("Dos 12 que atingem o item IV com os dados publicados, a conclusão é “indeterminado” "
            "para 12.") in text
    assert ("69 têm 3.000 habitantes ou menos e não atingem o item IV do art. 4º com os dados "
            "publicados do Censo 2022") in text
    assert "valor certificado" not in text and "são inviáveis como municípios" not in text
    # Davidópolis fails art. 4 II on the 2022 seat-to-vila distance (3.152,9 m, measured) as well
    # as IV (published): its verdict no longer rests on published data alone.
    assert "Inviáveis nos dados publicados 68" in text
    # Davidópolis fails art. 4 II on the tool's measurement (and IV on the Censo): never
    # "requisito não cumprido" (issue 29 § 2)
    assert "Inviáveis nos dados publicados e na medição (a certificar pelo IBGE) 1" in text
    assert "Inviáveis (requisito não cumprido)" not in text
    assert "Davidópolis (520890530), do Município de Goiás — inviável nos dados publicados e na medição" in text
    assert "inviável nos dados publicados" in text
    flags = html.split('id="sec-incoerencias"')[1].split("</section>")[0]
    flags = _text(flags)
    assert "Israelândia eleitorado: 2.993 eleitores" in flags and "Piloândia (521030715)" in flags
    assert "Nenhum distrito fica viável com os dados públicos" in text
    assert "Se os 12 distritos que atingem o item IV fossem criados, cada município do interior de Goiás perderia 4,07" in text
    assert "Quem paga: o FPM se os distritos fossem criados" in text
    assert "Figura 2. Municípios do interior de Goiás pelo coeficiente do FPM-Interior" in text
    assert "«" not in text and "»" not in text
    assert '<p class="cabecalho-corrente">Triagem dos distritos não sede</p>' in html
    assert "não-sede" not in html  # one spelling: "distritos não sede"
    assert "DF: Distrito Federal." in text
    assert "Posse d'Abadia (520010010), do Município de Abadiânia" in text
    districts = html.split('id="sec-tabela"')[1]
    row = re.search(r"<tr><td>520010010</td>(.*?)</tr>", districts).group(1)
    cells = [_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
    assert cells[:5] == ["Posse d'Abadia", "Abadiânia", "3.045", "atinge (dado publicado)",
                         "indet., provável atendimento"]
    assert cells[-1] == "indeterminado"
    assert "A distância da sede de origem a um ponto conhecido da área é 14.870 m" in text
    assert "Santa Isabel (remanescente) perderia o requisito do art. 4º, IV (população)." in text
    # districts table and § 1º table (the fixture adds --regras: 7 more in "Sob outras regras")
    assert len(re.findall(r"<td>52\d{7}</td>", districts)) == 2 * 81
    assert len(re.findall(r"<td>52\d{7}</td>", html)) == 2 * 81 + 7
    assert not EXTERNAL.search(html)
    assert screening_files["pdf"].read_bytes().startswith(b"%PDF")


def test_statewide_pdfs_use_only_known_tags_and_classes(audit_files, screening_files):
    """The Typst writer knows every tag and class of both reports; their wide tables (the
    screening's 11-column district table, the audit's full table) get landscape A4 pages."""
    from viabilidade.report.writers import export

    audit = export.render(audit_files["html"].read_text(encoding="utf-8"))
    screening = export.render(screening_files["html"].read_text(encoding="utf-8"))
    assert audit.unknown == frozenset() and screening.unknown == frozenset()
    assert audit.ua_error is None and screening.ua_error is None   # PDF/UA-1 (h2 -> h4 levelled)
    for doc in (audit, screening):
        assert {(round(p.width_mm), round(p.height_mm)) for p in doc.pages} == {(210, 297), (297, 210)}


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
@pytest.mark.parametrize("which, meaning", [
    ("audit", "Para a auditoria: o art. 8º da LC nº 2/1990 manda a Assembleia Legislativa decretar a "
              "extinção"),
    ("screening", "Para a triagem: transformar um distrito em Município é criação de Município")])
def test_first_two_pages_state_the_federal_frame(which, meaning, audit_files, screening_files):
    from conftest import pdf_text

    files = audit_files if which == "audit" else screening_files
    text = pdf_text(files["pdf"], 1, 2)
    assert "Emenda Constitucional nº 15" in text
    assert "A lei complementar federal exigida pelo art. 18, § 4º, não foi editada" in text
    assert meaning in text
    from viabilidade.report.frame import bar_clause

    cover = files["html"].read_text(encoding="utf-8").split('class="capa"', 1)[1].split("</section>")[0]
    clause = bar_clause(which)
    assert "Quadro constitucional" in cover and clause[:1].upper() + clause[1:] + "." in cover


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_screening_with_regras_renders_counts_maps_and_changes(screening_files):
    from conftest import pdf_text

    html = screening_files["html"].read_text(encoding="utf-8")
    row = re.search(r"<tr><td>PLP 137/2015†</td>(.*?)</tr>", html).group(1)
    assert [_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] == ["5", "0", "76", "5"]
    row = re.search(r"<tr><td>LC 02/1990 \(GO\)</td>(.*?)</tr>", html).group(1)
    assert [_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] == ["12", "0", "69", "12"]
    text = pdf_text(screening_files["pdf"])
    assert "Sob outras regras" in text
    assert "pela situação sob PLP 137/2015" in text and "pela situação sob LC 02/1990 (GO)" in text
    assert "7 distritos têm situação diferente conforme o conjunto de regras." in text
    changes = html.split('id="sec-outras-regras"')[1]
    row = re.search(r"<tr><td>520010010</td>(.*?)</tr>", changes).group(1)
    assert [_text(c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] == [
        "Posse d'Abadia", "Abadiânia", "3.045", "indet.", "não atinge (dado publicado)"]


def test_a_failing_notebook_writes_nothing(tmp_path):
    bad = tmp_path / "quebrado.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("data_root = None\nsettings = {}\nreference_date = None",
                                          metadata={"tags": ["parameters"]}),
                nbformat.v4.new_code_cell("raise ValueError('sem dados')")]
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python", "display_name": "Python 3"}
    nbformat.write(nb, bad)
    out = tmp_path / "saida"
    with pytest.raises(ReportError, match=re.escape(
            "o caderno estadual quebrado.ipynb falhou na célula 2: ValueError: sem dados")):
        run.run_audit(out, notebook=bad, reference_date=DAY)
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("name", [run.AUDIT_NOTEBOOK, run.SCREENING_NOTEBOOK])
def test_generated_notebook_matches_its_py_percent_source(name):
    import jupytext

    source = jupytext.read(ROOT / "notebooks" / f"{name}.py")
    generated = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
    assert [(c.cell_type, c.source) for c in generated.cells] == \
        [(c.cell_type, c.source) for c in source.cells]
    params = [c for c in generated.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1 and "reference_date = None" in params[0].source


def test_statewide_reports_speak_the_readers_language(audit_files, screening_files):
    from test_reader_language import offending

    for files in (audit_files, screening_files):
        assert offending(files["html"].read_text(encoding="utf-8")) == [], files["html"].name
