"""The scenario's own fields: name, id, description, round limit, ruleset (and a button to
its options), terrain set, map size and special rules. Every change is one undoable edit
through the document (typing into a field merges into one step). Choosing another terrain
set asks the window for the mapping dialog (`terrainSetRequested`): the map's terrain must
be translated, not just renamed."""
from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QPlainTextEdit, QPushButton, QSpinBox, QWidget)

from ..document_links import relink
from .widget_helpers import choose_data, flash, quiet, show_text

ID_PATTERN = r"[a-z0-9]+(-[a-z0-9]+)*"


class ScenarioFieldsPanel(QWidget):
    statusMessage = Signal(str)
    resizeRequested = Signal()
    terrainSetRequested = Signal(str)       # terrain set id chosen: open the mapping dialog
    optionsRequested = Signal()             # open the ruleset options editor

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self._connections: list = []
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.name.textEdited.connect(lambda text: self.doc.set_field("name", text))
        form.addRow("Name", self.name)
        self.id = QLineEdit()
        self.id.setValidator(QRegularExpressionValidator(QRegularExpression(ID_PATTERN), self.id))
        self.id.setToolTip("kebab-case id of the scenario (letters, digits and dashes)")
        self.id.editingFinished.connect(self._id_done)
        form.addRow("Id", self.id)
        self.description = QPlainTextEdit()
        self.description.setTabChangesFocus(True)
        self.description.setFixedHeight(72)
        self.description.textChanged.connect(
            lambda: self.doc.set_field("description", self.description.toPlainText()))
        form.addRow("Description", self.description)
        self.round_limit = QSpinBox()
        self.round_limit.setRange(1, 999)
        self.round_limit.valueChanged.connect(lambda v: self.doc.set_field("round_limit", v))
        form.addRow("Round limit", self.round_limit)
        self.ruleset = QComboBox()
        self.ruleset.activated.connect(
            lambda i: self.doc.set_field("ruleset", self.ruleset.itemData(i)))
        self.options_button = QPushButton("Options…")
        self.options_button.setToolTip("The ruleset's options (set-up, zones of control, "
                                       "morale...) in a form")
        self.options_button.clicked.connect(self.optionsRequested)
        ruleset_row = QHBoxLayout()
        ruleset_row.addWidget(self.ruleset, 1)
        ruleset_row.addWidget(self.options_button)
        form.addRow("Ruleset", ruleset_row)
        self.terrain_set = QComboBox()
        self.terrain_set.setToolTip("Choosing another set opens Change terrain set, where you "
                                    "say what each terrain of the map becomes")
        self.terrain_set.activated.connect(self._terrain_set_chosen)
        form.addRow("Terrain set", self.terrain_set)
        size_row = QHBoxLayout()
        self.map_size = QLabel()
        self.resize_button = QPushButton("Resize…")
        self.resize_button.clicked.connect(self.resizeRequested)
        size_row.addWidget(self.map_size, 1)
        size_row.addWidget(self.resize_button)
        form.addRow("Map", size_row)
        self.special_rules = QPlainTextEdit()
        self.special_rules.setTabChangesFocus(True)
        self.special_rules.setMinimumHeight(60)
        self.special_rules.textChanged.connect(
            lambda: self.doc.set_field("special_rules", self.special_rules.toPlainText()))
        form.addRow("Special rules", self.special_rules)
        self.fields = {"name": self.name, "id": self.id, "description": self.description,
                       "round_limit": self.round_limit, "ruleset": self.ruleset,
                       "terrain_set": self.terrain_set, "map": self.resize_button,
                       "special_rules": self.special_rules}

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [
            (doc.metaChanged, self._meta), (doc.geometryChanged, self._show_map),
            (doc.terrainSetChanged, self._show_terrain_set)])
        library = doc.library
        with quiet(self.ruleset, self.terrain_set):
            self.ruleset.clear()
            self.terrain_set.clear()
            if library is not None:
                for ident, ruleset in library.items("ruleset"):
                    self.ruleset.addItem(ruleset.name, ident)
                for ident, ts in library.items("terrain-set"):
                    self.terrain_set.addItem(ts.name, ident)
        self.refresh()

    def refresh(self) -> None:
        for name in ("name", "id", "description", "round_limit", "ruleset", "special_rules"):
            self._meta(name)
        self._show_map()
        self._show_terrain_set()

    def _meta(self, field: str) -> None:
        m = self.doc.model
        if field in ("name", "id", "description", "special_rules"):
            show_text(self.fields[field], getattr(m, field) or "")
        elif field == "round_limit":
            if self.round_limit.value() != m.round_limit:
                with quiet(self.round_limit):
                    self.round_limit.setValue(m.round_limit)
        elif field == "ruleset":
            if self.ruleset.findData(m.ruleset) < 0:
                self.ruleset.addItem(f"{m.ruleset} (not in the library)", m.ruleset)
            choose_data(self.ruleset, m.ruleset)

    def _show_map(self) -> None:
        m = self.doc.model.map
        self.map_size.setText(f"{m.columns} × {m.rows}, {m.orientation} top")
        self.map_size.setToolTip(f"{m.columns} columns × {m.rows} rows, {m.orientation}-top hexes, "
                                 f"{m.offset} {'columns' if m.orientation == 'flat' else 'rows'} "
                                 "sit half a hex over")

    def _show_terrain_set(self) -> None:
        ident = self.doc.model.terrain_set
        if self.terrain_set.findData(ident) < 0:
            self.terrain_set.addItem(f"{ident} (not in the library)", ident)
        choose_data(self.terrain_set, ident)

    def _id_done(self) -> None:
        text = self.id.text().strip()
        if text and text != self.doc.model.id:
            self.doc.set_field("id", text)
        elif not text:
            show_text(self.id, self.doc.model.id)

    def _terrain_set_chosen(self, index: int) -> None:
        ident = self.terrain_set.itemData(index)
        # The combo keeps showing the scenario's set until the dialog has made the change.
        self._show_terrain_set()
        if ident == self.doc.model.terrain_set or self.doc.library is None:
            return
        if self.doc.library.terrain_set(ident) is None:
            self.statusMessage.emit(f"Not done: terrain set {ident!r} could not be loaded from "
                                    "the library")
            return
        self.terrainSetRequested.emit(ident)

    def focus_field(self, name: str) -> bool:
        widget = self.fields.get(name)
        if widget is None:
            return False
        flash(widget)
        return True
