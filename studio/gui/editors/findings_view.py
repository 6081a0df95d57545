"""The editor's findings: what the schema and the validator say about the list or terrain
set as it stands, refreshed as you edit. Double-clicking a finding about a unit or terrain
type emits `subjectActivated(subject)` so the editor can select it."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from studio.diagnostics import Diagnostic


INK = {"error": QColor("#b3261e"), "warning": QColor("#9a6700"), "info": QColor("#3a5f8a")}
SUBJECT_ROLE = Qt.UserRole


class FindingsView(QListWidget):
    subjectActivated = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.diagnostics: list[Diagnostic] = []
        self.itemDoubleClicked.connect(self._activated)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(600, 80)

    def show_findings(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        self.clear()
        if not diagnostics:
            item = QListWidgetItem("No problems found.")
            item.setForeground(QColor("#2e7d32"))
            self.addItem(item)
            return
        for d in diagnostics:
            where = f"line {d.line}: " if d.line else ""
            item = QListWidgetItem(f"{d.severity}: {where}{d.message}  [{d.code}]")
            item.setForeground(INK.get(d.severity, QColor("black")))
            item.setData(SUBJECT_ROLE, d.subject or "")
            item.setToolTip(d.format())
            self.addItem(item)

    def counts(self) -> tuple[int, int]:
        """(errors, warnings)."""
        return (sum(d.severity == "error" for d in self.diagnostics),
                sum(d.severity == "warning" for d in self.diagnostics))

    def _activated(self, item: QListWidgetItem) -> None:
        subject = item.data(SUBJECT_ROLE)
        if subject:
            self.subjectActivated.emit(subject)
