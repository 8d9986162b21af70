"""run_study: validation before writing, atomic outputs, failure files, whole studies.

Whole studies run the real template through papermill on the committed processed store
(``data/processed``) and are marked ``slow``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

import pdftext
from viabilidade.errors import CandidateError, ReportError, SettingsError
from viabilidade.report import study

REPO = Path(__file__).resolve().parents[1]
POSSE = REPO / "data" / "candidates" / "posse-dabadia.toml"
STORE = REPO / "data" / "processed"
SCRIPT = "<script>alert(1)</script>"

needs_store = pytest.mark.skipif(not (STORE / "manifest.json").exists(),
                                 reason="processed store data/processed not built")


def _failing_template(tmp_path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("candidate_path = ''\ndata_root = None\nsettings = {}\n"
                                          "study_date = None", metadata={"tags": ["parameters"]}),
                nbformat.v4.new_code_cell("raise RuntimeError('falha simulada no estudo')")]
    path = tmp_path / "falha.ipynb"
    nbformat.write(nb, path)
    return path


def test_malformed_candidate_fails_before_anything_is_written(tmp_path):
    bad = tmp_path / "ruim.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").replace('districts = ["520010010"]',
                                                            "districts = [520010010]"), encoding="utf-8")
    out = tmp_path / "outputs"
    with pytest.raises(CandidateError, match=r"ruim\.toml, linha \d+, campo 'area\.districts\[0\]': "
                                             r"encontrado o número 520010010; esperado o "
                                             r"código de distrito entre aspas"):
        study.run_study(bad, out)
    assert not out.exists()


def test_unknown_setting_fails_before_anything_is_written(tmp_path):
    out = tmp_path / "outputs"
    with pytest.raises(SettingsError, match=r"campo 'settings\.quorom': configuração desconhecida 'quorom'"):
        study.run_study(POSSE, out, settings={"quorom": "literal"})
    assert not out.exists()


@needs_store
def test_candidate_inconsistent_with_data_fails_before_writing(tmp_path):
    bad = tmp_path / "outra-origem.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").replace('municipalities = ["5200100"]',
                                                            'municipalities = ["5208707"]'), encoding="utf-8")
    out = tmp_path / "outputs"
    with pytest.raises(CandidateError, match=r"520010010"):
        study.run_study(bad, out, data_root=STORE)
    assert not out.exists()


def test_output_folder_stays_inside_root(tmp_path):
    assert study.output_folder(tmp_path, "posse-dabadia") == (tmp_path / "posse-dabadia").resolve()
    for slug in ("../fora", "a/b", "..", ""):
        with pytest.raises(ReportError, match="não fica diretamente dentro de"):
            study.output_folder(tmp_path, slug)


def test_results_payload_missing_is_reported():
    with pytest.raises(ReportError, match=r"não tem a saída application/vnd\.viabilidade\.resultados\+json"):
        study.results_payload(nbformat.v4.new_notebook())


@needs_store
def test_failed_run_keeps_previous_files_and_writes_failure(tmp_path):
    folder = tmp_path / "outputs" / "posse-dabadia"
    folder.mkdir(parents=True)
    for name in study.FILES.values():
        (folder / name).write_text(f"estudo anterior: {name}", encoding="utf-8")
    with pytest.raises(ReportError, match=r"o caderno do estudo falhou na célula 3: RuntimeError: falha simulada no estudo "
                                          r"\(ver .*posse-dabadia/erro\.txt\)"):
        study.run_study(POSSE, tmp_path / "outputs", data_root=STORE, template=_failing_template(tmp_path))
    for name in study.FILES.values():
        assert (folder / name).read_text(encoding="utf-8") == f"estudo anterior: {name}"
    erro = (folder / "erro.txt").read_text(encoding="utf-8")
    assert erro.startswith("posse-dabadia.toml: o caderno do estudo falhou na célula 3: RuntimeError")
    assert "raise RuntimeError('falha simulada no estudo')" in erro and "\x1b[" not in erro
    partial = nbformat.read(folder / "estudo.falhou.ipynb", as_version=4)
    assert any(o.get("ename") == "RuntimeError" for c in partial.cells for o in c.get("outputs", []))
    assert sorted(p.name for p in folder.iterdir()) == sorted([*study.FILES.values(), *study.FAILED_FILES])


# --------------------------------------------------------------------------- whole studies
@pytest.fixture(scope="module")
def posse_runs(tmp_path_factory):
    """Posse d'Abadia run twice into two roots (same date), plus a stale failure file in the first;
    with ``--regras lc02-1990-go,plp-137-2015`` ("Sob outras regras")."""
    import datetime as dt

    roots = [tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")]
    (roots[0] / "posse-dabadia").mkdir()
    (roots[0] / "posse-dabadia" / "erro.txt").write_text("falha antiga", encoding="utf-8")
    records = [study.run_study(POSSE, r, data_root=STORE, study_date=dt.date(2026, 11, 30),
                               rulesets="lc02-1990-go,plp-137-2015") for r in roots]
    return roots, records


@pytest.mark.slow
@needs_store
def test_study_writes_the_four_files_and_the_record(posse_runs):
    roots, records = posse_runs
    rec = records[0]
    folder = roots[0] / "posse-dabadia"
    assert rec["slug"] == "posse-dabadia" and rec["name"] == "Posse d'Abadia"
    assert rec["operation"] == "create-municipality"
    assert rec["folder"] == str(folder.resolve())
    assert sorted(p.name for p in folder.iterdir()) == sorted(study.FILES.values())  # stale erro.txt gone
    payload = json.loads((folder / "resultados.json").read_text(encoding="utf-8"))
    assert payload["verdict"] == rec["verdict"] == "indeterminado"
    ids = [r["rule_id"] for r in payload["results"]]
    assert "art4.IV" in ids and rec["rules"]["art4.IV"] == "pass"
    posse_iv = next(r for r in payload["results"] if r["rule_id"] == "art4.IV")
    assert posse_iv["value"] == 3045 and posse_iv["threshold"] == 3000
    assert set(payload) >= {"candidate", "verdict", "results", "settings", "provenance"}
    assert all(len(f["sha256"]) == 64 for p in payload["provenance"] for f in p.get("files", []))


@pytest.mark.slow
@needs_store
def test_study_outputs_are_byte_identical_across_runs(posse_runs):
    (a, b), _ = posse_runs
    for name in study.FILES.values():
        assert (a / "posse-dabadia" / name).read_bytes() == (b / "posse-dabadia" / name).read_bytes(), name


@pytest.mark.slow
@needs_store
def test_study_html_has_no_code_and_no_network(posse_runs):
    (a, _), _ = posse_runs
    html = (a / "posse-dabadia" / "estudo.html").read_text(encoding="utf-8")
    assert "jp-InputArea" not in html and "input_area" not in html
    assert "injected-parameters" not in html and "candidate_path" not in html
    assert "<script" not in html.lower()
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', html)
    assert "application/vnd.viabilidade" not in html
    assert str(a) not in html


@pytest.mark.slow
@needs_store
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_study_pdf_text(posse_runs):
    (a, _), records = posse_runs
    text = subprocess.run(["pdftotext", str(a / "posse-dabadia" / "estudo.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Posse d'Abadia" in text
    assert "Abadiânia" in text
    assert "3.045" in text
    assert "Página 1 de" in text
    payload = json.loads((a / "posse-dabadia" / "resultados.json").read_text(encoding="utf-8"))
    assert {"art4.IV", "art4.par1", "art7"} <= {r["rule_id"] for r in payload["results"]}
    for r in payload["results"]:
        assert r["rule_id"] not in text, r["rule_id"]
    flat = pdftext.flat(text)
    assert ("Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de certificação e "
            "de documentos; plebiscito não realizável antes da lei complementar federal; a "
            "criação está vedada enquanto não editada a lei complementar federal "
            "(CF, art. 18, § 4º).") in flat.replace(" ;", ";")
    # art. 4 IV (3.045 inhabitants, Censo 2022) only on published data; art. 7 § 3 is a timing
    # condition, never a rule "cumprido"
    assert ("adotados: 1 requisito atingido nos dados publicados (a certificar); 11 "
            "indeterminados.") in flat
    assert "Condição de prazo (art. 7º, § 3º)" in flat
    assert "Margem estreita (art. 8º)" in flat
    assert "12.614 eleitores" in flat and "(3.045/17.232)" in flat and "(0,1555)" in flat
    assert "2.229 ± 474" in flat  # estimated electors as a whole number (TSE profile of 2026)
    assert "TSE, perfil do eleitorado de 2026" in flat
    assert "requisitos ainda não comprovados: art. 4º, III (continuidade territorial), V (" in flat
    assert "VI (núcleo urbano) e VII (arrecadação)" in flat
    for raw in ("vintage:", "[fiscal.collection]", "[process]", "municipalitie s", "2022-08-01"):
        assert raw not in flat, raw
    assert "correspondência" in flat and "TSE–IBGE" in flat and "Instituo [sic]" in flat


@pytest.mark.slow
@needs_store
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_study_first_two_pages_state_the_federal_frame(posse_runs):
    from conftest import pdf_text

    (a, _), _ = posse_runs
    text = pdf_text(a / "posse-dabadia" / "estudo.pdf", 1, 2)
    assert "Emenda Constitucional nº 15" in text
    assert "A lei complementar federal exigida pelo art. 18, § 4º, não foi editada" in text
    assert "Para Posse d'Abadia: a criação do Município está vedada" in text
    assert "a criação está vedada enquanto não editada a lei complementar federal" in text


@pytest.mark.slow
@needs_store
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_study_with_regras_has_the_side_by_side_section(posse_runs):
    from conftest import pdf_text

    (a, _), _ = posse_runs
    text = pdf_text(a / "posse-dabadia" / "estudo.pdf")
    assert "Sob outras regras" in text
    assert ("Sob PLP 137/2015: não atinge, nos dados publicados, população da área proposta (3.045 "
            "habitantes; exigido no mínimo 6.000 habitantes).") in text
    html = (a / "posse-dabadia" / "estudo.html").read_text(encoding="utf-8")
    row = re.search(r"<tr><td>População — área proposta</td>(.*?)</tr>", html).group(1)
    cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
    assert cells == ["3.045 habitantes",
                     "mais de 3.000 habitantes atingido nos dados publicados (a certificar)",
                     "no mínimo 6.000 habitantes† não atingido nos dados publicados"]
    payload = json.loads((a / "posse-dabadia" / "resultados.json").read_text(encoding="utf-8"))
    pop = {r["regras"]: r for r in payload["outras_regras"]
           if r["teste"] == "populacao" and r["sujeito"] == "area"}
    assert {k: (r["valor"], r["limite"], r["status"], r["fonte"]) for k, r in pop.items()} == {
        "lc02-1990-go": (3045.0, 3000.0, "pass", "primaria"),
        "plp-137-2015": (3045.0, 6000.0, "fail", "secundaria")}


@pytest.mark.slow
@needs_store
def test_script_name_is_text_and_settings_reach_the_rules(tmp_path):
    """A hostile name prints as text; a population threshold of exactly 3,045 (the district's
    population, strict comparator) makes art4.IV fail and the study inviável."""
    toml = tmp_path / "xss.toml"
    toml.write_text(POSSE.read_text(encoding="utf-8")
                    .replace('slug = "posse-dabadia"', 'slug = "xss"')
                    .replace('name = "Posse d\'Abadia"', f'name = "{SCRIPT}"'), encoding="utf-8")
    rec = study.run_study(toml, tmp_path / "out", data_root=STORE, settings={"population": 3045})
    html = Path(rec["files"]["html"]).read_text(encoding="utf-8")
    assert "<script" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert rec["rules"]["art4.IV"] == "fail" and rec["verdict"] == "inviável"
    payload = json.loads(Path(rec["files"]["json"]).read_text(encoding="utf-8"))
    assert payload["settings"]["population"] == 3045


def test_settings_object_passes_only_its_changes():
    from viabilidade.rules import Settings

    assert study._settings_dict(Settings(quorum="literal")) == {"quorum": "literal"}
    assert study._settings_dict(Settings()) == {}
    assert study._settings_dict({"reduction": "by"}) == {"reduction": "by"}
    assert study._settings_dict({"quorum": "absolute-majority"}) == {"quorum": "absolute-majority"}
    # a complete dict (Settings.to_dict(), as the batch passes it) reads like a Settings object
    assert study._settings_dict(Settings(reduction="by").to_dict()) == {"reduction": "by"}
    assert study._settings_dict(None) == {}


@needs_store
def test_refused_study_stops_the_kernel_it_started(tmp_path):
    """The kernel launched early (to boot while the candidate is checked against the data)
    ends with the refusal."""
    from test_report_runner import _children

    bad = tmp_path / "outra-origem.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").replace('municipalities = ["5200100"]',
                                                            'municipalities = ["5208707"]'), encoding="utf-8")
    before = _children()
    with pytest.raises(CandidateError):
        study.run_study(bad, tmp_path / "outputs", data_root=STORE)
    assert _children() - before == set()
