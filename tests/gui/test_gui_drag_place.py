"""Dragging roster entries onto the map: from the Units dock and the army builder's placement
panel, a reserve entry is placed on the hex under the drop, a placed unit moves there; refused
drops say why in the status bar. Drops are simulated as Qt delivers them: drag-enter, -move
and drop events carrying the roster MIME data, sent to the map view's viewport at a hex centre.
"""
import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from studio.gui.docks.map_handler import MapHandler
from studio.gui.document import ScenarioDocument
from studio.gui.mapview import MapView
from studio.gui.tools import ToolController
from studio.gui.tools.roster_drag import ROSTER_MIME, read_roster_mime, roster_mime_data
from studio.hexgrid import parse_facing
from studio.model import (Army, HexMap, RosterUnit, Scenario, Side, TerrainSet, TerrainType)


def _pos(view, label):
    return view.hex_to_viewport(view.doc.geometry.parse_label(label))


def drag_over(view, mime, label) -> bool:
    pos = _pos(view, label).toPoint()
    enter = QDragEnterEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), enter)
    move = QDragMoveEvent(pos, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), move)
    return enter.isAccepted() and move.isAccepted()


def drop(view, mime, label) -> bool:
    # Qt hands a drop to the widget that accepted the drag's enter event, as a real drag
    # always enters before it drops.
    drag_over(view, mime, label)
    event = QDropEvent(_pos(view, label), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), event)
    return event.isAccepted()


# -- in the main window, on Marathon -------------------------------------------------------

@pytest.fixture
def window(make_window, sample_copy):
    w = make_window(sample_copy, exposed=True)
    w.doc.unplace_unit("athenians", 1)        # a hoplite back in the reserve, to drag out
    w.doc.undo_stack.clear()
    return w


def dock_mime(window, side_id, index) -> QMimeData:
    dock = window.units_dock
    return dock.tree.mimeData([dock.item_for(side_id, index)])


def test_roster_mime_names_side_and_index():
    mime = roster_mime_data("athenians", 7)
    assert mime.hasFormat(ROSTER_MIME)
    assert read_roster_mime(mime) == ("athenians", 7)
    text = QMimeData()
    text.setText("athenians 7")
    assert read_roster_mime(text) is None
    broken = QMimeData()
    broken.setData(ROSTER_MIME, b'{"side": "a"}')
    assert read_roster_mime(broken) is None


def test_units_dock_rows_carry_the_roster_entry(window):
    dock = window.units_dock
    assert dock.tree.mimeTypes() == [ROSTER_MIME]
    assert read_roster_mime(dock_mime(window, "athenians", 1)) == ("athenians", 1)
    side_row = dock.tree.topLevelItem(0)
    assert not side_row.flags() & Qt.ItemIsDragEnabled
    assert dock.tree.mimeData([side_row]) is None


def test_drop_a_reserve_entry_places_it_facing_away_from_its_edge(window):
    doc, view = window.doc, window.view
    mime = dock_mime(window, "athenians", 1)
    assert drag_over(view, mime, "0303")
    assert window.tools.roster_drop.target == doc.geometry.parse_label("0303")
    assert window.tools.roster_drop.verdict == "allowed"
    assert drop(view, mime, "0303")
    unit = doc.unit("athenians", 1)
    assert unit.hex == "0303"
    # West edge of a flat-top map: a hexside pointing east (SE or NE), the document's default.
    assert unit.facing == doc.default_facing("athenians")
    assert parse_facing("flat", unit.facing) in (0, 1)          # SE, NE
    assert doc.undo_stack.count() == 1
    assert window.tools.roster_drop.target is None              # the highlight is gone
    assert window.tools.selected_unit == ("athenians", 1)
    assert window.tools.tool.name == "unit"
    assert "Placed" in window.statusBar().currentMessage()
    assert window.units_dock.item_for("athenians", 1).text(1) == "0303"
    doc.undo_stack.undo()
    assert doc.unit("athenians", 1).hex is None


def test_drop_on_impassable_terrain_is_refused_with_the_reason(window):
    doc, view = window.doc, window.view
    mime = dock_mime(window, "athenians", 1)
    assert doc.terrain_at(doc.geometry.parse_label("1601")).name == "Water"
    assert drag_over(view, mime, "1601")
    assert window.tools.roster_drop.verdict == "refused"
    assert "impassable" in window.statusBar().currentMessage()
    assert not drop(view, mime, "1601")
    assert doc.unit("athenians", 1).hex is None
    assert doc.undo_stack.count() == 0
    message = window.statusBar().currentMessage()
    assert message.startswith("Not done: 1601 is Water: impassable for Athenian Hoplites")


def test_drop_on_an_enemy_unit_is_refused(window):
    doc, view = window.doc, window.view
    assert not drop(view, dock_mime(window, "athenians", 1), "2703")
    assert "enemy unit" in window.statusBar().currentMessage()
    assert doc.undo_stack.count() == 0


def test_drop_a_placed_units_row_moves_it(window):
    doc, view = window.doc, window.view
    before = doc.unit("athenians", 2)
    assert before.hex == "0605"
    facing = before.facing
    assert drop(view, dock_mime(window, "athenians", 2), "0403")
    moved = doc.unit("athenians", 2)
    assert moved.hex == "0403" and moved.facing == facing
    assert doc.undo_stack.count() == 1
    assert window.tools.selected_unit == ("athenians", 2)
    doc.undo_stack.undo()
    assert doc.unit("athenians", 2).hex == "0605"


def test_other_drags_and_drops_off_the_map_are_ignored(window):
    doc, view = window.doc, window.view
    text = QMimeData()
    text.setText("hello")
    assert not drag_over(view, text, "0303")
    assert not drop(view, text, "0303")
    mime = dock_mime(window, "athenians", 1)
    assert drag_over(view, mime, "0303")
    corner = QPoint(2, 2)
    assert view.hex_at(corner) is None              # the margin around the map
    QApplication.sendEvent(view.viewport(), QDragMoveEvent(
        corner, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))
    assert window.tools.roster_drop.target is None
    event = QDropEvent(corner.toPointF(), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(view.viewport(), event)
    assert not event.isAccepted()
    assert "drop the unit on a hex" in window.statusBar().currentMessage()
    assert doc.undo_stack.count() == 0


def test_drop_from_the_army_builders_placement_panel(window):
    doc, view = window.doc, window.view
    builder = window.armies.builder
    builder.set_side("athenians")
    panel = builder.placement
    assert panel.side_id == "athenians"
    item = next(i for i in panel.entry_items() if i.data(0, Qt.UserRole) == 1)
    mime = panel.tree.mimeData([item])
    assert read_roster_mime(mime) == ("athenians", 1)
    assert not panel.tree.mimeData([panel.to_place_group])
    assert drop(view, mime, "0204")
    assert doc.unit("athenians", 1).hex == "0204"
    assert doc.undo_stack.count() == 1
    assert all(i.data(0, Qt.UserRole) != 1 for i in
               (panel.to_place_group.child(k) for k in range(panel.to_place_group.childCount())))


def test_no_drops_while_picking_hexes(window):
    window.map_handler.start_picking(lambda h: None)
    assert not drop(window.view, dock_mime(window, "athenians", 1), "0303")
    assert window.doc.unit("athenians", 1).hex is None
    window.map_handler.stop_picking()


# -- a small pointy-top map without the window ---------------------------------------------

TS = TerrainSet("basic", "Basic", [
    TerrainType("open", "Open", ".", "#e3edc1"),
    TerrainType("water", "Water", "~", "#5b8fd0", mp=None),
])


@pytest.fixture
def rig(qtbot):
    sides = [
        Side("w", "West", "#2b5fa8", Army("list-w", [RosterUnit("hoplite", count=3),
                                                      RosterUnit("archer")]),
             map_edge="west"),
        Side("e", "East", "#a82b2b", Army("list-e", [RosterUnit("peltast")]), map_edge="east"),
    ]
    scenario = Scenario("t", "Drops", "rules-of-war", "basic",
                        HexMap.blank(10, 8, ".", "pointy"), sides)
    doc = ScenarioDocument(scenario, terrain_set=TS)
    view = MapView(doc)
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    tools = ToolController(doc, view)
    MapHandler(tools, view)
    return doc, view, tools


def test_pointy_map_facings_point_away_from_each_edge(rig):
    doc, view, _tools = rig
    assert drop(view, roster_mime_data("e", 0), "0904")
    assert doc.unit("e", 0).facing == "W"
    assert drop(view, roster_mime_data("w", 1), "0204")
    assert doc.unit("w", 1).facing == "E"
    assert doc.undo_stack.count() == 2


def test_a_counted_entry_gives_one_unit_and_keeps_the_armed_entry(rig):
    doc, view, tools = rig
    tools.set_unit_to_place("w", 1)           # the archer is armed for clicking
    assert drop(view, roster_mime_data("w", 0), "0203")
    units = doc.model.side("w").army.units
    assert units[0].hex == "0203" and units[1].count == 2 and units[1].hex is None
    assert tools.unit_to_place == ("w", 2, None)       # still the archer, one row on
    assert units[2].type == "archer"
    assert doc.undo_stack.count() == 1
