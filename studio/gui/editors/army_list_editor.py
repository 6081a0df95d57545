"""The army-list editor: a window to make a list from scratch or from a copy, or change one of
the user's own; bundled lists open read-only (Save a copy).

Tabs: the list's fields and points formula; the unit types (a table edited in place, with
the chosen type's abilities, notes and rarer stats below it); special rules; compositions.
Every change is one step on the window's undo stack, and the findings dock shows what the
schema and the validator say about the list as it stands. Save writes
`<user library>/army-lists/<id>.yaml` (atomically) and reloads the library.

Embedding: docs/armies.md, section "Embedding".
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QPushButton, QSplitter, QTabWidget, QToolTip,
                               QVBoxLayout, QWidget)

from studio.armies.user_library import copy_id, free_id
from studio.io import load_file
from studio.model import ArmyList, Attack, UnitType
from studio.rulesets import default_ruleset_file

from .compositions_panel import CompositionsPanel
from .editor_window import EditorWindow
from .list_form import ListForm
from .special_rules_panel import SpecialRulesPanel
from .unit_details import UnitDetails
from .row_table_view import RowTableView
from .unit_table import UnitTableModel
from ..screen_fit import fit_to_screen

DEFAULT_TERRAIN_SET = "basic-ground"


def blank_army_list(library: Any) -> ArmyList:
    """A new list with a free id, for the library's first ground terrain set."""
    taken = library.ids("army-list") if library is not None else []
    sets = library.ids("terrain-set") if library is not None else []
    terrain = DEFAULT_TERRAIN_SET if DEFAULT_TERRAIN_SET in sets or not sets else sets[0]
    return ArmyList(free_id("my-army-list", taken), "My army list", "ancients", ["tactical"],
                    terrain, ruleset=default_ruleset_file(library))


def new_unit_type(army_list: ArmyList) -> UnitType:
    ident = free_id("new-unit", [u.id for u in army_list.units])
    return UnitType(ident, "New unit", tags=["infantry"], move=2,
                    attack=Attack.flat_rating(5), defense=5, morale=5)


class ArmyListEditor(EditorWindow):
    kind = "army-list"
    title = "Army-list editor"

    def __init__(self, library: Any, army_list: ArmyList | None = None,
                 path: str | Path | None = None, *,
                 reload_library: Callable[[], Any] | None = None, parent=None) -> None:
        if army_list is None and path is not None:
            army_list = _load_list(path)
        if army_list is None:
            army_list = blank_army_list(library)
        super().__init__(library, army_list, path, reload_library, parent)
        self.setObjectName("army-list-editor")
        fit_to_screen(self, 1200, 760)
        self.tabs = QTabWidget()
        self.form = ListForm(self)
        self.tabs.addTab(self.form, "List")

        units_page = QWidget()
        units_layout = QVBoxLayout(units_page)
        buttons = QHBoxLayout()
        self.unit_buttons: list[QPushButton] = []
        for text, tip, slot in (
                ("Add unit type", "A new unit type at the end of the table", self.add_unit),
                ("Duplicate", "A copy of the chosen unit type, just below it",
                 lambda: self.duplicate_unit()),
                ("Delete", "Remove the chosen unit type", lambda: self.delete_unit()),
                ("Move up", "Move the chosen unit type up (or drag the row)",
                 lambda: self.move_unit(self.current_row(), self.current_row() - 1)),
                ("Move down", "Move the chosen unit type down (or drag the row)",
                 lambda: self.move_unit(self.current_row(), self.current_row() + 1))):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.unit_buttons.append(b)
        buttons.addStretch(1)
        self.table_model = UnitTableModel(self)
        self.table = RowTableView()
        self.table.setModel(self.table_model)
        self.table.rowDropped.connect(self.move_unit)
        self.table.doubleClicked.connect(self._double_clicked)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self._size_columns()
        self.details = UnitDetails(self)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([440, 190])
        units_layout.addLayout(buttons)
        units_layout.addWidget(split, 1)
        self.tabs.addTab(units_page, "Unit types")
        self.special_rules = SpecialRulesPanel(self)
        self.tabs.addTab(self.special_rules, "Special rules")
        self.compositions = CompositionsPanel(self)
        self.tabs.addTab(self.compositions, "Compositions")

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.read_only_banner)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.modelChanged.connect(self._show_model)
        self.findings_view.subjectActivated.connect(self._show_subject)
        self.refused.connect(self._show_refusal)
        self.libraryChanged.connect(self._library_reloaded)
        self._show_model()
        self.finish_setup()

    # -- construction helpers ------------------------------------------------------------

    @classmethod
    def open_id(cls, library: Any, list_id: str, **kwargs) -> "ArmyListEditor":
        """The library's list `list_id` (read-only when bundled)."""
        doc = library.document("army-list", list_id)
        if doc is None or doc.model is None:
            raise ValueError(f"army list {list_id!r} is not in the library or did not load")
        return cls(library, doc.model, doc.path, **kwargs)

    @classmethod
    def copy_of(cls, library: Any, list_id: str, **kwargs) -> "ArmyListEditor":
        """A new, unsaved list starting as a copy of `list_id` (new id `<id>-copy`)."""
        original = library.army_list(list_id)
        if original is None:
            raise ValueError(f"army list {list_id!r} is not in the library")
        dup = copy.deepcopy(original)
        dup.id = copy_id(list_id, library.ids("army-list"))
        dup.name = f"{original.name} (copy)"
        return cls(library, dup, None, **kwargs).mark_unsaved_copy()

    def _size_columns(self) -> None:
        widths = {"id": 130, "name": 150, "tags": 150, "attack": 90, "abilities": 140,
                  "override": 66, "points": 56, "flying": 36}
        metrics = self.table.horizontalHeader().fontMetrics()
        for col, key in enumerate(self.table_model.keys):
            stat = self.table_model.stats.get(key)
            if stat is not None:        # a game's own column: wide enough for its header
                title = metrics.horizontalAdvance(stat.title) + 20
                self.table.setColumnWidth(col, max(title, 150 if stat.kind == "map" else 56))
            else:
                self.table.setColumnWidth(col, widths.get(key, 62))

    # -- showing -------------------------------------------------------------------------

    def _show_model(self) -> None:
        self.form.show_model()
        self.details.show_unit(self.current_row())
        self.special_rules.show_model()
        self.compositions.show_model()

    def set_editable(self, editable: bool) -> None:
        self.form.set_editable(editable)
        self.details.set_editable(editable)
        self.special_rules.set_editable(editable)
        self.compositions.set_editable(editable)
        for b in self.unit_buttons:
            b.setEnabled(editable)
        # The table asks `read_only` for its flags: redraw so they apply.
        self.table_model.refresh()

    def _library_reloaded(self, _library) -> None:
        # A terrain set or points table saved meanwhile becomes a choice.
        self.form.fill_library_choices()
        self.form.show_model()

    def _row_changed(self, current, _previous) -> None:
        self.details.show_unit(current.row())

    def _show_refusal(self, message: str) -> None:
        index = self.table.currentIndex()
        if index.isValid() and self.table.isVisible():
            where = self.table.viewport().mapToGlobal(self.table.visualRect(index).bottomLeft())
            QToolTip.showText(where, message, self.table)

    def _show_subject(self, subject: str) -> None:
        if subject.startswith("unit-type:") and "/" in subject:
            unit_id = subject.split("/", 1)[1]
            for row, unit in enumerate(self.model.units):
                if unit.id == unit_id:
                    self.tabs.setCurrentIndex(1)
                    self.select_row(row)
                    return

    def current_row(self) -> int:
        return self.table.currentIndex().row()

    def select_row(self, row: int, column: int = 0) -> None:
        if 0 <= row < self.table_model.rowCount():
            self.table.setCurrentIndex(self.table_model.index(row, column))
        self.details.show_unit(self.current_row())

    def _double_clicked(self, index) -> None:
        if index.column() == self.table_model.column_of("abilities") and not self.read_only:
            self.select_row(index.row(), index.column())
            self.details.add_ability() if not self.model.units[index.row()].abilities \
                else self.details.edit_ability()

    # -- unit type edits -----------------------------------------------------------------

    def add_unit(self, unit: UnitType | None = None) -> bool:
        new = unit or new_unit_type(self.model)

        def change(m: ArmyList) -> None:
            if any(u.id == new.id for u in m.units):
                raise ValueError(f"unit id {new.id!r} is already used in this list")
            m.units.append(copy.deepcopy(new))
        done = self.edit(f"Add unit type {new.name}", change)
        if done:
            self.select_row(len(self.model.units) - 1)
        return done

    def duplicate_unit(self, row: int | None = None) -> bool:
        row = self.current_row() if row is None else row
        if not 0 <= row < len(self.model.units):
            return self.refuse("choose the unit type to duplicate")
        dup = copy.deepcopy(self.model.units[row])
        dup.id = copy_id(dup.id, [u.id for u in self.model.units])
        dup.name = f"{dup.name} (copy)"

        def change(m: ArmyList) -> None:
            m.units.insert(row + 1, copy.deepcopy(dup))
        done = self.edit(f"Duplicate {self.model.units[row].name}", change)
        if done:
            self.select_row(row + 1)
        return done

    def delete_unit(self, row: int | None = None) -> bool:
        row = self.current_row() if row is None else row
        if not 0 <= row < len(self.model.units):
            return self.refuse("choose the unit type to delete")
        name = self.model.units[row].name

        def change(m: ArmyList) -> None:
            del m.units[row]
        done = self.edit(f"Delete unit type {name}", change)
        if done:
            self.select_row(min(row, len(self.model.units) - 1))
        return done

    def move_unit(self, row: int, to_row: int) -> bool:
        units = self.model.units
        if not (0 <= row < len(units) and 0 <= to_row < len(units)) or row == to_row:
            return False
        name = units[row].name

        def change(m: ArmyList) -> None:
            m.units.insert(to_row, m.units.pop(row))
        done = self.edit(f"Move {name}", change)
        if done:
            self.select_row(to_row)
        return done


def _load_list(path: str | Path) -> ArmyList:
    doc = load_file(path)
    if not isinstance(doc.model, ArmyList):
        problems = "; ".join(d.format() for d in doc.diagnostics[:3]) or "not an army list"
        raise ValueError(f"cannot open {path} in the army-list editor: {problems}")
    return doc.model
