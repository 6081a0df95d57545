""""Fill to limit" shown before it is applied: the units it would add and why, what it could
not do, and the points after; Accept applies it as one undo step."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout)

from studio.armies.cell_values import format_number
from studio.armies.fill import FillSuggestion


NOTE_INK = QColor("#a05a00")


class FillPanel(QGroupBox):
    accepted = Signal(object)       # the FillSuggestion
    dismissed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__("Fill to limit: suggestion", parent)
        layout = QVBoxLayout(self)
        self.items = QListWidget()
        self.items.setWordWrap(True)
        self.items.setMaximumHeight(90)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        buttons = QHBoxLayout()
        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Add these units to the roster (one undo step)")
        self.dismiss_button = QPushButton("Dismiss")
        buttons.addStretch(1)
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.dismiss_button)
        layout.addWidget(self.items)
        layout.addWidget(self.summary)
        layout.addLayout(buttons)
        self.suggestion: FillSuggestion | None = None
        self.accept_button.clicked.connect(self._accept)
        self.dismiss_button.clicked.connect(self._dismiss)

    def show_suggestion(self, suggestion: FillSuggestion, name_of: Callable[[str], str],
                        cost_of: Callable[[str], float | None]) -> None:
        self.suggestion = suggestion
        self.items.clear()
        for a in suggestion.additions:
            cost = cost_of(a.type)
            pts = "" if cost is None else f", {format_number(cost * a.count)} pts"
            self.items.addItem(f"+ {a.count} × {name_of(a.type)}  ({a.reason}{pts})")
        for note in suggestion.notes:
            item = QListWidgetItem(f"! {note}")
            item.setForeground(NOTE_INK)
            self.items.addItem(item)
        limit = "no limit" if suggestion.limit is None else f"limit {format_number(suggestion.limit)}"
        if suggestion.empty:
            self.summary.setText(f"Nothing to add ({limit}).")
        else:
            self.summary.setText(f"Points {format_number(suggestion.points_before)} → "
                                 f"{format_number(suggestion.points_after)} ({limit}).")
        self.accept_button.setEnabled(not suggestion.empty)
        self.show()

    def _accept(self) -> None:
        if self.suggestion is not None and not self.suggestion.empty:
            self.accepted.emit(self.suggestion)
        self.hide()

    def _dismiss(self) -> None:
        self.suggestion = None
        self.hide()
        self.dismissed.emit()
