"""What the docs promise a user stays true: the complete file examples of docs/formats.md
are files the studio accepts (the ruleset and scenario examples are excerpts, a few map rows
and one side, and are left out), and every `studio` command has a row in the README's table."""
from repo_paths import REPO_ROOT
import re
from pathlib import Path

import pytest

from studio.io import default_library, load_text
from studio.validate import validate_document

FORMATS = REPO_ROOT / "docs" / "formats.md"
COMPLETE = ("terrain-set", "army-list", "points-table", "army", "balance-study")


def _examples() -> dict[str, str]:
    found = {}
    for block in re.findall(r"```ya?ml\n(.*?)```", FORMATS.read_text(), re.S):
        kind = re.search(r"^kind: (\S+)", block, re.M)
        if kind:
            found.setdefault(kind.group(1), block)
    return found


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.mark.parametrize("kind", COMPLETE)
def test_formats_example_has_no_errors(kind, library):
    block = _examples()[kind]
    # placed where the bundled files of its kind sit, so the paths it names resolve
    folder = {"balance-study": REPO_ROOT / "templates" / "studies"}.get(kind)
    doc = load_text(block, str(folder / f"formats-{kind}.yaml") if folder else f"formats-{kind}.yaml")
    assert doc.model is not None, [d.format() for d in doc.diagnostics]
    errors = [d.format() for d in list(doc.diagnostics) + validate_document(doc, library)
              if d.severity == "error"]
    assert errors == []


def _subcommands(parser, prefix=""):
    import argparse
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                inner = list(_subcommands(sub, f"{prefix}{name} "))
                yield from inner or [f"{prefix}{name}"]


def test_every_command_is_in_the_readme_table():
    from studio.cli import build_parser
    readme = (FORMATS.parents[1] / "README.md").read_text()
    table = "\n".join(line for line in readme.splitlines() if line.startswith("| `studio"))
    commands = list(_subcommands(build_parser()))
    missing = [c for c in commands
               if not re.search(rf"`studio {re.escape(c)}[ `]", table.replace("\\|", "|"))
               and not _in_alternation(c, table)]
    assert missing == []


def _in_alternation(command: str, table: str) -> bool:
    """`studio export counters|playsheet|map` names three commands in one row."""
    head, _, last = command.rpartition(" ")
    for row in re.findall(rf"`studio {re.escape(head)} ([a-z|\\-]+)", table):
        if last in row.replace("\\", "").split("|"):
            return True
    return False


def test_readme_counts_the_bundled_library():
    root = FORMATS.parents[1]
    readme = " ".join((root / "README.md").read_text().split())
    words = {6: "six", 3: "three"}
    terrain_sets = len(list((root / "libraries" / "terrain-sets").glob("*.yaml")))
    army_lists = len(list((root / "libraries" / "army-lists").glob("*.yaml")))
    rulesets = len(list((root / "libraries" / "rulesets").glob("*.yaml")))
    assert f"{words.get(terrain_sets, terrain_sets)} terrain sets" in readme
    assert f"{army_lists} army lists" in readme
    assert f"the {words.get(rulesets, rulesets)} rulesets" in readme
