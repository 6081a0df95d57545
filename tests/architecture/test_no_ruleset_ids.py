"""Outside studio/rulesets/, no product module names a game: no string in its code is a
registered ruleset's id and it imports no ruleset package. Defaults come from the registry
(`default_id`, `default_ruleset_file`) and a game is reached through its capabilities.
Docstrings and comments may name a game (their examples and references are documentation).

KNOWN_DEBTS lists the modules that still name Rules of War, each with what is left to do;
the test fails when one of them no longer needs its entry (so the list only shrinks) and
when any other module starts naming a game."""
from __future__ import annotations

import ast
from pathlib import Path

from studio.engine.contract import all_rules

STUDIO = Path(__file__).resolve().parents[2] / "studio"

KNOWN_DEBTS = {
    # The orders play panel and its map handler (charges, volleys, spells; chosen by a
    # game's `play.panel`, not by its id) are Qt widgets written against Rules of War's
    # actions and odds: they cannot live in the ruleset, and import its action types.
    "gui/play/play_dock.py", "gui/play/handler.py",
    # The Rules of War playsheet reads that game's rule texts.
    "export/playsheet.py",
}


def _ids() -> set[str]:
    out = set()
    for rules in all_rules():
        out.add(rules.id)
        out.add(type(rules).__module__.split(".")[2] if type(rules).__module__.startswith(
            "studio.rulesets.") else type(rules).__module__.split(".")[0])
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def names_a_game(path: Path, ids: set[str]) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = set(node.value.replace("/", " ").replace(".", " ").split())
            found += [f"{path.name}:{node.lineno}: {node.value!r}" for i in ids if i in words]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""]
            found += [f"{path.name}:{node.lineno}: import {m}" for m in modules
                      if any(part in ids for part in m.split("."))]
    return found


def test_no_product_module_outside_the_rulesets_names_a_game():
    ids = _ids()
    assert {"rules-of-war", "rules_of_war", "quick-and-dirty", "action_dice"} <= ids
    offenders, paid = {}, []
    for path in sorted(STUDIO.rglob("*.py")):
        rel = path.relative_to(STUDIO).as_posix()
        if rel.startswith("rulesets/"):
            continue
        found = names_a_game(path, ids)
        if found and rel not in KNOWN_DEBTS:
            offenders[rel] = found
        if not found and rel in KNOWN_DEBTS:
            paid.append(rel)
    assert offenders == {}
    assert paid == [], f"no longer name a game: take them off KNOWN_DEBTS: {paid}"


def test_the_check_sees_strings_and_imports(tmp_path):
    code = tmp_path / "m.py"
    code.write_text('"""Docs may say rules-of-war."""\nfrom studio.rulesets.action_dice import X\n'
                    'DEFAULT = "quick-and-dirty"\n# rules-of-war in a comment\n')
    found = names_a_game(code, _ids())
    assert len(found) == 2 and "import" in found[0] and "quick-and-dirty" in found[1]
