"""The keyboard cursor on the map: arrows move a cursor hex (the view follows it), Enter
does what a click there does, Ctrl+arrows pan. With the mouse alone a designer can do all
of it; the keyboard makes long edits and checks of a large map quicker and reachable
without a pointer."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen, QPolygonF

from studio.hexgrid import Hex

if TYPE_CHECKING:
    from .view import MapView

STEPS = {Qt.Key_Left: (-1, 0), Qt.Key_Right: (1, 0), Qt.Key_Up: (0, -1), Qt.Key_Down: (0, 1)}
PAN_SHARE = 0.25                # Ctrl+arrow pans a quarter of the visible map
MARGIN_HEXES = 1.5              # the view scrolls when the cursor comes this close to an edge


class MapCursor:
    def __init__(self, view: "MapView") -> None:
        self.view = view
        self.hex: Hex | None = None

    def reset(self) -> None:
        self.hex = None

    def key_press(self, event: QKeyEvent) -> bool:
        key, mods = event.key(), event.modifiers()
        if key in STEPS and mods & Qt.ControlModifier:
            self._pan(*STEPS[key])
            return True
        if key in STEPS and not mods & (Qt.AltModifier | Qt.MetaModifier):
            self._move(*STEPS[key])
            return True
        if key in (Qt.Key_Return, Qt.Key_Enter) and self.hex is not None:
            self._click()
            return True
        return False

    def _start(self) -> Hex:
        view = self.view
        if view._hover is not None:
            return view._hover
        centre = view.viewport_to_scene(QPointF(view.viewport().rect().center()))
        h = view.metrics.hex_at(centre.x(), centre.y())
        g = view.doc.geometry
        return h if h is not None else g.to_hex((g.columns + 1) // 2, (g.rows + 1) // 2)

    def _move(self, dc: int, dr: int) -> None:
        g = self.view.doc.geometry
        if self.hex is None or not g.contains(self.hex):
            self.hex = self._start()
        else:
            col, row = g.to_offset(self.hex)
            col = max(1, min(g.columns, col + dc))
            row = max(1, min(g.rows, row + dr))
            self.hex = g.to_hex(col, row)
        self._follow()
        view = self.view
        handler = view._handler
        if handler is not None:
            handler.mouse_move(self._event(Qt.NoButton, Qt.NoButton))
        view._hover = self.hex
        view.hexHovered.emit(self.hex)
        view.viewport().update()

    def _follow(self) -> None:
        view = self.view
        p = view.hex_to_viewport(self.hex)
        margin = view.hex_radius_px() * MARGIN_HEXES * 2
        rect = view.viewport().rect().adjusted(margin, margin, -margin, -margin)
        if not rect.contains(p.toPoint()):
            view.center_on_hex(self.hex)

    def _pan(self, dx: int, dy: int) -> None:
        view = self.view
        view._auto_fit = False
        for bar, d, size in ((view.horizontalScrollBar(), dx, view.viewport().width()),
                             (view.verticalScrollBar(), dy, view.viewport().height())):
            if d:
                bar.setValue(bar.value() + round(d * size * PAN_SHARE))

    def _event(self, button, buttons):
        from .view import MapMouseEvent
        scene = self.view.hex_to_scene(self.hex)
        return MapMouseEvent(self.hex, scene, self.view.mapFromScene(scene).toPointF(), button,
                             buttons, Qt.NoModifier)

    def _click(self) -> None:
        handler = self.view._handler
        if handler is None:
            return
        handler.mouse_press(self._event(Qt.LeftButton, Qt.LeftButton))
        handler.mouse_release(self._event(Qt.LeftButton, Qt.NoButton))
        self.view.viewport().update()

    def paint(self, painter: QPainter) -> None:
        if self.hex is None or not self.view.doc.geometry.contains(self.hex):
            return
        metrics = self.view.metrics
        cx, cy = metrics.hex_centre(self.hex)
        outline = QPolygonF([QPointF(cx + x, cy + y) for x, y in metrics.corner_offsets])
        painter.setBrush(Qt.NoBrush)
        for colour, width in ((QColor(0, 0, 0, 200), 4.0), (QColor(255, 255, 255), 2.0)):
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            pen.setStyle(Qt.SolidLine if width > 3 else Qt.DashLine)
            painter.setPen(pen)
            painter.drawPolygon(outline)
