"""The Events tab: the scenario's turn track, reinforcement waves and events in plain words
(as the playsheet prints them), with the round and blocking rule of a wave to change and
any line to remove, each one undo step. New events and waves are written in the file."""
from __future__ import annotations

import copy

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QListWidget, QListWidgetItem, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from studio.model.scenario import IF_BLOCKED
from studio.playtest.scenario_events_text import BLOCKED, event_sentence, wave_sentence

from ..document_links import relink

WHAT_ROLE = Qt.UserRole + 1           # ("turn_track" | "reinforcements" | "events", index)


def track_sentence(entry) -> str:
    words = [w for w in (entry.time_of_day, entry.weather) if w]
    return f"From round {entry.round}: {', '.join(words) if words else 'no change'}."


class EventsPanel(QWidget):
    statusMessage = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self._connections: list = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setMinimumHeight(120)
        self.list.currentRowChanged.connect(self._row_changed)
        layout.addWidget(self.list, 1)
        self.empty = QLabel("No turn track, reinforcements or events: add `turn_track:`, "
                            "`reinforcements:` or `events:` to the scenario file "
                            "(see the file formats in the documentation).")
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)

        self.wave_box = QGroupBox("Reinforcement wave")
        form = QFormLayout(self.wave_box)
        self.round = QSpinBox()
        self.round.setRange(0, 200)
        self.round.setSpecialValueText("only when an event brings it")
        self.round.setPrefix("round ")
        form.addRow("Arrives", self.round)
        self.blocked = QComboBox()
        for choice in IF_BLOCKED:
            self.blocked.addItem(BLOCKED[choice].removeprefix("if its entry is blocked, "),
                                 choice)
        form.addRow("If blocked", self.blocked)
        self.apply_button = QPushButton("Apply")
        self.apply_button.clicked.connect(self.apply_wave)
        form.addRow(self.apply_button)
        layout.addWidget(self.wave_box)

        row = QHBoxLayout()
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the chosen line (Ctrl+Z brings it back)")
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addLayout(row)
        self._update()

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [
            (doc.eventsChanged, self.rebuild), (doc.unitsChanged, self.rebuild),
            (doc.metaChanged, self.rebuild)])
        self.rebuild()

    # -- the list -----------------------------------------------------------------------
    def lines(self) -> list[tuple[str, int, str]]:
        """(list name, index, sentence) of every line, turn track first."""
        sc = self.doc.model
        out = [("turn_track", i, track_sentence(t)) for i, t in enumerate(sc.turn_track)]
        out += [("reinforcements", i, wave_sentence(w, sc))
                for i, w in enumerate(sc.reinforcements)]
        out += [("events", i, event_sentence(e, sc)) for i, e in enumerate(sc.events)]
        return out

    def rebuild(self, *_args) -> None:
        keep = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        for name, index, text in self.lines() if self.doc else []:
            item = QListWidgetItem(text)
            item.setData(WHAT_ROLE, (name, index))
            self.list.addItem(item)
            if (name, index) == keep:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._row_changed()

    def current(self) -> tuple[str, int] | None:
        item = self.list.currentItem()
        return item.data(WHAT_ROLE) if item is not None else None

    def select(self, name: str, index: int) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(WHAT_ROLE) == (name, index):
                self.list.setCurrentRow(row)

    def _row_changed(self, *_args) -> None:
        chosen = self.current()
        if chosen is not None and chosen[0] == "reinforcements":
            wave = self.doc.model.reinforcements[chosen[1]]
            self.round.setValue(wave.round or 0)
            self.blocked.setCurrentIndex(max(0, self.blocked.findData(wave.if_blocked)))
        self._update()

    def _update(self) -> None:
        chosen = self.current()
        self.wave_box.setEnabled(chosen is not None and chosen[0] == "reinforcements")
        self.remove_button.setEnabled(chosen is not None)
        self.empty.setVisible(self.list.count() == 0)

    # -- edits ---------------------------------------------------------------------------
    def apply_wave(self) -> None:
        chosen = self.current()
        if chosen is None or chosen[0] != "reinforcements":
            return
        waves = copy.deepcopy(self.doc.model.reinforcements)
        wave = waves[chosen[1]]
        wave.round = self.round.value() or None
        wave.if_blocked = self.blocked.currentData()
        if waves == self.doc.model.reinforcements:
            return
        self.doc.edit_scenario_events(f"Edit wave {wave.name or wave.id}",
                                      reinforcements=waves)
        self.statusMessage.emit(wave_sentence(wave, self.doc.model))

    def remove_selected(self) -> None:
        chosen = self.current()
        if chosen is None:
            return
        name, index = chosen
        items = copy.deepcopy(getattr(self.doc.model, name))
        removed = items.pop(index)
        what = {"turn_track": f"turn track round {getattr(removed, 'round', '')}",
                "reinforcements": f"wave {getattr(removed, 'id', '')}",
                "events": f"event {getattr(removed, 'id', '')}"}[name]
        self.doc.edit_scenario_events(f"Remove {what}", **{name: items})
        self.statusMessage.emit(f"Removed {what}")
