"""The certified study, run once through the real study runner: Posse d'Abadia with every
art. 4 figure in a certificate of the record (tests/candidates/posse-dabadia-certificada.toml,
fictitious certificates, declared and not checked), evidence of items I and VI, a plebiscite
recorded before the study and creation in 2027."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import shared_study

REPO = Path(__file__).resolve().parents[1]
CANDIDATE = REPO / "tests" / "candidates" / "posse-dabadia-certificada.toml"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    record = shared_study(tmp_path_factory, CANDIDATE, dt.date(2027, 6, 1))
    return Path(record["folder"]), record


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_declared_documents_read_as_declared_and_the_creation_stays_barred(run):
    """Issue 29 § 2: every document of the record is declared and none checked, so no row is
    "cumprido", the study is not conclusive and, the creation being barred (CF art. 18 § 4),
    it is never "Viável"; the plebiscite of 16/05/2027, before the study but after today
    (VIABILIDADE_HOJE, 2026-12-01), is a hypothesis of the simulation, not held (legal11 S3):
    no "sem efeito", no result counted, not realisable before the federal law (M1)."""
    folder, record = run
    assert record["verdict"] == "indeterminado"
    payload = json.loads((folder / "resultados.json").read_text(encoding="utf-8"))
    cert = payload["certification"]
    assert cert["conclusive"] is False and cert["label"] == "estudo preliminar"
    # all declared but art. 4 III, which no body certifies: it waits for the area's limits
    # and the plebiscite, that nobody can supply before the federal law (legal11 S3, M1)
    assert [(m["field"], m["body"]) for m in cert["missing"] if not m["declared"]] == [
        ("area.boundary", "Sem órgão no art. 4º, § 2º")] + [("", "Plebiscito")] * 3
    v = next(r for r in payload["results"] if r["rule_id"] == "art4.V")
    assert (v["value"], v["basis"], v["status"], v["declared_status"], v["settled"]) == (
        2054, "declared", "indeterminate", "pass", False)
    # dated 2027, after today (VIABILIDADE_HOJE, 2026-12-01): a hypothesis of the simulation
    assert v["label"] == "atingido na hipótese da simulação (ato futuro)"
    assert v["source"] == "Cartório Eleitoral (TRE-GO), Certidão nº 12/2027 — 87ª Zona Eleitoral, de 22/02/2027"
    line = ("Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar, pendente de documentos e "
            "da conferência dos documentos declarados com os originais e da existência dos atos "
            "futuros (hipótese da simulação); plebiscito não realizável antes da lei complementar "
            "federal; a criação está vedada enquanto não editada a lei complementar federal (CF, "
            "art. 18, § 4º).")
    assert record["conclusion"] == line
    # dated 01/06/2027, after today (VIABILIDADE_HOJE, fixed by conftest): a simulation (item 2)
    assert (payload["simulacao"]["hoje"], payload["simulacao"]["atos_futuros"]) == ("2026-12-01", 12)
    assert payload["fase"] == ("plebiscito do registro: hipótese da simulação, ato datado depois "
                               "de hoje, cujo resultado não é contado como fato, e não realizável "
                               "antes da lei complementar federal (CF, art. 18, § 4º)")
    par1 = next(r for r in payload["results"] if r["rule_id"] == "art7.par1")
    assert (par1["value"], par1["threshold"], par1["margin"], par1["label"]) == (
        None, None, None, "não realizável antes da lei complementar federal (CF, art. 18, § 4º)")
    text = subprocess.run(["pdftotext", str(folder / "estudo.pdf"), "-"], capture_output=True,
                          check=True, text=True).stdout
    flat = re.sub(r"\s+", " ", text).replace("- ", "-").replace("\xad ", "")
    first_page = re.sub(r"\s+", " ", text.split("\f")[0])
    assert "Estudo preliminar" in flat and "VIÁVEL" not in first_page
    assert "Viável" not in flat
    assert "conforme documento declarado (a conferir com o original)" in flat
    assert "sem efeito (sem a lei complementar federal; TSE, PA 0602003-69)" not in flat
    # its counts only as the record of the simulation, never as a value with a margin
    assert "+1.613" not in flat and "+1.700" not in flat and "aprovado segundo" not in flat
    assert "Registro da simulação, não fato: compareceram 7.020 de 10.812" in flat
    assert "Plebiscito da simulação" in flat
    assert "Certidão nº 12/2027" in flat
    assert "Ofício nº 77/2027" in flat and "Ofício nº 101/2027" in flat
    assert "2.054 eleitores" in flat
    # the calendar lists the record's acts with how far each document is proven: dated 2027,
    # after today, none is yet a document to check against its original (legal10 S2)
    assert "hipótese da simulação, ato datado depois de hoje" in flat


@pytest.mark.slow
def test_the_batch_index_gives_the_void_plebiscite_the_studys_label(run):
    """Legal review 15:44, item 7: the index and ``resultados.csv`` read art. 7, 7 § 1 and
    7 § 2 of the certified file as the study does, not "indeterminado": its plebiscite, dated
    after today, was not held and cannot be before the federal law (legal11 S3, M1)."""
    from viabilidade.batch.index import render_index, results_frame

    folder, record = run
    void = "não realizável antes da lei complementar federal (CF, art. 18, § 4º)"
    assert {k: record["labels"][k] for k in ("art7", "art7.par1", "art7.par2")} == dict.fromkeys(
        ("art7", "art7.par1", "art7.par2"), void)
    row = {**record, "candidate": str(CANDIDATE), "status": "ok", "folder": folder.name,
           "files": {}, "error": None}
    df = results_frame([row]).set_index("regra")
    assert list(df.loc[["art7", "art7.par1", "art7.par2"], "status_regra"]) == [void] * 3
    assert list(df.loc[["art7", "art7.par1", "art7.par2"], "status_codigo"]) == ["indeterminate"] * 3
    assert df.loc["art4.V", "status_regra"] == "atingido na hipótese da simulação (ato futuro)"
    assert df.loc["art4.I", "status_regra"] == "conforme documento declarado (a conferir com o original)"
    page = render_index([row], "lote")
    assert page.count(f'<td class="indeterminate">{void}</td>') == 3
