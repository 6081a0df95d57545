"""What every document command shares: the document, and merging of strokes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from studio.gui.document import ScenarioDocument

# Merge ids: QUndoStack only offers mergeWith between commands with the same id().
(MERGE_PAINT, MERGE_ELEVATION, MERGE_ZONE, MERGE_ROTATE, MERGE_FIELD, MERGE_SIDE_FIELD,
 MERGE_HEXSIDES) = range(1, 8)


class DocumentCommand(QUndoCommand):
    def __init__(self, doc: "ScenarioDocument", text: str) -> None:
        super().__init__(text)
        self.doc = doc


class StrokeMixin:
    """Commands carrying the same stroke token merge into one undo step.

    QUndoStack runs the new command's redo() before offering it to mergeWith, so the model
    already holds the merged result; the surviving command only has to learn the new end
    state while keeping its own start state (`_absorb`).
    """
    merge_id = -1
    stroke: object | None = None

    def id(self) -> int:  # noqa: A003 (Qt's name)
        return self.merge_id if self.stroke is not None else -1

    def mergeWith(self, other) -> bool:  # noqa: N802 (Qt's name)
        if type(other) is not type(self) or other.stroke is None or other.stroke != self.stroke:
            return False
        if not self._can_absorb(other):
            return False
        self._absorb(other)
        return True

    def _can_absorb(self, other) -> bool:
        return True

    def _absorb(self, other) -> None:
        raise NotImplementedError
