"""Placing an Action Dice unit with the unit tool: a skirmisher (no front by its rules) is
placed without a facing and the status bar names none; a regiment still gets the default
facing away from its edge."""
from repo_paths import REPO_ROOT
import shutil
from pathlib import Path

import pytest

SCENARIO = REPO_ROOT / "templates" / "scenarios" / "ad-border-skirmish.yaml"


@pytest.fixture
def window(make_window, tmp_path):
    path = tmp_path / "border.yaml"
    shutil.copy(SCENARIO, path)
    w = make_window(path)
    for index in (0, 2):                       # spearmen (a regiment), archers (skirmish)
        w.doc.unplace_unit("men", index)
    w.doc.undo_stack.clear()
    return w


def _place(window, index, label):
    window.tools.set_tool("unit")
    h = window.doc.geometry.parse_label(label)
    assert window.tools.tool.place("men", h, index=index, advance=False)
    return window.doc.unit("men", index)


def test_a_skirmisher_is_placed_without_a_facing(window):
    unit = _place(window, 2, "0408")
    assert unit.type == "archers" and unit.hex == "0408"
    assert unit.facing is None
    message = window.statusBar().currentMessage()
    assert "Placed" in message and "0408" in message
    assert "facing" not in message.lower()
    assert window.units_dock.item_for("men", 2).text(2) == ""


def test_a_regiment_is_still_placed_facing_the_enemy(window):
    unit = _place(window, 0, "0406")
    assert unit.type == "spearmen"
    assert unit.facing == window.doc.default_facing("men")
    assert f"facing {unit.facing}" in window.statusBar().currentMessage()
