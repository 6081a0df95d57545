"""The docks around the map: tools and palette, units (place from the roster, select placed
units), scenario fields, sides and objectives — each edit undoable through the document."""
import pytest
from PySide6.QtCore import QPointF, Qt

from studio.gui.docks import sides_panel


@pytest.fixture
def window(make_window, sample_copy):
    w = make_window(sample_copy, exposed=True)
    w.activateWindow()
    return w


# -- tools dock ---------------------------------------------------------------------------

def test_tool_buttons_follow_number_keys(window, qtbot):
    dock = window.tools_dock
    assert [a.shortcut().toString() for a in dock.tool_actions.values()] == \
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "H"]
    window.view.setFocus()
    qtbot.waitActive(window)
    qtbot.keyClick(window.view, Qt.Key_2)
    assert window.tools.tool.name == "fill"
    assert dock.tool_actions["fill"].isChecked()
    dock.tool_actions["unit"].trigger()
    assert window.tools.tool.name == "unit"


def test_brush_size_buttons_and_bracket_actions(window):
    window.larger_brush_action.trigger()
    assert window.tools.brush_radius == 1
    assert window.tools_dock.brush_group.checkedId() == 1
    window.tools_dock.brush_group.button(2).click()
    assert window.tools.brush_radius == 2
    window.smaller_brush_action.trigger()
    assert window.tools.brush_radius == 1
    assert [s.toString() for s in window.smaller_brush_action.shortcuts()] == ["["]


def test_palette_chooses_the_brush_terrain(window):
    palette = window.tools_dock.palette
    forest = next(i for i in range(palette.count()) if palette.item(i).data(Qt.UserRole) == "f")
    palette.setCurrentRow(forest)
    assert window.tools.symbol == "f"
    assert window.tools.tool.name == "brush"
    assert "Forest" in window.tools_dock.terrain_info.text()


def test_elevation_mode_arms_the_elevation_tool(window):
    dock = window.tools_dock
    dock.elevation_mode.setCurrentIndex(dock.elevation_mode.findData("set"))
    dock.elevation_mode.activated.emit(dock.elevation_mode.currentIndex())
    dock.elevation_value.setValue(4)
    assert (window.tools.elevation_mode, window.tools.elevation_value) == ("set", 4)
    assert window.tools.tool.name == "elevation"


# -- units dock ---------------------------------------------------------------------------

def test_add_a_unit_then_place_it_by_clicking_the_map(window, qtbot):
    doc, dock, view = window.doc, window.units_dock, window.view
    dock.select_entry("athenians", 0)
    dock.unit_type.setCurrentIndex(dock.unit_type.findData("athenian-hoplites"))
    count = len(doc.model.side("athenians").army.units)
    dock.add_button.click()
    units = doc.model.side("athenians").army.units
    assert len(units) == count + 1 and units[-1].hex is None
    assert window.tools.tool.name == "unit"
    assert window.tools.unit_to_place == ("athenians", count, None)
    item = dock.item_for("athenians", count)
    assert item.text(1) == "reserve"
    free = next(h for h in sorted(doc.zone_hexes("athenians")) if not doc.units_at(h)
                and doc.check_placement("athenians", "athenian-hoplites", h).allowed)
    view.fit_map()
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=view.hex_to_viewport(free).toPoint())
    placed = doc.model.side("athenians").army.units[count]
    assert placed.hex == doc.label(free)
    assert dock.item_for("athenians", count).text(1) == doc.label(free)
    window.undo_action.trigger()
    assert doc.model.side("athenians").army.units[count].hex is None


def test_choosing_a_placed_unit_selects_and_centres_it(window):
    doc, view = window.doc, window.view
    view.set_zoom(2.5)
    view.center_on_hex(doc.geometry.parse_label("0101"))
    side = doc.model.side("persians")
    index = next(i for i, u in enumerate(side.army.units) if u.hex is not None)
    window.units_dock.select_entry("persians", index, act=True)
    assert window.tools.selected_unit == ("persians", index)
    h = doc.geometry.parse_label(side.army.units[index].hex)
    centre = view.viewport_to_scene(QPointF(view.viewport().rect().center()))
    assert abs(centre.x() - view.hex_to_scene(h).x()) < 60
    assert abs(centre.y() - view.hex_to_scene(h).y()) < 60


def test_roster_buttons_reserve_leader_remove(window):
    doc, dock = window.doc, window.units_dock
    dock.select_entry("athenians", 1, act=True)
    dock.reserve_button.click()
    assert doc.unit("athenians", 1).hex is None
    dock.select_entry("athenians", 1)
    dock.leader_button.click()
    assert doc.unit("athenians", 1).leader
    count = len(doc.model.side("athenians").army.units)
    dock.remove_button.click()
    assert len(doc.model.side("athenians").army.units) == count - 1
    for _ in range(3):
        window.undo_action.trigger()
    assert doc.unit("athenians", 1).hex is not None and not doc.unit("athenians", 1).leader


# -- scenario fields -----------------------------------------------------------------------

def test_typing_a_name_is_one_undo_step(window, qtbot):
    fields = window.scenario_dock.fields
    fields.name.clear()
    fields.name.setFocus()
    qtbot.keyClicks(fields.name, "Plain")
    assert window.doc.model.name == "Plain"
    assert window.windowTitle().startswith("marathon.yaml")
    window.undo_action.trigger()
    assert window.doc.model.name == "Marathon, 490 BC"
    assert fields.name.text() == "Marathon, 490 BC"


def test_round_limit_and_special_rules(window):
    fields = window.scenario_dock.fields
    fields.round_limit.setValue(8)
    fields.special_rules.setPlainText("No one crosses the marsh.")
    assert window.doc.model.round_limit == 8
    assert window.doc.model.special_rules == "No one crosses the marsh."
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.doc.model.round_limit == 12
    assert fields.round_limit.value() == 12


# -- sides ---------------------------------------------------------------------------------

def test_add_and_remove_sides_undoably(window):
    doc, panel = window.doc, window.scenario_dock.sides
    panel.add_button.click()
    assert [s.id for s in doc.model.sides] == ["athenians", "persians", "side-3"]
    assert panel.current_side_id() == "side-3"
    assert doc.model.sides[2].army.army_list == doc.model.sides[0].army.army_list
    assert window.units_dock.tree.topLevelItemCount() == 3
    panel.select_side("persians")
    victory_before = list(doc.model.victory)
    panel.remove_button.click()
    assert [s.id for s in doc.model.sides] == ["athenians", "side-3"]
    assert all(c.side != "persians" for c in doc.model.victory)
    window.undo_action.trigger()
    assert [s.id for s in doc.model.sides] == ["athenians", "persians", "side-3"]
    assert doc.model.victory == victory_before
    window.undo_action.trigger()
    assert [s.id for s in doc.model.sides] == ["athenians", "persians"]


def test_side_fields_colour_edge_army_list(window, monkeypatch):
    doc, panel = window.doc, window.scenario_dock.sides
    panel.select_side("persians")
    monkeypatch.setattr(sides_panel, "choose_colour", lambda parent, current: "#112233")
    panel.colour.click()
    assert doc.model.side("persians").colour == "#112233"
    panel.edge.setCurrentIndex(panel.edge.findData("north"))
    panel.edge.activated.emit(panel.edge.currentIndex())
    assert doc.model.side("persians").map_edge == "north"
    index = panel.army_list.findData("ancient-greek")
    panel.army_list.setCurrentIndex(index)
    panel.army_list.activated.emit(index)
    assert doc.model.side("persians").army.army_list == "ancient-greek"
    panel.points_limit.setValue(0)
    assert doc.model.side("persians").army.points_limit is None
    assert panel.points_limit.text() == "no limit"


def test_renaming_a_side_renames_its_victory_conditions(window):
    doc, panel = window.doc, window.scenario_dock.sides
    panel.select_side("persians")
    panel.id.setText("medes")
    panel.id.editingFinished.emit()
    assert doc.model.side("medes") is not None
    assert {c.side for c in doc.model.victory} == {"athenians", "medes"}
    window.undo_action.trigger()                  # one step: the macro
    assert doc.model.side("persians") is not None
    assert {c.side for c in doc.model.victory} == {"athenians", "persians"}


# -- objectives ----------------------------------------------------------------------------

def test_objective_names_and_points(window):
    doc, panel = window.doc, window.scenario_dock.objectives
    assert panel.table.rowCount() == len(doc.model.objectives)
    panel.table.item(0, 1).setText("Old bridge")
    assert doc.model.objectives[0].name == "Old bridge"
    panel.table.cellWidget(0, 2).setValue(5)
    assert doc.model.objectives[0].points == 5
    panel.table.setCurrentCell(1, 1)
    assert window.tools.selected_objective == 1
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert doc.model.objectives[0].name == "North bridge"
    assert panel.table.item(0, 1).text() == "North bridge"


def test_sides_tab_greys_the_army_lists_the_builder_greys(window):
    """Issue 15 item 6: the Sides tab offers a side only the lists it may use."""
    panel, builder = window.scenario_dock.sides, window.army_builder_dock
    panel.select_side("persians")
    builder.set_side("persians")
    # The lists they cannot use are behind the last row of each combo.
    panel._army_list_chosen(panel.army_list.count() - 1)
    builder._list_activated(builder.list_model.rowCount() - 1)
    model = panel.army_list.model()
    rows = {model.item(r).data(Qt.UserRole): model.item(r) for r in range(model.rowCount())}
    assert set(rows) >= {"space-fleet", "ancient-greek"}
    for list_id, item in rows.items():
        if list_id is None:                                  # the show/hide row
            continue
        assert item.isEnabled() == builder.list_item(list_id).isEnabled(), list_id
    assert not rows["space-fleet"].isEnabled()
    assert "not usable" in rows["space-fleet"].text()
    assert rows["ancient-greek"].isEnabled()
