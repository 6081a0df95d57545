"""Roster and placement edits. A side's roster is short (tens of entries), so each command
keeps a copy of the roster before and after: undo cannot drift, whatever the edit did to
counts and indices."""
from __future__ import annotations

import copy
from typing import Any

from studio.model import RosterUnit

from .base import MERGE_ROTATE, DocumentCommand, StrokeMixin


class RosterEdit(DocumentCommand):
    """Runs `edit(units)` on a copy of the side's roster; redo/undo swap whole rosters."""

    def __init__(self, doc, side_id: str, text: str) -> None:
        super().__init__(doc, text)
        side = doc.model.side(side_id)
        if side is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        self.side_id = side_id
        self.before = copy.deepcopy(side.army.units)
        self.after = copy.deepcopy(side.army.units)

    def _set(self, units: list[RosterUnit]) -> None:
        # In place: whoever holds the list (a roster model) keeps seeing the roster.
        self.doc.model.side(self.side_id).army.units[:] = copy.deepcopy(units)
        self.doc.unitsChanged.emit(self.side_id)

    def redo(self) -> None:
        self._set(self.after)

    def undo(self) -> None:
        self._set(self.before)


def _name(u: RosterUnit) -> str:
    return u.id or u.type


class PlaceUnit(RosterEdit):
    """Put a reserve entry (or a new unit of `type_id`) on a hex. An entry with `count` > 1
    gives one unit: the placed unit is inserted before the entry, whose count drops by one.
    A reinforcement placed on the map starts there instead of arriving later.
    `placed_index` is the placed unit's index in the roster afterwards."""

    def __init__(self, doc, side_id: str, label: str, facing: str | None,
                 index: int | None = None, type_id: str | None = None) -> None:
        super().__init__(doc, side_id, "Place unit")
        units = self.after
        if index is not None:
            entry = units[index]
            if entry.hex is not None:
                raise ValueError(f"{_name(entry)} is already on the map at {entry.hex}: move it instead")
            if entry.count > 1:
                entry.count -= 1
                units.insert(index, RosterUnit(type=entry.type, hex=label, facing=facing))
            else:
                entry.hex, entry.facing, entry.count, entry.arrives = label, facing, 1, None
            placed = units[index]
            self.placed_index = index
        elif type_id is not None:
            placed = RosterUnit(type=type_id, hex=label, facing=facing)
            units.append(placed)
            self.placed_index = len(units) - 1
        else:
            raise ValueError("place_unit needs a roster index or a unit type id")
        self.setText(f"Place {_name(placed)} on {label}")


class MoveUnit(RosterEdit):
    def __init__(self, doc, side_id: str, index: int, label: str) -> None:
        super().__init__(doc, side_id, "Move unit")
        unit = self.after[index]
        if unit.hex is None:
            raise ValueError(f"{_name(unit)} is not on the map: place it first")
        self.setText(f"Move {_name(unit)} {unit.hex} → {label}")
        unit.hex = label


class RotateUnit(StrokeMixin, RosterEdit):
    """Turning a unit repeatedly (wheel, keys) merges into one step per unit while the
    turns come in a row."""
    merge_id = MERGE_ROTATE

    def __init__(self, doc, side_id: str, index: int, facing: str) -> None:
        super().__init__(doc, side_id, "Turn unit")
        unit = self.after[index]
        if unit.hex is None:
            raise ValueError(f"{_name(unit)} is not on the map: only placed units face a hexside")
        self.index = index
        self.stroke = (side_id, index)
        unit.facing = facing
        self.setText(f"Turn {_name(unit)} to {facing}")

    def _absorb(self, other: "RotateUnit") -> None:
        self.after = other.after
        self.setText(other.text())


class UnplaceUnit(RosterEdit):
    def __init__(self, doc, side_id: str, index: int) -> None:
        super().__init__(doc, side_id, "Unplace unit")
        unit = self.after[index]
        self.setText(f"Return {_name(unit)} to reserve")
        unit.hex, unit.facing = None, None


class RemoveUnit(RosterEdit):
    def __init__(self, doc, side_id: str, index: int) -> None:
        super().__init__(doc, side_id, "Remove unit")
        unit = self.after.pop(index)
        self.setText(f"Remove {_name(unit)} from the roster")


class AddUnit(RosterEdit):
    def __init__(self, doc, side_id: str, unit: RosterUnit, index: int | None = None) -> None:
        super().__init__(doc, side_id, f"Add {_name(unit)} to the roster")
        self.index = len(self.after) if index is None else index
        self.after.insert(self.index, copy.deepcopy(unit))


UNIT_FIELDS = ("id", "type", "leader", "count", "hex", "facing", "name")


class SetUnitField(RosterEdit):
    def __init__(self, doc, side_id: str, index: int, name: str, value: Any) -> None:
        if name not in UNIT_FIELDS:
            raise ValueError(f"unit field {name!r} is unknown: use one of {', '.join(UNIT_FIELDS)}")
        super().__init__(doc, side_id, f"Set unit {name}")
        setattr(self.after[index], name, value)
