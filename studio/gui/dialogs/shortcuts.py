"""Help > Keyboard shortcuts: every menu shortcut of the window, then the map view's own keys."""
from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHeaderView, QTableWidget,
                               QTableWidgetItem, QVBoxLayout)
from ..screen_fit import fit_to_screen

MAP_KEYS = (
    ("Wheel", "Zoom around the cursor (Ctrl+wheel always zooms)"),
    ("Middle drag, Space+drag", "Pan the map"),
    ("+ / -", "Zoom in / out (map focused), about the hex cursor when it is in view"),
    ("Arrow keys", "Move the hex cursor (map focused); the status bar reads its hex"),
    ("Ctrl+arrow keys", "Pan the map a quarter of the view"),
    ("Home", "Fit the whole map (map focused)"),
    ("Return", "Use the current tool on the hex cursor's hex, as a click would"),
    ("Q / E, wheel on the selected unit", "Turn the selected unit (unit tool)"),
    ("Delete", "Selected unit back to the reserve; selected objective removed"),
    ("Shift+Delete", "Remove the selected unit from the roster"),
    ("R / Shift+R", "Turn the region being pasted by 60°"),
    ("Esc", "Cancel the tool's current action, or stop picking hexes"),
)


def menu_shortcuts(window) -> list[tuple[str, str]]:
    """(keys, what) for every action in the window's menus that has a shortcut."""
    rows = []
    seen = set()
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if menu is None:
            continue
        stack = [(menu, menu_action.text().replace("&", ""))]
        while stack:
            current, title = stack.pop(0)
            for action in current.actions():
                if action.menu() is not None:
                    stack.append((action.menu(), title))
                    continue
                keys = [s.toString(QKeySequence.NativeText) for s in action.shortcuts()]
                if keys and action not in seen:
                    seen.add(action)
                    rows.append((", ".join(keys), f"{title}: {action.text().replace('&', '')}"))
    return rows


class ShortcutsDialog(QDialog):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        fit_to_screen(self, 560, 620)
        rows = menu_shortcuts(window) + [(k, f"Map: {w}") for k, w in MAP_KEYS]
        table = QTableWidget(len(rows), 2)
        table.setHorizontalHeaderLabels(["Keys", "Does"])
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeToContents)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        for i, (keys, what) in enumerate(rows):
            table.setItem(i, 0, QTableWidgetItem(keys))
            table.setItem(i, 1, QTableWidgetItem(what))
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
