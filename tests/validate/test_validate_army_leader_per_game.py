"""One Army Leader a side is a rule of the games that have it (`army_leader_required`):
Rules of War asks for it, Quick and Dirty, Action Dice and a game from another distribution
do not."""
import pytest

from repo_paths import REPO_ROOT
from studio.engine.contract import Ruleset
from studio.engine.rules import rules_named
from studio.io import default_library, load_file
from studio.validate import validate_document

SCENARIOS = REPO_ROOT / "templates" / "scenarios"
LEADER_CODES = {"no-army-leader", "several-army-leaders"}


def _without_leaders(tmp_path, name):
    text = (SCENARIOS / name).read_text("utf-8").replace(", leader: true", "")
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_a_quick_and_dirty_side_without_a_leader_is_not_asked_for_an_army_leader(tmp_path):
    path = _without_leaders(tmp_path, "qnd-mirror.yaml")
    doc = load_file(path)
    assert not any(u.leader for s in doc.model.sides for u in s.army.units)
    found = [d for d in validate_document(doc, default_library()) if d.code in LEADER_CODES]
    assert found == []


def test_a_rules_of_war_side_without_its_leader_is_still_reported(tmp_path):
    doc = load_file(SCENARIOS / "marathon.yaml")
    library = default_library()
    side = doc.model.sides[0]
    army_list = library.army_list(side.army.army_list)
    side.army.units[:] = [u for u in side.army.units
                          if not army_list.has_ability(army_list.unit(u.type), "army-leader")
                          and not u.leader]
    found = [d for d in validate_document(doc, library) if d.code == "no-army-leader"]
    assert [d.subject for d in found] == [f"side:{side.id}"]


def test_only_rules_of_war_of_the_bundled_games_requires_an_army_leader():
    assert Ruleset.army_leader_required is False
    assert rules_named("rules-of-war").army_leader_required
    assert not rules_named("quick-and-dirty").army_leader_required
    assert not rules_named("action-dice").army_leader_required
