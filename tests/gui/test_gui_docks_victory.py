"""The victory-condition builder in the Scenario dock: pick a kind, fill it in (hexes picked on
the map), see it in plain words, add, change and remove it — each one undo step."""
import pytest
from PySide6.QtCore import Qt

from studio.model import VictoryCondition
from studio.playtest.victory_text import describe_victory


@pytest.fixture
def window(make_window, sample_copy):
    return make_window(sample_copy, exposed=True)


@pytest.fixture
def panel(window):
    window.scenario_dock.tabs.setCurrentIndex(3)
    return window.scenario_dock.victory


def choose(combo, data):
    combo.setCurrentIndex(combo.findData(data))


def click_hex(qtbot, view, h):
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.hex_to_viewport(h).toPoint())


def test_the_list_describes_the_scenarios_conditions(window, panel):
    model = window.doc.model
    assert panel.list.count() == len(model.victory)
    for i, condition in enumerate(model.victory):
        assert panel.list.item(i).text() == f"{i + 1}. {describe_victory(condition, model)}"


def test_build_a_hold_condition_with_hexes_picked_on_the_map(window, panel, qtbot):
    doc, view = window.doc, window.view
    before = len(doc.model.victory)
    choose(panel.side, "persians")
    choose(panel.kind, "hold")
    panel.pick.click()
    assert window.map_handler.picking
    targets = [doc.geometry.parse_label(label) for label in ("1906", "1716", "1211")]
    units_before = [list(s.army.units) for s in doc.model.sides]
    for h in targets:
        click_hex(qtbot, view, h)
    click_hex(qtbot, view, targets[1])            # a second click takes it out again
    assert panel.hexes.text() == "1906 1211"
    assert window.map_handler.picked == {targets[0], targets[2]}
    assert [list(s.army.units) for s in doc.model.sides] == units_before   # tools untouched
    panel.count.setValue(1)
    expected = VictoryCondition("persians", "hold", {"hexes": ["1906", "1211"], "count": 1})
    assert panel.condition() == expected
    assert "any 1 of 1906 (North bridge) and 1211 (Shrine of Herakles)" in panel.preview.text()

    panel.add_button.click()
    assert doc.model.victory[-1] == expected
    assert len(doc.model.victory) == before + 1
    assert panel.list.item(before).text().endswith(describe_victory(expected, doc.model))
    assert not window.map_handler.picking and not panel.pick.isChecked()   # Add disarms it
    window.undo_action.trigger()
    assert len(doc.model.victory) == before


def test_escape_on_the_map_stops_picking(window, panel, qtbot):
    choose(panel.kind, "hold")
    panel.pick.click()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_Escape)
    assert not window.map_handler.picking
    assert not panel.pick.isChecked()


def test_escape_anywhere_in_the_window_stops_picking(window, panel, qtbot):
    window.activateWindow()
    qtbot.waitActive(window)
    choose(panel.kind, "hold")
    panel.pick.click()
    panel.hexes.setFocus()
    qtbot.waitUntil(panel.hexes.hasFocus)
    qtbot.keyClick(panel.hexes, Qt.Key_Escape)
    assert not window.map_handler.picking and not panel.pick.isChecked()
    window.tools.set_tool("brush")
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_Escape)              # means nothing new when not picking
    assert window.tools.tool.name == "brush"


def test_hexes_off_the_map_are_refused(window, panel):
    choose(panel.kind, "hold")
    panel.hexes.setText("9999")
    before = list(window.doc.model.victory)
    messages = []
    panel.statusMessage.connect(messages.append)
    panel.add_button.click()
    assert window.doc.model.victory == before
    assert "9999" in messages[-1]


def test_edit_and_remove_the_chosen_condition(window, panel):
    doc = window.doc
    panel.list.setCurrentRow(2)                   # athenians: eliminate 50% of units
    assert panel.kind.currentData() == "eliminate"
    assert panel.share.value() == 50
    panel.share.setValue(75)
    choose(panel.measure, "points")
    choose(panel.sudden, False)
    panel.apply_button.click()
    changed = doc.model.victory[2]
    assert changed.params == {"share": 75, "measure": "points"}
    assert changed.sudden_death is False
    assert "75% of the points" in panel.list.item(2).text()
    count = len(doc.model.victory)
    panel.remove_button.click()
    assert len(doc.model.victory) == count - 1
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert doc.model.victory[2].params == {"share": 50, "measure": "units"}


def test_exit_condition_by_points_against_one_side(window, panel):
    choose(panel.side, "athenians")
    choose(panel.kind, "exit")
    choose(panel.edge, "east")
    panel.by_points.setChecked(True)
    panel.exit_points.setValue(40)
    for action in panel.against_menu.actions():
        action.setChecked(action.data() == "persians")
    c = panel.condition()
    assert c == VictoryCondition("athenians", "exit",
                                 {"against": ["persians"], "edge": "east", "points": 40})
    assert panel.against.text() == window.doc.model.side("persians").name
    assert "units worth 40 points or more" in panel.preview.text()
