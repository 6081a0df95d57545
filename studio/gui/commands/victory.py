"""Victory conditions: add, edit, remove."""
from __future__ import annotations

import copy

from studio.model import VictoryCondition

from .base import DocumentCommand


def _describe(c: VictoryCondition) -> str:
    return f"{c.kind} for {c.side}"


class AddVictoryCondition(DocumentCommand):
    def __init__(self, doc, condition: VictoryCondition, index: int | None = None) -> None:
        super().__init__(doc, f"Add victory condition: {_describe(condition)}")
        self.condition = copy.deepcopy(condition)
        self.index = len(doc.model.victory) if index is None else index

    def redo(self) -> None:
        self.doc.model.victory.insert(self.index, copy.deepcopy(self.condition))
        self.doc.victoryChanged.emit()

    def undo(self) -> None:
        del self.doc.model.victory[self.index]
        self.doc.victoryChanged.emit()


class EditVictoryCondition(DocumentCommand):
    def __init__(self, doc, index: int, condition: VictoryCondition) -> None:
        self.before = copy.deepcopy(doc.model.victory[index])
        self.after = copy.deepcopy(condition)
        super().__init__(doc, f"Edit victory condition: {_describe(condition)}")
        self.index = index

    def redo(self) -> None:
        self.doc.model.victory[self.index] = copy.deepcopy(self.after)
        self.doc.victoryChanged.emit()

    def undo(self) -> None:
        self.doc.model.victory[self.index] = copy.deepcopy(self.before)
        self.doc.victoryChanged.emit()


class RemoveVictoryCondition(DocumentCommand):
    def __init__(self, doc, index: int) -> None:
        self.condition = copy.deepcopy(doc.model.victory[index])
        super().__init__(doc, f"Remove victory condition: {_describe(self.condition)}")
        self.index = index

    def redo(self) -> None:
        del self.doc.model.victory[self.index]
        self.doc.victoryChanged.emit()

    def undo(self) -> None:
        self.doc.model.victory.insert(self.index, copy.deepcopy(self.condition))
        self.doc.victoryChanged.emit()
