"""`lote` records the digest of the bytes its worker read (issue 32, M13).

Before, the digest was taken when the batch was planned: a candidate changed before its
study ran was studied with the new text but recorded with the old digest, so once the file
was put back the study was skipped as up to date while showing a name that is in no file.
Real candidate files and the real :func:`viabilidade.batch.unit.run_one`; a small study
function stands in for the notebook (as in ``test_batch_fast.py``).
"""

from __future__ import annotations

from pathlib import Path

from viabilidade.batch import resume, unit
from viabilidade.batch.plan import job_params, make_jobs
from viabilidade.proposal.candidate import load_candidate

STUDY = "test_batch_inputs_read:small_study"
CHANGING = "test_batch_inputs_read:changing_study"


def _text(name: str) -> str:
    return (f'slug = "alfa"\noperation = "create-municipality"\nname = "{name}"\n[area]\n'
            'districts = ["520010010"]\n[origin]\nmunicipalities = ["5200100"]\n')


def small_study(candidate_path, out_root, *, settings=None, data_root=None, template=None):
    c = load_candidate(candidate_path)
    folder = Path(out_root) / c.slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "estudo.html").write_text(f"<p>{c.name}</p>", encoding="utf-8")
    return {"slug": c.slug, "name": c.name, "operation": c.operation, "verdict": "viável",
            "rules": {}, "folder": str(folder), "files": {"html": str(folder / "estudo.html")}}


def changing_study(candidate_path, out_root, **kw):
    """The study reads the file, then someone edits it before the study ends."""
    rec = small_study(candidate_path, out_root, **kw)
    Path(candidate_path).write_text(_text("Editado Durante"), encoding="utf-8")
    return rec


def _params(path: Path, out: Path, study: str) -> dict:
    common = resume.common_digest(settings=None, data_root=None, template=None, study=study)
    (job,) = make_jobs([path])
    return job_params(job, out, common=common, settings=None, data_root=None, template=None,
                      study=study)


def test_a_file_changed_after_planning_is_recorded_as_read_and_redone_once_restored(tmp_path):
    path = tmp_path / "alfa.toml"
    path.write_text(_text("Alfa"), encoding="utf-8")
    out = tmp_path / "lote"
    planned = _params(path, out, STUDY)  # the plan hashes "Alfa"
    path.write_text(_text("Outro Nome"), encoding="utf-8")  # changed before the worker runs
    rec = unit.run_one(planned)
    assert rec["status"] == "ok" and rec["name"] == "Outro Nome"
    assert resume.load_if_current(out / "alfa", _params(path, out, STUDY)["digest"]) is not None
    path.write_text(_text("Alfa"), encoding="utf-8")  # put back: the study shows another name
    assert resume.load_if_current(out / "alfa", _params(path, out, STUDY)["digest"]) is None


def test_a_file_changed_while_the_study_runs_leaves_no_digest(tmp_path):
    path = tmp_path / "alfa.toml"
    path.write_text(_text("Alfa"), encoding="utf-8")
    out = tmp_path / "lote"
    rec = unit.run_one(_params(path, out, CHANGING))
    assert rec["status"] == "ok" and rec["name"] == "Alfa"
    assert not (out / "alfa" / resume.DIGEST_FILE).exists()  # redone next time, whatever the text
    path.write_text(_text("Alfa"), encoding="utf-8")
    assert resume.load_if_current(out / "alfa", _params(path, out, CHANGING)["digest"]) is None


def test_an_unchanged_file_is_recorded_and_skipped(tmp_path):
    path = tmp_path / "alfa.toml"
    path.write_text(_text("Alfa"), encoding="utf-8")
    out = tmp_path / "lote"
    params = _params(path, out, STUDY)
    assert unit.run_one(params)["status"] == "ok"
    assert resume.load_if_current(out / "alfa", params["digest"])["name"] == "Alfa"
