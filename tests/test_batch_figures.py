"""The batch's tables carry each study's headline figures, written for Excel in Portuguese.

``resultados.csv``: UTF-8 with a BOM, ``;`` between fields, a decimal comma, no thousands
separator, a missing value empty; ``resultados.parquet``: the same values typed (Float64).
The figures are the study's own (``resultados.json``'s ``area.figures`` and the economy's
known revenue: :func:`viabilidade.report.study.headline_figures`), never recomputed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path

import pandas as pd
import pytest

from conftest import shared_study
from test_batch_fast import _candidate
from viabilidade.batch.index import (COLUMNS, CSV_READ, figure_label, read_results_csv,
                                     render_index, tables_bytes)
from viabilidade.batch.run import run_batch
from viabilidade.proposal.candidate import load_candidate

ROOT = Path(__file__).resolve().parents[1]
STUDY = "test_batch_figures:figures_study"
HEADER = ("slug;nome;operacao;operacao_codigo;candidato;situacao;execucao;veredito;conclusao;fase;"
          "populacao_hab;populacao_incerteza_hab;populacao_base;eleitores;eleitores_incerteza;"
          "eleitores_base;edificacoes;edificacoes_incerteza;edificacoes_base;area_km2;"
          "area_incerteza_km2;area_base;receita_conhecida_estimada_brl_ano;regra;status_regra;"
          "status_codigo;erro;html;pdf")


def figures_study(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    """A stand-in study (run_study's signature) returning headline figures: "Decimal" has an
    estimated electorate with a fractional uncertainty and no revenue; "Inteira" whole figures
    given as floats and a revenue."""
    c = load_candidate(candidate_path)
    folder = Path(out_root) / c.slug
    folder.mkdir(parents=True, exist_ok=True)
    for kind in ("html", "pdf"):
        (folder / f"estudo.{kind}").write_text(c.name, encoding="utf-8")
    figures = {"population": {"value": 3045, "unit": "habitantes", "basis": "published"},
               "electors": {"value": 2229, "unit": "eleitores", "basis": "estimated",
                            "uncertainty": 473.6},
               "area_km2": {"value": 301.761, "unit": "km²", "basis": "published"}}
    if c.name == "Inteira":
        figures = {"population": {"value": 3102.0, "unit": "habitantes", "basis": "declared",
                                  "simulated": True},
                   "known_revenue_brl": {"value": 14771692.5, "unit": "BRL", "basis": "estimated"}}
    return {"slug": c.slug, "name": c.name, "operation": c.operation, "verdict": "indeterminado",
            "rules": {"art4.IV": "pass"}, "figures": figures, "folder": str(folder),
            "files": {k: str(folder / f"estudo.{k}") for k in ("html", "pdf")}}


def _row(record: dict, slug: str) -> dict:
    """``record`` (a study's, :func:`conftest.shared_study`) as the batch's row of the study
    that ran from ``slug.toml`` into the folder ``slug``."""
    return {**record, "candidate": f"{slug}.toml", "status": "ok", "folder": slug,
            "files": {"html": "estudo.html", "pdf": "estudo.pdf"}, "error": None}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    root = tmp_path_factory.mktemp("figuras")
    cands = root / "cands"
    cands.mkdir()
    _candidate(cands, "decimal", "Decimal", slug="decimal")
    _candidate(cands, "inteira", "Inteira", slug="inteira")
    run_batch([cands], root / "lote", workers=1, study=STUDY, progress=False)
    return root / "lote"


def _rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=";"))


def test_the_csv_opens_in_excel_in_portuguese_with_the_figures_each_named_with_its_unit(batch):
    data = (batch / "resultados.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf" + HEADER.encode("utf-8") + b"\n")
    assert ";".join(COLUMNS) == HEADER
    rows = {r[0]: dict(zip(HEADER.split(";"), r)) for r in _rows(data)[1:]}
    figures = HEADER.split(";")[10:23]
    # a value with decimals takes a decimal comma; a missing value is an empty cell
    assert [rows["decimal"][c] for c in figures] == [
        "3045", "", "publicado", "2229", "473,6", "estimado", "", "", "", "301,761", "",
        "publicado", ""]
    # a whole value given as a float prints without decimals; a figure read from an act
    # dated after the study is labelled as the study labels it
    assert [rows["inteira"][c] for c in figures] == [
        "3102", "", "hipótese da simulação", "", "", "", "", "", "", "", "", "", "14771692,5"]
    # read back by a program, the figures are numbers again
    back = pd.read_csv(batch / "resultados.csv", **CSV_READ).set_index("slug")
    assert back.loc["decimal", "area_km2"] == pytest.approx(301.761)
    assert back.loc["decimal", "eleitores_incerteza"] == pytest.approx(473.6)
    assert pd.isna(back.loc["decimal", "receita_conhecida_estimada_brl_ano"])
    assert read_results_csv(batch / "resultados.csv").loc[0, "nome"] == "Decimal"


def test_the_parquet_keeps_the_figures_typed(batch):
    df = pd.read_parquet(batch / "resultados.parquet").set_index("slug")
    assert str(df["area_km2"].dtype) == "Float64" and str(df["area_base"].dtype) == "string"
    assert df.loc["decimal", "area_km2"] == 301.761
    assert df.loc["inteira", "populacao_hab"] == 3102.0
    assert pd.isna(df.loc["inteira", "area_km2"])


def test_the_index_page_shows_population_electorate_and_area_as_the_study_writes_them(batch):
    page = (batch / "index.html").read_text(encoding="utf-8")
    assert ("<th>Fase</th><th>População</th><th>Eleitorado</th><th>Área</th>") in page
    assert ('<td data-sort="0000000003045.000000">3.045\u00a0habitantes (publicado)</td>'
            '<td data-sort="0000000002229.000000">2.229 ± 474\u00a0eleitores (estimado)</td>'
            '<td data-sort="0000000000301.761000">301,76\u00a0km² (publicado)</td>') in page
    assert '3.102\u00a0habitantes (hipótese da simulação)</td><td>—</td><td>—</td>' in page
    assert ("resultados.csv</a> (para o Excel em português: ponto e vírgula entre campos, "
            "vírgula decimal)") in page


def test_a_figure_label_is_the_studys():
    assert figure_label({"value": 3102, "basis": "declared", "simulated": True}) == "hipótese da simulação"
    assert figure_label({"value": 3102, "basis": "declared"}) == "documento declarado"
    assert figure_label({"value": None, "basis": "published"}) is None
    assert figure_label(None) is None


def test_a_figure_read_from_a_future_act_is_marked_simulated_in_the_record():
    from viabilidade.profile.analysis import unit_figures
    from viabilidade.rules.result import SIMULATED, Figure

    class Unit:
        population = Figure(3102, "habitantes", "declared", "IBGE, Ofício nº 101/2027", "2027-03-10",
                            note=f"declarado; {SIMULATED}")
        electors = Figure(2054, "eleitores", "declared", "Cartório Eleitoral", "2027-02-22",
                          note="declarado")

    got = unit_figures(Unit())
    assert got["population"]["simulated"] is True
    assert "simulated" not in got["electors"]


@pytest.mark.slow
def test_a_committed_candidate_gives_its_studys_figures_in_one_row(tmp_path_factory):
    """Posse d'Abadia (Censo 2022: 3.045 habitantes; TSE 2026, estimated: 2.229 ± 473,6
    eleitores): the CSV row of its art. 4 IV, exact, from the study's own record."""
    record = shared_study(tmp_path_factory, ROOT / "data" / "candidates" / "posse-dabadia.toml",
                          dt.date(2026, 11, 29))
    row = _row(record, "posse-dabadia")
    rows = _rows(tables_bytes([row])[0])
    assert ";".join(rows[0]) == HEADER
    assert [r for r in rows if r[23] == "art4.IV"] == [[
        "posse-dabadia", "Posse d'Abadia", "criação de município (arts. 1º a 4º)",
        "create-municipality", "posse-dabadia.toml", "concluído", "esta execução",
        "indeterminado",
        record["conclusion"], "estudo (nenhum ato do processo registrado)",
        "3045", "", "publicado", "2229", "473,6", "estimado", "1178", "589", "estimado",
        "301,761", "", "publicado", "14771692,95",
        "art4.IV", "atingido nos dados publicados (a certificar)", "pass", "",
        "posse-dabadia/estudo.html", "posse-dabadia/estudo.pdf"]]
    assert record["conclusion"].startswith("Viabilidade indeterminada perante a LC nº 2/1990; estudo preliminar")
    page = render_index([row], "lote")
    assert "2.229 ± 474\u00a0eleitores (estimado)" in page


@pytest.mark.slow
def test_an_installed_municipality_is_named_in_the_batch_as_its_cover_names_it(tmp_path_factory):
    """Nova Iguaçu de Goiás (created by the process art. 21 restored) is studied under art. 8,
    not as a creation, though its code is create-municipality: the batch's CSV and index say
    what the study's cover says (new-user review, issue 30's batch output)."""
    record = shared_study(tmp_path_factory,
                          ROOT / "data" / "candidates" / "nova-iguacu-de-goias.toml",
                          dt.date(2026, 11, 29))
    label = ("verificação do art. 8º de município instalado — criado pelo processo "
             "restabelecido pelo art. 21")
    cover = (Path(record["folder"]) / "estudo.html").read_text(encoding="utf-8")
    assert f"<td>{label}</td>" in cover
    row = _row(record, "nova-iguacu-de-goias")
    rows = _rows(tables_bytes([row])[0])
    assert {(r[2], r[3]) for r in rows[1:]} == {(label, "create-municipality")}
    assert f"<td>{label}</td>" in render_index([row], "lote")
    old = {k: v for k, v in row.items() if k != "operation_label"}   # an earlier run's record
    assert {r[2] for r in _rows(tables_bytes([old])[0])[1:]} == {
        "criação de município (arts. 1º a 4º)"}
