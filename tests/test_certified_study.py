"""A conclusive study, run once through the real study runner: Posse d'Abadia with every
art. 4 figure certified (tests/candidates/posse-dabadia-certificada.toml, fictitious
certificates), evidence of items I and VI, a plebiscite that passed and creation in 2027."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from viabilidade.report import study

REPO = Path(__file__).resolve().parents[1]
CANDIDATE = REPO / "tests" / "candidates" / "posse-dabadia-certificada.toml"
STORE = REPO / "data" / "processed"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("estudos")
    record = study.run_study(CANDIDATE, out, data_root=STORE, study_date=dt.date(2027, 6, 1))
    return Path(record["folder"]), record


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils (pdftotext) not installed")
def test_certified_study_is_viable_and_conclusive(run):
    folder, record = run
    assert record["verdict"] == "viável"
    payload = json.loads((folder / "resultados.json").read_text(encoding="utf-8"))
    assert payload["verdict"] == "viável"
    cert = payload["certification"]
    assert cert["conclusive"] is True and cert["label"] == "estudo conclusivo" and cert["missing"] == []
    v = next(r for r in payload["results"] if r["rule_id"] == "art4.V")
    assert (v["value"], v["basis"], v["status"]) == (2054, "certified", "pass")
    assert v["source"] == "Cartório Eleitoral (TRE-GO), Certidão nº 12/2027 — 87ª Zona Eleitoral, de 22/02/2027"
    text = subprocess.run(["pdftotext", str(folder / "estudo.pdf"), "-"], capture_output=True,
                          check=True, text=True).stdout
    flat = re.sub(r"\s+", " ", text).replace("- ", "-")
    first_page = re.sub(r"\s+", " ", text.split("\f")[0])
    assert "Estudo conclusivo" in first_page and "VIÁVEL" not in first_page
    assert ("Viável perante a LC nº 2/1990; estudo conclusivo; a criação está vedada enquanto não "
            "editada a lei complementar federal (CF, art. 18, § 4º).") in re.sub(
                r"\s+;", ";", first_page.replace("\xad ", ""))
    assert record["conclusion"] == ("Viável perante a LC nº 2/1990; estudo conclusivo; a criação "
                                    "está vedada enquanto não editada a lei complementar federal "
                                    "(CF, art. 18, § 4º).")
    assert "Certidão nº 12/2027" in flat
    assert "Ofício nº 77/2027" in flat and "Ofício nº 101/2027" in flat
    assert "2.054 eleitores" in flat
    # The process calendar dates the requests (15/01/2027); the 60 days of art. 4 § 3 run
    # from each receipt, so their end has no date.
    assert ("Pedidos de informação ao IBGE, ao Cartório Eleitoral (TRE-GO) e à Secretaria de Estado da "
            "Economia de Goiás 15 de janeiro de 2027") in flat
    assert "Prazo de resposta: 60 dias a contar do recebimento de cada pedido —" in flat
