"""The History dock: the undo stack as a list; clicking a step goes back (or forward) to it."""
from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QUndoView


class HistoryDock(QDockWidget):
    def __init__(self, undo_group, parent=None) -> None:
        super().__init__("History", parent)
        self.setObjectName("history-dock")
        self.view = QUndoView(undo_group)
        self.view.setEmptyLabel("<opened>")
        self.setWidget(self.view)
