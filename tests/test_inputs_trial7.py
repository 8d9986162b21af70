"""Hostile trial 7's minor defects of issue 32 still open (docs/ERRORS.md, H7-3 onwards):
a format or version number given as a boolean (``"format": true`` passed, since
``True == 1`` in Python), ..."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_tracts import TRACTS, tract_file

from viabilidade.errors import CandidateError, DataError

STORE = Path(__file__).resolve().parents[1] / "data" / "processed"


# ------------------------------------------- H7-3: a format or version number that is a boolean
@pytest.mark.parametrize("form, said", [
    ("true", "true"), ("1.0", "1.0"), ('"1"', '"1"'), ("2", "2")])
def test_a_store_manifest_format_must_be_the_whole_number_one(tmp_path, form, said):
    from viabilidade.data.store import load_store

    (tmp_path / "manifest.json").write_text(f'{{"format": {form}, "tables": {{}}}}',
                                            encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_store(tmp_path)
    assert str(e.value) == (f"{tmp_path / 'manifest.json'} não é um manifesto válido: 'format' é "
                            f"{said}; esta versão lê o formato 1, um número inteiro (repositório "
                            "gravado por outra versão?); gere o repositório de novo com "
                            "`viabilidade data build`")


def test_the_committed_manifest_format_is_the_integer_one():
    from viabilidade.data.store_open import _manifest_shape

    manifest = json.loads((STORE / "manifest.json").read_text(encoding="utf-8"))
    assert type(manifest["format"]) is int and _manifest_shape(manifest) is None


@pytest.mark.parametrize("version, refused", [("1", False), ("true", True), ("1.0", True)])
def test_a_session_version_must_be_the_whole_number_one(tmp_path, version, refused):
    from viabilidade.explore import persist

    path = _session(tmp_path, {"version": json.loads(version)})   # true, 1.0: written as given
    if not refused:
        assert persist.read_session(path).scenario.name == "Posse d'Abadia"
        return
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (f"{path}: a sessão anterior não pôde ser restaurada (versão {version} "
                            "do arquivo; esperada 1, um número inteiro); o explorador começa do "
                            "cenário inicial")


@pytest.mark.parametrize("form, refused", [("1", False), ("true", True), ("2", True)])
def test_a_download_record_format_must_be_the_whole_number_one(tmp_path, form, refused):
    from viabilidade.data import rawmanifest

    path = tmp_path / rawmanifest.NAME
    path.write_text(f'{{"format": {form}, "sources": {{}}}}', encoding="utf-8")
    if not refused:
        assert rawmanifest.load(tmp_path) == {"format": 1, "sources": {}}
        return
    with pytest.raises(DataError) as e:
        rawmanifest.load(tmp_path)
    assert str(e.value) == (f"arquivo {path.name}: não é um registro de downloads válido ('format' é {form}; "
                            "esta versão lê o formato 1, um número inteiro); esperado o JSON "
                            "escrito por `viabilidade data fetch` (apague-o para recomeçar: os "
                            "arquivos já baixados serão conferidos de novo)")


# ----------------------------------------- H7-4: an upload into a save folder that is a loop
KML = Path(__file__).resolve().parent / "fixtures" / "posse-dabadia-desenhada.kml"
LOOP = "link simbólico em laço (aponta, direta ou indiretamente, para si mesmo)"


def _loop(tmp_path: Path) -> Path:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    return tmp_path / "a"


@pytest.mark.parametrize("below", ["", "sub"])
def test_an_upload_into_a_folder_that_is_a_symlink_loop_is_refused_in_words(tmp_path, below):
    from viabilidade.errors import GeoError
    from viabilidade.explore.files import store_upload

    folder = _loop(tmp_path) / below if below else _loop(tmp_path)
    with pytest.raises(GeoError) as e:
        store_upload("posse.kml", KML.read_bytes(), folder)
    assert str(e.value) == (f"posse.kml não foi guardado em {folder}: {LOOP}; escolha outra "
                            "pasta para os candidatos")


def test_the_same_upload_into_a_plain_folder_is_stored(tmp_path):
    from viabilidade.explore.files import store_upload

    path = store_upload("posse.kml", KML.read_bytes(), tmp_path / "c")
    assert path == tmp_path / "c" / "posse.kml" and path.read_bytes() == KML.read_bytes()


def test_the_explorer_tells_an_upload_into_a_loop_in_its_pane(tmp_path):
    pytest.importorskip("ipywidgets")
    import html
    import re

    from viabilidade.data.store import load_store
    from viabilidade.explore.widgets import Explorer

    explorer = Explorer(load_store(STORE), draw_map=False)
    folder = _loop(tmp_path)
    explorer.controls["save_path"].value = str(folder / "posse.toml")
    before = explorer.scenario
    assert explorer.upload("posse.kml", KML.read_bytes()) is None  # was RuntimeError
    assert explorer.scenario == before
    shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", explorer.panes["upload"].value)).split())
    assert shown == ("Arquivo recusado — «Enviar arquivo de limites» (aba Área): posse.kml não "
                     f"foi guardado em {folder}: {LOOP}; escolha outra pasta para os candidatos. "
                     "A área continua a anterior.")


# ------------------------------- H7-5: a session's paths outside the project are never read
def _session(tmp_path: Path, top: dict | None = None, **scenario) -> Path:
    """``tmp_path/sessao.json``, an explorer session of Posse d'Abadia's scenario, the
    scenario's fields ``scenario`` and the file's own fields ``top`` (version, save_path, …)
    as given."""
    from viabilidade.explore import persist
    from viabilidade.explore.scenario import Scenario

    doc = {"version": persist.VERSION, "scenario": {**persist.scenario_dict(
        Scenario(name="Posse d'Abadia", origins=("5200100",), districts=("520010010",))),
        **scenario}, **(top or {})}
    path = tmp_path / "sessao.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_session_naming_files_outside_the_project_is_refused_unread(tmp_path, monkeypatch):
    from viabilidade.common.text import quoted
    from viabilidade.explore import persist
    from viabilidade.proposal import candidate

    monkeypatch.setattr(candidate, "load_candidate", lambda *a, **k: pytest.fail("read"))
    (tmp_path / "limite.geojson").symlink_to("/etc/hostname")
    path = _session(tmp_path, base="/etc/passwd", boundary=str(tmp_path / "limite.geojson"),
                    urban_perimeter="/root/.ssh/id_rsa")
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (
        f"{path}: a sessão anterior não pôde ser restaurada (o campo 'scenario.base' aponta "
        "para '/etc/passwd'; o campo 'scenario.boundary' aponta para "
        f"{quoted(str(tmp_path / 'limite.geojson'))} (que leva a '/etc/hostname'); o campo "
        "'scenario.urban_perimeter' aponta para '/root/.ssh/id_rsa'; esperados arquivos dentro "
        f"do projeto ({persist.REPO}) ou da "
        f"pasta da sessão ({tmp_path}); nenhum deles foi lido); o explorador começa do cenário "
        "inicial")


def test_a_session_of_a_base_in_the_project_and_a_limit_beside_it_is_restored(tmp_path):
    from viabilidade.explore import persist

    base = persist.REPO / "data" / "candidates" / "posse-dabadia.toml"
    (tmp_path / "limite.geojson").write_text("{}", encoding="utf-8")
    path = _session(tmp_path, base=str(base), boundary=str(tmp_path / "limite.geojson"))
    restored = persist.read_session(path).scenario
    assert restored.base.path == base and restored.boundary == tmp_path / "limite.geojson"


def test_a_step_or_drawing_outside_is_named_with_its_place(tmp_path):
    from viabilidade.explore import persist

    path = _session(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["undo"] = [{"districts": [], "municipalities": [], "origins": ["5200100"], "name": "x",
                    "boundary": "/etc/shadow"}]
    doc["drawings"] = [{"path": "/etc/group", "drawn": {}, "clip": False}]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert ("(o campo 'undo[0].boundary' aponta para '/etc/shadow'; o campo 'drawings[0].path' "
            "aponta para '/etc/group'; esperados") in str(e.value)


# ---------------------------------- H7-6: the tract counts bounded by Goiás' tracts, not 10⁶
def test_the_bounds_are_goias_tracts_and_brazils_with_margin():
    from viabilidade.data import tracts

    assert tracts.TRACT_GOIAS_MAX == 40_000 and 3 * 12_650 <= tracts.TRACT_GOIAS_MAX
    assert tracts.TRACT_ROWS_MAX == 500_000 and 452_338 * 1.1 <= tracts.TRACT_ROWS_MAX


@pytest.mark.parametrize("goias, refused", [(5, False), (6, True)])
def test_the_goias_records_are_read_to_their_bound_and_refused_one_past(tmp_path, monkeypatch,
                                                                        goias, refused):
    from viabilidade.data import tracts

    monkeypatch.setattr(tracts, "TRACT_GOIAS_MAX", 5)
    path = tract_file(tmp_path, goias, others=3)
    if not refused:
        got = tracts.read_tract_counts(path)
        assert list(got["cod_setor"]) == [f"52{n:013d}" for n in range(5)]
        assert list(got["populacao"]) == [11000] * 5
        return
    with pytest.raises(DataError) as e:
        tracts.read_tract_counts(path)
    assert str(e.value) == (f"arquivo {TRACTS}, linha 7: mais de 5 linhas de dados com CD_UF = 52; "
                            "esperadas no máximo 5 (cerca de três vezes os 12.650 setores de "
                            "Goiás no Censo 2022)")


@pytest.mark.parametrize("others, refused", [(7, False), (8, True)])
def test_the_records_of_other_ufs_are_read_to_the_row_bound(tmp_path, monkeypatch, others,
                                                            refused):
    from viabilidade.data import tracts

    monkeypatch.setattr(tracts, "TRACT_ROWS_MAX", 8)
    path = tract_file(tmp_path, 1, others)
    if not refused:
        assert list(tracts.read_tract_counts(path)["cod_setor"]) == ["520000000000000"]
        return
    with pytest.raises(DataError) as e:
        tracts.read_tract_counts(path)
    assert str(e.value) == (f"arquivo {TRACTS}, linha 10: mais de 8 linhas de dados; esperadas no "
                            "máximo 8 (os 452.338 setores do Brasil no Censo 2022 e cerca de 10 %)")


# ------------------------------- H7-8: a file's unknown keys named up to ten, then counted
POSSE = Path(__file__).resolve().parents[1] / "data" / "candidates" / "posse-dabadia.toml"
ALLOWED = ("area, boundary_correction, certified, creation_law_date, creation_year, destination, "
           "evidence, fiscal, name, operation, origin, process, request_date, seat, seat_point, "
           "settings, slug, special_interest")


def _unknown_keys(tmp_path: Path, n: int) -> Path:
    head, rest = POSSE.read_text(encoding="utf-8").split("\n[", 1)
    path = tmp_path / "chaves.toml"
    path.write_text(head + "\n" + "".join(f"chave_{i} = {i}\n" for i in range(n)) + "\n[" + rest,
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("n", [10, 11, 2_000])
def test_unknown_keys_are_named_up_to_ten_then_counted(tmp_path, n):
    from viabilidade.proposal.candidate import load_candidate
    from viabilidade.proposal.fields import UNKNOWN_SHOWN

    path = _unknown_keys(tmp_path, n)
    first = len(POSSE.read_text(encoding="utf-8").split("\n[", 1)[0].splitlines()) + 2
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    lines = e.value.lines
    assert UNKNOWN_SHOWN == 10 and len(lines) == min(n, 11)
    assert lines[0] == (f"{path}, linha {first}, campo 'chave_0': chave desconhecida 'chave_0'; "
                        f"permitidas aqui: {ALLOWED}")
    if n == 10:
        assert not any("… e mais" in x for x in lines)
        return
    rest = "1 chave desconhecida" if n == 11 else "1.990 chaves desconhecidas"
    assert lines[-1] == (f"{path}, linha {first + 10}, campo 'chave_10': … e mais {rest} "
                         f"(permitidas aqui: {ALLOWED}; mostradas as 10 primeiras; corrija-as e "
                         "execute de novo para ver as demais)")


def test_a_list_already_cut_is_not_cut_again():
    from viabilidade.errors import capped

    once = capped([f"p{i}" for i in range(2_000)])
    assert capped(once) == once and len(once) == 51
    assert once[-1] == ("… e mais 1.950 problemas (mostrados os 50 primeiros; corrija-os e "
                        "execute de novo para ver os demais)")
    assert capped([f"p{i}" for i in range(51)])[-1].startswith("… e mais 1 problema (")


def test_lote_shows_each_files_count_of_unknown_keys(tmp_path):
    import io
    import types

    from viabilidade.cli.lote import details
    from viabilidade.proposal.candidate import load_candidate

    path = _unknown_keys(tmp_path, 2_000)
    with pytest.raises(CandidateError) as e:
        load_candidate(path)
    record = {"slug": "posse-dabadia", "candidate": str(path),
              "error": "\n".join(capped_lines := e.value.lines)}
    out = io.StringIO()
    details(types.SimpleNamespace(failures=[record], twins=[], superseded=[], earlier=[]), out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 11 and lines[-1] == f"    {capped_lines[-1]}"
    assert "… e mais 1.990 chaves desconhecidas" in lines[-1]
    from viabilidade.errors import capped  # a file's 2.000 other problems: its count kept

    record["error"] = "\n".join(capped([f"problema {i}" for i in range(2_000)]))
    out = io.StringIO()
    details(types.SimpleNamespace(failures=[record], twins=[], superseded=[], earlier=[]), out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 51 and lines[-1] == ("    … e mais 1.950 problemas (mostrados os 50 "
                                              "primeiros; corrija-os e execute de novo para ver "
                                              "os demais)")  # was "… e mais 1 problema"


def test_a_session_naming_its_own_save_folders_files_is_restored(tmp_path):
    """A KML uploaded to a «Salvar em» folder outside the project (the files browser test's
    `cands`) is the user's own: the session is restored after a reload; a file beside that
    folder is not, and the message names the folder."""
    from viabilidade.common.text import quoted
    from viabilidade.explore import persist

    save = tmp_path / "estudos"
    save.mkdir()
    (save / "limite.geojson").write_text("{}", encoding="utf-8")
    (tmp_path / "fora.geojson").write_text("{}", encoding="utf-8")
    sessions = tmp_path / "estado"
    sessions.mkdir()
    path = _session(sessions, {"save_path": f"{save}/"}, boundary=str(save / "limite.geojson"))
    assert persist.read_session(path).scenario.boundary == save / "limite.geojson"
    _session(sessions, {"save_path": f"{save}/"}, boundary=str(tmp_path / "fora.geojson"))
    with pytest.raises(CandidateError) as e:
        persist.read_session(path)
    assert str(e.value) == (
        f"{path}: a sessão anterior não pôde ser restaurada (o campo 'scenario.boundary' aponta "
        f"para {quoted(str(tmp_path / 'fora.geojson'))}; esperados arquivos dentro do projeto "
        f"({persist.REPO}), da pasta da sessão ({sessions}) ou da pasta «Salvar em» ({save}); "
        "nenhum deles foi lido); o explorador começa do cenário inicial")
