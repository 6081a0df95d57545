"""A table view whose rows the user reorders by dragging (the unit types of an army list, the
terrain types of a set)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView



class RowTableView(QTableView):
    """Rows reorder by drag and drop: `rowDropped(from_row, to_row)`; the editor moves the
    row's item (one undo step) and the model redraws, so the view removes nothing itself."""
    rowDropped = Signal(int, int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDrop)
        self.setDefaultDropAction(Qt.CopyAction)
        self.setAlternatingRowColors(True)
        self.setEditTriggers(QAbstractItemView.DoubleClicked | QAbstractItemView.EditKeyPressed
                             | QAbstractItemView.AnyKeyPressed)
        self.verticalHeader().setDefaultSectionSize(24)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.horizontalHeader().setStretchLastSection(True)

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.source() is not self or self.model() is None:
            event.ignore()
            return
        source = self.currentIndex().row()
        target = self.indexAt(event.position().toPoint())
        to_row = target.row() if target.isValid() else self.model().rowCount() - 1
        # Copy, not move: a MoveAction would make the view delete the dragged row again.
        event.setDropAction(Qt.CopyAction)
        event.accept()
        if source >= 0 and to_row >= 0 and source != to_row:
            self.rowDropped.emit(source, to_row)
