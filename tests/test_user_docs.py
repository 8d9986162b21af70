"""The user documentation is the project's own, in pt-BR, and nothing points outside it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from viabilidade.rules.settings import CHOICES, Settings

ROOT = Path(__file__).resolve().parents[1]
GUIA = ROOT / "docs" / "GUIA.md"
LEITURAS = ROOT / "docs" / "LEITURAS.md"


def _files(*folders: str):
    for folder in folders:
        for p in sorted((ROOT / folder).rglob("*")):
            if p.is_file() and p.suffix in {".py", ".ipynb", ".toml", ".md", ".css", ".html"}:
                yield p


def test_no_message_or_study_points_to_a_file_outside_the_project():
    offenders = [f"{p.relative_to(ROOT)}:{n}"
                 for p in _files("lib", "notebooks", "data/candidates")
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"RULES\.md|REFERENCES\.md|ARCHITECTURE\.md|shared/design", line)]
    assert offenders == []


def test_every_reading_is_explained_with_its_default_and_alternatives():
    text = LEITURAS.read_text(encoding="utf-8")
    for n in ["1", "1b", *map(str, range(2, 11))]:
        assert re.search(rf"^## I-{n} — ", text, flags=re.M), f"I-{n}"
    defaults = Settings()
    for key, allowed in CHOICES.items():
        default = getattr(defaults, key)
        # the default as a setting line; population_vintage's list marks it "(padrão"
        marked = (f'`"{default}"` (padrão' if key == "population_vintage"
                  else f'`{key} = "{default}"`')
        assert marked in text, key
        for value in allowed:
            assert f'"{value}"' in text, (key, value)
    for f in dataclasses.fields(Settings):
        assert f"`{f.name}`" in text, f.name


def test_the_guide_covers_what_analysts_need_and_the_readme_links_it():
    text = GUIA.read_text(encoding="utf-8")
    for heading in ("## Instalação", "## O arquivo do candidato", "## As cinco operações",
                    "## Status, tendência e conclusão", "## Lotes", "## Exploração de cenários",
                    "## Slides para a comissão", "## Auditoria do art. 8º e triagem dos distritos",
                    "## Os dados e a sua reconstrução", "## Perguntas frequentes",
                    "## Achar um distrito pelo nome"):
        assert heading in text, heading
    for op in ("create-municipality", "create-district", "transfer-area", "fusion",
               "boundary-correction"):
        assert f"`{op}`" in text
    for word in ("cumprido", "não cumprido", "indeterminado", "não se aplica",
                 "provável atendimento", "provável não atendimento", "viável", "inviável",
                 "certificado", "publicado", "medido", "estimado"):
        assert f"**{word}**" in text, word
    assert "docs/GUIA.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_guide_shows_every_command():
    from viabilidade.cli.commands import build_parser

    text = GUIA.read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name, parser in sub.choices.items():
        nested = [a for a in parser._actions if a.dest == f"{name}_command"]
        names = [f"{name} {n}" for n in nested[0].choices] if nested else [name]
        for command in names:
            assert f"viabilidade {command}" in text, command
