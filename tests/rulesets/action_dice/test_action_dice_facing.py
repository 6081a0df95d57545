"""A skirmisher has no front in Action Dice (S3): placed without `facing:` it validates,
starts a game and shows no facing in the Units dock; a regiment still needs one, with the
message saying so at its line."""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

from studio.io import default_library, load_file
from studio.rulesets import new_game
from studio.validate import validate_paths

ROOT = REPO_ROOT
BORDER = ROOT / "templates" / "scenarios" / "ad-border-skirmish.yaml"
ARCHERS = '{type: archers, hex: "0408", facing: NE}'      # skirmish formation
SPEARMEN = '{id: spearmen-1, type: spearmen, hex: "0406", facing: NE}'   # a regiment


def _without(tmp_path, entry: str) -> Path:
    text = BORDER.read_text(encoding="utf-8")
    assert entry in text
    path = tmp_path / "ad-no-facing.yaml"
    path.write_text(text.replace(entry, entry.replace(", facing: NE", "")), encoding="utf-8")
    return path


def test_a_skirmisher_without_facing_validates_and_plays(tmp_path):
    path = _without(tmp_path, ARCHERS)
    assert [d.format() for d in validate_paths([str(path)])] == []
    state = new_game(load_file(path).model, default_library(), 1)
    archers = next(u for u in state.units if u.profile.id == "archers")
    assert not archers.profile.faced and archers.hex is not None


def test_a_regiment_without_facing_is_still_reported(tmp_path):
    path = _without(tmp_path, SPEARMEN)
    found = [d for d in validate_paths([str(path)]) if d.code == "facing-missing"]
    assert len(found) == 1 and "spearmen-1" in found[0].message
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1)
                if "spearmen-1" in text)
    assert found[0].line == line


def test_the_units_dock_shows_no_facing_for_a_skirmisher(make_window):
    window = make_window(str(BORDER))
    dock = window.units_dock
    side = window.doc.model.sides[0]
    kinds = {u.type: i for i, u in reversed(list(enumerate(side.army.units)))}
    assert side.army.units[kinds["archers"]].facing == "NE"       # the file names one
    assert dock.item_for(side.id, kinds["archers"]).text(2) == ""
    assert dock.item_for(side.id, kinds["spearmen"]).text(2) == "NE"


def test_the_army_builder_shows_no_facing_for_a_skirmisher(qtbot):
    from studio.gui.armies import ArmyBuilder
    from studio.gui.document import ScenarioDocument
    lib = default_library()
    b = ArmyBuilder(ScenarioDocument.open(str(BORDER), library=lib), lib, "men")
    qtbot.addWidget(b)
    group = b.placement.placed_group
    rows = [group.child(i) for i in range(group.childCount())]
    facing = {row.text(0).split("  ")[0]: row.text(2) for row in rows}
    assert facing["Archers"] == "" and facing["Spearmen"] in ("NE", "SE")
