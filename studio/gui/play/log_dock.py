"""The game log: every action and roll in plain words, filterable by side and round.
Clicking an entry centres the map on where it happened and flashes the hex. Entries after
the position being shown (when stepping back through a game) are greyed. In a game that
hides units, it lists only what the side at the screen saw (`PlaySession.viewer`)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDockWidget, QHBoxLayout, QLabel,
                               QListWidget, QListWidgetItem, QVBoxLayout, QWidget)

from ..mapview.overlays import side_colour

FUTURE = QColor(150, 150, 150)
PLAIN = QColor(20, 20, 20)


class LogDock(QDockWidget):
    entryActivated = Signal(object)          # LogEntry

    def __init__(self, session, view, parent=None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("game-log-dock")
        self.session = session
        self.view = view
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel("Side:"))
        self.side_filter = QComboBox()
        self.side_filter.addItem("All sides", None)
        for sid, name in session.names.side_names.items():
            self.side_filter.addItem(name, sid)
        row.addWidget(self.side_filter)
        row.addWidget(QLabel("Round:"))
        self.round_filter = QComboBox()
        row.addWidget(self.round_filter)
        self.follow = QCheckBox("Follow the game")
        self.follow.setChecked(True)
        row.addWidget(self.follow)
        row.addStretch(1)
        layout.addLayout(row)
        self.list = QListWidget()
        self.list.setUniformItemSizes(True)
        self.list.setAlternatingRowColors(True)
        layout.addWidget(self.list)
        self.setWidget(body)
        self._colours = {s.id: side_colour(s.colour).darker(160) for s in session.scenario.sides}
        self._bold = QFont()
        self._bold.setBold(True)
        self._positions: list[int] = []
        self._shown_position = 0
        self._viewer = session.viewer()

        self.side_filter.currentIndexChanged.connect(lambda _i: self.apply_filter())
        self.round_filter.currentIndexChanged.connect(lambda _i: self.apply_filter())
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        session.logAdded.connect(self.append)
        session.logReset.connect(self.rebuild)
        session.changed.connect(self._position_changed)
        self.rebuild()

    # -- filling -------------------------------------------------------------------------

    def rebuild(self) -> None:
        self.list.clear()
        self._positions = []
        self._fill_rounds()
        self._add(self.session.entries)
        self._shown_position = self.session.position
        self._grey_range(0, len(self._positions))
        self.apply_filter()
        self._scroll()

    def append(self, entries) -> None:
        if entries and entries[-1].round > self.round_filter.count() - 1:
            self._fill_rounds()
        start = len(self._positions)
        self._add(entries)
        self._grey_range(start, len(self._positions))
        self._viewer = self.session.viewer()
        for i in range(start, len(self._positions)):
            self.list.setRowHidden(i, not self._passes(self.session.entries[i]))
        self._scroll()

    def _add(self, entries) -> None:
        for e in entries:
            item = QListWidgetItem(e.text)
            item.setData(Qt.UserRole, e.number)
            if e.kind in ("round", "game-over"):
                item.setFont(self._bold)
            if e.hexes:
                item.setToolTip(f"Round {e.round}; at {', '.join(e.hexes)}: click to show it "
                                "on the map")
            self.list.addItem(item)
            self._positions.append(e.position)

    def _fill_rounds(self) -> None:
        current = self.round_filter.currentData()
        rounds = sorted({e.round for e in self.session.entries} | {1})
        self.round_filter.blockSignals(True)
        self.round_filter.clear()
        self.round_filter.addItem("All rounds", None)
        for r in rounds:
            self.round_filter.addItem(f"Round {r}", r)
        i = self.round_filter.findData(current)
        self.round_filter.setCurrentIndex(i if i >= 0 else 0)
        self.round_filter.blockSignals(False)

    def _colour(self, entry, future: bool) -> QColor:
        if future:
            return FUTURE
        if len(entry.sides) == 1:
            return self._colours.get(next(iter(entry.sides)), PLAIN)
        return PLAIN

    def _grey_range(self, lo: int, hi: int) -> None:
        pos = self.session.position
        entries = self.session.entries
        for i in range(lo, hi):
            item = self.list.item(i)
            item.setForeground(QBrush(self._colour(entries[i], self._positions[i] > pos)))

    def _position_changed(self) -> None:
        if self.session.viewer() != self._viewer:
            self.apply_filter()         # another side's eyes: its log, not the last one's
        new = self.session.position
        old = self._shown_position
        if new == old:
            return
        lo, hi = min(old, new), max(old, new)
        # Only entries whose position lies between the old and new positions change colour.
        self._grey_range(bisect_left(self._positions, lo), bisect_right(self._positions, hi))
        self._shown_position = new
        self._scroll()

    def _scroll(self) -> None:
        if not self.follow.isChecked() or not self._positions:
            return
        last = bisect_right(self._positions, self.session.position) - 1
        if last >= 0:
            self.list.scrollToItem(self.list.item(last))

    # -- filters -------------------------------------------------------------------------

    def set_filter(self, side_id: str | None = None, round_number: int | None = None) -> None:
        i = self.side_filter.findData(side_id)
        self.side_filter.setCurrentIndex(max(0, i))
        if round_number is not None and self.round_filter.findData(round_number) < 0:
            self._fill_rounds()
        j = self.round_filter.findData(round_number)
        self.round_filter.setCurrentIndex(max(0, j))
        self.apply_filter()

    def _passes(self, e) -> bool:
        if not e.seen(self._viewer):
            return False
        side = self.side_filter.currentData()
        rnd = self.round_filter.currentData()
        if rnd is not None and e.round != rnd:
            return False
        if side is not None and e.sides and side not in e.sides:
            return False
        return True

    def apply_filter(self) -> None:
        self._viewer = self.session.viewer()
        for i, e in enumerate(self.session.entries):
            self.list.setRowHidden(i, not self._passes(e))

    def visible_entries(self) -> list:
        return [e for i, e in enumerate(self.session.entries) if not self.list.isRowHidden(i)]

    # -- jumping -------------------------------------------------------------------------

    def _clicked(self, item: QListWidgetItem) -> None:
        entry = self.session.entries[item.data(Qt.UserRole)]
        self.show_entry(entry)

    def show_entry(self, entry) -> None:
        if entry.hexes:
            try:
                h = self.view.doc.geometry.parse_label(entry.hexes[0])
            except ValueError:
                h = None
            if h is not None:
                self.view.show_hex(h)
        self.entryActivated.emit(entry)
