"""Real batches: the 81 non-seat districts of Goiás as studies, plus one broken candidate.

Issue 7: 81 studies written, one failure reported with its reason, exit code non-zero, an
index listing all 82; a second run skips all 81 and takes a small fraction of the first;
a Dask LocalCluster gives the same resultados.csv as the local pool.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import pytest

from viabilidade.batch.index import CSV_READ, NUMBER_COLUMNS
from viabilidade.cli import main as cli_main

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
PROCESSED = REPO / "data" / "processed"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not (PROCESSED / "manifest.json").is_file(),
                       reason=f"processed store absent at {PROCESSED} (viabilidade data build "
                              f"--raw {SHARED})"),
]

BROKEN = ('# district code written as a number: loses nothing here, but is refused\n'
          'operation = "create-municipality"\nname = "Distrito quebrado"\n'
          '[area]\ndistricts = [520010010]\n[origin]\nmunicipalities = ["5200100"]\n')
BROKEN_REASON = ("{path}, linha 5, campo 'area.districts[0]': encontrado o "
                 "número 520010010; esperado o código de distrito entre aspas, como texto "
                 "(\"520010010\"): um número perde os zeros à esquerda\n"
                 "{path}: as conferências com os dados (códigos IBGE, origem, destino, partes da "
                 "área, sede) não rodaram: dependem dos campos acima; rode de novo depois de "
                 "corrigi-los")


def _lote(args: list[str]) -> tuple[int, float]:
    t = time.perf_counter()
    code = cli_main(["lote", *args, "--sem-progresso"])
    return code, time.perf_counter() - t


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    root = tmp_path_factory.mktemp("lote81")
    extra = root / "extra"
    extra.mkdir()
    (extra / "quebrado.toml").write_text(BROKEN, encoding="utf-8")
    out = root / "distritos"
    args = [str(extra), "--gerar", "distritos-nao-sede", "--saida", str(out), "-j", "2"]
    first = _lote(args)
    csv_first = (out / "resultados.csv").read_bytes()
    written = {p: p.stat().st_mtime_ns for p in out.glob("*/estudo.*")}
    second = _lote(args)
    again = {p: p.stat().st_mtime_ns for p in out.glob("*/estudo.*")}
    return {"out": out, "broken": extra / "quebrado.toml", "first": first, "second": second,
            "csv_first": csv_first, "written": written, "again": again}


def test_81_studies_written_one_failure_reported(batch):
    out = batch["out"]
    code, _ = batch["first"]
    assert code == 1
    folders = sorted(p.parent.name for p in out.glob("*/estudo.pdf"))
    assert len(folders) == 81 and "quebrado" not in folders
    for f in folders:
        for name in ("estudo.ipynb", "estudo.html", "resultados.json"):
            assert (out / f / name).is_file(), f"{f}/{name}"
    assert (out / "posse-dabadia-520010010" / "estudo.pdf").read_bytes()[:5] == b"%PDF-"
    err = (out / "quebrado" / "erro.txt").read_text(encoding="utf-8").strip()
    assert err == BROKEN_REASON.format(path=batch["broken"])

    df = pd.read_csv(out / "resultados.csv", dtype=str, keep_default_na=False, **CSV_READ)
    assert df["slug"].nunique() == 82
    fail = df[df["situacao"] == "falhou"]
    assert fail["slug"].tolist() == ["quebrado"]
    assert fail["erro"].iloc[0] == BROKEN_REASON.format(path=batch["broken"])
    assert set(df.loc[df["situacao"] == "concluído", "veredito"]) <= {"viável", "inviável", "indeterminado"}
    _same_tables(out)


def _same_tables(out: Path) -> None:
    """resultados.parquet holds what resultados.csv says: the same text, and the same numbers
    (the CSV's decimal comma read back)."""
    pq = pd.read_parquet(out / "resultados.parquet")
    df = pd.read_csv(out / "resultados.csv", dtype=str, keep_default_na=False, **CSV_READ)
    text = [c for c in df.columns if c not in NUMBER_COLUMNS]
    assert list(pq.columns) == list(df.columns)
    assert pq[text].fillna("").astype(str).equals(df[text].astype(str))
    numbers = pd.read_csv(out / "resultados.csv", **CSV_READ)[NUMBER_COLUMNS]
    assert pq[NUMBER_COLUMNS].astype("float64").equals(numbers.astype("float64"))


def test_index_lists_all_82_with_links(batch):
    page = (batch["out"] / "index.html").read_text(encoding="utf-8")
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    assert body.count("<tr") == 82
    assert body.count('<tr class="falhou">') == 1
    assert '<a href="posse-dabadia-520010010/estudo.html">HTML</a>' in body
    assert '<a href="posse-dabadia-520010010/estudo.pdf">PDF</a>' in body
    assert "<h2>Falhas (1)</h2>" in page and 'id="falha-quebrado"' in page
    assert "http://" not in page and "https://" not in page  # no CDN


def test_rule_statuses_straddle_the_population_threshold(batch):
    """art4.IV (more than 3,000 inhabitants): Posse d'Abadia (3,045 in Censo 2022) passes,
    Mato Seco (712, of Água Fria de Goiás) fails, both on published data (no certificate)."""
    df = pd.read_csv(batch["out"] / "resultados.csv", dtype=str, keep_default_na=False, **CSV_READ)
    iv = df[df["regra"] == "art4.IV"].set_index("slug")["status_regra"]
    assert len(iv) == 81
    # Censo 2022 figures are published, not certified: the index says so
    assert iv["posse-dabadia-520010010"] == "atingido nos dados publicados (a certificar)"
    assert iv["mato-seco-520017510"] == "não atingido nos dados publicados"
    codes = df[df["regra"] == "art4.IV"].set_index("slug")["status_codigo"]
    assert (codes["posse-dabadia-520010010"], codes["mato-seco-520017510"]) == ("pass", "fail")


def test_second_run_skips_all_81(batch):
    """The second run redoes nothing: every study file (estudo.ipynb, .html, .pdf) of the 81
    folders is the one the first run wrote (same modification time to the nanosecond)."""
    c2, _ = batch["second"]
    assert c2 == 1  # the broken candidate still fails
    assert len({p.parent for p in batch["written"]}) == 81
    assert batch["again"] == batch["written"]
    assert (batch["out"] / "resultados.csv").read_bytes() == batch["csv_first"]


def test_dask_cluster_gives_the_same_results(tmp_path):
    distributed = pytest.importorskip("distributed")
    from viabilidade.proposal.generate import generate_candidates

    cands = generate_candidates("distritos-nao-sede", tmp_path / "candidatos")[:3]
    broken = tmp_path / "quebrado.toml"
    broken.write_text(BROKEN, encoding="utf-8")
    sources = [str(p) for p in [*cands, broken]]
    code_local, _ = _lote([*sources, "--saida", str(tmp_path / "local"), "-j", "2"])
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        code_dask, _ = _lote([*sources, "--saida", str(tmp_path / "dask"),
                              "--scheduler", cluster.scheduler_address])
    assert code_local == code_dask == 1
    local = (tmp_path / "local" / "resultados.csv").read_bytes()
    assert local == (tmp_path / "dask" / "resultados.csv").read_bytes()
    df = pd.read_csv(tmp_path / "dask" / "resultados.csv", dtype=str, keep_default_na=False, **CSV_READ)
    assert sorted(df["slug"].unique()) == sorted([c.stem for c in cands] + ["quebrado"])
    assert set(df.loc[df["slug"] != "quebrado", "situacao"]) == {"concluído"}
    assert (tmp_path / "dask" / cands[0].stem / "estudo.pdf").is_file()
