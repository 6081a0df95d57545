"""The Problems panel (and `studio validate`) warn about a scenario no game can be won in:
no victory conditions, or conditions no side can meet (issue 15 item 7)."""
from repo_paths import REPO_ROOT
import subprocess
import sys
from pathlib import Path

from studio.model import VictoryCondition

from test_gui_window_problems import impassable_hex, wait_for, window  # noqa: F401

ROOT = REPO_ROOT


def _listed(window, code):
    tree = window.problems_dock.tree
    return [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
            if tree.topLevelItem(i).text(1) == code]


def test_no_victory_conditions_is_a_warning_in_the_panel_and_the_cli(window, qtbot,  # noqa: F811
                                                                     sample_copy):
    doc = window.doc
    with doc.macro("remove every condition"):
        for i in reversed(range(len(doc.model.victory))):
            doc.remove_victory(i)
    problem = wait_for(qtbot, window, "no-victory-conditions")
    assert problem.diagnostic.severity == "warning"
    rows = _listed(window, "no-victory-conditions")
    assert len(rows) == 1 and rows[0].text(0).lower() == "warning"
    assert "draw" in rows[0].text(2)
    window.save()
    cli = subprocess.run([sys.executable, "-m", "studio", "validate", str(sample_copy)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert "warning[no-victory-conditions]" in cli.stdout + cli.stderr


def test_a_condition_no_side_can_meet_is_named(window, qtbot):  # noqa: F811
    doc = window.doc
    side = doc.model.sides[0]
    fielded = sum(u.count for u in side.army.units)
    doc.add_victory(VictoryCondition(side.id, "exit", {"edge": "east", "units": fielded + 5}))
    problem = wait_for(qtbot, window, "victory-unreachable")
    assert problem.diagnostic.severity == "warning"
    assert f"{fielded + 5} units" in problem.diagnostic.message
    assert str(fielded) in problem.diagnostic.message

    walled = doc.label(impassable_hex(doc))
    doc.add_victory(VictoryCondition(side.id, "hold", {"hexes": [walled]}))
    qtbot.waitUntil(lambda: len(_listed(window, "victory-unreachable")) == 2, timeout=5000)
    assert any("impassable" in row.text(2) for row in _listed(window, "victory-unreachable"))
