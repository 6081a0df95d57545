"""The back offset (right, up in millimetres) shared by the Counters and Calibration tabs,
and how to measure it: the Calibration tab's test sheet, printed double-sided and held to
the light, reads it on the back's scales."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from .fields import hint_label, mm_spin, mm_text

HOW_TO_READ = ("Measure it with the Calibration tab: print its sheet double-sided as the "
               "counters will be, hold it to the light with the back towards you, and read "
               "where the front's lines cross the centre's scales (X right, Y up; the sheet "
               "calls it --back-offset X,Y).")


class BackOffsetField(QWidget):
    """Two millimetre boxes; ``text()`` is the offset as the options parse it ("0.6mm,-0.3mm")."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.x = mm_spin(0, -10, 10, 0.1, tip="Moves every back page right")
        self.y = mm_spin(0, -10, 10, 0.1, tip="Moves every back page up")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for text, spin in (("right", self.x), ("up", self.y)):
            row.addWidget(spin)
            row.addWidget(QLabel(text))
            spin.valueChanged.connect(lambda _v: self.changed.emit())
        row.addStretch(1)
        self.setToolTip(HOW_TO_READ)

    def text(self) -> str:
        return f"{mm_text(self.x)},{mm_text(self.y)}"


def how_to_read_label() -> QLabel:
    return hint_label(HOW_TO_READ)
