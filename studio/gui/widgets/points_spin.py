"""A spin box for points: "100", not "100.0"; "12.5" when a half point is set."""
from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox

from studio.armies.cell_values import format_number


class PointsSpinBox(QDoubleSpinBox):
    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt's name)
        return format_number(round(value, self.decimals()))
