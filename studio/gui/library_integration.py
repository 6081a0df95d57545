"""The army builder dock and the army-list / terrain-set / ruleset options editors, wired into
the main window.

Kept apart from main_window.py so the window stays about files, panels and menus; this
object owns the Library menu, the builder dock and the open editor windows.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

from .armies import ArmyBuilder
from .guarded import guarded_action
from .editors import ArmyListEditor, TerrainSetEditor
from .editors.options_editor import RulesetOptionsEditor


class LibraryIntegration:
    def __init__(self, window, doc) -> None:
        self.window = window
        self.editors: list = []
        self.builder = ArmyBuilder(doc, window.library)
        self.builder.setObjectName("army-builder-dock")
        window.addDockWidget(Qt.RightDockWidgetArea, self.builder)
        window.tabifyDockWidget(window.units_dock, self.builder)
        window.units_dock.raise_()
        self.builder.statusMessage.connect(window.show_status)
        self.builder.placeRequested.connect(self._arm_placement)
        self.builder.editListRequested.connect(self.open_army_list_editor)
        window.tools.sideChanged.connect(self.builder.set_side)
        self._build_menu()

    def _build_menu(self) -> None:
        w = self.window
        menu = w.menuBar().addMenu("&Library")
        entries = (
            ("&New army list…", lambda: self.open_army_list_editor(None)),
            ("&Edit army list…", lambda: self._choose("army-list", self.open_army_list_editor)),
            ("New army list from &copy…", lambda: self._choose("army-list", self._copy_list)),
            None,
            ("New &terrain set…", lambda: self.open_terrain_set_editor(None)),
            ("Edit terrain &set…", lambda: self._choose("terrain-set",
                                                        self.open_terrain_set_editor)),
            ("New terrain set from c&opy…", lambda: self._choose("terrain-set", self._copy_set)),
            None,
            ("&Ruleset options of this scenario…", self.open_ruleset_options),
            None)
        self.actions = {}
        for entry in entries:
            if entry is None:
                menu.addSeparator()
                continue
            action = guarded_action(w, *entry)
            menu.addAction(action)
            self.actions[entry[0].replace("&", "")] = action
        menu.addAction(self.builder.toggleViewAction())
        self.menu = menu

    def set_document(self, doc) -> None:
        self.builder.set_document(doc)

    # -- editors ------------------------------------------------------------------------

    def _choose(self, kind: str, then) -> None:
        """Ask for an id of `kind` (the library's kind name: `army-list`, `terrain-set`)."""
        ids = [ident for ident, _ in self.window.library.items(kind)]
        label = "Army list:" if kind == "army-list" else "Terrain set:"
        ident, ok = QInputDialog.getItem(self.window, "Choose from the library", label, ids, 0, False)
        if ok and ident:
            then(ident)

    def _show(self, editor):
        editor.libraryChanged.connect(self.library_reloaded)
        editor.destroyed.connect(lambda *_: self.editors.remove(editor) if editor in self.editors else None)
        self.editors.append(editor)
        editor.show()
        return editor

    def open_army_list_editor(self, list_id: str | None = None):
        lib = self.window.library
        return self._show(ArmyListEditor.open_id(lib, list_id) if list_id
                          else ArmyListEditor(lib, None, None))

    def open_terrain_set_editor(self, set_id: str | None = None):
        lib = self.window.library
        return self._show(TerrainSetEditor.open_id(lib, set_id) if set_id
                          else TerrainSetEditor(lib, None, None))

    def open_ruleset_options(self):
        """The options of the scenario's ruleset file. A bundled file is saved as a copy
        (a new id): the scenario then plays by the copy, one undo step in its history."""
        doc = self.window.doc
        editor = self._show(RulesetOptionsEditor.open_id(self.window.library,
                                                         doc.model.ruleset))
        # after the window has the library with the saved file in it
        editor.libraryChanged.connect(
            lambda _lib, e=editor, d=doc: self._use_ruleset(d, e.model.id))
        return editor

    def _use_ruleset(self, doc, ruleset_id: str) -> None:
        if doc is self.window.doc and doc.model.ruleset != ruleset_id:
            doc.set_field("ruleset", ruleset_id)

    def _copy_list(self, list_id: str):
        return self._show(ArmyListEditor.copy_of(self.window.library, list_id))

    def _copy_set(self, set_id: str):
        return self._show(TerrainSetEditor.copy_of(self.window.library, set_id))

    def library_reloaded(self, library) -> None:
        """A list or terrain set was saved: every view looks things up in the new library,
        and the problems panel re-checks the scenario (rosters may now be over their limit)."""
        w = self.window
        w.library = library
        w.doc.set_library(library)
        self.builder.refresh_library(library)
        w.validation.run_now()

    def _arm_placement(self, side_id: str, index: int) -> None:
        tools = self.window.tools
        tools.set_unit_to_place(side_id, index)
        tools.set_tool("unit")
