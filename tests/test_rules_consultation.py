"""Each operation declares how arts. 5 and 7 read its plebiscite (rules.consultation); no rule
branches on an operation code (issue 29: "each operation is its own case")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from viabilidade.operations import REGISTRY, RESTORED, operation_for
from viabilidade.operations import fusion, transfer
from viabilidade.rules.consultation import AS_WRITTEN, Consultation
from viabilidade.rules.settings import Settings

RULES = Path(__file__).resolve().parents[1] / "lib" / "viabilidade" / "rules"


def _is_operation(node: ast.AST, aliases: frozenset[str] = frozenset()) -> bool:
    """``operation``, ``x.operation``, ``getattr(x, "operation", …)`` or a name assigned one
    of these (``aliases``: ``op = candidate.operation``)."""
    if isinstance(node, ast.Name):
        return node.id == "operation" or node.id in aliases
    if isinstance(node, ast.Attribute):
        return node.attr == "operation"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "getattr" and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant) and node.args[1].value == "operation")


def _is_literal(node: ast.AST) -> bool:
    """A string constant, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(map(_is_literal, node.elts))


def branches_on_operation(source: str) -> list[int]:
    """The lines of ``source`` that compare an operation to a literal code (``==``, ``!=``,
    ``in``, ``not in``), or look a table up by it (``TABLE[candidate.operation]``,
    ``TABLE.get(op)``, ``op in TABLE``), directly or through a name assigned it."""
    tree = ast.parse(source)
    aliases = frozenset(t.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
                        and _is_operation(n.value) for t in n.targets if isinstance(t, ast.Name))

    def op(node: ast.AST) -> bool:
        return _is_operation(node, aliases)

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            table = any(isinstance(o, (ast.In, ast.NotIn)) for o in node.ops) and \
                op(node.left) and all(isinstance(c, ast.Name) and c.id.isupper()
                                      for c in node.comparators)
            if table or (any(map(op, sides)) and any(map(_is_literal, sides))):
                lines.append(node.lineno)
        elif isinstance(node, ast.Subscript) and op(node.slice):
            lines.append(node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "get" and node.args and op(node.args[0])):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_the_scan_finds_the_branches_it_forbids():
    assert branches_on_operation('if getattr(candidate, "operation", None) == "fusion":\n    pass\n') == [1]
    assert branches_on_operation('x = 1\nok = op.operation in ("fusion", "transfer-area")\n') == [2]
    assert branches_on_operation('"fusion" != operation') == [1]
    assert branches_on_operation("text = EACH_RULE[candidate.operation]") == [1]
    # through a name: the lookup, the membership in a table and the comparison
    assert branches_on_operation('op = getattr(c, "operation", None)\nif op not in BY_ANALOGY:\n'
                                 '    x = BY_ANALOGY[op]\ny = op == "fusion"\n'
                                 'z = WORDS.get(op)\n') == [2, 3, 4, 5]
    # a declared value is no branch on a code
    assert branches_on_operation("each = consultation.counted_in_each(settings)") == []
    assert branches_on_operation("ok = operation in self.operations") == []


def test_no_rule_branches_on_an_operation_code():
    found = {f"{p.name}:{line}" for p in sorted(RULES.rglob("*.py"))
             for line in branches_on_operation(p.read_text(encoding="utf-8"))}
    assert found == set()


def test_no_profile_check_branches_on_an_operation_code():
    """profile/coherence.py compared ``candidate.operation`` with "create-municipality",
    "boundary-correction" and "fusion" nine times; it reads the operation's declarations
    (``carves_municipality``, ``proposed_area``, ``merges``) instead."""
    found = {f"{p.name}:{line}" for p in sorted((RULES.parent / "profile").rglob("*.py"))
             for line in branches_on_operation(p.read_text(encoding="utf-8"))}
    assert found == set()
    assert {code for code in REGISTRY if operation_for(code).carves_municipality} == {
        "create-municipality"}
    assert RESTORED.carves_municipality


def test_each_operation_declares_its_consultation():
    declared = {code: operation_for(code).consultation for code in REGISTRY}
    assert declared["fusion"] is fusion.CONSULTATION
    assert declared["transfer-area"] is transfer.CONSULTATION
    assert {code for code, c in declared.items() if c is AS_WRITTEN} == set(REGISTRY) - {
        "fusion", "transfer-area"}


def test_where_quorum_and_majority_are_counted():
    federal, area = Settings(plebiscite_roll="federal"), Settings(plebiscite_roll="area")
    assert fusion.CONSULTATION.counted_in_each(federal)
    assert fusion.CONSULTATION.counted_in_each(area)
    assert transfer.CONSULTATION.counted_in_each(federal)
    assert not transfer.CONSULTATION.counted_in_each(area)
    assert not AS_WRITTEN.counted_in_each(federal)
    assert not AS_WRITTEN.counted_in_each(area)


def test_a_consultation_is_checked_when_declared():
    with pytest.raises(ValueError, match=r"count must be one of \('together', 'each', "
                                         r"'each-if-federal'\), found 'everywhere'"):
        Consultation(count="everywhere")
    with pytest.raises(ValueError, match="count 'each' needs each_rule and subject"):
        Consultation(count="each", each_rule="Em cada município")
    assert Consultation(count="each", each_rule="Em cada município", subject="a fusão").count == "each"
