"""The Problems dock: every finding about the scenario being edited (severity, code, message,
where), refreshed as the scenario changes. Choosing one jumps to what it concerns."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDockWidget, QStyle, QTreeWidget, QTreeWidgetItem, QVBoxLayout,
                               QWidget)

from ..widgets.tree_columns import set_columns
from .problem_targets import Problem

ICONS = {"error": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning,
         "info": QStyle.SP_MessageBoxInformation}
PROBLEM_ROLE = Qt.UserRole


def summary(problems: list[Problem]) -> str:
    counts = {}
    for p in problems:
        counts[p.diagnostic.severity] = counts.get(p.diagnostic.severity, 0) + 1
    if not counts:
        return "No problems found"
    parts = []
    for severity in ("error", "warning", "info"):
        n = counts.get(severity, 0)
        if n:
            word = {"error": "error", "warning": "warning", "info": "note"}[severity]
            parts.append(f"{n} {word}{'s' if n != 1 else ''}")
    return ", ".join(parts)


class ProblemsDock(QDockWidget):
    problemActivated = Signal(object)       # Problem

    def __init__(self, parent=None) -> None:
        super().__init__("Problems", parent)
        self.setObjectName("problems-dock")
        self.problems: list[Problem] = []
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 2, 4, 4)
        self.summary = "Checking…"
        self._busy = False
        self.tree = QTreeWidget()
        set_columns(self.tree, ["Severity", "Code", "Message", "Where"], stretch=2)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(False)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        layout.addWidget(self.tree, 1)
        self.setWidget(body)

    def set_validating(self, busy: bool) -> None:
        self._busy = busy
        self._show_title()

    def _show_title(self) -> None:
        title = f"Problems: {self.summary.lower()}" if self.problems else "Problems: none"
        self.setWindowTitle(title + ("  (checking…)" if self._busy else ""))

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.tree.clear()
        style = self.style()
        for p in problems:
            d = p.diagnostic
            item = QTreeWidgetItem(self.tree)
            item.setIcon(0, style.standardIcon(ICONS.get(d.severity, QStyle.SP_MessageBoxQuestion)))
            item.setText(0, d.severity)
            item.setText(1, d.code)
            item.setText(2, d.message)
            where = p.where()
            if d.line is not None:
                where = f"{where}  (line {d.line})" if where else f"line {d.line}"
            item.setText(3, where)
            item.setToolTip(2, d.message)
            item.setToolTip(3, d.format())
            item.setData(0, PROBLEM_ROLE, p)
        self.summary = summary(problems)
        self._show_title()

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        problem = item.data(0, PROBLEM_ROLE)
        if problem is not None:
            self.problemActivated.emit(problem)

    def activate_row(self, row: int) -> None:
        item = self.tree.topLevelItem(row)
        if item is not None:
            self.tree.setCurrentItem(item)
            self._clicked(item)
