"""Adding and removing sides: the document has no command for these, so the scenario panel
pushes its own onto the document's undo stack, emitting the document's signals as its own
commands do.

The Side objects themselves are kept and put back (not copies): commands already on the
stack (SetSideField) hold on to the object they edited.
"""
from __future__ import annotations

import copy

from PySide6.QtGui import QUndoCommand

from studio.edit.blank_scenario import SIDE_COLOURS
from studio.model import Army, Side, VictoryCondition

OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


def new_side(scenario, library=None) -> Side:
    """A fresh side with an id, name, colour and edge not yet used, fielding the army list of
    the first side (else a list for the scenario's terrain set)."""
    used = {s.id for s in scenario.sides}
    n = len(scenario.sides) + 1
    while f"side-{n}" in used:
        n += 1
    colours = [c for c in SIDE_COLOURS if c not in {s.colour for s in scenario.sides}]
    edges = [e for e in ("west", "east", "north", "south")
             if e not in {s.map_edge for s in scenario.sides}]
    if scenario.sides and scenario.sides[-1].map_edge in OPPOSITE and \
            OPPOSITE[scenario.sides[-1].map_edge] in edges:
        edges.insert(0, OPPOSITE[scenario.sides[-1].map_edge])
    army_list = scenario.sides[0].army.army_list if scenario.sides else _list_for(scenario, library)
    return Side(id=f"side-{n}", name=f"Side {n}", colour=(colours or SIDE_COLOURS)[0],
                army=Army(army_list=army_list), map_edge=edges[0] if edges else None)


def _list_for(scenario, library) -> str:
    if library is not None:
        for ident, army_list in library.items("army-list"):
            if army_list.terrain_set == scenario.terrain_set:
                return ident
        ids = library.ids("army-list")
        if ids:
            return ids[0]
    return "army-list"


class AddSide(QUndoCommand):
    def __init__(self, doc, side: Side, index: int | None = None) -> None:
        super().__init__(f"Add side {side.name}")
        if doc.model.side(side.id) is not None:
            raise ValueError(f"side id {side.id!r} is already used: pick another")
        self.doc = doc
        self.side = side
        self.index = len(doc.model.sides) if index is None else index

    def redo(self) -> None:
        self.doc.model.sides.insert(self.index, self.side)
        _announce(self.doc, self.side.id)

    def undo(self) -> None:
        self.doc.model.sides.remove(self.side)
        _announce(self.doc, self.side.id)


class RemoveSide(QUndoCommand):
    """Removes the side, its own victory conditions, and its id from others' `against`."""

    def __init__(self, doc, side_id: str) -> None:
        side = doc.model.side(side_id)
        if side is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        if len(doc.model.sides) < 2:
            raise ValueError("a scenario needs at least one side: add another before "
                             f"removing {side.name}")
        super().__init__(f"Remove side {side.name}")
        self.doc = doc
        self.side = side
        self.index = doc.model.sides.index(side)
        self.victory_before = copy.deepcopy(doc.model.victory)
        self.victory_after = [_without(c, side_id) for c in doc.model.victory if c.side != side_id]

    def redo(self) -> None:
        self.doc.model.sides.remove(self.side)
        self.doc.model.victory[:] = copy.deepcopy(self.victory_after)
        _announce(self.doc, self.side.id, victory=True)

    def undo(self) -> None:
        self.doc.model.sides.insert(self.index, self.side)
        self.doc.model.victory[:] = copy.deepcopy(self.victory_before)
        _announce(self.doc, self.side.id, victory=True)


def _without(condition: VictoryCondition, side_id: str) -> VictoryCondition:
    c = copy.deepcopy(condition)
    against = c.params.get("against")
    if against and side_id in against:
        rest = [s for s in against if s != side_id]
        if rest:
            c.params["against"] = rest
        else:
            del c.params["against"]
    return c


def _announce(doc, side_id: str, victory: bool = False) -> None:
    doc.metaChanged.emit(f"side:{side_id}:added-or-removed")
    doc.unitsChanged.emit("")
    doc.zonesChanged.emit("")
    if victory:
        doc.victoryChanged.emit()
