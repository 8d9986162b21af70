"""The package's layers: no import cycle, and no import that climbs the floors of
docs/CONTRACTS.md ("Layers"), read from that table so the rule and its documentation are
one text.

Every module under ``lib/viabilidade`` is parsed with :mod:`ast` (never imported). An import
counts wherever it is written: at module level, inside a function (a deferred import still
runs, and still ties the two modules together) or inside ``try``; relative imports are
resolved against the importing module's package; ``from pkg import name`` is an import of
``pkg.name`` when that is a module, else of ``pkg``. Only imports under ``if TYPE_CHECKING:``
are left out: they never run.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIB = ROOT / "lib"
CONTRACTS = ROOT / "docs" / "CONTRACTS.md"
BEGIN, END = "<!-- layers:begin -->", "<!-- layers:end -->"


@dataclass(frozen=True)
class Floor:
    number: int
    name: str
    members: tuple[str, ...]


def read_floors(text: str) -> list[Floor]:
    """The floors of the table between the ``layers`` markers: ``| n | name | `a`, `b` | …``,
    lowest first."""
    if BEGIN not in text or END not in text:
        raise AssertionError(f"docs/CONTRACTS.md: no layer table between {BEGIN} and {END}")
    body = text.split(BEGIN, 1)[1].split(END, 1)[0]
    floors = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].isdigit():
            continue
        members = tuple(re.findall(r"`(viabilidade(?:\.\w+)*)`", cells[2]))
        floors.append(Floor(int(cells[0]), cells[1], members))
    numbers = [f.number for f in floors]
    assert numbers == list(range(1, len(floors) + 1)), f"floors not numbered 1…n: {numbers}"
    return floors


def modules_of(lib: Path) -> dict[str, tuple[str, bool, str]]:
    """``{dotted name: (source, is_package, file shown in messages)}`` of every module."""
    out = {}
    for path in sorted((lib / "viabilidade").rglob("*.py")):
        parts = list(path.relative_to(lib).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_pkg else parts)
        out[name] = (path.read_text(encoding="utf-8"), is_pkg, str(path.relative_to(lib.parent)))
    return out


def _type_only(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def imports_of(name: str, source: str, is_pkg: bool, known: set[str]) -> list[tuple[str, int]]:
    """``[(imported module, line)]`` of one module: every import it runs, wherever written."""
    package = name if is_pkg else name.rpartition(".")[0]

    def owner(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found: list[tuple[str, int]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_only(child.test):
                for c in child.orelse:
                    visit_one(c)
                continue
            visit_one(child)

    def visit_one(child: ast.AST) -> None:
        if isinstance(child, ast.Import):
            for alias in child.names:
                if alias.name == "viabilidade" or alias.name.startswith("viabilidade."):
                    found.append((owner(alias.name), child.lineno))
        elif isinstance(child, ast.ImportFrom):
            if child.level:
                base = package.split(".")
                base = base[: len(base) - (child.level - 1)]
                target = ".".join(base + ([child.module] if child.module else []))
            else:
                target = child.module or ""
            if target == "viabilidade" or target.startswith("viabilidade."):
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in known else owner(target), child.lineno))
        visit(child)

    visit(ast.parse(source))
    return [(m, line) for m, line in found if m is not None and m != name]


def floor_of(module: str, floors: list[Floor]) -> tuple[Floor, str] | None:
    """The floor of a module: that of the longest member naming it or a package holding it
    (the root package ``viabilidade`` names only itself)."""
    best = None
    for floor in floors:
        for member in floor.members:
            hit = module == member or (member != "viabilidade" and module.startswith(member + "."))
            if hit and (best is None or len(member) > len(best[1])):
                best = (floor, member)
    return best


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Each import cycle once, as the modules in import order, starting from the smallest name
    (strongly connected components, Tarjan; within one, the shortest way back)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    comps: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    out = []
    for comp in comps:
        start, members = comp[0], set(comp)
        paths, seen = {start: [start]}, {start}
        queue = [start]
        while queue:   # breadth first: the shortest way from start back to start
            v = queue.pop(0)
            for w in sorted(graph[v]):
                if w == start:
                    queue = []
                    out.append(paths[v] + [start])
                    break
                if w in members and w not in seen:
                    seen.add(w)
                    paths[w] = paths[v] + [w]
                    queue.append(w)
    return sorted(out)


def layer_problems(modules: dict[str, tuple[str, bool, str]], floors: list[Floor]) -> list[str]:
    """Every module outside the table, every climb and every cycle, one line each."""
    known = set(modules)
    graph: dict[str, dict[str, int]] = {}
    problems = []
    for name, (source, is_pkg, shown) in sorted(modules.items()):
        graph[name] = {}
        for target, line in imports_of(name, source, is_pkg, known):
            graph[name].setdefault(target, line)
    for name in sorted(modules):
        if floor_of(name, floors) is None:
            problems.append(f"{name}: on no floor of the layer table of docs/CONTRACTS.md")
    for name, targets in sorted(graph.items()):
        here = floor_of(name, floors)
        for target, line in sorted(targets.items()):
            there = floor_of(target, floors)
            if here and there and there[0].number > here[0].number:
                problems.append(f"{modules[name][2]}:{line}: {name} (floor {here[0].number}, "
                                f"{here[0].name}) imports {target} (floor {there[0].number}, "
                                f"{there[0].name}), a floor above it")
    for cycle in cycles(graph):
        steps = ", ".join(f"{a} line {graph[a][b]}" for a, b in zip(cycle, cycle[1:]))
        problems.append(f"import cycle: {' -> '.join(cycle)} ({steps})")
    return problems


# ----------------------------------------------------------------------------- the package

def test_every_module_is_on_a_floor_no_import_climbs_and_there_is_no_cycle():
    floors = read_floors(CONTRACTS.read_text(encoding="utf-8"))
    problems = layer_problems(modules_of(LIB), floors)
    assert problems == [], "\n".join(problems)


def test_the_table_names_the_floors_in_the_order_the_contracts_describe():
    floors = read_floors(CONTRACTS.read_text(encoding="utf-8"))
    assert [f.name for f in floors] == ["ground", "law", "data", "proposal", "rules", "operations",
                                        "geo", "profile", "writers", "report", "products", "cli"]
    every = [m for f in floors for m in f.members]
    assert len(every) == len(set(every)), "a module or package named on two floors"
    modules = modules_of(LIB)
    assert [m for m in every if m not in modules] == [], "the table names a module that is not there"


def test_the_package_root_holds_only_the_ground_modules_and_packages():
    root = LIB / "viabilidade"
    loose = sorted(p.name for p in root.glob("*.py"))
    assert loose == ["__init__.py", "errors.py", "os_errors.py"]


# ------------------------------------------------------------------ the check itself can fail

FLOORS = [Floor(1, "ground", ("viabilidade", "viabilidade.errors")),
          Floor(2, "data", ("viabilidade.data",)),
          Floor(3, "rules", ("viabilidade.rules",))]


def _modules(**sources: str) -> dict[str, tuple[str, bool, str]]:
    out = {"viabilidade": ("", True, "viabilidade/__init__.py"),
           "viabilidade.errors": ("", False, "viabilidade/errors.py"),
           "viabilidade.data": ("", True, "viabilidade/data/__init__.py"),
           "viabilidade.rules": ("", True, "viabilidade/rules/__init__.py")}
    for key, source in sources.items():
        name = "viabilidade." + key.replace("__", ".")
        out[name] = (source, False, name.replace(".", "/") + ".py")
    return out


def test_a_deferred_import_that_closes_a_cycle_is_reported_with_its_path_and_lines():
    modules = _modules(data__store="from .geometry import read\n",
                       data__geometry="def read():\n    from . import store\n")
    assert layer_problems(modules, FLOORS) == [
        "import cycle: viabilidade.data.geometry -> viabilidade.data.store -> "
        "viabilidade.data.geometry (viabilidade.data.geometry line 2, viabilidade.data.store "
        "line 1)"]


def test_an_import_up_a_floor_is_reported_with_file_line_and_both_floors():
    modules = _modules(data__store="import os\n\n\ndef f():\n    from ..rules.art4 import x\n",
                       rules__art4="from ..data.store import load\n")
    assert layer_problems(modules, FLOORS) == [
        "viabilidade/data/store.py:5: viabilidade.data.store (floor 2, data) imports "
        "viabilidade.rules.art4 (floor 3, rules), a floor above it",
        "import cycle: viabilidade.data.store -> viabilidade.rules.art4 -> "
        "viabilidade.data.store (viabilidade.data.store line 5, viabilidade.rules.art4 line 1)"]


def test_type_only_imports_and_imports_down_are_allowed():
    modules = _modules(data__store=("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                                    "    from ..rules.art4 import Result\n"),
                       rules__art4="from ..data import store\nimport viabilidade.errors\n")
    assert layer_problems(modules, FLOORS) == []


def test_a_module_outside_the_table_is_reported():
    modules = _modules(explore__views="x = 1\n")
    assert layer_problems(modules, FLOORS) == [
        "viabilidade.explore.views: on no floor of the layer table of docs/CONTRACTS.md"]


def test_the_table_is_read_from_between_its_markers():
    text = (f"intro `viabilidade.data`\n{BEGIN}\n| floor | name | modules | what |\n"
            "|---|---|---|---|\n| 1 | ground | `viabilidade`, `viabilidade.errors` | errors |\n"
            f"| 2 | data | `viabilidade.data` | loaders |\n{END}\n| 3 | x | `viabilidade.x` | |\n")
    assert read_floors(text) == [Floor(1, "ground", ("viabilidade", "viabilidade.errors")),
                                 Floor(2, "data", ("viabilidade.data",))]
    with pytest.raises(AssertionError, match="no layer table"):
        read_floors("no table here")
