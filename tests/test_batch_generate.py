"""Generated candidates: every non-seat district of Goiás as a municipality-creation candidate."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from viabilidade.proposal.candidate import load_candidate
from viabilidade.errors import DataError, ViabilidadeError
from viabilidade.proposal.generate import district_candidate_toml, generate_candidates, non_seat_districts

PROCESSED = Path(__file__).resolve().parents[1] / "data" / "processed"


@pytest.fixture(scope="module")
def districts():
    if not (PROCESSED / "districts.parquet").is_file():
        pytest.skip(f"processed store absent at {PROCESSED} (viabilidade data build)")
    from viabilidade.data.store import load_store

    return load_store(PROCESSED).districts


def test_the_81_non_seat_districts_of_goias(districts, tmp_path):
    n = non_seat_districts(districts)
    assert len(districts) == 327 and len(n) == 81
    assert n["cod_distrito"].is_monotonic_increasing and not n["sede"].any()
    first = n.iloc[0]
    assert (first.cod_distrito, first.nome, first.cod_ibge) == ("520010010", "Posse d'Abadia", "5200100")
    paths = generate_candidates("distritos-nao-sede", tmp_path, districts=districts)
    assert len(paths) == 81 and paths[0].name == "posse-dabadia-520010010.toml"
    cands = [load_candidate(p) for p in paths]
    assert len({c.slug for c in cands}) == 81
    c = cands[0]
    assert (c.operation, c.name, c.districts, c.origins) == (
        "create-municipality", "Posse d'Abadia", ("520010010",), ("5200100",))
    # every district's origin is its own municipality
    by_code = n.set_index("cod_distrito")["cod_ibge"]
    assert all(c.origins == (by_code[c.districts[0]],) for c in cands)
    # unchanged files are not rewritten (so a resumed batch skips them)
    mtimes = [p.stat().st_mtime_ns for p in paths]
    generate_candidates("distritos-nao-sede", tmp_path, districts=districts)
    assert [p.stat().st_mtime_ns for p in paths] == mtimes


def test_names_with_quotes_round_trip(tmp_path):
    slug, text = district_candidate_toml("520030810", 'Olhos D\'Água "Velho" \\ 1', "5200308", "Alexânia")
    assert slug == "olhos-dagua-velho-1-520030810"
    p = tmp_path / "x.toml"
    p.write_text(text, encoding="utf-8")
    c = load_candidate(p)
    assert c.name == 'Olhos D\'Água "Velho" \\ 1' and c.slug == slug


def test_bad_districts_table_is_named():
    df = pd.DataFrame({"cod_distrito": ["520010010"], "nome": ["X"], "cod_ibge": ["5200100"],
                       "nome_municipio": ["Y"]})
    with pytest.raises(DataError, match=r"^arquivo districts, coluna 'sede': faltam as colunas sede; "
                                        r"esperadas cod_distrito, nome, cod_ibge, nome_municipio, sede$"):
        non_seat_districts(df)
    df["sede"] = ["sim"]
    with pytest.raises(DataError, match=r"^arquivo districts, linha 2, coluna 'sede': encontrado "
                                        r"'sim' \(distrito 520010010\); esperado true ou false$"):
        non_seat_districts(df)


def test_unknown_family(tmp_path):
    with pytest.raises(ViabilidadeError, match="família de candidatos desconhecida 'distritos'; esperada uma de "
                                               "distritos-nao-sede"):
        generate_candidates("distritos", tmp_path)


def test_a_generated_district_the_user_gave_is_not_studied_twice(districts, tmp_path):
    """``novo "Posse d'Abadia"`` writes posse-dabadia; the family has
    posse-dabadia-520010010: the generated one is left out (same operation, same area), the
    user's file kept, and the batch says so."""
    import shutil

    from viabilidade.batch.plan import candidate_files, drop_generated_twins, make_jobs

    cands = tmp_path / "cands"
    cands.mkdir()
    shutil.copy(PROCESSED.parents[1] / "data" / "candidates" / "posse-dabadia.toml", cands)
    out = tmp_path / "lote"
    jobs = make_jobs(candidate_files([cands], family="distritos-nao-sede", out_dir=out,
                                     data_root=PROCESSED))
    assert len(jobs) == 82
    kept, dropped = drop_generated_twins(jobs, out / "candidatos")
    assert len(kept) == 81 and kept[0].slug == "posse-dabadia"
    assert dropped == [{"slug": "posse-dabadia-520010010",
                        "candidate": str((out / "candidatos" / "posse-dabadia-520010010.toml").resolve()),
                        "same_as": "posse-dabadia",
                        "same_file": str((cands / "posse-dabadia.toml").resolve()),
                        "kept": False}]
    # another district of the user (a drawn boundary, or another operation) is kept
    drawn = kept[0].__class__(kept[0].candidate, "desenhada", "D", kept[0].operation,
                              Path("x.geojson"), area=kept[0].area)
    assert drop_generated_twins([drawn, *jobs[1:]], out / "candidatos")[1] == []


def test_the_batch_summary_names_the_generated_twin(tmp_path, capsys, monkeypatch):
    from viabilidade.batch.run import BatchResult

    result = BatchResult(records=[], index={"html": tmp_path / "index.html"}, seconds=1.0,
                         twins=[{"slug": "posse-dabadia-520010010", "candidate": "/l/c/x.toml",
                                 "same_as": "posse-dabadia", "same_file": "/c/posse-dabadia.toml",
                                 "kept": False}])
    monkeypatch.setattr("viabilidade.batch.run.run_batch", lambda *a, **k: result)
    from viabilidade.cli import main

    assert main(["lote", str(tmp_path), "--saida", str(tmp_path / "lote"), "--sem-progresso"]) == 0
    assert ("  fora do lote: posse-dabadia-520010010 (gerado por --gerar) estuda a mesma área "
            "que posse-dabadia (posse-dabadia.toml); fica só o seu arquivo\n") in capsys.readouterr().out


def test_a_batch_with_the_family_and_the_users_district_runs_it_once(districts, tmp_path):
    import shutil

    from test_batch_fast import FAKE
    from viabilidade.batch.run import run_batch

    cands = tmp_path / "cands"
    cands.mkdir()
    shutil.copy(PROCESSED.parents[1] / "data" / "candidates" / "posse-dabadia.toml", cands)
    res = run_batch([cands], tmp_path / "lote", family="distritos-nao-sede", workers=2,
                    study=FAKE, progress=False, data_root=PROCESSED)
    slugs = [r["slug"] for r in res.records]
    assert len(slugs) == 81 and "posse-dabadia" in slugs
    assert "posse-dabadia-520010010" not in slugs
    assert [t["slug"] for t in res.twins] == ["posse-dabadia-520010010"]


def test_a_users_file_that_fails_the_check_keeps_the_generated_twin(districts, tmp_path, capsys):
    """Issue 32, B16: a user's posse-dabadia.toml with a misspelled seat pushed out
    posse-dabadia-520010010, and the area got no study; the generated one now stays, and
    the batch says so."""
    from test_batch_fast import FAKE
    from viabilidade.batch.run import run_batch
    from viabilidade.cli.lote import details

    cands = tmp_path / "cands"
    cands.mkdir()
    text = (PROCESSED.parents[1] / "data" / "candidates" / "posse-dabadia.toml").read_text(
        encoding="utf-8")
    assert 'seat = "Posse d\'Abadia"' in text
    (cands / "posse-dabadia.toml").write_text(text.replace('seat = "Posse d\'Abadia"',
                                                           'seat = "Posse d\'Abadiaa"'),
                                              encoding="utf-8")
    res = run_batch([cands], tmp_path / "lote", family="distritos-nao-sede", workers=2,
                    study=FAKE, progress=False, data_root=PROCESSED)
    by = {r["slug"]: r for r in res.records}
    assert len(by) == 82 and by["posse-dabadia-520010010"]["status"] == "ok"
    assert [t["kept"] for t in res.twins] == [True]
    details(res, __import__("sys").stdout)
    assert ("  no lote: posse-dabadia-520010010 (gerado por --gerar) foi estudado, embora "
            "posse-dabadia.toml (posse-dabadia) estude a mesma área: esse arquivo não passou "
            "na conferência (ver a falha dele)\n") in capsys.readouterr().out
