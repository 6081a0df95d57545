"""Line-of-sight probe: click a hex, then another; the view shows the sight line, the hexes it
crosses, what blocks it and the distance (rule R24, `studio.edit.los`). While only the first
end is fixed, the line follows the cursor."""
from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QPen

from studio.edit.los import SightLine, line_of_sight
from studio.engine.errors import SetupError
from studio.engine.rules import rules_named
from studio.hexgrid import Hex

from ..mapview.overlays import device_text
from .base import Tool, outline_hexes

CLEAR = QColor(40, 200, 90)
BLOCKED = QColor(230, 40, 40)


class SightTool(Tool):
    name = "sight"
    title = "Line of sight"
    shortcut = Qt.Key_0

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.a: Hex | None = None
        self.b: Hex | None = None
        self.fixed = False
        self.result: SightLine | None = None

    def _ruleset_file(self):
        lib = self.doc.library
        if lib is not None and hasattr(lib, "ruleset"):
            try:
                return lib.ruleset(self.doc.model.ruleset)
            except (LookupError, ValueError, OSError):
                return None
        return None

    def _hexside_option(self) -> str:
        rs = self._ruleset_file()
        if rs is not None:
            value = rs.options.get("los_hexside", "both")
            if value in ("both", "either"):
                return value
        return "both"

    def _sight_sides(self) -> frozenset[str]:
        """The hexside kinds that block sight in the scenario's game (none when unknown)."""
        rs = self._ruleset_file()
        try:
            return rules_named(rs.system if rs is not None else None).hexsides.sight_blocking()
        except SetupError:
            return frozenset()

    def _probe(self) -> None:
        if self.a is None or self.b is None:
            self.result = None
            return
        doc = self.doc
        self.result = line_of_sight(doc.model.map, doc.geometry, doc.terrain_set, self.a, self.b,
                                    self._hexside_option(), self._sight_sides())
        self.ctl.sightLine.emit(self.result)
        r = self.result
        where = f"{doc.label(self.a)} → {doc.label(self.b)}: distance {r.distance}"
        if r.clear:
            self.status(f"{where}, line of sight clear")
        else:
            why = ", ".join(f"{doc.label(h)} ({reason})" for h, reason in r.blockers)
            self.status(f"{where}, blocked by {why}")

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        if self.a is None or self.fixed:
            self.a, self.b, self.fixed = ev.hex, ev.hex, False
        else:
            self.b, self.fixed = ev.hex, True
        self._probe()
        self.view.viewport().update()
        return True

    def move(self, ev) -> bool:
        if self.a is None or self.fixed or ev.hex is None or ev.hex == self.b:
            return False
        self.b = ev.hex
        self._probe()
        self.view.viewport().update()
        return True

    def cancel(self) -> None:
        self.a = self.b = None
        self.fixed = False
        self.result = None
        self.view.viewport().update()

    def deactivate(self) -> None:
        self.cancel()

    def preview(self, hover):
        return [] if self.a is not None else super().preview(hover)

    def paint(self, painter, view) -> None:
        r = self.result
        if r is None:
            return
        outline_hexes(painter, view, r.hexes, QColor(255, 255, 255, 160))
        colour = CLEAR if r.clear else BLOCKED
        blockers = [h for h, _ in r.blockers]
        if blockers:
            fill = QColor(BLOCKED)
            fill.setAlpha(90)
            outline_hexes(painter, view, blockers, BLOCKED, fill)
        scale = view.zoom()
        a, b = view.hex_to_scene(r.a), view.hex_to_scene(r.b)
        painter.setPen(QPen(QColor(0, 0, 0, 180), 5.0 / scale, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QLineF(a, b))
        painter.setPen(QPen(colour, 2.5 / scale, Qt.SolidLine, Qt.RoundCap))
        painter.drawLine(QLineF(a, b))
        painter.setBrush(colour)
        for p in (a, b):
            painter.drawEllipse(p, 5.0 / scale, 5.0 / scale)
        mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
        device_text(painter, mid, f"{r.distance}", 13, QColor(255, 255, 255), QColor(0, 0, 0, 190))
