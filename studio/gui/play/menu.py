"""The main window's Play menu: test-play the open scenario (a copy of it), open a saved
game, leave play mode, and open the balance report window."""
from __future__ import annotations

import copy
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu

from studio.engine import ReplayMismatch, SetupError
from studio.engine.errors import IllegalAction
from studio.playtest.game_file import read_game, scenario_of
from studio.playtest.players import PlaySetup
from studio.playtest.timeline import Timeline

from ..dialogs import prompts
from ..guarded import guarded_action
from .play_mode import GAME_FILTER, PlayMode
from .session import PlaySession
from .setup_dialog import ask_play_setup


class PlayMenu(QObject):
    modeChanged = Signal(bool)          # True on entering play mode

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.mode: PlayMode | None = None
        self.balance_window = None
        self._last_setup: PlaySetup | None = None
        self.menu = QMenu("&Play", window)
        self.play_action = self._action("&Play this scenario…", self.play, "F5",
                                        "Test-play the open scenario: each side by you or an AI")
        self.open_game_action = self._action("Open a saved &game…", self.open_game, None,
                                             "Replay a saved game, or play on from it")
        self.leave_action = self._action("&Leave play mode", self.leave, "Shift+F5",
                                         "Back to editing the scenario")
        self.menu.addSeparator()
        self.balance_action = self._action("&Balance report…", self.show_balance, "F6",
                                           "Play many AI-against-AI games and report the "
                                           "balance")
        bar = window.menuBar()
        help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
        if help_menu is not None:
            bar.insertMenu(help_menu, self.menu)
        else:
            bar.addMenu(self.menu)
        self._update()

    def _action(self, text, slot, key, tip) -> QAction:
        action = guarded_action(self.window, text, slot)
        if key:
            action.setShortcut(QKeySequence(key))
        action.setStatusTip(tip)
        self.menu.addAction(action)
        return action

    @property
    def playing(self) -> bool:
        return self.mode is not None and self.mode.active

    def _update(self) -> None:
        self.play_action.setEnabled(not self.playing)
        self.leave_action.setEnabled(self.playing)

    # -- play ----------------------------------------------------------------------------

    def play(self, setup: PlaySetup | None = None) -> PlayMode | None:
        """Enter play mode on a copy of the open scenario (asks who plays each side unless
        `setup` is given). None when cancelled or the scenario cannot be played."""
        w = self.window
        if self.playing:
            return self.mode
        scenario = copy.deepcopy(w.doc.model)
        if setup is None:
            initial = self._last_setup if self._last_setup is not None and \
                set(self._last_setup.sides) == {s.id for s in scenario.sides} else None
            setup = ask_play_setup(w, scenario, initial)
            if setup is None:
                return None
        try:
            session = PlaySession(scenario, w.library, setup, scenario_path=w.doc.path)
        except (SetupError, ValueError, LookupError) as err:
            prompts.show_error(w, "Cannot play this scenario",
                               f"{err}\n\nFix it in the editor (the Problems panel lists "
                               "what is wrong), then play again.")
            return None
        self._last_setup = setup
        return self._enter(session)

    def _enter(self, session: PlaySession) -> PlayMode:
        self.mode = PlayMode(self.window, session)
        self.mode.left.connect(self._left)
        self.mode.enter()
        self._update()
        self.modeChanged.emit(True)
        return self.mode

    def _left(self) -> None:
        self.mode = None
        self._update()
        self.modeChanged.emit(False)

    def leave(self) -> None:
        if self.mode is not None:
            self.mode.leave()

    def open_game(self, path: str | Path | None = None) -> PlayMode | None:
        """Open a saved game (replayed and checked) in play mode, at the point it was
        saved; the AIs are paused."""
        w = self.window
        if path is None:
            start = w.doc.path.parent if w.doc.path is not None else Path.cwd()
            chosen, _ = QFileDialog.getOpenFileName(w, "Open a saved game", str(start),
                                                    GAME_FILTER)
            if not chosen:
                return None
            path = chosen
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
            saved = read_game(text)
            scenario = scenario_of(saved, path)
            timeline = Timeline.from_log(scenario, w.library, saved.log)
        except OSError as err:
            prompts.show_error(w, "Cannot open the game", f"Could not read {path}: "
                               f"{err.strerror or err}")
            return None
        except (ValueError, ReplayMismatch, IllegalAction, SetupError) as err:
            prompts.show_error(w, "Cannot open the game", f"{path.name}: {err}")
            return None
        side_ids = [s.id for s in scenario.sides]
        setup = PlaySetup.from_dict(timeline.seed, saved.players, side_ids)
        if saved.position is not None:
            timeline.seek(saved.position)
        if self.playing:
            self.mode.leave()
        session = PlaySession(scenario, w.library, setup,
                              scenario_path=saved.scenario_path, timeline=timeline)
        session.running = False
        mode = self._enter(session)
        mode._status(f"Opened {path.name}: {timeline.length} actions; step through it with "
                     "the toolbar, or play on")
        return mode

    # -- balance -------------------------------------------------------------------------

    def show_balance(self):
        from ..balance.window import BalanceWindow
        w = self.window
        if self.balance_window is None:
            self.balance_window = BalanceWindow(lambda: w.doc.model, w.library,
                                                lambda: w.doc.display_name(), parent=w)
        self.balance_window.show()
        self.balance_window.raise_()
        self.balance_window.activateWindow()
        return self.balance_window
