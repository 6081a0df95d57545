"""Setup-zone brush: paints the chosen side's setup zone (left button) or erases it (right
button). A hex belongs to one side's zone at most."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.edit.brush import brush_hexes

from ..document import EditRefused
from .brush_stroke import BrushStrokeTool


class ZoneBrushTool(BrushStrokeTool):
    name = "zone"
    title = "Setup zone brush"
    shortcut = Qt.Key_7

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.add = True

    def apply(self, hexes) -> None:
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
        self.begin_stroke(ev.hex)
        self.apply(brush_hexes(self.doc.geometry, ev.hex, self.ctl.brush_radius))
        return True
