"""Objective markers: click an empty hex to add one, click one to select it, drag it to move
it, right-click or Delete to remove it. Name and points are edited in the scenario panel."""
from __future__ import annotations

import copy

from PySide6.QtCore import Qt

from ..document import EditRefused
from .base import Tool, outline_hexes


class ObjectiveTool(Tool):
    name = "objective"
    title = "Objective marker"
    shortcut = Qt.Key_8

    def __init__(self, controller) -> None:
        super().__init__(controller)
        self.dragging: int | None = None
        self.target = None

    def press(self, ev) -> bool:
        if ev.hex is None:
            return False
        doc = self.doc
        index = doc.objective_at(ev.hex)
        if ev.button == Qt.RightButton:
            if index is not None:
                doc.remove_objective(index)
                self.ctl.select_objective(None)
                self.status(f"Removed the objective on {doc.label(ev.hex)}")
            return True
        if ev.button != Qt.LeftButton:
            return False
        if index is not None:
            self.ctl.select_objective(index)
            self.dragging = index
            self.target = ev.hex
            return True
        n = len(doc.model.objectives) + 1
        try:
            doc.add_objective(ev.hex, f"Objective {n}", 1)
        except EditRefused as err:
            self.refused(err)
            return True
        self.ctl.select_objective(len(doc.model.objectives) - 1)
        self.status(f"Objective {n} on {doc.label(ev.hex)}: name and points in the scenario panel")
        return True

    def move(self, ev) -> bool:
        if self.dragging is None or ev.hex is None or ev.hex == self.target:
            return False
        old = self.target
        self.target = ev.hex
        self.view.update_hexes([h for h in (old, ev.hex) if h is not None])
        return True

    def release(self, ev) -> bool:
        if self.dragging is None:
            return False
        index, target = self.dragging, self.target
        self.dragging = self.target = None
        doc = self.doc
        objective = doc.model.objectives[index]
        if target is not None and doc.label(target) != objective.hex:
            if doc.objective_at(target) is not None:
                self.status(f"Not done: {doc.label(target)} already holds an objective")
            else:
                moved = copy.deepcopy(objective)
                moved.hex = doc.label(target)
                doc.edit_objective(index, moved)
        self.view.viewport().update()
        return True

    def key(self, event) -> bool:
        if event.key() in (Qt.Key_Delete, Qt.Key_Backspace) and self.ctl.selected_objective is not None:
            self.doc.remove_objective(self.ctl.selected_objective)
            self.ctl.select_objective(None)
            return True
        return False

    def cancel(self) -> None:
        self.dragging = self.target = None

    def paint(self, painter, view) -> None:
        if self.dragging is not None and self.target is not None:
            outline_hexes(painter, view, [self.target])
