"""File ▸ Import ▸ Tiled map…: a hexagonal TMX or TMJ map becomes a new, unsaved scenario.

The same functions as `studio import tmx`: `start_import` reads the map and refuses what no
choice can fix (not hexagonal, too large, tiles of no tileset...) with a message naming the
file and the reason; when tiles do not say which terrain they are, the mapping dialog asks;
`build_scenario` makes the scenario. Nothing is written: the scenario opens as a document
with no file, modified, so closing or opening another asks to save it first.
"""
from __future__ import annotations

from pathlib import Path

from studio.interop.tiled import (ImportChoices, TiledImportError, build_scenario,
                                  plan_import, start_import)

from .dialogs import prompts
from .dialogs.tiled_mapping import TiledMappingDialog
from .document import ScenarioDocument

REFUSED_TITLE = "Cannot import the Tiled map"


class TiledImport:
    """Drives one import for `window` (a MainWindow)."""

    def __init__(self, window) -> None:
        self.window = window
        self.dialog: TiledMappingDialog | None = None

    def run(self, path: str | Path | None = None) -> bool:
        """Import `path` (asked for when None). True when the scenario is open, or the
        mapping dialog is up (window-modal; the import finishes when it is accepted)."""
        w = self.window
        if path is None:
            start = w.doc.path.parent if w.doc.path is not None else Path.cwd()
            path = prompts.ask_tiled_path(w, start)
            if path is None:
                return False
        try:
            first = start_import(path, w.library)
        except TiledImportError as err:
            prompts.show_error(w, REFUSED_TITLE, str(err))
            return False
        library = w.library

        def build(choices: ImportChoices):
            return build_scenario(plan_import(first.tmap, library, choices), library, choices)

        if not first.needs_mapping:
            try:
                scenario = build(ImportChoices(terrain_set=first.named_set))
            except TiledImportError as err:
                prompts.show_error(w, REFUSED_TITLE, str(err))
                return False
            return self.open(scenario, Path(path))
        if self.dialog is not None:
            self.dialog.deleteLater()
        self.dialog = TiledMappingDialog(first, library, build, w)
        self.dialog.accepted.connect(
            lambda d=self.dialog: self.open(d.result_value, Path(path)))
        self.dialog.open()
        return True

    def open(self, scenario, source: Path) -> bool:
        w = self.window
        if not w.maybe_save("opening the imported map"):
            w.show_status("Import cancelled: the current scenario stays open")
            return False
        doc = ScenarioDocument(scenario, None, library=w.library)
        doc.undo_stack.resetClean()         # it is in no file yet: closing asks to save it
        w.set_document(doc)
        m = scenario.map
        w.show_status(f"Imported {source.name}: {m.columns}×{m.rows} {m.orientation}-top hexes "
                      f"on {scenario.terrain_set}; Save (Ctrl+S) asks where to keep it", 0)
        return True
