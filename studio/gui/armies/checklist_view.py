"""The composition checklist: one line per rule, green with a tick when met, red with a
cross and the reason when not."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from studio.armies.checklist import CheckLine


MET = QColor("#2e7d32")
UNMET = QColor("#c62828")
OK_ROLE = Qt.UserRole


def _mark(ok: bool, size: int = 16) -> QIcon:
    pix = QPixmap(size, size)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setPen(Qt.NoPen)
    p.setBrush(MET if ok else UNMET)
    p.drawEllipse(1, 1, size - 2, size - 2)
    pen = QPen(QColor("white"), size / 8)
    pen.setCapStyle(Qt.RoundCap)
    p.setPen(pen)
    s = size
    if ok:
        p.drawPolyline([QPointF(s * .28, s * .52), QPointF(s * .44, s * .68),
                        QPointF(s * .72, s * .34)])
    else:
        p.drawLine(QPointF(s * .32, s * .32), QPointF(s * .68, s * .68))
        p.drawLine(QPointF(s * .68, s * .32), QPointF(s * .32, s * .68))
    p.end()
    return QIcon(pix)


class ChecklistView(QListWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QListWidget.NoSelection)
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.NoFocus)
        self._icons = {True: _mark(True), False: _mark(False)}
        self._lines: list[CheckLine] = []

    def show_lines(self, lines: list[CheckLine], empty_text: str = "") -> None:
        self._lines = list(lines)
        self.clear()
        for line in lines:
            item = QListWidgetItem(self._icons[line.ok], line.text)
            item.setForeground(MET if line.ok else UNMET)
            item.setData(OK_ROLE, line.ok)
            item.setToolTip(f"{line.kind} rule: {'met' if line.ok else 'not met'}; "
                            f"needs {line.required}")
            self.addItem(item)
        if not lines and empty_text:
            item = QListWidgetItem(empty_text)
            item.setForeground(QColor("#666666"))
            self.addItem(item)

    def lines(self) -> list[CheckLine]:
        return list(self._lines)

    def all_met(self) -> bool:
        return bool(self._lines) and all(line.ok for line in self._lines)
