"""One undo command for every edit in the library editors: the edited model before and
after, put back field by field into the same object (views hold that object).

An army list or a terrain set is small (tens of unit or terrain types), so keeping two whole
copies per step is cheap and undo can never drift from what the edit did.
"""
from __future__ import annotations

from typing import Any, Hashable

from PySide6.QtGui import QUndoCommand

MERGE_EDIT = 201


class SnapshotEdit(QUndoCommand):
    """`merge_key`: successive edits with the same key (typing into one notes field) merge
    into one undo step while they are the newest command."""

    def __init__(self, editor, text: str, before: Any, after: Any,
                 merge_key: Hashable | None = None) -> None:
        super().__init__(text)
        self.editor = editor
        self.before = before
        self.after = after
        self.merge_key = merge_key

    def redo(self) -> None:
        self.editor.restore(self.after)

    def undo(self) -> None:
        self.editor.restore(self.before)

    def id(self) -> int:  # noqa: A003 (Qt's name)
        return MERGE_EDIT if self.merge_key is not None else -1

    def mergeWith(self, other) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(other, SnapshotEdit) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True
