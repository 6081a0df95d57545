"""What the brushes share (terrain, elevation, setup zone): a drag with the button down is one
stroke, so one undo step, and each mouse move paints every hex between the last hex and this
one, so a fast drag leaves no gaps."""
from __future__ import annotations

from studio.edit.brush import brush_hexes, stroke_hexes
from studio.hexgrid import Hex

from .base import Tool


class BrushStrokeTool(Tool):
    """A subclass starts a stroke in `press` (`begin_stroke`) and says what painting the
    hexes under the brush does (`apply`)."""

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.stroke = None
        self.prev: Hex | None = None      # last hex of the current drag

    def preview(self, hover):
        if hover is None:
            return []
        return brush_hexes(self.doc.geometry, hover, self.ctl.brush_radius)

    def apply(self, hexes) -> None:
        raise NotImplementedError

    def begin_stroke(self, h: Hex) -> None:
        self.stroke = self.doc.new_stroke()
        self.prev = h

    def move(self, ev) -> bool:
        if self.stroke is None or ev.hex is None or ev.hex == self.prev:
            return False
        self.apply(stroke_hexes(self.doc.geometry, self.prev, ev.hex, self.ctl.brush_radius))
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
