"""What the three option tabs of the export dialog (counters, playsheet, map) share: a change
to any field first re-enables the fields that apply to the options as now set, then tells the
dialog, which parses the options again and redraws the preview."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from .request import ExportRequest


def choice_combo(choices: tuple[tuple[str, str], ...]) -> QComboBox:
    """A combo box of (key the options parse, label people read) pairs."""
    combo = QComboBox()
    for key, label in choices:
        combo.addItem(label, key)
    return combo


class WatchedFields(QWidget):
    """Fields whose every change re-enables the ones that apply, then says ``changed``."""
    changed = Signal()

    def watch(self, *signals) -> None:
        """Every signal listed is a change of the options; called once the fields exist."""
        for signal in signals:
            signal.connect(self._changed)
        self._enable()

    def _changed(self, *_args) -> None:
        self._enable()
        self.changed.emit()

    def _enable(self) -> None:
        """Enable only the fields that matter with the options as set (most depend on none)."""


class OptionsTab(WatchedFields):
    kind = ""           # the ExportRequest kind, and the key of the tab's output path
    title = ""

    def request(self) -> ExportRequest:
        """The options as set; ValueError (worded for people) when they do not fit together."""
        raise NotImplementedError
