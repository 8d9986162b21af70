"""The command line: exit codes, messages, and the slides command end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from viabilidade.cli import main

ROOT = Path(__file__).resolve().parents[1]
POSSE = ROOT / "data" / "candidates" / "posse-dabadia.toml"


def test_bad_candidate_exits_2_with_the_field(tmp_path, capsys):
    bad = tmp_path / "sem-origem.toml"
    bad.write_text(POSSE.read_text(encoding="utf-8").split("[origin]")[0], encoding="utf-8")
    code = main(["estudo", str(bad), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("erro: ") and "sem-origem.toml" in err and "field 'origin'" in err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_bad_settings_file_exits_2(tmp_path, capsys):
    s = tmp_path / "s.toml"
    s.write_text("quorum = \"maioria\"\n", encoding="utf-8")
    code = main(["apresentacao", str(POSSE), "--out", str(tmp_path), "--settings", str(s)])
    assert code == 2
    assert "quorum" in capsys.readouterr().err


def test_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for cmd in ("data", "estudo", "apresentacao", "lote", "auditoria", "triagem"):
        assert cmd in out


@pytest.mark.slow
def test_slides_command_writes_html_and_pdf(tmp_path, capsys):
    assert main(["apresentacao", str(POSSE), "--out", str(tmp_path)]) == 0
    html = (tmp_path / "posse-dabadia" / "apresentacao.html").read_text(encoding="utf-8")
    assert "Posse d&#x27;Abadia" in html or "Posse d'Abadia" in html
    assert "art4.IV" in html
    assert (tmp_path / "posse-dabadia" / "apresentacao.pdf").read_bytes().startswith(b"%PDF")
