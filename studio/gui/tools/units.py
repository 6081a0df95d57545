"""Unit placement: put the roster entry chosen in the roster dock on a hex, select a unit by
clicking it, drag it to move it, turn it with Q/E or the wheel, Delete sends it back to the
reserve and Shift+Delete removes it from the roster. Refused placements say why in the status
bar; doubtful ones (outside the setup zone, stacked) are made and flagged there."""
from __future__ import annotations

from PySide6.QtCore import Qt

from studio.hexgrid import Hex

from ..document import EditRefused
from ..turn_keys import TURN_KEYS, wheel_turn
from .base import Tool, outline_hexes


class UnitTool(Tool):
    name = "unit"
    title = "Units"
    shortcut = Qt.Key_9
    cursor = Qt.ArrowCursor

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.drag_from: Hex | None = None
        self.drag_to: Hex | None = None

    def _flag(self, warnings: list[str], done: str) -> None:
        self.status(done + (" (warning: " + "; ".join(warnings) + ")" if warnings else ""))

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        doc = self.doc
        here = doc.units_at(ev.hex)
        if here:
            top = here[-1]
            if self.ctl.selected_unit in [(r.side_id, r.index) for r in here]:
                top = next(r for r in here if (r.side_id, r.index) == self.ctl.selected_unit)
            self.ctl.select_unit((top.side_id, top.index))
            self.drag_from = self.drag_to = ev.hex
            return True
        self._place(ev.hex)
        return True

    def _place(self, h: Hex) -> None:
        pick = self.ctl.unit_to_place
        if pick is None:
            self.status("Choose a unit in the roster first, then click a hex to place it")
            return
        side_id, index, type_id = pick
        self.place(side_id, h, index=index, type_id=type_id)

    def place(self, side_id: str, h: Hex, *, index: int | None = None,
              type_id: str | None = None, advance: bool = True) -> bool:
        """Place roster entry `index` (or a new unit of `type_id`) on `h`, facing away from
        the side's edge if its type has a front: refusals and warnings go to the status bar,
        the placed unit is selected and, with `advance`, the tool moves on to the next entry
        to place."""
        try:
            warnings = self.doc.place_unit(side_id, h, index=index, type_id=type_id)
        except EditRefused as err:
            self.refused(err)
            return False
        placed = self.doc.last_placed
        self.ctl.select_unit(placed)
        unit = self.doc.unit(*placed)
        facing = f" facing {unit.facing}" if unit.facing else ""    # a skirmisher has none
        self._flag(warnings, f"Placed {unit.id or unit.type} on {self.doc.label(h)}{facing}")
        if advance:
            self.ctl.advance_placement(placed)
        return True

    def move_to(self, ref: tuple[str, int], h: Hex) -> bool:
        """Move placed unit `ref` (side id, roster index) to `h`, as dragging it does."""
        try:
            warnings = self.doc.move_unit(*ref, h)
        except EditRefused as err:
            self.refused(err)
            return False
        self._flag(warnings, f"Moved to {self.doc.label(h)}")
        return True

    def move(self, ev) -> bool:
        if self.drag_from is None or ev.hex is None or ev.hex == self.drag_to:
            return False
        old, self.drag_to = self.drag_to, ev.hex
        self.view.update_hexes([h for h in (old, ev.hex) if h is not None])
        return True

    def release(self, ev) -> bool:
        if self.drag_from is None:
            return False
        start, target = self.drag_from, self.drag_to
        self.drag_from = self.drag_to = None
        self.view.viewport().update()
        selected = self.ctl.selected_unit
        if target is None or target == start or selected is None:
            return True
        self.move_to(selected, target)
        return True

    def turn(self, steps: int) -> bool:
        selected = self.ctl.selected_unit
        if selected is None:
            self.status("Select a unit on the map to turn it")
            return False
        try:
            self.doc.rotate_unit(*selected, steps, relative=True)
        except EditRefused as err:
            self.refused(err)
            return True
        self.status(f"Facing {self.doc.unit(*selected).facing}")
        return True

    def wheel(self, ev) -> bool:
        selected = self.ctl.selected_unit
        if selected is None or ev.hex is None:
            return False
        unit = self.doc.unit(*selected)
        if unit.hex is None or self.doc.label(ev.hex) != unit.hex:
            return False
        return self.turn(wheel_turn(ev.steps))

    def key(self, event) -> bool:
        k = event.key()
        if k in TURN_KEYS:
            return self.turn(TURN_KEYS[k])
        selected = self.ctl.selected_unit
        if k in (Qt.Key_Delete, Qt.Key_Backspace) and selected is not None:
            unit = self.doc.unit(*selected)
            name = unit.id or unit.type
            if event.modifiers() & Qt.ShiftModifier:
                self.doc.remove_unit(*selected)
                self.status(f"Removed {name} from the roster")
            else:
                self.doc.unplace_unit(*selected)
                self.status(f"{name} is back in the reserve")
            self.ctl.select_unit(None)
            return True
        return False

    def cancel(self) -> None:
        self.drag_from = self.drag_to = None

    def preview(self, hover):
        return [hover] if hover is not None and self.drag_from is None else []

    def paint(self, painter, view) -> None:
        if self.drag_from is not None and self.drag_to is not None and self.drag_to != self.drag_from:
            outline_hexes(painter, view, [self.drag_to])
