"""Objective markers: add, edit (name, points, hex), remove."""
from __future__ import annotations

import copy

from studio.model import Objective

from .base import DocumentCommand


class AddObjective(DocumentCommand):
    def __init__(self, doc, objective: Objective, index: int | None = None) -> None:
        super().__init__(doc, f"Add objective {objective.name or objective.hex}")
        self.objective = objective
        self.index = len(doc.model.objectives) if index is None else index

    def redo(self) -> None:
        self.doc.model.objectives.insert(self.index, copy.deepcopy(self.objective))
        self.doc.objectivesChanged.emit()

    def undo(self) -> None:
        del self.doc.model.objectives[self.index]
        self.doc.objectivesChanged.emit()


class RemoveObjective(DocumentCommand):
    def __init__(self, doc, index: int) -> None:
        self.objective = copy.deepcopy(doc.model.objectives[index])
        super().__init__(doc, f"Remove objective {self.objective.name or self.objective.hex}")
        self.index = index

    def redo(self) -> None:
        del self.doc.model.objectives[self.index]
        self.doc.objectivesChanged.emit()

    def undo(self) -> None:
        self.doc.model.objectives.insert(self.index, copy.deepcopy(self.objective))
        self.doc.objectivesChanged.emit()


class EditObjective(DocumentCommand):
    def __init__(self, doc, index: int, objective: Objective) -> None:
        self.before = copy.deepcopy(doc.model.objectives[index])
        self.after = copy.deepcopy(objective)
        super().__init__(doc, f"Edit objective {objective.name or objective.hex}")
        self.index = index

    def redo(self) -> None:
        self.doc.model.objectives[self.index] = copy.deepcopy(self.after)
        self.doc.objectivesChanged.emit()

    def undo(self) -> None:
        self.doc.model.objectives[self.index] = copy.deepcopy(self.before)
        self.doc.objectivesChanged.emit()
