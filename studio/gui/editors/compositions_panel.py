"""The list's compositions (typical armies) and their rules: counts of unit types or tags,
shares of the points, and the one Army Leader."""
from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFormLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPlainTextEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from studio.armies.cell_values import format_ids, format_number, parse_id, parse_ids, parse_name
from studio.armies.composition_rules import (KIND_TITLES, RULE_KINDS, describe_bound,
                                             describe_selector, make_rule)
from studio.armies.user_library import copy_id, free_id
from studio.model import ArmyList, Composition, CompositionRule

from .checked_dialog import CheckedDialog


class RuleDialog(CheckedDialog):
    def __init__(self, army_list: ArmyList, rule: CompositionRule | None = None,
                 parent=None) -> None:
        super().__init__("Composition rule", 460, parent)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind = QComboBox()
        for kind in RULE_KINDS:
            self.kind.addItem(KIND_TITLES[kind], kind)
        self.units = QListWidget()
        self.units.setMaximumHeight(160)
        for unit in army_list.units:
            item = QListWidgetItem(f"{unit.name} ({unit.id})")
            item.setData(Qt.UserRole, unit.id)
            item.setFlags(Qt.ItemIsEnabled | Qt.ItemIsUserCheckable)
            chosen = rule is not None and unit.id in rule.selector.units
            item.setCheckState(Qt.Checked if chosen else Qt.Unchecked)
            self.units.addItem(item)
        self.tags = QLineEdit(format_ids(rule.selector.tags) if rule else "")
        self.tags.setPlaceholderText("and/or tags, e.g. basic, ordnance")
        self.exactly = QLineEdit(format_number(rule.exactly) if rule else "")
        self.min = QLineEdit(format_number(rule.min) if rule else "")
        self.max = QLineEdit(format_number(rule.max) if rule else "")
        self.label = QLineEdit(rule.label if rule else "")
        self.label.setPlaceholderText("the source's wording, e.g. 8 Units Hoplites")
        form.addRow("Kind", self.kind)
        form.addRow("Unit types", self.units)
        form.addRow("Tags", self.tags)
        form.addRow("Exactly", self.exactly)
        form.addRow("At least", self.min)
        form.addRow("At most", self.max)
        form.addRow("Label", self.label)
        self.form = form
        layout.addLayout(form)
        self.add_reason_and_buttons(layout)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.kind.setCurrentIndex(self.kind.findData(rule.kind if rule else "count"))
        self._kind_changed()

    def _kind_changed(self, *_args) -> None:
        selects = self.kind.currentData() != "leader"
        for w in (self.units, self.tags, self.exactly, self.min, self.max):
            self.form.setRowVisible(w, selects)
        unit = " (%)" if self.kind.currentData() == "points-share" else ""
        for w, text in ((self.exactly, "Exactly"), (self.min, "At least"), (self.max, "At most")):
            self.form.labelForField(w).setText(text + unit)

    def set_units(self, unit_ids: list[str]) -> None:
        for i in range(self.units.count()):
            item = self.units.item(i)
            item.setCheckState(Qt.Checked if item.data(Qt.UserRole) in unit_ids else Qt.Unchecked)

    def rule(self) -> CompositionRule:
        units = [self.units.item(i).data(Qt.UserRole) for i in range(self.units.count())
                 if self.units.item(i).checkState() == Qt.Checked]
        return make_rule(self.kind.currentData(), units, parse_ids(self.tags.text(), "tag"),
                         self.exactly.text(), self.min.text(), self.max.text(),
                         self.label.text())

    def build(self) -> CompositionRule:
        return self.rule()


class CompositionsPanel(QWidget):
    def __init__(self, editor, parent=None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.currentRowChanged.connect(lambda _r: self._show_current())
        left.addWidget(QLabel("Compositions (typical armies)"))
        left.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add")
        self.duplicate_button = QPushButton("Duplicate")
        self.remove_button = QPushButton("Remove")
        self.add_button.clicked.connect(lambda: self.add_composition())
        self.duplicate_button.clicked.connect(self.duplicate_composition)
        self.remove_button.clicked.connect(self.remove_composition)
        for b in (self.add_button, self.duplicate_button, self.remove_button):
            row.addWidget(b)
        left.addLayout(row)

        right = QGroupBox("Composition")
        form = QFormLayout(right)
        self.id = QLineEdit()
        self.name = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(70)
        self.rules = QTableWidget(0, 4)
        self.rules.setHorizontalHeaderLabels(["Kind", "Selects", "Bound", "Label"])
        self.rules.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.rules.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.rules.setSelectionMode(QAbstractItemView.SingleSelection)
        self.rules.verticalHeader().setVisible(False)
        self.rules.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.rules.horizontalHeader().setSectionResizeMode(3, QHeaderView.Stretch)
        self.rules.itemDoubleClicked.connect(lambda _i: self.edit_rule())
        rule_buttons = QHBoxLayout()
        self.add_rule_button = QPushButton("Add rule…")
        self.edit_rule_button = QPushButton("Edit rule…")
        self.remove_rule_button = QPushButton("Remove rule")
        self.add_rule_button.clicked.connect(lambda: self.add_rule())
        self.edit_rule_button.clicked.connect(lambda: self.edit_rule())
        self.remove_rule_button.clicked.connect(self.remove_rule)
        for b in (self.add_rule_button, self.edit_rule_button, self.remove_rule_button):
            rule_buttons.addWidget(b)
        rule_buttons.addStretch(1)
        form.addRow("ID", self.id)
        form.addRow("Name", self.name)
        form.addRow("Notes", self.notes)
        form.addRow("Rules", self.rules)
        form.addRow("", rule_buttons)
        layout.addLayout(left, 1)
        layout.addWidget(right, 3)
        self.id.editingFinished.connect(self._set_id)
        self.name.editingFinished.connect(self._set_name)
        self.notes.textChanged.connect(self._notes_typed)
        self.editable = [self.add_button, self.duplicate_button, self.remove_button, self.id,
                         self.name, self.notes, self.add_rule_button, self.edit_rule_button,
                         self.remove_rule_button]

    def set_editable(self, editable: bool) -> None:
        for w in self.editable:
            w.setEnabled(editable)

    def index(self) -> int:
        return self.list.currentRow()

    def composition(self) -> Composition | None:
        comps = self.editor.model.compositions
        i = self.index()
        return comps[i] if 0 <= i < len(comps) else None

    def show_model(self) -> None:
        current = self.index()
        self.list.blockSignals(True)
        self.list.clear()
        for c in self.editor.model.compositions:
            self.list.addItem(f"{c.name} ({c.id})")
        if self.list.count():
            self.list.setCurrentRow(min(max(current, 0), self.list.count() - 1))
        self.list.blockSignals(False)
        self._show_current()

    def _show_current(self) -> None:
        c = self.composition()
        for line, text in ((self.id, c.id if c else ""), (self.name, c.name if c else "")):
            if line.text() != text:
                line.setText(text)
        if self.notes.toPlainText() != (c.notes if c else ""):
            self.notes.blockSignals(True)
            self.notes.setPlainText(c.notes if c else "")
            self.notes.blockSignals(False)
        row = self.rules.currentRow()
        self.rules.setRowCount(0)
        for r in (c.rules if c else []):
            i = self.rules.rowCount()
            self.rules.insertRow(i)
            for col, text in enumerate((r.kind, describe_selector(r), describe_bound(r),
                                        r.label)):
                self.rules.setItem(i, col, QTableWidgetItem(text))
        if 0 <= row < self.rules.rowCount():
            self.rules.selectRow(row)
        self.rules.resizeColumnToContents(0)
        self.rules.resizeColumnToContents(2)

    # -- edits ---------------------------------------------------------------------------

    def _edit_current(self, text: str, mutate, merge_key=None) -> bool:
        i = self.index()
        if self.composition() is None:
            return self.editor.refuse("add a composition first")

        def change(m) -> None:
            mutate(m.compositions[i], m)
        return self.editor.edit(text, change, merge_key)

    def add_composition(self, composition: Composition | None = None) -> bool:
        taken = [c.id for c in self.editor.model.compositions]
        new = composition or Composition(free_id("composition", taken), "New composition",
                                         [CompositionRule("leader")])

        def change(m) -> None:
            m.compositions.append(copy.deepcopy(new))
        done = self.editor.edit("Add composition", change)
        self.list.setCurrentRow(self.list.count() - 1)
        return done

    def duplicate_composition(self) -> bool:
        c = self.composition()
        if c is None:
            return False
        dup = copy.deepcopy(c)
        dup.id = copy_id(c.id, [x.id for x in self.editor.model.compositions])
        dup.name = f"{c.name} (copy)"
        return self.add_composition(dup)

    def remove_composition(self) -> bool:
        i = self.index()
        if self.composition() is None:
            return False

        def change(m) -> None:
            del m.compositions[i]
        return self.editor.edit("Remove composition", change)

    def _set_id(self) -> None:
        c = self.composition()
        if c is None or self.id.text().strip() == c.id:
            return
        text = self.id.text()

        def mutate(comp, m) -> None:
            new = parse_id(text, "composition id")
            if any(x.id == new for x in m.compositions if x is not comp):
                raise ValueError(f"composition id {new!r} is already used in this list")
            comp.id = new
        if not self._edit_current("Composition id", mutate):
            self.id.setText(c.id)

    def _set_name(self) -> None:
        c = self.composition()
        if c is None or self.name.text().strip() == c.name:
            return
        text = self.name.text()

        def mutate(comp, _m) -> None:
            comp.name = parse_name(text, "composition name")
        if not self._edit_current("Composition name", mutate):
            self.name.setText(c.name)

    def _notes_typed(self) -> None:
        text = self.notes.toPlainText()

        def mutate(comp, _m) -> None:
            comp.notes = text
        if self.composition() is not None:
            self._edit_current("Composition notes", mutate, ("composition-notes", self.index()))

    def _ask(self, rule: CompositionRule | None) -> CompositionRule | None:
        return RuleDialog(self.editor.model, rule, self).ask()

    def add_rule(self, rule: CompositionRule | None = None) -> bool:
        if self.composition() is None:
            return self.editor.refuse("add a composition first")
        rule = rule or self._ask(None)
        if rule is None:
            return False
        done = self._edit_current("Add composition rule",
                                  lambda comp, _m: comp.rules.append(copy.deepcopy(rule)))
        self.rules.selectRow(self.rules.rowCount() - 1)
        return done

    def edit_rule(self, rule: CompositionRule | None = None) -> bool:
        c = self.composition()
        r = self.rules.currentRow()
        if c is None or not 0 <= r < len(c.rules):
            return False
        rule = rule or self._ask(c.rules[r])
        if rule is None:
            return False

        def mutate(comp, _m) -> None:
            comp.rules[r] = copy.deepcopy(rule)
        return self._edit_current("Edit composition rule", mutate)

    def remove_rule(self) -> bool:
        c = self.composition()
        r = self.rules.currentRow()
        if c is None or not 0 <= r < len(c.rules):
            return False

        def mutate(comp, _m) -> None:
            del comp.rules[r]
        return self._edit_current("Remove composition rule", mutate)
