"""Painting and erasing hexside features: one drag of the edge brush is one undo step."""
from __future__ import annotations

from studio.edit.hexsides import edit_entries
from studio.model.hexsides import Edge

from .base import MERGE_HEXSIDES, DocumentCommand, StrokeMixin


class PaintHexsides(StrokeMixin, DocumentCommand):
    merge_id = MERGE_HEXSIDES

    def __init__(self, doc, kind: str, name: str, edges: set[Edge], add: bool = True,
                 stroke: object | None = None) -> None:
        super().__init__(doc, f"{'Draw' if add else 'Erase'} {name}")
        self.stroke = stroke
        self.kind = kind
        self.add = add
        self.before = {k: list(v) for k, v in doc.model.map.hexsides.items()}
        entries = self.before.get(kind, [])
        updated = edit_entries(entries, edges if add else set(), set() if add else edges)
        self.after = dict(self.before)
        if updated:
            self.after[kind] = updated
        else:
            self.after.pop(kind, None)

    def is_noop(self) -> bool:
        return self.after == self.before

    def _apply(self, hexsides: dict[str, list[str]]) -> None:
        self.doc.model.map.hexsides = {k: list(v) for k, v in hexsides.items()}
        self.doc.hexsidesChanged.emit()

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)

    def _can_absorb(self, other) -> bool:
        return other.kind == self.kind and other.add == self.add

    def _absorb(self, other: "PaintHexsides") -> None:
        self.after = other.after
