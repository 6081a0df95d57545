"""Undoable army edits the document's own API lacks: a type's count in one step, a whole
"fill to limit" suggestion in one step, the Army Leader mark, and choosing an army list
together with its composition and what is left of the roster.

They work like `studio.gui.commands.units`: the roster before and after is kept whole and
put back in place (views holding `army.units` keep seeing the roster), and each emits the
document's signals (`unitsChanged(side_id)`, `metaChanged("side:<id>:<field>")`).
"""
from __future__ import annotations

import copy

from PySide6.QtGui import QUndoCommand

from studio.armies.roster import with_additions, with_leader, with_type_count
from studio.gui.commands.units import RosterEdit
from studio.model import RosterUnit

# QUndoStack merges only commands with equal ids; the document's own ids are 1-6.
MERGE_TYPE_COUNT = 101


class SetTypeCount(RosterEdit):
    """Set how many units of one type the side fields. Successive changes of the same type
    (clicking + eight times) merge into one undo step while they are the newest command."""

    def __init__(self, doc, side_id: str, type_id: str, count: int, name: str = "") -> None:
        super().__init__(doc, side_id, "")
        self.type_id = type_id
        self.name = name or type_id
        self.start = sum(u.count if u.hex is None else 1 for u in self.before if u.type == type_id)
        self.after = with_type_count(self.before, type_id, count)   # RosterError: nothing pushed
        self._label(count)

    def _label(self, count: int) -> None:
        self.setText(f"{self.name}: {self.start} → {count}")

    def id(self) -> int:  # noqa: A003 (Qt's name)
        return MERGE_TYPE_COUNT

    def mergeWith(self, other) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(other, SetTypeCount) or (other.side_id, other.type_id) != (
                self.side_id, self.type_id):
            return False
        self.after = other.after
        self._label(sum(u.count if u.hex is None else 1 for u in self.after
                        if u.type == self.type_id))
        return True


class AddUnits(RosterEdit):
    """Add several units of several types at once (an accepted "fill to limit")."""

    def __init__(self, doc, side_id: str, additions: dict[str, int], text: str = "") -> None:
        n = sum(additions.values())
        super().__init__(doc, side_id, text or f"Add {n} unit{'s' if n != 1 else ''}")
        self.after = with_additions(self.before, additions)


class MarkLeader(RosterEdit):
    """Mark roster entry `index` as the Army Leader (and no other), or clear its mark."""

    def __init__(self, doc, side_id: str, index: int, leader: bool = True) -> None:
        super().__init__(doc, side_id, "Mark Army Leader" if leader else "Clear Army Leader")
        self.after = with_leader(self.before, index, leader)


class ChooseArmyList(QUndoCommand):
    """Give a side another army list, with a composition of that list (or none); roster
    entries of types the new list lacks are dropped (they would be unknown units)."""

    def __init__(self, doc, side_id: str, list_id: str, composition: str | None,
                 keep_types: set[str], text: str = "") -> None:
        side = doc.model.side(side_id)
        if side is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        super().__init__(text or f"{side.name}: army list {list_id}")
        self.doc = doc
        self.side = side
        army = side.army
        self.before = (army.army_list, army.composition, copy.deepcopy(army.units))
        kept: list[RosterUnit] = [copy.deepcopy(u) for u in army.units if u.type in keep_types]
        self.after = (list_id, composition, kept)

    def _apply(self, state) -> None:
        army = self.side.army
        army.army_list, army.composition = state[0], state[1]
        army.units[:] = copy.deepcopy(state[2])
        for name in ("army_list", "composition"):
            self.doc.metaChanged.emit(f"side:{self.side.id}:{name}")
        self.doc.unitsChanged.emit(self.side.id)

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)
