"""Terrain brush: paints the chosen terrain under a brush of 1, 7 or 19 hexes; a drag is one
undo step; Shift+click draws a straight line from the last hex painted; Alt+click picks."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.edit.brush import brush_hexes, stroke_hexes
from studio.hexgrid import Hex

from ..document import EditRefused
from .base import Tool


class BrushTool(Tool):
    name = "brush"
    title = "Terrain brush"
    shortcut = Qt.Key_1

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.stroke = None
        self.prev: Hex | None = None      # last hex of the current drag
        self.last: Hex | None = None      # last hex painted, for Shift+click lines

    def preview(self, hover):
        if hover is None:
            return []
        return brush_hexes(self.doc.geometry, hover, self.ctl.brush_radius)

    def _paint(self, hexes) -> None:
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
        self.stroke = self.doc.new_stroke()
        g, r = self.doc.geometry, self.ctl.brush_radius
        if ev.modifiers & Qt.ShiftModifier and self.last is not None and g.contains(self.last):
            self._paint(stroke_hexes(g, self.last, ev.hex, r))
        else:
            self._paint(brush_hexes(g, ev.hex, r))
        self.prev = self.last = ev.hex
        return True

    def move(self, ev) -> bool:
        if self.stroke is None or ev.hex is None or ev.hex == self.prev:
            return False
        start = self.prev if self.prev is not None else ev.hex
        self._paint(stroke_hexes(self.doc.geometry, start, ev.hex, self.ctl.brush_radius))
        self.prev = self.last = ev.hex
        return True

    def release(self, ev) -> bool:
        if self.stroke is None:
            return False
        self.stroke = None
        self.prev = None
        return True

    def cancel(self) -> None:
        self.stroke = None
        self.prev = None
