"""The editing tools driven the way a designer drives them: mouse events on the map view's
viewport at hex centres, keys on the view; assertions on the model and the undo stack."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from studio.gui.document import ScenarioDocument
from studio.gui.mapview import MapView
from studio.gui.tools import ToolController
from studio.model import (Army, HexMap, RosterUnit, Scenario, Side, TerrainSet, TerrainType)

TS = TerrainSet("basic", "Basic", [
    TerrainType("open", "Open", ".", "#e3edc1"),
    TerrainType("forest", "Forest", "f", "#5e9a4a", pattern="trees", blocks_los=True),
    TerrainType("water", "Water", "~", "#5b8fd0", mp=None, pattern="waves"),
])


class Rig:
    def __init__(self, qtbot, orientation="flat"):
        sides = [
            Side("a", "Alpha", "#2b5fa8", Army("list-a", [RosterUnit("hoplite", count=2)]),
                 map_edge="west", setup_zone=["0101-0310"]),
            Side("b", "Bravo", "#a82b2b", Army("list-b", [RosterUnit("peltast", hex="1205", facing="NW")]),
                 map_edge="east"),
        ]
        self.scenario = Scenario("t", "Tools", "rules-of-war", "basic",
                                 HexMap.blank(14, 10, ".", orientation), sides)
        self.doc = ScenarioDocument(self.scenario, terrain_set=TS)
        self.view = MapView(self.doc)
        qtbot.addWidget(self.view)
        self.view.resize(900, 700)
        self.view.show()
        qtbot.waitExposed(self.view)
        self.tools = ToolController(self.doc, self.view)
        self.qtbot = qtbot
        self.vp = self.view.viewport()
        self.messages = []
        self.tools.statusMessage.connect(self.messages.append)

    def hex(self, label):
        return self.doc.geometry.parse_label(label)

    def pos(self, label) -> QPoint:
        return self.view.hex_to_viewport(self.hex(label)).toPoint()

    def press(self, label, button=Qt.LeftButton, mods=Qt.NoModifier):
        self.qtbot.mousePress(self.vp, button, mods, self.pos(label))

    def move(self, label):
        self.qtbot.mouseMove(self.vp, self.pos(label))

    def release(self, label, button=Qt.LeftButton, mods=Qt.NoModifier):
        self.qtbot.mouseRelease(self.vp, button, mods, self.pos(label))

    def click(self, label, button=Qt.LeftButton, mods=Qt.NoModifier):
        self.press(label, button, mods)
        self.release(label, button, mods)

    def drag(self, labels, button=Qt.LeftButton):
        self.press(labels[0], button)
        for label in labels[1:]:
            self.move(label)
        self.release(labels[-1], button)

    def key(self, key, mods=Qt.NoModifier):
        self.qtbot.keyClick(self.view, key, mods)

    def wheel(self, label, notches=1):
        pos = self.pos(label)
        ev = QWheelEvent(pos, self.vp.mapToGlobal(pos), QPoint(0, 0), QPoint(0, 120 * notches),
                         Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
        QApplication.sendEvent(self.vp, ev)

    def symbols(self, *labels):
        return "".join(self.doc.symbol_at(self.hex(x)) for x in labels)


@pytest.fixture
def rig(qtbot):
    return Rig(qtbot)


def test_a_brush_stroke_by_mouse_is_one_undo_step(rig):
    rig.tools.set_symbol("f")
    rig.drag(["0505", "0605", "0705", "0706"])
    assert rig.symbols("0505", "0605", "0705", "0706") == "ffff"
    assert rig.doc.undo_stack.count() == 1
    rig.doc.undo_stack.undo()
    assert rig.symbols("0505", "0605", "0705", "0706") == "...."


def test_a_fast_drag_leaves_no_gaps(rig):
    rig.tools.set_symbol("f")
    rig.drag(["0102", "0902"])      # one mouse move across seven hexes
    row = [rig.doc.symbol_at(h) for h in rig.doc.geometry.hexes() if rig.doc.symbol_at(h) == "f"]
    assert len(row) == 9


def test_shift_click_draws_a_line_from_the_last_hex(rig):
    rig.tools.set_symbol("~")
    rig.click("0203")
    rig.click("0803", mods=Qt.ShiftModifier)
    painted = {rig.doc.label(h) for h in rig.doc.geometry.hexes() if rig.doc.symbol_at(h) == "~"}
    assert {"0203", "0803"} <= painted and len(painted) == 7


def test_brackets_change_the_brush_size(rig):
    rig.tools.set_symbol("f")
    rig.key(Qt.Key_BracketRight)
    assert rig.tools.brush_radius == 1
    rig.click("0707")
    assert sum(rig.doc.symbol_at(h) == "f" for h in rig.doc.geometry.hexes()) == 7
    rig.key(Qt.Key_BracketRight)
    rig.key(Qt.Key_BracketRight)
    assert rig.tools.brush_radius == 2
    rig.click("0707")
    assert sum(rig.doc.symbol_at(h) == "f" for h in rig.doc.geometry.hexes()) == 19
    rig.key(Qt.Key_BracketLeft)
    assert rig.tools.brush_radius == 1


def test_number_keys_choose_tools(rig):
    expected = {Qt.Key_1: "brush", Qt.Key_2: "fill", Qt.Key_3: "elevation", Qt.Key_4: "eyedropper",
                Qt.Key_5: "select", Qt.Key_6: "lasso", Qt.Key_7: "zone", Qt.Key_8: "objective",
                Qt.Key_9: "unit", Qt.Key_0: "sight", Qt.Key_H: "hexside"}
    for key, name in expected.items():
        rig.key(key)
        assert rig.tools.tool.name == name
    assert sorted(rig.tools.tool_names()) == sorted(expected.values())


def test_fill_by_click(rig):
    rig.tools.set_symbol("~")
    rig.drag(["0401", "0410"])          # a wall of water down column 4
    rig.key(Qt.Key_2)
    rig.tools.set_symbol("f")
    rig.click("0105")
    assert rig.symbols("0101", "0310", "0305") == "fff"
    assert rig.symbols("0505", "0404") == ".~"
    assert "Filled 30 hexes" in rig.messages[-1]


def test_elevation_drag_raises_each_hex_once_and_right_button_lowers(rig):
    rig.key(Qt.Key_3)
    rig.drag(["0505", "0605", "0505", "0605"])
    assert rig.doc.elevation_at(rig.hex("0505")) == 1
    assert rig.doc.elevation_at(rig.hex("0605")) == 1
    assert rig.doc.undo_stack.count() == 1
    rig.click("0505", Qt.RightButton)
    assert rig.doc.elevation_at(rig.hex("0505")) == 0
    rig.tools.set_elevation_mode("set", 7)
    rig.click("0909")
    assert rig.doc.elevation_at(rig.hex("0909")) == 7


def test_eyedropper_picks_terrain_and_hands_back(rig):
    rig.tools.set_symbol("~")
    rig.click("0606")
    rig.tools.set_symbol(".")
    rig.key(Qt.Key_4)
    rig.click("0606")
    assert rig.tools.symbol == "~" and rig.tools.tool.name == "brush"
    rig.tools.set_symbol(".")
    rig.click("0606", mods=Qt.AltModifier)
    assert rig.tools.symbol == "~"


def test_place_turn_move_and_remove_a_unit(rig):
    doc, units = rig.doc, rig.scenario.side("a").army.units
    rig.key(Qt.Key_9)
    rig.tools.set_unit_to_place("a", 0)
    rig.click("0203")
    assert units[0].hex == "0203" and units[0].facing == "SE"
    assert rig.tools.selected_unit == ("a", 0)
    assert rig.tools.unit_to_place == ("a", 1, None)
    rig.key(Qt.Key_Q)                     # anticlockwise
    assert units[0].facing == "NE"
    rig.wheel("0203", 1)                  # clockwise, back
    assert units[0].facing == "SE"
    rig.key(Qt.Key_E)
    assert units[0].facing == "S"
    rig.drag(["0203", "0304", "0305"])
    assert units[0].hex == "0305"
    rig.key(Qt.Key_Delete)
    assert units[0].hex is None
    steps = doc.undo_stack.count()
    doc.undo_stack.undo()
    assert units[0].hex == "0305"
    assert steps == 4                     # place, turns (merged), move, unplace


def test_refused_and_flagged_placements_say_why(rig):
    rig.tools.set_symbol("~")
    rig.click("0202")
    rig.key(Qt.Key_9)
    rig.tools.set_unit_to_place("a", 0)
    rig.click("0202")
    assert rig.scenario.side("a").army.units[0].hex is None
    assert "0202 is Water: impassable" in rig.messages[-1]
    rig.click("0805")
    assert rig.scenario.side("a").army.units[0].hex == "0805"
    assert "outside the setup zone" in rig.messages[-1]
    rig.tools.set_unit_to_place("a", 1)
    rig.click("1205")                     # the enemy peltast: selects it, places nothing
    assert rig.tools.selected_unit == ("b", 0)
    rig.drag(["1205", "0805"])
    assert rig.scenario.side("b").army.units[0].hex == "1205"
    assert "enemy unit" in rig.messages[-1]


def test_rectangle_copy_and_rotated_paste(rig):
    doc = rig.doc
    rig.tools.set_symbol("f")
    rig.click("0303")
    rig.tools.set_symbol("~")
    rig.click("0403")
    rig.key(Qt.Key_5)
    rig.drag(["0303", "0403"])
    assert {doc.label(h) for h in rig.tools.selection} == {"0303", "0403"}
    rig.key(Qt.Key_C, Qt.ControlModifier)
    rig.key(Qt.Key_V, Qt.ControlModifier)
    assert rig.tools.tool.name == "paste"
    rig.key(Qt.Key_R)
    rig.key(Qt.Key_R)
    rig.key(Qt.Key_R)                     # 180 degrees
    anchor = rig.hex("0808")
    clip = rig.tools.clipboard
    rig.click("0808")
    for off, (sym, _) in clip.rotated(3).cells.items():
        assert doc.symbol_at(anchor + off) == sym
    assert {doc.symbol_at(anchor - off) for off in clip.cells} == {"f", "~"}
    rig.key(Qt.Key_Escape)
    assert rig.tools.tool.name == "select"


def test_lasso_selects_the_hexes_it_encloses(rig):
    rig.key(Qt.Key_6)
    rig.drag(["0404", "0804", "0808", "0408", "0404"])
    labels = {rig.doc.label(h) for h in rig.tools.selection}
    assert {"0505", "0606", "0707"} <= labels
    assert "0101" not in labels and "1010" not in labels


def test_zone_brush_paints_and_erases(rig):
    rig.key(Qt.Key_7)
    rig.tools.set_side("b")
    rig.drag(["1201", "1203"])
    assert {rig.hex(x) for x in ("1201", "1202", "1203")} <= rig.doc.zone_hexes("b")
    assert rig.doc.undo_stack.count() == 1
    rig.click("1202", Qt.RightButton)
    assert rig.hex("1202") not in rig.doc.zone_hexes("b")


def test_objective_tool_adds_moves_and_removes(rig):
    rig.key(Qt.Key_8)
    rig.click("0707")
    assert [o.hex for o in rig.scenario.objectives] == ["0707"]
    rig.drag(["0707", "0808"])
    assert [o.hex for o in rig.scenario.objectives] == ["0808"]
    rig.click("0808", Qt.RightButton)
    assert rig.scenario.objectives == []


def test_line_of_sight_probe(rig):
    rig.tools.set_symbol("f")
    rig.click("0505")
    rig.key(Qt.Key_0)
    lines = []
    rig.tools.sightLine.connect(lines.append)
    rig.click("0305")
    rig.click("0705")
    assert lines[-1].distance == 4
    assert not lines[-1].clear
    assert "blocked by 0505 (Forest)" in rig.messages[-1]
    rig.click("0301")
    rig.click("0302")
    assert lines[-1].clear and "distance 1" in rig.messages[-1]


def test_tools_work_on_pointy_maps(qtbot):
    rig = Rig(qtbot, "pointy")
    rig.tools.set_symbol("f")
    rig.drag(["0505", "0605", "0706"])
    assert rig.symbols("0505", "0605", "0706") == "fff"
    rig.key(Qt.Key_9)
    rig.tools.set_unit_to_place("a", 0)
    rig.click("0202")
    assert rig.scenario.side("a").army.units[0].facing == "E"
