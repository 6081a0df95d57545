"""What the army-list and terrain-set editors share: a working copy of the model, a
QUndoStack with one SnapshotEdit per edit, live checks as you edit, Save into the user
library, read-only bundled files with "Save a copy", and reloading the library after a save.

A subclass builds its widgets, calls `finish_setup()`, makes every change through
`edit(text, mutate)`, and redraws itself on `modelChanged`.
"""
from __future__ import annotations

import copy
from dataclasses import fields
from pathlib import Path
from typing import Any, Callable, Hashable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMessageBox

from studio.armies.live_check import check_model
from studio.armies.user_library import (KIND_NAMES, SaveRefused, copy_id, is_bundled,
                                        save_to_library, user_path)
from studio.diagnostics import Diagnostic
from studio.io import default_library

from .findings_view import FindingsView
from .snapshot_edit import SnapshotEdit

CHECK_DELAY_MS = 250
FINDINGS_HEIGHT = 90
STATUS_MS = 8000
READ_ONLY_STYLE = "background: #fff4d6; color: #5a4300; padding: 4px; border: 1px solid #e0c890;"


def reload_default_library() -> Any:
    """Read the bundled and user libraries again (after a save, so the file is usable)."""
    return default_library(reload=True)


class EditorWindow(QMainWindow):
    modelChanged = Signal()              # after every edit, undo and redo
    saved = Signal(str)                  # the path written
    libraryChanged = Signal(object)      # the library reloaded after a save
    refused = Signal(str)                # an edit refused, with the reason

    kind = ""                            # "army-list" | "terrain-set"
    title = ""

    def __init__(self, library: Any, model: Any, path: str | Path | None,
                 reload_library: Callable[[], Any] | None = None, parent=None) -> None:
        super().__init__(parent)
        self.library = library
        self.model = copy.deepcopy(model)      # never the library's own object
        self.path = Path(path) if path is not None else None
        self.read_only = is_bundled(self.path)
        # Made "from copy" and never saved: closing it loses the copy, edited or not.
        self.unsaved_copy = False
        self.reload_library = reload_library or reload_default_library
        self.last_refusal = ""
        self.findings: list[Diagnostic] = []
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        self.findings_view = FindingsView()
        self.findings_dock: QDockWidget | None = None
        self._sized = False
        self.read_only_banner = QLabel()
        self.read_only_banner.setWordWrap(True)
        self.read_only_banner.setStyleSheet(READ_ONLY_STYLE)

    def finish_setup(self) -> None:
        """Actions, the findings dock and the first check; call at the end of __init__."""
        self._build_actions()
        dock = QDockWidget("Findings", self)
        dock.setObjectName("findings-dock")
        dock.setWidget(self.findings_view)
        dock.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.BottomDockWidgetArea, dock)
        self.findings_dock = dock
        self.statusBar()
        self._apply_read_only()
        self.run_checks()

    def _build_actions(self) -> None:
        menu = self.menuBar().addMenu("&File")
        bar = self.addToolBar("Edit")
        bar.setObjectName("editor-toolbar")
        bar.setMovable(False)
        self.save_action = QAction("&Save", self)
        self.save_action.setShortcut(QKeySequence.Save)
        self.save_action.setToolTip("Save into your library, where scenarios can use it")
        self.save_action.triggered.connect(self.save)
        self.save_copy_action = QAction("Save a &copy", self)
        self.save_copy_action.setToolTip("Save under a new id in your library and edit the copy")
        self.save_copy_action.triggered.connect(self.save_copy)
        close = QAction("&Close", self)
        close.setShortcut(QKeySequence.Close)
        close.triggered.connect(self.close)
        for a in (self.save_action, self.save_copy_action):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(close)
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.Redo)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        for a in (self.save_action, self.save_copy_action):
            bar.addAction(a)
        bar.addSeparator()
        # Short labels on the toolbar (the menu's actions carry the command's name).
        self.undo_button = bar.addAction("Undo")
        self.undo_button.triggered.connect(self.undo_stack.undo)
        self.redo_button = bar.addAction("Redo")
        self.redo_button.triggered.connect(self.undo_stack.redo)
        self.undo_stack.indexChanged.connect(self._index_changed)
        self._index_changed()

    # The stack clears itself (and signals) while the window is being destroyed, when some
    # of these objects are already gone: nothing is left to update then.

    def _clean_changed(self, clean: bool) -> None:
        try:
            self.setWindowModified(self.is_modified())
        except RuntimeError:
            pass

    def _index_changed(self, *_args) -> None:
        try:
            stack = self.undo_stack
            self.undo_button.setEnabled(stack.canUndo())
            self.undo_button.setToolTip(f"Undo {stack.undoText()}".strip())
            self.redo_button.setEnabled(stack.canRedo())
            self.redo_button.setToolTip(f"Redo {stack.redoText()}".strip())
        except RuntimeError:
            pass

    # -- state ---------------------------------------------------------------------------

    def _apply_read_only(self) -> None:
        name = KIND_NAMES[self.kind]
        self.read_only_banner.setText(
            f"This {name} is part of the bundled library and opens read-only. Use "
            f"“Save a copy” to make your own version (a new id) that you can edit."
            if self.read_only else "")
        self.read_only_banner.setVisible(self.read_only)
        self.save_action.setEnabled(not self.read_only)
        self.set_editable(not self.read_only)
        self._update_title()

    def set_editable(self, editable: bool) -> None:
        """Subclasses turn their editing widgets on or off."""

    def _update_title(self) -> None:
        name = getattr(self.model, "name", "") or getattr(self.model, "id", "")
        suffix = " (read-only)" if self.read_only else ""
        self.setWindowTitle(f"{name}[*] — {self.title}{suffix}")
        self.setWindowModified(self.is_modified())

    def is_modified(self) -> bool:
        """Edits not saved, or a copy that was never saved at all."""
        return not self.undo_stack.isClean() or (self.unsaved_copy and self.path is None)

    def mark_unsaved_copy(self) -> "EditorWindow":
        """This window holds a copy made from another list or set, not yet in any file."""
        self.unsaved_copy = True
        self._update_title()
        return self

    # -- editing -------------------------------------------------------------------------

    def refuse(self, message: str) -> bool:
        self.last_refusal = message
        self.statusBar().showMessage(f"Not done: {message}", STATUS_MS)
        self.refused.emit(message)
        return False

    def edit(self, text: str, mutate: Callable[[Any], None],
             merge_key: Hashable | None = None) -> bool:
        """Apply `mutate` to a copy of the model and push it as one undo step. A ValueError
        from `mutate` refuses the edit with its message; an edit that changes nothing is
        not pushed. Returns whether the model changed."""
        if self.read_only:
            return self.refuse(f"this {KIND_NAMES[self.kind]} is bundled and read-only: use "
                               "Save a copy to edit your own")
        after = copy.deepcopy(self.model)
        try:
            mutate(after)
        except ValueError as err:
            return self.refuse(str(err))
        if after == self.model:
            return False
        self.last_refusal = ""
        self.undo_stack.push(SnapshotEdit(self, text, copy.deepcopy(self.model), after,
                                          merge_key))
        return True

    def restore(self, snapshot: Any) -> None:
        """Put `snapshot`'s fields into the model object (views keep their reference)."""
        for f in fields(self.model):
            setattr(self.model, f.name, copy.deepcopy(getattr(snapshot, f.name)))
        self._update_title()
        self.modelChanged.emit()
        self._check_timer.start()

    # -- checks --------------------------------------------------------------------------

    def run_checks(self) -> list[Diagnostic]:
        """Schema and validation findings for the model as it stands (also run by itself a
        moment after each edit)."""
        self._check_timer.stop()
        self.findings = check_model(self.model, self.library, self.path,
                                    filename=self.path.name if self.path else "<new>")
        self.findings_view.show_findings(self.findings)
        errors, warnings = self.findings_view.counts()
        if self.findings_dock is not None:
            self.findings_dock.setWindowTitle(f"Findings: {errors} errors, {warnings} warnings"
                                              if self.findings else "Findings: none")
        return self.findings

    # -- saving --------------------------------------------------------------------------

    def save(self) -> Path | None:
        """Write into the user library (or back to the user's own file); returns the path,
        or None when refused (bundled file, id already used by another file)."""
        if self.read_only:
            self.refuse("bundled files are never overwritten: use Save a copy")
            return None
        try:
            target = save_to_library(self.model, self.path, self.library)
        except (SaveRefused, OSError) as err:
            self.refuse(str(err))
            return None
        self.path = target
        self.undo_stack.setClean()
        self._after_save(target)
        return target

    def save_copy(self) -> Path | None:
        """Save the model under a new id (`<id>-copy`...) in the user library and go on
        editing the copy."""
        taken = self.library.ids(self.kind) if self.library is not None else []
        new_id = copy_id(self.model.id, taken)
        duplicate = copy.deepcopy(self.model)
        duplicate.id = new_id
        duplicate.name = f"{self.model.name} (copy)"
        try:
            target = save_to_library(duplicate, user_path(self.kind, new_id), self.library)
        except (SaveRefused, OSError) as err:
            self.refuse(str(err))
            return None
        self.restore(duplicate)
        self.path = target
        self.read_only = False
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._apply_read_only()
        self._after_save(target)
        return target

    def _after_save(self, target: Path) -> None:
        self.library = self.reload_library()
        errors = sum(d.severity == "error" for d in self.run_checks())
        note = f" ({errors} errors remain: see Findings)" if errors else ""
        self.statusBar().showMessage(f"Saved {target}{note}", STATUS_MS)
        self._update_title()
        self.saved.emit(str(target))
        self.libraryChanged.emit(self.library)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if not self._sized and self.findings_dock is not None:
            # Docks only take a size once the window is laid out: keep findings a strip.
            self._sized = True
            self.resizeDocks([self.findings_dock], [FINDINGS_HEIGHT], Qt.Vertical)

    # -- closing -------------------------------------------------------------------------

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.is_modified() or self.read_only:
            event.accept()
            return
        question = (f"{self.model.name} is a copy that is not saved yet. Save it into your "
                    "library?" if self.unsaved_copy and self.path is None and
                    self.undo_stack.isClean() else f"Save the changes to {self.model.name}?")
        answer = QMessageBox.question(
            self, self.title, question,
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        if answer == QMessageBox.Cancel or (answer == QMessageBox.Save and self.save() is None):
            event.ignore()
            return
        event.accept()
