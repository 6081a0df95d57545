"""Terrain brush: paints the chosen terrain under a brush of 1, 7 or 19 hexes; a drag is one
undo step; Shift+click draws a straight line from the last hex painted; Alt+click picks."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.edit.brush import brush_hexes, stroke_hexes
from studio.hexgrid import Hex

from ..document import EditRefused
from .brush_stroke import BrushStrokeTool


class BrushTool(BrushStrokeTool):
    name = "brush"
    title = "Terrain brush"
    shortcut = Qt.Key_1

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.last: Hex | None = None      # last hex painted, for Shift+click lines

    def apply(self, hexes) -> None:
        try:
            self.doc.paint(hexes, self.ctl.symbol, self.stroke)
        except EditRefused as err:
            self.refused(err)

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        if ev.modifiers & Qt.AltModifier:
            self.ctl.pick_terrain(ev.hex)
            return True
        self.begin_stroke(ev.hex)
        g, r = self.doc.geometry, self.ctl.brush_radius
        if ev.modifiers & Qt.ShiftModifier and self.last is not None and g.contains(self.last):
            self.apply(stroke_hexes(g, self.last, ev.hex, r))
        else:
            self.apply(brush_hexes(g, ev.hex, r))
        self.last = ev.hex
        return True

    def preview(self, hover):
        """With Shift held, the straight line a Shift+click would paint from the last hex."""
        g = self.doc.geometry
        if hover is not None and self.ctl.shift and self.stroke is None and \
                self.last is not None and g.contains(self.last):
            return stroke_hexes(g, self.last, hover, self.ctl.brush_radius)
        return super().preview(hover)

    def move(self, ev) -> bool:
        moved = super().move(ev)
        if moved:
            self.last = ev.hex
        return moved
