"""Small helpers the panels share: showing model values without echoing them back as edits,
and drawing the eye to a field the problems panel points at."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QWidget

FLASH_STYLE = "background-color: #fff3a0;"
FLASH_MS = 1500


@contextmanager
def quiet(*widgets: QWidget) -> Iterator[None]:
    """Change widgets without their signals firing (the value comes from the model)."""
    old = [w.blockSignals(True) for w in widgets]
    try:
        yield
    finally:
        for w, was in zip(widgets, old):
            w.blockSignals(was)


def show_text(widget: QLineEdit | QPlainTextEdit, text: str) -> None:
    """Put the model's text in an editor, leaving it alone when it already shows it (so the
    cursor does not jump while the user types)."""
    current = widget.toPlainText() if isinstance(widget, QPlainTextEdit) else widget.text()
    if current == text:
        return
    with quiet(widget):
        if isinstance(widget, QPlainTextEdit):
            widget.setPlainText(text)
        else:
            widget.setText(text)


def choose_data(combo: QComboBox, value) -> None:
    with quiet(combo):
        i = combo.findData(value)
        combo.setCurrentIndex(i if i >= 0 else -1)


def flash(widget: QWidget) -> None:
    """Focus a field and tint it for a moment."""
    widget.setFocus()
    before = widget.styleSheet()
    widget.setStyleSheet(before + FLASH_STYLE)

    def restore() -> None:
        try:
            widget.setStyleSheet(before)
        except RuntimeError:
            pass        # the widget is gone
    QTimer.singleShot(FLASH_MS, restore)
