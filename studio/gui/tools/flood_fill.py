"""Flood fill: replaces the clicked hex's terrain in its whole connected area."""
from __future__ import annotations

from PySide6.QtCore import Qt

from ..document import EditRefused
from ..wording import hex_count
from .base import Tool


class FillTool(Tool):
    name = "fill"
    title = "Flood fill"
    shortcut = Qt.Key_2

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        try:
            command = self.doc.fill(ev.hex, self.ctl.symbol)
        except EditRefused as err:
            self.refused(err)
            return True
        if command is None:
            self.status(f"{self.doc.label(ev.hex)} is already {self.doc.terrain_name(self.ctl.symbol)}")
        else:
            self.status(f"Filled {hex_count(command.count)} with "
                        f"{self.doc.terrain_name(self.ctl.symbol)}")
        return True
