"""Find by name: districts and municipalities by name or code, and the candidate they make."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from viabilidade.cli import commands as cli
from viabilidade.cli import main
from viabilidade.data.store import load_store
from viabilidade.common.text import name_key
from viabilidade.cli.lookup import (NameLookupError, candidate_path, find_units,
                                         resolve_unit)

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"


@pytest.fixture(scope="module")
def store():
    return load_store(ROOT / "data" / "processed")


@pytest.mark.parametrize("text", ["Posse d'Abadia", "posse dabadia", "POSSE D’ABADIA",
                                  "posse d abadia", " Posse  d'Abadia "])
def test_name_key_ignores_accents_case_spaces_and_apostrophes(text):
    assert name_key(text) == "possedabadia"


@pytest.mark.parametrize("query", ["Posse d'Abadia", "posse dabadia", "520010010"])
def test_posse_dabadia_is_found_by_name_or_code(store, query):
    u = resolve_unit(query, store)
    assert (u.kind, u.code, u.name, u.cod_ibge, u.municipality, u.seat) == (
        "district", "520010010", "Posse d'Abadia", "5200100", "Abadiânia", False)


def test_municipality_name_without_accents_is_the_municipality_not_its_seat(store):
    u = resolve_unit("abadiania", store)
    assert (u.kind, u.code) == ("municipality", "5200100")
    assert resolve_unit("520010005", store).seat  # the seat district by its code
    assert resolve_unit("posse", store).code == "5218300"  # the municipality Posse, exactly


SEEK = ("; esperado o nome inteiro de um lugar existente (acentos e maiúsculas não importam) "
        "ou o seu código IBGE")


def test_a_part_of_a_name_is_refused_listing_the_names_that_contain_it(store):
    """polish12 M3: a part of a name ("abadia", "posse dab") is no name; the names that
    contain it come first among the suggestions, then the close ones."""
    with pytest.raises(NameLookupError) as e:
        resolve_unit("abadia", store)
    assert e.value.lines == [
        "nenhum distrito ou município de Goiás se chama 'abadia' (IBGE DTB 2022): nomes "
        "parecidos: município Abadia de Goiás (5200050); município Abadiânia (5200100); "
        "município Sítio d'Abadia (5220702); distrito Posse d'Abadia (520010010), de Abadiânia "
        "(5200100)" + SEEK]
    with pytest.raises(NameLookupError) as e:
        resolve_unit("posse dab", store)
    assert str(e.value) == (
        "nenhum distrito ou município de Goiás se chama 'posse dab' (IBGE DTB 2022): nomes "
        "parecidos: distrito Posse d'Abadia (520010010), de Abadiânia (5200100); município "
        "Posse (5218300)" + SEEK)
    with pytest.raises(NameLookupError) as e:  # 15 names contain it: 10 shown
        resolve_unit("São", store)
    assert str(e.value).count("; município São") == 9
    assert str(e.value).endswith("município São Simão (5220405) e mais 5 nomes" + SEEK)


def test_an_ambiguous_name_lists_every_match():
    """Two places of one name (none in DTB 2022: a store of two districts named alike)."""
    import pandas as pd

    class Two:
        municipalities = pd.DataFrame({"cod_ibge": ["5200100", "5200050"],
                                       "nome": ["Abadiânia", "Abadia de Goiás"]})
        districts = pd.DataFrame({"cod_distrito": ["520010010", "520005010"],
                                  "nome": ["Vila Nova", "Vila  nova"],
                                  "cod_ibge": ["5200100", "5200050"],
                                  "nome_municipio": ["Abadiânia", "Abadia de Goiás"],
                                  "sede": [False, False]})

    with pytest.raises(NameLookupError) as e:
        resolve_unit("vila nova", Two())
    assert e.value.lines == [
        "o nome 'vila nova' é ambíguo: 2 lugares correspondem; esperado um só — repita com o "
        "nome completo ou o código:",
        "  distrito Vila  nova (520005010), de Abadia de Goiás (5200050)",
        "  distrito Vila Nova (520010010), de Abadiânia (5200100)"]


def test_an_unknown_name_suggests_close_ones_and_an_unknown_code_says_so(store):
    with pytest.raises(NameLookupError, match=r"nenhum distrito ou município de Goiás se chama "
                                              r"'Posse dAbadya' \(IBGE DTB 2022\): nomes "
                                              r"parecidos: distrito Posse d'Abadia \(520010010\)"):
        resolve_unit("Posse dAbadya", store)
    with pytest.raises(NameLookupError, match="tem o código '520010099'"):
        resolve_unit("520010099", store)
    with pytest.raises(NameLookupError) as e:  # review-batch2 #10: the code without check digit
        resolve_unit("520010", store)
    assert str(e.value) == (
        "nenhum distrito (9 algarismos) ou município (7 algarismos) de Goiás tem o código "
        "'520010' (IBGE DTB 2022); esperado um código existente ou um nome; parece o código de "
        '6 algarismos (sem o dígito verificador) de Abadiânia: use "5200100"')
    assert find_units("", store.districts, store.municipalities) == []


def test_a_name_past_its_bound_is_refused_quoting_eighty_characters(store):
    """Fourth hostile trial: `novo "<120 KB name>"` printed a 120 KB error."""
    with pytest.raises(NameLookupError) as e:
        resolve_unit("Posse " * 20_000, store)
    assert str(e.value) == (f"o nome {'Posse ' * 13 + 'Po'!r}… (120.000 caracteres): "
                            "encontrado um nome com 120.000 "
                            "caracteres; esperado no máximo 200")
    with pytest.raises(NameLookupError) as e:  # at the bound: looked up, quoted in 80
        resolve_unit("x" * 200, store)
    assert str(e.value).startswith(f"nenhum distrito ou município de Goiás se chama "
                                   f"{'x' * 80!r}… (200 caracteres) (IBGE DTB 2022)")



def test_an_empty_name_is_called_empty(store):
    """New-user review (polish10): ``novo ''`` read "nenhum distrito ou município de Goiás se
    chama ''"."""
    with pytest.raises(NameLookupError) as e:
        resolve_unit("", store)
    assert str(e.value) == ("o nome está vazio; esperado o nome ou o código IBGE de um distrito "
                            "ou município de Goiás (ex.: \"Posse d'Abadia\" ou 5200100)")
    with pytest.raises(NameLookupError) as e:
        resolve_unit("  ", store)
    assert str(e.value) == ("o nome está vazio (só espaços: '  '); esperado o nome ou o código "
                            "IBGE de um distrito ou município de Goiás (ex.: \"Posse d'Abadia\" "
                            "ou 5200100)")
    assert resolve_unit("Posse d'Abadia", store).code == "520010010"  # a name: looked up

def test_novo_writes_a_candidate_equal_to_the_committed_one(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["viabilidade"])
    assert main(["novo", "posse dabadia", "--saida", str(tmp_path)]) == 0
    written = tmp_path / "posse-dabadia.toml"
    assert tomllib.loads(written.read_text(encoding="utf-8")) == \
        tomllib.loads(POSSE.read_text(encoding="utf-8"))
    out = capsys.readouterr().out
    assert f"Candidato escrito: {written}" in out and f"viabilidade estudo {written}" in out
    # the same command again is harmless; a different file in the way is refused
    assert main(["novo", "Posse d'Abadia", "--saida", str(tmp_path)]) == 0
    written.write_text("# editado\n", encoding="utf-8")
    assert main(["novo", "Posse d'Abadia", "--saida", str(tmp_path)]) == 2
    assert "o arquivo já existe com outro conteúdo" in capsys.readouterr().err
    assert written.read_text(encoding="utf-8") == "# editado\n"


def test_next_step_names_the_command_as_the_user_can_call_it(tmp_path, monkeypatch):
    """On a clean clone the venv is not activated: ``viabilidade`` is not on PATH, so the hint
    names ``.venv/bin/viabilidade`` (new-user review); on PATH it is just ``viabilidade``."""
    import sys

    from viabilidade.common.command import invocation

    entry = tmp_path / ".venv" / "bin" / "viabilidade"
    entry.parent.mkdir(parents=True)
    entry.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert invocation(str(entry), None) == ".venv/bin/viabilidade"
    assert invocation(".venv/bin/viabilidade", None) == ".venv/bin/viabilidade"
    assert invocation(str(entry), str(entry)) == "viabilidade"
    assert invocation("viabilidade", None) == "viabilidade"
    elsewhere = tmp_path / "sub"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert invocation(str(entry), None) == str(entry)
    assert invocation("/x/pytest", None) == f"{sys.executable} -m viabilidade.cli"


def test_novo_on_a_clean_clone_finds_the_committed_candidate_and_says_so(tmp_path, capsys,
                                                                         monkeypatch):
    """README's first example: the committed posse-dabadia.toml has the same data as what
    ``novo`` writes (its comments aside): rc 0, the file named as already there, not
    rewritten."""
    import shutil

    monkeypatch.setattr("sys.argv", ["viabilidade"])
    shutil.copy(POSSE, tmp_path / "posse-dabadia.toml")
    before = (tmp_path / "posse-dabadia.toml").read_bytes()
    assert main(["novo", "Posse d'Abadia", "--saida", str(tmp_path)]) == 0
    path = (tmp_path / "posse-dabadia.toml").resolve()
    assert capsys.readouterr().out == (
        f"Candidato já existe: {path} (com os mesmos dados; não foi reescrito)\n"
        f"Próximo passo: viabilidade estudo {path}\n")
    assert path.read_bytes() == before


def test_novo_fusion_equals_the_committed_fusion(tmp_path):
    assert main(["novo", "anhanguera", "--fusao-com", "CUMARI", "--saida", str(tmp_path)]) == 0
    committed = ROOT / "data" / "candidates" / "fusao-anhanguera-cumari.toml"
    assert tomllib.loads((tmp_path / "fusao-anhanguera-cumari.toml").read_text(encoding="utf-8")) \
        == tomllib.loads(committed.read_text(encoding="utf-8"))


def test_novo_with_a_part_of_a_name_lists_the_names_and_exits_2(tmp_path, capsys):
    assert main(["novo", "abadia", "--saida", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["erro: nenhum distrito ou município de Goiás se chama 'abadia' (IBGE DTB "
                   "2022): nomes parecidos: município Abadia de Goiás (5200050); município "
                   "Abadiânia (5200100); município Sítio d'Abadia (5220702); distrito Posse "
                   "d'Abadia (520010010), de Abadiânia (5200100)" + SEEK]
    assert not any(tmp_path.iterdir())


def test_novo_with_a_municipality_says_what_operations_make_sense(tmp_path, capsys):
    assert main(["novo", "Abadiânia", "--saida", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("erro: Abadiânia (5200100) é um município, não um distrito a emancipar; "
                      "esperado o nome de um distrito não sede, ou --fusao-com. Operações "
                      "possíveis:")
    assert ('  - criação de município (arts. 1º a 4º) a partir do distrito Posse d\'Abadia '
            '(520010010): viabilidade novo "Posse d\'Abadia"') in err
    assert any("--fusao-com" in line for line in err[1:])
    assert not any(tmp_path.iterdir())


def test_estudo_takes_a_name_or_a_code(store, tmp_path, monkeypatch, capsys):
    # the committed candidate is used as it is
    out = tmp_path / "saida"
    assert candidate_path("Posse d'Abadia", store, POSSE.parent, out) == (POSSE, False)
    assert candidate_path("520010010", store, POSSE.parent, out) == (POSSE, False)
    assert not out.exists()
    # absent: generated beside the study's outputs, then used; the candidates folder untouched
    path, written = candidate_path("posse dabadia", store, tmp_path / "nada", out)
    assert (path, written) == (out / "posse-dabadia" / "candidato.toml", True)
    assert not (tmp_path / "nada").exists()
    assert tomllib.loads(path.read_text(encoding="utf-8")) == \
        tomllib.loads(POSSE.read_text(encoding="utf-8"))
    # the command resolves the name before the study runs
    seen = {}

    def fake_run_study(candidate, out, **kw):
        seen["candidate"] = candidate
        return {"name": "Posse d'Abadia", "verdict": "x", "folder": str(out)}

    monkeypatch.setattr("viabilidade.report.study.run_study", fake_run_study)
    assert main(["estudo", "Posse d'Abadia", "--out", str(tmp_path / "out")]) == 0
    assert seen["candidate"] == cli.REPO_CANDIDATES / "posse-dabadia.toml" == POSSE
    assert capsys.readouterr().out.splitlines() == [
        f"Candidato encontrado para \"Posse d'Abadia\": {POSSE}",
        "Estudo de Posse d'Abadia: x.", "Arquivos escritos:", f"  {tmp_path / 'out'}"]
    assert main(["estudo", "abadia", "--out", str(tmp_path / "out")]) == 2


def test_estudo_of_a_name_writes_nothing_into_the_candidates_folder(tmp_path, monkeypatch,
                                                                    capsys):
    """polish11 item 5: ``viabilidade estudo "Monte Alto"`` wrote data/candidates/monte-alto.toml
    as a side effect; the generated candidate is now written beside the study's files, and
    the command says where and how to keep it (``novo``)."""
    from viabilidade.common.command import invocation

    before = sorted(p.name for p in cli.REPO_CANDIDATES.iterdir())
    seen = {}

    def fake_run_study(candidate, out, **kw):
        seen["candidate"] = candidate
        return {"name": "Monte Alto", "verdict": "x", "folder": str(out)}

    monkeypatch.setattr("viabilidade.report.study.run_study", fake_run_study)
    out = tmp_path / "out"
    assert main(["estudo", "Monte Alto", "--out", str(out)]) == 0
    written = out / "monte-alto" / "candidato.toml"
    assert seen["candidate"] == written and written.is_file()
    assert tomllib.loads(written.read_text(encoding="utf-8"))["name"] == "Monte Alto"
    assert sorted(p.name for p in cli.REPO_CANDIDATES.iterdir()) == before
    assert not (cli.REPO_CANDIDATES / "monte-alto.toml").exists()
    assert capsys.readouterr().out.splitlines()[0] == (
        f"Candidato gerado a partir dos dados para 'Monte Alto': {written} (a pasta "
        f"{cli.REPO_CANDIDATES} não foi alterada; para guardá-lo nela: {invocation()} novo "
        "'Monte Alto')")
