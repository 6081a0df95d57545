"""Objective markers: their names and points (markers are placed with the objective tool,
key 8). Choosing a row selects the marker on the map and centres it."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel,
                               QPushButton, QSpinBox, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from studio.model import Objective

from .widget_helpers import quiet


class ObjectivesPanel(QWidget):
    statusMessage = Signal(str)

    def __init__(self, tools, view, parent=None) -> None:
        super().__init__(parent)
        self.tools = tools
        self.view = view
        self.doc = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        hint = QLabel("Place, move (drag) and remove markers with the objective tool (8).")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Hex", "Name", "Points"])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeToContents)
        self.table.itemChanged.connect(self._item_changed)
        self.table.currentCellChanged.connect(self._row_changed)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.remove_button)
        layout.addLayout(row)
        tools.objectiveSelected.connect(self._tools_selected)

    def set_document(self, doc) -> None:
        if self.doc is not None:
            try:
                self.doc.objectivesChanged.disconnect(self.rebuild)
            except (RuntimeError, TypeError):
                pass
        self.doc = doc
        doc.objectivesChanged.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        current = self.table.currentRow()
        objectives = self.doc.model.objectives
        with quiet(self.table):
            self.table.setRowCount(len(objectives))
            for i, o in enumerate(objectives):
                hex_item = QTableWidgetItem(o.hex)
                hex_item.setFlags(hex_item.flags() & ~Qt.ItemIsEditable)
                self.table.setItem(i, 0, hex_item)
                self.table.setItem(i, 1, QTableWidgetItem(o.name))
                spin = self.table.cellWidget(i, 2)
                if not isinstance(spin, QSpinBox):
                    spin = QSpinBox()
                    spin.setRange(-999, 999)
                    spin.setFrame(False)
                    spin.valueChanged.connect(lambda v, s=spin: self._points_changed(s, v))
                    self.table.setCellWidget(i, 2, spin)
                with quiet(spin):
                    spin.setValue(int(o.points or 0))
            if 0 <= current < len(objectives):
                self.table.setCurrentCell(current, 1)
        self.remove_button.setEnabled(bool(objectives))

    def _row_of(self, spin: QSpinBox) -> int:
        for i in range(self.table.rowCount()):
            if self.table.cellWidget(i, 2) is spin:
                return i
        return -1

    def _edit(self, index: int, **changes) -> None:
        o = self.doc.model.objectives[index]
        updated = Objective(changes.get("hex", o.hex), changes.get("name", o.name),
                            changes.get("points", o.points))
        if updated != o:
            self.doc.edit_objective(index, updated)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == 1 and item.row() < len(self.doc.model.objectives):
            self._edit(item.row(), name=item.text().strip())

    def _points_changed(self, spin: QSpinBox, value: int) -> None:
        row = self._row_of(spin)
        if 0 <= row < len(self.doc.model.objectives):
            self._edit(row, points=value)

    def _row_changed(self, row: int, *_rest) -> None:
        if not 0 <= row < len(self.doc.model.objectives):
            return
        self.tools.select_objective(row)
        try:
            h = self.doc.geometry.parse_label(self.doc.model.objectives[row].hex)
        except ValueError:
            return
        self.view.center_on_hex(h)

    def _tools_selected(self, index) -> None:
        if index is not None and index != self.table.currentRow():
            with quiet(self.table):
                self.table.setCurrentCell(index, 1)

    def select(self, index: int) -> None:
        if 0 <= index < self.table.rowCount():
            self.table.setCurrentCell(index, 1)
            self.table.setFocus()

    def remove_selected(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.doc.model.objectives):
            self.tools.select_objective(None)
            self.doc.remove_objective(row)
