"""Keys in the main window's editing fields versus the map's single-key tool shortcuts.

The tools answer to bare keys (1-9, 0, [, ]) from anywhere in the window, and a text or
number field must still take those keys while the designer types in it. What went wrong was
focus left behind: after setting an objective's points to 3, "1" meant for the brush made
them 31. So:

- a field keeps every key typed into it (Qt's shortcut override does this) and Ctrl+Z /
  Ctrl+Shift+Z / Ctrl+Y undo and redo the field's text, not the document;
- Enter or Esc in a one-line field ends the edit and gives the keyboard back to the map;
- the pointer entering the map takes the keyboard back once the field has had no key for
  `IDLE_SECONDS` (a designer typing with the pointer resting on the map keeps typing).

Elsewhere (map, lists, buttons) the bare keys choose tools and Ctrl+Z undoes the document.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit,
                               QTextEdit, QWidget)

IDLE_SECONDS = 1.0
ONE_LINE = (QLineEdit, QAbstractSpinBox)
FIELDS = ONE_LINE + (QTextEdit, QPlainTextEdit)
UNDO_KEYS = (QKeySequence("Ctrl+Z"), QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z"))


def _sequence(event) -> QKeySequence:
    return QKeySequence(event.keyCombination())


def _line_edit(widget: QWidget) -> QLineEdit | None:
    if isinstance(widget, QAbstractSpinBox):
        return widget.lineEdit()
    return widget if isinstance(widget, QLineEdit) else None


def is_field(widget) -> bool:
    """An enabled, writable text or number field."""
    if not isinstance(widget, FIELDS) or not widget.isEnabled():
        return False
    read_only = getattr(widget, "isReadOnly", None)
    return not (read_only is not None and read_only())


class FieldKeys(QObject):
    """Watches the focused field of `window` and the map view's viewport."""

    def __init__(self, window, view) -> None:
        super().__init__(window)
        self.window = window
        self.view = view
        self.field: QWidget | None = None
        self.last_key = 0.0
        view.viewport().installEventFilter(self)
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old, new) -> None:
        if self.field is not None:
            try:
                self.field.removeEventFilter(self)
            except RuntimeError:        # already deleted
                pass
            self.field = None
        if is_field(new) and new.window() is self.window:
            self.field = new
            new.installEventFilter(self)
            self.last_key = 0.0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if obj is self.field:
            if kind == QEvent.ShortcutOverride and _sequence(event) in UNDO_KEYS:
                event.accept()          # the field gets the key press (undo its own text)
                return True
            if kind == QEvent.KeyPress:
                self.last_key = time.monotonic()
                return self._key_press(obj, event)
        elif kind == QEvent.Enter and obj is self.view.viewport():
            self._enter_map()
        return False

    def _key_press(self, field: QWidget, event) -> bool:
        seq = _sequence(event)
        if seq in UNDO_KEYS:
            line = _line_edit(field)
            target = line if line is not None else field
            before = target.toPlainText() if line is None else line.text()
            (target.undo if seq == UNDO_KEYS[0] else target.redo)()
            if field is line and line.text() != before:
                line.textEdited.emit(line.text())   # as typing would: the panel saves it
            return True
        if event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Escape) and \
                isinstance(field, ONE_LINE):
            # After the field has handled the key (editingFinished commits it).
            QTimer.singleShot(0, self._to_map)
        return False

    def _enter_map(self) -> None:
        if self.field is not None and time.monotonic() - self.last_key >= IDLE_SECONDS:
            self._to_map()

    def _to_map(self) -> None:
        if self.view.isVisible():
            self.view.setFocus(Qt.OtherFocusReason)
