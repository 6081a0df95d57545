"""Dropping a roster entry on the map: a reserve entry is placed on the hex under the drop, a
placed unit moves there. Both go through the unit tool (`UnitTool.place` / `move_to`), so a
drop is refused or warned exactly as a click of the unit tool would be, one undo step each.

While the drag is over the map the hex under it is outlined: green where the unit may stand,
amber where it may with a warning (outside its zone, stacked), red where it may not; the
status bar says why when the hex changes.
"""
from __future__ import annotations

from PySide6.QtGui import QColor

from studio.hexgrid import Hex

from .base import outline_hexes
from .roster_drag import RosterRef, read_roster_mime

ALLOWED_FILL = QColor(60, 200, 90, 90)
WARNED_FILL = QColor(240, 170, 20, 110)
REFUSED_FILL = QColor(225, 30, 30, 110)
ALLOWED_LINE = QColor(255, 255, 255, 240)
REFUSED_LINE = QColor(255, 120, 120, 240)


class RosterDrop:
    """The drop half of dragging roster entries onto the map, owned by the ToolController."""

    def __init__(self, controller) -> None:
        self.ctl = controller
        self.target: Hex | None = None
        self.verdict = "allowed"          # "allowed", "warned" or "refused" for `target`

    @property
    def doc(self):
        return self.ctl.doc

    def _entry(self, mime) -> RosterRef | None:
        ref = read_roster_mime(mime)
        if ref is None:
            return None
        side = self.doc.model.side(ref[0])
        if side is None or not 0 <= ref[1] < len(side.army.units):
            return None        # the roster changed under the drag
        return ref

    # -- hovering --------------------------------------------------------------------------

    def enter(self, ev) -> bool:
        if self._entry(ev.mime) is None:
            return False
        self.move(ev)
        return True

    def move(self, ev) -> bool:
        ref = self._entry(ev.mime)
        if ref is None:
            self.leave()
            return False
        h = ev.hex if ev.hex is not None and self.doc.contains(ev.hex) else None
        if h != self.target:
            self._show_target(h, ref)
        return True

    def leave(self) -> None:
        if self.target is not None:
            old, self.target = self.target, None
            self.ctl.view.update_hexes([old])

    def _show_target(self, h: Hex | None, ref: RosterRef) -> None:
        old, self.target = self.target, h
        self.ctl.view.update_hexes([x for x in (old, h) if x is not None])
        if h is None:
            return
        unit = self.doc.unit(*ref)
        moving = ref if unit.hex is not None else None
        check = self.doc.check_placement(ref[0], unit.type, h, moving=moving)
        if not check.allowed:
            self.verdict = "refused"
            self.ctl.statusMessage.emit(f"Cannot drop here: {check.refusal}")
        elif check.warnings:
            self.verdict = "warned"
            self.ctl.statusMessage.emit(f"{self.doc.label(h)}: " + "; ".join(check.warnings))
        else:
            self.verdict = "allowed"
            self.ctl.statusMessage.emit(f"Drop to {'move' if moving else 'place'} on "
                                        f"{self.doc.label(h)}")

    # -- dropping --------------------------------------------------------------------------

    def drop(self, ev) -> bool:
        """Place or move the dragged entry on the hex under the drop; False when refused."""
        self.leave()
        ref = self._entry(ev.mime)
        if ref is None:
            return False
        if ev.hex is None or not self.doc.contains(ev.hex):
            self.ctl.statusMessage.emit("Not done: drop the unit on a hex of the map")
            return False
        side_id, index = ref
        unit = self.doc.unit(side_id, index)
        if self.ctl.tool.name != "unit":
            self.ctl.set_tool("unit")
        units_tool = self.ctl.tools["unit"]
        if unit.hex is not None:
            if unit.hex == self.doc.label(ev.hex):
                self.ctl.select_unit(ref)
                self.ctl.statusMessage.emit(f"{unit.id or unit.type} is already on {unit.hex}")
                return True
            if not units_tool.move_to(ref, ev.hex):
                return False
            self.ctl.select_unit(ref)
            return True
        return self._place(ref, ev.hex)

    def _place(self, ref: RosterRef, h: Hex) -> bool:
        side_id, index = ref
        units = self.doc.model.side(side_id).army.units
        before = len(units)
        pick = self.ctl.unit_to_place
        armed = pick is not None and (pick[0], pick[1]) == ref
        if not self.ctl.tools["unit"].place(side_id, h, index=index, advance=armed):
            return False
        # A counted entry gives one unit, inserted before the rest of it: an armed entry
        # further down the same roster has moved one row on.
        if (not armed and pick is not None and pick[0] == side_id and pick[1] is not None
                and pick[1] >= index and len(units) > before):
            self.ctl.set_unit_to_place(side_id, pick[1] + 1)
        return True

    def paint(self, painter, view) -> None:
        if self.target is None:
            return
        fill = {"allowed": ALLOWED_FILL, "warned": WARNED_FILL}.get(self.verdict, REFUSED_FILL)
        line = REFUSED_LINE if self.verdict == "refused" else ALLOWED_LINE
        outline_hexes(painter, view, [self.target], line, fill)
