"""A full study of an area drawn in Google Earth style: a KML polygon with no IBGE code.

``tests/fixtures/posse-dabadia-desenhada.toml`` gives only ``[area] boundary`` (a KML drawn
inside Abadiânia around Posse d'Abadia's vila). One real study run (notebook, HTML, PDF,
JSON) must show the area in km², the estimated population with its uncertainty, art. 4 II
measured, art. 4 III decided by geometry and the memorial descritivo.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import shared_study
from pdftext import flat, pdf_text
from viabilidade.report.study import run_study

FIXTURES = Path(__file__).resolve().parent / "fixtures"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("pdftotext") is None,
                                 reason="pdftotext (poppler-utils) not installed")]


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    record = shared_study(tmp_path_factory, FIXTURES / "posse-dabadia-desenhada.toml",
                          dt.date(2026, 11, 29))
    folder = Path(record["folder"])
    text = flat(pdf_text(folder / "estudo.pdf"))
    return (record, json.loads((folder / "resultados.json").read_text(encoding="utf-8")), text)


def test_drawn_kml_gives_a_full_study(study):
    record, results, text = study
    assert record["verdict"] == "indeterminado"
    area = results["area"]
    assert area["figures"]["area_km2"]["value"] == pytest.approx(46.595, abs=1e-3)
    pop = area["figures"]["population"]
    assert {k: pop[k] for k in ("value", "unit", "basis", "uncertainty")} == {
        "value": 1692, "unit": "habitantes", "basis": "estimated", "uncertainty": 1352.7}
    rules = {r["rule_id"]: r for r in results["results"]}
    ii, iii = rules["art4.II"], rules["art4.III"]
    # from Abadiânia's 2022 seat (8.755,71 m from its 2010 seat)
    assert ii["basis"] == "measured" and ii["value"] == pytest.approx(10874.04, abs=0.01)
    assert ii["status"] == "indeterminate"          # a seat-to-area bound above 6 km
    assert iii["status"] == "pass" and iii["reason"] == "Abadiânia: o remanescente permanece contínuo."
    assert rules["art4.IV"]["status"] == "indeterminate"   # an estimate never decides
    assert rules["art4.IV"]["details"]["incerteza"] == 1352.7


def test_drawn_kml_study_pdf_shows_area_estimate_distance_and_memorial(study):
    _, _, text = study
    # the area to 0,01 km² everywhere, as the memorial gives it (it read 46,6 in the tables)
    assert "46,59 km²" in text and "46,6 km²" not in text and "46,60 km²" not in text
    assert "1.692 ± 1.353 habitantes" in text
    assert "Por área" in text and "dasimétrica" in text and "3.045 habitantes" in text
    assert "10.870 m" in text and "10.874,04" not in text  # from the seat point: to the 10 m
    assert "Conferência dos limites propostos" in text
    assert "posse-dabadia-desenhada.kml" in text
    assert "Memorial descritivo do Município de Posse d'Abadia." in text
    assert re.search(r"Perímetro 1: Começa no marco M-01, de coordenadas UTM E [\d.]+ m e "
                     r"N [\d.]+ m", text)
    # The memorial's area is the study's geodesic figure; the UTM-plane one is labelled.
    assert ("Perímetro (soma das distâncias planas): 25.164 m. Área: 46,59 km² (4.659 ha), "
            "área geodésica (elipsoide GRS80), a mesma do estudo; área no plano UTM "
            "(SIRGAS 2000 / UTM 22S): 46,62 km².") in text


def test_a_dense_drawn_boundary_gives_a_readable_memorial_and_its_annex(tmp_path):
    """3.000 vertices: the memorial's text refers to the annex, written beside the study."""
    import math

    n = 3000
    pts = [(-48.60 + 0.035 * math.cos(2 * math.pi * i / n), -16.20 + 0.035 * math.sin(2 * math.pi * i / n))
           for i in range(n)]  # inside Abadiânia, away from its seat
    coords = " ".join(f"{x:.7f},{y:.7f}" for x, y in pts + pts[:1])
    (tmp_path / "denso.kml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
        "<Document><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
        f"{coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>"
        "</Document></kml>", encoding="utf-8")
    cand = tmp_path / "denso.toml"
    cand.write_text('operation = "create-municipality"\nname = "Denso"\n[area]\nboundary = '
                    '"denso.kml"\n[origin]\nmunicipalities = ["5200100"]\n', encoding="utf-8")
    record = run_study(cand, tmp_path / "saida", study_date=dt.date(2026, 11, 29))
    folder = Path(record["folder"])
    assert record["files"]["csv"] == str(folder / "memorial-marcos.csv")
    lines = (folder / "memorial-marcos.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == n + 1 and lines[0].startswith("anel,tipo,marco,e_m,n_m,lon,lat")
    text = flat(pdf_text(folder / "estudo.pdf"))
    assert "O limite tem 3.000 marcos." in text
    assert "memorial-marcos.csv" in text
    assert "application/vnd.viabilidade.anexos" not in (folder / "estudo.ipynb").read_text(encoding="utf-8")
