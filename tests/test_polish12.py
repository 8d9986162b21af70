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


def test_a_part_of_a_name_is_refused_not_studied(tmp_path, capsys):
    """M3: 'estudo "Brasília"' studied the district Nova Brasília (520140510): the lookup
    fell back to names containing the query. An exact name (accents and case folded)
    proceeds; a part of one is refused, naming it, as "Campinas" is."""
    from viabilidade.cli import main

    assert main(["estudo", "Brasília", "--saida", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        "erro: nenhum distrito ou município de Goiás se chama 'Brasília' (IBGE DTB 2022): "
        "nomes parecidos: distrito Nova Brasília (520140510), de Aparecida de Goiânia "
        "(5201405); esperado o nome inteiro de um lugar existente (acentos e maiúsculas não "
        "importam) ou o seu código IBGE\n")
    assert not any(tmp_path.iterdir())
    from viabilidade.cli.lookup import resolve_unit
    from viabilidade.data.store import load_store

    store = load_store(Path(__file__).resolve().parents[1] / "data" / "processed")
    assert resolve_unit("NOVA BRASILIA", store).code == "520140510"


SEAT_NOTICE = ("'Campinas' não é nome de distrito nem de localidade da área (IBGE: Posse "
               "d'Abadia): o estudo e o projeto de lei escrevem a sede com esse nome; confira "
               "a grafia se a sede é uma localidade existente (a sede nova de uma área "
               "desenhada pode ter nome novo)")


def test_a_seat_named_as_no_place_of_the_area_is_a_finding_and_the_cover_names_the_area(tmp_path):
    """M4: ``seat = "Campinas"`` for the area ``name = "Posse d'Abadia"``: the terminal's
    notice was in no document, and the cover read "Área proposta: Campinas". The findings
    (which every document renders) carry the notice; the cover names the area by ``name``
    and says the seat names the municipality (art. 3º, I: "o nome, que será o da sua
    sede"), as the title does."""
    import re

    from test_findings import STORE, _documents, _flat, _n

    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import sections
    from viabilidade.report.findings import findings

    root = Path(__file__).resolve().parents[1]
    text = (root / "data" / "candidates" / "posse-dabadia.toml").read_text(encoding="utf-8")
    path = tmp_path / "sede-fora.toml"
    path.write_text(re.sub(r'(?m)^seat = .*$', 'seat = "Campinas"', text)
                    if re.search(r"(?m)^seat = ", text)
                    else text.replace('name = "Posse d\'Abadia"\n',
                                      'name = "Posse d\'Abadia"\nseat = "Campinas"\n'),
                    encoding="utf-8")
    store = load_store(STORE)
    a = analyse(path, store=store)
    assert a.seat_notice == SEAT_NOTICE
    found = findings(a).of("nome")
    assert found.short() == f"Nome da sede não conferido: {SEAT_NOTICE}."
    for name, doc in _documents(a, store).items():
        assert _n(SEAT_NOTICE) in doc, name
    cover = sections.cover(a, a.settings.study_day())
    assert ("<tr><th scope=\"row\">Área proposta</th><td>Posse d&#x27;Abadia</td></tr>"
            "<tr><th scope=\"row\">Sede proposta</th><td>Campinas (dá o nome ao município, "
            "art. 3º, I)</td></tr>") in cover
    assert sections.study_title(a) == "Estudo de viabilidade — criação do Município de Campinas"
    # the other side: the seat of the area's own name is no finding, and the cover as before
    b = analyse(root / "data" / "candidates" / "posse-dabadia.toml", store=store)
    assert b.seat_notice is None and "nome" not in [f.kind for f in findings(b).items]
    flat = _flat(sections.cover(b, b.settings.study_day()))
    assert "área proposta posse d'abadia sede proposta posse d'abadia operação" in flat


def test_the_batch_summary_counts_the_candidate_files_of_subfolders_it_did_not_read(
        tmp_path, capsys, monkeypatch):
    """M1: ``lote PASTA`` read only PASTA's own .toml files and said nothing of those in its
    subfolders (the hint existed only when PASTA had none). The summary now counts them,
    names the subfolders and gives the command that includes them."""
    import functools

    import viabilidade.batch.run as batch_run
    from viabilidade.batch.plan import unread_subfolders
    from viabilidade.cli import main

    cands = tmp_path / "ruins"
    (cands / "a").mkdir(parents=True)
    (cands / "b" / "c").mkdir(parents=True)
    _candidate(cands, "alfa", "Alfa")
    _candidate(cands / "a", "beta", "Beta")
    _candidate(cands / "b" / "c", "gama", "Gama")
    (cands / "b" / "c" / "DELTA.TOML").write_text("", encoding="utf-8")
    (cands / "b" / "nota.txt").write_text("", encoding="utf-8")
    out = tmp_path / "lote"
    monkeypatch.setattr(batch_run, "run_batch", functools.partial(batch_run.run_batch, study=FAKE))
    assert main(["lote", str(cands), "--saida", str(out), "-j", "1", "--sem-progresso"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[1] == (
        f"  não lidos: 3 arquivos .toml em 2 subpastas ({cands / 'a'}, {cands / 'b' / 'c'}): o "
        "lote lê só os arquivos .toml das pastas dadas, não os das subpastas; para incluí-los, "
        f"dê também as subpastas: viabilidade lote {cands} {cands / 'a'} {cands / 'b' / 'c'} "
        f"--saida {out}")
    # the other side: subfolders given too are read, and a folder without any says nothing
    assert unread_subfolders([cands, cands / "a", cands / "b" / "c"]) is None
    assert unread_subfolders([cands / "a"]) is None
    assert unread_subfolders([cands, cands / "a"]) == (
        f"não lidos: 2 arquivos .toml em 1 subpasta ({cands / 'b' / 'c'}): o lote lê só os "
        "arquivos .toml das pastas dadas, não os das subpastas; para incluí-los, dê também as "
        f"subpastas: viabilidade lote {cands} {cands / 'a'} {cands / 'b' / 'c'}")


def test_the_parameters_table_gives_the_reference_date_used_and_its_rule():
    """Minor: "Data de referência do estudo — data do pedido ou data do estudo" gave neither
    date nor which rule chose it."""
    import re

    from test_findings import STORE

    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.report.sections import settings_table
    from viabilidade.rules import Settings

    root = Path(__file__).resolve().parents[1]
    store = load_store(STORE)

    def row(path, **settings):
        page = settings_table(analyse(path, store=store, settings=Settings(**settings),
                                      alternatives=False))
        return re.search(r"<td>Data de referência do estudo</td><td>([^<]*)</td>", page).group(1)

    posse = root / "data" / "candidates" / "posse-dabadia.toml"
    assert row(posse, study_date="2026-12-01") == (
        "01/12/2026 (a data do estudo: as configurações não dão data de referência, nem o "
        "candidato a data do pedido)")
    assert row(root / "tests" / "candidates" / "posse-dabadia-certificada.toml",
               study_date="2027-06-01") == (
        "15/01/2027 (a data do pedido do candidato: as configurações não dão "
        "data de referência)")
    assert row(posse, study_date="2026-12-01", reference_date="2026-03-02") == "02/03/2026"


def test_the_note_after_the_law_text_is_set_off_from_its_last_line():
    """Minor: the study's p. 28 printed the note on today's bodies ("Art. 4º, § 2º: a
    “Secretaria de Estado da Fazenda” …") right under art. 14's last line: it was styled as a
    table's caption (0,2 em above). It is a note of its own, 1,2 em below the text."""
    from test_findings import POSSE, STORE

    from viabilidade.data.store import load_store
    from viabilidade.profile.analysis import analyse
    from viabilidade.report import sections
    from viabilidade.report.writers.typst import to_typst

    a = analyse(POSSE, store=load_store(STORE), alternatives=False)
    html = f"<html><body>{sections.appendices(a)}</body></html>"
    lines = [x for x in to_typst(html).source.splitlines() if "Cartório Eleitoral integra" in x]
    assert len(lines) == 1
    assert lines[0].startswith("#block(above: 1.2em, below: 0.8em, text(font: sans, size: "
                               "7.5pt, fill: cinza)[Art")
