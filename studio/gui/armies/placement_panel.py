"""The roster as the map sees it: entries still to place and entries placed. Asking to
place an entry emits `placeRequested(roster_index)`; the builder adds the side and the main
window hands it to the map's placement tool. Entries can also be dragged onto the map (the
builder keeps `side_id` up to date, the drag carries it with the roster index)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTreeWidgetItem, QVBoxLayout, QWidget

from studio.armies.roster import PlacementEntry, placement_entries
from studio.model import RosterUnit

from ..tools.roster_drag import RosterTree
from ..widgets.tree_columns import set_columns


INDEX_ROLE = Qt.UserRole
PLACED_INK = QColor("#666666")


class PlacementPanel(QWidget):
    placeRequested = Signal(int)           # roster index
    leaderRequested = Signal(int, bool)    # roster index, mark (True) or clear (False)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.side_id: str | None = None      # whose roster is shown: set by the builder
        self.tree = RosterTree(self._entry_of)
        set_columns(self.tree, ["Roster entry", "Hex", "Facing"], stretch=0)
        self.tree.setUniformRowHeights(True)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.currentItemChanged.connect(self._current_changed)
        self._refreshing = False
        layout.addWidget(self.tree, 1)
        buttons = QHBoxLayout()
        self.place_button = QPushButton("Place on map")
        self.place_button.setToolTip("Arm the map's unit tool with this entry: click a hex to "
                                     "place it (double-click an entry does the same, or drag "
                                     "it onto the map)")
        self.place_button.clicked.connect(self.place_current)
        self.leader_button = QPushButton("Army Leader")
        self.leader_button.setCheckable(True)
        self.leader_button.setToolTip("Mark this unit as the side's Army Leader (lists whose "
                                      "leader is not a unit type of its own)")
        self.leader_button.clicked.connect(self._leader_clicked)
        buttons.addWidget(self.place_button)
        buttons.addWidget(self.leader_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.to_place_group = QTreeWidgetItem(self.tree, ["To place"])
        self.placed_group = QTreeWidgetItem(self.tree, ["Placed"])
        for group in (self.to_place_group, self.placed_group):
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFlags(Qt.ItemIsEnabled)
        self.to_place: list[PlacementEntry] = []
        self.placed: list[PlacementEntry] = []
        self._update_buttons()

    def show_roster(self, units: list[RosterUnit], name_of: Callable[[str], str],
                    faced: Callable[[str], bool] = lambda type_id: True) -> None:
        """`faced(type id)`: whether its units have a facing to show (an Action Dice
        skirmisher has none, whatever its file says)."""
        current = self.current_index()
        self._refreshing = True
        self.to_place, self.placed = placement_entries(units)
        for group in (self.to_place_group, self.placed_group):
            group.takeChildren()
        to_place_units = sum(e.count for e in self.to_place)
        self.to_place_group.setText(0, f"To place ({to_place_units})")
        self.placed_group.setText(0, f"Placed ({len(self.placed)})")
        for entry in self.to_place + self.placed:
            name = name_of(entry.type)
            label = f"{name} × {entry.count}" if entry.count > 1 else name
            if entry.id and entry.placed:
                label += f"  [{entry.id}]"
            if entry.leader:
                label += "  (Army Leader)"
            facing = entry.facing if faced(entry.type) else None
            item = QTreeWidgetItem([label, entry.hex or "", facing or ""])
            item.setData(0, INDEX_ROLE, entry.index)
            if entry.placed:
                for col in range(3):
                    item.setForeground(col, PLACED_INK)
            (self.placed_group if entry.placed else self.to_place_group).addChild(item)
        self.tree.expandAll()
        if current is not None:
            self.select_index(current)
        self._refreshing = False
        self._update_buttons()

    def _entry_of(self, item: QTreeWidgetItem) -> tuple[str, int] | None:
        value = item.data(0, INDEX_ROLE)
        if value is None or self.side_id is None:
            return None
        return self.side_id, int(value)

    def entry_items(self) -> list[QTreeWidgetItem]:
        return [g.child(i) for g in (self.to_place_group, self.placed_group)
                for i in range(g.childCount())]

    def current_index(self) -> int | None:
        item = self.tree.currentItem()
        if item is None:
            return None
        value = item.data(0, INDEX_ROLE)
        return int(value) if value is not None else None

    def select_index(self, index: int) -> None:
        for item in self.entry_items():
            if item.data(0, INDEX_ROLE) == index:
                self.tree.setCurrentItem(item)
                return

    def current_entry(self) -> PlacementEntry | None:
        index = self.current_index()
        return next((e for e in self.to_place + self.placed if e.index == index), None)

    def place_current(self) -> None:
        entry = self.current_entry()
        if entry is not None and not entry.placed:
            self.placeRequested.emit(entry.index)

    def _current_changed(self, *_args) -> None:
        """Choosing an entry still to place arms the map's unit tool with it: the designer
        picks it, then clicks a hex (a refresh of the list re-selecting it does not)."""
        self._update_buttons()
        if not self._refreshing:
            self.place_current()

    def _double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        value = item.data(0, INDEX_ROLE)
        entry = next((e for e in self.to_place if e.index == value), None)
        if entry is not None:
            self.placeRequested.emit(entry.index)

    def _leader_clicked(self, checked: bool) -> None:
        entry = self.current_entry()
        if entry is not None:
            self.leaderRequested.emit(entry.index, checked)

    def _update_buttons(self) -> None:
        entry = self.current_entry()
        self.place_button.setEnabled(entry is not None and not entry.placed)
        self.leader_button.setEnabled(entry is not None)
        self.leader_button.blockSignals(True)
        self.leader_button.setChecked(entry is not None and entry.leader)
        self.leader_button.blockSignals(False)
