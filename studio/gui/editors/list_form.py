"""The army list's own fields: name, id, era, nationality, scales, terrain set, ruleset,
source and notes; the list defaults for stats units leave out; and the points formula with
its parameters."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPlainTextEdit,
                               QVBoxLayout, QWidget)

from studio.armies.cell_values import format_number, parse_id, parse_name, parse_number
from studio.model.army_list import ERAS, SCALES
from studio.armies.points import DEFAULT_POINTS_TABLE, formula_of, formulas


# default field: (minimum, whole number)
DEFAULT_STATS = {"move": (0, False), "range": (0, True), "defense": (None, True),
                 "morale": (None, True), "hits": (1, True)}


def parse_divisors(text: str) -> dict[str, float]:
    """'elite: 7, hero: 5' -> {'elite': 7, 'hero': 5} (positive numbers)."""
    out: dict[str, float] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if ":" not in part:
            raise ValueError(f"divisors: {part.strip()!r} needs a type and a number, like elite: 7")
        key, value = (s.strip() for s in part.split(":", 1))
        parse_id(key, "divisor type")
        number = parse_number(value, f"divisor for {key}", minimum=0, optional=False)
        if not number:
            raise ValueError(f"divisor for {key} must be above 0")
        out[key] = number
    return out


def _set_text(widget, text: str) -> None:
    current = widget.toPlainText() if isinstance(widget, QPlainTextEdit) else widget.text()
    if current != text:
        widget.blockSignals(True)
        if isinstance(widget, QPlainTextEdit):
            widget.setPlainText(text)
        else:
            widget.setText(text)
        widget.blockSignals(False)


def _choose(combo: QComboBox, value: str) -> None:
    combo.blockSignals(True)
    if combo.findData(value) < 0:
        combo.addItem(f"{value} (not in the library)", value)
    combo.setCurrentIndex(combo.findData(value))
    combo.blockSignals(False)



def _divisors(known) -> dict:
    """The default divisors by combatant type of the formulas that take any (the
    placeholder of the divisors field)."""
    return next((dict(f.param_defaults["divisors"]) for f in known.values()
                 if "divisors" in f.param_defaults), {})

class ListForm(QWidget):
    def __init__(self, editor, parent=None) -> None:
        super().__init__(parent)
        self.editor = editor
        outer = QHBoxLayout(self)
        left = QGroupBox("Army list")
        form = QFormLayout(left)
        self.name = QLineEdit()
        self.id = QLineEdit()
        self.id.setToolTip("kebab-case, unique among army lists; scenarios refer to the list by it")
        self.era = QComboBox()
        for era in ERAS:
            self.era.addItem(era, era)
        self.nationality = QLineEdit()
        self.scales = QListWidget()
        self.scales.setToolTip("The scales the list is made for; armies that meet share one")
        for scale in SCALES:
            item = QListWidgetItem(scale)
            item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Unchecked)
            self.scales.addItem(item)
        self.scales.setMaximumHeight(140)
        self.terrain_set = QComboBox()
        self.ruleset = QComboBox()
        self.source = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(90)
        for label, w in (("Name", self.name), ("ID", self.id), ("Era", self.era),
                         ("Nationality", self.nationality), ("Scales", self.scales),
                         ("Terrain set", self.terrain_set), ("Ruleset", self.ruleset),
                         ("Source", self.source), ("Notes", self.notes)):
            form.addRow(label, w)

        right = QVBoxLayout()
        defaults = QGroupBox("List defaults (for stats a unit leaves empty)")
        dform = QFormLayout(defaults)
        self.defaults: dict[str, QLineEdit] = {}
        for key in DEFAULT_STATS:
            line = QLineEdit()
            line.setPlaceholderText("none")
            line.editingFinished.connect(lambda k=key, w=line: self._set_default(k, w))
            dform.addRow(key.capitalize(), line)
            self.defaults[key] = line
        points = QGroupBox("Points formula")
        pform = QFormLayout(points)
        self.formula = QComboBox()
        known = formulas()
        for name, formula in known.items():
            self.formula.addItem(name, name)
            self.formula.setItemData(self.formula.count() - 1, formula.summary, Qt.ToolTipRole)
        self.formula_summary = QLabel()
        self.formula_summary.setWordWrap(True)
        self.formula_summary.setStyleSheet("color: #444;")
        self.divisors = QLineEdit()
        self.divisors.setPlaceholderText(", ".join(f"{k}: {format_number(v)}"
                                                   for k, v in _divisors(known).items()))
        self.divisors.setToolTip("skirmish-003: divisors per combatant type that replace the "
                                 "defaults; empty keeps the defaults")
        self.points_table = QComboBox()
        self.points_table.setToolTip("figures-001: the points table pricing the figures")
        pform.addRow("Formula", self.formula)
        pform.addRow("", self.formula_summary)
        pform.addRow("Divisors", self.divisors)
        pform.addRow("Points table", self.points_table)
        self.points_form = pform
        right.addWidget(defaults)
        right.addWidget(points)
        right.addStretch(1)
        outer.addWidget(left, 3)
        outer.addLayout(right, 2)

        self.name.editingFinished.connect(self._set_name)
        self.id.editingFinished.connect(self._set_id)
        self.nationality.editingFinished.connect(
            lambda: self._set_field("nationality", self.nationality.text().strip()))
        self.source.editingFinished.connect(
            lambda: self._set_field("source", self.source.text().strip()))
        self.notes.textChanged.connect(self._notes_typed)
        self.era.activated.connect(lambda i: self._set_field("era", self.era.itemData(i)))
        self.terrain_set.activated.connect(
            lambda i: self._set_field("terrain_set", self.terrain_set.itemData(i)))
        self.ruleset.activated.connect(
            lambda i: self._set_field("ruleset", self.ruleset.itemData(i)))
        self.scales.itemChanged.connect(self._scale_toggled)
        self.formula.activated.connect(lambda i: self.set_formula(self.formula.itemData(i)))
        self.divisors.editingFinished.connect(self._set_divisors)
        self.points_table.activated.connect(
            lambda i: self._set_param("table", self.points_table.itemData(i)))
        self.editable_widgets = [self.name, self.id, self.era, self.nationality, self.scales,
                                 self.terrain_set, self.ruleset, self.source, self.notes,
                                 *self.defaults.values(), self.formula, self.divisors,
                                 self.points_table]
        self.fill_library_choices()

    def fill_library_choices(self) -> None:
        lib = self.editor.library
        for combo, kind in ((self.terrain_set, "terrain-set"), (self.ruleset, "ruleset"),
                            (self.points_table, "points-table")):
            combo.blockSignals(True)
            combo.clear()
            for ident, model in (lib.items(kind) if lib is not None else []):
                combo.addItem(f"{model.name} ({ident})", ident)
            combo.blockSignals(False)

    def set_editable(self, editable: bool) -> None:
        for w in self.editable_widgets:
            w.setEnabled(editable)

    # -- showing -------------------------------------------------------------------------

    def show_model(self) -> None:
        m = self.editor.model
        _set_text(self.name, m.name)
        _set_text(self.id, m.id)
        _set_text(self.nationality, m.nationality)
        _set_text(self.source, m.source)
        _set_text(self.notes, m.notes)
        _choose(self.era, m.era)
        _choose(self.terrain_set, m.terrain_set)
        _choose(self.ruleset, m.ruleset)
        self.scales.blockSignals(True)
        for i in range(self.scales.count()):
            item = self.scales.item(i)
            item.setCheckState(Qt.Checked if item.text() in m.scales else Qt.Unchecked)
        self.scales.blockSignals(False)
        for key, line in self.defaults.items():
            if not line.hasFocus():
                line.setText(format_number(getattr(m.defaults, key)))
        formula = formula_of(m, self.editor.library)
        _choose(self.formula, formula)
        known = formulas()
        self.formula_summary.setText(known[formula].summary if formula in known else
                                     f"unknown formula {formula!r}")
        divisors = m.points.params.get("divisors") or {}
        if not self.divisors.hasFocus():
            self.divisors.setText(", ".join(f"{k}: {format_number(v)}" for k, v in divisors.items()))
        _choose(self.points_table, m.points.params.get("table") or DEFAULT_POINTS_TABLE)
        self.points_form.setRowVisible(self.divisors, formula == "skirmish-003")
        self.points_form.setRowVisible(self.points_table, formula == "figures-001")

    # -- edits ---------------------------------------------------------------------------

    def _set_field(self, name: str, value) -> None:
        def change(m) -> None:
            setattr(m, name, value)
        if not self.editor.edit(f"Set {name.replace('_', ' ')}", change):
            self.show_model()

    def _set_name(self) -> None:
        try:
            value = parse_name(self.name.text(), "list name")
        except ValueError as err:
            self.editor.refuse(str(err))
            self.show_model()
            return
        self._set_field("name", value)

    def _set_id(self) -> None:
        try:
            value = parse_id(self.id.text(), "list id")
        except ValueError as err:
            self.editor.refuse(str(err))
            self.show_model()
            return
        self._set_field("id", value)

    def _notes_typed(self) -> None:
        text = self.notes.toPlainText()

        def change(m) -> None:
            m.notes = text
        self.editor.edit("Edit notes", change, merge_key="list-notes")

    def _scale_toggled(self, item: QListWidgetItem) -> None:
        scale, on = item.text(), item.checkState() == Qt.Checked

        def change(m) -> None:
            if on and scale not in m.scales:
                m.scales = [s for s in SCALES if s in m.scales or s == scale]
            elif not on:
                if m.scales == [scale]:
                    raise ValueError("an army list needs at least one scale: tick another first")
                m.scales = [s for s in m.scales if s != scale]
        if not self.editor.edit(f"{'Add' if on else 'Remove'} scale {scale}", change):
            self.show_model()

    def _set_default(self, key: str, line: QLineEdit) -> None:
        minimum, whole = DEFAULT_STATS[key]
        text = line.text()

        def change(m) -> None:
            setattr(m.defaults, key, parse_number(text, f"default {key}", minimum=minimum,
                                                  integer=whole))
        if not self.editor.edit(f"Set default {key}", change):
            line.setText(format_number(getattr(self.editor.model.defaults, key)))

    def set_formula(self, formula: str) -> bool:
        """Price the list's units with another formula (its parameters are kept only when
        they belong to the new formula)."""
        known = formulas()

        def change(m) -> None:
            if formula not in known:
                raise ValueError(f"points formula {formula!r} is unknown: use one of "
                                 f"{', '.join(known)}")
            m.points.formula = formula
            keep = known[formula].params
            m.points.params = {k: v for k, v in m.points.params.items() if k in keep}
        done = self.editor.edit(f"Points formula {formula}", change)
        self.show_model()
        return done

    def _set_param(self, key: str, value) -> None:
        def change(m) -> None:
            if value in (None, "", {}):
                m.points.params.pop(key, None)
            else:
                m.points.params[key] = value
        self.editor.edit(f"Points {key}", change)
        self.show_model()

    def _set_divisors(self) -> None:
        try:
            divisors = parse_divisors(self.divisors.text())
        except ValueError as err:
            self.editor.refuse(str(err))
            self.divisors.clearFocus()
            self.show_model()
            return
        self._set_param("divisors", divisors)
