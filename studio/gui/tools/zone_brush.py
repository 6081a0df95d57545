"""Setup-zone brush: paints the chosen side's setup zone (left button) or erases it (right
button). A hex belongs to one side's zone at most."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.edit.brush import brush_hexes, stroke_hexes
from studio.hexgrid import Hex

from ..document import EditRefused
from .base import Tool


class ZoneBrushTool(Tool):
    name = "zone"
    title = "Setup zone brush"
    shortcut = Qt.Key_7

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.stroke = None
        self.add = True
        self.prev: Hex | None = None

    def preview(self, hover):
        return brush_hexes(self.doc.geometry, hover, self.ctl.brush_radius) if hover is not None else []

    def _apply(self, hexes) -> None:
        try:
            self.doc.paint_zone(self.ctl.side_id, hexes, self.add, self.stroke)
        except EditRefused as err:
            self.refused(err)

    def press(self, ev) -> bool:
        if ev.hex is None or ev.button not in (Qt.LeftButton, Qt.RightButton):
            return False
        if self.ctl.side_id is None:
            self.status("Choose a side first: the zone brush paints that side's setup zone")
            return True
        self.add = ev.button == Qt.LeftButton
        self.stroke = self.doc.new_stroke()
        self.prev = ev.hex
        self._apply(brush_hexes(self.doc.geometry, ev.hex, self.ctl.brush_radius))
        return True

    def move(self, ev) -> bool:
        if self.stroke is None or ev.hex is None or ev.hex == self.prev:
            return False
        self._apply(stroke_hexes(self.doc.geometry, self.prev, ev.hex, self.ctl.brush_radius))
        self.prev = ev.hex
        return True

    def release(self, ev) -> bool:
        if self.stroke is None:
            return False
        self.cancel()
        return True

    def cancel(self) -> None:
        self.stroke = None
        self.prev = None
