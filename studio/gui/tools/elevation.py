"""Elevation brush: raise, lower, set or smooth the hexes under the brush. Within one drag
each hex changes once (dragging back and forth does not keep raising it); the right button
does the opposite of raise/lower."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.edit.brush import brush_hexes
from studio.hexgrid import Hex

from ..document import EditRefused
from .brush_stroke import BrushStrokeTool

OPPOSITE = {"raise": "lower", "lower": "raise", "set": "set", "smooth": "smooth"}


class ElevationTool(BrushStrokeTool):
    name = "elevation"
    title = "Elevation"
    shortcut = Qt.Key_3

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.mode = "raise"
        self.visited: set[Hex] = set()

    def apply(self, hexes) -> None:
        fresh = [h for h in hexes if h not in self.visited]
        self.visited.update(fresh)
        if not fresh:
            return
        try:
            self.doc.set_elevation(fresh, self.mode, self.ctl.elevation_value, self.stroke)
        except EditRefused as err:
            self.refused(err)

    def press(self, ev) -> bool:
        if ev.hex is None or ev.button not in (Qt.LeftButton, Qt.RightButton):
            return False
        mode = self.ctl.elevation_mode
        self.mode = OPPOSITE[mode] if ev.button == Qt.RightButton else mode
        self.visited = set()
        self.begin_stroke(ev.hex)
        self.apply(brush_hexes(self.doc.geometry, ev.hex, self.ctl.brush_radius))
        self.status(f"Elevation {self.mode}: {self.doc.label(ev.hex)} is now "
                    f"{self.doc.elevation_at(ev.hex)}")
        return True

    def cancel(self) -> None:
        super().cancel()
        self.visited = set()
