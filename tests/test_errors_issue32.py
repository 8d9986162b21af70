"""docs/ERRORS.md's table of issue 32's defects: every defect id is there once and every test
it names exists (a test renamed or removed would leave the table lying)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IDS = ([f"S{i}" for i in range(1, 6)] + [f"M{i}" for i in range(1, 14)]
       + [f"m{i}" for i in range(1, 7)] + [f"H3-{i}" for i in range(1, 8)]
       + [f"B{i}" for i in range(1, 18)]
       + [f"H4-{i}" for i in range(1, 16)] + [f"H5-{i}" for i in range(1, 7)]
       + [f"H6-{i}" for i in range(1, 13)] + ["H7-1", "H7-2", "H7-3", "H7-4", "H7-5", "H7-6", "H7-7",
                                              "H7-8"]
       + ["H8-1", "H8-2", "H8-3", "H9-1", "H9-2", "H9-3", "H9-P", "H9-4", "H9-5", "H9-6", "H9-7", "H9-8", "H9-9", "H9-10"]
       + ["H11-1", "H11-2"])


def _table() -> dict[str, list[str]]:
    text = (ROOT / "docs" / "ERRORS.md").read_text(encoding="utf-8")
    section = text.split("## Issue 32's defects and their tests", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"^\| (\S+) \| .* \| (.*) \|$", line)
        if m and m.group(1) not in ("Defect", "---"):
            assert m.group(1) not in rows, f"{m.group(1)} twice"
            rows[m.group(1)] = re.findall(r"`([\w/]+\.py)::(\w+)`", m.group(2))
    return rows


def test_every_defect_of_issue_32_has_a_test_and_each_test_exists():
    rows = _table()
    assert list(rows) == IDS
    names: dict[str, set[str]] = {}
    for defect, tests in rows.items():
        assert tests, f"{defect}: no test"
        for file, name in tests:
            if file not in names:
                tree = ast.parse((ROOT / "tests" / file).read_text(encoding="utf-8"))
                names[file] = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert name in names[file], f"{defect}: {file}::{name} does not exist"
