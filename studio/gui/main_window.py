"""The studio's main window: the map in the centre, panels around it, menus, files.

One document at a time. Opening or creating another builds a new ScenarioDocument and hands
it to the map view, the tools and every panel (`set_document`); the undo actions follow the
active document through a QUndoGroup. The title's `*` is the undo stack's clean state.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from studio.hexgrid import Hex
from studio.io import default_library, load_file, load_text
from studio.model import Scenario
from studio.io.samples import sample_scenario_path, scenarios_dir

from .autosave import (DEFAULT_INTERVAL_SECONDS, Autosaver, find_recovery, read_recovery,
                       remove_quietly)
from .dialogs import prompts
from .dialogs.change_terrain_set import ChangeTerrainSetDialog
from .dialogs.new_scenario import NewScenarioChoice, ask_new_scenario, blank_scenario
from .dialogs.resize_map import ask_resize
from .dialogs.shortcuts import ShortcutsDialog
from .docks.history_dock import HistoryDock
from .docks.map_handler import MapHandler
from .docks.overview_dock import OverviewDock
from .docks.problem_targets import Problem, Target
from .docks.problems_dock import ProblemsDock
from .docks.scenario_dock import ScenarioDock
from .docks.tools_dock import ToolsDock
from .docks.units_dock import UnitsDock
from .document import EditRefused, ScenarioDocument
from .field_keys import FieldKeys
from .guarded import guarded, guarded_action
from .mapview import MapView
from .recent import RecentFiles, studio_settings
from .screen_fit import fill_screen, keep_on_screen
from .tools import ToolController
from .validation_worker import DEBOUNCE_MS, ValidationScheduler

APP_NAME = "Wargame Studio"
# Saved dock layouts of another version are not restored (2: right-hand panels as tabs).
LAYOUT_VERSION = 2
STATUS_MS = 6000
RIGHT_COLUMN_SHARE = 0.3          # of the window's width: Units, Scenario, Army builder
RIGHT_COLUMN_MIN = 400
VIEW_OPTIONS = (("show_grid", "&Grid", "Ctrl+G"), ("show_labels", "Hex &labels", "Ctrl+L"),
                ("show_elevation", "&Elevation numbers", "Ctrl+E"),
                ("show_zones", "Set-up &zones", None), ("show_objectives", "&Objectives", None),
                ("show_units", "&Units", None))


def is_template(path: Path) -> bool:
    """A bundled template: opened as an unsaved copy so Save never overwrites it."""
    try:
        return Path(path).resolve().parent == scenarios_dir().resolve()
    except OSError:
        return False


class MainWindow(QMainWindow):
    def __init__(self, library=None, settings: QSettings | None = None,
                 autosave_seconds: float | None = None,
                 validation_delay_ms: int = DEBOUNCE_MS) -> None:
        super().__init__()
        self.setObjectName("main-window")
        self.library = library if library is not None else default_library()
        self.settings = settings if settings is not None else studio_settings()
        self.recent = RecentFiles(self.settings)
        self.undo_group = QUndoGroup(self)
        self.doc: ScenarioDocument | None = None

        first = ScenarioDocument(blank_scenario(NewScenarioChoice(), self.library), None,
                                 library=self.library)
        self.view = MapView(first)
        self.setCentralWidget(self.view)
        self.tools = ToolController(first, self.view)
        self.map_handler = MapHandler(self.tools, self.view)

        self.tools_dock = ToolsDock(self.tools, self)
        self.units_dock = UnitsDock(self.tools, self.view, self)
        self.scenario_dock = ScenarioDock(self.tools, self.view, self)
        self.problems_dock = ProblemsDock(self)
        self.history_dock = HistoryDock(self.undo_group, self)
        self._place_docks()
        self.overview_dock = OverviewDock(self.view, self)           # the minimap, under the tools
        self.addDockWidget(Qt.LeftDockWidgetArea, self.overview_dock)

        if autosave_seconds is None:
            autosave_seconds = float(self.settings.value("autosave/interval_seconds",
                                                         DEFAULT_INTERVAL_SECONDS))
        self.autosaver = Autosaver(autosave_seconds, self)
        self.validation = ValidationScheduler(lambda _doc: self.library, validation_delay_ms,
                                              self)
        self._build_actions()
        self._build_menus()
        self._build_play_menu()
        from .library_integration import LibraryIntegration
        self.armies = LibraryIntegration(self, first)   # army builder dock, list and terrain editors
        self.army_builder_dock = self.armies.builder
        self._build_status_bar()
        self.field_keys = FieldKeys(self, self.view)
        self._connect()
        self.set_document(first)
        fill_screen(self)
        self._size_docks()
        self._restore_window_state()

    # -- layout ----------------------------------------------------------------------------

    def _place_docks(self) -> None:
        """Tools on the left; Units, Scenario (and the army builder, added by the Library
        integration) as tabs of one column on the right, each with the column's full height:
        stacked, they left the Scenario panel 150-350 px on a 768-1000 px screen, too little
        for the Victory tab's Add button or the Sides fields. Problems and History share the
        bottom of the centre."""
        self.setDockNestingEnabled(True)
        self.setCorner(Qt.BottomLeftCorner, Qt.LeftDockWidgetArea)
        self.setCorner(Qt.BottomRightCorner, Qt.RightDockWidgetArea)
        self.addDockWidget(Qt.LeftDockWidgetArea, self.tools_dock)
        self.addDockWidget(Qt.RightDockWidgetArea, self.units_dock)
        self.addDockWidget(Qt.RightDockWidgetArea, self.scenario_dock)
        self.tabifyDockWidget(self.units_dock, self.scenario_dock)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.problems_dock)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.history_dock)
        self.tabifyDockWidget(self.problems_dock, self.history_dock)
        self.problems_dock.raise_()
        self.units_dock.raise_()

    def _size_docks(self) -> None:
        """The right-hand column takes a share of the window's width (400 px at 1366, more
        on a wider screen, where the army builder's table and card need it); the tools keep
        their width."""
        right = max(RIGHT_COLUMN_MIN, round(self.width() * RIGHT_COLUMN_SHARE))
        self.resizeDocks([self.tools_dock], [230], Qt.Horizontal)
        self.resizeDocks([self.units_dock], [right], Qt.Horizontal)
        self.resizeDocks([self.problems_dock], [140], Qt.Vertical)

    def _restore_window_state(self) -> None:
        geometry = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
            keep_on_screen(self)
        if state is not None:
            self.restoreState(state, LAYOUT_VERSION)
        for name, *_ in VIEW_OPTIONS:
            value = self.settings.value(f"view/{name}")
            if value is not None:
                on = value in (True, "true", "1", 1)
                self.view.set_option(name, on)
                self.view_actions[name].setChecked(on)

    # -- actions and menus -----------------------------------------------------------------

    def _action(self, text: str, slot, shortcuts=(), tip: str = "") -> QAction:
        action = guarded_action(self, text, slot)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        if tip:
            action.setStatusTip(tip)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.new_action = a("&New…", self.new_scenario, [QKeySequence.New],
                            "Start a scenario from a template or a blank map")
        self.open_action = a("&Open…", self.open_dialog, [QKeySequence.Open])
        self.save_action = a("&Save", self.save, [QKeySequence.Save])
        self.save_as_action = a("Save &As…", self.save_as, ["Ctrl+Shift+S"])
        self.revert_action = a("&Revert", self.revert, [],
                               "Throw away the changes and reload the saved file")
        self.quit_action = a("&Quit", self.close, ["Ctrl+Q"])
        self.quit_action.setMenuRole(QAction.QuitRole)
        self.import_tiled_action = a("&Tiled map…", self.import_tiled_map, [],
                                     "Make a new scenario from a hexagonal Tiled map "
                                     "(TMX or TMJ)")
        # File > Export (export dialog) begin
        # Ctrl+E already toggles the elevation numbers (View menu).
        self.export_action = a("&Export…", self.show_export_dialog, ["Ctrl+Shift+E"],
                               "Print counter sheets, playsheets and the map as PDF")
        # File > Export (export dialog) end

        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        self.copy_action = a("&Copy hexes", self.copy_region, [QKeySequence.Copy],
                             "Copy the selected hexes (select them with 5 or 6)")
        self.paste_action = a("&Paste hexes", self.paste_region, [QKeySequence.Paste],
                              "Paste the copied hexes: click to drop, R turns, Esc stops")

        self.view_actions: dict[str, QAction] = {}
        for name, text, key in VIEW_OPTIONS:
            action = QAction(text, self)
            action.setCheckable(True)
            action.setChecked(self.view.option(name))
            if key:
                action.setShortcut(QKeySequence(key))
            action.toggled.connect(lambda on, n=name: guarded(
                self, f"Showing {text.replace('&', '')}", lambda: self.set_view_option(n, on))())
            self.view_actions[name] = action
        self.fit_action = a("Zoom to &fit", self.view.fit_map, ["Ctrl+0"])
        self.zoom_in_action = a("Zoom &in", lambda: self.view.zoom_by(1.25), [QKeySequence.ZoomIn])
        self.zoom_out_action = a("Zoom &out", lambda: self.view.zoom_by(0.8), [QKeySequence.ZoomOut])

        self.smaller_brush_action = a("S&maller brush", lambda: self.tools.set_brush_radius(
            self.tools.brush_radius - 1), ["["])
        self.larger_brush_action = a("&Larger brush", lambda: self.tools.set_brush_radius(
            self.tools.brush_radius + 1), ["]"])
        self.resize_action = a("&Resize map…", self.resize_map, [],
                               "Add or remove rows and columns on the map's edges")
        self.terrain_set_action = a("Change &terrain set…", self.change_terrain_set, [],
                                    "Switch to another terrain set, saying what each terrain "
                                    "of the map becomes")
        self.validate_action = a("&Validate scenario", self.validate_now, ["F7"],
                                 "Check the scenario now and show the Problems panel")
        self.shortcuts_action = a("&Keyboard shortcuts", self.show_shortcuts, [QKeySequence.HelpContents])
        self.about_action = a("&About", self.show_about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.revert_action])
        file_menu.addSeparator()
        self.import_menu = file_menu.addMenu("&Import")
        self.import_menu.addAction(self.import_tiled_action)
        file_menu.addAction(self.export_action)  # File > Export (export dialog)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.copy_action, self.paste_action])

        view_menu = bar.addMenu("&View")
        view_menu.addActions(list(self.view_actions.values()))
        view_menu.addSeparator()
        view_menu.addActions([self.fit_action, self.zoom_in_action, self.zoom_out_action])
        view_menu.addSeparator()
        panels = view_menu.addMenu("&Panels")
        for dock in (self.tools_dock, self.units_dock, self.scenario_dock, self.problems_dock,
                     self.history_dock):
            panels.addAction(dock.toggleViewAction())
        panels.addAction(self.overview_dock.toggleViewAction())

        tools_menu = bar.addMenu("&Tools")
        tools_menu.addActions(list(self.tools_dock.tool_actions.values()))
        tools_menu.addSeparator()
        tools_menu.addActions([self.smaller_brush_action, self.larger_brush_action])

        map_menu = bar.addMenu("&Map")
        map_menu.addAction(self.validate_action)
        map_menu.addSeparator()
        map_menu.addAction(self.resize_action)
        map_menu.addAction(self.terrain_set_action)

        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.shortcuts_action, self.about_action])

    # -- play mode and balance reports (studio/gui/play, studio/gui/balance) ------------------

    def _build_play_menu(self) -> None:
        """The Play menu: test-play a copy of the open scenario, open a saved game, leave
        play mode, balance report (the PlayMenu object owns the actions and play mode)."""
        from .play.menu import PlayMenu
        self.play_menu = PlayMenu(self)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths):
            label = f"&{(i + 1) % 10} {path.name}" if i < 10 else path.name
            action = self.recent_menu.addAction(label)
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(guarded(self, f"Opening {path}",
                                             lambda p=path: self.open_path(p)))
        if paths:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", lambda: (self.recent.clear(),
                                                              self._fill_recent_menu()))
        self.recent_menu.setEnabled(bool(paths))

    def _build_status_bar(self) -> None:
        self.hover_label = QLabel()
        self.hover_label.setMinimumWidth(260)
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.hover_label)
        self.statusBar().addPermanentWidget(self.zoom_label)

    def _connect(self) -> None:
        self.tools.statusMessage.connect(self.show_status)
        self.tools.selectionChanged.connect(self._update_edit_actions)
        self.tools.toolChanged.connect(lambda _n: self._update_edit_actions())
        for panel in (self.units_dock, self.scenario_dock.fields, self.scenario_dock.sides,
                      self.scenario_dock.objectives, self.scenario_dock.victory,
                      self.scenario_dock.events):
            panel.statusMessage.connect(self.show_status)
        self.scenario_dock.fields.resizeRequested.connect(self.resize_map)
        self.scenario_dock.fields.terrainSetRequested.connect(self.change_terrain_set)
        self.scenario_dock.fields.optionsRequested.connect(self.armies.open_ruleset_options)
        self.scenario_dock.sides.sideChosen.connect(self._side_chosen)
        victory = self.scenario_dock.victory
        victory.pickRequested.connect(self._pick_hexes)
        self.map_handler.pickingChanged.connect(
            lambda on: None if on else victory.stop_picking())
        self._hovered: Hex | None = None
        self.view.hexHovered.connect(self._show_hover)
        self.view.zoomChanged.connect(
            lambda z: self.zoom_label.setText(f"hex {self.view.hex_radius_px():.0f} px"))
        self.problems_dock.problemActivated.connect(self.show_problem)
        self.validation.problemsFound.connect(self._problems_found)
        self.validation.validating.connect(self.problems_dock.set_validating)
        self.autosaver.failed.connect(lambda msg: self.show_status(msg, 0))

    # -- the document ----------------------------------------------------------------------

    def set_document(self, doc: ScenarioDocument) -> None:
        """Show `doc` everywhere; the previous document is dropped (ask first!)."""
        old = self.doc
        self.map_handler.stop_picking()
        self.map_handler.set_problem_hexes((), ())
        self.doc = doc
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        self.view.set_document(doc)
        self.tools.set_document(doc)
        self.tools_dock.set_document(doc)
        self.units_dock.set_document(doc)
        self.scenario_dock.set_document(doc)
        self.armies.set_document(doc)
        doc.cleanChanged.connect(self._update_title)
        doc.pathChanged.connect(lambda _p: self._update_title())
        doc.metaChanged.connect(self._meta_changed)
        # The hover readout describes the hex as it is now, not as it was when the pointer
        # arrived (a brush stroke under a resting pointer changes its terrain).
        for signal in (doc.changed, doc.unitsChanged, doc.objectivesChanged,
                       doc.terrainSetChanged, doc.geometryChanged):
            signal.connect(lambda *_a: self._show_hover(self._hovered))
        self.autosaver.set_document(doc)
        self.validation.set_document(doc)
        if old is not None and old is not doc:
            self.undo_group.removeStack(old.undo_stack)
            old.deleteLater()
        if self.view.isVisible():
            self.view.fit_map()
        self._update_title()
        self._update_edit_actions()

    def _meta_changed(self, field: str) -> None:
        if field == "name" and self.doc.path is None:
            self._update_title()
        if field.startswith("side:"):
            # A side renamed or removed: the tools must not work for a side that is gone.
            ids = [s.id for s in self.doc.model.sides]
            if ids and self.tools.side_id not in ids:
                self.tools.set_side(ids[0])
            pick = self.tools.unit_to_place
            if pick is not None and pick[0] not in ids:
                self.tools.set_unit_to_place(None)

    def _update_title(self, *_args) -> None:
        doc = self.doc
        self.setWindowTitle(f"{doc.display_name()}[*] — {APP_NAME}")
        self.setWindowModified(doc.is_modified())
        self.revert_action.setEnabled(doc.path is not None)

    def _update_edit_actions(self) -> None:
        self.copy_action.setEnabled(bool(self.tools.selection))
        self.paste_action.setEnabled(self.tools.clipboard is not None)

    def _side_chosen(self, side_id: str) -> None:
        if self.doc.model.side(side_id) is not None and side_id != self.tools.side_id:
            self.tools.set_side(side_id)

    def show_status(self, message: str, timeout: int = STATUS_MS) -> None:
        self.statusBar().showMessage(message, timeout)

    def set_view_option(self, name: str, on: bool) -> None:
        self.view.set_option(name, on)
        self.settings.setValue(f"view/{name}", on)

    # -- opening and creating --------------------------------------------------------------

    def load_document(self, path: Path) -> ScenarioDocument:
        """Read a scenario file; a bundled template comes back as an unsaved copy. Raises
        ValueError with the load errors when the file holds no usable scenario."""
        path = Path(path)
        loaded = load_file(path)
        if not isinstance(loaded.model, Scenario):
            problems = "\n".join(d.format() for d in loaded.diagnostics[:8])
            if loaded.model is not None:
                problems = f"it is a {loaded.kind} file, not a scenario"
            raise ValueError(f"Cannot open {path}:\n{problems or 'not a scenario file'}")
        doc = ScenarioDocument(loaded.model, None if is_template(path) else path,
                               library=self.library)
        doc.load_diagnostics = list(loaded.diagnostics)
        doc.source_text = loaded.text
        return doc

    def start(self, path: Path | None = None) -> None:
        """What the studio does on launch: open `path` (default: the bundled sample), then
        offer to restore autosaved work left by a crash."""
        target = Path(path) if path is not None else sample_scenario_path()
        try:
            self.set_document(self.load_document(target))
            if not is_template(target):
                self.recent.add(target)
        except (ValueError, OSError) as err:
            prompts.show_error(self, "Cannot open", str(err))
        self.offer_recovery()

    def offer_recovery(self) -> bool:
        """Restore the current document's recovery file if there is one and the user agrees
        (the file is deleted if not). Returns True when work was restored."""
        source = self.doc.path
        recovery = find_recovery(source)
        if recovery is None:
            return False
        if not prompts.ask_restore(self, source, recovery):
            remove_quietly(recovery)
            return False
        try:
            _recorded, text = read_recovery(recovery)
            loaded = load_text(text, str(source) if source is not None else "recovered.yaml")
        except (OSError, ValueError) as err:
            prompts.show_error(self, "Cannot restore", f"The autosaved copy {recovery} could "
                               f"not be read ({err}); it is left in place.")
            return False
        if not isinstance(loaded.model, Scenario):
            prompts.show_error(self, "Cannot restore", f"The autosaved copy {recovery} holds no "
                               "usable scenario; it is left in place:\n" +
                               "\n".join(d.format() for d in loaded.diagnostics[:5]))
            return False
        doc = ScenarioDocument(loaded.model, source, library=self.library)
        doc.source_text = self.doc.source_text     # the file's comments, kept on save
        doc.undo_stack.resetClean()         # restored work is not in the file yet
        self.set_document(doc)
        self.autosaver.adopt(recovery)
        self.autosaver.mark_dirty()
        self.show_status(f"Restored autosaved work from {recovery}; save it to keep it", 0)
        return True

    def maybe_save(self, action: str) -> bool:
        """True when the current document may be dropped: unmodified, saved, or discarded."""
        if not self.doc.is_modified():
            return True
        answer = prompts.ask_unsaved_changes(self, self.doc.display_name(), action)
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.autosaver.discard()
            return True
        return False

    def open_path(self, path: Path) -> bool:
        path = Path(path)
        if not self.maybe_save("opening another file"):
            return False
        try:
            doc = self.load_document(path)
        except (ValueError, OSError) as err:
            if not path.exists():
                self.recent.remove(path)
            prompts.show_error(self, "Cannot open", str(err))
            return False
        self.set_document(doc)
        if not is_template(path):
            self.recent.add(path)
        self.offer_recovery()
        self.show_status(f"Opened {path}")
        return True

    def open_dialog(self) -> bool:
        start = self.doc.path.parent if self.doc.path is not None else Path.cwd()
        path = prompts.ask_open_path(self, start)
        return self.open_path(path) if path is not None else False

    def new_scenario(self) -> bool:
        if not self.maybe_save("starting a new scenario"):
            return False
        choice = ask_new_scenario(self, self.library)
        if choice is None:
            return False
        if choice.template is not None:
            try:
                doc = self.load_document(choice.template)
            except (ValueError, OSError) as err:
                prompts.show_error(self, "Cannot open the template", str(err))
                return False
            if doc.path is not None:     # a new scenario, whichever file it started from
                doc = ScenarioDocument(doc.model, None, library=self.library)
        else:
            doc = ScenarioDocument(blank_scenario(choice, self.library), None,
                                   library=self.library)
        self.set_document(doc)
        self.show_status("New scenario: Save (Ctrl+S) asks where to keep it")
        return True

    def import_tiled_map(self, path: str | Path | None = None) -> bool:
        """File > Import > Tiled map: see `studio.gui.tiled_import`."""
        from .tiled_import import TiledImport
        if getattr(self, "tiled_import", None) is None:
            self.tiled_import = TiledImport(self)
        return self.tiled_import.run(path)

    # -- saving ----------------------------------------------------------------------------

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        folder = self.doc.path.parent if self.doc.path is not None else Path.cwd()
        suggested = folder / ((self.doc.path.name if self.doc.path is not None
                               else f"{self.doc.model.id or 'scenario'}.yaml"))
        path = prompts.ask_save_path(self, suggested)
        if path is None:
            return False
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        try:
            saved = self.doc.save(path)
        except OSError as err:
            prompts.show_error(self, "Not saved", f"Could not write {path}: "
                               f"{err.strerror or err}. Your work is still open; try another "
                               "folder with Save As.")
            return False
        self.autosaver.discard()
        self.recent.add(saved)
        self._update_title()
        self.show_status(f"Saved {saved}")
        return True

    def revert(self) -> bool:
        path = self.doc.path
        if path is None:
            self.show_status("Nothing to revert to: this scenario has never been saved")
            return False
        if self.doc.is_modified() and not prompts.ask_revert(self, self.doc.display_name()):
            return False
        try:
            doc = self.load_document(path)
        except (ValueError, OSError) as err:
            prompts.show_error(self, "Cannot revert", str(err))
            return False
        self.autosaver.discard()
        self.set_document(doc)
        self.show_status(f"Reverted to the saved {path.name}")
        return True

    # -- edit and map commands -------------------------------------------------------------

    def copy_region(self) -> None:
        self.tools.copy()
        self._update_edit_actions()

    def paste_region(self) -> None:
        self.tools.start_paste()
        self.view.setFocus()

    def resize_map(self) -> None:
        values = ask_resize(self.doc, self)
        if values is None:
            return
        try:
            self.doc.resize(values["north"], values["south"], values["east"], values["west"],
                            values["fill"])
        except EditRefused as err:
            self.show_status(f"Not done: {err}")

    def change_terrain_set(self, set_id: str | None = None) -> ChangeTerrainSetDialog:
        """Map > Change terrain set (also the Scenario tab's terrain-set choice): the mapping
        dialog, window-modal, on `set_id` or the first other set; OK is one undo step."""
        old = getattr(self, "terrain_set_dialog", None)
        if old is not None:
            old.deleteLater()
        dialog = ChangeTerrainSetDialog(self.doc, self.library, set_id, self)
        dialog.accepted.connect(lambda d=dialog: self._terrain_set_changed(d))
        self.terrain_set_dialog = dialog
        dialog.open()
        return dialog

    def _terrain_set_changed(self, dialog: ChangeTerrainSetDialog) -> None:
        if dialog.command is None:
            self.show_status("Terrain set unchanged: the mapping changes nothing")
            return
        stranded = len(dialog.stranded())
        tail = (f"; {stranded} unit{'s' if stranded != 1 else ''} stand on terrain they cannot "
                "enter (see Problems)" if stranded else "")
        self.show_status(f"Terrain set is now {dialog.new_set.name}{tail}")

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self).exec()

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><br>Paint hex maps, compose armies, set victory "
                          "conditions, validate, test-play and print scenarios.")

    # -- File > Export (export dialog) ------------------------------------------------------

    def show_export_dialog(self):
        """Open File > Export on a snapshot of the current scenario (window-modal)."""
        from .export_dialog import ExportDialog
        old = getattr(self, "export_dialog", None)
        if old is not None:
            old.deleteLater()
        self.export_dialog = ExportDialog(self.doc.model, self.library, self.doc.path, self)
        self.export_dialog.open()
        return self.export_dialog

    # -- hex picking for the victory builder -----------------------------------------------

    def _pick_hexes(self, on: bool) -> None:
        victory = self.scenario_dock.victory
        if not on:
            self.map_handler.stop_picking()
            return
        if self.map_handler.picking:
            self.map_handler.set_picked(victory.picked_hexes())
            return

        def picked(h: Hex) -> None:
            victory.toggle_hex(h)
            self.map_handler.set_picked(victory.picked_hexes())
        self.map_handler.start_picking(picked, victory.picked_hexes())
        self.show_status("Click hexes to add or remove them; Esc or the button stops picking", 0)

    # -- status bar ------------------------------------------------------------------------

    def _show_hover(self, h: Hex | None) -> None:
        self._hovered = h
        if h is None or not self.doc.contains(h):
            self.hover_label.setText("")
            return
        doc = self.doc
        symbol = doc.symbol_at(h)
        text = f"{doc.label(h)}  {doc.terrain_name(symbol)}  elevation {doc.elevation_at(h)}"
        units = doc.units_at(h)
        if units:
            names = []
            for ref in units:
                t = doc.unit_type(ref.side_id, ref.unit.type)
                names.append(ref.unit.id or (t.name if t is not None else ref.unit.type))
            text += "  · " + ", ".join(names)
        objective = doc.objective_at(h)
        if objective is not None:
            o = doc.model.objectives[objective]
            text += f"  · objective {o.name or ''}".rstrip()
        self.hover_label.setText(text)

    # -- problems --------------------------------------------------------------------------

    def _problems_found(self, problems: list[Problem]) -> None:
        self.problems_dock.show_problems(problems)
        errors, warnings = set(), set()
        for p in problems:
            h = self._target_hex(p.target)
            if h is None:
                continue
            (errors if p.diagnostic.severity == "error" else warnings).add(h)
        self.map_handler.set_problem_hexes(errors, warnings)

    def _target_hex(self, target: Target | None) -> Hex | None:
        if target is None or target.hex is None:
            return None
        try:
            h = self.doc.geometry.parse_label(target.hex)
        except ValueError:
            return None
        return h if self.doc.contains(h) else None

    def show_problem(self, problem: Problem) -> None:
        """Jump to what a problem concerns: centre and flash its hex or unit, or show the
        field, side, objective or condition in the scenario panel."""
        target = problem.target
        if target is None:
            where = f" (line {problem.diagnostic.line} of the saved file)" if problem.diagnostic.line else ""
            self.show_status(f"{problem.diagnostic.message}{where}")
            return
        h = self._target_hex(target)
        if target.kind == "unit":
            side = self.doc.model.side(target.side)
            if side is not None and 0 <= target.index < len(side.army.units):
                self.units_dock.show()
                self.units_dock.raise_()
                self.units_dock.select_entry(target.side, target.index)
                if side.army.units[target.index].hex is not None:
                    self.tools.select_unit((target.side, target.index))
        elif target.kind == "objective":
            if 0 <= target.index < len(self.doc.model.objectives):
                self.tools.select_objective(target.index)
            self.scenario_dock.focus_target(target)
        elif target.kind != "hex":
            self.scenario_dock.focus_target(target)
        if h is not None:
            self.view.show_hex(h)
        self.show_status(problem.diagnostic.message)

    # -- closing ---------------------------------------------------------------------------

    def validate_now(self) -> None:
        """Check the scenario now (not after the pause that follows an edit) and bring the
        Problems panel forward with the keyboard in its list, to walk the findings."""
        self.problems_dock.show()
        self.problems_dock.raise_()
        self.problems_dock.tree.setFocus(Qt.ShortcutFocusReason)
        self.validation.run_now()
        self.show_status("Validating the scenario…")

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.maybe_save("closing"):
            event.ignore()
            return
        self.validation.shutdown()
        self.autosaver.discard()
        self.autosaver.timer.stop()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState(LAYOUT_VERSION))
        self.settings.sync()
        event.accept()


def scenario_window(path: str | os.PathLike | None = None, **kwargs) -> MainWindow:
    """A main window on `path` (default: the bundled sample), recovery offered."""
    window = MainWindow(**kwargs)
    window.start(Path(path) if path is not None else None)
    return window
