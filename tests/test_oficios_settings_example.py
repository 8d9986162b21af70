"""The README's `--configuracoes` examples name a file a clean clone has, and a settings
file that does not exist is refused saying where the example is (issue 32, B13)."""

from __future__ import annotations

import re
from pathlib import Path

from viabilidade.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_every_configuracoes_file_of_the_readme_exists():
    named = re.findall(r"--configuracoes (\S+?)[`\s]", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert named, "the README shows --configuracoes"
    assert [n for n in named if not (ROOT / n).is_file()] == []


def test_a_missing_settings_file_says_where_the_example_is(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = main(["oficios", str(ROOT / "data" / "candidates" / "posse-dabadia.toml"),
                 "--configuracoes", "oficios.toml", "--data-pedido", "2027-01-15",
                 "--saida", str(tmp_path / "out")])
    assert code != 0
    assert capsys.readouterr().err.strip() == (
        "erro: oficios.toml: o arquivo não existe; esperado um arquivo de configurações com a "
        "seção [oficios]; um exemplo completo, para copiar e editar, está em "
        "tests/fixtures/oficios.toml (explicado em docs/GUIA.md, «Pedidos de informação "
        "(ofícios)»)")
    assert not (tmp_path / "out").exists()


def test_the_tests_example_is_named_fictitious_and_a_copy_is_not(tmp_path, capsys):
    """New-user review (2026-12-07): the README's command wrote letters "prontos para assinar"
    with the example's fictitious people, without a word."""
    import shutil

    candidate = str(ROOT / "data" / "candidates" / "posse-dabadia.toml")
    example = ROOT / "tests" / "fixtures" / "oficios.toml"
    assert main(["oficios", candidate, "--configuracoes", str(example), "--data-pedido",
                 "2027-01-15", "--saida", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        f"aviso: {example}: é o arquivo de exemplo dos testes, com nomes e processo fictícios; "
        "os documentos escritos com ele não são para assinar: copie-o (cp "
        "tests/fixtures/oficios.toml oficios.toml), escreva nele os nomes e o processo reais e "
        "use --configuracoes oficios.toml")
    copy = tmp_path / "oficios.toml"
    shutil.copy(example, copy)
    assert main(["oficios", candidate, "--configuracoes", str(copy), "--data-pedido",
                 "2027-01-15", "--saida", str(tmp_path / "out2")]) == 0
    assert "arquivo de exemplo" not in capsys.readouterr().err
