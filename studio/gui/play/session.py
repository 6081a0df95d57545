"""One test game in the studio: the timeline, who plays each side, the log entries, and
the pace at which AIs act (a QTimer; their choices are computed by `AiRunner`).

The session plays on its own copy of the scenario; nothing here touches the editor's
document. Views follow the signals:

    changed()            the state shown changed (an action, a step, a jump)
    played(list)         events of an action just played (transient dice labels)
    logReset()           log entries rebuilt (a branch, a game opened)
    logAdded(list)       LogEntry objects appended
    message(str)         for the status bar
    runningChanged(bool) AI auto-play on/off
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from studio.engine import IllegalAction
from studio.playtest.game_file import game_text
from studio.playtest.log_entries import LogBuilder, LogEntry, entries_builder
from studio.playtest.names import Names
from studio.playtest.players import PLAYER_KINDS, PlaySetup
from studio.playtest.timeline import Timeline, unit_positions

from .ai_runner import AiRunner

DEFAULT_SPEED = 4.0          # AI actions per second
MAX_SPEED = 60.0


class PlaySession(QObject):
    changed = Signal()
    played = Signal(object)
    logReset = Signal()
    logAdded = Signal(object)
    message = Signal(str)
    runningChanged = Signal(bool)

    def __init__(self, scenario: Any, library: Any, setup: PlaySetup, *,
                 scenario_path: str | Path | None = None, timeline: Timeline | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.library = library
        self.setup = setup
        self.scenario_path = Path(scenario_path) if scenario_path else None
        self.timeline = timeline if timeline is not None else \
            Timeline(scenario, library, setup.dice_seed)
        self.names = Names(self.timeline.initial)
        self.players = setup.players()
        self.entries: list[LogEntry] = []
        self._builder: LogBuilder | None = None
        self._rebuild_entries()
        self.ai = AiRunner(self)
        self.ai.done.connect(self._ai_answered)
        self.running = any(p is not None for p in self.players.values())
        self.speed = DEFAULT_SPEED
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._tick)
        self.closed = False
        self.eyes: str | None = None          # the human side that last took the screen

    # -- reading -------------------------------------------------------------------------

    @property
    def state(self):
        return self.timeline.state

    @property
    def position(self) -> int:
        return self.timeline.position

    @property
    def thinking(self) -> bool:
        return self.ai.busy

    def kind(self, side_id: str | None) -> str:
        return self.setup.kind(side_id) if side_id is not None else "human"

    def player_name(self, side_id: str) -> str:
        return PLAYER_KINDS[self.kind(side_id)]

    def human_to_act(self) -> bool:
        """A person must decide now (the game is not over and it is a human side's turn)."""
        side = self.state.to_act
        return side is not None and self.players.get(side) is None

    def ai_to_act(self) -> bool:
        side = self.state.to_act
        return side is not None and self.players.get(side) is not None

    # -- whose eyes are on the screen ----------------------------------------------------

    def humans(self) -> list[str]:
        return [s.id for s in self.state.game.sides if self.players.get(s.id) is None]

    def hides(self) -> bool:
        """Whether the game may hide something from a person playing it (and so the map and
        the log show a side's view, and hotseat hands the screen over)."""
        return bool(self.state.game.rules.hidden_information and self.humans())

    def viewer(self) -> str | None:
        """The side whose view the map and the log show: the person at the screen's. None
        shows the whole game: nothing is hidden, no person plays, or the game is over."""
        if not self.hides() or self.state.over:
            return None
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.eyes if self.eyes is not None else humans[0]

    def hand_over_to(self) -> str | None:
        """The human side the screen must be passed to before it is shown (hotseat: another
        person than the one who last had it must decide now), None when none. Stepping back
        through the game keeps the screen with its person."""
        side = self.state.to_act
        if (not self.hides() or side is None or self.players.get(side) is not None
                or len(self.humans()) < 2 or side == self.eyes or not self.timeline.at_end):
            return None
        return side

    def take_over(self, side_id: str) -> None:
        """The person playing `side_id` has the screen now: show its view."""
        self.eyes = side_id
        self.changed.emit()

    # -- playing -------------------------------------------------------------------------

    def act(self, action) -> list:
        """Play `action` for the side to act (a person's decision, or a test's). Raises
        IllegalAction with the engine's reason. From a point behind the end of the
        recorded game, the recorded future is dropped: the game goes on from here."""
        self._detach()
        branch = not self.timeline.at_end
        before = unit_positions(self.state)
        events = self.timeline.play(action)
        if branch:
            self._rebuild_entries()
            self.logReset.emit()
            self.message.emit(f"The game goes on from action {self.position - 1}: the "
                              "later actions recorded before were dropped")
        else:
            added = self._builder.add(events, self.position, before)
            self.entries = self._builder.entries
            self.logAdded.emit(added)
        self.played.emit(events)
        self.changed.emit()
        self._schedule()
        return events

    def try_act(self, action) -> bool:
        """`act`, reporting a refusal in the status bar instead of raising."""
        try:
            self.act(action)
        except IllegalAction as err:
            self.message.emit(f"Not allowed: {err.reason if hasattr(err, 'reason') else err}")
            return False
        return True

    # -- AI pace -------------------------------------------------------------------------

    def start(self) -> None:
        """Let the AIs begin (if it is their turn and they are running)."""
        self._schedule()

    def set_running(self, on: bool) -> None:
        if on == self.running:
            return
        self.running = on
        if not on:
            self.timer.stop()
        self.runningChanged.emit(on)
        self._schedule()

    def set_speed(self, actions_per_second: float) -> None:
        self.speed = max(0.2, min(MAX_SPEED, float(actions_per_second)))
        if self.timer.isActive():
            self.timer.start(self._interval())

    def _interval(self) -> int:
        return int(1000 / self.speed)

    def _schedule(self) -> None:
        if self.closed or not self.running or self.thinking:
            return
        if self.state.over:
            if self.timeline.at_end:
                self.set_running(False)      # the toolbar offered "Pause" on a finished game
            return
        if self.timeline.at_end and not self.ai_to_act():
            return                       # a person decides
        if not self.timer.isActive():
            self.timer.start(self._interval())

    def _tick(self) -> None:
        if self.closed or not self.running:
            return
        self.step()

    def step(self) -> bool:
        """One action: the next recorded one when behind the end, else the AI's choice
        for the side to act. False when nothing can be done (a person must decide)."""
        if self.thinking or self.state.over and self.timeline.at_end:
            return False
        if not self.timeline.at_end:
            self.timeline.forward()
            self._after_seek()
            self._schedule()
            return True
        if not self.ai_to_act():
            return False
        self.ai.ask(self.players[self.state.to_act], self.state)
        return True

    def _ai_answered(self, _token: int, action, error) -> None:
        if self.closed:
            return
        side = self.state.to_act
        if error is not None:
            self.set_running(False)
            self.message.emit(f"The AI playing {self.names.side(side)} failed: "
                              f"{type(error).__name__}: {error}")
            return
        try:
            self.act(action)
        except IllegalAction as err:
            self.set_running(False)
            self.message.emit(f"The AI playing {self.names.side(side)} chose an illegal "
                              f"action: {err}")

    def _detach(self) -> None:
        """An AI may still be reading the live state: play on from a copy of it."""
        if self.ai.busy:
            self.ai.forget()
            self.timeline.state = self.timeline.state.copy()

    # -- stepping through the game -------------------------------------------------------

    def seek(self, position: int) -> None:
        self.set_running(False)
        self._detach()
        self.timeline.seek(position)
        self._after_seek()

    def back(self) -> None:
        self.seek(self.position - 1)

    def forward(self) -> None:
        """One action on: the recorded one, or at the end the AI's (as Step)."""
        if self.timeline.at_end:
            self.step()
            return
        self.seek(self.position + 1)

    def restart(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.timeline.length)

    def to_round(self, round_number: int) -> None:
        starts = self.timeline.round_starts()
        if round_number in starts:
            self.seek(starts[round_number])

    def _after_seek(self) -> None:
        self.changed.emit()

    # -- log -----------------------------------------------------------------------------

    def _rebuild_entries(self) -> None:
        self._builder = entries_builder(self.timeline, self.names)
        self.entries = self._builder.entries

    # -- files ---------------------------------------------------------------------------

    def game_text(self) -> str:
        return game_text(self.timeline, self.scenario_path, self.setup.to_dict(),
                         self.position)

    def save(self, path: str | Path) -> Path:
        """Write the game (its whole recorded log) as JSON lines; OSError if it cannot."""
        from studio.io.saver import write_text_atomic
        target = Path(path)
        write_text_atomic(target, self.game_text())
        return target

    # -- end -----------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the AI and its worker; the session is not used afterwards."""
        if self.closed:
            return
        self.closed = True
        self.timer.stop()
        self.ai.shutdown()
