"""The small dialogs of the army-list editor (a composition rule, a special rule, an ability)
check what was typed when OK is pressed: a wrong value keeps the dialog open with the reason
under the fields, so it is fixed where it was typed and never reaches the list."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

ERROR_STYLE = "color: #b3261e;"


class CheckedDialog(QDialog):
    """A subclass lays out its fields, calls `add_reason_and_buttons` under them and says
    how to `build` its value (ValueError, worded for people, when a field is wrong)."""

    def __init__(self, title: str, min_width: int, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(min_width)
        self.built: Any = None

    def add_reason_and_buttons(self, layout: QVBoxLayout) -> None:
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(ERROR_STYLE)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def build(self) -> Any:
        raise NotImplementedError

    def accept(self) -> None:
        try:
            self.built = self.build()
        except ValueError as err:
            self.error.setText(str(err))
            return
        super().accept()

    def ask(self) -> Any:
        """Run the dialog: the value it built, or None when it was cancelled."""
        return self.built if self.exec() == QDialog.Accepted else None
