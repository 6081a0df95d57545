"""Two runs side by side: what changed in the scenario between them, and every figure of
both with the difference (second minus first). A share of games whose difference has a
95% interval (Newcombe's) leaving out 0 is highlighted: the difference is more than chance."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from studio.playtest.report_compare import format_delta, format_value

NOTABLE = QColor(255, 236, 190)
REFUSED_INK = "#b3261e"
COLUMNS = ("Figure", "First run", "Second run", "Difference")


class CompareView(QWidget):
    chosen = Signal()

    def __init__(self, history, parent=None) -> None:
        super().__init__(parent)
        self.history = history
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("First run:"))
        self.first = QComboBox()
        row.addWidget(self.first, 1)
        row.addWidget(QLabel("Second run:"))
        self.second = QComboBox()
        row.addWidget(self.second, 1)
        layout.addLayout(row)
        self.changes = QLabel()
        self.changes.setWordWrap(True)
        layout.addWidget(self.changes)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        layout.addWidget(self.table, 1)
        self.rows = []
        self.refused = ""           # why the chosen runs are not compared ("" when they are)
        self.first.currentIndexChanged.connect(lambda _i: self.refresh())
        self.second.currentIndexChanged.connect(lambda _i: self.refresh())
        self.fill()

    def fill(self) -> None:
        """List the kept runs; by default the two newest, older first."""
        runs = self.history.runs
        for combo in (self.first, self.second):
            combo.blockSignals(True)
            combo.clear()
            for run in runs:
                combo.addItem(run.label(), run.number)
            combo.blockSignals(False)
        if len(runs) >= 2:
            self.first.setCurrentIndex(len(runs) - 2)
            self.second.setCurrentIndex(len(runs) - 1)
        self.refresh()

    def choose(self, first: int, second: int) -> None:
        """Compare run number `first` with run number `second`."""
        self.first.setCurrentIndex(self.first.findData(first))
        self.second.setCurrentIndex(self.second.findData(second))
        self.refresh()

    def runs(self):
        a = self.history.find(self.first.currentData()) if self.first.count() else None
        b = self.history.find(self.second.currentData()) if self.second.count() else None
        return a, b

    def refresh(self) -> None:
        a, b = self.runs()
        if a is None or b is None:
            self.changes.setText("Run at least two batches to compare them (for example "
                                 "before and after changing a points limit).")
            self.table.setRowCount(0)
            self.rows = []
            return
        try:
            rows, changes = self.history.compare(a, b)
        except ValueError as err:
            self.refused = str(err)
            self.changes.setText(f"<span style='color:{REFUSED_INK}'><b>Not compared.</b> "
                                 f"{escape(self.refused)}</span>")
            self.table.setRowCount(0)
            self.rows = []
            self.chosen.emit()
            return
        self.refused = ""
        self.rows = rows
        if changes:
            self.changes.setText("<b>What changed in the scenario:</b><br>" +
                                 "<br>".join(changes))
        else:
            self.changes.setText("<b>The scenario is the same in both runs</b> (only the "
                                 "seed or the number of games differ).")
        self.table.setHorizontalHeaderLabels(("Figure", a.label(), b.label(), "Difference"))
        bold = QFont(self.table.font())
        bold.setBold(True)
        lines = []
        group = None
        for r in rows:
            if r.group != group:
                group = r.group
                lines.append((group, None))
            lines.append((r.label, r))
        self.table.setRowCount(len(lines))
        for i, (text, r) in enumerate(lines):
            head = QTableWidgetItem(text)
            if r is None:
                head.setFont(bold)
                self.table.setItem(i, 0, head)
                for c in (1, 2, 3):
                    self.table.setItem(i, c, QTableWidgetItem(""))
                continue
            cells = [head, QTableWidgetItem(format_value(r.a, r.kind)),
                     QTableWidgetItem(format_value(r.b, r.kind)),
                     QTableWidgetItem(format_delta(r))]
            for c, item in enumerate(cells):
                if c:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if r.notable:
                    item.setBackground(NOTABLE)
                    item.setToolTip("The 95% interval of the difference (Newcombe's) leaves "
                                    "out 0: more than chance")
                self.table.setItem(i, c, item)
        for c in (1, 2, 3):
            self.table.horizontalHeader().setSectionResizeMode(c, QHeaderView.ResizeToContents)
        self.chosen.emit()
