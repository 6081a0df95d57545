"""Edge brush: draws the chosen hexside kind (left button) or erases it (right button). A
click takes the hexside nearest the cursor; a drag keeps taking edges as it goes, along the
edges for rivers and walls, from hex centre to hex centre for roads and bridges. One drag
is one undo step."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from studio.edit.hexsides import edge_points, nearest_edge
from studio.hexgrid import Hex, line

from ..document import EditRefused
from ..mapview.hexside_lines import LINE, edge_marker
from .brush_stroke import BrushStrokeTool

ERASE_COLOUR = QColor(230, 40, 40)


class HexsideBrushTool(BrushStrokeTool):
    name = "hexside"
    title = "Hexside brush"
    shortcut = Qt.Key_H

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.add = True
        self.last: tuple[Hex, Hex] | None = None
        self.hover_edge: tuple[Hex, Hex] | None = None

    def _kind(self):
        ts = self.doc.terrain_set
        kind = ts.hexside_kind(self.ctl.hexside_kind or "") if ts is not None else None
        if kind is None:
            self.status("This terrain set has no hexside kinds: add rivers, walls, roads ... "
                        "to its hexsides list" if ts is None or not ts.hexsides
                        else "Choose a hexside kind in the Tools panel first")
        return kind

    def _edge_at(self, ev) -> tuple[Hex, Hex] | None:
        return nearest_edge(self.doc.geometry, self.view.metrics.layout, ev.scene.x(),
                            ev.scene.y())

    def _apply(self, edges) -> None:
        try:
            self.doc.paint_hexsides(self.ctl.hexside_kind, edges, self.add, self.stroke)
        except EditRefused as err:
            self.refused(err)

    def press(self, ev) -> bool:
        if ev.hex is None or ev.button not in (Qt.LeftButton, Qt.RightButton):
            return False
        if self._kind() is None:
            return True
        self.add = ev.button == Qt.LeftButton
        self.begin_stroke(ev.hex)       # `prev`: the hex a road drawn by dragging goes on from
        self.last = self._edge_at(ev)
        if self.last is not None:
            self._apply([self.last])
        return True

    def move(self, ev) -> bool:
        edge = self._edge_at(ev)
        if edge != self.hover_edge:
            self.hover_edge = edge
            self.view.viewport().update()
        if self.stroke is None or ev.hex is None:
            return False
        kind = self._kind()
        if kind is not None and kind.style == "across":
            if ev.hex != self.prev:
                path = line(self.prev, ev.hex)
                self._apply(list(zip(path, path[1:])))
                self.prev = ev.hex
            return True
        if edge is not None and edge != self.last and edge[::-1] != self.last:
            self._apply([edge])
            self.last = edge
        return True

    def cancel(self) -> None:
        super().cancel()
        self.last = None

    def deactivate(self) -> None:
        self.hover_edge = None

    def preview(self, hover):
        return []

    def paint(self, painter, view) -> None:
        ts = self.doc.terrain_set
        kind = ts.hexside_kind(self.ctl.hexside_kind or "") if ts is not None else None
        if self.hover_edge is None or kind is None:
            return
        x1, y1, x2, y2 = edge_points(view.metrics.layout, *self.hover_edge, kind.style)
        colour = QColor(kind.colour) if self.stroke is None or self.add else ERASE_COLOUR
        width = max(view.metrics.size * LINE * kind.width, 3.0 / view.zoom())
        edge_marker(painter, QPointF(x1, y1), QPointF(x2, y2), colour, width)
