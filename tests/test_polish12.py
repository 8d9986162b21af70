"""New-user review (polish12): a clean clone's user's findings, each with its exact pt-BR text."""

from __future__ import annotations

from pathlib import Path

from test_batch_fast import FAKE, _candidate

from viabilidade.batch.run import run_batch


def test_a_typo_in_a_key_keeps_the_slug_line_and_the_earlier_study(tmp_path):
    """M2: after a good study of a file with ``slug = "mesmo-nome-a"``, a typo in a key
    (``operaton``) made the batch take the file stem as its slug: a new folder ``mesmo/``,
    the earlier study left out of the index and "fora do índice: … agora grava em mesmo"
    for a slug line that never changed. The refused file's slug is its valid slug line."""
    from viabilidade.batch.plan import declared

    cands = tmp_path / "cands"
    cands.mkdir()
    path = _candidate(cands, "mesmo", "Alfa", slug="mesmo-nome-a")
    out = tmp_path / "lote"
    run_batch([cands], out, workers=1, study=FAKE, progress=False)
    path.write_text(path.read_text(encoding="utf-8").replace("operation", "operaton"),
                    encoding="utf-8")
    res = run_batch([cands], out, workers=1, study=FAKE, progress=False)
    assert [r["slug"] for r in res.failures] == ["mesmo-nome-a"]
    assert res.failures[0]["previous"]["files"] == {"html": "estudo.html", "pdf": "estudo.pdf"}
    assert res.superseded == []
    assert not (out / "mesmo").exists()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert ('<a href="mesmo-nome-a/estudo.html">HTML anterior</a> · '
            '<a href="mesmo-nome-a/estudo.pdf">PDF anterior</a>') in page
    assert declared(path) == ("mesmo-nome-a", "Alfa", None)
    # the other side: a slug line that is not a valid slug is not taken (the file stem is)
    for line in ('slug = "Mesmo Nome"', "slug = 3", 'slug = ""'):
        path.write_text(f'{line}\nname = "Alfa"\n', encoding="utf-8")
        assert declared(path) == ("mesmo", "Alfa", None), line
