"""Edits of a scenario's turn track, reinforcement waves and events: one undo step each,
holding the three lists before and after."""
from __future__ import annotations

import copy

from .base import DocumentCommand


class EditScenarioEvents(DocumentCommand):
    def __init__(self, doc, text: str, *, turn_track=None, reinforcements=None,
                 events=None) -> None:
        super().__init__(doc, text)
        model = doc.model
        self.before = copy.deepcopy((model.turn_track, model.reinforcements, model.events))
        self.after = copy.deepcopy((
            model.turn_track if turn_track is None else turn_track,
            model.reinforcements if reinforcements is None else reinforcements,
            model.events if events is None else events))

    def _set(self, lists) -> None:
        model = self.doc.model
        model.turn_track, model.reinforcements, model.events = copy.deepcopy(lists)
        self.doc.eventsChanged.emit()

    def redo(self) -> None:
        self._set(self.after)

    def undo(self) -> None:
        self._set(self.before)
