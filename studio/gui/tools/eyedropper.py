"""Eyedropper: takes the terrain (and elevation) of the clicked hex, then hands back to the
tool used before."""
from __future__ import annotations

from PySide6.QtCore import Qt

from .base import Tool


class EyedropperTool(Tool):
    name = "eyedropper"
    title = "Eyedropper"
    shortcut = Qt.Key_4

    def press(self, ev) -> bool:
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        self.ctl.pick_terrain(ev.hex)
        self.ctl.return_to_previous_tool()
        return True
