"""Sits between the map view and the tool controller: passes every event on to the tools,
except while a panel is picking hexes on the map ("Pick on map" for a victory condition), and
paints the hexes the problems panel flags over the tools' own overlay.

The map view offers no hex-click signal or problem markers of its own, so the window installs
this as the view's tool handler (`MapView.set_tool_handler`), wrapping the controller.
"""
from __future__ import annotations

from typing import Callable, Iterable

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QPainter, QPen, QShortcut

from studio.hexgrid import Hex

from ..mapview.metrics import BASE_HEX_SIZE
from ..tools.base import outline_hexes

ERROR_COLOUR = QColor(225, 30, 30)
WARNING_COLOUR = QColor(240, 170, 20)
PICKED_COLOUR = QColor(40, 200, 255)


class MapHandler(QObject):
    hexPicked = Signal(object)          # Hex clicked while picking
    pickingChanged = Signal(bool)

    def __init__(self, controller, view) -> None:
        super().__init__(view)
        self.controller = controller
        self.view = view
        self._pick: Callable[[Hex], None] | None = None
        self.picked: set[Hex] = set()
        self.errors: set[Hex] = set()
        self.warnings: set[Hex] = set()
        # Esc stops picking wherever the keyboard is (the Pick button, the hexes field), not
        # only on the map; enabled only while picking so Esc means nothing new otherwise.
        self.escape = QShortcut(QKeySequence(Qt.Key_Escape), view.window(), self.stop_picking,
                                context=Qt.WindowShortcut)
        self.escape.setEnabled(False)
        view.set_tool_handler(self)

    # What the view reads from its handler (the selected unit and objective) is the tools'.
    def __getattr__(self, name: str):
        if name == "controller":
            raise AttributeError(name)
        return getattr(self.controller, name)

    # -- picking hexes -----------------------------------------------------------------------

    @property
    def picking(self) -> bool:
        return self._pick is not None

    def start_picking(self, on_pick: Callable[[Hex], None], picked: Iterable[Hex] = ()) -> None:
        """Until `stop_picking`, a left click on a hex calls `on_pick(hex)` instead of
        reaching the tools; `picked` hexes are outlined."""
        self._pick = on_pick
        self.picked = set(picked)
        self.view.viewport().setCursor(Qt.PointingHandCursor)
        self.view.viewport().update()
        self._bind_escape(True)
        self.pickingChanged.emit(True)

    def set_picked(self, hexes: Iterable[Hex]) -> None:
        self.picked = set(hexes)
        self.view.viewport().update()

    def stop_picking(self) -> None:
        if self._pick is None:
            return
        self._pick = None
        self.picked = set()
        self.view.viewport().setCursor(self.controller.tool.cursor)
        self.view.viewport().update()
        self._bind_escape(False)
        self.pickingChanged.emit(False)

    def _bind_escape(self, on: bool) -> None:
        window = self.view.window()
        if self.escape.parent() is not window:      # the view was put in its window later
            self.escape.setParent(window)
        self.escape.setEnabled(on)

    # -- problem markers ---------------------------------------------------------------------

    def set_problem_hexes(self, errors: Iterable[Hex], warnings: Iterable[Hex]) -> None:
        errors, warnings = set(errors), set(warnings)
        if (errors, warnings) != (self.errors, self.warnings):
            self.errors, self.warnings = errors, warnings - errors
            self.view.viewport().update()

    # -- events ------------------------------------------------------------------------------

    def mouse_press(self, ev) -> bool:
        if self._pick is not None:
            if ev.button == Qt.LeftButton and ev.hex is not None:
                self._pick(ev.hex)
                self.hexPicked.emit(ev.hex)
            return True
        return self.controller.mouse_press(ev)

    def mouse_move(self, ev) -> bool:
        if self._pick is not None:
            return True
        return self.controller.mouse_move(ev)

    def mouse_release(self, ev) -> bool:
        if self._pick is not None:
            return True
        return self.controller.mouse_release(ev)

    def wheel(self, ev) -> bool:
        if self._pick is not None:
            return False            # the wheel zooms while picking
        return self.controller.wheel(ev)

    # While hexes are being picked the map takes no drops: a drop would edit behind the pick.
    def drag_enter(self, ev) -> bool:
        return self._pick is None and self.controller.drag_enter(ev)

    def drag_move(self, ev) -> bool:
        return self._pick is None and self.controller.drag_move(ev)

    def drag_leave(self) -> None:
        self.controller.drag_leave()

    def drop(self, ev) -> bool:
        return self._pick is None and self.controller.drop(ev)

    def key_press(self, event) -> bool:
        if self._pick is not None and event.key() == Qt.Key_Escape:
            self.stop_picking()
            return True
        return self.controller.key_press(event)

    def key_release(self, event) -> bool:
        return self.controller.key_release(event)

    def leave(self) -> None:
        self.controller.leave()

    def paint_overlay(self, painter: QPainter, view) -> None:
        if self.errors or self.warnings:
            _mark(painter, view, self.warnings, WARNING_COLOUR)
            _mark(painter, view, self.errors, ERROR_COLOUR)
        if self._pick is None:
            self.controller.paint_overlay(painter, view)
        elif self.picked:
            outline_hexes(painter, view, self.picked, PICKED_COLOUR,
                          QColor(PICKED_COLOUR.red(), PICKED_COLOUR.green(), PICKED_COLOUR.blue(), 70))


def _mark(painter: QPainter, view, hexes: set[Hex], colour: QColor) -> None:
    """A coloured ring inside the hex: visible over any terrain, not hiding the unit."""
    if not hexes:
        return
    metrics = view.metrics
    scale = view.zoom()
    r = BASE_HEX_SIZE * 0.78
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setBrush(Qt.NoBrush)
    for pen_colour, width in ((QColor(0, 0, 0, 150), 5.0), (colour, 3.0)):
        painter.setPen(QPen(pen_colour, width / scale, Qt.SolidLine))
        for h in hexes:
            if not view.doc.contains(h):
                continue
            x, y = metrics.hex_centre(h)
            painter.drawEllipse(QRectF(x - r, y - r, 2 * r, 2 * r))
