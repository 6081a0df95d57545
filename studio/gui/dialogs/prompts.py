"""The questions the window asks: unsaved changes, revert, restore a recovery file, and which
file to open or save. Each goes through a QMessageBox / QFileDialog static function, so tests
can answer by replacing that function (or these).

`$WARGAME_STUDIO_RECOVERY` set to `restore` or `discard` answers the recovery question
without a dialog (scripted runs, tests).
"""
from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

SCENARIO_FILTER = "Scenarios (*.yaml *.yml);;All files (*)"
TILED_FILTER = "Tiled maps (*.tmx *.tmj *.json);;All files (*)"


def ask_unsaved_changes(parent: QWidget, name: str, action: str) -> str:
    """"save", "discard" or "cancel" for a document with unsaved changes about to be
    closed by `action` (e.g. "closing", "opening another file")."""
    answer = QMessageBox.question(
        parent, "Unsaved changes",
        f"{name} has changes that are not saved.\n\nSave them before {action}?",
        QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
    if answer == QMessageBox.Save:
        return "save"
    if answer == QMessageBox.Discard:
        return "discard"
    return "cancel"


def ask_revert(parent: QWidget, name: str) -> bool:
    answer = QMessageBox.question(
        parent, "Revert",
        f"Throw away the changes to {name} and reload the saved file?",
        QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Cancel)
    return answer == QMessageBox.Discard


def ask_restore(parent: QWidget, source: Path | None, recovery: Path) -> bool:
    """Whether to restore the work found in `recovery` (True) or drop it (False)."""
    scripted = os.environ.get("WARGAME_STUDIO_RECOVERY", "").strip().lower()
    if scripted in ("restore", "discard"):
        return scripted == "restore"
    when = datetime.fromtimestamp(recovery.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    what = f"{source.name}" if source is not None else "an unsaved scenario"
    if source is not None and source.exists():
        what += " (different from the saved file)"
    answer = QMessageBox.question(
        parent, "Recover unsaved work",
        f"The studio found work on {what} autosaved at {when} that was never saved; it was "
        "probably left by a crash.\n\nRestore it? (No deletes the autosaved copy.)",
        QMessageBox.Yes | QMessageBox.No, QMessageBox.Yes)
    return answer == QMessageBox.Yes


def ask_open_path(parent: QWidget, start: Path | None) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Open scenario",
                                          str(start) if start else "", SCENARIO_FILTER)
    return Path(path) if path else None


def ask_tiled_path(parent: QWidget, start: Path | None) -> Path | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import a Tiled map",
                                          str(start) if start else "", TILED_FILTER)
    return Path(path) if path else None


def ask_save_path(parent: QWidget, suggested: Path) -> Path | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Save scenario as", str(suggested),
                                          SCENARIO_FILTER)
    if not path:
        return None
    target = Path(path)
    if target.suffix.lower() not in (".yaml", ".yml"):
        target = target.with_name(target.name + ".yaml")
    return target


def show_error(parent: QWidget, title: str, message: str) -> None:
    QMessageBox.warning(parent, title, message)
