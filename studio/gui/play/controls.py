"""The play toolbar: leave play mode; step through the game (set-up, back, forward,
latest, jump to a round); AI pace (play/pause, step, actions per second); save and open
games."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QSlider, QToolBar

from ..widgets.glyph_icons import pause_icon, play_icon
from .session import MAX_SPEED

SPEEDS = (0.5, 1, 2, 4, 8, 15, 30, 60)      # actions per second, one per slider notch


class PlayToolbar(QToolBar):
    leaveRequested = Signal()
    saveRequested = Signal()
    openRequested = Signal()

    def __init__(self, session, parent=None) -> None:
        super().__init__("Play", parent)
        self.setObjectName("play-toolbar")
        self.session = session
        # Run/Pause carry drawn icons (fonts lack a pause sign); the rest stay text.
        self.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
        self._run_icons = (play_icon(), pause_icon())

        def act(text, slot, keys=(), tip=""):
            a = QAction(text, self)
            if keys:
                a.setShortcuts([QKeySequence(k) for k in keys])
                a.setShortcutContext(Qt.WindowShortcut)
            a.setToolTip(tip + (f" ({QKeySequence(keys[0]).toString()})" if keys else ""))
            a.triggered.connect(lambda _=False: slot())
            self.addAction(a)
            return a

        self.leave_action = act("Leave play mode", self.leaveRequested.emit, (),
                                "Back to the editor; the scenario is as you left it")
        self.addSeparator()
        self.restart_action = act("◀◀ Set-up", session.restart, ("Ctrl+Home",),
                                  "Back to the set-up, before the first decision")
        self.back_action = act("◀ Back", session.back, ("Ctrl+Left",), "One action back")
        self.forward_action = act("Forward ▶", session.forward, ("Ctrl+Right",),
                                  "One action on (at the end: the AI's next action)")
        self.end_action = act("Latest ▶▶", session.to_end, ("Ctrl+End",),
                              "To the latest action played")
        self.round_box = QComboBox()
        self.round_box.setToolTip("Jump to the start of a round")
        self.round_box.activated.connect(self._round_chosen)
        self.addWidget(self.round_box)
        self.position_label = QLabel()
        self.position_label.setMinimumWidth(130)
        self.addWidget(self.position_label)
        self.addSeparator()
        self.run_action = act("Run AI", lambda: session.set_running(not session.running),
                              ("Ctrl+P",), "Let the AI sides play on at the chosen pace, or "
                              "pause them")
        self.step_action = act("Step", session.step, ("Ctrl+.",),
                               "One AI action (or the next recorded one)")
        self.speed = QSlider(Qt.Horizontal)
        self.speed.setRange(0, len(SPEEDS) - 1)
        self.speed.setFixedWidth(110)
        self.speed.setToolTip("AI speed: actions per second")
        self.speed.setValue(min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - session.speed)))
        self.speed.valueChanged.connect(self._speed_changed)
        self.addWidget(self.speed)
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(60)
        self.addWidget(self.speed_label)
        self.addSeparator()
        self.save_action = act("Save game…", self.saveRequested.emit, (),
                               "Save the game and its log (.jsonl)")
        self.open_action = act("Open game…", self.openRequested.emit, (),
                               "Open a saved game to replay or play on")

        session.changed.connect(self.refresh)
        session.runningChanged.connect(lambda _on: self.refresh())
        self._speed_changed(self.speed.value())
        self.refresh()

    def _speed_changed(self, index: int) -> None:
        value = SPEEDS[index]
        self.session.set_speed(min(value, MAX_SPEED))
        self.speed_label.setText(f"{value:g}/s")

    def _round_chosen(self, index: int) -> None:
        r = self.round_box.itemData(index)
        if r is not None:
            self.session.to_round(r)

    def refresh(self) -> None:
        s = self.session
        t = s.timeline
        self.restart_action.setEnabled(t.position > 0)
        self.back_action.setEnabled(t.position > 0)
        self.forward_action.setEnabled(not t.at_end or (s.ai_to_act() and not s.state.over))
        self.end_action.setEnabled(not t.at_end)
        has_ai = any(p is not None for p in s.players.values())
        self.run_action.setEnabled(has_ai or not t.at_end)
        self.run_action.setText("Pause" if s.running else "Run AI")
        self.run_action.setIcon(self._run_icons[1 if s.running else 0])
        self.step_action.setEnabled(not t.at_end or s.ai_to_act())
        starts = t.round_starts()
        current = t.round_at(t.position)
        self.round_box.blockSignals(True)
        if self.round_box.count() != len(starts):
            self.round_box.clear()
            for r in sorted(starts):
                self.round_box.addItem(f"Round {r}", r)
        self.round_box.setCurrentIndex(max(0, self.round_box.findData(current)))
        self.round_box.blockSignals(False)
        self.position_label.setText(f" action {t.position} of {t.length} ")
