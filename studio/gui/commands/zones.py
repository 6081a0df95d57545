"""Painting setup zones. A hex belongs to one side's zone at most: painting it for one side
takes it out of the others' (overlapping zones are a setup error the validator would flag)."""
from __future__ import annotations

from typing import Iterable

from studio.edit.zones import try_zone_hexes, zone_areas
from studio.hexgrid import Hex

from .base import MERGE_ZONE, DocumentCommand, StrokeMixin


class PaintZone(StrokeMixin, DocumentCommand):
    merge_id = MERGE_ZONE

    def __init__(self, doc, side_id: str, hexes: Iterable[Hex], add: bool = True,
                 stroke: object | None = None) -> None:
        side = doc.model.side(side_id)
        if side is None:
            raise ValueError(f"no side {side_id!r} in the scenario")
        super().__init__(doc, f"{'Paint' if add else 'Erase'} setup zone of {side.name}")
        self.stroke = stroke
        self.add = add
        self.side_id = side_id
        g = doc.geometry
        hexes = [h for h in hexes if g.contains(h)]
        self.before = {s.id: list(s.setup_zone) for s in doc.model.sides}
        self.after = dict(self.before)
        for s in doc.model.sides:
            current, bad = try_zone_hexes(g, s.setup_zone)
            if s.id == side_id:
                updated = current | set(hexes) if add else current - set(hexes)
            elif add:
                updated = current - set(hexes)
            else:
                continue
            if updated != current:
                self.after[s.id] = zone_areas(g, updated) + bad
        self.touched = [sid for sid in self.before if self.before[sid] != self.after[sid]]

    def is_noop(self) -> bool:
        return not self.touched

    def _apply(self, zones: dict[str, list[str]], touched: list[str]) -> None:
        for s in self.doc.model.sides:
            if s.id in zones:
                s.setup_zone = list(zones[s.id])
        for sid in touched:
            self.doc.zonesChanged.emit(sid)

    def redo(self) -> None:
        self._apply(self.after, self.touched)

    def undo(self) -> None:
        self._apply(self.before, self.touched)

    def _can_absorb(self, other) -> bool:
        return other.side_id == self.side_id and other.add == self.add

    def _absorb(self, other: "PaintZone") -> None:
        self.after = other.after
        self.touched = [sid for sid in self.before if self.before[sid] != self.after[sid]]
