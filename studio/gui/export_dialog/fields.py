"""The small input widgets the option tabs share: lengths in millimetres, the counter size
(the usual inch sizes or a custom one), a check box per side, and a note under the fields."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QGridLayout, QHBoxLayout,
                               QLabel, QWidget)

from studio.export.lengths import format_length, parse_length

# (what the exporters read, what the list shows)
COUNTER_PRESETS = (("1/2in", "½″"), ("9/16in", "⁹⁄₁₆″"), ("5/8in", "⅝″"), ("3/4in", "¾″"),
                   ("1in", "1″"))
CUSTOM = "custom"
SIDES_PER_ROW = 3


def mm_spin(value: float, minimum: float = 0.0, maximum: float = 100.0, step: float = 0.5,
            decimals: int = 1, tip: str = "") -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(minimum, maximum)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setSuffix(" mm")
    spin.setKeyboardTracking(False)     # one change per finished number, not per digit
    if tip:
        spin.setToolTip(tip)
    return spin


def hint_label(text: str) -> QLabel:
    """A wrapped note under a tab's fields, in the style sheet's quieter "hint" look."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setObjectName("hint")
    return label


def widget_row(*items: QWidget | str) -> QWidget:
    """Widgets side by side on one form row, left-aligned; a string is a label."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for item in items:
        layout.addWidget(QLabel(item) if isinstance(item, str) else item)
    layout.addStretch(1)
    return row


def mm_text(spin: QDoubleSpinBox) -> str:
    """The spin box's value as the length text the options parse (``"12.7mm"``)."""
    return f"{round(spin.value(), spin.decimals()):g}mm"


class CounterSizeField(QWidget):
    """A list of the usual counter sizes plus "Custom", and a millimetre box for it."""

    changed = Signal()

    def __init__(self, default: str = "5/8in", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = QComboBox()
        for key, label in COUNTER_PRESETS:
            self.combo.addItem(f"{label}  ({format_length(parse_length(key)).split(' (')[0]})",
                               key)
        self.combo.addItem("Custom", CUSTOM)
        self.custom = mm_spin(16.0, 5.0, 80.0, 0.5, tip="Counter width and height")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo, 1)
        layout.addWidget(self.custom)
        self.set_size(default)
        self.combo.currentIndexChanged.connect(self._combo_changed)
        self.custom.valueChanged.connect(lambda _v: self.changed.emit())

    def _combo_changed(self, _index: int) -> None:
        self.custom.setEnabled(self.combo.currentData() == CUSTOM)
        self.changed.emit()

    def set_size(self, text: str) -> None:
        """A preset's key ("5/8in") chooses it; any other length becomes the custom size."""
        index = self.combo.findData(text)
        if index < 0:
            self.custom.setValue(parse_length(text) * 25.4 / 72.0)
            index = self.combo.findData(CUSTOM)
        self.combo.setCurrentIndex(index)
        self.custom.setEnabled(self.combo.currentData() == CUSTOM)

    def text(self) -> str:
        key = self.combo.currentData()
        return mm_text(self.custom) if key == CUSTOM else key

    def points(self) -> float:
        return parse_length(self.text())


class SideChecks(QWidget):
    """One check box per side of the scenario, all ticked to start with."""

    changed = Signal()

    def __init__(self, sides: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[str, QCheckBox] = {}
        for i, (side_id, name) in enumerate(sides):
            box = QCheckBox(name)
            box.setToolTip(f"side id: {side_id}")
            box.setChecked(True)
            box.toggled.connect(lambda _on: self.changed.emit())
            layout.addWidget(box, i // SIDES_PER_ROW, i % SIDES_PER_ROW)
            self.boxes[side_id] = box
        layout.setColumnStretch(SIDES_PER_ROW, 1)

    def checked_ids(self) -> tuple[str, ...]:
        return tuple(i for i, box in self.boxes.items() if box.isChecked())

    def all_checked(self) -> bool:
        return all(box.isChecked() for box in self.boxes.values())

    def set_checked(self, side_id: str, on: bool) -> None:
        self.boxes[side_id].setChecked(on)
