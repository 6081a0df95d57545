"""The edge brush driven by the mouse: a drag along edges draws a river in one undo step,
the right button erases, a drag from hex to hex lays a road; the lines show on the map view
and the overview, and the line-of-sight probe names the wall that blocks it."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from studio.gui.docks.tools_dock import ToolsDock
from studio.gui.document import ScenarioDocument
from studio.gui.mapview import MapView
from studio.gui.mapview.overview import MapOverview
from studio.gui.tools import ToolController
from studio.model import (Army, HexMap, HexsideKind, RosterUnit, Scenario, Side, TerrainSet,
                          TerrainType)

RIVER = "#1040f0"
TS = TerrainSet("basic", "Basic", [TerrainType("open", "Open", ".", "#e3edc1")], hexsides=[
    HexsideKind("river", "River", RIVER, width=3),
    HexsideKind("road", "Road", "#b5884e", style="across", width=2),
    HexsideKind("wall", "Wall", "#5a5a5a", width=2.5),
])


class Rig:
    def __init__(self, qtbot):
        sides = [Side("a", "Alpha", "#2b5fa8", Army("list-a", [RosterUnit("hoplite")])),
                 Side("b", "Bravo", "#a82b2b", Army("list-b", [RosterUnit("peltast")]))]
        self.scenario = Scenario("t", "Edges", "rules-of-war", "basic",
                                 HexMap.blank(12, 10, "."), sides)
        self.doc = ScenarioDocument(self.scenario, terrain_set=TS)
        self.view = MapView(self.doc)
        qtbot.addWidget(self.view)
        self.view.resize(900, 700)
        self.view.show()
        qtbot.waitExposed(self.view)
        self.tools = ToolController(self.doc, self.view)
        self.dock = ToolsDock(self.tools)
        qtbot.addWidget(self.dock)
        self.qtbot = qtbot
        self.vp = self.view.viewport()
        self.messages = []
        self.tools.statusMessage.connect(self.messages.append)

    def hex(self, label):
        return self.doc.geometry.parse_label(label)

    def centre(self, label) -> QPoint:
        return self.view.hex_to_viewport(self.hex(label)).toPoint()

    def edge(self, a, b) -> QPoint:
        pa, pb = self.view.hex_to_viewport(self.hex(a)), self.view.hex_to_viewport(self.hex(b))
        return ((pa + pb) / 2).toPoint()

    def stroke(self, points, button=Qt.LeftButton):
        self.qtbot.mousePress(self.vp, button, Qt.NoModifier, points[0])
        for p in points[1:]:
            self.qtbot.mouseMove(self.vp, p)
        self.qtbot.mouseRelease(self.vp, button, Qt.NoModifier, points[-1])


@pytest.fixture
def rig(qtbot):
    return Rig(qtbot)


RIVER_EDGES = [("0503", "0603"), ("0504", "0603"), ("0504", "0604"), ("0505", "0604")]


def test_a_drag_along_edges_is_one_undo_step_and_the_right_button_erases(rig):
    rig.qtbot.keyClick(rig.view, Qt.Key_H)
    assert rig.tools.tool.name == "hexside" and rig.tools.hexside_kind == "river"
    rig.stroke([rig.edge(a, b) for a, b in RIVER_EDGES])
    assert rig.scenario.map.hexsides == {"river": sorted(f"{a}/{b}" for a, b in RIVER_EDGES)}
    assert rig.doc.undo_stack.count() == 1
    rig.stroke([rig.edge("0504", "0603")], Qt.RightButton)
    assert "0504/0603" not in rig.scenario.map.hexsides["river"]
    assert len(rig.scenario.map.hexsides["river"]) == 3
    rig.doc.undo_stack.undo()
    rig.doc.undo_stack.undo()
    assert rig.scenario.map.hexsides == {}


def test_a_road_follows_the_hexes_dragged_over(rig):
    rig.tools.set_tool("hexside")
    rig.dock.hexside_kind.setCurrentIndex(rig.dock.hexside_kind.findData("road"))
    rig.dock.hexside_kind.activated.emit(rig.dock.hexside_kind.currentIndex())
    assert rig.tools.hexside_kind == "road"
    rig.stroke([rig.centre("0202"), rig.centre("0302"), rig.centre("0402")])
    edges = set(rig.scenario.map.hexsides["road"])
    assert {"0202/0302", "0302/0402"} <= edges and rig.doc.undo_stack.count() == 1


def test_the_lines_show_on_the_map_and_the_overview(rig):
    rig.doc.paint_hexsides("river", [(rig.hex(a), rig.hex(b)) for a, b in RIVER_EDGES])
    rig.view.viewport().repaint()
    shot = rig.view.viewport().grab().toImage()
    mid = rig.edge("0504", "0604")
    assert _near(QColor(shot.pixel(mid)), QColor(RIVER))
    overview = MapOverview(rig.view)
    rig.qtbot.addWidget(overview)
    overview.resize(400, 300)
    overview.rebuild()
    scene = (rig.view.hex_to_scene(rig.hex("0504")) + rig.view.hex_to_scene(rig.hex("0604"))) / 2
    p = overview.from_scene(scene.x(), scene.y())
    small = overview._image
    found = [QColor(small.pixel(int(p.x()) + dx, int(p.y()) + dy))
             for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(_near(c, QColor(RIVER), 60) for c in found)


def test_the_sight_probe_names_the_wall_that_blocks_it(rig):
    rig.doc.paint_hexsides("wall", [(rig.hex("0504"), rig.hex("0503"))])
    lines = []
    rig.tools.sightLine.connect(lines.append)
    rig.qtbot.keyClick(rig.view, Qt.Key_0)
    for label in ("0505", "0502"):
        rig.qtbot.mouseClick(rig.vp, Qt.LeftButton, Qt.NoModifier, rig.centre(label))
    assert not lines[-1].clear
    assert "wall between 0503 and 0504" in rig.messages[-1] or \
        "wall between 0504 and 0503" in rig.messages[-1]


def _near(c: QColor, want: QColor, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in
               ((c.red(), want.red()), (c.green(), want.green()), (c.blue(), want.blue())))
