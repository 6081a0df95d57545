"""Selecting hexes (rectangle or lasso), copying them, and pasting the copy turned by 60°
steps. Shift adds to the selection, Ctrl removes from it. Copies hold terrain and elevation
(units, zones and objectives stay where they are)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen, QPolygonF

from studio.edit.region import Clip
from studio.hexgrid import Hex

from ..document import EditRefused
from ..wording import hex_count
from .base import Tool, outline_hexes

SELECTION_FILL = QColor(80, 160, 255, 70)
SELECTION_EDGE = QColor(80, 160, 255, 230)


class _SelectBase(Tool):
    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.base: set[Hex] = set()
        self.mode = "replace"          # replace | add | remove
        self.active = False

    def _start(self, ev) -> None:
        if ev.modifiers & Qt.ShiftModifier:
            self.mode = "add"
        elif ev.modifiers & Qt.ControlModifier:
            self.mode = "remove"
        else:
            self.mode = "replace"
        self.base = set(self.ctl.selection) if self.mode != "replace" else set()
        self.active = True

    def _update(self, picked: set[Hex]) -> None:
        if self.mode == "remove":
            self.ctl.set_selection(self.base - picked)
        else:
            self.ctl.set_selection(self.base | picked)

    def cancel(self) -> None:
        self.active = False

    def preview(self, hover):
        return [] if self.active else super().preview(hover)


class RectSelectTool(_SelectBase):
    name = "select"
    title = "Rectangle selection"
    shortcut = Qt.Key_5

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.anchor: Hex | None = None

    def _rect(self, a: Hex, b: Hex) -> set[Hex]:
        g = self.doc.geometry
        (c1, r1), (c2, r2) = g.to_offset(a), g.to_offset(b)
        return {g.to_hex(c, r) for c in range(min(c1, c2), max(c1, c2) + 1)
                for r in range(min(r1, r2), max(r1, r2) + 1)}

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        self._start(ev)
        self.anchor = ev.hex
        self._update({ev.hex})
        return True

    def move(self, ev) -> bool:
        if not self.active or ev.hex is None:
            return False
        self._update(self._rect(self.anchor, ev.hex))
        return True

    def release(self, ev) -> bool:
        if not self.active:
            return False
        self.active = False
        self.status(f"{hex_count(len(self.ctl.selection))} selected (Ctrl+C copies)")
        return True


class LassoTool(_SelectBase):
    name = "lasso"
    title = "Lasso selection"
    shortcut = Qt.Key_6

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.points: list[QPointF] = []

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton:
            return False
        self._start(ev)
        self.points = [QPointF(ev.scene)]
        return True

    def move(self, ev) -> bool:
        if not self.active:
            return False
        self.points.append(QPointF(ev.scene))
        self.view.viewport().update()
        return True

    def release(self, ev) -> bool:
        if not self.active:
            return False
        self.active = False
        self.points.append(QPointF(ev.scene))
        self._update(self.enclosed(self.points))
        self.points = []
        self.view.viewport().update()
        self.status(f"{hex_count(len(self.ctl.selection))} selected (Ctrl+C copies)")
        return True

    def enclosed(self, points: list[QPointF]) -> set[Hex]:
        """Hexes whose centres lie inside the lasso."""
        if len(points) < 3:
            return set()
        poly = QPolygonF(points)
        box = poly.boundingRect()
        m = self.view.metrics
        g = self.doc.geometry
        out = set()
        for c, r, cx, cy in m.cells_in_rect(box.left(), box.top(), box.right(), box.bottom()):
            if poly.containsPoint(QPointF(cx, cy), Qt.OddEvenFill):
                out.add(g.to_hex(c, r))
        return out

    def paint(self, painter, view) -> None:
        if len(self.points) > 1:
            painter.setPen(QPen(SELECTION_EDGE, 2.0 / view.zoom(), Qt.DashLine))
            painter.setBrush(Qt.NoBrush)
            painter.drawPolyline(QPolygonF(self.points))


class PasteTool(Tool):
    """Not on a number key: Ctrl+V enters it, Esc or the right button leaves it. Each click
    drops a copy; R / Shift+R or the wheel turn it by 60°."""
    name = "paste"
    title = "Paste"

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.rotation = 0

    @property
    def clip(self) -> Clip | None:
        return self.ctl.clipboard

    def preview(self, hover):
        if hover is None or self.clip is None:
            return []
        return [hover + off for off in self.clip.offsets(self.rotation)]

    def turn(self, steps: int) -> None:
        self.rotation = (self.rotation + steps) % 6
        self.status(f"Paste turned {self.rotation * 60}° (click to drop, Esc to stop)")
        self.view.viewport().update()

    def press(self, ev) -> bool:
        if ev.button == Qt.RightButton:
            self.ctl.return_to_previous_tool()
            return True
        if ev.button != Qt.LeftButton or ev.hex is None or self.clip is None:
            return False
        try:
            self.doc.paste(self.clip, ev.hex, self.rotation)
        except EditRefused as err:
            self.refused(err)
            return True
        self.status(f"Pasted {hex_count(len(self.clip))} at {self.doc.label(ev.hex)}")
        return True

    def wheel(self, ev) -> bool:
        self.turn(-1 if ev.steps > 0 else 1)
        return True

    def key(self, event) -> bool:
        if event.key() == Qt.Key_R:
            self.turn(-1 if event.modifiers() & Qt.ShiftModifier else 1)
            return True
        if event.key() == Qt.Key_Escape:
            self.ctl.return_to_previous_tool()
            return True
        return False


def paint_selection(painter, view, selection: set[Hex]) -> None:
    if selection:
        outline_hexes(painter, view, selection, SELECTION_EDGE, SELECTION_FILL)
