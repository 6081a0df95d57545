"""The list's special rules: each a text, the abilities it gives (from the catalogue), and the
units it applies to (every unit, or unit types and tags)."""
from __future__ import annotations

from PySide6.QtWidgets import (QFormLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from studio.armies.cell_values import format_ids, parse_ids
from studio.model import Ability, ArmyList, Selector, SpecialRule

from .ability_dialog import ability_text, ask_ability
from .checked_dialog import CheckedDialog


def make_special_rule(text: str, abilities: list[Ability], units_text: str, tags_text: str,
                      known_units: list[str]) -> SpecialRule:
    """A rule from the dialog's fields; ValueError with the reason when one is wrong."""
    text = " ".join(text.split())
    if not text:
        raise ValueError("a special rule needs its text: say what the rule does")
    units = parse_ids(units_text, "unit id")
    unknown = [u for u in units if u not in known_units]
    if unknown:
        raise ValueError(f"unit type {unknown[0]!r} is not in this list; use one of: "
                         f"{', '.join(known_units) or '(none yet)'}")
    tags = parse_ids(tags_text, "tag")
    applies = Selector(units, tags) if units or tags else None
    return SpecialRule(text, list(abilities), applies)


class SpecialRuleDialog(CheckedDialog):
    def __init__(self, army_list: ArmyList, rule: SpecialRule | None = None, parent=None) -> None:
        super().__init__("Special rule", 520, parent)
        self.known_units = [u.id for u in army_list.units]
        self.abilities: list[Ability] = list(rule.abilities) if rule else []
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.text = QPlainTextEdit(rule.text if rule else "")
        self.text.setMaximumHeight(90)
        self.ability_list = QListWidget()
        self.ability_list.setMaximumHeight(100)
        ab_buttons = QHBoxLayout()
        add, edit, remove = QPushButton("Add…"), QPushButton("Edit…"), QPushButton("Remove")
        add.clicked.connect(self._add)
        edit.clicked.connect(self._edit)
        remove.clicked.connect(self._remove)
        for b in (add, edit, remove):
            ab_buttons.addWidget(b)
        ab_box = QVBoxLayout()
        ab_box.addWidget(self.ability_list)
        ab_box.addLayout(ab_buttons)
        applies = rule.applies_to if rule else None
        self.units = QLineEdit(format_ids(applies.units) if applies else "")
        self.units.setPlaceholderText("unit ids, e.g. " + ", ".join(self.known_units[:2]))
        self.tags = QLineEdit(format_ids(applies.tags) if applies else "")
        self.tags.setPlaceholderText("tags, e.g. missile")
        form.addRow("Text", self.text)
        form.addRow("Abilities", ab_box)
        form.addRow("Applies to units", self.units)
        form.addRow("… or tags", self.tags)
        form.addRow("", QLabel("Leave both empty for every unit of the list."))
        layout.addLayout(form)
        self.add_reason_and_buttons(layout)
        self._show_abilities()

    def _show_abilities(self) -> None:
        self.ability_list.clear()
        for a in self.abilities:
            self.ability_list.addItem(ability_text(a))

    def _add(self) -> None:
        ability = ask_ability(self)
        if ability is not None:
            self.abilities.append(ability)
            self._show_abilities()

    def _edit(self) -> None:
        i = self.ability_list.currentRow()
        if 0 <= i < len(self.abilities):
            ability = ask_ability(self, self.abilities[i])
            if ability is not None:
                self.abilities[i] = ability
                self._show_abilities()

    def _remove(self) -> None:
        i = self.ability_list.currentRow()
        if 0 <= i < len(self.abilities):
            del self.abilities[i]
            self._show_abilities()

    def rule(self) -> SpecialRule:
        return make_special_rule(self.text.toPlainText(), self.abilities, self.units.text(),
                                 self.tags.text(), self.known_units)

    def build(self) -> SpecialRule:
        return self.rule()


def rule_summary(rule: SpecialRule) -> str:
    extra = []
    if rule.abilities:
        extra.append("gives " + ", ".join(a.name for a in rule.abilities))
    if rule.applies_to is not None:
        picked = list(rule.applies_to.units) + [f"#{t}" for t in rule.applies_to.tags]
        extra.append("to " + ", ".join(picked))
    return rule.text + (f"   [{'; '.join(extra)}]" if extra else "")


class SpecialRulesPanel(QWidget):
    def __init__(self, editor, parent=None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemDoubleClicked.connect(lambda _i: self.edit_rule())
        buttons = QHBoxLayout()
        self.buttons = []
        for text, slot in (("Add…", lambda: self.add_rule()), ("Edit…", lambda: self.edit_rule()),
                           ("Remove", self.remove_rule), ("Move up", lambda: self.move(-1)),
                           ("Move down", lambda: self.move(1))):
            b = QPushButton(text)
            b.clicked.connect(slot)
            buttons.addWidget(b)
            self.buttons.append(b)
        buttons.addStretch(1)
        layout.addWidget(QLabel("List-wide rules: the text players read, and where the engine "
                                "can act on it, the abilities the rule gives."))
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)

    def set_editable(self, editable: bool) -> None:
        for b in self.buttons:
            b.setEnabled(editable)

    def show_model(self) -> None:
        current = self.list.currentRow()
        self.list.clear()
        for rule in self.editor.model.special_rules:
            self.list.addItem(rule_summary(rule))
        if 0 <= current < self.list.count():
            self.list.setCurrentRow(current)

    def _ask(self, rule: SpecialRule | None) -> SpecialRule | None:
        return SpecialRuleDialog(self.editor.model, rule, self).ask()

    def add_rule(self, rule: SpecialRule | None = None) -> bool:
        rule = rule or self._ask(None)
        if rule is None:
            return False

        def change(m) -> None:
            m.special_rules.append(rule)
        done = self.editor.edit("Add special rule", change)
        self.list.setCurrentRow(self.list.count() - 1)
        return done

    def edit_rule(self, rule: SpecialRule | None = None) -> bool:
        i = self.list.currentRow()
        if not 0 <= i < len(self.editor.model.special_rules):
            return False
        rule = rule or self._ask(self.editor.model.special_rules[i])
        if rule is None:
            return False

        def change(m) -> None:
            m.special_rules[i] = rule
        return self.editor.edit("Edit special rule", change)

    def remove_rule(self) -> bool:
        i = self.list.currentRow()
        if not 0 <= i < len(self.editor.model.special_rules):
            return False

        def change(m) -> None:
            del m.special_rules[i]
        return self.editor.edit("Remove special rule", change)

    def move(self, step: int) -> bool:
        i = self.list.currentRow()
        j = i + step
        rules = self.editor.model.special_rules
        if not (0 <= i < len(rules) and 0 <= j < len(rules)):
            return False

        def change(m) -> None:
            m.special_rules[i], m.special_rules[j] = m.special_rules[j], m.special_rules[i]
        done = self.editor.edit("Move special rule", change)
        self.list.setCurrentRow(j)
        return done
