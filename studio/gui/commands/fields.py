"""Scenario and side properties. Successive edits of one field merge (typing a name is one
undo step, not one per letter)."""
from __future__ import annotations

import copy
from typing import Any

from .base import MERGE_FIELD, MERGE_SIDE_FIELD, DocumentCommand, StrokeMixin

SCENARIO_FIELDS = ("id", "name", "description", "ruleset", "round_limit", "special_rules")
SIDE_FIELDS = ("id", "name", "colour", "map_edge", "off_map_support")
ARMY_FIELDS = ("army_list", "composition", "points_limit")


class SetScenarioField(StrokeMixin, DocumentCommand):
    merge_id = MERGE_FIELD

    def __init__(self, doc, name: str, value: Any) -> None:
        if name not in SCENARIO_FIELDS:
            raise ValueError(f"scenario field {name!r} cannot be set here: use one of "
                             f"{', '.join(SCENARIO_FIELDS)}")
        super().__init__(doc, f"Set {name.replace('_', ' ')}")
        self.name = name
        self.stroke = name
        self.before = getattr(doc.model, name)
        self.after = value

    def _apply(self, value: Any) -> None:
        setattr(self.doc.model, self.name, copy.deepcopy(value))
        self.doc.metaChanged.emit(self.name)

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)

    def _absorb(self, other: "SetScenarioField") -> None:
        self.after = other.after


class SetSideField(StrokeMixin, DocumentCommand):
    merge_id = MERGE_SIDE_FIELD

    def __init__(self, doc, side_id: str, name: str, value: Any) -> None:
        if name not in SIDE_FIELDS + ARMY_FIELDS:
            raise ValueError(f"side field {name!r} cannot be set here: use one of "
                             f"{', '.join(SIDE_FIELDS + ARMY_FIELDS)}")
        side = doc.model.side(side_id)
        if side is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        super().__init__(doc, f"Set {side.name}: {name.replace('_', ' ')}")
        self.side = side           # the object, not the id: the id itself may be what changes
        self.name = name
        self.stroke = (id(side), name)
        self.before = copy.deepcopy(getattr(self._target(), name))
        self.after = value

    def _target(self):
        return self.side.army if self.name in ARMY_FIELDS else self.side

    def _apply(self, value: Any) -> None:
        setattr(self._target(), self.name, copy.deepcopy(value))
        self.doc.metaChanged.emit(f"side:{self.side.id}:{self.name}")
        if self.name in ARMY_FIELDS or self.name in ("id", "colour"):
            self.doc.unitsChanged.emit(self.side.id)
        if self.name in ("id", "colour"):
            self.doc.zonesChanged.emit(self.side.id)

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)

    def _absorb(self, other: "SetSideField") -> None:
        self.after = other.after
