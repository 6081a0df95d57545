"""Below the unit table: the chosen unit type's abilities (from the catalogue, with their
parameters), its notes, and the stats few lists use (shields, spotting, attack dice,
carrying, figures for the figures-001 formula)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import (QFormLayout, QGroupBox, QHBoxLayout, QLineEdit, QListWidget,
                               QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from studio.armies.cell_values import (format_figures, format_number, format_pairs,
                                       parse_figures, parse_number, parse_pairs)
from studio.model import Ability, UnitType

from .ability_dialog import ability_text, ask_ability


def _set_shields(unit: UnitType, text: str) -> None:
    unit.shields = parse_number(text, "shields", minimum=0, integer=True)


def _set_spotting(unit: UnitType, text: str) -> None:
    unit.spotting = parse_number(text, "spotting", minimum=0, integer=True)


def _set_dice(unit: UnitType, text: str) -> None:
    unit.attack_dice = parse_pairs(text, "attack dice", ("front", "aft", "sides")) or None


def _set_carry(unit: UnitType, text: str) -> None:
    unit.carry = parse_pairs(text, "carry")


def _set_figures(unit: UnitType, text: str) -> None:
    unit.figures = parse_figures(text)


# field, label, placeholder, shown text, setter
EXTRA_FIELDS: list[tuple[str, str, str, Callable[[UnitType], str],
                         Callable[[UnitType, str], None]]] = [
    ("shields", "Shields", "hits lost before the hull", lambda u: format_number(u.shields),
     _set_shields),
    ("spotting", "Spotting", "hexes", lambda u: format_number(u.spotting), _set_spotting),
    ("attack_dice", "Attack dice", "front: 2, aft: 1, sides: 2",
     lambda u: format_pairs(u.attack_dice), _set_dice),
    ("carry", "Carries", "fighter: 12, troops: 9", lambda u: format_pairs(u.carry), _set_carry),
    ("figures", "Figures", "20 × man-sword; medium-armour", lambda u: format_figures(u.figures),
     _set_figures),
]


class UnitDetails(QWidget):
    def __init__(self, editor, parent=None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.row = -1
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        abilities = QGroupBox("Abilities")
        ab_layout = QVBoxLayout(abilities)
        self.abilities = QListWidget()
        self.abilities.itemDoubleClicked.connect(lambda _i: self.edit_ability())
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add…")
        self.edit_button = QPushButton("Edit…")
        self.remove_button = QPushButton("Remove")
        self.add_button.clicked.connect(lambda: self.add_ability())
        self.edit_button.clicked.connect(lambda: self.edit_ability())
        self.remove_button.clicked.connect(self.remove_ability)
        for b in (self.add_button, self.edit_button, self.remove_button):
            buttons.addWidget(b)
        ab_layout.addWidget(self.abilities, 1)
        ab_layout.addLayout(buttons)

        notes = QGroupBox("Notes")
        notes_layout = QVBoxLayout(notes)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("The source's notes for this unit type")
        self.notes.textChanged.connect(self._notes_typed)
        notes_layout.addWidget(self.notes)

        extra = QGroupBox("Other stats")
        form = QFormLayout(extra)
        self.fields: dict[str, QLineEdit] = {}
        for name, label, hint, _shown, setter in EXTRA_FIELDS:
            line = QLineEdit()
            line.setPlaceholderText(hint)
            line.editingFinished.connect(lambda n=name, s=setter, w=line: self._commit(n, s, w))
            form.addRow(label, line)
            self.fields[name] = line
        layout.addWidget(abilities, 3)
        layout.addWidget(notes, 3)
        layout.addWidget(extra, 3)
        self.widgets = [self.abilities, self.add_button, self.edit_button, self.remove_button,
                        self.notes, *self.fields.values()]
        self.show_unit(-1)

    def unit(self) -> UnitType | None:
        units = self.editor.model.units
        return units[self.row] if 0 <= self.row < len(units) else None

    def show_unit(self, row: int) -> None:
        self.row = row
        unit = self.unit()
        current = self.abilities.currentRow()
        self.abilities.clear()
        for a in (unit.abilities if unit else []):
            self.abilities.addItem(ability_text(a))
        if 0 <= current < self.abilities.count():
            self.abilities.setCurrentRow(current)
        text = unit.notes if unit else ""
        if self.notes.toPlainText() != text:
            self.notes.blockSignals(True)
            self.notes.setPlainText(text)
            self.notes.blockSignals(False)
        for name, _label, _hint, shown, _setter in EXTRA_FIELDS:
            line = self.fields[name]
            if not line.hasFocus() or unit is None:
                line.setText(shown(unit) if unit else "")
        self.set_editable(self._editable)

    _editable = True

    def set_editable(self, editable: bool) -> None:
        self._editable = editable
        on = editable and self.unit() is not None
        for w in self.widgets:
            w.setEnabled(on)

    # -- edits ---------------------------------------------------------------------------

    def _commit(self, name: str, setter, line: QLineEdit) -> None:
        unit = self.unit()
        if unit is None:
            return
        row, text = self.row, line.text()

        def change(lst) -> None:
            setter(lst.units[row], text)
        if not self.editor.edit(f"{unit.name}: {name.replace('_', ' ')}", change) \
                and self.editor.last_refusal:
            shown = next(f[3] for f in EXTRA_FIELDS if f[0] == name)
            line.setText(shown(unit))

    def _notes_typed(self) -> None:
        unit = self.unit()
        if unit is None:
            return
        row, text = self.row, self.notes.toPlainText()

        def change(lst) -> None:
            lst.units[row].notes = text
        self.editor.edit(f"{unit.name}: notes", change, merge_key=("unit-notes", row))

    def set_abilities(self, abilities: list[Ability], text: str) -> bool:
        row = self.row

        def change(lst) -> None:
            lst.units[row].abilities = list(abilities)
        return self.editor.edit(text, change)

    def add_ability(self, ability: Ability | None = None) -> bool:
        unit = self.unit()
        if unit is None:
            return False
        ability = ability or ask_ability(self)
        if ability is None:
            return False
        if any(a.name == ability.name for a in unit.abilities):
            return self.editor.refuse(f"{unit.name} already has {ability.name}: edit that one")
        return self.set_abilities(unit.abilities + [ability], f"{unit.name}: add {ability.name}")

    def edit_ability(self, ability: Ability | None = None) -> bool:
        unit = self.unit()
        i = self.abilities.currentRow()
        if unit is None or not 0 <= i < len(unit.abilities):
            return False
        ability = ability or ask_ability(self, unit.abilities[i])
        if ability is None:
            return False
        changed = list(unit.abilities)
        changed[i] = ability
        return self.set_abilities(changed, f"{unit.name}: edit {ability.name}")

    def remove_ability(self) -> bool:
        unit = self.unit()
        i = self.abilities.currentRow()
        if unit is None or not 0 <= i < len(unit.abilities):
            return False
        changed = list(unit.abilities)
        gone = changed.pop(i)
        return self.set_abilities(changed, f"{unit.name}: remove {gone.name}")
