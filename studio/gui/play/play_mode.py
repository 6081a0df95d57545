"""Play mode inside the main window: the map in the centre becomes the game's map (a view
of its own, over a copy of the scenario), the Play panel and the game log dock appear,
and every editing tool, panel and command is disabled until play mode is left. Leaving
puts the editor back exactly as it was: same document, same undo history, same view.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog

from studio.engine.contract import ORDERS_PANEL

from ..document import ScenarioDocument
from ..mapview import MapView
from .controls import PlayToolbar
from .handler import PlayHandler
from .handover import HandOver
from .log_dock import LogDock
from .play_dock import PlayDock
from .rules_dock import RulesDock
from .rules_handler import RulesHandler
from .stage import PlayStage

# Play panels by the kind a game's `play` capability names; a game naming none (or one this
# studio does not have) is played through the contract's core by the generic panel.
DEDICATED_PANELS = {ORDERS_PANEL: (PlayHandler, PlayDock)}

GAME_FILTER = "Saved games (*.jsonl);;All files (*)"

# Main-window attributes holding editing commands, disabled while playing.
EDIT_ACTIONS = ("new_action", "open_action", "revert_action", "copy_action", "paste_action",
                "resize_action", "smaller_brush_action", "larger_brush_action")
EDIT_DOCKS = ("tools_dock", "units_dock", "army_builder_dock", "scenario_dock", "history_dock")
VIEW_OPTIONS = ("show_grid", "show_labels", "show_elevation", "show_objectives")


class PlayMode(QObject):
    left = Signal()

    def __init__(self, window, session) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.doc = ScenarioDocument(session.scenario, None, library=window.library, parent=self)
        self.view = MapView(self.doc)
        self.view.setObjectName("play-map")
        editor = getattr(window, "view", None)
        for name in VIEW_OPTIONS:
            if editor is not None:
                self.view.set_option(name, editor.option(name))
        self.view.set_option("show_zones", False)
        self.view.set_option("show_units", False)      # the handler draws the game's units
        handler_class, dock_class = DEDICATED_PANELS.get(session.state.game.rules.play.panel,
                                                         (RulesHandler, RulesDock))
        self.handler = handler_class(session, self.view, session.scenario)
        self.stage = PlayStage(session, self.view)
        self.dock = dock_class(session, self.handler, window)
        self.log_dock = LogDock(session, self.view, window)
        self.toolbar = PlayToolbar(session, window)
        self.end_phase_action = QAction("End phase", window)
        self.end_phase_action.setShortcuts([QKeySequence("Ctrl+Return"),
                                            QKeySequence("Ctrl+Enter")])
        self.end_phase_action.triggered.connect(self._end_phase)
        self.hand_over: HandOver | None = None
        self.active = False
        self._saved: list[tuple[object, bool]] = []
        self._dock_visible: dict[str, bool] = {}
        self._editor_central = None
        self._view_links: list = []

    # -- entering and leaving ----------------------------------------------------------------

    def enter(self) -> None:
        w = self.window
        self._editor_central = w.takeCentralWidget()
        self._editor_central.hide()
        w.setCentralWidget(self.stage)
        for name in EDIT_DOCKS:
            dock = getattr(w, name, None)
            if dock is not None:
                self._dock_visible[name] = dock.isVisible()
                self._disable(dock)
                dock.hide()
        for name in EDIT_ACTIONS:
            action = getattr(w, name, None)
            if action is not None:
                self._disable(action)
        for action in getattr(getattr(w, "tools_dock", None), "tool_actions", {}).values():
            self._disable(action)
        recent = getattr(w, "recent_menu", None)
        if recent is not None:
            self._disable(recent)
        w.undo_group.setActiveStack(None)        # undo/redo off: nothing here is undoable
        w.addDockWidget(Qt.RightDockWidgetArea, self.dock)
        w.addDockWidget(Qt.BottomDockWidgetArea, self.log_dock)
        problems = getattr(w, "problems_dock", None)
        if problems is not None and problems.isVisible():
            w.tabifyDockWidget(problems, self.log_dock)
        self.dock.show()
        self.log_dock.show()
        self.log_dock.raise_()
        self._size_docks()
        QTimer.singleShot(0, self._size_docks)     # again once the window is laid out
        w.addToolBar(Qt.TopToolBarArea, self.toolbar)
        w.addAction(self.end_phase_action)
        self.session.message.connect(self._status)
        self.handler.statusMessage.connect(self._status)
        self.dock.statusMessage.connect(self._status)
        self.stage.leave_button.clicked.connect(self.leave)
        self.toolbar.leaveRequested.connect(self.leave)
        self.toolbar.saveRequested.connect(self.save_dialog)
        self.toolbar.openRequested.connect(self.open_dialog)
        # View > Grid, Hex labels... apply to the map on show.
        self._view_links = []
        for name, action in getattr(w, "view_actions", {}).items():
            if name in VIEW_OPTIONS:
                slot = (lambda on, n=name: self.view.set_option(n, on))
                action.toggled.connect(slot)
                self._view_links.append((action, slot))
        zoom_label = getattr(w, "zoom_label", None)
        if zoom_label is not None:
            self.view.zoomChanged.connect(
                lambda _z: zoom_label.setText(f"hex {self.view.hex_radius_px():.0f} px"))
        w.installEventFilter(self)
        self._overview(self.view)
        self.hand_over = HandOver(self.session, w)
        self.hand_over.refresh()
        self.active = True
        self.view.fit_map()
        self.view.setFocus()
        self._status(f"Play mode: {self.session.setup.describe(self.session.names.side_names)}")
        self.session.start()

    def _overview(self, view) -> None:
        """The overview dock follows the map on show: the game's, then the editor's."""
        dock = getattr(self.window, "overview_dock", None)
        if dock is not None and view is not None:
            dock.overview.set_view(view)

    def _size_docks(self) -> None:
        if self.active or self.dock.parent() is self.window:
            self.window.resizeDocks([self.dock], [390], Qt.Horizontal)
            self.window.resizeDocks([self.log_dock], [200], Qt.Vertical)

    def leave(self) -> None:
        if not self.active:
            return
        self.active = False
        w = self.window
        self.session.close()
        if self.hand_over is not None:
            self.hand_over.close_down()
            self.hand_over = None
        for action, slot in self._view_links:
            action.toggled.disconnect(slot)
        self._view_links = []
        w.removeEventFilter(self)
        self._overview(getattr(w, "view", None))
        w.removeAction(self.end_phase_action)
        w.removeToolBar(self.toolbar)
        w.removeDockWidget(self.dock)
        w.removeDockWidget(self.log_dock)
        stage = w.takeCentralWidget()
        w.setCentralWidget(self._editor_central)
        self._editor_central.show()
        for obj, enabled in reversed(self._saved):
            obj.setEnabled(enabled)
        self._saved = []
        for name, visible in self._dock_visible.items():
            getattr(w, name).setVisible(visible)
        if getattr(w, "doc", None) is not None:
            w.undo_group.setActiveStack(w.doc.undo_stack)
        zoom_label = getattr(w, "zoom_label", None)
        if zoom_label is not None and getattr(w, "view", None) is not None:
            zoom_label.setText(f"hex {w.view.hex_radius_px():.0f} px")
        for widget in (self.toolbar, self.dock, self.log_dock, stage):
            widget.deleteLater()
        w.statusBar().showMessage("Back to editing: the scenario is as you left it", 6000)
        self.left.emit()

    def _end_phase(self, _checked=False) -> None:
        if self.hand_over is None or not self.hand_over.covering:   # not for an unseen side
            self.dock.end_phase()

    def _disable(self, obj) -> None:
        self._saved.append((obj, obj.isEnabled()))
        obj.setEnabled(False)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.window and event.type() == QEvent.Close:
            self.session.set_running(False)
        return False

    def _status(self, message: str) -> None:
        self.window.statusBar().showMessage(message, 8000)

    # -- files -------------------------------------------------------------------------------

    def save_dialog(self) -> Path | None:
        doc_path = getattr(self.window.doc, "path", None)
        folder = doc_path.parent if doc_path is not None else Path.cwd()
        suggested = folder / f"{self.session.scenario.id}-seed{self.session.setup.dice_seed}.jsonl"
        path, _ = QFileDialog.getSaveFileName(self.window, "Save game", str(suggested),
                                              GAME_FILTER)
        if not path:
            return None
        target = Path(path)
        if target.suffix.lower() != ".jsonl":
            target = target.with_name(target.name + ".jsonl")
        return self.save(target)

    def save(self, path: Path) -> Path | None:
        try:
            saved = self.session.save(path)
        except OSError as err:
            from ..dialogs import prompts
            prompts.show_error(self.window, "Game not saved",
                               f"Could not write {path}: {err.strerror or err}. Try another "
                               "folder.")
            return None
        self._status(f"Saved the game ({self.session.timeline.length} actions) to {saved}")
        return saved

    def open_dialog(self) -> None:
        menu = getattr(self.window, "play_menu", None)
        if menu is not None:
            menu.open_game()
