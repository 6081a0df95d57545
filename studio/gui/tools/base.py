"""What every map tool shares: access to the document, view and controller, status messages,
and painting hex outlines for previews."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen, QPolygonF

from studio.hexgrid import Hex

from ..document import EditRefused
from ..mapview.view import MapMouseEvent, MapWheelEvent

if TYPE_CHECKING:
    from .controller import ToolController

PREVIEW_COLOUR = QColor(255, 255, 255, 230)
PREVIEW_SHADOW = QColor(0, 0, 0, 160)


class Tool:
    name = ""                 # id used by ToolController.set_tool
    title = ""                # shown in menus and the status bar
    shortcut: int | None = None   # Qt key choosing it
    cursor = Qt.CrossCursor

    def __init__(self, controller: "ToolController") -> None:
        self.ctl = controller

    @property
    def doc(self):
        return self.ctl.doc

    @property
    def view(self):
        return self.ctl.view

    def status(self, message: str) -> None:
        self.ctl.statusMessage.emit(message)

    def refused(self, err: EditRefused) -> None:
        self.status(f"Not done: {err}")

    # -- events (return True when used) --------------------------------------------------

    def activate(self) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def press(self, ev: MapMouseEvent) -> bool:
        return False

    def move(self, ev: MapMouseEvent) -> bool:
        return False

    def release(self, ev: MapMouseEvent) -> bool:
        return False

    def wheel(self, ev: MapWheelEvent) -> bool:
        return False

    def key(self, event: QKeyEvent) -> bool:
        return False

    def cancel(self) -> None:
        """Esc: drop whatever is half done."""

    # -- preview -------------------------------------------------------------------------

    def preview(self, hover: Hex | None) -> list[Hex]:
        """Hexes to outline under the cursor (the brush footprint)."""
        return [hover] if hover is not None else []

    def paint(self, painter: QPainter, view) -> None:
        """Extra drawing over the map, in scene coordinates."""


def outline_hexes(painter: QPainter, view, hexes: Iterable[Hex], colour: QColor = PREVIEW_COLOUR,
                  fill: QColor | None = None) -> None:
    """Outlines of hexes, white over a dark shadow so they show on any terrain."""
    metrics = view.metrics
    corners = metrics.corner_offsets
    scale = view.zoom()
    polys = []
    for h in hexes:
        cx, cy = metrics.hex_centre(h)
        polys.append(QPolygonF([QPointF(cx + x, cy + y) for x, y in corners]))
    painter.setRenderHint(QPainter.Antialiasing, True)
    for pen_colour, width in ((PREVIEW_SHADOW, 3.5), (colour, 1.6)):
        pen = QPen(pen_colour, width / scale)
        painter.setPen(pen)
        painter.setBrush(fill if fill is not None and pen_colour is colour else Qt.NoBrush)
        for p in polys:
            painter.drawPolygon(p)
