"""A scenario is played by one game system: a side whose army list is for another system is
reported at the side's army_list line."""
from repo_paths import REPO_ROOT
from pathlib import Path

from studio.io import default_library, load_file
from studio.model import Ruleset
from studio.validate import validate_document

ROOT = REPO_ROOT


class _WithOtherSystem:
    """The bundled library plus a ruleset file of another system, named by one army list."""

    def __init__(self, library, list_id):
        self.inner = library
        self.list_id = list_id
        self.other = Ruleset(id="other-rules", name="Other", system="other-game")

    def ruleset(self, ident):
        return self.other if ident == "other-rules" else self.inner.ruleset(ident)

    def army_list(self, ident):
        found = self.inner.army_list(ident)
        if ident == self.list_id:
            from dataclasses import replace
            found = replace(found, ruleset="other-rules")
        return found

    def get(self, kind, ident):
        if kind == "ruleset":
            return self.ruleset(ident)
        if kind == "army-list":
            return self.army_list(ident)
        return self.inner.get(kind, ident)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def test_a_side_of_another_system_is_reported_at_its_army_list_line():
    path = ROOT / "templates" / "scenarios" / "marathon.yaml"
    doc = load_file(path)
    persian_list = doc.model.sides[1].army.army_list
    library = _WithOtherSystem(default_library(), persian_list)
    found = [d for d in validate_document(doc, library) if d.code == "mixed-rulesets"]
    assert len(found) == 1
    d = found[0]
    text = path.read_text().splitlines()
    assert f"army_list: {persian_list}" in text[d.line - 1]
    assert "other-game" in d.message and "rules-of-war" in d.message
    assert d.subject == f"side:{doc.model.sides[1].id}"


def test_the_bundled_samples_do_not_mix_systems():
    library = default_library()
    for path in (ROOT / "templates" / "scenarios").glob("*.yaml"):
        doc = load_file(path)
        assert not [d for d in validate_document(doc, library) if d.code == "mixed-rulesets"]
