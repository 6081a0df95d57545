"""Every ruleset's rules page (docs/rulesets/<id>.md) stays true: each numbered rule has a
row in its traceability table, and every test the table names exists."""
from repo_paths import REPO_ROOT
import re
from pathlib import Path

import pytest

ROOT = REPO_ROOT
GUIDES = {"writing-a-ruleset.md"}          # how to write a game, not one game's rules
PAGES = sorted(p for p in (ROOT / "docs" / "rulesets").glob("*.md") if p.name not in GUIDES)


def _test_names():
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    return names


def _numbered_rules(doc: str) -> tuple[str, set[int]]:
    """The rule letter of the page (R, Q, S...) and the numbers of its rules."""
    found = re.findall(r"^- \*{0,2}([A-Z])(\d+)\.", doc, re.M)
    letters = {letter for letter, _ in found}
    assert len(letters) == 1, f"one rule letter per page, found {sorted(letters)}"
    return letters.pop(), {int(n) for _, n in found}


def test_every_ruleset_has_a_page():
    from studio.rulesets import all_rules
    ids = {p.stem for p in PAGES}
    assert {r.id for r in all_rules()} <= ids


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_rule_has_a_row_and_every_named_test_exists(page):
    doc = page.read_text()
    letter, numbers = _numbered_rules(doc)
    assert numbers == set(range(1, max(numbers) + 1)), "rules are numbered without gaps"
    rows = re.findall(rf"^\| ({letter}[\d, {letter}–-]+) \|", doc, re.M)
    covered = set()
    for row in rows:
        for a, b in re.findall(rf"{letter}(\d+)(?:[–-]{letter}?(\d+))?", row):
            covered.update(range(int(a), int(b or a) + 1))
    assert covered >= numbers, f"rules without a row: {sorted(numbers - covered)}"
    names = _test_names()
    full = set(re.findall(r"`(test_\w+)`", doc))
    assert full - names == set()
    for prefix in set(re.findall(r"`(test_\w+?)_\.\.\.`", doc)):
        assert any(n.startswith(prefix) for n in names), prefix
    for n in numbers:
        assert any(t.startswith(f"test_{letter}{n}_") or f"_{letter}{n}_" in t for t in names), \
            f"no test named for {letter}{n}"


DOC_FILES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
REPO_FOLDERS = ("docs", "studio", "tests", "benchmarks", "libraries", "templates", "schemas",
                "scripts", ".ci")


@pytest.mark.parametrize("path", DOC_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_docs_point_only_inside_the_repository(path):
    text = path.read_text()
    assert "../shared" not in text and "/work/" not in text and "seeds/" not in text, path
    # Links and images: web addresses, or files of this repository that exist.
    for target in re.findall(r"!?\[[^\]]*\]\(([^)#\s]+)", text):
        if re.match(r"[a-z]+:", target):
            continue
        resolved = (path.parent / target).resolve()
        assert resolved.is_relative_to(ROOT) and resolved.exists(), f"{path.name}: {target}"
    # A file of the repository named in code, such as `studio/cli.py`, exists.
    for name in re.findall(r"`([^`\s]+)`", text):
        name = name.rstrip(".,:;")
        if (name.split("/")[0] in REPO_FOLDERS and "/" in name
                and not any(c in name for c in "<>*{}|[]$")):
            assert (ROOT / name).exists(), f"{path.name} names {name}, which is not there"
