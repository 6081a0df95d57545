"""What the editors' tables of items share (the unit types of an army list, the terrain types of
a set): one row per item of the edited model, one column per entry of a COLUMNS list, one
check-box column, and every change made through `editor.edit` so that it is one undo step.

A subclass names the model's list (`items_field`), its columns and its check-box column, and
draws the cells of its own kind (`cell`); the rest (counts, headers, flags, editing, drag and
drop) is the same for both tables, so it lives here once.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

# key, title, tooltip, setter(item, text, model) (None: not a text cell)
Column = tuple[str, str, str, Callable | None]


class ItemTableModel(QAbstractTableModel):
    """Rows are `editor.model.<items_field>`; the editor says when its model changed
    (`modelChanged`) and whether it may be edited (`read_only`)."""

    items_field = ""
    columns: list[Column] = []
    check_key = ""          # the column shown and edited as a check box

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.keys = [c[0] for c in self.columns]
        self._rows = len(self.items())
        editor.modelChanged.connect(self.refresh)

    def items(self) -> list:
        return getattr(self.editor.model, self.items_field)

    def refresh(self) -> None:
        # A reset only when rows come or go: it drops the view's selection and scroll.
        rows = len(self.items())
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(self.columns) - 1))

    # -- reading -------------------------------------------------------------------------

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation, role=Qt.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Horizontal:
            if role == Qt.DisplayRole:
                return self.columns[section][1]
            if role == Qt.ToolTipRole:
                return self.columns[section][2]
        elif role == Qt.DisplayRole:
            return str(section + 1)
        return None

    def data(self, index: QModelIndex, role=Qt.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.items()):
            return None
        item = self.items()[index.row()]
        key = self.keys[index.column()]
        if key == self.check_key:
            if role != Qt.CheckStateRole:
                return None
            return Qt.Checked if getattr(item, key) else Qt.Unchecked
        return self.cell(item, key, index.column(), role)

    def cell(self, item, key: str, column: int, role) -> Any:
        """What a cell other than the check box shows for `role`."""
        raise NotImplementedError

    def flags(self, index: QModelIndex):
        base = super().flags(index) | Qt.ItemIsDropEnabled
        if not index.isValid():
            return base
        base |= Qt.ItemIsDragEnabled
        if self.editor.read_only:
            return base
        if self.keys[index.column()] == self.check_key:
            return base | Qt.ItemIsUserCheckable
        if self.columns[index.column()][3] is not None:
            return base | Qt.ItemIsEditable
        return base

    # -- editing -------------------------------------------------------------------------

    def check_words(self, item, on: bool) -> str:
        """The undo step's text for ticking (or clearing) the check box."""
        raise NotImplementedError

    def setData(self, index: QModelIndex, value: Any, role=Qt.EditRole) -> bool:  # noqa: N802
        if not index.isValid():
            return False
        row, key = index.row(), self.keys[index.column()]
        item = self.items()[row]
        field = self.items_field
        if key == self.check_key and role == Qt.CheckStateRole:
            on = value in (Qt.Checked, Qt.Checked.value, 2, True)

            def tick(model) -> None:
                setattr(getattr(model, field)[row], key, on)
            return self.editor.edit(self.check_words(item, on), tick)
        setter = self.columns[index.column()][3]
        if role != Qt.EditRole or setter is None:
            return False
        text = "" if value is None else str(value)

        def change(model) -> None:
            setter(getattr(model, field)[row], text, model)
        return self.editor.edit(f"{item.name}: {self.columns[index.column()][1].lower()} {text}",
                                change)

    # Rows reorder by dragging (row_table_view.RowTableView); Copy is accepted as well
    # because the view drops as a copy so that Qt never deletes the dragged row itself.
    def supportedDropActions(self):  # noqa: N802 (Qt's name)
        return Qt.MoveAction | Qt.CopyAction

    def supportedDragActions(self):  # noqa: N802 (Qt's name)
        return Qt.MoveAction | Qt.CopyAction
