"""The terrain-set editor: the set's name, id and notes, its elevation rule, and a table of
terrain types edited in place, each with a preview of the hex as the map draws it. Same
rules as the army-list editor: one undo step per edit, live findings, Save into
`<user library>/terrain-sets/<id>.yaml`, bundled sets read-only with Save a copy.

Embedding: docs/armies.md, section "Embedding".
"""
from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QColorDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from studio.armies.cell_values import (format_mp, format_number, parse_colour, parse_extra_mp,
                                       parse_id, parse_name, parse_number)
from studio.armies.user_library import copy_id, free_id
from studio.io import load_file
from studio.model import ElevationRule, TerrainSet, TerrainType

from .editor_window import EditorWindow
from .row_table_view import RowTableView
from .terrain_swatch import terrain_swatch
from .terrain_table import COL, PatternDelegate, TerrainTableModel
from ..screen_fit import fit_to_screen

PREVIEW_RADIUS = 46.0
NEW_COLOURS = ("#d8c8a0", "#a8c8e0", "#c8a0c8", "#a0c8a0", "#e0b090", "#b0b0b0")


def blank_terrain_set(library: Any) -> TerrainSet:
    taken = library.ids("terrain-set") if library is not None else []
    return TerrainSet(free_id("my-terrain", taken), "My terrain",
                      [TerrainType("open", "Open", ".", "#e3edc1")])


def new_terrain_type(ts: TerrainSet) -> TerrainType:
    ident = free_id("new-terrain", [t.id for t in ts.terrain])
    used = {t.symbol for t in ts.terrain}
    symbol = next(c for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                  "+-*/=<>%&@!?" if c not in used)
    colour = NEW_COLOURS[len(ts.terrain) % len(NEW_COLOURS)]
    return TerrainType(ident, "New terrain", symbol, colour)


class TerrainSetEditor(EditorWindow):
    kind = "terrain-set"
    title = "Terrain-set editor"

    def __init__(self, library: Any, terrain_set: TerrainSet | None = None,
                 path: str | Path | None = None, *,
                 reload_library: Callable[[], Any] | None = None, parent=None) -> None:
        if terrain_set is None and path is not None:
            terrain_set = _load_set(path)
        if terrain_set is None:
            terrain_set = blank_terrain_set(library)
        super().__init__(library, terrain_set, path, reload_library, parent)
        self.setObjectName("terrain-set-editor")
        fit_to_screen(self, 1200, 700)

        top = QHBoxLayout()
        about = QGroupBox("Terrain set")
        form = QFormLayout(about)
        self.name = QLineEdit()
        self.id = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(70)
        form.addRow("Name", self.name)
        form.addRow("ID", self.id)
        form.addRow("Notes", self.notes)
        elevation = QGroupBox("Elevation rule")
        eform = QFormLayout(elevation)
        self.uphill = QLineEdit()
        self.uphill.setToolTip("Extra MP to enter a higher hex: a number or a fraction like 1/2")
        self.from_below = QLineEdit()
        self.from_below.setToolTip("Defense bonus of a unit attacked from lower ground")
        self.downhill = QLineEdit()
        self.downhill.setToolTip("Attack bonus of a unit attacking lower ground")
        eform.addRow("Uphill extra MP", self.uphill)
        eform.addRow("Defense from below", self.from_below)
        eform.addRow("Attack downhill", self.downhill)
        preview = QGroupBox("Preview")
        pv = QVBoxLayout(preview)
        swatches = QHBoxLayout()
        self.preview_flat = QLabel()
        self.preview_high = QLabel()
        for label in (self.preview_flat, self.preview_high):
            label.setAlignment(Qt.AlignCenter)
            swatches.addWidget(label)
        self.preview_caption = QLabel()
        self.preview_caption.setWordWrap(True)
        self.preview_caption.setAlignment(Qt.AlignCenter)
        pv.addLayout(swatches)
        pv.addWidget(self.preview_caption)
        top.addWidget(about, 3)
        top.addWidget(elevation, 2)
        top.addWidget(preview, 2)

        buttons = QHBoxLayout()
        self.row_buttons: list[QPushButton] = []
        for text, tip, slot in (
                ("Add terrain", "A new terrain type with a free symbol", lambda: self.add_terrain()),
                ("Duplicate", "A copy of the chosen terrain type", lambda: self.duplicate_terrain()),
                ("Delete", "Remove the chosen terrain type", lambda: self.delete_terrain()),
                ("Move up", "Move up (or drag the row)",
                 lambda: self.move_terrain(self.current_row(), self.current_row() - 1)),
                ("Move down", "Move down (or drag the row)",
                 lambda: self.move_terrain(self.current_row(), self.current_row() + 1)),
                ("Pick colour…", "Choose the chosen terrain's colour", self.pick_colour)):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.row_buttons.append(b)
        buttons.addStretch(1)
        self.table_model = TerrainTableModel(self)
        self.table = RowTableView()
        self.table.setModel(self.table_model)
        self.table.setItemDelegateForColumn(COL["pattern"], PatternDelegate(self.table))
        self.table.rowDropped.connect(self.move_terrain)
        self.table.verticalHeader().setDefaultSectionSize(30)
        self.table.setIconSize(terrain_swatch(TerrainType("x", "x", "x", "#ffffff"), 13).size())
        self.table.selectionModel().currentRowChanged.connect(self._show_preview)
        widths = {"preview": 44, "id": 120, "name": 130, "symbol": 56, "colour": 96,
                  "pattern": 80, "mp": 86, "ranged_defense": 92, "attack_modifier": 92,
                  "blocks_los": 92, "destructible_hits": 92, "entry_attack": 92,
                  "forbidden_tags": 120, "tags": 90}
        for key, col in COL.items():
            self.table.setColumnWidth(col, widths.get(key, 74))

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.read_only_banner)
        layout.addLayout(top)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        self.setCentralWidget(central)

        self.name.editingFinished.connect(self._set_name)
        self.id.editingFinished.connect(self._set_id)
        self.notes.textChanged.connect(self._notes_typed)
        self.uphill.editingFinished.connect(self._set_elevation)
        self.from_below.editingFinished.connect(self._set_elevation)
        self.downhill.editingFinished.connect(self._set_elevation)
        self.modelChanged.connect(self._show_model)
        self.findings_view.subjectActivated.connect(self._show_subject)
        self._show_model()
        if self.model.terrain:
            self.select_row(0)
        self.finish_setup()

    @classmethod
    def open_id(cls, library: Any, set_id: str, **kwargs) -> "TerrainSetEditor":
        doc = library.document("terrain-set", set_id)
        if doc is None or doc.model is None:
            raise ValueError(f"terrain set {set_id!r} is not in the library or did not load")
        return cls(library, doc.model, doc.path, **kwargs)

    @classmethod
    def copy_of(cls, library: Any, set_id: str, **kwargs) -> "TerrainSetEditor":
        original = library.terrain_set(set_id)
        if original is None:
            raise ValueError(f"terrain set {set_id!r} is not in the library")
        dup = copy.deepcopy(original)
        dup.id = copy_id(set_id, library.ids("terrain-set"))
        dup.name = f"{original.name} (copy)"
        return cls(library, dup, None, **kwargs).mark_unsaved_copy()

    # -- showing -------------------------------------------------------------------------

    def set_editable(self, editable: bool) -> None:
        for w in (self.name, self.id, self.notes, self.uphill, self.from_below, self.downhill,
                  *self.row_buttons):
            w.setEnabled(editable)
        self.table_model.refresh()

    def _show_model(self) -> None:
        m = self.model
        for line, text in ((self.name, m.name), (self.id, m.id),
                           (self.uphill, format_mp(m.elevation.uphill_extra_mp)),
                           (self.from_below, format_number(m.elevation.defense_from_below)),
                           (self.downhill, format_number(m.elevation.attack_downhill))):
            if line.text() != text and not line.hasFocus():
                line.setText(text)
        if self.notes.toPlainText() != m.notes:
            self.notes.blockSignals(True)
            self.notes.setPlainText(m.notes)
            self.notes.blockSignals(False)
        self._show_preview()

    def current_row(self) -> int:
        return self.table.currentIndex().row()

    def select_row(self, row: int, column: int = 1) -> None:
        if 0 <= row < self.table_model.rowCount():
            self.table.setCurrentIndex(self.table_model.index(row, column))
        self._show_preview()

    def current_terrain(self) -> TerrainType | None:
        row = self.current_row()
        return self.model.terrain[row] if 0 <= row < len(self.model.terrain) else None

    def _show_preview(self, *_args) -> None:
        t = self.current_terrain()
        if t is None:
            self.preview_flat.clear()
            self.preview_high.clear()
            self.preview_caption.setText("Choose a terrain type to preview it.")
            return
        self.preview_flat.setPixmap(terrain_swatch(t, PREVIEW_RADIUS))
        self.preview_high.setPixmap(terrain_swatch(t, PREVIEW_RADIUS, elevation=3))
        mp = format_mp(t.mp)
        self.preview_caption.setText(f"{t.name} '{t.symbol}': MP {mp}, defense {t.defense:+d}"
                                     f"{', blocks sight' if t.blocks_los else ''} "
                                     "(left: level ground, right: 3 levels up)")

    def _show_subject(self, subject: str) -> None:
        # Terrain findings name the set; a symbol or id in the message is enough to find it.
        for row, t in enumerate(self.model.terrain):
            if f"'{t.id}'" in subject or subject.endswith(f"/{t.id}"):
                self.select_row(row)
                return

    # -- edits ---------------------------------------------------------------------------

    def _set_name(self) -> None:
        text = self.name.text()

        def change(m: TerrainSet) -> None:
            m.name = parse_name(text, "terrain set name")
        if not self.edit("Set name", change):
            self.name.setText(self.model.name)

    def _set_id(self) -> None:
        text = self.id.text()

        def change(m: TerrainSet) -> None:
            m.id = parse_id(text, "terrain set id")
        if not self.edit("Set id", change):
            self.id.setText(self.model.id)

    def _notes_typed(self) -> None:
        text = self.notes.toPlainText()

        def change(m: TerrainSet) -> None:
            m.notes = text
        self.edit("Edit notes", change, merge_key="set-notes")

    def _set_elevation(self) -> None:
        texts = (self.uphill.text(), self.from_below.text(), self.downhill.text())

        def change(m: TerrainSet) -> None:
            uphill = parse_extra_mp(texts[0], "uphill extra MP", optional=False)
            m.elevation = ElevationRule(
                Fraction(uphill),
                parse_number(texts[1], "defense from below", integer=True, optional=False),
                parse_number(texts[2], "attack downhill", integer=True, optional=False))
        if not self.edit("Elevation rule", change):
            self._show_elevation()

    def _show_elevation(self) -> None:
        e = self.model.elevation
        self.uphill.setText(format_mp(e.uphill_extra_mp))
        self.from_below.setText(format_number(e.defense_from_below))
        self.downhill.setText(format_number(e.attack_downhill))

    def add_terrain(self, terrain: TerrainType | None = None) -> bool:
        new = terrain or new_terrain_type(self.model)

        def change(m: TerrainSet) -> None:
            if any(t.id == new.id for t in m.terrain):
                raise ValueError(f"terrain id {new.id!r} is already used in this set")
            if any(t.symbol == new.symbol for t in m.terrain):
                raise ValueError(f"symbol {new.symbol!r} is already used in this set")
            m.terrain.append(copy.deepcopy(new))
        done = self.edit(f"Add terrain {new.name}", change)
        if done:
            self.select_row(len(self.model.terrain) - 1)
        return done

    def duplicate_terrain(self, row: int | None = None) -> bool:
        row = self.current_row() if row is None else row
        if not 0 <= row < len(self.model.terrain):
            return self.refuse("choose the terrain type to duplicate")
        dup = copy.deepcopy(self.model.terrain[row])
        fresh = new_terrain_type(self.model)
        dup.id = copy_id(dup.id, [t.id for t in self.model.terrain])
        dup.name = f"{dup.name} (copy)"
        dup.symbol = fresh.symbol
        return self.add_terrain(dup)

    def delete_terrain(self, row: int | None = None) -> bool:
        row = self.current_row() if row is None else row
        if not 0 <= row < len(self.model.terrain):
            return self.refuse("choose the terrain type to delete")
        name = self.model.terrain[row].name

        def change(m: TerrainSet) -> None:
            if len(m.terrain) == 1:
                raise ValueError("a terrain set needs at least one terrain type")
            del m.terrain[row]
        done = self.edit(f"Delete terrain {name}", change)
        if done:
            self.select_row(min(row, len(self.model.terrain) - 1))
        return done

    def move_terrain(self, row: int, to_row: int) -> bool:
        terrain = self.model.terrain
        if not (0 <= row < len(terrain) and 0 <= to_row < len(terrain)) or row == to_row:
            return False
        name = terrain[row].name

        def change(m: TerrainSet) -> None:
            m.terrain.insert(to_row, m.terrain.pop(row))
        done = self.edit(f"Move {name}", change)
        if done:
            self.select_row(to_row)
        return done

    def set_colour(self, row: int, colour: str) -> bool:
        def change(m: TerrainSet) -> None:
            m.terrain[row].colour = parse_colour(colour)
        return self.edit(f"{self.model.terrain[row].name}: colour {colour}", change)

    def pick_colour(self) -> bool:
        t = self.current_terrain()
        if t is None:
            return self.refuse("choose the terrain type to colour")
        colour = QColorDialog.getColor(QColor(t.colour), self, f"Colour of {t.name}")
        if not colour.isValid():
            return False
        return self.set_colour(self.current_row(), colour.name())


def _load_set(path: str | Path) -> TerrainSet:
    doc = load_file(path)
    if not isinstance(doc.model, TerrainSet):
        problems = "; ".join(d.format() for d in doc.diagnostics[:3]) or "not a terrain set"
        raise ValueError(f"cannot open {path} in the terrain-set editor: {problems}")
    return doc.model
